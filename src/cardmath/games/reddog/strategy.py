"""The raise decision of Red Dog, computed from the exact counts of the shoe at hand.

Given a hand of spread ``s``, raising doubles both the win and the loss, so it pays to raise
exactly when the hand's expected value is positive: ``P(win | s) * pay(s) - P(lose | s) > 0`` (a
tie does not raise).  The decision is never taken from a fixed list, and is made in one of two
ways (:class:`~cardmath.games.reddog.rules.RaiseBy`):

* ``SPREAD`` decides once for each spread, over every pair of first two ranks with that spread, as
  a strategy card states it.  On a fresh standard shoe it gives the familiar "raise on spreads 7
  to 11", but a depleted shoe (or another pay table) can change it.
* ``CARDS`` decides for each unordered pair of first two ranks, as a player tracking the shoe
  would: given a deuce and a jack, raise exactly when ``between * pay > rest``, where ``between``
  counts the cards left strictly between them and ``rest`` the other cards left.  In a full shoe
  every pair of one spread has the same chance, so both ways agree; in a depleted shoe 2-J and 3-Q
  (both spread 8) may not, and the par sheet then splits that spread into a raised and a not
  raised part.  Deciding per pair is never worse for the player than deciding per spread.

>>> counts = count_deals((4,) * 13, infinite=False)
>>> raise_set(counts, RedDogRules().pays_by_spread)
(7, 8, 9, 10, 11)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sympy import Rational

from cardmath.errors import OptionError
from cardmath.games.reddog.counting import TRIPS, DealCounts, PairCounts, count_deals, count_pairs
from cardmath.games.reddog.rules import SPREADS, RaiseBy, RedDogRules

__all__ = ["RaisePlan", "check_spreads", "optimal_value", "plan_raises", "plan_value", "raise_set", "raises"]


def raises(pay: Rational, won: int, lost: int) -> bool:
    """Raise exactly when the hand's expected value is positive: ``pay * won > lost`` (integers only).

    >>> raises(Rational(1), 28, 22), raises(Rational(1), 24, 26), raises(Rational(7, 6), 24, 26)
    (True, False, True)
    """
    return int(pay.p) * won - int(pay.q) * lost > 0


def raise_set(counts: DealCounts, pays: Sequence[Rational]) -> tuple[int, ...]:
    """The spreads worth raising, each decided once over all its deals.

    >>> raise_set(count_deals((4,) * 13, infinite=True), RedDogRules(spread_pays="5,4,2,2").pays_by_spread)
    (5, 6, 7, 8, 9, 10, 11)
    """
    return tuple(s for s in SPREADS if raises(pays[s - 1], counts.won(s), counts.lost(s)))


def check_spreads(spreads: Sequence[int]) -> tuple[int, ...]:
    """A set of spreads, each a whole number from 1 to 11, sorted and without repeats.

    >>> check_spreads((9, 7, 7))
    (7, 9)
    >>> check_spreads((12,))
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: a spread is a whole number from 1 to 11, not 12
    """
    for spread in spreads:
        if isinstance(spread, bool) or spread not in SPREADS:
            raise OptionError(f"a spread is a whole number from 1 to 11, not {spread!r}")
    return tuple(sorted(set(spreads)))


@dataclass(frozen=True)
class RaisePlan:
    """How every spread is played: won and lost deals raised and not raised, and the raised pairs.

    ``split`` holds the spreads whose pairs go both ways (only when deciding per pair);
    ``raise_on_spreads`` the spreads on which some hand is raised.

    >>> plan = plan_raises(count_deals((4,) * 13, infinite=False), (), RedDogRules().pays_by_spread)
    >>> plan.raise_on_spreads, plan.raised[7], plan.plain[6]
    ((7, 8, 9, 10, 11), (4480, 3520), (4608, 4992))
    """

    raised: Mapping[int, tuple[int, int]]
    plain: Mapping[int, tuple[int, int]]
    raised_pairs: Mapping[int, tuple[tuple[int, int], ...]]
    split: frozenset[int]
    raise_on_spreads: tuple[int, ...]


def plan_raises(
    counts: DealCounts,
    pairs: Sequence[PairCounts],
    pays: Sequence[Rational],
    raise_by: RaiseBy = RaiseBy.SPREAD,
    fixed: Sequence[int] | None = None,
) -> RaisePlan:
    """The play of ``raise_by``; ``fixed`` (per spread only) overrides the optimal raise set.

    ``pairs`` (from :func:`~cardmath.games.reddog.counting.count_pairs`) lists the pairs of first
    two ranks; deciding per pair needs them, deciding per spread only reports them.

    >>> counts = count_deals((4,) * 13, infinite=False)
    >>> plan_raises(counts, (), RedDogRules().pays_by_spread, fixed=()).raise_on_spreads
    ()
    """
    raised: dict[int, tuple[int, int]] = {}
    plain: dict[int, tuple[int, int]] = {}
    raised_pairs: dict[int, tuple[tuple[int, int], ...]] = {}
    split = set()
    if raise_by is RaiseBy.SPREAD:
        spreads = raise_set(counts, pays) if fixed is None else tuple(fixed)
        for spread in SPREADS:
            both = (counts.won(spread), counts.lost(spread))
            raised[spread], plain[spread] = (both, (0, 0)) if spread in spreads else ((0, 0), both)
            raised_pairs[spread] = tuple(
                (p.low, p.high) for p in pairs if p.spread == spread and spread in spreads
            )
        return RaisePlan(raised, plain, raised_pairs, frozenset(), spreads)
    for spread in SPREADS:
        of_spread = [p for p in pairs if p.spread == spread]
        up = [p for p in of_spread if raises(pays[spread - 1], p.won, p.lost)]
        down = [p for p in of_spread if p not in up]
        raised[spread] = (sum(p.won for p in up), sum(p.lost for p in up))
        plain[spread] = (sum(p.won for p in down), sum(p.lost for p in down))
        raised_pairs[spread] = tuple((p.low, p.high) for p in up)
        if up and down:
            split.add(spread)
    on = tuple(s for s in SPREADS if raised_pairs[s])
    return RaisePlan(raised, plain, raised_pairs, frozenset(split), on)


def plan_value(counts: DealCounts, rules: RedDogRules, plan: RaisePlan) -> Rational:
    """Expected value per initial bet of a plan, accumulated as one integer over a common denominator.

    >>> counts = count_deals((4,) * 13, infinite=False)
    >>> plan_value(counts, RedDogRules(), plan_raises(counts, (), RedDogRules().pays_by_spread))
    -523/16575
    """
    pays, trips_pays = rules.pays_by_spread, rules.trips_pays
    scale = math.lcm(int(trips_pays.q), *(int(p.q) for p in pays))
    numerator = int(trips_pays * scale) * counts.of(TRIPS)
    for spread in SPREADS:
        pay = int(pays[spread - 1] * scale)
        for stake, (won, lost) in ((2, plan.raised[spread]), (1, plan.plain[spread])):
            numerator += stake * (pay * won - scale * lost)
    return Rational(numerator, scale * counts.total)


def optimal_value(counts: Sequence[int], infinite: bool, rules: RedDogRules) -> Rational:
    """Expected value per initial bet with the optimal raise of ``rules.raise_by``, from rank counts.

    >>> optimal_value((4,) * 13, False, RedDogRules()), optimal_value((1,) * 13, True, RedDogRules())
    (-523/16575, -57/2197)
    """
    deals = count_deals(counts, infinite=infinite)
    pairs = count_pairs(counts, infinite=infinite) if rules.raise_by is RaiseBy.CARDS else ()
    return plan_value(deals, rules, plan_raises(deals, pairs, rules.pays_by_spread, rules.raise_by))
