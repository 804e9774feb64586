"""Casino Red Dog against published figures and oracles that share no code with the engine."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Rational

from cardmath import Rank, Shoe
from cardmath.errors import CardmathError, OptionError, PayTableError, ShoeError
from cardmath.exact import DECKS
from cardmath.games.reddog import (
    RANKS,
    RaiseBy,
    RedDogRules,
    analyze,
    analyze_many,
    closed_form,
    deal_table,
    effects_of_removal,
    expected_value,
    publication_tables,
    solve_pay,
    spread_pay_table,
    summary_table,
)
from tests.oracles.reddog_bruteforce import RedDogFigures, brute_force, deck_ranks, infinite_deck
from tests.oracles.reddog_bruteforce_cards import CardsFigures, brute_force_cards
from tests.oracles.reddog_simulation import simulate

RANK_SYMBOLS = "23456789TJQKA"
BY_CARDS = RedDogRules(raise_by=RaiseBy.CARDS)


def same(exact: Any, oracle: Fraction) -> bool:
    """An engine value (sympy.Rational) equals an oracle Fraction, compared as numerator/denominator."""
    value = Rational(exact)
    return (int(value.p), int(value.q)) == (oracle.numerator, oracle.denominator)


def oracle_counts(result_names: Sequence[str], combinations: Sequence[int | None]) -> dict[str, int]:
    """Par-sheet rows regrouped by the oracle's outcome names."""
    grouped: dict[str, int] = {}
    for name, count in zip(result_names, combinations, strict=True):
        assert count is not None
        if name == "three of a kind":
            key = "three of a kind"
        elif name == "pair, then push":
            key = "pair, then push"
        elif name.startswith("consecutive"):
            key = "consecutive"
        else:
            spread = int(name.split()[1].rstrip(","))
            key = f"{'win' if name.endswith('won') else 'lose'} {spread}"
        if count:
            grouped[key] = count
    return grouped


def assert_agrees(shoe: Shoe, oracle: RedDogFigures, **pays: Any) -> None:
    result = analyze(shoe, RedDogRules(**pays))
    names = [o.name for o in result.par_sheet]
    combinations = [o.combinations for o in result.par_sheet]
    assert oracle_counts(names, combinations) == {k: v for k, v in oracle.counts.items() if v}
    assert result.par_sheet.total_combinations == oracle.total
    assert result.raise_on_spreads == oracle.raise_on_spreads
    assert same(result.house_edge, oracle.house_edge)
    assert same(result.house_edge_no_raise, oracle.house_edge_no_raise)
    assert same(result.element_of_risk, oracle.element_of_risk)
    assert same(result.variance, oracle.variance)
    assert same(result.hit_frequency, oracle.hit_frequency)


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
    assert f"{float(result.house_edge) * 100:.3f}" == PUBLISHED_PERCENT[decks]
    assert result.house_edge == EXACT_HOUSE_EDGE[decks]
    assert result.raise_on_spreads == (7, 8, 9, 10, 11)


def test_infinite_deck_against_its_oracle() -> None:
    result = analyze(Shoe.infinite())
    oracle = infinite_deck()
    assert result.house_edge == Rational(57, 2197)
    assert same(result.house_edge, oracle.house_edge)
    assert same(result.house_edge_no_raise, oracle.house_edge_no_raise)
    assert same(result.element_of_risk, oracle.element_of_risk)
    assert same(result.variance, oracle.variance)
    assert result.raise_on_spreads == oracle.raise_on_spreads
    assert all(o.combinations is None for o in result.par_sheet)
    assert result.par_sheet.total_combinations is None
    assert result.effects_of_removal is None
    assert result.par_sheet.probability_total == 1


def test_one_deck_against_brute_force() -> None:
    assert_agrees(Shoe.standard(1), brute_force(deck_ranks(1)))


@pytest.mark.slow
def test_two_decks_against_brute_force() -> None:
    assert_agrees(Shoe.standard(2), brute_force(deck_ranks(2)))


