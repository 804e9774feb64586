"""Writing files for people and tools: atomically, so nothing is ever half written.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     write_atomic(Path(folder, "a.txt"), "text")
...     print(Path(folder, "a.txt").read_text())
text
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["write_atomic"]


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: never half a file.

    Missing folders are made, and no temporary file is left behind:

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_atomic(Path(folder, "reddog", "figures.csv"), "house edge,523/16575")
    ...     print([path.relative_to(folder).as_posix() for path in sorted(Path(folder).rglob("*"))])
    ['reddog', 'reddog/figures.csv']
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
