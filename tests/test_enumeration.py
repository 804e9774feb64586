"""The enumeration layer against direct enumeration of physical cards."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardmath.enumeration import (
    OutcomeTable,
    falling_factorial,
    falling_factorial_polynomial,
    multiset_of,
    polynomial_add,
    polynomial_mul,
    polynomial_scale,
    polynomial_through,
)


@given(st.integers(0, 60), st.integers(0, 8))
def test_falling_factorial_matches_permutations(n: int, m: int) -> None:
    expected = math.perm(n, m) if m <= n else 0
    assert falling_factorial(n, m) == expected


def test_multiset_of() -> None:
    assert multiset_of([]) == ()
    assert multiset_of([2, 0, 2, 2]) == ((0, 1), (2, 3))


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=7))
def test_a_polynomial_is_found_again_from_its_values(coefficients: list[int]) -> None:
    values = [sum(c * d**i for i, c in enumerate(coefficients)) for d in range(1, len(coefficients) + 1)]
    found = polynomial_through(values)
    trimmed = list(coefficients)
    while trimmed and trimmed[-1] == 0:
        trimmed.pop()
    assert list(found) == trimmed


def test_values_of_no_integer_polynomial_are_refused() -> None:
    with pytest.raises(ValueError, match="not those of an integer polynomial"):
        polynomial_through([0, 1, 3])  # d (d - 1) / 2


def game_table() -> OutcomeTable[str]:
    """A small game over 3 categories: a pair stops after two cards, otherwise a third is dealt."""

    def sequences() -> list[tuple[str, tuple[int, ...]]]:
        result: list[tuple[str, tuple[int, ...]]] = []
        for a, b in itertools.product(range(3), repeat=2):
            if a == b:
                result.append(("pair", (a, b)))
            else:
                for c in range(3):
                    result.append(("high" if c > max(a, b) else "low", (a, b, c)))
        return result

    return OutcomeTable.build(3, sequences())


def brute_force(counts: tuple[int, ...]) -> Counter[str]:
    cards = [c for c, n in enumerate(counts) for _ in range(n)]
    outcome: Counter[str] = Counter()
    for i, j, k in itertools.permutations(range(len(cards)), 3):
        a, b, c = cards[i], cards[j], cards[k]
        outcome["pair" if a == b else ("high" if c > max(a, b) else "low")] += 1
    return outcome


@settings(max_examples=40, deadline=None)
@given(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4)).filter(lambda t: sum(t) >= 3))
def test_padded_counts_match_every_physical_deal(counts: tuple[int, int, int]) -> None:
    table = game_table()
    expected = brute_force(counts)
    result = table.evaluate(counts)
    assert {k: v for k, v in result.items() if v} == {k: v for k, v in expected.items() if v}
    assert sum(result.values()) == table.total(counts) == math.perm(sum(counts), 3)


def test_infinite_shoe_probabilities_sum_to_one() -> None:
    table = game_table()
    result = table.evaluate((1, 2, 3), infinite=True)
    assert sum(result.values()) == table.total((1, 2, 3), infinite=True) == 6**3
    # a pair is two independent draws of one category, whatever the unused third card is
    assert result["pair"] == (1 + 4 + 9) * 6


@pytest.mark.parametrize("per_deck", [(1, 1, 1), (2, 1, 3), (4, 4, 4)])
def test_polynomials_agree_with_every_deck_count(per_deck: tuple[int, int, int]) -> None:
    table = game_table()
    polynomials = table.evaluate_polynomial(per_deck)
    total = table.total_polynomial(per_deck)
    for decks in range(1, 6):
        counts = tuple(decks * n for n in per_deck)
        values = table.evaluate(counts)
        for outcome, polynomial in polynomials.items():
            assert sum(c * decks**i for i, c in enumerate(polynomial)) == values[outcome]
        assert sum(c * decks**i for i, c in enumerate(total)) == table.total(counts)


def test_polynomial_helpers() -> None:
    assert polynomial_add((), (1, 2)) == (1, 2)
    assert polynomial_mul((), (1,)) == ()
    assert polynomial_mul((1, 1), (1, 1)) == (1, 2, 1)
    assert polynomial_scale((1, -2), 3) == (3, -6)
    assert falling_factorial_polynomial(4, 3, offset=1) == polynomial_mul(
        polynomial_mul((-1, 4), (-2, 4)), (-3, 4)
    )


def test_build_rejects_a_sequence_longer_than_the_padding() -> None:
    with pytest.raises(ValueError, match="longer"):
        OutcomeTable.build(2, [("x", (0, 1, 2))])
    table = OutcomeTable.build(2, [("a", (0,)), ("b", (1, 1))])
    assert table.outcomes() == ("a", "b")
