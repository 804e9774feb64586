"""Chemin de fer: published figures, independent oracles, and the properties of the solutions.

Published figures reproduced here:

- Kemeny, J. G., and Snell, J. L. (1957), "Game-theoretic solution of baccarat", American
  Mathematical Monthly 64, 465-469; as restated by Ethier and Gámez (2013, see below): under
  model A1 the game is a 2 x 2^88 matrix game with a unique solution, of value
  -679568/53094899 to Player, who draws on 5 with probability 9/11.  Banker's optimal strategy
  follows the casino's tableau except with 6 when Player stood, where he mixes.
- Ethier, S. N., and Gámez, C. (2013), "A game-theoretic analysis of baccara chemin de fer",
  Games 4, 711-737 (arXiv:1305.5468), abstract and section 1: under model B2 (Downton and
  Lockwood, 1975) the game is a 2 x 2^484 matrix game, under model B3 a 2^5 x 2^484 one.
- Ethier, S. N., and Lee, J. (2023), "A game-theoretic analysis of baccara chemin de fer, II",
  Games 14, 63 (arXiv:2308.00118), abstract: with a commission of 100 alpha percent on Banker's
  wins (0 <= alpha <= 1/10) the game is a bimatrix game whose Nash equilibrium under model B2 is,
  with rare exceptions, unique; under model B3 an equilibrium is found without a proof of
  uniqueness.

Not published figures: the exact values and strategies of models B2 and B3 and of the casino game
asserted below are cardmath's own, kept as regression values in
tests/oracles/chemin_de_fer_figures.py, because the two papers' tables could not be consulted (see
that module).  Each is certified from the figures alone by the best-response oracle, so none rests
on the engine's word; but none has yet been compared with the papers' tables.

The oracles in tests/oracles/ share no code with the engine: chemin_de_fer_best_response.py
tabulates the game by its own reading of the rules and checks that neither side gains by
deviating; chemin_de_fer_bruteforce.py deals physical cards one by one.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Rational

from cardmath.cards import FULL_DECK, parse_cards
from cardmath.errors import CardmathError, OptionError, ShoeError
from cardmath.games import baccarat
from cardmath.games.chemin_de_fer import (
    CASINO_COMMISSION,
    GAME,
    CheminDeFerRules,
    Hand,
    Information,
    InformationSet,
    Method,
    Model,
    Play,
    Solution,
    Uniqueness,
    analyze,
    banker_hands,
    draw_effects_of_removal,
    expected_payoffs,
    information_sets,
    player_choices,
    solve_many,
    tableau_draws,
    tableau_strategy,
)
from cardmath.games.chemin_de_fer.additive import AdditiveGame, dominance
from cardmath.games.chemin_de_fer.kernel import solve_by_linear_program
from cardmath.games.chemin_de_fer.linear_program import maximize
from cardmath.games.chemin_de_fer.structure import game_structure
from cardmath.shoe import Shoe
from tests.oracles.chemin_de_fer_best_response import (
    Key,
    Situation,
    Tabulated,
    banker_best_reply,
    banker_gains,
    payoffs,
    player_best_reply,
    tabulate,
)
from tests.oracles.chemin_de_fer_bruteforce import brute_force, one_suit, value
from tests.oracles.chemin_de_fer_figures import CASINO_B2, CASINO_B3, MODEL_B2, MODEL_B3, Figures

TOTALS = CheminDeFerRules(Information.TOTALS)
MODEL_2 = CheminDeFerRules(Information.BANKER_COMPOSITION)
MODEL_3 = CheminDeFerRules(Information.COMPOSITIONS)
CASINO_2 = CheminDeFerRules(Information.BANKER_COMPOSITION, CASINO_COMMISSION)
CASINO_3 = CheminDeFerRules(Information.COMPOSITIONS, CASINO_COMMISSION)


def fraction(value: Rational) -> Fraction:
    return Fraction(int(value.p), int(value.q))


# --------------------------------------------------------------------------- published figures


def test_kemeny_and_snell_model_a1() -> None:
    solution = analyze(Shoe.infinite(), TOTALS)
    assert solution.model is Model.A1
    assert solution.value == Rational(-679568, 53094899)
    assert solution.player == {Hand(5): Rational(9, 11)}
    assert solution.uniqueness is Uniqueness.UNIQUE
    assert solution.method is Method.FOSTER
    assert len(information_sets(Information.TOTALS)) == 88  # the 2 x 2^88 game


def test_kemeny_and_snell_banker_strategy() -> None:
    """Banker draws on 0 to 2; on 3 unless Player's third card is an 8; on 4 against 2 to 7; on 5
    against 4 to 7; on 6 against 6 or 7; never on 7; on 3 to 5 when Player stood; and with 6 when
    Player stood he mixes."""
    strategy = analyze(Shoe.infinite(), TOTALS).banker
    draws_against = {0: range(10), 1: range(10), 2: range(10), 3: (0, 1, 2, 3, 4, 5, 6, 7, 9)}
    draws_against |= {4: range(2, 8), 5: range(4, 8), 6: (6, 7), 7: ()}
    for total in range(8):
        for third in range(10):
            expected = Rational(int(third in draws_against[total]))
            assert strategy[InformationSet(Hand(total), third)] == expected, (total, third)
        stood = strategy[InformationSet(Hand(total), None)]
        if total == 6:
            assert Play.of(stood) is Play.MIX
            # cardmath's probability, not a published one: the oracle certifies it below (A1 case
            # of test_no_side_gains_by_deviating)
            assert stood == Rational(859, 2288)
        else:
            assert stood == (1 if total <= 5 else 0)


def test_model_b2_and_b3_are_the_2_x_2_484_and_2_5_x_2_484_games() -> None:
    assert len(information_sets(Information.BANKER_COMPOSITION)) == 484
    assert len(player_choices(Information.BANKER_COMPOSITION)) == 1
    assert [str(hand) for hand in player_choices(Information.COMPOSITIONS)] == [
        "{0,5}",
        "{1,4}",
        "{2,3}",
        "{6,9}",
        "{7,8}",
    ]
    assert len(banker_hands(Information.COMPOSITIONS)) == 44


# --------------------------------------------------------------------------- regression figures
# Models B2 and B3 and the casino game: cardmath's exact solutions, kept as regression values in
# tests/oracles/chemin_de_fer_figures.py, not published figures (see that module).  The first tests
# certify them with the independent oracle from the figures alone; the next ones check that the
# engine reproduces them and proves what it claims about uniqueness.

REGRESSION = [
    *((f"B2-{d}", d, Information.BANKER_COMPOSITION, Fraction(0), MODEL_B2[d]) for d in sorted(MODEL_B2)),
    *((f"B3-{d}", d, Information.COMPOSITIONS, Fraction(0), MODEL_B3[d]) for d in sorted(MODEL_B3)),
    *(
        (f"B2c-{d}", d, Information.BANKER_COMPOSITION, Fraction(1, 20), CASINO_B2[d])
        for d in sorted(CASINO_B2)
    ),
    *((f"B3c-{d}", d, Information.COMPOSITIONS, Fraction(1, 20), CASINO_B3[d]) for d in sorted(CASINO_B3)),
]


@pytest.mark.parametrize(
    ("decks", "information", "commission", "figures"),
    [case[1:] for case in REGRESSION],
    ids=[case[0] for case in REGRESSION],
)
def test_regression_figures_are_certified_by_the_oracle(
    decks: int, information: Information, commission: Fraction, figures: Figures
) -> None:
    """From the figures alone: Player plays them, Banker replies best set by set and mixes, with
    the probability given, exactly where he is indifferent; then neither side gains by deviating
    and the payoffs are the figures (the value of the game, when there is no commission)."""
    table = oracle_table(value_counts(Shoe.standard(decks)), False, information)
    gains = banker_gains(table, figures.player, commission)
    assert {situation for situation, gain in gains.items() if gain == 0} == set(figures.banker_mixes)
    banker = {
        situation: figures.banker_mixes.get(situation, Fraction(int(gain > 0)))
        for situation, gain in gains.items()
    }
    player_payoff, banker_payoff = payoffs(table, figures.player, banker, commission)
    assert (player_payoff, banker_payoff) == (figures.player_payoff, figures.banker_payoff)
    assert player_best_reply(table, banker, commission) == player_payoff
    assert banker_best_reply(table, figures.player, commission) == banker_payoff
    if not commission:
        assert banker_payoff == -player_payoff


def reproduces(solution: Solution, figures: Figures) -> None:
    """The engine's first equilibrium is the figures': payoffs, Player's strategy, and Banker's
    mixed situations with their probabilities."""
    assert (fraction(solution.value), fraction(solution.banker_payoff)) == (
        figures.player_payoff,
        figures.banker_payoff,
    )
    assert {oracle_key(hand): fraction(q) for hand, q in solution.player.items()} == figures.player
    mixed = {
        (oracle_key(s.hand), s.player_third): fraction(b)
        for s, b in solution.banker.items()
        if Play.of(b) is Play.MIX
    }
    assert mixed == figures.banker_mixes


@pytest.mark.parametrize("decks", sorted(MODEL_B2))
def test_model_b2_unique_solution(decks: int) -> None:
    solution = analyze(Shoe.standard(decks), MODEL_2)
    reproduces(solution, MODEL_B2[decks])
    assert solution.uniqueness is Uniqueness.UNIQUE  # Downton and Lockwood's unique solution
    assert len(solution.equilibria) == 1


@pytest.mark.parametrize("decks", sorted(MODEL_B3))
def test_model_b3_solution_and_its_uniqueness(decks: int) -> None:
    solution = analyze(Shoe.standard(decks), MODEL_3)
    reproduces(solution, MODEL_B3[decks])
    plays = {str(hand): Play.of(q) for hand, q in solution.player.items()}
    assert plays == {
        "{0,5}": Play.DRAW,
        "{1,4}": Play.MIX,
        "{2,3}": Play.STAND,
        "{6,9}": Play.DRAW,
        "{7,8}": Play.DRAW,
    }
    assert solution.uniqueness is Uniqueness.UNIQUE  # proved by the regular kernel


def test_casino_model_b2_has_a_unique_nash_equilibrium_at_five_percent() -> None:
    """Ethier and Lee: under model B2 the Nash equilibrium is, with rare exceptions, unique."""
    solution = analyze(Shoe.standard(6), CASINO_2)
    reproduces(solution, CASINO_B2[6])
    assert solution.uniqueness is Uniqueness.UNIQUE and len(solution.equilibria) == 1
    assert CASINO_2.commission == Rational(1, 20)  # Ethier and Lee's alpha
    # Banker's mix keeps Player indifferent, which the commission does not touch: Player's payoff
    # and Banker's mix are the parlor game's, Player's probability of drawing is not.
    casino, parlor = CASINO_B2[6], MODEL_B2[6]
    assert (casino.player_payoff, casino.banker_mixes) == (parlor.player_payoff, parlor.banker_mixes)
    assert casino.player != parlor.player


def test_casino_model_b3_equilibrium_without_a_proof_of_uniqueness() -> None:
    """Ethier and Lee: under model B3 an equilibrium is found, its uniqueness not proved."""
    solution = analyze(Shoe.standard(6), CASINO_3)
    reproduces(solution, CASINO_B3[6])
    assert solution.uniqueness is Uniqueness.UNPROVED


# --------------------------------------------------------------------------- oracle: best replies


def oracle_key(hand: Hand) -> Key:
    return hand.cards or (hand.total,)


def oracle_strategies(
    solution: Solution, index: int = 0
) -> tuple[dict[Key, Fraction], dict[Situation, Fraction]]:
    equilibrium = solution.equilibria[index]
    player = {oracle_key(hand): fraction(q) for hand, q in equilibrium.player.items()}
    banker = {(oracle_key(s.hand), s.player_third): fraction(b) for s, b in equilibrium.banker.items()}
    return player, banker


@cache
def oracle_table(counts: tuple[int, ...], infinite: bool, information: Information) -> Tabulated:
    return tabulate(
        counts,
        infinite=infinite,
        player_composition=information.player_sees_composition,
        banker_composition=information.banker_sees_composition,
    )


def value_counts(shoe: Shoe) -> tuple[int, ...]:
    counts = [0] * 10
    for card in FULL_DECK:
        counts[value((card.rank.symbol, card.suit.value))] += shoe.count(card)
    return tuple(counts)


def check_equilibrium(shoe: Shoe, rules: CheminDeFerRules) -> None:
    """Neither side gains by deviating from the engine's strategies (every pure strategy of
    Player tried; Banker's best pure reply read set by set), and the payoffs agree."""
    solution = analyze(shoe, rules)
    table = oracle_table(value_counts(shoe), shoe.is_infinite, rules.information)
    assert {(oracle_key(s.hand), s.player_third) for s in solution.sets} == set(table.situations)
    commission = fraction(rules.commission)
    for index in range(len(solution.equilibria)):
        player, banker = oracle_strategies(solution, index)
        player_payoff, banker_payoff = payoffs(table, player, banker, commission)
        equilibrium = solution.equilibria[index]
        assert (player_payoff, banker_payoff) == (
            fraction(equilibrium.player_payoff),
            fraction(equilibrium.banker_payoff),
        )
        assert player_best_reply(table, banker, commission) == player_payoff
        assert banker_best_reply(table, player, commission) == banker_payoff


