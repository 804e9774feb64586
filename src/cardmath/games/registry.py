"""The registry of games: the one place that lists them.

The command line, the published table set, the documentation and its navigation, the README's
list of games and the tests iterate :data:`GAMES`; nothing else names the games.  Adding a game is
one folder under ``cardmath/games/`` (a package whose ``game`` module holds ``GAME``, the game
object) and one line in :data:`PACKAGES`.  :func:`find_game` finds a game by its name or one of
its aliases, in any case and with ``-``, ``_`` or spaces alike.

>>> [game.name for game in GAMES][:3]
['reddog', 'baccarat', 'pool']
>>> find_game("baccarat").title
'Baccarat (punto banco)'
>>> find_game("Red Dog").name, find_game("dragon_tiger").name
('reddog', 'dragon-tiger')
>>> find_game("poker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardmath.errors.OptionError: unknown game 'poker': choose from reddog, baccarat, pool...
"""

from __future__ import annotations

import contextlib
import importlib
import re
from collections.abc import Iterator, Sequence
from typing import overload

from cardmath.engine.protocol import Game
from cardmath.errors import OptionError

__all__ = ["GAMES", "PACKAGES", "Registry", "find_game"]

PACKAGES: tuple[str, ...] = (
    "cardmath.games.reddog",
    "cardmath.games.baccarat",
    "cardmath.games.pool",
    "cardmath.games.dragon_tiger",
    "cardmath.games.casino_war",
    "cardmath.games.chemin_de_fer",
    "cardmath.games.three_card_poker",
    "cardmath.games.andar_bahar",
)
"""The package of every game, in the order the command line, the table set and the site list them:
one line per game."""


def _key(name: str) -> str:
    return re.sub(r"[\s_-]+", "-", str(name).strip().lower())


class Registry(Sequence[Game]):
    """The games, loaded from their packages on first use, in order.

    It is a read-only sequence of :class:`~cardmath.engine.protocol.Game` objects; :meth:`registered`
    adds a game for the time of a ``with`` block (the architecture test registers a toy game so,
    and checks that the command line, the published set, the site and the fuzzers include it).

    Args:
        packages: The games' packages, in the order the games are listed; each has a ``game``
            module holding ``GAME``.

    >>> len(GAMES) >= 6, GAMES[0].name
    (True, 'reddog')
    """

    def __init__(self, packages: Sequence[str]) -> None:
        self._packages = tuple(packages)
        self._games: list[Game] | None = None

    def _loaded(self) -> list[Game]:
        if self._games is None:
            self._games = [importlib.import_module(f"{package}.game").GAME for package in self._packages]
        return self._games

    @overload
    def __getitem__(self, index: int) -> Game: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Game]: ...
    def __getitem__(self, index: int | slice) -> Game | Sequence[Game]:
        return self._loaded()[index]

    def __len__(self) -> int:
        return len(self._loaded())

    def __iter__(self) -> Iterator[Game]:
        return iter(list(self._loaded()))

    def __repr__(self) -> str:
        return f"Registry({[game.name for game in self]})"

    @property
    def packages(self) -> tuple[str, ...]:
        """The package of every game of :data:`PACKAGES`, in order."""
        return self._packages

    def package_of(self, game: Game) -> str | None:
        """The package a game of :data:`PACKAGES` lives in (``None`` for a game registered for a
        while by :meth:`registered`).

        Args:
            game: A game object of this registry.

        Returns:
            The package's dotted name, such as ``"cardmath.games.reddog"``, or ``None``.

        >>> GAMES.package_of(find_game("reddog"))
        'cardmath.games.reddog'
        """
        games = self._loaded()
        for index, known in enumerate(games[: len(self._packages)]):
            if known is game:
                return self._packages[index]
        return None

    def names(self) -> tuple[str, ...]:
        """The games' names, in order.

        Returns:
            Each game's :attr:`~cardmath.engine.protocol.Game.name`, the word of its command.

        >>> GAMES.names()[:2]
        ('reddog', 'baccarat')
        """
        return tuple(game.name for game in self)

    def find(self, name: str) -> Game:
        """The game called ``name`` or one of its aliases (case, ``-``, ``_`` and spaces alike).

        Args:
            name: A game's name or alias, in any case, with ``-``, ``_`` or spaces between words.

        Returns:
            The registered game object.

        Raises:
            OptionError: When no game has that name or alias; the message lists the names.
        """
        wanted = _key(name)
        for game in self:
            if wanted in {_key(game.name), *(_key(alias) for alias in game.aliases)}:
                return game
        raise OptionError(f"unknown game {name!r}: choose from {', '.join(self.names())}")

    @contextlib.contextmanager
    def registered(self, game: Game) -> Iterator[Game]:
        """``game`` added at the end of the registry for the time of the ``with`` block.

        Args:
            game: The game to add; its name and aliases must not be any registered game's.

        Yields:
            The game added, which the registry lists last until the block ends.

        Raises:
            OptionError: When a registered game already has that name or alias.

        >>> toy = find_game("reddog")
        >>> with GAMES.registered(toy):
        ...     GAMES[-1] is toy
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: a game called 'reddog' is already registered
        """
        games = self._loaded()
        taken = {_key(other.name) for other in games} | {_key(a) for other in games for a in other.aliases}
        if _key(game.name) in taken:
            raise OptionError(f"a game called {game.name!r} is already registered")
        games.append(game)
        try:
            yield game
        finally:
            games.remove(game)


GAMES: Registry = Registry(PACKAGES)
"""Every game, in the order the command line, the table set and the site list them."""


def find_game(name: str) -> Game:
    """The game called ``name`` (as ``cardmath NAME`` spells it) or one of its aliases.

    Args:
        name: A game's command name or alias, such as ``"reddog"`` or ``"punto banco"``; case,
            ``-``, ``_`` and spaces do not matter.

    Returns:
        The game from :data:`GAMES`.

    Raises:
        OptionError: When no registered game has that name or alias.

    >>> find_game("reddog").short_title, find_game("PUNTO BANCO").name
    ('Red Dog', 'baccarat')
    """
    return GAMES.find(name)
