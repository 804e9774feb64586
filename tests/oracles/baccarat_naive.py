"""A naive oracle for baccarat: deal every card physically, rank by rank, by plain recursion.

It shares no code with the engine: it walks the real dealing procedure (player, banker, player,
banker, then the third-card rules read from a :class:`Tableau`, the casino's drawing table written
out as plain sets) over rank counts, multiplies the number of cards of each rank left at each draw,
and pads every deal to six cards (the published convention: ``ff(N, 6)`` deals in all).  It is
also the benchmark's baseline.  Every counting function takes the tableau to deal by
(:data:`STANDARD`, punto banco's, by default), so variant drawing rules are checked the same way.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

__all__ = [
    "BANKER_DRAWS_ON",
    "RANK_POINTS",
    "STANDARD",
    "DealKey",
    "FirstValuesKey",
    "Tableau",
    "deal_counts",
    "first_card_counts",
    "first_four_card_counts",
    "first_value_counts",
]

RANK_POINTS = (2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 1)
"""Points of the ranks deuce, three, ..., nine, ten, jack, queen, king, ace."""

DealKey = tuple[int, int, int, int, bool, bool]
"""(player points, banker points, player cards, banker cards, player pair, banker pair)."""

FirstValuesKey = tuple[int, int, int, int, tuple[int, int], tuple[int, int]]
"""(player points, banker points, player cards, banker cards, the points of the player's first
and second cards, the points of the banker's first and second cards)."""

# The banker's drawing table when the player drew: BANKER_DRAWS_ON[banker points] is the set of
# player third-card points on which the banker draws.
BANKER_DRAWS_ON = {
    0: set(range(10)),
    1: set(range(10)),
    2: set(range(10)),
    3: {0, 1, 2, 3, 4, 5, 6, 7, 9},
    4: {2, 3, 4, 5, 6, 7},
    5: {4, 5, 6, 7},
    6: {6, 7},
    7: set(),
}


@dataclass(frozen=True)
class Tableau:
    """A drawing table as plain sets: the player's two-card totals on which the player draws; the
    banker's totals on which the banker draws when the player stood; and, when the player drew,
    for each banker total the player third-card points on which the banker draws (a total not
    listed stands).  A natural (8 or 9 on either side) always ends the deal before this table."""

    player_draws_on: frozenset[int]
    banker_draws_when_player_stood: frozenset[int]
    banker_draws_when_player_drew: Mapping[int, frozenset[int]] = field(hash=False)

    @classmethod
    def of(
        cls,
        player: Iterable[int],
        banker_stood: Iterable[int],
        banker_drew: Mapping[int, Iterable[int]],
    ) -> Tableau:
        return cls(
            frozenset(player),
            frozenset(banker_stood),
            {total: frozenset(points) for total, points in banker_drew.items()},
        )

    def player_draws(self, player: int) -> bool:
        return player in self.player_draws_on

    def banker_draws(self, banker: int, player_third_points: int | None) -> bool:
        if player_third_points is None:
            return banker in self.banker_draws_when_player_stood
        return player_third_points in self.banker_draws_when_player_drew.get(banker, frozenset())


STANDARD = Tableau.of(range(6), range(6), BANKER_DRAWS_ON)
"""Punto banco's drawing table."""


def _unused(size: int, used: int) -> int:
    ways = 1
    for i in range(6 - used):
        ways *= size - used - i
    return ways


def _first_fours(left: list[int]) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """Every ordered first four cards (player, banker, player, banker), by category, with the
    number of ways to draw them; while a four is yielded, ``left`` holds what remains after it."""
    for p1 in range(len(left)):
        w1 = left[p1]
        if not w1:
            continue
        left[p1] -= 1
        for b1 in range(len(left)):
            w2 = left[b1]
            if not w2:
                continue
            left[b1] -= 1
            for p2 in range(len(left)):
                w3 = left[p2]
                if not w3:
                    continue
                left[p2] -= 1
                for b2 in range(len(left)):
                    w4 = left[b2]
                    if not w4:
                        continue
                    left[b2] -= 1
                    yield (p1, b1, p2, b2), w1 * w2 * w3 * w4
                    left[b2] += 1
                left[p2] += 1
            left[b1] += 1
        left[p1] += 1


def deal_counts(rank_counts: list[int], tableau: Tableau = STANDARD) -> dict[DealKey, int]:
    """Padded number of ordered six-card deals for each final (points, cards, pairs) of both hands."""
    left = list(rank_counts)
    results: dict[DealKey, int] = defaultdict(int)

    for (p1, b1, p2, b2), ways in _first_fours(left):
        player = (RANK_POINTS[p1] + RANK_POINTS[p2]) % 10
        banker = (RANK_POINTS[b1] + RANK_POINTS[b2]) % 10
        _third_cards(left, ways, (player, banker), (p1 == p2, b1 == b2), results, tableau=tableau)
    return dict(results)


def first_value_counts(rank_counts: list[int], tableau: Tableau = STANDARD) -> dict[FirstValuesKey, int]:
    """Padded number of ordered six-card deals for each final (points, cards) of both hands and
    the points of each hand's first two cards, in the order dealt."""
    left = list(rank_counts)
    results: dict[FirstValuesKey, int] = defaultdict(int)
    for (p1, b1, p2, b2), ways in _first_fours(left):
        player_cards = (RANK_POINTS[p1], RANK_POINTS[p2])
        banker_cards = (RANK_POINTS[b1], RANK_POINTS[b2])
        points = (sum(player_cards) % 10, sum(banker_cards) % 10)
        _third_cards(left, ways, points, (player_cards, banker_cards), results, tableau=tableau)
    return dict(results)


def _third_cards(
    left: list[int],
    ways: int,
    points: tuple[int, int],
    pairs: tuple[Any, Any],
    results: dict[Any, int],
    *,
    tableau: Tableau,
) -> None:
    player, banker = points
    player_pair, banker_pair = pairs
    size = sum(left) + 4
    if player >= 8 or banker >= 8:
        results[player, banker, 2, 2, player_pair, banker_pair] += ways * _unused(size, 4)
        return
    if not tableau.player_draws(player):
        if tableau.banker_draws(banker, None):
            for b3 in range(13):
                if left[b3]:
                    final = (banker + RANK_POINTS[b3]) % 10
                    results[player, final, 2, 3, player_pair, banker_pair] += (
                        ways * left[b3] * _unused(size, 5)
                    )
        else:
            results[player, banker, 2, 2, player_pair, banker_pair] += ways * _unused(size, 4)
        return
    for p3 in range(13):
        w5 = left[p3]
        if not w5:
            continue
        left[p3] -= 1
        player_final = (player + RANK_POINTS[p3]) % 10
        if tableau.banker_draws(banker, RANK_POINTS[p3]):
            for b3 in range(13):
                if left[b3]:
                    final = (banker + RANK_POINTS[b3]) % 10
                    key = (player_final, final, 3, 3, player_pair, banker_pair)
                    results[key] += ways * w5 * left[b3] * _unused(size, 6)
        else:
            results[player_final, banker, 3, 2, player_pair, banker_pair] += ways * w5 * _unused(size, 5)
        left[p3] += 1


def first_four_card_counts(card_counts: list[int]) -> dict[tuple[str, str], int]:
    """Ordered draws of the first four cards (player, banker, player, banker) of physical cards.

    ``card_counts[i]`` copies of card ``i`` where ``i // 4`` is the rank; the result is keyed by how
    each hand's two cards match: ``"identical"`` (same card), ``"pair"`` (same rank), ``"unpaired"``.
    """
    left = list(card_counts)
    results: dict[tuple[str, str], int] = defaultdict(int)

    def match(first: int, second: int) -> str:
        if first == second:
            return "identical"
        return "pair" if first // 4 == second // 4 else "unpaired"

    for (p1, b1, p2, b2), ways in _first_fours(left):
        results[match(p1, p2), match(b1, b2)] += ways
    return dict(results)


Label = TypeVar("Label", bound=Hashable)


def first_card_counts(
    card_counts: list[int],
    label: Callable[[tuple[int, int], tuple[int, int]], Label],
    tableau: Tableau = STANDARD,
) -> dict[tuple[int, int, int, int, Label], int]:
    """Padded number of ordered six-card deals for each final (points, cards) of both hands and
    the label a function gives each hand's first two physical cards.

    ``card_counts[i]`` copies of card ``i`` where ``i // 4`` is the rank (deuce first) and
    ``i % 4`` the suit; ``label(player_cards, banker_cards)`` is given the card numbers of each
    hand's first and second cards.  The first four cards are drawn card by card; the third cards
    only matter by their points, so they are drawn point by point from what is left.
    """
    left = list(card_counts)
    points_of = [RANK_POINTS[i // 4] for i in range(52)]
    # Ways to draw the first four cards, by their points in the order dealt and the label.
    starts: dict[tuple[tuple[int, int, int, int], Label], int] = defaultdict(int)
    for (p1, b1, p2, b2), ways in _first_fours(left):
        key = (points_of[p1], points_of[b1], points_of[p2], points_of[b2])
        starts[key, label((p1, p2), (b1, b2))] += ways

    size = sum(card_counts)
    by_points = [0] * 10
    for i, n in enumerate(card_counts):
        by_points[points_of[i]] += n
    results: dict[tuple[int, int, int, int, Label], int] = defaultdict(int)
    for (first_four, tag), ways in starts.items():
        rest = list(by_points)
        for points in first_four:
            rest[points] -= 1
        player = (first_four[0] + first_four[2]) % 10
        banker = (first_four[1] + first_four[3]) % 10
        natural = player >= 8 or banker >= 8
        if natural or (not tableau.player_draws(player) and not tableau.banker_draws(banker, None)):
            results[player, banker, 2, 2, tag] += ways * _unused(size, 4)
        elif not tableau.player_draws(player):
            for b3 in range(10):
                results[player, (banker + b3) % 10, 2, 3, tag] += ways * rest[b3] * _unused(size, 5)
        else:
            for p3 in range(10):
                w5 = rest[p3]
                if not w5:
                    continue
                final = (player + p3) % 10
                if tableau.banker_draws(banker, p3):
                    rest[p3] -= 1
                    for b3 in range(10):
                        deal_key = (final, (banker + b3) % 10, 3, 3, tag)
                        results[deal_key] += ways * w5 * rest[b3] * _unused(size, 6)
                    rest[p3] += 1
                else:
                    results[final, banker, 3, 2, tag] += ways * w5 * _unused(size, 5)
    return {key: n for key, n in results.items() if n}
