"""Casino Red Dog against published figures and oracles that share no code with the engine.

Red Dog is a definition the engine reads: one bet, ``reddog``, whose raise is a decision the engine
makes from the exact counts of the shoe (per spread, or per pair of first two ranks with
``raise_by=cards``).  Everything here goes through the public verbs: the par sheet is
``result.bets["reddog"]``, the raise ``result.decisions["reddog"]``.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from fractions import Fraction
from itertools import product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Rational

from cardmath import Rank, Shoe
from cardmath.bets import RuleBet
from cardmath.engine import CatalogueResult, DecisionPlan, HouseEdges
from cardmath.engine.dealing import Dealing, deal_sequences
from cardmath.errors import CardmathError, OptionError, PayTableError, ShoeError
from cardmath.exact import DECKS
from cardmath.games.reddog import (
    DEFINITION,
    GAME,
    RANKS,
    SPREADS,
    TRIPS,
    Hand,
    RaiseBy,
    RedDogRules,
    analyze,
    analyze_many,
    built_in_bets,
    closed_form,
    effects_of_removal,
    outcome_name,
    pay_names,
    solve_pay,
    spread_pay_table,
)
from cardmath.parsheet import ParSheet
from tests.oracles.reddog_bruteforce import RedDogFigures, brute_force, classify, deck_ranks, infinite_deck
from tests.oracles.reddog_bruteforce_cards import CardsFigures, brute_force_cards
from tests.oracles.reddog_simulation import simulate

RANK_SYMBOLS = "23456789TJQKA"
BY_CARDS = RedDogRules(raise_by=RaiseBy.CARDS)
FRESH_RAISES = (7, 8, 9, 10, 11)
STANDARD_PAYS = (Fraction(5), Fraction(4), Fraction(2), Fraction(1))


def same(exact: Any, oracle: Fraction) -> bool:
    """An engine value (sympy.Rational) equals an oracle Fraction, compared as numerator/denominator."""
    value = Rational(exact)
    return (int(value.p), int(value.q)) == (oracle.numerator, oracle.denominator)


def fraction(value: Any) -> Fraction:
    value = Rational(value)
    return Fraction(int(value.p), int(value.q))


def sheet_of(result: CatalogueResult[RedDogRules]) -> ParSheet:
    """The par sheet of Red Dog's one bet."""
    return result.bets["reddog"]


def plan_of(result: CatalogueResult[RedDogRules]) -> DecisionPlan:
    """The raise decision the engine made on the result's shoe."""
    return result.decisions["reddog"]


def raised_spreads(result: CatalogueResult[RedDogRules]) -> tuple[int, ...]:
    """The spreads raised (the states of a decision per spread, but the hands without a spread)."""
    states = plan_of(result).choosing("raise")
    assert all(isinstance(state, int) for state in states), states
    return tuple(int(state) for state in states)  # type: ignore[call-overload]


def no_raise_edge(result: CatalogueResult[RedDogRules]) -> Rational:
    """The house edge of a player who never raises."""
    return -plan_of(result).value_always("stand")


def spread_of(pair: Hashable) -> int:
    assert isinstance(pair, tuple)
    low, high = pair
    return int(high) - int(low) - 1


def raised_pairs(result: CatalogueResult[RedDogRules]) -> dict[int, set[tuple[int, int]]]:
    """The pairs of first two ranks raised, as ``(low, high)`` values, by spread (raise_by=cards)."""
    pairs: dict[int, set[tuple[int, int]]] = {}
    for state in plan_of(result).choosing("raise"):
        assert isinstance(state, tuple), state
        low, high = state
        pairs.setdefault(spread_of(state), set()).add((int(low), int(high)))
    return pairs


def differing_pairs(shoe: Shoe, **options: Any) -> tuple[tuple[Rank, Rank], ...]:
    """The pairs the shoe deals whose raise per pair differs from the raise of their spread."""
    by_spread = plan_of(analyze(shoe, RedDogRules(**options))).chosen()
    by_cards = plan_of(analyze(shoe, RedDogRules(raise_by=RaiseBy.CARDS, **options)))
    return tuple(
        state
        for state, choice in by_cards.chosen().items()
        if isinstance(state, tuple)
        and by_cards.probability(state) > 0
        and choice != by_spread[spread_of(state)]
    )


def regrouped(names: Sequence[str], values: Sequence[Any]) -> dict[str, Any]:
    """Par-sheet rows (counts or chances) regrouped by the oracle's outcome names, zeros left out."""
    grouped: dict[str, Any] = {}
    for name, value in zip(names, values, strict=True):
        assert value is not None
        if name in ("three of a kind", "pair, then push"):
            key = name
        elif name.startswith("consecutive"):
            key = "consecutive"
        else:
            spread = int(name.split()[1].rstrip(","))
            key = f"{'win' if name.endswith('won') else 'lose'} {spread}"
        if value:
            grouped[key] = grouped.get(key, 0) + value
    return grouped


def assert_no_raise_without_a_spread(plan: DecisionPlan) -> None:
    """A pair or a consecutive hand offers no raise: the decision has no state for them, or one
    state in which both choices are worth the same and the player stands."""
    others = [state for state in plan.chosen() if state not in SPREADS and not isinstance(state, tuple)]
    assert len(others) <= 1, others
    for state in others:
        assert plan.value(state, "stand") == plan.value(state, "raise")
        assert plan.chosen()[state] == "stand"


def assert_plan_agrees(result: CatalogueResult[RedDogRules], oracle: RedDogFigures) -> None:
    """The raise decision per spread: each spread's chance and what standing or raising adds."""
    plan = plan_of(result)
    assert (plan.decision, plan.choices, plan.fixed) == ("raise", ("stand", "raise"), False)
    assert raised_spreads(result) == oracle.raise_on_spreads
    assert_no_raise_without_a_spread(plan)
    states = plan.chosen()
    for spread in SPREADS:
        if spread not in states:  # a spread the shoe cannot deal need not be a state
            assert oracle.spread_deals[spread] == 0, spread
            continue
        assert same(plan.probability(spread), Fraction(oracle.spread_deals[spread], oracle.total)), spread
        assert same(plan.value(spread, "stand"), oracle.stand_values[spread]), spread
        assert same(plan.value(spread, "raise"), 2 * oracle.stand_values[spread]), spread
    assert same(no_raise_edge(result), oracle.house_edge_no_raise)


