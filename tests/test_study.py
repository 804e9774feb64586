"""Counting studies: the shoe game against an independent dealer, counts, strategies, figures
that must hold on any shoes, determinism for any split of the shoes, and resuming; then a study of
another game through the same code and command (Dragon Tiger's tie, against an independent shoe
and a seeded simulation), and the study package reaching the games only through the registry, the
engine and the game objects."""

from __future__ import annotations

import ast
import doctest
import json
import math
import pickle
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from sympy import Rational

from cardmath.cards import Rank
from cardmath.cli import main
from cardmath.errors import OptionError
from cardmath.games.baccarat import Shoe, analyze, effects_of_removal
from cardmath.games.registry import PACKAGES
from cardmath.study import (
    HOW_DRAGON_7,
    HOW_PANDA_8_CO_COUNT,
    JACOBSON_DRAGON_7,
    SCALE,
    CountSystem,
    ShoeSetup,
    Study,
    betting_correlation,
    deal_shoe,
    derived_count,
    find_count,
    run_study,
    study_game,
    study_tally,
    summarize,
    tally_shoes,
)
from cardmath.study.engine import _edge_terms
from tests.oracles import study_dragon_tiger
from tests.oracles.study_dealer import deal_all, running_counts

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("decks", "cut_card", "after"), [(8, 14, 1), (8, 16, 1), (1, 10, 0), (6, 0, 2)])
def test_dealing_and_burning_agree_with_a_simple_dealer(decks: int, cut_card: int, after: int) -> None:
    setup = ShoeSetup(decks=decks, cut_card=cut_card, rounds_after_cut=after)
    for index in range(15):
        dealt = deal_shoe(99, index, setup)
        cards = [int(c) for c in dealt.order]
        burned, rounds = deal_all(cards, cut_card, after)
        assert dealt.burned == burned
        assert len(dealt.deals) == len(rounds)
        for start, length, deal, expected in zip(
            dealt.starts, dealt.lengths, dealt.deals, rounds, strict=True
        ):
            assert len(cards) - int(start) == expected["left"]
            assert cards[int(start) : int(start) + int(length)] == expected["cards"]
            assert (deal.player_total, deal.banker_total) == (expected["player"], expected["banker"])
            assert (deal.player_cards, deal.banker_cards) == expected["cards_count"]


def test_a_cut_card_that_comes_out_first_ends_the_shoe_after_that_round() -> None:
    """The house procedure (Wizard of Odds, baccarat rules): when the cut card comes out instead
    of a round's first card, that round is finished and the shoe ends, with no further round."""
    setup = ShoeSetup(decks=8, cut_card=16, rounds_after_cut=1)
    found = 0
    for index in range(60):
        dealt = deal_shoe(5, index, setup)
        cut_position = setup.cards - setup.cut_card
        starts = [int(s) for s in dealt.starts]
        if cut_position in starts:
            found += 1
            assert starts[-1] == cut_position  # the round the cut card came out before is the last
        else:
            crossing = next(r for r, s in enumerate(starts) if s + int(dealt.lengths[r]) > cut_position)
            assert len(starts) == crossing + 2  # the round it came out in, and one more
    assert found >= 3  # about one shoe in five has a round starting exactly at the cut card


def test_shoes_depend_on_the_seed_and_index_only() -> None:
    setup = ShoeSetup()
    assert (deal_shoe(1, 7, setup).order == deal_shoe(1, 7, setup).order).all()
    assert not (deal_shoe(1, 7, setup).order == deal_shoe(1, 8, setup).order).all()
    assert not (deal_shoe(2, 7, setup).order == deal_shoe(1, 7, setup).order).all()
    assert sorted(deal_shoe(3, 0, ShoeSetup(decks=2)).order.tolist()) == sorted(list(range(52)) * 2)


