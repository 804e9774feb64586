"""Tables as an Excel workbook: the format game labs and regulators exchange.

:func:`workbook_bytes` writes a summary sheet and one sheet per table with XlsxWriter (chosen
because it writes each formula *with its cached value*, so a reader that does not recalculate,
or a test reading the file back, sees the figures; openpyxl writes formulas without values).
On every sheet:

- the title in ``A1``, the header row in row 3 (frozen, with the title, when scrolling) and the
  rows from row 4; column widths fitted to the content;
- numbers stored as numbers, formatted by their kind (``0.000000`` probabilities, ``0.0000%``
  percentages, ``#,##0`` counts), and beside each column of fractions a text column
  ``"<header> exact"`` holding the exact fraction ``p/q``;
- on a par sheet (columns outcome, pays, combinations, probability, return), each return is the
  formula ``=pays*probability``, the total row sums combinations, probabilities and returns
  (``SUM``), and the house edge under it is ``=-SUM(returns)``;
- the terms used are defined under the table.

The summary sheet lists every sheet with its title and, for a par sheet, its house edge as a
formula reading that sheet.  The file is the same bytes for the same tables (its dates fixed).

>>> from sympy import Rational
>>> from cardmath.parsheet import Outcome, ParSheet, par_sheet_table
>>> win, lose = Outcome("win", Rational(1), Rational(18, 37), 18), Outcome("lose", -1, Rational(19, 37), 19)
>>> sheet = ParSheet((win, lose))
>>> data = workbook_bytes([par_sheet_table("Roulette red par sheet", sheet)])
>>> data[:2], data == workbook_bytes([par_sheet_table("Roulette red par sheet", sheet)])
(b'PK', True)
"""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Sequence
from typing import Any

import sympy
import xlsxwriter  # type: ignore[import-untyped]  # XlsxWriter ships no type information

from cardmath.output.tables import cell_kind, csv_columns
from cardmath.output.text import fraction_text
from cardmath.parsheet import PAR_SHEET_HEADERS
from cardmath.table import Cell, Kind, Table

__all__ = ["FIRST_ROW", "HEADER_ROW", "sheet_names", "workbook_bytes"]

HEADER_ROW = 3
"""The row (1-based, as Excel numbers them) of each table sheet's headers."""

FIRST_ROW = HEADER_ROW + 1
"""The first row of data on each table sheet."""

_NUMBER_FORMATS = {
    Kind.COUNT: "#,##0",
    Kind.PROBABILITY: "0.000000",
    Kind.DECIMAL: "0.000000",
    Kind.PERCENT: "0.0000%",
    Kind.PAY: "General",
}
_CREATED = datetime.datetime(2000, 1, 1)


def sheet_names(tables: Sequence[Table]) -> list[str]:
    """A distinct sheet name (31 characters at most, none of ``[]:*?/\\``) for each table, from
    the title people read without the shoe after its last comma (the workbook is for one shoe);
    the summary sheet is called ``Summary``.

    >>> tie = Table("Baccarat tie bet par sheet, 8 decks", (), ())
    >>> sheet_names([tie, tie])
    ['Baccarat tie bet par sheet', 'Baccarat tie bet par sheet 2']
    """
    names: list[str] = []
    taken = {"summary"}
    for position, table in enumerate(tables, start=1):
        title = table.display_title.rpartition(", ")[0] or table.display_title
        base = re.sub(r"[\[\]:*?/\\']", "", title).strip()[:31].strip() or f"Table {position}"
        name, number = base, 2
        while name.lower() in taken:
            suffix = f" {number}"
            name = base[: 31 - len(suffix)].rstrip() + suffix
            number += 1
        taken.add(name.lower())
        names.append(name)
    return names


def _column(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def _number(value: Any) -> float | int | None:
    if isinstance(value, Cell):
        value = value.value
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, sympy.Rational) and value.q == 1:
        return int(value)
    if isinstance(value, sympy.Expr) and not value.free_symbols:
        return float(value)
    if isinstance(value, float):
        return value
    return None


def _exact(value: Any) -> str:
    if isinstance(value, Cell):
        value = value.value
    if isinstance(value, (int, sympy.Rational)) and not isinstance(value, bool):
        return fraction_text(value)
    return "" if value is None else str(value)


