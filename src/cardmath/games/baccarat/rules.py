"""The rules of a baccarat game: :class:`BaccaratRules`, and the game's closed vocabularies.

The pays a house chooses (the banker commission, the tie pay) and its drawing rules
(:class:`~cardmath.games.punto_banco.DrawingRules`) are one frozen object, read exactly
through :mod:`cardmath.numbers`, so bad input is refused where the rules are made.  The words a
deal is described with are enums: :class:`Winner`, :class:`Side`, :class:`FirstTwo` (how a
hand's first two cards match) and :class:`Reads` (what a bet's rule reads of a deal).  The
rules themselves are told in our words on the game's page, docs/games/baccarat.md.  The card values
and the drawing rules, which chemin de fer shares, are :mod:`cardmath.games.punto_banco`'s.

>>> rules = BaccaratRules()
>>> rules.commission, rules.tie_pays, rules.drawing == DrawingRules.standard()
(1/20, 8, True)
>>> BaccaratRules(tie_pays="9").tie_pays
9
>>> BaccaratRules(pays=[("perfect_pair", "two perfect pairs", "250")]).pays
(('perfect_pair', 'two perfect pairs', 250),)
>>> from cardmath.cards import Rank
>>> Winner.BANKER == "banker", RANK_VALUES[Rank.KING.index], RANK_VALUES[Rank.ACE.index]
(True, 0, 1)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.errors import OptionError
from cardmath.games.punto_banco import CARDS_PER_DEAL, MINIMUM_CARDS, RANK_VALUES, DrawingRules, rank_value
from cardmath.numbers import Exact, read_rational
from cardmath.pay_tables import PayChange, PayChangeText, check_pay_changes

__all__ = [
    "CARDS_PER_DEAL",
    "DEFAULT_COMMISSION",
    "DEFAULT_RULES",
    "DEFAULT_TIE_PAYS",
    "MINIMUM_CARDS",
    "RANK_VALUES",
    "BaccaratRules",
    "DrawingRules",
    "FirstTwo",
    "Reads",
    "Side",
    "Winner",
    "rank_value",
]

DEFAULT_COMMISSION: Rational = Rational(1, 20)
"""The commission on a winning banker bet: 5 percent."""

DEFAULT_TIE_PAYS: Rational = Rational(8)
"""The usual tie pay, 8 to 1 (some houses pay 9 to 1)."""


class Winner(enum.StrEnum):
    """Which hand wins a deal (a tie is neither).

    >>> Winner("tie") is Winner.TIE, Winner.PLAYER == "player"
    (True, True)
    """

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"


class Side(enum.StrEnum):
    """One of the two hands.

    >>> [side.value for side in Side]
    ['player', 'banker']
    """

    PLAYER = "player"
    BANKER = "banker"


class FirstTwo(enum.StrEnum):
    """How the first two cards of a hand match: the pair bets read it.

    >>> FirstTwo.IDENTICAL.is_pair, FirstTwo.UNPAIRED.is_pair, FirstTwo.PAIR == "pair"
    (True, False, True)
    """

    UNPAIRED = "unpaired"
    PAIR = "pair"
    """The same rank, not the same card (suits differ)."""
    IDENTICAL = "identical"
    """The same rank and suit: a perfect pair."""

    @property
    def is_pair(self) -> bool:
        """Whether the two cards are the same rank (identical cards included).

        >>> FirstTwo.PAIR.is_pair
        True
        """
        return self is not FirstTwo.UNPAIRED


class Reads(enum.StrEnum):
    """What a bet's rule reads of a deal, beyond the final deal itself; the engine counts only
    as finely as that.

    - ``DEAL``: the final deal (totals, numbers of cards, third cards, and what follows);
    - ``FIRST_TWO``: also how each hand's first two cards match (:class:`FirstTwo`);
    - ``FIRST_VALUES``: also the values of each hand's first two cards, in the order dealt;
    - ``FIRST_CARDS``: also each hand's first two cards themselves, rank and suit (and their
      values).

    >>> Reads("first_cards") is Reads.FIRST_CARDS, [r.value for r in Reads][:2]
    (True, ['deal', 'first_two'])
    """

    DEAL = "deal"
    FIRST_TWO = "first_two"
    FIRST_VALUES = "first_values"
    FIRST_CARDS = "first_cards"


def _commission(value: Any) -> Rational:
    return read_rational(
        value,
        "the commission",
        minimum=0,
        maximum=1,
        allowed="from 0 to 1 as a fraction (0.05 for 5 percent)",
    )


def _tie_pays(value: Any) -> Rational:
    return read_rational(
        value, "the tie pay", minimum=0, above_minimum=True, allowed="a positive number (such as 8 or 9)"
    )


@dataclass(frozen=True, init=False)
class BaccaratRules:
    """A house's rules: the commission on a winning banker bet (a fraction: ``1/20`` is 5
    percent), the pay of a winning tie bet (to 1), the drawing rules, and the house's own pays
    of any outcome of any bet (``pays``: ``(bet, outcome, pay)`` entries, applied in order after
    the commission and the tie pay; see :class:`~cardmath.pay_tables.PayTable`).

    Numbers may be given as ints, Rationals or text (``"0.05"``, ``"9"``, ``"19/2"``); they are
    kept as exact Rationals.  Bad values raise :class:`~cardmath.errors.OptionError`.

    Args:
        commission: The share of a winning banker bet the house keeps, from 0 to 1 (``1/20`` by
            default, 5 percent).
        tie_pays: What a winning tie bet pays to 1, above zero (8 by default).
        drawing: When each hand draws a third card; ``None`` for punto banco's tableau.
        pays: The house's own pays as ``(bet, outcome, pay)`` entries, each pay a number or its
            text, applied in order; none by default.

    Raises:
        OptionError: When a number is out of range or ``drawing`` is not a
            :class:`~cardmath.games.punto_banco.DrawingRules`.
        PayTableError: When an entry of ``pays`` is not a ``(bet, outcome, pay)`` triple with a
            number for its pay.

    >>> BaccaratRules(commission="0.04").commission
    1/25
    >>> BaccaratRules(tie_pays="1/0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the tie pay must be a positive number (such as 8 or 9), not '1/0': ...
    >>> BaccaratRules(commission=2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the commission must be from 0 to 1 as a fraction (0.05 for ...), not '2'
    """

    commission: Rational
    tie_pays: Rational
    drawing: DrawingRules
    pays: tuple[PayChange, ...]

    def __init__(
        self,
        commission: Exact = DEFAULT_COMMISSION,
        tie_pays: Exact = DEFAULT_TIE_PAYS,
        drawing: DrawingRules | None = None,
        pays: Iterable[PayChangeText] = (),
    ) -> None:
        chosen = DrawingRules.standard() if drawing is None else drawing
        if not isinstance(chosen, DrawingRules):
            raise OptionError(f"the drawing rules must be a DrawingRules, not {drawing!r}")
        object.__setattr__(self, "commission", _commission(commission))
        object.__setattr__(self, "tie_pays", _tie_pays(tie_pays))
        object.__setattr__(self, "drawing", chosen)
        object.__setattr__(self, "pays", check_pay_changes(pays))


DEFAULT_RULES: BaccaratRules = BaccaratRules()
"""The usual rules: a 5 percent commission, a tie paying 8 to 1, punto banco's drawing rules."""
