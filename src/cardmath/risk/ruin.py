"""Risk of ruin, exactly: the chance a bankroll is lost before a target is won, and how long it lasts.

The player starts with a bankroll, bets one unit of a :class:`~cardmath.lattice.LatticeBet`
per hand, and stops at the first of:

- **ruin**: the bankroll falls below the bet's worst single-hand loss, so that it can no longer
  cover the next bet (for an even-money bet, a bankroll of 0; for a banker bet paying 19 to 20,
  any bankroll under 1 unit, such as 0.95);
- **the target**: the bankroll is ahead of its start by ``target`` units or more (if a target is
  given);
- **the hand limit**: ``hands`` hands have been played (if a limit is given).

Bankrolls and targets are exact multiples of the bet's lattice unit (1/20 for the banker bet), so
every session is a walk on the whole numbers of that lattice: an absorbing Markov chain.

*Without a hand limit* the chain is solved exactly by a recurrence: the hitting equations
``h(x) = sum_s P(s) h(x + s)`` are solved for the highest step, so that every state's value is
an exact integer combination of the ``c`` first living states' values (``c`` the largest
step up, or the largest step down if that is smaller: the walk is mirrored), and the ``c``
states past the target pin them down: a ``c`` by ``c`` integer system, solved by fraction-free
elimination with exact divisions done as 2-adic multiplications.  No floating point is used: the
figures are exact ``Rational`` numbers (the banker bet with 100 units against a 100-unit target
is a chain of 4,000 states, solved in a few seconds).  Chains of more than
:data:`MAX_STATES` living states go to :mod:`cardmath.risk.ruin_numeric`: 30 digits or more, with a
rigorous bound (``Ruin.method`` and ``Ruin.relative_error`` say so).

*With a hand limit* the distribution of the bankroll is carried hand by hand in integer weights
over ``D**n`` (``D`` the common denominator of the bet's chances, ``n`` the hands played), which
is exact; at most :data:`MAX_WORK` state updates are done, larger questions are refused.

*Without a target or a hand limit*, a bet of negative expectation is ruined for sure (chance 1); a
bet of zero expectation too (the walk is recurrent), but after an infinite expected number of
hands; a bet of positive expectation survives with a chance that is not in general a rational
number, so that question is refused (give a target or a hand limit).

>>> from cardmath.lattice import LatticeBet
>>> from sympy import Rational
>>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
>>> result = risk_of_ruin(coin, 3, target=2)
>>> result.ruin_chance, result.target_chance, result.expected_hands
(2/5, 3/5, 6)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import sympy
from sympy import Rational

from cardmath.display import Displayed
from cardmath.errors import OptionError
from cardmath.lattice import LatticeBet
from cardmath.risk._elimination import divide_all, garner, power_mod, primes_below_2_30, residues_modulo
from cardmath.risk.ruin_numeric import numeric_ruin
from cardmath.swing import result_text
from cardmath.table import Cell, Chart, Kind, Series, Table
from cardmath.text import float_value, percent_text

__all__ = [
    "MAX_STATES",
    "MAX_WORK",
    "Ruin",
    "expected_hands_text",
    "risk_of_ruin",
    "ruin_by_bankroll",
    "ruin_table",
]

MAX_STATES = 5_000
"""The most living states (lattice points between ruin and the target) solved exactly; a larger
chain is solved numerically with a rigorous bound."""

MAX_WORK = 2_000_000
"""The most state updates (states times steps times hands) a hand-limited session accepts."""


@dataclass(frozen=True, repr=False)
class Ruin(Displayed):
    """The exact outcome of a session: the chances of ruin, of the target and of neither, and the
    expected number of hands played.

    Args:
        bet: The bet's name.
        bankroll: The starting bankroll, in units of the bet.
        target: The gain, in units, at which the player stops; `None` for no target.
        hands: The most hands played; `None` for no limit.
        ruin_chance: The exact chance the bankroll falls below the bet's worst loss.
        target_chance: The exact chance of reaching the target first; `None` without a target.
        neither_chance: The exact chance the hand limit comes first (0 without a limit).
        expected_hands: The exact expected number of hands played; `sympy.oo` when infinite,
            `None` when no exact figure exists (see :func:`risk_of_ruin`).
        states: The living states of the chain (lattice points between ruin and the target).
        method: How the figures were found: ``exact``, or the numeric method of a larger chain.
        relative_error: A proven bound on each figure's error as a share of it (0 when exact).

    >>> half = Rational(1, 2)
    >>> Ruin("coin", Rational(1), None, 1, half, None, half, Rational(1), 1).neither_chance
    1/2
    >>> Ruin("coin", Rational(1), None, 1, half, None, half, Rational(1), 1)
    <Ruin: coin, bankroll 1 units, at most 1 hands: ruin 50.0000%, neither 50.0000%, expected hands 1.00>
    """

    bet: str
    bankroll: Rational
    target: Rational | None
    hands: int | None
    ruin_chance: Rational
    target_chance: Rational | None
    neither_chance: Rational
    expected_hands: Any
    states: int
    method: str = "exact"
    relative_error: Rational = Rational(0)  # noqa: RUF009 - an immutable exact 0

    def summary(self) -> str:
        """The bet, the bankroll, the target and hand limit, the chances and the expected hands.

        Returns:
            One line, such as `banker, bankroll 50 units, target +50 units: ruin 77.7332%, target ...`.
        """
        stops = f", target +{result_text(self.target)} units" if self.target is not None else ""
        stops += f", at most {self.hands:,} hands" if self.hands is not None else ""
        chances = f"ruin {percent_text(self.ruin_chance)}"
        chances += f", target {percent_text(self.target_chance)}" if self.target_chance is not None else ""
        chances += f", neither {percent_text(self.neither_chance)}" if self.hands is not None else ""
        bound = f" (each within {float(self.relative_error):.1e})" if self.relative_error else ""
        return (
            f"{self.bet}, bankroll {result_text(self.bankroll)} units{stops}: {chances}, "
            f"expected hands {expected_hands_text(self.expected_hands)}{bound}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The figures as ``cardmath session --bankroll`` prints them (:func:`ruin_table`).

        Returns:
            One table of figures and exact values.
        """
        return (ruin_table(self),)

    def conditions(self) -> dict[str, Any]:
        """The bet, the bankroll, the target and the hand limit.

        Returns:
            `bet`, `bankroll` and `target` (units, `None` for no target), `hand_limit` (`None` for none).
        """
        return {"bet": self.bet, "bankroll": self.bankroll, "target": self.target, "hand_limit": self.hands}

    def records(self) -> list[dict[str, Any]]:
        """One record: the conditions, then each figure in a column of its own, so that the records
        of many bankrolls or targets stack (an infinite expected number of hands reads as `inf`).

        Returns:
            A list of one dictionary of exact values.
        """
        figures = {
            "ruin_chance": self.ruin_chance,
            "target_chance": self.target_chance,
            "neither_chance": self.neither_chance,
            "expected_hands": self.expected_hands,
            "states": self.states,
            "method": self.method,
            "relative_error": self.relative_error,
        }
        return [{**self.conditions(), **figures}]


