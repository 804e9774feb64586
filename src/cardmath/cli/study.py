"""The ``cardmath study`` sub-command: a counting study of any game's bets over many dealt shoes.

``cardmath study [--game NAME] BET... --shoes N [--rule FIELD=VALUE] [--count NAME|TAGS|derived:L]
[--trigger T] [--basis running|true] [--decks D] [--cut-card C] [--rounds-after-cut R] [--no-burn]
[--seed S] [--scheduler ADDRESS] [--workers K] [--chunk N] [--out DIR] [--bankroll B] [--team]``
deals N shuffled shoes of
the game (baccarat by default; any game of the registry dealt round by round, by its name or an
alias), evaluates the exact edge of each bet before every round through the game's own batch,
and prints what the count (on the first bet), perfect play and never betting win
(:mod:`cardmath.study`).  With ``--out`` the finished chunks are saved there as they arrive (a
run again with the same arguments resumes) and the results are written as ``results.json``,
``results.md`` and the plot ``edge-by-count.svg``.  ``--bankroll`` sets the bankroll whose risk
of ruin the figures give; ``--team`` counts each bet with its own published count, as one team.
With ``--format csv`` or ``csv-tidy`` the figures are numbers: a mean and its standard error in two
columns (``units won per shoe`` and ``units won per shoe standard error``, as the tables show
them; ``--format json`` has every digit), a percentage in percent under a header ending in ``%``.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tqdm import tqdm

from cardmath.cli.console import ascii_forced, fitted
from cardmath.cli.options import add_format_option
from cardmath.cli.writing import out_lock
from cardmath.display import Displayed
from cardmath.errors import OptionError
from cardmath.files import write_atomic
from cardmath.numbers import read_rational, read_whole
from cardmath.output import TIDY_CSV, dumps_json, render_tables
from cardmath.output.tidy import tidy_csv
from cardmath.shoe import Shoe
from cardmath.study import (
    BANKROLLS,
    DEFAULT_CHUNK,
    DEFAULT_GAME,
    MOST_BANKROLL,
    PUBLISHED_COUNTS,
    PUBLISHED_GAME,
    CountSystem,
    ShoeSetup,
    Study,
    derived_count,
    edge_chart,
    result_tables,
    run_study,
    study_game,
    study_games,
    with_bankrolls,
)
from cardmath.study.runner import CONNECT_WAIT, MAX_CHUNK, WORKER_WAIT, WORKERS_PER_CORE
from cardmath.table import Chart, Table, slug_of

__all__ = ["machine_tables", "register", "run", "write_plot"]


def register(subparsers: Any) -> None:
    """Add the ``study`` sub-command to the parser.

    Args:
        subparsers: The sub-parsers action of the ``cardmath`` parser (what ``add_subparsers()`` returned), to
            which the command is added.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> arguments = subparsers.choices["study"].parse_args(["dragon_7", "--shoes", "100"])
    >>> arguments.game, arguments.bets, arguments.shoes, arguments.decks, arguments.cut_card, arguments.count
    ('baccarat', ['dragon_7'], '100', '8', '14', None)
    >>> subparsers.choices["study"].parse_args(["--game", "dt", "tie", "suited_tie"]).bets
    ['tie', 'suited_tie']
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "study",
        help="a counting study: the exact edge of a game's bets before every round of many dealt shoes",
        description=(
            "Deal shuffled shoes of a game round by round (the first card exposed and burned, with as many "
            "more as the game burns: baccarat its value; a cut card), evaluate the exact house edge of each "
            "bet on the cards left before every round through the game's own batch, and report what a count "
            "betting at its trigger (on the first bet), perfect play (bet exactly when the edge favours the "
            "player) and never betting win, with standard errors. Shoe i is seeded by its index: the figures "
            "are the same for any number of workers. Runs on an embedded Dask cluster (one worker per core), "
            "in one process (--workers 1) or on an existing cluster (--scheduler)."
        ),
    )
    parser.add_argument(
        "bets",
        metavar="BET",
        nargs="+",
        help="the bets to study: built-in bets of the game, such as dragon_7 or panda_8 in baccarat, tie in "
        "Dragon Tiger (the count bets the first)",
    )
    parser.add_argument(
        "--game",
        default=DEFAULT_GAME,
        metavar="NAME",
        help=f"the game, by name or alias: {', '.join(study_games())} (default {DEFAULT_GAME})",
    )
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a rule of the game, as its command's option reads it, such as tie_pays=11 (repeatable; "
        "default: the usual rules)",
    )
    parser.add_argument(
        "--shoes", default="10000", metavar="N", help="shoes to deal, 1 to 10**12 (default 10000)"
    )
    counts = ", ".join(PUBLISHED_COUNTS)
    parser.add_argument(
        "--count",
        default=None,
        metavar="NAME|TAGS|derived:L",
        help=f"the count: {counts} (baccarat's published counts), tags ace first such as "
        "1,0,0,-1,-1,-1,-1,2,2,0@-4 (@ the initial count per deck), or derived:1, derived:2 or "
        "derived:3 (the first bet's best linear count at that level, from its effects of removal); "
        "tags and derived counts need --trigger; default: the count published for the bet, if any",
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
        "(default: as published; true for tags and derived counts)",
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
        "--no-burn",
        action="store_true",
        help="burn nothing: the first round is dealt from the first card of the shoe",
    )
    parser.add_argument(
        "--seed", default="0", metavar="S", help="the study's seed, 0 to 2**64 - 1 (default 0)"
    )
    parser.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="an existing Dask scheduler, tcp://HOST:PORT (tcp only; it must answer within "
        f"{CONNECT_WAIT:g} s and have a worker within {WORKER_WAIT:g} s)",
    )
    parser.add_argument(
        "--workers",
        default=None,
        metavar="K",
        help="workers of the embedded cluster, at most "
        f"{WORKERS_PER_CORE} per core (default one per core; 1: no cluster; not with --scheduler)",
    )
    parser.add_argument(
        "--chunk",
        default=str(DEFAULT_CHUNK),
        metavar="N",
        help=f"shoes per chunk, 1 to {MAX_CHUNK:,}, held in memory together (default {DEFAULT_CHUNK})",
    )
    parser.add_argument(
        "--out",
        default=None,
        metavar="DIR",
        help="save chunks and results here (a new or empty folder, or one a study wrote); a run again "
        "resumes, dealing again any chunk found damaged",
    )
    parser.add_argument(
        "--restart",
        action="store_true",
        help="discard what --out holds of another study (its chunks) and start this one; without it such a "
        "folder is refused and nothing of it is removed",
    )
    parser.add_argument(
        "--bankroll",
        default=None,
        metavar="B",
        help="the bankroll, in units of one bet, whose risk of ruin (the diffusion approximation) the "
        f"figures give (default {' and '.join(f'{b:,}' for b in BANKROLLS)}); the bankrolls for a 5%% and "
        "a 1%% risk are always given",
    )
    parser.add_argument(
        "--team",
        action="store_true",
        help="team play: each bet counted by its published count at its published trigger (baccarat), and "
        "the counts reported as one strategy too, with the correlation of their results per shoe",
    )
    add_format_option(parser)
    parser.set_defaults(run=run)


