"""Time the baccarat engine against the naive recursion over physical ranks, in one run.

Run with ``python benchmarks/bench_baccarat.py`` from the project root.  It prints:

- the naive oracle (tests/oracles/baccarat_naive.py) computing the three main bets on 8 decks;
- cardmath's full analysis of every built-in bet on 8 decks, the first call (which builds the
  shoe-free tables) and repeated calls;
- the batch API's throughput for the main bets over thousands of depleted 8-deck shoes;
- the closed form in the number of decks of the three main bets, and of every built-in bet;
- the throughputs a counting study lives on, beside the batch as it was (int64 products over
  every outcome column): the three main bets and ``dragon_7`` with ``panda_8`` over depleted
  8-deck shoes given by their value counts, and one shoe's full analysis, warm.

Targets: the full analysis at least 20 times faster than the naive main bets; at least 2,000
shoes per second in the batch; the closed form under 10 seconds.  For counting studies: 50,000
shoes per second for the main bets on one core, 10,000 for ``dragon_7`` and ``panda_8`` together,
and one shoe's full analysis (every built-in bet, 8 decks, warm) in 3 ms.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
from tests.oracles.baccarat_naive import deal_counts
from timing import machine_line, report, time_call

from cardmath.games import baccarat
from cardmath.games.baccarat import batch as baccarat_batch
from cardmath.games.baccarat.counting import value_counts
from cardmath.output import percent_text
from cardmath.shoe import Shoe

BATCH = 4000
"""Depleted shoes evaluated by the batch API."""


def naive_main_bets(shoe: Shoe) -> dict[str, tuple[int, int]]:
    """Banker, player and tie as (numerator, denominator) of the house edge, from the naive oracle."""
    counts = deal_counts(list(shoe.rank_counts()))
    player = sum(n for key, n in counts.items() if key[0] > key[1])
    banker = sum(n for key, n in counts.items() if key[0] < key[1])
    tie = sum(n for key, n in counts.items() if key[0] == key[1])
    total = player + banker + tie
    return {
        "player": (banker - player, total),
        "banker": (20 * player - 19 * banker, 20 * total),
        "tie": (player + banker - 8 * tie, total),
    }


def previous_batch(rows: np.ndarray, bets: tuple[str, ...]) -> np.ndarray:
    """The batch as it was: every outcome column counted in int64 over every value multiset, 64
    shoes a block (the counts the edges are made of; the products are the same)."""
    drawing = baccarat.DrawingRules.standard()
    matrix, _ = baccarat_batch._value_projection(baccarat.resolve_bets(bets), drawing)
    buffers = baccarat_batch._BatchBuffers(drawing, 64, matrix.shape[1], np.int64)
    out = []
    for start in range(0, len(rows), 64):
        block = rows[start : start + 64]
        out.append(baccarat_batch._batch_counts(block, block.sum(axis=1), matrix, buffers).copy())
    return np.vstack(out)


def study_throughputs(shoes: list[Shoe]) -> None:
    """The throughputs of counting studies, before (the previous batch) and now, in one run."""
    rows = np.array([value_counts(s) for s in shoes], dtype=np.int64)
    print("counting-study throughputs (depleted 8-deck shoes, one core):")
    for bets, target in ((baccarat.MAIN_BET_NAMES, 50_000), (("dragon_7", "panda_8"), 10_000)):
        previous_batch(rows[:64], bets)
        baccarat_batch.value_edge_terms(rows[:64], bets=bets)

        def before_call(chosen: tuple[str, ...] = bets) -> object:
            return previous_batch(rows, chosen)

        def now_call(chosen: tuple[str, ...] = bets) -> object:
            return baccarat_batch.value_edge_terms(rows, bets=chosen)

        def rationals_call(chosen: tuple[str, ...] = bets) -> object:
            return baccarat.analyze_many(shoes, bets=chosen)

        before, _ = time_call(before_call, repeat=3)
        after, _ = time_call(now_call, repeat=3)
        edges, _ = time_call(rationals_call)
        label = " + ".join(bets)
        print(
            f"  {label:<28} before {len(rows) / before:>9,.0f} shoes/s"
            f"   now {len(rows) / after:>9,.0f} shoes/s"
            f"   (target {target:,})   analyze_many with Rationals {len(rows) / edges:>9,.0f} shoes/s"
        )
    full = Shoe.standard(8)
    baccarat.analyze(full)
    warm, _ = time_call(lambda: baccarat.analyze(full), repeat=10)
    print(
        f"  one shoe's full analysis, every built-in bet, 8 decks, warm: {warm * 1000:.2f} ms (target 3 ms)"
    )


def main() -> None:
    print(machine_line())
    shoe = Shoe.standard(8)

    first_seconds, result = time_call(lambda: baccarat.analyze(shoe))
    repeat_seconds, result = time_call(lambda: baccarat.analyze(shoe), repeat=5)
    naive_seconds, naive = time_call(lambda: naive_main_bets(shoe))
    for name, (numerator, denominator) in naive.items():
        assert result.bets[name].house_edge * denominator == numerator, name
    edges = ", ".join(
        f"{name} {percent_text(result.bets[name].house_edge)}" for name in baccarat.MAIN_BET_NAMES
    )
    print(f"8 decks: {edges} (naive oracle agrees)")
    print(report("naive oracle, main bets, 8 decks", naive_seconds))
    print(
        report(
            f"all {len(result.bets)} bets, 8 decks, first call (builds tables)", first_seconds, naive_seconds
        )
    )
    print(report(f"all {len(result.bets)} bets, 8 decks, repeated", repeat_seconds, naive_seconds))

    rng = random.Random(2024)
    cards = shoe.cards()
    shoes = [shoe.without(rng.sample(cards, rng.randrange(0, 350))) for _ in range(BATCH)]
    main = baccarat.MAIN_BET_NAMES
    baccarat.analyze_many(shoes[:10], bets=main)  # the projection for the main bets is built once
    batch_seconds, edges_by_shoe = time_call(lambda: baccarat.analyze_many(shoes, bets=main))
    one_seconds, one = time_call(lambda: [baccarat.analyze(s, bets=main) for s in shoes[:100]])
    assert all(edges_by_shoe[i] == {n: s.house_edge for n, s in one[i].bets.items()} for i in range(len(one)))
    naive_per_shoe = naive_seconds * BATCH
    print(
        report(f"batch, main bets, {BATCH} depleted shoes", batch_seconds, naive_per_shoe)
        + "  (baseline: naive time of one shoe x shoes)"
    )
    print(
        report("  same, analyze() one shoe at a time", one_seconds * BATCH / len(one), naive_per_shoe)
        + f"  (timed on {len(one)} shoes)"
    )
    print(f"  batch throughput: {BATCH / batch_seconds:,.0f} shoes/s (target 2,000)")

    study_throughputs(shoes)

    def closed_forms(names: tuple[str, ...]) -> list[object]:
        return [baccarat.closed_form(name).house_edge for name in names]

    closed_seconds, forms = time_call(lambda: closed_forms(baccarat.MAIN_BET_NAMES))
    print(report("closed form in d, main bets (target < 10 s)", closed_seconds, naive_seconds))
    print("  (baseline: the naive oracle for one number of decks; the closed form covers every d)")
    print(f"  banker house edge = {forms[1]}")
    every_seconds, every = time_call(lambda: closed_forms(baccarat.BUILT_IN_BET_NAMES))
    print(report(f"closed form in d, all {len(every)} bets", every_seconds, naive_seconds))
    pair = every[baccarat.BUILT_IN_BET_NAMES.index("player_pair")]
    print(f"  player pair house edge = {pair}")


if __name__ == "__main__":
    main()
