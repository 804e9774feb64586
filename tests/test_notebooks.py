"""The example notebooks run from a clean kernel, and every figure they show is the library's.

The notebooks of ``examples/`` are stored without outputs. Each is executed here from a fresh
kernel of the running Python, exactly as the site executes it before rendering it
(``docs/notebook_runner.py``), and then read:

- a cell tagged ``figure:NAME`` shows figures (a data frame, or a result's one-line summary); each
  is compared with the same figure computed here, through the library directly and, where one
  exists, independently: a published figure (the 8-deck baccarat combinations and house edges),
  the gambler's-ruin formula, a multinomial sum, a brute force of a nearly empty shoe;
- a cell tagged ``plot:NAME`` shows a picture;
- every tag has its check here and every check its tag, so a notebook and this test cannot drift.

Why nbclient, not nbmake or jupytext: nbmake runs a notebook as a pytest item that passes when no
cell raises, and gives the test nothing to compare; jupytext pairs notebooks with scripts and
would either run them outside a kernel (not what a reader runs) or hand them to nbclient anyway.
The checks need the executed notebook itself, outputs and tags, which nbclient returns; it is also
what the site's build uses, so the pages show what was tested.
"""

from __future__ import annotations

import doctest
import importlib
import math
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import nbformat
import numpy as np
import pytest
from material.plugins.search.plugin import Parser as SearchParser  # type: ignore[import-untyped]
from sympy import Rational

from cardmath import Shoe
from cardmath.cards import Card
from cardmath.errors import ExtraMissingError
from cardmath.games import baccarat
from cardmath.games.baccarat import GAME, BaccaratRules
from cardmath.risk import LatticeBet, risk_of_ruin, session_distribution
from cardmath.study import ShoeSetup, deal_shoe

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs"))
runner: Any = importlib.import_module("notebook_runner")  # docs/notebook_runner.py

NOTEBOOKS: list[Path] = runner.notebook_paths()

# The published combinations of 8-deck punto banco: ordered deals of six cards (the Wizard of Odds'
# baccarat page), independent of cardmath.
TOTAL_8 = 4_998_398_275_503_360
BANKER_WINS_8 = 2_292_252_566_437_888
PLAYER_WINS_8 = 2_230_518_282_592_256
TIES_8 = 475_627_426_473_216
# The published 8-deck house edges, in percent to four places (Banker with a 5% commission, Tie
# paying 8 to 1), and Dragon 7 (paying 40 to 1) to two.
PUBLISHED_EDGES_8 = {"banker": 1.0579, "player": 1.2351, "tie": 14.3596}
DRAGON_7_EDGE_8 = 7.61


def test_the_published_figures_agree() -> None:
    assert BANKER_WINS_8 + PLAYER_WINS_8 + TIES_8 == TOTAL_8
    edges = published_variant_edges()
    assert {bet: round(100 * float(edges["usual", bet]), 4) for bet in PUBLISHED_EDGES_8} == PUBLISHED_EDGES_8


# ------------------------------------------------------------------------- reading outputs