@pytest.mark.parametrize(
    ("decks", "rules"),
    [
        (None, TOTALS),
        (1, MODEL_2),
        (6, MODEL_2),
        (1, MODEL_3),
        (6, MODEL_3),
        (6, CASINO_2),
        (6, CASINO_3),
        (None, CheminDeFerRules(Information.TOTALS, CASINO_COMMISSION)),
    ],
    ids=lambda item: (
        str(item.information.digit) + ("c" if item.commission else "")
        if isinstance(item, CheminDeFerRules)
        else str(item)
    ),
)
def test_no_side_gains_by_deviating(decks: int | None, rules: CheminDeFerRules) -> None:
    check_equilibrium(Shoe.infinite() if decks is None else Shoe.standard(decks), rules)


def test_no_side_gains_by_deviating_on_a_depleted_shoe() -> None:
    shoe = Shoe.standard(1).without("As,Kd,5c,5h,9s,2d,Qh")
    check_equilibrium(shoe, MODEL_3)
    check_equilibrium(shoe, CASINO_2)


@pytest.mark.slow  # about ten seconds; the fixed depleted shoe above is the quick check
@settings(max_examples=4)
@given(st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=30, unique=True), st.booleans())
def test_equilibria_of_random_depleted_decks(removed: list[Any], casino: bool) -> None:
    shoe = Shoe.standard(1).without(removed)
    check_equilibrium(shoe, CASINO_3 if casino else MODEL_3)


