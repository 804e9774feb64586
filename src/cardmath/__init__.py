"""cardmath: the exact mathematics of casino card games.

Every card combination is counted without replacement with Python integers; every probability,
expected value, house edge and variance is an exact ``sympy.Rational``.

The games live in :mod:`cardmath.games` (one folder each, listed by the registry
:data:`~cardmath.games.registry.GAMES`); numbers are read by :mod:`cardmath.numbers`, printed by
:mod:`cardmath.output`.

>>> import cardmath
>>> cardmath.Shoe.standard(decks=6).size
312
>>> [game.name for game in cardmath.GAMES][:3]
['reddog', 'baccarat', 'pool']
"""

from __future__ import annotations

__version__ = "0.1.0"

from cardmath.cards import FULL_DECK, Card, Rank, Suit, format_cards, parse_cards
from cardmath.errors import (
    CardmathError,
    CardNotationError,
    OptionError,
    PayTableError,
    PublishError,
    ShoeError,
)
from cardmath.shoe import Shoe

from cardmath.games.game import Game  # isort: skip  (the games import the core above)
from cardmath.games.registry import GAMES, find_game  # isort: skip

__all__ = [
    "FULL_DECK",
    "GAMES",
    "Card",
    "CardNotationError",
    "CardmathError",
    "Game",
    "OptionError",
    "PayTableError",
    "PublishError",
    "Rank",
    "Shoe",
    "ShoeError",
    "Suit",
    "__version__",
    "find_game",
    "format_cards",
    "parse_cards",
]