def assert_agrees(shoe: Shoe, oracle: RedDogFigures, **pays: Any) -> None:
    result = analyze(shoe, RedDogRules(**pays))
    sheet = sheet_of(result)
    names = [o.name for o in sheet]
    combinations = [o.combinations for o in sheet]
    assert regrouped(names, combinations) == {k: v for k, v in oracle.counts.items() if v}
    assert sheet.total_combinations == result.total_combinations == oracle.total
    assert sheet.probability_total == 1
    for outcome in sheet:
        if outcome.name.startswith("spread"):
            spread = int(outcome.name.split()[1].rstrip(","))
            raised = spread in oracle.raise_on_spreads
            assert ("raised" in outcome.name, outcome.staked) == (raised, 2 if raised else 1), outcome.name
    assert_plan_agrees(result, oracle)
    assert same(sheet.house_edge, oracle.house_edge)
    assert same(sheet.element_of_risk, oracle.element_of_risk)
    assert same(sheet.variance, oracle.variance)
    assert same(sheet.hit_frequency, oracle.hit_frequency)


# The published figures (Wizard of Odds, Red Dog page: standard table, optimal raise on spreads 7
# to 11): 3.155%, 3.077%, 2.884%, 2.798%, 2.751%.
PUBLISHED_PERCENT = {1: "3.155", 2: "3.077", 4: "2.884", 6: "2.798", 8: "2.751"}
# Their exact values (each also reproduced by the brute force below for 1 and 2 decks).
EXACT_HOUSE_EDGE = {
    1: Rational(523, 16575),
    2: Rational(2101, 68289),
    4: Rational(7993, 277173),
    6: Rational(17533, 626665),
    8: Rational(30721, 1116765),
}


@pytest.mark.parametrize("decks", sorted(PUBLISHED_PERCENT))
def test_published_house_edges(decks: int) -> None:
    result = analyze(Shoe.standard(decks))
    assert isinstance(result, CatalogueResult)
    assert list(result.bets) == list(result.decisions) == ["reddog"]
    edge = sheet_of(result).house_edge
    assert f"{float(edge) * 100:.3f}" == PUBLISHED_PERCENT[decks]
    assert edge == EXACT_HOUSE_EDGE[decks]
    assert result.house_edges() == {"reddog": EXACT_HOUSE_EDGE[decks]}
    assert raised_spreads(result) == FRESH_RAISES


def test_infinite_deck_against_its_oracle() -> None:
    result = analyze(Shoe.infinite())
    sheet = sheet_of(result)
    oracle = infinite_deck()
    assert sheet.house_edge == Rational(57, 2197)
    assert same(sheet.house_edge, oracle.house_edge)
    assert same(sheet.element_of_risk, oracle.element_of_risk)
    assert same(sheet.variance, oracle.variance)
    assert same(sheet.hit_frequency, oracle.hit_frequency)
    chances = regrouped([o.name for o in sheet], [o.probability for o in sheet])
    assert {k: fraction(v) for k, v in chances.items()} == {
        k: v for k, v in oracle.probabilities.items() if v
    }
    assert_plan_agrees(result, oracle)
    assert all(o.combinations is None for o in sheet)
    assert sheet.total_combinations is None and result.total_combinations is None
    assert sheet.probability_total == 1
    with pytest.raises(ShoeError, match="finite shoe"):
        effects_of_removal(Shoe.infinite())


def test_one_deck_against_brute_force() -> None:
    assert_agrees(Shoe.standard(1), brute_force(deck_ranks(1)))


@pytest.mark.slow
def test_two_decks_against_brute_force() -> None:
    assert_agrees(Shoe.standard(2), brute_force(deck_ranks(2)))


def test_one_deck_par_sheet_has_every_outcome_and_stake() -> None:
    sheet = sheet_of(analyze(Shoe.standard(1)))
    assert sheet.total_combinations == 52 * 51 * 50
    by_name = {o.name: o for o in sheet}
    assert by_name["three of a kind"].combinations == 13 * 4 * 3 * 2
    assert by_name["consecutive (push)"].combinations == 2 * 12 * 4 * 4 * 50
    assert by_name["spread 7, raised, won"].staked == 2
    assert by_name["spread 7, raised, won"].pays == 2
    assert by_name["spread 7, raised, lost"].pays == -2
    assert by_name["spread 6, lost"].staked == 1
    # only the outcomes the play reaches: spreads 1 to 6 stood, 7 to 11 raised
    assert len(sheet.outcomes) == 3 + 2 * 11
    assert "spread 7, won" not in by_name and "spread 6, raised, won" not in by_name
    assert sheet.expected_stake == 1 + sum(o.probability for o in sheet if o.staked == 2)


def test_the_rule_of_the_bet_against_the_oracle_classification() -> None:
    bet = built_in_bets(RedDogRules())["reddog"]
    assert bet.decision is not None and bet.decision.choices == ("stand", "raise")
    for first, second, third in product(range(2, 15), repeat=3):
        kind, spread, wins = classify(first, second, third)
        hand = Hand(Rank(first), Rank(second), None if kind == "consecutive" else Rank(third))
        for choice in ("stand", "raise"):
            if kind == "spread":
                expected = outcome_name(spread, choice == "raise", wins)
                assert bet.decision.state(hand) == spread == hand.spread
            else:
                expected = "consecutive (push)" if kind == "consecutive" else kind
                assert bet.decision.state(hand) == bet.decision.state(Hand(Rank.NINE, Rank.NINE, Rank.TWO))
                assert bet.decision.state(hand) not in SPREADS
            assert bet.rule(hand, choice) == expected, (first, second, third, choice)


# Depleted shoes: removed ranks by symbol, and what the raise decision does there.
DEPLETED = {
    "two deuces and an ace gone": "2 2 A",
    "middle cards gone (spread 7 no longer raised)": "6 6 6 6 7 7 7 7 8 8 8 8 9 9 9 9",
    "edge cards gone (spread 6 raised too)": "2 2 2 2 3 3 3 3 K K K K A A A A",
}


def removal_cards(symbols: str) -> str:
    """Card notation for one card of each listed rank, suits chosen in turn."""
    used: dict[str, int] = {}
    cards = []
    for symbol in symbols.split():
        suit = "cdhs"[used.get(symbol, 0)]
        used[symbol] = used.get(symbol, 0) + 1
        cards.append(symbol + suit)
    return ",".join(cards)


def oracle_ranks(symbols: str, decks: int = 1) -> list[int]:
    return deck_ranks(decks, [RANK_SYMBOLS.index(s) + 2 for s in symbols.split()])


def kept_card(spreads: Iterable[int]) -> dict[Hashable, str]:
    """A strategy card: raise exactly on ``spreads``."""
    raised = set(spreads)
    return {spread: "raise" if spread in raised else "stand" for spread in SPREADS}


