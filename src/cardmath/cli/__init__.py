"""The ``cardmath`` command line: a thin client of the library.

``cardmath GAME [options]`` for each game of the registry, ``cardmath tables --out DIR`` for the
published set.  Bad input prints one line ``cardmath: error: ...`` and exits with status 2.

>>> main(["reddog", "--decks", "0"])
2
"""

from __future__ import annotations

from cardmath.cli.main import build_parser, main, main_exit

__all__ = ["build_parser", "main", "main_exit"]
