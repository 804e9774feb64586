"""Every risk result shows itself: a one-line ``repr``, a notebook display that never lists every
point, and a tidy frame, for every bet the ``session`` and ``house`` commands take (each resolved
from ``GAME:BET`` as the command line resolves it).

The figures shown are checked against oracles sharing no code with the library: a plain
convolution in fractions for the exact distribution of a few hands of banker (the frame's exact
column, the chance ahead in the summary, the house's chance of losing), and the gambler's-ruin
formula for the chance of ruin of an even-money bet.  The huge cases (1,000 hands of banker, a
bankroll of 50 units against a target of 50) show themselves in a few kilobytes, and a frame of
fractions of more than 4,300 digits keeps them exact.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
import sympy
from sympy import Rational

from cardmath.cli import build_parser
from cardmath.cli.session import lattice_bet
from cardmath.display import Displayed
from cardmath.engine.game import CatalogueGame
from cardmath.games.registry import GAMES
from cardmath.lattice import LatticeBet
from cardmath.risk import (
    house_view,
    normal_approximation,
    numeric_ruin,
    risk_of_ruin,
    saddlepoint_approximation,
    session_distribution,
)
from cardmath.shoe import Shoe
from cardmath.swing import session_swing

pytest.importorskip("pandas")

HTML_LIMIT = 20_000
"""The most characters a notebook display of any result may have."""


def risk_bets() -> Iterator[str]:
    """``GAME:BET`` for every bet of every game the risk commands take (a catalogue game)."""
    for game in GAMES:
        if isinstance(game, CatalogueGame):
            for bet in game.built_in_bets():
                yield f"{game.name}:{bet}"


@cache
def resolved(words: str) -> LatticeBet:
    """The bet ``cardmath session GAME:BET`` plays, on the command's default shoe."""
    return lattice_bet(words, build_parser().parse_args(["session", words]))[1]


def whole(text: str) -> int:
    """A whole number from its digits, read 4,000 digits at a time (``int`` refuses more than 4,300)."""
    sign, digits = (-1, text[1:]) if text.startswith("-") else (1, text)
    value = 0
    for start in range(0, len(digits), 4000):
        chunk = digits[start : start + 4000]
        value = value * 10 ** len(chunk) + int(chunk)
    return sign * value


def fraction(text: str) -> Fraction:
    """An exact column's ``p/q`` (or ``n``), of any length."""
    numerator, _, denominator = text.partition("/")
    return Fraction(whole(numerator), whole(denominator or "1"))


def percent(value: Fraction) -> str:
    """A chance as a percentage to 4 decimals, rounded half up, the way a reader would."""
    scaled = value * 100 * 10**4
    digits = str(int(scaled + Fraction(1, 2)))
    return f"{digits[:-4] or '0'}.{digits[-4:].rjust(4, '0')}%"


def check_display(result: Displayed, headline: str) -> str:
    """A result's repr is one line of at most 200 characters naming its type; its HTML and its
    Markdown show the headline figure and stay small.  Returns the HTML."""
    line = repr(result)
    assert "\n" not in line and len(line) <= 200, line
    assert line.startswith(f"<{type(result).__name__}: ") and line.endswith(">")
    html = result._repr_html_()
    markdown = result._repr_markdown_()
    assert headline in html and headline in markdown, headline
    assert len(html) < HTML_LIMIT and len(markdown) < HTML_LIMIT
    return html


def check_frame(frame: Any, rows: int) -> None:
    """A tidy frame: ``rows`` rows and no totals row, every decimal view a float64 column beside its
    exact column, whole numbers Int64, words strings."""
    assert len(frame) == rows
    for name, dtype in frame.dtypes.items():
        assert str(dtype) in {"float64", "Int64", "string", "boolean"}, (name, dtype)
        if f"{name}_exact" in frame.columns:
            assert str(dtype) == "float64", name
        if str(dtype) == "string":
            assert not frame[name].str.lower().isin(["total", "totals"]).any(), name


def exact_sum(frame: Any, column: str) -> Fraction:
    """The exact sum of a column: its exact text where it has one, else its whole numbers."""
    if f"{column}_exact" in frame.columns:
        return sum((fraction(text) for text in frame[f"{column}_exact"]), Fraction(0))
    return Fraction(int(frame[column].sum()))


