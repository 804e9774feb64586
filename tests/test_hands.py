"""The engine's hands, pools and deals of any length against brute force over physical cards, and
the contract a definition must keep (refused when the game is built).

Each brute force here deals physical cards (one entry per card, duplicates for several decks)
with itertools, sharing no code with the engine.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from cardmath.bets import Decision, RuleBet
from cardmath.cards import FULL_DECK
from cardmath.engine import (
    CatalogueGame,
    Dealing,
    Dealt,
    Definition,
    Hand,
    HandCounter,
    Pool,
    Reads,
    Step,
    Until,
)
from cardmath.engine.settle import settle
from cardmath.engine.tally import DealCounter
from cardmath.errors import DefinitionError
from cardmath.games.casino_war import DEALING as WAR_DEALING
from cardmath.games.casino_war import GAME as WAR
from cardmath.shoe import Shoe


def cards_of(shoe: Shoe) -> list[tuple[int, str]]:
    return [(card.rank.value, card.suit.value) for card in shoe.cards()]


def small(text: str, decks: int = 1) -> Shoe:
    keep = text.split(",")
    return Shoe.standard(decks).without([c for c in FULL_DECK for _ in range(decks) if str(c) not in keep])


def chances(counter: HandCounter[Any], shoe: Shoe, bet: RuleBet[Any]) -> dict[str, Fraction]:
    tally = counter.count([shoe], [bet])
    cells = counter.bet_cells(bet)
    settled = settle(bet, cells.cells, cells.states, tally.row(0, 0), tally.total(0), in_order=cells.in_order)
    sheet = settled.sheet(bet, tally.total(0), infinite=True)
    return {outcome.name: Fraction(str(outcome.probability)) for outcome in sheet if outcome.probability}


# --- two hands, by ranks and flushes ---------------------------------------------------------------


def _brute_two_hands(cards: list[tuple[int, str]], judge: object) -> dict[str, Fraction]:
    found: Counter[str] = Counter()
    total = 0
    for player in itertools.combinations(range(len(cards)), 3):
        rest = [i for i in range(len(cards)) if i not in player]
        for dealer in itertools.combinations(rest, 2):
            found[judge([cards[i] for i in player], [cards[i] for i in dealer])] += 1  # type: ignore[operator]
            total += 1
    return {name: Fraction(count, total) for name, count in found.items()}


def _judge(player: list[tuple[int, str]], dealer: list[tuple[int, str]]) -> str:
    suited = len({suit for _, suit in player}) == 1
    high = max(rank for rank, _ in player) > max(rank for rank, _ in dealer)
    return f"{'flush' if suited else 'plain'}, {'higher' if high else 'not higher'}"


def _engine_judge(dealt: Dealt) -> str:
    player, dealer = dealt.hand("player"), dealt.hand("dealer")
    high = player.ranks[0] > dealer.ranks[0]
    return f"{'flush' if player.is_flush else 'plain'}, {'higher' if high else 'not higher'}"


TWO_HANDS = Dealing((Hand("player", 3, flush=3), Hand("dealer", 2)), Reads.RANKS)
OUTCOMES = {f"{a}, {b}": 1 for a in ("flush", "plain") for b in ("higher", "not higher")}


@pytest.mark.parametrize(
    ("text", "decks"),
    [
        ("2c,5c,9c,Kc,2d,9d,Ah,Kh,3s", 1),  # suits unevenly left: no symmetry to fold
        ("2c,5c,9c,2d,Ah,3s,5h", 2),  # two decks: the same card twice, suited pairs possible
        ("2c,3c,4c,5c,6c,7c,8c", 1),  # one suit only
    ],
)
def test_two_hands_with_a_flush_are_every_deal_of_physical_cards(text: str, decks: int) -> None:
    shoe = small(text, decks)
    counter: HandCounter[object] = HandCounter(TWO_HANDS, lambda dealt: dealt, "two hands")
    bet = RuleBet.define("judge", _engine_judge, OUTCOMES)
    assert chances(counter, shoe, bet) == _brute_two_hands(cards_of(shoe), _judge)


def test_a_pool_reads_two_hands_as_one() -> None:
    shoe = small("2c,5c,9c,Kc,2d,9d,Ah,Kh,3s,Qs")
    pooled = Dealing(
        (Hand("player", 3, flush=3), Hand("dealer", 2)),
        Reads.RANKS,
        (Pool("both", ("player", "dealer"), flush=3),),
    )

    def suited(dealt: Dealt) -> str:
        return "three or more of a suit" if dealt.hand("both").flush else "no"

    bet = RuleBet.define("suited", suited, {"three or more of a suit": 1, "no": -1}, positions=("both",))
    counter: HandCounter[object] = HandCounter(pooled, lambda dealt: dealt, "pool")
    cards = cards_of(shoe)
    found = Counter(
        "three or more of a suit" if max(Counter(s for _, s in five).values()) >= 3 else "no"
        for five in itertools.combinations(cards, 5)
    )
    total = sum(found.values())
    assert chances(counter, shoe, bet) == {name: Fraction(count, total) for name, count in found.items()}


def test_an_infinite_shoe_deals_hands_with_replacement() -> None:
    one_hand = Dealing((Hand("player", 3, flush=3),), Reads.RANKS)
    bet = RuleBet.define(
        "flush", lambda d: "yes" if d.hand("player").is_flush else "no", {"yes": 1, "no": -1}
    )
    counter: HandCounter[object] = HandCounter(one_hand, lambda dealt: dealt, "flushes")
    found = chances(counter, Shoe.infinite(), bet)
    assert found == {"yes": Fraction(1, 16), "no": Fraction(15, 16)}  # (1/4)^2: the 2nd and 3rd suit the 1st


def test_hands_of_whole_cards() -> None:
    whole = Dealing((Hand("a", 2), Hand("b", 1)), Reads.CARDS)

    def same_suit(dealt: Dealt) -> str:
        suits = {card.suit for card in dealt.hand("a").cards} | {card.suit for card in dealt.hand("b").cards}
        return "one suit" if len(suits) == 1 else "more"

    bet = RuleBet.define("suit", same_suit, {"one suit": 3, "more": -1})
    shoe = small("2c,5c,9c,Kc,2d,9d,Ah")
    counter: HandCounter[object] = HandCounter(whole, lambda dealt: dealt, "whole")
    cards = cards_of(shoe)
    found = Counter(
        "one suit" if len({s for _, s in three}) == 1 else "more"
        for three in itertools.permutations(cards, 3)
    )
    total = sum(found.values())
    assert chances(counter, shoe, bet) == {name: Fraction(count, total) for name, count in found.items()}


def test_the_hand_counter_of_a_deal_in_order_is_the_deal_counters() -> None:
    """Casino War's steps (a burn and a step dealt on a tie) counted by both counters."""
    hands: HandCounter[object] = HandCounter(WAR_DEALING, WAR.definition.deal, "war")  # type: ignore[arg-type]
    deal: DealCounter[object] = DealCounter(WAR_DEALING, WAR.definition.deal, "war")  # type: ignore[arg-type]
    bets = WAR.resolve_bets(None)
    for shoe in (Shoe.standard(1), Shoe.standard(2).without("As,Ad,Kh"), Shoe.infinite()):
        for bet in bets:
            assert chances(hands, shoe, bet) == chances(deal, shoe, bet)  # type: ignore[arg-type]


