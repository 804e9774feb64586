"""Generates the parts of the site that come from the library, at build time (mkdocs-gen-files).

- In the game pages, every ``<!-- cardmath:NAME -->`` marker is replaced by tables computed by the
  library (see ``MARKERS``), so the published numbers can never drift from the code.
- Plots (SVG, matplotlib's Agg backend) go to ``img/``.
- The command line page gets the ``--help`` of every command.
- Every script in ``examples/`` gets a page with its code and the output of running it.
- The complete table set (what ``cardmath tables`` writes) is served under ``downloads/``.
- The API reference gets a page per module, rendered by mkdocstrings from the docstrings.

Heavy computations run once per build (``functools.cache``).
"""

from __future__ import annotations

import argparse
import functools
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

from cardmath import baccarat, pool, publish, reddog
from cardmath.cards import Rank
from cardmath.cli import build_parser
from cardmath.shoe import Shoe
from cardmath.tables import Table, render_table

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
DECKS: tuple[int | None, ...] = (1, 2, 3, 4, 5, 6, 7, 8, None)
HAND_SIZES = (3, 4, 5, 6, 7, 8)
REFERENCE_MODULES = (
    "cardmath",
    "cardmath.reddog",
    "cardmath.baccarat",
    "cardmath.pool",
    "cardmath.publish",
    "cardmath.cards",
    "cardmath.shoe",
    "cardmath.enumeration",
    "cardmath.exact",
    "cardmath.bets",
    "cardmath.tables",
    "cardmath.progress",
    "cardmath.errors",
    "cardmath.cli",
)
"""Modules with a page in the API reference (mkdocs.yml's nav lists the same pages)."""

plt.rcParams.update({"svg.hashsalt": "cardmath", "figure.dpi": 100, "font.size": 10})


def shoe_of(decks: int | None) -> Shoe:
    """The fresh shoe of ``decks`` decks, or the infinite-deck limit for ``None``."""
    return Shoe.infinite() if decks is None else Shoe.standard(decks)


def label(decks: int | None) -> str:
    """The tab label of a number of decks."""
    return shoe_of(decks).describe()


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


@functools.cache
def reddog_tables(decks: int | None) -> tuple[Table, ...]:
    return reddog.publication_tables(shoe_of(decks))


@functools.cache
def reddog_results() -> dict[int | None, reddog.RedDogResult]:
    return {decks: reddog.analyze(shoe_of(decks)) for decks in DECKS}


@functools.cache
def baccarat_tables(decks: int | None) -> tuple[Table, ...]:
    return baccarat.publication_tables(shoe_of(decks))


@functools.cache
def baccarat_results() -> dict[int | None, baccarat.BaccaratResult]:
    return {decks: baccarat.analyze(shoe_of(decks)) for decks in DECKS}


@functools.cache
def pool_tables(hand_size: int) -> tuple[Table, ...]:
    return pool.publication_tables(hand_size)


MARKERS: dict[str, Callable[[], str]] = {
    "reddog-summary": lambda: table_markdown(reddog.summary_table([shoe_of(d) for d in DECKS])),
    "reddog-tables": lambda: tabs([(label(d), reddog_tables(d)) for d in DECKS]),
    "baccarat-summary": lambda: table_markdown(baccarat.summary_table([shoe_of(d) for d in DECKS])),
    "baccarat-tables": lambda: tabs([(label(d), baccarat_tables(d)) for d in DECKS]),
    "pool-summary": lambda: table_markdown(pool.summary_table(HAND_SIZES)),
    "pool-tables": lambda: tabs([(f"{size} cards", pool_tables(size)) for size in HAND_SIZES]),
}


def fill_markers(page: str) -> None:
    """Write ``page`` (a path under docs/) with every marker replaced by its generated text."""
    text = (DOCS / page).read_text(encoding="utf-8")

    def replace(match: re.Match[str]) -> str:
        return MARKERS[match.group(1)]()

    with mkdocs_gen_files.open(page, "w") as stream:
        stream.write(re.sub(r"<!-- cardmath:([a-z-]+) -->", replace, text))


# ------------------------------------------------------------------------------------ plots


def save_svg(figure: plt.Figure, name: str) -> None:
    """Write a figure as ``img/NAME.svg`` in the site, without a date, so builds repeat."""
    buffer = io.StringIO()
    figure.tight_layout()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(figure)
    with mkdocs_gen_files.open(f"img/{name}.svg", "w") as stream:
        stream.write(buffer.getvalue())