def expected_hands_text(value: Any) -> str:
    """An expected number of hands for a one-line summary: 2 decimals, ``infinite`` or ``unknown``.

    Args:
        value: An exact number, `sympy.oo` or `None` (no exact figure).

    Returns:
        The number with thousands separators and 2 decimals, or the word.

    >>> expected_hands_text(Rational(219684, 2)), expected_hands_text(sympy.oo), expected_hands_text(None)
    ('109,842.00', 'infinite', 'unknown')
    """
    if value is None:
        return "unknown"
    if value == sympy.oo:
        return "infinite"
    return f"{float_value(value):,.2f}"


def risk_of_ruin(bet: LatticeBet, bankroll: Any, target: Any = None, hands: int | None = None) -> Ruin:
    """The exact chances of ruin and of reaching a target, betting one unit a hand.

    Ruin is the bankroll falling below the bet's largest single-hand loss (it can no longer cover a
    bet); the target is a gain of ``target`` units or more.  The figures are exact up to
    :data:`MAX_STATES` states, then to 30 digits with a proven bound: see the module's documentation.

    Args:
        bet: The bet played every hand, one unit each time.
        bankroll: The starting bankroll in units: an int or exact fraction, a whole multiple of the
            bet's lattice unit, at least its worst single-hand loss.
        target: The gain, in units, at which the player stops (a multiple of the lattice unit, 0 or
            more); `None` to play on until ruin or the hand limit.
        hands: The most hands played (1 or more); `None` for no limit.

    Returns:
        The exact chances of ruin, of the target and of neither, and the expected hands played.

    Raises:
        OptionError: For a bet that cannot lose or cannot win, a bankroll or target that is not an
            exact multiple of the lattice unit or out of range, a hand limit under 1, or a chain
            too large to solve in about a minute.

    >>> from cardmath.games.baccarat import GAME
    >>> from cardmath.shoe import Shoe
    >>> player = LatticeBet.of(GAME, "player", Shoe.standard(8))
    >>> result = risk_of_ruin(player, 10, target=10)
    >>> round(float(result.ruin_chance), 6), round(float(result.expected_hands), 3)
    (0.567832, 109.842)
    >>> risk_of_ruin(player, 10, hands=0)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the hand limit must be a whole number of hands, 1 or more, not 0
    """
    weights, denominator = bet.whole_weights()
    if not any(step < 0 for step in weights):
        raise OptionError(f"bet {bet.name!r} cannot lose, so it is never ruined: give a bet that can lose")
    if not any(step > 0 for step in weights):
        raise OptionError(f"bet {bet.name!r} cannot win, so it is always ruined: give a bet that can win")
    start = _lattice_points(bankroll, bet, "the bankroll", positive=True)
    worst = -min(weights)
    if start < worst:
        raise OptionError(
            f"the bankroll {_exact(bankroll, 'the bankroll')} cannot cover one hand's worst loss of "
            f"{worst * bet.unit} units: give a bankroll of at least that"
        )
    gain = None if target is None else _lattice_points(target, bet, "the target", positive=False)
    if hands is not None and (not isinstance(hands, int) or isinstance(hands, bool) or hands < 1):
        raise OptionError(f"the hand limit must be a whole number of hands, 1 or more, not {hands!r}")
    exact_bankroll = Rational(start) * bet.unit
    exact_target = None if gain is None else Rational(gain) * bet.unit
    if gain is not None and gain == 0:
        return Ruin(
            bet.name,
            exact_bankroll,
            exact_target,
            hands,
            Rational(0),
            Rational(1),
            Rational(0),
            Rational(0),
            0,
        )
    if hands is not None:
        ruin, reach, neither, duration, states = _by_hands(weights, denominator, start, gain, hands)
        return Ruin(
            bet.name,
            exact_bankroll,
            exact_target,
            hands,
            ruin,
            None if gain is None else reach,
            neither,
            duration,
            states,
        )
    if gain is None:
        return _without_limit(bet, weights, denominator, start, exact_bankroll)
    states = start + gain - worst
    if states > MAX_STATES:  # beyond the exact solver: 30 digits or more, rigorously bounded
        found = numeric_ruin(bet, start, gain)
        return Ruin(bet.name, exact_bankroll, exact_target, None, found.ruin, found.reach, Rational(0),
                    found.expected_hands, states, found.method, found.relative_error)  # fmt: skip
    reach, duration = _solve(weights, denominator, start, worst, start + gain)
    return Ruin(bet.name, exact_bankroll, exact_target, None, 1 - reach, reach, Rational(0), duration, states)


