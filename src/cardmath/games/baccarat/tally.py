"""Counting every bet on one shoe, exactly: :func:`shoe_counts`, what baccarat's counter for the
engine (:class:`~cardmath.games.baccarat.game.BaccaratCounter`) counts with.

Every final deal is enumerated once per set of drawing rules, independent of the shoe
(:mod:`cardmath.games.baccarat.structure`); a shoe then costs only integer sums
(:mod:`cardmath.games.baccarat.counting`), and each bet is counted only as finely as its rule
reads (:class:`~cardmath.games.baccarat.rules.Reads`).  The engine
(:class:`~cardmath.engine.game.CatalogueGame`) turns the counts into par sheets, house edges,
closed forms and solved pays, as for every game; baccarat's batch of many shoes
(:mod:`cardmath.games.baccarat.batch`) is the counter's fast way to many house edges.

>>> from cardmath.games.baccarat.bets import built_in_bets
>>> from cardmath.games.baccarat.rules import DEFAULT_RULES
>>> bets = built_in_bets()
>>> total, counts, winners = shoe_counts(Shoe.standard(6), DEFAULT_RULES, (bets["banker"],))
>>> winners[0], counts["banker"]
(392220492728832, [403095751234560, 392220492728832, 83552962932288])
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.checks import checked
from cardmath.games.baccarat.bets import Bet
from cardmath.games.baccarat.counting import (
    PAIR_SLOTS,
    ShoeCounts,
    count_dtype,
    draw_table,
    draws,
    evaluate,
    match_counts,
    multiset_weights,
    pads,
    pair_slots,
    value_counts,
)
from cardmath.games.baccarat.first_cards import first_card_counts
from cardmath.games.baccarat.reading import outcome_index
from cardmath.games.baccarat.rules import CARDS_PER_DEAL, BaccaratRules, Reads
from cardmath.games.baccarat.structure import first_value_multisets, structure
from cardmath.games.punto_banco import DrawingRules
from cardmath.shoe import Shoe

__all__ = ["RESULT_NAMES", "bet_counts", "counts_for", "shoe_counts"]

Array = npt.NDArray[Any]

RESULT_NAMES: tuple[str, ...] = ("player_wins", "banker_wins", "ties")
"""Who won each deal: the keys of a result's ``results``
(:class:`~cardmath.engine.analysis.CatalogueResult`)."""


@checked
def bet_counts(bet: Bet, counts: ShoeCounts) -> list[int]:
    """Padded count of every outcome of a bet on the counted shoe.

    >>> from cardmath.games.baccarat.bets import built_in_bets
    >>> from cardmath.games.baccarat.rules import DEFAULT_RULES
    >>> pair = built_in_bets()["player_pair"]
    >>> bet_counts(pair, counts_for(Shoe.standard(1), DEFAULT_RULES, [pair]))  # 3 in 51 ff(52, 6)
    [862243200, 13795891200]
    """
    if bet.reads is Reads.FIRST_CARDS:
        return first_card_counts(bet, counts.shoe, counts.drawing)
    index = outcome_index(bet, counts.drawing)
    if bet.reads is Reads.FIRST_VALUES:
        ways = counts.weights[first_value_multisets(counts.drawing)[1]]
        return [int(ways[index == o].sum()) for o in range(len(bet.outcomes()))]
    source = counts.by_class_first_two if bet.reads is Reads.FIRST_TWO else counts.by_class
    assert source is not None
    return [int(source[index == o].sum()) for o in range(len(bet.outcomes()))]


@checked
def counts_for(shoe: Shoe, rules: BaccaratRules, bets: Iterable[Bet]) -> ShoeCounts:
    """Count a shoe as finely as the bets need (the pair matches only for ``Reads.FIRST_TWO``).

    >>> from cardmath.games.baccarat.bets import built_in_bets
    >>> from cardmath.games.baccarat.rules import DEFAULT_RULES
    >>> bets = built_in_bets()
    >>> counted = counts_for(Shoe.standard(1), DEFAULT_RULES, [bets["tie"]])
    >>> counted.total, counted.by_class_first_two is None
    (14658134400, True)
    >>> counts_for(Shoe.standard(1), DEFAULT_RULES, [bets["either_pair"]]).by_class_first_two is None
    False
    """
    return evaluate(shoe, rules.drawing, any(bet.reads is Reads.FIRST_TWO for bet in bets))


@functools.cache
def _winners(drawing: DrawingRules) -> Array:
    """Who wins each deal class: an index into :data:`RESULT_NAMES`."""
    player, banker = structure(drawing).class_columns[:, :2].T
    winners: Array = np.where(player > banker, 0, np.where(banker > player, 1, 2))
    return winners


def _one_hot(outcomes: Array, widths: list[int]) -> Array:
    """``(rows, sum(widths))`` 0/1: for each row, a 1 at each column block's outcome."""
    matrix = np.zeros((len(outcomes), sum(widths)), dtype=np.int64)
    offsets = np.cumsum([0, *widths[:-1]], dtype=np.int64)
    rows = np.repeat(np.arange(len(outcomes)), len(widths))
    matrix[rows, (outcomes + offsets[None, :]).ravel()] = 1
    return matrix


