"""Ranks, suits and cards, and the notation to read and print them.

Ranks are ``2 3 4 5 6 7 8 9 T J Q K A`` (``10`` is accepted for ``T``), suits ``c d h s``
(``♣ ♦ ♥ ♠`` are accepted).  A card is its rank followed by its suit.

>>> Card.parse("10h")
Card(rank=Rank.TEN, suit=Suit.HEARTS)
>>> str(Card.parse("A♠"))
'As'
>>> format_cards(parse_cards("As, Kh Qd,Jc"))
'As,Kh,Qd,Jc'
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from cardmath.checks import checked
from cardmath.errors import CardNotationError

__all__ = [
    "FULL_DECK",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "parse_cards",
]


class Rank(enum.IntEnum):
    """A card rank, valued 2 (deuce) to 14 (ace); each game reads ranks in the order its rules use.

    >>> Rank.JACK.symbol, int(Rank.JACK)
    ('J', 11)
    >>> Rank.parse("10") is Rank.TEN
    True
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-character symbol of the rank (``T`` for ten)."""
        return _RANK_SYMBOLS[self.value - 2]

    @property
    def index(self) -> int:
        """Position of the rank from 0 (deuce) to 12 (ace)."""
        return self.value - 2

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank symbol (``2``..``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``).

        Args:
            text: One rank symbol, either case, surrounding spaces ignored.

        Returns:
            The rank the symbol names.
        """
        key = text.strip().upper()
        if key == "10":
            key = "T"
        if len(key) == 1 and key in _RANK_SYMBOLS:
            return cls(_RANK_SYMBOLS.index(key) + 2)
        raise CardNotationError(f"unknown rank {text!r}: ranks are 2 3 4 5 6 7 8 9 T (or 10) J Q K A")

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


class Suit(enum.Enum):
    """A card suit; suits are unranked in every game here.

    >>> Suit.parse("♥") is Suit.HEARTS
    True
    """

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        """The one-letter symbol of the suit."""
        return self.value

    @property
    def index(self) -> int:
        """Position of the suit: clubs 0, diamonds 1, hearts 2, spades 3."""
        return _SUIT_ORDER.index(self)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter (``c d h s``) or symbol (``♣ ♦ ♥ ♠``).

        Args:
            text: One suit letter (either case) or card-suit symbol, filled or outlined.

        Returns:
            The suit the letter or symbol names.
        """
        key = _SUIT_SYMBOLS.get(text.strip(), text.strip().lower())
        for suit in cls:
            if suit.value == key:
                return suit
        raise CardNotationError(f"unknown suit {text!r}: suits are c d h s (or ♣ ♦ ♥ ♠)")

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_RANK_SYMBOLS: Final = "23456789TJQKA"
_SUIT_ORDER: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_SYMBOLS: Final = {
    "♣": "c",
    "♦": "d",
    "♥": "h",
    "♠": "s",
    "♧": "c",
    "♢": "d",
    "♡": "h",
    "♤": "s",
}
_CARD_PATTERN: Final = re.compile(r"^\s*(10|[2-9TJQKAtjqka])\s*([cdhsCDHS♣♦♥♠♧♢♡♤])\s*$")


@functools.total_ordering
@dataclass(frozen=True)
class Card:
    """One card: a rank and a suit.  Cards order by rank, then suit.

    Args:
        rank: The card's rank, deuce to ace.
        suit: The card's suit: clubs, diamonds, hearts or spades.

    >>> Card(Rank.ACE, Suit.SPADES) > Card(Rank.KING, Suit.SPADES)
    True
    >>> Card.parse("Td").index
    33
    """

    rank: Rank
    suit: Suit

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card such as ``As``, ``Td``, ``10h`` or ``Q♦``.

        Args:
            text: Rank then suit, with nothing else but surrounding spaces.

        Returns:
            The card the text writes.
        """
        match = _CARD_PATTERN.match(text)
        if match is None:
            raise CardNotationError(
                f"cannot read card {text!r}: write rank then suit, such as As, Td, 10h or Q♦ "
                "(ranks 2-9 T J Q K A, suits c d h s)"
            )
        return cls(Rank.parse(match.group(1)), Suit.parse(match.group(2)))

    @property
    def index(self) -> int:
        """Position of the card from 0 (2c) to 51 (As): rank index times 4 plus suit index."""
        return self.rank.index * 4 + self.suit.index

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at a position from 0 to 51 (the inverse of :attr:`index`).

        Args:
            index: A position in the standard deck's order, 0 (`2c`) to 51 (`As`).

        Returns:
            The one card of `FULL_DECK` at that position.
        """
        if not 0 <= index < 52:
            raise CardNotationError(f"card index {index} is outside 0..51")
        return FULL_DECK[index]

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"


FULL_DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for rank in Rank for suit in _SUIT_ORDER)
"""The 52 cards of one standard deck in index order: 2c 2d 2h 2s 3c ... As."""


@checked
def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read cards separated by commas or spaces (or given as an iterable of strings).

    An empty text gives no cards; a comma with no card before or after it (``"As,,Kd"``,
    ``"10h,"``, ``","``) is refused, since it reads as a card left out.

    Args:
        text: Cards in notation separated by commas and/or spaces, or one card's text per item.

    Returns:
        The cards, in the order written.

    >>> [str(card) for card in parse_cards("As,10h  2c")]
    ['As', 'Th', '2c']
    >>> parse_cards("As,Xx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.CardNotationError: cannot read card 'Xx': write rank then suit, ...
    >>> parse_cards("10h,,")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.CardNotationError: '10h,,' has a comma with no card beside it: ...
    """
    if not isinstance(text, str):
        return tuple(Card.parse(item) for item in text if item.strip())
    if text.strip() and any(not part.strip() for part in text.split(",")):
        raise CardNotationError(
            f"{text!r} has a comma with no card beside it: separate cards by one comma or by spaces, "
            "such as As,Kd,10h"
        )
    return tuple(Card.parse(item) for item in re.split(r"[\s,]+", text) if item.strip())


@checked
def format_cards(cards: Iterable[Card], separator: str = ",") -> str:
    """Print cards in the notation :func:`parse_cards` reads.

    Args:
        cards: The cards to print, in order.
        separator: What goes between two cards; a comma by default.

    Returns:
        Each card as rank then suit (`As`), joined by the separator.

    >>> format_cards([Card.parse("2c"), Card.parse("Kd")], " ")
    '2c Kd'
    """
    return separator.join(str(card) for card in cards)
