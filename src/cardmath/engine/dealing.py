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

Two more kinds of step say what a sequence cannot (:mod:`cardmath.engine.hands` counts them):

- a :class:`Hand` deals several cards at once as a *combination*: their order is not read, so
  Three Card Poker's two hands are 2 x 22,100 combinations of ranks, not 52**6 sequences.  A hand
  reads the ranks of its cards and, when ``flush`` is set, which of them share one suit (the
  hand's *flush*): a bet that reads suits only so lets the engine fold suit permutations away.
  A :class:`Pool` reads several hands together as one (the six cards of two hands);
- an :class:`Until` deals cards in turn until one meets its ``stop`` test (Andar Bahar's cards
  until one matches the joker): a deal of any length, read by its length and its last card.

>>> poker = Dealing((Hand("player", 3, flush=3), Hand("dealer", 3, flush=3)), Reads.RANKS)
>>> poker.kind, poker.longest, poker.positions
('hands', 6, ('player', 'dealer'))
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from cardmath.cards import FULL_DECK, Card, Rank
from cardmath.errors import DefinitionError, OptionError
from cardmath.shoe import Shoe

__all__ = ["BURN", "Dealing", "Dealt", "Hand", "HandView", "Pool", "Reads", "Step", "Until", "deal_sequences"]

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
class Hand:
    """Cards dealt to one position at once, as a combination: ``size`` cards whose order no bet
    reads.  The hand is read by the ranks of its cards and, with ``flush``, by its *flush*: the
    ranks of its cards of one suit when at least ``flush`` of them share that suit (more than half
    the hand, so that only one suit can hold them; 0, the default, reads no suit).

    Args:
        position: The name of the hand's position (``"player"``).
        size: The number of cards, one or more.
        flush: How many cards of one suit make a flush the bets read; 0 when no bet reads suits.

    >>> Hand("player", 3, flush=3).positions
    ('player',)
    >>> Hand("player", 0)
    Traceback (most recent call last):
    ...
    cardmath.errors.DefinitionError: the hand 'player' deals 0 cards: a hand deals one card or more
    >>> Hand("board", 4, flush=2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.DefinitionError: the flush of hand 'board' must be 0 (suits not read) or ... not 2
    """

    position: str
    size: int
    flush: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.size, int) or self.size < 1:
            raise DefinitionError(
                f"the hand {self.position!r} deals {self.size!r} cards: a hand deals one card or more"
            )
        _check_flush(f"hand {self.position!r}", self.flush, self.size)

    @property
    def positions(self) -> tuple[str, ...]:
        """The one position the hand is dealt to."""
        return (self.position,)


def _check_flush(what: str, flush: int, size: int) -> None:
    least = size // 2 + 1
    if flush != 0 and not (isinstance(flush, int) and least <= flush <= size):
        raise DefinitionError(
            f"the flush of {what} must be 0 (suits not read) or from {least} to {size} cards of its "
            f"{size}, not {flush!r}"
        )


@dataclass(frozen=True)
class Pool:
    """Hands read together as one hand (the six cards of the player's and the dealer's hands, for
    a bet on the best five of them): a bet names the pool as a position it reads.

    Args:
        name: The name the bets read the pooled hand by.
        hands: The positions of the hands pooled, two or more, each a :class:`Hand` of the dealing.
        flush: How many cards of one suit make a flush the bets read (more than half the pooled
            cards); 0 reads no suit.

    >>> Pool("six cards", ("player", "dealer"), flush=5).hands
    ('player', 'dealer')
    """

    name: str
    hands: tuple[str, ...]
    flush: int = 0


@dataclass(frozen=True)
class Until:
    """Cards dealt in turn to ``positions`` (the first to the first position, and round again)
    until one meets ``stop``: a deal of any length.  ``stop`` is a test of one card's category (a
    rank's or a card's index, as the dealing reads) given the cards dealt before this step; the
    step must be the last of its dealing.  The bets read the number of cards it dealt
    (:meth:`Dealt.length`) and its last card, at the position it went to; when the shoe runs out
    before a card stops it, no position holds a last card.

    Args:
        name: The name of the step, by which bets read its length (``"cards"``).
        positions: The positions the cards go to in turn, one or more.
        stop: ``stop(dealt, category)``: whether a card of this category ends the step, given the
            cards dealt before it.

    >>> same = Until("cards", ("andar", "bahar"), lambda dealt, rank: rank == dealt.categories[0])
    >>> same.positions
    ('andar', 'bahar')
    """

    name: str
    positions: tuple[str, ...]
    stop: Callable[[Dealt, int], bool]

    def __post_init__(self) -> None:
        if not self.positions:
            raise DefinitionError(f"the step {self.name!r} deals to no position: name one or more")
        if not callable(self.stop):
            raise DefinitionError(
                f"the stop of step {self.name!r} must be a test of a card, not {self.stop!r}"
            )


AnyStep = Step | Hand | Until
"""A step of a dealing: cards in order, a hand, or cards until one stops."""


