"""Par sheets, against figures worked by hand."""

from __future__ import annotations

import sympy
from sympy import Rational

from cardmath.parsheet import Outcome, ParSheet


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
