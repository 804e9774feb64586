"""The published workbooks in a real spreadsheet engine: LibreOffice Calc, headless.

The whole published set (workbooks and JSON files) is written once into a temporary folder and
every workbook is opened by LibreOffice with a private profile that recalculates every formula
on load, then saved again (one ``soffice --convert-to xlsx`` for all of them).  Read back:

- every formula recomputes to the value cached in the file (relative 1e-12: counts above 2**53
  differ in their last float digits);
- every par sheet's house edge, before and after recalculation, is the exact house edge of the
  JSON file of the same table (matched by the title in ``A1``), within 1e-12, and so is the
  summary sheet's house edge of that sheet;
- a control workbook whose cached values were made wrong comes back corrected, so the engine
  really recalculates (it does not copy the cached values);
- every count of more than 15 digits (a spreadsheet keeps 15 significant digits of a number,
  and LibreOffice saves ``2230518282592256`` as ``2230518282592260``) has its exact digits in
  the text cell beside it, read with openpyxl from the file as written and as LibreOffice saved
  it: equal to the count in the JSON file of the same table, and, for every par sheet of
  baccarat and casino war, the total equal to the ordered deals of the shoe counted by hand
  (``416*415*414*413*412*411`` for baccarat's six cards from 8 decks) and to the sum of the
  outcomes' exact digits.

Printed by LibreOffice to PDF, the 8-deck baccarat workbook takes about one A4 page per sheet.
Every published sheet name is also checked: valid for Excel, distinct, and the title people
read without the game's name and the shoe, cut between words.

LibreOffice is the system's (Debian's ``libreoffice-calc-nogui``); without it the tests skip,
saying so, except under ``CI``, where they fail.
"""

from __future__ import annotations

import io
import json
import math
import os
import re
import shutil
import signal
import subprocess
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook  # type: ignore[import-untyped]
from sympy import Rational

from cardmath import publish
from cardmath.output import workbook_bytes
from cardmath.output.workbook import FIRST_ROW, HEADER_ROW, SHEET_NAME_LENGTH
from cardmath.parsheet import PAR_SHEET_HEADERS, Outcome, ParSheet, par_sheet_table

pytestmark = pytest.mark.slow

SOFFICE = shutil.which("soffice")
TOLERANCE = Fraction(1, 10**12)
SOFFICE_SECONDS = 900
EXCEL_FORBIDS = set("[]:*?/\\")
PAR_SHEET_PAGE_SLACK = Fraction(11, 10)
"""A PDF may hold a tenth more pages than the workbook has sheets (a long non-par table may run
onto a second page; a par sheet never does)."""

RECALCULATE_ON_LOAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry">\n'
    + "".join(
        '<item oor:path="/org.openoffice.Office.Calc/Formula/Load">'
        f'<prop oor:name="{mode}" oor:op="fuse"><value>0</value></prop></item>\n'
        for mode in ("OOXMLRecalcMode", "ODFRecalcMode")
    )
    + "</oor:items>\n"
)
"""LibreOffice settings: recalculate every formula of a file it opens (0: always)."""

CONTROL_TITLES = ("Roulette Player's red par sheet", "Roulette black par sheet")
CONTROL_EDGE = Fraction(1, 37)
"""By hand: a red (or black) bet wins 1 on 18 of 37 pockets and loses 1 on 19: edge 1/37."""
WRONG = 12345.0

LONG_COUNT = 10**15
"""The least whole number of 16 digits: a spreadsheet keeps 15 significant digits of a number."""
DIGITS = re.compile(r"-?[0-9]+")
CARDS_DEALT = {"baccarat": 6, "casino-war": 7}
"""By hand: the cards a round deals at most, whose ordered deals every par sheet counts: baccarat's
Player and Banker three each; casino war's one each and, on a tie, three burned and one more each."""
DEALS_OF_8_DECKS = 4998398275503360
"""Baccarat's ordered 6-card deals of 8 decks, as published (16 digits)."""


def _soffice() -> str:
    if SOFFICE is not None:
        return SOFFICE
    message = "LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def _run_soffice(out: Path, profile: Path, target: str, files: Sequence[Path]) -> None:
    """One headless LibreOffice run converting ``files`` to ``target`` into ``out``, with the
    private profile ``profile``; on a timeout, its own process group is killed."""
    command = [
        _soffice(),
        f"-env:UserInstallation={profile.as_uri()}",
        "--headless",
        "--calc",
        "--convert-to",
        target,
        "--outdir",
        str(out),
        *map(str, files),
    ]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        stdout, stderr = process.communicate(timeout=SOFFICE_SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"LibreOffice took over {SOFFICE_SECONDS} s")
    assert process.returncode == 0, stdout + stderr


