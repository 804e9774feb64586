"""The site's download pages: every file of the published set, an index of the games and per game
a page with a grid of table × shoe (or hand size) for each format, every link read from the
set's own index.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardmath.games import Game
from cardmath.games.registry import GAMES
from cardmath.output.tables import CSV_PLACES


def short_label(game: Game, point: int | None) -> str:
    """A grid column's heading: ``1``…``8`` and ``∞`` decks, ``5`` cards."""
    return "∞" if point is None else str(point)


def axis_words(game: Game) -> str:
    """What a game's points are, in words: decks or cards in the hand."""
    return "decks" if str(game.axis) == "decks" else "cards in the hand"


def _opening(title: str) -> list[str]:
    """A download page's first lines: the search ranks it below the pages that explain (its links
    match many words), then its title."""
    return ["---", "search:", "  boost: 0.5", "---", "", f"# {title}", ""]


def downloads_page_of(game: Game) -> str:
    """The path, under ``docs/``, of the page of ``game``'s files (beside the folder holding them)."""
    return f"downloads/{game.name}.md"


def downloads_pages(
    index: Sequence[Mapping[str, Any]],
    title_of: Callable[[Game, Mapping[str, Any]], str],
    formats: Sequence[str],
    format_names: Mapping[str, str],
) -> dict[str, str]:
    """Every file of the set: an index page, and per game a page of grids of table × shoe (or hand
    size), one per format; ``{path under docs/: Markdown}``.

    ``index`` is the set's index (its entries: game, for, title, id, files), ``title_of`` gives
    the title people read of an entry, ``formats`` the formats served and ``format_names`` their
    names as shown."""
    lines = [
        *_opening("Download every table"),
        "The complete set that `cardmath tables --out DIR` writes, computed when this site was built.",
        "Each game's files are on a page of their own: pick a format, then a table (a row) and a shoe",
        f"(a column); each link is named by its shoe. CSV holds each decimal to {CSV_PLACES} places;",
        "JSON every exact value as the text of its fraction `p/q`; LaTeX a `booktabs` `tabular`.",
        "[`index.json`](index.json) lists every file for programs.",
        "",
    ]
    pages: dict[str, str] = {}
    for game in GAMES:
        entries = [entry for entry in index if entry["game"] == game.name]
        if not entries:
            continue
        page = downloads_page_of(game)
        count = sum(len(entry["files"]) for entry in entries)
        lines.append(f"- [{game.title}]({page.removeprefix('downloads/')}): {count:,} files")
        pages[page] = game_downloads(game, entries, title_of, formats, format_names)
    pages["downloads/index.md"] = "\n".join(lines) + "\n"
    return pages


def game_downloads(
    game: Game,
    entries: Sequence[Mapping[str, Any]],
    title_of: Callable[[Game, Mapping[str, Any]], str],
    formats: Sequence[str],
    format_names: Mapping[str, str],
) -> str:
    """The page of one game's files: its summaries, then a grid per format."""
    points = {game.axis.label(point): point for point in game.default_points}
    columns = [label for label in points if any(entry["for"] == label for entry in entries)]
    rows: dict[str, dict[str, dict[str, str]]] = {}
    summaries = []
    for entry in entries:
        if entry["for"] in points:
            name = table_name(game, title_of(game, entry), entry["for"])
            if entry["for"] in rows.get(name, {}):  # two tables read alike: tell them apart
                plain = str(entry.get("id", entry["title"])).replace(entry["for"], "").strip(" ,")
                name = f"{name} ({plain})"
            rows.setdefault(name, {})[entry["for"]] = entry["files"]
        else:
            summaries.append(entry)
    lines = [
        *_opening(f"Download the tables of {game.title}"),
        f"Every file of [{game.title}](../{game.docs_page}) in the published set; the other games' are on",
        f"[the download page](index.md). One row per table, one column per number of {axis_words(game)}.",
    ]
    for entry in summaries:
        links = " · ".join(f"[{format_names.get(fmt, fmt)}]({path})" for fmt, path in entry["files"].items())
        lines += ["", f"Across every shoe, **{title_of(game, entry)}**: {links}"]
    lines.append("")
    for fmt in formats:
        lines += [
            f'=== "{format_names.get(fmt, fmt)}"',
            "",
            textwrap.indent(download_grid(game, points, columns, rows, fmt), "    "),
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
    """One format's grid of a game's files: a row per table, a column per shoe, each link named
    by its shoe (so that on a phone, where the grid reads as a list, each link still says what it
    is).  Where one file holds every table of a shoe (a workbook), the grid has one row."""
    axis = "decks" if str(game.axis) == "decks" else "cards"
    heads = [short_label(game, points[label]) for label in columns]
    table = [f"| table ╲ {axis} | " + " | ".join(heads) + " |", "|---|" + ":-:|" * len(heads)]
    paths = {
        label: {cells[label][fmt] for cells in rows.values() if label in cells and fmt in cells[label]}
        for label in columns
    }

    def link(label: str, path: str) -> str:
        return f'[{short_label(game, points[label])}]({path} "{label}, {fmt_ext(path)}")'

    if all(len(found) == 1 for found in paths.values()) and len(rows) > 1:
        links = [link(label, path) for label in columns for path in paths[label]]
        table.append("| every table, one workbook | " + " | ".join(links) + " |")
    else:
        for name, cells in rows.items():
            links = [
                link(label, cells[label][fmt]) if label in cells and fmt in cells[label] else "—"
                for label in columns
            ]
            table.append(f"| {name} | " + " | ".join(links) + " |")
    return '<div class="cardmath-grid" markdown>\n\n' + "\n".join(table) + "\n\n</div>\n"


def fmt_ext(path: str) -> str:
    """A file's extension."""
    return path.rsplit(".", 1)[-1]


def table_name(game: Game, title: str, shoe: str) -> str:
    """A table's title without the game's name and the shoe it is for: its row in the grid, its
    case kept."""
    name = title.replace(shoe, "")
    if name.startswith(game.short_title):
        name = name[len(game.short_title) :]
    name = re.sub(r"\s*,\s*(?=[:,]|$)", "", name)
    return re.sub(r"\s{2,}", " ", name).strip(" ,:")
