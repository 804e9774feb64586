"""A study's figures from its tally: JSON-ready data (:func:`summarize`, :func:`with_bankrolls`),
which :mod:`cardmath.study.report` turns into tables and a chart.

Every figure is a mean over shoes (independent of each other) with its standard error; ratios
(win per 100 rounds, the advantage when betting, the efficiency of a count) carry the standard
error of a ratio of means (the delta method).  The exact counts they come from stay in the tally.
What a strategy's swings mean for a bankroll (N0, the risk of ruin by the diffusion approximation,
the bankroll for a risk, the Kelly fraction: :mod:`cardmath.risk.counting`) comes from the mean
and variance of its actual result per shoe; a team (:attr:`~cardmath.study.engine.Study.teams`)
adds its members' results shoe by shoe, and the correlation of their results is reported.  A
figure that cannot be worked out (an error from a single shoe, N0 of a strategy that does not
win) is ``None`` (JSON ``null``), never NaN, and tables show it as "n/a".

>>> from cardmath.study.engine import Study, tally_shoes
>>> study = Study.define(["dragon_7"], shoes=3, seed=2)
>>> figures = summarize(study, tally_shoes(study, 0, 3))
>>> figures["strategies"]["dragon_7 never"]["win_per_shoe"]
{'mean': 0.0, 'se': 0.0}

The figures are a :class:`~cardmath.study.report.StudyFigures`: the same dictionary, which also
shows itself in a notebook and gives a tidy frame, each mean and its standard error in their own
columns:

>>> frame = figures.to_frame()
>>> row = frame[(frame["name"] == "dragon_7 never") & (frame["figure"] == "win_per_shoe")]
>>> row[["value", "standard_error"]].values.tolist()
[[0.0, 0.0]]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardmath.checks import checked
from cardmath.errors import OptionError
from cardmath.risk.counting import bankroll_for_ruin, diffusion_ruin, kelly_fraction, n0
from cardmath.shoe import Shoe
from cardmath.study.engine import SCALE, Study
from cardmath.study.report import StudyFigures, check_figures
from cardmath.study.strategies import CountTrigger

__all__ = [
    "BANKROLLS",
    "MOST_BANKROLL",
    "RUIN_METHOD",
    "RUIN_RISKS",
    "StudyFigures",
    "check_figures",
    "mean_and_error",
    "ratio_and_error",
    "summarize",
    "team_name",
    "with_bankrolls",
]

BANKROLLS: tuple[int, ...] = (100, 1000)
"""The bankrolls, in units of one bet, whose risk of ruin a study's figures give by default."""

RUIN_RISKS: tuple[float, ...] = (0.05, 0.01)
"""The risks of ruin for which a study's figures give the bankroll needed."""

MOST_BANKROLL = 10**15
"""The largest bankroll, in units, the figures take (a float holds every whole number up to it)."""

RUIN_METHOD = "diffusion approximation: exp(-2 * mean * bankroll / variance) per shoe"
"""How the figures' risks of ruin are worked out, as the figures say it."""


@checked
def mean_and_error(total: int, squares: int, n: int, scale: int = 1) -> dict[str, float | None]:
    """The mean of ``n`` values from their sum and sum of squares (whole numbers, in ``scale``
    units), and the standard error of the mean.

    Args:
        total: The sum of the values, in ``scale`` units.
        squares: The sum of their squares, in ``scale`` units squared.
        n: How many values there are, 0 or more; 0 leaves both figures undefined.
        scale: The units per unit of the values (:data:`~cardmath.study.engine.SCALE` for fixed-point sums); 1
            by default.

    Returns:
        ``{"mean": ..., "se": ...}`` as floats in units; ``None`` for the mean of no values and for the error
            of fewer than two.

    Raises:
        OptionError: When ``n`` is negative or ``scale`` is not positive.

    >>> mean_and_error(6, 14, 3)  # 1, 2, 3
    {'mean': 2.0, 'se': 0.5773502691896257}
    >>> mean_and_error(5, 25, 1), mean_and_error(0, 0, 0)
    ({'mean': 5.0, 'se': None}, {'mean': None, 'se': None})
    """
    if n < 0 or scale < 1:
        raise OptionError(f"a mean needs n of 0 or more and a scale of 1 or more, not n={n}, scale={scale}")
    if n == 0:
        return {"mean": None, "se": None}
    spread = max(n * squares - total * total, 0)
    error = math.sqrt(spread / (n * n * (n - 1))) / scale if n > 1 else None
    return {"mean": total / n / scale, "se": error}