def _profile(folder: Path) -> Path:
    settings = folder / "user" / "registrymodifications.xcu"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(RECALCULATE_ON_LOAD)
    return folder


def _close(read: object, exact: Fraction) -> bool:
    """``read`` (a float from a file) within 1e-12 of ``exact``, relative (absolute near 0)."""
    if isinstance(read, bool) or not isinstance(read, (int, float)):
        return False
    return abs(Fraction(read) - exact) <= TOLERANCE * max(Fraction(1), abs(exact))


def _corrupted(data: bytes, cells: Mapping[str, str]) -> bytes:
    """The workbook with the cached value of each formula cell named in ``cells`` (``{part of
    the package: cell}``) replaced by :data:`WRONG`."""
    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            content = source.read(item.filename)
            if item.filename in cells:
                pattern = rf'(<c r="{cells[item.filename]}"[^>]*><f>[^<]*</f><v>)[^<]*(</v>)'
                content, count = re.subn(pattern.encode(), rf"\g<1>{WRONG}\g<2>".encode(), content)
                assert count == 1, (item.filename, cells[item.filename])
            target.writestr(item, content)
    return buffer.getvalue()


@dataclass(frozen=True)
class Workbook:
    """A published workbook: its path, its cached values, its formulas, and its values after
    LibreOffice recalculated it."""

    path: Path
    cached: Any
    formulas: Any
    recalculated: Any


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("published") / "set"
    publish.write_tables(out, formats=("xlsx", "json"), progress=False)
    return out


