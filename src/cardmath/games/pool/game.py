"""High Card Pool as the rest of cardmath sees it: the :data:`GAME` object of the registry.

Its published tables range over hand sizes (3 to 8 cards); its command,
``cardmath pool``, is the adapter :mod:`cardmath.cli.pool` (hands, best bets and the game
simulated).

>>> GAME.name, GAME.axis.folder(5), GAME.default_points
('pool', 'hand-size-5', (3, 4, 5, 6, 7, 8))
>>> [table.title for table in GAME.publication_tables(4)]
['High Card Pool, 4-card hands: unseen cards beaten', 'High Card Pool, 4-card hands: summary']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardmath.engine.protocol import Axis, Headline, Verb
from cardmath.errors import OptionError
from cardmath.games.pool.chances import distribution
from cardmath.games.pool.tables import (
    DEFAULT_HAND_SIZES,
    publication_tables,
    summary_table,
    winning_chances_chart,
)
from cardmath.table import Chart, Table

__all__ = ["GAME", "PoolGame"]


@dataclass(frozen=True)
class PoolGame:
    """Red Dog / High Card Pool for the registry, the published set and the documentation
    (a :class:`~cardmath.engine.protocol.Game`; not a shoe game: it is played with one pack and
    published by hand size).

    >>> from cardmath.engine.protocol import Game
    >>> isinstance(PoolGame(), Game), PoolGame().command
    (True, 'cardmath.cli.pool')
    """

    name: str = "pool"
    title: str = "Red Dog / High Card Pool"
    short_title: str = "High Card Pool"
    summary: str = "Red Dog / High Card Pool: chances of every hand, best bets, the game simulated"
    description: str = (
        "Exact chances of High Card Pool. Without --hand: how many hands of --hand-size cards beat "
        "each number of unseen cards, with --seen cards out of play. With --hand: that hand's chance "
        "given the --seen cards, which of its cards beat how many, and its best bet. "
        "'cardmath pool simulate --help' plays the whole game. The rules are on the game's page "
        "of the documentation."
    )
    docs_page: str = "games/pool.md"
    axis: Axis = Axis.HAND_SIZES
    default_points: tuple[int | None, ...] = DEFAULT_HAND_SIZES
    command: str = "cardmath.cli.pool"
    aliases: tuple[str, ...] = ("high-card-pool", "high card pool", "red dog pool", "red-dog-pool")
    verbs: frozenset[Verb] = frozenset()
    """High Card Pool is played with one pack and no shoe: none of the shoe verbs (its library is
    :func:`~cardmath.games.pool.win_probability`, :func:`~cardmath.games.pool.distribution` and the
    betting and simulation of :mod:`cardmath.games.pool`)."""

    @property
    def command_examples(self) -> dict[str, tuple[str, ...]]:
        """Cheap valid command lines: the distribution, and the game simulated."""
        return {
            "pool": ("pool",),
            "pool simulate": ("pool", "simulate", "--players", "2", "--rounds", "3", "--seed", "1"),
        }

    def headlines(self) -> tuple[Headline, ...]:
        """The home page's figure: the chance a 5-card hand beats the turned card.

        >>> GAME.headlines()[0].value
        8689/19740
        """
        chance = distribution(5).win_probability
        return (Headline("High Card Pool", "a 5-card hand", chance, self.docs_page, "chance of winning"),)

    def publication_tables(self, point: int | None) -> tuple[Table, ...]:
        """The distribution of beaten cards and the summary for hands of ``point`` cards.

        >>> beaten, summary = GAME.publication_tables(3)
        >>> summary.rows[0][:2]
        (3, 22100)
        """
        return publication_tables(_hand_size(point))

    def summary_table(self, points: Sequence[int | None]) -> Table:
        """One summary row per hand size.

        >>> [row[0] for row in GAME.summary_table([3, 4]).rows]
        [3, 4]
        """
        return summary_table([_hand_size(point) for point in points])

    def charts(self) -> tuple[Chart, ...]:
        """The distribution of winning chances for every default hand size.

        >>> [chart.name for chart in GAME.charts()]
        ['pool-winning-chances']
        """
        return (winning_chances_chart([_hand_size(point) for point in self.default_points]),)


def _hand_size(point: int | None) -> int:
    if point is None:
        raise OptionError("High Card Pool's tables range over hand sizes: give a number of cards, not None")
    return point


GAME = PoolGame()
"""High Card Pool, as the registry lists it."""
