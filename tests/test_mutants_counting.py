"""Tests that kill mutants of the counting that the other tests let live (scripts/mutation.sh): the
engine's counting of every game dealt by a dealing (cardmath/engine/tally.py) and its settling of
the counts into decisions and house edges (cardmath/engine/settle.py), worked through Red Dog
(ranks, a third card only on a spread, the raise), Dragon Tiger (whole cards) and deals of the
tests' own (a burned card); then baccarat's own counting (counting.py, structure.py, tally.py).

Every expected value is worked by hand in the test (ordered draws of named cards, or independent
draws from an infinite shoe) or comes from the physical-card oracle of tests/oracles/.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from sympy import Rational

from cardmath.bets import Decision, RuleBet, Settlement
from cardmath.cards import Card, Suit
from cardmath.engine import BURN, DealCounter, Dealing, HouseEdges, Step
from cardmath.engine import Reads as Categories
from cardmath.engine.dealing import Dealt
from cardmath.engine.settle import DecisionPlan, StatePlan, settle, value_numerators
from cardmath.engine.tally import Cell, count_dtype
from cardmath.errors import OptionError, ShoeError
from cardmath.games.baccarat import Bet as BaccaratBet
from cardmath.games.baccarat import DrawingRules, Reads, analyze
from cardmath.games.baccarat.counting import draws, evaluate
from cardmath.games.baccarat.structure import first_value_multisets, structure
from cardmath.games.baccarat.tally import bet_counts as baccarat_bet_counts
from cardmath.games.dragon_tiger import GAME as DRAGON_TIGER
from cardmath.games.dragon_tiger.bets import Bet as DragonTigerBet
from cardmath.games.dragon_tiger.bets import Deal, built_in_bets
from cardmath.games.reddog import GAME as RED_DOG
from cardmath.games.reddog.rules import RedDogRules
from cardmath.shoe import Shoe
from tests.oracles.baccarat_naive import STANDARD, deal_counts, first_card_counts, first_four_card_counts

# --- the engine, through Red Dog: ranks, a third card only on a spread, the raise ----------------

SPREADS = range(1, 12)


def red_dog_cells(shoe: Shoe, rules: RedDogRules) -> dict[tuple[str, str | None], int]:
    """The engine's count of every cell of the Red Dog bet: (outcome, choice) to deals."""
    bet = RED_DOG.resolve_bets(None, rules)[0]
    assert bet.decision is not None
    counter = RED_DOG.counter(rules)
    cells = counter.bet_cells(bet)
    assert cells.states == tuple(SPREADS)  # no state for spread 0 (consecutive) nor 12
    found: dict[tuple[str, str | None], int] = {}
    for cell, count in zip(cells.cells, counter.count([shoe], [bet]).row(0, 0), strict=True):
        choice = None if cell.choice < 0 else bet.decision.choices[cell.choice]
        assert (cell.state < 0) == (choice is None)
        found[bet.outcomes()[cell.outcome], choice] = count
    return found


def red_dog_by_hand(*, infinite: bool) -> dict[tuple[str, str | None], int]:
    """Every Red Dog cell of one fresh deck (or the infinite shoe of its proportions), by hand: four
    cards of each of 13 ranks, each hand padded to three cards."""
    n = 52
    second = 4 if infinite else 3  # cards of the first card's rank left for the second
    third = n if infinite else n - 2  # cards left for the third card (or the unused pad)
    expected: dict[tuple[str, str | None], int] = {
        ("three of a kind", None): 13 * 4 * second * (4 if infinite else 2),
        ("pair, then push", None): 13 * 4 * second * (third - (4 if infinite else 2)),
        ("consecutive (push)", None): 2 * 12 * 4 * 4 * third,
    }
    for spread in SPREADS:
        hands = 2 * (12 - spread) * 4 * 4  # ordered first two cards of ranks spread + 1 apart
        won, lost = hands * 4 * spread, hands * (third - 4 * spread)
        for choice, raised in (("stand", ""), ("raise", "raised, ")):
            expected[f"spread {spread}, {raised}won", choice] = won
            expected[f"spread {spread}, {raised}lost", choice] = lost
    return expected


@pytest.mark.parametrize("infinite", [False, True])
def test_red_dog_cells_are_the_hand_counts_and_each_spread_is_counted_under_both_choices(
    infinite: bool,
) -> None:
    shoe = Shoe.infinite() if infinite else Shoe.standard(1)
    expected = red_dog_by_hand(infinite=infinite)
    assert red_dog_cells(shoe, RedDogRules()) == expected
    total = RED_DOG.counter(RedDogRules()).count([shoe], []).total(0)
    assert total == (52**3 if infinite else 52 * 51 * 50)
    assert sum(n for (_, choice), n in expected.items() if choice != "raise") == total


def red_dog_values(spread_pays: tuple[Fraction, ...], *, infinite: bool = False) -> dict[int, Fraction]:
    """What standing is worth in each spread (deals times net result), by hand; raising doubles it."""
    cells = red_dog_by_hand(infinite=infinite)
    return {
        spread: cells[f"spread {spread}, won", "stand"] * spread_pays[min(spread, 4) - 1]
        - cells[f"spread {spread}, lost", "stand"]
        for spread in SPREADS
    }


