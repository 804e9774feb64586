"""Red Dog's ``GAME`` object: what the command line, the published set and the docs rely on."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sympy import Rational

from cardmath import Shoe
from cardmath.engine import CatalogueGame, CatalogueResult, Headline
from cardmath.engine.protocol import Axis, ShoeGame, SolvedPay
from cardmath.errors import CardmathError, OptionError
from cardmath.games.reddog import (
    DEFINITION,
    GAME,
    RANKS,
    SPREADS,
    RaiseBy,
    RedDogGame,
    RedDogRules,
    analyze,
    closed_form,
    effects_of_removal,
)
from cardmath.games.registry import find_game
from tests.oracles.reddog_bruteforce import brute_force, deck_ranks
from tests.oracles.reddog_bruteforce_cards import brute_force_cards

EXACT_HOUSE_EDGE = {
    1: Rational(523, 16575),
    2: Rational(2101, 68289),
    4: Rational(7993, 277173),
    6: Rational(17533, 626665),
    8: Rational(30721, 1116765),
    None: Rational(57, 2197),
}


def test_game_satisfies_the_shoe_game_protocol() -> None:
    game: ShoeGame[RedDogRules, CatalogueResult[RedDogRules]] = GAME  # checked by mypy too
    assert isinstance(game, ShoeGame) and isinstance(GAME, CatalogueGame) and isinstance(GAME, RedDogGame)
    assert GAME.definition is DEFINITION
    assert find_game("reddog") is GAME and find_game("red dog") is GAME
    assert (game.name, game.title, game.short_title) == ("reddog", "Casino Red Dog", "Red Dog")
    assert game.docs_page == "games/reddog.md" and game.axis is Axis.DECKS
    assert game.default_points == (1, 2, 3, 4, 5, 6, 7, 8, None)
    assert game.command == "cardmath.cli.shoe_game" and game.default_decks == 1
    assert game.bet_names == ("reddog",) and game.solve_pay_metavar == "BET:OUTCOME"
    assert "trips, 1, 2, 3, 4" in game.solve_pay_help
    assert game.pay_tables == ()
    options = {option.flag: option for option in game.options}
    assert list(options) == ["--spread-pays", "--trips-pays", "--raise-by"]
    assert (options["--spread-pays"].default, options["--spread-pays"].metavar) == ("5,4,2,1", "A,B,C,D")
    assert (options["--trips-pays"].default, options["--trips-pays"].metavar) == ("11", "N")
    assert options["--raise-by"].choices == ("spread", "cards") and options["--raise-by"].default == "spread"
    assert all("default" not in option.help for option in game.options)
    assert GAME.definition.rank_order == RANKS


def test_rules_from_option_texts() -> None:
    assert GAME.rules() == RedDogRules() == GAME.default_rules
    rules = GAME.rules(spread_pays="6,4,3/2,1", trips_pays="12", raise_by="cards")
    assert rules == RedDogRules(spread_pays=(6, 4, Rational(3, 2), 1), trips_pays=12, raise_by=RaiseBy.CARDS)
    assert GAME.rules_document(rules) == {
        "spread_pays": (6, 4, Rational(3, 2), 1),
        "trips_pays": 12,
        "raise_by": RaiseBy.CARDS,
    }
    for texts in ({"trips_pays": "1/0"}, {"spread_pays": "5,4"}, {"raise_by": "pairs"}, {"colour": "red"}):
        with pytest.raises(CardmathError):
            GAME.rules(**texts)
    # the house's own pays, as --pay sets them, after the table's
    paid = GAME.with_pays(rules, [("reddog", "spread 1", Rational(7))])
    assert paid.pays == (("reddog", "spread 1", 7),) and paid.spread_pays == rules.spread_pays
    assert GAME.built_in_bets(paid)["reddog"].pay("spread 1") == 7
    assert GAME.with_pays(rules, []) is rules
    with pytest.raises(OptionError, match="has no pay 'spread 9'"):
        GAME.with_pays(rules, [("reddog", "spread 9", Rational(7))])


def test_analyze_document_and_tables() -> None:
    shoe = Shoe.standard(1).without("2c,2d,3c,3d,3h,3s")
    result = GAME.analyze(shoe, GAME.rules(raise_by="cards"))
    document = GAME.document(result)
    assert list(document)[:3] == ["spread_pays", "trips_pays", "raise_by"]
    assert document["raise_by"] == "cards"
    assert document["total_combinations"] == 46 * 45 * 44
    bet = document["bets"]["reddog"]
    assert bet["house_edge"] == Rational(-7, 2277)
    assert sum(outcome["probability"] for outcome in bet["outcomes"]) == 1
    decision = document["decisions"]["reddog"]
    assert (decision["decision"], decision["choices"], decision["fixed"]) == (
        "raise",
        ["stand", "raise"],
        False,
    )
    plan = result.decisions["reddog"]
    assert [state["choice"] for state in decision["states"]] == list(plan.chosen().values())
    for state, (key, choice) in zip(decision["states"], plan.chosen().items(), strict=True):
        assert isinstance(key, tuple)
        assert state["state"] == "-".join(rank.symbol for rank in key) and state["choice"] == choice
        assert state["probability"] == plan.probability(key)
        assert state["values"] == {"stand": plan.value(key, "stand"), "raise": plan.value(key, "raise")}
    # per pair: 2-9 stands, the other pairs of spread 6 raise
    two_nine = next(state for state in decision["states"] if state["state"] == "2-9")
    four_jack = next(state for state in decision["states"] if state["state"] == "4-J")
    assert (two_nine["choice"], four_jack["choice"]) == ("stand", "raise")
    assert [table.title for table in GAME.tables(result)] == [
        "Red Dog par sheet, 46 cards",
        "Red Dog bets, 46 cards",
        "Red Dog effects of removal, 46 cards",
        "Red Dog raise strategy, 46 cards",
    ]
    assert GAME.analyze(shoe, RedDogRules(), bets=["reddog"]).bets == GAME.analyze(shoe).bets
    with pytest.raises(OptionError, match="unknown Red Dog bet 'tie'"):
        GAME.analyze(shoe, RedDogRules(), bets=["tie"])


def test_the_raise_strategy_table_reads_the_house_pays() -> None:
    # --pay 'reddog:spread 4 or more=2': spreads 4 to 11 pay 2 to 1, and spreads 5 and 6 are raised too
    rules = GAME.with_pays(RedDogRules(), [("reddog", "spread 4 or more", Rational(2))])
    result = GAME.analyze(Shoe.standard(1), rules)
    plan = result.decisions["reddog"]
    assert plan.choosing("raise") == (5, 6, 7, 8, 9, 10, 11)
    oracle = brute_force(deck_ranks(1), (Fraction(5), Fraction(4), Fraction(2), Fraction(2)))
    assert result.bets["reddog"].house_edge == Rational(
        oracle.house_edge.numerator, oracle.house_edge.denominator
    )
    strategy = GAME.tables(result)[-1]
    assert [row[1] for row in strategy.rows] == [5, 4, 2, *(2,) * 8]
    assert [row[4] for row in strategy.rows] == [
        plan.value(s, "stand") / plan.probability(s) for s in SPREADS
    ]
    assert [row[-1] for row in strategy.rows] == ["no"] * 4 + ["yes"] * 7


def test_closed_form_and_solve_pay() -> None:
    (form,) = GAME.closed_form(RedDogRules())
    assert form == closed_form()[0] == GAME.closed_form()[0]
    assert form.limit == EXACT_HOUSE_EDGE[None]
    solved = GAME.solve_pay(Shoe.standard(1), RedDogRules(), "trips", Rational(0))
    assert solved == SolvedPay(
        Rational(952, 39), "reddog: three of a kind", {"bet": "reddog", "outcome": "three of a kind"}
    )
    oracle = brute_force(deck_ranks(1), trips_pays=Fraction(int(solved.pay.p), int(solved.pay.q)))
    assert oracle.house_edge == 0
    eleven = RedDogRules(spread_pays="5,4,2,1,1,1,1,1,1,1,1")
    assert GAME.solve_pay(Shoe.standard(1), eleven, "4", Rational(0)).solved_for == "reddog: spread 4"
    assert GAME.solve_pay(Shoe.standard(1), RedDogRules(), "1", Rational(0)).solved_for == "reddog: spread 1"
    four = GAME.solve_pay(Shoe.standard(1), RedDogRules(), "4")
    assert (four.pay, four.solved_for) == (Rational(6795, 6224), "reddog: spread 4 or more")
    # the raise decided per pair of ranks re-decides every pair at each pay
    by_cards = GAME.solve_pay(Shoe.standard(1), RedDogRules(raise_by=RaiseBy.CARDS), "trips", Rational(0))
    assert by_cards == solved
    depleted = Shoe.standard(1).without("Kc,Kd,Kh,Ks,Ac,Ad,Ah")
    pay = GAME.solve_pay(depleted, RedDogRules(raise_by=RaiseBy.CARDS), "trips").pay
    ranks = deck_ranks(1, [13, 13, 13, 13, 14, 14, 14])
    assert brute_force_cards(ranks, trips_pays=Fraction(int(pay.p), int(pay.q))).house_edge == 0
    with pytest.raises(OptionError, match="bet 'reddog' has no pay 'pair'"):
        GAME.solve_pay(Shoe.standard(1), RedDogRules(), "pair", Rational(0))
    with pytest.raises(OptionError, match="no pay"):
        GAME.solve_pay(Shoe.standard(1), RedDogRules(), "trips", Rational(1))


def test_publication_tables_and_summary_over_the_default_points() -> None:
    for point in GAME.default_points:
        tables = GAME.publication_tables(point)
        assert tables == GAME.tables(analyze(Axis.shoe(point)))
        assert all(Axis.DECKS.label(point) in table.title for table in tables)
        assert len({table.title for table in tables}) == len(tables) == (3 if point is None else 4)
        assert tables[1].rows[0][:2] == ("reddog", analyze(Axis.shoe(point)).bets["reddog"].house_edge)
    summary = GAME.summary_table(GAME.default_points)
    assert summary.title == "Red Dog house edge by number of decks"
    (row,) = summary.rows
    assert row[0] == "reddog" and summary.headers[0] == "bet"
    edges = dict(zip(summary.headers[1:], row[1:], strict=True))
    for decks, edge in EXACT_HOUSE_EDGE.items():
        assert edges[Axis.DECKS.label(decks)] == edge


def test_charts_show_the_exact_figures_in_table_order() -> None:
    house_edge, effects = GAME.charts()
    assert (house_edge.name, effects.name) == ("reddog-house-edge", "reddog-effects-of-removal")
    (edge,) = house_edge.series
    assert edge.name == "Red Dog"
    assert [x for x, _ in edge.points] == list(range(1, 9))
    for decks, value in edge.points:
        assert value == pytest.approx(
            100 * float(analyze(Shoe.standard(int(decks))).bets["reddog"].house_edge)
        )
    assert edge.limit == pytest.approx(100 * 57 / 2197)
    assert effects.kind == "bar"
    assert [series.name for series in effects.series] == ["Red Dog, 1 deck", "Red Dog, 6 decks"]
    # The bars go by rank in the order of the effects-of-removal table: the change in house edge.
    table = GAME.publication_tables(1)[2]
    assert table.title == "Red Dog effects of removal, 1 deck"
    assert [label for _, label in effects.x_labels] == list(table.headers[1:]) == list("23456789TJQKA")
    (row,) = table.rows
    assert [value for _, value in effects.series[0].points] == pytest.approx(
        [100 * float(v) for v in row[1:]]
    )
    by_rank = effects_of_removal(Shoe.standard(6))["reddog"]
    assert [value for _, value in effects.series[1].points] == pytest.approx(
        [100 * float(by_rank[rank]) for rank in RANKS]
    )
    # removing a deuce or an ace helps the player: the house edge falls
    assert effects.series[0].points[0][1] < 0 and effects.series[0].points[-1][1] < 0


def test_headline() -> None:
    assert GAME.headlines() == (
        Headline("Red Dog", "1 deck, raising as one should", EXACT_HOUSE_EDGE[1], "games/reddog.md"),
    )
