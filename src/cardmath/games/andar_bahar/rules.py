"""The rules of an Andar Bahar table that a house can change: which side gets the first card, and
any pay of any bet.

>>> AndarBaharRules().first, AndarBaharRules(first="bahar").first
(<Side.ANDAR: 'andar'>, <Side.BAHAR: 'bahar'>)
>>> AndarBaharRules(first="left")
Traceback (most recent call last):
...
cardmath.errors.OptionError: --first must be andar or bahar, not 'left'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

from cardmath.errors import OptionError
from cardmath.pay_tables import PayChange, PayChangeText, winning_pay_changes

__all__ = ["AndarBaharRules", "Side"]


class Side(enum.StrEnum):
    """The two sides of the table, Andar ("inside") and Bahar ("outside").

    >>> [side.value for side in Side]
    ['andar', 'bahar']
    """

    ANDAR = "andar"
    BAHAR = "bahar"


@dataclass(frozen=True, init=False)
class AndarBaharRules:
    """A house's rules: the side the first card after the joker goes to (``first``: its bet pays
    0.9 to 1, the other side's even money, unless the house's own ``pays`` say otherwise).

    Args:
        first: ``"andar"`` (the default) or ``"bahar"``: the side dealt first.
        pays: The house's own pays as ``(bet, pay, value)`` entries, each 0 or more.

    >>> AndarBaharRules(pays=(("andar", "win", "19/20"),)).pays
    (('andar', 'win', 19/20),)
    """

    first: Side
    pays: tuple[PayChange, ...]

    def __init__(self, first: Side | str = Side.ANDAR, pays: Iterable[PayChangeText] = ()) -> None:
        if first not in tuple(Side):
            raise OptionError(f"--first must be andar or bahar, not {first!r}")
        changes = winning_pay_changes(pays)
        object.__setattr__(self, "first", Side(first))
        object.__setattr__(self, "pays", changes)
