"""Casino Red Dog by brute force with the raise decided for each pair of ranks, sharing no code with cardmath.

A shoe is a plain list of card ranks (2..14, ace high), one entry per physical card.  A first
pass plays every ordered deal of three distinct physical cards and counts, for each unordered
pair of first two ranks with a spread, the deals the third card wins and loses.  A player who
tracks the cards raises a pair exactly when ``pay * wins > losses`` (a tie does not raise).  A
second pass plays every deal again with that decision and sums the stakes and returns.  Exact
values are ``fractions.Fraction``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["CardsFigures", "brute_force_cards"]

STANDARD_SPREAD_PAYS = (Fraction(5), Fraction(4), Fraction(2), Fraction(1))


@dataclass(frozen=True)
class CardsFigures:
    """Rows of the par sheet by (spread, raised, won), the raised pairs and the exact figures.

    ``pair_counts[(low, high)]`` holds the deals the third card wins and loses after the first two
    ranks ``low < high`` (pairs with a spread that the shoe deals).
    """

    rows: dict[tuple[int, bool, bool], int]
    other: dict[str, int]
    total: int
    raised_pairs: dict[int, set[tuple[int, int]]]
    pair_counts: dict[tuple[int, int], tuple[int, int]]
    house_edge: Fraction
    element_of_risk: Fraction
    variance: Fraction
    hit_frequency: Fraction


def _pay(pays: Sequence[Fraction], spread: int) -> Fraction:
    return pays[min(spread, 4) - 1] if len(pays) == 4 else pays[spread - 1]


def _deals(ranks: Sequence[int]) -> list[tuple[int, int, int]]:
    n = len(ranks)
    return [
        (ranks[i], ranks[j], ranks[k])
        for i in range(n)
        for j in range(n)
        if j != i
        for k in range(n)
        if k not in (i, j)
    ]


def brute_force_cards(
    ranks: Sequence[int],
    spread_pays: Sequence[Fraction] = STANDARD_SPREAD_PAYS,
    trips_pays: Fraction = Fraction(11),
) -> CardsFigures:
    """Every figure of the shoe ``ranks`` when the raise is decided for each pair of first two ranks."""
    deals = _deals(ranks)
    wins: Counter[tuple[int, int]] = Counter()
    losses: Counter[tuple[int, int]] = Counter()
    for first, second, third in deals:
        low, high = min(first, second), max(first, second)
        if high - low >= 2:
            if low < third < high:
                wins[low, high] += 1
            else:
                losses[low, high] += 1
    raise_pair = {
        pair: _pay(spread_pays, pair[1] - pair[0] - 1) * wins[pair] > losses[pair]
        for pair in set(wins) | set(losses)
    }
    rows: Counter[tuple[int, bool, bool]] = Counter()
    other: Counter[str] = Counter()
    total_return = Fraction(0)
    total_stake = 0
    second_moment = Fraction(0)
    hits = 0
    for first, second, third in deals:
        low, high = min(first, second), max(first, second)
        if low == high:
            net = trips_pays if third == low else Fraction(0)
            other["trips" if third == low else "pair"] += 1
            stake = 1
        elif high - low == 1:
            net, stake = Fraction(0), 1
            other["consecutive"] += 1
        else:
            spread = high - low - 1
            raised = raise_pair[low, high]
            stake = 2 if raised else 1
            won = low < third < high
            net = stake * _pay(spread_pays, spread) if won else Fraction(-stake)
            rows[spread, raised, won] += 1
        total_return += net
        total_stake += stake
        second_moment += net * net
        hits += net > 0
    total = len(deals)
    mean = total_return / total
    raised_pairs: dict[int, set[tuple[int, int]]] = {}
    for (low, high), raised in raise_pair.items():
        if raised:
            raised_pairs.setdefault(high - low - 1, set()).add((low, high))
    return CardsFigures(
        rows=dict(rows),
        other=dict(other),
        total=total,
        raised_pairs=raised_pairs,
        pair_counts={pair: (wins[pair], losses[pair]) for pair in raise_pair},
        house_edge=-mean,
        element_of_risk=-total_return / total_stake,
        variance=second_moment / total - mean * mean,
        hit_frequency=Fraction(hits, total),
    )
