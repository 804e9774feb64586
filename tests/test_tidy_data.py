"""Tidy data: the published set's ``tidy/KIND.csv`` and ``tidy/KIND.parquet``, and ``--format
csv-tidy`` / ``parquet`` of the commands.

A small set (Red Dog and Dragon Tiger on 1, 2 and infinite decks, High Card Pool with 4 and 5
cards) is written once; every tidy file is then opened with pandas, polars and DuckDB.  The exact
columns are checked against the JSON files of the same set (another renderer of the same
tables), and the figures against oracles of their own: probabilities that add up to 1 (so no
totals row is left), the number of deals and hands counted by hand, published house edges, and an
expected value enumerated here.
"""

from __future__ import annotations

import argparse
import csv
import functools
import io
import json
import math
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cardmath import publish
from cardmath.cli import main
from cardmath.cli.shoe_game import emit
from cardmath.errors import OptionError
from cardmath.frames import column_name, exact_value
from cardmath.output import render_tables

duckdb = pytest.importorskip("duckdb")  # the extras of cardmath[dev]
pandas = pytest.importorskip("pandas")
polars = pytest.importorskip("polars")
parquet = pytest.importorskip("pyarrow.parquet")

GAMES = ("reddog", "dragon-tiger", "pool")
DECKS = (1, 2, None)
HAND_SIZES = (4, 5)

RED_DOG_EDGES = {1: Fraction(523, 16575), 2: Fraction(2101, 68289), None: Fraction(57, 2197)}
"""Red Dog's house edge (Wizard of Odds publishes 3.155%, 3.077% and the limit 2.594%)."""


