"""A toy game with a decision, a burn and deals of two lengths, by brute force over physical cards.

"Double up": the player sees one card, then chooses to double his bet or not; a second card is
dealt.  Higher than his card wins 1 to 1 (on the stake), lower loses; equal burns a card and deals
one more, which wins only if higher than the player's card.  The module shares no code with
cardmath: a shoe is a plain list of ranks (2 to 14), every ordered deal of four distinct physical
cards is one padded deal (the convention cardmath uses: a deal that needs fewer cards counts every
way to deal the unused ones), and exact figures are ``fractions.Fraction``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

__all__ = ["CHOICES", "best_plan", "outcome", "tally"]

CHOICES = ("stand", "double")


def outcome(cards: Sequence[int], choice: str) -> str:
    """The outcome's name of one deal of four cards ``(player, next, burn, again)`` and a choice."""
    player, following, _, again = cards
    prefix = "doubled, " if choice == "double" else ""
    if following != player:
        return prefix + ("won" if following > player else "lost")
    return prefix + ("won again" if again > player else "lost again")


def net(name: str) -> Fraction:
    """The net result per unit of initial bet of an outcome."""
    stake = 2 if name.startswith("doubled") else 1
    return Fraction(stake if "won" in name else -stake)


def tally(shoe: Sequence[int], plan: dict[int, str]) -> Counter[str]:
    """Ordered four-card deals of each outcome when the player makes ``plan[rank]`` holding ``rank``."""
    counts: Counter[str] = Counter()
    for cards in itertools.permutations(shoe, 4):
        counts[outcome(cards, plan[cards[0]])] += 1
    return counts


def best_plan(shoe: Sequence[int]) -> dict[int, str]:
    """The choice of the larger expected value for each rank the player can hold (standing when
    both are worth the same)."""
    value: dict[tuple[int, str], Fraction] = {}
    for cards in itertools.permutations(shoe, 4):
        for choice in CHOICES:
            key = (cards[0], choice)
            value[key] = value.get(key, Fraction(0)) + net(outcome(cards, choice))
    return {
        rank: "double" if value[(rank, "double")] > value[(rank, "stand")] else "stand" for rank in set(shoe)
    }


def edge(shoe: Sequence[int], plan: dict[int, str]) -> Fraction:
    """The house edge per initial bet of a plan."""
    counts = tally(shoe, plan)
    total = sum(counts.values())
    return -sum((net(name) * count for name, count in counts.items()), Fraction(0)) / total
