"""Output in any encoding: the command line under an ASCII locale (issue: "any locale ... nothing
traced back").

The real command runs in child processes (``python -m cardmath``) whose standard streams are
ASCII, made three ways: ``PYTHONIOENCODING=ascii``, ``LANG=C LC_ALL=C`` and ``LC_ALL=POSIX`` (the
last two with Python's UTF-8 mode and its coercion of the C locale turned off, PEP 538 and 540, so
that the streams really are ASCII; a first child checks that they are).  In each, every command's
``--help`` (the commands and sub-commands read from :func:`cardmath.cli.main.build_parser`), the
outputs that hold characters outside ASCII (``±``, ``é``, table borders) and errors
(``Q♦``) must exit as usual, print no traceback, and print ASCII only, with the readable spellings
of :mod:`cardmath.cli.console` (``+/-``, ``Egalite``).  The children run a few at a time.
"""

from __future__ import annotations

import argparse
import codecs
import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from cardmath.cli.main import build_parser, main

ENVIRONMENTS: dict[str, dict[str, str]] = {
    "PYTHONIOENCODING=ascii": {"PYTHONIOENCODING": "ascii"},
    "LANG=C": {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
    "LC_ALL=POSIX": {"LC_ALL": "POSIX", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"},
}
"""Three ways a user's streams are ASCII."""

_CLEARED = ("PYTHONIOENCODING", "PYTHONUTF8", "PYTHONCOERCECLOCALE", "LANG", "LANGUAGE", "LC_")


def environment(name: str) -> dict[str, str]:
    """This process's environment with its locale and encoding settings replaced by ``name``'s."""
    kept = {key: value for key, value in os.environ.items() if not key.startswith(_CLEARED)}
    return {**kept, **ENVIRONMENTS[name], "PYTHONWARNINGS": "ignore", "COLUMNS": "100"}


def help_commands() -> list[list[str]]:
    """The words before ``--help`` of every command and sub-command, by each of its names (a game's
    aliases too)."""
    found: list[list[str]] = []

    def visit(words: list[str], parser: argparse.ArgumentParser) -> None:
        found.append(words)
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for word, child in action.choices.items():
                    visit([*words, word], child)

    visit([], build_parser())
    return found


HELP_SCRIPT = """
import json, sys
from cardmath.cli.main import main
for words in json.loads(sys.argv[1]):
    sys.stdout.write("=== " + " ".join(["cardmath", *words]) + "\\n")
    sys.stdout.write("=== status %d\\n" % main([*words, "--help"]))
"""
"""A child that prints every ``--help`` through the real standard output, with its status."""


@dataclass(frozen=True)
class Case:
    """One command line and what it must do: its exit status and the spellings its output shows."""

    words: tuple[str, ...]
    status: int
    shows: tuple[str, ...] = ()


OUTPUTS = (
    Case(("study", "dragon_7", "--shoes", "20", "--workers", "1"), 0, ("+/-",)),
    Case(("information", "baccarat", "--known", "P1"), 0, ("Egalite",)),
    Case(("baccarat", "--decks", "1", "--bets", "egalite_0,banker"), 0, ("Egalite 0",)),
    Case(("reddog", "--decks", "1", "--format", "fancy_grid"), 0, ("+====", "| ")),
)
"""Outputs holding ``±``, ``é`` and box-drawing borders."""

ERRORS = (
    Case(("reddog", "--remove", "Zz"), 2, ("or Qd",)),
    Case(("baccarat", "--no-such-option"), 2, ("cardmath baccarat --help",)),
    Case(("nonsense",), 2, ("invalid choice",)),
)
"""Errors: a message naming ``Q♦``, and two of argparse's."""


@dataclass(frozen=True)
class Finished:
    """What a child did."""

    status: int
    out: bytes
    err: bytes


def _child(arguments: list[str], name: str, cwd: Path) -> Finished:
    done = subprocess.run(
        [sys.executable, *arguments],
        capture_output=True,
        env=environment(name),
        cwd=cwd,
        timeout=120,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    return Finished(done.returncode, done.stdout, done.stderr)


def _jobs() -> Iterator[tuple[str, str, list[str]]]:
    helps = json.dumps(help_commands())
    for name in ENVIRONMENTS:
        yield name, "encoding", ["-c", "import sys; print(sys.stdout.encoding, sys.stderr.encoding)"]
        yield name, "help", ["-c", HELP_SCRIPT, helps]
        for case in (*OUTPUTS, *ERRORS):
            yield name, " ".join(case.words), ["-m", "cardmath", *case.words]


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Finished]:
    """Every child of the module, run a few at a time: by environment and command."""
    folder = tmp_path_factory.mktemp("encoding")
    jobs = list(_jobs())
    with ThreadPoolExecutor(max_workers=max(2, min(6, os.cpu_count() or 2))) as pool:
        finished = pool.map(lambda job: _child(job[2], job[0], folder), jobs)
        return {(name, key): result for (name, key, _), result in zip(jobs, finished, strict=True)}


def _ascii(data: bytes) -> str:
    """The bytes as text, which must be ASCII."""
    try:
        return data.decode("ascii")
    except UnicodeDecodeError as error:
        snippet = data[max(0, error.start - 40) : error.end + 40].decode("utf-8", "replace")
        raise AssertionError(f"not ASCII: ...{snippet}...") from None


@pytest.mark.parametrize("name", ENVIRONMENTS)
def test_the_child_streams_really_are_ascii(runs: dict[tuple[str, str], Finished], name: str) -> None:
    result = runs[name, "encoding"]
    assert result.status == 0, result.err
    encodings = result.out.decode("ascii").split()
    assert [codecs.lookup(encoding).name for encoding in encodings] == ["ascii", "ascii"]


@pytest.mark.parametrize("name", ENVIRONMENTS)
def test_every_help_prints_in_ascii(runs: dict[tuple[str, str], Finished], name: str) -> None:
    result = runs[name, "help"]
    out, err = _ascii(result.out), _ascii(result.err)
    assert result.status == 0 and "Traceback" not in err, err
    statuses = [line for line in out.splitlines() if line.startswith("=== status ")]
    assert len(statuses) == len(help_commands()) > 30
    assert set(statuses) == {"=== status 0"}
    assert "=== cardmath information baccarat\n" in out and "usage: cardmath information baccarat" in out


@pytest.mark.parametrize("name", ENVIRONMENTS)
@pytest.mark.parametrize("case", OUTPUTS + ERRORS, ids=lambda case: " ".join(case.words))
def test_outputs_and_errors_print_in_ascii_with_readable_spellings(
    runs: dict[tuple[str, str], Finished], name: str, case: Case
) -> None:
    result = runs[name, " ".join(case.words)]
    out, err = _ascii(result.out), _ascii(result.err)
    assert result.status == case.status and "Traceback" not in err, err
    shown = out if case.status == 0 else err
    for spelling in case.shows:
        assert spelling in shown, shown[-2000:]
    if case.status == 2:
        assert out == "" and err.startswith("cardmath: error: ") and err.count("\n") == 1


# --------------------------------------------------------------------------------------------------------
# in-process: the same writer behind argparse, and --ascii


def _ascii_stream() -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="strict")


def test_argparse_prints_its_help_and_errors_through_the_writer() -> None:
    from cardmath.cli.options import ArgumentParser  # noqa: PLC0415

    parser = ArgumentParser(prog="cardmath demo", description="a mean ± its error, égalité, 2 × 3 ≥ 5")
    stream = _ascii_stream()
    parser.print_help(stream)
    stream.flush()
    text = stream.buffer.getvalue().decode("ascii")  # type: ignore[attr-defined]
    assert "a mean +/- its error, egalite, 2 x 3 >= 5" in text


def test_ascii_spells_everything_in_ascii_even_on_a_utf8_stream(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--ascii", "study", "dragon_7", "--shoes", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert out.isascii() and "+/-" in out
    assert main(["study", "dragon_7", "--shoes", "2", "--workers", "1"]) == 0
    assert "±" in capsys.readouterr().out  # without --ascii, and on a stream that takes it
    assert main(["--ascii", "reddog", "--remove", "Zz"]) == 2
    err = capsys.readouterr().err
    assert err.isascii() and "or Qd" in err
    assert main(["--ascii", "--help"]) == 0
    assert "--ascii" in capsys.readouterr().out
