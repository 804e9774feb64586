"""Tidy data of tables: one observation per row, the conditions as columns, as CSV or Parquet.

The tables people read (:class:`~cardmath.table.Table`) are shaped for reading: a total under the
rows, a house edge under the total, one column per card removed or per number of decks.  Their
tidy form is the data alone, in long format, so that pandas, polars or DuckDB read many of them
(every game, every number of decks) as one frame:

- every row is one observation: an outcome of a par sheet, one card's effect of removal on one
  bet, one bet's house edge at one number of decks;
- the conditions it was computed for come first, as columns (:data:`CONDITIONS`): the game, the
  number of decks (``decks``, empty for the infinite shoe, which ``shoe`` calls ``infinite``), the
  hand size, the kind of table and the table, the bet and its pay table;
- no footer (the house edge under a par sheet), no totals row, and no column mixing numbers with
  words: :func:`cardmath.frames.table_records` reads the rows and
  :func:`cardmath.frames.tidy_columns` makes the columns (each exact number as a float ``NAME``
  beside its exact fraction ``NAME_exact``), the same as a result's ``.to_frame()``.

A table's *kind* (:func:`table_kind`) names what it holds, whatever the game: ``par-sheet``,
``bets``, ``effects-of-removal``, ``house-edge-by-decks``...; a table only one game publishes is
its own kind, named by the game and the table (``GAME-SLUG``).

>>> from sympy import Rational
>>> half = Rational(1, 2)
>>> rows = (("win", 1, 26, half, half), ("lose", -1, 26, half, -half), ("total", None, 52, 1, 0))
>>> sheet = Table("Demo red bet par sheet, 1 deck", PAR_SHEET_HEADERS, rows, slug="red-par-sheet")
>>> print(tidy_csv(tidy_records(sheet, shoe_conditions("demo", 1))), end="")
game,decks,shoe,kind,table,bet,outcome,pays,combinations,probability,probability_exact,return,return_exact
demo,1,finite,par-sheet,red-par-sheet,red,win,1,26,0.5,1/2,0.5,1/2
demo,1,finite,par-sheet,red-par-sheet,red,lose,-1,26,0.5,1/2,-0.5,-1/2
"""

from __future__ import annotations

import csv
import importlib
import io
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardmath.errors import ExtraMissingError, OptionError
from cardmath.frames import Column, require, table_records, tidy_columns
from cardmath.parsheet import PAR_SHEET_HEADERS
from cardmath.table import Table, slug_of

__all__ = [
    "CONDITIONS",
    "PARQUET",
    "SHARED_KINDS",
    "TIDY_CSV",
    "TIDY_FOLDER",
    "TIDY_FORMATS",
    "TOTAL_LABELS",
    "TidyKind",
    "parquet_bytes",
    "shoe_conditions",
    "table_kind",
    "tables_records",
    "tidy_csv",
    "tidy_data",
    "tidy_index_markdown",
    "tidy_kinds",
    "tidy_path",
    "tidy_records",
    "writable_formats",
]

TIDY_CSV = "csv-tidy"
"""The format of tidy data as CSV text."""

PARQUET = "parquet"
"""The format of tidy data as a Parquet file (binary: written to a file, never printed)."""

TIDY_FORMATS: tuple[str, ...] = (TIDY_CSV, PARQUET)
"""The formats of tidy data: CSV text and Parquet."""

TIDY_FOLDER = "tidy"
"""The folder of a published set that holds its tidy data, one file per kind and format."""

_EXTENSIONS = {TIDY_CSV: "csv", PARQUET: "parquet"}

CONDITIONS: tuple[str, ...] = (
    "game",
    "decks",
    "shoe",
    "hand_size",
    "removed",
    "kind",
    "table",
    "bet",
    "pay_table",
)
"""The columns of the conditions, first in every record (those a record has), in this order."""

SHARED_KINDS: tuple[str, ...] = (
    "par-sheet",
    "results",
    "bets",
    "effects-of-removal",
    "pay-tables",
    "house-edge-by-decks",
    "seen-cards",
    "best-sorts",
)
"""The kinds of table several games publish, each one frame across games."""

