"""A counting strategy's risk figures: the formulas of cardmath.risk.counting against closed forms
and identities, the diffusion risk of ruin against bankroll walks over a study's own shoes, and a
study's N0, ruin, Kelly and team figures against numpy on the shoes' results one by one."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from sympy import Rational

from cardmath.errors import OptionError
from cardmath.risk.counting import bankroll_for_ruin, diffusion_ruin, kelly_fraction, n0
from cardmath.study import SCALE, Study, add_tallies, summarize, tally_shoes, team_name, with_bankrolls
from tests.oracles.bankroll_walks import ruin_frequency

SHOES = 600
SEED = 11


def test_n0_is_where_the_expected_win_equals_one_standard_deviation() -> None:
    for mean, variance in ((0.5, 324.0), (2.0, 100.0), (0.01, 3.0)):
        shoes = n0(mean, variance)
        assert shoes is not None
        assert math.isclose(shoes * mean, math.sqrt(shoes * variance), rel_tol=1e-12)
    assert n0(2, 100) == 25.0  # (10 / 2) ** 2
    assert n0(Rational(1, 2), Rational(81, 4)) == 81.0
    assert n0(0.0, 5.0) is None and n0(-1.0, 5.0) is None


def test_diffusion_ruin_closed_forms() -> None:
    # exp(-2 m B / v): B = v / (2 m) gives exp(-1), twice that exp(-2)
    assert math.isclose(diffusion_ruin(0.5, 324.0, 324.0), math.exp(-1), rel_tol=1e-15)
    assert math.isclose(diffusion_ruin(0.5, 324.0, 648.0), math.exp(-2), rel_tol=1e-15)
    assert math.isclose(diffusion_ruin(1, 200, 100), math.exp(-1), rel_tol=1e-15)
    # ruin of two bankrolls multiplies: losing B1 + B2 is losing B1, then B2
    assert math.isclose(
        diffusion_ruin(0.3, 50.0, 70.0), diffusion_ruin(0.3, 50.0, 30.0) * diffusion_ruin(0.3, 50.0, 40.0)
    )
    assert diffusion_ruin(0.0, 10.0, 1000.0) == 1.0 and diffusion_ruin(-0.2, 10.0, 5.0) == 1.0
    assert diffusion_ruin(0.0, 0.0, 5.0) == 0.0  # never betting never loses
    assert diffusion_ruin(-1.0, 0.0, 5.0) == 1.0 and diffusion_ruin(1.0, 0.0, 5.0) == 0.0


def test_bankroll_for_a_risk_inverts_the_ruin() -> None:
    for mean, variance, risk in ((0.5, 324.0, 0.05), (1.2, 540.0, 0.01), (0.05, 2.0, 0.5)):
        bankroll = bankroll_for_ruin(mean, variance, risk)
        assert bankroll is not None
        assert math.isclose(diffusion_ruin(mean, variance, bankroll), risk, rel_tol=1e-12)
    assert math.isclose(bankroll_for_ruin(1.0, 200.0, math.exp(-1)) or 0, 100.0)  # v / (2 m)
    assert bankroll_for_ruin(-0.1, 10.0, 0.05) is None and bankroll_for_ruin(0.0, 10.0, 0.05) is None
    assert bankroll_for_ruin(0.0, 0.0, 0.05) == 0.0


def test_kelly_is_the_exact_growth_optimum_to_first_order() -> None:
    """For an even-money bet won with chance p the exact Kelly stake is 2p - 1 (the textbook
    result), and mean / variance is (2p - 1) / (1 - (2p - 1)**2): the two agree to first order in
    the edge.  For a bet paying b to 1 the exact optimum (p*b - q) / b is found here by maximising
    the expected log of the bankroll on a fine grid."""
    for p in (0.501, 0.51, 0.55):
        edge = 2 * p - 1
        fraction = kelly_fraction(edge, 1 - edge * edge)
        assert fraction is not None
        assert math.isclose(fraction, edge / (1 - edge * edge), rel_tol=1e-12)
        assert abs(fraction - edge) <= 1.05 * edge**3  # second order in the edge: no first-order term
    pay, p = 40.0, 0.026  # a Dragon 7 shoe at a player advantage: 1.066 units back per unit
    mean = p * pay - (1 - p)
    variance = p * pay**2 + (1 - p) - mean**2
    grid = np.linspace(1e-6, 0.01, 200_001)
    growth = p * np.log1p(grid * pay) + (1 - p) * np.log1p(-grid)
    exact = float(grid[growth.argmax()])
    assert math.isclose(exact, (p * pay - (1 - p)) / pay, rel_tol=1e-3)
    found = kelly_fraction(mean, variance)
    assert found is not None and math.isclose(found, exact, rel_tol=0.1)
    assert kelly_fraction(-0.01, 1.0) == 0.0 and kelly_fraction(0.1, 0.0) is None


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: n0(math.nan, 1.0), "the mean must be a finite number"),
        (lambda: n0(1.0, -1.0), "the variance must be 0 or more"),
        (lambda: diffusion_ruin(1.0, 1.0, 0), "the bankroll must be more than 0 units"),
        (lambda: diffusion_ruin(1.0, 1.0, math.inf), "the bankroll must be a finite number"),
        (lambda: diffusion_ruin(1.0, 1.0, 10**400), "the bankroll must be a finite number"),
        (lambda: bankroll_for_ruin(1.0, 1.0, 1.0), "the risk of ruin must be more than 0 and less than 1"),
        (lambda: bankroll_for_ruin(1.0, 1.0, 0), "the risk of ruin must be more than 0 and less than 1"),
    ],
)
def test_bad_figures_are_refused(call: Any, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        call()


def test_wrong_types_are_refused() -> None:
    with pytest.raises(TypeError, match="the mean must be a real number"):
        n0("1", 2.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="the bankroll must be a real number"):
        diffusion_ruin(1.0, 2.0, True)


@pytest.fixture(scope="module")
def team_study() -> Study:
    return Study.define(["dragon_7", "panda_8"], team=True, shoes=SHOES, seed=SEED)


@pytest.fixture(scope="module")
def shoes(team_study: Study) -> list[dict[str, Any]]:
    """Each shoe's tally alone: the per-shoe results, shoe by shoe."""
    return [tally_shoes(team_study, index, index + 1) for index in range(team_study.shoes)]


