"""What a High Card Pool simulation found, as results that show themselves: :class:`SimulationResult`,
each seat's :class:`SeatResult` and the sample :class:`Estimate` of a gain, with their tables.

:func:`~cardmath.games.pool.simulation.simulate` makes them; :func:`exact_expectations` gives the
exact gains a simulation can be checked against.  Money is counted in whole chips, so totals and
means are exact; only the standard errors are floats.  Each result has a one-line ``repr`` (the
headline mean gain with its standard error), shows the tables of ``cardmath pool simulate`` in a
notebook (:func:`simulation_tables`), and gives a tidy frame: one row per seat and per turn's
gain, the mean (``mean_gain``, exact beside it) and the standard error in separate columns.

>>> from cardmath.games.pool.simulation import simulate
>>> result = simulate(PoolRules(players=4, pool_limit=0), rounds=10, seed=1)
>>> frame = result.to_frame()
>>> turns = frame[frame["table"] == "turns"]
>>> turns[["quantity", "mean_gain_exact", "exact_expected_gain_exact"]].values.tolist()
[['first turn (bet or forfeit)', '7/5', '14477/167790']]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.checks import checked
from cardmath.display import Displayed
from cardmath.games.pool.betting import banker_expected_gain, first_player_expected_gain
from cardmath.games.pool.hand_results import GAME_NAME
from cardmath.games.pool.rules import PoolRules, StrategyName
from cardmath.table import Kind, Table

__all__ = ["Estimate", "SeatResult", "SimulationResult", "exact_expectations", "simulation_tables"]

_NOTES = (
    ("mean gain", "the chips won per sample (round, turn or hand) on average, exactly"),
    (
        "standard error",
        "the standard error of the mean: the sample standard deviation over the root of the samples",
    ),
    ("exact expected gain", "the expectation the mean estimates, worked out exactly where it applies"),
)


@dataclass(frozen=True, repr=False)
class Estimate(Displayed):
    """A sample mean with its standard error, from exact integer sums.

    A figure that a sample too small cannot define is ``None``, never a NaN: the mean of no
    sample, the standard error of fewer than two (:attr:`undefined` says why).

    Args:
        samples: How many values were drawn.
        total: The sum of the values, a whole number of chips.
        total_of_squares: The sum of the squares of the values, for the variance.

    >>> gains = Estimate(samples=2, total=4, total_of_squares=10)  # gains of 1 and 3 chips
    >>> gains.exact_mean, gains.mean, gains.standard_error
    (2, 2.0, 1.0)
    >>> one = Estimate(samples=1, total=3, total_of_squares=9)
    >>> one.mean, one.standard_error, one.undefined
    (3.0, None, 'the standard error needs at least 2 samples, there is 1')
    """

    samples: int
    total: int
    total_of_squares: int

    def summary(self) -> str:
        """The mean and its standard error, in one line.

        Returns:
            Such as `mean 2 ± 1 over 2 samples` (`n/a` for a figure too few samples define).
        """
        return f"mean {_spread(self)} over {self.samples} sample{'s' if self.samples != 1 else ''}"

    def display_tables(self) -> tuple[Table, ...]:
        """The estimate's figures.

        Returns:
            One table: the samples, the exact total, the mean and its standard error.
        """
        rows = (
            ("samples", self.samples),
            ("total", self.total),
            ("mean", self.exact_mean),
            ("standard error", self.standard_error),
        )
        return (Table("Estimate", ("figure", "value"), rows, row_kinds=(Kind.COUNT, Kind.COUNT)),)

    def records(self) -> list[dict[str, Any]]:
        """The estimate as one record, the mean and its standard error in their own columns.

        Returns:
            One dictionary: `samples`, `total`, `mean` (exact) and `standard_error` (a float, or
                `None` with fewer than two samples).
        """
        return [_estimate_record(self, "")]

    @property
    def mean(self) -> float | None:
        """The sample mean; ``None`` without a sample."""
        return self.total / self.samples if self.samples else None

    @property
    def exact_mean(self) -> Rational | None:
        """The sample mean as an exact fraction; ``None`` without a sample."""
        return Rational(self.total, self.samples) if self.samples else None

    @property
    def undefined(self) -> str | None:
        """Why the mean or the standard error is ``None``; ``None`` when both are defined."""
        if self.samples == 0:
            return "no sample: the mean and the standard error need at least 1 and 2 samples"
        if self.samples == 1:
            return "the standard error needs at least 2 samples, there is 1"
        return None

    @property
    def standard_error(self) -> float | None:
        """The standard error of the mean (sample standard deviation over the root of the count);
        ``None`` with fewer than 2 samples."""
        n = self.samples
        if n < 2:
            return None
        variance = (self.total_of_squares - self.total * self.total / n) / (n - 1)
        return math.sqrt(max(variance, 0.0) / n)


@dataclass(frozen=True, repr=False)
class SeatResult(Displayed):
    """One seat: its strategy and its gain per round (antes, bets, forfeits, shares, bank); with
    finite bankrolls, its bankroll at the end and the round (counted from 0) in which it left the
    table (``None``: it stayed); with unlimited bankrolls both are ``None``.

    Args:
        seat: The seat's number, 0 for the first to act in the first round.
        strategy: The name of the strategy the seat played, such as ``"best"`` or ``"fixed-2"``.
        gain: The seat's gain in chips, one sample per round.
        final_bankroll: The chips the seat held at the end; ``None`` with unlimited bankrolls.
        left_in_round: The round (from 0) in which the seat left the table; ``None`` when it
            stayed, or bankrolls are unlimited.

    >>> from cardmath.games.pool.simulation import simulate
    >>> from cardmath.games.pool.strategies import BestBetStrategy, FixedBetStrategy
    >>> strategies = [BestBetStrategy(), FixedBetStrategy(2)]
    >>> result = simulate(PoolRules(players=2), rounds=30, seed=5, strategies=strategies)
    >>> [(seat.seat, seat.strategy, seat.gain.samples) for seat in result.seats]
    [(0, 'best', 30), (1, 'fixed-2', 30)]
    """

    seat: int
    strategy: str
    gain: Estimate
    final_bankroll: int | None = None
    left_in_round: int | None = None

    def summary(self) -> str:
        """The seat, its strategy and its mean gain per round, in one line.

        Returns:
            Such as `seat 0 (best): mean gain 0.3000 ± 0.8921 chips per round over 30 rounds`.
        """
        left = "" if self.left_in_round is None else f", left in round {self.left_in_round}"
        return (
            f"seat {self.seat} ({self.strategy}): mean gain {_spread(self.gain)} chips per round over "
            f"{self.gain.samples} rounds{left}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The seat as one row of the seats' table.

        Returns:
            One table of one row (see :func:`simulation_tables`).
        """
        return (_seats_table((self,), finite=self.final_bankroll is not None),)

    def records(self) -> list[dict[str, Any]]:
        """The seat as one record.

        Returns:
            One dictionary: `seat`, `strategy`, the gain's `samples`, `total_gain`, `mean_gain`
                (exact) and `standard_error`, then `final_bankroll` and `left_in_round`.
        """
        return [_seat_record(self)]


