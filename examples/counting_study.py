"""The counting studies of the documentation, reproducible with one command.

Three studies of 8-deck shoes dealt round by round, each bet evaluated exactly on the cards left
before every round:

- baccarat's Dragon 7 with 16 cards behind the cut card (Stephen How's game): his unbalanced count
  betting at a running count of 0 or more (as his table's heading says) and above 0 (as his text
  says), Eliot Jacobson's count at a true count of +4, perfect play and never betting;
- baccarat's Panda 8 with 14 cards behind the cut card: How's co-count and Michael Shackleford's
  count at true counts of +6, +8 and +10, perfect play and never betting;
- another game through the same code: the tie of Dragon Tiger (paying 8 to 1) with 14 cards behind
  the cut card, perfect play and never betting (no count by rank can help the tie: removing a card
  changes its edge alike whatever the rank).

Usage: ``python examples/counting_study.py [SHOES_DRAGON_7 [SHOES_PANDA_8 [WORKERS
[SHOES_DRAGON_TIGER]]]]``. The defaults (2,000, 1,000 and 200 shoes in this process; Dragon Tiger
deals a fifth as many shoes as the Panda 8 unless told, each of its shoes being 202 rounds) take
under a minute; the documentation's baccarat figures come from ``python examples/counting_study.py
100000 20000 2`` (a few minutes on two cores). The figures are the same for any number of workers.
"""

from __future__ import annotations

import sys

from cardmath.output import render_tables
from cardmath.study import ShoeSetup, Study, result_tables, run_study


def main(arguments: list[str]) -> None:
    dragon_shoes = int(arguments[0]) if arguments else 2_000
    panda_shoes = int(arguments[1]) if len(arguments) > 1 else 1_000
    workers = int(arguments[2]) if len(arguments) > 2 else 1
    tiger_shoes = int(arguments[3]) if len(arguments) > 3 else max(panda_shoes // 5, 2)
    studies = (
        Study.define(
            ["dragon_7"],
            counts=[
                ("how_dragon_7", 0, "running"),
                ("how_dragon_7", 1, "running"),
                ("jacobson_dragon_7", None, None),
            ],
            setup=ShoeSetup(cut_card=16),
            shoes=dragon_shoes,
            seed=2024,
        ),
        Study.define(
            ["panda_8"],
            counts=[
                ("how_panda_8_co_count", None, None),
                ("wizard_panda_8", 6, "true"),
                ("wizard_panda_8", 8, "true"),
                ("wizard_panda_8", 10, "true"),
            ],
            setup=ShoeSetup(cut_card=14),
            shoes=panda_shoes,
            seed=2025,
        ),
        Study.define(
            ["tie"],
            setup=ShoeSetup(game="dragon-tiger", cut_card=14),
            shoes=tiger_shoes,
            seed=2027,
        ),
    )
    for study in studies:
        figures = run_study(study, workers=workers)
        strategies = result_tables(figures)[0]
        print(render_tables([strategies], "simple"))
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
