"""Closed forms in the number of decks, and pay solving.

With ``d`` fresh decks every count is a polynomial in ``d``, so every bet's house edge is an
exact rational function of ``d`` (:func:`closed_form`), whose limit is the infinite-deck value.
:func:`solve_pay` finds the exact pay of one outcome that gives a bet a chosen house edge.

>>> from cardmath.exact import DECKS
>>> form = closed_form("player_pair")
>>> form.house_edge, form.limit
((4*d + 11)/(52*d - 1), 1/13)
>>> solve_pay(Shoe.standard(8), BaccaratRules(), "tie", "tie")
5889024543008/619306544887
"""

from __future__ import annotations

import functools
from typing import Any

import sympy
from sympy import Rational

from cardmath.bets import counted_par_sheet
from cardmath.checks import checked
from cardmath.enumeration import OutcomeTable, falling_factorial_polynomial
from cardmath.errors import OptionError
from cardmath.exact import DECKS, limit_at_infinite_decks, polynomial_expr, solve_for
from cardmath.games.baccarat.analysis import bet_counts, counts_for
from cardmath.games.baccarat.bets import Bet, resolve_bets
from cardmath.games.baccarat.counting import evaluate, value_counts
from cardmath.games.baccarat.drawing import DrawingRules
from cardmath.games.baccarat.reading import outcome_index
from cardmath.games.baccarat.rules import CARDS_PER_DEAL, DEFAULT_RULES, BaccaratRules, Reads
from cardmath.games.baccarat.structure import structure
from cardmath.games.game import ClosedForm
from cardmath.numbers import read_rational
from cardmath.shoe import Shoe

__all__ = ["closed_form", "solve_pay"]


@functools.cache
def _value_table(bet: Bet, drawing: DrawingRules) -> OutcomeTable[str]:
    """The bet as an :class:`~cardmath.enumeration.OutcomeTable` over value multisets."""
    tables = structure(drawing)
    outcome = outcome_index(bet, drawing)[tables.value_entry_class]
    entries: dict[str, dict[tuple[tuple[int, int], ...], int]] = {name: {} for name in bet.outcomes()}
    for o, q, n in zip(outcome, tables.value_entry_multiset, tables.value_entry_sequences, strict=True):
        multiset = tuple((u, int(m)) for u, m in enumerate(tables.multisets[q]) if m)
        by_multiset = entries[bet.pays[int(o)][0]]
        by_multiset[multiset] = by_multiset.get(multiset, 0) + int(n)
    return OutcomeTable(CARDS_PER_DEAL, entries)


def _first_card_polynomials(bet: Bet, drawing: DrawingRules) -> tuple[Any, ...]:
    """The count of each outcome of a bet that reads the first two cards (their matches, values
    or the cards), as a polynomial in the number of decks ``d``.

    In ``d`` standard decks a value holds ``n_v`` = 4 d or 16 d cards, a rank ``n_r = 4 d`` and
    a card ``n_c = d``; a count is a sum of products of a pad ``ff(52 d - k, 6 - k)`` and falling
    factorials whose orders add up to ``k``, the finer resolutions replacing ``ff(n_v, m)`` by
    sums of falling factorials of ranks or cards of the same order.  So every count is a
    polynomial of degree at most six in ``d`` (a falling factorial is zero exactly where its
    polynomial is, so it holds from ``d = 1``), and its exact counts for 1 to 7 decks determine it.
    """
    points = range(1, CARDS_PER_DEAL + 2)
    counts = [bet_counts(bet, evaluate(Shoe.standard(decks), drawing, True)) for decks in points]
    return tuple(
        sympy.interpolate([(decks, row[o]) for decks, row in zip(points, counts, strict=True)], DECKS)
        for o in range(len(bet.pays))
    )


@checked
def closed_form(bet: str | Bet, rules: BaccaratRules = DEFAULT_RULES) -> ClosedForm:
    """The house edge of a bet on ``d`` fresh decks as an exact rational function of ``d``, and its
    limit as ``d`` grows (the infinite-deck house edge).

    Every bet is covered: those on the final deal from the value tables, those reading the first
    two cards (pairs, values or cards) from their counts in 1 to 7 decks, which determine them.

    >>> from cardmath.output import percent_text
    >>> form = closed_form("tie")
    >>> form.name, percent_text(form.house_edge.subs(DECKS, 8)), percent_text(form.limit)
    ('tie', '14.3596%', '14.1170%')
    """
    (chosen,) = resolve_bets([bet], rules)
    drawing = rules.drawing
    if chosen.reads is not Reads.DEAL:
        polynomials = dict(zip(chosen.outcomes(), _first_card_polynomials(chosen, drawing), strict=True))
        total = polynomial_expr(falling_factorial_polynomial(52, CARDS_PER_DEAL))
    else:
        per_deck = value_counts(Shoe.standard(1))
        table = _value_table(chosen, drawing)
        polynomials = {
            name: polynomial_expr(coefficients)
            for name, coefficients in table.evaluate_polynomial(per_deck).items()
        }
        total = polynomial_expr(table.total_polynomial(per_deck))
    value = sympy.Add(*(pay * polynomials[name] for name, pay in chosen.pays))
    expression = sympy.factor(sympy.cancel(-value / total))
    return ClosedForm(chosen.name, chosen.name, expression, limit_at_infinite_decks(expression))


@checked
def solve_pay(shoe: Shoe, rules: BaccaratRules, bet: str | Bet, outcome: str, target: Any = 0) -> Rational:
    """The pay of one outcome that gives the bet the house edge ``target`` (0: the fair pay).

    >>> solve_pay(Shoe.standard(1), BaccaratRules(), "player_pair", "pair")
    16
    >>> rules = BaccaratRules()
    >>> solve_pay(Shoe.standard(1), rules, "perfect_pair", "two perfect pairs")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: no pay of perfect_pair: two perfect pairs ...: the outcome never happens, ...
    """
    (chosen,) = resolve_bets([bet], rules)
    chosen.pay(outcome)
    wanted = read_rational(target, "the target house edge")
    counts = counts_for(shoe, rules, [chosen])
    symbol = sympy.Symbol("pay")
    sheet = counted_par_sheet(
        chosen.with_pay(outcome, symbol), bet_counts(chosen, counts), counts.total, infinite=counts.infinite
    )
    try:
        return solve_for(sheet.house_edge, symbol, wanted)
    except ValueError:
        raise OptionError(
            f"no pay of {chosen.name}: {outcome} gives a house edge of {wanted} with this shoe: "
            "the outcome never happens, so its pay does not change the house edge"
        ) from None
