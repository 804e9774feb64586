"""Counting studies: the exact edge of every round in many dealt shoes, and what counts make of it.

A study takes a game of the registry (baccarat by default; any game whose counter deals rounds from
physical cards: :func:`study_game`) and deals its shuffled shoes round by round (the burn, the cut
card: :class:`ShoeSetup`), evaluates before each round the *exact* house edge of each studied bet on
the cards left through the game's own evaluators (every round of a chunk of shoes in one batch
call), and tallies what each strategy wins: a count betting at a trigger (:class:`CountTrigger`,
with the published counts of :data:`PUBLISHED_COUNTS`, a count derived from a bet's effects of
removal, or any :class:`CountSystem`), perfect play (:class:`PerfectPlay`: bet exactly when the
exact edge favours the player) and never betting (:class:`NeverBet`).  Each shoe is seeded by its
index, so a study gives the same figures serially or on a Dask cluster (:func:`run_study`).  The
documentation's "Counting studies" page shows the published counts' results.  The package reaches
the games only through the registry, the engine and the game objects.

>>> study = Study.define(["dragon_7"], counts=[("how_dragon_7", None, None)], shoes=4, seed=1)
>>> figures = run_study(study, workers=1)
>>> figures["shoes_done"], figures["strategies"]["dragon_7 never"]["win_per_shoe"]["mean"]
(4, 0.0)
>>> [table.title.split(",")[0] for table in result_tables(figures)]
['Strategies', 'Bets', 'Exact edge by count', 'Risk (diffusion approximation)']
>>> tiger = run_study(Study.define(["tie"], game="dragon-tiger", shoes=2, seed=1), workers=1)
>>> tiger["game"], tiger["bets"]["tie"]["full_shoe_house_edge"]
('dragon-tiger', 136/415)
"""

from __future__ import annotations

from cardmath.study.counts import (
    HOW_DRAGON_7,
    HOW_PANDA_8_CO_COUNT,
    JACOBSON_DRAGON_7,
    PUBLISHED_COUNTS,
    PUBLISHED_GAME,
    WIZARD_PANDA_8,
    CountBasis,
    CountSystem,
    betting_correlation,
    derived_count,
    find_count,
)
from cardmath.study.dealer import (
    DEFAULT_GAME,
    DealtShoe,
    ShoeSetup,
    deal_shoe,
    shoe_generator,
    study_game,
    study_games,
)
from cardmath.study.engine import SCALE, Study, add_tallies, empty_tally, tally_shoes
from cardmath.study.report import StudyFigures, edge_chart, result_tables
from cardmath.study.results import BANKROLLS, MOST_BANKROLL, RUIN_RISKS, summarize, team_name, with_bankrolls
from cardmath.study.runner import DEFAULT_CHUNK, run_study, study_tally
from cardmath.study.store import StudyStore
from cardmath.study.strategies import CountTrigger, NeverBet, PerfectPlay, Strategy, count_strategies

__all__ = [
    "BANKROLLS",
    "DEFAULT_CHUNK",
    "DEFAULT_GAME",
    "HOW_DRAGON_7",
    "HOW_PANDA_8_CO_COUNT",
    "JACOBSON_DRAGON_7",
    "MOST_BANKROLL",
    "PUBLISHED_COUNTS",
    "PUBLISHED_GAME",
    "RUIN_RISKS",
    "SCALE",
    "WIZARD_PANDA_8",
    "CountBasis",
    "CountSystem",
    "CountTrigger",
    "DealtShoe",
    "NeverBet",
    "PerfectPlay",
    "ShoeSetup",
    "Strategy",
    "Study",
    "StudyFigures",
    "StudyStore",
    "add_tallies",
    "betting_correlation",
    "count_strategies",
    "deal_shoe",
    "derived_count",
    "edge_chart",
    "empty_tally",
    "find_count",
    "result_tables",
    "run_study",
    "shoe_generator",
    "study_game",
    "study_games",
    "study_tally",
    "summarize",
    "tally_shoes",
    "team_name",
    "with_bankrolls",
]
