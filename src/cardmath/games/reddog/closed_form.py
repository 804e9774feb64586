"""Red Dog in closed form: the house edge as an exact function of the number of decks, and the
pay that gives a shoe a chosen house edge.

The counts of every outcome class of ``d`` fresh decks are polynomials in ``d`` (the deal table
of :mod:`~cardmath.games.reddog.counting` evaluated on polynomials), so the house edge is an exact
rational function of ``d``, provided the raise decision of every spread is the same for every
``d`` (it is for the standard table: spreads 7 to 11).

>>> form = closed_form()
>>> form.house_edge, form.limit
((456*d**2 + 210*d - 143)/(13*(26*d - 1)*(52*d - 1)), 57/2197)
>>> solve_pay(Shoe.standard(1), RedDogRules(), "trips")
952/39
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import sympy
from sympy import Rational

from cardmath.checks import checked
from cardmath.enumeration import Polynomial
from cardmath.errors import OptionError
from cardmath.exact import limit_at_infinite_decks, rational_function, solve_for
from cardmath.games.game import ClosedForm
from cardmath.games.reddog.counting import TRIPS, DealClass, check_shoe, count_deals, deal_table, rank_counts
from cardmath.games.reddog.rules import SPREADS, RaiseBy, RedDogRules, check_bets
from cardmath.games.reddog.strategy import check_spreads, raise_set, raises
from cardmath.numbers import read_rational, read_whole
from cardmath.shoe import Shoe

__all__ = ["closed_form", "solve_pay", "spread_position_name"]

_PER_DECK = (4,) * 13


def _evaluate(polynomial: Polynomial, decks: int) -> int:
    return sum(c * decks**i for i, c in enumerate(polynomial))


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
    signs = {(v > 0) - (v < 0) for v in (_evaluate(tuple(coefficients), d) for d in range(1, bound + 2))}
    signs.add((leading > 0) - (leading < 0))
    return signs.pop() if len(signs) == 1 else None


def _combine(terms: Sequence[tuple[int, Polynomial]]) -> Polynomial:
    """``sum(factor * polynomial)`` of integer polynomials."""
    length = max((len(p) for _, p in terms), default=0)
    return tuple(sum(f * (p[i] if i < len(p) else 0) for f, p in terms) for i in range(length))


@checked
def closed_form(
    rules: RedDogRules = RedDogRules(),
    *,
    bets: Sequence[str] | None = None,
    raise_on_spreads: Sequence[int] | None = None,
) -> ClosedForm:
    """The house edge of ``d`` fresh standard decks as an exact rational function of
    :data:`~cardmath.exact.DECKS`, and its limit as ``d`` grows.

    With ``raise_on_spreads=None`` the optimal raise set is computed from the counts as
    polynomials in ``d``; it must be the same for every whole ``d >= 1`` (true for the standard
    table: spreads 7 to 11), else an :class:`~cardmath.errors.OptionError` names the spread whose
    decision depends on ``d`` and a fixed ``raise_on_spreads`` must be given.  In fresh decks every
    pair of first two ranks of one spread has the same chance, so ``rules.raise_by`` changes
    nothing here.  ``bets`` is taken for the signature every game shares and must be ``None``.

    >>> from cardmath.exact import DECKS
    >>> edge = closed_form().house_edge
    >>> edge.subs(DECKS, 1), edge.subs(DECKS, 8)
    (523/16575, 30721/1116765)
    >>> closed_form(RedDogRules(spread_pays=(5, 4, 2, 1, 1, "9/8", 1, 1, 1, 1, 1)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the best raise on spread 6 depends on the number of decks; ...
    """
    check_bets(bets)
    pays, trips = rules.pays_by_spread, rules.trips_pays
    polynomials = deal_table().evaluate_polynomial(_PER_DECK)
    total = deal_table().total_polynomial(_PER_DECK)

    def count(key: DealClass) -> Polynomial:
        return polynomials.get(key, ())

    if raise_on_spreads is None:
        raised = []
        for spread in SPREADS:
            pay = pays[spread - 1]
            gain = _combine([(int(pay.p), count(("win", spread))), (-int(pay.q), count(("lose", spread)))])
            sign = _sign_for_all_decks(gain)
            if sign is None:
                raise OptionError(
                    f"the best raise on spread {spread} depends on the number of decks; give raise_on_spreads"
                )
            if sign > 0:
                raised.append(spread)
        raise_set_in_d = tuple(raised)
    else:
        raise_set_in_d = check_spreads(raise_on_spreads)
    scale = math.lcm(int(trips.q), *(int(p.q) for p in pays))
    terms = [(-int(trips * scale), count(TRIPS))]
    for spread in SPREADS:
        stake = 2 if spread in raise_set_in_d else 1
        terms.append((-stake * int(pays[spread - 1] * scale), count(("win", spread))))
        terms.append((stake * scale, count(("lose", spread))))
    edge = rational_function(_combine(terms), _combine([(scale, total)]))
    return ClosedForm("reddog", "Red Dog", edge, limit_at_infinite_decks(edge))


@checked
def spread_position_name(position: int, count: int) -> str:
    """The words for a spread pay position: ``"spread 2"``, or ``"spread 4 or more"`` for the last
    of 4 pays.

    >>> spread_position_name(2, 4), spread_position_name(4, 4), spread_position_name(4, 11)
    ('spread 2', 'spread 4 or more', 'spread 4')
    """
    return f"spread {position}" if count == 11 or position < 4 else "spread 4 or more"


def _which(which: str | int, positions: int) -> str | int:
    """``"trips"`` or a spread pay position 1 to ``positions`` (an int or its digits)."""
    if isinstance(which, str) and which.strip().lower() == "trips":
        return "trips"
    allowed = f"'trips' or a spread pay position 1 to {positions}"
    return read_whole(which, "the pay to solve for", minimum=1, maximum=positions, allowed=allowed)


def _percent_words(value: Rational) -> str:
    percent = value * 100
    return f"{percent}%" if percent.q == 1 else f"{value} ({float(percent):.6g}%)"


@checked
def solve_pay(shoe: Shoe, rules: RedDogRules, which: str | int, target: Any = 0) -> Rational:
    """The exact pay that gives ``shoe`` the house edge ``target`` (with optimal raising), all
    other pays of ``rules`` kept.

    ``which`` is ``"trips"`` or the 1-based position of a spread pay in ``rules.spread_pays``
    (with 4 pays, 4 means "spread 4 or more"), as an int or its text.  A spread pay moves the raise
    decision of its spreads, so the equation is solved under every raise set that pay can produce
    (the spreads whose break-even pay ``P(lose | s) / P(win | s)`` is below it), and the one
    solution at which that set is indeed optimal is returned; the optimal expected value grows
    strictly with the pay, so there is at most one.  The raise is decided once per spread: rules
    deciding per pair of ranks are refused.

    >>> solve_pay(Shoe.standard(1), RedDogRules(), "trips")
    952/39
    >>> solve_pay(Shoe.standard(1), RedDogRules(), 4)
    6795/6224
    >>> solve_pay(Shoe.standard(1), RedDogRules(), "5")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the pay to solve for must be 'trips' or a spread pay position 1 to 4, not '5'
    """
    check_shoe(shoe)
    if rules.raise_by is RaiseBy.CARDS:
        raise OptionError("solve_pay decides the raise once per spread: give rules with raise_by='spread'")
    given = len(rules.spread_pays)
    pay = _which(which, given)
    goal = read_rational(target, "the target house edge")
    pays, trips = rules.pays_by_spread, rules.trips_pays
    counts = count_deals(rank_counts(shoe), infinite=shoe.is_infinite)
    affected: tuple[int, ...] = ()
    if isinstance(pay, int):
        affected = (pay,) if given == 11 or pay < 4 else tuple(range(4, 12))
    unknown = sympy.Symbol("pay")
    fixed = tuple(s for s in raise_set(counts, pays) if s not in affected)
    # A spread is raised exactly when the pay exceeds its break-even pay P(lose | s) / P(win | s).
    break_even = {s: Rational(counts.lost(s), counts.won(s)) for s in affected if counts.won(s)}
    cuts = sorted(set(break_even.values()))
    candidates = {frozenset(s for s, b in break_even.items() if b < c) for c in [*cuts, sympy.oo]}
    candidates |= {frozenset(s for s, b in break_even.items() if b <= c) for c in cuts}
    solutions = set()
    for candidate in candidates:
        raised = (*fixed, *candidate)
        trial_pays = [unknown if s in affected else pays[s - 1] for s in SPREADS]
        trial_trips: Any = unknown if pay == "trips" else trips
        edge = -(trial_trips * counts.of(TRIPS))
        for spread in SPREADS:
            stake = 2 if spread in raised else 1
            edge -= stake * (trial_pays[spread - 1] * counts.won(spread) - counts.lost(spread))
        edge = sympy.expand(edge / counts.total)
        if not edge.has(unknown):
            continue
        try:
            value = solve_for(edge, unknown, goal)
        except ValueError:
            continue
        if value < 0:
            continue
        optimal = {s for s in affected if raises(value, counts.won(s), counts.lost(s))}
        if optimal == set(candidate):
            solutions.add(value)
    if len(solutions) != 1:
        raise OptionError(
            f"no pay of 0 or more gives a house edge of {_percent_words(goal)} with this shoe and pay table"
        )
    return solutions.pop()
