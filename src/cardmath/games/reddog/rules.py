"""The rules of casino Red Dog that a table can change, and the game's closed vocabularies.

A Red Dog table is described by its pays (spread 1, 2, 3 and 4 or more, or each spread 1 to 11
on its own, and three of a kind) and by how the player decides the raise
(:class:`RaiseBy`); see the game's page in the documentation, ``docs/games/reddog.md``.  Ranks
are aces high: deuce lowest, ace highest (:data:`RANKS`).

>>> rules = RedDogRules(spread_pays="6,4,2,1", trips_pays=12)
>>> rules.spread_pays, rules.trips_pays, rules.raise_by
((6, 4, 2, 1), 12, <RaiseBy.SPREAD: 'spread'>)
>>> rules.pays_by_spread[:5]
(6, 4, 2, 1, 1)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from sympy import Rational

from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.errors import OptionError, PayTableError
from cardmath.numbers import Exact, read_pay, read_pays
from cardmath.pay_tables import PayChange, PayChangeText, check_pay_changes

__all__ = [
    "RANKS",
    "SPREADS",
    "STANDARD_SPREAD_PAYS",
    "STANDARD_TRIPS_PAYS",
    "RaiseBy",
    "RankPair",
    "RedDogRules",
    "pay_names",
    "read_raise_by",
    "spread_pay_table",
]

SPREADS: Final[tuple[int, ...]] = tuple(range(1, 12))
"""Every possible spread: 1 (such as 4 and 6) to 11 (deuce and ace)."""

RANKS: Final[tuple[Rank, ...]] = tuple(sorted(Rank, key=int))
"""Red Dog's ranks from lowest to highest, aces high: deuce (position 0) to ace (position 12).

