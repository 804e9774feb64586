"""The results of the capabilities show themselves: what a player sees (information), chemin de fer,
High Card Pool and counting studies.

Each result has a ``repr`` of one line of at most :data:`~cardmath.display.REPR_LIMIT` characters
naming its headline figure, an HTML and a Markdown display that never raise and show that figure,
and a tidy frame: no totals row, no mean written with its error in one cell, every float column a
``float64`` whose ``NAME_exact`` column reads back (:func:`~cardmath.frames.exact_value`) to the
number the result holds in its own fields — a path independent of the tables the display draws.

One figure per area is checked against an oracle worked here or published:

- information: Dragon Tiger on one deck, every ordered pair of cards dealt and settled by hand
  (dragon and tiger lose half on a tie; an ace is low), every sort into two groups tried;
- chemin de fer: model A1's value −679568/53094899 and Player's 9/11 on 5 (J. G. Kemeny and
  J. L. Snell, "Game-theoretic solution of baccarat", American Mathematical Monthly 64 (1957),
  465–469, as S. N. Ethier and C. Gámez, Games 4 (2013), 711–737, restate them);
- High Card Pool: the hands of 1, 2, 3 and 51 cards (and of 2 cards with 49 cards out of play)
  listed one by one and their beaten cards counted;
- studies: the tie's house edge on eight decks, 14.36% (the Wizard of Odds, "Baccarat", the
  house edge of the tie paying 8 to 1), and the mean win per shoe with its standard error worked
  shoe by shoe with :mod:`statistics`.
"""

from __future__ import annotations

import itertools
import json
import math
import statistics
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from sympy import Rational

from cardmath.cards import FULL_DECK, Card
from cardmath.cli.information import informed_games
from cardmath.display import REPR_LIMIT, Displayed
from cardmath.frames import column_name, exact_value
from cardmath.games.chemin_de_fer import CASINO_COMMISSION, CheminDeFerRules, Hand, analyze
from cardmath.games.dragon_tiger import GAME as DRAGON_TIGER
from cardmath.games.pool import (
    Estimate,
    PoolRules,
    Stakes,
    distribution,
    exact_expectations,
    explain,
    simulate,
)
from cardmath.information import (
    SortResult,
    best_sorts,
    conditional,
    every_grouping,
    pattern_table,
    read_grouping,
)
from cardmath.output import dumps_json
from cardmath.shoe import Shoe
from cardmath.study import SCALE, Study, run_study, tally_shoes, with_bankrolls
from cardmath.study.engine import empty_tally
from cardmath.study.report import StudyFigures
from cardmath.study.results import summarize
from cardmath.text import decimal_text, fraction_text, percent_text

pandas = pytest.importorskip("pandas")

FRAME_TYPES = {"float64", "Int64", "string", "boolean"}


def shown(result: Displayed, headline: str) -> Any:
    """Check a result's displays and frame (see the module's description); the frame."""
    line = repr(result)
    assert "\n" not in line and len(line) <= REPR_LIMIT, line
    assert line.startswith(f"<{type(result).__name__}: ") and line.endswith(">"), line
    assert headline in result.summary(), (headline, result.summary())
    html, markdown = result._repr_html_(), result._repr_markdown_()
    assert headline in html and headline in markdown, headline
    frame = result.to_frame()
    assert len(frame) == len(result.records())
    for column in frame.columns:
        kind = str(frame[column].dtype)
        assert kind in FRAME_TYPES, (column, kind)
        if kind == "string":
            words = frame[column].fillna("")
            assert not words.str.fullmatch(r"(?i)total").any(), column  # no totals row
            assert not words.str.contains("±").any(), column  # a mean and its error in separate columns
        if column.endswith("_exact"):
            number = column.removesuffix("_exact")
            assert str(frame[number].dtype) == "float64", number
            for exact, value in zip(frame[column], frame[number], strict=True):
                if not pandas.isna(exact):
                    assert math.isclose(float(exact_value(exact)), value, rel_tol=1e-12), (column, exact)
    return frame


def exact_column(frame: Any, name: str) -> list[Rational | None]:
    """A column's exact values: read from ``NAME_exact``, or from ``NAME`` when it holds whole numbers."""
    values = frame[f"{name}_exact"] if f"{name}_exact" in frame.columns else frame[name]
    return [None if pandas.isna(value) else exact_value(str(value)) for value in values]


def unsigned(text: str) -> str:
    return text.lstrip("+-")


