"""When to bet: :class:`CountTrigger` (bet when a count reaches a trigger), :class:`PerfectPlay`
(bet exactly when the exact edge of the cards left favours the player) and :class:`NeverBet` (a
check: it wins nothing).

A strategy sees, before each round, the running count, the cards left and the exact house edge
of its bet on them; :meth:`bets` decides every round of a shoe at once.  Perfect play knows the
exact composition of the cards left, burned cards included: no strategy that sees only the cards
dealt can do better (:func:`~cardmath.study.engine.tally_shoes` checks it on every shoe).

>>> from sympy import Rational
>>> from cardmath.study.counts import HOW_DRAGON_7
>>> how = CountTrigger("dragon_7", HOW_DRAGON_7, Rational(0), CountBasis.RUNNING)
>>> how.name, PerfectPlay("dragon_7").name, NeverBet("dragon_7").name
('dragon_7 how_dragon_7 running count >= 0', 'dragon_7 perfect play', 'dragon_7 never')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from sympy import Rational

from cardmath.bets import RuleBet
from cardmath.checks import checked
from cardmath.engine import CatalogueGame
from cardmath.errors import OptionError
from cardmath.numbers import read_rational
from cardmath.study.counts import PUBLISHED_COUNTS, PUBLISHED_GAME, CountBasis, CountSystem, find_count

__all__ = ["CountTrigger", "NeverBet", "PerfectPlay", "Strategy", "count_strategies", "true_count_floor"]

Array = npt.NDArray[Any]


def true_count_floor(running: Array, remaining: Array) -> Array:
    """The true count rounded down (running count per deck remaining, a deck being 52 cards),
    exactly in integers.

    Args:
        running: Running counts, an integer array.
        remaining: The cards left for each running count, an integer array of the same shape, every entry
            positive.

    Returns:
        An integer array of ``floor(52 * running / remaining)``, entry by entry.

    Raises:
        OptionError: When a number of cards left is not positive.

    >>> true_count_floor(np.array([7, -7, 4]), np.array([104, 104, 26])).tolist()
    [3, -4, 8]
    """
    counts, left = np.asarray(running), np.asarray(remaining)
    if counts.dtype.kind not in "iu" or left.dtype.kind not in "iu":
        raise TypeError(
            f"running counts and cards left must be integer arrays, not {counts.dtype}, {left.dtype}"
        )
    if (left <= 0).any():
        raise OptionError("a true count needs a positive number of cards left for every round")
    found: Array = (52 * counts) // left
    return found


@dataclass(frozen=True)
class CountTrigger:
    """Bet ``bet`` when the count's running count (``CountBasis.RUNNING``) or true count
    (``CountBasis.TRUE``) is at least ``trigger`` (an exact number).

    Args:
        bet: The name of the study's bet the strategy places.
        count: The card count the strategy keeps.
        trigger: The least count at which it bets: an exact number, as an int, its text (``"5/2"``) or a
            ``Rational``.
        basis: Whether the trigger is compared with the running count or the true count: a
            :class:`~cardmath.study.counts.CountBasis` or its value; the true count by default.

    >>> from cardmath.study.counts import HOW_DRAGON_7
    >>> jacobson = CountTrigger("dragon_7", HOW_DRAGON_7, 4, CountBasis.TRUE)
    >>> jacobson.bets(np.array([10, 10]), np.array([140, 104]), np.array([5, 5])).tolist()
    [False, True]
    """

    bet: str
    count: CountSystem
    trigger: Rational
    basis: CountBasis = CountBasis.TRUE

    def __post_init__(self) -> None:
        if not isinstance(self.count, CountSystem):
            raise OptionError(f"a count strategy needs a CountSystem, not {self.count!r}")
        object.__setattr__(self, "trigger", read_rational(self.trigger, "the trigger", allowed="a number"))
        object.__setattr__(self, "basis", CountBasis(self.basis))

    @property
    def name(self) -> str:
        """The strategy's name in results.

        >>> from cardmath.study.counts import HOW_DRAGON_7
        >>> CountTrigger("panda_8", HOW_DRAGON_7, "5/2").name
        'panda_8 how_dragon_7 true count >= 5/2'
        """
        return f"{self.bet} {self.count.name} {self.basis.value} count >= {self.trigger}"

    def level(self, running: Array, remaining: Array) -> Array:
        """What the strategy compares with its trigger, rounded down to a whole number (the
        running count, or the true count's floor): the rows of the edge-by-count table.

        Args:
            running: The running count before each round (the exposed card counted), one entry per round of
                the shoes.
            remaining: The cards left in the shoe before each round, one entry per round, in the order of
                ``running``. Used only for the true count.

        Returns:
            An integer array, one count level per round.

        >>> from cardmath.study.counts import HOW_DRAGON_7
        >>> CountTrigger("dragon_7", HOW_DRAGON_7, 0, "running").level(np.array([3]), np.array([52])).tolist()
        [3]
        """
        return running if self.basis is CountBasis.RUNNING else true_count_floor(running, remaining)

    def bets(self, running: Array, remaining: Array, edges: Array) -> Array:
        """Whether to bet each round, from the running counts and cards left before it (``edges``,
        the exact house-edge numerators, are not looked at).

        Args:
            running: The running count before each round (the exposed card counted), one entry per round of
                the shoes.
            remaining: The cards left in the shoe before each round, one entry per round, in the order of
                ``running``.
            edges: The numerator of each round's exact house edge of the bet on the cards left (its
                denominator is positive, so only the sign tells who is favoured). A count does not read them.

        Returns:
            A boolean array, ``True`` for every round where the count is at the trigger or above.

        >>> from cardmath.study.counts import HOW_DRAGON_7
        >>> CountTrigger("dragon_7", HOW_DRAGON_7, 0, "running").bets(
        ...     np.array([-1, 0]), np.array([300, 300]), np.array([1, 1])).tolist()
        [False, True]
        """
        p, q = int(self.trigger.p), int(self.trigger.q)
        if self.basis is CountBasis.RUNNING:
            return np.asarray(running * q >= p)
        return np.asarray(52 * running * q >= p * remaining)


@dataclass(frozen=True)
class PerfectPlay:
    """Bet ``bet`` exactly when its exact house edge on the cards left is negative.

    Args:
        bet: The name of the study's bet the strategy places.

    >>> PerfectPlay("dragon_7").bets(np.array([0, 0]), np.array([9, 9]), np.array([3, -2])).tolist()
    [False, True]
    """

    bet: str

    @property
    def name(self) -> str:
        """The strategy's name in results."""
        return f"{self.bet} perfect play"

    def bets(self, running: Array, remaining: Array, edges: Array) -> Array:
        """Bet where the house-edge numerator is below zero.

        Args:
            running: The running count before each round (the exposed card counted), one entry per round of
                the shoes. Not read: perfect play needs no count.
            remaining: The cards left in the shoe before each round, one entry per round, in the order of
                ``running``. Not read.
            edges: The numerator of each round's exact house edge of the bet on the cards left (its
                denominator is positive, so only the sign tells who is favoured).

        Returns:
            A boolean array, ``True`` for every round at a player advantage.
        """
        return np.asarray(edges < 0)


