"""Every bet on one shoe, exactly: :func:`analyze`, its :class:`BaccaratResult`, and
:func:`effects_of_removal`.

Every final deal is enumerated once per set of drawing rules, independent of the shoe
(:mod:`cardmath.games.baccarat.structure`); a shoe then costs only integer sums
(:mod:`cardmath.games.baccarat.counting`), and each bet is counted only as finely as its rule
reads (:class:`~cardmath.games.baccarat.rules.Reads`).  Probabilities are made exact Rationals
once, from integer counts.

>>> result = analyze(Shoe.standard(6), bets=["player", "banker"])
>>> result.results["player_wins"], result.result_probabilities["ties"]
(392220492728832, 145057227313/1525814595305)
>>> [(o.name, o.pays) for o in result.bets["banker"]]
[('win', 19/20), ('lose', -1), ('tie', 0)]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from sympy import Rational

from cardmath.bets import counted_house_edge, counted_par_sheet
from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.errors import ShoeError
from cardmath.games.baccarat.bets import Bet, resolve_bets
from cardmath.games.baccarat.counting import (
    PAIR_SLOTS,
    ShoeCounts,
    check_shoe,
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
from cardmath.games.baccarat.drawing import DrawingRules
from cardmath.games.baccarat.first_cards import first_card_counts
from cardmath.games.baccarat.reading import outcome_index
from cardmath.games.baccarat.rules import CARDS_PER_DEAL, DEFAULT_RULES, MINIMUM_CARDS, BaccaratRules, Reads
from cardmath.games.baccarat.structure import first_value_multisets, structure
from cardmath.games.bet_catalogue import BetsResult
from cardmath.shoe import Shoe

__all__ = ["RESULT_NAMES", "BaccaratResult", "analyze", "effects_of_removal"]

Array = npt.NDArray[Any]

RESULT_NAMES: tuple[str, ...] = ("player_wins", "banker_wins", "ties")
"""The keys of :attr:`BaccaratResult.results`: who won each deal."""


@dataclass(frozen=True)
class BaccaratResult(BetsResult[BaccaratRules, Bet]):
    """The exact analysis of one shoe under one set of rules (a
    :class:`~cardmath.games.bet_catalogue.BetsResult`).

    ``results`` counts player wins, banker wins and ties (``None`` for an infinite shoe, whose
    chances are in ``result_probabilities``); ``bets`` maps each bet's name to its
    :class:`~cardmath.parsheet.ParSheet` (``.house_edge``, ``.element_of_risk``,
    ``.standard_deviation``...); ``definitions`` maps it to its :class:`~cardmath.games.baccarat.bets.Bet`;
    :meth:`house_edge_excluding_pushes` leaves the pushes out.

    >>> result = analyze(Shoe.standard(8), bets=["tie"])
    >>> result.results["ties"], result.total_combinations
    (475627426473216, 4998398275503360)
    >>> sum(result.results.values()) == result.total_combinations
    True
    >>> analyze(Shoe.infinite(), bets=["tie"]).result_probabilities["ties"]
    460601/4826809
    >>> from cardmath.output import percent_text
    >>> percent_text(analyze(Shoe.standard(8), bets=["banker"]).house_edge_excluding_pushes("banker"))
    '1.1692%'
    >>> from cardmath.games.baccarat.rules import rank_value
    >>> tens = Shoe.standard(1).without([c for c in Shoe.standard(1).cards() if rank_value(c.rank)])
    >>> analyze(tens, bets=["banker"]).house_edge_excluding_pushes("banker") is None
    True
    """


@checked
def bet_counts(bet: Bet, counts: ShoeCounts) -> list[int]:
    """Padded count of every outcome of a bet on the counted shoe."""
    if bet.reads is Reads.FIRST_CARDS:
        return first_card_counts(bet, counts.shoe, counts.drawing)
    index = outcome_index(bet, counts.drawing)
    if bet.reads is Reads.FIRST_VALUES:
        ways = counts.weights[first_value_multisets(counts.drawing)[1]]
        return [int(ways[index == o].sum()) for o in range(len(bet.pays))]
    source = counts.by_class_first_two if bet.reads is Reads.FIRST_TWO else counts.by_class
    assert source is not None
    return [int(source[index == o].sum()) for o in range(len(bet.pays))]


@checked
def counts_for(shoe: Shoe, rules: BaccaratRules, bets: Iterable[Bet]) -> ShoeCounts:
    """Count a shoe as finely as the bets need (the pair matches only for ``Reads.FIRST_TWO``)."""
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
    deal_widths = [3] + [len(bet.pays) for bet in deal_bets]
    deal_multisets, deal_sequences, deal_keys = _grouped(
        group[tables.value_entry_class], tables.value_entry_multiset, tables.value_entry_sequences
    )
    assert len(deal_keys[0]) == len(first)  # every group holds deals: no empty segment
    pair_widths = [len(bet.pays) for bet in pair_bets]
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
    """
    check_shoe(shoe)
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
        found[bet.name] = deal_counts[start : start + len(bet.pays)]
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
            found[bet.name] = pair_counts[start : start + len(bet.pays)]
    others = [bet for bet in bets if bet.name not in found]
    if others:
        counted = evaluate(shoe, drawing, first_two=False)
        for bet in others:
            found[bet.name] = bet_counts(bet, counted)
    return draws(shoe.size, CARDS_PER_DEAL, infinite), found, deal_counts[:3]


