"""``cardmath information``: the published edge-sorting figures from the command line, and every
kind of bad knowledge refused in one line with exit status 2.

The figures are Eliot Jacobson's (edge-sorting analyses on the 888casino blog and apheat.net,
2012-2013; 8 decks, Player 1 to 1, Banker 19 to 20, Tie 8 to 1): the first card's group (High =
6, 7, 8, 9) worth 6.765 %; the first four cards' groups 20.928 % sitting out the one losing
pattern; the best four-card sort (Fred Roach's, found by trying every grouping) 30.291 %.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from cardmath.cli import main
from cardmath.cli.information import informed_games

MAIN_BETS = ("--bets", "player,banker,tie")


def run_json(capsys: pytest.CaptureFixture[str], *words: str) -> Any:
    """The JSON document ``cardmath information`` prints for ``words``."""
    assert main(["information", *words, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def percent(text: str, places: int = 3) -> float:
    """An exact ``"p/q"`` as a percentage rounded to ``places`` decimals."""
    return round(float(Fraction(text)) * 100, places)


def test_the_first_card_sorted_6789_is_worth_6_765_percent(capsys: pytest.CaptureFixture[str]) -> None:
    found = run_json(capsys, "baccarat", "--known", "P1", "--groups", "6789", *MAIN_BETS)
    assert percent(found["edge_every_hand"]) == 6.765
    best = {pattern["cards"]["P1"]: pattern["best_bet"] for pattern in found["patterns"]}
    assert best == {"6789": "player", "012345": "banker"}  # Player on High, Banker on Low


def test_the_first_four_cards_sorted_6789_are_worth_20_928_percent_sitting_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = run_json(
        capsys, "baccarat", "--known", "P1,B1,P2,B2", "--groups", "6789", "--sit-out", *MAIN_BETS
    )
    assert found["sit_out"] is True
    assert percent(found["edge"]) == percent(found["edge_sitting_out"]) == 20.928
    skipped = [pattern["cards"] for pattern in found["patterns"] if pattern["sits_out"]]
    assert skipped == [{"P1": "012345", "B1": "012345", "P2": "012345", "B2": "012345"}]  # LL/LL
    # the best pattern: Player High-Low (either order), Banker Low-Low
    best = max(found["patterns"], key=lambda pattern: Fraction(pattern["best_value"]))
    assert percent(best["best_value"]) == 36.332
    both = [
        pattern
        for pattern in found["patterns"]
        if {pattern["cards"]["P1"], pattern["cards"]["P2"]} == {"6789", "012345"}
        and pattern["cards"]["B1"] == pattern["cards"]["B2"] == "012345"
    ]
    assert len(both) == 2
    assert percent(str(sum(Fraction(pattern["probability"]) for pattern in both))) == 20.502


def test_the_best_four_card_sort_is_0123_against_the_rest_worth_30_291_percent(
    capsys: pytest.CaptureFixture[str],
) -> None:
    found = run_json(
        capsys, "baccarat", "--known", "P1,B1,P2,B2", "--best-sort", "--sit-out", "--top", "3", *MAIN_BETS
    )
    first = found["sorts"][0]
    assert sorted(first["groups"]) == ["0123", "456789"]  # ace, 2, 3 and the ten-valued cards
    assert percent(first["edge_sitting_out"]) == 30.291
    assert len(found["sorts"]) == 3
    assert found["best_sort"]["groups"] == first["groups"]


def test_csv_shows_the_pattern_table_under_its_title(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["information", "dragon-tiger", "--known", "dragon", "--groups", "89TJQK", "--format", "csv"])
        == 0
    )
    csv_text = capsys.readouterr().out
    lines = csv_text.splitlines()
    assert lines[0] == "Dragon Tiger: the dragon card seen as 89TJQK or 234567A, 8 decks"
    assert any(line.startswith("dragon card,probability") for line in lines)
    assert "edge, sitting out" in csv_text


def test_every_informed_game_answers_a_one_card_question(capsys: pytest.CaptureFixture[str]) -> None:
    for game in informed_games():
        position = game.counter(game.default_rules).known_positions()[0]
        found = run_json(capsys, game.name, "--known", position, "--decks", "2")
        total = sum(Fraction(pattern["probability"]) for pattern in found["patterns"])
        assert total == 1, game.name


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["baccarat", "--known", "P9"], "has no position 'P9'"),
        (["baccarat", "--known", "P1,P1"], "named twice"),
        (["baccarat", "--known", "P1", "--groups", "0123456789"], "tells nothing"),
        (["baccarat", "--known", "P1", "--groups", "6789/789"], "in two groups"),
        (["baccarat", "--known", "P1", "--groups", "Z"], "is not a card of this game"),
        (["baccarat", "--known", "P1", "--groups", "/"], "at least one card"),
        (["baccarat", "--given", "P1=7,P1=8"], "given twice"),
        (["baccarat", "--given", "P1=0123456789"], "tells nothing"),
        (["baccarat", "--given", "P1"], "POSITION=CARDS"),
        (["baccarat", "--given", "P1=7", "--decks", "1", "--remove", "7c,7d,7h,7s"], "does not hold"),
        (
            ["dragon-tiger", "--given", "dragon=A,tiger=A", "--decks", "1", "--remove", "Ac,Ad,Ah"],
            "does not hold",
        ),
        (["baccarat", "--known", "P1", "--groups", "6789", "--bets", "player_pair"], "ranks or suits"),
        (["baccarat"], "--known POSITIONS"),
        (["baccarat", "--known", "P1", "--top", "3"], "go with --best-sort"),
        (["baccarat", "--known", "P1", "--best-sort", "--groups", "6789"], "leave out --groups"),
        (["baccarat", "--known", "P1", "--best-sort", "--sort-groups", "11"], "from 2 to 10"),
        (["baccarat", "--given", "P1=7", "--known", "P1"], "goes alone"),
    ],
)
def test_bad_knowledge_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert main(["information", *words]) == 2
    error = capsys.readouterr().err
    assert error.startswith("cardmath: error: ") and error.count("\n") == 1
    assert message in error
