"""Generates the parts of the site that come from the library, at build time (mkdocs-gen-files).

Everything game-specific comes from the registry (``cardmath.games.GAMES``), so a new game needs no
change here:

- In each game's page, ``<!-- cardmath:summary -->`` becomes the game's summary table and
  ``<!-- cardmath:tables -->`` content tabs of its published tables, each with links to its files,
  computed by the library, so the published numbers can never drift from the code.
- Each game's charts (``game.charts()``, data) are drawn as SVG to ``img/NAME.svg`` (charts.py).
- The home page gets headline figures, the odds tables page every game's summary.
- The command line page gets the ``--help`` of every command, 80 columns wide.
- Every script in ``examples/`` gets a page with its code and the output of running it.
- The complete table set (what ``cardmath tables`` writes) is served under ``downloads/``, with a
  page listing it as a grid of table × shoe.
- The API reference gets a page per module (``docs/hooks.py`` adds them to the navigation); a
  name a module re-exports from another documented module is linked, not documented twice.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterator, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

import griffe
import mkdocs_gen_files

sys.path.insert(0, str(Path(__file__).resolve().parent))
from charts import draw_chart
from hooks import REFERENCE_MODULES

from cardmath import publish
from cardmath.cli import build_parser
from cardmath.games import Game
from cardmath.games.registry import GAMES
from cardmath.output import fraction_text, percent_text, render_table
from cardmath.table import Kind, Table

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

HELP_COLUMNS = 80
"""Width of the generated ``--help`` text: it fits the content column at 1280 px."""

WIDE_COLUMNS = 10
"""A table with more columns than this is shown transposed, if it then has at most this many."""

DOWNLOAD_FORMATS = tuple(fmt for fmt in ("csv", "json", "xlsx", "latex") if fmt in publish.FORMATS)
"""The formats of the table set served under ``downloads/`` (every one the library writes)."""

FORMAT_NAMES = {"csv": "CSV", "json": "JSON", "xlsx": "XLSX", "latex": "LaTeX", "markdown": "Markdown"}


def write_page(path: str, text: str) -> None:
    """Write one generated file of the site."""
    with mkdocs_gen_files.open(path, "w") as stream:
        stream.write(text)


# ------------------------------------------------------------------------------- downloads


_COMPUTED: dict[tuple[str, int | str | None], Any] = {}


def point_tables(game: Game, point: int | None) -> tuple[Table, ...]:
    """A game's published tables for one point of its axis, computed once per build."""
    key = (game.name, point)
    if key not in _COMPUTED:
        _COMPUTED[key] = tuple(game.publication_tables(point))
    return tuple(_COMPUTED[key])


def summary(game: Game) -> Table:
    """A game's table across every point of its axis, computed once per build."""
    key = (game.name, "summary")
    if key not in _COMPUTED:
        _COMPUTED[key] = game.summary_table(game.default_points)
    table: Table = _COMPUTED[key]
    return table


def summary_tables(game: Game) -> tuple[Table, ...]:
    """A game's summary, as the one table of its job in the published set."""
    return (summary(game),)


def table_files() -> tuple[dict[str, str | bytes], list[dict[str, Any]]]:
    """The complete table set as ``{path: content}`` and its index's entries (game, for, title,
    files), computed once."""
    builds: dict[str, Callable[[], Sequence[Table]]] = {}
    for game in GAMES:
        for point in game.default_points:
            builds[f"{game.name}/{game.axis.folder(point)}"] = functools.partial(point_tables, game, point)
        builds[f"{game.name}/summary"] = functools.partial(summary_tables, game)
    # The same jobs as ``cardmath tables``, reading the tables this build computes for the pages.
    jobs = [dataclasses.replace(job, build=builds.get(job.folder, job.build)) for job in publish.plan()]
    files: dict[str, Any] = dict(publish.render_files(jobs, formats=DOWNLOAD_FORMATS, progress=False))
    index = json.loads(files["index.json"])
    return files, list(index["tables"])


