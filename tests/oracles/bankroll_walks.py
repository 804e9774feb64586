"""An independent oracle for a counting player's risk of ruin: bankroll walks simulated shoe by
shoe, each shoe's result drawn at random (with replacement) from a list of per-shoe results.

It shares no code with cardmath: plain numpy, a seeded generator, and the first passage of each
walk below zero or above an escape level.  A walk that reaches the escape level first counts as
never ruined: choose it so far above the start that ruin from there is negligible.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["ruin_frequency"]

_NEVER = np.iinfo(np.int64).max


def ruin_frequency(
    results: npt.NDArray[np.float64],
    bankroll: float,
    *,
    walks: int,
    escape: float,
    seed: int,
    block: int = 256,
) -> float:
    """The share of ``walks`` bankroll walks, each starting with ``bankroll`` units and adding one
    shoe's result (drawn from ``results``) per step, that fall to 0 or below before their gain
    reaches ``escape`` units."""
    rng = np.random.default_rng(seed)
    position = np.zeros(walks)
    ruined = 0
    while position.size:
        steps = results[rng.integers(0, len(results), size=(position.size, block))]
        path = position[:, None] + np.cumsum(steps, axis=1)
        low, high = path <= -bankroll, path >= escape
        first_low = np.where(low.any(axis=1), low.argmax(axis=1), _NEVER)
        first_high = np.where(high.any(axis=1), high.argmax(axis=1), _NEVER)
        ruin = first_low < first_high
        done = ruin | (first_high < first_low)
        ruined += int(ruin.sum())
        position = path[~done, -1]
    return ruined / walks
