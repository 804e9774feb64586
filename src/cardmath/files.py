"""Writing files for people and tools, so that nothing is ever half written and nothing foreign
is ever replaced.

- :func:`check_out_file` and :func:`write_atomic`: one file, written through a temporary file and
  a rename.  Only a regular file is ever replaced: a folder, a device (``/dev/full``), a fifo or a
  system file (``/proc/...``) is refused.  A symbolic link is followed: its target is written and
  the link stays.
- :func:`check_out_dir`, :func:`claim_out_dir` and :func:`write_file_set`: a folder cardmath owns.
  Every folder cardmath creates holds a small marker file, :data:`OWNER_MARKER`, saying
  ``{"written_by": "cardmath", "kind": KIND}``; a non-empty folder without the marker of that kind
  is never written to.  A set of files (the published odds tables) is written into a staging
  folder beside the target and swapped in whole, so that at every instant the target holds the
  complete old set or the complete new set.  On Linux the swap is one atomic
  ``renameat2(RENAME_EXCHANGE)``; elsewhere it is two renames, and a run killed between them
  leaves the old set beside the target, where the next run puts it back before anything else.
  Each run first removes what earlier killed runs left beside the target (staging folders,
  files or symbolic links).  A target that is a symbolic link is resolved: the set is written in
  the link's target and the link stays.

Every failure is a :class:`~cardmath.errors.PublishError` of one line naming the path and the
cause.  Files get the permissions the user's umask gives (``rw-r--r--`` under the usual ``022``).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     write_atomic(Path(folder, "a.txt"), "text")
...     print(Path(folder, "a.txt").read_text())
text
>>> write_atomic("/dev/null", "text")
Traceback (most recent call last):
...
cardmath.errors.PublishError: cannot write to '/dev/null': it is a device, not a regular file
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import json
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from cardmath.errors import PublishError
from cardmath.locks import DEFAULT_WAIT, LOCK_SUFFIX, target_lock

__all__ = [
    "OWNER_MARKER",
    "STAGING_MARK",
    "check_out_dir",
    "check_out_file",
    "check_replaceable",
    "claim_out_dir",
    "owner_kind",
    "write_atomic",
    "write_file_set",
]

OWNER_MARKER = ".cardmath"
"""The file cardmath writes in every folder it creates and owns, holding the JSON
``{"written_by": "cardmath", "kind": KIND}`` (``KIND`` such as ``"tables"`` or ``"study"``)."""

STAGING_MARK = ".cardmath-"
"""What the names of the staging folders (``.NAME.cardmath-staging-PID``) and of a set being
swapped out (``.NAME.cardmath-old-PID``) carry, beside the target folder ``NAME``."""

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
_NAME_MAX = 255
_TEMPORARY_EXTRA = len("..12345678.tmp")
_MARKER_SIZE = 4096


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


def _cause(error: OSError) -> str:
    return error.strerror or str(error)


def _shown(path: str | os.PathLike[str]) -> str:
    """A path as a message quotes it: whole up to 120 characters, else its two ends."""
    text = str(path)
    return repr(text if len(text) <= 120 else f"{text[:70]}...{text[-40:]}")


def _failure(path: str | os.PathLike[str], cause: str) -> PublishError:
    return PublishError(f"cannot write to {_shown(path)}: {cause}")


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a fifo"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _system_devices() -> set[int]:
    """The devices of the kernel's pseudo file systems, whose "files" are not files."""
    devices = set()
    for folder in ("/proc", "/sys"):
        try:
            devices.add(os.stat(folder).st_dev)
        except OSError:
            continue
    return devices


def _resolved(path: str | os.PathLike[str], noun: str) -> Path:
    if not str(path).strip():
        raise PublishError(f"give a {noun} to write to, not an empty name")
    return Path(os.path.realpath(os.path.abspath(path)))


def _check_parents(given: str | os.PathLike[str], target: Path) -> None:
    """Refuse a target whose nearest existing folder is a file (``a/b`` where ``a`` is a file)."""
    for parent in target.parents:
        try:
            mode = os.stat(parent).st_mode
        except (FileNotFoundError, NotADirectoryError):
            continue
        if not stat.S_ISDIR(mode):
            raise _failure(given, f"{_shown(parent)} is a file, not a folder")
        return


