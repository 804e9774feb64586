"""The ``cardmath`` command in general: help, unknown words, one-line errors, ``python -m``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardmath import __version__
from cardmath.cli import build_parser, main


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("cardmath: error: ")
    return lines[0]


def test_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("reddog", "baccarat", "pool", "tables"):
        assert command in out


def test_reddog_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--decks", "--remove", "--spread-pays", "--trips-pays", "--format"):
        assert option in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"cardmath {__version__}"


@pytest.mark.parametrize(
    "words",
    [
        [],
        ["poker"],
        ["reddog", "--no-such-option"],
        ["reddog", "--format", "fancy"],
        ["reddog", "--decks"],
        ["reddog", "--decks", "0"],
    ],
)
def test_bad_words_give_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], words: list[str]) -> None:
    assert main(words) == 2
    one_error_line(capsys)


def test_unknown_format_names_the_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reddog", "--format", "fancy"]) == 2
    line = one_error_line(capsys)
    assert "fancy" in line
    assert "choose one of" in line
    assert "json" in line


def test_every_command_registers_a_run() -> None:
    parser = build_parser()
    arguments = parser.parse_args(["reddog"])
    assert callable(arguments.run)


def test_python_dash_m() -> None:
    ok = subprocess.run(
        [sys.executable, "-m", "cardmath", "reddog", "--decks", "inf", "--format", "json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ok.returncode == 0, ok.stderr
    assert '"house_edge": "57/2197"' in ok.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "cardmath", "reddog", "--decks", "0"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.count("\n") == 1
    assert bad.stderr.startswith("cardmath: error: ")
    assert "Traceback" not in bad.stderr
