"""The exact distribution of a session's net result: the sum of ``hands`` flat bets of one unit.

Each hand's net result is a whole number of steps of the bet's lattice (see
:class:`~cardmath.lattice.LatticeBet`), so a session's net result is too.  With ``D`` the
common denominator of the bet's probabilities, each outcome has a whole weight out of ``D``, and
each net result after ``n`` hands a whole weight out of ``D**n``: the sum, over the ways to split
the hands among the outcomes that land on it, of the multinomial count times the product of the
outcomes' weights.  :func:`session_distribution` walks those splits (one step from a split to the
next is one exact multiplication and division of Python integers), so every figure of the
:class:`SessionDistribution` is an exact ``Rational``.  The work grows with the number of splits
(about ``n**2 / 2`` for a bet of three outcomes) times the size of the weights (about ``n`` times
the digits of ``D``): 1,000 hands of banker take some seconds, and :func:`max_exact_hands` says how
far a bet may go.  :func:`normal_approximation` gives the usual normal figures for any number of
hands, labelled as an approximation, and :func:`approximation_differences` says how far they are
from the exact ones.  Beyond :func:`max_exact_hands` (the *crossing point* of a bet) only the
approximations exist: :func:`approximation_table` gives the normal and the saddlepoint figures
(:mod:`cardmath.risk.saddlepoint`), and :func:`approximation_errors` how their errors shrink with
the number of hands, where both exist.

>>> from cardmath.games.baccarat import GAME
>>> from cardmath.shoe import Shoe
>>> banker = LatticeBet.of(GAME, "banker", Shoe.standard(8))
>>> session = session_distribution(banker, 100)
>>> session.mean == 100 * banker.mean, f"{float(session.chance_ahead):.4f}"
(True, '0.4474')
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from numbers import Integral
from typing import Any

import flint
from sympy import Expr, Rational, sqrt

from cardmath.display import Displayed
from cardmath.errors import OptionError
from cardmath.lattice import LatticeBet
from cardmath.risk.normal import NormalApproximation, normal_approximation
from cardmath.risk.saddlepoint import saddlepoint_approximation
from cardmath.swing import RANGE_MASSES, result_text
from cardmath.table import Kind, Table
from cardmath.text import decimal_text, percent_text

__all__ = [
    "MAX_HANDS",
    "NormalApproximation",
    "SessionDistribution",
    "approximation_differences",
    "approximation_errors",
    "approximation_table",
    "distribution_table",
    "max_exact_hands",
    "normal_approximation",
    "session_distribution",
    "session_table",
]

MAX_HANDS = 10_000
"""The most hands :func:`session_distribution` accepts for any bet; a bet whose exact distribution
would be larger than :data:`_DIGIT_BUDGET` stops sooner (:func:`max_exact_hands`)."""

_DIGIT_BUDGET = 600_000_000
"""The most decimal digits the exact distribution may hold (results x digits of a weight): about
a quarter of a gigabyte, what 1,000 hands of a banker bet (39,001 results of about 13,300 digits)
need."""


def max_exact_hands(bet: LatticeBet) -> int:
    """The most hands :func:`session_distribution` takes for a bet: the exact weights of ``n``
    hands number ``n * span + 1`` and each has about ``n * log10(D)`` digits (``D`` the common
    denominator of one hand's chances), so their size grows as ``n ** 2``.

    Args:
        bet: The bet on its lattice: its span of steps and its chances' denominator matter.

    Returns:
        The largest number of hands, at most :data:`MAX_HANDS`, whose exact distribution holds at most
        :data:`_DIGIT_BUDGET` digits.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> max_exact_hands(coin)
    10000
    """
    kept = [(step, p) for step, p in zip(bet.steps, bet.probabilities, strict=True) if p]
    span = kept[-1][0] - kept[0][0]
    digits = max(math.log10(math.lcm(*(int(p.q) for _, p in kept))), 1.0)
    low, high = 1, MAX_HANDS
    while low < high:
        middle = (low + high + 1) // 2
        if (middle * span + 1) * middle * digits <= _DIGIT_BUDGET:
            low = middle
        else:
            high = middle - 1
    return low


def _check_hands(bet: LatticeBet, hands: Any, limit: int) -> int:
    """``hands`` as an ``int``, or an :class:`OptionError` saying what is allowed."""
    if isinstance(hands, bool) or not isinstance(hands, Integral) or not 1 <= int(hands) <= limit:
        raise OptionError(
            f"hands must be a whole number from 1 to {limit:,} for the exact distribution of "
            f"{bet.name!r}, not {hands!r}; for more hands use normal_approximation(bet, hands)"
        )
    return int(hands)


@dataclass(frozen=True, repr=False)
class SessionDistribution(Displayed):
    """The exact distribution of the net result of ``hands`` flat bets of one unit.

    Net result ``(low + i) * unit`` has chance ``weights[i] / total``; results no split of the hands
    reaches have weight 0.  Every figure is exact; results and ranges are in units of the bet.

    Args:
        bet: The bet's name.
        hands: How many hands were played.
        unit: The lattice spacing of a hand's net result, in units of the bet.
        low: The lowest net result, in whole steps of ``unit`` (``hands`` times the worst step).
        weights: One whole weight per step from ``low`` upwards.
        total: The weights' sum, ``D**hands`` for the common denominator ``D`` of the bet.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> two = session_distribution(coin, 2)
    >>> two.weights, two.total, two.probability(0), two.chance_ahead
    ((1, 0, 2, 0, 1), 4, 1/2, 1/4)
    >>> two
    <SessionDistribution: coin, 2 hands: ahead 25.0000%, even 50.0000%, behind 25.0000%, mean 0.00 units>
    >>> [(row["net_result"], row["probability"]) for row in two.records()]
    [(-2, 1/4), (0, 1/2), (2, 1/4)]
    """

    bet: str
    hands: int
    unit: Rational
    low: int
    weights: tuple[int, ...]
    total: int

    @property
    def high(self) -> int:
        """The highest net result, in whole steps of ``unit``."""
        return self.low + len(self.weights) - 1

    def probability(self, result: Any) -> Rational:
        """The exact chance of ending the session with a given net result.

        Args:
            result: A net result in units of the bet (an int or a Rational).

        Returns:
            The chance, 0 for a result off the lattice or out of reach.

        >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
        >>> session_distribution(coin, 3).probability(-1)
        3/8
        """
        step = Rational(result) / self.unit
        if step.q != 1 or not self.low <= int(step) <= self.high:
            return Rational(0)
        return Rational(self.weights[int(step) - self.low], self.total)

    def results(self) -> Iterator[tuple[Rational, Rational]]:
        """Each net result within reach, with its exact chance, from the lowest.

        Returns:
            ``(net result in units of the bet, chance)`` pairs, skipping results of chance 0.

        >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
        >>> list(session_distribution(coin, 1).results())
        [(-1, 1/2), (1, 1/2)]
        """
        for index, weight in enumerate(self.weights):
            if weight:
                yield (self.low + index) * self.unit, Rational(weight, self.total)

    @cached_property
    def _moments(self) -> tuple[int, int]:
        """The sums over the results of each one's steps, and of their squares, times its weight."""
        steps = range(self.low, self.high + 1)
        first = sum(map(operator.mul, steps, self.weights))
        second = sum(map(operator.mul, [step * step for step in steps], self.weights))
        return first, second

    @cached_property
    def mean(self) -> Rational:
        """The exact expected net result, in units of the bet (``hands`` times the bet's mean)."""
        return Rational(self._moments[0], self.total) * self.unit

    @cached_property
    def variance(self) -> Rational:
        """The exact variance of the net result, in squared units (``hands`` times the bet's)."""
        first, second = self._moments
        return (Rational(second, self.total) - Rational(first, self.total) ** 2) * self.unit**2

    @cached_property
    def standard_deviation(self) -> Expr:
        """The exact standard deviation, in units: SymPy's ``sqrt`` of the variance (``float()`` it
        for a decimal)."""
        return sqrt(self.variance)

    @cached_property
    def _sides(self) -> tuple[int, int, int]:
        """The weights of the results below 0, at 0 and above 0: the shorter side summed, the other
        the rest of ``total``."""
        zero = -self.low
        even = self.weights[zero] if 0 <= zero < len(self.weights) else 0
        below, above = self.weights[: max(zero, 0)], self.weights[max(zero + 1, 0) :]
        if len(below) <= len(above):
            behind = sum(below)
            return behind, even, self.total - behind - even
        ahead = sum(above)
        return self.total - ahead - even, even, ahead

    @cached_property
    def chance_ahead(self) -> Rational:
        """The exact chance of ending the session ahead (net result above 0)."""
        return Rational(self._sides[2], self.total)

    @cached_property
    def chance_even(self) -> Rational:
        """The exact chance of ending the session even (net result 0)."""
        return Rational(self._sides[1], self.total)

    @cached_property
    def chance_behind(self) -> Rational:
        """The exact chance of ending the session behind (net result below 0)."""
        return Rational(self._sides[0], self.total)

    @cached_property
    def _rough(self) -> tuple[int, list[int]]:
        """The weights' running sums cut to about 96 bits, ``(shift, sums)``: the exact running sum
        to index ``k`` is at least ``sums[k] << shift`` and below ``(sums[k] + k + 1) << shift``."""
        shift = max(self.total.bit_length() - 96, 0)
        return shift, list(itertools.accumulate(weight >> shift for weight in self.weights))

    def _first_reaching(self, p: int, r: int) -> int:
        """The first index whose exact running sum ``S`` has ``S * r >= p * total`` (``p > 0``): the
        rough sums settle it, or narrow it to a few indexes summed exactly."""
        shift, sums = self._rough
        need, indexes = p * self.total, range(len(sums))
        # before ``first`` even the upper bound falls short; from ``last`` on the lower bound reaches
        first = bisect.bisect_left(indexes, True, key=lambda k: ((sums[k] + k + 1) << shift) * r > need)
        last = bisect.bisect_left(indexes, True, key=lambda k: (sums[k] << shift) * r >= need)
        if first >= last:
            return last
        running = sum(self.weights[:first])
        for index in range(first, min(last, len(sums) - 1)):
            running += self.weights[index]
            if running * r >= need:
                return index
        return min(last, len(sums) - 1)

    def percentile(self, q: Any) -> Rational:
        """The smallest net result whose exact cumulative chance is at least ``q``.

        Args:
            q: The cumulative chance wanted, an exact number from 0 to 1 (a float is read exactly).

        Returns:
            That net result in units of the bet; for ``q`` 0, the lowest result within reach.

        Raises:
            OptionError: When ``q`` is not an exact number from 0 to 1.

        >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
        >>> three = session_distribution(coin, 3)
        >>> three.percentile(Rational(1, 2)), three.percentile(Rational(1, 2) + Rational(1, 100))
        (-1, 1)
        """
        try:
            wanted = Rational(q)
        except (TypeError, ValueError):
            wanted = None
        if wanted is None or not wanted.is_Rational or not 0 <= wanted <= 1:
            raise OptionError(f"a percentile's chance must be an exact number from 0 to 1, not {q!r}")
        if wanted == 0:
            index = next(i for i, weight in enumerate(self.weights) if weight)
        else:
            index = self._first_reaching(int(wanted.p), int(wanted.q))
        return (self.low + index) * self.unit

    @property
    def median(self) -> Rational:
        """The exact median net result (the 50th percentile), in units of the bet."""
        return self.percentile(Rational(1, 2))

    def range_holding(self, mass: Any) -> tuple[Rational, Rational]:
        """The central range of net results holding at least a given chance: from the
        ``(1 - mass) / 2`` percentile to the ``(1 + mass) / 2`` percentile (not the shortest range).

        Args:
            mass: The chance the range should hold, an exact number from 0 to 1.

        Returns:
            The range's lowest and highest net results, in units of the bet.

        >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
        >>> session_distribution(coin, 4).range_holding(Rational(3, 4))
        (-2, 2)
        """
        share = Rational(mass)
        if not 0 <= share <= 1:
            raise OptionError(f"a range's chance must be an exact number from 0 to 1, not {mass!r}")
        return self.percentile((1 - share) / 2), self.percentile((1 + share) / 2)

    def summary(self) -> str:
        """The bet, the hands, the exact chances of ending ahead, even and behind, and the mean.

        Returns:
            One line, such as `banker, 100 hands: ahead 44.7362%, even 0.0009%, behind ...`.
        """
        return (
            f"{self.bet}, {self.hands:,} hands: ahead {percent_text(self.chance_ahead)}, "
            f"even {percent_text(self.chance_even)}, behind {percent_text(self.chance_behind)}, "
            f"mean {decimal_text(self.mean, 2)} units"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The session's summary, as ``cardmath session`` prints it (:func:`session_table`): the
        chances, the median and the central ranges, never every result.

        Returns:
            One table of figures and exact values.
        """
        return (session_table(self),)

    def conditions(self) -> dict[str, Any]:
        """The bet and the number of hands.

        Returns:
            `bet` and `hands`.
        """
        return {"bet": self.bet, "hands": self.hands}

    def records(self) -> list[dict[str, Any]]:
        """One record per net result within reach, from the lowest: the conditions, the net result
        in units of the bet (`net_result`) and its exact chance (`probability`, summing to 1).

        Returns:
            One dictionary per net result.
        """
        start = self.conditions()
        return [{**start, "net_result": result, "probability": chance} for result, chance in self.results()]


def session_distribution(bet: LatticeBet, hands: int) -> SessionDistribution:
    """The exact distribution of the net result of ``hands`` flat bets of one unit.

    Args:
        bet: The bet on its lattice.
        hands: How many hands, a whole number from 1 to :func:`max_exact_hands` of the bet.

    Returns:
        Each net result's exact whole weight out of ``D**hands``.

    Raises:
        OptionError: When ``hands`` is not such a whole number.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 4), Rational(3, 4)))
    >>> session_distribution(coin, 2).weights
    (1, 0, 6, 0, 9)
    """
    n = _check_hands(bet, hands, max_exact_hands(bet))
    low_step, one_hand, denominator = bet.dense_weights()
    # n hands: the n-th power of one hand's generating polynomial, in exact integers (FLINT
    # multiplies such polynomials with fast transforms: 1,000 banker hands in well under a second)
    weights = [int(weight) for weight in (flint.fmpz_poly(one_hand) ** n).coeffs()]
    weights += [0] * (n * (len(one_hand) - 1) + 1 - len(weights))
    found = SessionDistribution(bet.name, n, Rational(bet.unit), n * low_step, tuple(weights), denominator**n)
    # a sum of n independent hands has n times one hand's mean and variance: known at once, where
    # summing them from the weights reads every digit of the distribution (a second for 1,000 hands)
    found.__dict__.update(mean=n * bet.mean, variance=n * bet.variance)
    return found


def approximation_differences(distribution: SessionDistribution, bet: LatticeBet) -> dict[str, float]:
    """How far the normal approximation is from the exact figures: exact minus approximate.

    Args:
        distribution: The exact session, from :func:`session_distribution`.
        bet: The bet it was built from.

    Returns:
        ``chance ahead``, ``chance even``, ``chance behind`` and each range's ends (``90% low``,
        ``90% high``...), each the exact figure minus the approximate one, as a float.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> gaps = approximation_differences(session_distribution(coin, 100), coin)
    >>> abs(gaps["chance ahead"]) < 0.001, gaps["90% low"]
    (True, 0.0)
    """
    approximate = normal_approximation(bet, distribution.hands)
    gaps = {
        "chance ahead": float(distribution.chance_ahead) - approximate.chance_ahead,
        "chance even": float(distribution.chance_even) - approximate.chance_even,
        "chance behind": float(distribution.chance_behind) - approximate.chance_behind,
    }
    for share, (mass, low, high) in zip(RANGE_MASSES, approximate.ranges, strict=True):
        exact_low, exact_high = distribution.range_holding(share)
        gaps[f"{mass:.0%} low"] = float(exact_low) - low
        gaps[f"{mass:.0%} high"] = float(exact_high) - high
    return gaps


def session_table(distribution: SessionDistribution) -> Table:
    """A summary of a session: its mean, spread, chances of ending ahead, even and behind, median and
    central ranges.

    Args:
        distribution: The exact session, from :func:`session_distribution`.

    Returns:
        A table of figures and exact values, results in units of the bet.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> table = session_table(session_distribution(coin, 4))
    >>> table.rows[3], table.rows[-1]
    (('chance ahead', 5/16), ('99% range', '-4 to 4'))
    """
    rows: list[tuple[Any, ...]] = [
        ("hands", distribution.hands),
        ("mean", distribution.mean),
        ("standard deviation", distribution.standard_deviation),
        ("chance ahead", distribution.chance_ahead),
        ("chance even", distribution.chance_even),
        ("chance behind", distribution.chance_behind),
        ("median", distribution.median),
    ]
    kinds = [Kind.COUNT, Kind.DECIMAL, Kind.DECIMAL, *[Kind.PROBABILITY] * 3, Kind.DECIMAL]
    for mass in RANGE_MASSES:
        low, high = distribution.range_holding(mass)
        rows.append((f"{result_text(mass * 100)}% range", f"{result_text(low)} to {result_text(high)}"))
        kinds.append(Kind.TEXT)
    return Table(
        f"{distribution.bet}: {distribution.hands:,} hands",
        ("figure", "value"),
        tuple(rows),
        kinds=(Kind.TEXT,),
        row_kinds=tuple(kinds),
        notes=(
            ("mean, median, range", "net results in units of the bet, flat bets of one unit a hand"),
            ("standard deviation", "the exact square root of the exact variance"),
            ("90% range", "from the 5th to the 95th percentile: the central range, not the shortest"),
        ),
    )


def distribution_table(distribution: SessionDistribution, limit: int = 41) -> Table:
    """The net results of a session with their exact chances, the central ones when there are many.

    Args:
        distribution: The exact session, from :func:`session_distribution`.
        limit: The most results to list: those within reach nearest the median, from 1 up.

    Returns:
        A table of net results (units of the bet), their chances and running chances, a note
        saying how much chance lies in results left out.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> table = distribution_table(session_distribution(coin, 2))
    >>> table.rows
    ((-2, 1/4, 1/4), (0, 1/2, 3/4), (2, 1/4, 1))
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise OptionError(f"limit must be a whole number of results from 1 up, not {limit!r}")
    reached = [i for i, w in enumerate(distribution.weights) if w]
    middle = int(distribution.median / distribution.unit) - distribution.low
    centre = min(range(len(reached)), key=lambda j: abs(reached[j] - middle))
    first = max(0, min(centre - limit // 2, len(reached) - limit))
    shown = reached[first : first + limit]
    total = distribution.total
    running = sum(distribution.weights[: shown[0]])
    rows = []
    for index in shown:
        running += distribution.weights[index]
        result = (distribution.low + index) * distribution.unit
        rows.append((result, Rational(distribution.weights[index], total), Rational(running, total)))
    below = Rational(sum(distribution.weights[: shown[0]]), total)
    above = Rational(sum(distribution.weights[shown[-1] + 1 :]), total)
    notes = [("net result", "in units of the bet, after flat bets of one unit a hand")]
    if len(shown) < len(reached):
        notes.append(
            (
                "left out",
                f"{len(reached) - len(shown):,} results: chance {float(below):.6g} below the table, "
                f"{float(above):.6g} above it",
            )
        )
    return Table(
        f"{distribution.bet}: net result after {distribution.hands:,} hands",
        ("net result", "probability", "cumulative"),
        tuple(rows),
        kinds=(Kind.DECIMAL, Kind.PROBABILITY, Kind.PROBABILITY),
        notes=tuple(notes),
    )


def approximation_errors(bet: LatticeBet, hands: Sequence[int]) -> tuple[tuple[int, float, float], ...]:
    """How far the approximations are from the exact chances, at numbers of hands where both exist.

    Args:
        bet: The bet on its lattice.
        hands: The numbers of hands to compare at, each from 1 to :func:`max_exact_hands` of the bet.

    Returns:
        ``(hands, normal error, saddlepoint error)`` for each: the largest absolute error of the
        chances of ending ahead, even and behind, as floats.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> [(n, round(normal, 3)) for n, normal, _ in approximation_errors(coin, [10, 1000])]
    [(10, 0.002), (1000, 0.0)]
    """
    found = []
    for count in hands:
        exact = session_distribution(bet, count)
        chances = [float(exact.chance_ahead), float(exact.chance_even), float(exact.chance_behind)]
        normal, saddle = normal_approximation(bet, count), saddlepoint_approximation(bet, count)
        errors = [
            max(
                abs(c - a)
                for c, a in zip(chances, (m.chance_ahead, m.chance_even, m.chance_behind), strict=True)
            )
            for m in (normal, saddle)
        ]
        found.append((count, errors[0], errors[1]))
    return tuple(found)


def approximation_table(bet: LatticeBet, hands: int) -> Table:
    """A session past the exact limit: its exact mean and spread, and the normal and saddlepoint
    approximations of its chances and ranges, labelled.

    Args:
        bet: The bet on its lattice.
        hands: How many hands, a whole number from 1 to 10**12.

    Returns:
        A table of figures, approximations in columns of their own, with notes saying what each is.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> table = approximation_table(coin, 10**6)
    >>> table.headers, table.rows[3][0], round(table.rows[3][1], 4)
    (('figure', 'normal', 'saddlepoint'), 'chance ahead', 0.4996)
    """
    normal = normal_approximation(bet, hands)
    saddle = saddlepoint_approximation(bet, hands)
    rows: list[tuple[Any, ...]] = [
        ("hands", hands, hands),
        ("mean (exact)", hands * bet.mean, hands * bet.mean),
        ("standard deviation (exact)", sqrt(hands * bet.variance), sqrt(hands * bet.variance)),
        ("chance ahead", normal.chance_ahead, saddle.chance_ahead),
        ("chance even", normal.chance_even, saddle.chance_even),
        ("chance behind", normal.chance_behind, saddle.chance_behind),
    ]
    kinds = [Kind.COUNT, Kind.DECIMAL, Kind.DECIMAL, *[Kind.PROBABILITY] * 3]
    for mass, low, high in normal.ranges:
        rows.append(
            (
                f"{mass:.0%} range",
                f"{result_text(Rational(str(low)))} to {result_text(Rational(str(high)))}",
                "-",
            )
        )
        kinds.append(Kind.TEXT)
    return Table(
        f"{bet.name}: {hands:,} hands, approximated",
        ("figure", "normal", "saddlepoint"),
        tuple(rows),
        kinds=(Kind.TEXT,),
        row_kinds=tuple(kinds),
        notes=(
            ("normal", normal.label),
            ("saddlepoint", saddle.label),
            (
                "crossing point",
                f"the exact distribution is computed up to {max_exact_hands(bet):,} hands of this bet",
            ),
        ),
    )
