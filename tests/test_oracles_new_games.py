"""Self-checks of the Three Card Poker and Andar Bahar oracles: against each other (fast against
plain loops, brute force against a closed formula, exact figures against simulation) and against
published figures, each cited where it is checked."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from tests.oracles import andar_bahar_bruteforce as ab
from tests.oracles import three_card_poker_bruteforce as tcp
from tests.oracles.andar_bahar_simulation import simulate

PAIR_PLUS = ("straight flush", "three of a kind", "straight", "flush", "pair")
SIX_CARD = (
    "royal flush",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
)


def percent(value: Fraction, places: int = 2) -> float:
    """A fraction as a percentage rounded the way a published table rounds it."""
    return round(float(value) * 100, places)


@pytest.fixture(scope="module")
def full_deck_tally() -> tcp.Tally:
    """Every player hand of one deck against every dealer hand (a few seconds)."""
    return tcp.tally(tcp.deck())


@pytest.fixture(scope="module")
def full_deck_six_cards() -> Counter[str]:
    """The full deck's 6-card combinations by best hand (about a second)."""
    return tcp.six_card_counts(tcp.deck())


@pytest.fixture(scope="module")
def full_deck_ante_play(full_deck_tally: tcp.Tally) -> tcp.AntePlay:
    return tcp.ante_play(tcp.deck(), counts=full_deck_tally)


# ------------------------------------------------------------------------------------------------
# Three Card Poker


def test_hand_ranks_follow_the_rules() -> None:
    def key(text: str) -> tuple[int, ...]:
        return tcp.evaluate((tcp.RANK_OF[c[0]], c[1]) for c in text.split())

    assert key("As Ks Qs") > key("3d 3h 3c") > key("Ah Kd Qc") > key("As 7s 2s") > key("2c 2d 3h")
    assert key("Ah 2d 3c") < key("2h 3d 4c")  # A-2-3 is the lowest straight
    assert tcp.category((tcp.RANK_OF[r], s) for r, s in ("Kh", "Ad", "2c")) == "high card"  # no K-A-2
    assert key("Qh Qd 9c") > key("Jh Jd Ac") and key("Qh Qd 9c") > key("Qs Qc 8d")
    assert key("Ks Js 9s") == key("Kh Jh 9h")  # suits never break ties


def test_three_card_categories_on_a_full_deck() -> None:
    """The well-known split of the 22,100 three-card hands (e.g. John Grochowski, "Three Card
    Poker and Pair Plus", casinocitytimes.com, 8 July 2021)."""
    assert tcp.pair_plus_counts(tcp.deck()) == {
        "straight flush": 48,
        "three of a kind": 52,
        "straight": 720,
        "flush": 1096,
        "pair": 3744,
        "high card": 16440,
    }


@pytest.mark.parametrize(
    ("pays", "published"),
    [
        # John Grochowski, casinocitytimes.com "Three Card Poker and Pair Plus" (2021): 7.28% and 2.32%
        ((40, 30, 6, 3, 1), 7.28),
        ((40, 30, 6, 4, 1), 2.32),
        # John Grochowski, online.casinocity.com "A rare Pair Plus payout at Three Card Poker": 5.57%
        ((40, 30, 5, 4, 1), 5.57),
    ],
)
def test_pair_plus_pay_tables(pays: tuple[int, ...], published: float) -> None:
    counts = tcp.pair_plus_counts(tcp.deck())
    edge = tcp.pay_table_edge(counts, dict(zip(PAIR_PLUS, map(Fraction, pays), strict=True)))
    assert percent(edge) == published