def _whole(text: str, what: str, minimum: int, maximum: int | None = None) -> int:
    value = read_whole(text, what)
    if value < minimum:
        raise OptionError(f"{what} must be a whole number {minimum} or more, not {text!r}")
    if maximum is not None and value > maximum:
        raise OptionError(f"{what} must be a whole number from {minimum} to {maximum:,}, not {text!r}")
    return value


def _rules(game: Any, texts: list[str]) -> Any:
    """The game's rules with each ``FIELD=VALUE`` of ``--rule`` read by the game's option."""
    fields: dict[str, str] = {}
    for text in texts:
        field, equals, value = text.partition("=")
        if not equals or not field.strip():
            raise OptionError(f"a rule is FIELD=VALUE, such as tie_pays=11, not {text!r}")
        fields[field.strip().lstrip("-").replace("-", "_")] = value.strip()
    return game.rules(**fields) if fields else game.default_rules


def _count(text: str, bet: str, setup: ShoeSetup) -> str | CountSystem:
    """A count by name or tags, or ``derived:L``: the first bet's derived count at level ``L``."""
    kind, colon, level = text.partition(":")
    if not colon or kind.strip() != "derived":
        return text
    if level.strip() not in ("1", "2", "3"):
        raise OptionError(f"a derived count is derived:1, derived:2 or derived:3, not {text!r}")
    return derived_count(bet, int(level), Shoe.standard(setup.decks), setup.rules, game=setup.game)