@checked
def ratio_and_error(  # noqa: PLR0917 (the five sums of the delta method, in their usual order)
    top: int, top_sq: int, bottom: int, bottom_sq: int, cross: int, n: int, scale: int | float = 1
) -> dict[str, float] | None:
    """``sum(y) / sum(x)`` over ``n`` shoes and its standard error by the delta method, from the
    sums of ``y``, ``y**2``, ``x``, ``x**2`` and ``x*y``; ``None`` when ``sum(x)`` is 0.

    Args:
        top: The sum of the numerators ``y``.
        top_sq: The sum of ``y`` squared.
        bottom: The sum of the denominators ``x``.
        bottom_sq: The sum of ``x`` squared.
        cross: The sum of ``x * y``.
        n: How many shoes the sums run over.
        scale: Divides both figures (fixed-point units, or ``SCALE / 100`` for per-100 figures); 1 by default.

    Returns:
        ``{"mean": ..., "se": ...}`` as floats, or ``None`` when ``sum(x)`` is 0 or there are fewer than two
            shoes.

    Raises:
        OptionError: When ``scale`` is not positive.

    >>> ratio_and_error(4, 10, 2, 2, 4, 2)  # y = 1, 3 over x = 1, 1
    {'mean': 2.0, 'se': 1.0}
    """
    if not scale > 0:
        raise OptionError(f"the scale of a ratio must be more than 0, not {scale!r}")
    if bottom == 0 or n < 2:
        return None
    ratio = top / bottom
    spread = max(top_sq - 2 * ratio * cross + ratio * ratio * bottom_sq, 0.0)
    error = math.sqrt(spread / (n * (n - 1))) / (bottom / n)
    return {"mean": ratio / scale, "se": error / scale}


_TALLY_PARTS = ("shoes", "rounds", "rounds_sq", "bets", "strategies", "levels")


def _check_tally(study: Study, tally: Mapping[str, Any]) -> None:
    """Refuse what is not a tally of this study (a figure would otherwise be a KeyError)."""
    lacking = [part for part in _TALLY_PARTS if part not in tally]
    if lacking:
        raise OptionError(
            f"a study's tally holds {', '.join(_TALLY_PARTS)} (from tally_shoes or study_tally); this one "
            f"has no {lacking[0]!r}"
        )
    names = [s.name for s in study.strategies if s.name not in tally["strategies"]]
    names += [b.name for b in study.bets if b.name not in tally["bets"]]
    if names:
        raise OptionError(f"the tally is not of this study: it has no sums for {names[0]!r}")
    if not isinstance(tally["shoes"], int) or tally["shoes"] < 0:
        raise OptionError(f"a tally's shoes are a whole number 0 or more, not {tally['shoes']!r}")


def _cross(joint: Mapping[str, Any] | None, kind: str, a: str, b: str) -> int | None:
    """The sum over shoes of the product of two strategies' results (``kind``: ``"win"`` or
    ``"actual"``), from the tally's joint sums; ``None`` when the tally lacks them."""
    if joint is None:
        return None
    pairs = joint[kind]
    found = pairs.get(a, {}).get(b)
    found = pairs.get(b, {}).get(a) if found is None else found
    return None if found is None else int(found)


def _correlation(
    first: Mapping[str, int], second: Mapping[str, int], cross: int | None, n: int
) -> float | None:
    """The correlation over shoes of two strategies' actual results, from their sums."""
    if cross is None or n < 2:
        return None
    a, b = first["actual"], second["actual"]
    spread = (n * first["actual_sq"] - a * a) * (n * second["actual_sq"] - b * b)
    return None if spread <= 0 else (n * cross - a * b) / math.sqrt(spread)


