"""Time a counting study: a Dragon 7 study (Stephen How's unbalanced count, 8 decks, 16 cards
behind the cut card) on one worker (in this process) and on an embedded two-worker Dask cluster,
and the projected time of a ten-million-shoe study on 100 cores.  First, the shoe dealer alone
against the previous dealer (which read each card from the NumPy array and built each card
anew), checked to deal the same rounds.  Last, a study of another game through the same code: the
tie of Dragon Tiger (8 decks, 14 cards behind the cut card, perfect play and never betting), whose
rounds are evaluated by the engine's batch of shoes (``analyze_many``), on one worker.

Run with ``python benchmarks/bench_study.py [SHOES [TIGER_SHOES]]`` from the project root (default
2,000 baccarat shoes and 200 Dragon Tiger shoes; the figures for 100,000 shoes are in the
documentation's "Counting studies" page).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from sympy import Rational
from timing import machine_line, report, time_call

from cardmath.cards import Card
from cardmath.games.baccarat import BaccaratRules, Deal, FirstTwo
from cardmath.games.baccarat.dealing import CARD_VALUES
from cardmath.study import ShoeSetup, Study, deal_shoe, run_study


def previous_deal_round(order: Any, position: int, rules: BaccaratRules) -> tuple[Deal, int]:
    """The dealer's round as it was: every card read from the array and converted one by one."""
    drawing = rules.drawing
    p1, b1, p2, b2 = (int(c) for c in order[position : position + 4])
    player = (int(CARD_VALUES[p1]) + int(CARD_VALUES[p2])) % 10
    banker = (int(CARD_VALUES[b1]) + int(CARD_VALUES[b2])) % 10
    used = 4
    player_third: int | None = None
    banker_third: int | None = None
    player_total, banker_total = player, banker
    if not drawing.deal_ends(player, banker):
        if drawing.player_draws(player):
            player_third = int(CARD_VALUES[order[position + used]])
            player_total = (player + player_third) % 10
            used += 1
        if drawing.banker_draws(banker, player_third):
            banker_third = int(CARD_VALUES[order[position + used]])
            banker_total = (banker + banker_third) % 10
            used += 1

    def match(first: int, second: int) -> FirstTwo:
        if first == second:
            return FirstTwo.IDENTICAL
        return FirstTwo.PAIR if first // 4 == second // 4 else FirstTwo.UNPAIRED

    deal = Deal(
        player_total,
        banker_total,
        3 if player_third is not None else 2,
        3 if banker_third is not None else 2,
        player_third,
        banker_third,
        match(p1, p2),
        match(b1, b2),
        (int(CARD_VALUES[p1]), int(CARD_VALUES[p2])),
        (int(CARD_VALUES[b1]), int(CARD_VALUES[b2])),
        (Card.from_index(p1), Card.from_index(p2)),
        (Card.from_index(b1), Card.from_index(b2)),
    )
    return deal, used


def time_dealers(shoes: int) -> None:
    """Deal ``shoes`` shoes with the dealer, then replay every round with the previous dealer."""
    setup = ShoeSetup(cut_card=16)
    dealt_time, dealt = time_call(lambda: [deal_shoe(1, index, setup) for index in range(shoes)])

    def replay() -> list[tuple[Deal, ...]]:
        return [
            tuple(previous_deal_round(shoe.order, int(start), setup.rules)[0] for start in shoe.starts)
            for shoe in dealt
        ]

    previous_time, previous = time_call(replay)
    assert previous == [shoe.deals for shoe in dealt], "the dealers differ"
    # The replay skips the shuffle and the cut-card logic, so the comparison favours the baseline.
    print(report(f"dealer, {shoes:,} shoes (same rounds as before)", dealt_time, previous_time))


def time_dragon_tiger(shoes: int) -> None:
    """A Dragon Tiger tie study on one worker: its rate, and its figures against the full shoe's."""
    study = Study.define(["tie"], game="dragon-tiger", shoes=shoes, seed=1)
    run_study(Study.define(["tie"], game="dragon-tiger", shoes=2, seed=1), workers=1)  # build the tables
    seconds, figures = time_call(lambda: run_study(study, workers=1, chunk=50))
    rounds = figures["rounds_per_shoe"]["mean"]
    print(
        f"Dragon Tiger tie study, {shoes:,} shoes ({rounds:.1f} rounds a shoe), the engine's batch of shoes:"
    )
    rate = f"{shoes / seconds:8.1f} shoes/s   {shoes * rounds / seconds:9,.0f} rounds/s"
    print(f"  1 worker : {seconds:8.1f} s   {rate}")
    tie = figures["bets"]["tie"]
    over, first = tie["house_edge_over_rounds"], tie["house_edge_first_round"]
    full = Rational(tie["full_shoe_house_edge"])
    print(
        f"  tie house edge: full shoe {full} = {float(full):.4%}; over rounds {over['mean']:.4%} ± "
        f"{over['se']:.4%}; first rounds {first['mean']:.4%} ± {first['se']:.4%}"
    )
    perfect = figures["strategies"]["tie perfect play"]
    win = perfect["win_per_shoe"]
    print(
        f"  perfect play: {win['mean']:+.4f} ± {win['se']:.4f} units a shoe, "
        f"{perfect['bets_per_shoe']['mean']:.2f} bets a shoe"
    )


def main() -> None:
    shoes = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    tiger_shoes = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    print(machine_line())
    time_dealers(shoes)
    study = Study.define(
        ["dragon_7"], counts=[("how_dragon_7", None, None)], setup=ShoeSetup(cut_card=16), shoes=shoes, seed=1
    )
    run_study(Study.define(["dragon_7"], shoes=2, seed=1), workers=1)  # build the tables once
    one, alone = time_call(lambda: run_study(study, workers=1, chunk=100))
    two, pair = time_call(lambda: run_study(study, workers=2, chunk=100))
    assert json.dumps(alone, default=str) == json.dumps(pair, default=str), "1 and 2 workers differ"
    rounds = alone["rounds_per_shoe"]["mean"]
    print(f"Dragon 7 study, {shoes:,} shoes ({rounds:.1f} rounds a shoe), identical on 1 and 2 workers:")
    print(f"  1 worker : {one:8.1f} s   {shoes / one:8.1f} shoes/s   {shoes * rounds / one:9,.0f} rounds/s")
    print(f"  2 workers: {two:8.1f} s   {shoes / two:8.1f} shoes/s   (speed-up x{one / two:.2f})")
    per_core = shoes / one
    projected = 10_000_000 / (per_core * 100)
    print(
        f"  projected 10,000,000 shoes on 100 cores at {per_core:.0f} shoes/s a core: "
        f"{projected / 60:.1f} min"
    )
    figures = alone["strategies"]["dragon_7 how_dragon_7 running count >= 0"]
    win = figures["win_per_shoe"]
    print(f"  How's count: {win['mean']:+.3f} ± {win['se']:.3f} units a shoe, ", end="")
    print(f"{figures['bets_per_shoe']['mean']:.2f} bets a shoe")
    time_dragon_tiger(tiger_shoes)


if __name__ == "__main__":
    main()
