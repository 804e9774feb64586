"""Generates the parts of the site that come from the library, at build time (mkdocs-gen-files).

Everything game-specific comes from the registry (``cardmath.games.GAMES``), so a new game needs no
change here.  In each game's page:

- under its title goes its answer card (answer_card.py): its headline figures, the usual table
  and links to its rules, par sheets and downloads;
- ``<!-- cardmath:summary -->`` becomes the game's summary table and ``<!-- cardmath:tables -->``
  links to its odds pages, one per shoe (odds_pages.py), each holding that shoe's published
  tables with links to their files, computed by the library, so the published numbers can never
  drift from the code;
- ``<!-- cardmath:closed-form -->`` becomes the table of its house edges as functions of the
  number of decks, typeset from SymPy's expressions (closed_form_page.py);
- ``<!-- cardmath:bets -->`` becomes the table of its built-in bets: each bet's name, what wins and
  its pays as posted odds, from the game's definition;
- ``<!-- cardmath:chart:NAME -->`` becomes the figures of its chart ``NAME`` (``game.charts()``),
  drawn as SVG by charts.py for a wide and a narrow column, a chart of many panels as several
  figures; every chart of the game must be shown on its page.

Tables are laid out by site_tables.py: none wider than the column at 1280 px, and a par sheet's
outcome, probability and house edge in view on a phone.  Besides:

- The home page gets the list of games and their headline figures, the odds tables page every
  game's summary, what the published set holds and its formats; the install page what to install
  (from ``pyproject.toml``), every game's command and where the source lives.
- The command line page gets the ``--help`` of every command, 80 columns wide.
- The page on what a player sees gets the tables and the chart of every game that publishes
  tables of it (information_page.py).
- Every script in ``examples/`` gets a page with its code and the output of running it.
- The complete table set (what ``cardmath tables`` writes) is served under ``downloads/``, with a
  page listing it as a grid of table × shoe; every link comes from the set's own index.
- The API reference gets a page per module (``docs/hooks.py`` adds them to the navigation); a
  name a module re-exports from another documented module is linked, not documented twice.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import json
import re
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import mkdocs_gen_files

sys.path.insert(0, str(Path(__file__).resolve().parent))
import site_tables
from answer_card import answer_card, with_card
from charts import NARROW, WIDE, draw_chart, split_chart
from cli_page import command_help
from closed_form_page import closed_form_table, has_closed_form
from downloads_page import downloads_pages, table_name
from information_page import information_markers
from install_page import dependencies, install_requirements, source_layout
from odds_pages import odds_links, odds_page, odds_page_text
from reference_pages import reference_pages
from risk_page import risk_markers

from cardmath import publish
from cardmath.games import Game
from cardmath.games.registry import GAMES
from cardmath.output import cell_text, fraction_text, percent_text, render_table
from cardmath.output.tables import CSV_PLACES, DISPLAY_PLACES, PERCENT_PLACES
from cardmath.table import Chart, Kind, Table

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

NARROW_MEDIA = "(max-width: 44.9375em)"
"""The screens that get a chart's narrow drawing: those below Material's tablet layout (720 px),
as ``stylesheets/extra.css`` lays tables out for them."""

DOWNLOAD_FORMATS = tuple(fmt for fmt in ("csv", "json", "xlsx", "latex") if fmt in publish.FORMATS)
"""The formats of the table set served under ``downloads/`` (every one the library writes)."""

FORMAT_NAMES = {
    "csv": "CSV",
    "json": "JSON",
    "xlsx": "XLSX",
    "latex": "LaTeX",
    "markdown": "Markdown",
    "csv-tidy": "Tidy CSV",
    "parquet": "Parquet",
}


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
        _COMPUTED[key] = publish.game_tables(game, point)
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


def files_by_table() -> dict[tuple[str, str], dict[str, str]]:
    """Each published table's files by game and by any title the index gives it (its ``id``,
    the title naming its files, and its ``title``, the one people read)."""
    found: dict[tuple[str, str], dict[str, str]] = {}
    for entry in INDEX:
        for key in (entry.get("id"), entry.get("title")):
            if key:
                found.setdefault((entry["game"], str(key)), entry["files"])
    return found


FILES_BY_TITLE = files_by_table()


def entry_title(game: Game, entry: Mapping[str, Any]) -> str:
    """The title people read of an entry of the index."""
    title = str(entry["title"])
    return DISPLAY_TITLES.get((game.name, str(entry.get("id", title))), title)


def download_links(game: str, table: Table, prefix: str) -> str:
    """The download links of one published table, or ``""`` when the set has no such table."""
    files = FILES_BY_TITLE.get((game, table.title)) or FILES_BY_TITLE.get((game, shown_title(table)))
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
    for path, text in downloads_pages(INDEX, entry_title, DOWNLOAD_FORMATS, FORMAT_NAMES).items():
        write_page(path, text)


# ----------------------------------------------------------------------------------- tables


def shown_title(table: Table) -> str:
    """The title people read (the display title, where the table has one)."""
    return str(getattr(table, "display_title", "") or table.title)


def table_block(table: Table, body: str, caption: str = "") -> str:
    """One rendered table in its box.  A table with columns a phone does not need
    (:func:`site_tables.compact_columns`) is marked so that ``stylesheets/extra.css`` hides them
    on a narrow screen, with a check box above it that shows every column again."""
    hidden = site_tables.compact_columns(table)
    classes = ["cardmath-table"]
    toggle = ""
    if hidden:
        classes += ["cardmath-compact", *(f"cardmath-hide-{column}" for column in hidden)]
        names = ", ".join(table.label(table.headers[column - 1]) for column in hidden)
        toggle = (
            f'<label class="cardmath-every-column"><input type="checkbox"> '
            f"Show every column ({html.escape(names)})</label>\n\n"
        )
    head = f"*{caption}*\n\n" if caption else ""
    return f'<div class="{" ".join(classes)}" markdown>\n\n{head}{toggle}{body}\n\n</div>\n'


def table_markdown(
    table: Table,
    *,
    game: str | None = None,
    prefix: str = "../",
    defined: set[str] | None = None,
    room: float = site_tables.COLUMN_PX,
    titled: bool = True,
) -> str:
    """A table as Markdown: its title in bold (unless not ``titled``: a collapsible block shows
    it), its download links, the table (in parts, when it is wider than ``room`` px:
    :func:`site_tables.fitted`), then the terms it uses that ``defined`` (the terms already
    defined above it, updated) does not hold."""
    defined = set() if defined is None else defined
    parts = site_tables.fitted(table, room)
    blocks = []
    for part in parts:
        body = render_table(part, "github", defined=defined)
        blocks.append(table_block(part, body, site_tables.part_label(part, len(parts))))
    defined.update(term for term, _ in table.notes)
    links = download_links(game, table, prefix) if game else ""
    title = f"**{shown_title(table)}**" if titled else ""
    head = title + ("<br>\n" if title and links else "") + links
    return (f"{head}\n\n" if head else "") + "\n".join(blocks)


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


def opening_point(game: Game) -> int | None:
    """The point the game's page marks as the usual one: the game's usual shoe (its default
    number of decks) for a game published by decks, else its first point."""
    decks = getattr(game, "default_decks", None)
    if str(game.axis) == "decks" and decks in game.default_points:
        return int(decks)
    return game.default_points[0]


# ------------------------------------------------------------------------------------ bets


def pays_text(bet: Any) -> str:
    """A bet's pays as posted: each winning outcome's odds (``"27 to 50"``), a push, or the part
    of the bet lost; a plain loss is left out.  A bet settled through its pay entries (a raise, a
    war) shows the entries that pay something.  One winning pay alone reads as its odds; several
    read one a line."""
    shown: list[tuple[str, str, bool]] = []
    for outcome, pay in bet.pays:
        if pay == -1 or (pay == 0 and bet.settlements):
            continue
        if pay == 0:
            words = "push"
        elif pay < 0:
            words = f"loses {fraction_text(-pay)} of the bet"
        else:
            words = cell_text(pay, Kind.PAY)
        shown.append((outcome, words, pay > 0))
    if len(shown) == 1 and shown[0][2]:
        return shown[0][1]
    return "<br>".join(f"{outcome}: {words}" for outcome, words, _ in shown)


def markdown_cell(text: str) -> str:
    """Text that stays in one cell of a Markdown table."""
    return text.replace("|", "\\|").replace("\n", " ")


def bets_table(game: Game) -> str:
    """The game's built-in bets under its usual rules, from its definition: each bet's name (and
    its id, as the command line and Python name it), what wins, and its pays."""
    bets = game.built_in_bets()  # type: ignore[attr-defined]
    lines = ["| bet | wins when | pays |", "|---|---|---|"]
    for name, bet in bets.items():
        lines.append(
            f"| {markdown_cell(bet.display_name)} (`{name}`) | {markdown_cell(bet.description)} "
            f"| {markdown_cell(pays_text(bet))} |"
        )
    return '<div class="cardmath-table" markdown>\n\n' + "\n".join(lines) + "\n\n</div>\n"


# ---------------------------------------------------------------------------------- charts


def chart_files(chart: Chart) -> tuple[Chart, ...]:
    """Draw a chart into the site, as figures of a few panels each (``split_chart``), each in a
    wide drawing ``img/NAME.svg`` and a narrow one ``img/NAME-narrow.svg``; the figures drawn."""
    figures = split_chart(chart)
    for figure in figures:
        write_page(f"img/{figure.name}.svg", draw_chart(figure, WIDE))
        write_page(f"img/{figure.name}-narrow.svg", draw_chart(figure, NARROW))
    return figures


def chart_markup(figures: Sequence[Chart], prefix: str = "../") -> str:
    """The figures of a chart as the page shows them: each a ``<picture>`` that gives a phone
    the narrow drawing, described by its title."""
    return "\n".join(
        f'<figure class="cardmath-chart">\n<picture>\n'
        f'<source media="{NARROW_MEDIA}" srcset="{prefix}img/{figure.name}-narrow.svg">\n'
        f'<img src="{prefix}img/{figure.name}.svg" alt="{html.escape(figure.title)}">\n'
        f"</picture>\n</figure>\n"
        for figure in figures
    )


# ------------------------------------------------------------------------------- markers


def game_markers(game: Game) -> dict[str, Callable[[str], str]]:
    """What each marker of a game's page becomes (``chart`` takes the chart's name)."""
    drawn = {chart.name: chart_files(chart) for chart in game.charts()}
    shown: set[str] = set()

    def chart(name: str) -> str:
        if name not in drawn:
            raise KeyError(f"{game.docs_page}: {game.title} has no chart {name!r}: it has {', '.join(drawn)}")
        shown.add(name)
        return chart_markup(drawn[name])

    def tables(_: str) -> str:
        missing = set(drawn) - shown
        if missing:  # the tables come last on every page: every chart is placed by then
            raise KeyError(f"{game.docs_page} shows no <!-- cardmath:chart:NAME --> for {sorted(missing)}")
        for point in game.default_points:
            write_page(
                odds_page(game, point),
                odds_page_text(game, point, point_tables(game, point), table_markdown, shown_title),
            )
        return odds_links(game, opening_point(game))

    markers: dict[str, Callable[[str], str]] = {
        "summary": lambda _: table_markdown(summary(game), game=game.name, room=site_tables.PAGE_COLUMN_PX),
        "chart": chart,
        "tables": tables,
    }
    if hasattr(game, "built_in_bets"):
        markers["bets"] = lambda _: bets_table(game)
    if has_closed_form(game):
        markers["closed-form"] = lambda _: closed_form_table(game)
    return markers


def fill_markers(page: str, markers: Mapping[str, Callable[[str], str]], game: Game | None = None) -> None:
    """Write ``page`` (a path under docs/) with every marker, ``<!-- cardmath:NAME -->`` or
    ``<!-- cardmath:NAME:ARGUMENT -->``, replaced by its generated text; an unknown marker stops
    the build.  A game's page gets its answer card under its title."""
    text = (DOCS / page).read_text(encoding="utf-8")
    if game is not None:
        text = with_card(text, answer_card(game, text))

    def replace(match: re.Match[str]) -> str:
        name, argument = match.group(1), match.group(2) or ""
        if name not in markers:
            raise KeyError(f"{page}: unknown marker {match.group(0)}: this page has {', '.join(markers)}")
        return markers[name](argument)

    write_page(page, re.sub(r"<!-- cardmath:([a-z-]+)(?::([a-z0-9-]+))? -->", replace, text))


