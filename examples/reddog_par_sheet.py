"""A Red Dog par sheet for a casino's own pay table.

A casino deals Red Dog from six decks and wants to pay 6 to 1 on spread 1 and 12 to 1 on three of a
kind, more than the standard 5 to 1 and 11 to 1. What does that cost? The script prints the par
sheet of the new table, its figures next to the standard table's, and the raise strategy.
"""

from __future__ import annotations

import cardmath
from cardmath.games import reddog
from cardmath.output import percent_text, render_table

shoe = cardmath.Shoe.standard(decks=6)
standard = reddog.analyze(shoe)
casino = reddog.analyze(shoe, reddog.RedDogRules(spread_pays="6,4,2,1", trips_pays=12))

par_sheet, figures, strategy, *_ = reddog.result_tables(casino)
print(render_table(par_sheet, "simple"))
print()
print(f"{'':32}{'standard 5,4,2,1 / 11':>24}{'casino 6,4,2,1 / 12':>24}")
for name, attribute in (
    ("house edge", "house_edge"),
    ("house edge, never raising", "house_edge_no_raise"),
    ("element of risk", "element_of_risk"),
    ("hit frequency", "hit_frequency"),
):
    old, new = getattr(standard, attribute), getattr(casino, attribute)
    print(f"{name:32}{percent_text(old):>24}{percent_text(new):>24}")
deviations = float(standard.standard_deviation), float(casino.standard_deviation)
print(f"{'standard deviation':32}{deviations[0]:>24.4f}{deviations[1]:>24.4f}")
print()
print(f"exact house edge, casino table: {casino.house_edge}")
print(f"raise on spreads: {', '.join(map(str, casino.raise_on_spreads))}")
print()
print(render_table(strategy, "simple"))
