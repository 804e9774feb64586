"""Tests that kill mutants of High Card Pool's chances that the other tests let live
(scripts/mutation.sh).

Every count is worked by hand in the test: a hand beats the unseen cards below its highest card of
each suit, out of the cards neither in the hand nor seen.  The error messages are the ones the
module's documentation shows: each says what was wrong and what is allowed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from sympy import Rational

from cardmath.cards import FULL_DECK, Card, parse_cards
from cardmath.games.pool.chances import (
    HandError,
    HandSizeDistribution,
    distribution,
    explain,
    read_cards,
    win_probability,
)
from cardmath.shoe import Shoe


def test_cards_given_as_text_items_are_read_as_cards() -> None:
    assert read_cards(["As", "Kd"], "hand") == (Card.parse("As"), Card.parse("Kd"))
    # As beats the 12 spades below it, Kd the 11 diamonds below it: 23 of the 50 unseen cards.
    assert win_probability(["As", "Kd"]) == Rational(23, 50)


def test_explain_keeps_the_hand_and_explains_it_suit_by_suit() -> None:
    # Seen: Ks and 2d.  Unseen: 52 - 5 - 2 = 45.  4d beats 3d only (2d is seen); Kh beats 2h to Qh;
    # As beats the 12 spades below it less 9s and 3s (held) and Ks (seen): 9.  1 + 11 + 9 = 21.
    chance = explain("As,9s,3s,Kh,4d", seen="Ks,2d")
    assert chance.hand == parse_cards("As,9s,3s,Kh,4d")
    assert chance.seen == parse_cards("Ks,2d")
    assert (chance.unseen, chance.beaten, chance.win_probability) == (45, 21, Rational(21, 45))
    assert chance.explanation() == (
        "4d beats 1 unseen diamonds below it\n"
        "Kh beats 11 unseen hearts below it\n"
        "As beats 9 unseen spades below it; 9s,3s adds nothing\n"
        "21 of 45 unseen cards are beaten: chance 7/15"
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: read_cards("As,As", "hand"), "As is twice in the hand: a pack holds each card once"),
        (lambda: win_probability("As,As"), "As is twice in the hand: a pack holds each card once"),
        (
            lambda: win_probability("As", "Kd,Kd"),
            "Kd is twice in the seen cards: a pack holds each card once",
        ),
        (lambda: win_probability(""), "a hand needs at least one card"),
        (lambda: win_probability("As,Kd", hand_size=3), "the hand has 2 cards; this game deals 3"),
        (lambda: explain("As,Kd", hand_size=3), "the hand has 2 cards; this game deals 3"),
        (
            lambda: explain("As,Kd", Shoe.standard(1).without("As")),
            "As cannot be in the hand: the pack given lacks it (give the pack less the seen cards; "
            "it still holds the hand)",
        ),
        (
            lambda: explain("As,Kd", Shoe.standard(1).without("As,Kd,2c")),
            "Kd,As cannot be in the hand: the pack given lacks them (give the pack less the seen "
            "cards; it still holds the hand)",
        ),
        (
            lambda: explain("As,Kh", "Kh,Qc"),
            "Kh cannot be both in the hand and among the seen cards: a pack holds each card once",
        ),
        (
            # 2 cards in the hand and the other 50 seen: no card is left to decide the bet.
            lambda: win_probability("As,Kd", [c for c in FULL_DECK if str(c) not in ("As", "Kd")]),
            "the hand and the seen cards leave no unseen card to decide the bet",
        ),
        (
            lambda: distribution(3, "As,As"),
            "As is twice in the cards out of play: a pack holds each card once",
        ),
        (lambda: distribution(0), "a hand size must be a whole number from 1 to 51, not '0'"),
        (lambda: distribution(52), "a hand size must be a whole number from 1 to 51, not '52'"),
        (
            lambda: distribution(1, FULL_DECK[:51]),
            "51 cards out of play leave 1 card: not enough for a hand of 1 and a decision card; "
            "no hand can be dealt",
        ),
        (
            lambda: distribution(2, FULL_DECK[:50]),
            "50 cards out of play leave 2 cards: not enough for a hand of 2 and a decision card; "
            "the hand size can be at most 1",
        ),
    ],
)
def test_bad_hands_are_refused_with_what_is_allowed(call: Callable[[], object], message: str) -> None:
    with pytest.raises(HandError, match=f"^{re.escape(message)}$"):
        call()


def test_the_largest_hand_leaves_one_card_to_decide() -> None:
    # A 51-card hand lacks one card, and beats it unless it is an ace: 48 of the 52 hands do.
    table = distribution(51)
    assert (table.unseen, table.hands_beating) == (1, (4, 48))
    assert table.certain_hands == 48
    assert table.hopeless_hands == 4


def test_a_hand_never_beats_a_number_of_cards_it_cannot() -> None:
    # Five cards leave 47 unseen: no hand beats 48 of them, or -1.
    table = distribution(5)
    assert table.probability_of_beating(-1) == 0
    assert table.probability_of_beating(48) == 0
    assert table.probability_of_beating(1000) == 0
    # The four aces and any fifth card beat all 47: 48 of C(52, 5) hands.
    assert table.probability_of_beating(47) == Rational(48, 2598960)


def test_the_distribution_keeps_the_cards_out_of_play() -> None:
    table = distribution(3, "Kd,2c")
    assert set(table.out_of_play) == set(parse_cards("Kd,2c"))
    assert list(table.out_of_play) == sorted(table.out_of_play)
    assert distribution(3, Shoe.standard(1).without("Kd,2c")).out_of_play == table.out_of_play


def test_the_explanation_names_clubs() -> None:
    # Unseen: 52 - 3 = 49.  Kc beats the 11 clubs 2c to Qc but the 5c it holds: 10; 2d beats none.
    assert explain("Kc,5c,2d").explanation() == (
        "Kc beats 10 unseen clubs below it; 5c adds nothing\n"
        "2d beats 0 unseen diamonds below it\n"
        "10 of 49 unseen cards are beaten: chance 10/49"
    )


@pytest.mark.parametrize("unseen", [2, 3, 47])
def test_a_table_too_short_to_reach_every_unseen_card_has_no_certain_hand(unseen: int) -> None:
    # A table made by hand that stops at 1 card beaten: no hand is listed as beating all `unseen`.
    table = HandSizeDistribution(5, (), unseen, (1, 2))
    assert table.certain_hands == 0
    assert HandSizeDistribution(5, (), 1, (1, 2)).certain_hands == 2
