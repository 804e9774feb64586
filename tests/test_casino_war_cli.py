"""``cardmath casino-war``: the JSON contract with exact values, the tables, closed forms, solved
pays, and one-line errors with exit status 2.

The six-deck figures are the Wizard of Odds' ("Casino War", wizardofodds.com/games/casino-war/):
going to war 2.88%, surrendering 3.70%, the tie bet at 10 to 1 18.65%.
"""

from __future__ import annotations

import json

import pytest

from cardmath.cli import main


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    status = main(["casino-war", *arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_six_deck_json_has_the_contract_keys_and_exact_values(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--format", "json")
    assert status == 0 and not err
    data = json.loads(out)
    assert list(data) == [
        "game",
        "decks",
        "removed",
        "on_tie",
        "war_tie_bonus",
        "total_combinations",
        "results",
        "result_probabilities",
        "bets",
        "decisions",
    ]
    assert (data["game"], data["decks"], data["removed"], data["on_tie"], data["war_tie_bonus"]) == (
        "casino-war",
        6,
        [],
        "war",
        "0",
    )
    assert data["total_combinations"] == 312 * 311 * 310 * 309 * 308 * 307 * 306
    assert data["result_probabilities"] == {
        "player_wins": "144/311",
        "dealer_wins": "144/311",
        "ties": "23/311",
    }
    assert list(data["bets"]) == ["main", "tie"]
    main_bet = data["bets"]["main"]
    assert list(main_bet) == [
        "house_edge",
        "element_of_risk",
        "variance",
        "standard_deviation",
        "hit_frequency",
        "outcomes",
    ]
    assert main_bet["house_edge"] == "142853/4965115"
    assert main_bet["element_of_risk"] == "142853/5332310"
    assert [o["outcome"] for o in main_bet["outcomes"]] == [
        "win",
        "lose",
        "war, won",
        "war, tie",
        "war, lost",
    ]
    assert [o["pays"] for o in main_bet["outcomes"]] == ["1", "-1", "1", "1", "-2"]
    assert data["bets"]["tie"]["house_edge"] == "58/311"
    decision = data["decisions"]["main"]
    assert (decision["decision"], decision["choices"], decision["fixed"]) == (
        "war or surrender",
        ["war", "surrender"],
        True,
    )


def test_rules_and_pays_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--on-tie", "surrender", "--bets", "main", "--format", "json")
    assert status == 0
    assert json.loads(out)["bets"]["main"]["house_edge"] == "23/622"
    status, out, _ = run(capsys, "--war-tie-bonus", "1", "--pay-table", "tie:11", "--format", "json")
    data = json.loads(out)
    assert (data["bets"]["main"]["house_edge"], data["bets"]["tie"]["house_edge"]) == (
        "23138/993023",
        "35/311",
    )
    status, out, _ = run(
        capsys, "--pay", "main:bonus=1", "--decks", "inf", "--bets", "main", "--format", "json"
    )
    assert json.loads(out)["bets"]["main"]["house_edge"] == "4/169"


def test_the_best_play_prints_its_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--on-tie", "best", "--decks", "1", "--remove", "As,Ad,Ah")
    assert status == 0 and not err
    assert "Casino War main war or surrender strategy, 49 cards" in out
    assert "tie of K" in out and "value if surrender" in out
    assert "tie of A" not in out  # one ace left: a tie of aces cannot be dealt


def test_closed_form_and_solved_pay(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--closed-form", "--on-tie", "surrender", "--format", "json")
    assert status == 0
    forms = json.loads(out)["closed_form"]
    assert forms["main"] == {"house_edge": "(4*d - 1)/(2*(52*d - 1))", "limit": "1/26"}
    assert forms["tie"]["limit"] == "2/13"
    status, out, _ = run(capsys, "--solve-pay", "tie:tie", "--format", "json")
    assert status == 0
    solved = json.loads(out)
    assert (solved["bet"], solved["outcome"], solved["pay"]) == ("tie", "tie", "288/23")
    status, out, _ = run(capsys, "--solve-pay", "main:bonus", "--target-edge", "2")
    assert status == 0 and "main: bonus" in out


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (["--on-tie", "fold"], "--on-tie"),
        (["--war-tie-bonus", "-1"], "--war-tie-bonus"),
        (["--war-tie-bonus", "many"], "--war-tie-bonus"),
        (["--pay", "tie:tie=-10"], "tie:tie (--pay)"),
        (["--pay", "main:win=-1"], "main:win (--pay)"),
        (["--pay", "tie:tie=ten"], "the pay of tie:tie"),
        (["--pay", "tie:no tie=1"], "no pay 'no tie'"),
        (["--pay-table", "tie:12"], "unknown pay table 'tie:12'"),
        (["--bets", "main,flop"], "unknown Casino War bet 'flop'"),
        (
            [
                "--decks",
                "1",
                "--remove",
                ",".join(f"{r}{s}" for r in "23456789TJQK" for s in "cdhs") + ",Ac,Ad",
            ],
            "7 cards",
        ),
        (["--solve-pay", "main:lose"], "no pay 'lose'"),
        (["--closed-form", "--decks", "2"], "--closed-form"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], arguments: list[str], words: str
) -> None:
    status, out, err = run(capsys, *arguments)
    assert status == 2 and not out
    assert err.startswith("cardmath: error: ") and err.count("\n") == 1
    assert words in err and "Traceback" not in err
