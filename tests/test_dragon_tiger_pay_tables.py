"""Dragon Tiger's pay tables as data: the catalogue, ``--pay`` and ``--pay-table`` on the command
line, the published figures reproduced from the command line alone, and the brute-force oracle.

Published figures, eight decks:

- Wizard of Odds, "Dragon Tiger" (wizardofodds.com/games/dragon-tiger/): the return tables
  (printed to six decimals) give -0.037349 for the Dragon and Tiger bets (ties lose half),
  -0.327711 for the tie at 8 to 1, and -0.076923 for big or small on one card (even money, a 7
  loses); its table of tie pays gives 32.77% (8 to 1), 17.83% (10 to 1) and 10.36% (11 to 1),
  and the suited tie at 50 to 1 13.98%.
- livedealer.org, "Playing Evolution's live dealer Dragon Tiger" (2018): tie 11 to 1 and suited
  tie 50 to 1 (Playtech's table pays the tie 10 to 1), with theoretical returns of 96.27% (Dragon
  or Tiger), 89.64% (tie) and 86.02% (suited tie).

Every other expected figure comes from the brute force over physical cards
(tests/oracles/dragon_tiger_bruteforce.py), which shares no code with cardmath.
"""

from __future__ import annotations

import functools
import io
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook  # type: ignore[import-untyped]
from sympy import Rational

from cardmath import publish
from cardmath.cli import main
from cardmath.engine.publication import pay_table_slug
from cardmath.errors import OptionError
from cardmath.exact import DECKS
from cardmath.games.dragon_tiger import (
    GAME,
    PAY_TABLES,
    DragonTigerRules,
    analyze,
    built_in_bets,
    closed_form,
)
from cardmath.pay_tables import PayTable
from cardmath.shoe import Shoe
from tests.oracles.dragon_tiger_bruteforce import BUILT_IN, Tally, brute_force, deck, figures


