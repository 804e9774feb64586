"""Sheet names for a workbook: each table's title as people read it, within Excel's limits.

A workbook holds one game and one shoe, so a sheet is named by its table's title without them
(``Tie par sheet`` for "Baccarat Tie par sheet, 8 decks"), valid for Excel (31 characters at
most, none of ``/ \\ : ? * [ ]``, ``/`` read as ``-``), shortened between words and unique in
the workbook (ignoring case, and never ``Summary`` nor ``History``).

>>> from cardmath.table import Table
>>> titles = ["Baccarat Tie par sheet, 8 decks", "Baccarat Banker par sheet, 8 decks"]
>>> sheet_names([Table(title, (), ()) for title in titles])
['Tie par sheet', 'Banker par sheet']
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardmath.table import Table, slug_of

__all__ = ["SHEET_NAME_LENGTH", "sheet_names"]

SHEET_NAME_LENGTH = 31
"""The longest sheet name Excel accepts."""

_SHOE = re.compile(r", (?:(?:\d+|infinite) decks?|\d+ cards|\d+-card hands)(?=$|[:,;)])")
"""How a title names its shoe: ``, 8 decks``, ``, infinite decks``, ``, 311 cards``, ``, 5-card hands``."""

_EXCEL_FORBIDS = str.maketrans({"/": "-", "\\": "-", ":": ",", "?": "", "*": "", "[": "(", "]": ")"})
"""Each character Excel forbids in a sheet name and what reads in its place."""

_SHORTER = (
    (re.compile(r" \([^()]* [^()]*\)"), ""),  # an aside of two words or more
    (re.compile(r" par sheet\b"), ""),
    (re.compile(r"\b(?:a|an|the|with) ", re.IGNORECASE), ""),
)
"""Words a sheet name loses, one kind after the other, while it is too long."""

_DANGLING = frozenset(
    ("a", "an", "and", "after", "at", "by", "for", "from", "in", "is", "of", "on", "or", "the", "to", "with")
)
"""Words that cannot end a cut name."""


def _without_shoe(title: str) -> str:
    return _SHOE.sub("", title)


def _common_words(titles: Sequence[str]) -> str:
    """The leading words every title shares, when there are two titles or more and each has
    words after them."""
    split = [title.split() for title in titles]
    shared: list[str] = []
    for words in zip(*split, strict=False):
        if any(word != words[0] for word in words):
            break
        shared.append(words[0])
    if len(titles) < 2 or any(len(words) <= len(shared) for words in split):
        return ""
    return " ".join(shared)


def _without_game(title: str, game: str) -> str:
    if not game or not title.lower().startswith(game.lower()) or title[len(game) :][:1].isalnum():
        return title
    rest = title[len(game) :].lstrip(" ,:;-")
    return rest[:1].upper() + rest[1:] if rest else title


def _allowed(name: str) -> str:
    """``name`` with the characters Excel forbids replaced, spaces single, no quote at either end."""
    name = name.translate(_EXCEL_FORBIDS)
    return re.sub(r"\s+", " ", name).strip().strip("'").strip()


def _shortened(title: str) -> str:
    """A title without "pay table" before its pays and, while too long, without asides, "par
    sheet" and articles (never cut)."""
    name = _allowed(title.replace(", pay table ", ", "))
    for pattern, replacement in _SHORTER:
        if len(name) <= SHEET_NAME_LENGTH:
            break
        name = pattern.sub(replacement, name)
    return name


def _cut(name: str, limit: int) -> str:
    """``name`` cut to ``limit`` characters between words, without a dangling word or an open aside."""
    if len(name) <= limit:
        return name
    kept: list[str] = []
    for word in name.split(" "):
        if len(" ".join([*kept, word])) > limit:
            break
        kept.append(word)
    text = " ".join(kept)
    if text.count("(") > text.count(")"):
        text = text[: text.rfind("(")]
    while True:
        trimmed = text.rstrip(" ,;-(")
        last = trimmed.rpartition(" ")
        if last[1] and last[2].lower() in _DANGLING:
            trimmed = last[0]
        if trimmed == text:
            break
        text = trimmed
    return text.strip("'") or name[:limit].rstrip()


