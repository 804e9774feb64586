"""Three Card Poker against oracles that share no code with the engine.

The oracle (tests/oracles/three_card_poker_bruteforce.py) compares every one of the player's
three-card hands with every dealer hand of the cards left, physical card by physical card, and
counts the 6-card hands by their best five; the engine counts hands as combinations, suits folded.
Published figures are cited where they are checked.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections import Counter
from fractions import Fraction

import pytest
from sympy import Rational

from cardmath.cards import Rank
from cardmath.cli import main
from cardmath.engine import HandView
from cardmath.errors import KnowledgeError, OptionError
from cardmath.games import three_card_poker
from cardmath.games.three_card_poker import GAME, PAY_TABLES, ThreeCardPokerRules
from cardmath.information import pattern_table
from cardmath.shoe import Shoe
from tests.oracles import three_card_poker_bruteforce as oracle

DECK = Shoe.standard(1)
WITHOUT_LOW_HEARTS = "2h,3h,4h,5h,6h,7h,8h"


def physical(shoe: Shoe) -> list[tuple[int, str]]:
    return [(card.rank.value, card.suit.value) for card in shoe.cards()]


def exact(value: object) -> Fraction:
    return Fraction(str(value))


@pytest.fixture(scope="module")
def full_deck() -> oracle.AntePlay:
    return oracle.ante_play(oracle.deck())


@pytest.fixture(scope="module")
def depleted() -> oracle.AntePlay:
    return oracle.ante_play(physical(DECK.without(WITHOUT_LOW_HEARTS)))


def test_ante_and_play_with_the_best_play_is_the_brute_forces(full_deck: oracle.AntePlay) -> None:
    """Published: 3.37% house edge, 2.01% element of risk, play Q-6-4 or better (Wizard of Odds,
    Three Card Poker; J. Grochowski, 'The Three Card Poker problem', Casino City Times, 2017)."""
    result = three_card_poker.analyze(DECK, bets=["ante"])
    sheet = result.bets["ante"]
    assert exact(sheet.house_edge) == full_deck.optimal.house_edge == Fraction(686689, 20358520)
    assert exact(sheet.element_of_risk) == full_deck.optimal.element_of_risk
    assert (
        round(float(sheet.house_edge) * 100, 2) == 3.37
        and round(float(sheet.element_of_risk) * 100, 2) == 2.01
    )
    names = {
        "no qualify": "dealer does not qualify",
        "fold": "fold",
        "won": "won",
        "tied": "tied",
        "lost": "lost",
    }
    expected: Counter[str] = Counter()
    for (outcome, bonus), count in full_deck.optimal.outcomes.items():
        name = names[outcome] if bonus == "none" else f"{names[outcome]}, {bonus} bonus"
        expected[name] += count
    assert {o.name: o.combinations for o in sheet if o.combinations} == dict(expected)
    # the strategy found is the published one, and on a full deck no suit changes it
    plan = result.decisions["ante"]
    folded = [hand for hand in plan.choosing("fold") if isinstance(hand, HandView)]
    played = [hand for hand in plan.choosing("play") if isinstance(hand, HandView)]
    assert str(max(folded, key=three_card_poker.value)) == "Q-6-3"
    assert str(min(played, key=three_card_poker.value)) == "Q-6-4"
    assert not full_deck.differs


def test_a_depleted_deck_is_counted_exactly(depleted: oracle.AntePlay) -> None:
    result = three_card_poker.analyze(DECK.without(WITHOUT_LOW_HEARTS), bets=["ante"])
    assert exact(result.bets["ante"].house_edge) == depleted.by_ranks.house_edge


def test_pinned_strategies_cost_what_the_brute_force_says(full_deck: oracle.AntePlay) -> None:
    counts = oracle.tally(oracle.deck())
    for words, play in (
        ("always play", oracle.always_play),
        ("play from Q-6-4", oracle.play_at_least("Q64")),
    ):
        cost = three_card_poker.analyze(DECK, bets=["ante"], strategy=words).strategies["ante"]
        assert exact(cost.edge) == oracle.strategy_figures(counts, play).house_edge
        assert (
            exact(cost.cost)
            == oracle.strategy_figures(counts, play).house_edge - full_deck.optimal.house_edge
        )
    table = three_card_poker.analyze(DECK, bets=["ante"], strategy="Q-6-3=play").strategies["ante"]
    assert table.changed == (("Q-6-3", "fold", "play", Rational(843, 101792600)),)


@pytest.mark.parametrize(
    "words", ["play from Z-6-4", "Q-6-3=raise", "always surrender", "play Q-6-4 or better"]
)
def test_a_strategy_of_unknown_hands_or_choices_is_one_line(words: str) -> None:
    with pytest.raises(OptionError):
        three_card_poker.analyze(DECK, bets=["ante"], strategy=words)
    error = io.StringIO()
    with contextlib.redirect_stderr(error), contextlib.redirect_stdout(io.StringIO()):
        assert main(["3cp", "--bets", "ante", "--strategy", words]) == 2
    assert error.getvalue().startswith("cardmath: error: ") and error.getvalue().count("\n") == 1


@pytest.mark.parametrize("table", [t for t in PAY_TABLES if t.bet == "pair_plus"], ids=lambda t: t.key)
def test_every_pair_plus_table_is_the_brute_forces(table: object) -> None:
    """Published: 40-30-6-3-1 7.28%, 40-30-6-4-1 2.32% (Grochowski, Casino City Times, 2017 and
    2021), 40-30-5-4-1 5.57% (Casino City, 'A rare Pair Plus payout at Three Card Poker')."""
    rules = GAME.with_pays(GAME.default_rules, table.changes())  # type: ignore[attr-defined]
    edge = three_card_poker.analyze(DECK, rules, bets=["pair_plus"]).bets["pair_plus"].house_edge
    pays = {name: Fraction(str(pay)) for name, pay in table.pays}  # type: ignore[attr-defined]
    assert exact(edge) == oracle.pay_table_edge(oracle.pair_plus_counts(oracle.deck()), pays)
    published = {"40-30-6-3-1": 7.28, "40-30-6-4-1": 2.32, "40-30-5-4-1": 5.57}
    if table.name in published:  # type: ignore[attr-defined]
        assert round(float(edge) * 100, 2) == published[table.name]  # type: ignore[attr-defined]


@pytest.mark.parametrize("gone", ["As,Ks,Qs", "2c,2d,2h,7s,9d,Jh,Qc,Kd", WITHOUT_LOW_HEARTS])
def test_pair_plus_on_depleted_decks(gone: str) -> None:
    shoe = DECK.without(gone)
    sheet = three_card_poker.analyze(shoe, bets=["pair_plus"]).bets["pair_plus"]
    counts = oracle.pair_plus_counts(physical(shoe))
    total = sum(counts.values())  # the sheet counts the dealer's hands too: compare the chances
    assert {o.name: exact(o.probability) for o in sheet if o.name != "lose"} == {
        name: Fraction(count, total) for name, count in counts.items() if name != "high card"
    }


def test_the_six_card_counts_every_six_cards() -> None:
    sheet = three_card_poker.analyze(DECK, bets=["six_card"]).bets["six_card"]
    counts = oracle.six_card_counts(oracle.deck())
    # each six cards are 20 ways to split them into the player's three and the dealer's
    assert {o.name: (o.combinations or 0) // 20 for o in sheet if o.name != "lose"} == {
        name: count for name, count in counts.items() if name != "less"
    }
    assert round(float(sheet.house_edge) * 100, 1) == 8.6  # "just over 8.5%" (My Poker Coaching, 2024)


def test_the_six_card_on_a_small_deck_with_duplicated_ranks() -> None:
    shoe = DECK.without([card for card in DECK.cards() if card.rank.value in (4, 5, 6, 7, 8, 9, 10)][:20])
    sheet = three_card_poker.analyze(shoe, bets=["six_card"]).bets["six_card"]
    counts = oracle.six_card_counts_naive(physical(shoe))
    total = sum(counts.values())
    for outcome in sheet:
        name = "less" if outcome.name == "lose" else outcome.name
        assert outcome.probability == Rational(counts[name], total), name


def test_effects_of_removal_are_the_brute_forces() -> None:
    effects = three_card_poker.effects_of_removal(DECK, bets=["ante", "pair_plus"])
    base = oracle.ante_play(oracle.deck()).by_ranks.house_edge
    without = oracle.ante_play(physical(DECK.without("Kd"))).by_ranks.house_edge
    assert exact(effects["ante"][Rank.KING]) == without - base
    plus = {
        name: Fraction(pay)
        for name, pay in {
            "straight flush": 40,
            "three of a kind": 30,
            "straight": 6,
            "flush": 3,
            "pair": 1,
        }.items()
    }
    edge = oracle.pay_table_edge(oracle.pair_plus_counts(physical(DECK.without("2c"))), plus)
    full = oracle.pay_table_edge(oracle.pair_plus_counts(oracle.deck()), plus)
    assert exact(effects["pair_plus"][Rank.TWO]) == edge - full


def test_the_qualifier_is_a_house_rule() -> None:
    queen = three_card_poker.analyze(DECK, bets=["ante"]).bets["ante"].house_edge
    king = three_card_poker.analyze(DECK, ThreeCardPokerRules(qualifier="K"), bets=["ante"]).bets["ante"]
    assert king.house_edge < queen  # a dealer who qualifies less often pays the ante more often
    with pytest.raises(OptionError, match="--qualifier"):
        ThreeCardPokerRules(qualifier="X")


def test_one_deck_and_no_closed_form() -> None:
    assert GAME.default_points == (1,)
    assert "closed_form" not in {verb.value for verb in GAME.verbs}
    with pytest.raises(OptionError, match="no closed form"):
        three_card_poker.closed_form()


def test_the_command_prints_the_strategy_and_its_cost() -> None:
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        assert main(["3cp", "--bets", "ante", "--strategy", "always play", "--format", "json"]) == 0
    document = json.loads(output.getvalue())
    assert document["strategies"]["ante"]["cost"] == "4357551/101792600"
    assert document["unit"] == "hand combinations"
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        assert main(["three-card-poker", "--bets", "ante"]) == 0
    assert "play or fold strategy" in output.getvalue() and "Q-6-4" in output.getvalue()
    error = io.StringIO()
    with contextlib.redirect_stderr(error):
        assert main(["3cp", "--closed-form"]) == 2


def test_hole_carding_one_dealer_card_is_the_brute_forces() -> None:
    """Seeing one dealer card: the engine's player edge is the brute force over physical cards
    deciding on the exact cards (the suit of the card seen never changes a decision), and the
    published 3.4829 % (Wizard of Odds; E. Jacobson, "Three Card Poker Hole-Card Play")."""
    seen = pattern_table(GAME, DECK, ["dealer1"], bets=["ante"])
    brute = oracle.hole_carding(oracle.deck(), seen=1)
    assert exact(seen.edge_every_hand) == brute.player_edge
    assert round(float(seen.edge_every_hand) * 100, 4) == 3.4829
    assert [pattern.cards for pattern in seen.patterns] == [(rank,) for rank in "23456789TJQKA"]
    assert all(pattern.probability == Rational(1, 13) for pattern in seen.patterns)


def test_hole_carding_two_dealer_cards_by_their_ranks() -> None:
    """Two dealer cards seen by their ranks: the brute force deciding on the same knowledge (the
    ranks seen, the player's ranks and flush) agrees to the last digit; knowing the seen cards'
    suits too is worth a little more (17.2032 % against 17.1966 %)."""
    seen = pattern_table(GAME, DECK, ["dealer1", "dealer2"], bets=["ante"])
    brute = oracle.hole_carding(oracle.deck(), seen=2, by_ranks=True)
    assert exact(seen.edge_every_hand) == brute.player_edge == Fraction(17504839, 101792600)
    assert len(seen.patterns) == 13 * 13


def test_hole_carding_on_a_depleted_deck() -> None:
    shoe = DECK.without(WITHOUT_LOW_HEARTS)
    for positions, number in ((["dealer1"], 1), (["dealer2", "dealer3"], 2)):
        seen = pattern_table(GAME, shoe, positions, bets=["ante"])
        brute = oracle.hole_carding(physical(shoe), seen=number, by_ranks=True)
        assert exact(seen.edge_every_hand) == brute.player_edge


def test_hole_carding_refuses_the_six_card_bonus() -> None:
    assert "dealer1" in GAME.counter(GAME.default_rules).known_positions()
    with pytest.raises(KnowledgeError, match="six_card"):
        pattern_table(GAME, DECK, ["dealer1"], bets=["six_card"])
    every = pattern_table(GAME, DECK, ["player1"])
    assert "six_card" not in every.bets and {"ante", "pair_plus"} <= set(every.bets)
