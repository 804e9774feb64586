"""Time the Red Dog engine against the brute force over physical cards, and the closed form in d.

Run with ``python benchmarks/bench_reddog.py`` from the project root.  The brute force plays every
ordered deal of three physical cards; the engine sums integer products over the shoe-free deal
table; the closed form evaluates the deal table as polynomials in the number of decks once.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.oracles.reddog_bruteforce import brute_force, deck_ranks
from timing import machine_line, report, time_call

from cardmath.exact import DECKS
from cardmath.games.reddog import analyze, analyze_many, closed_form, deal_table
from cardmath.shoe import Shoe


def main() -> None:
    """Print one line per measurement."""
    print(machine_line())
    deal_table()  # built once per process; not part of any timing below
    for decks in (1, 2):
        shoe = Shoe.standard(decks)
        engine_seconds, result = time_call(lambda shoe=shoe: analyze(shoe), repeat=5)  # type: ignore[misc]
        baseline_seconds, oracle = time_call(lambda decks=decks: brute_force(deck_ranks(decks)))  # type: ignore[misc]
        assert (int(result.house_edge.p), int(result.house_edge.q)) == (
            oracle.house_edge.numerator,
            oracle.house_edge.denominator,
        )
        print(report(f"analyze, {decks} deck(s), with effects of removal", engine_seconds, baseline_seconds))
    closed_seconds, form = time_call(closed_form, repeat=3)
    edge = form.house_edge
    print(report("closed_form (house edge in d, and its limit)", closed_seconds))
    shoes_seconds, _ = time_call(
        lambda: [r.house_edge for r in analyze_many(Shoe.standard(d) for d in range(1, 9))]
    )
    substitute_seconds, values = time_call(lambda: [edge.subs(DECKS, d) for d in range(1, 9)])
    print(report("closed form at d = 1..8 (baseline: 8 analyses)", substitute_seconds, shoes_seconds))
    print(f"closed form: {edge}; at d = 1..8: {', '.join(str(v) for v in values)}")


if __name__ == "__main__":
    main()