def test_red_dog_raise_and_house_edge_settled_by_hand() -> None:
    pays = (Fraction(5), Fraction(4), Fraction(2), Fraction(1))
    total = 52 * 51 * 50
    values = red_dog_values(pays)
    trips = 312 * 11  # three of a kind pays 11
    # Raise where standing is worth more than nothing: the third card falls inside in 4 s of 50.
    raised = {spread for spread, value in values.items() if value > 0}
    assert raised == set(range(7, 12))
    best = trips + sum(2 * v if s in raised else v for s, v in values.items())
    result = RED_DOG.analyze(Shoe.standard(1))
    assert result.bets["reddog"].house_edge == -Rational(best.numerator, total) == Rational(523, 16575)
    plan = result.decisions["reddog"]
    assert (plan.decision, plan.choices, plan.fixed, plan.denominator, plan.total) == (
        "raise",
        ("stand", "raise"),
        False,
        1,
        total,
    )
    assert plan.chosen() == {s: "raise" if s in raised else "stand" for s in SPREADS}
    assert list(plan.chosen()) == list(SPREADS)
    assert plan.choosing("raise") == tuple(range(7, 12)) and plan.choosing("stand") == tuple(range(1, 7))
    # state 7: 2 x 5 x 16 ordered first two cards, any of 50 third cards; 960 = 4480 won - 3520 lost
    assert plan.probability(7) == Rational(2 * 5 * 16 * 50, total)
    assert (plan.value(7, "stand"), plan.value(7, "raise")) == (Rational(960, total), Rational(1920, total))
    # what a choice made in every state adds, beside the choices made
    assert plan.value_always("raise") - plan.value_always("stand") == Rational(
        int(sum(values.values())), total
    )
    assert plan.value_with({7: "stand"}) - plan.value_with({}) == Rational(-960, total)
    assert plan.value_with({1: "raise", 2: "raise"}) - plan.value_with({}) == Rational(
        int(values[1] + values[2]), total
    )
    with pytest.raises(KeyError):
        plan.probability(12)
    # Standing and raising are worth the same where spread 1 pays 23/2 (1408 x 23/2 = 16192 lost):
    # the first choice, stand, is kept; a little more and the raise is worth it.
    for pay, choice in ((Fraction(23, 2), "stand"), (Fraction(47, 4), "raise")):
        rules = RedDogRules(spread_pays=(Rational(pay.numerator, pay.denominator), *map(Rational, (4, 2, 1))))
        plan = RED_DOG.analyze(Shoe.standard(1), rules).decisions["reddog"]
        assert plan.chosen()[1] == choice and plan.denominator == pay.denominator
        assert plan.value(1, "stand") == Rational(int(red_dog_values((pay, *pays[1:]))[1]), total)


def test_the_value_of_never_raising_counts_every_hand() -> None:
    """The deals that offer no choice (three of a kind, which wins 11) count in every plan's value."""
    total = 52 * 51 * 50
    values = red_dog_values((Fraction(5), Fraction(4), Fraction(2), Fraction(1)))
    trips = 312 * 11
    plan = RED_DOG.analyze(Shoe.standard(1)).decisions["reddog"]
    never = trips + sum(values.values())
    assert plan.value_always("stand") == Rational(int(never), total) == Rational(-1523, 16575)
    best = trips + sum(max(v, 2 * v) for v in values.values())
    assert (
        plan.value_with({})
        == Rational(int(best), total)
        == -RED_DOG.analyze(Shoe.standard(1)).bets["reddog"].house_edge
    )


@pytest.mark.parametrize("fixed", ["stand", "raise"])
def test_a_stated_choice_is_made_in_every_state_whatever_it_is_worth(fixed: str) -> None:
    bet = RED_DOG.resolve_bets(None, RedDogRules())[0]
    assert bet.decision is not None
    always = dataclasses.replace(
        bet, name=f"always {fixed}", decision=dataclasses.replace(bet.decision, fixed=fixed)
    )
    shoes = [Shoe.standard(1), Shoe.infinite()]
    pays = (Fraction(5), Fraction(4), Fraction(2), Fraction(1))
    expected = []
    for shoe in shoes:
        infinite = shoe.is_infinite
        values = red_dog_values(pays, infinite=infinite)
        trips = red_dog_by_hand(infinite=infinite)["three of a kind", None] * 11
        value = trips + (2 if fixed == "raise" else 1) * sum(values.values())
        expected.append(-Rational(int(value), 52**3 if infinite else 52 * 51 * 50))
    result = RED_DOG.analyze(shoes[0], bets=[always])
    plan = result.decisions[always.name]
    assert plan.fixed and set(plan.chosen().values()) == {fixed}
    assert result.bets[always.name].house_edge == expected[0]
    # many shoes settle through value_numerators, one shoe through settle: the same edges
    assert [row[always.name] for row in RED_DOG.analyze_many(shoes, bets=[always])] == expected


def test_red_dog_many_shoes_choose_each_shoe_s_best_raise() -> None:
    shoes = [Shoe.standard(1), Shoe.infinite()]
    expected = []
    for shoe in shoes:
        infinite = shoe.is_infinite
        values = red_dog_values((Fraction(5), Fraction(4), Fraction(2), Fraction(1)), infinite=infinite)
        trips = red_dog_by_hand(infinite=infinite)["three of a kind", None] * 11
        best = trips + sum(max(v, 2 * v) for v in values.values())
        expected.append(-Rational(int(best), 52**3 if infinite else 52 * 51 * 50))
    edges = RED_DOG.analyze_many(shoes)
    assert [row["reddog"] for row in edges] == expected
    assert [RED_DOG.analyze(shoe).bets["reddog"].house_edge for shoe in shoes] == expected


