"""The game counted once per shoe: what every information set is worth to each side, exactly.

Both sides' payoffs are *additive*: a deal passes through exactly one of Banker's information sets
(or none, on a natural), so the expected payoff is a sum over the sets of what happens there, and
Banker's choice in one set changes only that set's term.  In each set, what Player wins and what
Banker wins when Banker stands, and when he draws, are counted as integers over one denominator
(every deal is counted as six cards dealt, ``ff(N, 6)`` ordered deals, or ``N^6`` for an
infinite shoe), and each count is *affine* in Player's probabilities of drawing on his 5-hands
(``q``): a deal through a 5-hand counts ``1 - q`` of its weight if Player stood and ``q`` if he
drew.  That is all the solver needs: the 2^5 x 2^484 matrix is never built.

>>> from cardmath.games.chemin_de_fer.rules import Information
>>> structure = game_structure(Shoe.infinite(), Information.TOTALS)
>>> len(structure.sets), structure.choices
(88, (Hand(total=5, cards=()),))
>>> structure.denominator == 52**6
True
>>> s = structure.sets.index(InformationSet(Hand(6), None))
>>> structure.wins[s].banker_if_stands  # Banker's 6 beats Player's 5 if he stood on it: 1 - q
(177209344, -177209344)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

from cardmath.enumeration import padding_ways
from cardmath.games.chemin_de_fer.hands import (
    CHOICE_TOTAL,
    VALUES,
    Hand,
    InformationSet,
    information_sets,
    player_choices,
    value_counts,
)
from cardmath.games.chemin_de_fer.rules import Information
from cardmath.shoe import Shoe

__all__ = ["CARDS_PER_DEAL", "Affine", "GameStructure", "SetWins", "game_structure"]

CARDS_PER_DEAL: Final = 6
"""Every deal is counted as six cards dealt (unused cards included), as baccarat's tables are."""

Affine = tuple[int, ...]
"""An integer affine function of Player's probabilities of drawing: the constant term, then one
coefficient per Player choice (:attr:`GameStructure.choices`)."""


@dataclass(frozen=True)
class SetWins:
    """What one information set is worth: the weight of deals Player wins and Banker wins there,
    when Banker stands and when he draws, each affine in Player's probabilities of drawing.

    >>> wins = SetWins((1, 0), (2, 0), (3, 1), (0, 0))
    >>> wins.player_gain_if_draws  # (3 - 0) - (1 - 2) and (1 - 0) - (0 - 0)
    (4, 1)
    """

    player_if_stands: Affine
    banker_if_stands: Affine
    player_if_draws: Affine
    banker_if_draws: Affine

    @property
    def player_gain_if_draws(self) -> Affine:
        """How much Player's payoff (wins minus losses) changes when Banker draws instead of standing.

        >>> SetWins((1, 0), (2, 0), (3, 1), (0, 0)).player_gain_if_draws
        (4, 1)
        """
        return tuple(
            pd - bd - ps + bs
            for ps, bs, pd, bd in zip(
                self.player_if_stands,
                self.banker_if_stands,
                self.player_if_draws,
                self.banker_if_draws,
                strict=True,
            )
        )


@dataclass(frozen=True)
class GameStructure:
    """The additive form of the game on one shoe.

    - ``choices``: Player's 5-hands, in the order of the coefficients of every :data:`Affine`;
    - ``sets``: Banker's information sets that the shoe can deal, and ``wins`` what each is worth;
    - ``natural_player``, ``natural_banker``: the weight of deals won on a natural by each side;
    - ``denominator``: the weight of all deals, ``ff(N, 6)`` or ``N^6``.

    >>> structure = game_structure(Shoe.standard(6), Information.COMPOSITIONS)
    >>> len(structure.choices), len(structure.sets)
    (5, 484)
    """

    information: Information
    choices: tuple[Hand, ...]
    sets: tuple[InformationSet, ...]
    wins: tuple[SetWins, ...]
    natural_player: int
    natural_banker: int
    denominator: int


def game_structure(shoe: Shoe, information: Information) -> GameStructure:
    """Count the game on ``shoe`` once (cached by the shoe's card values and what each side sees).

    >>> structure = game_structure(Shoe.standard(1), Information.BANKER_COMPOSITION)
    >>> structure.denominator, structure.natural_player
    (14658134400, 2395691520)
    """
    return _structure(value_counts(shoe), shoe.is_infinite, information)


