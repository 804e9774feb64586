"""Tracing what a bet's rule reads, so it is called once per set of deals it cannot tell apart.

A rule is a plain function of a :class:`~cardmath.games.baccarat.deal.Deal`.  The engine hands
it a deal that records which fields (and which properties, such as ``winner``) it reads, and
which ranks and suits of the first cards; every deal that agrees on those has the same outcome,
so a rule on the winner alone is called three times, not once per deal class.

>>> from cardmath.games.baccarat.bets import built_in_bets
>>> tie = built_in_bets()["tie"]
>>> outcomes = outcome_index(tie, DrawingRules.standard())
>>> outcomes.shape, sorted(set(outcomes.tolist()))
((3394,), [0, 1])
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.cards import Card
from cardmath.errors import OptionError
from cardmath.games.baccarat.bets import Bet
from cardmath.games.baccarat.counting import FIRST_TWO
from cardmath.games.baccarat.deal import Deal
from cardmath.games.baccarat.rules import Reads
from cardmath.games.baccarat.structure import first_value_multisets, structure
from cardmath.games.punto_banco import DrawingRules

__all__ = ["RecordingCard", "decide", "keys", "outcome_index", "rows", "split", "traced"]

Array = npt.NDArray[Any]

_CARD_FIELDS: tuple[str, ...] = ("player_first_cards", "banker_first_cards")
"""Fields of :class:`Deal` holding cards: a rule's reads of them are recorded by the cards."""

_DEAL_FIELDS: tuple[str, ...] = tuple(
    field.name for field in dataclasses.fields(Deal) if field.name not in _CARD_FIELDS
)

_DERIVED: tuple[str, ...] = ("winner", "player_natural", "banker_natural", "natural", "margin", "cards_dealt")
"""Properties of :class:`Deal` that take few values: a rule reading one of them is told apart
only by its value, not by the fields it is computed from."""

_TWO_COLUMNS = frozenset({"player_first_values", "banker_first_values"})

_COLUMNS: dict[str, tuple[int, ...]] = {}
for _name in _DEAL_FIELDS + _DERIVED:
    _start = sum(len(columns) for columns in _COLUMNS.values())
    _COLUMNS[_name] = (_start, _start + 1) if _name in _TWO_COLUMNS else (_start,)
"""The columns of each field and property of :class:`Deal` in :func:`keys`."""

_WHOLE_DEAL = frozenset({"__dict__", "__getstate__", "__reduce__", "__reduce_ex__"})
"""Names through which a rule could read every field at once."""


@functools.cache
def rows(drawing: DrawingRules, reads: Reads) -> Array:
    """Every deal class (``Reads.DEAL``), every (class, player match, banker match)
    (``Reads.FIRST_TWO``) or every (class, first four values) (``Reads.FIRST_VALUES``), coded as
    a row with one column per field of :class:`Deal` (-1 for ``None``; the first values take two
    columns each), as small integers (int8: fields stay below 10, and fewer bytes are faster to
    build and sort).

    >>> rows(DrawingRules.standard(), Reads.FIRST_TWO).shape
    (30546, 12)
    """
    columns = structure(drawing).class_columns.astype(np.int8)
    if reads is Reads.DEAL:
        return np.hstack([columns, np.full((len(columns), 6), -1, dtype=np.int8)])
    if reads is Reads.FIRST_TWO:
        matches = np.stack([axis.reshape(-1) for axis in np.indices((3, 3), dtype=np.int8)], axis=1)
        return np.hstack(
            [
                np.repeat(columns, 9, axis=0),
                np.tile(matches, (len(columns), 1)),
                np.full((9 * len(columns), 4), -1, dtype=np.int8),
            ]
        )
    values = first_value_multisets(drawing)[0].reshape(-1, 4).astype(np.int8)
    return np.hstack(
        [
            np.repeat(columns, 100, axis=0),
            np.full((len(values), 2), -1, dtype=np.int8),
            values[:, [0, 2, 1, 3]],
        ]
    )


@functools.cache
def keys(drawing: DrawingRules, reads: Reads) -> Array:
    """The rows of :func:`rows` with a column for each derived property of :class:`Deal`
    (winner, naturals, margin, cards dealt) appended.

    >>> keys(DrawingRules.standard(), Reads.DEAL).shape
    (3394, 18)
    """
    table = rows(drawing, reads)
    player, banker, player_cards, banker_cards = table[:, :4].T
    player_natural = (player_cards == 2) & (player >= 8)
    banker_natural = (banker_cards == 2) & (banker >= 8)
    winner = np.where(player > banker, 0, np.where(banker > player, 1, 2))
    derived = (
        winner,
        player_natural,
        banker_natural,
        player_natural | banker_natural,
        np.abs(player - banker),
        player_cards + banker_cards,
    )
    return np.hstack([table, np.stack(derived, axis=1).astype(np.int8)])


