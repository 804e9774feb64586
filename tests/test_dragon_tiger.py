"""Dragon Tiger: the engine against published figures, a brute force over physical cards, a seeded
simulation, and its own closed forms.

Published figures: the Wizard of Odds, "Dragon Tiger" (wizardofodds.com/games/dragon-tiger/),
for eight decks: the Dragon and Tiger bets 3.73% (ties lose half), the tie at 8 to 1 32.77% and
at 11 to 1 10.36%, the suited tie at 50 to 1 13.98%, big and small 7.69%; its return tables
count unordered pairs of cards (86,320 = C(416, 2)), ours ordered pairs, twice as many.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Rational

from cardmath.cards import FULL_DECK, Card, Rank
from cardmath.engine import CatalogueResult, HouseEdges
from cardmath.engine import solving as engine_solving
from cardmath.engine.protocol import Axis, ClosedForm, ShoeGame, SolvedPay
from cardmath.errors import OptionError, PayTableError, ShoeError
from cardmath.exact import DECKS
from cardmath.games.dragon_tiger import (
    BUILT_IN_BET_NAMES,
    GAME,
    PAY_TABLES,
    Bet,
    Deal,
    DragonTigerRules,
    Winner,
    analyze,
    analyze_many,
    built_in_bets,
    closed_form,
    effects_of_removal,
    solve_pay,
)
from cardmath.games.dragon_tiger.rules import DEFAULT_RULES
from cardmath.games.registry import find_game
from cardmath.publish import game_tables
from cardmath.shoe import Shoe
from tests.oracles.dragon_tiger_bruteforce import (
    BUILT_IN,
    RANK_OF,
    PhysicalCard,
    brute_force,
    figures,
    outcome,
)
from tests.oracles.dragon_tiger_simulation import simulate

EIGHT = Shoe.standard(8)
ELEVEN = DragonTigerRules(tie_pays=11)
RED = frozenset("dh")

# --- user-defined bets, and the oracle's own reading of them --------------------------------------


def _dragon_by_five(deal: Deal) -> str:
    return "by 5 or more" if deal.dragon_rank - deal.tiger_rank >= 5 else "less"


def _red_dragon(deal: Deal) -> str:
    if deal.winner is not Winner.DRAGON:
        return "lose"
    return "red win" if deal.dragon.suit.value in RED else "black win"


def _same_colour(deal: Deal) -> str:
    return "same" if (deal.dragon.suit.value in RED) == (deal.tiger.suit.value in RED) else "different"


CUSTOM = (
    Bet.define("dragon_by_5", _dragon_by_five, {"by 5 or more": 3, "less": -1}),
    Bet.define("red_dragon", _red_dragon, {"red win": 1, "black win": 0, "lose": -1}),
    Bet.define("same_colour", _same_colour, {"same": "9/10", "different": -1}),
)
"""A bet on ranks alone, and two that read the suits themselves (counted card by card)."""

CUSTOM_ORACLE: dict[str, Callable[[PhysicalCard, PhysicalCard], str]] = {
    "dragon_by_5": lambda d, t: "by 5 or more" if d[0] - t[0] >= 5 else "less",
    "red_dragon": lambda d, t: "lose" if d[0] <= t[0] else "red win" if d[1] in "dh" else "black win",
    "same_colour": lambda d, t: "same" if (d[1] in "dh") == (t[1] in "dh") else "different",
}
CUSTOM_PAYS = {
    "dragon_by_5": {"by 5 or more": Fraction(3), "less": Fraction(-1)},
    "red_dragon": {"red win": Fraction(1), "black win": Fraction(0), "lose": Fraction(-1)},
    "same_colour": {"same": Fraction(9, 10), "different": Fraction(-1)},
}


def physical(shoe: Shoe) -> list[PhysicalCard]:
    """The shoe's cards as the oracle writes them (read from their notation)."""
    return [(RANK_OF[card.rank.symbol], card.suit.value) for card in shoe.cards()]


def fraction(value: Rational) -> Fraction:
    return Fraction(int(value.p), int(value.q))


# --- published figures ----------------------------------------------------------------------------


