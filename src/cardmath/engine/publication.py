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
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sympy import Rational

from cardmath.bets import PayTable, RuleBet
from cardmath.cards import Rank
from cardmath.engine.analysis import CatalogueResult
from cardmath.engine.definition import BET_FIGURES
from cardmath.engine.settle import DecisionPlan
from cardmath.errors import OptionError
from cardmath.parsheet import Figure, define_terms, figures_table, par_sheet_table, sheet_document
from cardmath.shoe import Shoe
from cardmath.table import Chart, Kind, Series, Table

__all__ = [
    "bet_labels",
    "decision_tables",
    "house_edge_chart",
    "pay_table_bets",
    "pay_table_tables",
    "read_bet_pay",
    "removal_chart",
    "result_document",
    "result_tables",
    "state_words",
    "summary_table",
]

DOUBLED_TERM = (
    "doubled",
    "an outcome played with the bet doubled (a raise, a war) is paid per unit of the initial bet: a "
    "doubled bet won at 1 to 1 pays 2, and lost pays -2",
)


def bet_labels(bets: Mapping[str, RuleBet[Any]]) -> tuple[tuple[str, str], ...]:
    """``(id, display name)`` of each bet, as a :class:`~cardmath.table.Table`'s ``labels``.

    >>> bet_labels({"dragon_7": RuleBet.define("dragon_7", str, {"win": 40, "lose": -1})})
    (('dragon_7', 'Dragon 7'),)
    """
    return tuple((name, bet.display_name) for name, bet in bets.items())


def state_words(state: object) -> str:
    """A decision's state as people read it: a rank by its symbol, a pair of ranks ``"2-9"``.

    >>> state_words((Rank.TWO, Rank.NINE)), state_words(Rank.ACE), state_words(7)
    ('2-9', 'A', '7')
    """
    if isinstance(state, tuple):
        return "-".join(state_words(part) for part in state)
    if isinstance(state, Rank):
        return state.symbol
    return str(state)


def _plan_document(plan: DecisionPlan) -> dict[str, Any]:
    return {
        "decision": plan.decision,
        "choices": list(plan.choices),
        "fixed": plan.fixed,
        "states": [
            {
                "state": state_words(state.state),
                "probability": plan.probability(state.state),
                "values": {choice: plan.value(state.state, choice) for choice in plan.choices},
                "choice": plan.choices[state.choice],
            }
            for state in plan.states
        ],
    }


def result_document(
    result: CatalogueResult[Any], rules: Mapping[str, Any], figures: Sequence[Figure] = BET_FIGURES
) -> dict[str, Any]:
    """The result as JSON fields of exact values: the ``rules`` fields, the counts, who won, every
    bet's ``figures`` and outcomes, and (for bets with a decision) the decisions made.

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
    if result.decisions:
        document["decisions"] = {name: _plan_document(plan) for name, plan in result.decisions.items()}
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

    >>> from cardmath.games.dragon_tiger import GAME
    >>> [t.title for t in result_tables(GAME.analyze(Shoe.standard(1), bets=["tie"]), "DT")]
    ['DT results, 1 deck', 'DT tie bet par sheet, 1 deck', 'DT bets, 1 deck']
    """
    where = result.shoe.describe()
    labels = bet_labels(result.definitions)
    names = dict(labels)
    tables: list[Table] = []
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
                notes=define_terms("combinations", "probability"),
            )
        )
    for name, sheet in result.bets.items():
        heading = title if name == own else f"{title} {names.get(name, name)}"
        table = par_sheet_table(
            f"{_sheet_title(title, name, own)} par sheet, {where}",
            sheet,
            heading=f"{heading} par sheet, {where}",
        )
        if any(outcome.staked != 1 for outcome in sheet):
            table = dataclasses.replace(table, notes=(*table.notes, DOUBLED_TERM))
        tables.append(table)
    tables.append(
        figures_table(
            f"{title} bets, {where}",
            result.bets,
            [figure for figure in figures if figure is not Figure.VARIANCE],
            labels=labels,
        )
    )
    if effects is not None:
        tables.append(
            Table(
                f"{title} effects of removal, {where}",
                ("bet", *(rank.symbol for rank in ranks)),
                tuple((name, *(by_rank.get(rank) for rank in ranks)) for name, by_rank in effects.items()),
                kinds=(Kind.TEXT, *(Kind.PERCENT for _ in ranks)),
                labels=labels,
                notes=define_terms("effects of removal"),
            )
        )
    return tuple(tables)


