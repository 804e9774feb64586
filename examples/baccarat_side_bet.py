"""Designing a baccarat side bet: the pay that gives a 5% house edge.

A casino wants a new side bet on its eight-deck baccarat game, "Banker Natural 9": it wins when
the banker wins with a natural 9 (a two-card 9). What should it pay for a house edge of 5%? The
script defines the bet from its rule and pay table, solves for the exact pay, and shows the house
edge of the whole-number pays around it; then it does the same for the tie bet.
"""

from __future__ import annotations

import math

from sympy import Rational

from cardmath.games import baccarat
from cardmath.output import decimal_text, percent_text
from cardmath.shoe import Shoe

TARGET = Rational(5, 100)
shoe = Shoe.standard(decks=8)
rules = baccarat.BaccaratRules()  # a 5% commission, the tie paying 8 to 1


def banker_natural_9(deal: baccarat.Deal) -> str:
    """The bet's rule: which outcome a final deal is."""
    won = deal.winner == "banker" and deal.banker_natural and deal.banker_total == 9
    return "banker wins with a natural 9" if won else "anything else"


bet = baccarat.Bet.define(
    "banker_natural_9",
    banker_natural_9,
    {"banker wins with a natural 9": 8, "anything else": -1},
    description="the banker wins with a two-card 9",
)

pay = baccarat.solve_pay(shoe, rules, "banker_natural_9:banker wins with a natural 9", TARGET, bets=[bet]).pay
print(f"Banker Natural 9 on {shoe.describe()}: a {percent_text(TARGET, 0)} house edge needs a pay of")
print(f"  {pay} = {decimal_text(pay, 6)} to 1")
for whole in (math.floor(pay), math.ceil(pay)):
    sheet = baccarat.analyze(shoe, rules, bets=[bet.with_pay("banker wins with a natural 9", whole)]).bets[
        bet.name
    ]
    print(f"  at {whole} to 1 the house edge is {percent_text(sheet.house_edge)}")
win = baccarat.analyze(shoe, rules, bets=[bet]).bets[bet.name].outcomes[0]
deals = f"{shoe.size}·{shoe.size - 1}·…·{shoe.size - 5}"
print(f"  (it wins {win.combinations:,} of the {deals} deals: probability {win.probability})")
print()

tie_pay = baccarat.solve_pay(shoe, rules, "tie:tie", TARGET).pay
print(f"Tie on {shoe.describe()}: a {percent_text(TARGET, 0)} house edge needs a pay of")
print(f"  {tie_pay} = {decimal_text(tie_pay, 6)} to 1")
for whole in (8, 9):
    edge = baccarat.analyze(shoe, baccarat.BaccaratRules(tie_pays=whole), bets=["tie"]).bets["tie"].house_edge
    print(f"  at {whole} to 1 the house edge is {percent_text(edge)}")