def simple(make: Callable[[], str]) -> Callable[[str], str]:
    """A marker that takes no argument."""
    return lambda _: make()


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


def what_it_gives(game: Game) -> str:
    """What a game's command gives, from its one-line summary (the words after its name)."""
    return game.summary.split(": ", 1)[-1]


def games_list(prefix: str = "") -> str:
    """A list of every game of the registry: a link to its page, its command and what it gives."""
    lines = [
        f"- [{game.title}]({prefix}{game.docs_page}): `cardmath {game.name}`, {what_it_gives(game)}"
        for game in GAMES
    ]
    return "\n".join(lines) + "\n"


def odds_summaries() -> str:
    """Every game's summary table, from the registry, for the odds tables page."""
    parts = []
    for game in GAMES:
        table = summary(game)
        parts.append(
            f"### [{game.title}]({game.docs_page})\n\n"
            + table_markdown(table, game=game.name, prefix="", room=site_tables.PAGE_COLUMN_PX)
        )
    return "\n".join(parts)


def set_contents() -> str:
    """What the published set holds for each game, from its index: the shoes, the tables of each
    shoe (par sheets grouped) and the summary across them; every name as the tables write it."""
    lines = []
    for game in GAMES:
        labels = [game.axis.label(point) for point in game.default_points]
        names = list(
            dict.fromkeys(
                table_name(game, entry_title(game, entry), entry["for"])
                for entry in INDEX
                if entry["game"] == game.name and entry["for"] in labels
            )
        )
        across = [
            table_name(game, entry_title(game, entry), "")
            for entry in INDEX
            if entry["game"] == game.name and entry["for"] not in labels
        ]
        span = f"{labels[0]} to {labels[-1]}" if len(labels) > 1 else labels[0]
        sheets = [name.removesuffix(" par sheet") for name in names if name.endswith(" par sheet")]
        others = [name for name in names if not name.endswith(" par sheet")]
        parts = [" · ".join(others)] if others else []
        if sheets:
            parts.append(f"a par sheet for each of: {' · '.join(sheets)}")
        text = f"- **[{game.title}]({game.docs_page})**, for each of {span}: "
        text += f"{'; '.join(parts)}."
        if across:
            text += f" Across them: {' · '.join(across)}."
        lines.append(text)
    return "\n".join(lines) + "\n"


