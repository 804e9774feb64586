"""Bad arguments to the library get a clear error: a TypeError naming the parameter for a wrong
type, a CardmathError saying what is allowed for a wrong value; never an AttributeError or a bare
ValueError from deep inside.  Decks are bounded, seeds are 0 or more, everywhere.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cardmath import Card, Shoe
from cardmath.cli import main
from cardmath.errors import CardmathError, CardNotationError, OptionError, ShoeError
from cardmath.games import baccarat, chemin_de_fer, pool
from cardmath.games.baccarat.batch import house_edges, value_edge_terms
from cardmath.games.baccarat.bets import built_in_bets
from cardmath.games.baccarat.counting import value_counts
from cardmath.games.pool.chances import HandError
from cardmath.games.pool.rules import PoolRules
from cardmath.games.pool.simulation import simulate
from cardmath.numbers import MAX_DECKS, read_decks, read_seed

ACE = Card.parse("As")
NOTHING: Any = None
"""``None`` where the types ask for more: the argument the checks must refuse."""
EIGHT: Any = "8"
"""A number of decks as text where a shoe is wanted."""

# --- Shoe.from_counts ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("counts", "message"),
    [
        (None, 'counts must be a mapping of card to count, such as {Card.parse("As"): 2}, not NoneType'),
        ([ACE], 'counts must be a mapping of card to count, such as {Card.parse("As"): 2}, not list'),
        ({5: 1}, 'counts must map cards (Card.parse("As"), or the text "As") to counts, not int 5'),
    ],
)
def test_from_counts_of_the_wrong_type(counts: Any, message: str) -> None:
    with pytest.raises(TypeError) as raised:
        Shoe.from_counts(counts)
    assert str(raised.value) == message


def test_from_counts_reads_card_text_and_refuses_bad_counts() -> None:
    mixed: dict[Card | str, int] = {"As": 2, Card.parse("Kd"): 1}
    assert Shoe.from_counts(mixed).size == 3
    twice: dict[Card | str, int] = {"As": 1, ACE: 1}
    with pytest.raises(ShoeError, match="As is given twice in counts"):
        Shoe.from_counts(twice)
    with pytest.raises(CardNotationError):
        Shoe.from_counts({"Zz": 1})
    with pytest.raises(ShoeError, match="the count of As must be a whole number 0 or more, not -1"):
        Shoe.from_counts({ACE: -1})
    with pytest.raises(ShoeError, match="the count of As must be a whole number 0 or more, not True"):
        Shoe.from_counts({ACE: True})
    with pytest.raises(ShoeError, match=r"the count of As must be at most 10\*\*12"):
        Shoe.from_counts({ACE: 10**12 + 1})
    with pytest.raises(TypeError, match="infinite must be True or False, not str"):
        Shoe.from_counts({ACE: 1}, infinite="yes")  # type: ignore[arg-type]


def test_an_infinite_shoe_of_weights_says_what_it_is() -> None:
    one = Shoe.from_counts({ACE: 1}, infinite=True)
    assert one.is_infinite and one.size == 1
    assert one.describe() == "infinite shoe in the proportions of 1 card"
    assert Shoe.infinite().describe() == Shoe.infinite(Shoe.standard(6)).describe() == "infinite decks"
    # every card drawn is the ace of spades: every hand of two aces (value 1 each) totals 2, and
    # three-card hands 3, so Player and Banker always tie: each bet pushes, the tie bet always wins
    edges = baccarat.analyze(one, bets=["player", "banker", "tie"]).bets
    assert edges["player"].house_edge == edges["banker"].house_edge == 0
    assert edges["tie"].house_edge == -8


# --- decks, bounded everywhere --------------------------------------------------------------------------


def test_decks_are_bounded_by_one_stated_maximum() -> None:
    assert MAX_DECKS == 10**12
    assert read_decks(str(10**12)) == 10**12
    assert Shoe.standard(10**12).size == 52 * 10**12
    with pytest.raises(ShoeError, match=r"at most 10\*\*12 \(a trillion decks\), or inf"):
        read_decks("9" * 600)
    with pytest.raises(ShoeError, match=r"at most 10\*\*12"):
        Shoe.standard(10**12 + 1)
    with pytest.raises(ShoeError, match="a number of 601 digits"):
        Shoe.standard(10**600)


@pytest.mark.parametrize("game", ["baccarat", "chemin-de-fer", "reddog", "dragon-tiger", "casino-war"])
def test_huge_decks_on_the_command_line_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], game: str
) -> None:
    words = [game, "--decks", "9" * 600]
    if game == "chemin-de-fer":
        words += ["--model", "B2"]
    assert main(words) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardmath: error: the number of decks must be at most 10**12")
    assert err.count("\n") == 1


# --- seeds ---------------------------------------------------------------------------------------------


def test_a_negative_seed_is_refused_not_dealt_as_its_absolute_value() -> None:
    assert read_seed("0") == 0 and read_seed(7) == 7
    for seed in (-1, "-1", "-0x1"):
        with pytest.raises(OptionError, match="the seed must be a whole number 0 or more"):
            read_seed(seed)
    with pytest.raises(OptionError, match="the seed must be a whole number 0 or more, not '-1'"):
        simulate(PoolRules(players=2), rounds=3, seed=-1)


@pytest.mark.parametrize(
    "words",
    [
        ["pool", "simulate", "--players", "2", "--rounds", "5", "--seed", "-1"],
        ["study", "dragon_7", "--shoes", "1", "--workers", "1", "--seed", "-1"],
    ],
)
def test_negative_seeds_on_the_command_line(capsys: pytest.CaptureFixture[str], words: list[str]) -> None:
    assert main(words) == 2
    err = capsys.readouterr().err
    assert "the seed must be a whole number 0 or more, not '-1'" in err and err.count("\n") == 1


# --- chemin de fer --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: chemin_de_fer.analyze(NOTHING), "analyze() parameter shoe must be Shoe, not NoneType"),
        (lambda: chemin_de_fer.analyze(EIGHT), "analyze() parameter shoe must be Shoe, not str"),
        (
            lambda: chemin_de_fer.analyze(Shoe.standard(1), NOTHING),
            "analyze() parameter rules must be CheminDeFerRules, not NoneType",
        ),
        (lambda: chemin_de_fer.solve_many([NOTHING]), "solve_many() parameter shoes"),
        (lambda: chemin_de_fer.solve_many(NOTHING), "solve_many() parameter shoes"),
        (
            lambda: chemin_de_fer.draw_effects_of_removal(NOTHING),
            "draw_effects_of_removal() parameter shoe must be Shoe, not NoneType",
        ),
        (lambda: chemin_de_fer.GAME.analyze(NOTHING, NOTHING), "analyze() parameter shoe must be Shoe"),
    ],
)
def test_chemin_de_fer_names_the_wrong_argument(call: Any, message: str) -> None:
    with pytest.raises(TypeError) as raised:
        call()
    assert message in str(raised.value)


# --- baccarat's batch, pool's hand size ------------------------------------------------------------


@pytest.mark.parametrize("chunk", [0, -1, True, "x"])
def test_the_batch_chunk_is_a_whole_number_1_or_more(chunk: Any) -> None:
    rows = np.array([value_counts(Shoe.standard(8))])
    message = "the chunk (shoes counted at once) must be a whole number 1 or more"
    with pytest.raises(OptionError) as raised:
        value_edge_terms(rows, bets=["banker"], chunk=chunk)
    assert message in str(raised.value)
    bets = built_in_bets()
    with pytest.raises(OptionError) as raised:
        house_edges([Shoe.standard(1)], baccarat.BaccaratRules(), (bets["tie"],), chunk=chunk)
    assert message in str(raised.value)


@pytest.mark.parametrize("size", [True, False, 0, 52, -5])
def test_a_hand_size_that_is_not_a_size_is_refused(size: Any) -> None:
    for function in (pool.win_probability, pool.explain):
        with pytest.raises(HandError, match="the hand size must be a whole number from 1 to 51"):
            function("As", hand_size=size)


def test_every_error_above_is_a_cardmath_error_or_a_type_error() -> None:
    assert issubclass(HandError, CardmathError) and issubclass(ShoeError, CardmathError)
