"""The engine against oracles that share no code with it, and the properties every game keeps.

A toy game defined here, "Double up", exercises what the catalogue games use: a decision made by
expected value per information state, outcomes staked twice, a burned card and deals of two
lengths (padded).  It is checked against a brute force over physical cards
(``tests/oracles/double_up_bruteforce.py``).  Every game of the registry that runs on the engine
is then checked for the identities that hold whatever the shoe: probabilities add up to one,
counts to the total, ``analyze_many`` agrees with ``analyze``, the closed form with fresh shoes,
a solved pay gives back its target, and effects of removal weighted by the shoe add up to zero
(for bets without a decision; with one, re-deciding after a removal only helps the player).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Rational

from cardmath.bets import Decision, RuleBet, Settlement
from cardmath.cards import FULL_DECK, Rank
from cardmath.engine import (
    BURN,
    RANKS_ACE_HIGH,
    CatalogueGame,
    Dealing,
    Dealt,
    Definition,
    HouseEdges,
    Reads,
    Step,
)
from cardmath.engine.protocol import ShoeGame, Verb
from cardmath.engine.publication import read_bet_pay
from cardmath.errors import OptionError, ShoeError
from cardmath.exact import DECKS
from cardmath.games.registry import GAMES
from cardmath.parsheet import Figure
from cardmath.shoe import Shoe
from tests.oracles import double_up_bruteforce as oracle

# --- the toy game -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cards:
    player: Rank
    following: Rank | None  # None in what the player sees when he decides: his own card only
    again: Rank | None


@dataclass(frozen=True)
class DoubleUpRules:
    pays: tuple[tuple[str, str, Rational], ...] = ()


def _cards(dealt: Dealt) -> Cards:
    following = dealt.rank("next") if "next" in dealt else None
    return Cards(dealt.rank("player"), following, dealt.rank("again") if "again" in dealt else None)


def _rule(cards: Cards, choice: str) -> str:
    prefix = "doubled, " if choice == "double" else ""
    assert cards.following is not None
    if cards.following != cards.player:
        return prefix + ("won" if cards.following > cards.player else "lost")
    assert cards.again is not None
    return prefix + ("won again" if cards.again > cards.player else "lost again")


def _state(cards: Cards) -> Hashable:
    return cards.player


def _bets(rules: DoubleUpRules) -> dict[str, RuleBet[Cards]]:
    settlements = []
    for prefix, stake in (("doubled, ", Rational(2)), ("", Rational(1))):
        for name in ("won", "lost", "won again", "lost again"):
            won = name.startswith("won")
            settlements.append(
                Settlement(
                    prefix + name,
                    pay="win" if won else None,
                    times=stake,
                    plus=Rational(0) if won else -stake,
                    staked=stake,
                )
            )
    bet: RuleBet[Cards] = RuleBet.define(
        "double_up",
        _rule,
        {"win": 1},
        settlements=settlements,
        decision=Decision("double", _state, ("stand", "double"), sees=("player",)),
    )
    return {"double_up": bet}


def _ties(dealt: Dealt) -> bool:
    return dealt.rank("player") == dealt.rank("next")


DOUBLE_UP: CatalogueGame[DoubleUpRules, Cards] = CatalogueGame(
    Definition(
        name="double-up",
        title="Double up (a toy of the tests)",
        short_title="Double up",
        summary="",
        description="",
        docs_page="",
        rules_type=DoubleUpRules,
        bets=_bets,
        bet_type=RuleBet,
        default_decks=1,
        dealing=Dealing((Step(("player", "next")), Step((BURN, "again"), when=_ties)), Reads.RANKS),
        deal=_cards,
        longest_deal="a deal can use 4 cards",
        rank_order=RANKS_ACE_HIGH,
    )
)

SMALL_SHOES = (
    "2c,5d,5h,9s,9h,Kc,Ac,Ad",
    "3c,3d,3h,3s,8c,8d,Qh",
    "2c,4c,6c,8c,Tc,Qc,Ac,Kd,Kh",
)


def _ranks(shoe: Shoe) -> list[int]:
    return [int(card.rank) for card in shoe.cards()]


@pytest.mark.parametrize("cards", SMALL_SHOES)
def test_the_decision_burn_and_padding_agree_with_physical_cards(cards: str) -> None:
    shoe = Shoe.standard(1).without([card for card in FULL_DECK if str(card) not in cards.split(",")])
    ranks = _ranks(shoe)
    plan = oracle.best_plan(ranks)
    expected = oracle.tally(ranks, plan)
    result = DOUBLE_UP.analyze(shoe)
    sheet = result.bets["double_up"]
    assert {o.name: o.combinations for o in sheet if o.combinations} == dict(expected)
    assert Fraction(str(sheet.house_edge)) == oracle.edge(ranks, plan)
    chosen = result.decisions["double_up"].chosen()
    assert {int(rank): choice for rank, choice in chosen.items() if isinstance(rank, Rank)} == plan
    # staked twice when doubled: the element of risk divides by the expected total bet
    stake = sum((2 if plan[r] == "double" else 1) for r in ranks) / len(ranks)
    assert float(sheet.element_of_risk) == pytest.approx(float(oracle.edge(ranks, plan)) / stake)


def test_a_fixed_choice_and_a_kept_strategy_card_agree_with_physical_cards() -> None:
    shoe = Shoe.standard(1).without(
        [card for card in FULL_DECK if str(card) not in SMALL_SHOES[0].split(",")]
    )
    ranks = _ranks(shoe)
    plan = DOUBLE_UP.analyze(shoe).decisions["double_up"]
    never = {rank: "stand" for rank in set(ranks)}
    assert Fraction(str(-plan.value_always("stand"))) == oracle.edge(ranks, never)
    always = {rank: "double" for rank in set(ranks)}
    assert Fraction(str(-plan.value_always("double"))) == oracle.edge(ranks, always)
    card = {rank: ("double" if rank >= 9 else "stand") for rank in set(ranks)}
    kept = {Rank(rank): choice for rank, choice in card.items()}
    assert Fraction(str(-plan.value_with(kept))) == oracle.edge(ranks, card)


def test_the_toy_closed_form_and_solved_pay() -> None:
    (form,) = DOUBLE_UP.closed_form()
    for decks in (1, 2, 5):
        assert (
            form.house_edge.subs(DECKS, decks)
            == DOUBLE_UP.analyze(Shoe.standard(decks)).bets["double_up"].house_edge
        )
    assert form.limit == DOUBLE_UP.analyze(Shoe.infinite()).bets["double_up"].house_edge
    shoe = Shoe.standard(1)
    solved = DOUBLE_UP.solve_pay(shoe, None, "double_up:win", "1/50")
    rules = DOUBLE_UP.with_pays(DOUBLE_UP.default_rules, [("double_up", "win", solved.pay)])
    assert DOUBLE_UP.analyze(shoe, rules).bets["double_up"].house_edge == Rational(1, 50)


def test_a_shoe_too_small_for_the_longest_deal_is_refused() -> None:
    three = Shoe.standard(1).without(Shoe.standard(1).cards()[3:])
    with pytest.raises(
        ShoeError, match="a deal can use 4 cards, so the shoe must hold at least 4 cards, not 3"
    ):
        DOUBLE_UP.analyze(three)
    with pytest.raises(ShoeError, match="more than 4 cards"):
        DOUBLE_UP.effects_of_removal(Shoe.standard(1).without(Shoe.standard(1).cards()[4:]))


def test_a_rule_giving_an_unknown_outcome_is_named() -> None:
    broken = RuleBet.define(
        "broken",
        lambda cards, choice: "maybe",
        {"win": 1},
        decision=Decision("d", _state, ("a", "b"), sees=("player",)),
    )
    with pytest.raises(
        OptionError, match="the rule of bet 'broken' gave outcome 'maybe' for player 2, next 2"
    ):
        DOUBLE_UP.analyze(Shoe.standard(1), bets=[broken])


def test_rules_of_another_game_are_a_type_error() -> None:
    with pytest.raises(TypeError, match="analyze\\(\\) parameter rules must be DoubleUpRules, not int"):
        DOUBLE_UP.analyze(Shoe.standard(1), 3)  # type: ignore[arg-type]


# --- every game on the engine ---------------------------------------------------------------------

ENGINE_GAMES = [game for game in GAMES if isinstance(game, CatalogueGame)]


def test_every_deal_and_settle_game_runs_on_the_engine() -> None:
    shoe_games = [game for game in GAMES if isinstance(game, ShoeGame)]
    assert shoe_games == ENGINE_GAMES
    assert {game.name for game in ENGINE_GAMES} >= {"reddog", "baccarat", "dragon-tiger", "casino-war"}


def _depleted(data: st.DataObject, decks: int, most: int) -> Shoe:
    shoe = Shoe.standard(decks)
    gone = data.draw(st.lists(st.sampled_from(FULL_DECK), max_size=most))
    for card in gone:
        if shoe.count(card) > 1:
            shoe = shoe.without([card])
    return shoe


@pytest.mark.parametrize("game", ENGINE_GAMES, ids=lambda game: game.name)
@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(data=st.data())
def test_counts_and_chances_add_up(game: CatalogueGame[object, object], data: st.DataObject) -> None:
    shoe = _depleted(data, data.draw(st.integers(1, 2)), 20)
    bets = game.bet_names[:6]
    result = game.analyze(shoe, bets=list(bets))
    for sheet in result.bets.values():
        assert sheet.probability_total == 1
        assert sheet.total_combinations == result.total_combinations
    if result.results:
        assert sum(result.result_probabilities.values()) == 1
        if result.total_combinations is not None:  # weights (deals of any length) have no count to add
            assert sum(count for count in result.results.values() if count) == result.total_combinations
    limit = [Shoe.infinite()] if None in game.default_points else []  # deals of any length have none
    many = game.analyze_many([shoe, *limit], bets=list(bets))
    assert isinstance(many[0], HouseEdges) and many[0] == result.house_edges()
    if limit:
        assert many[1] == game.analyze(Shoe.infinite(), bets=list(bets)).house_edges()


CLOSED_FORM_GAMES = [game for game in ENGINE_GAMES if Verb.CLOSED_FORM in game.verbs]


@pytest.mark.parametrize("game", CLOSED_FORM_GAMES, ids=lambda game: game.name)
def test_the_closed_form_meets_fresh_shoes_and_the_limit(game: CatalogueGame[object, object]) -> None:
    bets = list(game.bet_names[:3])
    forms = game.closed_form(bets=bets)
    for decks in (1, 3):
        edges = game.analyze_many([Shoe.standard(decks)], bets=bets)[0]
        assert [form.house_edge.subs(DECKS, decks) for form in forms] == [edges[b] for b in bets]
    assert [form.limit for form in forms] == [
        game.analyze_many([Shoe.infinite()], bets=bets)[0][b] for b in bets
    ]


@pytest.mark.parametrize(
    "game", [game for game in ENGINE_GAMES if Verb.CLOSED_FORM not in game.verbs], ids=lambda game: game.name
)
def test_a_game_without_a_closed_form_refuses_it_in_words(game: CatalogueGame[object, object]) -> None:
    with pytest.raises(OptionError, match=f"{game.title} has no closed form in the number of decks"):
        game.closed_form()


@pytest.mark.parametrize("game", ENGINE_GAMES, ids=lambda game: game.name)
def test_effects_of_removal_weighted_by_the_shoe_add_up_to_zero(game: CatalogueGame[object, object]) -> None:
    # Removing a card drawn at random is burning one: the identity holds while no deal needs the
    # shoe's last card. A deal until a card matches can, if its rank is nearly gone: keep three of each.
    endless = None not in game.default_points
    shoe = Shoe.standard(1).without("2c,7d,Kh" if endless else "2c,7d,Kh,Kd")
    if game.default_points == (
        1,
    ):  # a game of one deck: its full deck, whose suits fold (52 removals, 13 alike)
        shoe = Shoe.standard(1)
    bets = list(game.bet_names[:4])
    effects = game.effects_of_removal(shoe, bets=bets)
    counts = {rank: sum(shoe.count(card) for card in FULL_DECK if card.rank is rank) for rank in Rank}
    for bet in game.resolve_bets(bets):
        total = sum(counts[rank] * effect for rank, effect in effects[bet.name].items())
        if bet.decision is None or bet.decision.fixed is not None:
            assert total == 0, (game.name, bet.name)
        else:
            assert total <= 0, (game.name, bet.name)  # re-deciding after a removal only helps the player


@pytest.mark.parametrize("game", ENGINE_GAMES, ids=lambda game: game.name)
def test_a_solved_pay_gives_back_its_target(game: CatalogueGame[object, object]) -> None:
    shoe = Shoe.standard(2)
    bet = game.resolve_bets([game.bet_names[0]])[0]
    pay = next(name for name, value in bet.pays if value > 0)
    solved = game.solve_pay(shoe, None, f"{bet.name}:{pay}", "1/100")
    rules = game.with_pays(game.default_rules, [(bet.name, pay, solved.pay)])
    assert game.analyze(shoe, rules, bets=[bet.name]).bets[bet.name].house_edge == Rational(1, 100)


def test_a_pay_that_would_take_more_than_the_bet_is_refused() -> None:
    game = next(game for game in ENGINE_GAMES if game.name == "dragon-tiger")
    with pytest.raises(OptionError, match="above -1 gives a house edge of 100%"):
        game.solve_pay(Shoe.standard(8), None, "tie:tie", 1)


def test_a_bet_pay_is_read_or_refused_with_the_pays() -> None:
    red = RuleBet.define("red", str, {"red": 1, "black": -1})
    assert read_bet_pay("red:black", {"red": red}.__getitem__, "red:red") == ("red", "black")
    with pytest.raises(OptionError, match="the outcomes of red are 'red', 'black'"):
        read_bet_pay("red", {"red": red}.__getitem__, "red:red")


def test_house_edges_are_built_when_read_and_compare_as_dicts() -> None:
    edges = HouseEdges(("a", "b"), (1, -3), (4, 9))
    assert edges == {"a": Rational(1, 4), "b": Rational(-1, 3)}
    assert list(edges.items()) == [("a", Rational(1, 4)), ("b", Rational(-1, 3))]
    with pytest.raises(KeyError):
        edges["c"]


def test_published_tables_keep_their_order_and_figures() -> None:
    game = next(game for game in ENGINE_GAMES if game.name == "dragon-tiger")
    result = game.analyze(Shoe.standard(1), bets=["tie", "dragon"])
    titles = [table.title for table in game.tables(result)]
    assert titles == [
        "Dragon Tiger results, 1 deck",
        "Dragon Tiger tie bet par sheet, 1 deck",
        "Dragon Tiger dragon bet par sheet, 1 deck",
        "Dragon Tiger bets, 1 deck",
        "Dragon Tiger effects of removal, 1 deck",
    ]
    figures = game.tables(result)[3]
    assert figures.headers == ("bet", *(f.label for f in game.definition.figures if f is not Figure.VARIANCE))
    document = game.document(result)
    assert list(document) == ["tie_pays", "total_combinations", "results", "result_probabilities", "bets"]
    assert list(document["bets"]["tie"]) == [*(f.value for f in game.definition.figures), "outcomes"]
    toy = DOUBLE_UP.tables(DOUBLE_UP.analyze(Shoe.standard(1)))
    assert toy[0].title == "Double up par sheet, 1 deck"  # the game's own bet: no bet name
    assert any(term == "doubled" for term, _ in toy[0].notes)
    assert toy[-1].title == "Double up double_up double strategy, 1 deck"