@pytest.fixture(scope="module")
def tidy_set(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tidy-set")
    publish.write_tables(
        out,
        games=GAMES,
        decks=DECKS,
        hand_sizes=HAND_SIZES,
        formats=("json", "csv-tidy", "parquet"),
        progress=False,
    )
    return out


def _index(root: Path) -> dict[str, Any]:
    index: dict[str, Any] = json.loads((root / "index.json").read_text(encoding="utf-8"))
    return index


def _kinds(root: Path) -> dict[str, dict[str, Any]]:
    return {entry["kind"]: entry for entry in _index(root)["tidy"]}


def _frame(root: Path, kind: str) -> Any:
    return pandas.read_parquet(root / "tidy" / f"{kind}.parquet")


def _csv_frame(root: Path, entry: dict[str, Any]) -> Any:
    """The CSV as a user reads it: exact fractions and words as text."""
    text = {column["name"]: "string" for column in entry["columns"] if column["type"] in ("exact", "text")}
    return pandas.read_csv(root / entry["files"]["csv-tidy"], dtype=text, keep_default_na=True)


def _missing(value: Any) -> bool:
    return value is None or value is pandas.NA or (isinstance(value, float) and math.isnan(value))


# ---------------------------------------------------------------- the files and the index


def test_the_index_lists_every_tidy_file_and_each_table_its_kind(tidy_set: Path) -> None:
    kinds = _kinds(tidy_set)
    on_disk = {path.relative_to(tidy_set).as_posix() for path in (tidy_set / "tidy").iterdir()}
    listed = {path for entry in kinds.values() for path in entry["files"].values()}
    assert on_disk == listed
    assert {
        "par-sheet",
        "results",
        "bets",
        "effects-of-removal",
        "pay-tables",
        "house-edge-by-decks",
        "seen-cards",
        "best-sorts",
        "reddog-raise-strategy",
        "pool-unseen-cards-beaten",
        "pool-summary",
        "pool-every-hand-size",
    } == set(kinds)
    for table in _index(tidy_set)["tables"]:
        assert table["files"]["parquet"] == f"tidy/{table['kind']}.parquet"
        assert table["files"]["csv-tidy"] == f"tidy/{table['kind']}.csv"
    index_md = (tidy_set / "index.md").read_text(encoding="utf-8")
    assert "## Tidy data" in index_md
    assert all(f"]({path})" in index_md for path in listed)


def test_every_file_reads_in_pandas_polars_and_duckdb_with_numeric_columns(tidy_set: Path) -> None:
    for kind, entry in _kinds(tidy_set).items():
        parquet_path = tidy_set / entry["files"]["parquet"]
        csv_path = tidy_set / entry["files"]["csv-tidy"]
        types = {column["name"]: column["type"] for column in entry["columns"]}
        frame, from_csv = _frame(tidy_set, kind), _csv_frame(tidy_set, entry)
        assert list(frame.columns) == list(from_csv.columns) == list(types), kind
        assert len(frame) == len(from_csv) == entry["rows"] > 0, kind
        for name, kind_of in types.items():
            for read in (frame, from_csv):
                if kind_of in ("integer", "float"):
                    assert pandas.api.types.is_numeric_dtype(read[name]), (kind, name)
                if kind_of == "float":
                    assert read[name].dtype == "float64", (kind, name)
                if kind_of == "boolean":
                    assert pandas.api.types.is_bool_dtype(read[name]), (kind, name)
        # the CSV holds the same values as the Parquet file, floats to the last bit
        for name in types:
            for left, right in zip(frame[name], from_csv[name], strict=True):
                assert (_missing(left) and _missing(right)) or left == right, (kind, name, left, right)
        table = polars.read_parquet(parquet_path)
        assert table.height == entry["rows"]
        polar_types = {"integer": polars.Int64, "float": polars.Float64, "boolean": polars.Boolean}
        for name, kind_of in types.items():
            assert table.schema[name] == polar_types.get(kind_of, polars.String), (kind, name)
        assert polars.read_csv(csv_path, infer_schema_length=None).height == entry["rows"]
        for reader in ("read_parquet", "read_csv_auto"):
            path = parquet_path if reader == "read_parquet" else csv_path
            ((count,),) = duckdb.sql(f"SELECT count(*) FROM {reader}('{path}')").fetchall()
            assert count == entry["rows"], (kind, reader)


def test_no_totals_no_footers_and_no_nan_beside_an_exact_value(tidy_set: Path) -> None:
    for kind, entry in _kinds(tidy_set).items():
        frame = _frame(tidy_set, kind)
        text = [column["name"] for column in entry["columns"] if column["type"] == "text"]
        for name in text:
            words = {str(value).strip().lower() for value in frame[name] if not _missing(value)}
            assert not words & {"total", "house edge", "standard deviation"}, (kind, name)
        for column in entry["columns"]:
            if column["type"] != "exact":
                continue
            twin = column["name"].removesuffix("_exact")
            given = frame[column["name"]].notna()
            assert frame.loc[given, twin].notna().all(), (kind, twin)
            for exact, decimal in zip(frame.loc[given, column["name"]], frame.loc[given, twin], strict=True):
                assert decimal == float(Fraction(exact)), (kind, twin)  # the nearest float


def test_a_whole_kind_reads_in_one_call_across_games_and_decks(tidy_set: Path) -> None:
    path = tidy_set / "tidy" / "par-sheet.parquet"
    sheets = pandas.read_parquet(path)
    assert set(sheets.game) == {"reddog", "dragon-tiger"}
    assert set(sheets.decks.dropna()) == {1, 2} and sheets.decks.isna().any()
    assert set(sheets.shoe) == {"finite", "infinite"}
    assert (sheets.shoe == "infinite").eq(sheets.decks.isna()).all()
    shown = duckdb.sql(f"SELECT DISTINCT game, decks, shoe FROM '{path}' ORDER BY ALL").fetchall()
    assert [(game, decks) for game, decks, _ in shown] == [
        (game, decks) for game in ("dragon-tiger", "reddog") for decks in (1, 2, None)
    ]
    edges = polars.read_parquet(tidy_set / "tidy" / "house-edge-by-decks.parquet")
    assert edges.filter(polars.col("game") == "reddog").height == len(DECKS)
    assert edges.columns == [
        "game",
        "decks",
        "shoe",
        "kind",
        "table",
        "bet",
        "house_edge",
        "house_edge_exact",
    ]


# ---------------------------------------------------------------- the figures, against oracles


def test_par_sheets_add_up_to_one_and_red_dog_counts_every_deal(tidy_set: Path) -> None:
    sheets = _frame(tidy_set, "par-sheet")
    for key, rows in sheets.groupby(["game", "decks", "table"], dropna=False):
        assert sum(Fraction(value) for value in rows.probability_exact) == 1, key
    red_dog = sheets[(sheets.game == "reddog") & (sheets.pay_table.isna())]
    for decks, edge in RED_DOG_EDGES.items():
        rows = red_dog[red_dog.decks.isna()] if decks is None else red_dog[red_dog.decks == decks]
        assert -sum(Fraction(value) for value in rows.return_exact) == edge
        assert set(rows.bet) == {"reddog"}
        if decks is not None:
            cards = 52 * decks
            assert rows.combinations.sum() == cards * (cards - 1) * (cards - 2)
        else:
            assert rows.combinations.isna().all()  # an infinite shoe has no count of deals
    edges = _frame(tidy_set, "house-edge-by-decks")
    for decks, edge in RED_DOG_EDGES.items():
        rows = edges[
            (edges.game == "reddog") & (edges.decks.isna() if decks is None else edges.decks == decks)
        ]
        assert [exact_value(value) for value in rows.house_edge_exact] == [edge]


def test_pool_hands_add_up_to_every_hand_of_the_size(tidy_set: Path) -> None:
    beaten = _frame(tidy_set, "pool-unseen-cards-beaten")
    for size in HAND_SIZES:
        assert beaten[beaten.hand_size == size].hands.sum() == math.comb(52, size)
        assert beaten.beaten.dtype.kind in "iu"  # the totals row left no word in the column


def _dragon_expected_value(high: bool) -> Fraction:
    """The dragon bet's expected value on one deck given the dragon card is 8 to K (or A to 7),
    counted card by card: a tie loses half the bet."""
    ranks = range(1, 14)  # ace low
    wins = losses = ties = deals = 0
    for dragon in ranks:
        if (dragon >= 8) != high:
            continue
        for tiger in ranks:
            cards = 4 * (3 if tiger == dragon else 4)
            deals += cards
            wins += cards if tiger < dragon else 0
            losses += cards if tiger > dragon else 0
            ties += cards if tiger == dragon else 0
    return Fraction(2 * wins - 2 * losses - ties, 2 * deals)


def test_seen_cards_one_row_per_pattern_and_bet(tidy_set: Path) -> None:
    seen = _frame(tidy_set, "seen-cards")
    one_deck = seen[(seen.game == "dragon-tiger") & (seen.decks == 1) & (seen.bet == "dragon")]
    values = {row.seen: exact_value(row.expected_value_exact) for row in one_deck.itertuples()}
    assert values == {
        "dragon=89TJQK": _dragon_expected_value(high=True),
        "dragon=234567A": _dragon_expected_value(high=False),
    }
    assert values["dragon=89TJQK"] == Fraction(53, 102)
    for _, rows in seen.groupby(["game", "decks", "table", "seen"], dropna=False):
        assert rows.best_bet.sum() <= 1  # at most one best bet per pattern


def _folder(row: Any, kind: str) -> str:
    if kind in ("house-edge-by-decks", "pool-every-hand-size"):
        return "summary"
    if "hand_size" in row and not _missing(row["hand_size"]):
        return f"hand-size-{int(row['hand_size'])}"
    decks = row["decks"]
    return "infinite-decks" if _missing(decks) else f"{int(decks)}-deck" + ("s" if decks > 1 else "")


def _json_document(root: Path, row: Any, kind: str) -> dict[str, Any]:
    game, folder = row["game"], _folder(row, kind)
    name = "-".join(part for part in (game, publish.shoe_tag(f"{game}/{folder}"), row["table"]) if part)
    path = f"{game}/{folder}/{name}.json"
    (table,) = [table for table in _cached_index(root)["tables"] if table["files"]["json"] == path]
    assert table["kind"] == kind
    return _read_json(root / path)


@functools.cache
def _read_json(path: Path) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document


@functools.cache
def _cached_index(root: Path) -> dict[str, Any]:
    return _index(root)


def _exact_cells(row: Any, columns: list[str]) -> Iterator[tuple[str, Any]]:
    for name in columns:
        if not _missing(row[name]):
            yield name.removesuffix("_exact"), exact_value(row[name])


def test_exact_columns_round_trip_to_the_json_files(tidy_set: Path) -> None:
    checked = 0
    for kind, entry in _kinds(tidy_set).items():
        frame = _frame(tidy_set, kind)
        exact = [column["name"] for column in entry["columns"] if column["type"] == "exact"]
        position: dict[tuple[Any, ...], int] = {}
        for _, row in frame.iterrows():
            document = _json_document(tidy_set, row, kind)
            rows = [r for r in document["rows"] if str(next(iter(r.values()))).lower() != "total"]
            by_name = {column_name(header): header for header in document["headers"]}
            if kind == "effects-of-removal":
                (found,) = [r for r in rows if r["bet"] == row["bet"]]
                wanted = {"effect": found[row["card"]]}
            elif kind == "house-edge-by-decks":
                (found,) = [r for r in rows if r["bet"] == row["bet"]]
                decks = row["decks"]
                label = "infinite decks" if _missing(decks) else f"{int(decks)} deck" + "s" * (decks > 1)
                wanted = {"house_edge": found[label]}
            elif kind == "seen-cards":
                positions = dict(part.split("=") for part in row["seen"].split(","))
                (found,) = [r for r in rows if all(r[f"{p} card"] == g for p, g in positions.items())]
                wanted = {"probability": found["probability"], "expected_value": found[row["bet"]]}
                assert row["best_bet"] == (found["best bet"] == row["bet"])
            else:  # one row per row of the table, in order
                key = (row["game"], _folder(row, kind), row["table"])
                found = rows[position.get(key, 0)]
                position[key] = position.get(key, 0) + 1
                wanted = {name: found[by_name[name]] for name, _ in _exact_cells(row, exact)}
            for name, value in _exact_cells(row, exact):
                assert value == Fraction(str(wanted[name])), (kind, name, dict(row))
                checked += 1
        for key, count in position.items():  # every row of every table, no more
            document = _json_document(tidy_set, {"game": key[0], "table": key[2], **_point(key[1])}, kind)
            assert count == len([r for r in document["rows"] if str(next(iter(r.values()))) != "total"])
    assert checked > 1000


def _point(folder: str) -> dict[str, Any]:
    if folder.startswith("hand-size-"):
        return {"hand_size": int(folder.removeprefix("hand-size-")), "decks": None}
    if folder == "infinite-decks":
        return {"decks": None}
    return {"decks": int(folder.split("-", maxsplit=1)[0])} if folder != "summary" else {"decks": None}


def test_the_same_tables_give_the_same_bytes() -> None:
    jobs = publish.plan(["reddog"], [1, None])
    first = publish.render_files(jobs, ["csv-tidy", "parquet"], progress=False)
    second = publish.render_files(jobs, ["csv-tidy", "parquet"], progress=False)
    assert first == second
    data = first["tidy/par-sheet.parquet"]
    assert isinstance(data, bytes) and data[:4] == b"PAR1"
    metadata = parquet.read_metadata(io.BytesIO(data))
    assert set(metadata.metadata) == {b"ARROW:schema"}  # no time, no pandas version


# ---------------------------------------------------------------- without pyarrow


@pytest.fixture
def no_pyarrow(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in [name for name in sys.modules if name == "pyarrow" or name.startswith("pyarrow.")]:
        monkeypatch.setitem(sys.modules, name, None)
    monkeypatch.setitem(sys.modules, "pyarrow", None)


@pytest.mark.usefixtures("no_pyarrow")
def test_without_pyarrow_the_set_is_written_without_parquet_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tables", "--out", str(tmp_path / "set"), "--games", "reddog", "--decks", "1"]) == 0
    err = capsys.readouterr().err
    assert "Parquet files skipped" in err and "pip install 'cardmath[parquet]'" in err
    tidy = {path.name for path in (tmp_path / "set" / "tidy").iterdir()}
    assert "par-sheet.csv" in tidy and not any(name.endswith(".parquet") for name in tidy)
    assert all("parquet" not in entry["files"] for entry in _index(tmp_path / "set")["tidy"])


@pytest.mark.usefixtures("no_pyarrow")
@pytest.mark.parametrize(
    "words",
    [
        ["tables", "--games", "reddog", "--decks", "1", "--formats", "csv-tidy,parquet", "--out", "set"],
        ["reddog", "--format", "parquet", "--out", "edges.parquet"],
    ],
)
def test_parquet_asked_for_without_pyarrow_is_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, words: list[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(words) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "cardmath: error: this needs pyarrow, which is not installed: pip install 'cardmath[parquet]'\n"
    )
    assert list(tmp_path.iterdir()) == []  # nothing written


# ---------------------------------------------------------------- the commands


def _tidy_output(capsys: pytest.CaptureFixture[str], *words: str) -> Any:
    assert main([*words, "--format", "csv-tidy"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return pandas.read_csv(io.StringIO(captured.out), dtype=str, keep_default_na=False)


def test_a_game_command_prints_csv_tidy_and_writes_the_same_data_as_parquet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    printed = _tidy_output(capsys, "reddog", "--decks", "1")
    assert list(printed.columns[:5]) == ["game", "decks", "shoe", "kind", "table"]
    assert set(printed.kind) == {"par-sheet", "bets", "effects-of-removal", "reddog-raise-strategy"}
    sheet = printed[printed.kind == "par-sheet"]
    assert -sum(Fraction(value) for value in sheet.return_exact) == RED_DOG_EDGES[1]
    assert "total" not in set(sheet.outcome)
    out = tmp_path / "reddog.parquet"
    assert main(["reddog", "--decks", "1", "--format", "parquet", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}\n"
    written = pandas.read_parquet(out)
    assert list(written.columns) == list(printed.columns) and len(written) == len(printed)
    assert list(written.return_exact.dropna()) == [value for value in printed.return_exact if value]
    infinite = _tidy_output(capsys, "reddog", "--decks", "inf")
    assert set(infinite.decks) == {""} and set(infinite.shoe) == {"infinite"}


def test_information_and_pool_print_their_tables_as_tidy_data(capsys: pytest.CaptureFixture[str]) -> None:
    seen = _tidy_output(
        capsys, "information", "dragon-tiger", "--known", "dragon", "--groups", "89TJQK", "--decks", "1"
    )
    dragon = seen[(seen.bet == "dragon") & (seen.seen == "dragon=89TJQK")]
    assert list(dragon.expected_value_exact) == [str(_dragon_expected_value(high=True))]
    hands = _tidy_output(capsys, "pool", "--hand-size", "5")
    beaten = hands[hands.kind == "pool-unseen-cards-beaten"]
    assert sum(int(value) for value in beaten.hands) == math.comb(52, 5)
    simulated = _tidy_output(capsys, "pool", "simulate", "--players", "3", "--rounds", "20", "--seed", "1")
    seats = simulated[simulated.kind == "pool-seats-gain-per-round"]
    assert len(seats) == 3 and all(float(value) == float(value) for value in seats.mean_gain)


def test_a_command_of_another_module_prints_csv_tidy_through_render_tables(
    capsys: pytest.CaptureFixture[str],
) -> None:
    solution = _tidy_output(capsys, "chemin-de-fer", "--model", "A1")
    assert {"a1-solution", "a1-banker-strategy"} <= set(solution.kind)  # no conditions given: no game
    assert list(solution.columns[:2]) == ["kind", "table"]


def test_study_csv_gives_the_mean_and_its_standard_error_apart(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["study", "dragon_7", "--shoes", "2", "--seed", "3", "--workers", "1"]
    assert main([*words, "--format", "json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert main([*words, "--format", "csv"]) == 0
    text = capsys.readouterr().out
    assert "±" not in text
    strategies = list(csv.DictReader(io.StringIO(text.split("\n\n")[1])))
    for row in strategies:
        win = figures["strategies"][row["strategy"]]["win_per_shoe"]
        assert float(row["units won per shoe"]) == round(win["mean"], 4)
        error = row["units won per shoe standard error"]
        assert (error == "" and win["se"] is None) or float(error) == round(win["se"], 4)
    tidy = _tidy_output(capsys, *words)  # one figure a row, every digit of the JSON's
    assert {"figure", "value", "standard_error"} <= set(tidy.columns)
    for name, strategy in figures["strategies"].items():
        row = tidy[(tidy.name == name) & (tidy.figure == "win_per_shoe")].iloc[0]
        assert float(row.value) == strategy["win_per_shoe"]["mean"]
        se = strategy["win_per_shoe"]["se"]
        assert (se is None and row.standard_error == "") or float(row.standard_error) == se


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["reddog", "--format", "parquet"], "--format parquet writes a binary file: give --out FILE"),
        (
            ["pool", "--format", "parquet"],
            "parquet is a binary Parquet file, which this command does not write",
        ),
        (["study", "tie", "--format", "parquet"], "parquet is a binary Parquet file, which this command"),
        (["chemin-de-fer", "--format", "parquet"], "choose csv-tidy, the same tidy data as CSV text"),
    ],
)
def test_parquet_without_a_file_is_one_error_line(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert main(words) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith("cardmath: error: ") and message in captured.err


def test_tidy_data_of_no_table_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="this output has no table, so no tidy data"):
        render_tables([], "csv-tidy")
    arguments = argparse.Namespace(format="parquet", out=str(tmp_path / "none.parquet"))
    with pytest.raises(OptionError, match="this output has no table"):
        emit(arguments, (), lambda: "{}")
    assert not (tmp_path / "none.parquet").exists()
