"""A plain Monte-Carlo oracle for High Card Pool's first turn, sharing no code with cardmath.games.pool.

Each trial shuffles a 52-card pack of integers (rank ``c // 4``, suit ``c % 4``), deals the first
player's hand off the top, and turns the next card after the other hands are dealt.  The player
bets the pool when he beats more than half the unseen cards, the ante when he beats at least one,
and folds otherwise.  Returns the sample mean and its standard error.
"""

from __future__ import annotations

import math
import random


def first_turn_gain(
    hand_size: int, players: int, pool: int, ante: int, *, trials: int, seed: int, banking: bool = False
) -> tuple[float, float]:
    """Mean gain of the first player's turn and its standard error over ``trials`` seeded deals."""
    rng = random.Random(seed)
    pack = list(range(52))
    total = 0.0
    squares = 0.0
    for _ in range(trials):
        rng.shuffle(pack)
        hand = pack[:hand_size]
        decision = pack[hand_size * players]
        unseen = 52 - hand_size
        beaten = sum(1 for c in range(52) if c not in hand and any(h % 4 == c % 4 and h > c for h in hand))
        if 2 * beaten > unseen:
            bet = pool
        elif banking:
            bet = 0
        elif beaten > 0:
            bet = ante
        else:
            total -= ante
            squares += ante * ante
            continue
        won = any(h % 4 == decision % 4 and h // 4 > decision // 4 for h in hand)
        gain = bet if won else -bet
        total += gain
        squares += gain * gain
    mean = total / trials
    variance = (squares - trials * mean * mean) / (trials - 1)
    return mean, math.sqrt(variance / trials)
