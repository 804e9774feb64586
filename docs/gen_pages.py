"""Generates the parts of the site that come from the library, at build time (mkdocs-gen-files).

Everything game-specific comes from the registry (``cardmath.games.GAMES``), so a new game needs no
change here:

- In each game's page, ``<!-- cardmath:summary -->`` becomes the game's summary table and
  ``<!-- cardmath:tables -->`` content tabs of its published tables, computed by the library, so the
  published numbers can never drift from the code.
- Each game's charts (``game.charts()``, data) are drawn as SVG (matplotlib's Agg backend) to
  ``img/NAME.svg``.
- The command line page gets the ``--help`` of every command.
- Every script in ``examples/`` gets a page with its code and the output of running it.
- The complete table set (what ``cardmath tables`` writes) is served under ``downloads/``.
- The API reference gets a page per module (``docs/hooks.py`` adds them to the navigation).
"""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import matplotlib
import mkdocs_gen_files

matplotlib.use("Agg")
import matplotlib.pyplot as plt

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hooks import REFERENCE_MODULES

from cardmath import publish
from cardmath.cli import build_parser
from cardmath.games import Game
from cardmath.games.registry import GAMES
from cardmath.output import render_table
from cardmath.table import Chart, Series, Table

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

plt.rcParams.update({"svg.hashsalt": "cardmath", "figure.dpi": 100, "font.size": 10})


# ----------------------------------------------------------------------------------- tables


def table_markdown(table: Table, *, title: bool = True) -> str:
    """A table as Markdown, its title in bold above it."""
    body = render_table(table, "github")
    return f"**{table.title}**\n\n{body}\n" if title else body + "\n"


def indent(text: str, spaces: int = 4) -> str:
    """Indent every non-empty line, as the content of a tab needs."""
    return "\n".join((" " * spaces + line) if line else "" for line in text.splitlines())


def tabs(items: Sequence[tuple[str, Sequence[Table]]]) -> str:
    """Content tabs, one per ``(label, tables)`` item."""
    parts = []
    for name, tables in items:
        body = "\n".join(table_markdown(table) for table in tables)
        parts.append(f'=== "{name}"\n\n{indent(body)}\n')
    return "\n".join(parts)


def game_markers(game: Game) -> dict[str, Callable[[], str]]:
    """What each marker of a game's page becomes."""
    return {
        "summary": lambda: table_markdown(game.summary_table(game.default_points)),
        "tables": lambda: tabs(
            [(game.axis.label(point), game.publication_tables(point)) for point in game.default_points]
        ),
    }


def fill_markers(page: str, markers: dict[str, Callable[[], str]]) -> None:
    """Write ``page`` (a path under docs/) with every marker replaced by its generated text."""
    text = (DOCS / page).read_text(encoding="utf-8")

    def replace(match: re.Match[str]) -> str:
        return markers[match.group(1)]()

    with mkdocs_gen_files.open(page, "w") as stream:
        stream.write(re.sub(r"<!-- cardmath:([a-z-]+) -->", replace, text))


# ------------------------------------------------------------------------------------ charts


def save_svg(figure: plt.Figure, name: str) -> None:
    """Write a figure as ``img/NAME.svg`` in the site, without a date, so builds repeat."""
    buffer = io.StringIO()
    figure.tight_layout()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(figure)
    with mkdocs_gen_files.open(f"img/{name}.svg", "w") as stream:
        stream.write(buffer.getvalue())


COLOURS = ("tab:red", "tab:blue", "tab:green", "tab:gray", "tab:orange", "tab:purple", "tab:brown")