@pytest.fixture(scope="module")
def whole(team_study: Study) -> dict[str, Any]:
    """The tally of every shoe at once."""
    return tally_shoes(team_study, 0, team_study.shoes)


@pytest.fixture(scope="module")
def figures(team_study: Study, whole: dict[str, Any]) -> dict[str, Any]:
    return summarize(team_study, whole)


def per_shoe(shoes: list[dict[str, Any]], strategy: str, key: str) -> np.ndarray:
    return np.array([shoe["strategies"][strategy][key] for shoe in shoes], dtype=float) / SCALE


def test_the_diffusion_ruin_agrees_with_bankroll_walks_over_the_studys_shoes(
    team_study: Study, shoes: list[dict[str, Any]]
) -> None:
    """Walks of shoes drawn at random from the study's own shoes (the team's actual results,
    Dragon 7 and Panda 8 each at its published count), against exp(-2 m B / v).

    The shoes keep their spread, skew and jumps (a Dragon 7 win is +40 units at once), but their
    mean is set to a known m = 0.2 units a shoe: the mean of 600 shoes' actual results is known
    only to about +-0.8 units, and the diffusion formula holds when the drift is small against a
    shoe's standard deviation (here 0.2 against about 21) and the bankroll is many standard
    deviations (B = v / (2 m), about 50 of them, a risk of exp(-1)).  With a drift as large as
    perfect play's (1.3 units a shoe) the jumps make the walks' ruin some 10% rarer than the
    formula says, which 4,000 walks resolve.  A walk that gains 5 B is counted as never ruined
    (the formula's ruin from there is exp(-6) times smaller).
    """
    first, second = team_study.teams[0]
    results = per_shoe(shoes, first, "actual") + per_shoe(shoes, second, "actual")
    drift = 0.2
    results = results - results.mean() + drift
    variance = float(results.var())
    bankroll = variance / (2 * drift)
    assert bankroll > 40 * math.sqrt(variance)
    expected = diffusion_ruin(drift, variance, bankroll)
    walks = 4000
    found = ruin_frequency(results, bankroll, walks=walks, escape=5 * bankroll, seed=2026)
    error = math.sqrt(expected * (1 - expected) / walks)
    assert abs(found - expected) <= 5 * error, (found, expected, error)


def test_a_studys_risk_figures_agree_with_numpy_on_its_shoes(
    figures: dict[str, Any], shoes: list[dict[str, Any]]
) -> None:
    """N0, the ruin of each bankroll and the bankroll for each risk, from the mean win per shoe (by
    the exact edges) and the variance of the actual results, worked out by numpy from the shoes
    one by one, for every strategy."""
    rounds = np.array([shoe["rounds"] for shoe in shoes], dtype=float)
    for name, found in figures["strategies"].items():
        mean = per_shoe(shoes, name, "win").mean()
        variance = per_shoe(shoes, name, "actual").var(ddof=1)
        assert math.isclose(found["sd_per_shoe"], math.sqrt(variance), rel_tol=1e-9, abs_tol=1e-12)
        risk = found["risk_of_ruin"]
        assert "diffusion approximation" in risk["method"]
        if variance == 0:  # never betting
            assert risk["by_bankroll"] == {"100": 0.0, "1000": 0.0} and found["n0_shoes"] is None
            continue
        for bankroll, chance in risk["by_bankroll"].items():
            assert math.isclose(chance, math.exp(-2 * mean * int(bankroll) / variance), rel_tol=1e-9)
        for level, needed in risk["bankroll_for_risk"].items():
            assert math.isclose(needed, -variance * math.log(float(level)) / (2 * mean), rel_tol=1e-9)
        assert math.isclose(found["n0_shoes"], variance / mean**2, rel_tol=1e-9)
        assert math.isclose(found["n0_rounds"], variance / mean**2 * rounds.mean(), rel_tol=1e-9)
        assert math.isclose(
            found["sd_per_100_rounds"], math.sqrt(variance * 100 / rounds.mean()), rel_tol=1e-9
        )


