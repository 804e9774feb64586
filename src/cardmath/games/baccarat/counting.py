"""Counting one shoe: every deal class, and every class by how the first two cards match.

By the counting identity of :mod:`cardmath.enumeration`, a value sequence is drawn in
``prod ff(n_v, m_v)`` ways, padded with the unused cards to the published denominator
``ff(N, 6)``.  Pairs refine that count exactly: the first two cards of a hand are a pair of one
rank in ``sum_r ff(n_r, 2)`` of the ``ff(n_v, 2)`` ways to draw two cards of value ``v``,
identical cards in ``sum_c ff(n_c, 2)``.

>>> value_counts(Shoe.standard(1))
(16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
>>> counts = evaluate(Shoe.standard(1), DrawingRules.standard(), first_two=False)
>>> counts.total == int(counts.by_class.sum()) == 52 * 51 * 50 * 49 * 48 * 47
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.enumeration import falling_factorial
from cardmath.games.baccarat.rules import CARDS_PER_DEAL, RANK_VALUES, FirstTwo
from cardmath.games.baccarat.structure import Structure, structure
from cardmath.games.punto_banco import DrawingRules
from cardmath.shoe import Shoe

__all__ = [
    "PAIR_SLOTS",
    "ShoeCounts",
    "evaluate",
    "match_counts",
    "multiset_weights",
    "pair_slots",
    "value_counts",
]

Array = npt.NDArray[Any]

FIRST_TWO: tuple[FirstTwo, ...] = (FirstTwo.UNPAIRED, FirstTwo.PAIR, FirstTwo.IDENTICAL)
"""The matches of a hand's first two cards, in the order of the count arrays' axes."""

_INT64_LIMIT = 2**62
"""Counts stay in numpy int64 while ``N ** 6`` (a bound on every partial count) is below this."""


def value_counts(shoe: Shoe) -> tuple[int, ...]:
    """Cards of each baccarat value 0..9 in the shoe.

    >>> value_counts(Shoe.standard(2).without("Ks,Kh,As"))
    (30, 7, 8, 8, 8, 8, 8, 8, 8, 8)
    """
    counts = [0] * 10
    for index, n in enumerate(shoe.rank_counts()):
        counts[RANK_VALUES[index]] += n
    return tuple(counts)


def draws(n: int, m: int, infinite: bool) -> int:
    """Ordered ways to draw ``m`` cards of a kind holding ``n`` (a power if the shoe is infinite)."""
    if m < 0:
        return 0
    return n**m if infinite else falling_factorial(n, m)


def count_dtype(size: int) -> Any:
    """int64 when every partial count (at most ``size ** 6``) fits, else exact Python ints."""
    return np.int64 if size**CARDS_PER_DEAL < _INT64_LIMIT else object


def draw_table(values: Sequence[int], infinite: bool, dtype: Any) -> Array:
    """``table[u, m]``: ways to draw ``m`` cards of value ``u``."""
    return np.array([[draws(n, m, infinite) for m in range(CARDS_PER_DEAL + 1)] for n in values], dtype=dtype)


def pads(size: int, infinite: bool, dtype: Any) -> Array:
    """``pads[k]``: ways to deal the unused cards after a deal of ``k`` cards."""
    return np.array(
        [
            draws(size if infinite else size - k, CARDS_PER_DEAL - k, infinite)
            for k in range(CARDS_PER_DEAL + 1)
        ],
        dtype=dtype,
    )


@functools.cache
def _weight_factors(drawing: DrawingRules) -> tuple[Array, Array]:
    """Where each value multiset's factors sit in a shoe's row of factors (``table.ravel()``, then
    the pads: ``ff(n_u, m)`` at ``7 u + m``, the pad after ``k`` cards at ``70 + k``): its pad, then
    ``ff(n_u, m_u)`` for each value it holds; and where each multiset's factors start."""
    tables = structure(drawing)
    multisets = tables.multisets
    held = multisets > 0
    lengths = held.sum(axis=1) + 1
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    index = np.empty(int(lengths.sum()), dtype=np.intp)
    index[starts] = 10 * (CARDS_PER_DEAL + 1) + tables.multiset_sizes
    rows, values = np.nonzero(held)  # row by row, so each multiset's values follow its pad
    others = np.ones(len(index), dtype=bool)
    others[starts] = False
    index[others] = (CARDS_PER_DEAL + 1) * values + multisets[rows, values]
    return index, starts


