"""``cardmath session GAME:BET``: exact session figures from the command line, checked against the
classical gambler's-ruin formula and a direct enumeration; bad input in one line, exit status 2."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from cardmath.cli import main
from cardmath.games.baccarat import GAME
from cardmath.lattice import LatticeBet
from cardmath.risk.session import max_exact_hands
from cardmath.shoe import Shoe
from tests.oracles.ruin_closed_form import even_money_duration, even_money_reach


def run_json(capsys: pytest.CaptureFixture[str], *words: str) -> Any:
    assert main(["session", *words, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def player_chances() -> tuple[Fraction, Fraction]:
    """Player's chances to win and to lose on 8 decks, from its par sheet's counts."""
    sheet = GAME.analyze(Shoe.standard(8), bets=["player"]).bets["player"]
    chances = {outcome.name: Fraction(str(outcome.probability)) for outcome in sheet}
    return chances["win"], chances["lose"]


@pytest.mark.parametrize(("bankroll", "target"), [(3, 7), (10, 10)])
def test_player_ruin_is_the_gamblers_ruin_formula(
    capsys: pytest.CaptureFixture[str], bankroll: int, target: int
) -> None:
    found = run_json(capsys, "baccarat:player", "--bankroll", str(bankroll), "--target", str(target))
    win, lose = player_chances()
    assert Fraction(found["target_chance"]) == even_money_reach(win, lose, bankroll, target)
    assert Fraction(found["ruin_chance"]) == 1 - even_money_reach(win, lose, bankroll, target)
    assert Fraction(found["expected_hands"]) == even_money_duration(win, lose, bankroll, target)


def test_three_hands_of_player_are_every_sequence_of_three(capsys: pytest.CaptureFixture[str]) -> None:
    found = run_json(capsys, "baccarat:player", "--hands", "3")
    win, lose = player_chances()
    chances = {1: win, -1: lose, 0: 1 - win - lose}
    ahead = sum(
        (
            chances[a] * chances[b] * chances[c]
            for a, b, c in itertools.product(chances, repeat=3)
            if a + b + c > 0
        ),
        Fraction(0),
    )
    assert Fraction(found["chance_ahead"]) == ahead
    assert Fraction(found["mean"]) == 3 * (win - lose)
    assert found["normal_approximation"]["label"].startswith("normal approximation")


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["baccarat"], "GAME:BET"),
        (["baccarat:nope"], "has no bet 'nope'"),
        (["nogame:x"], "nogame"),
        (["pool:x"], "no par sheet of one bet"),
        (["baccarat:banker", "--hands", "0"], "1 or more"),
        (["baccarat:banker", "--hands", "x"], "1 or more"),
        (["baccarat:banker", "--bankroll", "0"], "more than 0"),
        (["baccarat:banker", "--bankroll", "1/3"], "lattice unit 1/20"),
        (["baccarat:banker", "--bankroll", "5", "--target", "-1"], "target"),
        (["baccarat:banker", "--target", "5"], "goes with --bankroll"),
        (["baccarat:banker", "--hands", str(10**13)], "at most 1,000,000,000,000"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert main(["session", *words]) == 2
    error = capsys.readouterr().err
    assert error.startswith("cardmath: error: ") and error.count("\n") == 1
    assert message in error


def test_past_the_crossing_point_the_session_is_approximated_and_says_so(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """5,000 banker hands, past the exact limit: the labelled chances against a seeded simulation
    of 20,000 sessions (numpy's multinomial counts of wins, pushes and losses), within 5 sigma plus
    the approximation's own error at 100 hands."""
    crossing = max_exact_hands(LatticeBet.of(GAME, "banker", Shoe.standard(8)))
    found = run_json(capsys, "baccarat:banker", "--hands", str(crossing))
    assert found["method"] == "exact" and found["crossing_point"] == crossing
    found = run_json(capsys, "baccarat:banker", "--hands", "5000")
    assert found["method"].startswith("normal approximation") and found["crossing_point"] == crossing
    assert found["saddlepoint_approximation"]["label"].startswith("saddlepoint approximation")
    sheet = GAME.analyze(Shoe.standard(8), bets=["banker"]).bets["banker"]
    chances = {outcome.name: float(outcome.probability) for outcome in sheet}
    order = sorted(chances)
    counts = np.random.default_rng(20261201).multinomial(5000, [chances[n] for n in order], size=20_000)
    pays = {outcome.name: Fraction(str(outcome.pays)) for outcome in sheet}
    net = sum(counts[:, i] * float(pays[name]) for i, name in enumerate(order))
    simulated = float(np.mean(net > 0))
    sigma = (simulated * (1 - simulated) / 20_000) ** 0.5
    allowance = 5 * sigma + found["errors"][-1]["normal"]
    assert abs(found["chance_ahead"] - simulated) < allowance
    assert abs(found["saddlepoint_approximation"]["chance_ahead"] - simulated) < allowance
    assert Fraction(found["mean"]) == 5000 * sum(Fraction(str(o.probability)) * pays[o.name] for o in sheet)


def test_an_approximated_session_prints_its_method_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["session", "baccarat:player", "--hands", "1000000"]) == 0
    out = capsys.readouterr().out
    assert "approximated, past the exact limit" in out and "error at 100 hands" in out
    assert "saddlepoint approximation (Lugannani-Rice" in out


def test_a_big_bankroll_is_solved_numerically_with_its_bound(capsys: pytest.CaptureFixture[str]) -> None:
    found = run_json(capsys, "baccarat:player", "--bankroll", "5000", "--target", "5000")
    win, lose = player_chances()
    reach = even_money_reach(win, lose, 5000, 5000)
    bound = Fraction(found["relative_error"])
    assert found["method"].startswith("ball arithmetic") and bound < Fraction(1, 10**30)
    assert abs(Fraction(found["target_chance"]) - reach) <= bound * reach
