"""The exact session distribution (:mod:`cardmath.risk.session`) against an oracle sharing no code
with it (``tests/oracles/session_enumeration.py``): every sequence of outcomes for a few hands, a
plain convolution with fractions for 50, a seeded simulation for 1,000; and the normal
approximation, labelled, close to the exact figures for many hands."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

import pytest
from sympy import Rational

from cardmath.errors import OptionError
from cardmath.games.baccarat import GAME
from cardmath.lattice import LatticeBet
from cardmath.risk.session import (
    NormalApproximation,
    approximation_differences,
    distribution_table,
    max_exact_hands,
    normal_approximation,
    session_distribution,
    session_table,
)
from cardmath.shoe import Shoe
from tests.oracles import session_enumeration as oracle


@cache
def bet(name: str) -> LatticeBet:
    if name == "lopsided":
        chances = (Rational(1, 7), Rational(2, 7), Rational(3, 14), Rational(5, 14))
        return LatticeBet("lopsided", Rational(1, 2), (-3, -2, 0, 5), chances)
    return LatticeBet.of(GAME, name, Shoe.standard(8))


def as_oracle(lattice: LatticeBet) -> dict[int, Fraction]:
    return {
        s: Fraction(int(p.p), int(p.q)) for s, p in zip(lattice.steps, lattice.probabilities, strict=True)
    }


def exact(distribution: object) -> dict[int, Fraction]:
    found = {}
    for result, chance in distribution.results():  # type: ignore[attr-defined]
        found[int(result / distribution.unit)] = Fraction(int(chance.p), int(chance.q))  # type: ignore[attr-defined]
    return found


@pytest.mark.parametrize("name", ["banker", "player", "tie", "lopsided"])
@pytest.mark.parametrize("hands", [1, 2, 3, 5])
def test_every_sequence(name: str, hands: int) -> None:
    lattice = bet(name)
    assert exact(session_distribution(lattice, hands)) == oracle.enumerate_sequences(
        as_oracle(lattice), hands
    )


@pytest.mark.parametrize("name", ["banker", "lopsided"])
def test_convolution_fifty_hands(name: str) -> None:
    lattice = bet(name)
    session = session_distribution(lattice, 50)
    expected = oracle.convolve(as_oracle(lattice), 50)
    assert exact(session) == expected
    assert session.mean == 50 * lattice.mean and session.variance == 50 * lattice.variance
    assert session.standard_deviation**2 == session.variance
    for q in (Fraction(0), Fraction(1, 100), Fraction(1, 20), Fraction(1, 2), Fraction(19, 20), Fraction(1)):
        assert (
            session.percentile(Rational(q.numerator, q.denominator))
            == oracle.percentile(expected, q) * lattice.unit
        )
    ahead = sum((p for s, p in expected.items() if s > 0), Fraction(0))
    even = expected.get(0, Fraction(0))
    assert session.chance_ahead == Rational(ahead.numerator, ahead.denominator)
    assert session.chance_even == Rational(even.numerator, even.denominator)
    assert session.chance_ahead + session.chance_even + session.chance_behind == 1
    low, high = session.range_holding(Rational(9, 10))
    assert (low, high) == (session.percentile(Rational(1, 20)), session.percentile(Rational(19, 20)))
    assert session.median == session.percentile(Rational(1, 2))


@pytest.mark.parametrize("hands", [200, 400])
def test_mean_and_variance(hands: int) -> None:
    session = session_distribution(bet("player"), hands)
    assert session.mean == hands * bet("player").mean
    assert session.variance == hands * bet("player").variance
    assert sum(session.weights) == session.total


@pytest.fixture(scope="module")
def thousand() -> object:
    return session_distribution(bet("banker"), 1000)


def test_simulation_thousand_hands(thousand: object) -> None:
    sessions = 2000
    ahead = oracle.simulate_ahead(as_oracle(bet("banker")), 1000, sessions, seed=20240601)
    p = float(thousand.chance_ahead)  # type: ignore[attr-defined]
    assert abs(ahead / sessions - p) <= 5 * math.sqrt(p * (1 - p) / sessions)


def test_normal_approximation_close_for_many_hands(thousand: object) -> None:
    approximation = normal_approximation(bet("banker"), 1000)
    assert isinstance(approximation, NormalApproximation) and "approximation" in approximation.label
    gaps = approximation_differences(thousand, bet("banker"))  # type: ignore[arg-type]
    assert all(abs(gaps[name]) < 0.01 for name in ("chance ahead", "chance even", "chance behind"))
    assert all(abs(gaps[f"{m}% {end}"]) <= 1 for m in (90, 95, 99) for end in ("low", "high"))
    assert approximation.mean == pytest.approx(float(1000 * bet("banker").mean))


def test_approximation_for_more_hands_than_exact() -> None:
    approximation = normal_approximation(bet("banker"), 100_000)
    assert approximation.chance_ahead < 0.01 and approximation.chance_behind > 0.99


def test_tables() -> None:
    session = session_distribution(bet("banker"), 30)
    summary = session_table(session)
    figures = dict(summary.rows)
    assert figures["hands"] == 30 and figures["chance ahead"] == session.chance_ahead
    assert figures["median"] == session.median and figures["90% range"].count(" to ") == 1
    listing = distribution_table(session, limit=11)
    assert len(listing.rows) == 11 and any(term == "left out" for term, _ in listing.notes)
    assert all(row[1] == session.probability(row[0]) for row in listing.rows)
    full = distribution_table(session, limit=10_000)
    assert full.rows[-1][2] == 1


@pytest.mark.parametrize("hands", [0, -3, 2.5, "10", True, None, "beyond"])
def test_refused_hands(hands: object) -> None:
    limit = max_exact_hands(bet("banker"))
    if hands == "beyond":
        hands = limit + 1
    with pytest.raises(
        OptionError, match=rf"hands must be a whole number from 1 to {limit:,} .*normal_approximation"
    ):
        session_distribution(bet("banker"), hands)  # type: ignore[arg-type]


def test_limits_and_bad_chances() -> None:
    # the exact path covers the 1,000 hands a published range needs; a lattice of wider span or
    # finer chances stops sooner, as its weights grow faster
    assert 1000 <= max_exact_hands(bet("banker")) < max_exact_hands(bet("player"))
    session = session_distribution(bet("banker"), 3)
    with pytest.raises(OptionError, match="from 0 to 1"):
        session.percentile(Rational(3, 2))
    with pytest.raises(OptionError, match="from 0 to 1"):
        session.range_holding(2)
    with pytest.raises(OptionError, match="limit"):
        distribution_table(session, limit=0)
    with pytest.raises(OptionError, match="hands must be"):
        normal_approximation(bet("banker"), 0)
    assert session.probability(Rational(1, 40)) == 0 and session.probability(10**6) == 0
