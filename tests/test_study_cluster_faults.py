"""Clusters that fail fast and say why: a refused connection, a server on 127.0.0.1 that accepts
and never answers, one that answers as something else, a real Dask scheduler (started here with
the ``dask`` command) with no workers, and one whose only worker is killed mid-run each stop a
study with one clear line; malformed ``--scheduler`` values and out-of-bounds ``--workers``,
``--chunk`` and ``--shoes`` are refused before any work; a Ctrl-C at the terminal stops a study
on the embedded cluster with one line and status 130."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from cardmath.cli import main
from cardmath.errors import OptionError
from cardmath.study import Study, run_study, study_tally
from cardmath.study import runner as study_runner

Client = pytest.importorskip("distributed").Client

ROOT = Path(__file__).resolve().parent.parent
DASK = Path(sys.executable).with_name("dask")
CARDMATH = Path(sys.executable).with_name("cardmath")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def one_line_error(words: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The error line of a command that must fail with status 2 and print nothing else."""
    assert main(words) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("cardmath: error: ")
    assert captured.err.count("\n") == 1, captured.err
    return captured.err


STUDY = ["study", "tie", "--shoes", "2"]


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A port on 127.0.0.1 whose server accepts connections and never sends a byte."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                held.append(server.accept()[0])
            except OSError:
                return

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield int(server.getsockname()[1])
    server.close()
    for connection in held:
        connection.close()