def test_pair_plus_with_a_mini_royal() -> None:
    """A suited A-K-Q paid apart: 50 on 40-30-5-4-1 gives 5.39%, 100 gives 4.49% (Grochowski, "A
    rare Pair Plus payout at Three Card Poker", online.casinocity.com); 50 on 40-30-6-3-1 gives
    7.10% (Grochowski, "Mini-royal payoffs in Three Card Poker")."""
    counts = Counter(tcp.pair_plus_counts(tcp.deck()))
    counts["straight flush"] -= 4
    counts["mini royal"] = 4
    names = ("mini royal", *PAIR_PLUS)
    for pays, published in (
        ((50, 40, 30, 5, 4, 1), 5.39),
        ((100, 40, 30, 5, 4, 1), 4.49),
        ((50, 40, 30, 6, 3, 1), 7.10),
    ):
        assert (
            percent(tcp.pay_table_edge(counts, dict(zip(names, map(Fraction, pays), strict=True))))
            == published
        )


def test_vectorised_tally_matches_plain_loops() -> None:
    rng = random.Random(5)
    for size in (12, 15):
        cards = rng.sample(tcp.deck(), size)
        assert tcp.tally(cards) == tcp.tally_naive(cards)


def test_ante_play_published_figures(full_deck_ante_play: tcp.AntePlay) -> None:
    """House edge 3.37% of the ante, 2.01% of the total bet with the 1-4-5 ante bonus and the Q-6-4
    strategy (Grochowski, "The Three Card Poker problem", casinocitytimes.com, 2017; Eliot
    Jacobson, "Three Card Poker Hole-Card Play: Update #1", apheat.net: 3.3730%)."""
    optimal = full_deck_ante_play.optimal
    assert optimal.house_edge == Fraction(686689, 20358520)
    assert percent(optimal.house_edge) == 3.37 and percent(optimal.house_edge, 4) == 3.3730
    assert percent(optimal.element_of_risk) == 2.01
    assert optimal.pairs == 22100 * 18424 == sum(optimal.outcomes.values())
    # the best play is exactly "play Q-6-4 or better": no hand is a tie, none differs by suit
    q64 = tcp.play_at_least("Q64")
    assert all(choice == q64(hand) for hand, choice in full_deck_ante_play.choice.items())
    assert not full_deck_ante_play.ties and not full_deck_ante_play.differs
    assert full_deck_ante_play.by_ranks == optimal


def test_pinned_strategies(full_deck_tally: tcp.Tally, full_deck_ante_play: tcp.AntePlay) -> None:
    optimal = full_deck_ante_play.optimal.house_edge
    assert tcp.strategy_figures(full_deck_tally, tcp.play_at_least("Q64")).house_edge == optimal
    for worse in ("Q63", "Q65", "K22", "J98"):
        assert tcp.strategy_figures(full_deck_tally, tcp.play_at_least(worse)).house_edge > optimal
    always = tcp.strategy_figures(full_deck_tally, tcp.always_play)
    assert always.expected_stake == 2 and always.house_edge > optimal
    never = tcp.strategy_figures(full_deck_tally, lambda hand: "fold")
    assert never.house_edge == 1 and never.outcomes == {("fold", "none"): never.pairs}


def test_other_ante_bonus_tables(full_deck_tally: tcp.Tally) -> None:
    """With 5-3-1 (three of a kind paid 3 to 1) the edge on total action is 2.16% (Grochowski,
    poker-corner.com "Three Card Poker is easy, fun and a good bet")."""
    bonus = {"straight flush": Fraction(5), "three of a kind": Fraction(3), "straight": Fraction(1)}
    figures = tcp.ante_play(tcp.deck(), bonus, counts=full_deck_tally).optimal
    assert percent(figures.element_of_risk) == 2.16


def test_rank_and_flush_strategy_on_depleted_decks() -> None:
    """On depleted decks suits can matter at the margin: the rank-and-flush strategy is never
    better than the per-card one, and differs from it somewhere on this deck."""
    cards = [card for card in tcp.deck() if not (card[1] == "h" and card[0] < 9)]
    result = tcp.ante_play(cards)
    assert result.differs
    assert result.by_ranks.house_edge > result.optimal.house_edge


