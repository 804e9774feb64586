"""Strategies a player pins instead of the engine's best play, read from words, and what they cost.

The engine decides every :class:`~cardmath.bets.Decision` it can by exact expected value, state by
state (:mod:`cardmath.engine.settle`).  A reader often wants another strategy's figures: the one
on a strategy card, a simpler rule, his own.  A strategy is written as:

- ``best``: the engine's choice in every state (the default);
- ``always CHOICE``: one choice everywhere (``always play``);
- ``CHOICE from STATE``: ``CHOICE`` in ``STATE`` and every state above it in the decision's order,
  the other choice below (``play from Q-6-4``: "play Q-6-4 or better"); for a decision of two
  choices whose states are ordered;
- ``STATE=CHOICE; STATE=CHOICE ...``: the choice of each state named, the engine's elsewhere;
- ``@FILE``: the same from a file, a CSV of ``state,choice`` rows (a header allowed) or a JSON
  object ``{"STATE": "CHOICE"}``.

States are named as the strategy table prints them (``Q-6-4``, ``Q-6-4 flush``, ``tie of 9``).

>>> from cardmath.engine.settle import DecisionPlan, StatePlan
>>> plan = DecisionPlan("raise", ("stand", "raise"), False, 1, 10,
...                     (StatePlan(1, 4, (-2, -3), 0), StatePlan(7, 4, (-2, 0), 1)))
>>> resolve_strategy(read_strategy("always raise"), plan)
{1: 'raise', 7: 'raise'}
>>> resolve_strategy(read_strategy("raise from 7"), plan, order=lambda state: state)
{1: 'stand', 7: 'raise'}
>>> resolve_strategy(read_strategy("7=stand"), plan)
{7: 'stand'}
>>> resolve_strategy(read_strategy("8=stand"), plan)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardmath.errors.OptionError: the strategy names '8', which is no state of raise on this shoe: its states ...
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sympy import Rational

from cardmath.cards import Rank
from cardmath.display import Displayed
from cardmath.engine.settle import DecisionPlan
from cardmath.errors import OptionError
from cardmath.parsheet import ParSheet
from cardmath.table import Kind, Table, slug_of
from cardmath.text import percent_text

__all__ = [
    "BEST",
    "StrategyCost",
    "StrategyText",
    "read_strategy",
    "resolve_strategy",
    "state_words",
    "strategy_cost",
]

BEST = "best"
"""The engine's choice in every state."""

_MOST_SHOWN = 8


def state_words(state: object) -> str:
    """A decision's state as people read it: a rank by its symbol, a pair of ranks ``"2-9"``.

    Args:
        state: A state as a decision names it: a :class:`~cardmath.cards.Rank`, a tuple of ranks (nested
            tuples allowed), or anything printable.

    Returns:
        The state's text: rank symbols, joined by ``-`` for a tuple; ``str(state)`` otherwise.

    >>> state_words((Rank.TWO, Rank.NINE)), state_words(Rank.ACE), state_words(7)
    ('2-9', 'A', '7')
    """
    if isinstance(state, tuple):
        return "-".join(state_words(part) for part in state)
    if isinstance(state, Rank):
        return state.symbol
    return str(state)


@dataclass(frozen=True)
class StrategyText:
    """A strategy as read from its words, before it meets a shoe's states.

    Args:
        text: The words given.
        always: The one choice of ``always CHOICE``; empty otherwise.
        choice: The choice of ``CHOICE from STATE``; empty otherwise.
        threshold: The state of ``CHOICE from STATE``; empty otherwise.
        table: The ``(state, choice)`` pairs named one by one; empty otherwise.

    >>> read_strategy("play from Q-6-4").threshold
    'Q-6-4'
    """

    text: str
    always: str = ""
    choice: str = ""
    threshold: str = ""
    table: tuple[tuple[str, str], ...] = ()

    @property
    def is_best(self) -> bool:
        """Whether the strategy is the engine's own (nothing pinned)."""
        return not (self.always or self.choice or self.table)


def _table_of(text: str, where: str) -> tuple[tuple[str, str], ...]:
    pairs = []
    for part in text.replace("\n", ";").split(";"):
        if not part.strip():
            continue
        state, equals, choice = part.partition("=")
        if not equals or not state.strip() or not choice.strip():
            raise OptionError(
                f"{where}: each entry must read STATE=CHOICE, such as 'Q-6-4=play', not {part.strip()!r}"
            )
        pairs.append((state.strip(), choice.strip()))
    return tuple(pairs)


def _file_table(path: str) -> tuple[tuple[str, str], ...]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise OptionError(
            f"cannot read the strategy file {path!r}: {getattr(error, 'strerror', None) or error}"
        ) from None
    if path.lower().endswith(".json"):
        try:
            found = json.loads(text)
        except json.JSONDecodeError as error:
            raise OptionError(
                f"the strategy file {path!r} is no JSON object of state: choice ({error.msg})"
            ) from None
        if not isinstance(found, dict) or not all(isinstance(v, str) for v in found.values()):
            raise OptionError(f"the strategy file {path!r} must hold one JSON object of state: choice")
        return tuple((str(state), choice) for state, choice in found.items())
    rows = [row for row in csv.reader(io.StringIO(text)) if any(cell.strip() for cell in row)]
    if rows and [cell.strip().lower() for cell in rows[0][:2]] == ["state", "choice"]:
        rows = rows[1:]
    for row in rows:
        if len(row) < 2:
            raise OptionError(
                f"the strategy file {path!r} must have rows of state,choice, not {','.join(row)!r}"
            )
    return tuple((row[0].strip(), row[1].strip()) for row in rows)


