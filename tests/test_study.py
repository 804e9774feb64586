"""Counting studies: the shoe game against an independent dealer, counts, strategies, figures
that must hold on any shoes, determinism for any split of the shoes, and resuming."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from sympy import Rational

from cardmath.cards import Rank
from cardmath.errors import OptionError
from cardmath.games.baccarat import Shoe, analyze, effects_of_removal
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
    study_tally,
    summarize,
    tally_shoes,
)
from cardmath.study.engine import _edge_terms
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
