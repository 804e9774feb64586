"""Many shoes at once: :func:`house_edges`, the house edge of each bet for each shoe (the engine's
fast path for baccarat's ``analyze_many``), and :func:`value_edge_terms`, the exact house edges of
bets on the final deal for many shoes given by their cards of each value (what a counting study
evaluates, millions of times).

Bets on the final deal alone (the main bets and most side bets) are evaluated for a block of
shoes at once by :func:`_split_counts`; bets that read the first cards shoe by shoe.

>>> from cardmath.games.baccarat import analyze_many
>>> from cardmath.output import percent_text
>>> shoe = Shoe.standard(8)
>>> [percent_text(e["banker"]) for e in analyze_many([shoe, shoe.without("5s,5h,5d,5c")], bets=["banker"])]
['1.0579%', '1.0905%']
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.bets import pay_terms
from cardmath.engine.settle import HouseEdges
from cardmath.errors import OptionError, ShoeError
from cardmath.games.baccarat.bets import Bet, resolve_bets
from cardmath.games.baccarat.counting import count_dtype
from cardmath.games.baccarat.reading import outcome_index
from cardmath.games.baccarat.rules import (
    CARDS_PER_DEAL,
    DEFAULT_RULES,
    MINIMUM_CARDS,
    RANK_VALUES,
    BaccaratRules,
    Reads,
)
from cardmath.games.baccarat.structure import structure
from cardmath.games.baccarat.tally import shoe_counts
from cardmath.games.punto_banco import DrawingRules
from cardmath.numbers import read_whole
from cardmath.shoe import Shoe

__all__ = ["house_edges", "value_edge_terms"]

Array = npt.NDArray[Any]

_INT64_EDGE_LIMIT = 2**62
"""Edge numerators are int64 while ``N ** 6`` times the largest pay (see :func:`value_edge_terms`)
is below this, Python ints otherwise."""

_FLOAT_LIMIT = 2**53
"""Counts are summed in float64 (BLAS) while ``N ** 6`` is below this (see :func:`_split_counts`),
in int64 while it is below ``2 ** 62`` (:func:`~cardmath.games.baccarat.counting.count_dtype`),
in Python ints beyond."""

_SERIAL_PRODUCT = 2**18
"""The largest ``m n k`` of one matrix product in :func:`_split_counts`: OpenBLAS runs products up
to this size on one thread and larger ones on all cores, which on a busy machine (or beside the
other workers of a study) is many times slower; so wider products are taken a slice of shoes at
a time."""

_BY_VALUE = np.zeros((52, 10), dtype=np.int64)
_BY_VALUE[np.arange(52), [RANK_VALUES[index // 4] for index in range(52)]] = 1
"""``cards @ _BY_VALUE``: a shoe's cards of each value 0 to 9 from its counts of the 52 cards."""

_LOW_VALUES = 7
"""Values ``0 .. 6`` are dealt value by value in :func:`_split_counts`; values 7, 8 and 9 are
folded into the projection (measured fastest of the splits: the per-shoe arrays stay small)."""

_Steps = tuple[tuple[int, int, int, int, int], ...]


