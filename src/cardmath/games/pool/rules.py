"""High Card Pool's table rules, and the game's closed vocabularies.

:class:`PoolRules` is the table: how many play, how many cards each holds, the ante, the burning
card, the banking game with its bank, the agreed pool limit, and every seat's starting bankroll.
It is frozen and checks itself when made, every number read by :mod:`cardmath.numbers`, so a
table that cannot be played is refused before a card is dealt.  The rules in our words are on
the game's page of the documentation (docs/games/pool.md).

>>> PoolRules(players=4)  # doctest: +NORMALIZE_WHITESPACE
PoolRules(players=4, hand_size=5, ante=1, burn=False, banking=False, bank=None, pool_limit=None,
          bankroll=None)
>>> PoolRules(players=9).hand_size, PoolRules(players=3, banking=True).bank
(4, 100)
>>> BetAction.FOLD == "fold", BetRule.BET_THE_POOL
(True, <BetRule.BET_THE_POOL: 'bet the pool'>)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from cardmath.errors import OptionError
from cardmath.numbers import read_whole

__all__ = [
    "DEFAULT_BANK",
    "MOST_PLAYERS",
    "PACK_SIZE",
    "BetAction",
    "BetRule",
    "PoolRules",
    "StrategyName",
]

PACK_SIZE = 52
"""High Card Pool is played with one 52-card pack."""

MOST_PLAYERS = 10
"""The most players at a table (the dealer or banker included); the fewest is 2."""

DEFAULT_BANK = 100
"""The bank, in chips, of the banking game when none is given."""


class BetAction(enum.StrEnum):
    """What a player does at his turn: bet, fold (pool game: pay the forfeit unseen), or make no
    bet (banking game: nothing is paid).

    >>> [str(action) for action in BetAction]
    ['bet', 'fold', 'no bet']
    """

    BET = "bet"
    FOLD = "fold"
    NO_BET = "no bet"


class BetRule(enum.StrEnum):
    """The best decision in words, for a pool of at least the ante (or against a bank).

    >>> BetRule("bet the minimum") is BetRule.BET_THE_MINIMUM
    True
    """

    BET_THE_POOL = "bet the pool"
    BET_THE_BANK = "bet the bank"
    BET_THE_MINIMUM = "bet the minimum"
    FOLD = "fold"
    NO_BET = "no bet"


class StrategyName(enum.StrEnum):
    """The named strategies of the simulation (``fixed-N``, a fixed bet of N chips, is the other
    kind: its name carries its amount).

    >>> StrategyName("kelly-ignoring-shown").name
    'KELLY_IGNORING_SHOWN'
    """

    BEST = "best"
    BEST_IGNORING_SHOWN = "best-ignoring-shown"
    KELLY = "kelly"
    KELLY_IGNORING_SHOWN = "kelly-ignoring-shown"


def _chips(value: Any, what: str, least: int) -> int:
    return read_whole(value, what, minimum=least)


def _check_bankroll(bankroll: int, bank: int | None, ante: int) -> None:
    """A bankroll with which the first round can be played: every seat at least the ante (pool
    game), the banker at least the bank (banking game); else no seat could play a round."""
    if bank is None and bankroll < ante:
        raise OptionError(
            f"the bankroll ({bankroll} chips) is less than the ante ({ante} chips): no seat could "
            "ante, so no round would be played; give a bankroll of at least the ante"
        )
    if bank is not None and bankroll < bank:
        raise OptionError(
            f"the bankroll ({bankroll} chips) is less than the bank ({bank} chips): no seat could "
            "bank, so no round would be played; give a bankroll of at least the bank"
        )


@dataclass(frozen=True, init=False)
class PoolRules:
    """The table's rules.

    - ``players``: 2 to 10, the dealer (or banker) included.
    - ``hand_size``: cards per hand; not given (``None``), 5, or 4 when more than 8 hands are
      dealt.  Once made, the rules always hold the number dealt.
    - ``ante``: chips each player antes (the minimum bet and the forfeit of a fold).
    - ``burn``: the burning-card variant (a card is turned up and discarded before each deciding
      card).
    - ``banking``: the banking variant: the dealer banks, deals himself no hand, nobody antes;
      ``bank`` is the bank in chips (default 100; a bank without the banking game is refused).
    - ``pool_limit``: a pool above it is divided at the end of the round (``None``: no limit).
    - ``bankroll``: every seat's starting chips (``None``: unlimited; see
      :mod:`cardmath.games.pool.simulation` for a seat that cannot pay).

    Numbers may be given as whole numbers or as their text (``"4"``); anything else, and a table
    the pack cannot serve, raises :class:`~cardmath.errors.OptionError`.

    Args:
        players: The people at the table, from 2 to 10, the dealer (or banker) included.
        hand_size: Cards dealt to each hand; ``None`` (the default) deals 5, or 4 when more than 8
            hands are dealt.
        ante: Chips each player puts in the pool before a round (1 by default); also the minimum
            bet and the forfeit of a fold.
        burn: ``True`` for the burning-card variant: a card is turned up and discarded before each
            deciding card.
        banking: ``True`` for the banking variant: the dealer banks and holds no hand, nobody antes.
        bank: The banker's chips in the banking game (100 when omitted); only with ``banking``.
        pool_limit: Chips above which the pool is divided at the end of a round; ``None`` for no
            limit.
        bankroll: The chips each seat starts with; ``None`` for unlimited.

    Raises:
        OptionError: When a number is not a whole number in its range, ``burn`` or ``banking`` is
            not a bool, a bank is given without the banking game, the pack cannot serve every hand,
            or the bankroll is less than the ante (the bank, in the banking game), so that no round
            could be played.

    >>> PoolRules(players="3", ante="2").ante
    2
    >>> PoolRules(players=8, burn=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the pack cannot serve 8 players with 5 cards ... at most 7 players can play
    >>> PoolRules(players=3, bank=50)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: a bank is put up only in the banking game: give banking=True ...
    """

    players: int
    hand_size: int
    ante: int
    burn: bool
    banking: bool
    bank: int | None
    pool_limit: int | None
    bankroll: int | None

    def __init__(
        self,
        players: int | str,
        *,
        hand_size: int | str | None = None,
        ante: int | str = 1,
        burn: bool = False,
        banking: bool = False,
        bank: int | str | None = None,
        pool_limit: int | str | None = None,
        bankroll: int | str | None = None,
    ) -> None:
        count = read_whole(players, "the number of players", minimum=2)
        if count > MOST_PLAYERS:
            raise OptionError(f"High Card Pool is played by 2 to {MOST_PLAYERS} players, not {count}")
        for flag, name in ((burn, "burn"), (banking, "banking")):
            if not isinstance(flag, bool):
                raise OptionError(f"{name} must be True or False, not {flag!r}")
        hands = count - 1 if banking else count
        size = (
            (5 if hands <= 8 else 4)
            if hand_size is None
            else read_whole(hand_size, "the hand size", minimum=1, maximum=PACK_SIZE - 1)
        )
        if bank is not None and not banking:
            raise OptionError(
                "a bank is put up only in the banking game: give banking=True (--banking) with it"
            )
        chips_in_bank = None
        if banking:
            chips_in_bank = DEFAULT_BANK if bank is None else _chips(bank, "the bank (in chips)", 1)
        chips_ante = _chips(ante, "the ante (in chips)", 1)
        limit = None if pool_limit is None else _chips(pool_limit, "the pool limit (in chips)", 0)
        chips_each = None if bankroll is None else _chips(bankroll, "the bankroll (in chips)", 1)
        if chips_each is not None:
            _check_bankroll(chips_each, chips_in_bank, chips_ante)
        per_hand = size + 1 + int(burn)
        if hands * per_hand > PACK_SIZE:
            extra = "a burnt and a decision card" if burn else "a decision card"
            most = PACK_SIZE // per_hand + int(banking)
            raise OptionError(
                f"the pack cannot serve {count} players with {size} cards each and {extra} per bet "
                f"({hands * per_hand} cards, the pack has {PACK_SIZE}); with {size} cards at most "
                f"{most} players can play"
            )
        values: dict[str, object] = {
            "players": count,
            "hand_size": size,
            "ante": chips_ante,
            "burn": burn,
            "banking": banking,
            "bank": chips_in_bank,
            "pool_limit": limit,
            "bankroll": chips_each,
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @property
    def hands_dealt(self) -> int:
        """How many hands are dealt each round (the banker has none).

        >>> PoolRules(players=5, banking=True).hands_dealt
        4
        """
        return self.players - 1 if self.banking else self.players
