"""Independent oracles for risk of ruin: the classical gambler's-ruin formulas for an even-money bet
with pushes, and a brute-force walk over every sequence of hands for small sessions.

It shares no code with the engine: plain ``fractions.Fraction`` arithmetic from the textbook
formulas, and an explicit enumeration of results hand by hand.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["dense_chain", "even_money_duration", "even_money_reach", "walk_by_hands"]


def even_money_reach(win: Fraction, lose: Fraction, bankroll: int, target: int) -> Fraction:
    """The chance an even-money bettor with ``bankroll`` units gains ``target`` units before losing
    them all; pushes do not change it."""
    if win == lose:
        return Fraction(bankroll, bankroll + target)
    ratio = lose / win
    return (1 - ratio**bankroll) / (1 - ratio ** (bankroll + target))


def even_money_duration(win: Fraction, lose: Fraction, bankroll: int, target: int) -> Fraction:
    """The expected hands until ruin or the target for an even-money bet; pushes stretch the
    decisive hands by ``1 / (win + lose)``."""
    decisive = win + lose
    p, q = win / decisive, lose / decisive
    total = bankroll + target
    if p == q:
        hands = Fraction(bankroll * target)
    else:
        hands = Fraction(bankroll) / (q - p) - Fraction(total) / (q - p) * even_money_reach(
            p, q, bankroll, target
        )
    return hands / decisive


def walk_by_hands(
    outcomes: dict[int, Fraction], bankroll: int, floor: int, top: int | None, hands: int
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Follow every sequence of results (in lattice steps) hand by hand: the chances of ending below
    ``floor`` (ruin), at ``top`` or above (target), or neither after ``hands``, and the expected
    hands played."""
    ruin = reach = expected = Fraction(0)
    paths = {bankroll: Fraction(1)}
    for _ in range(hands):
        expected += sum(paths.values())
        after: dict[int, Fraction] = {}
        for position, chance in paths.items():
            for step, p in outcomes.items():
                landing, weight = position + step, chance * p
                if landing < floor:
                    ruin += weight
                elif top is not None and landing >= top:
                    reach += weight
                else:
                    after[landing] = after.get(landing, Fraction(0)) + weight
        paths = after
    return ruin, reach, sum(paths.values(), Fraction(0)), expected


def dense_chain(
    outcomes: dict[int, Fraction], bankroll: int, floor: int, top: int
) -> tuple[Fraction, Fraction]:
    """The chance of reaching ``top`` before falling below ``floor``, and the expected hands, by
    Gauss-Jordan elimination of the whole absorbing chain's equations in fractions."""
    states = list(range(floor, top))
    index = {state: i for i, state in enumerate(states)}
    size = len(states)
    # rows: h(x) - sum p h(x+s) = sum over target landings of p ; t(x) - sum p t(x+s) = 1
    matrix = [[Fraction(0)] * size + [Fraction(0), Fraction(1)] for _ in range(size)]
    for state in states:
        row = matrix[index[state]]
        row[index[state]] += 1
        for step, p in outcomes.items():
            landing = state + step
            if landing >= top:
                row[size] += p
            elif landing >= floor:
                row[index[landing]] -= p
    for column in range(size):
        pivot = next(r for r in range(column, size) if matrix[r][column] != 0)
        matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
        lead = matrix[column][column]
        matrix[column] = [value / lead for value in matrix[column]]
        for r in range(size):
            if r != column and matrix[r][column] != 0:
                factor = matrix[r][column]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[column], strict=True)]
    row = matrix[index[bankroll]]
    return row[size], row[size + 1]
