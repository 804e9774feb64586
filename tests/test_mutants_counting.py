"""Tests that kill mutants of the games' counting modules that the other tests let live
(scripts/mutation.sh): Red Dog, Dragon Tiger and baccarat.

Every expected value is worked by hand in the test (ordered draws of named cards, or independent
draws from an infinite shoe) or comes from the physical-card oracle of tests/oracles/.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from sympy import Rational

from cardmath.cards import Card, Suit
from cardmath.errors import OptionError
from cardmath.games.baccarat import Bet as BaccaratBet
from cardmath.games.baccarat import DrawingRules, Reads, analyze
from cardmath.games.baccarat.analysis import bet_counts as baccarat_bet_counts
from cardmath.games.baccarat.counting import draws, evaluate
from cardmath.games.baccarat.structure import first_value_multisets, structure
from cardmath.games.dragon_tiger import counting as dragon_tiger_counting
from cardmath.games.dragon_tiger.bets import Bet as DragonTigerBet
from cardmath.games.dragon_tiger.bets import Deal, built_in_bets
from cardmath.games.dragon_tiger.counting import (
    bet_counts,
    bet_polynomials,
    class_counts,
    deal_table,
    many_bet_counts,
)
from cardmath.games.reddog.counting import count_deals
from cardmath.shoe import Shoe
from tests.oracles.baccarat_naive import STANDARD, deal_counts, first_card_counts, first_four_card_counts

# --- Red Dog ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("infinite", [False, True])
def test_red_dog_has_no_third_card_outcome_for_spreads_it_never_deals(infinite: bool) -> None:
    # Spread 0 is two consecutive ranks (a push, no third card); the widest spread is 11 (2 and A).
    counts = count_deals((4,) * 13, infinite=infinite)
    assert (counts.won(0), counts.lost(0), counts.won(12), counts.lost(12)) == (0, 0, 0, 0)


# --- Dragon Tiger ----------------------------------------------------------------------------------


def test_dragon_tiger_classes_say_whether_the_suits_match() -> None:
    one = class_counts(Shoe.standard(1))
    # An ace for Dragon and a king for Tiger: 4 x 4 ordered pairs, 4 of them of one suit.
    assert (one[(1, 13, True)], one[(1, 13, False)]) == (4, 12)
    # Two sevens: of one suit only as the same card (impossible in one deck), else 4 x 3.
    assert (one[(7, 7, True)], one[(7, 7, False)]) == (0, 12)
    eight = class_counts(Shoe.standard(8))
    # Eight decks: the same seven twice in 4 x ff(8, 2) ways, two different sevens in 4 x 3 x 8 x 8.
    assert (eight[(7, 7, True)], eight[(7, 7, False)]) == (4 * 8 * 7, 4 * 3 * 8 * 8)


def _dragon_colour(deal: Deal) -> str:
    return "red" if deal.dragon.suit in (Suit.HEARTS, Suit.DIAMONDS) else "black"


COLOUR = DragonTigerBet.define("dragon colour", _dragon_colour, {"red": 1, "black": -1, "never": 5})
"""A bet that reads the suits themselves (so it is counted over pairs of cards), one of whose
outcomes never happens."""


def test_an_outcome_no_coup_gives_is_counted_as_none() -> None:
    # One deck: 26 red Dragon cards, each with any of the 51 other cards for Tiger.
    assert bet_counts(Shoe.standard(1), COLOUR) == (26 * 51, 26 * 51, 0)
    assert many_bet_counts([Shoe.standard(1)], [COLOUR]) == [[(26 * 51, 26 * 51, 0)]]
    # d decks: 26 d red cards, then any of the other 52 d - 1: 26 d (52 d - 1) = -26 d + 1352 d^2.
    red, black, never = bet_polynomials(COLOUR)
    assert red == black == (0, -26, 1352)
    assert never == ()


def test_a_bet_whose_rule_always_gives_one_outcome() -> None:
    always = DragonTigerBet.define("always", lambda deal: "lose", {"win": 1, "lose": -1})
    # Every ordered coup of one deck, ff(52, 2), loses; on d decks ff(52 d, 2) = -52 d + 2704 d^2.
    assert bet_counts(Shoe.standard(1), always) == (0, 52 * 51)
    assert bet_polynomials(always) == ((), (0, -52, 2704))


def test_a_rule_outside_its_pay_table_is_reported_with_the_bet_and_the_pays() -> None:
    odd = DragonTigerBet.define("odd", lambda deal: "maybe", {"yes": 1, "no": -1})
    message = (
        r"^the rule of bet 'odd' gave outcome 'maybe' for Dragon \w\w, Tiger \w\w, "
        r"which is not in its pay table \(yes, no\)$"
    )
    with pytest.raises(OptionError, match=message):
        bet_counts(Shoe.standard(1), odd)


@pytest.mark.parametrize("name", ["dragon", "tiger", "tie", "suited_tie"])
def test_a_bet_whose_outcome_is_the_same_across_each_class_is_counted_by_class(name: str) -> None:
    # The built-in bets read only the two ranks and whether the suits match: the deal class.  So
    # each class has one outcome, worked here from the class itself.
    bet = built_in_bets()[name]
    decision = dragon_tiger_counting._decision(bet)
    assert decision.by_class is not None
    expected = []
    for dragon, tiger, suited in deal_table().outcomes():
        winner = "dragon" if dragon > tiger else "tiger" if tiger > dragon else "tie"
        if name in ("dragon", "tiger"):
            outcome = "tie" if winner == "tie" else "win" if winner == name else "lose"
        elif name == "tie":
            outcome = "tie" if winner == "tie" else "no tie"
        else:
            outcome = "suited tie" if winner == "tie" and suited else "no suited tie"
        expected.append(bet.outcomes().index(outcome))
    assert decision.by_class == tuple(expected)
    # A rule that reads the colour of the Dragon card differs within a class: counted by pairs.
    assert dragon_tiger_counting._decision(COLOUR).by_class is None


def test_class_counts_already_evaluated_are_not_counted_again(monkeypatch: pytest.MonkeyPatch) -> None:
    shoe = Shoe.standard(1)
    classes = class_counts(shoe)

    def refuse(shoe: Shoe) -> dict[tuple[int, int, bool], int]:
        raise AssertionError("the class counts given were counted again")

    monkeypatch.setattr(dragon_tiger_counting, "class_counts", refuse)
    # One deck: a tie is two cards of one rank, 13 x 4 x 3 = 156 of the 52 x 51 ordered coups.
    assert bet_counts(shoe, built_in_bets()["tie"], classes) == (156, 52 * 51 - 156)


def test_dragon_tiger_counts_past_the_range_of_64_bit_integers() -> None:
    # 2 ** 32 aces and 2 ** 32 kings of spades: the king wins for Dragon with any ace for Tiger
    # (n * n ways), loses the other way round (n * n), ties with two aces or two kings (2 ff(n, 2)).
    n = 2**32
    shoe = Shoe.from_counts({Card.parse("As"): n, Card.parse("Ks"): n})
    dragon = built_in_bets()["dragon"]
    assert dragon.outcomes() == ("win", "lose", "tie")
    expected = (n * n, n * n, 2 * n * (n - 1))
    assert many_bet_counts([shoe, Shoe.standard(1)], [dragon])[0] == [expected]
    assert bet_counts(shoe, dragon) == expected


# --- baccarat --------------------------------------------------------------------------------------

MATCHES = ("unpaired", "pair", "identical")
JOINT = BaccaratBet.define(
    "first two cards",
    lambda deal: (
        f"{deal.player_first_two.value}/{deal.banker_first_two.value}"
        if deal.player_first_two and deal.banker_first_two
        else "unresolved"
    ),
    {f"{a}/{b}": 0 for a in MATCHES for b in MATCHES},
    reads=Reads.FIRST_TWO,
)
"""How each hand's first two cards match, as one bet over both hands."""


