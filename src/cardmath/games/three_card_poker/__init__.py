"""Three Card Poker: the player's three cards against the dealer's, and two bets on the cards alone.

The player antes, sees his three cards, and plays (an equal Play bet) or folds; the dealer plays
with queen-high or better.  Pair Plus pays on the player's three cards, the 6-Card Bonus on the
best five of the six cards dealt.  The rules are told in our words on the game's page in the
documentation, docs/games/three_card_poker.md.  The game is only a definition
(:data:`DEFINITION`): two hands of three dealt as combinations, which the engine counts by ranks
and flushes, deciding play or fold for every hand by the exact chances of the dealer's cards.

The deal, the bets and the hands' values live in the modules ``game``, ``bets`` and ``hands``.
The verbs are the engine's, bound to this game: :func:`analyze`, :func:`analyze_many`,
:func:`effects_of_removal`, :func:`closed_form` (Three Card Poker is dealt from one deck: it
refuses) and :func:`solve_pay`.

>>> from cardmath.output import percent_text
>>> from cardmath.shoe import Shoe
>>> deck = Shoe.standard(1)
>>> ante = analyze(deck, bets=["ante"])
>>> percent_text(ante.bets["ante"].house_edge), percent_text(ante.bets["ante"].element_of_risk)
('3.3730%', '2.0147%')
>>> always = analyze(deck, bets=["ante"], strategy="always play").strategies["ante"]
>>> percent_text(always.edge), percent_text(always.cost)
('7.6538%', '4.2808%')
"""

from __future__ import annotations

from cardmath.games.three_card_poker.bets import built_in_bets
from cardmath.games.three_card_poker.game import DEFINITION, GAME
from cardmath.games.three_card_poker.hands import CATEGORIES, category, value
from cardmath.games.three_card_poker.pay_tables import PAY_TABLES
from cardmath.games.three_card_poker.rules import ThreeCardPokerRules

__all__ = [
    "CATEGORIES",
    "DEFINITION",
    "GAME",
    "PAY_TABLES",
    "ThreeCardPokerRules",
    "analyze",
    "analyze_many",
    "built_in_bets",
    "category",
    "closed_form",
    "effects_of_removal",
    "solve_pay",
    "value",
]

analyze, analyze_many, effects_of_removal, closed_form, solve_pay = GAME.verb_functions()
