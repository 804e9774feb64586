"""Solving for a number: each bet's house edge as a function of the number of decks
(:func:`closed_form`), and the pay that gives a bet a chosen house edge (:func:`solve_pay`).

Both read the counts of a :class:`~cardmath.engine.counter.Counter`, as the verbs of
:mod:`cardmath.engine.analysis` do; the examples use Dragon Tiger's.

>>> from cardmath.games.dragon_tiger import GAME
>>> counter, tie = GAME.counter(GAME.default_rules), GAME.resolve_bets(["tie"])
>>> closed_form(counter, tie)[0].limit, solve_pay(counter, Shoe.standard(8), tie[0], "tie", Rational(0))
(4/13, 384/31)
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence
from typing import Any

import sympy
from sympy import Rational

from cardmath.bets import RuleBet, pay_terms
from cardmath.engine.counter import Counter
from cardmath.engine.protocol import ClosedForm
from cardmath.enumeration import (
    Polynomial,
    falling_factorial_polynomial,
    polynomial_add,
    polynomial_scale,
    polynomial_through,
)
from cardmath.errors import OptionError
from cardmath.exact import limit_at_infinite_decks, rational_function
from cardmath.shoe import Shoe

__all__ = ["closed_form", "solve_pay"]


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
        counter: What counts the bets: the game's :class:`~cardmath.engine.counter.Counter` under the rules
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
        counter: What counts the bets: the game's :class:`~cardmath.engine.counter.Counter` under the rules
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
