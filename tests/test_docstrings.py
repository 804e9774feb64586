"""Every module of cardmath, and every public name it exports in ``__all__``, has a docstring.

Classes and functions carry their own ``__doc__``; constants and type aliases carry the string
literal written right after their assignment (the convention the API reference reads).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from functools import cache
from types import ModuleType

import pytest

import cardmath


def all_modules() -> list[str]:
    names = ["cardmath"]
    names += [info.name for info in pkgutil.walk_packages(cardmath.__path__, "cardmath.")]
    return sorted(names)


@cache
def module_syntax(name: str) -> ast.Module:
    module = importlib.import_module(name)
    return ast.parse(inspect.getsource(module))


@cache
def attribute_docstrings(name: str) -> dict[str, str]:
    """Module-level names assigned in ``name`` and the string literal that follows each."""
    body = module_syntax(name).body
    found: dict[str, str] = {}
    for statement, following in zip(body, [*body[1:], None], strict=True):
        targets: list[ast.expr] = []
        if isinstance(statement, ast.Assign):
            targets = list(statement.targets)
        elif isinstance(statement, ast.AnnAssign):
            targets = [statement.target]
        for target in targets:
            if not isinstance(target, ast.Name):
                continue
            literal = (
                following.value.value
                if isinstance(following, ast.Expr)
                and isinstance(following.value, ast.Constant)
                and isinstance(following.value.value, str)
                else ""
            )
            found[target.id] = literal
    return found


def imported_from(module: str, name: str) -> tuple[str, str] | None:
    """Where ``name`` of ``module`` comes from (``from X import original as name``): X, original."""
    package = module if hasattr(importlib.import_module(module), "__path__") else module.rpartition(".")[0]
    body = module_syntax(module).body  # imports under `if TYPE_CHECKING:` name lazy re-exports
    for statement in [inner for top in body for inner in (top.body if isinstance(top, ast.If) else [top])]:
        if not isinstance(statement, ast.ImportFrom):
            continue
        for alias in statement.names:
            if (alias.asname or alias.name) != name:
                continue
            if statement.level:
                base = package.rsplit(".", statement.level - 1)[0] if statement.level > 1 else package
                return (f"{base}.{statement.module}" if statement.module else base), alias.name
            return str(statement.module), alias.name
    return None


def test_imported_from_follows_renaming_imports() -> None:
    # `from cardmath import bets as shared_bets`: the local name is shared_bets.
    assert imported_from("cardmath.engine.defined", "shared_bets") == ("cardmath", "bets")
    # A module imported under another name is not a name imported from somewhere.
    assert imported_from("cardmath.games.registry", "GAME") is None
    # A module imported under another name: from cardmath import bets as shared_bets.
    assert imported_from("cardmath.games.baccarat.bets", "shared_bets") == ("cardmath", "bets")


def data_docstring(module: str, name: str) -> str:
    """The docstring of a constant or alias, following re-exports to where it is assigned."""
    seen = set()
    while module not in seen:
        seen.add(module)
        docs = attribute_docstrings(module)
        if name in docs:
            return docs[name]
        source = imported_from(module, name)
        if source is None:
            return ""
        module, name = source
    return ""


def public_names() -> list[tuple[str, str]]:
    pairs = []
    for module_name in all_modules():
        module = importlib.import_module(module_name)
        pairs += [(module_name, name) for name in getattr(module, "__all__", ())]
    return pairs


def docstring_of(module: ModuleType, module_name: str, name: str) -> str:
    value = getattr(module, name)
    if name == "__version__":
        return "the package version (PEP 396)"
    if inspect.ismodule(value):
        return value.__doc__ or ""
    if inspect.isclass(value):
        return str(value.__dict__.get("__doc__") or "")
    if inspect.isroutine(value) or isinstance(value, property):
        return value.__doc__ or ""
    return data_docstring(module_name, name)


@pytest.mark.parametrize("module_name", all_modules())
def test_every_module_has_a_docstring_and_an_all(module_name: str) -> None:
    module = importlib.import_module(module_name)
    assert (module.__doc__ or "").strip(), f"{module_name} has no module docstring"
    if module_name.endswith(".__main__"):
        return  # the script behind python -m cardmath exports nothing
    assert hasattr(module, "__all__"), f"{module_name} has no __all__"
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert not missing, f"{module_name}.__all__ names what it does not define: {missing}"


def test_every_public_name_has_a_docstring() -> None:
    missing = [
        f"{module_name}.{name}"
        for module_name, name in public_names()
        if not docstring_of(importlib.import_module(module_name), module_name, name).strip()
    ]
    assert not missing, "public names without a docstring: " + ", ".join(missing)


def test_the_checker_tells_a_documented_constant_from_an_undocumented_one() -> None:
    assert data_docstring("cardmath.output.tables", "FORMATS").startswith("Every output format")
    assert data_docstring("cardmath.games.registry", "PACKAGES").startswith("The package of every game")
    assert data_docstring("cardmath.numbers", "_WHOLE") == ""


def test_every_public_function_and_class_shows_a_running_example() -> None:
    """Each public function and class defined in cardmath carries its own doctest (``>>>``),
    which pytest runs with ``--doctest-modules``."""
    missing = []
    for module_name, name in public_names():
        value = getattr(importlib.import_module(module_name), name)
        if not (inspect.isclass(value) or inspect.isfunction(value)) or value.__module__ != module_name:
            continue  # re-exports are checked where they are defined; constants carry no example
        if ">>>" not in docstring_of(importlib.import_module(module_name), module_name, name):
            missing.append(f"{module_name}.{name}")
    assert not missing, "public names without an example: " + ", ".join(missing)
