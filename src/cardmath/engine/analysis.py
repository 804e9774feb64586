"""The verbs every deal-and-settle game shares, written once over a :class:`~cardmath.engine.counter.Counter`.

- :func:`analyze`: every chosen bet on one shoe: par sheets, who won, the decisions made;
- :func:`analyze_many`: the house edge of every bet on many shoes, counted together;
- :func:`effects_of_removal`: the change in each bet's house edge when one card of a rank leaves
  the shoe (the one sign convention of cardmath: positive when the removal helps the house);
- (in :mod:`cardmath.engine.solving`) each bet's house edge as a function of the number of decks,
  and the pay that gives a bet a chosen house edge.

A bet with a decision is played as the engine finds best, state by state, or as a strategy the
user pins (:mod:`cardmath.engine.strategy`): then the result says what the strategy costs.

The game objects (:class:`~cardmath.engine.game.CatalogueGame`) resolve rules and bets and call
these; the examples use Dragon Tiger's.

>>> from cardmath.games.dragon_tiger import GAME
>>> counter, bets = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
>>> analyze(counter, Shoe.standard(8), GAME.default_rules, bets).bets["tie"].house_edge
136/415
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sympy import Rational

from cardmath.bets import RuleBet, pay_terms
from cardmath.cards import FULL_DECK, Card, Rank
from cardmath.display import Displayed
from cardmath.engine.cells import ORDERED_DEALS, UNIT_WORDS, WEIGHTS
from cardmath.engine.conditions import rules_words, shoe_conditions, shoe_words
from cardmath.engine.counter import Counter
from cardmath.engine.removal import EffectsOfRemoval
from cardmath.engine.settle import DecisionPlan, HouseEdges, edges_words, settle, value_numerators
from cardmath.engine.strategy import StrategyCost, StrategyText, resolve_strategy, strategy_cost
from cardmath.engine.tally import Tally
from cardmath.errors import OptionError, ShoeError
from cardmath.frames import to_frame, to_polars
from cardmath.parsheet import Figure, ParSheet, define_terms, figures_table, outcome_records, par_sheet_table
from cardmath.shoe import Shoe
from cardmath.table import Kind, Table, slug_of
from cardmath.text import float_value

__all__ = [
    "BETS_TABLE_FIGURES",
    "RECORD_KINDS",
    "CatalogueResult",
    "EffectsOfRemoval",
    "analyze",
    "analyze_many",
    "edge_terms",
    "effects_of_removal",
]

RulesT = TypeVar("RulesT")

BETS_TABLE_FIGURES: tuple[Figure, ...] = (
    Figure.HOUSE_EDGE,
    Figure.HOUSE_EDGE_EXCLUDING_PUSHES,
    Figure.ELEMENT_OF_RISK,
    Figure.STANDARD_DEVIATION,
    Figure.HIT_FREQUENCY,
)
"""The figures of the table of bets a result shows, in order."""

RECORD_KINDS: tuple[str, ...] = ("outcomes", "bets", "results")
"""What the records of a :class:`CatalogueResult` can be (``kind=``): one per outcome of each
bet (the default), one per bet with its figures, or one per result of the deals (who won)."""


def _bet_labels(definitions: Mapping[str, RuleBet[Any]]) -> tuple[tuple[str, str], ...]:
    """``(id, display name)`` of each bet, for a table's ``labels``."""
    return tuple((name, bet.display_name) for name, bet in definitions.items())


