"""High Card Pool's published tables and its documentation figure, as data.

The tables hold exact cells (:class:`~cardmath.table.Table`); the figure is a
:class:`~cardmath.table.Chart` the documentation draws.  Nothing here renders.

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

from cardmath.cards import format_cards
from cardmath.checks import checked
from cardmath.games.pool.chances import HandChance, HandSizeDistribution, distribution
from cardmath.table import Chart, Kind, Series, Table

__all__ = [
    "DEFAULT_HAND_SIZES",
    "SUMMARY_HEADERS",
    "SUMMARY_KINDS",
    "TERMS",
    "distribution_table",
    "gains_table",
    "hand_table",
    "publication_tables",
    "summary_of",
    "summary_row",
    "summary_table",
    "winning_chances_chart",
]

DEFAULT_HAND_SIZES = (3, 4, 5, 6, 7, 8)
"""The hand sizes the published set and the documentation cover."""

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

SUMMARY_KINDS: tuple[Kind, ...] = (Kind.COUNT, Kind.COUNT, Kind.COUNT, Kind.PROBABILITY, *(Kind.COUNT,) * 4)
"""What the summary's columns hold."""

TERMS: dict[str, str] = {
    "hands": "the number of hands of that size dealt from one 52-card deck",
    "unseen cards": "the cards the hand does not hold",
    "win probability": "the chance that a hand of that size wins: unseen cards it beats / unseen cards",
    "favourable hands": "hands whose chance of winning is above 1/2",
    "even hands": "hands whose chance of winning is exactly 1/2",
    "hopeless hands": "hands that beat no unseen card (chance 0)",
    "certain hands": "hands that beat every unseen card (chance 1)",
    "beaten": "how many unseen cards the hand beats",
    "probability": "the chance of being dealt such a hand",
    "win probability of the hand": "beaten divided by unseen cards: the chance such a hand wins",
    "total": "every hand of that size (the number of ways to choose it from 52 cards), probability 1",
}
"""What the words of High Card Pool's tables mean."""


def _notes(headers: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((header, TERMS[header]) for header in headers if header in TERMS)


@checked
def distribution_table(table: HandSizeDistribution) -> Table:
    """Hands by the number of unseen cards they beat: count, probability, and such a hand's chance.

    Args:
        table: The distribution of every hand of one size, from
            :func:`~cardmath.games.pool.chances.distribution`.

    Returns:
        A table with one row per number of cards beaten that some hand reaches.

    >>> distribution_table(distribution(3)).rows[0]
    (0, 20, 1/1105, 0)
    """
    rows = tuple(
        (beaten, hands, table.probability_of_beating(beaten), Rational(beaten, table.unseen))
        for beaten, hands in enumerate(table.hands_beating)
        if hands
    )
    total = ("total", sum(table.hands_beating), sum(row[2] for row in rows), None)
    return Table(
        f"High Card Pool, {table.hand_size}-card hands: unseen cards beaten",
        ("beaten", "hands", "probability", "win probability of the hand"),
        (*rows, total),
        kinds=(Kind.COUNT, Kind.COUNT, Kind.PROBABILITY, Kind.PROBABILITY),
        notes=_notes(("beaten", "hands", "probability", "win probability of the hand", "total")),
        slug="unseen-cards-beaten",
    )


def summary_row(table: HandSizeDistribution) -> tuple[int | Rational, ...]:
    """One summary row (see :data:`SUMMARY_HEADERS`).

    Args:
        table: The distribution of every hand of one size.

    Returns:
        The hand size, the counts of hands and unseen cards, the chance, and the counts of
            favourable, even, hopeless and certain hands.

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


def summary_of(table: HandSizeDistribution) -> Table:
    """The summary of one distribution, as a table of one row.

    Args:
        table: The distribution of every hand of one size (cards out of play allowed).

    Returns:
        A table titled for the hand size, with the summary's columns.

    >>> summary_of(distribution(4, "As")).rows[0][:3]
    (4, 249900, 47)
    """
    return Table(
        f"High Card Pool, {table.hand_size}-card hands: summary",
        SUMMARY_HEADERS,
        (summary_row(table),),
        kinds=SUMMARY_KINDS,
        notes=_notes(SUMMARY_HEADERS),
        slug="summary",
    )


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


def hand_table(chance: HandChance) -> Table:
    """One hand's cards: how many unseen cards each beats, and whether it is the highest of its suit.

    Args:
        chance: One hand explained, from :func:`~cardmath.games.pool.chances.explain`.

    Returns:
        A table titled with the hand, a row per card in the hand's order.

    >>> from cardmath.games.pool.chances import explain
    >>> hand_table(explain("As,2s,Kh")).rows
    (('As', 11, 'yes'), ('2s', 0, 'no'), ('Kh', 11, 'yes'))
    """
    return Table(
        f"Hand {format_cards(chance.hand)}",
        ("card", "unseen cards below it", "highest of its suit"),
        tuple((str(c.card), c.beats, "yes" if c.highest_of_suit else "no") for c in chance.cards),
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