@pytest.mark.parametrize("words", list(risk_bets()))
def test_every_risk_result_of_every_bet_shows_itself(words: str) -> None:
    bet = resolved(words)
    check_display(bet, bet.name)
    lattice = bet.to_frame()
    check_frame(lattice, len(bet.steps))
    assert exact_sum(lattice, "probability") == 1

    session = session_distribution(bet, 4)
    check_display(session, percent(Fraction(int(session.chance_ahead.p), int(session.chance_ahead.q))))
    frame = session.to_frame()
    check_frame(frame, sum(1 for weight in session.weights if weight))
    assert list(frame.columns[:2]) == ["bet", "hands"] and set(frame["hands"]) == {4}
    assert exact_sum(frame, "probability") == 1

    for approximation in (normal_approximation(bet, 1000), saddlepoint_approximation(bet, 1000)):
        check_display(approximation, f"{approximation.chance_ahead:.4%}")
        approximate = approximation.to_frame()
        check_frame(approximate, 1)
        assert approximate["chance_ahead"].dtype == "float64"

    worst = -bet.steps[0] * bet.unit
    for hands in (None, 6):
        ruin = risk_of_ruin(bet, 3 * worst, target=3 * worst, hands=hands)
        check_display(ruin, percent(Fraction(int(ruin.ruin_chance.p), int(ruin.ruin_chance.q))))
        check_frame(ruin.to_frame(), 1)

    view = house_view(bet, hands_per_hour=12, hours=1, average_bet=10, shifts=3)
    chance = view.chance_table_loses
    check_display(view, percent(Fraction(int(chance.p), int(chance.q))))
    check_frame(view.to_frame(), 1)

    swing = session_swing(bet, 100)
    check_display(swing, "100 hands")
    check_frame(swing.to_frame(), 1)


def convolve(chances: dict[Fraction, Fraction], hands: int) -> dict[Fraction, Fraction]:
    """The distribution of the sum of ``hands`` independent results, one hand at a time."""
    found = {Fraction(0): Fraction(1)}
    for _ in range(hands):
        after: dict[Fraction, Fraction] = {}
        for total, chance in found.items():
            for result, p in chances.items():
                after[total + result] = after.get(total + result, Fraction(0)) + chance * p
        found = after
    return found


@pytest.fixture(scope="module")
def banker() -> LatticeBet:
    return LatticeBet.of(GAMES.find("baccarat"), "banker", Shoe.standard(8))


def test_the_frame_of_twelve_hands_of_banker_is_the_plain_convolution(banker: LatticeBet) -> None:
    chances = {
        Fraction(int(s * banker.unit.p), int(banker.unit.q)): Fraction(int(p.p), int(p.q))
        for s, p in zip(banker.steps, banker.probabilities, strict=True)
    }
    expected = convolve(chances, 12)
    session = session_distribution(banker, 12)
    frame = session.to_frame()
    found = dict(
        zip(
            (fraction(text) for text in frame["net_result_exact"]),
            (fraction(text) for text in frame["probability_exact"]),
            strict=True,
        )
    )
    assert found == {result: p for result, p in expected.items() if p}
    assert frame["probability"].tolist() == [float(p) for _, p in sorted(expected.items())]
    ahead = sum((p for result, p in expected.items() if result > 0), Fraction(0))
    behind = sum((p for result, p in expected.items() if result < 0), Fraction(0))
    assert f"ahead {percent(ahead)}" in repr(session) and f"behind {percent(behind)}" in repr(session)
    # the mean and variance: known from one hand's at once, or summed from the weights of a copy
    mean = sum((result * p for result, p in expected.items()), Fraction(0))
    variance = sum((result**2 * p for result, p in expected.items()), Fraction(0)) - mean**2
    for figures in (session, dataclasses.replace(session)):
        assert (figures.mean, figures.variance) == (
            Rational(mean.numerator, mean.denominator),
            Rational(variance.numerator, variance.denominator),
        )
        assert figures.chance_behind == Rational(behind.numerator, behind.denominator)
    shown = re.escape(f"{float(ahead):.6f}")
    assert re.search(rf"\| chance ahead +\| +{shown} \(", session._repr_markdown_())
    # the house's table loses when the players end the shift ahead: the same chance
    view = house_view(banker, hands_per_hour=12, hours=1, average_bet=25)
    table_loses = view.to_frame()["chance_table_loses_exact"][0]
    assert fraction(table_loses) == ahead and f"table loses {percent(ahead)}" in repr(view)


def test_the_chance_of_ruin_shown_is_the_gamblers_ruin_formula() -> None:
    win = Fraction(18, 37)
    red = LatticeBet("red", Rational(1), (-1, 1), (Rational(19, 37), Rational(18, 37)))
    ratio, bankroll, goal = (1 - win) / win, 5, 10
    ruin = (ratio**bankroll - ratio**goal) / (1 - ratio**goal)
    hands = bankroll / (1 - 2 * win) - goal / (1 - 2 * win) * (1 - ratio**bankroll) / (1 - ratio**goal)
    result = risk_of_ruin(red, bankroll, target=goal - bankroll)
    frame = result.to_frame()
    assert fraction(frame["ruin_chance_exact"][0]) == ruin
    assert fraction(frame["expected_hands_exact"][0]) == hands
    assert f"ruin {percent(ruin)}" in repr(result) and f"expected hands {float(hands):,.2f}" in repr(result)
    assert list(frame.columns[:4]) == ["bet", "bankroll", "target", "hand_limit"]


