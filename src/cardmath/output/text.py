"""Exact values as text for people: fractions, decimals and percentages, rounded only here.

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

from sympy import Rational

from cardmath.numbers import to_rational

__all__ = [
    "ODDS_DENOMINATOR",
    "count_text",
    "decimal_text",
    "fraction_text",
    "odds_text",
    "pay_text",
    "percent_text",
]

ODDS_DENOMINATOR = 100
"""The largest denominator a pay is shown with as odds (``"27 to 50"``); a pay with a larger one
reads as a decimal to 1 (``"9.5090623402 to 1"``)."""


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
    return str(value.p) if value.q == 1 else f"{value.p}/{value.q}"


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

    >>> count_text(16192), count_text(-1000)
    ('16,192', '-1,000')
    """
    return f"{int(value):,}"
