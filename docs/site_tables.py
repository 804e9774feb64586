"""How the site lays out a published table so that it reads at 1280 px and on a phone.

The library describes a table (:class:`cardmath.table.Table`); ``docs/gen_pages.py`` shows it as
Markdown.  Two things are decided here, from the table alone:

- **At 1280 px no table is wider than the content column.**  :func:`fitted` turns a table much
  wider than long a quarter (its columns become rows), and :func:`column_parts` cuts one that is
  still too wide into parts that each fit, every part keeping the first column (the names), so
  that no column hides behind a scroll bar: the effects of removal of fifteen bets read as ranks
  A to 7, then 8 to K.  Widths are estimated from the text each column shows: a column can
  shrink to its longest word (words wrap), never below it (:func:`least_widths`).
- **On a phone the key figures of a par sheet stay in view.**  A table that gives a probability
  for each row does not need its counts to be read; on a narrow screen its count columns
  (combinations) are hidden, one tap away (:func:`compact_columns`; ``stylesheets/extra.css``
  hides them, and a check box under the table shows every column again).  The outcome, the
  probability, the return and the house edge under it then fit the phone's column.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from cardmath.output import render_table
from cardmath.table import Kind, Table

__all__ = [
    "CHARACTER_PX",
    "COLUMN_PX",
    "FIRST_COLUMN_PX",
    "PADDING_PX",
    "PAGE_COLUMN_PX",
    "WIDE_COLUMNS",
    "column_parts",
    "compact_columns",
    "fitted",
    "least_widths",
    "part_label",
    "shown_cells",
    "split_columns",
    "transposed",
]

COLUMN_PX = 896
"""The width a table inside a content tab may take at 1280 px: the tab's 904 px, less a little
for the estimate's error (the estimate takes every character as wide as a digit, and most are
narrower, so it errs on the wide side)."""

PAGE_COLUMN_PX = 930
"""The width a table outside a tab may take at 1280 px: the content column's 938 px, less a
little."""

CHARACTER_PX = 8.3
"""The width of a character in a table's font (0.64 rem of 20 px: 12.8 px, a character about
0.65 em), in px."""

PADDING_PX = 19.2
"""A cell's padding, left and right (0.75 em each, ``stylesheets/extra.css``), in px."""

FIRST_COLUMN_PX = 102.4
"""The least width of a table's first column (8 em of 12.8 px, ``stylesheets/extra.css``), so
that its names do not wrap word by word."""

WIDE_COLUMNS = 10
"""A table with more columns than this is shown transposed, if it then has at most this many."""

_CELL = re.compile(r"(?<!\\)\|")


def shown_cells(table: Table) -> list[list[str]]:
    """The text of every cell as the site shows it (headers, rows, then footer rows), read from
    the table's own Markdown rendering, so that it is exactly what a reader sees.

    >>> from sympy import Rational
    >>> table = Table("t", ("outcome", "probability"), (("win", Rational(1, 3)),),
    ...               kinds=(Kind.TEXT, Kind.PROBABILITY))
    >>> shown_cells(table)
    [['outcome', 'probability'], ['win', '0.333333']]
    """
    lines = render_table(dataclasses.replace(table, notes=()), "github").splitlines()
    rows = []
    for line in lines:
        if not line.startswith("|") or re.fullmatch(r"[|:\- ]+", line):
            continue
        rows.append([cell.strip() for cell in _CELL.split(line.strip())[1:-1]])
    return rows


def least_widths(table: Table) -> list[float]:
    """Each column's least width in px: its longest word (a cell wraps between words, never
    inside one) and its padding; the first column at least :data:`FIRST_COLUMN_PX`.

    >>> table = Table("t", ("bet", "A"), (("Banker (5% commission)", "-0.0041%"),))
    >>> [round(width) for width in least_widths(table)]
    [122, 86]
    """
    cells = shown_cells(table)
    widths = []
    for column in range(len(table.headers)):
        words = [word for row in cells if column < len(row) for word in row[column].split()]
        longest = max((len(word) for word in words), default=1)
        widths.append(longest * CHARACTER_PX + PADDING_PX)
    if widths:
        widths[0] = max(widths[0], FIRST_COLUMN_PX + PADDING_PX)
    return widths


