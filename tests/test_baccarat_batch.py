"""The batch engine (value_edge_terms, house_edges: the fast path of analyze_many) and the one-shoe
counting behind analyze (shoe_counts): exactly the counts of the per-class path (evaluate and
bet_counts), in every dtype it picks, and the engine's own settling of the counted cells.

float64 counts while N ** 6 < 2 ** 53, int64 while N ** 6 < 2 ** 62, and Python ints beyond; the
edge numerators int64 while N ** 6 times the largest pay is below 2 ** 62.  Each regime, and the
edges of each, is checked against the exact per-class path on shoes at and across its bounds.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import numpy as np
import pytest
from sympy import Rational

from cardmath.bets import counted_house_edge, pay_terms
from cardmath.engine import HouseEdges
from cardmath.engine.analysis import edge_terms
from cardmath.games.baccarat import (
    GAME,
    BaccaratRules,
    Bet,
    DrawingRules,
    Reads,
    analyze,
    analyze_many,
    resolve_bets,
)
from cardmath.games.baccarat.batch import _growth, house_edges, value_edge_terms
from cardmath.games.baccarat.counting import evaluate, value_counts
from cardmath.games.baccarat.game import BaccaratCounter
from cardmath.games.baccarat.tally import bet_counts, shoe_counts
from cardmath.shoe import Shoe

DEAL_BETS = tuple(bet.name for bet in resolve_bets(None, BaccaratRules()) if bet.reads is Reads.DEAL)
PAIR_BETS = tuple(bet.name for bet in resolve_bets(None, BaccaratRules()) if bet.reads is Reads.FIRST_TWO)
BIG_PAY = Bet.define(
    "nine_against_zero",
    lambda deal: "yes" if (deal.player_total, deal.banker_total) == (9, 0) else "no",
    {"yes": 10**6, "no": -1},
)
"""A bet whose pay alone pushes the edge numerators of an eight-deck shoe out of int64."""


def reference_edges(shoe: Shoe, rules: BaccaratRules, bets: tuple[str | Bet, ...]) -> list[Rational]:
    """House edges from the per-class path: every deal class counted, in Python ints when large."""
    counted = evaluate(shoe, rules.drawing, first_two=True)
    return [
        counted_house_edge(bet, bet_counts(bet, counted), counted.total) for bet in resolve_bets(bets, rules)
    ]


def batch_edges(
    rows: list[tuple[int, ...]], rules: BaccaratRules, bets: tuple[str | Bet, ...], chunk: int = 256
) -> tuple[list[list[Rational]], Any]:
    """Each shoe's edges from value_edge_terms, and the dtype of its numerators."""
    numerators, denominators = value_edge_terms(np.array(rows, dtype=object), rules, bets=bets, chunk=chunk)
    edges = [
        [Rational(int(n), int(d)) for n, d in zip(row, terms, strict=True)]
        for row, terms in zip(numerators, denominators, strict=True)
    ]
    return edges, numerators.dtype


def depleted(decks: int, rng: random.Random, keep: int | None = None) -> Shoe:
    """A shoe of ``decks`` decks with a random part dealt (``keep`` cards left if given)."""
    shoe = Shoe.standard(decks)
    removed = shoe.size - keep if keep is not None else rng.randrange(0, shoe.size - 6)
    return shoe.without(rng.sample(shoe.cards(), removed))


def test_the_growth_lists_every_multiset_of_at_most_six_cards_once() -> None:
    steps, offsets, rows = _growth(range(7))
    # Multisets of 0 to 6 cards over seven values: C(7 + 6, 6).
    assert offsets[-1] == len(rows) == 1716
    assert sorted(rows.values()) == list(range(1716))
    for multiplicities, row in rows.items():
        size = sum(multiplicities)
        assert offsets[size] <= row < offsets[size + 1]
    # Every row but the empty multiset is written once, from a smaller size.
    written = sorted(itertools.chain.from_iterable(range(start, stop) for start, stop, *_ in steps))
    assert written == list(range(1, 1716))
    assert all(source < start for start, _, source, _, _ in steps)