def test_one_deck_par_sheet_has_every_outcome_and_stake() -> None:
    sheet = analyze(Shoe.standard(1)).par_sheet
    assert sheet.total_combinations == 52 * 51 * 50
    by_name = {o.name: o for o in sheet}
    assert by_name["three of a kind"].combinations == 13 * 4 * 3 * 2
    assert by_name["consecutive (push)"].combinations == 2 * 12 * 4 * 4 * 50
    assert by_name["spread 7, raised, won"].staked == 2
    assert by_name["spread 7, raised, lost"].pays == -2
    assert by_name["spread 6, lost"].staked == 1
    assert len(sheet.outcomes) == 3 + 2 * 11


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


@pytest.mark.parametrize("label", sorted(DEPLETED))
def test_depleted_shoes_against_brute_force(label: str) -> None:
    symbols = DEPLETED[label]
    shoe = Shoe.standard(1).without(removal_cards(symbols))
    assert_agrees(shoe, brute_force(oracle_ranks(symbols)))


def test_raise_decision_follows_the_shoe() -> None:
    middle_gone = analyze(Shoe.standard(1).without(removal_cards(DEPLETED[sorted(DEPLETED)[1]])))
    edges_gone = analyze(Shoe.standard(1).without(removal_cards(DEPLETED[sorted(DEPLETED)[0]])))
    assert 7 not in middle_gone.raise_on_spreads
    assert 6 in edges_gone.raise_on_spreads


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
    assert same(result.house_edge, oracle_inf.house_edge)


def test_effects_of_removal_against_brute_force() -> None:
    result = analyze(Shoe.standard(1))
    base = brute_force(deck_ranks(1))
    assert result.effects_of_removal is not None
    assert set(result.effects_of_removal) == set(Rank)
    for rank, effect in result.effects_of_removal.items():
        removed = brute_force(deck_ranks(1, [rank.value]))
        assert same(effect, base.house_edge - removed.house_edge), rank
    # Removing a deuce helps the player; the two ends of the ranks mirror each other.
    effects = result.effects_of_removal
    assert effects[Rank.TWO] > 0
    for low, high in zip(list(Rank)[:6], list(Rank)[::-1][:6], strict=True):
        assert effects[low] == effects[high]


@pytest.mark.parametrize("decks", [1, 2, 6])
def test_effects_of_removal_of_a_standard_shoe_sum_to_zero(decks: int) -> None:
    shoe = Shoe.standard(decks)
    effects = analyze(shoe).effects_of_removal
    assert effects is not None
    counts = shoe.rank_counts()
    assert sum(counts[rank.index] * effect for rank, effect in effects.items()) == 0


def test_closed_form_in_decks() -> None:
    form = closed_form()
    assert (form.name, form.label) == ("reddog", "Red Dog")
    edge = form.house_edge
    for decks, exact in EXACT_HOUSE_EDGE.items():
        assert edge.subs(DECKS, decks) == exact
    # Decks no oracle covers directly agree with the shoe-by-shoe engine.
    for decks in (3, 5, 7, 12):
        assert edge.subs(DECKS, decks) == analyze(Shoe.standard(decks)).house_edge
    assert closed_form().limit == Rational(57, 2197)
    assert same(closed_form().limit, infinite_deck().house_edge)


def test_closed_form_refuses_a_raise_that_depends_on_the_decks() -> None:
    # Spread 6 at 9/8: a raise gains 24d(9/8) - (28d - 2) = 2 - d per hand: only with one deck.
    pays = RedDogRules(spread_pays="5,4,2,1,1,9/8,1,1,1,1,1")
    with pytest.raises(OptionError, match="spread 6"):
        closed_form(pays)
    assert 6 in analyze(Shoe.standard(1), pays).raise_on_spreads
    assert 6 not in analyze(Shoe.standard(3), pays).raise_on_spreads
    fixed = closed_form(pays, raise_on_spreads=(7, 8, 9, 10, 11)).house_edge
    assert fixed.subs(DECKS, 3) == analyze(Shoe.standard(3), pays).house_edge


