"""Counting Dragon Tiger coups: the shoe-free deal table, and how finely each bet must be counted.

A coup is an ordered pair of cards, Dragon's then Tiger's.  By the counting identity of
:mod:`cardmath.enumeration`, a Dragon card of kind ``a`` and a Tiger card of kind ``b`` are dealt
in ``ff(n_a, 1) ff(n_b, 1)`` ways, or ``ff(n_a, 2)`` when they are the same kind (rank and suit),
out of ``ff(N, 2)``.  Every bet the game offers reads the two ranks and whether the suits match,
so the 52 x 52 ordered pairs of card kinds are grouped once, independent of the shoe, into 338
deal classes ``(dragon rank, tiger rank, suited)`` (:func:`deal_table`); a shoe then costs one sum
of integer products per class.

A bet's rule is asked about every ordered pair of cards once (:func:`bet_counts` caches it).
When its outcome is the same across every class, as it is for every built-in bet, the bet is
counted from the class counts; otherwise (a rule that reads the suits themselves, such as "the
Dragon card is red") it gets a table of its own over the pairs of cards.  Either way it is
exact; only the speed differs.

>>> from cardmath.shoe import Shoe
>>> counts = deal_table().evaluate(Shoe.standard(8).card_counts)
>>> counts[(13, 1, True)], counts[(5, 5, True)], counts[(5, 5, False)]
(256, 224, 768)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.cards import FULL_DECK, Card
from cardmath.enumeration import Multiset, OutcomeTable, Polynomial, polynomial_add
from cardmath.errors import OptionError, ShoeError
from cardmath.games.dragon_tiger.bets import Bet, Deal
from cardmath.games.dragon_tiger.rules import CARDS_PER_DEAL, RANK_VALUES, Winner
from cardmath.shoe import Shoe

__all__ = [
    "DealClass",
    "bet_counts",
    "bet_polynomials",
    "check_shoe",
    "class_counts",
    "class_winner",
    "deal_class",
    "deal_table",
    "many_bet_counts",
    "total_deals",
]

Array = npt.NDArray[Any]

DealClass = tuple[int, int, bool]
"""A deal class: the Dragon's rank value (ace 1 to king 13), the Tiger's, and whether the two
cards are of one suit (for equal ranks: the same card)."""

_INT64_LIMIT = 2**62
"""Batch counts stay in numpy int64 while ``2 N ** 2`` (a bound on every partial sum) is below this."""

_CARDS: tuple[Card, ...] = tuple(
    sorted(FULL_DECK, key=lambda card: (RANK_VALUES[card.rank], card.suit.index))
)
"""The 52 cards, aces low, in the order the deal table lists them."""

_MULTISETS: tuple[Multiset, ...] = tuple(
    ((a, 1), (b, 1)) if a < b else ((a, 2),) for a in range(52) for b in range(a, 52)
)
"""Every multiset of two cards over the 52 card kinds (indexed as :attr:`Card.index`)."""

_MULTISET_INDEX: dict[Multiset, int] = {multiset: i for i, multiset in enumerate(_MULTISETS)}


def deal_class(dragon: Card, tiger: Card) -> DealClass:
    """The class of a coup: both rank values and whether the suits match.

    >>> deal_class(Card.parse("As"), Card.parse("Ks"))
    (1, 13, True)
    """
    return RANK_VALUES[dragon.rank], RANK_VALUES[tiger.rank], dragon.suit == tiger.suit


def class_winner(deal_class: DealClass) -> Winner:
    """Which side a deal class goes to.

    >>> class_winner((1, 13, True)), class_winner((7, 7, False))
    (<Winner.TIGER: 'tiger'>, <Winner.TIE: 'tie'>)
    """
    dragon, tiger, _ = deal_class
    return Winner.DRAGON if dragon > tiger else Winner.TIGER if tiger > dragon else Winner.TIE


@functools.cache
def deal_table() -> OutcomeTable[DealClass]:
    """Every coup by deal class, as multisets of card kinds: built once, for every shoe.

    Categories are the 52 card kinds (:attr:`~cardmath.cards.Card.index`); a coup is two cards.

    >>> table = deal_table()
    >>> len(table.outcomes()), table.total((1,) * 52)
    (338, 2652)
    >>> table.evaluate_polynomial((1,) * 52)[(7, 7, True)]  # the same card twice: 4 ff(d, 2)
    (0, -4, 4)
    """
    return OutcomeTable.build(
        CARDS_PER_DEAL,
        ((deal_class(dragon, tiger), (dragon.index, tiger.index)) for dragon in _CARDS for tiger in _CARDS),
    )


@functools.cache
def _every_deal() -> tuple[tuple[Deal, DealClass], ...]:
    """Every ordered pair of card kinds as a :class:`Deal`, with its class."""
    return tuple((Deal(dragon, tiger), deal_class(dragon, tiger)) for dragon in _CARDS for tiger in _CARDS)


@dataclass(frozen=True)
class _Decision:
    """How a bet is counted: ``by_class`` gives the outcome (an index into its pays) of each deal
    class when the rule is the same across each class; else ``table`` counts its outcomes over
    the pairs of card kinds.  ``projection[m, o]``: the ordered pairs of card kinds with the
    ``m``-th multiset of :data:`_MULTISETS` that end in outcome ``o``."""

    by_class: tuple[int, ...] | None
    table: OutcomeTable[int]
    projection: Array


def _outcome_of(rule: Callable[[Deal], str], deal: Deal, positions: dict[str, int], name: str) -> int:
    outcome = rule(deal)
    if not isinstance(outcome, str) or outcome not in positions:
        raise OptionError(
            f"the rule of bet {name!r} gave outcome {outcome!r} for Dragon {deal.dragon}, "
            f"Tiger {deal.tiger}, which is not in its pay table ({', '.join(positions)})"
        )
    return positions[outcome]


@functools.lru_cache(maxsize=256)
def _decide(rule: Callable[[Deal], str], outcomes: tuple[str, ...], name: str) -> _Decision:
    """Ask the rule about every ordered pair of card kinds, once per rule and pay table."""
    positions = {outcome: i for i, outcome in enumerate(outcomes)}
    by_class: dict[DealClass, int] = {}
    constant = True
    sequences: list[tuple[int, tuple[int, int]]] = []
    for deal, key in _every_deal():
        outcome = _outcome_of(rule, deal, positions, name)
        sequences.append((outcome, (deal.dragon.index, deal.tiger.index)))
        constant = constant and by_class.setdefault(key, outcome) == outcome
    table = OutcomeTable.build(CARDS_PER_DEAL, sequences)
    projection = np.zeros((len(_MULTISETS), len(outcomes)), dtype=np.int64)
    for outcome, by_multiset in table.entries.items():
        for multiset, count in by_multiset.items():
            projection[_MULTISET_INDEX[multiset], outcome] += count
    if not constant:
        return _Decision(None, table, projection)
    return _Decision(tuple(by_class[key] for key in deal_table().outcomes()), table, projection)


def _decision(bet: Bet) -> _Decision:
    return _decide(bet.rule, bet.outcomes(), bet.name)


def check_shoe(shoe: Shoe) -> None:
    """Refuse a finite shoe too small to deal a coup.

    >>> check_shoe(Shoe.standard(1).without(Shoe.standard(1).cards()[1:]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.ShoeError: a Dragon Tiger coup deals 2 cards, so the shoe must hold at least 2 ..., not 1
    """
    if not shoe.is_infinite and shoe.size < CARDS_PER_DEAL:
        raise ShoeError(
            f"a Dragon Tiger coup deals {CARDS_PER_DEAL} cards, so the shoe must hold at least "
            f"{CARDS_PER_DEAL} cards, not {shoe.size}"
        )


def total_deals(shoe: Shoe) -> int:
    """Ordered coups of a shoe: ``ff(N, 2)``, or ``N ** 2`` for an infinite shoe of weights ``N``.

    >>> total_deals(Shoe.standard(8)), total_deals(Shoe.infinite())
    (172640, 2704)
    """
    return deal_table().total(shoe.card_counts, infinite=shoe.is_infinite)


def class_counts(shoe: Shoe) -> dict[DealClass, int]:
    """Ordered coups of each deal class in a shoe.

    >>> class_counts(Shoe.standard(1))[(1, 1, False)]  # two different aces, Dragon's first
    12
    """
    check_shoe(shoe)
    return deal_table().evaluate(shoe.card_counts, infinite=shoe.is_infinite)


def bet_counts(shoe: Shoe, bet: Bet, classes: dict[DealClass, int] | None = None) -> tuple[int, ...]:
    """Ordered coups ending in each outcome of a bet, in the order of its pays (``classes``: the
    shoe's class counts, if already evaluated).

    >>> from cardmath.games.dragon_tiger.bets import built_in_bets
    >>> bet_counts(Shoe.standard(8), built_in_bets()["dragon"])
    (79872, 79872, 12896)
    """
    decision = _decision(bet)
    if decision.by_class is None:
        check_shoe(shoe)
        counts = decision.table.evaluate(shoe.card_counts, infinite=shoe.is_infinite)
        return tuple(counts.get(o, 0) for o in range(len(bet.pays)))
    by_class = class_counts(shoe) if classes is None else classes
    totals = [0] * len(bet.pays)
    for outcome, count in zip(decision.by_class, by_class.values(), strict=True):
        totals[outcome] += count
    return tuple(totals)


def bet_polynomials(bet: Bet) -> tuple[Polynomial, ...]:
    """Ordered coups ending in each outcome of a bet on ``d`` fresh decks, as integer polynomials
    in ``d`` (constant term first), in the order of its pays.

    >>> from cardmath.games.dragon_tiger.bets import built_in_bets
    >>> bet_polynomials(built_in_bets()["suited_tie"])  # 52 ff(d, 2) and ff(52 d, 2) - 52 ff(d, 2)
    ((0, -52, 52), (0, 0, 2652))
    """
    decision = _decision(bet)
    per_deck = (1,) * 52
    if decision.by_class is None:
        found = decision.table.evaluate_polynomial(per_deck)
        return tuple(found.get(o, ()) for o in range(len(bet.pays)))
    polynomials: list[Polynomial] = [()] * len(bet.pays)
    for outcome, polynomial in zip(decision.by_class, _class_polynomials(), strict=True):
        polynomials[outcome] = polynomial_add(polynomials[outcome], polynomial)
    return tuple(polynomials)


@functools.cache
def _class_polynomials() -> tuple[Polynomial, ...]:
    return tuple(deal_table().evaluate_polynomial((1,) * 52).values())


def _weights(shoes: Sequence[Shoe], dtype: Any) -> Array:
    """``weights[s, m]``: ways to deal the ``m``-th multiset of :data:`_MULTISETS` from shoe ``s``
    (``n_a n_b``, or ``ff(n_c, 2)``; a power ``n_c ** 2`` for an infinite shoe)."""
    first = np.array([multiset[0][0] for multiset in _MULTISETS], dtype=np.intp)
    second = np.array([multiset[-1][0] for multiset in _MULTISETS], dtype=np.intp)
    double = np.array([len(multiset) == 1 for multiset in _MULTISETS])
    counts = np.array([shoe.card_counts for shoe in shoes], dtype=dtype)
    finite = np.array([not shoe.is_infinite for shoe in shoes])
    less = (finite[:, None] & double[None, :]).astype(dtype)
    weights: Array = counts[:, first] * (counts[:, second] - less)
    return weights


def many_bet_counts(shoes: Sequence[Shoe], bets: Sequence[Bet]) -> list[list[tuple[int, ...]]]:
    """:func:`bet_counts` of every bet for every shoe, counted for all the shoes at once: one row
    of multiset weights per shoe times each bet's projection onto its outcomes.

    >>> from cardmath.games.dragon_tiger.bets import built_in_bets
    >>> many_bet_counts([Shoe.standard(1), Shoe.standard(8)], [built_in_bets()["tie"]])
    [[(156, 2496)], [(12896, 159744)]]
    """
    for shoe in shoes:
        check_shoe(shoe)
    if not shoes:
        return []
    decisions = [_decision(bet) for bet in bets]
    projection = np.hstack([decision.projection for decision in decisions])
    largest = max(shoe.size for shoe in shoes)
    dtype: Any = np.int64 if 2 * largest**2 < _INT64_LIMIT else object
    weights = _weights(shoes, dtype)
    counts = (weights @ projection.astype(dtype)).tolist()
    bounds = np.cumsum([0, *(len(bet.pays) for bet in bets)]).tolist()
    return [
        [tuple(int(c) for c in row[bounds[i] : bounds[i + 1]]) for i in range(len(bets))] for row in counts
    ]
