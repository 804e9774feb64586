"""The shape of the project: one registry, games that never reach into presentation, small files.

These are the rules that keep every game the same shape (see the "Adding a game" page): a game is
one folder under ``cardmath/games/`` and one registry line; data flows one way, from cards and
shoes through counting to the exact layer, and only then to output, publishing and the command
line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from cardmath.games import Game, ShoeGame
from cardmath.games.game import Verb
from cardmath.games.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "cardmath"
PRESENTATION = ("cardmath.output", "cardmath.publish", "cardmath.cli")
MOST_LINES = 620


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports (absolute names)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def code_strings(path: Path) -> set[str]:
    """The string literals of a file's code, docstrings left out."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    }


@pytest.mark.parametrize(
    "path",
    sorted([*(SOURCE / "games").rglob("*.py"), *(SOURCE / "engine").rglob("*.py")]),
    ids=lambda p: str(p.relative_to(SOURCE)),
)
def test_games_never_import_presentation(path: Path) -> None:
    reached = {name for name in imported_modules(path) if name.startswith(PRESENTATION)}
    assert not reached, f"{path.relative_to(ROOT)} imports {sorted(reached)}"


@pytest.mark.parametrize("path", sorted(SOURCE.rglob("*.py")), ids=lambda p: str(p.relative_to(SOURCE)))
def test_no_source_file_is_too_long(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by concern"


def test_only_the_registry_names_the_games() -> None:
    """The command line, publishing, output and the site generator iterate the registry; no
    game's name is written in their code."""
    packages = [GAMES.package_of(game) for game in GAMES]
    names = {game.name for game in GAMES} | {p.rsplit(".", 1)[1] for p in packages if p}
    places = [
        SOURCE / "publish.py",
        *sorted((SOURCE / "cli").glob("*.py")),
        *sorted((SOURCE / "output").glob("*.py")),
    ]
    places += sorted((ROOT / "docs").glob("*.py"))
    adapters = {game.command for game in GAMES if not isinstance(game, ShoeGame)}
    for path in places:
        module = (
            ".".join(path.relative_to(SOURCE.parent).with_suffix("").parts) if SOURCE in path.parents else ""
        )
        if module in adapters:
            continue  # a game's own command adapter (one per game that is not analysed shoe by shoe)
        named = names & code_strings(path)
        assert not named, f"{path.relative_to(ROOT)} names {sorted(named)}"
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for game in GAMES:
        assert game.docs_page not in nav, f"mkdocs.yml lists {game.docs_page}: the registry does"


def test_every_game_keeps_the_protocol() -> None:
    assert len({game.name for game in GAMES}) == len(GAMES)
    for game in GAMES:
        assert isinstance(game, Game)
        assert (ROOT / "docs" / game.docs_page).is_file()
        assert game.default_points
        assert game.publication_tables(game.default_points[0])
        assert game.summary_table(game.default_points[:2]).rows
        assert game.charts()
        assert game.headlines()
        assert game.command_examples
        assert all(example[0] == game.name for example in game.command_examples.values())
        # a verb a game has is defined on it; a verb it lacks is not
        for verb in Verb:
            assert callable(getattr(game, verb.value, None)) == (verb in game.verbs), (game.name, verb)
        if isinstance(game, ShoeGame):
            assert game.verbs == frozenset(Verb)


def test_every_game_folder_is_in_the_registry() -> None:
    """A game folder left out of the registry would be a game no list shows."""
    folders = {path.parent.name for path in (SOURCE / "games").glob("*/game.py")}
    assert folders == {package.rsplit(".", 1)[1] for package in GAMES.packages}


@pytest.mark.parametrize("package", GAMES.packages, ids=lambda package: package.rsplit(".", 1)[1])
def test_no_game_reaches_into_another(package: str) -> None:
    """A game imports the engine, the shared modules of ``cardmath.games`` (the protocol, the punto
    banco pieces) and itself; never another game's folder."""
    folder = SOURCE.parent / package.replace(".", "/")
    shared = {"cardmath.games", "cardmath.games.game", "cardmath.games.punto_banco"}
    for path in sorted(folder.rglob("*.py")):
        for name in imported_modules(path):
            if name.startswith("cardmath.games") and name not in shared:
                assert name == package or name.startswith(package + "."), f"{path.name} imports {name}"
