"""The safe writer and a command line that never tracebacks (issue 21, items 1 and 6).

Each defect a hostile user found is a test here: the library directly, the command line through
a subprocess (so that module loading, the console script and real file descriptors are in play).
The oracle of "nothing foreign was touched" is a snapshot of the folder taken before the run.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardmath import files as writer
from cardmath.cli import main
from cardmath.errors import PublishError
from cardmath.files import (
    OWNER_MARKER,
    check_out_dir,
    check_out_file,
    claim_out_dir,
    owner_kind,
    write_atomic,
    write_file_set,
)

ROOT_USER = hasattr(os, "geteuid") and os.geteuid() == 0
QUICK_TABLES = ["--games", "reddog", "--decks", "1", "--formats", "csv"]


def snapshot(folder: Path) -> dict[str, bytes | str]:
    """Every entry under ``folder``: a file's bytes, a link's target, ``"/"`` for a folder."""
    found: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[name] = "-> " + os.readlink(path)
        elif path.is_dir():
            found[name] = "/"
        elif path.is_file():
            found[name] = path.read_bytes()
        else:
            found[name] = "special"
    return found


def web_project(folder: Path) -> Path:
    """A folder a person made, that merely holds a file named index.json."""
    folder.mkdir(parents=True)
    (folder / "index.json").write_text('{"name": "my site"}\n')
    (folder / "src").mkdir()
    (folder / "src" / "app.js").write_text("console.log('mine')\n")
    (folder / "README.md").write_text("# My site\n")
    return folder


def cardmath(*words: str, timeout: float = 120, **options: object) -> subprocess.CompletedProcess[str]:
    """The command line in a fresh process (``python -m cardmath``)."""
    streams = {} if "stdout" in options else {"capture_output": True}
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "cardmath", *words],
        text=True,
        timeout=timeout,
        check=False,
        **streams,
        **options,
    )


def assert_one_error_line(result: subprocess.CompletedProcess[str], *parts: str) -> None:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("cardmath: error: "), result.stderr
    for part in parts:
        assert part in result.stderr, (part, result.stderr)


# --- one file -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "cause"),
    [
        ("/dev/null", "it is a device, not a regular file"),
        ("/dev/full", "it is a device, not a regular file"),
        ("/proc/version", "it is a system file, not a regular file"),
    ],
)
def test_a_device_or_a_system_file_is_refused_not_replaced(target: str, cause: str) -> None:
    before = os.stat(target)
    with pytest.raises(PublishError, match=cause):
        write_atomic(target, "text")
    after = os.stat(target)
    assert (after.st_ino, after.st_mode, after.st_rdev) == (before.st_ino, before.st_mode, before.st_rdev)


def test_a_folder_a_fifo_a_parent_file_a_long_name_and_an_empty_name_are_refused(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "file").write_text("mine")
    before = snapshot(tmp_path)
    cases = {
        tmp_path / "folder": "it is a folder, not a regular file",
        tmp_path / "fifo": "it is a fifo, not a regular file",
        tmp_path / "file" / "x.csv": f"{str(tmp_path / 'file')!r} is a file, not a folder",
        tmp_path / "file" / "deeper" / "x.csv": "is a file, not a folder",
        tmp_path / ("x" * 300): "File name too long",
    }
    for target, cause in cases.items():
        with pytest.raises(PublishError, match=cause) as caught:
            write_atomic(target, "text")
        assert str(caught.value).startswith("cannot write to '"), caught.value
        assert "\n" not in str(caught.value)
    for empty in ("", " ", "\t"):
        with pytest.raises(PublishError, match="give a file to write to, not an empty name"):
            check_out_file(empty)
    assert snapshot(tmp_path) == before


def test_a_name_that_leaves_no_room_for_the_temporary_name_is_written(tmp_path: Path) -> None:
    target = tmp_path / ("x" * 250)
    write_atomic(target, "text")
    write_atomic(target, "again")
    assert [p.name for p in tmp_path.iterdir()] == [target.name]
    assert target.read_text() == "again"


def test_a_symbolic_link_is_followed_and_stays(tmp_path: Path) -> None:
    (tmp_path / "real.csv").write_text("old")
    (tmp_path / "link.csv").symlink_to("real.csv")
    (tmp_path / "dangling.csv").symlink_to("made.csv")
    write_atomic(tmp_path / "link.csv", "new")
    write_atomic(tmp_path / "dangling.csv", "made")
    assert os.readlink(tmp_path / "link.csv") == "real.csv"
    assert (tmp_path / "real.csv").read_text() == "new"
    assert (tmp_path / "made.csv").read_text() == "made"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dangling.csv", "link.csv", "made.csv", "real.csv"]
    (tmp_path / "to-null").symlink_to("/dev/null")
    with pytest.raises(PublishError, match="it is a device"):
        write_atomic(tmp_path / "to-null", "text")


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO, errno.EACCES])
def test_a_system_failure_is_one_line_naming_the_file_and_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    target = tmp_path / "table.csv"
    target.write_text("kept")

    def failing(path: object, content: object) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(writer, "_write", failing)
    with pytest.raises(PublishError) as caught:
        write_atomic(target, "lost")
    assert str(caught.value) == f"cannot write to {str(target)!r}: {os.strerror(code)}"
    assert target.read_text() == "kept"
    assert [p.name for p in tmp_path.iterdir()] == ["table.csv"]


def test_ctrl_c_while_writing_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(path: object, content: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(writer, "_write", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(tmp_path / "table.csv", "text")
    assert not list(tmp_path.iterdir())


@pytest.mark.skipif(ROOT_USER, reason="root ignores permissions; the read-only /sys test covers it")
def test_a_folder_without_permission_is_one_line(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    with pytest.raises(PublishError, match="Permission denied"):
        write_atomic(locked / "table.csv", "text")


def test_a_read_only_place_is_one_line() -> None:
    """As root (whom permissions do not stop) a place the kernel refuses stands in: /sys."""
    try:
        with open("/sys/cardmath-probe", "w"):
            pass
    except OSError as error:
        refused = error.strerror
    else:  # pragma: no cover - a writable /sys
        os.unlink("/sys/cardmath-probe")
        pytest.skip("/sys is writable here")
    with pytest.raises(PublishError, match=f"cannot write to '/sys/cardmath-probe.csv': {refused}"):
        write_atomic("/sys/cardmath-probe.csv", "text")


# --- folders cardmath owns ------------------------------------------------------------------


def test_a_folder_that_merely_holds_an_index_json_is_never_replaced(tmp_path: Path) -> None:
    site = web_project(tmp_path / "site")
    before = snapshot(tmp_path)
    with pytest.raises(
        PublishError, match=r"site' is not a folder cardmath wrote: choose an empty or new folder"
    ):
        write_file_set(site, {"index.json": "{}", "reddog/a.csv": "a"})
    with pytest.raises(PublishError, match="is not a folder cardmath wrote"):
        check_out_dir(site, "tables")
    with pytest.raises(PublishError, match="is not a folder cardmath wrote"):
        claim_out_dir(site, "study")
    assert snapshot(tmp_path) == before


def test_the_marker_names_cardmath_and_the_kind(tmp_path: Path) -> None:
    written = write_file_set(tmp_path / "set", {"index.json": "{}"})
    marker = json.loads((tmp_path / "set" / OWNER_MARKER).read_text())
    assert marker == {"written_by": "cardmath", "kind": "tables"}
    assert [p.name for p in written] == ["index.json"]  # the marker is not among the files returned
    assert owner_kind(tmp_path / "set") == "tables"
    write_file_set(tmp_path / "set", {"index.json": "[]"})  # a set cardmath wrote is replaced
    assert (tmp_path / "set" / "index.json").read_text() == "[]"
    with pytest.raises(PublishError, match="wrote for tables, not study"):
        claim_out_dir(tmp_path / "set", "study")


@pytest.mark.parametrize(
    "marker",
    [
        '{"written_by": "someone", "kind": "tables"}',
        '{"written_by": "cardmath"}',
        '["cardmath", "tables"]',
        "not json",
        "",
    ],
)
def test_a_marker_that_is_not_cardmaths_does_not_make_a_folder_cardmaths(tmp_path: Path, marker: str) -> None:
    (tmp_path / OWNER_MARKER).write_text(marker)
    (tmp_path / "notes.txt").write_text("mine")
    assert owner_kind(tmp_path) is None
    with pytest.raises(PublishError, match="is not a folder cardmath wrote"):
        write_file_set(tmp_path, {"a.csv": "a"})
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_set_of_the_previous_version_without_the_marker_is_refused(tmp_path: Path) -> None:
    """Only the marker is trusted: a folder of index.json and tables, as the previous version
    wrote it, could as well be a person's, so it is refused (remove it or choose a new folder)."""
    (tmp_path / "reddog").mkdir()
    (tmp_path / "reddog" / "reddog-1-deck-coin-edge.csv").write_text("a")
    (tmp_path / "index.json").write_text("{}")
    with pytest.raises(PublishError, match="is not a folder cardmath wrote"):
        write_file_set(tmp_path, {"index.json": "{}"})


