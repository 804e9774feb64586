"""The study layer answers bad arguments with a clear error and valid edge cases with a figure.

Each public function of the study modules is called with generated arguments (the library fuzz's
values, with a study, a setup and a bet name among them): the call returns, or raises a
:class:`~cardmath.errors.CardmathError` (a bad value) or a ``TypeError`` naming the parameter (a
bad type, :mod:`cardmath.checks`), never an ``AttributeError``, ``KeyError`` or ``ValueError``
from deep inside.  Then the cases once reported: each gets the message it should, and a depleted
shoe or an empty mapping an answer, not a ``KeyError``.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import math
from collections.abc import Callable
from fractions import Fraction
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardmath.cards import Rank, parse_cards
from cardmath.errors import CardmathError, OptionError
from cardmath.risk import counting
from cardmath.shoe import Shoe
from cardmath.study import (
    HOW_DRAGON_7,
    JACOBSON_DRAGON_7,
    CountSystem,
    ShoeSetup,
    Study,
    betting_correlation,
    counts,
    deal_shoe,
    dealer,
    derived_count,
    edge_chart,
    engine,
    report,
    result_tables,
    results,
    strategies,
    study_game,
    summarize,
    tally_shoes,
)
from tests.test_library_fuzz import EXAMPLES, VALUES

MODULES: tuple[ModuleType, ...] = (counts, dealer, engine, results, report, strategies, counting)

STUDY = Study.define(["dragon_7"], counts=[("how_dragon_7", None, None)], shoes=2, seed=1)

STUDY_VALUES: tuple[Any, ...] = (
    *VALUES,
    STUDY,
    ShoeSetup(decks=1, cut_card=10),
    "dragon_7",
    ("x", None, None),
)


def study_functions() -> list[tuple[str, Callable[..., Any]]]:
    """Every public function of the study modules and of the counting risk formulas, and the
    classmethods that build studies and counts."""
    found: dict[str, Callable[..., Any]] = {}
    for module in MODULES:
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value):
                found[f"{module.__name__}.{name}"] = value
    found["Study"] = Study
    found["Study.define"] = Study.define
    found["CountSystem.parse"] = CountSystem.parse
    found["CountSystem.from_published"] = CountSystem.from_published
    return sorted(found.items())


@pytest.mark.parametrize(("name", "function"), study_functions(), ids=[n for n, _ in study_functions()])
def test_bad_arguments_get_a_clear_error(name: str, function: Callable[..., Any]) -> None:
    parameters = [
        p
        for p in inspect.signature(function).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name != "cls"
    ]
    required = sum(1 for p in parameters if p.default is p.empty)

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.data())
    def check(data: st.DataObject) -> None:
        count = data.draw(st.integers(min(required, 1), max(len(parameters), 1)))
        arguments = [data.draw(st.sampled_from(STUDY_VALUES)) for _ in range(count)]
        with contextlib.suppress(CardmathError, TypeError):
            function(*arguments)

    check()


BAD: Any = None  # wrong arguments the type checker is not told about
TEXT: Any = "0"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: Study.define(["dragon_7"], setup=TEXT),
            TypeError,
            "parameter setup must be .*ShoeSetup",
        ),
        (lambda: deal_shoe(0, 0, BAD), TypeError, "parameter setup must be ShoeSetup"),
        (lambda: deal_shoe(0, -1, ShoeSetup()), OptionError, "the shoe index must be a whole number 0"),
        (lambda: derived_count(BAD, 1), TypeError, "parameter bet must be"),
        (lambda: tally_shoes(STUDY, 5, 2), OptionError, "0 <= start <= stop <= 2"),
        (lambda: tally_shoes(STUDY, 0, 3), OptionError, r"the study's shoes\), not 0 to 3"),
        (lambda: tally_shoes(STUDY, TEXT, 1), TypeError, "parameter start must be int"),
        (
            lambda: Study.define(["dragon_7"], counts=[("how_dragon_7",)]),
            OptionError,
            r"each count is a \(count, trigger, basis\) triple",
        ),
        (lambda: Study.define(["dragon_7"], counts=TEXT), TypeError, "parameter counts must be"),
        (lambda: Study.define(["dragon_7"], counts=[(None, 1, None)]), OptionError, "a count is a name"),
        (lambda: Study.define(TEXT), OptionError, r"bets are a list of names, not one text: give \['0'\]"),
        (lambda: Study((BAD,), ()), OptionError, "a study's bets are a tuple of bet objects"),
        (lambda: Study((), (BAD,)), OptionError, "a study's strategies are a tuple of strategy objects"),
        (lambda: Study((), (), teams=BAD), OptionError, "a study's teams are a tuple"),
        (lambda: betting_correlation(HOW_DRAGON_7, {}), OptionError, "two or more ranks"),
        (lambda: betting_correlation(HOW_DRAGON_7, dict.fromkeys(Rank, "x")), OptionError, "must be numbers"),
        (lambda: summarize(STUDY, {}), OptionError, "this one has no 'shoes'"),
        (lambda: edge_chart({}), OptionError, "these have no 'edge_by_count'"),
        (lambda: result_tables({}), OptionError, "these have no 'study'"),
        (
            lambda: Study.define(["dragon_7", "panda_8"], team=True, counts=[("how_dragon_7", None, None)]),
            OptionError,
            "a team plays two or more counts",
        ),
    ],
)
def test_reported_cases(call: Callable[[], Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        call()


def test_a_tally_of_another_study_is_refused() -> None:
    other = Study.define(["panda_8"], shoes=2, seed=1)
    with pytest.raises(OptionError, match="the tally is not of this study: it has no sums for 'dragon_7"):
        summarize(STUDY, tally_shoes(other, 0, 1))


def depleted() -> Shoe:
    """A valid shoe of seven cards: no deuce, three, four, six, ten, jack or queen."""
    return Shoe.from_counts(dict.fromkeys(parse_cards("As,Kd,5h,9c,8s,7d,7h"), 1))


def test_a_count_derived_from_a_depleted_shoe() -> None:
    """Worked out here from the game's effects of removal with Fractions: the ranks the shoe holds
    are centred, scaled to the level and rounded half up; a rank it lacks is tagged 0."""
    shoe = depleted()
    effects = study_game("baccarat").effects_of_removal(shoe, bets=["dragon_7"])["dragon_7"]
    held = [rank for rank in Rank if rank in effects]
    assert 1 < len(held) < 13
    gains: dict[Rank, Fraction] = {rank: -Fraction(str(effects[rank])) for rank in held}
    mean = sum(gains.values(), Fraction(0)) / len(gains)
    largest = max(abs(g - mean) for g in gains.values())
    for level in (1, 2, 3):
        count = derived_count("dragon_7", level, shoe=shoe)
        for rank in Rank:
            expected = (
                math.floor((gains[rank] - mean) * level / largest + Fraction(1, 2)) if rank in gains else 0
            )
            assert count.tag(rank) == expected, (rank, level)


def test_a_betting_correlation_over_the_ranks_a_shoe_holds() -> None:
    effects = study_game("baccarat").effects_of_removal(depleted(), bets=["dragon_7"])["dragon_7"]
    held = [rank for rank in Rank if rank in effects]
    tags = [JACOBSON_DRAGON_7.tag(rank) for rank in held]
    gains = [-float(effects[rank]) for rank in held]
    expected = float(np.corrcoef(tags, gains)[0, 1])
    assert math.isclose(betting_correlation(JACOBSON_DRAGON_7, effects), expected, rel_tol=1e-12)


def test_no_nan_in_the_figures_of_one_shoe() -> None:
    study = Study.define(["dragon_7", "panda_8"], team=True, shoes=1, seed=3)
    figures = summarize(study, tally_shoes(study, 0, 1))
    text = json.dumps(figures, default=str, allow_nan=False)  # raises on NaN or infinity
    assert "NaN" not in text
    strategy = figures["strategies"]["dragon_7 perfect play"]
    assert strategy["win_per_shoe"]["se"] is None and strategy["sd_per_shoe"] is None
    assert strategy["win_per_100_rounds"] is None
    assert figures["bets"]["dragon_7"]["house_edge_first_round"]["se"] is None
    tables = result_tables(figures)
    assert any("± n/a" in str(cell) for table in tables for row in table.rows for cell in row)


def test_no_shoes_give_no_figures_rather_than_nan() -> None:
    figures = summarize(STUDY, engine.empty_tally(STUDY))
    assert figures["rounds_per_shoe"] == {"mean": None, "se": None}
    assert figures["strategies"]["dragon_7 never"]["win_per_shoe"] == {"mean": None, "se": None}
    json.dumps(figures, default=str, allow_nan=False)
    assert len(result_tables(figures)) >= 3