def test_a_state_the_shoe_cannot_deal_has_no_decision() -> None:
    # Twos, threes and fours only: every spread is 0 or 1 (a deuce and a four).
    shoe = Shoe.from_counts({Card.parse(card): 2 for card in ("2s", "2h", "3s", "4d", "4c")})
    plan = RED_DOG.analyze(shoe).decisions["reddog"]
    assert list(plan.chosen()) == [1]
    # 2 orders x 4 deuces x 4 fours, then any of the 8 cards left
    assert plan.probability(1) == Rational(2 * 4 * 4 * 8, 10 * 9 * 8)


# --- the engine, through Dragon Tiger: whole cards --------------------------------------------------


def dragon_tiger_counts(shoes: list[Shoe], bet: RuleBet[Any]) -> list[list[int]]:
    """The engine's count of each outcome of a Dragon Tiger bet on each shoe."""
    counter = DRAGON_TIGER.counter(DRAGON_TIGER.default_rules)
    tally = counter.count(shoes, [bet])
    assert [cell.outcome for cell in counter.bet_cells(bet).cells] == list(range(len(bet.outcomes())))
    return [tally.row(0, s) for s in range(len(shoes))]


def _ace_king_or_sevens(deal: Deal) -> str:
    ranks = (deal.dragon.rank.symbol, deal.tiger.rank.symbol)
    kind = "ace-king" if ranks == ("A", "K") else "sevens" if ranks == ("7", "7") else None
    if kind is None:
        return "other"
    return f"{kind}, {'suited' if deal.dragon.suit == deal.tiger.suit else 'not suited'}"


ACE_KING_OR_SEVENS = DragonTigerBet.define(
    "ace-king or sevens",
    _ace_king_or_sevens,
    {f"{kind}, {suited}": 0 for kind in ("ace-king", "sevens") for suited in ("suited", "not suited")}
    | {"other": 0},
)


def test_dragon_tiger_counts_tell_cards_of_one_suit() -> None:
    one, eight = dragon_tiger_counts([Shoe.standard(1), Shoe.standard(8)], ACE_KING_OR_SEVENS)
    # An ace for Dragon and a king for Tiger: 4 x 4 ordered pairs, 4 of them of one suit.  Two
    # sevens: of one suit only as the same card (impossible in one deck), else 4 x 3.
    assert one == [4, 12, 0, 12, 52 * 51 - 28]
    # Eight decks: each ace-king pair in 8 x 8 ways; the same seven twice in 4 x ff(8, 2) ways,
    # two different sevens in 4 x 3 x 8 x 8.
    assert eight == [4 * 64, 12 * 64, 4 * 8 * 7, 4 * 3 * 8 * 8, 416 * 415 - 16 * 64 - 4 * 56 - 12 * 64]


def _dragon_colour(deal: Deal) -> str:
    return "red" if deal.dragon.suit in (Suit.HEARTS, Suit.DIAMONDS) else "black"


COLOUR = DragonTigerBet.define("dragon colour", _dragon_colour, {"red": 1, "black": -1, "never": 5})
"""A bet that reads the suits themselves, one of whose outcomes never happens."""


def test_an_outcome_no_coup_gives_is_counted_as_none() -> None:
    # d decks: 26 d red Dragon cards, then any of the other 52 d - 1 for Tiger.
    shoes = [Shoe.standard(d) for d in (1, 2, 3)]
    counts = dragon_tiger_counts(shoes, COLOUR)
    assert counts == [[26 * d * (52 * d - 1), 26 * d * (52 * d - 1), 0] for d in (1, 2, 3)]
    sheet = DRAGON_TIGER.analyze(Shoe.standard(1), bets=[COLOUR]).bets[COLOUR.name]
    assert [(o.name, o.combinations) for o in sheet.outcomes] == [
        ("red", 1326),
        ("black", 1326),
        ("never", 0),
    ]
    assert sheet.house_edge == 0


def test_a_bet_whose_rule_always_gives_one_outcome() -> None:
    always = DragonTigerBet.define("always", lambda deal: "lose", {"win": 1, "lose": -1})
    # Every ordered coup of d decks, ff(52 d, 2), loses.
    assert dragon_tiger_counts([Shoe.standard(1), Shoe.standard(2)], always) == [[0, 52 * 51], [0, 104 * 103]]
    assert dragon_tiger_counts([Shoe.infinite()], always) == [[0, 52 * 52]]


def test_a_rule_outside_its_pay_table_is_reported_with_the_bet_and_the_pays() -> None:
    odd = DragonTigerBet.define("odd", lambda deal: "maybe", {"yes": 1, "no": -1})
    message = (
        r"^the rule of bet 'odd' gave outcome 'maybe' for dragon \w\w, tiger \w\w, "
        r"which is not one of its outcomes \(yes, no\)$"
    )
    with pytest.raises(OptionError, match=message):
        dragon_tiger_counts([Shoe.standard(1)], odd)


