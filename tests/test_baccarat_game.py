"""Baccarat's GAME object and its rules: the protocol, the documents and tables it gives, the
vocabulary as enums, and the edge cases (a shoe where every deal ties, bad rules)."""

from __future__ import annotations

import json

import pytest
from sympy import Rational

from cardmath.cards import FULL_DECK, Rank
from cardmath.engine import CatalogueResult, HouseEdges
from cardmath.engine.protocol import Axis, ClosedForm, ShoeGame, SolvedPay
from cardmath.errors import CardmathError, OptionError
from cardmath.exact import DECKS
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
    analyze_many,
    built_in_bets,
    closed_form,
    effects_of_removal,
    rank_value,
    resolve_bets,
    solve_pay,
)
from cardmath.output import dumps_json
from cardmath.publish import game_tables
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
        ({"raise_by": "cards"}, "Baccarat has no rule 'raise_by': give commission or tie_pays"),
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
    result = GAME.analyze(Shoe.standard(8), GAME.rules(), bets=["banker", "tie"])
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
    result = GAME.analyze(Shoe.standard(2).without("As,Kd"), GAME.rules(), bets=["banker", "perfect_pair"])
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
    forms = GAME.closed_form(GAME.rules(), bets=["tie", "player_pair"])
    assert [(form.name, form.label) for form in forms] == [("tie", "Tie"), ("player_pair", "Player Pair")]
    assert forms[1].limit == Rational(1, 13)
    assert closed_form(bets=["tie", "player_pair"]) == forms
    assert [form.name for form in GAME.closed_form(bets=BUILT_IN_BET_NAMES[:3])] == list(
        BUILT_IN_BET_NAMES[:3]
    )
    solved = GAME.solve_pay(Shoe.standard(8), GAME.rules(), "tie:tie", Rational(0))
    assert solved.pay == Rational(5889024543008, 619306544887)
    assert solved.solved_for == "tie: tie" and solved.document == {"bet": "tie", "outcome": "tie"}
    for which, message in (
        ("tie:win", "bet 'tie' has no outcome 'win': choose one of 'tie', 'no tie'"),
        ("tie", "the outcomes of tie are 'tie', 'no tie'"),
        ("lucky:win", "unknown Baccarat bet 'lucky'"),
        (":win", "needs BET:OUTCOME"),
        # one deck holds no two identical cards: no pay of two perfect pairs changes the edge
        ("perfect_pair:two perfect pairs", "'two perfect pairs' is never paid"),
        # a pay below -1 would take more than the bet
        ("player:win", "no pay of player: win (of|above) -1 (or more )?gives a house edge of 100%"),
    ):
        with pytest.raises(OptionError, match=message):
            GAME.solve_pay(Shoe.standard(1), GAME.rules(), which, 1 if which == "player:win" else Rational(0))


def test_the_result_of_each_verb() -> None:
    eight, nine = Shoe.standard(8), BaccaratRules(tie_pays=Rational(9))
    result = analyze(eight, nine, bets=["tie", "banker"])
    assert isinstance(result, CatalogueResult)
    assert (result.shoe, result.rules, result.decisions) == (eight, nine, {})
    assert list(result.bets) == list(result.definitions) == ["tie", "banker"]
    assert (
        result.definitions["tie"] == built_in_bets(nine)["tie"] and result.definitions["tie"].pay("tie") == 9
    )
    # The published eight-deck counts (Wizard of Odds, baccarat).
    player, banker, ties = 2_230_518_282_592_256, 2_292_252_566_437_888, 475_627_426_473_216
    total = player + banker + ties
    assert result.results == {"player_wins": player, "banker_wins": banker, "ties": ties}
    edges = result.house_edges()
    assert edges == {
        "tie": Rational(player + banker - 9 * ties, total),
        "banker": Rational(20 * player - 19 * banker, 20 * total),
    }
    # the banker bet pushes on a tie: left out, the edge is per bet resolved
    assert result.house_edge_excluding_pushes("banker") == Rational(
        20 * player - 19 * banker, 20 * (player + banker)
    )
    many = analyze_many([eight, Shoe.infinite()], nine, bets=["tie", "banker"])
    assert all(isinstance(row, HouseEdges) for row in many) and many[0] == edges
    assert many[0].fraction("tie") == (player + banker - 9 * ties, total)
    solved = solve_pay(eight, nine, "tie:tie")
    assert isinstance(solved, SolvedPay) and solved.pay == Rational(player + banker, ties)
    effects = effects_of_removal(eight, nine, bets=["tie"])
    assert list(effects) == ["tie"] and list(effects["tie"]) == [
        Rank.ACE,
        *(r for r in Rank if r is not Rank.ACE),
    ]
    (form,) = closed_form(nine, bets=["tie"])
    assert isinstance(form, ClosedForm) and form.house_edge.subs(DECKS, 8) == edges["tie"]
    assert form.limit == many[1]["tie"]


