"""Baccarat (punto banco): every bet, any shoe, any drawing rules, exact.

Every final deal is enumerated once per set of drawing rules, independent of the shoe, at the
resolution of baccarat values (ten categories: tens and pictures are one value).  A deal is
summarised as a :class:`Deal`: each hand's total and number of cards, each hand's third card,
and, for the bets that read them, how each hand's first two cards match (:class:`FirstTwo`),
their values, or the cards themselves.  A shoe then costs only integer sums.

A bet is a rule (a function of the :class:`Deal` returning the name of an outcome) and a pay
table: a new side bet needs no new counting code (see :meth:`Bet.define`).  What the rule reads
beyond the final deal is one :class:`Reads`: ``FIRST_TWO`` (pair bets), ``FIRST_VALUES`` (the
values of each hand's first two cards, in the order dealt) or ``FIRST_CARDS`` (the cards
themselves, rank and suit, so suited side bets can be defined).  A rule must compare cards by
value (``==``, ``in``, their rank and suit), not by identity (``is``).  Every bet is supported by
:func:`analyze`, :func:`analyze_many`, :func:`effects_of_removal`, :func:`solve_pay` and
:func:`closed_form`.  The rules of the game are on its page in the documentation,
docs/games/baccarat.md.

>>> from cardmath.output import percent_text
>>> result = analyze(Shoe.standard(8))
>>> result.results["banker_wins"], result.total_combinations
(2292252566437888, 4998398275503360)
>>> percent_text(result.bets["banker"].house_edge), percent_text(result.bets["tie"].house_edge)
('1.0579%', '14.3596%')
>>> lucky_6 = Bet.define(
...     "lucky_6",
...     lambda deal: "win with 6" if deal.winner == "banker" and deal.banker_total == 6 else "lose",
...     {"win with 6": 12, "lose": -1},
... )
>>> percent_text(analyze(Shoe.standard(8), bets=[lucky_6]).bets["lucky_6"].house_edge)
'29.9772%'
>>> solve_pay(Shoe.standard(8), None, "lucky_6:win with 6", bets=[lucky_6]).pay  # a fair pay
3694660914881/210337737856
>>> (pair,) = closed_form(bets=["player_pair"])
>>> pair.house_edge, pair.limit
((4*d + 11)/(52*d - 1), 1/13)
>>> first_nine = Bet.define(
...     "first_nine",
...     lambda deal: "win" if deal.winner == "player" and deal.player_first_values[0] == 9 else "lose",
...     {"win": 20, "lose": -1},
...     reads=Reads.FIRST_VALUES,
... )
>>> percent_text(analyze(Shoe.standard(8), bets=[first_nine]).bets["first_nine"].house_edge)
'9.6253%'
>>> suited_start = Bet.define(
...     "suited_start",
...     lambda deal: "suited" if len({card.suit for card in deal.player_first_cards}) == 1 else "not suited",
...     {"suited": 2, "not suited": -1},
...     reads=Reads.FIRST_CARDS,
... )
>>> sheet = analyze(Shoe.standard(8), bets=[suited_start]).bets["suited_start"]
>>> sheet.outcomes[0].probability, sheet.house_edge, percent_text(sheet.house_edge)
(103/415, 106/415, '25.5422%')
>>> variant = BaccaratRules(drawing=DrawingRules.define(player_draws_on=range(7)))
>>> percent_text(analyze(Shoe.standard(8), variant, bets=["banker"]).bets["banker"].house_edge)
'0.1016%'
"""

from __future__ import annotations

from cardmath.checks import checked
from cardmath.games.baccarat import counting
from cardmath.games.baccarat.bets import (
    BUILT_IN_BET_NAMES,
    MAIN_BET_NAMES,
    Bet,
    built_in_bets,
    resolve_bets,
)
from cardmath.games.baccarat.deal import Deal
from cardmath.games.baccarat.game import DEFINITION, GAME
from cardmath.games.baccarat.rules import (
    DEFAULT_COMMISSION,
    DEFAULT_TIE_PAYS,
    MINIMUM_CARDS,
    RANK_VALUES,
    BaccaratRules,
    FirstTwo,
    Reads,
    Side,
    Winner,
    rank_value,
)
from cardmath.games.punto_banco import DrawingRules
from cardmath.shoe import Shoe

__all__ = [
    "BUILT_IN_BET_NAMES",
    "DEFAULT_COMMISSION",
    "DEFAULT_TIE_PAYS",
    "DEFINITION",
    "GAME",
    "MAIN_BET_NAMES",
    "MINIMUM_CARDS",
    "RANK_VALUES",
    "BaccaratRules",
    "Bet",
    "Deal",
    "DrawingRules",
    "FirstTwo",
    "Reads",
    "Shoe",
    "Side",
    "Winner",
    "analyze",
    "analyze_many",
    "built_in_bets",
    "closed_form",
    "effects_of_removal",
    "rank_value",
    "resolve_bets",
    "solve_pay",
    "value_counts",
]


@checked
def value_counts(shoe: Shoe) -> tuple[int, ...]:
    """Cards of each baccarat value 0..9 in the shoe: tens and pictures are worth 0, the ace 1.

    Args:
        shoe: The cards counted; the infinite shoe counts as one deck (its proportions).

    Returns:
        Ten counts, by value 0 to 9.

    >>> value_counts(Shoe.standard(2).without("Ks,Kh,As"))
    (30, 7, 8, 8, 8, 8, 8, 8, 8, 8)
    >>> value_counts(None)
    Traceback (most recent call last):
    ...
    TypeError: value_counts() parameter shoe must be Shoe, not NoneType
    """
    return counting.value_counts(shoe)


analyze, analyze_many, effects_of_removal, closed_form, solve_pay = GAME.verb_functions()
