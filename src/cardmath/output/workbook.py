"""Tables as an Excel workbook: the format game labs and regulators exchange.

:func:`workbook_bytes` writes a summary sheet and one sheet per table with XlsxWriter (chosen
because it writes each formula *with its cached value*, so a reader that does not recalculate,
or a test reading the file back, sees the figures; openpyxl writes formulas without values).
On every sheet:

- the title, complete, in ``A1``, the header row in row 3 (frozen, with the title, when
  scrolling) and the rows from row 4; column widths fitted to the content;
- numbers stored as numbers, formatted by their kind (``0.000000`` probabilities, ``0.0000%``
  percentages, ``#,##0`` counts), and beside each column of fractions a text column
  ``"<header> exact"`` holding the exact fraction ``p/q``;
- beside each column holding a whole number of more than :data:`SPREADSHEET_DIGITS` (15)
  digits, the same kind of text column holding its exact digits (``"combinations exact"``:
  ``"4998398275503360"``, the ordered 6-card deals of 8 decks).  A spreadsheet keeps 15
  significant digits of a number: Excel shows such a count with its last digits as zeros and
  LibreOffice stores it rounded when it saves (``2230518282592256`` becomes
  ``2230518282592260``), while a text cell keeps every digit in both.  The number stays beside
  its text, so the sums and formulas still read numbers (the count's float view); Excel is told
  not to flag the exact columns' digits as "numbers stored as text";
- a pay stored as its number (the net units won per unit bet) and shown as the posted odds
  people read in every other format (``"27 to 50"``, ``"1 to 1 on 2 units"``; a push or a loss as
  its plain number) by a number format of that text, so one column reads once; an exact column
  sits beside a column of pays only when a pay too fine for odds is shown as a decimal to 1;
- on a par sheet (columns outcome, pays, combinations, probability, return), each return is the
  formula ``=pays*probability``, the total row sums combinations, probabilities and returns
  (``SUM``), and the house edge under it is ``=-SUM(returns)``;
- the terms used are defined under the table;
- set up to print on A4, one page wide (landscape when the columns are wider than a portrait
  page), the title and header rows repeated on every page, a par sheet on one page.

Sheet names (:func:`~cardmath.output.sheet_names.sheet_names`) are the titles without what
every sheet of the workbook shares (the game's name, the shoe), valid for Excel.  The summary
sheet lists every sheet with its title and, for a par sheet, its house edge as a formula reading
that sheet.  The file is the same bytes for the same tables (its dates fixed).

>>> from sympy import Rational
>>> from cardmath.parsheet import Outcome, ParSheet, par_sheet_table
>>> win, lose = Outcome("win", Rational(1), Rational(18, 37), 18), Outcome("lose", -1, Rational(19, 37), 19)
>>> sheet = ParSheet((win, lose))
>>> data = workbook_bytes([par_sheet_table("Roulette red par sheet", sheet)])
>>> data[:2], data == workbook_bytes([par_sheet_table("Roulette red par sheet", sheet)])
(b'PK', True)

A count of 16 digits keeps them all in the text column beside it:

>>> import zipfile
>>> deals = Table("Deals, 8 decks", ("cards", "deals"), ((6, 416 * 415 * 414 * 413 * 412 * 411),))
>>> texts = zipfile.ZipFile(io.BytesIO(workbook_bytes([deals]))).read("xl/sharedStrings.xml").decode()
>>> "<t>deals exact</t>" in texts, "<t>4998398275503360</t>" in texts, "<t>cards exact</t>" in texts
(True, True, False)
"""

from __future__ import annotations

import datetime
import io
import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import sympy
import xlsxwriter  # type: ignore[import-untyped]  # XlsxWriter ships no type information

from cardmath.output.sheet_names import SHEET_NAME_LENGTH, sheet_names
from cardmath.output.tables import csv_columns
from cardmath.parsheet import PAR_SHEET_HEADERS
from cardmath.table import Cell, Kind, Table
from cardmath.text import cell_kind, cell_text, fraction_text, integer_text