def _check_name(given: str | os.PathLike[str], target: Path, extra: int) -> None:
    if len(os.fsencode(target.name)) > _NAME_MAX - extra:
        raise _failure(given, os.strerror(errno.ENAMETOOLONG))


def check_out_file(path: str | os.PathLike[str]) -> Path:
    """The file ``path`` may be written as, or a :class:`~cardmath.errors.PublishError` saying
    why not: an empty name, an existing target that is not a regular file (a folder, a device, a
    fifo, a ``/proc`` file), a parent that is a file, a name the system refuses.  A symbolic link
    is followed: the file returned is its target.

    Args:
        path: The file meant to be written; it need not exist, nor its folders.

    Returns:
        The file to write, as an absolute path with every symbolic link resolved.

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     check_out_file(Path(folder, "new", "figures.csv")).name
    'figures.csv'
    >>> check_out_file("/proc/version")
    Traceback (most recent call last):
    ...
    cardmath.errors.PublishError: cannot write to '/proc/version': it is a system file, not a regular file
    >>> check_out_file(" ")
    Traceback (most recent call last):
    ...
    cardmath.errors.PublishError: give a file to write to, not an empty name
    """
    target = _resolved(path, "file")
    _check_name(path, target, 0)
    try:
        _check_parents(path, target)
        try:
            status = os.stat(target)
        except FileNotFoundError:
            return target
    except OSError as error:
        raise _failure(path, _cause(error)) from None
    if not stat.S_ISREG(status.st_mode):
        raise _failure(path, f"it is {_kind_of(status.st_mode)}, not a regular file")
    if status.st_dev in _system_devices():
        raise _failure(path, "it is a system file, not a regular file")
    return target


def _temporary_prefix(target: Path) -> str:
    """``.NAME.`` for the temporary file beside ``NAME``, shorter when ``NAME`` leaves no room."""
    fits = len(os.fsencode(target.name)) <= _NAME_MAX - _TEMPORARY_EXTRA
    return f".{target.name}." if fits else ".cardmath-file."


def write_atomic(path: str | os.PathLike[str], text: str | bytes) -> None:
    """Write ``text`` (or bytes, such as a workbook) to ``path`` through a temporary file and a
    rename: never half a file, and never in place of anything but a regular file.

    Args:
        path: The file to write, checked by :func:`check_out_file` (a symbolic link is followed); its
            missing folders are made.
        text: The content: text is written as UTF-8 with Unix line ends, bytes as they are.

    Raises:
        PublishError: When the target is refused or the system fails (a full disk, no permission):
            one line naming the path and the cause; no temporary file is left behind.

    Missing folders are made, no temporary file is left behind, and the file gets the
    permissions of the user's umask:

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_atomic(Path(folder, "reddog", "figures.csv"), "house edge,523/16575")
    ...     print([path.relative_to(folder).as_posix() for path in sorted(Path(folder).rglob("*"))])
    ['reddog', 'reddog/figures.csv']
    """
    target = check_out_file(path)
    temporary: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(
            prefix=_temporary_prefix(target), suffix=".tmp", dir=target.parent
        )
        os.close(handle)
        _write(temporary, text)
        os.chmod(temporary, _file_mode())
        os.replace(temporary, target)
        temporary = None
    except OSError as error:
        raise _failure(path, _cause(error)) from None
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)


def owner_kind(folder: str | os.PathLike[str]) -> str | None:
    """The kind of folder cardmath wrote ``folder`` as, read from its :data:`OWNER_MARKER`.

    Args:
        folder: The folder to look in; it need not exist.

    Returns:
        The ``kind`` of the marker (``"tables"``, ``"study"`` ...), or ``None`` when the folder holds
        no readable marker written by cardmath.

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     before = owner_kind(folder)
    ...     _ = claim_out_dir(Path(folder, "tables"), "tables")
    ...     before, owner_kind(Path(folder, "tables"))
    (None, 'tables')
    """
    marker = Path(folder, OWNER_MARKER)
    try:
        if not stat.S_ISREG(os.lstat(marker).st_mode):
            return None
        with open(marker, "rb") as stream:
            document = json.loads(stream.read(_MARKER_SIZE))
    except (OSError, ValueError):
        return None
    if not isinstance(document, dict) or document.get("written_by") != "cardmath":
        return None
    kind = document.get("kind")
    return kind if isinstance(kind, str) else None