@dataclass(frozen=True, repr=False)
class CatalogueResult(Displayed, Generic[RulesT]):
    """The exact analysis of one shoe under one set of rules, the one result type of ``analyze``.

    ``results`` counts who won the deals (``None`` for an infinite shoe, whose chances are in
    ``result_probabilities``; empty for a game without such results); ``bets`` maps each bet's
    name to its :class:`~cardmath.parsheet.ParSheet` (``.house_edge``, ``.element_of_risk``,
    ``.standard_deviation``...); ``definitions`` to its bet; ``decisions`` to the plan of its
    decision, for the bets that have one.

    It shows itself (:class:`~cardmath.display.Displayed`): ``repr`` is one line (the game, the
    shoe and the first house edges); a notebook shows who won, the table of bets
    (:data:`BETS_TABLE_FIGURES`) and each bet's par sheet; :meth:`to_frame` is tidy, one row per
    outcome of each bet (``kind="bets"``: one row per bet with its figures; ``kind="results"``:
    one row per result), each row opening with the conditions (:meth:`conditions`) so that the
    frames of many shoes or rules concatenate into one.

    Args:
        shoe: The shoe the deals were counted on: a number of decks, the infinite limit or a depleted shoe.
        rules: The game's rules object the bets were resolved under (pay table and options).
        total_combinations: The number of deals of the shoe in the unit ``unit`` says (ordered deals, padded
            to the longest; or with hands as combinations); ``None`` when the unit is weights.
        results: Who won the deals, as the number of deals each result names (``None`` counts for an infinite
            shoe; empty when the game names no results).
        result_probabilities: The exact chance of each result, by the same names as ``results``.
        bets: Each bet's :class:`~cardmath.parsheet.ParSheet`, by bet name, in the order analysed.
        definitions: The bet each par sheet was computed for (its rule, pays and decision), by bet name.
        decisions: The engine's plan of each bet's decision on this shoe, by bet name; only bets with a
            decision appear.
        unit: What ``total_combinations`` and the par sheets' combinations count
            (:data:`~cardmath.engine.cells.UNIT_WORDS`); ordered deals by default.
        strategies: For each bet played by a strategy the user pinned, what it costs against the
            engine's best play; none by default.
        game: The game's registry name (``GAME.analyze`` sets it), the ``game`` of the records; empty
            by default. It does not count in comparisons.
        title: The game's short title, which opens the titles of the tables shown; empty by default
            (the game's name stands for it). It does not count in comparisons.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> result = GAME.analyze(Shoe.standard(1), bets=["tie"])
    >>> result.results, result.result_probabilities["ties"], result.house_edges()
    ({'dragon_wins': 1248, 'tiger_wins': 1248, 'ties': 156}, 1/17, {'tie': 8/17})
    >>> result
    <CatalogueResult: dragon-tiger, 1 deck: house edge 47.0588%>
    >>> result.records()[0]  # doctest: +NORMALIZE_WHITESPACE
    {'game': 'dragon-tiger', 'decks': 1, 'shoe': 'finite', 'rules': 'usual', 'bet': 'tie',
     'outcome': 'tie', 'pays': 8, 'combinations': 156, 'probability': 1/17, 'return': 8/17}
    >>> result.records(kind="bets")[0]["element_of_risk"]
    8/17
    """

    shoe: Shoe
    rules: RulesT
    total_combinations: int | None
    results: dict[str, int | None]
    result_probabilities: dict[str, Rational]
    bets: dict[str, ParSheet]
    definitions: dict[str, RuleBet[Any]]
    decisions: dict[str, DecisionPlan]
    unit: str = ORDERED_DEALS
    strategies: dict[str, StrategyCost] = field(default_factory=dict)
    game: str = field(default="", compare=False)
    title: str = field(default="", compare=False)

    def house_edges(self) -> dict[str, Rational]:
        """Every bet's house edge, by name.

        Returns:
            A new dict mapping each bet's name to its exact house edge (positive when the house wins), in the
                order of ``bets``.
        """
        return {name: Rational(sheet.house_edge) for name, sheet in self.bets.items()}

    def house_edge_excluding_pushes(self, name: str) -> Rational | None:
        """House edge per bet resolved (pushes left out); ``None`` when the bet never resolves.

        Args:
            name: The bet's name, a key of ``bets``.

        Returns:
            The expected loss per unit bet over the deals that settle it (a push counts as no bet), exact;
                ``None`` when every deal pushes.

        >>> from cardmath.games.dragon_tiger import GAME
        >>> GAME.analyze(Shoe.standard(8), bets=["dragon"]).house_edge_excluding_pushes("dragon")  # no push
        31/830
        """
        return self.bets[name].house_edge_excluding_pushes

    # --- display ---------------------------------------------------------------------------------

    def summary(self) -> str:
        """The game, the shoe, the rules when not the usual ones, and the first bets' house edges.

        Returns:
            One line, such as `baccarat, 8 decks: 3 bets: house edge player 1.2351%, banker ...`.
        """
        rules = rules_words(self.rules)
        where = ", ".join(
            part
            for part in (self.game, shoe_words(self.shoe), "" if rules == "usual" else rules[:60])
            if part
        )
        line = f"{where}: {edges_words({name: sheet.house_edge for name, sheet in self.bets.items()})}"
        pinned = "; ".join(f"{name} {cost.strategy}" for name, cost in self.strategies.items())
        return f"{line}; strategy {pinned[:60]}" if pinned else line

    def _opening(self) -> str:
        """The words that open the tables' titles: the game's short title, or its name."""
        return self.title or self.game or "Game"

    def display_tables(self) -> tuple[Table, ...]:
        """Who won the deals (when the game names results), the table of bets (each bet's figures
        of :data:`BETS_TABLE_FIGURES`), each bet's par sheet, and what each pinned strategy costs.

        Returns:
            The tables, in that order, each titled with the game and the shoe.
        """
        where = shoe_words(self.shoe)
        opening = self._opening()
        labels = _bet_labels(self.definitions)
        names = dict(labels)
        unit_terms = {"combinations": UNIT_WORDS.get(self.unit, self.unit)}
        tables: list[Table] = []
        if self.results:
            tables.append(
                Table(
                    f"{opening} results, {where}",
                    ("result", "combinations", "probability"),
                    tuple(
                        (name.replace("_", " "), count, self.result_probabilities.get(name))
                        for name, count in self.results.items()
                    ),
                    kinds=(Kind.TEXT, Kind.COUNT, Kind.PROBABILITY),
                    notes=define_terms("combinations", "probability", extra=unit_terms),
                    slug="results",
                )
            )
        bets = figures_table(f"{opening} bets, {where}", self.bets, BETS_TABLE_FIGURES, labels=labels)
        tables.append(_with_slug(bets, "bets"))
        for name, sheet in self.bets.items():
            label = names.get(name, name)
            title = (
                f"{opening} par sheet, {where}"
                if label == opening
                else f"{opening} {label} par sheet, {where}"
            )
            table = par_sheet_table(title, sheet, extra_terms=unit_terms)
            tables.append(_with_slug(table, f"{slug_of(name)}-par-sheet"))
        for cost in self.strategies.values():
            tables.extend(cost.display_tables())
        return tuple(tables)

    def conditions(self) -> dict[str, Any]:
        """The game, the shoe and the rules: the first columns of every record.

        Returns:
            `game` (when known), `decks` (left out for the infinite shoe), `shoe` (`finite` or `infinite`),
                `removed` (the cards missing from whole decks, when some are) and `rules` (`usual`, or
                the rules that differ): see :mod:`cardmath.engine.conditions`.
        """
        named = {"game": self.game} if self.game else {}
        return {**named, **shoe_conditions(self.shoe), "rules": rules_words(self.rules)}

    def records(self, kind: str = "outcomes") -> list[dict[str, Any]]:
        """The result's tidy data (no totals), each record opening with :meth:`conditions`.

        Args:
            kind: `outcomes` (the default): one record per outcome of each bet: `bet`, `outcome`,
                `pays` (the net result of a unit bet), `combinations` (left out for an infinite shoe),
                `probability` and `return` (pays times probability); `bets`: one record per bet: `bet`,
                `label` (its display name), `house_edge`, `house_edge_excluding_pushes`,
                `element_of_risk`, `variance`, `standard_deviation` (a float: the square root of the
                variance is no fraction), `hit_frequency` and `outcomes` (how many); `results`: one
                record per result of the deals: `result`, `combinations` (left out for an infinite
                shoe) and `probability`.

        Returns:
            One dictionary per observation, exact values exact.

        Raises:
            OptionError: When `kind` is none of :data:`RECORD_KINDS`.
        """
        start = self.conditions()
        if kind == "outcomes":
            return [
                {**start, "bet": name, **row}
                for name, sheet in self.bets.items()
                for row in outcome_records(sheet, tidy=True)
            ]
        if kind == "bets":
            return [
                {**start, **_bet_record(name, sheet, self.definitions)} for name, sheet in self.bets.items()
            ]
        if kind == "results":
            return [
                {
                    **start,
                    "result": name,
                    **({} if count is None else {"combinations": count}),
                    "probability": self.result_probabilities.get(name),
                }
                for name, count in self.results.items()
            ]
        raise OptionError(f"the kind of records must be {', '.join(map(repr, RECORD_KINDS))}, not {kind!r}")

    def to_frame(self, kind: str = "outcomes") -> Any:
        """The result as a tidy pandas DataFrame (see :mod:`cardmath.frames`): the records of
        ``kind``, each exact number as a float column beside its exact fraction (``NAME_exact``).

        Args:
            kind: `outcomes` (the default, one row per outcome of each bet), `bets` (one row per bet
                with its figures) or `results` (one row per result of the deals): see :meth:`records`.

        Returns:
            A `pandas.DataFrame`.

        Raises:
            OptionError: When `kind` is none of :data:`RECORD_KINDS`.
            ExtraMissingError: When pandas is not installed (`pip install 'cardmath[pandas]'`).
        """
        return to_frame(self.records(kind))

    def to_polars(self, kind: str = "outcomes") -> Any:
        """The result as a polars DataFrame, with the columns of :meth:`to_frame`.

        Args:
            kind: `outcomes` (the default), `bets` or `results`: see :meth:`records`.

        Returns:
            A `polars.DataFrame` of one row per record of that kind.

        Raises:
            OptionError: When `kind` is none of :data:`RECORD_KINDS`.
            ExtraMissingError: When polars is not installed.
        """
        return to_polars(self.records(kind))


