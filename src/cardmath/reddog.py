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
exactly when the hand's expected value is positive: ``P(win | s) * pay(s) - P(lose | s) > 0``.
cardmath decides this for each spread from the exact counts of the shoe at hand, never from a
fixed list: on a fresh standard shoe it gives the familiar "raise on spreads 7 to 11", but a
depleted shoe (or another pay table) can change it.  The decision is made per spread, as a house
rule card would state it; a player tracking which ranks remain could do slightly better by
deciding for each pair of ranks, which this module does not model.

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
    "SPREADS",
    "STANDARD_SPREAD_PAYS",
    "STANDARD_TRIPS_PAYS",
    "DealClass",
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


def _expected_value(
    counts: _Counts, pays: Sequence[Rational], trips_pays: Rational, raised: Sequence[int]
) -> Rational:
    """Expected value per initial bet, accumulated as one integer over a common denominator."""
    scale = math.lcm(int(trips_pays.q), *(int(p.q) for p in pays))
    numerator = int(trips_pays * scale) * counts.by_class.get(_TRIPS, 0)
    for spread in SPREADS:
        stake = 2 if spread in raised else 1
        numerator += stake * (
            int(pays[spread - 1] * scale) * counts.won(spread) - scale * counts.lost(spread)
        )
    return Rational(numerator, scale * counts.total)


@dataclass(frozen=True)
class SpreadDecision:
    """What the shoe says about hands of one spread.

    ``probability`` is the chance of being dealt such a hand; ``win_probability`` the chance the
    third card then wins; ``raise_gain`` the expected value of a raise per unit raised,
    ``win_probability * pays - (1 - win_probability)``.  Both are ``None`` when the shoe cannot
    deal such a hand.
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

    ``par_sheet`` plays the optimal raise; ``par_sheet_no_raise`` never raises.  Figures are per
    initial bet.  ``effects_of_removal`` maps each rank still in the shoe to the change in expected
    value when one card of it is removed (raising re-optimised); it is ``None`` for an infinite shoe
    or a shoe of only 3 cards.
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


def _spread_name(spread: int, won: bool, raised: bool) -> str:
    return f"spread {spread}, {'raised, ' if raised else ''}{'won' if won else 'lost'}"


def _par_sheet(
    counts: _Counts, pays: Sequence[Rational], trips_pays: Rational, raised: Sequence[int]
) -> ParSheet:
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
        stake = 2 if spread in raised else 1
        is_raised = spread in raised
        rows.append(
            row(_spread_name(spread, True, is_raised), counts.won(spread), stake * pays[spread - 1], stake)
        )
        rows.append(row(_spread_name(spread, False, is_raised), counts.lost(spread), Rational(-stake), stake))
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
    shoe: Shoe, pays: Sequence[Rational], trips_pays: Rational, base: Rational
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
        counts = _counts(depleted, infinite=False)
        effects[rank] = _expected_value(counts, pays, trips_pays, _raise_set(counts, pays)) - base
    return effects


def analyze(
    shoe: Shoe,
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
) -> RedDogResult:
    """The exact analysis of casino Red Dog dealt from ``shoe``.

    ``spread_pays`` gives 4 pays (spread 1, 2, 3, 4 or more) or 11 (spread 1 to 11), as numbers,
    Rationals or text; ``trips_pays`` the pay of three of a kind.  The raise decision of each
    spread is computed from the shoe (see the module notes).

    >>> result = analyze(Shoe.standard(2))
    >>> result.house_edge, result.house_edge_no_raise > result.house_edge
    (2101/68289, True)
    >>> result.par_sheet.total_combinations == 104 * 103 * 102
    True
    >>> analyze(Shoe.standard(1), spread_pays="5,4,2,1", trips_pays="11").element_of_risk
    523/19575
    >>> analyze(Shoe.parse("1", "2c,3d")).effects_of_removal[Rank.ACE] > 0
    True
    """
    _check_shoe(shoe)
    pays = spread_pay_table(spread_pays)
    trips = parse_pay(trips_pays, "three of a kind pays")
    counts = _counts(shoe.rank_counts(), infinite=shoe.is_infinite)
    raised = _raise_set(counts, pays)
    par_sheet = _par_sheet(counts, pays, trips, raised)
    no_raise = _par_sheet(counts, pays, trips, ())
    value = _expected_value(counts, pays, trips, raised)
    variance = to_rational(par_sheet.variance)
    return RedDogResult(
        shoe=shoe,
        spread_pays=pays,
        trips_pays=trips,
        par_sheet=par_sheet,
        par_sheet_no_raise=no_raise,
        raise_on_spreads=raised,
        spread_decisions=_decisions(counts, pays, raised),
        expected_value=value,
        house_edge=-value,
        house_edge_no_raise=-_expected_value(counts, pays, trips, ()),
        element_of_risk=to_rational(par_sheet.element_of_risk),
        expected_stake=to_rational(par_sheet.expected_stake),
        variance=variance,
        standard_deviation=sympy.sqrt(variance),
        hit_frequency=to_rational(par_sheet.hit_frequency),
        effects_of_removal=_effects_of_removal(shoe, pays, trips, value),
    )


def expected_value(
    shoe: Shoe,
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
    raise_on_spreads: Sequence[int] | None = None,
) -> Rational:
    """Expected value per initial bet, raising on ``raise_on_spreads`` (``None``: optimally).

    A fixed raise set is what a player keeps when he does not track the cards.

    >>> expected_value(Shoe.standard(1), raise_on_spreads=())
    -1523/16575
    """
    _check_shoe(shoe)
    pays = spread_pay_table(spread_pays)
    trips = parse_pay(trips_pays, "three of a kind pays")
    counts = _counts(shoe.rank_counts(), infinite=shoe.is_infinite)
    raised = _raise_set(counts, pays) if raise_on_spreads is None else _check_spreads(raise_on_spreads)
    return _expected_value(counts, pays, trips, raised)


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
            (d.spread, d.pays, d.probability, d.win_probability, d.raise_gain, "yes" if d.raised else "no")
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


def publication_tables(
    shoe: Shoe,
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
) -> tuple[Table, ...]:
    """Every table for one shoe (see :func:`result_tables`), each with a distinct title.

    >>> len(publication_tables(Shoe.standard(6)))
    4
    """
    return result_tables(analyze(shoe, spread_pays=spread_pays, trips_pays=trips_pays))


def summary_table(
    shoes: Sequence[Shoe],
    *,
    spread_pays: PayInput = STANDARD_SPREAD_PAYS,
    trips_pays: Any = STANDARD_TRIPS_PAYS,
) -> Table:
    """One row per shoe: house edge with and without raising, element of risk, SD, raise spreads.

    >>> table = summary_table([Shoe.standard(1), Shoe.infinite()])
    >>> [row[:2] for row in table.rows]
    [('1 deck', 523/16575), ('infinite decks', 57/2197)]
    """
    rows = []
    for shoe in shoes:
        result = analyze(shoe, spread_pays=spread_pays, trips_pays=trips_pays)
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
