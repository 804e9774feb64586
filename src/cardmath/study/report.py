"""A study's figures as tables and a chart (data, rendered by the command line): the strategies, the
bets, the exact edge by count, each strategy's and team's risk (the diffusion approximation of
:mod:`cardmath.risk.counting`) and the teams.

A figure that is not defined (``None`` in the figures) shows as a dash, an error that is not
defined as "n/a".  The figures themselves are a :class:`StudyFigures`: the plain dictionary
:func:`~cardmath.study.results.summarize` has always returned (JSON-ready, read by key), which
also shows itself (:class:`~cardmath.display.Displayed`): a one-line ``repr`` with the headline
win and its standard error, these tables in a notebook, and a tidy frame in which every mean and
its standard error have their own columns.

>>> from cardmath.study.engine import Study, tally_shoes
>>> from cardmath.study.results import summarize
>>> study = Study.define(["dragon_7", "panda_8"], team=True, shoes=3, seed=2)
>>> [table.title.split(",")[0] for table in result_tables(summarize(study, tally_shoes(study, 0, 3)))][-2:]
['Risk (diffusion approximation)', 'Teams']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from sympy import Rational

from cardmath.checks import checked
from cardmath.display import Displayed
from cardmath.errors import OptionError
from cardmath.study.dealer import DEFAULT_GAME, study_game
from cardmath.table import Chart, Series, Table

__all__ = ["StudyFigures", "check_figures", "edge_chart", "result_tables"]

_PARTS = ("study", "shoes_done", "strategies", "bets", "edge_by_count")
"""The parts of a study's figures its tables read."""


def check_figures(figures: Mapping[str, Any], parts: Sequence[str]) -> None:
    """Refuse what is not a study's figures (a table would otherwise be a KeyError).

    Args:
        figures: What should be a study's figures, as :func:`~cardmath.study.results.summarize` returns them.
        parts: The top-level keys the caller reads from them.

    Raises:
        OptionError: When one of ``parts`` is missing, naming the first.

    >>> check_figures({"strategies": {}}, ("strategies",))
    """
    lacking = [part for part in parts if part not in figures]
    if lacking:
        raise OptionError(
            f"a study's figures (from summarize or run_study, or their JSON) have {', '.join(parts)}; these "
            f"have no {lacking[0]!r}"
        )


