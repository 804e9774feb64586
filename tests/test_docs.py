"""The documentation site's configuration covers what exists: every example and every module.

The site itself is built (strictly, so broken links fail) by ``mkdocs build --strict`` in CI; these
checks run in the test suite to catch a forgotten navigation entry early.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys
from pathlib import Path
from typing import Any

import cardmath
from cardmath.games.registry import GAMES

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
