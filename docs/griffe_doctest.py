"""A griffe extension for the API reference: shows cardmath's docstrings as Markdown.

cardmath's docstrings are plain text with doctest examples (``>>>`` lines, which pytest runs) and
a little reStructuredText markup.  Markdown would read ``>>>`` as nested quotes, so this extension
puts every doctest example in a ``pycon`` code block, turns ````code```` into ```code``` and
``:class:`~cardmath.shoe.Shoe``` into ```Shoe```, before mkdocstrings renders the reference.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

__all__ = ["DoctestBlocks", "markdown_docstring"]

_ROLE = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj|const):`~?([^`]+)`")
_DOUBLE_TICKS = re.compile(r"``([^`]+)``")


def _role_text(match: re.Match[str]) -> str:
    target = match.group(1)
    return f"`{target.rsplit('.', 1)[-1] if match.group(0).count('~') else target}`"


def _inline(line: str) -> str:
    return _DOUBLE_TICKS.sub(r"`\1`", _ROLE.sub(_role_text, line))


def markdown_docstring(text: str) -> str:
    """The docstring ``text`` with doctests in code blocks and reStructuredText roles as code."""
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
                block.append(lines[index][len(indent) :] if lines[index].startswith(indent) else lines[index])
                index += 1
            result += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        result.append(_inline(line))
        index += 1
    return "\n".join(result)


class DoctestBlocks(griffe.Extension):
    """Rewrites every docstring with :func:`markdown_docstring` as griffe loads it."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Rewrite the docstring of one loaded object."""
        if obj.docstring is not None:
            obj.docstring.value = markdown_docstring(obj.docstring.value)