class _Tables(HTMLParser):
    """The tables of an HTML output: each as its header row and its body rows of cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[list[str], list[list[str]]]] = []
        self._part = ""
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append(([], []))
        elif tag in ("thead", "tbody"):
            self._part = tag
        elif tag == "tr":
            self._row = []
        elif tag in ("th", "td"):
            self._cell = []

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            header, body = self.tables[-1]
            if self._part == "thead" and not header:
                header.extend(self._row)
            elif self._part == "tbody":
                body.append(self._row)
            self._row = None


def shown_frame(cell: Any) -> dict[str, dict[str, str]]:
    """The data frame a cell shows (its HTML output), as ``{row label: {column: text}}``."""
    htmls = [out["data"]["text/html"] for out in cell.outputs if "text/html" in out.get("data", {})]
    assert len(htmls) == 1, f"cell {cell.id} shows {len(htmls)} HTML outputs"
    parser = _Tables()
    parser.feed(htmls[0])
    assert len(parser.tables) == 1, f"cell {cell.id} shows {len(parser.tables)} tables"
    header, body = parser.tables[0]
    return {row[0]: dict(zip(header[1:], row[1:], strict=True)) for row in body}


def shown_text(cell: Any) -> str:
    """What a cell shows as plain text: its printed lines and the text of its results."""
    parts = [out.get("text", "") for out in cell.outputs]
    parts += [out["data"]["text/plain"] for out in cell.outputs if "text/plain" in out.get("data", {})]
    return "\n".join(parts)


def assert_percent(shown: str, exact: Any, what: str) -> None:
    """A percentage shown to four places (rounded by pandas) is the exact chance or edge."""
    value = float(shown)
    assert abs(value - 100 * float(exact)) <= 0.5e-4 + 1e-9, f"{what}: shows {shown}, exact {exact}"


# ------------------------------------------------------------------ independent computations


def session_chances(steps: dict[int, int], hands: int) -> tuple[Fraction, Fraction, Fraction]:
    """The exact chances of ending ahead, even and behind after ``hands`` flat bets, by a
    multinomial sum over how many hands end in each result (``steps``: net result in any unit ->
    published combinations)."""
    results = list(steps.items())
    total = sum(steps.values()) ** hands
    ahead = even = 0

    def spread(index: int, left: int, net: int, weight: int) -> None:
        nonlocal ahead, even
        step, ways = results[index]
        if index == len(results) - 1:
            net += step * left
            weight *= ways**left
            if net > 0:
                ahead += weight
            elif net == 0:
                even += weight
            return
        for count in range(left + 1):
            spread(index + 1, left - count, net + step * count, weight * math.comb(left, count) * ways**count)

    spread(0, hands, 0, 1)
    return Fraction(ahead, total), Fraction(even, total), Fraction(total - ahead - even, total)


def gamblers_ruin(win: int, lose: int, bankroll: int, target: int) -> Fraction:
    """The classical chance of losing ``bankroll`` one unit at a time before winning ``target``
    more, for an even-money bet won ``win`` and lost ``lose`` times in ``win + lose`` (pushes play
    again)."""
    ratio = Fraction(lose, win)
    return (ratio**bankroll - ratio ** (bankroll + target)) / (1 - ratio ** (bankroll + target))


def ruin_by_chain(win: float, pays: int, bankroll: int, target: int) -> float:
    """The chance of ruin of a bet that wins ``pays`` units with chance ``win`` and else loses one,
    solved as an absorbing chain over the bankrolls 1 to ``bankroll + target - 1`` in floats."""
    top = bankroll + target  # reached or passed: the player stops ahead
    size = top - 1
    matrix = np.eye(size)
    ruined = np.zeros(size)
    for money in range(1, top):
        row = money - 1
        if money + pays < top:
            matrix[row, money + pays - 1] -= win
        if money - 1 == 0:
            ruined[row] += 1 - win
        else:
            matrix[row, money - 2] -= 1 - win
    return float(np.linalg.solve(matrix, ruined)[bankroll - 1])


BACCARAT_VALUES = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0} | {str(n): n for n in range(2, 10)}
"""Each rank's baccarat value, by its symbol."""


