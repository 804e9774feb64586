"""The pay tables houses publish for Three Card Poker's bets, each with the source of its figures.

``--pay-table BET:NAME`` chooses one (``pair_plus:40-30-6-4-1``, ``ante:5-3-1``); the published
set has a par sheet for each (:data:`PAY_TABLES`).  The first table of a bet is the built-in one.
A table's name is its pays from the best hand down (the 6-Card Bonus's leaves out the royal's
1,000 and the straight flush's 200, which every table shares).

>>> [table.key for table in PAY_TABLES][:4]
['ante:5-4-1', 'ante:5-3-1', 'ante:4-3-1', 'pair_plus:40-30-6-3-1']
>>> dict(PAY_TABLES[-1].pays)["four of a kind"], PAY_TABLES[0].label
(50, 'ante bonus 5-4-1')
"""

from __future__ import annotations

from cardmath.games.three_card_poker.hands import CATEGORIES, SIX_CARD_CATEGORIES
from cardmath.pay_tables import PayTable

__all__ = ["PAY_TABLES"]

_GROCHOWSKI = (
    "J. Grochowski, 'The Three Card Poker problem', Casino City Times (28 December 2017) and 'Three Card "
    "Poker and Pair Plus', Casino City Times (8 July 2021)"
)
_SHEET = "a casino's Three Card Poker rules sheet (docslib.org, 'Three Card Poker')"
_OWN = "; no published house edge was found: the figure is cardmath's own"

_ANTE_BONUS = ("straight flush bonus", "three of a kind bonus", "straight bonus")
_HANDS = {"ante": _ANTE_BONUS, "pair_plus": tuple(reversed(CATEGORIES[1:])), "six_card": SIX_CARD_CATEGORIES}
_JACOBSON = "E. Jacobson, 'Three Card Poker Hole-Card Play: Update #1', 2015: 3.3730%"
_SOURCES = {
    "ante:5-4-1": f"the usual ante bonus: house edge 3.37%, element of risk 2.01% ({_GROCHOWSKI}; "
    f"{_JACOBSON})",
    "ante:5-3-1": "element of risk 2.16% (J. Grochowski, 'Three Card Poker is easy, fun and a good bet', "
    "poker-corner.com)",
    "ante:4-3-1": _SHEET + _OWN,
    "pair_plus:40-30-6-3-1": f"the usual table: house edge 7.28% ({_GROCHOWSKI})",
    "pair_plus:40-30-6-4-1": f"the original table: house edge 2.32% ({_GROCHOWSKI})",
    "pair_plus:40-30-5-4-1": "house edge 5.57% (Casino City, 'A rare Pair Plus payout at Three Card Poker')",
    "pair_plus:40-25-6-4-1": _SHEET + _OWN,
    "pair_plus:35-25-5-3-1": "4jacks.com, 'Rules for Three-Card Poker'" + _OWN,
    "six_card:100-20-15-10-7": "a common table, house edge 'just over 8.5%' (My Poker Coaching, 'What is a "
    "6-Card Bonus in 3-Card Poker?', 2024)",
    "six_card:50-25-20-10-5": "house edge 10.23% (table-games-online.com, 'Three Card Poker rules'); "
    "cardmath's exact figure, 15306/149695, is 10.2248%",
    "six_card:50-25-15-10-5": "Two Kings Casino's guide to Three Card Poker" + _OWN,
}


def _table(key: str, source: str) -> PayTable:
    bet, name = key.split(":")
    pays = [int(part) for part in name.split("-")]
    if bet == "six_card":
        pays = [1000, 200, *pays]
    label = f"ante bonus {name}" if bet == "ante" else name
    return PayTable.define(bet, name, dict(zip(_HANDS[bet], pays, strict=True)), source, label=label)


PAY_TABLES: tuple[PayTable, ...] = tuple(_table(key, source) for key, source in _SOURCES.items())
"""Every catalogued pay table, bet by bet; the first of a bet is the pay the built-in bet has."""
