"""JSON output parses in every client: no NaN or Infinity, ever (``JSON.parse`` refuses both).

A statistic too few samples cannot define is ``null`` with the reason beside it, a table on which
no round can be played is refused before play, and the JSON writer itself refuses a float that is
not finite, naming where it is, as a safety net.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from cardmath.cli import main
from cardmath.games.pool.documents import estimate_document, simulation_document
from cardmath.games.pool.rules import PoolRules
from cardmath.games.pool.simulation import Estimate, simulate
from cardmath.output import dumps_json


def _refuse(constant: str) -> Any:
    raise AssertionError(f"the JSON holds {constant}, which JSON.parse refuses")


def strict_json(text: str) -> Any:
    """``text`` parsed as JSON clients read it: NaN, Infinity and -Infinity are errors."""
    return json.loads(text, parse_constant=_refuse)


def _run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    status = main(list(words))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_one_round_gives_null_standard_errors_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    words = ("pool", "simulate", "--players", "2", "--rounds", "1", "--seed", "1", "--format", "json")
    status, out, _ = _run(capsys, *words)
    assert status == 0
    document = strict_json(out)
    estimates = [*document["seats"], document["first_turn"]]
    for estimate in estimates:
        assert estimate["samples"] == 1
        assert estimate["standard_error"] is None
        assert estimate["undefined"] == "the standard error needs at least 2 samples, there is 1"
        # the mean of one sample is that sample: the total itself
        assert estimate["mean_gain"] == estimate["total_gain"]


def test_one_round_as_text_shows_n_a_not_nan(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "pool", "simulate", "--players", "3", "--rounds", "1", "--seed", "4")
    assert status == 0
    assert "nan" not in out.lower() and "n/a" in out


def test_a_seat_that_leaves_at_once_gives_no_nan(capsys: pytest.CaptureFixture[str]) -> None:
    # a bankroll of exactly the ante: every seat antes, then cannot pay a forfeit and leaves, so the
    # first turn is never played (no sample: its mean is null too)
    words = ["pool", "simulate", "--players", "3", "--rounds", "3", "--seed", "1", "--bankroll", "5"]
    status, out, _ = _run(capsys, *words, "--ante", "5", "--format", "json")
    assert status == 0
    document = strict_json(out)
    assert document["rounds_played"] == 1
    first = document["first_turn"]
    assert (first["samples"], first["mean_gain"], first["standard_error"]) == (0, None, None)
    assert "no sample" in first["undefined"]
    assert [seat["final_bankroll"] for seat in document["seats"]] == [0, 0, 0]


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (
            ["--bankroll", "1", "--ante", "5"],
            "the bankroll (1 chips) is less than the ante (5 chips): no seat could ante",
        ),
        (
            ["--bankroll", "10", "--banking", "--bank", "20"],
            "the bankroll (10 chips) is less than the bank (20 chips): no seat could bank",
        ),
    ],
)
def test_a_table_where_no_round_can_be_played_is_refused(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    base = ["pool", "simulate", "--players", "2", "--rounds", "10", "--seed", "1", "--format", "json"]
    status, out, err = _run(capsys, *base, *words)
    assert status == 2 and out == ""
    assert err.startswith("cardmath: error: ") and message in err and err.count("\n") == 1


def test_the_library_gives_none_where_a_figure_is_undefined() -> None:
    none = Estimate(samples=0, total=0, total_of_squares=0)
    assert (none.mean, none.exact_mean, none.standard_error) == (None, None, None)
    one = Estimate(samples=1, total=-3, total_of_squares=9)
    assert (one.mean, one.exact_mean, one.standard_error) == (-3.0, -3, None)
    # gains 1 and 3: mean 2, sample variance 2, standard error sqrt(2 / 2) = 1
    two = Estimate(samples=2, total=4, total_of_squares=10)
    assert (two.mean, two.standard_error, two.undefined) == (2.0, 1.0, None)
    assert strict_json(dumps_json(estimate_document(none)))["mean_gain"] is None


def test_a_short_simulation_is_all_json() -> None:
    result = simulate(PoolRules(players=4, banking=True, bank=10), rounds=1, seed=9)
    document = strict_json(dumps_json(simulation_document(result)))
    assert document["banker"]["standard_error"] is None


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_the_json_writer_refuses_a_float_that_is_not_finite(value: float) -> None:
    with pytest.raises(ValueError, match=r"internal error: the JSON output holds .* at rows\[1\]\.se"):
        dumps_json({"rows": [{"se": 1.0}, {"se": value}]})
    with pytest.raises(ValueError, match="at the top level"):
        dumps_json(value)


@pytest.mark.parametrize(
    "words",
    [
        ["reddog", "--decks", "1"],
        ["baccarat", "--decks", "1", "--bets", "tie,player_pair"],
        ["dragon-tiger", "--decks", "inf"],
        ["casino-war", "--decks", "2"],
        ["chemin-de-fer", "--model", "A1"],
        ["pool", "--hand-size", "3"],
        ["pool", "--hand", "As,Kh,Qd,Jc,2s", "--pool", "10", "--ante", "1", "--bankroll", "50"],
        ["pool", "simulate", "--players", "2", "--rounds", "2", "--seed", "0"],
        ["baccarat", "--solve-pay", "tie:tie", "--target-edge", "5"],
    ],
)
def test_every_command_writes_strict_json(capsys: pytest.CaptureFixture[str], words: list[str]) -> None:
    fmt = ["--format", "json"]
    status, out, err = _run(capsys, *words, *fmt)
    assert status == 0, err
    strict_json(out)


def test_a_study_writes_strict_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "study", "dragon_7", "--shoes", "1", "--workers", "1", "--format", "json")
    assert status == 0, err
    strict_json(out)
