"""From cell counts to what a bet is worth: decisions, outcome counts, par sheets and house edges.

A bet without a decision settles each cell at its outcome's net result.  A bet with a
:class:`~cardmath.bets.Decision` is settled state by state: each choice of a state is worth the
sum of its deals' net results (integers over one denominator), and the engine keeps the choice of
the decision's stated rule or, without one, the choice worth most (the first choice on a tie).  The
choices made are a :class:`DecisionPlan`: what a strategy card would print, computed from the shoe.

Everything here is integer arithmetic; a ``sympy.Rational`` is built only when a figure is read
(:class:`HouseEdges` builds each house edge when asked, so many shoes cost little).

>>> from cardmath.bets import Decision, RuleBet, Settlement
>>> double = Decision("double", lambda deal: deal, ("stand", "double"))
>>> bet = RuleBet.define(
...     "coin",
...     lambda deal, choice: ("doubled, " if choice == "double" else "") + deal,
...     {"win": 1},
...     settlements=[
...         Settlement("doubled, win", pay="win", times=Rational(2), staked=Rational(2)),
...         Settlement("doubled, lose", plus=Rational(-2), staked=Rational(2)),
...         Settlement("win", pay="win"),
...         Settlement("lose", plus=Rational(-1)),
...     ],
...     decision=double,
... )
>>> from cardmath.engine.tally import Cell
>>> cells = (Cell(2, 0, 0), Cell(0, 0, 1), Cell(3, 1, 0), Cell(1, 1, 1))
>>> settled = settle(bet, cells, ("win", "lose"), [3, 3, 1, 1], 4)
>>> settled.counts, settled.listed, settled.plan.chosen()
((3, 0, 0, 1), (True, False, False, True), {'win': 'double', 'lose': 'stand'})
>>> settled.sheet(bet, 4, infinite=False).house_edge
-5/4
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from sympy import Rational

from cardmath.bets import RuleBet, counted_par_sheet, pay_terms
from cardmath.display import Displayed
from cardmath.engine.cells import Array, Cell
from cardmath.engine.conditions import rules_words, shoe_conditions, shoe_words
from cardmath.parsheet import ParSheet, define_terms
from cardmath.shoe import Shoe
from cardmath.table import Kind, Table
from cardmath.text import percent_text

StateT = TypeVar("StateT", bound=Hashable)

__all__ = [
    "HEADLINE_BETS",
    "DecisionPlan",
    "HouseEdges",
    "Settled",
    "StatePlan",
    "edges_words",
    "settle",
    "value_numerators",
]


@dataclass(frozen=True)
class StatePlan:
    """One state of a decision on one shoe: its deals, what each choice is worth, the choice made.

    ``values[c]`` is the sum, over the state's deals, of the net result under choice ``c``, in
    units of ``1 / (denominator * total)`` of the bet (see :class:`DecisionPlan`).

    Args:
        state: The state as the decision names it (a rank, a pair of ranks, a spread...).
        deals: The number of the shoe's deals that reach this state.
        values: For each choice, in the decision's order, the sum of the net results of the state's deals
            under that choice, in the plan's units.
        choice: The index of the choice made in this state.

    >>> StatePlan(7, 4, (-2, 0), 1).choice
    1
    """

    state: Hashable
    deals: int
    values: tuple[int, ...]
    choice: int


@dataclass(frozen=True)
class DecisionPlan:
    """The choices of one bet's decision on one shoe, state by state (the states the shoe can
    deal, in the order the deals meet them).

    ``denominator`` is the bet's common pay denominator; ``total`` the shoe's deals: a state's
    value ``v`` is ``v / (denominator * total)`` of a unit bet.

    Args:
        decision: The decision's name (``"raise"``, ``"war or surrender"``).
        choices: The choices the decision offers, in its order (the first wins a tie of values).
        fixed: Whether the rules fix the choice (then it is not chosen by value and no strategy table is
            printed).
        denominator: The bet's common pay denominator (:func:`~cardmath.bets.pay_terms`).
        total: The shoe's number of ordered (padded) deals.
        states: One :class:`StatePlan` per state the shoe can deal, in the order the deals meet them.
        unchosen: The summed net result of the deals that offer no choice, in the same units; 0 by default.
        pinned: The states whose choice a user's strategy set; none by default.

    >>> plan = DecisionPlan("raise", ("stand", "raise"), False, 1, 10, (StatePlan(7, 4, (-2, 0), 1),))
    >>> plan.chosen(), plan.probability(7), plan.value(7, "raise"), plan.choosing("raise")
    ({7: 'raise'}, 2/5, 0, (7,))
    >>> plan.value_always("stand"), plan.value_always("raise")
    (-1/5, 0)
    """

    decision: str
    choices: tuple[str, ...]
    fixed: bool
    denominator: int
    total: int
    states: tuple[StatePlan, ...]
    unchosen: int = 0
    """The value of the deals that offer no choice (three of a kind in Red Dog), in the same units."""
    pinned: tuple[Hashable, ...] = ()
    """The states whose choice a strategy pinned instead of the engine's best (none by default)."""

    def _state(self, state: Hashable) -> StatePlan:
        for plan in self.states:
            if plan.state == state:
                return plan
        raise KeyError(state)

    def chosen(self) -> dict[Hashable, str]:
        """The choice made in every state, in the order the deals meet the states.

        Returns:
            A dict from each state to the name of the choice made in it.
        """
        return {plan.state: self.choices[plan.choice] for plan in self.states}

    def choosing(self, choice: str) -> tuple[Hashable, ...]:
        """The states in which ``choice`` is made.

        Args:
            choice: The name of one of the decision's choices.

        Returns:
            The states whose choice is ``choice``, in the order the deals meet them (empty when none).
        """
        index = self.choices.index(choice)
        return tuple(plan.state for plan in self.states if plan.choice == index)

    def probability(self, state: Hashable) -> Rational:
        """The chance a deal is in ``state``.

        Args:
            state: A state the shoe can deal, as the decision names it.

        Returns:
            The exact probability that a deal reaches the state.
        """
        return Rational(self._state(state).deals, self.total)

    def value(self, state: Hashable, choice: str) -> Rational:
        """What ``choice`` in ``state`` adds to the expected value of a unit bet.

        Args:
            state: A state the shoe can deal, as the decision names it.
            choice: The name of the choice to value in that state.

        Returns:
            The exact contribution of this state under this choice to the expected value (in units of the
                initial bet).
        """
        plan = self._state(state)
        return Rational(plan.values[self.choices.index(choice)], self.denominator * self.total)

    def value_always(self, choice: str) -> Rational:
        """The expected value of a unit bet if ``choice`` were made in every state.

        Args:
            choice: The name of the one choice to make everywhere.

        Returns:
            The exact expected value of a unit bet under that fixed play (negative when the house wins).
        """
        index = self.choices.index(choice)
        total = self.unchosen + sum(plan.values[index] for plan in self.states)
        return Rational(total, self.denominator * self.total)

    def value_with(self, choices: Mapping[StateT, str]) -> Rational:
        """The expected value of a unit bet if ``choices`` were made in the states they name (a
        strategy card kept from another shoe), and this plan's choices in the others.

        Args:
            choices: The choice to make in each state it names, by choice name; states it does not name keep
                the plan's choice, and states the shoe cannot deal are ignored.

        Returns:
            The exact expected value of a unit bet under that mixed play.

        >>> plan = DecisionPlan("raise", ("stand", "raise"), False, 1, 10, (StatePlan(7, 4, (-2, 0), 1),))
        >>> plan.value_with({7: "stand"}), plan.value_with({})
        (-1/5, 0)
        """
        total = self.unchosen
        given: dict[Hashable, str] = {state: choice for state, choice in choices.items()}
        for plan in self.states:
            choice = given.get(plan.state)
            total += plan.values[plan.choice if choice is None else self.choices.index(choice)]
        return Rational(total, self.denominator * self.total)


