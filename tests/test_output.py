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

from cardmath.errors import OptionError
from cardmath.output import (
    FORMATS,
    check_format,
    display_value,
    dumps_json,
    jsonable,
    render_table,
    write_atomic,
)
from cardmath.table import Table

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
    assert rows[0] == list(TABLE.headers)
    assert rows[1][:3] == ["win", "18", "0.486486486486486486"]
    assert rows[2][1] == ""
    assert rows[2][3] == "2"


@pytest.mark.parametrize("fmt", ["simple", "github", "grid", "latex", "html", "plain"])
def test_text_formats_show_rounded_decimals(fmt: str) -> None:
    text = render_table(TABLE, fmt)
    assert "0.4864864865" in text
    assert "1.4142135624" in text


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
    with pytest.raises(OSError, match="disk full"):
        write_atomic(target, "lost\n")
    assert target.read_text(encoding="utf-8") == "kept\n"
    assert [p.name for p in tmp_path.iterdir()] == ["table.txt"]
