"""Running a study: serially in this process, on an embedded Dask ``LocalCluster``, or on an
existing Dask cluster (``scheduler="tcp://host:8786"``).

The shoes are cut into chunks (:func:`~cardmath.study.engine.tally_shoes` on each); each shoe is
seeded by its index, and tallies are whole numbers, so the figures are identical for any number
of workers or chunks.  The chunks are made lazily and at most a few per worker are in flight at
once, so memory stays bounded however many shoes are dealt (up to :data:`MAX_SHOES`).  Given a
folder, each finished chunk is saved as it arrives and a study run again there resumes
(:class:`~cardmath.study.store.StudyStore`).

A cluster fails fast and says why: the scheduler's address is checked before Dask sees it
(:func:`scheduler_address`), the connection is probed with a short timeout (a refused
connection and a server that never replies are told apart), a cluster with no worker is given
:data:`WORKER_WAIT` seconds for one to join, and a run that loses every worker stops after as
long, saying how many shoes were done.  A Ctrl-C closes the cluster and raises
``KeyboardInterrupt``.

>>> from cardmath.study.engine import Study
>>> figures = run_study(Study.define(["tie"], shoes=4, seed=3), chunk=2)
>>> figures["shoes_done"], figures["strategies"]["tie never"]["bets_per_shoe"]["mean"]
(4, 0.0)
"""

from __future__ import annotations

import functools
import logging
import os
import re
import signal
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import chain
from pathlib import Path
from typing import Any

from cardmath.errors import OptionError, require_type
from cardmath.locks import DEFAULT_WAIT, target_lock
from cardmath.study.engine import Study, Tally, add_tallies, empty_tally, tally_shoes
from cardmath.study.report import StudyFigures
from cardmath.study.results import summarize
from cardmath.study.store import Saved, StudyStore, missing_ranges

__all__ = [
    "CONNECT_WAIT",
    "DEFAULT_CHUNK",
    "MAX_CHUNK",
    "MAX_SHOES",
    "WORKERS_PER_CORE",
    "WORKER_WAIT",
    "max_workers",
    "run_study",
    "scheduler_address",
    "study_tally",
]

DEFAULT_CHUNK = 50
"""Shoes per chunk: a few seconds of work for one worker on the side bets."""

MAX_CHUNK = 10_000
"""The most shoes per chunk: a chunk's shoes are dealt and evaluated together, about 110 kB of
memory per shoe (measured on baccarat's side bets), so 10,000 shoes take about 1.1 GB in each
worker."""

MAX_SHOES = 10**12
"""The most shoes a study deals: more than any cluster deals in a lifetime (10**12 shoes at a
million shoes a second take eleven days of a thousand cores), and every index stays exact."""

WORKERS_PER_CORE = 4
"""The embedded cluster has at most this many worker processes per core (each opens files and
sockets; more only slow the machine)."""

CONNECT_WAIT = 5.0
"""Seconds to wait for a scheduler to accept the connection, and again for its greeting."""

WORKER_WAIT = 30.0
"""Seconds a cluster may have no worker: before the first joins, or after the last is lost."""

_POLL = 1.0
"""Seconds between looks at the cluster while no chunk finishes."""

Progress = Callable[[int], None]
Report = Callable[[str], None]

_REFUSED_SCHEMES = {
    "inproc": "reaches a scheduler inside this same Python process only",
    "ucx": "needs UCX networking (ucx-py and its configuration), which cardmath does not set up",
    "tls": "needs certificates (a Dask security configuration), which cardmath does not take "
    "(on a trusted network, or through an SSH tunnel, tcp:// does)",
    "ws": "needs the scheduler's websocket listener, which cardmath does not use",
    "wss": "needs the scheduler's websocket listener and certificates, which cardmath does not use",
    "http": "is a web address (the dashboard, perhaps, on port 8787), not the scheduler's",
    "https": "is a web address (the dashboard, perhaps), not the scheduler's",
}
_HOST_PORT = re.compile(r"(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)):(\d{1,5})")


