"""Foster's algorithm: the equilibria of an additive game with one mixed choice of Player, exactly.

In a 2 x 2^n additive game (Player draws on 5 with probability ``q``), Banker's best reply is
read set by set: he draws in set ``i`` where his gain ``a_i + b_i q`` is positive.  As ``q`` runs
from 0 to 1 his reply changes only at the breakpoints ``q = -a_i / b_i``; Player mixes only where
he is indifferent, so an equilibrium is an endpoint (0 or 1) or a breakpoint, where Banker mixes
in the set that breaks so as to make Player indifferent.  Walking through the breakpoints finds
every equilibrium: Foster's algorithm (for the zero-sum game) and its generalisation to the
bimatrix game of the casino, as Ethier and Lee describe it.

Model 3 gives Player five choices.  Iterated strict dominance (:func:`~.additive.dominance`) first
settles what it can; then each remaining choice in turn is the mixed one, the others pure in
every pattern, and each candidate found on the line is kept if the pure choices are best replies.
In the zero-sum game an equilibrium is a solution, and its uniqueness is proved when the kernel is
square and regular: the sets where Banker mixes are as many as the choices where Player mixes, no
other choice is indifferent, and the matrix of Player's gains there is invertible.  Should no
equilibrium have a single mixed choice (possible on a depleted shoe), the zero-sum game is solved
as an exact linear program, and the casino game by enumerating which choices mix
(:mod:`.kernel`).

>>> from cardmath.games.chemin_de_fer.rules import Information
>>> from cardmath.games.chemin_de_fer.structure import game_structure
>>> from cardmath.shoe import Shoe
>>> game = AdditiveGame.of(game_structure(Shoe.infinite(), Information.TOTALS), Fraction(0))
>>> found = equilibria(game)
>>> found.uniqueness, found.method, found.profiles[0].player
(<Uniqueness.UNIQUE: 'unique'>, <Method.FOSTER: "Foster's algorithm">, (Fraction(9, 11),))
>>> game.player_payoff(found.profiles[0].player, found.profiles[0].banker) / game.denominator
Fraction(-679568, 53094899)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import pairwise, product

from cardmath.games.chemin_de_fer.additive import AdditiveGame, Vector, dominance
from cardmath.games.chemin_de_fer.kernel import kernel_is_regular, mixed_supports, solve_by_linear_program
from cardmath.games.chemin_de_fer.profiles import (
    Constraint,
    Equilibria,
    Method,
    Profile,
    Relation,
    Uniqueness,
    UnsolvedGameError,
    feasible_mixing,
)

__all__ = ["equilibria", "foster_line"]


def foster_line(
    game: AdditiveGame,
    choice: int,
    fixed: Mapping[int, Fraction],
    banker: Mapping[int, int],
    free_sets: list[int],
    *,
    pattern: Mapping[int, int] | None = None,
    settled_slopes: Mapping[int, Fraction] | None = None,
) -> list[Profile]:
    """Every equilibrium of the game restricted to one mixed ``choice`` of Player, by Foster's walk
    through the breakpoints of Banker's best reply: Player's other choices are ``fixed`` (those in
    ``pattern`` must also be best replies), Banker's play is settled in the sets ``banker`` and
    free in ``free_sets``.  ``settled_slopes`` may give, for each choice, Player's gain from
    drawing owed to the settled sets (it is computed when not given).

    >>> from cardmath.games.chemin_de_fer.rules import Information
    >>> from cardmath.games.chemin_de_fer.structure import game_structure
    >>> from cardmath.shoe import Shoe
    >>> structure = game_structure(Shoe.standard(6), Information.BANKER_COMPOSITION)
    >>> game = AdditiveGame.of(structure, Fraction(1, 20))  # model B2, the casino's 5 percent
    >>> reduction = dominance(game)
    >>> free = reduction.free_sets(len(game.banker_gain))
    >>> [p.player for p in foster_line(game, 0, {}, reduction.banker, free)]
    [(Fraction(2372272, 2881749),)]
    """
    pattern = pattern or {}
    size = game.choices
    lines: list[tuple[int, Fraction, Fraction]] = []
    for i in free_sets:
        gain = game.banker_gain[i]
        constant = gain[0] + sum((gain[1 + k] * value for k, value in fixed.items()), Fraction(0))
        lines.append((i, constant, gain[1 + choice]))
    watched = [choice, *pattern]
    owed = settled_slopes if settled_slopes is not None else _settled_slopes(game, banker, watched)
    slopes_settled = [owed[k] for k in watched]
    relations = [Relation.EQUAL, *(Relation.AT_LEAST if v else Relation.AT_MOST for v in pattern.values())]
    settled_plays = [Fraction(1) if banker.get(i) else Fraction(0) for i in range(len(game.banker_gain))]
    breakpoints = {Fraction(0), Fraction(1)}
    for _, constant, coefficient in lines:
        if coefficient != 0 and 0 < -constant / coefficient < 1:
            breakpoints.add(-constant / coefficient)
    ordered = sorted(breakpoints)
    found: list[Profile] = []
    for x in ordered + [(a + b) / 2 for a, b in pairwise(ordered)]:
        plays = list(settled_plays)
        slopes = list(slopes_settled)
        ties = []
        for i, constant, coefficient in lines:
            value = constant + coefficient * x
            if value > 0:
                plays[i] = Fraction(1)
                for index, k in enumerate(watched):
                    slopes[index] += game.player_gain[i][1 + k]
            elif value < 0:
                plays[i] = Fraction(0)
            else:
                ties.append(i)
        first = Relation.EQUAL if 0 < x < 1 else (Relation.AT_MOST if x == 0 else Relation.AT_LEAST)
        constraints: list[Constraint] = [
            (slope, [game.player_gain[i][1 + k] for i in ties], relation)
            for slope, k, relation in zip(slopes, watched, [first, *relations[1:]], strict=True)
        ]
        mixing = feasible_mixing(constraints, len(ties))
        if mixing is None:
            continue
        values, single = mixing
        for i, value in zip(ties, values, strict=True):
            plays[i] = value
        q = tuple(x if k == choice else fixed[k] for k in range(size))
        found.append(Profile(q, tuple(plays), isolated=single and x in breakpoints))
    return found


def _settled_slopes(game: AdditiveGame, banker: Mapping[int, int], choices: list[int]) -> dict[int, Fraction]:
    """Player's gain from drawing on each choice owed to Banker's settled sets."""
    return {
        k: game.player_base[1 + k]
        + sum((game.player_gain[i][1 + k] for i, play in banker.items() if play), Fraction(0))
        for k in choices
    }


def _lines(
    game: AdditiveGame, free_choices: list[int], free_sets: list[int], owed: Mapping[int, Fraction]
) -> list[tuple[int, dict[int, int]]]:
    """Every line (a mixed choice, the others pure in a pattern), the likeliest first: against
    Banker mixing evenly in his open sets, the choice nearest indifference is tried as the mixed
    one, and the patterns nearest the others' best replies first."""
    leaning = {
        k: owed[k] + sum((game.player_gain[i][1 + k] for i in free_sets), Fraction(0)) / 2
        for k in free_choices
    }
    guess = {k: int(lean > 0) for k, lean in leaning.items()}
    lines = []
    for choice in sorted(free_choices, key=lambda k: abs(leaning[k])):
        others = [k for k in free_choices if k != choice]
        patterns = [dict(zip(others, values, strict=True)) for values in product((0, 1), repeat=len(others))]
        patterns.sort(key=lambda pattern: sum(v != guess[k] for k, v in pattern.items()))
        lines += [(choice, pattern) for pattern in patterns]
    return lines


