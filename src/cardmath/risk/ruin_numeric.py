"""Risk of ruin beyond the exact solver: 30 significant digits or more, with a rigorous error bound.

A chain of more living states than :data:`~cardmath.risk.ruin.MAX_STATES` has exact figures whose
fractions grow too long to reach in seconds.  This module finds them in ball arithmetic (FLINT's
``arb``: every number is a midpoint and a radius that is guaranteed to hold the true value, every
rounding widened into the radius), by the same recurrence as the exact solver.  With ``L`` the
largest step down plus the largest step up, the values of the ``L`` lattice points ``x - fall`` to
``x + rise - 1`` (a *window*) give the value at ``x + rise`` by the hitting equation at ``x``, so
that one window follows from the one before by a constant ``L + 1`` by ``L + 1`` matrix ``A``
(the last row and column carry the constant 1 of the expected number of hands).  Starting from the
window at the ruin boundary (known values below it, ``rise`` unknown values above it), the window
past the target is ``A**N`` times it, ``N`` the number of living states: ``A**N`` is computed by
repeated squaring, and the ``rise`` conditions past the target give the unknowns by a small ball
solve.

The recurrence magnifies rounding errors by about the ratio of the largest to the smallest root of
the walk's characteristic polynomial, to the power ``N``: the precision is set from that estimate
and doubled until every figure's ball is narrower than its value times ``10**-DIGITS``
(:data:`DIGITS`).  The reported figures are decimals of :data:`DIGITS` + 10 significant digits
whose distance from the true value is at most ``relative_error`` times the value: a bound, not an
estimate.  A question whose precision would exceed :data:`MAX_BITS` is refused at once.

>>> from sympy import Rational
>>> from cardmath.lattice import LatticeBet
>>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 3), Rational(2, 3)))
>>> figures = numeric_ruin(coin, 3, 2)
>>> figures.method
'ball arithmetic (arb), rigorous error bound'
>>> abs(figures.reach - Rational(28, 31)) <= figures.relative_error * Rational(28, 31)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
from flint import arb, arb_mat, ctx, fmpq
from sympy import Rational

from cardmath.display import Displayed
from cardmath.errors import OptionError
from cardmath.lattice import LatticeBet
from cardmath.table import Kind, Table
from cardmath.text import float_value, percent_text

__all__ = [
    "DIGITS",
    "MAX_BITS",
    "MAX_CHAIN",
    "MAX_WORK",
    "METHOD",
    "NumericRuin",
    "numeric_ruin",
    "precision_needed",
    "work",
]

DIGITS = 30
"""The fewest correct significant digits of every figure."""

MAX_BITS = 40_000
"""The most bits of working precision a question may need (set by the size of the chain and the
spread of its characteristic roots); beyond it the question would take minutes to hours, and is
refused."""

METHOD = "ball arithmetic (arb), rigorous error bound"
"""How the figures of :func:`numeric_ruin` are found, for results and notes."""

MAX_CHAIN = 10**9
"""The most living states a numeric solve takes, whatever its precision."""

MAX_WORK = 12 * 10**12
"""The most work a question may take, in the units of :func:`work`: about a minute (the banker
bet with 5,000 units against a 5,000-unit target, 200,000 states and 26,000 bits, is 10 ** 13)."""

_GUARD_BITS = 64
"""Bits of precision beyond the estimated loss, to start with."""


@dataclass(frozen=True, repr=False)
class NumericRuin(Displayed):
    """A chain's figures to :data:`DIGITS` significant digits or more, with their rigorous bound.

    Args:
        reach: The chance of reaching the target before ruin, a decimal of about 40 digits.
        ruin: The chance of ruin first, likewise (found on its own, not as ``1 - reach``).
        expected_hands: The expected number of hands played, likewise.
        relative_error: A proven bound on each figure's distance from its true value, as a share of
            the figure.
        bits: The working precision, in bits, that gave that bound.

    >>> NumericRuin(Rational(1, 2), Rational(1, 2), Rational(1), Rational(0), 64).relative_error
    0
    >>> NumericRuin(Rational(3, 5), Rational(2, 5), Rational(6), Rational(1, 10**35), 128)
    <NumericRuin: target 60.0000%, ruin 40.0000%, expected hands 6.00, each within 1.0e-35 (128 bits)>
    """

    reach: Rational
    ruin: Rational
    expected_hands: Rational
    relative_error: Rational
    bits: int

    method = METHOD
    """How the figures were found."""

    def summary(self) -> str:
        """The chances of the target and of ruin, the expected hands and their bound.

        Returns:
            One line, such as `target 7.7749%, ruin 92.2251%, expected hands 7,934.55, each within ...`.
        """
        return (
            f"target {percent_text(self.reach)}, ruin {percent_text(self.ruin)}, expected hands "
            f"{float_value(self.expected_hands):,.2f}, each within {float(self.relative_error):.1e} "
            f"({self.bits:,} bits)"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The figures with their bound and precision.

        Returns:
            One table of figures and values (decimals of about 40 digits, as exact fractions).
        """
        rows = (
            ("chance of reaching the target", self.reach),
            ("chance of ruin", self.ruin),
            ("expected hands", self.expected_hands),
            ("relative error bound", self.relative_error),
            ("working precision, bits", self.bits),
        )
        kinds = (Kind.PROBABILITY, Kind.PROBABILITY, Kind.DECIMAL, Kind.DECIMAL, Kind.COUNT)
        return (
            Table(
                "Risk of ruin, ball arithmetic",
                ("figure", "value"),
                rows,
                kinds=(Kind.TEXT,),
                row_kinds=kinds,
                notes=(("method", f"{self.method}: each figure within the bound, as a share of it"),),
                slug="numeric-ruin",
            ),
        )

    def conditions(self) -> dict[str, Any]:
        """How the figures were found.

        Returns:
            `method`.
        """
        return {"method": self.method}

    def records(self) -> list[dict[str, Any]]:
        """One record: the method, each figure, the bound and the precision.

        Returns:
            A list of one dictionary of exact values.
        """
        figures = {
            "reach": self.reach,
            "ruin": self.ruin,
            "expected_hands": self.expected_hands,
            "relative_error": self.relative_error,
            "bits": self.bits,
        }
        return [{**self.conditions(), **figures}]


