"""A final deal of baccarat as the bets see it (:class:`Deal`): what every bet's rule reads, the
built-in bets (:mod:`cardmath.games.baccarat.bets`) and the side bets
(:mod:`cardmath.games.baccarat.side_bets`) alike.

>>> deal = Deal(5, 6, 2, 2, None, None)
>>> deal.winner, deal.natural, deal.margin
(<Winner.BANKER: 'banker'>, False, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardmath.cards import Card
from cardmath.games.baccarat.rules import FirstTwo, Winner

__all__ = ["Deal"]


@dataclass(frozen=True)
class Deal:
    """A final deal as the bets see it.

    ``player_first_two`` and ``banker_first_two`` (:class:`~cardmath.games.baccarat.rules.FirstTwo`)
    are given to bets that read ``Reads.FIRST_TWO``; ``player_first_values`` and
    ``banker_first_values`` (the values of each hand's first and second cards) to bets that read
    ``Reads.FIRST_VALUES`` or ``Reads.FIRST_CARDS``; ``player_first_cards`` and
    ``banker_first_cards`` (each hand's first and second cards as
    :class:`~cardmath.cards.Card`, rank and suit) to bets that read ``Reads.FIRST_CARDS``.  They
    are ``None`` otherwise.

    Args:
        player_total: The player's final total, 0 to 9.
        banker_total: The banker's final total, 0 to 9.
        player_cards: The number of cards the player holds at the end, 2 or 3.
        banker_cards: The number of cards the banker holds at the end, 2 or 3.
        player_third: The value (0 to 9) of the player's third card, or ``None`` when he stood.
        banker_third: The value (0 to 9) of the banker's third card, or ``None`` when the banker
            stood.
        player_first_two: How the player's first two cards match (pair, suited...), or ``None``.
        banker_first_two: How the banker's first two cards match, or ``None``.
        player_first_values: The values of the player's first and second cards, or ``None``.
        banker_first_values: The values of the banker's first and second cards, or ``None``.
        player_first_cards: The player's first two cards themselves, rank and suit, or ``None``.
        banker_first_cards: The banker's first two cards themselves, rank and suit, or ``None``.

    >>> deal = Deal(9, 7, 2, 3, None, 4)
    >>> deal.winner, deal.player_natural, deal.margin, deal.cards_dealt
    (<Winner.PLAYER: 'player'>, True, 2, 5)
    >>> deal.winner == "player"
    True
    """

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int
    player_third: int | None
    banker_third: int | None
    player_first_two: FirstTwo | None = None
    banker_first_two: FirstTwo | None = None
    player_first_values: tuple[int, int] | None = None
    banker_first_values: tuple[int, int] | None = None
    player_first_cards: tuple[Card, Card] | None = None
    banker_first_cards: tuple[Card, Card] | None = None

    @property
    def winner(self) -> Winner:
        """:class:`~cardmath.games.baccarat.rules.Winner`: player, banker or tie (it equals its text)."""
        if self.player_total > self.banker_total:
            return Winner.PLAYER
        if self.banker_total > self.player_total:
            return Winner.BANKER
        return Winner.TIE

    @property
    def player_natural(self) -> bool:
        """The player's first two cards total 8 or 9."""
        return self.player_cards == 2 and self.player_total >= 8

    @property
    def banker_natural(self) -> bool:
        """The banker's first two cards total 8 or 9."""
        return self.banker_cards == 2 and self.banker_total >= 8

    @property
    def natural(self) -> bool:
        """Either hand is a natural (so neither hand drew)."""
        return self.player_natural or self.banker_natural

    @property
    def margin(self) -> int:
        """How many points the winner won by (0 for a tie)."""
        return abs(self.player_total - self.banker_total)

    @property
    def cards_dealt(self) -> int:
        """Cards dealt to both hands: 4, 5 or 6."""
        return self.player_cards + self.banker_cards