def test_publication_summary_and_charts() -> None:
    titles = [table.title for table in game_tables(GAME, 1)]
    standard = 1 + len(BUILT_IN_BET_NAMES) + 2
    assert (
        titles[0] == "Baccarat results, 1 deck"
        and titles[standard - 1] == "Baccarat effects of removal, 1 deck"
    )
    assert titles[standard] == "Baccarat pay tables, 1 deck"
    seen = len(GAME.definition.seen_tables)  # what an edge sorter sees, last
    assert len(titles) == standard + 1 + len(GAME.pay_tables) + seen
    assert titles[-seen:] == [
        "Baccarat information P1 6789-012345, 1 deck",
        "Baccarat information P1-B1-P2-B2 6789-012345, 1 deck",
        "Baccarat best sorts P1-B1-P2-B2 2 groups, 1 deck",
    ]
    summary = GAME.summary_table([1, 8, None])
    assert summary.title == "Baccarat house edge by number of decks"
    assert summary.headers == ("bet", "1 deck", "8 decks", "infinite decks")
    assert [row[0] for row in summary.rows] == list(BUILT_IN_BET_NAMES)
    banker_row = summary.rows[BUILT_IN_BET_NAMES.index("banker")]
    assert banker_row[2] == analyze(Shoe.standard(8), bets=["banker"]).bets["banker"].house_edge
    house_edge, removal = GAME.charts()
    assert isinstance(house_edge, Chart) and house_edge.name == "baccarat-house-edge" and house_edge.panels
    names = {bet.name: bet.display_name for bet in resolve_bets(None)}
    assert [series.name for series in house_edge.series] == [names[name] for name in BUILT_IN_BET_NAMES[:15]]
    tie = house_edge.series[BUILT_IN_BET_NAMES.index("tie")]
    assert [x for x, _ in tie.points] == list(range(1, 9))
    assert round(tie.points[-1][1], 4) == 14.3596 and tie.limit is not None and round(tie.limit, 4) == 14.117
    assert removal.name == "baccarat-effects-of-removal"
    # each series is a bet's display name and the shoe whose cards are removed
    assert [series.name for series in removal.series] == [
        "Banker (5% commission), 8 decks",
        "Player, 8 decks",
        "Tie, 8 decks",
    ]
    banker = effects_of_removal(Shoe.standard(8), bets=["banker"])["banker"]
    assert [y for _, y in removal.series[0].points] == pytest.approx(
        [100 * float(banker[rank]) for rank in (Rank.ACE, *(r for r in Rank if r is not Rank.ACE))]
    )
    # one rank order, the tables' (ace first), in the chart too
    removal_table = GAME.publication_tables(8)[1 + len(BUILT_IN_BET_NAMES) + 1]
    assert [label for _, label in removal.x_labels] == list(removal_table.headers[1:])
    assert [label for _, label in removal.x_labels] == [Rank.ACE.symbol, *(r.symbol for r in Rank)][:-1]
    assert len(removal.series[0].points) == 13


def test_the_headlines_are_the_published_eight_deck_edges() -> None:
    headlines = GAME.headlines()
    assert [(h.name, h.shoe, h.page, h.what) for h in headlines] == [
        ("Baccarat, Banker (5% commission)", "8 decks", "games/baccarat.md", "house edge"),
        ("Baccarat, Player", "8 decks", "games/baccarat.md", "house edge"),
        ("Baccarat, Tie", "8 decks, paying 8 to 1", "games/baccarat.md", "house edge"),
    ]
    # The published eight-deck house edges (Wizard of Odds, baccarat): 1.0579%, 1.2351%, 14.3596%.
    assert [round(float(h.value) * 100, 4) for h in headlines] == [1.0579, 1.2351, 14.3596]
    edges = analyze(Shoe.standard(8), bets=["banker", "player", "tie"]).house_edges()
    assert [h.value for h in headlines] == list(edges.values())


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
