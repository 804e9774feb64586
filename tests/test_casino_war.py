"""Casino War: the engine against published figures, a brute force over physical cards, and its own
closed forms in the number of decks.

Published figures: the Wizard of Odds, "Casino War" (wizardofodds.com/games/casino-war/), six
decks: going to war 2.88% (element of risk 2.68%), surrendering 3.70%, the tie bet at 10 to 1
18.65%, with a bonus equal to the bet on a tie after a war 2.33%, standard deviation 1.05; and its
table of the house edges by number of decks (1 to 8), with and without the bonus, surrendering
and the tie bet.  We read these figures in copies of the page's text (rpmrepo.org, 2022;
i-online-casinos.com's Casino War odds page); Ask the Wizard #17
(wizardofodds.com/ask-the-wizard/17/) gives the same 2.88% and 2.33%.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Rational

from cardmath.cards import FULL_DECK, Card, Rank
from cardmath.errors import OptionError, PayTableError, ShoeError
from cardmath.exact import DECKS
from cardmath.games import casino_war
from cardmath.games.casino_war import (
    GAME,
    PAY_TABLES,
    CasinoWarRules,
    Deal,
    OnTie,
    analyze,
    analyze_many,
    closed_form,
    effects_of_removal,
    solve_pay,
)
from cardmath.games.registry import GAMES, find_game
from cardmath.shoe import Shoe
from tests.oracles.casino_war_bruteforce import RANK_OF, PhysicalCard, deck, main_bet, tally, tie_bet

SIX = Shoe.standard(6)
SYMBOL = {value: symbol for symbol, value in RANK_OF.items()}
WAR, SURRENDER, BEST = (CasinoWarRules(on_tie=choice) for choice in OnTie)


def shoe_of(cards: Sequence[PhysicalCard], *, infinite: bool = False) -> Shoe:
    """The oracle's physical cards as a cardmath shoe (read from their notation)."""
    counts = Counter(Card.parse(SYMBOL[rank] + suit) for rank, suit in cards)
    shoe = Shoe.from_counts(counts)
    return Shoe.infinite(shoe) if infinite else shoe


def fraction(value: Any) -> Fraction:
    value = Rational(value)
    return Fraction(int(value.p), int(value.q))


def percent(value: Any, places: int = 2) -> str:
    return f"{100 * float(value):.{places}f}"


# --- published figures ------------------------------------------------------------------------


def test_the_published_six_deck_figures() -> None:
    result = analyze(SIX)
    main, tie = result.bets["main"], result.bets["tie"]
    assert main.house_edge == Rational(142853, 4965115)
    assert percent(main.house_edge, 4) == "2.8771"
    assert percent(main.element_of_risk) == "2.68"
    assert f"{float(main.standard_deviation):.2f}" == "1.05"
    assert tie.house_edge == Rational(58, 311)
    assert percent(tie.house_edge, 4) == "18.6495"
    surrender = analyze(SIX, SURRENDER, bets=["main"]).bets["main"]
    assert surrender.house_edge == surrender.element_of_risk == Rational(23, 622)
    assert percent(surrender.house_edge) == "3.70"
    bonus = analyze(SIX, CasinoWarRules(war_tie_bonus=1), bets=["main"]).bets["main"]
    assert bonus.house_edge == Rational(23138, 993023)
    assert percent(bonus.house_edge) == "2.33"


# The Wizard of Odds' table by number of decks: with the bonus, without it, surrendering, tie bet.
PUBLISHED_BY_DECKS = {
    1: ("2.06", "2.42", "2.94", "35.29"),
    2: ("2.24", "2.70", "3.40", "25.24"),
    3: ("2.29", "2.79", "3.55", "21.94"),
    4: ("2.31", "2.84", "3.62", "20.29"),
    5: ("2.32", "2.86", "3.67", "19.31"),
    6: ("2.33", "2.88", "3.70", "18.65"),
    7: ("2.34", "2.89", "3.72", "18.18"),
    8: ("2.34", "2.90", "3.73", "17.83"),
}