def _check_team(game: Any, bets: list[str]) -> None:
    """``--team`` plays each bet with its published count: two or more bets, each with a count
    published with a trigger (baccarat's ``dragon_7`` and ``panda_8``)."""
    published = dict.fromkeys(entry[1] for entry in PUBLISHED_COUNTS.values() if entry[3] is not None)
    example = " ".join(published)
    missing = [bet for bet in bets if game.name != PUBLISHED_GAME or bet not in published]
    if missing:
        raise OptionError(
            f"no count with a trigger is published for {game.short_title} bet {missing[0]!r}: --team plays "
            f"each bet with its published count, which {PUBLISHED_GAME}'s bets {', '.join(published)} have, "
            f"such as '{example}'; for a count of your own (--count), leave out --team"
        )
    if len(bets) < 2:
        raise OptionError(
            "a team plays two or more counts, one per bet: give --team two or more bets with published "
            f"counts, such as '{example}'"
        )


def study_from_arguments(arguments: argparse.Namespace) -> Study:
    """The study the command line describes.

    >>> from cardmath.cli import build_parser
    >>> words = ["study", "--game", "dragon-tiger", "tie", "--no-burn", "--rule", "tie_pays=11"]
    >>> study = study_from_arguments(build_parser().parse_args(words))
    >>> study.game.name, study.setup.burn, study.bets[0].pays[0], [s.name for s in study.strategies]
    ('dragon-tiger', False, ('tie', 11), ['tie perfect play', 'tie never'])
    """
    game = study_game(arguments.game)
    setup = ShoeSetup(
        decks=_whole(arguments.decks, "the number of decks", 1),
        cut_card=_whole(arguments.cut_card, "the cut card", 0),
        rounds_after_cut=_whole(arguments.rounds_after_cut, "the rounds after the cut card", 0),
        rules=_rules(game, arguments.rule),
        game=game,
        burn=not arguments.no_burn,
    )
    first = arguments.bets[0]
    count: str | None = arguments.count
    if count is None and game.name == PUBLISHED_GAME:
        count = next((name for name, entry in PUBLISHED_COUNTS.items() if entry[1] == first), None)
    trigger = (
        None
        if arguments.trigger is None
        else read_rational(arguments.trigger, "the trigger", allowed="a number")
    )
    team = bool(getattr(arguments, "team", False))
    if team and (arguments.count is not None or trigger is not None or arguments.basis is not None):
        raise OptionError(
            "--team counts each bet with its published count: leave out --count, --trigger and --basis"
        )
    if team:
        _check_team(game, arguments.bets)
    if count is None and (arguments.trigger is not None or arguments.basis is not None):
        raise OptionError(f"--trigger and --basis need a count (--count): no count is published for {first}")
    counts = [] if count is None or team else [(_count(count, first, setup), trigger, arguments.basis)]
    return Study.define(
        arguments.bets,
        counts=counts,
        setup=setup,
        shoes=_whole(arguments.shoes, "the number of shoes", 1),
        seed=_whole(arguments.seed, "the seed", 0, 2**64 - 1),
        team=team,
    )