def test_a_thousand_hands_of_banker_show_their_summary_never_every_result(banker: LatticeBet) -> None:
    session = session_distribution(banker, 1000)
    html = check_display(session, "1,000 hands")
    assert "99% range" in html and "chance ahead" in html and html.count("<tr>") < 20
    assert len(repr(session)) <= 200


def test_a_frame_of_fractions_longer_than_4300_digits_stays_exact() -> None:
    tie = LatticeBet.of(GAMES.find("baccarat"), "tie", Shoe.standard(8))
    session = session_distribution(tie, 1000)
    frame = session.to_frame()
    check_frame(frame, 1001)
    longest = max(len(text) for text in frame["probability_exact"])
    assert longest > 2 * 4300
    denominators = [fraction(text) for text in frame["probability_exact"]]
    assert all(session.total % chance.denominator == 0 for chance in denominators)
    assert sum(chance.numerator * (session.total // chance.denominator) for chance in denominators) == (
        session.total
    )


def test_a_bankroll_of_50_against_50_shows_itself(banker: LatticeBet) -> None:
    result = risk_of_ruin(banker, 50, target=50)
    check_display(result, "bankroll 50 units, target +50 units")
    frame = result.to_frame()
    check_frame(frame, 1)
    assert fraction(frame["ruin_chance_exact"][0]) + fraction(frame["target_chance_exact"][0]) == 1


def test_a_numeric_ruin_shows_its_bound() -> None:
    coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    figures = numeric_ruin(coin, 30, 20)
    check_display(figures, "target 60.0000%")
    assert "each within" in repr(figures)
    check_frame(figures.to_frame(), 1)
    player = LatticeBet.of(GAMES.find("baccarat"), "player", Shoe.standard(8))
    result = risk_of_ruin(player, 3000, target=3000)
    assert result.method.startswith("ball arithmetic")
    check_display(result, "each within")


def test_an_approximated_shift_and_month_show_themselves(banker: LatticeBet) -> None:
    for rounds in (60, 600):  # a month past the exact limit; then a shift past it too
        view = house_view(banker, hands_per_hour=rounds, hours=8, average_bet=25)
        assert isinstance(view.month_chance_table_loses, float)
        check_display(view, f"{view.month_chance_table_loses:.4%} of 30-shift months (approximated)")
        frame = view.to_frame()
        check_frame(frame, 1)
        assert frame["month_chance_table_loses"].dtype == "float64"
    assert isinstance(view.chance_table_loses, float) and "of shifts (approximated)" in repr(view)


def test_every_risk_result_gives_a_polars_frame_of_the_same_columns(banker: LatticeBet) -> None:
    pytest.importorskip("polars")
    results: list[Displayed] = [
        banker,
        session_distribution(banker, 3),
        normal_approximation(banker, 100),
        saddlepoint_approximation(banker, 100),
        risk_of_ruin(banker, 5, target=5),
        numeric_ruin(banker, 100, 100),
        house_view(banker, hands_per_hour=6, hours=1, average_bet=5),
        session_swing(banker, 100),
    ]
    for result in results:
        assert result.to_polars().columns == list(result.to_frame().columns)


def test_degenerate_results_show_themselves() -> None:
    coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    endless = risk_of_ruin(coin, 3)  # a fair game played to ruin: certain, after infinitely many hands
    check_display(endless, "expected hands infinite")
    assert endless.to_frame()["expected_hands"][0] == float("inf")
    banker = LatticeBet.of(GAMES.find("baccarat"), "banker", Shoe.infinite())
    unknown = risk_of_ruin(banker, 10)  # no exact expected number of hands
    check_display(unknown, "expected hands unknown")
    certain = LatticeBet("certain", Rational(1), (-1,), (Rational(1),))
    check_display(session_distribution(certain, 3), "behind 100.0000%")
    check_display(normal_approximation(certain, 3), "behind 100.0000%")
    wide = LatticeBet("long shot", Rational(1), (-1, 10**6), (1 - Rational(1, 10**7), Rational(1, 10**7)))
    check_display(session_swing(wide, 100), "100 hands")
    assert endless.expected_hands == sympy.oo
