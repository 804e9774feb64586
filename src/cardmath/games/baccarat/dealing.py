"""Baccarat dealt from physical cards: a round by the drawing rules (:func:`deal_round`) and the
burn at the start of a shoe (:func:`burn_count`), what a counting study deals shoes with.

>>> from cardmath.cards import Card
>>> order = [Card.parse(c).index for c in "9s 2h Kd 3c 5d".split()]
>>> deal, used = deal_round(order, 0, BaccaratRules())
>>> deal.player_total, deal.banker_total, used
(9, 5, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.cards import FULL_DECK
from cardmath.games.baccarat.deal import Deal
from cardmath.games.baccarat.rules import RANK_VALUES, BaccaratRules, FirstTwo

__all__ = ["CARD_VALUES", "burn_count", "deal_round"]

Array = npt.NDArray[Any]

CARD_VALUES: Array = np.array([RANK_VALUES[index // 4] for index in range(52)], dtype=np.int64)
"""The baccarat value of each of the 52 cards by :attr:`~cardmath.cards.Card.index`."""

_VALUES: tuple[int, ...] = tuple(int(value) for value in CARD_VALUES)
""":data:`CARD_VALUES` as Python integers (reading a tuple is faster than indexing an array)."""


def burn_count(card: int) -> int:
    """Cards burned after the exposed first card (by card index): its value, 10 for a ten or a
    picture.

    >>> from cardmath.cards import Card
    >>> [burn_count(Card.parse(text).index) for text in ("7h", "Kd", "As")]
    [7, 10, 1]
    """
    value = int(CARD_VALUES[card])
    return value if value else 10


def deal_round(order: Sequence[int] | Array, position: int, rules: BaccaratRules) -> tuple[Deal, int]:
    """Deal one round from the shuffled ``order`` (card indices) at ``position``: the final deal
    (every field filled in, so any bet can read it) and the number of cards used (4 to 6).

    Cards go player, banker, player, banker, then the third cards by the drawing rules.  ``order``
    may be a list (fastest: :func:`deal_shoe` passes one) or a NumPy array.

    >>> from cardmath.cards import Card
    >>> order = np.array([Card.parse(c).index for c in "9s 2h Kd 3c 5d".split()])
    >>> deal, used = deal_round(order, 0, BaccaratRules())
    >>> deal.player_total, deal.banker_total, deal.banker_cards, used
    (9, 5, 2, 4)
    """
    drawing = rules.drawing
    p1, b1, p2, b2 = order[position : position + 4]
    player_first, player_second = _VALUES[p1], _VALUES[p2]
    banker_first, banker_second = _VALUES[b1], _VALUES[b2]
    player = (player_first + player_second) % 10
    banker = (banker_first + banker_second) % 10
    used = 4
    player_third: int | None = None
    banker_third: int | None = None
    player_total, banker_total = player, banker
    if not drawing.deal_ends(player, banker):
        if drawing.player_draws(player):
            player_third = _VALUES[order[position + used]]
            player_total = (player + player_third) % 10
            used += 1
        if drawing.banker_draws(banker, player_third):
            banker_third = _VALUES[order[position + used]]
            banker_total = (banker + banker_third) % 10
            used += 1
    deal = Deal(
        player_total,
        banker_total,
        2 if player_third is None else 3,
        2 if banker_third is None else 3,
        player_third,
        banker_third,
        _match(p1, p2),
        _match(b1, b2),
        (player_first, player_second),
        (banker_first, banker_second),
        (FULL_DECK[p1], FULL_DECK[p2]),
        (FULL_DECK[b1], FULL_DECK[b2]),
    )
    return deal, used


def _match(first: int, second: int) -> FirstTwo:
    """How two cards (indices) match: the same card of two decks, a pair of ranks, or neither."""
    if first == second:
        return FirstTwo.IDENTICAL
    return FirstTwo.PAIR if first // 4 == second // 4 else FirstTwo.UNPAIRED