@pytest.mark.parametrize("decks", sorted(PUBLISHED_BY_DECKS))
def test_the_published_house_edges_by_number_of_decks(decks: int) -> None:
    shoe = Shoe.standard(decks)
    bonus = analyze(shoe, CasinoWarRules(war_tie_bonus=1), bets=["main"]).house_edges()["main"]
    war = analyze(shoe).house_edges()
    surrender = analyze(shoe, SURRENDER, bets=["main"]).house_edges()["main"]
    found = (percent(bonus), percent(war["main"]), percent(surrender), percent(war["tie"]))
    assert found == PUBLISHED_BY_DECKS[decks]


# --- the brute force over physical cards -----------------------------------------------------------

SHOES: dict[str, list[PhysicalCard]] = {
    "deuces to fours, one deck": deck("234"),
    "aces and kings, two decks of two suits": deck("AK", "cd", copies=2),
    "a depleted shoe": [
        (14, "s"),
        (14, "h"),
        (14, "d"),
        (13, "s"),
        (13, "c"),
        (7, "d"),
        (7, "h"),
        (2, "c"),
        (12, "s"),
    ],
    "seven cards, no tie of war cards after aces": [
        (14, "s"),
        (14, "h"),
        (13, "s"),
        (12, "s"),
        (11, "s"),
        (10, "s"),
        (9, "s"),
    ],
}
TALLIES = {name: tally(cards) for name, cards in SHOES.items()}
BONUSES = (Fraction(0), Fraction(1), Fraction(5, 2))


def _reached(sheet: Any) -> dict[str, Fraction]:
    return {o.name: fraction(o.probability) for o in sheet if o.probability != 0}


def _stake(sheet: Any) -> Fraction:
    return fraction(sheet.expected_stake)


@pytest.mark.parametrize("name", sorted(SHOES))
@pytest.mark.parametrize("on_tie", [choice.value for choice in OnTie])
@pytest.mark.parametrize("bonus", BONUSES)
def test_the_main_bet_matches_the_brute_force(name: str, on_tie: str, bonus: Fraction) -> None:
    oracle = main_bet(TALLIES[name], on_tie, bonus)
    rules = CasinoWarRules(on_tie=OnTie(on_tie), war_tie_bonus=Rational(bonus.numerator, bonus.denominator))
    result = analyze(shoe_of(SHOES[name]), rules)
    sheet = result.bets["main"]
    assert fraction(sheet.house_edge) == oracle.house_edge
    assert _stake(sheet) == oracle.expected_stake
    assert fraction(sheet.element_of_risk) == oracle.element_of_risk
    assert _reached(sheet) == {k: v for k, v in oracle.probabilities.items() if v}
    plan = result.decisions["main"].chosen()
    for rank, choice in oracle.choices.items():
        assert plan[f"tie of {SYMBOL[rank]}"] == choice
    assert fraction(result.bets["tie"].house_edge) == tie_bet(TALLIES[name])


@pytest.mark.parametrize("name", sorted(SHOES))
@pytest.mark.parametrize("pays", [Fraction(10), Fraction(11), Fraction(7, 2)])
def test_the_tie_bet_matches_the_brute_force(name: str, pays: Fraction) -> None:
    rules = CasinoWarRules(pays=(("tie", "tie", Rational(pays.numerator, pays.denominator)),))
    edge = analyze(shoe_of(SHOES[name]), rules, bets=["tie"]).bets["tie"].house_edge
    assert fraction(edge) == tie_bet(TALLIES[name], pays)


@pytest.mark.parametrize(
    "cards", [deck("AKQJT98765432", "s"), [(14, "s"), (14, "h"), (14, "d"), (9, "c"), (2, "d"), (2, "s")]]
)
@pytest.mark.parametrize("on_tie", ["war", "surrender"])
def test_the_infinite_deck_limit_matches_draws_with_replacement(
    cards: list[PhysicalCard], on_tie: str
) -> None:
    counts = tally(cards, with_replacement=True)
    result = analyze(shoe_of(cards, infinite=True), CasinoWarRules(on_tie=OnTie(on_tie), war_tie_bonus=1))
    assert fraction(result.bets["main"].house_edge) == main_bet(counts, on_tie, Fraction(1)).house_edge
    assert fraction(result.bets["tie"].house_edge) == tie_bet(counts)


