"""A griffe extension for the API reference: shows cardmath's docstrings as Google-style Markdown.

cardmath's docstrings are prose with doctest examples (``>>>`` lines, which pytest runs) and a
little reStructuredText markup.  Before mkdocstrings renders the reference (``docstring_style:
google`` in ``mkdocs.yml``), this extension:

- puts every doctest example in a ``pycon`` code block (Markdown would read ``>>>`` as nested
  quotes), without its ``# doctest: +FLAG`` notes, which are for the test runner only;
- turns ````code```` into ```code``` and a role such as ``:class:`~cardmath.shoe.Shoe``` into a
  cross-reference to the object's entry in the reference (plain code where it has none);
- adds the Google sections a docstring does not write itself, from the code: *Args* (every
  parameter but ``*args``/``**kwargs``, with its type and default from the signature),
  *Returns* (the return annotation) and *Raises* (the exceptions the function raises itself,
  with the start of their message).

Descriptions are the docstring's own: an *Args* or *Returns* entry this extension adds has
none, so the reference shows the gap (and ``tests/test_api_descriptions.py`` reports it) until
the docstring writes the section itself.
"""

from __future__ import annotations

import ast
import html
import re
from typing import Any

import griffe

__all__ = ["DoctestBlocks", "markdown_docstring", "raised_exceptions", "strip_doctest_flags", "verb_names"]

_ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj|const):`(~?)([^`]+)`")
_DOUBLE_TICKS = re.compile(r"``([^`]+)``")
_DOCTEST_FLAGS = re.compile(r"\s*#\s*doctest:\s*[+-]\w+(?:\s*,\s*[+-]?\w+)*\s*$")
_SECTION = re.compile(
    r"^\s*(Args|Arguments|Parameters|Params|Returns|Return|Yields|Raises|Exceptions):\s*$", re.M
)
_MARK = "cardmath_docstring_done"


def strip_doctest_flags(line: str) -> str:
    """``line`` without a trailing ``# doctest: +ELLIPSIS``-style directive.

    >>> strip_doctest_flags('>>> find_game("poker")  # doctest: +ELLIPSIS, +NORMALIZE_WHITESPACE')
    '>>> find_game("poker")'
    """
    return _DOCTEST_FLAGS.sub("", line)


def _reference(match: re.Match[str], resolve: Any) -> str:
    short, target = match.group(1), match.group(2)
    explicit = re.fullmatch(r"(.+?)\s*<([^<>]+)>", target)  # Sphinx's "title <target>"
    if explicit:
        shown, target = explicit.group(1), explicit.group(2)
    else:
        shown = target.rsplit(".", 1)[-1] if short else target.lstrip(".")
    identifier = resolve(target) if resolve is not None else None
    if identifier is None:
        return f"`{shown}`"
    code = f"<code>{html.escape(shown)}</code>"
    return f'<autoref identifier="{html.escape(identifier)}" optional>{code}</autoref>'


def _inline(line: str, resolve: Any) -> str:
    line = _ROLE.sub(lambda match: _reference(match, resolve), line)
    return _DOUBLE_TICKS.sub(r"`\1`", line)


def markdown_docstring(text: str, resolve: Any = None) -> str:
    """The docstring ``text`` with doctests in code blocks (their flags removed) and
    reStructuredText roles as links (``resolve(name)`` gives a role's identifier, or ``None``).

    >>> shown = markdown_docstring("Uses :class:`~cardmath.shoe.Shoe`.\\n\\n>>> 1 + 1  # doctest: +SKIP\\n2")
    >>> shown.splitlines()
    ['Uses `Shoe`.', '', '```pycon', '>>> 1 + 1', '2', '```']
    """
    lines = text.splitlines()
    result: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block = []
            while index < len(lines) and lines[index].strip():
                each = lines[index][len(indent) :] if lines[index].startswith(indent) else lines[index]
                block.append(strip_doctest_flags(each))
                index += 1
            result += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        result.append(_inline(line, resolve))
        index += 1
    return "\n".join(result)


# ----------------------------------------------------------------------- generated sections