def multiset_weights(drawing: DrawingRules, table: Array, padding: Array) -> Array:
    """Ways to deal each value multiset, padded to six cards: the product of its factors (only
    those of the values it holds), one ``multiply.reduceat`` over the gathered factors.

    >>> drawing, one_deck = DrawingRules.standard(), value_counts(Shoe.standard(1))
    >>> weights = multiset_weights(drawing, draw_table(one_deck, False, object), pads(52, False, object))
    >>> natural = (structure(drawing).multisets == [3, 0, 0, 0, 0, 0, 0, 0, 0, 1]).all(axis=1)
    >>> weights[natural].tolist() == [16 * 15 * 14 * 4 * 48 * 47]  # three tens, a nine, two unused
    True
    """
    index, starts = _weight_factors(drawing)
    factors = np.concatenate([table.ravel(), padding])
    weights: Array = np.multiply.reduceat(factors[index], starts)
    return weights


_RANK_VALUE = np.array(RANK_VALUES, dtype=np.intp)
_CARD_RANK = np.repeat(np.arange(13), 4)


def _by_value(counts: Array, values: Array) -> Array:
    """Sums of ``counts`` by the value of each entry (exact in any dtype)."""
    sums = np.zeros(10, dtype=counts.dtype)
    np.add.at(sums, values, counts)
    return sums


def _pair_sums(shoe: Shoe, infinite: bool, dtype: Any = object) -> dict[str, Array]:
    """Per value: ways to draw a pair of one rank / identical cards, and both hands' pairs alike
    (``R``, ``I``; ``RR``, ``II``; ``IR``: one hand identical cards, the other a pair of one rank
    drawn after them), as arrays of ``dtype``.  Whole-array sums over the ranks and the cards:
    the ordered pairs of distinct ranks are the square less the diagonal."""
    ranks = np.array(shoe.rank_counts(), dtype=dtype)
    cards = np.array(shoe.card_counts, dtype=dtype)

    def ff2(n: Array) -> Array:
        return n * n if infinite else n * (n - 1)

    def ff4(n: Array) -> Array:
        return n * n * n * n if infinite else n * (n - 1) * (n - 2) * (n - 3)

    rank_pairs, card_pairs = ff2(ranks), ff2(cards)
    card_values = _RANK_VALUE[_CARD_RANK]
    same_rank = _by_value(rank_pairs, _RANK_VALUE)
    identical = _by_value(card_pairs, card_values)
    # One hand identical cards x, x; the other a pair of one rank drawn after them (two fewer of x's rank).
    after = same_rank[_RANK_VALUE] - (0 if infinite else rank_pairs - ff2(ranks - 2))
    return {
        "R": same_rank,
        "I": identical,
        "RR": same_rank * same_rank - _by_value(rank_pairs * rank_pairs - ff4(ranks), _RANK_VALUE),
        "II": identical * identical - _by_value(card_pairs * card_pairs - ff4(cards), card_values),
        "IR": _by_value(card_pairs * after[_CARD_RANK], card_values),
    }


@dataclass(frozen=True)
class ShoeCounts:
    """The counts of one shoe under one set of drawing rules: the padded ways to deal each value
    multiset, each deal class, and (when asked) each class by both hands' first-two matches
    ``(C, 3, 3)``, in the order of :data:`FIRST_TWO`.

    >>> counts = evaluate(Shoe.infinite(), DrawingRules.standard(), first_two=True)
    >>> counts.infinite, counts.by_class_first_two.shape
    (True, (3394, 3, 3))
    """

    total: int
    infinite: bool
    weights: Array  # (Q,) padded ways to deal each value multiset
    by_class: Array  # (C,)
    by_class_first_two: Array | None  # (C, 3, 3)
    shoe: Shoe
    drawing: DrawingRules


def evaluate(shoe: Shoe, drawing: DrawingRules, first_two: bool) -> ShoeCounts:
    """Count every deal class of a shoe (and its first-two-card matches when asked).

    >>> counts = evaluate(Shoe.standard(8), DrawingRules.standard(), first_two=False)
    >>> counts.total
    4998398275503360
    """
    tables = structure(drawing)
    infinite = shoe.is_infinite
    size = shoe.size
    dtype = count_dtype(size)
    values = value_counts(shoe)
    table = draw_table(values, infinite, dtype)
    plain = multiset_weights(drawing, table, pads(size, infinite, dtype))
    per_entry = tables.value_entry_sequences.astype(dtype) * plain[tables.value_entry_multiset]
    by_class = np.add.reduceat(per_entry, tables.value_class_starts)
    total = draws(size, CARDS_PER_DEAL, infinite)
    if not first_two:
        return ShoeCounts(total, infinite, plain, by_class, None, shoe, drawing)
    by_class_first_two = _first_two_counts(shoe, tables, table, plain, by_class)
    return ShoeCounts(total, infinite, plain, by_class, by_class_first_two, shoe, drawing)


