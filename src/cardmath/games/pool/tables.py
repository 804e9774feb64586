"""High Card Pool's published tables and its documentation figure, as data.

The tables hold exact cells (:class:`~cardmath.table.Table`); the figure is a
:class:`~cardmath.table.Chart` the documentation draws.  Nothing here renders.  The tables of one
result (:func:`distribution_table`, :func:`summary_of`, :func:`hand_table`; a simulation's
:func:`simulation_tables`) are made in :mod:`~cardmath.games.pool.hand_results` and
:mod:`~cardmath.games.pool.simulation_results`, beside the results they show, and exported here too.

>>> first, summary = publication_tables(5)
>>> first.title
'High Card Pool, 5-card hands: unseen cards beaten'
>>> dict(zip(summary.headers, summary.rows[0]))["win probability"]
8689/19740
>>> winning_chances_chart([5]).series[0].name
'5 cards'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from sympy import Rational

from cardmath.games.pool.chances import distribution
from cardmath.games.pool.hand_results import (
    SUMMARY_HEADERS,
    SUMMARY_KINDS,
    TERMS,
    _notes,
    distribution_table,
    hand_table,
    summary_of,
    summary_row,
)
from cardmath.games.pool.simulation_results import simulation_tables
from cardmath.table import Chart, Series, Table

__all__ = [
    "DEFAULT_HAND_SIZES",
    "SUMMARY_HEADERS",
    "SUMMARY_KINDS",
    "TERMS",
    "distribution_table",
    "gains_table",
    "hand_table",
    "publication_tables",
    "simulation_tables",
    "summary_of",
    "summary_row",
    "summary_table",
    "winning_chances_chart",
]

DEFAULT_HAND_SIZES = (3, 4, 5, 6, 7, 8)
"""The hand sizes the published set and the documentation cover."""


def publication_tables(hand_size: int) -> tuple[Table, ...]:
    """The distribution of beaten cards and the summary for hands of ``hand_size`` cards.

    Of the 270,725 four-card hands, 35 beat no card and only the four aces beat all 48:

    Args:
        hand_size: The cards in each hand, from 1 to 51 (the published set has 3 to 8).

    Returns:
        Two tables: the hands by number of unseen cards beaten, then the one-row summary.

    >>> beaten, summary = publication_tables(4)
    >>> beaten.rows[0], beaten.rows[-2], beaten.rows[-1], summary.rows[0][1]
    ((0, 35, 1/7735, 0), (48, 1, 1/270725, 1), ('total', 270725, 1, None), 270725)
    """
    table = distribution(hand_size)
    return distribution_table(table), summary_of(table)


def summary_table(hand_sizes: Iterable[int] = DEFAULT_HAND_SIZES) -> Table:
    """One summary row per hand size (3 to 8 cards by default).

    Args:
        hand_sizes: The hand sizes to compare, one row each, in the order given.

    Returns:
        A table with the summary's columns, a row per hand size.

    >>> [row[3] for row in summary_table([4, 5]).rows]
    [4489/11900, 8689/19740]
    """
    return Table(
        "High Card Pool: every hand size",
        SUMMARY_HEADERS,
        tuple(summary_row(distribution(size)) for size in hand_sizes),
        kinds=SUMMARY_KINDS,
        notes=_notes(SUMMARY_HEADERS),
        slug="every-hand-size",
    )


def gains_table(gains: Mapping[str, Rational]) -> Table:
    """The exact expected gains of one turn (from :func:`~cardmath.games.pool.betting.turn_gains`).

    Args:
        gains: The exact gains by name, as ``turn_gains`` gives them.

    Returns:
        A table of two columns, each gain's name in words and its exact value.

    >>> from cardmath.games.pool.betting import Stakes, turn_gains
    >>> gains_table(turn_gains(5, Stakes.pool_game(5, 1))).rows
    (('first player expected gain', 1733/11186),)
    """
    rows = tuple((name.replace("_", " "), value) for name, value in gains.items())
    return Table("Exact expected gains of one turn, best bet", ("quantity", "value"), rows)


def winning_chances_chart(hand_sizes: Iterable[int] = DEFAULT_HAND_SIZES) -> Chart:
    """How the hands of each size spread over their chance of winning (nothing else seen): one
    line per hand size, the chance on x, the share of hands (in %) on y.

    Args:
        hand_sizes: The hand sizes to draw, one line each (3 to 8 cards by default).

    Returns:
        The chart named ``pool-winning-chances``, with its axes' titles and a series per hand size.

    >>> chart = winning_chances_chart([3])
    >>> chart.name, chart.series[0].points[0]
    ('pool-winning-chances', (0.0, 0.09049773755656108))
    """
    series = []
    for size in hand_sizes:
        table = distribution(size)
        points = tuple(
            (beaten / table.unseen, 100 * hands / table.hands)
            for beaten, hands in enumerate(table.hands_beating)
        )
        series.append(Series(f"{size} cards", points))
    return Chart(
        "pool-winning-chances",
        "High Card Pool: distribution of winning chances",
        "chance that the hand wins (unseen cards it beats / unseen cards)",
        "% of hands",
        tuple(series),
    )
