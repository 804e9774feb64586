"""The normal approximation of a session's net result, for any number of hands: floats, labelled.

The net result of ``hands`` flat bets of one unit is read as normal with the session's exact mean
and variance, with a continuity correction of half the spacing between the results a session can
reach.  It costs the same for any number of hands, so it answers where the exact distribution
(:func:`~cardmath.risk.session.session_distribution`) stops; its figures are floats, and every
result, title and note says they are an approximation.

>>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
>>> normal_approximation(coin, 100)  # doctest: +ELLIPSIS
<NormalApproximation: coin, 100 hands, normal approximation: ahead 46.0172%, even 7.9656%, ...>
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from numbers import Integral
from statistics import NormalDist
from typing import Any

from sympy import Rational, sqrt

from cardmath.display import Displayed
from cardmath.errors import OptionError
from cardmath.lattice import LatticeBet
from cardmath.swing import RANGE_MASSES, range_fields
from cardmath.table import Kind, Table
from cardmath.text import decimal_text

__all__ = ["LABEL", "MOST_HANDS", "NormalApproximation", "normal_approximation", "normal_table"]

LABEL = "normal approximation (continuity-corrected), not exact"
"""What these figures are, for titles and notes."""

MOST_HANDS = 10**12
"""The most hands the approximation takes."""


def _plain(value: float, places: int = 10) -> str:
    """A float as a decimal without an exponent (``-16``, ``-60.35``), to at most ``places``
    decimals (exactly that many when ``places`` is under 10)."""
    if not math.isfinite(value):
        return str(value)
    return decimal_text(Rational(repr(value)), places, trim=places >= 10)


@dataclass(frozen=True, repr=False)
class NormalApproximation(Displayed):
    """The normal approximation of a session's net result: floats, not exact figures.

    The net result is read as normal with the session's exact mean and variance, with a continuity
    correction of half the spacing between the results a session can reach.

    Args:
        bet: The bet's name.
        hands: How many hands were played.
        mean: The expected net result, in units of the bet.
        standard_deviation: The net result's standard deviation, in units of the bet.
        chance_ahead: The approximate chance of ending above 0.
        chance_even: The approximate chance of ending at 0 (0 when 0 is out of reach).
        chance_behind: The approximate chance of ending below 0.
        ranges: ``(chance held, lowest, highest)`` for each of :data:`~cardmath.swing.RANGE_MASSES`, on
            the lattice.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> approximation = normal_approximation(coin, 100)
    >>> round(approximation.chance_ahead, 4), approximation.ranges[0]
    (0.4602, (0.9, -16.0, 16.0))
    >>> approximation.records()[0]["range_90_low"], approximation.records()[0]["method"] == LABEL
    (-16.0, True)
    """

    bet: str
    hands: int
    mean: float
    standard_deviation: float
    chance_ahead: float
    chance_even: float
    chance_behind: float
    ranges: tuple[tuple[float, float, float], ...]

    label = LABEL
    """What these figures are, for titles and notes."""

    def summary(self) -> str:
        """The bet, the hands and the approximate chances of ending ahead, even and behind.

        Returns:
            One line, such as `banker, 100 hands, normal approximation: ahead 45.3521%, ...`.
        """
        return (
            f"{self.bet}, {self.hands:,} hands, normal approximation: ahead {self.chance_ahead:.4%}, "
            f"even {self.chance_even:.4%}, behind {self.chance_behind:.4%}, mean {_plain(self.mean, 2)} units"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The figures as :func:`normal_table` gives them.

        Returns:
            One table of figures and values.
        """
        return (normal_table(self),)

    def conditions(self) -> dict[str, Any]:
        """The bet, the hands and the method.

        Returns:
            `bet`, `hands` and `method` (the approximation's label).
        """
        return {"bet": self.bet, "hands": self.hands, "method": self.label}

    def records(self) -> list[dict[str, Any]]:
        """One record: the conditions, then each figure in a column of its own (the ranges' ends as
        `range_90_low`, `range_90_high`...), so that the records of many sessions stack.

        Returns:
            A list of one dictionary of floats.
        """
        figures = {
            "mean": self.mean,
            "standard_deviation": self.standard_deviation,
            "chance_ahead": self.chance_ahead,
            "chance_even": self.chance_even,
            "chance_behind": self.chance_behind,
        }
        return [{**self.conditions(), **figures, **range_fields(self.ranges)}]


