"""Baccarat (punto banco): every bet, any shoe, exact.

Every final deal is enumerated once, independent of the shoe, at the resolution of baccarat values
(ten categories: tens and pictures are one value).  A deal is summarised as a :class:`Deal`: each
hand's total and number of cards, each hand's third card, and, for the bets that look at them,
how each hand's first two cards match (:class:`FirstTwo`: unpaired, a pair of one rank, or two
identical cards).  A shoe then costs only integer sums (the counting identity of
:mod:`cardmath.enumeration`): a value sequence is drawn in ``prod ff(n_v, m_v)`` ways, padded
with the unused cards to the published denominator ``ff(N, 6)``.  Pairs refine that count
exactly: the first two cards of a hand are a pair of one rank in ``sum_r ff(n_r, 2)`` of the
``ff(n_v, 2)`` ways to draw two cards of value ``v``, identical cards in ``sum_c ff(n_c, 2)``.

A bet is a rule (a function of the :class:`Deal` returning the name of an outcome) and a pay
table: a new side bet needs no new enumeration code (see :meth:`Bet.define`).  A rule may also
read the values of each hand's first two cards, in the order dealt, when its bet is defined with
``first_values=True``: only such bets are counted deal by deal over the first four cards' values.
With ``first_cards=True`` a rule reads each hand's first two cards themselves, rank and suit
(``deal.player_first_cards`` and ``deal.banker_first_cards``, :class:`~cardmath.cards.Card` in the
order dealt; the first values are given too), so suited side bets can be defined.  Only such
bets resolve the first four cards card by card (52 kinds, drawn in ``prod_c ff(n_c, k_c)`` ways
from the shoe's card counts), the third cards and the unused cards staying at value level: the
first four cards' values and the third cards' fix the deal class.  A rule must compare cards by
value (``==``, ``in``, their rank and suit), not by identity (``is``).  Such bets are supported by
:func:`analyze`, :func:`analyze_many` (shoe by shoe), :func:`effects_of_removal`,
:func:`solve_pay` and :func:`closed_form`; they may not also ask for ``first_two``.

>>> result = analyze(Shoe.standard(8))
>>> result.results["banker_wins"], result.total_combinations
(2292252566437888, 4998398275503360)
>>> percent_text(result.bets["banker"].house_edge), percent_text(result.bets["tie"].house_edge)
('1.0579%', '14.3596%')
>>> lucky_6 = Bet.define(
...     "lucky_6",
...     lambda deal: "win with 6" if deal.winner == "banker" and deal.banker_total == 6 else "lose",
...     {"win with 6": 12, "lose": -1},
... )
>>> percent_text(analyze(Shoe.standard(8), bets=[lucky_6]).bets["lucky_6"].house_edge)
'29.9772%'
>>> first_nine = Bet.define(
...     "first_nine",
...     lambda deal: "win" if deal.winner == "player" and deal.player_first_values[0] == 9 else "lose",
...     {"win": 20, "lose": -1},
...     first_values=True,
... )
>>> percent_text(analyze(Shoe.standard(8), bets=[first_nine]).bets["first_nine"].house_edge)
'9.6253%'
>>> suited_start = Bet.define(
...     "suited_start",
...     lambda deal: "suited" if len({card.suit for card in deal.player_first_cards}) == 1 else "not suited",
...     {"suited": 2, "not suited": -1},
...     first_cards=True,
... )
>>> sheet = analyze(Shoe.standard(8), bets=[suited_start]).bets["suited_start"]
>>> sheet.outcomes[0].probability, sheet.house_edge, percent_text(sheet.house_edge)
(103/415, 106/415, '25.5422%')
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import sympy
from sympy import Rational

from cardmath.bets import Outcome, ParSheet
from cardmath.cards import Card, Rank
from cardmath.enumeration import OutcomeTable, falling_factorial, falling_factorial_polynomial
from cardmath.errors import OptionError, ShoeError
from cardmath.exact import (
    DECKS,
    limit_at_infinite_decks,
    percent_text,
    polynomial_expr,
    solve_for,
    to_rational,
)
from cardmath.shoe import Shoe
from cardmath.tables import Table

__all__ = [
    "BUILT_IN_BET_NAMES",
    "DEFAULT_COMMISSION",
    "DEFAULT_TIE_PAYS",
    "MAIN_BET_NAMES",
    "MINIMUM_CARDS",
    "BaccaratResult",
    "Bet",
    "Deal",
    "FirstTwo",
    "analyze",
    "analyze_many",
    "banker_draws",
    "built_in_bets",
    "closed_form",
    "effects_of_removal",
    "publication_tables",
    "resolve_bets",
    "solve_pay",
    "summary_table",
    "value_counts",
]

Array = npt.NDArray[Any]

DEFAULT_COMMISSION: Rational = Rational(1, 20)
"""The commission on a winning banker bet: 5 percent."""

DEFAULT_TIE_PAYS: Rational = Rational(8)
"""The usual tie pay, 8 to 1 (some houses pay 9 to 1)."""

MINIMUM_CARDS = 6
"""A finite shoe must hold at least this many cards: every deal is counted as six cards dealt
(the published convention, unused fifth and sixth cards included), so ``ff(N, 6)`` must be
positive."""

CARDS_PER_DEAL = 6

MAIN_BET_NAMES: tuple[str, ...] = ("player", "banker", "tie")
"""The three main bets."""

_INT64_LIMIT = 2**62
"""Counts stay in numpy int64 while ``N ** 6`` (a bound on every partial count) is below this."""


class FirstTwo(enum.Enum):
    """How the first two cards of a hand match.

    A pair bet reads it; a single deck holds no two identical cards, so it deals no perfect pair:

    >>> deal = Deal(6, 7, 2, 2, None, None, FirstTwo.IDENTICAL, FirstTwo.UNPAIRED)
    >>> deal.player_first_two.is_pair, built_in_bets()["player_pair"].rule(deal)
    (True, 'pair')
    >>> [o.combinations for o in analyze(Shoe.standard(1), bets=["perfect_pair"]).bets["perfect_pair"]]
    [0, 0, 14658134400]
    """

    UNPAIRED = "unpaired"
    PAIR = "pair"
    """The same rank, not the same card (suits differ)."""
    IDENTICAL = "identical"
    """The same rank and suit: a perfect pair."""

    @property
    def is_pair(self) -> bool:
        """Whether the two cards are the same rank (identical cards included).

        >>> FirstTwo.IDENTICAL.is_pair, FirstTwo.UNPAIRED.is_pair
        (True, False)
        """
        return self is not FirstTwo.UNPAIRED


_FIRST_TWO = (FirstTwo.UNPAIRED, FirstTwo.PAIR, FirstTwo.IDENTICAL)


@dataclass(frozen=True)
class Deal:
    """A final deal as the bets see it.

    ``player_first_two`` and ``banker_first_two`` are ``None`` for bets defined without
    ``first_two=True`` (the enumeration then does not resolve ranks and suits);
    ``player_first_values`` and ``banker_first_values`` (the values of each hand's first and
    second cards) are ``None`` for bets defined without ``first_values=True``;
    ``player_first_cards`` and ``banker_first_cards`` (each hand's first and second cards as
    :class:`~cardmath.cards.Card`, rank and suit) are ``None`` for bets defined without
    ``first_cards=True`` (such bets are also given the first values).

    >>> deal = Deal(9, 7, 2, 3, None, 4)
    >>> deal.winner, deal.player_natural, deal.margin, deal.cards_dealt
    ('player', True, 2, 5)
    """

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int
    player_third: int | None
    banker_third: int | None
    player_first_two: FirstTwo | None = None
    banker_first_two: FirstTwo | None = None
    player_first_values: tuple[int, int] | None = None
    banker_first_values: tuple[int, int] | None = None
    player_first_cards: tuple[Card, Card] | None = None
    banker_first_cards: tuple[Card, Card] | None = None

    @property
    def winner(self) -> str:
        """``"player"``, ``"banker"`` or ``"tie"``."""
        if self.player_total > self.banker_total:
            return "player"
        if self.banker_total > self.player_total:
            return "banker"
        return "tie"

    @property
    def player_natural(self) -> bool:
        """The player's first two cards total 8 or 9."""
        return self.player_cards == 2 and self.player_total >= 8

    @property
    def banker_natural(self) -> bool:
        """The banker's first two cards total 8 or 9."""
        return self.banker_cards == 2 and self.banker_total >= 8

    @property
    def natural(self) -> bool:
        """Either hand is a natural (so neither hand drew)."""
        return self.player_natural or self.banker_natural

    @property
    def margin(self) -> int:
        """How many points the winner won by (0 for a tie)."""
        return abs(self.player_total - self.banker_total)

    @property
    def cards_dealt(self) -> int:
        """Cards dealt to both hands: 4, 5 or 6."""
        return self.player_cards + self.banker_cards


