"""Rendering tables: exact cells shown by their kind, as text tables, CSV, JSON or LaTeX.

A :class:`~cardmath.table.Table` holds exact cells and says what each means (its
:class:`~cardmath.table.Kind`); this is the only place where exact values become text.

- For people (any tabulate format, Markdown, LaTeX, the terminal): probabilities and other
  numbers to 6 decimals, percentages to 4, counts with thousands separators, pays as odds
  (``"19 to 20"``), numbers right-aligned, ids by their display names, the footer rows (a par
  sheet's house edge) under the table and the terms defined under it.  ``github`` is written as
  a pipe table, whose alignment marks GitHub and the site's Markdown read.
- CSV stays machine-clean: ids, whole numbers as integers, fractions to 18 decimals and, beside
  each column of fractions, a column ``"<header> exact"`` of exact fractions ``p/q``.
- JSON carries every exact value as the text of its reduced fraction and counts as integers.
- ``csv-tidy`` is the tables' data alone, as one CSV (:mod:`cardmath.output.tidy`): one
  observation per row, the conditions and the kind of table as columns, no footers and no totals,
  each exact number as a float beside its exact fraction; ``parquet`` is the same data as a
  Parquet file, written to a file (``--out FILE``), never printed.

>>> from sympy import Rational
>>> table = Table("demo", ("outcome", "probability"), (("win", Rational(1, 3)), ("lose", Rational(2, 3))),
...               kinds=(Kind.TEXT, Kind.PROBABILITY))
>>> print(render_table(table, "csv"), end="")
outcome,probability,probability exact
win,0.333333333333333333,1/3
lose,0.666666666666666667,2/3
>>> print(render_table(table, "simple"))
outcome      probability
---------  -------------
win             0.333333
lose            0.666667
>>> print(render_table(table, "json"))
[
  {
    "outcome": "win",
    "probability": "1/3"
  },
  {
    "outcome": "lose",
    "probability": "2/3"
  }
]
"""

from __future__ import annotations

import csv
import html
import io
import json
import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

import sympy
from tabulate import tabulate, tabulate_formats

from cardmath.errors import OptionError
from cardmath.output.latex import render_latex
from cardmath.output.tidy import PARQUET, TIDY_CSV, tables_records, tidy_csv
from cardmath.table import Cell, Kind, Table, slug_of
from cardmath.text import (
    DISPLAY_PLACES,
    PERCENT_PLACES,
    cell_kind,
    cell_text,
    decimal_text,
    fraction_text,
    is_number,
    number_text,
)

__all__ = [
    "CSV_PLACES",
    "DISPLAY_PLACES",
    "FILE_FORMATS",
    "FORMATS",
    "PERCENT_PLACES",
    "WORKBOOK_FORMATS",
    "cell_kind",
    "cell_text",
    "check_format",
    "csv_columns",
    "display_value",
    "dumps_json",
    "footer_fields",
    "is_number_column",
    "jsonable",
    "named_columns",
    "records",
    "render_table",
    "render_tables",
]

WORKBOOK_FORMATS: tuple[str, ...] = ("xlsx",)
"""Formats written as an Excel workbook, a binary file, never printed: they need a file to go to."""

FILE_FORMATS: tuple[str, ...] = (*WORKBOOK_FORMATS, PARQUET)
"""Formats written as binary files (an Excel workbook, tidy data as Parquet), never printed: they
need a file to go to."""

FORMATS: tuple[str, ...] = (*sorted(tabulate_formats), "csv", "json", TIDY_CSV, *FILE_FORMATS)
"""Every output format: tabulate's table formats, ``csv`` and ``json``, tidy data as ``csv-tidy``,
the ``xlsx`` workbook and tidy data as ``parquet``."""

CSV_PLACES = 18
"""Decimal places written for an exact fraction in CSV (beside its exact column)."""

_MARKDOWN = ("github", "pipe")
_LATEX = ("latex", "latex_booktabs", "latex_longtable", "latex_raw")
_HTML = ("html", "unsafehtml")


def check_format(name: str) -> str:
    """``name`` if it is a known output format, else an :class:`OptionError` listing them.

    Args:
        name: A format's name: `csv`, `json`, `csv-tidy`, `xlsx`, `parquet` or a tabulate format such as
            `github`.

    Returns:
        The same name, once known to be one of `FORMATS`.

    >>> check_format("github")
    'github'
    """
    if name not in FORMATS:
        raise OptionError(f"unknown format {name!r}: choose one of {', '.join(FORMATS)}")
    return name


