"""``cardmath dragon-tiger``: the JSON contract with exact values, tables, closed forms, solved
pays, and one-line errors with exit status 2.

The eight-deck figures are the Wizard of Odds' ("Dragon Tiger", wizardofodds.com/games/dragon-tiger/):
Dragon and Tiger 3.73%, tie 32.77% at 8 to 1 and 10.36% at 11 to 1, suited tie 13.98%; its
combinations count unordered pairs of cards, ours ordered pairs (twice as many).
"""

from __future__ import annotations

import json

import pytest

from cardmath.cli import main
from cardmath.games.dragon_tiger import BUILT_IN_BET_NAMES


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    status = main(["dragon-tiger", *arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_eight_deck_json_has_the_contract_keys_and_exact_values(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--format", "json")
    assert status == 0 and not err
    data = json.loads(out)
    assert list(data) == [
        "game",
        "decks",
        "removed",
        "tie_pays",
        "total_combinations",
        "results",
        "result_probabilities",
        "bets",
    ]
    assert (data["game"], data["decks"], data["removed"], data["tie_pays"]) == ("dragon-tiger", 8, [], "8")
    assert data["total_combinations"] == 172_640 == 2 * 86_320
    assert data["results"] == {"dragon_wins": 79_872, "tiger_wins": 79_872, "ties": 12_896}
    assert data["result_probabilities"] == {
        "dragon_wins": "192/415",
        "tiger_wins": "192/415",
        "ties": "31/415",
    }
    assert list(data["bets"]) == list(BUILT_IN_BET_NAMES)
    dragon = data["bets"]["dragon"]
    assert list(dragon) == [
        "house_edge",
        "element_of_risk",
        "variance",
        "standard_deviation",
        "hit_frequency",
        "outcomes",
    ]
    assert dragon["house_edge"] == dragon["element_of_risk"] == "31/830"
    assert dragon["hit_frequency"] == "192/415"
    assert dragon["outcomes"] == [
        {
            "outcome": "win",
            "pays": "1",
            "combinations": 79_872,
            "probability": "192/415",
            "return": "192/415",
        },
        {
            "outcome": "lose",
            "pays": "-1",
            "combinations": 79_872,
            "probability": "192/415",
            "return": "-192/415",
        },
        {
            "outcome": "tie",
            "pays": "-1/2",
            "combinations": 12_896,
            "probability": "31/415",
            "return": "-31/830",
        },
    ]
    assert data["bets"]["tie"]["house_edge"] == "136/415"
    assert data["bets"]["suited_tie"]["house_edge"] == "58/415"
    assert data["bets"]["suited_tie"]["outcomes"][0]["combinations"] == 2 * 1_456
    for name in BUILT_IN_BET_NAMES[4:]:
        assert data["bets"][name]["house_edge"] == "1/13"
        assert [o["outcome"] for o in data["bets"][name]["outcomes"]] == ["win", "lose", "seven"]
    for bet in data["bets"].values():
        assert sum(o["combinations"] for o in bet["outcomes"]) == data["total_combinations"]


def test_the_tie_pay_option_and_the_bets_option(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--tie-pays", "11", "--bets", "tie,suited_tie", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["tie_pays"] == "11" and list(data["bets"]) == ["tie", "suited_tie"]
    assert data["bets"]["tie"]["house_edge"] == "43/415"
    assert data["bets"]["tie"]["outcomes"][0]["pays"] == "11"


def test_a_depleted_shoe_and_the_infinite_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "--decks", "1", "--remove", "As,Kd", "--bets", "dragon_big", "--format", "json"
    )
    data = json.loads(out)
    assert status == 0 and data["decks"] == 1 and data["removed"] == ["As", "Kd"]
    assert data["total_combinations"] == 50 * 49
    assert data["bets"]["dragon_big"]["outcomes"][0]["combinations"] == 23 * 49
    status, out, _ = run(capsys, "--decks", "inf", "--bets", "tie", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["decks"] == "inf" and data["total_combinations"] is None
    assert data["results"] == {"dragon_wins": None, "tiger_wins": None, "ties": None}
    assert data["result_probabilities"]["ties"] == "1/13"
    assert data["bets"]["tie"]["house_edge"] == "4/13"


@pytest.mark.parametrize("fmt", ["simple", "github", "csv"])
def test_table_formats_print_every_table(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    status, out, _ = run(capsys, "--decks", "2", "--bets", "dragon,suited_tie", "--format", fmt)
    assert status == 0
    for title in (
        "Dragon Tiger results, 2 decks",
        "Dragon Tiger Dragon par sheet, 2 decks",
        "Dragon Tiger Suited Tie par sheet, 2 decks",
        "Dragon Tiger bets, 2 decks",
        "Dragon Tiger effects of removal, 2 decks",
    ):
        assert title in out


def test_closed_form(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--closed-form", "--bets", "dragon,tie,suited_tie", "--format", "json")
    assert status == 0
    assert json.loads(out) == {
        "game": "dragon-tiger",
        "closed_form": {
            "dragon": {"house_edge": "(4*d - 1)/(2*(52*d - 1))", "limit": "1/26"},
            "tie": {"house_edge": "8*(2*d + 1)/(52*d - 1)", "limit": "4/13"},
            "suited_tie": {"house_edge": "(d + 50)/(52*d - 1)", "limit": "1/52"},
        },
    }
    status, out, _ = run(capsys, "--closed-form", "--tie-pays", "11", "--bets", "tie")
    assert status == 0 and out.startswith("Dragon Tiger house edge in d decks\n")
    assert "(4*d + 11)/(52*d - 1)" in out and "7.6923%" in out


def test_solve_pay(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--solve-pay", "tie:tie", "--format", "json")
    assert status == 0
    assert json.loads(out) == {
        "game": "dragon-tiger",
        "decks": 8,
        "removed": [],
        "tie_pays": "8",
        "bet": "tie",
        "outcome": "tie",
        "target_house_edge": "0",
        "pay": "384/31",
        "pay_to_one": "12.3870967742 to 1",
    }
    status, out, _ = run(
        capsys, "--solve-pay", "suited_tie:suited tie", "--target-edge", "5", "--format", "github"
    )
    assert status == 0
    assert out.startswith("Dragon Tiger pay of suited_tie: suited tie for a house edge of 5%, 8 decks\n")
    assert "| pay exact         | 1549/28" in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--tie-pays", "1/0"], "the tie pay must be a positive number (such as 8 or 11), not '1/0'"),
        (["--tie-pays", "0"], "the tie pay must be a positive number"),
        (["--bets", "lucky"], "unknown Dragon Tiger bet 'lucky': choose from dragon, tiger, tie"),
        (["--decks", "0"], "the number of decks must be a whole number 1 or more, or inf, not '0'"),
        (["--remove", "Xx"], "cannot read card 'Xx'"),
        (["--solve-pay", "tie:win"], "bet 'tie' has no outcome 'win': choose one of 'tie', 'no tie'"),
        (["--solve-pay", "tie"], "--solve-pay needs BET:OUTCOME"),
        (["--solve-pay", "lucky:win"], "unknown Dragon Tiger bet 'lucky'"),
        (["--solve-pay", "suited_tie:suited tie", "--decks", "1"], "'suited tie' is never paid"),
        (["--solve-pay", "dragon:tie", "--target-edge", "100"], "no pay of dragon: tie above -1"),
        (["--solve-pay", "tie:tie", "--bets", "tie"], "leave out --bets"),
        (["--closed-form", "--decks", "6"], "leave out --decks and --remove"),
        (["--target-edge", "2"], "--target-edge goes with --solve-pay"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    status, out, err = run(capsys, *arguments)
    assert status == 2 and not out
    assert err.startswith("cardmath: error: ") and err.count("\n") == 1
    assert message in err