def test_a_rule_is_asked_once_per_deal_and_its_counts_are_kept() -> None:
    asked: list[Deal] = []

    def dragon_red(deal: Deal) -> str:
        asked.append(deal)
        return _dragon_colour(deal)

    bet = DragonTigerBet.define("asked", dragon_red, {"red": 1, "black": -1})
    first = dragon_tiger_counts([Shoe.standard(1)], bet)
    # Every ordered pair of the 52 cards once, the same card twice included (more decks deal it).
    assert len(asked) == 52 * 52 and len(set(asked)) == 52 * 52
    again = dragon_tiger_counts([Shoe.standard(1), Shoe.standard(8), Shoe.infinite()], bet)
    assert len(asked) == 52 * 52 and again[0] == first[0]
    assert again[1:] == [[208 * 415, 208 * 415], [26 * 52, 26 * 52]]


def test_dragon_tiger_counts_past_the_range_of_64_bit_integers() -> None:
    # 2 ** 32 aces and 2 ** 32 kings of spades: the king wins for Dragon with any ace for Tiger
    # (n * n ways), loses the other way round (n * n), ties with two aces or two kings (2 ff(n, 2)).
    n = 2**32
    shoe = Shoe.from_counts({Card.parse("As"): n, Card.parse("Ks"): n})
    assert count_dtype([shoe], 2) is object
    dragon = built_in_bets()["dragon"]
    assert dragon.outcomes() == ("win", "lose", "tie")
    expected = [n * n, n * n, 2 * n * (n - 1)]
    assert dragon_tiger_counts([shoe, Shoe.standard(1)], dragon)[0] == expected
    # a tie loses half: the house edge is n (n - 1) of the ff(2 n, 2) coups
    edge = Rational(n * (n - 1), 2 * n * (2 * n - 1))
    assert DRAGON_TIGER.analyze_many([shoe], bets=[dragon])[0]["dragon"] == edge
    assert DRAGON_TIGER.analyze(shoe, bets=[dragon]).bets["dragon"].house_edge == edge


def test_counts_stay_in_int64_exactly_while_every_count_fits() -> None:
    # The largest count of a deal of K cards from N is below N ** K: int64 while N ** K < 2 ** 62.
    below = Shoe.from_counts({Card.parse("As"): 2**31 - 1})
    at = Shoe.from_counts({Card.parse("As"): 2**31})
    assert count_dtype([below], 2) is np.int64 and count_dtype([below, at], 2) is object
    assert count_dtype([Shoe.standard(8)], 7) is np.int64 and count_dtype([Shoe.standard(8)], 8) is object
    assert count_dtype([], 3) is np.int64
    # Either side of the bound, the counts are exact: ff(N, 2) coups, every one a tie.
    tie = built_in_bets()["tie"]
    for shoe in (below, at):
        size = shoe.size
        assert dragon_tiger_counts([shoe], tie) == [[size * (size - 1), 0]]


# --- the engine on a dealing of the tests' own: a step dealt only on a tie, with a burned card ----


def _tied(dealt: Dealt) -> bool:
    return dealt.rank("a") == dealt.rank("b")


WAR = Dealing((Step(("a", "b")), Step((BURN, "c"), when=_tied)), Categories.RANKS)
"""Two cards; on a tie of ranks one card burned and a third dealt: at most four cards."""


def _war_result(dealt: Dealt) -> str:
    if not _tied(dealt):
        return "not tied"
    return "tied on aces" if dealt.rank("a").symbol == "A" else "tied"


def _war_counter(**words: str) -> DealCounter[Dealt]:
    return DealCounter(
        WAR,
        lambda dealt: dealt,
        "War",
        result=_war_result,
        results=("tied on aces", "tied", "not tied"),
        **words,
    )


def _third_matches(dealt: Dealt) -> str:
    if "c" not in dealt:
        return "no war"
    return "match" if dealt.rank("c") == dealt.rank("a") else "no match"


MATCH: RuleBet[Dealt] = RuleBet.define("match", _third_matches, {"match": 10, "no match": -1, "no war": 0})


def test_a_burned_card_is_counted_as_an_unused_card() -> None:
    counter = _war_counter()
    assert counter.longest == 4 and not counter.reads_suits([MATCH])
    tally = counter.count([Shoe.standard(1), Shoe.infinite()], [MATCH])
    # One deck: 13 x 4 x 3 ordered ties; then a burned card and a third card, of the first's rank
    # in 49 x 2 of the 50 x 49 ways; 2496 other pairs, padded by ff(50, 2).
    ties, other = 13 * 4 * 3, 52 * 51 - 13 * 4 * 3
    assert tally.row(0, 0) == [ties * 49 * 2, ties * (50 * 49 - 98), other * 50 * 49]
    assert tally.total(0) == 52 * 51 * 50 * 49
    assert tally.results[0].tolist() == [12 * 50 * 49, (ties - 12) * 50 * 49, other * 50 * 49]
    # Infinite: independent draws of 4 of 52 per rank, the burn any of 52.
    ties, other = 13 * 4 * 4, 52 * 52 - 13 * 4 * 4
    assert tally.row(0, 1) == [ties * 52 * 4, ties * 52 * 48, other * 52 * 52]
    assert tally.total(1) == 52**4
    assert tally.results[1].tolist() == [16 * 52 * 52, (ties - 16) * 52 * 52, other * 52 * 52]


