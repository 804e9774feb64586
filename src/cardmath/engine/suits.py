"""Hands as combinations: the classes a hand is read by, counted on any shoe by formula, and the
exact hands of a shoe folded by its suit symmetry.

A hand of ``k`` cards that is read by its ranks (and, with a flush, by its cards of one suit) is
one of a few classes: a multiset ``m`` of ranks, and for a flush the sub-multiset ``g`` of its
cards of one suit (:func:`hand_classes`).  Three Card Poker's 22,100 hands are 455 multisets of
ranks, 910 classes with the flushes.  On a shoe holding ``n[r][s]`` cards of rank ``r`` and suit
``s`` (``n_r`` of rank ``r``), the ordered ways to deal a class are, with ``F`` the falling
factorial (a power for an infinite shoe, whose draws are independent):

- every hand of ranks ``m``: ``k! / prod m_r! * prod_r F(n_r, m_r)``;
- its flush ``g`` in suit ``s`` (its other cards of other suits):
  ``k! / prod (g_r! (m_r - g_r)!) * prod_r F(n[r][s], g_r) F(n_r - n[r][s], m_r - g_r)``, summed
  over the four suits (a flush holds more than half the hand, so no two suits can);
- no flush: the rest.

:func:`class_counts` evaluates them for many shoes at once, with numpy.  A hand that a later step
depends on is dealt card by card instead (:func:`exact_hands`): every multiset of physical cards,
folded by the permutations of suits that leave the shoe as it is, since the classes read later
do not see suits; a fresh deck's 22,100 hands of three are 1,755 such orbits.

>>> classes = hand_classes(3, 3)
>>> len(classes.multisets), len(classes)
(455, 910)
>>> deck = np.ones((13, 4), dtype=np.int64)
>>> counts = class_counts(classes, deck[None], infinite=False)[0]
>>> int(counts.sum()) // 6  # every hand of three of a deck, in combinations
22100
>>> hands, weights, sizes = exact_hands(deck, 3, fold=True)
>>> len(hands), int(sizes.sum())
(1755, 22100)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.cards import FULL_DECK, Rank
from cardmath.engine.dealing import HandView

__all__ = [
    "HandClasses",
    "class_counts",
    "exact_hands",
    "hand_classes",
    "symmetries",
    "view_of_cards",
]

Array = npt.NDArray[Any]

_RANKS: tuple[Rank, ...] = tuple(sorted(Rank, key=lambda rank: rank.index))
_SUIT_PERMUTATIONS: tuple[tuple[int, ...], ...] = tuple(itertools.permutations(range(4)))


def _ranks_of(multiplicities: Sequence[int]) -> tuple[Rank, ...]:
    """The ranks of a multiset given by its multiplicities (deuce first), highest first."""
    return tuple(_RANKS[r] for r in range(12, -1, -1) for _ in range(int(multiplicities[r])))


@dataclass(frozen=True)
class HandClasses:
    """Every class a hand of ``size`` cards is read by (``flush``: the least cards of one suit
    that make a flush; 0 reads no suit), shoe-free.

    The classes are numbered: each multiset of ranks has its class with no flush
    (:attr:`plain`), and with a flush, one class per sub-multiset of its cards that can be of
    one suit (:attr:`grouped`).

    Args:
        size: The cards in the hand.
        flush: The least cards of one suit that make a flush; 0 when no suit is read.
        multisets: Shaped ``(multisets, 13)``: the multiplicity of each rank (deuce first) in
            each multiset of ``size`` ranks.
        plain: Shaped ``(multisets,)``: the class of each multiset with no flush.
        groups: Shaped ``(groups, 13)``: the flush of each flush class, by rank.
        group_multiset: Shaped ``(groups,)``: the multiset of each flush class.
        grouped: Shaped ``(groups,)``: the class number of each flush class.
        plain_coefficients: Shaped ``(multisets,)``: ``size! / prod m!`` (orderings of a multiset).
        group_coefficients: Shaped ``(groups,)``: ``size! / prod (g! (m - g)!)``.

    >>> classes = hand_classes(2, 0)
    >>> len(classes), str(classes.view(0)), str(classes.view(len(classes) - 1))
    (91, '2-2', 'A-A')
    """

    size: int
    flush: int
    multisets: Array
    plain: Array
    groups: Array
    group_multiset: Array
    grouped: Array
    plain_coefficients: Array
    group_coefficients: Array

    def __len__(self) -> int:
        return len(self.plain) + len(self.grouped)

    @functools.cached_property
    def slots(self) -> tuple[Array, Array, Array, Array]:
        """The classes by their ranks held, ``size`` slots each (a rank held twice fills one slot,
        the rest are empty): each multiset's ranks and multiplicities, and each flush class's
        ranks, its cards in the flush and out of it, slot by slot (a product over slots is a
        product over the ranks held)."""
        ranks = np.zeros((len(self.multisets), self.size), dtype=np.intp)
        counts = np.zeros_like(ranks)
        for row, multiset in enumerate(self.multisets.tolist()):
            present = [(rank, count) for rank, count in enumerate(multiset) if count]
            for slot, (rank, count) in enumerate(present):
                ranks[row, slot], counts[row, slot] = rank, count
        group_ranks = ranks[self.group_multiset]
        held = counts[self.group_multiset]
        inside = np.take_along_axis(self.groups, group_ranks, axis=1) if len(self.groups) else group_ranks
        inside = np.where(held > 0, inside, 0)  # an empty slot (rank 0, none held) holds no flush card
        outside = held - inside
        return ranks, counts, inside, outside

    @functools.cached_property
    def _owners(self) -> tuple[Array, Array]:
        """For each class: its multiset, and its flush (row of :attr:`groups`) or -1."""
        multiset = np.zeros(len(self), dtype=np.intp)
        group = np.full(len(self), -1, dtype=np.intp)
        multiset[self.plain] = np.arange(len(self.plain))
        multiset[self.grouped] = self.group_multiset
        group[self.grouped] = np.arange(len(self.grouped))
        return multiset, group

    def view(self, index: int) -> HandView:
        """The hand as the bets read it, of class ``index``.

        Args:
            index: A class number, from 0 to ``len(self) - 1``.

        Returns:
            Its :class:`~cardmath.engine.dealing.HandView` (ranks and flush).
        """
        view: HandView = self._views[index]
        return view

    @functools.cached_property
    def _views(self) -> _Views:
        return _Views(self)


class _Views(Sequence[HandView]):
    """The classes' views, each made when first read (a pool of six cards has 100,000 classes)."""

    def __init__(self, classes: HandClasses) -> None:
        self._classes = classes
        self._made: dict[int, HandView] = {}

    def __len__(self) -> int:
        return len(self._classes)

    def __getitem__(self, index: Any) -> Any:
        view = self._made.get(index)
        if view is None:
            multiset, group = self._classes._owners
            ranks = _ranks_of(self._classes.multisets[multiset[index]])
            flush = () if group[index] < 0 else _ranks_of(self._classes.groups[group[index]])
            view = self._made[index] = HandView(ranks, flush)
        return view


