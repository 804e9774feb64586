"""Tidy columns, data frames and the notebook display of any result (``cardmath.frames``,
``cardmath.display``): the rules every result type's ``.to_frame()`` follows, checked here on
hand-made records whose values the test writes itself."""

from __future__ import annotations

import math
import sys
from typing import Any

import pytest
from sympy import Rational, sqrt

from cardmath.display import REPR_LIMIT, Displayed, html_tables, markdown_tables, short_repr
from cardmath.errors import CardmathError, ExtraMissingError
from cardmath.frames import EXACT_SUFFIX, TEXT_SUFFIX, exact_value, require, tidy_columns, to_frame, to_polars
from cardmath.table import Cell, Kind, Table
from cardmath.text import count_text, exact_text, float_value, fraction_text, integer_text, integer_value

pd = pytest.importorskip("pandas")

HUGE = 7**9000  # 7,606 digits: str() of it raises ValueError (Python's 4,300-digit limit)


def test_exact_numbers_become_a_float_column_and_an_exact_twin_that_round_trips() -> None:
    values = [Rational(523, 16575), Rational(-1, 3), Rational(5), None]
    frame = to_frame([{"bet": "b", "edge": value} for value in values])
    assert list(frame.columns) == ["bet", "edge", "edge" + EXACT_SUFFIX]
    assert str(frame["edge"].dtype) == "float64"
    assert frame["edge"].tolist()[:3] == [523 / 16575, -1 / 3, 5.0]
    assert math.isnan(frame["edge"].iloc[3])
    exact = frame["edge" + EXACT_SUFFIX].tolist()
    assert [exact_value(text) for text in exact[:3]] == values[:3]
    assert exact[3] is pd.NA


def test_whole_numbers_stay_whole_and_too_large_ones_keep_their_digits() -> None:
    frame = to_frame([{"combinations": 4998398275503360}, {"combinations": None}])
    assert str(frame["combinations"].dtype) == "Int64"
    assert frame["combinations"].iloc[0] == 416 * 415 * 414 * 413 * 412 * 411
    big = to_frame([{"count": 2**70}, {"count": 1}])
    assert list(big.columns) == ["count", "count" + EXACT_SUFFIX]
    assert int(big["count" + EXACT_SUFFIX].iloc[0]) == 2**70


def test_words_never_share_a_column_with_numbers() -> None:
    frame = to_frame([{"return": -1}, {"return": "-17 to 14"}, {"return": Rational(1, 2)}])
    assert str(frame["return"].dtype) == "float64"
    assert frame["return" + TEXT_SUFFIX].tolist()[1] == "-17 to 14"
    assert frame["return"].sum() == pytest.approx(-0.5)


def test_irrational_values_have_a_float_and_no_false_exact_text() -> None:
    columns = tidy_columns([{"standard deviation": sqrt(2)}])
    assert [(column.name, column.kind) for column in columns] == [("standard deviation", "float")]
    assert columns[0].values == [pytest.approx(2**0.5)]


def test_numbers_of_any_size_are_written_and_read_back() -> None:
    value = Rational(HUGE + 2, HUGE)
    text = exact_text(value)
    assert exact_value(text) == value
    assert integer_value(integer_text(HUGE)) == HUGE
    assert len(integer_text(HUGE)) == math.floor(9000 * math.log10(7)) + 1
    assert fraction_text(-value).startswith("-")
    assert float_value(value) == 1.0
    assert count_text(-HUGE).count(",") == (len(integer_text(HUGE)) - 1) // 3


class _Result(Displayed):
    """A result of a test: a long table of exact values, with huge fractions."""

    def __init__(self, rows: int) -> None:
        self.rows = rows

    def summary(self) -> str:
        return f"{self.rows} rows " + "x" * 500

    def display_tables(self) -> tuple[Table, ...]:
        body = tuple((n, Rational(n, HUGE)) for n in range(self.rows))
        footer = (("total", sum((row[1] for row in body), Rational(0))),)
        return (Table("Long", ("n", "chance"), body, kinds=(Kind.COUNT, Kind.PROBABILITY), footer=footer),)

    def conditions(self) -> dict[str, Any]:
        return {"game": "demo"}


def test_a_result_displays_in_one_line_and_short_tables_whatever_its_size() -> None:
    result = _Result(1000)
    assert len(repr(result)) == REPR_LIMIT and "\n" not in repr(result)
    shown = result._repr_html_()
    assert len(shown) < 20_000
    assert "960 more rows" in shown
    assert "a fraction of" in shown  # 7,606 digits are described, not printed
    assert "960 more rows" in result._repr_markdown_()
    frame = result.to_frame()
    assert len(frame) == 1000 and "total" not in frame["n"].astype(str).tolist()
    assert exact_value(frame["chance_exact"].iloc[999]) == Rational(999, HUGE)
    assert set(frame["game"]) == {"demo"}


def test_an_empty_result_and_an_empty_table_display() -> None:
    assert "Empty" in html_tables([Table("Empty", ("a",), ())])
    assert "Empty" in markdown_tables([Table("Empty", ("a",), ())])
    assert _Result(0).to_frame().empty
    assert short_repr("X", "") == "<X: >"


def test_cells_that_carry_their_kind_show_their_value() -> None:
    table = Table("Pays", ("outcome", "pays"), (("raise", Cell(2, Kind.PAY, on=2)),))
    assert "1 to 1 on 2 units" in markdown_tables([table])


def test_without_pandas_or_polars_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now raises ImportError
    monkeypatch.setitem(sys.modules, "polars", None)
    with pytest.raises(ExtraMissingError, match=r"pip install 'cardmath\[pandas\]'") as raised:
        _Result(2).to_frame()
    assert isinstance(raised.value, CardmathError) and "\n" not in str(raised.value)
    with pytest.raises(ExtraMissingError, match=r"cardmath\[polars\]"):
        to_polars([{"a": 1}])
    with pytest.raises(ExtraMissingError, match=r"cardmath\[parquet\]"):
        monkeypatch.setitem(sys.modules, "pyarrow", None)
        require("pyarrow")


def test_polars_reads_the_same_columns() -> None:
    polars = pytest.importorskip("polars")
    frame = to_polars([{"bet": "tie", "edge": Rational(136, 415), "n": 3}])
    assert frame.columns == ["bet", "edge", "edge_exact", "n"]
    assert frame.schema["edge"] == polars.Float64 and frame.schema["n"] == polars.Int64
    assert exact_value(frame["edge_exact"][0]) == Rational(136, 415)
