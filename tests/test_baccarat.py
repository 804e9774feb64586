"""Baccarat: the engine against a naive physical-card oracle, a simulation and published figures."""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Rational

from cardmath.cards import FULL_DECK, Card, Rank
from cardmath.errors import CardmathError, OptionError, ShoeError
from cardmath.exact import DECKS
from cardmath.games.baccarat import (
    BUILT_IN_BET_NAMES,
    GAME,
    BaccaratRules,
    Bet,
    Deal,
    DrawingRules,
    FirstTwo,
    Reads,
    analyze,
    analyze_many,
    closed_form,
    effects_of_removal,
    solve_pay,
)
from cardmath.games.baccarat.counting import FIRST_TWO
from cardmath.games.baccarat.reading import outcome_index, rows
from cardmath.shoe import Shoe
from tests.oracles.baccarat_naive import deal_counts, first_four_card_counts
from tests.oracles.baccarat_rules import classify
from tests.oracles.baccarat_simulation import POINTS, SimulatedHand, simulate

EIGHT = Shoe.standard(8)
RULES = BaccaratRules()
STANDARD = DrawingRules.standard()

RANK_BETS = tuple(name for name in BUILT_IN_BET_NAMES if name != "perfect_pair")


def oracle_outcomes(rank_counts: list[int]) -> dict[str, dict[str, int]]:
    expected: dict[str, dict[str, int]] = {bet: {} for bet in RANK_BETS}
    for key, count in deal_counts(rank_counts).items():
        for bet in RANK_BETS:
            outcome = classify(bet, key)
            expected[bet][outcome] = expected[bet].get(outcome, 0) + count
    return expected


def engine_outcomes(shoe: Shoe) -> dict[str, dict[str, int]]:
    result = analyze(shoe, bets=RANK_BETS)
    return {
        name: {o.name: o.combinations for o in sheet.outcomes if o.combinations}
        for name, sheet in result.bets.items()
    }


ORACLE_SHOES = {
    "1 deck": Shoe.standard(1),
    "2 decks": Shoe.standard(2),
    "1 deck less aces and fives": Shoe.standard(1).without("As,Ah,Ad,5c,5d,Kc,9s"),
    "2 decks less tens": Shoe.standard(2).without("Tc,Td,Th,Ts,Jc,Jd,Qh,Qs,Kc,Kd,Ks,Tc,Td"),
    "a 20-card shoe": Shoe.standard(1).without(FULL_DECK[:32]),
}

# --- the naive oracle ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(ORACLE_SHOES))
def test_every_rank_bet_matches_the_naive_oracle(name: str) -> None:
    shoe = ORACLE_SHOES[name]
    assert engine_outcomes(shoe) == oracle_outcomes(list(shoe.rank_counts()))


def test_results_match_the_naive_oracle_on_a_depleted_shoe() -> None:
    shoe = ORACLE_SHOES["1 deck less aces and fives"]
    counts = deal_counts(list(shoe.rank_counts()))
    result = analyze(shoe, bets=["tie"])
    assert result.results == {
        "player_wins": sum(n for k, n in counts.items() if k[0] > k[1]),
        "banker_wins": sum(n for k, n in counts.items() if k[0] < k[1]),
        "ties": sum(n for k, n in counts.items() if k[0] == k[1]),
    }
    assert result.total_combinations == math.perm(shoe.size, 6)


MATCH = {"unpaired": FirstTwo.UNPAIRED, "pair": FirstTwo.PAIR, "identical": FirstTwo.IDENTICAL}
JOINT = Bet.define(
    "first two cards",
    lambda deal: (
        f"{deal.player_first_two.value}/{deal.banker_first_two.value}"
        if deal.player_first_two and deal.banker_first_two
        else "unresolved"
    ),
    {f"{a}/{b}": 0 for a in MATCH for b in MATCH},
    reads=Reads.FIRST_TWO,
)


def card_shoe(counts: dict[str, int]) -> Shoe:
    return Shoe.from_counts({Card.parse(card): n for card, n in counts.items()})