@pytest.mark.parametrize(("bet", "pay"), [("dragon_7", 40), ("panda_8", 25)])
def test_kelly_of_perfect_play_from_the_bets_won_and_lost(
    figures: dict[str, Any], shoes: list[dict[str, Any]], bet: str, pay: int
) -> None:
    """The variance of one bet's result from the count of bets won, read off each shoe's actual
    result and bets (the bet pays ``pay`` to 1 or loses), and the Kelly fraction from it."""
    name = f"{bet} perfect play"
    actual = np.array([shoe["strategies"][name]["actual"] for shoe in shoes], dtype=object) // SCALE
    bets = np.array([shoe["strategies"][name]["bets"] for shoe in shoes], dtype=object)
    won = (actual + bets) // (pay + 1)
    assert ((actual + bets) % (pay + 1) == 0).all()
    outcomes = np.concatenate(
        [np.repeat([pay, -1], [w, b - w]) for w, b in zip(won.tolist(), bets.tolist(), strict=True)]
    ).astype(float)
    advantage = per_shoe(shoes, name, "win").sum() / bets.sum()
    found = figures["strategies"][name]
    assert math.isclose(found["variance_per_bet"], outcomes.var(ddof=1), rel_tol=1e-9)
    assert math.isclose(found["kelly_fraction"], advantage / outcomes.var(ddof=1), rel_tol=1e-9)


def test_the_team_adds_its_members_shoe_by_shoe(
    team_study: Study, figures: dict[str, Any], shoes: list[dict[str, Any]]
) -> None:
    members = team_study.teams[0]
    assert [s.bet for s in team_study.strategies[:2]] == ["dragon_7", "panda_8"]
    team = figures["teams"][team_name(members)]
    actual = [per_shoe(shoes, m, "actual") for m in members]
    win = [per_shoe(shoes, m, "win") for m in members]
    (pair,) = team["correlation"]
    assert pair["between"] == list(members)
    assert math.isclose(pair["correlation"], float(np.corrcoef(actual[0], actual[1])[0, 1]), abs_tol=1e-9)
    together = actual[0] + actual[1]
    assert math.isclose(team["sd_per_shoe"], together.std(ddof=1), rel_tol=1e-9)
    assert math.isclose(team["win_per_shoe"]["mean"], (win[0] + win[1]).mean(), rel_tol=1e-9)
    assert math.isclose(
        team["win_per_shoe"]["se"], (win[0] + win[1]).std(ddof=1) / math.sqrt(SHOES), rel_tol=1e-9
    )
    assert math.isclose(team["actual_win_per_shoe"]["mean"], together.mean(), rel_tol=1e-9, abs_tol=1e-12)
    bets = sum(np.array([shoe["strategies"][m]["bets"] for shoe in shoes]) for m in members)
    assert math.isclose(team["bets_per_shoe"]["mean"], float(np.mean(bets)), rel_tol=1e-12)
    mean, variance = (win[0] + win[1]).mean(), together.var(ddof=1)
    assert math.isclose(team["n0_shoes"], variance / mean**2, rel_tol=1e-9)
    assert math.isclose(team["risk_of_ruin"]["by_bankroll"]["1000"], math.exp(-2 * mean * 1000 / variance))


def test_the_joint_sums_add_over_any_split_and_old_chunks_leave_them_out(
    team_study: Study, shoes: list[dict[str, Any]], whole: dict[str, Any]
) -> None:
    total = shoes[0]
    for shoe in shoes[1:]:
        total = add_tallies(total, shoe)
    assert total == whole
    old = {key: value for key, value in shoes[0].items() if key != "joint"}  # saved before joint sums
    mixed = summarize(team_study, add_tallies(old, add_tallies(*shoes[1:3])))
    (team,) = mixed["teams"].values()
    assert team["sd_per_shoe"] is None and team["correlation"][0]["correlation"] is None
    assert all(s["kelly_fraction"] is None for s in mixed["strategies"].values())
    assert mixed["strategies"]["dragon_7 perfect play"]["sd_per_shoe"] is not None


def test_other_bankrolls(figures: dict[str, Any]) -> None:
    again = with_bankrolls(figures, [250])
    for part in ("strategies", "teams"):
        for name, entry in again[part].items():
            risk = entry["risk_of_ruin"]
            assert list(risk["by_bankroll"]) == ["250"]
            mean, variance = risk["mean_per_shoe"], risk["variance_per_shoe"]
            if variance:
                assert math.isclose(risk["by_bankroll"]["250"], diffusion_ruin(mean, variance, 250))
            assert entry["win_per_shoe"] == figures[part][name]["win_per_shoe"]
    for wrong in ([0], [10**15 + 1], []):
        with pytest.raises(OptionError, match="whole numbers of units from 1 to 1,000,000,000,000,000"):
            with_bankrolls(figures, wrong)
