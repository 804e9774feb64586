"""The command-line page's generated part: the ``--help`` of ``cardmath`` and of every
sub-command at every level (``cardmath information baccarat`` included), 80 columns wide.
"""

from __future__ import annotations

import argparse
import contextlib
import os
from collections.abc import Iterator

from cardmath.cli import build_parser

HELP_COLUMNS = 80
"""Width of the generated ``--help`` text: it fits the content column at 1280 px."""


@contextlib.contextmanager
def columns(width: int) -> Iterator[None]:
    """``COLUMNS`` set to ``width`` (argparse wraps its help to it) for the duration."""
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old


def _helps(parser: argparse.ArgumentParser, words: str) -> Iterator[str]:
    """The help of ``parser`` (called ``words``), then of each of its sub-commands, depth first."""
    yield f"### {words}\n\n```text\n{parser.format_help()}```\n"
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _helps(sub, f"{words} {name}")


def command_help() -> str:
    """The ``--help`` of ``cardmath`` and of every sub-command, as Markdown code blocks."""
    with columns(HELP_COLUMNS):
        return "\n".join(_helps(build_parser(), "cardmath"))
