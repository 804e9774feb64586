"""Baccarat's deals split by what is seen of them: the values of the cards at chosen positions.

The positions are the order of the deal: ``P1``, ``B1``, ``P2``, ``B2`` (the player's and the
banker's first two cards, alternately), then ``P3`` and ``B3``, the third cards when drawn; and
``PT`` and ``BT``, the player's and the banker's two-card totals, for what a squeeze shows.  Every
value sequence of a whole deal is listed once, shoe-free (339,400 of them under punto banco's
tableau: each pair of two-card totals has 100 first-four sequences, followed by one of the
third-card patterns of :func:`~cardmath.games.baccarat.structure.third_card_patterns`).  On a shoe,
a sequence is dealt in ``prod (n_v - earlier v)`` ordered ways times the ways of the unused cards
(every deal padded to six cards, the published convention), so each part of a known tally is an
exact integer sum over its sequences.

Bets read values, so cards are known by value (``"0"`` for a ten or a picture).  A bet that reads
the first cards' ranks or suits (the pair bets) cannot be told from values and is refused.

>>> from cardmath.games.baccarat.bets import built_in_bets
>>> from cardmath.games.baccarat.rules import DEFAULT_RULES
>>> tally = known_tally(Shoe.standard(8), DEFAULT_RULES, [built_in_bets()["banker"]], ("P1",))
>>> tally.keys.shape, int(tally.totals.sum()) == tally.total
((10, 1), True)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.bets import RuleBet
from cardmath.engine.knowledge import KnownTally, check_known_positions, unique_rows
from cardmath.engine.tally import BetCells, Cell
from cardmath.errors import OptionError, ShoeError
from cardmath.games.baccarat.bets import Bet
from cardmath.games.baccarat.counting import value_counts
from cardmath.games.baccarat.reading import outcome_index
from cardmath.games.baccarat.rules import BaccaratRules, Reads
from cardmath.games.baccarat.structure import third_card_patterns
from cardmath.games.punto_banco import DrawingRules
from cardmath.shoe import Shoe

__all__ = [
    "CARD_POSITIONS",
    "POSITIONS",
    "TOTAL_POSITIONS",
    "VALUE_CATEGORIES",
    "known_tally",
    "value_sequences",
]

Array = npt.NDArray[Any]

CARD_POSITIONS: tuple[str, ...] = ("P1", "B1", "P2", "B2", "P3", "B3")
"""Baccarat's cards in the order they are dealt."""

TOTAL_POSITIONS: tuple[str, ...] = ("PT", "BT")
"""The player's and the banker's two-card totals (0 to 9): what a squeeze shows before the third
cards, known without the cards that make them."""

POSITIONS: tuple[str, ...] = (*CARD_POSITIONS, *TOTAL_POSITIONS)
"""Everything of a baccarat deal that can be known: the six cards, then the two-card totals."""

VALUE_CATEGORIES: tuple[str, ...] = tuple(str(value) for value in range(10))
"""The categories a baccarat card is known by: its value."""

_CARDS = 6
_INT64_LIMIT = 2**62


@functools.cache
def value_sequences(drawing: DrawingRules) -> tuple[Array, Array]:
    """Every value sequence of a whole deal under ``drawing``, shoe-free.

    Args:
        drawing: The drawing rules of both hands.

    Returns:
        ``(values, classes)``: ``values`` shaped ``(sequences, 6)``, the value at each position
        (``-1`` for a third card not drawn); ``classes`` the deal class of each sequence (its index in
        :func:`~cardmath.games.baccarat.structure.structure`'s ``class_columns``).

    >>> values, classes = value_sequences(DrawingRules.standard())
    >>> values.shape, values[0].tolist()
    ((339400, 6), [0, 0, 0, 8, -1, -1])
    """
    p1, b1, p2, b2 = (axis.reshape(-1) for axis in np.indices((10, 10, 10, 10)))
    totals = ((p1 + p2) % 10) * 10 + (b1 + b2) % 10
    by_totals = np.argsort(totals, kind="stable").reshape(100, 100)  # 100 sequences per pair of totals
    patterns = third_card_patterns(drawing)
    first = by_totals[patterns[:, 0] * 10 + patterns[:, 1]].reshape(-1)
    thirds = np.repeat(patterns[:, 2:], 100, axis=0)
    values = np.column_stack([p1[first], b1[first], p2[first], b2[first], thirds]).astype(np.int64)
    # the class of a pattern: structure() sorts the patterns by class
    order = np.argsort(_class_code(patterns))
    rank = np.empty(len(order), dtype=np.intp)
    rank[order] = np.arange(len(order))
    classes = np.repeat(rank, 100)
    values.setflags(write=False)
    classes.setflags(write=False)
    return values, classes