def test_fair_three_of_a_kind_pay() -> None:
    pay = solve_pay(Shoe.standard(1), RedDogRules(), "trips")
    oracle = brute_force(deck_ranks(1), trips_pays=Fraction(int(pay.p), int(pay.q)))
    assert oracle.house_edge == 0
    assert analyze(Shoe.standard(1), RedDogRules(trips_pays=pay)).house_edge == 0


def test_spread_pay_solution_changes_the_raise_decision() -> None:
    # Solving for the "4 or more" pay at house edge 0 lifts it past 13/12, where spread 6 is raised.
    pay = solve_pay(Shoe.standard(1), RedDogRules(), 4, 0)
    pays = (Fraction(5), Fraction(4), Fraction(2), Fraction(int(pay.p), int(pay.q)))
    oracle = brute_force(deck_ranks(1), pays)
    assert oracle.house_edge == 0
    assert 6 in oracle.raise_on_spreads
    assert 6 in analyze(Shoe.standard(1), RedDogRules(spread_pays=(5, 4, 2, pay))).raise_on_spreads


def test_pay_for_a_target_house_edge_and_spread_one() -> None:
    target = Rational(1, 100)
    pay = solve_pay(Shoe.standard(6), RedDogRules(), 1, target)
    assert analyze(Shoe.standard(6), RedDogRules(spread_pays=(pay, 4, 2, 1))).house_edge == target
    with pytest.raises(OptionError):
        solve_pay(Shoe.standard(1), RedDogRules(), 5)
    with pytest.raises(OptionError):
        solve_pay(Shoe.standard(1), RedDogRules(), "trips", target=2)


def test_simulation_within_five_standard_errors() -> None:
    rounds = 200_000
    result = analyze(Shoe.standard(1))
    simulated = simulate(deck_ranks(1), rounds, seed=20240611, raise_on_spreads=(7, 8, 9, 10, 11))
    standard_error = math.sqrt(float(result.variance) / rounds)
    assert abs(simulated.mean - float(result.expected_value)) < 5 * standard_error
    probabilities = {o.name: float(o.probability) for o in result.par_sheet}
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
    assert result.par_sheet.probability_total == 1
    n = shoe.size
    assert result.par_sheet.total_combinations == n * (n - 1) * (n - 2)
    assert result.house_edge <= result.house_edge_no_raise


@settings(max_examples=40, deadline=None)
@given(depleted_shoes(decks=1, most_removed=48))
def test_property_effects_of_removal_weighted_sum(shoe: Shoe) -> None:
    result = analyze(shoe)
    effects = result.effects_of_removal
    if shoe.size < 4:
        assert effects is None
        return
    assert effects is not None
    counts = shoe.rank_counts()
    # With the raise set held fixed, removing a random card leaves the expected value unchanged.
    held = expected_value(shoe, raise_on_spreads=result.raise_on_spreads)
    fixed_sum = sum(
        counts[rank.index]
        * (expected_value(shoe.without_rank(rank), raise_on_spreads=result.raise_on_spreads) - held)
        for rank in effects
    )
    assert fixed_sum == 0
    # Re-optimising the raise after a removal can only help the player.
    assert sum(counts[rank.index] * effect for rank, effect in effects.items()) >= 0


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
    effects = analyze(Shoe.standard(2), RedDogRules(spread_pays="11,6,4,3,2,1,1,1,1,1,1")).effects_of_removal
    assert effects is not None
    assert all(effects[Rank(v)] == effects[Rank(16 - v)] for v in range(2, 15))


