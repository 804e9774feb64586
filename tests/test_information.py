"""The information analysis (:mod:`cardmath.information`): what a bet is worth given what is seen of
the deal, each figure against an oracle that shares no code with cardmath.

- Published figures.  Eliot Jacobson, "Edge Sorting in Baccarat" (apheat.net, 18 August 2012, also
  on the 888casino blog): eight decks, the first four cards seen as High {6, 7, 8, 9} or Low {T, A,
  2, 3, 4, 5}, betting player, banker or tie: an average edge of 20.928%; Player HL (either order)
  with Banker LL, 20.502% of hands, is worth 36.332% on the player; with both hands LL (22.824% of
  hands) no bet wins; in two situations (19.075% of hands) only the tie does.  Eliot Jacobson,
  "Edge Sorting in Baccarat, Update #1" (888casino blog): the first card alone sorted that way is
  worth 6.765% (Player on High, Banker on Low), and Fred Roach's exhaustive search found the best
  sort of the four cards, {0, 1, 2, 3} against {4, ..., 9}, worth 30.291%.  The printed edges are
  those of a player who sits out the hands where every bet loses (on 22.824% of hands).
- A brute force over physical cards (``tests/oracles/information_bruteforce.py``) on small shoes:
  baccarat (every ordered six cards), Dragon Tiger (every ordered pair of one and of eight decks),
  Red Dog (every ordered three cards of a deck, the raise decided per pattern and spread or pair)
  and Casino War (every ordered seven cards, war or surrender decided per pattern and tied rank).
- A recursion over values for fresh baccarat shoes (``tests/oracles/information_values.py``): the
  first four values drawn without replacement, then the third cards by the tableau.
- The best sorts against :func:`~cardmath.information.pattern_table` called on every sort, and
  against the value recursion; and every refusal of input that cannot be.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import gcd
from typing import Any

import pytest
from sympy import Rational

from cardmath.cards import Card
from cardmath.errors import CardmathError, KnowledgeError
from cardmath.games.baccarat import GAME as BACCARAT
from cardmath.games.casino_war import GAME as CASINO_WAR
from cardmath.games.dragon_tiger import GAME as DRAGON_TIGER
from cardmath.games.reddog import GAME as RED_DOG
from cardmath.games.registry import GAMES
from cardmath.information import (
    NOT_DEALT,
    Conditional,
    Grouping,
    PatternTable,
    best_sorts,
    conditional,
    every_grouping,
    known_tally,
    pattern_table,
    read_given,
    read_grouping,
)
from cardmath.shoe import Shoe
from tests.oracles import information_values as values_oracle
from tests.oracles.dragon_tiger_bruteforce import BUILT_IN as DRAGON_TIGER_BETS
from tests.oracles.information_bruteforce import (
    ConditionalFigures,
    Coup,
    PatternFigures,
    baccarat_coups,
    casino_war_coups,
    conditional_counts,
    dragon_tiger_coups,
    pattern_figures,
    red_dog_coups,
)

MAIN = ("player", "banker", "tie")
"""Baccarat's three main bets, the ones an edge sorter chooses among."""

VALUES = tuple("0123456789")
"""What a baccarat card is known by: its value."""
RANKS = tuple("23456789TJQKA")
"""What a card of the other games is known by: its rank."""
POSITIONS = ("P1", "B1", "P2", "B2", "P3", "B3", "PT", "BT")
"""Baccarat's cards in deal order, then the two-card totals a squeeze shows."""
CARDS = POSITIONS[:6]
FOUR = ("P1", "B1", "P2", "B2")
EIGHT = Shoe.standard(8)
HIGH_LOW = ("6789", "012345")
"""Jacobson's sort: High against Low."""

BACCARAT_VALUE = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0, **{str(n): n for n in range(2, 10)}}
ACE_LOW = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}
ACE_HIGH = {**ACE_LOW, "A": 14}


def small_shoe(cards: Mapping[str, int]) -> Shoe:
    """A shoe of a few physical cards (a card twice for two copies of it)."""
    return Shoe.from_counts({Card.parse(card): count for card, count in cards.items()})


SMALL_A = small_shoe(dict.fromkeys(("Ac", "4h", "5s", "6c", "7d", "9s", "Td", "Kh"), 1))
"""Eight cards: two 0s, an ace, a 4, 5, 6, 7 and 9."""
SMALL_B = small_shoe({"7c": 2, "7d": 1, "3h": 2, "Qs": 1, "6h": 1, "8s": 1, "2c": 1})
"""Nine cards: three 7s, two 3s, a 0, a 6, an 8 and a 2 (a card twice, as two decks hold it)."""
SMALL_WAR = small_shoe(dict.fromkeys(("2c", "2d", "5h", "5s", "9c", "9d", "Kh", "As", "Ad"), 1))
"""Nine cards with four tied ranks, for Casino War."""

BACCARAT_SHOES = {"A": SMALL_A, "B": SMALL_B}


def frac(value: Rational) -> Fraction:
    """A SymPy rational as a ``Fraction``, exactly."""
    return Fraction(int(value.p), int(value.q))


