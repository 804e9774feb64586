"""What High Card Pool's chances are, as results that show themselves: one hand's chance
(:class:`HandChance`, with :class:`CardBeats` and :class:`SuitBeats`) and every hand of one size
(:class:`HandSizeDistribution`), with their tables.

:func:`~cardmath.games.pool.chances.explain` and :func:`~cardmath.games.pool.chances.distribution`
make them.  Each has a one-line ``repr`` with its chance, shows the tables ``cardmath pool`` prints
in a notebook (:func:`hand_table`; :func:`distribution_table` and :func:`summary_of`), and gives a
tidy frame: one row per hand explained, or per number of unseen cards the hands of a size beat.

>>> from cardmath.games.pool.chances import distribution
>>> frame = distribution(3).to_frame()
>>> frame[["beaten", "hands", "probability_exact"]].values.tolist()[:2]
[[0, 20, '1/1105'], [1, 60, '3/1105']]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.cards import Card, Suit, format_cards
from cardmath.checks import checked
from cardmath.display import Displayed
from cardmath.exact import probability
from cardmath.table import Kind, Table
from cardmath.text import count_text, decimal_text, fraction_text

__all__ = [
    "GAME_NAME",
    "SUMMARY_HEADERS",
    "SUMMARY_KINDS",
    "TERMS",
    "CardBeats",
    "HandChance",
    "HandSizeDistribution",
    "SuitBeats",
    "distribution_table",
    "hand_table",
    "summary_of",
    "summary_row",
]

GAME_NAME = "pool"
"""The game's name in the registry, the ``game`` column of every result's records."""


def _chance(value: Rational) -> str:
    """A chance as its fraction and its decimal: ``13/15 (0.866667)``."""
    return f"{fraction_text(value)} ({decimal_text(value)})"


SUMMARY_HEADERS = (
    "hand size",
    "hands",
    "unseen cards",
    "win probability",
    "favourable hands",
    "even hands",
    "hopeless hands",
    "certain hands",
)
"""Columns of the summary: favourable means a chance above 1/2, even exactly 1/2, hopeless 0, certain 1."""

SUMMARY_KINDS: tuple[Kind, ...] = (Kind.COUNT, Kind.COUNT, Kind.COUNT, Kind.PROBABILITY, *(Kind.COUNT,) * 4)
"""What the summary's columns hold."""

TERMS: dict[str, str] = {
    "hands": "the number of hands of that size dealt from one 52-card deck",
    "unseen cards": "the cards the hand does not hold",
    "win probability": "the chance that a hand of that size wins: unseen cards it beats / unseen cards",
    "favourable hands": "hands whose chance of winning is above 1/2",
    "even hands": "hands whose chance of winning is exactly 1/2",
    "hopeless hands": "hands that beat no unseen card (chance 0)",
    "certain hands": "hands that beat every unseen card (chance 1)",
    "beaten": "how many unseen cards the hand beats",
    "probability": "the chance of being dealt such a hand",
    "win probability of the hand": "beaten divided by unseen cards: the chance such a hand wins",
    "total": "every hand of that size (the number of ways to choose it from 52 cards), probability 1",
}
"""What the words of High Card Pool's tables mean."""


