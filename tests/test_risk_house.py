"""The house's view (:mod:`cardmath.risk.house`) against oracles sharing no code with it: a plain
convolution in fractions (``tests/oracles/session_enumeration.py``) for exact shifts, closed forms
from the par sheet's outcomes for the expected win, spread and hold, and a seeded simulation
(numpy's multinomial counts, 5 sigma) for a month past the exact limit."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from sympy import Rational

from cardmath.errors import OptionError
from cardmath.games.baccarat import GAME
from cardmath.lattice import LatticeBet
from cardmath.risk.house import EXACT, house_table, house_view
from cardmath.shoe import Shoe
from tests.oracles import session_enumeration as oracle


def outcomes(bet: str) -> dict[Fraction, Fraction]:
    """Each net pay per unit with its chance, from the par sheet's outcomes (ties merged)."""
    found: dict[Fraction, Fraction] = {}
    for outcome in GAME.analyze(Shoe.standard(8), bets=[bet]).bets[bet]:
        pays, chance = Fraction(str(outcome.pays)), Fraction(str(outcome.probability))
        found[pays] = found.get(pays, Fraction(0)) + chance
    return found


def fraction(value: Any) -> Fraction:
    exact = Rational(value)
    return Fraction(int(exact.p), int(exact.q))


def test_a_shift_of_player_is_the_convolution_of_its_hands(player: LatticeBet) -> None:
    view = house_view(player, hands_per_hour=10, hours=4, average_bet=25, shifts=3, sit_out="1/4")
    assert view.hands_dealt == 40 and view.hands_played == 30 and view.method == EXACT
    odds = {int(pays): chance for pays, chance in outcomes("player").items()}
    shift = oracle.convolve(odds, 30)
    assert fraction(view.chance_table_loses) == sum(p for step, p in shift.items() if step > 0)
    month = oracle.convolve(odds, 90)
    assert view.month_method == EXACT
    assert fraction(view.month_chance_table_loses) == sum(p for step, p in month.items() if step > 0)
    low, high = oracle.percentile(shift, Fraction(1, 20)), oracle.percentile(shift, Fraction(19, 20))
    assert view.ranges[0] == (Rational(9, 10), -25 * high, -25 * low)


def test_the_expected_win_spread_and_hold_are_the_closed_forms(banker: LatticeBet) -> None:
    view = house_view(
        banker, hands_per_hour=60, hours="15/2", average_bet="12.5", shifts=20, sit_out="0.2", churn=6
    )
    chances = outcomes("banker")
    edge = -sum(pays * p for pays, p in chances.items())
    variance = sum(pays * pays * p for pays, p in chances.items()) - edge * edge
    assert view.hands_dealt == 450 and view.hands_played == 360
    assert fraction(view.edge) == edge and fraction(view.hold_on_handle) == edge
    assert fraction(view.expected_win) == 360 * edge * Fraction(25, 2)
    assert fraction(view.standard_deviation**2) == Fraction(25, 2) ** 2 * 360 * variance
    assert fraction(view.month_expected_win) == 20 * 360 * edge * Fraction(25, 2)
    assert fraction(view.win_per_round_dealt) == Fraction(4, 5) * edge * Fraction(25, 2)
    assert fraction(view.hold_percentage) == 6 * edge
    assert house_view(banker, hands_per_hour=60, hours=1, average_bet=1).hold_percentage is None


def test_a_month_past_the_exact_limit_agrees_with_a_seeded_simulation(banker: LatticeBet) -> None:
    view = house_view(banker, hands_per_hour=60, hours=8, average_bet=25, shifts=30, sit_out="1/5")
    assert view.method == EXACT and view.month_method.startswith("normal approximation")
    chances = outcomes("banker")
    pays = sorted(chances)
    counts = np.random.default_rng(20261202).multinomial(
        384 * 30, [float(chances[p]) for p in pays], size=20_000
    )
    net = counts @ np.array([float(p) for p in pays])
    simulated = float(np.mean(net > 0))
    sigma = (simulated * (1 - simulated) / 20_000) ** 0.5
    assert abs(view.month_chance_table_loses - simulated) < 5 * sigma + 0.002  # + the approximation's error


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hands_per_hour": 0, "hours": 8, "average_bet": 5}, "hands an hour"),
        ({"hands_per_hour": 7, "hours": "1/2", "average_bet": 5}, "whole number"),
        ({"hands_per_hour": 60, "hours": 0, "average_bet": 5}, "hours of a shift"),
        ({"hands_per_hour": 60, "hours": 8, "average_bet": 0}, "average bet"),
        ({"hands_per_hour": 60, "hours": 8, "average_bet": 5, "sit_out": 1}, "sat out"),
        ({"hands_per_hour": 60, "hours": 8, "average_bet": 5, "sit_out": "1/7"}, "whole number of hands"),
        ({"hands_per_hour": 60, "hours": 8, "average_bet": 5, "shifts": 0}, "shifts"),
        ({"hands_per_hour": 60, "hours": 8, "average_bet": 5, "churn": "1/2"}, "churn"),
    ],
)
def test_bad_input_is_refused_in_one_line(player: LatticeBet, options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message) as caught:
        house_view(player, **options)
    assert "\n" not in str(caught.value)


def test_the_table_names_each_method(banker: LatticeBet) -> None:
    table = house_table(house_view(banker, hands_per_hour=60, hours=8, average_bet=25, churn=5))
    notes = dict(table.notes)
    assert notes["shift"].startswith("exact") and notes["month"].startswith("normal approximation")
    assert "churn" in notes["hold"] and len(table.rows) == len(table.row_kinds)
