"""Odds tables: rows of exact values rendered with tabulate, as CSV, as JSON, or as LaTeX.

A :class:`Table` holds exact cells (``int``, ``sympy.Rational``, text, or ``None``).  Rendering
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
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sympy
from tabulate import tabulate, tabulate_formats

from cardmath.errors import OptionError
from cardmath.exact import decimal_text, fraction_text

__all__ = [
    "FORMATS",
    "Table",
    "check_format",
    "display_value",
    "dumps_json",
    "jsonable",
    "render_table",
    "write_atomic",
]

FORMATS: tuple[str, ...] = (*sorted(tabulate_formats), "csv", "json")
"""Every output format: tabulate's table formats plus ``csv`` and ``json``."""

DISPLAY_PLACES = 10
"""Decimal places shown for an exact fraction in text tables."""

CSV_PLACES = 18
"""Decimal places written for an exact fraction in CSV (the JSON keeps the exact fraction)."""


@dataclass(frozen=True)
class Table:
    """A titled table of exact cells.

    >>> rows = (("house edge", sympy.Rational(523, 16575)), ("cards", 52))
    >>> table = Table("Red Dog figures, 1 deck", ("figure", "value"), rows)
    >>> table.records()
    [{'figure': 'house edge', 'value': '523/16575'}, {'figure': 'cards', 'value': 52}]
    """

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]

    def records(self) -> list[dict[str, Any]]:
        """The rows as dictionaries keyed by header, with exact values made JSON-ready."""
        return [{h: jsonable(v) for h, v in zip(self.headers, row, strict=True)} for row in self.rows]


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
        return dumps_json(table.records())
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(table.headers)
        for row in table.rows:
            writer.writerow(["" if v is None else display_value(v, CSV_PLACES) for v in row])
        return buffer.getvalue()
    rows = [[display_value(v) for v in row] for row in table.rows]
    return tabulate(rows, headers=table.headers, tablefmt=fmt, disable_numparse=True)


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: never half a file.

    Missing folders are made, and no temporary file is left behind:

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_atomic(Path(folder, "reddog", "figures.csv"), "house edge,523/16575")
    ...     print([path.relative_to(folder).as_posix() for path in sorted(Path(folder).rglob("*"))])
    ['reddog', 'reddog/figures.csv']
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