PAIR_SLOTS = 130
"""Slots of :func:`pair_slots`: which hands' first two cards match in value, and the values."""


def pair_slots(pair_values: Array) -> Array:
    """The slot of each ``(player, banker)`` matched value (-1: no match) in the aggregates of
    :func:`match_counts`: the player's value ``v`` alone at ``v``, the banker's ``w`` alone at
    ``10 + w``, both at ``20 + 10 v + w`` (``v != w``), both of one value ``v`` at ``120 + v``.

    >>> pair_slots(np.array([[3, -1], [-1, 3], [3, 4], [3, 3]])).tolist()
    [3, 13, 54, 123]
    """
    player, banker = pair_values[..., 0], pair_values[..., 1]
    both = np.where(player == banker, 120 + player, 20 + 10 * player + banker)
    slots: Array = np.where(banker < 0, player, np.where(player < 0, 10 + banker, both))
    return slots


def match_counts(shoe: Shoe, aggregates: Array, plain: Array) -> Array:
    """Deals by both hands' first-two matches ``(G, 3, 3)`` (in the order of :data:`FIRST_TWO`)
    for groups of deal classes, from two per-group sums of padded ways (any dtype; integers):

    - ``plain[g]``: every deal of the group, counted at value level;
    - ``aggregates[g, slot]``: the deals of the group whose first two cards match in value, by
      :func:`pair_slots` (a sum of ``sequences x ways`` over the group's extended multisets).

    As in :func:`_first_two_counts`, the deals with a hand's first two of value ``v`` of one rank
    (identical cards) are ``R[v] / ff(n_v, 2)`` (``I[v] / ff(n_v, 2)``) of them, both hands' by
    the joint sums, and inclusion-exclusion gives each exact match.  Every way in a slot holds
    ``ff(n_v, 2)`` (``ff(n_v, 4)`` when both hands' are of value ``v``) as a factor, so the
    divisions are exact on the sums, and every level is a count of deals: no partial result
    exceeds the number of deals, so int64 is exact wherever the plain counts are.

    One group of every deal of one deck: the player's first two cards are a pair in 3 of 51.

    >>> shoe, tables = Shoe.standard(1), structure(DrawingRules.standard())
    >>> plain = multiset_weights(
    ...     DrawingRules.standard(), draw_table(value_counts(shoe), False, object), pads(52, False, object)
    ... )
    >>> aggregates = np.zeros((1, PAIR_SLOTS), dtype=object)
    >>> ways = tables.entry_sequences * plain[tables.extended_multiset[tables.entry_extended]]
    >>> np.add.at(aggregates[0], pair_slots(tables.pair_values)[tables.entry_extended], ways)
    >>> every = (tables.value_entry_sequences * plain[tables.value_entry_multiset]).sum()
    >>> counts = match_counts(shoe, aggregates, np.array([every], dtype=object))
    >>> counts.sum() == every == 52 * 51 * 50 * 49 * 48 * 47, counts[0, 1].sum() * 17 == every
    (True, True)
    """
    dtype = aggregates.dtype
    infinite = shoe.is_infinite
    values = np.array(value_counts(shoe), dtype=dtype)
    two = values * values if infinite else values * (values - 1)
    four = two * two if infinite else two * (values - 2) * (values - 3)
    two = np.where(two == 0, 1, two).astype(dtype)
    four = np.where(four == 0, 1, four).astype(dtype)
    sums = _pair_sums(shoe, infinite, dtype)
    alone_player, alone_banker = aggregates[:, :10], aggregates[:, 10:20]
    apart = aggregates[:, 20:120].reshape(-1, 10, 10)
    same = aggregates[:, 120:]
    # Ways with the player's (banker's) first two cards of value v left out of the count.
    player = (alone_player + apart.sum(axis=2) + same) // two
    banker = (alone_banker + apart.sum(axis=1) + same) // two
    both = apart // (two[:, None] * two[None, :])
    both_same = same // four

    def joint(a: str, b: str) -> Array:
        apart_part = ((both * sums[a][:, None]) * sums[b][None, :]).sum(axis=(1, 2))
        together: Array = apart_part + both_same @ sums["II" if a == b == "I" else "RR" if a == b else "IR"]
        return together

    zero = np.zeros(len(aggregates), dtype=dtype)
    level: dict[tuple[str, str | None], Array] = {
        ("A", "A"): aggregates.sum(axis=1),
        ("R", "A"): player @ sums["R"],
        ("I", "A"): player @ sums["I"],
        ("A", "R"): banker @ sums["R"],
        ("A", "I"): banker @ sums["I"],
    }
    for a in ("R", "I"):
        for b in ("R", "I"):
            level[a, b] = joint(a, b)
    bounds = {FirstTwo.UNPAIRED: ("A", "R"), FirstTwo.PAIR: ("R", "I"), FirstTwo.IDENTICAL: ("I", None)}

    def at(a: str | None, b: str | None) -> Array:
        return zero if a is None or b is None else level[a, b]

    counts = np.empty((len(aggregates), 3, 3), dtype=dtype)
    for i, player_match in enumerate(FIRST_TWO):
        ph, pl = bounds[player_match]
        for j, banker_match in enumerate(FIRST_TWO):
            bh, bl = bounds[banker_match]
            counts[:, i, j] = at(ph, bh) - at(pl, bh) - at(ph, bl) + at(pl, bl)
    # The deals with no matched value at all are unpaired for both hands.
    counts[:, 0, 0] += plain - level["A", "A"]
    return counts


