"""A seeded simulation of casino Red Dog rounds, sharing no code with cardmath.

Each round shuffles a fresh shoe (a list of ranks 2..14), deals cards one after the other by the
rules of the game (docs/games/reddog.md), raises on the given spreads and records the net result
per initial bet.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["SimulationResult", "simulate"]


@dataclass(frozen=True)
class SimulationResult:
    """Mean and variance of the net result per initial bet, and how often each outcome came."""

    rounds: int
    mean: float
    variance: float
    outcomes: Counter[str]


def simulate(
    ranks: Sequence[int],
    rounds: int,
    *,
    seed: int,
    raise_on_spreads: Sequence[int],
    spread_pays: Sequence[int] = (5, 4, 2, 1),
    trips_pays: int = 11,
) -> SimulationResult:
    """Play ``rounds`` rounds, each from the full shoe ``ranks`` shuffled anew."""
    generator = random.Random(seed)
    outcomes: Counter[str] = Counter()
    total = 0.0
    total_squares = 0.0
    for _ in range(rounds):
        first, second, third = generator.sample(ranks, 3)
        if first == second:
            net = float(trips_pays) if third == first else 0.0
            outcomes["trips" if third == first else "pair"] += 1
        elif abs(first - second) == 1:
            net = 0.0
            outcomes["consecutive"] += 1
        else:
            low, high = sorted((first, second))
            spread = high - low - 1
            stake = 2 if spread in raise_on_spreads else 1
            pay = spread_pays[min(spread, 4) - 1]
            if low < third < high:
                net = float(stake * pay)
                outcomes[f"win {spread}"] += 1
            else:
                net = float(-stake)
                outcomes[f"lose {spread}"] += 1
        total += net
        total_squares += net * net
    mean = total / rounds
    return SimulationResult(rounds, mean, total_squares / rounds - mean * mean, outcomes)