def sort_of(groups: Sequence[str], categories: Sequence[str]) -> Grouping:
    """The grouping of ``groups`` (the last left to be the rest), checked to name its groups as given."""
    grouping = read_grouping("/".join(groups[:-1]), categories)
    assert grouping.names == tuple(groups)
    return grouping


# --- the oracles, computed once ---------------------------------------------------------------


@functools.cache
def baccarat_oracle(shoe: Shoe) -> list[Coup]:
    return baccarat_coups([BACCARAT_VALUE[card.rank.symbol] for card in shoe.cards()])


@functools.cache
def dragon_tiger_oracle(decks: int) -> list[Coup]:
    cards = [(ACE_LOW[card.rank.symbol], card.suit.value) for card in Shoe.standard(decks).cards()]
    return dragon_tiger_coups(cards, tuple(DRAGON_TIGER_BETS))


@functools.cache
def red_dog_oracle(by_cards: bool) -> list[Coup]:
    return red_dog_coups([ACE_HIGH[card.rank.symbol] for card in Shoe.standard(1).cards()], by_cards=by_cards)


@functools.cache
def casino_war_oracle(on_tie: str) -> list[Coup]:
    return casino_war_coups([ACE_HIGH[card.rank.symbol] for card in SMALL_WAR.cards()], on_tie=on_tie)


@functools.cache
def fresh_first_four(decks: int) -> tuple[values_oracle.FirstFour, int]:
    counts = values_oracle.value_counts(decks)
    return values_oracle.first_four(counts), values_oracle.total_deals(counts)


# --- comparing ----------------------------------------------------------------------------------


def assert_matches(table: PatternTable, oracle: Mapping[tuple[str, ...], PatternFigures]) -> None:
    """Every pattern of the table is the oracle's: its deals, chance, each bet's value and the best
    bet; and so are the edges."""
    assert {pattern.cards for pattern in table.patterns} == set(oracle)
    sitting = every = Fraction(0)
    for pattern in table.patterns:
        want = oracle[pattern.cards]
        assert pattern.deals == want.deals, pattern.cards
        assert frac(pattern.probability) == want.probability, pattern.cards
        got = {bet: frac(value) for bet, value in zip(table.bets, pattern.values, strict=True)}
        assert got == want.values, pattern.cards
        top = max(want.values.values())
        assert pattern.best == next(bet for bet in table.bets if want.values[bet] == top)
        assert frac(pattern.best_value) == top
        assert pattern.sits_out == (top < 0)
        every += want.probability * top
        sitting += want.probability * max(top, Fraction(0))
    assert frac(table.edge_sitting_out) == sitting
    assert frac(table.edge_every_hand) == every
    assert sum(want.probability for want in oracle.values()) == 1


def only_bets(
    oracle: Mapping[tuple[str, ...], PatternFigures], bets: Sequence[str]
) -> dict[tuple[str, ...], PatternFigures]:
    """The oracle's patterns with the values of some bets only."""
    return {
        key: PatternFigures(f.deals, f.probability, {bet: f.values[bet] for bet in bets})
        for key, f in oracle.items()
    }


def assert_uninformed(table: PatternTable, coups: list[Coup]) -> None:
    """Each bet's value to a player who sees nothing, and what the information adds."""
    nothing = seeing_nothing(id(coups), coups)
    uninformed = [nothing.values[bet] for bet in table.bets]
    assert [frac(value) for value in table.uninformed] == uninformed
    assert frac(table.value_every_hand) == frac(table.edge_every_hand) - max(uninformed)
    assert frac(table.value_sitting_out) == frac(table.edge_sitting_out) - max(*uninformed, Fraction(0))


_SEEING_NOTHING: dict[int, PatternFigures] = {}


def seeing_nothing(key: int, coups: list[Coup]) -> PatternFigures:
    """The oracle's figures of every deal as one pattern (kept for each list of coups)."""
    if key not in _SEEING_NOTHING:
        (_SEEING_NOTHING[key],) = pattern_figures(coups, ()).values()
    return _SEEING_NOTHING[key]


def assert_pattern_order(
    table: PatternTable, groups: Sequence[str] | None, categories: Sequence[str]
) -> None:
    """The patterns come in the order of the groups (or cards) at each position, ``none`` last."""
    names = list(groups) if groups is not None else list(categories)

    def rank(cards: tuple[str, ...]) -> tuple[int, ...]:
        return tuple(len(names) if card == NOT_DEALT else names.index(card) for card in cards)

    keys = [pattern.cards for pattern in table.patterns]
    assert keys == sorted(keys, key=rank)


def assert_conditional(result: Conditional, want: ConditionalFigures) -> None:
    """A conditional analysis is the oracle's: the facts' deals and chance, each bet's outcome
    counts, chances and value."""
    assert result.deals == want.deals
    assert frac(result.probability) == Fraction(want.deals, want.total)
    assert set(result.sheets) == set(want.counts)
    for bet, counts in want.counts.items():
        sheet = result.sheets[bet]
        got = {outcome.name: outcome.combinations for outcome in sheet.outcomes if outcome.combinations}
        assert got == {name: count for name, count in counts.items() if count}, bet
        for outcome in sheet.outcomes:
            assert frac(outcome.probability) == Fraction(counts[outcome.name], want.deals), (
                bet,
                outcome.name,
            )
        assert frac(result.expected_value(bet)) == want.values[bet], bet


