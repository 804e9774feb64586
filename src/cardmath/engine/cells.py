"""The counts the engine works in: a bet's :class:`Cell` s, its :class:`BetCells`, and a
:class:`Tally` of many shoes, exact integers in numpy arrays (``int64`` while every count fits,
Python ints beyond: :func:`count_dtype`).

>>> Tally(np.array([10]), (np.array([[3, 7]]),), np.zeros((1, 0), dtype=np.int64)).row(0, 0)
[3, 7]
"""

from __future__ import annotations

import functools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.shoe import Shoe

__all__ = [
    "HAND_COMBINATIONS",
    "INT64_LIMIT",
    "ORDERED_DEALS",
    "UNIT_WORDS",
    "WEIGHTS",
    "Array",
    "BetCells",
    "Cell",
    "Tally",
    "count_dtype",
]

Array = npt.NDArray[Any]
"""A numpy array of exact integers: ``int64`` where every value fits, Python ints (``object``) beyond."""

ORDERED_DEALS = "ordered deals"
"""The unit of a dealing of cards in order: every ordered deal, padded to the longest."""

HAND_COMBINATIONS = "hand combinations"
"""The unit of a dealing with hands: each hand counted as a combination of cards, the cards dealt
one by one in order."""

WEIGHTS = "weights"
"""The unit of an infinite shoe, or of deals of any length: whole numbers in proportion to the
chances, which alone are published (a par sheet then shows no combinations)."""

UNIT_WORDS: dict[str, str] = {
    ORDERED_DEALS: (
        "the number of ordered deals that give the outcome, out of every deal the shoe can give (- for an "
        "infinite shoe, which has only probabilities)"
    ),
    HAND_COMBINATIONS: (
        "the number of deals that give the outcome, each hand counted as a combination of cards (its "
        "order not read), out of every deal the shoe can give"
    ),
    WEIGHTS: (
        "- : the deals have no count worth printing (an infinite shoe, or deals of any length), only chances"
    ),
}
"""What the column ``combinations`` counts, in each unit (the par sheet's note says it)."""

INT64_LIMIT = 2**62
"""Counts stay in numpy ``int64`` while the largest ``N ** K`` (every count's bound) is below this."""


def count_dtype(shoes: Sequence[Shoe], longest: int) -> Any:
    """``int64`` when every count of ``longest``-card deals from these shoes fits, else ``object``.

    Args:
        shoes: The shoes to be counted; only the largest size matters (an empty sequence counts as size 1).
        longest: The number of cards every deal is padded to, the exponent of the bound ``N ** K``.

    Returns:
        ``numpy.int64`` when the bound is below :data:`INT64_LIMIT`, else ``object`` (exact Python ints).

    >>> count_dtype([Shoe.standard(8)], 2), count_dtype([Shoe.standard(8)], 9)
    (<class 'numpy.int64'>, <class 'object'>)
    """
    largest = max((shoe.size for shoe in shoes), default=1)
    return np.int64 if largest**longest < INT64_LIMIT else object


@dataclass(frozen=True)
class Cell:
    """One cell of a bet: an outcome (its index in :meth:`~cardmath.bets.RuleBet.settled`), and for
    a bet with a decision the state (index into :attr:`BetCells.states`) and the choice (index into
    the decision's choices); ``-1`` where the bet has no decision.

    Args:
        outcome: The index of the outcome in the bet's :meth:`~cardmath.bets.RuleBet.settled` order.
        state: The index of the decision's state in :attr:`BetCells.states`; ``-1`` (the default) for a deal
            with no choice.
        choice: The index of the choice among the decision's choices; ``-1`` (the default) for a deal with no
            choice.

    >>> Cell(2), Cell(0, state=3, choice=1).choice
    (Cell(outcome=2, state=-1, choice=-1), 1)
    """

    outcome: int
    state: int = -1
    choice: int = -1


@dataclass(frozen=True)
class BetCells:
    """A bet's cells, and the states of its decision in the order the deals meet them.

    Args:
        cells: The bet's cells, in the order the counts of a :class:`Tally` list them.
        states: The states of the bet's decision, in the order the deals meet them; empty for a bet without a
            decision.

    >>> BetCells((Cell(0), Cell(1)), ()).cells[1].outcome
    1
    """

    cells: tuple[Cell, ...]
    states: tuple[Hashable, ...]

    @functools.cached_property
    def in_order(self) -> bool:
        """Whether the cells are the bet's outcomes, one each, in order (a bet without a decision)."""
        return not self.states and all(cell == Cell(i) for i, cell in enumerate(self.cells))


@dataclass(frozen=True)
class Tally:
    """Exact counts of many shoes: ``totals[s]`` every (padded) deal of shoe ``s``, ``cells[b][s]``
    the deals in each cell of bet ``b``, ``results[s]`` the deals of each result (who won).

    Args:
        totals: One entry per shoe: the number of ordered deals, every deal padded to the longest.
        cells: One array per bet, shaped ``(shoes, cells)``: the deals of each shoe that land in each cell.
        results: An array shaped ``(shoes, results)``: the deals of each shoe won by each named result (no
            columns when the game names none).

    >>> tally = Tally(np.array([10]), (np.array([[3, 7]]),), np.zeros((1, 0), dtype=np.int64))
    >>> tally.row(0, 0), tally.total(0)
    ([3, 7], 10)
    """

    totals: Array
    cells: tuple[Array, ...]
    results: Array

    def total(self, shoe: int) -> int:
        """Every deal of one shoe, as a Python int.

        Args:
            shoe: The position of the shoe in the counted sequence.

        Returns:
            That shoe's number of ordered (padded) deals.
        """
        return int(self.totals[shoe])

    def row(self, bet: int, shoe: int) -> list[int]:
        """One bet's cell counts on one shoe, as Python ints.

        Args:
            bet: The position of the bet in the counted sequence of bets.
            shoe: The position of the shoe in the counted sequence of shoes.

        Returns:
            The deals in each of the bet's cells, in the order of its :class:`BetCells`.
        """
        counts: list[int] = self.cells[bet][shoe].tolist()
        return counts
