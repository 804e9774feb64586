"""Tables and charts as data: what a game publishes, before anyone renders it.

A game describes its odds tables as :class:`Table` (titled rows of exact cells: ``int``,
``sympy.Rational``, an exact SymPy expression, text, or ``None``) and its figures as
:class:`Chart` (named series of points).  Neither knows about formats: :mod:`cardmath.output`
renders tables as text, CSV, JSON, LaTeX or a workbook, and the documentation draws charts.  So
games never import the output layer, and every exact value stays exact until it is printed.

A table says what its cells *mean*, not how they look: each column has a :class:`Kind` (a
probability, a percentage, a pay, a count...), a row may give its own kind to a column of mixed
figures, and a :class:`Cell` carries its kind with it.  The output layer decides how each kind
reads in each format (``0.031554`` and ``3.1554%`` for people, the exact fraction beside a
decimal in CSV).  ``labels`` gives the display name of an id (``dragon_7`` reads "Dragon 7"
wherever people read, and stays ``dragon_7`` where programs read), ``footer`` adds rows only
people read (the house edge under a par sheet's total), and ``notes`` define the terms the table
uses.

>>> from sympy import Rational
>>> table = Table("Red Dog figures, 1 deck", ("figure", "value"), (("house edge", Rational(523, 16575)),))
>>> table.title, table.rows[0][1], table.kind(0, 1)
('Red Dog figures, 1 deck', 523/16575, <Kind.AUTO: 'auto'>)
>>> line = Series("bet", ((1, 2.5), (2, 2.4)))
>>> chart = Chart("demo", "House edge by decks", "decks", "house edge, %", (line,))
>>> chart.series[0].points[-1]
(2, 2.4)
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Cell", "Chart", "Kind", "Series", "Table", "slug_of"]


def slug_of(text: str) -> str:
    """A file-name-friendly form of a name: lower-case words joined by hyphens, a possessive
    ``'s`` dropped, an accent's letter kept.

    Args:
        text: The words to shorten, such as a bet's name or a table's title.

    Returns:
        The words in lower case, anything but letters and digits turned into single hyphens.

    >>> slug_of("Banker's strategy: Egalité 8/9"), slug_of("banker_no_commission")
    ('banker-strategy-egalite-8-9', 'banker-no-commission')
    """
    plain = text.replace("é", "e").replace("É", "e").replace("'s ", " ").replace("'s", "")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


class Kind(enum.StrEnum):
    """What a cell means, so that each format can show it as its readers expect.

    - ``TEXT``: words, shown as they are (an id found in the table's ``labels`` by its label);
    - ``COUNT``: a whole number (combinations, hands), with thousands separators for people;
    - ``PROBABILITY``: a chance, to 6 decimals;
    - ``DECIMAL``: any other number (a return, a variance, a standard deviation), to 6 decimals;
    - ``PERCENT``: a fraction read as a percentage (a house edge), to 4 decimals;
    - ``PAY``: a net pay per unit bet, as odds (``"19 to 20"``, ``"8 to 1"``; ``-1`` a lost bet);
    - ``AUTO``: from the value (a whole number a count, a fraction a decimal, text as text).

    >>> Kind.PERCENT.is_number, Kind.TEXT.is_number
    (True, False)
    """

    TEXT = "text"
    COUNT = "count"
    PROBABILITY = "probability"
    DECIMAL = "decimal"
    PERCENT = "percent"
    PAY = "pay"
    AUTO = "auto"

    @property
    def is_number(self) -> bool:
        """Whether the kind is a number (right-aligned, with an exact column in CSV)."""
        return self not in (Kind.TEXT, Kind.AUTO)


@dataclass(frozen=True)
class Cell:
    """A cell that carries its kind (for a row no column kind describes, such as a footer row)
    and, for a pay won on more than the initial bet, ``on``: the units the posted pay was won on
    (a raised Red Dog bet won at 1 to 1 nets 2 units: ``Cell(2, Kind.PAY, on=2)``, which people
    read as "1 to 1 on 2 units"); machine formats (CSV, JSON, a workbook's number) keep the value.

    Args:
        value: The exact content: an int, a Rational, a SymPy expression, text or `None`.
        kind: What the value means, overriding the column's and row's kinds; `AUTO` by default.
        on: For a pay, the units of stake it was won on; 1 (the initial bet) by default.

    >>> from sympy import Rational
    >>> Cell(Rational(1, 40), Kind.PERCENT).kind
    <Kind.PERCENT: 'percent'>
    >>> Cell(2, Kind.PAY, on=2).on
    2
    """

    value: Any
    kind: Kind = Kind.AUTO
    on: Any = 1


@dataclass(frozen=True)
class Table:
    """A titled table of exact cells; ``headers`` name the columns.

    - ``kinds``: one :class:`Kind` per column (missing ones are ``AUTO``);
    - ``row_kinds``: one kind per row, for a column of ``AUTO`` kind that holds a different figure
      on each row (a table of figures and values);
    - ``labels``: ``(id, display name)`` pairs: a header or text cell equal to an id reads as its
      name wherever people read (CSV and JSON keep the ids);
    - ``footer``: rows people read under the table (such as the house edge), also written at the
      end of CSV; JSON reads each as a field (``house_edge``) unless ``fields`` are given;
    - ``notes``: ``(term, definition)`` pairs, the terms the table uses;
    - ``heading``: the title people read, when it differs from ``title`` (an internal title with
      ids, kept for tests and messages);
    - ``slug``: the table's short name in file names (``par-sheet``, ``tie-pays-9``), which
      :mod:`cardmath.publish` puts after the game and the shoe;
    - ``fields``: the table's JSON fields beside its rows, when its footer says more than one
      figure a row can (a par sheet's swing: ranges of two ends, figures by number of hands).

    Args:
        title: The table's title as programs and messages see it.
        headers: One name per column, left to right.
        rows: The body, one tuple of exact cells per row, as long as `headers`.
        kinds: The kind of each column from the left; columns past its end read `AUTO`.
        row_kinds: A kind per row, for the `AUTO` columns of a table of mixed figures.
        labels: `(id, display name)` pairs for headers and text cells people read by name.
        footer: Rows shown to people below the body (a house edge), and at the end of CSV.
        notes: `(term, definition)` pairs explaining the words the table uses.
        heading: The title people read; `title` when empty.
        slug: A short name for the table's files, lower-case words joined by hyphens; empty until the
            publisher sets one.
        fields: `(key, exact value)` pairs a JSON document of the table holds beside its rows, in
            place of the fields read from the footer; none when empty.

    >>> table = Table("Summary", ("bet", "house edge"), (("tie", None),), kinds=(Kind.TEXT, Kind.PERCENT))
    >>> table.headers, table.kind(0, 1), table.display_title
    (('bet', 'house edge'), <Kind.PERCENT: 'percent'>, 'Summary')
    """

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    kinds: tuple[Kind, ...] = ()
    row_kinds: tuple[Kind, ...] = ()
    labels: tuple[tuple[str, str], ...] = ()
    footer: tuple[tuple[Any, ...], ...] = ()
    notes: tuple[tuple[str, str], ...] = ()
    heading: str = ""
    slug: str = ""
    fields: tuple[tuple[str, Any], ...] = ()

    @property
    def display_title(self) -> str:
        """The title people read: ``heading`` if given, else ``title``.

        >>> Table("baccarat dragon_7", (), (), heading="Baccarat Dragon 7").display_title
        'Baccarat Dragon 7'
        """
        return self.heading or self.title

    def column_kind(self, column: int) -> Kind:
        """The kind of a column (``AUTO`` when not given).

        Args:
            column: A column's position, from 0 at the left.

        Returns:
            The kind `kinds` gives that column, or `AUTO` beyond it.

        >>> Table("t", ("a", "b"), (), kinds=(Kind.TEXT,)).column_kind(1)
        <Kind.AUTO: 'auto'>
        """
        return self.kinds[column] if column < len(self.kinds) else Kind.AUTO

    def kind(self, row: int, column: int) -> Kind:
        """The kind of one cell of ``rows``: its column's kind, else its row's, else ``AUTO``.

        Args:
            row: The cell's row in `rows`, from 0 (footer rows are not counted).
            column: The cell's column, from 0 at the left.

        Returns:
            The column's kind unless `AUTO`; then the row's kind, if `row_kinds` has one; else `AUTO`.

        >>> table = Table("t", ("figure", "value"), (("edge", 1), ("spread", "1")), row_kinds=(Kind.PERCENT,))
        >>> table.kind(0, 1), table.kind(1, 1)
        (<Kind.PERCENT: 'percent'>, <Kind.AUTO: 'auto'>)
        """
        kind = self.column_kind(column)
        if kind is Kind.AUTO and row < len(self.row_kinds):
            return self.row_kinds[row]
        return kind

    def label(self, text: str) -> str:
        """The display name of an id (the text itself when it has none).

        Args:
            text: A header or a text cell, possibly an id of `labels`.

        Returns:
            The name people read for that text.

        >>> Table("t", (), (), labels=(("dragon_7", "Dragon 7"),)).label("dragon_7")
        'Dragon 7'
        """
        for name, label in self.labels:
            if name == text:
                return label
        return text


@dataclass(frozen=True)
class Series:
    """One line (or set of bars) of a chart: ``points`` are ``(x, y)`` pairs; ``limit`` is an
    optional horizontal reference (an infinite-deck limit, drawn dashed).

    Args:
        name: The series' name in the chart's legend.
        points: The `(x, y)` pairs of the line, in order of x.
        limit: A y value drawn as a dashed horizontal line; none when `None`.

    >>> Series("banker", ((1, 1.01),), limit=1.06).limit
    1.06
    """

    name: str
    points: tuple[tuple[float, float], ...]
    limit: float | None = None


@dataclass(frozen=True)
class Chart:
    """A figure to draw: ``name`` is its file name (``img/NAME.svg`` on the site), ``kind`` is
    ``"line"`` or ``"bar"``; ``x_labels`` optionally names the x positions (ranks, for instance);
    ``panels`` draws each series in a panel of its own.

    Args:
        name: The chart's file name, without extension.
        title: The heading drawn above the chart.
        x_label: The horizontal axis' caption.
        y_label: The vertical axis' caption; the site's charts read a `%` in it as values in percent.
        series: The lines or sets of bars to draw, in legend order.
        kind: How to draw: `line` (the default) or `bar`.
        x_labels: `(x, text)` pairs naming positions of the horizontal axis; plain numbers when empty.
        panels: Whether each series gets a panel of its own instead of sharing one; `False` by default.

    >>> Chart("x", "t", "x", "y", (), kind="bar").kind
    'bar'
    """

    name: str
    title: str
    x_label: str
    y_label: str
    series: tuple[Series, ...]
    kind: str = "line"
    x_labels: tuple[tuple[float, str], ...] = field(default=())
    panels: bool = False