@dataclass(frozen=True)
class Settled:
    """A bet settled on one shoe: the deals ending in each outcome (par-sheet order), which
    outcomes the play can reach (``listed``), and the decision's plan (``None`` without one).

    Args:
        counts: The number of deals ending in each outcome, in the bet's par-sheet order.
        listed: For each outcome, whether the play reaches it in a state the shoe can deal (an outcome never
            reached is left off the par sheet).
        plan: The decision's plan on this shoe; ``None`` for a bet without a decision.

    >>> Settled((3, 1), (True, True), None).counts
    (3, 1)
    """

    counts: tuple[int, ...]
    listed: tuple[bool, ...]
    plan: DecisionPlan | None

    def sheet(self, bet: RuleBet[Any], total: int, *, infinite: bool) -> ParSheet:
        """The bet's par sheet: the outcomes the play reaches, each with its exact chance.

        Args:
            bet: The bet the counts were settled for: its outcomes, pays and stakes.
            total: The shoe's number of ordered (padded) deals, the denominator of every chance.
            infinite: Whether the shoe is the infinite limit (the sheet then shows no combination counts).

        Returns:
            The :class:`~cardmath.parsheet.ParSheet` of the listed outcomes, each with its pay, count and
                exact probability.
        """
        sheet = counted_par_sheet(bet, self.counts, total, infinite=infinite, listed=self.listed)
        return dataclasses.replace(sheet, bet=bet.name)


