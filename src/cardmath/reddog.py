"""Casino Red Dog: the exact par sheet, raise strategy and effects of removal on any shoe.

The game
--------
The player bets and two cards are dealt face up.  Ranks count 2 to 10 at face value, J 11, Q 12,
K 13, A 14; suits do not matter.

* **Pair**: a third card is always drawn.  The same rank again is *three of a kind* (11:1 on the
  standard table); any other rank is a push.
* **Consecutive** ranks (5-6, Q-K): a push, and no third card is drawn.
* **Otherwise** the *spread* is the number of ranks strictly between the two cards (2 and J:
  spread 8).  The player may **raise** by the amount of the first bet, then the third card is drawn.
  It wins if its rank lies strictly between the two; equal to either, or outside, loses.  The pay
  depends on the spread (standard table: spread 1 pays 5:1, 2 pays 4:1, 3 pays 2:1, 4 or more 1:1)
  and applies to the whole stake, bet plus raise.

Counting
--------
Only ranks matter, so a deal is a sequence of rank indices.  The 2,197 rank sequences of a round
are grouped once into an :class:`~cardmath.enumeration.OutcomeTable` by outcome (three of a kind,
pair then push, consecutive, and a win or a loss for each spread 1 to 11).  A shoe with ``n[r]``
cards of rank ``r`` deals a sequence in ``prod ff(n[r], m[r])`` ordered ways, which depends only on
the multiset of ranks, so one shoe costs one short sum of integer products.  A consecutive hand
uses two cards; it is padded with the ``N - 2`` possible third cards, so every outcome is counted
out of the same total ``ff(N, 3)`` ordered deals (132,600 for one deck).  In the infinite-deck
limit draws are independent and the counts become powers (total ``52 ** 3``); for ``d`` decks the
counts are polynomials in ``d`` and every figure is an exact rational function of ``d``.

The raise rule
--------------
Given a hand of spread ``s``, raising doubles both the win and the loss, so it pays to raise
exactly when the hand's expected value is positive: ``P(win | s) * pay(s) - P(lose | s) > 0``
(a tie does not raise).  cardmath decides this from the exact counts of the shoe at hand, never
from a fixed list, in one of two ways chosen by ``raise_by``:

* ``"spread"`` (the default) decides once for each spread, over every pair of first two ranks
  with that spread, as a strategy card states it.  On a fresh standard shoe it gives the familiar
  "raise on spreads 7 to 11", but a depleted shoe (or another pay table) can change it.
* ``"cards"`` decides for each unordered pair of first two ranks, as a player tracking the shoe
  would: given a deuce and a jack, raise exactly when ``between * pay > rest``, where ``between``
  counts the cards left strictly between them and ``rest`` the other cards left.  In a full
  standard shoe every pair of one spread has the same chance, so both ways agree; in a depleted
  shoe 2-J and 3-Q (both spread 8) may not, and the par sheet then splits that spread into a
  raised and a not raised part ("spread 8, raised, won", "spread 8, not raised, won", ...).
  Deciding per pair is never worse for the player than deciding per spread.

House edge is quoted per initial bet with optimal raising; element of risk divides the expected
loss by the expected total amount bet (initial bet plus raises, pushes included).

>>> from cardmath.shoe import Shoe
>>> result = analyze(Shoe.standard(1))
>>> result.house_edge, result.raise_on_spreads
(523/16575, (7, 8, 9, 10, 11))
>>> analyze(Shoe.infinite()).house_edge
57/2197
>>> house_edge_in_decks()
(456*d**2 + 210*d - 143)/(13*(26*d - 1)*(52*d - 1))

With two deuces and every three gone, a 2-9 (spread 6) has only 20 cards left between its
ranks, against 24 for the other hands of spread 6; only a player deciding per pair of ranks
keeps his raise off it:

>>> gone = Shoe.standard(1).without("2c,2d,3c,3d,3h,3s")
>>> analyze(gone).house_edge, analyze(gone, raise_by="cards").house_edge
(-3/1265, -7/2277)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

import sympy
from sympy import Rational

from cardmath.bets import Outcome, ParSheet, parse_pay, parse_pays
from cardmath.cards import Rank
from cardmath.enumeration import OutcomeTable, Polynomial
from cardmath.errors import OptionError, PayTableError, ShoeError
from cardmath.exact import limit_at_infinite_decks, rational_function, solve_for, to_rational
from cardmath.shoe import Shoe
from cardmath.tables import Table

__all__ = [
    "RAISE_BY",
    "SPREADS",
    "STANDARD_SPREAD_PAYS",
    "STANDARD_TRIPS_PAYS",
    "DealClass",
    "RaiseBy",
    "RankPair",
    "RedDogResult",
    "SpreadDecision",
    "analyze",
    "deal_table",
    "expected_value",
    "house_edge_at_infinite_decks",
    "house_edge_in_decks",
    "pay_for_house_edge",
    "publication_tables",
    "result_tables",
    "spread_pay_table",
    "summary_table",
]

SPREADS: Final[tuple[int, ...]] = tuple(range(1, 12))
"""Every possible spread: 1 (such as 4 and 6) to 11 (deuce and ace)."""

STANDARD_SPREAD_PAYS: Final[tuple[int, ...]] = (5, 4, 2, 1)
"""The standard pays for spread 1, 2, 3 and 4 or more (to 1, on bet plus raise)."""

STANDARD_TRIPS_PAYS: Final[int] = 11
"""The standard pay for three of a kind (to 1)."""

DealClass = tuple[str, int]
"""An outcome class of the deal table: ``("trips", 0)``, ``("pair", 0)``, ``("consecutive", 0)``,
``("win", s)`` or ``("lose", s)`` for a spread ``s``."""

_TRIPS: Final[DealClass] = ("trips", 0)
_PAIR: Final[DealClass] = ("pair", 0)
_CONSECUTIVE: Final[DealClass] = ("consecutive", 0)
_STANDARD_RANK_COUNTS: Final[tuple[int, ...]] = (4,) * 13

RaiseBy = Literal["spread", "cards"]
"""How the raise is decided: once per spread, or for each pair of first two ranks."""

RAISE_BY: Final[tuple[str, ...]] = ("spread", "cards")
"""The values ``raise_by`` takes."""

RankPair = tuple[Rank, Rank]
"""An unordered pair of first two ranks, lower rank first, such as ``(Rank.TWO, Rank.JACK)``."""

PayInput = str | Sequence[Any]


def _deal_sequences() -> Iterator[tuple[DealClass, tuple[int, ...]]]:
    for first in range(13):
        for second in range(13):
            if first == second:
                for third in range(13):
                    yield (_TRIPS if third == first else _PAIR), (first, second, third)
            elif abs(first - second) == 1:
                yield _CONSECUTIVE, (first, second)
            else:
                low, high = sorted((first, second))
                spread = high - low - 1
                for third in range(13):
                    yield ("win" if low < third < high else "lose", spread), (first, second, third)


@functools.cache
def deal_table() -> OutcomeTable[DealClass]:
    """The shoe-independent table of every Red Dog deal by outcome class, built once.

    Categories are rank indices (deuce 0 to ace 12); sequences are padded to three cards.

    >>> table = deal_table()
    >>> counts = table.evaluate(Shoe.standard(1).rank_counts())
    >>> counts[("trips", 0)], counts[("win", 11)], sum(counts.values()) == table.total((4,) * 13)
    (312, 1408, True)
    """
    return OutcomeTable.build(3, _deal_sequences())


def spread_pay_table(spread_pays: PayInput = STANDARD_SPREAD_PAYS) -> tuple[Rational, ...]:
    """The pay of each spread 1 to 11 from 4 values (spread 1, 2, 3, 4 or more) or 11 values.

    Text such as ``"5,4,2,1"`` is read like the command line reads it.

    >>> spread_pay_table("5,4,2,1")[:5]
    (5, 4, 2, 1, 1)
    >>> spread_pay_table((5, 4))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: spread pays need 4 values (spread 1, 2, 3, 4 or more) or 11 values ...
    """
    pays = parse_pays(spread_pays, what="spread pays")
    if len(pays) == 4:
        return (*pays[:3], *(pays[3],) * 8)
    if len(pays) == 11:
        return pays
    raise PayTableError(
        "spread pays need 4 values (spread 1, 2, 3, 4 or more) or 11 values (spread 1 to 11), "
        f"got {len(pays)}"
    )


@dataclass(frozen=True)
class _Counts:
    """Padded counts of every outcome class for one shoe, and their total."""

    by_class: Mapping[DealClass, int]
    total: int
    infinite: bool

    def won(self, spread: int) -> int:
        return self.by_class.get(("win", spread), 0)

    def lost(self, spread: int) -> int:
        return self.by_class.get(("lose", spread), 0)


def _counts(rank_counts: Sequence[int], *, infinite: bool) -> _Counts:
    table = deal_table()
    return _Counts(
        table.evaluate(rank_counts, infinite=infinite), table.total(rank_counts, infinite=infinite), infinite
    )


def _check_shoe(shoe: Shoe) -> None:
    if not shoe.is_infinite and shoe.size < 3:
        raise ShoeError(f"Red Dog deals up to 3 cards: the shoe must hold 3 cards or more, not {shoe.size}")


def _raises(pay: Rational, won: int, lost: int) -> bool:
    """Raise exactly when the hand's expected value is positive (integers only)."""
    return int(pay.p) * won - int(pay.q) * lost > 0


