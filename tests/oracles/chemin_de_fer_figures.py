"""Chemin de fer under models B2 and B3, and the casino game: regression figures, not published ones.

Ethier and Gámez (2013, "A game-theoretic analysis of baccara chemin de fer", Games 4, 711-737;
arXiv:1305.5468) tabulate the solutions of models B2 and B3 deck count by deck count, and Ethier
and Lee (2023, "A game-theoretic analysis of baccara chemin de fer, II", Games 14, 63;
arXiv:2308.00118) give Nash equilibria of the casino game.  Their tables could not be consulted
when these tests were written: the stored copies of both papers that could be searched held only
their abstracts and introductions.  So every figure below is cardmath's own output, kept as a
**regression value**; none of them is a published number, and none should be cited as one.

They are more than the engine's word all the same.  The tests certify each set of figures with the
independent oracle of chemin_de_fer_best_response.py, starting from the figures alone: Player
plays the strategy given; Banker replies best, set by set, drawing where drawing gains, standing
where it loses, and mixing with the probability given exactly where he is indifferent; then no
pure strategy of Player does better, and both payoffs are the figures.  In the parlor game that
makes the value the value of the game and both strategies optimal; in the casino game it makes the
pair a Nash equilibrium.  Uniqueness is the engine's claim, proved by its kernel test, not the
oracle's.

When the papers' tables can be read, each figure they print should be compared with these and
cited here (table and page); any difference is to be investigated, not copied over.

Hands are keyed as the oracle keys them: a hand Player sees by its total, ``(5,)``, or by its two
values, ``(1, 4)``; Banker's situations are his two values with Player's third card, ``None`` when
Player stood.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tests.oracles.chemin_de_fer_best_response import Key, Situation

__all__ = ["CASINO_B2", "CASINO_B3", "MODEL_B2", "MODEL_B3", "Figures"]


@dataclass(frozen=True)
class Figures:
    """One solution: both payoffs, Player's probability of drawing on each of his 5-hands, and the
    situations where Banker mixes with his probability of drawing there (elsewhere he plays his
    best reply to Player's strategy)."""

    player_payoff: Fraction
    banker_payoff: Fraction
    player: dict[Key, Fraction]
    banker_mixes: dict[Situation, Fraction]


_ZERO_SIX: Key = (0, 6)
"""Banker's hand {0,6}: where he mixes when Player stood, on two or more decks."""


def _parlor_b2(value: Fraction, draw: Fraction, mix: Fraction) -> Figures:
    """Model B2: Player mixes on 5, Banker with {0,6} when Player stood."""
    return Figures(value, -value, {(5,): draw}, {(_ZERO_SIX, None): mix})


def _b3_player(mix: Fraction) -> dict[Key, Fraction]:
    """Model B3: Player draws with {0,5}, {6,9} and {7,8}, stands with {2,3}, mixes with {1,4}."""
    one, zero = Fraction(1), Fraction(0)
    return {(0, 5): one, (1, 4): mix, (2, 3): zero, (6, 9): one, (7, 8): one}


MODEL_B2: dict[int, Figures] = {
    1: _parlor_b2(Fraction(-22932137, 1666583100), Fraction(253, 342), Fraction(290383, 450072)),
    2: _parlor_b2(Fraction(-8220886553, 620866384425), Fraction(16215, 20804), Fraction(2591845, 4119192)),
    6: _parlor_b2(
        Fraction(-974653793197999, 75340147272374985), Fraction(477191, 592524), Fraction(77143741, 121269912)
    ),
    8: _parlor_b2(
        Fraction(-1059778909061461, 82154663322498585),
        Fraction(163305, 201968),
        Fraction(490310615, 774749248),
    ),
}
"""Model B2 (Player sees his total, Banker his two cards), parlor game, by number of decks."""

MODEL_B3: dict[int, Figures] = {
    1: Figures(
        Fraction(-37833961, 2901089100),
        Fraction(37833961, 2901089100),
        _b3_player(Fraction(1, 19)),
        {((8, 8), None): Fraction(4519, 10716)},
    ),
    2: Figures(
        Fraction(-49424010137, 3823801581600),
        Fraction(49424010137, 3823801581600),
        _b3_player(Fraction(851, 2688)),
        {(_ZERO_SIX, None): Fraction(17431, 64512)},
    ),
    6: Figures(
        Fraction(-73356216203119, 5712649844821920),
        Fraction(73356216203119, 5712649844821920),
        _b3_player(Fraction(35003, 74880)),
        {(_ZERO_SIX, None): Fraction(18885571, 36781056)},
    ),
    8: Figures(
        Fraction(-2789416947665657, 217430324984396160),
        Fraction(2789416947665657, 217430324984396160),
        _b3_player(Fraction(86735, 178176)),
        {(_ZERO_SIX, None): Fraction(316815305, 585842688)},
    ),
}
"""Model B3 (each side sees his two cards), parlor game, by number of decks."""

CASINO_B2: dict[int, Figures] = {
    6: Figures(
        Fraction(-974653793197999, 75340147272374985),
        Fraction(-211928003523064, 21038347771318605),
        {(5,): Fraction(2372272, 2881749)},
        {(_ZERO_SIX, None): Fraction(77143741, 121269912)},
    ),
}
"""Model B2 with a commission of 1/20 on Banker's wins: a Nash equilibrium, by number of decks.
Banker's mix keeps Player indifferent, which the commission does not touch, so it and Player's
payoff are the parlor game's; Player's probability keeps Banker indifferent, and moves."""

CASINO_B3: dict[int, Figures] = {
    6: Figures(
        Fraction(-73356216203119, 5712649844821920),
        Fraction(-3135919884845773, 308702808922107600),
        _b3_player(Fraction(221683, 364176)),
        {(_ZERO_SIX, None): Fraction(18885571, 36781056)},
    ),
}
"""Model B3 with a commission of 1/20 on Banker's wins: a Nash equilibrium, by number of decks."""