FILES, INDEX = table_files()
DISPLAY_TITLES: dict[tuple[str, str], str] = {}
"""The title people read of each file's table, by game and file title (filled at build)."""
FILES_BY_TITLE: dict[tuple[str, str], dict[str, str]] = {
    (entry["game"], entry["title"]): entry["files"] for entry in INDEX
}


def download_links(game: str, title: str, prefix: str) -> str:
    """The download links of one published table, or ``""`` when the set has no such table."""
    files = FILES_BY_TITLE.get((game, title))
    if not files:
        return ""
    links = " · ".join(
        f"[{FORMAT_NAMES.get(fmt, fmt)}]({prefix}downloads/{path})" for fmt, path in files.items()
    )
    return f'<span class="cardmath-downloads">Download: {links}</span>'


def download_files() -> None:
    """The complete table set under ``downloads/``, with ``index.json``; the page is our own."""
    for name, content in FILES.items():
        if name == "index.md":
            continue
        with mkdocs_gen_files.open(f"downloads/{name}", "wb" if isinstance(content, bytes) else "w") as out:
            out.write(content)
    write_page("downloads/index.md", downloads_page())


def short_label(game: Game, point: int | None) -> str:
    """A grid column's heading: ``1``…``8`` and ``∞`` decks, ``5`` cards."""
    return "∞" if point is None else str(point)


def downloads_page() -> str:
    """Every file of the set, per game a grid of table × shoe (or hand size) per format."""
    lines = [
        "---",
        "search:",
        "  boost: 0.5",
        "---",
        "",
        "# Download every table",
        "",
        "The complete set that `cardmath tables --out DIR` writes, computed when this site was built.",
        "Pick a format, then a table (a row) and a shoe (a column). CSV holds each decimal to 18",
        "places; JSON every exact value as the text of its fraction `p/q`; LaTeX a `booktabs`",
        "`tabular`. [`index.json`](index.json) lists every file for programs.",
    ]
    for game in GAMES:
        entries = [entry for entry in INDEX if entry["game"] == game.name]
        if not entries:
            continue
        points = {game.axis.label(point): point for point in game.default_points}
        columns = [label for label in points if any(entry["for"] == label for entry in entries)]
        rows: dict[str, dict[str, dict[str, str]]] = {}
        summaries = []
        for entry in entries:
            if entry["for"] in points:
                name = _table_name(
                    game, DISPLAY_TITLES.get((game.name, entry["title"]), entry["title"]), entry["for"]
                )
                if entry["for"] in rows.get(name, {}):  # two tables read alike: tell them apart
                    name = f"{name} ({entry['title'].replace(entry['for'], '').strip(' ,')})"
                rows.setdefault(name, {})[entry["for"]] = entry["files"]
            else:
                summaries.append(entry)
        axis = "decks" if str(game.axis) == "decks" else "cards in the hand"
        lines += ["", f"## {game.title}", ""]
        lines.append(f"One row per table, one column per number of {axis}.")
        for entry in summaries:
            links = " · ".join(
                f"[{FORMAT_NAMES.get(fmt, fmt)}]({path})" for fmt, path in entry["files"].items()
            )
            title = DISPLAY_TITLES.get((game.name, entry["title"]), entry["title"])
            lines += ["", f"Across every shoe, **{title}**: {links}"]
        lines.append("")
        for fmt in DOWNLOAD_FORMATS:
            lines += [
                f'=== "{FORMAT_NAMES.get(fmt, fmt)}"',
                "",
                indent(download_grid(game, points, columns, rows, fmt)),
                "",
            ]
    return "\n".join(lines) + "\n"


