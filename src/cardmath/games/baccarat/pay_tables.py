"""The pay tables houses publish for baccarat's bets, each with the source of its figures.

``--pay-table BET:NAME`` chooses one (``perfect_pair:25-250``); the published table set has a
par sheet for each (:data:`PAY_TABLES`).  A table names only the pays it sets; the bet's other
outcomes keep theirs.

>>> [table.key for table in PAY_TABLES if table.bet == "perfect_pair"]
['perfect_pair:25', 'perfect_pair:26', 'perfect_pair:25-200', 'perfect_pair:25-250']
"""

from __future__ import annotations

from cardmath.pay_tables import PayTable

__all__ = ["PAY_TABLES", "WIZARD"]

WIZARD = "Wizard of Odds (wizardofodds.com), baccarat"
"""Where most of the figures are published: Michael Shackleford's baccarat pages."""

_PERFECT = "Wizard of Odds (wizardofodds.com/games/baccarat/side-bets/perfect-pairs-ver1, -ver2)"
_NATURAL = (
    "Wizard of Odds (wizardofodds.com/games/baccarat/side-bets/natural-8-and-9); Thorp and Walden (1966)"
)

PAY_TABLES: tuple[PayTable, ...] = (
    PayTable.define("tie", "8", {"tie": 8}, WIZARD, label="8 to 1"),
    PayTable.define("tie", "9", {"tie": 9}, WIZARD, label="9 to 1"),
    PayTable.define(
        "perfect_pair", "25", {"two perfect pairs": 25, "one perfect pair": 25}, _PERFECT, label="25 to 1"
    ),
    PayTable.define(
        "perfect_pair", "26", {"two perfect pairs": 26, "one perfect pair": 26}, _PERFECT, label="26 to 1"
    ),
    PayTable.define(
        "perfect_pair",
        "25-200",
        {"two perfect pairs": 200, "one perfect pair": 25},
        _PERFECT,
        label="25 to 1, both 200 to 1",
    ),
    PayTable.define(
        "perfect_pair",
        "25-250",
        {"two perfect pairs": 250, "one perfect pair": 25},
        _PERFECT,
        label="25 to 1, both 250 to 1",
    ),
    PayTable.define("player_pair", "11", {"pair": 11}, WIZARD, label="11 to 1"),
    PayTable.define("player_pair", "12", {"pair": 12}, WIZARD, label="12 to 1"),
    PayTable.define("banker_pair", "11", {"pair": 11}, WIZARD, label="11 to 1"),
    PayTable.define("banker_pair", "12", {"pair": 12}, WIZARD, label="12 to 1"),
    PayTable.define(
        "dragon_bonus_player",
        "A",
        {"win by 9": 30, "win by 8": 10, "win by 7": 6, "win by 6": 4, "win by 5": 2, "win by 4": 1},
        WIZARD,
        label="30/10/6/4/2/1",
    ),
    PayTable.define(
        "dragon_bonus_banker",
        "A",
        {"win by 9": 30, "win by 8": 10, "win by 7": 6, "win by 6": 4, "win by 5": 2, "win by 4": 1},
        WIZARD,
        label="30/10/6/4/2/1",
    ),
    PayTable.define("dragon_7", "40", {"win": 40}, WIZARD, label="40 to 1"),
    PayTable.define("panda_8", "25", {"win": 25}, WIZARD, label="25 to 1"),
    PayTable.define("banker_natural_8", "9", {"natural 8": 9}, _NATURAL, label="9 to 1"),
    PayTable.define("banker_natural_8", "8", {"natural 8": 8}, _NATURAL, label="8 to 1"),
    PayTable.define("banker_natural_9", "9", {"natural 9": 9}, _NATURAL, label="9 to 1"),
    PayTable.define("banker_natural_9", "8", {"natural 9": 8}, _NATURAL, label="8 to 1"),
    PayTable.define(
        "lucky_6",
        "las-vegas",
        {"three-card win with 6": 23, "two-card win with 6": 12},
        "Wizard of Odds (wizardofodds.com/games/baccarat/side-bets/lucky-6), Las Vegas",
        label="12 to 1, three-card 23 to 1",
    ),
    PayTable.define(
        "lucky_6",
        "macau",
        {"three-card win with 6": 20, "two-card win with 6": 12},
        "Wizard of Odds (wizardofodds.com/games/baccarat/side-bets/lucky-6), Macau",
        label="12 to 1, three-card 20 to 1",
    ),
)
"""Every catalogued pay table, bet by bet; the first of a bet is the pay the built-in bet has."""