# --- what each game can know ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "positions", "categories"),
    [
        (BACCARAT, POSITIONS, VALUES),
        (DRAGON_TIGER, ("dragon", "tiger"), RANKS),
        (RED_DOG, ("first", "second", "third"), RANKS),
        (CASINO_WAR, ("player", "dealer", "player war", "dealer war"), RANKS),
    ],
    ids=["baccarat", "dragon-tiger", "reddog", "casino-war"],
)
def test_known_positions_and_categories(
    game: Any, positions: tuple[str, ...], categories: tuple[str, ...]
) -> None:
    counter = game.counter(game.default_rules)
    assert counter.known_positions() == positions
    assert counter.known_categories() == categories


# --- published figures ------------------------------------------------------------------------


def percent(value: Rational, digits: int = 3) -> Fraction:
    """A figure in percent, rounded as printed (exactly, half to even)."""
    return round(frac(value) * 100, digits)


def test_first_card_sort_is_worth_6_765_percent() -> None:
    """Jacobson, "Edge Sorting in Baccarat, Update #1": the first card seen as High or Low, Player
    on High and Banker on Low, 6.765% over the house."""
    table = pattern_table(BACCARAT, EIGHT, ["P1"], grouping=sort_of(HIGH_LOW, VALUES), bets=MAIN)
    assert percent(table.edge_sitting_out) == Fraction("6.765")
    assert [(pattern.cards, pattern.best) for pattern in table.patterns] == [
        (("6789",), "player"),
        (("012345",), "banker"),
    ]
    assert not any(pattern.sits_out for pattern in table.patterns)


def test_four_card_sort_published_figures() -> None:
    """Jacobson, "Edge Sorting in Baccarat" (apheat.net, 2012): the first four cards seen as High
    or Low: 20.928% on average; Player HL or LH with Banker LL on 20.502% of hands, worth 36.332% on
    the player; both hands LL (22.824%) sit out; the only profitable bet is the tie on 19.075%."""
    table = pattern_table(BACCARAT, EIGHT, FOUR, grouping=sort_of(HIGH_LOW, VALUES), bets=MAIN)
    assert len(table.patterns) == 16
    assert percent(table.edge_sitting_out) == Fraction("20.928")
    high, low = HIGH_LOW
    by_cards = {pattern.cards: pattern for pattern in table.patterns}
    best = [by_cards[(high, low, low, low)], by_cards[(low, low, high, low)]]  # (P1, B1, P2, B2)
    assert all(pattern.best == "player" for pattern in best)
    assert all(percent(pattern.best_value) == Fraction("36.332") for pattern in best)
    assert percent(sum((pattern.probability for pattern in best), Rational(0))) == Fraction("20.502")
    assert max(pattern.best_value for pattern in table.patterns) == best[0].best_value
    sitting = [pattern for pattern in table.patterns if pattern.sits_out]
    assert [pattern.cards for pattern in sitting] == [(low, low, low, low)]
    assert percent(sitting[0].probability) == Fraction("22.824")
    tie_only = [pattern for pattern in table.patterns if pattern.best == "tie"]
    assert all(pattern.values[0] < 0 and pattern.values[1] < 0 < pattern.values[2] for pattern in tie_only)
    assert percent(sum((pattern.probability for pattern in tie_only), Rational(0))) == Fraction("19.075")


def test_best_four_card_sort_is_fred_roachs() -> None:
    """Jacobson, "Edge Sorting in Baccarat, Update #1": Fred Roach's search of every sort of the
    four cards found {0, 1, 2, 3} against {4, ..., 9}, worth 30.291%."""
    (best,) = best_sorts(BACCARAT, EIGHT, FOUR, MAIN, top=1)
    assert set(best.grouping.names) == {"0123", "456789"}
    assert percent(best.edge_sitting_out) == Fraction("30.291")


# --- brute force over physical cards ------------------------------------------------------------

BACCARAT_CASES: list[tuple[tuple[str, ...], tuple[str, ...] | None]] = [
    (("P1",), HIGH_LOW),
    (FOUR, HIGH_LOW),
    (("P1", "B1"), None),
    (("P3", "B3"), None),
    (("B1", "P3"), ("0123", "456789")),
    (("P2", "B3"), ("789", "3456", "012")),
    (("PT", "BT"), None),
    (("P1", "BT"), HIGH_LOW),
]


