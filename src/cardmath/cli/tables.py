"""The ``cardmath tables`` sub-command: write the complete published set of odds tables.

``cardmath tables --out DIR`` writes every table of every game (1 to 8 decks and the infinite
limit; hands of 3 to 8 cards for the games published by hand size) as Markdown, CSV, JSON and
LaTeX (and an Excel workbook per game and shoe), the tidy data of each kind of table as CSV and
Parquet (``tidy/KIND.csv``, ``tidy/KIND.parquet``), with an index; the options narrow the set for
a quick run.  The work is done by :func:`cardmath.publish.write_tables`.  Without pyarrow (the
extra ``cardmath[parquet]``) the set is written without Parquet, and a line says so; asked for
with ``--formats``, Parquet without pyarrow is an error, before any work.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from cardmath import publish
from cardmath.cli.console import write
from cardmath.cli.writing import out_lock
from cardmath.files import check_out_dir, check_replaceable
from cardmath.frames import require
from cardmath.games.registry import GAMES
from cardmath.numbers import INFINITE_WORDS, read_whole_list
from cardmath.output.tidy import PARQUET, writable_formats

__all__ = ["LARGE_PLAN", "parse_decks", "parse_hand_sizes", "register", "run"]

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
    (['reddog', 'baccarat', 'pool'], '1-8,inf', '3-8', None)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "tables",
        help="write the complete set of odds tables (Markdown, CSV, JSON, LaTeX, Excel, tidy CSV and "
        "Parquet) with an index",
        description=(
            "Write every odds table of every game under DIR, in Markdown, CSV, JSON and LaTeX (and one "
            "Excel workbook per game and shoe), and the tidy data of each kind of table (one observation "
            "per row, every game and shoe in one file: tidy/KIND.csv and tidy/KIND.parquet), with an "
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
        default=None,
        metavar="NAMES",
        help=f"file formats, separated by commas (default {','.join(publish.FORMATS)}; parquet only when "
        "pyarrow is installed: pip install 'cardmath[parquet]')",
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
    decks = parse_decks(arguments.decks)
    hand_sizes = parse_hand_sizes(arguments.hand_sizes)
    if arguments.formats is None:
        formats = writable_formats(publish.FORMATS)
        if PARQUET not in formats:
            write(
                sys.stderr,
                "cardmath: Parquet files skipped: pyarrow is not installed "
                "(pip install 'cardmath[parquet]'); the tidy data is written as CSV\n",
            )
    else:
        formats = publish.parse_formats(arguments.formats)
        if PARQUET in formats:
            require("pyarrow")  # asked for: an error before any work
    check_replaceable(arguments.out, check_out_dir(arguments.out, "tables"))  # before any work
    jobs = publish.plan(games, decks, hand_sizes)
    if len(jobs) > LARGE_PLAN:
        write(
            sys.stderr,
            f"cardmath: computing {len(jobs)} sets of tables before writing {arguments.out}; "
            "this may take a while\n",
        )
    with out_lock(arguments, arguments.out):  # another run writing the folder: wait, or refuse
        written = publish.write_tables(
            arguments.out, games=games, decks=decks, hand_sizes=hand_sizes, formats=formats
        )
    index = next(path for path in written if path.name == "index.md")
    return f"wrote {len(written)} files to {arguments.out} (index: {index})"


def parse_decks(text: str) -> tuple[int | None, ...]:
    """Numbers of decks from ``"1,2,inf"`` or ``"1-8,inf"``, sorted, ``None`` (infinite) last.

    Args:
        text: Whole numbers 1 or more, ranges `LOW-HIGH` and `inf`, separated by commas; at most 64
            numbers.

    Returns:
        The numbers of decks, each once, with `None` for the infinite limit.

    >>> parse_decks("inf,6,1-2,6")
    (1, 2, 6, None)
    >>> parse_decks("0,1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: decks: 0 is not allowed; give whole numbers 1 or more, or inf...
    """
    numbers, words = read_whole_list(text, "decks", minimum=1, words=INFINITE_WORDS, most=64)
    return (*numbers, *((None,) if words else ()))


def parse_hand_sizes(text: str) -> tuple[int, ...]:
    """Hand sizes from ``"4,5"`` or ``"3-8"``, sorted, each one of
    :func:`~cardmath.publish.default_hand_sizes`.

    Args:
        text: Whole numbers and ranges separated by commas.

    Returns:
        The hand sizes, ascending, each once.

    >>> parse_hand_sizes("5,3-4")
    (3, 4, 5)
    >>> parse_hand_sizes("9")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: hand sizes: 9 is not allowed; give whole numbers from 3 to 8
    """
    sizes = publish.default_hand_sizes()
    low, high = min(sizes), max(sizes)
    numbers, _ = read_whole_list(text, "hand sizes", minimum=low, maximum=high)
    return numbers
