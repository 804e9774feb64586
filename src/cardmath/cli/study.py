"""The ``cardmath study`` sub-command: a counting study of side bets over many dealt shoes.

``cardmath study BET --shoes N [--count NAME|TAGS] [--trigger T] [--basis running|true]
[--decks D] [--cut-card C] [--rounds-after-cut R] [--seed S] [--scheduler ADDRESS] [--workers K]
[--chunk N] [--out DIR]`` deals N shuffled shoes, evaluates the exact edge of the bet before
every round, and prints what the count, perfect play and never betting win
(:mod:`cardmath.study`).  With ``--out`` the finished chunks are saved there as they arrive (a
run again with the same arguments resumes) and the results are written as ``results.json``,
``results.md`` and the plot ``edge-by-count.svg``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from cardmath.cli.options import add_format_option
from cardmath.errors import OptionError
from cardmath.numbers import read_rational, read_whole
from cardmath.output import dumps_json, render_tables, write_atomic
from cardmath.study import (
    DEFAULT_CHUNK,
    PUBLISHED_COUNTS,
    ShoeSetup,
    Study,
    edge_chart,
    result_tables,
    run_study,
)
from cardmath.table import Chart

__all__ = ["register", "run", "write_plot"]


def register(subparsers: Any) -> None:
    """Add the ``study`` sub-command to the parser.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> arguments = subparsers.choices["study"].parse_args(["dragon_7", "--shoes", "100"])
    >>> arguments.bet, arguments.shoes, arguments.decks, arguments.cut_card, arguments.count
    ('dragon_7', '100', '8', '14', None)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "study",
        help="a counting study: the exact edge of a side bet before every round of many dealt shoes",
        description=(
            "Deal shuffled shoes round by round (the first card exposed and that many burned, a cut card), "
            "evaluate the exact house edge of the bet on the cards left before every round, and report "
            "what a count betting at its trigger, perfect play (bet exactly when the edge favours the "
            "player) and never betting win, with standard errors. Shoe i is seeded by its index: the "
            "figures are the same for any number of workers. Runs on an embedded Dask cluster (one "
            "worker per core), in one process (--workers 1) or on an existing cluster (--scheduler)."
        ),
    )
    parser.add_argument(
        "bet", metavar="BET", help="the bet to study (a built-in bet, such as dragon_7 or panda_8)"
    )
    parser.add_argument("--shoes", default="10000", metavar="N", help="shoes to deal (default 10000)")
    counts = ", ".join(PUBLISHED_COUNTS)
    parser.add_argument(
        "--count",
        default=None,
        metavar="NAME|TAGS",
        help=f"the count: {counts}, or tags ace first such as 1,0,0,-1,-1,-1,-1,2,2,0@-4 "
        "(@ the initial count per deck); default: the count published for the bet, if any",
    )
    parser.add_argument(
        "--trigger",
        default=None,
        metavar="T",
        help="bet when the count is at least T (default: the published trigger)",
    )
    parser.add_argument(
        "--basis",
        default=None,
        choices=("running", "true"),
        help="compare the running count or the true count with the trigger "
        "(default: as published; true for tags)",
    )
    parser.add_argument("--decks", default="8", metavar="D", help="decks in the shoe (default 8)")
    parser.add_argument(
        "--cut-card", default="14", metavar="C", help="cards behind the cut card (default 14)"
    )
    parser.add_argument(
        "--rounds-after-cut",
        default="1",
        metavar="R",
        help="rounds dealt after the round in which the cut card comes out (default 1, the house procedure)",
    )
    parser.add_argument(
        "--seed", default="0", metavar="S", help="the study's seed, a whole number (default 0)"
    )
    parser.add_argument(
        "--scheduler", default=None, metavar="ADDRESS", help="an existing Dask scheduler, tcp://host:8786"
    )
    parser.add_argument(
        "--workers",
        default=None,
        metavar="K",
        help="workers of the embedded cluster (default one per core; 1: no cluster)",
    )
    parser.add_argument(
        "--chunk", default=str(DEFAULT_CHUNK), metavar="N", help=f"shoes per chunk (default {DEFAULT_CHUNK})"
    )
    parser.add_argument(
        "--out", default=None, metavar="DIR", help="save chunks and results here; a run again resumes"
    )
    add_format_option(parser)
    parser.set_defaults(run=run)


