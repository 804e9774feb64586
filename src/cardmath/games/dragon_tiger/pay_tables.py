"""The pay tables houses publish for Dragon Tiger's bets, each with the source of its figures.

``--pay-table BET:NAME`` chooses one (``tie:11``); the published table set has a par sheet for
each (:data:`PAY_TABLES`).  A table names only the pays it sets; the bet's other outcomes keep
theirs.  The first table of a bet is the pay the built-in bet has.

>>> [table.key for table in PAY_TABLES if table.bet in ("tie", "suited_tie")]
['tie:8', 'tie:10', 'tie:11', 'suited_tie:50']
"""

from __future__ import annotations

from cardmath.games.dragon_tiger.rules import Side
from cardmath.pay_tables import PayTable

__all__ = ["PAY_TABLES", "WIZARD"]

WIZARD = "Wizard of Odds (wizardofodds.com/games/dragon-tiger/), 8 decks"
"""Where the house edges are published: Michael Shackleford's Dragon Tiger page."""

_EVOLUTION = (
    "Evolution's live Dragon Tiger (livedealer.org, 2018: tie 11 to 1, suited tie 50 to 1, "
    "return 89.64% and 86.02%); " + WIZARD
)
_PLAYTECH_TIE = "Playtech's live Dragon Tiger (livedealer.org, 2018: tie 10 to 1); " + WIZARD
_PLAYTECH_CARDS = (
    "Playtech's live Dragon Tiger rules (odd A, 3, 5, 9, J, K; even 2, 4, 6, 8, 10, Q; even money, a 7 loses)"
)


def _card_tables() -> tuple[PayTable, ...]:
    """Big and small (Wizard of Odds, 7.69%), odd and even (Playtech), for each side: even money,
    a 7 loses."""
    return tuple(
        PayTable.define(f"{side}_{kind}", "1", {"win": 1, "seven": -1}, source, label="1 to 1, a 7 loses")
        for side in Side
        for kind, source in (
            ("big", WIZARD),
            ("small", WIZARD),
            ("odd", _PLAYTECH_CARDS),
            ("even", _PLAYTECH_CARDS),
        )
    )


PAY_TABLES: tuple[PayTable, ...] = (
    PayTable.define("tie", "8", {"tie": 8}, WIZARD, label="8 to 1"),
    PayTable.define("tie", "10", {"tie": 10}, _PLAYTECH_TIE, label="10 to 1"),
    PayTable.define("tie", "11", {"tie": 11}, _EVOLUTION, label="11 to 1"),
    PayTable.define("suited_tie", "50", {"suited tie": 50}, _EVOLUTION, label="50 to 1"),
    *_card_tables(),
)
"""Every catalogued pay table, bet by bet; the first of a bet is the pay the built-in bet has."""