@settings(max_examples=25)
@given(
    st.lists(
        st.sampled_from([f"{r}{s}" for r in "9TJQKA" for s in "cd"]), min_size=7, max_size=9, unique=True
    )
)
def test_any_small_shoe_matches_the_brute_force(names: list[str]) -> None:
    cards = [(RANK_OF[name[0]], name[1]) for name in names]
    counts = tally(cards)
    result = analyze(shoe_of(cards), BEST)
    assert fraction(result.bets["main"].house_edge) == main_bet(counts, "best").house_edge
    assert fraction(result.bets["tie"].house_edge) == tie_bet(counts)


# --- the mathematics: the war staked twice, war never worse than surrender, closed forms -----------


def test_the_element_of_risk_counts_the_raise() -> None:
    result = analyze(SIX)
    main = result.bets["main"]
    tie = result.result_probabilities["ties"]
    assert tie == Rational(23, 311)
    assert main.expected_stake == 1 + tie
    assert main.element_of_risk == main.house_edge / (1 + tie) == Rational(142853, 5332310)
    assert [o.staked for o in main] == [1, 1, 2, 2, 2]
    assert result.bets["tie"].element_of_risk == result.bets["tie"].house_edge


@pytest.mark.parametrize(
    "shoe", [SIX, Shoe.standard(1).without("As,Ad,Ah,Kc,Kd,7s"), shoe_of(deck("AK", "cd", copies=2))]
)
@pytest.mark.parametrize("bonus", [0, 1])
def test_war_is_never_worse_than_surrender(shoe: Shoe, bonus: int) -> None:
    """On a tie of rank r the war cards are exchangeable, so the war is worth -1/2 + (3/2 + bonus) * P2
    (P2 the chance the war cards tie) against surrender's -1/2: the best play is always war."""
    rules = CasinoWarRules(on_tie=OnTie.BEST, war_tie_bonus=bonus)
    result = analyze(shoe, rules)
    plan = result.decisions["main"]
    assert set(plan.chosen().values()) == {"war"}
    # one state per rank the shoe can still pair, in the order of the ranks
    ranks = shoe.rank_counts()
    pairable = [f"tie of {rank.symbol}" for rank in sorted(Rank, key=int) if ranks[rank.index] >= 2]
    assert list(plan.chosen()) == pairable
    war = analyze(shoe, CasinoWarRules(war_tie_bonus=bonus), bets=["main"])
    assert result.bets["main"].house_edge == war.bets["main"].house_edge


def _p_war_tie(d: Any) -> Any:
    """The chance the two war cards tie after a tie, from d fresh decks: 12 ranks of 4d, one of 4d - 2."""
    return (12 * 4 * d * (4 * d - 1) + (4 * d - 2) * (4 * d - 3)) / ((52 * d - 2) * (52 * d - 3))


def _expected(bet: str, on_tie: OnTie, bonus: int, d: Any) -> Any:
    tie = (4 * d - 1) / (52 * d - 1)
    if bet == "tie":
        return 1 - 11 * tie
    if on_tie is OnTie.SURRENDER:
        return tie / 2
    return tie * (Rational(1, 2) - (Rational(3, 2) + bonus) * _p_war_tie(d))


@pytest.mark.parametrize("on_tie", list(OnTie))
@pytest.mark.parametrize("bonus", [0, 1])
def test_the_closed_form_in_d(on_tie: OnTie, bonus: int) -> None:
    rules = CasinoWarRules(on_tie=on_tie, war_tie_bonus=bonus)
    forms = {form.name: form for form in closed_form(rules)}
    edges = analyze_many([Shoe.standard(d) for d in range(1, 9)], rules)
    infinite = analyze(Shoe.infinite(), rules).house_edges()
    for name, form in forms.items():
        assert sympy.simplify(form.house_edge - _expected(name, on_tie, bonus, DECKS)) == 0
        for d in range(1, 9):
            assert (
                form.house_edge.subs(DECKS, d)
                == edges[d - 1][name]
                == _expected(name, on_tie, bonus, Rational(d))
            )
        assert form.limit == infinite[name]
    assert forms["tie"].limit == Rational(2, 13)
    assert forms["main"].limit == (
        Rational(1, 26) if on_tie is OnTie.SURRENDER else Rational(10 - 2 * bonus, 338)
    )


