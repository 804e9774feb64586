"""Excel workbooks: read back with openpyxl, the cached values equal the exact fractions, the
formulas read the right cells, each pay reads once as its odds, the sheet names are readable and
valid, and every sheet is set up to print.  (A real spreadsheet engine recalculating the
published workbooks: tests/test_workbook_recalculation.py.)"""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import sympy
from openpyxl import load_workbook  # type: ignore[import-untyped]
from sympy import Rational

from cardmath import publish
from cardmath.cli import main
from cardmath.games.baccarat.game import GAME as BACCARAT
from cardmath.games.reddog.game import GAME as REDDOG
from cardmath.output import workbook_bytes
from cardmath.output.workbook import FIRST_ROW, HEADER_ROW, SHEET_NAME_LENGTH, sheet_names
from cardmath.parsheet import PAR_SHEET_HEADERS, Outcome, ParSheet, par_sheet_table
from cardmath.shoe import Shoe
from cardmath.table import Kind, Table

TOLERANCE = 1e-12
EXCEL_FORBIDS = set("[]:*?/\\")


def _books(data: bytes) -> tuple[Any, Any]:
    return load_workbook(io.BytesIO(data), data_only=True), load_workbook(io.BytesIO(data))


def _exact(text: str) -> Fraction:
    """An exact text as a fraction: ``p/q``, or a surd (a standard deviation) to 30 digits."""
    try:
        return Fraction(text)
    except ValueError:
        return Fraction(str(sympy.N(sympy.sympify(text), 30)))


def _close(cached: object, exact: str) -> bool:
    value = _exact(exact)
    if not isinstance(cached, (int, float)):
        return False
    return abs(Fraction(cached) - value) <= Fraction(TOLERANCE) * max(Fraction(1), abs(value))


def _odds(pay: Fraction) -> str:
    """How a par sheet posts a pay (the oracle of what a reader must see): a win as ``a to b``, a
    push or a loss as the number."""
    if pay <= 0:
        return str(pay)
    return f"{pay.numerator} to {pay.denominator}"


def _shown(cell: Any) -> str | None:
    """What a spreadsheet shows in a cell, for text and for the number formats that print a
    number as text: a quoted literal (``"8 to 1"``) or ``General`` for a whole number."""
    if isinstance(cell.value, str):
        return None if cell.value.startswith("=") else cell.value
    if not isinstance(cell.value, (int, float)):
        return None
    literal = re.fullmatch(r'"([^"]*)"(?:;"[^"]*")*', cell.number_format)
    if literal:
        return literal.group(1)
    if cell.number_format == "General" and float(cell.value).is_integer():
        return str(int(cell.value))
    return None


def _row_texts(sheet: Any, row: int) -> list[str]:
    return [text for cell in sheet[row] if (text := _shown(cell)) is not None]


def _column_of(sheet: Any, header: str) -> int:
    return int(next(cell.column for cell in sheet[HEADER_ROW] if cell.value == header))