def test_hole_carding_matches_plain_loops() -> None:
    rng = random.Random(11)
    cards = rng.sample(tcp.deck(), 13)
    for seen in (1, 2):
        assert tcp.hole_carding(cards, seen=seen).house_edge == tcp.hole_carding_naive(cards, seen=seen)
        by_ranks = tcp.hole_carding(cards, seen=seen, by_ranks=True).house_edge
        assert by_ranks == tcp.hole_carding_naive(cards, seen=seen, by_ranks=True)


def test_hole_carding_one_card() -> None:
    """Seeing one dealer card swings the game to a player edge of 3.48% (Wizard of Odds newsletter,
    6 September 2003; Eliot Jacobson, "Three Card Poker Hole-Card Play", 888casino.com blog and
    apheat.net: 3.4829%), with the strategy: always play when the card seen is a jack or lower,
    else play (seen rank)-9-2 or better."""
    result = tcp.hole_carding(tcp.deck())
    assert percent(result.player_edge, 4) == 3.4829
    assert set(result.folds_by_seen_rank) == {12, 13, 14}
    for rank in (12, 13, 14):
        assert result.weakest_play[rank] == (0, rank, 9, 2)
        assert result.strongest_fold[rank] == (0, rank, 8, 7)


def test_six_card_counts_match_plain_loops() -> None:
    rng = random.Random(3)
    for cards in (tcp.deck("TJQKA") + tcp.deck("2345")[:2], rng.sample(tcp.deck(), 18)):
        assert tcp.six_card_counts(cards) == tcp.six_card_counts_naive(cards)


def test_six_card_counts_on_a_full_deck(full_deck_six_cards: Counter[str]) -> None:
    """The 20,358,520 six-card combinations by their best five-card hand.  The top three follow
    from closed forms: a royal and any sixth card; a lower straight flush and any sixth card but
    the one extending it upwards; four of a kind and any two cards."""
    counts = full_deck_six_cards
    assert counts == {
        "royal flush": 188,
        "straight flush": 1656,
        "four of a kind": 14664,
        "full house": 165984,
        "flush": 205792,
        "straight": 361620,
        "three of a kind": 732160,
        "less": 18876456,
    }
    assert counts["royal flush"] == 4 * 47
    assert counts["straight flush"] == 4 * 9 * 46
    assert counts["four of a kind"] == 13 * comb(48, 2)
    assert sum(counts.values()) == comb(52, 6)


def test_six_card_bonus_pay_tables(full_deck_six_cards: Counter[str]) -> None:
    """1000-200-100-20-15-10-7: "just over 8.5%" (mypokercoaching.com, "What is a 6-Card Bonus in
    3-Card Poker?").  1000-200-50-25-20-10-5: 10.23% published (table-games-online.com, Three Card
    Poker rules); the exact figure is 10.2248%, so the published one is 0.005 points high."""
    counts = full_deck_six_cards
    common = tcp.pay_table_edge(
        counts, dict(zip(SIX_CARD, map(Fraction, (1000, 200, 100, 20, 15, 10, 7)), strict=True))
    )
    assert percent(common) == 8.56
    other = tcp.pay_table_edge(
        counts, dict(zip(SIX_CARD, map(Fraction, (1000, 200, 50, 25, 20, 10, 5)), strict=True))
    )
    assert percent(other, 4) == 10.2248 and abs(float(other) - 0.1023) < 0.0001


# ------------------------------------------------------------------------------------------------
# Andar Bahar


@pytest.mark.parametrize(
    "shoe",
    [
        ab.deck("2345", "cdh")[:8],
        ab.deck("234", "cd", copies=2),  # two decks: equal physical cards
        ab.deck("23456789TJQKA")[:14],  # ranks with one card only: no match possible
        ab.deck("2345"),
    ],
)
def test_andar_bahar_brute_force_matches_formula(shoe: list[ab.PhysicalCard]) -> None:
    exact = ab.brute_force(shoe)
    assert exact == ab.formula(shoe)
    total = sum(exact.match.values(), Fraction(0)) + sum(exact.no_match.values(), Fraction(0))
    assert total == 1
    for first in ("andar", "bahar"):
        coup = ab.figures(exact, first)
        assert coup.andar + coup.bahar + coup.no_match == 1


