"""Time the information analysis (what a bet is worth given what is seen) against naive baselines,
in one run.

Run with ``python benchmarks/bench_information.py`` from the project root.  Everything is baccarat
on 8 decks, choosing among player, banker and tie.  It prints:

- the pattern table of the first four cards sorted High {6, 7, 8, 9} / Low (16 patterns), warm,
  beside the value recursion of the tests (tests/oracles/information_values.py: the first four
  values drawn without replacement, then the third cards by the tableau, in exact integers, its
  cache cleared before each call);
- the exhaustive search of the best two-group sort of the four cards (511 sorts), beside
  :func:`~cardmath.information.pattern_table` called once per sort;
- the same search with three groups (9,330 sorts), beside ``pattern_table`` per sort timed on
  the first sorts and scaled to all of them (the whole run would take minutes);
- one conditional analysis (``P1=7,B1=K``: the player's first card a 7, the banker's a king),
  warm (the shoe asked about before), and on a shoe never seen before (a card more removed each
  call), beside the value recursion summing the deals that show it.

Every engine figure is checked against its baseline before it is timed.  Targets (PASS/FAIL
lines): the pattern table under 1 s, the two-group search under 10 s, one conditional analysis
under 10 ms.  BLAS runs on one thread (``OPENBLAS_NUM_THREADS`` defaults to 1 here); timings are
the best of several calls.
"""

from __future__ import annotations

import os
import sys
from fractions import Fraction
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.oracles import information_values as values_oracle
from timing import machine_line, report, time_call, verdict

from cardmath.games.baccarat import GAME
from cardmath.information import (
    Grouping,
    PatternTable,
    best_sorts,
    conditional,
    every_grouping,
    pattern_table,
    read_given,
    read_grouping,
)
from cardmath.shoe import Shoe

BETS = ("player", "banker", "tie")
FOUR = ("P1", "B1", "P2", "B2")
VALUES = tuple("0123456789")
SAMPLE = 150
"""Three-group sorts timed one pattern table each, for the scaled baseline."""


def fraction(value: object) -> Fraction:
    """An exact engine figure as a ``Fraction``."""
    return Fraction(str(value))


def recursion_table(decks: int, groups: list[set[int]]) -> dict[tuple[int, ...], dict[str, Fraction]]:
    """The four-card pattern table by the value recursion, from scratch: each pattern's chance and
    each bet's value."""
    values_oracle.clear_cache()
    counts = values_oracle.value_counts(decks)
    first_four, total = values_oracle.first_four(counts), values_oracle.total_deals(counts)
    table = {}
    for key, outcomes in values_oracle.grouped(first_four, FOUR, groups).items():
        figures = values_oracle.bet_values(*outcomes)
        figures["probability"] = Fraction(sum(outcomes), total)
        table[key] = figures
    return table


def recursion_conditional(decks: int, facts: dict[str, set[int]]) -> tuple[Fraction, dict[str, Fraction]]:
    """The chance of some facts and each bet's value given them, by the value recursion."""
    values_oracle.clear_cache()
    counts = values_oracle.value_counts(decks)
    first_four, total = values_oracle.first_four(counts), values_oracle.total_deals(counts)
    sums = [0, 0, 0]
    for values, outcomes in first_four.items():
        if all(values_oracle.READ[position](values) in allowed for position, allowed in facts.items()):
            sums = [a + b for a, b in zip(sums, outcomes, strict=True)]
    return Fraction(sum(sums), total), values_oracle.bet_values(*sums)


def table_agrees(table: PatternTable, oracle: dict[tuple[int, ...], dict[str, Fraction]]) -> bool:
    """Whether the engine's patterns are the recursion's, exactly."""
    names = table.grouping.names if table.grouping is not None else ()
    found = {}
    for pattern in table.patterns:
        key = tuple(names.index(card) for card in pattern.cards)
        figures = {bet: fraction(value) for bet, value in zip(table.bets, pattern.values, strict=True)}
        figures["probability"] = fraction(pattern.probability)
        found[key] = figures
    return found == oracle


def every_table(shoe: Shoe, groupings: list[Grouping]) -> list[tuple[tuple[str, ...], Fraction]]:
    """The naive search: one pattern table per sort, each sort's edge sitting out."""
    return [
        (
            grouping.names,
            fraction(pattern_table(GAME, shoe, FOUR, grouping=grouping, bets=BETS).edge_sitting_out),
        )
        for grouping in groupings
    ]


