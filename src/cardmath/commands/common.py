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
    """Command-line words that argparse could not read."""


class ArgumentParser(argparse.ArgumentParser):
    """An argparse parser that raises :class:`UsageError` instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def add_shoe_options(parser: argparse.ArgumentParser, default_decks: str = "1") -> None:
    """``--decks N|inf`` and ``--remove CARDS``."""
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
    """The shoe the ``--decks`` and ``--remove`` options describe."""
    return Shoe.parse(str(arguments.decks), str(arguments.remove))


def format_argument(name: str) -> str:
    """:func:`~cardmath.tables.check_format` for argparse, so its message (the formats allowed) is shown."""
    try:
        return check_format(name)
    except OptionError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_format_option(parser: argparse.ArgumentParser, default: str = "simple", dest: str = "format") -> None:
    """``--format FMT``: any tabulate format, ``csv`` or ``json`` (stored in ``dest``)."""
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