@dataclass(frozen=True, repr=False)
class SimulationResult(Displayed):
    """What a simulation found.  ``first_turn`` is the gain of the first player to act in each
    round from his bet or forfeit alone (his ante excluded); ``banker`` is the banker's gain per
    hand in the banking game.  ``final_pool`` is the pool left at the end (every chip a seat lost
    is in it).  ``rounds_played`` is ``rounds`` unless the game ended early because fewer than two
    seats were left at the table (finite bankrolls only).

    Args:
        rules: The table the game was played at.
        rounds: The number of rounds asked for.
        seed: The seed of the random shuffles, which makes the run reproducible.
        seats: One result per seat, in seat order.
        first_turn: The gain of the round's first player from his bet or forfeit alone.
        banker: The banker's gain per hand in the banking game; ``None`` in the pool game.
        final_pool: The chips left in the pool at the end.
        re_antes: How many times every player anted again because the pool was emptied.
        pool_divisions: How many times a pool above the limit was divided among the players.
        rounds_played: The rounds actually played: ``rounds``, or fewer when fewer than two seats
            were left at the table.

    >>> from cardmath.games.pool.simulation import simulate
    >>> result = simulate(PoolRules(players=3, pool_limit=10), rounds=100, seed=3)
    >>> result.rounds, len(result.seats), result.first_turn.samples, result.banker
    (100, 3, 100, None)
    >>> sum(seat.gain.total for seat in result.seats) + result.final_pool
    0
    """

    rules: PoolRules
    rounds: int
    seed: int
    seats: tuple[SeatResult, ...]
    first_turn: Estimate
    banker: Estimate | None
    final_pool: int
    re_antes: int
    pool_divisions: int
    rounds_played: int

    def summary(self) -> str:
        """The table, the rounds and the headline gain (the first turn's, or the banker's in the
        banking game), in one line.

        Returns:
            Such as `3 players, 5 cards each, 100 rounds, seed 3: first turn's mean gain 0.1200 ±
                0.3458 chips`.
        """
        rules = self.rules
        played = "" if self.rounds_played == self.rounds else f" ({self.rounds_played} played)"
        rounds = f"{self.rounds} rounds{played}, seed {self.seed}"
        start = f"{rules.players} players, {rules.hand_size} cards each, {rounds}"
        if self.banker is not None:
            return f"{start}: banker's mean gain {_spread(self.banker)} chips per hand"
        return f"{start}: first turn's mean gain {_spread(self.first_turn)} chips"

    def display_tables(self) -> tuple[Table, ...]:
        """The tables of ``cardmath pool simulate``.

        Returns:
            :func:`simulation_tables` of the result: the play, the seats and the turns.
        """
        return simulation_tables(self)

    def conditions(self) -> dict[str, Any]:
        """The table's rules, the rounds asked for and the seed.

        Returns:
            `game`, each field of the rules (`players`, `hand_size`, `ante`, `burn`, `banking`,
                `bank`, `pool_limit`, `bankroll`), `rounds` and `seed`.
        """
        rules = self.rules
        return {
            "game": GAME_NAME,
            "players": rules.players,
            "hand_size": rules.hand_size,
            "ante": rules.ante,
            "burn": rules.burn,
            "banking": rules.banking,
            "bank": rules.bank,
            "pool_limit": rules.pool_limit,
            "bankroll": rules.bankroll,
            "rounds": self.rounds,
            "seed": self.seed,
        }

    def records(self) -> list[dict[str, Any]]:
        """One record per seat, then per turn's gain (the first turn's, the banker's), each mean
        and its standard error in their own columns.

        Returns:
            The conditions, `table` (``seats`` or ``turns``), then a seat's record (see
                :meth:`SeatResult.records`) or a turn's: `quantity`, `samples`, `total_gain`,
                `mean_gain`, `standard_error` and `exact_expected_gain` (where one applies).
        """
        start = self.conditions()
        return [
            *({**start, "table": "seats", **_seat_record(seat)} for seat in self.seats),
            *({**start, "table": "turns", **row} for row in _turn_records(self)),
        ]


