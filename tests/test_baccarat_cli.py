"""``cardmath baccarat``: the JSON contract, the table formats and one-line errors."""

from __future__ import annotations

import json

import pytest

from cardmath.baccarat import BUILT_IN_BET_NAMES
from cardmath.cli import main


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    status = main(["baccarat", *arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_eight_deck_json_gives_the_published_counts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--decks", "8", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["game"] == "baccarat"
    assert data["decks"] == 8
    # GAMES.md section 3 (published eight-deck counts).
    assert data["total_combinations"] == 4_998_398_275_503_360
    assert data["results"] == {
        "player_wins": 2_230_518_282_592_256,
        "banker_wins": 2_292_252_566_437_888,
        "ties": 475_627_426_473_216,
    }
    assert list(data["bets"]) == list(BUILT_IN_BET_NAMES)
    banker = data["bets"]["banker"]
    numerator, denominator = (int(x) for x in banker["house_edge"].split("/"))
    assert round(numerator / denominator * 100, 4) == 1.0579  # GAMES.md: banker 1.0579%
    first = banker["outcomes"][0]
    assert set(first) >= {"outcome", "pays", "combinations", "probability", "return"}
    assert first["pays"] == "19/20"
    assert isinstance(first["combinations"], int)
    for bet in data["bets"].values():
        assert sum(o["combinations"] for o in bet["outcomes"]) == data["total_combinations"]


def test_options_reach_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys,
        "--decks",
        "8",
        "--commission",
        "4",
        "--tie-pays",
        "9",
        "--bets",
        "banker,tie",
        "--format",
        "json",
    )
    data = json.loads(out)
    assert status == 0 and list(data["bets"]) == ["banker", "tie"]
    assert data["bets"]["banker"]["outcomes"][0]["pays"] == "24/25"
    assert data["bets"]["tie"]["outcomes"][0]["pays"] == "9"
    numerator, denominator = (int(x) for x in data["bets"]["tie"]["house_edge"].split("/"))
    assert round(numerator / denominator * 100, 3) == 4.844  # Wizard of Odds: tie at 9 to 1, 4.844%


def test_infinite_shoe_has_null_counts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--decks", "inf", "--bets", "player", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["decks"] == "inf" and data["total_combinations"] is None
    assert data["results"] == {"player_wins": None, "banker_wins": None, "ties": None}
    assert data["bets"]["player"]["outcomes"][0]["combinations"] is None


@pytest.mark.parametrize("fmt", ["simple", "github", "csv"])
def test_table_formats_print_every_table(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    status, out, _ = run(
        capsys, "--decks", "2", "--remove", "As,Kd", "--bets", "banker,perfect_pair", "--format", fmt
    )
    assert status == 0
    for title in (
        "Baccarat results, 102 cards",
        "Baccarat banker bet par sheet",
        "Baccarat effects of removal",
    ):
        assert title in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--bets", "player,lucky"), "unknown baccarat bet 'lucky'"),
        (("--commission", "101"), "commission must be a percentage from 0 to 100"),
        (("--commission", "-1"), "commission must be a percentage from 0 to 100"),
        (("--tie-pays", "0"), "tie pay must be a number more than 0"),
        (("--tie-pays", "many"), "tie pay must be a number more than 0"),
        (("--decks", "0"), "number of decks"),
        (("--decks", "1", "--remove", "As,As"), "cannot remove As"),
        (
            ("--decks", "1", "--remove", ",".join(f"{r}{s}" for r in "23456789TJQK" for s in "cdhs")),
            "at least 6",
        ),
        (("--format", "nope"), "unknown format"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *arguments)
    assert status == 2 and not out
    assert err.count("\n") == 1 and err.startswith("cardmath: error: ") and message in err