__all__ = [
    "FIRST_ROW",
    "HEADER_ROW",
    "SHEET_NAME_LENGTH",
    "SPREADSHEET_DIGITS",
    "sheet_names",
    "workbook_bytes",
]

HEADER_ROW = 3
"""The row (1-based, as Excel numbers them) of each table sheet's headers."""

FIRST_ROW = HEADER_ROW + 1
"""The first row of data on each table sheet."""

SPREADSHEET_DIGITS = 15
"""The significant digits Excel and LibreOffice keep of a number: a whole number of more digits
gets its exact digits beside it as text."""

_NUMBER_FORMATS = {
    Kind.COUNT: "#,##0",
    Kind.PROBABILITY: "0.000000",
    Kind.DECIMAL: "0.000000",
    Kind.PERCENT: "0.0000%",
    Kind.PAY: "General",
}
_CREATED = datetime.datetime(2000, 1, 1)

_LARGEST = 9.99999999999999e307
"""The largest number a spreadsheet cell holds (Excel's limit): a larger number is written as
text in scientific notation (``"3.87472E+5070"``), its exact digits beside it."""

_SIGNIFICANT = 6
"""Significant digits of a number too large for a cell, written as text."""

_A4 = 9
"""XlsxWriter's number of the A4 paper size."""

_PORTRAIT_PIXELS = round((8.27 - 2 * 0.7) * 96)
"""The width of an A4 portrait page inside XlsxWriter's default margins (0.7 inch), in pixels."""


def _reference(name: str, cell: str) -> str:
    """A cell of another sheet as a formula reads it: ``'Player''s strategy'!B4``."""
    quoted = name.replace("'", "''")
    return f"'{quoted}'!{cell}"


def _column(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


def _number(value: Any) -> float | int | None:
    """A cell's value as a spreadsheet number (``None`` for text, and for a number no cell holds:
    beyond :data:`_LARGEST`, or not finite)."""
    if isinstance(value, Cell):
        value = value.value
    if isinstance(value, bool) or value is None:
        return None
    number: float | int | None = None
    if isinstance(value, int):
        number = value
    elif isinstance(value, sympy.Rational) and value.q == 1:
        number = int(value)
    elif isinstance(value, sympy.Expr) and not value.free_symbols:
        number = float(value)
    elif isinstance(value, float):
        number = value
    if number is None or not abs(number) <= _LARGEST:  # not: a NaN fails every comparison
        return None
    return number


def _scientific(exact: Fraction) -> str:
    """A number too large for a cell as text, rounded half away from zero to :data:`_SIGNIFICANT`
    digits: ``3.87472E+5070`` for 7**6000 (counted exactly, never through a float)."""
    size = abs(exact)
    exponent = len(integer_text(int(size))) - 1
    step = Fraction(10) ** (exponent - _SIGNIFICANT + 1)
    digits, rest = divmod(size, step)
    digits += 2 * rest >= step
    if digits == 10**_SIGNIFICANT:
        digits, exponent = digits // 10, exponent + 1
    text = str(int(digits))
    sign = "-" if exact < 0 else ""
    return f"{sign}{text[0]}.{text[1:]}E+{exponent}"


def _exact(value: Any) -> str:
    if isinstance(value, Cell):
        value = value.value
    if isinstance(value, (int, sympy.Rational)) and not isinstance(value, bool):
        return fraction_text(value)
    return "" if value is None else str(value)


def _fraction(value: Any) -> Fraction | None:
    """An exact value as a fraction (``None`` for anything else)."""
    if isinstance(value, Cell):
        value = value.value
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, sympy.Rational):
        return Fraction(int(value.p), int(value.q))
    return None


_ODDS = re.compile(r"(-?\d+(?:/\d+)?)(?: to (\d+))?(?: on (\d+(?:/\d+)?) units?)?")