def number_words(count: int) -> str:
    """A small count in words, as the prose of a page writes it."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[count] if 0 <= count < len(words) else str(count)


def formats_table() -> str:
    """The formats of the published set, each with what it holds and how it rounds, from the
    library's own constants (``cardmath.output.tables``)."""
    extensions = publish.FORMATS
    rounded = (
        f"probabilities and other fractions rounded to {DISPLAY_PLACES} decimals, "
        f"percentages to {PERCENT_PLACES}, counts with thousands separators, pays as odds"
    )
    described = {
        "markdown": f"a heading and a table: {rounded}",
        "csv": f"a header row, then each fraction to {CSV_PLACES} decimals beside a column of its "
        "exact value `p/q`, counts as integers; beside a column of ids (`banker_no_commission`) a "
        '`"<header> name"` column with the name the other formats show; a par sheet ends with '
        "its total row and a `house edge` row",
        "json": "`title` (as every other format writes it) and `id`, `game` and `game_title`, `shoe`, "
        "`headers` and `header_names`, the rows, and for a par sheet `house_edge`; every exact value "
        'as the text `"p/q"`, counts as integers',
        "latex": f"a `tabular` (with `booktabs` rules) to `\\input` in a document, {rounded}, minus "
        "signs as real minus signs; a comment at the top names the packages it needs, and every "
        "table fits an A4 page in portrait (a text block 160 mm wide) or is set as a `longtable` "
        "on purpose",
        "xlsx": "one workbook per game and shoe (or hand size): a summary sheet, then one sheet per "
        "table, set up for printing; a count of more than 15 digits keeps its digits as text beside it",
        "csv-tidy": "one file per kind of table in `tidy/`, every game, shoe and hand size in it: one "
        "observation per row, the game, decks and bet as columns, each exact value as a float column "
        "beside its fraction (`NAME_exact`), no totals and no footers",
        "parquet": "the same tidy data as Parquet (typed columns), for pandas, polars and DuckDB in one "
        "line: `pandas.read_parquet('odds-tables/tidy/par-sheet.parquet')`",
    }
    lines = ["| format | file | what it holds |", "|---|---|---|"]
    for fmt, extension in extensions.items():
        lines.append(f"| {FORMAT_NAMES.get(fmt, fmt)} | `.{extension}` | {described.get(fmt, '')} |")
    return "\n".join(lines) + "\n"


