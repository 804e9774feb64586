"""Andar Bahar against oracles that share no code with the engine: every ordered deal of physical
cards walked on small shoes, an independent formula (the position of the first of the matching
cards) on full shoes, and a seeded simulation; published figures are cited where checked."""

from __future__ import annotations

import contextlib
import io
import json
import math
from fractions import Fraction

import pytest

from cardmath.cards import FULL_DECK
from cardmath.cli import main
from cardmath.errors import OptionError, ShoeError
from cardmath.games import andar_bahar
from cardmath.games.andar_bahar import GAME, RANGES, AndarBaharRules, range_name
from cardmath.information import conditional
from cardmath.shoe import Shoe
from tests.oracles import andar_bahar_bruteforce as oracle
from tests.oracles.andar_bahar_simulation import simulate


def physical(shoe: Shoe) -> list[tuple[int, str]]:
    return [(card.rank.value, card.suit.value) for card in shoe.cards()]


def exact(value: object) -> Fraction:
    return Fraction(str(value))


@pytest.mark.parametrize("decks", [1, 2, 8])
@pytest.mark.parametrize("first", ["andar", "bahar"])
def test_full_shoes_are_the_formulas(decks: int, first: str) -> None:
    shoe = Shoe.standard(decks)
    coup = oracle.figures(oracle.formula(oracle.deck(copies=decks)), first)
    result = andar_bahar.analyze(shoe, AndarBaharRules(first=first))
    assert exact(result.result_probabilities["andar_wins"]) == coup.andar
    assert exact(result.result_probabilities["bahar_wins"]) == coup.bahar
    first_pays, other_pays = Fraction(9, 10), Fraction(1)
    for side in ("andar", "bahar"):
        pays = first_pays if side == first else other_pays
        assert exact(result.bets[side].house_edge) == oracle.main_bet_edge(coup, side, pays)
    for low, high, pay in RANGES:
        edge = result.bets[range_name(low, high)].house_edge
        assert exact(edge) == oracle.side_bet_edge(coup, low, high, Fraction(pay))


def test_the_published_one_deck_figures() -> None:
    """One deck, the first card to Andar: Andar wins about 51.5% and costs 2.15% at 0.9 to 1
    (Wizard of Odds, Andar Bahar; casinologia.com: 'If Andar is dealt first, it will win ~51.5%')."""
    result = andar_bahar.analyze(Shoe.standard(1), bets=["andar"])
    assert result.result_probabilities["andar_wins"] == Fraction(429, 833)
    assert round(float(result.result_probabilities["andar_wins"]), 4) == 0.5150
    assert round(float(result.bets["andar"].house_edge) * 100, 2) == 2.15


SMALL_SHOES = (
    "Ac,Ad,2c,3c,4c,5c,6c,7c,8c,9c,Tc,Jc",  # one rank of two, the others single: some deals never match
    "Ac,Ad,Ah,2c,2d,2h,3c,3d,Kc,Kd,Ks",
    "9c,9d,9h,9s,Qc,Qd,Qh,Tc,Td",
)


@pytest.mark.parametrize("cards", SMALL_SHOES)
@pytest.mark.parametrize("first", ["andar", "bahar"])
def test_small_shoes_are_every_ordered_deal(cards: str, first: str) -> None:
    shoe = Shoe.standard(1).without([card for card in FULL_DECK if str(card) not in cards.split(",")])
    coup = oracle.figures(oracle.brute_force(physical(shoe)), first)
    result = andar_bahar.analyze(shoe, AndarBaharRules(first=first))
    assert exact(result.result_probabilities["andar_wins"]) == coup.andar
    assert exact(result.result_probabilities["no_match"]) == coup.no_match
    for low, high, _ in RANGES:
        sheet = result.bets[range_name(low, high)]
        won = sum((o.probability for o in sheet if o.name == "win"), start=Fraction(0))
        assert exact(won) == oracle.range_probability(coup, low, high)


def test_two_decks_with_cards_gone() -> None:
    shoe = Shoe.standard(2).without("Ac,Ad,Ah,As,Ac,Ad,Ah,2c,Ks,Ks,Kh,Kh,Kd")
    coup = oracle.figures(oracle.formula(physical(shoe)))
    assert exact(andar_bahar.analyze(shoe).result_probabilities["andar_wins"]) == coup.andar


def test_a_seeded_simulation_agrees_within_five_standard_errors() -> None:
    coups = 40_000
    counted = simulate(oracle.deck(), coups, seed=20261204)
    result = andar_bahar.analyze(Shoe.standard(1))
    p = float(result.result_probabilities["andar_wins"])
    seen = sum(count for (side, _), count in counted.items() if side == "andar") / coups
    assert abs(seen - p) <= 5 * math.sqrt(p * (1 - p) / coups)


def test_eight_decks_are_exact_and_quick_to_state() -> None:
    result = andar_bahar.analyze(Shoe.standard(8), bets=["andar", "bahar"])
    assert result.unit == "weights" and result.total_combinations is None
    assert all(outcome.combinations is None for outcome in result.bets["andar"])
    assert round(float(result.bets["andar"].house_edge) * 100, 4) == 1.3186


def test_an_infinite_shoe_and_a_closed_form_are_refused_in_words() -> None:
    with pytest.raises(ShoeError, match="deals until a card stops it"):
        andar_bahar.analyze(Shoe.infinite())
    with pytest.raises(OptionError, match="no closed form"):
        andar_bahar.closed_form()
    error = io.StringIO()
    with contextlib.redirect_stderr(error):
        assert main(["andar-bahar", "--decks", "inf"]) == 2
    assert error.getvalue().startswith("cardmath: error: Andar Bahar deals until a card stops it")


def test_the_command_and_its_json() -> None:
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        assert main(["andar-bahar", "--decks", "1", "--bets", "andar,bahar", "--format", "json"]) == 0
    document = json.loads(output.getvalue())
    assert document["bets"]["andar"]["house_edge"] == "179/8330"
    assert document["unit"] == "weights"
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        assert main(["andar-bahar", "--solve-pay", "andar:win", "--format", "json"]) == 0
    assert json.loads(output.getvalue())["pay"] == "404/429"


def test_what_the_joker_tells_on_a_depleted_shoe() -> None:
    """`cardmath information`: the chance Andar wins given the joker's rank, against the formula's
    split by joker card."""
    shoe = Shoe.standard(1).without("Ad,Ah,Kc")
    lengths = oracle.formula(physical(shoe))
    for joker, rank in ((14, 12), (13, 11), (5, 3)):
        matched: dict[int, Fraction] = {}
        weight = Fraction(0)
        for card, (match, no_match) in lengths.by_joker_card.items():
            if card[0] == joker:
                weight += sum(match.values(), Fraction(0)) + sum(no_match.values(), Fraction(0))
                for k, p in match.items():
                    matched[k] = matched.get(k, Fraction(0)) + p
        andar = sum((p for k, p in matched.items() if k % 2 == 1), Fraction(0)) / weight
        given = conditional(GAME, shoe, {"joker": frozenset({rank})}, ["andar"])
        won = sum((o.probability for o in given.sheets["andar"] if o.name == "win"), start=Fraction(0))
        assert exact(won) == andar, joker
