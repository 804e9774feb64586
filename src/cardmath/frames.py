"""Tidy data: results as records, one observation per row, ready for pandas, polars, CSV or Parquet.

A result's :meth:`~cardmath.display.Displayed.records` are plain dictionaries whose values are
exact (``int``, ``sympy.Rational``, a SymPy expression), text, ``bool`` or ``None``.  This module
turns them into *columns* a data tool reads without surprises (:func:`tidy_columns`):

- a column of whole numbers that fit a 64-bit integer stays whole (``combinations``);
- any other exact number (a fraction, a count too large for 64 bits, an exact root) becomes a
  float column under its own name, next to an exact column ``NAME_exact`` holding its reduced
  fraction as text (``"523/16575"``), which :func:`exact_value` reads back to the same number;
- a column mixing numbers and words keeps the numbers under its name and the words in
  ``NAME_text``, so that no column mixes the two;
- a value missing from a record is ``None`` (``NaN`` in a float column).

:func:`to_frame` and :func:`to_polars` build the frames; pandas and polars are optional extras
(``pip install 'cardmath[pandas]'``), and without them the error says how to install them.

>>> from sympy import Rational
>>> columns = tidy_columns([{"bet": "tie", "house_edge": Rational(136, 415), "combinations": 7}])
>>> [(column.name, column.values) for column in columns]  # doctest: +NORMALIZE_WHITESPACE
[('bet', ['tie']), ('house_edge', [0.327710843373494]), ('house_edge_exact', ['136/415']),
 ('combinations', [7])]
>>> exact_value("136/415")
136/415
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import sympy
from sympy import Rational

from cardmath.errors import ExtraMissingError
from cardmath.table import Cell, Table
from cardmath.text import exact_text, float_value, integer_value

__all__ = [
    "EXACT_SUFFIX",
    "TEXT_SUFFIX",
    "Column",
    "column_name",
    "exact_value",
    "require",
    "table_records",
    "tidy_columns",
    "to_frame",
    "to_polars",
]

EXACT_SUFFIX = "_exact"
"""The suffix of the column holding a float column's exact values as text."""

TEXT_SUFFIX = "_text"
"""The suffix of the column holding the words of a column that otherwise holds numbers."""

_INT64 = 2**63
_EXTRAS = {"pandas": "pandas", "polars": "polars", "pyarrow": "parquet"}


@dataclass(frozen=True)
class Column:
    """One tidy column: its name, what it holds and its values, one per record.

    Args:
        name: The column's name (`snake_case`).
        kind: `text` (words, or `None`), `integer` (whole numbers within 64 bits, or `None`),
            `float` (a decimal view of an exact column, `NaN` where missing), `exact` (the reduced
            fraction as text) or `boolean`.
        values: The values, one per record.

    >>> Column("decks", "integer", [1, 8]).values
    [1, 8]
    """

    name: str
    kind: Literal["text", "integer", "float", "exact", "boolean"]
    values: list[Any]


def require(module: str) -> Any:
    """Import an optional extra, or raise an :class:`~cardmath.errors.ExtraMissingError` naming
    the extra that installs it.

    Args:
        module: `pandas`, `polars` or `pyarrow`.

    Returns:
        The imported module.

    >>> require("math").pi > 3
    True
    """
    try:
        return importlib.import_module(module)
    except ImportError:
        extra = _EXTRAS.get(module, module)
        raise ExtraMissingError(
            f"this needs {module}, which is not installed: pip install 'cardmath[{extra}]'"
        ) from None


def column_name(header: str) -> str:
    """A header as a column name data tools take without quotes: lower-case words joined by ``_``.

    Args:
        header: A table's header, such as `house edge` or `P(win)`.

    Returns:
        The name in `snake_case` (`value` for a header without letters or digits).

    >>> column_name("house edge"), column_name("P(win) %"), column_name("dragon_7")
    ('house_edge', 'p_win', 'dragon_7')
    """
    plain = header.replace("é", "e").replace("É", "E").replace("%", " ")
    return re.sub(r"[^a-z0-9]+", "_", plain.lower()).strip("_") or "value"


def exact_value(text: str) -> Rational:
    """The number an exact column holds (``"523/16575"``, ``"-7"``), exactly.

    Args:
        text: A reduced fraction or a whole number, as written in a `NAME_exact` column.

    Returns:
        The same number as a `sympy.Rational`.

    >>> exact_value("-523/16575"), exact_value("12")
    (-523/16575, 12)
    """
    numerator, _, denominator = text.partition("/")
    return Rational(integer_value(numerator), integer_value(denominator or "1"))


