"""A study's definition (:class:`Study`) and its core: dealing a range of shoes and adding up, in
whole numbers, what every strategy wins on them (:func:`tally_shoes`).

A study runs any bet of any game a study deals (:func:`~cardmath.study.dealer.study_game`) through
the game's own evaluators.  Every round's exact house edge is a fraction of integers: from the
counter's bulk path (:meth:`~cardmath.engine.counter.Counter.row_edges`: every round of a range of
shoes in one call, given the cards left as counts of the 52 cards; baccarat's covers its bets on
the final deal) for the bets it covers, and from the game's batch of shoes
(:meth:`~cardmath.engine.game.CatalogueGame.analyze_many`) for the rest.  The expected win of a bet
on a round is minus its exact edge: a strategy's win on a shoe is the sum over the rounds it bets
of that expected win, which is what the study averages (it has far less variance than the cards'
actual results, each round's outcome settled at its exact net pay, which are counted too).  Edges
are added in fixed point, ``SCALE`` units per unit bet, each rounded down from the exact fraction,
so every tally is a whole number: tallies add up in any order and a study gives the same figures
for any split of its shoes.  A study bets flat: a bet with a decision (Red Dog's raise, Casino
War's war) is refused.

>>> study = Study.define(["dragon_7"], shoes=4, seed=1)
>>> tally = tally_shoes(study, 0, 4)
>>> tally["shoes"], tally["strategies"]["dragon_7 never"]["win"]
(4, 0)
>>> tiger = Study.define(["tie"], game="dragon-tiger", shoes=2, seed=1)
>>> tally_shoes(tiger, 0, 2)["rounds"] > 380
True
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
from sympy import Rational

from cardmath.bets import RuleBet
from cardmath.checks import checked
from cardmath.engine import CatalogueGame, Counter, HouseEdges
from cardmath.engine.protocol import Game
from cardmath.errors import OptionError
from cardmath.shoe import Shoe
from cardmath.study.counts import CountSystem
from cardmath.study.dealer import DEFAULT_GAME, DealtShoe, ShoeSetup, deal_shoe, study_game
from cardmath.study.strategies import CountTrigger, NeverBet, PerfectPlay, Strategy, count_strategies

__all__ = ["SCALE", "Study", "Tally", "add_tallies", "empty_tally", "tally_shoes"]

Array = npt.NDArray[Any]

SCALE = 10**12
"""Fixed-point units per unit bet in which edges and wins are added (each round's exact edge
rounded down: at most 10**-12 of a unit per round)."""

_BLOCK = 2048
"""Rounds evaluated per call of the game's batch (a block's tables stay small and fast)."""

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
    """What a study deals and measures: the bets, the strategies, how shoes are dealt (the game
    among them), the number of shoes and the seed.  Build one with :meth:`define`, which adds
    perfect play and never betting for every bet.

    Args:
        bets: The bets the study deals, flat (no decision), each name once; resolved bets of the setup's game.
        strategies: The strategies measured, each on one of ``bets`` and each named once.
        setup: How shoes are dealt: game, rules, decks, cut card, rounds after it and burn; the default setup
            (8 decks of baccarat) when omitted.
        shoes: The number of shoes dealt, 1 or more; 1000 by default.
        seed: The random seed, a whole number 0 or more: the same seed deals the same shoes; 0 by default.
        teams: Groups of two or more of the strategies' names, each played as one strategy (its result per
            shoe the sum of its members'); none by default. A team is worked out from its members'
            tallies, so it is not part of the fingerprint.

    >>> study = Study.define(["dragon_7"], counts=[("how_dragon_7", None, None)], shoes=10, seed=1)
    >>> [strategy.name for strategy in study.strategies]  # doctest: +NORMALIZE_WHITESPACE
    ['dragon_7 how_dragon_7 running count >= 0', 'dragon_7 perfect play', 'dragon_7 never']
    """

    bets: tuple[RuleBet[Any], ...]
    strategies: tuple[Strategy, ...]
    setup: ShoeSetup = field(default_factory=ShoeSetup)
    shoes: int = 1000
    seed: int = 0
    teams: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.shoes, bool) or not isinstance(self.shoes, int) or self.shoes < 1:
            raise OptionError(f"a study needs a whole number of shoes, 1 or more, not {self.shoes!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise OptionError(f"the seed must be a whole number 0 or more, not {self.seed!r}")
        if not isinstance(self.setup, ShoeSetup):
            raise OptionError(f"a study's setup must be a ShoeSetup, not {self.setup!r}")
        for part, kind, noun in (("bets", RuleBet, "bet"), ("strategies", Strategy, "strategy")):
            given = getattr(self, part)
            if not isinstance(given, tuple) or not all(isinstance(item, kind) for item in given):
                raise OptionError(
                    f"a study's {part} are a tuple of {noun} objects: build a study with Study.define"
                )
        if not isinstance(self.teams, tuple):
            raise OptionError(f"a study's teams are a tuple of tuples of strategy names, not {self.teams!r}")
        for bet in self.bets:
            _check_flat(bet, self.setup.game)
        names = {bet.name for bet in self.bets}
        if len(names) != len(self.bets):
            raise OptionError("each bet of a study may be given once")
        for strategy in self.strategies:
            if strategy.bet not in names:
                raise OptionError(
                    f"strategy {strategy.name!r} bets {strategy.bet!r}, which the study does not deal"
                )
        if len({s.name for s in self.strategies}) != len(self.strategies):
            raise OptionError("each strategy of a study may be given once")
        known = [s.name for s in self.strategies]
        for team in self.teams:
            if not isinstance(team, tuple) or len(set(team)) != len(team) or len(team) < 2:
                raise OptionError(f"a team is a tuple of two or more different strategy names, not {team!r}")
            for member in team:
                if member not in known:
                    raise OptionError(f"team member {member!r} is not a strategy of the study: {known}")

    @property
    def game(self) -> CatalogueGame[Any, Any]:
        """The game the study deals (its setup's).

        >>> Study.define(["tie"], game="dt", shoes=1).game.title
        'Dragon Tiger'
        """
        return self.setup.game

    @classmethod
    @checked
    def define(
        cls,
        bets: Iterable[str | RuleBet[Any]],
        *,
        counts: Iterable[tuple[Any, ...]] = (),
        setup: ShoeSetup | None = None,
        shoes: int = 1000,
        seed: int = 0,
        game: Game | str | None = None,
        team: bool = False,
    ) -> Study:
        """A study of ``bets`` (built-in names or bets of the game's bet type, such as baccarat's
        :class:`~cardmath.games.baccarat.Bet`, under the setup's rules), with a count strategy for
        each ``(count, trigger, basis)`` of ``counts`` on the first bet (a built-in count's name
        takes its published trigger and basis where they are ``None``), then perfect play and
        never betting for each bet.  ``game`` (a name or a game object) is the setup's game: give
        it, or a ``setup`` of it, not two different games.

        With ``team=True`` the counts are team play: the first count bets the first bet, the second
        count the second bet, and so on (no ``counts``: each bet its published count), and the
        study adds the team, the count strategies played as one, to its figures.

        Args:
            bets: Built-in bet names or bet objects of the game's bet type; at least one, each without a
                decision.
            counts: Count strategies on the first bet (in a team, each on its own bet), as
                ``(count, trigger, basis)``: a count's name, tags or
                :class:`~cardmath.study.counts.CountSystem`; the trigger level (``None``: the published one);
                ``"running"`` or ``"true"`` (``None``: the published basis, else true). None by default.
            setup: How shoes are dealt; ``None`` deals ``game`` with the default setup.
            shoes: The number of shoes to deal, 1 or more; 1000 by default.
            seed: The random seed, 0 or more; 0 by default.
            game: The game to deal, by name or object; ``None`` takes the setup's game, or baccarat without a
                setup.
            team: Whether the counts are one team, each on its own bet in order (two or more counts, no more
                than the bets); ``False`` by default.

        Returns:
            The study, its strategies in order: the count strategies, then perfect play and never betting for
                each bet.

        Raises:
            OptionError: When there is no bet, a bet has a decision, two games are named, a count is not a
                ``(count, trigger, basis)`` triple or has no trigger, or a team has too few or too many
                counts.

        >>> Study.define(["panda_8"], counts=[("wizard_panda_8", None, None)])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: count wizard_panda_8 was published without a trigger: give one ...
        >>> Study.define(["reddog"], game="reddog")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: Red Dog bet 'reddog' has a decision (raise): a study bets flat, ...
        >>> Study.define(["dragon_7", "panda_8"], team=True, shoes=1).teams  # doctest: +NORMALIZE_WHITESPACE
        (('dragon_7 how_dragon_7 running count >= 0', 'panda_8 how_panda_8_co_count running count >= 3'),)
        """
        if setup is None:
            setup = ShoeSetup(game=study_game(game if game is not None else DEFAULT_GAME))
        elif game is not None and study_game(game) is not setup.game:
            raise OptionError(
                f"the study names two games: {study_game(game).title} and its setup's {setup.game.title}"
            )
        if isinstance(bets, str):
            raise OptionError(f"bets are a list of names, not one text: give [{bets!r}]")
        given = list(bets)
        if not given:
            raise OptionError(f"a study needs a bet: give one or more {setup.game.short_title} bets")
        for bet in given:
            if isinstance(bet, RuleBet):
                _check_flat(bet, setup.game)
        chosen = setup.game.resolve_bets(given, setup.rules)
        strategies: list[Strategy] = list(count_strategies(counts, chosen, setup.game, team=team))
        teams = (tuple(s.name for s in strategies),) if team else ()
        for bet in chosen:
            strategies += [PerfectPlay(bet.name), NeverBet(bet.name)]
        return cls(chosen, tuple(strategies), setup, shoes, seed, teams)

    def describe(self) -> dict[str, Any]:
        """The study as JSON-ready data (what its results and its fingerprint are made of): the
        game, the bets and their pays, the strategies and counts, how shoes are dealt, each field
        of the rules (its pays are the bets'), the number of shoes and the seed.

        Returns:
            A new dict of plain values (text, numbers, lists, dicts), its keys in a fixed order: the same
                study always gives the same data.

        >>> described = Study.define(["tie"], game="dragon-tiger", shoes=3).describe()
        >>> described["game"], described["shoes"], described["tie_pays"], described["burn"]
        ('dragon-tiger', 3, '8', True)
        """
        setup = self.setup
        described: dict[str, Any] = {
            "game": setup.game.name,
            "bets": {bet.name: _bet_description(bet) for bet in self.bets},
            "strategies": [s.name for s in self.strategies],
            "counts": {
                s.count.name: {
                    "tags": list(s.count.published_tags()),
                    "initial_per_deck": s.count.initial_per_deck,
                }
                for s in self.strategies
                if isinstance(s, CountTrigger)
            },
            "decks": setup.decks,
            "cut_card": setup.cut_card,
            "rounds_after_cut": setup.rounds_after_cut,
            "burn": setup.burn,
        }
        if dataclasses.is_dataclass(setup.rules):
            for rule in dataclasses.fields(setup.rules):
                if rule.name != "pays":
                    key = rule.name if rule.name not in described else f"rule {rule.name}"
                    described[key] = _plain(getattr(setup.rules, rule.name))
        else:
            described["rules"] = repr(setup.rules)
        described["shoes"] = self.shoes
        described["seed"] = self.seed
        return described

    def fingerprint(self) -> str:
        """A short hash of :meth:`describe` without the number of shoes: chunks of one study (of any
        length) can be resumed from each other, never from another study's.  A baccarat study
        whose shoes start with the burn leaves the game and the burn out, so it keeps the
        fingerprint it had before studies took a game.

        Returns:
            Sixteen hexadecimal digits of a SHA-256 hash.

        >>> Study.define(["tie"], shoes=3).fingerprint() == Study.define(["tie"], shoes=9).fingerprint()
        True
        >>> Study.define(["tie"]).fingerprint() == Study.define(["tie"], game="dragon-tiger").fingerprint()
        False
        """
        description = {k: v for k, v in self.describe().items() if k != "shoes"}
        if self.setup.game.name == DEFAULT_GAME and self.setup.burn:
            del description["game"], description["burn"]
        return hashlib.sha256(json.dumps(description, sort_keys=True).encode()).hexdigest()[:16]


def _check_flat(bet: RuleBet[Any], game: CatalogueGame[Any, Any]) -> None:
    """Refuse a bet with a decision: a study bets one unit and settles it, with no choice inside."""
    if bet.decision is not None:
        raise OptionError(
            f"{game.short_title} bet {bet.name!r} has a decision ({bet.decision.name}): a study bets flat, "
            "so it takes only bets without a choice inside them"
        )


def _bet_description(bet: RuleBet[Any]) -> dict[str, Any]:
    """A bet as a study describes it: its pays, what it reads (where the game's bets say), and how
    its outcomes settle (where they are not one-to-one with the pays)."""
    described: dict[str, Any] = {"pays": {o: str(p) for o, p in bet.pays}}
    reads = getattr(bet, "reads", None)
    if reads is not None:
        described["reads"] = getattr(reads, "value", str(reads))
    if bet.settlements:
        described["settlements"] = [
            [s.outcome, s.pay, str(s.times), str(s.plus), str(s.staked)] for s in bet.settlements
        ]
    return described


def _plain(value: Any) -> Any:
    """A field of the rules as JSON-ready data: numbers as exact text, flags as they are, a
    sequence as a list, and a table of rules (a dataclass) as the list of its rows, a table of
    tables giving each of its rows.

    >>> from sympy import Rational
    >>> _plain(Rational(1, 20)), _plain((True, False)), _plain(((1, 2), (3, 4)))
    ('1/20', [True, False], [['1', '2'], ['3', '4']])
    """
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        rows: list[Any] = []
        for item in (getattr(value, f.name) for f in dataclasses.fields(value)):
            nested = isinstance(item, tuple) and bool(item) and all(isinstance(row, tuple) for row in item)
            rows += [_plain(row) for row in item] if nested else [_plain(item)]
        return rows
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return str(value.value if isinstance(value, enum.Enum) else value)


@checked
def empty_tally(study: Study) -> Tally:
    """A tally of no shoes.

    Args:
        study: The study whose bets, strategies and count strategies name the tally's entries.

    Returns:
        A tally with every sum of every bet and strategy at zero, ready for :func:`add_tallies`.  Its
            ``joint`` part (the sums over pairs of strategies and each strategy's squared results per bet)
            counts its own shoes, so chunks saved before it existed are told apart.

    >>> empty_tally(Study.define(["tie"], shoes=1))["rounds"]
    0
    """
    names = [s.name for s in study.strategies]
    pairs = {a: dict.fromkeys(names[i + 1 :], 0) for i, a in enumerate(names[:-1])}
    return {
        "shoes": 0,
        "rounds": 0,
        "rounds_sq": 0,
        "bets": {bet.name: dict.fromkeys(_BET_SUMS, 0) for bet in study.bets},
        "strategies": {s.name: dict.fromkeys(_STRATEGY_SUMS, 0) for s in study.strategies},
        "levels": {s.name: {} for s in study.strategies if isinstance(s, CountTrigger)},
        "joint": {
            "shoes": 0,
            "bet_sq": dict.fromkeys(names, 0),
            "win": {a: dict(b) for a, b in pairs.items()},
            "actual": {a: dict(b) for a, b in pairs.items()},
        },
    }


@checked
def add_tallies(first: Mapping[str, Any], second: Mapping[str, Any]) -> Tally:
    """The sum of two tallies (whole numbers add; a key present in one only is kept).

    Args:
        first: A tally (or any nesting of dicts, lists of ints and ints).
        second: Another tally with the same shape; lists of one key must have the same length.

    Returns:
        A new tally: numbers added, lists added item by item, dicts added key by key.

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


def _card_rows(study: Study, dealt: Sequence[DealtShoe]) -> Array:
    """The cards left before every round, as counts of the 52 cards (one row per round of every
    shoe, in order)."""
    full = np.full(52, study.setup.decks, dtype=np.int64)
    rows = []
    for shoe in dealt:
        size = len(shoe.order)
        seen = np.zeros((size + 1, 52), dtype=np.int64)
        seen[np.arange(1, size + 1), shoe.order] = 1
        np.cumsum(seen, axis=0, out=seen)
        rows.append(full - seen[shoe.starts])
    return np.vstack(rows) if rows else np.zeros((0, 52), dtype=np.int64)


def _edge_terms(
    study: Study, dealt: Sequence[DealtShoe], counter: Counter | None = None
) -> tuple[Array, Array]:
    """Every round's exact house-edge numerator and denominator for each bet, as Python integers
    (rows: the rounds of all the shoes in order; columns: the study's bets; every denominator
    positive): the counter's bulk path for the bets it covers, the game's batch for the rest."""
    setup = study.setup
    counter = counter if counter is not None else setup.counter()
    cards = _card_rows(study, dealt)
    rounds = len(cards)
    found: dict[str, tuple[Any, Any]] = dict(counter.row_edges(cards, study.bets)) if rounds else {}
    others = [bet for bet in study.bets if bet.name not in found]
    if others and rounds:
        edges: list[HouseEdges] = []
        for begin in range(0, rounds, _BLOCK):
            shoes = [Shoe(tuple(row)) for row in cards[begin : begin + _BLOCK].tolist()]
            edges += setup.game.analyze_many(shoes, setup.rules, bets=others)
        for bet in others:
            terms = [edge.fraction(bet.name) for edge in edges]
            found[bet.name] = ([p for p, _ in terms], [q for _, q in terms])
    numerators = np.zeros((rounds, len(study.bets)), dtype=object)
    denominators = np.ones((rounds, len(study.bets)), dtype=object)
    for b, bet in enumerate(study.bets):
        if rounds:
            top, bottom = found[bet.name]
            numerators[:, b] = np.asarray(top).astype(object)
            denominators[:, b] = np.asarray(bottom).astype(object)
    flip = denominators < 0
    if flip.any():
        numerators[flip] = -numerators[flip]
        denominators[flip] = -denominators[flip]
    return numerators, denominators


def _fixed_nets(bet: RuleBet[Any]) -> dict[str, int]:
    """Each outcome's exact net pay in fixed point (``SCALE`` units, rounded down)."""
    nets: dict[str, int] = {}
    for outcome in bet.outcomes():
        net = Rational(bet.net(outcome))
        nets[outcome] = (int(net.p) * SCALE) // int(net.q)
    return nets


def _actual(bet: RuleBet[Any], dealt: Sequence[DealtShoe]) -> Array:
    """The actual result of one unit on the bet in every round (fixed point): the net pay of the
    outcome its rule names for the round's deal."""
    nets = _fixed_nets(bet)
    rule = bet.rule
    outcomes = [rule(deal) for shoe in dealt for deal in shoe.deals]
    try:
        values = [nets[outcome] for outcome in outcomes]
    except KeyError as missing:
        raise OptionError(
            f"the rule of bet {bet.name!r} gave outcome {missing.args[0]!r}, which is not one of its "
            f"outcomes ({', '.join(nets)})"
        ) from None
    found = np.empty(len(values), dtype=object)
    found[:] = values
    return found


@checked
def tally_shoes(study: Study, start: int, stop: int) -> Tally:
    """Deal shoes ``start`` to ``stop - 1`` of the study and tally every strategy on them.

    Args:
        study: The study to run: its bets, strategies, setup and seed.
        start: The index of the first shoe dealt, from 0.
        stop: One past the index of the last shoe dealt; a stop not above ``start`` deals none.

    Returns:
        Whole-number sums over those shoes: rounds, each bet's edges and each strategy's wins, bets and actual
            results (and, for a count strategy, the rounds, edge and its square by count level), and the
            ``joint`` sums: each strategy's squared actual result per bet made, and for every pair of
            strategies the sums of the products of their wins and of their actual results per shoe.

    Raises:
        OptionError: When ``start`` is negative, ``stop`` is below ``start`` or past the study's shoes.

    >>> study = Study.define(["dragon_7"], counts=[("how_dragon_7", None, None)], shoes=3, seed=5)
    >>> tally = tally_shoes(study, 0, 3)
    >>> perfect = tally["strategies"]["dragon_7 perfect play"]["win"]
    >>> perfect >= tally["strategies"]["dragon_7 how_dragon_7 running count >= 0"]["win"]
    True
    """
    if not 0 <= start <= stop <= study.shoes:
        raise OptionError(
            f"the shoes dealt run from a start to a stop with 0 <= start <= stop <= {study.shoes} "
            f"(the study's shoes), not {start} to {stop}"
        )
    tally = empty_tally(study)
    if stop == start:
        return tally
    counter = study.setup.counter()
    dealt = [deal_shoe(study.seed, index, study.setup, counter) for index in range(start, stop)]
    numerators, denominators = _edge_terms(study, dealt, counter)
    advantage = (-numerators * SCALE) // denominators
    lengths = np.array([len(shoe.starts) for shoe in dealt], dtype=np.int64)
    offsets = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    per_shoe_rounds = lengths.astype(object)
    remaining = np.concatenate([len(shoe.order) - shoe.starts for shoe in dealt])
    tally["shoes"] = len(dealt)
    tally["rounds"] = int(lengths.sum())
    tally["rounds_sq"] = int((per_shoe_rounds * per_shoe_rounds).sum())

    def by_shoe(values: Array) -> Array:
        summed: Array = np.add.reduceat(values, offsets)
        return summed

    bet_index = {bet.name: b for b, bet in enumerate(study.bets)}
    favourable: dict[str, Array] = {}
    perfect_win: dict[str, Array] = {}
    for name, b in bet_index.items():
        values = advantage[:, b]
        favourable[name] = np.asarray(numerators[:, b] < 0, dtype=bool)
        per_shoe = by_shoe(values)
        perfect_win[name] = by_shoe(values * favourable[name])
        first = values[offsets]
        sums = tally["bets"][name]
        sums["positive_rounds"] = int(favourable[name].sum())
        sums["edge"] = int(values.sum())
        sums["edge_sq"] = int((values * values).sum())
        sums["shoe_edge_sq"] = int((per_shoe * per_shoe).sum())
        sums["shoe_edge_rounds"] = int((per_shoe * per_shoe_rounds).sum())
        sums["first_edge"] = int(first.sum())
        sums["first_edge_sq"] = int((first * first).sum())
    actual = {bet.name: _actual(bet, dealt) for bet in study.bets}
    running: dict[CountSystem, Array] = {}
    for strategy in study.strategies:
        if isinstance(strategy, CountTrigger) and strategy.count not in running:
            tags = np.array(strategy.count.card_tags(), dtype=np.int64)
            initial = strategy.count.initial(study.setup.decks)
            counted = []
            for shoe in dealt:
                seen = np.concatenate([[0], np.cumsum(tags[shoe.order])])
                exposed = int(tags[shoe.order[0]]) if shoe.burned else 0
                counted.append(initial + exposed + (seen[shoe.starts] - seen[shoe.burned]))
            running[strategy.count] = np.concatenate(counted)
    nothing = np.zeros(len(remaining), dtype=np.int64)
    joint = tally["joint"]
    joint["shoes"] = len(dealt)
    shoe_results: dict[str, tuple[Array, Array]] = {}
    for strategy in study.strategies:
        name = strategy.bet
        values = advantage[:, bet_index[name]]
        count_running = running[strategy.count] if isinstance(strategy, CountTrigger) else nothing
        chosen = np.asarray(
            strategy.bets(count_running, remaining, numerators[:, bet_index[name]]), dtype=bool
        )
        win = by_shoe(values * chosen)
        placed = by_shoe(chosen.astype(np.int64)).astype(object)
        result = by_shoe(actual[name] * chosen)
        sums = tally["strategies"][strategy.name]
        sums["win"] = int(win.sum())
        sums["win_sq"] = int((win * win).sum())
        sums["bets"] = int(placed.sum())
        sums["bets_sq"] = int((placed * placed).sum())
        sums["win_bets"] = int((win * placed).sum())
        sums["win_rounds"] = int((win * per_shoe_rounds).sum())
        sums["win_perfect"] = int((win * perfect_win[name]).sum())
        sums["actual"] = int(result.sum())
        sums["actual_sq"] = int((result * result).sum())
        sums["positive_bets"] = int((chosen & favourable[name]).sum())
        joint["bet_sq"][strategy.name] = int((actual[name] * actual[name] * chosen).sum())
        shoe_results[strategy.name] = (win, result)
        if isinstance(strategy, CountTrigger):
            level = np.asarray(strategy.level(count_running, remaining))
            found, where = np.unique(level, return_inverse=True)
            where = where.reshape(-1)
            seen = np.bincount(where, minlength=len(found))
            totals = np.zeros(len(found), dtype=object)
            squares = np.zeros(len(found), dtype=object)
            np.add.at(totals, where, values)
            np.add.at(squares, where, values * values)
            tally["levels"][strategy.name] = {
                str(int(level_)): [int(seen[i]), int(totals[i]), int(squares[i])]
                for i, level_ in enumerate(found.tolist())
            }
    for a, partners in joint["win"].items():
        for b in partners:
            joint["win"][a][b] = int((shoe_results[a][0] * shoe_results[b][0]).sum())
            joint["actual"][a][b] = int((shoe_results[a][1] * shoe_results[b][1]).sum())
    return tally