def baccarat_bets(values: Counter[int]) -> dict[str, Fraction]:
    """The house edges of Tie (8 to 1) and Dragon 7 (a banker win with three cards totalling 7,
    40 to 1) on a shoe of baccarat values, by dealing every sequence of cards with its chance and
    playing punto banco's tableau: independent of cardmath's engine."""
    chances = {"tie": Fraction(0), "dragon": Fraction(0)}

    def draw(left: Counter[int], chance: Fraction) -> Iterator[tuple[int, Counter[int], Fraction]]:
        size = sum(left.values())
        for value, count in left.items():
            if count:
                yield value, left - Counter({value: 1}), chance * Fraction(count, size)

    def settle(player: int, banker: int, banker_cards: int, chance: Fraction) -> None:
        if player == banker:
            chances["tie"] += chance
        elif banker > player and banker == 7 and banker_cards == 3:
            chances["dragon"] += chance

    for p1, after_p1, c1 in draw(values, Fraction(1)):
        for b1, after_b1, c2 in draw(after_p1, c1):
            for p2, after_p2, c3 in draw(after_b1, c2):
                for b2, left, chance in draw(after_p2, c3):
                    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
                    if player >= 8 or banker >= 8:
                        settle(player, banker, 2, chance)
                        continue
                    if player >= 6:
                        if banker <= 5:
                            for b3, _, end in draw(left, chance):
                                settle(player, (banker + b3) % 10, 3, end)
                        else:
                            settle(player, banker, 2, chance)
                        continue
                    for p3, after_p3, drawn in draw(left, chance):
                        third = (player + p3) % 10
                        draws = banker <= 2 or (
                            (banker == 3 and p3 != 8)
                            or (banker == 4 and 2 <= p3 <= 7)
                            or (banker == 5 and 4 <= p3 <= 7)
                            or (banker == 6 and p3 in (6, 7))
                        )
                        if draws:
                            for b3, _, end in draw(after_p3, drawn):
                                settle(third, (banker + b3) % 10, 3, end)
                        else:
                            settle(third, banker, 2, drawn)
    tie, dragon = chances["tie"], chances["dragon"]
    return {"tie": 1 - 9 * tie, "dragon_7": 1 - 41 * dragon}


# ----------------------------------------------------------------------- the figures' checks


def check_session_chances(cell: Any) -> None:
    """Chances after 100 hands: the library's, and a multinomial sum over the published
    combinations (Banker's wins pay 19 twentieths)."""
    steps = {
        "player": {1: PLAYER_WINS_8, -1: BANKER_WINS_8, 0: TIES_8},
        "banker": {19: BANKER_WINS_8, -20: PLAYER_WINS_8, 0: TIES_8},
        "tie": {8: TIES_8, -1: BANKER_WINS_8 + PLAYER_WINS_8},
    }
    shown = shown_frame(cell)
    assert set(shown) == set(steps)
    for bet, results in steps.items():
        session = session_distribution(LatticeBet.of(GAME, bet, Shoe.standard(8)), 100)
        independent = session_chances(results, 100)
        library = (session.chance_ahead, session.chance_even, session.chance_behind)
        for column, mine, theirs in zip(("ahead", "even", "behind"), independent, library, strict=True):
            assert Rational(mine.numerator, mine.denominator) == theirs
            assert_percent(shown[bet][column], mine, f"{bet} {column}")


def check_player_session(cell: Any) -> None:
    """The one-line summary of the Player session names its chances."""
    ahead, even, behind = session_chances({1: PLAYER_WINS_8, -1: BANKER_WINS_8, 0: TIES_8}, 100)
    text = shown_text(cell)
    for word, chance in (("ahead", ahead), ("even", even), ("behind", behind)):
        assert f"{word} {100 * float(chance):.4f}%" in text, (word, text)


def check_ruin(cell: Any) -> None:
    """Ruin before a gain of 20: Player by the gambler's-ruin formula, Tie by an absorbing chain in
    floats, both against the library."""
    shown = shown_frame(cell)
    shoe = Shoe.standard(8)
    tie = LatticeBet.of(GAME, "tie", shoe)
    assert list(shown) == [str(bankroll) for bankroll in range(5, 55, 5)]
    for label, row in shown.items():
        bankroll = int(label)
        player = gamblers_ruin(PLAYER_WINS_8, BANKER_WINS_8, bankroll, 20)
        assert_percent(row["player"], player, f"player ruin from {bankroll}")
        chain = ruin_by_chain(TIES_8 / TOTAL_8, 8, bankroll, 20)
        library = risk_of_ruin(tie, bankroll, target=20).ruin_chance
        assert abs(float(library) - chain) < 1e-12
        assert_percent(row["tie"], library, f"tie ruin from {bankroll}")


