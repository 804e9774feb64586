"""Odds tables: exact cells, every output format, atomic files."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
import sympy
from sympy import Rational

from cardmath.errors import OptionError, PublishError
from cardmath.files import write_atomic
from cardmath.output import (
    FORMATS,
    cell_text,
    check_format,
    display_value,
    dumps_json,
    jsonable,
    render_table,
    render_tables,
)
from cardmath.parsheet import Outcome, ParSheet, par_sheet_table
from cardmath.table import Cell, Kind, Table

TABLE = Table(
    "demo",
    ("outcome", "count", "probability", "spread"),
    (("win", 18, Rational(18, 37), sympy.sqrt(2)), ("lose", None, Rational(19, 37), Rational(2))),
)


def test_formats_and_their_check() -> None:
    assert {"csv", "json", "simple", "github", "latex"} <= set(FORMATS)
    with pytest.raises(OptionError, match="choose one of"):
        check_format("nope")


def test_json_keeps_exact_values() -> None:
    records = json.loads(render_table(TABLE, "json"))
    assert records[0] == {
        "outcome": "win",
        "count": 18,
        "probability": "18/37",
        "spread": pytest.approx(2**0.5),
    }
    assert records[1]["count"] is None
    assert records[1]["spread"] == "2"


def test_jsonable() -> None:
    assert jsonable({"a": [Rational(1, 3), 2, None, True]}) == {"a": ["1/3", 2, None, True]}
    assert jsonable((Rational(4, 2),)) == ["2"]
    with pytest.raises(TypeError):
        jsonable(object())
    assert json.loads(dumps_json({"x": Rational(-1, 2)})) == {"x": "-1/2"}


def test_csv_has_a_header_and_decimals() -> None:
    rows = list(csv.reader(io.StringIO(render_table(TABLE, "csv"))))
    # an exact column beside each column of fractions
    assert rows[0] == ["outcome", "count", "probability", "probability exact", "spread", "spread exact"]
    assert rows[1][:4] == ["win", "18", "0.486486486486486486", "18/37"]
    assert rows[1][5] == "sqrt(2)"
    assert rows[2][1] == ""
    assert rows[2][4:] == ["2", "2"]


@pytest.mark.parametrize("fmt", ["simple", "github", "grid", "latex", "html", "plain"])
def test_text_formats_show_rounded_decimals(fmt: str) -> None:
    text = render_table(TABLE, fmt)
    assert "0.486486" in text and "0.4864865" not in text
    assert "1.414214" in text


def _coin_sheet() -> Table:
    win = Outcome("win", Rational(19, 20), Rational(9000, 18000), 9000)
    lose = Outcome("lose", Rational(-1), Rational(9000, 18000), 9000)
    return par_sheet_table("Coin banker par sheet", ParSheet((win, lose)), heading="Coin Banker par sheet")


def test_a_par_sheet_in_markdown() -> None:
    text = render_table(_coin_sheet(), "github")
    assert text.splitlines()[:6] == [
        "| outcome    |     pays |   combinations |   probability |    return |",
        "|:-----------|---------:|---------------:|--------------:|----------:|",
        "| win        | 19 to 20 |          9,000 |      0.500000 |  0.475000 |",
        "| lose       |       -1 |          9,000 |      0.500000 | -0.500000 |",
        "| total      |          |         18,000 |      1.000000 | -0.025000 |",
        "| house edge |          |                |               |   2.5000% |",
    ]
    # every term defined under the table
    for term in ("outcome", "pays", "combinations", "probability", "return", "total", "house edge"):
        assert f"- *{term}*: " in text


def test_a_par_sheet_in_latex_right_aligns_numbers() -> None:
    text = render_table(_coin_sheet(), "latex_booktabs")
    assert "\\begin{tabular}{lrrrr}" in text and "\\toprule" in text
    assert "9,000" in text and "2.5000\\%" in text
    assert "\\textit{house edge}" in text


def test_terms_are_defined_once_where_they_first_appear() -> None:
    text = render_tables([_coin_sheet(), _coin_sheet()], "simple")
    assert text.count("pays: the net win") == 1
    assert text.startswith("Coin Banker par sheet\n")


def test_labels_show_display_names_but_csv_and_json_keep_ids() -> None:
    table = Table(
        "bets",
        ("bet", "dragon_7"),
        (("dragon_7", Rational(1, 13)),),
        kinds=(Kind.TEXT, Kind.PERCENT),
        labels=(("dragon_7", "Dragon 7"),),
    )
    assert "| Dragon 7 |    7.6923% |" in render_table(table, "github")
    assert render_table(table, "csv").splitlines()[1].startswith("dragon_7,")
    assert render_table(table, "csv").splitlines()[0] == "bet,bet name,dragon_7,dragon_7 exact"
    assert render_table(table, "csv").splitlines()[1].startswith("dragon_7,Dragon 7,")
    record = {"bet": "dragon_7", "bet name": "Dragon 7", "dragon_7": "1/13"}
    assert json.loads(render_table(table, "json")) == [record]


def test_cell_text_by_kind() -> None:
    assert cell_text(Rational(27, 50), Kind.PAY) == "27 to 50"
    assert cell_text(Rational(-1, 2), Kind.PAY) == "-1/2"
    assert cell_text(4998398275503360, Kind.COUNT) == "4,998,398,275,503,360"
    assert cell_text(Cell(Rational(1, 40), Kind.PERCENT)) == "2.5000%"
    assert cell_text(Rational(1, 3)) == "0.333333"


def test_a_workbook_is_not_printed() -> None:
    with pytest.raises(OptionError, match="workbook"):
        render_table(TABLE, "xlsx")


def test_display_value() -> None:
    assert display_value(Rational(6, 3)) == 2
    assert display_value(Rational(1, 8), 2) == "0.13"
    assert display_value(None) == "-"
    assert display_value("text") == "text"


def test_write_atomic(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "table.txt"
    write_atomic(target, "first\n")
    assert target.read_text(encoding="utf-8") == "first\n"
    write_atomic(target, "second\n")
    assert target.read_text(encoding="utf-8") == "second\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["table.txt"]


def test_a_failed_write_leaves_the_previous_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "table.txt"
    write_atomic(target, "kept\n")

    def broken_replace(source: str, destination: str | os.PathLike[str]) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(PublishError, match="disk full"):
        write_atomic(target, "lost\n")
    assert target.read_text(encoding="utf-8") == "kept\n"
    assert [p.name for p in tmp_path.iterdir()] == ["table.txt"]