TOTAL_LABELS = frozenset({"total"})
"""The first cell of a row that adds up the rows above it: people read it, the data leaves it out."""

_PREFIXED_KINDS = (("seen-", "seen-cards"), ("best-sorts-", "best-sorts"))
_BET_SHEET = re.compile(r" (\S+) bet par sheet, ")
_PAY_TABLE_SHEET = re.compile(r" (\S+) pay table par sheet, ")
_DECKS = re.compile(r"(\d+) decks?")
_INFINITE = ("infinite", "infinite decks", "inf")
_WHOLE_CONDITIONS = ("decks", "hand_size")
_EXACT_HEADER = "exact"
"""A column of text some tables give beside a number (its exact fraction): ``NAME_exact`` has it."""


def shoe_conditions(game: str, decks: int | str | None, removed: Sequence[str] = ()) -> dict[str, Any]:
    """The conditions of a shoe: the game, the number of decks (``None`` for the infinite shoe)
    and ``shoe``, ``"finite"`` or ``"infinite"``; with cards removed, ``removed`` lists them.

    Args:
        game: The game's registry name.
        decks: A number of decks, `None` or `inf` for the infinite shoe, or a shoe's description such
            as `8 decks` or `infinite decks`.
        removed: Cards dealt from the shoe, in standard notation; none by default.

    Returns:
        The conditions, in the order of `CONDITIONS`.

    Raises:
        OptionError: When `decks` names no number of decks.

    >>> shoe_conditions("baccarat", "infinite decks"), shoe_conditions("reddog", 1, ["As", "Kd"])
    ({'game': 'baccarat', 'decks': None, 'shoe': 'infinite'}, {'game': 'reddog', 'decks': 1, 'shoe': 'finite', 'removed': 'As,Kd'})
    """  # noqa: E501
    conditions: dict[str, Any] = {"game": game, **_shoe(decks)}
    if removed:
        conditions["removed"] = ",".join(removed)
    return conditions


def _shoe(decks: int | str | None) -> dict[str, Any]:
    """``decks`` and ``shoe`` of a number of decks or of a shoe's description."""
    found = _read_shoe(decks)
    if found is None:
        raise OptionError(f"{decks!r} is not a number of decks: give a whole number, or infinite decks")
    return found


def _read_shoe(decks: int | str | None) -> dict[str, Any] | None:
    """``decks`` and ``shoe`` of a number of decks or of a shoe's description; ``None`` for other text."""
    if decks is None or (isinstance(decks, str) and decks.strip().lower() in _INFINITE):
        return {"decks": None, "shoe": "infinite"}
    if isinstance(decks, str):
        match = _DECKS.fullmatch(decks.strip().lower())
        return {"decks": int(match.group(1)), "shoe": "finite"} if match else None
    return {"decks": int(decks), "shoe": "finite"}


def table_kind(table: Table, game: str = "", slug: str = "") -> str:
    """What a table holds, whatever the game: ``par-sheet`` for a par sheet (of a bet or of a pay
    table), one of :data:`SHARED_KINDS` for a table several games publish (``seen-cards`` for any
    table of what a player sees, ``best-sorts`` for the best sorts of the cards seen), else
    ``GAME-SLUG``: the table is its own kind (its slug alone when it starts with the game's name).

    Args:
        table: The table.
        game: The game's registry name, which names a kind of its own; none by default.
        slug: The table's short name when it has no `slug`; by default its `slug`, else its title's.

    Returns:
        The kind, lower-case words joined by hyphens (a file name).

    >>> sheet = Table("Baccarat tie:9 pay table par sheet, 1 deck", PAR_SHEET_HEADERS, (), slug="tie-pays-9")
    >>> table_kind(sheet), table_kind(Table("t", ("bet",), (), slug="seen-p1-6789"), "baccarat")
    ('par-sheet', 'seen-cards')
    >>> table_kind(Table("Red Dog raise strategy, 1 deck", (), (), slug="raise-strategy"), "reddog")
    'reddog-raise-strategy'
    """
    name = slug or table.slug or slug_of(table.title)
    if tuple(table.headers) == PAR_SHEET_HEADERS:
        return "par-sheet"
    if name in SHARED_KINDS:
        return name
    for prefix, kind in _PREFIXED_KINDS:
        if name.startswith(prefix):
            return kind
    prefix = slug_of(game)
    return name if not prefix or name.startswith(f"{prefix}-") else f"{prefix}-{name}"


