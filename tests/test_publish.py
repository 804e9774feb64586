"""The published table set: deterministic, atomic, every format readable, the index complete.

The mechanics are tested on a small made-up game (so they do not depend on any game's running
time); the real set is then checked against figures computed here independently or published.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import stat
import subprocess
import sys
import time
import types
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from sympy import Rational

from cardmath import publish
from cardmath.cli import main
from cardmath.games import Axis
from cardmath.games.registry import GAMES
from cardmath.shoe import Shoe
from cardmath.table import Table

# ---------------------------------------------------------------- a made-up game for the mechanics


def _coin_tables(decks: int | None) -> tuple[Table, ...]:
    shoe = Shoe.infinite() if decks is None else Shoe.standard(decks)
    size = shoe.size
    sheet = Table(
        f"Coin par sheet, {shoe.describe()}",
        ("outcome", "combinations", "probability"),
        (("heads", size, Rational(1, 2)), ("tails", size, Rational(1, 2))),
    )
    edge = Table(f"Coin edge, {shoe.describe()}", ("bet", "house edge"), (("heads", Rational(1, size)),))
    return sheet, edge


def _coin_summary(points: Sequence[int | None]) -> Table:
    shoes = [Shoe.infinite() if decks is None else Shoe.standard(decks) for decks in points]
    return Table("Coin summary", ("shoe", "cards"), tuple((s.describe(), s.size) for s in shoes))


def _pool_tables(hand_size: int) -> tuple[Table, ...]:
    return (Table(f"Hands of {hand_size}", ("size", "share"), ((hand_size, Rational(1, hand_size)),)),)


def _pool_summary(sizes: Sequence[int]) -> Table:
    return Table("Pool summary", ("size",), tuple((size,) for size in sizes))


def _fake(
    name: str, axis: Axis, tables: Callable[..., tuple[Table, ...]], summary: Callable[..., Table]
) -> Any:
    points = (1, 2, 3, 4, 5, 6, 7, 8, None) if axis is Axis.DECKS else (3, 4, 5, 6, 7, 8)
    return types.SimpleNamespace(
        name=name,
        title=name.title(),
        axis=axis,
        default_points=points,
        publication_tables=tables,
        summary_table=summary,
    )


FAKE_GAMES = {
    "reddog": _fake("reddog", Axis.DECKS, _coin_tables, _coin_summary),
    "baccarat": _fake("baccarat", Axis.DECKS, _coin_tables, _coin_summary),
    "pool": _fake("pool", Axis.HAND_SIZES, _pool_tables, _pool_summary),
}


@pytest.fixture
def fake_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The publishing mechanics on made-up games (the registry replaced by three fakes)."""
    monkeypatch.setattr(publish, "GAMES", tuple(FAKE_GAMES.values()))


def _snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.mark.usefixtures("fake_games")
def test_second_run_is_byte_identical(tmp_path: Path) -> None:
    publish.write_tables(tmp_path / "a", decks=(1, 2, None), hand_sizes=(4, 5))
    first = _snapshot(tmp_path / "a")
    publish.write_tables(tmp_path / "a", decks=(1, 2, None), hand_sizes=(4, 5))
    publish.write_tables(tmp_path / "b", decks=(None, 2, 1), hand_sizes=(5, 4))
    assert _snapshot(tmp_path / "a") == first
    assert _snapshot(tmp_path / "b") == first