def test_bad_input() -> None:
    with pytest.raises(ShoeError, match="3 cards or more"):
        analyze(Shoe.standard(1).without(Shoe.standard(1).cards()[:50]))
    with pytest.raises(PayTableError, match="4 values"):
        RedDogRules(spread_pays=(5, 4, 2))
    with pytest.raises(PayTableError):
        RedDogRules(trips_pays=-1)
    with pytest.raises(PayTableError):
        spread_pay_table("5,4,x,1")
    with pytest.raises(OptionError, match="spread"):
        expected_value(Shoe.standard(1), raise_on_spreads=(12,))
    with pytest.raises(OptionError):
        solve_pay(Shoe.standard(1), RedDogRules(), 12)


def test_a_three_card_shoe() -> None:
    shoe = Shoe.standard(1).without(Shoe.standard(1).cards()[:49])
    assert_agrees(shoe, brute_force([14, 14, 14]))
    assert analyze(shoe).effects_of_removal is None


def test_deal_table_is_built_once() -> None:
    assert deal_table() is deal_table()
    assert sum(sum(m.values()) for m in deal_table().entries.values()) == 13**3 - 2 * 12 * 13 + 2 * 12


def test_publication_tables_and_summary() -> None:
    tables = publication_tables(Shoe.standard(1))
    titles = [t.title for t in tables]
    assert len(set(titles)) == len(titles) == 4
    assert all("1 deck" in title for title in titles)
    figures = dict(tables[1].rows)
    assert figures["house edge (optimal raising)"] == Rational(523, 16575)
    assert figures["raise on spreads"] == "7, 8, 9, 10, 11"
    assert len(publication_tables(Shoe.infinite())) == 3
    summary = summary_table([Shoe.standard(d) for d in (1, 2, 4, 6, 8)] + [Shoe.infinite()])
    assert [row[1] for row in summary.rows] == [*EXACT_HOUSE_EDGE.values(), Rational(57, 2197)]
    assert isinstance(summary.rows[0][4], sympy.Expr)


# The raise decided for each pair of first two ranks (raise_by="cards").


def cards_rows(shoe: Shoe, **options: Any) -> dict[tuple[int, bool, bool], int]:
    """Spread rows of the par sheet under raise_by="cards" as (spread, raised, won): count."""
    rows: dict[tuple[int, bool, bool], int] = {}
    for o in analyze(shoe, RedDogRules(raise_by=RaiseBy.CARDS, **options)).par_sheet:
        if o.name.startswith("spread") and o.combinations:
            key = (int(o.name.split()[1].rstrip(",")), o.staked == 2, o.name.endswith("won"))
            assert key not in rows
            rows[key] = o.combinations
    return rows


def assert_agrees_by_cards(shoe: Shoe, oracle: CardsFigures, **options: Any) -> None:
    result = analyze(shoe, RedDogRules(raise_by=RaiseBy.CARDS, **options))
    assert result.raise_by == "cards"
    assert cards_rows(shoe, **options) == {k: v for k, v in oracle.rows.items() if v}
    assert result.par_sheet.total_combinations == oracle.total
    assert result.par_sheet.probability_total == 1
    raised = {s: {(int(low), int(high)) for low, high in pairs} for s, pairs in result.raised_pairs.items()}
    assert {s: p for s, p in raised.items() if p} == oracle.raised_pairs
    assert same(result.house_edge, oracle.house_edge)
    assert same(result.element_of_risk, oracle.element_of_risk)
    assert same(result.variance, oracle.variance)
    assert same(result.hit_frequency, oracle.hit_frequency)


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
        assert analyze(shoe, BY_CARDS).differing_pairs


def test_raise_by_cards_with_a_pay_table_against_brute_force() -> None:
    pays = (Fraction(6), Fraction(4), Fraction(3, 2), Fraction(1))
    symbols = "2 2 3 3 3 3 K"
    shoe = Shoe.standard(1).without(removal_cards(symbols))
    oracle = brute_force_cards(oracle_ranks(symbols), pays, Fraction(12))
    assert_agrees_by_cards(shoe, oracle, spread_pays="6,4,3/2,1", trips_pays="12")


