"""Risk of ruin beyond the exact solver: the ball-arithmetic figures hold at least 30 significant
digits, checked against the exact solver and a dense solve of the whole chain on chains small
enough for both, and against the gambler's-ruin formula for even-money bets with big bankrolls."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from sympy import Rational

from cardmath.errors import OptionError
from cardmath.lattice import LatticeBet
from cardmath.risk import ruin_numeric
from cardmath.risk.ruin import MAX_STATES, risk_of_ruin, ruin_table
from cardmath.risk.ruin_numeric import DIGITS, METHOD, numeric_ruin
from tests.oracles import ruin_closed_form as oracle

THIRTY_DIGITS = Fraction(1, 10**DIGITS)


def chances(bet: LatticeBet) -> dict[int, Fraction]:
    return {s: Fraction(int(p.p), int(p.q)) for s, p in zip(bet.steps, bet.probabilities, strict=True)}


def fraction(value: Any) -> Fraction:
    exact = Rational(value)
    return Fraction(int(exact.p), int(exact.q))


def assert_within(found: object, truth: Fraction, bound: object) -> None:
    """``found`` is within ``bound`` times ``truth`` of it, and the bound gives 30 digits."""
    assert fraction(bound) < THIRTY_DIGITS
    assert abs(fraction(found) - truth) <= fraction(bound) * abs(truth)


@pytest.mark.parametrize(("bankroll", "target"), [(20, 20), (30, 10), (60, 40)])
def test_banker_matches_a_dense_solve_of_the_whole_chain(
    banker: LatticeBet, bankroll: int, target: int
) -> None:
    reach, hands = oracle.dense_chain(chances(banker), bankroll, 20, bankroll + target)
    found = numeric_ruin(banker, bankroll, target)
    assert_within(found.reach, reach, found.relative_error)
    assert_within(found.ruin, 1 - reach, found.relative_error)
    assert_within(found.expected_hands, hands, found.relative_error)


@pytest.mark.parametrize(("bankroll", "target"), [(10, 10), (50, 50), (25, 75)])
def test_banker_matches_the_exact_solver(banker: LatticeBet, bankroll: int, target: int) -> None:
    exact = risk_of_ruin(banker, bankroll, target)
    found = numeric_ruin(banker, 20 * bankroll, 20 * target)
    assert_within(found.ruin, fraction(exact.ruin_chance), found.relative_error)
    assert_within(found.reach, fraction(exact.target_chance), found.relative_error)
    assert_within(found.expected_hands, fraction(exact.expected_hands), found.relative_error)


def test_a_bet_whose_rise_exceeds_its_fall_matches_the_dense_solve() -> None:
    bet = LatticeBet("odd", Rational(1), (-1, 0, 3), (Rational(3, 5), Rational(1, 10), Rational(3, 10)))
    reach, hands = oracle.dense_chain(chances(bet), 4, 1, 11)
    found = numeric_ruin(bet, 4, 7)
    assert_within(found.reach, reach, found.relative_error)
    assert_within(found.expected_hands, hands, found.relative_error)


def test_player_with_5000_units_each_way_is_the_gamblers_ruin_formula(player: LatticeBet) -> None:
    """10,000 lattice points: beyond the exact solver; the chance of the target is about 5e-60, and
    it too has its 30 digits."""
    odds = chances(player)
    result = risk_of_ruin(player, 5000, 5000)
    assert result.states == 9999 > MAX_STATES and result.method == METHOD
    reach = oracle.even_money_reach(odds[1], odds[-1], 5000, 5000)
    assert Fraction(1, 10**61) < reach < Fraction(1, 10**58)
    assert_within(result.target_chance, reach, result.relative_error)
    assert_within(result.ruin_chance, 1 - reach, result.relative_error)
    hands = oracle.even_money_duration(odds[1], odds[-1], 5000, 5000)
    assert_within(result.expected_hands, hands, result.relative_error)


def test_a_fair_coin_with_a_big_bankroll_gives_the_textbook_figures() -> None:
    coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    result = risk_of_ruin(coin, 30_000, 20_000)
    assert result.method == METHOD
    assert_within(result.target_chance, Fraction(3, 5), result.relative_error)
    assert_within(result.expected_hands, Fraction(30_000 * 20_000), result.relative_error)


def test_too_little_precision_at_first_is_doubled(
    monkeypatch: pytest.MonkeyPatch, player: LatticeBet
) -> None:
    monkeypatch.setattr(ruin_numeric, "precision_needed", lambda *_: 0)
    monkeypatch.setattr(ruin_numeric, "_GUARD_BITS", 0)
    found = numeric_ruin(player, 3000, 3000)
    assert found.bits >= 2 * (DIGITS * 332 // 100 + 8)  # started at the digits wanted, then doubled
    odds = chances(player)
    assert_within(found.reach, oracle.even_money_reach(odds[1], odds[-1], 3000, 3000), found.relative_error)


def test_the_table_says_how_the_figures_were_found(player: LatticeBet) -> None:
    table = ruin_table(risk_of_ruin(player, 5000, 5000))
    notes = dict(table.notes)
    assert notes["method"].startswith(METHOD) and "e-" in notes["method"]
    assert "method" not in dict(ruin_table(risk_of_ruin(player, 10, 10)).notes)


def test_a_question_that_would_take_hours_is_refused_in_one_line(player: LatticeBet) -> None:
    with pytest.raises(OptionError, match="bits of precision") as caught:
        risk_of_ruin(player, 1_000_000, 1_000_000)
    assert "\n" not in str(caught.value)


def test_bad_chains_are_refused() -> None:
    sure = LatticeBet("sure", Rational(1), (0, 1), (Rational(1, 2), Rational(1, 2)))
    with pytest.raises(OptionError, match="win and to lose"):
        numeric_ruin(sure, 5, 5)
    coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    with pytest.raises(OptionError, match="worst loss"):
        numeric_ruin(coin, 0, 5)