def _class_code(patterns: Array) -> Array:
    """The sort key structure() orders the deal classes by (final totals, cards, third cards)."""
    player_two, banker_two, p3, b3 = patterns.T
    player_total = (player_two + np.maximum(p3, 0)) % 10
    banker_total = (banker_two + np.maximum(b3, 0)) % 10
    player_cards, banker_cards = 2 + (p3 >= 0), 2 + (b3 >= 0)
    code: Array = (
        ((((player_total * 10 + banker_total) * 2 + player_cards - 2) * 2 + banker_cards - 2) * 11 + p3 + 1)
        * 11
        + b3
        + 1
    )
    return code


@functools.cache
def _draw_codes(drawing: DrawingRules) -> tuple[Array, Array]:
    """Shoe-free: for each sequence and position, the code ``value * 7 + earlier`` of its draw
    (``earlier`` the cards of that value dealt before it; ``70`` for a card not dealt), and the
    number of cards each sequence uses."""
    values, _ = value_sequences(drawing)
    codes = np.full(values.shape, 70, dtype=np.intp)
    for column in range(_CARDS):
        value = values[:, column]
        earlier = np.zeros(len(values), dtype=np.intp)
        for before in range(column):
            earlier += values[:, before] == value
        codes[:, column] = np.where(value >= 0, value * 7 + earlier, 70)
    used = (values >= 0).sum(axis=1)
    codes.setflags(write=False)
    used.setflags(write=False)
    return codes, used


def _weights(shoe: Shoe, drawing: DrawingRules) -> Array:
    """The ordered ways ``shoe`` deals each value sequence, padded to six cards: the product of
    one factor per card drawn (``n_v`` less the cards of value ``v`` dealt before it; ``n_v`` for an
    infinite shoe, whose counts are weights), times the ways of the unused cards."""
    codes, used = _draw_codes(drawing)
    infinite = shoe.is_infinite
    counts = value_counts(shoe)
    size = sum(counts)
    dtype: Any = np.int64 if size**_CARDS < _INT64_LIMIT else object
    factors = np.ones(71, dtype=dtype)  # by code; 70 (not dealt) stays 1
    for value, count in enumerate(counts):
        for earlier in range(7):
            factors[value * 7 + earlier] = count if infinite else max(count - earlier, 0)
    weights = factors[codes[:, 0]]
    for column in range(1, _CARDS):
        weights = weights * factors[codes[:, column]]
    pads = np.ones(_CARDS + 1, dtype=dtype)
    for k in range(_CARDS + 1):
        for i in range(_CARDS - k):
            pads[k] = pads[k] * (size if infinite else size - k - i)
    result: Array = weights * pads[used]
    return result


@functools.lru_cache(maxsize=16)
def _cached_weights(shoe: Shoe, drawing: DrawingRules) -> Array:
    weights = _weights(shoe, drawing)
    weights.setflags(write=False)
    return weights


@functools.lru_cache(maxsize=64)
def _parts(drawing: DrawingRules, columns: tuple[int, ...]) -> tuple[Array, Array, Array]:
    """The sequences sorted by their values at ``columns``: the order, each part's first sorted
    sequence, and each part's key."""
    values, _ = value_sequences(drawing)
    totals = np.column_stack([(values[:, 0] + values[:, 2]) % 10, (values[:, 1] + values[:, 3]) % 10])
    keys = np.column_stack([values, totals])[:, list(columns)]
    unique, inverse = unique_rows(keys)
    order = np.argsort(inverse, kind="stable")
    starts = np.searchsorted(inverse[order], np.arange(len(unique)))
    return order, starts, unique