@dataclass(frozen=True)
class Dealing:
    """How a deal is dealt: its steps in order and what it reads of each card.

    Args:
        steps: The steps in dealing order (:class:`Step`, :class:`Hand`, :class:`Until`); each
            position other than :data:`BURN` is named once across them; an :class:`Until` comes last.
        reads: What the bets read of each card: :attr:`Reads.RANKS` (rank only) or :attr:`Reads.CARDS` (rank
            and suit).
        pools: Hands the bets read together as one hand; none by default.

    >>> Dealing((Step(("dragon", "tiger")),), Reads.CARDS).longest
    2
    >>> Dealing((Step(("a",)), Step(("a",))), Reads.RANKS)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: position 'a' is dealt twice: name each position once
    >>> stops = Until("cards", ("a",), lambda dealt, card: True)
    >>> Dealing((stops, Step(("b",))), Reads.RANKS)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.DefinitionError: the step 'cards' deals until a card stops it, so it must be ... 1 more
    """

    steps: tuple[AnyStep, ...]
    reads: Reads
    pools: tuple[Pool, ...] = ()

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for step in self.steps:
            for position in step.positions:
                if position != BURN and position in seen:
                    raise OptionError(f"position {position!r} is dealt twice: name each position once")
                seen.add(position)
        for index, step in enumerate(self.steps):
            if isinstance(step, Until) and index != len(self.steps) - 1:
                raise DefinitionError(
                    f"the step {step.name!r} deals until a card stops it, so it must be the last step, "
                    f"not followed by {len(self.steps) - 1 - index} more"
                )
        hands = {step.position: step for step in self.steps if isinstance(step, Hand)}
        for pool in self.pools:
            if pool.name in seen:
                raise DefinitionError(f"the pool {pool.name!r} has the name of a position: name it apart")
            if len(pool.hands) < 2 or len(set(pool.hands)) != len(pool.hands):
                raise DefinitionError(f"the pool {pool.name!r} must join two or more different hands")
            for name in pool.hands:
                if name not in hands:
                    raise DefinitionError(
                        f"the pool {pool.name!r} joins {name!r}, which is no hand of the dealing "
                        f"(its hands: {', '.join(hands) or 'none'})"
                    )
            _check_flush(f"pool {pool.name!r}", pool.flush, sum(hands[name].size for name in pool.hands))
            seen.add(pool.name)

    @property
    def kind(self) -> str:
        """``"sequences"`` when every step deals cards in order (the sequences are walked), else
        ``"hands"`` (hands and deals of any length: :mod:`cardmath.engine.hands` counts them)."""
        return "sequences" if all(isinstance(step, Step) for step in self.steps) else "hands"

    @property
    def longest(self) -> int:
        """The most cards a deal can use (burns included): every deal is padded to it.  For a
        dealing that ends with an :class:`Until`, the cards before it and the one card that can end
        it: the fewest a shoe must hold (its deals are padded to the whole shoe)."""
        return sum(1 if isinstance(step, Until) else _size(step) for step in self.steps)

    @property
    def positions(self) -> tuple[str, ...]:
        """Every named position (burns left out), in deal order, then the pools' names."""
        named = [p for step in self.steps for p in step.positions if p != BURN]
        return (*dict.fromkeys(named), *(pool.name for pool in self.pools))

    def step_of(self, position: str) -> AnyStep | Pool:
        """The step that deals ``position`` (or the pool of that name).

        Args:
            position: A position of the dealing, or a pool's name.

        Returns:
            The step (or pool) holding it.

        Raises:
            OptionError: When the dealing has no such position.

        >>> Dealing((Step(("a", "b")),), Reads.RANKS).step_of("b")
        Step(positions=('a', 'b'), when=None)
        """
        for pool in self.pools:
            if pool.name == position:
                return pool
        for step in self.steps:
            if position in step.positions:
                return step
        raise OptionError(
            f"the deal has no position {position!r}: its positions are {', '.join(self.positions)}"
        )


def _size(step: AnyStep) -> int:
    return step.size if isinstance(step, Hand) else len(step.positions)


@dataclass(frozen=True)
class HandView:
    """A hand as the bets read it: its ranks, highest first, and its flush (the ranks of its cards
    of the one suit holding at least the hand's ``flush`` of them, highest first; empty when no
    suit does, or suits are not read).  ``cards`` are the cards themselves when the dealing reads
    whole cards (then no suit is folded away), else empty.

    Args:
        ranks: The ranks of the hand's cards, highest first.
        flush: The ranks of its flush, highest first; empty for none.
        cards: The cards, when the dealing reads whole cards; empty otherwise.

    >>> hand = HandView((Rank.QUEEN, Rank.SIX, Rank.FOUR), (Rank.QUEEN, Rank.SIX, Rank.FOUR))
    >>> hand.is_flush, str(hand)
    (True, 'Q-6-4 flush')
    >>> str(HandView((Rank.ACE, Rank.ACE, Rank.TWO), ()))
    'A-A-2'
    """

    ranks: tuple[Rank, ...]
    flush: tuple[Rank, ...] = ()
    cards: tuple[Card, ...] = ()

    @property
    def is_flush(self) -> bool:
        """Whether every card of the hand is of one suit."""
        return len(self.flush) == len(self.ranks)

    def __str__(self) -> str:
        if self.cards:
            return " ".join(str(card) for card in self.cards)
        words = "-".join(rank.symbol for rank in self.ranks)
        if not self.flush:
            return words
        if self.is_flush:
            return f"{words} flush"
        return f"{words}, flush {'-'.join(rank.symbol for rank in self.flush)}"


