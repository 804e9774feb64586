"""Baccarat's player, banker and tie given the values of the first four cards, by a recursion over
values, sharing no code with cardmath.

A shoe is given by how many cards of each value 0 to 9 it holds (a ten or a picture is 0).  The
first four cards (``P1``, ``B1``, ``P2``, ``B2``, in deal order) are drawn value by value without
replacement; then the player's third card and the banker's by punto banco's tableau, written here
as the table a dealer reads.  Every count is a number of ordered deals of six cards (a deal that
draws fewer cards counts once for every ordering of the unused ones), out of
``N (N - 1) ... (N - 5)``: the ways of the first four values times those of the third cards that
follow.  Results are exact integers; :func:`bet_values` turns them into ``fractions.Fraction``.

On top of the table of the first four values, :func:`grouped` sums it into the patterns of a sort
of the values into groups (what an edge sorter sees), and :func:`sort_edges` gives the player's
edge of every sort, betting the best of the three bets on each pattern.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

__all__ = [
    "READ",
    "FirstFour",
    "best_edges",
    "bet_values",
    "clear_cache",
    "first_four",
    "grouped",
    "sort_edges",
    "to_array",
    "total_deals",
    "value_counts",
]

FirstFour = dict[tuple[int, int, int, int], tuple[int, int, int]]
"""By the values of ``P1``, ``B1``, ``P2``, ``B2``: the ordered deals a player win, a banker win, a tie."""

BANKER_DRAWS: dict[int, frozenset[int]] = {
    0: frozenset(range(10)),
    1: frozenset(range(10)),
    2: frozenset(range(10)),
    3: frozenset(range(10)) - {8},
    4: frozenset(range(2, 8)),
    5: frozenset(range(4, 8)),
    6: frozenset({6, 7}),
    7: frozenset(),
}
"""The banker's tableau after the player drew: the banker's two-card total, and the values of the
player's third card on which the banker draws."""


def value_counts(decks: int) -> list[int]:
    """The cards of each value 0 to 9 in ``decks`` fresh decks: sixteen 0s a deck, four of the rest."""
    return [16 * decks] + [4 * decks] * 9


def total_deals(counts: Sequence[int]) -> int:
    """Every ordered deal of six cards of the shoe."""
    size = sum(counts)
    return size * (size - 1) * (size - 2) * (size - 3) * (size - 4) * (size - 5)


def _winner(player: int, banker: int) -> int:
    return 0 if player > banker else 1 if banker > player else 2


@functools.cache
def _third_cards(left: tuple[int, ...], player: int, banker: int) -> tuple[int, int, int]:
    """The ordered draws of the last two cards (out of ``m (m - 1)``, ``m`` the cards left) that end
    in a player win, a banker win and a tie, from the two hands' totals."""
    size = sum(left)
    result = [0, 0, 0]
    if player >= 8 or banker >= 8:  # a natural: both stand
        result[_winner(player, banker)] += size * (size - 1)
        return result[0], result[1], result[2]
    if player <= 5:
        for third in range(10):
            ways = left[third]
            if not ways:
                continue
            final = (player + third) % 10
            if third in BANKER_DRAWS[banker]:
                for card in range(10):
                    more = left[card] - (card == third)
                    if more > 0:
                        result[_winner(final, (banker + card) % 10)] += ways * more
            else:
                result[_winner(final, banker)] += ways * (size - 1)
    elif banker <= 5:  # the player stands on 6 or 7, the banker draws on 0 to 5
        for card in range(10):
            if left[card]:
                result[_winner(player, (banker + card) % 10)] += left[card] * (size - 1)
    else:
        result[_winner(player, banker)] += size * (size - 1)
    return result[0], result[1], result[2]


def clear_cache() -> None:
    """Forget the third-card draws already counted (to time the recursion from scratch)."""
    _third_cards.cache_clear()


def first_four(counts: Sequence[int]) -> FirstFour:
    """For each ordered four values the shoe can deal first, the ordered deals of six cards that
    begin with them and end in a player win, a banker win and a tie."""
    table: FirstFour = {}
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        values = (p1, b1, p2, b2)
        left = list(counts)
        ways = 1
        for value in values:
            ways *= left[value]
            left[value] -= 1
        if not ways:
            continue
        player, banker, tie = _third_cards(tuple(left), (p1 + p2) % 10, (b1 + b2) % 10)
        table[values] = (ways * player, ways * banker, ways * tie)
    return table