@pytest.mark.parametrize(
    "shoe",
    [
        card_shoe({"As": 3, "Ah": 1, "Kc": 2, "Kd": 2, "Qd": 2, "5s": 1, "5h": 3, "9c": 2, "Tc": 1, "Jd": 1}),
        card_shoe({"Ks": 4, "Kh": 3, "Qs": 2, "Tc": 5, "7d": 1}),
        Shoe.standard(1).without(",".join(str(c) for c in FULL_DECK[8:32])),
    ],
)
def test_first_two_card_matches_agree_with_physical_cards(shoe: Shoe) -> None:
    oracle = first_four_card_counts(list(shoe.card_counts))
    four = math.perm(shoe.size, 4)
    sheet = analyze(shoe, bets=[JOINT]).bets["first two cards"]
    for outcome in sheet.outcomes:
        player, banker = outcome.name.split("/")
        assert outcome.probability == Rational(oracle.get((player, banker), 0), four), outcome.name
    perfect = analyze(shoe, bets=["perfect_pair"]).bets["perfect_pair"]
    both = oracle.get(("identical", "identical"), 0)
    one = sum(n for (p, b), n in oracle.items() if (p == "identical") != (b == "identical"))
    assert [o.probability for o in perfect.outcomes][:2] == [Rational(both, four), Rational(one, four)]


# --- published figures ---------------------------------------------------------------------------


def test_eight_decks_main_counts_match_the_published_counts() -> None:
    # The published eight-deck counts (Wizard of Odds, baccarat): ff(416, 6) deals in all.
    result = analyze(EIGHT, bets=["player", "banker", "tie"])
    assert result.total_combinations == 4_998_398_275_503_360
    assert result.results == {
        "player_wins": 2_230_518_282_592_256,
        "banker_wins": 2_292_252_566_437_888,
        "ties": 475_627_426_473_216,
    }


def percent(value: sympy.Expr, places: int) -> float:
    return round(float(value) * 100, places)


def test_eight_deck_house_edges_match_published_figures() -> None:
    result = analyze(EIGHT)
    edges = {name: sheet.house_edge for name, sheet in result.bets.items()}
    # The published eight-deck house edges (Wizard of Odds, baccarat and its side bets).
    assert percent(edges["banker"], 4) == 1.0579
    assert percent(edges["player"], 4) == 1.2351
    assert percent(edges["tie"], 4) == 14.3596
    assert percent(edges["player_pair"], 2) == percent(edges["banker_pair"], 2) == 10.36
    assert percent(edges["dragon_7"], 2) == 7.61
    assert percent(edges["panda_8"], 2) == 10.19
    assert percent(edges["banker_no_commission"], 3) == 1.458
    # Wizard of Odds, EZ Baccarat (wizardofodds.com/games/ez-baccarat/): banker 1.0183%,
    # dragon 7 wins 112,633,011,329,024 times, panda 8 172,660,763,262,976 times, 7.6113% and 10.1876%.
    assert percent(edges["ez_banker"], 4) == 1.0183
    assert percent(edges["dragon_7"], 4) == 7.6113
    assert percent(edges["panda_8"], 4) == 10.1876
    assert result.bets["dragon_7"].outcomes[0].combinations == 112_633_011_329_024
    assert result.bets["panda_8"].outcomes[0].combinations == 172_660_763_262_976
    # Wizard of Odds, baccarat side bets, Dragon Bonus (wizardofodds.com/games/baccarat/side-bets/):
    # player 2.6517% (2.652%), banker 9.3731%.
    assert percent(edges["dragon_bonus_player"], 4) == 2.6517
    assert percent(edges["dragon_bonus_banker"], 4) == 9.3731
    player_dragon = {o.name: o.combinations for o in result.bets["dragon_bonus_player"].outcomes}
    assert player_dragon["win by 9"] == 18_409_431_764_992
    assert player_dragon["win by 4"] == 186_780_352_174_080
    assert player_dragon["natural win"] == 812_685_054_124_032
    assert player_dragon["natural tie"] == 89_325_908_267_520
    banker_dragon = {o.name: o.combinations for o in result.bets["dragon_bonus_banker"].outcomes}
    assert banker_dragon["win by 9"] == 15_390_342_909_952
    assert banker_dragon["win by 4"] == 201_147_167_287_296
    # Wizard of Odds, Perfect Pairs version 1 (either hand, 25 to 1, eight decks): 13.03%, with
    # 246,848,784 wins of 7,379,583,120; version 2 pays 250 for two perfect pairs (2,101,008): 6.62%.
    perfect = result.bets["perfect_pair"]
    assert percent(perfect.house_edge, 2) == 13.03
    two, one, _ = perfect.outcomes
    assert two.probability + one.probability == Rational(246_848_784, 7_379_583_120)
    assert two.probability == Rational(2_101_008, 7_379_583_120)
    version_2 = analyze(EIGHT, bets=[result.definitions["perfect_pair"].with_pay("two perfect pairs", 250)])
    assert percent(version_2.bets["perfect_pair"].house_edge, 2) == 6.62
    # Banker wins with a total of 6: 269,232,304,455,680 of the eight-deck deals (published with
    # the no-commission analyses).
    assert result.bets["banker_no_commission"].outcomes[0].combinations == 269_232_304_455_680


