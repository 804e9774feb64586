"""Casino War: one card to the player, one to the dealer, the higher wins; on a tie, war or surrender.

Aces are high and suits never count; the rules are told in our words on the game's page in the
documentation, docs/games/casino_war.md.  The game is only a definition (:data:`DEFINITION`) that
the engine reads: the first two cards and, after a tie, the two war cards are counted by rank,
independent of the shoe, and the three burned cards are free (a card no bet reads is counted like
padding).  So any shoe, the infinite-deck limit and the closed form in the number of decks ``d``
come from the same counts.  The main bet's choice on a tie is a :class:`~cardmath.bets.Decision`:
a stated rule (``on_tie="war"`` or ``"surrender"``) or, with ``on_tie="best"``, the better choice
for each tied rank on the shoe at hand.

The verbs are the engine's, bound to this game: :func:`analyze`, :func:`analyze_many`,
:func:`effects_of_removal`, :func:`closed_form` and :func:`solve_pay`.

>>> from cardmath.output import percent_text
>>> from cardmath.shoe import Shoe
>>> six = Shoe.standard(6)
>>> main = analyze(six, bets=["main"]).bets["main"]
>>> main.house_edge, percent_text(main.house_edge), percent_text(main.element_of_risk)
(142853/4965115, '2.8771%', '2.6790%')
>>> analyze(six, CasinoWarRules(war_tie_bonus=1), bets=["main"]).bets["main"].house_edge
23138/993023
>>> closed_form(CasinoWarRules(on_tie="surrender"), bets=["main"])[0].house_edge
(4*d - 1)/(2*(52*d - 1))
>>> solve_pay(six, None, "tie:tie").pay
288/23
"""

from __future__ import annotations

from cardmath.games.casino_war.bets import NO_TIE, Deal, built_in_bets
from cardmath.games.casino_war.game import DEALING, DEFINITION, GAME, RESULT_NAMES
from cardmath.games.casino_war.pay_tables import PAY_TABLES, WIZARD
from cardmath.games.casino_war.rules import DEFAULT_DECKS, DEFAULT_TIE_PAYS, CasinoWarRules, OnTie

__all__ = [
    "DEALING",
    "DEFAULT_DECKS",
    "DEFAULT_TIE_PAYS",
    "DEFINITION",
    "GAME",
    "NO_TIE",
    "PAY_TABLES",
    "RESULT_NAMES",
    "WIZARD",
    "CasinoWarRules",
    "Deal",
    "OnTie",
    "analyze",
    "analyze_many",
    "built_in_bets",
    "closed_form",
    "effects_of_removal",
    "solve_pay",
]

analyze, analyze_many, effects_of_removal, closed_form, solve_pay = GAME.verb_functions()
