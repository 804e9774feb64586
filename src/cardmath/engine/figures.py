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

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from sympy import Rational

from cardmath.bets import RuleBet
from cardmath.cards import Rank
from cardmath.engine import publication
from cardmath.engine.definition import Definition
from cardmath.engine.protocol import Axis, Headline
from cardmath.engine.settle import HouseEdges
from cardmath.engine.verbs import BetChoice
from cardmath.shoe import Shoe
from cardmath.table import Chart

__all__ = ["CHART_DECKS", "DrawnGame", "charts", "headlines"]

CHART_DECKS: tuple[int, ...] = tuple(range(1, 9))
"""The numbers of decks the house-edge chart shows (with the infinite-deck limit dashed)."""


@runtime_checkable
class DrawnGame(Protocol):
    """What the figures read of a game: its names, its definition and three of its verbs.  A
    :class:`~cardmath.engine.game.CatalogueGame` is one; the figures read it through this protocol,
    so that this module never imports :mod:`cardmath.engine.game`, which calls it.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> isinstance(GAME, DrawnGame)
    True
    """

    @property
    def name(self) -> str: ...
    @property
    def short_title(self) -> str: ...
    @property
    def docs_page(self) -> str: ...
    @property
    def default_decks(self) -> int: ...
    @property
    def bet_names(self) -> tuple[str, ...]: ...
    @property
    def definition(self) -> Definition[Any, Any]: ...

    def built_in_bets(self) -> Mapping[str, RuleBet[Any]]:
        """The game's built-in bets under its usual rules.

        Returns:
            Each bet by its name, in the game's order.
        """
        ...

    def analyze_many(self, shoes: Sequence[Shoe], *, bets: BetChoice = None) -> list[HouseEdges]:
        """The house edge of each chosen bet on each of many shoes.

        Args:
            shoes: The shoes to evaluate, finite or infinite.
            bets: The bets, by name or as bets of the game; ``None`` for every built-in bet.

        Returns:
            One mapping per shoe, in order: each bet's exact house edge by name.
        """
        ...

    def effects_of_removal(
        self, shoe: Shoe, *, bets: BetChoice = None
    ) -> Mapping[str, Mapping[Rank, Rational]]:
        """For each chosen bet, the change in house edge when one card of each rank is removed.

        Args:
            shoe: A finite shoe with more cards than the longest deal.
            bets: The bets, by name or as bets of the game; ``None`` for every built-in bet.

        Returns:
            By bet name, then by rank: the exact change in house edge.
        """
        ...


def charts(game: DrawnGame) -> tuple[Chart, ...]:
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
    decks = [d for d in CHART_DECKS if d in definition.decks]
    limit = None in definition.decks
    drawn_charts: tuple[Chart, ...] = ()
    if len(decks) > 1:  # a game dealt from one deck has no curve by number of decks
        shoes = [Axis.shoe(d) for d in (*decks, *([None] if limit else []))]
        edges = game.analyze_many(shoes, bets=list(drawn.values()))
        chart = publication.house_edge_chart(game.name, game.short_title, decks, edges, drawn, limit=limit)
        drawn_charts = (chart,)
    if not definition.removal_chart:
        return drawn_charts
    removed = {name: known[name] for name in definition.removal_chart_bets or tuple(known)[:3]}
    effects: dict[tuple[str, int], Mapping[Rank, Rational]] = {}
    for number in definition.removal_chart_decks or (game.default_decks,):
        found = game.effects_of_removal(Shoe.standard(number), bets=list(removed.values()))
        effects.update({(name, number): by_rank for name, by_rank in found.items()})
    removal = publication.removal_chart(game.name, game.short_title, effects, removed, definition.rank_order)
    return (*drawn_charts, removal)


def headlines(game: DrawnGame) -> tuple[Headline, ...]:
    """The house edge of each headline bet on the game's usual shoe (the first built-in bet when
    the definition names none).

    Args:
        game: The catalogue game whose definition names its headline bets and their words.

    Returns:
        One :class:`~cardmath.engine.protocol.Headline` per headline bet: its name, the shoe in words,
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