def jsonable(value: Any) -> Any:
    """A JSON-ready value: exact rationals as ``"p/q"`` text, integers as integers,
    irrational exact values (such as a standard deviation) as floats.

    Args:
        value: A cell, a number, text, `None`, or a mapping or sequence of them, nested to any depth.

    Returns:
        The same data made of `str`, `int`, `float`, `bool`, `None`, `dict` and `list` only.

    >>> jsonable(sympy.Rational(6, 4)), jsonable(7), jsonable(sympy.sqrt(2))
    ('3/2', 7, 1.4142135623730951)
    """
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, Cell):
        return jsonable(value.value)
    if isinstance(value, sympy.Rational):
        return fraction_text(value)
    if isinstance(value, sympy.Expr):
        return float(value)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, Sequence):
        return [jsonable(v) for v in value]
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def dumps_json(value: Any) -> str:
    """JSON text of a value (through :func:`jsonable`), indented, keys in the given order.

    Args:
        value: Any data `jsonable` accepts.

    Returns:
        The JSON document, two spaces per level, non-ASCII characters kept, without a final newline.

    >>> print(dumps_json({"cards": 52, "house_edge": sympy.Rational(523, 16575), "removed": []}))
    {
      "cards": 52,
      "house_edge": "523/16575",
      "removed": []
    }

    JSON has no NaN or infinity (``JSON.parse`` refuses them), so a float that is not finite is a
    bug of the caller, which must write ``null`` with a reason instead; it raises ``ValueError``
    naming where the value is:

    >>> dumps_json({"seats": [{"standard_error": float("nan")}]})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: internal error: the JSON output holds nan at seats[0].standard_error; JSON has no NaN ...
    """
    data = jsonable(value)
    try:
        return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False)
    except ValueError:
        where, number = _non_finite(data, "")
        raise ValueError(
            f"internal error: the JSON output holds {number} at {where or 'the top level'}; JSON has "
            "no NaN or infinity, so cardmath must write null with a reason there"
        ) from None


def _non_finite(data: Any, where: str) -> tuple[str, float | None]:
    """Where in ``data`` (as ``a.b[2]``) the first float that is not finite is, and its value."""
    if isinstance(data, float) and not math.isfinite(data):
        return where, data
    items: Any = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, item in items:
        path = f"{where}[{key}]" if isinstance(key, int) else f"{where}.{key}" if where else str(key)
        found = _non_finite(item, path)
        if found[1] is not None:
            return found
    return where, None


def _is_fraction(value: Any) -> bool:
    """A number that is not whole (so CSV gives its exact form beside its decimal); a float, which
    has no exact form to add (a simulated mean), is not."""
    if isinstance(value, sympy.Rational):
        return bool(value.q != 1)
    return isinstance(value, sympy.Expr)


def display_value(value: Any, places: int = DISPLAY_PLACES) -> Any:
    """A cell as a plain number for machines and quick looks: fractions as decimals to
    ``places``, whole Rationals as integers, ``None`` as ``"-"``.

    Args:
        value: A cell: a number, a `Cell`, text or `None`.
        places: Decimals for a fraction or an irrational value; `DISPLAY_PLACES` by default.

    Returns:
        An `int` for a whole number, decimal text for another number, `-` for `None`, other values
        unchanged.

    >>> display_value(sympy.Rational(1, 3)), display_value(sympy.Rational(4, 2)), display_value(None)
    ('0.333333', 2, '-')
    >>> display_value(sympy.sqrt(2), 4), display_value("spread 1")
    ('1.4142', 'spread 1')
    """
    if isinstance(value, Cell):
        return display_value(value.value, places)
    if isinstance(value, sympy.Rational):
        return int(value) if value.q == 1 else decimal_text(value, places)
    if isinstance(value, sympy.Expr):
        return number_text(value, places)
    if value is None:
        return "-"
    return value


def is_number_column(table: Table, column: int) -> bool:
    """Whether a column holds numbers (right-aligned): its kind says so, or (``AUTO``) every
    cell given is a number.

    >>> table = Table("t", ("a", "b"), (("x", 1), ("y", None)))
    >>> is_number_column(table, 0), is_number_column(table, 1)
    (False, True)
    """
    if table.column_kind(column).is_number:
        return True
    cells = [row[column] for row in table.rows if row[column] is not None]
    cells = [cell.value if isinstance(cell, Cell) else cell for cell in cells]
    return bool(cells) and all(is_number(cell) for cell in cells)


def csv_columns(table: Table) -> tuple[bool, ...]:
    """For each column, whether CSV adds an exact column beside it: a column of probabilities,
    decimals, percentages or pays, or one holding any fraction.

    >>> table = Table("t", ("n", "p"), ((1, sympy.Rational(1, 2)),))
    >>> csv_columns(table)
    (False, True)
    """
    exact = (Kind.PROBABILITY, Kind.DECIMAL, Kind.PERCENT, Kind.PAY)
    return tuple(
        table.column_kind(column) in exact or any(_is_fraction(row[column]) for row in table.rows)
        for column in range(len(table.headers))
    )