def normal_approximation(bet: LatticeBet, hands: int) -> NormalApproximation:
    """The normal approximation of the net result after ``hands`` flat bets, for any number of hands.

    Args:
        bet: The bet on its lattice.
        hands: How many hands, a whole number from 1 to :data:`MOST_HANDS`.

    Returns:
        Approximate chances of ending ahead, even and behind, and central ranges, as floats.

    Raises:
        OptionError: When ``hands`` is not such a whole number.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> round(normal_approximation(coin, 10).chance_even, 4)
    0.2482
    """
    if isinstance(hands, bool) or not isinstance(hands, Integral) or not 1 <= int(hands) <= MOST_HANDS:
        raise OptionError(f"hands must be a whole number from 1 to 10**12 for {bet.name!r}, not {hands!r}")
    n = int(hands)
    steps = [s for s, p in zip(bet.steps, bet.probabilities, strict=True) if p]
    span = math.gcd(*(s - steps[0] for s in steps)) or 1  # reachable steps: n * steps[0] + span * k
    origin = n * steps[0]
    unit, mean, deviation = Rational(bet.unit), n * bet.mean, float(sqrt(n * bet.variance))
    if deviation == 0:  # one outcome: the result is certain
        value = float(mean)
        certain = (float(value > 0), float(value == 0), float(value < 0))
        ranges = tuple((float(m), value, value) for m in RANGE_MASSES)
        return NormalApproximation(bet.name, n, value, 0.0, *certain, ranges)
    normal = NormalDist(float(mean), deviation)
    half = float(span * unit) / 2
    above = origin + span * ((0 - origin) // span + 1)  # the lowest reachable step above 0
    below = origin + span * (-(origin // span) - 1)  # the highest reachable step below 0
    ahead = 1 - normal.cdf(float(above * unit) - half)
    behind = normal.cdf(float(below * unit) + half)
    even = normal.cdf(half) - normal.cdf(-half) if (0 - origin) % span == 0 else 0.0

    def quantile(q: float) -> float:
        """The lowest reachable result whose corrected normal chance of not being passed is q."""
        target = (normal.inv_cdf(q) - half) / float(unit)
        k = math.ceil((target - origin) / span - 1e-9)
        return float((origin + span * k) * unit)

    ranges = tuple(
        (float(m), quantile(float((1 - m) / 2)), quantile(float((1 + m) / 2))) for m in RANGE_MASSES
    )
    return NormalApproximation(bet.name, n, float(mean), deviation, ahead, even, behind, ranges)


def normal_table(approximation: NormalApproximation) -> Table:
    """The normal approximation's figures as a table: the mean and spread, the chances of ending
    ahead, even and behind, and the central ranges, labelled as an approximation.

    Args:
        approximation: The figures, from :func:`normal_approximation`.

    Returns:
        A table of figures and float values, results in units of the bet, with a note saying what
        the figures are.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> table = normal_table(normal_approximation(coin, 100))
    >>> table.title, table.rows[-3]
    ('coin: 100 hands, normal approximation', ('90% range', '-16 to 16'))
    """
    rows: list[tuple[Any, ...]] = [
        ("hands", approximation.hands),
        ("mean", approximation.mean),
        ("standard deviation", approximation.standard_deviation),
        ("chance ahead", approximation.chance_ahead),
        ("chance even", approximation.chance_even),
        ("chance behind", approximation.chance_behind),
    ]
    kinds = [Kind.COUNT, Kind.DECIMAL, Kind.DECIMAL, *[Kind.PROBABILITY] * 3]
    for mass, low, high in approximation.ranges:
        rows.append((f"{_plain(mass * 100)}% range", f"{_plain(low)} to {_plain(high)}"))
        kinds.append(Kind.TEXT)
    return Table(
        f"{approximation.bet}: {approximation.hands:,} hands, normal approximation",
        ("figure", "value"),
        tuple(rows),
        kinds=(Kind.TEXT,),
        row_kinds=tuple(kinds),
        notes=(
            ("normal", approximation.label),
            ("mean, range", "net results in units of the bet, flat bets of one unit a hand"),
        ),
        slug="normal-approximation",
    )
