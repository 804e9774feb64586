"""Baccarat's GAME object and its rules: the protocol, the documents and tables it gives, the
vocabulary as enums, and the edge cases (a shoe where every deal ties, bad rules)."""

from __future__ import annotations

import json

import pytest
from sympy import Rational

from cardmath.cards import FULL_DECK, Rank
from cardmath.errors import CardmathError, OptionError
from cardmath.games.baccarat import (
    BUILT_IN_BET_NAMES,
    GAME,
    RANK_VALUES,
    BaccaratRules,
    Deal,
    FirstTwo,
    Reads,
    Side,
    Winner,
    analyze,
    built_in_bets,
    rank_value,
    resolve_bets,
)
from cardmath.games.game import Axis, ShoeGame
from cardmath.output import dumps_json
from cardmath.shoe import Shoe
from cardmath.table import Chart

TENS_ONLY = Shoe.standard(1).without(
    [card for card in FULL_DECK if card.rank < Rank.TEN or card.rank is Rank.ACE]
)
"""One deck less every ace to nine: sixteen cards worth 0, so every deal is a 0-0 tie."""


def test_the_game_object_satisfies_the_protocol() -> None:
    assert isinstance(GAME, ShoeGame)
    assert (GAME.name, GAME.title, GAME.short_title) == ("baccarat", "Baccarat (punto banco)", "Baccarat")
    assert GAME.docs_page == "games/baccarat.md" and GAME.axis is Axis.DECKS
    assert GAME.default_points == (1, 2, 3, 4, 5, 6, 7, 8, None) and GAME.default_decks == 8
    assert GAME.command == "cardmath.cli.shoe_game"
    assert [(o.flag, o.field, o.default, o.metavar) for o in GAME.options] == [
        ("--commission", "commission", "5", "PCT"),
        ("--tie-pays", "tie_pays", "8", "N"),
    ]
    assert (
        GAME.bet_names == BUILT_IN_BET_NAMES and len(BUILT_IN_BET_NAMES) == 15 + 23
    )  # the fifteen standard bets, then the side bets
    assert GAME.solve_pay_metavar == "BET:OUTCOME"


def test_rules_from_option_texts() -> None:
    rules = GAME.rules(commission="4", tie_pays="9")
    assert rules == BaccaratRules(commission=Rational(1, 25), tie_pays=9)
    assert GAME.rules() == BaccaratRules()
    assert GAME.rules_document(rules) == {"commission": Rational(1, 25), "tie_pays": 9}
    for texts, message in (
        ({"commission": "101"}, "commission must be a percentage from 0 to 100"),
        ({"tie_pays": "1/0"}, "tie pay must be a number more than 0"),
        ({"tie_pays": "many"}, "tie pay must be a number more than 0"),
        ({"raise_by": "cards"}, "baccarat has no rule 'raise_by'"),
    ):
        with pytest.raises(OptionError, match=message):
            GAME.rules(**texts)


def test_the_rules_constructor_refuses_a_tie_pay_of_one_over_zero() -> None:
    with pytest.raises(CardmathError, match="tie pay"):
        analyze(Shoe.standard(8), BaccaratRules(tie_pays="1/0"))
    with pytest.raises(CardmathError, match="commission"):
        BaccaratRules(commission="-0.01")
    assert BaccaratRules(commission="0.05", tie_pays="8") == BaccaratRules()


def test_the_document_keeps_the_command_s_keys_in_order() -> None:
    result = GAME.analyze(Shoe.standard(8), GAME.rules(), ["banker", "tie"])
    document = GAME.document(result)
    assert list(document) == [
        "commission",
        "tie_pays",
        "total_combinations",
        "results",
        "result_probabilities",
        "bets",
    ]
    assert document["commission"] == Rational(1, 20) and document["tie_pays"] == 8
    assert list(document["bets"]) == ["banker", "tie"]
    assert list(document["bets"]["tie"]) == [
        "house_edge",
        "house_edge_excluding_pushes",
        "element_of_risk",
        "variance",
        "standard_deviation",
        "hit_frequency",
        "outcomes",
    ]
    assert document["results"]["ties"] == 475_627_426_473_216


def test_a_shoe_where_every_deal_ties_has_no_edge_excluding_pushes() -> None:
    assert TENS_ONLY.size == 16
    result = analyze(TENS_ONLY)
    assert result.results == {"player_wins": 0, "banker_wins": 0, "ties": result.total_combinations}
    for name in ("player", "banker", "banker_no_commission", "ez_banker"):
        assert result.bets[name].house_edge == 0
        assert result.house_edge_excluding_pushes(name) is None  # undefined: no bet resolves
    assert result.house_edge_excluding_pushes("tie") == -8  # every tie bet wins 8 to 1
    document = GAME.document(result)
    assert document["bets"]["banker"]["house_edge_excluding_pushes"] is None
    data = json.loads(dumps_json({"game": "baccarat", **document}))
    assert data["bets"]["banker"]["house_edge_excluding_pushes"] is None
    bets_table = next(t for t in GAME.tables(result) if t.title.startswith("Baccarat bets"))
    assert bets_table.rows[1][:3] == ("banker", 0, None)


