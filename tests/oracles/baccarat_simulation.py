"""A seeded simulation of punto banco dealt from physical cards, sharing no code with the engine.

Each hand is dealt from a freshly shuffled shoe (the rule of the seed's six-deck game: reshuffle
after every hand).  A hand is reported as the facts the bets need, so the tests can score every
bet with their own reading of its rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["SimulatedHand", "simulate"]

POINTS = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0, **{str(n): n for n in range(2, 10)}}


@dataclass(frozen=True)
class SimulatedHand:
    """One dealt hand: the cards of each side as (rank, suit) in dealing order, and the points."""

    player: tuple[tuple[str, str], ...]
    banker: tuple[tuple[str, str], ...]

    @property
    def player_points(self) -> int:
        return sum(POINTS[rank] for rank, _ in self.player) % 10

    @property
    def banker_points(self) -> int:
        return sum(POINTS[rank] for rank, _ in self.banker) % 10


def _points(cards: list[tuple[str, str]]) -> int:
    return sum(POINTS[rank] for rank, _ in cards) % 10


def deal_one(cards: list[tuple[str, str]]) -> SimulatedHand:
    """Deal one hand from the top of an already shuffled list of at least six cards."""
    player = [cards[0], cards[2]]
    banker = [cards[1], cards[3]]
    position = 4
    if _points(player) < 8 and _points(banker) < 8:
        player_third = None
        if _points(player) <= 5:
            player_third = POINTS[cards[position][0]]
            player.append(cards[position])
            position += 1
        banker_points = _points(banker)
        if player_third is None:
            banker_draws = banker_points <= 5
        else:
            banker_draws = (
                banker_points <= 2
                or (banker_points == 3 and player_third != 8)
                or (banker_points == 4 and 2 <= player_third <= 7)
                or (banker_points == 5 and 4 <= player_third <= 7)
                or (banker_points == 6 and 6 <= player_third <= 7)
            )
        if banker_draws:
            banker.append(cards[position])
    return SimulatedHand(tuple(player), tuple(banker))


def simulate(decks: int, hands: int, seed: int) -> list[SimulatedHand]:
    """``hands`` independent hands, each from a fresh shuffle of ``decks`` decks."""
    rng = random.Random(seed)
    shoe = [(rank, suit) for rank in "23456789TJQKA" for suit in "cdhs"] * decks
    return [deal_one(rng.sample(shoe, 6)) for _ in range(hands)]
