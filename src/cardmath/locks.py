"""Runs that write one target take turns: an exclusive lock on the target, held while it is written.

Two runs of cardmath may be pointed at the same folder or file (a cron job beside a person, two
terminals on one server).  Every writer first takes :func:`target_lock` on its target: an operating
system lock (``flock``) on a small file beside the target, ``.NAME.cardmath-lock``, holding the
holder's process id.  The kernel releases the lock when the process ends, however it ends, so a
killed run never blocks the next one; the file itself is removed by the run that held it (one
killed leaves it, and the next run reuses it).  A run that finds the target locked waits up to
``wait`` seconds (saying so once), then refuses with a one-line
:class:`~cardmath.errors.PublishError` naming the holder.

While a run holds the lock, nothing else writes the target, so whatever it finds beside the target
(a staging folder, a set swapped aside) was left by a run that is gone, and may be put back or
removed (:func:`cardmath.files.write_file_set`).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     with target_lock(Path(folder, "tables")):
...         print(sorted(path.name for path in Path(folder).iterdir()))
...     print(sorted(path.name for path in Path(folder).iterdir()))
['.tables.cardmath-lock']
[]
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import math
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from cardmath.errors import PublishError

__all__ = ["DEFAULT_WAIT", "LOCK_SUFFIX", "lock_path", "target_lock"]

DEFAULT_WAIT = 300.0
"""How long, in seconds, a run waits for another run writing the same target (``--wait``)."""

LOCK_SUFFIX = ".cardmath-lock"
"""The end of the name of a target's lock file, ``.NAME.cardmath-lock`` beside ``NAME``."""

_NAME_MAX = 255
_POLL = 0.05
_held: dict[Path, int] = {}  # the locks this process holds, and how many times each is taken


def lock_path(target: Path) -> Path:
    """The lock file of ``target``: ``.NAME.cardmath-lock`` beside it (a digest of the name when the
    name leaves no room).

    Args:
        target: The folder or file to be written, as an absolute path.

    Returns:
        The lock file's path.

    >>> lock_path(Path("/data/tables")).as_posix()
    '/data/.tables.cardmath-lock'
    """
    name = f".{target.name}{LOCK_SUFFIX}"
    if len(os.fsencode(name)) > _NAME_MAX:
        name = f".{hashlib.sha256(os.fsencode(target.name)).hexdigest()[:32]}{LOCK_SUFFIX}"
    return target.parent / name


def _holder(handle: int) -> str:
    """The process id the lock file names, as the message shows it."""
    try:
        text = os.pread(handle, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return "another process"
    return f"process {text}" if text.isdigit() else "another process"


def _same_file(handle: int, path: Path) -> bool:
    """Whether ``path`` still names the file open as ``handle`` (a holder removes it as it leaves)."""
    try:
        named, held = os.stat(path), os.fstat(handle)
    except FileNotFoundError:
        return False
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _take(path: Path, shown: str, wait: float, say: Callable[[str], None] | None) -> int:
    """Open and lock the lock file; wait for the holder up to ``wait`` seconds, then refuse."""
    deadline = time.monotonic() + wait
    told = False
    while True:
        handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                os.close(handle)
                raise
            holder = _holder(handle)
            os.close(handle)
            if time.monotonic() >= deadline:
                waited = f" (waited {wait:g} s)" if wait > 0 else ""
                raise PublishError(
                    f"{shown} is being written by {holder}, another cardmath run{waited}: "
                    "let it finish, or give --wait SECONDS to wait longer"
                ) from None
            if not told and say is not None:
                limit = "until it is done" if math.isinf(wait) else f"up to {wait:g} s"
                say(f"waiting for {holder}, which is writing {shown} ({limit}; --wait 0 not to wait)")
                told = True
            time.sleep(_POLL)
            continue
        if _same_file(handle, path):
            os.ftruncate(handle, 0)
            os.pwrite(handle, f"{os.getpid()}\n".encode("ascii"), 0)
            return handle
        os.close(handle)  # its holder removed it as we took it: take the new one


@contextlib.contextmanager
def target_lock(
    target: str | os.PathLike[str],
    *,
    wait: float = DEFAULT_WAIT,
    say: Callable[[str], None] | None = None,
) -> Iterator[Path]:
    """Hold the exclusive lock of ``target`` for the ``with`` block (taken again by the same process,
    it is simply held on).

    Args:
        target: The folder or file to be written; its parent folder must exist.
        wait: The seconds to wait for another run holding the lock: 0 refuses at once, ``math.inf``
            waits as long as it takes.
        say: Called once with a line saying the run waits, when it does; ``None`` says nothing.

    Yields:
        The lock file's path.

    Raises:
        PublishError: When another run still holds the lock after ``wait`` seconds, or the lock file
            cannot be made (its folder is missing or read-only).

    >>> import tempfile, subprocess, sys
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     holder = subprocess.Popen([sys.executable, "-c", f"import fcntl, time; "
    ...         f"f = open({str(lock_path(Path(folder, 'set')))!r}, 'w'); f.write('4321'); f.flush(); "
    ...         "fcntl.flock(f, fcntl.LOCK_EX); print(1, flush=True); time.sleep(30)"],
    ...         stdout=subprocess.PIPE)
    ...     _ = holder.stdout.readline()
    ...     try:
    ...         with target_lock(Path(folder, "set"), wait=0):
    ...             pass
    ...     except PublishError as error:
    ...         print(str(error).replace(folder, "FOLDER").split(": ")[0])
    ...     holder.kill(); _ = holder.wait(); holder.stdout.close()
    'FOLDER/set' is being written by process 4321, another cardmath run
    """
    if not (wait >= 0):
        raise ValueError(f"wait must be 0 or more seconds, not {wait!r}")
    root = Path(os.path.abspath(target))
    path = lock_path(root)
    shown = repr(str(target))
    if path in _held:
        _held[path] += 1
        try:
            yield path
        finally:
            _held[path] -= 1
        return
    try:
        handle = _take(path, shown, wait, say)
    except OSError as error:
        raise PublishError(f"cannot write to {shown}: {error.strerror or error}") from None
    _held[path] = 1
    try:
        yield path
    finally:
        del _held[path]
        with contextlib.suppress(OSError):
            if _same_file(handle, path):
                os.unlink(path)
        os.close(handle)