class _RecordingDeal(Deal):
    """A deal that records what a rule reads: the fields and the derived properties it asks for
    (a property is recorded as itself, not as the fields it reads in turn)."""

    def __getattribute__(self, name: str) -> Any:
        if name in _COLUMNS or name in _WHOLE_DEAL:
            inside: list[int] = object.__getattribute__(self, "_inside")
            if not inside[0]:
                read: set[str] = object.__getattribute__(self, "_read")
                read.update(_DEAL_FIELDS if name in _WHOLE_DEAL else (name,))
                if name in _WHOLE_DEAL:
                    object.__getattribute__(self, "_read_cards").update(range(8))
            if name in _DERIVED:
                inside[0] += 1
                try:
                    return object.__getattribute__(self, name)
                finally:
                    inside[0] -= 1
        return object.__getattribute__(self, name)


class RecordingCard(Card):
    """A card of the first four that records what a rule reads of it: its rank (column ``2 p``)
    or its suit (``2 p + 1``), ``p`` its place in the order dealt.  Anything read through both (the
    index, the text, equality, hashing, ordering) records both.  It equals and hashes as the
    plain card of the same rank and suit.

    >>> reads: set[int] = set()
    >>> card = RecordingCard.make(Card.parse("Kh").index, 2, reads)
    >>> card.suit.symbol, sorted(reads), card == Card.parse("Kh")
    ('h', [5], True)
    """

    @classmethod
    def make(cls, index: int, position: int, reads: set[int]) -> RecordingCard:
        """The card of ``index`` at ``position`` (0 to 3) of the first four, recording into ``reads``.

        >>> RecordingCard.make(0, 0, set()).rank
        Rank.TWO
        """
        plain = Card.from_index(index)
        card = object.__new__(cls)
        object.__setattr__(card, "rank", plain.rank)
        object.__setattr__(card, "suit", plain.suit)
        object.__setattr__(card, "_position", position)
        object.__setattr__(card, "_reads", reads)
        return card

    def __getattribute__(self, name: str) -> Any:
        if name in ("rank", "suit", "__dict__", "__getstate__", "__reduce__", "__reduce_ex__"):
            position: int = object.__getattribute__(self, "_position")
            reads: set[int] = object.__getattribute__(self, "_reads")
            if name == "rank":
                reads.add(2 * position)
            elif name == "suit":
                reads.add(2 * position + 1)
            else:
                reads.update((2 * position, 2 * position + 1))
        return object.__getattribute__(self, name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) == (other.rank, other.suit)

    def __hash__(self) -> int:
        return hash((self.rank, self.suit))


def traced(
    bet: Bet,
    row: Sequence[int],
    positions: Mapping[str, int],
    cards: Sequence[int] | None = None,
    card_reads: set[int] | None = None,
) -> tuple[int, frozenset[int]]:
    """The outcome of a bet for the deal coded by ``row`` (a row of :func:`keys`), and the columns
    its rule read.

    With ``cards`` (the indices of the first four cards, in the order dealt) the deal holds them
    as cards, and what the rule reads of them is added to ``card_reads`` (:class:`RecordingCard`).

    >>> from cardmath.games.baccarat.bets import built_in_bets
    >>> row = keys(DrawingRules.standard(), Reads.DEAL)[0].tolist()
    >>> traced(built_in_bets()["tie"], row, {"tie": 0, "no tie": 1})
    (0, frozenset({12}))
    """
    card_fields: dict[str, Any] = {}
    if cards is not None:
        reads = card_reads if card_reads is not None else set()
        dealt = [RecordingCard.make(index, position, reads) for position, index in enumerate(cards)]
        card_fields = {"player_first_cards": (dealt[0], dealt[2]), "banker_first_cards": (dealt[1], dealt[3])}
    player_total, banker_total, player_cards, banker_cards, player_third, banker_third = row[:6]
    player_match, banker_match = (None if x < 0 else FIRST_TWO[x] for x in row[6:8])
    player_values = None if row[8] < 0 else (row[8], row[9])
    banker_values = None if row[10] < 0 else (row[10], row[11])
    deal = _RecordingDeal(
        player_total,
        banker_total,
        player_cards,
        banker_cards,
        None if player_third < 0 else player_third,
        None if banker_third < 0 else banker_third,
        player_match,
        banker_match,
        player_values,
        banker_values,
        **card_fields,
    )
    read: set[str] = set()
    object.__setattr__(deal, "_read", read)
    object.__setattr__(deal, "_inside", [0])
    object.__setattr__(deal, "_read_cards", card_reads if card_reads is not None else set())
    name = bet.rule(deal)
    if name not in positions:
        raise OptionError(
            f"the rule of bet {bet.name!r} gave outcome {name!r}, which is not in its pay table "
            f"({', '.join(bet.outcomes())})"
        )
    return positions[name], frozenset(column for field in read for column in _COLUMNS[field])


