"""The pay tables houses publish for Three Card Poker's bets, each with the source of its figures.

``--pay-table BET:NAME`` chooses one (``pair_plus:40-30-6-4-1``, ``ante:5-3-1``); the published
set has a par sheet for each (:data:`PAY_TABLES`).  The first table of a bet is the built-in one.

>>> [table.key for table in PAY_TABLES][:4]
['ante:5-4-1', 'ante:5-3-1', 'ante:4-3-1', 'pair_plus:40-30-6-3-1']
"""

from __future__ import annotations

from cardmath.games.three_card_poker.hands import CATEGORIES, SIX_CARD_CATEGORIES
from cardmath.pay_tables import PayTable

__all__ = ["PAY_TABLES"]

_GROCHOWSKI = (
    "J. Grochowski, 'The Three Card Poker problem', Casino City Times (28 December 2017) and 'Three Card "
    "Poker and Pair Plus', Casino City Times (8 July 2021)"
)
_RULES_SHEET = "a casino's Three Card Poker rules sheet (docslib.org, 'Three Card Poker')"


def _ante(name: str, straight_flush: int, trips: int, straight: int, source: str) -> PayTable:
    pays = {
        "straight flush bonus": straight_flush,
        "three of a kind bonus": trips,
        "straight bonus": straight,
    }
    return PayTable.define("ante", name, pays, source, label=f"ante bonus {name}")


def _pair_plus(name: str, source: str) -> PayTable:
    values = [int(part) for part in name.split("-")]
    names = tuple(reversed(CATEGORIES[1:]))  # straight flush down to pair
    return PayTable.define("pair_plus", name, dict(zip(names, values, strict=True)), source, label=name)


def _six_card(pays: str, source: str) -> PayTable:
    values = [int(part) for part in pays.split("-")]
    name = "-".join(pays.split("-")[2:])  # the royal's and the straight flush's pays, 1000 and 200, are alike
    pays_of = dict(zip(SIX_CARD_CATEGORIES, values, strict=True))
    return PayTable.define("six_card", name, pays_of, source, label=name)


PAY_TABLES: tuple[PayTable, ...] = (
    _ante(
        "5-4-1",
        5,
        4,
        1,
        "the usual ante bonus: house edge 3.37%, element of risk 2.01% (" + _GROCHOWSKI + "; E. Jacobson, "
        "'Three Card Poker Hole-Card Play: Update #1', 2015: 3.3730%)",
    ),
    _ante(
        "5-3-1",
        5,
        3,
        1,
        "element of risk 2.16% (J. Grochowski, 'Three Card Poker is easy, fun and a good bet', "
        "poker-corner.com)",
    ),
    _ante(
        "4-3-1", 4, 3, 1, _RULES_SHEET + "; no published house edge was found: the figure is cardmath's own"
    ),
    _pair_plus("40-30-6-3-1", "the usual table: house edge 7.28% (" + _GROCHOWSKI + ")"),
    _pair_plus("40-30-6-4-1", "the original table: house edge 2.32% (" + _GROCHOWSKI + ")"),
    _pair_plus(
        "40-30-5-4-1", "house edge 5.57% (Casino City, 'A rare Pair Plus payout at Three Card Poker')"
    ),
    _pair_plus(
        "40-25-6-4-1", _RULES_SHEET + "; no published house edge was found: the figure is cardmath's own"
    ),
    _pair_plus(
        "35-25-5-3-1",
        "4jacks.com, 'Rules for Three-Card Poker'; no published house edge was found: cardmath's own",
    ),
    _six_card(
        "1000-200-100-20-15-10-7",
        "a common table, house edge 'just over 8.5%' (My Poker Coaching, 'What is a 6-Card Bonus in "
        "3-Card Poker?', 2024)",
    ),
    _six_card(
        "1000-200-50-25-20-10-5",
        "house edge 10.23% (table-games-online.com, 'Three Card Poker rules'); cardmath's exact figure, "
        "15306/149695, is 10.2248%",
    ),
    _six_card(
        "1000-200-50-25-15-10-5",
        "Two Kings Casino's guide to Three Card Poker; no published house edge: cardmath's own",
    ),
)
"""Every catalogued pay table, bet by bet; the first of a bet is the pay the built-in bet has."""