def exact(value: Fraction) -> Rational:
    return Rational(value.numerator, value.denominator)


# ------------------------------------------------------------------------------------ information


SMALL_SHOE = Shoe.standard(1).without(",".join(rank + suit for rank in "23456789" for suit in "cdhs"))
"""The tens to the aces of one deck: 20 cards, enough for a deal of every game, quick to count."""


@pytest.mark.parametrize("game", informed_games(), ids=lambda game: game.name)
def test_every_informed_game_shows_its_patterns_sorts_and_facts(game: Any) -> None:
    shoe = SMALL_SHOE
    position = game.counter(game.default_rules).known_positions()[0]
    table = pattern_table(game, shoe, [position])
    frame = shown(table, percent_text(table.edge_sitting_out))
    assert len(frame) == len(table.patterns)
    assert list(frame[f"{column_name(position)}_card"]) == [pattern.cards[0] for pattern in table.patterns]
    assert exact_column(frame, "deals") == [pattern.deals for pattern in table.patterns]  # of any size
    assert exact_column(frame, "probability") == [pattern.probability for pattern in table.patterns]
    assert exact_column(frame, "best_value") == [pattern.best_value for pattern in table.patterns]
    for index, bet in enumerate(table.bets):
        expected = [pattern.values[index] for pattern in table.patterns]
        assert exact_column(frame, f"expected_value_{column_name(bet)}") == expected
    first = table.patterns[0]
    one = shown(first, unsigned(percent_text(first.best_value)))
    assert exact_column(one, "probability") == [first.probability]

    categories = game.counter(game.default_rules).known_categories()
    seen = table.patterns[-1].cards[0]  # a card the shoe holds
    grouping = read_grouping(seen, categories)  # that card against the rest
    grouped = pattern_table(game, shoe, [position], grouping=grouping)
    frame = shown(grouped, percent_text(grouped.edge_sitting_out))
    assert frame["grouping"].unique().tolist() == [grouping.describe()]
    sort = SortResult(
        grouping,
        grouped.edge_sitting_out,
        grouped.edge_every_hand,
        game.name,
        game.short_title,
        shoe.describe(),
        (position,),
        1,
    )
    frame = shown(sort, percent_text(sort.edge_sitting_out))
    assert exact_column(frame, "edge_sitting_out") == [grouped.edge_sitting_out]
    assert exact_column(frame, "edge_every_hand") == [grouped.edge_every_hand]

    given = conditional(game, shoe, {position: frozenset({categories.index(seen)})})
    best = max(given.sheets, key=given.expected_value)
    frame = shown(given, unsigned(percent_text(given.expected_value(best))))
    outcomes = [(bet, o.name, o.probability) for bet, sheet in given.sheets.items() for o in sheet.outcomes]
    assert (
        list(zip(frame["bet"], frame["outcome"], exact_column(frame, "probability"), strict=True)) == outcomes
    )
    assert set(exact_column(frame, "facts_probability")) == {given.probability}


@pytest.mark.parametrize(
    "shoe",
    [Shoe.infinite(), Shoe.standard(1).without("2c,2d,2h,3c,3d,3h,3s,4c,4d,4h,4s,5c,5d,5h,5s,6c,6d,6h,6s")],
    ids=["infinite", "33 cards"],
)
def test_patterns_show_on_infinite_and_short_shoes(shoe: Shoe) -> None:
    table = pattern_table(DRAGON_TIGER, shoe, ["dragon"], bets=["dragon", "tiger", "tie"])
    frame = shown(table, percent_text(table.edge_sitting_out))
    assert exact_column(frame, "probability") == [pattern.probability for pattern in table.patterns]


def _dragon_tiger_by_hand() -> dict[int, tuple[int, Fraction, Fraction]]:
    """Every ordered (dragon, tiger) pair of one deck settled by hand, by the dragon card's rank
    (an ace 1, a king 13): the deals, and the dragon bet's and the tiger bet's net results summed."""
    ranks = [rank for rank in range(1, 14) for _ in range(4)]
    found: dict[int, tuple[int, Fraction, Fraction]] = {}
    for dragon, tiger in itertools.permutations(range(52), 2):
        high, low = ranks[dragon], ranks[tiger]
        if high == low:
            nets = (Fraction(-1, 2), Fraction(-1, 2))  # a tie: both lose half
        else:
            nets = (Fraction(1), Fraction(-1)) if high > low else (Fraction(-1), Fraction(1))
        deals, on_dragon, on_tiger = found.get(high, (0, Fraction(0), Fraction(0)))
        found[high] = (deals + 1, on_dragon + nets[0], on_tiger + nets[1])
    return found


