"""Casino Red Dog: the exact par sheet, raise strategy and effects of removal on any shoe.

The player bets that a third card falls strictly between two cards dealt face up; on a hand with
a spread he may raise before the third card comes.  See the game's page in the documentation,
``docs/games/reddog.md``, for the rules in full and the mathematics.  The game is a definition
(:data:`DEFINITION`) the engine reads; its raise is a decision the engine makes from the exact
counts of the shoe, per spread or per pair of ranks (:class:`RaiseBy`).

>>> from cardmath.shoe import Shoe
>>> result = analyze(Shoe.standard(1))
>>> result.bets["reddog"].house_edge, result.decisions["reddog"].choosing("raise")
(523/16575, (7, 8, 9, 10, 11))
>>> closed_form()[0].house_edge
(456*d**2 + 210*d - 143)/(13*(26*d - 1)*(52*d - 1))
>>> analyze(Shoe.standard(6), RedDogRules(spread_pays="6,4,2,1", trips_pays=12)).bets["reddog"].house_edge
7908/626665
"""

from __future__ import annotations

from cardmath.games.reddog.bets import TRIPS, Hand, built_in_bets, outcome_name
from cardmath.games.reddog.game import DEFINITION, GAME, RedDogGame
from cardmath.games.reddog.rules import (
    RANKS,
    SPREADS,
    STANDARD_SPREAD_PAYS,
    STANDARD_TRIPS_PAYS,
    RaiseBy,
    RankPair,
    RedDogRules,
    pay_names,
    spread_pay_table,
)

__all__ = [
    "DEFINITION",
    "GAME",
    "RANKS",
    "SPREADS",
    "STANDARD_SPREAD_PAYS",
    "STANDARD_TRIPS_PAYS",
    "TRIPS",
    "Hand",
    "RaiseBy",
    "RankPair",
    "RedDogGame",
    "RedDogRules",
    "analyze",
    "analyze_many",
    "built_in_bets",
    "closed_form",
    "effects_of_removal",
    "outcome_name",
    "pay_names",
    "solve_pay",
    "spread_pay_table",
]

analyze, analyze_many, effects_of_removal, closed_form, solve_pay = GAME.verb_functions()
