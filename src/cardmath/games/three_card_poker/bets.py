"""Three Card Poker's bets as data: Ante and Play with the player's decision, Pair Plus and the
6-Card Bonus (:func:`built_in_bets`).

The player sees his three cards and plays (a Play bet equal to the ante) or folds (losing the
ante): a :class:`~cardmath.bets.Decision` that sees the player's hand only, so the engine finds
the best choice for every hand from the exact counts of the dealer's hidden cards.  A played hand
stakes two units: the dealer not qualifying pays the ante and pushes the play, else the higher
hand wins both bets or loses both, a tie pushing them; the ante bonus is paid whatever the
dealer holds.

>>> bets = built_in_bets(ThreeCardPokerRules())
>>> list(bets), bets["ante"].decision.choices, bets["ante"].decision.sees
(['ante', 'pair_plus', 'six_card'], ('play', 'fold'), ('player',))
>>> bets["ante"].net("won, straight bonus"), bets["ante"].net("fold")
(3, -1)
"""

from __future__ import annotations

import functools

from sympy import Rational

from cardmath.bets import Decision, RuleBet, Settlement
from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.engine.dealing import Dealt, HandView
from cardmath.games.three_card_poker.hands import _category, _qualifies, _six_card, _value
from cardmath.games.three_card_poker.pay_tables import PAY_TABLES
from cardmath.games.three_card_poker.rules import ThreeCardPokerRules
from cardmath.pay_tables import apply_pays

__all__ = ["ANTE_BONUS", "RESULTS", "SIX_CARDS", "built_in_bets"]

RESULTS: dict[str, int] = {"dealer does not qualify": 1, "won": 2, "tied": 0, "lost": -2}
"""A played hand's results, each with its net on the two units staked (the ante bonus aside)."""

_USUAL = {table.bet: dict(table.pays) for table in reversed(PAY_TABLES)}  # the first table of a bet

ANTE_BONUS: dict[str, Rational] = {hand.removesuffix(" bonus"): pay for hand, pay in _USUAL["ante"].items()}
"""The usual ante bonus, to 1 on the ante: 5-4-1."""

SIX_CARDS = "six cards"
"""The pool of the player's and the dealer's hands the 6-Card Bonus reads."""


def _player(dealt: Dealt) -> HandView:
    return dealt.hand("player")


def _ante_rule(qualifier: Rank, dealt: Dealt, choice: str) -> str:
    if choice == "fold":
        return "fold"
    player, dealer = _player(dealt), dealt.hand("dealer")
    if not _qualifies(dealer, qualifier):
        result = "dealer does not qualify"
    else:
        mine, theirs = _value(player), _value(dealer)
        result = "won" if mine > theirs else "tied" if mine == theirs else "lost"
    bonus = _category(player)
    return f"{result}, {bonus} bonus" if bonus in ANTE_BONUS else result


def _pair_plus_rule(dealt: Dealt) -> str:
    found = _category(_player(dealt))
    return found if found in _USUAL["pair_plus"] else "lose"


def _six_card_rule(dealt: Dealt) -> str:
    return _six_card(dealt.hand(SIX_CARDS))


@functools.cache
def _bets(rules: ThreeCardPokerRules) -> dict[str, RuleBet[Dealt]]:
    settlements = [Settlement("fold", plus=Rational(-1))]
    for result, net in RESULTS.items():
        settlements.append(Settlement(result, plus=Rational(net), staked=Rational(2)))
        settlements += [
            Settlement(f"{result}, {hand} bonus", pay=f"{hand} bonus", plus=Rational(net), staked=Rational(2))
            for hand in ANTE_BONUS
        ]
    ante: RuleBet[Dealt] = RuleBet.define(
        "ante",
        functools.partial(_ante_rule, rules.qualifier),
        {f"{hand} bonus": pay for hand, pay in ANTE_BONUS.items()},
        settlements=settlements,
        decision=Decision(
            "play or fold", _player, ("play", "fold"), sees=("player",), order=_value, decider="the player"
        ),
        description="the ante and, if the player plays, an equal play bet against the dealer's hand; "
        "the ante bonus on a straight or better",
        label="Ante and Play",
        positions=("player", "dealer"),
    )
    pair_plus: RuleBet[Dealt] = RuleBet.define(
        "pair_plus",
        _pair_plus_rule,
        {**_USUAL["pair_plus"], "lose": -1},
        description="the player's three cards make a pair or better, 40-30-6-3-1",
        label="Pair Plus",
        positions=("player",),
    )
    six_card: RuleBet[Dealt] = RuleBet.define(
        "six_card",
        _six_card_rule,
        {**_USUAL["six_card"], "lose": -1},
        description="the best five of the player's and the dealer's six cards are three of a kind or better",
        label="6-Card Bonus",
        positions=(SIX_CARDS,),
    )
    known = {"ante": ante, "pair_plus": pair_plus, "six_card": six_card}
    return apply_pays(known, rules.pays, "Three Card Poker")


@checked
def built_in_bets(rules: ThreeCardPokerRules) -> dict[str, RuleBet[Dealt]]:
    """The three bets of a Three Card Poker table under ``rules``, with the house's own pays.

    Args:
        rules: The table: the dealer's qualifier and the house's pays.

    Returns:
        ``ante``, ``pair_plus`` and ``six_card``, in that order.

    >>> built_in_bets(ThreeCardPokerRules())["pair_plus"].pay("straight")
    6
    """
    return dict(_bets(rules))