def workbook_places() -> str:
    """How a workbook's numbers are formatted, in words."""
    return (
        f"probabilities to {number_words(DISPLAY_PLACES)} places, percentages to "
        f"{number_words(PERCENT_PLACES)}, counts with thousands separators"
    )


def set_layout() -> str:
    """Where the files of the set go, with real examples read from the set's index."""
    game = GAMES[0]
    point = opening_point(game)
    label = game.axis.label(point)
    entries = [entry for entry in INDEX if entry["game"] == game.name]
    sheet = next((entry for entry in entries if entry["for"] == label), entries[0])
    across = next(
        (entry for entry in entries if entry["for"] not in {game.axis.label(p) for p in game.default_points}),
        None,
    )
    stem = sheet["files"]["csv"].rsplit(".", 1)[0]
    folder = stem.rpartition("/")[0]
    lines = [
        f"The files of one shoe go to one folder, `GAME/SHOE/` — for instance `{folder}/`, "
        f"which holds `{stem.rpartition('/')[2]}.{publish.FORMATS['markdown']}` "
        f"({entry_title(game, sheet)}) and the same table in every other format."
    ]
    if across:
        lines.append(
            f"The tables across shoes or hand sizes go to `GAME/summary/`, for instance "
            f"`{across['files']['csv']}`."
        )
    if "xlsx" in sheet["files"]:
        lines.append(f"Each folder's workbook holds all its tables: `{sheet['files']['xlsx']}`.")
    lines.append(
        "Every file name carries the game, the shoe and the table, so files copied out of their "
        "folders stay apart."
    )
    return " ".join(lines) + "\n"


