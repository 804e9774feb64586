"""A grammar fuzz test of the command line: whatever a user types, one answer or one error line.

Command lines are built for every sub-command from its real options (read from the parser, so a
new option or a new game is fuzzed without changing this file): valid values, edge values, wrong
types, negatives, empty strings, unicode digits and letters, huge numbers, very long strings,
repeated options and options in the wrong place.  Each runs in-process through
:func:`cardmath.cli.main`.  The property: exit status 0 with output, or 2 with exactly one line on
standard error starting ``cardmath: error:``.  Never a traceback, never another status.

CI runs a modest budget with a fixed seed (``CARDMATH_FUZZ_EXAMPLES`` raises it for a long run).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardmath.cli import build_parser, main
from cardmath.cli.options import command_aliases
from cardmath.games.registry import GAMES

EXAMPLES = int(os.environ.get("CARDMATH_FUZZ_EXAMPLES", "150"))

VALUES: tuple[str, ...] = (
    # valid and edge values
    "1",
    "2",
    "0",
    "8",
    "inf",
    "INF",
    "1.5",
    "3/2",
    "-1/3",
    "1e-2",
    "100",
    "-100",
    "As,Kd",
    "As,Kh,Qd,Jc,2s",
    "10h",
    "5,4,2,1",
    "5,4,2,1,1,1,1,1,1,1,1",
    "tie:tie",
    "banker:win",
    "trips",
    "4",
    "banker,tie",
    "player_pair",
    "dragon,tie",
    "json",
    "csv",
    "github",
    "latex",
    "spread",
    "cards",
    "1-3,inf",
    "4,5",
    "reddog",
    "pool,reddog",
    "kelly,best",
    "fixed-2",
    "best",
    # wrong values and wrong types
    "-1",
    "-5",
    "1/0",
    "0/0",
    "nan",
    "",
    " ",
    ",",
    "x",
    "As,As,As,As,As",
    "Zz",
    "As,",
    "tie:",
    ":tie",
    "1-",
    "5-3",
    "1--3",
    "fixed-",
    "fixed-0",
    "kelly,kelly,kelly,kelly,kelly,kelly,kelly,kelly,kelly,kelly,kelly",
    # unicode digits and letters
    "²",
    "①",
    "٣",
    "１",
    "Ⅷ",
    "½",
    "ǅ",
    "♠",
    "A♠,K♥",
    "é",
    # huge numbers and very long strings
    "9" * 5000,
    "9" * 40,
    "1e99999",
    "1" + "0" * 400 + "/3",
    "a" * 3000,
    "As," * 300,
    # things that look like options
    "--decks",
    "-h",
    "--",
)

UNFUZZED = {"--out", "--scheduler"}
"""Options that name places outside the process (a file to write, a cluster to reach): not fuzzed."""

BOUNDED = {
    "--shoes": ("1", "2", "0", "-1", "x", "²", ""),
    "--workers": ("1", "0", "x"),
    "--chunk": ("1", "0", "x"),
    "--rounds": ("1", "3", "0", "-1", "x", "²", "9" * 5000, ""),
    "--players": ("2", "3", "1", "11", "x", ""),
}
"""Options whose large valid values mean long work on purpose (a simulation of 10^30 rounds): the
fuzz gives them small or invalid values only."""

COMMANDS: dict[str, list[str]] = {
    "tables": ["tables", "--games", "reddog", "--decks", "1", "--formats", "csv"],
    "study": ["study", "dragon_7", "--shoes", "2", "--workers", "1"],
    "information": ["information", "dragon-tiger", "--known", "dragon", "--decks", "1"],
    "session": ["session", "dragon-tiger:dragon", "--hands", "3"],
    "house": ["house", "dragon-tiger:dragon", "--hands-per-hour", "2", "--hours", "1", "--average-bet", "5"],
}
"""A cheap valid start for each command that is not a game's."""


def bases() -> dict[str, list[str]]:
    """A cheap valid start for each command, the games' from the registry (``command_examples``),
    read when the fuzz runs: a game registered is fuzzed with no edit here.  The fuzz adds options
    after it (argparse keeps the last)."""
    found = dict(COMMANDS)
    for game in GAMES:
        found.update({words: list(example) for words, example in game.command_examples.items()})
    return found


def option_strings(words: list[str]) -> list[str]:
    """The options of the (sub)command that ``words`` start, read from the real parser."""
    parser = build_parser()
    for word in words:
        actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not actions or word not in actions[0].choices:
            break
        parser = actions[0].choices[word]
    return sorted(
        o for a in parser._actions for o in a.option_strings if o not in {"-h", "--help"} | UNFUZZED
    )