def _best_reply(game: AdditiveGame, q: Vector) -> Profile:
    """Banker's best reply to ``q`` (standing where he is indifferent)."""
    gains = [game.banker_gain_at(i, q) for i in range(len(game.banker_gain))]
    banker = tuple(Fraction(1) if gain > 0 else Fraction(0) for gain in gains)
    return Profile(q, banker, all(gain != 0 for gain in gains))


def equilibria(game: AdditiveGame) -> Equilibria:
    """The equilibria of the game: dominance, then Foster's algorithm on every line of one mixed
    choice of Player; when no line holds one, a linear program (the parlor game) or the
    enumeration of several mixed choices (the casino game).

    >>> from cardmath.games.chemin_de_fer.rules import Information
    >>> from cardmath.games.chemin_de_fer.structure import game_structure
    >>> from cardmath.shoe import Shoe
    >>> game = AdditiveGame.of(game_structure(Shoe.standard(6), Information.COMPOSITIONS), Fraction(0))
    >>> found = equilibria(game)
    >>> found.uniqueness, [str(q) for q in found.profiles[0].player]
    (<Uniqueness.UNIQUE: 'unique'>, ['1', '35003/74880', '0', '1', '1'])
    """
    reduction = dominance(game)
    free_choices = reduction.free_choices(game.choices)
    free_sets = reduction.free_sets(len(game.banker_gain))
    found: dict[tuple[Vector, Vector], bool] = {}
    owed = _settled_slopes(game, reduction.banker, free_choices)
    if not free_choices:
        profile = _best_reply(game, tuple(Fraction(reduction.player[j]) for j in range(game.choices)))
        found[profile.player, profile.banker] = profile.isolated
    for choice, pattern in _lines(game, free_choices, free_sets, owed):
        fixed = {k: Fraction(v) for k, v in {**reduction.player, **pattern}.items()}
        lines = foster_line(
            game, choice, fixed, reduction.banker, free_sets, pattern=pattern, settled_slopes=owed
        )
        for profile in lines:
            key = (profile.player, profile.banker)
            found[key] = found.get(key, True) and profile.isolated
            if game.zero_sum and kernel_is_regular(game, profile):
                found = {key: True}  # the unique solution: no other line can hold another
                break
        else:
            continue
        break
    profiles = tuple(Profile(q, b, isolated) for (q, b), isolated in sorted(found.items()))
    method = Method.FOSTER
    if not profiles and game.zero_sum:
        profiles = (solve_by_linear_program(game, reduction),)
        method = Method.LINEAR_PROGRAM
    elif not profiles:
        profiles = tuple(mixed_supports(game, reduction))
        method = Method.SUPPORTS
        if not profiles:
            raise UnsolvedGameError(
                "no equilibrium of the casino game on this shoe was found among those in which Player "
                "mixes on some hands and Banker in as many situations; the parlor game (no commission) "
                "is always solved"
            )
    several = len(profiles) > 1 or not all(p.isolated for p in profiles)
    if game.zero_sum and kernel_is_regular(game, profiles[0]):
        uniqueness = Uniqueness.UNIQUE
    elif several:
        uniqueness = Uniqueness.SEVERAL
    elif not game.zero_sum and len(free_choices) <= 1:
        uniqueness = Uniqueness.UNIQUE  # Foster's walk on the only line finds every equilibrium
    else:
        uniqueness = Uniqueness.UNPROVED
    return Equilibria(profiles, uniqueness, method, reduction)