class _Tally:
    """The four affine counts of one information set, accumulated."""

    def __init__(self, size: int) -> None:
        self.counts = [[0] * size for _ in range(4)]

    def add(self, which: int, weight: int, choice: int | None, drew: bool) -> None:
        row = self.counts[which]
        if choice is None:
            row[0] += weight
        elif drew:
            row[1 + choice] += weight
        else:
            row[0] += weight
            row[1 + choice] -= weight


def _banker_draws(player: int, banker: int, left: list[int]) -> tuple[int, int]:
    """How many of the cards ``left`` make Banker's draw lose, and win, against Player's final total."""
    won = lost = 0
    for card in VALUES:
        final = (banker + card) % 10
        if final < player:
            won += left[card]
        elif final > player:
            lost += left[card]
    return won, lost


@functools.lru_cache(maxsize=64)
def _structure(counts: tuple[int, ...], infinite: bool, information: Information) -> GameStructure:
    size = sum(counts)
    pad = [
        padding_ways(size if infinite else size - used, CARDS_PER_DEAL - used, infinite=infinite)
        for used in range(CARDS_PER_DEAL + 1)
    ]
    choices = player_choices(information)
    pairs = [(a, b) for a in VALUES for b in VALUES if a <= b]
    tallies: dict[InformationSet, _Tally] = {}
    natural = [0, 0]

    def tally(situation: InformationSet) -> _Tally:
        if situation not in tallies:
            tallies[situation] = _Tally(1 + len(choices))
        return tallies[situation]

    for player_pair in pairs:
        for banker_pair in pairs:
            left = list(counts)
            weight = (2 if player_pair[0] != player_pair[1] else 1) * (
                2 if banker_pair[0] != banker_pair[1] else 1
            )
            for card in (*player_pair, *banker_pair):
                weight *= left[card]
                if not infinite:
                    left[card] -= 1
            if weight == 0:
                continue
            player_total, banker_total = sum(player_pair) % 10, sum(banker_pair) % 10
            if player_total >= 8 or banker_total >= 8:
                if player_total != banker_total:
                    natural[0 if player_total > banker_total else 1] += weight * pad[4]
                continue
            hand = Hand.of(*banker_pair, composition=information.banker_sees_composition)
            choice = None
            if player_total == CHOICE_TOTAL:
                choice = choices.index(Hand.of(*player_pair, composition=information.player_sees_composition))
            if player_total >= CHOICE_TOTAL:  # Player stands (by rule on 6 or 7, by choice on 5)
                drew = False
                situation = InformationSet(hand, None)
                entry = tally(situation)
                if player_total > banker_total:
                    entry.add(0, weight * pad[4], choice, drew)
                elif banker_total > player_total:
                    entry.add(1, weight * pad[4], choice, drew)
                won, lost = _banker_draws(player_total, banker_total, left)
                entry.add(2, weight * pad[5] * won, choice, drew)
                entry.add(3, weight * pad[5] * lost, choice, drew)
            if player_total <= CHOICE_TOTAL:  # Player draws (by rule on 0 to 4, by choice on 5)
                drew = True
                for third in VALUES:
                    drawn = weight * left[third]
                    if drawn == 0:
                        continue
                    after = list(left)
                    if not infinite:
                        after[third] -= 1
                    final = (player_total + third) % 10
                    situation = InformationSet(hand, third)
                    entry = tally(situation)
                    if final > banker_total:
                        entry.add(0, drawn * pad[5], choice, drew)
                    elif banker_total > final:
                        entry.add(1, drawn * pad[5], choice, drew)
                    won, lost = _banker_draws(final, banker_total, after)
                    entry.add(2, drawn * pad[6] * won, choice, drew)
                    entry.add(3, drawn * pad[6] * lost, choice, drew)
    sets = tuple(situation for situation in information_sets(information) if situation in tallies)
    wins = tuple(SetWins(*(tuple(row) for row in tallies[situation].counts)) for situation in sets)
    return GameStructure(information, choices, sets, wins, natural[0], natural[1], pad[0])
