"""What counts a game's bets: the :class:`Counter` hook the engine's verbs work through, and
:class:`DealingCounter`, what the engine's own counters of a
:class:`~cardmath.engine.dealing.Dealing` share.

A counter answers cells and counts; everything else (house edges, removal, known cards, card by
card dealing) has a working default a game's own counter may override for speed.

>>> from cardmath.games.casino_war import GAME
>>> counter = GAME.counter(GAME.default_rules)
>>> isinstance(counter, DealingCounter), counter.longest  # a tie goes to war: three burned, two more dealt
(True, 7)
"""

from __future__ import annotations

import abc
import functools
import gc
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from cardmath.bets import RuleBet
from cardmath.engine.cells import ORDERED_DEALS, WEIGHTS, Array, BetCells, Tally
from cardmath.engine.dealing import Dealing, Dealt
from cardmath.engine.knowledge import RANK_CATEGORIES, KnownTally
from cardmath.errors import OptionError, ShoeError
from cardmath.shoe import Shoe

if TYPE_CHECKING:
    from cardmath.engine.settle import HouseEdges

__all__ = ["Counter", "DealingCounter", "collection_paused"]

DealT = TypeVar("DealT")
CallT = TypeVar("CallT", bound=Callable[..., Any])


def collection_paused(function: CallT) -> CallT:
    """Run ``function`` with Python's cycle collector paused (and restored as it was after).

    Counting makes many small objects and no reference cycles, so every object it drops is freed at
    once; the collector would only scan the whole process again and again (after importing SymPy and
    NumPy, half the time of a first count of Andar Bahar on eight decks).

    Args:
        function: The counting function.

    Returns:
        The function, wrapped.

    >>> collection_paused(lambda: gc.isenabled())(), gc.isenabled()
    (False, True)
    """

    @functools.wraps(function)
    def paused(*arguments: Any, **options: Any) -> Any:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return function(*arguments, **options)
        finally:
            if enabled:
                gc.enable()

    return paused  # type: ignore[return-value]


