"""A study's figures from its tally: JSON-ready data (:func:`summarize`), tables and a chart (data,
rendered by the command line).

Every figure is a mean over shoes (independent of each other) with its standard error; ratios
(win per 100 rounds, the advantage when betting, the efficiency of a count) carry the standard
error of a ratio of means (the delta method).  The exact counts they come from stay in the tally.

>>> from cardmath.study.engine import Study, tally_shoes
>>> study = Study.define(["dragon_7"], shoes=3, seed=2)
>>> figures = summarize(study, tally_shoes(study, 0, 3))
>>> figures["strategies"]["dragon_7 never"]["win_per_shoe"]
{'mean': 0.0, 'se': 0.0}
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from sympy import Rational

from cardmath.shoe import Shoe
from cardmath.study.dealer import DEFAULT_GAME, study_game
from cardmath.study.engine import SCALE, Study, Tally
from cardmath.study.strategies import CountTrigger
from cardmath.table import Chart, Series, Table

__all__ = ["edge_chart", "mean_and_error", "ratio_and_error", "result_tables", "summarize"]


def mean_and_error(total: int, squares: int, n: int, scale: int = 1) -> dict[str, float]:
    """The mean of ``n`` values from their sum and sum of squares (whole numbers, in ``scale``
    units), and the standard error of the mean.

    Args:
        total: The sum of the values, in ``scale`` units.
        squares: The sum of their squares, in ``scale`` units squared.
        n: How many values there are; 0 gives NaN for both figures.
        scale: The units per unit of the values (:data:`~cardmath.study.engine.SCALE` for fixed-point sums); 1
            by default.

    Returns:
        ``{"mean": ..., "se": ...}`` as floats in units; the error is NaN for fewer than two values.

    >>> mean_and_error(6, 14, 3)  # 1, 2, 3
    {'mean': 2.0, 'se': 0.5773502691896257}
    """
    if n == 0:
        return {"mean": math.nan, "se": math.nan}
    spread = n * squares - total * total
    error = math.sqrt(spread / (n * n * (n - 1))) if n > 1 else math.nan
    return {"mean": total / n / scale, "se": error / scale}


def ratio_and_error(  # noqa: PLR0917 (the five sums of the delta method, in their usual order)
    top: int, top_sq: int, bottom: int, bottom_sq: int, cross: int, n: int, scale: float = 1
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

    >>> ratio_and_error(4, 10, 2, 2, 4, 2)  # y = 1, 3 over x = 1, 1
    {'mean': 2.0, 'se': 1.0}
    """
    if bottom == 0 or n < 2:
        return None
    ratio = top / bottom
    spread = max(top_sq - 2 * ratio * cross + ratio * ratio * bottom_sq, 0.0)
    error = math.sqrt(spread / (n * (n - 1))) / (bottom / n)
    return {"mean": ratio / scale, "se": error / scale}


def summarize(study: Study, tally: Tally) -> dict[str, Any]:
    """The study's figures: for each strategy, units won per shoe and per 100 rounds, bets per
    shoe, the average player advantage when betting, the standard deviation of a shoe's actual
    result, the share of its bets made at a player advantage and (counts) its efficiency; for each
    bet, the exact house edge of a full shoe, the chance of a round at a player advantage and the
    edge averaged over rounds; the edge by count level.  Units are units of one bet; an advantage
    or an edge is a fraction (0.05 is 5%).

    Args:
        study: The study the tally is of: its setup, bets and strategies.
        tally: The whole-number sums over the shoes dealt (:func:`~cardmath.study.runner.study_tally`).

    Returns:
        JSON-ready data: ``game``, ``study`` (its description), ``shoes_done``, ``rounds_per_shoe``, and the
            ``strategies``, ``bets`` and ``edge_by_count`` figures, each mean with its standard error ``se``.

    >>> from cardmath.study.engine import tally_shoes
    >>> study = Study.define(["tie"], shoes=2, seed=1)
    >>> summarize(study, tally_shoes(study, 0, 2))["bets"]["tie"]["full_shoe_house_edge"]
    103841353768/723147898655
    """
    n = tally["shoes"]
    rounds = tally["rounds"]
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
        strategies[strategy.name] = figures
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
            "house_edge_first_round": {
                key: -value if key == "mean" else value
                for key, value in mean_and_error(sums["first_edge"], sums["first_edge_sq"], n, SCALE).items()
            },
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
    return {
        "game": setup.game.name,
        "study": study.describe(),
        "shoes_done": n,
        "rounds_per_shoe": mean_and_error(rounds, tally["rounds_sq"], n),
        "strategies": strategies,
        "bets": bets,
        "edge_by_count": levels,
    }


def _negated(figure: dict[str, float] | None) -> dict[str, float] | None:
    """A mean and its error with the mean's sign changed (a player's advantage as a house edge)."""
    return None if figure is None else {"mean": -figure["mean"], "se": figure["se"]}


def _sd(total: int, squares: int, n: int, scale: int) -> float | None:
    """The standard deviation of ``n`` values from their sums."""
    if n < 2:
        return None
    return math.sqrt(max(n * squares - total * total, 0) / (n * (n - 1))) / scale