@pytest.mark.parametrize("label", sorted(DEPLETED))
def test_depleted_shoes_against_brute_force(label: str) -> None:
    symbols = DEPLETED[label]
    shoe = Shoe.standard(1).without(removal_cards(symbols))
    assert_agrees(shoe, brute_force(oracle_ranks(symbols)))
    # the fresh deck's strategy card kept on the depleted shoe, against the oracle holding it
    kept = brute_force(oracle_ranks(symbols), raise_on_spreads=FRESH_RAISES)
    plan = plan_of(analyze(shoe))
    assert same(-plan.value_with(kept_card(FRESH_RAISES)), kept.house_edge)
    fresh_card = plan_of(analyze(Shoe.standard(1))).chosen()
    assert plan.value_with(fresh_card) == plan.value_with(kept_card(FRESH_RAISES))


def test_raise_decision_follows_the_shoe() -> None:
    middle_gone = analyze(Shoe.standard(1).without(removal_cards(DEPLETED[sorted(DEPLETED)[1]])))
    edges_gone = analyze(Shoe.standard(1).without(removal_cards(DEPLETED[sorted(DEPLETED)[0]])))
    assert 7 not in raised_spreads(middle_gone)
    assert 6 in raised_spreads(edges_gone)
    # keeping the fresh card costs the player exactly what the changed decision gains
    for result in (middle_gone, edges_gone):
        plan = plan_of(result)
        kept = plan.value_with(kept_card(FRESH_RAISES))
        assert kept < -sheet_of(result).house_edge
        assert plan.value_with(plan.chosen()) == plan.value_with({}) == -sheet_of(result).house_edge


NON_STANDARD = [
    ((Fraction(6), Fraction(4), Fraction(2), Fraction(1)), Fraction(12)),
    ((Fraction(5), Fraction(4), Fraction(3, 2), Fraction(1)), Fraction(10)),
    (tuple(Fraction(p) for p in (11, 6, 4, 3, 2, Fraction(3, 2), 1, 1, 1, 1, 1)), Fraction(15)),
    ((Fraction(0), Fraction(0), Fraction(0), Fraction(0)), Fraction(0)),
]


@pytest.mark.parametrize(("spread_pays", "trips_pays"), NON_STANDARD)
def test_non_standard_pay_tables_against_brute_force(
    spread_pays: tuple[Fraction, ...], trips_pays: Fraction
) -> None:
    as_text = ",".join(str(p) for p in spread_pays)
    oracle = brute_force(deck_ranks(1), spread_pays, trips_pays)
    assert_agrees(Shoe.standard(1), oracle, spread_pays=as_text, trips_pays=str(trips_pays))
    oracle_inf = infinite_deck(spread_pays, trips_pays)
    result = analyze(Shoe.infinite(), RedDogRules(spread_pays=as_text, trips_pays=str(trips_pays)))
    assert same(sheet_of(result).house_edge, oracle_inf.house_edge)
    assert raised_spreads(result) == oracle_inf.raise_on_spreads


def test_a_house_pay_set_by_name_against_brute_force() -> None:
    # --pay 'reddog:spread 1=6' and --pay 'reddog:three of a kind=12': applied after the table's pays
    pays = (("reddog", "spread 1", 6), ("reddog", "three of a kind", "12"))
    rules = RedDogRules(pays=pays)
    oracle = brute_force(deck_ranks(1), (Fraction(6), Fraction(4), Fraction(2), Fraction(1)), Fraction(12))
    assert same(sheet_of(analyze(Shoe.standard(1), rules)).house_edge, oracle.house_edge)
    changes = [("reddog", "spread 1", Rational(6)), ("reddog", "three of a kind", Rational(12))]
    assert rules == GAME.with_pays(RedDogRules(), changes)
    assert built_in_bets(rules)["reddog"].pay("spread 1") == 6
    assert analyze(Shoe.standard(6), rules).house_edges() == {"reddog": Rational(7908, 626665)}
    # with 11 spread pays each spread has a pay of its own: spread 11 alone at 2 to 1
    eleven = RedDogRules(spread_pays="5,4,2,1,1,1,1,1,1,1,1", pays=(("reddog", "spread 11", 2),))
    elevens = (*STANDARD_PAYS[:3], *(Fraction(1),) * 7, Fraction(2))
    assert same(
        sheet_of(analyze(Shoe.standard(1), eleven)).house_edge, brute_force(deck_ranks(1), elevens).house_edge
    )
    with pytest.raises(OptionError, match="no pay 'spread 11'"):
        GAME.with_pays(RedDogRules(), [("reddog", "spread 11", Rational(2))])
    with pytest.raises(OptionError, match="unknown Red Dog bet 'tie'"):
        GAME.with_pays(RedDogRules(), [("tie", "tie", Rational(8))])


def test_effects_of_removal_against_brute_force() -> None:
    effects = effects_of_removal(Shoe.standard(1))
    assert list(effects) == ["reddog"]
    by_rank = effects["reddog"]
    base = brute_force(deck_ranks(1))
    assert set(by_rank) == set(Rank)
    for rank, effect in by_rank.items():
        removed = brute_force(deck_ranks(1, [rank.value]))
        # the change in the house edge: positive when the removal helps the house
        assert same(effect, removed.house_edge - base.house_edge), rank
    # Removing a deuce helps the player (the house edge falls); a seven helps the house.
    assert by_rank[Rank.TWO] < 0 < by_rank[Rank.SEVEN]
    for low, high in zip(list(Rank)[:6], list(Rank)[::-1][:6], strict=True):
        assert by_rank[low] == by_rank[high]


@pytest.mark.parametrize("decks", [1, 2, 6])
def test_effects_of_removal_of_a_standard_shoe_sum_to_zero(decks: int) -> None:
    shoe = Shoe.standard(decks)
    effects = effects_of_removal(shoe)["reddog"]
    counts = shoe.rank_counts()
    assert sum(counts[rank.index] * effect for rank, effect in effects.items()) == 0


def fixed_raise_bet(rules: RedDogRules, spreads: Sequence[int]) -> RuleBet[Hand]:
    """Red Dog's bet with the raise held to ``spreads`` on every shoe: a bet of one's own, without a
    decision, that the verbs take like the built-in one."""
    bet = built_in_bets(rules)["reddog"]

    def rule(hand: Hand) -> str:
        return bet.rule(hand, "raise" if hand.spread in spreads else "stand")

    return RuleBet.define("held_raise", rule, dict(bet.pays), settlements=bet.settlements, label="Held raise")


