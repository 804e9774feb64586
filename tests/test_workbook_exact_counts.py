"""Counts of more than 15 digits in a workbook keep every digit: read back with openpyxl, the text
column beside such a count holds its exact digits, a count of 15 digits gets none, and the par
sheet's formulas read the right cells around the added column.  (LibreOffice recalculating and
saving the published workbooks, with their long counts: tests/test_workbook_recalculation.py.)

Every count asserted is a literal written here or Python's own arithmetic on literals."""

from __future__ import annotations

import decimal
import io
import re
import zipfile
from fractions import Fraction
from typing import Any

from openpyxl import load_workbook  # type: ignore[import-untyped]
from sympy import Rational

from cardmath.output import workbook_bytes
from cardmath.output.workbook import FIRST_ROW, HEADER_ROW
from cardmath.parsheet import Outcome, ParSheet, par_sheet_table
from cardmath.table import Kind, Table

FIFTEEN_NINES = 999_999_999_999_999
"""The largest whole number of 15 digits: a spreadsheet keeps it exactly."""
PAST_DOUBLES = 9_007_199_254_740_993
"""2**53 + 1, 16 digits: not even a float holds it."""
LONG = 100_000_000_000_000_003
"""10**17 + 3, 18 digits."""
DEALS = 416 * 415 * 414 * 413 * 412 * 411
"""The ordered 6-card deals of 8 decks: 4998398275503360, 16 digits."""


def _books(data: bytes) -> tuple[Any, Any]:
    return load_workbook(io.BytesIO(data), data_only=True), load_workbook(io.BytesIO(data))


def _headers(sheet: Any) -> list[Any]:
    return [cell.value for cell in sheet[HEADER_ROW] if cell.value is not None]


def test_a_par_sheet_keeps_its_long_counts_exact() -> None:
    total = PAST_DOUBLES + LONG
    win = Outcome("win", 1, Rational(PAST_DOUBLES, total), PAST_DOUBLES)
    lose = Outcome("lose", -1, Rational(LONG, total), LONG)
    data = workbook_bytes([par_sheet_table("Long par sheet", ParSheet((win, lose)))])
    values, formulas = _books(data)
    sheet, code = values["Long par sheet"], formulas["Long par sheet"]
    # A outcome, B pays, C combinations, D exact, E probability, F exact, G return, H exact
    assert _headers(sheet) == [
        "outcome",
        "pays",
        "combinations",
        "combinations exact",
        "probability",
        "probability exact",
        "return",
        "return exact",
    ]
    rows = {sheet.cell(row, 1).value: row for row in range(FIRST_ROW, sheet.max_row + 1)}
    for name, count in (("win", PAST_DOUBLES), ("lose", LONG), ("total", total)):
        assert sheet.cell(rows[name], 4).value == str(count), name  # text: every digit
        assert isinstance(sheet.cell(rows[name], 3).value, (int, float)), name  # still a number
        assert sheet.cell(rows[name], 3).number_format == "#,##0"
    assert sheet.cell(rows["win"], 6).value == str(Fraction(PAST_DOUBLES, total))
    first, last = rows["win"], rows["lose"]
    for row in (first, last):
        assert code.cell(row, 7).value == f"=B{row}*E{row}"  # pays x probability, past the new column
    assert code.cell(rows["total"], 3).value == f"=SUM(C{first}:C{last})"
    assert code.cell(rows["total"], 5).value == f"=SUM(E{first}:E{last})"
    assert code.cell(rows["house edge"], 7).value == f"=-SUM(G{first}:G{last})"
    assert formulas["Summary"].cell(FIRST_ROW, 3).value == f"='Long par sheet'!G{rows['house edge']}"
    assert sheet.cell(rows["house edge"], 8).value == str(Fraction(LONG - PAST_DOUBLES, total))


def test_only_counts_past_15_digits_get_their_digits_beside() -> None:
    tables = [
        Table("Fifteen", ("cards", "deals"), ((6, FIFTEEN_NINES), (5, 1))),
        Table("Sixteen", ("cards", "deals"), ((6, FIFTEEN_NINES + 1), (5, 1))),
        Table("Negative", ("cards", "net"), ((6, -(FIFTEEN_NINES + 1)),), kinds=(Kind.COUNT, Kind.COUNT)),
        Table("Deals", ("cards", "deals"), ((6, DEALS),), kinds=(Kind.COUNT, Kind.COUNT)),
    ]
    values, _ = _books(workbook_bytes(tables))
    assert _headers(values["Fifteen"]) == ["cards", "deals"]
    assert values["Fifteen"]["B4"].value == FIFTEEN_NINES  # 15 digits: the number is exact
    assert _headers(values["Sixteen"]) == ["cards", "deals", "deals exact"]
    assert [values["Sixteen"][cell].value for cell in ("C4", "C5")] == ["1000000000000000", "1"]
    assert values["Negative"]["C4"].value == "-1000000000000000"
    assert values["Deals"]["C4"].value == "4998398275503360"
    assert values["Deals"]["B4"].number_format == "#,##0"


def test_a_long_count_in_the_footer_gets_its_digits_beside() -> None:
    table = Table(
        "Hands",
        ("hand", "count"),
        (("pair", 3), ("nothing", 5)),
        footer=(("all deals", DEALS),),
    )
    values, _ = _books(workbook_bytes([table]))
    sheet = values["Hands"]
    assert _headers(sheet) == ["hand", "count", "count exact"]
    footer = next(
        row for row in range(FIRST_ROW, sheet.max_row + 1) if sheet.cell(row, 1).value == "all deals"
    )
    assert sheet.cell(footer, 3).value == "4998398275503360"
    assert sheet.cell(FIRST_ROW, 3).value == "3"


def test_a_count_of_thousands_of_digits_is_whole() -> None:
    huge = 7**6000  # 5071 digits: more than Python's str() of an int allows by default
    values, _ = _books(workbook_bytes([Table("Huge", ("n", "count"), (("x", huge),))]))
    with decimal.localcontext() as context:
        context.prec = 50
        rounded = f"{decimal.Decimal(7) ** 6000:.5E}"
    assert rounded == "3.87472E+5070"  # log10(7) * 6000 = 5070.58824...: 10**0.58824 = 3.8747
    assert values["Huge"]["B4"].value == rounded  # past any spreadsheet number: text, rounded
    text = values["Huge"]["C4"].value
    assert isinstance(text, str) and len(text) == 5071 and re.fullmatch(r"\d+", text)
    read = 0
    for start in range(0, len(text), 1000):  # int() of all 5071 digits at once is refused
        chunk = text[start : start + 1000]
        read = read * 10 ** len(chunk) + int(chunk)
    assert read == huge


def test_excel_is_told_the_exact_digits_are_text_on_purpose() -> None:
    table = Table("Deals", ("cards", "deals"), ((6, DEALS), (5, 1)))
    package = zipfile.ZipFile(io.BytesIO(workbook_bytes([table])))
    sheet = package.read("xl/worksheets/sheet2.xml").decode()
    assert '<ignoredError sqref="C4:C5" numberStoredAsText="1"/>' in sheet
