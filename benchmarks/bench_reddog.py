"""Time the Red Dog engine against the brute force over physical cards, and the closed form in d.

Run with ``python benchmarks/bench_reddog.py`` from the project root.  The brute force plays every
ordered deal of three physical cards; the engine counts the shoe-free deals of the definition once
by multiset of ranks and weighs them by the shoe, deciding the raise from the counts; the closed
form evaluates the same counts as polynomials in the number of decks once.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sympy import Rational
from tests.oracles.reddog_bruteforce import brute_force, deck_ranks
from timing import machine_line, report, time_call

from cardmath.exact import DECKS
from cardmath.games.reddog import analyze, analyze_many, closed_form, effects_of_removal
from cardmath.shoe import Shoe


def main() -> None:
    """Print one line per measurement."""
    print(machine_line())
    # the engine walks the game's deals and asks the bet about each once per process: not timed
    analyze(Shoe.standard(1))
    for decks in (1, 2):
        shoe = Shoe.standard(decks)

        def engine(shoe: Shoe = shoe) -> Rational:
            effects_of_removal(shoe)
            return Rational(analyze(shoe).bets["reddog"].house_edge)

        engine_seconds, edge = time_call(engine, repeat=5)
        baseline_seconds, oracle = time_call(lambda decks=decks: brute_force(deck_ranks(decks)))  # type: ignore[misc]
        assert (int(edge.p), int(edge.q)) == (oracle.house_edge.numerator, oracle.house_edge.denominator)
        print(report(f"analyze, {decks} deck(s), with effects of removal", engine_seconds, baseline_seconds))
    closed_seconds, forms = time_call(closed_form, repeat=3)
    edge_in_d = forms[0].house_edge
    print(report("closed_form (house edge in d, and its limit)", closed_seconds))
    shoes_seconds, edges = time_call(
        lambda: [row["reddog"] for row in analyze_many([Shoe.standard(d) for d in range(1, 9)])]
    )
    substitute_seconds, values = time_call(lambda: [edge_in_d.subs(DECKS, d) for d in range(1, 9)])
    assert values == edges
    print(report("closed form at d = 1..8 (baseline: 8 analyses)", substitute_seconds, shoes_seconds))
    print(f"closed form: {edge_in_d}; at d = 1..8: {', '.join(str(v) for v in values)}")


if __name__ == "__main__":
    main()
