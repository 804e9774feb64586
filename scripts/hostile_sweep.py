"""Run many hostile command lines against ``cardmath`` and count what a reliable tool must never do.

Each line is run in a fresh process (``python -m cardmath ...``) inside a scratch folder, with a time
limit. A line fails the sweep when:

- it prints a Python traceback (``Traceback (most recent call last)`` on standard error);
- it hangs (runs past the time limit);
- it is *nonsense accepted*: a line built to be refused (a bad number, an impossible shoe, a target
  that must not be written) that exits 0;
- it exits with a status other than 0, 2 or 130, or harms a file it was not asked to write (every
  scratch folder holds a "foreign" folder and file whose contents are checked after each line);
- run under an ASCII locale (``PYTHONIOENCODING=ascii``, ``LC_ALL=C``), it prints a character outside
  ASCII (cardmath spells ``±`` as ``+/-``, ``é`` as ``e``).

Usage::

    python scripts/hostile_sweep.py [--jobs 2] [--timeout 60] [--limit N] [--show-failures]

It prints one line per failure and a summary such as ``512 lines: tracebacks 0, hangs 0,
nonsense accepted 0, bad exit 0, foreign files harmed 0``; the exit status is 1 when anything failed.
The sweep takes some minutes (each line starts a Python process); it is a script, not a test.
Lines marked ``twice`` run two copies at once on one target (``--wait 0`` and ``--wait inf``): each
must finish or be refused naming the other run.  ``scripts/concurrent_writers.py`` (many writers,
killed at random) and ``scripts/soak.py`` (minutes of mixed commands) go further.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ERROR = "error"
"""The line must be refused: exit status 2 and one ``cardmath: error:`` line."""
ANY = "any"
"""The line may be answered or refused, but cleanly."""

BAD_NUMBERS = (
    "",
    " ",
    "-1",
    "0",
    "nan",
    "-inf",
    "1e400",
    "1/0",
    "0x10",
    "abc",
    "9" * 600,
    "١٢",
    "1_0",
    "--",
    "½",
    "1,5",
)
BAD_CARDS = ("Zz", ",".join(["As"] * 9), "10h,,", ",", "A", "1s", "As;Kd", "💥", "Xx" * 300)
BAD_FORMATS = ("bogus", "", "JSON ", "xlsx")
LONG_NAME = "n" * 300
LOCALES: dict[str, dict[str, str]] = {
    "ascii": {"PYTHONIOENCODING": "ascii"},
    "C": {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
}
"""Environments whose standard streams are ASCII (Python's UTF-8 mode and its coercion of the C
locale off, so that the C locale stays ASCII)."""
LOCALE_LINES = (
    (("study", "dragon_7", "--shoes", "20", "--workers", "1"), ANY),
    (("information", "baccarat", "--known", "P1"), ANY),
    (("baccarat", "--decks", "1", "--bets", "egalite_0,banker"), ANY),
    (("reddog", "--decks", "1", "--format", "fancy_grid"), ANY),
    (("information", "baccarat", "--help"), ANY),
    (("reddog", "--remove", "Zz"), ERROR),
    (("reddog", "--decks", "½"), ERROR),
    (("house", "baccarat:banker", "--hands-per-hour", "60", "--hours", "8", "--average-bet", "é"), ERROR),
)
"""Lines whose output or error holds characters outside ASCII (``±``, ``é``, ``♦``, table borders)."""


@dataclass(frozen=True)
class Line:
    """One hostile command line: its words (``{OUT}``, ``{FOREIGN}``... filled in per scratch
    folder), what it must do, and whether its standard output is a full device."""

    words: tuple[str, ...]
    expect: str
    stdout_full: bool = False
    twice: bool = False  # run two copies at once, in the same scratch folder
    locale: str = ""  # a key of LOCALES: the streams are ASCII


def _lines() -> Iterator[Line]:
    """Every hostile line of the sweep."""
    shoe_games = ("reddog", "baccarat", "dragon-tiger", "casino-war")
    quick_bets = {"reddog": "reddog", "baccarat": "tie", "dragon-tiger": "tie", "casino-war": "tie"}
    for game in shoe_games:
        bets = ("--bets", quick_bets[game])
        for value in BAD_NUMBERS:
            yield Line((game, "--decks", value, *bets), ERROR)
        for value in BAD_CARDS:
            yield Line((game, "--remove", value, *bets), ERROR)
        for value in BAD_FORMATS:
            yield Line((game, *bets, "--format", value), ERROR if value != "xlsx" else ANY)
        for target in ("{DIR}", "/dev/full", "/proc/version", "{FILE}/x", LONG_NAME, "", " ", "{FOREIGN}"):
            yield Line((game, *bets, "--out", target), ERROR)
        yield Line((game, *bets, "--out", "{NEW}.md"), ANY)
        yield Line((game, *bets), ANY, stdout_full=True)
        yield Line((game, "--bets", "nonsense"), ERROR)
        yield Line((game, "--bets", ""), ERROR)
        yield Line((game, "--no-such-option"), ERROR)
        yield Line((game, "--pay", "x"), ERROR)
        yield Line((game, "--pay", "tie:tie=-5"), ERROR)
        yield Line((game, "--pay-table", "nonsense"), ERROR)
        yield Line((game, "--solve-pay", "nonsense"), ERROR)
        yield Line((game, "--closed-form", "--decks", "2"), ERROR)
    for value in ("-5", "0", "abc", "1e9", "nan", "-0.5"):
        yield Line(("baccarat", "--bets", "tie", "--pay", f"tie:tie={value}"), ANY)
        yield Line(("baccarat", "--commission", value, "--bets", "banker"), ANY)
        yield Line(("baccarat", "--tie-pays", value, "--bets", "tie"), ANY)
        yield Line(("dragon-tiger", "--bets", "dragon", "--pay", f"dragon:lose={value}"), ANY)
        yield Line(("reddog", "--spread-pays", f"{value},4,2,1"), ANY)
        yield Line(("reddog", "--trips-pays", value), ANY)
    yield Line(("baccarat", "--bets", "tie", "--pay", "tie:tie=-5"), ERROR)
    yield Line(("dragon-tiger", "--bets", "dragon", "--pay", "dragon:lose=5"), ERROR)
    yield Line(("baccarat", "--bets", "tie", "--pay", "player:win=2"), ERROR)
    for edge in ("100", "-101", "1000", "abc", "nan", ""):
        yield Line(("baccarat", "--solve-pay", "tie:tie", "--target-edge", edge), ERROR)
        yield Line(("reddog", "--solve-pay", "trips", "--target-edge", edge), ERROR)
    # the published set
    sixty_five = ",".join(str(decks) for decks in range(1, 66))
    for value in ("", "0", sixty_five, "1-100", "a-b", "9" * 600, "1,,2", "inf,x"):
        yield Line(("tables", "--out", "{NEW}/t", "--games", "reddog", "--decks", value), ERROR)
    for value in ("", "nonsense", "reddog,reddog,nonsense", " "):
        yield Line(("tables", "--out", "{NEW}/t", "--games", value), ERROR)
    for value in ("", "0", "2", "99", "x"):
        yield Line(("tables", "--out", "{NEW}/t", "--games", "pool", "--hand-sizes", value), ERROR)
    for value in ("", "docx", "markdown,nonsense"):
        yield Line(("tables", "--out", "{NEW}/t", "--games", "reddog", "--formats", value), ERROR)
    for target in ("{FOREIGN}", "{FILE}", "/dev/full", "/proc", "{FILE}/x", LONG_NAME, "", " ", "{WEB}"):
        yield Line(("tables", "--games", "reddog", "--decks", "1", "--out", target), ERROR)
    yield Line(("tables", "--games", "reddog", "--decks", "1", "--formats", "json", "--out", "{NEW}"), ANY)
    yield Line(("tables",), ERROR)
    # sessions
    for value in BAD_NUMBERS:
        yield Line(("session", "baccarat:player", "--hands", value), ERROR)
        yield Line(("session", "baccarat:player", "--bankroll", value, "--target", "5"), ERROR)
    for value in ("-1", "abc", "1/0", "", "0.333"):
        yield Line(("session", "baccarat:banker", "--bankroll", "10", "--target", value), ERROR)
    for bet in ("baccarat", "baccarat:", ":banker", "nonsense:bet", "baccarat:nonsense", "pool:x", ""):
        yield Line(("session", bet), ERROR)
    yield Line(("session", "baccarat:player", "--target", "5"), ERROR)
    yield Line(("session", "baccarat:player", "--hands", "10", "--out", "{FOREIGN}"), ERROR)
    yield Line(("session", "baccarat:player", "--hands", "10", "--out", "/dev/full"), ERROR)
    yield Line(("session", "baccarat:player", "--hands", "100000000"), ANY)
    yield Line(("session", "baccarat:banker", "--bankroll", "100000", "--target", "100000"), ANY)
    # the pool game
    for option in ("--hand-size", "--pool", "--ante", "--bank", "--bankroll"):
        for value in ("-1", "0", "abc", "nan", "9" * 600, ""):
            yield Line(("pool", option, value), ERROR if option == "--hand-size" else ANY)
    for value in BAD_CARDS:
        yield Line(("pool", "--hand", value), ERROR)
        yield Line(("pool", "--seen", value), ERROR)
    yield Line(("pool", "--out", "x"), ERROR)
    for option, value in itertools.product(("--rounds", "--seed", "--players"), ("-1", "0", "abc", "")):
        yield Line(("pool", "simulate", option, value), ERROR if value != "0" or option != "--seed" else ANY)
    yield Line(("pool", "simulate", "--bankroll", "1", "--ante", "5"), ERROR)
    yield Line(("pool", "simulate", "--rounds", "1", "--format", "json"), ANY)
    # chemin de fer
    for value in BAD_NUMBERS:
        yield Line(("chemin-de-fer", "--decks", value), ERROR)
        yield Line(("chemin-de-fer", "--commission", value), ANY if value in ("0",) else ERROR)
    for value in ("A4", "", "b3x", "C1"):
        yield Line(("chemin-de-fer", "--model", value), ERROR)
    for value in BAD_CARDS:
        yield Line(("chemin-de-fer", "--remove", value), ERROR)
    # counting studies
    base = ("study", "dragon_7", "--workers", "1")
    for option in (
        "--shoes",
        "--seed",
        "--decks",
        "--cut-card",
        "--rounds-after-cut",
        "--chunk",
        "--workers",
    ):
        for value in ("-1", "abc", "", "nan", "9" * 600, "1e3"):
            yield Line(("study", "dragon_7", "--shoes", "2", option, value), ERROR)
    for value in ("10000", "100000000"):
        yield Line(("study", "dragon_7", "--shoes", "2", "--workers", value), ERROR)
        yield Line((*base, "--shoes", "2", "--chunk", value + "000000"), ERROR)
    yield Line((*base, "--shoes", str(10**15)), ERROR)
    for address in ("garbage", "", "tcp://", "http://127.0.0.1:9", "127.0.0.1:abc", "inproc://x", "ucx://x"):
        yield Line(("study", "dragon_7", "--shoes", "2", "--scheduler", address), ERROR)
    yield Line(("study", "dragon_7", "--shoes", "2", "--scheduler", "tcp://127.0.0.1:9"), ERROR)
    for target in ("{FOREIGN}", "{FILE}", "", " ", "/dev/full", "{FILE}/x", LONG_NAME):
        yield Line((*base, "--shoes", "2", "--out", target), ERROR)
    for count in ("nonsense", "1,2,3", "derived:0", "derived:9", "1,0,0,-1,-1,-1,-1,2,2,0@x", ""):
        yield Line((*base, "--shoes", "2", "--count", count), ERROR)
    for bet in ("nonsense", "", "player"):
        yield Line(("study", bet, "--shoes", "2", "--workers", "1"), ERROR if bet != "player" else ANY)
    for rule in ("x", "tie_pays=abc", "nonsense=1", "tie_pays=-5"):
        yield Line((*base, "--shoes", "2", "--rule", rule), ERROR)
    yield Line(("study", "tie", "--game", "nonsense", "--shoes", "2"), ERROR)
    yield Line(("study", "tie", "--game", "pool", "--shoes", "2"), ERROR)
    yield Line((*base, "--shoes", "1", "--format", "json"), ANY)
    # what the player sees
    for game in ("baccarat", "dragon-tiger", "reddog", "casino-war"):
        for known in ("", "P9", "dragon,dragon", "nonsense", "first,second,third,fourth"):
            yield Line(("information", game, "--known", known), ERROR)
        for groups in ("", "6789/6789", "Z", "0123456789/"):
            yield Line(
                (
                    "information",
                    game,
                    "--known",
                    "P1" if game == "baccarat" else "dragon",
                    "--groups",
                    groups,
                ),
                ERROR,
            )
        yield Line(("information", game, "--given", "nonsense"), ERROR)
    yield Line(("information", "pool"), ERROR)
    yield Line(("information", "chemin-de-fer"), ERROR)
    # folders kept as they were, and two runs on one target at once
    quick_tables = ("tables", "--games", "casino-war", "--decks", "1", "--formats", "csv")
    yield Line((*quick_tables, "--out", "."), ERROR)
    yield Line((*quick_tables, "--out", "{NEW}/deeper/t"), ERROR)
    yield Line((*quick_tables, "--out", "{NEW}/deeper/t", "--parents"), ANY)
    yield Line(("reddog", "--bets", "reddog", "--out", "{NEW}/deeper/x.csv"), ERROR)
    yield Line(("reddog", "--bets", "reddog", "--out", "{NEW}/deeper/x.csv", "--parents"), ANY)
    for value in ("-1", "abc", "", "nan", "-inf"):
        yield Line((*quick_tables, "--out", "{NEW}/t", "--wait", value), ERROR)
        yield Line(
            ("session", "baccarat:banker", "--hands", "5", "--out", "{NEW}.json", "--wait", value), ERROR
        )
    for wait in ("0", "inf"):
        yield Line((*quick_tables, "--out", "{NEW}", "--wait", wait), ANY, twice=True)
        yield Line(
            ("study", "tie", "--shoes", "4", "--workers", "1", "--out", "{NEW}", "--wait", wait),
            ANY,
            twice=True,
        )
        yield Line(("reddog", "--bets", "reddog", "--out", "{NEW}.csv", "--wait", wait), ANY, twice=True)
    yield Line(("study", "tie", "--shoes", "4", "--workers", "1", "--out", "{FOREIGN}", "--restart"), ERROR)
    # an ASCII locale: everything printed in ASCII, nothing traced back
    for locale in LOCALES:
        for shown, expect in LOCALE_LINES:
            yield Line(shown, expect, locale=locale)
    # no command, unknown commands and options
    for words in ((), ("nonsense",), ("--nonsense",), ("reddog", "extra"), ("--version", "x")):
        yield Line(words, ERROR if words else ANY)


def _fill(words: tuple[str, ...], scratch: Path) -> list[str]:
    """The line's words with the scratch folder's targets put in."""
    places = {
        "{DIR}": str(scratch / "a-folder"),
        "{FILE}": str(scratch / "a-file.txt"),
        "{FOREIGN}": str(scratch / "foreign"),
        "{WEB}": str(scratch / "web"),
        "{NEW}": str(scratch / "new"),
    }
    filled = []
    for word in words:
        text = word
        for key, value in places.items():
            text = text.replace(key, value)
        filled.append(text)
    return filled


def _prepare(scratch: Path) -> dict[Path, str]:
    """Make the scratch folder's foreign files; return each one's digest, to check after the line."""
    (scratch / "a-folder").mkdir()
    (scratch / "a-file.txt").write_text("a user's file\n")
    (scratch / "foreign").mkdir()
    (scratch / "foreign" / "results.md").write_text("a user's results\n")
    (scratch / "web" / "src").mkdir(parents=True)
    (scratch / "web" / "index.json").write_text("{}\n")
    (scratch / "web" / "src" / "app.js").write_text("console.log(1)\n")
    (scratch / "web" / "README.md").write_text("a web project\n")
    return _digests(scratch)


def _digests(scratch: Path) -> dict[Path, str]:
    watched = [scratch / "a-file.txt", scratch / "foreign" / "results.md"]
    watched += [scratch / "web" / name for name in ("index.json", "src/app.js", "README.md")]
    return {
        path: hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "gone" for path in watched
    }


@dataclass(frozen=True)
class Verdict:
    """What one line did."""

    line: Line
    words: tuple[str, ...]
    status: int | None
    problems: tuple[str, ...]


def _run(line: Line, timeout: float) -> Verdict:
    with tempfile.TemporaryDirectory(prefix="cardmath-sweep-") as folder:
        scratch = Path(folder)
        before = _prepare(scratch)
        words = _fill(line.words, scratch)
        command = [sys.executable, "-m", "cardmath", *words]
        environment = {**os.environ, "PYTHONWARNINGS": "ignore"}
        if line.locale:
            cleared = ("PYTHONIOENCODING", "PYTHONUTF8", "PYTHONCOERCECLOCALE", "LANG", "LC_")
            environment = {key: value for key, value in environment.items() if not key.startswith(cleared)}
            environment.update(LOCALES[line.locale])
        problems: list[str] = []
        status: int | None
        if line.twice:
            status, error = _run_twice(command, scratch, timeout, environment, problems)
        else:
            with open(os.devnull if not line.stdout_full else "/dev/full", "wb") as sink:
                try:
                    finished = subprocess.run(
                        command,
                        stdout=sink if line.stdout_full else subprocess.PIPE,
                        stderr=subprocess.PIPE,
                        stdin=subprocess.DEVNULL,
                        cwd=scratch / "a-folder",
                        timeout=timeout,
                        env=environment,
                        check=False,
                    )
                    status = finished.returncode
                    error = finished.stderr.decode("utf-8", "replace")
                    if line.locale and not (finished.stdout + finished.stderr).isascii():
                        problems.append("not ASCII under an ASCII locale")
                except subprocess.TimeoutExpired:
                    status, error = None, ""
                    problems.append("hang")
        if "Traceback (most recent call last)" in error:
            problems.append("traceback")
        if status is not None and status not in (0, 2, 130):
            problems.append(f"bad exit {status}")
        if status == 0 and line.expect == ERROR:
            problems.append("nonsense accepted")
        last = error.strip().splitlines()[-1] if error.strip() else ""
        if status == 2 and not last.startswith("cardmath"):
            problems.append("error without a cardmath line")
        if _digests(scratch) != before:
            problems.append("foreign file harmed")
        if any((scratch / "a-folder").iterdir()) and line.expect == ERROR:
            problems.append("refused line left files in the working folder")
        return Verdict(line, tuple(words), status, tuple(problems))


def _run_twice(
    command: list[str], scratch: Path, timeout: float, environment: dict[str, str], problems: list[str]
) -> tuple[int | None, str]:
    """Run two copies of ``command`` at once on one target: each must succeed, or (``--wait 0``) be
    refused naming the other; the status is the worse of the two."""
    copies = [
        subprocess.Popen(
            command,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            cwd=scratch / "a-folder",
            env=environment,
        )
        for _ in range(2)
    ]
    statuses: list[int] = []
    errors: list[str] = []
    for copy in copies:
        try:
            _, raw = copy.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            copy.kill()
            copy.communicate()
            problems.append("hang")
            return None, ""
        statuses.append(copy.returncode)
        errors.append(raw.decode("utf-8", "replace"))
    for status, error in zip(statuses, errors, strict=True):
        if status == 2 and "is being written by" not in error:
            problems.append("a run at once with another refused for another reason")
    return max(statuses), "".join(errors)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run hostile command lines against cardmath.")
    parser.add_argument("--jobs", type=int, default=2, help="lines run at once (default 2)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a line is a hang")
    parser.add_argument("--limit", type=int, default=None, help="run only the first N lines")
    parser.add_argument("--show-failures", action="store_true", help="print each failing line's words")
    arguments = parser.parse_args(argv)
    lines = list(_lines())[: arguments.limit]
    with ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        verdicts = list(pool.map(lambda line: _run(line, arguments.timeout), lines))
    kinds = (
        "traceback",
        "hang",
        "nonsense accepted",
        "bad exit",
        "foreign file harmed",
        "error without a cardmath line",
        "refused line left files in the working folder",
        "a run at once with another refused for another reason",
        "not ASCII under an ASCII locale",
    )
    counts = dict.fromkeys(kinds, 0)
    for verdict in verdicts:
        for problem in verdict.problems:
            key = "bad exit" if problem.startswith("bad exit") else problem
            counts[key] += 1
        if verdict.problems:
            shown = " ".join(repr(word) if not word or " " in word else word for word in verdict.line.words)
            print(f"FAIL {', '.join(verdict.problems)}: cardmath {shown} (exit {verdict.status})")
    refused = sum(1 for verdict in verdicts if verdict.status == 2)
    answered = sum(1 for verdict in verdicts if verdict.status == 0)
    summary = ", ".join(f"{kind} {count}" for kind, count in counts.items())
    print(f"{len(verdicts)} lines ({answered} answered, {refused} refused): {summary}")
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