def test_a_shoe_too_small_for_the_longest_deal_is_refused() -> None:
    three = Shoe.from_counts({Card.parse(card): 1 for card in ("As", "Ah", "Kd")})
    with pytest.raises(
        ShoeError, match=r"^War: a deal can use up to 4 cards, so the shoe must hold at least 4 cards, not 3$"
    ):
        _war_counter().count([Shoe.standard(1), three], [MATCH])
    with pytest.raises(ShoeError, match=r"^War: a war deals 4 cards, so the shoe must hold at least 4"):
        _war_counter(longest_deal="a war deals 4 cards").check(three)
    four = Shoe.from_counts({Card.parse(card): 1 for card in ("As", "Ah", "Kd", "Kc")})
    _war_counter().check(four)
    _war_counter().check(Shoe.infinite(three))
    # As, Ah, Kd, Kc: 4 ordered ties, then the burn and the third card of the 2 cards left, of the
    # other rank (never a match); 8 ordered pairs of an ace and a king, padded by ff(2, 2).
    tally = _war_counter().count([four], [MATCH])
    assert tally.row(0, 0) == [0, 4 * 2, 8 * 2]
    assert tally.results[0].tolist() == [2 * 2, 2 * 2, 8 * 2]


# --- the engine's settling, unit by unit ---------------------------------------------------------


def test_a_bet_without_a_decision_settles_each_cell_at_its_outcome() -> None:
    red: RuleBet[str] = RuleBet.define("red", str, {"red": 1, "black": -1, "green": 35})
    settled = settle(red, (Cell(0), Cell(1), Cell(2)), (), [18, 19, 0], 37)
    assert (settled.counts, settled.listed, settled.plan) == ((18, 19, 0), (True, True, True), None)
    assert settled.sheet(red, 37, infinite=False).house_edge == Rational(1, 37)
    # a counter may split an outcome into several cells: they add up
    assert settle(red, (Cell(0), Cell(1), Cell(1), Cell(2)), (), [18, 9, 10, 0], 37).counts == (18, 19, 0)


def test_a_rule_must_name_an_outcome() -> None:
    def a_list(deal: Deal) -> Any:
        return ["win"]

    listed = DragonTigerBet.define("listed", a_list, {"win": 1, "lose": -1})
    with pytest.raises(OptionError, match=r"gave outcome \['win'\] for dragon"):
        dragon_tiger_counts([Shoe.standard(1)], listed)


def _double_state(deal: str) -> Hashable:
    return deal


def double_bet(fixed: str | None = None) -> RuleBet[str]:
    """A coin whose player may double after seeing the deal (the deal is the outcome)."""
    return RuleBet.define(
        "coin",
        lambda deal, choice: ("doubled, " if choice == "double" else "") + deal,
        {"win": 1},
        settlements=[
            Settlement("doubled, win", pay="win", times=Rational(2), staked=Rational(2)),
            Settlement("doubled, lose", plus=Rational(-2), staked=Rational(2)),
            Settlement("win", pay="win"),
            Settlement("lose", plus=Rational(-1)),
        ],
        decision=Decision("double", _double_state, ("stand", "double"), fixed=fixed),
    )


DOUBLE_CELLS = (Cell(2, 0, 0), Cell(0, 0, 1), Cell(3, 1, 0), Cell(1, 1, 1))
"""State 0 (a win): stand wins 1, double wins 2; state 1 (a loss): stand loses 1, double loses 2."""


@pytest.mark.parametrize(
    ("fixed", "choices", "value"),
    [
        (None, ("double", "stand"), 3 * 2 - 1),
        ("stand", ("stand", "stand"), 3 - 1),
        ("double", ("double", "double"), 3 * 2 - 2),
    ],
)
def test_a_decision_is_settled_state_by_state(
    fixed: str | None, choices: tuple[str, str], value: int
) -> None:
    bet = double_bet(fixed)
    settled = settle(bet, DOUBLE_CELLS, ("win", "lose"), [3, 3, 1, 1], 4)
    assert settled.plan is not None
    assert settled.plan.chosen() == dict(zip(("win", "lose"), choices, strict=True))
    assert settled.plan.fixed is (fixed is not None)
    # each state's deals counted once, not once per choice
    assert [state.deals for state in settled.plan.states] == [3, 1]
    assert [state.values for state in settled.plan.states] == [(3, 6), (-1, -2)]
    assert settled.sheet(bet, 4, infinite=False).house_edge == Rational(-value, 4)
    counted = dict(zip(bet.outcomes(), settled.counts, strict=True))
    assert sum(counted.values()) == 4
    assert settled.listed == tuple(counted[o] > 0 for o in bet.outcomes())
    # many shoes at once: the second deals one win and five losses
    rows = np.array([[3, 3, 1, 1], [1, 1, 5, 5]], dtype=np.int64)
    second = {None: 2 - 5, "stand": 1 - 5, "double": 2 - 10}[fixed]
    assert value_numerators(bet, DOUBLE_CELLS, 2, rows).tolist() == [value, second]


def test_a_state_the_shoe_cannot_deal_lists_no_outcome() -> None:
    # No deal of this shoe is in the state "lose": it has no decision to show and lists no
    # outcome (neither the loss after standing nor after doubling).
    bet = double_bet()
    settled = settle(bet, DOUBLE_CELLS, ("win", "lose"), [3, 3, 0, 0], 3)
    listed = dict(zip(bet.outcomes(), settled.listed, strict=True))
    assert listed == {"doubled, win": True, "doubled, lose": False, "win": False, "lose": False}
    assert settled.plan is not None and settled.plan.chosen() == {"win": "double"}