def ruin_table(result: Ruin) -> Table:
    """A session's figures as a table of figures and values, ready for any output format.

    Args:
        result: A session's exact figures from :func:`risk_of_ruin`.

    Returns:
        One row per figure: the bankroll, target and hand limit (`None` when not set), the chances
        of ruin, of the target and of neither, and the expected hands (the word `infinite` when
        they are).

    >>> from sympy import Rational
    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> table = ruin_table(risk_of_ruin(coin, 1, target=1))
    >>> table.rows[3], table.rows[6]
    (('chance of ruin', 1/2), ('expected hands', 1))
    """
    rows = (
        ("bankroll, units", result.bankroll),
        ("target gain, units", result.target),
        ("hand limit", result.hands),
        ("chance of ruin", result.ruin_chance),
        ("chance of reaching the target", result.target_chance),
        ("chance of neither (hand limit reached)", result.neither_chance),
        (
            "expected hands",
            Cell("infinite", Kind.TEXT) if result.expected_hands == sympy.oo else result.expected_hands,
        ),
    )
    kinds = (
        Kind.DECIMAL,
        Kind.DECIMAL,
        Kind.COUNT,
        Kind.PROBABILITY,
        Kind.PROBABILITY,
        Kind.PROBABILITY,
        Kind.DECIMAL,
    )
    notes = (
        ("ruin", "the bankroll falls below the bet's worst single-hand loss, so it cannot cover a bet"),
        ("target", "the bankroll is ahead of its start by the target gain or more"),
    ) + ((("method", f"{result.method}: within {float(result.relative_error):.1e} of each figure"),)
         if result.relative_error else ())  # fmt: skip
    return Table(
        f"Risk of ruin, {result.bet}",
        ("figure", "value"),
        rows,
        row_kinds=kinds,
        notes=notes,
        slug="risk-of-ruin",
    )


