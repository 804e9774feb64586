"""Chemin de fer's published figures as data: tables of exact values, and charts.

For one solution (:func:`solution_tables`, made in :mod:`~cardmath.games.chemin_de_fer.solution`
and exported here): the value or the equilibrium payoffs with the link to punto banco, Player's
strategy on his 5-hands, Banker's strategy as a grid (his hand by Player's action: ``D`` draw,
``S`` stand, a fraction the probability of drawing, ``·`` a situation the shoe cannot deal), and
the situations where punto banco's tableau departs from it.  For one number of decks
(:func:`publication_tables`): models B2 and B3, parlor and casino (5 percent), and how Player's
play on 5 moves when a card is removed; for infinite decks, model A1 (Kemeny and Snell's).  Across
the decks, :func:`summary_table`; for the documentation, :func:`charts`.

>>> [table.title for table in publication_tables(None)][:2]
['Chemin de fer A1, infinite decks: solution', "Chemin de fer A1, infinite decks: Player's strategy"]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from sympy import Rational

from cardmath.engine.protocol import Axis
from cardmath.games.chemin_de_fer.analysis import Solution, analyze, draw_effects_of_removal
from cardmath.games.chemin_de_fer.hands import VALUES, Hand
from cardmath.games.chemin_de_fer.profiles import Uniqueness
from cardmath.games.chemin_de_fer.rules import (
    CASINO_COMMISSION,
    DEFAULT_DECKS,
    CheminDeFerRules,
    Information,
)
from cardmath.games.chemin_de_fer.solution import (
    _heading,
    _slug,
    banker_table,
    departures_table,
    player_table,
    solution_table,
    solution_tables,
)
from cardmath.table import Chart, Series, Table

__all__ = [
    "DRAW_CHART",
    "REMOVAL_CHART",
    "VALUE_CHART",
    "banker_table",
    "charts",
    "departures_table",
    "player_table",
    "publication_tables",
    "removal_table",
    "solution_table",
    "solution_tables",
    "solve_point",
    "summary_table",
]

DRAW_CHART = "chemin-de-fer-draw-at-5"
"""The name (``img/NAME.svg``) of the chart of Player's optimal probability of drawing on 5 by decks."""

VALUE_CHART = "chemin-de-fer-value"
"""The name (``img/NAME.svg``) of the chart of the game's value by decks."""

REMOVAL_CHART = "chemin-de-fer-removal"
"""The name (``img/NAME.svg``) of the chart of how removing a card moves Player's play on 5."""

_TITLE = "Chemin de fer"


def _rules(point: int | None) -> tuple[CheminDeFerRules, ...]:
    informations = (
        (Information.TOTALS,) if point is None else (Information.BANKER_COMPOSITION, Information.COMPOSITIONS)
    )
    return tuple(
        CheminDeFerRules(information, commission)
        for commission in (Rational(0), CASINO_COMMISSION)
        for information in informations
    )


@functools.lru_cache(maxsize=128)
def solve_point(point: int | None, rules: CheminDeFerRules) -> Solution:
    """The solution on ``point`` fresh decks (``None``: dealing with replacement), cached.

    Args:
        point: A number of fresh decks, or ``None`` for the infinite shoe.
        rules: What each side sees and the commission.

    Returns:
        The solution, computed once for each pair of arguments.

    >>> solve_point(None, CheminDeFerRules(information="totals")).value
    -679568/53094899
    """
    return analyze(Axis.shoe(point), rules)


def removal_table(point: int, rules: CheminDeFerRules) -> Table:
    """Player's optimal probability of drawing on each 5-hand after one card of each value is
    removed from ``point`` fresh decks (a dash where the optimal play is not unique).

    Args:
        point: A number of fresh decks.
        rules: What each side sees and the commission.

    Returns:
        A table with a row for the full shoe and one per value removed.

    >>> table = removal_table(1, CheminDeFerRules(information="banker composition"))
    >>> table.headers[:3], table.rows[0][:2]
    (('card removed', 'cards left', '5'), ('none', 52))
    """
    solution = solve_point(point, rules)
    shoe = solution.shoe
    effects = draw_effects_of_removal(shoe, rules)
    rows = [("none", shoe.size, *solution.player.values())]
    for value, changes in effects.items():
        rows.append((str(value), shoe.size - 1, *(solution.player[h] + changes[h] for h in solution.choices)))
    return Table(
        f"{_heading(solution)}: Player's probability of drawing after one card is removed",
        ("card removed", "cards left", *(str(hand) for hand in solution.choices)),
        tuple(rows),
        slug=_slug(solution, "removal"),
    )


def publication_tables(point: int | None) -> tuple[Table, ...]:
    """Every published table for ``point`` fresh decks: models B2 and B3 in the parlor game and
    the casino game (5 percent), and the effects of removing a card on Player's play in the parlor
    game; for infinite decks, model A1.

    Args:
        point: A number of fresh decks, or ``None`` for dealing with replacement.

    Returns:
        Four tables per model and commission, then the removal tables.

    >>> [t.title for t in publication_tables(None)][-1]
    "Chemin de fer A1 with a 5% commission, infinite decks: departures of punto banco's tableau"
    """
    tables: list[Table] = []
    for rules in _rules(point):
        tables += solution_tables(solve_point(point, rules))
    if point is not None:
        for rules in _rules(point)[:2]:
            tables.append(removal_table(point, rules))
    return tuple(tables)