def download_grid(
    game: Game,
    points: dict[str, int | None],
    columns: Sequence[str],
    rows: dict[str, dict[str, dict[str, str]]],
    fmt: str,
) -> str:
    """One format's grid of a game's files: a row per table, a column per shoe.  Where one file
    holds every table of a shoe (a workbook), the grid has one row."""
    axis = "decks" if str(game.axis) == "decks" else "cards"
    heads = [short_label(game, points[label]) for label in columns]
    table = [f"| table ╲ {axis} | " + " | ".join(heads) + " |", "|---|" + ":-:|" * len(heads)]
    paths = {
        label: {cells[label][fmt] for cells in rows.values() if label in cells and fmt in cells[label]}
        for label in columns
    }
    if all(len(found) == 1 for found in paths.values()) and len(rows) > 1:
        links = [f"[{fmt_ext(path)}]({path})" for label in columns for path in paths[label]]
        table.append("| every table, one workbook | " + " | ".join(links) + " |")
    else:
        for name, cells in rows.items():
            links = [
                f"[{fmt_ext(cells[label][fmt])}]({cells[label][fmt]})"
                if label in cells and fmt in cells[label]
                else "—"
                for label in columns
            ]
            table.append(f"| {name} | " + " | ".join(links) + " |")
    return '<div class="cardmath-grid" markdown>\n\n' + "\n".join(table) + "\n\n</div>\n"


def fmt_ext(path: str) -> str:
    """A link's text in the grid: the file's extension."""
    return path.rsplit(".", 1)[-1]


def _table_name(game: Game, title: str, shoe: str) -> str:
    """A table's title without the game's name and the shoe it is for: its row in the grid."""
    name = title.replace(shoe, "")
    if name.startswith(game.short_title):
        name = name[len(game.short_title) :]
    name = re.sub(r"\s*,\s*(?=[:,]|$)", "", name)
    name = re.sub(r"\s{2,}", " ", name).strip(" ,:")
    return name[:1].upper() + name[1:]


# ----------------------------------------------------------------------------------- tables


def shown_title(table: Table) -> str:
    """The title people read (the display title, where the table has one)."""
    return str(getattr(table, "display_title", "") or table.title)


def transposed(table: Table) -> Table:
    """A wide table turned a quarter: its columns become rows, its first column the headings.
    What each column holds (its kind) becomes what each row holds; names and notes stay."""
    headers = ("", *(table.label(str(row[0])) for row in table.rows))
    rows = tuple(
        (name, *(row[index] for row in table.rows)) for index, name in enumerate(table.headers) if index
    )
    kinds = tuple(table.column_kind(index) for index in range(1, len(table.headers)))
    return dataclasses.replace(
        table, headers=headers, rows=rows, kinds=(Kind.TEXT,), row_kinds=kinds, footer=()
    )


def fitted(table: Table) -> Table:
    """The table as the site shows it: transposed when it is much wider than it is long (and has
    no footer rows, which belong under its columns)."""
    wide = len(table.headers) > WIDE_COLUMNS and len(table.rows) + 1 <= WIDE_COLUMNS
    return transposed(table) if wide and not table.footer else table


def table_markdown(
    table: Table, *, game: str | None = None, prefix: str = "../", defined: set[str] | None = None
) -> str:
    """A table as Markdown: its title in bold, its download links, the table, then the terms it
    uses that ``defined`` (the terms already defined above it, updated) does not hold."""
    defined = set() if defined is None else defined
    body = render_table(fitted(table), "github", defined=defined)
    defined.update(term for term, _ in table.notes)
    links = download_links(game, table.title, prefix) if game else ""
    head = f"**{shown_title(table)}**" + (f"<br>\n{links}" if links else "")
    return f'{head}\n\n<div class="cardmath-table" markdown>\n\n{body}\n\n</div>\n'


def display_titles() -> dict[tuple[str, str], str]:
    """The title people read of every published table, by game and file title."""
    titles = {}
    for game in GAMES:
        for table in (
            summary(game),
            *(t for point in game.default_points for t in point_tables(game, point)),
        ):
            titles[(game.name, table.title)] = shown_title(table)
    return titles


def indent(text: str, spaces: int = 4) -> str:
    """Indent every non-empty line, as the content of a tab needs."""
    return "\n".join((" " * spaces + line) if line else "" for line in text.splitlines())


def tabs(game: Game, items: Sequence[tuple[str, Sequence[Table]]]) -> str:
    """Content tabs, one per ``(label, tables)`` item."""
    parts = []
    for name, tables in items:
        defined: set[str] = set()  # each tab defines its terms once, where they first appear
        body = "\n".join(table_markdown(table, game=game.name, defined=defined) for table in tables)
        parts.append(f'=== "{name}"\n\n{indent(body)}\n')
    return "\n".join(parts)


