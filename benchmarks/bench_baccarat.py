"""Time the baccarat engine against its baselines, in one run.

Run with ``python benchmarks/bench_baccarat.py`` from the project root.  It prints:

- the naive oracle (tests/oracles/baccarat_naive.py) computing the three main bets on 8 decks;
- cardmath's full analysis of every built-in bet on 8 decks, the first call (which builds the
  shoe-free tables) and repeated calls;
- the batch API's throughput for the main bets over thousands of depleted 8-deck shoes;
- the throughputs a counting study lives on, beside the batch as it was before issue 11 (kept
  below as ``PreviousBatch``: each shoe's ways to deal every value multiset gathered factor by
  factor, then one product with the outcome columns, 32 shoes a block): the three main bets, and
  ``dragon_7`` with ``panda_8``, over depleted 8-deck shoes given by their value counts, and
  ``analyze_many`` on the batch's shoes as Shoe objects (its house edges built when read, and
  with every one read);
- one shoe's full analysis (every built-in bet, 8 decks, warm) beside the per-class path it used
  before (:func:`~cardmath.games.baccarat.counting.evaluate`, every deal class split by the first
  two cards' matches, then each bet's outcomes summed class by class; it now runs on today's
  faster weights and pair sums, so the ratio understates the change);
- the closed form in the number of decks of the three main bets, and of every built-in bet.

Targets (PASS/FAIL lines): 50,000 shoes per second for the main bets on one core, 10,000 for
``dragon_7`` and ``panda_8`` together, and one shoe's full analysis in 3 ms.  Also: the full
analysis at least 20 times faster than the naive main bets; at least 2,000 shoes per second in
``analyze_many``; the closed form under 10 seconds.  BLAS runs on one thread (``OPENBLAS_NUM_THREADS``
defaults to 1 here), so every figure is one core's; timings are the best of several calls.
"""

from __future__ import annotations

import functools
import itertools
import os
import random
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
import numpy.typing as npt
from tests.oracles.baccarat_naive import deal_counts
from timing import machine_line, report, time_call, verdict

from cardmath.bets import counted_par_sheet, pay_terms
from cardmath.games import baccarat
from cardmath.games.baccarat.batch import value_edge_terms
from cardmath.games.baccarat.bets import Bet
from cardmath.games.baccarat.counting import evaluate, value_counts
from cardmath.games.baccarat.reading import outcome_index
from cardmath.games.baccarat.rules import CARDS_PER_DEAL
from cardmath.games.baccarat.structure import structure
from cardmath.games.baccarat.tally import bet_counts
from cardmath.output import percent_text
from cardmath.shoe import Shoe

Array = npt.NDArray[Any]

BATCH = 4000
"""Depleted shoes evaluated by the batch API."""

STUDY_SHOES = 20_000
"""Depleted shoes (value counts) in the counting-study throughputs."""


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


