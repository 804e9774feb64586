"""High Card Pool: the chance that a hand beats the decision card, exactly.

A hand *beats* a card when it holds a card of the same suit and higher rank.  In each suit the
holder's highest card beats every lower card of that suit, so the hand beats exactly the unseen
cards below his highest card of each suit.  The decision card is any unseen card with the same
chance, so the chance of winning is the number of unseen cards beaten over the number of unseen
cards (52 less the hand, less every card already seen).

>>> win_probability("As,Kh,Qd,Jc,2s")
41/47
>>> win_probability("As,Kh,Qd,Jc,2s", seen="Ks,3c")
13/15

What its holder has seen may also be given as a :class:`~cardmath.shoe.Shoe`: one 52-card pack
with the seen cards taken out (it still holds the hand, which this takes out too):

>>> from cardmath.shoe import Shoe
>>> win_probability("As,Kh,Qd,Jc,2s", Shoe.standard(1).without("Ks,3c"))
13/15

The results (:class:`HandChance`, :class:`HandSizeDistribution` and their parts) are defined in
:mod:`~cardmath.games.pool.hand_results`, with their tables and notebook displays.

The distribution over every hand of a size is counted by per-suit generating functions, never by
listing hands; the cards out of play are given as cards or as the pack without them:

>>> table = distribution(5)
>>> table.hands, table.win_probability, table.favourable_hands
(2598960, 8689/19740, 862680)
>>> distribution(5, Shoe.standard(1).without("As")) == distribution(5, "As")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import comb
from typing import TypeAlias

from sympy import Rational

from cardmath.cards import FULL_DECK, Card, Rank, Suit, format_cards, parse_cards
from cardmath.checks import checked
from cardmath.errors import CardmathError, ShoeError
from cardmath.exact import probability
from cardmath.games.pool.hand_results import CardBeats, HandChance, HandSizeDistribution, SuitBeats
from cardmath.games.pool.rules import PACK_SIZE
from cardmath.numbers import read_whole
from cardmath.shoe import Shoe

__all__ = [
    "CardBeats",
    "Cards",
    "HandChance",
    "HandError",
    "HandSizeDistribution",
    "SuitBeats",
    "beaten_cards",
    "count_beaten",
    "count_beaten_unchecked",
    "distribution",
    "explain",
    "read_cards",
    "win_probability",
]

SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)

Cards: TypeAlias = str | Iterable[Card] | Iterable[str]
"""Cards as text (``"As,Kh"``) or as an iterable of :class:`~cardmath.cards.Card` or of their text."""


class HandError(CardmathError):
    """A hand or a set of seen cards that cannot be: a card twice, a wrong size, no unseen card.

    >>> try:
    ...     win_probability("As,Kh,As")
    ... except CardmathError as error:
    ...     print(type(error).__name__, error)
    HandError As is twice in the hand: a pack holds each card once
    """


@checked
def read_cards(cards: Cards, what: str) -> tuple[Card, ...]:
    """Cards from text or an iterable, each at most once (``what`` names them in the error).

    Args:
        cards: The cards: text such as ``"As,Kh"`` or ``"As Kd"``, or an iterable of
            :class:`~cardmath.cards.Card` objects or of their texts.
        what: The words naming these cards in an error message, such as ``"hand"`` or
            ``"seen cards"``.

    Returns:
        The cards in the order given, each one a :class:`~cardmath.cards.Card`.

    Raises:
        HandError: When a card appears twice.

    >>> read_cards("As Kd", "hand")
    (Card(rank=Rank.ACE, suit=Suit.SPADES), Card(rank=Rank.KING, suit=Suit.DIAMONDS))
    >>> read_cards("As,As", "hand")
    Traceback (most recent call last):
    ...
    cardmath.games.pool.chances.HandError: As is twice in the hand: a pack holds each card once
    """
    if isinstance(cards, str):
        result = parse_cards(cards)
    else:
        items = list(cards)
        result = tuple(item if isinstance(item, Card) else Card.parse(str(item)) for item in items)
    seen: set[Card] = set()
    for card in result:
        if card in seen:
            raise HandError(f"{card} is twice in the {what}: a pack holds each card once")
        seen.add(card)
    return result


def _missing_from(pack: Shoe) -> tuple[Card, ...]:
    """The cards one 52-card pack lacks: what a shoe of one pack says is seen or out of play."""
    if pack.is_infinite or any(count > 1 for count in pack.card_counts):
        raise ShoeError(
            f"High Card Pool is played with one 52-card pack: give the pack less the cards seen "
            f"(such as Shoe.standard(1).without('Ks,3c')), not {pack.describe()}"
        )
    return tuple(card for card in FULL_DECK if pack.count(card) == 0)


def _check_hand_and_seen(
    hand: Cards, seen: Cards | Shoe, hand_size: int | None
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    if hand_size is not None:  # a bool is not a size: read_whole refuses True
        hand_size = read_whole(hand_size, "the hand size", minimum=1, maximum=PACK_SIZE - 1, error=HandError)
    hand_cards = read_cards(hand, "hand")
    if not hand_cards:
        raise HandError("a hand needs at least one card")
    if hand_size is not None and len(hand_cards) != hand_size:
        raise HandError(f"the hand has {len(hand_cards)} cards; this game deals {hand_size}")
    if isinstance(seen, Shoe):
        seen_cards = _missing_from(seen)
        taken = sorted(set(hand_cards) & set(seen_cards))
        if taken:
            raise HandError(
                f"{format_cards(taken)} cannot be in the hand: the pack given lacks "
                f"{'it' if len(taken) == 1 else 'them'} (give the pack less the seen cards; it still "
                "holds the hand)"
            )
    else:
        seen_cards = read_cards(seen, "seen cards")
    both = sorted(set(hand_cards) & set(seen_cards))
    if both:
        raise HandError(
            f"{format_cards(both)} cannot be both in the hand and among the seen cards: "
            "a pack holds each card once"
        )
    if len(hand_cards) + len(seen_cards) >= PACK_SIZE:
        raise HandError("the hand and the seen cards leave no unseen card to decide the bet")
    return hand_cards, seen_cards


@checked
def beaten_cards(hand: Iterable[Card], seen: Iterable[Card] = ()) -> tuple[Card, ...]:
    """The unseen cards a hand beats, lowest first (no checks: see :func:`explain`).

    Args:
        hand: The cards held (not checked: a card given twice counts once).
        seen: Cards neither held nor able to decide the bet; none by default.

    Returns:
        The cards outside the hand and ``seen`` that rank below the hand's highest card of their
            suit, in the pack's order (lowest rank first).

    >>> format_cards(beaten_cards(parse_cards("4c,6h,5h")))
    '2c,2h,3c,3h,4h'
    """
    hand_set = set(hand)
    out = hand_set | set(seen)
    highest = {suit: max((c.rank for c in hand_set if c.suit is suit), default=None) for suit in SUITS}
    return tuple(
        card
        for card in FULL_DECK
        if card not in out and (top := highest[card.suit]) is not None and card.rank < top
    )


@checked
def count_beaten(hand: Sequence[Card], out: Sequence[Card]) -> int:
    """How many cards outside ``hand`` and ``out`` the hand beats (counted per suit, fast).

    Args:
        hand: The cards held, each at most once.
        out: Cards that are neither held nor able to decide the bet (seen or out of play).

    Returns:
        The number of cards, outside the hand and ``out``, below the hand's highest card of their
            suit.

    >>> count_beaten(parse_cards("As,Kh,Qd,Jc,2s"), ())
    41
    """
    return count_beaten_unchecked(hand, out)


def count_beaten_unchecked(hand: Sequence[Card], out: Sequence[Card]) -> int:
    """:func:`count_beaten` without the argument check, for the simulation's inner loop.

    >>> count_beaten_unchecked(parse_cards("2s"), parse_cards("Ac"))
    0
    """
    top = [-1, -1, -1, -1]
    for card in hand:
        suit = card.suit.index
        top[suit] = max(top[suit], card.rank.index)
    beaten = sum(t for t in top if t > 0)
    for card in (*hand, *out):
        if card.rank.index < top[card.suit.index]:
            beaten -= 1
    return beaten


@checked
def explain(hand: Cards, seen: Cards | Shoe = (), *, hand_size: int | None = None) -> HandChance:
    """The chance of a hand with the cards that beat it explained, suit by suit and card by card.

    ``seen`` are the cards its holder has seen (decision and burnt cards, losers' hands, winners'
    winning cards), or a :class:`~cardmath.shoe.Shoe` of one pack without them (which still holds
    the hand); ``hand_size``, when given, is the size the hand must have.

    Args:
        hand: The cards held, as text (``"As,Kh"``) or an iterable of cards or of their texts.
        seen: What the holder has seen, as cards, or as a one-pack
            :class:`~cardmath.shoe.Shoe` without those cards; nothing by default.
        hand_size: The number of cards the hand must have; ``None`` accepts any size.

    Returns:
        The hand, the seen cards, the counts of unseen and beaten cards, the exact chance, and what
            each card and each suit contributes.

    Raises:
        HandError: When a card is given twice, is both held and seen, the hand is empty or of the
            wrong size, or no unseen card is left.
        ShoeError: When ``seen`` is a shoe other than part of one 52-card pack.

    >>> chance = explain("As,Kh,Qd,Jc,2s")
    >>> chance.unseen, chance.beaten, chance.win_probability
    (47, 41, 41/47)
    >>> [(str(c.card), c.beats) for c in chance.cards]
    [('As', 11), ('Kh', 11), ('Qd', 10), ('Jc', 9), ('2s', 0)]
    >>> explain("As,Kh", "Kh")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.games.pool.chances.HandError: Kh cannot be both in the hand and among the seen cards: ...
    """
    hand_cards, seen_cards = _check_hand_and_seen(hand, seen, hand_size)
    out = set(hand_cards) | set(seen_cards)
    unseen = PACK_SIZE - len(out)
    suits = []
    for suit in SUITS:
        held = [c for c in hand_cards if c.suit is suit]
        top = max(held, default=None)
        beaten = () if top is None else tuple(beaten_cards([top], out))
        suits.append(SuitBeats(suit, top, beaten))
    top_of = {s.suit: s.highest for s in suits}
    cards = tuple(
        CardBeats(
            card,
            sum(1 for c in FULL_DECK if c.suit is card.suit and c.rank < card.rank and c not in out),
            top_of[card.suit] == card,
        )
        for card in hand_cards
    )
    beaten_total = sum(len(s.beaten) for s in suits)
    return HandChance(
        hand=hand_cards,
        seen=seen_cards,
        unseen=unseen,
        beaten=beaten_total,
        win_probability=probability(beaten_total, unseen),
        cards=cards,
        suits=tuple(suits),
    )


@checked
def win_probability(hand: Cards, seen: Cards | Shoe = (), *, hand_size: int | None = None) -> Rational:
    """The exact chance that ``hand`` beats the decision card, given the ``seen`` cards (or a
    :class:`~cardmath.shoe.Shoe` of one pack without them, as :func:`explain` takes).

    Args:
        hand: The cards held, as text (``"As,Kh"``) or an iterable of cards or of their texts.
        seen: The cards the holder has seen, or a one-pack shoe without them; nothing by default.
        hand_size: The number of cards the hand must have; ``None`` accepts any size.

    Returns:
        Unseen cards beaten over unseen cards, as an exact ``sympy.Rational`` from 0 to 1.

    Raises:
        HandError: When a card is given twice, is both held and seen, the hand is empty or of the
            wrong size, or no unseen card is left.

    >>> win_probability(["2c", "2d", "2h", "2s"])
    0
    >>> win_probability("Ac,Kc", hand_size=3)
    Traceback (most recent call last):
    ...
    cardmath.games.pool.chances.HandError: the hand has 2 cards; this game deals 3
    """
    hand_cards, seen_cards = _check_hand_and_seen(hand, seen, hand_size)
    unseen = PACK_SIZE - len(hand_cards) - len(seen_cards)
    return probability(count_beaten(hand_cards, seen_cards), unseen)


# --- the distribution over every hand -----------------------------------------------------------

BivariateCounts = dict[tuple[int, int], int]
"""Coefficients of a polynomial in ``x`` (cards in the hand) and ``y`` (cards beaten)."""


def _suit_generating_function(available: int, hand_size: int) -> BivariateCounts:
    """Hands within one suit of ``available`` cards, by cards held and unseen cards beaten.

    If the highest card held is the ``j``-th lowest available card (from 0), the hand holds it and
    ``i`` of the ``j`` available cards below it, and beats the other ``j - i`` of them.
    """
    counts: BivariateCounts = {(0, 0): 1}
    for j in range(available):
        for i in range(min(j, hand_size - 1) + 1):
            key = (i + 1, j - i)
            counts[key] = counts.get(key, 0) + comb(j, i)
    return counts


def _convolve(a: BivariateCounts, b: BivariateCounts, hand_size: int) -> BivariateCounts:
    result: BivariateCounts = {}
    for (xa, ya), ca in a.items():
        for (xb, yb), cb in b.items():
            if xa + xb <= hand_size:
                key = (xa + xb, ya + yb)
                result[key] = result.get(key, 0) + ca * cb
    return result


@checked
def distribution(hand_size: int | str, out_of_play: Cards | Shoe = ()) -> HandSizeDistribution:
    """How many hands of ``hand_size`` cards beat exactly k unseen cards, for every k.

    ``out_of_play`` are cards known to be out of play: no hand holds them and none decides a bet.
    They may also be given as a :class:`~cardmath.shoe.Shoe`: one 52-card pack without them.

    Args:
        hand_size: The cards in a hand, from 1 to 51, as a number or its text (``"5"``).
        out_of_play: The cards out of play (text, an iterable of cards, or one-pack shoe without
            them); none by default.

    Returns:
        The count of hands beating exactly ``k`` unseen cards for every ``k``, with the chance and
            the counts of favourable, even, hopeless and certain hands.

    Raises:
        HandError: When the hand size is not a whole number from 1 to 51, a card is given twice, or
            too few cards are left for a hand and a decision card.

    >>> d = distribution(4)
    >>> d.hands, d.win_probability, d.hopeless_hands
    (270725, 4489/11900, 35)
    >>> distribution(3, "2c").hands == comb(51, 3)
    True
    >>> distribution(0)
    Traceback (most recent call last):
    ...
    cardmath.games.pool.chances.HandError: a hand size must be a whole number from 1 to 51, not '0'
    >>> distribution(5, FULL_DECK[:48])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    cardmath.games.pool.chances.HandError: 48 cards out of play leave 4 cards: not enough for a hand
    of 5 and a decision card; the hand size can be at most 3
    """
    out = (
        _missing_from(out_of_play)
        if isinstance(out_of_play, Shoe)
        else read_cards(out_of_play, "cards out of play")
    )
    size = read_whole(hand_size, "a hand size", minimum=1, maximum=PACK_SIZE - 1, error=HandError)
    left = PACK_SIZE - len(out)
    if size + 1 > left:
        most = "no hand can be dealt" if left < 2 else f"the hand size can be at most {left - 1}"
        raise HandError(
            f"{len(out)} cards out of play leave {left} card{'s' if left != 1 else ''}: not enough for a "
            f"hand of {size} and a decision card; {most}"
        )
    out_set = set(out)
    total: BivariateCounts = {(0, 0): 1}
    for suit in SUITS:
        available = sum(1 for rank in Rank if Card(rank, suit) not in out_set)
        total = _convolve(total, _suit_generating_function(available, size), size)
    unseen = left - size
    by_beaten = [0] * (unseen + 1)
    for (held, beaten), count in total.items():
        if held == size:
            by_beaten[beaten] += count
    return HandSizeDistribution(size, tuple(sorted(out)), unseen, tuple(by_beaten))