def max_workers() -> int:
    """The most worker processes of the embedded cluster: :data:`WORKERS_PER_CORE` per core.

    A ``scheduler``'s cluster has the workers it has; its size is not known before connecting, so
    a study on it takes whatever workers join, and ``workers`` is not given with it.

    Returns:
        ``WORKERS_PER_CORE * os.cpu_count()`` (one core when the count is unknown).

    >>> max_workers() >= WORKERS_PER_CORE
    True
    """
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def scheduler_address(text: str) -> tuple[str, int]:
    """The host and port of a Dask scheduler's address, ``tcp://HOST:PORT`` (or ``HOST:PORT``), or
    an :class:`~cardmath.errors.OptionError` naming what is wrong and what is accepted.

    Only ``tcp://`` is accepted: ``tls://`` needs certificates, ``ucx://`` and ``ws://`` need
    networking cardmath does not set up, ``inproc://`` works inside one process only, and an
    ``http://`` address is a web page, not a scheduler.

    Args:
        text: The address as the user gave it, such as ``"tcp://10.0.0.5:8786"``.

    Returns:
        The host (an IPv6 host without its brackets) and the port, 1 to 65535.

    >>> scheduler_address("tcp://127.0.0.1:8786"), scheduler_address("node-3:9000")
    (('127.0.0.1', 8786), ('node-3', 9000))
    >>> scheduler_address("inproc://x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the scheduler address 'inproc://x' cannot be used: inproc:// reaches ...
    """
    require_type(text, str, "scheduler", "an address such as 'tcp://10.0.0.5:8786'")
    value = text.strip()
    if not value:
        raise OptionError("give the Dask scheduler's address as tcp://HOST:PORT, not an empty one")
    scheme, separator, rest = value.partition("://")
    if not separator:
        scheme, rest = "tcp", value
    scheme = scheme.lower()
    if scheme in _REFUSED_SCHEMES:
        raise OptionError(
            f"the scheduler address {text!r} cannot be used: {scheme}:// {_REFUSED_SCHEMES[scheme]}; "
            "give tcp://HOST:PORT"
        )
    if scheme != "tcp":
        raise OptionError(f"the scheduler address {text!r} has the scheme {scheme}://: give tcp://HOST:PORT")
    match = _HOST_PORT.fullmatch(rest)
    port = int(match.group(3)) if match else 0
    if match is None or not 1 <= port <= 65535:
        raise OptionError(
            f"a scheduler address is tcp://HOST:PORT with a port from 1 to 65535, such as "
            f"tcp://10.0.0.5:8786, not {text!r}"
        )
    return match.group(1) or match.group(2), port


def _receive(sock: socket.socket, size: int, deadline: float) -> bytes:
    data = b""
    while len(data) < size:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        part = sock.recv(size - len(data))
        if not part:
            raise ConnectionResetError("closed")
        data += part
    return data


def _probe(host: str, port: int) -> None:
    """Connect to ``host:port`` and read a Dask scheduler's greeting (it sends its handshake as soon
    as a connection is made), each within :data:`CONNECT_WAIT` seconds."""
    where = f"{host}:{port}"
    try:
        sock = socket.create_connection((host, port), timeout=CONNECT_WAIT)
    except ConnectionRefusedError:
        raise OptionError(
            f"connection refused at {where}: no Dask scheduler listens there (start one with "
            f"`dask scheduler --port {port}`)"
        ) from None
    except socket.gaierror as error:
        raise OptionError(f"cannot find the scheduler's host {host!r}: {error.strerror}") from None
    except TimeoutError:
        raise OptionError(
            f"no answer from {where} within {CONNECT_WAIT:g} s: the host is down or a firewall drops "
            "the connection"
        ) from None
    except OSError as error:
        raise OptionError(f"cannot reach the scheduler at {where}: {error.strerror or error}") from None
    with sock:
        try:
            deadline = time.monotonic() + CONNECT_WAIT
            length = int.from_bytes(_receive(sock, 8, deadline), "little")
            greeting = _receive(sock, length, deadline) if 0 < length <= 65536 else b""
        except TimeoutError:
            raise OptionError(
                f"no reply from a Dask scheduler at {where}: it accepted the connection but sent no "
                f"Dask greeting within {CONNECT_WAIT:g} s (is it a Dask scheduler, and not too busy?)"
            ) from None
        except OSError:
            greeting = b""
        if b"compression" not in greeting:
            raise OptionError(
                f"{where} is not a Dask scheduler: it does not greet as one (the scheduler's usual "
                "port is 8786)"
            )