def _risk(
    figures: Mapping[str, Any], rounds_per_shoe: float | None, bankrolls: Iterable[int]
) -> dict[str, Any]:
    """A strategy's swings against a bankroll, from its win per shoe (the exact expectation: the same
    mean as the actual results', far less noisy) and the sd of its actual result per shoe: the sd per
    100 rounds, N0 in shoes and in rounds, and the diffusion risks of ruin."""
    mean: float | None = (figures.get("win_per_shoe") or {}).get("mean")
    sd: float | None = figures.get("sd_per_shoe")
    per_round = rounds_per_shoe or None
    by_bankroll: dict[str, float | None] = dict.fromkeys((str(b) for b in bankrolls), None)
    for_risk: dict[str, float | None] = dict.fromkeys((str(r) for r in RUIN_RISKS), None)
    shoes = spread = None
    if mean is not None and sd is not None:
        shoes = n0(mean, sd * sd)
        spread = sd * math.sqrt(100 / per_round) if per_round else None
        by_bankroll = {str(b): diffusion_ruin(mean, sd * sd, b) for b in bankrolls}
        for_risk = {str(r): bankroll_for_ruin(mean, sd * sd, r) for r in RUIN_RISKS}
    return {
        "sd_per_100_rounds": spread,
        "n0_shoes": shoes,
        "n0_rounds": shoes * per_round if shoes is not None and per_round else None,
        "risk_of_ruin": {
            "method": RUIN_METHOD,
            "mean_per_shoe": mean,
            "variance_per_shoe": None if sd is None else sd * sd,
            "by_bankroll": by_bankroll,
            "bankroll_for_risk": for_risk,
        },
    }


def _kelly(sums: Mapping[str, int], bet_sq: int | None) -> dict[str, float | None]:
    """The variance of one bet's actual result over the bets made, and the Kelly fraction: the
    advantage when betting (the exact expected win per bet made) over that variance."""
    bets = sums["bets"]
    if bet_sq is None or bets < 2:
        return {"variance_per_bet": None, "kelly_fraction": None}
    variance = max(bets * bet_sq - sums["actual"] ** 2, 0) / (bets * (bets - 1)) / SCALE**2
    return {
        "variance_per_bet": variance,
        "kelly_fraction": kelly_fraction(sums["win"] / bets / SCALE, variance),
    }


def _team(
    members: Sequence[str],
    tally: Mapping[str, Any],
    joint: Mapping[str, Any] | None,
    bankrolls: Iterable[int],
) -> dict[str, Any]:
    """A team's figures: its members' results added shoe by shoe, and their correlations."""
    n, rounds = tally["shoes"], tally["rounds"]
    sums = [tally["strategies"][m] for m in members]
    pairs = [(i, j) for i in range(len(members)) for j in range(i + 1, len(members))]
    crossed = {
        kind: [_cross(joint, kind, members[i], members[j]) for i, j in pairs] for kind in ("win", "actual")
    }
    total = {key: sum(s[key] for s in sums) for key in ("win", "actual", "bets", "win_rounds")}
    figures: dict[str, Any] = {"members": list(members)}
    if joint is None or None in crossed["win"] or None in crossed["actual"]:
        win_sq = actual_sq = None
    else:
        win_sq = sum(s["win_sq"] for s in sums) + 2 * sum(c or 0 for c in crossed["win"])
        actual_sq = sum(s["actual_sq"] for s in sums) + 2 * sum(c or 0 for c in crossed["actual"])
    figures["win_per_shoe"] = None if win_sq is None else mean_and_error(total["win"], win_sq, n, SCALE)
    figures["win_per_100_rounds"] = (
        None
        if win_sq is None
        else ratio_and_error(
            total["win"], win_sq, rounds, tally["rounds_sq"], total["win_rounds"], n, SCALE / 100
        )
    )
    figures["bets_per_shoe"] = {"mean": total["bets"] / n if n else None, "se": None}  # no cross sums of bets
    figures["actual_win_per_shoe"] = (
        None if actual_sq is None else mean_and_error(total["actual"], actual_sq, n, SCALE)
    )
    figures["sd_per_shoe"] = None if actual_sq is None else _sd(total["actual"], actual_sq, n, SCALE)
    figures.update(_risk(figures, rounds / n if n else None, bankrolls))
    figures["correlation"] = [
        {"between": [members[i], members[j]], "correlation": _correlation(sums[i], sums[j], cross, n)}
        for (i, j), cross in zip(pairs, crossed["actual"], strict=True)
    ]
    return figures


def team_name(members: Sequence[str]) -> str:
    """The name a team's figures go by: ``"team: "`` and its members joined by ``" + "``.

    Args:
        members: The names of the strategies played as one, in the study's order.

    Returns:
        The team's name in the figures and tables.

    >>> team_name(["dragon_7 perfect play", "panda_8 perfect play"])
    'team: dragon_7 perfect play + panda_8 perfect play'
    """
    return "team: " + " + ".join(members)