def _figure_rows(entry: Mapping[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """A strategy's, team's or bet's figures as ``(figure, value, standard error)``: a mean with
    its error as both, a single figure with no error, a risk of ruin one figure per bankroll and
    per risk, a correlation one figure per pair (text, the members and the method, left out)."""
    for key, value in entry.items():
        if isinstance(value, Mapping) and "mean" in value:
            yield key, value.get("mean"), value.get("se")
        elif key == "risk_of_ruin" and isinstance(value, Mapping):
            for bankroll, risk in value.get("by_bankroll", {}).items():
                yield f"risk_of_ruin_{bankroll}", risk, None
            for chance, bankroll in value.get("bankroll_for_risk", {}).items():
                yield f"bankroll_for_ruin_{chance}", bankroll, None
        elif key == "correlation" and isinstance(value, Sequence):
            for pair in value:
                yield f"correlation: {' / '.join(pair['between'])}", pair["correlation"], None
        elif key == "full_shoe_house_edge" and value is not None:
            yield key, Rational(value), None  # exact (text once read back from JSON)
        elif isinstance(value, (int, float)) or value is None:
            yield key, value, None


class StudyFigures(Displayed, dict[str, Any]):
    """A study's figures (:func:`~cardmath.study.results.summarize`): a ``dict`` read by key and
    written as JSON as before, which also shows itself in a notebook.

    - ``repr``: the game, the shoes, the bets and the headline win per shoe ± its standard error
      (a count's strategy if there is one, else perfect play);
    - the notebook display: the tables of ``cardmath study`` (:func:`result_tables`);
    - :meth:`records`: one row per figure of each strategy, team and bet and per count level, with
      the mean (``value``) and its standard error (``standard_error``) in separate columns.

    >>> from cardmath.study.engine import Study, tally_shoes
    >>> from cardmath.study.results import summarize
    >>> study = Study.define(["tie"], shoes=2, seed=1)
    >>> figures = summarize(study, tally_shoes(study, 0, 2))
    >>> isinstance(figures, dict), figures["shoes_done"]
    (True, 2)
    >>> figures  # doctest: +ELLIPSIS
    <StudyFigures: Baccarat, 2 shoes of 8 decks, bet tie: tie perfect play wins ... ± ... units per shoe>
    """

    __slots__ = ()

    def _headline(self) -> tuple[str, Mapping[str, Any]] | None:
        """The strategy whose win is the headline: a count's, else perfect play, else the first."""
        strategies: Mapping[str, Any] = self.get("strategies") or {}
        names = list(strategies)
        counted = [name for name in names if "efficiency" in strategies[name]]
        perfect = [name for name in names if name.endswith("perfect play")]
        chosen = (counted or perfect or names)[:1]
        return (chosen[0], strategies[chosen[0]]) if chosen else None

    def summary(self) -> str:
        """The game, the shoes, the bets and the headline win per shoe with its standard error.

        Returns:
            Such as `Baccarat, 2 shoes of 8 decks, bet tie: tie perfect play wins 0.1234 ± 0.0567
                units per shoe` (`n/a` for a figure the shoes cannot define).
        """
        described: Mapping[str, Any] = self.get("study") or {}
        try:
            game = study_game(described.get("game", self.get("game", DEFAULT_GAME))).short_title
        except OptionError:
            game = str(described.get("game", "a study"))
        bets = list(self.get("bets") or described.get("bets") or ())
        start = (
            f"{game}, {self.get('shoes_done', '?')} shoes of {described.get('decks', '?')} decks, "
            f"bet{'s' if len(bets) != 1 else ''} {', '.join(bets) or 'none'}"
        )
        headline = self._headline()
        if headline is None:
            return f"{start}: no strategy"
        name, entry = headline
        win = entry.get("win_per_shoe") or {}
        return f"{start}: {name} wins {_number(win.get('mean'))} ± {_number(win.get('se'))} units per shoe"

    def display_tables(self) -> tuple[Table, ...]:
        """The tables ``cardmath study`` prints (none for a dictionary that is not a study's figures).

        Returns:
            :func:`result_tables` of the figures.
        """
        if any(part not in self for part in _PARTS):
            return ()
        return result_tables(self)

    def conditions(self) -> dict[str, Any]:
        """The game, how the shoes were dealt, how many and the seed.

        Returns:
            `game`, `decks`, `cut_card`, `burn`, `shoes` (the shoes dealt) and `seed`.
        """
        described: Mapping[str, Any] = self.get("study") or {}
        return {
            "game": self.get("game", described.get("game")),
            "decks": described.get("decks"),
            "cut_card": described.get("cut_card"),
            "burn": described.get("burn"),
            "shoes": self.get("shoes_done"),
            "seed": described.get("seed"),
        }

    def records(self) -> list[dict[str, Any]]:
        """One record per figure: the rounds per shoe, each figure of each strategy, team and bet,
        and the exact player advantage (and its standard deviation) at each count level.

        Returns:
            The conditions, then `part` (``study``, ``strategy``, ``team``, ``bet`` or ``count
                level``), `name` (the strategy, team or bet), `figure`, `count` and `rounds` (a count
                level's), `value` (a mean, a fraction, or an exact house edge) and `standard_error` (of
                a mean; `None` for a figure that has none).
        """
        start = self.conditions()

        def row(
            part: str, name: str | None, figure: str, value: Any, error: Any, **level: Any
        ) -> dict[str, Any]:
            return {
                **start,
                "part": part,
                "name": name,
                "figure": figure,
                "count": level.get("count"),
                "rounds": level.get("rounds"),
                "value": value,
                "standard_error": error,
            }

        found = []
        per_shoe: Mapping[str, Any] = self.get("rounds_per_shoe") or {}
        found.append(row("study", None, "rounds_per_shoe", per_shoe.get("mean"), per_shoe.get("se")))
        for part, key in (("strategy", "strategies"), ("team", "teams"), ("bet", "bets")):
            for name, entry in (self.get(key) or {}).items():
                found += [
                    row(part, name, figure, value, error) for figure, value, error in _figure_rows(entry)
                ]
        for name, by_level in (self.get("edge_by_count") or {}).items():
            for level, entry in by_level.items():
                where = {"count": int(level), "rounds": entry.get("rounds")}
                found.append(row("count level", name, "advantage", entry.get("advantage"), None, **where))
                found.append(row("count level", name, "sd", entry.get("sd"), None, **where))
        return found


def _number(value: float | None) -> str:
    """A figure to 4 places, or "n/a" when it is not defined."""
    return "n/a" if value is None else f"{value:.4f}"


def _plus_minus(figure: Mapping[str, float | None] | None, factor: float = 1) -> str | None:
    """A mean ± its error, as a table shows it: "n/a" for an error that cannot be worked out."""
    if figure is None or figure.get("mean") is None:
        return None
    mean, se = figure["mean"], figure.get("se")
    error = "n/a" if se is None else f"{se * factor:.4f}"
    return f"{(mean or 0) * factor:.4f} ± {error}"


def _shown(value: float | None, form: str) -> str | None:
    """A figure in ``form`` (a format spec), or ``None`` (a dash) when it is not defined."""
    return None if value is None else format(value, form)


def _risk_table(figures: Mapping[str, Any], where: str) -> Table:
    """Each strategy's and team's swings against a bankroll (the diffusion approximation)."""
    entries: dict[str, Any] = {**figures["strategies"], **figures.get("teams", {})}
    some: Mapping[str, Any] = next(iter(entries.values()), {})
    first: Mapping[str, Any] = some.get("risk_of_ruin", {})
    bankrolls, risks = list(first.get("by_bankroll", {})), list(first.get("bankroll_for_risk", {}))
    rows = []
    for name, f in entries.items():
        risk = f.get("risk_of_ruin", {})
        rows.append(
            (
                name,
                _shown(f.get("sd_per_shoe"), ".3f"),
                _shown(f.get("sd_per_100_rounds"), ".3f"),
                _shown(f.get("n0_shoes"), ",.0f"),
                _shown(f.get("n0_rounds"), ",.0f"),
                *(_shown(risk.get("by_bankroll", {}).get(b), ".2%") for b in bankrolls),
                *(_shown(risk.get("bankroll_for_risk", {}).get(r), ",.0f") for r in risks),
                _shown(f.get("kelly_fraction"), ".4%"),
            )
        )
    return Table(
        f"Risk (diffusion approximation), {where}",
        (
            "strategy",
            "sd per shoe",
            "sd per 100 rounds",
            "N0, shoes",
            "N0, rounds",
            *(f"ruin of {int(b):,} units" for b in bankrolls),
            *(f"bankroll for {float(r):.0%} ruin" for r in risks),
            "Kelly bet, % of bankroll",
        ),
        tuple(rows),
    )


def _team_table(figures: Mapping[str, Any], where: str) -> Table:
    """Each team's win and the correlation of its members' actual results per shoe."""
    return Table(
        f"Teams, {where}",
        ("team", "units won per shoe", "actual units won per shoe", "sd per shoe", "correlation of results"),
        tuple(
            (
                name,
                _plus_minus(f.get("win_per_shoe")),
                _plus_minus(f.get("actual_win_per_shoe")),
                _shown(f.get("sd_per_shoe"), ".3f"),
                "; ".join(
                    "n/a" if pair["correlation"] is None else f"{pair['correlation']:+.4f}"
                    for pair in f.get("correlation", [])
                ),
            )
            for name, f in figures.get("teams", {}).items()
        ),
    )


@checked
def result_tables(figures: Mapping[str, Any]) -> tuple[Table, ...]:
    """The study's tables: the strategies, the bets, the edge by count level for each count, each
    strategy's (and team's) risk by the diffusion approximation, and the teams, if any.

    Args:
        figures: A study's figures, as :func:`summarize` returns them (or read back from its JSON).

    Returns:
        The strategies table, the bets table, one edge-by-count table per count strategy, the risk table, then
            (a study with teams) the teams table; each title names the shoes. A figure not defined shows as
            a dash, an error not defined as "n/a".

    Raises:
        OptionError: When ``figures`` are not a study's figures.

    >>> from cardmath.study.engine import Study, tally_shoes
    >>> from cardmath.study.results import summarize
    >>> study = Study.define(["tie"], shoes=2, seed=1)
    >>> [table.title.split(",")[0] for table in result_tables(summarize(study, tally_shoes(study, 0, 2)))]
    ['Strategies', 'Bets', 'Risk (diffusion approximation)']
    >>> result_tables({})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: a study's figures (from summarize or run_study, or their JSON) have ...
    >>> from cardmath.study.dealer import ShoeSetup
    >>> study = Study.define(["tie"], setup=ShoeSetup(game="dt", burn=False), shoes=2)
    >>> result_tables(summarize(study, tally_shoes(study, 0, 2)))[0].title
    'Strategies, 2 shoes of 8 decks, 14 cards behind the cut card, Dragon Tiger, no burn'
    """
    check_figures(figures, _PARTS)
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
    tables.append(_risk_table(figures, where))
    if figures.get("teams"):
        tables.append(_team_table(figures, where))
    return tuple(tables)


@checked
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

    Raises:
        OptionError: When ``figures`` are not a study's figures.

    >>> from cardmath.study.engine import Study, tally_shoes
    >>> from cardmath.study.results import summarize
    >>> study = Study.define(["dragon_7"], counts=[("how_dragon_7", None, None)], shoes=2, seed=1)
    >>> chart = edge_chart(summarize(study, tally_shoes(study, 0, 2)), least_rounds=1)
    >>> chart.series[0].name, len(chart.series[0].points) > 5
    ('dragon_7 how_dragon_7 running count >= 0', True)
    """
    check_figures(figures, ("edge_by_count",))
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
