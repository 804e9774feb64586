"""Bets: a rule naming the outcome of each :class:`Deal`, and a pay table (:class:`Bet`), and
the built-in catalogue (:func:`built_in_bets`).

A coup is two cards, the Dragon's and the Tiger's (:class:`Deal`), and a bet is any function of
it with a pay per outcome: a new side bet needs no new counting code.  Pays are net per unit bet,
``-1`` a loss; a house's own pays (:attr:`DragonTigerRules.pays
<cardmath.games.dragon_tiger.rules.DragonTigerRules.pays>`) replace the usual ones.  Each bet has
a display name (``Suited Tie``) for tables.  The rules of the built-in bets are told on the
game's page in the documentation, docs/games/dragon_tiger.md.

>>> from cardmath.cards import Card
>>> deal = Deal(Card.parse("Kh"), Card.parse("7h"))
>>> deal.winner, deal.dragon_rank, deal.tiger_rank, deal.suited
(<Winner.DRAGON: 'dragon'>, 13, 7, True)
>>> [built_in_bets()[name].rule(deal) for name in ("dragon", "tie", "dragon_big", "tiger_big")]
['win', 'no tie', 'win', 'seven']
>>> [built_in_bets()[name].display_name for name in ("suited_tie", "tiger_odd")]
['Suited Tie', 'Tiger Odd']
>>> big_win = Bet.define(
...     "big_win",
...     lambda deal: "by 10 or more" if abs(deal.dragon_rank - deal.tiger_rank) >= 10 else "less",
...     {"by 10 or more": 12, "less": -1},
... )
>>> big_win.rule(deal), big_win.pay("by 10 or more")
('less', 12)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from sympy import Rational

from cardmath import pay_tables
from cardmath.bets import RuleBet
from cardmath.cards import Card
from cardmath.checks import checked
from cardmath.games.dragon_tiger.rules import (
    DEFAULT_RULES,
    RANK_VALUES,
    SEVEN,
    DragonTigerRules,
    Side,
    Winner,
)

__all__ = [
    "BUILT_IN_BET_NAMES",
    "SUITED_TIE_PAYS",
    "Bet",
    "Deal",
    "built_in_bets",
]

SUITED_TIE_PAYS: Rational = Rational(50)
"""The pay of the suited tie, 50 to 1."""


@dataclass(frozen=True)
class Deal:
    """A coup as the bets see it: the Dragon's card and the Tiger's card (rank and suit).

    ``winner`` (:class:`~cardmath.games.dragon_tiger.rules.Winner`), each side's rank value 1 to
    13 (ace low) and ``suited`` are read from the two cards.  A rule must compare cards by value
    (``==``, their rank and suit), never by identity (``is``).

    Args:
        dragon: The card dealt to the Dragon.
        tiger: The card dealt to the Tiger.

    >>> deal = Deal(Card.parse("As"), Card.parse("Ad"))
    >>> deal.winner, deal.winner == "tie", deal.suited, deal.rank(Side.TIGER)
    (<Winner.TIE: 'tie'>, True, False, 1)
    """

    dragon: Card
    tiger: Card

    @property
    def dragon_rank(self) -> int:
        """The Dragon card's rank value, ace 1 to king 13."""
        return RANK_VALUES[self.dragon.rank]

    @property
    def tiger_rank(self) -> int:
        """The Tiger card's rank value, ace 1 to king 13."""
        return RANK_VALUES[self.tiger.rank]

    @property
    def winner(self) -> Winner:
        """The side with the higher rank, or a tie on equal ranks (it equals its text)."""
        dragon, tiger = self.dragon_rank, self.tiger_rank
        if dragon > tiger:
            return Winner.DRAGON
        if tiger > dragon:
            return Winner.TIGER
        return Winner.TIE

    @property
    def suited(self) -> bool:
        """Whether the two cards are of one suit."""
        return self.dragon.suit == self.tiger.suit

    def card(self, side: Side) -> Card:
        """The card of one side.

        Args:
            side: The Dragon or the Tiger.

        Returns:
            The card dealt to that side, with its rank and suit.

        >>> str(Deal(Card.parse("2c"), Card.parse("Qd")).card(Side.TIGER))
        'Qd'
        """
        return self.dragon if side is Side.DRAGON else self.tiger

    def rank(self, side: Side) -> int:
        """The rank value (ace 1 to king 13) of one side's card.

        Args:
            side: Which hand's card to read, Dragon or Tiger.

        Returns:
            A whole number from 1 (ace) to 13 (king).

        >>> Deal(Card.parse("2c"), Card.parse("Qd")).rank(Side.DRAGON)
        2
        """
        return RANK_VALUES[self.card(side).rank]