def _raise_set(counts: _Counts, pays: Sequence[Rational]) -> tuple[int, ...]:
    return tuple(s for s in SPREADS if _raises(pays[s - 1], counts.won(s), counts.lost(s)))


@dataclass(frozen=True)
class _PairCounts:
    """Deals whose first two ranks are ``low`` and ``high`` (rank indices), in either order."""

    low: int
    high: int
    won: int
    lost: int

    @property
    def spread(self) -> int:
        return self.high - self.low - 1


def _pair_counts(rank_counts: Sequence[int], *, infinite: bool) -> tuple[_PairCounts, ...]:
    """Won and lost deals of every pair of ranks the shoe can deal with a spread, padded like ``_Counts``.

    The two cards come in ``2 n[low] n[high]`` ordered ways; the third is one of the ``between``
    cards strictly between them, or one of the ``rest`` others (``N - 2`` cards left in a finite
    shoe, ``N`` in the infinite one).
    """
    size = sum(rank_counts)
    left = size if infinite else size - 2
    pairs = []
    for low in range(13):
        for high in range(low + 2, 13):
            ways = 2 * rank_counts[low] * rank_counts[high]
            if ways:
                between = sum(rank_counts[low + 1 : high])
                pairs.append(_PairCounts(low, high, ways * between, ways * (left - between)))
    return tuple(pairs)