def read_strategy(text: str) -> StrategyText:
    """A strategy from its words (see the module's notes), checked for form only.

    Args:
        text: ``best``, ``always CHOICE``, ``CHOICE from STATE``, ``STATE=CHOICE; ...`` or ``@FILE``.

    Returns:
        The strategy, to be resolved against a shoe's states by :func:`resolve_strategy`.

    Raises:
        OptionError: For words of no such form, or a file that cannot be read.

    >>> read_strategy("always play").always, read_strategy("best").is_best
    ('play', True)
    >>> read_strategy("play Q-6-4 or better")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: a strategy reads 'best', 'always CHOICE', 'CHOICE from STATE', ...
    """
    words = " ".join(str(text).split())
    if not words or words.lower() == BEST:
        return StrategyText(BEST)
    if words.startswith("@"):
        return StrategyText(words, table=_file_table(words[1:]))
    if words.lower().startswith("always "):
        return StrategyText(words, always=words[7:].strip())
    if " from " in words and "=" not in words:
        choice, _, threshold = words.partition(" from ")
        return StrategyText(words, choice=choice.strip(), threshold=threshold.strip())
    if "=" in words:
        return StrategyText(words, table=_table_of(str(text), "a strategy of STATE=CHOICE entries"))
    raise OptionError(
        "a strategy reads 'best', 'always CHOICE', 'CHOICE from STATE', 'STATE=CHOICE; STATE=CHOICE' or "
        f"'@FILE' (a CSV or JSON of state and choice), not {words!r}"
    )


def _choice(plan: DecisionPlan, choice: str) -> str:
    if choice not in plan.choices:
        raise OptionError(
            f"the strategy chooses {choice!r}, which {plan.decision} does not offer: "
            f"choose {' or '.join(plan.choices)}"
        )
    return choice


def _state(plan: DecisionPlan, words: str, named: Mapping[str, Hashable]) -> Hashable:
    found = named.get(words.lower())
    if found is None:
        shown = ", ".join(list(named)[:_MOST_SHOWN]) + (", ..." if len(named) > _MOST_SHOWN else "")
        raise OptionError(
            f"the strategy names {words!r}, which is no state of {plan.decision} on this shoe: "
            f"its states are {shown}"
        )
    return found


def resolve_strategy(
    strategy: StrategyText, plan: DecisionPlan, *, order: Callable[[Any], Any] | None = None
) -> dict[Hashable, str]:
    """The choice a strategy makes in each state it decides, on the shoe of ``plan``.

    Args:
        strategy: The strategy read by :func:`read_strategy`.
        plan: The engine's plan of the decision on the shoe (its states, in the order met).
        order: The decision's order of states, weakest first (for ``CHOICE from STATE``).

    Returns:
        The choice of each state the strategy decides (every state but for a table of some states;
            none for ``best``).

    Raises:
        OptionError: For a state or choice the decision does not have, a threshold on a decision without
            an order or with more than two choices.

    >>> from cardmath.engine.settle import StatePlan
    >>> plan = DecisionPlan("raise", ("stand", "raise"), False, 1, 10, (StatePlan(7, 4, (-2, 0), 1),))
    >>> resolve_strategy(read_strategy("always stand"), plan)
    {7: 'stand'}
    """
    states = [state.state for state in plan.states]
    named = {state_words(state).lower(): state for state in states}
    if strategy.always:
        choice = _choice(plan, strategy.always)
        return dict.fromkeys(states, choice)
    if strategy.choice:
        choice = _choice(plan, strategy.choice)
        if order is None or len(plan.choices) != 2:
            raise OptionError(
                f"'{strategy.text}' needs states in an order and two choices; {plan.decision} has "
                + ("no order of states" if order is None else f"{len(plan.choices)} choices")
                + ": name each state"
            )
        other = next(c for c in plan.choices if c != choice)
        least = order(_state(plan, strategy.threshold, named))
        return {state: choice if order(state) >= least else other for state in states}
    chosen: dict[Hashable, str] = {}
    for words, choice in strategy.table:
        state = _state(plan, words, named)
        if state in chosen:
            raise OptionError(f"the strategy names {words!r} twice: name each state once")
        chosen[state] = _choice(plan, choice)
    return chosen


