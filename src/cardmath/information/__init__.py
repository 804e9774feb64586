"""The exact value of what a player can see before a bet is settled.

Edge sorting (a card's back tells which group it is in), a card exposed by the dealer, a squeeze
revealing the cards one at a time: each is *knowledge* of some positions of the deal.  This package
states it as data (:mod:`cardmath.information.knowledge`) and answers, exactly, on any shoe
(:mod:`cardmath.information.analysis`): each bet's value given a pattern, the table of every
pattern with its best bet, the player's edge with and without sitting out, and the best sort of
the cards into groups.

>>> from cardmath.games.baccarat import GAME
>>> from cardmath.shoe import Shoe
>>> sort = read_grouping("6789", tuple("0123456789"))
>>> table = pattern_table(GAME, Shoe.standard(8), ["P1"], grouping=sort, bets=["player", "banker", "tie"])
>>> round(float(table.edge_sitting_out) * 100, 3)  # Player on 6 to 9, Banker on the rest
6.765
"""

from cardmath.information.analysis import (
    NOT_DEALT,
    Conditional,
    Pattern,
    PatternTable,
    SortResult,
    best_sorts,
    conditional,
    known_tally,
    pattern_table,
)
from cardmath.information.knowledge import (
    Grouping,
    category_index,
    every_grouping,
    read_categories,
    read_given,
    read_grouping,
)
from cardmath.information.tables import conditional_tables, patterns_table, sorts_table

__all__ = [
    "NOT_DEALT",
    "Conditional",
    "Grouping",
    "Pattern",
    "PatternTable",
    "SortResult",
    "best_sorts",
    "category_index",
    "conditional",
    "conditional_tables",
    "every_grouping",
    "known_tally",
    "pattern_table",
    "patterns_table",
    "read_categories",
    "read_given",
    "read_grouping",
    "sorts_table",
]