@dataclass(frozen=True)
class Bet:
    """A bet: a rule naming the outcome of each :class:`Deal`, and the pay of each outcome.

    ``pays`` lists ``(outcome, pay)`` in par-sheet order; a pay is the net result per unit bet
    (``-1`` a loss, ``0`` a push).  Set ``first_two`` when the rule reads
    ``player_first_two`` / ``banker_first_two`` (pair bets), ``first_values`` when it reads
    ``player_first_values`` / ``banker_first_values`` (not both: values are resolved deal by
    deal, matches of ranks and suits by sums over them), ``first_cards`` when it reads
    ``player_first_cards`` / ``banker_first_cards`` (the cards themselves, rank and suit: the
    first four cards are then resolved card by card; such a rule is given the first values too,
    and may not also ask for ``first_two``).  Build one with :meth:`define`.

    >>> banker = built_in_bets()["banker"]
    >>> banker.outcomes(), banker.pay("win")
    (('win', 'lose', 'tie'), 19/20)
    >>> banker.rule(Deal(3, 6, 3, 2, 2, None))  # the player draws a 2 to make 3; the banker stands on 6
    'win'
    """

    name: str
    rule: Callable[[Deal], str]
    pays: tuple[tuple[str, Rational], ...]
    first_two: bool = False
    description: str = ""
    first_values: bool = False
    first_cards: bool = False

    @classmethod
    def define(
        cls,
        name: str,
        rule: Callable[[Deal], str],
        pays: Mapping[str, int | str | Rational],
        *,
        first_two: bool = False,
        description: str = "",
        first_values: bool = False,
        first_cards: bool = False,
    ) -> Bet:
        """A bet from a rule and a pay table ``{outcome: pay}`` (pays as numbers or ``"p/q"``).

        >>> rule = lambda deal: "tie" if deal.winner == "tie" else "no tie"
        >>> Bet.define("tie 9", rule, {"tie": 9, "no tie": -1}).pay("tie")
        9
        """
        if not name or not isinstance(name, str):
            raise OptionError(f"a bet needs a name, not {name!r}")
        if not pays:
            raise OptionError(f"bet {name!r} needs at least one outcome in its pay table")
        try:
            table = tuple((str(outcome), to_rational(pay)) for outcome, pay in pays.items())
        except (TypeError, ValueError, sympy.SympifyError) as error:
            raise OptionError(f"bet {name!r} has a pay that is not a number: {error}") from None
        if first_two and first_values:
            raise OptionError(
                f"bet {name!r} may read the matches (first_two) or the values (first_values) of the "
                "first two cards, not both"
            )
        if first_cards and first_two:
            raise OptionError(
                f"bet {name!r} may read the cards (first_cards) or the matches (first_two) of the first "
                "two cards, not both: a rule given the cards can tell a pair from them"
            )
        return cls(name, rule, table, first_two, description, first_values, first_cards)

    def pay(self, outcome: str) -> Rational:
        """The pay of one outcome."""
        for name, pay in self.pays:
            if name == outcome:
                return pay
        raise OptionError(f"bet {self.name!r} has no outcome {outcome!r}: its outcomes are {self.outcomes()}")

    def outcomes(self) -> tuple[str, ...]:
        """The outcome names in par-sheet order."""
        return tuple(name for name, _ in self.pays)

    def with_pay(self, outcome: str, pay: Any) -> Bet:
        """The same bet with one outcome's pay replaced (the pay may be a SymPy symbol)."""
        self.pay(outcome)
        table = tuple((name, pay if name == outcome else old) for name, old in self.pays)
        return Bet(
            self.name, self.rule, table, self.first_two, self.description, self.first_values, self.first_cards
        )


# --- the drawing rules --------------------------------------------------------------------------


def banker_draws(banker_two_card_total: int, player_third: int | None) -> bool:
    """Whether the banker draws, given its two-card total and the player's third card (if any).

    >>> banker_draws(3, 8), banker_draws(6, 7), banker_draws(5, None)
    (False, True, True)
    """
    total = banker_two_card_total
    if player_third is None:
        return total <= 5
    if total <= 2:
        return True
    if total == 3:
        return player_third != 8
    if total == 4:
        return 2 <= player_third <= 7
    if total == 5:
        return 4 <= player_third <= 7
    if total == 6:
        return player_third in (6, 7)
    return False


# --- the tables built once ----------------------------------------------------------------------


@dataclass(frozen=True)
class _Structure:
    """The shoe-free enumeration, as numpy arrays.

    ``class_columns`` are the distinct deal summaries, one row (player total, banker total,
    player cards, banker cards, player third, banker third; -1 when there is no third card).  A
    value multiset ``q`` (``multisets[q]`` its multiplicities by value) with the values of each
    hand's first two cards when they match (``pair_values[e]``, -1 when they differ) is an
    *extended multiset* ``e``.  The value entries list (class, multiset, number of value
    sequences), sorted by class.  Only deals where at least one hand's first two cards have the
    same value can hold a pair, so ``entries`` list (class, extended multiset, number of value
    sequences) for those deals alone.
    """

    class_columns: Array  # (C, 6)
    multisets: Array  # (Q, 10) multiplicities
    multiset_sizes: Array  # (Q,)
    extended_multiset: Array  # (E,) index into multisets
    pair_values: Array  # (E, 2) player / banker matched value or -1, not both -1
    entry_class: Array  # (K,) sorted
    entry_extended: Array  # (K,)
    entry_sequences: Array  # (K,)
    paired_classes: Array  # the classes with entries, in order
    class_starts: Array  # start of each of those classes in the entries
    value_entry_class: Array  # value-level entries (class, multiset, sequences), sorted by class
    value_entry_multiset: Array
    value_entry_sequences: Array
    value_class_starts: Array


def _third_card_patterns() -> Array:
    """Every way a deal goes on from the two hands' two-card totals, as rows (player two-card total,
    banker two-card total, player third card, banker third card), -1 for a card not drawn.

    Built with whole-array operations from the 100 pairs of totals and the drawing rules.
    """

    def absent(rows: Array) -> Array:
        return np.hstack([rows, np.full((len(rows), 1), -1)])

    def each_value(rows: Array) -> Array:
        return np.hstack([np.repeat(rows, 10, axis=0), np.tile(np.arange(10), len(rows))[:, None]])

    totals = np.stack([axis.reshape(-1) for axis in np.indices((10, 10))], axis=1)
    player, banker = totals[:, 0], totals[:, 1]
    natural = (player >= 8) | (banker >= 8)
    after_stand = np.array([banker_draws(total, None) for total in range(10)])
    after_draw = np.array([[banker_draws(total, card) for card in range(10)] for total in range(10)])
    # Naturals, and a standing player (6 or 7) with a standing banker: four cards.
    stand = ~natural & (player >= 6)
    blocks = [absent(absent(totals[natural | (stand & ~after_stand[banker])]))]
    # A standing player with a drawing banker (0 to 5).
    blocks.append(each_value(absent(totals[stand & after_stand[banker]])))
    # A drawing player (0 to 5); the banker follows its total and the player's third card.
    with_third = each_value(totals[~natural & (player <= 5)])
    banker_hits = after_draw[with_third[:, 1], with_third[:, 2]]
    blocks.append(absent(with_third[~banker_hits]))
    blocks.append(each_value(with_third[banker_hits]))
    return np.vstack(blocks).astype(np.int64)


_POWERS = 7 ** np.arange(10, dtype=np.int64)
"""A multiset of at most six values is coded as ``sum(multiplicity[u] * 7 ** u)``."""

_PAIR_CODES = 121
"""Each hand's matched first-two value (-1 to 9) adds a digit in base 11 below the multiset code."""