def game_markers(game: Game) -> dict[str, Callable[[], str]]:
    """What each marker of a game's page becomes."""
    return {
        "summary": lambda: table_markdown(summary(game), game=game.name),
        "tables": lambda: tabs(
            game, [(game.axis.label(point), point_tables(game, point)) for point in game.default_points]
        ),
    }


def fill_markers(page: str, markers: dict[str, Callable[[], str]]) -> None:
    """Write ``page`` (a path under docs/) with every marker replaced by its generated text."""
    text = (DOCS / page).read_text(encoding="utf-8")

    def replace(match: re.Match[str]) -> str:
        return markers[match.group(1)]()

    write_page(page, re.sub(r"<!-- cardmath:([a-z-]+) -->", replace, text))


# ----------------------------------------------------------------------- home and odds pages


def headline_figures() -> str:
    """The home page's figures: every game's ``headlines()``, computed now through the registry."""
    cards = []
    for game in GAMES:
        for headline in game.headlines():
            cards.append(
                f'-   <span class="cardmath-figure">{percent_text(headline.value)}</span>\n\n'
                f"    [{headline.name}]({headline.page}) {headline.what}, {headline.shoe}; exactly "
                f'<span class="cardmath-fraction">{fraction_text(headline.value)}</span>'
            )
    return '<div class="grid cards" markdown>\n\n' + "\n\n".join(cards) + "\n\n</div>\n"


def games_list() -> str:
    """The home page's list of games, from the registry: one link each, with its command."""
    return "\n".join(f"- [{game.title}]({game.docs_page}): `cardmath {game.name}`" for game in GAMES) + "\n"


def odds_summaries() -> str:
    """Every game's summary table, from the registry, for the odds tables page."""
    parts = []
    for game in GAMES:
        table = summary(game)
        parts.append(
            f"### [{game.title}]({game.docs_page})\n\n{table_markdown(table, game=game.name, prefix='')}"
        )
    return "\n".join(parts)


def set_contents() -> str:
    """What the published set holds for each game: the shoes and the tables, from its index."""
    lines = ["| game | for | tables |", "|---|---|---|"]
    for game in GAMES:
        labels = [game.axis.label(point) for point in game.default_points]
        names = dict.fromkeys(
            _table_name(game, DISPLAY_TITLES.get((game.name, entry["title"]), entry["title"]), entry["for"])
            for entry in INDEX
            if entry["game"] == game.name and entry["for"] in labels
        )
        span = f"{labels[0]} to {labels[-1]}" if len(labels) > 1 else labels[0]
        tables = "; ".join(name[:1].lower() + name[1:] for name in names)
        lines.append(f"| [{game.title}]({game.docs_page}) | {span}, and a summary across them | {tables} |")
    return "\n".join(lines) + "\n"


DEPENDENCY_USES = {
    "sympy": "exact rationals, and the closed forms in the number of decks",
    "more-itertools": "set partitions and other combinatorial iteration",
    "tabulate": "text tables on the terminal and in Markdown",
    "numpy": "evaluating many shoes at once (`analyze_many`, effects of removal)",
    "tqdm": "the progress bar of `cardmath tables` on a terminal",
    "beartype": "checking the types of the arguments of every public function",
    "openpyxl": "Excel workbooks",
    "xlsxwriter": "Excel workbooks (`--format xlsx`, and `cardmath tables`)",
    "dask": "counting studies on every core, or on a cluster",
    "dask[distributed]": "counting studies on every core, or on a cluster",
    "distributed": "counting studies on every core, or on a cluster",
    "types-openpyxl": "type stubs for mypy",
    "pytest": "the test suite, doctests included",
    "hypothesis": "property-based tests",
    "ruff": "linting and formatting",
    "mypy": "static type checking (strict)",
    "types-tabulate": "type stubs for mypy",
    "types-tqdm": "type stubs for mypy",
    "mkdocs-material": "this documentation site",
    "mkdocstrings[python]": "the API reference, from the docstrings",
    "mkdocs-gen-files": "the generated pages of this site (tables, charts, examples)",
    "matplotlib": "the charts of this site",
    "playwright": "the browser test of this site (with Chromium from the system)",
}