@checked
def exact_expectations(result: SimulationResult) -> dict[str, Rational]:
    """The exact expectations a simulation can be checked against, where they apply, by name.

    They apply when every seat bets best with unlimited bankrolls: in the pool game with a pool
    limit of 0 (the pool is divided after every round, so every first player faces one ante from
    each player), the first turn's gain; in the banking game with two players, the banker's.

    Args:
        result: A finished simulation, whose rules and strategies say which expectation applies.

    Returns:
        ``{"first_turn_expected_gain": ...}`` or ``{"banker_expected_gain": ...}`` with an exact
            value where one applies, otherwise an empty dictionary.

    >>> from cardmath.games.pool.simulation import simulate
    >>> result = simulate(PoolRules(players=4, pool_limit=0), rounds=10, seed=1)
    >>> exact_expectations(result)
    {'first_turn_expected_gain': 14477/167790}
    >>> exact_expectations(simulate(PoolRules(players=4), rounds=10, seed=1))
    {}
    """
    rules = result.rules
    best = {StrategyName.BEST.value, StrategyName.BEST_IGNORING_SHOWN.value}
    if rules.bankroll is not None or not all(seat.strategy in best for seat in result.seats):
        return {}
    if rules.banking:
        if rules.players == 2 and rules.bank is not None:
            return {"banker_expected_gain": banker_expected_gain(rules.bank, rules.hand_size)}
        return {}
    if rules.pool_limit == 0:
        pool = rules.players * rules.ante
        return {"first_turn_expected_gain": first_player_expected_gain(pool, rules.ante, rules.hand_size)}
    return {}


def _number(value: float | None) -> str:
    """A simulated figure to 4 places, or ``n/a`` where too few samples define none."""
    return "n/a" if value is None else f"{value:.4f}"