@pytest.mark.parametrize("shoe", [Shoe.standard(1), Shoe.standard(2), Shoe.standard(6), Shoe.infinite()])
def test_raise_by_cards_equals_raise_by_spread_on_full_shoes(shoe: Shoe) -> None:
    by_spread, by_cards = analyze(shoe), analyze(shoe, BY_CARDS)
    assert by_cards.house_edge == by_spread.house_edge
    assert by_cards.par_sheet == by_spread.par_sheet
    assert by_cards.raise_on_spreads == by_spread.raise_on_spreads == (7, 8, 9, 10, 11)
    assert by_cards.differing_pairs == by_spread.differing_pairs == ()
    assert by_cards.effects_of_removal == by_spread.effects_of_removal
    assert by_cards.raised_pairs == by_spread.raised_pairs
    assert by_cards.raised_pairs[11] == ((Rank.TWO, Rank.ACE),)
    assert expected_value(shoe, BY_CARDS) == by_spread.expected_value


def test_raise_by_cards_is_strictly_better_on_a_constructed_shoe() -> None:
    # Two deuces and every three gone: 2-9 has 20 cards between, the rest of spread 6 has 24.
    shoe = Shoe.standard(1).without("2c,2d,3c,3d,3h,3s")
    by_spread, by_cards = analyze(shoe), analyze(shoe, BY_CARDS)
    assert (by_spread.house_edge, by_cards.house_edge) == (Rational(-3, 1265), Rational(-7, 2277))
    assert by_cards.differing_pairs == by_spread.differing_pairs == ((Rank.TWO, Rank.NINE),)
    assert 6 in by_spread.raise_on_spreads
    assert (Rank.TWO, Rank.NINE) in by_spread.raised_pairs[6]
    assert (Rank.TWO, Rank.NINE) not in by_cards.raised_pairs[6]
    names = [o.name for o in by_cards.par_sheet]
    assert "spread 6, not raised, won" in names and "spread 6, raised, lost" in names
    assert "spread 7, not raised, won" not in names and "spread 7, raised, won" in names
    strategy = publication_tables(shoe, BY_CARDS)[2]
    assert strategy.rows[5][-1] == "only 4-J, 5-Q, 6-K, 7-A"
    assert dict(publication_tables(shoe, BY_CARDS)[1].rows)["raise decided by"] == "cards"
    assert summary_table([shoe], BY_CARDS).rows[0][1] == by_cards.house_edge


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
    assert same(result.house_edge, base.house_edge)
    assert result.effects_of_removal is not None
    for rank, effect in result.effects_of_removal.items():
        fewer = list(ranks)
        fewer.remove(rank.value)
        assert same(effect, base.house_edge - brute_force_cards(fewer).house_edge), rank


@settings(max_examples=60, deadline=None)
@given(depleted_shoes(decks=2, most_removed=90))
def test_property_raise_by_cards_never_worse(shoe: Shoe) -> None:
    by_spread, by_cards = analyze(shoe), analyze(shoe, BY_CARDS)
    assert by_cards.house_edge <= by_spread.house_edge
    if by_cards.house_edge < by_spread.house_edge:
        assert by_cards.differing_pairs
    assert by_cards.par_sheet.probability_total == 1
    assert by_cards.par_sheet.total_combinations == by_spread.par_sheet.total_combinations
    assert by_cards.house_edge_no_raise == by_spread.house_edge_no_raise
    assert by_cards.house_edge <= by_cards.house_edge_no_raise
    assert expected_value(shoe, BY_CARDS) == by_cards.expected_value
    # Every spread's deals add up to the same counts whichever way the raise is decided.
    spread_totals: dict[tuple[int, bool], int] = {}
    for o in by_cards.par_sheet:
        if o.name.startswith("spread"):
            key = (int(o.name.split()[1].rstrip(",")), o.name.endswith("won"))
            spread_totals[key] = spread_totals.get(key, 0) + (o.combinations or 0)
    for o in by_spread.par_sheet:
        if o.name.startswith("spread"):
            assert spread_totals[int(o.name.split()[1].rstrip(",")), o.name.endswith("won")] == o.combinations


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=13, max_size=13).filter(lambda c: 3 <= sum(c) <= 16))
def test_property_raise_by_cards_small_shoes_against_brute_force(rank_counts: list[int]) -> None:
    shoe, ranks = small_shoe(rank_counts)
    assert_agrees_by_cards(shoe, brute_force_cards(ranks))


