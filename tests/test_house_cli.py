"""``cardmath house GAME:BET``: the house's view from the command line, its exact figures as "p/q"
checked against closed forms from the par sheet's outcomes; bad input in one line, exit status 2."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from typing import Any

import pytest

from cardmath.cli import main
from cardmath.games.baccarat import GAME
from cardmath.shoe import Shoe

WORDS = ["house", "baccarat:player", "--hands-per-hour", "12", "--hours", "2", "--average-bet", "10"]


def run_json(capsys: pytest.CaptureFixture[str], *words: str) -> Any:
    assert main([*words, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_two_hours_of_player_are_every_way_to_split_the_hands(capsys: pytest.CaptureFixture[str]) -> None:
    found = run_json(capsys, *WORDS, "--sit-out", "0.25", "--shifts", "2", "--churn", "4")
    sheet = {
        o.name: Fraction(str(o.probability))
        for o in GAME.analyze(Shoe.standard(8), bets=["player"]).bets["player"]
    }
    win, lose = sheet["win"], sheet["lose"]
    edge = lose - win
    assert found["rounds_dealt"] == 24 and found["hands_played"] == 18
    assert Fraction(found["edge"]) == edge and Fraction(found["shift"]["expected_win"]) == 18 * 10 * edge
    # the table loses when the players win more hands than they lose: a sum over the splits
    push = 1 - win - lose
    loses = sum(
        comb(18, w) * comb(18 - w, d) * win**w * lose**d * push ** (18 - w - d)
        for w in range(19) for d in range(19 - w) if w > d
    )  # fmt: skip
    assert found["shift"]["method"] == "exact" and Fraction(found["shift"]["chance_table_loses"]) == loses
    assert Fraction(found["hold"]["win_per_round_dealt"]) == Fraction(3, 4) * edge * 10
    assert Fraction(found["hold"]["hold_percentage"]) == 4 * edge
    assert found["month"]["method"] == "exact" and Fraction(found["month"]["expected_win"]) == 36 * 10 * edge


def test_the_text_output_says_how_each_figure_was_found(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["house", "baccarat:banker", "--hands-per-hour", "60", "--hours", "8", "--average-bet", "25"]
    assert main(words) == 0
    out = capsys.readouterr().out
    assert "chance the table loses a shift" in out and "month: normal approximation" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--shifts", "0"], "--shifts"),
        (["--sit-out", "1"], "sat out"),
        (["--average-bet", "x"], "average bet"),
        (["--hours", "1/7"], "whole number"),
        (["--churn", "0"], "churn"),
        (["--decks", "0"], "decks"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    assert main([*WORDS, *extra]) == 2
    error = capsys.readouterr().err
    assert error.startswith("cardmath: error: ") and error.count("\n") == 1 and message in error
