"""The shoe-free tables: every final deal enumerated once per set of drawing rules.

A deal is summarised at the resolution of baccarat values (ten categories: tens and pictures are
one value) as a *deal class*: each hand's total and number of cards, and each hand's third card.
Which deals exist depends only on the drawing rules, never on the shoe, so the tables are built
once for each :class:`~cardmath.games.punto_banco.DrawingRules` (a frozen, hashable value)
and cached; a shoe then costs only integer sums (:mod:`cardmath.games.baccarat.counting`).

>>> tables = structure(DrawingRules.standard())
>>> len(tables.class_columns), len(tables.multisets)
(3394, 6958)
>>> variant = DrawingRules.define(player_draws_on=range(7))
>>> len(structure(variant).class_columns) != len(tables.class_columns)
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.games.punto_banco import DrawingRules

__all__ = ["POWERS", "Structure", "first_value_multisets", "structure", "third_card_patterns"]

Array = npt.NDArray[Any]

POWERS = 7 ** np.arange(10, dtype=np.int64)
"""A multiset of at most six values is coded as ``sum(multiplicity[u] * 7 ** u)``."""

_PAIR_CODES = 121
"""Each hand's matched first-two value (-1 to 9) adds a digit in base 11 below the multiset code."""


@dataclass(frozen=True)
class Structure:
    """The shoe-free enumeration of one set of drawing rules, as numpy arrays.

    ``class_columns`` are the distinct deal summaries, one row (player total, banker total,
    player cards, banker cards, player third, banker third; -1 when there is no third card).  A
    value multiset ``q`` (``multisets[q]`` its multiplicities by value) with the values of each
    hand's first two cards when they match (``pair_values[e]``, -1 when they differ) is an
    *extended multiset* ``e``.  The value entries list (class, multiset, number of value
    sequences), sorted by class.  Only deals where at least one hand's first two cards have the
    same value can hold a pair, so ``entry_*`` list (class, extended multiset, number of value
    sequences) for those deals alone.

    >>> tables = structure(DrawingRules.standard())
    >>> int(tables.value_entry_sequences.sum())  # every value sequence of a whole deal, once
    339400
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


@functools.cache
def third_card_patterns(drawing: DrawingRules) -> Array:
    """Every way a deal goes on from the two hands' two-card totals, as rows (player two-card total,
    banker two-card total, player third card, banker third card), -1 for a card not drawn.

    Built with whole-array operations from the 100 pairs of totals and the drawing rules.

    >>> patterns = third_card_patterns(DrawingRules.standard())
    >>> patterns.shape, patterns[0].tolist()
    ((3394, 4), [0, 8, -1, -1])
    """

    def absent(rows: Array) -> Array:
        return np.hstack([rows, np.full((len(rows), 1), -1)])

    def each_value(rows: Array) -> Array:
        return np.hstack([np.repeat(rows, 10, axis=0), np.tile(np.arange(10), len(rows))[:, None]])

    totals = np.stack([axis.reshape(-1) for axis in np.indices((10, 10))], axis=1)
    player, banker = totals[:, 0], totals[:, 1]
    natural = (player >= 8) | (banker >= 8)
    player_draws = np.array(drawing.player, dtype=bool)
    after_stand = np.array(drawing.banker_player_stood, dtype=bool)
    after_draw = np.array(drawing.banker_player_drew, dtype=bool)
    # Naturals, and a standing player with a standing banker: four cards.
    stand = ~natural & ~player_draws[player]
    blocks = [absent(absent(totals[natural | (stand & ~after_stand[banker])]))]
    # A standing player with a drawing banker.
    blocks.append(each_value(absent(totals[stand & after_stand[banker]])))
    # A drawing player; the banker follows its total and the player's third card.
    with_third = each_value(totals[~natural & player_draws[player]])
    banker_hits = after_draw[with_third[:, 1], with_third[:, 2]]
    blocks.append(absent(with_third[~banker_hits]))
    blocks.append(each_value(with_third[banker_hits]))
    return np.vstack(blocks).astype(np.int64)


@functools.cache
def structure(drawing: DrawingRules) -> Structure:
    """The shoe-free tables of one set of drawing rules, built by aggregation, not by listing the
    value sequences of a deal.

    The first four cards (10,000 value sequences) are grouped by both two-card totals, their
    multiset and their matched pair values; the drawing rules depend only on the totals, so every
    final deal is one group followed by one of the third-card patterns of its totals.  A deal
    class is a (totals, third-card pattern) row, and its entries are the groups with those
    totals: distinct groups give distinct extended multisets, so no entry needs merging.

    >>> structure(DrawingRules.standard()) is structure(DrawingRules.define())
    True
    """
    p1, b1, p2, b2 = (axis.reshape(-1) for axis in np.indices((10, 10, 10, 10)))
    two_card_totals = ((p1 + p2) % 10) * 10 + (b1 + b2) % 10
    four_code = POWERS[p1] + POWERS[b1] + POWERS[p2] + POWERS[b2]
    pairs_code = (np.where(p1 == p2, p1, -1) + 1) * 11 + np.where(b1 == b2, b1, -1) + 1
    span = int(POWERS[-1]) * 7 * _PAIR_CODES
    group_code, group_sequences = np.unique(
        two_card_totals * span + four_code * _PAIR_CODES + pairs_code, return_counts=True
    )
    # The same groups without the pair values (contiguous, as the pair digits come last).
    value_code, value_first = np.unique(group_code // _PAIR_CODES, return_index=True)
    value_sequences = np.add.reduceat(group_sequences, value_first)

    patterns = third_card_patterns(drawing)
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
        np.where(p3 >= 0, POWERS[np.maximum(p3, 0)], 0) + np.where(b3 >= 0, POWERS[np.maximum(b3, 0)], 0)
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
    multisets = (multiset_codes[:, None] // POWERS[None, :]) % 7
    pair_code = extended_codes % _PAIR_CODES
    has_entries = np.diff(np.append(class_starts, len(entry_class))) > 0
    return Structure(
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


@functools.cache
def first_value_multisets(drawing: DrawingRules) -> tuple[Array, Array]:
    """For each deal class, the 100 value sequences of the first four cards (player, banker,
    player, banker) that give its two-card totals, as rows ``(C, 100, 4)``, and the value
    multiset of each whole deal ``(C, 100)``: one value sequence each.

    >>> sequences, multisets = first_value_multisets(DrawingRules.standard())
    >>> sequences.shape, multisets.shape
    ((3394, 100, 4), (3394, 100))
    """
    tables = structure(drawing)
    sequences = np.stack([axis.reshape(-1) for axis in np.indices((10, 10, 10, 10))], axis=1)
    p1, b1, p2, b2 = sequences.T
    order = np.argsort(((p1 + p2) % 10) * 10 + (b1 + b2) % 10, kind="stable").reshape(100, 100)
    player, banker, _, _, p3, b3 = tables.class_columns.T
    two_card = ((player - np.maximum(p3, 0)) % 10) * 10 + (banker - np.maximum(b3, 0)) % 10
    members = order[two_card]  # (C, 100): every pair of totals has 100 sequences
    third = np.where(p3 >= 0, POWERS[np.maximum(p3, 0)], 0) + np.where(b3 >= 0, POWERS[np.maximum(b3, 0)], 0)
    codes = POWERS[sequences].sum(axis=1)[members] + third[:, None]
    multiset = np.searchsorted(tables.multisets @ POWERS, codes)
    return sequences[members], multiset
