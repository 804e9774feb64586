"""The generated parts of the page on what a player sees (``information.md``), from the registry.

Every game whose definition publishes tables of what a player can see (``seen_tables``: edge
sorting, the best sorts) gets, on that page:

- ``<!-- cardmath:seen-tables -->``: a section per game with those tables for :data:`DECKS`
  decks, each with its download links, laid out as every table of the site
  (``table_markdown`` of ``docs/gen_pages.py``, passed in).  A table of several positions shows
  their groups in one column (:func:`one_pattern_column`): one column per position would make it
  too wide for the column at 1280 px, and a table cut into parts keeps only its first column in
  each, leaving a row's figures apart from most of its pattern;
- ``<!-- cardmath:seen-chart -->``: a chart of the player's edge, sitting out the losing patterns,
  of each published sort by number of decks (:data:`CHART_DECKS`), drawn in a wide and a narrow
  drawing by ``docs/charts.py`` (``chart_files`` and ``chart_markup``, passed in).  A table of the
  best sorts adds the best sort it finds on :data:`DECKS` decks, unless a published sort of the
  same positions is that sort already.

No game is named here: a game that opts in to ``seen_tables`` appears on the page by itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

import site_tables
from answer_card import answer_box, figure_line

from cardmath.games.registry import GAMES
from cardmath.information import Grouping, best_sorts, pattern_table, read_grouping
from cardmath.information.tables import seen_tables
from cardmath.shoe import Shoe
from cardmath.table import Chart, Kind, Series, Table

__all__ = [
    "CHART_DECKS",
    "CHART_NAME",
    "DECKS",
    "edge_chart",
    "information_markers",
    "one_pattern_column",
    "seen_games",
    "sort_edge",
]

DECKS = 8
"""The number of decks of the page's tables: that of the published edge-sorting figures."""

CHART_DECKS = tuple(range(1, 9))
"""The numbers of decks along the chart's x axis."""

CHART_NAME = "information-edge-by-decks"
"""The chart's file name (``img/NAME.svg`` and ``img/NAME-narrow.svg``)."""


def seen_games() -> tuple[Any, ...]:
    """The games of the registry that publish tables of what a player can see, in its order."""
    return tuple(game for game in GAMES if schemes(game))


def schemes(game: Any) -> tuple[Any, ...]:
    """A game's published tables of what a player can see (its definition's ``seen_tables``)."""
    return tuple(getattr(getattr(game, "definition", None), "seen_tables", ()) or ())


def _categories(game: Any) -> tuple[str, ...]:
    """How the game knows a card at a position (baccarat's values, the ranks elsewhere)."""
    return tuple(game.counter(game.default_rules).known_categories())


def _same(first: Grouping, second: Grouping) -> bool:
    """Whether two sorts make the same groups, in whatever order."""
    return set(first.groups) == set(second.groups)


def _sorts(game: Any) -> list[tuple[Any, Grouping, bool]]:
    """Each sort the chart draws for a game: ``(scheme, grouping, found)``, ``found`` for the best
    sort of a table of best sorts (on :data:`DECKS` decks)."""
    categories = _categories(game)
    sorts = [
        (scheme, read_grouping(scheme.groups, categories), False) for scheme in schemes(game) if scheme.groups
    ]
    for scheme in schemes(game):
        if scheme.groups:
            continue
        (best,) = best_sorts(game, Shoe.standard(DECKS), scheme.positions, scheme.bets, top=1)
        published = [grouping for other, grouping, _ in sorts if other.positions == scheme.positions]
        if not any(_same(best.grouping, grouping) for grouping in published):
            sorts.append((scheme, best.grouping, True))
    return sorts


def series_name(game: Any, positions: Sequence[str], grouping: Grouping, found: bool) -> str:
    """A panel's title: the game, the positions seen and the first group of the sort (the card is
    seen as in it or not), short enough for a phone's narrow panels."""
    best = " (best)" if found else ""
    return f"{game.short_title}, {' '.join(positions)}: {grouping.names[0]}{best}"


def sort_edge(game: Any, scheme: Any, grouping: Grouping, decks: int) -> float:
    """The player's edge per hand dealt, in percent, sitting out every pattern where each bet
    loses, of one sort of a scheme's positions on ``decks`` fresh decks."""
    shoe = Shoe.standard(decks)
    table = pattern_table(game, shoe, scheme.positions, grouping=grouping, bets=scheme.bets)
    return float(table.edge_sitting_out) * 100


