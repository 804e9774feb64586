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
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sympy
from sympy import Rational

from cardmath.checks import checked
from cardmath.errors import OptionError
from cardmath.numbers import to_rational

__all__ = [
    "DECKS",
    "Rational",
    "limit_at_infinite_decks",
    "polynomial_expr",
    "probability",
    "rational_function",
    "solve_for",
]

DECKS = sympy.Symbol("d", positive=True)
"""The number of decks, as a SymPy symbol, in closed forms."""


@checked
def probability(count: int, total: int) -> Rational:
    """``count / total`` as an exact ``sympy.Rational``.

    Three of a kind in one-deck Red Dog: 312 of the ``ff(52, 3)`` ordered deals.

    Args:
        count: How many of the equally likely cases are favourable.
        total: How many cases there are in all; must be positive.

    Returns:
        The fraction in lowest terms.

    >>> probability(312, 132600)
    1/425
    >>> probability(1, 0)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: a probability needs a positive total, not 0
    """
    if total <= 0:
        raise OptionError(f"a probability needs a positive total, not {total}")
    return Rational(count, total)


@checked
def polynomial_expr(coefficients: Sequence[int]) -> Any:
    """A polynomial in :data:`DECKS` from integer coefficients, constant term first.

    ``ff(4 d, 2)``, the ordered ways to draw two aces from ``d`` decks:

    Args:
        coefficients: The integer coefficient of each power of the number of decks, from the 0th up.

    Returns:
        The SymPy expression `sum(c * d**i)`.

    >>> polynomial_expr((0, -4, 16))
    16*d**2 - 4*d
    """
    return sympy.Add(*(c * DECKS**i for i, c in enumerate(coefficients)))


@checked
def rational_function(numerator: Sequence[int], denominator: Sequence[int]) -> Any:
    """``numerator / denominator`` as a cancelled rational function of :data:`DECKS`.

    The chance that the first two cards of ``d`` decks make a pair, ``13 ff(4d, 2) / ff(52d, 2)``:

    Args:
        numerator: The top polynomial's coefficients, constant term first.
        denominator: The bottom polynomial's coefficients, constant term first.

    Returns:
        A SymPy expression in `d`, with common factors cancelled and the rest factored.

    >>> rational_function((0, -52, 208), (0, -52, 2704))
    (4*d - 1)/(52*d - 1)
    """
    return sympy.factor(sympy.cancel(polynomial_expr(numerator) / polynomial_expr(denominator)))


@checked
def limit_at_infinite_decks(expression: sympy.Expr) -> Rational:
    """The limit of a rational function of :data:`DECKS` as the number of decks grows.

    Args:
        expression: A SymPy expression in `DECKS` with a finite limit.

    Returns:
        The exact limit, as the number of decks tends to infinity.

    >>> limit_at_infinite_decks((4 * DECKS - 1) / (52 * DECKS - 1))
    1/13
    """
    value = sympy.limit(expression, DECKS, sympy.oo)
    return to_rational(value)


@checked
def solve_for(expression: sympy.Expr, symbol: sympy.Symbol, target: int | str | Rational = 0) -> Rational:
    """The one rational value of ``symbol`` for which ``expression`` equals ``target``.

    Args:
        expression: A SymPy expression in `symbol`.
        symbol: The unknown to solve for.
        target: The value the expression must take; 0 by default; an int, text or Rational.

    Returns:
        The single rational root.

    Raises:
        OptionError: When there is no rational solution, or more than one.

    >>> x = sympy.Symbol("x")
    >>> solve_for(Rational(1, 10) * x - Rational(9, 10), x)
    9
    """
    solutions = sympy.solve(sympy.Eq(expression, to_rational(target)), symbol)
    rational = [s for s in solutions if s.is_rational]
    if len(rational) != 1:
        raise OptionError(f"expected one rational solution for {symbol}, found {solutions}")
    return to_rational(rational[0])