@pytest.mark.parametrize("shoe_name", list(BACCARAT_SHOES))
@pytest.mark.parametrize(("positions", "groups"), BACCARAT_CASES)
def test_baccarat_patterns_against_physical_cards(
    shoe_name: str, positions: tuple[str, ...], groups: tuple[str, ...] | None
) -> None:
    shoe = BACCARAT_SHOES[shoe_name]
    grouping = None if groups is None else sort_of(groups, VALUES)
    table = pattern_table(BACCARAT, shoe, positions, grouping=grouping, bets=MAIN)
    coups = baccarat_oracle(shoe)
    assert table.positions == positions and table.bets == MAIN
    assert_matches(table, pattern_figures(coups, positions, groups))
    assert_uninformed(table, coups)
    assert_pattern_order(table, groups, VALUES)


def test_positions_are_read_in_deal_order() -> None:
    """Positions named out of order (and in any case) are the deal's, in deal order."""
    table = pattern_table(BACCARAT, SMALL_A, ["bt", "P1"], grouping=sort_of(HIGH_LOW, VALUES), bets=MAIN)
    assert table.positions == ("P1", "BT")
    assert_matches(table, pattern_figures(baccarat_oracle(SMALL_A), ("P1", "BT"), HIGH_LOW))


def test_every_position_seen() -> None:
    """All six cards seen (the third cards' ``none`` included), on the nine cards of shoe B."""
    table = pattern_table(BACCARAT, SMALL_B, CARDS, grouping=sort_of(HIGH_LOW, VALUES), bets=MAIN)
    assert_matches(table, pattern_figures(baccarat_oracle(SMALL_B), CARDS, HIGH_LOW))
    assert_pattern_order(table, HIGH_LOW, VALUES)


def test_known_tally_counts_every_padded_deal() -> None:
    tally, bets = known_tally(BACCARAT, SMALL_A, ["P3", "B3"], MAIN)
    size = SMALL_A.size
    assert tally.total == size * (size - 1) * (size - 2) * (size - 3) * (size - 4) * (size - 5)
    assert tally.total == sum(coup.ways for coup in baccarat_oracle(SMALL_A))
    assert int(tally.totals.sum()) == tally.total and [bet.name for bet in bets] == list(MAIN)
    assert tally.categories == VALUES and tally.positions == ("P3", "B3")


BACCARAT_FACTS: list[tuple[str, str, dict[str, set[str]]]] = [
    ("A", "P1=7,B1=K", {"P1": {"7"}, "B1": {"0"}}),
    ("A", "P3=0123,B3=4567", {"P3": {"0", "1", "2", "3"}, "B3": {"4", "5", "6", "7"}}),
    ("A", "P2=9,B3=A", {"P2": {"9"}, "B3": {"1"}}),
    ("A", "PT=5,BT=6789", {"PT": {"5"}, "BT": {"6", "7", "8", "9"}}),
    ("B", "P1=7,B1=7,P2=7,B2=3", {"P1": {"7"}, "B1": {"7"}, "P2": {"7"}, "B2": {"3"}}),
    ("B", "b1=3, p3=Q", {"B1": {"3"}, "P3": {"0"}}),
    ("B", "PT=0,BT=6789", {"PT": {"0"}, "BT": {"6", "7", "8", "9"}}),
]


@pytest.mark.parametrize(("shoe_name", "text", "facts"), BACCARAT_FACTS)
def test_baccarat_conditional_against_physical_cards(
    shoe_name: str, text: str, facts: dict[str, set[str]]
) -> None:
    shoe = BACCARAT_SHOES[shoe_name]
    result = conditional(BACCARAT, shoe, read_given(text, POSITIONS, VALUES), bets=MAIN)
    assert_conditional(result, conditional_counts(baccarat_oracle(shoe), facts))


DRAGON_TIGER_CASES: list[tuple[tuple[str, ...], tuple[str, ...] | None]] = [
    (("dragon",), ("89TJQK", "234567A")),
    (("dragon", "tiger"), None),
    (("tiger",), ("234A", "5678", "9TJQK")),
    (("dragon", "tiger"), ("89TJQK", "234567A")),
]


@pytest.mark.parametrize(("positions", "groups"), DRAGON_TIGER_CASES)
def test_dragon_tiger_patterns_against_physical_cards(
    positions: tuple[str, ...], groups: tuple[str, ...] | None
) -> None:
    grouping = None if groups is None else sort_of(groups, RANKS)
    table = pattern_table(DRAGON_TIGER, Shoe.standard(1), positions, grouping=grouping)
    coups = dragon_tiger_oracle(1)
    assert set(table.bets) == set(DRAGON_TIGER_BETS)
    assert_matches(table, pattern_figures(coups, positions, groups))
    assert_uninformed(table, coups)
    assert_pattern_order(table, groups, RANKS)


