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

Sheet names (:func:`sheet_names`) are the titles without what every sheet of the workbook
shares (the game's name, the shoe), valid for Excel (31 characters at most, ``/`` read as
``-``), shortened between words.  The summary sheet lists every sheet with its title and, for a
par sheet, its house edge as a formula reading that sheet.  The file is the same bytes for the
same tables (its dates fixed).

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
from fractions import Fraction
from typing import Any

import sympy
import xlsxwriter  # type: ignore[import-untyped]  # XlsxWriter ships no type information

from cardmath.output.tables import cell_kind, cell_text, csv_columns
from cardmath.output.text import fraction_text
from cardmath.parsheet import PAR_SHEET_HEADERS
from cardmath.table import Cell, Kind, Table, slug_of

__all__ = ["FIRST_ROW", "HEADER_ROW", "SHEET_NAME_LENGTH", "sheet_names", "workbook_bytes"]

HEADER_ROW = 3
"""The row (1-based, as Excel numbers them) of each table sheet's headers."""

FIRST_ROW = HEADER_ROW + 1
"""The first row of data on each table sheet."""

SHEET_NAME_LENGTH = 31
"""The longest sheet name Excel accepts."""

_NUMBER_FORMATS = {
    Kind.COUNT: "#,##0",
    Kind.PROBABILITY: "0.000000",
    Kind.DECIMAL: "0.000000",
    Kind.PERCENT: "0.0000%",
    Kind.PAY: "General",
}
_CREATED = datetime.datetime(2000, 1, 1)

_A4 = 9
"""XlsxWriter's number of the A4 paper size."""

_PORTRAIT_PIXELS = round((8.27 - 2 * 0.7) * 96)
"""The width of an A4 portrait page inside XlsxWriter's default margins (0.7 inch), in pixels."""

_SHOE = re.compile(r", (?:(?:\d+|infinite) decks?|\d+ cards|\d+-card hands)(?=$|[:,;)])")
"""How a title names its shoe: ``, 8 decks``, ``, infinite decks``, ``, 311 cards``, ``, 5-card hands``."""

_EXCEL_FORBIDS = str.maketrans({"/": "-", "\\": "-", ":": ",", "?": "", "*": "", "[": "(", "]": ")"})
"""Each character Excel forbids in a sheet name and what reads in its place."""

_SHORTER = (
    (re.compile(r" \([^()]* [^()]*\)"), ""),  # an aside of two words or more
    (re.compile(r" par sheet\b"), ""),
    (re.compile(r"\b(?:a|an|the|with) ", re.IGNORECASE), ""),
)
"""Words a sheet name loses, one kind after the other, while it is too long."""

_DANGLING = frozenset(
    ("a", "an", "and", "after", "at", "by", "for", "from", "in", "is", "of", "on", "or", "the", "to", "with")
)
"""Words that cannot end a cut name."""


def _without_shoe(title: str) -> str:
    return _SHOE.sub("", title)


def _common_words(titles: Sequence[str]) -> str:
    """The leading words every title shares, when there are two titles or more and each has
    words after them."""
    split = [title.split() for title in titles]
    shared: list[str] = []
    for words in zip(*split, strict=False):
        if any(word != words[0] for word in words):
            break
        shared.append(words[0])
    if len(titles) < 2 or any(len(words) <= len(shared) for words in split):
        return ""
    return " ".join(shared)


def _without_game(title: str, game: str) -> str:
    if not game or not title.lower().startswith(game.lower()) or title[len(game) :][:1].isalnum():
        return title
    rest = title[len(game) :].lstrip(" ,:;-")
    return rest[:1].upper() + rest[1:] if rest else title


def _allowed(name: str) -> str:
    """``name`` with the characters Excel forbids replaced, spaces single, no quote at either end."""
    name = name.translate(_EXCEL_FORBIDS)
    return re.sub(r"\s+", " ", name).strip().strip("'").strip()


def _shortened(title: str) -> str:
    """A title without "pay table" before its pays and, while too long, without asides, "par
    sheet" and articles (never cut)."""
    name = _allowed(title.replace(", pay table ", ", "))
    for pattern, replacement in _SHORTER:
        if len(name) <= SHEET_NAME_LENGTH:
            break
        name = pattern.sub(replacement, name)
    return name


def _cut(name: str, limit: int) -> str:
    """``name`` cut to ``limit`` characters between words, without a dangling word or an open aside."""
    if len(name) <= limit:
        return name
    kept: list[str] = []
    for word in name.split(" "):
        if len(" ".join([*kept, word])) > limit:
            break
        kept.append(word)
    text = " ".join(kept)
    if text.count("(") > text.count(")"):
        text = text[: text.rfind("(")]
    while True:
        trimmed = text.rstrip(" ,;-(")
        last = trimmed.rpartition(" ")
        if last[1] and last[2].lower() in _DANGLING:
            trimmed = last[0]
        if trimmed == text:
            break
        text = trimmed
    return text.strip("'") or name[:limit].rstrip()


