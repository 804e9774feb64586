r"""LaTeX tables that typeset on an A4 page: real minus signs, long names wrapped, smaller type, a
long table across pages or the columns split where a table needs it.

A table rendered here is a fragment to ``\input`` into a document.  It begins with comments that
say the text block it is set for and the packages it needs, then the table (a ``tabular``, or a
``longtable`` when it is longer than a page), then the terms it uses, one paragraph each.

Numbers read as numbers: a minus sign is the math minus ``$-$`` (``$-$0.120405``, ``$-$1/2``),
while a hyphen inside a word or a name (``4-5-6``, ``casino-war``) stays a hyphen.

**How a table is fitted.**  Widths are estimated with a per-character model: each character's
advance width in Computer Modern Roman 10 pt (``cmr10``, LaTeX's default font; Latin Modern has
the same widths), scaled for smaller type by the largest ratio of ``cmr9`` (``\small``) and
``cmr8`` (``\footnotesize``) to ``cmr10``; kerning and ligatures are left out, which only makes
text narrower.  A table must fit :data:`TEXT_WIDTH` (160 mm: A4 portrait with 25 mm margins), and
the first of these that fits is taken:

1. the table as it is, in 10 pt type;
2. headers wider than their column's figures broken onto up to three lines;
3. long text columns (names, sources) wrapped in ``p{}`` columns that share the width left;
4. the same in ``\small`` type, then in ``\footnotesize``, then with half the column gap;
5. the columns split into several tables, each repeating the first (names) column.

A table estimated taller than :data:`TABLE_HEIGHT` is set as a ``longtable``: it breaks across
pages and repeats its header on each.

>>> print(render_latex(("bet", "pays"), (("lose", "-1"), ("house edge", "-2.5%")), numeric=(False, True),
...                    footer_rows=1, notes=(("pays", "the net win, -1 a loss"),)))
% set for a text block at least 160 mm wide and 247 mm high (A4 portrait, 25 mm margins), 10 pt type
% needs \usepackage{booktabs}
\noindent
\begin{tabular}{lr}
\toprule
 bet        &     pays \\
\midrule
 lose       &     $-$1 \\
\midrule
 house edge & $-$2.5\% \\
\bottomrule
\end{tabular}\par
<BLANKLINE>
\begingroup\raggedright
\noindent\textit{pays}: the net win, $-$1 a loss\par
\endgroup
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardmath.errors import OptionError

__all__ = [
    "LATEX_FORMATS",
    "TABLE_HEIGHT",
    "TEXT_WIDTH",
    "latex_notes",
    "latex_text",
    "render_latex",
    "text_width",
]

LATEX_FORMATS: tuple[str, ...] = ("latex", "latex_booktabs", "latex_longtable", "latex_raw")
"""The LaTeX formats: ``latex`` (``\\hline`` rules), ``latex_booktabs`` (booktabs rules, as the
published fragments), ``latex_longtable`` (always a long table) and ``latex_raw`` (cells are
LaTeX already: nothing escaped)."""

TEXT_WIDTH = 455.24
"""The text width a table must fit, in TeX points: 160 mm, an A4 page with 25 mm margins."""

TABLE_HEIGHT = 640.0
"""The estimated height (TeX points, 225 mm) above which a table is set as a ``longtable``: a
``tabular`` cannot break across pages, and an A4 page with 25 mm margins is 702 pt high."""

_SLACK = 2.0
"""Points kept free of :data:`TEXT_WIDTH`, for rounding in the width model."""

_WRAP_MIN_EM = 7.0
"""The narrowest a wrapped text column may be, in ems of its type (70 pt in 10 pt type)."""

_MAX_HEADER_LINES = 3

_RULES_HEIGHT = 24.0
"""Points of a table's height taken by its rules and the space around them."""