def _first_two_counts(shoe: Shoe, tables: Structure, table: Array, plain: Array, by_class: Array) -> Array:
    """Each deal class by both hands' first-two matches ``(C, 3, 3)``.

    Cumulative counts C[a][b] (a, b in any / same rank / identical) for each extended multiset.
    Removing a hand's first two cards of value v divides a multiset's ways by ff(n_v, 2) (by
    ff(n_v, 4) for both hands' of one value): ff(n, m) = ff(n, 2) ff(n - 2, m - 2), a power in an
    infinite shoe.  A zero divisor means no such pair, whose count the pair sums make zero.
    """
    dtype = plain.dtype
    q = tables.extended_multiset
    player_value = tables.pair_values[:, 0]
    banker_value = tables.pair_values[:, 1]
    has_player, has_banker = player_value >= 0, banker_value >= 0
    player_safe = np.where(has_player, player_value, 0)
    banker_safe = np.where(has_banker, banker_value, 0)
    same_value = has_player & has_banker & (player_value == banker_value)
    two = np.where(table[:, 2] == 0, 1, table[:, 2])
    four = np.where(table[:, 4] == 0, 1, table[:, 4])
    base_any = plain[q]
    zero = np.zeros(len(q), dtype=dtype)
    base_player = np.where(has_player, base_any // two[player_safe], zero)
    base_banker = np.where(has_banker, base_any // two[banker_safe], zero)
    both_divisor = np.where(same_value, four[player_safe], two[player_safe] * two[banker_safe])
    base_both = np.where(has_player & has_banker, base_any // both_divisor, zero)

    sums = _pair_sums(shoe, shoe.is_infinite, dtype)
    cumulative: dict[tuple[str, str], Array] = {("A", "A"): base_any}
    for a in ("R", "I"):
        cumulative[a, "A"] = sums[a][player_safe] * base_player
        cumulative["A", a] = sums[a][banker_safe] * base_banker
    for a in ("R", "I"):
        for b in ("R", "I"):
            joint = sums["II" if a == b == "I" else "RR" if a == b else "IR"][player_safe]
            apart = sums[a][player_safe] * sums[b][banker_safe]
            cumulative[a, b] = np.where(same_value, joint, apart) * base_both
    bounds = {FirstTwo.UNPAIRED: ("A", "R"), FirstTwo.PAIR: ("R", "I"), FirstTwo.IDENTICAL: ("I", None)}

    def level(a: str | None, b: str | None) -> Array:
        return zero if a is None or b is None else cumulative[a, b]

    exact = np.zeros((len(q), 3, 3), dtype=dtype)
    for i, player_match in enumerate(FIRST_TWO):
        ph, pl = bounds[player_match]
        for j, banker_match in enumerate(FIRST_TWO):
            bh, bl = bounds[banker_match]
            exact[:, i, j] = level(ph, bh) - level(pl, bh) - level(ph, bl) + level(pl, bl)
    # Every deal counts as unpaired/unpaired at first; the deals that can hold a pair move the
    # difference between their refined and their plain counts.
    exact[:, 0, 0] -= base_any
    per_entry_9 = tables.entry_sequences.astype(dtype)[:, None, None] * exact[tables.entry_extended]
    by_class_first_two = np.zeros((len(by_class), 3, 3), dtype=dtype)
    by_class_first_two[:, 0, 0] = by_class
    by_class_first_two[tables.paired_classes] += np.add.reduceat(per_entry_9, tables.class_starts, axis=0)
    return by_class_first_two
