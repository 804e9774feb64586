"""Chemin de fer strategies checked directly, sharing no code with cardmath.

The game is tabulated by this module's own reading of the rules: the cards are dealt Player,
Banker, Player, Banker; a two-card total of 8 or 9 on either side ends the deal; Player draws on
0 to 4, stands on 6 or 7 and chooses on 5; then Banker chooses, knowing his hand and Player's third
card (or that Player stood); the higher total wins.  A shoe is the number of cards of each value
0 (tens and pictures) to 9, dealt without replacement, or with replacement when ``infinite``.
Every ordered deal of values is visited once, its probability kept as an exact fraction.

The table keeps, for each way a deal can go (Player's hand as he sees it and what he did,
Banker's hand as he sees it with Player's action, and what Banker did), the probability-weighted
net win of Player and the probability that Banker wins.  Then:

- :func:`payoffs` evaluates any pair of mixed strategies;
- :func:`player_best_reply` tries *every* pure strategy of Player (2 or 32) against a mixed
  strategy of Banker (his payoff summed once for each of his choices, draw or stand on each
  5-hand, then added up strategy by strategy);
- :func:`banker_best_reply` finds Banker's best pure reply against a mixed strategy of Player by
  trying both choices in each of his situations (a deal passes through at most one of them, so
  his payoff is a sum over situations and the best of his 2^n pure strategies is read set by set);
- :func:`banker_gains` gives, situation by situation, what Banker gains by drawing rather than
  standing, so that his best reply can be written down.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

__all__ = [
    "Key",
    "Situation",
    "Tabulated",
    "banker_best_reply",
    "banker_gains",
    "payoffs",
    "player_best_reply",
    "tabulate",
]

Key = tuple[int, ...]
"""A hand as its owner sees it: ``(total,)``, or its two values ``(a, b)`` with ``a <= b``."""

Situation = tuple[Key, int | None]
"""Banker's hand as he sees it and Player's third card (``None``: Player stood)."""

_Way = tuple[Key | None, bool, Situation | None, bool]


@dataclass(frozen=True)
class Tabulated:
    """The game: for each way a deal goes, Player's expected net win and Banker's chance of winning.

    ``ways`` maps ``(player_key, player_drew, situation, banker_drew)`` to the pair; the key is
    ``None`` for a hand on which Player does not choose, the situation ``None`` for a natural.
    """

    ways: dict[_Way, tuple[Fraction, Fraction]]
    player_keys: tuple[Key, ...]
    situations: tuple[Situation, ...]


def _seen(a: int, b: int, composition: bool) -> Key:
    return (min(a, b), max(a, b)) if composition else ((a + b) % 10,)


def tabulate(
    counts: Sequence[int], *, infinite: bool, player_composition: bool, banker_composition: bool
) -> Tabulated:
    """Visit every ordered deal of card values and tabulate the game."""
    total = sum(counts)
    net: dict[_Way, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])
    banker_won: dict[_Way, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])

    def take(left: list[int], value: int) -> int:
        ways = left[value]
        if not infinite:
            left[value] -= 1
        return ways

    def record(way: _Way, cards: int, weight: int, player: int, banker: int) -> None:
        if player > banker:
            net[way][cards - 1] += weight
        elif banker > player:
            net[way][cards - 1] -= weight
            banker_won[way][cards - 1] += weight
        else:
            net[way]  # a tie: the way exists, nothing is won

    for p1, b1, p2, b2 in product(range(10), repeat=4):
        left = list(counts)
        weight = 1
        for value in (p1, b1, p2, b2):
            weight *= take(left, value)
        if weight == 0:
            continue
        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
        if player >= 8 or banker >= 8:
            record((None, False, None, False), 4, weight, player, banker)
            continue
        key = _seen(p1, p2, player_composition) if player == 5 else None
        banker_key = _seen(b1, b2, banker_composition)
        actions = [False, True] if player == 5 else [player <= 4]
        for drew in actions:
            if not drew:
                situation: Situation = (banker_key, None)
                record((key, False, situation, False), 4, weight, player, banker)
                for b3 in range(10):
                    after = list(left)
                    w = weight * take(after, b3)
                    if w:
                        record((key, False, situation, True), 5, w, player, (banker + b3) % 10)
                continue
            for p3 in range(10):
                after_player = list(left)
                w5 = weight * take(after_player, p3)
                if w5 == 0:
                    continue
                final = (player + p3) % 10
                situation = (banker_key, p3)
                record((key, True, situation, False), 5, w5, final, banker)
                for b3 in range(10):
                    after = list(after_player)
                    w6 = w5 * take(after, b3)
                    if w6:
                        record((key, True, situation, True), 6, w6, final, (banker + b3) % 10)

    def denominator(cards: int) -> int:
        result = 1
        for i in range(cards):
            result *= total if infinite else total - i
        return result

    def exact(levels: list[int]) -> Fraction:
        return sum((Fraction(levels[k - 1], denominator(k)) for k in (4, 5, 6)), Fraction(0))

    ways = {way: (exact(net[way]), exact(banker_won[way])) for way in net}
    player_keys = tuple(sorted({way[0] for way in ways if way[0] is not None}))
    situations = tuple(
        sorted(
            {way[2] for way in ways if way[2] is not None}, key=lambda s: (s[0], -1 if s[1] is None else s[1])
        )
    )
    return Tabulated(ways, player_keys, situations)


def payoffs(
    table: Tabulated,
    player: Mapping[Key, Fraction],
    banker: Mapping[Situation, Fraction],
    commission: Fraction = Fraction(0),
) -> tuple[Fraction, Fraction]:
    """Player's and Banker's expected payoffs under mixed strategies (probabilities of drawing);
    Banker's wins pay ``1 - commission``."""
    player_total = banker_total = Fraction(0)
    for (key, drew, situation, banker_drew), (net, won) in table.ways.items():
        chance = Fraction(1)
        if key is not None:
            chance *= player[key] if drew else 1 - player[key]
        if situation is not None:
            chance *= banker[situation] if banker_drew else 1 - banker[situation]
        if chance:
            player_total += chance * net
            banker_total += chance * (-net - commission * won)
    return player_total, banker_total