def settle(
    bet: RuleBet[Any],
    cells: Sequence[Cell],
    states: Sequence[Hashable],
    counts: Sequence[int],
    total: int,
    *,
    in_order: bool = False,
    pinned: Mapping[Hashable, str] | None = None,
) -> Settled:
    """Settle a bet's ``cells`` (with their ``counts`` on one shoe of ``total`` deals) into outcome
    counts, choosing its decision's play state by state (see also the module's example);
    ``in_order`` says the cells are the outcomes themselves, one each, in order.

    Args:
        bet: The bet the cells belong to: its outcomes, pays and decision.
        cells: The bet's cells (:meth:`~cardmath.engine.counter.Counter.bet_cells`).
        states: The states of the bet's decision, which the cells index; empty for a bet without a decision.
        counts: The deals in each cell on the shoe, in the order of ``cells``.
        total: The shoe's number of ordered (padded) deals.
        in_order: Whether the cells are the bet's outcomes one each, in order, so the counts are taken as they
            are; false by default.
        pinned: The choice a user's strategy makes in the states it names (the engine's elsewhere); none by
            default.

    Returns:
        The deals ending in each outcome, which outcomes the play reaches, and the decision's plan.

    >>> red = RuleBet.define("red", str, {"red": 1, "black": -1})
    >>> settle(red, (Cell(0), Cell(1)), (), [18, 19], 37).counts
    (18, 19)
    """
    outcomes = len(bet.outcomes())
    decision = bet.decision
    if in_order and decision is None:  # one cell per outcome, in order: the counts as they are
        return Settled(tuple(counts), (True,) * outcomes, None)
    if decision is None:
        by_outcome = [0] * outcomes
        for cell, count in zip(cells, counts, strict=True):
            by_outcome[cell.outcome] += count
        return Settled(tuple(by_outcome), (True,) * outcomes, None)
    denominator, nets = pay_terms(bet)
    width = len(decision.choices)
    values = [[0] * width for _ in states]
    deals = [0] * len(states)
    unchosen = 0
    for cell, count in zip(cells, counts, strict=True):
        if cell.state < 0:
            unchosen += count * nets[cell.outcome]
            continue
        values[cell.state][cell.choice] += count * nets[cell.outcome]
        if cell.choice == 0:
            deals[cell.state] += count
    fixed = None if decision.fixed is None else decision.choices.index(decision.fixed)
    chosen = [fixed if fixed is not None else max(range(width), key=lambda c: (row[c], -c)) for row in values]
    held = pinned or {}
    for index, state in enumerate(states):
        if state in held:
            chosen[index] = decision.choices.index(held[state])
    by_outcome = [0] * outcomes
    listed = [False] * outcomes
    for cell, count in zip(cells, counts, strict=True):
        if cell.state < 0 or (cell.choice == chosen[cell.state] and deals[cell.state]):
            # an outcome is listed when the play reaches it in a state the shoe can deal
            by_outcome[cell.outcome] += count
            listed[cell.outcome] = True
    plan = DecisionPlan(
        decision.name,
        decision.choices,
        fixed is not None,
        denominator,
        total,
        tuple(
            StatePlan(state, deals[i], tuple(values[i]), chosen[i])
            for i, state in enumerate(states)
            if deals[i]  # a state the shoe cannot deal has no decision to show
        ),
        unchosen,
        tuple(state for i, state in enumerate(states) if deals[i] and state in held),
    )
    return Settled(tuple(by_outcome), tuple(listed), plan)


