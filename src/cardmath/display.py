"""Results that show themselves: a one-line ``repr``, a notebook display, a data frame.

Every public result type of cardmath mixes in :class:`Displayed` and says three things about
itself: :meth:`~Displayed.summary` (what it is and its headline figure, one line),
:meth:`~Displayed.display_tables` (the tables the docs show for it, as
:class:`~cardmath.table.Table`) and :meth:`~Displayed.conditions` (the game, shoe, rules and bet it
was computed for).  From them it gets:

- ``repr(result)``: one line of at most :data:`REPR_LIMIT` characters, never every digit;
- ``_repr_html_`` and ``_repr_markdown_``: the summary and its tables, each number as people read
  it beside its exact fraction, long tables cut to their first and last rows (Jupyter, VS Code
  and any other notebook call these);
- :meth:`~Displayed.records`, :meth:`~Displayed.to_frame` and :meth:`~Displayed.to_polars`: tidy
  data, one row per observation, the conditions as columns (see :mod:`cardmath.frames`).

A result's dataclass is declared with ``repr=False``, so that this ``repr`` is the one used.

>>> from sympy import Rational
>>> from cardmath.table import Kind, Table
>>> class Demo(Displayed):
...     def summary(self) -> str:
...         return "house edge 3.1554%"
...     def display_tables(self) -> tuple[Table, ...]:
...         return (Table("Demo", ("figure", "value"), (("house edge", Rational(523, 16575)),),
...                       kinds=(Kind.TEXT, Kind.PERCENT)),)
...     def conditions(self) -> dict[str, object]:
...         return {"game": "reddog", "decks": 1}
>>> Demo()
<Demo: house edge 3.1554%>
>>> print(Demo()._repr_markdown_())
**Demo: house edge 3.1554%**
<BLANKLINE>
*Demo*
<BLANKLINE>
| figure     |               value |
|:-----------|--------------------:|
| house edge | 3.1554% (523/16575) |
>>> Demo().records()
[{'game': 'reddog', 'decks': 1, 'figure': 'house edge', 'value': 523/16575}]
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from cardmath.frames import table_records, to_frame, to_polars
from cardmath.table import Cell, Kind, Table
from cardmath.text import cell_kind, cell_text, exact_text, is_exact_fraction

__all__ = ["DISPLAY_ROWS", "REPR_LIMIT", "Displayed", "html_tables", "markdown_tables", "short_repr"]

REPR_LIMIT = 200
"""The most characters a result's ``repr`` has."""

DISPLAY_ROWS = 40
"""The most body rows a notebook display shows of one table: the first ones and the last five,
with a line saying how many were left out (the data frame has them all)."""

DISPLAY_TABLES = 12
"""The most tables one notebook display shows (a line says how many more the result has)."""

_EXACT_DIGITS = 40
"""An exact fraction longer than this is shown by its size, not its digits, in a display."""


def short_repr(name: str, summary: str) -> str:
    """``<Name: summary>``, cut to :data:`REPR_LIMIT` characters with an ellipsis.

    Args:
        name: The result type's name.
        summary: What the result is, one line.

    Returns:
        The repr, one line.

    >>> short_repr("ParSheet", "tie, house edge 14.3596%")
    '<ParSheet: tie, house edge 14.3596%>'
    >>> len(short_repr("X", "y" * 500))
    200
    """
    line = " ".join(summary.split())
    text = f"<{name}: {line}>"
    return text if len(text) <= REPR_LIMIT else text[: REPR_LIMIT - 2] + "…>"


def _shown(value: Any, kind: Kind) -> tuple[str, str]:
    """A cell as people read it, and its exact fraction when that says more (else empty)."""
    plain = value.value if isinstance(value, Cell) else value
    text = cell_text(value, kind)
    if not is_exact_fraction(plain) or cell_kind(value, kind) is Kind.PAY:
        return text, ""
    exact = exact_text(plain)
    if len(exact) > _EXACT_DIGITS:
        numerator, _, denominator = exact.partition("/")
        exact = f"a fraction of {len(numerator.lstrip('-'))}/{len(denominator)} digits"
    return text, exact


def _numeric(table: Table, column: int) -> bool:
    """Whether a column holds numbers (shown right-aligned): its kind says so, or every cell is."""
    if table.column_kind(column).is_number:
        return True
    values = [row[column].value if isinstance(row[column], Cell) else row[column] for row in table.rows]
    return all(value is None or (cell_kind(value) is not Kind.TEXT) for value in values) and any(
        value is not None for value in values
    )


def _kept_rows(table: Table, limit: int) -> tuple[list[int], int]:
    """The indices of the rows shown, and how many are left out after the first part."""
    count = len(table.rows)
    if count <= limit:
        return list(range(count)), 0
    head = limit - 5
    return [*range(head), *range(count - 5, count)], count - limit


def _cells(table: Table, limit: int) -> tuple[list[list[tuple[str, str]]], int, int]:
    rows, skipped = _kept_rows(table, limit)
    cells = [
        [_shown(cell, table.kind(row, column)) for column, cell in enumerate(table.rows[row])] for row in rows
    ]
    return cells, skipped, len(rows) - 5 if skipped else -1


