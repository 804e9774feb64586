"""What the games share (:mod:`cardmath.games.bet_catalogue` and the helpers of
:mod:`cardmath.games.game`), on a small game of two dice counted by brute force: the first die
against the second, and two side bets."""

from __future__ import annotations

from fractions import Fraction

import pytest
from sympy import Rational

from cardmath.bets import RuleBet, counted_par_sheet
from cardmath.cards import Rank
from cardmath.errors import OptionError
from cardmath.games.bet_catalogue import BET_FIGURES, BetsResult, bets_document, bets_tables, read_bet_outcome
from cardmath.games.game import DECK_POINTS, Axis, DeckGame, RuleOption, ShoeGame, SolvedPay, option_texts
from cardmath.games.registry import GAMES
from cardmath.parsheet import PAR_SHEET_HEADERS, Figure
from cardmath.shoe import Shoe

Dice = tuple[int, int]
DICE: tuple[Dice, ...] = tuple((first, second) for first in range(1, 7) for second in range(1, 7))


def _first(roll: Dice) -> str:
    return "win" if roll[0] > roll[1] else "lose" if roll[0] < roll[1] else "tie"


def _doubles(roll: Dice) -> str:
    return "doubles" if roll[0] == roll[1] else "no doubles"


FIRST = RuleBet.define("first", _first, {"win": "9/10", "lose": -1, "tie": 0})
DOUBLES = RuleBet.define("doubles", _doubles, {"doubles": 4, "no doubles": -1})


def _result() -> BetsResult[None, RuleBet[Dice]]:
    winners = {"first_wins": 0, "second_wins": 0, "ties": 0}
    for roll in DICE:
        winners[{"win": "first_wins", "lose": "second_wins", "tie": "ties"}[_first(roll)]] += 1
    sheets = {}
    for bet in (FIRST, DOUBLES):
        counts = [sum(1 for roll in DICE if bet.rule(roll) == outcome) for outcome in bet.outcomes()]
        sheets[bet.name] = counted_par_sheet(bet, counts, len(DICE), infinite=False)
    return BetsResult(
        Shoe.standard(1),
        None,
        len(DICE),
        dict(winners),
        {name: Rational(count, len(DICE)) for name, count in winners.items()},
        sheets,
        {"first": FIRST, "doubles": DOUBLES},
    )


def test_house_edge_excluding_pushes_counts_only_resolved_rolls() -> None:
    result = _result()
    resolved = [roll for roll in DICE if _first(roll) != "tie"]
    oracle = -sum((Fraction(9, 10) if _first(r) == "win" else Fraction(-1) for r in resolved), Fraction(0))
    assert result.house_edge_excluding_pushes("first") == Rational(
        oracle.numerator, oracle.denominator
    ) / len(resolved)
    assert result.house_edge_excluding_pushes("first") == Rational(1, 20)
    assert result.bets["first"].house_edge == Rational(1, 24)
    assert result.house_edge_excluding_pushes("doubles") == result.bets["doubles"].house_edge


def test_the_document_lists_counts_winners_and_each_bets_figures_in_order() -> None:
    result = _result()
    document = bets_document(result)
    assert list(document) == ["total_combinations", "results", "result_probabilities", "bets"]
    assert document["results"] == {"first_wins": 15, "second_wins": 15, "ties": 6}
    assert list(document["bets"]["doubles"]) == [*(figure.value for figure in BET_FIGURES), "outcomes"]
    assert document["bets"]["doubles"]["house_edge"] == Rational(1, 6)
    assert document["bets"]["doubles"]["outcomes"][0] == {
        "outcome": "doubles",
        "pays": 4,
        "combinations": 6,
        "probability": Rational(1, 6),
        "return": Rational(2, 3),
    }
    chosen = (Figure.HOUSE_EDGE, Figure.HOUSE_EDGE_EXCLUDING_PUSHES)
    assert list(bets_document(result, chosen)["bets"]["first"]) == [
        "house_edge",
        "house_edge_excluding_pushes",
        "outcomes",
    ]


