"""The documentation site's configuration covers what exists: every example and every module.

The site itself is built (strictly, so broken links fail) by ``mkdocs build --strict`` in CI; these
checks run in the test suite to catch a forgotten navigation entry early.
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import doctest
import importlib
import pkgutil
import re
import sys
import types
from pathlib import Path
from typing import Any

import griffe
import pytest

import cardmath
from cardmath.cli import build_parser, main
from cardmath.games.registry import GAMES
from cardmath.table import Chart, Series

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "docs"))
hooks: Any = importlib.import_module("hooks")  # docs/hooks.py, the navigation hook of the site


def nav_pages() -> set[str]:
    """The pages of the navigation: those mkdocs.yml lists, and those docs/hooks.py adds (every
    game's page from the registry, every reference page)."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\s*-\s+(?:[^:\n]+:\s+)?(\S+\.md)\s*$", text, re.M))
    config: dict[str, Any] = {"nav": [{"Games": []}, {"API reference": []}]}
    hooks.on_config(config)
    added = {
        page
        for section in config["nav"]
        for entries in section.values()
        for entry in entries
        for page in entry.values()
    }
    return listed | added


def test_every_example_has_a_page_in_the_navigation() -> None:
    examples = {f"examples/{path.stem}.md" for path in (ROOT / "examples").glob("*.py")}
    in_nav = {page for page in nav_pages() if page.startswith("examples/") and page != "examples/index.md"}
    assert in_nav == examples


def test_every_public_module_has_a_reference_page() -> None:
    documented = set(hooks.REFERENCE_MODULES)
    top_level = {
        f"cardmath.{info.name}" for info in pkgutil.iter_modules(cardmath.__path__) if info.name != "__main__"
    }
    assert top_level | {"cardmath"} <= documented
    games = {type(game).__module__.rpartition(".")[0] for game in GAMES}
    assert games <= documented
    assert {f"reference/{module}.md" for module in documented} == {
        page for page in nav_pages() if page.startswith("reference/")
    }


def test_the_games_section_follows_the_registry() -> None:
    config: dict[str, Any] = {"nav": [{"Games": ["stale.md"]}]}
    hooks.on_config(config)
    assert config["nav"] == [{"Games": [{game.title: game.docs_page} for game in GAMES]}]
    for game in GAMES:
        assert (ROOT / "docs" / game.docs_page).is_file(), game.docs_page


def test_every_hand_written_page_is_in_the_navigation() -> None:
    written = {str(path.relative_to(ROOT / "docs")) for path in (ROOT / "docs").rglob("*.md")}
    assert written <= nav_pages()


# ---------------------------------------------------------------- the site's configuration

griffe_doctest: Any = importlib.import_module("griffe_doctest")  # docs/griffe_doctest.py
charts: Any = importlib.import_module("charts")  # docs/charts.py, how the site draws charts


def mkdocs_text() -> str:
    return (ROOT / "mkdocs.yml").read_text(encoding="utf-8")


def test_the_site_works_from_disk_and_asks_nothing_of_other_machines() -> None:
    text = mkdocs_text()
    assert re.search(r"^use_directory_urls: false$", text, re.M)
    assert re.search(r"^  - offline\b", text, re.M)  # search without a server
    assert re.search(r"^  font: false\b", text, re.M)  # no font service
    # Every stylesheet and script of ours is a file of the site, not an address elsewhere.
    assets = re.findall(r"^\s+- ((?:javascripts|stylesheets)/\S+)$", text, re.M)
    assert assets and all((ROOT / "docs" / asset).is_file() for asset in assets)
    assert "://" not in "".join(re.findall(r"^\s+- (\S+\.(?:js|css))$", text, re.M))


def test_the_reference_states_its_docstring_style_and_the_repository_placeholder() -> None:
    text = mkdocs_text()
    assert re.search(r"^\s+docstring_style: google$", text, re.M)
    assert re.search(r"^\s+signature_crossrefs: true$", text, re.M)
    assert "content.code.copy" in text
    # No public address yet: a commented placeholder, never an invented address.
    assert re.search(r"^# repo_url: ", text, re.M)
    assert not re.search(r"^repo_url:", text, re.M)


def fenced_code_lines(page: Path) -> list[str]:
    """The lines of a page's fenced code, each without the indentation of its fence (a block
    inside a collapsible note is indented, the code shown is not)."""
    lines, inside, margin = [], False, 0
    for line in page.read_text(encoding="utf-8").splitlines():
        fence = re.match(r"(\s*)(```|~~~)", line)
        if fence:
            inside, margin = not inside, len(fence.group(1))
        elif inside:
            lines.append(line[margin:])
    return lines


def test_code_in_the_hand_written_pages_fits_the_column() -> None:
    """At 1280 px the content column holds about 108 characters of code."""
    for page in (ROOT / "docs").rglob("*.md"):
        long = [line for line in fenced_code_lines(page) if len(line) > 100]
        assert not long, (page.name, long)


def test_command_help_is_80_columns_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """The site shows every --help, at every level of sub-commands, generated 80 columns wide
    (docs/cli_page.py): it must fit."""
    monkeypatch.setenv("COLUMNS", "80")
    helps: list[str] = []
    parsers = [build_parser()]
    while parsers:
        parser = parsers.pop()
        helps.append(parser.format_help())
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                parsers += list(action.choices.values())
    assert any("cardmath information baccarat" in text for text in helps)
    long = [line for text in helps for line in text.splitlines() if len(line) > 80]
    assert not long, long


def test_doctests_become_session_blocks_without_their_flags() -> None:
    text = 'Reads.\n\n>>> find_game("poker")  # doctest: +ELLIPSIS\nTraceback (most recent call last):\n...'
    shown = griffe_doctest.markdown_docstring(text)
    assert "doctest:" not in shown and "+ELLIPSIS" not in shown
    assert '```pycon\n>>> find_game("poker")\nTraceback (most recent call last):\n...\n```' in shown
    assert griffe_doctest.strip_doctest_flags("x = 1  # doctest: +SKIP") == "x = 1"
    assert griffe_doctest.strip_doctest_flags("x = 1  # a note") == "x = 1  # a note"


def test_roles_become_cross_references() -> None:
    shown = griffe_doctest.markdown_docstring(
        "A :class:`~cardmath.shoe.Shoe`, a :func:`nowhere` and ``code``.",
        lambda name: f"cardmath.{name}" if "." not in name else name,
    )
    assert '<autoref identifier="cardmath.shoe.Shoe" optional><code>Shoe</code></autoref>' in shown
    assert '<autoref identifier="cardmath.nowhere" optional><code>nowhere</code></autoref>' in shown
    assert "`code`" in shown and "``" not in shown


def test_the_exceptions_a_function_raises_are_found_in_its_code() -> None:
    source = (
        "def read(text):\n"
        "    def inner():\n"
        "        raise KeyError('not mine')\n"
        "    if not text:\n"
        "        raise OptionError(f'no text: give {what}')\n"
        "    raise errors.ShoeError\n"
    )
    function = ast.parse(source).body[0]
    assert griffe_doctest.raised_exceptions(function) == {"OptionError": "no text: give …", "ShoeError": ""}


def test_api_sections_are_added_from_the_signature() -> None:
    code = (
        "from cardmath.errors import OptionError\n"
        "def read(text: str, *, places: int = 6) -> float:\n"
        '    """The number in ``text``, to ``places`` decimals."""\n'
        "    raise OptionError(f'bad {text}')\n"
    )
    module = griffe.visit(
        "demo",
        filepath=Path("demo.py"),
        code=code,
        extensions=griffe.load_extensions(griffe_doctest.DoctestBlocks),
    )
    function = module["read"]
    griffe_doctest.DoctestBlocks().on_object(obj=function)
    sections = {section.kind.value: section for section in function.docstring.parse(griffe.Parser.google)}
    assert [p.name for p in sections["parameters"].value] == ["text", "places"]
    assert sections["parameters"].value[1].default == "6"
    assert str(sections["returns"].value[0].annotation) == "float"
    assert [str(e.annotation) for e in sections["raises"].value] == ["OptionError"]


def test_chart_panels_get_a_readable_grid() -> None:
    assert [charts.grid_shape(n) for n in (1, 2, 3, 4, 6, 15)] == [
        (1, 1),
        (1, 2),
        (1, 3),
        (2, 2),
        (2, 3),
        (5, 3),
    ]
    assert [charts.grid_shape(n, most_columns=2) for n in (1, 3, 5, 6)] == [(1, 1), (2, 2), (3, 2), (3, 2)]
    assert charts.SMALLEST_POINTS >= 10


def test_a_chart_of_many_panels_is_drawn_as_figures_of_six_at_most() -> None:
    series = tuple(Series(f"bet {n}", ((1.0, float(n)), (8.0, float(n)))) for n in range(15))
    chart = Chart("edges", "Edges by decks", "decks", "house edge, %", series, panels=True)
    figures = charts.split_chart(chart)
    assert len(figures) == 3  # 15 panels need three figures of at most six
    assert all(1 <= len(figure.series) <= 6 for figure in figures)
    assert [each for figure in figures for each in figure.series] == list(series)  # all, in order
    assert len({figure.name for figure in figures}) == 3
    assert charts.split_chart(dataclasses.replace(chart, series=series[:6])) == (
        dataclasses.replace(chart, series=series[:6]),
    )


def svg_tick_count(svg: str, axis: str) -> int:
    """How many tick labels an axis of a matplotlib SVG has."""
    return len(re.findall(rf'<g id="{axis}tick_\d+">', svg))


def legend_below_axes(svg: str) -> bool:
    """Whether every text of the SVG's legend is drawn below the bottom of its (first) axes: the
    axes' background is the rectangle ``patch_2``, and SVG's y grows downwards."""
    corners = re.search(r'<g id="patch_2">\s*<path d="([^"]+)"', svg)
    legend = svg.partition('<g id="legend_1">')[2]
    assert corners and legend, "no axes or no legend"
    bottom = max(float(y) for y in re.findall(r"[ML] [\d.]+ ([\d.]+)", corners.group(1)))
    tops = [float(y) for y in re.findall(r'<g transform="translate\([\d.]+ ([\d.]+)\) scale', legend)]
    return bool(tops) and min(tops) > bottom


@pytest.mark.parametrize("layout", ["WIDE", "NARROW"])
def test_a_chart_of_several_lines_has_its_legend_below_the_data(layout: str) -> None:
    lines = tuple(
        Series(f"Bet {n}, 8 decks", tuple((float(x), float(n * x)) for x in range(13))) for n in range(4)
    )
    chart = Chart("demo-removal", "Effects", "rank removed", "change in house edge, %", lines)
    assert legend_below_axes(charts.draw_chart(chart, getattr(charts, layout)))


def test_the_pool_chart_has_ticks_along_its_chances() -> None:
    (chart,) = GAMES.find("pool").charts()
    for layout in (charts.WIDE, charts.NARROW):
        svg = charts.draw_chart(chart, layout)
        assert svg_tick_count(svg, "x") >= 5  # 0 to 1 by a fifth or finer, not only 0 and 1


def test_the_study_plot_names_the_counts_people_name_and_keeps_its_legend_clear(tmp_path: Path) -> None:
    study = importlib.import_module("cardmath.cli.study")
    lines = (
        Series("dragon_7 how_dragon_7 running count >= 0", ((-8.0, -10.0), (0.0, 0.0), (8.0, 10.0))),
        Series("panda_8 wizard_panda_8 true count >= 10", ((-8.0, -20.0), (0.0, -5.0), (8.0, 20.0))),
    )
    chart = Chart("study", "Exact player advantage by count", "count", "mean player advantage, %", lines)
    for width in (9.0, 4.2):
        path = tmp_path / f"study-{width}.svg"
        assert study.write_plot(chart, path, width=width)
        svg = path.read_text(encoding="utf-8")
        names = " ".join(re.findall(r"<!-- (.*?) -->", svg))
        assert "Stephen How's count" in names and "Michael Shackleford's count" in names
        assert "Dragon 7" in names and "Panda 8" in names
        assert "how_dragon_7" not in names and "wizard_panda_8" not in names
        assert legend_below_axes(svg)


# ------------------------------------------------------------------- what the site's pages show


def page_markers(page: str) -> list[tuple[str, str]]:
    """The markers of a hand-written page, ``(name, argument)``, in order."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return re.findall(r"<!-- cardmath:([a-z-]+)(?::([a-z0-9-]+))? -->", text)


@pytest.mark.parametrize("game", list(GAMES), ids=lambda game: game.name)
def test_a_game_page_places_every_chart_and_its_bets(game: Any) -> None:
    markers = page_markers(game.docs_page)
    placed = [argument for name, argument in markers if name == "chart"]
    assert sorted(placed) == sorted(chart.name for chart in game.charts())
    assert [name for name, _ in markers].count("bets") == (1 if hasattr(game, "built_in_bets") else 0)
    assert markers[-1] == ("tables", "")  # the tables come last, after every chart
    text = (ROOT / "docs" / game.docs_page).read_text(encoding="utf-8")
    assert not re.search(r"img/[\w-]+\.svg", text), "images of a game come from its charts, not by name"


def sentences(page: Path) -> list[str]:
    """A page's sentences: each row of a table alone, each paragraph cut at its full stops."""
    found: list[str] = []
    for block in re.split(r"\n\s*\n", page.read_text(encoding="utf-8")):
        rows = [line for line in block.splitlines() if line.lstrip().startswith("|")]
        prose = " ".join(line.strip() for line in block.splitlines() if line not in rows)
        found += rows + re.split(r"(?<=[.:])\s", prose)
    return found


def test_no_page_calls_an_effect_of_removal_a_change_in_expected_value() -> None:
    for page in (ROOT / "docs").rglob("*.md"):
        for sentence in sentences(page):
            removal = r"effects? of removal|one card of (a|the|each) rank is (removed|taken)"
            if re.search(removal, sentence, re.I):
                assert not re.search(r"expected value|player's edge", sentence), (page.name, sentence)
    mathematics = re.sub(r"\s+", " ", (ROOT / "docs" / "mathematics.md").read_text(encoding="utf-8"))
    assert "the change in the **house edge**, in percent of the bet, when one card of a rank" in mathematics


def test_a_chart_is_drawn_with_its_title_and_labels() -> None:
    chart = Chart(
        "demo",
        "Banker house edge by number of decks",
        "decks",
        "house edge, %",
        (Series("Banker", ((1, 1.01), (8, 1.06)), limit=1.06), Series("Player", ((1, 1.29), (8, 1.24)))),
    )
    svg = charts.draw_chart(chart)
    assert svg.startswith("<?xml") and "<svg" in svg
    assert charts.in_percent(chart)
    panels = charts.draw_chart(Chart("demo", "t", "decks", "house edge, %", chart.series, panels=True))
    assert panels.count('id="axes_') >= 2


def test_the_adding_a_game_page_runs_as_written() -> None:
    """The page builds Casino War again from a definition, block by block: every Python block of it
    runs, in order, in one namespace, and its assertions hold (the six-deck figures published by
    the Wizard of Odds, exact)."""
    text = (ROOT / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    assert len(blocks) >= 6
    module = types.ModuleType("adding_a_game")
    sys.modules[module.__name__] = module  # dataclasses look their module up
    try:
        for block in blocks:
            exec(compile(block, "adding-a-game.md", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
    assert "my-war" not in cardmath.GAMES.names()


@pytest.mark.parametrize(("page", "least"), [("information.md", 6), ("risk.md", 4)])
def test_the_analysis_pages_run_as_written(capsys: pytest.CaptureFixture[str], page: str, least: int) -> None:
    """The pages on what a player sees and on how a bet swings: their Python sessions run, in
    order, in one namespace, and print what they show (exact figures); each of their command lines
    exits 0."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    sessions = re.findall(r"```pycon\n(.*?)```", text, flags=re.DOTALL)
    assert len(sessions) >= least
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    namespace: dict[str, Any] = {}
    for number, session in enumerate(sessions):
        test = parser.get_doctest(session, namespace, f"{page}, session {number + 1}", None, 0)
        runner.run(test, clear_globs=False)
        namespace = test.globs  # the parser runs each session in a copy: carry it on
    failed = runner.summarize(verbose=False).failed
    report = capsys.readouterr().out
    assert not failed, report
    commands = re.findall(r"^\s*\$ cardmath (.+)$", text, flags=re.M)  # in a block too
    assert commands
    for command in commands:
        assert main(command.split()) == 0, command
    capsys.readouterr()


def test_the_information_page_places_its_generated_parts() -> None:
    assert [name for name, _ in page_markers("information.md")] == ["answer", "seen-tables", "seen-chart"]
