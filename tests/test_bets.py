"""Bets made of a rule and a pay table (:mod:`cardmath.bets`), against brute force over every deal
of a pair of dice and the published house edges of two craps bets."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st
from sympy import Rational

from cardmath.bets import RuleBet, counted_house_edge, counted_par_sheet, pay_terms, resolve_bets
from cardmath.errors import OptionError, PayTableError

Dice = tuple[int, int]

DICE: tuple[Dice, ...] = tuple((first, second) for first in range(1, 7) for second in range(1, 7))
"""Every roll of two dice, once: 36 equally likely deals."""


def _any_seven(roll: Dice) -> str:
    return "seven" if sum(roll) == 7 else "other"


def _field(roll: Dice) -> str:
    total = sum(roll)
    if total in (2, 12):
        return "2 or 12"
    return "field" if total in (3, 4, 9, 10, 11) else "other"


ANY_SEVEN = RuleBet.define("any_seven", _any_seven, {"seven": 4, "other": -1})
FIELD = RuleBet.define("field", _field, {"2 or 12": 2, "field": 1, "other": -1})


class DiceBet(RuleBet[Dice]):
    """A bet of the dice game (a game's own kind of bet)."""


class CoinBet(RuleBet[str]):
    """A bet of another game."""


def _counts(bet: RuleBet[Dice]) -> list[int]:
    return [sum(1 for roll in DICE if bet.rule(roll) == outcome) for outcome in bet.outcomes()]


def _brute_force_edge(bet: RuleBet[Dice]) -> Fraction:
    """The house edge over the 36 rolls, roll by roll, in fractions."""
    pays = {name: Fraction(int(pay.p), int(pay.q)) for name, pay in bet.pays}
    return -sum((pays[bet.rule(roll)] for roll in DICE), Fraction(0)) / len(DICE)


@pytest.mark.parametrize(
    ("bet", "published"),
    [
        (ANY_SEVEN, Rational(1, 6)),  # any seven at 4 to 1: 16.67%
        (FIELD, Rational(1, 18)),  # field, 2 and 12 paying double: 5.56%
    ],
)
def test_counted_figures_agree_with_brute_force_and_published_edges(
    bet: RuleBet[Dice], published: Rational
) -> None:
    counts = _counts(bet)
    edge = counted_house_edge(bet, counts, len(DICE))
    sheet = counted_par_sheet(bet, counts, len(DICE), infinite=False)
    assert edge == published
    assert Fraction(int(edge.p), int(edge.q)) == _brute_force_edge(bet)
    assert sheet.house_edge == edge
    assert sheet.total_combinations == len(DICE)
    assert sheet.probability_total == 1
    assert [o.name for o in sheet] == list(bet.outcomes())


def test_an_infinite_shoe_sheet_has_no_combinations() -> None:
    sheet = counted_par_sheet(ANY_SEVEN, _counts(ANY_SEVEN), len(DICE), infinite=True)
    assert [o.combinations for o in sheet] == [None, None]
    assert sheet.total_combinations is None
    assert sheet.outcomes[0].probability == Rational(1, 6)


pays_and_counts = st.lists(
    st.tuples(st.fractions(min_value=-1, max_value=50, max_denominator=40), st.integers(0, 10**12)),
    min_size=1,
    max_size=8,
).filter(lambda rows: sum(count for _, count in rows) > 0)


@given(pays_and_counts)
def test_integer_figures_equal_the_exact_sums(rows: list[tuple[Fraction, int]]) -> None:
    pays = {f"outcome {i}": f"{pay.numerator}/{pay.denominator}" for i, (pay, _) in enumerate(rows)}
    bet = RuleBet.define("any", str, pays)
    counts = [count for _, count in rows]
    total = sum(counts)
    denominator, numerators = pay_terms(bet)
    assert [Fraction(n, denominator) for n in numerators] == [pay for pay, _ in rows]
    expected = -sum((pay * count for pay, count in rows), Fraction(0)) / total
    edge = counted_house_edge(bet, counts, total)
    assert Fraction(int(edge.p), int(edge.q)) == expected
    assert counted_par_sheet(bet, counts, total, infinite=False).house_edge == edge


def test_a_bet_reads_its_pays_exactly_and_keeps_their_order() -> None:
    bet = RuleBet.define(
        "field", _field, {"2 or 12": "2", "field": "3/2", "other": Rational(-1)}, description="d"
    )
    assert bet.pays == (("2 or 12", 2), ("field", Rational(3, 2)), ("other", -1))
    assert bet.outcomes() == ("2 or 12", "field", "other")
    assert bet.pay("field") == Rational(3, 2)
    assert bet.description == "d"
    assert bet.rule((6, 6)) == "2 or 12"


def test_with_pay_replaces_one_pay_and_keeps_the_kind() -> None:
    bet = DiceBet.define("any_seven", _any_seven, {"seven": 4, "other": -1})
    pay = sympy.Symbol("pay")
    solved = bet.with_pay("seven", pay)
    assert isinstance(solved, DiceBet)
    assert solved.pays == (("seven", pay), ("other", -1))
    assert bet.pays == (("seven", 4), ("other", -1))
    sheet = counted_par_sheet(solved, _counts(bet), len(DICE), infinite=False)
    assert sympy.solve(sheet.house_edge, pay) == [5]  # the fair pay of any seven: 5 to 1
    with pytest.raises(OptionError, match="has no outcome 'eleven': choose one of 'seven', 'other'"):
        bet.with_pay("eleven", 15)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: RuleBet.define("", _field, {"x": 1}), OptionError, "a bet needs a name"),
        (lambda: RuleBet.define("x", "not a rule", {"x": 1}), OptionError, "must be a function"),  # type: ignore[arg-type]
        (lambda: RuleBet.define("x", _field, {}), PayTableError, "at least one outcome"),
        (lambda: RuleBet.define("x", _field, {"x": "1/0"}), PayTableError, "the pay of 'x' in bet 'x'"),
        (lambda: RuleBet.define("x", _field, {"x": "lots"}), PayTableError, "must be a number"),
        (lambda: FIELD.pay("seven"), OptionError, "bet 'field' has no outcome 'seven'"),
    ],
)
def test_bad_bets_are_refused_with_what_is_allowed(
    call: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        call()


def test_resolve_bets_takes_names_and_bets_of_the_game() -> None:
    seven = DiceBet.define("any_seven", _any_seven, {"seven": 4, "other": -1})
    field = DiceBet.define("field", _field, {"2 or 12": 2, "field": 1, "other": -1})
    known = {"any_seven": seven}
    assert resolve_bets(known, None, "Craps", DiceBet) == (seven,)
    assert resolve_bets(known, "any_seven", "Craps", DiceBet) == (seven,)
    assert resolve_bets(known, field, "Craps", DiceBet) == (field,)
    assert resolve_bets(known, ["any_seven", field], "Craps", DiceBet) == (seven, field)
    assert resolve_bets(known, iter(["any_seven"]), "Craps", DiceBet) == (seven,)


@pytest.mark.parametrize(
    ("bets", "message"),
    [
        (["hardways"], "unknown Craps bet 'hardways': choose from any_seven"),
        (["any_seven", "any_seven"], "each bet may be named once, but any_seven is repeated"),
        ([], "name at least one bet"),
        ([CoinBet.define("heads", str, {"heads": 1})], "unknown Craps bet CoinBet"),
        (CoinBet.define("heads", str, {"heads": 1}), "unknown Craps bet CoinBet"),
        ([7], "unknown Craps bet 7"),
    ],
)
def test_resolve_bets_refuses_what_the_game_does_not_know(bets: object, message: str) -> None:
    known = {"any_seven": DiceBet.define("any_seven", _any_seven, {"seven": 4, "other": -1})}
    with pytest.raises(OptionError, match=message):
        resolve_bets(known, bets, "Craps", DiceBet)  # type: ignore[arg-type]