def _with_slug(table: Table, slug: str) -> Table:
    """The table with its short name for files and frames."""
    return dataclasses.replace(table, slug=slug)


def _bet_record(name: str, sheet: ParSheet, definitions: Mapping[str, RuleBet[Any]]) -> dict[str, Any]:
    """One bet's figures as a record: exact, but the standard deviation (a float view)."""
    definition = definitions.get(name)
    variance = sheet.variance
    return {
        "bet": name,
        "label": definition.display_name if definition is not None else name,
        "house_edge": sheet.house_edge,
        "house_edge_excluding_pushes": sheet.house_edge_excluding_pushes,
        "element_of_risk": sheet.element_of_risk if sheet.expected_stake else None,
        "variance": variance,
        "standard_deviation": math.sqrt(max(float_value(variance), 0.0)),
        "hit_frequency": sheet.hit_frequency,
        "outcomes": len(sheet.outcomes),
    }


def analyze(
    counter: Counter,
    shoe: Shoe,
    rules: RulesT,
    bets: Sequence[RuleBet[Any]],
    strategies: Mapping[str, StrategyText] | None = None,
    *,
    game: str = "",
    title: str = "",
) -> CatalogueResult[RulesT]:
    """Every bet of ``bets`` on one shoe, exactly, and who won the deals.

    Args:
        counter: What counts the bets: the game's :class:`~cardmath.engine.counter.Counter` under the rules
            (``game.counter(rules)``).
        shoe: The shoe to deal from: any number of decks, the infinite limit, or a depleted shoe holding at
            least the longest deal.
        rules: The rules the bets were resolved under; kept in the result for its document and tables.
        bets: The bets to settle, already resolved (:meth:`~cardmath.engine.game.CatalogueGame.resolve_bets`),
            in the order the result lists them.
        strategies: By bet name, a strategy the user pins for the bet's decision
            (:func:`~cardmath.engine.strategy.read_strategy`); the engine's best play elsewhere.
        game: The game's registry name, kept in the result for its records; empty by default.
        title: The game's short title, kept in the result for its tables' titles; empty by default.

    Returns:
        The exact analysis: the number of deals, who won them, each bet's par sheet and its decision's plan.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> counter, tie = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
    >>> analyze(counter, Shoe.standard(1), GAME.default_rules, tie).bets["tie"].house_edge
    8/17
    """
    tally = counter.count([shoe], bets)
    total = tally.total(0)
    unit = counter.unit(shoe)
    weights = unit == WEIGHTS
    sheets: dict[str, ParSheet] = {}
    plans: dict[str, DecisionPlan] = {}
    costs: dict[str, StrategyCost] = {}
    pinned = dict(strategies or {})
    for name in pinned:
        if name not in {bet.name for bet in bets if bet.decision is not None}:
            chosen = ", ".join(bet.name for bet in bets if bet.decision is not None) or "none of the bets"
            raise OptionError(
                f"a strategy is pinned for {name!r}, which is no bet with a decision here: {chosen}"
            )
    for index, bet in enumerate(bets):
        cells = counter.bet_cells(bet)
        row = tally.row(index, 0)
        settled = settle(bet, cells.cells, cells.states, row, total, in_order=cells.in_order)
        if bet.name in pinned and settled.plan is not None and bet.decision is not None:
            best = settled.sheet(bet, total, infinite=weights)
            choices = resolve_strategy(pinned[bet.name], settled.plan, order=bet.decision.order)
            plan = settled.plan
            settled = settle(
                bet, cells.cells, cells.states, row, total, in_order=cells.in_order, pinned=choices
            )
            assert settled.plan is not None
            costs[bet.name] = strategy_cost(
                pinned[bet.name],
                plan,
                settled.plan,
                best,
                settled.sheet(bet, total, infinite=weights),
                bet=bet.name,
            )
        sheets[bet.name] = settled.sheet(bet, total, infinite=weights)
        if settled.plan is not None:
            plans[bet.name] = settled.plan
    won: list[int] = tally.results[0].tolist()
    results = counter.results
    return CatalogueResult(
        shoe=shoe,
        rules=rules,
        total_combinations=None if weights else total,
        results={name: None if weights else count for name, count in zip(results, won, strict=True)},
        result_probabilities={name: Rational(count, total) for name, count in zip(results, won, strict=True)},
        bets=sheets,
        definitions={bet.name: bet for bet in bets},
        decisions=plans,
        unit=unit,
        strategies=costs,
        game=game,
        title=title,
    )


