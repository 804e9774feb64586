"""A seeded simulation of Andar Bahar dealt from physical cards, sharing no code with cardmath.

Each coup is dealt from a freshly shuffled shoe: the top card is the joker, then cards are dealt
one at a time, alternately to Andar and Bahar, the first to ``first`` (a side, or a function of
the joker card naming it), until a card of the joker's rank appears; its side wins.  A coup is
reported as (winning side, or ``"no match"`` when the shoe runs out; cards dealt after the
joker, the matching card included).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

__all__ = ["simulate"]

PhysicalCard = tuple[int, str]


def simulate(
    shoe: Sequence[PhysicalCard],
    coups: int,
    seed: int,
    first: str | Callable[[PhysicalCard], str] = "andar",
) -> Counter[tuple[str, int]]:
    """``coups`` independent coups, each from a fresh shuffle of ``shoe``, counted by
    (winning side or ``"no match"``, cards dealt after the joker)."""
    rng = random.Random(seed)
    cards = list(shoe)
    results: Counter[tuple[str, int]] = Counter()
    for _ in range(coups):
        rng.shuffle(cards)
        joker, rest = cards[0], cards[1:]
        side = first(joker) if callable(first) else first
        outcome = "no match"
        dealt = 0
        for card in rest:
            dealt += 1
            if card[0] == joker[0]:
                outcome = side
                break
            side = "bahar" if side == "andar" else "andar"
        results[outcome, dealt] += 1
    return results