@functools.cache
def _structure() -> _Structure:
    """Built by aggregation, not by listing the 339,400 value sequences of a deal.

    The first four cards (10,000 value sequences) are grouped by both two-card totals, their
    multiset and their matched pair values; the drawing rules depend only on the totals, so every
    final deal is one group followed by one of the third-card patterns of its totals.  A deal
    class is a (totals, third-card pattern) row, and its entries are the groups with those
    totals: distinct groups give distinct extended multisets, so no entry needs merging.
    """
    p1, b1, p2, b2 = (axis.reshape(-1) for axis in np.indices((10, 10, 10, 10)))
    two_card_totals = ((p1 + p2) % 10) * 10 + (b1 + b2) % 10
    four_code = _POWERS[p1] + _POWERS[b1] + _POWERS[p2] + _POWERS[b2]
    pairs_code = (np.where(p1 == p2, p1, -1) + 1) * 11 + np.where(b1 == b2, b1, -1) + 1
    span = int(_POWERS[-1]) * 7 * _PAIR_CODES
    group_code, group_sequences = np.unique(
        two_card_totals * span + four_code * _PAIR_CODES + pairs_code, return_counts=True
    )
    # The same groups without the pair values (contiguous, as the pair digits come last).
    value_code, value_first = np.unique(group_code // _PAIR_CODES, return_index=True)
    value_sequences = np.add.reduceat(group_sequences, value_first)

    patterns = _third_card_patterns()
    player_two, banker_two, p3, b3 = patterns.T
    player_total = (player_two + np.maximum(p3, 0)) % 10
    banker_total = (banker_two + np.maximum(b3, 0)) % 10
    player_cards, banker_cards = 2 + (p3 >= 0), 2 + (b3 >= 0)
    class_code = (
        ((((player_total * 10 + banker_total) * 2 + player_cards - 2) * 2 + banker_cards - 2) * 11 + p3 + 1)
        * 11
        + b3
        + 1
    )
    order = np.argsort(class_code)
    columns = np.stack([player_total, banker_total, player_cards, banker_cards, p3, b3], axis=1)[order]
    class_totals = (player_two * 10 + banker_two)[order]
    third_code = (
        np.where(p3 >= 0, _POWERS[np.maximum(p3, 0)], 0) + np.where(b3 >= 0, _POWERS[np.maximum(b3, 0)], 0)
    )[order]

    def join(codes: Array, width: int) -> tuple[Array, Array, Array]:
        """Entries (class, group) pairing each class with every group of its two-card totals."""
        group_totals = codes // width
        starts = np.searchsorted(group_totals, np.arange(101))
        lengths = (starts[1:] - starts[:-1])[class_totals]
        class_starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        entry_class = np.repeat(np.arange(len(class_totals)), lengths)
        entry_group = (
            starts[class_totals][entry_class] + np.arange(len(entry_class)) - class_starts[entry_class]
        )
        return entry_class, entry_group, class_starts

    value_class, value_group, value_starts = join(value_code, span // _PAIR_CODES)
    multiset_codes, value_multiset = np.unique(
        (value_code % (span // _PAIR_CODES))[value_group] + third_code[value_class], return_inverse=True
    )
    paired = group_code % _PAIR_CODES != 0
    entry_class, entry_group, class_starts = join(group_code[paired], span)
    extended_code = (group_code[paired] % span)[entry_group] + third_code[entry_class] * _PAIR_CODES
    extended_codes, entry_extended = np.unique(extended_code, return_inverse=True)
    extended_multiset = np.searchsorted(multiset_codes, extended_codes // _PAIR_CODES)
    multisets = (multiset_codes[:, None] // _POWERS[None, :]) % 7
    pair_code = extended_codes % _PAIR_CODES
    has_entries = np.diff(np.append(class_starts, len(entry_class))) > 0
    return _Structure(
        class_columns=columns,
        multisets=multisets,
        multiset_sizes=multisets.sum(axis=1),
        extended_multiset=extended_multiset,
        pair_values=np.stack([pair_code // 11 - 1, pair_code % 11 - 1], axis=1),
        entry_class=entry_class,
        entry_extended=entry_extended.reshape(-1),
        entry_sequences=group_sequences[paired][entry_group].astype(np.int64),
        paired_classes=np.flatnonzero(has_entries),
        class_starts=class_starts[has_entries],
        value_entry_class=value_class,
        value_entry_multiset=value_multiset.reshape(-1),
        value_entry_sequences=value_sequences[value_group].astype(np.int64),
        value_class_starts=value_starts,
    )


# --- evaluating a shoe --------------------------------------------------------------------------

_VALUE_OF_RANK_INDEX = tuple(Rank(index + 2).baccarat_value for index in range(13))


def value_counts(shoe: Shoe) -> tuple[int, ...]:
    """Cards of each baccarat value 0..9 in the shoe.

    >>> value_counts(Shoe.standard(1))
    (16, 4, 4, 4, 4, 4, 4, 4, 4, 4)
    """
    counts = [0] * 10
    for index, n in enumerate(shoe.rank_counts()):
        counts[_VALUE_OF_RANK_INDEX[index]] += n
    return tuple(counts)


def _draws(n: int, m: int, infinite: bool) -> int:
    """Ordered ways to draw ``m`` cards of a kind holding ``n`` (a power if the shoe is infinite)."""
    if m < 0:
        return 0
    return n**m if infinite else falling_factorial(n, m)


def _check_shoe(shoe: Shoe) -> None:
    if not shoe.is_infinite and shoe.size < MINIMUM_CARDS:
        raise ShoeError(
            f"a baccarat deal is counted as {MINIMUM_CARDS} cards (unused fifth and sixth cards included), "
            f"so the shoe must hold at least {MINIMUM_CARDS} cards, not {shoe.size}"
        )


def _dtype(size: int) -> Any:
    """int64 when every partial count (at most ``size ** 6``) fits, else exact Python ints."""
    return np.int64 if size**CARDS_PER_DEAL < _INT64_LIMIT else object


def _draw_table(values: Sequence[int], infinite: bool, dtype: Any) -> Array:
    """``table[u, m]``: ways to draw ``m`` cards of value ``u``."""
    return np.array(
        [[_draws(n, m, infinite) for m in range(CARDS_PER_DEAL + 1)] for n in values], dtype=dtype
    )


def _pads(size: int, infinite: bool, dtype: Any) -> Array:
    """``pads[k]``: ways to deal the unused cards after a deal of ``k`` cards."""
    return np.array(
        [
            _draws(size if infinite else size - k, CARDS_PER_DEAL - k, infinite)
            for k in range(CARDS_PER_DEAL + 1)
        ],
        dtype=dtype,
    )


def _multiset_weights(table: Array, pads: Array) -> Array:
    """Ways to deal each value multiset, padded to six cards."""
    structure = _structure()
    multisets = structure.multisets
    weights = pads[structure.multiset_sizes]
    for u in range(10):
        weights *= table[u, multisets[:, u]]
    return weights


def _pair_sums(shoe: Shoe, infinite: bool) -> dict[str, list[int]]:
    """Per value: ways to draw a pair of one rank / identical cards, and both hands' pairs alike."""
    rank_counts = shoe.rank_counts()
    cards = shoe.card_counts
    by_value_ranks: list[list[int]] = [[] for _ in range(10)]
    by_value_cards: list[list[list[int]]] = [[] for _ in range(10)]
    for r in range(13):
        by_value_ranks[_VALUE_OF_RANK_INDEX[r]].append(rank_counts[r])
        by_value_cards[_VALUE_OF_RANK_INDEX[r]].append(list(cards[4 * r : 4 * r + 4]))

    def ff(n: int, m: int) -> int:
        return _draws(n, m, infinite)

    def less(n: int, k: int) -> int:
        return n if infinite else n - k

    sums: dict[str, list[int]] = {"R": [], "I": [], "RR": [], "II": [], "IR": []}
    for v in range(10):
        ranks = by_value_ranks[v]
        suits = [c for rank_cards in by_value_cards[v] for c in rank_cards]
        same_rank = sum(ff(n, 2) for n in ranks)
        identical = sum(ff(c, 2) for c in suits)
        sums["R"].append(same_rank)
        sums["I"].append(identical)
        # Both hands' first two cards of value v: a pair of rank r for one, of rank s for the other.
        sums["RR"].append(
            sum(ff(n, 2) * ff(m, 2) for i, n in enumerate(ranks) for j, m in enumerate(ranks) if i != j)
            + sum(ff(n, 4) for n in ranks)
        )
        sums["II"].append(
            sum(ff(c, 2) * ff(d, 2) for i, c in enumerate(suits) for j, d in enumerate(suits) if i != j)
            + sum(ff(c, 4) for c in suits)
        )
        # One hand identical cards x, x; the other a pair of one rank drawn after them.
        mixed = 0
        for rank_index, rank_cards in enumerate(by_value_cards[v]):
            for c in rank_cards:
                if c >= 2 or infinite:
                    after = sum(ff(less(n, 2) if j == rank_index else n, 2) for j, n in enumerate(ranks))
                    mixed += ff(c, 2) * after
        sums["IR"].append(mixed)
    return sums


@dataclass(frozen=True)
class _ShoeCounts:
    """The counts of one shoe: each deal class, and each class by the first-two-card matches."""

    total: int
    infinite: bool
    weights: Array  # (Q,) padded ways to deal each value multiset
    by_class: Array  # (C,)
    by_class_first_two: Array | None  # (C, 3, 3)
    shoe: Shoe | None = None


def _evaluate(shoe: Shoe, first_two: bool) -> _ShoeCounts:
    """Count every deal class of a shoe (and its first-two-card matches when asked)."""
    _check_shoe(shoe)
    structure = _structure()
    infinite = shoe.is_infinite
    size = shoe.size
    dtype = _dtype(size)
    values = value_counts(shoe)
    table = _draw_table(values, infinite, dtype)
    pads = _pads(size, infinite, dtype)
    plain = _multiset_weights(table, pads)
    per_entry = structure.value_entry_sequences.astype(dtype) * plain[structure.value_entry_multiset]
    by_class = np.add.reduceat(per_entry, structure.value_class_starts)
    total = _draws(size, CARDS_PER_DEAL, infinite)
    if not first_two:
        return _ShoeCounts(total, infinite, plain, by_class, None, shoe)

    # Cumulative counts C[a][b] (a, b in any / same rank / identical) for each extended multiset.
    # Removing a hand's first two cards of value v divides a multiset's ways by ff(n_v, 2) (by
    # ff(n_v, 4) for both hands' of one value): ff(n, m) = ff(n, 2) ff(n - 2, m - 2), a power in an
    # infinite shoe.  A zero divisor means no such pair, whose count the pair sums make zero.
    q = structure.extended_multiset
    player_value = structure.pair_values[:, 0]
    banker_value = structure.pair_values[:, 1]
    has_player, has_banker = player_value >= 0, banker_value >= 0
    player_safe = np.where(has_player, player_value, 0)
    banker_safe = np.where(has_banker, banker_value, 0)
    same_value = has_player & has_banker & (player_value == banker_value)
    two = np.where(table[:, 2] == 0, 1, table[:, 2])
    four = np.where(table[:, 4] == 0, 1, table[:, 4])
    base_any = plain[q]
    zero = np.zeros(len(q), dtype=dtype)
    base_player = np.where(has_player, base_any // two[player_safe], zero)
    base_banker = np.where(has_banker, base_any // two[banker_safe], zero)
    both_divisor = np.where(same_value, four[player_safe], two[player_safe] * two[banker_safe])
    base_both = np.where(has_player & has_banker, base_any // both_divisor, zero)

    sums = {key: np.array(value, dtype=dtype) for key, value in _pair_sums(shoe, infinite).items()}
    cumulative: dict[tuple[str, str], Array] = {("A", "A"): base_any}
    for a in ("R", "I"):
        cumulative[a, "A"] = sums[a][player_safe] * base_player
        cumulative["A", a] = sums[a][banker_safe] * base_banker
    for a in ("R", "I"):
        for b in ("R", "I"):
            joint = sums["II" if a == b == "I" else "RR" if a == b else "IR"][player_safe]
            apart = sums[a][player_safe] * sums[b][banker_safe]
            cumulative[a, b] = np.where(same_value, joint, apart) * base_both
    bounds = {FirstTwo.UNPAIRED: ("A", "R"), FirstTwo.PAIR: ("R", "I"), FirstTwo.IDENTICAL: ("I", None)}

    def level(a: str | None, b: str | None) -> Array:
        return zero if a is None or b is None else cumulative[a, b]

    exact = np.zeros((len(q), 3, 3), dtype=dtype)
    for i, player_match in enumerate(_FIRST_TWO):
        ph, pl = bounds[player_match]
        for j, banker_match in enumerate(_FIRST_TWO):
            bh, bl = bounds[banker_match]
            exact[:, i, j] = level(ph, bh) - level(pl, bh) - level(ph, bl) + level(pl, bl)
    # Every deal counts as unpaired/unpaired at first; the deals that can hold a pair move the
    # difference between their refined and their plain counts.
    exact[:, 0, 0] -= base_any
    per_entry_9 = structure.entry_sequences.astype(dtype)[:, None, None] * exact[structure.entry_extended]
    by_class_first_two = np.zeros((len(by_class), 3, 3), dtype=dtype)
    by_class_first_two[:, 0, 0] = by_class
    by_class_first_two[structure.paired_classes] += np.add.reduceat(
        per_entry_9, structure.class_starts, axis=0
    )
    return _ShoeCounts(total, infinite, plain, by_class, by_class_first_two, shoe)


# --- bets ---------------------------------------------------------------------------------------


_CLASSES, _MATCHES, _FIRST_VALUES, _FIRST_CARDS = 0, 1, 2, 3
"""How finely a bet's deals are resolved: deal classes; each class by both hands' first-two
matches (3 x 3); each class by its first four cards' values (100 value sequences); each class by
its first four cards (sets of cards told apart by what the rule reads, :func:`_card_parts`)."""


def _resolution(bet: Bet) -> int:
    if bet.first_cards:
        return _FIRST_CARDS
    return _FIRST_VALUES if bet.first_values else _MATCHES if bet.first_two else _CLASSES


@functools.cache
def _outcome_index(bet: Bet) -> Array:
    """The outcome (index into ``bet.pays``) of every deal class, of every (class, match, match),
    or of every (class, first four values)."""
    resolution = _resolution(bet)
    outcome = _decide(bet, resolution)
    if resolution == _MATCHES:
        return outcome.reshape(-1, 3, 3)
    return outcome.reshape(-1, 100) if resolution == _FIRST_VALUES else outcome


@functools.cache
def _first_value_multisets() -> tuple[Array, Array]:
    """For each deal class, the 100 value sequences of the first four cards (player, banker,
    player, banker) that give its two-card totals, as rows ``(C, 100, 4)``, and the value
    multiset of each whole deal ``(C, 100)``: one value sequence each."""
    structure = _structure()
    sequences = np.stack([axis.reshape(-1) for axis in np.indices((10, 10, 10, 10))], axis=1)
    p1, b1, p2, b2 = sequences.T
    order = np.argsort(((p1 + p2) % 10) * 10 + (b1 + b2) % 10, kind="stable").reshape(100, 100)
    player, banker, _, _, p3, b3 = structure.class_columns.T
    two_card = ((player - np.maximum(p3, 0)) % 10) * 10 + (banker - np.maximum(b3, 0)) % 10
    members = order[two_card]  # (C, 100): every pair of totals has 100 sequences
    third = np.where(p3 >= 0, _POWERS[np.maximum(p3, 0)], 0) + np.where(
        b3 >= 0, _POWERS[np.maximum(b3, 0)], 0
    )
    codes = _POWERS[sequences].sum(axis=1)[members] + third[:, None]
    multiset = np.searchsorted(structure.multisets @ _POWERS, codes)
    return sequences[members], multiset


@functools.cache
def _rows(resolution: int) -> Array:
    """Every deal class, every (class, player match, banker match) or every (class, first four
    values), coded as a row with one column per field of :class:`Deal` (-1 for ``None``; the
    first values take two columns each), as small integers (int8: fields stay below 10, and
    fewer bytes are faster to build and sort)."""
    columns = _structure().class_columns.astype(np.int8)
    if resolution == _CLASSES:
        return np.hstack([columns, np.full((len(columns), 6), -1, dtype=np.int8)])
    if resolution == _MATCHES:
        matches = np.stack([axis.reshape(-1) for axis in np.indices((3, 3), dtype=np.int8)], axis=1)
        return np.hstack(
            [
                np.repeat(columns, 9, axis=0),
                np.tile(matches, (len(columns), 1)),
                np.full((9 * len(columns), 4), -1, dtype=np.int8),
            ]
        )
    values = _first_value_multisets()[0].reshape(-1, 4).astype(np.int8)
    return np.hstack(
        [
            np.repeat(columns, 100, axis=0),
            np.full((len(values), 2), -1, dtype=np.int8),
            values[:, [0, 2, 1, 3]],
        ]
    )


_CARD_FIELDS: tuple[str, ...] = ("player_first_cards", "banker_first_cards")
"""Fields of :class:`Deal` holding cards: a rule's reads of them are recorded by the cards."""

_DEAL_FIELDS: tuple[str, ...] = tuple(
    field.name for field in dataclasses.fields(Deal) if field.name not in _CARD_FIELDS
)

_DERIVED: tuple[str, ...] = ("winner", "player_natural", "banker_natural", "natural", "margin", "cards_dealt")
"""Properties of :class:`Deal` that take few values: a rule reading one of them is told apart
only by its value, not by the fields it is computed from."""

_TWO_COLUMNS = frozenset({"player_first_values", "banker_first_values"})

_COLUMNS: dict[str, tuple[int, ...]] = {}
for _name in _DEAL_FIELDS + _DERIVED:
    _start = sum(len(columns) for columns in _COLUMNS.values())
    _COLUMNS[_name] = (_start, _start + 1) if _name in _TWO_COLUMNS else (_start,)
"""The columns of each field and property of :class:`Deal` in :func:`_keys`."""

_WHOLE_DEAL = frozenset({"__dict__", "__getstate__", "__reduce__", "__reduce_ex__"})
"""Names through which a rule could read every field at once."""


@functools.cache
def _keys(resolution: int) -> Array:
    """The rows of :func:`_rows` with a column for each of :data:`_DERIVED` appended."""
    rows = _rows(resolution)
    player, banker, player_cards, banker_cards = rows[:, :4].T
    player_natural = (player_cards == 2) & (player >= 8)
    banker_natural = (banker_cards == 2) & (banker >= 8)
    winner = np.where(player > banker, 0, np.where(banker > player, 1, 2))
    derived = (
        winner,
        player_natural,
        banker_natural,
        player_natural | banker_natural,
        np.abs(player - banker),
        player_cards + banker_cards,
    )
    return np.hstack([rows, np.stack(derived, axis=1).astype(np.int8)])


class _RecordingDeal(Deal):
    """A deal that records what a rule reads: the fields and the :data:`_DERIVED` properties it
    asks for (a property is recorded as itself, not as the fields it reads in turn)."""

    def __getattribute__(self, name: str) -> Any:
        if name in _COLUMNS or name in _WHOLE_DEAL:
            inside: list[int] = object.__getattribute__(self, "_inside")
            if not inside[0]:
                read: set[str] = object.__getattribute__(self, "_read")
                read.update(_DEAL_FIELDS if name in _WHOLE_DEAL else (name,))
                if name in _WHOLE_DEAL:
                    object.__getattribute__(self, "_read_cards").update(range(8))
            if name in _DERIVED:
                inside[0] += 1
                try:
                    return object.__getattribute__(self, name)
                finally:
                    inside[0] -= 1
        return object.__getattribute__(self, name)


def _traced(
    bet: Bet,
    row: Sequence[int],
    positions: Mapping[str, int],
    cards: Sequence[int] | None = None,
    card_reads: set[int] | None = None,
) -> tuple[int, frozenset[int]]:
    """The outcome of a bet for the deal coded by ``row``, and the columns its rule read.

    With ``cards`` (the indices of the first four cards, in the order dealt) the deal holds them
    as cards, and what the rule reads of them is added to ``card_reads`` (:class:`_RecordingCard`).
    """
    card_fields: dict[str, Any] = {}
    if cards is not None:
        reads = card_reads if card_reads is not None else set()
        dealt = [_RecordingCard.make(index, position, reads) for position, index in enumerate(cards)]
        card_fields = {
            "player_first_cards": (dealt[0], dealt[2]),
            "banker_first_cards": (dealt[1], dealt[3]),
        }
    player_total, banker_total, player_cards, banker_cards, player_third, banker_third = row[:6]
    player_match, banker_match = (None if x < 0 else _FIRST_TWO[x] for x in row[6:8])
    player_values = None if row[8] < 0 else (row[8], row[9])
    banker_values = None if row[10] < 0 else (row[10], row[11])
    deal = _RecordingDeal(
        player_total,
        banker_total,
        player_cards,
        banker_cards,
        None if player_third < 0 else player_third,
        None if banker_third < 0 else banker_third,
        player_match,
        banker_match,
        player_values,
        banker_values,
        **card_fields,
    )
    read: set[str] = set()
    object.__setattr__(deal, "_read", read)
    object.__setattr__(deal, "_inside", [0])
    object.__setattr__(deal, "_read_cards", card_reads if card_reads is not None else set())
    name = bet.rule(deal)
    if name not in positions:
        raise OptionError(
            f"the rule of bet {bet.name!r} gave outcome {name!r}, which is not in its pay table "
            f"({', '.join(bet.outcomes())})"
        )
    return positions[name], frozenset(column for field in read for column in _COLUMNS[field])


def _decide(bet: Bet, resolution: int) -> Array:
    """The outcome of a bet for every row of :func:`_rows`.

    The rule is called once for each set of deals it cannot tell apart, not once per deal: it is
    called on one deal of a set and what it read is recorded (fields, or properties such as
    ``winner``); every deal that agrees with it on those is handed the same values, so has the
    same outcome (a rule is a function of the deal), and the set is split by them, each part
    decided the same way.  A rule on the winner alone is called three times.
    """
    keys = _keys(resolution)
    positions = {name: i for i, name in enumerate(bet.outcomes())}
    decided: list[Array] = []
    outcomes: list[int] = []
    # Sets of deals that agree on the columns ``known``, each with the traced outcome of its first.
    pending = [(np.arange(len(keys)), frozenset[int](), _traced(bet, keys[0].tolist(), positions))]
    while pending:
        members, known, traced = pending.pop()
        if traced[1] <= known:
            decided.append(members)
            outcomes.append(traced[0])
            continue
        known = known | traced[1]
        columns = tuple(sorted(known))
        if len(members) == len(keys):
            ordered, bounds = _split_all(resolution, columns)
        else:
            ordered, bounds = _split(keys, members, columns)
        for start, stop in itertools.pairwise(bounds):
            part = ordered[start:stop]
            # A stable sort keeps the traced deal first in its part.
            again = traced if part[0] == members[0] else _traced(bet, keys[part[0]].tolist(), positions)
            pending.append((part, known, again))
    outcome = np.empty(len(keys), dtype=np.int64)
    outcome[np.concatenate(decided)] = np.repeat(outcomes, [len(part) for part in decided])
    return outcome


def _split(keys: Array, members: Array, columns: tuple[int, ...]) -> tuple[Array, list[int]]:
    """``members`` stably ordered by their values in ``columns``, and where each value starts."""
    values = keys[np.ix_(members, np.array(columns, dtype=np.int64))]
    order = np.lexsort(values.T[::-1])
    changes = np.flatnonzero((np.diff(values[order], axis=0) != 0).any(axis=1)) + 1
    return members[order], [0, *changes.tolist(), len(members)]


@functools.cache
def _split_all(resolution: int, columns: tuple[int, ...]) -> tuple[Array, list[int]]:
    """:func:`_split` of every row, shared by the bets (most first read the same fields)."""
    keys = _keys(resolution)
    return _split(keys, np.arange(len(keys)), columns)


def _bet_counts(bet: Bet, counts: _ShoeCounts) -> list[int]:
    """Padded count of every outcome of a bet."""
    if bet.first_cards:
        assert counts.shoe is not None
        return _first_card_counts(bet, counts.shoe)
    index = _outcome_index(bet)
    if bet.first_values:
        ways = counts.weights[_first_value_multisets()[1]]
        return [int(ways[index == o].sum()) for o in range(len(bet.pays))]
    source = counts.by_class_first_two if bet.first_two else counts.by_class
    assert source is not None
    return [int(source[index == o].sum()) for o in range(len(bet.pays))]


# --- rules on the first four cards --------------------------------------------------------------


class _RecordingCard(Card):
    """A card of the first four that records what a rule reads of it: its rank (column ``2 p``)
    or its suit (``2 p + 1``), ``p`` its place in the order dealt.  Anything read through both (the
    index, the text, equality, hashing, ordering) records both.  It equals and hashes as the
    plain card of the same rank and suit."""

    @classmethod
    def make(cls, index: int, position: int, reads: set[int]) -> _RecordingCard:
        plain = Card.from_index(index)
        card = object.__new__(cls)
        object.__setattr__(card, "rank", plain.rank)
        object.__setattr__(card, "suit", plain.suit)
        object.__setattr__(card, "_position", position)
        object.__setattr__(card, "_reads", reads)
        return card

    def __getattribute__(self, name: str) -> Any:
        if name in ("rank", "suit", "__dict__", "__getstate__", "__reduce__", "__reduce_ex__"):
            position: int = object.__getattribute__(self, "_position")
            reads: set[int] = object.__getattribute__(self, "_reads")
            if name == "rank":
                reads.add(2 * position)
            elif name == "suit":
                reads.add(2 * position + 1)
            else:
                reads.update((2 * position, 2 * position + 1))
        return object.__getattribute__(self, name)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.rank, self.suit) == (other.rank, other.suit)

    def __hash__(self) -> int:
        return hash((self.rank, self.suit))


_CARD_VALUES = np.array([_VALUE_OF_RANK_INDEX[index // 4] for index in range(52)], dtype=np.int64)


def _set_partitions(items: tuple[int, ...]) -> list[list[tuple[int, ...]]]:
    """Every partition of ``items`` into blocks."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    partitions = []
    for partition in _set_partitions(rest):
        partitions.append([(first,), *partition])
        for i, block in enumerate(partition):
            partitions.append([*partition[:i], (first, *block), *partition[i + 1 :]])
    return partitions


_POSITION_PARTITIONS: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...] = tuple(
    (
        int(np.prod([(-1) ** (len(block) - 1) * np.prod(range(1, len(block))) for block in partition])),
        tuple(partition),
    )
    for partition in _set_partitions((0, 1, 2, 3))
)
"""The 15 partitions of the first four places with their Moebius weights: summed over the cards
allowed at each place, ``prod_c ff(n_c, k_c) = sum_pi mu(pi) prod_{block} n_{card of block}``
(cards equal within each block), so the ordered draws of four cards from given sets are a sum of
products over blocks of the cards allowed at every place of the block."""


_CardPart = tuple[int, Array, tuple[Array, ...]]


@functools.cache
def _card_parts(bet: Bet) -> tuple[_CardPart, ...]:
    """The deals of a ``first_cards`` bet split into parts of one outcome each.

    A deal is a row of :func:`_rows` at first-value resolution (a class and its first four values)
    and a card of each of those values at each of the four places.  A part is ``(outcome, rows,
    cards)``: every row with, at each place, any card of ``cards[place]`` of the row's value there.
    As in :func:`_decide`, the rule is called on one deal of a part and the part is split by what
    it read (fields, and the rank or suit of each card) until every part agrees on all it reads.
    """
    keys = _keys(_FIRST_VALUES)
    sequences = _first_value_multisets()[0].reshape(-1, 4)
    positions = {name: i for i, name in enumerate(bet.outcomes())}
    every_card = np.arange(52, dtype=np.int64)

    def trace(rows: Array, cards: tuple[Array, ...]) -> tuple[int, frozenset[int], frozenset[int]]:
        row = int(rows[0])
        chosen = [int(c[_CARD_VALUES[c] == sequences[row, p]][0]) for p, c in enumerate(cards)]
        card_reads: set[int] = set()
        outcome, read = _traced(bet, keys[row].tolist(), positions, chosen, card_reads)
        return outcome, read, frozenset(card_reads)

    def card_groups(cards: Array, by_rank: bool, by_suit: bool) -> list[Array]:
        if not by_rank and not by_suit:
            return [cards]
        key = (cards // 4 if by_rank else 0) * 4 + (cards % 4 if by_suit else 0)
        return [cards[key == k] for k in np.unique(key)]

    decided: list[_CardPart] = []
    pending: list[tuple[Array, tuple[Array, ...], frozenset[int], frozenset[int]]] = [
        (np.arange(len(keys)), (every_card,) * 4, frozenset(), frozenset())
    ]
    while pending:
        rows, cards, known, known_cards = pending.pop()
        outcome, read, read_cards = trace(rows, cards)
        if read <= known and read_cards <= known_cards:
            decided.append((outcome, rows, cards))
            continue
        known, known_cards = known | read, known_cards | read_cards
        row_parts = [rows]
        if known:
            ordered, bounds = _split(keys, rows, tuple(sorted(known)))
            row_parts = [ordered[a:b] for a, b in itertools.pairwise(bounds)]
        groups = [card_groups(cards[p], 2 * p in known_cards, 2 * p + 1 in known_cards) for p in range(4)]
        for row_part in row_parts:
            values = sequences[row_part]
            for combination in itertools.product(*groups):
                keep = np.ones(len(row_part), dtype=bool)
                for p, group in enumerate(combination):
                    if len(group) != len(cards[p]):
                        allowed = np.zeros(10, dtype=bool)
                        allowed[_CARD_VALUES[group]] = True
                        keep &= allowed[values[:, p]]
                if keep.any():
                    pending.append((row_part[keep], combination, known, known_cards))
    return tuple(decided)


@functools.cache
def _first_card_rows() -> tuple[Array, Array, Array, Array]:
    """For each row of :func:`_rows` at first-value resolution: the multiplicity of each value
    among its first four cards ``(R, 10)``, its player and banker third cards (-1 for none) and
    the number of cards dealt."""
    sequences = _first_value_multisets()[0].reshape(-1, 4)
    first_four = np.stack([(sequences == v).sum(axis=1) for v in range(10)], axis=1)
    columns = np.repeat(_structure().class_columns, 100, axis=0)
    return first_four, columns[:, 4], columns[:, 5], columns[:, 2] + columns[:, 3]


@functools.cache
def _first_card_sequence_codes() -> Array:
    """For each row of :func:`_rows` at first-value resolution, its first four values (in the
    order dealt) coded as ``1000 p1 + 100 b1 + 10 p2 + b2``."""
    sequences = _first_value_multisets()[0].reshape(-1, 4)
    code: Array = sequences @ np.array([1000, 100, 10, 1], dtype=np.int64)
    return code


@functools.cache
def _card_tables(bet: Bet) -> tuple[Array, Array, Array, Array, Array, tuple[int, ...]]:
    """The parts of a ``first_cards`` bet flattened for counting: the cards allowed at each place
    of each part ``(P, 4, 52)``; the distinct (part, first four values) pairs as part and value
    code; every (row, pair) of every part, sorted by outcome, and where each outcome ends."""
    parts = _card_parts(bet)
    code = _first_card_sequence_codes()
    masks = np.zeros((len(parts), 4, 52), dtype=bool)
    pair_part, pair_code, row_pair, row_index, row_outcome = [], [], [], [], []
    offset = 0
    for k, (outcome, rows, cards) in enumerate(parts):
        for place, group in enumerate(cards):
            masks[k, place, group] = True
        unique, inverse = np.unique(code[rows], return_inverse=True)
        pair_part.append(np.full(len(unique), k, dtype=np.int64))
        pair_code.append(unique)
        row_pair.append(offset + inverse.reshape(-1))
        row_index.append(rows)
        row_outcome.append(np.full(len(rows), outcome, dtype=np.int64))
        offset += len(unique)
    outcomes = np.concatenate(row_outcome)
    order = np.argsort(outcomes, kind="stable")
    ends = tuple(int(e) for e in np.searchsorted(outcomes[order], np.arange(len(bet.pays)), side="right"))
    return (
        masks,
        np.concatenate(pair_part),
        np.concatenate(pair_code),
        np.concatenate(row_pair)[order],
        np.concatenate(row_index)[order],
        ends,
    )


def _first_card_counts(bet: Bet, shoe: Shoe) -> list[int]:
    """Padded count of every outcome of a ``first_cards`` bet, by the counting identity at two
    resolutions: the first four cards are drawn in ``prod_c ff(n_c, k_c)`` ways over the 52 cards
    (:data:`_POSITION_PARTITIONS` sums that over the cards of a part), the third cards of values
    ``t`` after them in ``prod_v ff(n_v - k_v, t_v)`` ways, then the unused cards."""
    infinite = shoe.is_infinite
    dtype = _dtype(shoe.size)
    n = np.array(shoe.card_counts, dtype=dtype)
    values = np.array(value_counts(shoe), dtype=dtype)
    first_four, p3, b3, dealt = _first_card_rows()
    rest = _pads(shoe.size, infinite, dtype)[dealt]
    row = np.arange(len(p3))
    player_left = values[np.maximum(p3, 0)] - (0 if infinite else first_four[row, np.maximum(p3, 0)])
    banker_left = values[np.maximum(b3, 0)] - (
        0 if infinite else first_four[row, np.maximum(b3, 0)] + (p3 == b3)
    )
    rest = rest * np.where(p3 >= 0, np.maximum(player_left, 0), 1).astype(dtype)
    rest = rest * np.where(b3 >= 0, np.maximum(banker_left, 0), 1).astype(dtype)
    masks, pair_part, pair_code, row_pair, row_index, ends = _card_tables(bet)
    first = np.stack([pair_code // 1000, pair_code // 100 % 10, pair_code // 10 % 10, pair_code % 10], axis=1)
    by_value = np.zeros((52, 10), dtype=dtype)
    by_value[np.arange(52), _CARD_VALUES] = n
    # For each block of places: the cards of its value allowed at all of them, for each pair.
    blocks: dict[tuple[int, ...], Array] = {}
    # An infinite shoe draws with replacement: ``n_c ** k_c``, the partition into single places.
    partitions = tuple(p for p in _POSITION_PARTITIONS if len(p[1]) == 4 or not infinite)
    ways = np.zeros(len(pair_code), dtype=dtype)
    for weight, partition in partitions:
        term = np.full(len(pair_code), weight, dtype=dtype)
        for block in partition:
            if block not in blocks:
                common = np.logical_and.reduce([masks[:, p, :] for p in block]).astype(dtype)
                allowed = (common @ by_value)[pair_part, first[:, block[0]]]
                same = np.logical_and.reduce([first[:, p] == first[:, block[0]] for p in block])
                blocks[block] = np.where(same, allowed, 0).astype(dtype)
            term = term * blocks[block]
        ways = ways + term
    each = ways[row_pair] * rest[row_index]
    return [int(each[a:b].sum()) for a, b in itertools.pairwise((0, *ends))]


def _main_result(deal: Deal, side: str) -> str:
    winner = deal.winner
    return "tie" if winner == "tie" else ("win" if winner == side else "lose")


def _player_rule(deal: Deal) -> str:
    return _main_result(deal, "player")


def _banker_rule(deal: Deal) -> str:
    return _main_result(deal, "banker")


def _no_commission_rule(deal: Deal) -> str:
    result = _main_result(deal, "banker")
    return "win with 6" if result == "win" and deal.banker_total == 6 else result


def _ez_banker_rule(deal: Deal) -> str:
    result = _main_result(deal, "banker")
    return (
        "win with three-card 7"
        if result == "win" and deal.banker_cards == 3 and deal.banker_total == 7
        else result
    )


def _tie_rule(deal: Deal) -> str:
    return "tie" if deal.winner == "tie" else "no tie"


def _pair_rule(first_two: Callable[[Deal], FirstTwo | None]) -> Callable[[Deal], str]:
    def rule(deal: Deal) -> str:
        match = first_two(deal)
        return "pair" if match is not None and match.is_pair else "no pair"

    return rule


def _either_pair_rule(deal: Deal) -> str:
    pairs = [m for m in (deal.player_first_two, deal.banker_first_two) if m is not None and m.is_pair]
    return "pair" if pairs else "no pair"


def _perfect_pair_rule(deal: Deal) -> str:
    perfect = [deal.player_first_two, deal.banker_first_two].count(FirstTwo.IDENTICAL)
    return ("no perfect pair", "one perfect pair", "two perfect pairs")[perfect]


def _dragon_rule(side: str) -> Callable[[Deal], str]:
    def rule(deal: Deal) -> str:
        natural = deal.player_natural if side == "player" else deal.banker_natural
        if deal.winner == side:
            return "natural win" if natural else f"win by {deal.margin}" if deal.margin >= 4 else "lose"
        if deal.winner == "tie" and deal.natural:
            return "natural tie"
        return "lose"

    return rule


def _dragon_7_rule(deal: Deal) -> str:
    return "win" if deal.winner == "banker" and deal.banker_cards == 3 and deal.banker_total == 7 else "lose"


def _panda_8_rule(deal: Deal) -> str:
    return "win" if deal.winner == "player" and deal.player_cards == 3 and deal.player_total == 8 else "lose"


def _big_rule(deal: Deal) -> str:
    return "five or six cards" if deal.cards_dealt >= 5 else "four cards"


def _small_rule(deal: Deal) -> str:
    return "four cards" if deal.cards_dealt == 4 else "five or six cards"


_DRAGON_PAYS: dict[str, int | str | Rational] = {
    "win by 9": 30,
    "win by 8": 10,
    "win by 7": 6,
    "win by 6": 4,
    "win by 5": 2,
    "win by 4": 1,
    "natural win": 1,
    "natural tie": 0,
    "lose": -1,
}


@functools.cache
def built_in_bets(
    commission: Rational = DEFAULT_COMMISSION, tie_pays: Rational = DEFAULT_TIE_PAYS
) -> dict[str, Bet]:
    """Every built-in bet by name, with the banker commission (a fraction) and the tie pay.

    >>> list(built_in_bets())[:4]
    ['player', 'banker', 'banker_no_commission', 'ez_banker']
    >>> built_in_bets(Rational(1, 25))["banker"].pay("win")
    24/25
    """
    win_lose_tie: dict[str, int | str | Rational] = {"win": 1, "lose": -1, "tie": 0}
    pair_pays: dict[str, int | str | Rational] = {"pair": 11, "no pair": -1}
    bets = [
        Bet.define("player", _player_rule, win_lose_tie, description="player wins, 1 to 1; a tie pushes"),
        Bet.define(
            "banker",
            _banker_rule,
            {"win": 1 - commission, "lose": -1, "tie": 0},
            description=f"banker wins, 1 to 1 less {percent_text(commission, 2)} commission; a tie pushes",
        ),
        Bet.define(
            "banker_no_commission",
            _no_commission_rule,
            {"win with 6": Rational(1, 2), "win": 1, "lose": -1, "tie": 0},
            description="banker wins, 1 to 1, but a win with a total of 6 pays 1 to 2; a tie pushes",
        ),
        Bet.define(
            "ez_banker",
            _ez_banker_rule,
            {"win with three-card 7": 0, "win": 1, "lose": -1, "tie": 0},
            description="banker wins, 1 to 1, but a win with a three-card 7 pushes; a tie pushes",
        ),
        Bet.define(
            "tie", _tie_rule, {"tie": tie_pays, "no tie": -1}, description=f"the hands tie, {tie_pays} to 1"
        ),
        Bet.define(
            "player_pair",
            _pair_rule(lambda d: d.player_first_two),
            pair_pays,
            first_two=True,
            description="the player's first two cards are the same rank, 11 to 1",
        ),
        Bet.define(
            "banker_pair",
            _pair_rule(lambda d: d.banker_first_two),
            pair_pays,
            first_two=True,
            description="the banker's first two cards are the same rank, 11 to 1",
        ),
        Bet.define(
            "either_pair",
            _either_pair_rule,
            {"pair": 5, "no pair": -1},
            first_two=True,
            description="either hand's first two cards are the same rank, 5 to 1",
        ),
        Bet.define(
            "perfect_pair",
            _perfect_pair_rule,
            {"two perfect pairs": 25, "one perfect pair": 25, "no perfect pair": -1},
            first_two=True,
            description=(
                "either hand's first two cards are identical (rank and suit), 25 to 1; the bet wins once "
                "when both hands are perfect pairs (some houses pay 200 or 250 to 1 for both)"
            ),
        ),
        Bet.define(
            "dragon_bonus_player",
            _dragon_rule("player"),
            _DRAGON_PAYS,
            description="player natural win 1 to 1, natural tie push, win by 9/8/7/6/5/4 pays 30/10/6/4/2/1",
        ),
        Bet.define(
            "dragon_bonus_banker",
            _dragon_rule("banker"),
            _DRAGON_PAYS,
            description="banker natural win 1 to 1, natural tie push, win by 9/8/7/6/5/4 pays 30/10/6/4/2/1",
        ),
        Bet.define(
            "dragon_7",
            _dragon_7_rule,
            {"win": 40, "lose": -1},
            description="banker wins with a three-card 7, 40 to 1",
        ),
        Bet.define(
            "panda_8",
            _panda_8_rule,
            {"win": 25, "lose": -1},
            description="player wins with a three-card 8, 25 to 1",
        ),
        Bet.define(
            "big",
            _big_rule,
            {"five or six cards": Rational(54, 100), "four cards": -1},
            description="five or six cards are dealt, 0.54 to 1",
        ),
        Bet.define(
            "small",
            _small_rule,
            {"four cards": Rational(3, 2), "five or six cards": -1},
            description="four cards are dealt, 1.5 to 1",
        ),
    ]
    return {bet.name: bet for bet in bets}


BUILT_IN_BET_NAMES: tuple[str, ...] = tuple(built_in_bets())
"""The names of the built-in bets, in their usual order."""


def _options(commission: Any, tie_pays: Any) -> tuple[Rational, Rational]:
    try:
        commission_value = to_rational(commission)
    except (TypeError, ValueError, sympy.SympifyError):
        raise OptionError(
            f"the commission must be a fraction from 0 to 1 (0.05 for 5%), not {commission!r}"
        ) from None
    if not 0 <= commission_value <= 1:
        raise OptionError(
            f"the commission must be from 0 to 1 as a fraction (0 to 100 percent), not {commission_value}"
        )
    try:
        tie_value = to_rational(tie_pays)
    except (TypeError, ValueError, sympy.SympifyError):
        raise OptionError(
            f"the tie pay must be a positive number (such as 8 or 9), not {tie_pays!r}"
        ) from None
    if tie_value <= 0:
        raise OptionError(f"the tie pay must be a positive number (such as 8 or 9), not {tie_value}")
    return commission_value, tie_value


def resolve_bets(
    bets: Iterable[str | Bet] | None = None,
    *,
    commission: Any = DEFAULT_COMMISSION,
    tie_pays: Any = DEFAULT_TIE_PAYS,
) -> tuple[Bet, ...]:
    """The bets to analyse: built-in names and/or :class:`Bet` objects (all built-ins if ``None``).

    >>> [b.name for b in resolve_bets(["tie", "banker"])]
    ['tie', 'banker']
    >>> resolve_bets(["lucky"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: unknown baccarat bet 'lucky': choose from player, banker, ..., big, small
    """
    known = built_in_bets(*_options(commission, tie_pays))
    if bets is None:
        return tuple(known.values())
    chosen: list[Bet] = []
    for bet in bets:
        if isinstance(bet, Bet):
            chosen.append(bet)
        elif bet in known:
            chosen.append(known[bet])
        else:
            raise OptionError(f"unknown baccarat bet {bet!r}: choose from {', '.join(known)}")
    names = [b.name for b in chosen]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise OptionError(f"each bet may be named once, but {', '.join(duplicates)} is repeated")
    if not chosen:
        raise OptionError("name at least one bet")
    return tuple(chosen)


# --- results ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BaccaratResult:
    """The exact analysis of one shoe.

    ``results`` counts player wins, banker wins and ties (``None`` for an infinite shoe, whose
    chances are in ``result_probabilities``); ``bets`` maps each bet's name to its
    :class:`~cardmath.bets.ParSheet` (``.house_edge``, ``.element_of_risk``,
    ``.standard_deviation``...).

    >>> result = analyze(Shoe.standard(8), bets=["tie"])
    >>> result.results["ties"], result.total_combinations
    (475627426473216, 4998398275503360)
    >>> sum(result.results.values()) == result.total_combinations
    True
    >>> analyze(Shoe.infinite(), bets=["tie"]).result_probabilities["ties"]
    460601/4826809
    """

    shoe: Shoe
    total_combinations: int | None
    results: dict[str, int | None]
    result_probabilities: dict[str, Rational]
    bets: dict[str, ParSheet]
    definitions: dict[str, Bet]

    def house_edge_excluding_pushes(self, name: str) -> Rational:
        """House edge per bet resolved (pushes, such as ties on player and banker, left out).

        >>> from cardmath.exact import percent_text
        >>> percent_text(analyze(Shoe.standard(8), bets=["banker"]).house_edge_excluding_pushes("banker"))
        '1.1692%'
        """
        sheet = self.bets[name]
        resolved = sum((o.probability for o in sheet.outcomes if o.pays != 0), Rational(0))
        return to_rational(sheet.house_edge / resolved)


def _par_sheet(bet: Bet, counts: Sequence[int], total: int, infinite: bool) -> ParSheet:
    return ParSheet(
        tuple(
            Outcome(
                name, pays=pay, probability=Rational(count, total), combinations=None if infinite else count
            )
            for (name, pay), count in zip(bet.pays, counts, strict=True)
        )
    )


def analyze(
    shoe: Shoe,
    *,
    commission: Any = DEFAULT_COMMISSION,
    tie_pays: Any = DEFAULT_TIE_PAYS,
    bets: Iterable[str | Bet] | None = None,
) -> BaccaratResult:
    """Every bet on one shoe, exactly.  ``commission`` is a fraction (``0.05`` is 5 percent).

    >>> result = analyze(Shoe.standard(1), bets=["player", "tie"], tie_pays=9)
    >>> result.results
    {'player_wins': 6548674432, 'banker_wins': 6737232640, 'ties': 1372227328}
    >>> percent_text(result.bets["tie"].house_edge)
    '6.3846%'
    """
    chosen = resolve_bets(bets, commission=commission, tie_pays=tie_pays)
    counts = _evaluate(shoe, any(bet.first_two for bet in chosen))
    return _result(shoe, chosen, counts)


def _winner_counts(counts: _ShoeCounts) -> dict[str, int]:
    player, banker = _structure().class_columns[:, :2].T
    winners = np.where(player > banker, 0, np.where(banker > player, 1, 2))
    return {
        name: int(counts.by_class[winners == i].sum())
        for i, name in enumerate(("player_wins", "banker_wins", "ties"))
    }


def _result(shoe: Shoe, chosen: Sequence[Bet], counts: _ShoeCounts) -> BaccaratResult:
    total = counts.total
    winners = _winner_counts(counts)
    sheets = {bet.name: _par_sheet(bet, _bet_counts(bet, counts), total, counts.infinite) for bet in chosen}
    return BaccaratResult(
        shoe=shoe,
        total_combinations=None if counts.infinite else total,
        results={k: None if counts.infinite else v for k, v in winners.items()},
        result_probabilities={k: Rational(v, total) for k, v in winners.items()},
        bets=sheets,
        definitions={bet.name: bet for bet in chosen},
    )


def _house_edge(bet: Bet, counts: Sequence[int], total: int) -> Rational:
    """``-sum(pay * count) / total`` with integer arithmetic, one Rational at the end."""
    denominator, numerators = _edge_terms(bet)
    numerator = sum(pay * count for pay, count in zip(numerators, counts, strict=True))
    return Rational(-numerator, denominator * total)


# --- many shoes at once -------------------------------------------------------------------------


@functools.cache
def _value_projection(bets: tuple[Bet, ...]) -> tuple[Array, tuple[int, ...]]:
    """``matrix[i, column]``: value sequences of the ``i``-th multiset in :func:`_multiset_groups`
    order that end in each bet's outcome."""
    structure = _structure()
    widths = tuple(len(bet.pays) for bet in bets)
    matrix = np.zeros((len(structure.multisets), sum(widths)), dtype=np.int64)
    offset = 0
    for bet, width in zip(bets, widths, strict=True):
        outcome = _outcome_index(bet)[structure.value_entry_class] + offset
        np.add.at(matrix, (structure.value_entry_multiset, outcome), structure.value_entry_sequences)
        offset += width
    return matrix[_multiset_groups()[0]], widths


_PAD_COLUMN = 10 * (CARDS_PER_DEAL + 1)
"""In a shoe's row of factors, ``ff(n_u, m)`` sits at ``7 u + m`` and the pad after ``k`` cards at
``_PAD_COLUMN + k``."""


@functools.cache
def _multiset_groups() -> tuple[Array, tuple[tuple[int, int, Array], ...]]:
    """Value multisets ordered by how many distinct values they hold, and for each such group its
    slice ``(start, stop)`` in that order and its factors: ``factors[j, i]`` is the column, in a
    shoe's row of factors, of the ``j``-th factor of the group's ``i``-th multiset (its pad first,
    then ``ff(n_u, m_u)`` for each value it holds), so a shoe's weights need only those factors."""
    structure = _structure()
    multisets = structure.multisets
    distinct = (multisets > 0).sum(axis=1)
    order = np.argsort(distinct, kind="stable")
    groups = []
    start = 0
    for k in range(1, int(distinct.max()) + 1):
        members = order[start : start + int((distinct == k).sum())]
        factors = np.array(
            [
                [_PAD_COLUMN + int(structure.multiset_sizes[q])]
                + [7 * u + int(multisets[q, u]) for u in np.flatnonzero(multisets[q])]
                for q in members
            ],
            dtype=np.intp,
        ).reshape(len(members), k + 1)
        groups.append((start, start + len(members), np.ascontiguousarray(factors.T)))
        start += len(members)
    return order, tuple(groups)


class _BatchBuffers:
    """The large arrays of a batch, allocated once and reused by every block of shoes (a fresh
    allocation per block would pay the operating system's page faults again each time)."""

    def __init__(self, shoes: int, columns: int, dtype: Any) -> None:
        order, groups = _multiset_groups()
        widest = max(stop - start for start, stop, _ in groups)
        self.factors = np.ones((shoes, _PAD_COLUMN + CARDS_PER_DEAL + 1), dtype=dtype)
        self.weights = np.empty((shoes, len(order)), dtype=dtype)
        self.gathered = np.empty(shoes * widest, dtype=dtype)
        self.result = np.empty((shoes, columns), dtype=dtype)


def _batch_counts(value_rows: Array, sizes: Array, matrix: Array, buffers: _BatchBuffers) -> Array:
    """Outcome counts (shoes x columns, a view into ``buffers``) for finite shoes given by their
    value counts; ``matrix`` is a :func:`_value_projection` in the buffers' dtype."""
    shoes = len(sizes)
    factors = buffers.factors[:shoes]
    # factors[s, 7 u + m] = ff(n[s, u], m): a factor (n - i) reaches 0 whenever m > n.
    table = factors[:, :_PAD_COLUMN].reshape(shoes, 10, CARDS_PER_DEAL + 1)
    table[:, :, 0] = 1
    for m in range(1, CARDS_PER_DEAL + 1):
        np.multiply(table[:, :, m - 1], np.maximum(value_rows - (m - 1), 0), out=table[:, :, m])
    pads = factors[:, _PAD_COLUMN:]
    pads[:] = 1
    for k in range(CARDS_PER_DEAL + 1):
        for i in range(CARDS_PER_DEAL - k):
            pads[:, k] *= np.maximum(sizes - k - i, 0)
    weights = buffers.weights[:shoes]
    for start, stop, columns in _multiset_groups()[1]:
        target = weights[:, start:stop]
        gathered = buffers.gathered[: shoes * (stop - start)].reshape(shoes, stop - start)
        np.take(factors, columns[0], axis=1, out=target, mode="clip")
        for j in range(1, len(columns)):
            np.take(factors, columns[j], axis=1, out=gathered, mode="clip")
            np.multiply(target, gathered, out=target)
    result: Array = np.matmul(weights, matrix, out=buffers.result[:shoes])
    return result


def _edge_terms(bet: Bet) -> tuple[int, tuple[int, ...]]:
    """A common denominator of a bet's pays and each pay as a numerator over it."""
    denominator = 1
    for _, pay in bet.pays:
        denominator = int(sympy.ilcm(denominator, int(pay.q)))
    return denominator, tuple(int(pay.p) * (denominator // int(pay.q)) for _, pay in bet.pays)


def analyze_many(
    shoes: Sequence[Shoe],
    *,
    commission: Any = DEFAULT_COMMISSION,
    tie_pays: Any = DEFAULT_TIE_PAYS,
    bets: Iterable[str | Bet] | None = MAIN_BET_NAMES,
    chunk: int = 64,
) -> list[dict[str, Rational]]:
    """The house edge of each bet for each of many shoes, reusing the tables (one dict per shoe).

    Bets that read only values (the main bets and most side bets) are evaluated for a block of
    shoes at once; pair bets are evaluated shoe by shoe.

    >>> shoe = Shoe.standard(8)
    >>> [percent_text(e["banker"]) for e in analyze_many([shoe, shoe.without("5s,5h,5d,5c")])]
    ['1.0579%', '1.0905%']
    """
    chosen = resolve_bets(bets, commission=commission, tie_pays=tie_pays)
    value_bets = tuple(bet for bet in chosen if _resolution(bet) == _CLASSES)
    pair_bets = tuple(bet for bet in chosen if _resolution(bet) != _CLASSES)
    edges: list[dict[str, Rational]] = [{} for _ in shoes]
    finite = [i for i, shoe in enumerate(shoes) if not shoe.is_infinite]
    for shoe in shoes:
        _check_shoe(shoe)
    if value_bets and finite:
        projection, widths = _value_projection(value_bets)
        terms = [(bet.name, *_edge_terms(bet)) for bet in value_bets]
        bounds = list(itertools.pairwise(itertools.accumulate(widths, initial=0)))
        buffers: dict[Any, tuple[_BatchBuffers, Array]] = {}
        for start in range(0, len(finite), chunk):
            block = finite[start : start + chunk]
            sizes = [shoes[i].size for i in block]
            dtype = _dtype(max(sizes))
            if dtype not in buffers:
                matrix = projection if dtype is np.int64 else projection.astype(dtype)
                buffers[dtype] = (_BatchBuffers(chunk, matrix.shape[1], dtype), matrix)
            block_buffers, matrix = buffers[dtype]
            rows = np.array([value_counts(shoes[i]) for i in block], dtype=dtype)
            counts = _batch_counts(rows, np.array(sizes, dtype=dtype), matrix, block_buffers).tolist()
            for row, i in enumerate(block):
                total = falling_factorial(sizes[row], CARDS_PER_DEAL)
                shoe_counts = counts[row]
                for (name, denominator, pays), (low, high) in zip(terms, bounds, strict=True):
                    numerator = sum(p * int(c) for p, c in zip(pays, shoe_counts[low:high], strict=True))
                    edges[i][name] = Rational(-numerator, denominator * total)
    for i, shoe in enumerate(shoes):
        remaining = pair_bets if not shoe.is_infinite else chosen
        if remaining:
            shoe_counts = _evaluate(shoe, any(bet.first_two for bet in remaining))
            for bet in remaining:
                edges[i][bet.name] = _house_edge(bet, _bet_counts(bet, shoe_counts), shoe_counts.total)
        edges[i] = {bet.name: edges[i][bet.name] for bet in chosen}
    return edges


# --- derived figures ----------------------------------------------------------------------------


def effects_of_removal(
    shoe: Shoe,
    *,
    commission: Any = DEFAULT_COMMISSION,
    tie_pays: Any = DEFAULT_TIE_PAYS,
    bets: Iterable[str | Bet] | None = None,
) -> dict[str, dict[Rank, Rational]]:
    """For each bet, the change in house edge when one card of each rank is removed.

    The removed card is of the suit with most copies left (:meth:`Shoe.without_rank`); only the
    perfect pair depends on the suit.  Ranks with no card left are omitted.

    >>> eor = effects_of_removal(Shoe.standard(8), bets=["banker"])
    >>> percent_text(eor["banker"][Rank.FIVE], 5)
    '0.00827%'
    """
    if shoe.is_infinite:
        raise ShoeError("effects of removal need a finite shoe: an infinite shoe does not change")
    chosen = resolve_bets(bets, commission=commission, tie_pays=tie_pays)
    first_two = any(bet.first_two for bet in chosen)
    base_counts = _evaluate(shoe, first_two)
    base = {bet.name: _house_edge(bet, _bet_counts(bet, base_counts), base_counts.total) for bet in chosen}
    effects: dict[str, dict[Rank, Rational]] = {bet.name: {} for bet in chosen}
    rank_counts = shoe.rank_counts()
    for rank in Rank:
        if rank_counts[rank.index] == 0:
            continue
        smaller = shoe.without_rank(rank)
        if smaller.size < MINIMUM_CARDS:
            continue
        counts = _evaluate(smaller, first_two)
        for bet in chosen:
            effects[bet.name][rank] = (
                _house_edge(bet, _bet_counts(bet, counts), counts.total) - base[bet.name]
            )
    return effects


@functools.cache
def _value_table(bet: Bet) -> OutcomeTable[str]:
    """The bet as an :class:`~cardmath.enumeration.OutcomeTable` over value multisets."""
    structure = _structure()
    outcome = _outcome_index(bet)[structure.value_entry_class]
    entries: dict[str, dict[tuple[tuple[int, int], ...], int]] = {name: {} for name in bet.outcomes()}
    for o, q, n in zip(outcome, structure.value_entry_multiset, structure.value_entry_sequences, strict=True):
        multiset = tuple((u, int(m)) for u, m in enumerate(structure.multisets[q]) if m)
        by_multiset = entries[bet.pays[int(o)][0]]
        by_multiset[multiset] = by_multiset.get(multiset, 0) + int(n)
    return OutcomeTable(CARDS_PER_DEAL, entries)


def _first_two_polynomials(bet: Bet) -> tuple[Any, ...]:
    """The count of each outcome of a bet that reads the first two cards (their matches or their
    values), as a polynomial in the number of decks ``d``.

    In ``d`` standard decks a value holds ``n_v`` = 4 d or 16 d cards, a rank ``n_r = 4 d`` and
    a card ``n_c = d``; a count is a sum of products of a pad ``ff(52 d - k, 6 - k)`` and falling
    factorials whose orders add up to ``k``, the pair refinements replacing ``ff(n_v, 2)`` by sums
    of ``ff(n_r, 2)`` or ``ff(n_c, 2)`` of the same order.  So every count is a polynomial of
    degree at most six in ``d`` (a falling factorial is zero exactly where its polynomial is, so
    it holds from ``d = 1``), and its exact counts for 1 to 7 decks determine it.
    """
    points = range(1, CARDS_PER_DEAL + 2)
    counts = [_bet_counts(bet, _evaluate(Shoe.standard(decks), True)) for decks in points]
    return tuple(
        sympy.interpolate([(decks, row[o]) for decks, row in zip(points, counts, strict=True)], DECKS)
        for o in range(len(bet.pays))
    )


def closed_form(
    bet: str | Bet, *, commission: Any = DEFAULT_COMMISSION, tie_pays: Any = DEFAULT_TIE_PAYS
) -> tuple[Any, Rational]:
    """The house edge of a bet as an exact rational function of the number of decks ``d``, and its
    limit as ``d`` grows (the infinite-deck house edge).

    Every bet is covered, those on the deal classes from the value tables, those reading the
    first two cards (the pairs, or rules with ``first_values=True``) from their counts in 1 to 7
    decks, which determine them (:func:`_first_two_polynomials`).

    >>> expression, limit = closed_form("tie")
    >>> percent_text(expression.subs(DECKS, 8)), percent_text(limit)
    ('14.3596%', '14.1170%')
    >>> expression, limit = closed_form("player_pair")
    >>> percent_text(expression.subs(DECKS, 8)), percent_text(limit)
    ('10.3614%', '7.6923%')
    """
    (chosen,) = resolve_bets([bet], commission=commission, tie_pays=tie_pays)
    per_deck = value_counts(Shoe.standard(1))
    if _resolution(chosen) != _CLASSES:
        polynomials = dict(zip(chosen.outcomes(), _first_two_polynomials(chosen), strict=True))
        total = polynomial_expr(falling_factorial_polynomial(52, CARDS_PER_DEAL))
    else:
        table = _value_table(chosen)
        polynomials = {
            name: polynomial_expr(coefficients)
            for name, coefficients in table.evaluate_polynomial(per_deck).items()
        }
        total = polynomial_expr(table.total_polynomial(per_deck))
    value = sympy.Add(*(pay * polynomials[name] for name, pay in chosen.pays))
    expression = sympy.factor(sympy.cancel(-value / total))
    return expression, limit_at_infinite_decks(expression)


def solve_pay(
    shoe: Shoe,
    bet: str | Bet,
    outcome: str,
    house_edge: Any = 0,
    *,
    commission: Any = DEFAULT_COMMISSION,
    tie_pays: Any = DEFAULT_TIE_PAYS,
) -> Rational:
    """The pay of one outcome that gives the bet a chosen house edge (0: the fair pay).

    >>> solve_pay(Shoe.standard(8), "tie", "tie")
    5889024543008/619306544887
    """
    (chosen,) = resolve_bets([bet], commission=commission, tie_pays=tie_pays)
    chosen.pay(outcome)
    counts = _evaluate(shoe, chosen.first_two)
    symbol = sympy.Symbol("pay")
    sheet = _par_sheet(
        chosen.with_pay(outcome, symbol), _bet_counts(chosen, counts), counts.total, counts.infinite
    )
    return solve_for(sheet.house_edge, symbol, house_edge)


# --- publication --------------------------------------------------------------------------------


def _rank_order() -> tuple[Rank, ...]:
    return (Rank.ACE, *(rank for rank in Rank if rank is not Rank.ACE))


def publication_tables(
    shoe: Shoe,
    *,
    commission: Any = DEFAULT_COMMISSION,
    tie_pays: Any = DEFAULT_TIE_PAYS,
    bets: Iterable[str | Bet] | None = None,
    removal: bool = True,
) -> tuple[Table, ...]:
    """The odds tables of one shoe: results, one par sheet per bet, a summary of every bet, and
    (for a finite shoe, unless ``removal=False``) the effects of removal.

    >>> for table in publication_tables(Shoe.standard(8), bets=["tie"]):
    ...     print(table.title)
    Baccarat results, 8 decks
    Baccarat tie bet par sheet, 8 decks
    Baccarat bets, 8 decks
    Baccarat effects of removal, 8 decks
    """
    chosen = resolve_bets(bets, commission=commission, tie_pays=tie_pays)
    result = analyze(shoe, bets=chosen)
    where = shoe.describe()
    tables = [
        Table(
            f"Baccarat results, {where}",
            ("result", "combinations", "probability"),
            (
                *(
                    (name.replace("_", " "), result.results[name], result.result_probabilities[name])
                    for name in ("player_wins", "banker_wins", "ties")
                ),
                ("total", result.total_combinations, Rational(1)),
            ),
        )
    ]
    for name, sheet in result.bets.items():
        tables.append(
            Table(
                f"Baccarat {name} bet par sheet, {where}",
                ("outcome", "pays", "combinations", "probability", "return"),
                (
                    *(
                        (o.name, o.pays, o.combinations, o.probability, o.contribution)
                        for o in sheet.outcomes
                    ),
                    ("total", None, sheet.total_combinations, sheet.probability_total, sheet.expected_value),
                ),
            )
        )
    tables.append(
        Table(
            f"Baccarat bets, {where}",
            (
                "bet",
                "house edge",
                "house edge excluding pushes",
                "element of risk",
                "standard deviation",
                "hit frequency",
            ),
            tuple(
                (
                    name,
                    sheet.house_edge,
                    result.house_edge_excluding_pushes(name),
                    sheet.element_of_risk,
                    sheet.standard_deviation,
                    sheet.hit_frequency,
                )
                for name, sheet in result.bets.items()
            ),
        )
    )
    if removal and not shoe.is_infinite:
        effects = effects_of_removal(shoe, bets=chosen)
        ranks = _rank_order()
        tables.append(
            Table(
                f"Baccarat effects of removal, {where}",
                ("bet", *(rank.symbol for rank in ranks)),
                tuple((name, *(by_rank.get(rank) for rank in ranks)) for name, by_rank in effects.items()),
            )
        )
    return tuple(tables)


def summary_table(
    shoes: Sequence[Shoe],
    *,
    commission: Any = DEFAULT_COMMISSION,
    tie_pays: Any = DEFAULT_TIE_PAYS,
    bets: Iterable[str | Bet] | None = None,
) -> Table:
    """The house edge of every bet for each shoe (one row per shoe).

    >>> table = summary_table([Shoe.standard(8), Shoe.infinite()], bets=["banker"])
    >>> [(row[0], percent_text(row[1])) for row in table.rows]
    [('8 decks', '1.0579%'), ('infinite decks', '1.0640%')]
    """
    chosen = resolve_bets(bets, commission=commission, tie_pays=tie_pays)
    edges = analyze_many(shoes, bets=chosen)
    return Table(
        "Baccarat house edge by shoe",
        ("shoe", *(bet.name for bet in chosen)),
        tuple(
            (shoe.describe(), *(row[bet.name] for bet in chosen))
            for shoe, row in zip(shoes, edges, strict=True)
        ),
    )
