"""Chemin de fer: baccarat's French original, where Player and Banker choose, solved exactly.

Player may draw or stand on a two-card total of 5; Banker may draw or stand in every situation,
knowing his own hand and what Player did.  The parlor game is a zero-sum game, the casino game
(a commission on Banker's wins) a bimatrix game.  Under each model of the literature (what each
side sees: :class:`Information`; how the cards are dealt: the shoe, infinite for dealing with
replacement) :func:`analyze` finds the value and both sides' optimal strategies, or the Nash
equilibria, in exact rational arithmetic, by Foster's algorithm on the game's additive form: the
2^5 x 2^484 matrix is never built.  The rules are told in our words on the game's page in the
documentation, docs/games/chemin_de_fer.md.

>>> from cardmath.shoe import Shoe
>>> a1 = analyze(Shoe.infinite(), CheminDeFerRules(information="totals"))  # Kemeny and Snell
>>> a1.value, a1.player[Hand(5)], a1.uniqueness
(-679568/53094899, 9/11, <Uniqueness.UNIQUE: 'unique'>)
>>> b3 = analyze(Shoe.standard(6))  # Ethier and Gámez: each side sees his two cards
>>> {str(hand): str(q) for hand, q in b3.player.items() if 0 < q < 1}
{'{1,4}': '35003/74880'}
>>> casino = analyze(Shoe.standard(6), CheminDeFerRules("banker composition", CASINO_COMMISSION))
>>> casino.player[Hand(5)]
2372272/2881749
"""

from __future__ import annotations

from cardmath.games.chemin_de_fer.analysis import (
    Departure,
    Equilibrium,
    Solution,
    TableauLink,
    analyze,
    draw_effects_of_removal,
    expected_payoffs,
    solve_many,
    tableau_strategy,
)
from cardmath.games.chemin_de_fer.game import GAME, CheminDeFerGame, solution_document
from cardmath.games.chemin_de_fer.hands import (
    Hand,
    InformationSet,
    banker_hands,
    information_sets,
    player_choices,
    tableau_draws,
)
from cardmath.games.chemin_de_fer.profiles import Method, Uniqueness, UnsolvedGameError
from cardmath.games.chemin_de_fer.rules import (
    CASINO_COMMISSION,
    DEFAULT_DECKS,
    DEFAULT_RULES,
    CheminDeFerRules,
    Information,
    Model,
    Play,
)
from cardmath.games.chemin_de_fer.tables import (
    charts,
    publication_tables,
    solution_tables,
    summary_table,
)

__all__ = [
    "CASINO_COMMISSION",
    "DEFAULT_DECKS",
    "DEFAULT_RULES",
    "GAME",
    "CheminDeFerGame",
    "CheminDeFerRules",
    "Departure",
    "Equilibrium",
    "Hand",
    "Information",
    "InformationSet",
    "Method",
    "Model",
    "Play",
    "Solution",
    "TableauLink",
    "Uniqueness",
    "UnsolvedGameError",
    "analyze",
    "banker_hands",
    "charts",
    "draw_effects_of_removal",
    "expected_payoffs",
    "information_sets",
    "player_choices",
    "publication_tables",
    "solution_document",
    "solution_tables",
    "solve_many",
    "summary_table",
    "tableau_draws",
    "tableau_strategy",
]
