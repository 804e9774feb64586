"""High Card Pool: the best bet, the expected gain of a turn, and Kelly sizing, all exact.

A bet of ``b`` that wins with chance ``p`` gains ``b`` (the bettor takes back his bet and as much
again from the pool) or loses ``b`` (the bet goes into the pool): its expected gain is
``(2p - 1) b``.  Folding costs the forfeit, which equals the minimum bet, the ante.  Bets run from
the minimum to the pool at that moment; when the pool holds less than the ante, the only bets
left run up to the pool, so the minimum is ``min(ante, pool)``; the forfeit stays the ante.

The decisions are :class:`~cardmath.games.pool.bet_results.BestBet` and
:class:`~cardmath.games.pool.bet_results.KellyBet`, which show themselves in a notebook.

So the bet that maximises the expected gain is:

* ``p > 1/2``: bet the whole pool; the gain ``(2p - 1) pool`` is positive.
* ``p = 1/2``: every bet gains nothing; folding loses the forfeit.  Bet the minimum (of equal
  bets, the smallest, which risks least).
* ``0 < p < 1/2``: the minimum bet loses ``(1 - 2p) minimum`` on average, less than the forfeit
  (when the minimum is the ante, because ``1 - 2p < 1``): bet the minimum.
* ``p = 0``: the minimum bet loses the ante surely, exactly as folding does; cardmath folds (the
  same loss, and the hand stays hidden).  When the pool is below the ante, betting the pool loses
  less than the forfeit, so it bets.

In the banking game there is no ante, no minimum and no forfeit: bet the bank when ``p > 1/2``,
otherwise bet nothing (at ``p = 1/2`` both gain nothing; cardmath bets nothing).

>>> best_bet(Rational(41, 47), pool=10, ante=1)
<BestBet: bet 10 on a win probability of 41/47 (0.872340): expected gain 350/47 (7.446809)>
>>> best_bet(0, pool=10, ante=1).action
<BetAction.FOLD: 'fold'>
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from sympy import Rational

from cardmath.checks import checked
from cardmath.errors import OptionError
from cardmath.games.pool.bet_results import BestBet, KellyBet
from cardmath.games.pool.chances import distribution
from cardmath.games.pool.rules import BetAction, BetRule
from cardmath.numbers import read_rational

__all__ = [
    "Amount",
    "BestBet",
    "KellyBet",
    "Stakes",
    "banker_expected_gain",
    "best_bank_bet",
    "best_bet",
    "best_bet_rule",
    "bet_limits",
    "first_player_expected_gain",
    "kelly_bank_bet",
    "kelly_bet",
    "money",
    "player_bank_expected_gain",
    "turn_gains",
]

Amount: TypeAlias = int | str | Rational
"""An amount of money or a chance: a whole number, an exact ``Rational``, or its text (``"1/2"``)."""


def money(value: Amount, what: str) -> Rational:
    """A positive exact amount of money (``what`` names it in the error).

    Args:
        value: The amount: a whole number, an exact ``Rational``, or text such as ``"2.5"`` or
            ``"5/2"``.
        what: The words naming the amount in an error message, such as ``"the ante"``.

    Returns:
        The amount as an exact ``sympy.Rational``, above zero.

    Raises:
        OptionError: When the value is not a number above zero.

    >>> money("2.5", "the ante")
    5/2
    >>> money(0, "the pool")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the pool must be a positive amount such as 10 or 2.5, not '0'
    """
    return read_rational(
        value, what, minimum=0, above_minimum=True, allowed="a positive amount such as 10 or 2.5"
    )


def _chance(value: Amount) -> Rational:
    return read_rational(value, "a winning chance", minimum=0, maximum=1, allowed="a fraction from 0 to 1")


@checked
def bet_limits(pool: Amount, ante: Amount) -> tuple[Rational, Rational]:
    """The smallest and largest bets allowed: ``(min(ante, pool), pool)``.

    Args:
        pool: The money in the pool at the moment of the bet, above zero.
        ante: The ante, which is also the minimum bet and the forfeit, above zero.

    Returns:
        The pair ``(minimum, maximum)`` of exact amounts.

    Raises:
        OptionError: When the pool or the ante is not a positive amount.

    >>> bet_limits(10, 1), bet_limits("1/2", 1)
    ((1, 10), (1/2, 1/2))
    """
    pool_amount, ante_amount = money(pool, "the pool"), money(ante, "the ante")
    return min(ante_amount, pool_amount), pool_amount


@checked
def best_bet(win_probability: Amount, pool: Amount, ante: Amount) -> BestBet:
    """The best decision of a turn in the pool game (see the module text for the derivation).

    Args:
        win_probability: The hand's chance of beating the decision card, from 0 to 1 (a number,
            a ``Rational`` or text such as ``"41/47"``).
        pool: The money in the pool when the turn comes, above zero.
        ante: The ante: the minimum bet when the pool holds at least that much, and the forfeit of
            a fold.

    Returns:
        The action, the amount, its exact expected gain and the chance it was chosen for.

    Raises:
        OptionError: When the chance is outside 0 to 1 or an amount is not positive.

    >>> best_bet(Rational(1, 2), pool=10, ante=1)
    <BestBet: bet 1 on a win probability of 1/2 (0.500000): expected gain 0>
    >>> best_bet(Rational(1, 3), pool=10, ante=2).expected_gain
    -2/3
    """
    chance = _chance(win_probability)
    minimum, maximum = bet_limits(pool, ante)
    forfeit = money(ante, "the ante")
    edge = 2 * chance - 1
    # Equal gains: fold before a bet (the hand stays hidden), a smaller bet before a larger one.
    choices: list[tuple[BetAction, Rational, Rational]] = [
        (BetAction.FOLD, forfeit, -forfeit),
        (BetAction.BET, minimum, edge * minimum),
        (BetAction.BET, maximum, edge * maximum),
    ]
    best = max(choices, key=lambda choice: choice[2])
    action, amount, gain = next(choice for choice in choices if choice[2] == best[2])
    return BestBet(action, amount, gain, chance)


@checked
def best_bet_rule(win_probability: Amount, *, banking: bool = False) -> BetRule:
    """The best decision in words, for a pool of at least the ante (or against a bank).

    Args:
        win_probability: The hand's chance of beating the decision card, from 0 to 1.
        banking: ``True`` for the banking game (bet the bank or nothing), ``False`` (the default)
            for the pool game.

    Returns:
        The rule that names the decision, such as ``BetRule.BET_THE_POOL``.

    Raises:
        OptionError: When the chance is outside 0 to 1.

    >>> [str(best_bet_rule(p)) for p in (Rational(41, 47), Rational(1, 5), 0)]
    ['bet the pool', 'bet the minimum', 'fold']
    >>> best_bet_rule(Rational(1, 2), banking=True)
    <BetRule.NO_BET: 'no bet'>
    """
    chance = _chance(win_probability)
    if 2 * chance > 1:
        return BetRule.BET_THE_BANK if banking else BetRule.BET_THE_POOL
    if banking:
        return BetRule.NO_BET
    return BetRule.BET_THE_MINIMUM if chance > 0 else BetRule.FOLD


@checked
def best_bank_bet(win_probability: Amount, bank: Amount) -> BestBet:
    """The best bet against a bank (banking game: no ante, no minimum, no forfeit).

    Args:
        win_probability: The hand's chance of beating the decision card, from 0 to 1.
        bank: The banker's stake, the most a player may bet, above zero.

    Returns:
        A bet of the whole bank when the chance is above 1/2, otherwise no bet (amount and gain 0).

    Raises:
        OptionError: When the chance is outside 0 to 1 or the bank is not positive.

    >>> best_bank_bet(Rational(3, 4), bank=20)
    <BestBet: bet 20 on a win probability of 3/4 (0.750000): expected gain 10>
    >>> best_bank_bet(Rational(1, 2), bank=20).action
    <BetAction.NO_BET: 'no bet'>
    """
    chance = _chance(win_probability)
    bank_amount = money(bank, "the bank")
    if 2 * chance > 1:
        return BestBet(BetAction.BET, bank_amount, (2 * chance - 1) * bank_amount, chance)
    return BestBet(BetAction.NO_BET, Rational(0), Rational(0), chance)


def _clip(value: Rational, low: Rational, high: Rational) -> Rational:
    return max(low, min(high, value))


@checked
def kelly_bet(win_probability: Amount, bankroll: Amount, pool: Amount, ante: Amount) -> KellyBet:
    """Kelly sizing of one turn in the pool game for a player holding ``bankroll``.

    The model: one bet ``b`` at even money, won with chance ``p``; the bankroll becomes
    ``W + b`` or ``W - b``, or ``W - ante`` on a fold.  The expected logarithm is concave in
    ``b`` with its top at ``b = (2p - 1) W``, so the best allowed bet is that amount clipped to
    ``[minimum, min(pool, W)]`` (the whole allowed maximum when ``p = 1``).  Against the fold, the
    minimum bet (the ante) keeps more log-wealth whenever ``p > 0``, because
    ``p log(W + a) + (1 - p) log(W - a) > log(W - a)``; at ``p = 0`` both leave ``W - a``
    and cardmath folds.  The bankroll must exceed the forfeit.

    Args:
        win_probability: The hand's chance of beating the decision card, from 0 to 1.
        bankroll: The player's money before the turn; it must exceed the ante.
        pool: The money in the pool, the largest bet allowed.
        ante: The ante: the minimum bet (when the pool holds as much) and the forfeit.

    Returns:
        The bet, its share of the bankroll and its exact expected gain.

    Raises:
        OptionError: When the bankroll is not more than the forfeit, an amount is not positive or
            the chance is outside 0 to 1.

    >>> kelly = kelly_bet(Rational(41, 47), bankroll=100, pool=1000, ante=1)
    >>> kelly.amount, kelly.fraction, kelly.expected_gain
    (3500/47, 35/47, 122500/2209)
    >>> kelly_bet(Rational(1, 3), bankroll=100, pool=50, ante=2).amount
    2
    """
    chance = _chance(win_probability)
    minimum, maximum = bet_limits(pool, ante)
    forfeit = money(ante, "the ante")
    wealth = money(bankroll, "the bankroll")
    if wealth <= forfeit:
        raise OptionError(f"the bankroll must be more than the forfeit ({forfeit}), not {bankroll!r}")
    if chance == 0 and minimum == forfeit:
        return KellyBet(BetAction.FOLD, forfeit, forfeit / wealth, -forfeit, chance)
    high = min(maximum, wealth)
    amount = high if chance == 1 else _clip((2 * chance - 1) * wealth, minimum, high)
    return KellyBet(BetAction.BET, amount, amount / wealth, (2 * chance - 1) * amount, chance)


@checked
def kelly_bank_bet(win_probability: Amount, bankroll: Amount, bank: Amount) -> KellyBet:
    """Kelly sizing against a bank: ``(2p - 1) W`` clipped to ``[0, min(bank, W)]``; no bet if ``p <= 1/2``.

    Args:
        win_probability: The hand's chance of beating the decision card, from 0 to 1.
        bankroll: The player's money before the turn, above zero.
        bank: The banker's stake, the largest bet allowed, above zero.

    Returns:
        The bet (or no bet), its share of the bankroll and its exact expected gain.

    Raises:
        OptionError: When an amount is not positive or the chance is outside 0 to 1.

    >>> kelly_bank_bet(Rational(3, 4), bankroll=100, bank=30).amount
    30
    """
    chance = _chance(win_probability)
    wealth = money(bankroll, "the bankroll")
    bank_amount = money(bank, "the bank")
    if 2 * chance <= 1:
        return KellyBet(BetAction.NO_BET, Rational(0), Rational(0), Rational(0), chance)
    high = min(bank_amount, wealth)
    amount = high if chance == 1 else _clip((2 * chance - 1) * wealth, Rational(0), high)
    return KellyBet(BetAction.BET, amount, amount / wealth, (2 * chance - 1) * amount, chance)


@checked
def first_player_expected_gain(pool: Amount, ante: Amount, hand_size: int = 5) -> Rational:
    """The exact expected gain of the first player's turn with the best bet, over every hand and
    decision card (his ante is not counted: it is paid whatever he does).

    Args:
        pool: The money in the pool when the first player's turn comes.
        ante: The ante: minimum bet and forfeit.
        hand_size: The cards in each hand, 5 by default.

    Returns:
        The average gain of the turn as an exact ``Rational``, from a full pack.

    >>> first_player_expected_gain(pool=5, ante=1)
    1733/11186
    """
    table = distribution(hand_size)
    weighted = Rational(0)
    for beaten, hands in enumerate(table.hands_beating):
        if hands:
            weighted += hands * best_bet(Rational(beaten, table.unseen), pool, ante).expected_gain
    return weighted / table.hands


@checked
def player_bank_expected_gain(bank: Amount, hand_size: int = 5) -> Rational:
    """The exact expected gain of one player betting best against a full bank.

    Args:
        bank: The banker's stake, the most the player may bet.
        hand_size: The cards in each hand, 5 by default.

    Returns:
        The player's average gain per turn as an exact ``Rational``, from a full pack.

    >>> player_bank_expected_gain(bank=10)
    11518/16779
    """
    table = distribution(hand_size)
    weighted = Rational(0)
    for beaten, hands in enumerate(table.hands_beating):
        if hands:
            weighted += hands * best_bank_bet(Rational(beaten, table.unseen), bank).expected_gain
    return weighted / table.hands


@checked
def banker_expected_gain(bank: Amount, hand_size: int = 5) -> Rational:
    """The banker's exact expected gain against one player who bets best: the player's loss.

    Args:
        bank: The banker's stake, which a player with a better than even chance bets in full.
        hand_size: The cards in each hand, 5 by default.

    Returns:
        The banker's average gain per player turn, exactly (negative: the banker loses).

    >>> banker_expected_gain(bank=10)
    -11518/16779
    """
    return -player_bank_expected_gain(bank, hand_size)


@dataclass(frozen=True)
class Stakes:
    """What a turn is played for: a pool and an ante (the pool game) or a bank (the banking game).

    Make them with :meth:`pool_game` or :meth:`banking_game`; amounts are read exactly and must be
    positive.  ``amount`` is the pool (or the bank); ``ante`` is ``None`` in the banking game.

    Args:
        amount: The pool at the moment of the turn (pool game) or the bank (banking game), above
            zero; read exactly.
        ante: The ante of the pool game, above zero; ``None`` (the default) for the banking game.

    >>> stakes = Stakes.pool_game(8, 1)
    >>> stakes.best_bet(Rational(41, 47)).amount, stakes.banking
    (8, False)
    >>> Stakes.banking_game("20").best_bet(Rational(1, 2)).action
    <BetAction.NO_BET: 'no bet'>
    """

    amount: Rational
    ante: Rational | None = None

    def __post_init__(self) -> None:
        what = "the bank" if self.ante is None else "the pool"
        object.__setattr__(self, "amount", money(self.amount, what))
        if self.ante is not None:
            object.__setattr__(self, "ante", money(self.ante, "the ante"))

    @classmethod
    def pool_game(cls, pool: Amount, ante: Amount) -> Stakes:
        """A turn of the pool game: the pool at that moment and the ante.

        Args:
            pool: The money in the pool when the turn comes, above zero.
            ante: The ante: minimum bet and forfeit, above zero.

        Returns:
            Stakes with ``amount`` the pool and ``ante`` set.

        >>> Stakes.pool_game("12", "2").ante
        2
        """
        return cls(money(pool, "the pool"), money(ante, "the ante"))

    @classmethod
    def banking_game(cls, bank: Amount) -> Stakes:
        """A turn of the banking game against ``bank``.

        Args:
            bank: The banker's stake, above zero: the most a player may bet.

        Returns:
            Stakes with ``amount`` the bank and no ante.

        >>> Stakes.banking_game(30).banking
        True
        """
        return cls(money(bank, "the bank"))

    @property
    def banking(self) -> bool:
        """Whether the turn is against a bank."""
        return self.ante is None

    def best_bet(self, win_probability: Amount) -> BestBet:
        """The best decision of the turn (:func:`best_bet` or :func:`best_bank_bet`).

        Args:
            win_probability: The hand's chance of beating the decision card, from 0 to 1.

        Returns:
            The decision that maximises the expected gain for these stakes.

        >>> Stakes.pool_game(10, 1).best_bet(0).action
        <BetAction.FOLD: 'fold'>
        """
        if self.ante is None:
            return best_bank_bet(win_probability, self.amount)
        return best_bet(win_probability, self.amount, self.ante)

    def kelly_bet(self, win_probability: Amount, bankroll: Amount) -> KellyBet:
        """Kelly sizing of the turn for ``bankroll`` (:func:`kelly_bet` or :func:`kelly_bank_bet`).

        Args:
            win_probability: The hand's chance of beating the decision card, from 0 to 1.
            bankroll: The player's money before the turn.

        Returns:
            The bet that maximises the expected logarithm of the bankroll for these stakes.

        >>> Stakes.banking_game(30).kelly_bet(Rational(3, 4), 100).amount
        30
        """
        if self.ante is None:
            return kelly_bank_bet(win_probability, bankroll, self.amount)
        return kelly_bet(win_probability, bankroll, self.amount, self.ante)


@checked
def turn_gains(hand_size: int, stakes: Stakes) -> dict[str, Rational]:
    """The exact expected gains of one turn with the best bet, on a full pack, by name: the first
    player's (pool game), or a player's and the banker's against a full bank (banking game).

    Args:
        hand_size: The cards in each hand.
        stakes: The pool and ante, or the bank, the turn is played for.

    Returns:
        The gains by name: ``first_player_expected_gain`` in the pool game;
            ``player_expected_gain_against_bank`` and ``banker_expected_gain`` in the banking game.

    >>> turn_gains(5, Stakes.pool_game(5, 1))
    {'first_player_expected_gain': 1733/11186}
    >>> turn_gains(5, Stakes.banking_game(10))
    {'player_expected_gain_against_bank': 11518/16779, 'banker_expected_gain': -11518/16779}
    """
    if stakes.ante is None:
        gain = player_bank_expected_gain(stakes.amount, hand_size)
        return {"player_expected_gain_against_bank": gain, "banker_expected_gain": -gain}
    return {"first_player_expected_gain": first_player_expected_gain(stakes.amount, stakes.ante, hand_size)}
