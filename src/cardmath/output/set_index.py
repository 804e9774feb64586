"""The index of a published set of tables (``index.md`` and ``index.json``) and the README's
table of the games: what :mod:`cardmath.publish` lists, rendered.

The index lists every table of the set, game by game, with a link to each of its files, then the
tidy data, one line per kind of table (:mod:`cardmath.output.tidy`); ``index.json`` says the same
for programs, each kind with its columns and what each holds.

>>> from cardmath.publish import PublishedTable
>>> table = Table("Red Dog bets", (), ())
>>> bets = PublishedTable("reddog", "1 deck", "reddog/1-deck/reddog-1-deck-bets", table)
>>> print(index_markdown([bets], ["csv"], [], version="1.0").splitlines()[-1])
| Red Dog bets | 1 deck | [csv](reddog/1-deck/reddog-1-deck-bets.csv) |
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Protocol

from cardmath.games.registry import GAMES
from cardmath.output.tidy import TIDY_FORMATS, TidyKind, tidy_index_markdown
from cardmath.table import Table
from cardmath.text import fraction_text, percent_text

__all__ = ["Listed", "games_markdown", "index_json", "index_markdown"]


class Listed(Protocol):
    """A table of the set as the index lists it (:class:`cardmath.publish.PublishedTable` is one).

    >>> from cardmath.publish import PublishedTable
    >>> table = Table("Bets", (), (), slug="bets")
    >>> item: Listed = PublishedTable("reddog", "1 deck", "reddog/1-deck/bets", table)
    >>> item.kind, item.path("json")
    ('bets', 'reddog/1-deck/bets.json')
    """

    @property
    def game(self) -> str:
        """The registry name of the table's game."""
        ...

    @property
    def shoe(self) -> str:
        """The shoe or hand size the table is for, in words."""
        ...

    @property
    def table(self) -> Table:
        """The table."""
        ...

    @property
    def kind(self) -> str:
        """What the table holds, which names its tidy data's files."""
        ...

    def path(self, fmt: str) -> str:
        """The path of the table's file in a format, relative to the set's folder.

        Args:
            fmt: A format of the set.

        Returns:
            The path, forward slashes.
        """
        ...


def index_markdown(
    items: Sequence[Listed],
    formats: Sequence[str],
    kinds: Sequence[TidyKind],
    *,
    version: str,
    extensions: Mapping[str, str] | None = None,
) -> str:
    """The set's ``index.md``: a section per game, a line per table with a link to each of its
    files (the formats for people), then the tidy data, a line per kind.

    Args:
        items: The tables of the set, in order.
        formats: The formats written.
        kinds: The tidy data written, one per kind (none without a tidy format).
        version: The version of cardmath that computed the set.
        extensions: The text of each format's link; the format's name by default.

    Returns:
        Markdown, ending with a line end.

    >>> from cardmath.output.tidy import TidyKind
    >>> print(index_markdown([], ["parquet"], [TidyKind("bets", ())], version="1.0"))  # doctest: +ELLIPSIS
    # cardmath odds tables
    ...
    | bets | 0 | [parquet](tidy/bets.parquet) |
    <BLANKLINE>
    """
    names = dict(extensions or {})
    lines = [
        "# cardmath odds tables",
        "",
        f"Every table computed exactly by cardmath {version}. Decimals are rounded for reading;",
        "the JSON files carry every probability and return as an exact fraction `p/q`.",
    ]
    shown = [fmt for fmt in formats if fmt not in TIDY_FORMATS]
    for game in GAMES:
        mine = [item for item in items if item.game == game.name]
        if not mine or not shown:
            continue
        lines += ["", f"## {game.title}", ""]
        lines.append("| Table | For | " + " | ".join(shown) + " |")
        lines.append("|---|---|" + "---|" * len(shown))
        for item in mine:
            links = " | ".join(f"[{names.get(fmt, fmt)}]({item.path(fmt)})" for fmt in shown)
            lines.append(f"| {item.table.display_title} | {item.shoe} | {links} |")
    if kinds:
        lines += ["", tidy_index_markdown(kinds, [fmt for fmt in formats if fmt in TIDY_FORMATS])]
    return "\n".join(lines) + "\n"


def index_json(
    items: Sequence[Listed], formats: Sequence[str], kinds: Sequence[TidyKind], *, version: str
) -> str:
    """The set's ``index.json``: every table (its game, shoe, titles, kind and files), then the
    tidy data (``tidy``: each kind's rows, columns and files) when a tidy format was written.

    Args:
        items: The tables of the set, in order.
        formats: The formats written.
        kinds: The tidy data written, one per kind.
        version: The version of cardmath that computed the set.

    Returns:
        The JSON text, indented, ending with a line end.

    >>> print(index_json([], ["json"], [], version="1.0"), end="")
    {
      "generator": "cardmath 1.0",
      "tables": []
    }
    """
    tidy = [fmt for fmt in formats if fmt in TIDY_FORMATS]
    document = {
        "generator": f"cardmath {version}",
        "tables": [
            {
                "game": item.game,
                "for": item.shoe,
                "title": item.table.display_title,
                "id": item.table.title,
                "kind": item.kind,
                "files": {fmt: item.path(fmt) for fmt in formats},
            }
            for item in items
        ],
        **({"tidy": [kind.entry(tidy) for kind in kinds]} if kinds else {}),
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def games_markdown(prefix: str = "") -> str:
    """Every game of the registry as a Markdown table: its name (a link to its page, ``prefix``
    before the page's path), its command and the figures its ``headlines()`` hook gives, each as a
    percentage and an exact fraction.  The README (``prefix="docs/"``) shows it, so it names no
    game by hand.

    Args:
        prefix: Text put before each game page's path in the links (`docs/` from the repository's root);
            empty by default.

    Returns:
        The Markdown table, one row per game in the registry's order, with a final newline.

    >>> print(games_markdown().splitlines()[2])  # doctest: +ELLIPSIS
    | [Casino Red Dog](games/reddog.md) | `cardmath reddog` | house edge 3.1554% (523/16575): ...
    """
    lines = ["| game | command | figures, exactly |", "|---|---|---|"]
    for game in GAMES:
        figures = "; ".join(
            f"{headline.what} {percent_text(headline.value)} ({fraction_text(headline.value)}): "
            f"{headline.name}, {headline.shoe}"
            for headline in game.headlines()
        )
        lines.append(f"| [{game.title}]({prefix}{game.docs_page}) | `cardmath {game.name}` | {figures} |")
    return "\n".join(lines) + "\n"
