"""Baccarat's results as data: JSON-ready documents, publication tables, the summary across
numbers of decks, and the documentation's charts (:class:`~cardmath.table.Table` and
:class:`~cardmath.table.Chart`, never rendered here).

>>> from cardmath.games.baccarat.analysis import analyze
>>> for table in result_tables(analyze(Shoe.standard(8), bets=["tie"])):
...     print(table.title)
Baccarat results, 8 decks
Baccarat tie bet par sheet, 8 decks
Baccarat bets, 8 decks
Baccarat effects of removal, 8 decks
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.games.baccarat.analysis import BaccaratResult, analyze, effects_of_removal
from cardmath.games.baccarat.batch import analyze_many
from cardmath.games.baccarat.bets import MAIN_BET_NAMES, Bet, built_in_bets, resolve_bets
from cardmath.games.baccarat.pay_tables import PAY_TABLES
from cardmath.games.baccarat.rules import DEFAULT_RULES, BaccaratRules
from cardmath.games.bet_catalogue import (
    BET_FIGURES,
    bet_labels,
    bets_document,
    bets_tables,
    pay_table_bets,
    pay_table_tables,
)
from cardmath.games.game import Axis
from cardmath.parsheet import Figure, define_terms
from cardmath.shoe import Shoe
from cardmath.table import Chart, Kind, Series, Table

__all__ = [
    "CHART_BET_NAMES",
    "RANK_ORDER",
    "charts",
    "pay_tables_tables",
    "result_document",
    "result_tables",
    "summary_table",
]

CHART_DECKS: tuple[int, ...] = tuple(range(1, 9))
"""The numbers of decks the house-edge chart shows (with the infinite-deck limit dashed)."""

FIGURES: tuple[Figure, ...] = (Figure.HOUSE_EDGE, Figure.HOUSE_EDGE_EXCLUDING_PUSHES, *BET_FIGURES[1:])
"""The figures of every bet: the house edge, the same excluding pushes (the player and banker bets
push on a tie), and the rest of :data:`~cardmath.games.bet_catalogue.BET_FIGURES`."""


RANK_ORDER: tuple[Rank, ...] = (Rank.ACE, *(rank for rank in Rank if rank is not Rank.ACE))
"""Baccarat's one rank order, in tables and charts alike: ace (worth 1) first, then two to king."""

CHART_BET_NAMES: tuple[str, ...] = (
    "player",
    "banker",
    "banker_no_commission",
    "ez_banker",
    "tie",
    "player_pair",
    "banker_pair",
    "either_pair",
    "perfect_pair",
    "dragon_bonus_player",
    "dragon_bonus_banker",
    "dragon_7",
    "panda_8",
    "big",
    "small",
)
"""The bets the house-edge chart draws: the standard fifteen (the side bets have tables only)."""


def _rank_order() -> tuple[Rank, ...]:
    return RANK_ORDER


@checked
def result_document(result: BaccaratResult) -> dict[str, Any]:
    """The result as JSON fields of exact values: the rules, the counts and every bet's figures.

    >>> from cardmath.games.baccarat.analysis import analyze
    >>> document = result_document(analyze(Shoe.standard(8), bets=["tie"]))
    >>> list(document)
    ['commission', 'tie_pays', 'total_combinations', 'results', 'result_probabilities', 'bets']
    >>> document["results"]["ties"], document["bets"]["tie"]["house_edge"]
    (475627426473216, 103841353768/723147898655)
    """
    return {
        "commission": result.rules.commission,
        "tie_pays": result.rules.tie_pays,
        **bets_document(result, FIGURES),
    }


@checked
def result_tables(result: BaccaratResult, *, removal: bool = True) -> tuple[Table, ...]:
    """The odds tables of one result: who wins, one par sheet per bet, a summary of every bet, and
    (for a finite shoe, unless ``removal=False``) the effects of removal of those bets.

    >>> from cardmath.games.baccarat.analysis import analyze
    >>> tables = result_tables(analyze(Shoe.infinite(), bets=["player"]))
    >>> [table.title for table in tables][-1], tables[0].rows[-1]
    ('Baccarat bets, infinite decks', ('total', None, 1))
    """
    effects = None
    if removal and not result.shoe.is_infinite:
        effects = effects_of_removal(result.shoe, result.rules, bets=result.definitions.values())
    return bets_tables(result, "Baccarat", effects, _rank_order(), figures=FIGURES)