def test_raise_by_bad_input() -> None:
    with pytest.raises(OptionError, match="raise_by"):
        RedDogRules(raise_by="pairs")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="raise_by"):
        expected_value(Shoe.standard(1), RedDogRules(raise_by="hand"))  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="cards"):
        expected_value(Shoe.standard(1), BY_CARDS, raise_on_spreads=(7,))
    # Text is read like the command line reads it.
    assert RedDogRules(raise_by="cards") == BY_CARDS  # type: ignore[arg-type]


# The rules object, and the verbs every game shares.


def test_rules_read_every_pay_exactly() -> None:
    rules = RedDogRules(spread_pays="6, 4, 3/2, 1", trips_pays="12.5")
    assert rules.spread_pays == (6, 4, Rational(3, 2), 1)
    assert rules.trips_pays == Rational(25, 2)
    assert rules.pays_by_spread == (6, 4, Rational(3, 2), *(Rational(1),) * 8)
    assert rules == RedDogRules(spread_pays=(6, 4, Rational(3, 2), 1), trips_pays=Rational(25, 2))
    assert hash(rules) == hash(RedDogRules(spread_pays="6,4,3/2,1", trips_pays="25/2"))
    assert spread_pay_table("5,4,2,1") == RedDogRules().pays_by_spread


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


def test_effects_of_removal_function_matches_the_result() -> None:
    for shoe in (Shoe.standard(1), Shoe.standard(1).without("2c,2d,3c,3d,3h,3s")):
        for rules in (RedDogRules(), BY_CARDS):
            assert effects_of_removal(shoe, rules) == analyze(shoe, rules).effects_of_removal
    assert effects_of_removal(Shoe.infinite()) is None
    effects = effects_of_removal(Shoe.standard(1))
    assert effects is not None and tuple(effects) == RANKS
    assert RANKS[0] is Rank.TWO and RANKS[-1] is Rank.ACE


def test_analyze_many_is_analyze_for_each_shoe() -> None:
    shoes = [Shoe.standard(1), Shoe.standard(3), Shoe.infinite()]
    assert analyze_many(shoes) == tuple(analyze(shoe) for shoe in shoes)
    assert analyze_many(shoes, BY_CARDS)[0].raise_by is RaiseBy.CARDS


def test_red_dog_has_one_bet() -> None:
    assert analyze(Shoe.standard(1), bets=None).house_edge == EXACT_HOUSE_EDGE[1]
    for call in (
        lambda: analyze(Shoe.standard(1), bets=["tie"]),
        lambda: analyze_many([Shoe.standard(1)], bets=["tie"]),
        lambda: effects_of_removal(Shoe.standard(1), bets=[]),
        lambda: closed_form(bets=["reddog"]),
    ):
        with pytest.raises(OptionError, match="one bet"):
            call()


def test_solve_pay_refuses_a_raise_decided_per_pair() -> None:
    with pytest.raises(OptionError, match="once per spread"):
        solve_pay(Shoe.standard(1), BY_CARDS, "trips")
    with pytest.raises(OptionError, match="'trips' or a spread pay position 1 to 11"):
        solve_pay(Shoe.standard(1), RedDogRules(spread_pays="11,6,4,3,2,1,1,1,1,1,1"), "12")
    eleven = RedDogRules(spread_pays="5,4,2,1,1,1,1,1,1,1,1")
    assert solve_pay(Shoe.standard(1), eleven, "11") == solve_pay(Shoe.standard(1), eleven, 11)
