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

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from sympy import Rational

from cardmath.bets import counted_house_edge, counted_par_sheet
from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.errors import ShoeError
from cardmath.games.baccarat.bets import Bet, resolve_bets
from cardmath.games.baccarat.counting import ShoeCounts, evaluate
from cardmath.games.baccarat.first_cards import first_card_counts
from cardmath.games.baccarat.reading import outcome_index
from cardmath.games.baccarat.rules import DEFAULT_RULES, MINIMUM_CARDS, BaccaratRules, Reads
from cardmath.games.baccarat.structure import first_value_multisets, structure
from cardmath.games.bet_catalogue import BetsResult
from cardmath.shoe import Shoe

__all__ = ["RESULT_NAMES", "BaccaratResult", "analyze", "effects_of_removal"]

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


def _winner_counts(counts: ShoeCounts) -> dict[str, int]:
    player, banker = structure(counts.drawing).class_columns[:, :2].T
    winners = np.where(player > banker, 0, np.where(banker > player, 1, 2))
    return {name: int(counts.by_class[winners == i].sum()) for i, name in enumerate(RESULT_NAMES)}


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
    counts = counts_for(shoe, rules, chosen)
    total = counts.total
    winners = _winner_counts(counts)
    sheets = {
        bet.name: counted_par_sheet(bet, bet_counts(bet, counts), total, infinite=counts.infinite)
        for bet in chosen
    }
    return BaccaratResult(
        shoe=shoe,
        rules=rules,
        total_combinations=None if counts.infinite else total,
        results={k: None if counts.infinite else v for k, v in winners.items()},
        result_probabilities={k: Rational(v, total) for k, v in winners.items()},
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
    base_counts = counts_for(shoe, rules, chosen)
    base = {
        bet.name: counted_house_edge(bet, bet_counts(bet, base_counts), base_counts.total) for bet in chosen
    }
    effects: dict[str, dict[Rank, Rational]] = {bet.name: {} for bet in chosen}
    rank_counts = shoe.rank_counts()
    for rank in Rank:
        if rank_counts[rank.index] == 0:
            continue
        smaller = shoe.without_rank(rank)
        if smaller.size < MINIMUM_CARDS:
            continue
        counts = counts_for(smaller, rules, chosen)
        for bet in chosen:
            edge = counted_house_edge(bet, bet_counts(bet, counts), counts.total)
            effects[bet.name][rank] = edge - base[bet.name]
    return effects
