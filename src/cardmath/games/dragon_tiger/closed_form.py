"""Dragon Tiger in closed form: each bet's house edge as an exact function of the number of decks,
and the pay that gives a bet a chosen house edge.

With ``d`` fresh decks every card kind holds ``d`` cards, so each deal class is drawn in
``d ** 2`` ways (two different card kinds) or ``ff(d, 2) = d (d - 1)`` ways (the same card twice)
out of ``ff(52 d, 2)``: every count is an integer polynomial of degree two in ``d``, and every
house edge a rational function of ``d`` (:func:`closed_form`), its limit the infinite-deck value.

>>> closed_form("dragon").house_edge, closed_form("suited_tie").house_edge
((4*d - 1)/(2*(52*d - 1)), (d + 50)/(52*d - 1))
>>> closed_form("tie", DragonTigerRules(tie_pays=11)).limit
1/13
>>> solve_pay(Shoe.standard(8), DragonTigerRules(), "tie", "tie")
384/31
"""

from __future__ import annotations

from typing import Any

from sympy import Rational

from cardmath.bets import pay_terms
from cardmath.checks import checked
from cardmath.enumeration import Polynomial, falling_factorial_polynomial, polynomial_add, polynomial_scale
from cardmath.errors import OptionError
from cardmath.exact import limit_at_infinite_decks, rational_function
from cardmath.games import bet_catalogue
from cardmath.games.dragon_tiger.bets import Bet, resolve_bets
from cardmath.games.dragon_tiger.counting import bet_counts, bet_polynomials, total_deals
from cardmath.games.dragon_tiger.rules import CARDS_PER_DEAL, DEFAULT_RULES, DragonTigerRules
from cardmath.games.game import ClosedForm
from cardmath.numbers import read_rational
from cardmath.shoe import Shoe

__all__ = ["closed_form", "read_bet_outcome", "solve_pay"]


@checked
def closed_form(bet: str | Bet, rules: DragonTigerRules = DEFAULT_RULES) -> ClosedForm:
    """A bet's house edge on ``d`` fresh decks as an exact rational function of ``d``
    (:data:`cardmath.exact.DECKS`), and its limit as ``d`` grows.

    >>> form = closed_form("tie")
    >>> form.house_edge, form.limit
    (8*(2*d + 1)/(52*d - 1), 4/13)
    >>> closed_form("tiger_odd").house_edge
    1/13
    """
    (chosen,) = resolve_bets([bet], rules)
    denominator, pays = pay_terms(chosen)
    value: Polynomial = ()
    for pay, polynomial in zip(pays, bet_polynomials(chosen), strict=True):
        value = polynomial_add(value, polynomial_scale(polynomial, -pay))
    total = polynomial_scale(falling_factorial_polynomial(52, CARDS_PER_DEAL), denominator)
    expression = rational_function(value, total)
    return ClosedForm(chosen.name, chosen.name, expression, limit_at_infinite_decks(expression))


@checked
def solve_pay(shoe: Shoe, rules: DragonTigerRules, bet: str | Bet, outcome: str, target: Any = 0) -> Rational:
    """The pay (to 1) of one outcome of a bet that gives it the house edge ``target`` on the shoe
    (0: the fair pay), every other pay kept.

    The house edge is linear in the pay: ``-(sum of pay * count over the other outcomes + pay *
    count) / total = target``.

    >>> solve_pay(Shoe.standard(8), DragonTigerRules(), "suited_tie", "suited tie")
    408/7
    >>> solve_pay(Shoe.standard(1), DragonTigerRules(), "suited_tie", "suited tie")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: no pay of suited_tie: suited tie sets ...: 'suited tie' never happens
    """
    (chosen,) = resolve_bets([bet], rules)
    chosen.pay(outcome)
    goal = read_rational(target, "the target house edge", minimum=-1, maximum=1)
    counts = bet_counts(shoe, chosen)
    total = total_deals(shoe)
    position = chosen.outcomes().index(outcome)
    if counts[position] == 0:
        raise OptionError(
            f"no pay of {chosen.name}: {outcome} sets the house edge with this shoe: "
            f"{outcome!r} never happens"
        )
    others = sum(
        (
            pay * count
            for i, ((_, pay), count) in enumerate(zip(chosen.pays, counts, strict=True))
            if i != position
        ),
        Rational(0),
    )
    return Rational(-goal * total - others, counts[position])


@checked
def read_bet_outcome(text: str, rules: DragonTigerRules = DEFAULT_RULES) -> tuple[str, str]:
    """``BET:OUTCOME`` (as ``--solve-pay`` reads it) as a built-in bet and one of its outcomes.

    >>> read_bet_outcome("tie:tie"), read_bet_outcome(" suited_tie : suited tie ")
    (('tie', 'tie'), ('suited_tie', 'suited tie'))
    >>> read_bet_outcome("tie:win")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: bet 'tie' has no outcome 'win': choose one of 'tie', 'no tie'
    """
    return bet_catalogue.read_bet_outcome(text, lambda name: resolve_bets([name], rules)[0], "tie:tie")