def test_closed_form_in_decks() -> None:
    forms = closed_form()
    assert len(forms) == 1
    (form,) = forms
    assert (form.name, form.label) == ("reddog", "Red Dog")
    edge = form.house_edge
    for decks, exact in EXACT_HOUSE_EDGE.items():
        assert edge.subs(DECKS, decks) == exact
    # Decks no oracle covers directly agree with the shoe-by-shoe engine.
    for decks in (3, 5, 7, 12):
        assert edge.subs(DECKS, decks) == sheet_of(analyze(Shoe.standard(decks))).house_edge
    assert form.limit == Rational(57, 2197)
    assert same(form.limit, infinite_deck().house_edge)
    assert closed_form(bets=["reddog"]) == forms == closed_form(RedDogRules())
    assert closed_form(BY_CARDS)[0].house_edge == edge


def test_closed_form_refuses_a_raise_that_depends_on_the_decks() -> None:
    # Spread 6 at 9/8: a raise gains 24d(9/8) - (28d - 2) = 2 - d per hand: only with one deck.
    pays = RedDogRules(spread_pays="5,4,2,1,1,9/8,1,1,1,1,1")
    with pytest.raises(OptionError, match="state 6 depends on the number of decks"):
        closed_form(pays)
    assert 6 in raised_spreads(analyze(Shoe.standard(1), pays))
    assert 6 not in raised_spreads(analyze(Shoe.standard(3), pays))
    # the raise held to spreads 7 to 11 on every shoe has a closed form
    (held,) = closed_form(pays, bets=[fixed_raise_bet(pays, FRESH_RAISES)])
    assert held.name == "held_raise"
    assert held.house_edge.subs(DECKS, 3) == sheet_of(analyze(Shoe.standard(3), pays)).house_edge
    one_deck = analyze(Shoe.standard(1), pays)
    assert held.house_edge.subs(DECKS, 1) == -plan_of(one_deck).value_with({6: "stand"})
    assert held.house_edge.subs(DECKS, 1) > sheet_of(one_deck).house_edge
    oracle_pays = (*STANDARD_PAYS, Fraction(1), Fraction(9, 8), *(Fraction(1),) * 5)
    oracle = brute_force(deck_ranks(1), oracle_pays, raise_on_spreads=FRESH_RAISES)
    assert same(held.house_edge.subs(DECKS, 1), oracle.house_edge)


def test_fair_three_of_a_kind_pay() -> None:
    solved = solve_pay(Shoe.standard(1), RedDogRules(), "trips")
    assert solved.pay == Rational(952, 39)
    assert solve_pay(Shoe.standard(1), None, "reddog:three of a kind") == solved
    oracle = brute_force(deck_ranks(1), trips_pays=fraction(solved.pay))
    assert oracle.house_edge == 0
    assert sheet_of(analyze(Shoe.standard(1), RedDogRules(trips_pays=solved.pay))).house_edge == 0


def test_spread_pay_solution_changes_the_raise_decision() -> None:
    # Solving for the "4 or more" pay at house edge 0 lifts it past 13/12, where spread 6 is raised.
    pay = solve_pay(Shoe.standard(1), RedDogRules(), "4", 0).pay
    assert pay == Rational(6795, 6224)
    assert solve_pay(Shoe.standard(1), RedDogRules(), "reddog:spread 4 or more").pay == pay
    pays = (Fraction(5), Fraction(4), Fraction(2), fraction(pay))
    oracle = brute_force(deck_ranks(1), pays)
    assert oracle.house_edge == 0
    assert 6 in oracle.raise_on_spreads
    assert 6 in raised_spreads(analyze(Shoe.standard(1), RedDogRules(spread_pays=(5, 4, 2, pay))))


def test_pay_for_a_target_house_edge_and_spread_one() -> None:
    target = Rational(1, 100)
    pay = solve_pay(Shoe.standard(6), RedDogRules(), "1", target).pay
    assert sheet_of(analyze(Shoe.standard(6), RedDogRules(spread_pays=(pay, 4, 2, 1)))).house_edge == target
    assert solve_pay(Shoe.standard(6), RedDogRules(), "1", "1/100").pay == pay
    with pytest.raises(OptionError):
        solve_pay(Shoe.standard(1), RedDogRules(), "5")
    with pytest.raises(OptionError, match="target house edge"):
        solve_pay(Shoe.standard(1), RedDogRules(), "trips", target=2)


def test_a_solved_pay_is_a_pay_a_win_may_have() -> None:
    # at 5.8% three of a kind would have to pay less than nothing (-187/780, the oracle says), but
    # a win cannot cost the bet: refused, as the same pay set by name is
    assert brute_force(deck_ranks(1), trips_pays=Fraction(-187, 780)).house_edge == Fraction(58, 1000)
    with pytest.raises(
        OptionError,
        match=r"no pay of reddog: three of a kind that a win may have \(0 or more\) gives a house "
        r"edge of 5.8%: it would take a pay of -187/780",
    ):
        solve_pay(Shoe.standard(1), None, "trips", "58/1000")
    with pytest.raises(
        PayTableError, match=r"three of a kind \(a win of Red Dog\) must be a number 0 or more"
    ):
        RedDogRules(pays=(("reddog", TRIPS, Rational(-187, 780)),))
    # 10% would need less than -1 (at -1 the house edge is short of it): refused
    assert brute_force(deck_ranks(1), trips_pays=Fraction(-1)).house_edge < Fraction(1, 10)
    with pytest.raises(
        OptionError, match=r"no pay of reddog: three of a kind .*-1.* gives a house edge of 10%"
    ):
        solve_pay(Shoe.standard(1), None, "trips", "1/10")
    assert brute_force(deck_ranks(1), (Fraction(-1), *STANDARD_PAYS[1:])).house_edge < Fraction(1, 10)
    with pytest.raises(OptionError, match=r"no pay of reddog: spread 1 .*-1.* gives a house edge of 10%"):
        solve_pay(Shoe.standard(1), None, "1", "1/10")


def test_solve_pay_with_the_raise_decided_per_pair() -> None:
    symbols = "2 2 3 3 3 3"
    shoe = Shoe.standard(1).without(removal_cards(symbols))
    ranks = oracle_ranks(symbols)
    trips = solve_pay(shoe, BY_CARDS, "trips").pay
    assert trips == Rational(328, 33) != solve_pay(shoe, RedDogRules(), "trips").pay
    assert brute_force_cards(ranks, trips_pays=fraction(trips)).house_edge == 0
    target = Rational(1, 100)
    pay = solve_pay(shoe, BY_CARDS, "reddog:spread 4 or more", target).pay
    oracle = brute_force_cards(ranks, (*STANDARD_PAYS[:3], fraction(pay)))
    assert oracle.house_edge == Fraction(1, 100)
    assert (
        sheet_of(analyze(shoe, RedDogRules(spread_pays=(5, 4, 2, pay), raise_by=RaiseBy.CARDS))).house_edge
        == target
    )


