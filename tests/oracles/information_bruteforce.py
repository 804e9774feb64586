"""What a bet is worth given what is seen of the deal, by brute force over physical cards, sharing
no code with cardmath.

A shoe is a plain list of cards, one entry per physical card.  Every ordered deal of distinct
physical cards, as long as the game's longest deal, is walked (a deal that uses fewer cards counts
once for every ordering of the cards it leaves unused: the convention of padding every deal to the
longest), and each deal is played by this module's own reading of the rules into a
:class:`Coup`: the card seen at each position it deals, and each bet's play.  Identical deals are
counted once with their number of physical orderings.

A *pattern* is what is seen at some positions: the group of the card there (or the card itself),
or ``"none"`` where the deal does not deal that position.  Given a pattern, each bet's value is
the sum of its deals' net results over their number; a bet with a decision (Red Dog's raise,
Casino War's war or surrender) makes, in each of its states, the choice worth most over the
pattern's deals of that state (the first choice on equal values), which is what a player who sees
the pattern and the state would do.

Games (each a function returning the coups of a list of cards):

- :func:`baccarat_coups`: punto banco, positions ``P1``, ``B1``, ``P2``, ``B2``, ``P3``, ``B3``,
  cards seen by value (``"0"`` for a ten or a picture), and ``PT``, ``BT``, the two-card totals;
  bets ``player`` (1 to 1, push on a tie), ``banker`` (19 to 20, push on a tie) and ``tie`` (8 to 1);
- :func:`dragon_tiger_coups`: positions ``dragon`` and ``tiger``, cards seen by rank, every
  built-in bet read by :mod:`tests.oracles.dragon_tiger_bruteforce` (ace low);
- :func:`red_dog_coups`: positions ``first``, ``second``, ``third``, aces high, the raise decided
  per spread or per pair of first ranks;
- :func:`casino_war_coups`: positions ``player``, ``dealer``, ``player war``, ``dealer war`` (three
  burned cards between), the main bet going to war on a tie or choosing war or surrender.

Exact figures are ``fractions.Fraction``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from tests.oracles.dragon_tiger_bruteforce import BUILT_IN as DRAGON_TIGER_PAYS
from tests.oracles.dragon_tiger_bruteforce import outcome as dragon_tiger_outcome

__all__ = [
    "NOT_DEALT",
    "RANK_SYMBOLS",
    "ConditionalFigures",
    "Coup",
    "PatternFigures",
    "Play",
    "baccarat_coups",
    "casino_war_coups",
    "conditional_counts",
    "dragon_tiger_coups",
    "pattern_figures",
    "red_dog_coups",
]

CardT = TypeVar("CardT", bound=Hashable)

NOT_DEALT = "none"
"""What a pattern shows at a position the deal does not deal."""

RANK_SYMBOLS = {1: "A", 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A", **{n: str(n) for n in range(2, 10)}}
"""A rank's symbol, the ace read as 1 (low) or 14 (high)."""

Play = tuple[Hashable, dict[str, tuple[str, Fraction]]]
"""One bet's play of one deal: the state its decision is made in (``None`` without a choice)
and, for each choice in the decision's order, the outcome and its net result per unit bet (one
choice, named ``""``, for a bet without a decision)."""


@dataclass(frozen=True)
class Coup:
    """One deal: the card (its category's symbol) at each position dealt, the number of physical
    orderings that give it, and each bet's play."""

    cards: dict[str, str]
    ways: int
    bets: dict[str, Play]


@dataclass(frozen=True)
class PatternFigures:
    """One pattern: its ordered (padded) deals, its chance, and each bet's value given it."""

    deals: int
    probability: Fraction
    values: dict[str, Fraction]


def _label(symbol: str | None, groups: Sequence[str] | None) -> str:
    if symbol is None:
        return NOT_DEALT
    if groups is None:
        return symbol
    return next(group for group in groups if symbol in group)


Entries = tuple[Counter[tuple[Hashable, str, str]], dict[str, Fraction]]
"""One bet's plays over some deals, summed: the deals of each (state, choice, outcome), and each
outcome's net result."""


def _entries(coups: Iterable[Coup], bet: str) -> Entries:
    deals: Counter[tuple[Hashable, str, str]] = Counter()
    nets: dict[str, Fraction] = {}
    for coup in coups:
        state, choices = coup.bets[bet]
        for choice, (outcome, net) in choices.items():
            deals[state, choice, outcome] += coup.ways
            if outcome not in nets:
                nets[outcome] = net
    return deals, nets


def _settle(entries: Entries) -> tuple[Fraction, Counter[str]]:
    """The summed net result and the outcome counts of one bet's plays, making in each state the
    choice worth most over them (the first in the decision's order on equal values)."""
    deals, nets = entries
    sums: dict[Hashable, dict[str, Fraction]] = {}
    for (state, choice, outcome), ways in deals.items():
        row = sums.setdefault(state, {})
        row[choice] = row.get(choice, Fraction(0)) + ways * nets[outcome]
    chosen = {}
    for state, row in sums.items():
        top = max(row.values())
        chosen[state] = next(choice for choice, value in row.items() if value == top)
    counts: Counter[str] = Counter()
    for (state, choice, outcome), ways in deals.items():
        if choice == chosen[state]:
            counts[outcome] += ways
    return sum((sums[state][choice] for state, choice in chosen.items()), Fraction(0)), counts


