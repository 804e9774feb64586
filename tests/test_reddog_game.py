"""Red Dog's ``GAME`` object: what the command line, the published set and the docs rely on."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sympy import Rational

from cardmath import Shoe
from cardmath.errors import CardmathError, OptionError
from cardmath.games.game import Axis, ShoeGame
from cardmath.games.reddog import GAME, RaiseBy, RedDogRules, analyze, closed_form, publication_tables
from tests.oracles.reddog_bruteforce import brute_force, deck_ranks

EXACT_HOUSE_EDGE = {
    1: Rational(523, 16575),
    2: Rational(2101, 68289),
    4: Rational(7993, 277173),
    6: Rational(17533, 626665),
    8: Rational(30721, 1116765),
    None: Rational(57, 2197),
}


def test_game_satisfies_the_shoe_game_protocol() -> None:
    game: ShoeGame = GAME  # checked by mypy too
    assert isinstance(game, ShoeGame)
    assert (game.name, game.title, game.short_title) == ("reddog", "Casino Red Dog", "Red Dog")
    assert game.docs_page == "games/reddog.md" and game.axis is Axis.DECKS
    assert game.default_points == (1, 2, 3, 4, 5, 6, 7, 8, None)
    assert game.command == "cardmath.cli.shoe_game" and game.default_decks == 1
    assert game.bet_names == () and game.solve_pay_metavar == "trips|1|2|3|4"
    options = {option.flag: option for option in game.options}
    assert list(options) == ["--spread-pays", "--trips-pays", "--raise-by"]
    assert (options["--spread-pays"].default, options["--spread-pays"].metavar) == ("5,4,2,1", "A,B,C,D")
    assert (options["--trips-pays"].default, options["--trips-pays"].metavar) == ("11", "N")
    assert options["--raise-by"].choices == ("spread", "cards") and options["--raise-by"].default == "spread"
    assert all("default" not in option.help for option in game.options)


def test_rules_from_option_texts() -> None:
    assert GAME.rules() == RedDogRules()
    rules = GAME.rules(spread_pays="6,4,3/2,1", trips_pays="12", raise_by="cards")
    assert rules == RedDogRules(spread_pays=(6, 4, Rational(3, 2), 1), trips_pays=12, raise_by=RaiseBy.CARDS)
    assert GAME.rules_document(rules) == {"spread_pays": [6, 4, Rational(3, 2), 1], "trips_pays": 12}
    for texts in ({"trips_pays": "1/0"}, {"spread_pays": "5,4"}, {"raise_by": "pairs"}, {"colour": "red"}):
        with pytest.raises(CardmathError):
            GAME.rules(**texts)


def test_analyze_document_and_tables() -> None:
    shoe = Shoe.standard(1).without("2c,2d,3c,3d,3h,3s")
    result = GAME.analyze(shoe, GAME.rules(raise_by="cards"), None)
    document = GAME.document(result)
    assert document["raise_by"] == "cards" and document["differing_pairs"] == ["2-9"]
    assert document["raised_pairs"]["6"] == ["4-J", "5-Q", "6-K", "7-A"]
    assert document["house_edge"] == Rational(-7, 2277)
    assert [table.title for table in GAME.tables(result)][-1] == "Red Dog effects of removal, 46 cards"
    with pytest.raises(OptionError, match="one bet"):
        GAME.analyze(shoe, RedDogRules(), ["reddog"])


def test_closed_form_and_solve_pay() -> None:
    (form,) = GAME.closed_form(RedDogRules(), None)
    assert form == closed_form()
    assert form.limit == EXACT_HOUSE_EDGE[None]
    solved = GAME.solve_pay(Shoe.standard(1), RedDogRules(), "trips", Rational(0))
    assert (solved.pay, solved.solved_for, dict(solved.document)) == (
        Rational(952, 39),
        "three of a kind",
        {"solve_pay": "trips"},
    )
    oracle = brute_force(deck_ranks(1), trips_pays=Fraction(int(solved.pay.p), int(solved.pay.q)))
    assert oracle.house_edge == 0
    eleven = RedDogRules(spread_pays="5,4,2,1,1,1,1,1,1,1,1")
    assert GAME.solve_pay(Shoe.standard(1), eleven, "4", Rational(0)).solved_for == "spread 4"
    assert GAME.solve_pay(Shoe.standard(1), RedDogRules(), "1", Rational(0)).solved_for == "spread 1"
    with pytest.raises(OptionError, match="leave out --raise-by cards"):
        GAME.solve_pay(Shoe.standard(1), RedDogRules(raise_by=RaiseBy.CARDS), "trips", Rational(0))
    with pytest.raises(OptionError, match="'trips' or a spread pay position 1 to 4"):
        GAME.solve_pay(Shoe.standard(1), RedDogRules(), "pair", Rational(0))
    with pytest.raises(OptionError, match="no pay"):
        GAME.solve_pay(Shoe.standard(1), RedDogRules(), "trips", Rational(1))


def test_publication_tables_and_summary_over_the_default_points() -> None:
    for point in GAME.default_points:
        tables = GAME.publication_tables(point)
        assert tables == publication_tables(Axis.shoe(point))
        assert all(Axis.DECKS.label(point) in table.title for table in tables)
        assert len({table.title for table in tables}) == len(tables) == (3 if point is None else 4)
    summary = GAME.summary_table(GAME.default_points)
    edges = {row[0]: row[1] for row in summary.rows}
    for decks, edge in EXACT_HOUSE_EDGE.items():
        assert edges[Axis.DECKS.label(decks)] == edge


def test_charts_show_the_exact_figures_in_table_order() -> None:
    house_edge, effects = GAME.charts()
    assert (house_edge.name, effects.name) == ("reddog-house-edge", "reddog-effects-of-removal")
    optimal, never = house_edge.series
    assert (optimal.name, never.name) == ("optimal raising", "never raising")
    assert [x for x, _ in optimal.points] == list(range(1, 9))
    for decks, value in optimal.points:
        assert value == pytest.approx(100 * float(analyze(Shoe.standard(int(decks))).house_edge))
    assert optimal.limit == pytest.approx(100 * 57 / 2197)
    assert never.limit == pytest.approx(100 * float(analyze(Shoe.infinite()).house_edge_no_raise))
    assert effects.kind == "bar"
    assert [series.name for series in effects.series] == ["1 deck", "6 decks"]
    # The bars go by rank in the order of the effects-of-removal table.
    table = GAME.publication_tables(1)[-1]
    assert [label for _, label in effects.x_labels] == [row[0] for row in table.rows]
    assert [value for _, value in effects.series[0].points] == pytest.approx(
        [100 * float(row[1]) for row in table.rows]
    )
