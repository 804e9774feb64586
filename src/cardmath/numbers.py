"""The one place that reads numbers: exact rationals, percentages, whole numbers, pays, decks.

Every number a user gives (a pay, a commission, a target house edge, a number of decks, a hand
size, a list of them) is read here, so every game refuses bad input the same way: with a
:class:`~cardmath.errors.CardmathError` saying what was wrong and what is allowed.  Reading is
*total*: no text, however long or strange, escapes as a bare ``ValueError``,
``ZeroDivisionError`` or ``TypeError``.

Numbers are read exactly: ``"0.95"`` is ``19/20``, ``"3/2"`` is ``3/2``, ``"1e-2"`` is ``1/100``.
Only ASCII digits count (``"²"`` is refused), a text holds at most :data:`MAX_DIGITS` digits and
an exponent at most :data:`MAX_EXPONENT`, so no reading runs without bound.

>>> read_rational("0.95", "the pay"), read_rational("3/2", "the pay"), read_rational(7, "the pay")
(19/20, 3/2, 7)
>>> read_percent("5", "the commission", minimum=0, maximum=100)
1/20
>>> read_decks("inf") is None, read_decks(" 6 ")
(True, 6)
>>> read_rational("1/0", "the tie pay")
Traceback (most recent call last):
...
cardmath.errors.OptionError: the tie pay must be a number (such as 8, 1.5 or 3/2), not '1/0': division by zero
"""

from __future__ import annotations

import fractions
import math
import numbers
import re
from collections.abc import Iterable, Sequence
from typing import Any

import sympy
from sympy import Rational

from cardmath.errors import CardmathError, OptionError, PayTableError, ShoeError

__all__ = [
    "INFINITE_WORDS",
    "MAX_DECKS",
    "MAX_DIGITS",
    "MAX_EXPONENT",
    "Exact",
    "read_decks",
    "read_pay",
    "read_pays",
    "read_percent",
    "read_rational",
    "read_seed",
    "read_whole",
    "read_whole_list",
    "to_rational",
]

MAX_DIGITS = 1000
"""The most digits a number's text may hold (Python refuses to convert past 4,300)."""

MAX_EXPONENT = 1000
"""The largest exponent (``1e1000``) a number's text may use."""

MAX_DECKS = 10**12
"""The most decks a shoe may hold (a trillion): past that a shoe is the infinite-deck limit in all
but the twelfth decimal, so ask for ``inf``; the bound keeps every count quick."""

INFINITE_WORDS = frozenset({"inf", "infinite", "infinity"})
"""The words that ask for the infinite-deck limit."""

Exact = Rational | int | str
"""An exact number as the rules objects accept it: a ``sympy.Rational``, an ``int``, or its text
(``"19/20"``, ``"0.95"``), which :func:`read_rational` reads exactly.  A rules object holds the
``Rational``; a ``float`` is refused (it is not exact)."""

_NUMBER = re.compile(
    r"(?P<sign>[+-]?)(?P<whole>[0-9]*)(?:\.(?P<fraction>[0-9]*))?(?:[eE](?P<exponent>[+-]?[0-9]+))?",
    re.ASCII,
)
_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)


def _describe(minimum: Any, maximum: Any, *, whole: bool, strict_minimum: bool = False) -> str:
    kind = "a whole number" if whole else "a number"
    if minimum is not None and maximum is not None:
        return f"{kind} from {minimum} to {maximum}"
    if minimum is not None:
        return f"{kind} more than {minimum}" if strict_minimum else f"{kind} {minimum} or more"
    if maximum is not None:
        return f"{kind} {maximum} or less"
    return kind


_EXAMPLES = ("8", "1.5", "3/2", "0.2", "1/4", "0.95", "0", "-1", "-0.5", "-1/2", "100", "1000")
"""Numbers an error offers as examples, in order of preference: the first three a range allows."""


