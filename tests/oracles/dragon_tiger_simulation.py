"""A seeded simulation of Dragon Tiger dealt from physical cards, sharing no code with the engine.

Each coup is dealt from a freshly shuffled shoe of ``decks`` decks: the Dragon's card, then the
Tiger's, the top two cards.  A coup is reported as the two cards ``(rank 1..13, suit letter)``,
so the tests score every bet with their own reading of its rules.
"""

from __future__ import annotations

import random

__all__ = ["simulate"]


def simulate(decks: int, coups: int, seed: int) -> list[tuple[tuple[int, str], tuple[int, str]]]:
    """``coups`` independent coups, each the top two cards of a fresh shuffle."""
    rng = random.Random(seed)
    shoe = [(rank, suit) for rank in range(1, 14) for suit in "cdhs"] * decks
    coups_dealt = []
    for _ in range(coups):
        dragon, tiger = rng.sample(shoe, 2)
        coups_dealt.append((dragon, tiger))
    return coups_dealt