def _marker_text(kind: str) -> str:
    return json.dumps({"written_by": "cardmath", "kind": kind}) + "\n"


def _check_kind(kind: str) -> str:
    if not isinstance(kind, str) or not kind.strip():
        raise TypeError(f"kind must be a non-empty str such as 'tables', not {kind!r}")
    return kind


def check_out_dir(out_dir: str | os.PathLike[str], kind: str = "tables") -> Path:
    """The folder a set of files of ``kind`` may be written to, or a
    :class:`~cardmath.errors.PublishError` saying why not: an empty name, an existing target that
    is not a folder, a parent that is a file, a name the system refuses, or a non-empty folder
    without cardmath's marker of that kind.  A folder cardmath wrote (its :data:`OWNER_MARKER`
    names ``kind``) is accepted, and so is an empty or missing one.  A symbolic link is followed.
    Checked before any work, so a bad folder costs nothing.

    Args:
        out_dir: The folder the set is meant for; it need not exist.
        kind: What cardmath keeps there, as its marker names it: `"tables"` (the default) or `"study"`.

    Returns:
        The folder as an absolute path with every symbolic link resolved.

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     print(check_out_dir(Path(folder, "tables")).name)
    ...     _ = Path(folder, "notes.txt").write_text("mine")
    ...     try:
    ...         check_out_dir(folder)
    ...     except PublishError as error:
    ...         print(str(error).replace(folder, "FOLDER"))
    tables
    'FOLDER' is not a folder cardmath wrote: choose an empty or new folder
    >>> check_out_dir(" ")
    Traceback (most recent call last):
    ...
    cardmath.errors.PublishError: give a folder to write to, not an empty name
    """
    _check_kind(kind)
    root = _resolved(out_dir, "folder")
    try:
        _check_parents(out_dir, root)
        try:
            status = os.stat(root)
        except FileNotFoundError:
            status = None
        if status is not None:
            if not stat.S_ISDIR(status.st_mode):
                what = "a file" if stat.S_ISREG(status.st_mode) else _kind_of(status.st_mode)
                raise _failure(out_dir, f"it is {what}, not a folder")
            if any(root.iterdir()):
                owner = owner_kind(root)
                if owner is not None and owner != kind:
                    raise PublishError(
                        f"{_shown(out_dir)} is a folder cardmath wrote for {owner}, not {kind}: "
                        "choose an empty or new folder"
                    )
                if owner is None:
                    raise PublishError(
                        f"{_shown(out_dir)} is not a folder cardmath wrote: choose an empty or new folder"
                    )
        _check_name(out_dir, root, len(f".{STAGING_MARK}staging-{os.getpid()}"))
    except OSError as error:
        raise _failure(out_dir, _cause(error)) from None
    return root


def claim_out_dir(out_dir: str | os.PathLike[str], kind: str) -> Path:
    """Check ``out_dir`` with :func:`check_out_dir`, create it (with its parents) and write the
    marker that makes it a folder cardmath owns, of ``kind``.

    Args:
        out_dir: The folder to own: missing, empty, or already cardmath's of this kind.
        kind: The kind the marker names, such as `"study"`; a folder of another kind is refused.

    Returns:
        The folder as an absolute path with every symbolic link resolved.

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     root = claim_out_dir(Path(folder, "run"), "study")
    ...     print(Path(root, OWNER_MARKER).read_text(), end="")
    ...     try:
    ...         claim_out_dir(Path(folder, "run"), "tables")
    ...     except PublishError as error:
    ...         print(str(error).replace(folder, "FOLDER"))
    {"written_by": "cardmath", "kind": "study"}
    'FOLDER/run' is a folder cardmath wrote for study, not tables: choose an empty or new folder
    """
    root = check_out_dir(out_dir, kind)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _failure(out_dir, _cause(error)) from None
    if owner_kind(root) != kind:
        write_atomic(root / OWNER_MARKER, _marker_text(kind))
    return root


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


