"""How a bet swings: exact session distributions and risk of ruin, on the lattice of its pays.

A bet's par sheet gives each outcome's exact net result and chance; :class:`LatticeBet` puts the
net results on their lattice (1/20 of a unit for a banker bet paying 19 to 20), so that a session
of flat bets is a sum of integers: :func:`session_distribution` gives its exact distribution,
:func:`risk_of_ruin` the exact chance of losing a bankroll before reaching a target.

>>> from cardmath.games.baccarat import GAME
>>> from cardmath.shoe import Shoe
>>> player = LatticeBet.of(GAME, "player", Shoe.standard(8))
>>> session_distribution(player, 10).chance_ahead > 0
True
>>> risk_of_ruin(player, 10, target=10).ruin_chance > risk_of_ruin(player, 10, target=10).target_chance
True

The lattice (:mod:`cardmath.lattice`) and a par sheet's swing (:mod:`cardmath.swing`) sit below
the games, with the par sheet, since every published par sheet shows its swing; this package
exports their names too.
"""

from cardmath.lattice import LatticeBet
from cardmath.risk.counting import bankroll_for_ruin, diffusion_ruin, kelly_fraction, n0
from cardmath.risk.house import HouseView, house_table, house_view
from cardmath.risk.normal import NormalApproximation, normal_approximation, normal_table
from cardmath.risk.ruin import MAX_STATES, MAX_WORK, Ruin, risk_of_ruin, ruin_by_bankroll, ruin_table
from cardmath.risk.ruin_numeric import NumericRuin, numeric_ruin
from cardmath.risk.saddlepoint import SaddlepointApproximation, saddlepoint_approximation
from cardmath.risk.session import (
    MAX_HANDS,
    SessionDistribution,
    approximation_differences,
    approximation_errors,
    approximation_table,
    distribution_table,
    max_exact_hands,
    session_distribution,
    session_table,
)
from cardmath.swing import (
    RANGE_MASSES,
    SWING_HANDS,
    SessionSwing,
    central_ranges,
    session_percentiles,
    sheet_swing,
)

__all__ = [
    "MAX_HANDS",
    "MAX_STATES",
    "MAX_WORK",
    "RANGE_MASSES",
    "SWING_HANDS",
    "HouseView",
    "LatticeBet",
    "NormalApproximation",
    "NumericRuin",
    "Ruin",
    "SaddlepointApproximation",
    "SessionDistribution",
    "SessionSwing",
    "approximation_differences",
    "approximation_errors",
    "approximation_table",
    "bankroll_for_ruin",
    "central_ranges",
    "diffusion_ruin",
    "distribution_table",
    "house_table",
    "house_view",
    "kelly_fraction",
    "max_exact_hands",
    "n0",
    "normal_approximation",
    "normal_table",
    "numeric_ruin",
    "risk_of_ruin",
    "ruin_by_bankroll",
    "ruin_table",
    "saddlepoint_approximation",
    "session_distribution",
    "session_percentiles",
    "session_table",
    "sheet_swing",
]
