"""High Card Pool's results as JSON-ready documents of exact values.

Each document is a dictionary in a fixed key order, its values exact (``int``, ``Rational``,
text, lists and dictionaries of them, or floats for a simulation's estimates); the command line
writes it after ``"game": "pool"``.

>>> from cardmath.games.pool.chances import explain
>>> document = hand_document(explain("As,Kh,Qd,Jc,2s"))
>>> document["win_probability"], document["best_bet"]["action"]
(41/47, <BetRule.BET_THE_POOL: 'bet the pool'>)
"""

from __future__ import annotations

from typing import Any

from sympy import Rational

from cardmath.checks import checked
from cardmath.errors import OptionError
from cardmath.games.pool.betting import Amount, BestBet, KellyBet, Stakes, best_bet_rule
from cardmath.games.pool.chances import HandChance, HandSizeDistribution
from cardmath.games.pool.simulation import Estimate, SeatResult, SimulationResult

__all__ = [
    "distribution_document",
    "estimate_document",
    "hand_document",
    "simulation_document",
]


def _exact(value: Rational) -> int | Rational:
    """A whole amount as an int (a JSON integer), any other as the exact fraction."""
    return int(value) if value.q == 1 else value


def _best_bet(bet: BestBet) -> dict[str, Any]:
    return {"action": bet.action, "amount": _exact(bet.amount), "expected_gain": bet.expected_gain}


def _kelly_bet(bet: KellyBet) -> dict[str, Any]:
    return {
        "action": bet.action,
        "amount": _exact(bet.amount),
        "fraction": bet.fraction,
        "expected_gain": bet.expected_gain,
    }


@checked
def hand_document(
    chance: HandChance, stakes: Stakes | None = None, bankroll: Amount | None = None
) -> dict[str, Any]:
    """One hand explained, with its best bet for ``stakes`` (without stakes: the rule in words
    and the expected gain per chip bet) and, given a ``bankroll``, its Kelly bet.

    Args:
        chance: The hand explained, from :func:`~cardmath.games.pool.chances.explain`.
        stakes: The pool and ante, or the bank, of the turn; ``None`` gives the best decision in
            words instead of a bet.
        bankroll: The player's chips, for a Kelly bet; only with ``stakes``.

    Returns:
        The hand, the seen cards, the counts, the chance, each card's and suit's share, the best bet
            and, with a bankroll, the Kelly bet, as exact values.

    Raises:
        OptionError: When a bankroll is given without stakes.

    >>> from cardmath.games.pool.chances import explain
    >>> chance = explain("9c,7d,4h,3s", "8c,2c,Kd")
    >>> document = hand_document(chance, Stakes.pool_game(12, 2), bankroll=40)
    >>> document["beaten"], document["unseen"], document["kelly_bet"]["fraction"]
    (13, 45, 1/20)
    >>> hand_document(chance, bankroll=40)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: Kelly sizing needs the stakes: a pool and an ante, or a bank
    """
    p = chance.win_probability
    if stakes is None:
        if bankroll is not None:
            raise OptionError("Kelly sizing needs the stakes: a pool and an ante, or a bank")
        best: dict[str, Any] = {"action": best_bet_rule(p), "expected_gain_per_chip_bet": 2 * p - 1}
    else:
        best = _best_bet(stakes.best_bet(p))
    document: dict[str, Any] = {
        "hand": [str(c) for c in chance.hand],
        "seen": [str(c) for c in chance.seen],
        "unseen": chance.unseen,
        "beaten": chance.beaten,
        "win_probability": p,
        "cards": [
            {"card": str(c.card), "beats": c.beats, "highest_of_suit": c.highest_of_suit}
            for c in chance.cards
        ],
        "beaten_cards": [str(c) for s in chance.suits for c in s.beaten],
        "best_bet": best,
    }
    if stakes is not None and bankroll is not None:
        document["kelly_bet"] = _kelly_bet(stakes.kelly_bet(p, bankroll))
    return document


