"""Dragon Tiger: every bet on any shoe, exactly; many shoes at once; effects of removal.

The coups are counted from the shoe-free deal table of
:mod:`~cardmath.games.dragon_tiger.counting` (338 classes of two cards): a shoe costs one sum of
integer products, and each figure becomes a ``sympy.Rational`` once.  Every coup is counted out
of the ``ff(N, 2)`` ordered pairs of cards (``N ** 2`` draws for an infinite shoe).

>>> from cardmath.output import percent_text
>>> result = analyze(Shoe.standard(8))
>>> result.total_combinations, result.results["ties"]
(172640, 12896)
>>> result.bets["dragon"].house_edge, percent_text(result.bets["dragon"].house_edge)
(31/830, '3.7349%')
>>> result.bets["tie"].house_edge, result.bets["suited_tie"].house_edge
(136/415, 58/415)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.bets import counted_house_edge, counted_par_sheet, pay_terms
from cardmath.cards import FULL_DECK, Rank
from cardmath.checks import checked
from cardmath.errors import OptionError, ShoeError
from cardmath.games.bet_catalogue import BetsResult
from cardmath.games.dragon_tiger.bets import Bet, resolve_bets
from cardmath.games.dragon_tiger.counting import (
    bet_counts,
    class_counts,
    class_winner,
    many_bet_counts,
    total_deals,
)
from cardmath.games.dragon_tiger.rules import CARDS_PER_DEAL, DEFAULT_RULES, RANKS, DragonTigerRules, Winner
from cardmath.shoe import Shoe

__all__ = [
    "RESULT_NAMES",
    "DragonTigerResult",
    "analyze",
    "analyze_many",
    "effects_of_removal",
    "pay_terms",
]

RESULT_NAMES: dict[Winner, str] = {
    Winner.DRAGON: "dragon_wins",
    Winner.TIGER: "tiger_wins",
    Winner.TIE: "ties",
}
"""The key of each result in :attr:`DragonTigerResult.results` (and in the JSON document)."""


@dataclass(frozen=True)
class DragonTigerResult(BetsResult[DragonTigerRules, Bet]):
    """The exact analysis of one shoe (a :class:`~cardmath.games.bet_catalogue.BetsResult`).

    ``results`` counts Dragon wins, Tiger wins and ties (``None`` for an infinite shoe, whose
    chances are in ``result_probabilities``); ``bets`` maps each bet's name to its
    :class:`~cardmath.parsheet.ParSheet` (``.house_edge``, ``.element_of_risk``,
    ``.standard_deviation``...); ``definitions`` holds the :class:`~cardmath.games.dragon_tiger.bets.Bet`
    of each.

    >>> result = analyze(Shoe.standard(1), bets=["tie"])
    >>> result.results, result.result_probabilities["ties"]
    ({'dragon_wins': 1248, 'tiger_wins': 1248, 'ties': 156}, 1/17)
    >>> analyze(Shoe.infinite(), bets=["tie"]).result_probabilities["ties"]
    1/13
    """


def _check_rules(rules: Any) -> DragonTigerRules:
    if not isinstance(rules, DragonTigerRules):
        raise OptionError(f"the rules must be a DragonTigerRules, not {rules!r}")
    return rules


@checked
def analyze(
    shoe: Shoe, rules: DragonTigerRules = DEFAULT_RULES, *, bets: Iterable[str | Bet] | None = None
) -> DragonTigerResult:
    """Every chosen bet (all built-ins by default) on one shoe, exactly.

    >>> result = analyze(Shoe.standard(8), DragonTigerRules(tie_pays=11), bets=["tie", "dragon_big"])
    >>> result.bets["tie"].house_edge, result.bets["dragon_big"].house_edge
    (43/415, 1/13)
    >>> [(o.name, o.combinations) for o in result.bets["dragon_big"]]
    [('win', 79680), ('lose', 79680), ('seven', 13280)]
    """
    chosen = resolve_bets(bets, _check_rules(rules))
    classes = class_counts(shoe)
    total = total_deals(shoe)
    winners = dict.fromkeys(RESULT_NAMES.values(), 0)
    for key, count in classes.items():
        winners[RESULT_NAMES[class_winner(key)]] += count
    infinite = shoe.is_infinite
    return DragonTigerResult(
        shoe=shoe,
        rules=rules,
        total_combinations=None if infinite else total,
        results={name: None if infinite else count for name, count in winners.items()},
        result_probabilities={name: Rational(count, total) for name, count in winners.items()},
        bets={
            bet.name: counted_par_sheet(bet, bet_counts(shoe, bet, classes), total, infinite=infinite)
            for bet in chosen
        },
        definitions={bet.name: bet for bet in chosen},
    )


@checked
def analyze_many(
    shoes: Sequence[Shoe],
    rules: DragonTigerRules = DEFAULT_RULES,
    *,
    bets: Iterable[str | Bet] | None = None,
) -> list[dict[str, Rational]]:
    """The house edge of each bet for each of many shoes (one dict per shoe), every shoe counted
    at once from the same tables.

    >>> eight = Shoe.standard(8)
    >>> edges = analyze_many([eight, eight.without("8s,9s,Ts,Js,Qs,Ks")], bets=["dragon_big", "tie"])
    >>> [(row["dragon_big"], row["tie"]) for row in edges]
    [(1/13, 136/415), (19/205, 27487/83845)]
    """
    chosen = resolve_bets(bets, _check_rules(rules))
    counts = many_bet_counts(shoes, chosen)
    return [
        {
            bet.name: counted_house_edge(bet, bet_row, total_deals(shoe))
            for bet, bet_row in zip(chosen, row, strict=True)
        }
        for shoe, row in zip(shoes, counts, strict=True)
    ]


@checked
def effects_of_removal(
    shoe: Shoe, rules: DragonTigerRules = DEFAULT_RULES, *, bets: Iterable[str | Bet] | None = None
) -> dict[str, dict[Rank, Rational]]:
    """For each bet, the change in house edge when one card of each rank is removed.

    The card removed is of a suit drawn at random from the cards of that rank left (so the
    effect of a rank is the average of its cards' effects, weighted by their copies): only a rule
    that reads the suits can tell the difference, and the effects weighted by the shoe's cards
    then add up to exactly zero for every bet.  Ranks with no card left are omitted; ranks go
    ace first (aces are low).

    >>> effects = effects_of_removal(Shoe.standard(8), bets=["dragon_big", "tie"])
    >>> effects["dragon_big"][Rank.KING], effects["dragon_big"][Rank.SEVEN], effects["tie"][Rank.KING]
    (14/5395, -12/5395, 0)
    """
    if shoe.is_infinite:
        raise ShoeError("effects of removal need a finite shoe: an infinite shoe does not change")
    if shoe.size <= CARDS_PER_DEAL:
        raise ShoeError(
            f"effects of removal need a shoe of more than {CARDS_PER_DEAL} cards, so that a coup can be "
            f"dealt after one is removed, not {shoe.size}"
        )
    chosen = resolve_bets(bets, _check_rules(rules))
    present = [card for card in FULL_DECK if shoe.count(card) > 0]
    counts = many_bet_counts([shoe, *(shoe.without([card]) for card in present)], chosen)
    base, removed = counts[0], dict(zip(present, counts[1:], strict=True))
    total, smaller_total = total_deals(shoe), total_deals(shoe.without([present[0]]))
    effects: dict[str, dict[Rank, Rational]] = {bet.name: {} for bet in chosen}
    for b, bet in enumerate(chosen):
        denominator, pays = pay_terms(bet)
        base_value = sum(p * c for p, c in zip(pays, base[b], strict=True))
        for rank in RANKS:
            cards = [card for card in present if card.rank is rank]
            if not cards:
                continue
            copies = sum(shoe.count(card) for card in cards)
            # sum_c n_c (EV(shoe - c) - EV(shoe)) / n_r, with EV = value / (denominator * total)
            weighted = sum(
                shoe.count(card) * sum(p * c for p, c in zip(pays, removed[card][b], strict=True))
                for card in cards
            )
            effects[bet.name][rank] = Rational(
                copies * base_value * smaller_total - weighted * total,
                denominator * copies * smaller_total * total,
            )
    return effects