@contextmanager
def _ignoring_interrupts() -> Iterator[None]:
    """Ignore Ctrl-C while worker processes start, so that they inherit the ignoring: a Ctrl-C at
    the terminal, sent to every process of the group, then reaches only this one, which closes
    the cluster (its workers with it) instead of each worker printing a traceback."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals are the main thread's
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def _quiet_logs() -> Iterator[None]:
    """Keep this process's Dask, Tornado and asyncio loggers to critical messages while a study
    runs on a cluster: what goes wrong there reaches the study as an exception (a lost worker, a
    lost scheduler), and what they log when a Ctrl-C closes the cluster mid-task is noise."""
    families = ("distributed", "tornado", "asyncio")
    names = {*families, *(name for name in logging.root.manager.loggerDict if name.split(".")[0] in families)}
    loggers = [logging.getLogger(name) for name in sorted(names)]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


@contextmanager
def _client(scheduler: str | None, workers: int) -> Iterator[Any]:
    """A Dask client: on the scheduler given (probed first, and given :data:`WORKER_WAIT` seconds to
    have a worker), or on an embedded ``LocalCluster`` of ``workers`` single-threaded worker
    processes (the work holds the interpreter lock between numpy calls, so processes, not threads,
    run it in parallel)."""
    from distributed import Client, LocalCluster  # noqa: PLC0415 (Dask only when a cluster is asked for)

    if scheduler is None:
        with _ignoring_interrupts():
            cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},  # no fixed port
                silence_logs=logging.CRITICAL,
            )
        with _quiet_logs(), cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            yield client
        return
    host, port = scheduler_address(scheduler)
    _probe(host, port)
    address = f"tcp://[{host}]:{port}" if ":" in host else f"tcp://{host}:{port}"
    try:
        client = Client(address, timeout=f"{2 * CONNECT_WAIT:g}s")  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError) as error:
        raise OptionError(f"cannot connect to the Dask scheduler at {address}: {error}") from None
    with _quiet_logs(), client:
        try:
            client.wait_for_workers(1, timeout=WORKER_WAIT)
        except TimeoutError:
            raise OptionError(
                f"the Dask scheduler at {address} has no workers: none joined within {WORKER_WAIT:g} s "
                f"(start some with `dask worker {address}`)"
            ) from None
        yield client


def _threads(client: Any) -> int:
    """The number of worker threads of the cluster now."""
    return sum(client.nthreads().values())


def _check_bounds(study: Study, scheduler: str | None, workers: int | None, chunk: int) -> None:
    """Refuse a chunk size, number of workers or number of shoes out of bounds, saying the bounds."""
    require_type(study, Study, "study", "a Study (Study.define([...]))")
    if isinstance(chunk, bool) or not isinstance(chunk, int) or not 1 <= chunk <= MAX_CHUNK:
        raise OptionError(
            f"the chunk size must be a whole number of shoes from 1 to {MAX_CHUNK:,} (a chunk's shoes "
            f"are held in memory together, about 110 kB each), not {chunk!r}"
        )
    if workers is not None:
        if scheduler is not None:
            raise OptionError(
                "the number of workers is for the embedded cluster: a scheduler's cluster has its own"
            )
        most = max_workers()
        if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= most:
            raise OptionError(
                f"the number of workers must be a whole number from 1 to {most} "
                f"({WORKERS_PER_CORE} per core), not {workers!r}"
            )
    if study.shoes > MAX_SHOES:
        raise OptionError(f"a study deals at most {MAX_SHOES:,} shoes (10**12), not {study.shoes:,}")


def study_tally(
    study: Study,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk: int = DEFAULT_CHUNK,
    out: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    report: Report | None = None,
    wait: float = DEFAULT_WAIT,
    restart: bool = False,
) -> Tally:
    """The whole-number tally of every shoe of the study (see :func:`run_study`).

    Args:
        study: The study to deal.
        scheduler: The address of an existing Dask scheduler (``"tcp://host:8786"``); ``None`` runs here or on
            an embedded cluster.
        workers: The number of worker processes, 1 to :func:`max_workers`: 1 runs in this process; ``None``
            uses one per core (not given with ``scheduler``).
        chunk: The number of shoes per unit of work, 1 to :data:`MAX_CHUNK`; :data:`DEFAULT_CHUNK` by default.
        out: A folder to save each finished chunk in and to resume from; ``None`` saves nothing.
        progress: Called with the number of shoes each time some are done (those already saved first);
            ``None`` for no report.
        report: Called with one line for each damaged file of ``out`` (its shoes are dealt again); ``None``
            writes the lines to standard error.
        wait: The seconds to wait for another run writing ``out`` (:func:`cardmath.locks.target_lock`);
            0 refuses at once.
        restart: Whether chunks of another study found in ``out`` are removed (reported) rather than the
            folder refused.

    Returns:
        The sum of every chunk's tally, the saved ones included.

    Raises:
        OptionError: When ``chunk``, ``workers`` or the study's shoes are out of bounds, the scheduler cannot
            be used or has no worker, or ``out`` holds another study.
        PublishError: When ``out`` cannot be a study's folder or a chunk cannot be written there.
        TypeError: When ``study`` is not a :class:`~cardmath.study.engine.Study`.

    >>> from cardmath.study.engine import Study
    >>> study_tally(Study.define(["tie"], shoes=3, seed=3), chunk=2)["shoes"]
    3
    """
    _check_bounds(study, scheduler, workers, chunk)
    if scheduler is not None:
        scheduler_address(scheduler)
    count = functools.partial(
        _tally, study, scheduler=scheduler, workers=workers, chunk=chunk, progress=progress, report=report
    )
    if out is None:
        return count(out=None, restart=False)
    if not str(out).strip() or not Path(os.path.abspath(out)).parent.is_dir():
        StudyStore(out, study, report)  # refuses an empty name; makes the folder and its parents
    with target_lock(os.path.realpath(os.path.abspath(out)), wait=wait):  # one run at a time per folder
        return count(out=out, restart=restart)


def _tally(
    study: Study,
    *,
    scheduler: str | None,
    workers: int | None,
    chunk: int,
    out: str | os.PathLike[str] | None,
    progress: Progress | None,
    report: Report | None,
    restart: bool,
) -> Tally:
    """:func:`study_tally`, its arguments checked and its folder's lock held."""
    store = StudyStore(out, study, report, restart=restart) if out is not None else None
    saved = store.scan() if store is not None else Saved(empty_tally(study), ())
    tally = saved.tally
    if progress is not None and tally["shoes"]:
        progress(tally["shoes"])
    todo = missing_ranges(study.shoes, saved.ranges, chunk)

    def finished(start: int, stop: int, part: Tally) -> None:
        nonlocal tally
        if store is not None:
            store.save(start, stop, part)
        tally = add_tallies(tally, part)
        if progress is not None:
            progress(stop - start)

    count = workers if workers is not None else (os.cpu_count() or 1)
    if scheduler is None and count == 1:
        for start, stop in todo:
            finished(start, stop, tally_shoes(study, start, stop))
        return tally
    first = next(todo, None)
    if first is None:
        return tally

    def stopped(why: str) -> OptionError:
        done = f"{tally['shoes']:,} of {study.shoes:,} shoes done"
        kept = (
            f"saved in {str(out)!r}: run the same study there again to resume"
            if store is not None
            else "give a folder (--out) to keep finished chunks"
        )
        return OptionError(f"{why}: {done} ({kept})")

    _deal_on_cluster(
        study, todo=chain([first], todo), scheduler=scheduler, count=count, finished=finished, stopped=stopped
    )
    return tally


