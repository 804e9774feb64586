"""Tables and charts as data: what a game publishes, before anyone renders it.

A game describes its odds tables as :class:`Table` (titled rows of exact cells: ``int``,
``sympy.Rational``, an exact SymPy expression, text, or ``None``) and its figures as
:class:`Chart` (named series of points).  Neither knows about formats: :mod:`cardmath.output`
renders tables as text, CSV, JSON or LaTeX, and the documentation draws charts.  So games never
import the output layer, and every exact value stays exact until it is printed.

>>> from sympy import Rational
>>> table = Table("Red Dog figures, 1 deck", ("figure", "value"), (("house edge", Rational(523, 16575)),))
>>> table.title, table.rows[0][1]
('Red Dog figures, 1 deck', 523/16575)
>>> line = Series("bet", ((1, 2.5), (2, 2.4)))
>>> chart = Chart("demo", "House edge by decks", "decks", "house edge, %", (line,))
>>> chart.series[0].points[-1]
(2, 2.4)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Chart", "Series", "Table"]


@dataclass(frozen=True)
class Table:
    """A titled table of exact cells; ``headers`` name the columns.

    >>> Table("Summary", ("bet", "house edge"), (("tie", None),)).headers
    ('bet', 'house edge')
    """

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True)
class Series:
    """One line (or set of bars) of a chart: ``points`` are ``(x, y)`` pairs; ``limit`` is an
    optional horizontal reference (an infinite-deck limit, drawn dashed).

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