def test_andar_bahar_memo_is_the_literal_walk() -> None:
    shoe = ab.deck("23456", "cd")[:9]
    assert ab.brute_force(shoe, memo=False) == ab.brute_force(shoe)


def test_andar_bahar_one_deck_published() -> None:
    """One deck, first card to Andar: Andar wins 51.50%, the Andar bet at 0.9 to 1 has a house
    edge of 2.15% and Bahar at 1 to 1 one of 3.00% (Wizard of Odds, Andar Bahar)."""
    coup = ab.figures(ab.formula(ab.deck()), "andar")
    assert coup.andar == Fraction(429, 833) and coup.bahar == Fraction(404, 833) and coup.no_match == 0
    assert round(float(coup.andar), 4) == 0.5150
    assert percent(ab.main_bet_edge(coup, "andar", Fraction(9, 10))) == 2.15
    assert percent(ab.main_bet_edge(coup, "bahar", Fraction(1))) == 3.00
    mirrored = ab.figures(ab.formula(ab.deck()), "bahar")
    assert (mirrored.andar, mirrored.bahar) == (coup.bahar, coup.andar)
    # first card by the joker's colour (black: Andar): the two sides are then even
    by_colour = ab.figures(ab.formula(ab.deck()), lambda joker: "andar" if joker[1] in "cs" else "bahar")
    assert by_colour.andar == by_colour.bahar == Fraction(1, 2)


def test_andar_bahar_length_distribution_is_the_first_marked_position() -> None:
    coup = ab.figures(ab.formula(ab.deck(copies=8)), "andar")
    assert sum(coup.length.values(), Fraction(0)) == 1
    assert coup.length[1] == Fraction(31, 415)  # 31 cards of the joker's rank among the 415 left
    assert sum(ab.range_probability(coup, low, high) for low, high in ab.SIDE_BET_RANGES) == 1
    assert coup.andar > coup.bahar


def _within(count: int, coups: int, chance: Fraction) -> bool:
    p = float(chance)
    return abs(count - coups * p) <= 5 * math.sqrt(coups * p * (1 - p)) + 1e-9


def test_andar_bahar_simulation_one_deck() -> None:
    coups = 100_000
    dealt = simulate(ab.deck(), coups, seed=2024)
    coup = ab.figures(ab.formula(ab.deck()), "andar")
    wins = Counter({side: 0 for side in ("andar", "bahar", "no match")})
    lengths: Counter[int] = Counter()
    for (side, length), number in dealt.items():
        wins[side] += number
        lengths[length] += number
    assert wins["no match"] == 0
    assert _within(wins["andar"], coups, coup.andar)
    for low, high in ab.SIDE_BET_RANGES:
        hits = sum(n for k, n in lengths.items() if k >= low and (high is None or k <= high))
        assert _within(hits, coups, ab.range_probability(coup, low, high))


def test_andar_bahar_simulation_depleted_shoe() -> None:
    shoe = [*ab.deck("2345", "cdh"), (9, "s")]  # the nine has no partner: a no match
    coups = 60_000
    dealt = simulate(shoe, coups, seed=7, first="bahar")
    coup = ab.figures(ab.brute_force(shoe), "bahar")
    wins = Counter(side for (side, _), n in dealt.items() for _ in range(n))
    assert _within(wins["no match"], coups, coup.no_match) and coup.no_match == Fraction(1, 13)
    assert _within(wins["bahar"], coups, coup.bahar)
    for (side, length), chance in coup.side_length.items():
        assert _within(dealt[side, length], coups, chance)