def test_tables_are_today_s_text_output() -> None:
    result = GAME.analyze(Shoe.standard(2).without("As,Kd"), GAME.rules(), ["banker", "perfect_pair"])
    titles = [table.title for table in GAME.tables(result)]
    assert titles == [
        "Baccarat results, 102 cards",
        "Baccarat banker bet par sheet, 102 cards",
        "Baccarat perfect_pair bet par sheet, 102 cards",
        "Baccarat bets, 102 cards",
        "Baccarat effects of removal, 102 cards",
    ]
    removal = GAME.tables(result)[-1]
    assert removal.headers[:3] == ("bet", "A", "2") and [row[0] for row in removal.rows] == [
        "banker",
        "perfect_pair",
    ]


def test_closed_form_and_solve_pay_through_the_game() -> None:
    forms = GAME.closed_form(GAME.rules(), ["tie", "player_pair"])
    assert [(form.name, form.label) for form in forms] == [("tie", "tie"), ("player_pair", "player_pair")]
    assert forms[1].limit == Rational(1, 13)
    solved = GAME.solve_pay(Shoe.standard(8), GAME.rules(), "tie:tie", Rational(0))
    assert solved.pay == Rational(5889024543008, 619306544887)
    assert solved.solved_for == "tie: tie" and solved.document == {"bet": "tie", "outcome": "tie"}
    for which, message in (
        ("tie:win", "bet 'tie' has no outcome 'win': choose one of 'tie', 'no tie'"),
        ("tie", "the outcomes of tie are 'tie', 'no tie'"),
        ("lucky:win", "unknown baccarat bet 'lucky'"),
        (":win", "needs BET:OUTCOME"),
        ("perfect_pair:two perfect pairs", "never happens"),
    ):
        with pytest.raises(OptionError, match=message):
            GAME.solve_pay(Shoe.standard(1), GAME.rules(), which, Rational(0))


def test_publication_summary_and_charts() -> None:
    titles = [table.title for table in GAME.publication_tables(1)]
    standard = 1 + len(BUILT_IN_BET_NAMES) + 2
    assert (
        titles[0] == "Baccarat results, 1 deck"
        and titles[standard - 1] == "Baccarat effects of removal, 1 deck"
    )
    assert titles[standard] == "Baccarat pay tables, 1 deck"
    assert len(titles) == standard + 1 + len(GAME.pay_tables)
    summary = GAME.summary_table([1, 8, None])
    assert summary.headers == ("shoe", *BUILT_IN_BET_NAMES)
    assert [row[0] for row in summary.rows] == ["1 deck", "8 decks", "infinite decks"]
    assert summary.rows[1][2] == analyze(Shoe.standard(8), bets=["banker"]).bets["banker"].house_edge
    house_edge, removal = GAME.charts()
    assert isinstance(house_edge, Chart) and house_edge.name == "baccarat-house-edge" and house_edge.panels
    names = {bet.name: bet.display_name for bet in resolve_bets(None)}
    assert [series.name for series in house_edge.series] == [names[name] for name in BUILT_IN_BET_NAMES[:15]]
    tie = house_edge.series[BUILT_IN_BET_NAMES.index("tie")]
    assert [x for x, _ in tie.points] == list(range(1, 9))
    assert round(tie.points[-1][1], 4) == 14.3596 and tie.limit is not None and round(tie.limit, 4) == 14.117
    assert removal.name == "baccarat-effects-of-removal"
    assert [series.name for series in removal.series] == ["Banker (5% commission)", "Player", "Tie"]
    # one rank order, the tables' (ace first), in the chart too
    removal_table = GAME.publication_tables(8)[1 + len(BUILT_IN_BET_NAMES) + 1]
    assert [label for _, label in removal.x_labels] == list(removal_table.headers[1:])
    assert [label for _, label in removal.x_labels] == [Rank.ACE.symbol, *(r.symbol for r in Rank)][:-1]
    assert len(removal.series[0].points) == 13


def test_the_vocabulary_is_enums_that_equal_their_text() -> None:
    deal = Deal(3, 6, 3, 2, 2, None, FirstTwo.PAIR, FirstTwo.UNPAIRED)
    winner: str = deal.winner  # a Winner is its text: users' rules compare it with "banker"
    assert deal.winner is Winner.BANKER and winner == "banker"
    assert deal.player_first_two == "pair" and deal.player_first_two.is_pair
    assert [side.value for side in Side] == ["player", "banker"]
    assert [reads.value for reads in Reads] == ["deal", "first_two", "first_values", "first_cards"]
    assert {bet.name: bet.reads for bet in resolve_bets(["tie", "either_pair"])} == {
        "tie": Reads.DEAL,
        "either_pair": Reads.FIRST_TWO,
    }
    assert built_in_bets()["banker"].rule(deal) == "win"
    # Baccarat keeps its own value of each rank: ace 1, two to nine at face value, tens and pictures 0.
    assert [rank_value(rank) for rank in Rank] == [2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 1] == list(RANK_VALUES)