@checked
def summary_table(
    shoes: Sequence[Shoe], rules: BaccaratRules = DEFAULT_RULES, *, bets: Iterable[str | Bet] | None = None
) -> Table:
    """The house edge of every bet for each shoe (one row per shoe).

    >>> from cardmath.output import percent_text
    >>> table = summary_table([Shoe.standard(8), Shoe.infinite()], bets=["banker"])
    >>> [(row[0], percent_text(row[1])) for row in table.rows]
    [('8 decks', '1.0579%'), ('infinite decks', '1.0640%')]
    """
    chosen = resolve_bets(bets, rules)
    edges = analyze_many(shoes, rules, bets=chosen)
    return Table(
        "Baccarat house edge by shoe",
        ("shoe", *(bet.name for bet in chosen)),
        tuple(
            (shoe.describe(), *(row[bet.name] for bet in chosen))
            for shoe, row in zip(shoes, edges, strict=True)
        ),
        kinds=(Kind.TEXT, *(Kind.PERCENT for _ in chosen)),
        labels=bet_labels({bet.name: bet for bet in chosen}),
        notes=define_terms("house edge"),
    )


def pay_tables_tables(shoe: Shoe, rules: BaccaratRules = DEFAULT_RULES) -> tuple[Table, ...]:
    """The catalogued pay tables (:data:`~cardmath.games.baccarat.pay_tables.PAY_TABLES`) on one
    shoe: every table's house edge and source, then one par sheet per table.

    >>> summary, *sheets = pay_tables_tables(Shoe.standard(8))
    >>> from cardmath.output import percent_text
    >>> [(row[0], percent_text(row[2])) for row in summary.rows if row[1] == "perfect_pair"][-1]
    ('perfect_pair:25-250', '6.6235%')
    >>> sheets[0].title
    'Baccarat tie:8 pay table par sheet, 8 decks'
    """
    bets = pay_table_bets(built_in_bets(rules), PAY_TABLES)
    return pay_table_tables(analyze(shoe, rules, bets=list(bets.values())), "Baccarat", PAY_TABLES)


@checked
def charts(rules: BaccaratRules = DEFAULT_RULES) -> tuple[Chart, ...]:
    """The documentation's figures: every bet's house edge against the number of decks (one panel
    per bet, the infinite-deck limit dashed), and the effects of removal on eight decks of the
    three main bets.

    >>> house_edge, removal = charts()
    >>> house_edge.name, house_edge.panels, len(house_edge.series), house_edge.series[1].name
    ('baccarat-house-edge', True, 15, 'Banker (5% commission)')
    >>> removal.name, [series.name for series in removal.series], removal.x_labels[0], removal.x_labels[-1]
    ('baccarat-effects-of-removal', ['Banker (5% commission)', 'Player', 'Tie'], (0, 'A'), (12, 'K'))
    """
    shoes = [Axis.shoe(decks) for decks in (*CHART_DECKS, None)]
    names = {name: bet.display_name for name, bet in built_in_bets(rules).items()}
    edges = analyze_many(shoes, rules, bets=CHART_BET_NAMES)
    by_decks = Chart(
        "baccarat-house-edge",
        "Baccarat: house edge (%) by number of decks; dashed: infinite-deck limit",
        "decks",
        "house edge, %",
        tuple(
            Series(
                names[name],
                tuple(
                    (decks, 100 * float(row[name])) for decks, row in zip(CHART_DECKS, edges, strict=False)
                ),
                limit=100 * float(edges[-1][name]),
            )
            for name in CHART_BET_NAMES
        ),
        panels=True,
    )
    effects = effects_of_removal(Axis.shoe(8), rules, bets=MAIN_BET_NAMES)
    removal = Chart(
        "baccarat-effects-of-removal",
        "Baccarat: effect of removing one card (8 decks)",
        "rank removed from 8 decks",
        "change in house edge, %",
        tuple(
            Series(
                names[name],
                tuple(
                    (position, 100 * float(effects[name][rank])) for position, rank in enumerate(RANK_ORDER)
                ),
            )
            for name in ("banker", "player", "tie")
        ),
        x_labels=tuple((position, rank.symbol) for position, rank in enumerate(RANK_ORDER)),
    )
    return by_decks, removal
