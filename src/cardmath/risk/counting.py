"""What a counting strategy's win rate and swings mean for a bankroll: N0, the diffusion risk of
ruin, the bankroll for a risk, and the Kelly fraction.

A counting study measures, for each strategy, the mean ``m`` and the variance ``v`` of the
units it wins over one shoe (one unit being one flat bet).  A player who plays shoe after shoe
is a random walk with steps of that mean and variance, and these figures follow from the two
numbers alone:

- **N0**, ``v / m**2``: the number of shoes after which the expected win equals one standard
  deviation of the total (``N0 * m == sqrt(N0 * v)``); the fewer, the sooner skill shows over luck.
- **Risk of ruin by the diffusion approximation**, ``exp(-2 * m * B / v)``: the chance that a
  bankroll of ``B`` units is ever lost, for the Brownian motion with the walk's drift and
  variance.  It is an approximation: it ignores that a shoe's result comes in jumps (a shoe can
  overshoot the bankroll's end), so it holds when ``B`` is many standard deviations of a shoe
  and ``m`` is small against the standard deviation; it is 1 for ``m <= 0``.
- **The bankroll for a risk** ``r``: ``-v * ln(r) / (2 * m)``, the same formula solved for ``B``.
- **The Kelly fraction** of a bet ``m / v`` (per bet made, of the bet's own mean and variance):
  the fraction of the bankroll to stake on each bet that maximises the bankroll's long-run
  growth, to first order in a small edge (the exact optimum of a bet with several outcomes
  differs from it by terms of the order of the edge squared).

Every function here gives a display figure: a float, from estimates that carry their own errors
(it takes ints, floats or exact Rationals).  ``None`` stands for a figure that does not exist
(N0 of a strategy that does not win).

>>> mean, variance = 0.5, 324.0  # units won per shoe, and their variance
>>> n0(mean, variance)
1296.0
>>> round(diffusion_ruin(mean, variance, 324.0), 6)  # exp(-1)
0.367879
>>> round(bankroll_for_ruin(mean, variance, 0.05), 2)
970.62
>>> kelly_fraction(0.02, 1.0)
0.02
"""

from __future__ import annotations

import math
import numbers

from sympy import Rational

from cardmath.errors import OptionError

__all__ = ["Number", "bankroll_for_ruin", "diffusion_ruin", "kelly_fraction", "n0"]

Number = float | Rational
"""A figure the formulas take: an int, a float or an exact ``Rational``."""


def _finite(value: Number, what: str) -> float:
    """``value`` as a float: a ``TypeError`` for what is not a real number, an ``OptionError`` for
    an infinite or undefined one."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} must be a real number (int, float or Rational), not {type(value).__name__}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise OptionError(f"{what} must be a finite number, not {value!r}")
    return number


def _moments(mean: Number, variance: Number) -> tuple[float, float]:
    m = _finite(mean, "the mean")
    v = _finite(variance, "the variance")
    if v < 0:
        raise OptionError(f"the variance must be 0 or more, not {variance!r}")
    return m, v


def n0(mean: Number, variance: Number) -> float | None:
    """N0: the number of trials (shoes, or rounds) after which the expected total win equals one
    standard deviation of the total, ``variance / mean**2``.

    Args:
        mean: The expected win per trial, in units; N0 is defined only when it is positive.
        variance: The variance of a trial's win, in units squared, 0 or more.

    Returns:
        ``variance / mean**2``; ``None`` when the mean is 0 or less (the expected win never catches up
            with the swings).

    Raises:
        OptionError: When a figure is not finite, or the variance is negative.

    >>> n0(2.0, 100.0), n0(-1.0, 4.0)
    (25.0, None)
    """
    m, v = _moments(mean, variance)
    return v / (m * m) if m > 0 else None


def diffusion_ruin(mean: Number, variance: Number, bankroll: Number) -> float:
    """The chance of ever losing ``bankroll`` units, by the diffusion approximation
    ``exp(-2 * mean * bankroll / variance)``.

    Args:
        mean: The expected win per trial, in units; a mean of 0 or less ruins for sure.
        variance: The variance of a trial's win, in units squared, 0 or more; with no variance a winning
            player is never ruined.
        bankroll: The units the player starts with, more than 0.

    Returns:
        A chance from 0 to 1: 1 when the mean is 0 or less (with no variance: when it is negative), 0 when
            the mean is 0 or more with no variance.

    Raises:
        OptionError: When a figure is not finite, the variance is negative or the bankroll is not positive.

    >>> round(diffusion_ruin(1.0, 200.0, 100.0), 6), diffusion_ruin(0.0, 9.0, 10.0)
    (0.367879, 1.0)
    """
    m, v = _moments(mean, variance)
    b = _finite(bankroll, "the bankroll")
    if b <= 0:
        raise OptionError(f"the bankroll must be more than 0 units, not {bankroll!r}")
    if v == 0:
        return 1.0 if m < 0 else 0.0
    if m <= 0:
        return 1.0
    return math.exp(-2 * m * b / v)


def bankroll_for_ruin(mean: Number, variance: Number, risk: Number) -> float | None:
    """The bankroll whose diffusion risk of ruin is ``risk``: ``-variance * ln(risk) / (2 * mean)``.

    Args:
        mean: The expected win per trial, in units; only a positive mean has such a bankroll.
        variance: The variance of a trial's win, in units squared, 0 or more.
        risk: The accepted chance of ruin, more than 0 and less than 1 (0.05 is 5%).

    Returns:
        The bankroll in units (0 when the mean is 0 or more with no variance: nothing is at risk); ``None``
            when the mean is below 0, or 0 with some variance (no bankroll suffices).

    Raises:
        OptionError: When a figure is not finite, the variance is negative or the risk is not between 0 and 1.

    >>> round(bankroll_for_ruin(1.0, 200.0, math.exp(-1)), 9), bankroll_for_ruin(-0.1, 200.0, 0.01)
    (100.0, None)
    """
    m, v = _moments(mean, variance)
    r = _finite(risk, "the risk of ruin")
    if not 0 < r < 1:
        raise OptionError(f"the risk of ruin must be more than 0 and less than 1, not {risk!r}")
    if v == 0 and m >= 0:
        return 0.0
    if m <= 0:
        return None
    return -v * math.log(r) / (2 * m)


def kelly_fraction(mean: Number, variance: Number) -> float | None:
    """The Kelly fraction of a bet, to first order in its edge: ``mean / variance`` of one unit
    staked, the share of the bankroll to stake on each bet made; 0 for a bet that does not win.

    Args:
        mean: The expected net win of one unit staked (the player's advantage, 0.05 for 5%).
        variance: The variance of the net win of one unit staked, in units squared, 0 or more.

    Returns:
        ``mean / variance`` for a positive mean, 0.0 for a mean of 0 or less; ``None`` when a positive mean
            has no variance (a sure win: no fraction bounds it).

    Raises:
        OptionError: When a figure is not finite, or the variance is negative.

    >>> kelly_fraction(0.05, 25.0), kelly_fraction(-0.01, 1.0), kelly_fraction(0.1, 0.0)
    (0.002, 0.0, None)
    """
    m, v = _moments(mean, variance)
    if m <= 0:
        return 0.0
    return m / v if v > 0 else None