@dataclass(frozen=True)
class NeverBet:
    """Never bet ``bet``: a check of the bookkeeping (it wins exactly 0).

    Args:
        bet: The name of the study's bet the strategy never places.

    >>> NeverBet("tie").bets(np.array([0]), np.array([9]), np.array([-5])).tolist()
    [False]
    """

    bet: str

    @property
    def name(self) -> str:
        """The strategy's name in results."""
        return f"{self.bet} never"

    def bets(self, running: Array, remaining: Array, edges: Array) -> Array:
        """Never.

        Args:
            running: The running count before each round (the exposed card counted), one entry per round of
                the shoes. Not read.
            remaining: The cards left in the shoe before each round, one entry per round, in the order of
                ``running``. Not read.
            edges: The numerator of each round's exact house edge of the bet on the cards left (its
                denominator is positive, so only the sign tells who is favoured). Only their number is read.

        Returns:
            An all-``False`` boolean array, one entry per round.
        """
        return np.zeros(len(edges), dtype=bool)


Strategy = CountTrigger | PerfectPlay | NeverBet
"""Any strategy of a study."""


def _count_entries(
    counts: Iterable[Any], bets: Sequence[RuleBet[Any]], game: CatalogueGame[Any, Any], team: bool
) -> list[tuple[Any, Any, Any]]:
    """The ``(count, trigger, basis)`` triples, checked; a team without counts takes each bet's
    published count (the first published with a trigger)."""
    if isinstance(counts, str | bytes) or not isinstance(counts, Iterable):
        raise OptionError(f"counts are a list of (count, trigger, basis) triples, not {counts!r}")
    entries = list(counts)
    for entry in entries:
        if not isinstance(entry, tuple | list) or len(entry) != 3:
            raise OptionError(
                "each count is a (count, trigger, basis) triple, such as ('how_dragon_7', None, None), "
                f"not {entry!r}"
            )
    if team and not entries:
        for bet in bets:
            names = [n for n, p in PUBLISHED_COUNTS.items() if p[1] == bet.name and p[3] is not None]
            if game.name != PUBLISHED_GAME or not names:
                raise OptionError(
                    f"no count with a trigger is published for {game.short_title} bet {bet.name!r}: "
                    "give the team's counts, one per bet"
                )
            entries.append((names[0], None, None))
    if team and not 2 <= len(entries) <= len(bets):
        raise OptionError(
            "a team plays two or more counts, one per bet in order: give two or more bets and no more "
            f"counts than bets, not {len(entries)} count(s) on {len(bets)} bet(s)"
        )
    return [(entry[0], entry[1], entry[2]) for entry in entries]


