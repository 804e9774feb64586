"""Time the exact distribution of a session's net result against a naive baseline, in one run.

Run with ``python benchmarks/bench_risk_session.py`` from the project root.  Baccarat's banker bet
on 8 decks (steps -20, 0 and 19 of 1/20): the exact distribution after 1,000 hands by
:func:`~cardmath.risk.session.session_distribution`, beside a plain convolution with
``fractions.Fraction`` (tests/oracles/session_enumeration.py).  The baseline's work grows with the
cube of the hands, so it is timed on 100 hands and scaled by ``(1000 / 100) ** 3`` (a whole run
would take hours); both agree exactly on 100 hands before anything is timed.  Target (PASS/FAIL
line): 1,000 hands under 2 s.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.oracles import session_enumeration as oracle
from timing import machine_line, report, time_call, verdict

from cardmath.games.baccarat import GAME
from cardmath.lattice import LatticeBet
from cardmath.risk.session import session_distribution
from cardmath.shoe import Shoe

HANDS = 1000
BASELINE_HANDS = 100


def main() -> None:
    """Print one line per measurement, then the verdict."""
    print(machine_line())
    banker = LatticeBet.of(GAME, "banker", Shoe.standard(8))
    chances = {
        s: Fraction(int(p.p), int(p.q)) for s, p in zip(banker.steps, banker.probabilities, strict=True)
    }
    small, session = time_call(lambda: session_distribution(banker, BASELINE_HANDS), repeat=3)
    naive, expected = time_call(lambda: oracle.convolve(chances, BASELINE_HANDS))
    found = {int(r / banker.unit): Fraction(int(p.p), int(p.q)) for r, p in session.results()}
    assert found == expected
    print(f"banker, 8 decks, {BASELINE_HANDS} hands: the Fraction convolution agrees exactly")
    print(report(f"exact distribution, {BASELINE_HANDS} hands", small, naive))
    engine, session = time_call(lambda: session_distribution(banker, HANDS))
    scaled = naive * (HANDS / BASELINE_HANDS) ** 3
    digits = session.total.bit_length() * 0.30103
    print(
        f"banker, 8 decks, {HANDS:,} hands: {len(session.weights):,} results, weights of about "
        f"{digits:,.0f} digits; chance ahead {float(session.chance_ahead):.6f}"
    )
    print(report(f"exact distribution, {HANDS:,} hands", engine, scaled))
    print(f"  (baseline: the Fraction convolution timed on {BASELINE_HANDS} hands, scaled by the cube)")
    print("targets:")
    print(f"  {verdict(f'exact distribution after {HANDS:,} hands', engine, 2, 's', at_least=False)}")


if __name__ == "__main__":
    main()
