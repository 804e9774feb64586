"""Every published par sheet shows its swing: the standard deviation of one bet and of 100 and 1,000
bets, and the central ranges holding 90 %, 95 % and 99 % of the net result after them.

The figures of the published JSON files are checked against an independent oracle
(``tests/oracles/swing_oracle.py``: the outcomes read back from the file's own rows as
``Fraction``, a session convolved hand after hand in whole numbers) for 100 hands, and against the
exact distribution of :func:`cardmath.risk.session_distribution` (the same outcomes, a different
method: FLINT's exact power of the whole-number generating polynomial) for 1,000 hands.  The
certified method of :mod:`cardmath.swing` is then compared with that exact distribution for
every bet of baccarat, Dragon Tiger and Red Dog on 1 and 8 decks, with its fall-backs forced.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import pytest
import sympy
from sympy import Rational

from cardmath import publish
from cardmath.errors import OptionError
from cardmath.games.registry import GAMES
from cardmath.parsheet import PAR_SHEET_HEADERS, Outcome, ParSheet
from cardmath.risk import RANGE_MASSES, LatticeBet, max_exact_hands, session_distribution
from cardmath.shoe import Shoe
from cardmath.swing import MOST_STEPS, central_ranges, session_percentiles, session_swing, sheet_swing
from tests.oracles import swing_oracle

MASSES = {"90%": Fraction(9, 10), "95%": Fraction(19, 20), "99%": Fraction(99, 100)}

ORACLE_SHEETS = (
    "reddog/1-deck/reddog-1-deck-par-sheet.json",
    "reddog/infinite-decks/reddog-infinite-par-sheet.json",
    "dragon-tiger/1-deck/dragon-tiger-1-deck-dragon-par-sheet.json",
    "dragon-tiger/1-deck/dragon-tiger-1-deck-suited-tie-par-sheet.json",
    "dragon-tiger/infinite-decks/dragon-tiger-infinite-tie-par-sheet.json",
    "casino-war/1-deck/casino-war-1-deck-main-par-sheet.json",
    "baccarat/1-deck/baccarat-1-deck-banker-par-sheet.json",
    "baccarat/8-decks/baccarat-8-decks-banker-par-sheet.json",
    "baccarat/8-decks/baccarat-8-decks-player-par-sheet.json",
    "baccarat/8-decks/baccarat-8-decks-dragon-bonus-banker-par-sheet.json",
    "baccarat/8-decks/baccarat-8-decks-tie-pays-9.json",
)
"""The published par sheets whose 100-hand swing the oracle recomputes from the file alone."""


@pytest.fixture(scope="module")
def published() -> dict[str, dict[str, Any]]:
    """The JSON files of a sample of the published set: Red Dog, Dragon Tiger and Casino War on 1
    deck and the infinite shoe, baccarat on 1 and 8 decks (every par sheet and pay table)."""
    jobs = (
        *publish.plan(["reddog", "dragon-tiger", "casino-war"], [1, None]),
        *publish.plan(["baccarat"], [1, 8]),
    )
    files = publish.render_files(jobs, ("json", "csv"), progress=False)
    return {
        path: json.loads(str(text)) | {"csv": str(files[path.removesuffix(".json") + ".csv"])}
        for path, text in files.items()
        if path.endswith(".json") and not path.startswith("index")
    }


def _par_sheets(published: Mapping[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {path: doc for path, doc in published.items() if tuple(doc["headers"]) == PAR_SHEET_HEADERS}


def _lattice_bet(document: Mapping[str, Any]) -> LatticeBet:
    """The bet of a published par sheet, from its rows' exact text, for the engine's exact method."""
    rows = [row for row in document["rows"] if row["outcome"] != "total"]
    outcomes = tuple(
        Outcome(row["outcome"], Rational(row["pays"]), Rational(row["probability"])) for row in rows
    )
    return LatticeBet.from_sheet(document["title"], ParSheet(outcomes))


def _ranges(after: Mapping[str, Any]) -> dict[str, tuple[Fraction, Fraction]]:
    return {mass: (Fraction(low), Fraction(high)) for mass, (low, high) in after["ranges"].items()}


def test_every_published_par_sheet_has_its_swing(published: dict[str, dict[str, Any]]) -> None:
    sheets = _par_sheets(published)
    assert len(sheets) >= 100
    for path, document in sheets.items():
        swing = document["swing"]
        assert Fraction(document["house_edge"]) == -Fraction(document["rows"][-1]["return"]), path
        for hands in (100, 1000):
            after = swing[f"after_{hands}_hands"]
            assert Fraction(after["variance"]) == hands * Fraction(swing["variance"]), path
            ranges = _ranges(after)
            assert list(ranges) == list(MASSES), path
            lows, highs = zip(*ranges.values(), strict=True)
            # each range holds the narrower one, and every end is a net result a session can reach
            assert list(lows) == sorted(lows, reverse=True) and list(highs) == sorted(highs), path
            pays = [Fraction(row["pays"]) for row in document["rows"][:-1] if Fraction(row["probability"])]
            assert all(hands * min(pays) <= end <= hands * max(pays) for end in (*lows, *highs)), path
        # the exact standard deviations are the square roots of the exact variances
        for figures in (swing, swing["after_100_hands"], swing["after_1000_hands"]):
            assert sympy.sympify(figures["standard_deviation"]) ** 2 == Rational(figures["variance"]), path
    # only par sheets have a swing
    assert not any("swing" in doc for path, doc in published.items() if path not in sheets)


@pytest.mark.parametrize("path", ORACLE_SHEETS)
def test_the_100_hand_swing_matches_the_oracle(published: dict[str, dict[str, Any]], path: str) -> None:
    document = published[path]
    outcomes = swing_oracle.outcomes_of(document)
    swing = document["swing"]
    assert Fraction(swing["variance"]) == swing_oracle.variance(outcomes)
    assert Fraction(swing["after_100_hands"]["variance"]) == 100 * swing_oracle.variance(outcomes)
    distribution = swing_oracle.session(outcomes, 100)
    expected = {name: swing_oracle.central_range(distribution, mass) for name, mass in MASSES.items()}
    assert _ranges(swing["after_100_hands"]) == expected


def test_the_1000_hand_swing_matches_the_exact_distribution(published: dict[str, dict[str, Any]]) -> None:
    compared = 0
    for path, document in _par_sheets(published).items():
        bet = _lattice_bet(document)
        if max_exact_hands(bet) < 1000 or (len(bet.steps) > 3 and "8-decks" in path):
            continue  # beyond the exact distribution's budget, or slow: the method's own test has them
        exact = session_distribution(bet, 1000)
        wanted = {
            name: tuple(Fraction(str(end)) for end in exact.range_holding(mass))
            for name, mass in zip(MASSES, RANGE_MASSES, strict=True)
        }
        assert _ranges(document["swing"]["after_1000_hands"]) == wanted, path
        compared += 1
    assert compared >= 60


def test_people_read_the_swing_under_the_house_edge(published: dict[str, dict[str, Any]]) -> None:
    document = published["reddog/1-deck/reddog-1-deck-par-sheet.json"]
    rows = list(csv.reader(io.StringIO(document["csv"])))
    labels = [row[0] for row in rows]
    footer = labels[labels.index("house edge") + 1 :]
    assert footer == [
        "standard deviation",
        "standard deviation, 100 hands",
        "90% range, 100 hands",
        "95% range, 100 hands",
        "99% range, 100 hands",
        "standard deviation, 1,000 hands",
        "90% range, 1,000 hands",
        "95% range, 1,000 hands",
        "99% range, 1,000 hands",
    ]
    low, high = document["swing"]["after_1000_hands"]["ranges"]["90%"]
    assert rows[labels.index("90% range, 1,000 hands")][-2] == f"{low} to {high}"
    deviation = Fraction(rows[labels.index("standard deviation, 100 hands")][-2])
    assert abs(deviation**2 - Fraction(document["swing"]["after_100_hands"]["variance"])) < Fraction(
        1, 10**12
    )


# ---------------------------------------------------------------- the certified method itself


@pytest.fixture(scope="module")
def bets() -> list[tuple[str, LatticeBet]]:
    """Every built-in bet of baccarat, Dragon Tiger and Red Dog on 1 and 8 decks."""
    found = []
    for game in GAMES:
        if game.name not in ("baccarat", "dragon-tiger", "reddog"):
            continue
        for decks in (1, 8):
            result = game.analyze(Shoe.standard(decks))  # type: ignore[attr-defined]
            for name, sheet in result.bets.items():
                found.append((f"{game.name} {name} {decks}", LatticeBet.from_sheet(name, sheet)))
    return found


def test_the_certified_ranges_equal_the_exact_ones(bets: list[tuple[str, LatticeBet]]) -> None:
    compared = 0
    for label, bet in bets:
        for hands in (100, 1000):
            if hands > max_exact_hands(bet) or (hands == 1000 and label.endswith(" 1")):
                continue  # beyond the budget, or on 1 deck, which the published files test
            exact = session_distribution(bet, hands)
            assert central_ranges(bet, hands) == tuple(exact.range_holding(m) for m in RANGE_MASSES), label
            compared += 1
    assert compared >= 100


def test_the_fall_backs_give_the_same_percentiles(bets: list[tuple[str, LatticeBet]]) -> None:
    chances = [Rational(1, 200), Rational(1, 3), Rational(1, 2), Rational(39, 40), Rational(1)]
    for label, bet in bets[::7]:
        exact = session_distribution(bet, 60)
        wanted = tuple(exact.percentile(q) for q in chances)
        # 3 bits decide next to nothing (the exact power settles the rest); none go straight to it
        for bits in ((64,), (3,), (3, 8), ()):
            assert session_percentiles(bet, 60, chances, bits=bits) == wanted, (label, bits)


def test_percentiles_match_the_oracle_for_any_chance() -> None:
    outcomes = [
        (Fraction(8), Fraction(1, 11)),
        (Fraction(-1, 2), Fraction(1, 10)),
        (Fraction(-1), Fraction(89, 110)),
    ]
    sheet = ParSheet(tuple(Outcome(str(pays), Rational(str(pays)), Rational(str(p))) for pays, p in outcomes))
    bet = LatticeBet.from_sheet("tie", sheet)
    distribution = swing_oracle.session(outcomes, 40)
    for mass in (Fraction(1, 10), Fraction(1, 2), Fraction(2, 3), Fraction(999, 1000)):
        (found,) = central_ranges(bet, 40, [Rational(mass.numerator, mass.denominator)])
        assert tuple(Fraction(str(end)) for end in found) == swing_oracle.central_range(distribution, mass)


def test_sheets_of_the_same_outcomes_are_computed_once() -> None:
    first = ParSheet((Outcome("win", 1, Rational(18, 37)), Outcome("lose", -1, Rational(19, 37))))
    second = ParSheet((Outcome("red", 1, Rational(18, 37)), Outcome("black", -1, Rational(19, 37))))
    assert sheet_swing(first) is sheet_swing(second)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda bet: session_percentiles(bet, 10, [0]), "above 0 and at most 1"),
        (lambda bet: session_percentiles(bet, 10, ["half"]), "above 0 and at most 1"),
        (lambda bet: session_percentiles(bet, 0, [Rational(1, 2)]), "hands must be a whole number"),
        (lambda bet: central_ranges(bet, 10, [1]), "above 0 and below 1"),
    ],
)
def test_bad_arguments_say_what_is_allowed(call: Any, message: str) -> None:
    coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    with pytest.raises(OptionError, match=message):
        call(coin)


def test_a_bet_of_a_billion_to_one_gets_its_deviation_and_no_ranges_at_once() -> None:
    """A pay of 10**9 to 1 spreads one hand over 10**9 + 1 lattice steps: its ranges would need
    polynomials of billions of terms (the hostile sweep saw `--tie-pays 1e9` run out of memory), so
    the swing gives the exact standard deviation, which sqrt(n) times one hand's is by hand, and no
    ranges; asking for the percentiles directly is a clear error."""
    rare = Rational(1, 10**10)
    bet = LatticeBet("long shot", Rational(1), (-1, 10**9), (1 - rare, rare))
    variance_by_hand = rare * 10**18 + (1 - rare) - (rare * 10**9 - (1 - rare)) ** 2
    swing = session_swing(bet, 1000)
    assert swing.ranges == ()
    assert swing.variance == 1000 * variance_by_hand
    with pytest.raises(OptionError, match=f"more than the {MOST_STEPS:,}"):
        session_percentiles(bet, 10, [Rational(1, 2)])
