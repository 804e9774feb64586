"""Time Three Card Poker on the engine against a brute force over every pair of hands, in one run.

Run with ``python benchmarks/bench_three_card_poker.py`` from the project root.  It prints:

- the engine's first call in this process (cold: it asks each bet's rule about every class of
  hand once) and repeated calls (warm), Ante and Play with the best play on one deck, against the
  brute force of tests/oracles/three_card_poker_bruteforce.py, which compares every one of the
  22,100 player hands with every one of the 18,424 dealer hands of the cards left (numpy);
- Pair Plus on depleted decks (warm), and the 6-Card Bonus;
- the peak memory the engine allocates for all three bets (tracemalloc), and the process's;
- PASS/FAIL against the targets: Ante and Play under 5 s cold and 1 s warm, Pair Plus on a depleted
  deck under 10 ms warm, peak memory under 200 MiB.
"""

from __future__ import annotations

import random
import resource
import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.oracles import three_card_poker_bruteforce as brute
from timing import machine_line, report, time_call, verdict

from cardmath.games import three_card_poker
from cardmath.shoe import Shoe


def main() -> None:
    """Print one line per measurement."""
    print(machine_line())
    deck = Shoe.standard(1)
    start = time.perf_counter()
    cold = three_card_poker.analyze(deck, bets=["ante"])
    cold_seconds = time.perf_counter() - start
    warm_seconds, warm = time_call(lambda: three_card_poker.analyze(deck, bets=["ante"]), repeat=5)
    brute_seconds, oracle = time_call(lambda: brute.ante_play(brute.deck()))
    edge = warm.bets["ante"].house_edge
    assert Fraction(str(edge)) == oracle.by_ranks.house_edge == oracle.optimal.house_edge
    print(f"Ante and Play, one deck: house edge {edge} (the brute force agrees)")
    print(report("brute force, 22,100 x 18,424 pairs of hands", brute_seconds))
    print(report("Ante and Play, best play, first call (cold)", cold_seconds, brute_seconds))
    print(report("Ante and Play, best play, repeated (warm)", warm_seconds, brute_seconds))
    print(verdict("Ante and Play cold", cold_seconds, 5, "s", at_least=False))
    print(verdict("Ante and Play warm", warm_seconds, 1, "s", at_least=False))
    assert cold.bets["ante"].house_edge == edge

    rng = random.Random(2026)
    cards = deck.cards()
    depleted = [deck.without(rng.sample(cards, rng.randrange(1, 30))) for _ in range(20)]
    three_card_poker.analyze(depleted[0], bets=["pair_plus"])  # the classes of one hand, once
    start = time.perf_counter()
    for shoe in depleted:
        three_card_poker.analyze(shoe, bets=["pair_plus"])
    pair_plus = (time.perf_counter() - start) / len(depleted)
    one = [
        (rank, suit.value) for rank, suit in ((card.rank.value, card.suit) for card in depleted[0].cards())
    ]
    base_seconds, counts = time_call(lambda: brute.pair_plus_counts(one))
    sheet = three_card_poker.analyze(depleted[0], bets=["pair_plus"]).bets["pair_plus"]
    total = sum(counts.values())
    assert {o.name: Fraction(str(o.probability)) for o in sheet if o.name != "lose"} == {
        name: Fraction(count, total) for name, count in counts.items() if name != "high card"
    }
    print(report("Pair Plus, a depleted deck (warm, mean of 20)", pair_plus, base_seconds))
    print(verdict("Pair Plus on a depleted deck", pair_plus * 1000, 10, "ms", at_least=False))

    six_seconds, six = time_call(lambda: three_card_poker.analyze(deck, bets=["six_card"]))
    brute_six, six_counts = time_call(lambda: brute.six_card_counts(brute.deck()))
    assert six.bets["six_card"].outcomes[0].combinations == 20 * six_counts["royal flush"]
    print(report("6-Card Bonus, one deck (first call)", six_seconds, brute_six))

    tracemalloc.start()
    three_card_poker.analyze(deck.without("2c"))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"peak memory allocated, every bet of a fresh deck less one card: {peak / 2**20:.1f} MiB")
    process = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"largest resident size of this process (the brute force included): {process:.0f} MiB")
    print(verdict("peak memory of the engine", peak / 2**20, 200, "MiB", at_least=False))


if __name__ == "__main__":
    main()
