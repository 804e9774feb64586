"""The saddlepoint approximation (:mod:`cardmath.risk.saddlepoint`) against closed forms sharing no
code with it: binomial sums of ``math.comb`` for even-money bets, a plain convolution in fractions
(``tests/oracles/session_enumeration.py``) for the Tie bet; and the approximated session table."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from sympy import Rational

from cardmath.errors import OptionError
from cardmath.games.baccarat import GAME
from cardmath.lattice import LatticeBet
from cardmath.risk.saddlepoint import LABEL, saddlepoint_approximation, upper_tail
from cardmath.risk.session import (
    approximation_errors,
    approximation_table,
    max_exact_hands,
    normal_approximation,
)
from cardmath.shoe import Shoe
from tests.oracles import session_enumeration as oracle


def even_money(win: Fraction) -> LatticeBet:
    return LatticeBet("even", Rational(1), (-1, 1), (Rational(str(1 - win)), Rational(str(win))))


def binomial_ahead(win: Fraction, hands: int) -> Fraction:
    """The chance of more wins than losses in ``hands`` even-money bets without pushes."""
    ways = sum(math.comb(hands, k) * win.numerator**k * (win.denominator - win.numerator) ** (hands - k)
               for k in range(hands // 2 + 1, hands + 1))  # fmt: skip
    return Fraction(ways, win.denominator**hands)


@pytest.mark.parametrize(
    ("win", "hands", "tolerance"),
    [(Fraction(1, 2), 100, 2e-6), (Fraction(1, 2), 1000, 1e-8), (Fraction(1, 2), 5000, 1e-9),
     (Fraction(2, 5), 200, 1e-4), (Fraction(2, 5), 2000, 1e-4)],
)  # fmt: skip
def test_even_money_matches_the_binomial_sum(win: Fraction, hands: int, tolerance: float) -> None:
    """Relative error of the chance ahead: far smaller than the normal curve's in the tail."""
    exact = float(binomial_ahead(win, hands))
    found = saddlepoint_approximation(even_money(win), hands).chance_ahead
    assert abs(found / exact - 1) < tolerance
    if win != Fraction(1, 2):
        normal = normal_approximation(even_money(win), hands).chance_ahead
        assert abs(normal / exact - 1) > 10 * abs(found / exact - 1)


def test_the_tie_bet_matches_a_convolution_in_fractions() -> None:
    tie = LatticeBet.of(GAME, "tie", Shoe.standard(8))
    bet = {s: Fraction(int(p.p), int(p.q)) for s, p in zip(tie.steps, tie.probabilities, strict=True)}
    exact = oracle.convolve(bet, 60)
    ahead = float(sum((p for step, p in exact.items() if step > 0), Fraction(0)))
    found = saddlepoint_approximation(tie, 60)
    assert abs(found.chance_ahead - ahead) < 2e-3 < abs(normal_approximation(tie, 60).chance_ahead - ahead)
    assert found.chance_even == 0 and abs(found.chance_ahead + found.chance_behind - 1) < 1e-12


def test_tails_and_limits() -> None:
    coin = even_money(Fraction(1, 2))
    assert upper_tail(coin, 10, 0) == 1.0 and upper_tail(coin, 10, 11) == 0.0
    huge = saddlepoint_approximation(coin, 10**12)
    assert abs(huge.chance_ahead - 0.5) < 1e-6 and huge.label == LABEL
    with pytest.raises(OptionError, match="10\\*\\*12"):
        saddlepoint_approximation(coin, 10**13)


def test_the_approximated_table_labels_its_figures_and_the_crossing_point() -> None:
    banker = LatticeBet.of(GAME, "banker", Shoe.standard(8))
    table = approximation_table(banker, 10**9)
    notes = dict(table.notes)
    assert notes["normal"].startswith("normal approximation") and notes["saddlepoint"] == LABEL
    assert f"{max_exact_hands(banker):,} hands" in notes["crossing point"]
    figures = {row[0]: row[1:] for row in table.rows}
    assert figures["mean (exact)"][0] == 10**9 * banker.mean


def test_the_errors_past_which_we_approximate_shrink_with_the_hands() -> None:
    """The errors :func:`approximation_errors` reports are those against the binomial sums."""
    win = Fraction(9, 20)
    bet = even_money(win)
    found = approximation_errors(bet, [10, 100, 1000])
    for hands, normal, saddle in found:
        exact = float(binomial_ahead(win, hands))
        approximate = normal_approximation(bet, hands)
        behind = float(binomial_ahead(1 - win, hands))
        even = 1 - exact - behind
        gaps = (
            approximate.chance_ahead - exact,
            approximate.chance_even - even,
            approximate.chance_behind - behind,
        )
        assert abs(normal - max(abs(gap) for gap in gaps)) < 1e-12
        assert saddle < normal
    assert [normal for _, normal, _ in found] == sorted((normal for _, normal, _ in found), reverse=True)