def ruin_by_bankroll(bet: LatticeBet, bankrolls: Iterable[Any], target: Any) -> Chart:
    """The chance of ruin against the starting bankroll, for a fixed target gain, as a chart.

    Args:
        bet: The bet played every hand, one unit each time.
        bankrolls: The starting bankrolls to plot, in units (each as :func:`risk_of_ruin` takes it).
        target: The gain in units at which the player stops, the same for every bankroll.

    Returns:
        A line chart of the chance of ruin, in percent (a float for drawing), by bankroll.

    >>> from sympy import Rational
    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> ruin_by_bankroll(coin, [1, 3], 1).series[0].points
    ((1.0, 50.0), (3.0, 25.0))
    """
    points = tuple(
        (float(_exact(bankroll, "a bankroll")), 100 * float(risk_of_ruin(bet, bankroll, target).ruin_chance))
        for bankroll in bankrolls
    )
    goal = _exact(target, "the target")
    return Chart(
        f"risk-of-ruin-{bet.name}",
        f"Chance of ruin before a gain of {goal} units, {bet.name}",
        "bankroll, units",
        "chance of ruin, %",
        (Series(bet.name, points),),
    )


def _exact(value: Any, name: str) -> Rational:
    """An exact number (int, Fraction or Rational), else an error naming it."""
    if isinstance(value, bool) or not isinstance(value, int | Fraction | sympy.Rational):
        raise OptionError(f"{name} must be an exact number (an int or a fraction), not {value!r}")
    if isinstance(value, Fraction):
        return Rational(value.numerator, value.denominator)
    return Rational(value)


def _lattice_points(value: Any, bet: LatticeBet, name: str, *, positive: bool) -> int:
    """A number of units as whole lattice points of the bet, checked."""
    exact = _exact(value, name)
    if positive and exact <= 0:
        raise OptionError(f"{name} must be more than 0 units, not {exact}")
    if not positive and exact < 0:
        raise OptionError(f"{name} must be 0 units or more, not {exact}")
    points = exact / bet.unit
    if points.q != 1:
        raise OptionError(
            f"{name} {exact} is not a whole multiple of the bet's lattice unit {bet.unit}: give one"
        )
    return int(points)


def _without_limit(
    bet: LatticeBet, weights: dict[int, int], denominator: int, start: int, bankroll: Rational
) -> Ruin:
    """Play until ruin, for a bet of zero or negative expectation (a positive one is refused)."""
    drift = sum(step * weight for step, weight in weights.items())
    if drift > 0:
        raise OptionError(
            f"bet {bet.name!r} has a positive expectation, so without a target or hand limit its chance "
            "of ruin is not an exact fraction: give a target or a hand limit"
        )
    duration: Any = sympy.oo
    if drift < 0:
        # Wald: the final bankroll is start + drift * hands; exact only when ruin lands on 0 exactly
        duration = Rational(start * denominator, -drift) if min(weights) == -1 else None
    return Ruin(bet.name, bankroll, None, None, Rational(1), None, Rational(0), duration, 0)