def test_dragon_tiger_eight_decks_dragon_card_sorted() -> None:
    """The Dragon's card seen as 8 to K or not (the ace is low): 46.09% betting Dragon or Tiger."""
    groups = ("89TJQK", "234567A")
    table = pattern_table(
        DRAGON_TIGER, EIGHT, ["dragon"], grouping=sort_of(groups, RANKS), bets=["dragon", "tiger"]
    )
    coups = dragon_tiger_oracle(8)
    oracle = pattern_figures(coups, ("dragon",), groups)
    assert_matches(table, only_bets(oracle, table.bets))
    assert round(frac(table.edge_sitting_out), 4) == Fraction("0.4609")
    assert [pattern.best for pattern in table.patterns] == ["dragon", "tiger"]


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("dragon=K", {"dragon": {"K"}}),
        ("dragon=A,tiger=A", {"dragon": {"A"}, "tiger": {"A"}}),
        ("tiger=10JQK", {"tiger": {"T", "J", "Q", "K"}}),
    ],
)
def test_dragon_tiger_conditional_against_physical_cards(text: str, facts: dict[str, set[str]]) -> None:
    result = conditional(DRAGON_TIGER, Shoe.standard(1), read_given(text, ("dragon", "tiger"), RANKS))
    assert_conditional(result, conditional_counts(dragon_tiger_oracle(1), facts))


RED_DOG_CASES: list[tuple[tuple[str, ...], tuple[str, ...] | None]] = [
    (("third",), ("89TJQK", "234567A")),
    (("first", "second"), None),
    (("first",), ("2345", "6789TJQKA")),
    (("second", "third"), ("TJQKA", "23456789")),
    (("third",), None),
]


@pytest.mark.parametrize("raise_by", ["spread", "cards"])
@pytest.mark.parametrize(("positions", "groups"), RED_DOG_CASES)
def test_red_dog_patterns_against_physical_cards(
    raise_by: str, positions: tuple[str, ...], groups: tuple[str, ...] | None
) -> None:
    """The raise is decided for each pattern and each spread (or pair of first ranks), by the
    choice worth most over the pattern's deals of that state."""
    grouping = None if groups is None else sort_of(groups, RANKS)
    rules = RED_DOG.rules(raise_by=raise_by)
    table = pattern_table(RED_DOG, Shoe.standard(1), positions, grouping=grouping, rules=rules)
    coups = red_dog_oracle(raise_by == "cards")
    assert_matches(table, pattern_figures(coups, positions, groups))
    assert_uninformed(table, coups)


@pytest.mark.parametrize(
    ("text", "facts"), [("third=7", {"third": {"7"}}), ("first=2,third=A", {"first": {"2"}, "third": {"A"}})]
)
def test_red_dog_conditional_against_physical_cards(text: str, facts: dict[str, set[str]]) -> None:
    result = conditional(RED_DOG, Shoe.standard(1), read_given(text, ("first", "second", "third"), RANKS))
    assert_conditional(result, conditional_counts(red_dog_oracle(False), facts))


CASINO_WAR_CASES: list[tuple[tuple[str, ...], tuple[str, ...] | None]] = [
    (("player",), None),
    (("player", "dealer"), ("2345678", "9TJQKA")),
    (("player war",), None),
    (("dealer", "dealer war"), ("2345678", "9TJQKA")),
    (("player", "player war"), ("25", "9K", "34678TJQA")),
]


@pytest.mark.parametrize("on_tie", ["war", "best"])
@pytest.mark.parametrize(("positions", "groups"), CASINO_WAR_CASES)
def test_casino_war_patterns_against_physical_cards(
    on_tie: str, positions: tuple[str, ...], groups: tuple[str, ...] | None
) -> None:
    grouping = None if groups is None else sort_of(groups, RANKS)
    rules = CASINO_WAR.rules(on_tie=on_tie)
    table = pattern_table(CASINO_WAR, SMALL_WAR, positions, grouping=grouping, rules=rules)
    coups = casino_war_oracle(on_tie)
    assert_matches(table, pattern_figures(coups, positions, groups))
    assert_uninformed(table, coups)


def test_casino_war_conditional_against_physical_cards() -> None:
    facts = {"player": {"9"}, "dealer": {"9"}}
    given = read_given("player=9,dealer=9", ("player", "dealer", "player war", "dealer war"), RANKS)
    result = conditional(CASINO_WAR, SMALL_WAR, given, rules=CASINO_WAR.rules(on_tie="best"))
    assert_conditional(result, conditional_counts(casino_war_oracle("best"), facts))


# --- fresh shoes by the value recursion ---------------------------------------------------------


def value_oracle(
    decks: int, positions: Sequence[str], groups: Sequence[str] | None
) -> dict[tuple[str, ...], PatternFigures]:
    """The value recursion's patterns, named as the engine names them."""
    table, total = fresh_first_four(decks)
    sets = None if groups is None else [{int(symbol) for symbol in group} for group in groups]
    result = {}
    for key, (player, banker, tie) in values_oracle.grouped(table, positions, sets).items():
        deals = player + banker + tie
        cards = tuple(str(k) if groups is None else groups[k] for k in key)
        result[cards] = PatternFigures(
            deals, Fraction(deals, total), values_oracle.bet_values(player, banker, tie)
        )
    return result