@dataclass(frozen=True)
class Bet(RuleBet[Deal]):
    """A bet: a rule naming the outcome of each :class:`Deal`, and the pay of each outcome (a
    :class:`~cardmath.bets.RuleBet`, with ``pay``, ``outcomes`` and ``with_pay``).

    ``pays`` lists ``(outcome, pay)`` in par-sheet order; a pay is the net result per unit bet
    (``-1`` a loss, ``-1/2`` half lost, ``0`` a push).  The rule may read anything of the deal,
    the suits included; the engine finds by itself how finely it must count.  Build one with
    :meth:`~cardmath.bets.RuleBet.define`.

    Args:
        name: The bet's key, such as ``"dragon"``: in ``bets=[...]``, ``--bets`` and documents.
        rule: A function of a :class:`Deal` returning the name of the outcome, one of ``pays``.
        pays: ``(outcome, pay)`` pairs in par-sheet order, each pay exact and per unit bet.
        description: A short account of how the bet pays, for the tables; empty by default.
        label: The bet's name for people; empty (the default) spells the name in words.
        settlements: How each outcome settles when outcomes and pays are not one-to-one; empty by
            default.
        decision: A choice the player makes inside the bet; ``None`` (the default) for none, as
            for every built-in bet.
        positions: The positions the rule reads; every position (both cards) when empty.

    >>> dragon = built_in_bets()["dragon"]
    >>> dragon.outcomes(), dragon.pay("tie")
    (('win', 'lose', 'tie'), -1/2)
    >>> rule = lambda deal: "tie" if deal.winner == "tie" else "no tie"
    >>> Bet.define("tie 11", rule, {"tie": 11, "no tie": -1}).with_pay("tie", 12).pays
    (('tie', 12), ('no tie', -1))
    """


# --- the built-in rules -------------------------------------------------------------------------


def _side_rule(side: Side) -> Callable[[Deal], str]:
    def rule(deal: Deal) -> str:
        winner = deal.winner
        return "tie" if winner is Winner.TIE else "win" if winner.value == side.value else "lose"

    rule.__name__ = rule.__qualname__ = f"{side}_rule"
    return rule


def _tie_rule(deal: Deal) -> str:
    return "tie" if deal.winner is Winner.TIE else "no tie"


def _suited_tie_rule(deal: Deal) -> str:
    return "suited tie" if deal.winner is Winner.TIE and deal.suited else "no suited tie"


def _card_rule(side: Side, wins: Callable[[int], bool], kind: str) -> Callable[[Deal], str]:
    """A bet on one side's card alone: it wins when ``wins(rank value)``, and a 7 loses."""

    def rule(deal: Deal) -> str:
        value = deal.rank(side)
        return "seven" if value == SEVEN else "win" if wins(value) else "lose"

    rule.__name__ = rule.__qualname__ = f"{side}_{kind}_rule"
    return rule


_CARD_BETS: tuple[tuple[str, Callable[[int], bool], str], ...] = (
    ("big", lambda value: value > SEVEN, "8 to K"),
    ("small", lambda value: value < SEVEN, "A to 6"),
    ("odd", lambda value: value % 2 == 1, "A, 3, 5, 9, J or K"),
    ("even", lambda value: value % 2 == 0, "2, 4, 6, 8, 10 or Q"),
)


def _tie_bet(name: str, rule: Callable[[Deal], str], pays: Rational, words: str, label: str) -> Bet:
    """A bet with one winning outcome, named as the bet is (``suited_tie``: ``suited tie``)."""
    outcome = name.replace("_", " ")
    return Bet.define(
        name, rule, {outcome: pays, f"no {outcome}": -1}, description=f"{words}, {pays} to 1", label=label
    )


@functools.cache
def _built_ins(tie_pays: Rational, pays: tuple[pay_tables.PayChange, ...] = ()) -> dict[str, Bet]:
    """The built-in bets for one tie pay and one set of pay changes (applied in order)."""
    bets = [
        *(
            Bet.define(
                str(side),
                _side_rule(side),
                {"win": 1, "lose": -1, "tie": Rational(-1, 2)},
                description=f"the {side} card is higher, 1 to 1; on a tie half the bet is lost",
                label=side.title(),
            )
            for side in Side
        ),
        _tie_bet("tie", _tie_rule, tie_pays, "the ranks are equal", "Tie"),
        _tie_bet(
            "suited_tie",
            _suited_tie_rule,
            SUITED_TIE_PAYS,
            "the two cards are the same rank and suit",
            "Suited Tie",
        ),
        *(
            Bet.define(
                f"{side}_{kind}",
                _card_rule(side, wins, kind),
                {"win": 1, "lose": -1, "seven": -1},
                description=f"the {side} card is {ranks}, 1 to 1; a 7 loses",
                label=f"{side.title()} {kind.title()}",
            )
            for side in Side
            for kind, wins, ranks in _CARD_BETS
        ),
    ]
    return pay_tables.apply_pays({bet.name: bet for bet in bets}, pays, "Dragon Tiger")


@checked
def built_in_bets(rules: DragonTigerRules = DEFAULT_RULES) -> dict[str, Bet]:
    """Every built-in bet by name, with the rules' tie pay and the house's own pays.

    Args:
        rules: The house's rules: the tie pay and its own pays; the usual table when omitted.

    Returns:
        The bets by name, in their usual order: the main bets, the ties, then the card bets.

    Raises:
        OptionError: When a pay of the rules names a bet or outcome the game does not have.

    >>> list(built_in_bets())[:5]
    ['dragon', 'tiger', 'tie', 'suited_tie', 'dragon_big']
    >>> built_in_bets(DragonTigerRules(tie_pays=11))["tie"].pay("tie")
    11
    >>> built_in_bets(DragonTigerRules(pays=(("suited_tie", "suited tie", 60),)))["suited_tie"].pays
    (('suited tie', 60), ('no suited tie', -1))
    >>> built_in_bets(11)
    Traceback (most recent call last):
    ...
    TypeError: built_in_bets() parameter rules must be DragonTigerRules, not int
    """
    return dict(_built_ins(rules.tie_pays, rules.pays))


BUILT_IN_BET_NAMES: tuple[str, ...] = tuple(_built_ins(DragonTigerRules().tie_pays))
"""The names of the built-in bets, in their usual order."""
