"""Time the tidy frame of a full analysis against a naive baseline, in one run.

Run with ``python benchmarks/bench_to_frame.py`` from the project root.  Baccarat on 8 decks with
every built-in bet: :meth:`~cardmath.engine.analysis.CatalogueResult.to_frame` gives one row per
outcome of each bet, the conditions (game, decks, shoe, rules) first, each exact number as a
float column beside its exact fraction.  The baseline is what one would write without it: a
``pandas.DataFrame(table.rows, columns=table.headers)`` per table the result shows (totals rows
and all, exact numbers left as SymPy objects in ``object`` columns), concatenated.

The per-bet frame (``to_frame(kind="bets")``) is timed too.  Target (a PASS/FAIL line): the
outcome frame under 50 ms.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import machine_line, report, time_call, verdict

from cardmath.engine.analysis import CatalogueResult
from cardmath.frames import require
from cardmath.games.baccarat import GAME
from cardmath.shoe import Shoe

DECKS = 8
TARGET_MS = 50

pd = require("pandas")  # the extra 'cardmath[pandas]'


def naive_frame(result: CatalogueResult[Any]) -> Any:
    """Every table the result shows, each read as it is into a frame, and the frames concatenated."""
    frames = [
        pd.DataFrame(list(table.rows), columns=list(table.headers)) for table in result.display_tables()
    ]
    return pd.concat(frames, ignore_index=True)


def main() -> None:
    """Print one line per measurement, then the verdict."""
    print(machine_line())
    built, result = time_call(lambda: GAME.analyze(Shoe.standard(DECKS)))
    print(f"baccarat, {DECKS} decks, every bet: {len(result.bets)} bets, analysed in {built:.2f} s")
    tables = result.display_tables()  # the tables are made once, outside the baseline's timing
    frame_time, frame = time_call(result.to_frame, repeat=5)
    naive_time, naive = time_call(
        lambda: pd.concat(
            [pd.DataFrame(list(t.rows), columns=list(t.headers)) for t in tables], ignore_index=True
        ),
        repeat=5,
    )
    print(report("to_frame() (tidy, exact columns)", frame_time, naive_time))
    print(
        f"  to_frame: {frame.shape[0]:,} rows x {frame.shape[1]} columns; baseline: {naive.shape[0]:,} rows"
    )
    bets_time, bets = time_call(lambda: result.to_frame(kind="bets"), repeat=5)
    print(report('to_frame(kind="bets")', bets_time))
    print(f"  bets: {bets.shape[0]:,} rows x {bets.shape[1]} columns")
    with_tables, _ = time_call(lambda: naive_frame(result), repeat=3)
    print(report("baseline with the tables made each time", with_tables))
    print(f"ratio to_frame / baseline: {frame_time / naive_time:.2f}")
    print("targets:")
    print(f"  {verdict('to_frame(), ms', frame_time * 1000, TARGET_MS, 'ms', at_least=False)}")


if __name__ == "__main__":
    main()