def test_the_published_eight_deck_figures() -> None:
    result = analyze(EIGHT)
    assert result.bets["dragon"].house_edge == Rational(31, 830)
    assert result.bets["tiger"].house_edge == Rational(31, 830)
    assert result.bets["tie"].house_edge == Rational(136, 415)
    assert result.bets["suited_tie"].house_edge == Rational(58, 415)
    assert analyze(EIGHT, ELEVEN, bets=["tie"]).bets["tie"].house_edge == Rational(43, 415)
    for name in BUILT_IN_BET_NAMES[4:]:
        assert result.bets[name].house_edge == Rational(1, 13)  # 7.69%
    # The published return tables, in unordered pairs: 39,936 wins, 6,448 ties, 1,456 suited ties.
    assert result.total_combinations == 2 * 86_320
    assert [o.combinations for o in result.bets["dragon"]] == [2 * 39_936, 2 * 39_936, 2 * 6_448]
    assert result.bets["suited_tie"].outcomes[0].combinations == 2 * 1_456
    assert round(float(result.bets["dragon"].house_edge) * 100, 2) == 3.73
    assert round(float(result.bets["suited_tie"].house_edge) * 100, 2) == 13.98
    assert round(float(analyze(EIGHT, ELEVEN, bets=["tie"]).bets["tie"].house_edge) * 100, 2) == 10.36


def test_the_published_tie_edges_at_other_pays() -> None:
    # The same page's table of tie pays 8 to 12: 32.77%, 25.30%, 17.83%, 10.36%, 2.89%.
    published = {8: 32.77, 9: 25.30, 10: 17.83, 11: 10.36, 12: 2.89}
    for pay, percent in published.items():
        edge = analyze(EIGHT, DragonTigerRules(tie_pays=pay), bets=["tie"]).bets["tie"].house_edge
        assert round(float(edge) * 100, 2) == percent


def test_the_result_of_each_verb() -> None:
    result = analyze(EIGHT, ELEVEN, bets=["tie", CUSTOM[1]])
    assert isinstance(result, CatalogueResult)
    assert (result.shoe, result.rules, result.decisions) == (EIGHT, ELEVEN, {})
    assert list(result.bets) == list(result.definitions) == ["tie", "red_dragon"]
    assert result.definitions["red_dragon"] == CUSTOM[1]
    assert result.definitions["tie"] == built_in_bets(ELEVEN)["tie"]
    assert result.results == {"dragon_wins": 2 * 39_936, "tiger_wins": 2 * 39_936, "ties": 2 * 6_448}
    edges = result.house_edges()
    assert edges == {name: sheet.house_edge for name, sheet in result.bets.items()}
    assert edges["tie"] == Rational(43, 415)
    # the Dragon bet loses half on a tie: no outcome pays 0, so no push is left out
    assert analyze(EIGHT, bets=["dragon"]).house_edge_excluding_pushes("dragon") == Rational(31, 830)
    many = analyze_many([EIGHT, Shoe.standard(1), Shoe.infinite()], ELEVEN, bets=["tie", "dragon"])
    assert all(isinstance(row, HouseEdges) for row in many)
    assert [dict(row) for row in many] == [
        {"tie": Rational(43, 415), "dragon": Rational(31, 830)},
        {"tie": Rational(5, 17), "dragon": Rational(1, 34)},
        {"tie": Rational(1, 13), "dragon": Rational(1, 26)},
    ]
    assert analyze_many([]) == []
    assert list(analyze_many([EIGHT])[0]) == list(BUILT_IN_BET_NAMES)


# --- brute force over physical cards --------------------------------------------------------------


def assert_matches_brute_force(shoe: Shoe, rules: DragonTigerRules = DEFAULT_RULES) -> None:
    bets = [*built_in_bets(rules).values(), *CUSTOM]
    result = analyze(shoe, rules, bets=bets)
    tally = brute_force(physical(shoe), {**_built_in_oracle(), **CUSTOM_ORACLE})
    assert result.total_combinations == tally.total
    assert result.results == tally.results
    pays = {**BUILT_IN, "tie": {"tie": Fraction(rules.tie_pays.p, rules.tie_pays.q), "no tie": Fraction(-1)}}
    for name, sheet in result.bets.items():
        assert {o.name: o.combinations for o in sheet} == {o.name: tally.bets[name][o.name] for o in sheet}
        assert sum(tally.bets[name].values()) == tally.total
        expected = figures(tally.bets[name], {**pays, **CUSTOM_PAYS}[name], tally.total)
        assert fraction(sheet.house_edge) == expected["house_edge"]
        assert fraction(sheet.variance) == expected["variance"]
        assert fraction(sheet.hit_frequency) == expected["hit_frequency"]


