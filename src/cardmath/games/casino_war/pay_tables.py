"""The pay tables houses publish for Casino War's bets, each with the source of its figures.

``--pay-table BET:NAME`` chooses one (``tie:11``, ``main:bonus-1``); the published table set has
a par sheet for each (:data:`PAY_TABLES`).  A table names only the pays it sets; the first table
of a bet is the pay the built-in bet has.

>>> [table.key for table in PAY_TABLES]
['main:no-bonus', 'main:bonus-1', 'tie:10', 'tie:11']
"""

from __future__ import annotations

from cardmath.pay_tables import PayTable

__all__ = ["PAY_TABLES", "WIZARD"]

WIZARD = (
    "Wizard of Odds, Casino War (wizardofodds.com/games/casino-war/), six decks: going to war 2.88%, "
    "surrendering 3.70%, the tie bet at 10 to 1 18.65%, with a bonus on a tie after a war 2.33%"
)
"""Where the house edges are published: Michael Shackleford's Casino War page."""

_BONUS = (
    "a tie after a war pays a bonus equal to the bet: Wynn and Sands, Macau (Wizard of Macau, "
    "wizardofmacau.com/en/games/war), Casino Niagara (Ask the Wizard #17, "
    "wizardofodds.com/ask-the-wizard/17/: 2.88% becomes 2.33%); "
)

PAY_TABLES: tuple[PayTable, ...] = (
    PayTable.define("main", "no-bonus", {"bonus": 0}, WIZARD, label="no war tie bonus"),
    PayTable.define("main", "bonus-1", {"bonus": 1}, _BONUS + WIZARD, label="war tie bonus 1"),
    PayTable.define(
        "tie",
        "10",
        {"tie": 10},
        "the usual pay (Wizard of Macau; Victoria Gate Casino's rules); " + WIZARD,
        label="10 to 1",
    ),
    PayTable.define(
        "tie",
        "11",
        {"tie": 11},
        "no house's rules at this pay were found: the figure is cardmath's own",
        label="11 to 1",
    ),
)
"""Every catalogued pay table, bet by bet; the first of a bet is the pay the built-in bet has."""