@checked
def count_strategies(
    counts: Iterable[tuple[Any, ...]],
    bets: Sequence[RuleBet[Any]],
    game: CatalogueGame[Any, Any],
    *,
    team: bool = False,
) -> tuple[CountTrigger, ...]:
    """The count strategies of a study's definition (:meth:`~cardmath.study.engine.Study.define`):
    each ``(count, trigger, basis)`` on the first bet, or with ``team`` each on its own bet in order.

    Args:
        counts: ``(count, trigger, basis)`` triples: a built-in count's name, tags or a :class:`CountSystem`;
            the trigger (``None``: the published one); ``"running"`` or ``"true"`` (``None``: as published,
            else the true count).
        bets: The study's bets, resolved, the first one first.
        game: The game the bets belong to; a team without counts takes baccarat's published counts.
        team: Whether count ``i`` bets bet ``i`` (team play) rather than every count the first bet; an
            empty ``counts`` then takes each bet's published count.

    Returns:
        One :class:`CountTrigger` per count, in order.

    Raises:
        OptionError: When an entry is not a triple, a count has no trigger, or a team has fewer than two
            counts or more counts than bets.

    >>> from cardmath.study.dealer import study_game
    >>> baccarat = study_game("baccarat")
    >>> pair = baccarat.resolve_bets(["dragon_7", "panda_8"], baccarat.default_rules)
    >>> [s.name for s in count_strategies([], pair, baccarat, team=True)]  # doctest: +NORMALIZE_WHITESPACE
    ['dragon_7 how_dragon_7 running count >= 0', 'panda_8 how_panda_8_co_count running count >= 3']
    >>> count_strategies([("how_dragon_7",)], pair, baccarat)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: each count is a (count, trigger, basis) triple, such as ...
    """
    found: list[CountTrigger] = []
    for index, (count, given_trigger, given_basis) in enumerate(_count_entries(counts, bets, game, team)):
        trigger, basis = given_trigger, given_basis
        published = None
        if isinstance(count, str):
            published = PUBLISHED_COUNTS.get(count)
            system = find_count(count)
            if trigger is None:
                trigger = published[3] if published else None
            if basis is None:
                basis = published[2] if published else "true"
        elif isinstance(count, CountSystem):
            system = count
            basis = basis or "true"
        else:
            raise OptionError(f"a count is a name, tags or a CountSystem, not {count!r}")
        if trigger is None:
            how = "was published without a trigger" if published else "has no published trigger"
            raise OptionError(f"count {system.name} {how}: give one (--trigger)")
        found.append(CountTrigger(bets[index if team else 0].name, system, trigger, basis))
    return tuple(found)
