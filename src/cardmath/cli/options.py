"""The options every command shares, implemented once, and the parser that reports errors on one line.

``--decks N|inf`` and ``--remove CARDS`` make the shoe (read by :mod:`cardmath.numbers` and
:mod:`cardmath.cards`), ``--format FMT`` chooses any tabulate format, ``csv``, ``json`` or tidy
data as ``csv-tidy`` (and, where the command writes ``--out FILE``, an ``xlsx`` workbook or tidy
data as ``parquet``).

>>> parser = ArgumentParser(prog="cardmath demo")
>>> add_shoe_options(parser, default_decks=8)
>>> add_format_option(parser)
>>> arguments = parser.parse_args(["--remove", "5s,5h"])
>>> shoe_from_arguments(arguments, default_decks=8).size, arguments.format
(414, 'simple')
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from cardmath.cards import parse_cards
from cardmath.cli.console import write
from cardmath.engine.protocol import Game
from cardmath.errors import OptionError, ShoeError
from cardmath.numbers import read_decks
from cardmath.output import FILE_FORMATS, FORMATS, TIDY_CSV, WORKBOOK_FORMATS, check_format
from cardmath.shoe import Shoe

__all__ = [
    "ArgumentParser",
    "OutputError",
    "UsageError",
    "add_format_option",
    "add_shoe_options",
    "command_aliases",
    "decks_given",
    "decks_value",
    "format_argument",
    "removed_cards",
    "shoe_from_arguments",
]


class UsageError(Exception):
    """Command-line words that argparse could not read.

    >>> parser = ArgumentParser(prog="cardmath demo")
    >>> _ = parser.add_argument("--out", required=True)
    >>> try:
    ...     parser.parse_args([])
    ... except UsageError as error:
    ...     print(error)
    the following arguments are required: --out (see 'cardmath demo --help')
    """


class OutputError(Exception):
    """Standard output refused what the command printed (a full disk, a closed pipe).

    Args:
        error: What the system raised when the text was written or flushed, kept as ``error``.

    >>> str(OutputError(OSError(28, "No space left on device")))
    'cannot write the output: No space left on device'
    """

    def __init__(self, error: OSError) -> None:
        super().__init__(f"cannot write the output: {error.strerror or error}")
        self.error = error


_PROG = "_cardmath_prog"
"""The attribute of the parsed words naming the deepest sub-command that read them."""


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser that raises :class:`UsageError` instead of printing usage and exiting,
    pointing to the help of the sub-command whose words were wrong.

    >>> ArgumentParser(prog="cardmath demo").parse_args(["--colour"])
    Traceback (most recent call last):
    ...
    cardmath.cli.options.UsageError: unrecognized arguments: --colour (see 'cardmath demo --help')
    """

    _words: tuple[str, ...] = ()

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        self._words = tuple(sys.argv[1:] if args is None else args)
        _settle_formats(self)
        arguments, extras = super().parse_known_args(args, namespace)
        if not hasattr(arguments, _PROG):
            setattr(arguments, _PROG, self.prog)  # the deepest sub-command finishes first
        return arguments, extras

    def parse_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> argparse.Namespace:
        arguments, extras = self.parse_known_args(args, namespace)
        prog = getattr(arguments, _PROG, self.prog)
        delattr(arguments, _PROG)
        if extras:
            where = "; --ascii goes before the command: 'cardmath --ascii ...'" if "--ascii" in extras else ""
            raise UsageError(f"unrecognized arguments: {' '.join(extras)} (see '{prog} --help'{where})")
        return arguments

    def format_help(self) -> str:
        _settle_formats(self)
        return super().format_help()

    def _print_message(self, message: str, file: Any = None) -> None:
        if not message:
            return
        try:
            write(file or sys.stderr, message)  # argparse itself would ignore a failure
        except OSError as error:
            raise OutputError(error) from None

    def error(self, message: str) -> NoReturn:
        unknown = self._unknown_option_before_choice(message)
        if unknown:
            message = f"unrecognized arguments: {unknown}"
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def _unknown_option_before_choice(self, message: str) -> str:
        """An option this command does not have, when argparse took its value for a sub-command
        (``pool --out x`` reads as the action ``x``)."""
        if "invalid choice: " not in message:
            return ""
        for before, word in zip(self._words, self._words[1:], strict=False):
            chosen = f"invalid choice: {word!r}" in message and before.startswith("-")
            if chosen and before.split("=", 1)[0] not in self._option_string_actions:
                return before
        return ""


