"""Exact values as text: fractions, decimals and percentages for people, rounded only here, and
the cells of a :class:`~cardmath.table.Table` as people read them.

Rounding is exact (half away from zero, computed on the fraction itself), so a printed figure is
the exact value correctly rounded, never a float's approximation.

>>> from sympy import Rational
>>> fraction_text(Rational(-523, 16575)), decimal_text(Rational(2, 3), 5), percent_text(Rational(523, 16575))
('-523/16575', '0.66667', '3.1554%')
>>> pay_text(Rational(19, 20)), pay_text(Rational(5889024543008, 619306544887))
('0.95 to 1', '9.5090623402 to 1')
>>> odds_text(Rational(19, 20)), odds_text(8), odds_text(-1), count_text(4998398275503360)
('19 to 20', '8 to 1', '-1', '4,998,398,275,503,360')
"""

from __future__ import annotations

import math
from typing import Any

import flint
import sympy
from sympy import Rational

from cardmath.numbers import to_rational
from cardmath.table import Cell, Kind

__all__ = [
    "DISPLAY_PLACES",
    "ODDS_DENOMINATOR",
    "PERCENT_PLACES",
    "cell_kind",
    "cell_text",
    "count_text",
    "decimal_text",
    "exact_text",
    "float_value",
    "fraction_text",
    "integer_text",
    "integer_value",
    "is_exact",
    "is_exact_fraction",
    "is_number",
    "number_text",
    "odds_text",
    "pay_text",
    "percent_text",
]

ODDS_DENOMINATOR = 100
"""The largest denominator a pay is shown with as odds (``"27 to 50"``); a pay with a larger one
reads as a decimal to 1 (``"9.5090623402 to 1"``)."""


DISPLAY_PLACES = 6
"""Decimal places shown for a probability or another fraction in tables people read."""

PERCENT_PLACES = 4
"""Decimal places of a percentage (a house edge) in tables people read."""

_CHUNK_DIGITS = 4000
"""The most digits :func:`integer_value` reads with ``int`` (Python refuses more than 4,300); longer
numbers are read (and written, by :func:`integer_text`) by FLINT."""


def integer_text(value: int) -> str:
    """The decimal digits of a whole number of any size (``str`` refuses more than 4,300 digits,
    which the exact chance of a long session can have).

    Args:
        value: The number to write, negative allowed, of any size.

    Returns:
        Its digits, with a minus sign when negative.

    >>> integer_text(-1205), len(integer_text(7**20000))
    ('-1205', 16902)
    """
    if value < 0:
        return "-" + integer_text(-value)
    if value.bit_length() < 3000:  # about 900 digits: str is as fast
        return str(value)
    return str(flint.fmpz(value))  # FLINT converts in subquadratic time, with no limit


def integer_value(text: str) -> int:
    """The whole number a text of decimal digits of any size spells (``int`` refuses more than
    4,300 digits): the inverse of :func:`integer_text`.

    Args:
        text: Decimal digits, with an optional sign.

    Returns:
        The number.

    Raises:
        ValueError: When the text is not a whole number.

    >>> integer_value("-1205"), integer_value(integer_text(7**20000)) == 7**20000
    (-1205, True)
    """
    digits = text.strip()
    if len(digits) <= _CHUNK_DIGITS:
        return int(digits)
    sign, body = (-1, digits[1:]) if digits[0] == "-" else (1, digits.lstrip("+"))
    if not body.isdigit():
        raise ValueError(f"not a whole number: {digits[:20]}...")
    return sign * int(flint.fmpz(body))