def test_a_baccarat_workbook_reads_back_exactly() -> None:
    game = BACCARAT
    result = game.analyze(Shoe.standard(8), game.rules(), bets=["banker", "tie", "perfect_pair"])
    tables = game.tables(result)
    values, formulas = _books(workbook_bytes(tables))
    names = sheet_names(tables)
    assert values.sheetnames == ["Summary", *names]
    for name, table in zip(names, tables, strict=True):
        sheet, code = values[name], formulas[name]
        assert sheet.freeze_panes == f"A{HEADER_ROW + 1}"
        assert sheet.column_dimensions["A"].width > 8
        headers = [cell.value for cell in sheet[HEADER_ROW] if cell.value is not None]
        for column, header in enumerate(headers, start=1):
            if not header.endswith(" exact"):
                continue
            # every exact text column sits right of its number column and agrees with it
            for row in range(FIRST_ROW, FIRST_ROW + len(table.rows)):
                exact = sheet.cell(row, column).value
                if exact:
                    assert isinstance(exact, str)
                    assert _close(sheet.cell(row, column - 1).value, exact), (name, row, column)
        if table.headers != PAR_SHEET_HEADERS:
            continue
        # columns: A outcome, B pays (its odds in its number format), C combinations, D its
        # digits as text (8 decks: counts of 16 digits), E probability, F exact, G return, H exact
        assert headers == [
            "outcome",
            "pays",
            "combinations",
            "combinations exact",
            "probability",
            "probability exact",
            "return",
            "return exact",
        ]
        last = FIRST_ROW + len(table.rows) - 2
        for row in range(FIRST_ROW, last + 1):
            assert code.cell(row, 7).value == f"=B{row}*E{row}"
        total = last + 1
        assert code.cell(total, 3).value == f"=SUM(C{FIRST_ROW}:C{last})"
        assert code.cell(total, 5).value == f"=SUM(E{FIRST_ROW}:E{last})"
        assert code.cell(total, 7).value == f"=SUM(G{FIRST_ROW}:G{last})"
        assert code.cell(total + 1, 7).value == f"=-SUM(G{FIRST_ROW}:G{last})"
        assert sheet.cell(total, 5).value == 1
        assert sheet.cell(total, 4).value == str(416 * 415 * 414 * 413 * 412 * 411)
        sheet_id = table.title.split(" ")[1]
        edge = result.bets[sheet_id].house_edge
        assert _close(sheet.cell(total + 1, 7).value, str(edge))
        assert sheet.cell(total, 3).value == result.total_combinations
    summary = values["Summary"]
    code = formulas["Summary"]
    for row in range(FIRST_ROW, FIRST_ROW + len(tables)):
        link = code.cell(row, 3).value
        if link:
            target = summary.cell(row, 1).value
            assert link.startswith(f"='{target}'!G")
            assert isinstance(summary.cell(row, 3).value, float)


def test_each_pay_reads_once_as_its_odds() -> None:
    game = BACCARAT
    result = game.analyze(Shoe.standard(8), game.rules(), bets=["banker", "tie", "perfect_pair"])
    tables = game.tables(result)
    values, _ = _books(workbook_bytes(tables))
    posted = {"banker": "19 to 20", "tie": "8 to 1", "perfect_pair": "25 to 1"}
    seen = set()
    for name, table in zip(sheet_names(tables), tables, strict=True):
        if table.headers != PAR_SHEET_HEADERS:
            continue
        sheet = values[name]
        assert "pays exact" not in [cell.value for cell in sheet[HEADER_ROW]]
        outcomes = result.bets[table.title.split(" ")[1]].outcomes
        combinations = _column_of(sheet, "combinations")
        for row, outcome in enumerate(outcomes, start=FIRST_ROW):
            pays = sheet.cell(row, _column_of(sheet, "pays"))
            assert _close(pays.value, str(outcome.pays))  # a number, for the formulas
            odds = _odds(Fraction(str(outcome.pays)))
            pays_area = [_shown(sheet.cell(row, column)) for column in range(pays.column, combinations)]
            assert pays_area == [odds], (name, row, pays_area)  # shown once, nothing beside it
            if Fraction(str(outcome.pays)) > 0:
                assert _row_texts(sheet, row).count(odds) == 1, (name, row, _row_texts(sheet, row))
            seen.add(odds)
    assert set(posted.values()) <= seen
    assert {"-1", "0"} <= seen


def test_a_raised_red_dog_win_reads_on_two_units() -> None:
    game = REDDOG
    tables = game.tables(game.analyze(Shoe.standard(1), game.rules()))
    values, _ = _books(workbook_bytes(tables))
    sheet = values["Par sheet"]
    rows = {sheet.cell(row, 1).value: row for row in range(FIRST_ROW, sheet.max_row + 1)}
    raised, lost = rows["spread 7, raised, won"], rows["spread 7, raised, lost"]
    assert sheet.cell(raised, 2).value == 2 and _row_texts(sheet, raised).count("1 to 1 on 2 units") == 1
    assert sheet.cell(lost, 2).value == -2 and _row_texts(sheet, lost).count("-2") == 1
    assert _row_texts(sheet, rows["three of a kind"]).count("11 to 1") == 1


