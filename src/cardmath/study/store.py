"""A study's folder: what it is (``study.json``) and one file per finished chunk of shoes, so an
interrupted study run again resumes where it stopped and never counts a chunk twice.

Every file says what it holds and carries a checksum: ``study.json`` the study's fingerprint and
definition, each ``chunk-START-STOP.json`` the fingerprint, its shoe range and its tally, with the
SHA-256 of the canonical JSON of all that.  On load, a chunk that is empty, truncated, not JSON,
another study's, of another range than its name says, altered (its checksum differs) or not
shaped like this study's tally is reported in one line and removed, and its shoes are dealt
again: the totals always count every shoe asked for, once.

Files are written whole (to a temporary name, then renamed), so a kill leaves only complete
chunks.  A folder holds one study: resuming another study there is refused, and so is a folder
cardmath did not write (it carries the marker ``.cardmath`` of kind ``study``).  A folder written
by an earlier cardmath (a ``study.json`` but no marker) is taken over when its ``study.json`` is
readable and names this study; its chunks, written without checksums, are dealt again.

>>> import tempfile
>>> from cardmath.study.engine import Study, tally_shoes
>>> study = Study.define(["tie"], shoes=10)
>>> with tempfile.TemporaryDirectory() as folder:
...     store = StudyStore(Path(folder, "study"), study)
...     store.save(0, 5, tally_shoes(study, 0, 5))
...     saved = store.scan()
...     saved.ranges, saved.tally["shoes"], list(missing_ranges(10, saved.ranges, 2))
(((0, 5),), 5, [(5, 7), (7, 9), (9, 10)])
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Any

from cardmath.errors import OptionError, PublishError
from cardmath.files import OWNER_MARKER, claim_out_dir, owner_kind, write_atomic
from cardmath.study.engine import Study, Tally, add_tallies, empty_tally

__all__ = ["KIND", "Saved", "StudyStore", "missing_ranges"]

KIND = "study"
"""The kind of folder a study writes, as its marker ``.cardmath`` says."""

_CHUNK = re.compile(r"^chunk-(\d+)-(\d+)\.json$")
_FORMAT = 2
_CHUNK_KEYS = {"format", "fingerprint", "start", "stop", "tally", "sha256"}
_REPORTED = 10
"""Damaged chunks reported one line each; beyond them, one summary line."""

Report = Callable[[str], None]


def _stderr(line: str) -> None:
    print(line, file=sys.stderr)


def _digest(content: Mapping[str, Any]) -> str:
    """The SHA-256 of the canonical JSON of ``content`` (sorted keys, no spaces)."""
    text = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _chunk_name(start: int, stop: int) -> str:
    return f"chunk-{start:010d}-{stop:010d}.json"


def _shape_error(template: Any, value: Any, where: str) -> str | None:
    """What makes ``value`` not shaped like ``template`` (an empty tally), or ``None``."""
    if isinstance(template, dict):
        if not isinstance(value, dict):
            return f"{where} is not an object"
        if not template:  # the levels of one count: {"level": [rounds, edge, edge squared]}
            for level, sums in value.items():
                if not re.fullmatch(r"-?\d+", level) or not (
                    isinstance(sums, list) and len(sums) == 3 and all(type(x) is int for x in sums)
                ):
                    return f"{where} has a level {level!r} that is not three whole numbers"
            return None
        if set(value) != set(template):
            return f"{where} has the keys {sorted(value)}, not {sorted(template)}"
        for key, inner in template.items():
            error = _shape_error(inner, value[key], f"{where}.{key}")
            if error:
                return error
        return None
    return None if type(value) is int else f"{where} is not a whole number"


class _DamageError(Exception):
    """Why a file cannot be trusted (its message is the reason)."""


def _read_json(path: Path) -> Any:
    try:
        data = path.read_bytes()
    except OSError as error:
        raise _DamageError(f"cannot be read: {error.strerror or error}") from None
    if not data.strip():
        raise _DamageError("empty")
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _DamageError("not valid JSON: truncated or overwritten") from None


@dataclass(frozen=True)
class Saved:
    """What a study's folder holds that can be trusted.

    Args:
        tally: The sum of the tallies of every sound chunk within the study's shoes.
        ranges: Those chunks' shoe ranges ``(start, stop)``, in order and disjoint.
        damaged: How many chunk files were found damaged, reported and removed.

    >>> saved = Saved(tally={"shoes": 5}, ranges=((0, 5),))
    >>> saved.ranges[0], saved.damaged
    ((0, 5), 0)
    """

    tally: Tally
    ranges: tuple[tuple[int, int], ...]
    damaged: int = 0


def missing_ranges(shoes: int, saved: Iterable[tuple[int, int]], chunk: int) -> Iterator[tuple[int, int]]:
    """The shoe ranges of ``0`` to ``shoes - 1`` that no saved range covers, lazily, cut into chunks
    of at most ``chunk`` shoes: nothing proportional to the number of shoes is held, so a study of
    10**12 shoes starts at once.

    Args:
        shoes: The number of shoes of the study.
        saved: The ranges ``(start, stop)`` already dealt, in order and disjoint.
        chunk: The most shoes in one range given, 1 or more.

    Returns:
        A generator of the ``(start, stop)`` ranges still to deal, in order.

    >>> list(missing_ranges(10, [(2, 4), (6, 7)], 3))
    [(0, 2), (4, 6), (7, 10)]
    >>> next(missing_ranges(10**12, [], 1000))
    (0, 1000)
    """
    position = 0
    for start, stop in chain(saved, [(shoes, shoes)]):
        for first in range(position, start, chunk):
            yield first, min(first + chunk, start)
        position = max(position, stop)


class StudyStore:
    """The folder of one study: :meth:`save` a chunk's tally, :meth:`scan` what the chunks saved
    hold (damaged ones reported and removed).

    The folder is checked first: an empty name, a file, or a folder holding files cardmath did not
    write is refused (a :class:`~cardmath.errors.PublishError`); one holding another study is
    refused (an :class:`~cardmath.errors.OptionError`).  A damaged ``study.json`` in a folder
    cardmath marked is written again (each chunk carries the fingerprint it belongs to).

    Args:
        folder: The study's folder: made when missing; an existing one must hold this study (or nothing yet).
        study: The study whose chunks the folder keeps; its fingerprint is written to ``study.json``.
        report: Called with one line for each damaged file found; ``None`` writes the lines to standard
            error.
        restart: Discard the chunks of another study found in the folder (reporting each) instead
            of refusing the folder.

    >>> import tempfile
    >>> from cardmath.study.engine import Study
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = StudyStore(folder, Study.define(["tie"], seed=1))
    ...     StudyStore(folder, Study.define(["tie"], seed=2))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: ... holds another study (game, seed, bets, counts or rules differ): ...
    """

    def __init__(
        self,
        folder: str | os.PathLike[str],
        study: Study,
        report: Report | None = None,
        *,
        restart: bool = False,
    ) -> None:
        self.study = study
        self.report = report if report is not None else _stderr
        self.fingerprint = study.fingerprint()
        self.restart = restart
        self.folder = self._open(folder)

    def _open(self, folder: str | os.PathLike[str]) -> Path:
        """Check the folder, claim it, and make sure its ``study.json`` names this study.  The
        folder's identity is checked the same way whatever the state of ``study.json``: a sound
        chunk of another study refuses the folder (unless ``restart``) as a ``study.json`` naming
        another study does."""
        try:
            root = claim_out_dir(folder, KIND)
        except PublishError as refusal:
            root = self._take_over(folder, refusal)
        marker = root / "study.json"
        self._check_chunks(root)
        try:
            sound = marker.exists() and self._check_definition(marker, legacy=False)
        except OptionError:
            if not self.restart:
                raise
            sound = False
        if not sound:
            write_atomic(marker, json.dumps(self._definition(), indent=2) + "\n")
        return root

    def _foreign(self, path: Path) -> bool:
        """Whether ``path`` is a sound chunk of another study (its checksum matches, its fingerprint
        is not this study's)."""
        try:
            record = _read_json(path)
        except _DamageError:
            return False
        if not isinstance(record, dict) or set(record) != _CHUNK_KEYS:
            return False
        content = {key: record[key] for key in ("fingerprint", "start", "stop", "tally")}
        return bool(record["sha256"] == _digest(content) and record["fingerprint"] != self.fingerprint)

    def _check_chunks(self, root: Path) -> None:
        """Refuse a folder holding another study's chunks, or (``restart``) remove them, saying so."""
        foreign = sorted(
            path for path in root.glob("chunk-*.json") if _CHUNK.match(path.name) and self._foreign(path)
        )
        if not foreign:
            return
        if not self.restart:
            raise OptionError(
                f"the folder {str(root)!r} holds {len(foreign)} chunks of another study (game, seed, bets, "
                "counts or rules differ), such as "
                f"{foreign[0].name}: give another folder, the same arguments to resume that study, or "
                "--restart to discard them and start this one"
            )
        for path in foreign:
            path.unlink(missing_ok=True)
        self.report(f"--restart: discarded {len(foreign)} chunks of another study")

    def _take_over(self, folder: str | os.PathLike[str], refusal: PublishError) -> Path:
        """Claim a folder an earlier cardmath wrote (a ``study.json`` naming this study, no marker),
        or raise again the error that refused the folder."""
        root = Path(os.path.realpath(os.path.abspath(folder))) if str(folder).strip() else None
        if root is None or not (root / "study.json").is_file() or owner_kind(root) is not None:
            raise refusal
        self._check_definition(root / "study.json", legacy=True)
        write_atomic(root / OWNER_MARKER, json.dumps({"written_by": "cardmath", "kind": KIND}) + "\n")
        return root

    def _definition(self) -> dict[str, Any]:
        description = {k: v for k, v in self.study.describe().items() if k != "shoes"}
        content = {"fingerprint": self.fingerprint, "study": description}
        return {"format": _FORMAT, **content, "sha256": _digest(content)}

    def _check_definition(self, path: Path, *, legacy: bool) -> bool:
        """Whether ``study.json`` is sound (``False``: it is to be written again), or an
        :class:`~cardmath.errors.OptionError` when it names another study or, in a folder an
        earlier cardmath wrote, cannot be read."""
        try:
            saved = _read_json(path)
            if not isinstance(saved, dict) or not isinstance(saved.get("fingerprint"), str):
                raise _DamageError("no fingerprint")
            if "sha256" in saved:
                content = {"fingerprint": saved["fingerprint"], "study": saved.get("study")}
                if saved["sha256"] != _digest(content):
                    raise _DamageError("its checksum does not match its content")
        except _DamageError as damage:
            if legacy:
                raise OptionError(
                    f"{str(path)!r} is damaged ({damage}) and the folder has no cardmath marker: "
                    "give another folder"
                ) from None
            self.report(f"study.json is damaged ({damage}): writing it again")
            return False
        if saved["fingerprint"] != self.fingerprint:
            raise OptionError(
                f"the folder {str(path.parent)!r} holds another study (game, seed, bets, counts or "
                "rules differ): give another folder, the same arguments to resume it, or --restart to "
                "discard it and start this one"
            )
        return "sha256" in saved

    def save(self, start: int, stop: int, tally: Tally) -> None:
        """Save the tally of shoes ``start`` to ``stop - 1``, with the study's fingerprint, the range
        and a checksum.

        Args:
            start: The index of the chunk's first shoe.
            stop: One past the index of the chunk's last shoe.
            tally: The chunk's tally (:func:`~cardmath.study.engine.tally_shoes`), saved as JSON.
        """
        content = {"fingerprint": self.fingerprint, "start": start, "stop": stop, "tally": tally}
        record = {"format": _FORMAT, **content, "sha256": _digest(content)}
        write_atomic(self.folder / _chunk_name(start, stop), json.dumps(record, sort_keys=True))

    def _verified(self, path: Path, start: int, stop: int) -> Tally:
        """The tally a chunk file holds, or :class:`_DamageError` saying why it cannot be trusted."""
        record = _read_json(path)
        if not isinstance(record, dict) or not record:
            raise _DamageError("it holds no tally")
        if "sha256" not in record and "shoes" in record:
            raise _DamageError("written by an earlier cardmath, without a checksum")
        if set(record) != _CHUNK_KEYS:
            raise _DamageError(f"it has the keys {sorted(record)}, not a chunk's")
        content = {key: record[key] for key in ("fingerprint", "start", "stop", "tally")}
        if record["sha256"] != _digest(content):
            raise _DamageError("its checksum does not match its content")
        if record["fingerprint"] != self.fingerprint:
            raise _DamageError("another study's chunk")
        if (record["start"], record["stop"]) != (start, stop):
            raise _DamageError(
                f"it holds shoes {record['start']}-{record['stop']}, not the range its name says"
            )
        tally = record["tally"]
        error = _shape_error(empty_tally(self.study), tally, "the tally")
        if error:
            raise _DamageError(error)
        if tally["shoes"] != stop - start:
            raise _DamageError(f"its tally counts {tally['shoes']} shoes, not {stop - start}")
        return dict(tally)

    def scan(self) -> Saved:
        """Read every chunk saved within the study's shoes: sound ones are added up, damaged ones
        are reported (one line each, then a summary) and removed, so their shoes are dealt again.
        Chunks beyond the study's shoes (of a longer run of it) are left alone, and so is a chunk
        overlapping one already taken, so no shoe is counted twice.

        Returns:
            The sum of the sound chunks' tallies and their ranges; only the ranges are kept in memory, one
                pair per chunk.
        """
        candidates: list[tuple[int, int, str]] = []
        with os.scandir(self.folder) as entries:
            for entry in entries:
                match = _CHUNK.match(entry.name)
                if match:
                    start, stop = int(match.group(1)), int(match.group(2))
                    if start < stop <= self.study.shoes:
                        candidates.append((start, stop, entry.name))
        candidates.sort()
        tally = empty_tally(self.study)
        ranges: list[tuple[int, int]] = []
        damaged = 0
        for start, stop, name in candidates:
            if ranges and start < ranges[-1][1]:
                continue
            path = self.folder / name
            try:
                part = self._verified(path, start, stop)
            except _DamageError as damage:
                damaged += 1
                if damaged <= _REPORTED:
                    self.report(f"{name} is damaged ({damage}): recomputing shoes {start}-{stop - 1}")
                with contextlib.suppress(OSError):
                    path.unlink()
                continue
            tally = add_tallies(tally, part)
            ranges.append((start, stop))
        if damaged > _REPORTED:
            self.report(f"{damaged - _REPORTED} more damaged chunks: recomputing their shoes too")
        return Saved(tally, tuple(ranges), damaged)