_CMR10: dict[str, float] = {
    char: width
    for chars, width in (
        ("!',.:;[]`il", 2.778),
        ("fj", 3.056),
        ("-", 3.333),
        (" ", 3.333),
        ("I|", 3.611),
        ("()t", 3.889),
        ("r", 3.917),
        ("s", 3.944),
        ("cez", 4.444),
        ("?", 4.722),
        ('$*/0123456789ago{}\\_~^"', 5.0),
        ("J", 5.139),
        ("kqvxy", 5.278),
        ("Sbdhnpu", 5.556),
        ("Z", 6.111),
        ("L", 6.25),
        ("F", 6.528),
        ("EP", 6.806),
        ("B", 7.083),
        ("CTw", 7.222),
        ("R", 7.361),
        ("AHNUVXY", 7.5),
        ("D", 7.639),
        ("&+=@KOQ<>", 7.778),
        ("G", 7.847),
        ("#%m", 8.333),
        ("M", 9.167),
        ("W", 10.278),
    )
    for char in chars
}
"""Advance widths (points) of the characters of ``cmr10``; symbols LaTeX takes from the math
fonts (``\\{``, ``\\textless``...) at their widths there."""

_UNKNOWN_WIDTH = 10.0
"""An em: the width assumed for a character the model does not know (a symbol)."""

_HYPHENS: tuple[tuple[re.Pattern[str], str, float], ...] = (
    (re.compile(r"(?<![\w.,/\-])-(?=\.?\d)"), "$-$", 7.778),
    (re.compile(r"(?<![\w\-])-(?![\w.\-])"), "--", 5.0),
    (re.compile(r"-(?=-)"), "-{}", 3.333),
)
"""Hyphens that are not hyphens, their LaTeX and its width: a minus sign (before a number, not
inside a word or a range), a dash standing alone (a missing figure: an en dash), and a hyphen
before another (``--pay-table``, which LaTeX would join into a dash)."""

_TEXT_SYMBOLS = "backslash asciitilde asciicircum less greater bar"
_MATH_SYMBOLS = "cdot pm times leq geq clubsuit diamondsuit heartsuit spadesuit"
_ESCAPES: dict[str, str] = {
    "\n": " ",
    "\u2212": "$-$",
    "\u2026": r"\ldots{}",
    **{char: "\\" + char for char in "&%$#_{}"},
    **{char: rf"\text{name}{{}}" for char, name in zip("\\~^<>|", _TEXT_SYMBOLS.split(), strict=True)},
    **{
        char: rf"$\{name}$"
        for char, name in zip(
            "\u00b7\u00b1\u00d7\u2264\u2265\u2663\u2666\u2665\u2660", _MATH_SYMBOLS.split(), strict=True
        )
    },
}
"""Characters LaTeX reads otherwise, and symbols its default text font lacks: as LaTeX writes them."""


@dataclass(frozen=True)
class _Size:
    command: str
    scale: float
    baseline: float
    """Points from one line to the next (``\\baselineskip``) in this type."""


_SIZES = (
    _Size("", 1.0, 12.0),
    _Size(r"\small", 0.926, 11.0),
    _Size(r"\footnotesize", 0.85, 9.5),
)
"""The sizes a table may be set in, scaled from 10 pt by the widest character ratio of the font."""

_GAP = 6.0
"""LaTeX's ``\\tabcolsep``: the space on each side of every column."""


@dataclass(frozen=True)
class _Column:
    header: str
    cells: tuple[str, ...]
    numeric: bool


@dataclass(frozen=True)
class _Layout:
    size: _Size
    gap: float
    headers: tuple[tuple[str, ...], ...]
    """Each column's header, as the lines it is set on."""
    wraps: tuple[float | None, ...]
    """Each column's ``p{}`` width, or ``None`` for a column as wide as its text."""


def _special_hyphens(text: str) -> dict[int, tuple[str, float]]:
    """Where ``text`` has a hyphen that is not a hyphen: its LaTeX and its width."""
    found: dict[int, tuple[str, float]] = {}
    for pattern, latex, width in reversed(_HYPHENS):
        found.update((match.start(), (latex, width)) for match in pattern.finditer(text))
    return found


