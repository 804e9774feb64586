"""High Card Pool's decisions as results that show themselves: the best bet of a turn
(:class:`BestBet`) and its Kelly sizing (:class:`KellyBet`).

:mod:`cardmath.games.pool.betting` makes them (:func:`~cardmath.games.pool.betting.best_bet`,
:func:`~cardmath.games.pool.betting.kelly_bet` and their banking-game forms).  Each has a one-line
``repr`` with the decision and its exact expected gain, a notebook display of its figures, and a
tidy frame of one row.

>>> from cardmath.games.pool.betting import Stakes
>>> Stakes.pool_game(8, 1).best_bet(Rational(41, 47)).to_frame()[["action", "amount", "expected_gain_exact"]]
  action  amount expected_gain_exact
0    bet       8              280/47
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.display import Displayed
from cardmath.games.pool.hand_results import GAME_NAME
from cardmath.games.pool.rules import BetAction
from cardmath.table import Kind, Table
from cardmath.text import decimal_text, fraction_text, percent_text

__all__ = ["BestBet", "KellyBet"]


def _exact(value: Rational) -> str:
    """An exact amount as people read it: ``8``, or ``280/47 (5.957447)``."""
    text = fraction_text(value)
    return text if "/" not in text else f"{text} ({decimal_text(value)})"


def _decision(bet: BestBet | KellyBet) -> str:
    """What a decision does, in words: ``bet 8``, ``fold (forfeit 1)``, ``no bet``."""
    if bet.action is BetAction.FOLD:
        return f"fold (forfeit {_exact(bet.amount)})"
    if bet.action is BetAction.NO_BET:
        return "no bet"
    return f"bet {_exact(bet.amount)}"


def _bet_records(bet: BestBet | KellyBet) -> list[dict[str, Any]]:
    fraction = {"fraction": bet.fraction} if isinstance(bet, KellyBet) else {}
    return [
        {
            "game": GAME_NAME,
            "action": str(bet.action),
            "amount": bet.amount,
            **fraction,
            "expected_gain": bet.expected_gain,
            "win_probability": bet.win_probability,
        }
    ]


def _bet_table(title: str, bet: BestBet | KellyBet) -> Table:
    rows: list[tuple[str, Any]] = [("action", str(bet.action)), ("amount", bet.amount)]
    kinds = [Kind.TEXT, Kind.DECIMAL]
    if isinstance(bet, KellyBet):
        rows.append(("share of the bankroll", bet.fraction))
        kinds.append(Kind.PERCENT)
    rows += [("expected gain", bet.expected_gain), ("win probability", bet.win_probability)]
    return Table(title, ("figure", "value"), tuple(rows), row_kinds=(*kinds, Kind.DECIMAL, Kind.PROBABILITY))


@dataclass(frozen=True, repr=False)
class BestBet(Displayed):
    """The decision that maximises the expected gain of a turn.

    ``action`` is a bet, a fold (pool game: pay the forfeit) or no bet (banking game);
    ``amount`` is the bet, or the forfeit paid, or 0; ``expected_gain`` is exact.

    Args:
        action: What the player does: bet, fold, or (banking game) not bet.
        amount: The money staked; for a fold the forfeit paid; 0 for no bet.
        expected_gain: The exact average money won by the decision (negative for a loss).
        win_probability: The hand's chance of beating the decision card that the decision was
            taken on.

    >>> from cardmath.games.pool.betting import best_bet
    >>> best = best_bet(Rational(41, 47), pool=8, ante=1)  # As,Kh,Qd,Jc,2s beats 41 of 47 unseen cards
    >>> best.action, best.amount, best.expected_gain
    (<BetAction.BET: 'bet'>, 8, 280/47)
    >>> fold = best_bet(0, pool=8, ante=1)
    >>> fold.action, fold.amount, fold.expected_gain
    (<BetAction.FOLD: 'fold'>, 1, -1)
    >>> best, fold  # doctest: +NORMALIZE_WHITESPACE
    (<BestBet: bet 8 on a win probability of 41/47 (0.872340): expected gain 280/47 (5.957447)>,
     <BestBet: fold (forfeit 1) on a win probability of 0: expected gain -1>)
    """

    action: BetAction
    amount: Rational
    expected_gain: Rational
    win_probability: Rational

    def summary(self) -> str:
        """The decision, the chance it was taken on and its expected gain, in one line.

        Returns:
            Such as `bet 8 on a win probability of 41/47 (0.872340): expected gain 280/47 (5.957447)`.
        """
        return (
            f"{_decision(self)} on a win probability of {_exact(self.win_probability)}: expected gain "
            f"{_exact(self.expected_gain)}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The decision's figures.

        Returns:
            One table: the action, the amount, the expected gain and the win probability.
        """
        return (_bet_table("High Card Pool: best bet", self),)

    def records(self) -> list[dict[str, Any]]:
        """The decision as one record.

        Returns:
            One dictionary: `game`, `action`, `amount`, `expected_gain` and `win_probability`.
        """
        return _bet_records(self)


@dataclass(frozen=True, repr=False)
class KellyBet(Displayed):
    """The bet that maximises the expected logarithm of the bankroll after the turn.

    ``fraction`` is ``amount`` over the bankroll; ``expected_gain`` is the plain expected gain.

    Winning 3 times in 4, the best bet stakes the whole pool, Kelly half the bankroll:

    Args:
        action: Bet, fold (pool game, chance 0) or no bet (banking game, chance at most 1/2).
        amount: The money staked, or the forfeit paid on a fold, or 0.
        fraction: ``amount`` over the player's bankroll, exactly.
        expected_gain: The exact average money won by staking ``amount`` (not the log growth).
        win_probability: The hand's chance of beating the decision card.

    >>> from cardmath.games.pool.betting import kelly_bank_bet, kelly_bet
    >>> kelly = kelly_bet(Rational(3, 4), bankroll=100, pool=1000, ante=1)
    >>> kelly.amount, kelly.fraction, kelly.expected_gain
    (50, 1/2, 25)
    >>> kelly  # doctest: +NORMALIZE_WHITESPACE
    <KellyBet: bet 50, 50.0000% of the bankroll, on a win probability of 3/4 (0.750000): expected
     gain 25>
    >>> kelly_bank_bet(Rational(1, 2), bankroll=100, bank=30).action
    <BetAction.NO_BET: 'no bet'>
    """

    action: BetAction
    amount: Rational
    fraction: Rational
    expected_gain: Rational
    win_probability: Rational

    def summary(self) -> str:
        """The bet, its share of the bankroll, the chance and the expected gain, in one line.

        Returns:
            Such as `bet 50, 50.0000% of the bankroll, on a win probability of 3/4 (0.750000):
                expected gain 25`.
        """
        return (
            f"{_decision(self)}, {percent_text(self.fraction)} of the bankroll, on a win probability of "
            f"{_exact(self.win_probability)}: expected gain {_exact(self.expected_gain)}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The bet's figures.

        Returns:
            One table: the action, the amount, its share of the bankroll, the expected gain and the
                win probability.
        """
        return (_bet_table("High Card Pool: Kelly bet", self),)

    def records(self) -> list[dict[str, Any]]:
        """The bet as one record.

        Returns:
            One dictionary: `game`, `action`, `amount`, `fraction` (of the bankroll),
                `expected_gain` and `win_probability`.
        """
        return _bet_records(self)
