"""The exact effect of a depleted shoe.

Published tables assume a fresh shoe. At a table that does not reshuffle after every round, the
cards already dealt change the odds — sometimes enough to change the best play, or to give the
player the edge. This script takes a single-deck Red Dog game after ten cards have been seen
(three deuces, two threes, three aces and two kings: extreme ranks, which the player wants gone)
and compares it with the fresh deck.
"""

from __future__ import annotations

import cardmath
from cardmath.games import reddog
from cardmath.output import percent_text

SEEN = "2c,2d,2h,3c,3d,Ac,Ad,Ah,Kc,Kd"

fresh = cardmath.Shoe.standard(decks=1)
depleted = fresh.without(SEEN)

before = reddog.analyze(fresh)
after = reddog.analyze(depleted)
# the raise decision the engine made on each shoe, spread by spread
before_raise, after_raise = before.decisions["reddog"], after.decisions["reddog"]
# the fresh deck's strategy card (raise on spreads 7 to 11), kept on the depleted deck
kept_strategy = after_raise.value_with(before_raise.chosen())
best = -after.bets["reddog"].house_edge

print(f"cards seen: {SEEN} ({fresh.size - depleted.size} cards, {depleted.size} left)")
print()
for name, result, plan in (("fresh deck:   ", before, before_raise), ("depleted deck:", after, after_raise)):
    edge = result.bets["reddog"].house_edge
    print(f"{name} house edge {edge} = {percent_text(edge)}")
    print(f"               raise on spreads {', '.join(map(str, plan.choosing('raise')))}")
print()
print("player's expected value per initial bet on the depleted deck:")
print(f"  raising as on a fresh deck (spreads 7-11): {kept_strategy} = {percent_text(kept_strategy)}")
print(f"  raising as the depleted deck says:         {best} = {percent_text(best)}")
print()
print("per spread, on the depleted deck:")
chances = {outcome.name: outcome.probability for outcome in after.bets["reddog"]}
for spread in reddog.SPREADS:
    if spread not in after_raise.chosen():  # a spread the deck can no longer deal
        continue
    hand = after_raise.probability(spread)
    won = sum(chances.get(reddog.outcome_name(spread, raised, True), 0) for raised in (True, False))
    # what the hands of this spread add to the expected value unraised, per hand: the gain of a raise
    gain = after_raise.value(spread, "stand") / hand
    choice = "raise" if spread in after_raise.choosing("raise") else "do not raise"
    print(
        f"  spread {spread:2}: wins with probability {won / hand}, a raise gains {gain} per unit -> {choice}"
    )
