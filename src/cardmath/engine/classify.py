"""Which cell of a bet each counted deal falls in: the :class:`Classifier` of the hand counter.

The hand counter (:mod:`cardmath.engine.hands`) counts a bet's deals in :class:`Block` s: the deals
that read alike before the last position the bet reads, with their counts over that position's
classes.  The classifier asks the bet's rule about each class of each block once (its decision's
state from what the decider sees alone), keeps the answer, and adds the counts into the bet's
cells, which grow as shoes meet new classes.

>>> from cardmath.bets import RuleBet
>>> from cardmath.engine.dealing import Dealing, Hand, Reads
>>> classifier = Classifier(Dealing((Hand("a", 1),), Reads.RANKS), lambda dealt: dealt, None, ())
>>> bet = RuleBet.define("one", lambda dealt: "win", {"win": 1, "lose": -1})
>>> classifier.bet_cells(bet).cells[1]
Cell(outcome=1, state=-1, choice=-1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cardmath.bets import RuleBet
from cardmath.cards import FULL_DECK
from cardmath.engine.cells import Array, BetCells, Cell
from cardmath.engine.dealing import Dealing, Dealt, HandView, Reads, Until
from cardmath.engine.suits import hand_classes, view_of_cards
from cardmath.engine.views import View
from cardmath.errors import OptionError

__all__ = ["Block", "Classifier"]


@dataclass
class Block:
    """Deals that share what was read before the last item: their counts over the last item's classes.

    Args:
        cards: The cards read before the last item, as ``(position, category)``.
        hands: The hands read before it, as ``(position, hand)``.
        tail: What the last item is: its kind, name and the key of its classes.
        counts: The ordered (padded) deals of each class of the last item.

    >>> Block((), (), ("skipped",), np.array([3])).counts.tolist()
    [3]
    """

    cards: tuple[tuple[str, int], ...]
    hands: tuple[tuple[str, HandView], ...]
    tail: Hashable
    counts: Array


@dataclass
class _Book:
    """A bet's cells as they are met, and the cell of each class of each block (per choice)."""

    cells: dict[tuple[int, int, int], int] = field(default_factory=dict)
    states: dict[Hashable, int] = field(default_factory=dict)
    columns: dict[Hashable, Array] = field(default_factory=dict)
    seen: dict[Dealt, Hashable] = field(default_factory=dict)
    by_value: dict[Hashable, list[int]] = field(default_factory=dict)


