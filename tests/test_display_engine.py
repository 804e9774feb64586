"""Every result of the engine shows itself: a one-line ``repr``, a notebook display with its
headline figure, and a tidy frame whose exact columns give back the exact values of the result.

For every catalogue game of the registry, the analysis of one deck, of the infinite shoe, of a
depleted deck and of a degenerate shoe (sixteen cards of two ranks) is checked: the frame's
rows are compared with the par sheets' outcomes themselves (not with the tables the display
renders), and each bet's probabilities are added up exactly, apart from the library, with
:class:`fractions.Fraction`.  Published figures are found in the frames (Red Dog's 523/16575 on
one deck; baccarat's and Casino War's house edges as the Wizard of Odds prints them), the effects
of removal are compared with analyses of the depleted shoes, the closed forms with analyses of
one deck and of the infinite shoe, and a pinned strategy's cost with the rules that play it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
import sympy
from sympy import Rational

from cardmath.cards import FULL_DECK, Rank
from cardmath.display import REPR_LIMIT
from cardmath.engine.analysis import CatalogueResult, EffectsOfRemoval
from cardmath.engine.game import CatalogueGame
from cardmath.engine.settle import HouseEdges
from cardmath.errors import CardmathError, OptionError
from cardmath.exact import DECKS
from cardmath.frames import EXACT_SUFFIX, exact_value
from cardmath.games.casino_war import CasinoWarRules
from cardmath.games.dragon_tiger import DragonTigerRules
from cardmath.games.registry import GAMES, find_game
from cardmath.parsheet import Outcome, ParSheet
from cardmath.shoe import Shoe
from cardmath.text import percent_text

pd = pytest.importorskip("pandas")

CATALOGUE: tuple[CatalogueGame[Any, Any], ...] = tuple(
    game for game in GAMES if isinstance(game, CatalogueGame)
)
"""Every game of the registry whose ``analyze`` gives a :class:`CatalogueResult`."""

REMOVED = ("As", "Kd", "7h")
"""The cards taken from one deck for the depleted shoe."""

SHOES: dict[str, Shoe] = {
    "1 deck": Shoe.standard(1),
    "infinite": Shoe.infinite(),
    "depleted": Shoe.standard(1).without(",".join(REMOVED)),
    "degenerate": Shoe.from_counts({card: 2 for card in FULL_DECK if card.rank in (Rank.SEVEN, Rank.KING)}),
}
"""The shoes every game is analysed on: the degenerate one holds two decks' sevens and kings only."""


def game_named(name: str) -> CatalogueGame[Any, Any]:
    """A catalogue game of the registry, by name."""
    game = find_game(name)
    assert isinstance(game, CatalogueGame)
    return game


@cache
def analysed(name: str, shoe: str) -> CatalogueResult[Any]:
    """Every built-in bet of the game on the shoe, worked out once (skipped when the game refuses
    the shoe: Andar Bahar has no longest deal on an infinite shoe)."""
    try:
        return game_named(name).analyze(SHOES[shoe])
    except CardmathError as error:
        pytest.skip(f"{name} refuses the {shoe} shoe: {error}")


@cache
def analysed_on(name: str, decks: int) -> CatalogueResult[Any]:
    """Every built-in bet of the game on fresh decks, worked out once."""
    return game_named(name).analyze(Shoe.standard(decks))


def fraction(value: Any) -> Fraction:
    """An exact number of the library as a :class:`~fractions.Fraction`."""
    rational = Rational(value)
    return Fraction(int(rational.p), int(rational.q))


def exact_cell(frame: Any, column: str, row: int) -> Fraction:
    """A number of the frame exactly: from its exact column, or its whole-number column."""
    exact = column + EXACT_SUFFIX
    if exact in frame.columns:
        return fraction(exact_value(str(frame[exact].iloc[row])))
    return Fraction(int(frame[column].iloc[row]))


def check_float_columns(frame: Any) -> None:
    """Each column beside an exact column is float64, with no missing value, and is its exact
    column's value as a float."""
    for name in frame.columns:
        if not name.endswith(EXACT_SUFFIX):
            continue
        number = name[: -len(EXACT_SUFFIX)]
        assert frame[number].dtype == "float64", number
        assert not frame[number].isna().any(), number
        assert not frame[name].isna().any(), name
        for value, text in zip(frame[number], frame[name], strict=True):
            assert value == pytest.approx(float(fraction(exact_value(str(text)))), rel=1e-12, abs=1e-300)


def check_display(shown: Any, headline: str, name: str) -> None:
    """The repr is one short line and both notebook displays show the headline figure."""
    line = repr(shown)
    assert "\n" not in line and len(line) <= REPR_LIMIT
    assert line.startswith(f"<{name}: ")
    assert headline in shown._repr_markdown_()
    assert headline in shown._repr_html_()