def add_shoe_options(parser: argparse.ArgumentParser, default_decks: int = 1) -> None:
    """``--decks N|inf`` and ``--remove CARDS`` (``--decks`` is ``None`` when not given, so a
    command can tell a default from a choice).

    Args:
        parser: The parser (or sub-command parser) to add the two options to.
        default_decks: The number of decks the command uses without ``--decks``, shown in the help; 1 by
            default.

    >>> parser = ArgumentParser(prog="demo")
    >>> add_shoe_options(parser, default_decks=6)
    >>> parser.parse_args(["--remove", "As,Kd"])
    Namespace(decks=None, remove='As,Kd')
    """
    parser.add_argument(
        "--decks",
        default=None,
        metavar="N|inf",
        help=(
            "number of standard 52-card decks, a whole number from 1 to 10**12, or inf "
            f"(default {default_decks})"
        ),
    )
    parser.add_argument(
        "--remove",
        default="",
        metavar="CARDS",
        help="cards already dealt, separated by commas, such as As,Kd,10h",
    )


def decks_given(arguments: Any) -> bool:
    """Whether ``--decks`` or ``--remove`` was given (a command that covers every number of
    decks refuses them).

    Args:
        arguments: The parsed arguments of a command with :func:`add_shoe_options`.

    Returns:
        ``True`` when either option is on the command line, ``False`` when both are left out.

    >>> decks_given(argparse.Namespace(decks=None, remove=""))
    False
    >>> decks_given(argparse.Namespace(decks="8", remove=""))
    True
    """
    return arguments.decks is not None or bool(str(arguments.remove).strip())


def decks_value(arguments: Any, default_decks: int = 1) -> int | None:
    """The number of decks ``--decks`` asks for (``None``: infinite).

    Args:
        arguments: The parsed arguments of a command with :func:`add_shoe_options`; ``--decks`` is read as
            text.
        default_decks: The number returned when ``--decks`` is not given; 1 by default.

    Returns:
        A whole number of decks, 1 or more, or ``None`` for ``inf``.

    >>> decks_value(argparse.Namespace(decks="inf")), decks_value(argparse.Namespace(decks=None), 8)
    (None, 8)
    """
    return default_decks if arguments.decks is None else read_decks(str(arguments.decks))


def removed_cards(arguments: Any) -> list[str]:
    """The cards ``--remove`` names, as text in standard notation.

    Args:
        arguments: The parsed arguments; ``--remove`` holds cards separated by commas, in any case, ``10`` or
            ``T`` for tens.

    Returns:
        Each card as its canonical text (``"Th"``, ``"As"``), in the order given; empty when none is removed.

    >>> removed_cards(argparse.Namespace(remove="10h, as"))
    ['Th', 'As']
    """
    return [str(card) for card in parse_cards(str(arguments.remove))]


def shoe_from_arguments(arguments: Any, default_decks: int = 1) -> Shoe:
    """The shoe the ``--decks`` and ``--remove`` options describe.

    Args:
        arguments: The parsed arguments of a command with :func:`add_shoe_options`.
        default_decks: The number of decks when ``--decks`` is not given; 1 by default.

    Returns:
        A fresh shoe of that many decks less the removed cards, or the infinite shoe for ``--decks inf``.

    Raises:
        ShoeError: When cards are removed from an infinite shoe (bad numbers or cards raise their own errors).

    >>> shoe_from_arguments(argparse.Namespace(decks="1", remove="As,Kd")).size
    50
    >>> shoe_from_arguments(argparse.Namespace(decks="inf", remove="")).describe()
    'infinite decks'
    >>> shoe_from_arguments(argparse.Namespace(decks="inf", remove="As"))
    Traceback (most recent call last):
    ...
    cardmath.errors.ShoeError: cards cannot be removed from an infinite shoe; give a number of decks
    """
    decks = decks_value(arguments, default_decks)
    removed = parse_cards(str(arguments.remove))
    if decks is None:
        if removed:
            raise ShoeError("cards cannot be removed from an infinite shoe; give a number of decks")
        return Shoe.infinite()
    return Shoe.standard(decks).without(removed)


def format_argument(name: str) -> str:
    """:func:`~cardmath.output.check_format` for argparse, so its message (the formats allowed) is shown.

    Args:
        name: The text after ``--format``.

    Returns:
        The format's name, checked against the formats cardmath writes.

    Raises:
        argparse.ArgumentTypeError: When the format is unknown (argparse then reports it).

    >>> format_argument("csv")
    'csv'
    >>> format_argument("word")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: unknown format 'word': choose one of ..., csv, json, csv-tidy, xlsx, parquet
    """
    try:
        return check_format(name)
    except OptionError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


