"""The ``cardmath reddog``  sub-command (not built yet)."""

from __future__ import annotations

import argparse
from typing import Any

from cardmath.commands.common import add_format_option
from cardmath.errors import OptionError

__all__ = ["register"]


def register(subparsers: Any) -> None:
    """Add the sub-command to the parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser("reddog", help="reddog (not built yet)")
    add_format_option(parser)
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> str:
    """Run the sub-command."""
    raise OptionError("cardmath reddog is not built yet")
