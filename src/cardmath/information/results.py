"""What the information analysis finds, as results that show themselves, and their tables.

- :class:`~cardmath.information.patterns.Pattern`: one thing the player can see, each bet's value
  given it and the best bet;
- :class:`~cardmath.information.patterns.PatternTable`: every pattern of some known positions on
  one shoe, with the player's edge (:func:`~cardmath.information.patterns.patterns_table` is its
  table); both are in :mod:`cardmath.information.patterns`;
- :class:`Conditional`: every bet's par sheet given some facts (:func:`conditional_tables`);
- :class:`SortResult`: one sort of the cards into groups and the edges it gives
  (:func:`sorts_table` ranks several).

Each result has a one-line ``repr`` naming its headline figure, shows its tables in a notebook and
gives its data as a tidy frame (:class:`~cardmath.display.Displayed`): one row per pattern, per
outcome of a bet given the facts, or per sort.  Expected values are the player's, in percent of the
bet in the tables (a house edge with its sign turned).

>>> from cardmath.games.dragon_tiger import GAME
>>> from cardmath.information.analysis import conditional
>>> from cardmath.shoe import Shoe
>>> given = conditional(GAME, Shoe.standard(1), {"dragon": frozenset({12})}, ["dragon", "tiger"])
>>> frame = given.to_frame()
>>> frame[["bet", "outcome", "probability_exact"]].values.tolist()  # doctest: +NORMALIZE_WHITESPACE
[['dragon', 'win', '0'], ['dragon', 'lose', '16/17'], ['dragon', 'tie', '1/17'],
 ['tiger', 'win', '16/17'], ['tiger', 'lose', '0'], ['tiger', 'tie', '1/17']]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.display import Displayed
from cardmath.information.knowledge import Grouping
from cardmath.information.patterns import _EDGE_NOTE, _EV_NOTE, _cards, _signed
from cardmath.parsheet import ParSheet, par_sheet_table
from cardmath.table import Kind, Table, slug_of
from cardmath.text import decimal_text, percent_text

__all__ = ["Conditional", "SortResult", "conditional_tables", "sorts_table"]


@dataclass(frozen=True, repr=False)
class Conditional(Displayed):
    """Every bet given some facts about the deal: the facts' chance and each bet's par sheet given them.

    Args:
        game: The game's registry name.
        shoe: The shoe, in words.
        facts: The facts in words, such as ``("P1=7", "B1=0")``.
        deals: The ordered deals showing the facts.
        probability: The chance of the facts.
        sheets: By bet name, the bet's par sheet given the facts.
        bet_names: ``(name, display name)`` pairs of the bets, for the tables' titles; none when not
            told (the names are shown).

    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.information.analysis import conditional
    >>> from cardmath.shoe import Shoe
    >>> given = conditional(GAME, Shoe.standard(1), {"dragon": frozenset({12})}, ["tiger"])
    >>> given.facts, given.probability, given.expected_value("tiger")
    (('dragon=A',), 1/13, 31/34)
    >>> given
    <Conditional: dragon-tiger, 1 deck, given dragon=A (probability 0.076923): best bet tiger +91.1765%>
    """

    game: str
    shoe: str
    facts: tuple[str, ...]
    deals: int
    probability: Rational
    sheets: Mapping[str, ParSheet]
    bet_names: tuple[tuple[str, str], ...] = ()

    def expected_value(self, bet: str) -> Rational:
        """A bet's exact expected value per unit bet given the facts.

        Args:
            bet: A bet's name.

        Returns:
            Minus its conditional house edge.
        """
        return -self.sheets[bet].house_edge

    def summary(self) -> str:
        """The game, the shoe, the facts with their chance, and the best bet given them.

        Returns:
            Such as `dragon-tiger, 1 deck, given dragon=A (probability 0.076923): best bet tiger +91.1765%`.
        """
        chance = decimal_text(self.probability)
        start = f"{self.game}, {self.shoe}, given {', '.join(self.facts)} (probability {chance})"
        if not self.sheets:
            return f"{start}: no bet"
        best = max(self.sheets, key=self.expected_value)
        return f"{start}: best bet {best} {_signed(self.expected_value(best))}"

    def display_tables(self) -> tuple[Table, ...]:
        """The tables ``cardmath information --given`` prints.

        Returns:
            :func:`conditional_tables` of the result: the facts' chance and each bet's expected value,
                then each bet's par sheet given the facts.
        """
        return conditional_tables(self, self.bet_names)

    def conditions(self) -> dict[str, Any]:
        """The game, the shoe and the facts.

        Returns:
            `game`, `shoe` (in words) and `facts` (joined by commas).
        """
        return {"game": self.game, "shoe": self.shoe, "facts": ", ".join(self.facts)}

    def records(self) -> list[dict[str, Any]]:
        """One record per outcome of each bet given the facts (no totals).

        Returns:
            The conditions, the facts' chance (``facts_probability``), then the bet, the outcome, its
                pay, its combinations among the deals showing the facts, its chance given the facts and
                its return (pay times chance).
        """
        start = {**self.conditions(), "facts_probability": self.probability}
        return [
            {
                **start,
                "bet": bet,
                "outcome": outcome.name,
                "pays": outcome.pays,
                "combinations": outcome.combinations,
                "probability": outcome.probability,
                "return": outcome.contribution,
            }
            for bet, sheet in self.sheets.items()
            for outcome in sheet.outcomes
        ]


def conditional_tables(result: Conditional, bet_names: Sequence[tuple[str, str]] = ()) -> tuple[Table, ...]:
    """The chance of some facts, and each bet's par sheet given them.

    Args:
        result: The conditional analysis.
        bet_names: ``(id, display name)`` pairs for the bets' titles; the ids themselves without them.

    Returns:
        A table of the facts' chance and each bet's expected value, then one par sheet per bet.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.information.analysis import conditional
    >>> from cardmath.shoe import Shoe
    >>> given = conditional(GAME, Shoe.standard(1), {"dragon": frozenset({0})}, ["tiger"])
    >>> tables = conditional_tables(given)
    >>> [table.display_title for table in tables]
    ['Given dragon=2, 1 deck', 'tiger given dragon=2, 1 deck']
    """
    names = dict(bet_names)
    facts = ", ".join(result.facts)
    summary = Table(
        f"{result.game} given {facts}, {result.shoe}",
        ("figure", "value"),
        (
            ("probability of the facts", result.probability),
            *(
                (f"{names.get(bet, bet)}: expected value", -sheet.house_edge)
                for bet, sheet in result.sheets.items()
            ),
        ),
        kinds=(Kind.TEXT,),
        row_kinds=(Kind.PROBABILITY, *(Kind.PERCENT,) * len(result.sheets)),
        notes=(_EV_NOTE,),
        heading=f"Given {facts}, {result.shoe}",
    )
    sheets = tuple(
        par_sheet_table(f"{names.get(bet, bet)} given {facts}, {result.shoe}", sheet)
        for bet, sheet in result.sheets.items()
    )
    return (summary, *sheets)


@dataclass(frozen=True, repr=False)
class SortResult(Displayed):
    """One sort of the cards into groups and what it is worth.

    Args:
        grouping: The groups.
        edge_sitting_out: The player's edge per hand dealt, betting best and sitting out losing patterns.
        edge_every_hand: The player's edge per hand dealt, betting best on every pattern.
        game: The game's registry name; empty when not told.
        game_title: The game's short title; empty when not told.
        shoe: The shoe, in words; empty when not told.
        positions: The known positions the sort was tried on; none when not told.
        rank: The sort's place among those tried, 1 for the best; 0 when not ranked.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.information.analysis import best_sorts
    >>> from cardmath.shoe import Shoe
    >>> best = best_sorts(GAME, Shoe.standard(1), ["dragon"], ["dragon", "tiger"], top=1)[0]
    >>> best.grouping.describe(), best.edge_sitting_out == best.edge_every_hand
    ('234567A / 89TJQK', True)
    >>> best  # doctest: +NORMALIZE_WHITESPACE
    <SortResult: Dragon Tiger, 1 deck, the dragon card: sort 1, 234567A / 89TJQK: player's edge
     sitting out 47.7376%, every hand 47.7376%>
    """

    grouping: Grouping
    edge_sitting_out: Rational
    edge_every_hand: Rational
    game: str = ""
    game_title: str = ""
    shoe: str = ""
    positions: tuple[str, ...] = ()
    rank: int = 0

    def summary(self) -> str:
        """What the sort is of, the groups and the player's edges, in one line.

        Returns:
            Such as `Dragon Tiger, 1 deck, the dragon card: sort 1, 234567A / 89TJQK: player's edge
                sitting out 2.9412%, every hand 2.9412%`.
        """
        where = [part for part in (self.game_title, self.shoe) if part]
        if self.positions:
            where.append(_cards(self.positions))
        ranked = f"sort {self.rank}, " if self.rank else ""
        start = f"{', '.join(where)}: " if where else ""
        return (
            f"{start}{ranked}{self.grouping.describe()}: player's edge sitting out "
            f"{percent_text(self.edge_sitting_out)}, every hand {percent_text(self.edge_every_hand)}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The sort as one row of :func:`sorts_table`.

        Returns:
            One table of one row: the rank, the groups and the two edges.
        """
        return (sorts_table([self], self.game_title or self.game, self.positions, self.shoe),)

    def conditions(self) -> dict[str, Any]:
        """The game, the shoe and the known positions, as far as they are told.

        Returns:
            `game`, `shoe` and `positions` (joined by commas), each when not empty.
        """
        found = {"game": self.game, "shoe": self.shoe, "positions": ", ".join(self.positions)}
        return {name: value for name, value in found.items() if value}

    def records(self) -> list[dict[str, Any]]:
        """The sort as one record.

        Returns:
            The conditions, then the rank (`None` when not ranked), the number of groups, the
                groups, and the two edges.
        """
        return [
            {
                **self.conditions(),
                "rank": self.rank or None,
                "group_count": len(self.grouping.groups),
                "groups": self.grouping.describe(),
                "edge_sitting_out": self.edge_sitting_out,
                "edge_every_hand": self.edge_every_hand,
            }
        ]


