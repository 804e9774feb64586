"""Chemin de fer as an additive game: both sides' payoffs, and strict dominance.

Player's mixed strategy is a probability of drawing ``q[j]`` on each of his 5-hands; Banker's a
probability of drawing ``beta[i]`` in each information set.  Every payoff is affine in ``q`` and,
for fixed ``q``, a sum over Banker's sets of ``beta[i]`` times that set's gain: so Banker's best
reply is found set by set, and Player's choice by choice.  :class:`AdditiveGame` holds, for each
side, the payoff when Banker stands everywhere (affine in ``q``) and what drawing in each set adds
(affine in ``q``), all multiplied by the structure's denominator.  The casino's commission ``a``
on Banker's wins makes Banker's payoff ``(1 - a) * (Banker's wins) - (Player's wins)``, no
longer the opposite of Player's: a bimatrix game.

>>> from cardmath.games.chemin_de_fer.rules import Information
>>> from cardmath.games.chemin_de_fer.structure import game_structure
>>> from cardmath.shoe import Shoe
>>> game = AdditiveGame.of(game_structure(Shoe.infinite(), Information.TOTALS), Fraction(0))
>>> game.zero_sum, len(game.player_gain)
(True, 88)
>>> reduction = dominance(game)
>>> len(reduction.banker), reduction.player
(84, {})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from cardmath.games.chemin_de_fer.structure import GameStructure

__all__ = ["AdditiveGame", "Reduction", "Vector", "affine_at", "dominance"]

Vector = tuple[Fraction, ...]
"""Exact numbers: an affine function of ``q`` (constant first) or a point."""


def affine_at(function: Sequence[Fraction], q: Sequence[Fraction]) -> Fraction:
    """The value of an affine function (constant, then one coefficient per choice) at ``q``.

    >>> affine_at((Fraction(1), Fraction(2)), (Fraction(1, 2),))
    Fraction(2, 1)
    """
    return function[0] + sum((c * x for c, x in zip(function[1:], q, strict=True)), Fraction(0))


@dataclass(frozen=True)
class AdditiveGame:
    """Both sides' payoffs, times ``denominator``, in the additive form.

    - ``player_base``: Player's payoff when Banker stands everywhere, affine in ``q``;
    - ``player_gain[i]``: what Banker's drawing in set ``i`` adds to Player's payoff;
    - ``banker_base``, ``banker_gain[i]``: the same for Banker's payoff.

    >>> game = AdditiveGame((Fraction(0), Fraction(1)), ((Fraction(1), Fraction(-2)),),
    ...                     (Fraction(0), Fraction(-1)), ((Fraction(-1), Fraction(2)),), 1)
    >>> game.player_payoff((Fraction(1, 2),), (Fraction(1),)), game.banker_gain_at(0, (Fraction(1, 2),))
    (Fraction(1, 2), Fraction(0, 1))
    """

    player_base: Vector
    player_gain: tuple[Vector, ...]
    banker_base: Vector
    banker_gain: tuple[Vector, ...]
    denominator: int

    @classmethod
    def of(cls, structure: GameStructure, commission: Fraction) -> AdditiveGame:
        """The game on a counted shoe, with a commission (a fraction) on Banker's wins.

        >>> from cardmath.games.chemin_de_fer.rules import Information
        >>> from cardmath.games.chemin_de_fer.structure import game_structure
        >>> from cardmath.shoe import Shoe
        >>> casino = AdditiveGame.of(game_structure(Shoe.standard(6), Information.TOTALS), Fraction(1, 20))
        >>> casino.zero_sum
        False
        """
        scale, kept = commission.denominator, commission.denominator - commission.numerator
        size = 1 + len(structure.choices)
        player = [0] * size
        banker = [0] * size  # times scale: (1 - commission) * banker's wins - player's wins
        player[0] = structure.natural_player - structure.natural_banker
        banker[0] = kept * structure.natural_banker - scale * structure.natural_player
        player_gains, banker_gains = [], []
        for wins in structure.wins:
            ps, bs = wins.player_if_stands, wins.banker_if_stands
            pd, bd = wins.player_if_draws, wins.banker_if_draws
            for k in range(size):
                player[k] += ps[k] - bs[k]
                banker[k] += kept * bs[k] - scale * ps[k]
            player_gains.append(tuple(Fraction(pd[k] - bd[k] - ps[k] + bs[k]) for k in range(size)))
            banker_gains.append(
                tuple(Fraction(kept * (bd[k] - bs[k]) - scale * (pd[k] - ps[k]), scale) for k in range(size))
            )
        player_base = tuple(Fraction(x) for x in player)
        banker_base = tuple(Fraction(x, scale) for x in banker)
        return cls(player_base, tuple(player_gains), banker_base, tuple(banker_gains), structure.denominator)

    @property
    def zero_sum(self) -> bool:
        """Whether Banker's payoff is the opposite of Player's (no commission).

        >>> AdditiveGame((Fraction(0),), (), (Fraction(0),), (), 1).zero_sum
        True
        """
        return self.banker_base == tuple(-x for x in self.player_base) and all(
            b == tuple(-x for x in p) for p, b in zip(self.player_gain, self.banker_gain, strict=True)
        )

    @property
    def choices(self) -> int:
        """How many choices Player has (his 5-hands as he sees them).

        >>> AdditiveGame((Fraction(0), Fraction(1)), (), (Fraction(0), Fraction(1)), (), 1).choices
        1
        """
        return len(self.player_base) - 1

    def player_payoff(self, q: Sequence[Fraction], beta: Sequence[Fraction]) -> Fraction:
        """Player's payoff (times the denominator) when the sides play ``q`` and ``beta``.

        >>> one = (Fraction(1),)
        >>> game = AdditiveGame((Fraction(3),), (one,), (Fraction(-3),), ((-one[0],),), 1)
        >>> game.player_payoff((), (Fraction(1, 2),))
        Fraction(7, 2)
        """
        total = affine_at(self.player_base, q)
        for gain, b in zip(self.player_gain, beta, strict=True):
            if b:
                total += b * affine_at(gain, q)
        return total

    def banker_payoff(self, q: Sequence[Fraction], beta: Sequence[Fraction]) -> Fraction:
        """Banker's payoff (times the denominator) when the sides play ``q`` and ``beta``.

        >>> one = (Fraction(1),)
        >>> AdditiveGame((Fraction(3),), (one,), (Fraction(-3),), ((-one[0],),), 1).banker_payoff((), one)
        Fraction(-4, 1)
        """
        total = affine_at(self.banker_base, q)
        for gain, b in zip(self.banker_gain, beta, strict=True):
            if b:
                total += b * affine_at(gain, q)
        return total

    def banker_gain_at(self, index: int, q: Sequence[Fraction]) -> Fraction:
        """What drawing rather than standing in set ``index`` is worth to Banker against ``q``.

        >>> one = (Fraction(1),)
        >>> AdditiveGame((Fraction(0),), (one,), (Fraction(0),), ((-one[0],),), 1).banker_gain_at(0, ())
        Fraction(-1, 1)
        """
        return affine_at(self.banker_gain[index], q)

    def player_slope(self, choice: int, beta: Sequence[Fraction]) -> Fraction:
        """What drawing rather than standing on ``choice`` is worth to Player against ``beta``.

        >>> zero, two, three = Fraction(0), Fraction(2), Fraction(3)
        >>> game = AdditiveGame((zero, two), ((zero, -three),), (zero, -two), ((zero, three),), 1)
        >>> game.player_slope(0, (Fraction(1),))
        Fraction(-1, 1)
        """
        slope = self.player_base[1 + choice]
        for gain, b in zip(self.player_gain, beta, strict=True):
            if b:
                slope += b * gain[1 + choice]
        return slope


@dataclass(frozen=True)
class Reduction:
    """What iterated strict dominance settles: Player's choices (``player``: choice -> 0 stand or 1
    draw) and Banker's sets (``banker``: set -> 0 or 1) whose play is the same in every equilibrium.

    >>> Reduction({0: 1}, {}).free_choices(2)
    [1]
    """

    player: dict[int, int]
    banker: dict[int, int]

    def free_choices(self, choices: int) -> list[int]:
        """Player's choices dominance leaves open.

        >>> Reduction({}, {3: 0}).free_choices(1)
        [0]
        """
        return [j for j in range(choices) if j not in self.player]

    def free_sets(self, sets: int) -> list[int]:
        """Banker's sets dominance leaves open.

        >>> Reduction({}, {0: 0}).free_sets(2)
        [1]
        """
        return [i for i in range(sets) if i not in self.banker]


def _range(function: Vector, box: Sequence[tuple[Fraction, Fraction]]) -> tuple[Fraction, Fraction]:
    """The least and greatest values of an affine function over a box."""
    low = high = function[0]
    for coefficient, (a, b) in zip(function[1:], box, strict=True):
        low += min(coefficient * a, coefficient * b)
        high += max(coefficient * a, coefficient * b)
    return low, high


def dominance(game: AdditiveGame) -> Reduction:
    """Iterated elimination of strictly dominated choices, on both sides, until nothing changes.

    Banker's drawing in a set is strictly dominant when it gains for every ``q`` Player may still
    play, and conversely; Player's drawing on a hand is strictly dominant when it gains against
    every ``beta`` Banker may still play.  (Additivity makes a choice in one set dominant for every
    pure strategy at once.)  No equilibrium is lost.

    >>> game = AdditiveGame((Fraction(0), Fraction(1)), ((Fraction(-1), Fraction(0)),),
    ...                     (Fraction(0), Fraction(-1)), ((Fraction(1), Fraction(0)),), 1)
    >>> dominance(game)
    Reduction(player={0: 1}, banker={0: 1})
    """
    player: dict[int, int] = {}
    banker: dict[int, int] = {}
    unit = (Fraction(0), Fraction(1))
    changed = True
    while changed:
        changed = False
        box = [(Fraction(player[j]),) * 2 if j in player else unit for j in range(game.choices)]
        for i, gain in enumerate(game.banker_gain):
            if i in banker:
                continue
            low, high = _range(gain, box)
            if low > 0 or high < 0:
                banker[i] = 1 if low > 0 else 0
                changed = True
        for j in range(game.choices):
            if j in player:
                continue
            fixed = game.player_base[1 + j] + sum(
                (game.player_gain[i][1 + j] * b for i, b in banker.items()), Fraction(0)
            )
            free = [game.player_gain[i][1 + j] for i in range(len(game.player_gain)) if i not in banker]
            low = fixed + sum((min(x, Fraction(0)) for x in free), Fraction(0))
            high = fixed + sum((max(x, Fraction(0)) for x in free), Fraction(0))
            if low > 0 or high < 0:
                player[j] = 1 if low > 0 else 0
                changed = True
    return Reduction(player, banker)
