"""The card that opens every game page: the answer before the explanation.

A reader who opens a game's page wants its house edge first, as the best game pages give it in
their first lines.  The card holds the figures the home page shows for the game (its
``headlines()``, exact and decimal), the usual table they are computed for (the shoe and the
rule options at their defaults) and links to the game's rules, its par sheets and its downloads.
The build puts it right under the page's title, so it is on a phone's first screen; nothing of
it is typed in a page.  The pages of what the library does beyond a game's par sheets (what the
player sees, how a bet swings) open with a card of the same kind, of their own headline figures
(``answer_box`` and ``figure_line``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from downloads_page import downloads_page_of

from cardmath.games import Game
from cardmath.output import fraction_text, percent_text

ANSWER_CLASS = "cardmath-answer"
"""The class of the card's box (styled in ``stylesheets/extra.css``, found by the browser test)."""


def bet_words(game: Game, name: str) -> str:
    """The bet a headline is for, without the game's name in front (``"Banker (5% commission)"``)."""
    for prefix in (game.title, game.short_title):
        if name.startswith(prefix + ", "):
            return name[len(prefix) + 2 :]
    return ""


def usual_table(game: Game) -> str:
    """The usual table in words and options: the default shoe and every rule option's default."""
    decks = getattr(game, "default_decks", None)
    options = getattr(game, "options", ())
    parts = []
    if decks is not None:
        parts.append("1 deck" if decks == 1 else f"{decks} decks")
    parts += [f"`{option.flag} {option.default}`" for option in options]
    return ", ".join(parts)


def answer_card(game: Game, page_text: str) -> str:
    """The card for ``game``'s page (whose Markdown is ``page_text``), as Markdown in an HTML box."""
    lines = []
    for headline in game.headlines():
        bet = bet_words(game, headline.name)
        about = f"{headline.what} of {bet}" if bet else headline.what
        lines.append(figure_line(headline.value, f"{about}, {headline.shoe}"))
    table = usual_table(game)
    if table:
        lines.append(f"Usual table: {table}.")
    links = ["[The rules](#the-rules)"]
    if "\n## The odds tables" in page_text:
        links.append("[every par sheet](#the-odds-tables)")
    links.append(f"[downloads](../{downloads_page_of(game)})")
    lines.append(" · ".join(links))
    return answer_box(lines)


LONGEST_FRACTION = 60
"""The longest exact fraction a card writes out, in characters; a longer one is only measured."""


def figure_line(value: Any, words: str) -> str:
    """One line of a card: an exact figure as a percentage, what it is, and its exact fraction
    (or, for a fraction of thousands of digits such as a ruin chance, how long it is)."""
    exact = fraction_text(value)
    if len(exact) > LONGEST_FRACTION:
        digits = len(exact.partition("/")[2])
        shown = f"exact: a fraction whose denominator has {digits:,} digits"
    else:
        shown = f'exactly <span class="cardmath-fraction">{exact}</span>'
    return f'<span class="cardmath-figure">{percent_text(value)}</span> {words}; {shown}'


def answer_box(lines: Sequence[str]) -> str:
    """A card of ``lines`` (Markdown), each a paragraph, in the box the stylesheet draws."""
    body = "\n\n".join(lines)
    return f'<div class="{ANSWER_CLASS}" markdown>\n\n{body}\n\n</div>\n'


def with_card(page_text: str, card: str) -> str:
    """``page_text`` with ``card`` right under its title (its first ``# `` line)."""
    match = re.search(r"^# .*\n", page_text, flags=re.MULTILINE)
    if match is None:
        raise ValueError("a game page opens with its title, a '# ' line")
    return page_text[: match.end()] + "\n" + card + page_text[match.end() :]