@functools.lru_cache(maxsize=32)
def hand_classes(size: int, flush: int) -> HandClasses:
    """The classes of a hand of ``size`` cards, read by ranks and (``flush`` > 0) by its flush.

    Args:
        size: The cards in the hand, one or more.
        flush: The least cards of one suit that make a flush (more than half of ``size``), or 0.

    Returns:
        The :class:`HandClasses`, cached.

    >>> classes = hand_classes(6, 5)
    >>> len(classes.multisets), len(classes) > 100_000
    (18564, True)
    """
    multisets = []
    for combination in itertools.combinations_with_replacement(range(13), size):
        row = [0] * 13
        for rank in combination:
            row[rank] += 1
        multisets.append(row)
    plain: list[int] = []
    groups: list[list[int]] = []
    group_multiset: list[int] = []
    grouped: list[int] = []
    number = 0
    for index, row in enumerate(multisets):
        plain.append(number)
        number += 1
        if not flush:
            continue
        for group in itertools.product(*(range(count + 1) for count in row)):
            if sum(group) >= flush:
                groups.append(list(group))
                group_multiset.append(index)
                grouped.append(number)
                number += 1
    factorial = math.factorial(size)
    plain_coefficients = [factorial // math.prod(math.factorial(m) for m in row) for row in multisets]
    group_coefficients = [
        factorial
        // math.prod(
            math.factorial(g) * math.factorial(m - g) for g, m in zip(group, multisets[owner], strict=True)
        )
        for group, owner in zip(groups, group_multiset, strict=True)
    ]
    return HandClasses(
        size,
        flush,
        np.array(multisets, dtype=np.intp).reshape(-1, 13),
        np.array(plain, dtype=np.intp),
        np.array(groups, dtype=np.intp).reshape(-1, 13),
        np.array(group_multiset, dtype=np.intp),
        np.array(grouped, dtype=np.intp),
        np.array(plain_coefficients, dtype=np.int64),
        np.array(group_coefficients, dtype=np.int64),
    )