@pytest.mark.usefixtures("fake_games")
def test_layout_and_index_list_every_file(tmp_path: Path) -> None:
    written = publish.write_tables(tmp_path, decks=(1, None), hand_sizes=(5,))
    on_disk = {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()} - {".cardmath"}
    assert {str(p.relative_to(tmp_path)) for p in written} == on_disk
    # 2 games x (2 shoes x 2 tables + 1 summary) + pool (1 + 1), each in 4 text formats, one
    # workbook per folder (2 games x 3 folders + pool's 2), the tidy data of each kind of table
    # (2 games x 3 tables of their own + pool's 2) as CSV and Parquet, plus 2 index files
    assert len(on_disk) == (2 * 5 + 2) * 4 + (2 * 3 + 2) + (2 * 3 + 2) * 2 + 2
    assert "reddog/1-deck/reddog-1-deck.xlsx" in on_disk
    assert {"tidy/reddog-coin-par-sheet.csv", "tidy/pool-hands-of-5.parquet"} <= on_disk
    assert "reddog/1-deck/reddog-1-deck-coin-par-sheet.md" in on_disk
    assert "baccarat/infinite-decks/baccarat-infinite-coin-edge.tex" in on_disk
    assert "pool/hand-size-5/pool-5-cards-hands-of-5.csv" in on_disk
    assert "pool/summary/pool-pool-summary.json" in on_disk
    index = json.loads((tmp_path / "index.json").read_text())
    listed = {path for entry in index["tables"] for path in entry["files"].values()}
    assert listed | {"index.md", "index.json"} == on_disk
    index_md = (tmp_path / "index.md").read_text()
    for path in listed:
        assert f"]({path})" in index_md


@pytest.mark.usefixtures("fake_games")
def test_every_format_parses_back_to_the_exact_values(tmp_path: Path) -> None:
    publish.write_tables(tmp_path, games=("reddog",), decks=(2,))
    stem = tmp_path / "reddog/2-decks/reddog-2-decks-coin-edge"
    document = json.loads(stem.with_suffix(".json").read_text())
    assert document["game"] == "reddog" and document["shoe"] == "2 decks"
    assert Fraction(document["rows"][0]["house edge"]) == Fraction(1, 104)
    rows = list(csv.DictReader(io.StringIO(stem.with_suffix(".csv").read_text())))
    assert [row["bet"] for row in rows] == ["heads"]
    assert abs(Fraction(rows[0]["house edge"]) - Fraction(1, 104)) <= Fraction(1, 2 * 10**18)
    markdown = stem.with_suffix(".md").read_text()
    assert markdown.startswith("# Coin edge, 2 decks\n") and "| heads" in markdown
    latex = stem.with_suffix(".tex").read_text()
    assert "\\begin{tabular}" in latex and "\\end{tabular}" in latex


@pytest.mark.usefixtures("fake_games")
def test_a_failing_game_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(decks: int | None) -> tuple[Table, ...]:
        raise KeyboardInterrupt

    games = (FAKE_GAMES["reddog"], _fake("baccarat", Axis.DECKS, broken, _coin_summary), FAKE_GAMES["pool"])
    monkeypatch.setattr(publish, "GAMES", games)
    with pytest.raises(KeyboardInterrupt):
        publish.write_tables(tmp_path / "out", decks=(1,))
    assert not (tmp_path / "out").exists()


@pytest.mark.usefixtures("fake_games")
def test_an_interrupted_write_leaves_the_old_set_whole(tmp_path: Path) -> None:
    publish.write_tables(tmp_path / "set", games=("reddog",), decks=(1,))
    before = _snapshot(tmp_path)
    files = publish.render_files(publish.plan(("reddog",), (1, 2)), progress=False)
    written = 0

    def interrupt(name: str) -> None:
        nonlocal written
        written += 1
        if written == 12:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        publish.write_files(tmp_path / "set", files, pace=interrupt)
    assert _snapshot(tmp_path) == before  # nothing half written, no staging folder left


@pytest.mark.usefixtures("fake_games")
def test_a_narrower_run_replaces_the_set_and_its_index_lists_exactly_the_files(tmp_path: Path) -> None:
    publish.write_tables(tmp_path, decks=(1, 2, None), hand_sizes=(4, 5))
    publish.write_tables(tmp_path, games=("pool",), hand_sizes=(5,), formats=("json",))
    on_disk = {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()} - {".cardmath"}
    index = json.loads((tmp_path / "index.json").read_text())
    assert {path for entry in index["tables"] for path in entry["files"].values()} | {
        "index.md",
        "index.json",
    } == on_disk
    assert on_disk == {
        "index.md",
        "index.json",
        "pool/hand-size-5/pool-5-cards-hands-of-5.json",
        "pool/summary/pool-pool-summary.json",
    }