def _message(node: ast.expr | None) -> str:
    """The start of an exception's message: its literal text, ``…`` for what is filled in."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "…"
            for part in node.values
        )
    return ""


class _Raises(ast.NodeVisitor):
    def __init__(self) -> None:
        self.found: dict[str, str] = {}

    def visit_Raise(self, node: ast.Raise) -> None:
        call = node.exc
        func = call.func if isinstance(call, ast.Call) else call
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name[:1].isupper() and name not in self.found:
            first = call.args[0] if isinstance(call, ast.Call) and call.args else None
            self.found[name] = _message(first)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        """A nested function raises on its own account."""

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        """A nested function raises on its own account."""

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        """A nested class raises on its own account."""

    def visit_Lambda(self, node: ast.Lambda) -> None:
        """A lambda raises on its own account."""


def raised_exceptions(node: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, str]:
    """The exceptions a function's own body raises, by class name, with their message's start.

    >>> tree = ast.parse("def f(x):\\n    if x:\\n        raise OptionError(f'bad {x}: give 1')")
    >>> raised_exceptions(tree.body[0])
    {'OptionError': 'bad …: give 1'}
    """
    visitor = _Raises()
    for statement in node.body:
        visitor.visit(statement)
    return visitor.found


def _one_line(text: str) -> str:
    """A sentence as one Google-style description line (no line may open a new section)."""
    return text.rstrip(":").strip()


def _sections(func: griffe.Function, text: str) -> str:
    """The Args, Returns and Raises sections ``text`` lacks, as Google-style text."""
    if func.parent is not None and func.parent.is_class and "property" in func.labels:
        return ""
    have = {match.group(1) for match in _SECTION.finditer(text)}
    parts: list[str] = []
    starred = {griffe.ParameterKind.var_positional, griffe.ParameterKind.var_keyword}
    parameters = [p for p in func.parameters if p.name not in {"self", "cls"} and p.kind not in starred]
    if parameters and not have & {"Args", "Arguments", "Parameters", "Params"}:
        # No description: the docstring must write its own (an empty one shows it is missing).
        parts.append("\n".join(["Args:", *(f"    {parameter.name}:" for parameter in parameters)]))
    returns = func.returns
    documented = bool(have & {"Returns", "Return", "Yields"}) or func.name.startswith("__")
    if returns is not None and str(returns) not in {"None", "NoReturn", "Never"} and not documented:
        parts.append("Returns:\n    :")  # the annotation, without a description
    raises: dict[str, str] = func.extra.get("cardmath", {}).get("raises", {})
    if raises and not have & {"Raises", "Exceptions"}:
        lines = ["Raises:"]
        for name, message in raises.items():
            said = f"“{_one_line(message)}”" if message else ""
            lines.append(f"    {name}: {said}".rstrip())
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


_VERBS_OWNER = "cardmath.engine.game.CatalogueGame"
"""Where the verbs a game's package binds are documented, once for every game."""


def verb_names(tree: ast.Module) -> tuple[str, ...]:
    """The names a module binds by unpacking ``GAME.verb_functions()``.

    >>> verb_names(ast.parse("analyze, solve_pay = GAME.verb_functions()\nother = 1"))
    ('analyze', 'solve_pay')
    """
    names: list[str] = []
    for statement in tree.body:
        value = statement.value if isinstance(statement, ast.Assign) else None
        if not (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr == "verb_functions"
        ):
            continue
        for target in statement.targets:  # type: ignore[union-attr]
            if isinstance(target, ast.Tuple):
                names += [element.id for element in target.elts if isinstance(element, ast.Name)]
    return tuple(names)


class DoctestBlocks(griffe.Extension):
    """Rewrites every docstring as Google-style Markdown as griffe loads cardmath."""

    def on_function_instance(self, *, node: Any, func: griffe.Function, **kwargs: Any) -> None:
        """Note the exceptions a function raises itself (its source is at hand only now)."""
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            func.extra["cardmath"]["raises"] = raised_exceptions(node)

    def on_module_members(self, *, node: Any, mod: griffe.Module, **kwargs: Any) -> None:
        """Document the verbs a game's package binds in one line (``analyze, ... =
        GAME.verb_functions()``, which griffe cannot read) as the engine's methods they are."""
        if not isinstance(node, ast.Module):
            return
        for name in verb_names(node):
            mod.set_member(name, griffe.Alias(name, f"{_VERBS_OWNER}.{name}", parent=mod))

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Rewrite one object's docstring, once the whole package is loaded (names resolve)."""
        self._rewrite(obj)

    def on_module(self, *, mod: griffe.Module, **kwargs: Any) -> None:
        """Rewrite a top-level module's docstring (``on_object`` sees only members)."""
        self._rewrite(mod)

    @staticmethod
    def _rewrite(obj: griffe.Object) -> None:
        if obj.docstring is None or obj.extra["cardmath"].get(_MARK):
            return
        obj.extra["cardmath"][_MARK] = True

        def resolve(name: str) -> str | None:
            if name.startswith("cardmath."):
                return name
            if name.startswith("."):  # relative to the module's package
                module = obj if obj.is_module else obj.module
                package = module.path if module.is_package else module.path.rpartition(".")[0]
                return package + name
            head, dot, rest = name.partition(".")
            try:
                return obj.resolve(head) + dot + rest
            except Exception:  # an unknown name stays plain code
                return None

        text = markdown_docstring(obj.docstring.value, resolve)
        if isinstance(obj, griffe.Function):
            sections = _sections(obj, text)
            if sections:
                text = f"{text.rstrip()}\n\n{sections}"
        obj.docstring.value = text
