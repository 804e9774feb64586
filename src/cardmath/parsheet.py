"""The figures of a bet: expected value, house edge, element of risk, spread.

A bet's result is a :class:`ParSheet`: its outcomes, each with what it pays (the net result per
unit of initial bet), what was staked in it (for bets that can be raised), its number of
combinations and its exact probability.  Every figure is derived from those outcomes.

>>> from sympy import Rational
>>> sheet = ParSheet((
...     Outcome("win", pays=Rational(1), probability=Rational(18, 37), combinations=18),
...     Outcome("lose", pays=Rational(-1), probability=Rational(19, 37), combinations=19),
... ))
>>> sheet.house_edge, sheet.hit_frequency, sheet.total_combinations
(1/37, 18/37, 37)
>>> sheet.variance
1368/1369
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import sympy

__all__ = ["Outcome", "ParSheet"]


@dataclass(frozen=True)
class Outcome:
    """One line of a par sheet.

    ``pays`` is the net result per unit of initial bet (``-1`` a lost bet, ``0`` a push, ``-2`` a
    lost raised bet); ``staked`` is the total amount bet in this outcome per unit of initial bet;
    ``combinations`` is the number of (padded) ordered deals, or ``None`` for an infinite shoe.

    Three of a kind in one-deck Red Dog pays 11 to 1 and comes in 312 of 132600 deals:

    >>> from sympy import Rational
    >>> trips = Outcome("three of a kind", Rational(11), Rational(312, 132600), combinations=312)
    >>> trips.probability, trips.contribution, trips.staked
    (1/425, 11/425, 1)
    """

    name: str
    pays: Any
    probability: Any
    combinations: int | None = None
    staked: Any = 1

    @property
    def contribution(self) -> Any:
        """The outcome's share of the expected value: ``pays * probability``."""
        return self.pays * self.probability


@dataclass(frozen=True)
class ParSheet:
    """The outcomes of a bet and the exact figures that follow from them.

    Pays may contain SymPy symbols (to solve for a pay); probabilities must be exact.

    A bet doubled before it wins 1 to 1 a quarter of the time, and otherwise lost unraised:

    >>> from sympy import Rational
    >>> won = Outcome("raised, won", pays=Rational(2), probability=Rational(1, 4), staked=2)
    >>> sheet = ParSheet((won, Outcome("lost", pays=Rational(-1), probability=Rational(3, 4))))
    >>> sheet.house_edge, sheet.expected_stake, sheet.element_of_risk, [o.name for o in sheet]
    (1/4, 5/4, 1/5, ['raised, won', 'lost'])
    """

    outcomes: tuple[Outcome, ...]

    def __iter__(self) -> Iterator[Outcome]:
        return iter(self.outcomes)

    @property
    def expected_value(self) -> Any:
        """Expected net result per unit of initial bet."""
        return sympy.Add(*(o.contribution for o in self.outcomes))

    @property
    def house_edge(self) -> Any:
        """Expected loss per unit of initial bet: ``-expected_value``."""
        return -self.expected_value

    @property
    def expected_stake(self) -> Any:
        """Expected total amount bet per unit of initial bet (raises included, pushes too)."""
        return sympy.Add(*(o.staked * o.probability for o in self.outcomes))

    @property
    def element_of_risk(self) -> Any:
        """Expected loss divided by the expected total amount bet."""
        return self.house_edge / self.expected_stake

    @property
    def variance(self) -> Any:
        """Variance of the net result per unit of initial bet."""
        mean = self.expected_value
        return sympy.Add(*(o.pays**2 * o.probability for o in self.outcomes)) - mean**2

    @property
    def standard_deviation(self) -> Any:
        """Exact standard deviation (a surd in general); ``float()`` it for a view."""
        return sympy.sqrt(self.variance)

    @property
    def hit_frequency(self) -> Any:
        """Probability that the bet wins something."""
        return sympy.Add(*(o.probability for o in self.outcomes if o.pays > 0))

    @property
    def probability_total(self) -> Any:
        """Sum of the outcome probabilities (exactly 1 for a complete sheet)."""
        return sympy.Add(*(o.probability for o in self.outcomes))

    @property
    def total_combinations(self) -> int | None:
        """Sum of the outcome counts, or ``None`` for an infinite shoe."""
        counts = [o.combinations for o in self.outcomes]
        if any(c is None for c in counts):
            return None
        return sum(c for c in counts if c is not None)