def _built_in_oracle() -> dict[str, Callable[[PhysicalCard, PhysicalCard], str]]:
    return {name: (lambda d, t, name=name: outcome(name, d, t)) for name in BUILT_IN}  # type: ignore[misc]


@pytest.mark.parametrize("decks", [1, 2])
def test_fresh_shoes_match_the_brute_force(decks: int) -> None:
    assert_matches_brute_force(Shoe.standard(decks))


@pytest.mark.parametrize(
    "removed",
    ["As,Ah,Ad,Ac,7s,7h", "Ks,Qs,Js,Ts,9s,8s,2d,2c", "5h,5h,6c,Kd,Ad,Ad,3s"],
)
def test_depleted_two_deck_shoes_match_the_brute_force(removed: str) -> None:
    assert_matches_brute_force(Shoe.standard(2).without(removed), ELEVEN)


def test_a_tiny_shoe_with_repeated_cards_matches_the_brute_force() -> None:
    shoe = Shoe.from_counts(
        {Card.parse("7h"): 3, Card.parse("7d"): 1, Card.parse("Kh"): 2, Card.parse("As"): 1}
    )
    assert_matches_brute_force(shoe)
    assert_matches_brute_force(Shoe.from_counts({Card.parse("7h"): 2}))


def test_the_infinite_shoe_is_drawing_with_replacement() -> None:
    bets = [*built_in_bets().values(), *CUSTOM]
    result = analyze(Shoe.infinite(), bets=bets)
    tally = brute_force(
        physical(Shoe.standard(1)), {**_built_in_oracle(), **CUSTOM_ORACLE}, with_replacement=True
    )
    assert result.total_combinations is None and all(v is None for v in result.results.values())
    assert {k: fraction(v) for k, v in result.result_probabilities.items()} == {
        k: Fraction(v, tally.total) for k, v in tally.results.items()
    }
    for name, sheet in result.bets.items():
        assert all(o.combinations is None for o in sheet)
        assert {o.name: fraction(o.probability) for o in sheet} == {
            o.name: Fraction(tally.bets[name][o.name], tally.total) for o in sheet
        }


@settings(max_examples=12, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.integers(min_value=0, max_value=2), min_size=52, max_size=52).filter(lambda c: sum(c) >= 2)
)
def test_random_shoes_match_the_brute_force(counts: list[int]) -> None:
    assert_matches_brute_force(Shoe(tuple(counts)))


# --- properties -----------------------------------------------------------------------------------

shoes = st.lists(st.integers(min_value=0, max_value=6), min_size=52, max_size=52).filter(
    lambda c: sum(c) >= 3
)


@settings(max_examples=40)
@given(shoes)
def test_probabilities_add_up_to_one_and_the_sides_are_symmetric(counts: list[int]) -> None:
    shoe = Shoe(tuple(counts))
    result = analyze(shoe, bets=[*BUILT_IN_BET_NAMES, *CUSTOM])
    assert sum(result.result_probabilities.values()) == 1
    assert sum(v for v in result.results.values() if v is not None) == result.total_combinations
    for sheet in result.bets.values():
        assert sheet.probability_total == 1
        assert sheet.total_combinations == result.total_combinations
    assert result.results["dragon_wins"] == result.results["tiger_wins"]
    for name in ("", "_big", "_small", "_odd", "_even"):
        dragon, tiger = result.bets[f"dragon{name}"], result.bets[f"tiger{name}"]
        assert [o.combinations for o in dragon] == [o.combinations for o in tiger]
        assert dragon.house_edge == tiger.house_edge


@settings(max_examples=20)
@given(shoes)
def test_effects_of_removal_weighted_by_the_shoe_add_up_to_zero(counts: list[int]) -> None:
    shoe = Shoe(tuple(counts))
    effects = effects_of_removal(shoe, bets=[*BUILT_IN_BET_NAMES, *CUSTOM])
    ranks = shoe.rank_counts()
    for by_rank in effects.values():
        assert set(by_rank) == {rank for rank in Rank if ranks[rank.index]}
        assert sum(ranks[rank.index] * effect for rank, effect in by_rank.items()) == 0


