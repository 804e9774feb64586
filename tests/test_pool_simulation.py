"""High Card Pool's simulation: the rules followed, reproducibility, and agreement with the exact
expectations within 5 standard errors (and with an independent Monte-Carlo oracle)."""

from __future__ import annotations

import math

import pytest
from sympy import Rational

from cardmath.cards import Card, parse_cards
from cardmath.errors import OptionError
from cardmath.games.pool import (
    BestBetStrategy,
    Estimate,
    FixedBetStrategy,
    KellyStrategy,
    PoolRules,
    Strategy,
    TurnView,
    banker_expected_gain,
    first_player_expected_gain,
    kelly_bank_bet,
    kelly_bet,
    simulate,
    strategy_named,
    win_probability,
)
from tests.oracles.pool_bruteforce import first_player_gain_times_total
from tests.oracles.pool_simulation import first_turn_gain

SIGMAS = 5


def _measured(estimate: Estimate) -> tuple[float, float]:
    """The mean and the standard error of an estimate of many samples (both defined)."""
    assert estimate.mean is not None and estimate.standard_error is not None
    return estimate.mean, estimate.standard_error


def test_first_turn_agrees_with_the_exact_expectation() -> None:
    # A pool limit of 0 divides the pool after every round, so every first player faces 5 antes.
    rules = PoolRules(players=5, pool_limit=0)
    result = simulate(rules, rounds=12000, seed=20240501)
    exact = float(first_player_expected_gain(5, 1, 5))
    mean, error = _measured(result.first_turn)
    assert abs(mean - exact) <= SIGMAS * error


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
    mean, error = _measured(result.banker)
    assert abs(mean - exact) <= SIGMAS * error
    # Each of the two seats banks every other hand, so each seat's exact expectation per round is
    # the mean of banking and betting: (banker + player) / 2 = 0.
    for seat in result.seats:
        mean, error = _measured(seat.gain)
        assert abs(mean) <= SIGMAS * error
    mean, error = first_turn_gain(5, players=1, pool=10, ante=0, trials=20000, seed=3, banking=True)
    assert abs(-mean - exact) <= SIGMAS * error


def test_burning_card_changes_nothing_for_the_first_player() -> None:
    # The burnt card is one more random unseen card: the decision card keeps the same chances.
    result = simulate(PoolRules(players=4, burn=True, pool_limit=0), rounds=10000, seed=5)
    exact = float(first_player_expected_gain(4, 1, 5))
    mean, error = _measured(result.first_turn)
    assert abs(mean - exact) <= SIGMAS * error


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


# Bankrolls and the Kelly player.

BANKROLL_TABLES = [
    PoolRules(players=4, bankroll=30),
    PoolRules(players=3, ante=2, pool_limit=10, bankroll=9),
    PoolRules(players=5, burn=True, hand_size=4, bankroll=20),
    PoolRules(players=4, banking=True, bank=15, bankroll=40),
]


@pytest.mark.parametrize("rules", BANKROLL_TABLES)
def test_every_chip_is_accounted_for_with_bankrolls(rules: PoolRules) -> None:
    choices: list[Strategy] = [
        KellyStrategy(),
        FixedBetStrategy(10**6),
        BestBetStrategy(),
        KellyStrategy(False),
    ]
    strategies = (choices + [BestBetStrategy()] * rules.players)[: rules.players]
    result = simulate(rules, rounds=400, seed=12, strategies=strategies)
    assert sum(seat.gain.total for seat in result.seats) + result.final_pool == 0
    assert rules.bankroll is not None
    for seat in result.seats:
        assert seat.final_bankroll == rules.bankroll + seat.gain.total >= 0
        assert seat.gain.samples == result.rounds_played
    assert result == simulate(rules, rounds=400, seed=12, strategies=strategies)


def test_a_seat_that_cannot_pay_leaves_the_table() -> None:
    # Seats that always bet everything go broke quickly; each leaves with 0 chips (it can never
    # owe more than it has), plays no more, and the game ends when one seat is left.
    rules = PoolRules(players=3, ante=2, bankroll=6)
    result = simulate(rules, rounds=50, seed=4, strategies=[FixedBetStrategy(10**6)] * 3)
    left = [seat for seat in result.seats if seat.left_in_round is not None]
    stayed = [seat for seat in result.seats if seat.left_in_round is None]
    assert len(stayed) == 1 and len(left) == 2
    assert result.rounds_played < 50
    for seat in left:
        assert seat.left_in_round is not None and seat.left_in_round <= result.rounds_played
        assert seat.final_bankroll is not None and seat.final_bankroll < rules.ante
    assert stayed[0].final_bankroll == 3 * 6 - result.final_pool