def test_every_command_is_fuzzed() -> None:
    """Every command but a game's other names (the same parser) is fuzzed, and each other name
    answers as its game does."""
    actions = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    choices = actions[0].choices
    aliases = {word for game in GAMES for word in command_aliases(game) if word in choices}
    assert set(choices) - aliases <= {words.split()[0] for words in bases()}
    assert {words.split()[0] for words in bases()} <= set(choices)
    for game in GAMES:
        for word in command_aliases(game):
            if word in choices:
                assert choices[word] is choices[game.name], (game.name, word)
    assert {"3cp", "war", "red-dog"} <= aliases


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    choices = bases()
    base = list(choices[draw(st.sampled_from(sorted(choices)))])
    options = option_strings(base)
    words = list(base)
    for _ in range(draw(st.integers(0, 4))):
        option = draw(st.sampled_from(options))
        kind = draw(st.integers(0, 9))
        if kind == 0:
            words.append(option)  # an option without its value, or a flag
        elif kind == 1:
            words.insert(1, option)  # an option in the wrong place
            words.insert(2, draw(st.sampled_from(VALUES)))
        else:
            words += [option, draw(st.sampled_from(BOUNDED.get(option, VALUES)))]
    if draw(st.integers(0, 9)) == 0:
        words.append(draw(st.sampled_from(VALUES)))  # a stray positional word
    return words


def run(words: list[str], out: Path) -> tuple[int, str, str]:
    if words[0] == "tables":
        words = [*words, "--out", str(out)]
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        status = main(words)
    return status, stdout.getvalue(), stderr.getvalue()


def assert_one_answer(status: int, out: str, err: str, words: list[str]) -> None:
    assert "Traceback" not in out + err, words
    if status == 0:
        assert out.strip(), words
    else:
        assert status == 2, (status, words)
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("cardmath: error: "), (words, err)


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(command_lines())
def test_any_command_line_gets_one_answer(words: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        status, out, err = run(words, Path(folder) / "tables")
    assert_one_answer(status, out, err, words)


@pytest.mark.parametrize(
    "words",
    [
        [
            "baccarat",
            "--decks",
            "1",
            "--remove",
            "As,Ah,Ad,Ac,2s,2h,2d,2c,3s,3h,3d,3c,4s,4h,4d,4c,5s,5h,5d,5c,"
            "6s,6h,6d,6c,7s,7h,7d,7c,8s,8h,8d,8c,9s,9h,9d,9c",
            "--format",
            "json",
        ],
        ["reddog", "--decks", "²"],
        ["reddog", "--solve-pay", "²"],
        ["baccarat", "--solve-pay", "tie:tie", "--target-edge", "9" * 5000],
        ["pool", "simulate", "--players", "2", "--rounds", "3", "--seed", "1", "--strategy", "fixed-①"],
        ["tables", "--decks", "0-30000000"],
        ["tables", "--hand-sizes", "3-30000000"],
        ["tables", "--decks", "9" * 5000],
        ["reddog", "--spread-pays", "-5,4,2,1"],
        [
            "pool",
            "--hand-size",
            "5",
            "--seen",
            ",".join(f"{r}{s}" for r in "23456789TJQK" for s in "cdhs")[:149],
        ],
        ["pool", "simulate", "--players", "2", "--rounds", "3", "--seed", "1", "--hand-size", "0"],
        ["pool", "simulate", "--players", "2", "--rounds", "3", "--seed", "1", "--bank", "50"],
        ["baccarat", "--closed-form", "--decks", "8"],
        ["baccarat", "--tie-pays", "1/0"],
    ],
)
def test_the_cases_users_reported(words: list[str], tmp_path: Path) -> None:
    """The command lines that once ended in a traceback, ran without bound or were wrongly accepted."""
    status, out, err = run(words, tmp_path / "tables")
    assert_one_answer(status, out, err, words)


def test_the_published_set_refuses_bad_folders(tmp_path: Path) -> None:
    for out in ["", " ", str(tmp_path / ("x" * 300)), str(tmp_path / "file.txt")]:
        (tmp_path / "file.txt").write_text("mine")
        stdout, stderr = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            status = main(["tables", "--games", "reddog", "--decks", "1", "--formats", "csv", "--out", out])
        assert status == 2, out
        assert stderr.getvalue().count("\n") == 1 and stderr.getvalue().startswith("cardmath: error: ")