@settings(max_examples=20)
@given(shoes)
def test_many_shoes_at_once_equal_one_at_a_time(counts: list[int]) -> None:
    shoe = Shoe(tuple(counts))
    bets: list[str | Bet] = [*BUILT_IN_BET_NAMES, *CUSTOM]
    many = analyze_many([shoe, EIGHT, Shoe.infinite(shoe)], bets=bets)
    for row, one in zip(many, (shoe, EIGHT, Shoe.infinite(shoe)), strict=True):
        assert row == {name: sheet.house_edge for name, sheet in analyze(one, bets=bets).bets.items()}


def test_huge_shoes_are_counted_exactly_past_64_bit_integers() -> None:
    huge = Shoe.standard(10**10).without("As,7d")
    bets: list[str | Bet] = [*BUILT_IN_BET_NAMES, *CUSTOM]
    (row,) = analyze_many([huge], bets=bets)
    assert row == {name: sheet.house_edge for name, sheet in analyze(huge, bets=bets).bets.items()}
    (form,) = closed_form(bets=["suited_tie"])
    assert analyze(Shoe.standard(10**10), bets=["suited_tie"]).bets[
        "suited_tie"
    ].house_edge == form.house_edge.subs(DECKS, 10**10)


def test_effects_of_removal_match_removing_each_card() -> None:
    shoe = Shoe.standard(1).without("Kh,Kd,7s,2c")
    bets: list[str | Bet] = ["dragon_big", *CUSTOM]
    effects = effects_of_removal(shoe, bets=bets)
    base = analyze(shoe, bets=bets)
    for rank in Rank:
        cards = [card for card in FULL_DECK if card.rank is rank and shoe.count(card)]
        for name in effects:
            changes = [analyze(shoe.without([c]), bets=bets).bets[name].house_edge for c in cards]
            average = sum(changes, Rational(0)) / len(changes) - base.bets[name].house_edge
            assert effects[name][rank] == average
    # a fresh shoe: the first card removed changes no tie bet and no dragon or tiger bet
    fresh = effects_of_removal(EIGHT)
    for name in ("dragon", "tiger", "tie", "suited_tie"):
        assert set(fresh[name].values()) == {0}
    assert fresh["dragon_big"][Rank.KING] == Rational(14, 5395)


# --- closed forms and pays ------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [DragonTigerRules(), ELEVEN], ids=["tie 8", "tie 11"])
def test_closed_forms_equal_the_direct_results_and_their_limits_the_infinite_shoe(
    rules: DragonTigerRules,
) -> None:
    bets = [*built_in_bets(rules).values(), *CUSTOM]
    direct = {d: analyze(Shoe.standard(d), rules, bets=bets) for d in range(1, 9)}
    infinite = analyze(Shoe.infinite(), rules, bets=bets)
    forms = closed_form(rules, bets=bets)
    assert [(form.name, form.label) for form in forms] == [(bet.name, bet.display_name) for bet in bets]
    for bet, form in zip(bets, forms, strict=True):
        assert isinstance(form, ClosedForm)
        for d, result in direct.items():
            assert form.house_edge.subs(DECKS, d) == result.bets[bet.name].house_edge
        assert form.limit == infinite.bets[bet.name].house_edge
    # one bet at a time gives the same form as all together
    assert closed_form(rules, bets=CUSTOM[1])[0] == forms[len(bets) - 2]


def test_the_closed_forms_in_words() -> None:
    dragon, tie, suited_tie, dragon_even = closed_form(bets=["dragon", "tie", "suited_tie", "dragon_even"])
    assert dragon.house_edge.equals((4 * DECKS - 1) / (2 * (52 * DECKS - 1)))
    assert tie.house_edge.equals(8 * (2 * DECKS + 1) / (52 * DECKS - 1))
    assert suited_tie.house_edge.equals((DECKS + 50) / (52 * DECKS - 1))
    assert suited_tie.limit == Rational(1, 52)
    assert (suited_tie.name, suited_tie.label) == ("suited_tie", "Suited Tie")
    assert dragon_even.house_edge == Rational(1, 13)
    assert closed_form(ELEVEN, bets=["tie"])[0].house_edge.equals((4 * DECKS + 11) / (52 * DECKS - 1))