def _grouped(keys: Array, multisets: Array, sequences: Array) -> tuple[Array, Array, Array]:
    """Entries summed by (key, multiset): each distinct pair's multiset and summed value
    sequences, in key order, and the keys present with where each starts (for ``reduceat``)."""
    width = int(multisets.max()) + 1 if len(multisets) else 1
    unique, inverse = np.unique(keys * width + multisets, return_inverse=True)
    summed = np.zeros(len(unique), dtype=np.int64)
    np.add.at(summed, inverse.reshape(-1), sequences)
    present, starts = np.unique(unique // width, return_index=True)
    return unique % width, summed, np.stack([present, starts])


@dataclass(frozen=True)
class _CountPlan:
    """How to count bets on the final deal (``Reads.DEAL``) and on the first two cards' matches
    (``Reads.FIRST_TWO``) on one shoe, built once for a tuple of bets and drawing rules.

    Deal classes that every bet (and the winner) treats alike form a group: the built-in bets
    tell only 76 groups of the 3394 classes apart.  A shoe's padded ways to deal each value
    multiset are summed into each group once (``deal_*``: distinct (group, multiset) pairs); each
    outcome's count is then a sum of group counts (``deal_outcomes``, 0/1).  For the bets on the
    first two cards, the deals whose first two cards match in value are summed by group and
    :func:`~cardmath.games.baccarat.counting.pair_slots` slot (``pair_*``), and
    :func:`~cardmath.games.baccarat.counting.match_counts` splits each group by the matches.
    Every sum adds non-negative counts of deals, so none exceeds the shoe's total.
    """

    deal_multisets: Array
    deal_sequences: Array
    deal_starts: Array
    deal_outcomes: Array  # (groups, 3 + deal bets' outcomes): the winners first
    deal_columns: tuple[int, ...]  # each deal bet's first column
    pair_groups: Array  # (groups,) the pair group of each group
    pair_count: int
    pair_multisets: Array
    pair_sequences: Array
    pair_keys: Array  # (2, keys present): key (pair group x PAIR_SLOTS + slot), start
    pair_outcomes: Array  # (pair groups x 9, pair bets' outcomes)
    pair_columns: tuple[int, ...]


@functools.lru_cache(maxsize=64)
def _count_plan(bets: tuple[Bet, ...], drawing: DrawingRules) -> _CountPlan:
    """The :class:`_CountPlan` of bets that read the final deal or the first two cards' matches."""
    tables = structure(drawing)
    classes = len(tables.class_columns)
    deal_bets = [bet for bet in bets if bet.reads is Reads.DEAL]
    pair_bets = [bet for bet in bets if bet.reads is Reads.FIRST_TWO]
    deal_key = np.stack([_winners(drawing)] + [outcome_index(bet, drawing) for bet in deal_bets], axis=1)
    pair_key = np.zeros((classes, 1), dtype=np.int64)
    if pair_bets:
        pair_key = np.hstack([outcome_index(bet, drawing).reshape(classes, 9) for bet in pair_bets])
    pair_rows, pair_group = np.unique(pair_key, axis=0, return_inverse=True)
    pair_group = pair_group.reshape(-1)
    _, first, group = np.unique(
        np.hstack([deal_key, pair_group[:, None]]), axis=0, return_index=True, return_inverse=True
    )
    group = group.reshape(-1)
    deal_widths = [3] + [len(bet.outcomes()) for bet in deal_bets]
    deal_multisets, deal_sequences, deal_keys = _grouped(
        group[tables.value_entry_class], tables.value_entry_multiset, tables.value_entry_sequences
    )
    assert len(deal_keys[0]) == len(first)  # every group holds deals: no empty segment
    pair_widths = [len(bet.outcomes()) for bet in pair_bets]
    nothing = np.zeros(0, dtype=np.int64)
    pair_multisets, pair_sequences, pair_keys = nothing, nothing, np.zeros((2, 0), dtype=np.int64)
    pair_outcomes = np.zeros((9 * len(pair_rows), 0), dtype=np.int64)
    if pair_bets:
        slots = pair_slots(tables.pair_values)[tables.entry_extended]
        pair_multisets, pair_sequences, pair_keys = _grouped(
            pair_group[tables.entry_class] * PAIR_SLOTS + slots,
            tables.extended_multiset[tables.entry_extended],
            tables.entry_sequences,
        )
        # Each pair group's outcomes, one row per (player match, banker match).
        per_match = pair_rows.reshape(len(pair_rows), -1, 9).transpose(0, 2, 1)
        pair_outcomes = _one_hot(per_match.reshape(9 * len(pair_rows), -1), pair_widths)
    return _CountPlan(
        deal_multisets=deal_multisets,
        deal_sequences=deal_sequences,
        deal_starts=deal_keys[1],
        deal_outcomes=_one_hot(deal_key[first], deal_widths),
        deal_columns=tuple(int(c) for c in np.cumsum(deal_widths)[:-1]),
        pair_groups=pair_group[first],
        pair_count=len(pair_rows),
        pair_multisets=pair_multisets,
        pair_sequences=pair_sequences,
        pair_keys=pair_keys,
        pair_outcomes=pair_outcomes,
        pair_columns=tuple(int(c) for c in np.cumsum([0, *pair_widths])[:-1]),
    )


def shoe_counts(
    shoe: Shoe, rules: BaccaratRules, bets: tuple[Bet, ...]
) -> tuple[int, dict[str, list[int]], list[int]]:
    """The shoe's total, each bet's padded outcome counts and the winner counts, exactly.

    Bets on the final deal or the first two cards' matches are counted through
    :func:`_count_plan` (int64 wherever every count fits, Python ints otherwise); bets that read
    the first four values or cards through :func:`evaluate` and :func:`bet_counts`.

    >>> from cardmath.games.baccarat.bets import built_in_bets
    >>> from cardmath.games.baccarat.rules import DEFAULT_RULES
    >>> tie = built_in_bets()["tie"]
    >>> shoe_counts(Shoe.infinite(), DEFAULT_RULES, (tie,))  # 52 ** 6 draws of one deck's proportions
    (19770609664, {'tie': [1886621696, 17883987968]}, [8820588544, 9063399424, 1886621696])
    """
    drawing = rules.drawing
    infinite = shoe.is_infinite
    dtype = count_dtype(shoe.size)
    planned = tuple(bet for bet in bets if bet.reads in (Reads.DEAL, Reads.FIRST_TWO))
    plan = _count_plan(planned, drawing)
    plain = multiset_weights(
        drawing, draw_table(value_counts(shoe), infinite, dtype), pads(shoe.size, infinite, dtype)
    )
    by_group = np.add.reduceat(plain[plan.deal_multisets] * plan.deal_sequences, plan.deal_starts)
    deal_counts = (by_group @ plan.deal_outcomes).tolist()
    found: dict[str, list[int]] = {}
    deal_bets = [bet for bet in planned if bet.reads is Reads.DEAL]
    for bet, start in zip(deal_bets, plan.deal_columns, strict=True):
        found[bet.name] = deal_counts[start : start + len(bet.outcomes())]
    pair_bets = [bet for bet in planned if bet.reads is Reads.FIRST_TWO]
    if pair_bets:
        aggregates = np.zeros(plan.pair_count * PAIR_SLOTS, dtype=dtype)
        keys, starts = plan.pair_keys
        aggregates[keys] = np.add.reduceat(plain[plan.pair_multisets] * plan.pair_sequences, starts)
        by_pair_group = np.zeros(plan.pair_count, dtype=dtype)
        np.add.at(by_pair_group, plan.pair_groups, by_group)
        matched = match_counts(shoe, aggregates.reshape(plan.pair_count, PAIR_SLOTS), by_pair_group)
        pair_counts = (matched.reshape(-1) @ plan.pair_outcomes).tolist()
        for bet, start in zip(pair_bets, plan.pair_columns, strict=True):
            found[bet.name] = pair_counts[start : start + len(bet.outcomes())]
    others = [bet for bet in bets if bet.name not in found]
    if others:
        counted = evaluate(shoe, drawing, first_two=False)
        for bet in others:
            found[bet.name] = bet_counts(bet, counted)
    return draws(shoe.size, CARDS_PER_DEAL, infinite), found, deal_counts[:3]