def write_plot(chart: Chart, path: Path, *, width: float = 9.0) -> bool:
    """Draw a study's chart (:func:`~cardmath.study.edge_chart`) as an SVG file with matplotlib.

    Each line is named as people name it: a strategy ``"dragon_7 how_dragon_7 running count >= 0"``
    reads "Dragon 7: Stephen How's count, running count ≥ 0" (the bet by its display name, a
    published count by its author, from :data:`~cardmath.study.PUBLISHED_COUNTS`).  The legend
    sits under the axes, never over the data; the text is 12 points, so that a drawing ``width``
    inches wide stays legible shown at that width (9 for a page, about 4 for a phone).  The drawing
    is made in memory and written whole (:func:`~cardmath.files.write_atomic`), so a kill never
    leaves half a file; with no date and a fixed hash salt, the same chart gives the same bytes.

    Args:
        chart: The chart: one series per count strategy, the count on x, the mean advantage on y.
        path: The SVG file to write.
        width: The figure's width in inches; 9 by default.

    Returns:
        ``True`` once the file is written; ``False`` (nothing written) without matplotlib.

    >>> import tempfile
    >>> from cardmath.table import Series
    >>> line = Series("dragon_7 how_dragon_7 running count >= 0", ((0.0, 1.0), (1.0, 2.0)))
    >>> chart = Chart("c", "Edge", "count", "advantage, %", (line,))
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "c.svg"
    ...     written = write_plot(chart, path)
    ...     text = path.read_text()
    >>> written, text.startswith("<?xml"), "Dragon 7: Stephen How's count, running count ≥ 0" in text
    (True, True, True)
    """
    try:
        import matplotlib  # noqa: PLC0415 (matplotlib is optional: the plot is skipped without it)

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
        from matplotlib.ticker import PercentFormatter  # noqa: PLC0415
    except ImportError:
        return False
    import io  # noqa: PLC0415 (the one function of this module that draws, reads names or wraps text)
    import re  # noqa: PLC0415
    import textwrap  # noqa: PLC0415

    bet_names: dict[str, str] = {}
    for game in study_games():
        for name, bet in study_game(game).built_in_bets().items():
            bet_names.setdefault(name, bet.display_name)

    def person(count: str) -> str:
        published = PUBLISHED_COUNTS.get(count)
        author = published[0].source.split(",", 1)[0].strip() if published else ""
        return f"{author}'s count" if author else f"the count {count}"

    def readable(name: str) -> str:
        match = re.fullmatch(r"(\S+) (\S+) (running|true) count >= (\S+)", name)
        if match:
            bet, count, basis, trigger = match.groups()
            return f"{bet_names.get(bet, bet)}: {person(count)}, {basis} count ≥ {trigger}"
        bet, _, strategy = name.partition(" ")
        return f"{bet_names.get(bet, bet)}: {strategy}" if strategy else bet_names.get(bet, name)

    characters = int(width * 72 / (12 * 0.6))  # characters of 12-point text across the figure
    names = [textwrap.fill(readable(series.name), characters - 6) for series in chart.series]
    longest = max((len(line) for name in names for line in name.splitlines()), default=1)
    columns = max(1, min(len(names), characters // (longest + 7)))
    legend_lines = sum(name.count("\n") + 1 for name in names) / columns
    axes_height = max(3.2, 0.45 * width)
    with plt.rc_context(
        {
            "svg.fonttype": "path",
            "svg.hashsalt": "cardmath",
            "font.size": 12,
            "axes.titlesize": 13,
            "xtick.labelsize": 12,
            "ytick.labelsize": 12,
            "legend.fontsize": 12,
        }
    ):
        height = axes_height + 1.0 + 0.3 * legend_lines
        figure, axes = plt.subplots(figsize=(width, height), layout="constrained")
        for series, name in zip(chart.series, names, strict=True):
            xs = [x for x, _ in series.points]
            axes.plot(xs, [y for _, y in series.points], marker="o", markersize=3, label=name)
        axes.axhline(0, color="black", linewidth=0.8)
        if "%" in chart.y_label:
            axes.yaxis.set_major_formatter(PercentFormatter(xmax=100, decimals=None))
        axes.set_xlabel(textwrap.fill(chart.x_label, characters - 4))
        axes.set_ylabel(textwrap.fill(chart.y_label, int(axes_height * 72 / (12 * 0.6))))
        axes.set_title(textwrap.fill(chart.title, int(width * 72 / (13 * 0.6)) - 2))
        axes.grid(alpha=0.3)
        if names:
            figure.legend(loc="outside lower center", ncols=columns, frameon=False)
        drawing = io.BytesIO()
        figure.savefig(drawing, format="svg", metadata={"Date": None})
        plt.close(figure)
    write_atomic(path, drawing.getvalue())
    return True


def _figures(arguments: argparse.Namespace, study: Study, workers: int | None, chunk: int) -> dict[str, Any]:
    """Run the study with a progress bar on standard error (on a terminal)."""
    bars = ascii_forced() or None  # tqdm's own choice unless --ascii
    with tqdm(
        total=study.shoes, unit="shoe", file=sys.stderr, disable=None, smoothing=0.1, ascii=bars
    ) as bar:

        def advance(shoes: int) -> None:
            bar.update(shoes)

        def report(line: str) -> None:
            tqdm.write(fitted(sys.stderr, f"cardmath: {line}"), file=sys.stderr)

        return run_study(
            study,
            scheduler=arguments.scheduler,
            workers=workers,
            chunk=chunk,
            out=arguments.out,
            progress=advance,
            report=report,
            restart=arguments.restart,
        )


def run(arguments: argparse.Namespace) -> str:
    """Run the study and return its results as text (tables, or JSON with ``--format json``).

    Args:
        arguments: The parsed command line of ``cardmath study``, as the parser built by
            :func:`~cardmath.cli.main.build_parser` returns it. Numbers are read as text and checked.

    Returns:
        The study's figures: its tables in the ``--format`` format, or a JSON document with ``--format json``.

    Raises:
        PublishError: When ``--out`` cannot be a study's folder, or a chunk or a results file cannot be
            written there; nothing is printed then (every finished chunk is saved, so the same command
            run again prints the figures at once).

    >>> from cardmath.cli import build_parser
    >>> words = ["study", "dragon_7", "--shoes", "2", "--workers", "1", "--format", "json"]
    >>> print(run(build_parser().parse_args(words)))  # doctest: +ELLIPSIS
    {
      "game": "baccarat",
      "study": {
    ...
      "shoes_done": 2,
    ...
    """
    study = study_from_arguments(arguments)
    workers = None if arguments.workers is None else _whole(arguments.workers, "the number of workers", 1)
    chunk = _whole(arguments.chunk, "the chunk size", 1)
    given = getattr(arguments, "bankroll", None)
    bankroll = None if given is None else _whole(given, "the bankroll in units", 1)
    if bankroll is not None and bankroll > MOST_BANKROLL:
        raise OptionError(f"the bankroll in units must be at most {MOST_BANKROLL:,}, not {str(given)[:40]!r}")

    with out_lock(arguments, arguments.out):  # another run writing the folder: wait, or refuse
        figures = _figures(arguments, study, workers, chunk)
        if bankroll is not None:
            figures = with_bankrolls(figures, [bankroll])
        tables = result_tables(figures)
        if arguments.out is not None:
            folder = Path(arguments.out)
            write_atomic(folder / "results.json", dumps_json(figures))
            write_atomic(folder / "results.md", render_tables(tables, "github"))
            write_plot(edge_chart(figures), folder / "edge-by-count.svg")
    if arguments.format == "json":
        return dumps_json(figures)
    if arguments.format == TIDY_CSV and isinstance(figures, Displayed):  # every digit, one figure a row
        return tidy_csv(figures.records())
    if arguments.format in ("csv", TIDY_CSV):
        conditions = {"game": study.game.name, "decks": study.setup.decks, "shoe": "finite"}
        conditions |= {"shoes": figures["shoes_done"], "seed": study.seed}
        return render_tables(machine_tables(tables), arguments.format, conditions=conditions)
    return render_tables(tables, arguments.format)


_PLUS_MINUS = " ± "
_NUMBER = re.compile(r"[+-]?[\d,]*\.?\d+%?")
_TITLE = re.compile(r"(?P<what>[^,]+), (?:(?P<strategy>.+), )?\d+ shoes of .*")
"""A study's table title: what it shows, the count strategy it is for (edge by count), the shoes."""


def _number(text: str) -> float:
    """A figure as a table shows it (``1,077``, ``-0.1187``, ``12.50%``), as a number (in percent)."""
    return float(text.replace(",", "").removesuffix("%"))


def _split(cell: Any) -> tuple[Any, Any]:
    """A mean and its standard error from ``"MEAN ± SE"`` (``None`` for an error shown ``n/a``)."""
    if not isinstance(cell, str):
        return cell, None
    mean, _, error = cell.partition(_PLUS_MINUS)
    return _number(mean), None if error.strip() == "n/a" else _number(error)


def machine_tables(tables: Sequence[Table]) -> tuple[Table, ...]:
    """A study's tables for programs (``--format csv`` and ``csv-tidy``): a column of means ± their
    standard errors becomes two columns, ``NAME`` and ``NAME standard error``; a column of figures
    written as text (``1,077``, ``0.577``, ``12.50%``) holds them as numbers, a percentage in
    percent (``, %`` ends its header).  Any other column is kept as it is.  Each table is named
    ``study-WHAT`` (``study-strategies``), and a table for one count strategy (the edge by count)
    starts with a column ``strategy`` naming it.

    Args:
        tables: The study's tables (:func:`~cardmath.study.result_tables`).

    Returns:
        The same tables, with numbers in place of the text that shows them.

    >>> rows = (("never", "0.1 ± n/a", "5.00%"),)
    >>> table = Table("Strategies, 9 shoes of 8 decks", ("strategy", "units won per shoe", "share"), rows)
    >>> machine = machine_tables([table])[0]
    >>> machine.slug, machine.headers, machine.rows
    ('study-strategies', ('strategy', 'units won per shoe', 'units won per shoe standard error', 'share, %'), (('never', 0.1, None, 5.0),))
    """  # noqa: E501
    found = []
    for table in tables:
        headers: list[str] = []
        columns: list[list[Any]] = []
        for index, header in enumerate(table.headers):
            cells = [row[index] for row in table.rows]
            given = [cell for cell in cells if cell is not None]
            if given and all(isinstance(cell, str) and _PLUS_MINUS in cell for cell in given):
                pairs = [_split(cell) for cell in cells]
                headers += [header, f"{header} standard error"]
                columns += [[mean for mean, _ in pairs], [error for _, error in pairs]]
            elif given and all(isinstance(cell, str) and _NUMBER.fullmatch(cell) for cell in given):
                percent = any(cell.endswith("%") for cell in given) and "%" not in header
                headers.append(f"{header}, %" if percent else header)
                columns.append([None if cell is None else _number(cell) for cell in cells])
            else:
                headers.append(header)
                columns.append(cells)
        title = _TITLE.fullmatch(table.title)
        strategy = title.group("strategy") if title else None
        if strategy:
            headers.insert(0, "strategy")
            columns.insert(0, [strategy] * len(table.rows))
        rows = tuple(zip(*columns, strict=True)) if columns else ()
        slug = f"study-{slug_of(title.group('what'))}" if title else table.slug
        found.append(Table(table.title, tuple(headers), rows, heading=table.heading, slug=slug))
    return tuple(found)
