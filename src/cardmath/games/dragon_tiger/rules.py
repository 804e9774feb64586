"""The rules of a Dragon Tiger table that a house can change, and the game's closed vocabularies.

One card goes to the Dragon, one to the Tiger; the higher rank wins, aces low (ace 1 to king
13: :func:`rank_value`), and suits count only for the suited tie.  What a house varies is its
pays (:class:`DragonTigerRules`): the tie pay, and any pay of any outcome of any bet (``pays``,
as ``--pay`` and ``--pay-table`` set them), read exactly through :mod:`cardmath.numbers`.  The
rules are told in our words on the game's page in the documentation, docs/games/dragon_tiger.md.

>>> rules = DragonTigerRules()
>>> rules.tie_pays, DragonTigerRules(tie_pays="11").tie_pays, rules.pays
(8, 11, ())
>>> rank_value(Rank.ACE), rank_value(Rank.SEVEN), rank_value(Rank.KING)
(1, 7, 13)
>>> Winner.DRAGON == "dragon", [side.value for side in Side]
(True, ['dragon', 'tiger'])
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from sympy import Rational

from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.numbers import Exact, read_rational
from cardmath.pay_tables import PayChange, PayChangeText, check_pay_changes

__all__ = [
    "CARDS_PER_DEAL",
    "DEFAULT_DECKS",
    "DEFAULT_RULES",
    "DEFAULT_TIE_PAYS",
    "RANKS",
    "RANK_VALUES",
    "SEVEN",
    "DragonTigerRules",
    "Side",
    "Winner",
    "rank_value",
]

CARDS_PER_DEAL: Final = 2
"""A coup deals two cards, Dragon's first: every outcome is counted out of ``ff(N, 2)`` ordered deals."""

DEFAULT_DECKS: Final = 8
"""The usual shoe: eight decks."""

DEFAULT_TIE_PAYS: Final[Rational] = Rational(8)
"""The usual pay of the tie bet, 8 to 1 (some houses pay 11 to 1)."""

SEVEN: Final = 7
"""The rank value that loses every big, small, odd and even bet."""

RANKS: Final[tuple[Rank, ...]] = (Rank.ACE, *(rank for rank in Rank if rank is not Rank.ACE))
"""The ranks from lowest to highest, aces low: ace, deuce, ..., king (the order of every table by rank)."""


RANK_VALUES: Final[dict[Rank, int]] = {rank: 1 if rank is Rank.ACE else int(rank) for rank in RANKS}
"""Each rank's value, ace 1 to king 13: what :func:`rank_value` reads (the counting reads it
directly, unchecked, for every pair of cards)."""


@checked
def rank_value(rank: Rank) -> int:
    """A rank's value in Dragon Tiger: ace 1, deuce 2, ..., ten 10, jack 11, queen 12, king 13.

    Args:
        rank: A card's rank.

    Returns:
        The whole number from 1 to 13 that decides which side wins.

    >>> [rank_value(rank) for rank in RANKS][:3], rank_value(Rank.QUEEN)
    ([1, 2, 3], 12)
    >>> rank_value("Q")
    Traceback (most recent call last):
    ...
    TypeError: rank_value() parameter rank must be Rank, not str
    """
    return RANK_VALUES[rank]


class Winner(enum.StrEnum):
    """Which side a coup goes to: the higher rank, or a tie on equal ranks (suits never break one).

    >>> Winner("tie") is Winner.TIE, str(Winner.TIGER)
    (True, 'tiger')
    """

    DRAGON = "dragon"
    TIGER = "tiger"
    TIE = "tie"


class Side(enum.StrEnum):
    """One of the two hands, each dealt one card.

    >>> Side.DRAGON == Winner.DRAGON
    True
    """

    DRAGON = "dragon"
    TIGER = "tiger"


def _tie_pays(value: Any) -> Rational:
    return read_rational(
        value, "the tie pay", minimum=0, above_minimum=True, allowed="a positive number (such as 8 or 11)"
    )


@dataclass(frozen=True, init=False)
class DragonTigerRules:
    """A house's rules: the pay (to 1) of a winning tie bet, and the house's own pays of any
    outcome of any bet (``pays``: ``(bet, outcome, pay)`` entries, applied in order after the tie
    pay; see :class:`~cardmath.pay_tables.PayTable` and the catalogue,
    :data:`~cardmath.games.dragon_tiger.pay_tables.PAY_TABLES`).

    A pay may be given as an int, a Rational or text (``"11"``, ``"17/2"``); it is kept as an
    exact Rational.  A bad tie pay raises :class:`~cardmath.errors.OptionError`, a bad entry of
    ``pays`` :class:`~cardmath.errors.PayTableError`.

    Args:
        tie_pays: What a winning tie bet pays to 1, above zero; 8 by default.
        pays: The house's own pays as ``(bet, outcome, pay)`` entries, applied in order; none by
            default.

    Raises:
        OptionError: When the tie pay is not a positive number.
        PayTableError: When an entry of ``pays`` cannot be read.

    >>> DragonTigerRules(tie_pays="17/2").tie_pays
    17/2
    >>> DragonTigerRules(pays=(("suited_tie", "suited tie", "60"),)).pays
    (('suited_tie', 'suited tie', 60),)
    >>> DragonTigerRules(tie_pays="1/0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the tie pay must be a positive number (such as 8 or 11), not '1/0': ...
    """

    tie_pays: Rational
    pays: tuple[PayChange, ...]

    def __init__(self, tie_pays: Exact = DEFAULT_TIE_PAYS, pays: Iterable[PayChangeText] = ()) -> None:
        object.__setattr__(self, "tie_pays", _tie_pays(tie_pays))
        object.__setattr__(self, "pays", check_pay_changes(pays))


DEFAULT_RULES: Final[DragonTigerRules] = DragonTigerRules()
"""The usual table: the tie pays 8 to 1, every other bet its usual pay (the default rules of
every function of the game)."""
