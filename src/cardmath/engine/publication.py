"""What every catalogue game publishes, as data: JSON documents, tables and charts of its results.

For one shoe (:func:`result_tables`): who won, one par sheet per bet, every bet's figures side by
side, the effects of removal (finite shoes), and the strategy of each bet's decision; the same as
JSON fields of exact values (:func:`result_document`).  For the catalogued pay tables: their house
edges and sources, and a par sheet each (:func:`pay_table_tables`).  Across numbers of decks: every
bet's house edge (:func:`summary_table`).  For the documentation: the house edges against the
number of decks and the effects of removal (:func:`house_edge_chart`, :func:`removal_chart`).
Nothing here renders: :mod:`cardmath.output` does.

>>> from cardmath.games.dragon_tiger import GAME
>>> for table in result_tables(GAME.analyze(Shoe.infinite(), bets=["tie"]), "Dragon Tiger"):
...     print(table.title)
Dragon Tiger results, infinite decks
Dragon Tiger tie bet par sheet, infinite decks
Dragon Tiger bets, infinite decks
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sympy import Rational

from cardmath.bets import RuleBet
from cardmath.cards import Rank
from cardmath.engine.analysis import CatalogueResult
from cardmath.engine.cells import ORDERED_DEALS, UNIT_WORDS
from cardmath.engine.definition import BET_FIGURES
from cardmath.engine.strategy_tables import cost_document, plan_document
from cardmath.errors import OptionError
from cardmath.parsheet import Figure, define_terms, figures_table, par_sheet_table, sheet_document
from cardmath.pay_tables import PayTable, check_pay
from cardmath.shoe import Shoe
from cardmath.swing import sheet_swing
from cardmath.table import Chart, Kind, Series, Table, slug_of

__all__ = [
    "bet_labels",
    "house_edge_chart",
    "pay_table_bets",
    "pay_table_slug",
    "pay_table_tables",
    "read_bet_pay",
    "removal_chart",
    "result_document",
    "result_tables",
    "summary_table",
]

DOUBLED_TERM = (
    "doubled",
    "an outcome played with the bet doubled (a raise, a war); a pay shown 'on 2 units' is the posted "
    "pay won on the doubled bet, and the return is per unit of the initial bet: 1 to 1 on 2 units "
    "wins 2, a doubled bet lost is -2",
)


def bet_labels(bets: Mapping[str, RuleBet[Any]]) -> tuple[tuple[str, str], ...]:
    """``(id, display name)`` of each bet, as a :class:`~cardmath.table.Table`'s ``labels``.

    Args:
        bets: Bets by id, in the order the table lists them.

    Returns:
        One ``(id, display name)`` pair per bet, in the mapping's order.

    >>> bet_labels({"dragon_7": RuleBet.define("dragon_7", str, {"win": 40, "lose": -1})})
    (('dragon_7', 'Dragon 7'),)
    """
    return tuple((name, bet.display_name) for name, bet in bets.items())


def result_document(
    result: CatalogueResult[Any], rules: Mapping[str, Any], figures: Sequence[Figure] = BET_FIGURES
) -> dict[str, Any]:
    """The result as JSON fields of exact values: the ``rules`` fields, the counts, who won, every
    bet's ``figures`` and outcomes, and (for bets with a decision) the decisions made.

    Args:
        result: The analysis to publish (a game's :meth:`~cardmath.engine.game.CatalogueGame.analyze`).
        rules: The rules as JSON fields (:meth:`~cardmath.engine.game.CatalogueGame.rules_document`); they
            open the document.
        figures: The figures each bet lists, in order; :data:`~cardmath.engine.definition.BET_FIGURES` by
            default.

    Returns:
        A dict of exact values (``Rational``, ints, text) for the JSON writer; ``decisions`` appears only when
            some bet has a decision.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> document = result_document(GAME.analyze(Shoe.standard(8), bets=["suited_tie"]), {"tie_pays": 8})
    >>> list(document), document["bets"]["suited_tie"]["outcomes"][0]["combinations"]
    (['tie_pays', 'total_combinations', 'results', 'result_probabilities', 'bets'], 2912)
    """
    document = {
        **rules,
        "total_combinations": result.total_combinations,
        "results": result.results,
        "result_probabilities": result.result_probabilities,
        "bets": {name: sheet_document(sheet, figures) for name, sheet in result.bets.items()},
    }
    if result.unit != ORDERED_DEALS:
        document["unit"] = result.unit
    if result.decisions:
        document["decisions"] = {
            name: plan_document(plan, result.definitions[name]) for name, plan in result.decisions.items()
        }
    if result.strategies:
        document["strategies"] = {name: cost_document(cost) for name, cost in result.strategies.items()}
    return document


def _sheet_title(title: str, name: str, own: str) -> str:
    return title if name == own else f"{title} {name} bet"


def result_tables(
    result: CatalogueResult[Any],
    title: str,
    effects: Mapping[str, Mapping[Rank, Rational]] | None = None,
    ranks: Sequence[Rank] = (),
    *,
    figures: Sequence[Figure] = BET_FIGURES,
    own: str = "",
) -> tuple[Table, ...]:
    """The tables of one result, each titled ``"{title} ..., {shoe}"``: who won (when the game
    says), one par sheet per bet (the bet named ``own``, the game's own, without its name), the
    ``figures`` of every bet (but the variance), and (given ``effects``) the effects of removal of
    the ``ranks``, in that order.

    Args:
        result: The analysis to tabulate, on one shoe.
        title: The game's short title, which opens every table title (``"Dragon Tiger"``).
        effects: The effects of removal by bet, then by rank
            (:func:`~cardmath.engine.analysis.effects_of_removal`); ``None`` leaves their table out.
        ranks: The columns of the effects table, in order; a rank an effect lacks is an empty cell.
        figures: The figures of the table of bets, in order (the variance is always left out).
        own: The name of the game's one bet, whose par sheet takes the game's title alone; empty when the game
            has several.

    Returns:
        The tables in that order, without the results table when the game names no results.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> [t.title for t in result_tables(GAME.analyze(Shoe.standard(1), bets=["tie"]), "DT")]
    ['DT results, 1 deck', 'DT tie bet par sheet, 1 deck', 'DT bets, 1 deck']
    """
    where = result.shoe.describe()
    labels = bet_labels(result.definitions)
    names = dict(labels)
    tables: list[Table] = []
    unit_terms = {"combinations": UNIT_WORDS[result.unit]}
    if result.results:
        tables.append(
            Table(
                f"{title} results, {where}",
                ("result", "combinations", "probability"),
                (
                    *(
                        (name.replace("_", " "), count, result.result_probabilities[name])
                        for name, count in result.results.items()
                    ),
                    ("total", result.total_combinations, Rational(1)),
                ),
                kinds=(Kind.TEXT, Kind.COUNT, Kind.PROBABILITY),
                notes=define_terms("combinations", "probability", extra=unit_terms),
                slug="results",
            )
        )
    for name, sheet in result.bets.items():
        heading = title if name == own else f"{title} {names.get(name, name)}"
        table = par_sheet_table(
            f"{_sheet_title(title, name, own)} par sheet, {where}",
            sheet,
            heading=f"{heading} par sheet, {where}",
            extra_terms=unit_terms,
            swings=sheet_swing(sheet),
        )
        table = dataclasses.replace(table, slug="par-sheet" if name == own else f"{slug_of(name)}-par-sheet")
        if any(outcome.staked != 1 for outcome in sheet):
            table = dataclasses.replace(table, notes=(*table.notes, DOUBLED_TERM))
        tables.append(table)
    bets_table = figures_table(
        f"{title} bets, {where}",
        result.bets,
        [figure for figure in figures if figure is not Figure.VARIANCE],
        labels=labels,
    )
    tables.append(dataclasses.replace(bets_table, slug="bets"))
    if effects is not None:
        tables.append(
            Table(
                f"{title} effects of removal, {where}",
                ("bet", *(rank.symbol for rank in ranks)),
                tuple((name, *(by_rank.get(rank) for rank in ranks)) for name, by_rank in effects.items()),
                kinds=(Kind.TEXT, *(Kind.PERCENT for _ in ranks)),
                labels=labels,
                notes=define_terms("effects of removal"),
                slug="effects-of-removal",
            )
        )
    return tuple(tables)


def read_bet_pay(
    text: str,
    find: Callable[[str], RuleBet[Any]],
    example: str,
    aliases: Mapping[str, str] | None = None,
    single: str = "",
) -> tuple[str, str]:
    """``BET:PAY`` (as ``--solve-pay`` reads it; ``PAY`` an entry of the bet's pay table, for
    most bets an outcome) as a bet ``find`` knows and one of its pays; ``aliases`` maps short
    names to ``BET:PAY``; ``single`` names the bet of a game of one bet, so its pay may be given
    alone; ``example`` shows the form in the errors.

    Args:
        text: What the user typed: ``BET:PAY``, a short name from ``aliases``, or a pay alone when ``single``
            is set; spaces around the parts are ignored.
        find: Looks a bet up by name, raising a :class:`~cardmath.errors.CardmathError` for an unknown one.
        example: A valid ``BET:PAY`` of the game, quoted in the error messages.
        aliases: Short names (lower case) mapped to the ``BET:PAY`` they stand for; ``None`` for none.
        single: The name of the game's only bet, when it has one; empty otherwise.

    Returns:
        The bet's name and the pay's name, both checked against the bet.

    Raises:
        OptionError: When the text names no bet or no pay, or a pay the bet does not have.

    >>> red = RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1})
    >>> find = {"red": red}.__getitem__
    >>> read_bet_pay(" red : black ", find, "red:red"), read_bet_pay("r", find, "red:red", {"r": "red:red"})
    (('red', 'black'), ('red', 'red'))
    >>> read_bet_pay("red", find, "red:red")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: --solve-pay needs BET:OUTCOME, such as red:red; the outcomes of red are ...
    >>> read_bet_pay("red:green", find, "red:red")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: bet 'red' has no outcome 'green': choose one of 'red', 'black'
    """
    text = (aliases or {}).get(str(text).strip().lower(), str(text))
    if ":" not in text and single:
        text = f"{single}:{text}"  # a game of one bet: its pay alone
    name, colon, pay = str(text).partition(":")
    name, pay = name.strip(), pay.strip()
    if not name:
        raise OptionError(f"--solve-pay needs BET:OUTCOME, such as {example}, not {text!r}")
    bet = find(name)
    if not colon or not pay:
        choices = ", ".join(repr(o) for o in bet.pay_names())
        raise OptionError(
            f"--solve-pay needs BET:OUTCOME, such as {example}; the outcomes of {name} are {choices}"
        )
    bet.pay(pay)
    return name, pay


def pay_table_bets(known: Mapping[str, RuleBet[Any]], tables: Sequence[PayTable]) -> dict[str, RuleBet[Any]]:
    """One bet per pay table: the known bet with the table's pays, named by the table's key
    (``perfect_pair:25-250``) and labelled with its pays.

    Args:
        known: The built-in bets by name, with the pays of the rules in force.
        tables: The pay tables to build bets for; each names a bet of ``known``.

    Returns:
        By pay-table key, a copy of the table's bet with the table's pays, renamed to the key and labelled
            with the table.

    >>> red = RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1})
    >>> bets = pay_table_bets({"red": red}, [PayTable.define("red", "2", {"red": 2}, "a house")])
    >>> bet = bets["red:2"]
    >>> bet.name, bet.pays, bet.display_name
    ('red:2', (('red', 2), ('black', -1)), 'Red, pay table 2')
    """
    bets: dict[str, RuleBet[Any]] = {}
    for table in tables:
        bet = known[table.bet]
        for outcome, pay in table.pays:
            bet = bet.with_pay(outcome, check_pay(known[table.bet], outcome, pay))
        label = f"{bet.display_name}, pay table {table.label or table.name}"
        bets[table.key] = dataclasses.replace(bet, name=table.key, label=label)
    return bets


def pay_table_tables(
    result: CatalogueResult[Any], title: str, tables: Sequence[PayTable]
) -> tuple[Table, ...]:
    """The tables of the catalogued pay tables on one shoe (``result`` holds one bet per table,
    named by its key, as :func:`pay_table_bets` makes them): every table's house edge and
    source, then one par sheet per table.

    Args:
        result: An analysis holding one bet per pay table, named by the table's key.
        title: The game's short title, which opens every table title (``"Dragon Tiger"``).
        tables: The catalogue of pay tables; those without a bet in ``result`` are skipped.

    Returns:
        The summary table of every pay table, then one par sheet per table, in catalogue order.

    >>> from cardmath.games.dragon_tiger import GAME, PAY_TABLES
    >>> bets = pay_table_bets(GAME.built_in_bets(), PAY_TABLES[:2])
    >>> result = GAME.analyze(Shoe.standard(8), bets=list(bets.values()))
    >>> summary, *sheets = pay_table_tables(result, "DT", PAY_TABLES)
    >>> [row[0] for row in summary.rows], len(sheets)
    (['tie:8', 'tie:10'], 2)
    """
    where = result.shoe.describe()
    labels = bet_labels(result.definitions)
    names = dict(labels)
    shown = [t for t in tables if t.key in result.bets]
    summary = Table(
        f"{title} pay tables, {where}",
        ("pay table", "bet", "house edge", "source"),
        tuple((t.key, t.bet, result.bets[t.key].house_edge, t.source) for t in shown),
        kinds=(Kind.TEXT, Kind.TEXT, Kind.PERCENT, Kind.TEXT),
        labels=labels,
        notes=(
            ("pay table", "a house's pays for a bet, named BET:NAME as --pay-table reads it"),
            *define_terms("house edge"),
            ("source", "where the pays (and the figures they give) are published"),
        ),
        slug="pay-tables",
    )
    sheets = []
    for t in shown:
        table = par_sheet_table(
            f"{title} {t.key} pay table par sheet, {where}",
            result.bets[t.key],
            heading=f"{title} {names.get(t.key, t.key)} par sheet, {where}",
            swings=sheet_swing(result.bets[t.key]),
        )
        sheets.append(
            dataclasses.replace(table, notes=(*table.notes, ("source", t.source)), slug=pay_table_slug(t))
        )
    return (summary, *sheets)


def summary_table(
    title: str,
    labels: Sequence[str],
    edges: Sequence[Mapping[str, Rational]],
    bets: Mapping[str, RuleBet[Any]],
) -> Table:
    """Every bet's house edge at each point (``labels``, such as ``"8 decks"``): one row per bet,
    one column per point.

    Args:
        title: The game's short title, which opens every table title (``"Dragon Tiger"``).
        labels: The first column: one label per point, such as ``"8 decks"``.
        edges: One mapping per point, in the order of ``labels``, from each bet's id to its exact house edge.
        bets: The bets of the columns, by id, in order (their display names label the columns).

    Returns:
        A table of exact house edges (shown as percentages), a row per point and a column per bet.

    >>> red = RuleBet.define("red", str, {"red": 1, "black": -1})
    >>> table = summary_table("Colours", ["1 deck"], [{"red": Rational(0)}], {"red": red})
    >>> table.title, table.headers, table.rows, table.slug
    ('Colours house edge by number of decks', ('bet', '1 deck'), (('red', 0),), 'house-edge-by-decks')
    """
    return Table(
        f"{title} house edge by number of decks",
        ("bet", *labels),
        tuple((name, *(row[name] for row in edges)) for name in bets),
        kinds=(Kind.TEXT, *(Kind.PERCENT for _ in labels)),
        labels=bet_labels(bets),
        notes=define_terms("house edge"),
        slug="house-edge-by-decks",
    )


def pay_table_slug(table: PayTable) -> str:
    """A pay table's short name in file names: its bet and its pays as the house posts them
    (``"n to 1"`` shortened to ``n``).

    Args:
        table: The catalogued pay table, whose label states its pays.

    Returns:
        The bet's id and the pays, as a slug.

    >>> pays = {"one": 25, "two": 200}
    >>> both = PayTable.define("perfect_pair", "25-200", pays, "", label="25 to 1, both 200 to 1")
    >>> pay_table_slug(both)
    'perfect-pair-pays-25-both-200'
    >>> pay_table_slug(PayTable.define("tie", "9", {"tie": 9}, "", label="9 to 1"))
    'tie-pays-9'
    """
    pays = re.sub(r"-to-1(?=-|$)", "", slug_of(table.label or table.name))
    return f"{slug_of(table.bet)}-pays-{pays}"


def house_edge_chart(
    name: str,
    title: str,
    decks: Sequence[int],
    edges: Sequence[Mapping[str, Rational]],
    bets: Mapping[str, RuleBet[Any]],
    *,
    limit: bool = True,
) -> Chart:
    """Each bet's house edge (in percent) against the number of ``decks``, in panels; with
    ``limit``, the last row of ``edges`` (the infinite-deck limit) dashed.

    Args:
        name: The game's command name; the chart is named ``NAME-house-edge``.
        title: The game's short title, which opens the chart's title.
        decks: The numbers of decks of the x axis, one per row of ``edges`` before the limit's.
        edges: Each bet's exact house edge by id, one mapping per entry of ``decks``, then (with ``limit``)
            one for the infinite-deck limit.
        bets: The bets to draw, by id, in order; their display names name the series.
        limit: Whether the last row of ``edges`` is the infinite-deck limit, drawn dashed; true by default.

    Returns:
        A :class:`~cardmath.table.Chart` with one series per bet (one panel each when there are several).

    >>> red = RuleBet.define("red", str, {"red": 1, "black": -1})
    >>> edges = [{"red": Rational(1, 100)}, {"red": 0}]
    >>> chart = house_edge_chart("colours", "Colours", [1], edges, {"red": red})
    >>> chart.name, chart.series[0].points, chart.series[0].limit
    ('colours-house-edge', ((1.0, 1.0),), 0.0)
    """
    return Chart(
        f"{name}-house-edge",
        f"{title}: house edge by number of decks" + (" (dashed: infinite-deck limit)" if limit else ""),
        "decks",
        "house edge, %",
        tuple(
            Series(
                bet.display_name,
                tuple((float(d), 100 * float(row[key])) for d, row in zip(decks, edges, strict=False)),
                limit=100 * float(edges[-1][key]) if limit else None,
            )
            for key, bet in bets.items()
        ),
        panels=len(bets) > 1,
    )


def removal_chart(
    name: str,
    title: str,
    effects: Mapping[tuple[str, int], Mapping[Rank, Rational]],
    bets: Mapping[str, RuleBet[Any]],
    ranks: Sequence[Rank],
) -> Chart:
    """The effects of removal (in percent) by rank, one series per ``(bet, decks)`` of ``effects``.

    Args:
        name: The game's command name; the chart is named ``NAME-effects-of-removal``.
        title: The game's short title, which opens the chart's title.
        effects: The exact effects by rank, keyed by ``(bet id, decks)``: one series each.
        bets: The bets by id, for their display names in the series' names.
        ranks: The ranks of the x axis, in order; a rank an effect lacks is not drawn.

    Returns:
        A :class:`~cardmath.table.Chart` of bars (one or two series) or lines (more).

    >>> red = RuleBet.define("red", str, {"red": 1, "black": -1})
    >>> effects = {("red", 1): {Rank.ACE: Rational(1, 100)}}
    >>> chart = removal_chart("colours", "Colours", effects, {"red": red}, [Rank.ACE])
    >>> chart.name, chart.series[0].name, chart.x_labels
    ('colours-effects-of-removal', 'Red, 1 deck', ((0.0, 'A'),))
    """
    return Chart(
        f"{name}-effects-of-removal",
        f"{title}: effect of removing one card",
        "rank removed",
        "change in house edge, %",
        tuple(
            Series(
                f"{bets[bet].display_name}, {Shoe.standard(decks).describe()}",
                tuple(
                    (float(i), 100 * float(by_rank[rank])) for i, rank in enumerate(ranks) if rank in by_rank
                ),
            )
            for (bet, decks), by_rank in effects.items()
        ),
        kind="bar" if len(effects) <= 2 else "line",
        x_labels=tuple((float(i), rank.symbol) for i, rank in enumerate(ranks)),
    )