def _notes(headers: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((header, TERMS[header]) for header in headers if header in TERMS)


@checked
def distribution_table(table: HandSizeDistribution) -> Table:
    """Hands by the number of unseen cards they beat: count, probability, and such a hand's chance.

    Args:
        table: The distribution of every hand of one size, from
            :func:`~cardmath.games.pool.chances.distribution`.

    Returns:
        A table with one row per number of cards beaten that some hand reaches.

    >>> from cardmath.games.pool.chances import distribution
    >>> distribution_table(distribution(3)).rows[0]
    (0, 20, 1/1105, 0)
    """
    rows = tuple(
        (beaten, hands, table.probability_of_beating(beaten), Rational(beaten, table.unseen))
        for beaten, hands in enumerate(table.hands_beating)
        if hands
    )
    total = ("total", sum(table.hands_beating), sum(row[2] for row in rows), None)
    return Table(
        f"High Card Pool, {table.hand_size}-card hands: unseen cards beaten",
        ("beaten", "hands", "probability", "win probability of the hand"),
        (*rows, total),
        kinds=(Kind.COUNT, Kind.COUNT, Kind.PROBABILITY, Kind.PROBABILITY),
        notes=_notes(("beaten", "hands", "probability", "win probability of the hand", "total")),
        slug="unseen-cards-beaten",
    )


def summary_row(table: HandSizeDistribution) -> tuple[int | Rational, ...]:
    """One summary row (see :data:`SUMMARY_HEADERS`).

    Args:
        table: The distribution of every hand of one size.

    Returns:
        The hand size, the counts of hands and unseen cards, the chance, and the counts of
            favourable, even, hopeless and certain hands.

    >>> from cardmath.games.pool.chances import distribution
    >>> dict(zip(SUMMARY_HEADERS, summary_row(distribution(5))))  # doctest: +NORMALIZE_WHITESPACE
    {'hand size': 5, 'hands': 2598960, 'unseen cards': 47, 'win probability': 8689/19740,
     'favourable hands': 862680, 'even hands': 0, 'hopeless hands': 56, 'certain hands': 48}
    """
    return (
        table.hand_size,
        table.hands,
        table.unseen,
        table.win_probability,
        table.favourable_hands,
        table.even_hands,
        table.hopeless_hands,
        table.certain_hands,
    )


def summary_of(table: HandSizeDistribution) -> Table:
    """The summary of one distribution, as a table of one row.

    Args:
        table: The distribution of every hand of one size (cards out of play allowed).

    Returns:
        A table titled for the hand size, with the summary's columns.

    >>> from cardmath.games.pool.chances import distribution
    >>> summary_of(distribution(4, "As")).rows[0][:3]
    (4, 249900, 47)
    """
    return Table(
        f"High Card Pool, {table.hand_size}-card hands: summary",
        SUMMARY_HEADERS,
        (summary_row(table),),
        kinds=SUMMARY_KINDS,
        notes=_notes(SUMMARY_HEADERS),
        slug="summary",
    )


def hand_table(chance: HandChance) -> Table:
    """One hand's cards: how many unseen cards each beats, and whether it is the highest of its suit.

    Args:
        chance: One hand explained, from :func:`~cardmath.games.pool.chances.explain`.

    Returns:
        A table titled with the hand, a row per card in the hand's order.

    >>> from cardmath.games.pool.chances import explain
    >>> hand_table(explain("As,2s,Kh")).rows
    (('As', 11, 'yes'), ('2s', 0, 'no'), ('Kh', 11, 'yes'))
    """
    return Table(
        f"Hand {format_cards(chance.hand)}",
        ("card", "unseen cards below it", "highest of its suit"),
        tuple((str(c.card), c.beats, "yes" if c.highest_of_suit else "no") for c in chance.cards),
    )


@dataclass(frozen=True)
class CardBeats:
    """One card of the hand and how many unseen cards it beats (the lower unseen cards of its suit).

    Only the highest card of a suit counts: the 9s beats 7 spades, all of them beaten by the As too.

    Args:
        card: The card of the hand.
        beats: How many unseen cards of its suit rank below it.
        highest_of_suit: Whether it is the hand's highest card of its suit (only that card's
            count adds to the hand's chance).

    >>> from cardmath.games.pool.chances import explain
    >>> chance = explain("As,9s")
    >>> [(str(c.card), c.beats, c.highest_of_suit) for c in chance.cards], chance.beaten
    ([('As', 11, True), ('9s', 7, False)], 11)
    """

    card: Card
    beats: int
    highest_of_suit: bool


@dataclass(frozen=True)
class SuitBeats:
    """One suit: the holder's highest card in it (or ``None``) and the unseen cards it beats.

    Args:
        suit: The suit.
        highest: The holder's highest card of that suit, or ``None`` when he holds none of it.
        beaten: The unseen cards of the suit that rank below ``highest``, lowest first.

    >>> from cardmath.games.pool.chances import explain
    >>> clubs, diamonds, hearts, spades = explain("As,9s,Kh", seen="Ks").suits
    >>> clubs.highest is None, str(spades.highest), len(spades.beaten), len(hearts.beaten)
    (True, 'As', 10, 11)
    """

    suit: Suit
    highest: Card | None
    beaten: tuple[Card, ...]


@dataclass(frozen=True, repr=False)
class HandChance(Displayed):
    """Why a hand wins as often as it does, given the cards its holder has seen.

    Seeing the Ks and the 3c takes two beaten cards out of the unseen ones:

    Args:
        hand: The cards held, in the order given.
        seen: The other cards the holder has seen, which cannot decide the bet.
        unseen: How many cards of the pack are neither held nor seen: those that may be turned.
        beaten: How many of the unseen cards the hand beats.
        win_probability: ``beaten`` over ``unseen``, exactly.
        cards: Each card of the hand with the unseen cards it beats, in the hand's order.
        suits: Each suit, clubs, diamonds, hearts then spades, with its highest held card.

    >>> from cardmath.games.pool.chances import explain
    >>> chance = explain("As,Kh,Qd,Jc,2s", seen="Ks,3c")
    >>> chance.unseen, chance.beaten, chance.win_probability
    (45, 39, 13/15)
    >>> chance  # doctest: +NORMALIZE_WHITESPACE
    <HandChance: As,Kh,Qd,Jc,2s, having seen Ks,3c: beats 39 of 45 unseen cards, win probability
     13/15 (0.866667)>
    >>> chance.records()  # doctest: +NORMALIZE_WHITESPACE
    [{'game': 'pool', 'hand': 'As,Kh,Qd,Jc,2s', 'seen': 'Ks,3c', 'hand_size': 5, 'unseen': 45, 'beaten': 39,
      'win_probability': 13/15}]
    """

    hand: tuple[Card, ...]
    seen: tuple[Card, ...]
    unseen: int
    beaten: int
    win_probability: Rational
    cards: tuple[CardBeats, ...]
    suits: tuple[SuitBeats, ...]

    def explanation(self) -> str:
        """One line per suit held: which card beats how many unseen cards.

        Returns:
            Text of several lines: one per suit held, then the count of beaten cards and the chance.

        >>> from cardmath.games.pool.chances import explain
        >>> print(explain("As,2s,Kh").explanation())
        Kh beats 11 unseen hearts below it
        As beats 11 unseen spades below it; 2s adds nothing
        22 of 49 unseen cards are beaten: chance 22/49
        """
        names = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
        lines = []
        for suit_beats in self.suits:
            if suit_beats.highest is None:
                continue
            count, name = len(suit_beats.beaten), names[suit_beats.suit]
            line = f"{suit_beats.highest} beats {count} unseen {name} below it"
            others = [c for c in self.cards if c.card.suit is suit_beats.suit and not c.highest_of_suit]
            if others:
                line += f"; {format_cards(c.card for c in others)} adds nothing"
            lines.append(line)
        lines.append(f"{self.beaten} of {self.unseen} unseen cards are beaten: chance {self.win_probability}")
        return "\n".join(lines)

    def summary(self) -> str:
        """The hand, the cards seen, and its chance, in one line.

        Returns:
            Such as `As,Kh,Qd,Jc,2s, having seen Ks,3c: beats 39 of 45 unseen cards, win probability
                13/15 (0.866667)`.
        """
        seen = f", having seen {format_cards(self.seen)}" if self.seen else ""
        return (
            f"{format_cards(self.hand)}{seen}: beats {self.beaten} of {self.unseen} unseen cards, "
            f"win probability {_chance(self.win_probability)}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The tables of ``cardmath pool --hand``: the hand's cards, then its figures.

        Returns:
            :func:`hand_table` of the hand (each card and the unseen cards below it), then a table of
                the unseen cards, the cards beaten and the win probability.
        """
        figures = Table(
            f"Hand {format_cards(self.hand)}: chance",
            ("figure", "value"),
            (
                ("unseen cards", self.unseen),
                ("beaten", self.beaten),
                ("win probability", self.win_probability),
            ),
            row_kinds=(Kind.COUNT, Kind.COUNT, Kind.PROBABILITY),
            notes=_notes(("unseen cards", "beaten", "win probability")),
        )
        return hand_table(self), figures

    def conditions(self) -> dict[str, Any]:
        """The game, the hand and the cards seen.

        Returns:
            `game`, `hand` and `seen` (the cards as text, such as `As,Kh`), and `hand_size`.
        """
        return {
            "game": GAME_NAME,
            "hand": format_cards(self.hand),
            "seen": format_cards(self.seen),
            "hand_size": len(self.hand),
        }

    def records(self) -> list[dict[str, Any]]:
        """The hand as one record (the cards' share is in :meth:`display_tables`).

        Returns:
            One dictionary: the conditions, then the unseen cards, the cards beaten and the win
                probability.
        """
        return [
            {
                **self.conditions(),
                "unseen": self.unseen,
                "beaten": self.beaten,
                "win_probability": self.win_probability,
            }
        ]


@dataclass(frozen=True, repr=False)
class HandSizeDistribution(Displayed):
    """Every hand of one size, by the number of unseen cards it beats.

    ``hands_beating[k]`` is how many hands beat exactly ``k`` of the ``unseen`` cards.  A hand is
    *favourable* when its chance is above 1/2, *even* at exactly 1/2, *hopeless* at 0 and *certain*
    at 1.

    Args:
        hand_size: The number of cards in each hand.
        out_of_play: The cards no hand holds and no turn can decide, in increasing order.
        unseen: How many cards may decide a bet: 52, less the cards out of play, less one hand.
        hands_beating: At index ``k``, the number of hands that beat exactly ``k`` unseen cards
            (indices 0 to ``unseen``).

    >>> from cardmath.games.pool.chances import distribution
    >>> table = distribution(5)
    >>> table  # doctest: +NORMALIZE_WHITESPACE
    <HandSizeDistribution: 5-card hands: 2,598,960 hands, win probability 8689/19740 (0.440172),
     862,680 favourable>
    >>> table.records()[0]  # doctest: +NORMALIZE_WHITESPACE
    {'game': 'pool', 'hand_size': 5, 'out_of_play': '', 'unseen': 47, 'beaten': 0, 'hands': 56,
     'probability': 1/46410, 'win_probability_of_the_hand': 0}
    >>> table.hands, table.unseen, table.win_probability, table.hands_beating[:3]
    (2598960, 47, 8689/19740, (56, 280, 840))
    >>> table.certain_hands  # the four aces and any fifth card
    48
    """

    hand_size: int
    out_of_play: tuple[Card, ...]
    unseen: int
    hands_beating: tuple[int, ...]

    @property
    def hands(self) -> int:
        """How many hands there are: C(52 - out of play, hand size)."""
        return sum(self.hands_beating)

    @property
    def win_probability(self) -> Rational:
        """The chance that a random hand beats a random unseen decision card."""
        beaten = sum(k * n for k, n in enumerate(self.hands_beating))
        return probability(beaten, self.hands * self.unseen)

    def probability_of_beating(self, beaten: int) -> Rational:
        """The chance that a random hand beats exactly ``beaten`` unseen cards.

        Args:
            beaten: A number of unseen cards; outside 0 to :attr:`unseen` the chance is 0.

        Returns:
            The number of hands beating exactly that many over the number of hands, exactly.
        """
        count = self.hands_beating[beaten] if 0 <= beaten < len(self.hands_beating) else 0
        return probability(count, self.hands)

    @property
    def favourable_hands(self) -> int:
        """Hands whose chance is above 1/2."""
        return sum(n for k, n in enumerate(self.hands_beating) if 2 * k > self.unseen)

    @property
    def even_hands(self) -> int:
        """Hands whose chance is exactly 1/2."""
        return sum(n for k, n in enumerate(self.hands_beating) if 2 * k == self.unseen)

    @property
    def hopeless_hands(self) -> int:
        """Hands that beat no unseen card."""
        return self.hands_beating[0]

    @property
    def certain_hands(self) -> int:
        """Hands that beat every unseen card."""
        return self.hands_beating[self.unseen] if self.unseen < len(self.hands_beating) else 0

    def summary(self) -> str:
        """The hand size, the cards out of play, the number of hands, the chance and the
        favourable hands, in one line.

        Returns:
            Such as `5-card hands: 2,598,960 hands, win probability 8689/19740 (0.440172), 862,680
                favourable`.
        """
        out = f", {len(self.out_of_play)} cards out of play" if self.out_of_play else ""
        return (
            f"{self.hand_size}-card hands{out}: {count_text(self.hands)} hands, win probability "
            f"{_chance(self.win_probability)}, {count_text(self.favourable_hands)} favourable"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The tables of ``cardmath pool --hand-size N``.

        Returns:
            :func:`distribution_table` (hands by the unseen cards they beat) and :func:`summary_of`.
        """
        return distribution_table(self), summary_of(self)

    def conditions(self) -> dict[str, Any]:
        """The game, the hand size and the cards out of play.

        Returns:
            `game`, `hand_size`, `out_of_play` (the cards as text, empty for none) and `unseen`.
        """
        return {
            "game": GAME_NAME,
            "hand_size": self.hand_size,
            "out_of_play": format_cards(self.out_of_play),
            "unseen": self.unseen,
        }

    def records(self) -> list[dict[str, Any]]:
        """One record per number of unseen cards some hand beats (no total).

        Returns:
            The conditions, then `beaten`, `hands` (how many hands beat that many), `probability`
                (of being dealt such a hand) and `win_probability_of_the_hand`.
        """
        start = self.conditions()
        return [
            {
                **start,
                "beaten": beaten,
                "hands": hands,
                "probability": self.probability_of_beating(beaten),
                "win_probability_of_the_hand": Rational(beaten, self.unseen),
            }
            for beaten, hands in enumerate(self.hands_beating)
            if hands
        ]
