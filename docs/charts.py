"""Draws a game's charts (``cardmath.table.Chart``, pure data) as SVG for the site, with matplotlib.

Each chart is drawn twice, for the two widths a reader sees it at (:data:`WIDE` and
:data:`NARROW`); the page shows the narrow drawing on a phone (a ``<picture>``, see
``docs/gen_pages.py``).  Each drawing is made to be read at about its natural size: the wide one
is 648 pt (864 px) wide, shown across the content column at 1280 px (about 940 px), the narrow one
302 pt (403 px), shown across a phone's column (about 390 px at 420 px).  So its smallest text,
the tick labels, keeps at least 10 px of ink height on the screen.

Every axis is labelled; a y axis whose label speaks of ``%`` carries percent ticks (the values
are percentages already); an x axis of whole numbers (numbers of decks) gets whole-number ticks,
any other x axis (a chance from 0 to 1) evenly spaced ones.  Several series on one axes get a
legend below the axes, never over the data.  A chart with ``panels`` gets one small panel per
series on a grid, each titled with the series' name, sharing the x and y labels of the chart; a
chart of more than :data:`MOST_PANELS` panels is drawn as several figures (:func:`split_chart`).
"""

from __future__ import annotations

import dataclasses
import io
import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

from cardmath.table import Chart, Series

__all__ = [
    "MOST_PANELS",
    "NARROW",
    "SMALLEST_POINTS",
    "WIDE",
    "Layout",
    "draw_chart",
    "grid_shape",
    "in_percent",
    "legend_columns",
    "split_chart",
]

MOST_PANELS = 6
"""The most panels one figure holds; a chart with more is drawn as several figures."""


@dataclass(frozen=True)
class Layout:
    """How a chart is drawn for one width of the page.

    ``width`` is the figure's width in inches (72 pt each; a browser shows a point as 4/3 px);
    ``tick_points`` the size of the tick labels, the smallest text; ``text_points`` that of axis
    labels and legends; ``title_points`` that of titles; ``most_columns`` the widest panel grid;
    ``panel_height`` the height of a row of panels and ``single_height`` that of a chart of one
    axes, in inches; ``x_bins`` about how many ticks an x axis of fractions gets.

    >>> round(WIDE.width * 72), round(NARROW.width * 72)
    (648, 302)
    """

    name: str
    width: float
    tick_points: float
    text_points: float
    title_points: float
    most_columns: int
    panel_height: float
    single_height: float
    x_bins: int

    def characters(self, points: float, inches: float | None = None) -> int:
        """About how many characters of text of ``points`` fit across ``inches`` (the figure's
        width by default): a character is taken as 0.6 em wide, a little more than most are.

        >>> WIDE.characters(12), NARROW.characters(12)
        (90, 42)
        """
        return int((self.width if inches is None else inches) * 72 / (points * 0.6))


WIDE = Layout("wide", 9.0, 11.0, 12.0, 13.5, 3, 2.7, 4.6, 10)
"""The drawing for the content column of a wide window (about 940 px at 1280 px)."""

NARROW = Layout("narrow", 4.2, 12.0, 12.0, 13.0, 2, 2.5, 4.4, 5)
"""The drawing for a phone's column (about 390 px at 420 px)."""

SMALLEST_POINTS = min(WIDE.tick_points, NARROW.tick_points)
"""The smallest text on any chart, in points."""

COLOURS = ("tab:red", "tab:blue", "tab:green", "tab:gray", "tab:orange", "tab:purple", "tab:brown")

STYLE = {
    "svg.hashsalt": "cardmath",
    "svg.fonttype": "path",
    "figure.dpi": 100,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
}


def _style(layout: Layout) -> dict[str, object]:
    """The matplotlib settings of one layout's drawings."""
    return {
        **STYLE,
        "font.size": layout.text_points,
        "axes.titlesize": layout.text_points,
        "axes.labelsize": layout.text_points,
        "xtick.labelsize": layout.tick_points,
        "ytick.labelsize": layout.tick_points,
        "legend.fontsize": layout.text_points,
        "figure.titlesize": layout.title_points,
        "figure.labelsize": layout.text_points,
    }


def grid_shape(count: int, most_columns: int = 3) -> tuple[int, int]:
    """Rows and columns of a panel grid for ``count`` panels: at most ``most_columns`` columns,
    two for four panels.

    >>> grid_shape(1), grid_shape(3), grid_shape(4), grid_shape(5), grid_shape(6)
    ((1, 1), (1, 3), (2, 2), (2, 3), (2, 3))
    >>> grid_shape(5, most_columns=2), grid_shape(1, most_columns=2)
    ((3, 2), (1, 1))
    """
    columns = max(1, min(count, 2 if count == 4 else most_columns))
    return math.ceil(count / columns), columns


