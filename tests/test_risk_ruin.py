"""Risk of ruin: exact figures against the gambler's-ruin formulas, brute force and simulation."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from sympy import Rational, oo

from cardmath.errors import OptionError
from cardmath.lattice import LatticeBet
from cardmath.risk import ruin
from cardmath.risk.ruin import risk_of_ruin, ruin_by_bankroll, ruin_table
from tests.oracles import ruin_closed_form as oracle


def chances(bet: LatticeBet) -> dict[int, Fraction]:
    return {s: Fraction(int(p.p), int(p.q)) for s, p in zip(bet.steps, bet.probabilities, strict=True)}


def fraction(value: object) -> Fraction:
    return Fraction(str(value))


@pytest.mark.parametrize(("bankroll", "target"), [(1, 1), (3, 7), (10, 10), (25, 5), (40, 60)])
def test_player_matches_the_gamblers_ruin_formula_exactly(
    player: LatticeBet, bankroll: int, target: int
) -> None:
    odds = chances(player)
    result = risk_of_ruin(player, bankroll, target)
    reach = oracle.even_money_reach(odds[1], odds[-1], bankroll, target)
    assert fraction(result.target_chance) == reach
    assert fraction(result.ruin_chance) == 1 - reach
    assert result.neither_chance == 0
    assert fraction(result.expected_hands) == oracle.even_money_duration(odds[1], odds[-1], bankroll, target)


def test_a_fair_coin_gives_the_textbook_figures() -> None:
    coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    result = risk_of_ruin(coin, 30, 20)
    assert result.target_chance == Rational(3, 5) and result.expected_hands == 600


@pytest.mark.parametrize(
    ("bankroll", "target"), [(1, 1), (Rational(3, 2), Rational(1, 2)), (2, 1), (2, Rational(1, 2))]
)
def test_banker_matches_a_dense_solve_of_the_whole_chain(
    banker: LatticeBet, bankroll: Rational, target: Rational
) -> None:
    start, gain = int(Rational(bankroll) * 20), int(Rational(target) * 20)
    reach, hands = oracle.dense_chain(chances(banker), start, 20, start + gain)
    result = risk_of_ruin(banker, bankroll, target)
    assert fraction(result.target_chance) == reach and fraction(result.expected_hands) == hands


def test_a_bet_whose_rise_exceeds_its_fall_is_solved_mirrored() -> None:
    bet = LatticeBet("odd", Rational(1), (-1, 0, 3), (Rational(3, 5), Rational(1, 10), Rational(3, 10)))
    reach, hands = oracle.dense_chain(chances(bet), 4, 1, 11)
    result = risk_of_ruin(bet, 4, 7)
    assert fraction(result.target_chance) == reach and fraction(result.expected_hands) == hands


@pytest.mark.parametrize(("bankroll", "target", "hands"), [(1, 1, 5), (2, 1, 12), (2, None, 10)])
def test_a_hand_limit_matches_the_path_by_path_walk(
    banker: LatticeBet, bankroll: int, target: int | None, hands: int
) -> None:
    top = None if target is None else 20 * (bankroll + target)
    ruin, reach, neither, expected = oracle.walk_by_hands(chances(banker), 20 * bankroll, 20, top, hands)
    result = risk_of_ruin(banker, bankroll, target, hands=hands)
    assert fraction(result.ruin_chance) == ruin and fraction(result.neither_chance) == neither
    assert (result.target_chance is None) == (target is None)
    if target is not None:
        assert fraction(result.target_chance) == reach
    assert fraction(result.expected_hands) == expected
    assert result.ruin_chance + (result.target_chance or 0) + result.neither_chance == 1


def test_a_long_hand_limit_approaches_the_unlimited_session(player: LatticeBet) -> None:
    limited, unlimited = risk_of_ruin(player, 5, 5, hands=1500), risk_of_ruin(player, 5, 5)
    assert bool(limited.neither_chance < Rational(1, 10**20))
    assert bool(unlimited.ruin_chance - limited.ruin_chance < Rational(1, 10**20))
    assert bool(limited.ruin_chance < unlimited.ruin_chance)


def test_banker_agrees_with_a_seeded_simulation(banker: LatticeBet) -> None:
    result = risk_of_ruin(banker, 20, 20)
    generator = random.Random(20260101)
    lose, push = float(banker.probabilities[0]), float(banker.probabilities[0] + banker.probabilities[1])
    trials, ruined, total_hands = 3000, 0, 0
    for _ in range(trials):
        position = 400
        while 20 <= position < 800:
            draw = generator.random()
            position += -20 if draw < lose else 0 if draw < push else 19
            total_hands += 1
        ruined += position < 20
    chance = float(result.ruin_chance)
    error = (chance * (1 - chance) / trials) ** 0.5
    assert abs(ruined / trials - chance) < 5 * error
    assert abs(total_hands / trials - float(result.expected_hands)) < 0.1 * float(result.expected_hands)


def test_banker_100_units_against_100_units_is_exact(banker: LatticeBet) -> None:
    result = risk_of_ruin(banker, 100, 100)
    assert result.states == 3980
    assert result.ruin_chance + (result.target_chance or 0) == 1
    assert 0.9222 < float(result.ruin_chance) < 0.9223


def test_without_target_or_limit(player: LatticeBet, banker: LatticeBet) -> None:
    result = risk_of_ruin(player, 10)
    odds = chances(player)
    assert result.ruin_chance == 1 and fraction(result.expected_hands) == 10 / (odds[-1] - odds[1])
    assert risk_of_ruin(banker, 10).expected_hands is None  # the undershoot below 1 unit is unknown
    coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    assert risk_of_ruin(coin, 3).expected_hands == oo
    lucky = LatticeBet("lucky", Rational(1), (-1, 1), (Rational(1, 3), Rational(2, 3)))
    with pytest.raises(OptionError, match="positive expectation"):
        risk_of_ruin(lucky, 3)


def test_a_zero_target_is_reached_at_once(player: LatticeBet) -> None:
    result = risk_of_ruin(player, 5, 0)
    assert result.target_chance == 1 and result.expected_hands == 0


@pytest.mark.parametrize(
    ("bankroll", "target", "hands", "message"),
    [
        (0, None, None, "more than 0"),
        (-3, 5, None, "more than 0"),
        (5, -1, None, "0 units or more"),
        (5, 5, 0, "hand limit"),
        (5, 5, -2, "hand limit"),
        (2.5, 5, None, "exact number"),
        (Rational(1, 2), 5, None, "lattice unit"),
        (5, Fraction(1, 3), None, "lattice unit"),
        (10**6, 10**6, None, "bits of precision"),
        (5, None, 10**6, "too large"),
    ],
)
def test_bad_questions_are_refused_in_one_line(
    player: LatticeBet, bankroll: object, target: object, hands: object, message: str
) -> None:
    with pytest.raises(OptionError, match=message) as caught:
        risk_of_ruin(player, bankroll, target, hands)  # type: ignore[arg-type]
    assert "\n" not in str(caught.value)


def test_bets_that_cannot_lose_or_win_and_small_bankrolls_are_refused(banker: LatticeBet) -> None:
    sure = LatticeBet("sure", Rational(1), (0, 1), (Rational(1, 2), Rational(1, 2)))
    hopeless = LatticeBet("hopeless", Rational(1), (-1, 0), (Rational(1, 2), Rational(1, 2)))
    with pytest.raises(OptionError, match="cannot lose"):
        risk_of_ruin(sure, 5, 5)
    with pytest.raises(OptionError, match="cannot win"):
        risk_of_ruin(hopeless, 5, 5)
    with pytest.raises(OptionError, match="worst loss"):
        risk_of_ruin(banker, Rational(19, 20), 1)


def test_table_and_chart(player: LatticeBet) -> None:
    result = risk_of_ruin(player, 10, 10, hands=50)
    table = ruin_table(result)
    figures = dict(table.rows)
    assert figures["chance of ruin"] == result.ruin_chance and figures["hand limit"] == 50
    assert len(table.row_kinds) == len(table.rows)
    chart = ruin_by_bankroll(player, [5, 10, 20], 10)
    ruin = [y for _, y in chart.series[0].points]
    assert ruin == sorted(ruin, reverse=True) and chart.series[0].points[0][0] == 5.0


def test_the_modular_and_fraction_free_eliminations_agree() -> None:
    generator = random.Random(7)
    rows = [[generator.getrandbits(700) - (1 << 699) for _ in range(8)] for _ in range(7)]
    for row in rows[-1:]:
        row[-2:] = [0, 0]
    assert ruin._multimodular([r[:] for r in rows], 6) == ruin._bareiss([r[:] for r in rows], 6)
