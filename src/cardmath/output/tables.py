"""Rendering tables: rows of exact values with tabulate, as CSV, as JSON, or as LaTeX.

A :class:`~cardmath.table.Table` holds exact cells (``int``, ``sympy.Rational``, text, or
``None``).  Rendering
is the only place where exact values become decimals, and only for people: JSON carries every
exact value as the text of its reduced fraction and counts as JSON integers.

>>> from sympy import Rational
>>> table = Table("demo", ("outcome", "probability"), (("win", Rational(1, 3)), ("lose", Rational(2, 3))))
>>> print(render_table(table, "csv"), end="")
outcome,probability
win,0.333333333333333333
lose,0.666666666666666667
>>> print(render_table(table, "json"))
[
  {
    "outcome": "win",
    "probability": "1/3"
  },
  {
    "outcome": "lose",
    "probability": "2/3"
  }
]
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

import sympy
from tabulate import tabulate, tabulate_formats

from cardmath.errors import OptionError
from cardmath.output.text import decimal_text, fraction_text
from cardmath.table import Table

__all__ = [
    "FORMATS",
    "check_format",
    "display_value",
    "dumps_json",
    "jsonable",
    "records",
    "render_table",
    "render_tables",
]

FORMATS: tuple[str, ...] = (*sorted(tabulate_formats), "csv", "json")
"""Every output format: tabulate's table formats plus ``csv`` and ``json``."""

DISPLAY_PLACES = 10
"""Decimal places shown for an exact fraction in text tables."""

CSV_PLACES = 18
"""Decimal places written for an exact fraction in CSV (the JSON keeps the exact fraction)."""


def check_format(name: str) -> str:
    """``name`` if it is a known output format, else an :class:`OptionError` listing them.

    >>> check_format("github")
    'github'
    """
    if name not in FORMATS:
        raise OptionError(f"unknown format {name!r}: choose one of {', '.join(FORMATS)}")
    return name


def jsonable(value: Any) -> Any:
    """A JSON-ready value: exact rationals as ``"p/q"`` text, integers as integers,
    irrational exact values (such as a standard deviation) as floats.

    >>> jsonable(sympy.Rational(6, 4)), jsonable(7), jsonable(sympy.sqrt(2))
    ('3/2', 7, 1.4142135623730951)
    """
    if value is None or isinstance(value, (bool, str, float)):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, sympy.Rational):
        return fraction_text(value)
    if isinstance(value, sympy.Expr):
        return float(value)
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, Sequence):
        return [jsonable(v) for v in value]
    raise TypeError(f"cannot write {type(value).__name__} as JSON")


def dumps_json(value: Any) -> str:
    """JSON text of a value (through :func:`jsonable`), indented, keys in the given order.

    >>> print(dumps_json({"cards": 52, "house_edge": sympy.Rational(523, 16575), "removed": []}))
    {
      "cards": 52,
      "house_edge": "523/16575",
      "removed": []
    }
    """
    return json.dumps(jsonable(value), indent=2, ensure_ascii=False)


def display_value(value: Any, places: int = DISPLAY_PLACES) -> Any:
    """A cell as people read it: fractions as decimals, whole Rationals as integers.

    >>> display_value(sympy.Rational(1, 3)), display_value(sympy.Rational(4, 2)), display_value(None)
    ('0.3333333333', 2, '-')
    >>> display_value(sympy.sqrt(2), 4), display_value("spread 1")
    ('1.4142', 'spread 1')
    """
    if isinstance(value, sympy.Rational):
        return int(value) if value.q == 1 else decimal_text(value, places)
    if isinstance(value, sympy.Expr):
        return decimal_text(sympy.Rational(str(sympy.N(value, places + 10))), places)
    if value is None:
        return "-"
    return value


def render_table(table: Table, fmt: str) -> str:
    """The table in a tabulate format, ``csv`` (with a header row) or ``json`` (records).

    >>> print(render_table(Table("odds", ("bet", "house edge"), (("tie", sympy.Rational(1, 7)),)), "github"))
    | bet   | house edge   |
    |-------|--------------|
    | tie   | 0.1428571429 |
    """
    check_format(fmt)
    if fmt == "json":
        return dumps_json(records(table))
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(table.headers)
        for row in table.rows:
            writer.writerow(["" if v is None else display_value(v, CSV_PLACES) for v in row])
        return buffer.getvalue()
    rows = [[display_value(v) for v in row] for row in table.rows]
    return tabulate(rows, headers=table.headers, tablefmt=fmt, disable_numparse=True)


def records(table: Table) -> list[dict[str, Any]]:
    """The rows as dictionaries keyed by header, with exact values made JSON-ready.

    >>> rows = (("house edge", sympy.Rational(523, 16575)), ("cards", 52))
    >>> records(Table("Red Dog figures, 1 deck", ("figure", "value"), rows))
    [{'figure': 'house edge', 'value': '523/16575'}, {'figure': 'cards', 'value': 52}]
    """
    return [{h: jsonable(v) for h, v in zip(table.headers, row, strict=True)} for row in table.rows]


def render_tables(tables: Sequence[Table], fmt: str) -> str:
    """Several tables in a text format, each under its title and a blank line, one blank line apart.

    >>> print(render_tables([Table("odds", ("bet", "pays"), (("tie", 8),))], "simple"))
    odds
    <BLANKLINE>
    bet    pays
    -----  ------
    tie    8
    """
    return "\n\n".join(f"{table.title}\n\n{render_table(table, fmt)}" for table in tables)