# --- deals of any length ----------------------------------------------------------------------------


def test_a_step_until_a_card_of_the_first_suit_is_every_ordered_deal() -> None:
    suited = Dealing(
        (Step(("first",)), Until("run", ("odd", "even"), lambda d, c: c % 4 == d.categories[0] % 4)),
        Reads.CARDS,
    )

    def length(dealt: Dealt) -> str:
        return "short" if dealt.length("run") <= 2 else "long"

    bet = RuleBet.define("length", length, {"short": 1, "long": -1})
    shoe = small("2c,5c,9c,2d,9d,Ah,Kh")
    counter: HandCounter[object] = HandCounter(suited, lambda dealt: dealt, "until")
    cards = cards_of(shoe)
    found: Counter[str] = Counter()
    for order in itertools.permutations(cards):
        run = next((k for k, card in enumerate(order[1:], 1) if card[1] == order[0][1]), len(order) - 1)
        found["short" if run <= 2 else "long"] += 1
    total = sum(found.values())
    assert chances(counter, shoe, bet) == {name: Fraction(count, total) for name, count in found.items()}


# --- the contract, kept when a game is built ------------------------------------------------------------


@dataclass(frozen=True)
class NoRules:
    pays: tuple[tuple[str, str, Fraction], ...] = ()


def _game(
    dealing: Dealing, bets: dict[str, RuleBet[Dealt]], name: str = "toy"
) -> CatalogueGame[NoRules, Dealt]:
    return CatalogueGame(
        Definition(
            name=name,
            title="Toy",
            short_title="Toy",
            summary="",
            description="",
            docs_page="",
            rules_type=NoRules,
            bets=lambda rules: bets,
            bet_type=RuleBet,
            default_decks=1,
            dealing=dealing,
            deal=lambda dealt: dealt,
        )
    )


def _play(dealt: Dealt, choice: str) -> str:
    return choice


def test_a_decision_that_peeks_at_hidden_cards_is_refused() -> None:
    peek: Decision[Dealt] = Decision(
        "stay", lambda dealt: dealt.hand("dealer"), ("stay", "go"), sees=("player",)
    )
    bet = RuleBet.define("main", _play, {"stay": 1, "go": -1}, decision=peek)
    with pytest.raises(
        DefinitionError, match="toy: the decision 'stay' of bet 'main' reads a card its decider"
    ):
        _game(TWO_HANDS, {"main": bet})