def test_a_pay_too_fine_for_odds_keeps_its_exact_column() -> None:
    fine = Rational(5889024543008, 619306544887)
    win = Outcome("win", fine, Rational(1, 20), 1)
    lose = Outcome("lose", Rational(-1, 2), Rational(19, 20), 19)
    values, formulas = _books(workbook_bytes([par_sheet_table("Fine pay par sheet", ParSheet((win, lose)))]))
    sheet = values["Fine pay par sheet"]
    headers = [cell.value for cell in sheet[HEADER_ROW]]
    assert headers[:3] == ["outcome", "pays", "pays exact"]
    assert _row_texts(sheet, FIRST_ROW)[1:3] == ["9.5090623402 to 1", "5889024543008/619306544887"]
    assert _row_texts(sheet, FIRST_ROW + 1)[1:3] == ["-1/2", "-1/2"]  # a half lost: odds, then exact
    assert formulas["Fine pay par sheet"].cell(FIRST_ROW, 7).value == f"=B{FIRST_ROW}*E{FIRST_ROW}"


def test_every_sheet_is_set_up_to_print() -> None:
    coin = par_sheet_table(
        "Coin par sheet",
        ParSheet((Outcome("win", 1, Rational(1, 2), 1), Outcome("lose", -1, Rational(1, 2), 1))),
    )
    narrow = Table("Narrow", ("a", "b"), (("x", 1),))
    wide = Table("Wide", tuple(f"column {n}" for n in range(20)), (tuple(range(20)),))
    values, _ = _books(workbook_bytes([coin, narrow, wide]))
    for sheet in values.worksheets:
        setup = sheet.page_setup
        assert setup.paperSize == 9  # A4
        assert sheet.sheet_properties.pageSetUpPr.fitToPage
        assert (setup.fitToWidth if setup.fitToWidth is not None else 1) == 1
        assert sheet.print_title_rows == f"$1:${HEADER_ROW}"
    tall = {sheet.title: values[sheet.title].page_setup.fitToHeight for sheet in values.worksheets}
    assert tall == {"Summary": 0, "Coin par sheet": None, "Narrow": 0, "Wide": 0}  # None: 1 page
    # 7 columns (two of exact fractions) do not fit across a portrait page, 2 short ones do
    orientation = {sheet.title: sheet.page_setup.orientation for sheet in values.worksheets}
    assert orientation == {
        "Summary": "portrait",
        "Coin par sheet": "landscape",
        "Narrow": "portrait",
        "Wide": "landscape",
    }


@pytest.mark.parametrize(
    ("titles", "expected"),
    [
        (
            [
                "Baccarat Tie par sheet, 8 decks",
                "Baccarat Perfect Pair, pay table 25 to 1 par sheet, 8 decks",
            ],
            ["Tie par sheet", "Perfect Pair, 25 to 1 par sheet"],
        ),
        (
            ["Baccarat 88/89/98/99 par sheet, 1 deck", "Baccarat 4-5-6: five cards par sheet, 1 deck"],
            ["88-89-98-99 par sheet", "4-5-6, five cards par sheet"],
        ),
        (
            ["Baccarat EZ Banker (a three-card 7 pushes) par sheet, 6 decks", "Baccarat results, 6 decks"],
            ["EZ Banker par sheet", "Results"],
        ),
        (
            ["High Card Pool, 5-card hands: unseen cards beaten", "High Card Pool, 5-card hands: summary"],
            ["Unseen cards beaten", "High Card Pool, summary"],  # "Summary" is the summary sheet's
        ),
        (["A [b]? *c* \\d", "A history", "A History"], ["(b) c -d", "A history", "History 2"]),
    ],
)
def test_sheet_names_are_readable(titles: list[str], expected: list[str]) -> None:
    assert sheet_names([Table(title, (), ()) for title in titles]) == expected


def test_sheet_names_stay_within_excel_limits() -> None:
    words = " ".join(f"word{n}" for n in range(30))
    titles = [f"Game {words}", f"Game {words.upper()}", f"Game {words} again", "Game :/", "Game 'quoted'"]
    names = sheet_names([Table(title, (), ()) for title in titles])
    assert len({name.lower() for name in names} | {"summary"}) == len(titles) + 1
    for name in names:
        assert 0 < len(name) <= SHEET_NAME_LENGTH and not EXCEL_FORBIDS & set(name)
        assert not name.startswith("'") and not name.endswith("'")
    # cut between words; the same name in capitals keeps the game's name, a third gets a number
    assert names[:3] == [
        "Word0 word1 word2 word3 word4",
        "Game WORD0 WORD1 WORD2 WORD3",
        "Word0 word1 word2 word3 word4 2",
    ]
    values, _ = _books(workbook_bytes([Table(title, (), ()) for title in titles]))
    assert values.sheetnames == ["Summary", *names]


