"""Patterns: what a player sees of some positions of the deal, and what each bet is worth given it.

:class:`Pattern` is one thing seen (the card, or its group, at each known position) with each
bet's exact expected value given it; :class:`PatternTable` is every pattern on one shoe, with the
player's edge sitting out and betting every hand (:func:`patterns_table` is its table, the one
``cardmath information`` prints).  Both show themselves
(:class:`~cardmath.display.Displayed`): a one-line ``repr`` with the headline figure, the table in
a notebook, and a tidy frame with one row per pattern.

>>> from cardmath.games.dragon_tiger import GAME
>>> from cardmath.information.analysis import pattern_table
>>> from cardmath.information.knowledge import read_grouping
>>> from cardmath.shoe import Shoe
>>> sort = read_grouping("89TJQK", GAME.counter(GAME.default_rules).known_categories())
>>> seen = pattern_table(GAME, Shoe.standard(8), ["dragon"], grouping=sort, bets=["dragon", "tiger"])
>>> seen  # doctest: +NORMALIZE_WHITESPACE
<PatternTable: Dragon Tiger, 8 decks, the dragon card seen as 89TJQK or 234567A: player's edge
 sitting out 46.0890%, every hand 46.0890%>
>>> frame = seen.to_frame()
>>> list(frame.columns)  # doctest: +NORMALIZE_WHITESPACE
['game', 'shoe', 'positions', 'grouping', 'dragon_card', 'deals', 'probability', 'probability_exact',
 'expected_value_dragon', 'expected_value_dragon_exact', 'expected_value_tiger',
 'expected_value_tiger_exact', 'best_bet', 'best_value', 'best_value_exact', 'sits_out']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.display import Displayed
from cardmath.frames import column_name
from cardmath.information.knowledge import Grouping
from cardmath.table import Cell, Kind, Table, slug_of
from cardmath.text import decimal_text, percent_text

__all__ = ["Pattern", "PatternTable", "patterns_table"]

_EV_NOTE = (
    "expected value",
    "the player's expected net result given the pattern, in percent of the bet (minus the house edge)",
)
_EDGE_NOTE = (
    "edge",
    "the player's expected gain per hand dealt, betting the best bet of each pattern; sitting out, no "
    "bet is made on a pattern where every bet loses (such hands count 0)",
)


def _signed(value: Rational) -> str:
    """A player's expected value as a signed percentage: ``+12.3457%``, ``-2.9412%``."""
    text = percent_text(value)
    return text if text.startswith("-") else "+" + text


def _cards(positions: Sequence[str]) -> str:
    """The known positions in words: ``"the P1 card"``, ``"the P1, B1 cards"``."""
    return f"the {', '.join(positions)} card" + ("s" if len(positions) > 1 else "")


