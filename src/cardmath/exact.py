"""The SymPy layer: exact probabilities, closed forms in the number of decks, limits, solving.

Counts arrive from :mod:`cardmath.enumeration` as Python integers (or integer polynomials in the
number of decks); this module turns them into ``sympy.Rational`` values or rational functions of
the symbol :data:`DECKS` exactly once, at the boundary.

>>> probability(24, 56)
3/7
>>> f = rational_function((0, -8, 32), (0, -4, 64, 0) )
>>> f
2*(4*d - 1)/(16*d - 1)
>>> limit_at_infinite_decks(f)
1/2
>>> fraction_text(Rational(-523, 16575)), decimal_text(Rational(2, 3), 5)
('-523/16575', '0.66667')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sympy
from sympy import Rational

__all__ = [
    "DECKS",
    "Rational",
    "decimal_text",
    "fraction_text",
    "limit_at_infinite_decks",
    "percent_text",
    "polynomial_expr",
    "probability",
    "rational_function",
    "solve_for",
    "to_rational",
]

DECKS = sympy.Symbol("d", positive=True)
"""The number of decks, as a SymPy symbol, in closed forms."""


def probability(count: int, total: int) -> Rational:
    """``count / total`` as an exact ``sympy.Rational``.

    Three of a kind in one-deck Red Dog: 312 of the ``ff(52, 3)`` ordered deals.

    >>> probability(312, 132600)
    1/425
    >>> probability(1, 0)
    Traceback (most recent call last):
    ...
    ZeroDivisionError: a probability needs a positive total
    """
    if total <= 0:
        raise ZeroDivisionError("a probability needs a positive total")
    return Rational(count, total)


def to_rational(value: int | str | Rational) -> Rational:
    """An exact ``sympy.Rational`` from an int, a Rational or a text like ``"3/2"``, ``"1.5"``.

    >>> to_rational("0.95"), to_rational(3)
    (19/20, 3)
    """
    result = sympy.Rational(value)
    if not isinstance(result, Rational):  # pragma: no cover - sympy always returns Rational here
        raise ValueError(f"{value!r} is not a rational number")
    return result


def polynomial_expr(coefficients: Sequence[int]) -> Any:
    """A polynomial in :data:`DECKS` from integer coefficients, constant term first.

    ``ff(4 d, 2)``, the ordered ways to draw two aces from ``d`` decks:

    >>> polynomial_expr((0, -4, 16))
    16*d**2 - 4*d
    """
    return sympy.Add(*(c * DECKS**i for i, c in enumerate(coefficients)))


def rational_function(numerator: Sequence[int], denominator: Sequence[int]) -> Any:
    """``numerator / denominator`` as a cancelled rational function of :data:`DECKS`.

    The chance that the first two cards of ``d`` decks make a pair, ``13 ff(4d, 2) / ff(52d, 2)``:

    >>> rational_function((0, -52, 208), (0, -52, 2704))
    (4*d - 1)/(52*d - 1)
    """
    return sympy.factor(sympy.cancel(polynomial_expr(numerator) / polynomial_expr(denominator)))


def limit_at_infinite_decks(expression: Any) -> Rational:
    """The limit of a rational function of :data:`DECKS` as the number of decks grows.

    >>> limit_at_infinite_decks((4 * DECKS - 1) / (52 * DECKS - 1))
    1/13
    """
    value = sympy.limit(expression, DECKS, sympy.oo)
    return to_rational(value)


def solve_for(expression: Any, symbol: Any, target: int | str | Rational = 0) -> Rational:
    """The one rational value of ``symbol`` for which ``expression`` equals ``target``.

    >>> x = sympy.Symbol("x")
    >>> solve_for(Rational(1, 10) * x - Rational(9, 10), x)
    9
    """
    solutions = sympy.solve(sympy.Eq(expression, to_rational(target)), symbol)
    rational = [s for s in solutions if s.is_rational]
    if len(rational) != 1:
        raise ValueError(f"expected one rational solution for {symbol}, found {solutions}")
    return to_rational(rational[0])


def fraction_text(value: Rational | int) -> str:
    """An exact value as the text ``p/q`` (or ``n`` for a whole number), for JSON and CSV.

    >>> fraction_text(Rational(6, 4)), fraction_text(Rational(10, 5)), fraction_text(-3)
    ('3/2', '2', '-3')
    """
    value = to_rational(value)
    return str(value.p) if value.q == 1 else f"{value.p}/{value.q}"


def decimal_text(value: Rational | int, places: int = 6, *, trim: bool = False) -> str:
    """An exact value rounded half away from zero to ``places`` decimals, only for printing;
    with ``trim`` the trailing zeros (and a bare decimal point) are dropped.

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

    >>> percent_text(Rational(523, 16575)), percent_text(Rational(1, 40), 10, trim=True)
    ('3.1554%', '2.5%')
    """
    return decimal_text(to_rational(value) * 100, places, trim=trim) + "%"
