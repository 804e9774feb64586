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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.enumeration import falling_factorial
from cardmath.errors import ShoeError
from cardmath.games.baccarat.drawing import DrawingRules
from cardmath.games.baccarat.rules import CARDS_PER_DEAL, MINIMUM_CARDS, RANK_VALUES, FirstTwo
from cardmath.games.baccarat.structure import Structure, structure
from cardmath.shoe import Shoe

__all__ = ["ShoeCounts", "check_shoe", "evaluate", "value_counts"]

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


def check_shoe(shoe: Shoe) -> None:
    """Refuse a finite shoe of fewer than six cards: every deal is counted as six.

    >>> check_shoe(Shoe.standard(1).without(Shoe.standard(1).cards()[:47]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.ShoeError: a baccarat deal is counted as 6 cards (...), so ..., not 5
    """
    if not shoe.is_infinite and shoe.size < MINIMUM_CARDS:
        raise ShoeError(
            f"a baccarat deal is counted as {MINIMUM_CARDS} cards (unused fifth and sixth cards included), "
            f"so the shoe must hold at least {MINIMUM_CARDS} cards, not {shoe.size}"
        )


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


def _multiset_weights(drawing: DrawingRules, table: Array, padding: Array) -> Array:
    """Ways to deal each value multiset, padded to six cards."""
    tables = structure(drawing)
    multisets = tables.multisets
    weights = padding[tables.multiset_sizes]
    for u in range(10):
        weights *= table[u, multisets[:, u]]
    return weights


def _pair_sums(shoe: Shoe, infinite: bool) -> dict[str, list[int]]:
    """Per value: ways to draw a pair of one rank / identical cards, and both hands' pairs alike."""
    rank_counts = shoe.rank_counts()
    cards = shoe.card_counts
    by_value_ranks: list[list[int]] = [[] for _ in range(10)]
    by_value_cards: list[list[list[int]]] = [[] for _ in range(10)]
    for r in range(13):
        by_value_ranks[RANK_VALUES[r]].append(rank_counts[r])
        by_value_cards[RANK_VALUES[r]].append(list(cards[4 * r : 4 * r + 4]))

    def ff(n: int, m: int) -> int:
        return draws(n, m, infinite)

    def less(n: int, k: int) -> int:
        return n if infinite else n - k

    sums: dict[str, list[int]] = {"R": [], "I": [], "RR": [], "II": [], "IR": []}
    for v in range(10):
        ranks = by_value_ranks[v]
        suits = [c for rank_cards in by_value_cards[v] for c in rank_cards]
        sums["R"].append(sum(ff(n, 2) for n in ranks))
        sums["I"].append(sum(ff(c, 2) for c in suits))
        # Both hands' first two cards of value v: a pair of rank r for one, of rank s for the other.
        sums["RR"].append(
            sum(ff(n, 2) * ff(m, 2) for i, n in enumerate(ranks) for j, m in enumerate(ranks) if i != j)
            + sum(ff(n, 4) for n in ranks)
        )
        sums["II"].append(
            sum(ff(c, 2) * ff(d, 2) for i, c in enumerate(suits) for j, d in enumerate(suits) if i != j)
            + sum(ff(c, 4) for c in suits)
        )
        # One hand identical cards x, x; the other a pair of one rank drawn after them.
        mixed = 0
        for rank_index, rank_cards in enumerate(by_value_cards[v]):
            for c in rank_cards:
                if c >= 2 or infinite:
                    after = sum(ff(less(n, 2) if j == rank_index else n, 2) for j, n in enumerate(ranks))
                    mixed += ff(c, 2) * after
        sums["IR"].append(mixed)
    return sums


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
    check_shoe(shoe)
    tables = structure(drawing)
    infinite = shoe.is_infinite
    size = shoe.size
    dtype = count_dtype(size)
    values = value_counts(shoe)
    table = draw_table(values, infinite, dtype)
    plain = _multiset_weights(drawing, table, pads(size, infinite, dtype))
    per_entry = tables.value_entry_sequences.astype(dtype) * plain[tables.value_entry_multiset]
    by_class = np.add.reduceat(per_entry, tables.value_class_starts)
    total = draws(size, CARDS_PER_DEAL, infinite)
    if not first_two:
        return ShoeCounts(total, infinite, plain, by_class, None, shoe, drawing)
    by_class_first_two = _first_two_counts(shoe, tables, table, plain, by_class)
    return ShoeCounts(total, infinite, plain, by_class, by_class_first_two, shoe, drawing)


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

    sums = {key: np.array(value, dtype=dtype) for key, value in _pair_sums(shoe, shoe.is_infinite).items()}
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