@checked
def summarize(study: Study, tally: Mapping[str, Any]) -> StudyFigures:
    """The study's figures: for each strategy, units won per shoe and per 100 rounds, bets per
    shoe, the average player advantage when betting, the standard deviation of a shoe's actual
    result (and of 100 rounds), the share of its bets made at a player advantage, (counts) its
    efficiency, N0 in shoes and rounds, the diffusion risk of ruin for :data:`BANKROLLS`, the
    bankroll for each of :data:`RUIN_RISKS`, the variance of a bet and the Kelly fraction; the same
    for each team, with the correlation of its members' results; for each bet, the exact house edge
    of a full shoe, the chance of a round at a player advantage and the edge averaged over rounds;
    the edge by count level.  Units are units of one bet; an advantage or an edge is a fraction
    (0.05 is 5%).  A figure that cannot be worked out is ``None``.

    N0, the risks of ruin and the bankrolls (:mod:`cardmath.risk.counting`) come from the mean win
    per shoe (by the exact edges: the expectation of the actual result, measured with far less
    noise) and the variance of a shoe's actual result; the Kelly fraction is the advantage when betting (the
    exact expected win per bet made) over the variance of one bet's actual result over the bets
    made.  The figures needing the tally's ``joint`` sums (a team, the Kelly fraction) are ``None``
    when some of its chunks were saved before those sums were tallied.

    Args:
        study: The study the tally is of: its setup, bets and strategies.
        tally: The whole-number sums over the shoes dealt (:func:`~cardmath.study.runner.study_tally`).

    Returns:
        JSON-ready data, a :class:`~cardmath.study.report.StudyFigures` (a ``dict`` that shows itself in a
            notebook): ``game``, ``study`` (its description), ``shoes_done``, ``rounds_per_shoe``, and the
            ``strategies``, ``teams``, ``bets`` and ``edge_by_count`` figures, each mean with its standard
            error ``se``.

    Raises:
        OptionError: When the tally is not a tally of this study (a part or a strategy's sums missing).

    >>> from cardmath.study.engine import tally_shoes
    >>> study = Study.define(["tie"], shoes=2, seed=1)
    >>> summarize(study, tally_shoes(study, 0, 2))["bets"]["tie"]["full_shoe_house_edge"]
    103841353768/723147898655
    >>> summarize(study, {})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: a study's tally holds shoes, rounds, ... this one has no 'shoes'
    """
    _check_tally(study, tally)
    n = tally["shoes"]
    rounds = tally["rounds"]
    joint = tally.get("joint")
    if not isinstance(joint, Mapping) or joint.get("shoes") != n or n == 0:
        joint = None
    setup = study.setup
    full = setup.game.analyze(Shoe.standard(setup.decks), setup.rules, bets=list(study.bets))
    strategies: dict[str, Any] = {}
    perfect = {
        s.bet: tally["strategies"][s.name] for s in study.strategies if s.name.endswith("perfect play")
    }
    for strategy in study.strategies:
        sums = tally["strategies"][strategy.name]
        figures: dict[str, Any] = {
            "win_per_shoe": mean_and_error(sums["win"], sums["win_sq"], n, SCALE),
            "win_per_100_rounds": ratio_and_error(
                sums["win"], sums["win_sq"], rounds, tally["rounds_sq"], sums["win_rounds"], n, SCALE / 100
            ),
            "bets_per_shoe": mean_and_error(sums["bets"], sums["bets_sq"], n),
            "advantage_when_betting": ratio_and_error(
                sums["win"], sums["win_sq"], sums["bets"], sums["bets_sq"], sums["win_bets"], n, SCALE
            ),
            "actual_win_per_shoe": mean_and_error(sums["actual"], sums["actual_sq"], n, SCALE),
            "sd_per_shoe": _sd(sums["actual"], sums["actual_sq"], n, SCALE),
            "positive_share_of_bets": sums["positive_bets"] / sums["bets"] if sums["bets"] else None,
        }
        if isinstance(strategy, CountTrigger):
            best = perfect[strategy.bet]
            figures["efficiency"] = ratio_and_error(
                sums["win"], sums["win_sq"], best["win"], best["win_sq"], sums["win_perfect"], n
            )
        figures.update(_risk(figures, rounds / n if n else None, BANKROLLS))
        figures.update(_kelly(sums, None if joint is None else joint["bet_sq"].get(strategy.name)))
        strategies[strategy.name] = figures
    teams = {team_name(members): _team(members, tally, joint, BANKROLLS) for members in study.teams}
    bets: dict[str, Any] = {}
    for bet in study.bets:
        sums = tally["bets"][bet.name]
        bets[bet.name] = {
            "full_shoe_house_edge": full.bets[bet.name].house_edge,
            "positive_round_chance": sums["positive_rounds"] / rounds if rounds else None,
            "house_edge_over_rounds": _negated(
                ratio_and_error(
                    sums["edge"],
                    sums["shoe_edge_sq"],
                    rounds,
                    tally["rounds_sq"],
                    sums["shoe_edge_rounds"],
                    n,
                    SCALE,
                )
            ),
            "house_edge_first_round": _negated(
                mean_and_error(sums["first_edge"], sums["first_edge_sq"], n, SCALE)
            ),
        }
    levels: dict[str, Any] = {}
    for name, by_level in tally["levels"].items():
        levels[name] = {
            level: {
                "rounds": count,
                "advantage": total / count / SCALE,
                "sd": _sd(total, squares, count, SCALE) if count > 1 else None,
            }
            for level, (count, total, squares) in sorted(by_level.items(), key=lambda item: int(item[0]))
        }
    return StudyFigures(
        {
            "game": setup.game.name,
            "study": study.describe(),
            "shoes_done": n,
            "rounds_per_shoe": mean_and_error(rounds, tally["rounds_sq"], n),
            "strategies": strategies,
            "teams": teams,
            "bets": bets,
            "edge_by_count": levels,
        }
    )