def test_simulation_within_five_standard_errors() -> None:
    rounds = 200_000
    sheet = sheet_of(analyze(Shoe.standard(1)))
    simulated = simulate(deck_ranks(1), rounds, seed=20240611, raise_on_spreads=FRESH_RAISES)
    standard_error = math.sqrt(float(sheet.variance) / rounds)
    assert abs(simulated.mean - float(sheet.expected_value)) < 5 * standard_error
    assert abs(simulated.mean + float(sheet.house_edge)) < 5 * standard_error
    probabilities = {o.name: float(o.probability) for o in sheet}
    expected = {
        "trips": probabilities["three of a kind"],
        "pair": probabilities["pair, then push"],
        "consecutive": probabilities["consecutive (push)"],
        "win 7": probabilities["spread 7, raised, won"],
        "lose 1": probabilities["spread 1, lost"],
    }
    for name, p in expected.items():
        error = math.sqrt(p * (1 - p) / rounds)
        assert abs(simulated.outcomes[name] / rounds - p) < 5 * error, name


@st.composite
def depleted_shoes(draw: st.DrawFn, decks: int = 1, most_removed: int = 40) -> Shoe:
    indices = draw(st.lists(st.integers(0, 52 * decks - 1), unique=True, max_size=most_removed))
    counts = [decks] * 52
    for index in indices:
        counts[index % 52] -= 1
    return Shoe(tuple(max(c, 0) for c in counts))


@settings(max_examples=60, deadline=None)
@given(depleted_shoes(decks=2, most_removed=90))
def test_property_probabilities_and_counts(shoe: Shoe) -> None:
    result = analyze(shoe)
    sheet = sheet_of(result)
    assert sheet.probability_total == 1
    n = shoe.size
    assert sheet.total_combinations == n * (n - 1) * (n - 2)
    assert sheet.house_edge <= no_raise_edge(result)
    # the spreads' chances are those of the hands with a spread
    spread_hands = sum(o.probability for o in sheet if o.name.startswith("spread"))
    assert sum(plan_of(result).probability(spread) for spread in SPREADS) == spread_hands


@settings(max_examples=40, deadline=None)
@given(depleted_shoes(decks=1, most_removed=48))
def test_property_effects_of_removal_weighted_sum(shoe: Shoe) -> None:
    if shoe.size < 4:
        with pytest.raises(ShoeError, match="more than 3 cards"):
            effects_of_removal(shoe)
        return
    result = analyze(shoe)
    effects = effects_of_removal(shoe)["reddog"]
    counts = shoe.rank_counts()
    assert set(effects) == {rank for rank in Rank if counts[rank.index]}
    # With the raise held as the shoe decides it, removing a random card leaves the value unchanged.
    card = plan_of(result).chosen()
    held = plan_of(result).value_with(card)
    assert held == -sheet_of(result).house_edge
    fixed_sum = sum(
        counts[rank.index] * (plan_of(analyze(shoe.without_rank(rank))).value_with(card) - held)
        for rank in effects
    )
    assert fixed_sum == 0
    # Deciding the raise again after a removal can only help the player: the house edge falls.
    assert sum(counts[rank.index] * effect for rank, effect in effects.items()) <= 0


def small_shoe(rank_counts: list[int]) -> tuple[Shoe, list[int]]:
    """A shoe holding ``rank_counts[r]`` cards of rank ``r`` (one per suit), and its ranks listed."""
    counts = [0] * 52
    ranks: list[int] = []
    for index, n in enumerate(rank_counts):
        for suit in range(n):
            counts[4 * index + suit] = 1
        ranks += [index + 2] * n
    return Shoe(tuple(counts)), ranks


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=13, max_size=13).filter(lambda c: 3 <= sum(c) <= 18))
def test_property_small_shoes_against_brute_force(rank_counts: list[int]) -> None:
    shoe, ranks = small_shoe(rank_counts)
    assert_agrees(shoe, brute_force(ranks))


def test_symmetric_pay_tables_give_mirrored_effects() -> None:
    rules = RedDogRules(spread_pays="11,6,4,3,2,1,1,1,1,1,1")
    effects = effects_of_removal(Shoe.standard(2), rules)["reddog"]
    assert all(effects[Rank(v)] == effects[Rank(16 - v)] for v in range(2, 15))


def test_bad_input() -> None:
    with pytest.raises(ShoeError, match="at least 3 cards"):
        analyze(Shoe.standard(1).without(Shoe.standard(1).cards()[:50]))
    with pytest.raises(ShoeError, match="at least 3 cards"):
        analyze_many([Shoe.standard(1), Shoe.standard(1).without(Shoe.standard(1).cards()[:50])])
    with pytest.raises(PayTableError, match="4 values"):
        RedDogRules(spread_pays=(5, 4, 2))
    with pytest.raises(PayTableError):
        RedDogRules(trips_pays=-1)
    with pytest.raises(PayTableError):
        spread_pay_table("5,4,x,1")
    with pytest.raises(PayTableError, match="a pay change is"):
        RedDogRules(pays=(("reddog", "spread 1"),))  # type: ignore[arg-type]
    plan = plan_of(analyze(Shoe.standard(1)))
    with pytest.raises(KeyError):
        plan.probability(12)
    with pytest.raises(KeyError):
        plan.value(12, "raise")
    with pytest.raises(ValueError):
        plan.value(7, "double")
    with pytest.raises(OptionError, match="bet 'reddog' has no pay '12'"):
        solve_pay(Shoe.standard(1), RedDogRules(), "12")
    with pytest.raises(TypeError, match="parameter which must be str"):
        solve_pay(Shoe.standard(1), RedDogRules(), 4)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"analyze\(\) parameter rules must be RedDogRules, not int"):
        analyze(Shoe.standard(1), 5)  # type: ignore[arg-type]
    # the item is found either by the argument check (beartype looks at one item drawn at random)
    # or by the shoe check of each item: both name the parameter
    with pytest.raises(TypeError, match="shoes"):
        analyze_many([Shoe.standard(1), 1])  # type: ignore[list-item]


def test_a_three_card_shoe() -> None:
    shoe = Shoe.standard(1).without(Shoe.standard(1).cards()[:49])
    assert_agrees(shoe, brute_force([14, 14, 14]))
    with pytest.raises(ShoeError, match="more than 3 cards"):
        effects_of_removal(shoe)
    # one card more, and each rank's removal leaves a three-card shoe
    four = Shoe.standard(1).without(Shoe.standard(1).cards()[:48])
    ranks = [14, 14, 14, 14]
    effects = effects_of_removal(four)["reddog"]
    assert list(effects) == [Rank.ACE]
    assert same(effects[Rank.ACE], brute_force(ranks[1:]).house_edge - brute_force(ranks).house_edge)