def edge_terms(counter: Counter, shoes: Sequence[Shoe], bets: Sequence[RuleBet[Any]]) -> list[HouseEdges]:
    """The house edge of every bet on every shoe, from one count of them all (each ``Rational``
    is built when read).

    Args:
        counter: What counts the bets: the game's :class:`~cardmath.engine.counter.Counter` under the rules
            (``game.counter(rules)``).
        shoes: The shoes to evaluate, each at least as large as the longest deal; an empty sequence gives an
            empty list.
        bets: The resolved bets whose house edges are wanted, the same for every shoe.

    Returns:
        One :class:`~cardmath.engine.settle.HouseEdges` per shoe, in the order of ``shoes``, each holding
            every bet's edge as an unreduced integer fraction.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> counter, tie = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
    >>> [dict(edges) for edges in edge_terms(counter, [Shoe.standard(1), Shoe.infinite()], tie)]
    [{'tie': 8/17}, {'tie': 4/13}]
    """
    if not shoes:
        return []
    tally: Tally = counter.count(shoes, bets)
    names = [bet.name for bet in bets]
    numerators = []
    denominators = []
    for index, bet in enumerate(bets):
        cells = counter.bet_cells(bet)
        values = value_numerators(bet, cells.cells, len(cells.states), tally.cells[index])
        denominator, _ = pay_terms(bet)
        numerators.append([-int(value) for value in values.tolist()])
        denominators.append([int(total) * denominator for total in tally.totals.tolist()])
    found = [
        HouseEdges(names, [row[s] for row in numerators], [row[s] for row in denominators])
        for s in range(len(shoes))
    ]
    for edges, shoe in zip(found, shoes, strict=True):
        edges.computed_for(shoe)
    return found


