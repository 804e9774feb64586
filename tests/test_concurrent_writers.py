"""Runs that share a target take turns: eight ``cardmath tables`` runs on one folder at once, a few
of them killed, leave one whole run's output each round (``scripts/concurrent_writers.py``; its
full twenty rounds are run by hand), and the lock a run holds refuses or keeps waiting another."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from cardmath.errors import PublishError
from cardmath.locks import lock_path, target_lock

ROOT = Path(__file__).resolve().parents[1]


def writers_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "concurrent_writers", ROOT / "scripts" / "concurrent_writers.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_eight_writers_on_one_folder_leave_one_whole_set(tmp_path: Path) -> None:
    problems = writers_script().run_rounds(rounds=3, writers=8, seed=7, folder=tmp_path)
    assert problems == []


def hold(path: Path) -> subprocess.Popen[str]:
    """Another process holding the lock of ``path`` until it is killed."""
    code = (
        "import sys, time\n"
        "from pathlib import Path\n"
        "from cardmath.locks import target_lock\n"
        f"with target_lock(Path({str(path)!r})):\n"
        "    print('held', flush=True)\n"
        "    time.sleep(60)\n"
    )
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
    return holder


def test_a_run_refuses_or_waits_for_the_holder_and_a_killed_holder_blocks_nothing(tmp_path: Path) -> None:
    target = tmp_path / "tables"
    holder = hold(target)
    try:
        busy = rf"is being written by process {holder.pid}, another cardmath run"
        with pytest.raises(PublishError, match=busy), target_lock(target, wait=0):
            pass
        said: list[str] = []
        start = time.monotonic()
        with (
            pytest.raises(PublishError, match=r"\(waited 0.3 s\)"),
            target_lock(target, wait=0.3, say=said.append),
        ):
            pass
        assert time.monotonic() - start >= 0.3
        assert len(said) == 1 and f"waiting for process {holder.pid}" in said[0]
    finally:
        holder.kill()
        holder.wait()
        assert holder.stdout is not None
        holder.stdout.close()
    assert lock_path(target).exists()  # a killed holder leaves its file, not its lock
    with target_lock(target, wait=0):
        with target_lock(target, wait=0):  # the same process takes it again
            pass
        assert lock_path(target).exists()
    assert not lock_path(target).exists()


def test_the_command_line_names_the_holder(tmp_path: Path) -> None:
    target = tmp_path / "set"
    holder = hold(target.resolve())
    try:
        words = ["tables", "--games", "casino-war", "--decks", "1", "--formats", "csv", "--out", str(target)]
        result = subprocess.run(
            [sys.executable, "-m", "cardmath", *words, "--wait", "0"],
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        holder.kill()
        holder.wait()
        assert holder.stdout is not None
        holder.stdout.close()
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("cardmath: error: ") and f"process {holder.pid}" in result.stderr
    assert not target.exists()
