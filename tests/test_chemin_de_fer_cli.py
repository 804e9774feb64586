"""``cardmath chemin-de-fer``: the JSON contract with exact values, the tables, and one-line errors
with exit status 2.

Model A1's figures are Kemeny and Snell's (1957), as Ethier and Gámez (2013) restate them: value
-679568/53094899 to Player, who draws on 5 with probability 9/11.  The figures of models B2 and B3
and of the casino game are not published ones: they are the regression values of
tests/oracles/chemin_de_fer_figures.py, certified by the best-response oracle in
tests/test_chemin_de_fer.py.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from cardmath.cli import main
from cardmath.output import FORMATS
from tests.oracles.chemin_de_fer_figures import CASINO_B2, MODEL_B2, MODEL_B3


def run(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    status = main(["chemin-de-fer", *arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_json(capsys: pytest.CaptureFixture[str], *arguments: str) -> dict[str, Any]:
    status, out, err = run(capsys, *arguments, "--format", "json")
    assert status == 0 and not err
    document = json.loads(out)
    assert isinstance(document, dict)
    return document


TEXT_FORMATS = ("simple", "github", "grid", "pipe", "plain", "rst", "latex", "html", "tsv", "csv")
"""Formats printed as text (a workbook format is written to a file, not printed)."""

KEYS = [
    "game",
    "model",
    "decks",
    "removed",
    "commission",
    "value",
    "banker_payoff",
    "uniqueness",
    "method",
    "player_strategy",
    "banker_strategy",
    "other_equilibria",
    "punto_banco",
]


def test_model_a1_json_is_kemeny_and_snell(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--model", "A1")
    assert list(data) == KEYS
    assert (data["game"], data["model"], data["decks"], data["removed"]) == ("chemin-de-fer", "A1", "inf", [])
    assert (data["commission"], data["value"], data["banker_payoff"]) == (
        "0",
        "-679568/53094899",
        "679568/53094899",
    )
    assert (data["uniqueness"], data["method"]) == ("unique", "Foster's algorithm")
    assert data["player_strategy"] == {"5": "9/11"}
    assert list(data["banker_strategy"]) == [str(total) for total in range(8)]
    assert data["banker_strategy"]["6"] == {
        "stood": "859/2288",
        **{str(v): "1" if v in (6, 7) else "0" for v in range(10)},
    }
    assert data["other_equilibria"] == []
    link = data["punto_banco"]
    assert list(link) == ["tableau_value", "fixed_rule_value", "fixed_rule_cost", "departures"]
    assert link["tableau_value"] == "-4560/371293"
    assert link["departures"] == [
        {"banker_hand": "6", "player_action": "stood", "tableau": "stand", "optimal": "859/2288"}
    ]


def test_model_b3_is_the_default_on_six_decks(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys)
    figures = MODEL_B3[6]
    assert (data["model"], data["decks"], data["value"]) == ("B3", 6, str(figures.player_payoff))
    assert data["player_strategy"] == {f"{{{a},{b}}}": str(q) for (a, b), q in figures.player.items()}
    assert len(data["banker_strategy"]) == 44
    assert all(len(actions) == 11 for actions in data["banker_strategy"].values())


def test_casino_model_b2_with_a_commission(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--model", "b2", "--decks", "6", "--commission", "5")
    assert (data["model"], data["commission"], data["uniqueness"]) == ("B2", "1/20", "unique")
    figures = CASINO_B2[6]
    assert data["player_strategy"] == {"5": str(figures.player[(5,)])}
    assert data["banker_strategy"]["{0,6}"]["stood"] == str(figures.banker_mixes[(0, 6), None])
    assert (data["value"], data["banker_payoff"]) == (str(figures.player_payoff), str(figures.banker_payoff))


def test_a_depleted_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--model", "B2", "--decks", "1", "--remove", "As,10d")
    assert (data["decks"], data["removed"]) == (1, ["As", "Td"])
    assert data["value"].startswith("-")


@pytest.mark.parametrize("fmt", [name for name in FORMATS if name in TEXT_FORMATS])
def test_every_table_format(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    status, out, err = run(capsys, "--model", "A1", "--format", fmt)
    assert status == 0 and not err
    assert "Chemin de fer A1, infinite decks" in out or fmt == "csv"
    assert "859/2288" in out


def test_text_tables(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--model", "B2", "--decks", "2")
    assert status == 0
    titles = [line for line in out.splitlines() if line.startswith("Chemin de fer")]
    assert titles == [
        "Chemin de fer B2, 2 decks: solution",
        "Chemin de fer B2, 2 decks: Player's strategy",
        "Chemin de fer B2, 2 decks: Banker's strategy (columns: Player stood, or his third card)",
        "Chemin de fer B2, 2 decks: departures of punto banco's tableau",
    ]
    assert str(MODEL_B2[2].player[(5,)]) in out  # 16215/20804


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--model", "C3"], "the model must be one of A1, A2, A3, B1, B2 or B3, not 'C3'"),
        (
            ["--model", "A1", "--decks", "6"],
            "model A1 deals with replacement: leave out --decks or give --decks inf",
        ),
        (["--model", "B2", "--decks", "inf"], "model B2 deals without replacement from a finite shoe"),
        (["--model", "A3", "--remove", "As"], "cards cannot be removed from an infinite shoe"),
        (
            ["--commission", "150"],
            "the commission must be a percentage from 0 to 100, such as 0 or 5, not '150'",
        ),
        (["--commission", "x"], "the commission must be a percentage from 0 to 100"),
        (["--decks", "0"], "the number of decks must be"),
        (["--decks", "1", "--remove", "As,As"], "cannot remove As"),
        (["--format", "word"], "unknown format 'word'"),
        (["--bets", "player"], "unrecognized arguments: --bets"),
    ],
)
def test_errors_are_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    status, out, err = run(capsys, *arguments)
    assert status == 2 and not out
    assert err.startswith("cardmath: error: ") and err.count("\n") == 1
    assert message in err


def test_help_names_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for option in ("--model", "--decks", "--remove", "--commission", "--format"):
        assert option in out