class PreviousBatch:
    """``value_edge_terms`` as it was before issue 11, for shoes whose counts fit in float64 (8
    decks): multisets ordered by how many distinct values they hold; for a block of shoes, each
    multiset's weight is the product of its factors gathered one by one from the shoe's row of
    falling factorials and pads, and one BLAS product with the kept outcome columns (for each bet
    the widest one left out, equal ones merged) gives the counts, then the edge numerators."""

    PAD = 10 * (CARDS_PER_DEAL + 1)

    def __init__(self, bets: tuple[str, ...], chunk: int = 32) -> None:
        rules = baccarat.BaccaratRules()
        self.chosen = baccarat.resolve_bets(bets, rules)
        self.chunk = chunk
        tables = structure(rules.drawing)
        multisets = tables.multisets
        distinct = (multisets > 0).sum(axis=1)
        order = np.argsort(distinct, kind="stable")
        widths = [len(bet.pays) for bet in self.chosen]
        matrix = np.zeros((len(multisets), sum(widths)), dtype=np.int64)
        for bet, offset in zip(self.chosen, itertools.accumulate(widths, initial=0), strict=False):
            outcome = outcome_index(bet, rules.drawing)[tables.value_entry_class] + offset
            np.add.at(matrix, (tables.value_entry_multiset, outcome), tables.value_entry_sequences)
        matrix = matrix[order]
        kept: list[Array] = []
        self.plans: list[tuple[int, ...]] = []
        for low, high in itertools.pairwise(itertools.accumulate(widths, initial=0)):
            block = matrix[:, low:high]
            left_out = int(np.argmax(np.count_nonzero(block, axis=0)))
            plan = []
            for o in range(high - low):
                if o == left_out:
                    plan.append(-1)
                    continue
                same = [k for k, other in enumerate(kept) if np.array_equal(other, block[:, o])]
                if not same:
                    kept.append(block[:, o])
                plan.append(same[0] if same else len(kept) - 1)
            self.plans.append(tuple(plan))
        columns = np.stack(kept, axis=1)
        keep = np.asarray(columns.any(axis=1), dtype=bool)
        self.matrix = columns[keep].astype(np.float64)
        self.groups: list[tuple[int, int, Array]] = []
        position = 0
        for k in range(1, int(distinct.max()) + 1):
            positions = np.flatnonzero(distinct[order] == k)  # a run of the order: one group
            members = order[positions[keep[positions]]].tolist()
            if not members:
                continue
            factors = np.array(
                [
                    [self.PAD + int(tables.multiset_sizes[q])]
                    + [7 * u + int(multisets[q, u]) for u in np.flatnonzero(multisets[q])]
                    for q in members
                ],
                dtype=np.intp,
            )
            self.groups.append((position, position + len(members), np.ascontiguousarray(factors.T)))
            position += len(members)
        self.factors = np.ones((chunk, self.PAD + CARDS_PER_DEAL + 1))
        self.weights = np.empty((chunk, position))
        self.gathered = np.empty(chunk * max(stop - start for start, stop, _ in self.groups))
        self.result = np.empty((chunk, self.matrix.shape[1]))

    def counts(self, value_rows: Array, sizes: Array) -> Array:
        """Outcome counts (shoes x kept columns) of one block of shoes."""
        shoes = len(sizes)
        factors = self.factors[:shoes]
        table = factors[:, : self.PAD].reshape(shoes, 10, CARDS_PER_DEAL + 1)
        table[:, :, 0] = 1
        for m in range(1, CARDS_PER_DEAL + 1):
            np.multiply(table[:, :, m - 1], np.maximum(value_rows - (m - 1), 0), out=table[:, :, m])
        pads = factors[:, self.PAD :]
        pads[:] = 1
        for k in range(CARDS_PER_DEAL + 1):
            for i in range(CARDS_PER_DEAL - k):
                pads[:, k] *= np.maximum(sizes - k - i, 0)
        weights = self.weights[:shoes]
        for start, stop, columns in self.groups:
            target = weights[:, start:stop]
            gathered = self.gathered[: shoes * (stop - start)].reshape(shoes, stop - start)
            np.take(factors, columns[0], axis=1, out=target, mode="clip")
            for j in range(1, len(columns)):
                np.take(factors, columns[j], axis=1, out=gathered, mode="clip")
                np.multiply(target, gathered, out=target)
        result: Array = np.matmul(weights, self.matrix, out=self.result[:shoes])
        return result

    def edge_terms(self, rows: Array) -> tuple[Array, Array]:
        """Edge numerators and denominators (int64), as ``value_edge_terms`` gives them."""
        sizes = rows.sum(axis=1)
        assert int(sizes.max()) ** CARDS_PER_DEAL < 2**53, "the previous batch in float64 only"
        terms = [pay_terms(bet) for bet in self.chosen]
        totals = np.ones(len(rows), dtype=np.int64)
        for i in range(CARDS_PER_DEAL):
            totals = totals * (sizes - i)
        pays = np.zeros((self.matrix.shape[1], len(self.chosen)), dtype=np.int64)
        base = np.zeros(len(self.chosen), dtype=np.int64)
        for b, ((_, bet_pays), plan) in enumerate(zip(terms, self.plans, strict=True)):
            reference = bet_pays[plan.index(-1)]
            base[b] = -reference
            for column, pay in zip(plan, bet_pays, strict=True):
                if column >= 0:
                    pays[column, b] -= pay - reference
        numerators = np.empty((len(rows), len(self.chosen)), dtype=np.int64)
        for start in range(0, len(rows), self.chunk):
            block = rows[start : start + self.chunk].astype(np.float64)
            counts = self.counts(block, block.sum(axis=1)).astype(np.int64)
            numerators[start : start + self.chunk] = counts @ pays
        numerators += totals[:, None] * base[None, :]
        denominators = totals[:, None] * np.array([d for d, _ in terms], dtype=np.int64)[None, :]
        return numerators, denominators


def previous_analysis(shoe: Shoe, chosen: tuple[Bet, ...]) -> dict[str, Any]:
    """One shoe's analysis by the per-class path it used before issue 11: every deal class
    counted and split by both hands' first-two matches, then each bet's outcomes summed class by
    class, and the par sheets."""
    rules = baccarat.BaccaratRules()
    counts = evaluate(shoe, rules.drawing, first_two=True)
    player, banker = structure(rules.drawing).class_columns[:, :2].T
    winners = np.where(player > banker, 0, np.where(banker > player, 1, 2))
    results = [int(counts.by_class[winners == i].sum()) for i in range(3)]
    sheets = {
        bet.name: counted_par_sheet(bet, bet_counts(bet, counts), counts.total, infinite=False)
        for bet in chosen
    }
    return {"results": results, "bets": sheets}