# --------------------------------------------------------------------------- oracle: physical cards


def tableau(banker_cards: tuple[Any, Any], third: int | None) -> bool:
    total = (value(banker_cards[0]) + value(banker_cards[1])) % 10
    return tableau_draws(InformationSet(Hand(total), third))


def random_strategies(
    shoe: Shoe, rules: CheminDeFerRules, seed: int
) -> tuple[dict[Hand, Rational], dict[InformationSet, Rational]]:
    generator = random.Random(seed)
    player = {hand: Rational(generator.randint(0, 1)) for hand in player_choices(rules.information)}
    banker = {
        situation: Rational(generator.randint(0, 1)) for situation in information_sets(rules.information)
    }
    return player, banker


def physical_payoff(
    cards: list[Any],
    rules: CheminDeFerRules,
    player: dict[Hand, Rational],
    banker: dict[InformationSet, Rational],
) -> Fraction:
    composition = rules.information

    def seen(pair: tuple[Any, Any], sees: bool) -> Hand:
        return Hand.of(value(pair[0]), value(pair[1]), composition=sees)

    return brute_force(
        cards,
        lambda pair: bool(player[seen(pair, composition.player_sees_composition)]),
        lambda pair, third: bool(
            banker[InformationSet(seen(pair, composition.banker_sees_composition), third)]
        ),
    )


