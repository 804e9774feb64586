"""Baccarat bets users define: rules on the first two cards' values, and on the cards themselves
(rank and suit), against the naive physical-card oracle, batches, closed forms and pays."""

from __future__ import annotations

import pytest
from sympy import Rational

from cardmath.cards import FULL_DECK, Card, Rank
from cardmath.errors import OptionError
from cardmath.exact import DECKS
from cardmath.games.baccarat import (
    BaccaratRules,
    Bet,
    Deal,
    Reads,
    analyze,
    analyze_many,
    closed_form,
    effects_of_removal,
    solve_pay,
)
from cardmath.shoe import Shoe
from tests.oracles.baccarat_naive import first_card_counts, first_value_counts

RULES = BaccaratRules()

ORACLE_SHOES = {
    "1 deck": Shoe.standard(1),
    "1 deck less aces and fives": Shoe.standard(1).without("As,Ah,Ad,5c,5d,Kc,9s"),
}


# --- rules on the values of the first two cards ------------------------------------------------


def leading_card(deal: Deal) -> str:
    player, banker = deal.player_first_values, deal.banker_first_values
    assert player is not None and banker is not None
    if player[1] == 0 and banker[1] == 0:
        return "both second cards worth 0"
    lead = "player leads" if player[0] > banker[0] else "banker leads" if banker[0] > player[0] else "level"
    return f"{deal.winner}, {lead}"


LEADING_CARD = Bet.define(
    "leading card",
    leading_card,
    {
        "both second cards worth 0": 0,
        **{
            f"{w}, {lead}": 0
            for w in ("player", "banker", "tie")
            for lead in ("player leads", "banker leads", "level")
        },
    },
    reads=Reads.FIRST_VALUES,
)


@pytest.mark.parametrize("name", ["1 deck", "1 deck less aces and fives"])
def test_rules_on_first_values_match_the_naive_oracle(name: str) -> None:
    shoe = ORACLE_SHOES[name]
    expected = dict.fromkeys(LEADING_CARD.outcomes(), 0)
    for (p, b, pc, bc, player, banker), n in first_value_counts(list(shoe.rank_counts())).items():
        expected[leading_card(Deal(p, b, pc, bc, None, None, None, None, player, banker))] += n
    sheet = analyze(shoe, bets=[LEADING_CARD, "tie"]).bets["leading card"]
    assert {o.name: o.combinations for o in sheet.outcomes} == expected


def test_rules_on_first_values_in_batches_closed_forms_and_effects_of_removal() -> None:
    shoes = [Shoe.standard(1), Shoe.standard(2), Shoe.infinite()]
    batch = analyze_many(shoes, bets=[LEADING_CARD, "banker"])
    for shoe, edges in zip(shoes, batch, strict=True):
        single = analyze(shoe, bets=[LEADING_CARD, "banker"])
        assert edges == {name: sheet.house_edge for name, sheet in single.bets.items()}

    def leads_and_wins(deal: Deal) -> str:
        player, banker = deal.player_first_values, deal.banker_first_values
        assert player is not None and banker is not None
        return "win" if deal.winner == "player" and player > banker else "lose"

    win = Bet.define(
        "player leads and wins", leads_and_wins, {"win": 5, "lose": -1}, reads=Reads.FIRST_VALUES
    )
    (form,) = closed_form(bets=[win])
    assert (form.name, form.label) == (win.name, win.display_name)
    expression, limit = form.house_edge, form.limit
    for decks in (1, 2, 8):
        assert (
            expression.subs(DECKS, decks)
            == analyze(Shoe.standard(decks), bets=[win]).bets[win.name].house_edge
        )
    assert limit == analyze(Shoe.infinite(), bets=[win]).bets[win.name].house_edge
    effects = effects_of_removal(Shoe.standard(1), bets=[win])[win.name]
    weights = Shoe.standard(1).rank_counts()
    assert sum(effects[rank] * weights[rank.index] for rank in effects) == 0


def test_a_bet_reads_matches_or_values_of_the_first_two_cards_not_both() -> None:
    with pytest.raises(OptionError, match="not both"):
        Bet.define("both", leading_card, {"x": 1}, reads="first_two,first_values")


# --- rules on the first two cards themselves (rank and suit) -------------------------------------


def suited_start(deal: Deal) -> str:
    cards = deal.player_first_cards
    assert cards is not None
    return "suited" if cards[0].suit == cards[1].suit else "not suited"


SUITED_START = Bet.define(
    "suited start", suited_start, {"suited": 2, "not suited": -1}, reads=Reads.FIRST_CARDS
)


def suited_by_winner(deal: Deal) -> str:
    return f"{deal.winner}, {suited_start(deal)}"


