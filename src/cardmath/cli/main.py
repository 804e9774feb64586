"""The ``cardmath`` command: a thin layer over the library.

Every game of the registry (:data:`cardmath.games.GAMES`) gets one sub-command from its adapter
(``game.command``: :mod:`cardmath.cli.shoe_game` serves every game analysed shoe by shoe), and
``cardmath tables`` writes the published set.  This module builds the parser and turns every
:class:`~cardmath.errors.CardmathError` into one line ``cardmath: error: ...`` and exit 2.

>>> main(["reddog", "--decks", "0"])
2
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from cardmath import __version__
from cardmath.cli import tables
from cardmath.cli.options import ArgumentParser, UsageError
from cardmath.errors import CardmathError
from cardmath.games.registry import GAMES

__all__ = ["build_parser", "main", "main_exit"]


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with one sub-command per game and the tables command.

    Returns:
        A new :class:`~cardmath.cli.options.ArgumentParser` whose parsed arguments carry a ``run`` function
            for the chosen command; bad words raise :class:`~cardmath.cli.options.UsageError`.

    >>> arguments = build_parser().parse_args(["reddog", "--decks", "2"])
    >>> arguments.command, arguments.decks, arguments.remove, arguments.format
    ('reddog', '2', '', 'simple')
    >>> commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    >>> {"tables", "reddog", "baccarat", "pool"} <= set(commands)
    True
    """
    parser = ArgumentParser(
        prog="cardmath",
        description="Exact mathematics of casino card games: "
        + ", ".join(game.title for game in GAMES)
        + ". Every figure is an exact fraction; see the documentation for the rules of each game.",
    )
    parser.add_argument("--version", action="version", version=f"cardmath {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    subparsers.required = True
    tables.register(subparsers)
    importlib.import_module("cardmath.cli.study").register(subparsers)
    importlib.import_module("cardmath.cli.information").register(subparsers)
    importlib.import_module("cardmath.cli.session").register(subparsers)
    for game in GAMES:
        importlib.import_module(game.command).register(subparsers, game)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0, or 2 for bad input).

    The result goes to standard output; an error goes to standard error as one line.

    Args:
        argv: The words after ``cardmath``, such as ``["reddog", "--decks", "2"]``; ``None`` reads
            ``sys.argv``.

    Returns:
        The exit status: 0 on success (``--help`` and ``--version`` too), 2 for bad input, 130 when
            interrupted.

    >>> main(["reddog", "--decks", "1", "--format", "json"])  # doctest: +ELLIPSIS
    {
      "game": "reddog",
    ...
          "house_edge": "523/16575",
    ...
    0
    >>> main(["reddog", "--format", "word"])
    2
    """
    try:
        try:
            arguments = build_parser().parse_args(argv)
        except SystemExit as stop:  # --help and --version print, then argparse exits
            return stop.code if isinstance(stop.code, int) else 0
        text = arguments.run(arguments)
        if text:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
            sys.stdout.flush()
    except (CardmathError, UsageError) as error:
        message = " ".join(str(error).split())
        print(f"cardmath: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cardmath: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    return 0


def main_exit() -> None:
    """Entry point of the ``cardmath`` console script.

    It reads the words from ``sys.argv`` and exits with the status :func:`main` returns.

    >>> from unittest import mock
    >>> with mock.patch.object(sys, "argv", ["cardmath", "reddog", "--decks", "0"]):
    ...     main_exit()
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    sys.exit(main())