def test_tie_nine_to_one_and_other_shoes_match_published_percentages() -> None:
    # A tie paying 9 to 1 has an edge of 4.844% on eight decks (Wizard of Odds, baccarat).
    assert percent(analyze(EIGHT, BaccaratRules(tie_pays=9), bets=["tie"]).bets["tie"].house_edge, 3) == 4.844
    # Yui-Bin Chen, "Mini Baccarat" (vegastrip.com/game_baccarat.html): banker / player / tie
    # 45.9624 / 44.6760 / 9.3615 % for one deck and 45.8428 / 44.6147 / 9.5426 % for infinite decks.
    for shoe, expected in (
        (Shoe.standard(1), (45.9624, 44.6760, 9.3615)),
        (Shoe.infinite(), (45.8428, 44.6147, 9.5426)),
    ):
        chances = analyze(shoe, bets=["tie"]).result_probabilities
        got = tuple(percent(chances[k], 4) for k in ("banker_wins", "player_wins", "ties"))
        assert got == expected


# --- simulation ----------------------------------------------------------------------------------


def simulated_net(bet: str, hand: SimulatedHand) -> Rational:
    pt, bt = hand.player_points, hand.banker_points
    pn, bn = len(hand.player), len(hand.banker)
    player_pair = hand.player[0][0] == hand.player[1][0]
    banker_pair = hand.banker[0][0] == hand.banker[1][0]
    if bet == "perfect_pair":
        return (
            Rational(25)
            if hand.player[0] == hand.player[1] or hand.banker[0] == hand.banker[1]
            else Rational(-1)
        )
    outcome = classify(bet, (pt, bt, pn, bn, player_pair, banker_pair))
    pay: Rational = analyze_pays[bet][outcome]
    return pay


analyze_pays = {
    name: dict(bet.pays) for name, bet in analyze(Shoe.standard(1), bets=None).definitions.items()
}


@pytest.mark.slow
def test_a_seeded_simulation_agrees_within_five_standard_errors() -> None:
    hands = simulate(decks=6, hands=60_000, seed=20240601)
    exact = analyze(Shoe.standard(6))
    assert all(POINTS[card[0]] >= 0 for hand in hands[:10] for card in hand.player)
    for bet in BUILT_IN_BET_NAMES:
        results = [float(simulated_net(bet, hand)) for hand in hands]
        mean = sum(results) / len(results)
        sd = float(exact.bets[bet].standard_deviation)
        assert abs(mean - float(exact.bets[bet].expected_value)) <= 5 * sd / math.sqrt(len(results)), bet


# --- properties ----------------------------------------------------------------------------------

card_lists = st.lists(st.sampled_from(FULL_DECK), min_size=0, max_size=40)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(removed=card_lists, decks=st.integers(min_value=1, max_value=3))
def test_probabilities_sum_to_one_and_effects_of_removal_balance(removed: list[object], decks: int) -> None:
    shoe = Shoe.standard(decks)
    for card in removed:
        if shoe.count(card) and shoe.size > 20:  # type: ignore[arg-type]
            shoe = shoe.without([card])  # type: ignore[list-item]
    result = analyze(shoe)
    for sheet in result.bets.values():
        assert sheet.probability_total == 1
        assert sheet.total_combinations == math.perm(shoe.size, 6)
    # The chance of a player pair equals the chance of a banker pair (the deal is symmetric).
    assert result.bets["player_pair"].house_edge == result.bets["banker_pair"].house_edge
    # Every bet, the perfect pair too (the removed card's suit drawn from the cards of its rank).
    effects = effects_of_removal(shoe)
    assert list(effects) == list(BUILT_IN_BET_NAMES)
    counts = shoe.rank_counts()
    for by_rank in effects.values():
        assert sum(counts[rank.index] * effect for rank, effect in by_rank.items()) == 0


