"""An independent simple dealer for counting studies: a list of cards dealt one by one with the
burn and the cut card, written from the house procedure, not from cardmath's study code.

Cards are indices 0..51 (rank index times 4 plus suit, deuce first, ace last).
"""

from __future__ import annotations

__all__ = ["card_value", "deal_all", "running_counts"]


def card_value(card: int) -> int:
    """Baccarat value: deuce to nine at face value, ten and pictures 0, ace 1."""
    rank = card // 4  # 0 = deuce ... 8 = ten, 9 jack, 10 queen, 11 king, 12 ace
    if rank <= 7:
        return rank + 2
    return 1 if rank == 12 else 0


def _banker_draws(banker: int, third: int | None) -> bool:
    if third is None:
        return banker <= 5
    table = {
        0: set(range(10)),
        1: set(range(10)),
        2: set(range(10)),
        3: set(range(10)) - {8},
        4: {2, 3, 4, 5, 6, 7},
        5: {4, 5, 6, 7},
        6: {6, 7},
    }
    return third in table.get(banker, set())


def deal_all(
    cards: list[int], cut_card: int, rounds_after_cut: int = 1
) -> tuple[int, list[dict[str, object]]]:
    """Burn, then deal every round: the number of cards burned (exposed card included) and, per
    round, the cards left before it, its cards, both totals and both hands' card counts."""
    shoe = list(cards)
    exposed = shoe.pop(0)
    burn = card_value(exposed) or 10
    del shoe[:burn]
    burned = 1 + burn
    behind_cut = cut_card
    rounds: list[dict[str, object]] = []
    extra: int | None = None
    while len(shoe) >= 6 and (extra is None or extra > 0):
        left = len(shoe)
        # The cut card is the next thing out of the shoe: it comes out instead of this round's
        # first card, and the house finishes this round and ends the shoe.
        cut_card_first = extra is None and left == behind_cut
        hand: list[int] = []

        def take(hand: list[int] = hand) -> int:
            card = shoe.pop(0)
            hand.append(card)
            return card

        p = [take(), 0]
        b = [take(), 0]
        p[1] = take()
        b[1] = take()
        player = (card_value(p[0]) + card_value(p[1])) % 10
        banker = (card_value(b[0]) + card_value(b[1])) % 10
        player_cards = banker_cards = 2
        if player < 8 and banker < 8:
            third = None
            if player <= 5:
                third = card_value(take())
                player = (player + third) % 10
                player_cards = 3
            if _banker_draws(banker, third):
                banker = (banker + card_value(take())) % 10
                banker_cards = 3
        rounds.append(
            {
                "left": left,
                "cards": hand,
                "player": player,
                "banker": banker,
                "cards_count": (player_cards, banker_cards),
            }
        )
        if extra is not None:
            extra -= 1
        elif cut_card_first:
            extra = 0
        elif len(shoe) < behind_cut:
            extra = rounds_after_cut
    return burned, rounds


def running_counts(
    cards: list[int], tags: list[int], initial: int, burned: int, rounds: list[dict[str, object]]
) -> list[int]:
    """The running count before each round: the initial count, the exposed card, then every card
    dealt in the rounds before (``tags`` by rank index)."""
    running = initial + tags[cards[0] // 4]
    found = []
    for round_ in rounds:
        found.append(running)
        running += sum(tags[card // 4] for card in round_["cards"])  # type: ignore[attr-defined]
    return found
