"""MkDocs hooks of the notebook pages: the search indexes their prose, not their code cells and
outputs; and the stylesheet mkdocs-jupyter writes into every page is served once, as a file.

The stylesheet first. mkdocs-jupyter inlines JupyterLab's styles (about 570 KB) in a ``<style>``
of each notebook page, which made each page weigh 700 to 830 KB of HTML. ``on_post_page`` moves
every such large block into one file under ``assets/`` (named by its content's hash, written
once) and links it, so a page weighs what its notebook holds and the browser keeps the styles
from one notebook to the next.

The search then.

A notebook page (``notebooks/NAME.ipynb``, rendered by mkdocs-jupyter) holds each cell's code
twice (the highlighted code and the text its copy button copies) and outputs of identifiers,
numbers and fractions. Indexed, they would crowd the search results for a game's words, and some
code tokens break the search's index (lunr) for the whole site: typing then finds nothing. Each
code cell is therefore wrapped in a ``<section data-search-exclude>``, which the Material theme's
search skips; the notebook's headings and markdown cells stay searchable.

The wrapper is a ``section`` because the search's parser tells elements apart by their tag alone:
an excluded ``div`` would be let go of when the first ``div`` inside it closes, and a code cell is
all ``div``\\ s. mkdocs-jupyter writes no ``section``.
"""

from __future__ import annotations

import hashlib
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from mkdocs.utils import get_relative_url

__all__ = ["code_cell_spans", "on_page_content", "on_post_page"]

LARGE_STYLE = 50_000
"""A ``<style>`` block of a notebook page larger than this many characters is served as a file."""

WRAPPER = ("<section data-search-exclude>", "</section>")


class _CodeCells(HTMLParser):
    """Finds the outermost code cells of a page: their start and end offsets in the text."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self._source = text
        self._line_starts = [0] + [match.end() for match in re.finditer(r"\n", text)]
        self._depth = 0  # open divs
        self._cell_depth: int | None = None  # the depth at which the open code cell started
        self._start = 0
        self.spans: list[tuple[int, int]] = []

    def _position(self) -> int:
        """The offset in the text of the tag being read."""
        line, column = self.getpos()
        return self._line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag != "div":
            return
        classes = (dict(attrs).get("class") or "").split()
        if self._cell_depth is None and "jp-CodeCell" in classes:
            self._cell_depth, self._start = self._depth, self._position()
        self._depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag != "div":
            return
        self._depth -= 1
        if self._depth == self._cell_depth:
            end = self._source.index(">", self._position()) + 1
            self.spans.append((self._start, end))
            self._cell_depth = None


def code_cell_spans(html: str) -> list[tuple[int, int]]:
    """The outermost code cells of a notebook page, as ``(start, end)`` offsets in its HTML.

    Args:
        html: The page's content, as mkdocs-jupyter renders it.

    Returns:
        Each code cell's span, from its opening ``<div`` to the end of its closing ``</div>``.
    """
    parser = _CodeCells(html)
    parser.feed(html)
    parser.close()
    return parser.spans


def on_page_content(html: str, page: Any, **kwargs: Any) -> str:
    """Wrap the code cells of a notebook page in a section the search leaves out."""
    if not page.file.src_uri.endswith(".ipynb"):
        return html
    spans = code_cell_spans(html)
    if not spans:
        raise ValueError(f"{page.file.src_uri}: no code cell found (has mkdocs-jupyter's markup changed?)")
    parts, last = [], 0
    for start, end in spans:
        parts += [html[last:start], WRAPPER[0], html[start:end], WRAPPER[1]]
        last = end
    return "".join([*parts, html[last:]])


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    """Serve a notebook page's large inline stylesheets as one file each, linked from the page."""
    if not page.file.src_uri.endswith(".ipynb"):
        return output

    def served(match: re.Match[str]) -> str:
        css = match.group(1)
        if len(css) < LARGE_STYLE:
            return match.group(0)
        name = f"assets/notebook-{hashlib.sha256(css.encode()).hexdigest()[:12]}.css"
        target = Path(config["site_dir"]) / name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(css, encoding="utf-8")
        return f'<link rel="stylesheet" href="{get_relative_url(name, page.url)}">'

    return re.sub(r"<style[^>]*>(.*?)</style>", served, output, flags=re.DOTALL)