SMALL_SHOES = {
    "one suit": one_suit("s"),
    "sixteen cards": [(c.rank.symbol, c.suit.value) for c in random.Random(5).sample(FULL_DECK, 16)],
}


@pytest.mark.parametrize("name", sorted(SMALL_SHOES))
@pytest.mark.parametrize("rules", [TOTALS, MODEL_3], ids=["totals", "compositions"])
def test_pure_strategy_payoffs_by_physical_cards(name: str, rules: CheminDeFerRules) -> None:
    cards = SMALL_SHOES[name]
    shoe = Shoe.from_counts(dict.fromkeys(parse_cards(",".join(rank + suit for rank, suit in cards)), 1))
    pairs = [
        (
            {hand: Rational(1) for hand in player_choices(rules.information)},
            tableau_strategy(shoe, rules.information),
        )
    ]
    pairs.append(random_strategies(shoe, rules, seed=len(cards)))
    for player, banker in pairs:
        reachable = {
            situation: banker[situation] for situation in game_structure(shoe, rules.information).sets
        }
        engine = expected_payoffs(shoe, rules, player, reachable)
        assert fraction(engine[0]) == physical_payoff(cards, rules, player, banker)


# --------------------------------------------------------------------------- properties


@pytest.mark.parametrize("decks", [1, 6])
def test_more_information_is_worth_something(decks: int) -> None:
    """Banker seeing his two cards cannot help Player; Player seeing his cannot hurt him."""
    shoe = Shoe.standard(decks)
    one, two, three = (analyze(shoe, rules).value for rules in (TOTALS, MODEL_2, MODEL_3))
    assert two <= one and two <= three