def edge_chart() -> Chart:
    """The player's edge per hand dealt, sitting out every pattern where each bet loses, of each
    published sort of each game, for 1 to 8 decks: a panel per sort (their scales differ)."""
    series = []
    for game in seen_games():
        for scheme, grouping, found in _sorts(game):
            points = tuple((float(decks), sort_edge(game, scheme, grouping, decks)) for decks in CHART_DECKS)
            series.append(Series(series_name(game, scheme.positions, grouping, found), points))
    return Chart(
        CHART_NAME,
        "The player's edge of each published sort, by number of decks",
        "decks",
        "player's edge per hand dealt, %",
        tuple(series),
        panels=True,
    )


def one_pattern_column(table: Table, positions: Sequence[str]) -> Table:
    """A pattern table of several positions with its first columns (one per position) made one:
    the pattern, its groups side by side in deal order.

    >>> rows = (("6789", "012345", 0.5),)
    >>> table = Table("t", ("P1 card", "B1 card", "tie"), rows, footer=(("edge", None, 1),))
    >>> merged = one_pattern_column(table, ("P1", "B1"))
    >>> merged.headers, merged.rows, merged.footer
    (('P1, B1 cards', 'tie'), (('6789, 012345', 0.5),), (('edge', 1),))
    """
    count = len(positions)
    if count < 2:
        return table
    return dataclasses.replace(
        table,
        headers=(f"{', '.join(positions)} cards", *table.headers[count:]),
        rows=tuple((", ".join(str(cell) for cell in row[:count]), *row[count:]) for row in table.rows),
        kinds=(Kind.TEXT, *(table.column_kind(column) for column in range(count, len(table.headers)))),
        footer=tuple((row[0], *row[count:]) for row in table.footer),
    )


def seen_sections(render: Callable[..., str]) -> str:
    """A section per game: its tables of what a player can see on :data:`DECKS` decks, rendered
    by ``render`` (``table_markdown``), each game's terms defined once."""
    shoe = Shoe.standard(DECKS)
    parts = []
    for game in seen_games():
        defined: set[str] = set()
        tables: Sequence[Table] = seen_tables(game, schemes(game), shoe)
        shown = [
            one_pattern_column(table, scheme.positions) if scheme.groups else table
            for scheme, table in zip(schemes(game), tables, strict=True)
        ]
        body = "\n".join(
            render(table, game=game.name, prefix="", defined=defined, room=site_tables.PAGE_COLUMN_PX)
            for table in shown
        )
        parts.append(
            f"### {game.title}\n\n"
            f"For {shoe.describe()}; the same tables for every shoe are on the odds pages of "
            f"[the {game.short_title} page]({game.docs_page}#the-odds-tables).\n\n{body}"
        )
    return "\n".join(parts)


def answer() -> str:
    """The page's answer card: for each game that publishes what a player can see, what its first
    published sort is worth per hand dealt, sitting out the patterns where every bet loses."""
    shoe = Shoe.standard(DECKS)
    lines = []
    for game in seen_games():
        categories = _categories(game)
        for scheme in schemes(game):
            if scheme.groups:
                grouping = read_grouping(scheme.groups, categories)
                table = pattern_table(game, shoe, scheme.positions, grouping=grouping, bets=scheme.bets)
                seen = " and ".join(scheme.positions)
                group = grouping.names[0]
                words = f"per hand, seeing whether {seen} is {group} ({game.short_title}, {DECKS} decks)"
                lines.append(figure_line(table.edge_sitting_out, words))
                break
    lines.append(
        "Exact, computed when this site was built. Below: [edge sorting](#edge-sorting), and "
        "[the published tables](#the-published-tables)."
    )
    return answer_box(lines)


def information_markers(
    render: Callable[..., str],
    draw: Callable[[Chart], Sequence[Chart]],
    markup: Callable[..., str],
) -> dict[str, Callable[[str], str]]:
    """What each marker of the page becomes; ``render`` shows a table, ``draw`` writes a chart's
    drawings into the site and ``markup`` places them (those of ``docs/gen_pages.py``)."""
    return {
        "answer": lambda _: answer(),
        "seen-tables": lambda _: seen_sections(render),
        "seen-chart": lambda _: markup(draw(edge_chart()), prefix=""),
    }
