"""Draws a game's charts (``cardmath.table.Chart``, pure data) as SVG for the site, with matplotlib.

A chart is drawn to be read at the width of the site's content column (about 930 px at a
1280 px window): the figure is at most :data:`WIDTH` inches wide at 100 dpi, so it is shown at
or near its natural size, and no text is smaller than :data:`SMALLEST_POINTS` points (about
14 px).  Every axis is labelled; a y axis whose label speaks of ``%`` carries percent ticks
(the values are percentages already); integer x positions (numbers of decks) get integer ticks.
A chart with ``panels`` gets one small panel per series on a grid of at most three columns,
each titled with the series' name, sharing the x and y labels of the chart.
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator, PercentFormatter

from cardmath.table import Chart, Series

__all__ = ["SMALLEST_POINTS", "WIDTH", "draw_chart", "grid_shape"]

WIDTH = 9.0
"""Width of every figure, in inches at 100 dpi: 900 px, the content column's width."""

SMALLEST_POINTS = 10.5
"""The smallest text on a chart, in points (14 px at natural size)."""

COLOURS = ("tab:red", "tab:blue", "tab:green", "tab:gray", "tab:orange", "tab:purple", "tab:brown")

plt.rcParams.update(
    {
        "svg.hashsalt": "cardmath",
        "svg.fonttype": "path",
        "figure.dpi": 100,
        "font.size": 12,
        "axes.titlesize": 13,
        "axes.labelsize": 12,
        "xtick.labelsize": SMALLEST_POINTS,
        "ytick.labelsize": SMALLEST_POINTS,
        "legend.fontsize": SMALLEST_POINTS,
        "figure.titlesize": 14,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.grid": True,
        "grid.alpha": 0.3,
    }
)


def grid_shape(count: int) -> tuple[int, int]:
    """Rows and columns of a panel grid for ``count`` panels: at most three columns, two for four.

    >>> grid_shape(1), grid_shape(3), grid_shape(4), grid_shape(5), grid_shape(15)
    ((1, 1), (1, 3), (2, 2), (2, 3), (5, 3))
    """
    columns = 2 if count == 4 else min(count, 3)
    return math.ceil(count / max(columns, 1)), max(columns, 1)


def in_percent(chart: Chart) -> bool:
    """Whether the chart's values are percentages (its data says so, or its y label does)."""
    flag = getattr(chart, "y_percent", None)
    return bool(flag) if flag is not None else "%" in chart.y_label


def _wrapped(text: str, width: int) -> str:
    """``text`` broken into lines of at most ``width`` characters (a title over its panel)."""
    return textwrap.fill(text, width=width, break_long_words=False)


def _style_axes(axes: Axes, chart: Chart, *, percent: bool) -> None:
    if percent:
        axes.yaxis.set_major_formatter(PercentFormatter(xmax=100, decimals=None))
    if chart.x_labels:
        axes.set_xticks([x for x, _ in chart.x_labels], [text for _, text in chart.x_labels])
    else:
        axes.xaxis.set_major_locator(MaxNLocator(integer=True))
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


def draw_chart(chart: Chart) -> str:
    """The chart as an SVG document: one panel, or one panel per series on a grid."""
    percent = in_percent(chart)
    if not chart.panels or len(chart.series) <= 1:
        figure, axes = plt.subplots(figsize=(WIDTH, 4.6), layout="constrained")
        _draw_series(axes, chart, chart.series)
        _style_axes(axes, chart, percent=percent)
        axes.set_xlabel(chart.x_label)
        axes.set_ylabel(chart.y_label)
        axes.set_title(_wrapped(chart.title, 90))
        if len(chart.series) > 1:
            columns = 1 if len(chart.series) <= 3 else 2
            axes.legend(loc="best", ncols=columns, frameon=False)
        return _svg(figure)
    rows, columns = grid_shape(len(chart.series))
    figure, grid = plt.subplots(
        rows, columns, figsize=(WIDTH, 0.6 + 2.7 * rows), squeeze=False, sharex=True, layout="constrained"
    )
    for position, each in enumerate(chart.series):
        axes = grid[position // columns][position % columns]
        _draw_series(axes, chart, [each], first_colour=position)
        _style_axes(axes, chart, percent=percent)
        axes.set_title(_wrapped(each.name, 72 // columns), fontsize=12)
        axes.tick_params(labelbottom=True)
    for position in range(len(chart.series), rows * columns):
        grid[position // columns][position % columns].axis("off")
    figure.suptitle(_wrapped(chart.title, 90))
    figure.supxlabel(chart.x_label, fontsize=12)
    figure.supylabel(chart.y_label, fontsize=12)
    return _svg(figure)