_TEXT_FORMATS = tuple(name for name in FORMATS if name not in ("csv", "json", TIDY_CSV, *FILE_FORMATS))
_WORKBOOK = "_cardmath_workbook"
"""The attribute of a ``--format`` action saying whether the command writes workbooks (``None``:
when it has ``--out FILE``)."""


def text_format_argument(name: str) -> str:
    """:func:`format_argument` for a command that only prints or writes text: a binary file (a
    workbook, Parquet) is refused.

    Args:
        name: The text after ``--format``, for a command without ``--out FILE``.

    Returns:
        The format's name, a text format (a tabulate format, ``csv``, ``json`` or ``csv-tidy``).

    Raises:
        argparse.ArgumentTypeError: When the format is unknown or is written as a binary file.

    >>> text_format_argument("json")
    'json'
    >>> text_format_argument("xlsx")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: xlsx is an Excel workbook, which this command does not write ...
    >>> text_format_argument("parquet")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: parquet is a binary Parquet file, which this command does not write ...
    """
    if name in WORKBOOK_FORMATS:
        raise argparse.ArgumentTypeError(
            f"{name} is an Excel workbook, which this command does not write (it has no --out FILE): "
            "choose a tabulate format such as github, or csv or json"
        )
    if name in FILE_FORMATS:
        raise argparse.ArgumentTypeError(
            f"{name} is a binary Parquet file, which this command does not write (it has no --out FILE): "
            f"choose {TIDY_CSV}, the same tidy data as CSV text"
        )
    return format_argument(name)


def _format_help(default: str, workbook: bool) -> str:
    formats = (
        f"any tabulate format ({', '.join(_TEXT_FORMATS)}), csv, json, or {TIDY_CSV} (tidy data: one "
        "observation per row, the conditions as columns)"
    )
    if workbook:
        formats += ", or, with --out FILE, xlsx (an Excel workbook) or parquet (the tidy data as Parquet)"
    return f"output format: {formats} (default {default})"


def _settle_formats(parser: argparse.ArgumentParser) -> None:
    """Offer workbooks in ``--format`` exactly where the command has ``--out FILE``."""
    out = parser._option_string_actions.get("--out")
    writes_files = out is not None and out.metavar == "FILE"
    for action in parser._actions:
        if not hasattr(action, _WORKBOOK):
            continue
        chosen: bool | None = getattr(action, _WORKBOOK)
        workbook = writes_files if chosen is None else chosen
        action.type = format_argument if workbook else text_format_argument
        action.help = _format_help(str(action.default), workbook)


def add_format_option(
    parser: argparse.ArgumentParser,
    default: str = "simple",
    dest: str = "format",
    *,
    workbook: bool | None = None,
) -> None:
    """``--format FMT``: any tabulate format, ``csv``, ``json``, ``csv-tidy`` or (where the command
    writes ``--out FILE``) ``xlsx`` or ``parquet`` (stored in ``dest``).

    Args:
        parser: The parser (or sub-command parser) that gets the option.
        default: The format used when ``--format`` is not given; ``"simple"`` by default.
        dest: The attribute of the parsed arguments that holds the format; ``"format"`` by default.
        workbook: Whether the binary formats (``xlsx``, ``parquet``) are offered; by default (``None``)
            exactly when the parser, an :class:`ArgumentParser`, has an ``--out FILE`` option when it
            parses or shows its help.

    >>> parser = ArgumentParser(prog="demo")
    >>> add_format_option(parser, default="json", dest="output")
    >>> parser.parse_args([]).output, parser.parse_args(["--format", "github"]).output
    ('json', 'github')
    >>> parser.parse_args(["--format", "xlsx"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.cli.options.UsageError: argument --format: xlsx is an Excel workbook, which this command ...
    """
    action = parser.add_argument(
        "--format",
        dest=dest,
        default=default,
        type=format_argument if workbook else text_format_argument,
        metavar="FMT",
        help=_format_help(default, bool(workbook)),
    )
    setattr(action, _WORKBOOK, workbook)


def command_aliases(game: Game) -> tuple[str, ...]:
    """The game's other names as commands: its aliases in lower case, words joined by ``-``.

    Args:
        game: A game of the registry.

    Returns:
        Each alias once, as ``cardmath ALIAS`` accepts it, the game's own name left out.

    >>> from cardmath.games.registry import GAMES
    >>> command_aliases(GAMES.find("reddog"))
    ('red-dog', 'casino-red-dog')
    """
    words = (re.sub(r"[\s_]+", "-", alias.strip().lower()) for alias in game.aliases)
    return tuple(dict.fromkeys(word for word in words if word and word != game.name))