def test_dragon_tiger_patterns_and_best_sort_match_every_deal_counted_by_hand() -> None:
    game = DRAGON_TIGER
    by_rank = _dragon_tiger_by_hand()
    symbols = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}
    table = pattern_table(game, Shoe.standard(1), ["dragon"], bets=["dragon", "tiger"])
    frame = table.to_frame()
    for card, dragon, tiger in zip(
        frame["dragon_card"],
        exact_column(frame, "expected_value_dragon"),
        exact_column(frame, "expected_value_tiger"),
        strict=True,
    ):
        deals, on_dragon, on_tiger = by_rank[symbols[card]]
        assert (dragon, tiger) == (exact(on_dragon) / deals, exact(on_tiger) / deals)
    total = sum(deals for deals, _, _ in by_rank.values())
    sitting = (
        exact(sum((max(bets[1], bets[2], Fraction(0)) for bets in by_rank.values()), Fraction(0))) / total
    )
    assert table.edge_sitting_out == sitting
    assert percent_text(sitting) in repr(table)

    best = Fraction(-1)  # every sort of the ranks into two groups, a group's best bet summed by hand
    for sort in every_grouping(tuple("A23456789TJQK"), 2):  # group index 0 is the ace, rank 1
        edge = Fraction(0)
        for group in sort.groups:
            on_dragon = sum((by_rank[rank + 1][1] for rank in group), Fraction(0))
            on_tiger = sum((by_rank[rank + 1][2] for rank in group), Fraction(0))
            edge += max(on_dragon, on_tiger, Fraction(0))
        best = max(best, edge / total)
    found = best_sorts(game, Shoe.standard(1), ["dragon"], ["dragon", "tiger"], top=2)
    assert [result.rank for result in found] == [1, 2]
    frame = shown(found[0], percent_text(exact(best)))
    assert exact_column(frame, "edge_sitting_out") == [exact(best)]


# ---------------------------------------------------------------------------------- chemin de fer


def test_the_default_solution_shows_its_value_and_both_strategies() -> None:
    solution = analyze(Shoe.standard(6))  # model B3, the parlor game
    frame = shown(solution, percent_text(solution.value))
    figures = frame[frame["table"] == "figures"]
    values = dict(zip(figures["figure"], exact_column(figures, "value"), strict=True))
    assert values["value of the game to Player"] == solution.value
    assert values["Banker's expected payoff"] == solution.banker_payoff
    assert values["what always drawing on 5 costs Player"] == solution.link.fixed_rule_cost
    strategies = frame[frame["table"] == "strategies"]
    found = dict(
        zip(
            zip(strategies["side"], strategies["hand"], strategies["player_action"].fillna(""), strict=True),
            exact_column(strategies, "probability_of_drawing"),
            strict=True,
        )
    )
    expected = {("Player", str(hand), ""): q for hand, q in solution.player.items()}
    expected |= {("Banker", str(s.hand), s.action): b for s, b in solution.banker.items()}
    assert found == expected
    assert len(strategies) == len(solution.choices) + len(solution.sets)

    equilibrium = solution.equilibria[0]
    frame = shown(equilibrium, unsigned(percent_text(equilibrium.player_payoff)))
    assert exact_column(frame[frame["table"] == "payoffs"], "value") == [
        equilibrium.player_payoff,
        equilibrium.banker_payoff,
    ]
    link = solution.link
    frame = shown(link, percent_text(link.fixed_rule_cost))
    assert len(frame[frame["table"] == "departures"]) == len(link.departures)
    for departure in link.departures:
        frame = shown(departure, decimal_text(departure.optimal))
        assert exact_column(frame, "probability_of_drawing") == [departure.optimal]


def test_the_casino_game_shows_both_payoffs() -> None:
    solution = analyze(Shoe.standard(6), CheminDeFerRules("banker composition", CASINO_COMMISSION))
    frame = shown(solution, percent_text(solution.banker_payoff))
    assert set(exact_column(frame, "commission")) == {CASINO_COMMISSION}
    assert "Player's expected payoff" in solution.summary()