The spread of two ranks is the number of ranks strictly between their positions; this order is
also the order of every table and chart by rank."""

STANDARD_SPREAD_PAYS: Final[tuple[Rational, ...]] = (Rational(5), Rational(4), Rational(2), Rational(1))
"""The standard pays for spread 1, 2, 3 and 4 or more (to 1, on bet plus raise)."""

STANDARD_TRIPS_PAYS: Final[Rational] = Rational(11)
"""The standard pay for three of a kind (to 1)."""

RankPair = tuple[Rank, Rank]
"""An unordered pair of first two ranks, lower rank first, such as ``(Rank.TWO, Rank.JACK)``."""


class RaiseBy(enum.StrEnum):
    """How the player decides the raise on a hand with a spread.

    ``SPREAD``: once for each spread, over every pair of first two ranks with that spread, as a
    strategy card states it.  ``CARDS``: for each pair of first two ranks, from the cards left
    between them, as a player tracking the shoe would.

    >>> RaiseBy("cards") is RaiseBy.CARDS, str(RaiseBy.SPREAD)
    (True, 'spread')
    """

    SPREAD = "spread"
    CARDS = "cards"


def spread_pay_table(spread_pays: str | Sequence[Any] = STANDARD_SPREAD_PAYS) -> tuple[Rational, ...]:
    """The pay of each spread 1 to 11 from 4 values (spread 1, 2, 3, 4 or more) or 11 values.

    Text such as ``"5,4,2,1"`` is read like the command line reads it.

    Args:
        spread_pays: The pays, to 1, as numbers or one text such as ``"5,4,2,1"``; 4 values
            (the last for spreads 4 to 11) or 11; the standard 5, 4, 2, 1 by default.

    Returns:
        Eleven exact pays, for spreads 1 to 11 in order.

    Raises:
        PayTableError: When there are not 4 or 11 pays, or one is not a number.

    >>> spread_pay_table("5,4,2,1")[:5]
    (5, 4, 2, 1, 1)
    >>> spread_pay_table((5, 4))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: spread pays need 4 values (spread 1, 2, 3, 4 or more) or 11 values ...
    """
    pays = _read_spread_pays(spread_pays)
    return pays if len(pays) == 11 else (*pays[:3], *(pays[3],) * 8)


def _read_spread_pays(spread_pays: str | Sequence[Any]) -> tuple[Rational, ...]:
    pays = read_pays(spread_pays, what="spread pays", example="5,4,2,1")
    if len(pays) not in (4, 11):
        raise PayTableError(
            "spread pays need 4 values (spread 1, 2, 3, 4 or more) or 11 values (spread 1 to 11), "
            f"got {len(pays)}"
        )
    return pays


def read_raise_by(raise_by: object) -> RaiseBy:
    """How the raise is decided, from a :class:`RaiseBy` or its text.

    Args:
        raise_by: The way of deciding: ``"spread"``, ``"cards"``, or a :class:`RaiseBy`.

    Returns:
        The matching member of :class:`RaiseBy`.

    Raises:
        OptionError: When the value is neither ``"spread"`` nor ``"cards"``.

    >>> read_raise_by("cards")
    <RaiseBy.CARDS: 'cards'>
    >>> read_raise_by("pairs")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: raise_by is 'spread' or 'cards', not 'pairs'
    """
    if isinstance(raise_by, str) and raise_by in {member.value for member in RaiseBy}:
        return RaiseBy(raise_by)
    raise OptionError(f"raise_by is 'spread' or 'cards', not {raise_by!r}")


@dataclass(frozen=True, init=False)
class RedDogRules:
    """One Red Dog table: its pays and how the raise is decided.

    ``spread_pays`` holds 4 pays (spread 1, 2, 3, 4 or more) or 11 (spread 1 to 11), as numbers,
    Rationals or one text such as ``"5,4,2,1"``; ``trips_pays`` the pay of three of a kind;
    ``raise_by`` how the raise is decided; ``pays`` the house's own pays, ``(bet, pay, value)``
    entries applied after the others (``("reddog", "spread 1", 6)``, as ``--pay`` sets them).
    Every pay is read exactly by :mod:`cardmath.numbers` and stored as a ``sympy.Rational``; a
    bad value raises a :class:`~cardmath.errors.CardmathError` naming it.

    Args:
        spread_pays: The pay to 1 of a won spread: 4 values (spread 1, 2, 3, 4 or more) or 11, as
            numbers or one text; 5, 4, 2, 1 by default.
        trips_pays: The pay to 1 of three of a kind, 0 or more; 11 by default.
        raise_by: ``"spread"`` (the default) to decide the raise once per spread, ``"cards"`` per
            pair of first two ranks.
        pays: The house's own pays as ``(bet, outcome, pay)`` entries, applied last, each 0 or
            more (every entry of the table is a win); none by default.

    Raises:
        PayTableError: When a pay cannot be read or is below 0, or the spread pays are not 4 or 11.
        OptionError: When ``raise_by`` is neither ``"spread"`` nor ``"cards"``.

    >>> RedDogRules()
    RedDogRules(spread_pays=(5, 4, 2, 1), trips_pays=11, raise_by=<RaiseBy.SPREAD: 'spread'>, pays=())
    >>> RedDogRules(trips_pays="1/0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: three of a kind pays must be a number 0 or more ..., not '1/0': ...
    """

    spread_pays: tuple[Rational, ...]
    trips_pays: Rational
    raise_by: RaiseBy
    pays: tuple[PayChange, ...]

    def __init__(
        self,
        spread_pays: str | Sequence[Exact] = STANDARD_SPREAD_PAYS,
        trips_pays: Exact = STANDARD_TRIPS_PAYS,
        raise_by: RaiseBy | str = RaiseBy.SPREAD,
        pays: Iterable[PayChangeText] = (),
    ) -> None:
        object.__setattr__(self, "spread_pays", _read_spread_pays(spread_pays))
        object.__setattr__(self, "trips_pays", read_pay(trips_pays, "three of a kind pays"))
        object.__setattr__(self, "raise_by", read_raise_by(raise_by))
        changes = check_pay_changes(pays)
        for bet, outcome, pay in changes:  # every entry of Red Dog's table is a win: 0 or more
            read_pay(pay, f"the pay of {bet}:{outcome} (a win of Red Dog)")
        object.__setattr__(self, "pays", changes)

    @property
    def pays_by_spread(self) -> tuple[Rational, ...]:
        """The pay of each spread 1 to 11 (the last of 4 pays repeated for spreads 4 to 11).

        >>> RedDogRules(spread_pays=(11, 6, 4, 3, 2, 1, 1, 1, 1, 1, 1)).pays_by_spread[4]
        2
        """
        return spread_pay_table(self.spread_pays)


@checked
def pay_names(count: int) -> tuple[str, ...]:
    """The names of the spread pays of a table of ``count`` (4 or 11) spread pays, as the pay table
    of the bet and ``--pay`` name them.

    Args:
        count: The number of spread pays of the table: 4 or 11.

    Returns:
        ``"spread 1"``, ``"spread 2"``... one name per pay, the fourth of four being
            ``"spread 4 or more"``.

    Raises:
        PayTableError: When ``count`` is neither 4 nor 11.

    >>> pay_names(4)
    ('spread 1', 'spread 2', 'spread 3', 'spread 4 or more')
    >>> pay_names(11)[-1]
    'spread 11'
    >>> pay_names(5)
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: a Red Dog table has 4 spread pays (spread 1, 2, 3, 4 or more) or 11, not 5
    """
    if count not in (4, 11):
        raise PayTableError(
            f"a Red Dog table has 4 spread pays (spread 1, 2, 3, 4 or more) or 11, not {count!r}"
        )
    return tuple(
        f"spread {position}" if count == 11 or position < 4 else "spread 4 or more"
        for position in range(1, count + 1)
    )