def test_perfect_pair_effects_of_removal_balance_card_by_card() -> None:
    # Two decks, so that identical cards exist: one ace of spades left, two aces of hearts.
    shoe = Shoe.standard(2).without("As,Ad,Ad,Kc,5h,5s,5d,9c,2c,2d")
    base = analyze(shoe, bets=["perfect_pair"]).bets["perfect_pair"].house_edge
    change = {
        card: analyze(shoe.without([card]), bets=["perfect_pair"]).bets["perfect_pair"].house_edge - base
        for card in FULL_DECK
        if shoe.count(card)
    }
    assert sum(shoe.count(card) * effect for card, effect in change.items()) == 0
    # The bet tells suits apart: taking the last ace of spades is not taking one of two aces of hearts.
    assert change[Card.parse("As")] != change[Card.parse("Ah")]
    # effects_of_removal draws the removed card's suit from the cards of its rank left: each rank's
    # effect is the average of its cards' changes, weighted by their copies.
    effects = effects_of_removal(shoe, bets=["perfect_pair"])["perfect_pair"]
    assert list(effects) == [Rank.ACE, *(rank for rank in Rank if rank is not Rank.ACE)]
    for rank in Rank:
        cards = [card for card in change if card.rank is rank]
        weighted = sum((shoe.count(card) * change[card] for card in cards), Rational(0))
        assert effects[rank] == weighted / sum(shoe.count(card) for card in cards), rank
    counts = shoe.rank_counts()
    assert sum(counts[rank.index] * effect for rank, effect in effects.items()) == 0


# --- many shoes, closed forms, solving -----------------------------------------------------------


def test_batch_equals_one_by_one_including_shoes_too_big_for_int64() -> None:
    rng = random.Random(7)
    shoes = [
        Shoe.standard(8).without(rng.sample(Shoe.standard(8).cards(), rng.randrange(0, 300)))
        for _ in range(5)
    ]
    shoes += [Shoe.standard(1), Shoe.infinite(), Shoe.standard(30)]
    batch = analyze_many(shoes, bets=["player", "banker", "tie", "either_pair"])
    for shoe, edges in zip(shoes, batch, strict=True):
        single = analyze(shoe, bets=["player", "banker", "tie", "either_pair"])
        assert edges == {name: sheet.house_edge for name, sheet in single.bets.items()}


def test_closed_forms_agree_with_each_number_of_decks_and_the_infinite_shoe() -> None:
    forms = closed_form(bets=["player", "banker", "tie"])
    assert [(form.name, form.label) for form in forms] == [
        ("player", "Player"),
        ("banker", "Banker (5% commission)"),
        ("tie", "Tie"),
    ]
    for bet, form in zip(("player", "banker", "tie"), forms, strict=True):
        expression, limit = form.house_edge, form.limit
        for decks in (1, 2, 6, 8, 30):
            assert (
                expression.subs(DECKS, decks)
                == analyze(Shoe.standard(decks), bets=[bet]).bets[bet].house_edge
            )
        assert limit == analyze(Shoe.infinite(), bets=[bet]).bets[bet].house_edge


@pytest.mark.parametrize("bet", ["player_pair", "banker_pair", "either_pair", "perfect_pair", JOINT])
def test_closed_forms_of_bets_on_the_first_two_cards(bet: str | Bet) -> None:
    (form,) = closed_form(bets=[bet])
    expression, limit = form.house_edge, form.limit
    name = bet if isinstance(bet, str) else bet.name
    assert form.name == name
    for decks in (1, 2, 8):
        assert (
            expression.subs(DECKS, decks) == analyze(Shoe.standard(decks), bets=[bet]).bets[name].house_edge
        )
    assert limit == analyze(Shoe.infinite(), bets=[bet]).bets[name].house_edge