GAME_SHOES = [(game.name, shoe) for game in CATALOGUE for shoe in SHOES]


@pytest.mark.parametrize(("name", "shoe"), GAME_SHOES)
def test_every_analysis_shows_itself(name: str, shoe: str) -> None:
    result = analysed(name, shoe)
    first = next(iter(result.bets.values()))
    check_display(result, percent_text(first.house_edge), "CatalogueResult")
    assert repr(result).startswith(f"<CatalogueResult: {name}, ")
    for sheet in result.bets.values():  # every par sheet shows itself too
        check_display(sheet, percent_text(sheet.house_edge), "ParSheet")
        assert repr(sheet).startswith(f"<ParSheet: {sheet.bet}: ")


@pytest.mark.parametrize(("name", "shoe"), GAME_SHOES)
def test_the_frame_is_one_row_per_outcome_exactly_as_the_par_sheets_hold_it(name: str, shoe: str) -> None:
    result = analysed(name, shoe)
    frame = result.to_frame()
    outcomes = [(bet, outcome) for bet, sheet in result.bets.items() for outcome in sheet.outcomes]
    assert len(frame) == len(outcomes)
    assert "total" not in set(frame["outcome"])
    check_float_columns(frame)
    totals: dict[str, Fraction] = {}
    for row, (bet, outcome) in enumerate(outcomes):
        assert frame["bet"].iloc[row] == bet
        assert frame["outcome"].iloc[row] == outcome.name
        probability = fraction(outcome.probability)
        pays = fraction(outcome.pays)
        assert exact_cell(frame, "probability", row) == probability
        assert exact_cell(frame, "pays", row) == pays
        assert exact_cell(frame, "return", row) == pays * probability
        if outcome.combinations is not None:
            assert int(frame["combinations"].iloc[row]) == outcome.combinations
        totals[bet] = totals.get(bet, Fraction(0)) + exact_cell(frame, "probability", row)
    assert totals == dict.fromkeys(result.bets, Fraction(1))


@pytest.mark.parametrize(("name", "shoe"), GAME_SHOES)
def test_the_records_open_with_what_the_result_was_computed_for(name: str, shoe: str) -> None:
    frame = analysed(name, shoe).to_frame()
    assert set(frame["game"]) == {name}
    assert set(frame["rules"]) == {"usual"}
    assert set(frame["shoe"]) == {"infinite" if shoe == "infinite" else "finite"}
    if shoe == "infinite":
        assert "decks" not in frame.columns
        assert "combinations" not in frame.columns  # an infinite shoe has only probabilities
    else:
        assert set(frame["decks"]) == {1 if shoe in ("1 deck", "depleted") else 2}
    if shoe == "depleted":
        assert {tuple(sorted(text.split(","))) for text in frame["removed"]} == {tuple(sorted(REMOVED))}
    if shoe == "1 deck":
        assert "removed" not in frame.columns


@pytest.mark.parametrize(("name", "shoe"), GAME_SHOES)
def test_the_frame_of_bets_holds_each_sheets_figures(name: str, shoe: str) -> None:
    result = analysed(name, shoe)
    frame = result.to_frame(kind="bets")
    assert list(frame["bet"]) == list(result.bets)
    for row, sheet in enumerate(result.bets.values()):
        outcomes = sheet.outcomes
        expected = -sum((fraction(o.pays) * fraction(o.probability) for o in outcomes), Fraction(0))
        assert exact_cell(frame, "house_edge", row) == expected
        won = sum((fraction(o.probability) for o in outcomes if o.pays > 0), Fraction(0))
        assert exact_cell(frame, "hit_frequency", row) == won
        assert int(frame["outcomes"].iloc[row]) == len(outcomes)
    for name_ in frame.columns:
        if name_.endswith(EXACT_SUFFIX) and not name_.startswith("house_edge_excluding"):
            assert frame[name_].notna().all()


@pytest.mark.parametrize("name", [game.name for game in CATALOGUE])
def test_frames_of_two_numbers_of_decks_concatenate(name: str) -> None:
    game = game_named(name)
    more = game.default_decks if game.default_decks > 1 else 2
    one, other = analysed_on(name, 1).to_frame(), analysed_on(name, more).to_frame()
    both = pd.concat([one, other], ignore_index=True)
    assert len(both) == len(one) + len(other)
    assert str(both["decks"].dtype) == "Int64"
    assert list(both["decks"]) == [1] * len(one) + [more] * len(other)
    check_float_columns(both)