@pytest.mark.parametrize("decks", [1, 2, 8])
def test_value_edge_terms_equal_the_per_class_path(decks: int) -> None:
    rng = random.Random(decks)
    shoes = [Shoe.standard(decks)] + [depleted(decks, rng) for _ in range(6)] + [depleted(decks, rng, 6)]
    rules = BaccaratRules()
    # A chunk of 3 splits the shoes across blocks, the last one short.
    edges, _ = batch_edges([value_counts(s) for s in shoes], rules, DEAL_BETS, chunk=3)
    for shoe, found in zip(shoes, edges, strict=True):
        assert found == reference_edges(shoe, rules, DEAL_BETS)


def test_value_edge_terms_follow_the_drawing_rules() -> None:
    rules = BaccaratRules(drawing=DrawingRules.define(player_draws_on=range(7)))
    rng = random.Random(4)
    shoes = [Shoe.standard(8), depleted(8, rng), depleted(1, rng)]
    bets = ("banker", "player", "tie", "dragon_7", "panda_8")
    edges, _ = batch_edges([value_counts(s) for s in shoes], rules, bets)
    for shoe, found in zip(shoes, edges, strict=True):
        assert found == reference_edges(shoe, rules, bets)


@pytest.mark.parametrize(
    ("decks", "keep", "counts_in"),
    [
        (9, 456, "float64"),  # 456 ** 6 < 2 ** 53: the largest shoe summed in float64
        (9, 457, "int64"),  # 457 ** 6 > 2 ** 53
        (20, 1000, "int64"),  # counts near 2 ** 60: float64 would round some of them
        (25, 1290, "int64"),  # 1290 ** 6 < 2 ** 62: the largest shoe counted in int64
        (25, 1291, "object"),  # 1291 ** 6 > 2 ** 62
        (40, 2080, "object"),  # 2080 ** 6 > 2 ** 63: int64 would overflow outright
    ],
)
def test_each_count_regime_is_exact_at_its_bounds(decks: int, keep: int, counts_in: str) -> None:
    bounds = {"float64": (0, 2**53), "int64": (2**53, 2**62), "object": (2**62, 2**200)}
    low, high = bounds[counts_in]
    assert low <= keep**6 < high
    rng = random.Random(keep)
    shoes = [depleted(decks, rng, keep), depleted(decks, rng, keep)]
    bets = ("banker", "player", "tie", "dragon_7", "panda_8", "egalite_3")
    edges, dtype = batch_edges([value_counts(s) for s in shoes], BaccaratRules(), bets)
    # The edge numerators leave int64 once N ** 6 times the largest pay (20 x 20 for the banker's
    # 19/20 over its denominator 20) reaches 2 ** 62.
    largest = max(max(abs(p) for p in pays) * d for d, pays in map(pay_terms, resolve_bets(bets)))
    assert largest == 400
    assert dtype == (object if keep**6 * largest >= 2**62 else np.int64)
    for shoe, found in zip(shoes, edges, strict=True):
        assert found == reference_edges(shoe, BaccaratRules(), bets)


def test_the_overflow_fallback_gives_the_exact_counts_beyond_int64() -> None:
    """A 40-deck shoe: ff(2080, 6) > 2 ** 63, so no count fits in int64; the batch falls back to
    Python ints and gives the same edges as the exact path, and the same as the closed form."""
    shoe = Shoe.standard(40)
    assert shoe.size**6 > 2**63
    rows = [value_counts(shoe), value_counts(depleted(40, random.Random(9), 2075))]
    numerators, denominators = value_edge_terms(np.array(rows, dtype=object), bets=("banker", "tie"))
    assert numerators.dtype == object and denominators.dtype == object
    assert all(isinstance(x, int) for x in numerators.ravel().tolist() + denominators.ravel().tolist())
    assert max(abs(int(d)) for d in denominators.ravel()) > 2**63
    exact = reference_edges(shoe, BaccaratRules(), ("banker", "tie"))
    assert [Rational(int(n), int(d)) for n, d in zip(numerators[0], denominators[0], strict=True)] == exact
    assert [
        shoe_edge.house_edge for shoe_edge in analyze(shoe, bets=["banker", "tie"]).bets.values()
    ] == exact


