"""``cardmath reddog`` on the command line: exact JSON, tables, and one-line errors.

The JSON is the catalogue document every game prints: the rules' fields, the counts, the one bet
``reddog`` under ``"bets"`` and its raise under ``"decisions"``.
"""

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
STANDARD_PAYS = (Fraction(5), Fraction(4), Fraction(2), Fraction(1))


def run_json(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, Any]:
    assert main(["reddog", *words, "--format", "json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def raised(data: dict[str, Any]) -> list[str]:
    """The states of the raise decision in which the player raises, as the document names them."""
    return [state["state"] for state in data["decisions"]["reddog"]["states"] if state["choice"] == "raise"]


@pytest.mark.parametrize("decks", sorted(EXACT))
def test_json_house_edges(capsys: pytest.CaptureFixture[str], decks: str) -> None:
    data = run_json(capsys, "--decks", decks)
    assert data["game"] == "reddog"
    assert data["decks"] == (decks if decks == "inf" else int(decks))
    bet = data["bets"]["reddog"]
    assert bet["house_edge"] == EXACT[decks]
    assert raised(data) == ["7", "8", "9", "10", "11"]
    assert sum(Fraction(o["probability"]) for o in bet["outcomes"]) == 1
    if decks == "inf":
        assert all(o["combinations"] is None for o in bet["outcomes"])
        assert data["total_combinations"] is None
    else:
        assert all(isinstance(o["combinations"], int) for o in bet["outcomes"])
        assert sum(o["combinations"] for o in bet["outcomes"]) == data["total_combinations"]


def test_json_of_a_depleted_shoe_against_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--decks", "1", "--remove", "As,Ah,2c,7d,8s")
    oracle = brute_force(deck_ranks(1, [14, 14, 2, 7, 8]))
    assert data["removed"] == ["As", "Ah", "2c", "7d", "8s"]
    assert data["total_combinations"] == 47 * 46 * 45 == oracle.total
    bet = data["bets"]["reddog"]
    assert Fraction(bet["house_edge"]) == oracle.house_edge
    assert Fraction(bet["element_of_risk"]) == oracle.element_of_risk
    assert Fraction(bet["variance"]) == oracle.variance
    assert Fraction(bet["hit_frequency"]) == oracle.hit_frequency
    assert bet["standard_deviation"] == pytest.approx(float(oracle.variance) ** 0.5, rel=1e-12)
    assert tuple(int(state) for state in raised(data)) == oracle.raise_on_spreads
    assert sum(o["combinations"] for o in bet["outcomes"]) == 47 * 46 * 45
    for outcome in bet["outcomes"]:
        assert Fraction(outcome["return"]) == Fraction(outcome["pays"]) * Fraction(outcome["probability"])
    # each spread's chance and what standing adds to the expected value, against the oracle
    for state in data["decisions"]["reddog"]["states"]:
        if state["state"].isdigit():
            spread = int(state["state"])
            assert Fraction(state["probability"]) == Fraction(oracle.spread_deals[spread], oracle.total)
            assert Fraction(state["values"]["stand"]) == oracle.stand_values[spread]
            assert Fraction(state["values"]["raise"]) == 2 * oracle.stand_values[spread]


def test_json_with_a_pay_table_against_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--decks", "2", "--spread-pays", "6,4,3/2,1", "--trips-pays", "12")
    pays = (Fraction(6), Fraction(4), Fraction(3, 2), Fraction(1))
    oracle = brute_force(deck_ranks(2), pays, Fraction(12))
    assert Fraction(data["bets"]["reddog"]["house_edge"]) == oracle.house_edge
    assert data["spread_pays"] == ["6", "4", "3/2", "1"]
    assert data["trips_pays"] == "12"
    assert data["raise_by"] == "spread"


def test_json_with_a_house_pay_against_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--pay", "reddog:spread 1=6", "--pay", "reddog:three of a kind=12")
    oracle = brute_force(deck_ranks(1), (Fraction(6), *STANDARD_PAYS[1:]), Fraction(12))
    assert Fraction(data["bets"]["reddog"]["house_edge"]) == oracle.house_edge
    outcomes = {o["outcome"]: o for o in data["bets"]["reddog"]["outcomes"]}
    assert outcomes["spread 1, won"]["pays"] == "6" and outcomes["three of a kind"]["pays"] == "12"
    # the spreads of 4 or more at 2 to 1: spreads 5 and 6 are raised too
    data = run_json(capsys, "--pay", "reddog:spread 4 or more=2", "--bets", "reddog")
    assert raised(data) == [str(spread) for spread in range(5, 12)]
    pays = (*STANDARD_PAYS[:3], Fraction(2))
    assert Fraction(data["bets"]["reddog"]["house_edge"]) == brute_force(deck_ranks(1), pays).house_edge


def test_standard_deviation_of_one_deck(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys)
    assert data["bets"]["reddog"]["standard_deviation"] == pytest.approx(1.4986, abs=1e-4)
    assert data["decks"] == 1


@pytest.mark.parametrize("fmt", ["simple", "github", "csv", "latex"])
def test_text_formats_print_every_table(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    assert main(["reddog", "--decks", "6", "--format", fmt]) == 0
    out = capsys.readouterr().out
    for title in ("par sheet", "bets", "raise strategy", "effects of removal"):
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
    "unknown bet": ["--bets", "tie"],
    "unknown pay": ["--pay", "reddog:spread 9=6"],
    "pay without a bet": ["--pay", "spread 1=6"],
    "pay of an unknown bet": ["--pay", "tie:tie=9"],
    "no pay tables": ["--pay-table", "reddog:house"],
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
    bet = data["bets"]["reddog"]
    assert Fraction(bet["house_edge"]) == oracle.house_edge == Fraction(-7, 2277)
    assert Fraction(bet["element_of_risk"]) == oracle.element_of_risk
    assert sum(Fraction(o["probability"]) for o in bet["outcomes"]) == 1
    outcomes = [o["outcome"] for o in bet["outcomes"]]
    assert "spread 6, won" in outcomes and "spread 6, raised, won" in outcomes
    # one state per pair of first two ranks with a spread: as many raised as the oracle raises
    states = [state for state in data["decisions"]["reddog"]["states"] if "-" in state["state"]]
    dealt = [state for state in states if Fraction(state["probability"])]
    assert len(dealt) == len(oracle.pair_counts)
    assert len(raised(data)) == sum(len(pairs) for pairs in oracle.raised_pairs.values())
    by_spread = run_json(capsys, "--decks", "1", "--remove", "2c,2d,3c,3d,3h,3s")
    assert by_spread["raise_by"] == "spread"
    assert raised(by_spread) == [str(spread) for spread in range(6, 12)]
    assert Fraction(by_spread["bets"]["reddog"]["house_edge"]) == Fraction(-3, 1265)


def test_text_raise_by_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog", "--remove", "Kc,Kd,Kh,Ks,Ac,Ad,Ah", "--raise-by", "cards"]) == 0
    out = capsys.readouterr().out
    assert "only 2-9, 3-T, 4-J, 5-Q" in out
    assert "spread 6, lost" in out and "spread 6, raised, lost" in out


D = sympy.Symbol("d", positive=True)


def test_closed_form_json_gives_the_exact_published_edges(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--closed-form")
    assert list(data) == ["game", "closed_form"]
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
    at_zero = brute_force(ranks, STANDARD_PAYS, Fraction(0)).house_edge
    at_one = brute_force(ranks, STANDARD_PAYS, Fraction(1)).house_edge
    return (at_zero - target) / (at_zero - at_one)


def test_fair_trips_pay_of_one_deck(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--solve-pay", "trips")
    assert data["game"] == "reddog" and data["decks"] == 1 and data["target_house_edge"] == "0"
    assert (data["bet"], data["outcome"]) == ("reddog", "three of a kind")
    assert Fraction(data["pay"]) == fair_trips_pay_by_brute_force(deck_ranks(1))
    # By hand from the one-deck par sheet: three of a kind in 13 * 4 * 3 * 2 = 312 of the 132600
    # ordered deals; at 11 to 1 the bettor loses 523/16575 * 132600 = 523 * 8 units over them all,
    # so the fair pay adds 523 * 8 / 312 to the 11.
    assert Fraction(data["pay"]) == 11 + Fraction(523 * 8, 312) == Fraction(952, 39)
    assert data["pay_to_one"].endswith(" to 1")
    assert run_json(capsys, "--solve-pay", "reddog:three of a kind")["pay"] == data["pay"]


def test_solve_pay_with_a_target_and_removed_cards(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--solve-pay", "trips", "--target-edge", "2.5", "--remove", "As,7d")
    assert data["target_house_edge"] == "1/40" and data["removed"] == ["As", "7d"]
    ranks = deck_ranks(1, [14, 7])
    assert Fraction(data["pay"]) == fair_trips_pay_by_brute_force(ranks, Fraction(1, 40))
    assert brute_force(ranks, STANDARD_PAYS, Fraction(data["pay"])).house_edge == Fraction(1, 40)


def test_solve_pay_for_spread_four_or_more(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--solve-pay", "4")
    assert data["outcome"] == "spread 4 or more" and data["pay"] == "6795/6224"
    pay = Fraction(data["pay"])
    oracle = brute_force(deck_ranks(1), (Fraction(5), Fraction(4), Fraction(2), pay), Fraction(11))
    assert oracle.house_edge == 0


def test_solve_pay_deciding_per_pair_against_brute_force(capsys: pytest.CaptureFixture[str]) -> None:
    words = ("--solve-pay", "trips", "--raise-by", "cards", "--remove", "Kc,Kd,Kh,Ks,Ac,Ad,Ah")
    data = run_json(capsys, *words)
    assert data["raise_by"] == "cards"
    ranks = deck_ranks(1, [13, 13, 13, 13, 14, 14, 14])
    assert brute_force_cards(ranks, trips_pays=Fraction(data["pay"])).house_edge == 0


def test_solve_pay_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog", "--solve-pay", "trips", "--target-edge", "5", "--format", "github"]) == 0
    out = capsys.readouterr().out
    assert "house edge of 5%" in out and "pay exact" in out and " to 1" in out


def test_solve_pay_table_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog", "--solve-pay", "trips"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Red Dog pay of reddog: three of a kind for a house edge of 0%, 1 deck\n\n")
    assert "952/39" in out and "24.4102564103 to 1" in out
    assert main(["reddog", "--solve-pay", "4", "--decks", "inf"]) == 0
    assert capsys.readouterr().out.startswith(
        "Red Dog pay of reddog: spread 4 or more for a house edge of 0%, infinite decks"
    )


def test_solve_pay_json_keys(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "--solve-pay", " 2 ", "--spread-pays", "5,4,2,1,1,1,1,1,1,1,1")
    assert list(data) == [
        "game",
        "decks",
        "removed",
        "spread_pays",
        "trips_pays",
        "raise_by",
        "bet",
        "outcome",
        "target_house_edge",
        "pay",
        "pay_to_one",
    ]
    assert (data["bet"], data["outcome"]) == ("reddog", "spread 2") and len(data["spread_pays"]) == 11
    pays = [Fraction(5), Fraction(data["pay"]), Fraction(2), *[Fraction(1)] * 8]
    assert brute_force(deck_ranks(1), tuple(pays), Fraction(11)).house_edge == 0


def test_json_keys_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys)
    assert list(data) == [
        "game",
        "decks",
        "removed",
        "spread_pays",
        "trips_pays",
        "raise_by",
        "total_combinations",
        "results",
        "result_probabilities",
        "bets",
        "decisions",
    ]
    assert (data["results"], data["result_probabilities"]) == ({}, {})
    assert list(data["bets"]) == list(data["decisions"]) == ["reddog"]
    assert list(data["bets"]["reddog"]) == [
        "house_edge",
        "element_of_risk",
        "variance",
        "standard_deviation",
        "hit_frequency",
        "outcomes",
    ]
    assert list(data["decisions"]["reddog"]) == ["decision", "choices", "fixed", "states", "decider", "sees"]
    assert data["decisions"]["reddog"]["sees"] == ["first", "second"]
    assert list(data["decisions"]["reddog"]["states"][0]) == ["state", "probability", "values", "choice"]


def test_text_is_title_blank_line_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Red Dog par sheet, 1 deck\n\noutcome ")
    assert "\n\nRed Dog bets, 1 deck\n\nbet " in out
    assert "\n\nRed Dog effects of removal, 1 deck\n\nbet " in out
    assert "\n\nRed Dog raise strategy, 1 deck\n\n" in out


BAD_NEW = {
    "closed form with decks": (["--closed-form", "--decks", "6"], "leave out --decks"),
    "closed form with removed cards": (["--closed-form", "--remove", "As"], "leave out --decks"),
    "raise set changes with d": (
        ["--closed-form", "--spread-pays", "5,4,2,1,1,9/8,1,1,1,1,1"],
        "depends on the number of decks",
    ),
    "both tasks": (["--closed-form", "--solve-pay", "trips"], "not allowed with"),
    "unknown pay": (["--solve-pay", "pair"], "bet 'reddog' has no pay 'pair'"),
    "position beyond the table": (["--solve-pay", "5"], "'5'"),
    "pay not in the table": (["--solve-pay", "reddog:spread 5"], "has no pay 'spread 5'"),
    "target above 100": (["--solve-pay", "trips", "--target-edge", "101"], "from -100 to 100"),
    "target below -100": (["--solve-pay", "trips", "--target-edge", "-100.5"], "from -100 to 100"),
    "target not a number": (["--solve-pay", "trips", "--target-edge", "a lot"], "from -100 to 100"),
    "target alone": (["--target-edge", "2"], "goes with --solve-pay"),
    "target with closed form": (["--closed-form", "--target-edge", "2"], "goes with --solve-pay"),
    "unreachable target": (["--solve-pay", "trips", "--target-edge", "100"], "no pay"),
    "solve pay with bets": (["--solve-pay", "trips", "--bets", "reddog"], "leave out --bets"),
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
    for option in ("--closed-form", "--solve-pay", "--target-edge", "--pay", "--bets", "--raise-by"):
        assert option in out
