"""Chemin de fer payoffs of pure strategies by brute force over physical cards, sharing no code with cardmath.

A shoe is a plain list of physical cards, each a pair ``(rank, suit)`` such as ``("K", "s")``.
Every ordered way of dealing distinct physical cards is followed: Player's two cards, Banker's
two, then Player's third card if he draws and Banker's third if he draws, each from the cards
not yet dealt.  A deal that stops after ``k`` cards stands for the ``ff(N - k, 6 - k)`` ways of
dealing the six cards the convention counts, so the result is exactly the expected net win of
Player (a win +1, a loss -1, a tie 0).

Strategies are functions of what a side sees: ``player_draws(cards)`` decides on Player's two
physical cards when they total 5 (he draws on 0 to 4 and stands on 6 or 7 by rule);
``banker_draws(cards, third)`` decides on Banker's two physical cards and the value of Player's
third card (``None`` when Player stood).  Card values: a ten or a picture counts 0, an ace 1.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

__all__ = ["PhysicalCard", "brute_force", "one_suit", "value"]

PhysicalCard = tuple[str, str]

_VALUES = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0, **{str(n): n for n in range(2, 10)}}


def value(card: PhysicalCard) -> int:
    """A card's value in chemin de fer."""
    return _VALUES[card[0]]


def one_suit(suit: str = "s") -> list[PhysicalCard]:
    """The thirteen cards of one suit of a deck."""
    return [(rank, suit) for rank in "A23456789TJQK"]


def _ways(remaining: int, unused: int) -> int:
    result = 1
    for i in range(unused):
        result *= remaining - i
    return result


def brute_force(
    cards: Sequence[PhysicalCard],
    player_draws: Callable[[tuple[PhysicalCard, PhysicalCard]], bool],
    banker_draws: Callable[[tuple[PhysicalCard, PhysicalCard], int | None], bool],
) -> Fraction:
    """Player's expected net win when both sides follow the given pure strategies."""
    size = len(cards)
    indices = range(size)
    net = 0
    for p1 in indices:
        for b1 in indices:
            if b1 == p1:
                continue
            for p2 in indices:
                if p2 in (p1, b1):
                    continue
                for b2 in indices:
                    if b2 in (p1, b1, p2):
                        continue
                    used = {p1, b1, p2, b2}
                    player_cards, banker_cards = (cards[p1], cards[p2]), (cards[b1], cards[b2])
                    player = (value(cards[p1]) + value(cards[p2])) % 10
                    banker = (value(cards[b1]) + value(cards[b2])) % 10
                    if player >= 8 or banker >= 8:
                        net += _ways(size - 4, 2) * ((player > banker) - (banker > player))
                        continue
                    draws = player <= 4 or (player == 5 and player_draws(player_cards))
                    thirds = [p3 for p3 in indices if p3 not in used] if draws else [None]
                    for p3 in thirds:
                        final = player if p3 is None else (player + value(cards[p3])) % 10
                        third_value = None if p3 is None else value(cards[p3])
                        dealt = 4 if p3 is None else 5
                        if not banker_draws(banker_cards, third_value):
                            net += _ways(size - dealt, 6 - dealt) * ((final > banker) - (banker > final))
                            continue
                        for b3 in indices:
                            if b3 in used or b3 == p3:
                                continue
                            last = (banker + value(cards[b3])) % 10
                            net += _ways(size - dealt - 1, 5 - dealt) * ((final > last) - (last > final))
    return Fraction(net, _ways(size, 6))
