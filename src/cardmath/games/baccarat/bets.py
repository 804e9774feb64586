"""Bets: a rule naming the outcome of each :class:`~cardmath.games.baccarat.deal.Deal`, and a pay
table (:class:`Bet`); the built-in catalogue (:func:`built_in_bets`) and the choice of bets to
analyse (:func:`resolve_bets`).

A new side bet needs no new counting code: it is a function of the final deal and a pay per
outcome.  A rule that reads more than the final deal says so with ``reads``
(:class:`~cardmath.games.baccarat.rules.Reads`): how each hand's first two cards match, their
values, or the cards themselves.

>>> lucky_6 = Bet.define(
...     "lucky_6",
...     lambda deal: "win with 6" if deal.winner == "banker" and deal.banker_total == 6 else "lose",
...     {"win with 6": 12, "lose": -1},
... )
>>> lucky_6.rule(Deal(5, 6, 2, 2, None, None)), lucky_6.pay("win with 6"), lucky_6.reads
('win with 6', 12, <Reads.DEAL: 'deal'>)
>>> [bet.name for bet in resolve_bets(["tie", "banker"])]
['tie', 'banker']
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from sympy import Rational

from cardmath import bets as shared_bets
from cardmath import pay_tables
from cardmath.bets import Decision, RuleBet, Settlement
from cardmath.checks import checked
from cardmath.errors import OptionError
from cardmath.games.baccarat.deal import Deal
from cardmath.games.baccarat.rules import DEFAULT_RULES, BaccaratRules, FirstTwo, Reads, Side, Winner
from cardmath.games.baccarat.side_bets import SIDE_BETS

__all__ = [
    "BUILT_IN_BET_NAMES",
    "MAIN_BET_NAMES",
    "Bet",
    "built_in_bets",
    "resolve_bets",
]

MAIN_BET_NAMES: tuple[str, ...] = ("player", "banker", "tie")
"""The three main bets."""


def _reads(value: Any, name: str) -> Reads:
    try:
        return Reads(value)
    except ValueError:
        choices = ", ".join(reads.value for reads in Reads)
        raise OptionError(
            f"bet {name!r} must read one of {choices}: one only, not both matches and values (a rule "
            f"given the cards is given their values too, and can tell a pair from them); got {value!r}"
        ) from None


@dataclass(frozen=True)
class Bet(RuleBet[Deal]):
    """A bet: a rule naming the outcome of each :class:`Deal`, and the pay of each outcome (a
    :class:`~cardmath.bets.RuleBet`, with ``pay``, ``outcomes`` and ``with_pay``).

    ``pays`` lists ``(outcome, pay)`` in par-sheet order; a pay is the net result per unit bet
    (``-1`` a loss, ``0`` a push).  ``reads`` says what the rule reads beyond the final deal
    (:class:`~cardmath.games.baccarat.rules.Reads`): the matches of each hand's first two cards
    (pair bets), their values, or the cards themselves (rank and suit: the first four cards are
    then resolved card by card; such a rule is given the first values too).  Build one with
    :meth:`define`.

    Args:
        name: The bet's key, such as ``"banker"``: in ``bets=[...]``, ``--bets`` and documents.
        rule: A function of a :class:`Deal` returning the name of the outcome, one of ``pays``.
        pays: ``(outcome, pay)`` pairs in par-sheet order, each pay exact and per unit bet.
        description: A short account of how the bet pays, for the tables; empty by default.
        label: The bet's name for people; empty (the default) spells the name in words.
        settlements: How each outcome settles when outcomes and pays are not one-to-one; empty by
            default.
        decision: Always ``None``: nothing is decided once the drawing rules deal the cards.
        positions: Empty: baccarat's counter reads the whole deal by its drawing rules.
        reads: What the rule reads beyond the final deal; the final deal alone by default.

    >>> banker = built_in_bets()["banker"]
    >>> banker.outcomes(), banker.pay("win")
    (('win', 'lose', 'tie'), 19/20)
    >>> banker.rule(Deal(3, 6, 3, 2, 2, None))  # the player draws a 2 to make 3; the banker stands on 6
    'win'
    """

    reads: Reads = Reads.DEAL

    @classmethod
    def define(
        cls,
        name: str,
        rule: Callable[..., str],
        pays: Mapping[str, int | str | Rational],
        *,
        description: str = "",
        label: str = "",
        settlements: Sequence[Settlement] = (),
        decision: Decision[Deal] | None = None,
        positions: Sequence[str] = (),
        reads: Reads | str = Reads.DEAL,
    ) -> Self:
        """A bet from a rule and a pay table ``{outcome: pay}`` (pays as numbers or ``"p/q"``),
        and what the rule reads; ``settlements`` as for any bet.  A baccarat bet has no decision:
        nothing is decided once the cards are dealt by the drawing rules.

        Args:
            name: The bet's key in ``bets=[...]``, ``--bets`` and documents.
            rule: A function of a :class:`Deal` that names its outcome, one of the keys of ``pays``.
            pays: The pay of each outcome per unit bet (``-1`` a loss, ``0`` a push), as a number or
                text such as ``"19/20"``, in par-sheet order.
            description: How the bet pays, in a few words; empty by default.
            label: The bet's name in tables; empty (the default) for the name in words.
            settlements: How outcomes settle when they are not one-to-one with the pays.
            decision: Must be ``None``: a baccarat bet has no decision.
            positions: The positions the rule reads; baccarat's counter reads every card, so none is needed.
            reads: What the rule is given beyond the final deal: a :class:`Reads` or its text
                (``"first_two"``...); the final deal only by default.

        Returns:
            The bet, its pays exact.

        Raises:
            OptionError: When a decision is given or ``reads`` is not one of :class:`Reads`.
            PayTableError: When a pay is not a number.

        >>> rule = lambda deal: "tie" if deal.winner == "tie" else "no tie"
        >>> Bet.define("tie 9", rule, {"tie": 9, "no tie": -1}).pay("tie")
        9
        >>> Bet.define("odd", rule, {"tie": "x", "no tie": -1})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardmath.errors.PayTableError: the pay of 'tie' in bet 'odd' must be a number (...), not 'x'
        """
        if decision is not None:
            raise OptionError(f"bet {name!r}: a baccarat bet has no decision (the drawing rules decide)")
        bet = super().define(
            name,
            rule,
            pays,
            description=description,
            label=label,
            settlements=settlements,
            positions=positions,
        )
        return dataclasses.replace(bet, reads=_reads(reads, name))


# --- the built-in rules ---------------------------------------------------------------------------


def _main_result(deal: Deal, side: Side) -> str:
    winner = deal.winner
    return "tie" if winner is Winner.TIE else ("win" if winner is Winner(side.value) else "lose")


def _player_rule(deal: Deal) -> str:
    return _main_result(deal, Side.PLAYER)


def _banker_rule(deal: Deal) -> str:
    return _main_result(deal, Side.BANKER)


def _no_commission_rule(deal: Deal) -> str:
    result = _main_result(deal, Side.BANKER)
    return "win with 6" if result == "win" and deal.banker_total == 6 else result


def _ez_banker_rule(deal: Deal) -> str:
    result = _main_result(deal, Side.BANKER)
    if result == "win" and deal.banker_cards == 3 and deal.banker_total == 7:
        return "win with three-card 7"
    return result


def _tie_rule(deal: Deal) -> str:
    return "tie" if deal.winner is Winner.TIE else "no tie"


def _is_pair(match: FirstTwo | None) -> bool:
    return match is not None and match.is_pair


def _player_pair_rule(deal: Deal) -> str:
    return "pair" if _is_pair(deal.player_first_two) else "no pair"


def _banker_pair_rule(deal: Deal) -> str:
    return "pair" if _is_pair(deal.banker_first_two) else "no pair"


def _either_pair_rule(deal: Deal) -> str:
    return "pair" if _is_pair(deal.player_first_two) or _is_pair(deal.banker_first_two) else "no pair"


def _perfect_pair_rule(deal: Deal) -> str:
    perfect = [deal.player_first_two, deal.banker_first_two].count(FirstTwo.IDENTICAL)
    return ("no perfect pair", "one perfect pair", "two perfect pairs")[perfect]


def _dragon_result(deal: Deal, side: Side) -> str:
    natural = deal.player_natural if side is Side.PLAYER else deal.banker_natural
    if deal.winner is Winner(side.value):
        return "natural win" if natural else f"win by {deal.margin}" if deal.margin >= 4 else "lose"
    if deal.winner is Winner.TIE and deal.natural:
        return "natural tie"
    return "lose"


def _dragon_player_rule(deal: Deal) -> str:
    return _dragon_result(deal, Side.PLAYER)


def _dragon_banker_rule(deal: Deal) -> str:
    return _dragon_result(deal, Side.BANKER)


def _dragon_7_rule(deal: Deal) -> str:
    return (
        "win"
        if deal.winner is Winner.BANKER and deal.banker_cards == 3 and deal.banker_total == 7
        else "lose"
    )


def _panda_8_rule(deal: Deal) -> str:
    return (
        "win"
        if deal.winner is Winner.PLAYER and deal.player_cards == 3 and deal.player_total == 8
        else "lose"
    )


def _big_rule(deal: Deal) -> str:
    return "five or six cards" if deal.cards_dealt >= 5 else "four cards"


def _small_rule(deal: Deal) -> str:
    return "four cards" if deal.cards_dealt == 4 else "five or six cards"


_DRAGON_PAYS: dict[str, int | str | Rational] = {
    "win by 9": 30,
    "win by 8": 10,
    "win by 7": 6,
    "win by 6": 4,
    "win by 5": 2,
    "win by 4": 1,
    "natural win": 1,
    "natural tie": 0,
    "lose": -1,
}


def _percent(fraction: Rational) -> str:
    percent = Rational(fraction) * 100
    return f"{percent}%" if percent.q == 1 else f"{float(percent):g}%"


@functools.cache
def _built_ins(
    commission: Rational, tie_pays: Rational, pays: tuple[pay_tables.PayChange, ...] = ()
) -> dict[str, Bet]:
    """The built-in bets for one commission, tie pay and set of pay changes (the drawing rules
    do not change them): the fifteen standard bets, then the side bets."""
    win_lose_tie: dict[str, int | str | Rational] = {"win": 1, "lose": -1, "tie": 0}
    pair_pays: dict[str, int | str | Rational] = {"pair": 11, "no pair": -1}
    pairs = Reads.FIRST_TWO
    bets = [
        Bet.define(
            "player",
            _player_rule,
            win_lose_tie,
            description="player wins, 1 to 1; a tie pushes",
            label="Player",
        ),
        Bet.define(
            "banker",
            _banker_rule,
            {"win": 1 - commission, "lose": -1, "tie": 0},
            description=f"banker wins, 1 to 1 less {commission * 100}% commission; a tie pushes",
            label=f"Banker ({_percent(commission)} commission)",
        ),
        Bet.define(
            "banker_no_commission",
            _no_commission_rule,
            {"win with 6": Rational(1, 2), "win": 1, "lose": -1, "tie": 0},
            description="banker wins, 1 to 1, but a win with a total of 6 pays 1 to 2; a tie pushes",
            label="Banker, no commission (a win with 6 pays 1 to 2)",
        ),
        Bet.define(
            "ez_banker",
            _ez_banker_rule,
            {"win with three-card 7": 0, "win": 1, "lose": -1, "tie": 0},
            description="banker wins, 1 to 1, but a win with a three-card 7 pushes; a tie pushes",
            label="EZ Banker (a three-card 7 pushes)",
        ),
        Bet.define(
            "tie",
            _tie_rule,
            {"tie": tie_pays, "no tie": -1},
            description=f"the hands tie, {tie_pays} to 1",
            label="Tie",
        ),
        Bet.define(
            "player_pair",
            _player_pair_rule,
            pair_pays,
            reads=pairs,
            description="the player's first two cards are the same rank, 11 to 1",
            label="Player Pair",
        ),
        Bet.define(
            "banker_pair",
            _banker_pair_rule,
            pair_pays,
            reads=pairs,
            description="the banker's first two cards are the same rank, 11 to 1",
            label="Banker Pair",
        ),
        Bet.define(
            "either_pair",
            _either_pair_rule,
            {"pair": 5, "no pair": -1},
            reads=pairs,
            description="either hand's first two cards are the same rank, 5 to 1",
            label="Either Pair",
        ),
        Bet.define(
            "perfect_pair",
            _perfect_pair_rule,
            {"two perfect pairs": 25, "one perfect pair": 25, "no perfect pair": -1},
            reads=pairs,
            description=(
                "either hand's first two cards are identical (rank and suit), 25 to 1; the bet wins once "
                "when both hands are perfect pairs (some houses pay 200 or 250 to 1 for both)"
            ),
            label="Perfect Pair",
        ),
        Bet.define(
            "dragon_bonus_player",
            _dragon_player_rule,
            _DRAGON_PAYS,
            description="player natural win 1 to 1, natural tie push, win by 9/8/7/6/5/4 pays 30/10/6/4/2/1",
            label="Dragon Bonus (player)",
        ),
        Bet.define(
            "dragon_bonus_banker",
            _dragon_banker_rule,
            _DRAGON_PAYS,
            description="banker natural win 1 to 1, natural tie push, win by 9/8/7/6/5/4 pays 30/10/6/4/2/1",
            label="Dragon Bonus (banker)",
        ),
        Bet.define(
            "dragon_7",
            _dragon_7_rule,
            {"win": 40, "lose": -1},
            description="banker wins with a three-card 7, 40 to 1",
            label="Dragon 7",
        ),
        Bet.define(
            "panda_8",
            _panda_8_rule,
            {"win": 25, "lose": -1},
            description="player wins with a three-card 8, 25 to 1",
            label="Panda 8",
        ),
        Bet.define(
            "big",
            _big_rule,
            {"five or six cards": Rational(54, 100), "four cards": -1},
            description="five or six cards are dealt, 0.54 to 1",
            label="Big",
        ),
        Bet.define(
            "small",
            _small_rule,
            {"four cards": Rational(3, 2), "five or six cards": -1},
            description="four cards are dealt, 1.5 to 1",
            label="Small",
        ),
    ]
    bets += [
        Bet.define(side.name, side.rule, side.pays, description=side.description, label=side.label)
        for side in SIDE_BETS
    ]
    return pay_tables.apply_pays({bet.name: bet for bet in bets}, pays, "baccarat")


@checked
def built_in_bets(rules: BaccaratRules = DEFAULT_RULES) -> dict[str, Bet]:
    """Every built-in bet by name, with the rules' banker commission and tie pay.

    Args:
        rules: The house's rules: commission, tie pay and its own pays; the usual rules when
            omitted.

    Returns:
        The bets by name, in their usual order, with the rules' pays applied.

    >>> list(built_in_bets())[:4]
    ['player', 'banker', 'banker_no_commission', 'ez_banker']
    >>> built_in_bets(BaccaratRules(commission=Rational(1, 25)))["banker"].pay("win")
    24/25
    """
    return dict(_built_ins(rules.commission, rules.tie_pays, rules.pays))


BUILT_IN_BET_NAMES: tuple[str, ...] = tuple(_built_ins(BaccaratRules().commission, BaccaratRules().tie_pays))
"""The names of the built-in bets, in their usual order."""


@checked
def resolve_bets(
    bets: Iterable[str | Bet] | str | Bet | None = None, rules: BaccaratRules = DEFAULT_RULES
) -> tuple[Bet, ...]:
    """The bets to analyse: built-in names and/or :class:`Bet` objects (all built-ins if ``None``).

    Args:
        bets: A built-in bet's name, a :class:`Bet`, or an iterable of them; ``None`` for every
            built-in bet.
        rules: The rules whose pays the built-in bets take; the usual rules when omitted.

    Returns:
        The bets in the order given.

    Raises:
        OptionError: When a name is not a built-in bet's.

    >>> [b.name for b in resolve_bets(["tie", "banker"])]
    ['tie', 'banker']
    >>> resolve_bets(["lucky"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: unknown baccarat bet 'lucky': choose from player, banker, ..., 88_89_98_99
    """
    known = _built_ins(rules.commission, rules.tie_pays, rules.pays)
    return shared_bets.resolve_bets(known, bets, "baccarat", Bet)
