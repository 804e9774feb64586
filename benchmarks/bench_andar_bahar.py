"""Time Andar Bahar on the engine against an independent exact formula, in one run.

Run with ``python benchmarks/bench_andar_bahar.py`` from the project root.  It prints, for one and
eight decks, every bet counted by the engine (a deal of any length, in closed form over the shoe's
composition) cold and warm, against tests/oracles/andar_bahar_bruteforce.py's formula over the
physical cards (the position of the first of the matching cards, in Fractions) and, on a small
shoe, its walk of every ordered deal; then the peak memory, and PASS/FAIL against the targets:
eight decks, every bet, under 50 ms; peak memory under 200 MiB.
"""

from __future__ import annotations

import functools
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.oracles import andar_bahar_bruteforce as oracle
from timing import machine_line, report, time_call, verdict

from cardmath.games import andar_bahar
from cardmath.shoe import Shoe


def main() -> None:
    """Print one line per measurement."""
    print(machine_line())
    for decks in (8, 1):
        shoe = Shoe.standard(decks)
        start = time.perf_counter()
        andar_bahar.analyze(shoe)
        cold = time.perf_counter() - start
        warm, result = time_call(functools.partial(andar_bahar.analyze, shoe), repeat=5)
        physical = oracle.deck(copies=decks)
        base, figures = time_call(lambda: oracle.figures(oracle.formula(physical)))  # noqa: B023
        assert Fraction(str(result.result_probabilities["andar_wins"])) == figures.andar
        print(f"{decks} deck(s): P(Andar wins) = {float(figures.andar):.6f} (the formula agrees)")
        print(report(f"every bet, {decks} deck(s), first call (cold)", cold, base))
        print(report(f"every bet, {decks} deck(s), repeated (warm)", warm, base))
        if decks == 8:
            print(verdict("eight decks, every bet, cold", cold * 1000, 50, "ms", at_least=False))
            print(verdict("eight decks, every bet, warm", warm * 1000, 50, "ms", at_least=False))
    small = Shoe.from_counts({card: 1 for card in Shoe.standard(1).cards()[:14]})
    cards = [(card.rank.value, card.suit.value) for card in small.cards()]
    walk, walked = time_call(lambda: oracle.figures(oracle.brute_force(cards)))
    engine, found = time_call(lambda: andar_bahar.analyze(small), repeat=5)
    assert Fraction(str(found.result_probabilities["andar_wins"])) == walked.andar
    print(report("14 cards: every ordered deal walked, against the engine", engine, walk))
    tracemalloc.start()
    andar_bahar.analyze(Shoe.standard(8).without("As"))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(verdict("peak memory, eight decks", peak / 2**20, 200, "MiB", at_least=False))


if __name__ == "__main__":
    main()