def _reads_exactly(value: Any) -> bool:
    """Whether a pay's text (``"27 to 50"``, ``"1 to 1 on 2 units"``, ``"-1/2"``) is its exact value."""
    exact = _fraction(value)
    match = _ODDS.fullmatch(cell_text(value, Kind.PAY))
    if exact is None or match is None:
        return False
    posted, against, stake = match.groups()
    read = Fraction(posted) / Fraction(against or 1) * Fraction(stake or 1)
    return read == exact


def _pay_format(value: Any) -> str:
    """The number format that shows a pay as people read it: a win's odds as quoted text (one
    section for every sign, so no minus sign is added), ``General`` for a plain number."""
    text = cell_text(value, Kind.PAY)
    number = _number(value)
    if isinstance(number, int) and text == str(number):
        return _NUMBER_FORMATS[Kind.PAY]
    quoted = '"' + text.replace('"', '"\\""') + '"'
    return ";".join((quoted, quoted, quoted))


def _is_pay(value: Any, kind: Kind) -> bool:
    return _number(value) is not None and cell_kind(value, kind) is Kind.PAY


def _too_long(value: Any) -> bool:
    """Whether a value is a whole number a spreadsheet cannot keep every digit of."""
    exact = _fraction(value)
    return exact is not None and exact.denominator == 1 and abs(exact) >= 10**SPREADSHEET_DIGITS


def _beside(table: Table) -> tuple[bool, ...]:
    """For each column, whether its exact text goes beside it: as in CSV, except a column of pays
    whose every pay reads exactly as odds, and a column holding a whole number of more than
    :data:`SPREADSHEET_DIGITS` digits (in a row or in the footer)."""
    beside = []
    for column, exact in enumerate(csv_columns(table)):
        cells = [(row[column], table.kind(index, column)) for index, row in enumerate(table.rows)]
        numbers = [(value, kind) for value, kind in cells if _number(value) is not None]
        pays = bool(numbers) and all(_is_pay(value, kind) for value, kind in numbers)
        fractions = exact and not (pays and all(_reads_exactly(value) for value, _ in numbers))
        values = [row[column] for row in (*table.rows, *table.footer) if column < len(row)]
        beside.append(fractions or any(_too_long(value) for value in values))
    return tuple(beside)


def _width(characters: int) -> int:
    """A column's width in pixels, as Excel draws a width of ``characters``."""
    return int(characters * 7 + 0.5) + 5


def _print_setup(sheet: Any, widths: Sequence[int], *, one_page: bool) -> None:
    """A4, one page wide (landscape when portrait is too narrow), the title and header rows on
    every page; ``one_page`` keeps the whole sheet on one page."""
    sheet.set_paper(_A4)
    if sum(_width(width) for width in widths) > _PORTRAIT_PIXELS:
        sheet.set_landscape()
    else:
        sheet.set_portrait()
    sheet.fit_to_pages(1, 1 if one_page else 0)
    sheet.repeat_rows(0, HEADER_ROW - 1)


class _Book:
    """The workbook's shared formats: bold, one per kind, and one per pay's text."""

    def __init__(self, book: Any) -> None:
        self.book = book
        self.bold = book.add_format({"bold": True})
        self.kinds = {kind: book.add_format({"num_format": code}) for kind, code in _NUMBER_FORMATS.items()}
        self.pays: dict[str, Any] = {}

    def number_format(self, value: Any, kind: Kind) -> Any:
        """The format of a number cell: its pay's text for a pay, else its kind's."""
        kind = cell_kind(value, kind)
        if kind is not Kind.PAY:
            return self.kinds.get(kind)
        code = _pay_format(value)
        if code not in self.pays:
            self.pays[code] = self.book.add_format({"num_format": code})
        return self.pays[code]


