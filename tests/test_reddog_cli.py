"""``cardmath reddog`` on the command line: exact JSON, tables, and one-line errors."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
import sympy

from cardmath.cli import main
from tests.oracles.reddog_bruteforce import brute_force, deck_ranks
from tests.oracles.reddog_bruteforce_cards import brute_force_cards

# The exact house edges (the published figures, Wizard of Odds, quote them rounded: 3.155% ... 2.751%).
EXACT = {
    "1": "523/16575",
    "2": "2101/68289",
    "4": "7993/277173",
    "6": "17533/626665",
    "8": "30721/1116765",
    "inf": "57/2197",
}


def run_json(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, Any]:
    assert main(["reddog", *words, "--format", "json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("decks", sorted(EXACT))
def test_json_house_edges(capsys: pytest.CaptureFixture[str], decks: str) -> None:
    data = run_json(capsys, "--decks", decks)
    assert data["game"] == "reddog"
    assert data["decks"] == (decks if decks == "inf" else int(decks))
    assert data["house_edge"] == EXACT[decks]
    assert data["raise_on_spreads"] == [7, 8, 9, 10, 11]
    assert sum(Fraction(o["probability"]) for o in data["outcomes"]) == 1
    if decks == "inf":
        assert all(o["combinations"] is None for o in data["outcomes"])
        assert data["effects_of_removal"] is None
    else:
        assert all(isinstance(o["combinations"], int) for o in data["outcomes"])


def test_json_of_a_depleted_shoe_against_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--decks", "1", "--remove", "As,Ah,2c,7d,8s")
    oracle = brute_force(deck_ranks(1, [14, 14, 2, 7, 8]))
    assert data["removed"] == ["As", "Ah", "2c", "7d", "8s"]
    assert data["cards"] == 47
    assert Fraction(data["house_edge"]) == oracle.house_edge
    assert Fraction(data["house_edge_no_raise"]) == oracle.house_edge_no_raise
    assert Fraction(data["element_of_risk"]) == oracle.element_of_risk
    assert data["standard_deviation"] == pytest.approx(float(oracle.variance) ** 0.5, rel=1e-12)
    assert tuple(data["raise_on_spreads"]) == oracle.raise_on_spreads
    assert sum(o["combinations"] for o in data["outcomes"]) == 47 * 46 * 45
    for outcome in data["outcomes"]:
        assert Fraction(outcome["return"]) == Fraction(outcome["pays"]) * Fraction(outcome["probability"])


def test_json_with_a_pay_table_against_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--decks", "2", "--spread-pays", "6,4,3/2,1", "--trips-pays", "12")
    pays = (Fraction(6), Fraction(4), Fraction(3, 2), Fraction(1))
    oracle = brute_force(deck_ranks(2), pays, Fraction(12))
    assert Fraction(data["house_edge"]) == oracle.house_edge
    assert data["spread_pays"][:4] == ["6", "4", "3/2", "1"]
    assert data["trips_pays"] == "12"


def test_standard_deviation_of_one_deck(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys)
    assert data["standard_deviation"] == pytest.approx(1.4986, abs=1e-4)
    assert data["decks"] == 1


@pytest.mark.parametrize("fmt", ["simple", "github", "csv", "latex"])
def test_text_formats_print_every_table(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    assert main(["reddog", "--decks", "6", "--format", fmt]) == 0
    out = capsys.readouterr().out
    for title in ("par sheet", "figures", "raise strategy", "effects of removal"):
        assert f"Red Dog {title}, 6 decks" in out
    assert "spread 7, raised, won" in out


BAD = {
    "zero decks": ["--decks", "0"],
    "negative decks": ["--decks", "-2"],
    "decks not a number": ["--decks", "two"],
    "bad card": ["--remove", "As,1x"],
    "card removed twice": ["--remove", "As,As"],
    "card beyond the shoe": ["--decks", "2", "--remove", "Kd,Kd,Kd"],
    "remove from infinite": ["--decks", "inf", "--remove", "As"],
    "short pay list": ["--spread-pays", "5,4,2"],
    "long pay list": ["--spread-pays", "5,4,2,1,1"],
    "negative pay": ["--spread-pays", "5,4,-2,1"],
    "negative trips": ["--trips-pays", "-11"],
    "pay not a number": ["--trips-pays", "lots"],
    "unknown format": ["--format", "fancy"],
    "unknown raise decision": ["--raise-by", "pairs"],
    "too few cards": ["--remove", ",".join([f"{r}{s}" for r in "23456789TJQKA" for s in "cdhs"][:50])],
}


@pytest.mark.parametrize("label", sorted(BAD))
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], label: str) -> None:
    assert main(["reddog", *BAD[label]]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("cardmath: error: ")
    assert "Traceback" not in captured.err


def test_json_raise_by_cards_against_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--decks", "1", "--remove", "2c,2d,3c,3d,3h,3s", "--raise-by", "cards")
    oracle = brute_force_cards(deck_ranks(1, [2, 2, 3, 3, 3, 3]))
    assert data["raise_by"] == "cards"
    assert Fraction(data["house_edge"]) == oracle.house_edge == Fraction(-7, 2277)
    assert data["raised_pairs"]["6"] == ["4-J", "5-Q", "6-K", "7-A"]
    assert data["differing_pairs"] == ["2-9"]
    assert sum(Fraction(o["probability"]) for o in data["outcomes"]) == 1
    assert "spread 6, not raised, won" in [o["outcome"] for o in data["outcomes"]]
    by_spread = run_json(capsys, "--decks", "1", "--remove", "2c,2d,3c,3d,3h,3s")
    assert by_spread["raise_by"] == "spread"
    assert by_spread["raised_pairs"] is None
    assert Fraction(by_spread["house_edge"]) == Fraction(-3, 1265)


def test_text_raise_by_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog", "--remove", "Kc,Kd,Kh,Ks,Ac,Ad,Ah", "--raise-by", "cards"]) == 0
    out = capsys.readouterr().out
    assert "only 2-9, 3-T, 4-J, 5-Q" in out
    assert "spread 6, not raised, lost" in out


D = sympy.Symbol("d", positive=True)


def test_closed_form_json_gives_the_exact_published_edges(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--closed-form")
    assert data["game"] == "reddog"
    form = data["closed_form"]["reddog"]
    expression = sympy.sympify(form["house_edge"], locals={"d": D})
    for decks in ("1", "2", "6"):
        assert expression.subs(D, int(decks)) == sympy.Rational(EXACT[decks])
    assert form["limit"] == EXACT["inf"] == "57/2197"


@pytest.mark.parametrize("fmt", ["simple", "github", "csv"])
def test_closed_form_table(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    assert main(["reddog", "--closed-form", "--format", fmt]) == 0
    out = capsys.readouterr().out
    for header in ("bet", "house edge in d", "limit exact", "limit as percent"):
        assert header in out
    assert "57/2197" in out and "2.5944%" in out and "*d**2" in out


def fair_trips_pay_by_brute_force(ranks: list[int], target: Fraction = Fraction(0)) -> Fraction:
    """The house edge is linear in the trips pay (the raise decisions do not read it): solve it."""
    pays = (Fraction(5), Fraction(4), Fraction(2), Fraction(1))
    at_zero = brute_force(ranks, pays, Fraction(0)).house_edge
    at_one = brute_force(ranks, pays, Fraction(1)).house_edge
    return (at_zero - target) / (at_zero - at_one)


def test_fair_trips_pay_of_one_deck(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--solve-pay", "trips")
    assert data["game"] == "reddog" and data["decks"] == 1 and data["target_house_edge"] == "0"
    assert Fraction(data["pay"]) == fair_trips_pay_by_brute_force(deck_ranks(1))
    # By hand from the one-deck par sheet: three of a kind in 13 * 4 * 3 * 2 = 312 of the 132600
    # ordered deals; at 11 to 1 the bettor loses 523/16575 * 132600 = 523 * 8 units over them all,
    # so the fair pay adds 523 * 8 / 312 to the 11.
    assert Fraction(data["pay"]) == 11 + Fraction(523 * 8, 312) == Fraction(952, 39)
    assert data["pay_to_one"].endswith(" to 1")


def test_solve_pay_with_a_target_and_removed_cards(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--solve-pay", "trips", "--target-edge", "2.5", "--remove", "As,7d")
    assert data["target_house_edge"] == "1/40" and data["removed"] == ["As", "7d"]
    ranks = deck_ranks(1, [14, 7])
    assert Fraction(data["pay"]) == fair_trips_pay_by_brute_force(ranks, Fraction(1, 40))
    pays = (Fraction(5), Fraction(4), Fraction(2), Fraction(1))
    assert brute_force(ranks, pays, Fraction(data["pay"])).house_edge == Fraction(1, 40)


def test_solve_pay_for_spread_four_or_more(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--solve-pay", "4")
    pay = Fraction(data["pay"])
    oracle = brute_force(deck_ranks(1), (Fraction(5), Fraction(4), Fraction(2), pay), Fraction(11))
    assert oracle.house_edge == 0


def test_solve_pay_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog", "--solve-pay", "trips", "--target-edge", "5", "--format", "github"]) == 0
    out = capsys.readouterr().out
    assert "house edge of 5%" in out and "pay exact" in out and " to 1" in out


def test_solve_pay_table_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog", "--solve-pay", "trips"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Red Dog pay of three of a kind for a house edge of 0%, 1 deck\n\n")
    assert "952/39" in out and "24.4102564103 to 1" in out
    assert main(["reddog", "--solve-pay", "4", "--decks", "inf"]) == 0
    assert capsys.readouterr().out.startswith(
        "Red Dog pay of spread 4 or more for a house edge of 0%, infinite decks"
    )


def test_solve_pay_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--solve-pay", " 2 ", "--spread-pays", "5,4,2,1,1,1,1,1,1,1,1")
    assert list(data) == [
        "game",
        "decks",
        "removed",
        "spread_pays",
        "trips_pays",
        "solve_pay",
        "target_house_edge",
        "pay",
        "pay_to_one",
    ]
    assert data["solve_pay"] == "2" and len(data["spread_pays"]) == 11
    pays = [Fraction(5), Fraction(data["pay"]), Fraction(2), *[Fraction(1)] * 8]
    assert brute_force(deck_ranks(1), tuple(pays), Fraction(11)).house_edge == 0


def test_json_keys_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys)
    assert list(data) == [
        "game",
        "decks",
        "removed",
        "cards",
        "spread_pays",
        "trips_pays",
        "house_edge",
        "house_edge_no_raise",
        "element_of_risk",
        "expected_total_bet",
        "variance",
        "standard_deviation",
        "hit_frequency",
        "raise_by",
        "raise_on_spreads",
        "raised_pairs",
        "differing_pairs",
        "outcomes",
        "total_combinations",
        "effects_of_removal",
    ]
    assert list(data["effects_of_removal"]) == list("23456789TJQKA")


def test_text_is_title_blank_line_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Red Dog par sheet, 1 deck\n\noutcome ")
    assert "\n\nRed Dog figures, 1 deck\n\nfigure " in out


BAD_NEW = {
    "closed form with decks": (["--closed-form", "--decks", "6"], "leave out --decks"),
    "closed form with removed cards": (["--closed-form", "--remove", "As"], "leave out --decks"),
    "raise set changes with d": (
        ["--closed-form", "--spread-pays", "5,4,2,1,1,9/8,1,1,1,1,1"],
        "depends on the number of decks",
    ),
    "both tasks": (["--closed-form", "--solve-pay", "trips"], "not allowed with"),
    "unknown pay": (["--solve-pay", "pair"], "'trips' or a spread pay position"),
    "position beyond the table": (["--solve-pay", "5"], "position 1 to 4"),
    "target above 100": (["--solve-pay", "trips", "--target-edge", "101"], "from -100 to 100"),
    "target below -100": (["--solve-pay", "trips", "--target-edge", "-100.5"], "from -100 to 100"),
    "target not a number": (["--solve-pay", "trips", "--target-edge", "a lot"], "from -100 to 100"),
    "target alone": (["--target-edge", "2"], "goes with --solve-pay"),
    "target with closed form": (["--closed-form", "--target-edge", "2"], "goes with --solve-pay"),
    "unreachable target": (["--solve-pay", "trips", "--target-edge", "100"], "no pay"),
    "solve pay deciding per pair": (
        ["--solve-pay", "trips", "--raise-by", "cards"],
        "--solve-pay raises once per spread: leave out --raise-by cards",
    ),
    "pay of one over zero": (["--trips-pays", "1/0"], "three of a kind pays"),
}


@pytest.mark.parametrize("label", sorted(BAD_NEW))
def test_bad_closed_form_and_solve_pay_input(capsys: pytest.CaptureFixture[str], label: str) -> None:
    words, message = BAD_NEW[label]
    assert main(["reddog", *words]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("cardmath: error: ")
    assert message in captured.err


def test_help_describes_the_new_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--closed-form" in out and "--solve-pay" in out and "--target-edge" in out