@dataclass(frozen=True)
class _Plan:
    """How every spread is played: won and lost deals raised and not raised, and the raised pairs."""

    raised: Mapping[int, tuple[int, int]]
    plain: Mapping[int, tuple[int, int]]
    raised_pairs: Mapping[int, tuple[tuple[int, int], ...]]
    split: frozenset[int]
    raise_on_spreads: tuple[int, ...]


def _plan(
    counts: _Counts,
    pairs: Sequence[_PairCounts],
    pays: Sequence[Rational],
    raise_by: str,
    fixed: Sequence[int] | None = None,
) -> _Plan:
    """The play of ``raise_by``; ``fixed`` (per spread only) overrides the optimal raise set."""
    raised: dict[int, tuple[int, int]] = {}
    plain: dict[int, tuple[int, int]] = {}
    raised_pairs: dict[int, tuple[tuple[int, int], ...]] = {}
    split = set()
    if raise_by == "spread":
        spreads = _raise_set(counts, pays) if fixed is None else tuple(fixed)
        for spread in SPREADS:
            both = (counts.won(spread), counts.lost(spread))
            raised[spread], plain[spread] = (both, (0, 0)) if spread in spreads else ((0, 0), both)
            raised_pairs[spread] = tuple(
                (p.low, p.high) for p in pairs if p.spread == spread and spread in spreads
            )
        return _Plan(raised, plain, raised_pairs, frozenset(), spreads)
    for spread in SPREADS:
        of_spread = [p for p in pairs if p.spread == spread]
        up = [p for p in of_spread if _raises(pays[spread - 1], p.won, p.lost)]
        down = [p for p in of_spread if p not in up]
        raised[spread] = (sum(p.won for p in up), sum(p.lost for p in up))
        plain[spread] = (sum(p.won for p in down), sum(p.lost for p in down))
        raised_pairs[spread] = tuple((p.low, p.high) for p in up)
        if up and down:
            split.add(spread)
    on = tuple(s for s in SPREADS if raised_pairs[s])
    return _Plan(raised, plain, raised_pairs, frozenset(split), on)


