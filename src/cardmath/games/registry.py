"""The registry of games: the one place that lists them.

The command line, the published table set, the documentation and its navigation iterate
:data:`GAMES`; nothing else names the games.  Adding a game is one folder under
``cardmath/games/`` and one line here.

>>> [game.name for game in GAMES][:3]
['reddog', 'baccarat', 'pool']
>>> find_game("baccarat").title
'Baccarat (punto banco)'
>>> find_game("poker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardmath.errors.OptionError: unknown game 'poker': choose from reddog, baccarat, pool...
"""

from __future__ import annotations

from cardmath.errors import OptionError
from cardmath.games.baccarat.game import GAME as BACCARAT
from cardmath.games.chemin_de_fer.game import GAME as CHEMIN_DE_FER
from cardmath.games.dragon_tiger.game import GAME as DRAGON_TIGER
from cardmath.games.game import Game
from cardmath.games.pool.game import GAME as POOL
from cardmath.games.reddog.game import GAME as REDDOG

__all__ = ["GAMES", "find_game"]

GAMES: tuple[Game, ...] = (REDDOG, BACCARAT, POOL, DRAGON_TIGER, CHEMIN_DE_FER)
"""Every game, in the order the command line, the table set and the site list them."""


def find_game(name: str) -> Game:
    """The game called ``name`` (as ``cardmath NAME`` spells it).

    >>> find_game("reddog").short_title
    'Red Dog'
    """
    for game in GAMES:
        if game.name == name:
            return game
    raise OptionError(f"unknown game {name!r}: choose from {', '.join(game.name for game in GAMES)}")