class Counter(abc.ABC):
    """What counts a game's bets: the engine asks it for cells and counts, and nothing else.

    Subclasses give :attr:`longest`, :meth:`bet_cells` and :meth:`count`; the rest has working
    defaults a counter may override for speed (baccarat's overrides :meth:`house_edges` and
    :meth:`row_edges` with its batch, and :meth:`deal_round` with its drawing rules).

    >>> from cardmath.games.dragon_tiger import GAME
    >>> counter = GAME.counter(GAME.default_rules)
    >>> isinstance(counter, Counter), counter.longest, counter.results
    (True, 2, ('dragon_wins', 'tiger_wins', 'ties'))
    """

    title: str = "this game"
    longest_deal: str = ""
    results: tuple[str, ...] = ()
    """The names of who won each deal (the columns of :attr:`Tally.results`), if the game says."""

    @property
    @abc.abstractmethod
    def longest(self) -> int:
        """The most cards a deal uses: every deal is padded to it, and a shoe must hold as many."""

    @abc.abstractmethod
    def bet_cells(self, bet: RuleBet[Any]) -> BetCells:
        """The cells of one bet.

        Args:
            bet: The resolved bet to classify; its rule and decision decide the cells, its pays do not.

        Returns:
            The bet's cells and the states of its decision.
        """

    @abc.abstractmethod
    def count(self, shoes: Sequence[Shoe], bets: Sequence[RuleBet[Any]]) -> Tally:
        """Every cell of every bet on every shoe, exactly.

        Args:
            shoes: The shoes to count, finite or infinite; every finite one must hold at least the longest
                deal.
            bets: The resolved bets to count, in the order of the tally's ``cells``.

        Returns:
            The exact :class:`Tally`: each shoe's total, each bet's cell counts and who won.
        """

    def reads_suits(self, bets: Sequence[RuleBet[Any]]) -> bool:
        """Whether a bet can tell two cards of one rank apart (then a card's effect of removal
        depends on its suit).

        Args:
            bets: The bets that will be evaluated together.

        Returns:
            ``True`` (the default, always safe) when some bet may read suits, ``False`` when ranks are all
                they read.
        """
        return True

    def house_edges(self, shoes: Sequence[Shoe], bets: Sequence[RuleBet[Any]]) -> list[HouseEdges] | None:
        """A faster way to the house edge of every bet on many shoes, or ``None`` (the default:
        the engine settles the cell counts of :meth:`count`).

        Args:
            shoes: The shoes to count, finite or infinite; every finite one must hold at least the longest
                deal.
            bets: The resolved bets whose house edges are wanted.

        Returns:
            One :class:`~cardmath.engine.settle.HouseEdges` per shoe, or ``None`` to let the engine settle the
                counts itself.
        """
        return None

    def row_edges(self, rows: Array, bets: Sequence[RuleBet[Any]]) -> dict[str, tuple[Array, Array]]:
        """The exact house edges, as (numerators, denominators), of the bets this counter can
        evaluate in bulk on many finite shoes given by their counts of the 52 cards (one row per
        shoe: a counting study asks this for every round of every shoe); the bets it leaves out
        are evaluated through Shoe objects.  The default leaves out every bet.

        Args:
            rows: An integer array of shape ``(shoes, 52)``: each shoe's copies of every card, by
                :attr:`~cardmath.cards.Card.index`.
            bets: The resolved bets a study wants evaluated on every row.

        Returns:
            By bet name, the numerators and the denominators of its house edge on every row; bets left out are
                absent (the default returns an empty dict).
        """
        return {}

    def deal_round(self, order: Sequence[int], position: int) -> tuple[Any, int]:
        """Deal one round from a shuffled shoe (``order``: card indices, see
        :attr:`~cardmath.cards.Card.index`) from ``position``: what the bets read of it, and the
        number of cards it used (burns included).  A counting study deals shoes with it.

        Args:
            order: The shuffled shoe as card indices, first card first.
            position: The index in ``order`` of the round's first card.

        Returns:
            What the bets read of the round, and how many cards of ``order`` it used.

        Raises:
            OptionError: By default: the game cannot be dealt card by card.
        """
        raise OptionError(f"{self.title} cannot be dealt card by card")

    def known_positions(self) -> tuple[str, ...]:
        """The positions of the deal a player could see before a bet is settled, in deal order
        (:mod:`cardmath.engine.knowledge`); none by default.

        Returns:
            The position names :meth:`count_known` accepts.
        """
        return ()

    def counts_known(self, bet: RuleBet[Any]) -> bool:
        """Whether :meth:`count_known` can count ``bet`` (every bet by default).

        Args:
            bet: A resolved bet of the game.

        Returns:
            ``True`` when the bet's outcomes can be counted by what is seen.
        """
        return True

    def known_categories(self) -> tuple[str, ...]:
        """The categories a known card is told by: the ranks (``2`` to ``A``) by default.

        Returns:
            The category names of the keys of :meth:`count_known`.
        """
        return RANK_CATEGORIES

    def count_known(self, shoe: Shoe, bets: Sequence[RuleBet[Any]], positions: Sequence[str]) -> KnownTally:
        """Every deal of ``shoe`` split by the cards at ``positions``, each bet's cells counted in
        each part (:class:`~cardmath.engine.knowledge.KnownTally`).

        Args:
            shoe: The shoe dealt from, finite or infinite.
            bets: The resolved bets to count.
            positions: The positions whose cards are known, each one of :meth:`known_positions`.

        Returns:
            The exact known tally.

        Raises:
            OptionError: When the game cannot split its deals by what is seen (the default).
        """
        raise OptionError(f"{self.title}: the information analysis is not available for this game")

    def shoe_burn(self, exposed: int) -> int:
        """The cards burned at the start of a shoe after its first card, which is shown (``exposed``,
        a card index): none by default.

        Args:
            exposed: The index (:attr:`~cardmath.cards.Card.index`) of the shoe's first card, turned face up.

        Returns:
            The number of cards burned after the exposed card; 0 by default.
        """
        return 0

    def unit(self, shoe: Shoe) -> str:
        """What the counts of ``shoe`` count (:data:`~cardmath.engine.cells.ORDERED_DEALS` by default;
        :data:`~cardmath.engine.cells.WEIGHTS` for an infinite shoe).

        Args:
            shoe: The shoe counted.

        Returns:
            The unit's name, a key of :data:`~cardmath.engine.cells.UNIT_WORDS`.
        """
        return WEIGHTS if shoe.is_infinite else ORDERED_DEALS

    def check(self, shoe: Shoe) -> None:
        """Refuse a finite shoe that cannot deal the longest deal.

        Args:
            shoe: The shoe to be dealt; an infinite shoe always passes.

        Raises:
            ShoeError: When a finite shoe holds fewer cards than the longest deal.
        """
        if not shoe.is_infinite and shoe.size < self.longest:
            why = self.longest_deal or f"a deal can use up to {self.longest} cards"
            raise ShoeError(
                f"{self.title}: {why}, so the shoe must hold at least {self.longest} cards, not {shoe.size}"
            )


class DealingCounter(Counter, Generic[DealT]):
    """What the engine's counters of a :class:`~cardmath.engine.dealing.Dealing` share: the dealing,
    the function turning its cards into what the bets read, the game's words and who won
    (:class:`DealCounter` walks deals of cards in order; :class:`~cardmath.engine.hands.HandCounter`
    counts hands and deals of any length).

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

    >>> from cardmath.engine.dealing import Reads, Step
    >>> from cardmath.engine.tally import DealCounter
    >>> DealCounter(Dealing((Step(("a", "b")),), Reads.RANKS), lambda d: d, "Pairs").title
    'Pairs'
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
        self.dealing = dealing
        self.deal = deal
        self.title = title
        self.result = result
        self.results = results
        self.longest_deal = longest_deal

    @property
    def longest(self) -> int:
        """The most cards a deal uses, burns included: the dealing's
        :attr:`~cardmath.engine.dealing.Dealing.longest`."""
        return self.dealing.longest
