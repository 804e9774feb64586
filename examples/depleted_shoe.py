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
FRESH_RAISES = (7, 8, 9, 10, 11)

fresh = cardmath.Shoe.standard(decks=1)
depleted = fresh.without(SEEN)

before = reddog.analyze(fresh)
after = reddog.analyze(depleted)
kept_strategy = reddog.expected_value(depleted, raise_on_spreads=FRESH_RAISES)

print(f"cards seen: {SEEN} ({fresh.size - depleted.size} cards, {depleted.size} left)")
print()
print(f"fresh deck:    house edge {before.house_edge} = {percent_text(before.house_edge)}")
print(f"               raise on spreads {', '.join(map(str, before.raise_on_spreads))}")
print(f"depleted deck: house edge {after.house_edge} = {percent_text(after.house_edge)}")
print(f"               raise on spreads {', '.join(map(str, after.raise_on_spreads))}")
print()
print("player's expected value per initial bet on the depleted deck:")
print(f"  raising as on a fresh deck (spreads 7-11): {kept_strategy} = {percent_text(kept_strategy)}")
print(
    f"  raising as the depleted deck says:         {after.expected_value}"
    f" = {percent_text(after.expected_value)}"
)
print()
print("per spread, on the depleted deck:")
for decision in after.spread_decisions:
    if decision.win_probability is None:
        continue
    print(
        f"  spread {decision.spread:2}: wins with probability {decision.win_probability}, "
        f"a raise gains {decision.raise_gain} per unit -> {'raise' if decision.raised else 'do not raise'}"
    )
