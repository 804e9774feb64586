"""Many shoes at once: :func:`analyze_many`, the house edge of each bet for each shoe.

Bets on the final deal alone (the main bets and most side bets) are evaluated for a block of
shoes at once: each shoe's padded ways to deal every value multiset are gathered from a row of
falling factorials, and one matrix product with the shoe-free projection of the bets gives every
outcome count.  Bets that read the first cards are evaluated shoe by shoe.

>>> from cardmath.output import percent_text
>>> shoe = Shoe.standard(8)
>>> [percent_text(e["banker"]) for e in analyze_many([shoe, shoe.without("5s,5h,5d,5c")], bets=["banker"])]
['1.0579%', '1.0905%']
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from sympy import Rational

from cardmath.bets import counted_house_edge, pay_terms
from cardmath.errors import OptionError, ShoeError
from cardmath.games.baccarat.analysis import bet_counts, counts_for
from cardmath.games.baccarat.bets import Bet, resolve_bets
from cardmath.games.baccarat.counting import check_shoe, count_dtype, value_counts
from cardmath.games.baccarat.drawing import DrawingRules
from cardmath.games.baccarat.reading import outcome_index
from cardmath.games.baccarat.rules import CARDS_PER_DEAL, DEFAULT_RULES, MINIMUM_CARDS, BaccaratRules, Reads
from cardmath.games.baccarat.structure import structure
from cardmath.shoe import Shoe
from cardmath.shoe import check_shoe as require_shoe

__all__ = ["analyze_many", "value_edge_terms"]

Array = npt.NDArray[Any]

_INT64_EDGE_LIMIT = 2**62
"""Edge numerators stay in int64 while ``N ** 6`` times the largest pay numerator is below this."""

_PAD_COLUMN = 10 * (CARDS_PER_DEAL + 1)
"""In a shoe's row of factors, ``ff(n_u, m)`` sits at ``7 u + m`` and the pad after ``k`` cards at
``_PAD_COLUMN + k``."""


@functools.cache
def _multiset_groups(drawing: DrawingRules) -> tuple[Array, tuple[tuple[int, int, Array], ...]]:
    """Value multisets ordered by how many distinct values they hold, and for each such group its
    slice ``(start, stop)`` in that order and its factors: ``factors[j, i]`` is the column, in a
    shoe's row of factors, of the ``j``-th factor of the group's ``i``-th multiset (its pad first,
    then ``ff(n_u, m_u)`` for each value it holds), so a shoe's weights need only those factors."""
    tables = structure(drawing)
    multisets = tables.multisets
    distinct = (multisets > 0).sum(axis=1)
    order = np.argsort(distinct, kind="stable")
    groups = []
    start = 0
    for k in range(1, int(distinct.max()) + 1):
        members = order[start : start + int((distinct == k).sum())]
        factors = np.array(
            [
                [_PAD_COLUMN + int(tables.multiset_sizes[q])]
                + [7 * u + int(multisets[q, u]) for u in np.flatnonzero(multisets[q])]
                for q in members
            ],
            dtype=np.intp,
        ).reshape(len(members), k + 1)
        groups.append((start, start + len(members), np.ascontiguousarray(factors.T)))
        start += len(members)
    return order, tuple(groups)


@functools.cache
def _value_projection(bets: tuple[Bet, ...], drawing: DrawingRules) -> tuple[Array, tuple[int, ...]]:
    """``matrix[i, column]``: value sequences of the ``i``-th multiset in :func:`_multiset_groups`
    order that end in each bet's outcome."""
    tables = structure(drawing)
    widths = tuple(len(bet.pays) for bet in bets)
    matrix = np.zeros((len(tables.multisets), sum(widths)), dtype=np.int64)
    offset = 0
    for bet, width in zip(bets, widths, strict=True):
        outcome = outcome_index(bet, drawing)[tables.value_entry_class] + offset
        np.add.at(matrix, (tables.value_entry_multiset, outcome), tables.value_entry_sequences)
        offset += width
    return matrix[_multiset_groups(drawing)[0]], widths


class _BatchBuffers:
    """The large arrays of a batch, allocated once and reused by every block of shoes (a fresh
    allocation per block would pay the operating system's page faults again each time)."""

    def __init__(
        self,
        drawing: DrawingRules,
        shoes: int,
        columns: int,
        dtype: Any,
        groups: tuple[tuple[int, int, Array], ...] | None = None,
    ) -> None:
        groups = groups if groups is not None else _multiset_groups(drawing)[1]
        widest = max(stop - start for start, stop, _ in groups)
        self.groups = groups
        self.factors = np.ones((shoes, _PAD_COLUMN + CARDS_PER_DEAL + 1), dtype=dtype)
        self.weights = np.empty((shoes, groups[-1][1]), dtype=dtype)
        self.gathered = np.empty(shoes * widest, dtype=dtype)
        self.result = np.empty((shoes, columns), dtype=dtype)


