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
import contextlib
import errno
import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any

from cardmath import __version__
from cardmath.cli import tables
from cardmath.cli.console import ascii_only, write
from cardmath.cli.options import ArgumentParser, OutputError, UsageError, command_aliases
from cardmath.cli.writing import add_write_options
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
    parser.add_argument(
        "--ascii",
        action="store_true",
        help="print only ASCII characters: +/- for the plus-minus sign, e for an accented e, +, - and | for "
        "table borders (cardmath does so anyway for any character the output's encoding cannot show); "
        "give it before the command: 'cardmath --ascii information baccarat --known P1'. Files written "
        "with --out stay UTF-8",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    subparsers.required = True
    tables.register(subparsers)
    importlib.import_module("cardmath.cli.study").register(subparsers)
    importlib.import_module("cardmath.cli.information").register(subparsers)
    importlib.import_module("cardmath.cli.session").register(subparsers)
    importlib.import_module("cardmath.cli.house").register(subparsers)
    taken = {"tables", "study", "information", "session", "house", *GAMES.names()}
    for game in GAMES:
        words = [word for word in command_aliases(game) if word not in taken]
        taken.update(words)
        importlib.import_module(game.command).register(_Aliased(subparsers, game.name, words), game)
    add_write_options(parser)
    return parser


class _Aliased:
    """The sub-parsers action, giving the game's command its aliases when its adapter adds it."""

    def __init__(self, subparsers: Any, name: str, aliases: list[str]) -> None:
        self._subparsers = subparsers
        self._name = name
        self._aliases = aliases

    def add_parser(self, name: str, **options: Any) -> argparse.ArgumentParser:
        if name == self._name:
            options.setdefault("aliases", self._aliases)
        parser: argparse.ArgumentParser = self._subparsers.add_parser(name, **options)
        return parser


def _say(line: str) -> None:
    """Print one line to standard error, if standard error takes it."""
    with contextlib.suppress(OSError, ValueError):
        write(sys.stderr, line + "\n", flush=True)


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the flush at exit cannot fail again."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # pragma: no cover - a replaced or closed stream
        pass


def _print(text: str) -> None:
    """Print the result (nothing for ``""``) and flush; a failure of standard output is an
    :class:`OutputError`."""
    try:
        write(sys.stdout, text if not text or text.endswith("\n") else text + "\n", flush=True)
    except OSError as error:
        raise OutputError(error) from None


def _asks_ascii(words: Sequence[str]) -> bool:
    """Whether ``--ascii`` (or a prefix argparse reads as it) is among the options before the
    command: it is in force while the words are read, so that ``--help`` and errors obey it too."""
    for word in words:
        if len(word) > 2 and "--ascii".startswith(word):
            return True
        if not word.startswith("-"):
            return False
    return False


def _run(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["--version"] and len(words) > 1:  # argparse would print and ignore the rest
        raise UsageError(
            f"--version takes no other words, got {' '.join(words[1:])!r} (see 'cardmath --help')"
        )
    try:
        arguments = build_parser().parse_args(argv)
    except SystemExit as stop:  # --help and --version print, then argparse exits
        _print("")
        return stop.code if isinstance(stop.code, int) else 0
    text = arguments.run(arguments)
    if text:
        _print(text)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0, or 2 for bad input).

    The result goes to standard output; an error goes to standard error as one line: bad input,
    a file that cannot be written, or standard output refusing the result (``cardmath: error:
    cannot write the output: No space left on device``).  A closed pipe (``cardmath ... | head``)
    ends the command quietly; Ctrl-C prints ``cardmath: interrupted``.

    Args:
        argv: The words after ``cardmath``, such as ``["reddog", "--decks", "2"]``; ``None`` reads
            ``sys.argv``.

    Returns:
        The exit status: 0 on success (``--help`` and ``--version`` too, and when the reader of the
            output goes away), 2 for bad input or output that cannot be written, 130 when interrupted.

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
    with ascii_only(_asks_ascii(list(sys.argv[1:] if argv is None else argv))):
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    """:func:`main`, ``--ascii`` in force or not."""
    try:
        return _run(argv)
    except (CardmathError, UsageError) as error:
        _say(f"cardmath: error: {' '.join(str(error).split())}")
        return 2
    except KeyboardInterrupt:
        _say("cardmath: interrupted")
        return 130
    except OutputError as failure:
        _silence_stdout()
        if failure.error.errno == errno.EPIPE:
            return 0
        _say(f"cardmath: error: {failure}")
        return 2
    except OSError as error:  # a write the safe writer did not make: standard error, a pipe
        if error.errno == errno.EPIPE:
            _silence_stdout()
            return 0
        where = f" ({error.filename})" if error.filename else ""
        _say(f"cardmath: error: {error.strerror or error}{where}")
        return 2


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
