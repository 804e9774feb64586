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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sympy import Rational

from cardmath.bets import RuleBet, pay_terms
from cardmath.cards import FULL_DECK, Card, Rank
from cardmath.engine.cells import ORDERED_DEALS, WEIGHTS
from cardmath.engine.counter import Counter
from cardmath.engine.settle import DecisionPlan, HouseEdges, settle, value_numerators
from cardmath.engine.strategy import StrategyCost, StrategyText, resolve_strategy, strategy_cost
from cardmath.engine.tally import Tally
from cardmath.errors import OptionError, ShoeError
from cardmath.parsheet import ParSheet
from cardmath.shoe import Shoe

__all__ = ["CatalogueResult", "analyze", "analyze_many", "edge_terms", "effects_of_removal"]

RulesT = TypeVar("RulesT")


@dataclass(frozen=True)
class CatalogueResult(Generic[RulesT]):
    """The exact analysis of one shoe under one set of rules, the one result type of ``analyze``.

    ``results`` counts who won the deals (``None`` for an infinite shoe, whose chances are in
    ``result_probabilities``; empty for a game without such results); ``bets`` maps each bet's
    name to its :class:`~cardmath.parsheet.ParSheet` (``.house_edge``, ``.element_of_risk``,
    ``.standard_deviation``...); ``definitions`` to its bet; ``decisions`` to the plan of its
    decision, for the bets that have one.

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

    >>> from cardmath.games.dragon_tiger import GAME
    >>> result = GAME.analyze(Shoe.standard(1), bets=["tie"])
    >>> result.results, result.result_probabilities["ties"], result.house_edges()
    ({'dragon_wins': 1248, 'tiger_wins': 1248, 'ties': 156}, 1/17, {'tie': 8/17})
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


def analyze(
    counter: Counter,
    shoe: Shoe,
    rules: RulesT,
    bets: Sequence[RuleBet[Any]],
    strategies: Mapping[str, StrategyText] | None = None,
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
                pinned[bet.name], plan, settled.plan, best, settled.sheet(bet, total, infinite=weights)
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
    >>> edge_terms(counter, [Shoe.standard(1), Shoe.infinite()], tie)
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
    return [
        HouseEdges(names, [row[s] for row in numerators], [row[s] for row in denominators])
        for s in range(len(shoes))
    ]


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
            name.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> counter, tie = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
    >>> analyze_many(counter, [Shoe.standard(8)], tie)[0]["tie"]
    136/415
    """
    for shoe in shoes:
        if not shoe.is_infinite and shoe.size < counter.longest:
            counter.check(shoe)  # says why
    fast = counter.house_edges(shoes, bets)
    return fast if fast is not None else edge_terms(counter, shoes, bets)


def effects_of_removal(
    counter: Counter, shoe: Shoe, bets: Sequence[RuleBet[Any]], ranks: Sequence[Rank]
) -> dict[str, dict[Rank, Rational]]:
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

    Returns:
        By bet name, then by rank: the house edge after the removal minus the house edge before, exact
            (positive when the removal helps the house).

    Raises:
        ShoeError: When the shoe is infinite or holds no more cards than the longest deal.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> counter, tie = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
    >>> effects_of_removal(counter, Shoe.standard(8), tie, [Rank.KING])
    {'tie': {Rank.KING: 0}}
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
    return effects
