"""What a player knows about a deal before the bet is settled, as data.

A fact is about one *position* of the deal (baccarat's ``P1``, ``B1``, ``P2``, ``B2``, ``P3``,
``B3``; Dragon Tiger's ``dragon`` and ``tiger``): the card there is one of a set of *categories*
(baccarat's values ``0`` to ``9``; the ranks ``2`` to ``A`` elsewhere).  A single category is an
exact card ("P1 is a 7"); several are a group ("P1 is one of 6, 7, 8, 9": what a sorted back
shows).  A :class:`Grouping` sorts every category into groups, as an edge sorter sorts the cards.

Categories are written one character each: ``0``..``9`` for baccarat (a rank symbol is read as its
value: ``A`` is 1, ``T``, ``J``, ``Q``, ``K`` are 0), and ``2``..``9``, ``T``, ``J``, ``Q``, ``K``,
``A`` for games that read ranks.

>>> values = tuple("0123456789")
>>> sort = read_grouping("6789", values)
>>> sort.names, sort.group_of(7), sort.group_of(0)
(('6789', '012345'), 0, 1)
>>> read_given("P1=7,B1=K", ("P1", "B1", "P2"), values)
{'P1': frozenset({7}), 'B1': frozenset({0})}
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from cardmath.errors import KnowledgeError

__all__ = ["Grouping", "category_index", "every_grouping", "read_categories", "read_given", "read_grouping"]

_RANK_VALUES = {"A": "1", "T": "0", "J": "0", "Q": "0", "K": "0"}
"""A rank symbol read where the categories are baccarat values."""


def category_index(symbol: str, categories: Sequence[str]) -> int:
    """The index of one category written as its symbol (a rank symbol where the categories are
    values is read as its value; ``10`` as ``T``).

    Args:
        symbol: One category, such as ``"7"``, ``"K"`` or ``"0"``.
        categories: The game's categories, in order.

    Returns:
        The category's index in ``categories``.

    Raises:
        KnowledgeError: When the symbol is no category of the game.

    >>> category_index("K", tuple("0123456789")), category_index("T", tuple("23456789TJQKA"))
    (0, 8)
    """
    text = symbol.strip().upper()
    text = "T" if text == "10" else text
    if text not in categories and text in _RANK_VALUES and _RANK_VALUES[text] in categories:
        text = _RANK_VALUES[text]
    if text not in categories:
        raise KnowledgeError(f"{symbol!r} is not a card of this game: write one of {' '.join(categories)}")
    return categories.index(text)


def read_categories(text: str, categories: Sequence[str]) -> frozenset[int]:
    """A set of categories written as their symbols side by side (``"6789"``, ``"TJQK"``).

    Args:
        text: The symbols, one character each (``10`` is read as ten); spaces and commas ignored.
        categories: The game's categories, in order.

    Returns:
        The indices of the categories named.

    Raises:
        KnowledgeError: When a symbol is no category, or nothing is named.

    >>> sorted(read_categories("6789", tuple("0123456789")))
    [6, 7, 8, 9]
    """
    symbols = [symbol for symbol in text.replace("10", "T") if symbol not in " ,"]
    if not symbols:
        raise KnowledgeError(f"name at least one card of {' '.join(categories)}")
    return frozenset(category_index(symbol, categories) for symbol in symbols)


@dataclass(frozen=True)
class Grouping:
    """Every category of a game sorted into two or more groups: what a sorted back, a marked
    card or a glimpse tells apart.

    Args:
        groups: The groups, each a set of category indices; together they hold every category once.
        categories: The game's categories, in order (the names of the indices).

    >>> Grouping((frozenset({6, 7, 8, 9}), frozenset(range(6))), tuple("0123456789")).names
    ('6789', '012345')
    """

    groups: tuple[frozenset[int], ...]
    categories: tuple[str, ...]

    def __post_init__(self) -> None:
        every = [category for group in self.groups for category in group]
        if any(not group for group in self.groups):
            raise KnowledgeError("a group must hold at least one card")
        if len(self.groups) < 2:
            raise KnowledgeError(
                f"a sort needs two groups or more: a group holding every card ({''.join(self.categories)}) "
                "tells nothing"
            )
        if sorted(every) != list(range(len(self.categories))):
            raise KnowledgeError(f"the groups must hold every card of {' '.join(self.categories)} once each")

    @property
    def names(self) -> tuple[str, ...]:
        """Each group written as its categories' symbols, in the game's order."""
        return tuple("".join(self.categories[i] for i in sorted(group)) for group in self.groups)

    def group_of(self, category: int) -> int:
        """The group a category is in.

        Args:
            category: A category index.

        Returns:
            The index of its group in :attr:`groups`.
        """
        return next(index for index, group in enumerate(self.groups) if category in group)

    def describe(self) -> str:
        """The groups in words.

        Returns:
            Each group's symbols, the groups separated by ``" / "``, such as ``"6789 / 012345"``.
        """
        return " / ".join(self.names)


def read_grouping(text: str, categories: Sequence[str]) -> Grouping:
    """A sort written as groups separated by ``/``; the last group may be left out (it is every
    category not named).

    Args:
        text: Such as ``"6789"`` (6 to 9 against the rest) or ``"6789/A2345/TJQK"``.
        categories: The game's categories, in order.

    Returns:
        The grouping.

    Raises:
        KnowledgeError: For a symbol that is no category, a category in two groups, an empty
            group, or a single group holding every category.

    >>> read_grouping("6789/12345", tuple("0123456789")).names
    ('6789', '12345', '0')
    """
    names = tuple(categories)
    groups = [read_categories(part, names) for part in text.split("/")]
    for first, second in itertools.combinations(groups, 2):
        if first & second:
            both = "".join(names[i] for i in sorted(first & second))
            raise KnowledgeError(f"{both} is in two groups of {text!r}: put each card in one group")
    rest = frozenset(range(len(names))) - frozenset().union(*groups)
    if rest:
        groups.append(rest)
    return Grouping(tuple(groups), names)


def every_grouping(categories: Sequence[str], groups: int) -> Iterator[Grouping]:
    """Every way to sort the categories into exactly ``groups`` non-empty groups, each once (the
    order of the groups does not matter): ``2 ** (n - 1) - 1`` ways for two groups.

    Args:
        categories: The game's categories, in order.
        groups: The number of groups, 2 or more.

    Yields:
        Each grouping once, the group holding the first category first.

    >>> sum(1 for _ in every_grouping(tuple("0123456789"), 2))
    511
    """
    count = len(categories)
    names = tuple(categories)

    def assign(index: int, labels: list[int], used: int) -> Iterator[list[int]]:
        if index == count:
            if used == groups:
                yield labels
            return
        for label in range(min(used + 1, groups)):
            yield from assign(index + 1, [*labels, label], max(used, label + 1))

    for labels in assign(0, [], 0):
        yield Grouping(
            tuple(frozenset(i for i, label in enumerate(labels) if label == g) for g in range(groups)), names
        )


def read_given(text: str, positions: Sequence[str], categories: Sequence[str]) -> dict[str, frozenset[int]]:
    """Facts written as ``POSITION=CARDS`` separated by commas: ``P1=7,B1=K`` (exact cards) or
    ``P1=6789`` (a group).

    Args:
        text: The facts.
        positions: The game's positions.
        categories: The game's categories, in order.

    Returns:
        By position, the categories its card may be.

    Raises:
        KnowledgeError: For a position the game does not have, a position given twice, a fact
            without ``=``, a symbol that is no category, or a fact naming every category.

    >>> sorted(read_given("B1=6789", ("P1", "B1"), tuple("0123456789"))["B1"])
    [6, 7, 8, 9]
    """
    given: dict[str, frozenset[int]] = {}
    written: dict[str, str] = {}
    for part in (piece.strip() for piece in text.split(",")):
        if not part:
            continue
        position, sign, cards = part.partition("=")
        position = position.strip()
        if not sign:
            raise KnowledgeError(f"cannot read {part!r}: write POSITION=CARDS, such as {positions[0]}=7")
        match = {name.lower(): name for name in positions}.get(position.lower())
        if match is None:
            raise KnowledgeError(
                f"this game has no position {position!r}: its positions are {', '.join(positions)}"
            )
        found = read_categories(cards, categories)
        if len(found) == len(categories):
            raise KnowledgeError(
                f"{part!r} names every card ({''.join(categories)}): it tells nothing, leave it out"
            )
        if match in given:
            raise KnowledgeError(
                f"{match} is given twice, as {written[match]} and as {cards.strip()}: give each position once"
            )
        given[match] = found
        written[match] = cards.strip()
    if not given:
        raise KnowledgeError(f"give at least one fact, such as {positions[0]}=7")
    return given