def _plus_minus(figure: Mapping[str, float] | None, factor: float = 1) -> str | None:
    if figure is None or math.isnan(figure["mean"]):
        return None
    return f"{figure['mean'] * factor:.4f} ± {figure['se'] * factor:.4f}"


def result_tables(figures: Mapping[str, Any]) -> tuple[Table, ...]:
    """The study's tables: the strategies, the bets, and the edge by count level for each count.

    Args:
        figures: A study's figures, as :func:`summarize` returns them (or read back from its JSON).

    Returns:
        The strategies table, the bets table, then one edge-by-count table per count strategy; each title
            names the shoes.

    >>> from cardmath.study.engine import Study, tally_shoes
    >>> study = Study.define(["tie"], shoes=2, seed=1)
    >>> [table.title.split(",")[0] for table in result_tables(summarize(study, tally_shoes(study, 0, 2)))]
    ['Strategies', 'Bets']
    >>> from cardmath.study.dealer import ShoeSetup
    >>> study = Study.define(["tie"], setup=ShoeSetup(game="dt", burn=False), shoes=2)
    >>> result_tables(summarize(study, tally_shoes(study, 0, 2)))[0].title
    'Strategies, 2 shoes of 8 decks, 14 cards behind the cut card, Dragon Tiger, no burn'
    """
    described = figures["study"]
    game = study_game(described.get("game", DEFAULT_GAME))
    where = (
        f"{figures['shoes_done']} shoes of {described['decks']} decks, "
        f"{described['cut_card']} cards behind the cut card, {game.short_title}"
    )
    if not described.get("burn", True):
        where += ", no burn"
    strategy_rows = tuple(
        (
            name,
            _plus_minus(f["win_per_shoe"]),
            _plus_minus(f["win_per_100_rounds"]),
            _plus_minus(f["bets_per_shoe"]),
            _plus_minus(f["advantage_when_betting"], 100),
            None if f["sd_per_shoe"] is None else f"{f['sd_per_shoe']:.3f}",
            _plus_minus(f["actual_win_per_shoe"]),
            None if f["positive_share_of_bets"] is None else f"{f['positive_share_of_bets']:.2%}",
            _plus_minus(f.get("efficiency")),
        )
        for name, f in figures["strategies"].items()
    )
    tables = [
        Table(
            f"Strategies, {where}",
            (
                "strategy",
                "units won per shoe",
                "per 100 rounds",
                "bets per shoe",
                "advantage when betting, %",
                "sd per shoe",
                "actual units won per shoe",
                "share of bets at an advantage",
                "efficiency",
            ),
            strategy_rows,
        ),
        Table(
            f"Bets, {where}",
            (
                "bet",
                "full-shoe house edge",
                "chance of a round at a player advantage",
                "house edge over rounds, %",
                "house edge of first rounds, %",
            ),
            tuple(
                (
                    name,
                    Rational(b["full_shoe_house_edge"]),
                    None if b["positive_round_chance"] is None else round(b["positive_round_chance"], 5),
                    _plus_minus(b["house_edge_over_rounds"], 100),
                    _plus_minus(b["house_edge_first_round"], 100),
                )
                for name, b in figures["bets"].items()
            ),
        ),
    ]
    for name, by_level in figures["edge_by_count"].items():
        tables.append(
            Table(
                f"Exact edge by count, {name}, {where}",
                ("count", "rounds", "mean player advantage, %", "sd, %"),
                tuple(
                    (
                        int(level),
                        entry["rounds"],
                        round(100 * entry["advantage"], 4),
                        None if entry["sd"] is None else round(100 * entry["sd"], 4),
                    )
                    for level, entry in by_level.items()
                ),
            )
        )
    return tuple(tables)


def edge_chart(
    figures: Mapping[str, Any], name: str = "study-edge-by-count", least_rounds: int = 100
) -> Chart:
    """The mean exact player advantage (%) of each count strategy's bet against its count, one
    line per count (levels seen in fewer than ``least_rounds`` rounds left out).

    Args:
        figures: A study's figures, as :func:`summarize` returns them.
        name: The chart's name, used for its file; ``"study-edge-by-count"`` by default.
        least_rounds: The fewest rounds a count level needs to be drawn; 100 by default.

    Returns:
        A line :class:`~cardmath.table.Chart` with one series per count strategy (none when the study has no
            count).

    >>> from cardmath.study.engine import Study, tally_shoes
    >>> study = Study.define(["dragon_7"], counts=[("how_dragon_7", None, None)], shoes=2, seed=1)
    >>> chart = edge_chart(summarize(study, tally_shoes(study, 0, 2)), least_rounds=1)
    >>> chart.series[0].name, len(chart.series[0].points) > 5
    ('dragon_7 how_dragon_7 running count >= 0', True)
    """
    series = tuple(
        Series(
            strategy,
            tuple(
                (float(level), 100 * entry["advantage"])
                for level, entry in by_level.items()
                if entry["rounds"] >= least_rounds
            ),
        )
        for strategy, by_level in figures["edge_by_count"].items()
    )
    return Chart(name, "Exact player advantage by count", "count", "mean player advantage, %", series)