def _check_raise_by(raise_by: object) -> str:
    if raise_by not in RAISE_BY:
        raise OptionError(f"raise_by is 'spread' or 'cards', not {raise_by!r}")
    return str(raise_by)


def _expected_value(counts: _Counts, pays: Sequence[Rational], trips_pays: Rational, plan: _Plan) -> Rational:
    """Expected value per initial bet, accumulated as one integer over a common denominator."""
    scale = math.lcm(int(trips_pays.q), *(int(p.q) for p in pays))
    numerator = int(trips_pays * scale) * counts.by_class.get(_TRIPS, 0)
    for spread in SPREADS:
        pay = int(pays[spread - 1] * scale)
        for stake, (won, lost) in ((2, plan.raised[spread]), (1, plan.plain[spread])):
            numerator += stake * (pay * won - scale * lost)
    return Rational(numerator, scale * counts.total)


def _optimal_value(
    rank_counts: Sequence[int], infinite: bool, pays: Sequence[Rational], trips_pays: Rational, raise_by: str
) -> Rational:
    counts = _counts(rank_counts, infinite=infinite)
    pairs = _pair_counts(rank_counts, infinite=infinite) if raise_by == "cards" else ()
    return _expected_value(counts, pays, trips_pays, _plan(counts, pairs, pays, raise_by))


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
    """Every exact figure of casino Red Dog for one shoe and one pay table.

    ``par_sheet`` plays the optimal raise decided by ``raise_by`` (see the module notes);
    ``par_sheet_no_raise`` never raises.  Figures are per initial bet.  ``raise_on_spreads`` holds
    the spreads on which some hand is raised; ``raised_pairs`` maps every spread to the pairs of
    first two ranks the shoe can deal that are raised; ``differing_pairs`` lists the pairs whose
    best decision for the pair differs from the decision for their whole spread (what tracking the
    cards changes, whichever ``raise_by``).  ``spread_decisions`` describes each spread as a whole,
    its ``raised`` being the decision per spread.  ``effects_of_removal`` maps each rank still in
    the shoe to the change in expected value when one card of it is removed (raising re-optimised
    the same way); it is ``None`` for an infinite shoe or a shoe of only 3 cards.

    >>> result = analyze(Shoe.standard(1))
    >>> result.house_edge, result.house_edge_no_raise, result.raise_on_spreads
    (523/16575, 1523/16575, (7, 8, 9, 10, 11))
    >>> result.par_sheet.total_combinations, result.effects_of_removal is None
    (132600, False)
    """

    shoe: Shoe
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


_RANKS: Final[tuple[Rank, ...]] = tuple(sorted(Rank))


def _rank_pair(pair: tuple[int, int]) -> RankPair:
    return _RANKS[pair[0]], _RANKS[pair[1]]


def _spread_name(spread: int, won: bool, raised: bool, split: bool = False) -> str:
    part = "raised, " if raised else ("not raised, " if split else "")
    return f"spread {spread}, {part}{'won' if won else 'lost'}"


