"""What a bet reads of a dealing with hands: its :class:`View`, the positions it reads as the
counter deals them (:class:`Item`: a card of a step, a hand or a pool of hands, a step dealt until
a card stops it).

A bet reads the positions it names (:attr:`~cardmath.bets.RuleBet.positions`), or every position
of the deal (its hands one by one, not its pools) when it names none; only those are counted.

>>> from cardmath.engine.dealing import Dealing, Hand, Pool, Reads
>>> both = Pool("both", ("player", "dealer"))
>>> poker = Dealing((Hand("player", 3), Hand("dealer", 3)), Reads.RANKS, (both,))
>>> [item.size for item in view_of(poker, ("both",)).items]
[6]
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardmath.engine.dealing import BURN, Dealing, Dealt, Hand, Step, Until
from cardmath.errors import DefinitionError

__all__ = ["Item", "View", "view_of"]


@dataclass(frozen=True)
class Item:
    """One position a view reads: a card of a step, a hand (or a pool of hands), or an until.

    Args:
        kind: ``"card"``, ``"hand"`` or ``"until"``.
        name: The position (or the pool's or the until's name).
        size: The cards it deals (1 for a card and for an until's last card).
        flush: The least cards of one suit that make the hand's flush; 0 reads no suit.
        when: The test that deals a card's step at all; ``None`` deals it always.
        step: The positions of a card's step (its ``when`` reads the cards before them).
        until: The step dealt until a card stops it, for an until.

    >>> Item("hand", "player", 3, flush=3).size
    3
    """

    kind: str  # "card", "hand" or "until"
    name: str
    size: int
    flush: int = 0
    when: Callable[[Dealt], bool] | None = None
    step: tuple[str, ...] = ()  # the positions of the item's step (a `when` reads the cards before them)
    until: Until | None = None


@dataclass(frozen=True)
class View:
    """What one bet reads of a dealing: the positions, in deal order, as items the counter deals.

    Args:
        positions: The positions read (a pool standing for its hands), in deal order.
        items: How each is dealt and counted.

    >>> from cardmath.engine.dealing import Dealing, Hand, Pool, Reads
    >>> both = Pool("both", ("player", "dealer"))
    >>> poker = Dealing((Hand("player", 3), Hand("dealer", 3)), Reads.RANKS, (both,))
    >>> View.of(poker, ("both",)).positions, View.of(poker, ()).positions
    (('both',), ('player', 'dealer'))
    """

    positions: tuple[str, ...]
    items: tuple[Item, ...] = field(repr=False)

    @classmethod
    def of(cls, dealing: Dealing, positions: Sequence[str]) -> View:
        """The view of the ``positions`` a bet reads (every position, pools left out, when none).

        Args:
            dealing: The game's dealing.
            positions: The positions (or pool names, or an until's name) the bet reads; empty for all.

        Returns:
            The view, its items in deal order.

        Raises:
            DefinitionError: For a position the dealing lacks, or a pool read beside one of its hands.
        """
        wanted = set(positions)
        known = set(dealing.positions) | {s.name for s in dealing.steps if isinstance(s, Until)}
        for name in wanted - known:
            raise DefinitionError(
                f"no position {name!r} in the deal: its positions are {', '.join(dealing.positions)}"
            )
        pools = {pool.name: pool for pool in dealing.pools if pool.name in wanted}
        pooled = {hand: pool for pool in pools.values() for hand in pool.hands}
        for hand, pool in pooled.items():
            if hand in wanted:
                raise DefinitionError(f"a bet reads the pool {pool.name!r} and its hand {hand!r}: read one")
        everything = not wanted
        items: list[Item] = []
        placed: set[str] = set()
        for step in dealing.steps:
            if isinstance(step, Step):
                for position in step.positions:
                    if position != BURN and (everything or position in wanted):
                        items.append(Item("card", position, 1, when=step.when, step=step.positions))
            elif isinstance(step, Hand):
                joined = pooled.get(step.position)
                if joined is not None and joined.name not in placed:
                    size = sum(_hand_size(dealing, name) for name in joined.hands)
                    items.append(Item("hand", joined.name, size, joined.flush))
                    placed.add(joined.name)
                elif joined is None and (everything or step.position in wanted):
                    items.append(Item("hand", step.position, step.size, step.flush))
            elif everything or wanted & {step.name, *step.positions}:
                items.append(Item("until", step.name, 1, until=step))
        if not items:
            raise DefinitionError("a bet must read at least one position of the deal")
        return cls(tuple(item.name for item in items), tuple(items))


def _hand_size(dealing: Dealing, name: str) -> int:
    step = dealing.step_of(name)
    assert isinstance(step, Hand)
    return step.size


@functools.lru_cache(maxsize=256)
def view_of(dealing: Dealing, positions: tuple[str, ...]) -> View:
    """The view of ``positions`` (:meth:`View.of`), made once per dealing and positions.

    Args:
        dealing: The game's dealing.
        positions: The positions a bet reads; every position when empty.

    Returns:
        The positions in deal order, each as the counter deals it (kept for the next bet that reads the
            same).

    >>> from cardmath.engine.dealing import Dealing, Hand, Reads
    >>> view_of(Dealing((Hand("a", 2),), Reads.RANKS), ()).positions
    ('a',)
    """
    return View.of(dealing, positions)
