"""The exception family of cardmath.

Every error that bad input can cause is a :class:`CardmathError`.  Its message says what was
wrong and what is allowed, so the command line can print it as one line.

>>> from cardmath.errors import CardmathError, ShoeError
>>> issubclass(ShoeError, CardmathError)
True
"""

from __future__ import annotations

__all__ = [
    "CardNotationError",
    "CardmathError",
    "OptionError",
    "PayTableError",
    "ShoeError",
]


class CardmathError(ValueError):
    """Base class of every error cardmath raises for bad input."""


class CardNotationError(CardmathError):
    """A card or a list of cards could not be read."""


class ShoeError(CardmathError):
    """A shoe cannot be built, or a card is not there to remove, or the shoe is too small."""


class PayTableError(CardmathError):
    """A pay table has the wrong length or a pay that is not allowed."""


class OptionError(CardmathError):
    """A game option (a bet name, a commission, a number of players, ...) is out of range."""
