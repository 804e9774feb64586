"""High Card Pool's players: what one sees at his turn, and the ways of betting the simulation plays.

A strategy is any object with a ``name`` and a ``bet(view)`` method (:class:`Strategy`); three
are built in: the best bet for the expected gain, a fixed bet, and Kelly sizing, each of which
counts the exact chance from the cards its holder has seen (or from his own hand only).

>>> strategy_named("best"), strategy_named("fixed-3")
(BestBetStrategy(use_shown=True), FixedBetStrategy(amount=3))
>>> strategy_named("fixed-²")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardmath.errors.OptionError: strategy fixed-N bets N chips: N must be a whole number 1 or more, not '²'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from sympy import Rational

from cardmath.cards import Card
from cardmath.checks import checked
from cardmath.errors import OptionError
from cardmath.games.pool.betting import kelly_bank_bet, kelly_bet
from cardmath.games.pool.chances import count_beaten_unchecked
from cardmath.games.pool.rules import PACK_SIZE, BetAction, StrategyName
from cardmath.numbers import read_whole

__all__ = [
    "FIXED_PREFIX",
    "BestBetStrategy",
    "FixedBetStrategy",
    "KellyStrategy",
    "Strategy",
    "TurnView",
    "strategy_named",
]

FIXED_PREFIX = "fixed-"
"""The start of a fixed strategy's name: ``fixed-N`` bets N chips."""


@dataclass(frozen=True)
class TurnView:
    """What a player knows at his turn.  ``pool`` is the pool (or the bank in the banking game);
    a bet runs from ``minimum_bet`` to ``maximum_bet``; a bet of 0 folds (paying ``forfeit``) or,
    in the banking game, is no bet.  ``bankroll`` is the player's bankroll at his turn (``None``:
    unlimited); ``maximum_bet`` is never more than it.

    Args:
        hand: The player's cards.
        seen: Every other card shown to him so far this round (decision and burnt cards, hands
            shown), which cannot decide his bet.
        pool: The chips in the pool, or in the bank in the banking game.
        minimum_bet: The smallest bet allowed, in chips (0 in the banking game).
        maximum_bet: The largest bet allowed, in chips: the pool or bank, capped by the bankroll.
        forfeit: The chips a fold costs (the ante; 0 in the banking game).
        banking: Whether the turn is against a bank rather than for the pool.
        bankroll: The player's chips at his turn; ``None`` (the default) for unlimited.

    >>> from cardmath.cards import parse_cards
    >>> hand = parse_cards("As,Kh,Qd,Jc,2s")  # beats 41 of the 47 unseen cards
    >>> view = TurnView(hand, seen=(), pool=8, minimum_bet=1, maximum_bet=8, forfeit=1, banking=False)
    >>> BestBetStrategy().bet(view), FixedBetStrategy(3).bet(view)
    (8, 3)
    """

    hand: tuple[Card, ...]
    seen: tuple[Card, ...]
    pool: int
    minimum_bet: int
    maximum_bet: int
    forfeit: int
    banking: bool
    bankroll: int | None = None


@runtime_checkable
class Strategy(Protocol):
    """A player's way of betting: ``bet(view)`` returns the bet in chips, 0 to fold or not bet.

    >>> class Minimum:
    ...     name = "minimum"
    ...     def bet(self, view: TurnView) -> int:
    ...         return view.minimum_bet
    >>> from cardmath.games.pool.rules import PoolRules
    >>> from cardmath.games.pool.simulation import simulate
    >>> result = simulate(PoolRules(players=2), 10, seed=1, strategies=[Minimum(), FixedBetStrategy(2)])
    >>> [(seat.strategy, seat.gain.samples) for seat in result.seats]
    [('minimum', 10), ('fixed-2', 10)]
    """

    @property
    def name(self) -> str:
        """A short name for reports."""
        ...

    def bet(self, view: TurnView) -> int:
        """The bet for this turn.

        Args:
            view: What the player knows at his turn: his hand, the shown cards, the pool and limits.

        Returns:
            The bet in chips, within the view's limits, or 0 to fold (or not bet against a bank).
        """
        ...


