"""The kernel of the game: what is left once dominance has spoken, solved or proved unique.

- :func:`kernel_is_regular` proves a solution of the zero-sum game unique;
- :func:`solve_by_linear_program` solves the zero-sum game exactly as two linear programs, for
  the rare shoe where Player must mix on two or more hands at once;
- :func:`mixed_supports` finds an equilibrium of the casino game in that case, by enumerating
  which of Player's choices mix and in which sets Banker mixes (as many as Player's), and
  solving the two square systems of indifference exactly.

>>> from cardmath.games.chemin_de_fer.rules import Information
>>> from cardmath.games.chemin_de_fer.structure import game_structure
>>> from cardmath.shoe import Shoe
>>> from cardmath.games.chemin_de_fer.additive import dominance
>>> shoe = Shoe.standard(1).without("2c,2d,4h,5c,5d")
>>> game = AdditiveGame.of(game_structure(shoe, Information.COMPOSITIONS), Fraction(1, 20))
>>> [str(q) for q in mixed_supports(game, dominance(game))[0].player]
['1', '0', '0', '544327/625890', '197057/208630']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, product

from cardmath.games.chemin_de_fer.additive import AdditiveGame, Reduction, Vector, affine_at
from cardmath.games.chemin_de_fer.linear_program import maximize
from cardmath.games.chemin_de_fer.profiles import Profile, Relation

__all__ = ["kernel_is_regular", "mixed_supports", "solve_by_linear_program", "solve_linear"]


def solve_linear(matrix: Sequence[Sequence[Fraction]], right: Sequence[Fraction]) -> list[Fraction] | None:
    """The solution of a square system ``matrix . x = right``, exactly (``None`` if singular).

    >>> solve_linear([[Fraction(2), Fraction(1)], [Fraction(1), Fraction(-1)]], [Fraction(3), Fraction(0)])
    [Fraction(1, 1), Fraction(1, 1)]
    """
    size = len(matrix)
    rows = [[*row, value] for row, value in zip(matrix, right, strict=True)]
    for column in range(size):
        pivot = next((r for r in range(column, size) if rows[r][column] != 0), None)
        if pivot is None:
            return None
        rows[column], rows[pivot] = rows[pivot], rows[column]
        lead = rows[column][column]
        rows[column] = [value / lead for value in rows[column]]
        for r in range(size):
            if r != column and rows[r][column] != 0:
                factor = rows[r][column]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return [row[-1] for row in rows]


def _determinant(matrix: list[list[Fraction]]) -> Fraction:
    rows = [list(row) for row in matrix]
    size, result = len(rows), Fraction(1)
    for column in range(size):
        pivot = next((r for r in range(column, size) if rows[r][column] != 0), None)
        if pivot is None:
            return Fraction(0)
        if pivot != column:
            rows[column], rows[pivot] = rows[pivot], rows[column]
            result = -result
        result *= rows[column][column]
        for r in range(column + 1, size):
            factor = rows[r][column] / rows[column][column]
            rows[r] = [a - factor * b for a, b in zip(rows[r], rows[column], strict=True)]
    return result


def kernel_is_regular(game: AdditiveGame, profile: Profile) -> bool:
    """Whether a solution of the zero-sum game is provably the only one: every pure choice of
    either side is a strict best reply, Banker mixes strictly in as many sets as Player mixes in
    choices, and Player's gains there form an invertible matrix.

    Then any optimal strategy of Player must play the same pure choices (they are strict replies
    to Banker's optimal strategy) and keep Banker indifferent where he mixes: a regular square
    system with one solution; and symmetrically for Banker.

    >>> from cardmath.games.chemin_de_fer.rules import Information
    >>> from cardmath.games.chemin_de_fer.structure import game_structure
    >>> from cardmath.shoe import Shoe
    >>> game = AdditiveGame.of(game_structure(Shoe.standard(1), Information.TOTALS), Fraction(0))
    >>> from cardmath.games.chemin_de_fer.foster import equilibria
    >>> kernel_is_regular(game, equilibria(game).profiles[0])
    True
    """
    mixed = [j for j, q in enumerate(profile.player) if 0 < q < 1]
    if any(game.player_slope(j, profile.banker) == 0 for j in range(game.choices) if j not in mixed):
        return False
    ties = [i for i in range(len(game.banker_gain)) if game.banker_gain_at(i, profile.player) == 0]
    if len(ties) != len(mixed) or any(not 0 < profile.banker[i] < 1 for i in ties):
        return False
    return _determinant([[game.player_gain[i][1 + j] for j in mixed] for i in ties]) != 0


def solve_by_linear_program(game: AdditiveGame, reduction: Reduction) -> Profile:
    """A solution of the zero-sum game as two exact linear programs: Player maximises his
    guaranteed payoff, Banker minimises what he concedes (both over what dominance left open).

    >>> from cardmath.games.chemin_de_fer.rules import Information
    >>> from cardmath.games.chemin_de_fer.structure import game_structure
    >>> from cardmath.shoe import Shoe
    >>> game = AdditiveGame.of(game_structure(Shoe.infinite(), Information.TOTALS), Fraction(0))
    >>> from cardmath.games.chemin_de_fer.additive import dominance
    >>> solve_by_linear_program(game, dominance(game)).player
    (Fraction(9, 11),)
    """
    choices, sets = reduction.free_choices(game.choices), reduction.free_sets(len(game.banker_gain))
    fixed_q = [Fraction(reduction.player.get(j, 0)) for j in range(game.choices)]

    def restricted(function: Vector) -> tuple[Fraction, list[Fraction]]:
        constant = function[0] + sum((function[1 + j] * fixed_q[j] for j in reduction.player), Fraction(0))
        return constant, [function[1 + j] for j in choices]

    base = list(game.player_base)
    for i, play in reduction.banker.items():
        base = [a + play * b for a, b in zip(base, game.player_gain[i], strict=True)]
    _, slopes = restricted(tuple(base))
    gains = [restricted(game.player_gain[i]) for i in sets]
    width = len(choices) + len(sets)
    rows: list[list[Fraction]] = []
    bounds: list[Fraction] = []
    for index, (constant, coefficients) in enumerate(gains):
        row = [-c for c in coefficients] + [Fraction(0)] * len(sets)
        row[len(choices) + index] = Fraction(-1)
        rows.append(row)
        bounds.append(constant)
    for j in range(len(choices)):
        row = [Fraction(0)] * width
        row[j] = Fraction(1)
        rows.append(row)
        bounds.append(Fraction(1))
    _, point = maximize(slopes + [Fraction(-1)] * len(sets), rows, bounds)
    q = list(fixed_q)
    for j, value in zip(choices, point, strict=False):
        q[j] = value
    rows, bounds = [], []
    for j in range(len(choices)):
        row = [coefficients[j] for _, coefficients in gains] + [Fraction(0)] * len(choices)
        row[len(sets) + j] = Fraction(-1)
        rows.append(row)
        bounds.append(-slopes[j])
    for index in range(len(sets)):
        row = [Fraction(0)] * width
        row[index] = Fraction(1)
        rows.append(row)
        bounds.append(Fraction(1))
    _, point = maximize([-constant for constant, _ in gains] + [Fraction(-1)] * len(choices), rows, bounds)
    banker = [Fraction(reduction.banker.get(i, 0)) for i in range(len(game.banker_gain))]
    for i, value in zip(sets, point, strict=False):
        banker[i] = value
    return Profile(tuple(q), tuple(banker), isolated=True)


def mixed_supports(game: AdditiveGame, reduction: Reduction) -> list[Profile]:
    """An equilibrium in which Player mixes on two or more of his choices: for each set ``M`` of
    choices he mixes on (the others pure, in every pattern) and each set ``Z`` of as many of
    Banker's open sets, Player's probabilities make Banker indifferent in ``Z``, Banker's make
    Player indifferent on ``M``; the first such pair in which every other choice of either side
    is a best reply is returned (an empty list if there is none).

    >>> from cardmath.games.chemin_de_fer.additive import dominance
    >>> from cardmath.games.chemin_de_fer.rules import Information
    >>> from cardmath.games.chemin_de_fer.structure import game_structure
    >>> from cardmath.shoe import Shoe
    >>> shoe = Shoe.standard(1).without("2c,2d,4h,5c,5d")  # no equilibrium mixes on one hand only
    >>> game = AdditiveGame.of(game_structure(shoe, Information.COMPOSITIONS), Fraction(1, 20))
    >>> [q for q in mixed_supports(game, dominance(game))[0].player if 0 < q < 1]
    [Fraction(544327, 625890), Fraction(197057, 208630)]
    """
    choices = reduction.free_choices(game.choices)
    sets = reduction.free_sets(len(game.banker_gain))
    settled = [Fraction(reduction.banker.get(i, 0)) for i in range(len(game.banker_gain))]
    for count in range(2, len(choices) + 1):
        for mixed in combinations(choices, count):
            rest = [k for k in choices if k not in mixed]
            for pattern in product((0, 1), repeat=len(rest)):
                q = [Fraction(reduction.player.get(j, 0)) for j in range(game.choices)]
                for k, v in zip(rest, pattern, strict=True):
                    q[k] = Fraction(v)
                for indifferent in combinations(sets, count):
                    profile = _supported(
                        game, q, mixed=mixed, indifferent=indifferent, sets=sets, settled=settled
                    )
                    if profile is not None:
                        return [profile]
    return []


def _supported(
    game: AdditiveGame,
    pure: list[Fraction],
    *,
    mixed: Sequence[int],
    indifferent: Sequence[int],
    sets: Sequence[int],
    settled: list[Fraction],
) -> Profile | None:
    """The equilibrium of one support, if it exists (non-degenerate supports only)."""
    matrix, right = [], []
    for i in indifferent:
        gain = game.banker_gain[i]
        matrix.append([gain[1 + j] for j in mixed])
        right.append(-affine_at(gain, [Fraction(0) if j in mixed else x for j, x in enumerate(pure)]))
    solution = solve_linear(matrix, right)
    if solution is None or not all(0 < x < 1 for x in solution):
        return None
    q = list(pure)
    for j, x in zip(mixed, solution, strict=True):
        q[j] = x
    beta = list(settled)
    for i in sets:
        if i in indifferent:
            continue
        worth = game.banker_gain_at(i, q)
        if worth == 0:
            return None
        beta[i] = Fraction(1) if worth > 0 else Fraction(0)
    for i in indifferent:
        beta[i] = Fraction(0)
    matrix = [[game.player_gain[i][1 + j] for i in indifferent] for j in mixed]
    mixing = solve_linear(matrix, [-game.player_slope(j, beta) for j in mixed])
    if mixing is None or not all(0 <= x <= 1 for x in mixing):
        return None
    for i, x in zip(indifferent, mixing, strict=True):
        beta[i] = x
    for j in range(game.choices):
        if j not in mixed and not Relation.of(q[j]).holds(game.player_slope(j, beta)):
            return None
    return Profile(tuple(q), tuple(beta), isolated=True)