def _characteristic_roots(weights: dict[int, int], denominator: int) -> np.ndarray:
    """The roots of ``sum_s w_s z**(s + fall) - D z**fall``: the walk's growth factors."""
    fall, rise = -min(weights), max(weights)
    coefficients = [0.0] * (fall + rise + 1)  # highest power first
    for step, weight in weights.items():
        coefficients[rise - step] += weight / denominator
    coefficients[rise] -= 1.0
    return np.roots(coefficients)


def precision_needed(weights: dict[int, int], denominator: int, states: int) -> int:
    """The bits the recurrence over ``states`` living states loses, estimated from the spread of
    the walk's characteristic roots (a float estimate: it only sets the starting precision and the
    refusal, the error bound itself is rigorous).

    Args:
        weights: Each step of positive chance, in lattice points, with its integer weight.
        denominator: The weights' common denominator (their sum).
        states: The number of living states of the chain.

    Returns:
        The estimated bits lost, 0 or more.

    >>> precision_needed({-1: 1, 1: 2}, 3, 100)  # roots 1/2 and 1: one bit a state
    100
    """
    moduli = [abs(complex(root)) for root in _characteristic_roots(weights, denominator)]
    moduli = [modulus for modulus in moduli if modulus > 0]
    spread = math.log2(max(moduli)) - math.log2(min(moduli))
    return max(0, math.ceil(states * spread))


def work(size: int, bits: int, states: int) -> float:
    """The cost of a solve, in units of about 5 picoseconds on a current processor: each of the
    ``2 log2(states)`` products of ``size`` by ``size`` matrices of balls of ``bits`` bits costs
    ``size**3`` products of numbers whose cost grows as ``bits**1.5``.

    Args:
        size: The order of the window's step matrix (the largest steps down and up, plus 1).
        bits: The working precision in bits.
        states: The number of living states, the power the matrix is raised to.

    Returns:
        The estimated work, compared with :data:`MAX_WORK`.

    >>> work(3, 100, 1) == 2 * 27 * 1000
    True
    """
    return float(2 * max(1.0, math.log2(states + 1)) * size**3 * bits**1.5)


