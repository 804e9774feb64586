"""Red Dog's results as data for people: result tables, publication tables, summary and charts.

Every table holds exact cells (:class:`~cardmath.table.Table`); charts are
:class:`~cardmath.table.Chart` data, drawn by the documentation build.  Nothing here renders.

>>> [table.title for table in result_tables(analyze(Shoe.standard(6)))]  # doctest: +NORMALIZE_WHITESPACE
['Red Dog par sheet, 6 decks', 'Red Dog figures, 6 decks', 'Red Dog raise strategy, 6 decks',
 'Red Dog effects of removal, 6 decks']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from cardmath.checks import checked
from cardmath.errors import OptionError
from cardmath.games.reddog.analysis import RedDogResult, SpreadDecision, analyze, analyze_many
from cardmath.games.reddog.rules import RANKS, RaiseBy, RedDogRules
from cardmath.parsheet import PAR_SHEET_HEADERS, PAR_SHEET_KINDS, define_terms, outcome_rows
from cardmath.shoe import Shoe
from cardmath.table import Cell, Chart, Kind, Series, Table

__all__ = [
    "CHART_DECKS",
    "charts",
    "effects_of_removal_chart",
    "house_edge_chart",
    "publication_tables",
    "result_tables",
    "summary_table",
]

CHART_DECKS: Final[tuple[int | None, ...]] = (1, 2, 3, 4, 5, 6, 7, 8, None)
"""The numbers of decks the documentation's charts show (``None``: the infinite-deck limit)."""


def _spreads_text(spreads: Sequence[int]) -> str:
    return ", ".join(str(s) for s in spreads) if spreads else "none"


def _raise_text(result: RedDogResult, decision: SpreadDecision) -> str:
    """``yes`` or ``no``; when deciding per pair of ranks a split spread lists its raised pairs."""
    if result.raise_by is RaiseBy.SPREAD:
        return "yes" if decision.raised else "no"
    pairs = result.raised_pairs[decision.spread]
    split = any(o.name == f"spread {decision.spread}, not raised, won" for o in result.par_sheet)
    if not split:
        return "yes" if pairs else "no"
    return "only " + ", ".join(f"{low.symbol}-{high.symbol}" for low, high in pairs)


@checked
def result_tables(result: RedDogResult) -> tuple[Table, ...]:
    """The tables of one result: par sheet, figures, raise strategy, and effects of removal
    (ranks deuce to ace) when the shoe has them.

    >>> for table in result_tables(analyze(Shoe.infinite())):
    ...     print(table.title)
    Red Dog par sheet, infinite decks
    Red Dog figures, infinite decks
    Red Dog raise strategy, infinite decks
    """
    where = result.shoe.describe()
    sheet = result.par_sheet
    par_sheet = Table(
        f"Red Dog par sheet, {where}",
        PAR_SHEET_HEADERS,
        outcome_rows(sheet),
        kinds=PAR_SHEET_KINDS,
        footer=(
            (
                "total",
                None,
                sheet.total_combinations,
                Cell(sheet.probability_total, Kind.PROBABILITY),
                Cell(sheet.expected_value, Kind.DECIMAL),
            ),
            ("house edge", None, None, None, Cell(result.house_edge, Kind.PERCENT)),
        ),
        notes=(
            *define_terms(*PAR_SHEET_HEADERS, "total", "house edge"),
            ("raised", "the bet doubled after the spread is shown: it pays twice, or -2 when lost"),
        ),
    )
    figures = Table(
        f"Red Dog figures, {where}",
        ("figure", "value"),
        (
            ("house edge (optimal raising)", result.house_edge),
            ("house edge (never raising)", result.house_edge_no_raise),
            ("element of risk", result.element_of_risk),
            ("expected total bet", result.expected_stake),
            ("variance", result.variance),
            ("standard deviation", result.standard_deviation),
            ("hit frequency", result.hit_frequency),
            ("raise decided by", str(result.raise_by)),
            ("raise on spreads", _spreads_text(result.raise_on_spreads)),
        ),
        kinds=(Kind.TEXT, Kind.AUTO),
        row_kinds=(
            Kind.PERCENT,
            Kind.PERCENT,
            Kind.PERCENT,
            Kind.DECIMAL,
            Kind.DECIMAL,
            Kind.DECIMAL,
            Kind.PROBABILITY,
            Kind.TEXT,
            Kind.TEXT,
        ),
        notes=define_terms(
            "house edge", "element of risk", "variance", "standard deviation", "hit frequency"
        ),
    )
    strategy = Table(
        f"Red Dog raise strategy, {where}",
        (
            "spread",
            "pays",
            "probability of the hand",
            "probability of a win",
            "gain per unit raised",
            "raise",
        ),
        tuple(
            (d.spread, d.pays, d.probability, d.win_probability, d.raise_gain, _raise_text(result, d))
            for d in result.spread_decisions
        ),
        kinds=(Kind.COUNT, Kind.PAY, Kind.PROBABILITY, Kind.PROBABILITY, Kind.DECIMAL, Kind.TEXT),
        notes=(
            ("spread", "the number of ranks strictly between the first two cards"),
            ("gain per unit raised", "what raising adds to the expected value, per unit raised"),
        ),
    )
    tables = [par_sheet, figures, strategy]
    if result.effects_of_removal is not None:
        effects = result.effects_of_removal
        tables.append(
            Table(
                f"Red Dog effects of removal, {where}",
                ("rank removed", "change in expected value"),
                tuple((rank.symbol, effects[rank]) for rank in RANKS if rank in effects),
                kinds=(Kind.TEXT, Kind.PERCENT),
                notes=(
                    (
                        "change in expected value",
                        "the change in the player's expected value (in percent of the bet) when one "
                        "card of the rank is taken from the shoe",
                    ),
                ),
            )
        )
    return tuple(tables)


