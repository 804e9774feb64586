"""Red Dog, also called High Card Pool: exact chances, best bets and the whole game.

A player holds a hand (5 cards, or 4); a card is turned from the pack; he wins if he holds a higher
card of its suit.  Everything here is exact (``sympy.Rational``) except the simulation's estimates.

>>> from cardmath import pool
>>> pool.win_probability("As,Kh,Qd,Jc,2s")
41/47
>>> pool.distribution(5).win_probability
8689/19740
>>> pool.best_bet(pool.win_probability("As,Kh,Qd,Jc,2s"), pool=8, ante=1).amount
8
"""

from cardmath.pool.betting import (
    BestBet,
    KellyBet,
    banker_expected_gain,
    best_bank_bet,
    best_bet,
    best_bet_rule,
    bet_limits,
    first_player_expected_gain,
    kelly_bank_bet,
    kelly_bet,
    player_bank_expected_gain,
)
from cardmath.pool.chances import (
    CardBeats,
    HandChance,
    HandError,
    HandSizeDistribution,
    SuitBeats,
    beaten_cards,
    count_beaten,
    distribution,
    explain,
    read_cards,
    win_probability,
)
from cardmath.pool.publication import distribution_table, publication_tables, summary_table
from cardmath.pool.simulation import (
    BestBetStrategy,
    Estimate,
    FixedBetStrategy,
    KellyStrategy,
    PoolRules,
    SeatResult,
    SimulationResult,
    Strategy,
    TurnView,
    simulate,
    strategy_named,
)

__all__ = [
    "BestBet",
    "BestBetStrategy",
    "CardBeats",
    "Estimate",
    "FixedBetStrategy",
    "HandChance",
    "HandError",
    "HandSizeDistribution",
    "KellyBet",
    "KellyStrategy",
    "PoolRules",
    "SeatResult",
    "SimulationResult",
    "Strategy",
    "SuitBeats",
    "TurnView",
    "banker_expected_gain",
    "beaten_cards",
    "best_bank_bet",
    "best_bet",
    "best_bet_rule",
    "bet_limits",
    "count_beaten",
    "distribution",
    "distribution_table",
    "explain",
    "first_player_expected_gain",
    "kelly_bank_bet",
    "kelly_bet",
    "player_bank_expected_gain",
    "publication_tables",
    "read_cards",
    "simulate",
    "strategy_named",
    "summary_table",
    "win_probability",
]