@pytest.mark.usefixtures("fake_games")
def test_files_get_the_permissions_of_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        publish.write_tables(tmp_path / "set", games=("reddog",), decks=(1,), formats=("csv",))
    finally:
        os.umask(old)
    modes = {stat.S_IMODE(p.stat().st_mode) for p in (tmp_path / "set").rglob("*") if p.is_file()}
    assert modes == {0o644}


@pytest.mark.usefixtures("fake_games")
def test_leftovers_of_killed_runs_are_cleaned_and_a_set_left_aside_is_put_back(tmp_path: Path) -> None:
    target = tmp_path / "set"
    publish.write_tables(target, games=("reddog",), decks=(1,), formats=("csv",))
    (tmp_path / ".set.cardmath-staging-99999" / "reddog").mkdir(parents=True)
    (target / ".figures.csv.abc123.tmp").write_text("")
    publish.write_tables(target, games=("reddog",), decks=(2,), formats=("csv",))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set"]
    assert not list(target.rglob("*.tmp"))
    # A run killed between the two renames of a non-atomic swap leaves the old set aside.
    aside = tmp_path / ".set.cardmath-old-4242"
    os.rename(target, aside)
    publish.write_tables(target, games=("reddog",), decks=(1,), formats=("csv",))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set"]
    assert (target / "reddog/1-deck/reddog-1-deck-coin-edge.csv").is_file()


def test_a_folder_of_other_files_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(publish.PublishError, match="not a folder cardmath wrote"):
        publish.write_files(tmp_path, {"index.json": "{}", "a.csv": "a"})
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


KILLED_WRITER = """
import sys, time
from cardmath.files import write_file_set
files = {f"game/{n:02d}.txt": f"{sys.argv[2]} {n}\\n" for n in range(30)}
files["index.json"] = sys.argv[2]
print("ready", flush=True)
write_file_set(sys.argv[1], files, pace=lambda name: time.sleep(0.004))
"""


def _set_of(root: Path) -> dict[str, str]:
    files = (p for p in root.rglob("*") if p.is_file() and p.name != ".cardmath")
    return {str(p.relative_to(root)): p.read_text() for p in files}


@pytest.mark.parametrize("signal_number", [signal.SIGKILL, signal.SIGINT])
def test_a_killed_run_leaves_the_complete_old_or_new_set(tmp_path: Path, signal_number: int) -> None:
    target = tmp_path / "set"

    def run(version: str, kill_after: float | None) -> None:
        with subprocess.Popen(
            [sys.executable, "-c", KILLED_WRITER, str(target), version],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        ) as child:
            assert child.stdout is not None and child.stdout.readline() == "ready\n"
            if kill_after is not None:
                time.sleep(kill_after)
                child.send_signal(signal_number)
            child.wait(timeout=60)

    def expected(version: str) -> dict[str, str]:
        return {**{f"game/{n:02d}.txt": f"{version} {n}\n" for n in range(30)}, "index.json": version}

    run("old", None)
    previous = "old"
    outcomes = set()
    for step, kill_after in enumerate([0.0, 0.02, 0.05, 0.08, 0.11, 0.14, 0.2, 0.4]):
        version = f"v{step}"
        run(version, kill_after)
        found = _set_of(target)
        assert found.get("index.json") in (previous, version), kill_after
        assert found == expected(found["index.json"]), kill_after  # whole, never mixed
        outcomes.add("new" if found["index.json"] == version else "old")
        previous = found["index.json"]
    run("final", None)
    assert _set_of(target) == expected("final")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set"]  # every leftover removed
    assert "old" in outcomes  # some kills landed inside the write phase