def split(table: Array, members: Array, columns: tuple[int, ...]) -> tuple[Array, list[int]]:
    """``members`` (rows of ``table``) stably ordered by their values in ``columns``, and where
    each value starts.

    >>> ordered, bounds = split(np.array([[1], [0], [1]]), np.arange(3), (0,))
    >>> ordered.tolist(), bounds
    ([1, 0, 2], [0, 1, 3])
    """
    values = table[np.ix_(members, np.array(columns, dtype=np.int64))]
    order = np.lexsort(values.T[::-1])
    changes = np.flatnonzero((np.diff(values[order], axis=0) != 0).any(axis=1)) + 1
    return members[order], [0, *changes.tolist(), len(members)]


@functools.cache
def _split_all(drawing: DrawingRules, reads: Reads, columns: tuple[int, ...]) -> tuple[Array, list[int]]:
    """:func:`split` of every row, shared by the bets (most first read the same fields)."""
    table = keys(drawing, reads)
    return split(table, np.arange(len(table)), columns)


def decide(bet: Bet, drawing: DrawingRules, reads: Reads) -> Array:
    """The outcome (index into ``bet.pays``) of a bet for every row of :func:`keys`.

    The rule is called once for each set of deals it cannot tell apart, not once per deal: it is
    called on one deal of a set and what it read is recorded (fields, or properties such as
    ``winner``); every deal that agrees with it on those is handed the same values, so has the
    same outcome (a rule is a function of the deal), and the set is split by them, each part
    decided the same way.  A rule on the winner alone is called three times.

    >>> from cardmath.games.baccarat.bets import built_in_bets
    >>> player = decide(built_in_bets()["player"], DrawingRules.standard(), Reads.DEAL)
    >>> [int((player == o).sum()) for o in range(3)]  # deal classes won, lost, tied
    [1576, 1477, 341]
    """
    table = keys(drawing, reads)
    positions = {name: i for i, name in enumerate(bet.outcomes())}
    decided: list[Array] = []
    outcomes: list[int] = []
    # Sets of deals that agree on the columns ``known``, each with the traced outcome of its first.
    pending = [(np.arange(len(table)), frozenset[int](), traced(bet, table[0].tolist(), positions))]
    while pending:
        members, known, outcome = pending.pop()
        if outcome[1] <= known:
            decided.append(members)
            outcomes.append(outcome[0])
            continue
        known = known | outcome[1]
        columns = tuple(sorted(known))
        if len(members) == len(table):
            ordered, bounds = _split_all(drawing, reads, columns)
        else:
            ordered, bounds = split(table, members, columns)
        for start, stop in itertools.pairwise(bounds):
            part = ordered[start:stop]
            # A stable sort keeps the traced deal first in its part.
            again = outcome if part[0] == members[0] else traced(bet, table[part[0]].tolist(), positions)
            pending.append((part, known, again))
    result = np.empty(len(table), dtype=np.int64)
    result[np.concatenate(decided)] = np.repeat(outcomes, [len(part) for part in decided])
    return result


@functools.cache
def outcome_index(bet: Bet, drawing: DrawingRules) -> Array:
    """The outcome (index into ``bet.pays``) of every deal class, of every (class, match, match)
    ``(C, 3, 3)`` or of every (class, first four values) ``(C, 100)``, as the bet reads.

    >>> from cardmath.games.baccarat.bets import built_in_bets
    >>> outcome_index(built_in_bets()["player_pair"], DrawingRules.standard()).shape
    (3394, 3, 3)
    """
    reads = Reads.FIRST_VALUES if bet.reads is Reads.FIRST_CARDS else bet.reads
    outcome = decide(bet, drawing, reads)
    if reads is Reads.FIRST_TWO:
        return outcome.reshape(-1, 3, 3)
    return outcome.reshape(-1, 100) if reads is Reads.FIRST_VALUES else outcome
