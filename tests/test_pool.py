"""High Card Pool: exact chances, the distribution of every hand, best bets and Kelly sizing.

Every figure is checked against tests/oracles/pool_bruteforce.py (every hand listed, every unseen
card tried) or against a value worked by hand in the test.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Rational

from cardmath.cards import FULL_DECK, Card, parse_cards
from cardmath.errors import CardmathError, CardNotationError, OptionError
from cardmath.games.pool import (
    HandError,
    best_bank_bet,
    best_bet,
    bet_limits,
    distribution,
    explain,
    first_player_expected_gain,
    kelly_bank_bet,
    kelly_bet,
    player_bank_expected_gain,
    publication_tables,
    summary_table,
    win_probability,
)
from tests.oracles.pool_bruteforce import (
    beaten_unseen,
    card_number,
    first_player_gain_times_total,
    hands_by_beaten,
    player_against_bank_times_total,
)


def brute(hand_size: int, out: tuple[int, ...] = ()) -> tuple[Counter[int], int]:
    return hands_by_beaten(hand_size, out)


def numbers(cards: tuple[Card, ...]) -> list[int]:
    return [card_number(str(card)) for card in cards]


# --- one hand ---------------------------------------------------------------------------------------


def test_worked_example_hand() -> None:
    # As beats 12 spades less the 2s held: 11; Kh 11; Qd 10; Jc 9: 41 of 47 unseen cards.
    assert win_probability("As,Kh,Qd,Jc,2s") == Rational(41, 47)


def test_explanation_names_the_cards_that_beat() -> None:
    chance = explain("As,Kh,Qd,Jc,2s", seen="Ks,3c")
    assert (chance.unseen, chance.beaten) == (45, 39)
    by_card = {str(c.card): (c.beats, c.highest_of_suit) for c in chance.cards}
    assert by_card == {
        "As": (10, True),
        "Kh": (11, True),
        "Qd": (10, True),
        "Jc": (8, True),
        "2s": (0, False),
    }
    spades = next(s for s in chance.suits if s.highest is not None and str(s.highest) == "As")
    assert "Ks" not in {str(c) for c in spades.beaten}


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 8), st.integers(0, 20))
def test_hand_with_seen_cards_against_every_unseen_card(
    rng: random.Random, size: int, seen_count: int
) -> None:
    cards = rng.sample(FULL_DECK, size + seen_count)
    hand, seen = tuple(cards[:size]), tuple(cards[size:])
    beaten, unseen = beaten_unseen(numbers(hand), numbers(seen))
    chance = explain(hand, seen)
    assert (chance.beaten, chance.unseen) == (beaten, unseen)
    assert chance.win_probability == Rational(beaten, unseen)


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 8), st.integers(0, 15))
def test_seeing_a_beaten_card_never_raises_the_chance(rng: random.Random, size: int, seen_count: int) -> None:
    cards = rng.sample(FULL_DECK, size + seen_count)
    hand, seen = cards[:size], cards[size:]
    before = explain(hand, seen)
    beaten = [c for s in before.suits for c in s.beaten]
    unbeaten = [c for c in FULL_DECK if c not in hand and c not in seen and c not in beaten]
    if beaten:
        assert win_probability(hand, [*seen, rng.choice(beaten)]) <= before.win_probability
    if unbeaten and len(hand) + len(seen) < 51:
        assert win_probability(hand, [*seen, rng.choice(unbeaten)]) >= before.win_probability


@pytest.mark.parametrize(
    ("hand", "seen", "size", "error"),
    [
        ("As,As", "", None, HandError),
        ("As,Kd", "Kd", None, HandError),
        ("As,Kd", "2c,2c", None, HandError),
        ("As,Kd", "", 5, HandError),
        ("As,Xx", "", None, CardNotationError),
        ("", "", None, HandError),
    ],
)
def test_bad_hands(hand: str, seen: str, size: int | None, error: type[CardmathError]) -> None:
    with pytest.raises(error):
        win_probability(hand, seen, hand_size=size)


# --- the distribution -----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_distribution_against_every_hand(size: int) -> None:
    counts, unseen = brute(size)
    table = distribution(size)
    assert table.unseen == unseen
    assert {k: n for k, n in enumerate(table.hands_beating) if n} == dict(counts)


@pytest.mark.slow
def test_distribution_of_five_card_hands_against_every_hand() -> None:
    counts, unseen = brute(5)
    table = distribution(5)
    assert {k: n for k, n in enumerate(table.hands_beating) if n} == dict(counts)
    beaten_total = sum(k * n for k, n in counts.items())
    assert table.win_probability == Rational(beaten_total, sum(counts.values()) * unseen)
    assert table.favourable_hands == sum(n for k, n in counts.items() if 2 * k > unseen)


def test_published_figures() -> None:
    # The figures the documentation states; the five-card ones are also checked hand by hand above (slow).
    five, four = distribution(5), distribution(4)
    assert (five.hands, five.win_probability, five.favourable_hands) == (
        2598960,
        Rational(8689, 19740),
        862680,
    )
    assert four.win_probability == Rational(4489, 11900)


@pytest.mark.parametrize("size", [3, 4])
def test_summary_counts_against_every_hand(size: int) -> None:
    counts, unseen = brute(size)
    table = distribution(size)
    assert table.win_probability == Rational(sum(k * n for k, n in counts.items()), comb(52, size) * unseen)
    assert table.favourable_hands == sum(n for k, n in counts.items() if 2 * k > unseen)
    assert table.even_hands == sum(n for k, n in counts.items() if 2 * k == unseen)
    assert table.hopeless_hands == counts[0]
    assert table.certain_hands == counts[unseen]


@pytest.mark.parametrize("out", ["As", "2c,Kd,7h", "Ac,Kc,Qc,Jc,Tc"])
def test_distribution_with_cards_out_of_play_against_every_hand(out: str) -> None:
    out_cards = parse_cards(out)
    counts, unseen = brute(3, tuple(sorted(numbers(out_cards))))
    table = distribution(3, out_cards)
    assert table.unseen == unseen
    assert {k: n for k, n in enumerate(table.hands_beating) if n} == dict(counts)


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 8), st.integers(0, 30))
def test_distribution_sums_to_every_hand(rng: random.Random, size: int, out_count: int) -> None:
    out = rng.sample(FULL_DECK, out_count)
    table = distribution(size, out)
    assert table.hands == comb(52 - out_count, size)
    assert len(table.hands_beating) == table.unseen + 1


def test_bad_hand_sizes() -> None:
    for size in (0, -1, 52):
        with pytest.raises(HandError, match="hand size"):
            distribution(size)


def test_publication_tables() -> None:
    tables = publication_tables(4)
    assert len({t.title for t in tables}) == len(tables) == 2
    counts, _ = brute(4)
    *rows, total = tables[0].rows
    assert {row[0]: row[1] for row in rows} == dict(counts)
    assert sum(row[2] for row in rows) == 1
    assert total == ("total", comb(52, 4), 1, None)
    summary = summary_table(range(3, 9))
    assert [row[0] for row in summary.rows] == [3, 4, 5, 6, 7, 8]
    assert [row[1] for row in summary.rows] == [comb(52, h) for h in range(3, 9)]
    assert summary.rows[1][3] == Rational(4489, 11900)


# --- betting ---------------------------------------------------------------------------------------


def gain_of(p: Rational, bet: Rational) -> Rational:
    return (2 * p - 1) * bet


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 47),
    st.integers(1, 47),
    st.fractions(min_value=0, max_value=1000).filter(lambda x: x > 0),
    st.fractions(min_value=0, max_value=50).filter(lambda x: x > 0),
    st.lists(st.fractions(min_value=0, max_value=1), min_size=1, max_size=5),
)
def test_best_bet_beats_every_allowed_choice(beaten: int, unseen: int, pool, ante, spots) -> None:  # type: ignore[no-untyped-def]
    if beaten > unseen:
        return
    p = Rational(beaten, unseen)
    pool_r, ante_r = Rational(pool.numerator, pool.denominator), Rational(ante.numerator, ante.denominator)
    best = best_bet(p, pool_r, ante_r)
    low, high = bet_limits(pool_r, ante_r)
    assert best.expected_gain >= -ante_r
    for spot in spots:
        amount = low + Rational(spot.numerator, spot.denominator) * (high - low)
        assert best.expected_gain >= gain_of(p, amount)
    if best.action == "bet":
        assert low <= best.amount <= high
        assert best.expected_gain == gain_of(p, best.amount)


def test_best_bet_cases_by_hand() -> None:
    assert best_bet(Rational(24, 47), 10, 1).amount == 10
    half = best_bet(Rational(1, 2), 10, 1)
    assert (half.action, half.amount, half.expected_gain) == ("bet", 1, 0)
    low = best_bet(Rational(1, 47), 10, 1)
    assert (low.action, low.amount, low.expected_gain) == ("bet", 1, Rational(-45, 47))
    zero = best_bet(0, 10, 1)
    assert (zero.action, zero.amount, zero.expected_gain) == ("fold", 1, -1)
    # A pool below the ante: the pool is the only bet, and it costs less than the forfeit.
    small = best_bet(0, Rational(1, 2), 1)
    assert (small.action, small.amount, small.expected_gain) == ("bet", Rational(1, 2), Rational(-1, 2))
    assert best_bank_bet(Rational(1, 2), 10).action == "no bet"
    assert best_bank_bet(Rational(30, 47), 10).expected_gain == Rational(130, 47)


@pytest.mark.parametrize("bad", [0, -3, "x", "1/0"])
def test_stakes_must_be_positive(bad: Any) -> None:
    with pytest.raises(OptionError):
        best_bet(Rational(1, 2), bad, 1)
    with pytest.raises(OptionError):
        best_bet(Rational(1, 2), 10, bad)


def log_wealth(p: float, wealth: float, bet: float) -> float:
    return p * math.log(wealth + bet) + (1 - p) * math.log(wealth - bet)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 46), st.integers(2, 500), st.integers(1, 300), st.integers(1, 5))
def test_kelly_bet_maximises_log_wealth(beaten: int, wealth: int, pool: int, ante: int) -> None:
    if wealth <= ante:
        return
    p = Rational(beaten, 47)
    kelly = kelly_bet(p, wealth, pool, ante)
    low, high = min(ante, pool), min(pool, wealth)
    chosen = log_wealth(float(p), wealth, float(kelly.amount))
    assert chosen >= math.log(wealth - ante) - 1e-12
    for step in range(11):
        other = low + (high - low) * step / 10
        if other < wealth:
            assert chosen >= log_wealth(float(p), wealth, other) - 1e-12


def test_kelly_cases_by_hand() -> None:
    # p = 41/47: (2p - 1) W = 35/47 * 100, inside the limits.
    assert kelly_bet(Rational(41, 47), 100, 1000, 1).amount == Rational(3500, 47)
    assert kelly_bet(Rational(41, 47), 100, 20, 1).amount == 20
    assert kelly_bet(Rational(10, 47), 100, 20, 1).amount == 1
    assert kelly_bet(0, 100, 20, 1).action == "fold"
    assert kelly_bet(1, 100, 1000, 1).amount == 100
    assert kelly_bank_bet(Rational(1, 3), 100, 50).action == "no bet"
    assert kelly_bank_bet(Rational(3, 4), 100, 30).amount == 30
    with pytest.raises(OptionError, match="bankroll"):
        kelly_bet(Rational(1, 2), 1, 10, 1)


@pytest.mark.parametrize(("size", "pool", "ante"), [(3, 3, 1), (4, 10, 2), (4, 1, 3)])
def test_first_player_expected_gain_against_every_hand(size: int, pool: int, ante: int) -> None:
    numerator, denominator = first_player_gain_times_total(size, pool, ante)
    assert first_player_expected_gain(pool, ante, size) == Rational(numerator, denominator)


@pytest.mark.parametrize(("size", "bank"), [(3, 7), (4, 10)])
def test_player_against_bank_against_every_hand(size: int, bank: int) -> None:
    numerator, denominator = player_against_bank_times_total(size, bank)
    assert player_bank_expected_gain(bank, size) == Rational(numerator, denominator)