class _Sheet:
    """One table written on one worksheet, keeping where each table column went."""

    def __init__(self, book: _Book, name: str, table: Table) -> None:
        self.table = table
        self.book = book
        self.sheet = book.book.add_worksheet(name)
        self.widths: dict[int, int] = {}
        self.beside = _beside(table)
        self.places: list[int] = []
        column = 0
        for exact in self.beside:
            self.places.append(column)
            column += 2 if exact else 1
        self.par_sheet = table.headers == PAR_SHEET_HEADERS and bool(table.rows)
        self.house_edge_cell = ""
        self.house_edge: Any = None

    def _fit(self, column: int, text: str) -> None:
        self.widths[column] = max(self.widths.get(column, 8), min(len(text) + 2, 60))

    def write_text(self, row: int, column: int, text: str, style: Any = None) -> None:
        self.sheet.write_string(row, column, text, style)
        self._fit(column, text)

    def _fit_number(self, place: int, value: Any, kind: Kind) -> None:
        number = _number(value)
        if cell_kind(value, kind) is Kind.PAY:
            self._fit(place, cell_text(value, Kind.PAY))
        elif isinstance(number, float):
            self._fit(place, f"{number:,.6f}")
        else:
            self._fit(place, f"{number or 0:,}")

    def write_value(self, row: int, column: int, value: Any, kind: Kind) -> None:
        """A cell: a number with its kind's format (and its exact text beside), or text."""
        place = self.places[column]
        number = _number(value)
        exact = _fraction(value)
        if number is None and exact is not None:  # too large for a cell
            self.write_text(row, place, _scientific(exact))
        elif number is None:
            shown = "" if value is None else str(value.value if isinstance(value, Cell) else value)
            if shown:
                self.write_text(row, place, self.table.label(shown))
        else:
            self.sheet.write_number(row, place, number, self.book.number_format(value, kind))
            self._fit_number(place, value, kind)
        if self.beside[column] and (number is not None or exact is not None):
            self.write_text(row, place + 1, _exact(value))

    def write_formula(self, row: int, column: int, formula: str, value: Any, kind: Kind) -> None:
        """A formula with its exact value cached, and its exact text beside (the value alone when
        it is too large for a cell)."""
        if _number(value) is None and _fraction(value) is not None:
            self.write_value(row, column, value, kind)
            return
        place = self.places[column]
        self.sheet.write_formula(row, place, formula, self.book.number_format(value, kind), _number(value))
        self._fit(place, f"{float(_number(value) or 0):,.6f}")
        if self.beside[column]:
            self.write_text(row, place + 1, _exact(value))

    def cell(self, row: int, column: int) -> str:
        """The A1 name of a table cell (0-based sheet row, table column)."""
        return f"{_column(self.places[column])}{row + 1}"

    def _returns(self, first: int) -> str:
        return f"{self.cell(first, 4)}:{self.cell(first + len(self.table.rows) - 2, 4)}"

    def _write_row(self, index: int, values: Sequence[Any]) -> None:
        table = self.table
        first = FIRST_ROW - 1
        row = first + index
        total = index == len(table.rows) - 1
        for column, value in enumerate(values):
            kind = table.kind(index, column)
            if self.par_sheet and column == 4 and not total and _number(values[1]) is not None:
                self.write_formula(row, column, f"={self.cell(row, 1)}*{self.cell(row, 3)}", value, kind)
            elif self.par_sheet and total and column in (2, 3, 4) and value is not None:
                last = first + len(table.rows) - 2
                formula = f"=SUM({self.cell(first, column)}:{self.cell(last, column)})"
                self.write_formula(row, column, formula, value, kind)
            else:
                self.write_value(row, column, value, kind)

    def _is_house_edge(self, values: Sequence[Any]) -> bool:
        """Whether a footer row is the house edge the returns give: ``-SUM(returns)``."""
        if not self.par_sheet or len(values) < 5 or values[0] != "house edge":
            return False
        edge, total = _fraction(values[4]), _fraction(self.table.rows[-1][4])
        return edge is not None and total is not None and edge == -total

    def _write_footer(self, row: int) -> int:
        for values in self.table.footer:
            for column, value in enumerate(values):
                if column == 4 and self._is_house_edge(values):
                    formula = f"=-SUM({self._returns(FIRST_ROW - 1)})"
                    edge = value.value if isinstance(value, Cell) else value
                    kind = value.kind if isinstance(value, Cell) else Kind.PERCENT
                    self.write_formula(row, column, formula, edge, kind)
                    self.house_edge_cell, self.house_edge = self.cell(row, 4), edge
                elif value is not None:
                    self.write_value(row, column, value, Kind.AUTO)
            row += 1
        return row

    def _quiet_exact_columns(self, end: int) -> None:
        """Tell Excel that the exact columns' digits (``"2"``, ``"4998398275503360"``) are text on
        purpose, down to the sheet row ``end`` (0-based, exclusive)."""
        ranges = [
            f"{_column(place + 1)}{FIRST_ROW}:{_column(place + 1)}{end}"
            for place, exact in zip(self.places, self.beside, strict=True)
            if exact
        ]
        if ranges and end >= FIRST_ROW:
            self.sheet.ignore_errors({"number_stored_as_text": " ".join(ranges)})

    def write(self) -> None:
        """The title, headers, rows (formulas on a par sheet), footer, notes and print setup."""
        table = self.table
        self.sheet.write_string(0, 0, table.display_title, self.book.bold)
        for column, name in enumerate(table.headers):
            self.write_text(HEADER_ROW - 1, self.places[column], table.label(name), self.book.bold)
            if self.beside[column]:
                self.write_text(
                    HEADER_ROW - 1, self.places[column] + 1, f"{table.label(name)} exact", self.book.bold
                )
        for index, values in enumerate(table.rows):
            self._write_row(index, values)
        end = self._write_footer(FIRST_ROW - 1 + len(table.rows))
        self._quiet_exact_columns(end)
        row = end + 1
        for term, words in table.notes:
            self.sheet.write_string(row, 0, f"{term}: {words}")
            row += 1
        self.sheet.freeze_panes(HEADER_ROW, 0)
        for column, width in self.widths.items():
            self.sheet.set_column(column, column, width)
        _print_setup(
            self.sheet,
            [self.widths.get(column, 8) for column in range(max(self.widths, default=0) + 1)],
            one_page=self.par_sheet,
        )