def _examples(minimum: Any, maximum: Any, strict_minimum: bool) -> str:
    """Three numbers the range allows, written as a decimal and a fraction would be, such as ``8,
    1.5 or 3/2`` (or the bounds themselves, for a range too narrow to hold them).

    >>> _examples(0, None, True), _examples(0, Rational(99, 100), False), _examples(-1, 1, False)
    ('8, 1.5 or 3/2', '0.2, 1/4 or 0.95', '0.2, 1/4 or 0.95')
    """
    low = None if minimum is None else Rational(minimum)
    high = None if maximum is None else Rational(maximum)

    def allowed(number: Rational) -> bool:
        above = low is None or number > low or (number == low and not strict_minimum)
        return above and (high is None or number <= high)

    chosen = [text for text in _EXAMPLES if allowed(to_rational(text))][:3]
    for bound in (low, high):
        if len(chosen) < 3 and bound is not None and allowed(bound) and str(bound) not in chosen:
            chosen.append(str(bound))
    return f"{', '.join(chosen[:-1])} or {chosen[-1]}" if len(chosen) > 1 else "".join(chosen)


def _decimal(text: str) -> Rational | None:
    match = _NUMBER.fullmatch(text)
    if match is None or not (match.group("whole") or match.group("fraction")):
        return None
    whole, fraction = match.group("whole"), match.group("fraction") or ""
    exponent_text = match.group("exponent") or "0"
    if len(whole) + len(fraction) > MAX_DIGITS or len(exponent_text.lstrip("+-")) > 6:
        raise ValueError(f"too many digits (at most {MAX_DIGITS})")
    exponent = int(exponent_text) - len(fraction)
    if abs(int(exponent_text)) > MAX_EXPONENT:
        raise ValueError(f"the exponent is too large (at most {MAX_EXPONENT})")
    numerator = int(whole + fraction or "0") * (-1 if match.group("sign") == "-" else 1)
    if exponent >= 0:
        return Rational(numerator * 10**exponent)
    return Rational(numerator, 10**-exponent)


def _parse(text: str) -> Rational | None:
    try:
        return _parse_number(text)
    except ValueError as reason:
        raise OptionError(str(reason)) from None


def _parse_number(text: str) -> Rational | None:
    text = text.strip()
    top, slash, bottom = text.partition("/")
    if not slash:
        return _decimal(text)
    numerator, denominator = _decimal(top.strip()), _decimal(bottom.strip())
    if numerator is None or denominator is None:
        return None
    if denominator == 0:
        raise ValueError("division by zero")
    return Rational(numerator / denominator)


def to_rational(value: Any) -> Rational:
    """An exact ``sympy.Rational`` from an int, a Rational, a Fraction, a finite float (by its
    shortest decimal) or a text such as ``"3/2"``, ``"1.5"`` or ``"1e-2"``.

    A value of another type raises ``TypeError``; a text or float that is not a finite number
    raises :class:`~cardmath.errors.OptionError` with the reason (:func:`read_rational` turns
    either into the error it is asked for, naming the number).

    Args:
        value: An int, `Rational`, `Fraction`, finite float or number text (decimal, fraction,
            exponent); not a bool.

    Returns:
        The same number as a `sympy.Rational` in lowest terms.

    >>> to_rational("0.95"), to_rational(3), to_rational(0.1), to_rational(" -1/3 ")
    (19/20, 3, 1/10, -1/3)
    >>> to_rational("1/0")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: division by zero
    >>> to_rational(None)
    Traceback (most recent call last):
    ...
    TypeError: a NoneType is not a number
    """
    if isinstance(value, bool):
        raise TypeError("a truth value is not a number")
    if isinstance(value, Rational):
        return value
    if isinstance(value, int):
        return Rational(value)
    if isinstance(value, fractions.Fraction):
        return Rational(value.numerator, value.denominator)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise OptionError("not a finite number")
        parsed = _parse(repr(value))
    elif isinstance(value, str):
        parsed = _parse(value)
    elif isinstance(value, numbers.Integral):
        return Rational(int(value))
    elif isinstance(value, sympy.Expr) and value.is_Rational:  # pragma: no cover - Rational above
        return Rational(value)
    else:
        raise TypeError(f"a {type(value).__name__} is not a number")
    if parsed is None:
        raise OptionError("not a number")
    return parsed