def test_a_decision_must_say_what_its_decider_sees() -> None:
    blind: Decision[Dealt] = Decision("stay", lambda dealt: dealt.hand("player"), ("stay", "go"))
    with pytest.raises(DefinitionError, match=r"must say what its decider sees \(sees\)"):
        _game(TWO_HANDS, {"main": RuleBet.define("main", _play, {"stay": 1, "go": -1}, decision=blind)})
    unread: Decision[Dealt] = Decision(
        "stay", lambda dealt: dealt.hand("player"), ("stay", "go"), sees=("player",)
    )
    bet = RuleBet.define("main", _play, {"stay": 1, "go": -1}, decision=unread, positions=("dealer",))
    with pytest.raises(DefinitionError, match=r"sees 'player' \(sees\), which the bet does not read"):
        _game(TWO_HANDS, {"main": bet})


def test_a_bet_reading_no_such_position_is_refused() -> None:
    bet = RuleBet.define("main", lambda dealt: "win", {"win": 1}, positions=("banker",))
    with pytest.raises(DefinitionError, match=r"toy: bet 'main' reads 'banker' \(positions\)"):
        _game(TWO_HANDS, {"main": bet})


def test_a_step_that_can_never_end_is_refused() -> None:
    never = Dealing((Step(("joker",)), Until("run", ("a", "b"), lambda dealt, rank: False)), Reads.RANKS)
    bet = RuleBet.define("main", lambda dealt: "win", {"win": 1})
    with pytest.raises(DefinitionError, match=r"toy: the step 'run' can never end"):
        _game(never, {"main": bet})


def test_malformed_dealings_are_refused() -> None:
    with pytest.raises(DefinitionError, match="deals 0 cards"):
        Hand("empty", 0)
    with pytest.raises(DefinitionError, match="must be the last step"):
        Dealing((Until("run", ("a",), lambda d, c: True), Step(("b",))), Reads.RANKS)
    with pytest.raises(DefinitionError, match="which is no hand of the dealing"):
        Dealing((Hand("a", 2),), Reads.RANKS, (Pool("both", ("a", "b")),))
    with pytest.raises(DefinitionError, match="reads the pool 'both' and its hand 'a'"):
        counter: HandCounter[object] = HandCounter(
            Dealing((Hand("a", 2), Hand("b", 2)), Reads.RANKS, (Pool("both", ("a", "b")),)), lambda d: d, "x"
        )
        counter.count(
            [Shoe.standard(1)], [RuleBet.define("x", lambda d: "w", {"w": 1}, positions=("a", "both"))]
        )


# --- the cards seen of a hand ----------------------------------------------------------------------


@pytest.mark.parametrize("seen", [("up", "hand1"), ("hand2",), ("hand1", "hand2", "hand3"), ("up",)])
def test_cards_seen_of_a_hand_split_deals_as_the_cards_come(seen: tuple[str, ...]) -> None:
    """A card dealt alone, then a hand of three read by ranks and flush: split by the ranks seen at
    ``seen`` (a card of the hand is its i-th card as dealt), every part's chance and the bet's
    outcomes within it are those of every ordered deal of physical cards."""
    shoe = small("As,Ah,Ad,Ks,Kh,Qs,Qh,Qd,2s,2c", 1)
    dealing = Dealing((Step(("up",)), Hand("hand", 3, flush=3)), Reads.RANKS)

    def judge(dealt: Dealt) -> str:
        hand = dealt.hand("hand")
        if hand.is_flush:
            return "flush"
        return "pair" if len(set(hand.ranks)) < 3 else "high"

    bet = RuleBet.define("hand", judge, {"flush": 5, "pair": 1, "high": -1}, positions=("hand",))
    counter: HandCounter[Any] = HandCounter(dealing, lambda dealt: dealt, "Seen")
    tally = counter.count_known(shoe, [bet], seen)
    index = {"2": 0, "K": 11, "Q": 10, "A": 12}
    brute_parts: Counter[tuple[int, ...]] = Counter()
    brute_cells: Counter[tuple[tuple[int, ...], str]] = Counter()
    physical = cards_of(shoe)
    for deal in itertools.permutations(physical, 4):
        where = {"up": deal[0], "hand1": deal[1], "hand2": deal[2], "hand3": deal[3]}
        key = tuple(index[{14: "A", 13: "K", 12: "Q", 2: "2"}[where[name][0]]] for name in seen)
        hand = deal[1:]
        if len({suit for _, suit in hand}) == 1:
            outcome = "flush"
        else:
            outcome = "pair" if len({rank for rank, _ in hand}) < 3 else "high"
        brute_parts[key] += 1
        brute_cells[key, outcome] += 1
    deals = sum(brute_parts.values())
    assert {
        tuple(row): Fraction(int(t), tally.total)
        for row, t in zip(tally.keys.tolist(), tally.totals.tolist(), strict=True)
    } == {key: Fraction(n, deals) for key, n in brute_parts.items()}
    outcomes = ("flush", "pair", "high")
    for row, cells in zip(tally.keys.tolist(), tally.cells[0].tolist(), strict=True):
        assert {
            name: Fraction(int(c), tally.total) for name, c in zip(outcomes, cells, strict=True) if c
        } == {
            name: Fraction(brute_cells[tuple(row), name], deals)
            for name in outcomes
            if brute_cells[tuple(row), name]
        }