def player_best_reply(
    table: Tabulated, banker: Mapping[Situation, Fraction], commission: Fraction = Fraction(0)
) -> Fraction:
    """Player's best payoff against Banker's mixed strategy, over every pure strategy of his.

    A deal passes through one of Player's choices at most, so his payoff from the deals through
    each choice is summed once; then every pure strategy is tried.  The commission is not
    Player's concern: it is taken from Banker's wins."""
    del commission
    by_choice: dict[tuple[Key | None, bool], Fraction] = defaultdict(Fraction)
    for (key, drew, situation, banker_drew), (net, _) in table.ways.items():
        chance = Fraction(1)
        if situation is not None:
            chance = banker[situation] if banker_drew else 1 - banker[situation]
        by_choice[key, drew] += chance * net
    fixed = by_choice[None, False] + by_choice[None, True]
    return max(
        fixed
        + sum(
            (by_choice[key, drew] for key, drew in zip(table.player_keys, choices, strict=True)), Fraction(0)
        )
        for choices in product((False, True), repeat=len(table.player_keys))
    )


def _banker_by_choice(
    table: Tabulated, player: Mapping[Key, Fraction], commission: Fraction
) -> dict[tuple[Situation | None, bool], Fraction]:
    """Banker's payoff from the deals through each situation (``None``: a natural), by his choice."""
    by_choice: dict[tuple[Situation | None, bool], Fraction] = defaultdict(Fraction)
    for (key, drew, situation, banker_drew), (net, won) in table.ways.items():
        chance = Fraction(1) if key is None else (player[key] if drew else 1 - player[key])
        by_choice[situation, banker_drew] += chance * (-net - commission * won)
    return by_choice


def banker_best_reply(
    table: Tabulated, player: Mapping[Key, Fraction], commission: Fraction = Fraction(0)
) -> Fraction:
    """Banker's best payoff against Player's mixed strategy, both choices tried in every situation."""
    by_choice = _banker_by_choice(table, player, commission)
    best = by_choice[None, False]
    for situation in table.situations:
        best += max(by_choice[situation, False], by_choice[situation, True])
    return best


def banker_gains(
    table: Tabulated, player: Mapping[Key, Fraction], commission: Fraction = Fraction(0)
) -> dict[Situation, Fraction]:
    """What Banker gains by drawing rather than standing in each situation, against Player's mixed
    strategy: his best reply draws where the gain is positive, stands where it is negative, and
    may mix only where it is zero."""
    by_choice = _banker_by_choice(table, player, commission)
    return {s: by_choice[s, True] - by_choice[s, False] for s in table.situations}