def decision_tables(result: CatalogueResult[Any], title: str) -> tuple[Table, ...]:
    """One table per decision the engine chose by expected value: every state, its chance, what
    each choice adds to the expected value of a unit bet, and the choice made.

    >>> from cardmath.games.casino_war import GAME, CasinoWarRules
    >>> result = GAME.analyze(Shoe.standard(6), CasinoWarRules(on_tie="best"), bets=["main"])
    >>> table = decision_tables(result, "War")[0]
    >>> table.title, table.rows[0][0], table.rows[0][-1]
    ('War main war or surrender strategy, 6 decks', 'tie of 2', 'war')
    """
    where = result.shoe.describe()
    tables = []
    for name, plan in result.decisions.items():
        if plan.fixed:
            continue
        tables.append(
            Table(
                f"{title} {name} {plan.decision} strategy, {where}",
                ("state", "probability", *(f"value if {choice}" for choice in plan.choices), "choice"),
                tuple(
                    (
                        state_words(state.state),
                        plan.probability(state.state),
                        *(plan.value(state.state, choice) for choice in plan.choices),
                        plan.choices[state.choice],
                    )
                    for state in plan.states
                ),
                kinds=(Kind.TEXT, Kind.PROBABILITY, *(Kind.DECIMAL for _ in plan.choices), Kind.TEXT),
                notes=(
                    ("state", "what the player knows when he decides"),
                    ("value if", "what the choice adds to the expected value of a unit bet, in this state"),
                ),
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
            bet = bet.with_pay(outcome, pay)
        label = f"{bet.display_name}, pay table {table.label or table.name}"
        bets[table.key] = dataclasses.replace(bet, name=table.key, label=label)
    return bets


def pay_table_tables(
    result: CatalogueResult[Any], title: str, tables: Sequence[PayTable]
) -> tuple[Table, ...]:
    """The tables of the catalogued pay tables on one shoe (``result`` holds one bet per table,
    named by its key, as :func:`pay_table_bets` makes them): every table's house edge and
    source, then one par sheet per table.

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
    )
    sheets = tuple(
        dataclasses.replace(
            par_sheet_table(
                f"{title} {t.key} pay table par sheet, {where}",
                result.bets[t.key],
                heading=f"{title} {names.get(t.key, t.key)} par sheet, {where}",
            ),
            notes=(
                *define_terms(
                    "outcome", "pays", "combinations", "probability", "return", "total", "house edge"
                ),
                ("source", t.source),
            ),
        )
        for t in shown
    )
    return (summary, *sheets)


def summary_table(
    title: str,
    labels: Sequence[str],
    edges: Sequence[Mapping[str, Rational]],
    bets: Mapping[str, RuleBet[Any]],
) -> Table:
    """Every bet's house edge at each point (``labels``, such as ``"8 decks"``), one row per point.

    >>> red = RuleBet.define("red", str, {"red": 1, "black": -1})
    >>> table = summary_table("Colours", ["1 deck"], [{"red": Rational(0)}], {"red": red})
    >>> table.title, table.headers, table.rows
    ('Colours house edge by number of decks', ('decks', 'red'), (('1 deck', 0),))
    """
    return Table(
        f"{title} house edge by number of decks",
        ("decks", *bets),
        tuple((label, *(row[name] for name in bets)) for label, row in zip(labels, edges, strict=True)),
        kinds=(Kind.TEXT, *(Kind.PERCENT for _ in bets)),
        labels=bet_labels(bets),
        notes=define_terms("house edge"),
    )


def house_edge_chart(
    name: str,
    title: str,
    decks: Sequence[int],
    edges: Sequence[Mapping[str, Rational]],
    bets: Mapping[str, RuleBet[Any]],
) -> Chart:
    """Each bet's house edge (in percent) against the number of ``decks``, in panels, the last
    row of ``edges`` (the infinite-deck limit) dashed.

    >>> red = RuleBet.define("red", str, {"red": 1, "black": -1})
    >>> edges = [{"red": Rational(1, 100)}, {"red": 0}]
    >>> chart = house_edge_chart("colours", "Colours", [1], edges, {"red": red})
    >>> chart.name, chart.series[0].points, chart.series[0].limit
    ('colours-house-edge', ((1.0, 1.0),), 0.0)
    """
    return Chart(
        f"{name}-house-edge",
        f"{title}: house edge by number of decks (dashed: infinite-deck limit)",
        "decks",
        "house edge, %",
        tuple(
            Series(
                bet.display_name,
                tuple((float(d), 100 * float(row[key])) for d, row in zip(decks, edges, strict=False)),
                limit=100 * float(edges[-1][key]),
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
