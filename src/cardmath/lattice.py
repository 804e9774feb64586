"""A bet's result per hand as whole steps of a lattice: what session and ruin figures are built on.

A par sheet gives each outcome's exact net result per unit bet and its exact chance.  Every net
result is a whole multiple of one *unit*, the lattice spacing: 1 for pays in whole units, 1/20 for
a banker bet paying 19 to 20.  :class:`LatticeBet` holds each distinct net result as a whole
number of steps with its exact probability (outcomes with the same net result merged), so that
sums of hands are sums of integers.  It takes a game by what it does (an ``analyze`` verb), so it
sits with the par sheet, below the games, for the par sheet's swing (:mod:`cardmath.swing`) and
the risk figures (:mod:`cardmath.risk`) alike.

>>> from cardmath.games.baccarat import GAME
>>> from cardmath.shoe import Shoe
>>> banker = LatticeBet.of(GAME, "banker", Shoe.standard(8))
>>> banker.unit, banker.steps
(1/20, (-20, 0, 19))
>>> sum(banker.probabilities)
1
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.display import Displayed
from cardmath.errors import OptionError
from cardmath.parsheet import ParSheet
from cardmath.shoe import Shoe
from cardmath.table import Kind, Table
from cardmath.text import decimal_text, exact_text

__all__ = ["LatticeBet"]


@dataclass(frozen=True, repr=False)
class LatticeBet(Displayed):
    """A bet's net result per hand on a lattice: ``steps[i] * unit`` with chance ``probabilities[i]``.

    Args:
        name: The bet's name, for titles and messages.
        unit: The lattice spacing, an exact positive fraction of the unit bet.
        steps: The distinct net results, in whole steps of ``unit``, increasing.
        probabilities: The exact chance of each, summing to 1.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> coin.mean, coin.variance
    (0, 1)
    >>> coin
    <LatticeBet: coin: 2 net results from -1 to 1 units, lattice unit 1, mean 0 units a hand>
    >>> coin.records()[0]
    {'bet': 'coin', 'unit': 1, 'net_result': -1, 'steps': -1, 'probability': 1/2}
    """

    name: str
    unit: Rational
    steps: tuple[int, ...]
    probabilities: tuple[Rational, ...]

    def __post_init__(self) -> None:
        if len(self.steps) != len(self.probabilities) or not self.steps:
            raise OptionError(f"bet {self.name!r}: give one probability per net result")
        if list(self.steps) != sorted(set(self.steps)):
            raise OptionError(f"bet {self.name!r}: the net results must be distinct and increasing")
        if any(p < 0 for p in self.probabilities) or sum(self.probabilities) != 1:
            raise OptionError(f"bet {self.name!r}: the probabilities must be 0 or more and sum to 1")
        if self.unit <= 0:
            raise OptionError(f"bet {self.name!r}: the lattice unit must be more than 0, not {self.unit}")

    @classmethod
    def from_sheet(cls, name: str, sheet: ParSheet) -> LatticeBet:
        """A par sheet's outcomes on their lattice (outcomes of equal net result merged; outcomes
        of chance 0 dropped).

        Args:
            name: The bet's name.
            sheet: The bet's par sheet: exact pays and probabilities.

        Returns:
            The bet on the coarsest lattice holding every net result.

        >>> from cardmath.parsheet import Outcome
        >>> win = Outcome("win", Rational(19, 20), Rational(1, 2))
        >>> sheet = ParSheet((win, Outcome("lose", -1, Rational(1, 2))))
        >>> LatticeBet.from_sheet("banker", sheet).steps
        (-20, 19)
        """
        merged: dict[Rational, Rational] = {}
        for outcome in sheet:
            if outcome.probability:
                pays = Rational(outcome.pays)
                merged[pays] = merged.get(pays, Rational(0)) + Rational(outcome.probability)
        denominator = math.lcm(*(int(pays.q) for pays in merged))
        numerators = [int(pays * denominator) for pays in merged]
        common = math.gcd(*numerators) or 1
        unit = Rational(common, denominator)
        ordered = sorted(merged)
        return cls(name, unit, tuple(int(pays / unit) for pays in ordered), tuple(merged[p] for p in ordered))

    @classmethod
    def of(cls, game: Any, bet: str, shoe: Shoe, rules: Any = None) -> LatticeBet:
        """A catalogue game's bet on a shoe, from its par sheet.

        Args:
            game: A catalogue game of the registry (with an ``analyze`` verb).
            bet: The bet's built-in name.
            shoe: The shoe dealt from.
            rules: The game's rules; its usual table for ``None``.

        Returns:
            The bet on its lattice.
        """
        result = game.analyze(shoe, rules, bets=[bet])
        return cls.from_sheet(bet, result.bets[bet])

    @property
    def mean(self) -> Rational:
        """The expected net result per hand, in units of the bet."""
        return (
            Rational(sum((s * p for s, p in zip(self.steps, self.probabilities, strict=True)), Rational(0)))
            * self.unit
        )

    @property
    def variance(self) -> Rational:
        """The variance of the net result per hand, in squared units of the bet."""
        second = sum((s * s * p for s, p in zip(self.steps, self.probabilities, strict=True)), Rational(0))
        return Rational(second) * self.unit**2 - self.mean**2

    def whole_weights(self) -> tuple[dict[int, int], int]:
        """Each step of positive chance with its whole weight over the chances' common
        denominator ``D``: what sums of hands are counted in (``D**n`` for ``n`` hands).

        Returns:
            ``({step: weight}, D)``, the steps increasing and the weights summing to ``D``.

        >>> coin = LatticeBet("coin", Rational(1), (-1, 0, 1), (Rational(1, 4), Rational(0), Rational(3, 4)))
        >>> coin.whole_weights()
        ({-1: 1, 1: 3}, 4)
        """
        kept = [(step, Rational(p)) for step, p in zip(self.steps, self.probabilities, strict=True) if p]
        denominator = math.lcm(*(int(p.q) for _, p in kept))
        return {step: int(p * denominator) for step, p in kept}, denominator

    def dense_weights(self) -> tuple[int, list[int], int]:
        """One hand's whole weights on every step from the lowest reachable to the highest: the
        coefficients of its generating polynomial.

        Returns:
            ``(lowest step, [weight of each step from it], D)``, zeros for steps out of reach.

        >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 4), Rational(3, 4)))
        >>> coin.dense_weights()
        (-1, [1, 0, 3], 4)
        """
        weights, denominator = self.whole_weights()
        low = min(weights)
        dense = [0] * (max(weights) - low + 1)
        for step, weight in weights.items():
            dense[step - low] = weight
        return low, dense, denominator

    def values(self) -> Sequence[Rational]:
        """Each net result in units of the bet.

        Returns:
            ``steps[i] * unit`` for each outcome, increasing.
        """
        return tuple(step * self.unit for step in self.steps)

    def summary(self) -> str:
        """The bet, its net results, its lattice and its mean.

        Returns:
            One line, such as `banker: 3 net results from -1 to 0.95 units, lattice unit 0.05, ...`.
        """
        low, high = (_exact_words(step * self.unit) for step in (self.steps[0], self.steps[-1]))
        return (
            f"{self.name}: {len(self.steps):,} net results from {low} to {high} units, lattice unit "
            f"{_exact_words(self.unit)}, mean {decimal_text(self.mean, 6, trim=True)} units a hand"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """Each net result with its steps of the lattice and its exact probability.

        Returns:
            One table, a row per net result, from the lowest.
        """
        rows = tuple(
            (step * self.unit, step, p) for step, p in zip(self.steps, self.probabilities, strict=True)
        )
        return (
            Table(
                f"{self.name}: net result per hand",
                ("net result", "steps", "probability"),
                rows,
                kinds=(Kind.PAY, Kind.COUNT, Kind.PROBABILITY),
                notes=(
                    ("net result", "per unit bet"),
                    ("steps", f"the net result in whole steps of the lattice unit {exact_text(self.unit)}"),
                ),
                slug="lattice",
            ),
        )

    def conditions(self) -> dict[str, Any]:
        """The bet and its lattice unit.

        Returns:
            `bet` and `unit`.
        """
        return {"bet": self.name, "unit": self.unit}


def _exact_words(value: Rational) -> str:
    """An exact number for a one-line summary: its decimal when it ends within 6 places
    (``0.95``), else its fraction (``1/3``)."""
    decimal = decimal_text(value, 6, trim=True)
    return decimal if Rational(decimal) == value else exact_text(value)