def test_pair_closed_form_is_the_textbook_formula() -> None:
    # A pair of one rank: (4d - 1) of the other 52d - 1 cards match the first, paying 11 to 1.
    (form,) = closed_form(bets=["player_pair"])
    expression, limit = form.house_edge, form.limit
    assert sympy.simplify(expression - (4 * DECKS + 11) / (52 * DECKS - 1)) == 0
    assert limit == Rational(1, 13)


def test_fair_pays_solved_exactly() -> None:
    chances = analyze(EIGHT, bets=["tie"]).result_probabilities
    fair = solve_pay(EIGHT, RULES, "tie:tie").pay
    assert fair == (1 - chances["ties"]) / chances["ties"]
    # The commission that makes the banker bet fair, and a pay giving a 5% edge to the pair bet.
    commission_free_pay = solve_pay(EIGHT, RULES, "banker:win").pay
    assert commission_free_pay == Rational(2_230_518_282_592_256, 2_292_252_566_437_888)
    pair_pay = solve_pay(EIGHT, RULES, "player_pair:pair", Rational(5, 100)).pay
    assert solve_pay(EIGHT, None, "player_pair:pair", "1/20").pay == pair_pay
    assert pair_pay * Rational(31, 415) - (1 - Rational(31, 415)) == Rational(-5, 100)