def fraction_text(value: Rational | int) -> str:
    """An exact value as the text ``p/q`` (or ``n`` for a whole number), for JSON and CSV.

    Args:
        value: An exact number: a Rational, an int or anything `to_rational` reads.

    Returns:
        The numerator and denominator in lowest terms, joined by a slash; the whole number alone when
        the denominator is 1.

    >>> fraction_text(Rational(6, 4)), fraction_text(Rational(10, 5)), fraction_text(-3)
    ('3/2', '2', '-3')
    """
    value = to_rational(value)
    return (
        integer_text(int(value.p))
        if value.q == 1
        else f"{integer_text(int(value.p))}/{integer_text(int(value.q))}"
    )


def decimal_text(value: Rational | int, places: int = 6, *, trim: bool = False) -> str:
    """An exact value rounded half away from zero to ``places`` decimals, only for printing;
    with ``trim`` the trailing zeros (and a bare decimal point) are dropped.

    Args:
        value: The exact number to print.
        places: How many digits after the decimal point, 0 or more; 6 by default.
        trim: Whether to drop trailing zeros and a bare decimal point.

    Returns:
        The rounded decimal, with a minus sign only when it is not zero.

    >>> decimal_text(Rational(-1, 8), 2), decimal_text(Rational(5, 2), 0)
    ('-0.13', '3')
    >>> decimal_text(Rational(217, 40), 10, trim=True), decimal_text(11, 10, trim=True)
    ('5.425', '11')
    """
    value = to_rational(value)
    negative = value < 0
    numerator, denominator = abs(int(value.p)), int(value.q)
    scaled, remainder = divmod(numerator * 10**places, denominator)
    if 2 * remainder >= denominator:
        scaled += 1
    digits = str(scaled).rjust(places + 1, "0")
    text = digits if places == 0 else f"{digits[:-places]}.{digits[-places:]}"
    if trim and places:
        text = text.rstrip("0").rstrip(".")
    return ("-" if negative and scaled else "") + text


def percent_text(value: Rational | int, places: int = 4, *, trim: bool = False) -> str:
    """An exact fraction printed as a percentage.

    Args:
        value: The fraction (1 is 100 %).
        places: Decimals of the percentage; 4 by default.
        trim: Whether trailing zeros after the point are dropped.

    Returns:
        `100 * value` rounded half away from zero, followed by `%`.

    >>> percent_text(Rational(523, 16575)), percent_text(Rational(1, 40), 10, trim=True)
    ('3.1554%', '2.5%')
    """
    return decimal_text(to_rational(value) * 100, places, trim=trim) + "%"


def pay_text(value: Rational | int, places: int = 10) -> str:
    """A pay as people say it: ``"9.5090623402 to 1"`` (trailing zeros dropped).

    Args:
        value: The net win per unit bet.
        places: The most decimals shown; 10 by default.

    Returns:
        The pay as a decimal without trailing zeros, then ` to 1`.

    >>> pay_text(Rational(952, 39)), pay_text(11)
    ('24.4102564103 to 1', '11 to 1')
    """
    return f"{decimal_text(value, places, trim=True)} to 1"


def odds_text(value: Rational | int) -> str:
    """A net pay per unit bet as a par sheet shows it: a win as odds ``"a to b"`` (``"19 to 20"``,
    ``"8 to 1"``, ``"27 to 50"``; a pay whose denominator is over :data:`ODDS_DENOMINATOR` as a
    decimal to 1), a push as ``"0"``, a loss as the part of the stake lost (``"-1"``, ``"-1/2"``).

    Args:
        value: The exact net result of a unit bet: positive a win, 0 a push, negative a loss.

    Returns:
        `a to b` for a win with a small denominator, `x to 1` for another win, the fraction itself for a
        push or a loss.

    >>> odds_text(Rational(3, 2)), odds_text(0), odds_text(Rational(-1, 2)), odds_text(Rational(1, 3000))
    ('3 to 2', '0', '-1/2', '0.0003333333 to 1')
    """
    value = to_rational(value)
    if value <= 0:
        return fraction_text(value)
    if value.q > ODDS_DENOMINATOR:
        return pay_text(value)
    return f"{value.p} to {value.q}"