def _summary_of(name: str) -> str:
    """A package's own one-line description, for a dependency this page does not describe yet."""
    try:
        return str(metadata.metadata(name.split("[", maxsplit=1)[0])["Summary"] or "")
    except metadata.PackageNotFoundError:
        return ""


def dependencies() -> str:
    """The install page's list of dependencies, from ``pyproject.toml``, each with its use."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups = [("the library", project.get("dependencies", []))]
    groups += [(f"`.[{extra}]`", needs) for extra, needs in project.get("optional-dependencies", {}).items()]
    lines = ["| package | needed by | what for |", "|---|---|---|"]
    for group, needs in groups:
        for need in needs:
            name = re.split(r"[<>=!~; ]", need, maxsplit=1)[0]
            use = DEPENDENCY_USES.get(name.lower()) or _summary_of(name)
            lines.append(f"| `{need}` | {group} | {use} |")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------- command line


@contextlib.contextmanager
def columns(width: int) -> Iterator[None]:
    """``COLUMNS`` set to ``width`` (argparse wraps its help to it) for the duration."""
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old


def command_help() -> str:
    """The ``--help`` of ``cardmath`` and of every sub-command, as Markdown code blocks."""
    with columns(HELP_COLUMNS):
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
        write_page(f"examples/{script.stem}.md", page)


# ---------------------------------------------------------------------------- reference


def _home(path: str) -> str | None:
    """The documented module an object's path belongs to (its nearest enclosing page)."""
    while path:
        if path in REFERENCE_MODULES:
            return path
        path = path.rpartition(".")[0]
    return None


def reference_members(package: griffe.Module, module: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The public names ``module`` documents itself, and those it re-exports from another
    module's page, with their full path there."""
    mod = package.modules_collection[module] if module != package.path else package
    exports = [str(name) for name in (mod.exports or ())]
    own: list[str] = []
    elsewhere: list[tuple[str, str]] = []
    for name in exports:
        member = mod.members.get(name)
        target = member.target_path if isinstance(member, griffe.Alias) else f"{module}.{name}"
        home = _home(target.rpartition(".")[0])
        if home and home != module:
            page = package.modules_collection[home]
            if name in (page.exports or ()):
                elsewhere.append((name, f"{home}.{name}"))
                continue
        own.append(name)
    return own, elsewhere


def reference_pages() -> None:
    """One API reference page per module in ``REFERENCE_MODULES``; re-exported names link to
    the one page that documents them."""
    loader = griffe.GriffeLoader(search_paths=[str(ROOT / "src")])
    package = loader.load("cardmath")
    assert isinstance(package, griffe.Module)
    loader.resolve_aliases(implicit=False, external=False)
    for module in REFERENCE_MODULES:
        own, elsewhere = reference_members(package, module)
        members = "[" + ", ".join(own) + "]" if own else "false"
        text = (
            "---\nsearch:\n  boost: 0.3\n---\n\n"
            f"# `{module}`\n\n::: {module}\n    options:\n      members: {members}\n"
        )
        if elsewhere:
            links = ", ".join(f"[`{name}`][{path}]" for name, path in elsewhere)
            text += (
                f"\n## Also exported here\n\n`{module}` also exports these, documented in their own "
                f"modules: {links}.\n"
            )
        write_page(f"reference/{module}.md", text)


# --------------------------------------------------------------------------------- build

DISPLAY_TITLES.update(display_titles())
for each_game in GAMES:
    fill_markers(each_game.docs_page, game_markers(each_game))
    for each_chart in each_game.charts():
        with mkdocs_gen_files.open(f"img/{each_chart.name}.svg", "w") as svg:
            svg.write(draw_chart(each_chart))
fill_markers("index.md", {"headline": headline_figures, "games": games_list})
fill_markers("tables.md", {"summaries": odds_summaries, "contents": set_contents})
fill_markers("install.md", {"dependencies": dependencies})
fill_markers("cli.md", {"cli-help": command_help})
example_pages()
download_files()
reference_pages()