def _slug_words(slug: str, title: str) -> str:
    """A table's short name (its slug, ``b2-commission-banker-strategy``) in the words of its
    title (``B2 commission Banker's strategy``): each run of the slug's parts that a word of the
    title reduces to reads as that word."""
    spelled: dict[str, str] = {}
    for word in reversed(title.split()):
        spelled[slug_of(word)] = word.strip(",;:()[]")
    parts = [part for part in slug.split("-") if part]
    words: list[str] = []
    start = 0
    while start < len(parts):
        end = next(
            (end for end in range(len(parts), start, -1) if "-".join(parts[start:end]) in spelled),
            start + 1,
        )
        words.append(spelled.get("-".join(parts[start:end]), parts[start]))
        start = end
    name = _allowed(" ".join(words))
    return name[:1].upper() + name[1:]


def _candidates(table: Table, game: str) -> list[str]:
    """The names a table's sheet may take, best first: its title shortened (when that fits),
    its slug in the title's words (when that fits), its title cut between words, and its title
    with the game's name (for a name another sheet took)."""
    title = _without_shoe(table.display_title)
    short = _shortened(_without_game(title, game))
    slug = _slug_words(table.slug, title) if table.slug else ""
    return [
        name
        for name in (
            short if len(short) <= SHEET_NAME_LENGTH else "",
            slug if len(slug) <= SHEET_NAME_LENGTH else "",
            _cut(short, SHEET_NAME_LENGTH),
            _cut(_shortened(title), SHEET_NAME_LENGTH),
        )
        if name
    ]


def sheet_names(tables: Sequence[Table], game: str = "") -> list[str]:
    """A readable name for each table's sheet, distinct (ignoring case) from the others' and from
    ``Summary`` (the summary sheet's), of at most :data:`SHEET_NAME_LENGTH` characters.

    A workbook holds one game and one shoe, so a name is the title people read without them:
    without the shoe (``, 8 decks``), without the game's name (``game``, or else the leading
    words every title shares), without the words "pay table" before a pay table's pays, and with
    the characters Excel forbids replaced (``/`` and ``\\`` by ``-``, ``:`` by ``,``).  A name
    still too long loses its asides of two words or more (``(a three-card 7 pushes)``), then
    "par sheet", then the words *a*, *the* and *with*; if it is still too long, the table's short
    name (:attr:`~cardmath.table.Table.slug`) is taken in the title's words, or else the name is
    cut between words.  A name another sheet took keeps the game's name, or else gets a number.

    Args:
        tables: The tables, one sheet each, in order.
        game: The game's display name that opens the titles (``"Baccarat"``); when empty, the
            leading words shared by every title (of two tables or more) are taken for it.

    Returns:
        One sheet name per table, in the order of ``tables``.

    >>> titles = ["Baccarat Tie par sheet, 8 decks", "Baccarat 88/89/98/99 par sheet, 8 decks",
    ...           "Baccarat Perfect Pair, pay table 25 to 1, both 200 to 1 par sheet, 8 decks"]
    >>> sheet_names([Table(title, (), ()) for title in titles])
    ['Tie par sheet', '88-89-98-99 par sheet', 'Perfect Pair, 25 to 1, both 200']
    >>> strategy = "Chemin de fer B2 with a 5% commission, 8 decks: Banker's strategy (columns: Player stood)"
    >>> sheet_names([Table(strategy, (), (), slug="b2-commission-banker-strategy")], game="Chemin de fer")
    ["B2 commission Banker's strategy"]
    >>> tie = Table("Baccarat tie bet par sheet, 8 decks", (), ())
    >>> sheet_names([tie, tie], game="Baccarat")
    ['Tie bet par sheet', 'Baccarat tie bet par sheet']
    """
    shared = game or _common_words([_without_shoe(table.display_title) for table in tables])
    names: list[str] = []
    taken = {"summary", "history"}  # Excel keeps "History" for itself
    for position, table in enumerate(tables, start=1):
        candidates = _candidates(table, shared) or [f"Table {position}"]
        name = next((name for name in candidates if name.lower() not in taken), "")
        number = 2
        while not name or name.lower() in taken:
            suffix = f" {number}"
            name = _cut(candidates[0], SHEET_NAME_LENGTH - len(suffix)) + suffix
            number += 1
        taken.add(name.lower())
        names.append(name)
    return names


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


def _beside(table: Table) -> tuple[bool, ...]:
    """For each column, whether its exact text goes beside it: as in CSV, except a column of pays
    whose every pay reads exactly as odds."""
    beside = []
    for column, exact in enumerate(csv_columns(table)):
        cells = [(row[column], table.kind(index, column)) for index, row in enumerate(table.rows)]
        numbers = [(value, kind) for value, kind in cells if _number(value) is not None]
        pays = bool(numbers) and all(_is_pay(value, kind) for value, kind in numbers)
        beside.append(exact and not (pays and all(_reads_exactly(value) for value, _ in numbers)))
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
        if number is None:
            shown = "" if value is None else str(value.value if isinstance(value, Cell) else value)
            if shown:
                self.write_text(row, place, self.table.label(shown))
        else:
            self.sheet.write_number(row, place, number, self.book.number_format(value, kind))
            self._fit_number(place, value, kind)
        if self.beside[column] and number is not None:
            self.write_text(row, place + 1, _exact(value))

    def write_formula(self, row: int, column: int, formula: str, value: Any, kind: Kind) -> None:
        """A formula with its exact value cached, and its exact text beside."""
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
        row = self._write_footer(FIRST_ROW - 1 + len(table.rows)) + 1
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
