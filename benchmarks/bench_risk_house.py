"""Time the house's view and the approximations past the crossing point against naive baselines.

Run with ``python benchmarks/bench_risk_house.py`` from the project root.  Baccarat's banker bet
on 8 decks.  First one hour of a table dealing 60 rounds (60 hands):
:func:`~cardmath.risk.house.house_view` against a plain convolution in fractions, hand after hand
(``tests/oracles/session_enumeration.py``), the chance of the table losing the hour checked equal;
then a full shift of 8 hours with one round in five sat out (384 hands, exact) and a month of 30
shifts (11,520 hands, past the crossing point: normal approximation).  Last, the chance of being
ahead after 20,000 hands by the saddlepoint approximation against a seeded simulation of 20,000
sessions (numpy's multinomial counts), the naive way to a figure past the exact limit.  Target
(PASS/FAIL line): the shift and month under 5 s.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
from tests.oracles import session_enumeration as oracle
from timing import machine_line, report, time_call, verdict

from cardmath.games.baccarat import GAME
from cardmath.lattice import LatticeBet
from cardmath.risk.house import house_view
from cardmath.risk.saddlepoint import saddlepoint_approximation
from cardmath.shoe import Shoe


def main() -> None:
    """Print one line per measurement, then the verdict."""
    print(machine_line())
    banker = LatticeBet.of(GAME, "banker", Shoe.standard(8))
    odds = {s: Fraction(int(p.p), int(p.q)) for s, p in zip(banker.steps, banker.probabilities, strict=True)}

    engine, view = time_call(lambda: house_view(banker, hands_per_hour=60, hours=1, average_bet=25), repeat=3)
    naive, hour = time_call(lambda: oracle.convolve(odds, 60))
    loses = sum((p for step, p in hour.items() if step > 0), Fraction(0))
    assert Fraction(int(view.chance_table_loses.p), int(view.chance_table_loses.q)) == loses
    print(f"banker, one hour of 60 hands: the table loses with chance {float(loses):.6f} (exact, both)")
    print(report("house view, 60 hands", engine, naive))
    print("  (baseline: convolution in fractions, hand after hand; figures agree exactly)")

    shift, view = time_call(
        lambda: house_view(banker, hands_per_hour=60, hours=8, average_bet=25, shifts=30, sit_out="1/5")
    )
    print(
        f"banker, 8 hours, 1 in 5 sat out: {view.hands_played} hands, the table loses with chance "
        f"{float(view.chance_table_loses):.6f} ({view.method}); "
        f"over 30 shifts {view.month_chance_table_loses:.6f}"
    )
    print(report("house view, shift and month", shift))

    hands, sessions = 20_000, 20_000
    fast, approximation = time_call(lambda: saddlepoint_approximation(banker, hands), repeat=3)
    chances = [float(p) for p in banker.probabilities]
    pays = np.array([float(value) for value in banker.values()])

    def simulate() -> float:
        counts = np.random.default_rng(1).multinomial(hands, chances, size=sessions)
        return float(np.mean(counts @ pays > 0))

    slow, simulated = time_call(simulate)
    sigma = (simulated * (1 - simulated) / sessions) ** 0.5
    print(
        f"banker, {hands:,} hands: ahead {approximation.chance_ahead:.6f} (saddlepoint), "
        f"{simulated:.4f} +/- {sigma:.4f} simulated"
    )
    print(report(f"saddlepoint, {hands:,} hands", fast, slow))
    print(f"  (baseline: {sessions:,} simulated sessions, which give 2 or 3 digits)")
    print("targets:")
    print(f"  {verdict('house view, shift and month', shift, 5, 's', at_least=False)}")


if __name__ == "__main__":
    sys.set_int_max_str_digits(0)
    main()