def count_text(value: int) -> str:
    """A whole number with thousands separators.

    Args:
        value: A whole number, negative allowed.

    Returns:
        Its digits in groups of three, separated by commas.

    >>> count_text(16192), count_text(-1000), count_text(0), count_text(100)
    ('16,192', '-1,000', '0', '100')
    >>> len(count_text(10**6000))  # any size: 6,001 digits and 2,000 commas
    8001
    """
    digits = integer_text(abs(int(value)))
    groups = [digits[max(end - 3, 0) : end] for end in range(len(digits), 0, -3)]
    return ("-" if value < 0 else "") + ",".join(reversed(groups))


def is_number(value: Any) -> bool:
    """Whether a value is a number (not a bool): an int, a float or a SymPy number.

    Args:
        value: Anything a table's cell may hold.

    Returns:
        True for an int, a float or a SymPy expression; False for a bool, text or `None`.

    >>> is_number(3), is_number(Rational(1, 2)), is_number(True), is_number("3")
    (True, True, False, False)
    """
    return isinstance(value, (int, float, sympy.Expr)) and not isinstance(value, bool)


def number_text(value: Any, places: int) -> str:
    """Any number (an int, a Rational, a float or a numeric SymPy expression) rounded to ``places``
    decimals, as :func:`decimal_text` rounds an exact one.

    Args:
        value: The number; an inexact one is first evaluated to ``places + 10`` digits.
        places: How many digits after the decimal point.

    Returns:
        The rounded decimal.

    >>> number_text(sympy.sqrt(2), 4), number_text(7, 2)
    ('1.4142', '7.00')
    """
    if isinstance(value, sympy.Rational):
        return decimal_text(value, places)
    if isinstance(value, int):
        return decimal_text(sympy.Rational(value), places)
    return decimal_text(sympy.Rational(str(sympy.N(value, places + 10))), places)


def is_exact(value: Any) -> bool:
    """Whether a value is an exact number: an int or a Rational.

    Args:
        value: Anything a table's cell may hold.

    Returns:
        True for an int or a `sympy.Rational`.

    >>> is_exact(Rational(1, 3)), is_exact(0.5)
    (True, False)
    """
    return isinstance(value, (int, sympy.Rational))


def cell_kind(value: Any, kind: Kind = Kind.AUTO) -> Kind:
    """The kind a cell is shown as: a :class:`~cardmath.table.Cell`'s own, else ``kind``, else
    (for ``AUTO``) a whole number is a count, any other number a decimal, the rest text.

    Args:
        value: The cell: a number, text, `None` or a `Cell` (whose own kind wins).
        kind: The column's or row's kind; `AUTO` decides from the value.

    Returns:
        The kind the cell is shown as; never `AUTO`.

    >>> cell_kind(7), cell_kind(sympy.Rational(1, 3)), cell_kind("x"), cell_kind(7, Kind.PAY)
    (<Kind.COUNT: 'count'>, <Kind.DECIMAL: 'decimal'>, <Kind.TEXT: 'text'>, <Kind.PAY: 'pay'>)
    """
    if isinstance(value, Cell):
        return cell_kind(value.value, value.kind)
    if kind is not Kind.AUTO:
        return kind
    if not is_number(value):
        return Kind.TEXT
    if isinstance(value, int) or (isinstance(value, sympy.Rational) and value.q == 1):
        return Kind.COUNT
    return Kind.DECIMAL


