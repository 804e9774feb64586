"""The ``cardmath pool`` command: its JSON, its text, and one-line errors with exit status 2."""

from __future__ import annotations

import json

import pytest

from cardmath.cli import main
from tests.oracles.pool_bruteforce import beaten_unseen, card_number, hands_by_beaten


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["pool", *argv, "--format", "json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert isinstance(document, dict)
    return document


def test_hand_size_five_json(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "--hand-size", "5")
    assert document["game"] == "pool"
    assert document["hand_size"] == 5
    assert document["hands"] == 2598960
    assert document["win_probability"] == "8689/19740"
    assert document["favourable_hands"] == 862680
    rows = document["distribution"]
    assert isinstance(rows, list)
    assert rows[0] == {"beaten": 0, "hands": 56, "probability": "1/46410"}


def test_hand_size_four_json_against_every_hand(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "--hand-size", "4")
    assert document["win_probability"] == "4489/11900"
    counts, _ = hands_by_beaten(4)
    rows = document["distribution"]
    assert isinstance(rows, list)
    assert {row["beaten"]: row["hands"] for row in rows} == dict(counts)


def test_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "--hand", "As,Kh,Qd,Jc,2s")
    assert document["hand"] == ["As", "Kh", "Qd", "Jc", "2s"]
    assert (document["seen"], document["unseen"], document["beaten"]) == ([], 47, 41)
    assert document["win_probability"] == "41/47"
    assert document["best_bet"] == {"action": "bet the pool", "expected_gain_per_chip_bet": "35/47"}


def test_hand_with_seen_cards_and_stakes(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(
        capsys,
        "--hand",
        "9c,7d,4h,3s",
        "--seen",
        "8c,2c,Kd",
        "--pool",
        "12",
        "--ante",
        "2",
        "--bankroll",
        "40",
    )
    beaten, unseen = beaten_unseen(
        [card_number(c) for c in ("9c", "7d", "4h", "3s")], [card_number(c) for c in ("8c", "2c", "Kd")]
    )
    assert (document["beaten"], document["unseen"]) == (beaten, unseen)
    # 9c beats 3c-7c (5), 7d beats 2d-6d (5), 4h 2 and 3s 1: 13 of 45, below 1/2, so the minimum
    # bet of 2, losing (1 - 2p) * 2 = 38/45 on average; Kelly also bets the minimum, 2/40 of 40.
    assert document["best_bet"] == {"action": "bet", "amount": 2, "expected_gain": "-38/45"}
    assert document["kelly_bet"] == {
        "action": "bet",
        "amount": 2,
        "fraction": "1/20",
        "expected_gain": "-38/45",
    }


def test_text_outputs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pool", "--hand", "As,Kh,Qd,Jc,2s", "--pool", "8", "--ante", "1"]) == 0
    text = capsys.readouterr().out
    assert "41/47" in text and "As beats 11 unseen spades" in text
    assert main(["pool", "--hand-size", "3", "--format", "github"]) == 0
    text = capsys.readouterr().out
    assert "3-card hands: summary" in text
    assert main(["pool", "--hand-size", "4", "--seen", "As,Kd", "--format", "csv"]) == 0
    assert "out of play: Kd,As" in capsys.readouterr().out


def test_exact_turn_gains_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, "--hand-size", "3", "--pool", "3", "--ante", "1")
    assert "first_player_expected_gain" in document
    document = run_json(capsys, "--hand-size", "3", "--bank", "7")
    assert document["banker_expected_gain"] == "-" + str(document["player_expected_gain_against_bank"])


def test_simulate_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "4", "--rounds", "300", "--seed", "5", "--pool-limit", "0"]
    document = run_json(capsys, *argv)
    again = run_json(capsys, *argv)
    assert document == again
    seats = document["seats"]
    assert isinstance(seats, list) and len(seats) == 4
    assert sum(seat["total_gain"] for seat in seats) + document["final_pool"] == 0
    assert "first_turn_expected_gain" in document
    assert main(["pool", "simulate", "--players", "2", "--rounds", "50", "--seed", "1", "--banking"]) == 0
    text = capsys.readouterr().out
    assert "banker per hand" in text


def test_simulate_options_after_the_word_simulate_are_used(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "3", "--rounds", "20", "--seed", "2", "--hand-size", "4", "--ante", "3"]
    document = run_json(capsys, *argv)
    assert document["players"] == 3
    assert document["hand_size"] == 4 and document["ante"] == 3


