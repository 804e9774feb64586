"""The registry is the only list: a game registered reaches every place with no other edit.

A toy game, "High Card" (one card each to the player and the dealer, aces high; the player's bet
wins even money, a tie pushes), is defined here as a definition for the engine, registered for the
test, and looked for in the command line, the published table set, the site's navigation and both
fuzzers.  Its figures are checked by hand: of the 2,652 ordered pairs of cards of one deck the player
wins 1,248 (13 * 12 / 2 pairs of ranks, 16 pairs of cards each), loses as many and ties 156.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sympy import Rational

from cardmath import publish
from cardmath.bets import RuleBet
from cardmath.cards import Rank
from cardmath.cli import main
from cardmath.engine import RANKS_ACE_HIGH, CatalogueGame, Dealing, Dealt, Definition, Reads, Step
from cardmath.games.registry import GAMES, find_game
from cardmath.shoe import Shoe
from tests import test_cli_fuzz, test_library_fuzz

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class ToyRules:
    """The toy's rules: nothing to set but the house's own pays."""

    pays: tuple[tuple[str, str, Rational], ...] = ()


def _deal(dealt: Dealt) -> tuple[Rank, Rank]:
    return dealt.rank("player"), dealt.rank("dealer")


def _player(deal: tuple[Rank, Rank]) -> str:
    player, dealer = deal
    return "win" if player > dealer else "lose" if player < dealer else "tie"


def _bets(rules: ToyRules) -> dict[str, RuleBet[tuple[Rank, Rank]]]:
    bet: RuleBet[tuple[Rank, Rank]] = RuleBet.define("player", _player, {"win": 1, "lose": -1, "tie": 0})
    return {"player": bet}


TOY = CatalogueGame(
    Definition(
        name="high-card-toy",
        title="High Card (a toy game of the tests)",
        short_title="High Card",
        summary="a toy game of the tests",
        description="One card each; the higher wins.",
        docs_page="games/high_card_toy.md",
        rules_type=ToyRules,
        bets=_bets,
        bet_type=RuleBet,
        default_decks=1,
        dealing=Dealing((Step(("player", "dealer")),), Reads.RANKS),
        deal=_deal,
        rank_order=RANKS_ACE_HIGH,
        aliases=("toy",),
    )
)


@pytest.fixture
def toy() -> Iterator[CatalogueGame[ToyRules, tuple[Rank, Rank]]]:
    with GAMES.registered(TOY) as game:
        yield game  # type: ignore[misc]


def run(words: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(words)
    return status, out.getvalue(), err.getvalue()


def test_the_toy_figures_are_right() -> None:
    result = TOY.analyze(Shoe.standard(1))
    sheet = result.bets["player"]
    # 13 * 12 / 2 pairs of ranks, each 4 * 4 ordered pairs of cards, won by the player: 1248
    assert [(o.name, o.combinations) for o in sheet] == [("win", 1248), ("lose", 1248), ("tie", 156)]
    assert sheet.house_edge == 0


def test_a_registered_game_is_found_and_listed(toy: CatalogueGame[ToyRules, tuple[Rank, Rank]]) -> None:
    assert find_game("Toy") is toy and find_game("high_card_toy") is toy
    assert GAMES.names()[-1] == "high-card-toy"
    assert GAMES.package_of(toy) is None


def test_a_registered_game_has_its_command(toy: CatalogueGame[ToyRules, tuple[Rank, Rank]]) -> None:
    status, out, _ = run(["high-card-toy", "--decks", "2", "--format", "json"])
    assert status == 0
    document = json.loads(out)
    assert document["game"] == "high-card-toy" and document["bets"]["player"]["house_edge"] == "0"
    status, _, err = run(["high-card-toy", "--bets", "banker"])
    assert status == 2 and err.startswith("cardmath: error: unknown High Card bet 'banker'")
    status, out, _ = run(["--help"])
    assert "High Card (a toy game of the tests)" in out or status == 0


def test_a_registered_game_is_published(
    toy: CatalogueGame[ToyRules, tuple[Rank, Rank]], tmp_path: Path
) -> None:
    status, _, _ = run(
        [
            "tables",
            "--games",
            "high-card-toy",
            "--decks",
            "1,inf",
            "--formats",
            "json",
            "--out",
            str(tmp_path),
        ]
    )
    assert status == 0
    written = {path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*.json")}
    assert "high-card-toy/1-deck/high-card-toy-1-deck-par-sheet.json" in written  # one bet: no bet name
    assert "high-card-toy/summary/high-card-toy-house-edge-by-decks.json" in written
    assert [job.game for job in publish.plan(None, [1], [5])].count("high-card-toy") == 2


def test_a_registered_game_is_in_the_site_navigation(toy: CatalogueGame[ToyRules, tuple[Rank, Rank]]) -> None:
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        hooks = importlib.import_module("hooks")  # the site's navigation hook
    finally:
        sys.path.remove(str(ROOT / "docs"))
    config = hooks.on_config({"nav": [{"Games": []}]})
    assert {toy.title: toy.docs_page} in config["nav"][0]["Games"]


def test_a_registered_game_is_fuzzed(toy: CatalogueGame[ToyRules, tuple[Rank, Rank]]) -> None:
    assert test_cli_fuzz.bases()["high-card-toy"] == ["high-card-toy"]
    fuzzed = dict(test_library_fuzz.public_functions())
    assert {"games[high-card-toy].analyze", "games[high-card-toy].solve_pay"} <= set(fuzzed)
    status, out, err = run([*test_cli_fuzz.bases()["high-card-toy"], "--decks", "²"])
    test_cli_fuzz.assert_one_answer(status, out, err, ["high-card-toy"])


def test_a_game_cannot_be_registered_twice() -> None:
    with GAMES.registered(TOY), pytest.raises(Exception, match="already registered"), GAMES.registered(TOY):
        pass
    assert "high-card-toy" not in GAMES.names()