def test_with_replacement_compositions_tell_nothing() -> None:
    values = {analyze(Shoe.infinite(), rules).value for rules in (TOTALS, MODEL_2, MODEL_3)}
    assert values == {Rational(-679568, 53094899)}
    assert analyze(Shoe.infinite(), MODEL_3).uniqueness is Uniqueness.SEVERAL


def test_parlor_payoffs_are_opposite_and_casino_payoffs_are_not() -> None:
    parlor = analyze(Shoe.standard(6), MODEL_2)
    assert parlor.value + parlor.banker_payoff == 0
    casino = analyze(Shoe.standard(6), CASINO_2)
    assert casino.value + casino.banker_payoff < 0


def test_linear_program_agrees_with_foster() -> None:
    for shoe, rules in ((Shoe.standard(6), MODEL_3), (Shoe.standard(1).without("5s,5h,4d"), MODEL_3)):
        game = AdditiveGame.of(game_structure(shoe, rules.information), Fraction(0))
        profile = solve_by_linear_program(game, dominance(game))
        value = game.player_payoff(profile.player, profile.banker) / game.denominator
        assert value == fraction(analyze(shoe, rules).value)


@settings(max_examples=30)
@given(
    st.lists(st.tuples(st.integers(-5, 5), st.integers(-5, 5), st.integers(-6, 12)), min_size=1, max_size=4),
    st.tuples(st.integers(-4, 4), st.integers(-4, 4)),
)
def test_linear_program_against_vertices(
    rows: list[tuple[int, int, int]], objective: tuple[int, int]
) -> None:
    """In a box 0 <= x, y <= 3 with extra constraints, the optimum is at a vertex: try them all."""
    constraints = [(a, b, c) for a, b, c in rows] + [(1, 0, 3), (0, 1, 3), (-1, 0, 0), (0, -1, 0)]
    vertices = []
    for i, (a1, b1, c1) in enumerate(constraints):
        for a2, b2, c2 in constraints[i + 1 :]:
            det = a1 * b2 - a2 * b1
            if det:
                x, y = Fraction(c1 * b2 - c2 * b1, det), Fraction(a1 * c2 - a2 * c1, det)
                if all(a * x + b * y <= c for a, b, c in constraints):
                    vertices.append((x, y))
    body = [[a, b] for a, b, _ in constraints[:-2]]
    bounds = [c for _, _, c in constraints[:-2]]
    if not vertices:
        with pytest.raises(ValueError, match="no feasible point"):
            maximize(list(objective), body, bounds)
        return
    best, point = maximize(list(objective), body, bounds)
    assert best == max(objective[0] * x + objective[1] * y for x, y in vertices)
    assert objective[0] * point[0] + objective[1] * point[1] == best


def test_analyze_many_is_one_at_a_time() -> None:
    shoes = [Shoe.standard(1), Shoe.standard(2).without("7s")]
    assert [s.value for s in solve_many(shoes, MODEL_2)] == [analyze(shoe, MODEL_2).value for shoe in shoes]