def _csv_exact(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (int, sympy.Rational)):
        return fraction_text(value)
    return str(value)


def named_columns(table: Table) -> tuple[bool, ...]:
    """For each column, whether it holds ids that have display names (``banker_no_commission``
    read as "Banker, no commission …"): CSV and JSON put the names beside the ids.

    Args:
        table: The table whose text cells are looked up in its ``labels``.

    Returns:
        One flag per column: ``True`` when some cell of the column reads differently by name.

    >>> table = Table("t", ("bet", "n"), (("ez", 1), ("tie", 2)), labels=(("ez", "EZ Banker"),))
    >>> named_columns(table)
    (True, False)
    """
    return tuple(
        any(isinstance(row[column], str) and table.label(row[column]) != row[column] for row in table.rows)
        for column in range(len(table.headers))
    )


def _csv_cells(table: Table, row: Sequence[Any], beside: Sequence[bool], named: Sequence[bool]) -> list[Any]:
    cells: list[Any] = []
    for given, exact, name in zip(row, beside, named, strict=True):
        value = given.value if isinstance(given, Cell) else given
        cells.append("" if value is None else display_value(value, CSV_PLACES))
        if name:
            cells.append(table.label(value) if isinstance(value, str) else "")
        if exact:
            cells.append(_csv_exact(value) if is_number(value) else "")
    return cells


def _csv(table: Table) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    beside = csv_columns(table)
    named = named_columns(table)
    header: list[str] = []
    for name, exact, labelled in zip(table.headers, beside, named, strict=True):
        header += [name, *((f"{name} name",) if labelled else ()), *((f"{name} exact",) if exact else ())]
    writer.writerow(header)
    for row in (*table.rows, *table.footer):
        writer.writerow(_csv_cells(table, row, beside, named))
    return buffer.getvalue()


def _person_cell(table: Table, cell: Any, kind: Kind) -> str:
    if isinstance(cell, str):
        return table.label(cell)
    if cell is None and kind is Kind.PAY:
        return ""
    return cell_text(cell, kind)


def _people_rows(table: Table) -> list[list[str]]:
    rows = [
        [_person_cell(table, cell, table.kind(r, c)) for c, cell in enumerate(row)]
        for r, row in enumerate(table.rows)
    ]
    for row in table.footer:
        rows.append(
            [
                "" if cell is None else table.label(cell) if isinstance(cell, str) else cell_text(cell)
                for cell in row
            ]
        )
    return rows


def _notes(notes: Sequence[tuple[str, str]], fmt: str) -> str:
    if fmt in _MARKDOWN:
        return "\n".join(f"- *{term}*: {words}" for term, words in notes)
    if fmt in _HTML:
        return "\n".join(f"<p><em>{html.escape(t)}</em>: {html.escape(w)}</p>" for t, w in notes)
    return "\n".join(f"{term}: {words}" for term, words in notes)


def render_table(table: Table, fmt: str, *, defined: Collection[str] = ()) -> str:
    """The table in a tabulate format (its footer rows under it and its terms defined after it,
    but those in ``defined``), ``csv`` (with a header row) or ``json`` (records).

    Args:
        table: The table to render.
        fmt: `csv`, `json`, `csv-tidy` (the table's tidy data), or a tabulate format (`github`, `simple`,
            `latex_booktabs`...); not a format of `FILE_FORMATS`.
        defined: Terms already explained (under an earlier table), left out of the notes.

    Returns:
        The rendered text, without a final newline.

    >>> from cardmath.table import Kind
    >>> table = Table("odds", ("bet", "house edge"), (("tie", sympy.Rational(1, 7)),),
    ...               kinds=(Kind.TEXT, Kind.PERCENT), notes=(("house edge", "expected loss per unit bet"),))
    >>> print(render_table(table, "github"))
    | bet   |   house edge |
    |:------|-------------:|
    | tie   |     14.2857% |
    <BLANKLINE>
    - *house edge*: expected loss per unit bet
    """
    check_format(fmt)
    if fmt in FILE_FORMATS:
        what = "a workbook" if fmt in WORKBOOK_FORMATS else "a binary file"
        raise OptionError(f"{fmt} is {what}, written to a file, not printed")
    if fmt == TIDY_CSV:
        return render_tables([table], fmt)
    if fmt == "json":
        return dumps_json(records(table))
    if fmt == "csv":
        return _csv(table)
    align = tuple("right" if is_number_column(table, c) else "left" for c in range(len(table.headers)))
    headers = [table.label(header) for header in table.headers]
    if fmt in _LATEX:
        numeric = [side == "right" for side in align]
        notes = [(term, words) for term, words in table.notes if term not in defined]
        return render_latex(
            headers, _people_rows(table), numeric=numeric, footer_rows=len(table.footer), notes=notes, fmt=fmt
        )
    text = tabulate(
        _people_rows(table),
        headers=headers,
        tablefmt="pipe" if fmt == "github" else fmt,
        colalign=align,
        disable_numparse=True,
    )
    notes = [(term, words) for term, words in table.notes if term not in defined]
    return f"{text}\n\n{_notes(notes, fmt)}" if notes else text