def pattern_figures(
    coups: Sequence[Coup], positions: Sequence[str], groups: Sequence[str] | None = None
) -> dict[tuple[str, ...], PatternFigures]:
    """Every pattern of ``positions`` some deal shows, with its chance and each bet's value.

    ``groups`` names the groups the cards are sorted into, each as its symbols side by side (such as
    ``["6789", "012345"]``); ``None`` to see each card itself.
    """
    total = sum(coup.ways for coup in coups)
    labels: dict[str | None, str] = {}
    by_pattern: dict[tuple[str, ...], list[Coup]] = {}
    for coup in coups:
        seen = [coup.cards.get(position) for position in positions]
        for symbol in seen:
            if symbol not in labels:
                labels[symbol] = _label(symbol, groups)
        by_pattern.setdefault(tuple(labels[symbol] for symbol in seen), []).append(coup)
    result = {}
    for key, members in by_pattern.items():
        deals = sum(coup.ways for coup in members)
        values = {bet: _settle(_entries(members, bet))[0] / deals for bet in members[0].bets}
        result[key] = PatternFigures(deals, Fraction(deals, total), values)
    return result


@dataclass(frozen=True)
class ConditionalFigures:
    """The deals showing some facts, every deal, and each bet's outcome counts and value among them."""

    deals: int
    total: int
    counts: dict[str, Counter[str]]
    values: dict[str, Fraction]


def conditional_counts(coups: Sequence[Coup], given: Mapping[str, set[str]]) -> ConditionalFigures:
    """The deals showing ``given`` (each position's card one of a set of symbols) and each bet's
    outcome counts and value among them (a decision made per state as :func:`pattern_figures`
    makes it)."""
    total = sum(coup.ways for coup in coups)
    members = [
        coup
        for coup in coups
        if all(coup.cards.get(position) in symbols for position, symbols in given.items())
    ]
    deals = sum(coup.ways for coup in members)
    counts: dict[str, Counter[str]] = {}
    values: dict[str, Fraction] = {}
    for bet in coups[0].bets:
        summed, counts[bet] = _settle(_entries(members, bet))
        values[bet] = summed / deals if deals else Fraction(0)
    return ConditionalFigures(deals, total, counts, values)


def _merged(coups: Iterable[Coup]) -> list[Coup]:
    """The coups with identical deals (the same cards seen, the same plays) counted once."""
    ways: Counter[tuple[Any, ...]] = Counter()
    first: dict[tuple[Any, ...], Coup] = {}
    for coup in coups:
        key = (
            tuple(coup.cards.items()),
            tuple((bet, state, tuple(choices.items())) for bet, (state, choices) in coup.bets.items()),
        )
        ways[key] += coup.ways
        first.setdefault(key, coup)
    return [Coup(coup.cards, ways[key], coup.bets) for key, coup in first.items()]


def _orderings(cards: Sequence[CardT], length: int) -> Counter[tuple[CardT, ...]]:
    """Every ordered choice of ``length`` distinct physical cards, counted by what they read."""
    return Counter(itertools.permutations(cards, length))


def _simple(outcome: str, net: Fraction) -> Play:
    return None, {"": (outcome, net)}


# --- baccarat -----------------------------------------------------------------------------------


def _player_draws(player: int) -> bool:
    return player <= 5


def _banker_draws(banker: int, player_third: int | None) -> bool:
    """Punto banco's tableau: the banker's draw after the player stood (``None``) or drew."""
    if player_third is None:
        return banker <= 5
    if banker <= 2:
        return True
    if banker == 3:
        return player_third != 8
    if banker == 4:
        return 2 <= player_third <= 7
    if banker == 5:
        return 4 <= player_third <= 7
    if banker == 6:
        return player_third in (6, 7)
    return False


def _baccarat_deal(cards: Sequence[int]) -> tuple[dict[str, int], int, int]:
    """The values at each position dealt (and the two-card totals ``PT`` and ``BT``), and the two
    final totals, of six cards in deal order."""
    p1, b1, p2, b2, fifth, sixth = cards
    player, banker = (p1 + p2) % 10, (b1 + b2) % 10
    seen = {"P1": p1, "B1": b1, "P2": p2, "B2": b2, "PT": player, "BT": banker}
    if player >= 8 or banker >= 8:
        return seen, player, banker
    third = None
    if _player_draws(player):
        third = fifth
        seen["P3"] = third
        player = (player + third) % 10
    if _banker_draws(banker, third):
        card = fifth if third is None else sixth
        seen["B3"] = card
        banker = (banker + card) % 10
    return seen, player, banker


