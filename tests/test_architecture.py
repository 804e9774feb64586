"""The shape of the project: one registry, games that never reach into presentation, small files.

These are the rules that keep every game the same shape (see the "Adding a game" page): a game is
one folder under ``cardmath/games/`` and one registry line; data flows one way, from cards and
shoes through counting to the exact layer, and only then to output, publishing and the command
line.  Every import of ``src/cardmath`` points down the layers of :data:`LAYERS`, and no modules
import each other in a circle.
"""

from __future__ import annotations

import argparse
import ast
from collections import deque
from collections.abc import Mapping
from pathlib import Path

import pytest

from cardmath.cli import build_parser
from cardmath.engine.protocol import Verb
from cardmath.errors import CardmathError
from cardmath.games import Game, ShoeGame
from cardmath.games.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "cardmath"
PRESENTATION = ("cardmath.output", "cardmath.publish", "cardmath.cli")
MOST_LINES = 620

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "base",
        (
            "cardmath.errors",
            "cardmath.checks",
            "cardmath.table",
            "cardmath.cards",
            "cardmath.numbers",
            "cardmath.enumeration",
            "cardmath.exact",
            "cardmath.shoe",
            "cardmath.locks",
            "cardmath.files",
            "cardmath.text",
            "cardmath.frames",
            "cardmath.display",
        ),
    ),
    (
        "par sheet and bets",
        ("cardmath.parsheet", "cardmath.bets", "cardmath.pay_tables", "cardmath.lattice", "cardmath.swing"),
    ),
    ("engine", ("cardmath.engine",)),
    ("games", ("cardmath.games",)),
    ("capabilities", ("cardmath.information", "cardmath.risk", "cardmath.study")),
    (
        "output, publication and CLI",
        ("cardmath.output", "cardmath.publish", "cardmath.cli", "cardmath.__main__", "cardmath"),
    ),
)
"""The layers of the package, lowest first, each a name and the modules and packages in it (the
package ``cardmath`` names only its own ``__init__``): a module imports only from its own layer
and those below."""


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports (absolute names)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def module_name(path: Path) -> str:
    """The dotted name of a source file of the package (a package by its ``__init__.py``)."""
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(SOURCE.rglob("*.py"))}


def package_imports(module: str) -> set[str]:
    """The modules of the package that ``module`` imports, by every import statement it holds: at
    the top, in a function, or under ``if TYPE_CHECKING:`` (the examples of docstrings are text,
    not statements).  ``from PKG import NAME`` is the module ``PKG.NAME`` when there is one, else
    ``PKG``."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: from the package, one level up per dot after the first
                parents = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parents, base] if base else parents)
            found.update(
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base for alias in node.names
            )
    return found & MODULES.keys()


IMPORTS: dict[str, set[str]] = {module: package_imports(module) for module in MODULES}


def layer_of(module: str) -> int:
    """The index in :data:`LAYERS` of a module's layer; a module in no layer fails the test."""
    for index, (_, names) in enumerate(LAYERS):
        if any(module == name or (name != "cardmath" and module.startswith(name + ".")) for name in names):
            return index
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in {Path(__file__).name}")


def upward_imports(imports: Mapping[str, set[str]]) -> list[str]:
    """Every import of a higher layer from a lower one, as ``module (layer) -> imported (layer)``."""
    return [
        f"{module} ({LAYERS[layer_of(module)][0]}) -> {name} ({LAYERS[layer_of(name)][0]})"
        for module in sorted(imports)
        for name in sorted(imports[module])
        if layer_of(name) > layer_of(module)
    ]


def _reachable(start: str, imports: Mapping[str, set[str]]) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for name in imports.get(todo.pop(), set()) - seen:
            seen.add(name)
            todo.append(name)
    return seen


def _circle_from(start: str, imports: Mapping[str, set[str]]) -> list[str]:
    """A shortest chain of imports from ``start`` back to itself."""
    paths = {start: [start]}
    queue = deque([start])
    while queue:
        current = queue.popleft()
        for name in sorted(imports.get(current, set())):
            if name == start:
                return [*paths[current], start]
            if name not in paths:
                paths[name] = [*paths[current], name]
                queue.append(name)
    return []