def test_a_fresh_shoe_has_no_effects_of_removal() -> None:
    """Every rank plays alike in a fresh shoe, and the effects weighted by the cards sum to zero."""
    assert all(effect == 0 for by_rank in effects_of_removal(SIX).values() for effect in by_rank.values())
    depleted = Shoe.standard(1).without("As,Ad,Kc")
    effects = effects_of_removal(depleted, bets=["main"])["main"]
    assert sum(depleted.rank_counts()[rank.index] * effect for rank, effect in effects.items()) == 0
    assert effects[Rank.ACE] != 0


# --- pays, rules and errors --------------------------------------------------------------------


def test_the_pay_tables() -> None:
    tables = {table.key: table for table in PAY_TABLES}
    eleven = CasinoWarRules(pays=tables["tie:11"].changes())
    assert analyze(SIX, eleven, bets=["tie"]).bets["tie"].house_edge == Rational(35, 311)
    bonus = CasinoWarRules(pays=tables["main:bonus-1"].changes())
    assert analyze(SIX, bonus, bets=["main"]).bets["main"].house_edge == Rational(23138, 993023)
    assert all(table.source for table in PAY_TABLES)
    assert "wizardofodds.com/games/casino-war/" in tables["tie:10"].source


def test_solved_pays_give_the_target() -> None:
    assert solve_pay(SIX, None, "tie:tie").pay == Rational(288, 23)
    fair = solve_pay(SIX, WAR, "main:bonus").pay
    assert analyze(SIX, CasinoWarRules(war_tie_bonus=fair), bets=["main"]).bets["main"].house_edge == 0
    assert solve_pay(SIX, BEST, "main:bonus").pay == fair
    with pytest.raises(OptionError, match="never paid"):
        solve_pay(SIX, SURRENDER, "main:bonus")


def test_bad_rules_are_refused() -> None:
    with pytest.raises(OptionError, match="--war-tie-bonus"):
        CasinoWarRules(war_tie_bonus=-1)
    with pytest.raises(OptionError, match="--war-tie-bonus"):
        CasinoWarRules(war_tie_bonus="lots")
    with pytest.raises(PayTableError, match="tie:tie"):
        CasinoWarRules(pays=(("tie", "tie", -1),))
    with pytest.raises(OptionError, match="--on-tie"):
        CasinoWarRules(on_tie="run")
    with pytest.raises(OptionError, match="no pay 'no tie'"):
        casino_war.built_in_bets(CasinoWarRules(pays=(("tie", "no tie", 1),)))
    with pytest.raises(OptionError, match="unknown Casino War bet 'flop'"):
        analyze(SIX, bets=["flop"])


def test_a_shoe_must_hold_a_whole_war() -> None:
    seven = Shoe.from_counts(dict.fromkeys(FULL_DECK[:7], 1))
    assert analyze(seven).total_combinations == 5040
    with pytest.raises(ShoeError, match=r"up to 7 cards .* at least 7 cards, not 6"):
        analyze(Shoe.from_counts(dict.fromkeys(FULL_DECK[:6], 1)))


def test_the_deal_and_the_registry() -> None:
    deal = Deal(Rank.ACE, Rank.KING)
    assert (deal.winner, deal.tied, deal.tied_rank) == ("player", False, None)
    assert Deal(Rank.TWO, Rank.ACE).winner == "dealer"
    assert find_game("casino-war") is GAME
    names = [game.name for game in GAMES]
    assert names.index("casino-war") == names.index("dragon-tiger") + 1 == names.index("chemin-de-fer") - 1
    assert GAME.headlines()[0].value == Rational(142853, 4965115)
