"""What the engine publishes of decisions: the strategy as a table (each state, or for a decision
whose states are ordered, the runs of states with one choice), what a pinned strategy costs, and
both as JSON fields of exact values.

A strategy card prints Three Card Poker's play in two lines, "play Q-6-4 or better, fold the
rest", not 741 hands: when a decision ranks its states (``order``), the table lists the runs of
consecutive states, strongest first, that share a choice.  The JSON document keeps every state.

>>> from cardmath.games.casino_war import GAME, CasinoWarRules
>>> from cardmath.shoe import Shoe
>>> result = GAME.analyze(Shoe.standard(6), CasinoWarRules(on_tie="best"), bets=["main"])
>>> table = decision_tables(result, "War")[0]
>>> table.title, table.rows[0][0], table.rows[0][-1]
('War main war or surrender strategy, 6 decks', 'tie of 2', 'war')
"""

from __future__ import annotations

import itertools
from typing import Any

from sympy import Rational

from cardmath.bets import RuleBet
from cardmath.engine.analysis import CatalogueResult
from cardmath.engine.settle import DecisionPlan, StatePlan
from cardmath.engine.strategy import StrategyCost, state_words
from cardmath.table import Kind, Table, slug_of

__all__ = ["RUNS_FROM", "cost_document", "decision_tables", "plan_document", "strategy_cost_tables"]

RUNS_FROM = 13
"""A decision with ordered states and at least this many is tabulated by runs of one choice."""


def plan_document(plan: DecisionPlan, bet: RuleBet[Any]) -> dict[str, Any]:
    """A decision's plan as JSON fields of exact values: every state with its chance, what each
    choice is worth in it, and the choice made (the states pinned by a strategy listed).

    Args:
        plan: The decision's plan on one shoe.
        bet: The bet it decides (its decision says who decides).

    Returns:
        The fields, in order.

    >>> plan = DecisionPlan("raise", ("stand", "raise"), False, 1, 10, (StatePlan(7, 4, (-2, 0), 1),))
    >>> bet = RuleBet.define("red", str, {"win": 1})
    >>> plan_document(plan, bet)["states"][0]["choice"]
    'raise'
    """
    document: dict[str, Any] = {
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
        "decider": bet.decision.decider if bet.decision is not None else "the player",
        "sees": list(bet.decision.sees) if bet.decision is not None else [],
    }
    if plan.pinned:
        document["pinned"] = [state_words(state) for state in plan.pinned]
    return document


def cost_document(cost: StrategyCost) -> dict[str, Any]:
    """What a pinned strategy costs, as JSON fields of exact values.

    Args:
        cost: The strategy's cost on one shoe.

    Returns:
        The strategy's words, both house edges, the cost, the element of risk and the states changed.

    >>> cost = StrategyCost("always raise", Rational(1, 30), Rational(1, 25), Rational(1, 40), ())
    >>> cost_document(cost)["cost"]
    1/150
    """
    return {
        "strategy": cost.strategy,
        "best_house_edge": cost.best_edge,
        "house_edge": cost.edge,
        "cost": cost.cost,
        "element_of_risk": cost.element_of_risk,
        "changed": [
            {"state": state, "best": best, "chosen": chosen, "cost": loss}
            for state, best, chosen, loss in cost.changed
        ],
    }


def _runs(plan: DecisionPlan, order: Any) -> list[tuple[Any, ...]]:
    """The runs of consecutive states (strongest first) that share a choice, as table rows."""
    ranked = sorted(plan.states, key=lambda state: order(state.state), reverse=True)
    rows = []
    for choice, run in itertools.groupby(ranked, key=lambda state: state.choice):
        states: list[StatePlan] = list(run)
        rows.append(
            (
                state_words(states[0].state),
                state_words(states[-1].state),
                len(states),
                Rational(sum(state.deals for state in states), plan.total),
                *(
                    Rational(sum(state.values[c] for state in states), plan.denominator * plan.total)
                    for c in range(len(plan.choices))
                ),
                plan.choices[choice],
            )
        )
    return rows


