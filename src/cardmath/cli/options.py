"""The options every command shares, implemented once, and the parser that reports errors on one line.

``--decks N|inf`` and ``--remove CARDS`` make the shoe (read by :mod:`cardmath.numbers` and
:mod:`cardmath.cards`), ``--format FMT`` chooses any tabulate format, ``csv`` or ``json``.

>>> parser = ArgumentParser(prog="cardmath demo")
>>> add_shoe_options(parser, default_decks=8)
>>> add_format_option(parser)
>>> arguments = parser.parse_args(["--remove", "5s,5h"])
>>> shoe_from_arguments(arguments, default_decks=8).size, arguments.format
(414, 'simple')
"""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from cardmath.cards import parse_cards
from cardmath.errors import OptionError, ShoeError
from cardmath.numbers import read_decks
from cardmath.output import FORMATS, WORKBOOK_FORMATS, check_format
from cardmath.shoe import Shoe

__all__ = [
    "ArgumentParser",
    "UsageError",
    "add_format_option",
    "add_shoe_options",
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


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser that raises :class:`UsageError` instead of printing usage and exiting.

    >>> ArgumentParser(prog="cardmath demo").parse_args(["--colour"])
    Traceback (most recent call last):
    ...
    cardmath.cli.options.UsageError: unrecognized arguments: --colour (see 'cardmath demo --help')
    """

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


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
        help=f"number of standard 52-card decks, a whole number 1 or more, or inf (default {default_decks})",
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
    argparse.ArgumentTypeError: unknown format 'word': choose one of ..., csv, json, xlsx
    """
    try:
        return check_format(name)
    except OptionError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


_TEXT_FORMATS = tuple(name for name in FORMATS if name not in ("csv", "json", *WORKBOOK_FORMATS))


def add_format_option(parser: argparse.ArgumentParser, default: str = "simple", dest: str = "format") -> None:
    """``--format FMT``: any tabulate format, ``csv``, ``json`` or (written with ``--out``) ``xlsx``
    (stored in ``dest``).

    Args:
        parser: The parser (or sub-command parser) that gets the option.
        default: The format used when ``--format`` is not given; ``"simple"`` by default.
        dest: The attribute of the parsed arguments that holds the format; ``"format"`` by default.

    >>> parser = ArgumentParser(prog="demo")
    >>> add_format_option(parser, default="json", dest="output")
    >>> parser.parse_args([]).output, parser.parse_args(["--format", "github"]).output
    ('json', 'github')
    """
    parser.add_argument(
        "--format",
        dest=dest,
        default=default,
        type=format_argument,
        metavar="FMT",
        help=(
            f"output format: any tabulate format ({', '.join(_TEXT_FORMATS)}), csv or json, or "
            f"{' or '.join(WORKBOOK_FORMATS)} (an Excel workbook, with --out FILE) (default {default})"
        ),
    )