@pytest.mark.parametrize("decks", [1, 8])
@pytest.mark.parametrize(
    ("positions", "groups"),
    [
        (FOUR, HIGH_LOW),
        (("P1",), HIGH_LOW),
        (("P1", "B1"), None),
        (("P1", "BT"), ("0123", "456789")),
        (("PT", "BT"), None),
    ],
)
def test_fresh_shoe_patterns_against_value_recursion(
    decks: int, positions: tuple[str, ...], groups: tuple[str, ...] | None
) -> None:
    grouping = None if groups is None else sort_of(groups, VALUES)
    table = pattern_table(BACCARAT, Shoe.standard(decks), positions, grouping=grouping, bets=MAIN)
    assert_matches(table, value_oracle(decks, positions, groups))
    first_four, total = fresh_first_four(decks)
    (everything,) = values_oracle.grouped(first_four, []).values()
    assert [frac(value) for value in table.uninformed] == list(values_oracle.bet_values(*everything).values())
    assert sum(everything) == total


def test_four_card_edges_every_hand_and_sitting_out() -> None:
    """Eight decks, High/Low: 20.928% sitting out the LL/LL hands, 20.923% betting every hand."""
    table = pattern_table(BACCARAT, EIGHT, FOUR, grouping=sort_of(HIGH_LOW, VALUES), bets=MAIN)
    first_four, total = fresh_first_four(8)
    patterns = values_oracle.grouped(first_four, FOUR, [{6, 7, 8, 9}, set(range(6))]).values()
    sitting, every = values_oracle.best_edges(patterns, total)
    assert (frac(table.edge_sitting_out), frac(table.edge_every_hand)) == (sitting, every)
    assert (percent(table.edge_sitting_out), percent(table.edge_every_hand)) == (
        Fraction("20.928"),
        Fraction("20.923"),
    )


@pytest.mark.parametrize(
    ("decks", "text", "facts"),
    [
        (8, "P1=7,B1=K", {"P1": {7}, "B1": {0}}),
        (1, "P1=7,B1=K", {"P1": {7}, "B1": {0}}),
        (1, "P1=6789,B1=0123", {"P1": {6, 7, 8, 9}, "B1": {0, 1, 2, 3}}),
        (8, "P1=9,B1=9,P2=9,B2=9", {"P1": {9}, "B1": {9}, "P2": {9}, "B2": {9}}),
        (8, "PT=5,BT=3", {"PT": {5}, "BT": {3}}),
        (1, "P1=4,BT=7", {"P1": {4}, "BT": {7}}),
    ],
)
def test_conditional_against_value_recursion(decks: int, text: str, facts: dict[str, set[int]]) -> None:
    result = conditional(BACCARAT, Shoe.standard(decks), read_given(text, POSITIONS, VALUES), bets=MAIN)
    first_four, total = fresh_first_four(decks)
    player = banker = tie = 0
    for values, (wins, losses, ties) in first_four.items():
        if all(values_oracle.READ[position](values) in allowed for position, allowed in facts.items()):
            player, banker, tie = player + wins, banker + losses, tie + ties
    deals = player + banker + tie
    assert result.deals == deals and frac(result.probability) == Fraction(deals, total)
    outcomes = {
        "player": {"win": player, "lose": banker, "tie": tie},
        "banker": {"win": banker, "lose": player, "tie": tie},
        "tie": {"tie": tie, "no tie": player + banker},
    }
    for bet, counts in outcomes.items():
        sheet = result.sheets[bet]
        assert {outcome.name: outcome.combinations for outcome in sheet.outcomes} == counts
        assert [frac(outcome.probability) for outcome in sheet.outcomes] == [
            Fraction(count, deals) for count in counts.values()
        ]
    expected = values_oracle.bet_values(player, banker, tie)
    assert {bet: frac(result.expected_value(bet)) for bet in MAIN} == expected
    assert result.facts == tuple(
        f"{position}={''.join(str(value) for value in sorted(allowed))}"
        for position, allowed in facts.items()
    )


# --- best sorts ---------------------------------------------------------------------------------


def edges_by_names(results: Sequence[Any], *, sit_out: bool = True) -> dict[tuple[str, ...], Fraction]:
    return {r.grouping.names: frac(r.edge_sitting_out if sit_out else r.edge_every_hand) for r in results}


def assert_ranked(results: Sequence[Any], groupings: Sequence[Grouping], *, sit_out: bool = True) -> None:
    """The sorts come best first, equal edges in the order :func:`every_grouping` tries them."""
    tried = {grouping.names: index for index, grouping in enumerate(groupings)}
    edges = edges_by_names(results, sit_out=sit_out)
    assert [r.grouping.names for r in results] == sorted(tried, key=lambda n: (-edges[n], tried[n]))


@pytest.mark.slow
def test_best_sorts_of_the_first_card_against_every_pattern_table() -> None:
    """Every two-group sort of the first card, each by its own pattern table (511 of them)."""
    groupings = list(every_grouping(VALUES, 2))
    results = best_sorts(BACCARAT, EIGHT, ["P1"], MAIN, top=0)
    assert len(results) == len(groupings) == 511
    by_names = {r.grouping.names: r for r in results}
    for grouping in groupings:
        table = pattern_table(BACCARAT, EIGHT, ["P1"], grouping=grouping, bets=MAIN)
        found = by_names[grouping.names]
        assert found.grouping == grouping
        assert (found.edge_sitting_out, found.edge_every_hand) == (
            table.edge_sitting_out,
            table.edge_every_hand,
        )
    assert_ranked(results, groupings)
    assert [r.grouping for r in best_sorts(BACCARAT, EIGHT, ["P1"], MAIN)] == [
        r.grouping for r in results[:10]
    ]