def _by_hands(
    weights: dict[int, int], denominator: int, start: int, gain: int | None, hands: int
) -> tuple[Rational, Rational, Rational, Rational, int]:
    """Carry the bankroll's distribution hand by hand in integer weights over ``denominator**n``:
    the chances of ruin, of the target and of neither, the expected hands, and the states."""
    worst, rise = -min(weights), max(weights)
    top = start + gain if gain is not None else start + hands * rise + 1
    size = top - worst
    if size * len(weights) * hands > MAX_WORK:
        raise OptionError(
            f"{hands:,} hands over {size:,} lattice points is too large to carry exactly in seconds: "
            f"give at most {MAX_WORK:,} for hands x points x outcomes"
        )
    alive = {start: 1}
    ruined = reached = 0
    survival = 0  # sum over k of (weight alive after k hands) * D**(hands - 1 - k)
    for _ in range(hands):
        survival = survival * denominator + sum(alive.values())
        ruined *= denominator
        reached *= denominator
        after: dict[int, int] = {}
        for position, weight in alive.items():
            for step, chance in weights.items():
                landing = position + step
                if landing < worst:
                    ruined += weight * chance
                elif landing >= top:
                    reached += weight * chance
                else:
                    after[landing] = after.get(landing, 0) + weight * chance
        alive = {position: weight for position, weight in after.items() if weight}
    total = denominator**hands
    return (
        Rational(ruined, total),
        Rational(reached, total),
        Rational(sum(alive.values()), total),
        Rational(survival, denominator ** (hands - 1)),
        size,
    )


def _solve(
    weights: dict[int, int], denominator: int, start: int, low: int, high: int
) -> tuple[Rational, Rational]:
    """The chance of leaving ``[low, high)`` upwards and the expected hands, from ``start``, exactly.

    The walk is mirrored when its largest step down is smaller than its largest step up, so that
    the recurrence carries the fewer unknowns.
    """
    if -min(weights) < max(weights):
        mirrored = {-step: weight for step, weight in weights.items()}
        down, duration = _shoot(mirrored, denominator, low + high - 1 - start, low, high)
        return 1 - down, duration
    return _shoot(weights, denominator, start, low, high)


def _shoot(
    weights: dict[int, int], denominator: int, start: int, low: int, high: int
) -> tuple[Rational, Rational]:
    """Solve the hitting equations on ``[low, high)`` by the recurrence for the highest step.

    Each position's value is ``V . (u, 1, 1) / w**e``: ``u`` the unknown values of the first ``rise``
    living positions, the two constants those of the chance of leaving upwards and of the expected
    hands, ``w`` the weight of the highest step.
    """
    rise, fall = max(weights), -min(weights)
    top_weight = weights[rise]
    width = rise + 2  # unknowns, then the constant of the exit chance, then that of the duration
    offset = low - fall
    vectors: list[list[int]] = [[0] * width for _ in range(fall)]
    powers: list[int] = [0] * fall
    for j in range(rise):
        unit = [0] * width
        unit[j] = 1
        vectors.append(unit)
        powers.append(0)
    lower = [(step, weight) for step, weight in weights.items() if step != rise]
    if 0 not in weights:
        lower.append((0, 0))
    scale = [1, top_weight]
    for x in range(low, high):
        exponent = max(powers[x + step - offset] for step, _ in lower)
        while len(scale) <= exponent + 1:
            scale.append(scale[-1] * top_weight)
        new = [0] * width
        for step, weight in lower:
            coefficient = (denominator - weight if step == 0 else -weight) * scale[
                exponent - powers[x + step - offset]
            ]
            for index, value in enumerate(vectors[x + step - offset]):
                if value:
                    new[index] += coefficient * value
        new[-1] -= denominator * scale[exponent]
        vectors.append(new)
        powers.append(exponent + 1)
    while len(scale) <= max(powers) + 1:
        scale.append(scale[-1] * top_weight)
    rows = []
    for y in range(high, high + rise):
        vector = vectors[y - offset]
        rows.append([*vector[:rise], scale[powers[y - offset]] - vector[rise], -vector[rise + 1]])
    here = vectors[start - offset]
    rows.append([*here[:rise], 0, 0])
    determinant, (up_border, time_border) = _bordered(rows, rise)
    divisor = determinant * scale[powers[start - offset]]
    up = Rational(here[rise] * determinant - up_border, divisor)
    duration = Rational(here[rise + 1] * determinant - time_border, divisor)
    return up, duration


