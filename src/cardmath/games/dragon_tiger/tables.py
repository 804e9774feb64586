"""Dragon Tiger's published figures as data: tables of exact values, and charts.

For one shoe: the results (Dragon wins, Tiger wins, ties), a par sheet per bet, a summary of the
bets and (for a finite shoe) the effects of removal (:func:`result_tables`), and the same as JSON
fields (:func:`result_document`); the catalogued pay tables, a summary with their sources and a
par sheet each (:func:`pay_tables_tables`); across numbers of decks: every bet's house edge
(:func:`summary_table`); for the documentation page: the house edges against the number of decks
and the effects of removal on eight decks (:func:`charts`).

>>> [table.title for table in publication_tables(8)]  # doctest: +NORMALIZE_WHITESPACE
['Dragon Tiger results, 8 decks', 'Dragon Tiger dragon bet par sheet, 8 decks', ...,
 'Dragon Tiger bets, 8 decks', 'Dragon Tiger effects of removal, 8 decks',
 'Dragon Tiger pay tables, 8 decks', 'Dragon Tiger tie:8 pay table par sheet, 8 decks', ...,
 'Dragon Tiger tiger_even:1 pay table par sheet, 8 decks']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sympy import Rational

from cardmath.checks import checked
from cardmath.games.bet_catalogue import (
    bet_labels,
    bets_document,
    bets_tables,
    pay_table_bets,
    pay_table_tables,
)
from cardmath.games.dragon_tiger.analysis import (
    DragonTigerResult,
    analyze,
    analyze_many,
    effects_of_removal,
)
from cardmath.games.dragon_tiger.bets import BUILT_IN_BET_NAMES, built_in_bets, resolve_bets
from cardmath.games.dragon_tiger.pay_tables import PAY_TABLES
from cardmath.games.dragon_tiger.rules import DEFAULT_DECKS, DEFAULT_RULES, RANKS, DragonTigerRules
from cardmath.games.game import Axis
from cardmath.parsheet import define_terms
from cardmath.shoe import Shoe
from cardmath.table import Chart, Kind, Series, Table

__all__ = [
    "EFFECTS_CHART",
    "HOUSE_EDGE_CHART",
    "charts",
    "pay_tables_tables",
    "publication_tables",
    "result_document",
    "result_tables",
    "summary_table",
]

HOUSE_EDGE_CHART = "dragon-tiger-house-edge"
"""The name (``img/NAME.svg``) of the chart of house edges against the number of decks."""

EFFECTS_CHART = "dragon-tiger-effects-of-removal"
"""The name (``img/NAME.svg``) of the chart of effects of removal on eight decks."""

_TITLE = "Dragon Tiger"


@checked
def result_document(result: DragonTigerResult) -> dict[str, Any]:
    """The result as JSON fields of exact values: the rules, the counts and every bet's figures
    (each bet's pays are in its outcomes).

    >>> document = result_document(analyze(Shoe.standard(8), bets=["suited_tie"]))
    >>> list(document), document["bets"]["suited_tie"]["outcomes"][0]["combinations"]
    (['tie_pays', 'total_combinations', 'results', 'result_probabilities', 'bets'], 2912)
    >>> result_document(None)
    Traceback (most recent call last):
    ...
    TypeError: result_document() parameter result must be DragonTigerResult, not NoneType
    """
    return {"tie_pays": result.rules.tie_pays, **bets_document(result)}


@checked
def result_tables(result: DragonTigerResult, *, removal: bool = True) -> tuple[Table, ...]:
    """The tables of one result: results, one par sheet per bet, a summary of every bet, and (for
    a finite shoe, unless ``removal=False``) the effects of removal.

    >>> tables = result_tables(analyze(Shoe.standard(8), bets=["tie"]))
    >>> [table.title for table in tables]  # doctest: +NORMALIZE_WHITESPACE
    ['Dragon Tiger results, 8 decks', 'Dragon Tiger tie bet par sheet, 8 decks', 'Dragon Tiger bets, 8 decks',
     'Dragon Tiger effects of removal, 8 decks']
    >>> tables[1].rows[0]
    ('tie', 8, 12896, 31/415, 248/415)
    """
    effects = None
    if removal and not result.shoe.is_infinite:
        effects = effects_of_removal(result.shoe, result.rules, bets=list(result.definitions.values()))
    return bets_tables(result, _TITLE, effects, RANKS)


@checked
def pay_tables_tables(shoe: Shoe, rules: DragonTigerRules = DEFAULT_RULES) -> tuple[Table, ...]:
    """The catalogued pay tables (:data:`~cardmath.games.dragon_tiger.pay_tables.PAY_TABLES`) on
    one shoe: every table's house edge and source, then one par sheet per table.

    >>> from cardmath.output import percent_text
    >>> summary, *sheets = pay_tables_tables(Shoe.standard(8))
    >>> [(row[0], percent_text(row[2])) for row in summary.rows if row[1] == "tie"]
    [('tie:8', '32.7711%'), ('tie:10', '17.8313%'), ('tie:11', '10.3614%')]
    >>> sheets[3].title, sheets[3].rows[0][:2]
    ('Dragon Tiger suited_tie:50 pay table par sheet, 8 decks', ('suited tie', 50))
    """
    bets = pay_table_bets(built_in_bets(rules), PAY_TABLES)
    return pay_table_tables(analyze(shoe, rules, bets=list(bets.values())), _TITLE, PAY_TABLES)


def publication_tables(point: int | None, rules: DragonTigerRules = DEFAULT_RULES) -> tuple[Table, ...]:
    """Every published table of ``point`` fresh decks (``None``: the infinite-deck limit): those
    of every built-in bet (:func:`result_tables`), then those of every catalogued pay table
    (:func:`pay_tables_tables`).

    >>> [table.title for table in publication_tables(None)][-1]
    'Dragon Tiger tiger_even:1 pay table par sheet, infinite decks'
    """
    shoe = Axis.shoe(point)
    return (*result_tables(analyze(shoe, rules)), *pay_tables_tables(shoe, rules))


@checked
def summary_table(points: Sequence[int | None], rules: DragonTigerRules = DEFAULT_RULES) -> Table:
    """Every built-in bet's house edge for each number of decks (one row per point).

    >>> table = summary_table([1, 8, None])
    >>> table.headers[:4], [row[:2] for row in table.rows]
    (('decks', 'dragon', 'tiger', 'tie'), [('1 deck', 1/34), ('8 decks', 31/830), ('infinite decks', 1/26)])
    """
    bets = resolve_bets(None, rules)
    edges = analyze_many([Axis.shoe(point) for point in points], rules, bets=bets)
    return Table(
        f"{_TITLE} house edge by number of decks",
        ("decks", *(bet.name for bet in bets)),
        tuple(
            (Axis.DECKS.label(point), *(row[bet.name] for bet in bets))
            for point, row in zip(points, edges, strict=True)
        ),
        kinds=(Kind.TEXT, *(Kind.PERCENT for _ in bets)),
        labels=bet_labels({bet.name: bet for bet in bets}),
        notes=define_terms("house edge"),
    )


def _percent(value: Rational) -> float:
    """A figure in percent, as a float for drawing only."""
    return float(100 * value)


@checked
def charts(rules: DragonTigerRules = DEFAULT_RULES) -> tuple[Chart, ...]:
    """The page's figures: each kind of bet's house edge against 1 to 8 decks (the infinite-deck
    limit as a reference), and the effects of removal on eight decks of the bets on one card.

    >>> house_edge, effects = charts()
    >>> house_edge.name, [series.name for series in house_edge.series][:2]
    ('dragon-tiger-house-edge', ['dragon or tiger', 'tie at 8 to 1'])
    >>> round(house_edge.series[0].points[-1][1], 4), effects.x_labels[0]
    (3.7349, (0.0, 'A'))
    """
    decks = tuple(range(1, DEFAULT_DECKS + 1))
    bets = ("dragon", "tie", "suited_tie", "dragon_big")
    pays = built_in_bets(rules)
    labels = (
        "dragon or tiger",
        f"tie at {pays['tie'].pay('tie')} to 1",
        "suited tie",
        "big, small, odd or even",
    )
    edges = analyze_many([Axis.shoe(d) for d in (*decks, None)], rules, bets=list(bets))
    house_edge = Chart(
        HOUSE_EDGE_CHART,
        f"{_TITLE}: house edge by number of decks (dashed: infinite-deck limit)",
        "decks",
        "house edge, %",
        tuple(
            Series(
                label,
                tuple((float(d), _percent(row[bet])) for d, row in zip(decks, edges, strict=False)),
                limit=_percent(edges[-1][bet]),
            )
            for bet, label in zip(bets, labels, strict=True)
        ),
        panels=True,
    )
    card_bets = [name for name in BUILT_IN_BET_NAMES if name.startswith("dragon_")]
    effects = effects_of_removal(Axis.shoe(DEFAULT_DECKS), rules, bets=card_bets)
    removal = Chart(
        EFFECTS_CHART,
        f"{_TITLE}: effect of removing one card from {DEFAULT_DECKS} decks (the Tiger's bets alike)",
        f"rank removed from {DEFAULT_DECKS} decks",
        "change in house edge, %",
        tuple(
            Series(
                name.removeprefix("dragon_"),
                tuple((float(i), _percent(effects[name][rank])) for i, rank in enumerate(RANKS)),
            )
            for name in card_bets
        ),
        x_labels=tuple((float(i), rank.symbol) for i, rank in enumerate(RANKS)),
    )
    return house_edge, removal
