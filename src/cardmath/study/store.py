"""A study's folder: what it is (``study.json``) and one file per finished chunk of shoes, so an
interrupted study run again resumes where it stopped and never counts a chunk twice.

Files are written whole (to a temporary name, then renamed), so a kill leaves only complete
chunks.  A folder holds one study: resuming another study there is refused.

>>> import tempfile
>>> from cardmath.study.engine import Study
>>> study = Study.define(["tie"], shoes=10)
>>> with tempfile.TemporaryDirectory() as folder:
...     store = StudyStore(folder, study)
...     store.save(0, 5, {"shoes": 5})
...     store.load(), store.missing(2)
({(0, 5): {'shoes': 5}}, [(5, 7), (7, 9), (9, 10)])
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from cardmath.errors import OptionError
from cardmath.output.files import write_atomic
from cardmath.study.engine import Study, Tally

__all__ = ["StudyStore"]

_CHUNK = re.compile(r"^chunk-(\d+)-(\d+)\.json$")


class StudyStore:
    """The folder of one study: :meth:`save` a chunk's tally, :meth:`load` every chunk saved,
    :meth:`missing` the shoe ranges still to deal.

    Args:
        folder: The study's folder: made when missing; an existing one must hold this study (or nothing yet).
        study: The study whose chunks the folder keeps; its fingerprint is written to ``study.json``.

    >>> import tempfile
    >>> from cardmath.study.engine import Study
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = StudyStore(folder, Study.define(["tie"], seed=1))
    ...     StudyStore(folder, Study.define(["tie"], seed=2))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: ... holds another study (game, seed, bets, counts or rules differ): ...
    """

    def __init__(self, folder: str | os.PathLike[str], study: Study) -> None:
        self.folder = Path(folder)
        self.study = study
        if self.folder.exists() and not self.folder.is_dir():
            raise OptionError(f"the study folder {str(self.folder)!r} is a file: give a folder")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OptionError(
                f"cannot make the study folder {str(self.folder)!r}: {error.strerror}"
            ) from None
        marker = self.folder / "study.json"
        fingerprint = study.fingerprint()
        if marker.exists():
            saved = json.loads(marker.read_text(encoding="utf-8"))
            if saved.get("fingerprint") != fingerprint:
                raise OptionError(
                    f"the folder {str(self.folder)!r} holds another study (game, seed, bets, counts or "
                    "rules differ): give another folder, or the same arguments to resume it"
                )
        else:
            description = {k: v for k, v in study.describe().items() if k != "shoes"}
            write_atomic(marker, json.dumps({"fingerprint": fingerprint, "study": description}, indent=2))

    def save(self, start: int, stop: int, tally: Tally) -> None:
        """Save the tally of shoes ``start`` to ``stop - 1``.

        Args:
            start: The index of the chunk's first shoe.
            stop: One past the index of the chunk's last shoe.
            tally: The chunk's tally (:func:`~cardmath.study.engine.tally_shoes`), saved as JSON.
        """
        write_atomic(self.folder / f"chunk-{start:010d}-{stop:010d}.json", json.dumps(tally))

    def load(self) -> dict[tuple[int, int], Any]:
        """Every saved chunk within the study's shoes, by (start, stop); chunks that overlap one
        already taken are left out, so no shoe is counted twice.

        Returns:
            A new dict from ``(start, stop)`` to that chunk's tally, in order of file name; empty when nothing
                is saved.
        """
        found: dict[tuple[int, int], Any] = {}
        taken: list[tuple[int, int]] = []
        for path in sorted(self.folder.iterdir()):
            match = _CHUNK.match(path.name)
            if not match:
                continue
            start, stop = int(match.group(1)), int(match.group(2))
            if stop > self.study.shoes or start >= stop or any(a < stop and start < b for a, b in taken):
                continue
            found[start, stop] = json.loads(path.read_text(encoding="utf-8"))
            taken.append((start, stop))
        return found

    def missing(self, chunk: int) -> list[tuple[int, int]]:
        """The shoe ranges not yet saved, cut into chunks of at most ``chunk`` shoes.

        Args:
            chunk: The most shoes in one range, 1 or more.

        Returns:
            The ``(start, stop)`` ranges still to deal, in order, together covering every shoe no saved chunk
                covers.
        """
        done = sorted(self.load())
        ranges: list[tuple[int, int]] = []
        position = 0
        for start, stop in [*done, (self.study.shoes, self.study.shoes)]:
            for first in range(position, start, chunk):
                ranges.append((first, min(first + chunk, start)))
            position = max(position, stop)
        return ranges