@pytest.fixture(scope="module")
def control(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sheet = ParSheet((Outcome("win", 1, Rational(18, 37), 18), Outcome("lose", -1, Rational(19, 37), 19)))
    data = workbook_bytes([par_sheet_table(title, sheet) for title in CONTROL_TITLES])
    path = tmp_path_factory.mktemp("control") / "control.xlsx"
    # the house edge of the first par sheet (F7) and the summary's reading of it (C4)
    path.write_bytes(_corrupted(data, {"xl/worksheets/sheet2.xml": "F7", "xl/worksheets/sheet1.xml": "C4"}))
    return path


@pytest.fixture(scope="module")
def recalculated(published: Path, control: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every published workbook and the control, recalculated: ``{file name: recalculated file}``."""
    folder = tmp_path_factory.mktemp("libreoffice")
    out = folder / "out"
    files = [*sorted(published.rglob("*.xlsx")), control]
    _run_soffice(out, _profile(folder / "profile"), "xlsx", files)
    converted = {path.name: out / path.name for path in files}
    assert all(path.is_file() for path in converted.values())
    return converted


@pytest.fixture(scope="module")
def workbooks(published: Path, recalculated: Mapping[str, Path]) -> list[Workbook]:
    return [
        Workbook(
            path,
            load_workbook(path, data_only=True),
            load_workbook(path),
            load_workbook(recalculated[path.name], data_only=True),
        )
        for path in sorted(published.rglob("*.xlsx"))
    ]


def _json_files(folder: Path) -> dict[str, Path]:
    """The JSON file of each of a folder's tables, by the table's title."""
    return {json.loads(path.read_text())["title"]: path for path in sorted(folder.glob("*.json"))}


def _documents(folder: Path) -> dict[str, dict[str, Any]]:
    """The JSON documents of a folder's tables, by title."""
    return {title: json.loads(path.read_text()) for title, path in _json_files(folder).items()}


def _house_edges(folder: Path) -> dict[str, Fraction]:
    """The exact house edge of every par sheet of a folder, by title, from its JSON file."""
    return {
        title: Fraction(document["house_edge"])
        for title, document in _documents(folder).items()
        if tuple(document["headers"]) == PAR_SHEET_HEADERS
    }


def _house_edge_cell(sheet: Any) -> str | None:
    """Where a par sheet keeps its house edge: the return column of the "house edge" row."""
    headers = [cell.value for cell in sheet[HEADER_ROW]]
    if [header for header in headers if header in PAR_SHEET_HEADERS] != list(PAR_SHEET_HEADERS):
        return None
    rows = [row for row in range(FIRST_ROW, sheet.max_row + 1) if sheet.cell(row, 1).value == "house edge"]
    assert len(rows) == 1, (sheet.title, rows)
    return str(sheet.cell(rows[0], headers.index("return") + 1).coordinate)


def _formula_cells(formulas: Any) -> Iterator[tuple[str, str]]:
    for sheet in formulas.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                if isinstance(cell.value, str) and cell.value.startswith("="):
                    yield sheet.title, cell.coordinate


def test_every_formula_recomputes_to_its_cached_value(
    workbooks: list[Workbook], record_property: Any
) -> None:
    wrong = []
    count = 0
    for book in workbooks:
        for sheet, cell in _formula_cells(book.formulas):
            count += 1
            cached, computed = book.cached[sheet][cell].value, book.recalculated[sheet][cell].value
            if not isinstance(cached, (int, float)) or not _close(computed, Fraction(cached)):
                wrong.append(f"{book.path.name} {sheet}!{cell}: cached {cached!r}, recalculated {computed!r}")
    record_property("workbooks", len(workbooks))
    record_property("formulas", count)
    print(f"{len(workbooks)} workbooks, {count} formulas recalculated by LibreOffice")
    assert len(workbooks) >= 50 and count >= 5000
    assert not wrong, "\n".join(wrong[:20])


def test_every_par_sheet_house_edge_is_exact(workbooks: list[Workbook], record_property: Any) -> None:
    compared = 0
    for book in workbooks:
        edges = _house_edges(book.path.parent)
        found = set()
        for sheet in book.formulas.worksheets[1:]:
            cell = _house_edge_cell(sheet)
            if cell is None:
                continue
            title = sheet["A1"].value
            assert title in edges, (book.path.name, sheet.title, title)
            for values in (book.cached, book.recalculated):
                assert _close(values[sheet.title][cell].value, edges[title]), (book.path.name, sheet.title)
            assert str(sheet[cell].value).startswith("=-SUM(")
            found.add(title)
            compared += 1
        assert found == set(edges), (book.path.name, set(edges) - found)
    record_property("house_edges", compared)
    print(f"{compared} par-sheet house edges equal their exact JSON value, cached and recalculated")
    assert compared >= 500  # every par sheet of the set, each matched above to its JSON file


def test_the_summary_house_edges_are_exact(workbooks: list[Workbook]) -> None:
    for book in workbooks:
        edges = _house_edges(book.path.parent)
        listed = {}
        summary = book.formulas["Summary"]
        for row in range(FIRST_ROW, summary.max_row + 1):
            formula = summary.cell(row, 3).value
            if formula is None:
                continue
            title = summary.cell(row, 2).value
            assert str(formula).startswith("='"), (book.path.name, row)
            for values in (book.cached, book.recalculated):
                read = values["Summary"].cell(row, 3).value
                assert _close(read, edges[title]), (book.path.name, title, read, edges[title])
            listed[title] = edges[title]
        assert listed == edges, book.path.name


def test_the_control_workbook_is_recalculated(control: Path, recalculated: Mapping[str, Path]) -> None:
    before = load_workbook(control, data_only=True)
    after = load_workbook(recalculated[control.name], data_only=True)
    name = before.sheetnames[1]
    assert name == "Player's red par sheet"
    assert before[name]["F7"].value == WRONG and before["Summary"]["C4"].value == WRONG
    assert _close(after[name]["F7"].value, CONTROL_EDGE)
    assert _close(after["Summary"]["C4"].value, CONTROL_EDGE)  # read through 'Player''s red par sheet'
    assert _close(after["Summary"]["C5"].value, CONTROL_EDGE)


def _pdf_pages(data: bytes) -> int:
    """The number of pages of a PDF: its ``/Type /Page`` objects (not the ``/Pages`` tree)."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", data))


def test_a_workbook_prints_about_a_page_a_sheet(
    published: Path, tmp_path: Path, record_property: Any
) -> None:
    workbook = published / "baccarat/8-decks/baccarat-8-decks.xlsx"
    _run_soffice(tmp_path / "pdf", _profile(tmp_path / "profile"), "pdf", [workbook])
    pages = _pdf_pages((tmp_path / "pdf" / "baccarat-8-decks.pdf").read_bytes())
    sheets = len(load_workbook(workbook, read_only=True).sheetnames)
    record_property("pages", pages)
    record_property("sheets", sheets)
    print(f"the 8-deck baccarat workbook: {sheets} sheets on {pages} A4 pages")
    assert sheets >= 60
    assert sheets <= pages <= sheets * PAR_SHEET_PAGE_SLACK


def _words(text: str) -> list[str]:
    return [word.strip(",;()'").lower() for word in text.split() if word.strip(",;()'")]


def test_published_sheet_names_are_readable(published: Path) -> None:
    for path in sorted(published.rglob("*.xlsx")):
        book = load_workbook(path, read_only=True)
        documents, files = _documents(path.parent), _json_files(path.parent)
        names = book.sheetnames
        assert names[0] == "Summary"
        assert len({name.lower() for name in names}) == len(names), path.name
        for name in names[1:]:
            assert 0 < len(name) <= SHEET_NAME_LENGTH and not EXCEL_FORBIDS & set(name), name
            title = book[name]["A1"].value
            document = documents[title]  # the A1 title is the complete title people read
            game, shoe = document["game_title"], document["shoe"]
            if len(names) > 2:  # one game and one shoe: neither is repeated in the names
                assert shoe not in name, (path.name, name)
                rest = name[len(game) :].lstrip(" ,").lower() if name.startswith(game) else ""
                assert not rest or rest in {other.lower() for other in names}, (path.name, name)
            # no word is cut: each is a word of the title or of the table's file name
            file_name = files[title].stem  # the game, the shoe and the table's short name
            known = set(_words(title.replace("/", "-").replace(":", ","))) | set(file_name.split("-"))
            assert set(_words(name)) <= known, (path.name, name, set(_words(name)) - known)


def _column_of(sheet: Any, header: str) -> int:
    """The 1-based column headed ``header`` on a table sheet."""
    columns = [cell.column for cell in sheet[HEADER_ROW] if cell.value == header]
    assert len(columns) == 1, (sheet.title, header)
    return int(columns[0])


def _exact_digits(sheet: Any, row: int, column: int) -> str:
    """The text cell beside a number: its exact digits, which must be text (openpyxl's ``s``)."""
    cell = sheet.cell(row, column + 1)
    header = sheet.cell(HEADER_ROW, column).value
    assert sheet.cell(HEADER_ROW, column + 1).value == f"{header} exact", (sheet.title, f"no {header} exact")
    assert cell.data_type == "s" and isinstance(cell.value, str), (sheet.title, cell.coordinate, cell.value)
    assert DIGITS.fullmatch(cell.value), (sheet.title, cell.coordinate, cell.value)
    return str(cell.value)


def test_every_long_count_keeps_every_digit(workbooks: list[Workbook], record_property: Any) -> None:
    compared = rounded = 0
    books = set()
    for book in workbooks:
        documents = _documents(book.path.parent)
        for sheet in book.cached.worksheets[1:]:
            document = documents[sheet["A1"].value]
            for key, name in zip(document["headers"], document["header_names"], strict=True):
                for index, row in enumerate(document["rows"]):
                    count = row.get(key)
                    if isinstance(count, bool) or not isinstance(count, int) or abs(count) < LONG_COUNT:
                        continue
                    column = _column_of(sheet, name)
                    for values in (book.cached, book.recalculated):
                        place = (book.path.name, sheet.title, FIRST_ROW + index, name)
                        assert _exact_digits(values[sheet.title], FIRST_ROW + index, column) == str(count), (
                            place
                        )
                        assert _close(
                            values[sheet.title].cell(FIRST_ROW + index, column).value, Fraction(count)
                        )
                    number = book.recalculated[sheet.title].cell(FIRST_ROW + index, column).value
                    rounded += number != count
                    compared += 1
                    books.add(book.path.name)
    record_property("long_counts", compared)
    print(
        f"{compared} counts of 16 digits or more in {len(books)} workbooks keep every digit as text "
        f"({rounded} lost digits as numbers once LibreOffice saved them)"
    )
    assert "baccarat-8-decks.xlsx" in books and "casino-war-8-decks.xlsx" in books
    assert compared >= 300


def test_par_sheet_totals_are_the_ordered_deals_of_the_shoe(
    workbooks: list[Workbook], record_property: Any
) -> None:
    assert math.perm(8 * 52, 6) == DEALS_OF_8_DECKS
    totals = set()
    compared = 0
    for book in workbooks:
        decks = re.fullmatch(r"(\d+)-decks?", book.path.parent.name)
        game = book.path.parent.parent.name
        if game not in CARDS_DEALT or decks is None:
            continue
        deals = math.perm(52 * int(decks[1]), CARDS_DEALT[game])
        for sheet in book.formulas.worksheets[1:]:
            if _house_edge_cell(sheet) is None:
                continue
            column = _column_of(sheet, "combinations")
            exact = sheet.cell(HEADER_ROW, column + 1).value == "combinations exact"
            assert exact == (deals >= LONG_COUNT), (book.path.name, sheet.title)  # only long counts
            if not exact:
                continue
            rows = {sheet.cell(row, 1).value: row for row in range(FIRST_ROW, sheet.max_row + 1)}
            total = rows["total"]
            for values in (book.cached, book.recalculated):
                read = values[sheet.title]
                assert _exact_digits(read, total, column) == str(deals), (book.path.name, sheet.title)
                outcomes = [int(_exact_digits(read, row, column)) for row in range(FIRST_ROW, total)]
                assert sum(outcomes) == deals, (book.path.name, sheet.title)
                assert _close(read.cell(total, column).value, Fraction(deals))  # the SUM, recalculated
            totals.add((game, int(decks[1]), deals))
            compared += 1
    record_property("long_totals", compared)
    print(f"{compared} par-sheet totals of 16 digits or more equal the ordered deals of their shoe")
    assert ("baccarat", 8, DEALS_OF_8_DECKS) in totals
    assert {(game, decks) for game, decks, _ in totals} >= {("baccarat", 7), ("casino-war", 8)}