@pytest.mark.parametrize(("positions", "groups"), [(("P1",), 2), (("P1",), 3), (FOUR, 2)])
def test_best_sorts_against_value_recursion(positions: tuple[str, ...], groups: int) -> None:
    """Every sort of two or three groups, its edges by the value recursion; the best of the four
    cards' is Fred Roach's."""
    groupings = list(every_grouping(VALUES, groups))
    first_four, total = fresh_first_four(8)
    array = values_oracle.to_array(first_four, positions)
    oracle = values_oracle.sort_edges(array, total, [grouping.groups for grouping in groupings])
    for sit_out in (True, False) if groups == 2 else (True,):
        results = best_sorts(BACCARAT, EIGHT, positions, MAIN, groups=groups, top=0, sit_out=sit_out)
        assert len(results) == len(groupings)
        assert {r.grouping.names: (frac(r.edge_sitting_out), frac(r.edge_every_hand)) for r in results} == {
            grouping.names: edges for grouping, edges in zip(groupings, oracle, strict=True)
        }
        assert_ranked(results, groupings, sit_out=sit_out)
    if positions == FOUR:
        assert set(best_sorts(BACCARAT, EIGHT, FOUR, MAIN, top=1)[0].grouping.names) == {"0123", "456789"}


def common_units(figures: Mapping[str, Sequence[Fraction]]) -> tuple[dict[str, list[int]], int]:
    """Fractions as whole numbers of one unit: the numerators over a common denominator, and it."""
    unit = 1
    for row in figures.values():
        for value in row:
            unit = unit * value.denominator // gcd(unit, value.denominator)
    return {key: [int(value * unit) for value in row] for key, row in figures.items()}, unit


def group_edges(
    by_card: Mapping[str, Sequence[int]], unit: int, grouping: Grouping
) -> tuple[Fraction, Fraction]:
    """A sort's edges sitting out and playing every hand, from each card's share of each bet's
    value (in ``unit``): each group's best bet is worth the sum of its cards' shares."""
    sitting = every = 0
    for group in grouping.names:
        best = max(sum(column) for column in zip(*(by_card[card] for card in group), strict=True))
        every += best
        sitting += max(best, 0)
    return Fraction(sitting, unit), Fraction(every, unit)


def test_three_group_sorts_against_pattern_tables() -> None:
    """Every three-group sort of the first card from the table of each card seen (summed by
    group), and the best few by their own pattern tables."""
    groupings = list(every_grouping(VALUES, 3))
    results = best_sorts(BACCARAT, EIGHT, ["P1"], MAIN, groups=3, top=0)
    cards = pattern_table(BACCARAT, EIGHT, ["P1"], bets=MAIN)
    shares, unit = common_units(
        {p.cards[0]: [frac(p.probability) * frac(value) for value in p.values] for p in cards.patterns}
    )
    found = {r.grouping.names: (frac(r.edge_sitting_out), frac(r.edge_every_hand)) for r in results}
    for grouping in groupings:
        assert found[grouping.names] == group_edges(shares, unit, grouping), grouping.names
    for best in results[:3]:
        table = pattern_table(BACCARAT, EIGHT, ["P1"], grouping=best.grouping, bets=MAIN)
        assert (best.edge_sitting_out, best.edge_every_hand) == (
            table.edge_sitting_out,
            table.edge_every_hand,
        )


def test_dragon_tiger_best_sorts_against_physical_cards() -> None:
    """Every two-group sort of the Dragon's card (4,095), one deck, its edges from the brute force."""
    bets = ("dragon", "tiger", "tie")
    groupings = list(every_grouping(RANKS, 2))
    by_rank = pattern_figures(dragon_tiger_oracle(1), ("dragon",))
    shares, unit = common_units(
        {
            rank: [figures.probability * figures.values[bet] for bet in bets]
            for (rank,), figures in by_rank.items()
        }
    )
    oracle = {grouping.names: group_edges(shares, unit, grouping) for grouping in groupings}
    for sit_out in (True, False):
        results = best_sorts(DRAGON_TIGER, Shoe.standard(1), ["dragon"], bets, top=0, sit_out=sit_out)
        assert {
            r.grouping.names: (frac(r.edge_sitting_out), frac(r.edge_every_hand)) for r in results
        } == oracle
        assert_ranked(results, groupings, sit_out=sit_out)


# --- refusals -----------------------------------------------------------------------------------

NO_SEVENS = Shoe.standard(1).without("7c,7d,7h,7s")
ONE_SEVEN = Shoe.standard(1).without("7c,7d,7h")


