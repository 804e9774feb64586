"""Time the exact risk of ruin against a naive baseline, in one run.

Run with ``python benchmarks/bench_risk_ruin.py`` from the project root.  Baccarat's banker bet on 8
decks (19 to 20: a lattice of twentieths), one unit a hand, 100 units of bankroll against a
100-unit target: an absorbing chain of 3,980 living states, solved exactly by
:func:`~cardmath.risk.ruin.risk_of_ruin`.  The baseline is Gauss-Jordan elimination of the whole
chain's equations in fractions (tests/oracles/ruin_closed_form.py), timed on a 3-unit bankroll
against a 3-unit target (100 states) and scaled to the full chain by the cube of the number of
states (its exact cost grows faster still, with the size of the fractions).  Both are checked
against each other on the small chain first.  Target (PASS/FAIL line): the full chain under 10 s.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.oracles import ruin_closed_form as oracle
from timing import machine_line, report, time_call, verdict

from cardmath.games.baccarat import GAME
from cardmath.lattice import LatticeBet
from cardmath.risk import ruin
from cardmath.risk.ruin import risk_of_ruin
from cardmath.risk.ruin_numeric import numeric_ruin
from cardmath.shoe import Shoe

SMALL = 3
"""Bankroll and target, in units, of the chain both methods solve."""


def beyond_the_limit(name: str, units: int) -> None:
    """Time the numeric solve of ``units`` against ``units`` against the exact recurrence."""
    bet = LatticeBet.of(GAME, name, Shoe.standard(8))
    weights, denominator = bet.whole_weights()
    start = int(units / bet.unit)
    fast, found = time_call(lambda: numeric_ruin(bet, start, start), repeat=3)
    slow, (exact, _) = time_call(lambda: ruin._solve(weights, denominator, start, -min(weights), 2 * start))
    assert abs(found.reach - exact) <= found.relative_error * exact
    print(
        f"{name}, {units} units against {units}: {2 * start + min(weights):,} states, "
        f"target {float(found.reach):.6e}, bound {float(found.relative_error):.1e} at {found.bits:,} bits"
    )
    print(report(f"numeric solve, {name} {units}/{units}", fast, slow))


def main() -> None:
    """Print one line per measurement, then the verdict."""
    print(machine_line())
    banker = LatticeBet.of(GAME, "banker", Shoe.standard(8))
    chances = {
        s: Fraction(int(p.p), int(p.q)) for s, p in zip(banker.steps, banker.probabilities, strict=True)
    }

    small, result = time_call(lambda: risk_of_ruin(banker, SMALL, SMALL), repeat=3)
    naive, (reach, hands) = time_call(lambda: oracle.dense_chain(chances, 20 * SMALL, 20, 40 * SMALL))
    assert Fraction(str(result.target_chance)) == reach and Fraction(str(result.expected_hands)) == hands
    print(
        f"banker, {SMALL} units against {SMALL}: {result.states} states, "
        f"ruin {float(result.ruin_chance):.12f}"
    )
    print(report(f"exact solve, {result.states} states", small, naive))
    print("  (baseline: Gauss-Jordan in fractions of the whole chain; figures agree exactly)")

    states = result.states
    full, result = time_call(lambda: risk_of_ruin(banker, 100, 100))
    scaled = naive * (result.states / states) ** 3
    digits = len(str(result.ruin_chance.q)) if hasattr(result.ruin_chance, "q") else 0
    print(
        f"banker, 100 units against 100: {result.states:,} states, ruin {float(result.ruin_chance):.15f}, "
        f"expected hands {float(result.expected_hands):,.4f} (exact; denominator of {digits:,} digits)"
    )
    print(report("exact solve, 3,980 states", full, scaled))
    print("  (baseline: the small chain's Gauss-Jordan time scaled by the cube of the states)")
    for name, units in (("player", 5000), ("banker", 130)):
        beyond_the_limit(name, units)
    print("  (baseline: the exact recurrence on the same chain; the figures agree within the bound)")
    big, found = time_call(lambda: numeric_ruin(banker, 20_000, 20_000))
    print(
        f"banker, 1,000 units against 1,000: 39,980 states, ruin {float(found.ruin):.15f}, "
        f"bound {float(found.relative_error):.1e} at {found.bits:,} bits"
    )
    print(report("numeric solve, banker 1000/1000", big))
    print("targets:")
    print(f"  {verdict('banker, 100 units against 100, exact', full, 10, 's', at_least=False)}")
    print(f"  {verdict('banker, 1,000 units against 1,000, 30 digits', big, 10, 's', at_least=False)}")


if __name__ == "__main__":
    sys.set_int_max_str_digits(0)
    main()
