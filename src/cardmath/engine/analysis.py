"""The verbs every deal-and-settle game shares, written once over a :class:`~cardmath.engine.tally.Counter`.

- :func:`analyze`: every chosen bet on one shoe: par sheets, who won, the decisions made;
- :func:`analyze_many`: the house edge of every bet on many shoes, counted together;
- :func:`effects_of_removal`: the change in each bet's house edge when one card of a rank leaves
  the shoe (the one sign convention of cardmath: positive when the removal helps the house);
- :func:`closed_form`: each bet's house edge on ``d`` fresh decks, an exact rational function of
  ``d``, and its limit;
- :func:`solve_pay`: the pay of one entry of a bet's pay table that gives it a chosen house edge.

The game objects (:class:`~cardmath.engine.game.CatalogueGame`) resolve rules and bets and call
these; the examples use Dragon Tiger's.

>>> from cardmath.games.dragon_tiger import GAME
>>> counter, bets = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
>>> analyze(counter, Shoe.standard(8), GAME.default_rules, bets).bets["tie"].house_edge
136/415
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import sympy
from sympy import Rational

from cardmath.bets import RuleBet, pay_terms
from cardmath.cards import FULL_DECK, Card, Rank
from cardmath.engine.protocol import ClosedForm
from cardmath.engine.settle import DecisionPlan, HouseEdges, settle, value_numerators
from cardmath.engine.tally import Counter, Tally
from cardmath.enumeration import (
    Polynomial,
    falling_factorial_polynomial,
    polynomial_add,
    polynomial_scale,
    polynomial_through,
)
from cardmath.errors import OptionError, ShoeError
from cardmath.exact import limit_at_infinite_decks, rational_function
from cardmath.parsheet import ParSheet
from cardmath.shoe import Shoe

__all__ = [
    "CatalogueResult",
    "analyze",
    "analyze_many",
    "closed_form",
    "edge_terms",
    "effects_of_removal",
    "solve_pay",
]

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
        total_combinations: The number of ordered deals of the shoe, every deal padded to the longest;
            ``None`` for an infinite shoe.
        results: Who won the deals, as the number of deals each result names (``None`` counts for an infinite
            shoe; empty when the game names no results).
        result_probabilities: The exact chance of each result, by the same names as ``results``.
        bets: Each bet's :class:`~cardmath.parsheet.ParSheet`, by bet name, in the order analysed.
        definitions: The bet each par sheet was computed for (its rule, pays and decision), by bet name.
        decisions: The engine's plan of each bet's decision on this shoe, by bet name; only bets with a
            decision appear.

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
    counter: Counter, shoe: Shoe, rules: RulesT, bets: Sequence[RuleBet[Any]]
) -> CatalogueResult[RulesT]:
    """Every bet of ``bets`` on one shoe, exactly, and who won the deals.

    Args:
        counter: What counts the bets: the game's :class:`~cardmath.engine.tally.Counter` under the rules
            (``game.counter(rules)``).
        shoe: The shoe to deal from: any number of decks, the infinite limit, or a depleted shoe holding at
            least the longest deal.
        rules: The rules the bets were resolved under; kept in the result for its document and tables.
        bets: The bets to settle, already resolved (:meth:`~cardmath.engine.game.CatalogueGame.resolve_bets`),
            in the order the result lists them.

    Returns:
        The exact analysis: the number of deals, who won them, each bet's par sheet and its decision's plan.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> counter, tie = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
    >>> analyze(counter, Shoe.standard(1), GAME.default_rules, tie).bets["tie"].house_edge
    8/17
    """
    tally = counter.count([shoe], bets)
    total = tally.total(0)
    infinite = shoe.is_infinite
    sheets: dict[str, ParSheet] = {}
    plans: dict[str, DecisionPlan] = {}
    for index, bet in enumerate(bets):
        cells = counter.bet_cells(bet)
        settled = settle(bet, cells.cells, cells.states, tally.row(index, 0), total, in_order=cells.in_order)
        sheets[bet.name] = settled.sheet(bet, total, infinite=infinite)
        if settled.plan is not None:
            plans[bet.name] = settled.plan
    won: list[int] = tally.results[0].tolist()
    results = counter.results
    return CatalogueResult(
        shoe=shoe,
        rules=rules,
        total_combinations=None if infinite else total,
        results={name: None if infinite else count for name, count in zip(results, won, strict=True)},
        result_probabilities={name: Rational(count, total) for name, count in zip(results, won, strict=True)},
        bets=sheets,
        definitions={bet.name: bet for bet in bets},
        decisions=plans,
    )


def edge_terms(counter: Counter, shoes: Sequence[Shoe], bets: Sequence[RuleBet[Any]]) -> list[HouseEdges]:
    """The house edge of every bet on every shoe, from one count of them all (each ``Rational``
    is built when read).

    Args:
        counter: What counts the bets: the game's :class:`~cardmath.engine.tally.Counter` under the rules
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
        counter: What counts the bets: the game's :class:`~cardmath.engine.tally.Counter` under the rules
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
        counter: What counts the bets: the game's :class:`~cardmath.engine.tally.Counter` under the rules
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


