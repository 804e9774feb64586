"""``cardmath study --bankroll B`` and ``--team``: the risk figures and the team on the command line,
checked against the library's figures of the same study worked out independently here (numpy on
the shoes one by one), never a traceback for bad input, and no NaN in the JSON of one shoe."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest

from cardmath.cli import main
from cardmath.study import SCALE, Study, tally_shoes

SHOES = 40
SEED = 5


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    status = main(["study", *words, "--workers", "1"])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(scope="module")
def shoes() -> list[dict[str, Any]]:
    study = Study.define(["dragon_7", "panda_8"], team=True, shoes=SHOES, seed=SEED)
    return [tally_shoes(study, index, index + 1) for index in range(SHOES)]


def results(shoes: list[dict[str, Any]], name: str, key: str) -> np.ndarray:
    return np.array([shoe["strategies"][name][key] for shoe in shoes], dtype=float) / SCALE


def test_team_and_bankroll_in_json(capsys: pytest.CaptureFixture[str], shoes: list[dict[str, Any]]) -> None:
    words = ["dragon_7", "panda_8", "--team", "--bankroll", "250", "--shoes", str(SHOES), "--seed", str(SEED)]
    status, out, _ = run(capsys, *words, "--format", "json")
    assert status == 0
    figures = json.loads(out)
    d7, p8 = "dragon_7 how_dragon_7 running count >= 0", "panda_8 how_panda_8_co_count running count >= 3"
    (name,) = figures["teams"]
    team = figures["teams"][name]
    assert team["members"] == [d7, p8]
    a, b = results(shoes, d7, "actual"), results(shoes, p8, "actual")
    assert math.isclose(team["correlation"][0]["correlation"], float(np.corrcoef(a, b)[0, 1]), abs_tol=1e-9)
    mean = (results(shoes, d7, "win") + results(shoes, p8, "win")).mean()
    variance = (a + b).var(ddof=1)
    risk = team["risk_of_ruin"]
    assert list(risk["by_bankroll"]) == ["250"]
    assert math.isclose(risk["by_bankroll"]["250"], math.exp(-2 * mean * 250 / variance), rel_tol=1e-9)
    assert math.isclose(
        risk["bankroll_for_risk"]["0.05"], -variance * math.log(0.05) / (2 * mean), rel_tol=1e-9
    )
    for strategy in figures["strategies"].values():
        assert list(strategy["risk_of_ruin"]["by_bankroll"]) == ["250"]


def test_default_bankrolls_and_the_tables(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "dragon_7", "panda_8", "--team", "--shoes", "3", "--seed", "1")
    assert status == 0
    assert "Risk (diffusion approximation)" in out and "Teams," in out
    assert "ruin of 100 units" in out and "ruin of 1,000 units" in out
    assert "bankroll for 5% ruin" in out and "bankroll for 1% ruin" in out
    assert "team: dragon_7 how_dragon_7 running count >= 0 + panda_8" in out


def test_one_shoe_has_no_nan_or_infinity(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "dragon_7", "--shoes", "1", "--format", "json")
    assert status == 0
    assert "NaN" not in out and "Infinity" not in out
    figures = json.loads(out, parse_constant=lambda name: pytest.fail(f"{name} in the JSON"))
    strategy = figures["strategies"]["dragon_7 how_dragon_7 running count >= 0"]
    assert strategy["win_per_shoe"]["se"] is None and strategy["sd_per_shoe"] is None
    assert strategy["n0_shoes"] is None and strategy["risk_of_ruin"]["by_bankroll"] == {
        "100": None,
        "1000": None,
    }
    status, out, _ = run(capsys, "dragon_7", "--shoes", "1")
    assert status == 0 and "± n/a" in out


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["dragon_7", "--bankroll", "0"], "the bankroll in units must be a whole number 1 or more"),
        (["dragon_7", "--bankroll", "lots"], "bankroll"),
        (["dragon_7", "--bankroll", "2.5"], "bankroll"),
        (
            ["dragon_7", "--bankroll", "9" * 400],
            "the bankroll in units must be at most 1,000,000,000,000,000",
        ),
        (["dragon_7", "--team"], "a team plays two or more counts"),
        (["dragon_7", "panda_8", "--team", "--count", "how_dragon_7"], "leave out --count"),
        (["dragon_7", "panda_8", "--team", "--trigger", "2"], "leave out --count"),
        (["tie", "dragon_7", "--team"], "no count with a trigger is published for Baccarat bet 'tie'"),
        (["--game", "dt", "tie", "suited_tie", "--team"], "no count with a trigger is published"),
    ],
)
def test_bad_options_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    status, out, err = run(capsys, *words, "--shoes", "1")
    assert status == 2 and out == ""
    assert err.startswith("cardmath: error: ") and message in err and "Traceback" not in err