@pytest.mark.parametrize(
    ("bet", "outcome_name", "target"),
    [
        ("tie", "tie", 0),
        ("suited_tie", "suited tie", Rational(1, 20)),
        ("dragon", "tie", 0),
        ("red_dragon", "black win", 0),
    ],
)
def test_a_solved_pay_gives_the_target_house_edge(bet: str, outcome_name: str, target: Rational) -> None:
    chosen = next(b for b in [*built_in_bets().values(), *CUSTOM] if b.name == bet)
    for shoe in (EIGHT, Shoe.standard(3).without("7s,7h"), Shoe.infinite()):
        if bet in BUILT_IN_BET_NAMES:
            solved_pay = solve_pay(shoe, DragonTigerRules(), f"{bet}:{outcome_name}", target)
            assert (solved_pay.solved_for, dict(solved_pay.document)) == (
                f"{bet}: {outcome_name}",
                {"bet": bet, "outcome": outcome_name},
            )
            pay = solved_pay.pay
        else:
            # a bet of one's own has no name --solve-pay knows: the engine's verb takes the bet itself
            counter = GAME.counter(DragonTigerRules())
            pay = engine_solving.solve_pay(counter, shoe, chosen, outcome_name, Rational(target))
        solved = chosen.with_pay(outcome_name, pay)
        assert analyze(shoe, bets=[solved]).bets[bet].house_edge == target


def test_the_fair_pays() -> None:
    assert solve_pay(EIGHT, DragonTigerRules(), "tie:tie") == SolvedPay(
        Rational(384, 31), "tie: tie", {"bet": "tie", "outcome": "tie"}
    )
    assert solve_pay(Shoe.infinite(), None, "tie:tie").pay == 12
    assert solve_pay(EIGHT, None, "suited_tie:suited tie").pay == Rational(408, 7)
    # the rules' tie pay is the pay solved for, so it does not change the answer
    assert solve_pay(EIGHT, ELEVEN, "tie:tie").pay == Rational(384, 31)
    # a target edge as text: 5% on the suited tie
    assert solve_pay(EIGHT, None, "suited_tie:suited tie", "1/20").pay == Rational(1549, 28)


# --- bad input ------------------------------------------------------------------------------------


def test_bad_input_is_refused_with_a_cardmath_error() -> None:
    with pytest.raises(OptionError, match="the tie pay must be a positive number"):
        DragonTigerRules(tie_pays="1/0")
    with pytest.raises(OptionError, match="the tie pay"):
        DragonTigerRules(tie_pays=0)
    with pytest.raises(OptionError, match="unknown Dragon Tiger bet 'lucky'"):
        analyze(EIGHT, bets=["lucky"])
    with pytest.raises(OptionError, match="repeated"):
        analyze(EIGHT, bets=["tie", "tie"])
    with pytest.raises(OptionError, match=r"gave outcome 'maybe' for .*, which is not one of its outcomes"):
        analyze(EIGHT, bets=[Bet.define("odd", lambda deal: "maybe", {"yes": 1, "no": -1})])
    with pytest.raises(PayTableError, match="the pay of 'yes'"):
        Bet.define("odd", _same_colour, {"yes": "1/0"})
    with pytest.raises(ShoeError, match="at least 2 cards"):
        analyze(Shoe.from_counts({Card.parse("7h"): 1}))
    with pytest.raises(ShoeError, match="finite shoe"):
        effects_of_removal(Shoe.infinite())
    with pytest.raises(ShoeError, match="more than 2 cards"):
        effects_of_removal(Shoe.from_counts({Card.parse("7h"): 2}))
    with pytest.raises(ShoeError, match="at least 2 cards"):
        analyze_many([EIGHT, Shoe.from_counts({Card.parse("7h"): 1})])
    with pytest.raises(OptionError, match="has no outcome 'win'"):
        solve_pay(EIGHT, DragonTigerRules(), "tie:win")
    with pytest.raises(OptionError, match="unknown Dragon Tiger bet 'lucky'"):
        solve_pay(EIGHT, DragonTigerRules(), "lucky:win")
    with pytest.raises(OptionError, match="'suited tie' is never paid"):
        solve_pay(Shoe.standard(1), DragonTigerRules(), "suited_tie:suited tie")
    with pytest.raises(OptionError, match="target house edge"):
        solve_pay(EIGHT, DragonTigerRules(), "tie:tie", "2")
    # a Dragon bet at a 100% house edge would need a tie to pay -415/31: below -1, refused
    with pytest.raises(OptionError, match="no pay of dragon: tie above -1 gives a house edge of 100%"):
        solve_pay(EIGHT, DragonTigerRules(), "dragon:tie", 1)
    with pytest.raises(OptionError, match="no rule 'commission'"):
        GAME.rules(commission="5")
    with pytest.raises(OptionError, match="BET:OUTCOME"):
        GAME.solve_pay(EIGHT, DragonTigerRules(), "tie", Rational(0))
    with pytest.raises(OptionError, match="unknown Dragon Tiger bet 'lucky'"):
        closed_form(bets=["lucky"])
    with pytest.raises(TypeError, match=r"analyze\(\) parameter rules must be DragonTigerRules, not int"):
        analyze(EIGHT, 11)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"closed_form\(\) parameter rules must be DragonTigerRules"):
        closed_form(11)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"parameter shoes\[1\] must be Shoe, not int"):
        analyze_many([EIGHT, 8])  # type: ignore[list-item]


