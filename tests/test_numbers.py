"""Reading numbers: exact values, ranges, and a clear error for every text that is not allowed."""

from __future__ import annotations

import contextlib
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sympy import Rational

from cardmath.errors import CardmathError, OptionError, PayTableError, ShoeError
from cardmath.numbers import (
    MAX_DIGITS,
    read_decks,
    read_pay,
    read_pays,
    read_percent,
    read_rational,
    read_whole,
    read_whole_list,
    to_rational,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0.95", Rational(19, 20)),
        ("3/2", Rational(3, 2)),
        (" -1/3 ", Rational(-1, 3)),
        ("1e-2", Rational(1, 100)),
        ("2.5E1", Rational(25)),
        (".5", Rational(1, 2)),
        ("+7", Rational(7)),
        ("1.5/0.5", Rational(3)),
    ],
)
def test_texts_are_read_exactly(text: str, value: Rational) -> None:
    assert to_rational(text) == value
    assert isinstance(to_rational(text), Rational)


def test_other_number_types_are_read_exactly() -> None:
    assert to_rational(Fraction(2, 6)) == Rational(1, 3)
    assert to_rational(0.1) == Rational(1, 10)  # by its shortest decimal, not its binary value
    assert to_rational(Rational(5, 7)) == Rational(5, 7)


@pytest.mark.parametrize(
    "value",
    [
        "",
        " ",
        "x",
        "1/0",
        "0/0",
        "nan",
        "inf",
        "-inf",
        "1/",
        "/2",
        "1//2",
        "²",
        "①",
        "٣",
        "1e99999",
        "1,5",
        True,
        None,
        float("nan"),
        float("inf"),
        [1],
        "9" * (MAX_DIGITS + 1),
    ],
)
def test_anything_else_is_a_clear_error(value: object) -> None:
    with pytest.raises(OptionError, match="must be a number"):
        read_rational(value, "the pay")


def test_division_by_zero_is_named() -> None:
    with pytest.raises(OptionError, match="division by zero"):
        read_rational("1/0", "the tie pay")


def test_ranges_and_wording() -> None:
    assert read_rational("0", "x", minimum=0) == 0
    with pytest.raises(OptionError, match="more than 0"):
        read_rational("0", "the tie pay", minimum=0, above_minimum=True)
    with pytest.raises(OptionError, match="from -1 to 1"):
        read_rational("2", "x", minimum=-1, maximum=1)
    with pytest.raises(ShoeError, match="custom words, not '2'"):
        read_rational("2", "x", maximum=1, allowed="custom words", error=ShoeError)


def test_percentages() -> None:
    assert read_percent("5", "the commission", minimum=0, maximum=100) == Rational(1, 20)
    assert read_percent("-1/3", "edge", minimum=-100, maximum=100) == Rational(-1, 300)
    with pytest.raises(OptionError, match="percentage from 0 to 100, not '120'"):
        read_percent("120", "the commission", minimum=0, maximum=100)


@pytest.mark.parametrize("value", ["²", "①", "1.5", "-", "", "x", True, 2.0, "9" * 5000])
def test_whole_numbers_refuse_everything_else(value: object) -> None:
    with pytest.raises(OptionError, match="whole number"):
        read_whole(value, "the hand size", minimum=1)


def test_whole_numbers() -> None:
    assert read_whole(" 12 ", "n", minimum=1, maximum=12) == 12
    with pytest.raises(OptionError, match="from 1 to 12, not '13'"):
        read_whole("13", "n", minimum=1, maximum=12)


def test_decks() -> None:
    assert read_decks("8") == 8
    assert read_decks("Infinity") is None
    assert read_decks(float("inf")) is None
    for bad in ("0", "-inf", "x", "²", float("-inf"), float("nan"), 1.5):
        with pytest.raises(ShoeError, match="whole number 1 or more, or inf"):
            read_decks(bad)


def test_pays() -> None:
    assert read_pays("5,4,2,1", 4) == (5, 4, 2, 1)
    assert read_pays(" 1.5 , 3/2 ") == (Rational(3, 2), Rational(3, 2))
    assert read_pays([5, "4", Rational(1, 2)]) == (5, 4, Rational(1, 2))
    with pytest.raises(PayTableError, match="need 4 values"):
        read_pays("5,4,2", 4)
    with pytest.raises(PayTableError, match="need 4 or 11 values"):
        read_pays("5,4,2", (4, 11))
    with pytest.raises(PayTableError, match="0 or more"):
        read_pays("5,,2,1", 4)
    with pytest.raises(PayTableError, match="list of numbers"):
        read_pays(7)  # type: ignore[arg-type]
    for bad in ("-1", "x", "", " ", "1/0", "nan", "inf"):
        with pytest.raises(PayTableError, match="0 or more"):
            read_pay(bad)


def test_lists_are_checked_before_they_are_expanded() -> None:
    assert read_whole_list("5,1-3,inf", "decks", minimum=1, words=["inf"]) == (
        (1, 2, 3, 5),
        frozenset({"inf"}),
    )
    with pytest.raises(OptionError, match="30000000 is not allowed"):
        read_whole_list("3-30000000", "hand sizes", minimum=3, maximum=8)
    with pytest.raises(OptionError, match="at most 64 numbers"):
        read_whole_list("1-30000000", "decks", minimum=1, most=64)
    with pytest.raises(OptionError, match="empty"):
        read_whole_list("5-3", "decks", minimum=1)
    for bad in ("", "1,,2", "²", "1-x", "9" * 5000):
        with pytest.raises(OptionError):
            read_whole_list(bad, "decks", minimum=1)


@given(st.fractions())
def test_any_fraction_round_trips_through_its_text(value: Fraction) -> None:
    assert to_rational(f"{value.numerator}/{value.denominator}") == Rational(
        value.numerator, value.denominator
    )


@given(st.text(max_size=30))
def test_no_text_escapes_as_anything_but_a_cardmath_error(text: str) -> None:
    for read in (
        lambda: read_rational(text, "x"),
        lambda: read_whole(text, "x"),
        lambda: read_decks(text),
        lambda: read_pays(text),
        lambda: read_whole_list(text, "x", minimum=1),
    ):
        with contextlib.suppress(CardmathError):
            read()
