"""Andar Bahar: cards dealt in turn to two sides until one matches the joker's rank.

The rules are told in our words on the game's page in the documentation,
docs/games/andar_bahar.md.  The game is only a definition (:data:`DEFINITION`): the joker, then a
step dealt until a card matches it, which the engine counts in closed form over the shoe's
composition: for a joker whose rank has ``A`` cards left among ``N``, the ``k``-th card is the first
match in ``ff(N - A, k - 1) * A`` of the ``ff(N, k)`` ordered ways.

The verbs are the engine's, bound to this game: :func:`analyze`, :func:`analyze_many`,
:func:`effects_of_removal`, :func:`closed_form` (a deal has no fixed length: it refuses) and
:func:`solve_pay`.

>>> from cardmath.output import percent_text
>>> from cardmath.shoe import Shoe
>>> result = analyze(Shoe.standard(8), bets=["andar", "bahar"])
>>> percent_text(result.bets["andar"].house_edge), percent_text(result.bets["bahar"].house_edge)
('1.3186%', '3.8752%')
"""

from __future__ import annotations

from cardmath.games.andar_bahar.bets import CARDS, RANGES, built_in_bets, range_name
from cardmath.games.andar_bahar.game import DEFINITION, GAME, RESULT_NAMES, dealing
from cardmath.games.andar_bahar.pay_tables import PAY_TABLES
from cardmath.games.andar_bahar.rules import AndarBaharRules, Side

__all__ = [
    "CARDS",
    "DEFINITION",
    "GAME",
    "PAY_TABLES",
    "RANGES",
    "RESULT_NAMES",
    "AndarBaharRules",
    "Side",
    "analyze",
    "analyze_many",
    "built_in_bets",
    "closed_form",
    "dealing",
    "effects_of_removal",
    "range_name",
    "solve_pay",
]

analyze, analyze_many, effects_of_removal, closed_form, solve_pay = GAME.verb_functions()
