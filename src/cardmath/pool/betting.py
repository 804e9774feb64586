"""High Card Pool: the best bet, the expected gain of a turn, and Kelly sizing, all exact.

A bet of ``b`` that wins with chance ``p`` gains ``b`` (the bettor takes back his bet and as much
again from the pool) or loses ``b`` (the bet goes into the pool): its expected gain is
``(2p - 1) b``.  Folding costs the forfeit, which equals the minimum bet, the ante.  Bets run from
the minimum to the pool at that moment; when the pool holds less than the ante, the only bets
left run up to the pool, so the minimum is ``min(ante, pool)``; the forfeit stays the ante.

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
BestBet(action='bet', amount=10, expected_gain=350/47, win_probability=41/47)
>>> best_bet(0, pool=10, ante=1).action
'fold'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from sympy import Rational

from cardmath.errors import OptionError
from cardmath.exact import to_rational
from cardmath.pool.chances import distribution

__all__ = [
    "BestBet",
    "KellyBet",
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
]

Amount: TypeAlias = int | str | Rational
Action: TypeAlias = Literal["bet", "fold", "no bet"]


def money(value: Amount, what: str) -> Rational:
    """A positive exact amount of money (``what`` names it in the error).

    >>> money("2.5", "the ante")
    5/2
    >>> money(0, "the pool")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the pool must be a positive amount such as 10 or 2.5, not 0
    """
    try:
        amount = to_rational(value)
    except (TypeError, ValueError, SyntaxError, ZeroDivisionError) as error:
        raise OptionError(f"{what} must be a positive amount such as 10 or 2.5, not {value!r}") from error
    if amount <= 0:
        raise OptionError(f"{what} must be a positive amount such as 10 or 2.5, not {value!r}")
    return amount


def _chance(value: Amount) -> Rational:
    try:
        chance = to_rational(value)
    except (TypeError, ValueError, SyntaxError, ZeroDivisionError) as error:
        raise OptionError(f"a winning chance must be a fraction from 0 to 1, not {value!r}") from error
    if not 0 <= chance <= 1:
        raise OptionError(f"a winning chance must be a fraction from 0 to 1, not {value!r}")
    return chance


def bet_limits(pool: Amount, ante: Amount) -> tuple[Rational, Rational]:
    """The smallest and largest bets allowed: ``(min(ante, pool), pool)``.

    >>> bet_limits(10, 1), bet_limits("1/2", 1)
    ((1, 10), (1/2, 1/2))
    """
    pool_amount, ante_amount = money(pool, "the pool"), money(ante, "the ante")
    return min(ante_amount, pool_amount), pool_amount


@dataclass(frozen=True)
class BestBet:
    """The decision that maximises the expected gain of a turn.

    ``action`` is ``"bet"``, ``"fold"`` (pool game: pay the forfeit) or ``"no bet"`` (banking
    game); ``amount`` is the bet, or the forfeit paid, or 0; ``expected_gain`` is exact.

    >>> best_bet(Rational(41, 47), pool=8, ante=1)  # As,Kh,Qd,Jc,2s beats 41 of 47 unseen cards
    BestBet(action='bet', amount=8, expected_gain=280/47, win_probability=41/47)
    >>> best_bet(0, pool=8, ante=1)
    BestBet(action='fold', amount=1, expected_gain=-1, win_probability=0)
    """

    action: Action
    amount: Rational
    expected_gain: Rational
    win_probability: Rational


def best_bet(win_probability: Amount, pool: Amount, ante: Amount) -> BestBet:
    """The best decision of a turn in the pool game (see the module text for the derivation).

    >>> best_bet(Rational(1, 2), pool=10, ante=1)
    BestBet(action='bet', amount=1, expected_gain=0, win_probability=1/2)
    >>> best_bet(Rational(1, 3), pool=10, ante=2).expected_gain
    -2/3
    """
    chance = _chance(win_probability)
    minimum, maximum = bet_limits(pool, ante)
    forfeit = money(ante, "the ante")
    edge = 2 * chance - 1
    # Equal gains: fold before a bet (the hand stays hidden), a smaller bet before a larger one.
    choices: list[tuple[Action, Rational, Rational]] = [
        ("fold", forfeit, -forfeit),
        ("bet", minimum, edge * minimum),
        ("bet", maximum, edge * maximum),
    ]
    best = max(choices, key=lambda choice: choice[2])
    action, amount, gain = next(choice for choice in choices if choice[2] == best[2])
    return BestBet(action, amount, gain, chance)


def best_bet_rule(win_probability: Amount, *, banking: bool = False) -> str:
    """The best decision in words, for a pool of at least the ante (or against a bank).

    >>> best_bet_rule(Rational(41, 47)), best_bet_rule(Rational(1, 5)), best_bet_rule(0)
    ('bet the pool', 'bet the minimum', 'fold')
    >>> best_bet_rule(Rational(1, 2), banking=True)
    'no bet'
    """
    chance = _chance(win_probability)
    if 2 * chance > 1:
        return "bet the bank" if banking else "bet the pool"
    if banking:
        return "no bet"
    return "bet the minimum" if chance > 0 else "fold"


def best_bank_bet(win_probability: Amount, bank: Amount) -> BestBet:
    """The best bet against a bank (banking game: no ante, no minimum, no forfeit).

    >>> best_bank_bet(Rational(3, 4), bank=20)
    BestBet(action='bet', amount=20, expected_gain=10, win_probability=3/4)
    >>> best_bank_bet(Rational(1, 2), bank=20).action
    'no bet'
    """
    chance = _chance(win_probability)
    bank_amount = money(bank, "the bank")
    if 2 * chance > 1:
        return BestBet("bet", bank_amount, (2 * chance - 1) * bank_amount, chance)
    return BestBet("no bet", Rational(0), Rational(0), chance)


@dataclass(frozen=True)
class KellyBet:
    """The bet that maximises the expected logarithm of the bankroll after the turn.

    ``fraction`` is ``amount`` over the bankroll; ``expected_gain`` is the plain expected gain.

    Winning 3 times in 4, the best bet stakes the whole pool, Kelly half the bankroll:

    >>> kelly_bet(Rational(3, 4), bankroll=100, pool=1000, ante=1)
    KellyBet(action='bet', amount=50, fraction=1/2, expected_gain=25, win_probability=3/4)
    >>> kelly_bank_bet(Rational(1, 2), bankroll=100, bank=30).action
    'no bet'
    """

    action: Action
    amount: Rational
    fraction: Rational
    expected_gain: Rational
    win_probability: Rational


def _clip(value: Rational, low: Rational, high: Rational) -> Rational:
    return max(low, min(high, value))


def kelly_bet(win_probability: Amount, bankroll: Amount, pool: Amount, ante: Amount) -> KellyBet:
    """Kelly sizing of one turn in the pool game for a player holding ``bankroll``.

    The model: one bet ``b`` at even money, won with chance ``p``; the bankroll becomes
    ``W + b`` or ``W - b``, or ``W - ante`` on a fold.  The expected logarithm is concave in
    ``b`` with its top at ``b = (2p - 1) W``, so the best allowed bet is that amount clipped to
    ``[minimum, min(pool, W)]`` (the whole allowed maximum when ``p = 1``).  Against the fold, the
    minimum bet (the ante) keeps more log-wealth whenever ``p > 0``, because
    ``p log(W + a) + (1 - p) log(W - a) > log(W - a)``; at ``p = 0`` both leave ``W - a``
    and cardmath folds.  The bankroll must exceed the forfeit.

    >>> kelly_bet(Rational(41, 47), bankroll=100, pool=1000, ante=1)
    KellyBet(action='bet', amount=3500/47, fraction=35/47, expected_gain=122500/2209, win_probability=41/47)
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
        return KellyBet("fold", forfeit, forfeit / wealth, -forfeit, chance)
    high = min(maximum, wealth)
    amount = high if chance == 1 else _clip((2 * chance - 1) * wealth, minimum, high)
    return KellyBet("bet", amount, amount / wealth, (2 * chance - 1) * amount, chance)