def markdown_tables(tables: Sequence[Table], *, limit: int = DISPLAY_ROWS) -> str:
    """Tables as Markdown: each under its title in italics, numbers as people read them with the
    exact fraction in brackets, at most ``limit`` body rows each.

    Args:
        tables: The tables, in order.
        limit: The most body rows shown of one table.

    Returns:
        Markdown text (pipe tables).

    >>> from sympy import Rational
    >>> print(markdown_tables([Table("T", ("n", "p"), ((1, Rational(1, 3)),))]))
    *T*
    <BLANKLINE>
    |   n |              p |
    |----:|---------------:|
    |   1 | 0.333333 (1/3) |
    """
    parts: list[str] = []
    for table in tables[:DISPLAY_TABLES]:
        cells, skipped, cut = _cells(table, limit)
        body = [[f"{text} ({exact})" if exact else text for text, exact in row] for row in cells]
        if skipped:
            body.insert(
                cut, [f"… {skipped} more rows" if index == 0 else "" for index in range(len(table.headers))]
            )
        headers = [table.label(header) for header in table.headers]
        align = ["right" if _numeric(table, column) else "left" for column in range(len(headers))]
        parts.append(
            f"*{table.display_title}*\n\n"
            + tabulate(body, headers, tablefmt="pipe", disable_numparse=True, colalign=align)
        )
    if len(tables) > DISPLAY_TABLES:
        parts.append(f"… and {len(tables) - DISPLAY_TABLES} more tables (all of them in `.to_frame()`)")
    return "\n\n".join(parts)


_STYLE = "font-size:85%;color:#666"


def _html_cell(text: str, exact: str) -> str:
    """A cell: a number over its exact fraction (right-aligned), or text."""
    if not exact:
        return f"<td>{html.escape(text)}</td>"
    small = f'<span style="{_STYLE}">{html.escape(exact)}</span>'
    return f'<td style="text-align:right">{html.escape(text)}<br>{small}</td>'


def html_tables(tables: Sequence[Table], *, limit: int = DISPLAY_ROWS) -> str:
    """Tables as HTML: each with its title as caption, numbers as people read them over their
    exact fraction in small grey type, at most ``limit`` body rows each.

    Args:
        tables: The tables, in order.
        limit: The most body rows shown of one table.

    Returns:
        HTML text (one `<table>` per table), escaped.

    >>> from sympy import Rational
    >>> "0.333333<br><span" in html_tables([Table("T", ("n", "p"), ((1, Rational(1, 3)),))])
    True
    """
    parts: list[str] = []
    for table in tables[:DISPLAY_TABLES]:
        cells, skipped, cut = _cells(table, limit)
        head = "".join(f"<th>{html.escape(table.label(header))}</th>" for header in table.headers)
        lines = []
        for index, row in enumerate(cells):
            if index == cut:
                lines.append(
                    f'<tr><td colspan="{len(table.headers)}"><em>… {skipped} more rows</em></td></tr>'
                )
            tds = "".join(_html_cell(text, exact) for text, exact in row)
            lines.append(f"<tr>{tds}</tr>")
        parts.append(
            f'<table><caption style="text-align:left"><strong>{html.escape(table.display_title)}</strong>'
            f"</caption><thead><tr>{head}</tr></thead><tbody>{''.join(lines)}</tbody></table>"
        )
    if len(tables) > DISPLAY_TABLES:
        more = len(tables) - DISPLAY_TABLES
        parts.append(f"<p>… and {more} more tables (all of them in <code>.to_frame()</code>)</p>")
    return "\n".join(parts)


class Displayed:
    """The display of a result: a subclass gives :meth:`summary`, :meth:`display_tables` and
    :meth:`conditions` (and may give its own :meth:`records`); see the module's description.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.shoe import Shoe
    >>> result = GAME.analyze(Shoe.standard(8), bets=["tie"])
    >>> isinstance(result, Displayed), len(repr(result)) <= REPR_LIMIT
    (True, True)
    """

    __slots__ = ()

    def summary(self) -> str:
        """What the result is and its headline figure, one line.

        Returns:
            A short sentence, such as `tie, 8 decks: house edge 14.3596%`.
        """
        raise NotImplementedError

    def display_tables(self) -> tuple[Table, ...]:
        """The tables a notebook shows for the result (the ones the docs show).

        Returns:
            The tables, in order.
        """
        raise NotImplementedError

    def conditions(self) -> dict[str, Any]:
        """What the result was computed for: the columns every record starts with, so that the
        frames of many shoes, rules or bets concatenate into one.

        Returns:
            Names and values, such as `{"game": "baccarat", "decks": 8}`; none by default.
        """
        return {}

    def records(self) -> list[dict[str, Any]]:
        """The result's data, one record per observation, the conditions first and exact values
        exact (the rows of its tables, without totals).

        Returns:
            One dictionary per observation.
        """
        start = self.conditions()
        tables = self.display_tables()
        found: list[dict[str, Any]] = []
        for table in tables:
            found += table_records(
                table,
                {**start, "table": table.slug or table.title} if len(tables) > 1 else start,
            )
        return found

    def to_frame(self) -> Any:
        """The result as a tidy pandas DataFrame (see :mod:`cardmath.frames`): one row per record,
        each exact number as a float column beside its exact fraction (``NAME_exact``).

        Returns:
            A `pandas.DataFrame`.

        Raises:
            ExtraMissingError: When pandas is not installed (`pip install 'cardmath[pandas]'`).
        """
        return to_frame(self.records())

    def to_polars(self) -> Any:
        """The result as a polars DataFrame, with the columns of :meth:`to_frame`.

        Returns:
            The same tidy columns in a `polars.DataFrame`: `Int64`, `Float64`, `String`, `Boolean`.

        Raises:
            ExtraMissingError: When polars is not installed.
        """
        return to_polars(self.records())

    def __repr__(self) -> str:
        return short_repr(type(self).__name__, self.summary())

    def _repr_markdown_(self) -> str:
        return f"**{type(self).__name__}: {self.summary()}**\n\n{markdown_tables(self.display_tables())}"

    def _repr_html_(self) -> str:
        summary = html.escape(f"{type(self).__name__}: {self.summary()}")
        tables = html_tables(self.display_tables())
        return f'<div class="cardmath-result"><p><strong>{summary}</strong></p>\n{tables}</div>'
