"""The enumeration layer: ordered draws without replacement, counted as Python integers.

The identity at the heart of cardmath: a given sequence of categories (ranks, baccarat values,
or cards) is drawn without replacement from a shoe holding ``n[c]`` cards of category ``c`` in
``prod_c ff(n[c], m[c])`` ways, where ``m[c]`` is how often ``c`` occurs in the sequence and
``ff`` is the falling factorial.  The count depends only on the *multiset* of the sequence, so a
game's outcomes are enumerated once, independent of the shoe, as an :class:`OutcomeTable`
``{outcome: {multiset: number of sequences}}``; a shoe then costs one sum of integer products.

Sequences of different lengths share one denominator by padding with unused cards: a sequence
that used ``k`` of ``K`` cards is weighted by ``ff(N - k, K - k)`` (the convention of published
baccarat tables, whose total is ``ff(52 d, 6)``).

In an *infinite* shoe every falling factorial becomes a power (draws are independent), and with
``n[c] = a[c] * d`` every count is a polynomial in the number of decks ``d``
(:meth:`OutcomeTable.evaluate_polynomial`).

>>> falling_factorial(52, 3)
132600
>>> table = OutcomeTable.build(2, [("pair", (0, 0)), ("pair", (1, 1)), ("mixed", (0, 1)), ("mixed", (1, 0))])
>>> table.evaluate((4, 4))
{'pair': 24, 'mixed': 32}
>>> table.total((4, 4))
56
>>> table.evaluate_polynomial((4, 4))["pair"]
(0, -8, 32)
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Generic, TypeVar

__all__ = [
    "Multiset",
    "OutcomeTable",
    "Polynomial",
    "falling_factorial",
    "falling_factorial_polynomial",
    "multiset_of",
    "padding_ways",
    "polynomial_add",
    "polynomial_mul",
    "polynomial_scale",
    "polynomial_through",
]

K = TypeVar("K", bound=Hashable)

Multiset = tuple[tuple[int, int], ...]
"""A multiset of categories as sorted ``(category, multiplicity)`` pairs, multiplicities >= 1."""

Polynomial = tuple[int, ...]
"""Integer coefficients of a polynomial in the number of decks ``d``, constant term first."""


def falling_factorial(n: int, m: int) -> int:
    """``n (n-1) ... (n-m+1)``: ordered ways to draw ``m`` of ``n`` distinct cards (0 if m > n).

    Args:
        n: How many distinct cards there are to draw from.
        m: How many of them are drawn, in order; 0 gives 1.

    Returns:
        The number of ordered draws, 0 when there are fewer than `m` cards.

    >>> falling_factorial(4, 2), falling_factorial(3, 4), falling_factorial(7, 0)
    (12, 0, 1)
    """
    if m > n:
        return 0
    result = 1
    for i in range(m):
        result *= n - i
    return result


def multiset_of(sequence: Iterable[int]) -> Multiset:
    """The multiset of a sequence of categories.

    Args:
        sequence: Category numbers in the order drawn, repeats allowed.

    Returns:
        Each category met once, in increasing order, with how often it occurs.

    >>> multiset_of([3, 1, 3])
    ((1, 1), (3, 2))
    """
    counts: dict[int, int] = defaultdict(int)
    for category in sequence:
        counts[category] += 1
    return tuple(sorted(counts.items()))


def padding_ways(remaining: int, unused: int, *, infinite: bool = False) -> int:
    """Ways to deal ``unused`` padding cards from ``remaining`` cards (``ff`` or a power).

    A baccarat natural uses 4 of the 6 padded cards; from one deck the other 2 come in
    ``ff(48, 2)`` ways, from an infinite shoe of one deck's weights in ``52 ** 2``:

    Args:
        remaining: The cards left in the shoe when the padding starts.
        unused: How many padding cards are dealt, in order.
        infinite: Whether the shoe is infinite: each card is then drawn from all `remaining`.

    Returns:
        `ff(remaining, unused)`, or `remaining ** unused` for an infinite shoe.

    >>> padding_ways(48, 2), padding_ways(52, 2, infinite=True)
    (2256, 2704)
    """
    return remaining**unused if infinite else falling_factorial(remaining, unused)


def polynomial_add(a: Polynomial, b: Polynomial) -> Polynomial:
    """Sum of two polynomials.

    Args:
        a: The first addend's coefficients, constant term first.
        b: The second addend's coefficients; the two may differ in length.

    Returns:
        The coefficients of `a + b`, as long as the longer of the two.

    >>> polynomial_add((1, 2), (0, 0, 3))
    (1, 2, 3)
    """
    if len(a) < len(b):
        a, b = b, a
    return tuple(x + (b[i] if i < len(b) else 0) for i, x in enumerate(a))


def polynomial_mul(a: Polynomial, b: Polynomial) -> Polynomial:
    """Product of two polynomials.

    Args:
        a: The first factor's coefficients, constant term first.
        b: The second factor's coefficients.

    Returns:
        The coefficients of `a * b`; empty when either factor is empty.

    >>> polynomial_mul((-1, 4), (0, 4))
    (0, -4, 16)
    """
    if not a or not b:
        return ()
    result = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                result[i + j] += x * y
    return tuple(result)


def polynomial_scale(a: Polynomial, factor: int) -> Polynomial:
    """A polynomial times an integer.

    A pair of one given rank in the first two cards of ``d`` decks, ``ff(4d, 2)``, times 13 ranks:

    Args:
        a: A polynomial's coefficients, constant term first.
        factor: The whole number each coefficient is multiplied by.

    Returns:
        The coefficients of `factor * a`, as many as `a` has.

    >>> polynomial_scale(falling_factorial_polynomial(4, 2), 13)
    (0, -52, 208)
    """
    return tuple(factor * x for x in a)


@functools.cache
def _interpolation(points: int) -> tuple[tuple[tuple[int, ...], ...], int]:
    """The inverse of the Vandermonde matrix of ``d = 1 .. points`` as whole numbers over one
    common denominator: the coefficient ``k`` of the polynomial through ``values`` is
    ``sum(matrix[k][i] * values[i]) / denominator``."""
    rows = [[Fraction(0)] * points for _ in range(points)]
    for i in range(points):
        basis = [Fraction(1)]
        scale = Fraction(1)
        for j in range(points):
            if j == i:
                continue
            # multiply the basis by (d - (j + 1)) / (i - j)
            basis = [Fraction(0), *basis]
            for k in range(len(basis) - 1):
                basis[k] -= (j + 1) * basis[k + 1]
            scale *= i - j
        for k, term in enumerate(basis):
            rows[k][i] = term / scale
    denominator = lcm(*(entry.denominator for row in rows for entry in row))
    matrix = tuple(tuple(int(entry * denominator) for entry in row) for row in rows)
    return matrix, denominator


def polynomial_through(values: Sequence[int]) -> Polynomial:
    """The integer polynomial in ``d`` of degree below ``len(values)`` taking ``values[i]`` at
    ``d = i + 1``: a count of deals of at most ``K`` cards from ``d`` decks is a polynomial of
    degree at most ``K`` (a product of falling factorials of ``d``), so its exact counts on 1 to
    ``K + 1`` decks determine it.

    Ordered pairs of aces from ``d`` decks, ``ff(4 d, 2) = 16 d**2 - 4 d``, from 1, 2 and 3 decks:

    Args:
        values: The counts on 1, 2, 3... decks, one per number of decks.

    Returns:
        The coefficients, constant term first, without trailing zeros.

    Raises:
        ValueError: When no polynomial with integer coefficients fits the values.

    >>> polynomial_through([12, 56, 132])
    (0, -4, 16)
    >>> polynomial_through([1, 2])  # d
    (0, 1)
    """
    matrix, denominator = _interpolation(len(values))
    result = []
    for row in matrix:
        numerator = sum(entry * value for entry, value in zip(row, values, strict=True))
        coefficient, remainder = divmod(numerator, denominator)
        if remainder:
            raise ValueError(f"the counts {list(values)} are not those of an integer polynomial")
        result.append(coefficient)
    while result and result[-1] == 0:
        result.pop()
    return tuple(result)


def falling_factorial_polynomial(per_deck: int, m: int, offset: int = 0) -> Polynomial:
    """``ff(per_deck * d - offset, m)`` as a polynomial in ``d``.

    Args:
        per_deck: How many cards of the kind one deck holds.
        m: How many of them are drawn, in order.
        offset: Cards already taken from the `per_deck * d` before the draw; none by default.

    Returns:
        The coefficients in the number of decks `d`, constant term first.

    >>> falling_factorial_polynomial(4, 2)
    (0, -4, 16)
    """
    result: Polynomial = (1,)
    for i in range(m):
        result = polynomial_mul(result, (-(offset + i), per_deck))
    return result


@dataclass(frozen=True)
class OutcomeTable(Generic[K]):
    """Every outcome of a deal as ``{outcome: {multiset: number of sequences}}``, shoe-free.

    ``length`` is the number of cards every sequence is padded to (``K`` in the module notes).
    Build it once per game with :meth:`build`; evaluate it for any number of shoes.

    The first two cards by rank (13 categories): a pair or not, for one deck and for ``d`` decks.

    Args:
        length: The number of cards each deal is padded to, at least its longest sequence.
        entries: For each outcome, how many sequences give each multiset of categories.

    >>> deals = [("pair" if a == b else "other", (a, b)) for a in range(13) for b in range(13)]
    >>> table = OutcomeTable.build(2, deals)
    >>> table.evaluate((4,) * 13), table.total((4,) * 13)
    ({'pair': 156, 'other': 2496}, 2652)
    >>> table.evaluate_polynomial((4,) * 13)["pair"]
    (0, -52, 208)
    """

    length: int
    entries: Mapping[K, Mapping[Multiset, int]]

    @classmethod
    def build(cls, length: int, sequences: Iterable[tuple[K, Sequence[int]]]) -> OutcomeTable[K]:
        """Group ``(outcome, sequence of categories)`` pairs by outcome and multiset.

        Args:
            length: The padded length of a deal; no sequence may be longer.
            sequences: Each way a deal can go, as the outcome and the categories drawn in order.

        Returns:
            The table, each outcome in the order first met.
        """
        entries: dict[K, dict[Multiset, int]] = {}
        for outcome, sequence in sequences:
            if len(sequence) > length:
                raise ValueError(f"a sequence of {len(sequence)} cards is longer than {length}")
            by_multiset = entries.setdefault(outcome, {})
            key = multiset_of(sequence)
            by_multiset[key] = by_multiset.get(key, 0) + 1
        return cls(length, entries)

    def outcomes(self) -> tuple[K, ...]:
        """The outcomes, in the order they were first met.

        Returns:
            Every outcome that some sequence gives, each once.
        """
        return tuple(self.entries)

    def evaluate(self, counts: Sequence[int], *, infinite: bool = False) -> dict[K, int]:
        """Padded count of every outcome for a shoe with ``counts`` by category.

        The counts add up to :meth:`total` exactly when the outcomes cover every deal.

        Args:
            counts: How many cards of each category the shoe holds, indexed by category.
            infinite: Whether the counts are the weights of an infinite shoe (powers instead of falling
                factorials).

        Returns:
            Each outcome's number of ordered `length`-card deals, as an exact integer.
        """
        size = sum(counts)
        top = max((m for mapping in self.entries.values() for ms in mapping for _, m in ms), default=0)
        if infinite:
            factors = [[n**m for m in range(top + 1)] for n in counts]
        else:
            factors = [[falling_factorial(n, m) for m in range(top + 1)] for n in counts]
        # An infinite shoe never runs down: every padding card is drawn from the whole shoe.
        pads = [
            padding_ways(size if infinite else size - k, self.length - k, infinite=infinite)
            for k in range(self.length + 1)
        ]
        result: dict[K, int] = {}
        for outcome, mapping in self.entries.items():
            total = 0
            for multiset, sequences in mapping.items():
                ways = sequences
                used = 0
                for category, multiplicity in multiset:
                    ways *= factors[category][multiplicity]
                    used += multiplicity
                total += ways * pads[used]
            result[outcome] = total
        return result

    def total(self, counts: Sequence[int], *, infinite: bool = False) -> int:
        """Every ordered deal of ``length`` cards: ``ff(N, length)`` (``N ** length`` if infinite).

        Args:
            counts: The shoe's cards of each category; `N` is their sum.
            infinite: Whether to count draws with replacement, as from an infinite shoe.

        Returns:
            The number every count of `evaluate` is out of, for this shoe.
        """
        return padding_ways(sum(counts), self.length, infinite=infinite)

    def evaluate_polynomial(self, per_deck: Sequence[int]) -> dict[K, Polynomial]:
        """Padded counts as polynomials in ``d`` for a shoe of ``d`` decks of ``per_deck`` counts.

        Args:
            per_deck: How many cards of each category one deck holds.

        Returns:
            Each outcome's count as integer coefficients in `d`, constant term first.
        """
        size = sum(per_deck)
        cache: dict[tuple[int, int], Polynomial] = {}

        def factor(category: int, multiplicity: int) -> Polynomial:
            key = (category, multiplicity)
            if key not in cache:
                cache[key] = falling_factorial_polynomial(per_deck[category], multiplicity)
            return cache[key]

        pads = [falling_factorial_polynomial(size, self.length - k, offset=k) for k in range(self.length + 1)]
        result: dict[K, Polynomial] = {}
        for outcome, mapping in self.entries.items():
            total: Polynomial = ()
            for multiset, sequences in mapping.items():
                term: Polynomial = (sequences,)
                used = 0
                for category, multiplicity in multiset:
                    term = polynomial_mul(term, factor(category, multiplicity))
                    used += multiplicity
                total = polynomial_add(total, polynomial_mul(term, pads[used]))
            result[outcome] = total
        return result

    def total_polynomial(self, per_deck: Sequence[int]) -> Polynomial:
        """``ff(N d, length)`` as a polynomial in ``d``.

        Args:
            per_deck: One deck's cards of each category; `N` is their sum.

        Returns:
            The total's integer coefficients in `d`, constant term first.
        """
        return falling_factorial_polynomial(sum(per_deck), self.length)