def baccarat_coups(values: Sequence[int]) -> list[Coup]:
    """Every deal of six distinct physical cards (given by their baccarat values 0 to 9)."""
    coups = []
    for cards, ways in _orderings(values, 6).items():
        seen, player, banker = _baccarat_deal(cards)
        winner = "player" if player > banker else "banker" if banker > player else "tie"
        bets = {
            "player": _simple(
                "tie" if winner == "tie" else "win" if winner == "player" else "lose",
                Fraction({"player": 1, "banker": -1, "tie": 0}[winner]),
            ),
            "banker": _simple(
                "tie" if winner == "tie" else "win" if winner == "banker" else "lose",
                {"player": Fraction(-1), "banker": Fraction(19, 20), "tie": Fraction(0)}[winner],
            ),
            "tie": _simple(
                "tie" if winner == "tie" else "no tie", Fraction(8) if winner == "tie" else Fraction(-1)
            ),
        }
        coups.append(Coup({position: str(value) for position, value in seen.items()}, ways, bets))
    return _merged(coups)


# --- Dragon Tiger -------------------------------------------------------------------------------


def dragon_tiger_coups(cards: Sequence[tuple[int, str]], bets: Sequence[str]) -> list[Coup]:
    """Every ordered pair of distinct physical cards ``(rank 1 to 13, suit)``, the Dragon's first."""
    coups = []
    for (dragon, tiger), ways in _orderings(cards, 2).items():
        plays = {}
        for bet in bets:
            name = dragon_tiger_outcome(bet, dragon, tiger)
            plays[bet] = _simple(name, DRAGON_TIGER_PAYS[bet][name])
        coups.append(Coup({"dragon": RANK_SYMBOLS[dragon[0]], "tiger": RANK_SYMBOLS[tiger[0]]}, ways, plays))
    return coups


# --- Red Dog ------------------------------------------------------------------------------------

RED_DOG_PAYS = (Fraction(5), Fraction(4), Fraction(2), Fraction(1))
"""The standard pays of spread 1, 2, 3 and 4 or more."""


def red_dog_coups(
    ranks: Sequence[int], *, by_cards: bool = False, trips: Fraction = Fraction(11)
) -> list[Coup]:
    """Every ordered deal of three distinct physical cards (ranks 2 to 14, ace high): two cards,
    and a third unless they are consecutive; a spread may be raised (staking twice), decided per
    spread or (``by_cards``) per pair of first two ranks."""
    coups = []
    for (first, second, third), ways in _orderings(ranks, 3).items():
        low, high = min(first, second), max(first, second)
        spread = high - low - 1
        seen = {"first": RANK_SYMBOLS[first], "second": RANK_SYMBOLS[second]}
        if spread == 0:
            play = _simple("consecutive (push)", Fraction(0))
        else:
            seen["third"] = RANK_SYMBOLS[third]
            if spread < 0:
                play = _simple(
                    *(("three of a kind", trips) if third == first else ("pair, then push", Fraction(0)))
                )
            else:
                pay = RED_DOG_PAYS[min(spread, 4) - 1]
                won = low < third < high
                result = "won" if won else "lost"
                state: Hashable = (low, high) if by_cards else spread
                play = (
                    state,
                    {
                        "stand": (f"spread {spread}, {result}", pay if won else Fraction(-1)),
                        "raise": (f"spread {spread}, raised, {result}", 2 * pay if won else Fraction(-2)),
                    },
                )
        coups.append(Coup(seen, ways, {"reddog": play}))
    return _merged(coups)


# --- Casino War ---------------------------------------------------------------------------------


def casino_war_coups(
    ranks: Sequence[int], *, on_tie: str = "war", tie_pays: Fraction = Fraction(10)
) -> list[Coup]:
    """Every ordered deal of seven distinct physical cards (ranks 2 to 14, ace high): the player's
    and the dealer's card, on a tie three burned cards and a war card each.  The main bet goes to
    war on a tie (``on_tie="war"``) or chooses war or surrender per tied rank (``"best"``); at war
    the raise wins 1 to 1 (the bet pushes) when the player's war card is higher or equal, and both
    units are lost when it is lower; surrender loses half."""
    coups = []
    for cards, ways in _orderings(ranks, 7).items():
        player, dealer, _, _, _, player_war, dealer_war = cards
        seen = {"player": RANK_SYMBOLS[player], "dealer": RANK_SYMBOLS[dealer]}
        if player != dealer:
            main = _simple(*(("win", Fraction(1)) if player > dealer else ("lose", Fraction(-1))))
            tie = _simple("no tie", Fraction(-1))
        else:
            seen["player war"], seen["dealer war"] = RANK_SYMBOLS[player_war], RANK_SYMBOLS[dealer_war]
            if player_war > dealer_war:
                war = ("war, won", Fraction(1))
            elif player_war == dealer_war:
                war = ("war, tie", Fraction(1))
            else:
                war = ("war, lost", Fraction(-2))
            if on_tie == "best":
                main = (player, {"war": war, "surrender": ("surrender", Fraction(-1, 2))})
            else:
                main = _simple(*war)
            tie = _simple("tie", tie_pays)
        coups.append(Coup(seen, ways, {"main": main, "tie": tie}))
    return _merged(coups)