def sorts_table(
    results: Sequence[SortResult],
    game_title: str,
    positions: Sequence[str],
    shoe: str,
    *,
    sit_out: bool = True,
) -> Table:
    """The best sorts of the cards into groups, best first.

    Args:
        results: The sorts, as :func:`~cardmath.information.best_sorts` ranks them.
        game_title: The game's short title.
        positions: The known positions the sorts were tried on.
        shoe: The shoe, in words.
        sit_out: Whether the sorts were ranked by the edge sitting out (else every hand).

    Returns:
        One row per sort: its rank (its own when it has one, else its place in ``results``), its
            groups, and its edges sitting out and every hand.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.information.analysis import best_sorts
    >>> from cardmath.shoe import Shoe
    >>> found = best_sorts(GAME, Shoe.standard(1), ["dragon"], ["dragon", "tiger"], top=3)
    >>> sorts_table(found, "Dragon Tiger", ["dragon"], "1 deck").rows[0][:2]
    (1, '234567A / 89TJQK')
    """
    groups = len(results[0].grouping.groups) if results else 2
    where = f" of the {', '.join(positions)} card{'s' if len(positions) > 1 else ''}" if positions else ""
    ranked = "sitting out" if sit_out else "every hand"
    on = f", {shoe}" if shoe else ""
    heading = (
        f"{game_title or 'Sorts'}: the best sorts into {groups} groups{where}{on} (by the edge {ranked})"
    )
    return Table(
        f"{game_title} best sorts {'-'.join(positions)} {groups} groups, {shoe}",
        ("rank", "groups", "edge, sitting out", "edge, every hand"),
        tuple(
            (
                result.rank or place,
                result.grouping.describe(),
                result.edge_sitting_out,
                result.edge_every_hand,
            )
            for place, result in enumerate(results, start=1)
        ),
        kinds=(Kind.COUNT, Kind.TEXT, Kind.PERCENT, Kind.PERCENT),
        notes=(_EDGE_NOTE,),
        heading=heading,
        slug=slug_of(f"best sorts {' '.join(positions)} {groups} groups"),
    )