def test_the_deals_are_walked_once() -> None:
    # two or three ranks: every sequence of three, less the third card of a consecutive hand
    dealing = DEFINITION.dealing
    assert isinstance(dealing, Dealing) and dealing.longest == 3
    deals = deal_sequences(dealing)
    assert deals is deal_sequences(dealing)
    assert len(deals) == 13**3 - 2 * 12 * 13 + 2 * 12


def test_publication_tables_and_summary() -> None:
    tables = GAME.publication_tables(1)
    titles = [t.title for t in tables]
    assert titles == [
        "Red Dog par sheet, 1 deck",
        "Red Dog bets, 1 deck",
        "Red Dog effects of removal, 1 deck",
        "Red Dog raise strategy, 1 deck",
    ]
    result = analyze(Shoe.standard(1))
    sheet = sheet_of(result)
    (row,) = tables[1].rows
    assert row == (
        "reddog",
        Rational(523, 16575),
        sheet.element_of_risk,
        sheet.standard_deviation,
        sheet.hit_frequency,
    )
    strategy = tables[3]
    assert [r[0] for r in strategy.rows] == list(SPREADS)
    assert [r[-1] for r in strategy.rows] == ["no"] * 6 + ["yes"] * 5
    # the gain of a raise per unit raised: the spread's stand value over its chance
    plan = plan_of(result)
    assert [r[4] for r in strategy.rows] == [plan.value(s, "stand") / plan.probability(s) for s in SPREADS]
    assert strategy.rows[6][3] == Rational(28, 50) and strategy.rows[5][4] == Rational(-1, 25)
    (footer,) = strategy.footer
    assert footer[0] == "house edge, never raising" and footer[4].value == no_raise_edge(result)
    assert len(GAME.publication_tables(None)) == 3
    summary = GAME.summary_table([1, 2, 4, 6, 8, None])
    assert summary.title == "Red Dog house edge by number of decks"
    (reddog,) = summary.rows
    assert list(reddog[1:]) == [*EXACT_HOUSE_EDGE.values(), Rational(57, 2197)]


# The raise decided for each pair of first two ranks (raise_by="cards").


def cards_rows(result: CatalogueResult[RedDogRules]) -> dict[tuple[int, bool, bool], int]:
    """Spread rows of the par sheet as (spread, raised, won): count."""
    rows: dict[tuple[int, bool, bool], int] = {}
    for o in sheet_of(result):
        if o.name.startswith("spread") and o.combinations:
            key = (int(o.name.split()[1].rstrip(",")), o.staked == 2, o.name.endswith("won"))
            assert key not in rows
            rows[key] = o.combinations
    return rows


def assert_agrees_by_cards(shoe: Shoe, oracle: CardsFigures, **options: Any) -> None:
    result = analyze(shoe, RedDogRules(raise_by=RaiseBy.CARDS, **options))
    sheet = sheet_of(result)
    assert result.rules.raise_by is RaiseBy.CARDS
    assert cards_rows(result) == {k: v for k, v in oracle.rows.items() if v}
    assert sheet.total_combinations == oracle.total
    assert sheet.probability_total == 1
    assert raised_pairs(result) == oracle.raised_pairs
    # each pair the shoe deals: its chance, and what standing or raising adds
    plan = plan_of(result)
    pays = RedDogRules(**options).pays_by_spread
    dealt = {state: plan.probability(state) for state in plan.chosen() if isinstance(state, tuple)}
    assert {(int(low), int(high)) for (low, high), p in dealt.items() if p} == set(oracle.pair_counts)
    for (low, high), (wins, losses) in oracle.pair_counts.items():
        state = (Rank(low), Rank(high))
        stand = Fraction(str(pays[high - low - 2])) * wins - losses
        assert same(plan.probability(state), Fraction(wins + losses, oracle.total)), state
        assert same(plan.value(state, "stand"), stand / oracle.total), state
        assert same(plan.value(state, "raise"), 2 * stand / oracle.total), state
    assert same(sheet.house_edge, oracle.house_edge)
    assert same(sheet.element_of_risk, oracle.element_of_risk)
    assert same(sheet.variance, oracle.variance)
    assert same(sheet.hit_frequency, oracle.hit_frequency)


# Depleted shoes for the decision per pair; the first two split a spread.
DEPLETED_BY_CARDS = {
    "two deuces and every three gone (2-9 not raised)": "2 2 3 3 3 3",
    "kings and three aces gone (7-A not raised)": "K K K K A A A",
    "two deuces and an ace gone": "2 2 A",
    "middle cards gone": "6 6 6 6 7 7 7 7 8 8 8 8 9 9 9 9",
}


@pytest.mark.parametrize("label", sorted(DEPLETED_BY_CARDS))
def test_raise_by_cards_against_brute_force(label: str) -> None:
    symbols = DEPLETED_BY_CARDS[label]
    shoe = Shoe.standard(1).without(removal_cards(symbols))
    oracle = brute_force_cards(oracle_ranks(symbols))
    assert_agrees_by_cards(shoe, oracle)
    spread_oracle = brute_force(oracle_ranks(symbols))
    assert oracle.house_edge <= spread_oracle.house_edge
    if "not raised" in label:
        assert oracle.house_edge < spread_oracle.house_edge
        assert differing_pairs(shoe)


def test_raise_by_cards_with_a_pay_table_against_brute_force() -> None:
    pays = (Fraction(6), Fraction(4), Fraction(3, 2), Fraction(1))
    symbols = "2 2 3 3 3 3 K"
    shoe = Shoe.standard(1).without(removal_cards(symbols))
    oracle = brute_force_cards(oracle_ranks(symbols), pays, Fraction(12))
    assert_agrees_by_cards(shoe, oracle, spread_pays="6,4,3/2,1", trips_pays="12")


@pytest.mark.parametrize("shoe", [Shoe.standard(1), Shoe.standard(2), Shoe.standard(6), Shoe.infinite()])
def test_raise_by_cards_equals_raise_by_spread_on_full_shoes(shoe: Shoe) -> None:
    by_spread, by_cards = analyze(shoe), analyze(shoe, BY_CARDS)
    assert sheet_of(by_cards).house_edge == sheet_of(by_spread).house_edge
    assert sheet_of(by_cards) == sheet_of(by_spread)
    assert raised_spreads(by_spread) == FRESH_RAISES
    assert sorted(raised_pairs(by_cards)) == list(FRESH_RAISES)
    assert differing_pairs(shoe) == ()
    assert raised_pairs(by_cards)[11] == {(2, 14)}
    assert no_raise_edge(by_cards) == no_raise_edge(by_spread)
    assert analyze_many([shoe], BY_CARDS)[0] == by_spread.house_edges()
    if not shoe.is_infinite:
        assert effects_of_removal(shoe, BY_CARDS) == effects_of_removal(shoe)