@pytest.mark.parametrize(
    "argv",
    [
        ["--hand", "As,As,Kd,Qd,2c"],
        ["--hand", "As,Kd", "--seen", "Kd"],
        ["--hand", "As,Kd", "--hand-size", "5"],
        ["--hand", "Zz"],
        ["--hand", "As", "--pool", "0", "--ante", "1"],
        ["--hand", "As", "--pool", "5", "--ante", "-1"],
        ["--hand", "As", "--pool", "5"],
        ["--hand", "As", "--bankroll", "10"],
        ["--hand-size", "0"],
        ["--hand-size", "x"],
        ["simulate", "--players", "12", "--rounds", "5", "--seed", "1"],
        ["simulate", "--players", "9", "--hand-size", "5", "--rounds", "5", "--seed", "1"],
        ["simulate", "--players", "8", "--burn", "--rounds", "5", "--seed", "1"],
        ["simulate", "--players", "3", "--rounds", "0", "--seed", "1"],
        ["simulate", "--players", "3", "--rounds", "5", "--seed", "1", "--strategy", "best,best"],
        ["simulate", "--players", "3", "--rounds", "5", "--seed", "1", "--banking", "--bank", "0"],
        ["--format", "json", "simulate", "--players", "3", "--rounds", "5", "--seed", "1"],
        ["--hand-size", "4", "simulate", "--players", "3", "--rounds", "5", "--seed", "1"],
        ["simulate", "--players", "3", "--rounds", "5", "--seed", "1", "--strategy", "kelly"],
        [
            "simulate",
            "--players",
            "3",
            "--rounds",
            "5",
            "--seed",
            "1",
            "--strategy",
            "best,kelly-ignoring-shown,best",
        ],
        ["simulate", "--players", "3", "--rounds", "5", "--seed", "1", "--bankroll", "0"],
        ["simulate", "--players", "3", "--rounds", "5", "--seed", "1", "--bankroll", "-5"],
        ["simulate", "--players", "3", "--rounds", "5", "--seed", "1", "--bankroll", "2.5"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(["pool", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardmath: error: ")


def test_simulate_with_bankrolls_and_kelly(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--players", "3", "--rounds", "300", "--seed", "4", "--bankroll", "50"]
    argv += ["--strategy", "kelly,best,fixed-2"]
    document = run_json(capsys, *argv)
    assert document == run_json(capsys, *argv)
    assert document["bankroll"] == 50
    seats = document["seats"]
    assert isinstance(seats, list)
    assert [seat["strategy"] for seat in seats] == ["kelly", "best", "fixed-2"]
    assert all(seat["final_bankroll"] == 50 + seat["total_gain"] for seat in seats)
    assert sum(seat["total_gain"] for seat in seats) + document["final_pool"] == 0
    assert main(["pool", *argv]) == 0
    text = capsys.readouterr().out
    assert "final bankroll" in text and "bankroll 50 chips each" in text
    assert main(["pool", "simulate", "--players", "2", "--rounds", "5", "--seed", "1"]) == 0
    assert "final bankroll" not in capsys.readouterr().out


SIMULATE = ["simulate", "--players", "3", "--rounds", "5", "--seed", "1"]
FIFTY_CARDS = ",".join(
    f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "cdhs" if f"{rank}{suit}" not in ("As", "Ah")
)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        ([*SIMULATE, "--hand-size", "0"], "the hand size must be a whole number from 1 to 51, not '0'"),
        ([*SIMULATE, "--bank", "50"], "give --banking with it"),
        (["--hand-size", "5", "--seen", FIFTY_CARDS], "50 cards out of play leave 2 cards"),
        ([*SIMULATE, "--strategy", "fixed-²"], "strategy fixed-N bets N chips: N must be a whole number"),
        ([*SIMULATE, "--strategy", "fixed-" + "9" * 5000], "too many digits"),
        (["--hand-size", "²"], "the hand size must be a whole number"),
        ([*SIMULATE[:-1], "1.5"], "the seed must be a whole number"),
        (["simulate", "--players", "3", "--rounds", "9" * 5000, "--seed", "1"], "too many digits"),
        (["--hand", "As", "--pool", "1/0", "--ante", "1"], "the pool must be a positive amount"),
    ],
)
def test_bad_input_says_what_is_wrong(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    assert main(["pool", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardmath: error: ")
    assert words in lines[0]


def test_banking_with_a_bank_is_played(capsys: pytest.CaptureFixture[str]) -> None:
    document = run_json(capsys, *SIMULATE, "--banking", "--bank", "50")
    assert (document["banking"], document["bank"]) == (True, 50)
    document = run_json(capsys, *SIMULATE, "--banking")
    assert document["bank"] == 100
    assert run_json(capsys, *SIMULATE)["bank"] is None


def test_help_points_to_the_documentation(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["pool", "--help"], ["pool", "simulate", "--help"]):
        assert main(argv) == 0
        text = capsys.readouterr().out
        assert "GAMES" not in text
        assert "documentation" in " ".join(text.split())


def test_text_is_title_blank_line_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pool", "--hand-size", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "High Card Pool, 3-card hands: unseen cards beaten"
    assert lines[1] == ""
    assert lines[2].split()[0] == "beaten"
    assert "High Card Pool, 3-card hands: summary" in lines
    at = lines.index("High Card Pool, 3-card hands: summary")
    assert lines[at - 1] == "" and lines[at + 1] == ""
    assert main(["pool", "--hand", "As,Kh"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["Hand As,Kh", ""]
    assert main([*["pool"], *SIMULATE]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:4] == ["", "Seats: gain per round", ""]