def _slug_words(slug: str, title: str) -> str:
    """A table's short name (its slug, ``b2-commission-banker-strategy``) in the words of its
    title (``B2 commission Banker's strategy``): each run of the slug's parts that a word of the
    title reduces to reads as that word."""
    spelled: dict[str, str] = {}
    for word in reversed(title.split()):
        spelled[slug_of(word)] = word.strip(",;:()[]")
    parts = [part for part in slug.split("-") if part]
    words: list[str] = []
    start = 0
    while start < len(parts):
        end = next(
            (end for end in range(len(parts), start, -1) if "-".join(parts[start:end]) in spelled),
            start + 1,
        )
        words.append(spelled.get("-".join(parts[start:end]), parts[start]))
        start = end
    name = _allowed(" ".join(words))
    return name[:1].upper() + name[1:]


def _candidates(table: Table, game: str) -> list[str]:
    """The names a table's sheet may take, best first: its title shortened (when that fits),
    its slug in the title's words (when that fits), its title cut between words, and its title
    with the game's name (for a name another sheet took)."""
    title = _without_shoe(table.display_title)
    short = _shortened(_without_game(title, game))
    slug = _slug_words(table.slug, title) if table.slug else ""
    return [
        name
        for name in (
            short if len(short) <= SHEET_NAME_LENGTH else "",
            slug if len(slug) <= SHEET_NAME_LENGTH else "",
            _cut(short, SHEET_NAME_LENGTH),
            _cut(_shortened(title), SHEET_NAME_LENGTH),
        )
        if name
    ]


def sheet_names(tables: Sequence[Table], game: str = "") -> list[str]:
    """A readable name for each table's sheet, distinct (ignoring case) from the others' and from
    ``Summary`` (the summary sheet's), of at most :data:`SHEET_NAME_LENGTH` characters.

    A workbook holds one game and one shoe, so a name is the title people read without them:
    without the shoe (``, 8 decks``), without the game's name (``game``, or else the leading
    words every title shares), without the words "pay table" before a pay table's pays, and with
    the characters Excel forbids replaced (``/`` and ``\\`` by ``-``, ``:`` by ``,``).  A name
    still too long loses its asides of two words or more (``(a three-card 7 pushes)``), then
    "par sheet", then the words *a*, *the* and *with*; if it is still too long, the table's short
    name (:attr:`~cardmath.table.Table.slug`) is taken in the title's words, or else the name is
    cut between words.  A name another sheet took keeps the game's name, or else gets a number.

    Args:
        tables: The tables, one sheet each, in order.
        game: The game's display name that opens the titles (``"Baccarat"``); when empty, the
            leading words shared by every title (of two tables or more) are taken for it.

    Returns:
        One sheet name per table, in the order of ``tables``.

    >>> titles = ["Baccarat Tie par sheet, 8 decks", "Baccarat 88/89/98/99 par sheet, 8 decks",
    ...           "Baccarat Perfect Pair, pay table 25 to 1, both 200 to 1 par sheet, 8 decks"]
    >>> sheet_names([Table(title, (), ()) for title in titles])
    ['Tie par sheet', '88-89-98-99 par sheet', 'Perfect Pair, 25 to 1, both 200']
    >>> strategy = "Chemin de fer B2 with a 5% commission, 8 decks: Banker's strategy (columns: Player stood)"
    >>> sheet_names([Table(strategy, (), (), slug="b2-commission-banker-strategy")], game="Chemin de fer")
    ["B2 commission Banker's strategy"]
    >>> tie = Table("Baccarat tie bet par sheet, 8 decks", (), ())
    >>> sheet_names([tie, tie], game="Baccarat")
    ['Tie bet par sheet', 'Baccarat tie bet par sheet']
    """
    shared = game or _common_words([_without_shoe(table.display_title) for table in tables])
    names: list[str] = []
    taken = {"summary", "history"}  # Excel keeps "History" for itself
    for position, table in enumerate(tables, start=1):
        candidates = _candidates(table, shared) or [f"Table {position}"]
        name = next((name for name in candidates if name.lower() not in taken), "")
        number = 2
        while not name or name.lower() in taken:
            suffix = f" {number}"
            name = _cut(candidates[0], SHEET_NAME_LENGTH - len(suffix)) + suffix
            number += 1
        taken.add(name.lower())
        names.append(name)
    return names