class _Sheet:
    """One table written on one worksheet, keeping where each table column went."""

    def __init__(self, book: Any, formats: dict[Kind, Any], bold: Any, name: str, table: Table) -> None:
        self.table = table
        self.sheet = book.add_worksheet(name)
        self.formats = formats
        self.bold = bold
        self.widths: dict[int, int] = {}
        beside = csv_columns(table)
        self.places: list[int] = []
        column = 0
        for exact in beside:
            self.places.append(column)
            column += 2 if exact else 1
        self.beside = beside
        self.house_edge_cell = ""

    def _fit(self, column: int, text: str) -> None:
        self.widths[column] = max(self.widths.get(column, 8), min(len(text) + 2, 60))

    def write_text(self, row: int, column: int, text: str, style: Any = None) -> None:
        self.sheet.write_string(row, column, text, style)
        self._fit(column, text)

    def write_value(self, row: int, column: int, value: Any, kind: Kind) -> None:
        """A cell: a number with its kind's format (and its exact text beside), or text."""
        place = self.places[column]
        number = _number(value)
        if number is None:
            shown = "" if value is None else str(value.value if isinstance(value, Cell) else value)
            if shown:
                self.write_text(row, place, self.table.label(shown))
        else:
            kind = cell_kind(value, kind)
            self.sheet.write_number(row, place, number, self.formats.get(kind))
            self._fit(place, f"{number:,.6f}" if isinstance(number, float) else f"{number:,}")
        if self.beside[column] and number is not None:
            self.write_text(row, place + 1, _exact(value))

    def write_formula(self, row: int, column: int, formula: str, value: Any, kind: Kind) -> None:
        """A formula with its exact value cached, and its exact text beside."""
        place = self.places[column]
        self.sheet.write_formula(row, place, formula, self.formats.get(kind), _number(value))
        self._fit(place, f"{float(_number(value) or 0):,.6f}")
        if self.beside[column]:
            self.write_text(row, place + 1, _exact(value))

    def cell(self, row: int, column: int) -> str:
        """The A1 name of a table cell (0-based sheet row, table column)."""
        return f"{_column(self.places[column])}{row + 1}"

    def write(self) -> None:
        """The title, headers, rows (formulas on a par sheet), footer and notes."""
        table = self.table
        self.sheet.write_string(0, 0, table.display_title, self.bold)
        header = HEADER_ROW - 1
        for column, name in enumerate(table.headers):
            self.write_text(header, self.places[column], table.label(name), self.bold)
            if self.beside[column]:
                self.write_text(header, self.places[column] + 1, f"{table.label(name)} exact", self.bold)
        par_sheet = table.headers == PAR_SHEET_HEADERS and bool(table.rows)
        first = FIRST_ROW - 1
        last = first + len(table.rows) - 1
        for index, values in enumerate(table.rows):
            row = first + index
            for column, value in enumerate(values):
                kind = table.kind(index, column)
                if (
                    par_sheet
                    and column == 4
                    and index < len(table.rows) - 1
                    and _number(values[1]) is not None
                ):
                    formula = f"={self.cell(row, 1)}*{self.cell(row, 3)}"
                    self.write_formula(row, column, formula, value, kind)
                elif par_sheet and index == len(table.rows) - 1 and column in (2, 3, 4) and value is not None:
                    formula = f"=SUM({self.cell(first, column)}:{self.cell(last - 1, column)})"
                    self.write_formula(row, column, formula, value, kind)
                else:
                    self.write_value(row, column, value, kind)
        row = last + 1
        for values in table.footer:
            for column, value in enumerate(values):
                if par_sheet and column == 4 and isinstance(value, Cell):
                    formula = f"=-SUM({self.cell(first, 4)}:{self.cell(last - 1, 4)})"
                    self.write_formula(row, column, formula, value.value, value.kind)
                    self.house_edge_cell = self.cell(row, 4)
                elif value is not None:
                    self.write_value(row, column, value, Kind.AUTO)
            row += 1
        row += 1
        for term, words in table.notes:
            self.sheet.write_string(row, 0, f"{term}: {words}")
            row += 1
        self.sheet.freeze_panes(HEADER_ROW, 0)
        for column, width in self.widths.items():
            self.sheet.set_column(column, column, width)


def workbook_bytes(tables: Sequence[Table], title: str = "cardmath tables") -> bytes:
    """The tables as an ``.xlsx`` workbook: a summary sheet, then one sheet per table.

    >>> workbook_bytes([])[:2]
    b'PK'
    """
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True, "strings_to_numbers": False})
    book.set_properties({"title": title, "created": _CREATED, "author": "cardmath"})
    bold = book.add_format({"bold": True})
    formats = {kind: book.add_format({"num_format": code}) for kind, code in _NUMBER_FORMATS.items()}
    summary = book.add_worksheet("Summary")
    summary.write_string(0, 0, title, bold)
    for column, name in enumerate(("sheet", "table", "house edge")):
        summary.write_string(HEADER_ROW - 1, column, name, bold)
    summary.freeze_panes(HEADER_ROW, 0)
    width = 12
    for offset, (name, table) in enumerate(zip(sheet_names(tables), tables, strict=True)):
        sheet = _Sheet(book, formats, bold, name, table)
        sheet.write()
        row = FIRST_ROW - 1 + offset
        summary.write_url(row, 0, f"internal:'{name}'!A1", string=name)
        summary.write_string(row, 1, table.display_title)
        width = max(width, len(table.display_title) + 2)
        if sheet.house_edge_cell:
            edge = table.footer[0][4]
            summary.write_formula(
                row, 2, f"='{name}'!{sheet.house_edge_cell}", formats[Kind.PERCENT], float(edge.value)
            )
    summary.set_column(0, 0, 33)
    summary.set_column(1, 1, min(width, 80))
    summary.set_column(2, 2, 12)
    book.close()
    return buffer.getvalue()
