"""The information analysis as tables (:class:`~cardmath.table.Table`), for the command line, the
published set and the site.

- :func:`patterns_table`: every pattern with its chance, each bet's expected value given it and
  the best bet; under it the player's edge (sitting out and every hand) and the value of the
  information;
- :func:`sorts_table`: the best sorts of the cards into groups, with their edges;
- :func:`conditional_tables`: the chance of some facts and each bet's par sheet given them;
- :func:`seen_tables`: the tables of what a player can see that a game publishes.

The first three are made in :mod:`cardmath.information.patterns` and
:mod:`cardmath.information.results`, beside the results they show
(each result's notebook display is the same table), and are exported here too.

Expected values are the player's, in percent of the bet (a house edge with its sign turned).

>>> from cardmath.games.dragon_tiger import GAME
>>> from cardmath.information import pattern_table, read_grouping
>>> from cardmath.shoe import Shoe
>>> ranks = GAME.counter(GAME.default_rules).known_categories()
>>> sort = read_grouping("89TJQK", ranks)
>>> seen = pattern_table(GAME, Shoe.standard(8), ["dragon"], grouping=sort, bets=["dragon", "tiger"])
>>> table = patterns_table(seen)
>>> table.display_title
'Dragon Tiger: the dragon card seen as 89TJQK or 234567A, 8 decks'
>>> table.headers
('dragon card', 'probability', 'dragon', 'tiger', 'best bet', 'best value')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardmath.information.analysis import best_sorts, pattern_table
from cardmath.information.knowledge import read_grouping
from cardmath.information.patterns import patterns_table
from cardmath.information.results import conditional_tables, sorts_table
from cardmath.shoe import Shoe
from cardmath.table import Table

if TYPE_CHECKING:
    from cardmath.engine.definition import SeenTable
    from cardmath.engine.game import CatalogueGame

__all__ = ["conditional_tables", "patterns_table", "seen_tables", "sorts_table"]


def seen_tables(game: CatalogueGame[Any, Any], schemes: Sequence[SeenTable], shoe: Shoe) -> tuple[Table, ...]:
    """The tables of what a player can see that a game publishes, on one shoe.

    Args:
        game: The catalogue game.
        schemes: The tables to make (its definition's ``seen_tables``).
        shoe: The shoe.

    Returns:
        One table per scheme: the patterns of a sort, or the best sorts.
    >>> from cardmath.games.dragon_tiger import GAME
    >>> [table.slug for table in seen_tables(GAME, GAME.definition.seen_tables, Shoe.standard(1))]
    ['seen-dragon-89tjqk-234567a', 'best-sorts-dragon-2-groups']
    """
    tables = []
    for scheme in schemes:
        if scheme.groups:
            categories = game.counter(game.default_rules).known_categories()
            grouping = read_grouping(scheme.groups, categories)
            seen = pattern_table(game, shoe, scheme.positions, grouping=grouping, bets=scheme.bets)
            tables.append(patterns_table(seen))
        else:
            found = best_sorts(game, shoe, scheme.positions, scheme.bets, top=scheme.best)
            tables.append(sorts_table(found, game.short_title, scheme.positions, shoe.describe()))
    return tuple(tables)