def test_red_dog_one_deck_is_the_published_house_edge() -> None:
    result = analysed("reddog", "1 deck")
    bets = result.to_frame(kind="bets")
    assert list(bets["house_edge_exact"]) == ["523/16575"]
    outcomes = result.to_frame()
    returns = sum((exact_cell(outcomes, "return", row) for row in range(len(outcomes))), Fraction(0))
    assert -returns == Fraction(523, 16575)
    assert "3.1554%" in repr(result)


def test_baccarat_eight_decks_are_the_published_house_edges() -> None:
    bets = analysed_on("baccarat", 8).to_frame(kind="bets").set_index("bet")
    published = {"banker": "1.06%", "player": "1.24%", "tie": "14.36%"}  # the Wizard of Odds, 8 decks
    for bet, edge in published.items():
        assert percent_text(Rational(str(bets.loc[bet, "house_edge_exact"])), 2) == edge


def test_results_frame_counts_who_won() -> None:
    result = analysed("dragon-tiger", "1 deck")
    frame = result.to_frame(kind="results")
    # one deck: 52 * 51 ordered deals, 4 * 3 ties of each of 13 ranks, the rest split evenly
    assert dict(zip(frame["result"], frame["combinations"], strict=True)) == {
        "dragon_wins": (52 * 51 - 13 * 12) // 2,
        "tiger_wins": (52 * 51 - 13 * 12) // 2,
        "ties": 13 * 12,
    }
    with pytest.raises(OptionError, match="'outcomes', 'bets', 'results'"):
        result.records(kind="hands")


def test_rules_that_differ_are_a_column() -> None:
    game = game_named("dragon-tiger")
    usual = game.analyze(Shoe.standard(8), bets=["tie"])
    eleven = game.analyze(Shoe.standard(8), DragonTigerRules(tie_pays=11), bets=["tie"])
    both = pd.concat([usual.to_frame(), eleven.to_frame()], ignore_index=True)
    assert list(dict.fromkeys(both["rules"])) == ["usual", "tie_pays=11"]
    assert "tie_pays=11" in repr(eleven)
    # 8 decks: the tie comes 1 time in (52 * 8 - 1) / (4 * 8 - 1) = 415/31, paying 11 to 1
    tie = Fraction(31, 415)
    assert exact_cell(eleven.to_frame(kind="bets"), "house_edge", 0) == -(11 * tie - (1 - tie))


def test_effects_of_removal_are_a_mapping_that_shows_itself() -> None:
    game = game_named("dragon-tiger")
    shoe, bets = Shoe.standard(1), ["dragon_big", "dragon_odd"]
    effects = game.effects_of_removal(shoe, bets=bets)
    assert isinstance(effects, EffectsOfRemoval) and isinstance(effects, Mapping)
    assert effects == {name: dict(by_rank) for name, by_rank in effects.items()}
    before = game.analyze(shoe, bets=bets).house_edges()
    frame = effects.to_frame()
    assert len(frame) == 2 * 13
    check_float_columns(frame)
    for row in range(len(frame)):
        rank = Rank.parse(str(frame["rank"].iloc[row]))
        card = next(card for card in FULL_DECK if card.rank is rank)
        after = game.analyze(shoe.without([card]), bets=bets).house_edges()
        bet = str(frame["bet"].iloc[row])
        assert exact_cell(frame, "effect", row) == fraction(after[bet]) - fraction(before[bet])
    assert frame["effect"].abs().min() > 0  # no effect is zero: a sign would show
    assert set(frame["game"]) == {"dragon-tiger"} and set(frame["decks"]) == {1}
    (table,) = effects.display_tables()
    assert table.headers == ("rank removed", *bets) and len(table.rows) == 13
    largest = max((effect for by_rank in effects.values() for effect in by_rank.values()), key=abs)
    check_display(effects, percent_text(largest), "EffectsOfRemoval")


def test_every_caller_of_effects_of_removal_reads_the_mapping() -> None:
    reddog = game_named("reddog")
    effects = reddog.effects_of_removal(Shoe.standard(1))
    weighted = sum((4 * fraction(effect) for effect in effects["reddog"].values()), Fraction(0))
    assert weighted == 0  # the effects of a full deck, each rank weighted by its 4 cards, cancel
    assert [chart.name for chart in reddog.charts()][-1] == "reddog-effects-of-removal"
    assert any(
        table.slug == "effects-of-removal" for table in reddog.tables(reddog.analyze(Shoe.standard(1)))
    )