def _whole(text: str, what: str, minimum: int) -> int:
    value = read_whole(text, what)
    if value < minimum:
        raise OptionError(f"{what} must be a whole number {minimum} or more, not {text!r}")
    return value


def study_from_arguments(arguments: argparse.Namespace) -> Study:
    """The study the command line describes."""
    setup = ShoeSetup(
        decks=_whole(arguments.decks, "the number of decks", 1),
        cut_card=_whole(arguments.cut_card, "the cut card", 0),
        rounds_after_cut=_whole(arguments.rounds_after_cut, "the rounds after the cut card", 0),
    )
    count = arguments.count
    if count is None:
        count = next((name for name, entry in PUBLISHED_COUNTS.items() if entry[1] == arguments.bet), None)
    trigger = (
        None
        if arguments.trigger is None
        else read_rational(arguments.trigger, "the trigger", allowed="a number")
    )
    counts = [] if count is None else [(count, trigger, arguments.basis)]
    if count is None and (arguments.trigger is not None or arguments.basis is not None):
        raise OptionError(
            f"--trigger and --basis need a count (--count): no count is published for {arguments.bet}"
        )
    return Study.define(
        [arguments.bet],
        counts=counts,
        setup=setup,
        shoes=_whole(arguments.shoes, "the number of shoes", 1),
        seed=_whole(arguments.seed, "the seed", 0),
    )


def write_plot(chart: Chart, path: Path) -> bool:
    """Draw a chart as an SVG file with matplotlib; ``False`` (nothing written) without matplotlib.

    >>> import tempfile
    >>> from cardmath.table import Series
    >>> chart = Chart("c", "Edge", "count", "advantage, %", (Series("a", ((0.0, 1.0), (1.0, 2.0))),))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "c.svg"
    ...     write_plot(chart, path) and path.read_text().startswith("<?xml")
    True
    """
    try:
        import matplotlib  # noqa: PLC0415 (matplotlib is optional: the plot is skipped without it)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
    except ImportError:
        return False
    figure, axes = plt.subplots(figsize=(9, 4.6), layout="constrained")
    for series in chart.series:
        axes.plot(
            [x for x, _ in series.points],
            [y for _, y in series.points],
            marker="o",
            markersize=3,
            label=series.name,
        )
    axes.axhline(0, color="black", linewidth=0.8)
    axes.set_xlabel(chart.x_label)
    axes.set_ylabel(chart.y_label)
    axes.set_title(chart.title)
    axes.grid(alpha=0.3)
    if chart.series:
        axes.legend(frameon=False)
    figure.savefig(path, format="svg", metadata={"Date": None})
    plt.close(figure)
    return True


def run(arguments: argparse.Namespace) -> str:
    """Run the study and return its results as text (tables, or JSON with ``--format json``).

    >>> from cardmath.cli import build_parser
    >>> words = ["study", "dragon_7", "--shoes", "2", "--workers", "1", "--format", "json"]
    >>> print(run(build_parser().parse_args(words)))  # doctest: +ELLIPSIS
    {
      "study": {
    ...
      "shoes_done": 2,
    ...
    """
    study = study_from_arguments(arguments)
    workers = None if arguments.workers is None else _whole(arguments.workers, "the number of workers", 1)
    chunk = _whole(arguments.chunk, "the chunk size", 1)

    with tqdm(total=study.shoes, unit="shoe", file=sys.stderr, disable=None, smoothing=0.1) as bar:

        def advance(shoes: int) -> None:
            bar.update(shoes)

        figures = run_study(
            study,
            scheduler=arguments.scheduler,
            workers=workers,
            chunk=chunk,
            out=arguments.out,
            progress=advance,
        )
    tables = result_tables(figures)
    if arguments.out is not None:
        folder = Path(arguments.out)
        write_atomic(folder / "results.json", dumps_json(figures))
        write_atomic(folder / "results.md", render_tables(tables, "github"))
        write_plot(edge_chart(figures), folder / "edge-by-count.svg")
    if arguments.format == "json":
        return dumps_json(figures)
    return render_tables(tables, arguments.format)