class Classifier:
    """The cells of every bet a hand counter counts (see the module's notes).

    Args:
        dealing: The dealing counted.
        deal: The function turning a deal's cards and hands into what the bets read.
        result: A function naming who won a deal; ``None`` when the game names no results.
        names: The names of who wins, in order.

    >>> from cardmath.engine.dealing import Hand
    >>> Classifier(Dealing((Hand("a", 2),), Reads.RANKS), lambda dealt: dealt, None, ()).names
    ()
    """

    def __init__(
        self,
        dealing: Dealing,
        deal: Callable[[Dealt], Any],
        result: Callable[[Any], str] | None,
        names: tuple[str, ...],
    ) -> None:
        self.dealing = dealing
        self.deal = deal
        self.result = result
        self.names = names
        self._books: dict[Hashable, _Book] = {}
        self._results: dict[Hashable, Array] = {}
        self._made: dict[Hashable, dict[int, tuple[Dealt, Any]]] = {}
        self._signatures: dict[Hashable, Hashable] = {}
        self._merges: dict[int, tuple[list[Block], list[Block]]] = {}
        self._signature_ids: dict[tuple[Any, ...], Hashable] = {}

    def book(self, bet: RuleBet[Any]) -> _Book:
        """The record of ``bet``'s cells and states as they are met, and of each block's cells.

        Args:
            bet: A resolved bet; bets alike but for their pays share one record.

        Returns:
            Its record, made empty (every outcome a cell, for a bet without a decision) when first asked.

        >>> from cardmath.engine.dealing import Hand
        >>> classifier = Classifier(Dealing((Hand("a", 1),), Reads.RANKS), lambda dealt: dealt, None, ())
        >>> classifier.book(RuleBet.define("one", str, {"win": 1, "lose": -1})).cells
        {(0, -1, -1): 0, (1, -1, -1): 1}
        """
        key = _bet_key(bet)
        book = self._books.get(key)
        if book is None:
            book = self._books[key] = _Book()
            if bet.decision is None:
                for outcome in range(len(bet.outcomes())):
                    book.cells[(outcome, -1, -1)] = outcome
        return book

    def bet_cells(self, bet: RuleBet[Any]) -> BetCells:
        """The cells of one bet met so far (every outcome, in order, for a bet without a decision).

        Args:
            bet: The resolved bet.

        Returns:
            Its cells and its decision's states, in the order the counts met them.
        """
        book = self.book(bet)
        return BetCells(tuple(Cell(*cell) for cell in book.cells), tuple(book.states))

    def _tail_maker(self, block: Block) -> Callable[[int], tuple[Dealt, Any]]:
        """The deal of each class of a block's last item, by class number, and what the bets read of
        it (the game's ``deal`` of it), each made once for the shoe (the bets that read the same
        positions share them), hands aside."""
        tail: Any = block.tail
        make, deal = self._maker(block), self.deal
        if tail[0] == "hand":  # classes of hands are many, and each bet reads its own: not kept

            def fresh(index: int) -> tuple[Dealt, Any]:
                dealt = make(index)
                return dealt, deal(dealt)

            return fresh
        key = (block.cards, block.hands, tail)
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = {}

        def once(index: int) -> tuple[Dealt, Any]:
            found = made.get(index)
            if found is None:
                dealt = make(index)
                found = made[index] = (dealt, deal(dealt))
            return found

        return once

    def _signature(self, block: Block) -> Hashable:
        """A key equal for blocks whose classes give the bets the same values, class by class (Andar
        Bahar's thirteen jokers deal alike but for the joker): the block's own key for hands, whose
        classes are many."""
        key = (block.cards, block.hands, block.tail)
        if block.tail[0] == "hand":  # type: ignore[index]
            return key
        found = self._signatures.get(key)
        if found is None:
            make = self._tail_maker(block)
            values = tuple(make(index)[1] for index in range(len(block.counts)))
            try:
                found = self._signature_ids.get(values)
                if found is None and len(self._signature_ids) < 4096:
                    found = self._signature_ids[values] = ("values", len(self._signature_ids))
            except TypeError:  # values that cannot be keys: the block is its own
                pass
            found = self._signatures[key] = key if found is None else found
        return found

    def forget(self) -> None:
        """Let go of the deals made for one shoe (the cells found are kept).

        >>> from cardmath.engine.dealing import Hand
        >>> Classifier(Dealing((Hand("a", 1),), Reads.RANKS), lambda dealt: dealt, None, ()).forget()
        """
        self._made.clear()
        self._merges.clear()
        if len(self._signatures) > 65536:  # a block's signature holds for every shoe: kept, within reason
            self._signatures.clear()

    def _maker(self, block: Block) -> Callable[[int], Dealt]:
        tail: Any = block.tail
        reads, cards, hands = self.dealing.reads, block.cards, block.hands
        kind = tail[0]
        if kind == "skipped":
            return lambda index: Dealt(reads, cards, hands)
        if kind == "hand":
            views = hand_classes(tail[2], tail[3])._views
            name = tail[1]
            return lambda index: Dealt(reads, cards, (*hands, (name, views[index])))
        if kind == "card":
            return lambda index: Dealt(reads, (*cards, (tail[1], index)), hands)
        if kind == "cards":
            return lambda index: Dealt(
                reads, cards, (*hands, (tail[1], view_of_cards(tail[2][index], 0, whole=True)))
            )
        _, name, stops, going = tail
        if not stops:
            return lambda index: Dealt(reads, cards, hands, ((name, going),))
        until = next(step for step in self.dealing.steps if isinstance(step, Until) and step.name == name)

        def make(index: int) -> Dealt:
            k, which = divmod(index, len(stops))
            position = until.positions[k % len(until.positions)]
            return Dealt(reads, (*cards, (position, stops[which])), hands, ((name, k + 1),))

        return make

    def _columns(self, bet: RuleBet[Any], view: View, block: Block) -> Array:
        """The cell of each class of ``block`` under each choice (``-1``: not yet met)."""
        book = self.book(bet)
        key: Hashable = (block.cards, block.hands, block.tail)
        if bet.decision is None:  # blocks whose classes read alike share their cells
            key = self._signature(block)
        columns = book.columns.get(key)
        width = 1 if bet.decision is None else len(bet.decision.choices)
        if columns is None:
            columns = book.columns[key] = np.full((len(block.counts), width), -1, dtype=np.intp)
        wanted = np.flatnonzero((columns[:, 0] < 0) & (block.counts != 0))
        if len(wanted):
            make = self._tail_maker(block)
            classify = self._classifier(bet, book, block)
            columns[wanted] = [classify(*make(index)) for index in wanted.tolist()]
        return columns

    def _classifier(self, bet: RuleBet[Any], book: _Book, block: Block) -> Callable[[Dealt, Any], list[int]]:
        """A function giving the cells of one deal of ``block`` (per choice) from the deal and what the
        bets read of it, adding new cells."""
        positions = {outcome: i for i, outcome in enumerate(bet.outcomes())}
        rule, cells = bet.rule, book.cells
        decision = bet.decision

        def outcome_of(dealt: Dealt, outcome: object) -> int:
            found = positions.get(outcome) if isinstance(outcome, str) else None
            if found is None:
                raise OptionError(
                    f"the rule of bet {bet.name!r} gave outcome {outcome!r} for {_describe(dealt)}, which is "
                    f"not one of its outcomes ({', '.join(positions)})"
                )
            return found

        if decision is None:
            if block.tail[0] == "hand":  # type: ignore[index]
                return lambda dealt, value: [outcome_of(dealt, rule(value))]
            memo = book.by_value  # a rule's outcome is a function of what it reads: asked once per value

            def plain(dealt: Dealt, value: Any) -> list[int]:
                try:
                    return memo[value]
                except KeyError:
                    found = memo[value] = [outcome_of(dealt, rule(value))]
                    return found
                except TypeError:  # a value that cannot be a key is asked every time
                    return [outcome_of(dealt, rule(value))]

            return plain
        choices = decision.choices
        sees = decision.sees
        held = {name for name, _ in block.cards} | {name for name, _ in block.hands}
        fixed: list[Hashable] = []
        if sees and set(sees) <= held:  # the decider sees only what the block holds: one state
            fixed.append(self._state(book, decision, Dealt(self.dealing.reads, block.cards, block.hands)))

        def classify(dealt: Dealt, value: Any) -> list[int]:
            state = fixed[0] if fixed else self._state(book, decision, dealt, value)
            if state is None:
                outcome = outcome_of(dealt, rule(value, choices[0]))
                cell = cells.setdefault((outcome, -1, -1), len(cells))
                return [cell] * len(choices)
            number = book.states.setdefault(state, len(book.states))
            return [
                cells.setdefault((outcome_of(dealt, rule(value, word)), number, choice), len(cells))
                for choice, word in enumerate(choices)
            ]

        return classify

    def _state(self, book: _Book, decision: Any, dealt: Dealt, value: Any = None) -> Hashable:
        """What the decider knows in ``dealt``: the state, from the positions he sees alone."""
        if not decision.sees:
            return decision.state(value if value is not None else self.deal(dealt))  # type: ignore[no-any-return]
        seen = dealt.restricted(decision.sees)
        state = book.seen.get(seen, _UNSEEN)
        if state is _UNSEEN:
            state = book.seen[seen] = decision.state(self.deal(seen))
        return state

    def cells(self, bet: RuleBet[Any], view: View, blocks: list[Block]) -> list[int]:
        """The counts of every cell of ``bet`` over the blocks (ordered, padded).

        Args:
            bet: The bet counted.
            view: What it reads.
            blocks: Its deals, counted.

        Returns:
            The count of each of its cells, in the order of :meth:`bet_cells`.
        """
        if bet.decision is None:
            blocks = self._merged(blocks)
        return [int(value) for value in self.cells_by_part(bet, view, blocks, None, 1)[0].tolist()]

    def _merged(self, blocks: list[Block]) -> list[Block]:
        """The blocks with those of one signature added up (their classes read alike, so a bet without
        a decision puts them in the same cells): Andar Bahar's thirteen jokers are summed once for
        every bet."""
        found = self._merges.get(id(blocks))
        if found is not None and found[0] is blocks:
            return found[1]
        groups: dict[Hashable, Block] = {}
        for block in blocks:
            signature = self._signature(block)
            first = groups.get(signature)
            groups[signature] = block if first is None else _summed(first, block)
        merged = list(groups.values())
        self._merges[id(blocks)] = (blocks, merged)
        return merged

    def cells_by_part(
        self,
        bet: RuleBet[Any],
        view: View,
        blocks: list[Block],
        part_of: Callable[[Block], tuple[Array, Array, Array]] | None,
        parts: int,
    ) -> Array:
        """The counts of every cell of ``bet`` in each part of the deals (what a player sees).

        Args:
            bet: The bet counted.
            view: What it reads.
            blocks: Its deals, counted.
            part_of: For a block: its classes, the part each falls in and the ways it does (a class may
                fall in several parts: :class:`~cardmath.engine.seen.SeenSplit`); ``None``: one part.
            parts: The number of parts.

        Returns:
            Shaped ``(parts, cells)``: the counts, in the order of :meth:`bet_cells`.
        """
        found: list[tuple[Array, Array, Array]] = []
        for block in blocks:
            columns = self._columns(bet, view, block)
            if part_of is None:
                classes = np.flatnonzero(block.counts != 0)
                where = np.zeros(len(classes), dtype=np.intp)
                values = block.counts[classes]
            else:
                classes, where, ways = part_of(block)
                values = _times(block.counts[classes], ways)
            for column in range(columns.shape[1]):
                fresh = np.ones(len(classes), dtype=bool)
                for earlier in range(column):
                    fresh &= columns[classes, column] != columns[classes, earlier]
                found.append((where[fresh], columns[classes[fresh], column], values[fresh]))
        width = len(self.book(bet).cells)
        if not found:
            return np.zeros((parts, width), dtype=np.int64)
        values = np.concatenate([values for _, _, values in found])
        summed = np.zeros((parts, width), dtype=values.dtype)
        np.add.at(
            summed,
            (
                np.concatenate([part for part, _, _ in found]),
                np.concatenate([cells for _, cells, _ in found]),
            ),
            values,
        )
        return summed

    def results(self, blocks: list[Block]) -> list[int]:
        """The deals each result names (who won), over the blocks of the whole deal.

        Args:
            blocks: The deals of the whole deal, counted.

        Returns:
            The count of each result, in the order of :attr:`names`.
        """
        where = {name: i for i, name in enumerate(self.names)}
        won = [0] * len(self.names)
        assert self.result is not None
        for block in blocks:
            key = (block.cards, block.hands, block.tail)
            named = self._results.get(key)
            if named is None:
                named = self._results[key] = np.full(len(block.counts), -1, dtype=np.intp)
            live = np.flatnonzero(block.counts != 0)
            new = live[named[live] < 0]
            if len(new):
                make = self._tail_maker(block)
                for index in new.tolist():
                    named[index] = where[self.result(make(index)[1])]
            for index, count in zip(named[live].tolist(), block.counts[live].tolist(), strict=True):
                won[index] += int(count)
        return won


_UNSEEN = object()


def _summed(first: Block, second: Block) -> Block:
    """``first`` with the counts of ``second`` added, class by class."""
    return Block(first.cards, first.hands, first.tail, first.counts + second.counts)


def _times(counts: Array, ways: Array) -> Array:
    """``counts * ways``, exactly: as Python integers where int64 could overflow."""
    if counts.dtype != object and len(ways) and int(np.abs(counts).max(initial=0)) * int(ways.max()) >= 2**62:
        counts = counts.astype(object)
    product: Array = counts * (ways.astype(object) if counts.dtype == object else ways)
    return product


def _bet_key(bet: RuleBet[Any]) -> Hashable:
    return (bet.rule, bet.outcomes(), bet.decision, bet.name, bet.positions)


def _describe(dealt: Dealt) -> str:
    names = [
        f"{position} {FULL_DECK[c] if dealt.reads is Reads.CARDS else FULL_DECK[c * 4].rank.symbol}"
        for position, c in dealt.cards
    ]
    names += [f"{position} {hand}" for position, hand in dealt.hands]
    return ", ".join(names)
