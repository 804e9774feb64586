"""Casino Red Dog on one shoe: the exact par sheet, figures, raise strategy and effects of removal.

The game (see the game's page in the documentation, ``docs/games/reddog.md``): the player bets
and two cards are dealt face up; ranks count 2 to 10 at face value, J 11, Q 12, K 13, A 14 (aces
high); suits do not matter.

* **Pair**: a third card is always drawn.  The same rank again is *three of a kind* (11:1 on the
  standard table); any other rank is a push.
* **Consecutive** ranks (5-6, Q-K): a push, and no third card is drawn.
* **Otherwise** the *spread* is the number of ranks strictly between the two cards (2 and J:
  spread 8).  The player may **raise** by the amount of the first bet, then the third card is drawn.
  It wins if its rank lies strictly between the two; equal to either, or outside, loses.  The pay
  depends on the spread (standard table: spread 1 pays 5:1, 2 pays 4:1, 3 pays 2:1, 4 or more 1:1)
  and applies to the whole stake, bet plus raise.

Deals are counted in :mod:`~cardmath.games.reddog.counting`; the raise is decided from the shoe by
:mod:`~cardmath.games.reddog.strategy`, once per spread or for each pair of first two ranks
(:class:`~cardmath.games.reddog.rules.RaiseBy`).  House edge is quoted per initial bet with optimal
raising; element of risk divides the expected loss by the expected total amount bet (initial bet
plus raises, pushes included).

>>> result = analyze(Shoe.standard(1))
>>> result.house_edge, result.raise_on_spreads
(523/16575, (7, 8, 9, 10, 11))
>>> analyze(Shoe.infinite()).house_edge
57/2197

With two deuces and every three gone, a 2-9 (spread 6) has only 20 cards left between its
ranks, against 24 for the other hands of spread 6; only a player deciding per pair of ranks
keeps his raise off it:

>>> gone = Shoe.standard(1).without("2c,2d,3c,3d,3h,3s")
>>> analyze(gone).house_edge, analyze(gone, RedDogRules(raise_by=RaiseBy.CARDS)).house_edge
(-3/1265, -7/2277)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sympy
from sympy import Rational

from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.errors import OptionError
from cardmath.games.reddog.counting import (
    CONSECUTIVE,
    PAIR,
    TRIPS,
    DealCounts,
    check_shoe,
    count_deals,
    count_pairs,
    rank_counts,
)
from cardmath.games.reddog.rules import RANKS, SPREADS, RaiseBy, RankPair, RedDogRules, check_bets
from cardmath.games.reddog.strategy import (
    RaisePlan,
    check_spreads,
    optimal_value,
    plan_raises,
    plan_value,
    raise_set,
    raises,
)
from cardmath.numbers import to_rational
from cardmath.parsheet import Outcome, ParSheet
from cardmath.shoe import Shoe

__all__ = [
    "RedDogResult",
    "SpreadDecision",
    "analyze",
    "analyze_many",
    "effects_of_removal",
    "expected_value",
]


@dataclass(frozen=True)
class SpreadDecision:
    """What the shoe says about hands of one spread.

    ``probability`` is the chance of being dealt such a hand; ``win_probability`` the chance the
    third card then wins; ``raise_gain`` the expected value of a raise per unit raised,
    ``win_probability * pays - (1 - win_probability)``.  Both are ``None`` when the shoe cannot
    deal such a hand.

    In one deck, 24 of the 50 cards left lie between the ranks of a spread 6, 28 for a spread 7:

    >>> decisions = analyze(Shoe.standard(1)).spread_decisions
    >>> [(d.spread, d.win_probability, d.raise_gain, d.raised) for d in decisions[5:7]]
    [(6, 12/25, -1/25, False), (7, 14/25, 3/25, True)]
    """

    spread: int
    pays: Rational
    probability: Rational
    win_probability: Rational | None
    raise_gain: Rational | None
    raised: bool


@dataclass(frozen=True)
class RedDogResult:
    """Every exact figure of casino Red Dog for one shoe and one table (:class:`RedDogRules`).

    ``par_sheet`` plays the optimal raise decided by ``raise_by`` (see
    :mod:`~cardmath.games.reddog.strategy`); ``par_sheet_no_raise`` never raises.  Figures are per
    initial bet.  ``spread_pays`` holds the pay of each spread 1 to 11.  ``raise_on_spreads`` holds
    the spreads on which some hand is raised; ``raised_pairs`` maps every spread to the pairs of
    first two ranks the shoe can deal that are raised; ``differing_pairs`` lists the pairs whose
    best decision for the pair differs from the decision for their whole spread (what tracking the
    cards changes, whichever ``raise_by``).  ``spread_decisions`` describes each spread as a whole,
    its ``raised`` being the decision per spread.  ``effects_of_removal`` maps each rank still in
    the shoe, deuce to ace, to the change in expected value when one card of it is removed (raising
    re-optimised the same way); it is ``None`` for an infinite shoe or a shoe of only 3 cards.

    >>> result = analyze(Shoe.standard(1))
    >>> result.house_edge, result.house_edge_no_raise, result.raise_on_spreads
    (523/16575, 1523/16575, (7, 8, 9, 10, 11))
    >>> result.par_sheet.total_combinations, result.effects_of_removal is None
    (132600, False)
    """

    shoe: Shoe
    rules: RedDogRules
    spread_pays: tuple[Rational, ...]
    trips_pays: Rational
    par_sheet: ParSheet
    par_sheet_no_raise: ParSheet
    raise_on_spreads: tuple[int, ...]
    spread_decisions: tuple[SpreadDecision, ...]
    expected_value: Rational
    house_edge: Rational
    house_edge_no_raise: Rational
    element_of_risk: Rational
    expected_stake: Rational
    variance: Rational
    standard_deviation: Any
    hit_frequency: Rational
    effects_of_removal: Mapping[Rank, Rational] | None
    raise_by: RaiseBy
    raised_pairs: Mapping[int, tuple[RankPair, ...]]
    differing_pairs: tuple[RankPair, ...]


def _rank_pair(pair: tuple[int, int]) -> RankPair:
    return RANKS[pair[0]], RANKS[pair[1]]


def _spread_name(spread: int, won: bool, raised: bool, split: bool = False) -> str:
    part = "raised, " if raised else ("not raised, " if split else "")
    return f"spread {spread}, {part}{'won' if won else 'lost'}"


def _par_sheet(counts: DealCounts, rules: RedDogRules, plan: RaisePlan) -> ParSheet:
    def row(name: str, count: int, net: Rational, staked: int = 1) -> Outcome:
        combinations = None if counts.infinite else count
        return Outcome(name, net, Rational(count, counts.total), combinations, Rational(staked))

    pays = rules.pays_by_spread
    rows = [
        row("three of a kind", counts.of(TRIPS), rules.trips_pays),
        row("pair, then push", counts.of(PAIR), Rational(0)),
        row("consecutive (push)", counts.of(CONSECUTIVE), Rational(0)),
    ]
    for spread in SPREADS:
        split = spread in plan.split
        parts = [(True, plan.raised[spread]), (False, plan.plain[spread])]
        if not split:
            parts = [parts[0]] if spread in plan.raise_on_spreads else [parts[1]]
        for is_raised, (won, lost) in parts:
            stake = 2 if is_raised else 1
            name = functools.partial(_spread_name, spread, raised=is_raised, split=split)
            rows.append(row(name(True), won, stake * pays[spread - 1], stake))
            rows.append(row(name(False), lost, Rational(-stake), stake))
    return ParSheet(tuple(rows))


def _decisions(
    counts: DealCounts, pays: Sequence[Rational], raised: Sequence[int]
) -> tuple[SpreadDecision, ...]:
    decisions = []
    for spread in SPREADS:
        won, lost = counts.won(spread), counts.lost(spread)
        pay = pays[spread - 1]
        win_probability = Rational(won, won + lost) if won + lost else None
        gain = None if win_probability is None else win_probability * pay - (1 - win_probability)
        decisions.append(
            SpreadDecision(
                spread, pay, Rational(won + lost, counts.total), win_probability, gain, spread in raised
            )
        )
    return tuple(decisions)


def _effects(shoe: Shoe, rules: RedDogRules, base: Rational) -> dict[Rank, Rational] | None:
    if shoe.is_infinite or shoe.size < 4:
        return None
    counts = rank_counts(shoe)
    effects: dict[Rank, Rational] = {}
    for position, rank in enumerate(RANKS):
        if counts[position] == 0:
            continue
        depleted = list(counts)
        depleted[position] -= 1
        effects[rank] = optimal_value(depleted, False, rules) - base
    return effects


@checked
def effects_of_removal(
    shoe: Shoe, rules: RedDogRules = RedDogRules(), *, bets: Sequence[str] | None = None
) -> dict[Rank, Rational] | None:
    """The change in the player's expected value per initial bet when one card of each rank still
    in the shoe is removed (raising re-optimised as ``rules.raise_by`` decides), deuce to ace.

    ``None`` for an infinite shoe or a shoe of only 3 cards.  ``bets`` is taken for the signature
    every game shares; Red Dog has one bet, so it must be ``None``.

    >>> effects = effects_of_removal(Shoe.standard(1))
    >>> effects[Rank.TWO], effects[Rank.SEVEN], list(effects)[-1]
    (8/1105, -2336/812175, Rank.ACE)
    >>> effects_of_removal(Shoe.infinite()) is None
    True
    """
    check_bets(bets)
    check_shoe(shoe)
    return _effects(shoe, rules, optimal_value(rank_counts(shoe), shoe.is_infinite, rules))


@checked
def analyze(
    shoe: Shoe, rules: RedDogRules = RedDogRules(), *, bets: Sequence[str] | None = None
) -> RedDogResult:
    """The exact analysis of casino Red Dog dealt from ``shoe`` at the table ``rules``.

    The raise decision is computed from the shoe, once per spread (``RaiseBy.SPREAD``) or for each
    pair of first two ranks (``RaiseBy.CARDS``; see :mod:`~cardmath.games.reddog.strategy`).
    ``bets`` is taken for the signature every game shares; Red Dog has one bet, so it must be
    ``None``.

    >>> result = analyze(Shoe.standard(2))
    >>> result.house_edge, result.house_edge_no_raise > result.house_edge
    (2101/68289, True)
    >>> result.par_sheet.total_combinations == 104 * 103 * 102
    True
    >>> analyze(Shoe.standard(1), RedDogRules(spread_pays="5,4,2,1", trips_pays="11")).element_of_risk
    523/19575
    >>> analyze(Shoe.standard(1).without("2c,3d")).effects_of_removal[Rank.ACE] > 0
    True

    Without the kings and three aces, a tracking player raises the hands of spread 6 but 7-A, which
    has only the eights to queens left between (6-K can no longer be dealt):

    >>> by_cards = RedDogRules(raise_by=RaiseBy.CARDS)
    >>> tracked = analyze(Shoe.standard(1).without("Kc,Kd,Kh,Ks,Ac,Ad,Ah"), by_cards)
    >>> [f"{low.symbol}-{high.symbol}" for low, high in tracked.raised_pairs[6]]
    ['2-9', '3-T', '4-J', '5-Q']
    >>> tracked.differing_pairs == ((Rank.SEVEN, Rank.ACE),)
    True
    >>> [o.name for o in tracked.par_sheet if o.name.startswith("spread 6")]  # doctest: +NORMALIZE_WHITESPACE
    ['spread 6, raised, won', 'spread 6, raised, lost',
     'spread 6, not raised, won', 'spread 6, not raised, lost']
    """
    check_bets(bets)
    check_shoe(shoe)
    pays = rules.pays_by_spread
    counts = rank_counts(shoe)
    deals = count_deals(counts, infinite=shoe.is_infinite)
    pairs = count_pairs(counts, infinite=shoe.is_infinite)
    plan = plan_raises(deals, pairs, pays, rules.raise_by)
    never = plan_raises(deals, pairs, pays, RaiseBy.SPREAD, fixed=())
    by_spread = raise_set(deals, pays)
    differing = tuple(
        _rank_pair((p.low, p.high))
        for p in pairs
        if raises(pays[p.spread - 1], p.won, p.lost) != (p.spread in by_spread)
    )
    par_sheet = _par_sheet(deals, rules, plan)
    value = plan_value(deals, rules, plan)
    variance = to_rational(par_sheet.variance)
    return RedDogResult(
        shoe=shoe,
        rules=rules,
        spread_pays=pays,
        trips_pays=rules.trips_pays,
        par_sheet=par_sheet,
        par_sheet_no_raise=_par_sheet(deals, rules, never),
        raise_on_spreads=plan.raise_on_spreads,
        spread_decisions=_decisions(deals, pays, by_spread),
        expected_value=value,
        house_edge=-value,
        house_edge_no_raise=-plan_value(deals, rules, never),
        element_of_risk=to_rational(par_sheet.element_of_risk),
        expected_stake=to_rational(par_sheet.expected_stake),
        variance=variance,
        standard_deviation=sympy.sqrt(variance),
        hit_frequency=to_rational(par_sheet.hit_frequency),
        effects_of_removal=_effects(shoe, rules, value),
        raise_by=rules.raise_by,
        raised_pairs={s: tuple(_rank_pair(p) for p in plan.raised_pairs[s]) for s in SPREADS},
        differing_pairs=differing,
    )


@checked
def analyze_many(
    shoes: Iterable[Shoe], rules: RedDogRules = RedDogRules(), *, bets: Sequence[str] | None = None
) -> tuple[RedDogResult, ...]:
    """:func:`analyze` for each shoe in turn (the deal table is built once for them all).

    >>> [result.house_edge for result in analyze_many([Shoe.standard(1), Shoe.infinite()])]
    [523/16575, 57/2197]
    """
    check_bets(bets)
    return tuple(analyze(shoe, rules) for shoe in shoes)


@checked
def expected_value(
    shoe: Shoe, rules: RedDogRules = RedDogRules(), *, raise_on_spreads: Sequence[int] | None = None
) -> Rational:
    """Expected value per initial bet, raising on ``raise_on_spreads`` (``None``: optimally).

    A fixed raise set is what a player keeps when he does not track the cards; it is a decision
    per spread, so it cannot be combined with ``RaiseBy.CARDS`` (the best raise for each pair of
    first two ranks).

    >>> expected_value(Shoe.standard(1), raise_on_spreads=())
    -1523/16575
    >>> by_cards = RedDogRules(raise_by=RaiseBy.CARDS)
    >>> expected_value(Shoe.standard(1), by_cards) == expected_value(Shoe.standard(1))
    True
    """
    check_shoe(shoe)
    counts = rank_counts(shoe)
    if raise_on_spreads is None:
        return optimal_value(counts, shoe.is_infinite, rules)
    if rules.raise_by is RaiseBy.CARDS:
        raise OptionError("a fixed raise_on_spreads decides per spread: it cannot go with raise_by='cards'")
    deals = count_deals(counts, infinite=shoe.is_infinite)
    plan = plan_raises(deals, (), rules.pays_by_spread, fixed=check_spreads(raise_on_spreads))
    return plan_value(deals, rules, plan)
