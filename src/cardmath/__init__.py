"""cardmath: the exact mathematics of casino card games.

Every card combination is counted without replacement with Python integers; every probability,
expected value, house edge and variance is an exact ``sympy.Rational``.

>>> import cardmath
>>> cardmath.Shoe.standard(decks=6).size
312
"""

from __future__ import annotations

__version__ = "0.1.0"

from cardmath.cards import FULL_DECK, Card, Rank, Suit, format_cards, parse_cards
from cardmath.errors import CardmathError, CardNotationError, OptionError, PayTableError, ShoeError
from cardmath.shoe import Shoe

__all__ = [
    "FULL_DECK",
    "Card",
    "CardNotationError",
    "CardmathError",
    "OptionError",
    "PayTableError",
    "Rank",
    "Shoe",
    "ShoeError",
    "Suit",
    "__version__",
    "format_cards",
    "parse_cards",
]