def test_round_edges_are_the_exact_edges_of_the_cards_left() -> None:
    study = Study.define(["dragon_7", "panda_8", "player_pair"], shoes=1)
    dealt = deal_shoe(5, 0, study.setup)
    numerators, denominators = _edge_terms(study, [dealt])
    for r in (0, 17, len(dealt.starts) - 1):
        counts = np.bincount(dealt.order[dealt.starts[r] :], minlength=52)
        result = analyze(Shoe(tuple(int(c) for c in counts)), bets=["dragon_7", "panda_8", "player_pair"])
        for b, name in enumerate(["dragon_7", "panda_8", "player_pair"]):
            assert Rational(numerators[r][b], denominators[r][b]) == result.bets[name].house_edge


def test_published_counts() -> None:
    assert HOW_DRAGON_7.published_tags()[:10] == (1, 0, 0, -1, -1, -1, -1, 2, 2, 0)
    assert HOW_DRAGON_7.initial(8) == -32 and HOW_DRAGON_7.per_deck_sum == 4
    assert JACOBSON_DRAGON_7.is_balanced
    assert HOW_PANDA_8_CO_COUNT.initial(8) == -32
    assert find_count("1,0,0,-1,-1,-1,-1,2,2,0@-4") == CountSystem(
        "1,0,0,-1,-1,-1,-1,2,2,0@-4", HOW_DRAGON_7.tags, -4
    )
    with pytest.raises(OptionError):
        find_count("nothing")
    with pytest.raises(OptionError):
        CountSystem.from_published("short", (1, 2, 3))


def test_derived_counts_and_betting_correlation() -> None:
    # The level-2 count derived from the Dragon 7's effects of removal is Jacobson's count.
    assert derived_count("dragon_7", 2).tags == JACOBSON_DRAGON_7.tags
    effects = effects_of_removal(Shoe.standard(8), bets=["dragon_7"])["dragon_7"]
    assert (
        betting_correlation(derived_count("dragon_7", 3), effects)
        > betting_correlation(JACOBSON_DRAGON_7, effects)
        > 0.95
    )
    perfect = CountSystem("eor", tuple(0 for _ in Rank))
    with pytest.raises(OptionError):
        betting_correlation(perfect, effects)
    with pytest.raises(OptionError):
        derived_count("dragon_7", 0)


def test_count_strategy_bets_where_an_independent_count_says() -> None:
    study = Study.define(
        ["dragon_7"], counts=[("how_dragon_7", None, None)], setup=ShoeSetup(cut_card=16), shoes=6, seed=4
    )
    expected_bets = 0
    for index in range(6):
        cards = [int(c) for c in deal_shoe(4, index, study.setup).order]
        burned, rounds = deal_all(cards, 16)
        tags = list(HOW_DRAGON_7.tags)
        expected_bets += sum(1 for rc in running_counts(cards, tags, -32, burned, rounds) if rc >= 0)
    tally = tally_shoes(study, 0, 6)
    assert tally["strategies"]["dragon_7 how_dragon_7 running count >= 0"]["bets"] == expected_bets


def test_perfect_play_never_wins_less_and_never_betting_wins_nothing() -> None:
    study = Study.define(
        ["dragon_7"],
        counts=[
            ("how_dragon_7", None, None),
            ("jacobson_dragon_7", None, None),
            ("0,0,0,0,0,0,0,1,1,0", 2, "true"),
        ],
        shoes=8,
        seed=8,
    )
    for index in range(8):
        tally = tally_shoes(study, index, index + 1)
        perfect = tally["strategies"]["dragon_7 perfect play"]["win"]
        for name, sums in tally["strategies"].items():
            assert sums["win"] <= perfect, name
        never = tally["strategies"]["dragon_7 never"]
        assert never == dict.fromkeys(never, 0)


def test_edges_over_rounds_agree_with_the_full_shoe() -> None:
    """Expected: the first round's edge averages to the full shoe's edge exactly (the exposed card
    and the burned cards are a random part of the shuffle, so the next round's chances are the
    full shoe's), and the average over every round differs from it only by the cut-card effect,
    which for these bets is below what 150 shoes can resolve: both within 5 standard errors."""
    study = Study.define(["banker", "tie", "dragon_7"], shoes=150, seed=21)
    figures = summarize(study, study_tally(study, workers=1))
    for name, bet in figures["bets"].items():
        full = float(bet["full_shoe_house_edge"])
        first, over = bet["house_edge_first_round"], bet["house_edge_over_rounds"]
        assert abs(first["mean"] - full) < 5 * first["se"], name
        assert abs(over["mean"] - full) < 5 * over["se"], name
        assert 0 <= bet["positive_round_chance"] < 0.5


