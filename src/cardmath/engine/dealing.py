"""How a deal is dealt, as data: the positions of the cards, in order, and when each step is dealt.

A deal-and-settle game deals its cards in :class:`Step` s: the Dragon's card and the Tiger's; or the
player's and the dealer's card, then, on a tie only, three cards burned and one more card each.  A
position named :data:`BURN` is dealt face down and read by no bet.  :class:`Dealing` lists the
steps and what a deal reads of each card (:class:`Reads`: the rank alone, or the whole card), and
:func:`deal_sequences` walks every deal once, independent of any shoe.

The counting identity makes burns free: a card no bet reads is counted like the unused cards that
pad every deal to the longest (:mod:`cardmath.enumeration`), because the cards after it are drawn
from the shoe with the same chances whatever it was.  So a war's three burned cards change no count
and need no enumeration.

>>> def tied(dealt: Dealt) -> bool:
...     return dealt.rank("player") == dealt.rank("dealer")
>>> war = Dealing(
...     (Step(("player", "dealer")), Step((BURN, BURN, BURN, "player war", "dealer war"), when=tied)),
...     Reads.RANKS,
... )
>>> war.longest, len(deal_sequences(war))
(7, 2353)
>>> dealt = deal_sequences(war)[0]
>>> dealt.positions(), dealt.rank("dealer"), dealt.categories
(('player', 'dealer', 'player war', 'dealer war'), Rank.TWO, (0, 0, 0, 0))
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from cardmath.cards import FULL_DECK, Card, Rank
from cardmath.errors import OptionError
from cardmath.shoe import Shoe

__all__ = ["BURN", "Dealing", "Dealt", "Reads", "Step", "deal_sequences"]

BURN = "burn"
"""The name of a position dealt face down and read by no bet (a burned card)."""

_RANKS: tuple[Rank, ...] = tuple(sorted(Rank, key=lambda rank: rank.index))


class Reads(enum.StrEnum):
    """What a deal reads of each card: its rank (13 categories: the counts of a shoe by rank) or
    the whole card (52 categories, for bets that read suits).

    >>> Reads.RANKS.categories, Reads.CARDS.categories
    (13, 52)
    >>> Reads.RANKS.counts(Shoe.standard(2))[:3], Reads.CARDS.per_deck()[:3]
    ((8, 8, 8), (1, 1, 1))
    """

    RANKS = "ranks"
    CARDS = "cards"

    @property
    def categories(self) -> int:
        """How many categories a card falls into."""
        return 13 if self is Reads.RANKS else 52

    def counts(self, shoe: Shoe) -> tuple[int, ...]:
        """The shoe's cards by category (ranks by :attr:`Rank.index`, cards by :attr:`Card.index`).

        Args:
            shoe: The shoe to count, finite or infinite (an infinite shoe counts as one deck).

        Returns:
            13 counts (by rank, deuce first) or 52 (by card), each the number of copies of that category in
                the shoe.
        """
        return shoe.rank_counts() if self is Reads.RANKS else shoe.card_counts

    def per_deck(self) -> tuple[int, ...]:
        """One standard deck's cards by category.

        Returns:
            The copies of each category in a single 52-card deck: 4 per rank, or 1 per card.
        """
        return (4,) * 13 if self is Reads.RANKS else (1,) * 52


@dataclass(frozen=True)
class Step:
    """Cards dealt together: their positions in order (:data:`BURN` for a burned card), dealt when
    ``when`` (given the cards dealt before) says so, always when it is ``None``.

    Args:
        positions: The names of the positions the step deals, in dealing order; :data:`BURN` for each card
            dealt face down. At least one.
        when: A test of the cards dealt so far (a :class:`Dealt`) that says whether this step is dealt at all;
            ``None`` deals it every time.

    >>> Step(("dragon", "tiger")).positions
    ('dragon', 'tiger')
    >>> Step(())
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: a step deals at least one card
    """

    positions: tuple[str, ...]
    when: Callable[[Dealt], bool] | None = None

    def __post_init__(self) -> None:
        if not self.positions:
            raise OptionError("a step deals at least one card")


@dataclass(frozen=True)
class Dealing:
    """How a deal is dealt: its steps in order and what it reads of each card.

    Args:
        steps: The steps in dealing order; each position other than :data:`BURN` is named once across them.
        reads: What the bets read of each card: :attr:`Reads.RANKS` (rank only) or :attr:`Reads.CARDS` (rank
            and suit).

    >>> Dealing((Step(("dragon", "tiger")),), Reads.CARDS).longest
    2
    >>> Dealing((Step(("a",)), Step(("a",))), Reads.RANKS)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: position 'a' is dealt twice: name each position once
    """

    steps: tuple[Step, ...]
    reads: Reads

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for step in self.steps:
            for position in step.positions:
                if position != BURN and position in seen:
                    raise OptionError(f"position {position!r} is dealt twice: name each position once")
                seen.add(position)

    @property
    def longest(self) -> int:
        """The most cards a deal can use (burns included): every deal is padded to it."""
        return sum(len(step.positions) for step in self.steps)


@dataclass(frozen=True)
class Dealt:
    """The cards of one deal by position, as the dealing reads them (burns left out).

    ``categories`` lists the category of each read position in the order dealt.

    Args:
        reads: How the categories of ``cards`` are numbered: by rank (0 = deuce ... 12 = ace) or by card
            index.
        cards: The read cards as ``(position, category)`` pairs, in the order dealt, burned cards left out.

    >>> dealt = Dealt(Reads.CARDS, (("dragon", Card.parse("Kh").index),))
    >>> dealt.card("dragon"), dealt.rank("dragon"), "tiger" in dealt
    (Card(rank=Rank.KING, suit=Suit.HEARTS), Rank.KING, False)
    >>> Dealt(Reads.RANKS, (("player", 0),)).card("player")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: this deal reads ranks only: a bet that reads suits needs a game that ...
    """

    reads: Reads
    cards: tuple[tuple[str, int], ...]

    @property
    def categories(self) -> tuple[int, ...]:
        """The category of each card read, in the order dealt."""
        return tuple(category for _, category in self.cards)

    def positions(self) -> tuple[str, ...]:
        """The positions dealt, in order (burns left out).

        Returns:
            The names of the positions that got a card in this deal, in dealing order (a step not dealt adds
                none).
        """
        return tuple(position for position, _ in self.cards)

    def __contains__(self, position: object) -> bool:
        return any(name == position for name, _ in self.cards)

    def _category(self, position: str) -> int:
        for name, category in self.cards:
            if name == position:
                return category
        raise OptionError(
            f"no card was dealt to {position!r} in this deal: dealt {', '.join(self.positions())}"
        )

    def rank(self, position: str) -> Rank:
        """The rank of the card at ``position``.

        Args:
            position: The name of a position this deal dealt a card to.

        Returns:
            The :class:`~cardmath.cards.Rank` of that card, whichever way the deal reads cards.
        """
        category = self._category(position)
        return _RANKS[category] if self.reads is Reads.RANKS else FULL_DECK[category].rank

    def card(self, position: str) -> Card:
        """The card at ``position`` (only when the dealing reads cards).

        Args:
            position: The name of a position this deal dealt a card to.

        Returns:
            The whole :class:`~cardmath.cards.Card`, suit included.

        Raises:
            OptionError: When the dealing reads ranks only, or no card went to ``position``.
        """
        if self.reads is Reads.RANKS:
            raise OptionError(
                "this deal reads ranks only: a bet that reads suits needs a game that reads cards"
            )
        return FULL_DECK[self._category(position)]


def _walk(dealing: Dealing, step: int, dealt: tuple[tuple[str, int], ...]) -> Iterator[Dealt]:
    if step == len(dealing.steps):
        yield Dealt(dealing.reads, dealt)
        return
    current = dealing.steps[step]
    if current.when is not None and not current.when(Dealt(dealing.reads, dealt)):
        yield from _walk(dealing, step + 1, dealt)
        return
    read = [position for position in current.positions if position != BURN]
    yield from _fill(dealing, step, dealt, read)


def _fill(
    dealing: Dealing, step: int, dealt: tuple[tuple[str, int], ...], read: list[str]
) -> Iterator[Dealt]:
    if not read:
        yield from _walk(dealing, step + 1, dealt)
        return
    for category in range(dealing.reads.categories):
        yield from _fill(dealing, step, (*dealt, (read[0], category)), read[1:])


@functools.lru_cache(maxsize=32)
def deal_sequences(dealing: Dealing) -> tuple[Dealt, ...]:
    """Every deal by category, burns left out, each once: the shoe-free list the engine counts.

    Args:
        dealing: The steps and reads of one game's deal; the answer is cached per dealing.

    Returns:
        One :class:`Dealt` per distinct sequence of categories the steps can deal, in lexicographic order of
            categories: the deals the engine counts, with no shoe involved.

    >>> len(deal_sequences(Dealing((Step(("dragon", "tiger")),), Reads.CARDS)))
    2704
    """
    return tuple(_walk(dealing, 0, ()))


def category_names(reads: Reads) -> Mapping[int, str]:
    """The symbol of each category (``"A"``, ``"As"``), for messages.

    >>> category_names(Reads.RANKS)[12], category_names(Reads.CARDS)[0]
    ('A', '2c')
    """
    if reads is Reads.RANKS:
        return {rank.index: rank.symbol for rank in _RANKS}
    return {card.index: str(card) for card in FULL_DECK}