def joint_probabilities(shoe: Shoe) -> dict[tuple[str, str], Rational]:
    sheet = analyze(shoe, bets=[JOINT]).bets["first two cards"]
    found: dict[tuple[str, str], Rational] = {}
    for outcome in sheet.outcomes:
        player, banker = outcome.name.split("/")
        found[player, banker] = outcome.probability
    return found


def card_shoe(counts: dict[str, int], *, infinite: bool = False) -> Shoe:
    return Shoe.from_counts({Card.parse(card): n for card, n in counts.items()}, infinite=infinite)


def test_a_six_card_shoe_deals_one_whole_baccarat_deal() -> None:
    shoe = card_shoe({"As": 1, "Ah": 1, "9c": 1, "5d": 1, "Kc": 1, "Ks": 1})
    result = analyze(shoe, bets=["tie"])
    assert result.total_combinations == math.factorial(6)
    counts = deal_counts(list(shoe.rank_counts()))
    assert result.results["ties"] == sum(n for k, n in counts.items() if k[0] == k[1])
    oracle = first_four_card_counts(list(shoe.card_counts))
    four = math.perm(6, 4)
    assert joint_probabilities(shoe) == {
        (a, b): Rational(oracle.get((a, b), 0), four) for a in MATCHES for b in MATCHES
    }