def test_figures_are_identical_for_any_split_of_the_shoes() -> None:
    study = Study.define(["panda_8"], counts=[("how_panda_8_co_count", None, None)], shoes=7, seed=2)
    one = study_tally(study, workers=1, chunk=7)
    assert study_tally(study, workers=1, chunk=2) == one
    assert study_tally(study, workers=1, chunk=1) == one
    first = json.dumps(summarize(study, one), default=str)
    assert first == json.dumps(run_study(study, workers=1, chunk=3), default=str)


def test_bad_studies_are_refused() -> None:
    with pytest.raises(OptionError, match="shoes"):
        Study.define(["tie"], shoes=0)
    with pytest.raises(OptionError, match="trigger"):
        Study.define(["panda_8"], counts=[("wizard_panda_8", None, None)])
    with pytest.raises(OptionError, match="cut card"):
        ShoeSetup(decks=1, cut_card=40)
    with pytest.raises(OptionError, match="chunk"):
        study_tally(Study.define(["tie"], shoes=1), chunk=0)


_RUNNER = """
import sys
from cardmath.study import Study, run_study
study = Study.define(["dragon_7"], counts=[("how_dragon_7", None, None)], shoes=60, seed=6)
run_study(study, workers=1, chunk=1, out=sys.argv[1])
"""


def test_a_killed_study_resumes_to_the_same_result(tmp_path: Path) -> None:
    folder = tmp_path / "study"
    process = subprocess.Popen([sys.executable, "-c", _RUNNER, str(folder)], cwd=ROOT)
    try:
        deadline = time.monotonic() + 120
        while len(list(folder.glob("chunk-*.json"))) < 3:
            assert process.poll() is None, "the study ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.05)
    finally:
        process.kill()
        process.wait()
    saved = len(list(folder.glob("chunk-*.json")))
    assert 3 <= saved < 60
    study = Study.define(["dragon_7"], counts=[("how_dragon_7", None, None)], shoes=60, seed=6)
    calls: list[int] = []
    resumed = run_study(study, workers=1, chunk=1, out=folder, progress=calls.append)
    assert calls[0] == saved and len(calls) == 1 + 60 - saved  # the saved shoes are not dealt again
    assert json.dumps(resumed, default=str) == json.dumps(run_study(study, workers=1), default=str)
    with pytest.raises(OptionError, match="another study"):
        run_study(Study.define(["dragon_7"], shoes=60, seed=7), workers=1, out=folder)


