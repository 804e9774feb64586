"""The closed forms of a game's page, typeset: ``<!-- cardmath:closed-form -->``.

A game whose house edges are exact rational functions of the number of decks ``d`` (its
``closed_form`` verb) shows them as a table: each bet of the usual rules, its house edge in ``d``
written by ``sympy.latex`` from the very expression the library computes, and its limit as ``d``
grows (the infinite shoe).  The formulas are typeset as MathML when the site is built
(``docs/math_hooks.py``).
"""

from __future__ import annotations

import sympy

from cardmath.games import Game

__all__ = ["closed_form_table", "has_closed_form"]


def has_closed_form(game: Game) -> bool:
    """Whether the game offers its house edges as functions of the number of decks."""
    return "closed_form" in {str(verb) for verb in game.verbs}


def closed_form_table(game: Game) -> str:
    """The table of the game's closed forms under its usual rules, as Markdown with LaTeX cells."""
    if not has_closed_form(game):
        raise KeyError(f"{game.docs_page}: {game.title} has no closed form in the number of decks")
    rows = ["| bet | house edge on $d$ decks | as $d \\to \\infty$ |", "|---|---|---|"]
    for form in game.closed_form(game.default_rules):  # type: ignore[attr-defined]
        rows.append(f"| {form.label} | ${sympy.latex(form.house_edge)}$ | ${sympy.latex(form.limit)}$ |")
    return "\n".join(rows) + "\n"
