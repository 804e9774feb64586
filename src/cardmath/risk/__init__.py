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
"""

from cardmath.risk.counting import bankroll_for_ruin, diffusion_ruin, kelly_fraction, n0
from cardmath.risk.lattice import LatticeBet
from cardmath.risk.ranges import SWING_HANDS, SessionSwing, central_ranges, session_percentiles, sheet_swing
from cardmath.risk.ruin import MAX_STATES, MAX_WORK, Ruin, risk_of_ruin, ruin_by_bankroll, ruin_table
from cardmath.risk.session import (
    MAX_HANDS,
    RANGE_MASSES,
    NormalApproximation,
    SessionDistribution,
    approximation_differences,
    distribution_table,
    max_exact_hands,
    normal_approximation,
    session_distribution,
    session_table,
)

__all__ = [
    "MAX_HANDS",
    "MAX_STATES",
    "MAX_WORK",
    "RANGE_MASSES",
    "SWING_HANDS",
    "LatticeBet",
    "NormalApproximation",
    "Ruin",
    "SessionDistribution",
    "SessionSwing",
    "approximation_differences",
    "bankroll_for_ruin",
    "central_ranges",
    "diffusion_ruin",
    "distribution_table",
    "kelly_fraction",
    "max_exact_hands",
    "n0",
    "normal_approximation",
    "risk_of_ruin",
    "ruin_by_bankroll",
    "ruin_table",
    "session_distribution",
    "session_percentiles",
    "session_table",
    "sheet_swing",
]