def test_the_tables_come_in_order_with_a_total_row_and_no_variance_column() -> None:
    effects = {"first": {Rank.ACE: Rational(1, 100)}, "doubles": {Rank.ACE: Rational(-1, 100)}}
    results, first, doubles, figures, removal = bets_tables(_result(), "Dice", effects, (Rank.ACE, Rank.TWO))
    assert results.title == "Dice results, 1 deck"
    assert results.rows == (
        ("first wins", 15, Rational(5, 12)),
        ("second wins", 15, Rational(5, 12)),
        ("ties", 6, Rational(1, 6)),
        ("total", 36, 1),
    )
    assert (first.title, first.headers) == ("Dice first bet par sheet, 1 deck", PAR_SHEET_HEADERS)
    assert first.rows[-1] == ("total", None, 36, 1, Rational(-1, 24))
    assert doubles.rows[0] == ("doubles", 4, 6, Rational(1, 6), Rational(2, 3))
    assert figures.headers == ("bet", "house edge", "element of risk", "standard deviation", "hit frequency")
    assert [row[:2] for row in figures.rows] == [("first", Rational(1, 24)), ("doubles", Rational(1, 6))]
    assert removal.headers == ("bet", "A", "2")
    assert removal.rows == (("first", Rational(1, 100), None), ("doubles", Rational(-1, 100), None))
    assert len(bets_tables(_result(), "Dice")) == 4


def test_bet_outcome_text_is_read_or_refused_with_the_outcomes() -> None:
    find = {"first": FIRST}.__getitem__
    assert read_bet_outcome("first:win", find, "first:win") == ("first", "win")
    assert read_bet_outcome("  first :  tie ", find, "first:win") == ("first", "tie")
    with pytest.raises(OptionError, match="needs BET:OUTCOME, such as first:win, not ':win'"):
        read_bet_outcome(":win", find, "first:win")
    with pytest.raises(OptionError, match="the outcomes of first are 'win', 'lose', 'tie'"):
        read_bet_outcome("first:", find, "first:win")
    with pytest.raises(OptionError, match="has no outcome 'draw': choose one of 'win', 'lose', 'tie'"):
        read_bet_outcome("first:draw", find, "first:win")


def test_solved_pay_of_an_outcome_names_the_bet_and_the_outcome() -> None:
    solved = SolvedPay.of_outcome(Rational(5), "doubles", "doubles")
    assert solved == SolvedPay(Rational(5), "doubles: doubles", {"bet": "doubles", "outcome": "doubles"})


def test_option_texts_fill_defaults_and_refuse_unknown_fields() -> None:
    options = (
        RuleOption("--ante", "ante", "1", "A", "the ante"),
        RuleOption("--limit", "limit", "100", "L", "the table limit"),
        RuleOption("--pays", "pays", "2", "P", "the pay"),
    )
    assert option_texts("Dice", options, {"limit": "50"}) == {"ante": "1", "limit": "50", "pays": "2"}
    with pytest.raises(OptionError, match="Dice has no rule 'decks': give ante, limit or pays"):
        option_texts("Dice", options, {"decks": "8"})
    with pytest.raises(OptionError, match=r"Dice has no rule 'decks': give ante$"):
        option_texts("Dice", options[:1], {"decks": "8"})


def test_every_deck_game_publishes_its_own_tables_of_a_fresh_shoe_once() -> None:
    deck_games = [game for game in GAMES if isinstance(game, DeckGame)]
    assert len(deck_games) == 3
    for game in deck_games:
        assert isinstance(game, ShoeGame)
        assert (game.axis, game.default_points, game.command) == (
            Axis.DECKS,
            DECK_POINTS,
            "cardmath.cli.shoe_game",
        )
        assert game.fresh(None) is game.fresh(None)
        fresh = game.analyze(Shoe.infinite(), game.rules(), None)
        tables = game.tables(fresh)
        published = game.publication_tables(None)
        assert published[: len(tables)] == tables
        # then one table of the pay tables and a par sheet per pay table, for a game that has them
        assert len(published) == len(tables) + (1 + len(game.pay_tables) if game.pay_tables else 0)
