"""Three Card Poker's hands: the value of three cards, the best five of six, and the dealer's
qualifying hand.

A hand is read as the engine deals it, by its ranks and its flush
(:class:`~cardmath.engine.dealing.HandView`); suits never break ties.  Three cards rank, high to
low: straight flush, three of a kind, straight, flush, pair, high card (A-K-Q is the top straight,
A-2-3 the lowest).  Six cards are valued by their best five for the 6-Card Bonus.

>>> from cardmath.cards import Rank
>>> from cardmath.engine.dealing import HandView
>>> queen_six_four = HandView((Rank.QUEEN, Rank.SIX, Rank.FOUR))
>>> value(queen_six_four), category(queen_six_four), qualifies(queen_six_four, Rank.QUEEN)
((0, 12, 6, 4), 'high card', True)
>>> category(HandView((Rank.ACE, Rank.THREE, Rank.TWO), (Rank.ACE, Rank.THREE, Rank.TWO)))
'straight flush'
"""

from __future__ import annotations

import functools
from collections import Counter

from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.engine.dealing import HandView

__all__ = ["CATEGORIES", "SIX_CARD_CATEGORIES", "category", "qualifies", "six_card_category", "value"]

CATEGORIES: tuple[str, ...] = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")
"""The categories of three cards, lowest first (a value's first number is the index)."""

SIX_CARD_CATEGORIES: tuple[str, ...] = (
    "royal flush",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
)
"""The 6-Card Bonus's hands of five, highest first; anything less is no hand."""


@functools.cache
def _value(hand: HandView) -> tuple[int, ...]:
    ranks = [int(rank) for rank in hand.ranks]
    low_straight = ranks == [14, 3, 2]
    straight = len(set(ranks)) == 3 and (ranks[0] - ranks[2] == 2 or low_straight)
    top = 3 if low_straight else ranks[0]
    if straight and hand.is_flush:
        return (5, top)
    if ranks[0] == ranks[2]:
        return (4, ranks[0])
    if straight:
        return (3, top)
    if hand.is_flush:
        return (2, *ranks)
    if ranks[0] == ranks[1]:
        return (1, ranks[0], ranks[2])
    if ranks[1] == ranks[2]:
        return (1, ranks[1], ranks[0])
    return (0, *ranks)


def _category(hand: HandView) -> str:
    return CATEGORIES[_value(hand)[0]]


def _qualifies(hand: HandView, lowest: Rank) -> bool:
    found = _value(hand)
    return found[0] > 0 or found[1] >= int(lowest)


def _straight(ranks: set[int]) -> bool:
    values = ranks | ({1} if 14 in ranks else set())
    return any(all(top - step in values for step in range(5)) for top in range(5, 15))


@functools.cache
def _six_card(hand: HandView) -> str:
    counts = sorted(Counter(int(rank) for rank in hand.ranks).values(), reverse=True)
    suited = {int(rank) for rank in hand.flush}
    if suited and _straight(suited):
        return "royal flush" if {10, 11, 12, 13, 14} <= suited else "straight flush"
    if counts[0] >= 4:
        return "four of a kind"
    if counts[0] >= 3 and counts[1] >= 2:
        return "full house"
    if suited:
        return "flush"
    if _straight({int(rank) for rank in hand.ranks}):
        return "straight"
    return "three of a kind" if counts[0] >= 3 else "lose"


# The public functions check their argument; the bets call the unchecked ones above (millions of times).


@checked
def value(hand: HandView) -> tuple[int, ...]:
    """The value of three cards: the category's index, then the ranks that break ties.

    Args:
        hand: Three cards, by ranks and flush.

    Returns:
        A tuple that compares as the hands do (higher wins, equal ties).

    >>> value(HandView((Rank.KING, Rank.KING, Rank.TWO))) > value(HandView((Rank.ACE, Rank.KING, Rank.JACK)))
    True
    """
    return _value(hand)


@checked
def category(hand: HandView) -> str:
    """The category of three cards (``"pair"``, ``"straight flush"``...).

    Args:
        hand: Three cards, by ranks and flush.

    Returns:
        One of :data:`CATEGORIES`.

    >>> sevens = HandView((Rank.SEVEN, Rank.SEVEN, Rank.TWO))
    >>> top = HandView((Rank.ACE, Rank.KING, Rank.QUEEN))
    >>> category(sevens), category(top)
    ('pair', 'straight')
    """
    return _category(hand)


@checked
def qualifies(hand: HandView, lowest: Rank) -> bool:
    """Whether the dealer's three cards qualify: a pair or better, or a high card of ``lowest`` or more.

    Args:
        hand: The dealer's three cards.
        lowest: The least high card that qualifies (a queen, usually).

    Returns:
        ``True`` when the dealer's hand plays.

    >>> qualifies(HandView((Rank.JACK, Rank.TEN, Rank.EIGHT)), Rank.QUEEN)
    False
    """
    return _qualifies(hand, lowest)


@checked
def six_card_category(hand: HandView) -> str:
    """The best five of six cards, as the 6-Card Bonus pays it (``"lose"`` below three of a kind).

    Args:
        hand: The player's and the dealer's six cards, by ranks and flush (five or more of a suit).

    Returns:
        One of :data:`SIX_CARD_CATEGORIES`, or ``"lose"``.

    >>> royal = tuple(Rank(r) for r in (14, 13, 12, 11, 10))
    >>> six = HandView((*royal, Rank.TWO), royal)
    >>> six_card_category(six), six_card_category(HandView(tuple(Rank(r) for r in (9, 9, 9, 5, 5, 2))))
    ('royal flush', 'full house')
    """
    return _six_card(hand)
