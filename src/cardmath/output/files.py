"""Writing files for people and tools, so that nothing is ever half written.

- :func:`write_atomic` writes one file through a temporary file and a rename.
- :func:`write_file_set` writes a whole set of files (the published odds tables) into a staging
  folder beside the target and then swaps it in, so that at every instant the target holds the
  complete old set or the complete new set.  On Linux the swap is one atomic
  ``renameat2(RENAME_EXCHANGE)``; elsewhere it is two renames, and a run killed between them
  leaves the old set beside the target, where the next run puts it back before anything else.
  Each run first removes the staging folders and temporary files of earlier killed runs.

Files get the permissions the user's umask gives (``rw-r--r--`` under the usual ``022``).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     write_atomic(Path(folder, "a.txt"), "text")
...     print(Path(folder, "a.txt").read_text())
text
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from cardmath.errors import PublishError

__all__ = ["STAGING_MARK", "check_out_dir", "write_atomic", "write_file_set"]

STAGING_MARK = ".cardmath-"
"""What the names of the staging folders (``.NAME.cardmath-staging-PID``) and of a set being
swapped out (``.NAME.cardmath-old-PID``) carry, beside the target folder ``NAME``."""

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def _write(stream_path: str | os.PathLike[str], content: str | bytes) -> None:
    """Write text (UTF-8, ``\\n`` line ends) or bytes (as they are) to a new file."""
    if isinstance(content, bytes):
        with open(stream_path, "wb") as binary:
            binary.write(content)
    else:
        with open(stream_path, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(content)


def write_atomic(path: str | os.PathLike[str], text: str | bytes) -> None:
    """Write ``text`` (or bytes, such as a workbook) to ``path`` through a temporary file and a
    rename: never half a file.

    Args:
        path: The file to write; its missing folders are made.
        text: The content: text is written as UTF-8 with Unix line ends, bytes as they are.

    Missing folders are made, no temporary file is left behind, and the file gets the
    permissions of the user's umask:

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_atomic(Path(folder, "reddog", "figures.csv"), "house edge,523/16575")
    ...     print([path.relative_to(folder).as_posix() for path in sorted(Path(folder).rglob("*"))])
    ['reddog', 'reddog/figures.csv']
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.close(handle)
        _write(temporary, text)
        os.chmod(temporary, _file_mode())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _exchange(first: Path, second: Path) -> bool:
    """Atomically exchange two paths (Linux ``renameat2``); ``False`` where that is not available."""
    if not sys.platform.startswith("linux"):
        return False
    library = ctypes.util.find_library("c")
    if library is None:  # pragma: no cover - every Linux has a C library
        return False
    libc = ctypes.CDLL(library, use_errno=True)
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:  # pragma: no cover - glibc before 2.28
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):  # pragma: no cover - old kernel or file system
        return False
    raise OSError(code, os.strerror(code), str(first))


def _leftovers(root: Path) -> list[Path]:
    prefix = f".{root.name}{STAGING_MARK}"
    return sorted(path for path in root.parent.glob(f"{prefix}*") if path.is_dir())


def _recover(root: Path) -> None:
    """Put back a set left aside by a run killed between two renames, and remove what killed runs
    left: staging folders beside ``root`` and temporary files inside it."""
    for path in _leftovers(root):
        if "-old-" in path.name and not root.exists():
            os.rename(path, root)
        else:
            shutil.rmtree(path, ignore_errors=True)
    if root.is_dir():
        for temporary in root.rglob(".*.tmp"):
            temporary.unlink(missing_ok=True)


def _is_replaceable(root: Path, marker: str) -> bool:
    """Whether ``root`` is missing, empty, or a set this writer wrote (it holds ``marker``)."""
    if not root.exists():
        return True
    return not any(root.iterdir()) or (root / marker).is_file()


