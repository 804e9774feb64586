"""Tests that kill mutants of the SymPy layer that the other tests let live (scripts/mutation.sh).

The expected values are worked by hand in each test.
"""

from __future__ import annotations

import pytest
import sympy
from sympy import Rational

from cardmath.errors import OptionError
from cardmath.exact import probability, solve_for


def test_a_total_of_one_is_a_valid_total() -> None:
    # One way out of one is a certainty; none out of one never happens.
    assert probability(1, 1) == 1
    assert probability(0, 1) == 0
    assert probability(2, 2) == 1


@pytest.mark.parametrize("total", [0, -1])
def test_a_total_below_one_is_refused_with_its_reason(total: int) -> None:
    with pytest.raises(OptionError, match=rf"^a probability needs a positive total, not {total}$"):
        probability(1, total)


def test_solve_for_solves_for_the_symbol_asked_only() -> None:
    # (x - 2)(y ** 2 + 1) = 0 holds for x = 2 whatever y is; for y it has no real solution.
    x, y = sympy.symbols("x y")
    assert solve_for((x - 2) * (y**2 + 1), x) == 2
    # The fair pay of a bet won 1 time in 3 at stake s: pay * s / 3 - 2 s / 3 = 0 for pay = 2.
    pay, stake = sympy.symbols("pay stake", positive=True)
    assert solve_for(pay * stake / 3 - 2 * stake / 3, pay) == Rational(2)
