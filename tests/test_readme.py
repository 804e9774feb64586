"""The README's set-up commands and its library example stay true."""

from __future__ import annotations

import os
import re
from pathlib import Path

from sympy import Rational

from cardmath.cli import main
from cardmath.games.registry import GAMES
from cardmath.publish import games_markdown

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def code_blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, flags=re.DOTALL)


def test_readme_opens_with_the_two_setup_commands() -> None:
    bash = code_blocks("bash")
    assert bash[0].strip().endswith("cardmath tables --out odds-tables")
    assert bash[1].strip() == (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[dev]' && .venv/bin/python -m pytest"
    )


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert code_blocks("bash")[1].strip() in ci


def test_library_example_runs_and_its_comments_are_true() -> None:
    namespace: dict[str, object] = {}
    exec(code_blocks("python")[0], namespace)
    result = namespace["result"]
    # The last `result` is the 8-deck baccarat analysis; its tie count is the published one.
    assert result.results["ties"] == 475_627_426_473_216  # type: ignore[attr-defined]
    reddog = namespace["reddog"]
    shoe = namespace["Shoe"]
    # House edge and fair pay quoted in the README comments (published 3.155%, Wizard of Odds).
    result = reddog.analyze(shoe.standard(decks=1))  # type: ignore[attr-defined]
    assert result.bets["reddog"].house_edge == Rational(523, 16575)
    assert result.decisions["reddog"].choosing("raise") == (7, 8, 9, 10, 11)
    assert namespace["reddog"].solve_pay(shoe.standard(1), None, "trips").pay == Rational(952, 39)  # type: ignore[attr-defined]
    assert namespace["pool"].win_probability("As,Kh,Qd,Jc,2s") == Rational(41, 47)  # type: ignore[attr-defined]


def test_every_command_line_example_runs(tmp_path: Path) -> None:
    """Each ``cardmath ...`` line of the README's command-line block exits 0 (long simulations are
    shortened to 2,000 rounds, studies to 4 shoes in this process, and the table set goes to a
    temporary folder)."""
    block = next(b for b in code_blocks("bash") if "cardmath reddog" in b)
    lines = [line.split("#")[0].split() for line in block.splitlines() if line.startswith("cardmath ")]
    assert len(lines) >= 10
    for words in lines:
        arguments = words[1:]
        if "--rounds" in arguments:
            arguments[arguments.index("--rounds") + 1] = "2000"
        if "--shoes" in arguments:  # a study: a few shoes, in this process
            arguments[arguments.index("--shoes") + 1] = "4"
            arguments += ["--workers", "1"]
        if "--out" in arguments:
            arguments[arguments.index("--out") + 1] = str(tmp_path / "tables")
            arguments += ["--games", "reddog", "--decks", "1", "--formats", "json"]
        assert main(arguments) == 0, words


def test_the_table_of_games_is_the_registrys() -> None:
    """The README lists the games from the registry.  Outside CI the test writes a stale table anew
    (so a new game is listed by running the tests, no step by hand); in CI a stale table fails."""
    block = re.search(r"<!-- games:[^>]*-->\n(.*?)<!-- /games -->", README, flags=re.DOTALL)
    assert block is not None
    expected = games_markdown("docs/")
    if block.group(1) != expected and not os.environ.get("CI"):
        path = ROOT / "README.md"
        path.write_text(README.replace(block.group(1), expected), encoding="utf-8")
        block = re.search(
            r"<!-- games:[^>]*-->\n(.*?)<!-- /games -->", path.read_text(encoding="utf-8"), flags=re.DOTALL
        )
        assert block is not None
    assert block.group(1) == expected, "the README's table of games is stale: run the tests outside CI"
    for game in GAMES:
        assert f"`cardmath {game.name}`" in block.group(1)