def value_numerators(bet: RuleBet[Any], cells: Sequence[Cell], states: int, counts: Array) -> Array:
    """The expected value of a bet on many shoes at once, in units of ``1 / (denominator * total)``
    (:func:`~cardmath.bets.pay_terms`): ``counts[s, c]`` are the cell counts of shoe ``s``; a
    decision takes, state by state, its rule's choice or the best.

    Args:
        bet: The bet to value: its pays and decision.
        cells: The bet's cells, the columns of ``counts``.
        states: The number of states of the bet's decision (0 without a decision).
        counts: An integer array shaped ``(shoes, cells)``: each shoe's deals in each cell.

    Returns:
        An integer array with one expected value numerator per shoe (divide by the pay denominator times the
            shoe's total); ``object`` dtype where ``int64`` could overflow.

    >>> from cardmath.bets import RuleBet
    >>> red = RuleBet.define("red", str, {"red": 1, "black": -1})
    >>> value_numerators(red, (Cell(0), Cell(1)), 0, np.array([[18, 19]])).tolist()
    [-1]
    """
    _, nets = pay_terms(bet)
    if counts.dtype != object and counts.size:
        # every sum below is at most the largest net times the sum of a row's cells
        bound = max(map(abs, nets), default=0) * int(counts.max()) * counts.shape[1]
        if bound >= 2**62:
            counts = counts.astype(object)
    decision = bet.decision
    if decision is None:
        weights = np.array([nets[cell.outcome] for cell in cells], dtype=counts.dtype)
        result: Array = counts @ weights
        return result
    width = len(decision.choices)
    matrix = np.zeros((len(cells), states * width), dtype=counts.dtype)
    always = np.zeros(len(cells), dtype=counts.dtype)
    for row, cell in enumerate(cells):
        if cell.state < 0:
            always[row] = nets[cell.outcome]
        else:
            matrix[row, cell.state * width + cell.choice] = nets[cell.outcome]
    values = (counts @ matrix).reshape(len(counts), states, width)
    if decision.fixed is not None:
        chosen: Array = values[:, :, decision.choices.index(decision.fixed)]
    else:
        chosen = np.max(values, axis=2)
    summed: Array = chosen.sum(axis=1) + counts @ always
    return summed


HEADLINE_BETS = 3
"""The most bets a summary names with their house edge (the others are counted)."""


def edges_words(edges: Mapping[str, Rational], most: int = HEADLINE_BETS) -> str:
    """House edges in a few words: ``house edge 3.1554%`` for one bet, else ``N bets: banker
    1.0579%, player 1.2351%, ...`` (the first ``most`` named).

    Args:
        edges: Each bet's exact house edge, by name, in order.
        most: The most bets named.

    Returns:
        The words of a summary.

    >>> edges_words({"tie": Rational(8, 17)}), edges_words({"a": 0, "b": Rational(1, 8)}, most=1)
    ('house edge 47.0588%', '2 bets: house edge a 0.0000%, ...')
    """
    if not edges:
        return "no bets"
    if len(edges) == 1:
        return f"house edge {percent_text(next(iter(edges.values())))}"
    shown = [f"{name} {percent_text(edge)}" for name, edge in list(edges.items())[:most]]
    more = ", ..." if len(edges) > most else ""
    return f"{len(edges)} bets: house edge {', '.join(shown)}{more}"