def test_a_big_pay_moves_only_the_edges_to_python_ints() -> None:
    rng = random.Random(6)
    shoes = [Shoe.standard(8), depleted(8, rng)]
    bets = ("banker", BIG_PAY)
    edges, dtype = batch_edges([value_counts(s) for s in shoes], BaccaratRules(), bets)
    assert dtype is np.dtype(object)  # 416 ** 6 x 10 ** 6 > 2 ** 62, though the counts fit in float64
    for shoe, found in zip(shoes, edges, strict=True):
        assert found == reference_edges(shoe, BaccaratRules(), bets)


@pytest.mark.parametrize(
    "shoe",
    [
        Shoe.standard(8),
        Shoe.standard(1).without("As,Ah,Ad,Ks,Kh,Kd,Kc,9s,9h,9d,9c,5c"),
        Shoe.infinite(),
        Shoe.infinite(Shoe.standard(2).without("As,Ah,Ad,Qs,Qh,8c")),
        Shoe.standard(30),
        Shoe.from_counts({Shoe.standard(1).cards()[i]: 2 for i in (0, 1, 4, 13, 30, 51)}),
    ],
    ids=["8 decks", "depleted", "infinite", "infinite, uneven", "30 decks", "twelve cards"],
)
def test_one_shoe_counts_equal_the_per_class_path(shoe: Shoe) -> None:
    rules = BaccaratRules()
    bets = resolve_bets(None, rules)
    total, counted, winners = shoe_counts(shoe, rules, bets)
    every = evaluate(shoe, rules.drawing, first_two=True)
    assert total == every.total
    for bet in bets:
        assert counted[bet.name] == bet_counts(bet, every), bet.name
    assert sum(winners) == total


def test_analyze_many_is_argument_checked_and_equals_analyze() -> None:
    with pytest.raises(TypeError, match="analyze_many\\(\\) parameter shoes"):
        analyze_many(Shoe.standard(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"shoes(\[1\])? must be"):
        analyze_many([Shoe.standard(1), 8])  # type: ignore[list-item]
    assert analyze_many([]) == []
    shoes = [Shoe.standard(2), Shoe.infinite(), depleted(1, random.Random(2))]
    bets = ("tie", "dragon_7", *PAIR_BETS)
    rules = BaccaratRules()
    # A chunk of 2 splits the finite shoes across blocks.
    for chunk in (2, 256):
        batch = house_edges(shoes, rules, resolve_bets(bets, rules), chunk=chunk)
        assert batch == analyze_many(shoes, bets=bets)
        for shoe, edges in zip(shoes, batch, strict=True):
            assert isinstance(edges, HouseEdges) and list(edges) == list(bets)
            assert edges == {name: sheet.house_edge for name, sheet in analyze(shoe, bets=bets).bets.items()}
    assert list(analyze_many([Shoe.standard(8)])[0]) == list(GAME.bet_names)


@pytest.mark.parametrize("drawing", [DrawingRules.standard(), DrawingRules.define(player_draws_on=range(7))])
def test_the_fast_batch_equals_the_engine_settling_the_counted_cells(drawing: DrawingRules) -> None:
    # baccarat's counter gives the engine a batch of its own; the engine's generic path settles the
    # cells the same counter counts (shoe_counts): both must give every house edge exactly.
    rules = BaccaratRules(drawing=drawing)
    rng = random.Random(12)
    shoes = [Shoe.standard(8), depleted(8, rng), depleted(1, rng, 6), Shoe.infinite(), Shoe.standard(30)]
    bets = (*resolve_bets(None, rules), BIG_PAY)
    counter = GAME.counter(rules)
    assert isinstance(counter, BaccaratCounter) and counter.rules == rules
    fast = counter.house_edges(shoes, bets)
    assert fast is not None
    generic = edge_terms(counter, shoes, bets)
    for one, other in zip(fast, generic, strict=True):
        assert dict(one) == dict(other)