def test_a_sheet_name_with_a_quote_is_referenced_right() -> None:
    sheet = ParSheet((Outcome("win", 1, Rational(18, 37), 18), Outcome("lose", -1, Rational(19, 37), 19)))
    titles = ["Roulette Player's red par sheet", "Roulette black par sheet"]
    values, formulas = _books(workbook_bytes([par_sheet_table(title, sheet) for title in titles]))
    assert values.sheetnames == ["Summary", "Player's red par sheet", "Black par sheet"]
    assert formulas["Summary"].cell(FIRST_ROW, 3).value == "='Player''s red par sheet'!F7"
    assert formulas["Summary"].cell(FIRST_ROW, 1).hyperlink.location == "'Player''s red par sheet'!A1"
    assert _close(values["Summary"].cell(FIRST_ROW, 3).value, "1/37")


def test_workbooks_are_deterministic() -> None:
    game = REDDOG
    tables = game.tables(game.analyze(Shoe.standard(1), game.rules()))
    assert workbook_bytes(tables) == workbook_bytes(tables)


def test_the_game_command_writes_a_workbook(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pp.xlsx"
    words = ["baccarat", "--bets", "perfect_pair", "--pay-table", "perfect_pair:25-250", "--format", "xlsx"]
    assert main([*words, "--out", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out}"
    values, _ = _books(out.read_bytes())
    assert (
        main(["baccarat", "--bets", "perfect_pair", "--pay-table", "perfect_pair:25-250", "--format", "json"])
        == 0
    )
    edge = json.loads(capsys.readouterr().out)["bets"]["perfect_pair"]["house_edge"]
    assert values.sheetnames[2] == "Perfect Pair par sheet"
    sheet = values.worksheets[2]
    assert sheet.cell(1, 1).value == "Baccarat Perfect Pair par sheet, 8 decks"
    column = [sheet.cell(row, _column_of(sheet, "return")).value for row in range(FIRST_ROW, FIRST_ROW + 6)]
    assert _close(column[4], str(edge))
    assert not list(tmp_path.glob(".*.tmp"))


def test_the_table_set_has_one_workbook_per_folder(tmp_path: Path) -> None:
    paths = publish.write_tables(
        tmp_path / "set", games=["reddog"], decks=[1], formats=["xlsx"], progress=False
    )
    names = sorted(path.relative_to(tmp_path / "set").as_posix() for path in paths)
    assert names == [
        "index.json",
        "index.md",
        "reddog/1-deck/reddog-1-deck.xlsx",
        "reddog/summary/reddog-summary.xlsx",
    ]
    values, _ = _books((tmp_path / "set/reddog/1-deck/reddog-1-deck.xlsx").read_bytes())
    sheet = values["Par sheet"]
    assert sheet.cell(1, 1).value == "Red Dog par sheet, 1 deck"
    index = json.loads((tmp_path / "set/index.json").read_text())
    assert index["tables"][0]["files"] == {"xlsx": "reddog/1-deck/reddog-1-deck.xlsx"}


def test_pays_of_a_cell_kind_read_as_odds() -> None:
    table = Table(
        "Pays", ("bet", "pays"), (("tie", 8), ("banker", Rational(19, 20))), kinds=(Kind.TEXT, Kind.PAY)
    )
    values, _ = _books(workbook_bytes([table]))
    sheet = values["Pays"]
    assert [_row_texts(sheet, row) for row in (FIRST_ROW, FIRST_ROW + 1)] == [
        ["tie", "8 to 1"],
        ["banker", "19 to 20"],
    ]
    assert [sheet.cell(row, 2).value for row in (FIRST_ROW, FIRST_ROW + 1)] == [8, 0.95]
