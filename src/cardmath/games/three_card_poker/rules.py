"""The rules of a Three Card Poker table that a house can change: the dealer's qualifying hand and
any pay of any bet (the ante bonus, Pair Plus and the 6-Card Bonus have named pay tables).

>>> ThreeCardPokerRules().qualifier, ThreeCardPokerRules(qualifier="K").qualifier
(Rank.QUEEN, Rank.KING)
>>> ThreeCardPokerRules(qualifier="2")
Traceback (most recent call last):
...
cardmath.errors.OptionError: --qualifier must be the dealer's least qualifying high card, 3 to A, not '2'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardmath.cards import Rank
from cardmath.errors import CardNotationError, OptionError
from cardmath.pay_tables import PayChange, PayChangeText, winning_pay_changes

__all__ = ["ThreeCardPokerRules"]


@dataclass(frozen=True, init=False)
class ThreeCardPokerRules:
    """A house's rules: the least high card with which the dealer's hand plays (``qualifier``, a
    queen by default: Q-x-x or any pair or better) and the house's own pays (``pays``:
    ``(bet, pay, value)`` entries, as ``--pay`` and ``--pay-table`` set them).

    Args:
        qualifier: The dealer's least qualifying high card, as a rank or its symbol, 3 to A.
        pays: The house's own pays as ``(bet, pay, value)`` entries, each 0 or more.

    >>> ThreeCardPokerRules(pays=(("pair_plus", "flush", "4"),)).pays
    (('pair_plus', 'flush', 4),)
    """

    qualifier: Rank
    pays: tuple[PayChange, ...]

    def __init__(self, qualifier: Rank | str = Rank.QUEEN, pays: Iterable[PayChangeText] = ()) -> None:
        try:
            rank = qualifier if isinstance(qualifier, Rank) else Rank.parse(str(qualifier))
        except CardNotationError:
            rank = Rank.TWO
        if rank is Rank.TWO:
            raise OptionError(
                f"--qualifier must be the dealer's least qualifying high card, 3 to A, not {qualifier!r}"
            )
        changes = winning_pay_changes(pays)
        object.__setattr__(self, "qualifier", rank)
        object.__setattr__(self, "pays", changes)
