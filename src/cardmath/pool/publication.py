"""High Card Pool's published tables: exact cells, ready for :func:`cardmath.tables.render_table`.

>>> first, summary = publication_tables(5)
>>> first.title
'High Card Pool, 5-card hands: unseen cards beaten'
>>> dict(zip(summary.headers, summary.rows[0]))["win probability"]
8689/19740
"""

from __future__ import annotations

from collections.abc import Iterable

from sympy import Rational

from cardmath.pool.chances import HandSizeDistribution, distribution
from cardmath.tables import Table

__all__ = ["SUMMARY_HEADERS", "distribution_table", "publication_tables", "summary_row", "summary_table"]

SUMMARY_HEADERS = (
    "hand size",
    "hands",
    "unseen cards",
    "win probability",
    "favourable hands",
    "even hands",
    "hopeless hands",
    "certain hands",
)
"""Columns of the summary: favourable means a chance above 1/2, even exactly 1/2, hopeless 0, certain 1."""


def distribution_table(table: HandSizeDistribution) -> Table:
    """Hands by the number of unseen cards they beat: count, probability, and such a hand's chance.

    >>> distribution_table(distribution(3)).rows[0]
    (0, 20, 1/1105, 0)
    """
    rows = tuple(
        (beaten, hands, table.probability_of_beating(beaten), Rational(beaten, table.unseen))
        for beaten, hands in enumerate(table.hands_beating)
        if hands
    )
    return Table(
        f"High Card Pool, {table.hand_size}-card hands: unseen cards beaten",
        ("beaten", "hands", "probability", "win probability of the hand"),
        rows,
    )


def summary_row(table: HandSizeDistribution) -> tuple[int | Rational, ...]:
    """One summary row (see :data:`SUMMARY_HEADERS`).

    >>> dict(zip(SUMMARY_HEADERS, summary_row(distribution(5))))  # doctest: +NORMALIZE_WHITESPACE
    {'hand size': 5, 'hands': 2598960, 'unseen cards': 47, 'win probability': 8689/19740,
     'favourable hands': 862680, 'even hands': 0, 'hopeless hands': 56, 'certain hands': 48}
    """
    return (
        table.hand_size,
        table.hands,
        table.unseen,
        table.win_probability,
        table.favourable_hands,
        table.even_hands,
        table.hopeless_hands,
        table.certain_hands,
    )


def publication_tables(hand_size: int) -> tuple[Table, ...]:
    """The distribution of beaten cards and the summary for hands of ``hand_size`` cards.

    Of the 270,725 four-card hands, 35 beat no card and only the four aces beat all 48:

    >>> beaten, summary = publication_tables(4)
    >>> beaten.rows[0], beaten.rows[-1], summary.rows[0][1]
    ((0, 35, 1/7735, 0), (48, 1, 1/270725, 1), 270725)
    """
    table = distribution(hand_size)
    summary = Table(
        f"High Card Pool, {hand_size}-card hands: summary", SUMMARY_HEADERS, (summary_row(table),)
    )
    return distribution_table(table), summary


def summary_table(hand_sizes: Iterable[int] = range(3, 9)) -> Table:
    """One summary row per hand size (3 to 8 cards by default).

    >>> [row[3] for row in summary_table([4, 5]).rows]
    [4489/11900, 8689/19740]
    """
    return Table(
        "High Card Pool: every hand size",
        SUMMARY_HEADERS,
        tuple(summary_row(distribution(size)) for size in hand_sizes),
    )