def read_rational(
    value: Any,
    what: str,
    *,
    minimum: Any = None,
    maximum: Any = None,
    above_minimum: bool = False,
    allowed: str | None = None,
    error: type[CardmathError] = OptionError,
) -> Rational:
    """Read an exact number and check its range; ``what`` names it in the message.

    ``minimum`` and ``maximum`` are inclusive; ``above_minimum`` makes the minimum exclusive.
    ``allowed`` replaces the generated description of what is allowed; ``error`` is the error
    class raised.

    Args:
        value: The number as given: text, an int, a `Rational`, a `Fraction` or a finite float.
        what: The number's name in a message (`the tie pay`).
        minimum: The smallest value allowed, inclusive; no lower bound when `None`.
        maximum: The largest value allowed, inclusive; no upper bound when `None`.
        above_minimum: Whether `minimum` itself is refused (an exclusive bound).
        allowed: Words for what is allowed, replacing the ones made from the bounds.
        error: The `CardmathError` subclass to raise; `OptionError` by default.

    Returns:
        The number, exact, within the bounds.

    >>> read_rational("1.5", "the pay", minimum=0)
    3/2
    >>> read_rational("-1", "three of a kind pays", minimum=0, error=PayTableError)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: three of a kind pays must be a number 0 or more (...), not '-1'
    >>> read_rational("0", "the tie pay", minimum=0, above_minimum=True)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the tie pay must be a number more than 0 (such as 8, 1.5 or 3/2), not '0'
    >>> read_rational("2", "the share", minimum=0, maximum=Rational(99, 100))  # examples within the range
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the share must be a number from 0 to 99/100 (such as 0.2, 1/4 or 0.95), not '2'
    """  # noqa: E501

    def described() -> str:  # made only for an error: the examples fit the range
        if allowed:
            return allowed
        examples = _examples(minimum, maximum, above_minimum)
        bounds = _describe(minimum, maximum, whole=False, strict_minimum=above_minimum)
        return bounds + (f" (such as {examples})" if examples else "")

    try:
        number = to_rational(value)
    except (ValueError, TypeError, ZeroDivisionError, OverflowError) as reason:
        detail = "" if str(reason) == "not a number" else f": {reason}"
        raise error(f"{what} must be {described()}, not {_shown(value)}{detail}") from None
    low = None if minimum is None else Rational(minimum)
    high = None if maximum is None else Rational(maximum)
    if (low is not None and (number < low or (above_minimum and number == low))) or (
        high is not None and number > high
    ):
        raise error(f"{what} must be {described()}, not {_shown(value)}")
    return number


