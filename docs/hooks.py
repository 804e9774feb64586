"""MkDocs hooks: the navigation's game pages and API reference come from the registry.

``mkdocs.yml`` lists the hand-written pages; this hook fills the "Games" section with one page per
game of ``cardmath.games.GAMES`` (in the registry's order) and the "API reference" section with one
page per module of ``REFERENCE_MODULES`` (their pages are written by ``docs/gen_pages.py``).
"""

from __future__ import annotations

import pkgutil
from typing import Any

import cardmath
from cardmath.games.registry import GAMES

__all__ = ["REFERENCE_MODULES", "on_config"]


def _public_modules() -> tuple[str, ...]:
    """Every public module, except the inner modules of a package that re-exports them (a game's
    package page documents its public API; ``cardmath.output`` documents its functions)."""
    packages = {type(game).__module__.rpartition(".")[0] for game in GAMES} | {"cardmath.output"}
    names = ["cardmath"]
    for info in pkgutil.walk_packages(cardmath.__path__, "cardmath."):
        hidden = any(part.startswith("_") for part in info.name.split("."))
        if not hidden and info.name.rpartition(".")[0] not in packages:
            names.append(info.name)
    return tuple(names)


REFERENCE_MODULES: tuple[str, ...] = _public_modules()
"""Modules with a page in the API reference."""


def on_config(config: Any) -> Any:
    """Put the registry's games and the reference modules into the navigation."""
    for section in config["nav"]:
        if not isinstance(section, dict):
            continue
        if "Games" in section:
            section["Games"] = [{game.title: game.docs_page} for game in GAMES]
        if "API reference" in section:
            section["API reference"] = [{name: f"reference/{name}.md"} for name in REFERENCE_MODULES]
    return config
