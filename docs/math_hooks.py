"""MkDocs hook: every formula of the site is typeset as MathML when the site is built.

A page writes a formula in LaTeX between ``$...$`` (in a line) or ``$$...$$`` (a block of its
own); the generated pages write SymPy's own expressions through ``sympy.latex``.
``pymdownx.arithmatex`` (in its generic mode) marks each formula, and :func:`on_page_content`
turns each into MathML (``latex2mathml``), which every current browser typesets with its own
fonts: no script runs and nothing is fetched, so formulas show opened from disk, offline, and at
once.  A long formula in a block scrolls sideways inside its own box on a phone (the stylesheet's
``.cardmath-math``) rather than widening the page.

>>> html = '<p>the edge <span class="arithmatex">\\\\(t = \\\\frac{1}{13}\\\\)</span></p>'
>>> typeset = to_mathml(html)
>>> typeset.startswith('<p>the edge <math') and "<mfrac>" in typeset and "arithmatex" not in typeset
True
"""

from __future__ import annotations

import html as html_text
import re
from typing import Any

from latex2mathml.converter import convert

__all__ = ["on_page_content", "to_mathml"]

_INLINE = re.compile(r'<span class="arithmatex">\\\((.*?)\\\)</span>', re.DOTALL)
_BLOCK = re.compile(r'<div class="arithmatex">\\\[(.*?)\\\]</div>', re.DOTALL)


def _mathml(latex: str, display: str) -> str:
    return convert(html_text.unescape(latex).strip(), display=display)


def to_mathml(html: str) -> str:
    """``html`` with every formula arithmatex marked replaced by its MathML; a block formula in a
    box of its own that scrolls sideways when it is wider than the column."""
    html = _BLOCK.sub(
        lambda match: f'<div class="cardmath-math">{_mathml(match.group(1), "block")}</div>', html
    )
    return _INLINE.sub(lambda match: _mathml(match.group(1), "inline"), html)


def on_page_content(html: str, **kwargs: Any) -> str:
    """Typeset the page's formulas (see :func:`to_mathml`)."""
    return to_mathml(html)