def _matrix(weights: dict[int, int], denominator: int) -> arb_mat:
    """The window's step matrix ``A`` at the current precision (see the module's documentation)."""
    fall, rise = -min(weights), max(weights)
    size = fall + rise
    top = weights[rise]
    rows = [[arb(0)] * (size + 1) for _ in range(size + 1)]
    for i in range(size - 1):
        rows[i][i + 1] = arb(1)
    last = rows[size - 1]
    last[fall] = arb(fmpq(denominator - weights.get(0, 0), top))
    for step, weight in weights.items():
        if step not in (0, rise):
            last[step + fall] = arb(fmpq(-weight, top))
    last[size] = arb(fmpq(-denominator, top))
    rows[size][size] = arb(1)
    return arb_mat(rows)


def _exact(ball: arb) -> Rational:
    """A ball's midpoint as the exact binary fraction it is."""
    mantissa, exponent = ball.mid().man_exp()
    return Rational(int(mantissa)) * Rational(2) ** int(exponent)


def _significant(value: Rational, digits: int, *, up: bool = False) -> Rational:
    """A positive exact number cut to ``digits`` significant decimal digits (rounded up if asked).

    >>> _significant(Rational(2, 3), 3), _significant(Rational(2, 3), 3, up=True)
    (333/500, 667/1000)
    """
    exponent = len(str(int(value.p))) - len(str(int(value.q))) - digits + 1
    scaled = value / Rational(10) ** exponent
    while scaled >= 10**digits:  # the length of the digits can overshoot by one either way
        exponent, scaled = exponent + 1, scaled / 10
    while scaled < 10 ** (digits - 1):
        exponent, scaled = exponent - 1, scaled * 10
    whole = math.ceil(scaled) if up else math.floor(scaled)
    return Rational(whole) * Rational(10) ** exponent


def _decimal(value: arb, digits: int) -> tuple[Rational, Rational]:
    """A ball's midpoint cut to ``digits`` significant decimal digits, and a proven bound on the
    true value's distance from that decimal (the ball's radius plus the cut)."""
    middle = _exact(value)
    sign = -1 if middle < 0 else 1
    decimal = 0 if middle == 0 else sign * _significant(abs(middle), digits)
    radius = _exact(arb(value.rad()))  # the radius is a short exact number
    return Rational(decimal), radius + abs(middle - decimal)


def _solve_at(
    weights: dict[int, int], denominator: int, start: int, low: int, high: int
) -> tuple[arb, arb, arb]:
    """The balls of the reach, ruin and expected-hands values at ``start``, at the current precision."""
    fall, rise = -min(weights), max(weights)
    size = fall + rise
    step = _matrix(weights, denominator)
    before = step ** (start - low) if start > low else arb_mat(_identity(size + 1))
    after = step ** (high - start)
    whole = after * before
    unknowns = list(range(fall, size))
    # three starting windows: (boundary below, constant): reach (0, 0), ruin (1, 0), hands (0, 1)
    cases = ((0, 0, 1), (1, 0, 0), (0, 1, 0))  # (value below ruin, constant, value past target)
    system = arb_mat([[whole[size - rise + i, j] for j in unknowns] for i in range(rise)])
    right = []
    for i in range(rise):
        row = size - rise + i
        below = sum((whole[row, j] for j in range(fall)), arb(0))
        right.append(
            [
                arb(past) - below * arb(low_value) - whole[row, size] * arb(constant)
                for low_value, constant, past in cases
            ]
        )
    solution = system.solve(arb_mat(right))
    found = []
    for column, (low_value, constant, _) in enumerate(cases):
        value = sum((before[fall, j] * solution[j - fall, column] for j in unknowns), arb(0))
        value += sum((before[fall, j] for j in range(fall)), arb(0)) * arb(low_value)
        value += before[fall, size] * arb(constant)
        found.append(value)
    return found[0], found[1], found[2]