def _spread(estimate: Estimate) -> str:
    """A mean and its standard error as people read them: ``0.1200 ± 0.3458``."""
    return f"{_number(estimate.mean)} ± {_number(estimate.standard_error)}"


def _estimate_record(estimate: Estimate, prefix: str) -> dict[str, Any]:
    return {
        "samples": estimate.samples,
        f"total{prefix}": estimate.total,
        f"mean{prefix}": estimate.exact_mean,
        "standard_error": estimate.standard_error,
    }


def _seat_record(seat: SeatResult) -> dict[str, Any]:
    return {
        "seat": seat.seat,
        "strategy": seat.strategy,
        **_estimate_record(seat.gain, "_gain"),
        "final_bankroll": seat.final_bankroll,
        "left_in_round": seat.left_in_round,
    }


def _turns(result: SimulationResult) -> list[tuple[str, Estimate, Rational | None]]:
    """Each turn's gain: its name, its estimate and the exact expectation it can be checked against."""
    exact = exact_expectations(result)
    found = [("first turn (bet or forfeit)", result.first_turn, exact.get("first_turn_expected_gain"))]
    if result.banker is not None:
        found.append(("banker per hand", result.banker, exact.get("banker_expected_gain")))
    return found


def _turn_records(result: SimulationResult) -> list[dict[str, Any]]:
    return [
        {"quantity": name, **_estimate_record(estimate, "_gain"), "exact_expected_gain": exact}
        for name, estimate, exact in _turns(result)
    ]


def _seats_table(seats: Sequence[SeatResult], *, finite: bool) -> Table:
    headers: tuple[str, ...] = ("seat", "strategy", "rounds", "total gain", "mean gain", "standard error")
    if finite:
        headers += ("final bankroll", "left in round")
    return Table(
        "Seats: gain per round",
        headers,
        tuple(
            (s.seat, s.strategy, s.gain.samples, s.gain.total, s.gain.exact_mean, s.gain.standard_error)
            + ((s.final_bankroll, s.left_in_round) if finite else ())
            for s in seats
        ),
        kinds=(
            Kind.COUNT,
            Kind.TEXT,
            Kind.COUNT,
            Kind.COUNT,
            Kind.DECIMAL,
            Kind.DECIMAL,
            Kind.COUNT,
            Kind.COUNT,
        ),
        notes=_NOTES,
        slug="seats",
    )


def simulation_tables(result: SimulationResult) -> tuple[Table, ...]:
    """A simulation's tables: how the game went, each seat's gain per round, and the turns' gains
    with the exact expectation they can be checked against.

    Args:
        result: A finished simulation.

    Returns:
        Three tables: the play (rounds, pool, re-antes, divisions), the seats (the mean gain exact,
            its standard error beside it) and the turns (the first turn's gain, and the banker's in the
            banking game, with the exact expectation where one applies).

    >>> from cardmath.games.pool.simulation import simulate
    >>> result = simulate(PoolRules(players=4, pool_limit=0), rounds=10, seed=1)
    >>> play, seats, turns = simulation_tables(result)
    >>> seats.headers, turns.rows[0][-1]
    (('seat', 'strategy', 'rounds', 'total gain', 'mean gain', 'standard error'), 14477/167790)
    """
    rules = result.rules
    figures: list[tuple[str, Any]] = [
        ("rounds", result.rounds),
        ("rounds played", result.rounds_played),
        ("seed", result.seed),
        ("players", rules.players),
        ("cards each", rules.hand_size),
        ("final pool", result.final_pool),
        ("re-antes", result.re_antes),
        ("pool divisions", result.pool_divisions),
    ]
    play = Table("High Card Pool simulation", ("figure", "value"), tuple(figures), slug="play")
    turns = Table(
        "Turns",
        ("quantity", "samples", "total gain", "mean gain", "standard error", "exact expected gain"),
        tuple(
            (name, e.samples, e.total, e.exact_mean, e.standard_error, exact)
            for name, e, exact in _turns(result)
        ),
        kinds=(Kind.TEXT, Kind.COUNT, Kind.COUNT, Kind.DECIMAL, Kind.DECIMAL, Kind.DECIMAL),
        notes=_NOTES,
        slug="turns",
    )
    return play, _seats_table(result.seats, finite=rules.bankroll is not None), turns