# --- a seeded simulation --------------------------------------------------------------------------


@pytest.mark.parametrize(("decks", "seed"), [(8, 2024), (1, 7)])
def test_a_seeded_simulation_agrees_within_five_standard_errors(decks: int, seed: int) -> None:
    coups = simulate(decks, 40_000, seed)
    result = analyze(Shoe.standard(decks), bets=[*BUILT_IN_BET_NAMES, *CUSTOM])
    oracle = {**_built_in_oracle(), **CUSTOM_ORACLE}
    for name, sheet in result.bets.items():
        seen = {o.name: 0 for o in sheet}
        for dragon, tiger in coups:
            seen[oracle[name](dragon, tiger)] += 1
        for o in sheet:
            p = float(o.probability)
            spread = math.sqrt(len(coups) * p * (1 - p))
            assert abs(seen[o.name] - len(coups) * p) <= 5 * spread + 1e-9, (name, o.name)


# --- the published tables, the game object ---------------------------------------------------------


@pytest.mark.parametrize("point", [*range(1, 9), None])
def test_the_published_tables_of_every_point(point: int | None) -> None:
    every = game_tables(GAME, point)
    result = analyze(Axis.shoe(point))
    where = Axis.DECKS.label(point)
    names = list(BUILT_IN_BET_NAMES)
    titles = [f"Dragon Tiger results, {where}", *(f"Dragon Tiger {n} bet par sheet, {where}" for n in names)]
    titles.append(f"Dragon Tiger bets, {where}")
    if point is not None:
        titles.append(f"Dragon Tiger effects of removal, {where}")
    seen = len(GAME.definition.seen_tables)  # what the player sees of the dragon card, last
    tables, catalogue = every[: len(titles)], every[len(titles) : len(every) - seen]
    assert GAME.publication_tables(point) == every[: len(every) - seen]  # the engine's own tables
    assert [t.title for t in every[len(every) - seen :]] == [
        f"Dragon Tiger information dragon 89TJQK-234567A, {where}",
        f"Dragon Tiger best sorts dragon 2 groups, {where}",
    ]
    assert [t.title for t in tables] == titles
    assert [t.title for t in catalogue] == [
        f"Dragon Tiger pay tables, {where}",
        *(f"Dragon Tiger {table.key} pay table par sheet, {where}" for table in PAY_TABLES),
    ]
    assert tables == GAME.tables(analyze(Axis.shoe(point)))
    assert catalogue == GAME.pay_table_tables(Axis.shoe(point))
    assert tables[0].rows[-1] == ("total", result.total_combinations, 1)
    for table, name in zip(tables[1:], names, strict=False):
        sheet = result.bets[name]
        assert table.rows[:-1] == tuple(
            (o.name, o.pays, o.combinations, o.probability, o.contribution) for o in sheet
        )
        assert table.rows[-1][-1] == -sheet.house_edge
    summary = tables[len(names) + 1]
    assert [row[1] for row in summary.rows] == [result.bets[n].house_edge for n in names]
    if point is not None:
        effects = effects_of_removal(Axis.shoe(point))
        assert tables[-1].headers[1:] == ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
        assert tables[-1].rows[4][1:] == tuple(
            effects["dragon_big"][rank] for rank in (Rank.ACE, *list(Rank)[:-1])
        )