def latex_text(text: str, *, breakable: bool = False) -> str:
    r"""Text as LaTeX: its special characters escaped, a minus sign before a number set as the
    math minus, a dash standing alone (a missing figure) as an en dash, card suits and a few
    symbols as LaTeX draws them.

    Args:
        text: What people read in a cell, a header or a note, as plain text.
        breakable: Whether a line may break after a ``/`` followed by a letter or digit (for a
            wrapped column or a note, where a long web address must not stick out).

    Returns:
        LaTeX source that reads as ``text`` with pdfLaTeX's default fonts.

    >>> print(latex_text("-0.120405"), latex_text("-1/2"), latex_text("4-5-6: -3% (5%)"))
    $-$0.120405 $-$1/2 4-5-6: $-$3\% (5\%)
    >>> print(latex_text("a/b_c/", breakable=True), latex_text("-"), latex_text("as --pay-table reads"))
    a/\allowbreak{}b\_c/ -- as -{}-pay-table reads
    """
    special = _special_hyphens(text)
    parts = []
    for index, char in enumerate(text):
        if index in special:
            parts.append(special[index][0])
        elif char == "/" and breakable and text[index + 1 : index + 2].isalnum():
            parts.append(r"/\allowbreak{}")
        else:
            parts.append(_ESCAPES.get(char, char))
    return "".join(parts)


def _char_width(char: str) -> float:
    if char in _CMR10:
        return _CMR10[char]
    base = unicodedata.normalize("NFKD", char)[:1]
    return _CMR10.get(base, _UNKNOWN_WIDTH)


def text_width(text: str, scale: float = 1.0) -> float:
    r"""The estimated width of text set in one line, by the per-character model of this module
    (``cmr10`` advance widths, a minus sign at the math minus's width).

    Args:
        text: Plain text, as :func:`latex_text` takes it.
        scale: The type's size relative to 10 pt by the model's reckoning (0.85 for
            ``\footnotesize``).

    Returns:
        The width in TeX points (72.27 to the inch).

    >>> text_width("0.120405"), text_width("-0.120405"), text_width("Tie")
    (37.778, 45.556, 14.444)
    """
    special = _special_hyphens(text)
    width = sum(special[i][1] if i in special else _char_width(c) for i, c in enumerate(text))
    return round(width * scale, 3)


def _words(text: str) -> list[str]:
    """The pieces a wrapped cell may break between: words, and the parts of a web address."""
    return [piece for word in text.split() for piece in re.split(r"(?<=/)(?=[^\W_])", word)]


def _line_count(text: str, width: float, scale: float) -> int:
    """How many lines ``text`` takes in a ragged-right column ``width`` wide, filled greedily."""
    lines, used = 1, 0.0
    space = text_width(" ", scale)
    for word in _words(text):
        size = text_width(word, scale)
        if used and used + space + size > width:
            lines, used = lines + 1, size
        else:
            used += (space if used else 0.0) + size
    return lines


def _longest_word(text: str, scale: float) -> float:
    return max((text_width(word, scale) for word in _words(text)), default=0.0)


def _greedy_lines(words: Sequence[str], width: float, scale: float) -> list[str]:
    lines: list[str] = []
    for word in words:
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and text_width(joined, scale) <= width:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def _header_lines(header: str, floor: float, scale: float) -> tuple[str, ...]:
    """A header broken onto the fewest lines no wider than its column's figures (at most three:
    wider then, but never narrower than its longest word)."""
    words = header.split()
    lowest = max([floor, *(text_width(word, scale) for word in words)])
    spans = {
        text_width(" ".join(words[i:j]), scale)
        for i in range(len(words))
        for j in range(i + 1, len(words) + 1)
    }
    for width in sorted({lowest} | {span for span in spans if span > lowest}):
        lines = _greedy_lines(words, width, scale)
        if len(lines) <= _MAX_HEADER_LINES:
            return tuple(lines)
    return (header,)


def _share(naturals: Sequence[float], room: float) -> float:
    """The width every column wider than it is cut to, so that ``naturals`` fill ``room``."""
    left, count = room, len(naturals)
    for natural in sorted(naturals):
        if natural * count > left:
            return left / count
        left, count = left - natural, count - 1
    return math.inf


def _natural(
    columns: Sequence[_Column], scale: float, breaks: bool
) -> tuple[list[tuple[str, ...]], list[float]]:
    """Each column's header lines (broken or not) and its width with its text unwrapped."""
    figures = [max((text_width(cell, scale) for cell in column.cells), default=0.0) for column in columns]
    headers = [
        _header_lines(column.header, floor, scale) if breaks else (column.header,)
        for column, floor in zip(columns, figures, strict=True)
    ]
    widths = [
        max(floor, *(text_width(line, scale) for line in lines))
        for floor, lines in zip(figures, headers, strict=True)
    ]
    return headers, widths