def records(table: Table) -> list[dict[str, Any]]:
    """The rows as dictionaries keyed by header, with exact values made JSON-ready; beside each
    id that has a display name, ``"<header> name"`` holds the name.

    Args:
        table: The table whose body rows are converted; footer rows are left out.

    Returns:
        One dictionary per row, in row order, its values as `jsonable` makes them.

    >>> rows = (("house edge", sympy.Rational(523, 16575)), ("cards", 52))
    >>> records(Table("Red Dog figures, 1 deck", ("figure", "value"), rows))
    [{'figure': 'house edge', 'value': '523/16575'}, {'figure': 'cards', 'value': 52}]
    >>> records(Table("Bets", ("bet",), (("ez",),), labels=(("ez", "EZ Banker"),)))
    [{'bet': 'ez', 'bet name': 'EZ Banker'}]
    """
    named = named_columns(table)
    result = []
    for row in table.rows:
        record: dict[str, Any] = {}
        for header, value, labelled in zip(table.headers, row, named, strict=True):
            record[header] = jsonable(value)
            if labelled:
                record[f"{header} name"] = table.label(value) if isinstance(value, str) else None
        result.append(record)
    return result


def footer_fields(table: Table) -> dict[str, Any]:
    """The footer rows (a par sheet's house edge) as JSON fields: each row's first cell, in
    snake case, names the last figure of the row.

    Args:
        table: The table whose ``footer`` rows become fields.

    Returns:
        ``{name: exact value}``, JSON-ready, in the footer's order.

    >>> edge = ("house edge", None, Cell(sympy.Rational(1, 37), Kind.PERCENT))
    >>> footer_fields(Table("t", ("a", "b", "c"), (), footer=(edge,)))
    {'house_edge': '1/37'}
    """
    fields: dict[str, Any] = {}
    for row in table.footer:
        figures = [cell for cell in row[1:] if cell is not None]
        if row and isinstance(row[0], str) and figures:
            fields[slug_of(row[0]).replace("-", "_")] = jsonable(figures[-1])
    return fields


def render_tables(tables: Sequence[Table], fmt: str, *, conditions: Mapping[str, Any] | None = None) -> str:
    """Several tables in a text format, each under its title and a blank line, one blank line
    apart; each term is defined under the first table that uses it.  In ``csv-tidy``, the data of
    every table as one CSV, without titles (:mod:`cardmath.output.tidy`), ``conditions`` first.

    Args:
        tables: The tables, in the order to print them.
        fmt: `csv`, `json`, `csv-tidy` or a tabulate format (not a format of `FILE_FORMATS`).
        conditions: What the tables were computed for (the game, the decks...), the first columns of
            `csv-tidy`; none by default, and unused by the other formats.

    Returns:
        All the tables as one text, each headed by its display title; for `csv-tidy`, one CSV.

    Raises:
        OptionError: For `csv-tidy` without a table.

    >>> odds = Table("odds", ("bet", "pays"), (("tie", 8),), kinds=(Kind.TEXT, Kind.PAY))
    >>> print(render_tables([odds], "simple"))
    odds
    <BLANKLINE>
    bet      pays
    -----  ------
    tie    8 to 1
    >>> print(render_tables([odds], "csv-tidy", conditions={"game": "demo"}), end="")
    game,kind,table,bet,pays
    demo,demo-odds,odds,tie,8
    """
    if fmt == TIDY_CSV:
        return tidy_csv(tables_records(tables, conditions))
    if fmt in ("csv", "json"):
        return "\n\n".join(f"{table.display_title}\n\n{render_table(table, fmt)}" for table in tables)
    defined: set[str] = set()
    parts = []
    for table in tables:
        parts.append(f"{table.display_title}\n\n{render_table(table, fmt, defined=defined)}")
        defined.update(term for term, _ in table.notes)
    return "\n\n".join(parts)