def test_the_summary_across_decks_and_the_charts() -> None:
    table = GAME.summary_table(GAME.default_points)
    assert table.title == "Dragon Tiger house edge by number of decks"
    assert table.headers == ("bet", *(Axis.DECKS.label(d) for d in range(1, 9)), "infinite decks")
    assert [row[0] for row in table.rows] == list(BUILT_IN_BET_NAMES)
    for column, point in enumerate(GAME.default_points, start=1):
        edges = analyze(Axis.shoe(point)).bets
        assert [row[column] for row in table.rows] == [edges[n].house_edge for n in BUILT_IN_BET_NAMES]
    house_edge, effects = GAME.charts()
    assert (house_edge.name, effects.name) == ("dragon-tiger-house-edge", "dragon-tiger-effects-of-removal")
    assert [s.name for s in house_edge.series] == ["Dragon", "Tie", "Suited Tie", "Dragon Big"]
    dragon, tie, suited_tie, big = house_edge.series
    assert [x for x, _ in dragon.points] == list(range(1, 9))
    assert dragon.points[0][1] == pytest.approx(100 / 34)
    assert dragon.points[-1][1] == pytest.approx(100 * 31 / 830)
    assert dragon.limit == pytest.approx(100 / 26)
    assert tie.points[-1][1] == pytest.approx(100 * 136 / 415) and tie.limit == pytest.approx(400 / 13)
    assert suited_tie.points[0][1] == pytest.approx(100) and suited_tie.limit == pytest.approx(100 / 52)
    assert all(y == pytest.approx(100 / 13) for _, y in big.points) and big.limit == pytest.approx(100 / 13)
    names = ["Dragon Big", "Dragon Small", "Dragon Odd", "Dragon Even"]
    assert [s.name for s in effects.series] == [f"{name}, 8 decks" for name in names]
    assert [label for _, label in effects.x_labels] == [rank.symbol for rank in GAME.definition.rank_order]
    removal = effects_of_removal(EIGHT, bets=["dragon_big"])["dragon_big"]
    assert [y for _, y in effects.series[0].points] == pytest.approx(
        [100 * float(removal[rank]) for rank in GAME.definition.rank_order]
    )
    assert sum(y for _, y in effects.series[0].points) == pytest.approx(0, abs=1e-12)


def test_the_game_object_satisfies_the_protocol() -> None:
    assert isinstance(GAME, ShoeGame)
    assert (GAME.name, GAME.title, GAME.short_title, GAME.docs_page) == (
        "dragon-tiger",
        "Dragon Tiger",
        "Dragon Tiger",
        "games/dragon_tiger.md",
    )
    assert GAME.axis is Axis.DECKS and GAME.default_points == (1, 2, 3, 4, 5, 6, 7, 8, None)
    assert (GAME.command, GAME.default_decks, GAME.solve_pay_metavar) == (
        "cardmath.cli.shoe_game",
        8,
        "BET:OUTCOME",
    )
    assert [(o.flag, o.field, o.default) for o in GAME.options] == [("--tie-pays", "tie_pays", "8")]
    assert GAME.bet_names == BUILT_IN_BET_NAMES == tuple(BUILT_IN)
    assert GAME.rules(tie_pays="11") == ELEVEN and GAME.rules() == GAME.default_rules == DEFAULT_RULES
    forms = GAME.closed_form(DragonTigerRules())
    assert [form.name for form in forms] == list(BUILT_IN_BET_NAMES)
    assert GAME.closed_form() == forms
    assert list(GAME.built_in_bets()) == list(BUILT_IN_BET_NAMES)
    assert GAME.built_in_bets(ELEVEN)["tie"].pay("tie") == 11
    assert [bet.name for bet in GAME.resolve_bets(["tie", CUSTOM[0]], ELEVEN)] == ["tie", "dragon_by_5"]
    assert GAME.resolve_bets(["tie"], ELEVEN)[0].pay("tie") == 11
    (headline,) = GAME.headlines()
    assert (headline.name, headline.shoe, headline.value, headline.page) == (
        "Dragon Tiger, Dragon",
        "8 decks, half lost on a tie",
        Rational(31, 830),
        "games/dragon_tiger.md",
    )
    solved = GAME.solve_pay(EIGHT, ELEVEN, "dragon:tie", Rational(0))
    assert (solved.pay, solved.solved_for, dict(solved.document)) == (
        0,
        "dragon: tie",
        {"bet": "dragon", "outcome": "tie"},
    )


def test_the_registry_lists_the_game() -> None:
    assert find_game("dragon-tiger") is GAME