@dataclass(frozen=True, repr=False)
class StrategyCost(Displayed):
    """What a pinned strategy costs on one shoe, against the engine's best play.

    It shows itself (:class:`~cardmath.display.Displayed`): a one-line ``repr`` with the cost, the
    table of the states where the strategy chooses otherwise for a notebook, and one record per
    strategy (its house edge, the best play's, the cost and the element of risk), so that the
    frames of many strategies concatenate into one.

    Args:
        strategy: The strategy's words.
        best_edge: The bet's house edge under the engine's best play.
        edge: Its house edge under the pinned strategy.
        element_of_risk: Its element of risk under the pinned strategy.
        changed: Each state where the strategy differs from the best play: its words, the best choice
            and the strategy's, and what the difference costs (in units of the initial bet, per deal).
        bet: The name of the bet the strategy plays, when known (an analysis names it); empty by default.

    >>> cost = StrategyCost("always play", Rational(1, 30), Rational(1, 25), Rational(1, 40), ())
    >>> cost.cost
    1/150
    >>> StrategyCost("always play", Rational(1, 30), Rational(1, 25), Rational(1, 40), (), bet="ante")
    <StrategyCost: ante, always play: house edge 4.0000% against 3.3333% at best, costs 0.6667%>
    """

    strategy: str
    best_edge: Rational
    edge: Rational
    element_of_risk: Rational
    changed: tuple[tuple[str, str, str, Rational], ...]
    bet: str = ""

    @property
    def cost(self) -> Rational:
        """How much the strategy adds to the house edge: 0 for the best play, never less."""
        return Rational(self.edge - self.best_edge)

    def summary(self) -> str:
        """The bet and strategy, the two house edges and the cost.

        Returns:
            One line, such as `ante, always play: house edge 4.0000% against 3.3700% at best, costs ...`.
        """
        named = f"{self.bet}, " if self.bet else ""
        return (
            f"{named}{self.strategy}: house edge {percent_text(self.edge)} against "
            f"{percent_text(self.best_edge)} at best, costs {percent_text(self.cost)}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The best play's house edge, the strategy's, and each state where it chooses otherwise
        with what that costs (the table ``cardmath GAME --strategy`` prints).

        Returns:
            One table.
        """
        rows: list[tuple[Any, ...]] = [
            ("best play", None, None, self.best_edge),
            (f"strategy: {self.strategy}", None, None, self.edge),
            *((state, best, chosen, loss) for state, best, chosen, loss in self.changed),
        ]
        named = f"{self.bet} " if self.bet else ""
        return (
            Table(
                f"{self.bet} strategy cost" if self.bet else "Strategy cost",
                ("states", "best choice", "strategy's choice", "house edge, or its cost"),
                tuple(rows),
                kinds=(Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.PERCENT),
                footer=(("cost of the strategy", None, None, self.cost),),
                notes=(
                    ("cost", "what the strategy adds to the house edge, in percent of the initial bet"),
                    ("states", "the states where the strategy's choice is not the best, each with its cost"),
                ),
                slug=slug_of(f"{named}strategy cost"),
            ),
        )

    def conditions(self) -> dict[str, Any]:
        """The bet (when known) and the strategy.

        Returns:
            `bet` (when known) and `strategy` (its words).
        """
        return {**({"bet": self.bet} if self.bet else {}), "strategy": self.strategy}

    def records(self) -> list[dict[str, Any]]:
        """One record: the conditions, `house_edge`, `best_house_edge`, `cost`, `element_of_risk`
        and `states_changed` (how many states the strategy plays otherwise than the best).

        Returns:
            A list of one dictionary of exact values.
        """
        figures = {
            "house_edge": self.edge,
            "best_house_edge": self.best_edge,
            "cost": self.cost,
            "element_of_risk": self.element_of_risk,
            "states_changed": len(self.changed),
        }
        return [{**self.conditions(), **figures}]


def strategy_cost(
    strategy: StrategyText,
    best: DecisionPlan,
    pinned: DecisionPlan,
    best_sheet: ParSheet,
    sheet: ParSheet,
    *,
    bet: str = "",
) -> StrategyCost:
    """The cost of a pinned strategy, from the plans and par sheets of the best play and of the
    strategy on one shoe.

    Args:
        strategy: The strategy as read.
        best: The engine's plan (its best choice in every state).
        pinned: The plan of the strategy.
        best_sheet: The bet's par sheet under the best play.
        sheet: The bet's par sheet under the strategy.
        bet: The bet's name, kept in the result for its summary and records; empty by default.

    Returns:
        The two house edges, the strategy's element of risk and the states where the choices differ.

    >>> plan = DecisionPlan("raise", ("stand", "raise"), False, 1, 10, ())
    >>> from cardmath.parsheet import Outcome
    >>> sheet = ParSheet((Outcome("lose", Rational(-1), Rational(1), 10),))
    >>> strategy_cost(read_strategy("always raise"), plan, plan, sheet, sheet).cost
    0
    """
    chosen = {state.state: state for state in best.states}
    changed = []
    for state in pinned.states:
        mine = chosen[state.state]
        if mine.choice != state.choice:
            loss = Rational(
                mine.values[mine.choice] - mine.values[state.choice], best.denominator * best.total
            )
            changed.append(
                (state_words(state.state), best.choices[mine.choice], best.choices[state.choice], loss)
            )
    return StrategyCost(
        strategy.text, best_sheet.house_edge, sheet.house_edge, sheet.element_of_risk, tuple(changed), bet
    )
