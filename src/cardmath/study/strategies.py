"""When to bet: :class:`CountTrigger` (bet when a count reaches a trigger), :class:`PerfectPlay`
(bet exactly when the exact edge of the cards left favours the player) and :class:`NeverBet` (a
check: it wins nothing).

A strategy sees, before each round, the running count, the cards left and the exact house edge
of its bet on them; :meth:`bets` decides every round of a shoe at once.  Perfect play knows the
exact composition of the cards left, burned cards included: no strategy that sees only the cards
dealt can do better (:func:`~cardmath.study.engine.tally_shoes` checks it on every shoe).

>>> from sympy import Rational
>>> from cardmath.study.counts import HOW_DRAGON_7
>>> how = CountTrigger("dragon_7", HOW_DRAGON_7, Rational(0), CountBasis.RUNNING)
>>> how.name, PerfectPlay("dragon_7").name, NeverBet("dragon_7").name
('dragon_7 how_dragon_7 running count >= 0', 'dragon_7 perfect play', 'dragon_7 never')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from sympy import Rational

from cardmath.errors import OptionError
from cardmath.numbers import read_rational
from cardmath.study.counts import CountBasis, CountSystem

__all__ = ["CountTrigger", "NeverBet", "PerfectPlay", "Strategy", "true_count_floor"]

Array = npt.NDArray[Any]


def true_count_floor(running: Array, remaining: Array) -> Array:
    """The true count rounded down (running count per deck remaining, a deck being 52 cards),
    exactly in integers.

    Args:
        running: Running counts, an integer array.
        remaining: The cards left for each running count, an integer array of the same shape, every entry
            positive.

    Returns:
        An integer array of ``floor(52 * running / remaining)``, entry by entry.

    >>> true_count_floor(np.array([7, -7, 4]), np.array([104, 104, 26])).tolist()
    [3, -4, 8]
    """
    return (52 * running) // remaining


@dataclass(frozen=True)
class CountTrigger:
    """Bet ``bet`` when the count's running count (``CountBasis.RUNNING``) or true count
    (``CountBasis.TRUE``) is at least ``trigger`` (an exact number).

    Args:
        bet: The name of the study's bet the strategy places.
        count: The card count the strategy keeps.
        trigger: The least count at which it bets: an exact number, as an int, its text (``"5/2"``) or a
            ``Rational``.
        basis: Whether the trigger is compared with the running count or the true count: a
            :class:`~cardmath.study.counts.CountBasis` or its value; the true count by default.

    >>> from cardmath.study.counts import HOW_DRAGON_7
    >>> jacobson = CountTrigger("dragon_7", HOW_DRAGON_7, 4, CountBasis.TRUE)
    >>> jacobson.bets(np.array([10, 10]), np.array([140, 104]), np.array([5, 5])).tolist()
    [False, True]
    """

    bet: str
    count: CountSystem
    trigger: Rational
    basis: CountBasis = CountBasis.TRUE

    def __post_init__(self) -> None:
        if not isinstance(self.count, CountSystem):
            raise OptionError(f"a count strategy needs a CountSystem, not {self.count!r}")
        object.__setattr__(self, "trigger", read_rational(self.trigger, "the trigger", allowed="a number"))
        object.__setattr__(self, "basis", CountBasis(self.basis))

    @property
    def name(self) -> str:
        """The strategy's name in results.

        >>> from cardmath.study.counts import HOW_DRAGON_7
        >>> CountTrigger("panda_8", HOW_DRAGON_7, "5/2").name
        'panda_8 how_dragon_7 true count >= 5/2'
        """
        return f"{self.bet} {self.count.name} {self.basis.value} count >= {self.trigger}"

    def level(self, running: Array, remaining: Array) -> Array:
        """What the strategy compares with its trigger, rounded down to a whole number (the
        running count, or the true count's floor): the rows of the edge-by-count table.

        Args:
            running: The running count before each round (the exposed card counted), one entry per round of
                the shoes.
            remaining: The cards left in the shoe before each round, one entry per round, in the order of
                ``running``. Used only for the true count.

        Returns:
            An integer array, one count level per round.

        >>> from cardmath.study.counts import HOW_DRAGON_7
        >>> CountTrigger("dragon_7", HOW_DRAGON_7, 0, "running").level(np.array([3]), np.array([52])).tolist()
        [3]
        """
        return running if self.basis is CountBasis.RUNNING else true_count_floor(running, remaining)

    def bets(self, running: Array, remaining: Array, edges: Array) -> Array:
        """Whether to bet each round, from the running counts and cards left before it (``edges``,
        the exact house-edge numerators, are not looked at).

        Args:
            running: The running count before each round (the exposed card counted), one entry per round of
                the shoes.
            remaining: The cards left in the shoe before each round, one entry per round, in the order of
                ``running``.
            edges: The numerator of each round's exact house edge of the bet on the cards left (its
                denominator is positive, so only the sign tells who is favoured). A count does not read them.

        Returns:
            A boolean array, ``True`` for every round where the count is at the trigger or above.

        >>> from cardmath.study.counts import HOW_DRAGON_7
        >>> CountTrigger("dragon_7", HOW_DRAGON_7, 0, "running").bets(
        ...     np.array([-1, 0]), np.array([300, 300]), np.array([1, 1])).tolist()
        [False, True]
        """
        p, q = int(self.trigger.p), int(self.trigger.q)
        if self.basis is CountBasis.RUNNING:
            return np.asarray(running * q >= p)
        return np.asarray(52 * running * q >= p * remaining)


@dataclass(frozen=True)
class PerfectPlay:
    """Bet ``bet`` exactly when its exact house edge on the cards left is negative.

    Args:
        bet: The name of the study's bet the strategy places.

    >>> PerfectPlay("dragon_7").bets(np.array([0, 0]), np.array([9, 9]), np.array([3, -2])).tolist()
    [False, True]
    """

    bet: str

    @property
    def name(self) -> str:
        """The strategy's name in results."""
        return f"{self.bet} perfect play"

    def bets(self, running: Array, remaining: Array, edges: Array) -> Array:
        """Bet where the house-edge numerator is below zero.

        Args:
            running: The running count before each round (the exposed card counted), one entry per round of
                the shoes. Not read: perfect play needs no count.
            remaining: The cards left in the shoe before each round, one entry per round, in the order of
                ``running``. Not read.
            edges: The numerator of each round's exact house edge of the bet on the cards left (its
                denominator is positive, so only the sign tells who is favoured).

        Returns:
            A boolean array, ``True`` for every round at a player advantage.
        """
        return np.asarray(edges < 0)


@dataclass(frozen=True)
class NeverBet:
    """Never bet ``bet``: a check of the bookkeeping (it wins exactly 0).

    Args:
        bet: The name of the study's bet the strategy never places.

    >>> NeverBet("tie").bets(np.array([0]), np.array([9]), np.array([-5])).tolist()
    [False]
    """

    bet: str

    @property
    def name(self) -> str:
        """The strategy's name in results."""
        return f"{self.bet} never"

    def bets(self, running: Array, remaining: Array, edges: Array) -> Array:
        """Never.

        Args:
            running: The running count before each round (the exposed card counted), one entry per round of
                the shoes. Not read.
            remaining: The cards left in the shoe before each round, one entry per round, in the order of
                ``running``. Not read.
            edges: The numerator of each round's exact house edge of the bet on the cards left (its
                denominator is positive, so only the sign tells who is favoured). Only their number is read.

        Returns:
            An all-``False`` boolean array, one entry per round.
        """
        return np.zeros(len(edges), dtype=bool)


Strategy = CountTrigger | PerfectPlay | NeverBet
"""Any strategy of a study."""