def _fit(columns: Sequence[_Column], size: _Size, gap: float, breaks: bool, wraps: bool) -> _Layout | None:
    """The layout of ``columns`` in this type and gap, headers broken or not, text columns wrapped
    or not, if it fits the text width."""
    scale = size.scale
    headers, naturals = _natural(columns, scale, breaks)
    room = TEXT_WIDTH - _SLACK - 2 * gap * len(columns)
    if sum(naturals) <= room:
        return _Layout(size, gap, tuple(headers), (None,) * len(columns))
    texts = [i for i, column in enumerate(columns) if not column.numeric]
    if not wraps or not texts:
        return None
    fixed = sum(width for i, width in enumerate(naturals) if i not in texts)
    level = _share([naturals[i] for i in texts], room - fixed)
    widths: list[float | None] = [None] * len(columns)
    for i in texts:
        if naturals[i] <= level:
            continue
        words = (_longest_word(text, scale) for text in (*columns[i].cells, columns[i].header))
        if level < max(_WRAP_MIN_EM * 10 * scale, *words):
            return None
        widths[i] = math.floor(level * 10) / 10
        headers[i] = (columns[i].header,)
    return _Layout(size, gap, tuple(headers), tuple(widths))


def _overfull(columns: Sequence[_Column]) -> _Layout:
    """The smallest layout without wrapping, for columns too wide for any (one table sticks out)."""
    size = _SIZES[-1]
    headers, _ = _natural(columns, size.scale, breaks=True)
    return _Layout(size, _GAP / 2, tuple(headers), (None,) * len(columns))


def _layouts(sizes: Sequence[_Size]) -> Iterator[tuple[_Size, float, bool, bool]]:
    for size in sizes:
        yield size, _GAP, False, False
        yield size, _GAP, True, False
        yield size, _GAP, True, True
    yield sizes[-1], _GAP / 2, True, True


def _choose(columns: Sequence[_Column], sizes: Sequence[_Size] = _SIZES) -> _Layout | None:
    """The first layout that fits, from the table as it is to the smallest type (``None``: none)."""
    for size, gap, breaks, wraps in _layouts(sizes):
        layout = _fit(columns, size, gap, breaks, wraps)
        if layout is not None:
            return layout
    return None