def test_a_seat_that_has_left_plays_no_turn_and_antes_no_more() -> None:
    rules = PoolRules(players=3, bankroll=5)
    turns: list[tuple[int, int | None]] = []

    class Recorder:
        def __init__(self, seat: int) -> None:
            self.seat = seat
            self.name = f"all-in-{seat}"

        def bet(self, view: TurnView) -> int:
            assert view.bankroll is not None and view.bankroll >= view.forfeit
            assert view.maximum_bet == min(view.pool, view.bankroll)
            turns.append((self.seat, view.bankroll))
            return view.maximum_bet

    result = simulate(rules, rounds=200, seed=8, strategies=[Recorder(0), Recorder(1), Recorder(2)])
    for seat in result.seats:
        if seat.left_in_round is not None:
            assert seat.final_bankroll is not None and seat.final_bankroll < rules.ante
    # A seat that has left is never asked for a bet again: its turns all come before it left.
    assert sum(seat.gain.total for seat in result.seats) + result.final_pool == 0
    assert turns


def test_banking_seat_that_cannot_bank_leaves() -> None:
    rules = PoolRules(players=3, banking=True, bank=20, bankroll=25)
    result = simulate(rules, rounds=300, seed=5, strategies=[FixedBetStrategy(10**6)] * 3)
    assert sum(seat.gain.total for seat in result.seats) + result.final_pool == 0
    assert rules.bank is not None
    for seat in result.seats:
        if seat.left_in_round is not None:
            assert seat.final_bankroll is not None and seat.final_bankroll < rules.bank


def test_unlimited_bankrolls_report_none() -> None:
    result = simulate(PoolRules(players=3), rounds=50, seed=1)
    assert all(seat.final_bankroll is None and seat.left_in_round is None for seat in result.seats)
    assert result.rounds_played == 50


EXPECTED_UNLIMITED_GAINS = [
    Estimate(samples=500, total=-9, total_of_squares=19625),
    Estimate(samples=500, total=-29, total_of_squares=20931),
    Estimate(samples=500, total=-16, total_of_squares=21600),
    Estimate(samples=500, total=54, total_of_squares=21344),
]
EXPECTED_UNLIMITED_POOL = (0, 341, 43)


def test_unlimited_bankrolls_play_as_before() -> None:
    # Recorded from the simulation before bankrolls existed (same rules, seed and strategies).
    rules = PoolRules(players=4, pool_limit=20)
    result = simulate(rules, rounds=500, seed=1)
    assert [seat.gain for seat in result.seats] == EXPECTED_UNLIMITED_GAINS
    assert (result.final_pool, result.re_antes, result.pool_divisions) == EXPECTED_UNLIMITED_POOL


class KellyChecker:
    """Plays KellyStrategy and checks every bet against the rounded-down exact Kelly amount."""

    def __init__(self, use_shown: bool) -> None:
        self.inner = KellyStrategy(use_shown)
        self.name = self.inner.name
        self.turns = 0

    def bet(self, view: TurnView) -> int:
        bet = self.inner.bet(view)
        assert view.bankroll is not None
        seen = view.seen if self.inner.use_shown else ()
        chance = win_probability(view.hand, seen) if view.hand else Rational(0)
        if view.banking:
            sizing = kelly_bank_bet(chance, view.bankroll, view.pool)
            expected = int(sizing.amount.p) // int(sizing.amount.q) if sizing.action == "bet" else 0
        elif view.bankroll > view.forfeit:
            sizing = kelly_bet(chance, view.bankroll, view.pool, view.forfeit)
            expected = int(sizing.amount.p) // int(sizing.amount.q) if sizing.action == "bet" else 0
        else:
            expected = bet  # every choice risks the whole bankroll: checked below only by limits
        assert bet == expected
        assert bet == 0 or view.minimum_bet <= bet <= view.maximum_bet
        self.turns += 1
        return bet