@checked
def distribution_document(
    table: HandSizeDistribution, gains: dict[str, Rational] | None = None
) -> dict[str, Any]:
    """Every hand of one size: the summary, the exact ``gains`` of a turn (from
    :func:`~cardmath.games.pool.betting.turn_gains`) if given, and the distribution.

    Args:
        table: The distribution of every hand of one size.
        gains: The exact expected gains of a turn by name, to include; ``None`` for none.

    Returns:
        The summary fields, the gains, and under ``distribution`` one entry per number of cards
            beaten.

    >>> from cardmath.games.pool.chances import distribution
    >>> document = distribution_document(distribution(3))
    >>> document["hands"], document["distribution"][0]
    (22100, {'beaten': 0, 'hands': 20, 'probability': 1/1105})
    """
    return {
        "hand_size": table.hand_size,
        "out_of_play": [str(c) for c in table.out_of_play],
        "hands": table.hands,
        "unseen": table.unseen,
        "win_probability": table.win_probability,
        "favourable_hands": table.favourable_hands,
        "even_hands": table.even_hands,
        "hopeless_hands": table.hopeless_hands,
        "certain_hands": table.certain_hands,
        **(gains or {}),
        "distribution": [
            {"beaten": k, "hands": n, "probability": table.probability_of_beating(k)}
            for k, n in enumerate(table.hands_beating)
            if n
        ],
    }


@checked
def estimate_document(estimate: Estimate) -> dict[str, Any]:
    """An estimate: samples, the exact total gain, the mean and its standard error.

    A figure too few samples cannot define is ``null`` (never NaN, which JSON has not), and
    ``undefined`` says why.

    Args:
        estimate: A sample of gains from a simulation.

    Returns:
        ``samples``, ``total_gain`` (exact), ``mean_gain`` and ``standard_error`` (floats, or
            ``None``), and ``undefined`` (the reason) when one is ``None``.

    >>> estimate_document(Estimate(samples=2, total=4, total_of_squares=10))
    {'samples': 2, 'total_gain': 4, 'mean_gain': 2.0, 'standard_error': 1.0}
    >>> estimate_document(Estimate(samples=1, total=-2, total_of_squares=4))  # doctest: +NORMALIZE_WHITESPACE
    {'samples': 1, 'total_gain': -2, 'mean_gain': -2.0, 'standard_error': None,
     'undefined': 'the standard error needs at least 2 samples, there is 1'}
    """
    document: dict[str, Any] = {
        "samples": estimate.samples,
        "total_gain": estimate.total,
        "mean_gain": estimate.mean,
        "standard_error": estimate.standard_error,
    }
    if estimate.undefined is not None:
        document["undefined"] = estimate.undefined
    return document


def _seat(seat: SeatResult, finite: bool) -> dict[str, Any]:
    document = {"seat": seat.seat, "strategy": seat.strategy, **estimate_document(seat.gain)}
    if finite:
        document["final_bankroll"] = seat.final_bankroll
        document["left_in_round"] = seat.left_in_round
    return document


@checked
def simulation_document(
    result: SimulationResult, expectations: dict[str, Rational] | None = None
) -> dict[str, Any]:
    """A simulation: the table's rules, each seat's gain, the first turn, the banker, the pool,
    and the exact ``expectations`` it can be checked against (from
    :func:`~cardmath.games.pool.simulation.exact_expectations`).

    Args:
        result: A finished simulation.
        expectations: The exact expectations by name to include (from ``exact_expectations``);
            ``None`` for none.

    Returns:
        The rules' fields, the rounds, the seed, each seat, the first turn, the banker, the pool and
            the counts of re-antes and divisions, then the expectations.

    >>> from cardmath.games.pool.rules import PoolRules
    >>> from cardmath.games.pool.simulation import simulate
    >>> document = simulation_document(simulate(PoolRules(players=2), rounds=5, seed=1))
    >>> document["players"], document["hand_size"], document["bank"], len(document["seats"])
    (2, 5, None, 2)
    """
    rules = result.rules
    finite = rules.bankroll is not None
    return {
        "players": rules.players,
        "rounds": result.rounds,
        "seed": result.seed,
        "hand_size": rules.hand_size,
        "ante": rules.ante,
        "burn": rules.burn,
        "banking": rules.banking,
        "bank": rules.bank,
        "pool_limit": rules.pool_limit,
        "bankroll": rules.bankroll,
        "rounds_played": result.rounds_played,
        "seats": [_seat(s, finite) for s in result.seats],
        "first_turn": estimate_document(result.first_turn),
        "banker": None if result.banker is None else estimate_document(result.banker),
        "final_pool": result.final_pool,
        "re_antes": result.re_antes,
        "pool_divisions": result.pool_divisions,
        **(expectations or {}),
    }
