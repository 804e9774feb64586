"""Casino Red Dog by brute force over physical cards, sharing no code with cardmath.

A shoe is a plain list of card ranks (2..14, ace high; suits never matter in Red Dog), one entry
per physical card.  Every ordered deal of three distinct physical cards is played out by the rules
of the game (docs/games/reddog.md); a consecutive hand simply ignores its third card, so every
outcome is counted out of ``N (N-1) (N-2)`` deals.  The raise decision for each spread is made from
this oracle's own counts (or held to a given set of spreads, as a kept strategy card).  Exact values
are ``fractions.Fraction`` (tests compare them through numerator and denominator only).

The infinite-deck oracle plays every sequence of three ranks, each with probability ``(1/13)**3``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

__all__ = [
    "RedDogFigures",
    "brute_force",
    "classify",
    "deck_ranks",
    "figures_from_counts",
    "infinite_deck",
    "play_every_deal",
    "spread_pays_by_spread",
]

TRIPS = "three of a kind"
PAIR = "pair, then push"
CONSECUTIVE = "consecutive"


def deck_ranks(decks: int = 1, removed: Iterable[int] = ()) -> list[int]:
    """The ranks of ``decks`` full decks, minus one card of each rank listed in ``removed``."""
    cards = [rank for _ in range(decks) for rank in range(2, 15) for _suit in range(4)]
    for rank in removed:
        cards.remove(rank)
    return cards


def spread_pays_by_spread(pays: Sequence[Fraction]) -> dict[int, Fraction]:
    """The pay of each spread 1..11 from 4 pays (1, 2, 3, 4 or more) or 11 pays."""
    if len(pays) == 4:
        return {s: pays[min(s, 4) - 1] for s in range(1, 12)}
    assert len(pays) == 11
    return {s: pays[s - 1] for s in range(1, 12)}


def classify(first: int, second: int, third: int) -> tuple[str, int, bool]:
    """(class, spread, third card wins) of one deal by the rules; spread 0 when there is none."""
    if first == second:
        return (TRIPS if third == first else PAIR), 0, third == first
    low, high = min(first, second), max(first, second)
    if high - low == 1:
        return CONSECUTIVE, 0, False
    return "spread", high - low - 1, low < third < high


@dataclass(frozen=True)
class RedDogFigures:
    """Counts by outcome and the exact figures, all per initial bet.

    ``spread_deals[s]`` counts the deals whose first two cards have spread ``s``;
    ``stand_values[s]`` is what those deals add to the expected value per initial bet when the
    player does not raise (a raise doubles it).
    """

    counts: dict[str, int]
    total: int
    raise_on_spreads: tuple[int, ...]
    spread_deals: dict[int, int]
    stand_values: dict[int, Fraction]
    house_edge: Fraction
    house_edge_no_raise: Fraction
    element_of_risk: Fraction
    variance: Fraction
    hit_frequency: Fraction
    probabilities: dict[str, Fraction]


def play_every_deal(ranks: Sequence[int]) -> tuple[Counter[str], int]:
    """Counts of ``trips``, ``pair``, ``consecutive``, ``win s``, ``lose s`` over every ordered deal."""
    counts: Counter[str] = Counter()
    total = 0
    n = len(ranks)
    for i in range(n):
        for j in range(n):
            if j == i:
                continue
            for k in range(n):
                if k in (i, j):
                    continue
                total += 1
                kind, spread, wins = classify(ranks[i], ranks[j], ranks[k])
                if kind == "spread":
                    counts[f"{'win' if wins else 'lose'} {spread}"] += 1
                else:
                    counts[kind] += 1
    return counts, total


def figures_from_counts(
    counts: Counter[str] | dict[str, int],
    total: int,
    spread_pays: Sequence[Fraction],
    trips_pays: Fraction,
    raise_on_spreads: Sequence[int] | None = None,
) -> RedDogFigures:
    """Raise decision, house edges, element of risk, variance and hit frequency from raw counts.

    The player raises a spread when its raise gains (``pay * wins > losses``), or exactly on the
    spreads ``raise_on_spreads`` when given.
    """
    pays = spread_pays_by_spread(spread_pays)
    stand = {s: pays[s] * counts.get(f"win {s}", 0) - counts.get(f"lose {s}", 0) for s in range(1, 12)}
    if raise_on_spreads is None:
        raised = tuple(s for s in range(1, 12) if stand[s] > 0)
    else:
        raised = tuple(sorted(set(raise_on_spreads)))
    net: dict[str, Fraction] = {TRIPS: Fraction(trips_pays), PAIR: Fraction(0), CONSECUTIVE: Fraction(0)}
    staked: dict[str, int] = {TRIPS: 1, PAIR: 1, CONSECUTIVE: 1}
    for s in range(1, 12):
        stake = 2 if s in raised else 1
        net[f"win {s}"] = stake * pays[s]
        net[f"lose {s}"] = Fraction(-stake)
        staked[f"win {s}"] = staked[f"lose {s}"] = stake
    probabilities = {name: Fraction(counts.get(name, 0), total) for name in net}
    mean = sum((net[name] * p for name, p in probabilities.items()), Fraction(0))
    mean_no_raise = sum((probabilities[name] * (net[name] / staked[name]) for name in net), Fraction(0))
    stake_mean = sum((staked[name] * p for name, p in probabilities.items()), Fraction(0))
    second_moment = sum((net[name] ** 2 * p for name, p in probabilities.items()), Fraction(0))
    hits = sum((p for name, p in probabilities.items() if net[name] > 0), Fraction(0))
    return RedDogFigures(
        counts=dict(counts),
        total=total,
        raise_on_spreads=raised,
        spread_deals={s: counts.get(f"win {s}", 0) + counts.get(f"lose {s}", 0) for s in range(1, 12)},
        stand_values={s: Fraction(stand[s], total) for s in range(1, 12)},
        house_edge=-mean,
        house_edge_no_raise=-mean_no_raise,
        element_of_risk=-mean / stake_mean,
        variance=second_moment - mean**2,
        hit_frequency=hits,
        probabilities=probabilities,
    )


def brute_force(
    ranks: Sequence[int],
    spread_pays: Sequence[Fraction] = (Fraction(5), Fraction(4), Fraction(2), Fraction(1)),
    trips_pays: Fraction = Fraction(11),
    raise_on_spreads: Sequence[int] | None = None,
) -> RedDogFigures:
    """Every figure of the shoe ``ranks`` from every ordered deal of its physical cards (raising
    as the counts say, or on the spreads ``raise_on_spreads`` when given)."""
    counts, total = play_every_deal(ranks)
    return figures_from_counts(counts, total, spread_pays, trips_pays, raise_on_spreads)


def infinite_deck(
    spread_pays: Sequence[Fraction] = (Fraction(5), Fraction(4), Fraction(2), Fraction(1)),
    trips_pays: Fraction = Fraction(11),
) -> RedDogFigures:
    """Every figure of the infinite-deck game: all 13**3 rank sequences, equally likely."""
    counts: Counter[str] = Counter()
    for first, second, third in product(range(2, 15), repeat=3):
        kind, spread, wins = classify(first, second, third)
        counts[f"{'win' if wins else 'lose'} {spread}" if kind == "spread" else kind] += 1
    return figures_from_counts(counts, 13**3, spread_pays, trips_pays)
