"""Brute-force oracles for High Card Pool, sharing no code with cardmath.games.pool.

Cards are plain integers 0..51: rank ``c // 4`` (0 = deuce .. 12 = ace), suit ``c % 4``.  A hand
beats a card when it holds a card of the same suit and higher rank; the oracles test that
definition card by card over every hand and every unseen card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card_number(text: str) -> int:
    """``"As"`` -> 51: rank index times 4 plus suit index (suits c d h s)."""
    return RANKS.index(text[0].upper()) * 4 + SUITS.index(text[1].lower())


def beats(hand: Iterable[int], card: int) -> bool:
    """Whether the hand holds a card of the suit of ``card`` with a higher rank."""
    return any(h % 4 == card % 4 and h // 4 > card // 4 for h in hand)


def beaten_unseen(hand: Sequence[int], seen: Iterable[int] = ()) -> tuple[int, int]:
    """``(beaten, unseen)``: the unseen cards the hand beats, tried one by one, and how many are unseen."""
    out = set(hand) | set(seen)
    unseen = [c for c in range(52) if c not in out]
    return sum(1 for c in unseen if beats(hand, c)), len(unseen)


@cache
def hands_by_beaten(hand_size: int, out_of_play: tuple[int, ...] = ()) -> tuple[Counter[int], int]:
    """Every hand of the size listed: how many beat exactly k unseen cards, and the number unseen.

    Uses each suit's highest held rank (found by scanning the hand) and then tries every one of
    the 52 cards, so it is quadratic but independent of any generating function.
    """
    out = set(out_of_play)
    deck = [c for c in range(52) if c not in out]
    unseen = len(deck) - hand_size
    counts: Counter[int] = Counter()
    for hand in combinations(deck, hand_size):
        top = [-1, -1, -1, -1]
        for h in hand:
            top[h % 4] = max(top[h % 4], h // 4)
        held = set(hand)
        beaten = 0
        for c in deck:
            if c not in held and c // 4 < top[c % 4]:
                beaten += 1
        counts[beaten] += 1
    return counts, unseen


def first_player_gain_times_total(hand_size: int, pool: int, ante: int) -> tuple[int, int]:
    """The first player's expected gain with the best bet as ``numerator / denominator`` (ints).

    The rule is re-derived here by trying every choice: fold (lose the ante), bet the minimum (the
    ante, or the pool when it holds less), bet the pool; a bet of b wins b with chance k/U and loses
    b otherwise.  The gain is linear in b, so the best bet is at one end.  Gains are scaled by U.
    """
    counts, unseen = hands_by_beaten(hand_size)
    minimum = min(ante, pool)
    total = 0
    for beaten, hands in counts.items():
        choices = [-ante * unseen, (2 * beaten - unseen) * minimum, (2 * beaten - unseen) * pool]
        total += hands * max(choices)
    return total, sum(counts.values()) * unseen


def player_against_bank_times_total(hand_size: int, bank: int) -> tuple[int, int]:
    """A player's expected gain against a bank (bet the bank or nothing), as ``numerator, denominator``."""
    counts, unseen = hands_by_beaten(hand_size)
    total = sum(hands * max(0, (2 * beaten - unseen) * bank) for beaten, hands in counts.items())
    return total, sum(counts.values()) * unseen
