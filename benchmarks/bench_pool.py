"""Time High Card Pool's generating-function distribution against listing every hand.

Run with ``python benchmarks/bench_pool.py`` from the project root.  The engine combines one
generating function per suit; the baseline lists every hand and counts the unseen cards it beats.
For 3 and 4 cards the baseline lists every hand; for 5 to 8 cards listing every hand takes minutes
to hours, so it is timed on a random sample of hands and extrapolated to all C(52, h) hands (the
line says so).  One hand's chance is timed against trying every unseen card against every card
of the hand, with what is seen given as cards or as a Shoe of the pack without them.
"""

from __future__ import annotations

import random
import sys
import time
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.oracles.pool_bruteforce import beaten_unseen, card_number, hands_by_beaten
from timing import machine_line, report, time_call

from cardmath.cards import parse_cards
from cardmath.games.pool import distribution, win_probability
from cardmath.shoe import Shoe

SAMPLE = 20000
"""Hands listed by the baseline for 5 to 8 cards, to extrapolate from."""


def _count_sample(hands: list[list[int]]) -> int:
    """The baseline's work for each hand of a sample: each suit's top rank, then all 52 cards."""
    total = 0
    for hand in hands:
        top = [-1, -1, -1, -1]
        for h in hand:
            top[h % 4] = max(top[h % 4], h // 4)
        held = set(hand)
        total += sum(1 for c in range(52) if c not in held and c // 4 < top[c % 4])
    return total


def main() -> None:
    """Print one line per measurement."""
    print(machine_line())
    for size in range(3, 9):
        engine_seconds, table = time_call(lambda size=size: distribution(size), repeat=5)  # type: ignore[misc]
        if size <= 4:
            baseline_seconds, (counts, _) = time_call(lambda size=size: hands_by_beaten(size))  # type: ignore[misc]
            assert {k: n for k, n in enumerate(table.hands_beating) if n} == dict(counts)
            label = f"distribution, {size} cards (baseline lists all)"
        else:
            rng = random.Random(size)
            hands = [rng.sample(range(52), size) for _ in range(SAMPLE)]
            start = time.perf_counter()
            _count_sample(hands)
            baseline_seconds = (time.perf_counter() - start) * comb(52, size) / SAMPLE
            label = f"distribution, {size} cards (baseline extrapolated)"
        print(report(label, engine_seconds, baseline_seconds))
    hand, seen = "As,Kh,Qd,Jc,2s", "Ks,3c,9d,9h,Tc,4s"
    engine_seconds, chance = time_call(lambda: win_probability(hand, seen), repeat=200)
    hand_cards, seen_cards = parse_cards(hand), parse_cards(seen)
    parsed_seconds, _ = time_call(lambda: win_probability(hand_cards, seen_cards), repeat=200)
    pack = Shoe.standard(1).without(seen_cards)
    shoe_seconds, from_shoe = time_call(lambda: win_probability(hand_cards, pack), repeat=200)
    assert from_shoe == chance
    numbers = [card_number(c) for c in hand.split(",")]
    seen_numbers = [card_number(c) for c in seen.split(",")]
    baseline_seconds, (beaten, unseen) = time_call(lambda: beaten_unseen(numbers, seen_numbers), repeat=200)
    assert (int(chance.p), int(chance.q)) == (beaten // _gcd(beaten, unseen), unseen // _gcd(beaten, unseen))
    print(report("one hand's chance, text in (baseline: every card)", engine_seconds, baseline_seconds))
    print(report("one hand's chance, Cards in (same baseline)", parsed_seconds, baseline_seconds))
    print(report("one hand's chance, Shoe in (same baseline)", shoe_seconds, baseline_seconds))


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


if __name__ == "__main__":
    main()
