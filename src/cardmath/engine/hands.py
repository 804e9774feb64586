"""The counter of a dealing with hands, pools or deals of any length: :class:`HandCounter`.

Each bet reads some positions of the deal (its :attr:`~cardmath.bets.RuleBet.positions`, every
position when it names none), and only what it reads is counted: Pair Plus reads the player's
three cards, so it costs 910 classes of one hand whatever the dealer holds.  The positions a bet
reads are dealt in order, by recursion over the shoe's composition:

- a hand, or a card, that a later position depends on is dealt card by card, its hands folded by
  the suit symmetries of the shoe (:func:`~cardmath.engine.suits.exact_hands`); deals that read
  the same and leave the same shoe (up to a permutation of suits) are merged;
- the last hand is counted by formula (:func:`~cardmath.engine.suits.class_counts`), for every
  shoe left at once;
- a step dealt until a card stops it is counted in closed form: with ``A`` cards left that stop
  it among ``N`` (``C = N - A`` do not), the ``k``-th card is the first to stop in
  ``ff(C, k - 1) * n_c`` orders for each stopping category ``c`` of ``n_c`` cards.

A position no bet of the view reads is free: the cards after it come out with the same chances
whatever it was, so it is counted like the cards that pad every deal to the longest.  Counts are
ordered deals padded to the longest (to the whole shoe after a step of any length); the tally
turns them into the unit a reader can check: hands as combinations, or weights.

>>> from cardmath.bets import RuleBet
>>> from cardmath.engine.dealing import Dealing, Hand, Reads
>>> from cardmath.shoe import Shoe
>>> poker = Dealing((Hand("player", 3, flush=3),), Reads.RANKS)
>>> flush = RuleBet.define("flush", lambda dealt: "flush" if dealt.hand("player").is_flush else "no",
...                        {"flush": 1, "no": -1})
>>> counter = HandCounter(poker, lambda dealt: dealt, "Flushes")
>>> tally = counter.count([Shoe.standard(1)], [flush])
>>> tally.totals.tolist(), tally.cells[0].tolist(), counter.unit(Shoe.standard(1))
([22100], [[1144, 20956]], 'hand combinations')
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np

from cardmath.bets import RuleBet
from cardmath.engine.cells import HAND_COMBINATIONS, ORDERED_DEALS, WEIGHTS, Array, BetCells, Tally
from cardmath.engine.classify import Block, Classifier
from cardmath.engine.counter import DealingCounter, collection_paused
from cardmath.engine.dealing import Dealing, Dealt, Hand, HandView, Reads, Until
from cardmath.engine.knowledge import RANK_CATEGORIES, KnownTally, check_known_positions, unique_rows
from cardmath.engine.seen import SeenSplit, seen_positions
from cardmath.engine.suits import class_counts, exact_hands, hand_classes, view_of_cards
from cardmath.engine.views import Item, View, view_of
from cardmath.enumeration import falling_factorial
from cardmath.errors import DefinitionError, KnowledgeError, ShoeError
from cardmath.shoe import Shoe

__all__ = ["HandCounter", "View"]

DealT = TypeVar("DealT")


@dataclass
class _Partial:
    """A deal dealt up to some item: what was read, the cards used, the shoe left, its ways."""

    cards: tuple[tuple[str, int], ...]
    hands: tuple[tuple[str, HandView], ...]
    used: int
    shoe: Array  # (13, 4) by rank and suit, or (13,) by rank
    ways: int


class HandCounter(DealingCounter[DealT]):
    """The counter of a :class:`~cardmath.engine.dealing.Dealing` with hands, pools or a step
    dealt until a card stops it (see the module's notes).

    Args:
        dealing: The steps of the deal and what they read of each card.
        deal: The function turning a deal's cards and hands (a :class:`~cardmath.engine.dealing.Dealt`)
            into the value each bet's rule reads; it is given only the positions the bet reads.
        title: The game's name, for error messages.
        result: A function naming who won a deal (one of ``results``); ``None`` when the game names none.
        results: The names of who wins, the columns of :attr:`Tally.results`; empty by default.
        longest_deal: Words telling why a deal needs as many cards as it does; empty for generic words.

    >>> from cardmath.engine.dealing import Hand, Reads
    >>> HandCounter(Dealing((Hand("a", 2),), Reads.RANKS), lambda d: d, "Pairs").longest
    2
    """

    def __init__(
        self,
        dealing: Dealing,
        deal: Callable[[Dealt], DealT],
        title: str,
        *,
        result: Callable[[DealT], str] | None = None,
        results: tuple[str, ...] = (),
        longest_deal: str = "",
    ) -> None:
        super().__init__(dealing, deal, title, result=result, results=results, longest_deal=longest_deal)
        self._classifier = Classifier(dealing, deal, result, results)
        self._tails: dict[Hashable, list[int]] = {}
        self._suits = dealing.reads is Reads.CARDS or any(
            getattr(step, "flush", 0) for step in (*dealing.steps, *dealing.pools)
        )
        self._until = any(isinstance(step, Until) for step in dealing.steps)

    def unit(self, shoe: Shoe) -> str:
        """What the counts of ``shoe`` count: hand combinations, ordered deals, or weights.

        Args:
            shoe: The shoe counted.

        Returns:
            :data:`WEIGHTS` for an infinite shoe or a deal of any length, else
                :data:`HAND_COMBINATIONS` (with hands) or :data:`ORDERED_DEALS`.
        """
        if shoe.is_infinite or self._until:
            return WEIGHTS
        return HAND_COMBINATIONS if self._divisor > 1 else ORDERED_DEALS

    @functools.cached_property
    def _divisor(self) -> int:
        """``prod k!`` over the hands: ordered deals of a hand per combination."""
        return math.prod(math.factorial(step.size) for step in self.dealing.steps if isinstance(step, Hand))

    def reads_suits(self, bets: Sequence[RuleBet[Any]]) -> bool:
        """Whether a bet can tell two cards of one rank apart (a flush, or whole cards read).

        Args:
            bets: The bets that will be evaluated together (the dealing alone decides).

        Returns:
            ``True`` when some hand reads a flush or the dealing reads whole cards.
        """
        return self._suits

    def check(self, shoe: Shoe) -> None:
        """Refuse a shoe that cannot deal the longest deal, or an infinite shoe for a deal of any length.

        Args:
            shoe: The shoe to be dealt.

        Raises:
            ShoeError: When the shoe is too small, or infinite while a step deals until a card stops it.
        """
        if self._until and shoe.is_infinite:
            raise ShoeError(
                f"{self.title} deals until a card stops it, so a deal has no longest length on an infinite "
                "shoe: give a number of decks"
            )
        super().check(shoe)

    def view(self, bet: RuleBet[Any]) -> View:
        """The positions ``bet`` reads, as the counter deals them.

        Args:
            bet: A resolved bet.

        Returns:
            Its :class:`View`.
        """
        return view_of(self.dealing, bet.positions)

    def known_positions(self) -> tuple[str, ...]:
        """The positions a player could see alone: the cards dealt alone, then each card of each hand
        (``dealer1`` is the first card of the hand ``dealer``: :mod:`cardmath.engine.seen`).

        Returns:
            The positions :meth:`count_known` splits by, in deal order.

        >>> from cardmath.games.andar_bahar import GAME
        >>> GAME.counter(GAME.default_rules).known_positions()
        ('joker',)
        """
        return seen_positions(self.dealing)

    def counts_known(self, bet: RuleBet[Any]) -> bool:
        """Whether :meth:`count_known` can count ``bet``: not when it reads a pool of hands, whose cards
        it cannot tell apart by hand.

        Args:
            bet: A resolved bet of the game.

        Returns:
            ``True`` unless the bet reads a pool.
        """
        return not {pool.name for pool in self.dealing.pools} & set(bet.positions)

    @collection_paused
    def count_known(self, shoe: Shoe, bets: Sequence[RuleBet[Any]], positions: Sequence[str]) -> KnownTally:
        """Every deal of ``shoe`` split by the ranks at ``positions``, each bet's cells counted in each
        part (:class:`~cardmath.engine.knowledge.KnownTally`).  Seeing cards of a hand counts each
        deal once per ordered choice of the hand's cards seen (:mod:`cardmath.engine.seen`).

        Args:
            shoe: The shoe dealt from.
            bets: The resolved bets to count.
            positions: The positions whose ranks are known, each one of :meth:`known_positions`.

        Returns:
            The exact known tally, by rank.

        Raises:
            KnowledgeError: For a bet that reads a pool of hands.

        >>> from cardmath.games.andar_bahar import GAME
        >>> counter, bets = GAME.counter(GAME.default_rules), GAME.resolve_bets(["andar"])
        >>> tally = counter.count_known(Shoe.standard(1), bets, ["joker"])
        >>> tally.keys.shape, int(tally.totals.sum()) == tally.total
        ((13, 1), True)
        """
        chosen = check_known_positions(self.title, self.known_positions(), positions)
        for bet in bets:
            if not self.counts_known(bet):
                raise KnowledgeError(
                    f"{self.title}: the bet {bet.name} reads the cards of several hands as one, so it cannot "
                    "be split by the cards seen; leave it out"
                )
        self.check(shoe)
        total, divisor = self._total(shoe)
        split = SeenSplit(self.dealing, chosen)
        total *= split.factor
        found: list[tuple[Array, BetCells]] = []
        totals: dict[int, int] = {}
        for bet in bets:
            view = view_of(
                self.dealing, tuple(dict.fromkeys((*bet.positions, *split.items))) if bet.positions else ()
            )
            blocks = self._blocks(shoe, view)
            if total >= 2**62:
                for block in blocks:
                    block.counts = block.counts.astype(object)
            counts = self._classifier.cells_by_part(bet, view, blocks, split, 14 ** len(chosen))
            found.append((counts, self.bet_cells(bet)))
            if not totals:
                for block in blocks:
                    classes, parts, ways = split(block)
                    for part, value in zip(
                        parts.tolist(), (block.counts[classes] * ways).tolist(), strict=True
                    ):
                        totals[part] = totals.get(part, 0) + int(value)
        keys = split.keys
        rows = np.array(list(keys), dtype=np.intp).reshape(len(keys), len(chosen))
        unique, inverse = unique_rows(rows)
        order = np.argsort(inverse, kind="stable")
        cells = tuple(
            _array(
                [
                    [_exact_quotient(v, divisor, bet.name) for v in row.tolist()]
                    for row in counts[: len(keys)][order]
                ],
                (len(keys), counts.shape[1]),
            )
            for (counts, _), bet in zip(found, bets, strict=True)
        )
        part_totals = _array(
            [_exact_quotient(totals.get(int(part), 0), divisor, "deals") for part in order], (len(keys),)
        )
        return KnownTally(
            chosen,
            RANK_CATEGORIES,
            unique,
            part_totals,
            cells,
            tuple(cells_ for _, cells_ in found),
            _exact_quotient(total, divisor, "deals"),
        )

    # --- counting --------------------------------------------------------------------------------

    @collection_paused
    def count(self, shoes: Sequence[Shoe], bets: Sequence[RuleBet[Any]]) -> Tally:
        """Every cell of every bet and every result on every shoe, exactly (in :meth:`unit`).

        Args:
            shoes: The shoes to count, finite or infinite; every finite one must hold at least the longest
                deal.
            bets: The resolved bets to count, in the order of the tally's ``cells``.

        Returns:
            The exact :class:`Tally`.

        Raises:
            ShoeError: When a shoe is too small, or infinite for a deal of any length.
        """
        for shoe in shoes:
            self.check(shoe)
        totals: list[int] = []
        rows: list[list[list[int]]] = [[] for _ in bets]
        won: list[list[int]] = []
        done: dict[Hashable, int] = {}  # shoes alike but for a permutation of suits are counted once
        for shoe in shoes:
            same = done.get(self._alike(shoe))
            if same is not None:
                totals.append(totals[same])
                for row in rows:
                    row.append(row[same])
                won.append(won[same])
                continue
            done[self._alike(shoe)] = len(totals)
            total, divisor = self._total(shoe)
            totals.append(total // divisor)
            blocks: dict[View, list[Block]] = {}
            for index, bet in enumerate(bets):
                view = self.view(bet)
                found = blocks.get(view)
                if found is None:
                    found = blocks[view] = self._blocks(shoe, view)
                counts = self._classifier.cells(bet, view, found)
                rows[index].append([_exact_quotient(value, divisor, bet.name) for value in counts])
            if self.result is not None and self.results:
                view = view_of(self.dealing, ())
                found = blocks.get(view) or self._blocks(shoe, view)
                won.append([_exact_quotient(v, divisor, "results") for v in self._classifier.results(found)])
            else:
                won.append([0] * len(self.results))
            self._classifier.forget()
        cells = []
        for index, bet in enumerate(bets):
            width = len(self._classifier.book(bet).cells)  # a later shoe may have met more cells
            cells.append(_array([row + [0] * (width - len(row)) for row in rows[index]], (len(shoes), width)))
        return Tally(
            _array(totals, (len(shoes),)), tuple(cells), _array(won, (len(shoes), len(self.results)))
        )

    def bet_cells(self, bet: RuleBet[Any]) -> BetCells:
        """The cells of one bet met so far (every outcome, in order, for a bet without a decision).

        Args:
            bet: The resolved bet.

        Returns:
            Its cells and its decision's states, in the order the counts met them.
        """
        return self._classifier.bet_cells(bet)

    def _alike(self, shoe: Shoe) -> Hashable:
        """A key equal for shoes that deal alike: the same up to a permutation of suits, unless the
        dealing reads whole cards."""
        counts = shoe.card_counts
        if self.dealing.reads is Reads.CARDS:
            return (shoe.is_infinite, counts)
        columns = sorted(tuple(counts[rank * 4 + suit] for rank in range(13)) for suit in range(4))
        return (shoe.is_infinite, tuple(columns))

    def _total(self, shoe: Shoe) -> tuple[int, int]:
        """Every padded ordered deal of ``shoe``, and the divisor to the counter's unit."""
        size = shoe.size
        if self._until:
            return math.factorial(size), 1
        longest = self.longest
        total = size**longest if shoe.is_infinite else falling_factorial(size, longest)
        return total, 1 if shoe.is_infinite else self._divisor

    def _blocks(self, shoe: Shoe, view: View) -> list[Block]:
        """Every deal of the view on ``shoe``: blocks of equal prefix, counts over the last item's classes."""
        counts = np.array(shoe.card_counts, dtype=np.int64).reshape(13, 4)
        start: Array = counts if self._suits else counts.sum(axis=1)
        partials = [_Partial((), (), 0, start, 1)]
        for item in view.items[:-1]:
            partials = self._deal(shoe, item, partials)
        total, _ = self._total(shoe)
        dtype: Any = np.int64 if total < 2**62 else object
        return self._last(shoe, view.items[-1], partials, dtype)

    def _skips(self, item: Item, partial: _Partial) -> bool:
        """Whether the step of ``item`` is not dealt to ``partial`` (its ``when`` says no)."""
        if item.when is None:
            return False
        before = tuple(card for card in partial.cards if card[0] not in item.step)
        return not item.when(Dealt(self.dealing.reads, before, partial.hands))

    def _reads(self, card: int) -> int:
        """The category a dealt card is read as (its rank, or the whole card)."""
        return card if self.dealing.reads is Reads.CARDS else card // 4

    def _dealt(self, partial: _Partial) -> Dealt:
        return Dealt(self.dealing.reads, partial.cards, partial.hands)

    def _deal(self, shoe: Shoe, item: Item, partials: list[_Partial]) -> list[_Partial]:
        """Deal one item that a later one depends on, to every partial deal; merge what reads alike."""
        merged: dict[Hashable, _Partial] = {}
        infinite = shoe.is_infinite
        for partial in partials:
            if self._skips(item, partial):
                _merge(merged, partial, self._suits)
                continue
            for cards, hands, used, left, ways in self._branches(item, partial, infinite):
                _merge(merged, _Partial(cards, hands, used, left, ways), self._suits)
        return list(merged.values())

    def _branches(
        self, item: Item, partial: _Partial, infinite: bool
    ) -> list[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, HandView], ...], int, Array, int]]:
        shoe = partial.shoe
        found = []
        if item.kind == "card":
            if self._suits:
                for card in range(52):
                    copies = int(shoe[card // 4, card % 4])
                    if copies:
                        left = shoe if infinite else _minus(shoe, [card])
                        cards = (*partial.cards, (item.name, self._reads(card)))
                        found.append((cards, partial.hands, partial.used + 1, left, partial.ways * copies))
            else:
                for rank in range(13):
                    copies = int(shoe[rank])
                    if copies:
                        left = shoe if infinite else _minus_ranks(shoe, {rank: 1})
                        cards = (*partial.cards, (item.name, rank))
                        found.append((cards, partial.hands, partial.used + 1, left, partial.ways * copies))
            return found
        if item.kind != "hand":
            raise DefinitionError(f"{self.title}: a step dealt until a card stops it must be the last step")
        if infinite or not self._suits:
            classes = hand_classes(item.size, item.flush)
            matrix = shoe[None] if self._suits else _as_matrix(shoe)[None]
            weights = class_counts(classes, matrix, infinite=infinite)[0]
            for index in np.flatnonzero(weights):
                view = classes.view(int(index))
                left = shoe if infinite else _minus_ranks(shoe, _rank_counts(view))
                hands = (*partial.hands, (item.name, view))
                found.append(
                    (partial.cards, hands, partial.used + item.size, left, partial.ways * int(weights[index]))
                )
            return found
        whole = self.dealing.reads is Reads.CARDS
        rows, ways, sizes = exact_hands(shoe, item.size, fold=not whole)
        for row, way, size in zip(rows.tolist(), ways.tolist(), sizes.tolist(), strict=True):
            view = view_of_cards(row, item.flush, whole=whole)
            hands = (*partial.hands, (item.name, view))
            found.append(
                (partial.cards, hands, partial.used + item.size, _minus(shoe, row), partial.ways * way * size)
            )
        return found

    def _last(self, shoe: Shoe, item: Item, partials: list[_Partial], dtype: Any) -> list[Block]:
        """Count the last item of every partial deal by formula: blocks by what was read before it."""
        infinite = shoe.is_infinite
        blocks: dict[Hashable, Block] = {}
        longest = shoe.size if self._until else self.longest
        size = shoe.size

        def pad(used: int) -> int:
            if self._until:
                return _factorials(size)[size - used]
            return size ** (longest - used) if infinite else falling_factorial(size - used, longest - used)

        def scaled(values: Array, factor: int) -> Array:
            return np.asarray(values, dtype=dtype) * (factor if dtype is object else np.int64(factor))

        dealt = []
        for partial in partials:
            if self._skips(item, partial):
                counts = np.array([partial.ways * pad(partial.used)], dtype=dtype)
                _add_block(blocks, partial, ("skipped",), counts)
            else:
                dealt.append(partial)
        tail: Hashable
        if item.kind == "hand" and self.dealing.reads is not Reads.CARDS:
            classes = hand_classes(item.size, item.flush)
            tail = ("hand", item.name, item.size, item.flush)
            for start in range(0, len(dealt), 2048):
                chunk = dealt[start : start + 2048]
                matrices = np.array([p.shoe if self._suits else _as_matrix(p.shoe) for p in chunk])
                counts = class_counts(classes, matrices, infinite=infinite)
                for partial, row in zip(chunk, counts, strict=True):
                    _add_block(
                        blocks, partial, tail, scaled(row, partial.ways * pad(partial.used + item.size))
                    )
            return list(blocks.values())
        for partial in dealt:
            if item.kind == "until":
                assert item.until is not None
                tail, values = self._until_tail(item.until, partial, pad)
                _add_block(blocks, partial, tail, np.array(values, dtype=dtype))
            elif item.kind == "card":
                categories = 52 if self.dealing.reads is Reads.CARDS else 13
                by = _category_counts(partial.shoe, self._suits, categories)
                factor = partial.ways * pad(partial.used + 1)
                _add_block(
                    blocks,
                    partial,
                    ("card", item.name, categories),
                    np.array([c * factor for c in by], dtype=dtype),
                )
            else:  # a hand read as whole cards: every hand, one class each
                rows, ways, _ = exact_hands(partial.shoe, item.size, fold=False)
                tail = ("cards", item.name, tuple(map(tuple, rows.tolist())))
                factor = partial.ways * pad(partial.used + item.size)
                _add_block(blocks, partial, tail, np.array([w * factor for w in ways.tolist()], dtype=dtype))
        return list(blocks.values())

    def _until_tail(
        self, until: Until, partial: _Partial, pad: Callable[[int], int]
    ) -> tuple[Hashable, list[int]]:
        categories = 52 if self.dealing.reads is Reads.CARDS else 13
        by = _category_counts(partial.shoe, self._suits, categories)
        dealt = self._dealt(partial)
        stops = tuple(c for c in range(categories) if by[c] and until.stop(dealt, c))
        left = sum(by)
        stopping = sum(by[c] for c in stops)
        going = left - stopping
        key = (until.name, stops, tuple(by[c] for c in stops), going, partial.used)
        base = self._tails.get(key)
        if base is None:  # the same counts for every prefix leaving the same shoe counts (every joker)
            base = []
            if stops:
                run = 1  # ff(going, k - 1)
                for k in range(1, going + 2):
                    pads = run * pad(partial.used + k)
                    base.extend(pads * by[c] for c in stops)
                    run *= going - (k - 1)
            else:
                base.append(math.factorial(going) * pad(partial.used + going))
            if len(self._tails) < 1024:
                self._tails[key] = base
        counts = [value * partial.ways for value in base]
        return ("until", until.name, stops, going), counts

    # --- classification --------------------------------------------------------------------------


# --- helpers -------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _factorials(largest: int) -> tuple[int, ...]:
    """``0!`` to ``largest!``."""
    found = [1]
    for n in range(1, largest + 1):
        found.append(found[-1] * n)
    return tuple(found)


def _exact_quotient(value: int, divisor: int, what: str) -> int:
    quotient, remainder = divmod(int(value), divisor)
    assert not remainder, f"the count of {what} is not whole in the unit"
    return quotient


def _array(rows: Any, shape: tuple[int, ...]) -> Array:
    values = np.array(rows, dtype=object).reshape(shape)
    if all(abs(int(v)) < 2**62 for v in values.ravel().tolist()):
        return values.astype(np.int64)
    return values


def _minus(shoe: Array, cards: Sequence[int]) -> Array:
    left = shoe.copy()
    for card in cards:
        left[card // 4, card % 4] -= 1
    return left


def _minus_ranks(shoe: Array, ranks: dict[int, int]) -> Array:
    left = shoe.copy()
    for rank, count in ranks.items():
        left[rank] -= count
    return left


def _rank_counts(view: HandView) -> dict[int, int]:
    found: dict[int, int] = {}
    for rank in view.ranks:
        found[rank.index] = found.get(rank.index, 0) + 1
    return found


def _as_matrix(totals: Array) -> Array:
    matrix = np.zeros((13, 4), dtype=np.int64)
    matrix[:, 0] = totals
    return matrix


def _category_counts(shoe: Array, suits: bool, categories: int) -> list[int]:
    if categories == 52:
        return [int(v) for v in shoe.reshape(52).tolist()]
    return [int(v) for v in (shoe.sum(axis=1) if suits else shoe).tolist()]


def _merge(merged: dict[Hashable, _Partial], partial: _Partial, suits: bool) -> None:
    shoe = partial.shoe
    if suits:
        columns = sorted(tuple(int(v) for v in shoe[:, s]) for s in range(4))
        left: Hashable = tuple(columns)
    else:
        left = tuple(int(v) for v in shoe)
    key = (partial.cards, partial.hands, partial.used, left)
    found = merged.get(key)
    if found is None:
        merged[key] = _Partial(partial.cards, partial.hands, partial.used, partial.shoe, partial.ways)
    else:
        found.ways += partial.ways


def _add_block(blocks: dict[Hashable, Block], partial: _Partial, tail: Hashable, counts: Array) -> None:
    key = (partial.cards, partial.hands, tail)
    found = blocks.get(key)
    if found is None:
        blocks[key] = Block(partial.cards, partial.hands, tail, counts)
    else:
        found.counts = found.counts + counts
