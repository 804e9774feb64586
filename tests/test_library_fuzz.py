"""The library answers bad arguments with a CardmathError, or a TypeError for a wrong type.

Every public function of the games and of the core is called with generated arguments: the wrong
types, empty and huge values, malformed text, shoes too small for the game, and a few valid
values so that the bad argument is sometimes the second or third.  The property: the call returns,
or raises a :class:`~cardmath.errors.CardmathError` (bad value) or a ``TypeError`` (bad type).
Never an ``AttributeError``, ``ZeroDivisionError``, ``KeyError`` or any other exception.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import Rational, Symbol

import cardmath
from cardmath import cards, exact, numbers, shoe
from cardmath.errors import CardmathError
from cardmath.games import pool
from cardmath.games.baccarat import batch
from cardmath.games.registry import GAMES
from cardmath.pay_tables import check_pay, read_pay_change
from cardmath.shoe import Shoe

EXAMPLES = int(os.environ.get("CARDMATH_LIBRARY_FUZZ_EXAMPLES", "12"))

CORE: tuple[ModuleType, ...] = (cardmath, cards, shoe, numbers, exact)
"""The core modules fuzzed besides the games."""


def modules() -> tuple[ModuleType, ...]:
    """The core modules and the package of every game of the registry, read when the fuzz runs."""
    packages = [GAMES.package_of(game) for game in GAMES]
    return (*CORE, *(importlib.import_module(package) for package in packages if package))


VALUES: tuple[Any, ...] = (
    None,
    "",
    " ",
    "x",
    "1/0",
    "nan",
    "²",
    "9" * 5000,
    "As,Kd",
    "As,As",
    -1,
    0,
    1,
    True,
    1.5,
    float("nan"),
    float("inf"),
    10**40,
    Rational(-1, 3),
    [],
    ["As"],
    {},
    object(),
    Symbol("q"),
    Shoe.standard(1),
    Shoe.infinite(),
    Shoe.standard(1).without("As,Ah,Ad,Ac,Ks,Kh,Kd,Kc,Qs,Qh,Qd,Qc,Js,Jh,Jd,Jc,Ts,Th,Td,Tc,9s,9h,9d,9c"),
    Shoe.from_counts({cards.Card.parse("As"): 1, cards.Card.parse("Kd"): 1}),
)

SLOW = {"closed_form", "summary_table", "publication_tables", "charts", "simulate", "analyze_many"}
"""Functions whose valid calls take seconds: given at most one valid-looking argument."""


GAME_METHODS = ("rules", "publication_tables", "summary_table", "with_pays", "document", "tables")
"""The methods of every game object fuzzed besides its verbs."""


def _from_counts(counts: Any, infinite: Any) -> Shoe:
    return Shoe.from_counts(counts, infinite=infinite)


def _win_probability(hand: Any, hand_size: Any) -> Any:
    return pool.win_probability(hand, hand_size=hand_size)


def _explain(hand: Any, seen: Any, hand_size: Any) -> Any:
    return pool.explain(hand, seen, hand_size=hand_size)


def _simulate(players: Any, rounds: Any, seed: Any, bankroll: Any) -> Any:
    return pool.simulate(pool.PoolRules(players=players, bankroll=bankroll), rounds=rounds, seed=seed)


def _pool_rules(players: Any, ante: Any, bankroll: Any, bank: Any) -> Any:
    return pool.PoolRules(players=players, ante=ante, bankroll=bankroll, banking=bank is not None, bank=bank)


def _value_edge_terms(rows: Any, chunk: Any) -> Any:
    return batch.value_edge_terms(rows, bets=["banker"], chunk=chunk)


def _house_edges(shoes: Any, chunk: Any) -> Any:
    bets = cardmath.games.baccarat.built_in_bets()
    return batch.house_edges(shoes, cardmath.games.baccarat.BaccaratRules(), (bets["tie"],), chunk=chunk)


def _check_pay(outcome: Any, pay: Any) -> Any:
    return check_pay(cardmath.games.baccarat.built_in_bets()["player"], outcome, pay)


EXTRA: dict[str, Callable[..., Any]] = {
    "Shoe.from_counts": _from_counts,
    "Shoe.standard": Shoe.standard,
    "Shoe.infinite": Shoe.infinite,
    "Shoe.without": Shoe.standard(1).without,
    "Shoe.without_rank": Shoe.standard(1).without_rank,
    "Shoe.count": Shoe.standard(1).count,
    "pool.win_probability(hand_size=)": _win_probability,
    "pool.explain(hand_size=)": _explain,
    "pool.simulate(PoolRules(bankroll=))": _simulate,
    "pool.PoolRules": _pool_rules,
    "baccarat.batch.value_edge_terms(chunk=)": _value_edge_terms,
    "baccarat.batch.house_edges(chunk=)": _house_edges,
    "pay_tables.check_pay": _check_pay,
    "pay_tables.read_pay_change": read_pay_change,
}
"""Callables the module walk does not find: the shoe's constructors and methods, and keyword
arguments (a hand size, a bankroll, a batch's chunk) given positionally through small wrappers."""


def public_functions() -> list[tuple[str, Callable[..., Any]]]:
    """Every public function of the core modules and of every game's package, and every verb and
    public method of every game object of the registry."""
    found: dict[str, Callable[..., Any]] = {}
    for module in modules():
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if inspect.isfunction(value) or inspect.ismethod(value):
                found.setdefault(f"{module.__name__}.{name}", value)
    for game in GAMES:
        for name in (*(verb.value for verb in game.verbs), *GAME_METHODS):
            value = getattr(game, name, None)
            if callable(value):
                found.setdefault(f"games[{game.name}].{name}", value)
    found.update(EXTRA)
    return sorted(found.items())


def test_the_fuzz_covers_every_game() -> None:
    covered = {
        name.split("]")[0].removeprefix("games[")
        for name, _ in public_functions()
        if name.startswith("games[")
    }
    assert covered == set(GAMES.names())


def test_the_fuzz_covers_chemin_de_fer_and_the_shoe() -> None:
    names = {name for name, _ in public_functions()}
    chemin = {"analyze", "solve_many", "draw_effects_of_removal", "expected_payoffs", "tableau_strategy"}
    assert {f"cardmath.games.chemin_de_fer.{name}" for name in chemin} <= names
    assert {"games[chemin-de-fer].analyze", "Shoe.from_counts", "pool.win_probability(hand_size=)"} <= names


NOT_YET_CHECKED: set[str] = set()
"""Publication helpers not yet decorated with ``checked``: known gaps, listed so the fuzz still runs them."""


def _cases() -> list[Any]:
    return [
        pytest.param(
            name,
            function,
            id=name,
            marks=[pytest.mark.xfail(reason="not yet argument-checked", strict=False)]
            if name in NOT_YET_CHECKED
            else [],
        )
        for name, function in public_functions()
    ]


@pytest.mark.parametrize(("name", "function"), _cases())
def test_bad_arguments_get_a_clear_error(name: str, function: Callable[..., Any]) -> None:
    parameters = [
        p
        for p in inspect.signature(function).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    required = sum(1 for p in parameters if p.default is p.empty)
    short = name.rsplit(".", 1)[1] in SLOW

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(st.data())
    def check(data: st.DataObject) -> None:
        count = data.draw(st.integers(min(required, 1), max(len(parameters), 1)))
        arguments = [data.draw(st.sampled_from(VALUES)) for _ in range(count)]
        if short and sum(isinstance(a, Shoe) for a in arguments) > 1:
            return
        with contextlib.suppress(CardmathError, TypeError):
            function(*arguments)

    check()
