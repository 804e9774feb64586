"""The information analysis as tables (:class:`~cardmath.table.Table`), for the command line, the
published set and the site.

- :func:`patterns_table`: every pattern with its chance, each bet's expected value given it and
  the best bet; under it the player's edge (sitting out and every hand) and the value of the
  information;
- :func:`sorts_table`: the best sorts of the cards into groups, with their edges;
- :func:`conditional_tables`: the chance of some facts and each bet's par sheet given them.

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

from sympy import Rational

from cardmath.information.analysis import Conditional, PatternTable, SortResult, best_sorts, pattern_table
from cardmath.information.knowledge import read_grouping
from cardmath.parsheet import par_sheet_table
from cardmath.shoe import Shoe
from cardmath.table import Cell, Kind, Table, slug_of

if TYPE_CHECKING:
    from cardmath.engine.definition import SeenTable
    from cardmath.engine.game import CatalogueGame

__all__ = ["conditional_tables", "patterns_table", "seen_tables", "sorts_table"]

_EV_NOTE = (
    "expected value",
    "the player's expected net result given the pattern, in percent of the bet (minus the house edge)",
)
_EDGE_NOTE = (
    "edge",
    "the player's expected gain per hand dealt, betting the best bet of each pattern; sitting out, no "
    "bet is made on a pattern where every bet loses (such hands count 0)",
)


def _seen(table: PatternTable) -> str:
    """What is seen, in words: ``"P1, B1 seen as 6789 or 012345"``."""
    where = ", ".join(table.positions)
    card = "card" if len(table.positions) == 1 else "cards"
    if table.grouping is None:
        return f"the {where} {card} seen"
    return f"the {where} {card} seen as {' or '.join(table.grouping.names)}"


def patterns_table(table: PatternTable) -> Table:
    """Every pattern of a :class:`~cardmath.information.PatternTable`, with the edges under it.

    Args:
        table: The pattern table of some known positions on one shoe.

    Returns:
        One row per pattern: the card (or group) at each position, its probability, each bet's
        expected value in percent, the best bet and its value; footer rows give the player's edge
        sitting out and betting every hand, the best bet seeing nothing and the value of the
        information.
    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.information import pattern_table
    >>> table = patterns_table(pattern_table(GAME, Shoe.standard(1), ["tiger"], bets=["tie"]))
    >>> len(table.rows), [row[0] for row in table.footer][:2]
    (13, ['edge, sitting out', 'edge, every hand'])
    """
    headers = (
        *(f"{position} card" for position in table.positions),
        "probability",
        *table.bets,
        "best bet",
        "best value",
    )
    kinds = (
        *(Kind.TEXT,) * len(table.positions),
        Kind.PROBABILITY,
        *(Kind.PERCENT,) * len(table.bets),
        Kind.TEXT,
        Kind.PERCENT,
    )
    rows = tuple(
        (*pattern.cards, pattern.probability, *pattern.values, pattern.best, pattern.best_value)
        for pattern in table.patterns
    )
    blank = (None,) * (len(headers) - 2)

    def footer(words: str, value: Rational) -> tuple[object, ...]:
        return (words, *blank, Cell(value, Kind.PERCENT))

    seen = _seen(table)
    sort = "-".join(table.grouping.names) if table.grouping is not None else "cards"
    return Table(
        f"{table.game_title} information {'-'.join(table.positions)} {sort}, {table.shoe}",
        headers,
        rows,
        kinds=kinds,
        labels=tuple(zip(table.bets, table.bet_names, strict=True)),
        footer=(
            footer("edge, sitting out", table.edge_sitting_out),
            footer("edge, every hand", table.edge_every_hand),
            footer("best bet seeing nothing", table.best_uninformed),
            footer("value of the information, sitting out", table.value_sitting_out),
            footer("value of the information, every hand", table.value_every_hand),
        ),
        notes=(_EV_NOTE, _EDGE_NOTE),
        heading=f"{table.game_title}: {seen}, {table.shoe}",
        slug=slug_of(f"seen {' '.join(table.positions)} {sort}"),
    )


def sorts_table(
    results: Sequence[SortResult],
    game_title: str,
    positions: Sequence[str],
    shoe: str,
    *,
    sit_out: bool = True,
) -> Table:
    """The best sorts of the cards into groups, best first.

    Args:
        results: The sorts, as :func:`~cardmath.information.best_sorts` ranks them.
        game_title: The game's short title.
        positions: The known positions the sorts were tried on.
        shoe: The shoe, in words.
        sit_out: Whether the sorts were ranked by the edge sitting out (else every hand).

    Returns:
        One row per sort: its rank, its groups, and its edges sitting out and every hand.
    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.information import best_sorts
    >>> found = best_sorts(GAME, Shoe.standard(1), ["dragon"], ["dragon", "tiger"], top=3)
    >>> sorts_table(found, "Dragon Tiger", ["dragon"], "1 deck").rows[0][:2]
    (1, '234567A / 89TJQK')
    """
    groups = len(results[0].grouping.groups) if results else 2
    where = ", ".join(positions) + (" card" if len(positions) == 1 else " cards")
    ranked = "sitting out" if sit_out else "every hand"
    return Table(
        f"{game_title} best sorts {'-'.join(positions)} {groups} groups, {shoe}",
        ("rank", "groups", "edge, sitting out", "edge, every hand"),
        tuple(
            (rank, result.grouping.describe(), result.edge_sitting_out, result.edge_every_hand)
            for rank, result in enumerate(results, start=1)
        ),
        kinds=(Kind.COUNT, Kind.TEXT, Kind.PERCENT, Kind.PERCENT),
        notes=(_EDGE_NOTE,),
        heading=(
            f"{game_title}: the best sorts into {groups} groups of the {where}, {shoe} (by the edge {ranked})"
        ),
        slug=slug_of(f"best sorts {' '.join(positions)} {groups} groups"),
    )


def conditional_tables(result: Conditional, bet_names: Sequence[tuple[str, str]] = ()) -> tuple[Table, ...]:
    """The chance of some facts, and each bet's par sheet given them.

    Args:
        result: The conditional analysis.
        bet_names: ``(id, display name)`` pairs for the bets' titles; the ids themselves without them.

    Returns:
        A table of the facts' chance and each bet's expected value, then one par sheet per bet.
    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.information import conditional
    >>> given = conditional(GAME, Shoe.standard(1), {"dragon": frozenset({0})}, ["tiger"])
    >>> tables = conditional_tables(given)
    >>> [table.display_title for table in tables]
    ['Given dragon=2, 1 deck', 'tiger given dragon=2, 1 deck']
    """
    names = dict(bet_names)
    facts = ", ".join(result.facts)
    summary = Table(
        f"{result.game} given {facts}, {result.shoe}",
        ("figure", "value"),
        (
            ("probability of the facts", result.probability),
            *(
                (f"{names.get(bet, bet)}: expected value", -sheet.house_edge)
                for bet, sheet in result.sheets.items()
            ),
        ),
        kinds=(Kind.TEXT,),
        row_kinds=(Kind.PROBABILITY, *(Kind.PERCENT,) * len(result.sheets)),
        notes=(_EV_NOTE,),
        heading=f"Given {facts}, {result.shoe}",
    )
    sheets = tuple(
        par_sheet_table(f"{names.get(bet, bet)} given {facts}, {result.shoe}", sheet)
        for bet, sheet in result.sheets.items()
    )
    return (summary, *sheets)


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
