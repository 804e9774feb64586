"""Keep many ``cardmath`` commands running against shared targets for minutes, interrupting them at
random, and count what a reliable tool must never do.

Sixteen commands run at once, each started again as soon as one ends: ``tables`` into one shared
folder, ``study`` with two Dask workers into one shared study folder, ``information --best-sort``
and ``session`` into shared files.  Every few seconds a random one gets SIGKILL or SIGINT.  The
soak counts:

- tracebacks (``Traceback`` on standard error), and exits other than 0, 2 (one ``cardmath: error:``
  line), 130 (``cardmath: interrupted``) or a kill;  SIGINT goes only to runs whose interpreter
  answers it already (:func:`answers_sigint`): before that, no program can;
- inconsistent outputs, checked at the end after one clean run of each command: the table folder
  holds exactly the reference run's files with an index listing them and its marker, and the study
  and the files hold the reference run's results byte for byte;
- leftovers: staging folders or lock files beside the targets, and Dask processes still alive.

Usage::

    python scripts/soak.py [--minutes 10] [--jobs 16] [--seed 1]

It prints a summary such as ``612 runs in 600 s: 148 killed, 95 interrupted, 41 refused;
tracebacks 0, bad exits 0, inconsistent 0, leftovers 0``; the exit status is 1 when anything was
wrong.  It is a script, not a test (it takes minutes).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path


def commands(folder: Path) -> dict[str, list[str]]:
    """The commands of the soak, each writing its shared target in ``folder``."""
    return {
        "tables": [
            "tables",
            "--games",
            "casino-war,dragon-tiger",
            "--decks",
            "1,2",
            "--formats",
            "json,csv",
            "--out",
            str(folder / "tables"),
        ],
        "study": [
            "study",
            "dragon_7",
            "--shoes",
            "400",
            "--chunk",
            "20",
            "--workers",
            "2",
            "--seed",
            "3",
            "--format",
            "json",
            "--out",
            str(folder / "study"),
        ],
        "information": [
            "information",
            "dragon-tiger",
            "--known",
            "dragon",
            "--best-sort",
            "--bets",
            "dragon,tiger,tie",
            "--decks",
            "1",
            "--format",
            "json",
            "--out",
            str(folder / "information.json"),
        ],
        "session": [
            "session",
            "baccarat:banker",
            "--hands",
            "200",
            "--format",
            "json",
            "--out",
            str(folder / "session.json"),
        ],
    }


def start(words: list[str]) -> subprocess.Popen[str]:
    """One command in a process group of its own (so that its Dask workers can be found after)."""
    return subprocess.Popen(
        [sys.executable, "-m", "cardmath", *words],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def answers_sigint(pid: int) -> bool:
    """Whether the process catches or ignores SIGINT yet (``SigCgt`` or ``SigIgn`` of its status).

    Until the interpreter has installed its handler, a Ctrl-C ends a Python process as it ends any
    program that has not started (exit -2, nothing said): no program can answer it there, so the
    soak sends SIGINT only to runs past that point.  SIGKILL goes to any run at any moment."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
    except OSError:
        return False
    masks = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
    bit = 1 << (signal.SIGINT - 1)
    return any(int(masks.get(field, "0").strip(), 16) & bit for field in ("SigCgt", "SigIgn"))


def judge(process: subprocess.Popen[str], error: str, tally: Counter[str], problems: list[str]) -> None:
    """Count one finished run, and note what it must not have done."""
    status = process.returncode
    if "Traceback" in error:
        tally["tracebacks"] += 1
        problems.append(f"traceback: {error.strip().splitlines()[-1][:200]}")
    if status == -signal.SIGKILL:
        tally["killed"] += 1
    elif status == 130:
        tally["interrupted"] += 1
        if error.strip().splitlines()[-1:] != ["cardmath: interrupted"]:
            problems.append(f"interrupted without saying so: {error.strip()[-200:]}")
    elif status == 2:
        tally["refused"] += 1
        if not error.startswith("cardmath: error: "):
            tally["bad exits"] += 1
            problems.append(f"status 2 without one error line: {error.strip()[:200]}")
    elif status != 0:
        tally["bad exits"] += 1
        problems.append(f"exit {status}: {error.strip()[:200]}")


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*") if path.is_file()
    }


