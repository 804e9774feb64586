"""Tests that kill mutants of the enumeration layer that the other tests let live (scripts/mutation.sh).

Every expected value comes from a brute force over physical cards or over independent draws, or is
worked by hand in the test.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from math import prod

import pytest

from cardmath.enumeration import OutcomeTable, padding_ways, polynomial_mul


def _short_game_outcome(cards: tuple[int, ...]) -> tuple[str, int]:
    """A game of three categories with deals of one, two or three cards: (outcome, cards used).

    A first card 0 ends the deal; a second card equal to the first ends it with a pair; otherwise a
    third card decides "high" (above both) or "low".
    """
    first, second, third = cards
    if first == 0:
        return "short", 1
    if second == first:
        return "pair", 2
    return ("high" if third > max(first, second) else "low"), 3


def _short_game_table() -> OutcomeTable[str]:
    sequences: list[tuple[str, tuple[int, ...]]] = []
    seen: set[tuple[int, ...]] = set()
    for cards in itertools.product(range(3), repeat=3):
        outcome, used = _short_game_outcome(cards)
        if cards[:used] not in seen:
            seen.add(cards[:used])
            sequences.append((outcome, cards[:used]))
    return OutcomeTable.build(3, sequences)


def test_padding_ways_is_a_falling_factorial_unless_asked_for_an_infinite_shoe() -> None:
    # Two unused cards of 48: 48 * 47 ordered ways; with replacement 48 * 48.
    assert padding_ways(48, 2) == 48 * 47 == math.perm(48, 2)
    assert padding_ways(48, 2, infinite=False) == 2256
    assert padding_ways(48, 2, infinite=True) == 48**2


@pytest.mark.parametrize("weights", [(1, 2, 3), (2, 1, 1), (1, 1, 5)])
def test_an_infinite_shoe_pads_short_deals_with_independent_draws(weights: tuple[int, int, int]) -> None:
    # Every full three-card sequence, each card drawn independently with these weights.
    expected: Counter[str] = Counter()
    for cards in itertools.product(range(3), repeat=3):
        expected[_short_game_outcome(cards)[0]] += prod(weights[c] for c in cards)
    table = _short_game_table()
    result = table.evaluate(weights, infinite=True)
    assert result == dict(expected)
    assert table.total(weights, infinite=True) == sum(weights) ** 3
    # A one-card deal is padded by two draws from the whole shoe: weights[0] * N ** 2.
    assert result["short"] == weights[0] * sum(weights) ** 2


@pytest.mark.parametrize("counts", [(2, 2, 2), (1, 3, 2), (3, 1, 1)])
def test_a_finite_shoe_pads_short_deals_with_the_cards_left(counts: tuple[int, int, int]) -> None:
    cards = [c for c, n in enumerate(counts) for _ in range(n)]
    expected: Counter[str] = Counter()
    for order in itertools.permutations(cards, 3):
        expected[_short_game_outcome(order)[0]] += 1
    table = _short_game_table()
    result = table.evaluate(counts)
    assert {k: v for k, v in result.items() if v} == dict(expected)
    assert table.total(counts) == math.perm(sum(counts), 3)


def test_an_empty_table_counts_nothing() -> None:
    table: OutcomeTable[str] = OutcomeTable.build(2, [])
    assert table.evaluate((4, 4)) == {}
    assert table.evaluate((4, 4), infinite=True) == {}
    assert table.evaluate_polynomial((4, 4)) == {}
    assert table.total((4, 4)) == 8 * 7


def test_a_product_with_the_zero_polynomial_is_the_zero_polynomial() -> None:
    # The zero polynomial is the empty tuple (no coefficients), on either side of the product.
    assert polynomial_mul((1, 2), ()) == ()
    assert polynomial_mul((), (1, 2)) == ()
    assert polynomial_mul((), ()) == ()