def test_first_two_card_matches_stay_exact_past_double_precision() -> None:
    # 1,286 cards of two values, the largest shoe counted in numpy int64 (1286 ** 6 < 2 ** 62): its
    # six-card counts, near ff(643, 3) ** 2 ~ 7e16 with few factors of two, are past the 2 ** 53
    # that a float holds exactly.
    shoe = card_shoe({"As": 321, "Ah": 322, "Ks": 321, "Qd": 322})
    oracle = first_four_card_counts(list(shoe.card_counts))
    four = math.perm(shoe.size, 4)
    assert joint_probabilities(shoe) == {
        (a, b): Rational(oracle.get((a, b), 0), four) for a in MATCHES for b in MATCHES
    }


def _independent_joint(weights: dict[str, int]) -> dict[tuple[str, str], Fraction]:
    """Each hand's first two cards drawn independently from an infinite shoe of these weights."""
    total = sum(weights.values())
    identical = Fraction(sum(w * w for w in weights.values()), total**2)
    by_rank: dict[str, int] = {}
    for card, w in weights.items():
        by_rank[card[0]] = by_rank.get(card[0], 0) + w
    same_rank = Fraction(sum(w * w for w in by_rank.values()), total**2)
    one = {"identical": identical, "pair": same_rank - identical, "unpaired": 1 - same_rank}
    return {(a, b): one[a] * one[b] for a in MATCHES for b in MATCHES}


def test_first_two_card_matches_of_an_infinite_shoe_are_independent_draws() -> None:
    # One deck's proportions: identical 1/52, a pair of other cards 3/52, unpaired 48/52 per hand.
    one = {"identical": Fraction(1, 52), "pair": Fraction(3, 52), "unpaired": Fraction(48, 52)}
    found = joint_probabilities(Shoe.infinite())
    assert {k: Fraction(int(v.p), int(v.q)) for k, v in found.items()} == {
        (a, b): one[a] * one[b] for a in MATCHES for b in MATCHES
    }
    weights = {"As": 3, "Ah": 1, "Kc": 2, "Kd": 2, "5s": 1, "9h": 4}
    found = joint_probabilities(card_shoe(weights, infinite=True))
    assert {k: Fraction(int(v.p), int(v.q)) for k, v in found.items()} == _independent_joint(weights)