def table_records(table: Table, conditions: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """The body of a table as records: one per row, the conditions first, then one entry per
    column named by :func:`column_name` (a :class:`~cardmath.table.Cell` by its value).  Footers
    (totals, house edges under the table) are not data and are left out.

    Args:
        table: A table of exact cells.
        conditions: Entries every record starts with: the game, decks, bet, rules...

    Returns:
        One dictionary per body row.

    >>> table = Table("t", ("outcome", "probability"), (("win", Rational(1, 3)), ("lose", Rational(2, 3))),
    ...               footer=(("total", 1),))
    >>> table_records(table, {"game": "demo"})  # doctest: +NORMALIZE_WHITESPACE
    [{'game': 'demo', 'outcome': 'win', 'probability': 1/3},
     {'game': 'demo', 'outcome': 'lose', 'probability': 2/3}]
    """
    names = [column_name(header) for header in table.headers]
    seen: dict[str, int] = {}
    for index, name in enumerate(names):  # two headers of one name: the second gets a number
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            names[index] = f"{name}_{seen[name]}"
    start = dict(conditions or {})
    return [
        {
            **start,
            **{
                name: cell.value if isinstance(cell, Cell) else cell
                for name, cell in zip(names, row, strict=False)
            },
        }
        for row in table.rows
    ]


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float, sympy.Expr)) and not isinstance(value, bool)


def _exact(value: Any) -> bool:
    return isinstance(value, (int, Rational)) and not isinstance(value, bool)


def _column(name: str, values: list[Any]) -> list[Column]:
    """The tidy columns of one name: see the module's description."""
    given = [value for value in values if value is not None]
    if all(isinstance(value, bool) for value in given) and given:
        return [Column(name, "boolean", values)]
    numbers = [value for value in given if _is_number(value)]
    if not numbers:
        return [Column(name, "text", [None if value is None else str(value) for value in values])]
    words = len(numbers) < len(given)
    found: list[Column] = []
    whole = all(
        (isinstance(value, int) or (isinstance(value, Rational) and value.q == 1))
        and -_INT64 <= value < _INT64
        for value in numbers
    )
    if whole:
        found.append(Column(name, "integer", [int(value) if _is_number(value) else None for value in values]))
    else:
        found.append(
            Column(name, "float", [float_value(value) if _is_number(value) else math.nan for value in values])
        )
        if any(_exact(value) for value in numbers):
            found.append(
                Column(
                    name + EXACT_SUFFIX,
                    "exact",
                    [exact_text(value) if _exact(value) else None for value in values],
                )
            )
    if words:
        found.append(
            Column(
                name + TEXT_SUFFIX,
                "text",
                [str(value) if value is not None and not _is_number(value) else None for value in values],
            )
        )
    return found


def tidy_columns(records: Iterable[Mapping[str, Any]]) -> list[Column]:
    """The columns of records, in the order their names first appear (see the module's
    description for what each kind of value becomes).

    Args:
        records: Dictionaries of exact values, text, booleans or `None`.

    Returns:
        One or more columns per name; every column as long as the records.

    >>> [column.name for column in tidy_columns([{"return": -1}, {"return": "-17 to 14"}])]
    ['return', 'return_text']
    """
    rows = list(records)
    names: dict[str, None] = {}
    for row in rows:
        names.update(dict.fromkeys(row))
    found: list[Column] = []
    for name in names:
        found += _column(name, [row.get(name) for row in rows])
    return found


_PANDAS_TYPES = {
    "integer": "Int64",
    "float": "float64",
    "exact": "string",
    "text": "string",
    "boolean": "boolean",
}


def to_frame(records: Sequence[Mapping[str, Any]]) -> Any:
    """A pandas DataFrame of the records' tidy columns: whole numbers as ``Int64``, decimal views
    as ``float64``, exact fractions and words as ``string``.

    Args:
        records: Dictionaries of exact values, text, booleans or `None`.

    Returns:
        A `pandas.DataFrame`, one row per record.

    Raises:
        ExtraMissingError: When pandas is not installed.

    >>> frame = to_frame([{"bet": "tie", "house_edge": Rational(136, 415)}])
    >>> frame.dtypes.astype(str).to_dict()
    {'bet': 'string', 'house_edge': 'float64', 'house_edge_exact': 'string'}
    """
    pandas = require("pandas")
    columns = tidy_columns(records)
    data = {column.name: pandas.array(column.values, dtype=_PANDAS_TYPES[column.kind]) for column in columns}
    return pandas.DataFrame(data, index=pandas.RangeIndex(len(records)))


_POLARS_TYPES = {
    "integer": "Int64",
    "float": "Float64",
    "exact": "String",
    "text": "String",
    "boolean": "Boolean",
}


def to_polars(records: Sequence[Mapping[str, Any]]) -> Any:
    """A polars DataFrame of the records' tidy columns (the same columns as :func:`to_frame`).

    Args:
        records: Dictionaries of exact values, text, booleans or `None`.

    Returns:
        A `polars.DataFrame`, one row per record.

    Raises:
        ExtraMissingError: When polars is not installed.

    >>> to_polars([{"bet": "tie", "house_edge": Rational(136, 415)}]).columns
    ['bet', 'house_edge', 'house_edge_exact']
    """
    polars = require("polars")
    columns = tidy_columns(records)
    return polars.DataFrame(
        [
            polars.Series(column.name, column.values, dtype=getattr(polars, _POLARS_TYPES[column.kind]))
            for column in columns
        ]
    )
