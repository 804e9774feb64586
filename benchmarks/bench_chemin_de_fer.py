"""Time the chemin de fer solver against a naive exact solver, in one run.

Run with ``python benchmarks/bench_chemin_de_fer.py`` from the project root.  It prints:

- cardmath solving model B3 (the 2^5 x 2^484 game) on 8 decks from nothing (the counting of the
  shoe, dominance and Foster's algorithm), then A1 and B2, and the casino game B3 at 5 percent;
- the naive baseline: the same additive game solved as one exact linear program over all of
  Player's choices and Banker's 484 sets, without dominance or Foster's algorithm (building the
  2^5 x 2^484 matrix itself is out of the question), checked to give the same solution;
- the independent oracle of the tests tabulating the same game deal by deal.

The issue's requirement: B3 on 8 decks in under a minute.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.oracles.chemin_de_fer_best_response import tabulate
from timing import machine_line, report, time_call

from cardmath.games.chemin_de_fer import (
    CASINO_COMMISSION,
    CheminDeFerRules,
    Information,
    Solution,
    analysis,
    analyze,
    structure,
)
from cardmath.games.chemin_de_fer.additive import AdditiveGame, Reduction
from cardmath.games.chemin_de_fer.kernel import solve_by_linear_program
from cardmath.shoe import Shoe

LIMIT_SECONDS = 60
"""Solving B3 on 8 decks must take less than this."""


def from_nothing(shoe: Shoe, rules: CheminDeFerRules) -> Solution:
    """Solve with every cache emptied first, so the counting of the shoe is timed too."""
    structure._structure.cache_clear()
    analysis._additive.cache_clear()
    analysis._equilibria.cache_clear()
    return analyze(shoe, rules)


def naive(shoe: Shoe, rules: CheminDeFerRules) -> tuple[Fraction, ...]:
    """Player's optimal strategy by one exact linear program over the whole additive game."""
    game = AdditiveGame.of(structure.game_structure(shoe, rules.information), Fraction(0))
    return solve_by_linear_program(game, Reduction({}, {})).player


def timed(shoe: Shoe, rules: CheminDeFerRules) -> float:
    """Seconds to solve from nothing."""
    seconds, _ = time_call(lambda: from_nothing(shoe, rules))
    return seconds


def main() -> None:
    """Print one line per measurement."""
    print(machine_line())
    eight = Shoe.standard(8)
    model_3 = CheminDeFerRules(Information.COMPOSITIONS)
    seconds, solution = time_call(lambda: from_nothing(eight, model_3))
    mixed = {str(hand): q for hand, q in solution.player.items() if 0 < q < 1}
    print(f"B3, 8 decks: value {solution.value}, {solution.uniqueness}; Player mixes: {mixed}")
    baseline_seconds, player = time_call(lambda: naive(eight, model_3))
    assert [Fraction(int(q.p), int(q.q)) for q in solution.player.values()] == list(player)
    print(report("B3, 8 decks, from nothing (counting included)", seconds, baseline_seconds))
    assert seconds < LIMIT_SECONDS, f"B3 on 8 decks took {seconds:.1f} s"
    for label, shoe, rules in (
        ("A1, with replacement", Shoe.infinite(), CheminDeFerRules(Information.TOTALS)),
        ("B2, 8 decks", eight, CheminDeFerRules(Information.BANKER_COMPOSITION)),
        ("B3 casino 5%, 8 decks", eight, CheminDeFerRules(Information.COMPOSITIONS, CASINO_COMMISSION)),
    ):
        print(report(f"{label}, from nothing", timed(shoe, rules)))
    oracle_seconds, _ = time_call(
        lambda: tabulate((128, *(32,) * 9), infinite=False, player_composition=True, banker_composition=True)
    )
    print(report("oracle: the game tabulated deal by deal, 8 decks", oracle_seconds))


if __name__ == "__main__":
    main()
