"""The one writer of everything the command line prints, readable in any encoding.

Results, help, errors and progress lines all go through :func:`write`.  Where the stream's encoding
cannot show a character (an ASCII locale: ``LANG=C``, ``PYTHONIOENCODING=ascii``), the character
is spelled in ASCII instead: ``±`` as ``+/-``, ``é`` as ``e`` (so *égalité* reads *egalite*), ``≥``
as ``>=``, a table's borders as ``+``, ``-``, ``=`` and ``|``; see :func:`spell`.  Everything the
stream can show is written as it is, at no cost; ``cardmath --ascii`` (:func:`ascii_only`) spells
every character outside ASCII, whatever the stream.  Files written with ``--out`` are not printed:
they stay UTF-8.

>>> import io
>>> stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
>>> write(stream, "house edge 1.06% ± 0.02%, égalité\\n", flush=True)
>>> stream.buffer.getvalue()
b'house edge 1.06% +/- 0.02%, egalite\\n'
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import unicodedata
from collections.abc import Iterator
from typing import Any, Final

__all__ = ["ASCII_SPELLINGS", "ascii_forced", "ascii_only", "fit", "fitted", "spell", "write"]

ASCII_SPELLINGS: Final[dict[str, str]] = {
    "±": "+/-",
    "×": "x",
    "÷": "/",
    "−": "-",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
    "≈": "~",
    "‐": "-",
    "‑": "-",
    "‒": "-",
    "–": "-",
    "—": "-",
    "―": "-",
    "‘": "'",
    "’": "'",
    "‚": "'",
    "′": "'",
    "“": '"',
    "”": '"',
    "„": '"',
    "″": '"',
    "«": "<<",
    "»": ">>",
    "‹": "<",
    "›": ">",
    "…": "...",
    "∞": "inf",
    "·": "*",
    "•": "*",
    "∙": "*",
    "²": "^2",
    "³": "^3",
    "½": "1/2",
    "⅓": "1/3",
    "⅔": "2/3",
    "¼": "1/4",
    "¾": "3/4",
    "‰": " per mille",
    "°": " degrees",
    "√": "sqrt",
    "→": "->",
    "←": "<-",
    "⇒": "=>",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "©": "(c)",
    "®": "(R)",
    "™": "(TM)",
    "♠": "s",
    "♥": "h",
    "♦": "d",
    "♣": "c",
    "♤": "s",
    "♡": "h",
    "♢": "d",
    "♧": "c",
    "ß": "ss",
    "æ": "ae",
    "Æ": "AE",
    "œ": "oe",
    "Œ": "OE",
    "ø": "o",
    "Ø": "O",
    "ł": "l",
    "Ł": "L",
    "đ": "d",
    "Đ": "D",
    "ı": "i",
    "\u00a0": " ",  # no-break space
    "\u2007": " ",  # figure space
    "\u2009": " ",  # thin space
    "\u202f": " ",  # narrow no-break space
    "\u00ad": "",  # soft hyphen
    "\u200b": "",  # zero-width space
    "\u200c": "",
    "\u200d": "",
    "\u2060": "",
    "\ufeff": "",
    "█": "#",
    "▉": "#",
    "▊": "#",
    "▋": "#",
    "▌": "#",
    "▍": "#",
    "▎": "#",
    "▏": "#",
}
"""Readable ASCII spellings of the characters cardmath prints (and of a few more a text may hold);
what this table leaves out is spelled by decomposition (:func:`spell`)."""

_ERRORS: Final = "cardmath.spell"
"""The codec error handler that spells what an encoding cannot encode."""

_forced = False
"""Whether ``--ascii`` asked for ASCII whatever the stream takes (:func:`ascii_only`)."""


def _box(name: str) -> str:
    """A box-drawing character (a table border) by its Unicode name: a corner or a joint as
    ``+``, a line as ``-``, ``=`` (double) or ``|``."""
    if " AND " in name or " ARC " in name:
        return "+"
    if "DIAGONAL" in name:
        return "X" if "CROSS" in name else "/" if "UPPER RIGHT" in name else "\\"
    if "HORIZONTAL" in name or name.endswith((" LEFT", " RIGHT")):
        return "=" if "DOUBLE" in name else "-"
    return "|"


@functools.lru_cache(maxsize=4096)
def spell(character: str) -> str:
    """One character in ASCII: its entry in :data:`ASCII_SPELLINGS`; a box-drawing border by its
    shape; else its compatibility decomposition (NFKD) without combining marks (``é`` is ``e``,
    ``ﬁ`` is ``fi``, an accent alone is nothing); else ``?``.

    Args:
        character: One character (an ASCII one is returned as it is).

    Returns:
        Its ASCII spelling, possibly several characters or none.

    >>> [spell(c) for c in "±éÉ≥–♦²½\\u00a0╪│"]
    ['+/-', 'e', 'E', '>=', '-', 'd', '^2', '1/2', ' ', '+', '|']
    >>> spell("ﬁ"), spell("\\u0301"), spell("中")
    ('fi', '', '?')
    """
    if character.isascii():
        return character
    known = ASCII_SPELLINGS.get(character)
    if known is not None:
        return known
    name = unicodedata.name(character, "")
    if name.startswith("BOX DRAWINGS "):
        return _box(name)
    parts = [part for part in unicodedata.normalize("NFKD", character) if not unicodedata.combining(part)]
    return "".join(
        part if part.isascii() else ASCII_SPELLINGS.get(part, "?") for part in parts if part != character
    ) or ("" if unicodedata.combining(character) else "?")


def _spell_error(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler: the characters an encoding refused, spelled in ASCII."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(spell(character) for character in error.object[error.start : error.end]), error.end


codecs.register_error(_ERRORS, _spell_error)


def fit(text: str, encoding: str = "ascii") -> str:
    """``text`` with every character ``encoding`` cannot encode spelled in ASCII (:func:`spell`).

    Args:
        text: Any text.
        encoding: The encoding the text is to be written in; ASCII by default. An unknown one counts
            as ASCII.

    Returns:
        The text, unchanged where the encoding takes it.

    >>> fit("2 × 3 ≤ 7, égalité"), fit("2 × 3 ≤ 7, égalité", "latin-1")
    ('2 x 3 <= 7, egalite', '2 × 3 <= 7, égalité')
    """
    try:
        return text.encode(encoding, _ERRORS).decode(encoding)
    except LookupError:
        return text.encode("ascii", _ERRORS).decode("ascii")


def _encoding(stream: Any) -> str | None:
    """The encoding ``stream`` writes in (``None``: a stream of text, such as ``io.StringIO``)."""
    encoding = getattr(stream, "encoding", None)
    return encoding if isinstance(encoding, str) else None


def fitted(stream: Any, text: str) -> str:
    """``text`` as ``stream`` can take it: every character its encoding cannot encode spelled in
    ASCII (every character outside ASCII under ``--ascii``), for a writer that is not
    :func:`write` (a progress bar's).

    Args:
        stream: A text stream, such as ``sys.stderr``.
        text: The text to be written.

    Returns:
        The text, unchanged when the stream takes all of it.

    >>> import io
    >>> fitted(io.TextIOWrapper(io.BytesIO(), encoding="ascii"), "± 0.2%"), fitted(io.StringIO(), "± 0.2%")
    ('+/- 0.2%', '± 0.2%')
    """
    if _forced:
        return text if text.isascii() else fit(text)
    encoding = _encoding(stream)
    if encoding is None or text.isascii():
        return text
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return fit(text, encoding)
    except LookupError:
        return fit(text)
    return text


def write(stream: Any, text: str, *, flush: bool = False) -> None:
    """Write ``text`` to ``stream``, spelling in ASCII what the stream's encoding cannot encode.

    A stream that refuses what it cannot encode (standard output, strictly) is written at once and
    spelled only if it refuses; one that would escape it (standard error writes ``\\xe9``) is
    checked first.  An ``OSError`` of the stream is the caller's to handle.

    Args:
        stream: A text stream, such as ``sys.stdout``.
        text: The text, written as it is (no newline is added).
        flush: Whether to flush the stream afterwards.

    >>> import io
    >>> stream = io.TextIOWrapper(io.BytesIO(), encoding="ascii", errors="backslashreplace")
    >>> write(stream, "Q♦ — 3 ≥ 2\\n", flush=True)
    >>> stream.buffer.getvalue()
    b'Qd - 3 >= 2\\n'
    """
    if _forced or getattr(stream, "errors", "strict") != "strict":
        stream.write(fitted(stream, text))
    else:
        try:
            stream.write(text)  # a text stream encodes the whole text before it writes any of it
        except UnicodeEncodeError:
            stream.write(fitted(stream, text))
    if flush:
        stream.flush()


def ascii_forced() -> bool:
    """Whether ``--ascii`` is in force (:func:`ascii_only`).

    Returns:
        True while a command given ``--ascii`` runs.

    >>> ascii_forced()
    False
    """
    return _forced


@contextlib.contextmanager
def ascii_only(on: bool = True) -> Iterator[None]:
    """While in force, :func:`write` and :func:`fitted` spell every character outside ASCII, on
    any stream (``cardmath --ascii``); with ``on`` false nothing changes.

    Args:
        on: Whether to force ASCII.

    Returns:
        A context manager: ASCII is forced from its entry to its exit.

    >>> import io
    >>> stream = io.StringIO()
    >>> with ascii_only():
    ...     write(stream, "a mean ± its error")
    >>> stream.getvalue()
    'a mean +/- its error'
    """
    global _forced  # noqa: PLW0603 - one command line at a time
    before = _forced
    _forced = before or on
    try:
        yield
    finally:
        _forced = before