def check_through_the_shoe(cell: Any) -> None:
    """The edges through the seeded shoe: the full shoe's are published; each round's is counted
    again shoe by shoe; the last round's Tie and Dragon 7 by a brute force of its few cards."""
    shown = shown_frame(cell)
    bets = ["banker", "player", "tie", "dragon_7"]
    assert list(shown) == bets
    for bet, published in PUBLISHED_EDGES_8.items():
        assert shown[bet]["full shoe"] == f"{published:.4f}"
    assert abs(float(shown["dragon_7"]["full shoe"]) - DRAGON_7_EDGE_8) < 0.005
    dealt = deal_shoe(2024, 0, ShoeSetup(decks=8, cut_card=14))
    cards = [Card.from_index(int(index)) for index in dealt.order]
    full = Shoe.standard(8)
    edges = [
        baccarat.analyze(full.without(cards[: int(start)]), bets=bets).house_edges() for start in dealt.starts
    ]
    for bet in bets:
        through = [edge[bet] for edge in edges]
        assert_percent(shown[bet]["lowest"], min(through), f"{bet} lowest")
        assert_percent(shown[bet]["highest"], max(through), f"{bet} highest")
        assert shown[bet]["player's rounds"] == str(sum(1 for edge in through if edge < 0))
    last = Counter(BACCARAT_VALUES[card.rank.symbol] for card in cards[int(dealt.starts[-1]) :])
    assert sum(last.values()) < 20
    brute = baccarat_bets(last)
    for bet in ("tie", "dragon_7"):
        assert Rational(brute[bet].numerator, brute[bet].denominator) == edges[-1][bet]


def check_eight_decks(cell: Any) -> None:
    """The one-line summary of the 8-deck analysis gives the published house edges."""
    edges = ", ".join(f"{bet} {edge:.4f}%" for bet, edge in PUBLISHED_EDGES_8.items())
    assert f"baccarat, 8 decks: 3 bets: house edge {edges}" in shown_text(cell)


def published_variant_edges() -> dict[tuple[str, str], Fraction]:
    """The 8-deck house edges of both houses from the published combinations: Banker paying
    19/20 or 24/25, Player 1, Tie 8 or 9 (a tie pushes Banker and Player)."""
    usual = "usual"
    other = "commission=1/25; tie_pays=9"
    found = {}
    for house, commission, tie_pays in ((usual, Fraction(1, 20), 8), (other, Fraction(1, 25), 9)):
        found[house, "banker"] = (PLAYER_WINS_8 - (1 - commission) * BANKER_WINS_8) / TOTAL_8
        found[house, "player"] = Fraction(BANKER_WINS_8 - PLAYER_WINS_8, TOTAL_8)
        found[house, "tie"] = Fraction(TOTAL_8 - TIES_8 - tie_pays * TIES_8, TOTAL_8)
    return found


def check_house_edges(cell: Any) -> None:
    """Every house edge of the pivot: the library's, shoe by shoe; at 8 decks, the published
    combinations' too."""
    shown = shown_frame(cell)
    houses = {
        "usual": BaccaratRules(),
        "commission=1/25; tie_pays=9": BaccaratRules(commission="0.04", tie_pays=9),
    }
    shoes = {str(decks): Shoe.standard(decks) for decks in (1, 2, 4, 6, 8)} | {"infinite": Shoe.infinite()}
    published = published_variant_edges()
    assert [(row["rules"], row["bet"]) for row in shown.values()] == [
        (house, bet) for house in houses for bet in ("banker", "player", "tie")
    ]
    for row in shown.values():
        house, bet = row["rules"], row["bet"]
        for label, shoe in shoes.items():
            edge = baccarat.analyze(shoe, houses[house], bets=[bet]).bets[bet].house_edge
            assert_percent(row[label], edge, f"{house} {bet} {label}")
        assert_percent(row["8"], published[house, bet], f"{house} {bet}, published")


