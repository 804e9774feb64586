"""Dragon Tiger: one card to the Dragon, one to the Tiger, the higher rank wins; every bet, exact.

Aces are low (ace 1 to king 13) and suits count only for the suited tie; the rules are told in
our words on the game's page in the documentation, docs/games/dragon_tiger.md.  The game is a
definition (:data:`DEFINITION`) that the engine reads: every ordered pair of cards is counted once,
independent of the shoe, so any shoe, the infinite-deck limit and the closed form in the number of
decks ``d`` all come from the same counts.  A bet is a rule on the :class:`Deal` and a pay table
(:meth:`Bet.define`): a new side bet needs no new counting code.  The pays houses publish are a
catalogue (:data:`PAY_TABLES`, each with its source); a house's own pays are rules
(``DragonTigerRules(pays=...)``, ``--pay`` and ``--pay-table`` on the command line).

The verbs are the engine's, bound to this game: :func:`analyze`, :func:`analyze_many`,
:func:`effects_of_removal`, :func:`closed_form` and :func:`solve_pay`.

>>> from cardmath.output import percent_text
>>> from cardmath.shoe import Shoe
>>> result = analyze(Shoe.standard(8))
>>> result.bets["dragon"].house_edge, percent_text(result.bets["dragon"].house_edge)
(31/830, '3.7349%')
>>> analyze(Shoe.standard(8), DragonTigerRules(tie_pays=11), bets=["tie"]).bets["tie"].house_edge
43/415
>>> red_dragon = Bet.define(
...     "red_dragon",
...     lambda deal: "win" if deal.winner == "dragon" and deal.dragon.suit.value in "dh" else "lose",
...     {"win": 1, "lose": -1},
... )
>>> percent_text(analyze(Shoe.standard(8), bets=[red_dragon]).bets["red_dragon"].house_edge)
'53.7349%'
>>> closed_form(bets=["dragon"])[0].house_edge
(4*d - 1)/(2*(52*d - 1))
>>> [table.key for table in PAY_TABLES][:4]
['tie:8', 'tie:10', 'tie:11', 'suited_tie:50']
>>> eleven = DragonTigerRules(pays=PAY_TABLES[2].changes())
>>> percent_text(analyze(Shoe.standard(8), eleven, bets=["tie"]).bets["tie"].house_edge)
'10.3614%'
"""

from __future__ import annotations

from cardmath.games.dragon_tiger.bets import BUILT_IN_BET_NAMES, SUITED_TIE_PAYS, Bet, Deal, built_in_bets
from cardmath.games.dragon_tiger.game import DEFINITION, GAME, RESULT_NAMES
from cardmath.games.dragon_tiger.pay_tables import PAY_TABLES
from cardmath.games.dragon_tiger.rules import (
    DEFAULT_DECKS,
    DEFAULT_TIE_PAYS,
    RANKS,
    DragonTigerRules,
    Side,
    Winner,
    rank_value,
)

__all__ = [
    "BUILT_IN_BET_NAMES",
    "DEFAULT_DECKS",
    "DEFAULT_TIE_PAYS",
    "DEFINITION",
    "GAME",
    "PAY_TABLES",
    "RANKS",
    "RESULT_NAMES",
    "SUITED_TIE_PAYS",
    "Bet",
    "Deal",
    "DragonTigerRules",
    "Side",
    "Winner",
    "analyze",
    "analyze_many",
    "built_in_bets",
    "closed_form",
    "effects_of_removal",
    "rank_value",
    "solve_pay",
]

analyze, analyze_many, effects_of_removal, closed_form, solve_pay = GAME.verb_functions()
