"""Andar Bahar by brute force over physical cards, and by a separate closed formula, sharing no
code with cardmath.

A shoe is a plain list of cards, one entry per physical card, each a pair ``(rank, suit)`` with
the rank 2 to 14 (ace high) and the suit a letter; two decks hold two equal entries of each card.

The rules, as implemented here: one card, the joker (or middle card), is dealt face up.  Cards
are then dealt one at a time, alternately to Andar and Bahar, the first of them to ``first``
(Andar in the usual game, Bahar in a house variant), until a card of the joker's rank appears;
the side receiving it wins.  The length of a coup is the number of cards dealt after the joker,
the matching card included.  If the shoe runs out with no card of the joker's rank left (only
possible when the joker's rank has no other card in the shoe) the coup is a "no match", reported
apart.  The Andar and Bahar bets pay ``pays`` to 1 on a win; the side bets on the length win when
the matching card is within their range.

Two derivations, written apart:

* :func:`brute_force` walks every ordered deal: every joker, then every sequence of physical
  cards up to the first match.  A deal of ``k`` cards, joker included, has the chance
  ``1 / ff(N, k)``.  The walk counts the deals; it is memoised on the set of cards still in the
  shoe (the deals left depend on nothing else), which lets a 14-card shoe run in well under a
  second; ``memo=False`` is the literal walk, for small shoes.
* :func:`formula` uses, for a joker whose rank has ``A`` more cards among the ``N`` cards left,
  the chance ``C(N - k, A - 1) / C(N, A)`` that the first of ``A`` marked cards in a random order is
  at position ``k``.

Exact figures are ``fractions.Fraction``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb

__all__ = [
    "RANK_OF",
    "SIDE_BET_RANGES",
    "Figures",
    "Lengths",
    "PhysicalCard",
    "brute_force",
    "deck",
    "figures",
    "formula",
    "main_bet_edge",
    "range_probability",
    "side_bet_edge",
    "side_of",
]

PhysicalCard = tuple[int, str]

RANK_OF = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, **{str(n): n for n in range(2, 10)}}

SIDE_BET_RANGES: tuple[tuple[int, int | None], ...] = (
    (1, 5),
    (6, 10),
    (11, 15),
    (16, 25),
    (26, 30),
    (31, 35),
    (36, 40),
    (41, None),
)
"""The usual side bets on the length of a coup (cards dealt after the joker, the match
included): each an inclusive range, ``None`` meaning "or more"."""


def deck(ranks: str = "23456789TJQKA", suits: str = "cdhs", copies: int = 1) -> list[PhysicalCard]:
    """``copies`` decks of the given ranks and suits, as physical cards."""
    return [(RANK_OF[r], s) for r in ranks for s in suits] * copies


def side_of(length: int, first: str) -> str:
    """The side receiving the ``length``-th card after the joker when the first goes to ``first``."""
    other = {"andar": "bahar", "bahar": "andar"}[first]
    return first if length % 2 == 1 else other


@dataclass(frozen=True)
class Lengths:
    """How a coup ends: ``match[k]`` is the chance that the first card of the joker's rank is the
    ``k``-th card dealt after the joker, ``no_match[k]`` the chance that no card of its rank is
    left and the shoe runs out after ``k`` more cards.  ``by_joker_card`` splits both tables by
    the joker card (the chances of that joker and each ending; equal cards of several decks
    together), so that the side dealt first may depend on the joker."""

    match: dict[int, Fraction]
    no_match: dict[int, Fraction]
    by_joker_card: dict[PhysicalCard, tuple[dict[int, Fraction], dict[int, Fraction]]]


def _falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


def brute_force(shoe: Sequence[PhysicalCard], *, memo: bool = True) -> Lengths:
    """Walk every ordered deal of ``shoe`` (see the module's notes) and count how each ends."""
    cards = list(shoe)
    n = len(cards)
    if n < 1:
        raise ValueError("an empty shoe deals no joker")

    def walk(rank: int, left: int) -> Counter[tuple[bool, int]]:
        """The deals from here, counted by (matched?, cards dealt from here), the cards still in
        the shoe being the set bits of ``left``."""
        deals: Counter[tuple[bool, int]] = Counter()
        if left == 0:
            deals[False, 0] += 1
            return deals
        for i in range(n):
            if not left >> i & 1:
                continue
            if cards[i][0] == rank:
                deals[True, 1] += 1
                continue
            for (matched, dealt), number in step(rank, left & ~(1 << i)).items():
                deals[matched, dealt + 1] += number
        return deals

    step = cache(walk) if memo else walk
    match: defaultdict[int, Fraction] = defaultdict(Fraction)
    no_match: defaultdict[int, Fraction] = defaultdict(Fraction)
    joker_tables: dict[PhysicalCard, tuple[defaultdict[int, Fraction], defaultdict[int, Fraction]]] = {}
    everything = (1 << n) - 1
    for j in range(n):
        per_card = joker_tables.setdefault(cards[j], (defaultdict(Fraction), defaultdict(Fraction)))
        for (matched, dealt), number in step(cards[j][0], everything & ~(1 << j)).items():
            # a deal of the joker and `dealt` cards has the chance 1 / ff(n, dealt + 1)
            chance = Fraction(number, _falling(n, dealt + 1))
            (match if matched else no_match)[dealt] += chance
            per_card[0 if matched else 1][dealt] += chance
    return Lengths(
        dict(sorted(match.items())),
        dict(sorted(no_match.items())),
        {card: (dict(sorted(m.items())), dict(sorted(x.items()))) for card, (m, x) in joker_tables.items()},
    )


def formula(shoe: Sequence[PhysicalCard]) -> Lengths:
    """How a coup ends, from the composition alone: for a joker of a rank with ``A`` more cards
    among the ``N`` left, the first of them is at position ``k`` with chance
    ``C(N - k, A - 1) / C(N, A)``; with ``A = 0`` the shoe runs out after ``N`` cards."""
    ranks = Counter(rank for rank, _ in shoe)
    cards = Counter(shoe)
    total = len(shoe)
    if total < 1:
        raise ValueError("an empty shoe deals no joker")
    left = total - 1

    def positions(rank: int) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
        marked = ranks[rank] - 1
        if marked == 0:
            return {}, {left: Fraction(1)}
        return {
            k: Fraction(comb(left - k, marked - 1), comb(left, marked)) for k in range(1, left - marked + 2)
        }, {}

    match: defaultdict[int, Fraction] = defaultdict(Fraction)
    no_match: defaultdict[int, Fraction] = defaultdict(Fraction)
    by_joker_card: dict[PhysicalCard, tuple[dict[int, Fraction], dict[int, Fraction]]] = {}
    for card, copies in cards.items():
        joker = Fraction(copies, total)
        found, missed = positions(card[0])
        by_joker_card[card] = (
            {k: joker * p for k, p in found.items()},
            {k: joker * p for k, p in missed.items()},
        )
        for k, p in found.items():
            match[k] += joker * p
        for k, p in missed.items():
            no_match[k] += joker * p
    return Lengths(dict(sorted(match.items())), dict(sorted(no_match.items())), by_joker_card)


@dataclass(frozen=True)
class Figures:
    """The chances of a coup for one dealing rule: Andar wins, Bahar wins, no match; ``length``
    (chance that the match is the ``k``-th card after the joker) and ``side_length`` (the same
    split by the winning side)."""

    andar: Fraction
    bahar: Fraction
    no_match: Fraction
    length: dict[int, Fraction]
    side_length: dict[tuple[str, int], Fraction]


def figures(lengths: Lengths, first: str | Callable[[PhysicalCard], str] = "andar") -> Figures:
    """The coup's chances when the first card after the joker goes to ``first``: ``"andar"``,
    ``"bahar"``, or a function of the joker card naming the side (e.g. by its colour)."""
    side_length: defaultdict[tuple[str, int], Fraction] = defaultdict(Fraction)
    for card, (match, _) in lengths.by_joker_card.items():
        start = first(card) if callable(first) else first
        for k, p in match.items():
            side_length[side_of(k, start), k] += p
    andar = sum((p for (side, _), p in side_length.items() if side == "andar"), Fraction(0))
    bahar = sum((p for (side, _), p in side_length.items() if side == "bahar"), Fraction(0))
    return Figures(
        andar,
        bahar,
        sum(lengths.no_match.values(), Fraction(0)),
        dict(lengths.match),
        dict(sorted(side_length.items(), key=lambda item: (item[0][1], item[0][0]))),
    )


def main_bet_edge(coup: Figures, side: str, pays: Fraction, no_match: Fraction = Fraction(0)) -> Fraction:
    """The house edge of a bet on ``side`` paying ``pays`` to 1, losing when the other side wins,
    and settled at ``no_match`` (net, per unit; a push by default) when there is no match."""
    won = coup.andar if side == "andar" else coup.bahar
    lost = coup.bahar if side == "andar" else coup.andar
    return -(won * pays - lost + coup.no_match * no_match)


def range_probability(coup: Figures, low: int, high: int | None) -> Fraction:
    """The chance that the match is between the ``low``-th and the ``high``-th card after the
    joker, both included (``high=None``: no upper limit)."""
    return sum((p for k, p in coup.length.items() if k >= low and (high is None or k <= high)), Fraction(0))


def side_bet_edge(coup: Figures, low: int, high: int | None, pays: Fraction) -> Fraction:
    """The house edge of a side bet paying ``pays`` to 1 when the match is within ``low..high``
    (see :func:`range_probability`) and losing otherwise, no match included."""
    p = range_probability(coup, low, high)
    return -(p * pays - (1 - p))