# --------------------------------------------------------------------------------- install


def game_commands() -> str:
    """Every game's command, from the registry, with what it gives and a command line to try."""
    lines = ["| game | command | what it gives |", "|---|---|---|"]
    for game in GAMES:
        example = next(iter(game.command_examples.values()), (game.name,))
        lines.append(
            f"| [{game.title}]({game.docs_page}) | `cardmath {' '.join(example)}` "
            f"| {markdown_cell(what_it_gives(game))} |"
        )
    return "\n".join(lines) + "\n"


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


# --------------------------------------------------------------------------------- build

DISPLAY_TITLES.update(display_titles())
for each_game in GAMES:
    fill_markers(each_game.docs_page, game_markers(each_game), each_game)
fill_markers("index.md", {"headline": simple(headline_figures), "games": simple(games_list)})
fill_markers(
    "tables.md",
    {
        "summaries": simple(odds_summaries),
        "contents": simple(set_contents),
        "formats": simple(formats_table),
        "workbook-places": simple(workbook_places),
        "layout": simple(set_layout),
    },
)
fill_markers(
    "install.md",
    {
        "requirements": simple(install_requirements),
        "dependencies": simple(dependencies),
        "commands": simple(game_commands),
        "source": simple(source_layout),
    },
)
fill_markers("cli.md", {"cli-help": simple(command_help)})
fill_markers("information.md", information_markers(table_markdown, chart_files, chart_markup))
fill_markers("risk.md", risk_markers(chart_files, chart_markup))
example_pages()
download_files()
for reference_path, reference_text in reference_pages().items():
    write_page(reference_path, reference_text)