def main() -> None:
    """Print one line per measurement, then the verdicts."""
    print(machine_line(), f"(OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']})")
    shoe = Shoe.standard(8)
    high_low = read_grouping("6789", VALUES)
    verdicts = []

    first, table = time_call(lambda: pattern_table(GAME, shoe, FOUR, grouping=high_low, bets=BETS))
    warm, table = time_call(lambda: pattern_table(GAME, shoe, FOUR, grouping=high_low, bets=BETS), repeat=10)
    naive, oracle = time_call(lambda: recursion_table(8, [{6, 7, 8, 9}, set(range(6))]), repeat=3)
    assert table_agrees(table, oracle)
    print(
        f"four cards sorted 6789 / 012345, 8 decks: {len(table.patterns)} patterns, edge "
        f"{float(table.edge_sitting_out):.5%} sitting out (the value recursion agrees)"
    )
    print(report("pattern table, four cards, first call", first, naive))
    print(report("pattern table, four cards, warm", warm, naive))
    print("  (baseline: the value recursion of the tests, exact integers, from scratch)")
    verdicts.append(verdict("pattern table of four cards, warm", warm, 1, "s", at_least=False))

    groupings = list(every_grouping(VALUES, 2))
    search, ranked = time_call(lambda: best_sorts(GAME, shoe, FOUR, BETS, top=0), repeat=2)
    naive, edges = time_call(lambda: every_table(shoe, groupings))
    assert {r.grouping.names: fraction(r.edge_sitting_out) for r in ranked} == dict(edges)
    best = ranked[0]
    print(
        f"best two-group sort of four cards ({len(groupings)} sorts): {best.grouping.describe()}, "
        f"{float(best.edge_sitting_out):.5%} (a pattern table per sort agrees)"
    )
    print(report("best sorts, 2 groups, four cards", search, naive))
    print("  (baseline: pattern_table called once per sort)")
    verdicts.append(
        verdict(
            f"best two-group sort of four cards ({len(groupings)} sorts)", search, 10, "s", at_least=False
        )
    )

    groupings = list(every_grouping(VALUES, 3))
    search, ranked = time_call(lambda: best_sorts(GAME, shoe, FOUR, BETS, groups=3, top=0))
    sample = groupings[:SAMPLE]
    naive, edges = time_call(lambda: every_table(shoe, sample))
    found = {r.grouping.names: fraction(r.edge_sitting_out) for r in ranked}
    assert all(found[names] == edge for names, edge in edges)
    best = ranked[0]
    print(
        f"best three-group sort of four cards ({len(groupings)} sorts): {best.grouping.describe()}, "
        f"{float(best.edge_sitting_out):.5%} (pattern tables agree on the first {SAMPLE})"
    )
    print(report("best sorts, 3 groups, four cards", search, naive * len(groupings) / len(sample)))
    print(f"  (baseline: pattern_table per sort, timed on {SAMPLE} sorts and scaled to {len(groupings)})")

    given = read_given("P1=7,B1=K", ("P1", "B1", "P2", "B2", "P3", "B3"), VALUES)
    conditional(GAME, shoe, given, BETS)
    warm, result = time_call(lambda: conditional(GAME, shoe, given, BETS), repeat=20)
    naive, (chance, bet_values) = time_call(
        lambda: recursion_conditional(8, {"P1": {7}, "B1": {0}}), repeat=3
    )
    assert fraction(result.probability) == chance
    assert {bet: fraction(result.expected_value(bet)) for bet in BETS} == bet_values
    worth = ", ".join(f"{bet} {float(value):+.5%}" for bet, value in bet_values.items())
    print(f"given P1=7, B1=K (chance {result.probability}): {worth} (the value recursion agrees)")
    print(report("conditional analysis, warm", warm, naive))
    print("  (baseline: the value recursion summing the deals that show the facts)")
    verdicts.append(verdict("one conditional analysis, warm", warm * 1000, 10, "ms", at_least=False))
    # a shoe never seen before (one more card gone each call): nothing of the shoe is cached
    cards = iter(["2c", "3c", "4c", "5c", "6c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac"])
    state = {"shoe": shoe}

    def fresh_shoe() -> object:
        state["shoe"] = state["shoe"].without(next(cards))
        return conditional(GAME, state["shoe"], given, BETS)

    fresh, _ = time_call(fresh_shoe, repeat=10)
    print(report("conditional analysis, a new shoe each call", fresh, naive))
    print("  (the shoe's ways of every value sequence computed afresh; no target)")

    print("targets:")
    for line in verdicts:
        print(f"  {line}")


if __name__ == "__main__":
    main()
