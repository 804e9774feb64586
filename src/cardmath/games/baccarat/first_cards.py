"""Rules on the first four cards themselves (rank and suit): ``Reads.FIRST_CARDS`` bets.

Only such bets resolve the first four cards card by card (52 kinds, drawn in ``prod_c ff(n_c,
k_c)`` ways from the shoe's card counts); the third cards and the unused cards stay at value
level, since the first four cards' values and the third cards' fix the deal class.  A rule must
compare cards by value (``==``, ``in``, their rank and suit), not by identity (``is``).

>>> from sympy import Rational
>>> from cardmath.games.baccarat.bets import Bet
>>> suited = Bet.define(
...     "suited",
...     lambda deal: "yes" if deal.player_first_cards[0].suit == deal.player_first_cards[1].suit else "no",
...     {"yes": 2, "no": -1},
...     reads="first_cards",
... )
>>> yes, no = first_card_counts(suited, Shoe.standard(1), DrawingRules.standard())
>>> Rational(yes, yes + no)  # the second card matches the first's suit in 12 of 51
4/17
"""

from __future__ import annotations

import functools
import itertools
import math
from typing import Any

import numpy as np
import numpy.typing as npt
from more_itertools import set_partitions

from cardmath.games.baccarat.bets import Bet
from cardmath.games.baccarat.counting import count_dtype, pads, value_counts
from cardmath.games.baccarat.reading import keys, split, traced
from cardmath.games.baccarat.rules import RANK_VALUES, Reads
from cardmath.games.baccarat.structure import first_value_multisets, structure
from cardmath.games.punto_banco import DrawingRules
from cardmath.shoe import Shoe

__all__ = ["POSITION_PARTITIONS", "first_card_counts"]

Array = npt.NDArray[Any]

