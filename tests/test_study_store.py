"""A study's folder verifies its own files: a chunk damaged in each way (``{}``, empty, truncated,
another study's, another range's, a digit flipped, a tally of the wrong shape with a checksum
forged to match) is reported in one line and dealt again, and the run ends with every shoe
counted and results byte-identical to an undamaged run's; a damaged ``study.json`` is written
again.  Folders are safe: an empty name, a file, a foreign folder, a folder of another kind are
refused with one line, and a folder an earlier cardmath wrote is taken over.  Chunk ranges are
made lazily, so a study of 10**12 shoes starts at once and is interrupted like any other."""

from __future__ import annotations

import errno
import hashlib
import inspect
import json
import os
import tracemalloc
from collections.abc import Callable
from itertools import islice
from pathlib import Path

import pytest

from cardmath import files
from cardmath.cli import main
from cardmath.errors import OptionError, PublishError
from cardmath.study import Study, run_study, study_tally, tally_shoes
from cardmath.study.runner import MAX_SHOES
from cardmath.study.store import StudyStore, missing_ranges

SHOES, CHUNK = 6, 2
WORDS = ["study", "tie", "--shoes", str(SHOES), "--chunk", str(CHUNK), "--workers", "1", "--format", "json"]
MIDDLE = "chunk-0000000002-0000000004.json"
RESULTS = ("results.json", "results.md", "edge-by-count.svg")


def study_in(folder: str | Path, capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, str, str]:
    """Run the command on ``folder``; its exit status, output and error output."""
    status = main([*WORDS, "--out", str(folder), *more])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture(scope="module")
