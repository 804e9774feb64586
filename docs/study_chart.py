"""Draws the chart of the counting-studies page, ``docs/img/study-edge-by-count.svg`` (and its
narrow drawing for phones, ``study-edge-by-count-narrow.svg``): the mean exact player advantage
of the Dragon 7 and the Panda 8 against the count, for the four published counts.

It runs two studies of :data:`SHOES` shoes each, with the games and seeds of the page's Dragon 7
and Panda 8 results (``examples/counting_study.py``), and draws their curves together with
:func:`cardmath.cli.study.write_plot`, as ``cardmath study --out DIR`` draws one study's.  Run it
from the repository's root: ``python docs/study_chart.py [SHOES [WORKERS]]`` (20,000 shoes on one
worker take a few minutes).
"""

from __future__ import annotations

import sys
from pathlib import Path

from cardmath.cli.study import write_plot
from cardmath.output import count_text
from cardmath.study import ShoeSetup, Study, edge_chart, run_study
from cardmath.table import Chart

SHOES = 20_000
"""Shoes per study, by default."""

IMAGES = Path(__file__).resolve().parent / "img"
NAME = "study-edge-by-count"


def studies(shoes: int) -> tuple[Study, ...]:
    """The two studies the chart draws: the Dragon 7 with Stephen How's and Eliot Jacobson's
    counts (16 cards behind the cut card, seed 2024), the Panda 8 with How's co-count and Michael
    Shackleford's count at a true count of +10 (14 cards behind the cut card, seed 2025)."""
    return (
        Study.define(
            ["dragon_7"],
            counts=[("how_dragon_7", None, None), ("jacobson_dragon_7", None, None)],
            setup=ShoeSetup(cut_card=16),
            shoes=shoes,
            seed=2024,
        ),
        Study.define(
            ["panda_8"],
            counts=[("how_panda_8_co_count", None, None), ("wizard_panda_8", 10, "true")],
            setup=ShoeSetup(cut_card=14),
            shoes=shoes,
            seed=2025,
        ),
    )


def chart(shoes: int, workers: int) -> Chart:
    """Every count's curve of both studies, on one chart."""
    series = tuple(
        line for study in studies(shoes) for line in edge_chart(run_study(study, workers=workers)).series
    )
    return Chart(
        NAME,
        f"Dragon 7 and Panda 8: exact player advantage by count ({count_text(shoes)} shoes each)",
        "count (running or true, as each line's name says)",
        "mean player advantage, %",
        series,
    )


def main(arguments: list[str]) -> None:
    shoes = int(arguments[0]) if arguments else SHOES
    workers = int(arguments[1]) if len(arguments) > 1 else 1
    drawn = chart(shoes, workers)
    write_plot(drawn, IMAGES / f"{NAME}.svg")
    write_plot(drawn, IMAGES / f"{NAME}-narrow.svg", width=4.2)
    print(f"wrote {IMAGES / NAME}.svg and {NAME}-narrow.svg")


if __name__ == "__main__":
    main(sys.argv[1:])
