"""Each game's odds tables on pages of their own, one per shoe (or hand size).

A game's page once carried every par sheet of every number of decks in tabs: baccarat's was
about 160 phone screens.  Its section "The odds tables" now holds links to one page per point of
the game's axis (``games/baccarat/8-decks.md``), the usual shoe first; each of those pages holds
that shoe's tables, with links to the game's page and to the other shoes.  The pages are listed
by no navigation entry (``not_in_nav`` in ``mkdocs.yml``): the game's page leads to them.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from pathlib import PurePosixPath

from cardmath.games import Game
from cardmath.table import Table

ODDS_FOLDER_OF = "games/{stem}/"
"""Where a game's odds pages go, beside its page (``stem``: the page's file name without ``.md``)."""


def odds_page(game: Game, point: int | None) -> str:
    """The path, under ``docs/``, of ``game``'s odds page for ``point``."""
    stem = PurePosixPath(game.docs_page).stem
    return ODDS_FOLDER_OF.format(stem=stem) + f"{game.axis.folder(point)}.md"


def odds_links(game: Game, usual: int | None) -> str:
    """The section of the game's page: one link per point, the usual shoe first and marked."""
    links = []
    for point in game.default_points:
        label = game.axis.label(point)
        target = PurePosixPath(odds_page(game, point)).relative_to(PurePosixPath(game.docs_page).parent)
        link = f"[{label}]({target})"
        links.append(f"**{link}** (the usual)" if point == usual else link)
    return "Every bet's par sheet, one page per shoe: " + " · ".join(links) + ".\n"


def odds_page_text(
    game: Game,
    point: int | None,
    tables: Sequence[Table],
    table_markdown: Callable[..., str],
    title_of: Callable[[Table], str],
) -> str:
    """The Markdown of ``game``'s odds page for ``point``: a title, the way back and across, and
    each table in a block of its own, closed but the first, its title the block's (a phone shows
    the list of tables at once, and a reader opens the one wanted; the browser's find opens a
    closed block too).  Each term is defined once, in the first table that uses it."""
    label = game.axis.label(point)
    others = []
    for other in game.default_points:
        name = game.axis.label(other)
        others.append(f"**{name}**" if other == point else f"[{name}]({game.axis.folder(other)}.md)")
    back = PurePosixPath(game.docs_page).name
    defined: set[str] = set()
    blocks = []
    for number, table in enumerate(tables):
        body = table_markdown(table, game=game.name, prefix="../../", defined=defined, titled=False)
        title = title_of(table).replace('"', "'")
        marker = "???+" if number == 0 else "???"
        blocks.append(f'{marker} cardmath-sheet "{title}"\n\n{textwrap.indent(body, "    ")}\n')
    return (
        f"# {game.title}: {label}\n\n"
        f"Every table of {game.title} on {label}, computed by cardmath when this site was built; open a "
        f"table by its title. [The game's page](../{back}) has its rules and mathematics.\n\n"
        f"The same tables for: {' · '.join(others)}\n\n" + "\n".join(blocks)
    )