def publication_tables(shoe: Shoe, rules: RedDogRules = RedDogRules()) -> tuple[Table, ...]:
    """Every table for one shoe (see :func:`result_tables`), each with a distinct title.

    >>> len(publication_tables(Shoe.standard(6)))
    4
    >>> shoe = Shoe.standard(1).without("Kc,Kd,Kh,Ks,Ac,Ad,Ah")
    >>> strategy = publication_tables(shoe, RedDogRules(raise_by=RaiseBy.CARDS))[2]
    >>> strategy.rows[5][-1], strategy.rows[6][-1]
    ('only 2-9, 3-T, 4-J, 5-Q', 'yes')
    """
    return result_tables(analyze(shoe, rules))


def summary_table(shoes: Iterable[Shoe | RedDogResult], rules: RedDogRules = RedDogRules()) -> Table:
    """One row per shoe: house edge with and without raising, element of risk, SD, raise spreads.

    ``shoes`` are analysed with ``rules``, or are results already computed.  When deciding per pair
    of ranks the raise spreads are those on which some hand is raised.

    >>> table = summary_table([Shoe.standard(1), Shoe.infinite()])
    >>> [row[:2] for row in table.rows]
    [('1 deck', 523/16575), ('infinite decks', 57/2197)]
    >>> summary_table([Shoe.standard(1)], RedDogRules(raise_by=RaiseBy.CARDS)).rows[0][1]
    523/16575
    """
    results = [item if isinstance(item, RedDogResult) else analyze(item, rules) for item in shoes]
    rows = tuple(
        (
            result.shoe.describe(),
            result.house_edge,
            result.house_edge_no_raise,
            result.element_of_risk,
            result.standard_deviation,
            _spreads_text(result.raise_on_spreads),
        )
        for result in results
    )
    return Table(
        "Red Dog by shoe",
        (
            "shoe",
            "house edge",
            "house edge (never raising)",
            "element of risk",
            "standard deviation",
            "raise on spreads",
        ),
        rows,
        kinds=(Kind.TEXT, Kind.PERCENT, Kind.PERCENT, Kind.PERCENT, Kind.DECIMAL, Kind.TEXT),
        notes=define_terms("house edge", "element of risk", "standard deviation"),
    )


def house_edge_chart(results: Mapping[int | None, RedDogResult]) -> Chart:
    """The house edge (in percent) by number of decks, raising optimally and never raising, each
    with its infinite-deck limit (the result at ``None``) as a reference line.

    >>> chart = house_edge_chart({1: analyze(Shoe.standard(1)), None: analyze(Shoe.infinite())})
    >>> chart.name, [series.name for series in chart.series], round(chart.series[0].points[0][1], 3)
    ('reddog-house-edge', ['optimal raising', 'never raising'], 3.155)
    """
    decks = sorted(d for d in results if d is not None)
    infinite = results.get(None)
    series = []
    for attribute, name in (("house_edge", "optimal raising"), ("house_edge_no_raise", "never raising")):
        points = tuple((d, 100 * float(getattr(results[d], attribute))) for d in decks)
        limit = None if infinite is None else 100 * float(getattr(infinite, attribute))
        series.append(Series(name, points, limit=limit))
    return Chart(
        "reddog-house-edge",
        "Red Dog: house edge by number of decks",
        "decks (dashed: infinite-deck limit)",
        "house edge, % of the initial bet",
        tuple(series),
    )


def effects_of_removal_chart(results: Sequence[RedDogResult]) -> Chart:
    """The effects of removal (in percent of the bet) of each result, as bars by rank, deuce to
    ace (the order of the effects-of-removal tables).

    >>> chart = effects_of_removal_chart([analyze(Shoe.standard(1))])
    >>> chart.kind, chart.series[0].name, chart.x_labels[-1], len(chart.series[0].points)
    ('bar', '1 deck', (12, 'A'), 13)
    """
    series = []
    for result in results:
        effects = result.effects_of_removal or {}
        points = tuple(
            (position, 100 * float(effects[rank])) for position, rank in enumerate(RANKS) if rank in effects
        )
        series.append(Series(result.shoe.describe(), points))
    return Chart(
        "reddog-effects-of-removal",
        "Red Dog: effect of removing one card",
        "rank removed",
        "change in player's EV, % of bet",
        tuple(series),
        kind="bar",
        x_labels=tuple((position, rank.symbol) for position, rank in enumerate(RANKS)),
    )


@checked
def charts(results: Mapping[int | None, RedDogResult] | None = None) -> tuple[Chart, ...]:
    """The documentation's two figures: the house edge by number of decks (1 to 8 and the limit)
    and the effects of removal of 1 and 6 decks.  ``results`` maps numbers of decks (``None``:
    infinite) to fresh-shoe results already computed; by default they are computed here.

    >>> [chart.name for chart in charts()]
    ['reddog-house-edge', 'reddog-effects-of-removal']
    >>> charts({None: analyze(Shoe.infinite())})
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the charts need the results of 1 and 6 decks, missing: 1, 6
    """
    if results is None:
        shoes = [Shoe.infinite() if d is None else Shoe.standard(d) for d in CHART_DECKS]
        results = dict(zip(CHART_DECKS, analyze_many(shoes), strict=True))
    missing = [str(decks) for decks in (1, 6) if decks not in results]
    if missing:
        raise OptionError(f"the charts need the results of 1 and 6 decks, missing: {', '.join(missing)}")
    return house_edge_chart(results), effects_of_removal_chart([results[1], results[6]])
