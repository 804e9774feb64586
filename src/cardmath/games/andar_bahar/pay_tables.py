"""The pay tables of Andar Bahar's bets, each with the source of its figures.

``--pay-table BET:NAME`` chooses one (``andar:19-20``); the published set has a par sheet for each
(:data:`PAY_TABLES`).  The first table of a bet is the built-in one (with the first card to Andar).

>>> [table.key for table in PAY_TABLES][:3]
['andar:9-10', 'andar:19-20', 'bahar:1']
"""

from __future__ import annotations

from cardmath.pay_tables import PayTable

__all__ = ["PAY_TABLES"]

_SIDES = (
    "the side dealt first pays 0.9 to 1 (1.9 for 1), the other even money (gamblingbaba.com and "
    "walkthroughindia.com, 'How to play Andar Bahar'); the Wizard of Odds' Andar Bahar page: one deck, "
    "'the payout for an Andar win can be either 0.9 to 1 or 0.95 to 1'"
)
_RANGES = (
    "the pays commonly quoted for live-dealer tables, 3.5, 4.5, 5.5, 4.5, 15, 25, 50 and 120 for 1 "
    "(2.5 to 1 ... 119 to 1); no house's own rules sheet could be read to confirm them"
)

PAY_TABLES: tuple[PayTable, ...] = (
    PayTable.define("andar", "9-10", {"win": "9/10"}, _SIDES, label="0.9 to 1"),
    PayTable.define("andar", "19-20", {"win": "19/20"}, _SIDES, label="0.95 to 1"),
    PayTable.define("bahar", "1", {"win": 1}, _SIDES, label="1 to 1"),
    PayTable.define(
        "bahar", "9-10", {"win": "9/10"}, _SIDES + "; with the first card to Bahar", label="0.9 to 1"
    ),
    PayTable.define("cards_1_5", "live", {"win": "5/2"}, _RANGES, label="3.5 for 1"),
    PayTable.define("cards_41_or_more", "live", {"win": 119}, _RANGES, label="120 for 1"),
)
"""Every catalogued pay table, bet by bet; the first of a bet is the pay the built-in bet has."""
