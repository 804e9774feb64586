"""Time the certified central ranges of a session against the exact distribution, in one run.

Run with ``python benchmarks/bench_swing_ranges.py`` from the project root.  For bets whose swing
every published par sheet shows (baccarat's banker, player, tie and Dragon Bonus on 8 decks, one-
and 8-deck Red Dog), the 90, 95 and 99 % ranges after 1,000 hands by
:func:`~cardmath.swing.central_ranges` (bounds of 64 bits), beside the baseline: the exact
distribution of :func:`~cardmath.risk.session.session_distribution` and its ``range_holding``.  Both
agree exactly before anything is printed.  Then the swing of every par sheet of one folder of the
set (baccarat, 8 decks: 38 bets and the pay tables), as :func:`~cardmath.swing.sheet_swing`
computes it for publication.  Target (PASS/FAIL line): the certified ranges at least 5 times
quicker over the bets timed.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sympy import Rational
from timing import machine_line, report, time_call, verdict

from cardmath.games.baccarat import GAME as BACCARAT
from cardmath.games.registry import find_game
from cardmath.risk import RANGE_MASSES, LatticeBet, session_distribution
from cardmath.shoe import Shoe
from cardmath.swing import central_ranges, session_swing

HANDS = 1000
BETS = (
    ("baccarat", "banker", 8),
    ("baccarat", "player", 8),
    ("baccarat", "tie", 8),
    ("baccarat", "dragon_bonus_banker", 8),
    ("reddog", "reddog", 1),
    ("reddog", "reddog", 8),
)


def _exact_ranges(bet: LatticeBet) -> tuple[tuple[Rational, Rational], ...]:
    """The baseline: the ranges read from the exact distribution."""
    session = session_distribution(bet, HANDS)
    return tuple(session.range_holding(mass) for mass in RANGE_MASSES)


def main() -> None:
    """Print one line per bet and the totals, then the verdict."""
    print(machine_line())
    engine_total = baseline_total = 0.0
    for game_name, bet_name, decks in BETS:
        bet = LatticeBet.of(find_game(game_name), bet_name, Shoe.standard(decks))
        engine, found = time_call(functools.partial(central_ranges, bet, HANDS), repeat=3)
        baseline, exact = time_call(functools.partial(_exact_ranges, bet))
        assert found == exact, (bet_name, found, exact)
        engine_total += engine
        baseline_total += baseline
        where = Shoe.standard(decks).describe()
        print(report(f"{game_name} {bet_name}, {where}, {HANDS:,} hands", engine, baseline))
    print(report("all the bets above", engine_total, baseline_total))
    result = BACCARAT.analyze(Shoe.standard(8))
    bets = [LatticeBet.from_sheet(name, sheet) for name, sheet in result.bets.items()]
    every, _ = time_call(lambda: [session_swing(bet, hands) for bet in bets for hands in (100, HANDS)])
    print(report(f"swing of {len(bets)} baccarat par sheets, 8 decks, 100 and {HANDS:,} hands", every))
    print("targets:")
    ratio = baseline_total / engine_total
    print(f"  {verdict('certified ranges against the exact distribution', ratio, 5, 'x')}")


if __name__ == "__main__":
    main()