def _batch_counts(value_rows: Array, sizes: Array, matrix: Array, buffers: _BatchBuffers) -> Array:
    """Outcome counts (shoes x columns, a view into ``buffers``) for finite shoes given by their
    value counts; ``matrix`` is a :func:`_value_projection` in the buffers' dtype."""
    shoes = len(sizes)
    factors = buffers.factors[:shoes]
    # factors[s, 7 u + m] = ff(n[s, u], m): a factor (n - i) reaches 0 whenever m > n.
    table = factors[:, :_PAD_COLUMN].reshape(shoes, 10, CARDS_PER_DEAL + 1)
    table[:, :, 0] = 1
    for m in range(1, CARDS_PER_DEAL + 1):
        np.multiply(table[:, :, m - 1], np.maximum(value_rows - (m - 1), 0), out=table[:, :, m])
    pads = factors[:, _PAD_COLUMN:]
    pads[:] = 1
    for k in range(CARDS_PER_DEAL + 1):
        for i in range(CARDS_PER_DEAL - k):
            pads[:, k] *= np.maximum(sizes - k - i, 0)
    weights = buffers.weights[:shoes]
    for start, stop, columns in buffers.groups:
        target = weights[:, start:stop]
        gathered = buffers.gathered[: shoes * (stop - start)].reshape(shoes, stop - start)
        np.take(factors, columns[0], axis=1, out=target, mode="clip")
        for j in range(1, len(columns)):
            np.take(factors, columns[j], axis=1, out=gathered, mode="clip")
            np.multiply(target, gathered, out=target)
    result: Array = np.matmul(weights, matrix, out=buffers.result[:shoes])
    return result


_FLOAT_LIMIT = 2**53
"""Below this every count of a shoe is an integer that float64 holds exactly: the weights, their
partial products and every partial sum of the projection (all terms are non-negative and at most
``ff(N, 6)``) stay exact, so the BLAS product is exact."""


@functools.cache
def _reduced_projection(
    bets: tuple[Bet, ...], drawing: DrawingRules
) -> tuple[Array, tuple[tuple[int, int, Array], ...], tuple[tuple[int, ...], ...]]:
    """The fewest outcome columns that give every bet's counts: for each bet the outcome with the
    widest support is left out (it is the total less the others), equal columns are computed once,
    and the multisets that fall in none of the columns kept are dropped.  Returns the columns kept
    (rows: the multisets kept), their factor groups (as in :func:`_multiset_groups`) and, for each
    bet, the kept column of each outcome (-1: the one left out)."""
    matrix, widths = _value_projection(bets, drawing)
    kept: list[Array] = []
    plans: list[tuple[int, ...]] = []
    for low, high in itertools.pairwise(itertools.accumulate(widths, initial=0)):
        block = matrix[:, low:high]
        left_out = int(np.argmax(np.count_nonzero(block, axis=0)))
        plan = []
        for o in range(high - low):
            if o == left_out:
                plan.append(-1)
                continue
            column = block[:, o]
            same = [k for k, other in enumerate(kept) if np.array_equal(other, column)]
            if not same:
                kept.append(column)
            plan.append(same[0] if same else len(kept) - 1)
        plans.append(tuple(plan))
    columns = np.stack(kept, axis=1) if kept else np.zeros((len(matrix), 1), dtype=np.int64)
    rows = np.flatnonzero(columns.any(axis=1)) if kept else np.arange(1)
    keep = np.zeros(len(matrix), dtype=bool)
    keep[rows] = True
    groups = []
    position = 0
    for start, stop, factors in _multiset_groups(drawing)[1]:
        mask = keep[start:stop]
        size = int(mask.sum())
        if size:
            groups.append((position, position + size, np.ascontiguousarray(factors[:, mask])))
            position += size
    return columns[keep], tuple(groups), tuple(plans)


