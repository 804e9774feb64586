"""Shoes: what remains to be dealt, as an immutable composition.

A :class:`Shoe` holds how many of each of the 52 cards remain.  A *finite* shoe is dealt without
replacement; an *infinite* shoe is the limit of ever more decks of the same proportions, so every
draw has the same chances (the infinite-deck limit of the published tables).

>>> shoe = Shoe.standard(decks=2)
>>> shoe.size, shoe.decks
(104, 2)
>>> depleted = shoe.without(parse_cards("As Ah 5c"))
>>> depleted.size, depleted.rank_counts()[Rank.ACE.index], depleted.decks
(101, 6, None)
>>> Shoe.infinite().is_infinite
True
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from cardmath.cards import FULL_DECK, Card, Rank, format_cards, parse_cards
from cardmath.errors import ShoeError, require_type
from cardmath.numbers import MAX_DECKS

__all__ = ["Shoe", "require_shoe"]


@dataclass(frozen=True)
class Shoe:
    """An immutable composition: ``card_counts[i]`` copies of card ``Card.from_index(i)``.

    Build one with :meth:`standard`, :meth:`infinite`, :meth:`from_counts` or :meth:`without`.
    ``decks`` is the number of whole decks when the shoe is a full standard shoe, else ``None``.
    No card may have more than :data:`~cardmath.numbers.MAX_DECKS` copies (``10**12``): past that,
    the infinite-deck limit is the shoe to ask for.

    Args:
        card_counts: 52 whole numbers from 0 to 10**12, not all 0: the copies of each card in index
            order (2c first, As last).
        is_infinite: Whether the counts are relative weights of an infinite shoe; `False` by default.
        decks: The number of standard decks the counts make, when they make whole decks; `None`
            otherwise (it does not count in comparisons).

    >>> shoe = Shoe.standard(6)
    >>> shoe.size, shoe.count(Card.parse("As")), shoe.describe()
    (312, 6, '6 decks')
    >>> shoe.without("As").describe(), Shoe.infinite().describe()
    ('311 cards', 'infinite decks')
    """

    card_counts: tuple[int, ...]
    is_infinite: bool = False
    decks: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if len(self.card_counts) != 52:
            raise ShoeError(f"a shoe needs a count for each of the 52 cards, not {len(self.card_counts)}")
        for card, count in zip(FULL_DECK, self.card_counts, strict=True):
            if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MAX_DECKS:
                if isinstance(count, int) and not isinstance(count, bool) and count > MAX_DECKS:
                    raise ShoeError(
                        f"the count of {card} must be at most 10**12 (a trillion decks' worth), not "
                        f"{count}; past that, use Shoe.infinite(), the infinite-deck limit"
                    )
                raise ShoeError(f"the count of {card} must be a whole number 0 or more, not {count!r}")
        if sum(self.card_counts) == 0:
            raise ShoeError("a shoe must hold at least one card")

    @classmethod
    def standard(cls, decks: int = 1) -> Shoe:
        """A fresh shoe of ``decks`` standard 52-card decks (a whole number from 1 to 10**12).

        Args:
            decks: How many full decks to shuffle together, at most
                :data:`~cardmath.numbers.MAX_DECKS`; 1 by default.

        Returns:
            A finite shoe holding `decks` copies of every card, which knows its number of decks.

        >>> Shoe.standard(6).size
        312
        >>> Shoe.standard(0)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardmath.errors.ShoeError: the number of decks must be a whole number 1 or more, at most 10**12, ...
        """
        if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= MAX_DECKS:
            shown = repr(decks) if len(repr(decks)) <= 40 else f"a number of {len(repr(decks))} digits"
            raise ShoeError(
                f"the number of decks must be a whole number 1 or more, at most 10**12, not {shown} "
                "(Shoe.infinite() is the infinite-deck limit)"
            )
        return cls((decks,) * 52, decks=decks)

    @classmethod
    def infinite(cls, proportions: Shoe | None = None) -> Shoe:
        """The infinite-deck limit: draws are independent with the proportions of one deck.

        ``proportions`` may give another composition (its counts are taken as relative weights).

        Args:
            proportions: A shoe whose counts give the weights of the cards; one deck's when `None`.

        Returns:
            An infinite shoe; its size is the total of the weights.

        >>> Shoe.infinite().rank_counts()[0]
        4
        """
        if proportions is not None:
            require_type(proportions, Shoe, "proportions", "a cardmath.Shoe whose counts are the weights")
        counts = proportions.card_counts if proportions is not None else (1,) * 52
        return cls(counts, is_infinite=True)

    @classmethod
    def from_counts(
        cls,
        counts: Mapping[Card, int] | Mapping[str, int] | Mapping[Card | str, int],
        *,
        infinite: bool = False,
    ) -> Shoe:
        """A shoe from a mapping of card to how many remain (missing cards count 0).

        With ``infinite=True`` the counts are the relative weights of an infinite shoe, as
        :meth:`infinite` takes them: ``{As: 1}`` is a shoe that deals the ace of spades every time.

        Args:
            counts: How many copies of each card the shoe holds, by card (a `Card` or its text
                such as `"As"`); each a whole number from 0 to 10**12.
            infinite: Whether the counts are weights of an infinite shoe rather than physical cards.

        Returns:
            The shoe, with no number of decks.

        >>> Shoe.from_counts({Card.parse("As"): 2, "Kd": 1}).size
        3
        >>> Shoe.from_counts({Card.parse("As"): 1}, infinite=True).describe()
        'infinite shoe in the proportions of 1 card'
        >>> Shoe.from_counts([Card.parse("As")])
        Traceback (most recent call last):
        ...
        TypeError: counts must be a mapping of card to count, such as {Card.parse("As"): 2}, not list
        >>> Shoe.from_counts({5: 1})
        Traceback (most recent call last):
        ...
        TypeError: counts must map cards (Card.parse("As"), or the text "As") to counts, not int 5
        """
        if not isinstance(counts, Mapping):
            raise TypeError(
                'counts must be a mapping of card to count, such as {Card.parse("As"): 2}, '
                f"not {type(counts).__name__}"
            )
        if not isinstance(infinite, bool):
            raise TypeError(f"infinite must be True or False, not {type(infinite).__name__}")
        by_index: list[int | None] = [None] * 52
        for key, count in counts.items():
            if isinstance(key, str):
                card = Card.parse(key)
            elif isinstance(key, Card):
                card = key
            else:
                shown = repr(key) if len(repr(key)) <= 40 else repr(key)[:40] + "..."
                raise TypeError(
                    'counts must map cards (Card.parse("As"), or the text "As") to counts, '
                    f"not {type(key).__name__} {shown}"
                )
            if by_index[card.index] is not None:
                raise ShoeError(f"{card} is given twice in counts: give each card once")
            by_index[card.index] = count
        return cls(tuple(0 if n is None else n for n in by_index), is_infinite=infinite)

    @functools.cached_property
    def size(self) -> int:
        """How many cards the shoe holds (for an infinite shoe, the total of its weights)."""
        return sum(self.card_counts)

    def count(self, card: Card) -> int:
        """How many copies of ``card`` remain.

        Args:
            card: The card to look up.

        Returns:
            The copies left, 0 or more; for an infinite shoe, the card's weight.

        >>> Shoe.standard(2).count(Card.parse("As"))
        2
        """
        if not isinstance(card, Card):
            require_type(card, Card, "card", 'a cardmath.Card, such as Card.parse("As")')
        return self.card_counts[card.index]

    def rank_counts(self) -> tuple[int, ...]:
        """Counts by rank, indexed by :attr:`Rank.index` (deuce first, ace last).

        Returns:
            Thirteen counts, one per rank, each summing its four suits.

        >>> Shoe.standard(1).rank_counts()
        (4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4)
        """
        counts = self.card_counts
        return tuple(sum(counts[4 * r : 4 * r + 4]) for r in range(13))

    def cards(self) -> tuple[Card, ...]:
        """Every physical card in the shoe, with repeats, in index order (finite shoes only).

        Returns:
            Each card as often as it remains, lowest index first.
        """
        if self.is_infinite:
            raise ShoeError("an infinite shoe has no list of physical cards")
        return tuple(card for card, n in zip(FULL_DECK, self.card_counts, strict=True) for _ in range(n))

    def without(self, cards: Iterable[Card | str] | str) -> Shoe:
        """The shoe with ``cards`` taken out (cards, or their notation: ``"As,Kd"`` or
        ``["As", "Kd"]``); an error if a card is not there to remove.

        Args:
            cards: The cards to remove: `Card` objects, their notation one per item, or one text
                separated by commas or spaces.

        Returns:
            A new finite shoe without a number of decks (this shoe when nothing is removed).

        >>> Shoe.standard(1).without(["As", "Kd"]).size
        50

        >>> Shoe.standard(1).without("As,As")
        Traceback (most recent call last):
        ...
        cardmath.errors.ShoeError: cannot remove As: the shoe holds only 1 of it (2 asked)
        """
        if isinstance(cards, str):
            removed = Counter(parse_cards(cards))
        else:
            removed = Counter(card if isinstance(card, Card) else _card_from(card) for card in cards)
        if not removed:
            return self
        if self.is_infinite:
            raise ShoeError("cards cannot be removed from an infinite shoe; give a number of decks")
        counts = list(self.card_counts)
        for card, n in sorted(removed.items()):
            if counts[card.index] < n:
                raise ShoeError(
                    f"cannot remove {card}: the shoe holds only {counts[card.index]} of it ({n} asked)"
                )
            counts[card.index] -= n
        if sum(counts) == 0:
            raise ShoeError("cannot remove every card: a shoe must hold at least one card")
        return Shoe(tuple(counts))

    def without_rank(self, rank: Rank) -> Shoe:
        """The shoe with one card of ``rank`` taken out (the suit with the most copies left).

        Used for effects of removal, where only the rank matters.

        Args:
            rank: The rank of the card to remove.

        Returns:
            A new shoe one card smaller.
        """
        require_type(rank, Rank, "rank", "a cardmath.Rank, such as Rank.ACE")
        candidates = [card for card in FULL_DECK if card.rank is rank and self.count(card) > 0]
        if not candidates:
            raise ShoeError(f"cannot remove a card of rank {rank}: none is left in the shoe")
        return self.without([max(candidates, key=self.count)])

    def describe(self) -> str:
        """A short human description: ``6 decks``, ``infinite decks`` or ``101 cards``.

        An infinite shoe whose weights are not those of whole decks says so: ``infinite shoe in
        the proportions of 51 cards``.

        Returns:
            The number of decks for a full standard shoe, else the number of cards.

        >>> Shoe.infinite(Shoe.standard(6)).describe()
        'infinite decks'
        >>> Shoe.infinite(Shoe.standard(1).without("As")).describe()
        'infinite shoe in the proportions of 51 cards'
        """
        if self.is_infinite:
            if len(set(self.card_counts)) == 1:
                return "infinite decks"
            return f"infinite shoe in the proportions of {self.size} card" + ("s" if self.size > 1 else "")
        if self.decks is not None:
            return f"{self.decks} deck" + ("s" if self.decks > 1 else "")
        return f"{self.size} cards"

    def __str__(self) -> str:
        if self.is_infinite or self.decks is not None:
            return self.describe()
        return format_cards(self.cards())


def _card_from(item: object) -> Card:
    if isinstance(item, str):
        (card,) = parse_cards(item) if "," not in item and item.strip() else (None,)
        if card is not None:
            return card
    raise ShoeError(f"cannot remove {item!r}: give cards such as As or Kd, or their text such as 'As,Kd'")


def require_shoe(value: object, name: str = "shoe") -> Shoe:
    """``value`` if it is a :class:`Shoe`, else a ``TypeError`` saying how to make one.

    Args:
        value: The argument that should be a shoe.
        name: The parameter's name for the message; `shoe` by default.

    Returns:
        `value` itself, typed as a `Shoe`.

    >>> require_shoe(Shoe.standard(2)).size
    104
    >>> require_shoe("8 decks")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: shoe must be a cardmath.Shoe (Shoe.standard(8), Shoe.infinite(), ...), not str
    """
    return require_type(
        value,
        Shoe,
        name,
        'a cardmath.Shoe (Shoe.standard(8), Shoe.infinite(), Shoe.standard(1).without("As"))',
    )