@pytest.mark.parametrize("rules", BANKROLL_TABLES)
def test_kelly_bets_are_the_rounded_kelly_amounts_within_the_limits(rules: PoolRules) -> None:
    checkers = [KellyChecker(True), KellyChecker(False)] + [KellyChecker(True)] * (rules.players - 2)
    strategies: list[Strategy] = list(checkers)
    simulate(rules, rounds=300, seed=21, strategies=strategies)
    assert sum(checker.turns for checker in checkers) > 10


def test_kelly_needs_a_finite_bankroll() -> None:
    with pytest.raises(OptionError, match="bankroll"):
        simulate(PoolRules(players=2), rounds=5, seed=1, strategies=[KellyStrategy(), BestBetStrategy()])
    view = TurnView((), (), pool=5, minimum_bet=1, maximum_bet=5, forfeit=1, banking=False)
    with pytest.raises(OptionError, match="bankroll"):
        KellyStrategy().bet(view)
    assert strategy_named("kelly") == KellyStrategy(True)
    assert strategy_named("kelly-ignoring-shown") == KellyStrategy(False)
    with pytest.raises(OptionError):
        PoolRules(players=3, bankroll=0)


def _log_wealth(p: Rational, wealth: int, bet: int) -> float:
    """Expected log-bankroll after a bet (``bet`` < 0: a fold paying ``-bet``)."""
    if bet < 0:
        return math.log(wealth + bet)
    win, lose = math.log(wealth + bet), (math.log(wealth - bet) if wealth > bet else -math.inf)
    return float(p) * win + (1 - float(p)) * lose if p < 1 else win


@pytest.mark.parametrize(
    ("hand", "wealth", "pool"),
    [
        ("As,Kh,Qd,Jc,2s", 100, 1000),  # p = 41/47: Kelly 74.47 of 100
        ("As,Kh,Qd,Jc,2s", 100, 30),  # the pool caps it
        ("As,Kh,Qd,Jc,2s", 20, 1000),  # the bankroll caps nothing: 14.89 of 20
        ("Ks,Qh,Jd,Tc,9s", 57, 80),  # p = 32/47: 20.61
        ("Kh,Qh,Jh,Th,2c", 40, 90),  # p = 9/47 < 1/2: the minimum
        ("2c,2d,2h,2s,3c", 40, 90),  # p = 0: fold
        ("Ac,Ad,Ah,As,Kc", 250, 1000),  # p = 44/47
    ],
)
def test_one_kelly_decision_maximises_the_log_bankroll_over_whole_chips(
    hand: str, wealth: int, pool: int
) -> None:
    cards = parse_cards(hand)
    ante = 1
    p = win_probability(cards)
    view = TurnView(cards, (), pool, min(ante, pool), min(pool, wealth), ante, False, wealth)
    bet = KellyStrategy().bet(view)
    # Brute force over every whole-chip choice: fold (-ante) or bet 1 .. min(pool, wealth).
    choices = [-ante, *range(view.minimum_bet, view.maximum_bet + 1)]
    values = {choice: _log_wealth(p, wealth, choice) for choice in choices}
    best = max(choices, key=lambda choice: (values[choice], -choice))
    chosen = -ante if bet == 0 else bet
    # The exact Kelly amount rounded down: the best whole-chip bet is it or one chip more, and every
    # smaller bet keeps less log-wealth.
    assert best in (chosen, chosen + 1)
    assert all(values[chosen] >= values[choice] for choice in choices if choice < chosen)
    if best != chosen:
        assert chosen < (2 * p - 1) * wealth < chosen + 1


def test_kelly_against_a_bank_brute_force() -> None:
    cards = parse_cards("As,Kh,Qd,Jc,2s")
    p = win_probability(cards)
    for wealth, bank in [(100, 1000), (100, 30), (7, 50)]:
        view = TurnView(cards, (), bank, 0, min(bank, wealth), 0, True, wealth)
        bet = KellyStrategy().bet(view)
        values = {b: _log_wealth(p, wealth, b) for b in range(0, view.maximum_bet + 1)}
        best = max(values, key=lambda b: values[b])
        assert best in (bet, bet + 1)
        assert bet == min(view.maximum_bet, math.floor((2 * p - 1) * wealth))