def analyze_many(counter: Counter, shoes: Sequence[Shoe], bets: Sequence[RuleBet[Any]]) -> list[HouseEdges]:
    """The house edge of every bet on every shoe: the counter's own batch when it has one.

    Args:
        counter: What counts the bets: the game's :class:`~cardmath.engine.counter.Counter` under the rules
            (``game.counter(rules)``). Its own batch (``house_edges``) is used when it has one.
        shoes: The shoes to evaluate; a finite one smaller than the longest deal is refused with the counter's
            reason.
        bets: The resolved bets whose house edges are wanted on every shoe.

    Returns:
        One :class:`~cardmath.engine.settle.HouseEdges` per shoe, in the order of ``shoes``, keyed by bet
            name, each knowing its shoe (the conditions of its records).

    >>> from cardmath.games.dragon_tiger import GAME
    >>> counter, tie = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
    >>> analyze_many(counter, [Shoe.standard(8)], tie)[0]["tie"]
    136/415
    """
    for shoe in shoes:
        if not shoe.is_infinite and shoe.size < counter.longest:
            counter.check(shoe)  # says why
    fast = counter.house_edges(shoes, bets)
    if fast is None:
        return edge_terms(counter, shoes, bets)
    for edges, shoe in zip(fast, shoes, strict=True):
        edges.computed_for(shoe)
    return fast


