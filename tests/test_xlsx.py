"""Excel workbooks: read back with openpyxl, the cached values equal the exact fractions and the
formulas read the right cells."""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from openpyxl import load_workbook  # type: ignore[import-untyped]

from cardmath import publish
from cardmath.cli import main
from cardmath.games.baccarat.game import GAME as BACCARAT
from cardmath.games.reddog.game import GAME as REDDOG
from cardmath.output import workbook_bytes
from cardmath.output.workbook import FIRST_ROW, HEADER_ROW, sheet_names
from cardmath.parsheet import PAR_SHEET_HEADERS
from cardmath.shoe import Shoe

TOLERANCE = 1e-12


def _books(data: bytes) -> tuple[object, object]:
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


def test_a_baccarat_workbook_reads_back_exactly() -> None:
    game = BACCARAT
    result = game.analyze(Shoe.standard(8), game.rules(), bets=["banker", "tie", "perfect_pair"])
    tables = game.tables(result)
    values, formulas = _books(workbook_bytes(tables))
    names = sheet_names(tables)
    assert values.sheetnames == ["Summary", *names]  # type: ignore[attr-defined]
    for name, table in zip(names, tables, strict=True):
        sheet, code = values[name], formulas[name]  # type: ignore[index]
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
        # columns: A outcome, B pays, C pays exact, D combinations, E probability, F exact, G return, H exact
        last = FIRST_ROW + len(table.rows) - 2
        for row in range(FIRST_ROW, last + 1):
            assert code.cell(row, 7).value == f"=B{row}*E{row}"
        total = last + 1
        assert code.cell(total, 4).value == f"=SUM(D{FIRST_ROW}:D{last})"
        assert code.cell(total, 5).value == f"=SUM(E{FIRST_ROW}:E{last})"
        assert code.cell(total, 7).value == f"=SUM(G{FIRST_ROW}:G{last})"
        assert code.cell(total + 1, 7).value == f"=-SUM(G{FIRST_ROW}:G{last})"
        assert sheet.cell(total, 5).value == 1
        sheet_id = table.title.split(" ")[1]
        edge = result.bets[sheet_id].house_edge
        assert _close(sheet.cell(total + 1, 7).value, str(edge))
        assert sheet.cell(total, 4).value == result.total_combinations
    summary = values["Summary"]  # type: ignore[index]
    code = formulas["Summary"]  # type: ignore[index]
    for row in range(FIRST_ROW, FIRST_ROW + len(tables)):
        link = code.cell(row, 3).value
        if link:
            target = summary.cell(row, 1).value
            assert link.startswith(f"='{target}'!G")
            assert isinstance(summary.cell(row, 3).value, float)


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
    assert values.sheetnames[2] == "Baccarat Perfect Pair par sheet"  # type: ignore[attr-defined]
    sheet = values.worksheets[2]  # type: ignore[attr-defined]
    column = [sheet.cell(row, 7).value for row in range(FIRST_ROW, FIRST_ROW + 6)]
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
    sheet = values["Red Dog par sheet"]  # type: ignore[index]
    assert sheet.cell(1, 1).value == "Red Dog par sheet, 1 deck"
    index = json.loads((tmp_path / "set/index.json").read_text())
    assert index["tables"][0]["files"] == {"xlsx": "reddog/1-deck/reddog-1-deck.xlsx"}