def kelly_bank_bet(win_probability: Amount, bankroll: Amount, bank: Amount) -> KellyBet:
    """Kelly sizing against a bank: ``(2p - 1) W`` clipped to ``[0, min(bank, W)]``; no bet if ``p <= 1/2``.

    >>> kelly_bank_bet(Rational(3, 4), bankroll=100, bank=30).amount
    30
    """
    chance = _chance(win_probability)
    wealth = money(bankroll, "the bankroll")
    bank_amount = money(bank, "the bank")
    if 2 * chance <= 1:
        return KellyBet("no bet", Rational(0), Rational(0), Rational(0), chance)
    high = min(bank_amount, wealth)
    amount = high if chance == 1 else _clip((2 * chance - 1) * wealth, Rational(0), high)
    return KellyBet("bet", amount, amount / wealth, (2 * chance - 1) * amount, chance)


def first_player_expected_gain(pool: Amount, ante: Amount, hand_size: int = 5) -> Rational:
    """The exact expected gain of the first player's turn with the best bet, over every hand and
    decision card (his ante is not counted: it is paid whatever he does).

    >>> first_player_expected_gain(pool=5, ante=1)
    1733/11186
    """
    table = distribution(hand_size)
    weighted = Rational(0)
    for beaten, hands in enumerate(table.hands_beating):
        if hands:
            weighted += hands * best_bet(Rational(beaten, table.unseen), pool, ante).expected_gain
    return weighted / table.hands


def player_bank_expected_gain(bank: Amount, hand_size: int = 5) -> Rational:
    """The exact expected gain of one player betting best against a full bank.

    >>> player_bank_expected_gain(bank=10)
    11518/16779
    """
    table = distribution(hand_size)
    weighted = Rational(0)
    for beaten, hands in enumerate(table.hands_beating):
        if hands:
            weighted += hands * best_bank_bet(Rational(beaten, table.unseen), bank).expected_gain
    return weighted / table.hands


def banker_expected_gain(bank: Amount, hand_size: int = 5) -> Rational:
    """The banker's exact expected gain against one player who bets best: the player's loss.

    >>> banker_expected_gain(bank=10)
    -11518/16779
    """
    return -player_bank_expected_gain(bank, hand_size)