@checked
def analyze(
    shoe: Shoe, rules: BaccaratRules = DEFAULT_RULES, *, bets: Iterable[str | Bet] | None = None
) -> BaccaratResult:
    """Every bet on one shoe, exactly (``bets=None``: every built-in bet).

    >>> from cardmath.output import percent_text
    >>> result = analyze(Shoe.standard(1), BaccaratRules(tie_pays=9), bets=["player", "tie"])
    >>> result.results
    {'player_wins': 6548674432, 'banker_wins': 6737232640, 'ties': 1372227328}
    >>> percent_text(result.bets["tie"].house_edge)
    '6.3846%'
    """
    chosen = resolve_bets(bets, rules)
    total, counted, winners = shoe_counts(shoe, rules, chosen)
    infinite = shoe.is_infinite
    sheets = {bet.name: counted_par_sheet(bet, counted[bet.name], total, infinite=infinite) for bet in chosen}
    won = dict(zip(RESULT_NAMES, winners, strict=True))
    return BaccaratResult(
        shoe=shoe,
        rules=rules,
        total_combinations=None if infinite else total,
        results={name: None if infinite else count for name, count in won.items()},
        result_probabilities={name: Rational(count, total) for name, count in won.items()},
        bets=sheets,
        definitions={bet.name: bet for bet in chosen},
    )


@checked
def effects_of_removal(
    shoe: Shoe, rules: BaccaratRules = DEFAULT_RULES, *, bets: Iterable[str | Bet] | None = None
) -> dict[str, dict[Rank, Rational]]:
    """For each bet, the change in house edge when one card of each rank is removed.

    The removed card is of the suit with most copies left (:meth:`Shoe.without_rank`); only the
    perfect pair depends on the suit.  Ranks with no card left are omitted.

    >>> from cardmath.output import percent_text
    >>> eor = effects_of_removal(Shoe.standard(8), bets=["banker"])
    >>> percent_text(eor["banker"][Rank.FIVE], 5)
    '0.00827%'
    """
    if shoe.is_infinite:
        raise ShoeError("effects of removal need a finite shoe: an infinite shoe does not change")
    chosen = resolve_bets(bets, rules)
    total, counted, _ = shoe_counts(shoe, rules, chosen)
    base = {bet.name: counted_house_edge(bet, counted[bet.name], total) for bet in chosen}
    effects: dict[str, dict[Rank, Rational]] = {bet.name: {} for bet in chosen}
    rank_counts = shoe.rank_counts()
    for rank in Rank:
        if rank_counts[rank.index] == 0:
            continue
        smaller = shoe.without_rank(rank)
        if smaller.size < MINIMUM_CARDS:
            continue
        total, counted, _ = shoe_counts(smaller, rules, chosen)
        for bet in chosen:
            edge = counted_house_edge(bet, counted[bet.name], total)
            effects[bet.name][rank] = edge - base[bet.name]
    return effects
