"""A folder cardmath replaces keeps what it was: its mode, owner and group; the current folder and
a mount point are refused rather than swapped away; missing folders above a target are made only
on request (``--parents``)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cardmath.errors import PublishError
from cardmath.files import OWNER_MARKER, write_file_set

SMALL = ["tables", "--games", "casino-war", "--decks", "1", "--formats", "csv"]


def cardmath(*words: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardmath", *words], capture_output=True, text=True, check=False, cwd=cwd
    )


def other_group() -> int:
    """A group this process may give a folder that is not its own primary group."""
    groups = [g for g in os.getgroups() if g != os.getgid()]
    if os.geteuid() == 0:
        return 65534  # nogroup: root may give any group
    if not groups:
        pytest.skip("this user belongs to one group only")
    return groups[0]


@pytest.mark.parametrize("written_before", [False, True])
def test_a_replaced_folder_keeps_its_mode_and_group(tmp_path: Path, written_before: bool) -> None:
    shared = tmp_path / "shared"
    if written_before:
        write_file_set(shared, {"a.txt": "1"})
    else:
        shared.mkdir()
    group = other_group()
    os.chown(shared, -1, group)
    os.chmod(shared, 0o2770)
    write_file_set(shared, {"b.txt": "2"})
    status = os.stat(shared)
    assert stat.S_IMODE(status.st_mode) == 0o2770 and status.st_gid == group
    assert sorted(path.name for path in shared.iterdir()) == [OWNER_MARKER, "b.txt"]


def test_the_current_folder_and_its_parents_are_refused(tmp_path: Path) -> None:
    """``--out .`` on an empty folder, or a table set from inside one of its own folders: the swap
    would leave the shell in a deleted folder, so the run is refused and the folder kept."""
    here = tmp_path / "work"
    here.mkdir()
    result = cardmath(*SMALL, "--out", ".", cwd=here)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "is the current folder or holds it" in result.stderr
    assert here.is_dir() and not any(here.iterdir())
    tables = tmp_path / "tables"
    assert cardmath(*SMALL, "--out", str(tables)).returncode == 0
    inside = next(path for path in tables.iterdir() if path.is_dir())
    before = sorted(path.relative_to(tables) for path in tables.rglob("*"))
    result = cardmath(*SMALL, "--out", str(tables), cwd=inside)
    assert result.returncode == 2 and "is the current folder or holds it" in result.stderr, result.stderr
    assert sorted(path.relative_to(tables) for path in tables.rglob("*")) == before
    previous = Path.cwd()
    os.chdir(here)
    try:
        with pytest.raises(PublishError, match="current folder"):
            write_file_set(here, {"a.txt": "1"})
    finally:
        os.chdir(previous)


def test_missing_folders_above_a_target_are_made_only_on_request(tmp_path: Path) -> None:
    for words in (["reddog", "--format", "csv", "--out"], [*SMALL, "--out"]):
        target = tmp_path / "new" / "deeper" / "out.csv"
        result = cardmath(*words, str(target))
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert "does not exist: create it, or give --parents" in result.stderr
        assert not (tmp_path / "new").exists()
        result = cardmath(*words, str(target), "--parents")
        assert result.returncode == 0, result.stderr
        assert target.exists()
        shutil.rmtree(tmp_path / "new")


def test_a_mount_point_is_refused(tmp_path: Path) -> None:
    point = tmp_path / "mounted"
    point.mkdir()
    if shutil.which("mount") is None or os.geteuid() != 0:
        pytest.skip("mounting a file system needs root")
    if subprocess.run(
        ["mount", "-t", "tmpfs", "tmpfs", str(point)], capture_output=True, check=False
    ).returncode:
        pytest.skip("this machine does not let a tmpfs be mounted")
    try:
        result = cardmath(*SMALL, "--out", str(point))
        assert result.returncode == 2 and "is a mount point" in result.stderr, result.stderr
        assert os.path.ismount(point) and not any(point.iterdir())
    finally:
        subprocess.run(["umount", str(point)], check=False)