@checked
def with_bankrolls(figures: Mapping[str, Any], bankrolls: Sequence[int]) -> StudyFigures:
    """A study's figures with the risk of ruin of every strategy and team worked out for
    ``bankrolls`` instead (by the same diffusion approximation, from the same figures).

    Args:
        figures: A study's figures, as :func:`summarize` returns them (or read back from its JSON).
        bankrolls: The bankrolls in units of one bet, each a whole number from 1 to :data:`MOST_BANKROLL`; at
            least one.

    Returns:
        New figures (a :class:`~cardmath.study.report.StudyFigures`), the same but for each ``risk_of_ruin``
            (its ``by_bankroll`` keyed by the bankrolls given, as text).

    Raises:
        OptionError: When a bankroll is not a whole number from 1 to :data:`MOST_BANKROLL`, or the figures are
            not a study's.

    >>> from cardmath.study.engine import tally_shoes
    >>> study = Study.define(["dragon_7"], shoes=3, seed=1)
    >>> figures = with_bankrolls(summarize(study, tally_shoes(study, 0, 3)), [50])
    >>> figures["strategies"]["dragon_7 never"]["risk_of_ruin"]["by_bankroll"]
    {'50': 0.0}
    """
    chosen = list(bankrolls)
    wrong = [
        b for b in chosen if isinstance(b, bool) or not isinstance(b, int) or not 1 <= b <= MOST_BANKROLL
    ]
    if not chosen or wrong:
        shown = "none" if not chosen else repr(wrong[0])[:40]
        raise OptionError(
            f"bankrolls are whole numbers of units from 1 to {MOST_BANKROLL:,}, at least one: not {shown}"
        )
    check_figures(figures, ("strategies", "rounds_per_shoe"))
    per_shoe = figures["rounds_per_shoe"]["mean"]
    copied = StudyFigures(figures)
    for part in ("strategies", "teams"):
        copied[part] = {
            name: {**entry, **_risk(entry, per_shoe, chosen)} for name, entry in figures.get(part, {}).items()
        }
    return copied


def _negated(figure: Mapping[str, float | None] | None) -> dict[str, float | None] | None:
    """A mean and its error with the mean's sign changed (a player's advantage as a house edge)."""
    if figure is None:
        return None
    mean = figure["mean"]
    return {"mean": None if mean is None else -mean, "se": figure["se"]}


def _sd(total: int, squares: int, n: int, scale: int) -> float | None:
    """The standard deviation of ``n`` values from their sums."""
    if n < 2:
        return None
    return math.sqrt(max(n * squares - total * total, 0) / (n * (n - 1))) / scale