def test_fixed_point_is_fine_enough() -> None:
    assert SCALE >= 10**12
    assert math.isclose(float(Rational(1, 3)), (SCALE // 3) / SCALE, rel_tol=1e-11)


def test_baccarat_studies_keep_their_fingerprints() -> None:
    """Studies made before a study took a game resume from their folders: a baccarat study whose
    shoes start with the burn hashes as it did (these values were printed before the change)."""
    assert Study.define(["tie"], shoes=3).fingerprint() == "bebed926db978790"
    d7 = Study.define(
        ["dragon_7"], counts=[("how_dragon_7", None, None)], setup=ShoeSetup(cut_card=16), shoes=10, seed=1
    )
    assert d7.fingerprint() == "cf80422f89c9cbf0"
    assert Study.define(["tie"], setup=ShoeSetup(burn=False)).fingerprint() != "bebed926db978790"


# --- any game: Dragon Tiger's tie -------------------------------------------------------------

TIGER = study_game("dragon-tiger")


def tiger_study(shoes: int, seed: int, **setup: Any) -> Study:
    return Study.define(["tie"], setup=ShoeSetup(game="dragon-tiger", **setup), shoes=shoes, seed=seed)


@pytest.mark.parametrize(("cut_card", "after", "burn"), [(14, 1, True), (0, 0, True), (21, 2, False)])
def test_dragon_tiger_shoes_agree_with_a_simple_dealer(cut_card: int, after: int, burn: bool) -> None:
    setup = ShoeSetup(game=TIGER, cut_card=cut_card, rounds_after_cut=after, burn=burn)
    for index in range(10):
        dealt = deal_shoe(4, index, setup)
        cards = [int(c) for c in dealt.order]
        burned, rounds = study_dragon_tiger.deal_all(cards, cut_card, after, burn=burn)
        assert dealt.burned == burned
        assert [len(cards) - int(s) for s in dealt.starts] == [left for left, _, _ in rounds]
        assert set(dealt.lengths.tolist()) == {2}
        assert [(d.dragon.index, d.tiger.index) for d in dealt.deals] == [(a, b) for _, a, b in rounds]


def test_dragon_tiger_round_edges_are_the_exact_tie_of_the_cards_left() -> None:
    study = tiger_study(2, 3)
    dealt = [deal_shoe(3, index, study.setup) for index in range(2)]
    numerators, denominators = _edge_terms(study, dealt)
    row = 0
    for shoe in dealt:
        for start in shoe.starts:
            left = np.bincount(shoe.order[int(start) :], minlength=52).tolist()
            expected = study_dragon_tiger.tie_edge(left, 8)
            assert Rational(numerators[row][0], denominators[row][0]) == Rational(
                expected.numerator, expected.denominator
            )
            row += 1
    assert row == len(numerators)


def test_with_nothing_burned_every_first_round_is_the_full_shoe() -> None:
    """With nothing burned, every shoe's first round is dealt from the full shoe: its exact edge is
    the full-shoe figure, 136/415 at 8 decks (the tie at 8 to 1: 31/415 to win)."""
    study = tiger_study(12, 9, burn=False)
    dealt = [deal_shoe(9, index, study.setup) for index in range(12)]
    numerators, denominators = _edge_terms(study, dealt)
    first = np.cumsum([0] + [len(shoe.starts) for shoe in dealt[:-1]])
    for row in first:
        assert Rational(numerators[row][0], denominators[row][0]) == Rational(136, 415)
    figures = summarize(study, tally_shoes(study, 0, 12))
    bet = figures["bets"]["tie"]
    assert bet["full_shoe_house_edge"] == Rational(136, 415)
    first_round = bet["house_edge_first_round"]  # the same fraction, in fixed point
    assert math.isclose(first_round["mean"], 136 / 415, rel_tol=0, abs_tol=2 / SCALE)
    assert first_round["se"] == 0.0


def test_dragon_tiger_tie_study_agrees_with_a_seeded_simulation() -> None:
    """The mean over rounds of the study's exact edges, and perfect play's win and bets, against a
    simulation of the same dealing by the oracle (its own shuffles, its own tie formula, the
    cards' actual results): each within 5 combined standard errors."""
    shoes = 240
    always = ("0,0,0,0,0,0,0,0,0,0", 0, "running")  # a count that never moves: bets every round
    study = Study.define(["tie"], counts=[always], setup=ShoeSetup(game="dt"), shoes=shoes, seed=11)
    figures = run_study(study, workers=1, chunk=60)
    assert figures["game"] == "dragon-tiger"
    simulated = study_dragon_tiger.simulate(3000, 12)
    n = len(simulated)
    rounds = sum(shoe.rounds for shoe in simulated)
    assert figures["rounds_per_shoe"]["mean"] == rounds / n  # 415 cards, 14 behind the cut: 202

    def mean_and_error(values: list[float]) -> tuple[float, float]:
        mean = sum(values) / len(values)
        spread = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
        return mean, math.sqrt(spread / len(values))

    def agrees(study_figure: dict[str, float], values: list[float]) -> None:
        mean, error = mean_and_error(values)
        combined = math.hypot(study_figure["se"], error)
        assert abs(study_figure["mean"] - mean) < 5 * combined, (study_figure, mean, error)

    per_round = rounds / n  # every shoe has the same rounds, so a ratio of means is a mean
    over_rounds = figures["bets"]["tie"]["house_edge_over_rounds"]
    agrees(over_rounds, [-shoe.actual / per_round for shoe in simulated])
    agrees(over_rounds, [shoe.edges / per_round for shoe in simulated])
    perfect = figures["strategies"]["tie perfect play"]
    agrees(perfect["win_per_shoe"], [shoe.perfect_win for shoe in simulated])
    agrees(perfect["bets_per_shoe"], [float(shoe.perfect_bets) for shoe in simulated])
    assert perfect["positive_share_of_bets"] == 1.0
    # betting every round: the exact edges and the cards' actual results estimate one expectation
    every = figures["strategies"]["tie 0,0,0,0,0,0,0,0,0,0 running count >= 0"]
    assert every["bets_per_shoe"]["mean"] == per_round
    agrees(every["actual_win_per_shoe"], [float(shoe.actual) for shoe in simulated])
    tally = tally_shoes(study, 0, 4)  # a strategy betting every round wins the sum of the advantages
    assert tally["strategies"][study.strategies[0].name]["win"] == tally["bets"]["tie"]["edge"]


def test_a_count_exact_for_dragon_big_plays_perfectly() -> None:
    """Dragon Big loses on a seven or less, so its edge is ``1 - 2 H / N`` (``H`` eights to kings of
    the ``N`` cards left): the balanced count +6 for ace to seven, -7 for eight to king has a
    running count of ``13 H - 6 N`` and favours the player exactly above a true count of 26.  Dragon
    Tiger burns only the exposed card, which the count sees: the count knows what perfect play
    knows, and wins exactly what it wins on every shoe."""
    exact = ("6,6,6,6,6,6,6,-7,-7,-7,-7,-7,-7", 26, "true")
    study = Study.define(["dragon_big"], counts=[exact], game="dragon-tiger", shoes=30, seed=5)
    for index in range(0, 30, 10):
        tally = tally_shoes(study, index, index + 10)
        count, perfect = (tally["strategies"][s.name] for s in study.strategies[:2])
        assert perfect["bets"] > 0
        assert count["win"] == perfect["win"] and count["win_sq"] == perfect["win_sq"]
        assert count["positive_bets"] == perfect["positive_bets"] == perfect["bets"]


def test_dragon_tiger_figures_are_identical_for_any_split_and_the_setup_travels_by_name() -> None:
    study = tiger_study(5, 2, cut_card=30)
    one = study_tally(study, workers=1, chunk=5)
    assert study_tally(study, workers=1, chunk=2) == one
    travelled = pickle.loads(pickle.dumps(study))
    assert travelled == study and travelled.game is TIGER
    assert b"DragonTigerCounter" not in pickle.dumps(study.setup) and len(pickle.dumps(study.setup)) < 2000


def test_studies_refuse_what_they_cannot_deal_or_bet() -> None:
    with pytest.raises(OptionError, match="unknown game 'poker'"):
        ShoeSetup(game="poker")
    with pytest.raises(OptionError, match="High Card Pool is not dealt round by round"):
        ShoeSetup(game="pool")
    with pytest.raises(OptionError, match="rules of a Dragon Tiger study must be a DragonTigerRules"):
        ShoeSetup(game="dragon-tiger", rules=ShoeSetup().rules)
    with pytest.raises(OptionError, match="burn"):
        ShoeSetup(burn=1)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match=r"decision \(raise\): a study bets flat"):
        Study.define(["reddog"], game="reddog")
    with pytest.raises(OptionError, match="a study bets flat"):
        Study.define(["main"], game="casino-war")
    with pytest.raises(OptionError, match="unknown Dragon Tiger bet 'dragon_7'"):
        Study.define(["dragon_7"], game="dt")
    with pytest.raises(OptionError, match="two games"):
        Study.define(["tie"], game="dt", setup=ShoeSetup())
    with pytest.raises(OptionError, match="cut card"):
        ShoeSetup(game="dt", decks=1, cut_card=50)
    assert ShoeSetup(game="dt", decks=1, cut_card=49).cut_card == 49  # the burn and a round fit
    Study.define(["tie"], game="casino-war", shoes=1)  # Casino War's tie bet has no decision


def test_derived_counts_of_another_game() -> None:
    # Dragon Tiger's big bet wins on an eight or more: removing a low card helps the player.
    count = derived_count("dragon_big", 1, game="dragon-tiger")
    assert count.published_tags() == (1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1)
    effects = TIGER.effects_of_removal(Shoe.standard(8), bets=["dragon_big"])["dragon_big"]
    assert betting_correlation(count, effects) > 0.9
    # the tie's effects of removal are the same for every rank: no count by rank can help it
    with pytest.raises(OptionError, match="alike whichever rank"):
        derived_count("tie", 2, game="dragon-tiger")


def test_the_command_studies_dragon_tiger(capsys: pytest.CaptureFixture[str]) -> None:
    words = ["study", "--game", "dragon-tiger", "tie", "--shoes", "3", "--workers", "1", "--format", "json"]
    assert main(words) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["game"] == "dragon-tiger" and figures["study"]["game"] == "dragon-tiger"
    assert list(figures["strategies"]) == ["tie perfect play", "tie never"]
    assert figures["bets"]["tie"]["full_shoe_house_edge"] == "136/415"
    derived = ["dragon_big", "tie", "--count", "derived:1", "--trigger", "2", "--shoes", "2"]
    assert main(["study", "--game", "DT", *derived, "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert "Strategies, 2 shoes of 8 decks, 14 cards behind the cut card, Dragon Tiger" in text
    assert "dragon_big dragon_big_level_1 true count >= 2" in text and "tie perfect play" in text
    paid = ["tie", "--rule", "tie_pays=11", "--shoes", "1", "--format", "json"]
    assert main(["study", "--game", "dt", *paid, "--workers", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["bets"]["tie"]["full_shoe_house_edge"] == "43/415"
    for words, message in (
        (["--game", "poker", "tie"], "unknown game 'poker'"),
        (["--game", "dt", "dragon_7"], "unknown Dragon Tiger bet 'dragon_7'"),
        (["--game", "pool", "tie"], "not dealt round by round"),
        (["--game", "dt", "tie", "--rule", "commission=4"], "no rule 'commission'"),
        (["--game", "dt", "tie", "--count", "derived:2"], "alike whichever rank"),
    ):
        assert main(["study", *words, "--shoes", "1", "--workers", "1"]) == 2
        error = capsys.readouterr().err
        assert error.startswith("cardmath: error: ") and message in error and error.count("\n") == 1


def _imported(source: str) -> set[str]:
    """The modules a piece of Python imports (``from x import y``: ``x`` and ``x.y``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return found


def test_the_study_package_imports_no_game_internals() -> None:
    """study/ reaches the games only through the registry, the engine and the game objects: no
    module of it (nor the command ``cardmath study``), nor any example in their docstrings, imports
    from ``cardmath.games`` anything but the registry (the protocol every game object satisfies is
    the engine's, ``cardmath.engine.protocol``)."""
    folder = ROOT / "src" / "cardmath" / "study"
    parser = doctest.DocTestParser()
    for path in [*sorted(folder.glob("*.py")), ROOT / "src" / "cardmath" / "cli" / "study.py"]:
        source = path.read_text(encoding="utf-8")
        modules = _imported(source)
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
                for example in parser.get_examples(ast.get_docstring(node) or ""):
                    if example.source.startswith(("from ", "import ")):
                        modules |= _imported(example.source)
        reached = {m for m in modules if m == "cardmath.games" or m.startswith("cardmath.games.")}
        outside = {m for m in reached if not m.startswith("cardmath.games.registry")}
        assert not outside, (path.name, outside)
    assert not set(PACKAGES) & {
        m for p in folder.glob("*.py") for m in _imported(p.read_text(encoding="utf-8"))
    }
    assert "cardmath.games.registry" in _imported((folder / "dealer.py").read_text(encoding="utf-8"))