def test_model_a1_frame_holds_kemeny_and_snells_value_and_mix() -> None:
    solution = analyze(Shoe.infinite(), CheminDeFerRules(information="totals"))
    frame = shown(solution, "-1.2799%")  # -679568/53094899 = -0.0127991...
    figures = frame[frame["figure"] == "value of the game to Player"]
    assert exact_column(figures, "value") == [Rational(-679568, 53094899)]
    player = frame[frame["side"] == "Player"]
    assert list(player["hand"]) == [str(Hand(5))]
    assert exact_column(player, "probability_of_drawing") == [Rational(9, 11)]


# ----------------------------------------------------------------------------------- High Card Pool


def _beaten_by_hand(size: int, out: Sequence[Card] = ()) -> dict[int, int]:
    """Every hand of ``size`` cards, listed one by one, by the unseen cards it beats."""
    gone = set(out)
    pack = [card for card in FULL_DECK if card not in gone]
    counts: dict[int, int] = {}
    for hand in itertools.combinations(pack, size):
        held = set(hand)
        beaten = sum(
            1
            for card in pack
            if card not in held and any(h.suit == card.suit and h.rank > card.rank for h in hand)
        )
        counts[beaten] = counts.get(beaten, 0) + 1
    return counts


@pytest.mark.parametrize(
    ("size", "out"),
    [(1, ()), (2, ()), (3, ()), (51, ()), (2, FULL_DECK[:49])],
    ids=["1", "2", "3", "51", "2 of 3"],
)
def test_hand_size_distributions_show_every_hand_counted_by_hand(size: int, out: tuple[Card, ...]) -> None:
    table = distribution(size, out)
    frame = shown(table, fraction_text(table.win_probability))
    counted = _beaten_by_hand(size, out)
    assert dict(zip(frame["beaten"], frame["hands"], strict=True)) == counted
    hands = sum(counted.values())
    assert exact_column(frame, "probability") == [Rational(counted[k], hands) for k in frame["beaten"]]
    assert exact_column(frame, "win_probability_of_the_hand") == [
        Rational(k, table.unseen) for k in frame["beaten"]
    ]
    unseen = 52 - len(out) - size
    chance = Rational(sum(k * n for k, n in counted.items()), hands * unseen)
    assert table.win_probability == chance


def test_a_hand_and_its_bets_show_their_chance_and_gains() -> None:
    chance = explain("As,Kh,Qd,Jc,2s", seen="Ks,3c")
    frame = shown(chance, fraction_text(chance.win_probability))
    # by hand: As beats the spades below it less 2s (held) and Ks (seen), 10; Kh 11; Qd 10; Jc 9
    # less 3c (seen), 8: 39 of 52 - 5 - 2 = 45
    assert exact_column(frame, "win_probability") == [Rational(39, 45)]
    for stakes in (Stakes.pool_game(8, 1), Stakes.banking_game(20)):
        bet = stakes.best_bet(chance.win_probability)
        frame = shown(bet, fraction_text(bet.expected_gain))
        assert exact_column(frame, "expected_gain") == [(2 * Rational(39, 45) - 1) * stakes.amount]
        kelly = stakes.kelly_bet(chance.win_probability, 40)
        frame = shown(kelly, fraction_text(kelly.expected_gain))
        assert exact_column(frame, "fraction") == [kelly.amount / 40]
    fold = Stakes.pool_game(8, 1).best_bet(0)
    assert exact_column(shown(fold, "fold"), "expected_gain") == [-1]


@pytest.mark.parametrize(
    "rules",
    [
        PoolRules(players=4, pool_limit=0),
        PoolRules(players=3, banking=True, bank=20),
        PoolRules(players=3, bankroll=3),
    ],
    ids=["pool limit 0", "banking", "bankrolls"],
)
@pytest.mark.parametrize("rounds", [1, 40])
def test_simulations_show_each_mean_beside_its_standard_error(rules: PoolRules, rounds: int) -> None:
    result = simulate(rules, rounds=rounds, seed=3)
    headline = result.banker if result.banker is not None else result.first_turn
    mean = "n/a" if headline.mean is None else f"{headline.mean:.4f}"
    frame = shown(result, mean)
    seats = frame[frame["table"] == "seats"]
    assert exact_column(seats, "mean_gain") == [seat.gain.exact_mean for seat in result.seats]
    for error, seat in zip(seats["standard_error"], result.seats, strict=True):
        assert (pandas.isna(error) and seat.gain.standard_error is None) or error == seat.gain.standard_error
    turns = frame[frame["table"] == "turns"]
    expected = list(exact_expectations(result).values())
    if expected:
        assert exact_column(turns, "exact_expected_gain")[: len(expected)] == expected
    for seat in result.seats:
        shown(seat, f"seat {seat.seat}")


