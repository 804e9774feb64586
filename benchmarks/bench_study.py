"""Time a counting study: a Dragon 7 study (Stephen How's unbalanced count, 8 decks, 16 cards
behind the cut card) on one worker (in this process) and on an embedded two-worker Dask cluster,
and the projected time of a ten-million-shoe study on 100 cores.

Run with ``python benchmarks/bench_study.py [SHOES]`` from the project root (default 2,000 shoes;
the figures for 100,000 shoes are in the documentation's "Counting studies" page).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import machine_line, time_call

from cardmath.study import ShoeSetup, Study, run_study


def main() -> None:
    shoes = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(machine_line())
    study = Study.define(
        ["dragon_7"], counts=[("how_dragon_7", None, None)], setup=ShoeSetup(cut_card=16), shoes=shoes, seed=1
    )
    run_study(Study.define(["dragon_7"], shoes=2, seed=1), workers=1)  # build the tables once
    one, alone = time_call(lambda: run_study(study, workers=1, chunk=100))
    two, pair = time_call(lambda: run_study(study, workers=2, chunk=100))
    assert json.dumps(alone, default=str) == json.dumps(pair, default=str), "1 and 2 workers differ"
    rounds = alone["rounds_per_shoe"]["mean"]
    print(f"Dragon 7 study, {shoes:,} shoes ({rounds:.1f} rounds a shoe), identical on 1 and 2 workers:")
    print(f"  1 worker : {one:8.1f} s   {shoes / one:8.1f} shoes/s   {shoes * rounds / one:9,.0f} rounds/s")
    print(f"  2 workers: {two:8.1f} s   {shoes / two:8.1f} shoes/s   (speed-up x{one / two:.2f})")
    per_core = shoes / one
    projected = 10_000_000 / (per_core * 100)
    print(
        f"  projected 10,000,000 shoes on 100 cores at {per_core:.0f} shoes/s a core: "
        f"{projected / 60:.1f} min"
    )
    figures = alone["strategies"]["dragon_7 how_dragon_7 running count >= 0"]
    win = figures["win_per_shoe"]
    print(f"  How's count: {win['mean']:+.3f} ± {win['se']:.3f} units a shoe, ", end="")
    print(f"{figures['bets_per_shoe']['mean']:.2f} bets a shoe")


if __name__ == "__main__":
    main()
