"""The effects of removal as a result: by bet, then by rank, the change in house edge when one
card of the rank leaves the shoe (:func:`cardmath.engine.analysis.effects_of_removal` makes it).

It is the read-only mapping the verbs always gave, and it shows itself in a notebook and as a
tidy frame (:class:`~cardmath.display.Displayed`).

>>> effects = EffectsOfRemoval({"red": {Rank.ACE: Rational(1, 100)}}, Shoe.standard(1), (Rank.ACE,))
>>> effects["red"][Rank.ACE], effects == {"red": {Rank.ACE: Rational(1, 100)}}
(1/100, True)
>>> effects
<EffectsOfRemoval: 1 deck: effects of removal of 1 rank on red; largest effect A: 1.0000%>
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.cards import Rank
from cardmath.display import Displayed
from cardmath.engine.conditions import rules_words, shoe_conditions, shoe_words
from cardmath.parsheet import define_terms
from cardmath.shoe import Shoe
from cardmath.table import Kind, Table
from cardmath.text import percent_text

__all__ = ["EffectsOfRemoval"]


@dataclass(frozen=True, repr=False, eq=False)
class EffectsOfRemoval(Displayed, Mapping[str, dict[Rank, Rational]]):
    """The effects of removal of one shoe: by bet name, then by rank, the change in house edge
    when one card of the rank leaves the shoe (positive when the removal helps the house), exact.

    It is a read-only mapping (``effects["tie"][Rank.SEVEN]``, ``dict(effects)``,
    ``effects == {...}``), as the verbs always gave, and shows itself
    (:class:`~cardmath.display.Displayed`): a one-line ``repr``, a table of rank by bet for a
    notebook, and a tidy frame of one row per bet and rank removed (``effect``), each opening with
    the game, the shoe and the rules.

    Args:
        effects: By bet name, then by rank in table order: the exact change in house edge; a rank
            with no card left is absent.
        shoe: The shoe the cards are removed from.
        ranks: The ranks in the order the table lists them (the game's order).
        labels: ``(bet name, display name)`` of the bets, for the table; none by default.
        game: The game's registry name, for the records and the summary; empty by default.
        title: The game's short title, which opens the table's title; empty by default.
        rules: The game's rules object the bets were resolved under (told in words in the
            records); ``None`` when not known.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> effects = GAME.effects_of_removal(Shoe.standard(8), bets=["dragon_big"])
    >>> effects["dragon_big"][Rank.SEVEN], effects == {"dragon_big": dict(effects["dragon_big"])}
    (-12/5395, True)
    >>> effects  # doctest: +ELLIPSIS
    <EffectsOfRemoval: dragon-tiger, 8 decks: effects of removal of 13 ranks on dragon_big; ... 8: 0.2595%>
    >>> effects.records()[7]  # doctest: +NORMALIZE_WHITESPACE
    {'game': 'dragon-tiger', 'decks': 8, 'shoe': 'finite', 'rules': 'usual', 'bet': 'dragon_big',
     'rank': '8', 'effect': 14/5395}
    """

    effects: dict[str, dict[Rank, Rational]]
    shoe: Shoe
    ranks: tuple[Rank, ...]
    labels: tuple[tuple[str, str], ...] = ()
    game: str = ""
    title: str = ""
    rules: object | None = None

    def __getitem__(self, name: str) -> dict[Rank, Rational]:
        return self.effects[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.effects)

    def __len__(self) -> int:
        return len(self.effects)

    def summary(self) -> str:
        """The game and shoe, the ranks and bets, and the largest effect.

        Returns:
            One line, such as `dragon-tiger, 8 decks: effects of removal of 13 ranks on tie; largest effect
                ...`.
        """
        where = ", ".join(part for part in (self.game, shoe_words(self.shoe)) if part)
        ranks = {rank for by_rank in self.effects.values() for rank in by_rank}
        bets = next(iter(self.effects)) if len(self.effects) == 1 else f"{len(self.effects)} bets"
        line = f"{where}: effects of removal of {len(ranks)} rank{'' if len(ranks) == 1 else 's'} on {bets}"
        found = [
            (abs(effect), name, rank, effect)
            for name, by_rank in self.effects.items()
            for rank, effect in by_rank.items()
        ]
        if found:
            _, name, rank, effect = max(found, key=lambda entry: entry[0])
            named = "" if len(self.effects) == 1 else f"{name} "
            line += f"; largest effect {named}{rank.symbol}: {percent_text(effect)}"
        return line

    def display_tables(self) -> tuple[Table, ...]:
        """One table: a row per rank, a column per bet, each cell the change in house edge when one
        card of the rank leaves the shoe (empty when none is left).

        Returns:
            The table of effects.
        """
        opening = self.title or self.game or "Game"
        ranks = [rank for rank in self.ranks if any(rank in by_rank for by_rank in self.effects.values())]
        return (
            Table(
                f"{opening} effects of removal, {shoe_words(self.shoe)}",
                ("rank removed", *self.effects),
                tuple(
                    (rank.symbol, *(by_rank.get(rank) for by_rank in self.effects.values())) for rank in ranks
                ),
                kinds=(Kind.TEXT, *(Kind.PERCENT for _ in self.effects)),
                labels=self.labels,
                notes=define_terms("effects of removal"),
                slug="effects-of-removal",
            ),
        )

    def conditions(self) -> dict[str, Any]:
        """The game, the shoe and the rules: the first columns of every record.

        Returns:
            `game` (when known), `decks`, `shoe`, `removed` (when cards are missing from whole decks)
                and `rules` (when known): see :mod:`cardmath.engine.conditions`.
        """
        found: dict[str, Any] = {"game": self.game} if self.game else {}
        found.update(shoe_conditions(self.shoe))
        if self.rules is not None:
            found["rules"] = rules_words(self.rules)
        return found

    def records(self) -> list[dict[str, Any]]:
        """One record per bet and rank removed: the conditions, `bet`, `rank` (its symbol) and
        `effect` (the exact change in house edge).

        Returns:
            One dictionary per bet and rank, bets in order, ranks in table order.
        """
        start = self.conditions()
        return [
            {**start, "bet": name, "rank": rank.symbol, "effect": effect}
            for name, by_rank in self.effects.items()
            for rank, effect in by_rank.items()
        ]
