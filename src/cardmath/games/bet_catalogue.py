"""What the games with a catalogue of bets share: the result of many bets on one shoe
(:class:`BetsResult`), its JSON document (:func:`bets_document`) and tables (:func:`bets_tables`),
and ``BET:OUTCOME`` as ``--solve-pay`` reads it (:func:`read_bet_outcome`).

Baccarat and Dragon Tiger count every bet of their catalogue (:class:`cardmath.bets.RuleBet`) on
one shoe, and tell who won the deals; they publish the same tables in the same order, each with
its own title and figures.

>>> from sympy import Rational
>>> from cardmath.bets import RuleBet, counted_par_sheet
>>> red = RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1})
>>> sheet = counted_par_sheet(red, [26, 26], 52, infinite=False)
>>> result = BetsResult(Shoe.standard(1), None, 52, {"red": 26, "black": 26},
...                     {"red": Rational(1, 2), "black": Rational(1, 2)}, {"red": sheet}, {"red": red})
>>> [table.title for table in bets_tables(result, "Colours")]
['Colours results, 1 deck', 'Colours red bet par sheet, 1 deck', 'Colours bets, 1 deck']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sympy import Rational

from cardmath.bets import PayTable, RuleBet
from cardmath.cards import Rank
from cardmath.errors import OptionError
from cardmath.parsheet import Figure, ParSheet, define_terms, figures_table, par_sheet_table, sheet_document
from cardmath.shoe import Shoe
from cardmath.table import Kind, Table

__all__ = [
    "BET_FIGURES",
    "BetsResult",
    "bet_labels",
    "bets_document",
    "bets_tables",
    "pay_table_bets",
    "pay_table_tables",
    "read_bet_outcome",
]

BET_FIGURES: tuple[Figure, ...] = (
    Figure.HOUSE_EDGE,
    Figure.ELEMENT_OF_RISK,
    Figure.VARIANCE,
    Figure.STANDARD_DEVIATION,
    Figure.HIT_FREQUENCY,
)
"""The figures of every bet in a result's document, in order; its table of bets leaves out the
variance (the standard deviation stands for it)."""

RulesT = TypeVar("RulesT")
BetT = TypeVar("BetT", bound=RuleBet[Any])


@dataclass(frozen=True)
class BetsResult(Generic[RulesT, BetT]):
    """The exact analysis of one shoe under one set of rules, for a game of many bets.

    ``results`` counts who won the deals (``None`` for an infinite shoe, whose chances are in
    ``result_probabilities``); ``bets`` maps each bet's name to its
    :class:`~cardmath.parsheet.ParSheet` (``.house_edge``, ``.element_of_risk``,
    ``.standard_deviation``...); ``definitions`` maps it to its bet.

    >>> from cardmath.shoe import Shoe
    >>> result = BetsResult(Shoe.infinite(), None, None, {"heads": None}, {"heads": 1}, {}, {})
    >>> result.total_combinations, result.results
    (None, {'heads': None})
    """

    shoe: Shoe
    rules: RulesT
    total_combinations: int | None
    results: dict[str, int | None]
    result_probabilities: dict[str, Rational]
    bets: dict[str, ParSheet]
    definitions: dict[str, BetT]

    def house_edge_excluding_pushes(self, name: str) -> Rational | None:
        """House edge per bet resolved (pushes, such as ties on player and banker, left out);
        ``None`` (undefined) when the bet never resolves, as on a shoe where every deal ties.

        >>> from cardmath.bets import RuleBet, counted_par_sheet
        >>> player = RuleBet.define("player", str, {"win": 1, "lose": -1, "tie": 0})
        >>> sheet = counted_par_sheet(player, [4, 5, 1], 10, infinite=False)
        >>> result = BetsResult(Shoe.standard(1), None, 10, {}, {}, {"player": sheet}, {})
        >>> result.house_edge_excluding_pushes("player")
        1/9
        """
        return self.bets[name].house_edge_excluding_pushes


def bets_document(result: BetsResult[Any, Any], figures: Sequence[Figure] = BET_FIGURES) -> dict[str, Any]:
    """The result as JSON fields of exact values: the counts, who won, and every bet's
    ``figures`` and outcomes (:func:`~cardmath.parsheet.sheet_document`).

    >>> from cardmath.shoe import Shoe
    >>> result = BetsResult(Shoe.infinite(), None, None, {"heads": None}, {"heads": 1}, {}, {})
    >>> bets_document(result)
    {'total_combinations': None, 'results': {'heads': None}, 'result_probabilities': {'heads': 1}, 'bets': {}}
    """
    return {
        "total_combinations": result.total_combinations,
        "results": result.results,
        "result_probabilities": result.result_probabilities,
        "bets": {name: sheet_document(sheet, figures) for name, sheet in result.bets.items()},
    }


def bet_labels(bets: Mapping[str, RuleBet[Any]]) -> tuple[tuple[str, str], ...]:
    """``(id, display name)`` of each bet, as a :class:`~cardmath.table.Table`'s ``labels``.

    >>> bet_labels({"dragon_7": RuleBet.define("dragon_7", str, {"win": 40, "lose": -1})})
    (('dragon_7', 'Dragon 7'),)
    """
    return tuple((name, bet.display_name) for name, bet in bets.items())


def bets_tables(
    result: BetsResult[Any, Any],
    title: str,
    effects: Mapping[str, Mapping[Rank, Rational]] | None = None,
    ranks: Sequence[Rank] = (),
    *,
    figures: Sequence[Figure] = BET_FIGURES,
) -> tuple[Table, ...]:
    """The tables of one result, each titled ``"{title} ..., {shoe}"``: who won, one par sheet per
    bet, the ``figures`` of every bet (but the variance), and (given ``effects``) the effects of
    removal of the ``ranks``, in that order.

    >>> from cardmath.shoe import Shoe
    >>> result = BetsResult(Shoe.infinite(), None, None, {"heads": None}, {"heads": Rational(1)}, {}, {})
    >>> results, figures = bets_tables(result, "Coin")
    >>> results.title, results.rows
    ('Coin results, infinite decks', (('heads', None, 1), ('total', None, 1)))
    """
    where = result.shoe.describe()
    labels = bet_labels(result.definitions)
    names = dict(labels)
    tables = [
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
        ),
        *(
            par_sheet_table(
                f"{title} {name} bet par sheet, {where}",
                sheet,
                heading=f"{title} {names.get(name, name)} par sheet, {where}",
            )
            for name, sheet in result.bets.items()
        ),
        figures_table(
            f"{title} bets, {where}",
            result.bets,
            [figure for figure in figures if figure is not Figure.VARIANCE],
            labels=labels,
        ),
    ]
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


def read_bet_outcome(text: str, find: Callable[[str], RuleBet[Any]], example: str) -> tuple[str, str]:
    """``BET:OUTCOME`` (as ``--solve-pay`` reads it) as the name of a bet ``find`` knows and one of
    its outcomes; ``example`` shows the form in the errors.

    >>> red = RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1})
    >>> find = {"red": red}.__getitem__
    >>> read_bet_outcome(" red : black ", find, "red:red")
    ('red', 'black')
    >>> read_bet_outcome("red", find, "red:red")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: --solve-pay needs BET:OUTCOME, such as red:red; the outcomes of red are ...
    >>> read_bet_outcome("red:green", find, "red:red")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: bet 'red' has no outcome 'green': choose one of 'red', 'black'
    """
    name, colon, outcome = str(text).partition(":")
    name, outcome = name.strip(), outcome.strip()
    if not name:
        raise OptionError(f"--solve-pay needs BET:OUTCOME, such as {example}, not {text!r}")
    bet = find(name)
    if not colon or not outcome:
        choices = ", ".join(repr(o) for o in bet.outcomes())
        raise OptionError(
            f"--solve-pay needs BET:OUTCOME, such as {example}; the outcomes of {name} are {choices}"
        )
    bet.pay(outcome)
    return name, outcome


def pay_table_bets(known: Mapping[str, BetT], tables: Sequence[PayTable]) -> dict[str, BetT]:
    """One bet per pay table: the known bet with the table's pays, named by the table's key
    (``perfect_pair:25-250``) and labelled with its pays.

    >>> red = RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1})
    >>> bets = pay_table_bets({"red": red}, [PayTable.define("red", "2", {"red": 2}, "a house")])
    >>> bet = bets["red:2"]
    >>> bet.name, bet.pays, bet.display_name
    ('red:2', (('red', 2), ('black', -1)), 'Red, pay table 2')
    """
    bets: dict[str, BetT] = {}
    for table in tables:
        bet = known[table.bet]
        for outcome, pay in table.pays:
            bet = bet.with_pay(outcome, pay)
        label = f"{bet.display_name}, pay table {table.label or table.name}"
        bets[table.key] = dataclasses.replace(bet, name=table.key, label=label)
    return bets


def pay_table_tables(
    result: BetsResult[Any, Any], title: str, tables: Sequence[PayTable]
) -> tuple[Table, ...]:
    """The tables of the catalogued pay tables on one shoe (``result`` holds one bet per table,
    named by its key, as :func:`pay_table_bets` makes them): every table's house edge and
    source, then one par sheet per table.

    >>> red = RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1})
    >>> catalogue = [PayTable.define("red", "2", {"red": 2}, "a house")]
    >>> bet = pay_table_bets({"red": red}, catalogue)["red:2"]
    >>> from cardmath.bets import counted_par_sheet
    >>> sheet = counted_par_sheet(bet, [1, 1], 2, infinite=False)
    >>> result = BetsResult(Shoe.standard(1), None, 2, {}, {}, {"red:2": sheet}, {"red:2": bet})
    >>> summary, par_sheet = pay_table_tables(result, "Colours", catalogue)
    >>> summary.rows, par_sheet.title
    ((('red:2', 'red', -1/2, 'a house'),), 'Colours red:2 pay table par sheet, 1 deck')
    """
    where = result.shoe.describe()
    labels = bet_labels(result.definitions)
    names = dict(labels)
    summary = Table(
        f"{title} pay tables, {where}",
        ("pay table", "bet", "house edge", "source"),
        tuple(
            (t.key, t.bet, result.bets[t.key].house_edge, t.source) for t in tables if t.key in result.bets
        ),
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
            notes=(),
        )
        for t in tables
        if t.key in result.bets
    )
    sheets = tuple(
        dataclasses.replace(
            sheet, notes=(*define_terms(*sheet.headers, "total", "house edge"), ("source", t.source))
        )
        for sheet, t in zip(sheets, [t for t in tables if t.key in result.bets], strict=True)
    )
    return (summary, *sheets)
