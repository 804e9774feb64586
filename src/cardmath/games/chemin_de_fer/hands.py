"""Hands and situations as each side sees them: :class:`Hand` and :class:`InformationSet`.

A two-card hand is seen either as its total (0 to 9) or as its composition, the two card values
(a ten or a picture counts 0, an ace 1: baccarat's values,
:data:`cardmath.games.punto_banco.RANK_VALUES`).  Player chooses only on a total of 5 (the
rules force him to draw on 0 to 4 and to stand on 6 or 7); Banker chooses in every
:class:`InformationSet`: his own hand, not a natural, and what Player did.  Under model 3 Player
has five choices ({0,5}, {1,4}, {2,3}, {6,9}, {7,8}) and Banker 44 hands times 11 actions of
Player, the 2^5 x 2^484 game; under model 1 the 2 x 2^88 game.

>>> [str(hand) for hand in player_choices(Information.COMPOSITIONS)]
['{0,5}', '{1,4}', '{2,3}', '{6,9}', '{7,8}']
>>> len(banker_hands(Information.COMPOSITIONS)), len(banker_hands(Information.TOTALS))
(44, 8)
>>> str(InformationSet(Hand(6), None)), str(InformationSet(Hand.of(0, 6, composition=True), 4))
('6, Player stood', '{0,6}, Player drew 4')
>>> tableau_draws(InformationSet(Hand(6), None)), tableau_draws(InformationSet(Hand(6), 7))
(False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cardmath.checks import checked
from cardmath.errors import ShoeError
from cardmath.games.chemin_de_fer.rules import Information
from cardmath.games.punto_banco import MINIMUM_CARDS, RANK_VALUES, DrawingRules
from cardmath.shoe import Shoe

__all__ = [
    "ACTIONS",
    "CHOICE_TOTAL",
    "VALUES",
    "Hand",
    "InformationSet",
    "banker_hands",
    "information_sets",
    "player_choices",
    "tableau_draws",
    "value_counts",
]

VALUES: Final = range(10)
"""The card values, 0 (tens and pictures) to 9."""

CHOICE_TOTAL: Final = 5
"""The only two-card total on which Player may choose: he draws on 0 to 4 and stands on 6 or 7."""

ACTIONS: Final[tuple[int | None, ...]] = (None, *VALUES)
"""What Banker sees Player do: stand (``None``) or draw a third card of value 0 to 9."""


@dataclass(frozen=True, order=True)
class Hand:
    """A two-card hand as its owner sees it: its ``total``, and its two card values in ``cards``
    (smaller first) when the owner sees the composition, or ``()`` when he sees only the total.

    Args:
        total: The hand's total, 0 to 9.
        cards: The two card values, smaller first, or ``()`` (the default) when only the total is
            seen.

    >>> Hand.of(7, 8, composition=True), Hand.of(7, 8, composition=False)
    (Hand(total=5, cards=(7, 8)), Hand(total=5, cards=()))
    >>> str(Hand(5, (1, 4))), str(Hand(5))
    ('{1,4}', '5')
    """

    total: int
    cards: tuple[int, ...] = ()

    @classmethod
    def of(cls, first: int, second: int, *, composition: bool) -> Hand:
        """The hand of two card values, seen with or without its composition.

        Args:
            first: The value of one card, 0 to 9.
            second: The value of the other card, 0 to 9.
            composition: Whether the owner sees his two cards (``True``) or only their total.

        Returns:
            The hand with its total and, when the composition is seen, its two values sorted.

        >>> Hand.of(9, 6, composition=True)
        Hand(total=5, cards=(6, 9))
        """
        return cls((first + second) % 10, tuple(sorted((first, second))) if composition else ())

    def __str__(self) -> str:
        if self.cards:
            return "{" + ",".join(str(value) for value in self.cards) + "}"
        return str(self.total)


@dataclass(frozen=True)
class InformationSet:
    """A situation in which Banker chooses: his ``hand`` (as he sees it) and Player's third card
    (``player_third``, ``None`` when Player stood).

    Args:
        hand: Banker's two-card hand, as he sees it.
        player_third: The value (0 to 9) of Player's third card, or ``None`` when Player stood.

    >>> situation = InformationSet(Hand(5), 4)
    >>> situation.action, str(situation)
    ('4', '5, Player drew 4')
    """

    hand: Hand
    player_third: int | None

    @property
    def action(self) -> str:
        """Player's action as text: ``"stood"`` or the value of his third card.

        >>> InformationSet(Hand(3), None).action
        'stood'
        """
        return "stood" if self.player_third is None else str(self.player_third)

    def __str__(self) -> str:
        if self.player_third is None:
            return f"{self.hand}, Player stood"
        return f"{self.hand}, Player drew {self.player_third}"


def _compositions() -> list[tuple[int, int]]:
    return [(a, b) for a in VALUES for b in VALUES if a <= b]


@checked
def player_choices(information: Information) -> tuple[Hand, ...]:
    """The hands on which Player chooses to draw or stand: the total 5, or its five compositions.

    Args:
        information: What each side sees; only whether Player sees his two cards matters.

    Returns:
        ``(Hand(5),)`` when Player sees his total, or his five two-card hands totalling 5.

    >>> player_choices(Information.BANKER_COMPOSITION)
    (Hand(total=5, cards=()),)
    """
    if not information.player_sees_composition:
        return (Hand(CHOICE_TOTAL),)
    return tuple(
        sorted(Hand(CHOICE_TOTAL, pair) for pair in _compositions() if sum(pair) % 10 == CHOICE_TOTAL)
    )


@checked
def banker_hands(information: Information) -> tuple[Hand, ...]:
    """Banker's hands that are not naturals (totals 0 to 7), by total, as Banker sees them.

    Args:
        information: What each side sees; only whether Banker sees his two cards matters.

    Returns:
        The totals 0 to 7, or every two-card hand of those totals, in order.

    >>> [str(hand) for hand in banker_hands(Information.COMPOSITIONS)[:3]]
    ['{0,0}', '{1,9}', '{2,8}']
    """
    if not information.banker_sees_composition:
        return tuple(Hand(total) for total in range(8))
    hands = {Hand.of(a, b, composition=True) for a, b in _compositions()}
    return tuple(sorted(hand for hand in hands if not DrawingRules.deal_ends(0, hand.total)))


@checked
def information_sets(information: Information) -> tuple[InformationSet, ...]:
    """Every situation in which Banker chooses, by hand then by Player's action (stood first).

    Args:
        information: What each side sees, which decides Banker's hands.

    Returns:
        Each of Banker's hands with each of Player's eleven actions.

    >>> len(information_sets(Information.TOTALS)), len(information_sets(Information.COMPOSITIONS))
    (88, 484)
    """
    return tuple(InformationSet(hand, action) for hand in banker_hands(information) for action in ACTIONS)


@checked
def tableau_draws(situation: InformationSet) -> bool:
    """Whether punto banco's fixed tableau has Banker draw in this situation
    (:meth:`DrawingRules.standard <cardmath.games.punto_banco.DrawingRules.standard>`).

    Args:
        situation: Banker's hand (its total is what counts) and Player's action.

    Returns:
        ``True`` where the tableau draws, ``False`` where it stands.

    >>> tableau_draws(InformationSet(Hand(3), 8)), tableau_draws(InformationSet(Hand(3), 9))
    (False, True)
    """
    return DrawingRules.standard().banker_draws(situation.hand.total, situation.player_third)


def value_counts(shoe: Shoe) -> tuple[int, ...]:
    """How many cards of each value 0 to 9 the shoe holds (weights, for an infinite shoe); a
    finite shoe must hold at least the six cards a deal may use.

    >>> value_counts(Shoe.standard(1))
    (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
    >>> from cardmath.cards import parse_cards
    >>> value_counts(Shoe.from_counts(dict.fromkeys(parse_cards("As,2s,3s,4s,5s"), 1)))
    Traceback (most recent call last):
    ...
    cardmath.errors.ShoeError: a chemin de fer deal may use 6 cards: the shoe holds only 5
    """
    counts = [0] * 10
    for index, count in enumerate(shoe.rank_counts()):
        counts[RANK_VALUES[index]] += count
    if not shoe.is_infinite and shoe.size < MINIMUM_CARDS:
        raise ShoeError(
            f"a chemin de fer deal may use {MINIMUM_CARDS} cards: the shoe holds only {shoe.size}"
        )
    return tuple(counts)