def test_raise_by_cards_is_strictly_better_on_a_constructed_shoe() -> None:
    # Two deuces and every three gone: 2-9 has 20 cards between, the rest of spread 6 has 24.
    shoe = Shoe.standard(1).without("2c,2d,3c,3d,3h,3s")
    by_spread, by_cards = analyze(shoe), analyze(shoe, BY_CARDS)
    assert (sheet_of(by_spread).house_edge, sheet_of(by_cards).house_edge) == (
        Rational(-3, 1265),
        Rational(-7, 2277),
    )
    assert differing_pairs(shoe) == ((Rank.TWO, Rank.NINE),)
    assert 6 in raised_spreads(by_spread)
    assert (Rank.TWO, Rank.NINE) not in plan_of(by_cards).choosing("raise")
    assert plan_of(by_cards).chosen()[Rank.FOUR, Rank.JACK] == "raise"
    names = [o.name for o in sheet_of(by_cards)]
    assert "spread 6, won" in names and "spread 6, raised, lost" in names
    assert "spread 7, raised, won" in names
    strategy = GAME.tables(by_cards)[-1]
    assert strategy.title == "Red Dog raise strategy, 46 cards"
    assert strategy.rows[5][-1] == "only 4-J, 5-Q, 6-K, 7-A"
    assert GAME.document(by_cards)["raise_by"] == "cards"
    assert analyze_many([shoe], BY_CARDS)[0]["reddog"] == Rational(-7, 2277)
    # the spread card, kept by a player who could decide per pair, costs him the 2-9 raise
    card: dict[Hashable, str] = {
        pair: "raise" if spread_of(pair) in raised_spreads(by_spread) else "stand"
        for pair in plan_of(by_cards).chosen()
        if isinstance(pair, tuple)
    }
    assert plan_of(by_cards).value_with(card) == -sheet_of(by_spread).house_edge


# A spread every dealt pair of which is raised is not split, even when some of its pairs cannot be
# dealt any more (3-J without threes, 5-K without kings): its rows and its raise read as a spread's.
SPLIT_CASES = {
    "2c,2d,3c,3d,3h,3s": {5: "only 4-J, 5-Q, 6-K, 7-A", 6: "yes", 7: "yes", 10: "yes"},
    "Kc,Kd,Kh,Ks,Ac,Ad,Ah": {5: "only 2-9, 3-T, 4-J, 5-Q", 6: "yes", 9: "yes", 10: "yes"},
}


@pytest.mark.parametrize("removed", sorted(SPLIT_CASES))
def test_a_spread_whose_every_dealt_pair_is_raised_is_not_split(removed: str) -> None:
    result = analyze(Shoe.standard(1).without(removed), BY_CARDS)
    sheet = sheet_of(result)
    unreached = [o.name for o in sheet if o.combinations == 0]
    assert unreached == [], unreached
    names = [o.name for o in sheet]
    assert "spread 7, won" not in names and "spread 7, raised, won" in names
    rows = GAME.tables(result)[-1].rows
    for index, raised in SPLIT_CASES[removed].items():
        assert rows[index][-1] == raised, rows[index]


def test_raise_by_cards_effects_of_removal_against_brute_force() -> None:
    # Half a deck: two cards of each rank, less a three and both sixes.
    ranks = [r for r in range(2, 15) for _ in range(2)]
    for rank in (3, 6, 6):
        ranks.remove(rank)
    shoe = Shoe.standard(1).without(
        ",".join([f"{s}{suit}" for s in RANK_SYMBOLS for suit in "hs"] + ["3c", "6c", "6d"])
    )
    assert list(shoe.rank_counts()) == [ranks.count(r) for r in range(2, 15)]
    result = analyze(shoe, BY_CARDS)
    base = brute_force_cards(ranks)
    assert same(sheet_of(result).house_edge, base.house_edge)
    effects = effects_of_removal(shoe, BY_CARDS)["reddog"]
    assert Rank.SIX not in effects and len(effects) == 12
    for rank, effect in effects.items():
        fewer = list(ranks)
        fewer.remove(rank.value)
        assert same(effect, brute_force_cards(fewer).house_edge - base.house_edge), rank


@settings(max_examples=60, deadline=None)
@given(depleted_shoes(decks=2, most_removed=90))
def test_property_raise_by_cards_never_worse(shoe: Shoe) -> None:
    by_spread, by_cards = analyze(shoe), analyze(shoe, BY_CARDS)
    spread_sheet, cards_sheet = sheet_of(by_spread), sheet_of(by_cards)
    assert cards_sheet.house_edge <= spread_sheet.house_edge
    if cards_sheet.house_edge < spread_sheet.house_edge:
        assert differing_pairs(shoe)
    assert cards_sheet.probability_total == 1
    assert cards_sheet.total_combinations == spread_sheet.total_combinations
    assert no_raise_edge(by_cards) == no_raise_edge(by_spread)
    assert cards_sheet.house_edge <= no_raise_edge(by_cards)
    # the batch of many shoes counts as the single analysis does
    assert analyze_many([shoe], BY_CARDS)[0]["reddog"] == cards_sheet.house_edge
    # Every spread's deals add up to the same counts whichever way the raise is decided.
    spread_totals: dict[tuple[int, bool], int] = {}
    for o in cards_sheet:
        if o.name.startswith("spread"):
            key = (int(o.name.split()[1].rstrip(",")), o.name.endswith("won"))
            spread_totals[key] = spread_totals.get(key, 0) + (o.combinations or 0)
    for o in spread_sheet:
        if o.name.startswith("spread") and o.combinations:
            assert spread_totals[int(o.name.split()[1].rstrip(",")), o.name.endswith("won")] == o.combinations


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=13, max_size=13).filter(lambda c: 3 <= sum(c) <= 16))
def test_property_raise_by_cards_small_shoes_against_brute_force(rank_counts: list[int]) -> None:
    shoe, ranks = small_shoe(rank_counts)
    assert_agrees_by_cards(shoe, brute_force_cards(ranks))


def test_raise_by_bad_input() -> None:
    with pytest.raises(OptionError, match="raise_by"):
        RedDogRules(raise_by="pairs")
    with pytest.raises(OptionError, match="raise_by"):
        analyze(Shoe.standard(1), RedDogRules(raise_by="hand"))
    with pytest.raises(OptionError, match="raise_by"):
        GAME.rules(raise_by="hand")
    # Text is read like the command line reads it.
    assert RedDogRules(raise_by="cards") == BY_CARDS == GAME.rules(raise_by="cards")


