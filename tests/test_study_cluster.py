"""A seeded study on one worker equals the same study on a real Dask cluster: a scheduler and two
workers started here on 127.0.0.1 with the ``dask`` command, and stopped at the end (a baccarat
study, and a Dragon Tiger study, whose setup travels to the workers by the game's name)."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardmath.study import ShoeSetup, Study, run_study

Client = pytest.importorskip("distributed").Client

ROOT = Path(__file__).resolve().parent.parent
DASK = Path(sys.executable).with_name("dask")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[str]:
    """The address of a scheduler with two single-threaded workers, all stopped afterwards."""
    if not DASK.exists() and shutil.which("dask") is None:
        pytest.skip("the dask command is not installed")
    command = str(DASK) if DASK.exists() else "dask"
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    logs = [open(tmp_path / f"{name}.log", "w") for name in ("scheduler", "worker-1", "worker-2")]  # noqa: SIM115
    processes = [
        subprocess.Popen(
            [command, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
            cwd=ROOT,
            stdout=logs[0],
            stderr=subprocess.STDOUT,
        )
    ]
    try:
        for log in logs[1:]:
            processes.append(
                subprocess.Popen(
                    [command, "worker", address, "--host", "127.0.0.1", "--nthreads", "1", "--no-dashboard"],
                    cwd=ROOT,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
        with Client(address, timeout="60s") as client:
            client.wait_for_workers(2, timeout=90)
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for log in logs:
            log.close()


def test_one_worker_and_a_two_worker_cluster_give_identical_json(cluster: str) -> None:
    study = Study.define(
        ["dragon_7"], counts=[("how_dragon_7", None, None)], setup=ShoeSetup(cut_card=16), shoes=10, seed=17
    )
    alone = json.dumps(run_study(study, workers=1), default=str)
    on_cluster = json.dumps(run_study(study, scheduler=cluster, chunk=3), default=str)
    assert on_cluster == alone
    tiger = Study.define(["tie", "dragon_big"], setup=ShoeSetup(game="dragon-tiger"), shoes=4, seed=17)
    alone = json.dumps(run_study(tiger, workers=1), default=str)
    assert json.dumps(run_study(tiger, scheduler=cluster, chunk=1), default=str) == alone


def test_an_embedded_local_cluster_gives_the_same_json() -> None:
    study = Study.define(["panda_8"], shoes=4, seed=3)
    assert json.dumps(run_study(study, workers=2, chunk=1), default=str) == json.dumps(
        run_study(study, workers=1), default=str
    )
