"""The API reference of the site: one page per module of ``REFERENCE_MODULES`` (``hooks.py``
adds them to the navigation), each rendered by mkdocstrings from the docstrings.  A name a module
re-exports from another documented module is linked to that module's page, not documented twice.
"""

from __future__ import annotations

from pathlib import Path

import griffe
from hooks import REFERENCE_MODULES

ROOT = Path(__file__).resolve().parent.parent


def _home(path: str) -> str | None:
    """The documented module an object's path belongs to (its nearest enclosing page)."""
    while path:
        if path in REFERENCE_MODULES:
            return path
        path = path.rpartition(".")[0]
    return None


def reference_members(package: griffe.Module, module: str) -> tuple[list[str], list[tuple[str, str]]]:
    """The public names ``module`` documents itself, and those it re-exports from another
    module's page, with their full path there."""
    mod = package.modules_collection[module] if module != package.path else package
    exports = [str(name) for name in (mod.exports or ())]
    own: list[str] = []
    elsewhere: list[tuple[str, str]] = []
    for name in exports:
        member = mod.members.get(name)
        target = member.target_path if isinstance(member, griffe.Alias) else f"{module}.{name}"
        home = _home(target.rpartition(".")[0])
        if home and home != module:
            page = package.modules_collection[home]
            if name in (page.exports or ()):
                elsewhere.append((name, f"{home}.{name}"))
                continue
        own.append(name)
    return own, elsewhere


def reference_pages() -> dict[str, str]:
    """One API reference page per module in ``REFERENCE_MODULES`` (its path in the site, its
    Markdown); re-exported names link to the one page that documents them."""
    pages = {}
    loader = griffe.GriffeLoader(search_paths=[str(ROOT / "src")])
    package = loader.load("cardmath")
    assert isinstance(package, griffe.Module)
    loader.resolve_aliases(implicit=False, external=False)
    for module in REFERENCE_MODULES:
        own, elsewhere = reference_members(package, module)
        members = "[" + ", ".join(own) + "]" if own else "false"
        text = (
            "---\nsearch:\n  boost: 0.3\n---\n\n"
            f"# `{module}`\n\n::: {module}\n    options:\n      members: {members}\n"
        )
        if elsewhere:
            links = ", ".join(f"[`{name}`][{path}]" for name, path in elsewhere)
            text += (
                f"\n## Also exported here\n\n`{module}` also exports these, documented in their own "
                f"modules: {links}.\n"
            )
        pages[f"reference/{module}.md"] = text
    return pages