def _shown(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else repr(str(value))
    return text if len(text) <= 60 else f"{text[:40]}...' ({len(str(value))} characters)"


def read_percent(
    value: Any,
    what: str,
    *,
    minimum: Any = None,
    maximum: Any = None,
    allowed: str | None = None,
    error: type[CardmathError] = OptionError,
) -> Rational:
    """A percentage (``"5"``, ``"2.5"``, ``"-1/3"``) as an exact fraction: ``"5"`` is ``1/20``.

    The range is given in percent.

    Args:
        value: A number of percent, as text or a number (`"5"` is 5 %).
        what: What the percentage is, as the message names it.
        minimum: The lowest percentage allowed, inclusive, in percent.
        maximum: The highest percentage allowed, inclusive, in percent.
        allowed: A description of the allowed values, used instead of the bounds'.
        error: The class of error raised on a bad value; `OptionError` by default.

    Returns:
        The fraction the percentage stands for (`value / 100`), exact.

    >>> read_percent("2.5", "the target house edge", minimum=-100, maximum=100)
    1/40
    >>> read_percent("150", "the commission", minimum=0, maximum=100)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the commission must be a percentage from 0 to 100, not '150'
    """
    described = allowed or _describe(minimum, maximum, whole=False).replace("a number", "a percentage", 1)
    number = read_rational(value, what, minimum=minimum, maximum=maximum, allowed=described, error=error)
    return number / 100


def read_whole(
    value: Any,
    what: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    allowed: str | None = None,
    error: type[CardmathError] = OptionError,
) -> int:
    """A whole number from an int or from ASCII digits, range-checked.

    Args:
        value: An int or its ASCII digits, surrounding spaces allowed; a bool is refused.
        what: The number's name, as the message says it.
        minimum: The least value allowed, inclusive; `None` for no lower bound.
        maximum: The greatest value allowed, inclusive; `None` for no upper bound.
        allowed: The message's description of what is allowed, when the bounds' will not do.
        error: The error class raised; `OptionError` by default.

    Returns:
        The whole number, within the bounds.

    >>> read_whole(" 5 ", "the hand size", minimum=1, maximum=26)
    5
    >>> read_whole("²", "the number of decks", minimum=1)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the number of decks must be a whole number 1 or more, not '²'
    >>> read_whole("9" * 5000, "the number of decks", minimum=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the number of decks must be ..., not '999...: too many digits (at most 1000)
    """
    described = allowed or _describe(minimum, maximum, whole=True)
    number: int | None = None
    detail = ""
    if isinstance(value, bool):
        number = None
    elif isinstance(value, numbers.Integral):
        number = int(value)
    elif isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
        digits = value.strip().lstrip("+-")
        if len(digits) > MAX_DIGITS:
            detail = f": too many digits (at most {MAX_DIGITS})"
        else:
            number = int(value.strip())
    if (
        number is None
        or (minimum is not None and number < minimum)
        or (maximum is not None and number > maximum)
    ):
        raise error(f"{what} must be {described}, not {_shown(value)}{detail}")
    return number


def read_decks(value: Any, what: str = "the number of decks") -> int | None:
    """A number of decks: a whole number from 1 to :data:`MAX_DECKS`, or ``inf`` (``None``: the
    infinite-deck limit).

    Args:
        value: A whole number, its digits, `inf`/`infinite`/`infinity` (any case) or positive infinity.
        what: What the message calls the value; `the number of decks` by default.

    Returns:
        The number of decks, or `None` for the infinite-deck limit.

    >>> read_decks("8"), read_decks("INF"), read_decks(float("inf")), read_decks(2)
    (8, None, None, 2)
    >>> read_decks("many")
    Traceback (most recent call last):
    ...
    cardmath.errors.ShoeError: the number of decks must be a whole number 1 or more, or inf, not 'many'
    >>> read_decks("9" * 600)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.ShoeError: the number of decks must be at most 10**12 (a trillion decks), or inf ...
    """
    if isinstance(value, float) and math.isinf(value) and value > 0:
        return None
    if isinstance(value, str) and value.strip().lower() in INFINITE_WORDS:
        return None
    decks = read_whole(value, what, minimum=1, allowed="a whole number 1 or more, or inf", error=ShoeError)
    if decks > MAX_DECKS:
        raise ShoeError(
            f"{what} must be at most 10**12 (a trillion decks), or inf for the infinite-deck limit, "
            f"not {_shown(value)}"
        )
    return decks


def read_seed(value: Any, what: str = "the seed") -> int:
    """A random seed: a whole number 0 or more (or its digits).

    A negative seed is refused rather than quietly dealt as its absolute value (Python's
    ``random.Random(-1)`` is ``random.Random(1)``), so two different seeds never give one stream.

    Args:
        value: The seed as an int or its ASCII digits.
        what: What the message calls the value; `the seed` by default.

    Returns:
        The seed, 0 or more.

    >>> read_seed("7"), read_seed(0)
    (7, 0)
    >>> read_seed("-1")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the seed must be a whole number 0 or more, not '-1'
    """
    return read_whole(value, what, minimum=0)


def read_pay(value: Any, what: str = "pay") -> Rational:
    """One pay (to 1): a number 0 or more, exact.

    Args:
        value: The pay's text or number, the net win per unit bet.
        what: The pay's name in the error message; `pay` by default.

    Returns:
        The pay as an exact `Rational`, 0 or more.

    >>> read_pay("1.5"), read_pay(11)
    (3/2, 11)
    >>> read_pay("-1", "three of a kind pays")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: three of a kind pays must be a number 0 or more ..., not '-1'
    """
    return read_rational(value, what, minimum=0, error=PayTableError)


def read_pays(
    value: str | Sequence[Any],
    length: int | Iterable[int] | None = None,
    what: str = "pays",
    example: str | None = None,
) -> tuple[Rational, ...]:
    """A list of pays, separated by commas in a text (``"5,4,2,1"``); with ``length`` (one
    number, or the numbers allowed) the list must have that many.

    Args:
        value: Pays separated by commas in one text, or a sequence of pays.
        length: How many pays the list must hold: one count, the counts allowed, or `None` for any.
        what: The list's name in the error messages; `pays` by default.
        example: A list the error for a bad pay shows, such as `5,4,2,1`; by default as many ones as
            the first length allowed.

    Returns:
        Each pay, exact and 0 or more, in the order given.

    >>> read_pays("5,4,2,1", 4)
    (5, 4, 2, 1)
    >>> read_pays("5,4", (4, 11), "spread pays")
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: spread pays need 4 or 11 values separated by commas, got 2: '5,4'
    >>> read_pays("5,x,2,1", 4, "spread pays", "5,4,2,1")
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: spread pays are numbers 0 or more separated by commas, such as 5,4,2,1; not 'x'
    """  # noqa: E501
    if isinstance(value, str):
        items: list[Any] = [item.strip() for item in value.split(",")]
    elif isinstance(value, Sequence):
        items = list(value)
    else:
        raise PayTableError(f"{what} must be a list of numbers separated by commas, not {_shown(value)}")
    lengths = (length,) if isinstance(length, int) else tuple(length) if length is not None else ()
    if lengths and len(items) not in lengths:
        counts = " or ".join(str(n) for n in lengths)
        raise PayTableError(
            f"{what} need {counts} values separated by commas, got {len(items)}: {_shown(value)}"
        )
    shown = example or ",".join(["1"] * (lengths[0] if lengths else 2))
    pays = []
    for item in items:
        try:
            pays.append(read_pay(item, what))
        except PayTableError:
            raise PayTableError(
                f"{what} are numbers 0 or more separated by commas, such as {shown}; not {_shown(item)}"
            ) from None
    return tuple(pays)


def read_whole_list(
    text: str,
    what: str,
    *,
    minimum: int,
    maximum: int | None = None,
    words: Iterable[str] = (),
    most: int = 1000,
) -> tuple[tuple[int, ...], frozenset[str]]:
    """Whole numbers and ranges separated by commas (``"1-8"``, ``"3,5"``), sorted, each checked
    against ``minimum`` and ``maximum`` *before* a range is expanded; ``words`` (such as ``inf``)
    are allowed items returned apart.  At most ``most`` numbers.

    Args:
        text: Items separated by commas: whole numbers, ranges `LOW-HIGH`, or allowed words.
        what: The list's name, opening each error message.
        minimum: The least number allowed in an item or at either end of a range.
        maximum: The greatest number allowed; `None` for no upper bound.
        words: Items other than numbers the list may hold (such as `inf`), in lower case.
        most: The largest count of numbers the expanded list may hold (1000 by default).

    Returns:
        The numbers, sorted and each once, and the words found.

    >>> read_whole_list("5,1-3,inf", "decks", minimum=1, words=["inf"])
    ((1, 2, 3, 5), frozenset({'inf'}))
    >>> read_whole_list("3-30000000", "hand sizes", minimum=3, maximum=8)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: hand sizes: 30000000 is not allowed; give whole numbers from 3 to 8...
    """
    allowed_words = frozenset(words)
    bounds = _describe(minimum, maximum, whole=True).replace("a whole number", "whole numbers", 1)
    extra = f", or {', '.join(sorted(allowed_words))}" if allowed_words else ""
    example = f"{minimum},{minimum + 1} or {minimum}-{maximum if maximum is not None else minimum + 7}"
    items = [item.strip().lower() for item in str(text).split(",")]
    if not str(text).strip() or any(not item for item in items):
        raise OptionError(f"{what} must be a list separated by commas, such as {example}; got {_shown(text)}")
    numbers_found: set[int] = set()
    found_words: set[str] = set()
    for item in items:
        if item in allowed_words:
            found_words.add(item)
            continue
        low_text, dash, high_text = item.partition("-")
        ends = [low_text, high_text] if dash else [low_text]
        if any(not _WHOLE.fullmatch(end) or len(end) > 30 for end in ends):
            raise OptionError(
                f"{what}: {_shown(item)} is not a whole number or a range like {minimum}-{minimum + 1}; "
                f"give {bounds}{extra}"
            )
        low, high = int(ends[0]), int(ends[-1])
        for end in (low, high):
            if end < minimum or (maximum is not None and end > maximum):
                raise OptionError(f"{what}: {end} is not allowed; give {bounds}{extra}")
        if high < low:
            raise OptionError(f"{what}: the range {item!r} is empty; write the smaller number first")
        if high - low + 1 + len(numbers_found) > most:
            raise OptionError(
                f"{what}: at most {most} numbers at once, and the list names more "
                f"(past {most} at {_shown(item)}); give fewer, such as {example}"
            )
        numbers_found.update(range(low, high + 1))
    return tuple(sorted(numbers_found)), frozenset(found_words)