def cell_text(value: Any, kind: Kind = Kind.AUTO) -> str:
    """A cell as people read it: by its kind (see :class:`~cardmath.table.Kind`); a pay won on
    more than the initial bet (a :class:`~cardmath.table.Cell` with ``on``) as the posted odds on
    that stake; ``None`` is ``"-"`` (a figure that does not exist, such as combinations of an
    infinite shoe).

    Args:
        value: The cell: a number, text, `None` or a `Cell` (whose own kind wins).
        kind: How the column or row reads the value; `AUTO` decides from the value.

    Returns:
        The text shown in a table for people: odds, a rounded decimal or percentage, a count with
        separators, the text itself, or `-`.

    >>> r = sympy.Rational
    >>> cell_text(r(19, 20), Kind.PAY), cell_text(r(1, 3), Kind.PROBABILITY), cell_text(16192)
    ('19 to 20', '0.333333', '16,192')
    >>> cell_text(r(523, 16575), Kind.PERCENT), cell_text(sympy.sqrt(2)), cell_text(None)
    ('3.1554%', '1.414214', '-')
    >>> cell_text(Cell(2, Kind.PAY, on=2)), cell_text(Cell(-2, Kind.PAY, on=2))
    ('1 to 1 on 2 units', '-2')
    >>> cell_text(sympy.oo), cell_text(float("-inf")), cell_text(sympy.nan)
    ('infinite', '-infinite', 'undefined')
    """
    if isinstance(value, Cell):
        kind = cell_kind(value.value, value.kind)
        if kind is Kind.PAY and value.on != 1 and is_exact(value.value) and value.value > 0:
            posted = sympy.Rational(value.value) / sympy.Rational(value.on)
            return f"{odds_text(posted)} on {cell_text(value.on)} units"
        return cell_text(value.value, value.kind)
    if value is None:
        return "-"
    kind = cell_kind(value, kind)
    if not is_number(value) or kind is Kind.TEXT:
        return str(value)
    if isinstance(value, sympy.Expr) and value.free_symbols:
        return str(value)
    if (isinstance(value, sympy.Expr) and value.is_number and not value.is_finite) or (
        isinstance(value, float) and not math.isfinite(value)
    ):
        infinity = sympy.sympify(value)
        return "infinite" if infinity == sympy.oo else "-infinite" if infinity == -sympy.oo else "undefined"
    if kind is Kind.COUNT and (isinstance(value, int) or getattr(value, "q", 0) == 1):
        return count_text(int(value))
    if kind is Kind.PERCENT:
        return percent_text(sympy.Rational(value), PERCENT_PLACES) if is_exact(value) else f"{value:.4%}"
    if kind is Kind.PAY and is_exact(value):
        return odds_text(sympy.Rational(value))
    return number_text(value, DISPLAY_PLACES)


def exact_text(value: Rational | int) -> str:
    """An exact number as its reduced fraction ``p/q`` (a whole number alone), of any size: the
    text an exact column holds, which :func:`cardmath.frames.exact_value` reads back.

    Args:
        value: An int or a Rational.

    Returns:
        The fraction's text.

    >>> exact_text(Rational(-10, 4)), exact_text(12)
    ('-5/2', '12')
    """
    return fraction_text(value)


def is_exact_fraction(value: Any) -> bool:
    """Whether a value is an exact number that is not whole (its fraction says more than its
    decimal).

    Args:
        value: Anything a table's cell may hold.

    Returns:
        True for a `sympy.Rational` whose denominator is not 1.

    >>> is_exact_fraction(Rational(1, 3)), is_exact_fraction(Rational(4, 2)), is_exact_fraction(0.5)
    (True, False, False)
    """
    return isinstance(value, Rational) and value.q != 1


def float_value(value: Any) -> float:
    """The float nearest an exact number (a fraction of huge integers included: Python divides
    integers correctly rounded); a SymPy expression by its numeric value.

    Args:
        value: An int, a Rational, a float or a numeric SymPy expression.

    Returns:
        The nearest float (an infinity for a number beyond a float's range).

    >>> float_value(Rational(1, 3)), float_value(Rational(10**5000 + 1, 10**5000))
    (0.3333333333333333, 1.0)
    """
    if isinstance(value, Rational):
        try:
            return int(value.p) / int(value.q)
        except OverflowError:
            return float("inf") if value > 0 else float("-inf")
    return float(value)
