"""Time writing the tidy data of the published set against the set itself.

Run with ``python benchmarks/bench_tidy_set.py`` from the project root (the complete set: every
game, 1 to 8 decks and the infinite shoe, hands of 3 to 8 cards; it takes minutes), or narrow it
with ``--games reddog,baccarat --decks 1,2,inf --hand-sizes 4,5``.

The baseline is ``cardmath tables`` as it was before the tidy data: every table computed, then
written as Markdown, CSV, JSON, LaTeX and workbooks.  The tidy data is made from the tables
already computed (the run shares them): each kind's records, its columns, its CSV and Parquet
files, written as a set.  The target: the tidy data costs under 20 % of the ``tables`` time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from timing import machine_line, report, time_call, verdict

from cardmath import publish
from cardmath.cli.tables import parse_decks, parse_hand_sizes
from cardmath.output.tidy import TIDY_FORMATS

HUMAN_FORMATS = tuple(fmt for fmt in publish.FORMATS if fmt not in TIDY_FORMATS)
"""The formats of the set before the tidy data."""

TARGET = 0.20
"""The most the tidy data may cost, as a share of the time of the set for people."""


def main() -> None:
    """Print the two times, their ratio and the verdict."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=None, help="games, separated by commas (default: every game)")
    parser.add_argument("--decks", default="1-8,inf", help="numbers of decks (default 1-8,inf)")
    parser.add_argument("--hand-sizes", default="3-8", help="hand sizes (default 3-8)")
    arguments = parser.parse_args()
    games = None if arguments.games is None else publish.parse_games(arguments.games)
    jobs = publish.plan(games, parse_decks(arguments.decks), parse_hand_sizes(arguments.hand_sizes))
    print(machine_line())
    print(f"{len(jobs)} jobs")
    with tempfile.TemporaryDirectory() as folder:

        def tables() -> tuple[publish.PublishedTable, ...]:
            items = publish.published_tables(jobs, progress=False)
            publish.write_files(Path(folder, "tables"), publish.render_published(items, HUMAN_FORMATS))
            return items

        tables_seconds, items = time_call(tables)

        def tidy() -> int:
            files = publish.render_published(items, TIDY_FORMATS)
            return len(publish.write_files(Path(folder, "tidy"), files))

        tidy_seconds, written = time_call(tidy, repeat=3)
    print(report("tables (compute, then people's formats)", tables_seconds))
    print(report(f"tidy data ({written} files: CSV and Parquet)", tidy_seconds))
    ratio = tidy_seconds / tables_seconds
    print(f"ratio tidy / tables: {ratio:.2%}")
    print(
        verdict(
            "tidy data as a share of the tables' time", 100 * ratio, int(100 * TARGET), "%", at_least=False
        )
    )


if __name__ == "__main__":
    main()