SUITED_BY_WINNER = Bet.define(
    "suited by winner",
    suited_by_winner,
    {f"{w}, {s}": 0 for w in ("player", "banker", "tie") for s in ("suited", "not suited")},
    reads=Reads.FIRST_CARDS,
)


def banker_suited_king_queen(deal: Deal) -> str:
    cards = deal.banker_first_cards
    assert cards is not None
    ranks = {card.rank for card in cards}
    return "win" if ranks == {Rank.KING, Rank.QUEEN} and cards[0].suit == cards[1].suit else "lose"


BANKER_KQ = Bet.define(
    "banker suited K-Q", banker_suited_king_queen, {"win": 50, "lose": -1}, reads=Reads.FIRST_CARDS
)


def ace_of_hearts_draws_and_wins(deal: Deal) -> str:
    cards = deal.player_first_cards
    assert cards is not None
    return (
        "win" if Card.parse("Ah") in cards and deal.player_cards == 3 and deal.winner == "player" else "lose"
    )


ACE_OF_HEARTS = Bet.define(
    "ace of hearts", ace_of_hearts_draws_and_wins, {"win": 90, "lose": -1}, reads=Reads.FIRST_CARDS
)


def _oracle_label(player: tuple[int, int], banker: tuple[int, int]) -> tuple[bool, bool, bool]:
    """The three bets' readings of the first cards, from card numbers (rank * 4 + suit)."""
    king, queen, ace_of_hearts = 11, 10, 12 * 4 + 2
    suited = player[0] % 4 == player[1] % 4
    king_queen = {banker[0] // 4, banker[1] // 4} == {king, queen} and banker[0] % 4 == banker[1] % 4
    return suited, king_queen, ace_of_hearts in player


CARD_ORACLE_SHOES = {
    "1 deck": Shoe.standard(1),
    # Repeated cards (two of most), some cards gone altogether, some once.
    "2 decks less some cards": Shoe.standard(2).without(
        "As,Ah,Ks,Kd,Qh,Qh,5c,5c,5d,9s,9s,9h,2c,2c,2d,2d,Tc,Tc,Jh,Jh,Js,Js,7d,7d,7c,7c,3s,3s,3h,3h,4c,4c"
    ),
}


@pytest.mark.parametrize("name", list(CARD_ORACLE_SHOES))
def test_rules_on_first_cards_match_the_naive_card_oracle(name: str) -> None:
    shoe = CARD_ORACLE_SHOES[name]
    bets = (SUITED_BY_WINNER, BANKER_KQ, ACE_OF_HEARTS)
    expected: dict[str, dict[str, int]] = {bet.name: dict.fromkeys(bet.outcomes(), 0) for bet in bets}
    for (p, b, pc, _, (suited, king_queen, ace)), n in first_card_counts(
        list(shoe.card_counts), _oracle_label
    ).items():
        winner = "player" if p > b else "banker" if b > p else "tie"
        expected[SUITED_BY_WINNER.name][f"{winner}, {'suited' if suited else 'not suited'}"] += n
        expected[BANKER_KQ.name]["win" if king_queen else "lose"] += n
        expected[ACE_OF_HEARTS.name]["win" if ace and pc == 3 and winner == "player" else "lose"] += n
    result = analyze(shoe, bets=[*bets, SUITED_START, "player"])
    for bet in bets:
        assert {o.name: o.combinations for o in result.bets[bet.name].outcomes} == expected[bet.name]
    assert all(expected[bet.name][o] > 0 for bet in bets for o in bet.outcomes())
    for sheet in result.bets.values():
        assert sheet.probability_total == 1
        assert sum(o.combinations or 0 for o in sheet.outcomes) == result.total_combinations


def test_suited_start_on_fresh_shoes_is_the_chance_of_a_suited_second_card() -> None:
    # The second card of the player's hand matches the first's suit in (4 d - 1) of 52 d - 1.
    for decks in (1, 2, 8):
        sheet = analyze(Shoe.standard(decks), bets=[SUITED_START]).bets[SUITED_START.name]
        assert sheet.outcomes[0].probability == Rational(13 * decks - 1, 52 * decks - 1)
    infinite = analyze(Shoe.infinite(), bets=[SUITED_START]).bets[SUITED_START.name]
    assert infinite.house_edge == Rational(1, 4)


def _values_read_from_cards(deal: Deal) -> str:
    # A first_cards rule that reads only the values it is given, not the cards.
    assert deal.player_first_cards is not None and deal.banker_first_cards is not None
    return leading_card(deal)


@pytest.mark.parametrize(
    "shoe", [Shoe.standard(8), CARD_ORACLE_SHOES["2 decks less some cards"], Shoe.infinite()]
)
def test_a_first_cards_rule_on_values_counts_as_the_same_rule_on_first_values(shoe: Shoe) -> None:
    on_cards = Bet.define(
        "on cards", _values_read_from_cards, dict(LEADING_CARD.pays), reads=Reads.FIRST_CARDS
    )
    result = analyze(shoe, bets=[on_cards, LEADING_CARD])
    cards, values = result.bets["on cards"], result.bets[LEADING_CARD.name]
    assert [o.probability for o in cards.outcomes] == [o.probability for o in values.outcomes]
    assert [o.combinations for o in cards.outcomes] == [o.combinations for o in values.outcomes]
    assert cards.probability_total == 1


def test_rules_on_first_cards_in_batches_closed_forms_pays_and_effects_of_removal() -> None:
    shoes = [Shoe.standard(1), CARD_ORACLE_SHOES["2 decks less some cards"], Shoe.infinite()]
    bets: list[str | Bet] = [SUITED_START, BANKER_KQ, "banker", "player_pair"]
    for shoe, edges in zip(shoes, analyze_many(shoes, bets=bets), strict=True):
        single = analyze(shoe, bets=bets)
        assert edges == {name: sheet.house_edge for name, sheet in single.bets.items()}
    # a bet of one's own is named in BET:OUTCOME and given in bets
    solved = solve_pay(Shoe.standard(1), RULES, "suited start:suited", bets=[SUITED_START])
    assert (solved.pay, solved.solved_for) == (Rational(13, 4), "suited start: suited")
    assert solve_pay(Shoe.infinite(), RULES, "suited start:suited", bets=[SUITED_START]).pay == 3
    with pytest.raises(OptionError, match="unknown Baccarat bet 'suited start'"):
        solve_pay(Shoe.standard(1), RULES, "suited start:suited")
    (form,) = closed_form(bets=[SUITED_BY_WINNER.with_pay("tie, suited", 8).with_pay("banker, suited", -1)])
    expression, limit = form.house_edge, form.limit
    for decks in (1, 3, 8):
        edge = analyze(
            Shoe.standard(decks),
            bets=[SUITED_BY_WINNER.with_pay("tie, suited", 8).with_pay("banker, suited", -1)],
        )
        assert expression.subs(DECKS, decks) == edge.bets[SUITED_BY_WINNER.name].house_edge
    assert (
        limit
        == analyze(
            Shoe.infinite(), bets=[SUITED_BY_WINNER.with_pay("tie, suited", 8).with_pay("banker, suited", -1)]
        )
        .bets[SUITED_BY_WINNER.name]
        .house_edge
    )
    shoe = Shoe.standard(1)
    effects = effects_of_removal(shoe, bets=[SUITED_START])[SUITED_START.name]
    base = analyze(shoe, bets=[SUITED_START]).bets[SUITED_START.name].house_edge
    for rank in (Rank.ACE, Rank.KING, Rank.FIVE):
        smaller = analyze(shoe.without_rank(rank), bets=[SUITED_START]).bets[SUITED_START.name].house_edge
        assert effects[rank] == smaller - base


def test_effects_of_removal_of_a_bet_on_suits_average_over_the_suits_left() -> None:
    # Two decks less some cards: the aces left are one of spades, one of hearts and two each of
    # diamonds and clubs, so which ace is removed changes the chance of a suited start.
    shoe = CARD_ORACLE_SHOES["2 decks less some cards"]
    base = analyze(shoe, bets=[SUITED_START]).bets[SUITED_START.name].house_edge
    change = {
        card: analyze(shoe.without([card]), bets=[SUITED_START]).bets[SUITED_START.name].house_edge - base
        for card in FULL_DECK
        if shoe.count(card)
    }
    aces = [card for card in change if card.rank is Rank.ACE]
    assert len({change[card] for card in aces}) > 1
    effects = effects_of_removal(shoe, bets=[SUITED_START])[SUITED_START.name]
    for rank in Rank:
        cards = [card for card in change if card.rank is rank]
        weighted = sum((shoe.count(card) * change[card] for card in cards), Rational(0))
        assert effects[rank] == weighted / sum(shoe.count(card) for card in cards), rank
    counts = shoe.rank_counts()
    assert sum(counts[rank.index] * effect for rank, effect in effects.items()) == 0


def test_a_bet_reads_the_cards_or_the_matches_of_the_first_two_cards_not_both() -> None:
    with pytest.raises(OptionError, match="not both"):
        Bet.define("both", suited_start, {"suited": 1}, reads="first_cards,first_two")
    # A rule on the cards is given their values too.
    both = Bet.define("values too", _values_read_from_cards, dict(LEADING_CARD.pays), reads=Reads.FIRST_CARDS)
    assert analyze(Shoe.standard(1), bets=[both]).bets["values too"].probability_total == 1