def _factors(values: Array, most: int, *, infinite: bool) -> Array:
    """``table[..., j]``: ``ff(x, j)`` (finite) or ``x ** j`` (infinite) for each ``x`` of
    ``values`` and ``j`` from 0 to ``most`` (0 where a finite ``j`` exceeds ``x``)."""
    table = np.ones((*values.shape, most + 1), dtype=values.dtype)
    for j in range(1, most + 1):
        table[..., j] = table[..., j - 1] * (values if infinite else values - (j - 1))
    return table


def _gather(table: Array, ranks: Array, counts: Array) -> Array:
    """``prod over slots of table[shoe, rank, count]``, shaped ``(shoes, classes)``."""
    rows = np.arange(table.shape[0])[:, None, None]
    product: Array = table[rows, ranks[None, :, :], counts[None, :, :]].prod(axis=2)
    return product


def class_counts(classes: HandClasses, shoes: Array, *, infinite: bool) -> Array:
    """The ordered ways each of ``shoes`` deals a hand of each class.

    Args:
        classes: The classes of the hand.
        shoes: Shaped ``(shoes, 13, 4)``: each shoe's cards by rank (deuce first) and suit.
        infinite: Whether the shoes are infinite (their counts weights of independent draws).

    Returns:
        Shaped ``(shoes, classes)``: the ordered ways (sequences of the hand's cards; weights for an
            infinite shoe), ``int64`` where every count fits, Python ints beyond.

    >>> deck = np.ones((1, 13, 4), dtype=np.int64)
    >>> counts = class_counts(hand_classes(3, 3), deck, infinite=False)[0]
    >>> flushes = hand_classes(3, 3).grouped
    >>> int(counts[flushes].sum()) // 6  # the flushes of three cards, straight flushes included
    1144
    """
    size = classes.size
    shoes = np.asarray(shoes, dtype=np.int64)
    totals = shoes.sum(axis=2)
    largest = max(int(totals.max(initial=0)) if len(shoes) else 0, 1)
    fits = largest**size * math.factorial(size) * 4 < 2**62
    dtype: Any = np.int64 if fits else object
    ranks, counts_held, inside, outside = classes.slots
    # the hands of every rank depend on the shoe's ranks only, a flush in a suit on that suit's cards
    # and the ranks': each distinct one is counted once
    distinct, back = np.unique(totals, axis=0, return_inverse=True)
    every = (
        classes.plain_coefficients.astype(dtype)
        * _gather(_factors(distinct.astype(dtype), size, infinite=infinite), ranks, counts_held)
    )[back.reshape(-1)]
    counts = np.zeros((len(shoes), len(classes)), dtype=dtype)
    if not len(classes.grouped):
        counts[:, classes.plain] = every
        return counts
    group_ranks = ranks[classes.group_multiset]
    columns = shoes.transpose(0, 2, 1).reshape(-1, 13)  # (shoe, suit) rows
    pairs = np.hstack([columns, np.repeat(totals, 4, axis=0) - columns])
    distinct, back = np.unique(pairs, axis=0, return_inverse=True)
    inner = _gather(_factors(distinct[:, :13].astype(dtype), size, infinite=infinite), group_ranks, inside)
    outer = _gather(_factors(distinct[:, 13:].astype(dtype), size, infinite=infinite), group_ranks, outside)
    flushes = (inner * outer)[back.reshape(-1)].reshape(len(shoes), 4, -1).sum(axis=1)
    flushes *= classes.group_coefficients.astype(dtype)
    held = np.zeros_like(every)
    for shoe in range(len(shoes)):
        np.add.at(held[shoe], classes.group_multiset, flushes[shoe])
    counts[:, classes.plain] = every - held
    counts[:, classes.grouped] = flushes
    return counts