def test_output_path_that_is_a_file_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "taken"
    target.write_text("x")
    with pytest.raises(publish.PublishError, match="it is a file"):
        publish.write_files(target, {"a.md": "a"})


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["--decks", "0"], "decks: 0 is not allowed"),
        (["--decks", "two"], "not a whole number"),
        (["--games", "poker"], "unknown game 'poker'"),
        (["--hand-sizes", "9"], "hand sizes: 9 is not allowed"),
        (["--formats", "pdf"], "unknown format 'pdf'"),
        (["--decks", ""], "list separated by commas"),
    ],
)
def test_bad_options_print_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert main(["tables", "--out", str(tmp_path), *words]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and error.startswith("cardmath: error: ") and message in error
    assert not list(tmp_path.iterdir())


@pytest.mark.usefixtures("fake_games")
def test_command_reports_the_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tables", "--out", str(tmp_path), "--games", "pool", "--hand-sizes", "3"]) == 0
    output = capsys.readouterr()
    # 2 tables in 4 text formats, 2 workbooks, 2 kinds of tidy data as CSV and Parquet, 2 index files
    assert "wrote 16 files" in output.out and output.err == ""  # no progress bar off a terminal


# ---------------------------------------------------------------- the real set against independent facts


@pytest.fixture(scope="module")
def real_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tables")
    words = ["tables", "--out", str(out), "--decks", "1,2,4,6,8,inf", "--hand-sizes", "4,5"]
    assert main(words) == 0
    return out


def _rows(path: Path) -> list[dict[str, object]]:
    document = json.loads(path.read_text())
    rows: list[dict[str, object]] = document["rows"]
    return rows


def _figure(path: Path, name: str) -> object:
    return next(row["value"] for row in _rows(path) if row["figure"] == name)


@pytest.mark.parametrize(
    ("folder", "house_edge"),
    [
        # exact forms of the published 3.155%, 3.077%, 2.884%, 2.798%, 2.751% (Wizard of Odds, Red Dog)
        ("1-deck", "523/16575"),
        ("2-decks", "2101/68289"),
        ("4-decks", "7993/277173"),
        ("6-decks", "17533/626665"),
        ("8-decks", "30721/1116765"),
        ("infinite-decks", "57/2197"),
    ],
)
def test_red_dog_house_edges_in_the_files(real_set: Path, folder: str, house_edge: str) -> None:
    (bet,) = _rows(real_set / "reddog" / folder / f"reddog-{publish.shoe_tag(folder)}-bets.json")
    assert bet["bet"] == "reddog" and bet["house edge"] == house_edge
    strategy = _rows(real_set / "reddog" / folder / f"reddog-{publish.shoe_tag(folder)}-raise-strategy.json")
    # Wizard of Odds: raise on spreads 7 or more
    assert [row["spread"] for row in strategy if row["raise"] == "yes"] == [7, 8, 9, 10, 11]
    (summary,) = _rows(real_set / "reddog/summary/reddog-house-edge-by-decks.json")
    assert summary["bet"] == "reddog" and summary[folder.replace("-", " ")] == house_edge


def test_red_dog_par_sheet_counts_every_deal(real_set: Path) -> None:
    for decks in (1, 2, 4, 6, 8):
        folder = "1-deck" if decks == 1 else f"{decks}-decks"
        rows = [
            row
            for row in _rows(
                real_set / "reddog" / folder / f"reddog-{publish.shoe_tag(folder)}-par-sheet.json"
            )
            if row["outcome"] != "total"
        ]
        size = 52 * decks
        combinations = [row["combinations"] for row in rows]
        assert all(isinstance(c, int) for c in combinations)
        assert sum(c for c in combinations if isinstance(c, int)) == size * (size - 1) * (size - 2)
        assert sum(Fraction(str(row["probability"])) for row in rows) == 1
    # three of a kind on one deck: 13 ranks x 4 x 3 x 2 ordered deals of 132,600
    one_deck = _rows(real_set / "reddog/1-deck/reddog-1-deck-par-sheet.json")
    assert one_deck[0]["combinations"] == 13 * 4 * 3 * 2


def test_baccarat_eight_deck_counts_and_edges(real_set: Path) -> None:
    # The published 8-deck counts (Wizard of Odds, Baccarat appendix).
    rows = {
        row["result"]: row["combinations"]
        for row in _rows(real_set / "baccarat/8-decks/baccarat-8-decks-results.json")
    }
    assert rows == {
        "player wins": 2230518282592256,
        "banker wins": 2292252566437888,
        "ties": 475627426473216,
        "total": 4998398275503360,
    }
    assert 416 * 415 * 414 * 413 * 412 * 411 == 4998398275503360
    edges = {
        row["bet"]: Fraction(str(row["house edge"]))
        for row in _rows(real_set / "baccarat/8-decks/baccarat-8-decks-bets.json")
    }
    # Published house edges (Wizard of Odds), to their printed precision
    published = {
        "banker": (1.0579, 4),
        "player": (1.2351, 4),
        "tie": (14.3596, 4),
        "player_pair": (10.36, 2),
        "banker_pair": (10.36, 2),
        "dragon_7": (7.61, 2),
        "panda_8": (10.19, 2),
        "banker_no_commission": (1.458, 3),
    }
    for bet, (percent, places) in published.items():
        assert round(float(edges[bet]) * 100, places) == percent, bet
    # the exact banker and player edges follow from the published counts alone
    total, player, banker = 4998398275503360, 2230518282592256, 2292252566437888
    assert edges["banker"] == Fraction(player * 100 - banker * 95, 100 * total)
    assert edges["player"] == Fraction(banker - player, total)


def test_pool_distributions_in_the_files(real_set: Path) -> None:
    # By hand: 2,598,960 five-card hands, 8689/19740, 862,680 favourable; four cards 4489/11900.
    five = _rows(real_set / "pool/hand-size-5/pool-5-cards-summary.json")[0]
    assert (five["hands"], five["win probability"], five["favourable hands"]) == (
        2598960,
        "8689/19740",
        862680,
    )
    four = _rows(real_set / "pool/hand-size-4/pool-4-cards-summary.json")[0]
    assert (four["hands"], four["win probability"]) == (270725, "4489/11900")
    summary = _rows(real_set / "pool/summary/pool-every-hand-size.json")
    assert [row["hand size"] for row in summary] == [4, 5]
    *distribution, total = _rows(real_set / "pool/hand-size-5/pool-5-cards-unseen-cards-beaten.json")
    assert sum(int(str(row["hands"])) for row in distribution) == total["hands"] == 2598960
    assert total["beaten"] == "total" and total["probability"] == "1"


def test_real_set_index_and_formats(real_set: Path) -> None:
    index = json.loads((real_set / "index.json").read_text())
    files = [path for entry in index["tables"] for path in entry["files"].values()]
    on_disk = {str(p.relative_to(real_set)) for p in real_set.rglob("*") if p.is_file()} - {".cardmath"}
    assert set(files) | {"index.md", "index.json"} == on_disk
    for name in files:
        if name.endswith(".xlsx"):
            assert (real_set / name).read_bytes()[:2] == b"PK"  # read back in tests/test_xlsx.py
            continue
        if name.endswith(".parquet"):
            assert (real_set / name).read_bytes()[:4] == b"PAR1"  # read back in tests/test_tidy_data.py
            continue
        text = (real_set / name).read_text()
        if name.endswith(".json"):
            json.loads(text)
        elif name.endswith(".csv"):
            rows = list(csv.reader(io.StringIO(text)))
            assert len({len(row) for row in rows}) == 1 and len(rows) >= 2
        elif name.endswith(".tex"):
            assert "\\begin{tabular" in text or "\\begin{longtable" in text
        else:
            assert text.startswith("# ")


def test_file_names_carry_the_game_the_shoe_and_the_table(real_set: Path) -> None:
    index = json.loads((real_set / "index.json").read_text())
    prefixes = {game.name for game in GAMES}
    tidy = {"csv-tidy", "parquet"}  # one file per kind across games: tests/test_tidy_data.py
    for entry in index["tables"]:
        for path in (path for fmt, path in entry["files"].items() if fmt not in tidy):
            game, folder, name = path.split("/")
            assert game in prefixes and name.startswith(f"{game}-"), path  # one prefix per game
            assert len(name) <= 62, path  # short enough to read and to type
            assert "-s-" not in name and "--" not in name, path  # no possessive slugs
            if folder != "summary":
                assert f"-{publish.shoe_tag(f'{game}/{folder}')}" in name, path  # the shoe
    paths = {path for entry in index["tables"] for fmt, path in entry["files"].items() if fmt not in tidy}
    names = [path.rpartition("/")[2] for path in paths]
    assert len(set(names)) == len(paths)  # downloads from different shoes never collide
    # pay tables are named by their pays, not by the house's id
    assert "baccarat-8-decks-tie-pays-9.csv" in names
    assert "baccarat-8-decks-lucky-6-pays-12-three-card-23.json" in names
    assert not any("las-vegas" in name or "macau" in name for name in names)


def test_json_and_csv_carry_display_titles_names_totals_and_house_edge(real_set: Path) -> None:
    folder = real_set / "baccarat/8-decks"
    markdown = (folder / "baccarat-8-decks-ez-banker-par-sheet.md").read_text()
    document = json.loads((folder / "baccarat-8-decks-ez-banker-par-sheet.json").read_text())
    assert markdown.startswith(f"# {document['title']}\n")  # one title in every format
    assert document["title"] == "Baccarat EZ Banker (a three-card 7 pushes) par sheet, 8 decks"
    assert document["rows"][-1]["outcome"] == "total" and document["rows"][-1]["probability"] == "1"
    returns = sum(Fraction(str(row["return"])) for row in document["rows"][:-1])
    assert Fraction(document["house_edge"]) == -returns == -Fraction(document["rows"][-1]["return"])
    rows = list(csv.reader(io.StringIO((folder / "baccarat-8-decks-ez-banker-par-sheet.csv").read_text())))
    total = [row[0] for row in rows].index("total")
    assert rows[total + 1][0] == "house edge"  # under the total, before the swing
    assert Fraction(rows[total + 1][-1]) == Fraction(document["house_edge"])
    assert rows[total + 2][0] == "standard deviation"  # the swing, tests/test_published_swing.py
    bets = list(csv.DictReader(io.StringIO((folder / "baccarat-8-decks-bets.csv").read_text())))
    assert {row["bet"]: row["bet name"] for row in bets}["ez_banker"] == "EZ Banker (a three-card 7 pushes)"
    for path in (real_set / "pool").rglob("*unseen-cards-beaten.json"):
        *hands, total = json.loads(path.read_text())["rows"]
        assert total["beaten"] == "total" and total["hands"] == sum(row["hands"] for row in hands)


def test_a_pay_reads_as_posted_odds_and_a_raise_as_the_stake_it_wins_on(real_set: Path) -> None:
    red_dog = (real_set / "reddog/8-decks/reddog-8-decks-par-sheet.md").read_text()
    # The posted pay of a raised hand is 1 to 1 on the doubled bet (2 units of the initial bet).
    raised = [line for line in red_dog.splitlines() if "raised, won" in line]
    assert len(raised) == 5 and all("| 1 to 1 on 2 units |" in line for line in raised)
    big = (real_set / "baccarat/8-decks/baccarat-8-decks-big-par-sheet.md").read_text()
    assert "27 to 50" in big and "0.54" not in big  # Big pays 0.54 to 1, posted as 27 to 50