def draw_series(axes: plt.Axes, chart: Chart, series: Sequence[Series], *, legend: bool) -> None:
    """Lines (with dashed limits) or grouped bars for some of a chart's series."""
    count = len(series)
    width = 0.8 / max(count, 1)
    for position, each in enumerate(series):
        colour = COLOURS[position % len(COLOURS)]
        xs = [x for x, _ in each.points]
        ys = [y for _, y in each.points]
        if chart.kind == "bar":
            offset = (position - (count - 1) / 2) * width
            axes.bar([x + offset for x in xs], ys, width=width, color=colour, label=each.name)
            axes.axhline(0, color="black", linewidth=0.6)
        else:
            axes.plot(xs, ys, marker="o", color=colour, label=each.name)
            if each.limit is not None:
                axes.axhline(each.limit, color=colour, linestyle="--", linewidth=0.8)
    if chart.x_labels:
        axes.set_xticks([x for x, _ in chart.x_labels], [text for _, text in chart.x_labels])
    if legend and count > 1:
        axes.legend()


def draw_chart(chart: Chart) -> None:
    """Draw one chart to ``img/NAME.svg``: one panel, or one panel per series."""
    if not chart.panels:
        figure, axes = plt.subplots(figsize=(7, 3.6))
        draw_series(axes, chart, chart.series, legend=True)
        axes.set_xlabel(chart.x_label)
        axes.set_ylabel(chart.y_label)
        axes.set_title(chart.title)
        save_svg(figure, chart.name)
        return
    columns = 3
    rows = -(-len(chart.series) // columns)
    figure, grid = plt.subplots(rows, columns, figsize=(10, 2.8 * rows), squeeze=False)
    for position, each in enumerate(chart.series):
        axes = grid[position // columns][position % columns]
        draw_series(axes, chart, [each], legend=False)
        axes.set_title(each.name, fontsize=10)
        axes.set_xlabel(chart.x_label, fontsize=9)
        axes.set_ylabel(chart.y_label, fontsize=9)
    for position in range(len(chart.series), rows * columns):
        grid[position // columns][position % columns].axis("off")
    figure.suptitle(chart.title)
    save_svg(figure, chart.name)


# ------------------------------------------------------------------------- command line


def command_help() -> str:
    """The ``--help`` of ``cardmath`` and of every sub-command, as Markdown code blocks."""
    os.environ["COLUMNS"] = "100"
    parser = build_parser()
    parts = [f"### cardmath\n\n```text\n{parser.format_help()}```\n"]
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    for name, sub in actions[0].choices.items():
        parts.append(f"### cardmath {name}\n\n```text\n{sub.format_help()}```\n")
    return "\n".join(parts)


# ----------------------------------------------------------------------------- examples


def example_pages() -> None:
    """One page per script in examples/: what it does, its code, and what it prints."""
    for script in sorted((ROOT / "examples").glob("*.py")):
        source = script.read_text(encoding="utf-8")
        match = re.match(r'\s*"""(.*?)"""', source, re.DOTALL)
        doc = match.group(1).strip() if match else script.stem
        title, _, rest = doc.partition("\n")
        run = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, check=True, cwd=ROOT, timeout=300
        )
        page = (
            f"# {title.rstrip('.')}\n\n{rest.strip()}\n\n"
            f"Run it with `python examples/{script.name}`.\n\n"
            f"```python\n{source}```\n\n## Output\n\n```text\n{run.stdout}```\n"
        )
        with mkdocs_gen_files.open(f"examples/{script.stem}.md", "w") as stream:
            stream.write(page)


# ---------------------------------------------------------------------------- downloads


def download_files() -> None:
    """The complete table set (CSV, JSON, LaTeX) under ``downloads/``, its index as a page."""
    files = publish.render_files(publish.plan(), formats=("csv", "json", "latex"), progress=False)
    for name, text in files.items():
        with mkdocs_gen_files.open(f"downloads/{name}", "w") as stream:
            stream.write(text)


# ---------------------------------------------------------------------------- reference


def reference_pages() -> None:
    """One API reference page per module in ``REFERENCE_MODULES``."""
    for module in REFERENCE_MODULES:
        with mkdocs_gen_files.open(f"reference/{module}.md", "w") as stream:
            stream.write(f"# `{module}`\n\n::: {module}\n")


for each_game in GAMES:
    fill_markers(each_game.docs_page, game_markers(each_game))
    for each_chart in each_game.charts():
        draw_chart(each_chart)
fill_markers("cli.md", {"cli-help": command_help})
example_pages()
download_files()
reference_pages()