@pytest.mark.parametrize("first_two", [False, True])
def test_shoe_counts_carry_the_shoe_and_the_padded_ways_of_each_value_multiset(first_two: bool) -> None:
    standard = DrawingRules.standard()
    multisets = structure(standard).multisets
    # A natural of four cards: three cards of value 0 and a nine (the player's 9 and 0 against 0, 0).
    target = np.zeros(10, dtype=multisets.dtype)
    target[0], target[9] = 3, 1
    (q,) = np.flatnonzero((multisets == target).all(axis=1))
    one = evaluate(Shoe.standard(1), standard, first_two=first_two)
    # 16 cards of value 0 and 4 nines: ff(16, 3) x 4 ordered ways, padded by ff(48, 2) unused cards.
    assert int(one.weights[q]) == math.perm(16, 3) * 4 * math.perm(48, 2)
    assert one.infinite is False
    assert one.shoe == Shoe.standard(1)
    infinite = evaluate(Shoe.infinite(), standard, first_two=first_two)
    assert int(infinite.weights[q]) == 16**3 * 4 * 52**2
    assert infinite.infinite is True
    assert infinite.shoe == Shoe.infinite()


def test_no_way_to_draw_a_negative_number_of_cards() -> None:
    assert draws(4, -1, False) == 0
    assert draws(4, -1, True) == 0
    assert draws(4, 2, False) == 12
    assert draws(4, 2, True) == 16


# --- baccarat's shoe-free tables -----------------------------------------------------------------


def _third_cards(p1: int, b1: int, p2: int, b2: int) -> list[tuple[int, int]]:
    """Punto banco's ways on from four card values, by the naive oracle's drawing table: each
    (player third, banker third), -1 for a card not drawn."""
    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
    if player >= 8 or banker >= 8:
        return [(-1, -1)]
    if not STANDARD.player_draws(player):
        if STANDARD.banker_draws(banker, None):
            return [(-1, b3) for b3 in range(10)]
        return [(-1, -1)]
    ways: list[tuple[int, int]] = []
    for p3 in range(10):
        if STANDARD.banker_draws(banker, p3):
            ways.extend((p3, b3) for b3 in range(10))
        else:
            ways.append((p3, -1))
    return ways


def test_the_value_sequences_of_whole_deals_are_counted_once_each() -> None:
    every = paired = 0
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        ways = len(_third_cards(p1, b1, p2, b2))
        every += ways
        paired += ways if p1 == p2 or b1 == b2 else 0
    tables = structure(DrawingRules.standard())
    assert np.issubdtype(tables.value_entry_sequences.dtype, np.integer)
    assert np.issubdtype(tables.entry_sequences.dtype, np.integer)
    assert int(tables.value_entry_sequences.sum()) == every
    assert int(tables.entry_sequences.sum()) == paired


def test_the_tables_list_only_deals_with_a_matched_pair_of_values_in_class_order() -> None:
    tables = structure(DrawingRules.standard())
    # Every extended multiset has at least one hand whose first two values match.
    assert ((tables.pair_values >= 0).any(axis=1)).all()
    assert ((tables.pair_values >= -1) & (tables.pair_values <= 9)).all()
    # Entries are sorted by class, and each paired class starts where its first entry is.
    assert (np.diff(tables.entry_class) >= 0).all()
    assert (tables.entry_class[tables.class_starts] == tables.paired_classes).all()
    # A third card not drawn is -1, and a hand holds two cards plus its third when drawn.
    columns = tables.class_columns
    assert set(columns[:, 4:].ravel().tolist()) == set(range(-1, 10))
    assert (columns[:, 2] == 2 + (columns[:, 4] >= 0)).all()
    assert (columns[:, 3] == 2 + (columns[:, 5] >= 0)).all()


