"""Counting Red Dog deals: the shoe-independent deal table, and the won and lost deals of a shoe.

Only ranks matter, so a deal is a sequence of rank positions (deuce 0 to ace 12, aces high:
:data:`~cardmath.games.reddog.rules.RANKS`).  The 2,197 rank sequences of a round are grouped
once into an :class:`~cardmath.enumeration.OutcomeTable` by outcome (three of a kind, pair then
push, consecutive, and a win or a loss for each spread 1 to 11).  A shoe with ``n[r]`` cards of
rank ``r`` deals a sequence in ``prod ff(n[r], m[r])`` ordered ways, which depends only on the
multiset of ranks, so one shoe costs one short sum of integer products.  A consecutive hand uses
two cards; it is padded with the ``N - 2`` possible third cards, so every outcome is counted out
of the same total ``ff(N, 3)`` ordered deals (132,600 for one deck).  In the infinite-deck limit
draws are independent and the counts become powers (total ``52 ** 3``); for ``d`` decks they are
polynomials in ``d``.

>>> counts = count_deals(rank_counts(Shoe.standard(1)), infinite=False)
>>> counts.total, counts.of(TRIPS), counts.won(11), counts.lost(11)
(132600, 312, 1408, 192)
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from cardmath.enumeration import OutcomeTable
from cardmath.errors import ShoeError
from cardmath.games.reddog.rules import RANKS
from cardmath.shoe import Shoe

__all__ = [
    "CONSECUTIVE",
    "PAIR",
    "TRIPS",
    "DealClass",
    "DealCounts",
    "PairCounts",
    "check_shoe",
    "count_deals",
    "count_pairs",
    "deal_table",
    "rank_counts",
]

DealClass = tuple[str, int]
"""An outcome class of the deal table: ``("trips", 0)``, ``("pair", 0)``, ``("consecutive", 0)``,
``("win", s)`` or ``("lose", s)`` for a spread ``s``."""

TRIPS: Final[DealClass] = ("trips", 0)
"""The deal class of three of a kind."""

PAIR: Final[DealClass] = ("pair", 0)
"""The deal class of a pair followed by another rank (a push)."""

CONSECUTIVE: Final[DealClass] = ("consecutive", 0)
"""The deal class of two consecutive ranks (a push, no third card)."""


def _deal_sequences() -> Iterator[tuple[DealClass, tuple[int, ...]]]:
    for first in range(13):
        for second in range(13):
            if first == second:
                for third in range(13):
                    yield (TRIPS if third == first else PAIR), (first, second, third)
            elif abs(first - second) == 1:
                yield CONSECUTIVE, (first, second)
            else:
                low, high = sorted((first, second))
                spread = high - low - 1
                for third in range(13):
                    yield ("win" if low < third < high else "lose", spread), (first, second, third)


@functools.cache
def deal_table() -> OutcomeTable[DealClass]:
    """The shoe-independent table of every Red Dog deal by outcome class, built once.

    Categories are rank positions (deuce 0 to ace 12); sequences are padded to three cards.

    >>> table = deal_table()
    >>> counts = table.evaluate(Shoe.standard(1).rank_counts())
    >>> counts[("trips", 0)], counts[("win", 11)], sum(counts.values()) == table.total((4,) * 13)
    (312, 1408, True)
    """
    return OutcomeTable.build(3, _deal_sequences())


def rank_counts(shoe: Shoe) -> tuple[int, ...]:
    """The shoe's cards by rank in Red Dog's order, aces high (deuce first, ace last).

    >>> rank_counts(Shoe.standard(1).without("As,Ah,2c"))
    (3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2)
    """
    by_rank = shoe.rank_counts()
    return tuple(by_rank[rank.index] for rank in RANKS)


def check_shoe(shoe: Shoe) -> None:
    """Refuse a shoe that cannot deal a round (Red Dog deals up to 3 cards).

    >>> check_shoe(Shoe.standard(1).without(Shoe.standard(1).cards()[:50]))
    Traceback (most recent call last):
    ...
    cardmath.errors.ShoeError: Red Dog deals up to 3 cards: the shoe must hold 3 cards or more, not 2
    """
    if not shoe.is_infinite and shoe.size < 3:
        raise ShoeError(f"Red Dog deals up to 3 cards: the shoe must hold 3 cards or more, not {shoe.size}")


@dataclass(frozen=True)
class DealCounts:
    """Padded counts of every outcome class for one shoe, and their total.

    >>> counts = count_deals((4,) * 13, infinite=False)
    >>> counts.won(7), counts.lost(7), counts.infinite
    (4480, 3520, False)
    """

    by_class: Mapping[DealClass, int]
    total: int
    infinite: bool

    def of(self, key: DealClass) -> int:
        """The deals of one outcome class (0 if the shoe cannot deal it)."""
        return self.by_class.get(key, 0)

    def won(self, spread: int) -> int:
        """The deals of spread ``spread`` whose third card wins."""
        return self.of(("win", spread))

    def lost(self, spread: int) -> int:
        """The deals of spread ``spread`` whose third card loses."""
        return self.of(("lose", spread))


def count_deals(counts: Sequence[int], *, infinite: bool) -> DealCounts:
    """Every outcome class of a shoe holding ``counts[r]`` cards of rank position ``r``.

    >>> count_deals((1,) * 13, infinite=True).total
    2197
    """
    table = deal_table()
    return DealCounts(
        table.evaluate(counts, infinite=infinite), table.total(counts, infinite=infinite), infinite
    )


@dataclass(frozen=True)
class PairCounts:
    """Deals whose first two ranks are ``low`` and ``high`` (rank positions), in either order.

    >>> pair = PairCounts(0, 9, 32, 68)
    >>> pair.spread
    8
    """

    low: int
    high: int
    won: int
    lost: int

    @property
    def spread(self) -> int:
        """The number of ranks strictly between the pair's two ranks."""
        return self.high - self.low - 1


def count_pairs(counts: Sequence[int], *, infinite: bool) -> tuple[PairCounts, ...]:
    """Won and lost deals of every pair of ranks the shoe can deal with a spread, padded like
    :func:`count_deals`.

    The two cards come in ``2 n[low] n[high]`` ordered ways; the third is one of the ``between``
    cards strictly between them, or one of the ``rest`` others (``N - 2`` cards left in a finite
    shoe, ``N`` in the infinite one).

    >>> deuce_jack = next(p for p in count_pairs((4,) * 13, infinite=False) if (p.low, p.high) == (0, 9))
    >>> deuce_jack.won, deuce_jack.lost
    (1024, 576)
    """
    size = sum(counts)
    left = size if infinite else size - 2
    pairs = []
    for low in range(13):
        for high in range(low + 2, 13):
            ways = 2 * counts[low] * counts[high]
            if ways:
                between = sum(counts[low + 1 : high])
                pairs.append(PairCounts(low, high, ways * between, ways * (left - between)))
    return tuple(pairs)
