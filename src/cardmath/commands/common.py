"""Options shared by the sub-commands, and the parser that reports errors on one line."""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from cardmath.errors import OptionError
from cardmath.shoe import Shoe
from cardmath.tables import FORMATS, check_format

__all__ = [
    "ArgumentParser",
    "UsageError",
    "add_format_option",
    "add_shoe_options",
    "format_argument",
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
    cardmath.commands.common.UsageError: unrecognized arguments: --colour (see 'cardmath demo --help')
    """

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def add_shoe_options(parser: argparse.ArgumentParser, default_decks: str = "1") -> None:
    """``--decks N|inf`` and ``--remove CARDS``.

    >>> parser = ArgumentParser(prog="demo")
    >>> add_shoe_options(parser, default_decks="6")
    >>> parser.parse_args(["--remove", "As,Kd"])
    Namespace(decks='6', remove='As,Kd')
    """
    parser.add_argument(
        "--decks",
        default=default_decks,
        metavar="N|inf",
        help=f"number of standard 52-card decks, a whole number 1 or more, or inf (default {default_decks})",
    )
    parser.add_argument(
        "--remove",
        default="",
        metavar="CARDS",
        help="cards already dealt, separated by commas, such as As,Kd,10h",
    )


def shoe_from_arguments(arguments: Any) -> Shoe:
    """The shoe the ``--decks`` and ``--remove`` options describe.

    >>> shoe_from_arguments(argparse.Namespace(decks="1", remove="As,Kd")).size
    50
    >>> shoe_from_arguments(argparse.Namespace(decks="inf", remove="")).describe()
    'infinite decks'
    """
    return Shoe.parse(str(arguments.decks), str(arguments.remove))


def format_argument(name: str) -> str:
    """:func:`~cardmath.tables.check_format` for argparse, so its message (the formats allowed) is shown.

    >>> format_argument("csv")
    'csv'
    >>> format_argument("word")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: unknown format 'word': choose one of ..., csv, json
    """
    try:
        return check_format(name)
    except OptionError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_format_option(parser: argparse.ArgumentParser, default: str = "simple", dest: str = "format") -> None:
    """``--format FMT``: any tabulate format, ``csv`` or ``json`` (stored in ``dest``).

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
            f"output format: any tabulate format ({', '.join(FORMATS[:-2])}), csv or json (default {default})"
        ),
    )