def _sign_for_all_decks(polynomial: Polynomial) -> int | None:
    """The sign of an integer polynomial at every whole ``d >= 1``, or ``None`` if it changes.

    Beyond the Cauchy bound ``1 + max |a_i / a_n|`` no root lies, so the sign there is that of the
    leading coefficient; the whole numbers below the bound are checked one by one.
    """
    coefficients = list(polynomial)
    while coefficients and coefficients[-1] == 0:
        coefficients.pop()
    if not coefficients:
        return 0
    leading = coefficients[-1]
    bound = 1 + max((-(-abs(c) // abs(leading)) for c in coefficients[:-1]), default=0)
    signs = {(leading > 0) - (leading < 0)}
    for decks in range(1, bound + 2):
        value = sum(c * decks**i for i, c in enumerate(coefficients))
        signs.add((value > 0) - (value < 0))
    # where the polynomial is zero either sign gives the same value: only a change of sign counts
    nonzero = signs - {0}
    return nonzero.pop() if len(nonzero) == 1 else None


def closed_form(counter: Counter, bets: Sequence[RuleBet[Any]]) -> tuple[ClosedForm, ...]:
    """Each bet's house edge on ``d`` fresh decks, exactly.

    Every count of deals of at most ``K`` cards is a polynomial of degree at most ``K`` in ``d``,
    so the counts on 1 to ``K + 1`` fresh decks determine it
    (:func:`~cardmath.enumeration.polynomial_through`).  A decision must make the same choice in
    each state for every number of decks, else the house edge is no single rational function and
    an :class:`~cardmath.errors.OptionError` names the state.

    Args:
        counter: What counts the bets: the game's :class:`~cardmath.engine.tally.Counter` under the rules
            (``game.counter(rules)``).
        bets: The resolved bets to express; a bet whose best play changes with the number of decks is refused.

    Returns:
        One :class:`~cardmath.engine.protocol.ClosedForm` per bet, in the order of ``bets``: the
            house edge as a rational function of the symbol ``d`` and its limit as ``d`` grows.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> counter, tie = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
    >>> closed_form(counter, tie)[0].house_edge
    8*(2*d + 1)/(52*d - 1)
    """
    longest = counter.longest
    points = [Shoe.standard(decks) for decks in range(1, longest + 2)]
    tally = counter.count(points, bets)
    total = falling_factorial_polynomial(52, longest)
    forms = []
    for index, bet in enumerate(bets):
        cells = counter.bet_cells(bet)
        polynomials = [
            polynomial_through([int(v) for v in tally.cells[index][:, c]]) for c in range(len(cells.cells))
        ]
        denominator, nets = pay_terms(bet)
        chosen = _choices_for_all_decks(bet, cells.cells, cells.states, polynomials, nets)
        value: Polynomial = ()
        for cell, polynomial in zip(cells.cells, polynomials, strict=True):
            if cell.state < 0 or cell.choice == chosen[cell.state]:
                value = polynomial_add(value, polynomial_scale(polynomial, -nets[cell.outcome]))
        expression = rational_function(value, polynomial_scale(total, denominator))
        forms.append(ClosedForm(bet.name, bet.display_name, expression, limit_at_infinite_decks(expression)))
    return tuple(forms)


def _choices_for_all_decks(
    bet: RuleBet[Any],
    cells: Sequence[Any],
    states: Sequence[Hashable],
    polynomials: Sequence[Polynomial],
    nets: Sequence[int],
) -> list[int]:
    decision = bet.decision
    if decision is None:
        return []
    if decision.fixed is not None:
        return [decision.choices.index(decision.fixed)] * len(states)
    width = len(decision.choices)
    values: list[list[Polynomial]] = [[() for _ in range(width)] for _ in states]
    for cell, polynomial in zip(cells, polynomials, strict=True):
        if cell.state < 0:
            continue
        values[cell.state][cell.choice] = polynomial_add(
            values[cell.state][cell.choice], polynomial_scale(polynomial, nets[cell.outcome])
        )
    chosen = []
    for state, row in zip(states, values, strict=True):
        best = 0
        for choice in range(1, width):
            gain = polynomial_add(row[choice], polynomial_scale(row[best], -1))
            sign = _sign_for_all_decks(gain)
            if sign is None:
                raise OptionError(
                    f"the best choice of {decision.name} in state {state} depends on the number of decks, "
                    "so the house edge is no single function of d"
                )
            if sign > 0:
                best = choice
        chosen.append(best)
    return chosen


def solve_pay(counter: Counter, shoe: Shoe, bet: RuleBet[Any], pay: str, target: Rational) -> Rational:
    """The value of the entry ``pay`` of the bet's pay table that gives the bet the house edge
    ``target`` on the shoe, every other pay kept.

    The expected value is linear in the pay for every choice of every state, so with a decision
    it is the sum over states of the best of some lines: convex, piecewise linear and
    nondecreasing in the pay.  Each piece is solved exactly and the one solution returned; it
    must be above -1 (a pay of -1 or less would lose the whole bet, or more, on an outcome).

    Args:
        counter: What counts the bets: the game's :class:`~cardmath.engine.tally.Counter` under the rules
            (``game.counter(rules)``).
        shoe: The shoe the house edge is measured on.
        bet: The resolved bet whose pay table is changed.
        pay: The name of the pay-table entry to solve for (for most bets an outcome), one of the bet's pays.
        target: The wanted house edge as an exact fraction of a unit bet (``0`` for a fair bet, ``Rational(1,
            40)`` for 2.5 %).

    Returns:
        The exact pay of the entry (units won per unit bet), above -1, that gives the bet the target house
            edge.

    Raises:
        OptionError: When the entry is never paid on this shoe, or no pay above -1 gives the target.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> counter, tie = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
    >>> solve_pay(counter, Shoe.standard(8), tie[0], "tie", Rational(0))
    384/31
    """
    bet.pay(pay)
    tally = counter.count([shoe], [bet])
    total = tally.total(0)
    cells = counter.bet_cells(bet)
    counts = tally.row(0, 0)
    pays = dict(bet.pays)
    settled = bet.settled()
    decision = bet.decision
    width = 1 if decision is None else len(decision.choices)
    states = max(1, len(cells.states))
    # one row of lines per state, and a last row (one line) for the deals with no choice offered
    constant = [[Rational(0)] * width for _ in range(states)] + [[Rational(0)]]
    slope = [[Rational(0)] * width for _ in range(states)] + [[Rational(0)]]
    for cell, count in zip(cells.cells, counts, strict=True):
        settlement = settled[cell.outcome]
        state, choice = (cell.state, cell.choice) if cell.state >= 0 else (states, 0)
        if settlement.pay == pay:
            slope[state][choice] += count * settlement.times
            constant[state][choice] += count * settlement.plus
        else:
            constant[state][choice] += count * settlement.net(pays)
    allowed = list(range(width))
    if decision is not None and decision.fixed is not None:
        allowed = [decision.choices.index(decision.fixed)]
    lines = [[(constant[s][c], slope[s][c]) for c in allowed] for s in range(states)]
    lines.append([(constant[states][0], slope[states][0])])
    goal = -target * total
    where = "on this shoe"
    if all(b == 0 for row in lines for _, b in row):
        raise OptionError(
            f"no pay of {bet.name}: {pay} sets the house edge {where}: {pay!r} is never paid, so its pay "
            "does not change the house edge"
        )
    cuts = sorted(
        {
            (a2 - a1) / (b1 - b2)
            for row in lines
            for i, (a1, b1) in enumerate(row)
            for a2, b2 in row[i + 1 :]
            if b1 != b2
        }
    )
    bounds: list[Any] = [-sympy.oo, *cuts, sympy.oo]
    solutions: set[Rational] = set()
    for low, high in itertools.pairwise(bounds):
        inside = _inside(low, high)
        picks = [max(row, key=lambda line: line[0] + line[1] * inside) for row in lines]
        a = sum((line[0] for line in picks), Rational(0))
        b = sum((line[1] for line in picks), Rational(0))
        if b == 0:
            continue
        x = (goal - a) / b
        if (low == -sympy.oo or x >= low) and (high == sympy.oo or x <= high):
            solutions.add(Rational(x))
    solutions = {x for x in solutions if x > -1}
    if len(solutions) != 1:
        raise OptionError(
            f"no pay of {bet.name}: {pay} above -1 gives a house edge of {_percent_words(target)} {where}"
        )
    return solutions.pop()


def _inside(low: Any, high: Any) -> Rational:
    if low == -sympy.oo and high == sympy.oo:
        return Rational(0)
    if low == -sympy.oo:
        return Rational(high) - 1
    if high == sympy.oo:
        return Rational(low) + 1
    return (Rational(low) + Rational(high)) / 2


def _percent_words(value: Rational) -> str:
    percent = Rational(value) * 100
    return f"{percent}%" if percent.q == 1 else f"{value} ({float(percent):.6g}%)"
