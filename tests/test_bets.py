"""Par sheets and pay tables, against figures worked by hand."""

from __future__ import annotations

import pytest
import sympy
from sympy import Rational

from cardmath.bets import Outcome, ParSheet, parse_pay, parse_pays
from cardmath.errors import PayTableError


def roulette_red() -> ParSheet:
    return ParSheet(
        (
            Outcome("red", Rational(1), Rational(18, 37), 18),
            Outcome("black or zero", Rational(-1), Rational(19, 37), 19),
        )
    )


def test_an_even_money_bet() -> None:
    sheet = roulette_red()
    assert sheet.expected_value == Rational(-1, 37)
    assert sheet.house_edge == Rational(1, 37)
    assert sheet.element_of_risk == Rational(1, 37)
    assert sheet.variance == 1 - Rational(1, 37) ** 2
    assert sheet.standard_deviation == sympy.sqrt(1 - Rational(1, 37) ** 2)
    assert sheet.hit_frequency == Rational(18, 37)
    assert sheet.probability_total == 1
    assert sheet.total_combinations == 37
    assert [o.name for o in sheet] == ["red", "black or zero"]


def test_a_bet_that_can_be_raised() -> None:
    # Half the time a push; a quarter raised and won at 1:1 (net +2); a quarter raised and lost (-2).
    sheet = ParSheet(
        (
            Outcome("push", Rational(0), Rational(1, 2)),
            Outcome("raised, won", Rational(2), Rational(1, 8), staked=2),
            Outcome("raised, lost", Rational(-2), Rational(3, 8), staked=2),
        )
    )
    assert sheet.house_edge == Rational(1, 2)
    assert sheet.expected_stake == Rational(3, 2)
    assert sheet.element_of_risk == Rational(1, 3)
    assert sheet.variance == 4 * Rational(1, 2) - Rational(1, 4)
    assert sheet.hit_frequency == Rational(1, 8)
    assert sheet.total_combinations is None
    assert sheet.outcomes[1].contribution == Rational(1, 4)


def test_a_symbolic_pay() -> None:
    pay = sympy.Symbol("pay")
    sheet = ParSheet((Outcome("win", pay, Rational(1, 4)), Outcome("lose", Rational(-1), Rational(3, 4))))
    assert sympy.solve(sheet.expected_value, pay) == [3]


@pytest.mark.parametrize(
    ("text", "pays"),
    [("5,4,2,1", (5, 4, 2, 1)), (" 1.5 , 3/2 ", (Rational(3, 2), Rational(3, 2))), ("0", (0,))],
)
def test_parse_pays(text: str, pays: tuple[Rational, ...]) -> None:
    assert parse_pays(text) == pays


@pytest.mark.parametrize("text", ["-1", "x", "", " ", "1/0", "nan", "inf"])
def test_bad_pays(text: str) -> None:
    with pytest.raises(PayTableError, match="0 or more"):
        parse_pay(text)


def test_pay_list_of_the_wrong_length() -> None:
    with pytest.raises(PayTableError, match="need 4 values"):
        parse_pays("5,4,2", 4)
    with pytest.raises(PayTableError, match="0 or more"):
        parse_pays("5,,2,1", 4)
    assert parse_pays([5, "4", Rational(1, 2)]) == (5, 4, Rational(1, 2))