def _growth(values: Sequence[int]) -> tuple[_Steps, tuple[int, ...], dict[tuple[int, ...], int]]:
    """How to fill, in place, one buffer with the ways to draw every multiset of ``values`` of at
    most six cards, one value at a time.

    The multisets of ``d`` cards are rows ``offsets[d]`` onwards.  A multiset holding ``m`` cards
    of the next value ``u`` is one without ``u`` times ``ff(n_u, m)``: for each size ``d`` from
    six down, the rows of size ``d - m`` (still without ``u``, as smaller sizes come later) times
    ``ff(n_u, m)`` are appended to size ``d``.  Returns the steps ``(start, stop, source start, u,
    m)``, the offset of each size (and the total rows last), and the row of each multiset (its
    multiplicities of ``values``, in order).
    """
    lists: list[list[tuple[int, ...]]] = [[] for _ in range(CARDS_PER_DEAL + 1)]
    lists[0].append(())
    grown: list[list[tuple[int, int, int, int]]] = []
    for u in values:
        level = []
        for d in range(CARDS_PER_DEAL, 0, -1):
            level += [(d, len(lists[d - m]), d - m, m) for m in range(1, d + 1) if lists[d - m]]
            with_u = [(*r, m) for m in range(1, d + 1) for r in lists[d - m]]
            lists[d] = [(*r, 0) for r in lists[d]] + with_u
        lists[0] = [(*r, 0) for r in lists[0]]
        grown.append([(d, n, source, u * 10 + m) for d, n, source, m in level])
    offsets = [int(x) for x in np.cumsum([0] + [len(rows) for rows in lists])]
    filled = [1] + [0] * CARDS_PER_DEAL
    steps = []
    for level in grown:
        for d, n, source, code in level:
            start = offsets[d] + filled[d]
            steps.append((start, start + n, offsets[source], code // 10, code % 10))
            filled[d] += n
    rows = {multiset: offsets[d] + i for d, members in enumerate(lists) for i, multiset in enumerate(members)}
    return tuple(steps), tuple(offsets), rows


@dataclass(frozen=True, eq=False)  # hashed by identity: one plan per cached projection
class _SplitPlan:
    """The shoe-free part of :func:`_split_counts` for one projection (multisets x columns).

    ``blocks`` are ``(size s, first row, stop row of the products, projection)``: for the low
    multisets of ``s`` cards, ``projection[(combination, column), low row]`` is the projection of
    the multiset made of that low multiset and the combination's high cards, where a combination
    is a multiset of high values (its row in the high buffer, ``combination_high``) and the deal's
    number of cards (``combination_size``, for its pad).
    """

    columns: int
    low_steps: _Steps
    low_offsets: tuple[int, ...]
    high_steps: _Steps
    high_offsets: tuple[int, ...]
    blocks: tuple[tuple[int, int, int, Array], ...]
    combination_high: Array
    combination_size: Array


@functools.lru_cache(maxsize=32)
def _split_plan(
    bets: tuple[Bet, ...], drawing: DrawingRules
) -> tuple[_SplitPlan, tuple[tuple[int, ...], ...]]:
    """The plan of :func:`_split_counts` for the fewest outcome columns that give every bet's
    counts: for each bet the outcome with the widest support is left out (it is the total less
    the others) and equal columns are computed once.  Also returns, for each bet, the column of
    each outcome (-1: the one left out)."""
    tables = structure(drawing)
    widths = tuple(len(bet.outcomes()) for bet in bets)
    matrix = np.zeros((len(tables.multisets), sum(widths)), dtype=np.int64)
    offset = 0
    for bet, width in zip(bets, widths, strict=True):
        outcome = outcome_index(bet, drawing)[tables.value_entry_class] + offset
        np.add.at(matrix, (tables.value_entry_multiset, outcome), tables.value_entry_sequences)
        offset += width
    kept: list[Array] = []
    plans: list[tuple[int, ...]] = []
    for first_column, stop_column in itertools.pairwise(itertools.accumulate(widths, initial=0)):
        outcomes = matrix[:, first_column:stop_column]
        left_out = int(np.argmax(np.count_nonzero(outcomes, axis=0)))
        bet_columns = []
        for o in range(stop_column - first_column):
            if o == left_out:
                bet_columns.append(-1)
                continue
            same = [k for k, other in enumerate(kept) if np.array_equal(other, outcomes[:, o])]
            if not same:
                kept.append(outcomes[:, o])
            bet_columns.append(same[0] if same else len(kept) - 1)
        plans.append(tuple(bet_columns))
    projection = np.stack(kept, axis=1) if kept else np.zeros((len(matrix), 1), dtype=np.int64)
    low_steps, low_offsets, low_rows = _growth(range(_LOW_VALUES))
    high_steps, high_offsets, high_rows = _growth(range(_LOW_VALUES, 10))
    # Each multiset in the support: (low size, combination) -> [(low row, multiset)].
    by_size: dict[int, dict[tuple[int, int], list[tuple[int, int]]]] = {}
    for q in np.flatnonzero(projection.any(axis=1)).tolist():
        multiplicities = tuple(int(m) for m in tables.multisets[q])
        low_part = multiplicities[:_LOW_VALUES]
        size = sum(low_part)
        combination = (high_rows[multiplicities[_LOW_VALUES:]], int(tables.multiset_sizes[q]))
        entry = (low_rows[low_part] - low_offsets[size], q)
        by_size.setdefault(size, {}).setdefault(combination, []).append(entry)
    columns = projection.shape[1]
    blocks = []
    combinations: list[tuple[int, int]] = []
    for size in sorted(by_size):
        found = sorted(by_size[size])
        block = np.zeros((len(found), columns, low_offsets[size + 1] - low_offsets[size]), dtype=np.int64)
        for c, combination in enumerate(found):
            rows, members = zip(*by_size[size][combination], strict=True)
            block[c, :, list(rows)] = projection[list(members)]
        first = len(combinations) * columns
        blocks.append((size, first, first + len(found) * columns, block.reshape(len(found) * columns, -1)))
        combinations += found
    split = _SplitPlan(
        columns=columns,
        low_steps=low_steps,
        low_offsets=low_offsets,
        high_steps=high_steps,
        high_offsets=high_offsets,
        blocks=tuple(blocks),
        combination_high=np.array([c[0] for c in combinations], dtype=np.intp),
        combination_size=np.array([c[1] for c in combinations], dtype=np.intp),
    )
    return split, tuple(plans)


@functools.lru_cache(maxsize=32)
def _blocks_as(plan: _SplitPlan, dtype: Any) -> tuple[Array, ...]:
    """The plan's projections in the dtype the counts are summed in."""
    return tuple(block.astype(dtype) for _, _, _, block in plan.blocks)


class _Buffers:
    """The arrays of one block of shoes, allocated once and reused by every block (a fresh
    allocation per block would pay the operating system's page faults again each time)."""

    def __init__(self, plan: _SplitPlan, shoes: int, dtype: Any) -> None:
        self.factors = np.empty((10, CARDS_PER_DEAL + 1, shoes), dtype=dtype)
        self.low = np.empty((plan.low_offsets[-1], shoes), dtype=dtype)
        self.high = np.empty((plan.high_offsets[-1], shoes), dtype=dtype)
        self.pads = np.empty((CARDS_PER_DEAL + 1, shoes), dtype=dtype)
        self.coefficients = np.empty((len(plan.combination_high), shoes), dtype=dtype)
        self.products = np.empty((len(plan.combination_high) * plan.columns, shoes), dtype=dtype)


def _split_counts(plan: _SplitPlan, blocks: tuple[Array, ...], values: Array, buffers: _Buffers) -> Array:
    """Outcome counts ``(columns, shoes)`` of finite shoes given by their cards of each value
    (``values``: ``(10, shoes)``, in the buffers' dtype), a view into ``buffers``.

    A value multiset is dealt in ``pad(k) prod_u ff(n_u, m_u)`` ways.  Split it into its low
    values (0 to 6) and its high ones (7 to 9): the low part's ways are built for every low
    multiset by :func:`_growth` (1,716 rows), the high part's likewise (84 rows); one matrix
    product per low size sums the projection against the low ways for every combination of high
    cards and size, and each combination's sum is multiplied by its high ways and pad.

    Exact: every array holds non-negative integers.  A low or high product is at most ``N ** s``
    for its ``s`` cards; a pad times a high product at most ``N ** 6``; a projected sum over low
    multisets of ``s`` cards at most ``k! / s! ff(N, s) <= N ** k`` (``N >= 6``); and each of its
    multiples by a combination's ways is part of an outcome's count, at most the total ``ff(N,
    6) < N ** 6``.  Every partial sum is a sum of such non-negative terms.  So float64 is exact
    while ``N ** 6 < 2 ** 53`` and int64 while ``N ** 6 < 2 ** 62``; beyond, Python ints.
    """
    factors, low, high = buffers.factors, buffers.low, buffers.high
    factors[:, 0] = 1
    for m in range(1, CARDS_PER_DEAL + 1):
        np.multiply(factors[:, m - 1], np.maximum(values - (m - 1), 0), out=factors[:, m])
    for buffer, steps in ((low, plan.low_steps), (high, plan.high_steps)):
        buffer[0] = 1
        for start, stop, source, u, m in steps:
            np.multiply(buffer[source : source + stop - start], factors[u, m], out=buffer[start:stop])
    sizes = values.sum(axis=0)
    pads = buffers.pads
    pads[CARDS_PER_DEAL] = 1
    for k in range(CARDS_PER_DEAL - 1, -1, -1):  # pad(k) = ff(N - k, 6 - k) = (N - k) pad(k + 1)
        np.multiply(pads[k + 1], sizes - k, out=pads[k])
    coefficients = buffers.coefficients
    np.take(high, plan.combination_high, axis=0, out=coefficients)
    coefficients *= pads[plan.combination_size]
    products = buffers.products
    shoes = values.shape[1]
    for (size, first, stop, _), block in zip(plan.blocks, blocks, strict=True):
        lows = low[plan.low_offsets[size] : plan.low_offsets[size + 1]]
        step = max(1, _SERIAL_PRODUCT // block.size) if block.dtype == np.float64 else shoes
        for a in range(0, shoes, step):
            np.matmul(block, lows[:, a : a + step], out=products[first:stop, a : a + step])
    by_combination = products.reshape(len(coefficients), plan.columns, -1)
    by_combination *= coefficients[:, None, :]
    counts: Array = by_combination.sum(axis=0)
    return counts


def value_edge_terms(
    value_rows: Array, rules: BaccaratRules = DEFAULT_RULES, *, bets: Iterable[str | Bet], chunk: int = 256
) -> tuple[Array, Array]:
    """House-edge numerators and denominators of bets on the final deal (``Reads.DEAL``) for many
    finite shoes given by their cards of each value 0..9 (``value_rows``, one row per shoe): the
    house edge of bet ``b`` on shoe ``s`` is ``numerators[s, b] / denominators[s, b]``, exactly.

    No :class:`~cardmath.shoe.Shoe` or ``Rational`` is built, so a study can evaluate millions of
    rounds; the arrays are int64 where every count fits and Python ints (``object``) otherwise.
    Shoes are counted ``chunk`` at a time (:func:`_split_counts`), a whole number 1 or more.

    >>> from cardmath.games.baccarat.counting import value_counts
    >>> rows = np.array([value_counts(Shoe.standard(8)), value_counts(Shoe.standard(1))])
    >>> numerators, denominators = value_edge_terms(rows, bets=["banker"])
    >>> from sympy import Rational
    >>> [Rational(int(n), int(d)) for n, d in zip(numerators[:, 0], denominators[:, 0])]
    [114753351728/10847218479825, 49303/4873050]
    """
    chunk = read_whole(chunk, "the chunk (shoes counted at once)", minimum=1)
    chosen = resolve_bets(bets, rules)
    wrong = [bet.name for bet in chosen if bet.reads is not Reads.DEAL]
    if wrong:
        raise OptionError(f"value_edge_terms takes bets on the final deal only, not {', '.join(wrong)}")
    rows = np.asarray(value_rows)
    if rows.ndim != 2 or rows.shape[1] != 10:
        raise OptionError(
            f"value rows must be one row of 10 counts (values 0 to 9) per shoe, not {rows.shape}"
        )
    sizes = rows.sum(axis=1)
    if len(rows) and (int(rows.min()) < 0 or int(sizes.min()) < MINIMUM_CARDS):
        raise ShoeError(f"every shoe must hold at least {MINIMUM_CARDS} cards and no negative count")
    plan, columns_of = _split_plan(chosen, rules.drawing)
    terms = [pay_terms(bet) for bet in chosen]
    largest = max(sizes.tolist(), default=MINIMUM_CARDS)
    count_type = np.float64 if largest**CARDS_PER_DEAL < _FLOAT_LIMIT else count_dtype(largest)
    # Overflow guard of the numerators: for bet b, sum_k counts[k] pays[k, b] adds at most
    # 2 max|pay| times counts of distinct outcomes (at most ff(N, 6) < N ** 6 together), and the
    # numerator and totals * base are at most max|pay| N ** 6; the denominator is at most
    # denominator N ** 6.  With N ** 6 max|pay| denominator < 2 ** 62, all stay below 2 ** 63.
    biggest_pay = max(max(abs(p) for p in pays) * denominator for denominator, pays in terms)
    exact = largest**CARDS_PER_DEAL * biggest_pay >= _INT64_EDGE_LIMIT or count_type is object
    dtype: Any = object if exact else np.int64
    totals = np.ones(len(rows), dtype=dtype)
    for i in range(CARDS_PER_DEAL):
        totals = totals * (sizes.astype(dtype) - i)
    # pays[k, b]: what column k adds to bet b's numerator; the outcome left out adds its pay times
    # (total - the bet's other columns), so its pay is taken from every other outcome's.
    pays = np.zeros((plan.columns, len(chosen)), dtype=dtype)
    base = np.zeros(len(chosen), dtype=dtype)
    for b, ((_, bet_pays), plan_of_bet) in enumerate(zip(terms, columns_of, strict=True)):
        reference = bet_pays[plan_of_bet.index(-1)]
        base[b] = -reference
        for column, pay in zip(plan_of_bet, bet_pays, strict=True):
            if column >= 0:
                pays[column, b] -= pay - reference
    counts = np.empty((len(rows), plan.columns), dtype=dtype)
    values = rows.T.astype(count_type)
    blocks = _blocks_as(plan, count_type)
    buffers: dict[int, _Buffers] = {}
    for start in range(0, len(rows), chunk):
        block = values[:, start : start + chunk]
        width = block.shape[1]
        if width not in buffers:
            buffers[width] = _Buffers(plan, width, count_type)
        counted = _split_counts(plan, blocks, np.ascontiguousarray(block), buffers[width])
        # float64 holds these integers exactly; int64 carries them into Python ints if need be.
        counts[start : start + width] = counted.T.astype(np.int64) if count_type is np.float64 else counted.T
    numerators = counts @ pays + totals[:, None] * base[None, :]
    denominators = totals[:, None] * np.array([denominator for denominator, _ in terms], dtype=dtype)[None, :]
    return numerators, denominators


def house_edges(
    shoes: Sequence[Shoe], rules: BaccaratRules, bets: tuple[Bet, ...], chunk: int = 512
) -> list[HouseEdges]:
    """The house edge of each bet on each of many shoes (one :class:`~cardmath.engine.settle.HouseEdges`
    per shoe, each ``Rational`` built when read): the engine's fast path for baccarat.

    Bets that read only the final deal (the main bets and most side bets) are evaluated for a
    block of ``chunk`` finite shoes at once (:func:`value_edge_terms`); the others shoe by shoe.

    >>> from cardmath.games.baccarat.bets import built_in_bets
    >>> bets = built_in_bets()
    >>> chosen = (bets["tie"], bets["player_pair"])
    >>> edges = house_edges([Shoe.standard(1), Shoe.infinite()], DEFAULT_RULES, chosen)
    >>> [edge["player_pair"] for edge in edges]
    [5/17, 1/13]
    """
    chunk = read_whole(chunk, "the chunk (shoes counted at once)", minimum=1)
    names = tuple(bet.name for bet in bets)
    value_bets = tuple(bet for bet in bets if bet.reads is Reads.DEAL)
    others = tuple(bet for bet in bets if bet.reads is not Reads.DEAL)
    finite = [i for i, shoe in enumerate(shoes) if not shoe.is_infinite]
    edges: list[HouseEdges | None] = [None] * len(shoes)
    if value_bets and finite and not others:
        # every shoe's cards of each value at once: one product of all the card counts
        small = max(shoes[i].size for i in finite) ** CARDS_PER_DEAL < _INT64_EDGE_LIMIT
        dtype: Any = np.int64 if small else object  # Python ints past int64
        cards = np.array([shoes[i].card_counts for i in finite], dtype=dtype)
        rows = cards @ _BY_VALUE.astype(dtype)
        found, below = value_edge_terms(rows, rules, bets=value_bets, chunk=chunk)
        order = [names.index(bet.name) for bet in value_bets]
        if order != list(range(len(names))):
            found, below = found[:, np.argsort(order)], below[:, np.argsort(order)]
        for i, numerators, denominators in zip(finite, found.tolist(), below.tolist(), strict=True):
            edges[i] = HouseEdges(names, numerators, denominators)
    for i, shoe in enumerate(shoes):
        if edges[i] is None:
            total, counted, _ = shoe_counts(shoe, rules, bets)
            numerators, denominators = [], []
            for bet in bets:
                denominator, pays = pay_terms(bet)
                numerators.append(-sum(p * c for p, c in zip(pays, counted[bet.name], strict=True)))
                denominators.append(denominator * total)
            edges[i] = HouseEdges(names, numerators, denominators)
    return [edge for edge in edges if edge is not None]
