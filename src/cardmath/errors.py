"""The exception family of cardmath.

Every error that bad input can cause is a :class:`CardmathError`.  Its message says what was
wrong and what is allowed, so the command line can print it as one line.

>>> from cardmath.errors import CardmathError, ShoeError
>>> issubclass(ShoeError, CardmathError)
True
"""

from __future__ import annotations

from typing import Any, TypeVar

_T = TypeVar("_T")

__all__ = [
    "CardNotationError",
    "CardmathError",
    "DefinitionError",
    "ExtraMissingError",
    "KnowledgeError",
    "OptionError",
    "PayTableError",
    "PublishError",
    "ShoeError",
    "require_type",
]


class CardmathError(ValueError):
    """Base class of every error cardmath raises for bad input.

    It is a ``ValueError``, so callers may catch either; the command line catches this one.

    >>> from cardmath.numbers import read_decks
    >>> try:
    ...     read_decks("many")
    ... except CardmathError as error:
    ...     print(type(error).__name__, isinstance(error, ValueError))
    ShoeError True
    """


class CardNotationError(CardmathError):
    """A card or a list of cards could not be read.

    >>> from cardmath.cards import parse_cards
    >>> parse_cards("As,Zz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.CardNotationError: cannot read card 'Zz': write rank then suit, such as As, ...
    """


class ShoeError(CardmathError):
    """A shoe cannot be built, or a card is not there to remove, or the shoe is too small.

    >>> from cardmath.shoe import Shoe
    >>> Shoe.from_counts({})
    Traceback (most recent call last):
    ...
    cardmath.errors.ShoeError: a shoe must hold at least one card
    """


class PayTableError(CardmathError):
    """A pay table has the wrong length or a pay that is not allowed.

    >>> from cardmath.numbers import read_pays
    >>> read_pays("5,4,2", 4)
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: pays need 4 values separated by commas, got 3: '5,4,2'
    """


class OptionError(CardmathError):
    """A game option (a bet name, a commission, a number of players, ...) is out of range.

    >>> from cardmath.numbers import read_percent
    >>> read_percent("120", "the commission", minimum=0, maximum=100)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the commission must be a percentage from 0 to 100, not '120'
    """


class KnowledgeError(CardmathError):
    """What a player is said to know about a deal cannot be: a position the game does not have, a
    group that is empty or holds every card, a card the shoe does not hold, or two facts that
    contradict each other.

    >>> from cardmath.information import read_given
    >>> read_given("P1=7,P1=8", ("P1", "B1"), tuple("0123456789"))
    Traceback (most recent call last):
    ...
    cardmath.errors.KnowledgeError: P1 is given twice, as 7 and as 8: give each position once
    """


class PublishError(CardmathError):
    """A set of files cannot be written: the target is a file, holds files cardmath did not write,
    or the system refuses (no permission, a name too long, a full disk).

    >>> from cardmath.files import write_file_set
    >>> write_file_set("", {"index.json": "{}"})
    Traceback (most recent call last):
    ...
    cardmath.errors.PublishError: give a folder to write to, not an empty name
    """


class DefinitionError(CardmathError):
    """A game's definition breaks the engine's contract (a decision that reads a card its decider
    cannot see, a step that repeats for ever, an empty hand); raised when the game is built, the
    message naming the game and the field.

    >>> raise DefinitionError("toy: the decision 'raise' of bet 'main' reads 'dealer'")
    Traceback (most recent call last):
    ...
    cardmath.errors.DefinitionError: toy: the decision 'raise' of bet 'main' reads 'dealer'
    """


class ExtraMissingError(CardmathError):
    """A feature needs an optional package that is not installed (pandas for a data frame, pyarrow
    for Parquet); the message names the extra that installs it.

    >>> raise ExtraMissingError("pandas is not installed: pip install 'cardmath[pandas]'")
    Traceback (most recent call last):
    ...
    cardmath.errors.ExtraMissingError: pandas is not installed: pip install 'cardmath[pandas]'
    """


def require_type(value: Any, kind: type[_T], name: str, expected: str | None = None) -> _T:
    """``value`` if it is a ``kind``, else a ``TypeError`` naming the parameter and the type expected.

    Wrong *types* are programming errors and raise ``TypeError``; wrong *values* of the right type
    raise a :class:`CardmathError` from the readers that check them.

    Args:
        value: The argument to check.
        kind: The class it must be an instance of (a `bool` is not accepted for `int`).
        name: The parameter's name, as the message says it.
        expected: How the message describes the wanted type; `a KIND` when omitted.

    Returns:
        `value` itself, typed as a `kind`.

    >>> from cardmath.shoe import Shoe
    >>> require_type(Shoe.standard(1), Shoe, "shoe").size
    52
    >>> require_type(None, Shoe, "shoe", "a cardmath.Shoe (Shoe.standard(8), Shoe.infinite(), ...)")
    Traceback (most recent call last):
    ...
    TypeError: shoe must be a cardmath.Shoe (Shoe.standard(8), Shoe.infinite(), ...), not NoneType
    """
    if isinstance(value, kind) and not (isinstance(value, bool) and kind is int):
        return value
    wanted = expected or f"a {kind.__name__}"
    raise TypeError(f"{name} must be {wanted}, not {type(value).__name__}")