def column_parts(widths: Sequence[float], room: float = COLUMN_PX) -> tuple[tuple[int, ...], ...]:
    """The columns of each part of a table too wide for ``room``: every part starts with the
    first column and takes a run of the others, as few parts as fit and of sizes as equal as may
    be; one part (every column) when the table fits.

    >>> column_parts([120, 90, 90, 90, 90], room=400)
    ((0, 1, 2), (0, 3, 4))
    >>> column_parts([120, 90, 90], room=400)
    ((0, 1, 2),)
    """
    if sum(widths) <= room or len(widths) <= 2:
        return (tuple(range(len(widths))),)
    others = len(widths) - 1
    for count in range(2, others + 1):
        bounds = [1 + -(-others * part // count) for part in range(count + 1)]
        parts = tuple((0, *range(bounds[k], bounds[k + 1])) for k in range(count))
        if all(sum(widths[column] for column in part) <= room for part in parts):
            return parts
    return tuple((0, column) for column in range(1, len(widths)))


def split_columns(table: Table, parts: Sequence[Sequence[int]]) -> tuple[Table, ...]:
    """The table as one table per part (a tuple of column indexes), each with those columns of
    the headers, kinds, rows and footer rows; the notes go under the last part only.

    >>> table = Table("t", ("bet", "A", "2"), (("tie", 1, 2),), notes=(("bet", "a bet"),))
    >>> first, second = split_columns(table, [(0, 1), (0, 2)])
    >>> first.headers, second.rows, first.notes, second.notes
    (('bet', 'A'), (('tie', 2),), (), (('bet', 'a bet'),))
    """
    if len(parts) == 1:
        return (table,)

    def pick(row: Sequence[object], part: Sequence[int]) -> tuple[object, ...]:
        return tuple(row[column] if column < len(row) else None for column in part)

    return tuple(
        dataclasses.replace(
            table,
            headers=tuple(str(header) for header in pick(table.headers, part)),
            rows=tuple(pick(row, part) for row in table.rows),
            kinds=tuple(table.column_kind(column) for column in part),
            footer=tuple(pick(row, part) for row in table.footer),
            notes=table.notes if position == len(parts) - 1 else (),
        )
        for position, part in enumerate(parts)
    )


def transposed(table: Table) -> Table:
    """A wide table turned a quarter: its columns become rows, its first column the headings.
    What each column holds (its kind) becomes what each row holds; names and notes stay.

    >>> turned = transposed(Table("t", ("decks", "tie"), (("1 deck", 1), ("2 decks", 2))))
    >>> turned.headers, turned.rows
    (('', '1 deck', '2 decks'), (('tie', 1, 2),))
    """
    headers = ("", *(table.label(str(row[0])) for row in table.rows))
    rows = tuple(
        (name, *(row[index] for row in table.rows)) for index, name in enumerate(table.headers) if index
    )
    kinds = tuple(table.column_kind(index) for index in range(1, len(table.headers)))
    return dataclasses.replace(
        table, headers=headers, rows=rows, kinds=(Kind.TEXT,), row_kinds=kinds, footer=()
    )


def fitted(table: Table, room: float = COLUMN_PX) -> tuple[Table, ...]:
    """The table as the site shows it at 1280 px: transposed when it is much wider than it is
    long (and has no footer rows, which belong under its columns), then cut into parts that each
    fit ``room`` (:func:`column_parts`).

    >>> from sympy import Rational
    >>> ranks = tuple("A23456789TJQK")
    >>> row = tuple(Rational(-1, 3000) for _ in ranks)
    >>> bets = tuple((f"Egalité {n}", *row) for n in range(10))
    >>> table = Table("t", ("bet", *ranks), bets, kinds=(Kind.TEXT, *(Kind.PERCENT for _ in ranks)))
    >>> [part.headers[1:] for part in fitted(table)]
    [('A', '2', '3', '4', '5', '6', '7'), ('8', '9', 'T', 'J', 'Q', 'K')]
    >>> [part.headers for part in fitted(dataclasses.replace(table, rows=bets[:1]))]
    [('', 'Egalité 0')]
    """
    wide = len(table.headers) > WIDE_COLUMNS and len(table.rows) + 1 <= WIDE_COLUMNS
    shown = transposed(table) if wide and not table.footer else table
    return split_columns(shown, column_parts(least_widths(shown), room))


def compact_columns(table: Table) -> tuple[int, ...]:
    """The columns (numbered from 1, as CSS counts them) hidden on a phone: the counts of a
    table that gives each row's probability, which says the same to a reader.

    >>> table = Table("t", ("outcome", "pays", "combinations", "probability", "return"), (),
    ...               kinds=(Kind.TEXT, Kind.PAY, Kind.COUNT, Kind.PROBABILITY, Kind.DECIMAL))
    >>> compact_columns(table)
    (3,)
    >>> compact_columns(Table("t", ("bet", "hands"), (), kinds=(Kind.TEXT, Kind.COUNT)))
    ()
    """
    kinds = [table.column_kind(column) for column in range(len(table.headers))]
    if Kind.PROBABILITY not in kinds:
        return ()
    return tuple(column + 1 for column, kind in enumerate(kinds) if kind is Kind.COUNT and column)


def part_label(table: Table, count: int) -> str:
    """The words that tell the parts of a cut table apart: the first and last of its headings
    after the names (``"A to 7"``).

    >>> part_label(Table("t", ("bet", "A", "2", "7"), ()), 2)
    'A to 7'
    """
    heads = [table.label(header) for header in table.headers[1:]]
    if not heads or count < 2:
        return ""
    return heads[0] if len(heads) == 1 else f"{heads[0]} to {heads[-1]}"
