"""Counting a game's bets on shoes: :class:`DealCounter`, the counter that interprets a
:class:`~cardmath.engine.dealing.Dealing` deal by deal.

A bet is counted by *cells*.  A bet without a decision has one cell per outcome.  A bet with a
:class:`~cardmath.bets.Decision` has one cell per (state, choice, outcome) that some deal reaches:
every deal of a state is counted once under each choice, so the engine can choose, shoe by shoe,
the best choice of every state (:mod:`cardmath.engine.settle`).

:class:`DealCounter` walks every deal of the dealing once, independent of the shoe
(:func:`~cardmath.engine.dealing.deal_sequences`), asks each bet's rule for its outcome, and keeps,
for every multiset of categories, how many deal sequences fall in each cell.  By the counting
identity of :mod:`cardmath.enumeration`, a shoe deals a sequence of multiset ``m`` in
``prod ff(n_c, m_c) * ff(N - k, K - k)`` ordered ways (``K`` the longest deal, ``k`` the cards the
sequence reads); so counting many shoes is one matrix product: the ways of every multiset in every
shoe times each bet's cells by multiset.  An infinite shoe's draws are independent: its falling
factorials become powers.

A definition may bring a counter of its own (baccarat's drawing rules and fast batch do): it
subclasses :class:`~cardmath.engine.counter.Counter` and every verb of the engine works through it unchanged.

>>> from cardmath.bets import RuleBet
>>> from cardmath.engine.dealing import Dealing, Reads, Step
>>> coin = DealCounter(Dealing((Step(("card",)),), Reads.RANKS), lambda dealt: dealt.rank("card"), "Coin")
>>> high = RuleBet.define("high", lambda rank: "high" if rank >= 8 else "low", {"high": 1, "low": -1})
>>> tally = coin.count([Shoe.standard(1), Shoe.infinite()], [high])
>>> tally.totals.tolist(), tally.cells[0].tolist()
([52, 52], [[28, 24], [28, 24]])
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

import numpy as np

from cardmath.bets import RuleBet
from cardmath.engine.cells import (
    INT64_LIMIT,
    Array,
    BetCells,
    Cell,
    Tally,
    count_dtype,
)
from cardmath.engine.counter import DealingCounter
from cardmath.engine.dealing import BURN, Dealt, Reads, Step, category_names, deal_sequences
from cardmath.engine.knowledge import RANK_CATEGORIES, KnownTally, check_known_positions, unique_rows
from cardmath.enumeration import multiset_of
from cardmath.errors import OptionError
from cardmath.shoe import Shoe

__all__ = [
    "INT64_LIMIT",
    "Array",
    "BetCells",
    "Cell",
    "DealCounter",
    "Tally",
    "count_dtype",
]

DealT = TypeVar("DealT")


class DealCounter(DealingCounter[DealT]):
    """The counter of a :class:`~cardmath.engine.dealing.Dealing`: every deal walked once, each
    bet's cells counted by multiset, shoes counted by one matrix product.

    ``deal`` turns the cards of a deal (:class:`~cardmath.engine.dealing.Dealt`) into what the
    bets read; ``result`` (optional) names who won each deal, one of ``results``.

    Args:
        dealing: The steps of the deal and what they read of each card.
        deal: The function turning a deal's cards (a :class:`~cardmath.engine.dealing.Dealt`) into the value
            each bet's rule reads.
        title: The game's name, for error messages.
        result: A function naming who won a deal (one of ``results``) from the value ``deal`` gives; ``None``
            when the game names no results.
        results: The names of who wins, the columns of :attr:`Tally.results`; empty by default.
        longest_deal: Words telling why a deal needs as many cards as it does, for the short-shoe error; empty
            for generic words.

    >>> from cardmath.engine.dealing import Dealing, Reads, Step
    >>> pair = DealCounter(Dealing((Step(("a", "b")),), Reads.RANKS), lambda d: d, "Pairs")
    >>> pair.longest, pair.check(Shoe.standard(1))
    (2, None)
    """

    def reads_suits(self, bets: Sequence[RuleBet[Any]]) -> bool:
        """Whether the dealing reads whole cards (then a card's suit may matter to a bet).

        Args:
            bets: The bets that will be evaluated together (the dealing alone decides).

        Returns:
            ``True`` when the dealing reads cards, ``False`` when it reads ranks only.
        """
        return self.dealing.reads.categories == 52

    def known_positions(self) -> tuple[str, ...]:
        """The positions of the dealing's cards a player could see (burns left out), in deal order.

        Returns:
            Every named position of every step, each once: those a known tally can split by.

        >>> from cardmath.games.casino_war import GAME
        >>> GAME.counter(GAME.default_rules).known_positions()
        ('player', 'dealer', 'player war', 'dealer war')
        """
        seen: dict[str, None] = {}
        for step in self.dealing.steps:
            for name in step.positions:
                if name != BURN:
                    seen.setdefault(name, None)
        return tuple(seen)

    def count_known(self, shoe: Shoe, bets: Sequence[RuleBet[Any]], positions: Sequence[str]) -> KnownTally:
        """The deals split by the ranks at ``positions``: every deal sequence the engine walks, put
        in the part of its ranks at those positions and weighted by its ordered ways on ``shoe``.

        Args:
            shoe: The shoe dealt from, finite or infinite.
            bets: The resolved bets to count, with or without a decision.
            positions: The positions whose ranks are known, each one of :meth:`known_positions`.

        Returns:
            The exact :class:`~cardmath.engine.knowledge.KnownTally`, by rank.

        Raises:
            OptionError: For a position the dealing does not have.
            ShoeError: When a finite shoe holds fewer cards than the longest deal.

        >>> from cardmath.games.casino_war import GAME
        >>> counter = GAME.counter(GAME.default_rules)
        >>> bets = list(GAME.built_in_bets().values())
        >>> tally = counter.count_known(Shoe.standard(1), bets, ["player war"])
        >>> tally.keys[0].tolist(), tally.total == int(tally.totals.sum())  # no war: not dealt
        ([-1], True)
        """
        chosen = check_known_positions(self.title, self.known_positions(), positions)
        self.check(shoe)
        dealts, _ = self._deals
        dtype = count_dtype([shoe], self.longest)
        weights, totals = self._weights([shoe], dtype)
        per_sequence = weights[0][self._multisets[0]]
        by_rank = self.dealing.reads is Reads.CARDS
        keys = np.full((len(dealts), len(chosen)), -1, dtype=np.intp)
        for row, dealt in enumerate(dealts):
            cards = dict(dealt.cards)
            for column, position in enumerate(chosen):
                if position in cards:
                    keys[row, column] = cards[position] // 4 if by_rank else cards[position]
        unique, inverse = unique_rows(keys)
        part_totals = np.zeros(len(unique), dtype=dtype)
        np.add.at(part_totals, inverse, per_sequence)
        cells: list[Array] = []
        described: list[BetCells] = []
        for bet in bets:
            found, states, columns = _classified(self, *_key(bet))
            counts = np.zeros((len(unique), len(found)), dtype=dtype)
            for column in range(columns.shape[1]):
                # a deal counts once in each distinct cell of its row, as the engine's own count does
                fresh = _first_in_row(columns, column)
                np.add.at(counts, (inverse[fresh], columns[fresh, column]), per_sequence[fresh])
            cells.append(counts)
            described.append(BetCells(found, states))
        return KnownTally(
            chosen, RANK_CATEGORIES, unique, part_totals, tuple(cells), tuple(described), int(totals[0])
        )

    @functools.cached_property
    def _deals(self) -> tuple[tuple[Dealt, ...], tuple[DealT, ...]]:
        sequences = deal_sequences(self.dealing)
        return sequences, tuple(self.deal(dealt) for dealt in sequences)

    @functools.cached_property
    def _multisets(self) -> tuple[Array, Array, Array, Array]:
        """Each sequence's multiset (an index), and per multiset its categories, multiplicities
        and number of cards, as arrays padded with (category 0, multiplicity 0)."""
        found: dict[tuple[tuple[int, int], ...], int] = {}
        index = np.array(
            [found.setdefault(multiset_of(dealt.categories), len(found)) for dealt in self._deals[0]],
            dtype=np.intp,
        )
        width = max((len(multiset) for multiset in found), default=1) or 1
        categories = np.zeros((len(found), width), dtype=np.intp)
        multiplicities = np.zeros((len(found), width), dtype=np.intp)
        for row, multiset in enumerate(found):
            for column, (category, multiplicity) in enumerate(multiset):
                categories[row, column] = category
                multiplicities[row, column] = multiplicity
        return index, categories, multiplicities, multiplicities.sum(axis=1)

    def _outcome(self, name: str, positions: dict[str, int], dealt: Dealt, outcome: object) -> int:
        if isinstance(outcome, str) and outcome in positions:
            return positions[outcome]
        names = category_names(self.dealing.reads)
        cards = ", ".join(f"{position} {names[category]}" for position, category in dealt.cards)
        raise OptionError(
            f"the rule of bet {name!r} gave outcome {outcome!r} for {cards}, which is not one of its "
            f"outcomes ({', '.join(positions)})"
        )

    def bet_cells(self, bet: RuleBet[Any]) -> BetCells:
        """The cells of one bet, found by asking its rule about every deal once (cached per rule, outcomes
        and decision).

        Args:
            bet: The resolved bet to classify; bets that differ only in their pays share cells.

        Returns:
            The bet's cells, every outcome in par-sheet order for a bet without a decision, and its decision's
                states.
        """
        cells, states, _ = _classified(self, *_key(bet))
        return BetCells(cells, states)

    def _projection(self, key: _Key | None) -> Array:
        """``P[m, c]``: the deal sequences of multiset ``m`` in cell ``c`` of the bet ``key``
        describes (``None``: the results)."""
        index = self._multisets[0]
        if key is None:
            width = len(self.results)
            columns = np.zeros((len(index), 1), dtype=np.intp)
            if self.result is not None:
                where = {name: i for i, name in enumerate(self.results)}
                columns[:, 0] = [where[self.result(deal)] for deal in self._deals[1]]
        else:
            cells, _, columns = _classified(self, *key)
            width = len(cells)
        projection = np.zeros((len(self._multisets[1]), width), dtype=np.int64)
        if width:
            # a deal counts once in each distinct cell of its row
            for column in range(columns.shape[1]):
                fresh = _first_in_row(columns, column)
                np.add.at(projection, (index[fresh], columns[fresh, column]), 1)
        return projection

    def _weights(self, shoes: Sequence[Shoe], dtype: Any) -> tuple[Array, Array]:
        """``W[s, m]``: the ordered (padded) ways shoe ``s`` deals a sequence of multiset ``m``, and
        each shoe's total ``ff(N, K)`` (``N ** K`` for an infinite shoe)."""
        _, categories, multiplicities, used = self._multisets
        longest = self.longest
        counts = np.array([self.dealing.reads.counts(shoe) for shoe in shoes], dtype=dtype)
        finite = np.array([0 if shoe.is_infinite else 1 for shoe in shoes], dtype=dtype)
        sizes = counts.sum(axis=1)
        falling = np.ones((len(shoes), counts.shape[1], longest + 1), dtype=dtype)
        pads = np.ones((len(shoes), longest + 1), dtype=dtype)
        for m in range(1, longest + 1):
            falling[:, :, m] = falling[:, :, m - 1] * (counts - (m - 1) * finite[:, None])
        for k in range(longest + 1):
            for i in range(longest - k):
                pads[:, k] = pads[:, k] * (sizes - (k + i) * finite)
        weights = pads[:, used]
        for column in range(categories.shape[1]):
            weights = weights * falling[:, categories[:, column], multiplicities[:, column]]
        return weights, pads[:, 0]

    def deal_round(self, order: Sequence[int], position: int) -> tuple[DealT, int]:
        """Deal one round by the dealing's steps from physical cards.

        Args:
            order: The shuffled shoe as card indices (:attr:`~cardmath.cards.Card.index`), first card first.
            position: The index in ``order`` of the round's first card; the round reads the cards that follow.

        Returns:
            The value ``deal`` makes of the round's cards, and how many cards of ``order`` the round used
                (burns included).

        >>> from cardmath.cards import Card
        >>> from cardmath.engine.dealing import Dealing, Reads, Step
        >>> def ranks(dealt: Dealt) -> tuple[str, str]:
        ...     return dealt.rank("a").symbol, dealt.rank("b").symbol
        >>> high = DealCounter(Dealing((Step(("a", "b")),), Reads.RANKS), ranks, "High")
        >>> high.deal_round([Card.parse("Kd").index, Card.parse("2c").index, 0], 0)
        (('K', '2'), 2)
        """
        read = self.dealing.reads
        dealt: list[tuple[str, int]] = []
        used = 0
        for step in self.dealing.steps:
            assert isinstance(step, Step), "the deal counter deals cards in order"
            if step.when is not None and not step.when(Dealt(read, tuple(dealt))):
                continue
            for name in step.positions:
                card = int(order[position + used])
                used += 1
                if name != BURN:
                    dealt.append((name, card // 4 if read.categories == 13 else card))
        return self.deal(Dealt(read, tuple(dealt))), used

    def count(self, shoes: Sequence[Shoe], bets: Sequence[RuleBet[Any]]) -> Tally:
        """Every cell of every bet and every result on every shoe, exactly, by one matrix product of the
        shoes' ways to deal each multiset and the deals of each multiset in each cell.

        Args:
            shoes: The shoes to count, finite or infinite; every finite one must hold at least the longest
                deal.
            bets: The resolved bets to count, in the order of the tally's ``cells``.

        Returns:
            The exact :class:`Tally` (``int64`` counts where every count fits, Python ints beyond).

        Raises:
            ShoeError: When a finite shoe holds fewer cards than the longest deal.
        """
        for shoe in shoes:
            self.check(shoe)
        dtype = count_dtype(shoes, self.longest)
        weights, totals = self._weights(shoes, dtype)
        projections = [_projection_of(self, *_key(bet)) for bet in bets]
        results = _projection_of(self, None, (), None, "")
        joined = np.hstack([*projections, results]).astype(dtype)
        counted = weights @ joined
        bounds = np.cumsum([0, *(p.shape[1] for p in projections)]).tolist()
        return Tally(
            totals,
            tuple(counted[:, bounds[i] : bounds[i + 1]] for i in range(len(bets))),
            counted[:, bounds[-1] :],
        )


_Key = tuple[Callable[..., str], tuple[str, ...], Any, str]


def _key(bet: RuleBet[Any]) -> _Key:
    """What a bet's cells depend on: its rule, outcomes and decision (not its pays); its name for
    the messages."""
    return bet.rule, bet.outcomes(), bet.decision, bet.name


@functools.lru_cache(maxsize=512)
def _classified(
    counter: DealCounter[Any], rule: Callable[..., str], outcomes: tuple[str, ...], decision: Any, name: str
) -> tuple[tuple[Cell, ...], tuple[Hashable, ...], Array]:
    """Ask a bet's rule about every deal once: its cells, its decision's states, and the cell of
    each deal (one column per choice of the decision)."""
    positions = {outcome: i for i, outcome in enumerate(outcomes)}
    dealts, deals = counter._deals
    found: dict[Cell, int] = {}
    states: dict[Hashable, int] = {}
    columns: list[list[int]] = []
    if decision is None:
        for dealt, deal in zip(dealts, deals, strict=True):
            outcome = counter._outcome(name, positions, dealt, rule(deal))
            columns.append([found.setdefault(Cell(outcome), len(found))])
        # every outcome has a cell, in par-sheet order, even one no deal reaches
        order = [Cell(outcome) for outcome in range(len(positions))]
        remap = {found[cell]: i for i, cell in enumerate(order) if cell in found}
        table = np.array([[remap[c] for c in row] for row in columns], dtype=np.intp)
        return tuple(order), (), table
    width = len(decision.choices)
    for dealt, deal in zip(dealts, deals, strict=True):
        key = decision.state(counter.deal(dealt.restricted(decision.sees)) if decision.sees else deal)
        if key is None:
            # no choice is offered in this deal: counted once, whatever the choice
            outcome = counter._outcome(name, positions, dealt, rule(deal, decision.choices[0]))
            cell = found.setdefault(Cell(outcome), len(found))
            columns.append([cell] * width)
            continue
        state = states.setdefault(key, len(states))
        row = []
        for choice, word in enumerate(decision.choices):
            outcome = counter._outcome(name, positions, dealt, rule(deal, word))
            row.append(found.setdefault(Cell(outcome, state, choice), len(found)))
        columns.append(row)
    return tuple(found), tuple(states), np.array(columns, dtype=np.intp)


def _first_in_row(columns: Array, column: int) -> Array:
    """Which deals meet their cell of ``column`` for the first time in their row: a deal counts
    once in each distinct cell (a deal offering no choice repeats one cell across the choices)."""
    fresh = np.ones(len(columns), dtype=bool)
    for earlier in range(column):
        fresh &= columns[:, column] != columns[:, earlier]
    return fresh


@functools.lru_cache(maxsize=512)
def _projection_of(
    counter: DealCounter[Any],
    rule: Callable[..., str] | None,
    outcomes: tuple[str, ...],
    decision: Any,
    name: str,
) -> Array:
    return counter._projection(None if rule is None else (rule, outcomes, decision, name))
