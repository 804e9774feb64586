"""MkDocs hooks: the navigation's game pages and API reference come from the registry.

``mkdocs.yml`` lists the hand-written pages; this hook fills the "Games" section with one page per
game of ``cardmath.games.GAMES`` (in the registry's order) and the "API reference" section with one
page per module of ``REFERENCE_MODULES`` (their pages are written by ``docs/gen_pages.py``).

It also makes search find a game's page first for the game's own words: each game's page gets a
search boost (:data:`GAME_PAGE_BOOST`), and the game's names and bets as search keywords.
"""

from __future__ import annotations

import pkgutil
from typing import Any

import cardmath
from cardmath.games.registry import GAMES

__all__ = ["GAME_PAGE_BOOST", "REFERENCE_MODULES", "game_words", "on_config", "on_page_markdown"]


def _public_modules() -> tuple[str, ...]:
    """Every public module, except the inner modules of a package that re-exports them (a game's
    package page documents its public API; ``cardmath.output`` documents its functions)."""
    packages = {GAMES.package_of(game) for game in GAMES} | {"cardmath.output"}
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


GAME_PAGE_BOOST = 10
"""How much more a game's page weighs in search than a hand-written page (the reference pages
weigh less: their front matter, from docs/gen_pages.py)."""


def game_words(game: Any) -> list[str]:
    """The words a reader searches a game by: its names and its bets (``dragon_7``: "dragon 7")."""
    words = [game.short_title, game.title, game.name.replace("-", " ")]
    words += [bet.replace("_", " ") for bet in getattr(game, "bet_names", ())]
    return list(dict.fromkeys(words))


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """Give each game's page its search boost and keywords."""
    for game in GAMES:
        if page.file.src_uri == game.docs_page:
            search = page.meta.setdefault("search", {})
            search.setdefault("boost", GAME_PAGE_BOOST)
            page.meta.setdefault("tags", game_words(game))
    return markdown