def _remove(path: Path) -> None:
    """Remove a leftover, whatever it is: a folder (not followed if it is a link), a file or a link."""
    if path.is_symlink() or not path.is_dir():
        path.unlink(missing_ok=True)
    else:
        shutil.rmtree(path, ignore_errors=True)


def _recover(root: Path, kind: str) -> None:
    """Put back a set left aside by a run killed between two renames, and remove what killed runs
    left: staging folders (or links, or files) beside ``root``, and temporary files inside it when
    it is a folder cardmath wrote.  Called with the target's lock held (:mod:`cardmath.locks`), so
    every one of them belongs to a run that is gone."""
    prefix = f".{root.name}{STAGING_MARK}"
    for path in sorted(root.parent.glob(f"{prefix}*")):
        if path.name.endswith(LOCK_SUFFIX):  # the lock file: ours, held
            continue
        if "-old-" in path.name and not os.path.lexists(root):
            os.rename(path, root)
        else:
            _remove(path)
    if not root.is_symlink() and root.is_dir() and owner_kind(root) == kind:
        for temporary in root.rglob(".*.tmp"):
            temporary.unlink(missing_ok=True)


def check_replaceable(out_dir: str | os.PathLike[str], root: Path | None = None) -> None:
    """Refuse a folder that a set cannot replace whole: the current folder or one holding it (the
    shell would be left in a deleted folder), or a mount point (it cannot be renamed).

    Args:
        out_dir: The folder as given.
        root: The folder resolved (:func:`check_out_dir`); resolved here when ``None``.

    Raises:
        PublishError: For the current folder, a folder holding it, or a mount point.

    >>> check_replaceable("/")
    Traceback (most recent call last):
    ...
    cardmath.errors.PublishError: '/' is the current folder or holds it, and a set replaces its folder whole: give a folder of its own, such as '/tables'
    """  # noqa: E501
    root = _resolved(out_dir, "folder") if root is None else root
    try:
        here = Path(os.path.realpath(os.getcwd()))
    except OSError:  # the current folder is gone already: nothing to protect
        here = None
    if here is not None and (root == here or root in here.parents):
        raise PublishError(
            f"{_shown(out_dir)} is the current folder or holds it, and a set replaces its folder whole: "
            f"give a folder of its own, such as {_shown(Path(out_dir, 'tables'))}"
        )
    if root.is_dir() and os.path.ismount(root):
        raise PublishError(
            f"{_shown(out_dir)} is a mount point, which cannot be replaced by another folder: "
            f"give a folder inside it, such as {_shown(Path(out_dir, 'tables'))}"
        )


def _check_parent(out_dir: str | os.PathLike[str], root: Path, parents: bool) -> None:
    """Make the target's missing parent folders when ``parents`` says so, else refuse."""
    if root.parent.is_dir():
        return
    if not parents:
        raise PublishError(
            f"the folder {_shown(root.parent)} does not exist: create it, or give --parents to have "
            f"cardmath create it for {_shown(out_dir)}"
        )
    try:
        root.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _failure(out_dir, _cause(error)) from None


def _keep_attributes(out_dir: str | os.PathLike[str], root: Path, staging: Path) -> None:
    """Give the staging folder the mode, owner and group of the folder it will replace, or refuse."""
    try:
        status = os.stat(root)
    except FileNotFoundError:
        return
    mine = os.stat(staging)
    if (mine.st_uid, mine.st_gid) != (status.st_uid, status.st_gid):
        try:
            os.chown(staging, status.st_uid, status.st_gid)
        except PermissionError:
            raise PublishError(
                f"{_shown(out_dir)} belongs to another user or group, which this run cannot give the "
                "folder that replaces it: write into a folder of your own, or run as its owner"
            ) from None
    os.chmod(staging, stat.S_IMODE(status.st_mode))


