"""The engine that every deal-and-settle game runs on: a game is a definition, this is its interpreter.

- :mod:`~cardmath.engine.protocol`: what every game is to the rest of cardmath (the
  :class:`~cardmath.engine.protocol.Game` protocol and its small types), catalogue game or not;
- :mod:`~cardmath.engine.dealing`: how a deal is dealt, as data (steps, positions, burns; hands
  as combinations, pools of hands, steps dealt until a card stops them);
- :mod:`~cardmath.engine.suits` and :mod:`~cardmath.engine.hands`: hands counted as combinations,
  suits folded, and deals of any length (:class:`HandCounter`);
- :mod:`~cardmath.engine.contract`: what a definition must keep, checked when its game is built;
- :mod:`~cardmath.engine.strategy` and :mod:`~cardmath.engine.strategy_tables`: strategies a player
  pins, what they cost, and the strategy tables;
- :mod:`~cardmath.engine.defined`: a game's names, rules and bets;
- :mod:`~cardmath.engine.solving`: closed forms in the number of decks, and solved pays;
- :mod:`~cardmath.engine.tally`: counting bets on shoes (the :class:`Counter` hook, and the counter
  of a dealing);
- :mod:`~cardmath.engine.settle`: decisions, outcome counts and house edges from the counts;
- :mod:`~cardmath.engine.analysis`: the verbs, written once, and their results (each shows
  itself in a notebook and as a tidy frame; :mod:`~cardmath.engine.conditions` says what the
  frames' first columns are);
- :mod:`~cardmath.engine.publication`: documents, tables and charts of the results;
- :mod:`~cardmath.engine.definition`: the schema of a game (:class:`Definition`);
- :mod:`~cardmath.engine.game`: :class:`CatalogueGame`, a definition's game object;
- :mod:`~cardmath.engine.verbs`: the types of the five verbs a game's package exports;
- :mod:`~cardmath.engine.figures`: the charts and headline figures of the documentation.

>>> from cardmath.games.dragon_tiger import GAME
>>> isinstance(GAME, CatalogueGame), GAME.definition.dealing.reads
(True, <Reads.CARDS: 'cards'>)
"""

from __future__ import annotations

from cardmath.engine.analysis import CatalogueResult, EffectsOfRemoval
from cardmath.engine.counter import Counter
from cardmath.engine.dealing import BURN, Dealing, Dealt, Hand, HandView, Pool, Reads, Step, Until
from cardmath.engine.definition import RANKS_ACE_HIGH, RANKS_ACE_LOW, Definition
from cardmath.engine.game import CatalogueGame
from cardmath.engine.hands import HandCounter
from cardmath.engine.protocol import ClosedForm, Headline, RuleOption, SolvedPay
from cardmath.engine.settle import DecisionPlan, HouseEdges
from cardmath.engine.tally import DealCounter, Tally

__all__ = [
    "BURN",
    "RANKS_ACE_HIGH",
    "RANKS_ACE_LOW",
    "CatalogueGame",
    "CatalogueResult",
    "ClosedForm",
    "Counter",
    "DealCounter",
    "Dealing",
    "Dealt",
    "DecisionPlan",
    "Definition",
    "EffectsOfRemoval",
    "Hand",
    "HandCounter",
    "HandView",
    "Headline",
    "HouseEdges",
    "Pool",
    "Reads",
    "RuleOption",
    "SolvedPay",
    "Step",
    "Tally",
    "Until",
]
