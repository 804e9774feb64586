"""The figures a catalogue game shows in its documentation: charts and the home page's headlines.

Both are drawn from the game's own verbs: the house edge of the chart bets against 1 to 8 decks
(the infinite-deck limit dashed), the effects of removal of the removal-chart bets, and the house
edge of each headline bet on the game's usual shoe.

>>> from cardmath.games.dragon_tiger import GAME
>>> [chart.name for chart in charts(GAME)]
['dragon-tiger-house-edge', 'dragon-tiger-effects-of-removal']
>>> headlines(GAME)[0].value
31/830
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from sympy import Rational

from cardmath.cards import Rank
from cardmath.engine import publication
from cardmath.games.game import Axis, Headline
from cardmath.shoe import Shoe
from cardmath.table import Chart

if TYPE_CHECKING:
    from cardmath.engine.game import CatalogueGame

__all__ = ["CHART_DECKS", "charts", "headlines"]

CHART_DECKS: tuple[int, ...] = tuple(range(1, 9))
"""The numbers of decks the house-edge chart shows (with the infinite-deck limit dashed)."""


def charts(game: CatalogueGame[Any, Any]) -> tuple[Chart, ...]:
    """The house edge of the game's chart bets against 1 to 8 decks, and (unless the definition
    turns it off) the effects of removal of its removal-chart bets.

    Args:
        game: The catalogue game whose definition names the bets and shoes to draw.

    Returns:
        The house-edge chart, followed by the effects-of-removal chart when the game has one.

    >>> from cardmath.games.casino_war import GAME
    >>> [chart.name for chart in charts(GAME)]
    ['casino-war-house-edge']
    """
    definition = game.definition
    known = game.built_in_bets()
    drawn = {name: known[name] for name in definition.chart_bets or tuple(known)}
    shoes = [Axis.shoe(d) for d in (*CHART_DECKS, None)]
    edges = game.analyze_many(shoes, bets=list(drawn.values()))
    by_decks = publication.house_edge_chart(game.name, game.short_title, CHART_DECKS, edges, drawn)
    if not definition.removal_chart:
        return (by_decks,)
    removed = {name: known[name] for name in definition.removal_chart_bets or tuple(known)[:3]}
    effects: dict[tuple[str, int], Mapping[Rank, Rational]] = {}
    for decks in definition.removal_chart_decks or (game.default_decks,):
        found = game.effects_of_removal(Shoe.standard(decks), bets=list(removed.values()))
        effects.update({(name, decks): by_rank for name, by_rank in found.items()})
    removal = publication.removal_chart(game.name, game.short_title, effects, removed, definition.rank_order)
    return by_decks, removal


def headlines(game: CatalogueGame[Any, Any]) -> tuple[Headline, ...]:
    """The house edge of each headline bet on the game's usual shoe (the first built-in bet when
    the definition names none).

    Args:
        game: The catalogue game whose definition names its headline bets and their words.

    Returns:
        One :class:`~cardmath.games.game.Headline` per headline bet: its name, the shoe in words,
            the exact house edge and the game's page.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> headlines(GAME)[0].shoe
    '8 decks, half lost on a tie'
    """
    definition = game.definition
    chosen = definition.headlines or ((game.bet_names[0], ""),)
    shoe = Shoe.standard(game.default_decks)
    edges = game.analyze_many([shoe], bets=[name for name, _ in chosen])[0]
    known = game.built_in_bets()
    return tuple(
        Headline(
            game.short_title if len(known) == 1 else f"{game.short_title}, {known[name].display_name}",
            f"{shoe.describe()}{', ' + words if words else ''}",
            edges[name],
            game.docs_page,
        )
        for name, words in chosen
    )
