"""A study's definition (:class:`Study`) and its core: dealing a range of shoes and adding up, in
whole numbers, what every strategy wins on them (:func:`tally_shoes`).

Every round's exact house edge is a fraction of integers from the batch engine
(:func:`~cardmath.games.baccarat.batch.value_edge_terms`, every round of a range of shoes in one
call; shoe by shoe for bets that read the first cards).  The expected win of a bet on a round is
minus its exact edge: a strategy's win on a shoe is the sum over the rounds it bets of that
expected win, which is what the study averages (it has far less variance than the cards' actual
results, which are counted too).  Edges are added in fixed point, ``SCALE`` units per unit bet,
each rounded down from the exact fraction, so every tally is a whole number: tallies add up in any
order and a study gives the same figures for any split of its shoes.

>>> study = Study.define(["dragon_7"], shoes=4, seed=1)
>>> tally = tally_shoes(study, 0, 4)
>>> tally["shoes"], tally["strategies"]["dragon_7 never"]["win"]
(4, 0)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.errors import OptionError
from cardmath.games.baccarat import Bet, Reads, Shoe, analyze_many, resolve_bets
from cardmath.games.baccarat.batch import value_edge_terms
from cardmath.study.counts import PUBLISHED_COUNTS, find_count
from cardmath.study.dealer import CARD_VALUES, DealtShoe, ShoeSetup, deal_shoe
from cardmath.study.strategies import CountTrigger, NeverBet, PerfectPlay, Strategy

__all__ = ["SCALE", "Study", "Tally", "add_tallies", "empty_tally", "tally_shoes"]

Array = npt.NDArray[Any]

SCALE = 10**12
"""Fixed-point units per unit bet in which edges and wins are added (each round's exact edge
rounded down: at most 10**-12 of a unit per round)."""

Tally = dict[str, Any]
"""Whole-number sums over shoes (nested dicts of ints and lists of ints), JSON-ready and added by
:func:`add_tallies`."""

_STRATEGY_SUMS = (
    "win",
    "win_sq",
    "bets",
    "bets_sq",
    "win_bets",
    "win_rounds",
    "win_perfect",
    "actual",
    "actual_sq",
    "positive_bets",
)
_BET_SUMS = (
    "positive_rounds",
    "edge",
    "edge_sq",
    "shoe_edge_sq",
    "shoe_edge_rounds",
    "first_edge",
    "first_edge_sq",
)


@dataclass(frozen=True)
class Study:
    """What a study deals and measures: the bets, the strategies, how shoes are dealt, the number
    of shoes and the seed.  Build one with :meth:`define`, which adds perfect play and never
    betting for every bet.

    >>> study = Study.define(["dragon_7"], counts=[("how_dragon_7", None, None)], shoes=10, seed=1)
    >>> [strategy.name for strategy in study.strategies]  # doctest: +NORMALIZE_WHITESPACE
    ['dragon_7 how_dragon_7 running count >= 0', 'dragon_7 perfect play', 'dragon_7 never']
    """

    bets: tuple[Bet, ...]
    strategies: tuple[Strategy, ...]
    setup: ShoeSetup = field(default_factory=ShoeSetup)
    shoes: int = 1000
    seed: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.shoes, bool) or not isinstance(self.shoes, int) or self.shoes < 1:
            raise OptionError(f"a study needs a whole number of shoes, 1 or more, not {self.shoes!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise OptionError(f"the seed must be a whole number 0 or more, not {self.seed!r}")
        names = {bet.name for bet in self.bets}
        for strategy in self.strategies:
            if strategy.bet not in names:
                raise OptionError(
                    f"strategy {strategy.name!r} bets {strategy.bet!r}, which the study does not deal"
                )
        if len({s.name for s in self.strategies}) != len(self.strategies):
            raise OptionError("each strategy of a study may be given once")

    @classmethod
    def define(
        cls,
        bets: Iterable[str | Bet],
        *,
        counts: Iterable[tuple[str | Any, Any, Any]] = (),
        setup: ShoeSetup | None = None,
        shoes: int = 1000,
        seed: int = 0,
    ) -> Study:
        """A study of ``bets`` (built-in names or :class:`~cardmath.games.baccarat.Bet`), with a
        count strategy for each ``(count, trigger, basis)`` of ``counts`` on the first bet (a
        built-in count's name takes its published trigger and basis where they are ``None``), then
        perfect play and never betting for each bet.

        >>> Study.define(["panda_8"], counts=[("wizard_panda_8", None, None)])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: count wizard_panda_8 was published without a trigger: give one ...
        """
        setup = setup or ShoeSetup()
        chosen = resolve_bets(list(bets), setup.rules)
        first = chosen[0].name
        strategies: list[Strategy] = []
        for count, given_trigger, given_basis in counts:
            trigger, basis = given_trigger, given_basis
            if isinstance(count, str):
                published = PUBLISHED_COUNTS.get(count)
                system = find_count(count)
                if trigger is None:
                    trigger = published[3] if published else None
                if basis is None:
                    basis = published[2] if published else "true"
            else:
                system = count
                basis = basis or "true"
            if trigger is None:
                raise OptionError(
                    f"count {system.name} was published without a trigger: give one (--trigger)"
                )
            strategies.append(CountTrigger(first, system, trigger, basis))
        for bet in chosen:
            strategies += [PerfectPlay(bet.name), NeverBet(bet.name)]
        return cls(chosen, tuple(strategies), setup, shoes, seed)

    def describe(self) -> dict[str, Any]:
        """The study as JSON-ready data (what its results and its fingerprint are made of).

        >>> Study.define(["tie"], shoes=3).describe()["shoes"]
        3
        """
        return {
            "bets": {
                bet.name: {"pays": {o: str(p) for o, p in bet.pays}, "reads": bet.reads.value}
                for bet in self.bets
            },
            "strategies": [s.name for s in self.strategies],
            "counts": {
                s.count.name: {
                    "tags": list(s.count.published_tags()),
                    "initial_per_deck": s.count.initial_per_deck,
                }
                for s in self.strategies
                if isinstance(s, CountTrigger)
            },
            "decks": self.setup.decks,
            "cut_card": self.setup.cut_card,
            "rounds_after_cut": self.setup.rounds_after_cut,
            "commission": str(self.setup.rules.commission),
            "tie_pays": str(self.setup.rules.tie_pays),
            "drawing": [
                list(self.setup.rules.drawing.player),
                list(self.setup.rules.drawing.banker_player_stood),
            ]
            + [list(row) for row in self.setup.rules.drawing.banker_player_drew],
            "shoes": self.shoes,
            "seed": self.seed,
        }

    def fingerprint(self) -> str:
        """A short hash of :meth:`describe` without the number of shoes: chunks of one study (of any
        length) can be resumed from each other, never from another study's.

        >>> Study.define(["tie"], shoes=3).fingerprint() == Study.define(["tie"], shoes=9).fingerprint()
        True
        """
        description = {k: v for k, v in self.describe().items() if k != "shoes"}
        return hashlib.sha256(json.dumps(description, sort_keys=True).encode()).hexdigest()[:16]


def empty_tally(study: Study) -> Tally:
    """A tally of no shoes.

    >>> empty_tally(Study.define(["tie"], shoes=1))["rounds"]
    0
    """
    return {
        "shoes": 0,
        "rounds": 0,
        "rounds_sq": 0,
        "bets": {bet.name: dict.fromkeys(_BET_SUMS, 0) for bet in study.bets},
        "strategies": {s.name: dict.fromkeys(_STRATEGY_SUMS, 0) for s in study.strategies},
        "levels": {s.name: {} for s in study.strategies if isinstance(s, CountTrigger)},
    }


def add_tallies(first: Mapping[str, Any], second: Mapping[str, Any]) -> Tally:
    """The sum of two tallies (whole numbers add; a key present in one only is kept).

    >>> add_tallies({"a": 1, "b": {"x": [1, 2]}}, {"a": 2, "b": {"x": [3, 4], "y": [1, 1]}})
    {'a': 3, 'b': {'x': [4, 6], 'y': [1, 1]}}
    """
    total: Tally = {}
    for key in {**first, **second}:
        if key not in first or key not in second:
            total[key] = first.get(key, second.get(key))
            continue
        a, b = first[key], second[key]
        if isinstance(a, Mapping):
            total[key] = add_tallies(a, b)
        elif isinstance(a, list):
            total[key] = [x + y for x, y in zip(a, b, strict=True)]
        else:
            total[key] = a + b
    return total


def _edge_terms(study: Study, dealt: list[DealtShoe]) -> tuple[list[list[int]], list[list[int]]]:
    """Every round's house-edge numerator and denominator for each bet (rows: rounds of all the
    shoes in order; columns: the study's bets)."""
    setup = study.setup
    full = np.full(52, setup.decks, dtype=np.int64)
    card_rows = []
    for shoe in dealt:
        seen = np.zeros((len(shoe.order) + 1, 52), dtype=np.int64)
        np.add.at(seen[1:], (np.arange(len(shoe.order)), shoe.order), 1)
        card_rows.append(full - np.cumsum(seen, axis=0)[shoe.starts])
    cards = np.vstack(card_rows)
    by_value = np.zeros((52, 10), dtype=np.int64)
    by_value[np.arange(52), CARD_VALUES] = 1
    columns: dict[str, tuple[list[int], list[int]]] = {}
    deal_bets = [bet for bet in study.bets if bet.reads is Reads.DEAL]
    if deal_bets:
        numerators, denominators = value_edge_terms(cards @ by_value, setup.rules, bets=deal_bets)
        for b, bet in enumerate(deal_bets):
            columns[bet.name] = ([int(x) for x in numerators[:, b]], [int(x) for x in denominators[:, b]])
    others = [bet for bet in study.bets if bet.reads is not Reads.DEAL]
    if others:
        edges = analyze_many([Shoe(tuple(int(n) for n in row)) for row in cards], setup.rules, bets=others)
        for bet in others:
            columns[bet.name] = ([int(e[bet.name].p) for e in edges], [int(e[bet.name].q) for e in edges])
    names = [bet.name for bet in study.bets]
    rounds = len(cards)
    return (
        [[columns[n][0][r] for n in names] for r in range(rounds)],
        [[columns[n][1][r] for n in names] for r in range(rounds)],
    )


def tally_shoes(study: Study, start: int, stop: int) -> Tally:
    """Deal shoes ``start`` to ``stop - 1`` of the study and tally every strategy on them.

    >>> study = Study.define(["dragon_7"], counts=[("how_dragon_7", None, None)], shoes=3, seed=5)
    >>> tally = tally_shoes(study, 0, 3)
    >>> perfect = tally["strategies"]["dragon_7 perfect play"]["win"]
    >>> perfect >= tally["strategies"]["dragon_7 how_dragon_7 running count >= 0"]["win"]
    True
    """
    dealt = [deal_shoe(study.seed, index, study.setup) for index in range(start, stop)]
    numerators, denominators = _edge_terms(study, dealt)
    tally = empty_tally(study)
    bet_index = {bet.name: b for b, bet in enumerate(study.bets)}
    fixed_pays = {
        bet.name: {outcome: (pay.p * SCALE) // pay.q for outcome, pay in bet.pays} for bet in study.bets
    }
    rules = {bet.name: bet.rule for bet in study.bets}
    card_tags = {
        s.count.name: np.array(s.count.card_tags(), dtype=np.int64)
        for s in study.strategies
        if isinstance(s, CountTrigger)
    }
    row = 0
    for shoe in dealt:
        rounds = len(shoe.starts)
        edges_here = numerators[row : row + rounds]
        terms = denominators[row : row + rounds]
        row += rounds
        advantage = {
            name: [(-edges_here[r][b] * SCALE) // terms[r][b] for r in range(rounds)]
            for name, b in bet_index.items()
        }
        sign = {
            name: np.array([edges_here[r][b] for r in range(rounds)], dtype=object)
            for name, b in bet_index.items()
        }
        remaining = len(shoe.order) - shoe.starts
        running: dict[str, Array] = {}
        for name, tags in card_tags.items():
            seen = np.concatenate([[0], np.cumsum(tags[shoe.order])])
            system = next(
                s.count for s in study.strategies if isinstance(s, CountTrigger) and s.count.name == name
            )
            running[name] = (
                system.initial(study.setup.decks)
                + seen[0]
                + tags[shoe.order[0]]
                + (seen[shoe.starts] - seen[shoe.burned])
            )
        tally["shoes"] += 1
        tally["rounds"] += rounds
        tally["rounds_sq"] += rounds * rounds
        actual_pays = {
            name: [fixed_pays[name][rules[name](deal)] for deal in shoe.deals] for name in bet_index
        }
        for name in bet_index:
            sums = tally["bets"][name]
            values = advantage[name]
            sums["positive_rounds"] += sum(1 for v in sign[name] if v < 0)
            sums["edge"] += sum(values)
            sums["edge_sq"] += sum(v * v for v in values)
            sums["shoe_edge_sq"] += sum(values) ** 2
            sums["shoe_edge_rounds"] += sum(values) * rounds
            if values:
                sums["first_edge"] += values[0]
                sums["first_edge_sq"] += values[0] ** 2
        perfect_win = {
            name: sum(v for v, s in zip(advantage[name], sign[name], strict=True) if s < 0)
            for name in bet_index
        }
        for strategy in study.strategies:
            name = strategy.bet
            count_running = (
                running[strategy.count.name] if isinstance(strategy, CountTrigger) else np.zeros(rounds)
            )
            chosen = strategy.bets(count_running, remaining, sign[name]).tolist()
            win = sum(v for v, c in zip(advantage[name], chosen, strict=True) if c)
            placed = sum(1 for c in chosen if c)
            actual = sum(p for p, c in zip(actual_pays[name], chosen, strict=True) if c)
            sums = tally["strategies"][strategy.name]
            sums["win"] += win
            sums["win_sq"] += win * win
            sums["bets"] += placed
            sums["bets_sq"] += placed * placed
            sums["win_bets"] += win * placed
            sums["win_rounds"] += win * rounds
            sums["win_perfect"] += win * perfect_win[name]
            sums["actual"] += actual
            sums["actual_sq"] += actual * actual
            sums["positive_bets"] += sum(1 for s, c in zip(sign[name], chosen, strict=True) if c and s < 0)
            if isinstance(strategy, CountTrigger):
                levels = tally["levels"][strategy.name]
                for level, value in zip(
                    strategy.level(count_running, remaining).tolist(), advantage[name], strict=True
                ):
                    entry = levels.setdefault(str(level), [0, 0, 0])
                    entry[0] += 1
                    entry[1] += value
                    entry[2] += value * value
    return tally
