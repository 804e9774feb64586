"""Running a study: serially in this process, on an embedded Dask ``LocalCluster``, or on an
existing Dask cluster (``scheduler="tcp://host:8786"``).

The shoes are cut into chunks (:func:`~cardmath.study.engine.tally_shoes` on each); each shoe is
seeded by its index, and tallies are whole numbers, so the figures are identical for any number
of workers or chunks.  At most a few chunks per worker are in flight at once, so memory stays
bounded however many shoes are dealt.  Given a folder, each finished chunk is saved as it
arrives and a study run again there resumes (:class:`~cardmath.study.store.StudyStore`).

>>> from cardmath.study.engine import Study
>>> figures = run_study(Study.define(["tie"], shoes=4, seed=3), chunk=2)
>>> figures["shoes_done"], figures["strategies"]["tie never"]["bets_per_shoe"]["mean"]
(4, 0.0)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from cardmath.errors import OptionError
from cardmath.study.engine import Study, Tally, add_tallies, empty_tally, tally_shoes
from cardmath.study.results import summarize
from cardmath.study.store import StudyStore

__all__ = ["DEFAULT_CHUNK", "run_study", "study_tally"]

DEFAULT_CHUNK = 50
"""Shoes per chunk: a few seconds of work for one worker on the side bets."""

Progress = Callable[[int], None]


@contextmanager
def _client(scheduler: str | None, workers: int) -> Iterator[Any]:
    """A Dask client: on the scheduler given, or on an embedded ``LocalCluster`` of ``workers``
    single-threaded worker processes (the work holds the interpreter lock between numpy calls, so
    processes, not threads, run it in parallel)."""
    from distributed import Client, LocalCluster  # noqa: PLC0415 (Dask only when a cluster is asked for)

    if scheduler is not None:
        try:
            client = Client(scheduler, timeout="20s")  # type: ignore[no-untyped-call]
        except OSError as error:
            raise OptionError(f"cannot reach the Dask scheduler at {scheduler!r}: {error}") from None
        with client:
            yield client
        return
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
        yield client


def study_tally(
    study: Study,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk: int = DEFAULT_CHUNK,
    out: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> Tally:
    """The whole-number tally of every shoe of the study (see :func:`run_study`).

    Args:
        study: The study to deal.
        scheduler: The address of an existing Dask scheduler (``"tcp://host:8786"``); ``None`` runs here or on
            an embedded cluster.
        workers: The number of worker processes: 1 runs in this process; ``None`` uses one per core.
        chunk: The number of shoes per unit of work, 1 or more; :data:`DEFAULT_CHUNK` by default.
        out: A folder to save each finished chunk in and to resume from; ``None`` saves nothing.
        progress: Called with the number of shoes each time some are done (those already saved first);
            ``None`` for no report.

    Returns:
        The sum of every chunk's tally, the saved ones included.

    Raises:
        OptionError: When ``chunk`` or ``workers`` is not a whole number 1 or more.

    >>> from cardmath.study.engine import Study
    >>> study_tally(Study.define(["tie"], shoes=3, seed=3), chunk=2)["shoes"]
    3
    """
    if isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise OptionError(f"the chunk size must be a whole number of shoes, 1 or more, not {chunk!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise OptionError(f"the number of workers must be a whole number 1 or more, not {workers!r}")
    store = StudyStore(out, study) if out is not None else None
    done = store.load() if store is not None else {}
    tally = empty_tally(study)
    for part in done.values():
        tally = add_tallies(tally, part)
    if progress is not None and tally["shoes"]:
        progress(tally["shoes"])
    if store is not None:
        todo = store.missing(chunk)
    else:
        todo = [(start, min(start + chunk, study.shoes)) for start in range(0, study.shoes, chunk)]

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
    if not todo:
        return tally
    from distributed import as_completed  # noqa: PLC0415 (Dask only when a cluster is asked for)

    with _client(scheduler, count) as client:
        slots = 2 * max(len(client.scheduler_info().get("workers", {})), count if scheduler is None else 1)
        pending = iter(todo)
        ranges: dict[str, tuple[int, int]] = {}

        def submit() -> Any:
            start, stop = next(pending)
            future = client.submit(tally_shoes, study, start, stop, pure=False)
            ranges[future.key] = (start, stop)
            return future

        first = []
        for _ in range(min(slots, len(todo))):
            first.append(submit())
        queue = as_completed(first)  # type: ignore[no-untyped-call]
        left = len(todo) - len(first)
        for future in queue:
            start, stop = ranges.pop(future.key)
            finished(start, stop, future.result())
            future.release()
            if left:
                queue.add(submit())  # type: ignore[no-untyped-call]
                left -= 1
    return tally


def run_study(
    study: Study,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    chunk: int = DEFAULT_CHUNK,
    out: str | os.PathLike[str] | None = None,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """Deal every shoe of the study and return its figures (:func:`~cardmath.study.results.summarize`).

    ``workers=1`` (and no scheduler) runs in this process; more workers run on an embedded Dask
    ``LocalCluster`` (``None``: one per core); ``scheduler`` names an existing Dask cluster.  With
    ``out``, finished chunks are saved there and a run again resumes.  ``progress`` is called with
    the number of shoes each time a chunk finishes.

    Args:
        study: The study to deal and summarize.
        scheduler: The address of an existing Dask scheduler; ``None`` for this machine.
        workers: The number of worker processes (1: in this process; ``None``: one per core).
        chunk: The number of shoes per unit of work; :data:`DEFAULT_CHUNK` by default.
        out: A folder where finished chunks are saved and from which a rerun resumes; ``None`` for none.
        progress: A callback given the number of shoes each chunk adds; ``None`` for none.

    Returns:
        The study's figures as JSON-ready data: each strategy's and bet's means with their standard errors,
            and the edge by count.

    >>> from cardmath.study.engine import Study
    >>> run_study(Study.define(["tie"], shoes=2, seed=1), workers=1)["rounds_per_shoe"]["mean"] > 60
    True
    """
    tally = study_tally(study, scheduler=scheduler, workers=workers, chunk=chunk, out=out, progress=progress)
    return summarize(study, tally)
