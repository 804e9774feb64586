"""Shoes: standard, infinite, depleted, and the errors of bad compositions."""

from __future__ import annotations

import argparse

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardmath import FULL_DECK, Card, Rank, Shoe, ShoeError, parse_cards
from cardmath.cli.options import shoe_from_arguments


@pytest.mark.parametrize("decks", [1, 2, 6, 8])
def test_standard_shoes(decks: int) -> None:
    shoe = Shoe.standard(decks)
    assert shoe.size == 52 * decks
    assert shoe.decks == decks
    assert shoe.rank_counts() == (4 * decks,) * 13
    assert len(shoe.cards()) == 52 * decks
    assert not shoe.is_infinite


@pytest.mark.parametrize("decks", [0, -1, 1.5, True, "2"])
def test_bad_numbers_of_decks(decks: object) -> None:
    with pytest.raises(ShoeError, match="whole number 1 or more"):
        Shoe.standard(decks)  # type: ignore[arg-type]


def test_removing_cards() -> None:
    shoe = Shoe.standard(2).without("As,As,Kd")
    assert shoe.size == 101
    assert shoe.count(Card.parse("As")) == 0
    assert shoe.count(Card.parse("Kd")) == 1
    assert shoe.rank_counts()[Rank.ACE.index] == 6
    assert shoe.decks is None
    assert shoe.describe() == "101 cards"
    assert Shoe.standard(1).without("") == Shoe.standard(1)
    with pytest.raises(ShoeError, match="holds only 0"):
        shoe.without("As")
    with pytest.raises(ShoeError, match="holds only 2 of it \\(3 asked\\)"):
        Shoe.standard(2).without(parse_cards("Qh Qh Qh"))


def test_removing_every_card_is_an_error() -> None:
    with pytest.raises(ShoeError, match="at least one card"):
        Shoe.standard(1).without(FULL_DECK)


def test_without_rank_takes_a_card_of_that_rank() -> None:
    shoe = Shoe.standard(1).without("As,Ah")
    smaller = shoe.without_rank(Rank.ACE)
    assert smaller.rank_counts()[Rank.ACE.index] == 1
    assert smaller.size == 49
    with pytest.raises(ShoeError, match="none is left"):
        smaller.without_rank(Rank.ACE).without_rank(Rank.ACE)


def test_infinite_shoe() -> None:
    shoe = Shoe.infinite()
    assert shoe.is_infinite
    assert shoe.describe() == "infinite decks"
    assert str(shoe) == "infinite decks"
    assert shoe.rank_counts() == (4,) * 13
    with pytest.raises(ShoeError, match="infinite"):
        shoe.without("As")
    with pytest.raises(ShoeError, match="no list"):
        shoe.cards()
    assert Shoe.infinite(Shoe.standard(1).without("As")).size == 51


def test_from_counts_and_validation() -> None:
    shoe = Shoe.from_counts({Card.parse("As"): 2, Card.parse("2c"): 1})
    assert shoe.size == 3
    assert str(shoe) == "2c,As,As"
    with pytest.raises(ShoeError, match="at least one card"):
        Shoe.from_counts({})
    with pytest.raises(ShoeError, match="52 cards"):
        Shoe((1,) * 51)
    with pytest.raises(ShoeError, match="0 or more"):
        Shoe((-1,) + (1,) * 51)


@pytest.mark.parametrize(
    ("decks", "remove", "size"),
    [("1", "", 52), ("6", "As,Kd", 310), (" 2 ", "10h", 103), ("inf", "", 52), ("INF", "", 52)],
)
def test_shoe_from_command_line_words(decks: str, remove: str, size: int) -> None:
    assert shoe_from_arguments(argparse.Namespace(decks=decks, remove=remove)).size == size


@pytest.mark.parametrize("decks", ["0", "-1", "x", "1.5", "", "infinite-ish", "²", "①", "9" * 5000])
def test_bad_decks_from_command_line_words(decks: str) -> None:
    with pytest.raises(ShoeError, match="whole number 1 or more, or inf"):
        shoe_from_arguments(argparse.Namespace(decks=decks, remove=""))


def test_no_removal_from_an_infinite_shoe() -> None:
    with pytest.raises(ShoeError, match="infinite"):
        shoe_from_arguments(argparse.Namespace(decks="inf", remove="As"))
    with pytest.raises(ShoeError, match="infinite"):
        Shoe.infinite().without("As")


def test_without_takes_cards_or_their_notation() -> None:
    by_text = Shoe.standard(1).without(["As", "Kd"])
    assert by_text == Shoe.standard(1).without("As,Kd") == Shoe.standard(1).without(parse_cards("As Kd"))
    with pytest.raises(ShoeError, match="give cards such as As"):
        Shoe.standard(1).without([3])  # type: ignore[list-item]


def test_standard_refuses_infinity_and_says_what_to_use() -> None:
    with pytest.raises(ShoeError, match=r"Shoe.infinite\(\)"):
        Shoe.standard(float("inf"))  # type: ignore[arg-type]


def test_shoes_compare_by_composition() -> None:
    assert Shoe.standard(1).without("As") == Shoe.standard(1).without(parse_cards("As"))
    assert Shoe.standard(1) != Shoe.infinite()
    assert hash(Shoe.standard(2)) == hash(Shoe.standard(2))


@given(st.lists(st.sampled_from(FULL_DECK), unique=True, max_size=51))
def test_removal_keeps_counts_consistent(removed: list[Card]) -> None:
    shoe = Shoe.standard(1).without(removed)
    assert shoe.size == 52 - len(removed)
    assert sum(shoe.rank_counts()) == shoe.size
    assert sorted(shoe.cards() + tuple(removed)) == list(FULL_DECK)
