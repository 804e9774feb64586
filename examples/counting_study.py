"""The counting studies of the documentation, reproducible with one command.

Two studies of 8-deck shoes dealt round by round, each bet evaluated exactly on the cards left
before every round:

- Dragon 7 with 16 cards behind the cut card (Stephen How's game): his unbalanced count betting at
  a running count of 0 or more (as his table's heading says) and above 0 (as his text says),
  Eliot Jacobson's count at a true count of +4, perfect play and never betting;
- Panda 8 with 14 cards behind the cut card: How's co-count and Michael Shackleford's count at
  true counts of +6, +8 and +10, perfect play and never betting.

Usage: ``python examples/counting_study.py [SHOES_DRAGON_7 [SHOES_PANDA_8 [WORKERS]]]``. The
defaults (2,000 and 1,000 shoes in this process) take a few seconds; the documentation's figures
come from ``python examples/counting_study.py 100000 20000 2`` (a few minutes on two cores). The
figures are the same for any number of workers.
"""

from __future__ import annotations

import sys

from cardmath.output import render_tables
from cardmath.study import ShoeSetup, Study, result_tables, run_study


def main(arguments: list[str]) -> None:
    dragon_shoes = int(arguments[0]) if arguments else 2_000
    panda_shoes = int(arguments[1]) if len(arguments) > 1 else 1_000
    workers = int(arguments[2]) if len(arguments) > 2 else 1
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
    )
    for study in studies:
        figures = run_study(study, workers=workers)
        strategies = result_tables(figures)[0]
        print(render_tables([strategies], "simple"))
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
