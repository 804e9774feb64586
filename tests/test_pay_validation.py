"""A house may change a pay, not what an outcome is: every pay is checked against its kind.

The kind of an entry is read from the bet's own pay table (:func:`cardmath.pay_tables.allowed_pays`):
a win (it pays more than 0) may pay 0 or more, a loss (less than 0) from -1 to 0, a push (0) -1
or more.  The same rule holds for ``--pay``, ``--pay-table``, a rules object's ``pays`` and the pay
``--solve-pay`` finds, in every game; a pay set for a bet that is not analysed is an error.

The figures asserted come from closed forms worked out here by hand, or from published tables
(cited where used), never from the engine itself.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from sympy import Rational

from cardmath import Shoe
from cardmath.bets import RuleBet
from cardmath.cli import main
from cardmath.engine.game import CatalogueGame
from cardmath.engine.publication import pay_table_bets
from cardmath.errors import OptionError, PayTableError
from cardmath.games import dragon_tiger, reddog
from cardmath.games.reddog import RedDogRules
from cardmath.games.registry import GAMES
from cardmath.pay_tables import allowed_pays, apply_pays, check_pay, check_solved_pay


def _error(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert main(list(words)) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("cardmath: error: ")
    assert captured.err.count("\n") == 1  # one line, never a traceback
    return captured.err


def _json(capsys: pytest.CaptureFixture[str], *words: str) -> Any:
    assert main([*words, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


# --- the rule -------------------------------------------------------------------------------------


def test_the_kind_of_an_entry_and_the_pays_it_may_have() -> None:
    assert allowed_pays(Rational(8)) == ("win", 0, None)
    assert allowed_pays(Rational(19, 20)) == ("win", 0, None)
    assert allowed_pays(Rational(-1)) == ("loss", -1, 0)
    assert allowed_pays(Rational(-1, 2)) == ("loss", -1, 0)
    assert allowed_pays(Rational(-2)) == ("loss", -2, 0)  # a bet whose own table loses double
    assert allowed_pays(Rational(0)) == ("push", -1, None)


COIN = RuleBet.define("coin", lambda toss: toss, {"heads": 1, "tails": -1, "edge": 0})


@pytest.mark.parametrize(
    ("outcome", "pay"),
    [
        ("heads", 0),
        ("heads", 1000),
        ("tails", -1),
        ("tails", Rational(-1, 2)),
        ("tails", 0),
        ("edge", -1),
        ("edge", 5),
    ],
)
def test_allowed_pays_pass(outcome: str, pay: int | Rational) -> None:
    assert check_pay(COIN, outcome, Rational(pay)) == pay


@pytest.mark.parametrize(
    ("outcome", "pay", "message"),
    [
        ("heads", Rational(-1, 100), "must be 0 or more, not -1/100: 'heads' is a win"),
        ("tails", Rational(1, 100), "must be from -1 to 0, not 1/100: 'tails' is a loss"),
        ("tails", Rational(-3, 2), "must be from -1 to 0, not -3/2"),
        ("edge", Rational(-2), "must be -1 or more, not -2: 'edge' is a push"),
    ],
)
def test_pays_against_the_kind_are_refused(outcome: str, pay: Rational, message: str) -> None:
    with pytest.raises(PayTableError, match=message):
        check_pay(COIN, outcome, pay, "Coin")
    with pytest.raises(PayTableError, match=message):
        apply_pays({"coin": COIN}, [("coin", outcome, pay)], "Coin")


def test_the_kind_is_read_from_the_bets_own_table_not_from_an_earlier_change() -> None:
    # a win set to 0 first is still a win: it cannot be set to lose afterwards
    with pytest.raises(PayTableError, match="'heads' is a win"):
        apply_pays({"coin": COIN}, [("coin", "heads", Rational(0)), ("coin", "heads", Rational(-1))], "Coin")


def test_every_published_pay_table_obeys_the_rule() -> None:
    checked = 0
    for game in GAMES:
        if isinstance(game, CatalogueGame) and game.pay_tables:
            bets = pay_table_bets(game.built_in_bets(), game.pay_tables)
            assert set(bets) == {table.key for table in game.pay_tables}
            checked += len(bets)
    assert checked >= 30  # baccarat, Dragon Tiger and Casino War publish 36 between them


def test_a_solved_pay_obeys_the_rule() -> None:
    tie = RuleBet.define("tie", lambda deal: deal, {"tie": 8, "no tie": -1})
    assert check_solved_pay(tie, "tie", Rational(0), Rational(1, 2)) == 0
    with pytest.raises(OptionError, match=r"that a win may have \(0 or more\) gives a house edge of 95%"):
        check_solved_pay(tie, "tie", Rational(-1, 2), Rational(95, 100))


# --- the command line -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["baccarat", "--pay", "tie:tie=-5"], "the pay of tie:tie must be 0 or more, not -5: 'tie' is a win"),
        (["baccarat", "--pay", "banker:win=-1/20"], "the pay of banker:win must be 0 or more"),
        (["baccarat", "--pay", "player:tie=-2"], "the pay of player:tie must be -1 or more, not -2"),
        (["baccarat", "--pay", "tie:no tie=1"], "the pay of tie:no tie must be from -1 to 0, not 1"),
        (["dragon-tiger", "--pay", "dragon:lose=5"], "the pay of dragon:lose must be from -1 to 0, not 5"),
        (["dragon-tiger", "--pay", "dragon:tie=1/2"], "the pay of dragon:tie must be from -1 to 0"),
        (["casino-war", "--pay", "tie:tie=-1"], "the pay of tie:tie (--pay) must be a number 0 or more"),
        (["reddog", "--pay", "reddog:spread 1=-1"], "spread 1 (a win of Red Dog) must be a number 0 or"),
        (["reddog", "--pay", "reddog:three of a kind=-1/2"], "must be a number 0 or more"),
    ],
)
def test_nonsense_pays_are_refused(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert message in _error(capsys, *words, "--decks", "1")


def test_a_tie_that_loses_is_a_pay_a_push_may_have(capsys: pytest.CaptureFixture[str]) -> None:
    # Player bet, 8 decks, ties losing instead of pushing.  Wizard of Odds, "Baccarat", the 8-deck
    # probabilities: banker 0.458597, player 0.446247, tie 0.095156; the edge is then
    # 0.458597 + 0.095156 - 0.446247 = 0.107506 (each figure rounded to 6 places).
    sheet = _json(capsys, "baccarat", "--decks", "8", "--bets", "player", "--pay", "player:tie=-1")
    edge = Fraction(sheet["bets"]["player"]["house_edge"])
    assert abs(edge - Fraction("0.107506")) <= Fraction(3, 2 * 10**6)


@pytest.mark.parametrize(
    "words",
    [
        ["baccarat", "--bets", "banker", "--pay", "tie:tie=9"],
        ["baccarat", "--bets", "banker,player", "--pay-table", "tie:9"],
        ["dragon-tiger", "--bets", "dragon", "--pay", "tiger:tie=-1"],
    ],
)
def test_a_pay_for_a_bet_not_analysed_is_an_error(
    capsys: pytest.CaptureFixture[str], words: list[str]
) -> None:
    err = _error(capsys, *words)
    assert "which is not analysed (--bets " in err and "add it to --bets" not in err
    assert "to --bets, or leave the pay out" in err


def test_a_pay_for_a_bet_analysed_is_applied(capsys: pytest.CaptureFixture[str]) -> None:
    # one deck: a tie of two cards is 3/51 of the deals (the second card of the first's rank),
    # so a tie paying 11 to 1 has the edge 1 - 12 * 3/51 = 5/17
    sheet = _json(capsys, "dragon-tiger", "--decks", "1", "--bets", "tie", "--pay", "tie:tie=11")
    assert Fraction(sheet["bets"]["tie"]["house_edge"]) == Fraction(5, 17)


def test_an_unknown_outcome_is_reported_before_the_bet_not_analysed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    err = _error(capsys, "baccarat", "--bets", "tie", "--pay", "perfect_pair:three pairs=25")
    assert "has no outcome 'three pairs'" in err


def test_solve_pay_refuses_pays_set_for_another_bet(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error(capsys, "baccarat", "--solve-pay", "tie:tie", "--pay", "banker:win=1")
    assert "--solve-pay solves a pay of bet tie, so the pays set for banker change nothing" in err


# --- solved pays, every game by one rule -------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["baccarat", "--solve-pay", "tie:tie", "--target-edge", "100"], "no pay of tie: tie"),
        (
            ["baccarat", "--solve-pay", "tie:tie", "--target-edge", "95"],
            "no pay of tie: tie that a win may have (0 or more) gives a house edge of 95%",
        ),
        (["reddog", "--solve-pay", "trips", "--target-edge", "100"], "no pay of reddog: three of a kind"),
        (
            ["reddog", "--decks", "1", "--solve-pay", "trips", "--target-edge", "5.8"],
            "no pay of reddog: three of a kind that a win may have (0 or more) gives a house edge of 5.8%",
        ),
        (
            ["dragon-tiger", "--solve-pay", "dragon:tie", "--target-edge", "-1"],
            "no pay of dragon: tie that a loss may have (from -1 to 0) gives a house edge of -1%",
        ),
        (["dragon-tiger", "--solve-pay", "dragon:tie", "--target-edge", "8"], "no pay of dragon: tie"),
    ],
)
def test_solved_pays_out_of_their_kind_are_refused(
    capsys: pytest.CaptureFixture[str], words: list[str], message: str
) -> None:
    assert message in _error(capsys, *words)


@pytest.mark.parametrize("percent", [0, 1, 5])
def test_a_solved_loss_pay_within_its_kind(capsys: pytest.CaptureFixture[str], percent: int) -> None:
    # Dragon bet, 8 decks (32 cards of each rank in 416): a tie has chance 31/415, a win and a loss
    # (1 - 31/415) / 2 each, so the edge is -pay * 31/415 and the pay that gives the edge t is
    # -t * 415/31: -83/124 for 5 %.
    target = Fraction(percent, 100)
    document = _json(capsys, "dragon-tiger", "--solve-pay", "dragon:tie", "--target-edge", str(percent))
    assert Fraction(document["pay"]) == -target * Fraction(415, 31)


def test_the_library_solves_by_the_same_rule() -> None:
    with pytest.raises(OptionError, match="that a win may have"):
        reddog.solve_pay(Shoe.standard(1), None, "trips", "58/1000")
    with pytest.raises(OptionError, match="that a loss may have"):
        dragon_tiger.solve_pay(Shoe.standard(8), None, "dragon:tie", "-1/100")
    assert dragon_tiger.solve_pay(Shoe.standard(8), None, "dragon:tie", "1/100").pay == Rational(-83, 620)


def test_rules_objects_carry_pays_that_are_checked() -> None:
    # Red Dog's table holds only wins: its rules refuse a pay below 0 when made
    with pytest.raises(
        PayTableError, match=r"three of a kind \(a win of Red Dog\) must be a number 0 or more"
    ):
        RedDogRules(pays=(("reddog", "three of a kind", -1),))
    # other games check a pay when the bets are made, by the kind of the entry
    rules = dragon_tiger.DragonTigerRules(pays=(("dragon", "lose", 1),))
    with pytest.raises(PayTableError, match="'lose' is a loss of Dragon Tiger bet dragon"):
        dragon_tiger.analyze(Shoe.standard(1), rules, bets=["dragon"])
