"""``cardmath baccarat``: the JSON contract, the table formats and one-line errors."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import sympy

from cardmath.cli import main
from cardmath.games.baccarat import BUILT_IN_BET_NAMES


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
    # The published eight-deck counts (Wizard of Odds, baccarat).
    assert data["total_combinations"] == 4_998_398_275_503_360
    assert data["results"] == {
        "player_wins": 2_230_518_282_592_256,
        "banker_wins": 2_292_252_566_437_888,
        "ties": 475_627_426_473_216,
    }
    assert list(data["bets"]) == list(BUILT_IN_BET_NAMES)
    banker = data["bets"]["banker"]
    numerator, denominator = (int(x) for x in banker["house_edge"].split("/"))
    assert round(numerator / denominator * 100, 4) == 1.0579  # published: banker 1.0579%
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
        "Baccarat Banker (5% commission) par sheet",  # the bet's display name where people read
        "Baccarat effects of removal",
    ):
        assert title in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--bets", "player,lucky"), "unknown Baccarat bet 'lucky'"),
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


D = sympy.Symbol("d", positive=True)


def closed_forms(capsys: pytest.CaptureFixture[str], bets: str) -> dict[str, tuple[sympy.Expr, Fraction]]:
    status, out, _ = run(capsys, "--closed-form", "--bets", bets, "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["game"] == "baccarat" and list(data["closed_form"]) == bets.split(",")
    return {
        name: (sympy.sympify(form["house_edge"], locals={"d": D}), Fraction(form["limit"]))
        for name, form in data["closed_form"].items()
    }


def test_closed_form_of_tie_and_player_pair(capsys: pytest.CaptureFixture[str]) -> None:
    forms = closed_forms(capsys, "tie,player_pair")
    tie, _ = forms["tie"]
    assert round(float(tie.subs(D, 8)) * 100, 4) == 14.3596  # published: tie at 8 to 1, 8 decks
    # By hand: P(pair) = (4d - 1) / (52d - 1), and the bet pays 11 to 1, so edge = 1 - 12 P(pair).
    pair, limit = forms["player_pair"]
    assert sympy.cancel(pair - (4 * D + 11) / (52 * D - 1)) == 0
    assert limit == Fraction(4, 52)


@pytest.mark.parametrize("fmt", ["simple", "github", "csv"])
def test_closed_form_table(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    status, out, _ = run(capsys, "--closed-form", "--bets", "banker,player_pair", "--format", fmt)
    assert status == 0
    for text in (
        "house edge in d",
        "limit exact",
        "limit as percent",
        "Banker (5% commission)",  # the bet's display name where people read
        "Player Pair",
        "(4*d + 11)/(52*d - 1)",
        "1/13",
    ):
        assert text in out


def test_fair_tie_pay_of_eight_decks(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--solve-pay", "tie:tie", "--format", "json")
    assert status == 0
    data = json.loads(out)
    assert data["game"] == "baccarat" and data["decks"] == 8 and data["target_house_edge"] == "0"
    p_tie = Fraction(475_627_426_473_216, 4_998_398_275_503_360)  # the published eight-deck counts
    assert Fraction(data["pay"]) == (1 - p_tie) / p_tie
    assert data["pay_to_one"].startswith("9.509") and data["pay_to_one"].endswith(" to 1")


def test_solve_pay_with_a_target(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--solve-pay", "tie:tie", "--target-edge", "5", "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["target_house_edge"] == "1/20"
    p_tie = Fraction(475_627_426_473_216, 4_998_398_275_503_360)
    assert -(Fraction(data["pay"]) * p_tie - (1 - p_tie)) == Fraction(1, 20)
    # Wizard of Odds: the tie at 9 to 1 has a 4.844% edge, so 5% needs a pay a little below 9.
    assert 8 < Fraction(data["pay"]) < 9


def test_solve_pay_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--solve-pay", "player_pair:pair", "--decks", "1", "--format", "github")
    assert status == 0
    # One deck: P(pair) = 3/51 = 1/17, so the fair pay is 16 to 1.
    assert "| pay exact         | 16 " in out and "16 to 1" in out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--closed-form", "--decks", "6"), "leave out --decks and --remove"),
        (("--closed-form", "--remove", "As"), "leave out --decks and --remove"),
        (("--closed-form", "--bets", "lucky"), "unknown Baccarat bet 'lucky'"),
        (("--closed-form", "--solve-pay", "tie:tie"), "not allowed with"),
        (("--solve-pay", "tie:win"), "bet 'tie' has no outcome 'win': choose one of 'tie', 'no tie'"),
        (("--solve-pay", "tie"), "the outcomes of tie are 'tie', 'no tie'"),
        (("--solve-pay", "lucky:win"), "unknown Baccarat bet 'lucky'"),
        (("--solve-pay", ":win"), "needs BET:OUTCOME"),
        (("--solve-pay", "tie:tie", "--target-edge", "100.01"), "from -100 to 100"),
        (("--solve-pay", "tie:tie", "--target-edge", "x"), "from -100 to 100"),
        (("--solve-pay", "tie:tie", "--bets", "tie"), "leave out --bets"),
        (("--target-edge", "1"), "goes with --solve-pay"),
    ],
)
def test_bad_closed_form_and_solve_pay_input(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *arguments)
    assert status == 2 and not out
    assert err.count("\n") == 1 and err.startswith("cardmath: error: ") and message in err


def test_help_describes_the_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    assert "--closed-form" in out and "--solve-pay" in out and "BET:OUTCOME" in out and "--target-edge" in out


def test_json_keys_in_order_and_an_undefined_edge_is_null(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--decks", "8", "--bets", "tie", "--format", "json")
    assert status == 0
    assert list(json.loads(out)) == [
        "game",
        "decks",
        "removed",
        "commission",
        "tie_pays",
        "total_combinations",
        "results",
        "result_probabilities",
        "bets",
    ]
    assert json.loads(out)["commission"] == "1/20" and json.loads(out)["tie_pays"] == "8"
    # One deck less every ace to nine: only cards worth 0 are left, so every deal ties 0-0 and the
    # banker bet never resolves: its house edge excluding pushes is undefined.
    ace_to_nine = ",".join(f"{rank}{suit}" for rank in "A23456789" for suit in "cdhs")
    status, out, _ = run(
        capsys, "--decks", "1", "--remove", ace_to_nine, "--bets", "banker", "--format", "json"
    )
    data = json.loads(out)
    assert status == 0 and len(data["removed"]) == 36
    assert data["bets"]["banker"]["house_edge"] == "0"
    assert data["bets"]["banker"]["house_edge_excluding_pushes"] is None


def test_text_output_is_title_blank_line_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--decks", "inf", "--bets", "tie", "--format", "github")
    assert status == 0
    lines = out.splitlines()
    assert lines[:2] == ["Baccarat results, infinite decks", ""] and lines[2].startswith("| result ")
    assert "Baccarat Tie par sheet, infinite decks" in lines and "Baccarat bets, infinite decks" in lines
    start = lines.index("Baccarat Tie par sheet, infinite decks")
    assert lines[start - 1] == "" and lines[start + 1] == "" and lines[start + 2].startswith("| outcome")