def test_an_outcome_the_play_reaches_is_listed_even_when_no_deal_of_the_shoe_ends_there() -> None:
    # One state whose deals all win: doubling is chosen, and the doubled loss, which no deal of the
    # shoe reaches but the play can, is listed with no combinations.
    bet = double_bet()
    cells = (Cell(2, 0, 0), Cell(3, 0, 0), Cell(0, 0, 1), Cell(1, 0, 1))
    settled = settle(bet, cells, ("hand",), [3, 0, 3, 0], 3)
    listed = dict(zip(bet.outcomes(), settled.listed, strict=True))
    assert listed == {"doubled, win": True, "doubled, lose": True, "win": False, "lose": False}
    assert settled.counts == (3, 0, 0, 0)


def test_a_tie_between_choices_keeps_the_first() -> None:
    settled = settle(
        double_bet(), (Cell(2, 0, 0), Cell(0, 0, 1), Cell(3, 0, 0), Cell(1, 0, 1)), ("even",), [1, 1, 1, 1], 2
    )
    assert settled.plan is not None and settled.plan.chosen() == {"even": "stand"}
    assert settled.plan.states[0].values == (0, 0)


def test_edge_numerators_leave_int64_before_they_overflow() -> None:
    bet: RuleBet[str] = RuleBet.define("long shot", str, {"yes": 10**6, "no": -1})
    rows = np.array([[2**45, 2**45], [1, 2]], dtype=np.int64)
    found = value_numerators(bet, (Cell(0), Cell(1)), 0, rows).tolist()
    assert found == [10**6 * 2**45 - 2**45, 10**6 - 2]
    assert all(isinstance(value, int) for value in found)
    # no one count times its pay leaves int64, but their sum does: 4 x 2 ** 61 = 2 ** 63
    every: RuleBet[str] = RuleBet.define("every outcome wins", str, dict.fromkeys("abcd", 1))
    cells = tuple(Cell(outcome) for outcome in range(4))
    assert value_numerators(every, cells, 0, np.full((1, 4), 2**61, dtype=np.int64)).tolist() == [2**63]


def test_house_edges_are_a_read_only_mapping_built_when_read() -> None:
    edges = HouseEdges(("tie", "dragon"), (8, -3), (100, 80))
    assert len(edges) == 2 and list(edges) == ["tie", "dragon"] and "tie" in edges and "lucky" not in edges
    assert edges["tie"] == Rational(2, 25) and edges["tie"] is edges["tie"]
    assert edges.fraction("tie") == (8, 100)  # not reduced
    assert edges == {"tie": Rational(2, 25), "dragon": Rational(-3, 80)} and edges != {"tie": Rational(2, 25)}
    # one line naming each bet and its edge in percent (2/25 = 8%, -3/80 = -3.75%), never every digit
    assert repr(edges) == "<HouseEdges: 2 bets: house edge tie 8.0000%, dragon -3.7500%>"
    with pytest.raises(KeyError):
        edges["lucky"]
    assert edges.get("lucky") is None


def test_a_decision_plan_reads_its_states() -> None:
    plan = DecisionPlan(
        "raise", ("stand", "raise"), False, 2, 10, (StatePlan(7, 4, (-2, 6), 1), StatePlan(3, 6, (4, -8), 0))
    )
    assert plan.chosen() == {7: "raise", 3: "stand"}
    assert plan.choosing("raise") == (7,) and plan.choosing("stand") == (3,)
    assert (plan.probability(7), plan.probability(3)) == (Rational(2, 5), Rational(3, 5))
    assert (plan.value(7, "stand"), plan.value(7, "raise")) == (Rational(-1, 10), Rational(3, 10))
    assert (plan.value_always("stand"), plan.value_always("raise")) == (Rational(1, 10), Rational(-1, 10))
    assert plan.value_with({}) == Rational(1, 2) and plan.value_with({7: "stand", 3: "raise"}) == Rational(
        -1, 2
    )
    with pytest.raises(KeyError):
        plan.value(8, "stand")


# --- baccarat --------------------------------------------------------------------------------------

MATCHES = ("unpaired", "pair", "identical")
JOINT = BaccaratBet.define(
    "first two cards",
    lambda deal: (
        f"{deal.player_first_two.value}/{deal.banker_first_two.value}"
        if deal.player_first_two and deal.banker_first_two
        else "unresolved"
    ),
    {f"{a}/{b}": 0 for a in MATCHES for b in MATCHES},
    reads=Reads.FIRST_TWO,
)
"""How each hand's first two cards match, as one bet over both hands."""


def joint_probabilities(shoe: Shoe) -> dict[tuple[str, str], Rational]:
    sheet = analyze(shoe, bets=[JOINT]).bets["first two cards"]
    found: dict[tuple[str, str], Rational] = {}
    for outcome in sheet.outcomes:
        player, banker = outcome.name.split("/")
        found[player, banker] = outcome.probability
    return found


def card_shoe(counts: dict[str, int], *, infinite: bool = False) -> Shoe:
    return Shoe.from_counts({Card.parse(card): n for card, n in counts.items()}, infinite=infinite)


def test_a_six_card_shoe_deals_one_whole_baccarat_deal() -> None:
    shoe = card_shoe({"As": 1, "Ah": 1, "9c": 1, "5d": 1, "Kc": 1, "Ks": 1})
    result = analyze(shoe, bets=["tie"])
    assert result.total_combinations == math.factorial(6)
    counts = deal_counts(list(shoe.rank_counts()))
    assert result.results["ties"] == sum(n for k, n in counts.items() if k[0] == k[1])
    oracle = first_four_card_counts(list(shoe.card_counts))
    four = math.perm(6, 4)
    assert joint_probabilities(shoe) == {
        (a, b): Rational(oracle.get((a, b), 0), four) for a in MATCHES for b in MATCHES
    }


