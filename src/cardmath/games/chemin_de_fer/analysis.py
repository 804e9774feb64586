"""Solving chemin de fer on a shoe: :func:`analyze`, its :class:`Solution`, and the link to punto banco.

:func:`analyze` counts the game on the shoe (:mod:`.structure`), settles what strict dominance
settles, and finds the equilibria by Foster's algorithm (:mod:`.foster`): in the parlor game
(no commission) the value and both sides' optimal strategies, with a proof of uniqueness where it
holds; in the casino game, every Nash equilibrium with at most one mixed choice of Player, and
both sides' expected payoffs.  Every figure is an exact ``sympy.Rational``.

The solution also tells how punto banco's fixed tableau compares (:class:`TableauLink`): the
game's value when both sides follow it, where it departs from Banker's optimal strategy, and
what Player loses by always drawing on 5.  :func:`draw_effects_of_removal` shows how Player's optimal
play on 5 moves when one card is taken from the shoe.  The results (:class:`Solution`,
:class:`Equilibrium`, :class:`TableauLink`, :class:`Departure`) are defined in
:mod:`~cardmath.games.chemin_de_fer.solution` and :mod:`~cardmath.games.chemin_de_fer.equilibrium`,
with their tables and notebook displays.

>>> from cardmath.shoe import Shoe
>>> a1 = analyze(Shoe.infinite(), CheminDeFerRules(information="totals"))
>>> a1.model, a1.value, a1.player[Hand(5)], a1.uniqueness
(<Model.A1: 'A1'>, -679568/53094899, 9/11, <Uniqueness.UNIQUE: 'unique'>)
>>> a1.banker[InformationSet(Hand(6), None)]
859/2288
>>> [str(d.situation) for d in a1.link.departures]
['6, Player stood']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from fractions import Fraction

from sympy import Rational

from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.errors import OptionError, ShoeError
from cardmath.games.chemin_de_fer.additive import AdditiveGame, affine_at
from cardmath.games.chemin_de_fer.equilibrium import Departure, Equilibrium, TableauLink
from cardmath.games.chemin_de_fer.foster import equilibria
from cardmath.games.chemin_de_fer.hands import VALUES, Hand, InformationSet, tableau_draws, value_counts
from cardmath.games.chemin_de_fer.profiles import Equilibria
from cardmath.games.chemin_de_fer.rules import DEFAULT_RULES, CheminDeFerRules, Information, Play
from cardmath.games.chemin_de_fer.solution import Solution
from cardmath.games.chemin_de_fer.structure import GameStructure, game_structure
from cardmath.games.punto_banco import rank_value
from cardmath.shoe import Shoe

__all__ = [
    "Departure",
    "Equilibrium",
    "Solution",
    "TableauLink",
    "analyze",
    "draw_effects_of_removal",
    "expected_payoffs",
    "solve_many",
    "tableau_strategy",
]


def _rational(value: Fraction) -> Rational:
    return Rational(value.numerator, value.denominator)


def _game(shoe: Shoe, rules: CheminDeFerRules) -> tuple[GameStructure, AdditiveGame]:
    structure = game_structure(shoe, rules.information)
    return structure, _additive(structure, rules.commission)


@functools.lru_cache(maxsize=64)
def _additive(structure: GameStructure, commission: Rational) -> AdditiveGame:
    return AdditiveGame.of(structure, Fraction(int(commission.p), int(commission.q)))


@functools.lru_cache(maxsize=64)
def _equilibria(game: AdditiveGame) -> Equilibria:
    return equilibria(game)


def _payoffs(
    game: AdditiveGame, q: tuple[Fraction, ...], beta: tuple[Fraction, ...]
) -> tuple[Rational, Rational]:
    return (
        _rational(game.player_payoff(q, beta) / game.denominator),
        _rational(game.banker_payoff(q, beta) / game.denominator),
    )


def _link(structure: GameStructure, game: AdditiveGame, first: Equilibrium) -> TableauLink:
    draw_all = tuple(Fraction(1) for _ in structure.choices)
    tableau = tuple(Fraction(int(tableau_draws(situation))) for situation in structure.sets)
    departures = tuple(
        Departure(situation, Play.DRAW if draws else Play.STAND, first.banker[situation])
        for situation, draws in zip(structure.sets, tableau, strict=True)
        if first.banker[situation] != draws
    )
    reply = []
    for i in range(len(structure.sets)):
        gain = game.banker_gain_at(i, draw_all)
        if gain == 0:  # Banker is indifferent: the choice worse for Player
            gain = -affine_at(game.player_gain[i], draw_all)
        reply.append(Fraction(1) if gain > 0 else Fraction(0))
    fixed, _ = _payoffs(game, draw_all, tuple(reply))
    return TableauLink(_payoffs(game, draw_all, tableau)[0], departures, fixed, first.player_payoff - fixed)


@checked
def analyze(shoe: Shoe, rules: CheminDeFerRules = DEFAULT_RULES) -> Solution:
    """Solve chemin de fer on ``shoe`` (an infinite shoe: dealing with replacement) under ``rules``.

    Args:
        shoe: The cards dealt from: a finite shoe (model B) or the infinite shoe (model A).
        rules: What each side sees of his own cards and the commission on Banker's wins; the
            parlor game with each side seeing his two cards when omitted.

    Returns:
        The equilibria with both strategies and payoffs, whether the first is unique, how it was
            found, and the comparison with punto banco's tableau.

    >>> from cardmath.shoe import Shoe
    >>> b2 = analyze(Shoe.standard(6), CheminDeFerRules(information="banker composition"))
    >>> b2.value, b2.player[Hand(5)]
    (-974653793197999/75340147272374985, 477191/592524)
    >>> casino = analyze(Shoe.standard(6), CheminDeFerRules("banker composition", "1/20"))
    >>> casino.player[Hand(5)], casino.uniqueness
    (2372272/2881749, <Uniqueness.UNIQUE: 'unique'>)
    """
    structure, game = _game(shoe, rules)
    found = _equilibria(game)
    results = []
    for profile in found.profiles:
        player_payoff, banker_payoff = _payoffs(game, profile.player, profile.banker)
        results.append(
            Equilibrium(
                {hand: _rational(q) for hand, q in zip(structure.choices, profile.player, strict=True)},
                {
                    situation: _rational(b)
                    for situation, b in zip(structure.sets, profile.banker, strict=True)
                },
                player_payoff,
                banker_payoff,
            )
        )
    link = _link(structure, game, results[0])
    return Solution(
        shoe, rules, structure.choices, structure.sets, tuple(results), found.uniqueness, found.method, link
    )


@checked
def solve_many(shoes: Iterable[Shoe], rules: CheminDeFerRules = DEFAULT_RULES) -> list[Solution]:
    """:func:`analyze` for each shoe, in order (the solutions; not the engine's ``analyze_many``,
    whose result is the house edge of bets).

    Args:
        shoes: The shoes to solve, in order.
        rules: The rules every shoe is solved under; the parlor game, model 3, when omitted.

    Returns:
        One solution per shoe, in the order given.

    >>> from cardmath.shoe import Shoe
    >>> [str(s.value) for s in solve_many([Shoe.standard(1), Shoe.infinite()], CheminDeFerRules("totals"))]
    ['-581376851/42646944600', '-679568/53094899']
    """
    return [analyze(shoe, rules) for shoe in shoes]


@checked
def tableau_strategy(shoe: Shoe, information: Information) -> dict[InformationSet, Rational]:
    """Punto banco's tableau as a strategy of Banker: in every situation the shoe can deal, 1
    where it draws and 0 where it stands.

    Args:
        shoe: The shoe, which decides which situations can be dealt.
        information: What Banker sees of his hand: only totals or his two cards.

    Returns:
        Banker's probability of drawing, 0 or 1, by situation.

    >>> from cardmath.shoe import Shoe
    >>> strategy = tableau_strategy(Shoe.infinite(), Information.TOTALS)
    >>> strategy[InformationSet(Hand(6), None)], strategy[InformationSet(Hand(6), 6)]
    (0, 1)
    """
    return {
        situation: Rational(int(tableau_draws(situation)))
        for situation in game_structure(shoe, information).sets
    }


@checked
def expected_payoffs(
    shoe: Shoe,
    rules: CheminDeFerRules,
    player: Mapping[Hand, Rational | int],
    banker: Mapping[InformationSet, Rational | int],
) -> tuple[Rational, Rational]:
    """Player's and Banker's expected payoffs (per unit staked) when Player draws on each 5-hand
    with the probability ``player`` gives and Banker in each situation with the probability
    ``banker`` gives (every situation the shoe can deal must be given).

    Args:
        shoe: The cards dealt from (infinite: with replacement).
        rules: What each side sees and the commission.
        player: Player's probability of drawing (0 to 1) for each of his 5-hands.
        banker: Banker's probability of drawing (0 to 1) for each situation.

    Returns:
        ``(player_payoff, banker_payoff)``, exactly.

    Raises:
        OptionError: When a hand or a situation is missing, or a probability is outside 0 to 1.

    >>> from cardmath.shoe import Shoe
    >>> rules = CheminDeFerRules(information="totals")
    >>> tableau = tableau_strategy(Shoe.infinite(), rules.information)
    >>> expected_payoffs(Shoe.infinite(), rules, {Hand(5): 1}, tableau)  # punto banco, no commission
    (-4560/371293, 4560/371293)
    >>> expected_payoffs(Shoe.infinite(), rules, {Hand(5): 1}, {})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: Banker's strategy gives no probability of drawing for 0, Player stood
    """
    structure, game = _game(shoe, rules)

    def probability(value: Rational | int, what: str) -> Fraction:
        number = Rational(value)
        if not 0 <= number <= 1:
            raise OptionError(f"{what} must be a probability from 0 to 1, not {value}")
        return Fraction(int(number.p), int(number.q))

    for hand in structure.choices:
        if hand not in player:
            raise OptionError(f"Player's strategy gives no probability of drawing for {hand}")
    for situation in structure.sets:
        if situation not in banker:
            raise OptionError(f"Banker's strategy gives no probability of drawing for {situation}")
    q = tuple(
        probability(player[hand], f"the probability of drawing on {hand}") for hand in structure.choices
    )
    beta = tuple(probability(banker[s], f"the probability of drawing in {s}") for s in structure.sets)
    return _payoffs(game, q, beta)


def _without_value(shoe: Shoe, value: int) -> Shoe:
    ranks = [rank for rank in Rank if rank_value(rank) == value]
    counts = shoe.rank_counts()
    rank = max(ranks, key=lambda r: counts[r.index])
    if counts[rank.index] == 0:
        raise ShoeError(f"cannot remove a card of value {value}: none is left in the shoe")
    return shoe.without_rank(rank)


@checked
def draw_effects_of_removal(
    shoe: Shoe, rules: CheminDeFerRules = DEFAULT_RULES
) -> dict[int, dict[Hand, Rational]]:
    """How Player's optimal probability of drawing on each 5-hand changes when one card of each
    value (0 for a ten or a picture, 1 for an ace, ...) is taken from a finite shoe (the effect on
    a strategy, not the engine's effects of removal on a house edge).

    Args:
        shoe: A finite shoe holding at least one more card than a deal needs.
        rules: What each side sees and the commission; the parlor game, model 3, when omitted.

    Returns:
        For each value still in the shoe, the change in Player's probability of drawing on each of
            his 5-hands.

    Raises:
        ShoeError: When the shoe is infinite.

    >>> from cardmath.shoe import Shoe
    >>> rules = CheminDeFerRules(information="banker composition")
    >>> effects = draw_effects_of_removal(Shoe.standard(6), rules)
    >>> sorted(effects) == list(range(10)), effects[6][Hand(5)] < 0 < effects[3][Hand(5)]
    (True, True)
    """
    if shoe.is_infinite:
        raise ShoeError("an infinite shoe loses nothing when a card is dealt; give a number of decks")
    base = analyze(shoe, rules).player
    counts = value_counts(shoe)
    effects: dict[int, dict[Hand, Rational]] = {}
    for value in VALUES:
        if counts[value] == 0:
            continue
        after = analyze(_without_value(shoe, value), rules).player
        effects[value] = {hand: after[hand] - base[hand] for hand in base}
    return effects
