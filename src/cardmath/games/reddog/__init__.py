"""Casino Red Dog: the exact par sheet, raise strategy and effects of removal on any shoe.

The player bets that a third card falls strictly between two cards dealt face up; on a hand with
a spread he may raise before the third card comes.  See the game's page in the documentation,
``docs/games/reddog.md``, for the rules in full and the mathematics.

- :mod:`~cardmath.games.reddog.rules`: :class:`RedDogRules` (pays, :class:`RaiseBy`).
- :mod:`~cardmath.games.reddog.analysis`: :func:`analyze`, :func:`analyze_many`,
  :func:`effects_of_removal`, :func:`expected_value` and :class:`RedDogResult`.
- :mod:`~cardmath.games.reddog.closed_form`: :func:`closed_form` (the house edge in ``d`` decks)
  and :func:`solve_pay`.
- :mod:`~cardmath.games.reddog.tables`: tables and charts as data.
- :mod:`~cardmath.games.reddog.game`: :data:`GAME`, what the command line and the docs use.

>>> from cardmath.shoe import Shoe
>>> result = analyze(Shoe.standard(1))
>>> result.house_edge, result.raise_on_spreads
(523/16575, (7, 8, 9, 10, 11))
>>> closed_form().house_edge
(456*d**2 + 210*d - 143)/(13*(26*d - 1)*(52*d - 1))
>>> analyze(Shoe.standard(6), RedDogRules(spread_pays="6,4,2,1", trips_pays=12)).house_edge
7908/626665
"""

from __future__ import annotations

from cardmath.games.reddog.analysis import (
    RedDogResult,
    SpreadDecision,
    analyze,
    analyze_many,
    effects_of_removal,
    expected_value,
)
from cardmath.games.reddog.closed_form import closed_form, solve_pay
from cardmath.games.reddog.counting import deal_table
from cardmath.games.reddog.game import GAME
from cardmath.games.reddog.rules import (
    RANKS,
    SPREADS,
    STANDARD_SPREAD_PAYS,
    STANDARD_TRIPS_PAYS,
    RaiseBy,
    RankPair,
    RedDogRules,
    spread_pay_table,
)
from cardmath.games.reddog.tables import charts, publication_tables, result_tables, summary_table

__all__ = [
    "GAME",
    "RANKS",
    "SPREADS",
    "STANDARD_SPREAD_PAYS",
    "STANDARD_TRIPS_PAYS",
    "RaiseBy",
    "RankPair",
    "RedDogResult",
    "RedDogRules",
    "SpreadDecision",
    "analyze",
    "analyze_many",
    "charts",
    "closed_form",
    "deal_table",
    "effects_of_removal",
    "expected_value",
    "publication_tables",
    "result_tables",
    "solve_pay",
    "spread_pay_table",
    "summary_table",
]