def test_closed_forms_show_themselves_and_meet_the_analyses() -> None:
    game = game_named("dragon-tiger")
    forms = game.closed_form(bets=["dragon", "tie"])
    one = game.analyze(Shoe.standard(1), bets=["dragon", "tie"]).house_edges()
    limit = game.analyze(Shoe.infinite(), bets=["dragon", "tie"]).house_edges()
    for form in forms:
        check_display(form, percent_text(limit[form.name]), "ClosedForm")
        (record,) = form.records()
        formula = sympy.sympify(record["house_edge_in_d"], locals={"d": DECKS})
        assert formula.subs(DECKS, 1) == one[form.name]
        frame = form.to_frame()
        assert exact_cell(frame, "limit", 0) == fraction(limit[form.name])
        assert len(form.display_tables()[0].rows) == 1


def test_a_pinned_strategy_costs_what_its_rules_say() -> None:
    game = game_named("casino-war")
    shoe = Shoe.standard(6)
    pinned = game.analyze(shoe, CasinoWarRules(on_tie="best"), bets=["main"], strategy="always surrender")
    cost = pinned.strategies["main"]
    war = game.analyze(shoe, CasinoWarRules(on_tie="war"), bets=["main"]).bets["main"].house_edge
    surrender = game.analyze(shoe, CasinoWarRules(on_tie="surrender"), bets=["main"]).bets["main"].house_edge
    (row,) = cost.records()
    assert (row["bet"], row["strategy"], row["states_changed"]) == ("main", "always surrender", 13)
    frame = cost.to_frame()
    assert exact_cell(frame, "cost", 0) == fraction(surrender) - fraction(war)
    # the Wizard of Odds: 2.88% going to war on 6 decks, 3.70% surrendering
    assert (percent_text(war, 2), percent_text(surrender, 2)) == ("2.88%", "3.70%")
    check_display(cost, percent_text(cost.cost), "StrategyCost")
    assert any(table.title == "main strategy cost" for table in pinned.display_tables())


def test_house_edges_of_many_shoes_concatenate() -> None:
    game = game_named("dragon-tiger")
    shoes = [Shoe.standard(1), Shoe.standard(2), Shoe.infinite()]
    many = game.analyze_many(shoes, bets=["dragon", "tie"])
    frame = pd.concat([edges.to_frame() for edges in many], ignore_index=True)
    assert list(frame["decks"].astype(object).where(frame["decks"].notna(), None)) == [1, 1, 2, 2, None, None]
    assert set(frame["game"]) == {"dragon-tiger"} and set(frame["rules"]) == {"usual"}
    for row, (shoe, bet) in enumerate((shoe, bet) for shoe in shoes for bet in ("dragon", "tie")):
        expected = game.analyze(shoe, bets=[bet]).bets[bet].house_edge
        assert exact_cell(frame, "house_edge", row) == fraction(expected)
    check_display(many[0], percent_text(many[0]["dragon"]), "HouseEdges")
    assert (
        isinstance(many[0], HouseEdges)
        and dict(many[0]) == game.analyze(shoes[0], bets=["dragon", "tie"]).house_edges()
    )


def test_displays_never_raise_on_extreme_results() -> None:
    huge = game_named("dragon-tiger").analyze(Shoe.standard(10**12), bets=["tie"])
    check_display(huge, percent_text(huge.bets["tie"].house_edge), "CatalogueResult")
    assert set(huge.to_frame()["decks"]) == {10**12}
    tiny = Rational(1, 10**5000)  # an exact chance of 5,001 digits
    sheet = ParSheet((Outcome("jackpot", Rational(10**6), tiny), Outcome("lose", Rational(-1), 1 - tiny)))
    check_display(sheet, percent_text(sheet.house_edge), "ParSheet")
    assert len(sheet._repr_html_()) < 20_000
    assert list(sheet.to_frame()["outcome"]) == ["jackpot", "lose"]
    empty = HouseEdges((), (), ())
    assert repr(empty) == "<HouseEdges: no bets>" and empty.to_frame().empty


def test_a_par_sheet_alone_is_named_by_its_bet() -> None:
    win, lose = (
        Outcome("win", Rational(1), Rational(18, 37), 18),
        Outcome("lose", Rational(-1), Rational(19, 37), 19),
    )
    sheet = ParSheet((win, lose), bet="red")
    assert repr(sheet) == "<ParSheet: red: house edge 2.7027%, 2 outcomes>"  # 1/37, the single-zero wheel
    assert sheet == ParSheet((win, lose))  # the name does not count in comparisons
    frame = sheet.to_frame()
    assert list(frame.columns[:2]) == ["bet", "outcome"] and list(frame["combinations"]) == [18, 19]
    assert sheet.display_tables()[0].rows[-1][0] == "total"  # the table people read keeps its total
