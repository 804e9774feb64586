"""A Red Dog par sheet for a casino's own pay table.

A casino deals Red Dog from six decks and wants to pay 6 to 1 on spread 1 and 12 to 1 on three of a
kind, more than the standard 5 to 1 and 11 to 1. What does that cost? The script prints the par
sheet of the new table, its figures next to the standard table's, and the raise strategy.
"""

from __future__ import annotations

from typing import Any

import cardmath
from cardmath.engine import CatalogueResult
from cardmath.games import reddog
from cardmath.output import percent_text, render_table

shoe = cardmath.Shoe.standard(decks=6)
standard = reddog.analyze(shoe)
casino = reddog.analyze(shoe, reddog.RedDogRules(spread_pays="6,4,2,1", trips_pays=12))


def figures(result: CatalogueResult[reddog.RedDogRules]) -> dict[str, Any]:
    """The figures compared below: Red Dog's one bet, ``reddog``, and its raise decision."""
    sheet, raise_plan = result.bets["reddog"], result.decisions["reddog"]
    return {
        "house edge": sheet.house_edge,
        # the expected value of a player who never raises, as a house edge
        "house edge, never raising": -raise_plan.value_always("stand"),
        "element of risk": sheet.element_of_risk,
        "hit frequency": sheet.hit_frequency,
        "standard deviation": sheet.standard_deviation,
    }


par_sheet, *_, strategy = reddog.GAME.tables(casino)
print(render_table(par_sheet, "simple"))
print()
print(f"{'':32}{'standard 5,4,2,1 / 11':>24}{'casino 6,4,2,1 / 12':>24}")
old, new = figures(standard), figures(casino)
for name in old:
    if name == "standard deviation":
        print(f"{name:32}{float(old[name]):>24.4f}{float(new[name]):>24.4f}")
    else:
        print(f"{name:32}{percent_text(old[name]):>24}{percent_text(new[name]):>24}")
print()
print(f"exact house edge, casino table: {new['house edge']}")
print(f"raise on spreads: {', '.join(map(str, casino.decisions['reddog'].choosing('raise')))}")
print()
print(render_table(strategy, "simple"))
