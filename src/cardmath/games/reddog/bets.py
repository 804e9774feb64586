"""Red Dog's one bet as data: the :class:`Hand` it reads, its outcomes, pays and the raise.

A hand is two cards and, unless they are consecutive, a third (:class:`Hand`).  The bet
(:func:`built_in_bets`) has one pay table entry per pay of the table (``three of a kind``,
``spread 1`` ... ``spread 4 or more``, or ``spread 1`` ... ``spread 11``) and a
:class:`~cardmath.bets.Decision`, the raise: after a hand with a spread the player may double his
bet.  The engine decides it from the exact counts of the shoe, state by state: per spread
(``RaiseBy.SPREAD``, as a strategy card states it) or per pair of first two ranks
(``RaiseBy.CARDS``, as a player tracking the shoe decides).  A raised hand's outcomes are staked
twice, so its win pays twice the spread pay per unit of initial bet and its loss costs 2.

>>> hand = Hand(Rank.TWO, Rank.JACK, Rank.SEVEN)
>>> hand.spread, hand.low, hand.high
(8, Rank.TWO, Rank.JACK)
>>> bet = built_in_bets(RedDogRules())["reddog"]
>>> bet.rule(hand, "raise"), bet.net("spread 8, raised, won")
('spread 8, raised, won', 2)
>>> bet.rule(Hand(Rank.FIVE, Rank.SIX, None), "stand")
'consecutive (push)'
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from dataclasses import dataclass

from sympy import Rational

from cardmath.bets import Decision, RuleBet, Settlement
from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.games.reddog.rules import SPREADS, RaiseBy, RedDogRules, pay_names
from cardmath.pay_tables import apply_pays

__all__ = ["TRIPS", "Hand", "built_in_bets", "outcome_name"]

TRIPS = "three of a kind"
"""The outcome (and the pay) of three of a kind."""


@dataclass(frozen=True)
class Hand:
    """A Red Dog hand: the first two cards' ranks and the third's (``None`` when the first two are
    consecutive and no third card is dealt); aces high.

    Args:
        first: The rank of the first card dealt face up.
        second: The rank of the second card dealt face up.
        third: The rank of the third card, or ``None`` when the first two are consecutive.

    >>> Hand(Rank.ACE, Rank.TWO, Rank.KING).spread, Hand(Rank.NINE, Rank.NINE, Rank.TWO).spread
    (11, -1)
    """

    first: Rank
    second: Rank
    third: Rank | None

    @property
    def low(self) -> Rank:
        """The lower of the first two ranks."""
        return min(self.first, self.second)

    @property
    def high(self) -> Rank:
        """The higher of the first two ranks."""
        return max(self.first, self.second)

    @property
    def spread(self) -> int:
        """The number of ranks strictly between the first two: -1 for a pair, 0 if consecutive."""
        return int(self.high) - int(self.low) - 1


def outcome_name(spread: int, raised: bool, won: bool) -> str:
    """The outcome of a hand with a spread: ``"spread 7, raised, won"``, ``"spread 3, lost"``.

    Args:
        spread: The number of ranks strictly between the first two cards, 1 to 11.
        raised: Whether the player raised before the third card.
        won: Whether the third card fell strictly between the first two.

    Returns:
        The outcome's name as the bet's par sheet lists it.

    >>> outcome_name(7, True, True), outcome_name(3, False, False)
    ('spread 7, raised, won', 'spread 3, lost')
    """
    return f"spread {spread}, {'raised, ' if raised else ''}{'won' if won else 'lost'}"


def _rule(hand: Hand, choice: str) -> str:
    spread = hand.spread
    if spread < 0:
        return TRIPS if hand.third == hand.first else "pair, then push"
    if spread == 0:
        return "consecutive (push)"
    assert hand.third is not None
    return outcome_name(spread, choice == "raise", hand.low < hand.third < hand.high)


def _by_spread(hand: Hand) -> Hashable:
    return hand.spread if hand.spread > 0 else None


def _by_cards(hand: Hand) -> Hashable:
    return (hand.low, hand.high) if hand.spread > 0 else None


@functools.cache
def _bets(rules: RedDogRules) -> dict[str, RuleBet[Hand]]:
    names = pay_names(len(rules.spread_pays))
    pays = {TRIPS: rules.trips_pays, **dict(zip(names, rules.spread_pays, strict=True))}
    by_spread = {spread: names[min(spread, len(names)) - 1] for spread in SPREADS}
    settlements = [
        Settlement(TRIPS, pay=TRIPS),
        Settlement("pair, then push"),
        Settlement("consecutive (push)"),
    ]
    for spread in SPREADS:
        pay = by_spread[spread]
        settlements += [
            Settlement(outcome_name(spread, True, True), pay=pay, times=Rational(2), staked=Rational(2)),
            Settlement(outcome_name(spread, True, False), plus=Rational(-2), staked=Rational(2)),
            Settlement(outcome_name(spread, False, True), pay=pay),
            Settlement(outcome_name(spread, False, False), plus=Rational(-1)),
        ]
    state = _by_cards if rules.raise_by is RaiseBy.CARDS else _by_spread
    bet: RuleBet[Hand] = RuleBet.define(
        "reddog",
        _rule,
        pays,
        settlements=settlements,
        decision=Decision("raise", state, ("stand", "raise"), sees=("first", "second")),
        description="the third card falls strictly between the first two; raise on a spread",
        label="Red Dog",
    )
    return apply_pays({"reddog": bet}, rules.pays, "Red Dog")


@checked
def built_in_bets(rules: RedDogRules) -> dict[str, RuleBet[Hand]]:
    """Red Dog's one bet, ``reddog``, with the pays of ``rules`` and its raise decided as
    ``rules.raise_by`` says.

    Args:
        rules: The table: spread pays, three-of-a-kind pay, how the raise is decided, and the
            house's own pays.

    Returns:
        ``{"reddog": bet}``, the bet with its pays, settlements and raise decision.

    >>> bet = built_in_bets(RedDogRules(spread_pays="6,4,2,1"))["reddog"]
    >>> bet.pays[:3], bet.decision.choices
    ((('three of a kind', 11), ('spread 1', 6), ('spread 2', 4)), ('stand', 'raise'))
    """
    return dict(_bets(rules))