def _sheet(capsys: pytest.CaptureFixture[str], bet: str, *words: str) -> dict[str, object]:
    assert main(["dragon-tiger", "--bets", bet, "--format", "json", *words]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["decks"] == 8
    sheet: dict[str, object] = document["bets"][bet]
    return sheet


def _within(value: Fraction, published: str) -> bool:
    """Whether ``value`` rounds to ``published`` at the precision printed."""
    places = len(published.split(".")[1])
    return abs(value - Fraction(published)) <= Fraction(1, 2 * 10**places)


# (bet, command-line words, published house edge as a fraction of the bet, where it is published)
PUBLISHED = [
    ("dragon", [], "0.037349", "Wizard of Odds return table"),
    ("tiger", [], "0.037349", "Wizard of Odds return table"),
    ("dragon", [], "0.0373", "livedealer.org: return 96.27%"),
    ("tie", ["--pay-table", "tie:8"], "0.327711", "Wizard of Odds return table"),
    ("tie", [], "0.327711", "Wizard of Odds return table (the usual pay)"),
    ("tie", ["--pay-table", "tie:10"], "0.1783", "Wizard of Odds table of tie pays"),
    ("tie", ["--pay-table", "tie:11"], "0.1036", "Wizard of Odds table of tie pays"),
    ("tie", ["--pay", "tie:tie=11"], "0.1036", "livedealer.org: return 89.64%"),
    ("tie", ["--tie-pays", "11"], "0.1036", "Wizard of Odds table of tie pays"),
    ("suited_tie", ["--pay-table", "suited_tie:50"], "0.1398", "Wizard of Odds"),
    ("suited_tie", ["--pay", "suited_tie:suited tie=50"], "0.1398", "livedealer.org: return 86.02%"),
    ("dragon_big", ["--pay-table", "dragon_big:1"], "0.076923", "Wizard of Odds return table"),
    ("dragon_small", ["--pay-table", "dragon_small:1"], "0.076923", "Wizard of Odds return table"),
    ("tiger_big", ["--pay-table", "tiger_big:1"], "0.0769", "Wizard of Odds"),
    ("tiger_small", ["--pay-table", "tiger_small:1"], "0.0769", "Wizard of Odds"),
]


@pytest.mark.parametrize(("bet", "words", "published", "where"), PUBLISHED)
def test_the_published_figures_from_the_command_line(
    capsys: pytest.CaptureFixture[str], bet: str, words: list[str], published: str, where: str
) -> None:
    sheet = _sheet(capsys, bet, *words)
    assert _within(Fraction(str(sheet["house_edge"])), published), where


def test_the_wizard_return_tables_row_by_row(capsys: pytest.CaptureFixture[str]) -> None:
    # Wizard of Odds, eight decks, unordered pairs of cards (86,320); ours are ordered (twice as
    # many): tie at 8 to 1 wins 6,448 (probability 0.074699, return 0.597590); suited tie at 50
    # to 1 wins 1,456 (0.016867, 0.843373).
    for bet, table, count, probability, contribution in (
        ("tie", "tie:8", 6_448, "0.074699", "0.597590"),
        ("suited_tie", "suited_tie:50", 1_456, "0.016867", "0.843373"),
    ):
        outcomes = _sheet(capsys, bet, "--pay-table", table)["outcomes"]
        assert isinstance(outcomes, list)
        win = outcomes[0]
        assert win["combinations"] == 2 * count
        assert _within(Fraction(win["probability"]), probability)
        assert _within(Fraction(win["return"]), contribution)


def test_the_text_output_shows_the_chosen_pay(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["dragon-tiger", "--bets", "tie,suited_tie", "--pay-table", "tie:11", "--format", "github"]
    assert main([*words, "--pay", "suited_tie:suited tie=60"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^\| tie +\| +11 to 1 \|", out, re.M)
    assert re.search(r"^\| suited tie +\| +60 to 1 \|", out, re.M)
    assert "Dragon Tiger Suited Tie par sheet, 8 decks" in out


@functools.cache
def _eight_decks() -> Tally:
    return brute_force(deck(8))


def _oracle_edge(bet: str, pays: dict[str, Fraction]) -> Fraction:
    """The brute force's house edge of a built-in bet on eight decks with some pays changed."""
    tally = _eight_decks()
    return figures(tally.bets[bet], {**BUILT_IN[bet], **pays}, tally.total)["house_edge"]


@pytest.mark.parametrize("table", PAY_TABLES, ids=lambda table: table.key)
def test_every_catalogued_table_matches_the_brute_force(
    capsys: pytest.CaptureFixture[str], table: PayTable
) -> None:
    expected = _oracle_edge(table.bet, {outcome: Fraction(str(pay)) for outcome, pay in table.pays})
    assert Fraction(str(_sheet(capsys, table.bet, "--pay-table", table.key)["house_edge"])) == expected


def test_every_catalogued_table_in_python_matches_the_brute_force() -> None:
    eight = Shoe.standard(8)
    summary, *sheets = GAME.pay_table_tables(eight)
    assert summary.title == "Dragon Tiger pay tables, 8 decks"
    assert summary.headers == ("pay table", "bet", "house edge", "source")
    assert len(summary.rows) == len(sheets) == len(PAY_TABLES)
    tally = _eight_decks()
    for row, sheet, table in zip(summary.rows, sheets, PAY_TABLES, strict=True):
        expected = _oracle_edge(table.bet, {outcome: Fraction(str(pay)) for outcome, pay in table.pays})
        key, bet, edge, source = row
        assert (key, bet, Fraction(str(edge)), source) == (table.key, table.bet, expected, table.source)
        rules = DragonTigerRules(pays=table.changes())
        assert Fraction(str(analyze(eight, rules, bets=[table.bet]).bets[table.bet].house_edge)) == expected
        assert sheet.title == f"Dragon Tiger {table.key} pay table par sheet, 8 decks"
        assert {r[0]: r[2] for r in sheet.rows[:-1]} == dict(tally.bets[table.bet])
        assert Fraction(str(sheet.rows[-1][-1])) == -expected
    # solving the tie's pay for the 11 to 1 table's edge gives back 11
    eleven = DragonTigerRules(pays=PAY_TABLES[2].changes())
    edge = analyze(eight, eleven, bets=["tie"]).bets["tie"].house_edge
    assert GAME.solve_pay(eight, DragonTigerRules(), "tie:tie", edge).pay == 11
    assert GAME.pay_table_tables(eight, eleven)[0].rows == summary.rows  # a table sets its own pays


def test_the_catalogue() -> None:
    keys = [table.key for table in PAY_TABLES]
    assert len(keys) == len(set(keys))
    assert {"tie:8", "tie:10", "tie:11", "suited_tie:50", "dragon_big:1", "tiger_even:1"} <= set(keys)
    assert GAME.pay_tables == PAY_TABLES
    known = built_in_bets()
    for table in PAY_TABLES:
        assert table.source and table.label
        for outcome, _ in table.pays:
            known[table.bet].pay(outcome)  # every outcome a table names exists
    for key in ("tie:8", "tie:10", "tie:11", "suited_tie:50", "dragon_big:1", "tiger_small:1"):
        assert "wizardofodds.com/games/dragon-tiger" in next(t for t in PAY_TABLES if t.key == key).source
    # the first table of a bet is the built-in pay
    first = {table.bet: table for table in reversed(PAY_TABLES)}
    for bet, table in first.items():
        assert all(known[bet].pay(outcome) == pay for outcome, pay in table.pays)


def test_pays_apply_after_the_tie_option_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    sheet = _sheet(capsys, "tie", "--tie-pays", "11", "--pay-table", "tie:8")
    assert _within(Fraction(str(sheet["house_edge"])), "0.327711")
    sheet = _sheet(capsys, "tie", "--pay-table", "tie:8", "--pay", "tie:tie=11")
    assert _within(Fraction(str(sheet["house_edge"])), "0.1036")
    rules = GAME.with_pays(GAME.rules(tie_pays="9"), [("tie", "tie", Rational(10))])
    assert rules.tie_pays == 9 and built_in_bets(rules)["tie"].pay("tie") == 10
    with pytest.raises(OptionError, match="cannot set a pay of unknown Dragon Tiger bet 'lucky'"):
        GAME.with_pays(DragonTigerRules(), [("lucky", "win", Rational(2))])


def test_the_closed_form_and_the_solved_pay_follow_the_pays(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["dragon-tiger", "--closed-form", "--bets", "tie", "--pay-table", "tie:11", "--format", "json"]
    assert main(words) == 0
    form = json.loads(capsys.readouterr().out)["closed_form"]["tie"]
    # by hand: drawing with replacement, a tie comes 1 time in 13: the edge is 1 - 12 * 1/13
    assert form["limit"] == "1/13"
    eleven = DragonTigerRules(pays=(("tie", "tie", Rational(11)),))
    at_eight = Fraction(str(closed_form(eleven, bets=["tie"])[0].house_edge.subs(DECKS, 8)))
    assert at_eight == _oracle_edge("tie", {"tie": Fraction(11)})
    words = ["dragon-tiger", "--solve-pay", "tie:tie", "--target-edge", "10.36", "--format", "json"]
    assert main([*words, "--pay-table", "tie:11"]) == 0
    assert abs(Fraction(json.loads(capsys.readouterr().out)["pay"]) - 11) < Fraction(1, 1000)


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--pay", "tie=11"], "--pay needs BET:OUTCOME=PAY"),
        (["--pay", "tie:win=11"], "bet 'tie' has no outcome 'win': choose one of 'tie', 'no tie'"),
        (["--pay", "lucky:win=2"], "cannot set a pay of unknown Dragon Tiger bet 'lucky'"),
        (["--pay", "tie:tie=1/0"], "the pay of tie:tie"),
        (["--pay-table", "tie:9"], "unknown pay table 'tie:9': choose from tie:8, tie:10, tie:11"),
    ],
)
def test_bad_pays_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert main(["dragon-tiger", "--decks", "1", "--bets", "tie", *words]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_the_published_set_has_every_catalogued_table(tmp_path: Path) -> None:
    publish.write_tables(tmp_path, games=["dragon-tiger"], decks=[8], formats=["json"], progress=False)
    folder = tmp_path / "dragon-tiger" / "8-decks"
    summary = json.loads((folder / "dragon-tiger-8-decks-pay-tables.json").read_text())
    edges = {row["pay table"]: Fraction(row["house edge"]) for row in summary["rows"]}
    assert list(edges) == [table.key for table in PAY_TABLES]
    assert _within(edges["tie:11"], "0.1036") and _within(edges["suited_tie:50"], "0.1398")
    for table in PAY_TABLES:
        sheet = json.loads((folder / f"dragon-tiger-8-decks-{pay_table_slug(table)}.json").read_text())
        assert sheet["rows"][0]["pays"] == str(table.pays[0][1])
        bet = table.bet.replace("_", " ").title()
        assert sheet["title"] == f"Dragon Tiger {bet}, pay table {table.label} par sheet, 8 decks"
    direct = GAME.pay_table_tables(Shoe.standard(8))[0]
    assert [Fraction(str(row[2])) for row in direct.rows] == list(edges.values())


def test_a_pay_table_workbook(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tie-11.xlsx"
    words = ["dragon-tiger", "--bets", "tie", "--pay-table", "tie:11", "--format", "xlsx", "--out", str(out)]
    assert main(words) == 0 and capsys.readouterr().out.strip() == f"wrote {out}"
    values = load_workbook(io.BytesIO(out.read_bytes()), data_only=True)
    formulas = load_workbook(io.BytesIO(out.read_bytes()))
    summary = {row[1]: row[2] for row in values["Summary"].iter_rows(values_only=True) if row[0]}
    edge = summary["Dragon Tiger Tie par sheet, 8 decks"]
    assert isinstance(edge, float) and _within(Fraction(edge), "0.1036")
    (name,) = [
        sheet.title
        for sheet in values.worksheets
        if sheet["A1"].value == "Dragon Tiger Tie par sheet, 8 decks"
    ]
    code = [str(c.value) for row in formulas[name].iter_rows() for c in row]
    assert any(text.startswith("=-SUM(") for text in code)  # the house edge is a formula
    texts = [c.value for row in values[name].iter_rows() for c in row]
    exact = _oracle_edge("tie", {"tie": Fraction(11)})
    assert f"{exact.numerator}/{exact.denominator}" in texts  # beside it, the exact fraction