def symmetries(shoe: Array) -> tuple[tuple[int, ...], ...]:
    """The permutations of the four suits that leave a shoe as it is (every one for a fresh shoe).

    Args:
        shoe: Shaped ``(13, 4)``: the shoe's cards by rank and suit.

    Returns:
        Each permutation as the suit each suit goes to; the identity first.

    >>> len(symmetries(np.ones((13, 4), dtype=np.int64)))
    24
    >>> deck = np.ones((13, 4), dtype=np.int64); deck[12, 3] = 0
    >>> len(symmetries(deck))
    6
    """
    return tuple(sigma for sigma in _SUIT_PERMUTATIONS if (shoe[:, list(sigma)] == shoe).all())


def view_of_cards(cards: Sequence[int], flush: int, *, whole: bool = False) -> HandView:
    """A hand of physical cards (indices, rank times 4 plus suit) as the bets read it.

    Args:
        cards: The cards' indices (:attr:`~cardmath.cards.Card.index`).
        flush: The least cards of one suit that make a flush; 0 reads no suit.
        whole: Whether the bets read the cards themselves (then they are kept in the view).

    Returns:
        Its :class:`~cardmath.engine.dealing.HandView`.

    >>> str(view_of_cards([40, 16, 8], 3)), str(view_of_cards([40, 17, 8], 3))
    ('Q-6-4 flush', 'Q-6-4')
    """
    multiplicities = [0] * 13
    for card in cards:
        multiplicities[card // 4] += 1
    ranks = _ranks_of(multiplicities)
    found: tuple[Rank, ...] = ()
    if flush:
        for suit in range(4):
            held = [0] * 13
            for card in cards:
                if card % 4 == suit:
                    held[card // 4] += 1
            if sum(held) >= flush:
                found = _ranks_of(held)
    kept = tuple(sorted((FULL_DECK[card] for card in cards), key=lambda card: -card.index)) if whole else ()
    return HandView(ranks, found, kept)


def exact_hands(shoe: Array, size: int, *, fold: bool) -> tuple[Array, Array, Array]:
    """Every multiset of ``size`` physical cards a finite shoe can deal, folded by its suit
    symmetries (``fold``), with its ordered ways.

    Args:
        shoe: Shaped ``(13, 4)``: the shoe's cards by rank and suit.
        size: The cards in the hand.
        fold: Whether to keep one hand per orbit of the shoe's suit symmetries (the later steps
            read no suit but through hands' flushes); else every hand.

    Returns:
        ``(hands, ways, sizes)``: one row of card indices per kept hand, the ordered ways to deal
            that hand (``int64`` or Python ints), and the number of hands of its orbit.

    >>> deck = np.ones((13, 4), dtype=np.int64)
    >>> hands, ways, sizes = exact_hands(deck, 2, fold=False)
    >>> len(hands), set(ways.tolist())
    (1326, {2})
    """
    flat = shoe.reshape(52)
    present = [card for card in range(52) if flat[card] > 0]
    rows = [
        hand
        for hand in itertools.combinations_with_replacement(present, size)
        if all(hand.count(card) <= flat[card] for card in set(hand))
    ]
    hands = np.array(rows, dtype=np.intp).reshape(-1, size)
    sizes = np.ones(len(hands), dtype=np.int64)
    if fold and len(hands):
        powers = 52 ** np.arange(size - 1, -1, -1, dtype=np.int64)
        best: Array | None = None
        for sigma in symmetries(shoe):
            mapped = np.sort((hands // 4) * 4 + np.array(sigma)[hands % 4], axis=1) @ powers
            best = mapped if best is None else np.minimum(best, mapped)
        assert best is not None
        _, first, sizes = np.unique(best, return_index=True, return_counts=True)
        hands = hands[first]
    factorial = math.factorial(size)
    ways = []
    for hand in hands.tolist():
        value = factorial
        for card in set(hand):
            copies = hand.count(card)
            value = value * math.comb(int(flat[card]), copies)
        ways.append(value)
    dtype: Any = np.int64 if max(ways, default=0) * int(sizes.max(initial=1)) < 2**62 else object
    return hands, np.array(ways, dtype=dtype), sizes.astype(dtype)