def read_every_edge(shoes: list[Shoe], bets: tuple[str, ...]) -> list[dict[str, Any]]:
    """``analyze_many`` with every house edge read: each ``Rational`` built, as a study reading
    them all would."""
    return [dict(edges) for edges in baccarat.analyze_many(shoes, bets=bets)]


def study_throughputs(shoes: list[Shoe]) -> list[str]:
    """The throughputs of counting studies, before (the previous batch) and now, in one run, and
    the verdicts of their targets."""
    rng = np.random.default_rng(11)
    full = np.array(value_counts(Shoe.standard(8)), dtype=np.int64)
    removed = rng.integers(0, 400, size=STUDY_SHOES)
    rows = np.array([full - rng.multivariate_hypergeometric(full, int(k)) for k in removed], dtype=np.int64)
    print(f"counting-study throughputs ({len(rows):,} depleted 8-deck shoes as value counts, one core):")
    verdicts = []
    for bets, target in ((baccarat.MAIN_BET_NAMES, 50_000), (("dragon_7", "panda_8"), 10_000)):
        previous = PreviousBatch(bets)
        before_terms = previous.edge_terms(rows[:300])
        now_terms = value_edge_terms(rows[:300], bets=bets)
        assert all(np.array_equal(a, b) for a, b in zip(before_terms, now_terms, strict=True))
        before, _ = time_call(functools.partial(previous.edge_terms, rows), repeat=3)
        now, _ = time_call(functools.partial(value_edge_terms, rows, bets=bets), repeat=5)
        on_shoes, _ = time_call(functools.partial(baccarat.analyze_many, shoes, bets=bets), repeat=2)
        rationals, _ = time_call(functools.partial(read_every_edge, shoes, bets), repeat=2)
        label = " + ".join(bets)
        print(
            f"  {label:<22} before {len(rows) / before:>9,.0f} shoes/s   now {len(rows) / now:>9,.0f} shoes/s"
            f"   ratio x{before / now:.1f}"
            f"   (analyze_many on Shoe objects {len(shoes) / on_shoes:>7,.0f} shoes/s,"
            f" {len(shoes) / rationals:>7,.0f} with every Rational read)"
        )
        verdicts.append(verdict(f"{label} on one core", len(rows) / now, target, "shoes/s"))
    eight = Shoe.standard(8)
    chosen = baccarat.resolve_bets(None, baccarat.BaccaratRules())
    result = baccarat.analyze(eight)
    old = previous_analysis(eight, chosen)
    assert old["results"] == list(result.results.values())
    assert all(old["bets"][bet.name].house_edge == result.bets[bet.name].house_edge for bet in chosen)
    before, _ = time_call(lambda: previous_analysis(eight, chosen), repeat=10)
    now, _ = time_call(lambda: baccarat.analyze(eight), repeat=30)
    print(
        f"  one shoe's full analysis ({len(chosen)} bets, 8 decks, warm): before {before * 1000:.2f} ms"
        f"   now {now * 1000:.2f} ms   ratio x{before / now:.1f}"
    )
    verdicts.append(verdict("one shoe's full analysis, 8 decks, warm", now * 1000, 3, "ms", at_least=False))
    return verdicts


def main() -> None:
    print(machine_line(), f"(OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']})")
    shoe = Shoe.standard(8)

    first_seconds, result = time_call(lambda: baccarat.analyze(shoe))
    repeat_seconds, result = time_call(lambda: baccarat.analyze(shoe), repeat=20)
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
    batch_seconds, edges_by_shoe = time_call(lambda: baccarat.analyze_many(shoes, bets=main), repeat=2)
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
    print(f"  analyze_many throughput: {BATCH / batch_seconds:,.0f} shoes/s (target 2,000)")

    verdicts = study_throughputs(shoes)

    def closed_forms(names: tuple[str, ...]) -> list[object]:
        return [form.house_edge for form in baccarat.closed_form(bets=names)]

    closed_seconds, forms = time_call(lambda: closed_forms(baccarat.MAIN_BET_NAMES))
    print(report("closed form in d, main bets (target < 10 s)", closed_seconds, naive_seconds))
    print("  (baseline: the naive oracle for one number of decks; the closed form covers every d)")
    print(f"  banker house edge = {forms[1]}")
    every_seconds, every = time_call(lambda: closed_forms(baccarat.BUILT_IN_BET_NAMES))
    print(report(f"closed form in d, all {len(every)} bets", every_seconds, naive_seconds))
    pair = every[baccarat.BUILT_IN_BET_NAMES.index("player_pair")]
    print(f"  player pair house edge = {pair}")
    print("targets of issue 11 (best of several calls):")
    for line in verdicts:
        print(f"  {line}")


if __name__ == "__main__":
    main()