class HouseEdges(Displayed, Mapping[str, Rational]):
    """The house edge of each bet on one shoe, exact, each ``Rational`` built when first read.

    It is a read-only mapping (``edges["tie"]``, ``dict(edges)``, ``edges == {...}``) holding
    each bet's numerator and denominator as integers, so a batch of a hundred thousand shoes costs
    no ``Rational`` until one is looked at.  It shows itself (:class:`~cardmath.display.Displayed`):
    a one-line ``repr``, a table of bets for a notebook, and a frame of one row per bet whose
    first columns say the game, the shoe and the rules when the verb that made it knew them
    (``GAME.analyze_many`` does: ``pd.concat`` of the frames of many shoes is one frame).

    Args:
        names: The bet names, in the mapping's order; kept as given, not copied.
        numerators: Each bet's house-edge numerator, in the order of ``names``.
        denominators: Each bet's house-edge denominator, nonzero, in the order of ``names``.

    >>> edges = HouseEdges(("tie", "dragon"), (8, -3), (100, 80))
    >>> edges["tie"], list(edges), edges == {"tie": Rational(2, 25), "dragon": Rational(-3, 80)}
    (2/25, ['tie', 'dragon'], True)
    >>> edges.fraction("dragon")
    (-3, 80)
    >>> edges
    <HouseEdges: 2 bets: house edge tie 8.0000%, dragon -3.7500%>
    >>> edges.records()[1]
    {'bet': 'dragon', 'house_edge': -3/80}
    """

    __slots__ = ("_built", "_denominators", "_game", "_names", "_numerators", "_rules", "_shoe")

    def __init__(self, names: Sequence[str], numerators: Sequence[int], denominators: Sequence[int]) -> None:
        # kept as given (a batch passes one tuple of names for every shoe): nothing is copied
        self._names = names
        self._numerators = numerators
        self._denominators = denominators
        self._built: dict[str, Rational] | None = None  # made when a first edge is read
        self._shoe: Shoe | None = None  # what the edges were computed for, when the verb says
        self._game = ""
        self._rules: object | None = None

    def __getitem__(self, name: str) -> Rational:
        built = self._built
        if built is None:
            built = self._built = {}
        edge = built.get(name)
        if edge is None:
            if name not in self._names:
                raise KeyError(name)
            position = self._names.index(name)
            edge = Rational(int(self._numerators[position]), int(self._denominators[position]))
            built[name] = edge
        return edge

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def computed_for(self, shoe: Shoe | None = None, game: str = "", rules: object | None = None) -> None:
        """Say what the edges were computed for (the verbs do it as they make them): the
        conditions of the records and the words of the summary.  A value not given is kept.

        Args:
            shoe: The shoe the edges are of.
            game: The game's registry name.
            rules: The game's rules object the bets were resolved under.

        >>> edges = HouseEdges(("tie",), (8,), (17,))
        >>> edges.computed_for(Shoe.standard(1), "dragon-tiger")
        >>> edges.conditions()
        {'game': 'dragon-tiger', 'decks': 1, 'shoe': 'finite'}
        """
        if shoe is not None:
            self._shoe = shoe
        if game:
            self._game = game
        if rules is not None:
            self._rules = rules

    def summary(self) -> str:
        """The game and shoe (when known), and the house edge of the first bets.

        Returns:
            One line, such as `dragon-tiger, 8 decks: 2 bets: house edge tie 32.7711%, dragon 3.7349%`.
        """
        where = ", ".join(
            part for part in (self._game, shoe_words(self._shoe) if self._shoe is not None else "") if part
        )
        return f"{where}: {edges_words(self)}" if where else edges_words(self)

    def display_tables(self) -> tuple[Table, ...]:
        """One table: each bet's house edge.

        Returns:
            A table of one row per bet.
        """
        where = f", {shoe_words(self._shoe)}" if self._shoe is not None else ""
        return (
            Table(
                f"{self._game} house edges{where}" if self._game else f"House edges{where}",
                ("bet", "house edge"),
                tuple((name, self[name]) for name in self),
                kinds=(Kind.TEXT, Kind.PERCENT),
                notes=define_terms("house edge"),
                slug="house-edges",
            ),
        )

    def conditions(self) -> dict[str, Any]:
        """The game, the shoe and the rules, as far as the verb that made the edges told them.

        Returns:
            `game`, `decks`, `shoe`, `removed` and `rules` (see :mod:`cardmath.engine.conditions`),
                those known.
        """
        found: dict[str, Any] = {"game": self._game} if self._game else {}
        if self._shoe is not None:
            found.update(shoe_conditions(self._shoe))
        if self._rules is not None:
            found["rules"] = rules_words(self._rules)
        return found

    def records(self) -> list[dict[str, Any]]:
        """One record per bet: the conditions, `bet` and its exact `house_edge`.

        Returns:
            One dictionary per bet, in order.
        """
        start = self.conditions()
        return [{**start, "bet": name, "house_edge": self[name]} for name in self]

    def fraction(self, name: str) -> tuple[int, int]:
        """The house edge of ``name`` as ``(numerator, denominator)`` integers, not reduced.

        Args:
            name: The name of one of the bets.

        Returns:
            The numerator and denominator as they were given, before any reduction (cheap: no ``Rational`` is
                built).
        """
        position = self._names.index(name)
        return int(self._numerators[position]), int(self._denominators[position])
