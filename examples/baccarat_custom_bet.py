"""A user-defined baccarat side bet: a rule and a pay table, nothing more.

"Lucky 6" wins when the banker wins with a total of 6: it pays 12 to 1 with two cards and 20 to 1
with three.  The rule reads the final deal (totals, number of cards, winner); the engine counts
every deal exactly for any shoe.  A second bet, "Both Pairs", reads how each hand's first two
cards match, so it is defined with ``reads=Reads.FIRST_TWO``; a third, "Nine Lead", reads the
values of the player's first two cards, so it is defined with ``reads=Reads.FIRST_VALUES``; a
fourth, "Suited Start", reads the player's first two cards themselves (rank and suit): it pays 2
to 1 when they are of one suit, so it is defined with ``reads=Reads.FIRST_CARDS``.

Run with ``python examples/baccarat_custom_bet.py``.
"""

from __future__ import annotations

from cardmath.games.baccarat import BaccaratRules, Bet, Deal, Reads, analyze, analyze_many, solve_pay
from cardmath.output import decimal_text, percent_text
from cardmath.shoe import Shoe


def lucky_6(deal: Deal) -> str:
    """Which line of the pay table a final deal is."""
    if deal.winner == "banker" and deal.banker_total == 6:
        return f"banker wins with a {deal.banker_cards}-card 6"
    return "anything else"


LUCKY_6 = Bet.define(
    "lucky_6",
    lucky_6,
    {"banker wins with a 2-card 6": 12, "banker wins with a 3-card 6": 20, "anything else": -1},
    description="the banker wins with a total of 6",
)


def both_pairs(deal: Deal) -> str:
    """Wins when both hands start with a pair (two cards of one rank)."""
    pairs = deal.player_first_two, deal.banker_first_two
    return "both hands paired" if all(p is not None and p.is_pair for p in pairs) else "anything else"


BOTH_PAIRS = Bet.define(
    "both_pairs", both_pairs, {"both hands paired": 150, "anything else": -1}, reads=Reads.FIRST_TWO
)


def nine_lead(deal: Deal) -> str:
    """Wins when the player's first card is worth 9 and the player wins."""
    values = deal.player_first_values
    return (
        "player wins after a first 9"
        if values and values[0] == 9 and deal.winner == "player"
        else "anything else"
    )


NINE_LEAD = Bet.define(
    "nine_lead", nine_lead, {"player wins after a first 9": 20, "anything else": -1}, reads=Reads.FIRST_VALUES
)


def suited_start(deal: Deal) -> str:
    """Wins when the player's first two cards are of one suit."""
    cards = deal.player_first_cards
    return "suited" if cards and cards[0].suit == cards[1].suit else "not suited"


SUITED_START = Bet.define(
    "suited_start", suited_start, {"suited": 2, "not suited": -1}, reads=Reads.FIRST_CARDS
)


def main() -> None:
    shoe = Shoe.standard(8)
    result = analyze(shoe, bets=[LUCKY_6, BOTH_PAIRS, "banker"])
    print(f"Lucky 6 on {shoe.describe()} ({result.total_combinations:,} deals counted):")
    sheet = result.bets["lucky_6"]
    for outcome in sheet.outcomes:
        print(
            f"  {outcome.name:<28} pays {outcome.pays!s:>3}  {outcome.combinations:>20,}"
            f"  probability {decimal_text(outcome.probability, 6)}"
        )
    print(f"  house edge {percent_text(sheet.house_edge)} (exactly {sheet.house_edge})")
    print(f"  standard deviation {float(sheet.standard_deviation):.4f} per unit bet")
    # A bet of one's own is named in BET:OUTCOME and given in bets.
    fair = solve_pay(shoe, BaccaratRules(), "lucky_6:banker wins with a 3-card 6", 0, bets=[LUCKY_6]).pay
    print(f"  a three-card 6 would have to pay {decimal_text(fair, 4)} to 1 for a fair bet")

    shoes = [*(Shoe.standard(d) for d in (1, 2, 4, 6, 8)), Shoe.infinite()]
    edges = analyze_many(shoes, bets=[LUCKY_6])
    print("Lucky 6 house edge by shoe:")
    for each, row in zip(shoes, edges, strict=True):
        print(f"  {each.describe():<16} {percent_text(row['lucky_6'])}")

    pairs = result.bets["both_pairs"]
    print(
        f"Both Pairs at 150 to 1 on {shoe.describe()}: wins {decimal_text(pairs.hit_frequency, 6)} of deals,"
    )
    print(f"  house edge {percent_text(pairs.house_edge)}")

    lead = analyze(shoe, bets=[NINE_LEAD]).bets["nine_lead"]
    print(f"Nine Lead at 20 to 1 on {shoe.describe()}: wins {decimal_text(lead.hit_frequency, 6)} of deals,")
    print(f"  house edge {percent_text(lead.house_edge)}")

    suited = analyze(shoe, bets=[SUITED_START]).bets["suited_start"]
    print(f"Suited Start at 2 to 1 on {shoe.describe()}: wins {suited.outcomes[0].probability} of deals,")
    print(f"  house edge {percent_text(suited.house_edge)} (exactly {suited.house_edge})")
    one_deck = analyze(Shoe.standard(1), bets=[SUITED_START]).bets["suited_start"]
    print(f"  on 1 deck: house edge {percent_text(one_deck.house_edge)} (exactly {one_deck.house_edge})")


if __name__ == "__main__":
    main()