def _chance_counts(view: TurnView, use_shown: bool) -> tuple[int, int]:
    """How many unseen cards the hand beats, and how many cards are unseen: the exact chance of
    winning is their ratio (every shown card counted, or only the player's own hand)."""
    seen = view.seen if use_shown else ()
    return count_beaten_unchecked(view.hand, seen), PACK_SIZE - len(view.hand) - len(seen)


@dataclass(frozen=True)
class BestBetStrategy:
    """The bet of greatest expected gain (see :mod:`cardmath.games.pool.betting`), with the chance
    counted from every card shown (``use_shown=True``) or from the player's own hand only.

    This hand beats 23 cards: 23 of the 44 unseen once three aces are shown, 23 of 47 without them.

    Args:
        use_shown: ``True`` (the default) counts the chance from every card shown at the table;
            ``False`` counts it from the player's own hand only.

    >>> from cardmath.cards import parse_cards
    >>> view = TurnView(parse_cards("Ks,Qh,3d,2c,4c"), parse_cards("As,Ah,Ad"), 8, 1, 8, 1, False)
    >>> BestBetStrategy().bet(view), BestBetStrategy(use_shown=False).bet(view)
    (8, 1)
    """

    use_shown: bool = True

    @property
    def name(self) -> str:
        """``best`` or ``best-ignoring-shown``."""
        return (StrategyName.BEST if self.use_shown else StrategyName.BEST_IGNORING_SHOWN).value

    def bet(self, view: TurnView) -> int:
        """Bet the most when the chance is above 1/2; otherwise the minimum, or nothing when the
        minimum loses as much as the forfeit (the same integer rule as :func:`best_bet`).

        Args:
            view: The turn as the player sees it: his hand, the cards shown and the bet limits.

        Returns:
            The maximum bet, the minimum bet, or 0 for a fold or no bet, in chips.
        """
        beaten, unseen = _chance_counts(view, self.use_shown)
        if 2 * beaten > unseen:
            return view.maximum_bet
        if view.banking:
            return 0
        # Bet the minimum when its expected loss (1 - 2p) * minimum is below the forfeit.
        if (unseen - 2 * beaten) * view.minimum_bet < view.forfeit * unseen:
            return view.minimum_bet
        return 0


@dataclass(frozen=True)
class FixedBetStrategy:
    """Always bets ``amount`` chips, brought within the allowed bets; never folds.

    Args:
        amount: The chips bet at every turn, a whole number 1 or more (1 by default).

    >>> pool_of_8 = TurnView((), (), pool=8, minimum_bet=1, maximum_bet=8, forfeit=1, banking=False)
    >>> bank_of_20 = TurnView((), (), pool=20, minimum_bet=0, maximum_bet=20, forfeit=0, banking=True)
    >>> FixedBetStrategy(20).name, FixedBetStrategy(20).bet(pool_of_8), FixedBetStrategy().bet(bank_of_20)
    ('fixed-20', 8, 1)
    """

    amount: int = 1

    def __post_init__(self) -> None:
        read_whole(self.amount, "the chips of a fixed bet", minimum=1)

    @property
    def name(self) -> str:
        """``fixed-N``."""
        return f"{FIXED_PREFIX}{self.amount}"

    def bet(self, view: TurnView) -> int:
        """The fixed amount, at least the minimum (1 chip in the banking game), at most the pool.

        Args:
            view: The turn as the player sees it; only its bet limits are read.

        Returns:
            The fixed amount brought within the view's minimum and maximum, in chips.
        """
        low = max(view.minimum_bet, 1)
        return max(low, min(view.maximum_bet, self.amount))