def value_edge_terms(
    value_rows: Array, rules: BaccaratRules = DEFAULT_RULES, *, bets: Iterable[str | Bet], chunk: int = 32
) -> tuple[Array, Array]:
    """House-edge numerators and denominators of bets on the final deal (``Reads.DEAL``) for many
    finite shoes given by their cards of each value 0..9 (``value_rows``, one row per shoe): the
    house edge of bet ``b`` on shoe ``s`` is ``numerators[s, b] / denominators[s, b]``, exactly.

    No :class:`~cardmath.shoe.Shoe` or ``Rational`` is built, so a study can evaluate millions of
    rounds; the arrays are int64 where every count fits and Python ints (``object``) otherwise.

    >>> rows = np.array([value_counts(Shoe.standard(8)), value_counts(Shoe.standard(1))])
    >>> numerators, denominators = value_edge_terms(rows, bets=["banker"])
    >>> [Rational(int(n), int(d)) for n, d in zip(numerators[:, 0], denominators[:, 0])]
    [114753351728/10847218479825, 49303/4873050]
    """
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
    projection, groups, plans = _reduced_projection(chosen, rules.drawing)
    terms = [pay_terms(bet) for bet in chosen]
    largest = max(sizes.tolist(), default=MINIMUM_CARDS)
    biggest_pay = max(max(abs(p) for p in pays) * denominator for denominator, pays in terms)
    exact = largest**CARDS_PER_DEAL * biggest_pay >= _INT64_EDGE_LIMIT
    dtype: Any = object if exact else np.int64
    count_type = np.float64 if largest**CARDS_PER_DEAL < _FLOAT_LIMIT else count_dtype(largest)
    matrix = projection if count_type is np.int64 else projection.astype(count_type)
    buffers = _BatchBuffers(rules.drawing, chunk, matrix.shape[1], count_type, groups)
    totals = np.ones(len(rows), dtype=dtype)
    for i in range(CARDS_PER_DEAL):
        totals = totals * (sizes.astype(dtype) - i)
    # pays[k, b]: what column k adds to bet b's numerator; the outcome left out adds its pay times
    # (total - the bet's other columns), so its pay is taken from every other outcome's.
    pays = np.zeros((matrix.shape[1], len(chosen)), dtype=dtype)
    base = np.zeros(len(chosen), dtype=dtype)
    for b, ((_, bet_pays), plan) in enumerate(zip(terms, plans, strict=True)):
        reference = bet_pays[plan.index(-1)]
        base[b] = -reference
        for column, pay in zip(plan, bet_pays, strict=True):
            if column >= 0:
                pays[column, b] -= pay - reference
    numerators = np.empty((len(rows), len(chosen)), dtype=dtype)
    for start in range(0, len(rows), chunk):
        block = rows[start : start + chunk].astype(count_type)
        counts = _batch_counts(block, block.sum(axis=1), matrix, buffers)
        whole = counts.astype(np.int64) if count_type is np.float64 else counts.astype(dtype)
        numerators[start : start + chunk] = whole.astype(dtype) @ pays
    numerators += totals[:, None] * base[None, :]
    denominators = totals[:, None] * np.array([denominator for denominator, _ in terms], dtype=dtype)[None, :]
    return numerators, denominators


def analyze_many(
    shoes: Sequence[Shoe],
    rules: BaccaratRules = DEFAULT_RULES,
    *,
    bets: Iterable[str | Bet] | None = None,
    chunk: int = 32,
) -> list[dict[str, Rational]]:
    """The house edge of each bet for each of many shoes, reusing the tables (one dict per shoe,
    ``bets=None``: every built-in bet).

    Bets that read only the final deal (the main bets and most side bets) are evaluated for a
    block of ``chunk`` shoes at once; the others shoe by shoe.

    >>> edges = analyze_many([Shoe.standard(1), Shoe.infinite()], bets=["tie", "player_pair"])
    >>> [edge["player_pair"] for edge in edges]
    [5/17, 1/13]
    """
    for index, shoe in enumerate(shoes):
        require_shoe(shoe, f"shoes[{index}]")
        check_shoe(shoe)
    chosen = resolve_bets(bets, rules)
    value_bets = tuple(bet for bet in chosen if bet.reads is Reads.DEAL)
    other_bets = tuple(bet for bet in chosen if bet.reads is not Reads.DEAL)
    edges: list[dict[str, Rational]] = [{} for _ in shoes]
    finite = [i for i, shoe in enumerate(shoes) if not shoe.is_infinite]
    if value_bets and finite:
        rows = np.array([value_counts(shoes[i]) for i in finite], dtype=object)
        small = int(rows.sum(axis=1).max()) ** CARDS_PER_DEAL < _INT64_EDGE_LIMIT
        numerators, denominators = value_edge_terms(
            rows.astype(np.int64) if small else rows, rules, bets=value_bets, chunk=chunk
        )
        for row, i in enumerate(finite):
            for b, bet in enumerate(value_bets):
                edges[i][bet.name] = Rational(int(numerators[row, b]), int(denominators[row, b]))
    for i, shoe in enumerate(shoes):
        remaining = other_bets if not shoe.is_infinite else chosen
        if remaining:
            counted = counts_for(shoe, rules, remaining)
            for bet in remaining:
                edges[i][bet.name] = counted_house_edge(bet, bet_counts(bet, counted), counted.total)
        edges[i] = {bet.name: edges[i][bet.name] for bet in chosen}
    return edges