def _is_total(row: Sequence[Any]) -> bool:
    first = row[0] if row else None
    return isinstance(first, str) and first.strip().lower() in TOTAL_LABELS


def _melted(table: Table, keep: int, variable: str, value: str) -> Table:
    """The table long: its first ``keep`` columns, then one row per other column (its header in
    ``variable``, its cell in ``value``)."""
    rows = tuple(
        (*row[:keep], header, cell)
        for row in table.rows
        for header, cell in zip(table.headers[keep:], row[keep:], strict=False)
    )
    return Table(table.title, (*table.headers[:keep], variable, value), rows, slug=table.slug)


def _seen_long(table: Table) -> Table:
    """A table of what a player sees, long: one row per pattern and bet, the pattern as
    ``--given`` reads it (``P1=6789,B1=012345``), the bet's expected value and whether it is the
    pattern's best bet."""
    headers = list(table.headers)
    if "probability" not in headers or "best bet" not in headers:
        return table
    first, best = headers.index("probability"), headers.index("best bet")
    positions = [header.removesuffix(" card") for header in headers[:first]]
    rows = []
    for row in table.rows:
        seen = ",".join(f"{position}={group}" for position, group in zip(positions, row[:first], strict=True))
        for bet, cell in zip(headers[first + 1 : best], row[first + 1 : best], strict=True):
            rows.append((seen, row[first], bet, cell, bet == row[best]))
    return Table(
        table.title,
        ("seen", "probability", "bet", "expected value", "best bet"),
        tuple(rows),
        slug=table.slug,
    )


def _text_only(table: Table, column: int) -> bool:
    """Whether a column holds text alone (an exact fraction written out, which NAME_exact holds)."""
    return all(row[column] is None or isinstance(row[column], str) for row in table.rows)


def _long(table: Table, kind: str) -> Table:
    """The table in long form, without its totals row: one observation per row."""
    table = Table(
        table.title,
        table.headers,
        tuple(row for row in table.rows if not _is_total(row)),
        kinds=table.kinds,
        slug=table.slug,
    )
    if kind == "effects-of-removal":
        return _melted(table, 1, "card", "effect")
    if kind == "house-edge-by-decks":
        return _melted(table, 1, "decks", "house edge")
    if kind == "seen-cards":
        return _seen_long(table)
    if _EXACT_HEADER in table.headers and _text_only(table, table.headers.index(_EXACT_HEADER)):
        keep = [index for index, header in enumerate(table.headers) if header != _EXACT_HEADER]
        return Table(
            table.title,
            tuple(table.headers[index] for index in keep),
            tuple(tuple(row[index] for index in keep) for row in table.rows),
            slug=table.slug,
        )
    return table


def _sheet_bet(table: Table) -> dict[str, Any]:
    """The bet (and the pay table) a par sheet's title names: ``"... tie:9 pay table par
    sheet, ..."`` or ``"... tie bet par sheet, ..."``; none for a game's one bet."""
    pay_table = _PAY_TABLE_SHEET.search(table.title)
    if pay_table:
        key = pay_table.group(1)
        return {"bet": key.partition(":")[0], "pay_table": key}
    bet = _BET_SHEET.search(table.title)
    return {"bet": bet.group(1)} if bet else {}


def _ordered(record: Mapping[str, Any]) -> dict[str, Any]:
    """A record with the conditions first, in the order of :data:`CONDITIONS`; a shoe's
    description in ``decks`` read as ``decks`` and ``shoe``."""
    given = dict(record)
    if isinstance(given.get("decks"), str):
        given.update(_read_shoe(given["decks"]) or {})
    first = {name: given.pop(name) for name in CONDITIONS if name in given}
    return {**first, **given}


