"""The ``cardmath tables`` sub-command: write the complete published set of odds tables.

``cardmath tables --out DIR`` writes every table of every game (1 to 8 decks and the infinite
limit; hands of 3 to 8 cards for the games published by hand size) as Markdown, CSV, JSON and
LaTeX (and an Excel workbook per game and shoe) with an index; the options
narrow the set for a quick run.  The work is done by :func:`cardmath.publish.write_tables`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardmath import publish
from cardmath.cli.writing import out_lock
from cardmath.files import check_out_dir, check_replaceable
from cardmath.games.registry import GAMES

__all__ = ["LARGE_PLAN", "register", "run"]

LARGE_PLAN = 40
"""A run with more jobs than the complete default set says what it will do before it starts (and
draws a progress bar on a terminal)."""


def register(subparsers: Any) -> None:
    """Add the ``tables`` sub-command to the parser.

    Args:
        subparsers: The sub-parsers action of the ``cardmath`` parser (what ``add_subparsers()`` returned), to
            which the command is added.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> arguments = subparsers.choices["tables"].parse_args(["--out", "tables"])
    >>> arguments.games.split(",")[:3], arguments.decks, arguments.hand_sizes, arguments.formats
    (['reddog', 'baccarat', 'pool'], '1-8,inf', '3-8', 'markdown,csv,json,latex,xlsx')
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tables",
        help="write the complete set of odds tables (Markdown, CSV, JSON, LaTeX, Excel) with an index",
        description=(
            "Write every odds table of every game under DIR, in Markdown, CSV, JSON and LaTeX (and one "
            "Excel workbook per game and shoe), with an "
            "index (index.md, index.json). A second run writes byte-identical files; every file is "
            "written atomically."
        ),
    )
    parser.add_argument(
        "--out",
        required=True,
        metavar="DIR",
        help=(
            "folder to write the tables to: a new or empty folder, or one cardmath wrote (it holds "
            "the marker .cardmath), replaced whole; a symbolic link is followed"
        ),
    )
    parser.add_argument(
        "--games",
        default=",".join(GAMES.names()),
        metavar="NAMES",
        help=f"games to include, separated by commas (default {','.join(GAMES.names())})",
    )
    parser.add_argument(
        "--decks",
        default="1-8,inf",
        metavar="LIST",
        help="numbers of decks, for the games published by decks: 1,2,inf or 1-8,inf (default 1-8,inf)",
    )
    parser.add_argument(
        "--hand-sizes",
        default="3-8",
        metavar="LIST",
        help="hand sizes for the games published by hand size, from 3 to 8, such as 4,5 (default 3-8)",
    )
    parser.add_argument(
        "--formats",
        default=",".join(publish.FORMATS),
        metavar="NAMES",
        help=f"file formats, separated by commas (default {','.join(publish.FORMATS)})",
    )
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> str:
    """Write the tables and say how many files were written and where the index is.

    Args:
        arguments: The parsed command line of ``cardmath tables``, as the parser built by
            :func:`~cardmath.cli.main.build_parser` returns it. The games, decks, hand sizes and formats are
            read as text.

    Returns:
        One line naming the number of files written, the folder and the index file.

    >>> import tempfile
    >>> from cardmath.cli import build_parser
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     words = ["tables", "--out", folder, "--games", "pool", "--hand-sizes", "3", "--formats", "csv"]
    ...     print(run(build_parser().parse_args(words)))  # doctest: +ELLIPSIS
    wrote 5 files to ... (index: ...index.md)
    """
    games = publish.parse_games(arguments.games)
    decks = publish.parse_decks(arguments.decks)
    hand_sizes = publish.parse_hand_sizes(arguments.hand_sizes)
    formats = publish.parse_formats(arguments.formats)
    check_replaceable(arguments.out, check_out_dir(arguments.out, "tables"))  # before any work
    jobs = publish.plan(games, decks, hand_sizes)
    if len(jobs) > LARGE_PLAN:
        sys.stderr.write(
            f"cardmath: computing {len(jobs)} sets of tables before writing {arguments.out}; "
            "this may take a while\n"
        )
    with out_lock(arguments, arguments.out):  # another run writing the folder: wait, or refuse
        written = publish.write_tables(
            arguments.out, games=games, decks=decks, hand_sizes=hand_sizes, formats=formats
        )
    index = next(path for path in written if path.name == "index.md")
    return f"wrote {len(written)} files to {arguments.out} (index: {index})"
