"""An exact linear program: the two-phase simplex method in rational arithmetic.

Foster's algorithm solves chemin de fer whenever at most one of Player's choices is mixed; a
depleted shoe could in principle need two or more at once, and then the game is solved as the
linear program it is (maximise Player's guaranteed payoff over his probabilities of drawing).
Pivoting follows Bland's rule, so it never cycles; every number is a :class:`fractions.Fraction`.

>>> value, point = maximize([3, 2], [[1, 1], [1, 0]], [4, 2])  # max 3x + 2y, x + y <= 4, x <= 2
>>> value, point
(Fraction(10, 1), (Fraction(2, 1), Fraction(2, 1)))
>>> maximize([1, 1], [[-1, -1]], [-2])[1]  # x + y >= 2 is met; the optimum needs a bound
Traceback (most recent call last):
...
ValueError: the linear program is unbounded
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["maximize"]

Number = Fraction | int


def _pivot(table: list[list[Fraction]], row: int, column: int) -> None:
    """Make ``column`` a unit column with its one at ``row``."""
    pivot = table[row][column]
    table[row] = [value / pivot for value in table[row]]
    for index, other in enumerate(table):
        if index != row and other[column] != 0:
            factor = other[column]
            table[index] = [a - factor * b for a, b in zip(other, table[row], strict=True)]


def _run(table: list[list[Fraction]], basis: list[int], allowed: int) -> None:
    """Simplex iterations on ``table`` (last row: the reduced costs of a maximisation, negated;
    last column: the right-hand sides), entering only columns below ``allowed``."""
    while True:
        costs = table[-1]
        entering = next((j for j in range(allowed) if costs[j] < 0), None)
        if entering is None:
            return
        best: tuple[Fraction, int, int] | None = None
        for row in range(len(table) - 1):
            coefficient = table[row][entering]
            if coefficient > 0:
                candidate = (table[row][-1] / coefficient, basis[row], row)
                if best is None or candidate < best:
                    best = candidate
        if best is None:
            raise ValueError("the linear program is unbounded")
        _pivot(table, best[2], entering)
        basis[best[2]] = entering


def maximize(
    objective: Sequence[Number], rows: Sequence[Sequence[Number]], bounds: Sequence[Number]
) -> tuple[Fraction, tuple[Fraction, ...]]:
    """Maximise ``objective . x`` subject to ``rows . x <= bounds`` and ``x >= 0``, exactly.

    Returns the optimal value and an optimal point; raises :class:`ValueError` if no point is
    feasible or the objective is unbounded.

    >>> maximize([1], [[1], [-1]], [5, -1])
    (Fraction(5, 1), (Fraction(5, 1),))
    >>> maximize([1], [[1], [-1]], [1, -2])
    Traceback (most recent call last):
    ...
    ValueError: the linear program has no feasible point
    """
    count, size = len(rows), len(objective)
    negative = [i for i in range(count) if bounds[i] < 0]
    width = size + count + len(negative)
    table: list[list[Fraction]] = []
    basis: list[int] = []
    for i in range(count):
        sign = -1 if bounds[i] < 0 else 1
        line = [Fraction(sign * value) for value in rows[i]] + [Fraction(0)] * (width - size)
        line[size + i] = Fraction(sign)
        if sign < 0:
            artificial = size + count + negative.index(i)
            line[artificial] = Fraction(1)
            basis.append(artificial)
        else:
            basis.append(size + i)
        table.append([*line, Fraction(sign * bounds[i])])
    if negative:  # phase one: drive the artificial variables to zero
        phase_one = [Fraction(0)] * (width + 1)
        for row, i in enumerate(range(count)):
            if i in negative:
                phase_one = [a - b for a, b in zip(phase_one, table[row], strict=True)]
        for column in range(size + count, width):
            phase_one[column] = Fraction(0)
        table.append(phase_one)
        _run(table, basis, width)
        if table[-1][-1] != 0:
            raise ValueError("the linear program has no feasible point")
        table.pop()
        for row, column in enumerate(basis):
            if column >= size + count:  # an artificial variable left in the basis at zero
                entering = next((j for j in range(size + count) if table[row][j] != 0), None)
                if entering is not None:
                    _pivot(table, row, entering)
                    basis[row] = entering
    costs = [Fraction(-value) for value in objective] + [Fraction(0)] * (width - size + 1)
    for row, column in enumerate(basis):
        if costs[column] != 0:
            factor = costs[column]
            costs = [a - factor * b for a, b in zip(costs, table[row], strict=True)]
    table.append(costs)
    _run(table, basis, size + count)
    point = [Fraction(0)] * size
    for row, column in enumerate(basis):
        if column < size:
            point[column] = table[row][-1]
    return table[-1][-1], tuple(point)
