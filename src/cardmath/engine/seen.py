"""What a player can see of a deal of hands: cards dealt alone, and single cards of a hand.

A hand is dealt as a combination, but at the table its cards come one at a time, and a dealer
may flash one of them (the classic "hole-carding" of Three Card Poker).  The ``i``-th card of the
hand ``dealer`` is the position ``dealer1``, ``dealer2``, ...: seeing ``j`` of a hand's ``k``
cards, each ordered choice of ``j`` of its cards is equally likely, so a hand whose ranks are
``m`` shows the ranks ``r_1..r_j`` in ``prod m_r`` falling-factorial ways out of
``k! / (k - j)!``.  Splitting the deals by what is seen multiplies every count by those ways, so
the parts are whole numbers: each hand combination is counted once for every ordered choice of its
seen cards, and the parts add up to ``k! / (k - j)!`` times the deals (:attr:`SeenSplit.factor`).

>>> from cardmath.engine.dealing import Dealing, Hand, Reads, Step
>>> poker = Dealing((Step(("cut",)), Hand("player", 3), Hand("dealer", 3)), Reads.RANKS)
>>> seen_positions(poker)
('cut', 'player1', 'player2', 'player3', 'dealer1', 'dealer2', 'dealer3')
>>> split = SeenSplit(poker, ("dealer1",))
>>> split.items, split.factor
(('dealer',), 3)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Sequence

import numpy as np

from cardmath.engine.cells import Array
from cardmath.engine.classify import Block
from cardmath.engine.dealing import Dealing, Hand, Reads
from cardmath.engine.suits import hand_classes
from cardmath.engine.views import view_of

__all__ = ["SeenSplit", "seen_positions"]


def seen_positions(dealing: Dealing) -> tuple[str, ...]:
    """The positions a player could see alone, in deal order: each card dealt alone, then each card
    of each hand (``name1`` to ``nameK``).

    Args:
        dealing: The game's dealing.

    Returns:
        The position names.

    >>> from cardmath.engine.dealing import Hand, Reads
    >>> seen_positions(Dealing((Hand("a", 2),), Reads.RANKS))
    ('a1', 'a2')
    """
    cards = tuple(item.name for item in view_of(dealing, ()).items if item.kind == "card")
    hands = tuple(
        f"{step.position}{slot}"
        for step in dealing.steps
        if isinstance(step, Hand)
        for slot in range(1, step.size + 1)
    )
    return (*cards, *hands)


class SeenSplit:
    """Splits counted deals (the hand counter's :class:`~cardmath.engine.classify.Block` s) into
    parts by the ranks seen at the ``chosen`` positions (each one of :func:`seen_positions`).

    Args:
        dealing: The game's dealing.
        chosen: The positions seen, in the order of a part's key.

    Calling it with a block returns three arrays of equal length: a class of the block, the part it
    falls in, and the ways it does (see the module's notes); a class falls in several parts when a
    hand it holds shows different ranks.  :attr:`keys` numbers the parts as they are met: each key
    holds one rank index per chosen position, ``-1`` where that position was not dealt.

    >>> from cardmath.engine.dealing import Reads
    >>> split = SeenSplit(Dealing((Hand("a", 2),), Reads.RANKS), ("a1",))
    >>> block = Block((), (), ("hand", "a", 2, 0), np.array([0, 2, 12]))  # classes 2-2 (no deal), 3-2, 4-2
    >>> [values.tolist() for values in split(block)]  # 3-2 shows a 3 or a 2, 4-2 a 4 or a 2
    [[1, 1, 2, 2], [1, 0, 2, 0], [1, 1, 1, 1]]
    >>> list(split.keys)  # the ranks seen (deuce 0) of parts 0, 1 and 2
    [(0,), (1,), (2,)]
    >>> both = SeenSplit(split.dealing, ("a1", "a2"))
    >>> both(Block((), (), ("hand", "a", 2, 0), np.array([5])))[2].tolist()  # 2-2 shows 2, 2 in two orders
    [2]
    """

    def __init__(self, dealing: Dealing, chosen: Sequence[str]) -> None:
        self.dealing = dealing
        self.chosen = tuple(chosen)
        self.keys: dict[tuple[int, ...], int] = {}
        self._slots: dict[str, list[tuple[int, int]]] = {}  # hand -> (column of the key, slot)
        self._cards: dict[str, int] = {}  # card dealt alone -> column of the key
        sizes = {step.position: step.size for step in dealing.steps if isinstance(step, Hand)}
        for column, name in enumerate(self.chosen):
            hand = next((h for h in sizes if name.startswith(h) and name[len(h) :].isdigit()), None)
            if hand is not None and 1 <= int(name[len(hand) :]) <= sizes[hand]:
                self._slots.setdefault(hand, []).append((column, int(name[len(hand) :])))
            else:
                self._cards[name] = column
        self.factor = math.prod(math.perm(sizes[hand], len(slots)) for hand, slots in self._slots.items())
        """How many times the parts count each deal: ``k! / (k - j)!`` for each hand with ``j`` of
        its ``k`` cards seen."""
        self._tails: dict[Hashable, tuple[Array, Array, list[dict[int, int]], Array]] = {}

    @property
    def items(self) -> tuple[str, ...]:
        """The dealing's positions the chosen ones belong to (a hand for a card of it)."""
        return (*self._cards, *self._slots)

    def _rank(self, category: int) -> int:
        return category // 4 if self.dealing.reads is Reads.CARDS else category

    def _shown(self, hand: str, ranks: Sequence[int]) -> list[tuple[dict[int, int], int]]:
        """Each way the seen cards of ``hand`` (holding ``ranks``) show: their ranks by key column, and
        the number of ordered choices of the hand's cards showing them."""
        slots = self._slots[hand]
        found: dict[tuple[int, ...], int] = {}
        for chosen in itertools.permutations(range(len(ranks)), len(slots)):
            shown = tuple(ranks[index] for index in chosen)
            found[shown] = found.get(shown, 0) + 1
        return [({slots[i][0]: rank for i, rank in enumerate(shown)}, ways) for shown, ways in found.items()]

    def _prefix(self, block: Block) -> list[tuple[dict[int, int], int]]:
        """What the cards and hands read before the block's last item show, and the ways of each."""
        shown: list[tuple[dict[int, int], int]] = [({}, 1)]
        for name, category in block.cards:
            if name in self._cards:
                shown = [({**seen, self._cards[name]: self._rank(category)}, ways) for seen, ways in shown]
        for name, view in block.hands:
            if name in self._slots:
                ranks = [rank.index for rank in view.ranks]
                shown = [
                    ({**seen, **more}, ways * times)
                    for seen, ways in shown
                    for more, times in self._shown(name, ranks)
                ]
        return shown

    def _tail(self, block: Block) -> tuple[Array, Array, list[dict[int, int]], Array]:
        """The block's last item split: its classes, what each shows (an index into the list of
        shows, the third value), and the ways it shows it; made once per kind of last item."""
        tail: Hashable = block.tail
        found = self._tails.get(tail)
        if found is not None:
            return found
        classes: list[int] = []
        shows: list[int] = []
        ways: list[int] = []
        seen: dict[tuple[tuple[int, int], ...], int] = {}

        def add(number: int, shown: dict[int, int], times: int) -> None:
            classes.append(number)
            shows.append(seen.setdefault(tuple(sorted(shown.items())), len(seen)))
            ways.append(times)

        kind, name = (tail[0], tail[1]) if isinstance(tail, tuple) and len(tail) > 1 else (None, None)
        size = len(block.counts)
        if kind == "card" and name in self._cards:
            for number in range(size):
                add(number, {self._cards[name]: self._rank(number)}, 1)
        elif kind == "hand" and name in self._slots:
            assert isinstance(tail, tuple)
            hand_of = hand_classes(tail[2], tail[3])
            for number in range(size):
                for shown, times in self._shown(name, [rank.index for rank in hand_of.view(number).ranks]):
                    add(number, shown, times)
        elif kind == "cards" and name in self._slots:
            assert isinstance(tail, tuple)
            for number, row in enumerate(tail[2]):
                for shown, times in self._shown(name, [card // 4 for card in row]):
                    add(number, shown, times)
        else:  # nothing seen in the last item: every class shows nothing more
            for number in range(size):
                add(number, {}, 1)
        table = [dict(key) for key in seen]
        result = (
            np.array(classes, dtype=np.intp),
            np.array(shows, dtype=np.intp),
            table,
            np.array(ways, dtype=np.int64),
        )
        self._tails[tail] = result
        return result

    def _part(self, shown: dict[int, int]) -> int:
        key = tuple(shown.get(column, -1) for column in range(len(self.chosen)))
        return self.keys.setdefault(key, len(self.keys))

    def __call__(self, block: Block) -> tuple[Array, Array, Array]:
        """The block's classes, each with the part it falls in and its ways (see the class's notes).

        Args:
            block: Counted deals sharing what was read before their last item.

        Returns:
            ``(classes, parts, ways)``; classes with no deal are left out, and no part is made for them.
        """
        classes, shows, table, ways = self._tail(block)
        live = block.counts[classes] != 0
        classes, shows, ways = classes[live], shows[live], ways[live]
        present = np.unique(shows).tolist()
        found_classes, found_parts, found_ways = [], [], []
        for before, times in self._prefix(block):
            lookup = np.full(len(table), -1, dtype=np.intp)
            for show in present:
                lookup[show] = self._part({**before, **table[show]})
            found_classes.append(classes)
            found_parts.append(lookup[shows])
            found_ways.append(ways * times)
        return np.concatenate(found_classes), np.concatenate(found_parts), np.concatenate(found_ways)