def _bordered(rows: list[list[int]], size: int) -> tuple[int, list[int]]:
    """``det(M)`` and each ``det([[M, r], [f, 0]])`` of a bordered integer system, so that
    ``f . M^-1 r = -border / det``: by elimination modulo many primes at once and the Chinese
    remainder theorem for a large system, by fraction-free elimination for a small one."""
    largest = max(abs(value).bit_length() for row in rows for value in row)
    if size < 4 or largest < 512:
        return _bareiss(rows, size)
    found = _multimodular(rows, size)
    return found if found is not None else _bareiss(rows, size)


def _multimodular(rows: list[list[int]], size: int) -> tuple[int, list[int]] | None:
    """The bordered determinants by Gaussian elimination modulo primes under ``2**30`` (numpy, all
    primes at once) and Garner's reconstruction; ``None`` if too many primes meet a zero pivot.

    The values are bounded by Hadamard's inequality, and enough primes are used that their product
    exceeds twice the bound: the reconstruction is exact, not probabilistic.
    """
    width = len(rows[0])
    bound = sum(max(abs(value).bit_length() for value in row) for row in rows)
    bound += len(rows) * max(1, (width - 1).bit_length()) + 2
    needed = bound // 29 + 2
    primes = primes_below_2_30(needed + needed // 8 + 8)
    modulus = np.array(primes, dtype=np.int64)
    groups = [primes[start : start + 16] for start in range(0, len(primes), 16)]
    products = [math.prod(group) for group in groups]
    residues = np.array(
        [[residues_modulo(value, groups, products) for value in row] for row in rows], dtype=np.int64
    ).transpose(2, 0, 1)  # (prime, row, column)
    determinant = np.ones(len(primes), dtype=np.int64)
    good = np.ones(len(primes), dtype=bool)
    column = modulus[:, None]
    for k in range(size):
        pivot = residues[:, k, k]
        good &= pivot != 0
        inverse = power_mod(pivot, modulus - 2, modulus)
        determinant = determinant * pivot % modulus
        factors = residues[:, k + 1 :, k] * inverse[:, None] % column
        below = residues[:, k + 1 :, k + 1 :]
        below -= factors[:, :, None] * residues[:, k, None, k + 1 :] % modulus[:, None, None]
        below %= modulus[:, None, None]
    chosen = [index for index in range(len(primes)) if good[index]]
    if len(chosen) < needed:
        return None
    chosen = chosen[:needed]
    schur = residues[:, size, size:]
    borders = (schur * determinant[:, None]) % column
    take = [primes[index] for index in chosen]
    lists = [[int(determinant[index]) for index in chosen]]
    lists += [[int(borders[index, j]) for index in chosen] for j in range(width - size)]
    det, *rest = garner(lists, take)
    return det, rest


def _bareiss(rows: list[list[int]], size: int) -> tuple[int, list[int]]:
    """Fraction-free (Bareiss) elimination of a ``size`` by ``size`` integer system with right-hand
    columns and one border row: ``det(M)`` and each ``det([[M, r], [f, 0]])``, so that
    ``f . M^-1 r = -border / det``."""
    previous = 1
    for k in range(size):
        pivot_row = next((i for i in range(k, size) if rows[i][k]), None)
        if pivot_row is None:  # pragma: no cover - the hitting system of a finite chain is regular
            raise OptionError("the session's equations are singular: give a bet that can win and lose")
        if pivot_row != k:
            rows[k], rows[pivot_row] = rows[pivot_row], rows[k]  # the border's ratio keeps its sign
        pivot, pivot_values = rows[k][k], rows[k]
        numerators = []
        for i in range(k + 1, len(rows)):
            row, factor = rows[i], rows[i][k]
            numerators.append([pivot * row[j] - factor * pivot_values[j] for j in range(k + 1, len(row))])
        quotients = divide_all(numerators, previous)
        for i, values in zip(range(k + 1, len(rows)), quotients, strict=True):
            rows[i][k + 1 :] = values
            rows[i][k] = 0
        previous = pivot
    return rows[size - 1][size - 1], rows[size][size:]