def _par_sheet(counts: _Counts, pays: Sequence[Rational], trips_pays: Rational, plan: _Plan) -> ParSheet:
    def row(name: str, count: int, net: Rational, staked: int = 1) -> Outcome:
        combinations = None if counts.infinite else count
        return Outcome(name, net, Rational(count, counts.total), combinations, Rational(staked))

    by_class = counts.by_class
    rows = [
        row("three of a kind", by_class.get(_TRIPS, 0), trips_pays),
        row("pair, then push", by_class.get(_PAIR, 0), Rational(0)),
        row("consecutive (push)", by_class.get(_CONSECUTIVE, 0), Rational(0)),
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
    counts: _Counts, pays: Sequence[Rational], raised: Sequence[int]
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


def _effects_of_removal(
    shoe: Shoe, pays: Sequence[Rational], trips_pays: Rational, base: Rational, raise_by: str
) -> dict[Rank, Rational] | None:
    if shoe.is_infinite or shoe.size < 4:
        return None
    rank_counts = shoe.rank_counts()
    effects: dict[Rank, Rational] = {}
    for rank in Rank:
        if rank_counts[rank.index] == 0:
            continue
        depleted = list(rank_counts)
        depleted[rank.index] -= 1
        effects[rank] = _optimal_value(depleted, False, pays, trips_pays, raise_by) - base
    return effects


def analyze(
    shoe: Shoe,
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
    raise_by: RaiseBy = "spread",
) -> RedDogResult:
    """The exact analysis of casino Red Dog dealt from ``shoe``.

    ``spread_pays`` gives 4 pays (spread 1, 2, 3, 4 or more) or 11 (spread 1 to 11), as numbers,
    Rationals or text; ``trips_pays`` the pay of three of a kind.  The raise decision is computed
    from the shoe, once per spread (``raise_by="spread"``) or for each pair of first two ranks
    (``raise_by="cards"``; see the module notes).

    >>> result = analyze(Shoe.standard(2))
    >>> result.house_edge, result.house_edge_no_raise > result.house_edge
    (2101/68289, True)
    >>> result.par_sheet.total_combinations == 104 * 103 * 102
    True
    >>> analyze(Shoe.standard(1), spread_pays="5,4,2,1", trips_pays="11").element_of_risk
    523/19575
    >>> analyze(Shoe.parse("1", "2c,3d")).effects_of_removal[Rank.ACE] > 0
    True

    Without the kings and three aces, a tracking player raises the hands of spread 6 but 7-A, which
    has only the eights to queens left between (6-K can no longer be dealt):

    >>> tracked = analyze(Shoe.parse("1", "Kc,Kd,Kh,Ks,Ac,Ad,Ah"), raise_by="cards")
    >>> [f"{low.symbol}-{high.symbol}" for low, high in tracked.raised_pairs[6]]
    ['2-9', '3-T', '4-J', '5-Q']
    >>> tracked.differing_pairs == ((Rank.SEVEN, Rank.ACE),)
    True
    >>> [o.name for o in tracked.par_sheet if o.name.startswith("spread 6")]  # doctest: +NORMALIZE_WHITESPACE
    ['spread 6, raised, won', 'spread 6, raised, lost',
     'spread 6, not raised, won', 'spread 6, not raised, lost']
    """
    _check_shoe(shoe)
    mode = _check_raise_by(raise_by)
    pays = spread_pay_table(spread_pays)
    trips = parse_pay(trips_pays, "three of a kind pays")
    rank_counts = shoe.rank_counts()
    counts = _counts(rank_counts, infinite=shoe.is_infinite)
    pairs = _pair_counts(rank_counts, infinite=shoe.is_infinite)
    plan = _plan(counts, pairs, pays, mode)
    never = _plan(counts, pairs, pays, "spread", fixed=())
    by_spread = _raise_set(counts, pays)
    differing = tuple(
        _rank_pair((p.low, p.high))
        for p in pairs
        if _raises(pays[p.spread - 1], p.won, p.lost) != (p.spread in by_spread)
    )
    par_sheet = _par_sheet(counts, pays, trips, plan)
    no_raise = _par_sheet(counts, pays, trips, never)
    value = _expected_value(counts, pays, trips, plan)
    variance = to_rational(par_sheet.variance)
    return RedDogResult(
        shoe=shoe,
        spread_pays=pays,
        trips_pays=trips,
        par_sheet=par_sheet,
        par_sheet_no_raise=no_raise,
        raise_on_spreads=plan.raise_on_spreads,
        spread_decisions=_decisions(counts, pays, by_spread),
        expected_value=value,
        house_edge=-value,
        house_edge_no_raise=-_expected_value(counts, pays, trips, never),
        element_of_risk=to_rational(par_sheet.element_of_risk),
        expected_stake=to_rational(par_sheet.expected_stake),
        variance=variance,
        standard_deviation=sympy.sqrt(variance),
        hit_frequency=to_rational(par_sheet.hit_frequency),
        effects_of_removal=_effects_of_removal(shoe, pays, trips, value, mode),
        raise_by="cards" if mode == "cards" else "spread",
        raised_pairs={s: tuple(_rank_pair(p) for p in plan.raised_pairs[s]) for s in SPREADS},
        differing_pairs=differing,
    )


def expected_value(
    shoe: Shoe,
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
    raise_on_spreads: Sequence[int] | None = None,
    raise_by: RaiseBy = "spread",
) -> Rational:
    """Expected value per initial bet, raising on ``raise_on_spreads`` (``None``: optimally).

    A fixed raise set is what a player keeps when he does not track the cards; it is a decision
    per spread, so it cannot be combined with ``raise_by="cards"`` (the best raise for each pair
    of first two ranks).

    >>> expected_value(Shoe.standard(1), raise_on_spreads=())
    -1523/16575
    >>> expected_value(Shoe.standard(1), raise_by="cards") == expected_value(Shoe.standard(1))
    True
    """
    _check_shoe(shoe)
    mode = _check_raise_by(raise_by)
    pays = spread_pay_table(spread_pays)
    trips = parse_pay(trips_pays, "three of a kind pays")
    if raise_on_spreads is None:
        return _optimal_value(shoe.rank_counts(), shoe.is_infinite, pays, trips, mode)
    if mode == "cards":
        raise OptionError("a fixed raise_on_spreads decides per spread: it cannot go with raise_by='cards'")
    counts = _counts(shoe.rank_counts(), infinite=shoe.is_infinite)
    plan = _plan(counts, (), pays, "spread", fixed=_check_spreads(raise_on_spreads))
    return _expected_value(counts, pays, trips, plan)


def _check_spreads(spreads: Sequence[int]) -> tuple[int, ...]:
    for spread in spreads:
        if spread not in SPREADS:
            raise OptionError(f"a spread is a whole number from 1 to 11, not {spread!r}")
    return tuple(sorted(set(spreads)))


def _evaluate_polynomial(polynomial: Polynomial, decks: int) -> int:
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
    signs = {
        (v > 0) - (v < 0) for v in (_evaluate_polynomial(tuple(coefficients), d) for d in range(1, bound + 2))
    }
    signs.add((leading > 0) - (leading < 0))
    return signs.pop() if len(signs) == 1 else None


def house_edge_in_decks(
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
    raise_on_spreads: Sequence[int] | None = None,
) -> Any:
    """The house edge for ``d`` fresh standard decks as an exact rational function of ``DECKS``.

    With ``raise_on_spreads=None`` the optimal raise set is computed from the counts as
    polynomials in ``d``; it must be the same for every whole ``d >= 1`` (true for the standard
    table: spreads 7 to 11), else an :class:`~cardmath.errors.OptionError` names the spread whose
    decision depends on ``d`` and a fixed ``raise_on_spreads`` must be given.

    >>> from cardmath.exact import DECKS
    >>> edge = house_edge_in_decks()
    >>> edge.subs(DECKS, 1), edge.subs(DECKS, 8)
    (523/16575, 30721/1116765)
    >>> house_edge_in_decks(spread_pays=(5, 4, 2, 1, 1, "9/8", 1, 1, 1, 1, 1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the best raise on spread 6 depends on the number of decks; ...
    """
    pays = spread_pay_table(spread_pays)
    trips = parse_pay(trips_pays, "three of a kind pays")
    polynomials = deal_table().evaluate_polynomial(_STANDARD_RANK_COUNTS)
    total = deal_table().total_polynomial(_STANDARD_RANK_COUNTS)

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
        raise_set = tuple(raised)
    else:
        raise_set = _check_spreads(raise_on_spreads)
    scale = math.lcm(int(trips.q), *(int(p.q) for p in pays))
    terms = [(-int(trips * scale), count(_TRIPS))]
    for spread in SPREADS:
        stake = 2 if spread in raise_set else 1
        terms.append((-stake * int(pays[spread - 1] * scale), count(("win", spread))))
        terms.append((stake * scale, count(("lose", spread))))
    return rational_function(_combine(terms), _combine([(scale, total)]))


def _combine(terms: Sequence[tuple[int, Polynomial]]) -> Polynomial:
    """``sum(factor * polynomial)`` of integer polynomials."""
    length = max((len(p) for _, p in terms), default=0)
    return tuple(sum(f * (p[i] if i < len(p) else 0) for f, p in terms) for i in range(length))


def house_edge_at_infinite_decks(
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
    raise_on_spreads: Sequence[int] | None = None,
) -> Rational:
    """The limit of :func:`house_edge_in_decks` as the number of decks grows.

    >>> house_edge_at_infinite_decks()
    57/2197
    """
    return limit_at_infinite_decks(
        house_edge_in_decks(spread_pays=spread_pays, trips_pays=trips_pays, raise_on_spreads=raise_on_spreads)
    )


def pay_for_house_edge(
    shoe: Shoe,
    pay: Literal["trips"] | int,
    house_edge: Any = 0,
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
) -> Rational:
    """The exact pay that gives ``house_edge`` (with optimal raising), all other pays kept.

    ``pay`` is ``"trips"`` or the 1-based position of a spread pay in ``spread_pays`` (with the
    4-value table, 4 means "spread 4 or more").  A spread pay moves the raise decision of its
    spreads, so the equation is solved under every raise set that pay can produce (the spreads
    whose break-even pay ``P(lose | s) / P(win | s)`` is below it), and the one solution at which
    that set is indeed optimal is returned; the optimal expected value grows strictly with the pay,
    so there is at most one.

    >>> pay_for_house_edge(Shoe.standard(1), "trips")
    952/39
    >>> pay_for_house_edge(Shoe.standard(1), 4)
    6795/6224
    """
    _check_shoe(shoe)
    given = parse_pays(spread_pays, what="spread pays")
    pays = spread_pay_table(given)
    trips = parse_pay(trips_pays, "three of a kind pays")
    target = to_rational(house_edge)
    counts = _counts(shoe.rank_counts(), infinite=shoe.is_infinite)
    if pay == "trips":
        affected: tuple[int, ...] = ()
    elif isinstance(pay, int) and not isinstance(pay, bool) and 1 <= pay <= len(given):
        affected = (pay,) if len(given) == 11 or pay < 4 else tuple(range(4, 12))
    else:
        raise OptionError(
            f"the pay to solve for is 'trips' or a spread pay position 1 to {len(given)}, not {pay!r}"
        )
    unknown = sympy.Symbol("pay")
    fixed = tuple(s for s in _raise_set(counts, pays) if s not in affected)
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
        edge = -(trial_trips * counts.by_class.get(_TRIPS, 0))
        for spread in SPREADS:
            stake = 2 if spread in raised else 1
            edge -= stake * (trial_pays[spread - 1] * counts.won(spread) - counts.lost(spread))
        edge = sympy.expand(edge / counts.total)
        if not edge.has(unknown):
            continue
        value = solve_for(edge, unknown, target)
        if value < 0:
            continue
        optimal = {s for s in affected if _raises(value, counts.won(s), counts.lost(s))}
        if optimal == set(candidate):
            solutions.add(value)
    if len(solutions) != 1:
        raise OptionError(f"no pay of 0 or more gives a house edge of {target} with this shoe and pay table")
    return solutions.pop()


def result_tables(result: RedDogResult) -> tuple[Table, ...]:
    """The publication tables of one result: par sheet, figures, raise strategy, effects of removal.

    >>> for table in result_tables(analyze(Shoe.infinite())):
    ...     print(table.title)
    Red Dog par sheet, infinite decks
    Red Dog figures, infinite decks
    Red Dog raise strategy, infinite decks
    """
    where = result.shoe.describe()
    par_sheet = Table(
        f"Red Dog par sheet, {where}",
        ("outcome", "pays", "combinations", "probability", "return"),
        tuple((o.name, o.pays, o.combinations, o.probability, o.contribution) for o in result.par_sheet),
    )
    figures = Table(
        f"Red Dog figures, {where}",
        ("figure", "value"),
        (
            ("house edge (optimal raising)", result.house_edge),
            ("house edge (never raising)", result.house_edge_no_raise),
            ("element of risk", result.element_of_risk),
            ("expected total bet", result.expected_stake),
            ("variance", result.variance),
            ("standard deviation", result.standard_deviation),
            ("hit frequency", result.hit_frequency),
            ("raise decided by", result.raise_by),
            ("raise on spreads", _spreads_text(result.raise_on_spreads)),
        ),
    )
    strategy = Table(
        f"Red Dog raise strategy, {where}",
        (
            "spread",
            "pays",
            "probability of the hand",
            "probability of a win",
            "gain per unit raised",
            "raise",
        ),
        tuple(
            (d.spread, d.pays, d.probability, d.win_probability, d.raise_gain, _raise_text(result, d))
            for d in result.spread_decisions
        ),
    )
    tables = [par_sheet, figures, strategy]
    if result.effects_of_removal is not None:
        tables.append(
            Table(
                f"Red Dog effects of removal, {where}",
                ("rank removed", "change in expected value"),
                tuple((rank.symbol, effect) for rank, effect in result.effects_of_removal.items()),
            )
        )
    return tuple(tables)


def _raise_text(result: RedDogResult, decision: SpreadDecision) -> str:
    """``yes`` or ``no``; under ``raise_by="cards"`` a split spread lists its raised pairs."""
    if result.raise_by == "spread":
        return "yes" if decision.raised else "no"
    pairs = result.raised_pairs[decision.spread]
    split = any(o.name == f"spread {decision.spread}, not raised, won" for o in result.par_sheet)
    if not split:
        return "yes" if pairs else "no"
    return "only " + ", ".join(f"{low.symbol}-{high.symbol}" for low, high in pairs)


def publication_tables(
    shoe: Shoe,
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
    raise_by: RaiseBy = "spread",
) -> tuple[Table, ...]:
    """Every table for one shoe (see :func:`result_tables`), each with a distinct title.

    >>> len(publication_tables(Shoe.standard(6)))
    4
    >>> strategy = publication_tables(Shoe.parse("1", "Kc,Kd,Kh,Ks,Ac,Ad,Ah"), raise_by="cards")[2]
    >>> strategy.rows[5][-1], strategy.rows[6][-1]
    ('only 2-9, 3-T, 4-J, 5-Q', 'yes')
    """
    return result_tables(analyze(shoe, spread_pays=spread_pays, trips_pays=trips_pays, raise_by=raise_by))


def summary_table(
    shoes: Sequence[Shoe],
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
    raise_by: RaiseBy = "spread",
) -> Table:
    """One row per shoe: house edge with and without raising, element of risk, SD, raise spreads.

    With ``raise_by="cards"`` the raise spreads are those on which some hand is raised.

    >>> table = summary_table([Shoe.standard(1), Shoe.infinite()])
    >>> [row[:2] for row in table.rows]
    [('1 deck', 523/16575), ('infinite decks', 57/2197)]
    >>> summary_table([Shoe.standard(1)], raise_by="cards").rows[0][1]
    523/16575
    """
    rows = []
    for shoe in shoes:
        result = analyze(shoe, spread_pays=spread_pays, trips_pays=trips_pays, raise_by=raise_by)
        rows.append(
            (
                shoe.describe(),
                result.house_edge,
                result.house_edge_no_raise,
                result.element_of_risk,
                result.standard_deviation,
                _spreads_text(result.raise_on_spreads),
            )
        )
    return Table(
        "Red Dog by shoe",
        (
            "shoe",
            "house edge",
            "house edge (never raising)",
            "element of risk",
            "standard deviation",
            "raise on spreads",
        ),
        tuple(rows),
    )


def _spreads_text(spreads: Sequence[int]) -> str:
    return ", ".join(str(s) for s in spreads) if spreads else "none"