def test_commission_option_changes_only_the_banker_win() -> None:
    edge = (
        analyze(EIGHT, BaccaratRules(commission=Rational(1, 25)), bets=["banker"]).bets["banker"].house_edge
    )
    win, lose = (
        Rational(2_292_252_566_437_888, 4_998_398_275_503_360),
        Rational(2_230_518_282_592_256, 4_998_398_275_503_360),
    )
    assert edge == lose - Rational(24, 25) * win


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: analyze(EIGHT, bets=["lucky"]), OptionError, "unknown Baccarat bet 'lucky'"),
        (lambda: analyze(EIGHT, BaccaratRules(commission=2)), OptionError, "commission must be from 0 to 1"),
        (lambda: analyze(EIGHT, BaccaratRules(tie_pays=0)), OptionError, "tie pay must be a positive"),
        (lambda: analyze(EIGHT, BaccaratRules(tie_pays="1/0")), CardmathError, "tie pay must be a positive"),
        (lambda: analyze(EIGHT, BaccaratRules(commission="5%")), CardmathError, "commission"),
        (lambda: analyze(Shoe.standard(1).without(FULL_DECK[:47])), ShoeError, "at least 6"),
        (lambda: effects_of_removal(Shoe.infinite()), ShoeError, "finite shoe"),
        (
            lambda: effects_of_removal(Shoe.standard(1).without(FULL_DECK[:46])),
            ShoeError,
            "more than 6 cards",
        ),
        (lambda: analyze_many([EIGHT, Shoe.standard(1).without(FULL_DECK[:47])]), ShoeError, "at least 6"),
        (lambda: analyze(EIGHT, bets=["tie", "tie"]), OptionError, "repeated"),
        (lambda: closed_form(bets=["lucky"]), OptionError, "unknown Baccarat bet 'lucky'"),
        (lambda: solve_pay(EIGHT, RULES, "tie:tie", 2), OptionError, "target house edge"),
        (lambda: solve_pay(EIGHT, RULES, "tie:win"), OptionError, "has no outcome 'win'"),
        (
            lambda: solve_pay(EIGHT, RULES, "banker:win", 1),
            OptionError,
            r"win \w+ -1 (or more )?gives a house edge of 100%",
        ),
        (lambda: analyze(EIGHT, 8), TypeError, "parameter rules must be BaccaratRules"),  # type: ignore[arg-type]
        (lambda: closed_form(8), TypeError, "parameter rules must be BaccaratRules"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_says_what_is_allowed(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()


def test_a_rule_giving_an_unknown_outcome_is_reported() -> None:
    bad = Bet.define("bad", lambda deal: "maybe", {"win": 1, "lose": -1})
    with pytest.raises(OptionError, match="gave outcome 'maybe'"):
        analyze(EIGHT, bets=[bad])


# --- publication ---------------------------------------------------------------------------------


def test_publication_tables_have_distinct_titles_and_exact_cells() -> None:
    tables = GAME.tables(analyze(Shoe.standard(2)))
    titles = [t.title for t in tables]
    assert len(titles) == len(set(titles)) == 1 + len(BUILT_IN_BET_NAMES) + 2
    assert tables[0].rows[-1] == ("total", math.perm(104, 6), 1)
    assert "effects of removal" in titles[-1]
    infinite = GAME.tables(analyze(Shoe.infinite(), bets=["tie"]))
    assert not any("removal" in t.title for t in infinite)


def test_summary_table_one_row_per_shoe() -> None:
    points = [*range(1, 9), None]
    shoes = [*(Shoe.standard(d) for d in range(1, 9)), Shoe.infinite()]
    table = GAME.summary_table(points)
    assert table.title == "Baccarat house edge by number of decks"
    assert table.headers == ("bet", *(s.describe() for s in shoes))
    assert [row[0] for row in table.rows] == list(BUILT_IN_BET_NAMES)
    assert (
        table.rows[BUILT_IN_BET_NAMES.index("banker")][table.headers.index("8 decks")]
        == analyze(EIGHT, bets=["banker"]).bets["banker"].house_edge
    )


def test_effects_of_removal_on_eight_decks_are_symmetric_for_tens_and_pictures() -> None:
    effects = effects_of_removal(EIGHT, bets=["banker", "player_pair"])
    banker = effects["banker"]
    assert banker[Rank.TEN] == banker[Rank.JACK] == banker[Rank.QUEEN] == banker[Rank.KING]
    # Removing any card lowers the chance of a pair of its rank: the pair bet gets worse for the
    # player (higher edge) by the same amount for every rank.
    assert len(set(effects["player_pair"].values())) == 1


def test_other_deck_counts_match_published_tables() -> None:
    # casinoexploit.com/baccarat.html, "Probabilities in 6-deck / 4-deck Baccarat".
    six = analyze(Shoe.standard(6), bets=["tie"]).results
    assert six == {
        "player_wins": 392_220_492_728_832,
        "banker_wins": 403_095_751_234_560,
        "ties": 83_552_962_932_288,
    }
    four = analyze(Shoe.standard(4), bets=["tie"]).results
    assert (four["banker_wins"], four["player_wins"]) == (34_543_624_867_840, 33_608_344_225_792)
    # Wizard of Odds, Dragon Bonus house edge by decks: player 2.70% / 2.67%, banker 9.42% / 9.39%
    # for 4 / 6 decks.
    for decks, expected in ((4, (2.70, 9.42)), (6, (2.67, 9.39))):
        bets = analyze(Shoe.standard(decks), bets=["dragon_bonus_player", "dragon_bonus_banker"]).bets
        got = (
            percent(bets["dragon_bonus_player"].house_edge, 2),
            percent(bets["dragon_bonus_banker"].house_edge, 2),
        )
        assert got == expected


@pytest.mark.parametrize(
    "rule",
    [
        lambda d: "same" if d.player_third is not None and d.player_third == d.banker_third else "other",
        lambda d: "same" if d.winner == "banker" and d.banker_third == 7 else "other",
        lambda d: "same" if hash(dataclasses.astuple(d)) % 3 == 0 else "other",
        lambda d: "same" if d.player_first_two is FirstTwo.PAIR and d.banker_cards == 3 else "other",
    ],
)
def test_a_rule_is_decided_as_if_called_on_every_deal(rule: Callable[[Deal], str]) -> None:
    # The engine calls a rule once per set of deals it cannot tell apart; calling it on every
    # deal class (and every pair of first-two matches) must give the same outcomes.
    bet = Bet.define("traced", rule, {"same": 1, "other": -1}, reads=Reads.FIRST_TWO)
    expected = []
    for row in rows(STANDARD, Reads.FIRST_TWO).tolist():
        p, b, pc, bc, p3, b3, pm, bm = row[:8]
        deal = Deal(
            p, b, pc, bc, None if p3 < 0 else p3, None if b3 < 0 else b3, FIRST_TWO[pm], FIRST_TWO[bm]
        )
        expected.append(bet.outcomes().index(rule(deal)))
    assert outcome_index(bet, STANDARD).reshape(-1).tolist() == expected
