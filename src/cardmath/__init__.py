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

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

from cardmath.errors import (
    CardmathError,
    CardNotationError,
    OptionError,
    PayTableError,
    PublishError,
    ShoeError,
)

if TYPE_CHECKING:
    from cardmath.cards import FULL_DECK, Card, Rank, Suit, format_cards, parse_cards
    from cardmath.engine.protocol import Game
    from cardmath.games.registry import GAMES, find_game
    from cardmath.shoe import Shoe

# Loaded on first use (they load SymPy and beartype, most of a second), so that the command can
# answer Ctrl-C while it loads: see cardmath.__main__.
_LAZY = dict.fromkeys(("FULL_DECK", "Card", "Rank", "Suit", "format_cards", "parse_cards"), "cardmath.cards")
_LAZY |= {"Shoe": "cardmath.shoe", "Game": "cardmath.engine.protocol"}
_LAZY |= dict.fromkeys(("GAMES", "find_game"), "cardmath.games.registry")


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'cardmath' has no attribute {name!r}")
    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


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
