"""The games of cardmath: one folder each, with the same shape and the same verbs.

Each game is a package here (``rules.py``, ``analysis.py``, ``closed_form.py`` where it applies,
``tables.py``, and ``game.py`` holding its :class:`~cardmath.engine.protocol.Game` object) and one
line in the registry, :data:`cardmath.games.registry.GAMES`.  This package exports the protocol
and its small types; import a game's package for its library API
(``from cardmath.games import baccarat``) and the registry for the list of games.

>>> from cardmath.games.registry import GAMES
>>> all(isinstance(game, Game) for game in GAMES)
True
"""

from __future__ import annotations

from cardmath.engine.protocol import Axis, ClosedForm, Game, RuleOption, ShoeGame, SolvedPay

__all__ = ["Axis", "ClosedForm", "Game", "RuleOption", "ShoeGame", "SolvedPay"]