def test_an_estimates_standard_error_is_its_own_column() -> None:
    gains = [1, 3, -2, 4]
    estimate = Estimate(len(gains), sum(gains), sum(g * g for g in gains))
    frame = shown(estimate, f"{statistics.mean(gains):.4f}")
    assert exact_column(frame, "mean") == [Rational(6, 4)]
    assert math.isclose(frame["standard_error"][0], statistics.stdev(gains) / math.sqrt(len(gains)))
    shown(Estimate(0, 0, 0), "n/a")


# -------------------------------------------------------------------------------------------- study


@pytest.fixture(scope="module")
def team_figures() -> StudyFigures:
    study = Study.define(["dragon_7", "panda_8"], team=True, shoes=3, seed=2)
    figures = run_study(study, workers=1)
    assert isinstance(figures, StudyFigures)
    return figures


def test_study_figures_stay_a_dictionary_and_show_their_headline(team_figures: StudyFigures) -> None:
    figures = team_figures
    assert isinstance(figures, dict)
    assert dumps_json(figures) == dumps_json(dict(figures))
    assert json.loads(json.dumps(figures, default=str))["shoes_done"] == 3
    counted = next(name for name, entry in figures["strategies"].items() if "efficiency" in entry)
    win = figures["strategies"][counted]["win_per_shoe"]
    frame = shown(figures, f"{win['mean']:.4f} ± {win['se']:.4f}")
    assert counted in figures.summary()
    for part, key in (("strategy", "strategies"), ("team", "teams")):
        for name, entry in figures[key].items():
            rows = frame[(frame["part"] == part) & (frame["name"] == name)]
            by_figure = dict(
                zip(rows["figure"], zip(rows["value"], rows["standard_error"], strict=True), strict=True)
            )
            for figure, value in entry.items():
                if isinstance(value, dict) and "mean" in value:
                    found_mean, found_error = by_figure[figure]
                    for found, held in ((found_mean, value["mean"]), (found_error, value["se"])):
                        assert (pandas.isna(found) and held is None) or found == held, (name, figure)
    bets = frame[(frame["part"] == "bet") & (frame["figure"] == "full_shoe_house_edge")]
    assert exact_column(bets, "value") == [
        figures["bets"][bet]["full_shoe_house_edge"] for bet in bets["name"]
    ]
    levels = frame[frame["part"] == "count level"]
    assert set(levels["count"].dropna()) == {
        int(level) for by_level in figures["edge_by_count"].values() for level in by_level
    }
    wider = with_bankrolls(figures, [50])
    assert isinstance(wider, StudyFigures)
    assert "risk_of_ruin_50" in set(shown(wider, f"{win['mean']:.4f}")["figure"])


def test_a_study_of_the_tie_matches_the_published_edge_and_a_shoe_by_shoe_mean() -> None:
    study = Study.define(["tie"], shoes=3, seed=1)
    figures = run_study(study, workers=1)
    frame = shown(figures, "tie perfect play")
    edge = exact_column(frame[frame["figure"] == "full_shoe_house_edge"], "value")
    assert len(edge) == 1 and edge[0] is not None
    assert abs(float(edge[0]) - 0.1436) < 5e-5  # the Wizard of Odds: 14.36%
    wins = [
        tally_shoes(study, shoe, shoe + 1)["strategies"]["tie perfect play"]["win"] / SCALE
        for shoe in range(study.shoes)
    ]
    row = frame[(frame["name"] == "tie perfect play") & (frame["figure"] == "win_per_shoe")]
    assert math.isclose(row["value"].iloc[0], statistics.mean(wins), rel_tol=1e-9, abs_tol=1e-12)
    error = statistics.stdev(wins) / math.sqrt(len(wins))
    assert math.isclose(row["standard_error"].iloc[0], error, rel_tol=1e-9, abs_tol=1e-12)


def test_empty_and_foreign_figures_still_show() -> None:
    study = Study.define(["tie"], shoes=2, seed=1)
    none_dealt = summarize(study, empty_tally(study))
    shown(none_dealt, "n/a")
    assert none_dealt.records()
    foreign = StudyFigures({"game": "baccarat"})
    assert foreign.display_tables() == ()
    assert "no strategy" in repr(foreign)
    assert "<table" not in foreign._repr_html_()
