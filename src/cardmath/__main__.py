"""``python -m cardmath`` and the ``cardmath`` console script: the command line, loaded lazily.

The command's modules (SymPy among them) take most of a second to load; they are imported inside
:func:`main_exit`, so that Ctrl-C while they load prints one line and exits with status 130
instead of a traceback.  Everything after loading is :func:`cardmath.cli.main.main`.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import NoReturn

__all__ = ["INTERRUPTED", "main_exit"]

INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C (128 + SIGINT, as the shells report it)."""


def _interrupted(said: bool = False) -> NoReturn:
    """Say that the command was interrupted (unless it ``said`` so already) and leave at once.

    Nothing is left to clean up: the command has unwound (its staging removed, its cluster
    closed) and the kernel releases its locks.  Python's own shutdown is skipped, because a
    second Ctrl-C during it can find SIGINT back at its default action and kill the process
    (exit -2) after it said it was interrupted."""
    with contextlib.suppress(ValueError):  # a second Ctrl-C now must not kill Python half-way out
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError, ValueError):
        sys.stdout.flush()
        if not said:
            sys.stderr.write("cardmath: interrupted\n")
        sys.stderr.flush()
    os._exit(INTERRUPTED)  # no second Ctrl-C, no flush at exit can print a traceback now


def main_exit() -> None:
    """Load the command line and run it on ``sys.argv``; exit with the status it returns.

    Ctrl-C at any moment, loading included, prints ``cardmath: interrupted`` and exits with 130.

    >>> from unittest import mock
    >>> with mock.patch.object(sys, "argv", ["cardmath", "reddog", "--decks", "0"]):
    ...     main_exit()
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    try:
        from cardmath.cli.main import main  # noqa: PLC0415 - loaded where Ctrl-C is answered

        status = main()
        with contextlib.suppress(ValueError):  # the work is done: a late Ctrl-C, while Python and its
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # worker processes shut down, changes nothing
    except KeyboardInterrupt:
        _interrupted()
    if status == INTERRUPTED:  # the command caught the Ctrl-C and said so
        _interrupted(said=True)
    sys.exit(status)


if __name__ == "__main__":
    main_exit()