def consistent(shared: Path, reference: Path) -> list[str]:
    """What differs between the shared targets, after a clean run, and the reference run's."""
    problems = []
    tables, expected = files_of(shared / "tables"), files_of(reference / "tables")
    if tables != expected:
        problems.append(
            f"the table folder differs from the reference ({len(tables)} files, {len(expected)} expected)"
        )
    index = json.loads(tables.get("index.json", b"{}"))
    listed = {name for entry in index.get("tables", []) for name in entry.get("files", {}).values()}
    present = {name for name in tables if not name.startswith("index.") and name != ".cardmath"}
    if listed != present:
        problems.append("the table index does not list exactly the files present")
    for name in ("study/results.json", "information.json", "session.json"):
        if (shared / name).read_bytes() != (reference / name).read_bytes():
            problems.append(f"{name} differs from the reference run's")
    return problems


def leftovers(folder: Path, groups: set[int]) -> list[str]:
    """Staging folders and locks beside the targets, and processes of the soak still alive."""
    found = [path.name for path in folder.iterdir() if ".cardmath-" in path.name]
    for group in groups:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            continue
        except PermissionError:
            pass
        found.append(f"processes of group {group} still alive")
        os.killpg(group, signal.SIGKILL)
    return found


def soak(minutes: float, jobs: int, seed: int, folder: Path) -> tuple[Counter[str], list[str]]:
    """Run the soak in ``folder``; the counts and every problem found."""
    rng = random.Random(seed)
    shared, reference = folder / "shared", folder / "reference"
    shared.mkdir()
    reference.mkdir()
    for words in commands(reference).values():
        subprocess.run([sys.executable, "-m", "cardmath", *words], check=True, capture_output=True)
    pool = commands(shared)
    tally: Counter[str] = Counter()
    problems: list[str] = []
    running: list[subprocess.Popen[str]] = []
    groups: set[int] = set()
    end = time.monotonic() + minutes * 60
    next_signal = time.monotonic() + rng.uniform(1, 4)
    while time.monotonic() < end or running:
        while time.monotonic() < end and len(running) < jobs:
            process = start(pool[rng.choice(sorted(pool))])
            groups.add(process.pid)
            running.append(process)
            tally["runs"] += 1
        if time.monotonic() >= next_signal and running and time.monotonic() < end:
            victim = rng.choice(running)
            with_signal = rng.choice((signal.SIGKILL, signal.SIGINT))
            # a run still starting its interpreter gets its SIGINT on a later turn
            if with_signal == signal.SIGKILL or answers_sigint(victim.pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(victim.pid, with_signal)
                next_signal = time.monotonic() + rng.uniform(1, 4)
        for process in [p for p in running if p.poll() is not None]:
            running.remove(process)
            judge(process, process.stderr.read() if process.stderr else "", tally, problems)
            if process.stderr:
                process.stderr.close()
        time.sleep(0.05)
    time.sleep(2)  # a killed run's Dask workers notice their parent is gone
    for name, words in pool.items():
        clean = subprocess.run(
            [sys.executable, "-m", "cardmath", *words], capture_output=True, text=True, check=False
        )
        if clean.returncode != 0:
            problems.append(f"the clean {name} run exited {clean.returncode}: {clean.stderr.strip()[:200]}")
    found = consistent(shared, reference)
    tally["inconsistent"] += len(found)
    problems.extend(found)
    left = leftovers(shared, groups)
    tally["leftovers"] += len(left)
    problems.extend(f"left over: {name}" for name in left)
    return tally, problems


def main() -> int:
    """Run the soak and report."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--jobs", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        tally, problems = soak(arguments.minutes, arguments.jobs, arguments.seed, Path(folder))
    for problem in problems[:50]:
        print(problem)
    print(
        f"{tally['runs']} runs in {time.monotonic() - started:.0f} s: {tally['killed']} killed, "
        f"{tally['interrupted']} interrupted, {tally['refused']} refused; tracebacks {tally['tracebacks']}, "
        f"bad exits {tally['bad exits']}, inconsistent {tally['inconsistent']}, "
        f"leftovers {tally['leftovers']}"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
