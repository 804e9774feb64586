"""A par sheet's swing: a session's percentiles and central ranges, certified without the exact
distribution.

It sits with the par sheet, below the engine that publishes every sheet with its swing; the
capabilities built on the games (:mod:`cardmath.risk`) use it and export its names too.

A percentile of a session's net result is a point of the bet's lattice: the first point whose
cumulative chance reaches the wanted chance ``q``.  It is therefore settled as soon as the
cumulative chances at that point and the one before it are known to lie on either side of
``q``; their exact values, fractions of ``D**hands`` digits (``D`` the common denominator of one
hand's chances), are not needed.  :func:`session_percentiles` finds the chances to a fixed
number of bits with whole numbers that are never too large:

- one hand's chances are rounded *down* to whole multiples of ``2**-bits``, and after each
  product of the powering, every coefficient is rounded down again (results too unlikely to
  hold a whole ``2**-bits`` become 0 and leave the polynomial), so each computed chance is at
  most the exact one and the polynomials stay short;
- the chance the rounding lost, ``missing``, is known exactly: 1 less the sum of the computed
  chances, since the exact ones sum to 1.  Every exact cumulative chance then lies between the
  computed one and the computed one plus ``missing``.

A percentile is certified when the computed bounds decide it; otherwise (the wanted chance within
``missing`` of a cumulative chance, or exactly equal to one) more bits are tried, and finally
the exact whole-number power, so every answer is exact.  With 64 bits 1,000 hands of a banker
bet take some hundredths of a second, against about half a second for the exact distribution of
:func:`~cardmath.risk.session.session_distribution`, and a bet of wide pays (a 40 to 1 side
bet) costs little more, since the results out of reach of ``2**-64`` are never held.
:func:`sheet_swing` gives a par sheet's swing (its standard deviation and central ranges after
100 and 1,000 hands), computed once per distinct set of outcomes.

>>> from cardmath.games.baccarat import GAME
>>> from cardmath.shoe import Shoe
>>> from cardmath.risk.session import session_distribution
>>> banker = LatticeBet.of(GAME, "banker", Shoe.standard(8))
>>> exact = session_distribution(banker, 100)
>>> central_ranges(banker, 100) == tuple(exact.range_holding(mass) for mass in RANGE_MASSES)
True
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import Any

import flint
from sympy import Expr, Rational, sqrt

from cardmath.display import Displayed
from cardmath.errors import OptionError
from cardmath.lattice import LatticeBet
from cardmath.parsheet import ParSheet
from cardmath.table import Kind, Table
from cardmath.text import decimal_text, number_text

__all__ = [
    "BITS",
    "MOST_STEPS",
    "RANGE_MASSES",
    "SWING_HANDS",
    "SessionSwing",
    "central_ranges",
    "range_fields",
    "result_text",
    "session_percentiles",
    "session_swing",
    "sheet_swing",
]

RANGE_MASSES: tuple[Rational, ...] = (Rational(9, 10), Rational(19, 20), Rational(99, 100))
"""The chances the central ranges hold: 90 %, 95 % and 99 % (of a par sheet's swing, and of a
session's tables in :mod:`cardmath.risk.session`)."""

BITS: tuple[int, ...] = (64, 256)
"""The precisions tried in turn, in bits, before the exact whole-number power."""

SWING_HANDS: tuple[int, ...] = (100, 1000)
"""The session lengths a par sheet's swing is given for."""

_MOST_HANDS = 100_000
"""The most hands a certified percentile accepts."""

MOST_STEPS = 10_000
"""The widest spread of one hand's net results, in steps of the bet's lattice, whose percentiles
are worked out: the published bets span at most a few hundred steps (an Egalité bet paying 225 to
1, 226), while a pay of a billion to one would need polynomials of billions of terms.  A wider bet
gets its standard deviations and no ranges (:func:`session_swing`)."""


def _span(bet: LatticeBet) -> int:
    """How many lattice steps one hand's reachable net results spread over."""
    kept = [step for step, p in zip(bet.steps, bet.probabilities, strict=True) if p]
    return kept[-1] - kept[0]


def result_text(value: Any) -> str:
    """A net result as people read it: a terminating decimal in full, else its fraction.

    Args:
        value: An exact number (an int or a Rational), such as a range's end in units of the bet.

    Returns:
        Its decimal digits when it has finitely many (`-16.5`, `0.95`), else `p/q` (`1/3`).

    >>> result_text(Rational(-33, 2)), result_text(Rational(19, 20)), result_text(Rational(1, 3))
    ('-16.5', '0.95', '1/3')
    """
    exact = Rational(value)
    q = int(exact.q)
    twos = fives = 0
    while q % 2 == 0:
        q, twos = q // 2, twos + 1
    while q % 5 == 0:
        q, fives = q // 5, fives + 1
    if q != 1:
        return f"{exact.p}/{exact.q}"
    return decimal_text(exact, max(twos, fives))


def range_fields(ranges: Iterable[tuple[Any, Any, Any]]) -> dict[str, Any]:
    """Central ranges as the fields of a record: ``range_90_low``, ``range_90_high`` and so on,
    named by the chance each holds (so that the records of many sessions stack as columns).

    Args:
        ranges: ``(chance held, lowest, highest)`` triples; a chance exact or a float.

    Returns:
        Each range's ends under their names, in the order given.

    >>> range_fields([(Rational(9, 10), -16, 16), (0.995, -1.5, 2.0)])
    {'range_90_low': -16, 'range_90_high': 16, 'range_99_5_low': -1.5, 'range_99_5_high': 2.0}
    """
    fields: dict[str, Any] = {}
    for mass, low, high in ranges:
        share = Rational(repr(mass)) if isinstance(mass, float) else Rational(mass)
        name = "range_" + result_text(share * 100).replace(".", "_").replace("/", "_")
        fields[f"{name}_low"], fields[f"{name}_high"] = low, high
    return fields


@dataclass(frozen=True, repr=False)
class SessionSwing(Displayed):
    """How far the net result of ``hands`` flat bets of one unit strays: its exact variance
    and the central ranges holding each of :data:`RANGE_MASSES`.

    Args:
        hands: How many hands the session has.
        variance: The exact variance of the session's net result, in squared units of the bet.
        ranges: ``(chance held, lowest, highest)`` per range, the ends in units of the bet.

    >>> swing = SessionSwing(100, Rational(100), ((Rational(9, 10), Rational(-16), Rational(16)),))
    >>> swing.standard_deviation, swing.range_holding(Rational(9, 10))
    (10, (-16, 16))
    >>> swing
    <SessionSwing: 100 hands: standard deviation 10 units, 90% range -16 to 16>
    >>> swing.records()
    [{'hands': 100, 'variance': 100, 'standard_deviation': 10, 'range_90_low': -16, 'range_90_high': 16}]
    """

    hands: int
    variance: Rational
    ranges: tuple[tuple[Rational, Rational, Rational], ...]

    @functools.cached_property
    def standard_deviation(self) -> Expr:
        """The exact standard deviation of the session's net result (``sqrt(hands)`` times one
        hand's), a SymPy surd in general (worked out once: SymPy takes the square factors out)."""
        return sqrt(self.variance)

    def range_holding(self, mass: Any) -> tuple[Rational, Rational]:
        """The central range holding a chance the swing was computed for.

        Args:
            mass: One of the chances of ``ranges``, such as ``Rational(9, 10)``.

        Returns:
            The range's lowest and highest net results, in units of the bet.
        """
        for held, low, high in self.ranges:
            if held == mass:
                return low, high
        raise OptionError(
            f"no range holds {mass}: choose one of {', '.join(str(m) for m, _, _ in self.ranges)}"
        )

    def summary(self) -> str:
        """The hands, the standard deviation and the central ranges.

        Returns:
            One line, such as `100 hands: standard deviation 10 units, 90% range -16 to 16, ...`.
        """
        spread = number_text(self.standard_deviation, 4).rstrip("0").rstrip(".")
        ranges = "".join(
            f", {result_text(mass * 100)}% range {result_text(low)} to {result_text(high)}"
            for mass, low, high in self.ranges
        )
        return f"{self.hands:,} hands: standard deviation {spread} units{ranges}"

    def display_tables(self) -> tuple[Table, ...]:
        """The swing as a table of figures: the hands, the variance, the standard deviation and the
        central ranges (a row saying they were not worked out when there are none).

        Returns:
            One table of figures and values, results in units of the bet.
        """
        rows: list[tuple[Any, ...]] = [
            ("hands", self.hands),
            ("variance", self.variance),
            ("standard deviation", self.standard_deviation),
        ]
        kinds = [Kind.COUNT, Kind.DECIMAL, Kind.DECIMAL]
        for mass, low, high in self.ranges:
            rows.append((f"{result_text(mass * 100)}% range", f"{result_text(low)} to {result_text(high)}"))
            kinds.append(Kind.TEXT)
        if not self.ranges:
            rows.append(("ranges", "not worked out: the pays spread over too many steps"))
            kinds.append(Kind.TEXT)
        return (
            Table(
                f"Swing after {self.hands:,} hands",
                ("figure", "value"),
                tuple(rows),
                kinds=(Kind.TEXT,),
                row_kinds=tuple(kinds),
                notes=(("range", "from the 5th to the 95th percentile for 90%: central, not the shortest"),),
                slug="swing",
            ),
        )

    def conditions(self) -> dict[str, Any]:
        """The session's length.

        Returns:
            `hands`.
        """
        return {"hands": self.hands}

    def records(self) -> list[dict[str, Any]]:
        """One record: the hands, the exact variance and standard deviation, and each range's ends
        (`range_90_low`, `range_90_high`...), so that the swings of many sessions stack.

        Returns:
            A list of one dictionary of exact values.
        """
        fields = {"variance": self.variance, "standard_deviation": self.standard_deviation}
        return [{**self.conditions(), **fields, **range_fields(self.ranges)}]


def _check_chance(q: Any) -> Rational:
    """``q`` as an exact chance above 0 and at most 1, or an :class:`OptionError`."""
    try:
        chance = Rational(q)
    except (TypeError, ValueError):
        chance = None
    if chance is None or not chance.is_Rational or not 0 < chance <= 1:
        raise OptionError(f"a percentile's chance must be an exact number above 0 and at most 1, not {q!r}")
    return chance


def _trimmed(poly: flint.fmpz_poly, start: int) -> tuple[flint.fmpz_poly, int]:
    """The polynomial without its low zero coefficients, and the step its first one stands for."""
    coefficients = poly.coeffs()
    zeros = next((i for i, c in enumerate(coefficients) if c), 0)
    return (poly.right_shift(zeros) if zeros else poly), start + zeros


def _product(
    first: tuple[flint.fmpz_poly, int], second: tuple[flint.fmpz_poly, int], scale: int
) -> tuple[flint.fmpz_poly, int]:
    """The product of two polynomials of chances held as whole multiples of ``1/scale``, each
    coefficient rounded down to such a multiple (so it is at most the exact product's)."""
    return _trimmed((first[0] * second[0]) // scale, first[1] + second[1])


def _lower_power(poly: flint.fmpz_poly, start: int, exponent: int, scale: int) -> tuple[flint.fmpz_poly, int]:
    """A lower bound of a power of chances held as whole multiples of ``1/scale``, by squaring
    and multiplying with :func:`_product`: every coefficient at most the exact power's."""
    result: tuple[flint.fmpz_poly, int] | None = None
    base = (poly, start)
    while exponent:
        if exponent & 1:
            result = base if result is None else _product(result, base, scale)
        exponent >>= 1
        if exponent:
            base = _product(base, base, scale)
    assert result is not None
    return result


def _decide(sums: Sequence[int], missing: int, scale: int, chance: Rational) -> int | None:
    """The index of the first cumulative chance reaching ``chance``, if the bounds decide it:
    each exact cumulative chance lies from ``sums[i] / scale`` to ``(sums[i] + missing) / scale``
    (and below ``missing / scale`` before the first index)."""
    a, b = int(chance.p), int(chance.q)
    needed = -(-a * scale // b)  # the least whole multiple of 1/scale at or above the chance
    index = bisect.bisect_left(sums, needed - missing)  # before it, even the upper bound falls short
    if index == len(sums) or sums[index] < needed:
        return None
    if index == 0 and missing >= needed:
        return None
    return index


def _exact_indexes(weights: list[int], hands: int, chances: Sequence[Rational]) -> list[int]:
    """The exact index of each percentile, from the exact whole-number power (the last resort)."""
    power = [int(c) for c in (flint.fmpz_poly(weights) ** hands).coeffs()]
    sums = list(itertools.accumulate(power))
    total = sums[-1]
    return [bisect.bisect_left(sums, -(-int(q.p) * total // int(q.q))) for q in chances]


def session_percentiles(
    bet: LatticeBet, hands: int, chances: Sequence[Any], *, bits: Sequence[int] = BITS
) -> tuple[Rational, ...]:
    """The exact percentiles of the net result of ``hands`` flat bets, each the smallest net
    result whose cumulative chance reaches the chance given (as
    :meth:`~cardmath.risk.session.SessionDistribution.percentile` has it), certified by bounds.

    Args:
        bet: The bet on its lattice.
        hands: How many hands, a whole number from 1 to 100,000.
        chances: The cumulative chances wanted, exact numbers above 0 and at most 1.
        bits: The precisions to try in turn before the exact power; fewer bits are quicker and
            decide a little less often.

    Returns:
        One net result per chance, in units of the bet, in the order of ``chances``.

    Raises:
        OptionError: When ``hands`` or a chance is out of range.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> session_percentiles(coin, 3, [Rational(1, 2), Rational(51, 100)])
    (-1, 1)
    """
    if isinstance(hands, bool) or not isinstance(hands, Integral) or not 1 <= int(hands) <= _MOST_HANDS:
        raise OptionError(f"hands must be a whole number from 1 to {_MOST_HANDS:,}, not {hands!r}")
    wanted = [_check_chance(q) for q in chances]
    if _span(bet) > MOST_STEPS:
        raise OptionError(
            f"bet {bet.name!r} spreads its net results over {_span(bet):,} lattice steps, more than the "
            f"{MOST_STEPS:,} whose percentiles are worked out: use its standard deviation instead"
        )
    low, weights, denominator = bet.dense_weights()
    found: dict[int, int] = {}
    for precision in bits:
        scale = 1 << precision
        base = flint.fmpz_poly([w * scale // denominator for w in weights])
        poly, start = _lower_power(*_trimmed(base, 0), int(hands), scale)
        sums = list(itertools.accumulate(int(c) for c in poly.coeffs()))
        missing = scale - (sums[-1] if sums else 0)
        for position, chance in enumerate(wanted):
            if position not in found and (index := _decide(sums, missing, scale, chance)) is not None:
                found[position] = start + index
        if len(found) == len(wanted):
            break
    left = [position for position in range(len(wanted)) if position not in found]
    if left:
        exact = _exact_indexes(weights, int(hands), [wanted[position] for position in left])
        found.update(zip(left, exact, strict=True))
    origin = int(hands) * low
    return tuple((origin + found[position]) * bet.unit for position in range(len(wanted)))


def central_ranges(
    bet: LatticeBet, hands: int, masses: Sequence[Any] = RANGE_MASSES, *, bits: Sequence[int] = BITS
) -> tuple[tuple[Rational, Rational], ...]:
    """The central ranges of the net result after ``hands`` flat bets, each from the
    ``(1 - mass) / 2`` to the ``(1 + mass) / 2`` percentile (as
    :meth:`~cardmath.risk.session.SessionDistribution.range_holding` has it), exactly.

    Args:
        bet: The bet on its lattice.
        hands: How many hands, a whole number from 1 to 100,000.
        masses: The chance each range holds, exact numbers above 0 and below 1; 90 %, 95 % and
            99 % by default.
        bits: The precisions to try in turn (:func:`session_percentiles`).

    Returns:
        ``(lowest, highest)`` net result of each range, in units of the bet, in the order of
        ``masses``.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> central_ranges(coin, 4, [Rational(3, 4)])
    ((-2, 2),)
    """
    shares = [Rational(mass) for mass in masses]
    if any(not 0 < share < 1 for share in shares):
        raise OptionError(f"a range's chance must be an exact number above 0 and below 1, not {list(masses)}")
    chances = [half for share in shares for half in ((1 - share) / 2, (1 + share) / 2)]
    ends = session_percentiles(bet, hands, chances, bits=bits)
    return tuple((ends[2 * i], ends[2 * i + 1]) for i in range(len(shares)))


def session_swing(bet: LatticeBet, hands: int) -> SessionSwing:
    """The swing of ``hands`` flat bets: the exact variance (``hands`` times one hand's) and the
    central ranges holding 90 %, 95 % and 99 % of the net result (no ranges for a bet whose net
    results spread over more than :data:`MOST_STEPS` lattice steps).

    Args:
        bet: The bet on its lattice.
        hands: How many hands, a whole number from 1 to 100,000.

    Returns:
        The session's swing, every figure exact.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> swing = session_swing(coin, 100)
    >>> swing.standard_deviation, swing.range_holding(Rational(9, 10))
    (10, (-16, 16))
    >>> rare = Rational(1, 10**7)
    >>> long_shot = LatticeBet("long shot", Rational(1), (-1, 10**6), (1 - rare, rare))
    >>> session_swing(long_shot, 100).ranges
    ()
    """
    variance = Rational(int(hands) * bet.variance)
    if _span(bet) > MOST_STEPS:  # too wide a lattice to hold: the standard deviation alone
        return SessionSwing(int(hands), variance, ())
    ranges = central_ranges(bet, hands)
    return SessionSwing(
        int(hands),
        variance,
        tuple((Rational(mass), low, high) for mass, (low, high) in zip(RANGE_MASSES, ranges, strict=True)),
    )


@functools.cache
def _swings(
    unit: Rational, steps: tuple[int, ...], probabilities: tuple[Rational, ...], hands: tuple[int, ...]
) -> tuple[SessionSwing, ...]:
    """The swings of one distribution of net results, computed once however many sheets share it."""
    bet = LatticeBet("bet", unit, steps, probabilities)
    return tuple(session_swing(bet, n) for n in hands)


def sheet_swing(sheet: ParSheet, hands: Sequence[int] = SWING_HANDS) -> tuple[SessionSwing, ...]:
    """A par sheet's swing after each number of ``hands``, from its outcomes as published (net
    results per unit of initial bet, raises included); sheets of the same net results and
    chances share one computation.

    Args:
        sheet: The bet's par sheet, whose chances sum to 1.
        hands: The session lengths, each a whole number from 1 to 100,000; 100 and 1,000 by default.

    Returns:
        One :class:`SessionSwing` per session length, in the order of ``hands``.

    >>> from cardmath.parsheet import Outcome
    >>> coin = ParSheet((Outcome("win", 1, Rational(1, 2)), Outcome("lose", -1, Rational(1, 2))))
    >>> [swing.range_holding(Rational(99, 100)) for swing in sheet_swing(coin)]
    [(-26, 26), (-82, 82)]
    """
    bet = LatticeBet.from_sheet("bet", sheet)
    return _swings(bet.unit, bet.steps, bet.probabilities, tuple(int(n) for n in hands))
