"""The output layer: exact values as text, tables rendered in every format.

It is a client of the games, never the other way round: games describe their results as data
(:class:`~cardmath.table.Table`, JSON-ready documents of exact values) and this layer prints them.
The files are written by :mod:`cardmath.files`, atomically.

>>> from sympy import Rational
>>> percent_text(Rational(523, 16575)), dumps_json({"house_edge": Rational(523, 16575)})
('3.1554%', '{\\n  "house_edge": "523/16575"\\n}')
"""

from __future__ import annotations

from cardmath.output.tables import (
    FILE_FORMATS,
    FORMATS,
    WORKBOOK_FORMATS,
    cell_text,
    check_format,
    display_value,
    dumps_json,
    footer_fields,
    jsonable,
    records,
    render_table,
    render_tables,
)
from cardmath.output.tidy import PARQUET, TIDY_CSV, TIDY_FORMATS, parquet_bytes, tables_records, tidy_csv
from cardmath.output.workbook import workbook_bytes
from cardmath.text import count_text, decimal_text, fraction_text, odds_text, pay_text, percent_text

__all__ = [
    "FILE_FORMATS",
    "FORMATS",
    "PARQUET",
    "TIDY_CSV",
    "TIDY_FORMATS",
    "WORKBOOK_FORMATS",
    "cell_text",
    "check_format",
    "count_text",
    "decimal_text",
    "display_value",
    "dumps_json",
    "footer_fields",
    "fraction_text",
    "jsonable",
    "odds_text",
    "parquet_bytes",
    "pay_text",
    "percent_text",
    "records",
    "render_table",
    "render_tables",
    "tables_records",
    "tidy_csv",
    "workbook_bytes",
]