_CARD_VALUES = np.array([RANK_VALUES[index // 4] for index in range(52)], dtype=np.int64)


def _moebius(block: list[int]) -> int:
    """``(-1) ** (k - 1) (k - 1)!`` for a block of ``k`` places."""
    sign = -1 if len(block) % 2 == 0 else 1
    return sign * math.factorial(len(block) - 1)


POSITION_PARTITIONS: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...] = tuple(
    (
        int(np.prod([_moebius(block) for block in partition])),
        tuple(tuple(sorted(block)) for block in partition),
    )
    for partition in set_partitions((0, 1, 2, 3))
)
"""The 15 partitions of the first four places with their Moebius weights: summed over the cards
allowed at each place, ``prod_c ff(n_c, k_c) = sum_pi mu(pi) prod_{block} n_{card of block}``
(cards equal within each block), so the ordered draws of four cards from given sets are a sum of
products over blocks of the cards allowed at every place of the block (the order of the
partitions and of their blocks does not matter)."""

_CardPart = tuple[int, Array, tuple[Array, ...]]


@functools.cache
def _card_parts(bet: Bet, drawing: DrawingRules) -> tuple[_CardPart, ...]:
    """The deals of a ``Reads.FIRST_CARDS`` bet split into parts of one outcome each.

    A deal is a row of :func:`~cardmath.games.baccarat.reading.keys` at first-value resolution (a
    class and its first four values) and a card of each of those values at each of the four
    places.  A part is ``(outcome, rows, cards)``: every row with, at each place, any card of
    ``cards[place]`` of the row's value there.  As in
    :func:`~cardmath.games.baccarat.reading.decide`, the rule is called on one deal of a part and
    the part is split by what it read (fields, and the rank or suit of each card) until every part
    agrees on all it reads.
    """
    table = keys(drawing, Reads.FIRST_VALUES)
    sequences = first_value_multisets(drawing)[0].reshape(-1, 4)
    positions = {name: i for i, name in enumerate(bet.outcomes())}
    every_card = np.arange(52, dtype=np.int64)

    def trace(rows: Array, cards: tuple[Array, ...]) -> tuple[int, frozenset[int], frozenset[int]]:
        row = int(rows[0])
        chosen = [int(c[_CARD_VALUES[c] == sequences[row, p]][0]) for p, c in enumerate(cards)]
        card_reads: set[int] = set()
        outcome, read = traced(bet, table[row].tolist(), positions, chosen, card_reads)
        return outcome, read, frozenset(card_reads)

    def card_groups(cards: Array, by_rank: bool, by_suit: bool) -> list[Array]:
        if not by_rank and not by_suit:
            return [cards]
        key = (cards // 4 if by_rank else 0) * 4 + (cards % 4 if by_suit else 0)
        return [cards[key == k] for k in np.unique(key)]

    decided: list[_CardPart] = []
    pending: list[tuple[Array, tuple[Array, ...], frozenset[int], frozenset[int]]] = [
        (np.arange(len(table)), (every_card,) * 4, frozenset(), frozenset())
    ]
    while pending:
        rows, cards, known, known_cards = pending.pop()
        outcome, read, read_cards = trace(rows, cards)
        if read <= known and read_cards <= known_cards:
            decided.append((outcome, rows, cards))
            continue
        known, known_cards = known | read, known_cards | read_cards
        row_parts = [rows]
        if known:
            ordered, bounds = split(table, rows, tuple(sorted(known)))
            row_parts = [ordered[a:b] for a, b in itertools.pairwise(bounds)]
        groups = [card_groups(cards[p], 2 * p in known_cards, 2 * p + 1 in known_cards) for p in range(4)]
        for row_part in row_parts:
            values = sequences[row_part]
            for combination in itertools.product(*groups):
                keep = np.ones(len(row_part), dtype=bool)
                for p, group in enumerate(combination):
                    if len(group) != len(cards[p]):
                        allowed = np.zeros(10, dtype=bool)
                        allowed[_CARD_VALUES[group]] = True
                        keep &= allowed[values[:, p]]
                if keep.any():
                    pending.append((row_part[keep], combination, known, known_cards))
    return tuple(decided)


@functools.cache
def _first_card_rows(drawing: DrawingRules) -> tuple[Array, Array, Array, Array, Array]:
    """For each row at first-value resolution: the multiplicity of each value among its first
    four cards ``(R, 10)``, its player and banker third cards (-1 for none), the number of cards
    dealt, and its first four values (in the order dealt) coded as ``1000 p1 + 100 b1 + 10 p2 + b2``."""
    sequences = first_value_multisets(drawing)[0].reshape(-1, 4)
    first_four = np.stack([(sequences == v).sum(axis=1) for v in range(10)], axis=1)
    columns = np.repeat(structure(drawing).class_columns, 100, axis=0)
    code: Array = sequences @ np.array([1000, 100, 10, 1], dtype=np.int64)
    return first_four, columns[:, 4], columns[:, 5], columns[:, 2] + columns[:, 3], code


@functools.cache
def _card_tables(
    bet: Bet, drawing: DrawingRules
) -> tuple[Array, Array, Array, Array, Array, tuple[int, ...]]:
    """The parts of a ``Reads.FIRST_CARDS`` bet flattened for counting: the cards allowed at each
    place of each part ``(P, 4, 52)``; the distinct (part, first four values) pairs as part and
    value code; every (row, pair) of every part, sorted by outcome, and where each outcome ends."""
    parts = _card_parts(bet, drawing)
    code = _first_card_rows(drawing)[4]
    masks = np.zeros((len(parts), 4, 52), dtype=bool)
    pair_part, pair_code, row_pair, row_index, row_outcome = [], [], [], [], []
    offset = 0
    for k, (outcome, rows, cards) in enumerate(parts):
        for place, group in enumerate(cards):
            masks[k, place, group] = True
        unique, inverse = np.unique(code[rows], return_inverse=True)
        pair_part.append(np.full(len(unique), k, dtype=np.int64))
        pair_code.append(unique)
        row_pair.append(offset + inverse.reshape(-1))
        row_index.append(rows)
        row_outcome.append(np.full(len(rows), outcome, dtype=np.int64))
        offset += len(unique)
    outcomes = np.concatenate(row_outcome)
    order = np.argsort(outcomes, kind="stable")
    positions = np.arange(len(bet.outcomes()))
    ends = tuple(int(e) for e in np.searchsorted(outcomes[order], positions, side="right"))
    return (
        masks,
        np.concatenate(pair_part),
        np.concatenate(pair_code),
        np.concatenate(row_pair)[order],
        np.concatenate(row_index)[order],
        ends,
    )


def first_card_counts(bet: Bet, shoe: Shoe, drawing: DrawingRules) -> list[int]:
    """Padded count of every outcome of a ``Reads.FIRST_CARDS`` bet, by the counting identity at
    two resolutions: the first four cards are drawn in ``prod_c ff(n_c, k_c)`` ways over the 52
    cards (:data:`POSITION_PARTITIONS` sums that over the cards of a part), the third cards of
    values ``t`` after them in ``prod_v ff(n_v - k_v, t_v)`` ways, then the unused cards.

    >>> from sympy import Rational
    >>> from cardmath.games.baccarat.bets import Bet
    >>> ace = Bet.define("ace", lambda d: "ace" if d.player_first_cards[0].rank == 14 else "other",
    ...                  {"ace": 12, "other": -1}, reads="first_cards")
    >>> counts = first_card_counts(ace, Shoe.infinite(), DrawingRules.standard())
    >>> Rational(counts[0], sum(counts))
    1/13
    """
    infinite = shoe.is_infinite
    dtype = count_dtype(shoe.size)
    n = np.array(shoe.card_counts, dtype=dtype)
    values = np.array(value_counts(shoe), dtype=dtype)
    first_four, p3, b3, dealt, _ = _first_card_rows(drawing)
    rest = pads(shoe.size, infinite, dtype)[dealt]
    row = np.arange(len(p3))
    player_left = values[np.maximum(p3, 0)] - (0 if infinite else first_four[row, np.maximum(p3, 0)])
    banker_left = values[np.maximum(b3, 0)] - (
        0 if infinite else first_four[row, np.maximum(b3, 0)] + (p3 == b3)
    )
    rest = rest * np.where(p3 >= 0, np.maximum(player_left, 0), 1).astype(dtype)
    rest = rest * np.where(b3 >= 0, np.maximum(banker_left, 0), 1).astype(dtype)
    masks, pair_part, pair_code, row_pair, row_index, ends = _card_tables(bet, drawing)
    first = np.stack([pair_code // 1000, pair_code // 100 % 10, pair_code // 10 % 10, pair_code % 10], axis=1)
    by_value = np.zeros((52, 10), dtype=dtype)
    by_value[np.arange(52), _CARD_VALUES] = n
    # For each block of places: the cards of its value allowed at all of them, for each pair.
    blocks: dict[tuple[int, ...], Array] = {}
    # An infinite shoe draws with replacement: ``n_c ** k_c``, the partition into single places.
    partitions = tuple(p for p in POSITION_PARTITIONS if len(p[1]) == 4 or not infinite)
    ways = np.zeros(len(pair_code), dtype=dtype)
    for weight, partition in partitions:
        term = np.full(len(pair_code), weight, dtype=dtype)
        for block in partition:
            if block not in blocks:
                common = np.logical_and.reduce([masks[:, p, :] for p in block]).astype(dtype)
                allowed = (common @ by_value)[pair_part, first[:, block[0]]]
                same = np.logical_and.reduce([first[:, p] == first[:, block[0]] for p in block])
                blocks[block] = np.where(same, allowed, 0).astype(dtype)
            term = term * blocks[block]
        ways = ways + term
    each = ways[row_pair] * rest[row_index]
    return [int(each[a:b].sum()) for a, b in itertools.pairwise((0, *ends))]