def test_claim_creates_the_folder_with_its_parents_and_the_marker(tmp_path: Path) -> None:
    root = claim_out_dir(tmp_path / "a" / "b" / "run", "study")
    assert root == (tmp_path / "a" / "b" / "run").resolve()
    assert owner_kind(root) == "study"
    (root / "chunk-1.json").write_text("{}")
    assert claim_out_dir(root, "study") == root  # a folder cardmath wrote is accepted
    assert sorted(p.name for p in root.iterdir()) == [OWNER_MARKER, "chunk-1.json"]
    (tmp_path / "file").write_text("x")
    refused: list[tuple[str | Path, str]] = [
        (tmp_path / "file", "it is a file, not a folder"),
        (tmp_path / "file" / "run", "is a file, not a folder"),
        ("/dev/null", "it is a device, not a folder"),
        (" ", "give a folder to write to, not an empty name"),
    ]
    for target, cause in refused:
        with pytest.raises(PublishError, match=cause):
            claim_out_dir(target, "study")


def test_a_linked_folder_is_written_through_and_the_link_stays(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to("real")
    write_file_set(tmp_path / "link", {"index.json": "1"})
    write_file_set(tmp_path / "link", {"index.json": "2"})
    assert os.readlink(tmp_path / "link") == "real"
    assert (tmp_path / "real" / "index.json").read_text() == "2"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link", "real"]  # no staging left


def test_leftovers_of_killed_runs_are_removed_whatever_they_are(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "link").symlink_to("real")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "keep.txt").write_text("mine")
    # what runs killed before (or the previous version, that swapped a link out) left behind
    (tmp_path / ".link.cardmath-staging-123").symlink_to("elsewhere")
    (tmp_path / ".real.cardmath-staging-456").mkdir()
    (tmp_path / ".real.cardmath-staging-789").write_text("half")
    write_file_set(tmp_path / "link", {"index.json": "{}"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "link", "real"]
    assert (tmp_path / "elsewhere" / "keep.txt").read_text() == "mine"  # a link is removed, not followed


def test_temporary_files_are_removed_only_from_a_folder_cardmath_wrote(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / ".draft.tmp").write_text("a person's")
    with pytest.raises(PublishError):
        write_file_set(tmp_path / "mine", {"index.json": "{}"})
    assert (tmp_path / "mine" / ".draft.tmp").read_text() == "a person's"


# --- the command line, in a fresh process ----------------------------------------------------


@pytest.mark.parametrize(
    ("target", "cause"),
    [
        ("folder", "it is a folder, not a regular file"),
        ("x" * 300, "File name too long"),
        ("file/out.txt", "is a file, not a folder"),
        ("/proc/version", "it is a system file, not a regular file"),
        ("/dev/full", "it is a device, not a regular file"),
        ("/sys/cardmath-out.txt", "cannot write to '/sys/cardmath-out.txt'"),
        ("", "give a file to write to, not an empty name"),
    ],
)
def test_reddog_out_errors_are_one_line(tmp_path: Path, target: str, cause: str) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("mine")
    before = snapshot(tmp_path)
    assert_one_error_line(cardmath("reddog", "--out", target, cwd=tmp_path), cause)
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "words",
    [
        ["baccarat", "--decks", "1", "--out", "/dev/full"],
        ["baccarat", "--decks", "1", "--format", "xlsx", "--out", "folder"],
        ["dragon-tiger", "--decks", "1", "--out", "file/x.csv"],
        ["dragon-tiger", "--decks", "1", "--out", "/proc/version"],
        ["session", "dragon-tiger:dragon", "--hands", "3", "--out", "folder"],
        ["information", "dragon-tiger", "--known", "dragon", "--decks", "1", "--out", "/dev/full"],
    ],
)
def test_every_command_with_out_refuses_in_one_line(tmp_path: Path, words: list[str]) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("mine")
    before = snapshot(tmp_path)
    assert_one_error_line(cardmath(*words, cwd=tmp_path), "cannot write to")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "words",
    [
        ["reddog"],
        ["baccarat", "--decks", "1"],
        ["dragon-tiger", "--decks", "1"],
        ["casino-war", "--decks", "1"],
        ["chemin-de-fer"],
        ["session", "dragon-tiger:dragon", "--hands", "3"],
        ["tables", "--help"],
        ["--version"],
    ],
)
def test_standard_output_that_fails_is_one_line(words: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = cardmath(*words, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == 2, result.stderr
    assert result.stderr == "cardmath: error: cannot write the output: No space left on device\n"


def test_a_closed_pipe_ends_quietly() -> None:
    with subprocess.Popen(
        [sys.executable, "-m", "cardmath", "reddog", "--decks", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None and child.stderr is not None
        child.stdout.close()  # the reader went away (| head) before anything was printed
        error = child.stderr.read()
        status = child.wait(timeout=120)
    assert "Traceback" not in error and status == 0, error


def _loading_modules(child: subprocess.Popen[str]) -> bool:
    """Wait until the child maps NumPy's compiled core, which only the command's modules load, so
    it is past Python's own start-up and inside cardmath's Ctrl-C guard; False if it ended first.

    Python's start-up (before any cardmath code runs) is a window no package can answer Ctrl-C in;
    on a busy machine it lasts longer than any fixed delay, so the test waits for the load itself
    instead of sleeping a fixed time."""
    maps = Path(f"/proc/{child.pid}/maps")
    deadline = time.monotonic() + 60
    while child.poll() is None and time.monotonic() < deadline:
        try:
            if "_multiarray_umath" in maps.read_text(errors="replace"):
                return True
        except OSError:
            return False
        time.sleep(0.002)
    return False


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs /proc to see what a process loaded")
def test_ctrl_c_at_any_moment_is_one_line_and_status_130(tmp_path: Path) -> None:
    """Ctrl-C while the command's modules load, and later while it computes: one line, 130."""
    script = Path(sys.executable).with_name("cardmath")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "cardmath"]
    statuses = []
    for delay in (0.0, 0.05, 0.2, 0.5, 1.0):
        with subprocess.Popen(
            [*command, "baccarat", "--decks", "8", "--bets", "banker,player,tie"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        ) as child:
            if _loading_modules(child):
                time.sleep(delay)
                child.send_signal(signal.SIGINT)
            output, error = child.communicate(timeout=120)
        statuses.append(child.returncode)
        assert "Traceback" not in error, (delay, error)
        if child.returncode == -signal.SIGINT:  # the signal came as Python shut down after the answer
            assert output.rstrip().endswith("taken from the shoe") and not error, (
                delay,
                output[-200:],
                error,
            )
            continue
        assert child.returncode in (0, 130), (delay, child.returncode, error)
        if child.returncode == 130:
            assert error == "cardmath: interrupted\n", error
    assert 130 in statuses


def test_an_interrupted_command_leaves_without_python_s_shutdown() -> None:
    """Once a command has said it was interrupted, it leaves at once with 130: Python's shutdown,
    during which a second Ctrl-C could find SIGINT back at its default action and kill the
    process (a soak saw 3 of 856 runs exit -2 after 'cardmath: interrupted'), does not run.  An
    exit handler that prints shows whether it ran; a second Ctrl-C right after is ignored."""
    probe = (
        "import atexit, os, signal, sys\n"
        "from unittest import mock\n"
        "import cardmath.__main__ as entry\n"
        "atexit.register(lambda: print('python shut down'))\n"
        "def interrupted():\n"
        "    sys.stderr.write('cardmath: interrupted\\n')\n"
        "    return 130\n"
        "with mock.patch('cardmath.cli.main.main', interrupted):\n"
        "    real = entry._interrupted\n"
        "    def twice(said=False):\n"
        "        os.kill(os.getpid(), signal.SIGINT)  # the second Ctrl-C, as it leaves\n"
        "        real(said)\n"
        "    entry._interrupted = twice\n"
        "    entry.main_exit()\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (130, "", "cardmath: interrupted\n")


def test_importing_cardmath_loads_no_sympy_until_asked() -> None:
    """What the command loads before its Ctrl-C guard: the package itself, without SymPy."""
    loaded = "print('sympy' in sys.modules)"
    probe = f"import sys, cardmath; {loaded}; cardmath.Shoe; {loaded}"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "True"]


def test_tables_never_replaces_a_folder_it_did_not_write(tmp_path: Path) -> None:
    web_project(tmp_path / "site")
    before = snapshot(tmp_path)
    result = cardmath("tables", "--out", "site", *QUICK_TABLES, cwd=tmp_path)
    assert_one_error_line(result, "'site' is not a folder cardmath wrote: choose an empty or new folder")
    assert snapshot(tmp_path) == before


def test_tables_through_a_link_writes_the_target_and_keeps_the_link(tmp_path: Path) -> None:
    (tmp_path / "published").mkdir()
    (tmp_path / "odds").symlink_to("published")
    for _ in range(2):
        result = cardmath("tables", "--out", "odds", *QUICK_TABLES, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
    assert os.readlink(tmp_path / "odds") == "published"
    assert owner_kind(tmp_path / "published") == "tables"
    assert (tmp_path / "published" / "index.md").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["odds", "published"]


@pytest.mark.parametrize(
    ("target", "cause"),
    [
        ("file", "it is a file, not a folder"),
        ("file/sub", "is a file, not a folder"),
        ("/dev/null", "it is a device, not a folder"),
        ("/sys/cardmath-tables", "cannot write to '/sys/cardmath-tables'"),
    ],
)
def test_tables_out_errors_are_one_line(tmp_path: Path, target: str, cause: str) -> None:
    (tmp_path / "file").write_text("mine")
    assert_one_error_line(cardmath("tables", "--out", target, *QUICK_TABLES, cwd=tmp_path), cause)
    assert (tmp_path / "file").read_text() == "mine"


# --- words that tell the truth (in process) --------------------------------------------------


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["reddog", "--bogus"], "unrecognized arguments: --bogus (see 'cardmath reddog --help')"),
        (["pool", "simulate", "--bogus"], "(see 'cardmath pool simulate --help')"),
        (["pool", "--out", "x"], "unrecognized arguments: --out (see 'cardmath pool --help')"),
        (["pool", "--format", "xlsx"], "xlsx is an Excel workbook, which this command does not write"),
        (["chemin-de-fer", "--format", "xlsx"], "which this command does not write"),
        (["--bogus"], "(see 'cardmath --help')"),
        (["--version", "x"], "--version takes no other words, got 'x' (see 'cardmath --help')"),
        (
            ["tables", "--out", "never-made", "--decks", ",".join(str(n) for n in range(1, 66))],
            "decks: at most 64 numbers at once, and the list names more (past 64 at '65')",
        ),
    ],
)
def test_usage_errors_point_to_the_right_help(
    words: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(words) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and message in error, error


@pytest.mark.parametrize(
    ("words", "offers"),
    [
        (["reddog"], True),
        (["baccarat"], True),
        (["session"], True),
        (["information", "baccarat"], True),
        (["study"], False),
        (["pool"], False),
        (["pool", "simulate"], False),
        (["chemin-de-fer"], False),
    ],
)
def test_help_offers_xlsx_only_where_there_is_out_file(
    words: list[str], offers: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*words, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert ("with --out FILE" in text) is offers, text
    assert ("xlsx (an Excel workbook" in text) is offers