def tidy_records(
    table: Table, conditions: Mapping[str, Any] | None = None, *, kind: str = ""
) -> list[dict[str, Any]]:
    """The observations of a table, one record each: the conditions, the table's ``kind`` and
    ``table`` (its slug) first, then its columns; long (a column per card or per number of decks
    becomes a row each), without footers and totals, exact values exact.

    Args:
        table: The table, as people read it.
        conditions: What it was computed for, such as :func:`shoe_conditions` gives (a ``bet`` of a
            game of one bet names the bet of its par sheet); none by default.
        kind: The table's kind; by default :func:`table_kind` of the table and the conditions' game.

    Returns:
        One dictionary per observation, the values of :func:`cardmath.frames.table_records`.

    >>> from sympy import Rational
    >>> effects = Table("Demo effects of removal, 1 deck", ("bet", "A", "K"),
    ...                 (("red", Rational(1, 100), Rational(-1, 100)),), slug="effects-of-removal")
    >>> for record in tidy_records(effects, {"game": "demo", "decks": 1}):
    ...     print(record)
    {'game': 'demo', 'decks': 1, 'kind': 'effects-of-removal', 'table': 'effects-of-removal', 'bet': 'red', 'card': 'A', 'effect': 1/100}
    {'game': 'demo', 'decks': 1, 'kind': 'effects-of-removal', 'table': 'effects-of-removal', 'bet': 'red', 'card': 'K', 'effect': -1/100}
    """  # noqa: E501
    given = dict(conditions or {})
    kind = kind or table_kind(table, str(given.get("game") or ""))
    start = {**given, "kind": kind, "table": table.slug or slug_of(table.title)}
    if kind == "par-sheet":
        start.update(_sheet_bet(table))
    return [_ordered(record) for record in table_records(_long(table, kind), start)]