def _identity(size: int) -> list[list[int]]:
    """The rows of the ``size`` by ``size`` identity matrix."""
    return [[int(i == j) for j in range(size)] for i in range(size)]


def numeric_ruin(bet: LatticeBet, start: int, gain: int) -> NumericRuin:
    """The chances of the target and of ruin, and the expected hands, of a chain of any size, each
    to :data:`DIGITS` significant digits or more with a rigorous bound.

    Args:
        bet: The bet played every hand, one unit each time (it must be able to win and to lose).
        start: The starting bankroll, in lattice points of the bet (at least its worst loss).
        gain: The target gain, in lattice points, 1 or more.

    Returns:
        The figures as decimals, with their proven relative error bound and the precision used.

    Raises:
        OptionError: When the precision needed exceeds :data:`MAX_BITS` (the message says how
            much it would be), or the bet cannot both win and lose.

    >>> from sympy import Rational
    >>> from cardmath.lattice import LatticeBet
    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> figures = numeric_ruin(coin, 30, 20)
    >>> float(figures.reach), float(figures.expected_hands), figures.relative_error < Rational(1, 10**30)
    (0.6, 600.0, True)
    """
    denominator = math.lcm(*(int(p.q) for p in bet.probabilities if p))
    weights = {s: int(p * denominator) for s, p in zip(bet.steps, bet.probabilities, strict=True) if p}
    if min(weights) >= 0 or max(weights) <= 0:
        raise OptionError(f"bet {bet.name!r} must be able to win and to lose for a risk of ruin")
    fall = -min(weights)
    if start < fall or gain < 1:
        raise OptionError("the bankroll must cover the worst loss and the target must be 1 point or more")
    low, high = fall, start + gain
    states = high - low
    if states > MAX_CHAIN:
        raise OptionError(
            f"a chain of {states:,} states is beyond the {MAX_CHAIN:,} the numeric solve takes: give "
            "a smaller bankroll or target"
        )
    lost = precision_needed(weights, denominator, states)
    wanted = math.ceil(DIGITS * math.log2(10)) + 8
    bits = lost + wanted + _GUARD_BITS
    if bits > MAX_BITS:
        raise OptionError(
            f"a chain of {states:,} states of bet {bet.name!r} needs about {bits:,} bits of precision "
            f"for {DIGITS} digits, more than the {MAX_BITS:,} done in a minute or so: give a smaller "
            "bankroll or target"
        )
    size = fall + max(weights) + 1
    if work(size, bits, states) > MAX_WORK:
        raise OptionError(
            f"a chain of {states:,} states of bet {bet.name!r} at {bits:,} bits would take more than "
            f"a minute or so to solve to {DIGITS} digits: give a smaller bankroll or target"
        )
    while True:
        saved = ctx.prec
        try:
            ctx.prec = bits
            balls = _solve_at(weights, denominator, start, low, high)
            good = all(ball.rel_accuracy_bits() >= wanted for ball in balls)
            if good:
                return _rounded(balls, bits)
        except ZeroDivisionError:  # the ball system could not be solved at this precision
            pass
        finally:
            ctx.prec = saved
        if bits >= MAX_BITS or work(size, 2 * bits, states) > MAX_WORK:
            raise OptionError(
                f"the chain of {states:,} states of bet {bet.name!r} did not reach {DIGITS} digits "
                f"within {MAX_BITS:,} bits of precision: give a smaller bankroll or target"
            )
        bits = min(2 * bits, MAX_BITS)


def _rounded(balls: tuple[arb, arb, arb], bits: int) -> NumericRuin:
    """The balls as decimals of ``DIGITS + 10`` digits and their common relative bound."""
    figures, bound = [], Rational(0)
    for ball in balls:
        decimal, gap = _decimal(ball, DIGITS + 10)
        figures.append(decimal)
        if gap:
            # the true value is at least |decimal| - gap, so gap / (|decimal| - gap) bounds the share
            bound = max(bound, _significant(gap / (abs(decimal) - gap), 2, up=True))
    return NumericRuin(figures[0], figures[1], figures[2], bound, bits)