def _deal_on_cluster(
    study: Study,
    *,
    todo: Iterator[tuple[int, int]],
    scheduler: str | None,
    count: int,
    finished: Callable[[int, int, Tally], None],
    stopped: Callable[[str], OptionError],
) -> None:
    """Deal the ranges of ``todo`` on a cluster, a few per worker thread in flight, each finished
    one given to ``finished``; stop with ``stopped(why)`` when every worker is lost for
    :data:`WORKER_WAIT` seconds, a chunk kills its workers, or the scheduler goes away."""
    from distributed import wait  # noqa: PLC0415 (Dask only when a cluster is asked for)
    from distributed.scheduler import KilledWorker  # noqa: PLC0415

    with _client(scheduler, count) as client:
        alone_since: float | None = None

        def look() -> int:
            """The cluster's worker threads now; ``stopped`` when it has had none for too long."""
            nonlocal alone_since
            try:
                threads = _threads(client)
            except OSError:
                raise stopped("lost the connection to the Dask scheduler") from None
            if threads:
                alone_since = None
            elif alone_since is None:
                alone_since = time.monotonic()
            elif time.monotonic() - alone_since > WORKER_WAIT:
                raise stopped(f"the cluster lost every worker and none joined within {WORKER_WAIT:g} s")
            return threads

        slots = 2 * max(look(), 1)
        pending: dict[Any, tuple[int, int]] = {}
        while True:
            while len(pending) < slots:
                start_stop = next(todo, None)
                if start_stop is None:
                    break
                future = client.submit(tally_shoes, study, *start_stop, pure=False)
                pending[future] = start_stop
            if not pending:
                return
            try:
                done, _ = wait(list(pending), timeout=_POLL, return_when="FIRST_COMPLETED")  # type: ignore[no-untyped-call]
            except TimeoutError:
                done = set()
            if not done:
                slots = max(slots, 2 * look())
                continue
            for future in done:
                start, stop = pending.pop(future)
                part: Tally | None = None
                while part is None:  # a result lost with its worker is dealt again, if a worker is left
                    try:
                        part = future.result(timeout=_POLL)
                    except TimeoutError:
                        look()
                    except KilledWorker:
                        raise stopped(
                            f"shoes {start}-{stop - 1} killed the workers that dealt them"
                        ) from None
                finished(start, stop, part)
                future.release()


