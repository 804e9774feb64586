"""Time the notebook display of a long session against a naive baseline, in one run.

Run with ``python benchmarks/bench_display_session.py`` from the project root.  Baccarat's banker
bet on 8 decks, 1,000 hands: 39,001 net results whose exact chances are fractions of about 13,300
digits.  :meth:`~cardmath.display.Displayed._repr_html_` of the
:class:`~cardmath.risk.session.SessionDistribution` shows its summary (chances ahead, even and
behind, median, central ranges), each exact figure as a decimal with the size of its fraction.
The baseline renders every result within reach with ``tabulate`` as an HTML table of decimals
(the exact fractions left out: their digits alone would be a gigabyte, and building them takes
more than a minute).

Both are timed on a distribution whose figures are already worked out ("display"), and the first
display of a fresh distribution is timed too ("first display": it works out the chances ahead,
even and behind and the percentiles, once).  Targets (PASS/FAIL lines): the display under 100 ms
and under 20 KB of HTML.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tabulate import tabulate
from timing import machine_line, report, time_call, verdict

from cardmath.games.baccarat import GAME
from cardmath.lattice import LatticeBet
from cardmath.risk.session import SessionDistribution, session_distribution
from cardmath.shoe import Shoe

HANDS = 1000


def naive_html(session: SessionDistribution) -> str:
    """Every net result within reach and its chance as one HTML table, decimals only (each chance
    the float nearest its weight over the total, without building the exact fractions)."""
    unit = float(session.unit)
    rows = [
        ((session.low + index) * unit, weight / session.total)
        for index, weight in enumerate(session.weights)
        if weight
    ]
    return str(tabulate(rows, ("net result", "probability"), tablefmt="html", floatfmt=".6f"))


def main() -> None:
    """Print one line per measurement, then the verdicts."""
    print(machine_line())
    banker = LatticeBet.of(GAME, "banker", Shoe.standard(8))
    built, session = time_call(lambda: session_distribution(banker, HANDS))
    print(f"banker, 8 decks, {HANDS:,} hands: {len(session.weights):,} results, built in {built:.2f} s")
    first, html = time_call(session._repr_html_)
    display, html = time_call(session._repr_html_, repeat=5)
    naive, everything = time_call(lambda: naive_html(session))
    print(report("first display (works out the figures)", first))
    print(report("display, HTML", display, naive))
    print(f"  HTML: {len(html):,} characters; the baseline's: {len(everything):,}")
    markdown, shown_markdown = time_call(session._repr_markdown_, repeat=5)
    print(report("display, Markdown", markdown))
    print(f"  Markdown: {len(shown_markdown):,} characters")
    line, shown = time_call(lambda: repr(session), repeat=5)
    print(report("repr", line))
    print(f"  {shown}")
    print("targets:")
    print(f"  {verdict('HTML display, ms', display * 1000, 100, 'ms', at_least=False)}")
    print(f"  {verdict('HTML size, KB', len(html) / 1000, 20, 'KB', at_least=False)}")
    print(
        f"  {verdict('first HTML display (figures worked out), ms', first * 1000, 100, 'ms', at_least=False)}"
    )


if __name__ == "__main__":
    main()
