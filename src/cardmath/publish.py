"""The published table set: every odds table of every game, for people and as tidy data, with an index.

:func:`write_tables` asks each game of the registry (:data:`cardmath.games.GAMES`) for its
tables (per number of decks, or per hand size, as the game's axis says, plus the summary across
them), renders each table as Markdown, CSV, JSON and LaTeX, each folder's tables (one game, one
shoe) as one Excel workbook, the data of each kind of table across every game and shoe as tidy
data (:mod:`cardmath.output.tidy`), and writes the files with an index (``index.md`` and
``index.json``).  It is the library side of ``cardmath tables --out DIR``.

The set is *deterministic*: no timestamps, a fixed order, so a second run writes byte-identical
files.  It is *atomic*: every table is computed before the first file is written, and every file
is written through a temporary file and a rename, so a failure or an interruption leaves each
file either as it was or complete, never half written.

Where the files go: ``GAME/POINT/GAME-SHOE-TABLE.EXT`` for a game's tables at one point of its
axis (``reddog/1-deck/reddog-1-deck-par-sheet.md``,
``baccarat/infinite-decks/baccarat-infinite-tie-par-sheet.csv``,
``pool/hand-size-5/pool-5-cards-summary.json``), and ``GAME/summary/GAME-TABLE.EXT`` for the
table across deck counts or hand sizes (``reddog/summary/reddog-house-edge-by-decks.md``); each
folder's workbook is ``GAME-SHOE.xlsx``; the tidy data is ``tidy/KIND.csv`` and ``tidy/KIND.parquet``
(``tidy/par-sheet.parquet``: every par sheet).  Every file name starts with the game's command
name, carries the shoe, and names the table by its short name (:attr:`cardmath.table.Table.slug`).

>>> parse_games("pool,reddog")
('reddog', 'pool')
>>> slugify("Par sheet: spread 1 pays 5:1")
'par-sheet-spread-1-pays-5-1'
>>> shoe_tag("baccarat/infinite-decks"), shoe_tag("pool/hand-size-5"), shoe_tag("reddog/summary")
('infinite', '5-cards', '')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from cardmath import __version__
from cardmath.engine.game import CatalogueGame
from cardmath.errors import OptionError, PublishError
from cardmath.files import check_out_dir, write_file_set
from cardmath.frames import require
from cardmath.games import Axis, Game
from cardmath.games.registry import GAMES
from cardmath.information.tables import seen_tables
from cardmath.output import (
    dumps_json,
    footer_fields,
    records,
    render_table,
    workbook_bytes,
)
from cardmath.output.set_index import games_markdown, index_json, index_markdown
from cardmath.output.tidy import (
    PARQUET,
    TIDY_CSV,
    TIDY_FORMATS,
    shoe_conditions,
    table_kind,
    tidy_kinds,
    tidy_path,
    tidy_records,
    writable_formats,
)
from cardmath.table import Table, slug_of

__all__ = [
    "DEFAULT_DECKS",
    "FORMATS",
    "Job",
    "PublishError",
    "PublishedTable",
    "default_hand_sizes",
    "game_tables",
    "games_markdown",
    "parse_formats",
    "parse_games",
    "plan",
    "published_tables",
    "render_files",
    "render_published",
    "shoe_tag",
    "slugify",
    "write_files",
    "write_tables",
]

DEFAULT_DECKS: tuple[int | None, ...] = (1, 2, 3, 4, 5, 6, 7, 8, None)
"""Numbers of decks of the full set; ``None`` is the infinite-deck limit."""


def default_hand_sizes() -> tuple[int, ...]:
    """Hand sizes of the full set: those of the games of the registry published by hand size.

    Returns:
        The hand sizes, sorted, each once, gathered over every such game.

    >>> default_hand_sizes()
    (3, 4, 5, 6, 7, 8)
    """
    points = {point for game in GAMES if game.axis is Axis.HAND_SIZES for point in game.default_points}
    return tuple(sorted(int(point) for point in points if point))


FORMATS: dict[str, str] = {
    "markdown": "md",
    "csv": "csv",
    "json": "json",
    "latex": "tex",
    "xlsx": "xlsx",
    TIDY_CSV: "csv",
    PARQUET: "parquet",
}
"""Every file format of the set and its file extension; ``xlsx`` is one workbook per folder (a
game at one shoe or hand size), holding every table of the folder; ``csv-tidy`` and ``parquet``
are the tidy data, one file per kind of table (``tidy/par-sheet.parquet``)."""


@dataclass(frozen=True)
class Job:
    """One unit of work: a call that returns some of a game's tables, and where they go.

    ``folder`` is the folder inside the output directory (``reddog/1-deck``); ``shoe`` is the
    one-line description of the shoe or hand size the tables are for.

    Args:
        game: The registry name of the game whose tables the job computes.
        folder: Where its files go, relative to the output directory.
        shoe: What the tables are for, in words (`1 deck`, `5-card hands`).
        build: A call without arguments that computes the tables, in publication order.
        conditions: The columns the tidy data of its tables starts with (the game, the decks or the hand
            size, the bet of a game of one bet), as pairs; the game alone when empty.

    >>> job = plan(["reddog"], [1])[0]
    >>> job.game, job.folder, job.shoe, dict(job.conditions)
    ('reddog', 'reddog/1-deck', '1 deck', {'game': 'reddog', 'decks': 1, 'shoe': 'finite', 'bet': 'reddog'})
    >>> job.build()[0].title
    'Red Dog par sheet, 1 deck'
    """

    game: str
    folder: str
    shoe: str
    build: Callable[[], Sequence[Table]]
    conditions: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class PublishedTable:
    """A table with its place in the set: ``stem`` is its path without the extension.

    Args:
        game: The registry name of the game the table belongs to.
        shoe: The shoe or hand size the table is for, in words.
        stem: The path of its files relative to the output folder, without extension.
        table: The table itself.
        kind: What the table holds (:func:`~cardmath.output.tidy.table_kind`), which names its tidy
            data's files; the kind of the table in the game when empty.
        conditions: The columns its tidy data starts with, as pairs (:attr:`Job.conditions`); the game
            alone when empty.

    >>> stem = "pool/hand-size-5/pool-5-cards-summary"
    >>> item = PublishedTable("pool", "5-card hands", stem, Table("Summary", (), (), slug="summary"))
    >>> item.path("markdown"), item.path("xlsx")
    ('pool/hand-size-5/pool-5-cards-summary.md', 'pool/hand-size-5/pool-5-cards.xlsx')
    >>> item.path("parquet")
    'tidy/pool-summary.parquet'
    """

    game: str
    shoe: str
    stem: str
    table: Table
    kind: str = ""
    conditions: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if not self.kind:  # the kind the table has in its game
            object.__setattr__(self, "kind", table_kind(self.table, self.game))
        if not self.conditions:
            object.__setattr__(self, "conditions", (("game", self.game),))

    def path(self, fmt: str) -> str:
        """The table's file path, relative to the output folder, in the format ``fmt``.

        Args:
            fmt: A key of `FORMATS`; `xlsx` gives the workbook of the table's folder, `csv-tidy` and
                `parquet` the file of the tidy data of its kind.

        Returns:
            A path with forward slashes, ending in the format's extension.

        >>> stem = "reddog/1-deck/reddog-1-deck-par-sheet"
        >>> PublishedTable("reddog", "1 deck", stem, Table("t", (), ())).path("latex")
        'reddog/1-deck/reddog-1-deck-par-sheet.tex'
        """
        if fmt == "xlsx":
            folder = self.stem.rpartition("/")[0]
            return f"{folder}/{self.game}-{shoe_tag(folder) or 'summary'}.xlsx"
        if fmt in TIDY_FORMATS:
            return tidy_path(self.kind, fmt)
        return f"{self.stem}.{FORMATS[fmt]}"


def slugify(text: str) -> str:
    """A file-name-friendly form of a title: lower case words joined by hyphens
    (:func:`cardmath.table.slug_of`).

    Args:
        text: A table's title or any other name.

    Returns:
        Lower-case letters and digits, runs of anything else as one hyphen.

    >>> slugify("House edge by number of decks (Banker, 5% commission)")
    'house-edge-by-number-of-decks-banker-5-commission'
    """
    return slug_of(text)


def shoe_tag(folder: str) -> str:
    """The shoe's part of a file name, from the folder of its tables: ``8-decks``, ``1-deck``,
    ``infinite``, ``5-cards``; empty for a summary across them (its table's name says so).

    Args:
        folder: A job's folder, `GAME/POINT`, as `Job.folder` holds it.

    Returns:
        The tag for file names, or an empty string for a summary folder.

    >>> shoe_tag("reddog/8-decks"), shoe_tag("reddog/1-deck")
    ('8-decks', '1-deck')
    """
    point = folder.rpartition("/")[2]
    if point == "summary":
        return ""
    if point == "infinite-decks":
        return "infinite"
    if point.startswith("hand-size-"):
        return f"{point.removeprefix('hand-size-')}-cards"
    return point


def _parse_names(text: str, known: Sequence[str], what: str) -> tuple[str, ...]:
    names = {item.strip().lower() for item in text.split(",")}
    unknown = sorted(names - set(known))
    if not text.strip() or unknown:
        shown = ", ".join(repr(name) for name in unknown) or repr(text)
        raise OptionError(f"unknown {what} {shown}: choose from {', '.join(known)}, separated by commas")
    return tuple(name for name in known if name in names)


def parse_games(text: str) -> tuple[str, ...]:
    """Game names from ``"reddog,pool"``, in the set's order.

    Args:
        text: Registry names separated by commas, any case.

    Returns:
        The games named, each once, in the registry's order.

    >>> parse_games("poker")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: unknown game 'poker': choose from reddog, baccarat, ..., separated by commas
    """
    return _parse_names(text, tuple(game.name for game in GAMES), "game")


def parse_formats(text: str) -> tuple[str, ...]:
    """File formats from ``"markdown,json"``, in the set's order.

    Args:
        text: Names of `FORMATS` separated by commas, any case.

    Returns:
        The formats named, each once, in the order of `FORMATS`.

    >>> parse_formats("json,markdown")
    ('markdown', 'json')
    """
    return _parse_names(text, tuple(FORMATS), "format")


def game_tables(game: Game, point: int | None) -> tuple[Table, ...]:
    """Every table the set publishes for a game at one point: its own (``publication_tables``),
    then, for a catalogue game whose definition has ``seen_tables``, the information analysis's
    tables of what a player can see on that shoe (:func:`cardmath.information.tables.seen_tables`).

    Args:
        game: A game of the registry.
        point: A number of decks (``None``: the infinite-deck limit) or a hand size.

    Returns:
        The tables in the order they are published.

    >>> [table.slug for table in game_tables(GAMES.find("dragon-tiger"), 1)][-2:]
    ['seen-dragon-89tjqk-234567a', 'best-sorts-dragon-2-groups']
    """
    own = game.publication_tables(point)
    if not isinstance(game, CatalogueGame) or not game.definition.seen_tables:
        return own
    return (*own, *seen_tables(game, game.definition.seen_tables, Axis.shoe(point)))


def _conditions(game: Game, point: int | None, summary: bool = False) -> tuple[tuple[str, Any], ...]:
    """The tidy data's first columns of a game's tables at one point (or across them)."""
    found: dict[str, Any] = {"game": game.name}
    if not summary:
        decks = game.axis is Axis.DECKS
        found = shoe_conditions(game.name, point) if decks else {**found, "hand_size": point}
    bets = tuple(getattr(game, "bet_names", ()) or ())
    return tuple({**found, **({"bet": bets[0]} if len(bets) == 1 else {})}.items())


def _point_job(game: Game, point: int | None) -> Job:
    return Job(
        game.name,
        f"{game.name}/{game.axis.folder(point)}",
        game.axis.label(point),
        lambda: game_tables(game, point),
        _conditions(game, point),
    )


def _summary_job(game: Game, points: tuple[int | None, ...]) -> Job:
    described = ", ".join(game.axis.label(point) for point in points)
    return Job(
        game.name,
        f"{game.name}/summary",
        described,
        lambda: (game.summary_table(points),),
        _conditions(game, None, summary=True),
    )


def plan(
    games: Iterable[str] | None = None,
    decks: Iterable[int | None] = DEFAULT_DECKS,
    hand_sizes: Iterable[int] | None = None,
) -> tuple[Job, ...]:
    """Every job of the set for these games (``None``: every game of the registry), numbers of
    decks and hand sizes, in order.

    A game published by number of decks has one job per number of decks and one for the summary
    across them; a game published by hand size, one per hand size and one for the summary.

    Args:
        games: Registry names of the games to publish; every game when `None`.
        decks: The numbers of decks for games published by shoe, `None` being the infinite limit; every
            one of `DEFAULT_DECKS` by default.  Each game publishes those of them it declares
            (``default_points``): a game dealt from one deck, one deck; a deal of any length, no
            infinite limit.
        hand_sizes: The hand sizes for games published by hand size; those of `default_hand_sizes` when
            `None`.

    Returns:
        The jobs, game by game in the registry's order, each game's points before its summary.

    >>> [job.folder for job in plan(["reddog"], [1, None])]
    ['reddog/1-deck', 'reddog/infinite-decks', 'reddog/summary']
    >>> [job.folder for job in plan(["pool"], hand_sizes=[5])]
    ['pool/hand-size-5', 'pool/summary']
    """
    names = tuple(game.name for game in GAMES) if games is None else tuple(games)
    chosen = set(parse_games(",".join(names))) if names else set()
    given = set(decks)
    deck_list = (*sorted(n for n in given if n is not None), *((None,) if None in given else ()))
    sizes = default_hand_sizes() if hand_sizes is None else hand_sizes
    size_list: tuple[int | None, ...] = tuple(sorted(set(sizes)))
    jobs: list[Job] = []
    for game in GAMES:
        if game.name not in chosen:
            continue
        points = size_list
        if game.axis is Axis.DECKS:  # the numbers of decks asked for that the game publishes
            points = tuple(point for point in deck_list if point in game.default_points)
            if not points and games is not None and deck_list:
                own = ", ".join(Axis.DECKS.label(point) for point in game.default_points)
                asked = ", ".join(Axis.DECKS.label(point) for point in deck_list)
                raise OptionError(f"{game.name} publishes {own} only, not {asked}: ask for those (--decks)")
        if points:
            jobs.extend(_point_job(game, point) for point in points)
            jobs.append(_summary_job(game, points))
    return tuple(jobs)


def _slug(job: Job, table: Table, position: int) -> str:
    return table.slug or slugify(table.title.replace(job.shoe, "")) or f"table-{position}"


def _stem(job: Job, table: Table, taken: set[str], position: int) -> str:
    slug = _slug(job, table, position)
    name = "-".join(part for part in (job.game, shoe_tag(job.folder), slug) if part)
    stem = f"{job.folder}/{name}"
    number = 2
    while stem in taken:
        stem = f"{job.folder}/{name}-{number}"
        number += 1
    taken.add(stem)
    return stem


def _json(item: PublishedTable) -> str:
    table = item.table
    document = {
        "title": table.display_title,
        "id": table.title,
        "game": item.game,
        "game_title": next((game.title for game in GAMES if game.name == item.game), item.game),
        "shoe": item.shoe,
        "headers": list(table.headers),
        "header_names": [table.label(header) for header in table.headers],
        "rows": records(table),
        **(dict(table.fields) if table.fields else footer_fields(table)),
    }
    return dumps_json(document) + "\n"


def _render(item: PublishedTable, fmt: str) -> str:
    table = item.table
    if fmt == "markdown":
        return f"# {table.display_title}\n\n{render_table(table, 'github')}\n"
    if fmt == "csv":
        return render_table(table, "csv")
    if fmt == "json":
        return _json(item)
    return f"% {table.display_title}\n{render_table(table, 'latex_booktabs')}\n"


def published_tables(jobs: Sequence[Job], *, progress: bool | None = None) -> tuple[PublishedTable, ...]:
    """Run every job: its tables, each with its place in the set (its files' stem, its kind and
    the conditions of its tidy data).

    Args:
        jobs: What to compute, usually from `plan`.
        progress: Whether to draw a progress bar; `None` draws one only on a terminal.

    Returns:
        The tables, job by job, each job's in its order.

    >>> [item.kind for item in published_tables(plan(["reddog"], [1]), progress=False)]
    ['par-sheet', 'bets', 'effects-of-removal', 'reddog-raise-strategy', 'house-edge-by-decks']
    """
    items: list[PublishedTable] = []
    taken: set[str] = set()
    with tqdm(
        total=len(jobs), desc="tables", unit="job", disable=None if progress is None else not progress
    ) as bar:
        for job in jobs:
            for position, table in enumerate(job.build(), start=1):
                stem = _stem(job, table, taken, position)
                kind = table_kind(table, job.game, slug=_slug(job, table, position))
                items.append(PublishedTable(job.game, job.shoe, stem, table, kind, job.conditions))
            bar.update()
    return tuple(items)


def render_files(
    jobs: Sequence[Job],
    formats: Sequence[str] | None = None,
    *,
    progress: bool | None = None,
) -> dict[str, str | bytes]:
    """Run every job and render its tables: ``{relative path: file text}`` (bytes for a
    workbook or a Parquet file), index included.

    Nothing is written; a job that fails stops everything before any file exists.

    Args:
        jobs: What to compute, usually from `plan`.
        formats: The keys of `FORMATS` to render; by default every one that can be written here
            (:func:`~cardmath.output.tidy.writable_formats`: Parquet needs pyarrow).
        progress: Whether to draw a progress bar; `None` draws one only on a terminal.

    Returns:
        Each file's content (text, or bytes for a workbook) by its path relative to the output folder,
        with `index.md` and `index.json`.

    Raises:
        ExtraMissingError: When Parquet is asked for and pyarrow is not installed (before any work).

    A table's file is named by the game, the shoe and the table's ``slug`` (for a table without
    one, its title without the shoe's description):

    >>> figures = Table("Figures, 1 deck", ("figure", "value"), (("house edge", "523/16575"),))
    >>> files = render_files([Job("reddog", "reddog/1-deck", "1 deck", lambda: (figures,))], ["csv"])
    >>> sorted(files)
    ['index.json', 'index.md', 'reddog/1-deck/reddog-1-deck-figures.csv']
    >>> print(files["reddog/1-deck/reddog-1-deck-figures.csv"], end="")
    figure,value
    house edge,523/16575
    """
    formats = writable_formats(FORMATS) if formats is None else tuple(formats)
    if PARQUET in formats:
        require("pyarrow")  # before the work, not after it
    return render_published(published_tables(jobs, progress=progress), formats)


def render_published(items: Sequence[PublishedTable], formats: Sequence[str]) -> dict[str, str | bytes]:
    """Render tables already computed (:func:`published_tables`) in ``formats``, index included.

    Args:
        items: The tables with their places in the set.
        formats: The keys of `FORMATS` to render.

    Returns:
        Each file's content by its path relative to the output folder, with `index.md` and `index.json`.

    Raises:
        ExtraMissingError: When Parquet is asked for and pyarrow is not installed.

    >>> figures = Table("Figures", ("figure", "value"), (("cards", 52),), slug="figures")
    >>> item = PublishedTable("reddog", "1 deck", "reddog/1-deck/figures", figures)
    >>> files = render_published([item], ["csv-tidy"])
    >>> sorted(files)
    ['index.json', 'index.md', 'tidy/reddog-figures.csv']
    >>> print(files["tidy/reddog-figures.csv"], end="")
    game,kind,table,figure,value
    reddog,reddog-figures,figures,cards,52
    """
    human = [fmt for fmt in formats if fmt not in ("xlsx", *TIDY_FORMATS)]
    files: dict[str, str | bytes] = {item.path(fmt): _render(item, fmt) for item in items for fmt in human}
    if "xlsx" in formats:
        folders: dict[str, list[PublishedTable]] = {}
        for item in items:
            folders.setdefault(item.path("xlsx"), []).append(item)
        for path, mine in folders.items():
            title = f"cardmath {mine[0].game} tables, {mine[0].shoe}"
            game = next((g for g in GAMES if g.name == mine[0].game), None)
            short = str(getattr(game, "short_title", "")) if game is not None else ""
            files[path] = workbook_bytes([item.table for item in mine], title, game=short)
    tidy = [fmt for fmt in formats if fmt in TIDY_FORMATS]
    groups = ((item.kind, tidy_records(item.table, dict(item.conditions), kind=item.kind)) for item in items)
    kinds = tidy_kinds(groups) if tidy else []
    for kind in kinds:
        files.update(kind.files(tidy))
    files["index.md"] = index_markdown(items, formats, kinds, version=__version__, extensions=FORMATS)
    files["index.json"] = index_json(items, formats, kinds, version=__version__)
    return files


def write_files(
    out_dir: str | os.PathLike[str],
    files: Mapping[str, str | bytes],
    *,
    pace: Callable[[str], None] | None = None,
) -> tuple[Path, ...]:
    """Write ``files`` as the whole table set under ``out_dir``, the index last; return the paths.

    The set is built in a staging folder beside ``out_dir`` and swapped in whole (see
    :func:`cardmath.files.write_file_set`): a run that is killed leaves the complete old set or
    the complete new set, and a narrower run replaces the set (its index lists exactly the files
    there).  ``out_dir`` must be new, empty, or a set written before.

    Args:
        out_dir: The folder the set goes in.
        files: The content of each file by its path relative to `out_dir`.
        pace: Called with each file's path as it is written (for a progress display); nothing by
            default.

    Returns:
        The paths written, in writing order: the tables sorted, then `index.json`, then `index.md`.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     paths = write_files(folder, {"index.md": "# Tables", "reddog/1-deck/figures.csv": "a,b"})
    ...     print([path.relative_to(folder).as_posix() for path in paths])
    ['reddog/1-deck/figures.csv', 'index.md']
    """
    order = [*sorted(name for name in files if not name.startswith("index.")), "index.json", "index.md"]
    return write_file_set(out_dir, {name: files[name] for name in order if name in files}, pace=pace)


def write_tables(
    out_dir: str | os.PathLike[str],
    *,
    games: Iterable[str] | None = None,
    decks: Iterable[int | None] = DEFAULT_DECKS,
    hand_sizes: Iterable[int] | None = None,
    formats: Sequence[str] | None = None,
    progress: bool | None = None,
) -> tuple[Path, ...]:
    """Compute and write the table set under ``out_dir``; return the paths written.

    ``progress=None`` draws a progress bar only on a terminal.  The defaults write the complete
    set: every game, 1 to 8 decks and the infinite limit, hands of 3 to 8 cards, all formats.

    Args:
        out_dir: The folder to write the set in: new, empty, or holding a set written before.
        games: Registry names of the games to publish; all of them when `None`.
        decks: Numbers of decks (`None` for the infinite limit) for games published by shoe.
        hand_sizes: Hand sizes for games published by hand size; the default ones when `None`.
        formats: Keys of `FORMATS` to write; by default every one, but Parquet without pyarrow.
        progress: Whether to show a progress bar: `True`, `False`, or `None` for a terminal only.

    Returns:
        Every file's path, the tables first and the two index files last.

    Raises:
        ExtraMissingError: When Parquet is asked for and pyarrow is not installed (before any work).

    One game, one shoe, one format:

    >>> import json, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     paths = write_tables(folder, games=["reddog"], decks=[1], formats=["json"], progress=False)
    ...     index = json.loads(paths[-2].read_text(encoding="utf-8"))
    >>> [path.name for path in paths[-2:]], index["tables"][0]["files"]
    (['index.json', 'index.md'], {'json': 'reddog/1-deck/reddog-1-deck-par-sheet.json'})
    """
    check_out_dir(out_dir)
    return write_files(out_dir, render_files(plan(games, decks, hand_sizes), formats, progress=progress))