def run_study(
    study: Study,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk: int = DEFAULT_CHUNK,
    out: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
    report: Report | None = None,
    restart: bool = False,
) -> StudyFigures:
    """Deal every shoe of the study and return its figures (:func:`~cardmath.study.results.summarize`).

    ``workers=1`` (and no scheduler) runs in this process; more workers run on an embedded Dask
    ``LocalCluster`` (``None``: one per core); ``scheduler`` names an existing Dask cluster.  With
    ``out``, finished chunks are saved there and a run again resumes (a damaged chunk is reported
    and dealt again).  ``progress`` is called with the number of shoes each time a chunk finishes.

    Args:
        study: The study to deal and summarize.
        scheduler: The address of an existing Dask scheduler, ``tcp://HOST:PORT``; ``None`` for this machine.
        workers: How many worker processes (1: in this process; ``None``: one per core), at most
            :func:`max_workers`.
        chunk: The shoes per unit of work, at most :data:`MAX_CHUNK`; :data:`DEFAULT_CHUNK` by default.
        out: A folder where finished chunks are saved and from which a rerun resumes; ``None`` for none.
        progress: A callback given the number of shoes each chunk adds; ``None`` for none.
        report: A callback given one line per damaged file found in ``out``; ``None`` prints to standard
            error.
        restart: Whether another study's chunks in ``out`` are discarded (reported) rather than the folder
            refused.

    Returns:
        The study's figures as JSON-ready data (a dict, :class:`~cardmath.study.report.StudyFigures`, that
            also shows itself in a notebook): each strategy's and bet's means with their standard errors, and
            the edge by count.

    >>> from cardmath.study.engine import Study
    >>> run_study(Study.define(["tie"], shoes=2, seed=1), workers=1)["rounds_per_shoe"]["mean"] > 60
    True
    """
    tally = study_tally(
        study,
        scheduler=scheduler,
        workers=workers,
        chunk=chunk,
        out=out,
        progress=progress,
        report=report,
        restart=restart,
    )
    return summarize(study, tally)
