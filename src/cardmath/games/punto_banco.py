"""What punto banco and chemin de fer share: the values of the cards, and when each hand draws a
third card, as data (:class:`DrawingRules`).

A card's value is its rank's (:data:`RANK_VALUES`, :func:`rank_value`): two to nine at face value,
tens and pictures 0, the ace 1; a hand's total is the last digit of the sum.  Baccarat (punto
banco, :mod:`cardmath.games.baccarat`) deals by the drawing rules; chemin de fer
(:mod:`cardmath.games.chemin_de_fer`) leaves some of the choices to the players, and compares them
with the same table.

Punto banco's drawing rules are a table, not a strategy: the player's decision depends on the
player's two-card total, the banker's on the banker's two-card total and on the player's third
card (its value 0 to 9) or on the player having stood.  A two-card total of 8 or 9 on either side
is a natural, and then neither hand draws.  :meth:`DrawingRules.standard` is the casino tableau
(see the game's page in the documentation, docs/games/baccarat.md); a variant is the same table
with other entries, and every count of the engine follows it.

>>> standard = DrawingRules.standard()
>>> standard.player_draws(5), standard.player_draws(6)
(True, False)
>>> standard.banker_draws(3, 8), standard.banker_draws(6, 7), standard.banker_draws(5, None)
(False, True, True)
>>> simple = DrawingRules.define(banker_draws_when_player_drew={total: range(10) for total in range(6)})
>>> simple.banker_draws(6, 7), simple.banker_draws(5, 1)
(False, True)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.errors import OptionError

__all__ = ["CARDS_PER_DEAL", "MINIMUM_CARDS", "RANK_VALUES", "DrawingRules", "rank_value"]

CARDS_PER_DEAL = 6
"""Every deal is counted as six cards dealt: the published convention, unused fifth and sixth
cards included, so every outcome is counted out of ``ff(N, 6)`` ordered deals."""

MINIMUM_CARDS = CARDS_PER_DEAL
"""A finite shoe must hold at least this many cards, so that ``ff(N, 6)`` is positive."""

RANK_VALUES: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0, 1)
"""The value of each rank by :attr:`~cardmath.cards.Rank.index` (deuce first): two to nine at
face value, tens and pictures 0, the ace 1."""


@checked
def rank_value(rank: Rank) -> int:
    """The value of a rank in punto banco and chemin de fer.

    Args:
        rank: A card's rank, ace to king.

    Returns:
        The baccarat value from 0 to 9: two to nine at face value, tens and pictures 0, the ace 1.

    >>> [rank_value(r) for r in (Rank.ACE, Rank.NINE, Rank.TEN, Rank.KING)]
    [1, 9, 0, 0]
    """
    return RANK_VALUES[rank.index]


_TOTALS = range(10)
_NATURALS = (8, 9)


def _flags(value: Any, what: str, length: int) -> tuple[bool, ...]:
    """``value`` as a tuple of ``length`` truth values, or an :class:`OptionError` saying why not."""
    try:
        items = tuple(value)
    except TypeError:
        raise OptionError(f"{what} must be {length} truth values (True: draw), not {value!r}") from None
    if len(items) != length or not all(isinstance(item, bool) for item in items):
        raise OptionError(f"{what} must be {length} truth values (True: draw), not {value!r}")
    return items


def _totals(values: Iterable[Any], what: str) -> frozenset[int]:
    """A set of totals (or card values) from 0 to 9, checked."""
    try:
        chosen = frozenset(values)
    except TypeError:
        raise OptionError(f"{what} must be a set of whole numbers from 0 to 9, not {values!r}") from None
    wrong = [v for v in chosen if isinstance(v, bool) or not isinstance(v, int) or v not in _TOTALS]
    if wrong:
        raise OptionError(f"{what} must be whole numbers from 0 to 9, not {wrong[0]!r}")
    return chosen


@dataclass(frozen=True)
class DrawingRules:
    """The drawing rules of both hands, as a table (frozen and hashable, so the engine builds its
    shoe-free tables once per set of drawing rules).

    - ``player[t]``: whether the player draws on a two-card total ``t`` (0 to 9);
    - ``banker_player_stood[t]``: whether the banker draws on a two-card total ``t`` when the
      player stood;
    - ``banker_player_drew[t][v]``: whether the banker draws on a two-card total ``t`` when the
      player drew a third card of value ``v`` (0 to 9).

    A natural (8 or 9) always stands and ends the deal, so the entries for 8 and 9 must be
    ``False``.  Build one with :meth:`standard` or :meth:`define`.

    Args:
        player: Ten truth values: at index ``t``, whether the player draws on a two-card total
            ``t``.
        banker_player_stood: Ten truth values: at index ``t``, whether the banker draws on ``t``
            after the player stood.
        banker_player_drew: Ten rows of ten truth values: row ``t``, index ``v``, whether the
            banker draws on ``t`` after the player drew a third card of value ``v``.

    Raises:
        OptionError: When a table has the wrong shape, holds anything but ``True`` or ``False``, or
            lets a natural (8 or 9) draw.

    >>> rules = DrawingRules.standard()
    >>> [total for total in range(10) if rules.player[total]]
    [0, 1, 2, 3, 4, 5]
    >>> [card for card in range(10) if rules.banker_player_drew[4][card]]
    [2, 3, 4, 5, 6, 7]
    >>> DrawingRules.define(player_draws_on=[0, 1, 2, 3, 4, 5, 8])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the player's drawing rule: a natural (8 or 9) always stands, so ...
    """

    player: tuple[bool, ...]
    banker_player_stood: tuple[bool, ...]
    banker_player_drew: tuple[tuple[bool, ...], ...]

    def __post_init__(self) -> None:
        player = _flags(self.player, "the player's drawing rule", 10)
        stood = _flags(self.banker_player_stood, "the banker's drawing rule when the player stood", 10)
        try:
            rows = tuple(self.banker_player_drew)
        except TypeError:
            rows = ()
        if len(rows) != 10:
            raise OptionError(
                "the banker's drawing rule when the player drew needs a row for each banker total 0 to 9, "
                f"not {self.banker_player_drew!r}"
            )
        drew = tuple(
            _flags(row, f"the banker's drawing rule on {total} when the player drew", 10)
            for total, row in enumerate(rows)
        )
        for total in _NATURALS:
            if player[total]:
                raise OptionError(
                    "the player's drawing rule: a natural (8 or 9) always stands, "
                    f"so the player cannot draw on {total}"
                )
            if stood[total] or any(drew[total]):
                raise OptionError(
                    "the banker's drawing rule: a natural (8 or 9) always stands, "
                    f"so the banker cannot draw on {total}"
                )
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "banker_player_stood", stood)
        object.__setattr__(self, "banker_player_drew", drew)

    @classmethod
    def define(
        cls,
        *,
        player_draws_on: Iterable[int] = range(6),
        banker_draws_when_player_stood: Iterable[int] = range(6),
        banker_draws_when_player_drew: Mapping[int, Iterable[int]] | None = None,
    ) -> DrawingRules:
        """Drawing rules from the totals on which each hand draws.

        ``banker_draws_when_player_drew`` maps a banker two-card total to the values of the
        player's third card on which the banker draws (a total not named stands); by default it
        is the standard tableau's.

        Args:
            player_draws_on: The player's two-card totals on which he draws (0 to 5 by default).
            banker_draws_when_player_stood: The banker's two-card totals on which the banker draws
                when the player stood (0 to 5 by default).
            banker_draws_when_player_drew: For each banker total, the values (0 to 9) of the player's
                third card on which the banker draws; ``None`` for the standard tableau.

        Returns:
            The drawing rules as tables of truth values.

        Raises:
            OptionError: When a total or value is not a whole number from 0 to 9, or a natural would
                draw.

        >>> rules = DrawingRules.define(player_draws_on=range(7))
        >>> rules.player_draws(6), rules.banker_draws(3, 8)
        (True, False)
        """
        player = _totals(player_draws_on, "the totals on which the player draws")
        stood = _totals(banker_draws_when_player_stood, "the totals on which the banker draws")
        if banker_draws_when_player_drew is None:
            drew_rows = DrawingRules.standard().banker_player_drew
        else:
            totals = _totals(banker_draws_when_player_drew, "the banker totals of the drawing rule")
            cards = {
                total: _totals(banker_draws_when_player_drew[total], f"the player's third cards for {total}")
                for total in totals
            }
            drew_rows = tuple(tuple(card in cards.get(total, ()) for card in _TOTALS) for total in _TOTALS)
        return cls(
            tuple(total in player for total in _TOTALS),
            tuple(total in stood for total in _TOTALS),
            drew_rows,
        )

    @staticmethod
    @functools.cache
    def standard() -> DrawingRules:
        """Punto banco's tableau: the player draws on 0 to 5; the banker draws on 0 to 5 when the
        player stood, and otherwise by the table of the player's third card (3 draws unless it
        is an 8, 4 on 2 to 7, 5 on 4 to 7, 6 on 6 or 7).

        Returns:
            The standard rules, made once and shared (they are frozen).

        >>> DrawingRules.standard() == DrawingRules.define()
        True
        """
        drew = {0: range(10), 1: range(10), 2: range(10), 3: (0, 1, 2, 3, 4, 5, 6, 7, 9)}
        drew |= {4: range(2, 8), 5: range(4, 8), 6: (6, 7)}
        return DrawingRules(
            tuple(total <= 5 for total in _TOTALS),
            tuple(total <= 5 for total in _TOTALS),
            tuple(tuple(card in drew.get(total, ()) for card in _TOTALS) for total in _TOTALS),
        )

    def player_draws(self, total: int) -> bool:
        """Whether the player draws on a two-card total (the banker's total does not matter but
        for a natural, which :meth:`deal_ends` tells).

        Args:
            total: The player's two-card total, 0 to 9.

        Returns:
            ``True`` when the player takes a third card.

        >>> DrawingRules.standard().player_draws(7)
        False
        """
        return self.player[total]

    def banker_draws(self, total: int, player_third: int | None) -> bool:
        """Whether the banker draws on a two-card total, given the player's third card's value
        (``None``: the player stood).

        Args:
            total: The banker's two-card total, 0 to 9.
            player_third: The value (0 to 9) of the player's third card, or ``None`` when he stood.

        Returns:
            ``True`` when the banker takes a third card.

        >>> DrawingRules.standard().banker_draws(4, 1), DrawingRules.standard().banker_draws(4, 2)
        (False, True)
        """
        if player_third is None:
            return self.banker_player_stood[total]
        return self.banker_player_drew[total][player_third]

    @staticmethod
    def deal_ends(player_total: int, banker_total: int) -> bool:
        """Whether the first four cards end the deal: either two-card total is a natural.

        Args:
            player_total: The player's two-card total, 0 to 9.
            banker_total: The banker's two-card total, 0 to 9.

        Returns:
            ``True`` when either total is 8 or 9, so no third card is drawn.

        >>> DrawingRules.deal_ends(8, 2), DrawingRules.deal_ends(7, 6)
        (True, False)
        """
        return player_total in _NATURALS or banker_total in _NATURALS