READ: dict[str, Callable[[tuple[int, int, int, int]], int]] = {
    "P1": lambda values: values[0],
    "B1": lambda values: values[1],
    "P2": lambda values: values[2],
    "B2": lambda values: values[3],
    "PT": lambda values: (values[0] + values[2]) % 10,
    "BT": lambda values: (values[1] + values[3]) % 10,
}
"""What each position shows of the first four values: a card's value, or a hand's two-card total."""


def grouped(
    table: FirstFour, positions: Sequence[str], groups: Sequence[Iterable[int]] | None = None
) -> dict[tuple[int, ...], tuple[int, int, int]]:
    """The table summed by what is seen: the group (or, without ``groups``, the value) at each of
    ``positions`` (``P1``, ``B1``, ``P2``, ``B2``, or the totals ``PT``, ``BT``)."""
    group_of = {value: value for value in range(10)}
    if groups is not None:
        group_of = {value: index for index, group in enumerate(groups) for value in group}
    readers = [READ[position] for position in positions]
    result: dict[tuple[int, ...], tuple[int, int, int]] = {}
    for values, (player, banker, tie) in table.items():
        key = tuple(group_of[read(values)] for read in readers)
        before = result.get(key, (0, 0, 0))
        result[key] = (before[0] + player, before[1] + banker, before[2] + tie)
    return result


def bet_values(player: int, banker: int, tie: int) -> dict[str, Fraction]:
    """Each bet's expected value per unit bet over some deals: the player bet 1 to 1, the banker
    19 to 20 (both push a tie), the tie 8 to 1."""
    deals = player + banker + tie
    return {
        "player": Fraction(player - banker, deals),
        "banker": Fraction(19 * banker - 20 * player, 20 * deals),
        "tie": Fraction(8 * tie - player - banker, deals),
    }


def best_edges(patterns: Iterable[tuple[int, int, int]], total: int) -> tuple[Fraction, Fraction]:
    """The player's edge per hand betting the best bet of each pattern: sitting out the patterns
    where every bet loses, and playing every one."""
    sitting = every = 0
    for player, banker, tie in patterns:
        best = max(20 * (player - banker), 19 * banker - 20 * player, 20 * (8 * tie - player - banker))
        every += best
        sitting += max(best, 0)
    return Fraction(sitting, 20 * total), Fraction(every, 20 * total)


def to_array(table: FirstFour, positions: Sequence[str]) -> npt.NDArray[np.int64]:
    """The table summed to ``positions`` as an integer array: one axis of ten values per position,
    then player, banker, tie."""
    array = np.zeros((10,) * len(positions) + (3,), dtype=np.int64)
    assert sum(sum(row) for row in table.values()) < 2**62, "the sums fit int64"
    for values, outcomes in grouped(table, positions).items():
        array[values] = outcomes
    return array


def sort_edges(
    array: npt.NDArray[np.int64], total: int, sorts: Iterable[Sequence[frozenset[int]]]
) -> list[tuple[Fraction, Fraction]]:
    """For each sort (its groups of values), the player's edge sitting out and playing every hand
    when each position of ``array`` (:func:`to_array`) is seen by its group."""
    positions = array.ndim - 1
    by_value = [tuple(int(count) for count in row) for row in array.reshape(-1, 3)] if positions == 1 else []
    edges = []
    for groups in sorts:
        sums = []
        if positions == 1:  # one card seen: each group's sum of its values' rows
            for group in groups:
                rows = [by_value[value] for value in group]
                sums.append((sum(r[0] for r in rows), sum(r[1] for r in rows), sum(r[2] for r in rows)))
        else:
            masks = [np.array([value in group for value in range(10)]) for group in groups]
            for pattern in itertools.product(masks, repeat=positions):
                summed = array[np.ix_(*pattern)].reshape(-1, 3).sum(axis=0)
                sums.append((int(summed[0]), int(summed[1]), int(summed[2])))
        edges.append(best_edges(sums, total))
    return edges
