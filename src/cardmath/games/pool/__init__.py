"""Red Dog, also called High Card Pool: exact chances, best bets and the whole game.

A player holds a hand (5 cards, or 4); a card is turned from the pack; he wins if he holds a higher
card of its suit.  Everything here is exact (``sympy.Rational``) except the simulation's estimates.
The rules in our words are on the game's page of the documentation (docs/games/pool.md).

- :mod:`~cardmath.games.pool.chances`: one hand's chance given what its holder has seen, and the
  distribution over every hand of a size (:func:`win_probability`, :func:`explain`,
  :func:`distribution`; what is seen or out of play may be given as cards or as a
  :class:`~cardmath.shoe.Shoe` of one pack without them).
- :mod:`~cardmath.games.pool.betting`: the best bet, Kelly sizing, exact gains of a turn.
- :mod:`~cardmath.games.pool.rules`, :mod:`~cardmath.games.pool.strategies`,
  :mod:`~cardmath.games.pool.simulation`: the table, the players and the game played out.
- :mod:`~cardmath.games.pool.tables` and :mod:`~cardmath.games.pool.documents`: results as data.

>>> from cardmath.games import pool
>>> pool.win_probability("As,Kh,Qd,Jc,2s")
41/47
>>> pool.distribution(5).win_probability
8689/19740
>>> pool.best_bet(pool.win_probability("As,Kh,Qd,Jc,2s"), pool=8, ante=1).amount
8
>>> from cardmath.shoe import Shoe
>>> pool.win_probability("As,Kh,Qd,Jc,2s", Shoe.standard(1).without("Ks,3c"))
13/15
"""

from cardmath.games.pool.betting import (
    Amount,
    BestBet,
    KellyBet,
    Stakes,
    banker_expected_gain,
    best_bank_bet,
    best_bet,
    best_bet_rule,
    bet_limits,
    first_player_expected_gain,
    kelly_bank_bet,
    kelly_bet,
    player_bank_expected_gain,
    turn_gains,
)
from cardmath.games.pool.chances import (
    CardBeats,
    Cards,
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
from cardmath.games.pool.documents import distribution_document, hand_document, simulation_document
from cardmath.games.pool.rules import BetAction, BetRule, PoolRules, StrategyName
from cardmath.games.pool.simulation import (
    Estimate,
    SeatResult,
    SimulationResult,
    exact_expectations,
    simulate,
)
from cardmath.games.pool.strategies import (
    BestBetStrategy,
    FixedBetStrategy,
    KellyStrategy,
    Strategy,
    TurnView,
    strategy_named,
)
from cardmath.games.pool.tables import (
    distribution_table,
    publication_tables,
    summary_table,
    winning_chances_chart,
)

__all__ = [
    "Amount",
    "BestBet",
    "BestBetStrategy",
    "BetAction",
    "BetRule",
    "CardBeats",
    "Cards",
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
    "Stakes",
    "Strategy",
    "StrategyName",
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
    "distribution_document",
    "distribution_table",
    "exact_expectations",
    "explain",
    "first_player_expected_gain",
    "hand_document",
    "kelly_bank_bet",
    "kelly_bet",
    "player_bank_expected_gain",
    "publication_tables",
    "read_cards",
    "simulate",
    "simulation_document",
    "strategy_named",
    "summary_table",
    "turn_gains",
    "win_probability",
    "winning_chances_chart",
]
