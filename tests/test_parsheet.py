"""Par sheets, against figures worked by hand."""

from __future__ import annotations

import sympy
from sympy import Rational

from cardmath.parsheet import (
    PAR_SHEET_HEADERS,
    Figure,
    Outcome,
    ParSheet,
    figures_table,
    outcome_records,
    outcome_rows,
    par_sheet_table,
    sheet_document,
)


def roulette_red() -> ParSheet:
    return ParSheet(
        (
            Outcome("red", Rational(1), Rational(18, 37), 18),
            Outcome("black or zero", Rational(-1), Rational(19, 37), 19),
        )
    )


def test_an_even_money_bet() -> None:
    sheet = roulette_red()
    assert sheet.expected_value == Rational(-1, 37)
    assert sheet.house_edge == Rational(1, 37)
    assert sheet.element_of_risk == Rational(1, 37)
    assert sheet.variance == 1 - Rational(1, 37) ** 2
    assert sheet.standard_deviation == sympy.sqrt(1 - Rational(1, 37) ** 2)
    assert sheet.hit_frequency == Rational(18, 37)
    assert sheet.probability_total == 1
    assert sheet.total_combinations == 37
    assert [o.name for o in sheet] == ["red", "black or zero"]


def test_a_bet_that_can_be_raised() -> None:
    # Half the time a push; a quarter raised and won at 1:1 (net +2); a quarter raised and lost (-2).
    sheet = ParSheet(
        (
            Outcome("push", Rational(0), Rational(1, 2)),
            Outcome("raised, won", Rational(2), Rational(1, 8), staked=2),
            Outcome("raised, lost", Rational(-2), Rational(3, 8), staked=2),
        )
    )
    assert sheet.house_edge == Rational(1, 2)
    assert sheet.expected_stake == Rational(3, 2)
    assert sheet.element_of_risk == Rational(1, 3)
    assert sheet.variance == 4 * Rational(1, 2) - Rational(1, 4)
    assert sheet.hit_frequency == Rational(1, 8)
    assert sheet.total_combinations is None
    assert sheet.outcomes[1].contribution == Rational(1, 4)


# --- publishing a sheet as data ---------------------------------------------------------------------


def test_house_edge_excluding_pushes_leaves_the_pushes_out() -> None:
    # A banker-like bet: wins 19/20 on 9 of 20, loses on 9 of 20, pushes on 2 of 20.
    sheet = ParSheet(
        (
            Outcome("win", Rational(19, 20), Rational(9, 20)),
            Outcome("lose", Rational(-1), Rational(9, 20)),
            Outcome("tie", Rational(0), Rational(2, 20)),
        )
    )
    assert sheet.house_edge == Rational(9, 400)
    assert sheet.house_edge_excluding_pushes == Rational(9, 400) / Rational(18, 20)
    always_push = ParSheet((Outcome("tie", Rational(0), Rational(1)),))
    assert always_push.house_edge_excluding_pushes is None


def test_every_figure_reads_its_sheet_attribute_and_says_its_name() -> None:
    sheet = roulette_red()
    assert [figure.label for figure in Figure] == [
        "house edge",
        "house edge excluding pushes",
        "element of risk",
        "variance",
        "standard deviation",
        "hit frequency",
    ]
    assert [figure.of(sheet) for figure in Figure] == [
        Rational(1, 37),
        Rational(1, 37),
        Rational(1, 37),
        1 - Rational(1, 37) ** 2,
        sympy.sqrt(1 - Rational(1, 37) ** 2),
        Rational(18, 37),
    ]


def test_a_sheet_as_tables_and_records() -> None:
    sheet = roulette_red()
    assert outcome_rows(sheet) == (
        ("red", 1, 18, Rational(18, 37), Rational(18, 37)),
        ("black or zero", -1, 19, Rational(19, 37), Rational(-19, 37)),
    )
    table = par_sheet_table("Roulette red", sheet)
    assert (table.title, table.headers) == ("Roulette red", PAR_SHEET_HEADERS)
    assert table.rows[-1] == ("total", None, 37, 1, Rational(-1, 37))
    figures = figures_table("Roulette", {"red": sheet, "black": sheet}, (Figure.HOUSE_EDGE, Figure.VARIANCE))
    assert figures.headers == ("bet", "house edge", "variance")
    assert figures.rows[1] == ("black", Rational(1, 37), 1 - Rational(1, 37) ** 2)
    records = outcome_records(sheet)
    assert records[1] == {
        "outcome": "black or zero",
        "pays": -1,
        "combinations": 19,
        "probability": Rational(19, 37),
        "return": Rational(-19, 37),
    }
    document = sheet_document(sheet, (Figure.HIT_FREQUENCY, Figure.HOUSE_EDGE))
    assert list(document) == ["hit_frequency", "house_edge", "outcomes"]
    assert document["outcomes"] == records
