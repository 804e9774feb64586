"""High Card Pool's simulation: the rules followed, reproducibility, and agreement with the exact
expectations within 5 standard errors (and with an independent Monte-Carlo oracle)."""

from __future__ import annotations

import pytest

from cardmath.cards import Card
from cardmath.errors import OptionError
from cardmath.pool import (
    BestBetStrategy,
    FixedBetStrategy,
    PoolRules,
    Strategy,
    TurnView,
    banker_expected_gain,
    first_player_expected_gain,
    simulate,
    strategy_named,
)
from tests.oracles.pool_bruteforce import first_player_gain_times_total
from tests.oracles.pool_simulation import first_turn_gain

SIGMAS = 5


def test_first_turn_agrees_with_the_exact_expectation() -> None:
    # A pool limit of 0 divides the pool after every round, so every first player faces 5 antes.
    rules = PoolRules(players=5, pool_limit=0)
    result = simulate(rules, rounds=12000, seed=20240501)
    exact = float(first_player_expected_gain(5, 1, 5))
    assert abs(result.first_turn.mean - exact) <= SIGMAS * result.first_turn.standard_error


def test_exact_first_turn_agrees_with_an_independent_simulation() -> None:
    mean, error = first_turn_gain(4, players=3, pool=3, ante=1, trials=20000, seed=11)
    numerator, denominator = first_player_gain_times_total(4, 3, 1)
    assert abs(mean - numerator / denominator) <= SIGMAS * error
    assert abs(float(first_player_expected_gain(3, 1, 4)) - mean) <= SIGMAS * error


def test_banker_against_one_player_agrees_with_the_exact_expectation() -> None:
    rules = PoolRules(players=2, banking=True, bank=10)
    result = simulate(rules, rounds=12000, seed=7)
    assert result.banker is not None
    exact = float(banker_expected_gain(10, 5))
    assert abs(result.banker.mean - exact) <= SIGMAS * result.banker.standard_error
    # Each of the two seats banks every other hand, so each seat's exact expectation per round is
    # the mean of banking and betting: (banker + player) / 2 = 0.
    for seat in result.seats:
        assert abs(seat.gain.mean) <= SIGMAS * seat.gain.standard_error
    mean, error = first_turn_gain(5, players=1, pool=10, ante=0, trials=20000, seed=3, banking=True)
    assert abs(-mean - exact) <= SIGMAS * error


def test_burning_card_changes_nothing_for_the_first_player() -> None:
    # The burnt card is one more random unseen card: the decision card keeps the same chances.
    result = simulate(PoolRules(players=4, burn=True, pool_limit=0), rounds=10000, seed=5)
    exact = float(first_player_expected_gain(4, 1, 5))
    assert abs(result.first_turn.mean - exact) <= SIGMAS * result.first_turn.standard_error


@pytest.mark.parametrize(
    "rules",
    [
        PoolRules(players=5),
        PoolRules(players=10),
        PoolRules(players=3, pool_limit=6, ante=2),
        PoolRules(players=6, burn=True, hand_size=4),
        PoolRules(players=10, banking=True, bank=15),
    ],
)
def test_every_chip_is_accounted_for(rules: PoolRules) -> None:
    strategies: list[Strategy] = [
        BestBetStrategy(),
        FixedBetStrategy(3),
        BestBetStrategy(use_shown=False),
        *[BestBetStrategy()] * (rules.players - 3),
    ]
    result = simulate(rules, rounds=300, seed=99, strategies=strategies)
    total = sum(seat.gain.total for seat in result.seats)
    assert total + result.final_pool == 0
    assert [seat.strategy for seat in result.seats][:3] == ["best", "fixed-3", "best-ignoring-shown"]
    if rules.pool_limit is not None:
        assert result.final_pool <= rules.pool_limit or result.pool_divisions == 0


def test_same_seed_same_result_and_other_seed_other_result() -> None:
    rules = PoolRules(players=4, pool_limit=20)
    first = simulate(rules, rounds=500, seed=1)
    assert first == simulate(rules, rounds=500, seed=1)
    assert first != simulate(rules, rounds=500, seed=2)


def test_the_pool_empties_and_everyone_antes_again() -> None:
    # Two players who always bet the whole pool empty it whenever they win.
    result = simulate(PoolRules(players=2), rounds=400, seed=3, strategies=[FixedBetStrategy(10**6)] * 2)
    assert result.re_antes > 0


def test_hand_size_follows_the_number_of_players() -> None:
    assert PoolRules(players=8).hand_size == 5
    assert PoolRules(players=9).hand_size == 4
    # The banker deals himself no hand: 9 players at a banking table deal 8 hands of 5.
    assert PoolRules(players=9, banking=True).hand_size == 5
    assert PoolRules(players=10, banking=True).hand_size == 4
    assert PoolRules(players=4, hand_size=4).hand_size == 4


@pytest.mark.parametrize(
    "arguments",
    [
        {"players": 1},
        {"players": 11},
        {"players": 9, "hand_size": 5},
        {"players": 8, "burn": True},
        {"players": 9, "burn": True},
        {"players": 4, "ante": 0},
        {"players": 4, "banking": True, "bank": 0},
        {"players": 4, "pool_limit": -1},
    ],
)
def test_tables_that_cannot_be_played(arguments: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        PoolRules(**arguments)  # type: ignore[arg-type]


def test_bad_rounds_seed_and_strategies() -> None:
    rules = PoolRules(players=3)
    with pytest.raises(OptionError):
        simulate(rules, rounds=0, seed=1)
    with pytest.raises(OptionError):
        simulate(rules, rounds=10, seed=1, strategies=[BestBetStrategy()])
    with pytest.raises(OptionError):
        strategy_named("lucky")

    class Cheat:
        name = "cheat"

        def bet(self, view: TurnView) -> int:
            return view.maximum_bet + 1

    with pytest.raises(OptionError, match="cheat"):
        simulate(rules, rounds=10, seed=1, strategies=[Cheat()] * 3)


def test_strategies_use_what_was_shown() -> None:
    hand = tuple(Card.parse(t) for t in ("Ac", "Ad", "Ah", "As", "2c"))
    seen = tuple(Card.parse(t) for t in ("Kc", "Kd", "Kh", "Ks", "Qc", "Qd", "Qh", "Qs"))
    view = TurnView(hand, seen, pool=10, minimum_bet=1, maximum_bet=10, forfeit=1, banking=False)
    assert BestBetStrategy().bet(view) == 10
    assert BestBetStrategy(use_shown=False).bet(view) == 10
    weak = tuple(Card.parse(t) for t in ("3c", "2d", "2h", "2s", "4h"))  # beats 2c and 3h
    view = TurnView(weak, (), pool=10, minimum_bet=1, maximum_bet=10, forfeit=1, banking=False)
    assert BestBetStrategy().bet(view) == 1
    assert FixedBetStrategy(50).bet(view) == 10
    seen_both = tuple(Card.parse(t) for t in ("2c", "3h"))
    view = TurnView(weak, seen_both, pool=10, minimum_bet=1, maximum_bet=10, forfeit=1, banking=False)
    assert BestBetStrategy().bet(view) == 0  # nothing left to beat: fold
    assert BestBetStrategy(use_shown=False).bet(view) == 1
    hopeless = tuple(Card.parse(t) for t in ("2c", "2d", "2h", "2s", "3s"))
    view = TurnView(hopeless, (), pool=10, minimum_bet=1, maximum_bet=10, forfeit=1, banking=True)
    assert BestBetStrategy().bet(view) == 0