REFUSALS: list[tuple[str, Any, str]] = [
    (
        "a position the game does not have",
        lambda: pattern_table(BACCARAT, EIGHT, ["P4"], bets=MAIN),
        "no position 'P4'",
    ),
    (
        "a Dragon Tiger position in baccarat",
        lambda: pattern_table(BACCARAT, EIGHT, ["dragon"], bets=MAIN),
        "P1, B1, P2, B2, P3, B3",
    ),
    (
        "a position named twice",
        lambda: pattern_table(BACCARAT, EIGHT, ["P1", "p1"], bets=MAIN),
        "named twice",
    ),
    ("no position", lambda: best_sorts(BACCARAT, EIGHT, [], MAIN), "at least one position"),
    ("a group holding every value", lambda: read_grouping("0123456789", VALUES), "two groups or more"),
    ("a group holding every rank", lambda: read_grouping("A23456789TJQK", RANKS), "two groups or more"),
    ("an empty group", lambda: read_grouping("6789/", VALUES), "at least one card"),
    ("no group at all", lambda: read_grouping(" ", VALUES), "at least one card"),
    ("a value in two groups", lambda: read_grouping("6789/89", VALUES), "89 is in two groups"),
    ("a card not in the game", lambda: read_given("P1=Z", POSITIONS, VALUES), "'Z' is not a card"),
    ("a value as a Dragon Tiger rank", lambda: read_given("dragon=0", ("dragon", "tiger"), RANKS), "'0'"),
    ("contradictory facts", lambda: read_given("P1=7,P1=8", POSITIONS, VALUES), "P1 is given twice"),
    ("a fact naming every card", lambda: read_given("B1=0123456789", POSITIONS, VALUES), "names every card"),
    (
        "a fact naming every rank as values",
        lambda: read_given("B1=A23456789TJQK", POSITIONS, VALUES),
        "every card",
    ),
    ("a fact without =", lambda: read_given("P1 7", POSITIONS, VALUES), "POSITION=CARDS"),
    ("no fact", lambda: read_given(" , ", POSITIONS, VALUES), "at least one fact"),
    ("a fact of another game", lambda: read_given("tiger=7", POSITIONS, VALUES), "no position 'tiger'"),
    (
        "a card the shoe does not hold",
        lambda: conditional(BACCARAT, NO_SEVENS, read_given("P1=7", POSITIONS, VALUES), MAIN),
        "no deal of 48 cards shows P1=7",
    ),
    (
        "more of a card than the shoe holds",
        lambda: conditional(BACCARAT, ONE_SEVEN, read_given("P1=7,B1=7", POSITIONS, VALUES), MAIN),
        "no deal of 49 cards shows P1=7, B1=7",
    ),
    (
        "four 7s from a shoe of three",
        lambda: conditional(BACCARAT, SMALL_B, read_given("P1=7,B1=7,P2=7,B2=7", POSITIONS, VALUES), MAIN),
        "does not hold those cards",
    ),
    (
        "a grouping of another game's cards",
        lambda: pattern_table(BACCARAT, EIGHT, ["P1"], grouping=read_grouping("89TJQK", RANKS), bets=MAIN),
        "knows cards as 0 1 2",
    ),
    ("one group", lambda: best_sorts(BACCARAT, EIGHT, ["P1"], MAIN, groups=1), "from 2 to 10 groups"),
    ("more groups than values", lambda: best_sorts(BACCARAT, EIGHT, ["P1"], MAIN, groups=11), "not 11"),
    (
        "a category index out of range",
        lambda: conditional(BACCARAT, EIGHT, {"P1": frozenset({12})}, MAIN),
        "from 0 to 9, not .12.",
    ),
    (
        "a negative category index",
        lambda: conditional(BACCARAT, EIGHT, {"P3": frozenset({-1})}, MAIN),
        "not .-1.",
    ),
    ("an empty fact", lambda: conditional(BACCARAT, EIGHT, {"P1": frozenset()}, MAIN), "one or more cards"),
    (
        "a fact of every category",
        lambda: conditional(BACCARAT, EIGHT, {"P1": frozenset(range(10))}, MAIN),
        "names every card",
    ),
    (
        "a game not dealt from a shoe",
        lambda: pattern_table(GAMES.find("pool"), EIGHT, ["P1"]),  # type: ignore[arg-type]
        "covers the games dealt and settled from a shoe",
    ),
    (
        "four groups of thirteen ranks",
        lambda: best_sorts(DRAGON_TIGER, EIGHT, ["dragon"], groups=4),
        "too many sorts",
    ),
]


@pytest.mark.parametrize(("case", "call", "message"), REFUSALS, ids=[case for case, _, _ in REFUSALS])
def test_refusals(case: str, call: Any, message: str) -> None:
    with pytest.raises(KnowledgeError, match=message.replace("(", r"\(")) as raised:
        call()
    assert isinstance(raised.value, CardmathError)


def test_facts_beyond_the_shoe_really_are_never_dealt() -> None:
    """The refused facts: the brute force finds no deal of the nine cards with four 7s."""
    facts = {"P1": {"7"}, "B1": {"7"}, "P2": {"7"}, "B2": {"7"}}
    assert conditional_counts(baccarat_oracle(SMALL_B), facts).deals == 0