def test_effects_of_removal_are_the_solutions_of_the_smaller_shoes() -> None:
    shoe = Shoe.standard(2)
    effects = draw_effects_of_removal(shoe, MODEL_2)
    base = analyze(shoe, MODEL_2).player[Hand(5)]
    assert sorted(effects) == list(range(10))
    assert effects[4][Hand(5)] == analyze(shoe.without("4c"), MODEL_2).player[Hand(5)] - base
    assert effects[0][Hand(5)] == analyze(shoe.without("Kc"), MODEL_2).player[Hand(5)] - base
    with pytest.raises(ShoeError, match="infinite shoe"):
        draw_effects_of_removal(Shoe.infinite(), MODEL_2)


def test_link_to_punto_banco() -> None:
    """Both sides on the tableau is punto banco without a commission: the baccarat engine's
    Player edge; always drawing on 5 costs Player something."""
    for shoe in (Shoe.standard(6), Shoe.infinite()):
        link = analyze(shoe, TOTALS).link
        result = baccarat.analyze(shoe, bets=["player"]).result_probabilities
        assert link.tableau_payoff == result["player_wins"] - result["banker_wins"]
        assert link.fixed_rule_cost > 0
    departures = analyze(Shoe.standard(6), MODEL_3).link.departures
    assert departures and all(d.tableau is not d.optimal_play for d in departures)


def test_pure_strategies_are_checked() -> None:
    shoe = Shoe.infinite()
    with pytest.raises(OptionError, match="no probability of drawing for 5"):
        expected_payoffs(shoe, TOTALS, {}, tableau_strategy(shoe, Information.TOTALS))
    with pytest.raises(OptionError, match="must be a probability from 0 to 1"):
        expected_payoffs(shoe, TOTALS, {Hand(5): 2}, tableau_strategy(shoe, Information.TOTALS))


def test_bad_rules_and_shoes() -> None:
    with pytest.raises(OptionError, match="the commission must be"):
        CheminDeFerRules(commission="1/0")
    with pytest.raises(OptionError, match="the commission must be"):
        CheminDeFerRules(commission="1.5")
    with pytest.raises(OptionError, match="what each side sees"):
        CheminDeFerRules(information="all")
    with pytest.raises(OptionError, match="the model must be one of"):
        Model.read("B4")
    with pytest.raises(ShoeError, match="may use 6 cards"):
        analyze(Shoe.from_counts(dict.fromkeys(parse_cards("As,2s,3s,4s,5s"), 1)))
    assert issubclass(ShoeError, CardmathError)


# --------------------------------------------------------------------------- the GAME object and tables


def test_game_object_and_tables() -> None:
    assert GAME.name == "chemin-de-fer" and GAME.docs_page == "games/chemin_de_fer.md"
    tables = GAME.publication_tables(1)
    titles = [table.title for table in tables]
    assert titles[0] == "Chemin de fer B2, 1 deck: solution"
    assert "Chemin de fer B3 with a 5% commission, 1 deck: solution" in titles
    assert titles[-1] == "Chemin de fer B3, 1 deck: Player's probability of drawing after one card is removed"
    grid = next(t for t in tables if t.title.startswith("Chemin de fer B2, 1 deck: Banker's strategy"))
    assert len(grid.rows) == 44 and len(grid.headers) == 12
    assert {cell for row in grid.rows for cell in row[1:]} >= {"D", "S", "290383/450072"}
    summary = GAME.summary_table([1, None])
    assert summary.rows[0][1:3] == (MODEL_B2[1].player_payoff, MODEL_B2[1].player[(5,)])
    assert summary.rows[1][1:3] == (Rational(-679568, 53094899), Rational(9, 11))


@pytest.mark.slow  # about ten seconds: 25 solutions; the figures it reads are checked above too
def test_charts() -> None:
    draw, value_chart, removal = GAME.charts()
    assert draw.series[0].points[5] == (6.0, float(MODEL_B2[6].player[(5,)]))
    assert value_chart.series[1].limit == pytest.approx(-1.2799120307)
    assert removal.kind == "bar" and len(removal.series[0].points) == 10