# The rules object, and the verbs every game shares.


def test_rules_read_every_pay_exactly() -> None:
    rules = RedDogRules(spread_pays="6, 4, 3/2, 1", trips_pays="12.5")
    assert rules.spread_pays == (6, 4, Rational(3, 2), 1)
    assert rules.trips_pays == Rational(25, 2)
    assert rules.pays_by_spread == (6, 4, Rational(3, 2), *(Rational(1),) * 8)
    assert rules == RedDogRules(spread_pays=(6, 4, Rational(3, 2), 1), trips_pays=Rational(25, 2))
    assert hash(rules) == hash(RedDogRules(spread_pays="6,4,3/2,1", trips_pays="25/2"))
    assert spread_pay_table("5,4,2,1") == RedDogRules().pays_by_spread
    assert RedDogRules(pays=(("reddog", "spread 1", "3/2"),)).pays == (
        ("reddog", "spread 1", Rational(3, 2)),
    )
    assert pay_names(4) == ("spread 1", "spread 2", "spread 3", "spread 4 or more")
    assert pay_names(11) == tuple(f"spread {s}" for s in SPREADS)
    bet = built_in_bets(rules)["reddog"]
    assert bet.pays == (
        (TRIPS, Rational(25, 2)),
        ("spread 1", 6),
        ("spread 2", 4),
        ("spread 3", Rational(3, 2)),
        ("spread 4 or more", 1),
    )
    assert len(bet.outcomes()) == 3 + 4 * 11
    assert bet.net(outcome_name(3, True, True)) == 3 and bet.net(outcome_name(3, True, False)) == -2


@pytest.mark.parametrize(
    "pays",
    [{"trips_pays": "1/0"}, {"trips_pays": "lots"}, {"spread_pays": "5,4,1/0,1"}, {"spread_pays": "5,4,2"}],
)
def test_rules_refuse_bad_pays(pays: dict[str, str]) -> None:
    with pytest.raises(CardmathError):
        RedDogRules(**pays)  # type: ignore[arg-type]


def test_a_pay_of_one_over_zero_is_a_cardmath_error() -> None:
    with pytest.raises(CardmathError, match="three of a kind pays"):
        RedDogRules(trips_pays="1/0")


def test_effects_of_removal_function_matches_the_table() -> None:
    for shoe in (Shoe.standard(1), Shoe.standard(1).without("2c,2d,3c,3d,3h,3s")):
        for rules in (RedDogRules(), BY_CARDS):
            effects = effects_of_removal(shoe, rules)["reddog"]
            table = GAME.tables(analyze(shoe, rules))[2]
            assert table.title == f"Red Dog effects of removal, {shoe.describe()}"
            assert table.headers == ("bet", *(rank.symbol for rank in RANKS))
            assert table.rows == (("reddog", *(effects.get(rank) for rank in RANKS)),)
            base = sheet_of(analyze(shoe, rules)).house_edge
            for rank, effect in effects.items():
                assert effect == sheet_of(analyze(shoe.without_rank(rank), rules)).house_edge - base
    effects = effects_of_removal(Shoe.standard(1))["reddog"]
    assert tuple(effects) == RANKS == DEFINITION.rank_order
    assert RANKS[0] is Rank.TWO and RANKS[-1] is Rank.ACE


def test_analyze_many_is_analyze_for_each_shoe() -> None:
    shoes = [
        Shoe.standard(1),
        Shoe.standard(3),
        Shoe.infinite(),
        Shoe.standard(1).without("2c,2d,3c,3d,3h,3s"),
    ]
    for rules in (RedDogRules(), BY_CARDS):
        many = analyze_many(shoes, rules)
        assert all(isinstance(row, HouseEdges) for row in many)
        assert [dict(row) for row in many] == [analyze(shoe, rules).house_edges() for shoe in shoes]
    assert analyze_many([]) == []


def test_red_dog_has_one_bet_and_takes_bets_of_ones_own() -> None:
    shoe = Shoe.standard(1)
    assert analyze(shoe, bets=["reddog"]).bets == analyze(shoe, bets="reddog").bets == analyze(shoe).bets
    held = fixed_raise_bet(RedDogRules(), FRESH_RAISES)
    both = analyze(shoe, bets=["reddog", held])
    assert list(both.bets) == ["reddog", "held_raise"] and list(both.decisions) == ["reddog"]
    # on a fresh deck the held raise is the engine's decision: the same house edge
    assert both.house_edges() == {"reddog": EXACT_HOUSE_EDGE[1], "held_raise": EXACT_HOUSE_EDGE[1]}
    # it lists every outcome, those it never reaches with no combinations
    assert len(both.bets["held_raise"].outcomes) == 3 + 4 * 11
    removed = effects_of_removal(shoe, bets=[held])["held_raise"]
    assert removed == effects_of_removal(shoe)["reddog"]
    for call in (
        lambda: analyze(shoe, bets=["tie"]),
        lambda: analyze_many([shoe], bets=["tie"]),
        lambda: effects_of_removal(shoe, bets=["tie"]),
        lambda: closed_form(bets=["tie"]),
    ):
        with pytest.raises(OptionError, match="unknown Red Dog bet 'tie': choose from reddog"):
            call()
    with pytest.raises(OptionError, match="name at least one bet"):
        effects_of_removal(shoe, bets=[])
    with pytest.raises(OptionError, match="repeated"):
        analyze(shoe, bets=["reddog", "reddog"])


def test_solve_pay_names_the_pays_of_the_table() -> None:
    shoe = Shoe.standard(1)
    eleven = RedDogRules(spread_pays="5,4,2,1,1,1,1,1,1,1,1")
    for position in range(1, 12):
        short = solve_pay(shoe, eleven, str(position))
        assert short == solve_pay(shoe, eleven, f"reddog:spread {position}")
        assert short.solved_for == f"reddog: spread {position}"
    assert solve_pay(shoe, eleven, "4").pay != solve_pay(shoe, None, "4").pay
    with pytest.raises(OptionError, match="bet 'reddog' has no pay '12'"):
        solve_pay(shoe, eleven, "12")
    with pytest.raises(OptionError, match="has no pay 'spread 5'"):
        solve_pay(shoe, None, "reddog:spread 5")
    with pytest.raises(
        OptionError, match=r"no pay of reddog: three of a kind .*-1.* gives a house edge of 100%"
    ):
        solve_pay(shoe, None, "trips", 1)
