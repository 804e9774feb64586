"""Time the Dragon Tiger engine against the brute force over physical cards, in one run.

Run with ``python benchmarks/bench_dragon_tiger.py`` from the project root.  It prints:

- the brute force (tests/oracles/dragon_tiger_bruteforce.py) dealing every ordered pair of the
  416 physical cards of 8 decks and scoring every built-in bet;
- cardmath's analysis of every built-in bet on 8 decks, the first call (which walks every deal
  once and asks each bet's rule about every pair of cards) and repeated calls;
- the batch API over depleted 8-deck shoes, against the brute force's time for one shoe times
  the number of shoes (the brute force is checked on the first of them);
- each bet's closed form in the number of decks.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.oracles.dragon_tiger_bruteforce import BUILT_IN, RANK_OF, brute_force, figures
from timing import machine_line, report, time_call

from cardmath.games import dragon_tiger
from cardmath.shoe import Shoe

BATCH = 1000
"""Depleted shoes evaluated by the batch API."""


def brute_force_edges(shoe: Shoe) -> dict[str, Fraction]:
    """Every built-in bet's house edge by the brute force over the shoe's physical cards."""
    cards = [(RANK_OF[card.rank.symbol], card.suit.value) for card in shoe.cards()]
    tally = brute_force(cards)
    return {
        name: figures(tally.bets[name], pays, tally.total)["house_edge"] for name, pays in BUILT_IN.items()
    }


def agrees(edges: Mapping[str, object], oracle: dict[str, Fraction]) -> bool:
    """Whether the engine's exact house edges are the oracle's fractions."""
    return all(Fraction(str(edges[name])) == value for name, value in oracle.items())


def main() -> None:
    """Print one line per measurement."""
    print(machine_line())
    shoe = Shoe.standard(8)
    first_seconds, result = time_call(lambda: dragon_tiger.analyze(shoe))
    repeat_seconds, result = time_call(lambda: dragon_tiger.analyze(shoe), repeat=5)
    brute_seconds, oracle = time_call(lambda: brute_force_edges(shoe))
    assert agrees({name: sheet.house_edge for name, sheet in result.bets.items()}, oracle)
    dragon, tie = result.bets["dragon"].house_edge, result.bets["tie"].house_edge
    print(f"8 decks: dragon {dragon}, tie {tie} (the brute force agrees)")
    print(report(f"brute force, all {len(oracle)} bets, 8 decks", brute_seconds))
    print(
        report(
            f"all {len(result.bets)} bets, 8 decks, first call (builds tables)", first_seconds, brute_seconds
        )
    )
    print(report(f"all {len(result.bets)} bets, 8 decks, repeated", repeat_seconds, brute_seconds))

    rng = random.Random(2024)
    cards = shoe.cards()
    shoes = [shoe.without(rng.sample(cards, rng.randrange(0, 350))) for _ in range(BATCH)]
    batch_seconds, edges_by_shoe = time_call(lambda: dragon_tiger.analyze_many(shoes))
    one_brute_seconds, one_oracle = time_call(lambda: brute_force_edges(shoes[0]))
    assert agrees(edges_by_shoe[0], one_oracle)
    one_seconds, one = time_call(lambda: [dragon_tiger.analyze(s) for s in shoes[:100]])
    assert all(edges_by_shoe[i] == {n: s.house_edge for n, s in one[i].bets.items()} for i in range(len(one)))
    baseline = one_brute_seconds * BATCH
    print(
        report(f"batch, all bets, {BATCH} depleted shoes", batch_seconds, baseline)
        + "  (baseline: brute force of one shoe x shoes)"
    )
    print(
        report("  same, analyze() one shoe at a time", one_seconds * BATCH / len(one), baseline)
        + f"  (timed on {len(one)} shoes)"
    )
    print(f"  batch throughput: {BATCH / batch_seconds:,.0f} shoes/s")

    closed_seconds, forms = time_call(dragon_tiger.closed_form)
    print(report(f"closed form in d, all {len(forms)} bets", closed_seconds, brute_seconds))
    print("  (baseline: the brute force for one number of decks; the closed form covers every d)")
    print(f"  suited tie house edge = {forms[3].house_edge}, limit {forms[3].limit}")


if __name__ == "__main__":
    main()