@pytest.fixture
def banner_server() -> Iterator[int]:
    """A port on 127.0.0.1 whose server greets as an SSH server does, then waits."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                connection = server.accept()[0]
            except OSError:
                return
            connection.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")
            held.append(connection)

    threading.Thread(target=accept, daemon=True).start()
    yield int(server.getsockname()[1])
    server.close()
    for connection in held:
        connection.close()


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a real Dask scheduler with no workers, stopped afterwards."""
    if not DASK.exists() and shutil.which("dask") is None:
        pytest.skip("the dask command is not installed")
    command = str(DASK) if DASK.exists() else "dask"
    port = free_port()
    log = open(tmp_path_factory.mktemp("scheduler") / "scheduler.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        [command, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None, "the scheduler did not start"
                threading.Event().wait(0.1)
        yield f"tcp://127.0.0.1:{port}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("garbage", "tcp://HOST:PORT with a port from 1 to 65535"),
        ("", "not an empty one"),
        ("tcp://", "tcp://HOST:PORT with a port"),
        ("tcp://127.0.0.1:abc", "tcp://HOST:PORT with a port"),
        ("tcp://127.0.0.1:70000", "tcp://HOST:PORT with a port"),
        ("http://127.0.0.1:8787/status", "http:// is a web address"),
        ("inproc://x", "inside this same Python process only"),
        ("ucx://127.0.0.1:8786", "needs UCX networking"),
        ("tls://127.0.0.1:8786", "needs certificates"),
        ("ws://127.0.0.1:8786", "websocket"),
        ("udp://127.0.0.1:8786", "has the scheme udp://"),
    ],
)
def test_malformed_scheduler_addresses_are_one_line_errors(
    address: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in one_line_error([*STUDY, "--scheduler", address], capsys)


def test_a_refused_connection_is_told_apart_from_a_silent_server(
    silent_server: int, banner_server: int, capsys: pytest.CaptureFixture[str]
) -> None:
    closed = free_port()  # nothing listens there any more
    error = one_line_error([*STUDY, "--scheduler", f"tcp://127.0.0.1:{closed}"], capsys)
    assert f"connection refused at 127.0.0.1:{closed}" in error
    error = one_line_error([*STUDY, "--scheduler", f"127.0.0.1:{silent_server}"], capsys)
    assert "no reply from a Dask scheduler" in error and "accepted the connection" in error
    error = one_line_error([*STUDY, "--scheduler", f"tcp://127.0.0.1:{banner_server}"], capsys)
    assert "is not a Dask scheduler" in error
    web = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    threading.Thread(target=web.serve_forever, daemon=True).start()
    try:
        error = one_line_error([*STUDY, "--scheduler", f"tcp://127.0.0.1:{web.server_port}"], capsys)
    finally:
        web.shutdown()
        web.server_close()
    assert "no reply from a Dask scheduler" in error  # a web server waits for a request


def test_a_scheduler_with_no_workers_is_reported(
    scheduler: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(study_runner, "WORKER_WAIT", 1.0)
    error = one_line_error([*STUDY, "--scheduler", scheduler], capsys)
    assert f"the Dask scheduler at {scheduler} has no workers: none joined within 1 s" in error


def test_a_cluster_that_loses_its_workers_stops_and_the_study_resumes(
    scheduler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    command = str(DASK) if DASK.exists() else "dask"
    worker = subprocess.Popen(
        [command, "worker", scheduler, "--host", "127.0.0.1", "--nthreads", "1", "--no-nanny"],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    study = Study.define(["tie"], shoes=40, seed=4)
    calls: list[int] = []

    def kill_the_worker(shoes: int) -> None:
        calls.append(shoes)
        worker.kill()

    try:
        with Client(scheduler, timeout="30s") as client:
            client.wait_for_workers(1, timeout=120)
        monkeypatch.setattr(study_runner, "WORKER_WAIT", 1.0)
        monkeypatch.setattr(study_runner, "_POLL", 0.2)
        with pytest.raises(OptionError) as stopped:
            study_tally(study, scheduler=scheduler, chunk=1, out=tmp_path / "s", progress=kill_the_worker)
    finally:
        worker.kill()
        worker.wait()
    message = str(stopped.value)
    assert "the cluster lost every worker and none joined within 1 s" in message
    done = sum(calls)
    assert 1 <= done < 40 and f"{done} of 40 shoes done" in message and "run the same study there" in message
    resumed: list[int] = []
    assert study_tally(study, workers=1, chunk=1, out=tmp_path / "s", progress=resumed.append)["shoes"] == 40
    assert resumed[0] == done


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--workers", "0"], "whole number 1 or more"),
        (["--workers", "10000"], f"from 1 to {4 * (os.cpu_count() or 1)} (4 per core)"),
        (["--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "is for the embedded cluster"),
        (["--chunk", "0"], "whole number 1 or more"),
        (["--chunk", "10001"], "from 1 to 10,000"),
        (["--shoes", str(10**15)], "at most 1,000,000,000,000 shoes"),
        (["--seed", "9" * 600], "from 0 to 18,446,744,073,709,551,615"),
    ],
)
def test_bounds_are_one_line_errors(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in one_line_error([*STUDY, *words], capsys)


def test_bounds_from_python() -> None:
    study = Study.define(["tie"], shoes=1)
    with pytest.raises(OptionError, match="from 1 to 10,000"):
        run_study(study, chunk=10**9)
    with pytest.raises(OptionError, match="per core"):
        run_study(study, workers=10**6)
    with pytest.raises(TypeError, match="scheduler must be an address"):
        run_study(study, scheduler=8786)  # type: ignore[arg-type]


def test_ctrl_c_stops_a_study_on_the_embedded_cluster_with_one_line(tmp_path: Path) -> None:
    """Ctrl-C at a terminal interrupts every process of the group: the workers ignore it and the
    command closes the cluster, prints one line and exits with 130."""
    if not CARDMATH.exists():
        pytest.skip("the cardmath command is not installed")
    folder = tmp_path / "study"
    words = ["study", "tie", "--shoes", "400", "--chunk", "1", "--workers", "2", "--out", str(folder)]
    process = subprocess.Popen(
        [str(CARDMATH), *words], stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
    )
    try:
        for _ in range(1200):
            if len(list(folder.glob("chunk-*.json"))) >= 2 or process.poll() is not None:
                break
            threading.Event().wait(0.1)
        assert process.poll() is None, "the study ended before it could be interrupted"
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130
    assert out == b"" and err.decode() == "cardmath: interrupted\n"
    assert group_ends(process.pid), "a worker process outlived the command"


def group_ends(group: int) -> bool:
    """Whether every process of the group is gone within a minute (a closed worker is reaped by the
    system soon after the command that started it ends)."""
    for _ in range(600):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        threading.Event().wait(0.1)
    return False
