"""Start many ``cardmath tables`` runs on one folder at once, kill some of them, and check after
every round that the folder holds one whole run's output and nothing half written.

Each round starts ``--writers`` processes (``python -m cardmath tables --out TARGET ...``), half of
them with ``--wait 0`` (they may refuse: another run is writing) and half waiting, and sends
SIGKILL to a random few at random moments.  After the round:

- every process that was not killed exited 0, or (with ``--wait 0`` only) 2 with one line
  ``cardmath: error: ... is being written by process N ...``;
- when one exited 0, the folder holds exactly the files of a reference run, byte for byte, its
  ``index.json`` lists exactly the files present, and its marker ``.cardmath`` is there;
- beside the folder lie only what killed runs left (their staging folders, and the lock file).

After the last round one more run, not killed, must leave nothing at all beside the folder.

Usage::

    python scripts/concurrent_writers.py [--rounds 20] [--writers 8] [--seed 1]

It prints one line per round and a summary; the exit status is 1 when anything was wrong.  The test
``tests/test_concurrent_writers.py`` runs a few rounds of it in CI.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

WORDS = ("tables", "--games", "casino-war", "--decks", "1", "--formats", "json,csv")
"""A small table set: a few files, written in about a second."""


@dataclass
class Round:
    """What one round saw: the exit status of each writer and every problem found."""

    statuses: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def command(out: Path, *extra: str) -> list[str]:
    """The command line of one writer."""
    return [sys.executable, "-m", "cardmath", *WORDS, "--out", str(out), *extra]


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` by relative path (the marker included), with its bytes."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def listed(index: dict[str, Any]) -> set[str]:
    """The files ``index.json`` lists."""
    found: set[str] = set()
    for entry in index.get("tables", []):
        found.update(entry.get("files", {}).values())
    return found


def check_folder(target: Path, reference: dict[str, bytes]) -> list[str]:
    """What is wrong with ``target`` as one whole run's output."""
    if not target.exists():
        return ["the folder is missing"]
    found = files_of(target)
    problems = []
    if set(found) != set(reference):
        missing, extra = sorted(set(reference) - set(found)), sorted(set(found) - set(reference))
        problems.append(f"files differ: {len(missing)} missing {missing[:3]}, {len(extra)} extra {extra[:3]}")
    changed = [name for name in set(found) & set(reference) if found[name] != reference[name]]
    if changed:
        problems.append(f"{len(changed)} files differ from the reference run, such as {sorted(changed)[0]}")
    if ".cardmath" not in found:
        problems.append("the marker .cardmath is missing")
    if "index.json" in found:
        present = {name for name in found if not name.startswith("index.") and name != ".cardmath"}
        if listed(json.loads(found["index.json"])) != present:
            problems.append("index.json does not list exactly the files present")
    return problems


def beside(target: Path) -> list[str]:
    """The names cardmath left beside ``target`` (staging folders, sets swapped aside, lock files)."""
    return sorted(path.name for path in target.parent.iterdir() if path.name.startswith(f".{target.name}."))


def one_round(
    target: Path, reference: dict[str, bytes], writers: int, rng: random.Random, *, plain: bool = False
) -> Round:
    """Start ``writers`` runs on ``target`` together, kill a few, and check what is left (``plain``:
    every writer without ``--wait``, for versions of cardmath before it)."""
    seen = Round()
    processes = []
    for number in range(writers):
        extra = ("--wait", "0") if number % 2 and not plain else ()
        processes.append(
            (
                bool(extra),
                subprocess.Popen(
                    command(target, *extra), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
                ),
            )
        )
    doomed = rng.sample(range(writers), k=rng.randint(0, writers // 3))
    start = time.monotonic()
    for number in sorted(doomed, key=lambda _: rng.random()):
        time.sleep(max(0.0, start + rng.uniform(0.2, 2.5) - time.monotonic()))
        processes[number][1].send_signal(signal.SIGKILL)
    succeeded = False
    for number, (refuses, process) in enumerate(processes):
        try:
            _, error = process.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            process.kill()
            seen.problems.append(f"writer {number} hung")
            continue
        seen.statuses.append(process.returncode)
        if process.returncode == -signal.SIGKILL:
            continue
        if "Traceback" in error:
            seen.problems.append(f"writer {number} traced back: {error.strip().splitlines()[-1]}")
        if process.returncode == 0:
            succeeded = True
        elif not (
            refuses
            and process.returncode == 2
            and error.count("\n") == 1
            and error.startswith("cardmath: error: ")
            and "is being written by" in error
        ):
            seen.problems.append(f"writer {number} exited {process.returncode}: {error.strip()[:200]}")
    if succeeded:
        seen.problems.extend(check_folder(target, reference))
    elif target.exists() and os.listdir(target):
        seen.problems.extend(check_folder(target, reference))  # an earlier round's whole set
    for name in beside(target):
        if not (name.endswith(".cardmath-lock") or ".cardmath-staging-" in name or ".cardmath-old-" in name):
            seen.problems.append(f"{name} left beside the folder")
    return seen


def run_rounds(rounds: int, writers: int, seed: int, folder: Path, *, plain: bool = False) -> list[str]:
    """Run the rounds in ``folder``; every problem found, each naming its round."""
    reference_folder = folder / "reference"
    subprocess.run(command(reference_folder), check=True, capture_output=True)
    reference = files_of(reference_folder)
    target = folder / "shared"
    rng = random.Random(seed)
    problems: list[str] = []
    for number in range(1, rounds + 1):
        seen = one_round(target, reference, writers, rng, plain=plain)
        killed = sum(status == -signal.SIGKILL for status in seen.statuses)
        refused = sum(status == 2 for status in seen.statuses)
        print(
            f"round {number}: {len(seen.statuses)} writers, {killed} killed, {refused} refused, "
            f"{len(seen.problems)} problems",
            flush=True,
        )
        problems.extend(f"round {number}: {problem}" for problem in seen.problems)
    final = subprocess.run(command(target), capture_output=True, text=True, check=False)
    if final.returncode != 0:
        problems.append(f"the last run exited {final.returncode}: {final.stderr.strip()[:200]}")
    problems.extend(f"after the last run: {problem}" for problem in check_folder(target, reference))
    problems.extend(f"after the last run: {name} left beside the folder" for name in beside(target))
    return problems


def main() -> int:
    """Run the rounds and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plain", action="store_true", help="no --wait option (an older cardmath)")
    arguments = parser.parse_args()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        problems = run_rounds(
            arguments.rounds, arguments.writers, arguments.seed, Path(folder), plain=arguments.plain
        )
    for problem in problems:
        print(problem)
    print(
        f"{arguments.rounds} rounds of {arguments.writers} writers in {time.monotonic() - started:.0f} s: "
        f"{len(problems)} problems"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
