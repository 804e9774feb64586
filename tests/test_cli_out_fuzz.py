"""A fuzz test of where the command line writes: ``--out`` targets of every kind, for ``tables``
(with a fuzzed grammar of its narrowing options) and for the commands that write one file.

Targets are drawn from new files and folders, a file of the user's, folders (empty, the user's,
cardmath's), devices (``/dev/null``, ``/dev/full``), names too long, a parent that is a file, a
place the kernel refuses to write (``/sys``), symbolic links (to a file, to a folder, to the
user's folder, dangling), empty names; standard output may be full too.  The property: exit status
0, or 2 with one line ``cardmath: error: ...``; never a traceback; the user's folder and file are
never modified, and no staging folder or temporary file is left in the working folder.

Each example runs in-process through :func:`cardmath.cli.main` in a fresh temporary folder.  The
budget is modest and fixed (``CARDMATH_FUZZ_EXAMPLES`` raises it for a long run).
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from cardmath.cli import main

EXAMPLES = int(os.environ.get("CARDMATH_FUZZ_EXAMPLES", "60"))

TARGETS: dict[str, str] = {
    "new file": "out.txt",
    "new file in new folders": "a/b/out.txt",
    "the target file": "target.txt",
    "an empty folder": "empty",
    "the user's folder": "site",
    "cardmath's folder": "owned",
    "the null device": "/dev/null",
    "a full device": "/dev/full",
    "a system file": "/proc/version",
    "a read-only place": "/sys/cardmath-fuzz",
    "a name too long": "n" * 300,
    "a name nearly too long": "n" * 250,
    "a parent that is a file": "precious.txt/out.txt",
    "a link to the target file": "to-target",
    "a link to the user's folder": "to-site",
    "a link to an empty folder": "to-empty",
    "a dangling link": "dangling",
    "an empty name": "",
    "a blank name": "  ",
    "a dot": ".",
}
"""Every kind of ``--out``, as a path relative to the example's folder (or absolute).  A file named
as ``--out FILE`` is replaced, as the user asked (``target.txt``), so the user's own file is only
ever a parent here."""

MAY_CHANGE = {"target.txt", "out.txt", "a", "empty", "owned", "dangling-target", "n" * 250}
"""What a run may write (the targets themselves); everything else must stay as it was."""

GAMES = ("reddog", "dragon-tiger", "pool", "reddog,pool", "", "poker", "reddog,reddog")
DECKS = ("1", "inf", "1,inf", "0", "", "x", ",".join(str(n) for n in range(1, 66)), "1-65", "²")
HAND_SIZES = ("3", "3,4", "9", "", "2-3")
FORMATS = ("csv", "json", "markdown,csv", "xlsx", "pdf", "", "latex")
FILE_COMMANDS = (
    ["reddog"],
    ["dragon-tiger", "--decks", "1"],
    ["casino-war", "--decks", "1"],
    ["reddog", "--closed-form"],
    ["session", "dragon-tiger:dragon", "--hands", "2"],
)
FILE_FORMATS = ("simple", "json", "csv", "xlsx", "github")


def make_world(folder: Path) -> None:
    """The user's things and cardmath's, before a run."""
    (folder / "precious.txt").write_text("the user's own words\n")
    (folder / "target.txt").write_text("an older output\n")
    site = folder / "site"
    (site / "src").mkdir(parents=True)
    (site / "index.json").write_text('{"name": "my site"}\n')
    (site / "src" / "app.js").write_text("console.log('mine')\n")
    (site / "README.md").write_text("# My site\n")
    (folder / "empty").mkdir()
    (folder / "owned").mkdir()
    (folder / "owned" / ".cardmath").write_text('{"written_by": "cardmath", "kind": "tables"}\n')
    (folder / "to-target").symlink_to("target.txt")
    (folder / "to-site").symlink_to("site")
    (folder / "to-empty").symlink_to("empty")
    (folder / "dangling").symlink_to("dangling-target")


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder`` but the targets a run may write."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if name.split("/")[0] in MAY_CHANGE or name.startswith("to-empty/"):
            continue
        if path.is_symlink():
            found[name] = "-> " + os.readlink(path)
        elif path.is_dir():
            found[name] = "/"
        else:
            found[name] = path.read_bytes()
    return found


class FullOutput(io.StringIO):
    """Standard output on a full disk."""

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    target = TARGETS[draw(st.sampled_from(sorted(TARGETS)))]
    if draw(st.booleans()):
        words = ["tables", "--out", target]
        for option, values in (
            ("--games", GAMES),
            ("--decks", DECKS),
            ("--hand-sizes", HAND_SIZES),
            ("--formats", FORMATS),
        ):
            # the narrowest valid value by default, so that a run writes a few files, not thousands
            words += [option, draw(st.sampled_from(values)) if draw(st.integers(0, 3)) == 0 else values[0]]
        return words
    words = [*draw(st.sampled_from(FILE_COMMANDS)), "--out", target]
    if draw(st.booleans()):
        words += ["--format", draw(st.sampled_from(FILE_FORMATS))]
    return words


def run(words: list[str], folder: Path, full: bool) -> tuple[int, str, str]:
    stdout: io.StringIO = FullOutput() if full else io.StringIO()
    stderr = io.StringIO()
    here = Path.cwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            status = main(words)
    finally:
        os.chdir(here)
    return status, "" if full else stdout.getvalue(), stderr.getvalue()


def run_in_world(words: list[str], full: bool) -> tuple[int, str, str]:
    """Run one line in a fresh world and check what every command line must do: exit 0 or 2, no
    traceback, nothing of the user's changed, no staging folder or temporary file left; return
    the status and what was printed, for the caller's own checks."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        make_world(folder)
        before = snapshot(folder)
        status, out, err = run(words, folder, full)
        event(f"{words[0]} exit {status}")
        assert "Traceback" not in out + err, (words, err)
        assert status in (0, 2), (words, status, err)
        assert snapshot(folder) == before, words
        strays = [p.name for p in folder.iterdir() if ".cardmath-" in p.name or p.name.endswith(".tmp")]
        assert not strays, (words, strays)
    return status, out, err


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(words=command_lines(), full=st.integers(0, 3).map(lambda n: n == 0))
def test_any_out_target_is_written_or_refused_in_one_line(words: list[str], full: bool) -> None:
    status, out, err = run_in_world(words, full)
    if status == 2:
        assert err.count("\n") == 1 and err.startswith("cardmath: error: "), (words, err)
    else:
        assert out.startswith("wrote ") or words[0] != "tables", (words, out)


def test_the_fuzz_reaches_both_answers() -> None:
    """The world is such that targets both succeed and fail (a fuzz that only fails proves little)."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        make_world(folder)
        written = run(["reddog", "--out", "to-target"], folder, full=False)
        refused = run(["tables", "--out", "to-site", "--games", "reddog", "--decks", "1"], folder, full=False)
        assert written[0] == 0 and (folder / "target.txt").read_text().startswith("Red Dog")
        assert refused[0] == 2 and "is not a folder cardmath wrote" in refused[2]