def _blocks(columns: Sequence[_Column]) -> list[list[int]]:
    """The columns split into tables that each fit in the smallest type, as evenly as they can
    be, each table repeating the first column when it holds names."""
    keys = [] if columns[0].numeric else [0]
    rest = list(range(len(keys), len(columns)))

    def fits(part: Sequence[int]) -> bool:
        return _choose([columns[i] for i in (*keys, *part)], _SIZES[-1:]) is not None

    greedy: list[list[int]] = [[]]
    for index in rest:
        if greedy[-1] and not fits([*greedy[-1], index]):
            greedy.append([])
        greedy[-1].append(index)
    count = len(greedy)
    even = [rest[len(rest) * k // count : len(rest) * (k + 1) // count] for k in range(count)]
    chosen = even if all(fits(part) for part in even) else greedy
    return [[*keys, *part] for part in chosen]


def _height(columns: Sequence[_Column], layout: _Layout) -> float:
    scale = layout.size.scale
    header = max(
        _line_count(column.header, wrap, scale) if wrap else len(lines)
        for column, lines, wrap in zip(columns, layout.headers, layout.wraps, strict=True)
    )
    body = sum(
        max(
            _line_count(column.cells[row], wrap, scale) if wrap else 1
            for column, wrap in zip(columns, layout.wraps, strict=True)
        )
        for row in range(len(columns[0].cells))
    )
    return (header + body) * layout.size.baseline + _RULES_HEIGHT


_RULES = {"top": r"\toprule", "mid": r"\midrule", "bottom": r"\bottomrule"}


def _rule(fmt: str, place: str) -> str:
    return _RULES[place] if fmt == "latex_booktabs" else r"\hline"


def _text(fmt: str, text: str, *, breakable: bool = False) -> str:
    """Text as the format sets it: escaped, but in ``latex_raw`` (whose cells are LaTeX)."""
    return text if fmt == "latex_raw" else latex_text(text, breakable=breakable)


def _spec(column: _Column, wrap: float | None) -> str:
    if wrap is not None:
        return rf">{{\raggedright\arraybackslash}}p{{{wrap:.1f}pt}}"
    return "r" if column.numeric else "l"


def _header_cell(column: _Column, lines: Sequence[str], fmt: str) -> str:
    if len(lines) == 1:
        return _text(fmt, lines[0])
    side = "r" if column.numeric else "l"
    return (
        rf"\begin{{tabular}}[b]{{@{{}}{side}@{{}}}}"
        + r"\\".join(_text(fmt, line) for line in lines)
        + r"\end{tabular}"
    )


def _lines(cells: Sequence[Sequence[str]], numeric: Sequence[bool]) -> list[str]:
    """Rows as source lines ``a & b \\``, each column padded to one width for the reader."""
    widths = [max(len(row[i]) for row in cells) for i in range(len(numeric))]
    return [
        " "
        + " & ".join(
            text.rjust(width) if right else text.ljust(width)
            for text, width, right in zip(row, widths, numeric, strict=True)
        )
        + r" \\"
        for row in cells
    ]


def _block(columns: Sequence[_Column], layout: _Layout, fmt: str, footer_rows: int) -> tuple[str, bool]:
    """One table's source, and whether it is a ``longtable``."""
    long = fmt == "latex_longtable" or _height(columns, layout) > TABLE_HEIGHT
    numeric = [column.numeric for column in columns]
    header = [_header_cell(c, lines, fmt) for c, lines in zip(columns, layout.headers, strict=True)]
    count = len(columns[0].cells)
    cells = [
        [
            _text(fmt, column.cells[row], breakable=wrap is not None)
            for column, wrap in zip(columns, layout.wraps, strict=True)
        ]
        for row in range(count)
    ]
    rows = _lines([header, *cells], numeric)
    body, footer = rows[1 : 1 + count - footer_rows], rows[1 + count - footer_rows :]
    environment = "longtable" if long else "tabular"
    spec = "".join(_spec(c, w) for c, w in zip(columns, layout.wraps, strict=True))
    lines = [rf"\begin{{{environment}}}{{{spec}}}", _rule(fmt, "top"), rows[0], _rule(fmt, "mid")]
    if long:
        lines += [r"\endhead", _rule(fmt, "bottom"), r"\endfoot"]
    lines += body + ([_rule(fmt, "mid"), *footer] if footer else [])
    lines += [] if long else [_rule(fmt, "bottom")]
    lines.append(rf"\end{{{environment}}}\par")
    settings = [layout.size.command] if layout.size.command else []
    settings += [rf"\setlength{{\tabcolsep}}{{{layout.gap:g}pt}}"] if layout.gap != _GAP else []
    settings += [r"\setlength{\LTleft}{0pt}"] if long else [r"\noindent"]
    if layout.size.command or layout.gap != _GAP:
        return "\n".join([r"\begingroup", *settings, *lines, r"\endgroup"]), long
    return "\n".join([*settings, *lines]), long


def _header_comment(layouts: Sequence[_Layout], longs: Sequence[bool], fmt: str) -> list[str]:
    wrapped = any(width is not None for layout in layouts for width in layout.wraps)
    used = {"booktabs": fmt == "latex_booktabs", "longtable": any(longs), "array": wrapped}
    packages = sorted(name for name, needed in used.items() if needed)
    lines = [
        "% set for a text block at least 160 mm wide and 247 mm high (A4 portrait, 25 mm margins),"
        " 10 pt type",
        rf"% needs \usepackage{{{','.join(packages)}}}" if packages else "% needs no package",
    ]
    layout = layouts[0]
    fitted = [f"{layout.size.command} type"] if layout.size.command else []
    fitted += ["narrow column gaps"] if layout.gap != _GAP else []
    fitted += ["long text wrapped"] if wrapped else []
    fitted += [f"columns split into {len(layouts)} tables"] if len(layouts) > 1 else []
    fitted += ["a long table across pages"] if any(longs) and fmt != "latex_longtable" else []
    return [*lines, f"% fitted: {', '.join(fitted)}"] if fitted else lines


def latex_notes(notes: Sequence[tuple[str, str]], fmt: str = "latex_booktabs") -> str:
    r"""The terms a table uses, each defined in a paragraph of its own, set ragged right, where
    a line may break after any ``/`` of a web address (so that a long one never sticks out).

    Args:
        notes: ``(term, definition)`` pairs, in the order they are read.
        fmt: One of :data:`LATEX_FORMATS`; ``latex_raw`` keeps the text as it is.

    Returns:
        One ``\noindent\textit{term}: definition\par`` line per pair, in a group.

    >>> print(latex_notes((("return", "the net result, -1 for a lost unit"), ("source", "a.org/b"))))
    \begingroup\raggedright
    \noindent\textit{return}: the net result, $-$1 for a lost unit\par
    \noindent\textit{source}: a.org/\allowbreak{}b\par
    \endgroup
    """
    lines = [
        rf"\noindent\textit{{{_text(fmt, term)}}}: {_text(fmt, words, breakable=True)}\par"
        for term, words in notes
    ]
    return "\n".join([r"\begingroup\raggedright", *lines, r"\endgroup"])


def _columns(headers: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool]) -> list[_Column]:
    if len(numeric) != len(headers):
        raise OptionError(
            f"{len(numeric)} numeric flags for {len(headers)} columns: give one flag per header"
        )
    for index, row in enumerate(rows):
        if len(row) != len(headers):
            raise OptionError(
                f"row {index + 1} has {len(row)} cells for {len(headers)} columns: give one cell per header"
            )
    return [
        _Column(str(header), tuple(" ".join(str(row[i]).split()) for row in rows), bool(numeric[i]))
        for i, header in enumerate(headers)
    ]


def _tables(columns: Sequence[_Column], fmt: str, footer_rows: int) -> str:
    """The header comment and the table, or the tables its columns are split into."""
    layout = _choose(columns)
    blocks = [list(range(len(columns)))] if layout is not None else _blocks(columns)
    layouts = [
        layout or _choose(part, _SIZES[-1:]) or _overfull(part)
        for part in ([columns[i] for i in b] for b in blocks)
    ]
    tables = [
        _block([columns[i] for i in block], fitted, fmt, footer_rows)
        for block, fitted in zip(blocks, layouts, strict=True)
    ]
    comment = _header_comment(layouts, [long for _, long in tables], fmt)
    return "\n".join([*comment, "\n\\medskip\n".join(text for text, _ in tables)])


def render_latex(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    numeric: Sequence[bool],
    footer_rows: int = 0,
    notes: Sequence[tuple[str, str]] = (),
    fmt: str = "latex_booktabs",
) -> str:
    r"""A table as a LaTeX fragment that fits an A4 page: the comments that say what it needs,
    the table laid out as this module's introduction says, and the terms it uses.  A table wider
    than the page gets smaller type and its names wrapped, as the example shows.

    Args:
        headers: The columns' names, as people read them.
        rows: The cells as people read them (``"-0.120405"``, ``"19 to 20"``), one text per
            header; the last ``footer_rows`` of them are the footer.
        numeric: For each column, whether it holds numbers (set flush right, never wrapped).
        footer_rows: How many of the last rows are footer rows (a total, the house edge), set
            under a rule of their own.
        notes: ``(term, definition)`` pairs, each set as a paragraph under the table.
        fmt: One of :data:`LATEX_FORMATS`: the rules' style, and whether cells are escaped.

    Returns:
        The fragment's source, deterministic: the same table always gives the same text.

    Raises:
        OptionError: ``fmt`` is not a LaTeX format, or a row or ``numeric`` does not have one
            entry per header.

    >>> bet = "Banker, no commission (a win with 6 pays 1 to 2)"
    >>> decks = [f"{n} decks" for n in range(1, 10)]
    >>> text = render_latex(("bet", *decks), [(bet, *["1.4581%"] * 9)], numeric=(False, *[True] * 9))
    >>> print(*text.splitlines()[1:4], sep="\n")
    % needs \usepackage{array,booktabs}
    % fitted: \footnotesize type, narrow column gaps, long text wrapped
    \begingroup
    """
    if fmt not in LATEX_FORMATS:
        raise OptionError(f"unknown LaTeX format {fmt!r}: choose one of {', '.join(LATEX_FORMATS)}")
    if not 0 <= footer_rows <= len(rows):
        raise OptionError(f"{footer_rows} footer rows in a table of {len(rows)} rows: give 0 to {len(rows)}")
    columns = _columns(headers, rows, numeric)
    parts = [_tables(columns, fmt, footer_rows)] if columns else []
    if notes:
        parts.append(latex_notes(notes, fmt))
    return "\n\n".join(parts)