def workbook_bytes(tables: Sequence[Table], title: str = "cardmath tables", *, game: str = "") -> bytes:
    """The tables as an ``.xlsx`` workbook: a summary sheet, then one sheet per table.

    Args:
        tables: The tables of one game and one shoe, each written on a sheet of its own (named
            by :func:`sheet_names`).
        title: The summary sheet's title, in its ``A1`` cell and in the file's properties.
        game: The game's display name, left out of the sheet names (found from the titles when
            empty).

    Returns:
        The ``.xlsx`` file's bytes, the same for the same tables.

    >>> workbook_bytes([])[:2]
    b'PK'
    """
    buffer = io.BytesIO()
    book = xlsxwriter.Workbook(buffer, {"in_memory": True, "strings_to_numbers": False})
    book.set_properties({"title": title, "created": _CREATED, "author": "cardmath"})
    formats = _Book(book)
    summary = book.add_worksheet("Summary")
    summary.write_string(0, 0, title, formats.bold)
    for column, name in enumerate(("sheet", "table", "house edge")):
        summary.write_string(HEADER_ROW - 1, column, name, formats.bold)
    summary.freeze_panes(HEADER_ROW, 0)
    width = 12
    for offset, (name, table) in enumerate(zip(sheet_names(tables, game), tables, strict=True)):
        sheet = _Sheet(formats, name, table)
        sheet.write()
        row = FIRST_ROW - 1 + offset
        summary.write_url(row, 0, f"internal:{_reference(name, 'A1')}", string=name)
        summary.write_string(row, 1, table.display_title)
        width = max(width, len(table.display_title) + 2)
        if sheet.house_edge_cell:
            formula = f"={_reference(name, sheet.house_edge_cell)}"
            summary.write_formula(row, 2, formula, formats.kinds[Kind.PERCENT], _number(sheet.house_edge))
    widths = (33, min(width, 80), 12)
    for column, characters in enumerate(widths):
        summary.set_column(column, column, characters)
    _print_setup(summary, widths, one_page=False)
    book.close()
    return buffer.getvalue()
