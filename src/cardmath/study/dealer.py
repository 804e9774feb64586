"""The shoe game: a shuffled shoe dealt round by round, with the burn and the cut card.

A shoe of ``decks`` decks is shuffled by a generator seeded from one
:class:`numpy.random.SeedSequence` by the shoe's index (:func:`shoe_generator`), so shoe ``i`` of a
study is the same shoe whatever the number of workers or chunks.  The first card is exposed and
then burned with as many more cards as its value (a ten or a picture burns 10); the exposed card
is seen (a count counts it), the burned ones are not.  The cut card has ``cut_card`` cards behind
it: the round in which it comes out is finished, ``rounds_after_cut`` more rounds are dealt, and
the shoe ends; if the cut card comes out instead of a round's first card, that round is the last
(a round is never started with fewer than six cards left).  Each round is dealt by
the drawing rules (:class:`~cardmath.games.baccarat.DrawingRules`).

>>> dealt = deal_shoe(7, 0, ShoeSetup(decks=8, cut_card=16))
>>> dealt.burned >= 2, len(dealt.starts) > 60, int(dealt.starts[0]) == dealt.burned
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.cards import FULL_DECK
from cardmath.errors import OptionError
from cardmath.games.baccarat import MINIMUM_CARDS, RANK_VALUES, BaccaratRules, Deal, FirstTwo

__all__ = ["CARD_VALUES", "DealtShoe", "ShoeSetup", "burn_count", "deal_round", "deal_shoe", "shoe_generator"]

Array = npt.NDArray[Any]

CARD_VALUES: Array = np.array([RANK_VALUES[index // 4] for index in range(52)], dtype=np.int64)
"""The baccarat value of each of the 52 cards by :attr:`~cardmath.cards.Card.index`."""

_VALUES: tuple[int, ...] = tuple(int(value) for value in CARD_VALUES)
""":data:`CARD_VALUES` as Python integers (reading a tuple is faster than indexing an array)."""


@dataclass(frozen=True)
class ShoeSetup:
    """How shoes are dealt: the number of decks, the cards behind the cut card, the rounds dealt
    after the round in which the cut card comes out, and the rules (drawing rules and pays).

    >>> ShoeSetup().decks, ShoeSetup().cut_card, ShoeSetup().rounds_after_cut
    (8, 14, 1)
    >>> ShoeSetup(decks=0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the number of decks of a study must be a whole number from 1 to 64, not 0
    """

    decks: int = 8
    cut_card: int = 14
    rounds_after_cut: int = 1
    rules: BaccaratRules = field(default_factory=BaccaratRules)

    def __post_init__(self) -> None:
        def whole(value: Any) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        if not whole(self.decks) or not 1 <= self.decks <= 64:
            raise OptionError(
                f"the number of decks of a study must be a whole number from 1 to 64, not {self.decks!r}"
            )
        if not whole(self.cut_card) or not 0 <= self.cut_card <= 52 * self.decks - 20:
            raise OptionError(
                "the cut card must have a whole number of cards behind it, from 0 to "
                f"{52 * self.decks - 20} for {self.decks} decks, not {self.cut_card!r}"
            )
        if not whole(self.rounds_after_cut) or not 0 <= self.rounds_after_cut <= 5:
            raise OptionError(
                f"the rounds dealt after the cut card must be a whole number from 0 to 5, not "
                f"{self.rounds_after_cut!r}"
            )
        if not isinstance(self.rules, BaccaratRules):
            raise OptionError(f"the rules of a study must be a BaccaratRules, not {self.rules!r}")

    @property
    def cards(self) -> int:
        """Cards in a full shoe.

        >>> ShoeSetup(decks=6).cards
        312
        """
        return 52 * self.decks


def shoe_generator(seed: int, index: int) -> np.random.Generator:
    """The random generator of shoe ``index`` of a study seeded with ``seed``: the ``index``-th
    child of ``SeedSequence(seed)``, so it does not depend on how the shoes are split.

    >>> a = shoe_generator(1, 5).permutation(10)
    >>> b = np.random.default_rng(np.random.SeedSequence(1).spawn(6)[5]).permutation(10)
    >>> bool((a == b).all())
    True
    """
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))


def burn_count(card: int) -> int:
    """Cards burned after the exposed first card (by card index): its value, 10 for a ten or a
    picture.

    >>> from cardmath.cards import Card
    >>> [burn_count(Card.parse(text).index) for text in ("7h", "Kd", "As")]
    [7, 10, 1]
    """
    value = int(CARD_VALUES[card])
    return value if value else 10


def deal_round(order: Sequence[int] | Array, position: int, rules: BaccaratRules) -> tuple[Deal, int]:
    """Deal one round from the shuffled ``order`` (card indices) at ``position``: the final deal
    (every field filled in, so any bet can read it) and the number of cards used (4 to 6).

    Cards go player, banker, player, banker, then the third cards by the drawing rules.  ``order``
    may be a list (fastest: :func:`deal_shoe` passes one) or a NumPy array.

    >>> from cardmath.cards import Card
    >>> order = np.array([Card.parse(c).index for c in "9s 2h Kd 3c 5d".split()])
    >>> deal, used = deal_round(order, 0, BaccaratRules())
    >>> deal.player_total, deal.banker_total, deal.banker_cards, used
    (9, 5, 2, 4)
    """
    drawing = rules.drawing
    p1, b1, p2, b2 = order[position : position + 4]
    player_first, player_second = _VALUES[p1], _VALUES[p2]
    banker_first, banker_second = _VALUES[b1], _VALUES[b2]
    player = (player_first + player_second) % 10
    banker = (banker_first + banker_second) % 10
    used = 4
    player_third: int | None = None
    banker_third: int | None = None
    player_total, banker_total = player, banker
    if not drawing.deal_ends(player, banker):
        if drawing.player_draws(player):
            player_third = _VALUES[order[position + used]]
            player_total = (player + player_third) % 10
            used += 1
        if drawing.banker_draws(banker, player_third):
            banker_third = _VALUES[order[position + used]]
            banker_total = (banker + banker_third) % 10
            used += 1
    deal = Deal(
        player_total,
        banker_total,
        2 if player_third is None else 3,
        2 if banker_third is None else 3,
        player_third,
        banker_third,
        _match(p1, p2),
        _match(b1, b2),
        (player_first, player_second),
        (banker_first, banker_second),
        (FULL_DECK[p1], FULL_DECK[p2]),
        (FULL_DECK[b1], FULL_DECK[b2]),
    )
    return deal, used


def _match(first: int, second: int) -> FirstTwo:
    """How two cards (indices) match: the same card of two decks, a pair of ranks, or neither."""
    if first == second:
        return FirstTwo.IDENTICAL
    return FirstTwo.PAIR if first // 4 == second // 4 else FirstTwo.UNPAIRED


@dataclass(frozen=True)
class DealtShoe:
    """One shoe dealt: the shuffled ``order`` of card indices, the ``burned`` cards at its front
    (the exposed card first), and each round's first position (``starts``), cards used
    (``lengths``) and final deal (``deals``).

    The cards left before round ``r`` are ``order[starts[r]:]``.

    >>> dealt = deal_shoe(1, 0, ShoeSetup(decks=1, cut_card=10))
    >>> bool((dealt.starts[1:] == dealt.starts[:-1] + dealt.lengths[:-1]).all())
    True
    """

    order: Array
    burned: int
    starts: Array
    lengths: Array
    deals: tuple[Deal, ...]

    @property
    def exposed(self) -> int:
        """The exposed first card (its index)."""
        return int(self.order[0])


def deal_shoe(seed: int, index: int, setup: ShoeSetup) -> DealtShoe:
    """Shuffle and deal shoe ``index`` of a study seeded with ``seed``.

    >>> dealt = deal_shoe(3, 2, ShoeSetup(decks=8))
    >>> dealt.burned == 1 + burn_count(dealt.exposed)
    True
    """
    cards = np.repeat(np.arange(52, dtype=np.int64), setup.decks)
    order = shoe_generator(seed, index).permutation(cards)
    cards_in_order: list[int] = order.tolist()
    size = len(order)
    burned = 1 + burn_count(int(order[0]))
    cut_position = size - setup.cut_card
    starts: list[int] = []
    lengths: list[int] = []
    deals: list[Deal] = []
    position = burned
    after_cut: int | None = None
    while size - position >= MINIMUM_CARDS and (after_cut is None or after_cut > 0):
        cut_card_first = after_cut is None and position == cut_position
        deal, used = deal_round(cards_in_order, position, setup.rules)
        starts.append(position)
        lengths.append(used)
        deals.append(deal)
        position += used
        if after_cut is not None:
            after_cut -= 1
        elif cut_card_first:
            after_cut = 0
        elif position > cut_position:
            after_cut = setup.rounds_after_cut
    return DealtShoe(
        order, burned, np.array(starts, dtype=np.int64), np.array(lengths, dtype=np.int64), tuple(deals)
    )
