"""A fuzz test of the ``study`` and ``chemin-de-fer`` grammars: every option drawn from valid and
hostile values, and the study's ``--out`` from the same world of targets as the ``tables`` fuzz
(files, folders, the user's folder, cardmath's own, devices, ``/proc``, ``/sys``, names too long, a
parent that is a file, links, empty names).

The property, as for every command line: exit status 0, or 2 with one line
``cardmath: error: ...``; never a traceback; nothing of the user's changed, and no staging folder
or temporary file left in the working folder.  Each example runs in-process through
:func:`cardmath.cli.main` in a fresh temporary folder; studies use one process (``--workers 1``, or
a refused value) and two shoes, so that an example takes a second or two.  The budget is modest and
fixed (``CARDMATH_FUZZ_EXAMPLES`` raises it for a long run).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.test_cli_out_fuzz import TARGETS, make_world, run, run_in_world

EXAMPLES = max(int(os.environ.get("CARDMATH_FUZZ_EXAMPLES", "60")) // 2, 10)

HOSTILE = ("", " ", "-1", "0", "abc", "nan", "1e3", "9" * 600, "١٢", "1/0")
"""Values no whole-number option takes."""

STUDY_OPTIONS: dict[str, tuple[str, ...]] = {
    "--shoes": ("2", "1", *HOSTILE, str(10**13)),
    "--seed": ("0", "7", *HOSTILE, str(2**64)),
    "--decks": ("8", "1", *HOSTILE),
    "--cut-card": ("14", "0", "60", *HOSTILE, "100000"),
    "--rounds-after-cut": ("1", "0", *HOSTILE),
    "--chunk": ("1", "50", *HOSTILE, "100000000"),
    "--workers": ("1", *HOSTILE, "10000"),
    "--count": ("how_dragon_7", "derived:1", "nonsense", "1,0,0,-1,-1,-1,-1,2,2,0@-4", "1,2", "derived:9"),
    "--trigger": ("4", "-2", "abc", ""),
    "--basis": ("running", "true", "sideways"),
    "--game": ("baccarat", "dragon-tiger", "pool", "nonsense"),
    "--rule": ("tie_pays=9", "tie_pays=-5", "x", "nonsense=1"),
    "--scheduler": ("garbage", "", "tcp://", "inproc://x", "ucx://x", "tcp://127.0.0.1:abc"),
    "--bankroll": ("100", "0", *HOSTILE),
    "--format": ("json", "csv", "simple", "xlsx", "bogus"),
}
"""Each study option with valid values first and hostile ones after."""

STUDY_BETS = (("dragon_7",), ("tie",), ("dragon_7", "panda_8"), ("nonsense",), ("player",))

CHEMIN_OPTIONS: dict[str, tuple[str, ...]] = {
    "--model": ("A1", "B1", "b2", "A4", "", "C1", "B3x"),
    "--decks": ("inf", "1", *HOSTILE, "10000000000000"),
    "--remove": ("As", "As,Kd", "Zz", "10h,,", ",", ",".join(["As"] * 9)),
    "--commission": ("0", "5", "-1", "101", "abc", "nan", ""),
    "--format": ("json", "csv", "simple", "xlsx", "bogus"),
}
"""Each chemin de fer option with valid values first and hostile ones after."""


@st.composite
def study_lines(draw: st.DrawFn) -> list[str]:
    """A study command line: its bets, a few options (mostly valid), perhaps an ``--out``."""
    words = ["study", *draw(st.sampled_from(STUDY_BETS)), "--shoes", "2", "--workers", "1"]
    for option in draw(st.lists(st.sampled_from(sorted(STUDY_OPTIONS)), max_size=3, unique=True)):
        values = STUDY_OPTIONS[option]
        if option == "--scheduler" or draw(st.integers(0, 2)) == 0:
            words += [option, draw(st.sampled_from(values))]
        else:
            words += [option, values[0]]
    if draw(st.booleans()):
        words += ["--team"]
    if draw(st.booleans()):
        words += ["--out", TARGETS[draw(st.sampled_from(sorted(TARGETS)))]]
    return words


@st.composite
def chemin_lines(draw: st.DrawFn) -> list[str]:
    """A chemin de fer command line: a model and a shoe that solve in a second when valid."""
    model = draw(st.sampled_from(CHEMIN_OPTIONS["--model"]))
    words = ["chemin-de-fer", "--model", model]
    words += ["--decks", "inf" if model.upper().startswith("A") else "1"]
    for option in draw(st.lists(st.sampled_from(sorted(CHEMIN_OPTIONS)), max_size=2, unique=True)):
        words += [option, draw(st.sampled_from(CHEMIN_OPTIONS[option]))]
    return words


def check(words: list[str], full: bool) -> None:
    """Run one line in a fresh world and check the property of the module."""
    status, _, err = run_in_world(words, full)
    if status == 2:
        assert err.strip().splitlines()[-1].startswith("cardmath: error: "), (words, err)


SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@SETTINGS
@given(words=study_lines(), full=st.integers(0, 5).map(lambda n: n == 0))
def test_any_study_line_is_answered_or_refused_in_one_line(words: list[str], full: bool) -> None:
    check(words, full)


@SETTINGS
@given(words=chemin_lines(), full=st.integers(0, 5).map(lambda n: n == 0))
def test_any_chemin_de_fer_line_is_answered_or_refused_in_one_line(words: list[str], full: bool) -> None:
    check(words, full)


def test_the_grammars_reach_both_answers() -> None:
    """The drawn values both succeed and fail (a fuzz that only fails proves little)."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        make_world(folder)
        answered = run(
            ["study", "tie", "--game", "dragon-tiger", "--shoes", "2", "--workers", "1"], folder, False
        )
        refused = run(["study", "tie", "--shoes", "2", "--workers", "1", "--out", "site"], folder, False)
        solved = run(["chemin-de-fer", "--model", "A1", "--decks", "inf"], folder, False)
    assert answered[0] == 0 and "Strategies" in answered[1]
    assert refused[0] == 2 and refused[2].startswith("cardmath: error: ")
    assert solved[0] == 0