def check_exact_tie(cell: Any) -> None:
    """The exact 8-deck Tie edge is the published combinations' 1 - 9 ties / deals."""
    exact = Fraction(TOTAL_8 - 9 * TIES_8, TOTAL_8)
    assert shown_text(cell).strip() == f"{exact.numerator}/{exact.denominator}"


CHECKS: dict[str, dict[str, Callable[[Any], None]]] = {
    "baccarat_variants": {
        "eight-decks": check_eight_decks,
        "house-edges": check_house_edges,
        "exact-tie": check_exact_tie,
    },
    "session_risk": {
        "session-chances": check_session_chances,
        "player-session": check_player_session,
        "ruin": check_ruin,
    },
    "edge_through_a_shoe": {"through-the-shoe": check_through_the_shoe},
}
"""Each notebook's checked figures, by the name of the tag ``figure:NAME`` of the cell showing it."""

PLOTS: dict[str, set[str]] = {
    "baccarat_variants": set(),
    "session_risk": {"sessions", "ruin"},
    "edge_through_a_shoe": {"through-the-shoe"},
}
"""Each notebook's pictures, by the name of the tag ``plot:NAME`` of the cell drawing it."""


FONT_CACHE_NOTE = "Matplotlib is building the font cache"
"""What matplotlib writes once on a machine where it has never run: not a fault of a notebook."""


def tagged(notebook: Any, kind: str) -> dict[str, Any]:
    """The cells of a notebook tagged ``KIND:NAME``, by name."""
    found: dict[str, Any] = {}
    for cell in notebook.cells:
        for tag in cell.metadata.get("tags", []):
            if tag.startswith(f"{kind}:"):
                name = tag.partition(":")[2]
                assert name not in found, f"two cells tagged {tag}"
                found[name] = cell
    return found


# ------------------------------------------------------------------------------------ tests


