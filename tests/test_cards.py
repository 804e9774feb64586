"""Ranks, suits, cards and their notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardmath import FULL_DECK, Card, CardNotationError, Rank, Suit, format_cards, parse_cards


def test_full_deck_is_52_distinct_cards_in_index_order() -> None:
    assert len(FULL_DECK) == 52
    assert len(set(FULL_DECK)) == 52
    assert [card.index for card in FULL_DECK] == list(range(52))
    assert all(Card.from_index(card.index) == card for card in FULL_DECK)
    assert sorted(FULL_DECK) == list(FULL_DECK)


def test_rank_values_and_symbols() -> None:
    assert [int(rank) for rank in Rank] == list(range(2, 15))
    assert "".join(rank.symbol for rank in Rank) == "23456789TJQKA"
    assert [rank.index for rank in Rank] == list(range(13))
    assert Rank.ACE > Rank.KING > Rank.TWO


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("As", Rank.ACE, Suit.SPADES),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("Td", Rank.TEN, Suit.DIAMONDS),
        ("tD", Rank.TEN, Suit.DIAMONDS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("Q♦", Rank.QUEEN, Suit.DIAMONDS),
        ("K♠", Rank.KING, Suit.SPADES),
        ("J♣", Rank.JACK, Suit.CLUBS),
        ("9♥", Rank.NINE, Suit.HEARTS),
        (" 5s ", Rank.FIVE, Suit.SPADES),
    ],
)
def test_card_notation(text: str, rank: Rank, suit: Suit) -> None:
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize("text", ["", "A", "s", "1s", "11h", "Ax", "AsKd", "Z♠", "10", "♠A"])
def test_bad_card_notation(text: str) -> None:
    with pytest.raises(CardNotationError, match="rank then suit"):
        Card.parse(text)


def test_bad_rank_and_suit_messages_say_what_is_allowed() -> None:
    with pytest.raises(CardNotationError, match="ranks are 2 3 4"):
        Rank.parse("1")
    with pytest.raises(CardNotationError, match="suits are c d h s"):
        Suit.parse("x")


def test_card_lists_with_commas_and_spaces() -> None:
    cards = parse_cards("As, Kh  Qd,Jc,10s")
    assert format_cards(cards) == "As,Kh,Qd,Jc,Ts"
    assert parse_cards("") == ()
    assert parse_cards("  ") == ()
    for left_out in (" , ", "10h,,", "As,", ",As", "As,,Kd"):  # a comma with no card reads as a card left out
        with pytest.raises(CardNotationError, match="a comma with no card beside it"):
            parse_cards(left_out)
    assert parse_cards(["As", "2c"]) == (Card(Rank.ACE, Suit.SPADES), Card(Rank.TWO, Suit.CLUBS))
    assert format_cards(cards[:2], " ") == "As Kh"


def test_cards_are_hashable_and_ordered_by_rank_then_suit() -> None:
    assert len({Card.parse("As"), Card.parse("A♠")}) == 1
    assert Card.parse("2s") < Card.parse("3c")
    assert Card.parse("Ac") < Card.parse("As")
    with pytest.raises(CardNotationError):
        Card.from_index(52)


@given(st.lists(st.sampled_from(FULL_DECK), max_size=20))
def test_printing_and_reading_back_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)
    assert parse_cards(format_cards(cards, " ")) == tuple(cards)
