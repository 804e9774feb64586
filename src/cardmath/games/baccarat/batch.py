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
from cardmath.enumeration import falling_factorial
from cardmath.games.baccarat.analysis import bet_counts, counts_for
from cardmath.games.baccarat.bets import Bet, resolve_bets
from cardmath.games.baccarat.counting import check_shoe, count_dtype, value_counts
from cardmath.games.baccarat.drawing import DrawingRules
from cardmath.games.baccarat.reading import outcome_index
from cardmath.games.baccarat.rules import CARDS_PER_DEAL, DEFAULT_RULES, BaccaratRules, Reads
from cardmath.games.baccarat.structure import structure
from cardmath.shoe import Shoe

__all__ = ["analyze_many"]

Array = npt.NDArray[Any]

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

    def __init__(self, drawing: DrawingRules, shoes: int, columns: int, dtype: Any) -> None:
        order, groups = _multiset_groups(drawing)
        widest = max(stop - start for start, stop, _ in groups)
        self.groups = groups
        self.factors = np.ones((shoes, _PAD_COLUMN + CARDS_PER_DEAL + 1), dtype=dtype)
        self.weights = np.empty((shoes, len(order)), dtype=dtype)
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


def analyze_many(
    shoes: Sequence[Shoe],
    rules: BaccaratRules = DEFAULT_RULES,
    *,
    bets: Iterable[str | Bet] | None = None,
    chunk: int = 64,
) -> list[dict[str, Rational]]:
    """The house edge of each bet for each of many shoes, reusing the tables (one dict per shoe,
    ``bets=None``: every built-in bet).

    Bets that read only the final deal (the main bets and most side bets) are evaluated for a
    block of ``chunk`` shoes at once; the others shoe by shoe.

    >>> edges = analyze_many([Shoe.standard(1), Shoe.infinite()], bets=["tie", "player_pair"])
    >>> [edge["player_pair"] for edge in edges]
    [5/17, 1/13]
    """
    chosen = resolve_bets(bets, rules)
    drawing = rules.drawing
    value_bets = tuple(bet for bet in chosen if bet.reads is Reads.DEAL)
    other_bets = tuple(bet for bet in chosen if bet.reads is not Reads.DEAL)
    edges: list[dict[str, Rational]] = [{} for _ in shoes]
    finite = [i for i, shoe in enumerate(shoes) if not shoe.is_infinite]
    for shoe in shoes:
        check_shoe(shoe)
    if value_bets and finite:
        projection, widths = _value_projection(value_bets, drawing)
        terms = [(bet.name, *pay_terms(bet)) for bet in value_bets]
        bounds = list(itertools.pairwise(itertools.accumulate(widths, initial=0)))
        buffers: dict[Any, tuple[_BatchBuffers, Array]] = {}
        for start in range(0, len(finite), chunk):
            block = finite[start : start + chunk]
            sizes = [shoes[i].size for i in block]
            dtype = count_dtype(max(sizes))
            if dtype not in buffers:
                matrix = projection if dtype is np.int64 else projection.astype(dtype)
                buffers[dtype] = (_BatchBuffers(drawing, chunk, matrix.shape[1], dtype), matrix)
            block_buffers, matrix = buffers[dtype]
            rows = np.array([value_counts(shoes[i]) for i in block], dtype=dtype)
            counts = _batch_counts(rows, np.array(sizes, dtype=dtype), matrix, block_buffers).tolist()
            for row, i in enumerate(block):
                total = falling_factorial(sizes[row], CARDS_PER_DEAL)
                shoe_counts = counts[row]
                for (name, denominator, pays), (low, high) in zip(terms, bounds, strict=True):
                    numerator = sum(p * int(c) for p, c in zip(pays, shoe_counts[low:high], strict=True))
                    edges[i][name] = Rational(-numerator, denominator * total)
    for i, shoe in enumerate(shoes):
        remaining = other_bets if not shoe.is_infinite else chosen
        if remaining:
            counted = counts_for(shoe, rules, remaining)
            for bet in remaining:
                edges[i][bet.name] = counted_house_edge(bet, bet_counts(bet, counted), counted.total)
        edges[i] = {bet.name: edges[i][bet.name] for bet in chosen}
    return edges