def test_first_two_card_matches_stay_exact_past_double_precision() -> None:
    # 1,286 cards of two values, the largest shoe counted in numpy int64 (1286 ** 6 < 2 ** 62): its
    # six-card counts, near ff(643, 3) ** 2 ~ 7e16 with few factors of two, are past the 2 ** 53
    # that a float holds exactly.
    shoe = card_shoe({"As": 321, "Ah": 322, "Ks": 321, "Qd": 322})
    oracle = first_four_card_counts(list(shoe.card_counts))
    four = math.perm(shoe.size, 4)
    assert joint_probabilities(shoe) == {
        (a, b): Rational(oracle.get((a, b), 0), four) for a in MATCHES for b in MATCHES
    }


def _independent_joint(weights: dict[str, int]) -> dict[tuple[str, str], Fraction]:
    """Each hand's first two cards drawn independently from an infinite shoe of these weights."""
    total = sum(weights.values())
    identical = Fraction(sum(w * w for w in weights.values()), total**2)
    by_rank: dict[str, int] = {}
    for card, w in weights.items():
        by_rank[card[0]] = by_rank.get(card[0], 0) + w
    same_rank = Fraction(sum(w * w for w in by_rank.values()), total**2)
    one = {"identical": identical, "pair": same_rank - identical, "unpaired": 1 - same_rank}
    return {(a, b): one[a] * one[b] for a in MATCHES for b in MATCHES}


def test_first_two_card_matches_of_an_infinite_shoe_are_independent_draws() -> None:
    # One deck's proportions: identical 1/52, a pair of other cards 3/52, unpaired 48/52 per hand.
    one = {"identical": Fraction(1, 52), "pair": Fraction(3, 52), "unpaired": Fraction(48, 52)}
    found = joint_probabilities(Shoe.infinite())
    assert {k: Fraction(int(v.p), int(v.q)) for k, v in found.items()} == {
        (a, b): one[a] * one[b] for a in MATCHES for b in MATCHES
    }
    weights = {"As": 3, "Ah": 1, "Kc": 2, "Kd": 2, "5s": 1, "9h": 4}
    found = joint_probabilities(card_shoe(weights, infinite=True))
    assert {k: Fraction(int(v.p), int(v.q)) for k, v in found.items()} == _independent_joint(weights)


@pytest.mark.parametrize("first_two", [False, True])
def test_shoe_counts_carry_the_shoe_and_the_padded_ways_of_each_value_multiset(first_two: bool) -> None:
    standard = DrawingRules.standard()
    multisets = structure(standard).multisets
    # A natural of four cards: three cards of value 0 and a nine (the player's 9 and 0 against 0, 0).
    target = np.zeros(10, dtype=multisets.dtype)
    target[0], target[9] = 3, 1
    (q,) = np.flatnonzero((multisets == target).all(axis=1))
    one = evaluate(Shoe.standard(1), standard, first_two=first_two)
    # 16 cards of value 0 and 4 nines: ff(16, 3) x 4 ordered ways, padded by ff(48, 2) unused cards.
    assert int(one.weights[q]) == math.perm(16, 3) * 4 * math.perm(48, 2)
    assert one.infinite is False
    assert one.shoe == Shoe.standard(1)
    infinite = evaluate(Shoe.infinite(), standard, first_two=first_two)
    assert int(infinite.weights[q]) == 16**3 * 4 * 52**2
    assert infinite.infinite is True
    assert infinite.shoe == Shoe.infinite()


def test_no_way_to_draw_a_negative_number_of_cards() -> None:
    assert draws(4, -1, False) == 0
    assert draws(4, -1, True) == 0
    assert draws(4, 2, False) == 12
    assert draws(4, 2, True) == 16


# --- baccarat's shoe-free tables -----------------------------------------------------------------


def _third_cards(p1: int, b1: int, p2: int, b2: int) -> list[tuple[int, int]]:
    """Punto banco's ways on from four card values, by the naive oracle's drawing table: each
    (player third, banker third), -1 for a card not drawn."""
    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
    if player >= 8 or banker >= 8:
        return [(-1, -1)]
    if not STANDARD.player_draws(player):
        if STANDARD.banker_draws(banker, None):
            return [(-1, b3) for b3 in range(10)]
        return [(-1, -1)]
    ways: list[tuple[int, int]] = []
    for p3 in range(10):
        if STANDARD.banker_draws(banker, p3):
            ways.extend((p3, b3) for b3 in range(10))
        else:
            ways.append((p3, -1))
    return ways


def test_the_value_sequences_of_whole_deals_are_counted_once_each() -> None:
    every = paired = 0
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        ways = len(_third_cards(p1, b1, p2, b2))
        every += ways
        paired += ways if p1 == p2 or b1 == b2 else 0
    tables = structure(DrawingRules.standard())
    assert np.issubdtype(tables.value_entry_sequences.dtype, np.integer)
    assert np.issubdtype(tables.entry_sequences.dtype, np.integer)
    assert int(tables.value_entry_sequences.sum()) == every
    assert int(tables.entry_sequences.sum()) == paired


