"""An independent Dragon Tiger shoe for counting studies of the tie bet, written from the house
procedure and the tie's chance, not from cardmath's code.

Cards are indices 0..51 (rank index times 4 plus suit; the rank alone decides a tie).  The shoe's
first card is shown and burned (Dragon Tiger burns nothing more after it), unless the shoe is dealt
without the burn; each round deals the Dragon's card, then the Tiger's.  The cut card has
``cut_card`` cards behind it: the round in which it comes out is finished, ``rounds_after_cut``
more rounds are dealt and the shoe ends; if it comes out instead of a round's first card, that
round is the last.  A round needs two cards.

The tie of a round wins when both cards have one rank: with ``n_r`` cards of rank ``r`` among the
``N`` left, its chance is ``sum n_r (n_r - 1) / (N (N - 1))`` and its house edge at ``pays`` to 1 is
``1 - (pays + 1) * chance``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["ShoeFigures", "deal_all", "simulate", "tie_edge"]


def tie_edge(left: list[int], pays: int) -> Fraction:
    """The exact house edge of the tie on the cards left (``left[i]``: copies of card ``i``)."""
    by_rank = [sum(left[4 * rank : 4 * rank + 4]) for rank in range(13)]
    total = sum(by_rank)
    same = sum(n * (n - 1) for n in by_rank)
    return 1 - (pays + 1) * Fraction(same, total * (total - 1))


def deal_all(
    cards: list[int], cut_card: int, rounds_after_cut: int = 1, *, burn: bool = True
) -> tuple[int, list[tuple[int, int, int]]]:
    """Burn, then deal every round of a shoe in the order ``cards``: the cards burned and, per
    round, (cards left before it, the Dragon's card, the Tiger's card)."""
    shoe = list(cards)
    burned = 0
    if burn:
        shoe.pop(0)
        burned = 1
    rounds: list[tuple[int, int, int]] = []
    extra: int | None = None
    while len(shoe) >= 2 and (extra is None or extra > 0):
        left = len(shoe)
        cut_card_first = extra is None and left == cut_card
        dragon = shoe.pop(0)
        tiger = shoe.pop(0)
        rounds.append((left, dragon, tiger))
        if extra is not None:
            extra -= 1
        elif cut_card_first:
            extra = 0
        elif len(shoe) < cut_card:
            extra = rounds_after_cut
    return burned, rounds


@dataclass(frozen=True)
class ShoeFigures:
    """One simulated shoe: its rounds, the actual net result of betting the tie every round, the
    sum of the rounds' exact house edges, and perfect play's expected win and bets (betting
    exactly the rounds whose exact edge is below zero)."""

    rounds: int
    actual: int
    edges: float
    perfect_win: float
    perfect_bets: int


def simulate(
    shoes: int,
    seed: int,
    *,
    decks: int = 8,
    cut_card: int = 14,
    rounds_after_cut: int = 1,
    pays: int = 8,
    burn: bool = True,
) -> list[ShoeFigures]:
    """Shuffle ``shoes`` shoes with Python's own generator seeded with ``seed`` and deal each."""
    generator = random.Random(seed)
    found: list[ShoeFigures] = []
    for _ in range(shoes):
        cards = [card for card in range(52) for _ in range(decks)]
        generator.shuffle(cards)
        by_rank = [4 * decks] * 13
        if burn:
            by_rank[cards[0] // 4] -= 1
        total = sum(by_rank)
        same = sum(n * (n - 1) for n in by_rank)
        _, rounds = deal_all(cards, cut_card, rounds_after_cut, burn=burn)
        actual = 0
        edges = 0.0
        perfect_win = 0.0
        perfect_bets = 0
        for _, dragon, tiger in rounds:
            # the house edge 1 - (pays + 1) * same / (total * (total - 1)), as a fraction
            pairs = total * (total - 1)
            numerator = pairs - (pays + 1) * same
            edges += numerator / pairs
            if numerator < 0:
                perfect_win -= numerator / pairs
                perfect_bets += 1
            actual += pays if dragon // 4 == tiger // 4 else -1
            for card in (dragon, tiger):
                same -= 2 * (by_rank[card // 4] - 1)  # n (n - 1) becomes (n - 1) (n - 2)
                by_rank[card // 4] -= 1
                total -= 1
        found.append(ShoeFigures(len(rounds), actual, edges, perfect_win, perfect_bets))
    return found
