"""Counting a game's deals by what a player can see of them: the cards at some positions of the deal.

A *known tally* splits every deal of a shoe by the categories of the cards at chosen positions (the
Dragon's card; baccarat's first four cards), and counts each bet's outcomes within each part.
Everything the information analysis (:mod:`cardmath.information`) reports is a sum of its rows:
the chance of a pattern (the Dragon's card is a 6 to 9), each bet's expected value given it, and
the best sort of the categories into groups.

A counter says which positions it can split by (:meth:`~cardmath.engine.counter.Counter.known_positions`)
and in which categories (ranks for most games; values for baccarat, whose bets read values).  The
counter of a :class:`~cardmath.engine.dealing.Dealing` gets this for free
(:meth:`~cardmath.engine.tally.DealCounter.count_known`): each deal sequence is one row of the
walk the engine already makes, and its ordered ways on a shoe are the engine's weights, so nothing
new is enumerated.

>>> from cardmath.games.dragon_tiger import GAME
>>> from cardmath.shoe import Shoe
>>> counter = GAME.counter(GAME.default_rules)
>>> tally = counter.count_known(Shoe.standard(1), [GAME.built_in_bets()["dragon"]], ("dragon",))
>>> tally.categories[:3], tally.keys.shape, int(tally.totals.sum()) == tally.total
(('2', '3', '4'), (13, 1), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from cardmath.cards import Rank
from cardmath.engine.cells import Array, BetCells
from cardmath.errors import OptionError

__all__ = [
    "RANK_CATEGORIES",
    "KnownTally",
    "check_known_positions",
    "unique_rows",
]

RANK_CATEGORIES: tuple[str, ...] = tuple(rank.symbol for rank in sorted(Rank, key=lambda rank: rank.index))
"""The categories of a game whose bets read ranks: the rank symbols, deuce to ace."""


@dataclass(frozen=True)
class KnownTally:
    """A shoe's deals split by the categories of the cards at ``positions``, with each bet's
    outcomes counted in each part, exactly.

    Args:
        positions: The positions of the deal whose cards are known, in the order of ``keys``' columns.
        categories: The names of the categories a card is known by (``"2"``..``"A"``, or baccarat's values
            ``"0"``..``"9"``); a key holds indices into it.
        keys: Shaped ``(parts, positions)``: each part's category at each position, ``-1`` where the deals
            of that part never deal the position (a card not drawn).
        totals: Shaped ``(parts,)``: the ordered deals of each part (padded, as the engine counts them).
        cells: One array per bet, shaped ``(parts, cells)``: the deals of each part in each cell of the
            bet (its outcomes in par-sheet order, for a bet without a decision).
        bet_cells: One per bet: its cells and its decision's states, as the engine counts them.
        total: Every ordered deal of the shoe: the sum of ``totals``.

    >>> from cardmath.engine.cells import Cell
    >>> tally = KnownTally(("card",), ("low", "high"), np.array([[0], [1]]), np.array([6, 4]),
    ...                    (np.array([[6, 0], [0, 4]]),), (BetCells((Cell(0), Cell(1)), ()),), 10)
    >>> tally.part(("high",))
    1
    """

    positions: tuple[str, ...]
    categories: tuple[str, ...]
    keys: Array
    totals: Array
    cells: tuple[Array, ...]
    bet_cells: tuple[BetCells, ...]
    total: int

    def part(self, names: Sequence[str | None]) -> int:
        """The row of the part whose cards are the categories ``names`` (``None``: not dealt).

        Args:
            names: One category name (or ``None``) per position, in the order of :attr:`positions`.

        Returns:
            The index of that part in :attr:`keys`.

        Raises:
            KeyError: When no deal of the shoe has those cards at those positions.
        """
        wanted = [-1 if name is None else self.categories.index(name) for name in names]
        found = np.flatnonzero((self.keys == np.array(wanted)).all(axis=1))
        if not len(found):
            raise KeyError(tuple(names))
        return int(found[0])


def unique_rows(rows: Array) -> tuple[Array, Array]:
    """The distinct rows of a small-integer array in lexicographic order, and each row's index
    among them (``numpy.unique`` by rows, done on one integer per row, so a few hundred thousand
    rows take milliseconds).

    Args:
        rows: An integer array shaped ``(n, columns)``, its entries small (a category, or -1).

    Returns:
        ``(unique, inverse)``: the distinct rows, sorted, and for each row its index in ``unique``.

    >>> unique, inverse = unique_rows(np.array([[1, -1], [0, 2], [1, -1]]))
    >>> unique.tolist(), inverse.tolist()
    ([[0, 2], [1, -1]], [1, 0, 1])
    """
    if not rows.size:
        return rows.reshape(0, rows.shape[1] if rows.ndim == 2 else 0), np.zeros(len(rows), dtype=np.intp)
    low = int(rows.min())
    shifted = (rows - low).astype(np.int64)
    base = int(shifted.max()) + 1
    powers = base ** np.arange(rows.shape[1] - 1, -1, -1, dtype=np.int64)
    codes, inverse = np.unique(shifted @ powers, return_inverse=True)
    digits = (codes[:, None] // powers[None, :]) % base
    return (digits + low).astype(rows.dtype), inverse.reshape(-1)


def check_known_positions(title: str, offered: Sequence[str], positions: Sequence[str]) -> tuple[str, ...]:
    """The positions asked for, checked against those a game offers (each once).

    Args:
        title: The game's name, for the message.
        offered: The positions the game's deal has, in deal order.
        positions: The names a caller asked for, each to be found among ``offered``.

    Returns:
        ``positions`` as a tuple.

    Raises:
        OptionError: For a position the game does not have, one named twice, or none at all.

    >>> check_known_positions("Dragon Tiger", ("dragon", "tiger"), ["tiger"])
    ('tiger',)
    >>> check_known_positions("Dragon Tiger", ("dragon", "tiger"), ["P1"])
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: Dragon Tiger has no position 'P1': its positions are dragon, tiger
    """
    for position in positions:
        if position not in offered:
            raise OptionError(f"{title} has no position {position!r}: its positions are {', '.join(offered)}")
    if len(set(positions)) != len(positions):
        raise OptionError(f"a position is named twice in {', '.join(positions)}: name each once")
    if not positions:
        raise OptionError(f"name at least one position of {title}'s deal ({', '.join(offered)})")
    return tuple(positions)