def decision_tables(result: CatalogueResult[Any], title: str) -> tuple[Table, ...]:
    """One table per decision chosen by expected value (or pinned): every state, its chance, what
    each choice adds to the expected value of a unit bet, and the choice made; for a decision
    whose many states are ordered, the runs of states that share a choice.

    Args:
        result: The analysis whose decision plans are tabulated.
        title: The game's short title, which opens every table title.

    Returns:
        One strategy table per bet whose decision is not fixed by the rules, in the order of
            ``result.decisions``.

    >>> from cardmath.games.three_card_poker import GAME
    >>> table = decision_tables(GAME.fresh(1), "3CP")[0]
    >>> table.headers[:3], [row[:2] + row[-1:] for row in table.rows]
    (('from', 'down to', 'states'), [('A-K-Q flush', 'Q-6-4', 'play'), ('Q-6-3', '5-3-2', 'fold')])
    """
    where = result.shoe.describe()
    tables = []
    for name, plan in result.decisions.items():
        if plan.fixed:
            continue
        decision = result.definitions[name].decision
        order = decision.order if decision is not None else None
        values = tuple(f"value if {choice}" for choice in plan.choices)
        notes: tuple[tuple[str, str], ...] = (
            ("value if", "what the choice adds to the expected value of a unit bet, in these states"),
            ("state", f"what {decision.decider if decision else 'the player'} knows when deciding"),
        )
        if order is not None and len(plan.states) >= RUNS_FROM:
            headers: tuple[str, ...] = ("from", "down to", "states", "probability", *values, "choice")
            rows = tuple(_runs(plan, order))
            kinds = (
                Kind.TEXT,
                Kind.TEXT,
                Kind.COUNT,
                Kind.PROBABILITY,
                *(Kind.DECIMAL for _ in values),
                Kind.TEXT,
            )
            notes = (
                ("from, down to", "a run of states, strongest first, that all take the same choice"),
                *notes,
            )
        else:
            headers = ("state", "probability", *values, "choice")
            rows = tuple(
                (
                    state_words(state.state),
                    plan.probability(state.state),
                    *(plan.value(state.state, choice) for choice in plan.choices),
                    plan.choices[state.choice],
                )
                for state in plan.states
            )
            kinds = (Kind.TEXT, Kind.PROBABILITY, *(Kind.DECIMAL for _ in values), Kind.TEXT)
        tables.append(
            Table(
                f"{title} {name} {plan.decision} strategy, {where}",
                headers,
                rows,
                kinds=kinds,
                notes=notes,
                slug=slug_of(f"{name} {plan.decision} strategy"),
            )
        )
    return tuple(tables)


def strategy_cost_tables(result: CatalogueResult[Any], title: str) -> tuple[Table, ...]:
    """For each bet played by a pinned strategy: its house edge against the best play's, and the
    states where it chooses otherwise, with what each costs.

    Args:
        result: An analysis with pinned strategies (``result.strategies``).
        title: The game's short title, which opens every table title.

    Returns:
        One table per pinned strategy; none without.

    >>> from cardmath.games.three_card_poker import GAME
    >>> from cardmath.shoe import Shoe
    >>> result = GAME.analyze(Shoe.standard(1), bets=["ante"], strategy="Q-6-3=play")
    >>> strategy_cost_tables(result, "3CP")[0].rows[-1][:3]
    ('Q-6-3', 'fold', 'play')
    """
    where = result.shoe.describe()
    tables = []
    for name, cost in result.strategies.items():
        rows: list[tuple[Any, ...]] = [
            ("best play", None, None, cost.best_edge),
            (f"strategy: {cost.strategy}", None, None, cost.edge),
            *((state, best, chosen, loss) for state, best, chosen, loss in cost.changed),
        ]
        tables.append(
            Table(
                f"{title} {name} strategy cost, {where}",
                ("states", "best choice", "strategy's choice", "house edge, or its cost"),
                tuple(rows),
                kinds=(Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.PERCENT),
                footer=(("cost of the strategy", None, None, cost.cost),),
                notes=(
                    ("cost", "what the strategy adds to the house edge, in percent of the initial bet"),
                    ("states", "the states where the strategy's choice is not the best, each with its cost"),
                ),
                slug=slug_of(f"{name} strategy cost"),
            )
        )
    return tuple(tables)
