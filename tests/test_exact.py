"""The SymPy layer: exact probabilities, closed forms in the number of decks, solving, printing."""

from __future__ import annotations

import decimal
from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st
from sympy import Rational

from cardmath.errors import CardmathError
from cardmath.exact import (
    DECKS,
    limit_at_infinite_decks,
    polynomial_expr,
    probability,
    rational_function,
    solve_for,
)
from cardmath.numbers import to_rational
from cardmath.output import decimal_text, fraction_text, percent_text


def test_probability_is_an_exact_reduced_rational() -> None:
    assert probability(6, 8) == Rational(3, 4)
    assert isinstance(probability(6, 8), sympy.Rational)
    with pytest.raises(CardmathError, match="positive total"):  # a CardmathError, never ZeroDivisionError
        probability(1, 0)
    with pytest.raises(TypeError, match="probability\\(\\) parameter count must be int"):
        probability(None, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "value"),
    [("3/2", Rational(3, 2)), ("1.5", Rational(3, 2)), (7, Rational(7)), (" 0.95", Rational(19, 20))],
)
def test_to_rational(text: str | int, value: Rational) -> None:
    assert to_rational(text) == value


def test_closed_forms_in_decks() -> None:
    # The chance that two cards dealt from d decks are a pair: (4d - 1) / (52d - 1).
    pair = rational_function((0, -52, 4 * 52), (0, -52, 52 * 52))
    assert sympy.simplify(pair - (4 * DECKS - 1) / (52 * DECKS - 1)) == 0
    assert pair.subs(DECKS, 1) == Rational(3, 51)
    assert limit_at_infinite_decks(pair) == Rational(1, 13)
    assert polynomial_expr((1, 0, 2)) == 1 + 2 * DECKS**2


def test_solve_for_a_pay() -> None:
    pay = sympy.Symbol("pay")
    # Even-money game that wins 18/37: which pay makes it fair?
    assert solve_for(Rational(18, 37) * pay - Rational(19, 37), pay) == Rational(19, 18)
    assert solve_for(Rational(18, 37) * pay - Rational(19, 37), pay, Rational(1, 37)) == Rational(10, 9)
    with pytest.raises(ValueError, match="one rational solution"):
        solve_for(pay**2 + 1, pay)


@given(st.integers(-(10**12), 10**12), st.integers(1, 10**6))
def test_fraction_text_round_trips(numerator: int, denominator: int) -> None:
    value = Rational(numerator, denominator)
    assert Fraction(fraction_text(value)) == Fraction(numerator, denominator)
    assert "/" not in fraction_text(value) or value.q != 1


@given(st.integers(-(10**9), 10**9), st.integers(1, 10**5), st.integers(0, 12))
def test_decimal_text_rounds_half_away_from_zero(numerator: int, denominator: int, places: int) -> None:
    exact = decimal.Context(prec=60).divide(decimal.Decimal(numerator), decimal.Decimal(denominator))
    expected = exact.quantize(decimal.Decimal(1).scaleb(-places), rounding=decimal.ROUND_HALF_UP)
    text = decimal_text(Rational(numerator, denominator), places)
    assert decimal.Decimal(text) == expected
    if expected == 0:
        assert not text.startswith("-")


def test_percent_text() -> None:
    assert percent_text(Rational(57, 2197)) == "2.5944%"
    assert percent_text(Rational(-1, 37), 2) == "-2.70%"