def test_there_are_notebooks_and_each_has_its_checks() -> None:
    assert len(NOTEBOOKS) >= 3
    assert {path.stem for path in NOTEBOOKS} == set(CHECKS) == set(PLOTS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_is_stored_clean(path: Path) -> None:
    """No outputs, no execution counts, a valid notebook for a Python kernel, tags as checked."""
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    nbformat.validate(notebook)
    assert notebook.metadata["kernelspec"]["language"] == "python"
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, (
                f"{path.name}: cell {cell.id} has outputs"
            )
            assert "execution" not in cell.metadata
    assert set(tagged(notebook, "figure")) == set(CHECKS[path.stem])
    assert set(tagged(notebook, "plot")) == PLOTS[path.stem]
    first = notebook.cells[0]
    assert first.cell_type == "markdown" and first.source.startswith("# ")
    assert f"`examples/{path.name}`" in first.source  # where the reader finds it


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_runs_and_shows_the_library_s_figures(path: Path) -> None:
    """Every cell runs without an error or a warning (matplotlib's one-time note that it builds
    its font cache aside), and every tagged figure and plot is checked."""
    notebook = runner.run_notebook(path, timeout=120)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert not any(out.output_type == "error" for out in cell.outputs)
            written = "".join(out.get("text", "") for out in cell.outputs if out.get("name") == "stderr")
            noise = [line for line in written.splitlines() if not line.startswith(FONT_CACHE_NOTE)]
            assert not noise, f"cell {cell.id} wrote to stderr: {written}"
    for name, cell in tagged(notebook, "figure").items():
        CHECKS[path.stem][name](cell)
    for name, cell in tagged(notebook, "plot").items():
        assert any("image/png" in out.get("data", {}) for out in cell.outputs), (
            f"plot {name} shows no picture"
        )


def test_without_pandas_a_frame_says_what_to_install_as_the_page_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = session_distribution(LatticeBet.of(GAME, "player", Shoe.standard(8)), 10)
    monkeypatch.setitem(sys.modules, "pandas", None)  # importing pandas now fails
    assert repr(session).startswith("<SessionDistribution: player, 10 hands: ")  # it still shows
    assert "<table>" in session._repr_html_()
    with pytest.raises(ExtraMissingError) as raised:
        session.to_frame()
    shown = f"{type(raised.value).__module__}.{type(raised.value).__name__}: {raised.value}"
    assert "pip install 'cardmath[pandas]'" in shown
    page = " ".join((ROOT / "docs" / "notebooks.md").read_text(encoding="utf-8").split())
    assert shown in page


def test_the_notebooks_page_runs_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/notebooks.md: its Python sessions run, in order, in one namespace, and show what the
    page says (figures and columns computed by the library)."""
    text = (ROOT / "docs" / "notebooks.md").read_text(encoding="utf-8")
    sessions = re.findall(r"```pycon\n(.*?)```", text, flags=re.DOTALL)
    assert len(sessions) >= 3
    parser = doctest.DocTestParser()
    runner_ = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    namespace: dict[str, Any] = {}
    for number, session in enumerate(sessions):
        test = parser.get_doctest(session, namespace, f"notebooks.md, session {number + 1}", None, 0)
        runner_.run(test, clear_globs=False)
        namespace = test.globs
    failed = runner_.summarize(verbose=False).failed
    report = capsys.readouterr().out
    assert not failed, report
    for notebook in NOTEBOOKS:
        assert f"notebooks/{notebook.name}" in text, f"the page does not link {notebook.name}"


def test_the_quick_start_s_notebook_lines_run() -> None:
    """The home page's notebook example runs: its result and its frame."""
    text = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    (block,) = [
        block for block in re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL) if "to_frame" in block
    ]
    namespace: dict[str, Any] = {}
    exec(compile(block, "index.md", "exec"), namespace)
    frame = namespace["result"].to_frame()
    assert list(frame["bet"].unique()) == ["banker", "player", "tie"]
    house_edges = -frame.groupby("bet", sort=False)["return"].sum()
    for bet, edge in PUBLISHED_EDGES_8.items():
        assert round(100 * house_edges[bet], 4) == edge
    assert "notebooks.md" in text


def test_the_site_s_search_keeps_a_notebook_s_prose_and_skips_its_code() -> None:
    """docs/notebook_hooks.py wraps each code cell so that the theme's search leaves it out (the
    code tokens of a notebook broke the search's index of the whole site)."""
    hooks: Any = importlib.import_module("notebook_hooks")  # docs/notebook_hooks.py
    html = (
        '<div class="jp-Cell jp-MarkdownCell"><h2 id="a">A heading</h2><p>Some prose.</p></div>\n'
        '<div class="jp-Cell jp-CodeCell x"><div class="jp-Cell jp-CodeCell"><div class="in">'
        '<pre>"""Griffin\'s code</pre></div></div><div class="out"><p>An output.</p></div></div>\n'
        "<p>After.</p>"
    )
    notebook = SimpleNamespace(file=SimpleNamespace(src_uri="notebooks/demo.ipynb"))
    shown = hooks.on_page_content(html, page=notebook)
    assert shown.count("<section data-search-exclude>") == 1
    parser = SearchParser()
    parser.feed(shown)
    parser.close()
    indexed = " ".join("".join(section.title + section.text) for section in parser.data)
    assert "Some prose." in indexed and "After." in indexed and "A heading" in indexed
    assert "Griffin" not in indexed and "An output." not in indexed
    other = SimpleNamespace(file=SimpleNamespace(src_uri="index.md"))
    assert hooks.on_page_content(html, page=other) == html
