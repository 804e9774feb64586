"""The documentation site's configuration covers what exists: every example and every module.

The site itself is built (strictly, so broken links fail) by ``mkdocs build --strict`` in CI; these
checks run in the test suite to catch a forgotten navigation entry early.
"""

from __future__ import annotations

import ast
import pkgutil
import re
from pathlib import Path

import cardmath

ROOT = Path(__file__).resolve().parent.parent


def nav_pages() -> set[str]:
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return set(re.findall(r"^\s*-\s+(?:[^:\n]+:\s+)?(\S+\.md)\s*$", text, re.M))


def reference_modules() -> tuple[str, ...]:
    tree = ast.parse((ROOT / "docs" / "gen_pages.py").read_text(encoding="utf-8"))
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "REFERENCE_MODULES" for t in statement.targets
        ):
            value = ast.literal_eval(statement.value)
            assert isinstance(value, tuple)
            return tuple(str(v) for v in value)
    raise AssertionError("docs/gen_pages.py defines no REFERENCE_MODULES")


def test_every_example_has_a_page_in_the_navigation() -> None:
    examples = {f"examples/{path.stem}.md" for path in (ROOT / "examples").glob("*.py")}
    in_nav = {page for page in nav_pages() if page.startswith("examples/") and page != "examples/index.md"}
    assert in_nav == examples


def test_every_public_module_has_a_reference_page() -> None:
    top_level = {
        f"cardmath.{info.name}"
        for info in pkgutil.iter_modules(cardmath.__path__)
        if info.name not in {"__main__", "commands"}
    }
    documented = set(reference_modules())
    assert top_level | {"cardmath"} == documented
    assert {f"reference/{module}.md" for module in documented} == {
        page for page in nav_pages() if page.startswith("reference/")
    }


def test_every_hand_written_page_is_in_the_navigation() -> None:
    written = {str(path.relative_to(ROOT / "docs")) for path in (ROOT / "docs").rglob("*.md")}
    assert written <= nav_pages()
