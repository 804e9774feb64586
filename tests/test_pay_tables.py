"""Pay tables as data: ``--pay`` and ``--pay-table`` on the command line, the catalogue, and the
Wizard of Odds Perfect Pair figures reproduced from the command line alone."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from sympy import Rational

from cardmath.cli import main
from cardmath.errors import OptionError, PayTableError
from cardmath.games.baccarat import BaccaratRules, analyze, resolve_bets
from cardmath.games.baccarat.game import GAME as BACCARAT
from cardmath.games.baccarat.pay_tables import PAY_TABLES
from cardmath.games.registry import find_game
from cardmath.pay_tables import PayTable, apply_pays, check_pay_changes, find_pay_table, read_pay_change
from cardmath.publish import game_tables
from cardmath.shoe import Shoe


def _perfect_pair(capsys: pytest.CaptureFixture[str], *words: str) -> dict[str, object]:
    assert main(["baccarat", "--bets", "perfect_pair", "--format", "json", *words]) == 0
    document = json.loads(capsys.readouterr().out)
    sheet: dict[str, object] = document["bets"]["perfect_pair"]
    return sheet


# Wizard of Odds, "Perfect Pairs (Version 1)" and "(Version 2)" (wizardofodds.com/games/baccarat/
# side-bets/perfect-pairs-ver1 and -ver2): the house edge (lower right cell of each return table,
# printed to 6 decimals) of 25 to 1 and 26 to 1 on eight and six decks, and of 25 to 1 for one
# perfect pair with 250 to 1 for both on eight decks (6.62%).
WIZARD_PERFECT_PAIR = [
    (["--decks", "8", "--pay-table", "perfect_pair:25"], "0.130294"),
    (["--decks", "8", "--pay-table", "perfect_pair:26"], "0.096844"),
    (["--decks", "6", "--pay-table", "perfect_pair:25"], "0.170716"),
    (["--decks", "6", "--pay-table", "perfect_pair:26"], "0.1388"),
    (["--decks", "8", "--pay-table", "perfect_pair:25-250"], "0.066235"),
    (
        [
            "--decks",
            "8",
            "--pay",
            "perfect_pair:one perfect pair=25",
            "--pay",
            "perfect_pair:two perfect pairs=250",
        ],
        "0.066235",
    ),
    (
        [
            "--decks",
            "6",
            "--pay",
            "perfect_pair:one perfect pair=26",
            "--pay",
            "perfect_pair:two perfect pairs=26",
        ],
        "0.1388",
    ),
]


@pytest.mark.parametrize(("words", "published"), WIZARD_PERFECT_PAIR)
def test_the_wizard_of_odds_perfect_pair_figures_from_the_command_line(
    capsys: pytest.CaptureFixture[str], words: list[str], published: str
) -> None:
    sheet = _perfect_pair(capsys, *words)
    edge = Fraction(str(sheet["house_edge"]))
    places = len(published.split(".")[1])  # the precision printed (13.88% in words for 6 decks at 26)
    assert abs(edge - Fraction(published)) <= Fraction(1, 2 * 10**places)


def test_the_perfect_pair_version_2_table_row_by_row(capsys: pytest.CaptureFixture[str]) -> None:
    # Wizard of Odds, Perfect Pairs (Version 2), eight decks: probabilities 0.000285, 0.033166,
    # 0.966550 and returns 0.071176, 0.829138, -0.966550.
    sheet = _perfect_pair(capsys, "--decks", "8", "--pay-table", "perfect_pair:25-250")
    outcomes = sheet["outcomes"]
    assert isinstance(outcomes, list)
    published = [("0.000285", "0.071176"), ("0.033166", "0.829138"), ("0.966550", "-0.966550")]
    for outcome, (probability, contribution) in zip(outcomes, published, strict=True):
        assert abs(Fraction(outcome["probability"]) - Fraction(probability)) <= Fraction(1, 2 * 10**6)
        assert abs(Fraction(outcome["return"]) - Fraction(contribution)) <= Fraction(1, 2 * 10**6)


def test_pay_table_text_output_shows_the_chosen_pays(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["baccarat", "--bets", "perfect_pair", "--pay-table", "perfect_pair:25-250", "--format", "github"]
    assert main(words) == 0
    out = capsys.readouterr().out
    cells = [[cell.strip() for cell in line.split("|")[1:3]] for line in out.splitlines()]
    assert ["two perfect pairs", "250 to 1"] in cells  # the outcome and its posted pay, side by side
    assert "6.6235%" in out


def test_a_pay_overrides_a_table_and_the_tie_option() -> None:
    game = BACCARAT
    rules = game.with_pays(game.rules(tie_pays="9"), [("tie", "tie", Rational(10))])
    assert resolve_bets(["tie"], rules)[0].pay("tie") == 10
    assert resolve_bets(["tie"], game.rules(tie_pays="9"))[0].pay("tie") == 9


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--pay", "perfect_pair=25"], "--pay needs BET:OUTCOME=PAY"),
        (["--pay", "perfect_pair:three pairs=25"], "has no outcome 'three pairs'"),
        (["--pay", "lucky:win=25"], "unknown baccarat bet 'lucky'"),
        (["--pay", "tie:tie=1/0"], "the pay of tie:tie"),
        (["--pay-table", "perfect_pair:99"], "unknown pay table 'perfect_pair:99': choose from tie:8"),
        (["--format", "xlsx"], "--format xlsx writes a workbook: give --out FILE"),
    ],
)
def test_bad_pays_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert main(["baccarat", "--decks", "1", "--bets", "tie", *words]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_game_without_pay_tables_refuses_pay_table(capsys: pytest.CaptureFixture[str]) -> None:
    # Red Dog has no catalogue of pay tables; --pay names an entry of its bet's pay table.
    assert main(["reddog", "--pay-table", "reddog:standard"]) == 2
    err = capsys.readouterr().err
    assert "this game has no pay tables" in err and err.count("\n") == 1
    assert main(["reddog", "--pay", "reddog:trips=12"]) == 2
    err = capsys.readouterr().err
    assert "bet 'reddog' has no pay 'trips': choose one of 'three of a kind'" in err and err.count("\n") == 1
    assert main(["reddog", "--pay", "reddog:three of a kind=12", "--format", "json"]) == 0
    by_pay = json.loads(capsys.readouterr().out)["bets"]
    assert main(["reddog", "--trips-pays", "12", "--format", "json"]) == 0
    assert by_pay == json.loads(capsys.readouterr().out)["bets"]


def test_the_catalogue() -> None:
    keys = [table.key for table in PAY_TABLES]
    assert len(keys) == len(set(keys))
    assert {"perfect_pair:25", "perfect_pair:25-200", "dragon_bonus_player:A", "tie:9"} <= set(keys)
    assert all(table.source for table in PAY_TABLES)
    known = resolve_bets(None, BaccaratRules())
    names = {bet.name: bet for bet in known}
    for table in PAY_TABLES:
        for outcome, _ in table.pays:
            names[table.bet].pay(outcome)  # every outcome a table names exists
    # the first table of a bet is the built-in pay
    first = {table.bet: table for table in reversed(PAY_TABLES)}
    for bet, table in first.items():
        assert all(names[bet].pay(outcome) == pay for outcome, pay in table.pays)


def test_the_helpers() -> None:
    assert read_pay_change(" tie : tie = 19/2 ") == ("tie", "tie", Rational(19, 2))
    with pytest.raises(PayTableError):
        check_pay_changes([("tie", "tie", "x")])
    with pytest.raises(OptionError, match="choose from"):
        find_pay_table([PayTable.define("tie", "9", {"tie": 9}, "s")], "tie:8")
    bets = {bet.name: bet for bet in resolve_bets(["tie"])}
    assert (
        apply_pays(bets, [("tie", "tie", Rational(9)), ("tie", "tie", Rational(10))], "baccarat")["tie"].pay(
            "tie"
        )
        == 10
    )


def test_the_published_set_has_every_catalogued_pay_table() -> None:
    titles = [table.title for table in find_game("baccarat").publication_tables(8)]
    for table in PAY_TABLES:
        assert f"Baccarat {table.key} pay table par sheet, 8 decks" in titles
    summary = next(
        t for t in find_game("baccarat").publication_tables(8) if t.title == "Baccarat pay tables, 8 decks"
    )
    edges = {row[0]: row[2] for row in summary.rows}
    direct = analyze(Shoe.standard(8), BaccaratRules(pays=PAY_TABLES[5].changes()), bets=["perfect_pair"])
    assert edges["perfect_pair:25-250"] == direct.bets["perfect_pair"].house_edge
    catalogue = BACCARAT.pay_table_tables(Shoe.standard(8))
    assert catalogue[0] == summary and len(catalogue) == 1 + len(PAY_TABLES)
    seen = len(BACCARAT.definition.seen_tables)  # the tables of what an edge sorter sees come last
    every = game_tables(BACCARAT, 8)
    assert every[len(every) - seen - len(catalogue) : len(every) - seen] == catalogue