@dataclass(frozen=True)
class Dealt:
    """The cards of one deal by position, as the dealing reads them (burns left out).

    ``categories`` lists the category of each read position in the order dealt.  A deal with
    hands holds them in ``hands`` (:class:`HandView`, read by :meth:`hand`); one that dealt until
    a card stopped it holds the number of cards dealt by that step in ``lengths`` (:meth:`length`)
    and its last card at the position it went to.

    Args:
        reads: How the categories of ``cards`` are numbered: by rank (0 = deuce ... 12 = ace) or by card
            index.
        cards: The read cards as ``(position, category)`` pairs, in the order dealt, burned cards left out.
        hands: The hands read, as ``(position, hand)`` pairs, in the order dealt; none by default.
        lengths: The cards dealt by each step that deals until a card stops it, as ``(name, count)``.

    >>> dealt = Dealt(Reads.CARDS, (("dragon", Card.parse("Kh").index),))
    >>> dealt.card("dragon"), dealt.rank("dragon"), "tiger" in dealt
    (Card(rank=Rank.KING, suit=Suit.HEARTS), Rank.KING, False)
    >>> Dealt(Reads.RANKS, (("player", 0),)).card("player")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: this deal reads ranks only: a bet that reads suits needs a game that ...
    >>> hand = HandView((Rank.ACE, Rank.KING))
    >>> Dealt(Reads.RANKS, (), (("player", hand),), (("cards", 7),)).length("cards")
    7
    """

    reads: Reads
    cards: tuple[tuple[str, int], ...]
    hands: tuple[tuple[str, HandView], ...] = ()
    lengths: tuple[tuple[str, int], ...] = ()

    @property
    def categories(self) -> tuple[int, ...]:
        """The category of each card read, in the order dealt."""
        return tuple(category for _, category in self.cards)

    def positions(self) -> tuple[str, ...]:
        """The positions dealt, in order (burns left out).

        Returns:
            The names of the positions that got a card (or a hand) in this deal, cards first, in dealing
                order (a step not dealt adds none).
        """
        return (*(position for position, _ in self.cards), *(position for position, _ in self.hands))

    def __contains__(self, position: object) -> bool:
        return any(name == position for name, _ in self.cards) or any(
            name == position for name, _ in self.hands
        )

    def _missing(self, position: str) -> OptionError:
        dealt = ", ".join(self.positions()) or "nothing"
        return OptionError(f"no card was dealt to {position!r} in this deal: dealt {dealt}")

    def _category(self, position: str) -> int:
        for name, category in self.cards:
            if name == position:
                return category
        raise self._missing(position)

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

    def hand(self, position: str) -> HandView:
        """The hand (or the pool of hands) at ``position``.

        Args:
            position: The name of a :class:`Hand` or a :class:`Pool` of the dealing.

        Returns:
            Its :class:`HandView`: ranks, flush and (reading whole cards) the cards.

        Raises:
            OptionError: When this deal holds no hand of that name.
        """
        for name, hand in self.hands:
            if name == position:
                return hand
        raise self._missing(position)

    def length(self, name: str) -> int:
        """How many cards the step ``name`` (an :class:`Until`) dealt, the last included.

        Args:
            name: The name of a step that deals until a card stops it.

        Returns:
            The number of cards it dealt.

        Raises:
            OptionError: When no such step was dealt.
        """
        for step, count in self.lengths:
            if step == name:
                return count
        raise OptionError(f"no step {name!r} dealt until a card stopped it in this deal")

    def restricted(self, positions: Sequence[str]) -> Dealt:
        """This deal with only the cards and hands at ``positions`` (what a decider sees).

        Args:
            positions: The positions to keep.

        Returns:
            A new :class:`Dealt` holding only those positions' cards and hands (no lengths).

        >>> Dealt(Reads.RANKS, (("a", 0), ("b", 5))).restricted(["b"]).positions()
        ('b',)
        """
        kept = set(positions)
        return Dealt(
            self.reads,
            tuple(item for item in self.cards if item[0] in kept),
            tuple(item for item in self.hands if item[0] in kept),
        )


def _walk(dealing: Dealing, step: int, dealt: tuple[tuple[str, int], ...]) -> Iterator[Dealt]:
    if step == len(dealing.steps):
        yield Dealt(dealing.reads, dealt)
        return
    current = dealing.steps[step]
    assert isinstance(current, Step), "only a dealing of cards in order is walked"
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