@dataclass(frozen=True)
class KellyStrategy:
    """Kelly sizing (see :func:`~cardmath.games.pool.betting.kelly_bet`): the bet that maximises the
    expected logarithm of the bankroll, for the exact chance counted as :class:`BestBetStrategy`
    counts it (from every card shown, or from the player's own hand only).

    The Kelly amount is exact; the bet is that amount **rounded down to a whole chip**.  The limits
    are whole chips and the exact amount lies within them, so the rounded bet does too (against a
    bank, a Kelly amount below 1 chip rounds down to no bet).  A fold or no bet is 0.  When the
    bankroll is no more than the forfeit, every choice can lose it all (Kelly's logarithm is then
    minus infinity whatever the bet, unless the win is sure): the strategy bets the maximum when
    the win is sure, the minimum when it can win, and folds when it cannot.  It needs a finite
    bankroll (``PoolRules(bankroll=...)``).

    This hand beats 41 of the 47 unseen cards: Kelly stakes ``(2 * 41/47 - 1) * 100 = 74.47...``
    of a 100-chip bankroll, so 74 chips, where the best bet stakes the whole pool.

    Args:
        use_shown: ``True`` (the default) counts the chance from every card shown at the table;
            ``False`` from the player's own hand only.

    >>> from cardmath.cards import parse_cards
    >>> hand = parse_cards("As,Kh,Qd,Jc,2s")
    >>> view = TurnView(hand, (), pool=1000, minimum_bet=1, maximum_bet=100, forfeit=1, banking=False,
    ...                 bankroll=100)
    >>> KellyStrategy().bet(view), BestBetStrategy().bet(view), KellyStrategy().name
    (74, 100, 'kelly')
    """

    use_shown: bool = True

    @property
    def name(self) -> str:
        """``kelly`` or ``kelly-ignoring-shown``."""
        return (StrategyName.KELLY if self.use_shown else StrategyName.KELLY_IGNORING_SHOWN).value

    def bet(self, view: TurnView) -> int:
        """The Kelly bet of this turn, rounded down to a whole chip (0 to fold or not bet).

        Args:
            view: The turn as the player sees it; its ``bankroll`` must be a number of chips.

        Returns:
            The Kelly amount in whole chips, or 0 to fold or make no bet.

        Raises:
            OptionError: When the view has no bankroll (unlimited chips).

        >>> bank = TurnView((), (), pool=30, minimum_bet=0, maximum_bet=30, forfeit=0, banking=True,
        ...                 bankroll=50)
        >>> KellyStrategy().bet(bank)  # no card in hand: nothing to win, no bet
        0
        """
        if view.bankroll is None:
            raise OptionError(
                f"strategy {self.name} sizes bets from a bankroll: give every seat a finite bankroll "
                "(PoolRules(bankroll=...), or --bankroll W)"
            )
        beaten, unseen = _chance_counts(view, self.use_shown)
        chance = Rational(beaten, unseen)
        if view.banking:
            sizing = kelly_bank_bet(chance, view.bankroll, view.pool)
        elif view.bankroll <= view.forfeit:
            if beaten == unseen:
                return view.maximum_bet
            return view.minimum_bet if beaten > 0 else 0
        else:
            sizing = kelly_bet(chance, view.bankroll, view.pool, view.forfeit)
        if sizing.action is not BetAction.BET:
            return 0
        return int(sizing.amount.p) // int(sizing.amount.q)


@checked
def strategy_named(name: str) -> Strategy:
    """A strategy from its name: ``best``, ``best-ignoring-shown``, ``kelly``,
    ``kelly-ignoring-shown`` or ``fixed-N`` (N chips, a whole number 1 or more).

    Args:
        name: The strategy's name, as the command line's ``--strategy`` takes it.

    Returns:
        A new strategy object of that kind.

    Raises:
        OptionError: When the name is none of these, or N is not a whole number 1 or more.

    >>> strategy_named("fixed-3").name, strategy_named("kelly").name
    ('fixed-3', 'kelly')
    >>> strategy_named("lucky")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: unknown strategy 'lucky': choose best, best-ignoring-shown, ...
    """
    named: dict[StrategyName, Strategy] = {
        StrategyName.BEST: BestBetStrategy(True),
        StrategyName.BEST_IGNORING_SHOWN: BestBetStrategy(False),
        StrategyName.KELLY: KellyStrategy(True),
        StrategyName.KELLY_IGNORING_SHOWN: KellyStrategy(False),
    }
    if name in named:
        return named[StrategyName(name)]
    if name.startswith(FIXED_PREFIX):
        amount = read_whole(
            name[len(FIXED_PREFIX) :],
            f"strategy {FIXED_PREFIX}N bets N chips: N",
            minimum=1,
        )
        return FixedBetStrategy(amount)
    raise OptionError(
        f"unknown strategy {name!r}: choose {', '.join(named)} or {FIXED_PREFIX}N (N chips, 1 or more)"
    )
