"""High Card Pool's GAME object: the Game protocol, its published tables, its summary, its chart,
and its documents, every figure checked against tests/oracles/pool_bruteforce.py."""

from __future__ import annotations

from math import comb

import pytest
from sympy import Rational

from cardmath.engine.protocol import Axis, Game, ShoeGame
from cardmath.games.pool import Stakes, distribution, explain, hand_document
from cardmath.games.pool.documents import distribution_document
from cardmath.games.pool.game import GAME
from cardmath.games.pool.tables import gains_table, hand_table, summary_of
from tests.oracles.pool_bruteforce import hands_by_beaten


def test_game_satisfies_the_protocol() -> None:
    assert isinstance(GAME, Game)
    assert not isinstance(GAME, ShoeGame)
    assert (GAME.name, GAME.title, GAME.short_title) == ("pool", "Red Dog / High Card Pool", "High Card Pool")
    assert (GAME.docs_page, GAME.axis, GAME.command) == (
        "games/pool.md",
        Axis.HAND_SIZES,
        "cardmath.cli.pool",
    )
    assert GAME.default_points == (3, 4, 5, 6, 7, 8)
    for text in (GAME.summary, GAME.description):
        assert "GAMES" not in text
    assert "documentation" in GAME.description


@pytest.mark.parametrize("size", [3, 4])
def test_publication_tables_against_every_hand(size: int) -> None:
    beaten, summary = GAME.publication_tables(size)
    counts, unseen = hands_by_beaten(size)
    *rows, total = beaten.rows
    assert {row[0]: row[1] for row in rows} == dict(counts)
    assert all(row[2] == Rational(row[1], comb(52, size)) for row in rows)
    assert all(row[3] == Rational(row[0], unseen) for row in rows)
    assert total == ("total", comb(52, size), 1, None)
    assert summary.rows[0][:3] == (size, comb(52, size), unseen)
    assert summary.rows[0][3] == Rational(sum(k * n for k, n in counts.items()), comb(52, size) * unseen)
    assert beaten.title == f"High Card Pool, {size}-card hands: unseen cards beaten"
    assert summary.title == f"High Card Pool, {size}-card hands: summary"


def test_summary_table_across_hand_sizes() -> None:
    summary = GAME.summary_table([3, 4, 5])
    assert summary.title == "High Card Pool: every hand size"
    assert [row[0] for row in summary.rows] == [3, 4, 5]
    assert summary.rows[2][3] == Rational(8689, 19740)  # the five-card figure, also brute-forced (slow test)
    counts, _ = hands_by_beaten(4)
    assert summary.rows[1][4] == sum(n for k, n in counts.items() if 2 * k > 48)


def test_a_point_is_a_hand_size() -> None:
    with pytest.raises(Exception, match="hand sizes"):
        GAME.publication_tables(None)


def test_the_chart_of_winning_chances_against_every_hand() -> None:
    (chart,) = GAME.charts()
    assert chart.name == "pool-winning-chances"
    assert [series.name for series in chart.series] == [f"{size} cards" for size in GAME.default_points]
    for size, series in zip((3, 4), chart.series[:2], strict=True):
        counts, unseen = hands_by_beaten(size)
        hands = comb(52, size)
        expected = [(k / unseen, 100 * counts.get(k, 0) / hands) for k in range(unseen + 1)]
        assert len(series.points) == len(expected)
        for (x, y), (want_x, want_y) in zip(series.points, expected, strict=True):
            assert x == pytest.approx(want_x)
            assert y == pytest.approx(want_y)
        assert sum(share for _, share in series.points) == pytest.approx(100)


def test_hand_document_keys_and_values() -> None:
    document = hand_document(explain("As,Kh,Qd,Jc,2s"))
    assert list(document) == [
        "hand",
        "seen",
        "unseen",
        "beaten",
        "win_probability",
        "cards",
        "beaten_cards",
        "best_bet",
    ]
    assert document["best_bet"] == {"action": "bet the pool", "expected_gain_per_chip_bet": Rational(35, 47)}
    assert len(document["beaten_cards"]) == 41
    staked = hand_document(explain("As,Kh,Qd,Jc,2s"), Stakes.banking_game(20), bankroll=100)
    assert staked["best_bet"] == {"action": "bet", "amount": 20, "expected_gain": Rational(700, 47)}
    assert staked["kelly_bet"]["amount"] == 20


def test_distribution_document_and_tables() -> None:
    table = distribution(4, "As,Kd")
    document = distribution_document(table)
    assert document["out_of_play"] == ["Kd", "As"]
    assert document["hands"] == comb(50, 4)
    assert summary_of(table).rows[0][1] == comb(50, 4)
    assert gains_table({"first_player_expected_gain": Rational(1, 3)}).rows == (
        ("first player expected gain", Rational(1, 3)),
    )
    assert hand_table(explain("As,2s")).rows == (("As", 11, "yes"), ("2s", 0, "no"))