def tables_records(
    tables: Iterable[Table], conditions: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The observations of several tables (:func:`tidy_records` of each, in order), as one frame's
    records: the column ``kind`` tells them apart.

    Args:
        tables: The tables a command prints.
        conditions: What they were computed for; none by default.

    Returns:
        Every table's records, in order.

    Raises:
        OptionError: When there is no table: tidy data is the rows of tables.

    >>> tables_records([])
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: this output has no table, so no tidy data (csv-tidy, parquet): choose json or a text format
    """  # noqa: E501
    given = list(tables)
    if not given:
        formats = ", ".join(TIDY_FORMATS)
        raise OptionError(
            f"this output has no table, so no tidy data ({formats}): choose json or a text format"
        )
    return [record for table in given for record in tidy_records(table, conditions)]


def _csv_cell(kind: str, value: Any) -> str:
    if value is None:
        return ""
    if kind == "float":
        return "" if math.isnan(value) else repr(float(value))
    if kind == "boolean":
        return "true" if value else "false"
    return str(value)


def tidy_csv(records: Sequence[Mapping[str, Any]] | Sequence[Column]) -> str:
    """Tidy data as CSV: a header row of column names, then one line per record; a missing value
    is an empty cell, a float its shortest exact decimal (``repr``), a boolean ``true`` or ``false``.

    Args:
        records: The records (made into columns by :func:`tidy_data`), or the columns themselves.

    Returns:
        The CSV text, Unix line ends, ending with a line end (empty for no column).

    >>> from sympy import Rational
    >>> print(tidy_csv([{"bet": "tie", "edge": Rational(1, 3), "best": True}]), end="")
    bet,edge,edge_exact,best
    tie,0.3333333333333333,1/3,true
    """
    columns = _columns(records)
    if not columns:
        return ""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([column.name for column in columns])
    for index in range(len(columns[0].values)):
        writer.writerow([_csv_cell(column.kind, column.values[index]) for column in columns])
    return buffer.getvalue()


def _columns(data: Sequence[Mapping[str, Any]] | Sequence[Column]) -> list[Column]:
    if data and all(isinstance(item, Column) for item in data):
        return [item for item in data if isinstance(item, Column)]
    return tidy_data([item for item in data if isinstance(item, Mapping)])


def tidy_data(records: Sequence[Mapping[str, Any]]) -> list[Column]:
    """The columns of records (:func:`cardmath.frames.tidy_columns`), the conditions first in the
    order of :data:`CONDITIONS` whichever record has them first, and ``decks`` and ``hand_size``
    whole numbers even when every value is missing (a frame of the infinite shoe only).

    Args:
        records: Records such as :func:`tidy_records` gives, of one kind or several.

    Returns:
        One or more columns per name, each as long as the records.

    >>> columns = tidy_data([{"bet": "tie"}, {"game": "demo", "decks": None}])
    >>> [(column.name, column.kind) for column in columns]
    [('game', 'text'), ('decks', 'integer'), ('bet', 'text')]
    """
    names: dict[str, None] = {}
    for record in records:
        names.update(dict.fromkeys(record))
    order = [name for name in CONDITIONS if name in names]
    order += [name for name in names if name not in CONDITIONS]
    columns = tidy_columns([{name: record.get(name) for name in order} for record in records])
    return [
        Column(column.name, "integer", column.values)
        if column.name in _WHOLE_CONDITIONS and column.kind == "text" and not any(column.values)
        else column
        for column in columns
    ]


def _arrow_values(column: Column) -> list[Any]:
    if column.kind == "float":  # missing is null, not NaN: an exact number is never NaN
        return [None if value is None or math.isnan(value) else value for value in column.values]
    return list(column.values)


def parquet_bytes(records: Sequence[Mapping[str, Any]] | Sequence[Column]) -> bytes:
    """Tidy data as a Parquet file: whole numbers ``int64``, decimal views ``float64`` (a missing
    value null), exact fractions and words ``string``, booleans ``bool``; every column nullable.
    The same records give the same bytes (no time is written).

    Args:
        records: The records (made into columns by :func:`tidy_data`), or the columns themselves.

    Returns:
        The file's bytes, compressed with Snappy, which pandas, polars and DuckDB read.

    Raises:
        ExtraMissingError: When pyarrow is not installed (`pip install 'cardmath[parquet]'`).

    >>> from sympy import Rational
    >>> data = parquet_bytes([{"bet": "tie", "edge": Rational(1, 3)}])
    >>> data[:4], data == parquet_bytes([{"bet": "tie", "edge": Rational(1, 3)}])
    (b'PAR1', True)
    """
    arrow = require("pyarrow")
    parquet = importlib.import_module("pyarrow.parquet")
    types = {
        "integer": arrow.int64(),
        "float": arrow.float64(),
        "exact": arrow.string(),
        "text": arrow.string(),
        "boolean": arrow.bool_(),
    }
    columns = _columns(records)
    table = arrow.table(
        {column.name: arrow.array(_arrow_values(column), type=types[column.kind]) for column in columns}
    )
    sink = io.BytesIO()
    parquet.write_table(table, sink, compression="snappy")
    return sink.getvalue()


def writable_formats(formats: Iterable[str]) -> tuple[str, ...]:
    """The formats that can be written here: all of ``formats`` but Parquet when pyarrow (the
    extra ``cardmath[parquet]``) is not installed.

    Args:
        formats: Names of formats.

    Returns:
        The same names, in order, without `parquet` if it cannot be written.

    >>> writable_formats(["csv", "csv-tidy"])
    ('csv', 'csv-tidy')
    """
    wanted = tuple(formats)
    if PARQUET in wanted:
        try:
            require("pyarrow")
        except ExtraMissingError:
            return tuple(fmt for fmt in wanted if fmt != PARQUET)
    return wanted


def tidy_path(kind: str, fmt: str) -> str:
    """Where a published set keeps the tidy data of a kind in a format.

    Args:
        kind: A kind of table (:func:`table_kind`).
        fmt: `csv-tidy` or `parquet`.

    Returns:
        The path relative to the set's folder, forward slashes.

    >>> tidy_path("par-sheet", "parquet"), tidy_path("bets", "csv-tidy")
    ('tidy/par-sheet.parquet', 'tidy/bets.csv')
    """
    return f"{TIDY_FOLDER}/{kind}.{_EXTENSIONS[fmt]}"


@dataclass(frozen=True)
class TidyKind:
    """The tidy data of one kind of table in a published set: every game's, every shoe's.

    Args:
        kind: The kind (:func:`table_kind`), which names the files.
        columns: Its columns (:func:`tidy_data`).

    >>> data = TidyKind("bets", tuple(tidy_data([{"game": "demo", "bet": "tie", "house_edge": 1}])))
    >>> data.rows, data.entry(["parquet"])["files"]
    (1, {'parquet': 'tidy/bets.parquet'})
    """

    kind: str
    columns: tuple[Column, ...]

    @property
    def rows(self) -> int:
        """The number of observations (rows)."""
        return len(self.columns[0].values) if self.columns else 0

    def files(self, formats: Sequence[str]) -> dict[str, str | bytes]:
        """The kind's files in ``formats`` (of :data:`TIDY_FORMATS`), by path in the set.

        Args:
            formats: `csv-tidy`, `parquet` or both.

        Returns:
            CSV text and Parquet bytes by path.

        Raises:
            ExtraMissingError: For `parquet` when pyarrow is not installed.
        """
        files: dict[str, str | bytes] = {}
        for fmt in formats:
            if fmt == TIDY_CSV:
                files[tidy_path(self.kind, fmt)] = tidy_csv(self.columns)
            elif fmt == PARQUET:
                files[tidy_path(self.kind, fmt)] = parquet_bytes(self.columns)
        return files

    def entry(self, formats: Sequence[str]) -> dict[str, Any]:
        """The kind in a set's ``index.json``: its rows, its columns and what each holds, its files.

        Args:
            formats: The tidy formats written.

        Returns:
            A JSON-ready dictionary.
        """
        return {
            "kind": self.kind,
            "rows": self.rows,
            "columns": [{"name": column.name, "type": column.kind} for column in self.columns],
            "files": {fmt: tidy_path(self.kind, fmt) for fmt in formats if fmt in _EXTENSIONS},
        }


def tidy_kinds(groups: Iterable[tuple[str, Sequence[Mapping[str, Any]]]]) -> list[TidyKind]:
    """The tidy data of a set: the records of its tables gathered by kind, in the order the kinds
    first come.

    Args:
        groups: Each table's kind and records (:func:`tidy_records`), in the set's order.

    Returns:
        One `TidyKind` per kind.

    >>> [(data.kind, data.rows) for data in tidy_kinds([("bets", [{"bet": "a"}]), ("results", []),
    ...                                                  ("bets", [{"bet": "b"}])])]
    [('bets', 2), ('results', 0)]
    """
    gathered: dict[str, list[Mapping[str, Any]]] = {}
    for kind, records in groups:
        gathered.setdefault(kind, []).extend(records)
    return [TidyKind(kind, tuple(tidy_data(records))) for kind, records in gathered.items()]


def tidy_index_markdown(kinds: Sequence[TidyKind], formats: Sequence[str]) -> str:
    """The section of a set's ``index.md`` on its tidy data: one line per kind, its rows and its files.

    Args:
        kinds: The set's tidy data.
        formats: The tidy formats written.

    Returns:
        Markdown: a heading, a sentence on the columns, and a table.

    >>> print(tidy_index_markdown([TidyKind("bets", ())], ["parquet"]).splitlines()[-1])
    | bets | 0 | [parquet](tidy/bets.parquet) |
    """
    lines = [
        "## Tidy data",
        "",
        "Each kind of table, every game and every shoe in one file: one observation per row, the",
        "conditions first (game, decks, empty for the infinite shoe, shoe, bet...), each exact number as",
        "a float column `NAME` beside its exact fraction `NAME_exact`; no totals and no footers.",
        "",
        "| Kind | Rows | " + " | ".join(formats) + " |",
        "|---|---|" + "---|" * len(formats),
    ]
    for data in kinds:
        links = " | ".join(f"[{_EXTENSIONS[fmt]}]({tidy_path(data.kind, fmt)})" for fmt in formats)
        lines.append(f"| {data.kind} | {data.rows:,} | {links} |")
    return "\n".join(lines)