@dataclass(frozen=True, repr=False)
class Pattern(Displayed):
    """One thing the player can see, and what each bet is worth given it.

    Args:
        cards: At each known position, the group (or the card) seen; ``"none"`` where the position is
            not dealt.
        deals: The ordered deals of the shoe showing this pattern (padded, as every count of the engine).
        probability: The chance of seeing this pattern.
        values: Each bet's exact expected value per unit bet given the pattern, in the table's bet order.
        best: The name of the bet worth most given the pattern (the first of equals).
        best_value: That bet's expected value; the player sitting out skips the pattern when it is below 0.
        positions: The known positions the cards are at, in deal order; none when not told.
        bets: The names of the bets ``values`` are of, in order; none when not told.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.information.analysis import pattern_table
    >>> from cardmath.shoe import Shoe
    >>> first = pattern_table(GAME, Shoe.standard(1), ["dragon"], bets=["dragon"]).patterns[0]
    >>> first.cards, first.probability, first.best_value, first.sits_out
    (('2',), 1/13, -83/102, True)
    >>> first
    <Pattern: dragon 2 (probability 0.076923): best bet dragon -81.3725%, every bet loses>
    """

    cards: tuple[str, ...]
    deals: int
    probability: Rational
    values: tuple[Rational, ...]
    best: str
    best_value: Rational
    positions: tuple[str, ...] = ()
    bets: tuple[str, ...] = ()

    @property
    def sits_out(self) -> bool:
        """Whether every bet loses given the pattern (a player who may sit out does)."""
        return bool(self.best_value < 0)

    def _positions(self) -> tuple[str, ...]:
        return self.positions or tuple(f"position {index + 1}" for index in range(len(self.cards)))

    def _bets(self) -> tuple[str, ...]:
        return self.bets or tuple(f"bet {index + 1}" for index in range(len(self.values)))

    def summary(self) -> str:
        """The pattern, its chance and its best bet's value, in one line.

        Returns:
            Such as `dragon 2 (probability 0.076923): best bet dragon -81.3725%, every bet loses`.
        """
        seen = ", ".join(
            f"{position} {card}" for position, card in zip(self._positions(), self.cards, strict=False)
        )
        loses = ", every bet loses" if self.sits_out else ""
        return (
            f"{seen} (probability {decimal_text(self.probability)}): best bet {self.best} "
            f"{_signed(self.best_value)}{loses}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The pattern as one row of :func:`patterns_table`'s columns.

        Returns:
            One table of one row: the cards, the chance, each bet's expected value and the best bet.
        """
        positions, bets = self._positions(), self._bets()
        return (
            Table(
                f"pattern {' '.join(self.cards)}",
                _pattern_headers(positions, bets),
                (_pattern_row(self),),
                kinds=_pattern_kinds(positions, bets),
                notes=(_EV_NOTE,),
                heading=f"Pattern {', '.join(self.cards)}",
            ),
        )

    def conditions(self) -> dict[str, Any]:
        """The known positions the pattern is of.

        Returns:
            `positions` (joined by commas), or nothing when not told.
        """
        return {"positions": ", ".join(self.positions)} if self.positions else {}

    def records(self) -> list[dict[str, Any]]:
        """The pattern as one record (see :meth:`PatternTable.records`).

        Returns:
            One dictionary: the card at each position, the deals, the chance, each bet's expected
                value (``expected_value_BET``), the best bet, its value and whether the player sits out.
        """
        return [{**self.conditions(), **_pattern_record(self, self._positions(), self._bets())}]


def _pattern_headers(positions: Sequence[str], bets: Sequence[str]) -> tuple[str, ...]:
    return (*(f"{position} card" for position in positions), "probability", *bets, "best bet", "best value")


def _pattern_kinds(positions: Sequence[str], bets: Sequence[str]) -> tuple[Kind, ...]:
    return (
        *(Kind.TEXT,) * len(positions),
        Kind.PROBABILITY,
        *(Kind.PERCENT,) * len(bets),
        Kind.TEXT,
        Kind.PERCENT,
    )


def _pattern_row(pattern: Pattern) -> tuple[Any, ...]:
    return (*pattern.cards, pattern.probability, *pattern.values, pattern.best, pattern.best_value)


def _pattern_record(pattern: Pattern, positions: Sequence[str], bets: Sequence[str]) -> dict[str, Any]:
    """A pattern's tidy record, without the conditions."""
    return {
        **{
            f"{column_name(position)}_card": card
            for position, card in zip(positions, pattern.cards, strict=False)
        },
        "deals": pattern.deals,
        "probability": pattern.probability,
        **{
            f"expected_value_{column_name(bet)}": value
            for bet, value in zip(bets, pattern.values, strict=False)
        },
        "best_bet": pattern.best,
        "best_value": pattern.best_value,
        "sits_out": pattern.sits_out,
    }


@dataclass(frozen=True, repr=False)
class PatternTable(Displayed):
    """Every pattern of some known positions on one shoe, with each bet's value and the best bet.

    Args:
        game: The game's registry name.
        game_title: The game's short title.
        shoe: The shoe, in words.
        positions: The known positions, in deal order.
        grouping: The sort of the cards into groups; ``None`` when each card is seen as itself.
        bets: The names of the bets compared.
        bet_names: Their display names.
        patterns: Every pattern some deal shows, in the order of the groups (or cards) at each position.
        uninformed: Each bet's expected value to a player who sees nothing.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.information.analysis import pattern_table
    >>> from cardmath.shoe import Shoe
    >>> seen = pattern_table(GAME, Shoe.standard(1), ["dragon"], bets=["dragon", "tiger"])
    >>> len(seen.patterns), seen.edge_sitting_out == seen.edge_every_hand, seen.best_uninformed
    (13, False, -1/34)
    """

    game: str
    game_title: str
    shoe: str
    positions: tuple[str, ...]
    grouping: Grouping | None
    bets: tuple[str, ...]
    bet_names: tuple[str, ...]
    patterns: tuple[Pattern, ...]
    uninformed: tuple[Rational, ...]

    @property
    def edge_every_hand(self) -> Rational:
        """The player's edge per hand dealt, making the best bet on every pattern."""
        return Rational(sum((p.probability * p.best_value for p in self.patterns), Rational(0)))

    @property
    def edge_sitting_out(self) -> Rational:
        """The player's edge per hand dealt, sitting out every pattern where every bet loses."""
        return Rational(
            sum((p.probability * p.best_value for p in self.patterns if not p.sits_out), Rational(0))
        )

    @property
    def best_uninformed(self) -> Rational:
        """What the best bet is worth to a player who sees nothing."""
        return max(self.uninformed)

    @property
    def value_every_hand(self) -> Rational:
        """What seeing the pattern adds, playing every hand: the edge less the best uninformed bet."""
        return self.edge_every_hand - self.best_uninformed

    @property
    def value_sitting_out(self) -> Rational:
        """What seeing the pattern adds to a player who may sit out (who, seeing nothing, would not
        play a losing game: his uninformed value is at least 0)."""
        return self.edge_sitting_out - max(self.best_uninformed, Rational(0))

    def summary(self) -> str:
        """The game, the shoe, what is seen and the player's edge, in one line.

        Returns:
            Such as `Dragon Tiger, 8 decks, the dragon card seen as 89TJQK or 234567A: player's edge
                sitting out 0.4609%, every hand 0.4609%`.
        """
        return (
            f"{self.game_title}, {self.shoe}, {_seen(self)}: player's edge sitting out "
            f"{percent_text(self.edge_sitting_out)}, every hand {percent_text(self.edge_every_hand)}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The table ``cardmath information`` prints for it.

        Returns:
            :func:`patterns_table` of the result: one row per pattern, the edges under it.
        """
        return (patterns_table(self),)

    def conditions(self) -> dict[str, Any]:
        """The game, the shoe, the known positions and the sort of the cards.

        Returns:
            `game`, `shoe` (in words), `positions` (joined by commas) and `grouping` (the groups
                joined by `/`; `None` when each card is seen as itself).
        """
        return {
            "game": self.game,
            "shoe": self.shoe,
            "positions": ", ".join(self.positions),
            "grouping": None if self.grouping is None else self.grouping.describe(),
        }

    def records(self) -> list[dict[str, Any]]:
        """One record per pattern (the edges, which sum over the patterns, are the result's
        properties, not rows).

        Returns:
            The conditions, then the card (or group) at each position (``POSITION_card``), the
                deals showing the pattern, its chance, each bet's expected value (``expected_value_BET``),
                the best bet, its value and whether the player sits out the pattern.
        """
        start = self.conditions()
        return [{**start, **_pattern_record(pattern, self.positions, self.bets)} for pattern in self.patterns]


def _seen(table: PatternTable) -> str:
    """What is seen, in words: ``"the P1, B1 cards seen as 6789 or 012345"``."""
    if table.grouping is None:
        return f"{_cards(table.positions)} seen"
    return f"{_cards(table.positions)} seen as {' or '.join(table.grouping.names)}"


def patterns_table(table: PatternTable) -> Table:
    """Every pattern of a :class:`PatternTable`, with the edges under it.

    Args:
        table: The pattern table of some known positions on one shoe.

    Returns:
        One row per pattern: the card (or group) at each position, its probability, each bet's
            expected value in percent, the best bet and its value; footer rows give the player's edge
            sitting out and betting every hand, the best bet seeing nothing and the value of the
            information.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> from cardmath.information.analysis import pattern_table
    >>> from cardmath.shoe import Shoe
    >>> table = patterns_table(pattern_table(GAME, Shoe.standard(1), ["tiger"], bets=["tie"]))
    >>> len(table.rows), [row[0] for row in table.footer][:2]
    (13, ['edge, sitting out', 'edge, every hand'])
    """
    headers = _pattern_headers(table.positions, table.bets)
    blank = (None,) * (len(headers) - 2)

    def footer(words: str, value: Rational) -> tuple[object, ...]:
        return (words, *blank, Cell(value, Kind.PERCENT))

    sort = "-".join(table.grouping.names) if table.grouping is not None else "cards"
    return Table(
        f"{table.game_title} information {'-'.join(table.positions)} {sort}, {table.shoe}",
        headers,
        tuple(_pattern_row(pattern) for pattern in table.patterns),
        kinds=_pattern_kinds(table.positions, table.bets),
        labels=tuple(zip(table.bets, table.bet_names, strict=True)),
        footer=(
            footer("edge, sitting out", table.edge_sitting_out),
            footer("edge, every hand", table.edge_every_hand),
            footer("best bet seeing nothing", table.best_uninformed),
            footer("value of the information, sitting out", table.value_sitting_out),
            footer("value of the information, every hand", table.value_every_hand),
        ),
        notes=(_EV_NOTE, _EDGE_NOTE),
        heading=f"{table.game_title}: {_seen(table)}, {table.shoe}",
        slug=slug_of(f"seen {' '.join(table.positions)} {sort}"),
    )