def check_out_dir(out_dir: str | os.PathLike[str], marker: str = "index.json") -> Path:
    """The folder a set of files may be written to, as an absolute path, or a
    :class:`~cardmath.errors.PublishError` saying why not: an empty name, a file, a name the
    system refuses (too long), or a folder holding files that are not a set written before
    (one holding ``marker``).  Checked before any work, so a bad folder costs nothing.

    Args:
        out_dir: The folder the set is meant for; it need not exist.
        marker: The file whose presence shows a folder holds a set written before; `index.json` by
            default.

    Returns:
        The folder as an absolute path.

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     check_out_dir(Path(folder, "tables")).name
    'tables'
    >>> check_out_dir(" ")
    Traceback (most recent call last):
    ...
    cardmath.errors.PublishError: give a folder to write to, not an empty name
    """
    if not str(out_dir).strip():
        raise PublishError("give a folder to write to, not an empty name")
    root = Path(out_dir).absolute()
    try:
        if root.exists() and not root.is_dir():
            raise PublishError(f"cannot write the tables to {str(out_dir)!r}: it is a file, give a folder")
        if not _is_replaceable(root, marker):
            raise PublishError(
                f"{str(out_dir)!r} holds files that are not a table set written by cardmath: "
                "give a new or empty folder (a set written before is replaced whole)"
            )
        if len(os.fsencode(root.name)) > 255 - len(f".{STAGING_MARK}staging-{os.getpid()}"):
            raise OSError(errno.ENAMETOOLONG, os.strerror(errno.ENAMETOOLONG))
    except OSError as error:
        raise PublishError(
            f"cannot write the tables to {str(out_dir)!r}: {error.strerror or error}"
        ) from None
    return root


def write_file_set(
    out_dir: str | os.PathLike[str],
    files: Mapping[str, str | bytes],
    *,
    marker: str = "index.json",
    pace: Callable[[str], None] | None = None,
) -> tuple[Path, ...]:
    """Write ``files`` (``{relative path: text or bytes}``) as the whole content of ``out_dir``;
    return the paths written, in the order written.

    The set replaces whatever set was there.  ``out_dir`` must be missing, empty, or a set written
    before (it holds ``marker``), so that no other file is ever removed.  ``pace`` is called with
    each relative path before it is written and with ``""`` before the swap (a hook for tests that
    interrupt a run).

    Args:
        out_dir: The folder that will hold exactly these files.
        files: Each file's content, text or bytes, by its path relative to `out_dir`, in writing order.
        marker: The name of a file every set holds, telling a set written before from other files.
        pace: A function called with each path before it is written and with `""` before the swap; none
            by default.

    Returns:
        The absolute paths of the files, in the order of `files`.

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     first = write_file_set(Path(folder, "set"), {"a/x.txt": "1", "index.json": "{}"})
    ...     second = write_file_set(Path(folder, "set"), {"b.txt": b"2", "index.json": "{}"})
    ...     print(sorted(p.relative_to(folder).as_posix() for p in Path(folder).rglob("*")))
    ['set', 'set/b.txt', 'set/index.json']
    >>> write_file_set("", {})
    Traceback (most recent call last):
    ...
    cardmath.errors.PublishError: give a folder to write to, not an empty name
    """
    root = check_out_dir(out_dir, marker)
    staging = root.parent / f".{root.name}{STAGING_MARK}staging-{os.getpid()}"
    swapped = False
    try:
        root.parent.mkdir(parents=True, exist_ok=True)
        _recover(root)
        if not _is_replaceable(root, marker):
            raise PublishError(
                f"{str(out_dir)!r} holds files that are not a table set written by cardmath: "
                "give a new or empty folder (a set written before is replaced whole)"
            )
        shutil.rmtree(staging, ignore_errors=True)
        os.mkdir(staging)
        mode = _file_mode()
        written: list[Path] = []
        for name in files:
            if pace is not None:
                pace(name)
            path = staging / name
            path.parent.mkdir(parents=True, exist_ok=True)
            _write(path, files[name])
            os.chmod(path, mode)
            written.append(root / name)
        if pace is not None:
            pace("")
        if root.exists():
            if not _exchange(staging, root):
                aside = root.parent / f".{root.name}{STAGING_MARK}old-{os.getpid()}"
                os.rename(root, aside)
                os.rename(staging, root)
                staging = aside
        else:
            os.rename(staging, root)
        swapped = True
        shutil.rmtree(staging, ignore_errors=True)
        return tuple(written)
    except OSError as error:
        raise PublishError(
            f"cannot write the tables to {str(out_dir)!r}: {error.strerror or error}"
        ) from None
    finally:
        if not swapped:
            shutil.rmtree(staging, ignore_errors=True)
