"""Andar Bahar's bets as data: the two sides, and the bets on how many cards are dealt
(:func:`built_in_bets`).

A deal is the joker and the cards dealt after it until one matches the joker's rank; the bets read
which side the matching card went to and how many cards were dealt after the joker (the matching
card included).  On a shoe with no card of the joker's rank left the cards run out unmatched:
every bet is void (pushed), a case that a full shoe never deals.

>>> bets = built_in_bets(AndarBaharRules())
>>> list(bets)[:3], bets["andar"].pay("win"), bets["bahar"].pay("win")
(['andar', 'bahar', 'cards_1_5'], 9/10, 1)
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from cardmath.bets import RuleBet
from cardmath.checks import checked
from cardmath.engine.dealing import Dealt
from cardmath.games.andar_bahar.rules import AndarBaharRules, Side
from cardmath.pay_tables import apply_pays

__all__ = ["CARDS", "RANGES", "AndarBaharDeal", "built_in_bets", "deal_of", "read_deal"]

CARDS = "cards"
"""The name of the step that deals until a card matches the joker: bets read its length."""

RANGES: tuple[tuple[int, int | None, str], ...] = (
    (1, 5, "5/2"),
    (6, 10, "7/2"),
    (11, 15, "9/2"),
    (16, 25, "7/2"),
    (26, 30, "14"),
    (31, 35, "24"),
    (36, 40, "49"),
    (41, None, "119"),
)
"""The bets on the number of cards dealt after the joker: each range and its usual pay, to 1."""


class AndarBaharDeal(NamedTuple):
    """What the bets read of a deal: the side the matching card went to (empty when none matched)
    and the cards dealt after the joker, the matching card included.

    >>> AndarBaharDeal("andar", 3).cards
    3
    """

    winner: str
    cards: int


def deal_of(dealt: Dealt) -> AndarBaharDeal:
    """The engine's ``deal`` (unchecked; :func:`read_deal` checks its argument).

    Args:
        dealt: The joker, and the matching card at its side when one matched.

    Returns:
        The :class:`AndarBaharDeal`.

    >>> from cardmath.engine.dealing import Reads
    >>> deal_of(Dealt(Reads.RANKS, (("joker", 5),), (), ((CARDS, 52),))).winner
    ''
    """
    winner = dealt.cards[-1][0] if len(dealt.cards) > 1 else ""  # the joker alone: nothing matched
    return AndarBaharDeal(winner, dealt.length(CARDS))


@checked
def read_deal(dealt: Dealt) -> AndarBaharDeal:
    """What the bets read of a deal's cards: who got the matching card, and how many were dealt.

    Args:
        dealt: The joker, and the matching card at its side when one matched.

    Returns:
        The :class:`AndarBaharDeal`.

    >>> from cardmath.engine.dealing import Reads
    >>> read_deal(Dealt(Reads.RANKS, (("joker", 5), ("bahar", 5)), (), ((CARDS, 4),)))
    AndarBaharDeal(winner='bahar', cards=4)
    """
    return deal_of(dealt)


def _side_rule(side: str, deal: AndarBaharDeal) -> str:
    if not deal.winner:
        return "no match, void"
    return "win" if deal.winner == side else "lose"


def _range_rule(low: int, high: int | None, deal: AndarBaharDeal) -> str:
    if not deal.winner:
        return "no match, void"
    return "win" if low <= deal.cards and (high is None or deal.cards <= high) else "lose"


@checked
def range_name(low: int, high: int | None) -> str:
    """The name of the bet on a range of cards dealt (``cards_1_5``, ``cards_41_or_more``).

    Args:
        low: The fewest cards of the range.
        high: The most, or ``None`` for no limit.

    Returns:
        The bet's name.

    >>> range_name(16, 25), range_name(41, None)
    ('cards_16_25', 'cards_41_or_more')
    """
    return f"cards_{low}_{high}" if high is not None else f"cards_{low}_or_more"


@functools.cache
def _bets(rules: AndarBaharRules) -> dict[str, RuleBet[AndarBaharDeal]]:
    known: dict[str, RuleBet[AndarBaharDeal]] = {}
    for side in Side:
        pay = "9/10" if side is rules.first else 1
        known[side.value] = RuleBet.define(
            side.value,
            functools.partial(_side_rule, side.value),
            {"win": pay, "lose": -1, "no match, void": 0},
            description=f"the matching card goes to {side.value.title()}; 0.9 to 1 on the side dealt first",
            label=side.value.title(),
        )
    for low, high, pay in RANGES:
        words = f"{low} to {high}" if high is not None else f"{low} or more"
        known[range_name(low, high)] = RuleBet.define(
            range_name(low, high),
            functools.partial(_range_rule, low, high),
            {"win": pay, "lose": -1, "no match, void": 0},
            description=f"{words} cards are dealt after the joker, the matching card included",
            label=f"{words} cards",
        )
    return apply_pays(known, rules.pays, "Andar Bahar")


@checked
def built_in_bets(rules: AndarBaharRules) -> dict[str, RuleBet[AndarBaharDeal]]:
    """Andar, Bahar and the eight bets on the number of cards, with the house's own pays.

    Args:
        rules: The table: the side dealt first and the house's pays.

    Returns:
        The bets by name: ``andar``, ``bahar``, then the ranges from ``cards_1_5``.

    >>> built_in_bets(AndarBaharRules(first="bahar"))["bahar"].pay("win")
    9/10
    """
    return dict(_bets(rules))