def split_chart(chart: Chart, most: int = MOST_PANELS) -> tuple[Chart, ...]:
    """The chart as figures of at most ``most`` panels each: the chart itself when it fits,
    else as few figures as will do, of as equal sizes as may be, in the series' order, named
    ``NAME-1``, ``NAME-2``, ... and titled "(1 of 3)", ....

    >>> series = tuple(Series(f"bet {n}", ((1.0, 1.0),)) for n in range(15))
    >>> parts = split_chart(Chart("edge", "Edges", "decks", "house edge, %", series, panels=True))
    >>> [(part.name, len(part.series)) for part in parts], parts[0].title
    ([('edge-1', 5), ('edge-2', 5), ('edge-3', 5)], 'Edges (1 of 3)')
    >>> split_chart(Chart("one", "One", "x", "y", series[:6], panels=True))[0].name
    'one'
    """
    count = len(chart.series)
    if not chart.panels or count <= most:
        return (chart,)
    figures = math.ceil(count / most)
    bounds = [-(-count * part // figures) for part in range(figures + 1)]
    return tuple(
        dataclasses.replace(
            chart,
            name=f"{chart.name}-{part + 1}",
            title=f"{chart.title} ({part + 1} of {figures})",
            series=chart.series[bounds[part] : bounds[part + 1]],
        )
        for part in range(figures)
    )


def in_percent(chart: Chart) -> bool:
    """Whether the chart's values are percentages (its data says so, or its y label does)."""
    flag = getattr(chart, "y_percent", None)
    return bool(flag) if flag is not None else "%" in chart.y_label


def legend_columns(names: Sequence[str], characters: int) -> int:
    """How many columns a legend of ``names`` takes in a line of ``characters``: as many as fit,
    each entry being its name and about seven characters of line and space.

    >>> legend_columns(["Banker, 8 decks", "Player, 8 decks", "Tie, 8 decks"], 90)
    3
    >>> legend_columns(["Banker, 8 decks", "Player, 8 decks", "Tie, 8 decks"], 42)
    1
    """
    longest = max((len(name) for name in names), default=1)
    return max(1, min(len(names), characters // (longest + 7)))


def _wrapped(text: str, width: int) -> str:
    """``text`` broken into lines of at most ``width`` characters (a title over its panel)."""
    return textwrap.fill(text, width=max(width, 12), break_long_words=False)


def _whole_numbers(chart: Chart) -> bool:
    """Whether every x of the chart is a whole number (numbers of decks, hand sizes)."""
    return all(float(x).is_integer() for each in chart.series for x, _ in each.points)


def _style_axes(axes: Axes, chart: Chart, layout: Layout, *, percent: bool) -> None:
    if percent:
        axes.yaxis.set_major_formatter(PercentFormatter(xmax=100, decimals=None))
    if chart.x_labels:
        axes.set_xticks([x for x, _ in chart.x_labels], [text for _, text in chart.x_labels])
    elif _whole_numbers(chart):
        axes.xaxis.set_major_locator(MaxNLocator(nbins=layout.x_bins, integer=True))
    else:
        axes.xaxis.set_major_locator(MaxNLocator(nbins=layout.x_bins))
    axes.yaxis.set_major_locator(MaxNLocator(nbins=5))


def _draw_series(axes: Axes, chart: Chart, series: Sequence[Series], first_colour: int = 0) -> None:
    """Lines (with dashed limits) or grouped bars for some of a chart's series."""
    count = len(series)
    width = 0.8 / max(count, 1)
    for position, each in enumerate(series):
        colour = COLOURS[(first_colour + position) % len(COLOURS)]
        xs = [x for x, _ in each.points]
        ys = [y for _, y in each.points]
        if chart.kind == "bar":
            offset = (position - (count - 1) / 2) * width
            axes.bar([x + offset for x in xs], ys, width=width, color=colour, label=each.name)
        else:
            axes.plot(xs, ys, marker="o", markersize=4, color=colour, label=each.name)
            if each.limit is not None:
                axes.axhline(each.limit, color=colour, linestyle="--", linewidth=1)
    if chart.kind == "bar":
        axes.axhline(0, color="black", linewidth=0.8)


def _svg(figure: Figure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(figure)
    return buffer.getvalue()


def _single(chart: Chart, layout: Layout) -> Figure:
    """One axes holding every series; a legend below it when there are several."""
    figure, axes = plt.subplots(figsize=(layout.width, layout.single_height), layout="constrained")
    _draw_series(axes, chart, chart.series)
    _style_axes(axes, chart, layout, percent=in_percent(chart))
    axes.set_xlabel(_wrapped(chart.x_label, layout.characters(layout.text_points) - 8))
    axes.set_ylabel(_wrapped(chart.y_label, layout.characters(layout.text_points, layout.single_height)))
    axes.set_title(_wrapped(chart.title, layout.characters(layout.title_points)))
    if len(chart.series) > 1:
        names = [each.name for each in chart.series]
        columns = legend_columns(names, layout.characters(layout.text_points))
        figure.legend(loc="outside lower center", ncols=columns, frameon=False)
    return figure


def _panels(chart: Chart, layout: Layout) -> Figure:
    """One panel per series on a grid, sharing the chart's title and axis labels."""
    rows, columns = grid_shape(len(chart.series), layout.most_columns)
    figure, grid = plt.subplots(
        rows,
        columns,
        figsize=(layout.width, 0.9 + layout.panel_height * rows),
        squeeze=False,
        sharex=True,
        layout="constrained",
    )
    # a panel's title spans its axes, narrower than its share of the figure by the y tick labels
    panel_width = layout.characters(layout.text_points, layout.width / columns) - 8
    for position, each in enumerate(chart.series):
        axes = grid[position // columns][position % columns]
        _draw_series(axes, chart, [each], first_colour=position)
        _style_axes(axes, chart, layout, percent=in_percent(chart))
        axes.set_title(_wrapped(each.name, panel_width))
        axes.tick_params(labelbottom=True)
    for position in range(len(chart.series), rows * columns):
        grid[position // columns][position % columns].axis("off")
    figure.suptitle(_wrapped(chart.title, layout.characters(layout.title_points)))
    figure.supxlabel(_wrapped(chart.x_label, layout.characters(layout.text_points)))
    figure.supylabel(chart.y_label)
    return figure


def draw_chart(chart: Chart, layout: Layout = WIDE) -> str:
    """The chart as an SVG document drawn for ``layout``: one axes, or one panel per series on
    a grid (a chart of panels should be split first, :func:`split_chart`)."""
    with plt.rc_context(_style(layout)):
        figure = (
            _single(chart, layout) if not chart.panels or len(chart.series) <= 1 else _panels(chart, layout)
        )
        return _svg(figure)