def _mixed(solution: Solution, hand: Hand) -> Rational | None:
    return solution.player[hand] if solution.uniqueness is Uniqueness.UNIQUE else None


def summary_table(points: Sequence[int | None]) -> Table:
    """One row per number of decks: the value under models 2 and 3 (with replacement they are
    Kemeny and Snell's), Player's probability of drawing on 5 (on {1,4} under model 3, where he
    mixes), and the casino game's equilibrium under model 2 (a dash where the play is not unique).

    Args:
        points: Numbers of decks, ``None`` for infinite, in the order of the rows.

    Returns:
        A table with a row per number of decks.

    >>> table = summary_table([6, None])
    >>> table.rows[1][:3]
    ('infinite decks', -679568/53094899, 9/11)
    """
    rows = []
    mixed = Hand(5, (1, 4))
    for point in points:
        two = solve_point(point, CheminDeFerRules(Information.BANKER_COMPOSITION))
        three = solve_point(point, CheminDeFerRules(Information.COMPOSITIONS))
        casino = solve_point(point, CheminDeFerRules(Information.BANKER_COMPOSITION, CASINO_COMMISSION))
        rows.append(
            (
                Axis.DECKS.label(point),
                two.value,
                two.player[Hand(5)],
                three.value,
                _mixed(three, mixed),
                casino.value,
                casino.player[Hand(5)],
            )
        )
    return Table(
        f"{_TITLE}: value and Player's play on 5 by number of decks",
        (
            "decks",
            "value, model 2",
            "draws on 5, model 2",
            "value, model 3",
            "draws on {1,4}, model 3",
            "Player's payoff, casino 5%, model 2",
            "draws on 5, casino, model 2",
        ),
        tuple(rows),
        slug="value-by-decks",
    )


def _points(values: Sequence[tuple[int, Rational | None]], scale: int = 1) -> tuple[tuple[float, float], ...]:
    """Chart points, floats for drawing only."""
    return tuple((float(x), float(scale * y)) for x, y in values if y is not None)


def charts() -> tuple[Chart, ...]:
    """The page's figures: Player's optimal probability of drawing on 5 and the value against 1 to 8
    decks (dashed: dealing with replacement), and how removing one card from six decks moves
    Player's play on 5.

    Returns:
        Three charts: Player's play on 5, the value, and the effect of removing a card.

    >>> draw, value, removal = charts()
    >>> draw.name, [series.name for series in draw.series][:2]
    ('chemin-de-fer-draw-at-5', ['model B2: on 5', 'model B3: on {1,4}'])
    >>> round(draw.series[0].limit or 0, 4)
    0.8182
    """
    decks = range(1, 9)
    two = CheminDeFerRules(Information.BANKER_COMPOSITION)
    three = CheminDeFerRules(Information.COMPOSITIONS)
    casino = CheminDeFerRules(Information.BANKER_COMPOSITION, CASINO_COMMISSION)
    mixed = Hand(5, (1, 4))
    a1 = solve_point(None, CheminDeFerRules(Information.TOTALS))
    a1_casino = solve_point(None, CheminDeFerRules(Information.TOTALS, CASINO_COMMISSION))
    draw = Chart(
        DRAW_CHART,
        f"{_TITLE}: Player's optimal probability of drawing on 5 (dashed: with replacement)",
        "decks",
        "probability of drawing",
        (
            Series(
                "model B2: on 5",
                _points([(d, solve_point(d, two).player[Hand(5)]) for d in decks]),
                limit=float(a1.player[Hand(5)]),
            ),
            Series("model B3: on {1,4}", _points([(d, _mixed(solve_point(d, three), mixed)) for d in decks])),
            Series(
                "casino 5%, model B2: on 5",
                _points([(d, solve_point(d, casino).player[Hand(5)]) for d in decks]),
                limit=float(a1_casino.player[Hand(5)]),
            ),
        ),
    )
    value = Chart(
        VALUE_CHART,
        f"{_TITLE}: value of the parlor game to Player (dashed: with replacement)",
        "decks",
        "value to Player, %",
        tuple(
            Series(
                f"model B{rules.information.digit}",
                _points([(d, solve_point(d, rules).value) for d in decks], 100),
                limit=float(100 * a1.value),
            )
            for rules in (two, three)
        ),
    )
    effects = {
        "model B2: on 5": (two, Hand(5)),
        "model B3: on {1,4}": (three, mixed),
    }
    removal = Chart(
        REMOVAL_CHART,
        f"{_TITLE}: change in Player's probability of drawing when one card leaves {DEFAULT_DECKS} decks",
        f"value of the card removed from {DEFAULT_DECKS} decks",
        "change in probability of drawing",
        tuple(
            Series(
                name,
                _points(
                    [
                        (v, change[hand])
                        for v, change in draw_effects_of_removal(Axis.shoe(DEFAULT_DECKS), rules).items()
                    ]
                ),
            )
            for name, (rules, hand) in effects.items()
        ),
        kind="bar",
        x_labels=tuple((float(v), str(v)) for v in VALUES),
    )
    return draw, value, removal