def write_file_set(
    out_dir: str | os.PathLike[str],
    files: Mapping[str, str | bytes],
    *,
    kind: str = "tables",
    pace: Callable[[str], None] | None = None,
    parents: bool = True,
    wait: float = DEFAULT_WAIT,
    say: Callable[[str], None] | None = None,
) -> tuple[Path, ...]:
    """Write ``files`` (``{relative path: text or bytes}``) and the marker :data:`OWNER_MARKER`
    as the whole content of ``out_dir``; return the paths of ``files``, in the order written.

    The set replaces whatever set was there.  ``out_dir`` must be missing, empty, or a folder
    cardmath wrote as ``kind`` (see :func:`check_out_dir`), so that no other file is ever
    removed; a symbolic link is resolved and the set written in its target.  The folder that
    replaces it keeps its mode, owner and group (or the run is refused when it cannot give them);
    the current folder, one holding it, and a mount point are refused.  The run holds the target's
    lock while it writes (:func:`cardmath.locks.target_lock`): another run writing the same target
    waits for it, up to ``wait`` seconds.  ``pace`` is called with each relative path before it is
    written and with ``""`` before the swap (a hook for tests that interrupt a run).

    Args:
        out_dir: The folder that will hold exactly these files and the marker.
        files: Each file's content, text or bytes, by its path relative to `out_dir`, in writing order.
        kind: What the marker says the folder holds; `"tables"` by default.
        pace: A function called with each path before it is written and with `""` before the swap; none
            by default.
        parents: Whether missing folders above `out_dir` are made (the default), or refused.
        wait: The seconds to wait for another run writing `out_dir`; 0 refuses at once.
        say: Called with a line when the run waits for another; none by default.

    Returns:
        The absolute paths of the files, in the order of `files` (the marker is not among them).

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     first = write_file_set(Path(folder, "set"), {"a/x.txt": "1", "index.json": "{}"})
    ...     second = write_file_set(Path(folder, "set"), {"b.txt": b"2", "index.json": "{}"})
    ...     print(sorted(p.relative_to(folder).as_posix() for p in Path(folder).rglob("*")))
    ['set', 'set/.cardmath', 'set/b.txt', 'set/index.json']
    >>> write_file_set("", {})
    Traceback (most recent call last):
    ...
    cardmath.errors.PublishError: give a folder to write to, not an empty name
    """
    root = check_out_dir(out_dir, kind)
    if OWNER_MARKER in files:
        raise ValueError(f"{OWNER_MARKER} is the marker cardmath writes itself; leave it out of files")
    check_replaceable(out_dir, root)
    given = Path(os.path.abspath(out_dir))
    _check_parent(out_dir, given, parents)
    _check_parent(out_dir, root, parents)
    with target_lock(root, wait=wait, say=say):
        return _write_set(out_dir, given, files, kind, pace)


def _write_set(
    out_dir: str | os.PathLike[str],
    given: Path,
    files: Mapping[str, str | bytes],
    kind: str,
    pace: Callable[[str], None] | None,
) -> tuple[Path, ...]:
    """:func:`write_file_set` once the target's lock is held."""
    staging: Path | None = None
    swapped = False
    try:
        if given.parent.is_dir():
            _recover(given, kind)  # beside a link too: a run of an earlier version left links there
        root = check_out_dir(out_dir, kind)
        _recover(root, kind)
        root = check_out_dir(out_dir, kind)
        staging = root.parent / f".{root.name}{STAGING_MARK}staging-{os.getpid()}"
        _remove(staging)
        os.mkdir(staging)
        _keep_attributes(out_dir, root, staging)
        mode = _file_mode()
        _write(staging / OWNER_MARKER, _marker_text(kind))
        os.chmod(staging / OWNER_MARKER, mode)
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
        _remove(staging)
        return tuple(written)
    except OSError as error:
        raise _failure(out_dir, _cause(error)) from None
    finally:
        if staging is not None and not swapped:
            _remove(staging)