def test_the_tables_list_only_deals_with_a_matched_pair_of_values_in_class_order() -> None:
    tables = structure(DrawingRules.standard())
    # Every extended multiset has at least one hand whose first two values match.
    assert ((tables.pair_values >= 0).any(axis=1)).all()
    assert ((tables.pair_values >= -1) & (tables.pair_values <= 9)).all()
    # Entries are sorted by class, and each paired class starts where its first entry is.
    assert (np.diff(tables.entry_class) >= 0).all()
    assert (tables.entry_class[tables.class_starts] == tables.paired_classes).all()
    # A third card not drawn is -1, and a hand holds two cards plus its third when drawn.
    columns = tables.class_columns
    assert set(columns[:, 4:].ravel().tolist()) == set(range(-1, 10))
    assert (columns[:, 2] == 2 + (columns[:, 4] >= 0)).all()
    assert (columns[:, 3] == 2 + (columns[:, 5] >= 0)).all()


def test_first_value_multisets_list_the_first_four_cards_of_every_deal_class() -> None:
    tables = structure(DrawingRules.standard())
    sequences, multisets = first_value_multisets(DrawingRules.standard())
    columns = tables.class_columns
    assert sequences.shape == (len(columns), 100, 4)
    player_third = np.maximum(columns[:, 4], 0)
    banker_third = np.maximum(columns[:, 5], 0)
    # The first four values (player, banker, player, banker) give each class's two-card totals ...
    p1, b1, p2, b2 = (sequences[:, :, i] for i in range(4))
    assert ((p1 + p2) % 10 == ((columns[:, 0] - player_third) % 10)[:, None]).all()
    assert ((b1 + b2) % 10 == ((columns[:, 1] - banker_third) % 10)[:, None]).all()
    # ... 100 different ones (the first two values are free, the other two follow) ...
    codes = ((p1 * 10 + b1) * 10 + p2) * 10 + b2
    assert (np.sort(codes, axis=1)[:, 1:] != np.sort(codes, axis=1)[:, :-1]).all()
    # ... and with the class's third cards they make the whole deal's multiset of values.
    values = np.arange(10)
    first_four = (sequences[..., None] == values).sum(axis=2)
    thirds = (columns[:, 4:, None] == values).sum(axis=1)
    assert (tables.multisets[multisets] == first_four + thirds[:, None, :]).all()


def _match(first: int, second: int) -> str:
    """How a hand's first two physical cards (numbered as in ``Shoe.card_counts``) match."""
    return "identical" if first == second else "pair" if first // 4 == second // 4 else "unpaired"


WINNERS = ("player", "banker", "tie")
MATCHES_AND_WINNER = BaccaratBet.define(
    "matches and winner",
    lambda deal: (
        f"{deal.player_first_two.value}/{deal.banker_first_two.value}/{deal.winner}"
        if deal.player_first_two and deal.banker_first_two
        else "unresolved"
    ),
    {f"{a}/{b}/{w}": 0 for a in MATCHES for b in MATCHES for w in WINNERS} | {"unresolved": 0},
    reads=Reads.FIRST_TWO,
)
"""How each hand's first two cards match, and who wins: a bet on the first two cards that also
reads the final deal, so its deals fall into a group per winner, each group uneven between the
player's and the banker's matches."""


@pytest.mark.parametrize(
    "counts",
    [
        # Twelve cards: identical cards, pairs of one rank, and K, Q of one value but two ranks.
        {"As": 3, "Ah": 2, "Kd": 2, "Qc": 1, "9s": 2, "5h": 1, "4c": 1},
        # 2 ** 22 cards: every count past int64 (N ** 6 ~ 2 ** 132, ff(n, 4) ~ 2 ** 80 per card).
        {"As": 2**20, "Ah": 2**20 + 1, "Ks": 2**20, "Qd": 2**20 - 1, "9c": 2**20},
    ],
    ids=["twelve cards", "past int64"],
)
def test_first_two_card_matches_by_winner_equal_the_physical_cards(counts: dict[str, int]) -> None:
    shoe = card_shoe(counts)
    oracle = first_card_counts(
        list(shoe.card_counts), lambda player, banker: (_match(*player), _match(*banker))
    )
    expected = dict.fromkeys(MATCHES_AND_WINNER.outcomes(), 0)
    for (player, banker, _, _, (player_match, banker_match)), n in oracle.items():
        winner = "player" if player > banker else "banker" if banker > player else "tie"
        expected[f"{player_match}/{banker_match}/{winner}"] += n
    deals = math.perm(shoe.size, 6)
    assert sum(expected.values()) == deals
    # The grouped count behind analyze ...
    sheet = analyze(shoe, bets=[MATCHES_AND_WINNER]).bets["matches and winner"]
    assert {o.name: o.probability for o in sheet.outcomes} == {
        name: Rational(n, deals) for name, n in expected.items()
    }
    # ... and the per-class count of evaluate.
    counted = evaluate(shoe, DrawingRules.standard(), first_two=True)
    assert counted.total == deals
    assert baccarat_bet_counts(MATCHES_AND_WINNER, counted) == list(expected.values())


@pytest.mark.parametrize("first_two", [False, True])
def test_shoe_counts_hold_the_number_of_six_card_deals(first_two: bool) -> None:
    assert evaluate(Shoe.standard(1), DrawingRules.standard(), first_two).total == 52 * 51 * 50 * 49 * 48 * 47
    assert evaluate(Shoe.infinite(), DrawingRules.standard(), first_two).total == 52**6