def deck_axis(axes: plt.Axes, values: Sequence[float], infinite: float, color: str, name: str) -> None:
    """Plot a figure against 1..8 decks, with its infinite-deck limit as a dashed line."""
    axes.plot(range(1, 9), values, marker="o", color=color, label=name)
    axes.axhline(infinite, color=color, linestyle="--", linewidth=0.8)
    axes.set_xticks(range(1, 9))
    axes.set_xlabel("decks (dashed: infinite-deck limit)")


def plot_reddog() -> None:
    results = reddog_results()
    figure, axes = plt.subplots(figsize=(7, 3.6))
    for attribute, name, color in (
        ("house_edge", "optimal raising", "tab:red"),
        ("house_edge_no_raise", "never raising", "tab:blue"),
    ):
        values = [100 * float(getattr(results[d], attribute)) for d in DECKS[:-1]]
        deck_axis(axes, values, 100 * float(getattr(results[None], attribute)), color, name)
    axes.set_ylabel("house edge, % of the initial bet")
    axes.set_title("Red Dog: house edge by number of decks")
    axes.legend()
    save_svg(figure, "reddog-house-edge")

    figure, axes = plt.subplots(figsize=(7, 3.6))
    width = 0.4
    for offset, decks, color in ((-width / 2, 1, "tab:red"), (width / 2, 6, "tab:gray")):
        effects = results[decks].effects_of_removal or {}
        ranks = list(Rank)
        axes.bar(
            [r.index + offset for r in ranks],
            [100 * float(effects[r]) for r in ranks],
            width=width,
            color=color,
            label=label(decks),
        )
    axes.set_xticks(range(13), [r.symbol for r in Rank])
    axes.axhline(0, color="black", linewidth=0.6)
    axes.set_xlabel("rank removed")
    axes.set_ylabel("change in player's EV, % of bet")
    axes.set_title("Red Dog: effect of removing one card")
    axes.legend()
    save_svg(figure, "reddog-effects-of-removal")


def plot_baccarat() -> None:
    results = baccarat_results()
    names = list(results[1].bets)
    columns = 4
    rows = -(-len(names) // columns)
    figure, grid = plt.subplots(rows, columns, figsize=(11, 2.4 * rows), squeeze=False)
    for position, name in enumerate(names):
        axes = grid[position // columns][position % columns]
        values = [100 * float(results[d].bets[name].house_edge) for d in DECKS[:-1]]
        deck_axis(axes, values, 100 * float(results[None].bets[name].house_edge), "tab:red", name)
        axes.set_title(name, fontsize=9)
        axes.set_xlabel("decks")
        axes.tick_params(labelsize=8)
    for position in range(len(names), rows * columns):
        grid[position // columns][position % columns].axis("off")
    figure.suptitle("Baccarat: house edge (%) by number of decks; dashed: infinite-deck limit")
    save_svg(figure, "baccarat-house-edge")

    figure, axes = plt.subplots(figsize=(7, 3.6))
    effects = baccarat.effects_of_removal(shoe_of(8), bets=["banker", "player", "tie"])
    ranks = list(Rank)
    for name, color in (("banker", "tab:red"), ("player", "tab:blue"), ("tie", "tab:green")):
        axes.plot(
            [r.index for r in ranks],
            [100 * float(effects[name][r]) for r in ranks],
            marker="o",
            color=color,
            label=name,
        )
    axes.set_xticks(range(13), [r.symbol for r in ranks])
    axes.axhline(0, color="black", linewidth=0.6)
    axes.set_xlabel("rank removed from 8 decks")
    axes.set_ylabel("change in house edge, %")
    axes.set_title("Baccarat: effect of removing one card (8 decks)")
    axes.legend()
    save_svg(figure, "baccarat-effects-of-removal")


def plot_pool() -> None:
    figure, axes = plt.subplots(figsize=(7, 3.6))
    for size in HAND_SIZES:
        table = pool.distribution(size)
        chances = [k / table.unseen for k in range(len(table.hands_beating))]
        shares = [100 * n / table.hands for n in table.hands_beating]
        axes.plot(chances, shares, marker=".", label=f"{size} cards")
    axes.axvline(0.5, color="black", linewidth=0.6, linestyle=":")
    axes.set_xlabel("chance that the hand wins (unseen cards it beats / unseen cards)")
    axes.set_ylabel("% of hands")
    axes.set_title("High Card Pool: distribution of winning chances")
    axes.legend()
    save_svg(figure, "pool-winning-chances")


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


MARKERS["cli-help"] = command_help


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


for page in ("games/reddog.md", "games/baccarat.md", "games/pool.md", "cli.md"):
    fill_markers(page)
plot_reddog()
plot_baccarat()
plot_pool()
example_pages()
download_files()
reference_pages()