def import_circles(imports: Mapping[str, set[str]]) -> list[list[str]]:
    """One circle of imports for each group of modules that import each other (directly or through
    others), as the chain of modules from the group's first back to it."""
    reach = {module: _reachable(module, imports) for module in imports}
    groups = {min(n for n in reach[m] if m in reach[n]) for m in imports if m in reach[m]}
    return [_circle_from(first, imports) for first in sorted(groups)]


def _file(module: str) -> str:
    return str(MODULES[module].relative_to(ROOT)) if module in MODULES else module


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


def test_imports_point_down_the_layers() -> None:
    """Layers, lowest first: base (errors, checks, table, cards, numbers, enumeration, exact, shoe,
    files), the par sheet and bets (parsheet, bets, pay_tables, lattice, swing), the engine (with
    the game protocol), the games (registry included), the capabilities (information, risk,
    study), then output, publication and the command line (and the package's ``__init__``).  A
    module imports only from its own layer and those below, in every import statement it has."""
    upward = upward_imports(IMPORTS)
    assert not upward, "imports of a higher layer:\n" + "\n".join(upward)


def test_no_modules_import_each_other_in_a_circle() -> None:
    """Within a layer as across them (base, par sheet and bets, engine, games, capabilities,
    output, publication and CLI, lowest first), no module imports itself through others."""
    circles = [" -> ".join(_file(module) for module in circle) for circle in import_circles(IMPORTS)]
    assert not circles, "imports in a circle:\n" + "\n".join(circles)


def test_the_layer_checks_find_what_they_forbid() -> None:
    """The two checks above fail on an upward import and on a circle (layers lowest first: base,
    par sheet and bets, engine, games, capabilities, output, publication and CLI)."""
    imports = {"cardmath.shoe": {"cardmath.games.registry"}, "cardmath.games.registry": {"cardmath.shoe"}}
    assert upward_imports(imports) == ["cardmath.shoe (base) -> cardmath.games.registry (games)"]
    assert import_circles(imports) == [
        ["cardmath.games.registry", "cardmath.shoe", "cardmath.games.registry"]
    ]
    assert layer_of("cardmath") == layer_of("cardmath.cli.main") == len(LAYERS) - 1
    with pytest.raises(AssertionError, match="in no layer"):
        layer_of("cardmath.unlisted")


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
        # a verb a game has is defined on it; a verb it lacks is not, or refuses in words
        for verb in Verb:
            method = getattr(game, verb.value, None)
            if verb in game.verbs:
                assert callable(method), (game.name, verb)
            elif callable(method):
                with pytest.raises(CardmathError, match="no closed form" if verb is Verb.CLOSED_FORM else ""):
                    method()
        if isinstance(game, ShoeGame):
            assert game.verbs >= frozenset(Verb) - {Verb.CLOSED_FORM}
            # the command line offers --closed-form exactly where the game has the verb
            options = {o for a in _game_parser(game.name)._actions for o in a.option_strings}
            assert ("--closed-form" in options) == (Verb.CLOSED_FORM in game.verbs), game.name


def _game_parser(name: str) -> argparse.ArgumentParser:
    actions = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    parser: argparse.ArgumentParser = actions[0].choices[name]
    return parser


def test_every_game_folder_is_in_the_registry() -> None:
    """A game folder left out of the registry would be a game no list shows."""
    folders = {path.parent.name for path in (SOURCE / "games").glob("*/game.py")}
    assert folders == {package.rsplit(".", 1)[1] for package in GAMES.packages}


@pytest.mark.parametrize("package", GAMES.packages, ids=lambda package: package.rsplit(".", 1)[1])
def test_no_game_reaches_into_another(package: str) -> None:
    """A game imports the engine (the protocol included), the shared modules of ``cardmath.games``
    (the punto banco pieces) and itself; never another game's folder."""
    folder = SOURCE.parent / package.replace(".", "/")
    shared = {"cardmath.games", "cardmath.games.punto_banco"}
    for path in sorted(folder.rglob("*.py")):
        for name in imported_modules(path):
            if name.startswith("cardmath.games") and name not in shared:
                assert name == package or name.startswith(package + "."), f"{path.name} imports {name}"
