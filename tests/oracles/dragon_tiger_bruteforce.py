"""Dragon Tiger by brute force over physical cards, sharing no code with cardmath.

A shoe is a plain list of cards, one entry per physical card, each a pair ``(rank, suit)`` with
the rank 1 (ace) to 13 (king) and the suit a letter.  Every ordered pair of two different
physical cards (Dragon's first) is one coup; every bet's outcome is read from the rules by this
module's own functions.  With ``with_replacement=True`` the Tiger card is drawn from the whole
list again (the same physical card included): the infinite-deck limit of that composition.
Exact figures are ``fractions.Fraction``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "BUILT_IN",
    "RANK_OF",
    "PhysicalCard",
    "Tally",
    "brute_force",
    "deck",
    "figures",
    "outcome",
]

PhysicalCard = tuple[int, str]

RANK_OF = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}

BUILT_IN: dict[str, dict[str, Fraction]] = {
    "dragon": {"win": Fraction(1), "lose": Fraction(-1), "tie": Fraction(-1, 2)},
    "tiger": {"win": Fraction(1), "lose": Fraction(-1), "tie": Fraction(-1, 2)},
    "tie": {"tie": Fraction(8), "no tie": Fraction(-1)},
    "suited_tie": {"suited tie": Fraction(50), "no suited tie": Fraction(-1)},
    **{
        f"{side}_{kind}": {"win": Fraction(1), "lose": Fraction(-1), "seven": Fraction(-1)}
        for side in ("dragon", "tiger")
        for kind in ("big", "small", "odd", "even")
    },
}
"""Every built-in bet with its usual pays, as the rules state them."""


def deck(decks: int = 1) -> list[PhysicalCard]:
    """``decks`` standard decks as physical cards."""
    return [(RANK_OF[r], s) for r in "A23456789TJQK" for s in "cdhs"] * decks


def outcome(bet: str, dragon: PhysicalCard, tiger: PhysicalCard) -> str:
    """The outcome of a built-in bet for one coup, read from the rules."""
    if bet in ("dragon", "tiger"):
        mine, other = (dragon[0], tiger[0]) if bet == "dragon" else (tiger[0], dragon[0])
        return "win" if mine > other else "lose" if mine < other else "tie"
    if bet == "tie":
        return "tie" if dragon[0] == tiger[0] else "no tie"
    if bet == "suited_tie":
        return "suited tie" if dragon == tiger else "no suited tie"
    side, kind = bet.split("_")
    rank = dragon[0] if side == "dragon" else tiger[0]
    if rank == 7:
        return "seven"
    wins = {
        "big": 8 <= rank <= 13,
        "small": 1 <= rank <= 6,
        "odd": rank in (1, 3, 5, 9, 11, 13),
        "even": rank in (2, 4, 6, 8, 10, 12),
    }[kind]
    return "win" if wins else "lose"


@dataclass(frozen=True)
class Tally:
    """Every coup counted: the total, Dragon wins / Tiger wins / ties, and each bet's outcomes."""

    total: int
    results: dict[str, int]
    bets: dict[str, Counter[str]]


def brute_force(
    cards: Sequence[PhysicalCard],
    bets: Mapping[str, Callable[[PhysicalCard, PhysicalCard], str]] | None = None,
    *,
    with_replacement: bool = False,
) -> Tally:
    """Deal every ordered pair of physical cards and count every bet's outcomes.

    ``bets`` maps a bet name to a function of (Dragon card, Tiger card) naming its outcome; by
    default every built-in bet, read by :func:`outcome`.
    """
    classify = bets if bets is not None else {name: _built_in(name) for name in BUILT_IN}
    tallies: dict[str, Counter[str]] = {name: Counter() for name in classify}
    results: Counter[str] = Counter()
    total = 0
    for i, dragon in enumerate(cards):
        for j, tiger in enumerate(cards):
            if i == j and not with_replacement:
                continue
            total += 1
            results[
                "dragon_wins" if dragon[0] > tiger[0] else "tiger_wins" if tiger[0] > dragon[0] else "ties"
            ] += 1
            for name, rule in classify.items():
                tallies[name][rule(dragon, tiger)] += 1
    return Tally(total, {k: results[k] for k in ("dragon_wins", "tiger_wins", "ties")}, tallies)


def _built_in(name: str) -> Callable[[PhysicalCard, PhysicalCard], str]:
    return lambda dragon, tiger: outcome(name, dragon, tiger)


def figures(counts: Mapping[str, int], pays: Mapping[str, Fraction], total: int) -> dict[str, Fraction]:
    """House edge, variance and hit frequency of a bet from its outcome counts."""
    mean = sum((Fraction(counts.get(o, 0), total) * pay for o, pay in pays.items()), Fraction(0))
    square = sum((Fraction(counts.get(o, 0), total) * pay * pay for o, pay in pays.items()), Fraction(0))
    hits = sum((Fraction(counts.get(o, 0), total) for o, pay in pays.items() if pay > 0), Fraction(0))
    return {"house_edge": -mean, "variance": square - mean * mean, "hit_frequency": hits}