def effects_of_removal(
    counter: Counter,
    shoe: Shoe,
    bets: Sequence[RuleBet[Any]],
    ranks: Sequence[Rank],
    *,
    game: str = "",
    title: str = "",
    rules: object | None = None,
) -> EffectsOfRemoval:
    """For each bet, the change in house edge when one card of each rank (in the order ``ranks``)
    is taken from the shoe; ranks with no card left are omitted.

    When a bet can tell suits apart the card is of a suit drawn at random from the cards of the
    rank left (the effect is the average of its cards' effects, weighted by their copies), so the
    effects weighted by the shoe's cards add up to exactly zero for every bet.

    Args:
        counter: What counts the bets: the game's :class:`~cardmath.engine.counter.Counter` under the rules
            (``game.counter(rules)``).
        shoe: A finite shoe with more cards than the longest deal, so a deal still fits after one card leaves.
        bets: The resolved bets whose effects are wanted.
        ranks: The ranks to remove one card of, in the order the result lists them (the game's table order).
        game: The game's registry name, kept in the result for its records; empty by default.
        title: The game's short title, kept in the result for its table's title; empty by default.
        rules: The rules the bets were resolved under, kept in the result for its records; ``None`` (not
            told) by default.

    Returns:
        By bet name, then by rank: the house edge after the removal minus the house edge before, exact
            (positive when the removal helps the house), as an :class:`EffectsOfRemoval` mapping.

    Raises:
        ShoeError: When the shoe is infinite or holds no more cards than the longest deal.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> counter, tie = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
    >>> effects_of_removal(counter, Shoe.standard(8), tie, [Rank.KING]) == {"tie": {Rank.KING: 0}}
    True
    """
    if shoe.is_infinite:
        raise ShoeError("effects of removal need a finite shoe: an infinite shoe does not change")
    if shoe.size <= counter.longest:
        raise ShoeError(
            f"effects of removal need a shoe of more than {counter.longest} cards, so that the longest "
            f"deal can still be dealt after one card is removed, not {shoe.size}"
        )
    counter.check(shoe)
    present = [card for card in FULL_DECK if shoe.count(card) > 0]
    weight = {card: shoe.count(card) for card in present}
    if not counter.reads_suits(bets):
        # every card of a rank has the same effect: remove one card of each rank
        firsts: dict[Rank, Card] = {}
        for card in present:
            firsts.setdefault(card.rank, card)
        present = list(firsts.values())
        weight = dict.fromkeys(present, 1)
    edges = analyze_many(counter, [shoe, *(shoe.without([card]) for card in present)], bets)
    base, removed = edges[0], dict(zip(present, edges[1:], strict=True))
    effects: dict[str, dict[Rank, Rational]] = {bet.name: {} for bet in bets}
    by_rank = {rank: [card for card in present if card.rank is rank] for rank in ranks}
    for bet in bets:
        for rank, cards in by_rank.items():
            if cards:
                weighted = sum(weight[card] * (removed[card][bet.name] - base[bet.name]) for card in cards)
                effects[bet.name][rank] = Rational(weighted) / sum(weight[card] for card in cards)
    return EffectsOfRemoval(
        effects, shoe, tuple(ranks), _bet_labels({bet.name: bet for bet in bets}), game, title, rules
    )
