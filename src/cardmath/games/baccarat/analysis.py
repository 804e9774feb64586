"""Every bet on one shoe, exactly: :func:`analyze`, its :class:`BaccaratResult`, and
:func:`effects_of_removal`.

Every final deal is enumerated once per set of drawing rules, independent of the shoe
(:mod:`cardmath.games.baccarat.structure`); a shoe then costs only integer sums
(:mod:`cardmath.games.baccarat.counting`), and each bet is counted only as finely as its rule
reads (:class:`~cardmath.games.baccarat.rules.Reads`).  Probabilities are made exact Rationals
once, from integer counts.

>>> from cardmath.output import percent_text
>>> result = analyze(Shoe.standard(8))
>>> result.results["banker_wins"], result.total_combinations
(2292252566437888, 4998398275503360)
>>> percent_text(result.bets["banker"].house_edge), percent_text(result.bets["tie"].house_edge)
('1.0579%', '14.3596%')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import sympy
from sympy import Rational

from cardmath.cards import Rank
from cardmath.errors import ShoeError
from cardmath.games.baccarat.bets import Bet, resolve_bets
from cardmath.games.baccarat.counting import ShoeCounts, evaluate
from cardmath.games.baccarat.first_cards import first_card_counts
from cardmath.games.baccarat.reading import outcome_index
from cardmath.games.baccarat.rules import DEFAULT_RULES, MINIMUM_CARDS, BaccaratRules, Reads
from cardmath.games.baccarat.structure import first_value_multisets, structure
from cardmath.parsheet import Outcome, ParSheet
from cardmath.shoe import Shoe

__all__ = ["RESULT_NAMES", "BaccaratResult", "analyze", "effects_of_removal"]

RESULT_NAMES: tuple[str, ...] = ("player_wins", "banker_wins", "ties")
"""The keys of :attr:`BaccaratResult.results`: who won each deal."""


@dataclass(frozen=True)
class BaccaratResult:
    """The exact analysis of one shoe under one set of rules.

    ``results`` counts player wins, banker wins and ties (``None`` for an infinite shoe, whose
    chances are in ``result_probabilities``); ``bets`` maps each bet's name to its
    :class:`~cardmath.parsheet.ParSheet` (``.house_edge``, ``.element_of_risk``,
    ``.standard_deviation``...); ``definitions`` maps it to its :class:`~cardmath.games.baccarat.bets.Bet`.

    >>> result = analyze(Shoe.standard(8), bets=["tie"])
    >>> result.results["ties"], result.total_combinations
    (475627426473216, 4998398275503360)
    >>> sum(result.results.values()) == result.total_combinations
    True
    >>> analyze(Shoe.infinite(), bets=["tie"]).result_probabilities["ties"]
    460601/4826809
    """

    shoe: Shoe
    rules: BaccaratRules
    total_combinations: int | None
    results: dict[str, int | None]
    result_probabilities: dict[str, Rational]
    bets: dict[str, ParSheet]
    definitions: dict[str, Bet]

    def house_edge_excluding_pushes(self, name: str) -> Rational | None:
        """House edge per bet resolved (pushes, such as ties on player and banker, left out);
        ``None`` (undefined) when the bet never resolves, as on a shoe where every deal ties.

        >>> from cardmath.output import percent_text
        >>> percent_text(analyze(Shoe.standard(8), bets=["banker"]).house_edge_excluding_pushes("banker"))
        '1.1692%'
        >>> from cardmath.games.baccarat.rules import rank_value
        >>> tens = Shoe.standard(1).without([c for c in Shoe.standard(1).cards() if rank_value(c.rank)])
        >>> analyze(tens, bets=["banker"]).house_edge_excluding_pushes("banker") is None
        True
        """
        sheet = self.bets[name]
        resolved = sum((o.probability for o in sheet.outcomes if o.pays != 0), Rational(0))
        if resolved == 0:
            return None
        return Rational(sheet.house_edge / resolved)


def edge_terms(bet: Bet) -> tuple[int, tuple[int, ...]]:
    """A common denominator of a bet's pays and each pay as a numerator over it.

    >>> from cardmath.games.baccarat.bets import built_in_bets
    >>> edge_terms(built_in_bets()["banker"])
    (20, (19, -20, 0))
    """
    denominator = 1
    for _, pay in bet.pays:
        denominator = int(sympy.ilcm(denominator, int(pay.q)))
    return denominator, tuple(int(pay.p) * (denominator // int(pay.q)) for _, pay in bet.pays)


def house_edge(bet: Bet, counts: Sequence[int], total: int) -> Rational:
    """``-sum(pay * count) / total`` with integer arithmetic, one Rational at the end."""
    denominator, numerators = edge_terms(bet)
    numerator = sum(pay * count for pay, count in zip(numerators, counts, strict=True))
    return Rational(-numerator, denominator * total)


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


def counts_for(shoe: Shoe, rules: BaccaratRules, bets: Iterable[Bet]) -> ShoeCounts:
    """Count a shoe as finely as the bets need (the pair matches only for ``Reads.FIRST_TWO``)."""
    return evaluate(shoe, rules.drawing, any(bet.reads is Reads.FIRST_TWO for bet in bets))


def par_sheet(bet: Bet, counts: Sequence[int], total: int, infinite: bool) -> ParSheet:
    """The par sheet of a bet from its outcome counts out of ``total``."""
    return ParSheet(
        tuple(
            Outcome(
                name, pays=pay, probability=Rational(count, total), combinations=None if infinite else count
            )
            for (name, pay), count in zip(bet.pays, counts, strict=True)
        )
    )


def _winner_counts(counts: ShoeCounts) -> dict[str, int]:
    player, banker = structure(counts.drawing).class_columns[:, :2].T
    winners = np.where(player > banker, 0, np.where(banker > player, 1, 2))
    return {name: int(counts.by_class[winners == i].sum()) for i, name in enumerate(RESULT_NAMES)}


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
    sheets = {bet.name: par_sheet(bet, bet_counts(bet, counts), total, counts.infinite) for bet in chosen}
    return BaccaratResult(
        shoe=shoe,
        rules=rules,
        total_combinations=None if counts.infinite else total,
        results={k: None if counts.infinite else v for k, v in winners.items()},
        result_probabilities={k: Rational(v, total) for k, v in winners.items()},
        bets=sheets,
        definitions={bet.name: bet for bet in chosen},
    )


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
    base = {bet.name: house_edge(bet, bet_counts(bet, base_counts), base_counts.total) for bet in chosen}
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
            effects[bet.name][rank] = house_edge(bet, bet_counts(bet, counts), counts.total) - base[bet.name]
    return effects
