"""What every command that writes (``--out``) shares: ``--wait SECONDS`` and ``--parents``, and
the lock it holds on its target while it runs (:mod:`cardmath.locks`).

:func:`add_write_options` gives both options to every command of the parser that has ``--out``;
:func:`out_lock` holds the target's lock for a run, after checking that the target's folder exists
(or making it, with ``--parents``).

>>> from cardmath.cli.main import build_parser
>>> arguments = build_parser().parse_args(["tables", "--out", "set", "--wait", "0"])
>>> arguments.wait, arguments.parents
(0.0, False)
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from cardmath.cli.console import write
from cardmath.errors import OptionError, PublishError
from cardmath.locks import DEFAULT_WAIT, target_lock

__all__ = ["add_write_options", "out_lock", "wait_argument"]


def wait_argument(text: str) -> float:
    """The seconds of ``--wait``: a number 0 or more, or ``inf``.

    Args:
        text: The words after ``--wait``.

    Returns:
        The seconds, ``math.inf`` for ``inf``.

    Raises:
        argparse.ArgumentTypeError: For anything else, with examples of what is allowed.

    >>> wait_argument("30"), wait_argument("inf"), wait_argument("0")
    (30.0, inf, 0.0)
    >>> wait_argument("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: --wait takes the seconds to wait for another run writing the same target, 0 or more, such as 0, 30 or inf; not '-1'
    """  # noqa: E501
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not seconds >= 0:
        raise argparse.ArgumentTypeError(
            "--wait takes the seconds to wait for another run writing the same target, 0 or more, "
            f"such as 0, 30 or inf; not {text!r}"
        )
    return seconds


def add_write_options(parser: argparse.ArgumentParser) -> None:
    """Give ``--wait`` and ``--parents`` to ``parser`` and to every command under it that has ``--out``.

    Args:
        parser: The ``cardmath`` parser, once every command is registered.

    >>> parser = argparse.ArgumentParser(prog="demo")
    >>> _ = parser.add_argument("--out")
    >>> add_write_options(parser)
    >>> parser.parse_args(["--out", "f.csv", "--wait", "inf", "--parents"]).wait
    inf
    """
    seen: set[int] = set()

    def visit(command: argparse.ArgumentParser) -> None:
        if id(command) in seen:
            return
        seen.add(id(command))
        options = command._option_string_actions
        if "--out" in options and "--wait" not in options:
            command.add_argument(
                "--wait",
                type=wait_argument,
                default=DEFAULT_WAIT,
                metavar="SECONDS",
                help=(
                    "when another cardmath run is writing the same --out, wait for it up to SECONDS, "
                    f"0 not to wait, inf for as long as it takes (default {DEFAULT_WAIT:g})"
                ),
            )
            command.add_argument(
                "--parents",
                action="store_true",
                help="create the folders above --out that do not exist (by default they must exist)",
            )
        for action in command._actions:
            if isinstance(action, argparse._SubParsersAction):
                for child in action.choices.values():
                    visit(child)

    visit(parser)


def _say(line: str) -> None:
    with contextlib.suppress(OSError, ValueError):
        write(sys.stderr, f"cardmath: {line}\n", flush=True)


@contextlib.contextmanager
def out_lock(arguments: argparse.Namespace, target: str | os.PathLike[str] | None) -> Iterator[None]:
    """Hold the lock of ``target`` (``--out``, a file or a folder) while the command runs; nothing
    when there is no target.  The target's folder must exist, or is made with ``--parents``.

    Args:
        arguments: The parsed command line: its ``wait`` and ``parents``.
        target: The file or folder the command writes, or ``None``.

    Returns:
        A context manager that holds the target's lock from entry to exit.

    Raises:
        PublishError: When the target's folder is missing (without ``--parents``) or cannot be made, or
            another run still writes the target after ``--wait`` seconds.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     words = argparse.Namespace(wait=0.0, parents=False)
    ...     try:
    ...         with out_lock(words, Path(folder, "missing", "out.csv")):
    ...             pass
    ...     except PublishError as error:
    ...         print(str(error).replace(folder, "FOLDER"))
    the folder 'FOLDER/missing' does not exist: create it, or give --parents to have cardmath create it
    """
    if target is None:
        yield
        return
    if not str(target).strip():
        raise PublishError("give a file or folder to write to, not an empty name")
    root = Path(os.path.realpath(os.path.abspath(target)))
    if not root.parent.is_dir():
        if not getattr(arguments, "parents", False):
            raise PublishError(
                f"the folder {str(root.parent)!r} does not exist: create it, or give --parents to have "
                "cardmath create it"
            )
        try:
            root.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise PublishError(f"cannot write to {str(target)!r}: {error.strerror or error}") from None
    wait = getattr(arguments, "wait", DEFAULT_WAIT)
    if not isinstance(wait, float | int):
        raise OptionError(f"--wait must be seconds, not {wait!r}")
    with target_lock(root, wait=float(wait), say=_say):
        yield
