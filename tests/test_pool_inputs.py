"""High Card Pool's inputs: what is seen given as a Shoe, the table's rules read through
cardmath.numbers, and bad input refused with a CardmathError that says what is wrong.

The chances with a Shoe are checked against tests/oracles/pool_bruteforce.py (every unseen card
tried against the hand, every hand listed), never against the card-list form alone.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Rational

from cardmath.cards import FULL_DECK, Card, parse_cards
from cardmath.errors import CardmathError, OptionError, ShoeError
from cardmath.games.pool import (
    BetAction,
    BetRule,
    FixedBetStrategy,
    HandError,
    PoolRules,
    Stakes,
    best_bet,
    best_bet_rule,
    distribution,
    explain,
    simulate,
    strategy_named,
    turn_gains,
    win_probability,
)
from cardmath.shoe import Shoe
from tests.oracles.pool_bruteforce import (
    beaten_unseen,
    card_number,
    first_player_gain_times_total,
    hands_by_beaten,
    player_against_bank_times_total,
)


def numbers(cards: list[Card] | tuple[Card, ...]) -> list[int]:
    return [card_number(str(card)) for card in cards]


# --- what is seen, as a Shoe -----------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 8), st.integers(0, 20))
def test_a_hand_against_a_pack_without_the_seen_cards(rng: random.Random, size: int, seen_count: int) -> None:
    cards = rng.sample(FULL_DECK, size + seen_count)
    hand, seen = cards[:size], cards[size:]
    pack = Shoe.standard(1).without(seen)
    beaten, unseen = beaten_unseen(numbers(hand), numbers(seen))
    assert win_probability(hand, pack) == Rational(beaten, unseen)
    chance = explain(hand, pack)
    assert (chance.beaten, chance.unseen) == (beaten, unseen)
    assert set(chance.seen) == set(seen)


@pytest.mark.parametrize("out", ["As", "2c,Kd,7h", "Ac,Kc,Qc,Jc,Tc"])
def test_distribution_with_a_pack_without_the_cards_out_of_play(out: str) -> None:
    out_cards = parse_cards(out)
    counts, unseen = hands_by_beaten(3, tuple(sorted(numbers(out_cards))))
    table = distribution(3, Shoe.standard(1).without(out_cards))
    assert table.unseen == unseen
    assert {k: n for k, n in enumerate(table.hands_beating) if n} == dict(counts)
    assert table == distribution(3, out_cards)


@pytest.mark.parametrize(
    "pack",
    [Shoe.infinite(), Shoe.standard(2), Shoe.standard(2).without("As")],
)
def test_only_one_pack_is_a_high_card_pool_pack(pack: Shoe) -> None:
    with pytest.raises(ShoeError, match="one 52-card pack"):
        distribution(5, pack)
    with pytest.raises(ShoeError, match="one 52-card pack"):
        win_probability("As,Kd", pack)


def test_the_pack_must_still_hold_the_hand() -> None:
    with pytest.raises(HandError, match="Kd cannot be in the hand"):
        win_probability("As,Kd", Shoe.standard(1).without("Kd,2c"))


# --- the distribution's bounds -----------------------------------------------------------------------


def test_too_many_cards_out_of_play_says_what_is_wrong() -> None:
    seen = FULL_DECK[:50]
    with pytest.raises(HandError) as caught:
        distribution(5, seen)
    message = str(caught.value)
    assert "50 cards out of play leave 2 cards" in message
    assert "hand of 5 and a decision card" in message and "at most 1" in message
    assert distribution(1, seen).hands == 2
    with pytest.raises(HandError, match="no hand can be dealt"):
        distribution(1, FULL_DECK[:51])


@pytest.mark.parametrize("size", [True, "5", "²", "9" * 5000])
def test_a_hand_size_is_a_whole_number(size: object) -> None:
    if size == "5":
        assert distribution(size).hands == 2598960
        return
    with pytest.raises(HandError, match="hand size"):
        distribution(size)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [2.0, None, [5]])
def test_a_hand_size_of_the_wrong_type_is_a_type_error(size: object) -> None:
    with pytest.raises(TypeError, match="distribution\\(\\) parameter hand_size must be"):
        distribution(size)  # type: ignore[arg-type]


# --- the table's rules ---------------------------------------------------------------------------------


def test_rules_read_numbers_and_keep_whole_chips() -> None:
    rules = PoolRules(players="4", hand_size="4", ante="2", pool_limit="0", bankroll="30")
    assert (rules.players, rules.hand_size, rules.ante, rules.pool_limit, rules.bankroll) == (4, 4, 2, 0, 30)
    assert PoolRules(players=3, banking=True).bank == 100
    assert PoolRules(players=3, banking=True, bank="15").bank == 15
    assert PoolRules(players=3).bank is None


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"players": 3, "hand_size": 0}, "the hand size"),
        ({"players": 3, "hand_size": "²"}, "the hand size"),
        ({"players": "2.5"}, "the number of players"),
        ({"players": True}, "the number of players"),
        ({"players": 3, "ante": "1/0"}, "the ante"),
        ({"players": 3, "ante": 1.5}, "the ante"),
        ({"players": 3, "bank": 50}, "banking game"),
        ({"players": 3, "banking": True, "bank": -1}, "the bank"),
        ({"players": 3, "bankroll": "9" * 5000}, "too many digits"),
        ({"players": 3, "burn": "yes"}, "burn must be True or False"),
    ],
)
def test_rules_refuse_what_cannot_be_played(arguments: dict[str, object], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        PoolRules(**arguments)  # type: ignore[arg-type]


def test_rules_are_frozen() -> None:
    rules = PoolRules(players=3)
    with pytest.raises(AttributeError):
        rules.ante = 2  # type: ignore[misc]
    assert rules == PoolRules(players=3, hand_size=5, ante=1)


# --- strategies, stakes and the closed vocabularies ----------------------------------------------------


@pytest.mark.parametrize(
    "name", ["fixed-²", "fixed-" + "9" * 5000, "fixed-0", "fixed--3", "fixed-", "fixed-1.5"]
)
def test_a_fixed_strategy_needs_a_whole_number_of_chips(name: str) -> None:
    with pytest.raises(OptionError, match="fixed-N bets N chips"):
        strategy_named(name)


def test_strategies_by_name_and_fixed_amounts() -> None:
    assert strategy_named("fixed-12") == FixedBetStrategy(12)
    assert strategy_named("best-ignoring-shown").name == "best-ignoring-shown"
    with pytest.raises(OptionError):
        FixedBetStrategy(0)
    result = simulate(PoolRules(players=2), rounds=5, seed=1, strategies=[strategy_named("fixed-3")] * 2)
    assert [seat.strategy for seat in result.seats] == ["fixed-3", "fixed-3"]


def test_actions_and_rules_are_enums_that_read_as_text() -> None:
    assert best_bet(0, 10, 1).action is BetAction.FOLD
    assert best_bet(Rational(41, 47), 10, 1).action == "bet"
    assert best_bet_rule(Rational(41, 47)) is BetRule.BET_THE_POOL
    assert best_bet_rule(Rational(41, 47), banking=True) == "bet the bank"


@pytest.mark.parametrize("bad", [2, "-1/3", "x", "1/0"])
def test_a_chance_is_a_fraction_from_0_to_1(bad: object) -> None:
    with pytest.raises(OptionError, match="a winning chance"):
        best_bet(bad, 10, 1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("size", "pool", "ante"), [(3, 3, 1), (4, 10, 2)])
def test_turn_gains_against_every_hand(size: int, pool: int, ante: int) -> None:
    numerator, denominator = first_player_gain_times_total(size, pool, ante)
    gains = turn_gains(size, Stakes.pool_game(str(pool), str(ante)))
    assert gains == {"first_player_expected_gain": Rational(numerator, denominator)}
    numerator, denominator = player_against_bank_times_total(size, pool)
    gains = turn_gains(size, Stakes.banking_game(pool))
    player = Rational(numerator, denominator)
    assert gains == {"player_expected_gain_against_bank": player, "banker_expected_gain": -player}


@pytest.mark.parametrize(("pool", "ante"), [(0, 1), ("5", "-1"), ("x", 1), ("1/0", 1)])
def test_stakes_must_be_positive_amounts(pool: object, ante: object) -> None:
    with pytest.raises(CardmathError, match="positive amount"):
        Stakes.pool_game(pool, ante)  # type: ignore[arg-type]


def test_the_simulation_reads_rounds_and_seed() -> None:
    rules = PoolRules(players=2)
    cases: list[tuple[int | str, int | str]] = [("²", 1), (0, 1), (5, "x"), (5, -3), (5, "-1")]
    for rounds, seed in cases:
        with pytest.raises(OptionError):
            simulate(rules, rounds=rounds, seed=seed)
    with pytest.raises(TypeError, match="simulate\\(\\) parameter seed must be"):
        simulate(rules, rounds=5, seed=1.5)  # type: ignore[arg-type]
    counted = Counter(seat.gain.samples for seat in simulate(rules, rounds=7, seed=3).seats)
    assert counted == Counter({7: 2})