def undamaged(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The result files of an undamaged run, by name."""
    folder = tmp_path_factory.mktemp("undamaged") / "study"
    assert main([*WORDS, "--out", str(folder)]) == 0
    return {name: (folder / name).read_bytes() for name in RESULTS}


def canonical_digest(content: dict[str, object]) -> str:
    """The SHA-256 of the canonical JSON of ``content``, worked out here from the format's
    definition (sorted keys, no spaces)."""
    return hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def flip_digit(text: str) -> str:
    """The text with one digit of the tally changed."""
    at = text.index('"tally"')
    at += next(i for i, c in enumerate(text[at:]) if c.isdigit() and c != "0")
    return text[:at] + str((int(text[at]) + 1) % 10) + text[at + 1 :]


def foreign_chunk(folder: Path, tmp_path: Path) -> str:
    """The same range of another study (another seed), saved by that study's own store."""
    other = Study.define(["tie"], shoes=SHOES, seed=99)
    store = StudyStore(tmp_path / "other", other)
    store.save(2, 4, tally_shoes(other, 2, 4))
    return (tmp_path / "other" / MIDDLE).read_text(encoding="utf-8")


def forged_shape(folder: Path, tmp_path: Path) -> str:
    """A chunk whose tally counts one shoe, with a checksum made to match."""
    record = json.loads((folder / MIDDLE).read_text(encoding="utf-8"))
    record["tally"]["shoes"] = 1
    record["sha256"] = canonical_digest({k: record[k] for k in ("fingerprint", "start", "stop", "tally")})
    return json.dumps(record)


Damage = Callable[[Path, Path], str]
DAMAGES: dict[str, tuple[Damage, str]] = {
    "braces": (lambda folder, tmp: "{}", "it holds no tally"),
    "empty": (lambda folder, tmp: "", "empty"),
    "truncated": (
        lambda folder, tmp: (folder / MIDDLE).read_text(encoding="utf-8")[:300],
        "not valid JSON: truncated or overwritten",
    ),
    "wrong range": (
        lambda folder, tmp: (folder / "chunk-0000000000-0000000002.json").read_text(encoding="utf-8"),
        "it holds shoes 0-2, not the range its name says",
    ),
    "flipped digit": (
        lambda folder, tmp: flip_digit((folder / MIDDLE).read_text(encoding="utf-8")),
        "its checksum does not match its content",
    ),
    "forged shape": (forged_shape, "its tally counts 1 shoes, not 2"),
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_chunk_is_reported_and_dealt_again(
    damage: str, tmp_path: Path, undamaged: dict[str, bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "study"
    assert study_in(folder, capsys)[0] == 0
    make, reason = DAMAGES[damage]
    (folder / MIDDLE).write_text(make(folder, tmp_path), encoding="utf-8")
    status, out, err = study_in(folder, capsys)
    assert status == 0
    assert err == f"cardmath: {MIDDLE} is damaged ({reason}): recomputing shoes 2-3\n"
    assert json.loads(out)["shoes_done"] == SHOES
    for name in RESULTS:
        assert (folder / name).read_bytes() == undamaged[name], name
    assert study_in(folder, capsys)[2] == ""  # repaired for good: a third run finds nothing wrong


def test_many_damaged_chunks_are_summed_up_in_one_line(tmp_path: Path) -> None:
    study = Study.define(["tie"], shoes=14, seed=1)
    folder = tmp_path / "study"
    study_tally(study, workers=1, chunk=1, out=folder)
    for path in folder.glob("chunk-*.json"):
        path.write_text("{}", encoding="utf-8")
    lines: list[str] = []
    assert study_tally(study, workers=1, chunk=1, out=folder, report=lines.append)["shoes"] == 14
    assert len(lines) == 11 and lines[-1] == "4 more damaged chunks: recomputing their shoes too"


@pytest.mark.parametrize("content", ["", '{"fingerprint": "', '{"format": 2}'])
def test_a_damaged_study_json_is_written_again(
    content: str, tmp_path: Path, undamaged: dict[str, bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "study"
    assert study_in(folder, capsys)[0] == 0
    (folder / "study.json").write_text(content, encoding="utf-8")
    status, _, err = study_in(folder, capsys)
    assert status == 0 and err.startswith("cardmath: study.json is damaged (") and err.count("\n") == 1
    assert (folder / "results.json").read_bytes() == undamaged["results.json"]
    assert study_in(folder, capsys)[2] == ""


def test_a_study_json_altered_by_hand_is_damaged_and_another_study_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "study"
    assert study_in(folder, capsys)[0] == 0
    saved = json.loads((folder / "study.json").read_text(encoding="utf-8"))
    saved["study"]["decks"] = 6
    (folder / "study.json").write_text(json.dumps(saved), encoding="utf-8")
    assert "checksum does not match" in study_in(folder, capsys)[2]
    status, out, err = study_in(folder, capsys, "--seed", "5")
    assert status == 2 and out == "" and "another study" in err and err.count("\n") == 1


def test_a_folder_an_earlier_cardmath_wrote_is_taken_over(
    tmp_path: Path, undamaged: dict[str, bytes], capsys: pytest.CaptureFixture[str]
) -> None:
    """An earlier cardmath wrote ``study.json`` without a checksum, bare tallies as chunks and no
    marker: the folder is accepted, the chunks are dealt again (nothing vouches for them)."""
    study = Study.define(["tie"], shoes=SHOES)
    folder = tmp_path / "old"
    folder.mkdir()
    description = {k: v for k, v in study.describe().items() if k != "shoes"}
    old = {"fingerprint": study.fingerprint(), "study": description}
    (folder / "study.json").write_text(json.dumps(old), encoding="utf-8")
    (folder / MIDDLE).write_text(json.dumps(tally_shoes(study, 2, 4)), encoding="utf-8")
    status, _, err = study_in(folder, capsys)
    assert status == 0
    assert err == f"cardmath: {MIDDLE} is damaged (written by an earlier cardmath, without a checksum): " + (
        "recomputing shoes 2-3\n"
    )
    assert (folder / "results.json").read_bytes() == undamaged["results.json"]
    assert json.loads((folder / ".cardmath").read_text(encoding="utf-8"))["kind"] == "study"
    assert "sha256" in json.loads((folder / "study.json").read_text(encoding="utf-8"))


def test_unsafe_folders_are_refused_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "results.md").write_text("mine", encoding="utf-8")
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / ".cardmath").write_text('{"written_by": "cardmath", "kind": "tables"}\n')
    (tmp_path / "damaged-old").mkdir()
    (tmp_path / "damaged-old" / "study.json").write_text("{", encoding="utf-8")
    for out, message in (
        ("", "not an empty name"),
        ("   ", "not an empty name"),
        (".", "is not a folder cardmath wrote"),
        ("results.md", "it is a file, not a folder"),
        ("results.md/study", "results.md"),
        ("tables", "a folder cardmath wrote for tables, not study"),
        ("x" * 300, "File name too long"),
        ("damaged-old", "is damaged (not valid JSON: truncated or overwritten) and the folder has no"),
    ):
        status, output, err = study_in(out, capsys)
        assert status == 2 and output == "", out
        assert err.startswith("cardmath: error: ") and message in err and err.count("\n") == 1, (out, err)
    assert sorted(os.listdir(tmp_path)) == ["damaged-old", "results.md", "tables"]
    assert (tmp_path / "results.md").read_text(encoding="utf-8") == "mine"
    with pytest.raises(PublishError, match="empty name"):
        run_study(Study.define(["tie"], shoes=1), workers=1, out="")


def test_results_that_cannot_be_written_are_one_line_and_a_run_again_prints_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "study"
    folder.mkdir()
    (folder / ".cardmath").write_text('{"written_by": "cardmath", "kind": "study"}\n')
    (folder / "results.json").mkdir()
    status, out, err = study_in(folder, capsys)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("cardmath: error: ") and "results.json" in err
    (folder / "results.json").rmdir()
    calls: list[int] = []
    run_study(Study.define(["tie"], shoes=SHOES), workers=1, chunk=CHUNK, out=folder, progress=calls.append)
    assert calls == [SHOES]  # every chunk was saved before the failure: nothing is dealt again


def test_a_full_disk_mid_study_is_one_line_and_a_run_again_resumes(
    tmp_path: Path,
    undamaged: dict[str, bytes],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    write = files._write

    def filling(path: str | os.PathLike[str], content: str | bytes) -> None:
        if Path(path).name.startswith(".chunk-0000000004"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        write(path, content)

    folder = tmp_path / "study"
    with monkeypatch.context() as patch:
        patch.setattr(files, "_write", filling)
        status, out, err = study_in(folder, capsys)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "chunk-0000000004-0000000006.json" in err and os.strerror(errno.ENOSPC) in err
    calls: list[int] = []
    run_study(Study.define(["tie"], shoes=SHOES), workers=1, chunk=CHUNK, out=folder, progress=calls.append)
    assert calls == [4, 2]  # the two chunks saved before the disk filled are not dealt again
    assert study_in(folder, capsys)[0] == 0
    assert (folder / "results.json").read_bytes() == undamaged["results.json"]


def test_chunk_ranges_are_lazy_and_hold_only_the_saved_ranges() -> None:
    ranges = missing_ranges(MAX_SHOES, [], 1)
    assert inspect.isgenerator(ranges)
    assert list(islice(ranges, 3)) == [(0, 1), (1, 2), (2, 3)]
    saved = [(start, start + 5) for start in range(0, 10_000, 10)]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        gaps = missing_ranges(MAX_SHOES, saved, 3)
        first = list(islice(gaps, 4))
        for _ in islice(gaps, 200_000):
            pass
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    assert first == [(5, 8), (8, 10), (15, 18), (18, 20)]
    assert peak < 100_000  # bytes: no list of the ranges is built


def test_a_study_of_a_million_million_shoes_starts_at_once_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    study = Study.define(["tie"], shoes=MAX_SHOES, seed=2)
    done: list[int] = []

    def interrupt(shoes: int) -> None:
        done.append(shoes)
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        study_tally(study, workers=1, chunk=1, out=tmp_path / "huge", progress=interrupt)
    assert done == [1] and [p.name for p in (tmp_path / "huge").glob("chunk-*")] == [
        "chunk-0000000000-0000000001.json"
    ]
    with pytest.raises(OptionError, match="at most 1,000,000,000,000 shoes"):
        study_tally(Study.define(["tie"], shoes=MAX_SHOES + 1), workers=1)


def test_a_study_that_is_not_a_study_is_a_clear_type_error() -> None:
    with pytest.raises(TypeError, match="study must be a Study"):
        run_study(None)  # type: ignore[arg-type]


def test_a_chunk_of_another_study_is_refused_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A sound chunk of another study is that study's work: the folder is refused and nothing of it
    removed, unless --restart says to start again."""
    folder = tmp_path / "study"
    assert study_in(folder, capsys)[0] == 0
    foreign = foreign_chunk(folder, tmp_path)
    (folder / MIDDLE).write_text(foreign, encoding="utf-8")
    status, out, err = study_in(folder, capsys)
    assert status == 2 and out == "" and err.count("\n") == 1
    assert "holds 1 chunks of another study" in err and "--restart" in err
    assert (folder / MIDDLE).read_text(encoding="utf-8") == foreign
    status, out, err = study_in(folder, capsys, "--restart")
    assert status == 0 and json.loads(out)["shoes_done"] == SHOES
    assert err == "cardmath: --restart: discarded 1 chunks of another study\n"


@pytest.mark.parametrize("study_json", ["damaged", "missing", "sound"])
def test_the_folders_study_is_checked_the_same_whatever_its_study_json(
    study_json: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another seed is refused whether study.json is sound, damaged or gone: the chunks say whose
    folder it is, and none of them is removed."""
    folder = tmp_path / "study"
    assert study_in(folder, capsys)[0] == 0
    chunks = {path.name: path.read_bytes() for path in folder.glob("chunk-*.json")}
    if study_json == "damaged":
        (folder / "study.json").write_text('{"fingerprint": ', encoding="utf-8")
    elif study_json == "missing":
        (folder / "study.json").unlink()
    status, out, err = study_in(folder, capsys, "--seed", "5")
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert "another study" in err and "--restart" in err
    assert {path.name: path.read_bytes() for path in folder.glob("chunk-*.json")} == chunks
    status, out, _ = study_in(folder, capsys, "--seed", "5", "--restart")
    assert status == 0 and json.loads(out)["study"]["seed"] == 5
    assert study_in(folder, capsys, "--seed", "5")[0] == 0  # the folder is now the new study's