def test_first_value_multisets_list_the_first_four_cards_of_every_deal_class() -> None:
    tables = structure(DrawingRules.standard())
    sequences, multisets = first_value_multisets(DrawingRules.standard())
    columns = tables.class_columns
    assert sequences.shape == (len(columns), 100, 4)
    player_third = np.maximum(columns[:, 4], 0)
    banker_third = np.maximum(columns[:, 5], 0)
    # The first four values (player, banker, player, banker) give each class's two-card totals ...
    p1, b1, p2, b2 = (sequences[:, :, i] for i in range(4))
    assert ((p1 + p2) % 10 == ((columns[:, 0] - player_third) % 10)[:, None]).all()
    assert ((b1 + b2) % 10 == ((columns[:, 1] - banker_third) % 10)[:, None]).all()
    # ... 100 different ones (the first two values are free, the other two follow) ...
    codes = ((p1 * 10 + b1) * 10 + p2) * 10 + b2
    assert (np.sort(codes, axis=1)[:, 1:] != np.sort(codes, axis=1)[:, :-1]).all()
    # ... and with the class's third cards they make the whole deal's multiset of values.
    values = np.arange(10)
    first_four = (sequences[..., None] == values).sum(axis=2)
    thirds = (columns[:, 4:, None] == values).sum(axis=1)
    assert (tables.multisets[multisets] == first_four + thirds[:, None, :]).all()


def _match(first: int, second: int) -> str:
    """How a hand's first two physical cards (numbered as in ``Shoe.card_counts``) match."""
    return "identical" if first == second else "pair" if first // 4 == second // 4 else "unpaired"


WINNERS = ("player", "banker", "tie")
MATCHES_AND_WINNER = BaccaratBet.define(
    "matches and winner",
    lambda deal: (
        f"{deal.player_first_two.value}/{deal.banker_first_two.value}/{deal.winner}"
        if deal.player_first_two and deal.banker_first_two
        else "unresolved"
    ),
    {f"{a}/{b}/{w}": 0 for a in MATCHES for b in MATCHES for w in WINNERS} | {"unresolved": 0},
    reads=Reads.FIRST_TWO,
)
"""How each hand's first two cards match, and who wins: a bet on the first two cards that also
reads the final deal, so its deals fall into a group per winner, each group uneven between the
player's and the banker's matches."""


@pytest.mark.parametrize(
    "counts",
    [
        # Twelve cards: identical cards, pairs of one rank, and K, Q of one value but two ranks.
        {"As": 3, "Ah": 2, "Kd": 2, "Qc": 1, "9s": 2, "5h": 1, "4c": 1},
        # 2 ** 22 cards: every count past int64 (N ** 6 ~ 2 ** 132, ff(n, 4) ~ 2 ** 80 per card).
        {"As": 2**20, "Ah": 2**20 + 1, "Ks": 2**20, "Qd": 2**20 - 1, "9c": 2**20},
    ],
    ids=["twelve cards", "past int64"],
)
def test_first_two_card_matches_by_winner_equal_the_physical_cards(counts: dict[str, int]) -> None:
    shoe = card_shoe(counts)
    oracle = first_card_counts(
        list(shoe.card_counts), lambda player, banker: (_match(*player), _match(*banker))
    )
    expected = dict.fromkeys(MATCHES_AND_WINNER.outcomes(), 0)
    for (player, banker, _, _, (player_match, banker_match)), n in oracle.items():
        winner = "player" if player > banker else "banker" if banker > player else "tie"
        expected[f"{player_match}/{banker_match}/{winner}"] += n
    deals = math.perm(shoe.size, 6)
    assert sum(expected.values()) == deals
    # The grouped count behind analyze ...
    sheet = analyze(shoe, bets=[MATCHES_AND_WINNER]).bets["matches and winner"]
    assert {o.name: o.probability for o in sheet.outcomes} == {
        name: Rational(n, deals) for name, n in expected.items()
    }
    # ... and the per-class count of evaluate.
    counted = evaluate(shoe, DrawingRules.standard(), first_two=True)
    assert counted.total == deals
    assert baccarat_bet_counts(MATCHES_AND_WINNER, counted) == list(expected.values())


@pytest.mark.parametrize("first_two", [False, True])
def test_shoe_counts_hold_the_number_of_six_card_deals(first_two: bool) -> None:
    assert evaluate(Shoe.standard(1), DrawingRules.standard(), first_two).total == 52 * 51 * 50 * 49 * 48 * 47
    assert evaluate(Shoe.infinite(), DrawingRules.standard(), first_two).total == 52**6