def known_tally(
    shoe: Shoe, rules: BaccaratRules, bets: Sequence[RuleBet[Any]], positions: Sequence[str]
) -> KnownTally:
    """Every deal of ``shoe`` split by the values at ``positions``, each bet's outcomes counted in
    each part.

    Args:
        shoe: The shoe dealt from, finite (at least six cards) or infinite.
        rules: The house's rules: the drawing rules and the pays the bets were resolved under.
        bets: Resolved baccarat bets that read the deal's values (not the first cards' ranks or suits).
        positions: Known positions among ``P1``, ``B1``, ``P2``, ``B2``, ``P3``, ``B3`` and the
            two-card totals ``PT`` and ``BT``.

    Returns:
        The exact :class:`~cardmath.engine.knowledge.KnownTally`, by value.

    Raises:
        OptionError: For an unknown position, or a bet that reads ranks or suits.
    >>> from cardmath.games.baccarat.bets import built_in_bets
    >>> from cardmath.games.baccarat.rules import DEFAULT_RULES
    >>> tally = known_tally(Shoe.standard(1), DEFAULT_RULES, [built_in_bets()["tie"]], ["P3"])
    >>> tally.keys[0].tolist(), tally.categories[:2]  # the player stood: not dealt
    ([-1], ('0', '1'))
    """
    chosen = check_known_positions("Baccarat", POSITIONS, positions)
    for bet in bets:
        reads = getattr(bet, "reads", None)
        if not isinstance(bet, Bet) or reads not in (Reads.DEAL,):
            raise OptionError(
                f"bet {bet.name!r} reads the first cards' ranks or suits (or their values one by one): the "
                "information analysis of baccarat counts bets on the deal's totals, cards and third cards"
            )
    if not shoe.is_infinite and shoe.size < _CARDS:
        raise ShoeError(
            f"Baccarat: a deal is counted as {_CARDS} cards, so the shoe must hold at least {_CARDS}"
        )
    return _tally(shoe, rules.drawing, tuple(bets), chosen)


@functools.lru_cache(maxsize=32)
def _tally(
    shoe: Shoe, drawing: DrawingRules, bets: tuple[RuleBet[Any], ...], chosen: tuple[str, ...]
) -> KnownTally:
    """The known tally, kept for the last shoes asked about (a surveillance query asks many facts
    of one shoe)."""
    columns = tuple(POSITIONS.index(position) for position in chosen)
    _, starts, keys = _parts(drawing, columns)
    weights = _sorted_weights(shoe, drawing, columns)
    totals: Array = np.add.reduceat(weights, starts)
    cells = []
    described = []
    for bet in bets:
        outcomes = _sorted_outcomes(drawing, columns, bet)
        width = len(bet.outcomes())
        sums = [
            np.add.reduceat(np.where(outcomes == outcome, weights, 0), starts) for outcome in range(width)
        ]
        cells.append(np.stack(sums, axis=1))
        described.append(BetCells(tuple(Cell(outcome) for outcome in range(width)), ()))
    return KnownTally(
        chosen, VALUE_CATEGORIES, keys, totals, tuple(cells), tuple(described), int(totals.sum())
    )


@functools.lru_cache(maxsize=8)
def _sorted_weights(shoe: Shoe, drawing: DrawingRules, columns: tuple[int, ...]) -> Array:
    """The shoe's ways of every value sequence, in the order of the parts of ``columns``."""
    order, _, _ = _parts(drawing, columns)
    weights: Array = _cached_weights(shoe, drawing)[order]
    weights.setflags(write=False)
    return weights


@functools.lru_cache(maxsize=64)
def _sorted_outcomes(drawing: DrawingRules, columns: tuple[int, ...], bet: RuleBet[Any]) -> Array:
    """A bet's outcome of every value sequence, in the order of the parts of ``columns``."""
    order, _, _ = _parts(drawing, columns)
    _, classes = value_sequences(drawing)
    outcomes: Array = outcome_index(bet, drawing)[classes][order]
    outcomes.setflags(write=False)
    return outcomes
