"""Baccarat (punto banco) as a definition, and :data:`GAME`.

Baccarat's deal follows the drawing rules, so the definition brings a counter of its own
(:class:`BaccaratCounter`: every final deal enumerated once per
set of drawing rules, a fast batch for many shoes); everything else (every verb, document, table,
chart and the command ``cardmath baccarat``) is the engine's.

>>> from cardmath.shoe import Shoe
>>> rules = GAME.rules(commission="5", tie_pays="8")
>>> GAME.document(GAME.analyze(Shoe.standard(8), rules, bets=["tie"]))["results"]["ties"]
475627426473216
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np

from cardmath.bets import RuleBet
from cardmath.engine import CatalogueGame, Definition, HouseEdges, RuleOption
from cardmath.engine.counter import Counter
from cardmath.engine.definition import SeenTable
from cardmath.engine.knowledge import KnownTally
from cardmath.engine.tally import Array, BetCells, Cell, Tally
from cardmath.errors import OptionError
from cardmath.games.baccarat.batch import house_edges, value_edge_terms
from cardmath.games.baccarat.bets import Bet, built_in_bets
from cardmath.games.baccarat.deal import Deal
from cardmath.games.baccarat.dealing import CARD_VALUES, burn_count, deal_round
from cardmath.games.baccarat.known import POSITIONS, VALUE_CATEGORIES, known_tally
from cardmath.games.baccarat.pay_tables import PAY_TABLES
from cardmath.games.baccarat.rules import CARDS_PER_DEAL, BaccaratRules, Reads
from cardmath.games.baccarat.tally import RESULT_NAMES, shoe_counts
from cardmath.numbers import read_percent, read_rational
from cardmath.parsheet import Figure
from cardmath.shoe import Shoe

__all__ = ["CHART_BET_NAMES", "DEFINITION", "FIGURES", "GAME", "BaccaratCounter"]

FIGURES: tuple[Figure, ...] = (
    Figure.HOUSE_EDGE,
    Figure.HOUSE_EDGE_EXCLUDING_PUSHES,
    Figure.ELEMENT_OF_RISK,
    Figure.VARIANCE,
    Figure.STANDARD_DEVIATION,
    Figure.HIT_FREQUENCY,
)
"""The figures of every bet: the house edge, the same excluding pushes (the player and banker bets
push on a tie), the element of risk, the variance, the standard deviation and the hit frequency."""

CHART_BET_NAMES: tuple[str, ...] = (
    "player",
    "banker",
    "banker_no_commission",
    "ez_banker",
    "tie",
    "player_pair",
    "banker_pair",
    "either_pair",
    "perfect_pair",
    "dragon_bonus_player",
    "dragon_bonus_banker",
    "dragon_7",
    "panda_8",
    "big",
    "small",
)
"""The bets the house-edge chart draws: the standard fifteen (the side bets have tables only)."""


def _commission(text: str) -> object:
    return read_percent(text, "the commission", minimum=0, maximum=100)


def _tie_pays(text: str) -> object:
    allowed = "a number more than 0 (such as 8 or 9)"
    return read_rational(text, "the tie pay", minimum=0, above_minimum=True, allowed=allowed)


class BaccaratCounter(Counter):
    """Baccarat's counter for the engine, under one set of drawing rules: one cell per outcome of
    each bet (no bet of baccarat has a decision), counted by :func:`shoe_counts`; many house
    edges at once through the batch of :mod:`cardmath.games.baccarat.batch`.

    >>> from cardmath.games.baccarat.rules import DEFAULT_RULES
    >>> counter = BaccaratCounter(DEFAULT_RULES)
    >>> counter.longest, counter.count([Shoe.standard(1)], [built_in_bets()["tie"]]).row(0, 0)
    (6, [1372227328, 13285907072])
    """

    title = "Baccarat"
    results = RESULT_NAMES
    longest_deal = "a deal is counted as 6 cards (unused fifth and sixth cards included)"

    def __init__(self, rules: BaccaratRules) -> None:
        self.rules = rules

    @property
    def longest(self) -> int:
        return CARDS_PER_DEAL

    def bet_cells(self, bet: RuleBet[Any]) -> BetCells:
        return _cells(len(bet.outcomes()))

    def known_positions(self) -> tuple[str, ...]:
        return POSITIONS

    def known_categories(self) -> tuple[str, ...]:
        return VALUE_CATEGORIES

    def counts_known(self, bet: RuleBet[Any]) -> bool:
        return getattr(bet, "reads", None) is Reads.DEAL

    def count_known(self, shoe: Shoe, bets: Sequence[RuleBet[Any]], positions: Sequence[str]) -> KnownTally:
        return known_tally(shoe, self.rules, bets, positions)

    def reads_suits(self, bets: Sequence[RuleBet[Any]]) -> bool:
        return any(getattr(bet, "reads", Reads.DEAL) in (Reads.FIRST_TWO, Reads.FIRST_CARDS) for bet in bets)

    def count(self, shoes: Sequence[Shoe], bets: Sequence[RuleBet[Any]]) -> Tally:
        chosen = tuple(_as_bet(bet) for bet in bets)
        widths = [len(bet.outcomes()) for bet in chosen]
        rows = []
        for shoe in shoes:
            self.check(shoe)
            total, found, winners = shoe_counts(shoe, self.rules, chosen)
            rows.append([total, *winners, *(count for bet in chosen for count in found[bet.name])])
        # one array of every shoe's counts, sliced by bet (views, no copies)
        counted = np.array(rows, dtype=object).reshape(len(shoes), 1 + len(RESULT_NAMES) + sum(widths))
        bounds = np.cumsum([1 + len(RESULT_NAMES), *widths]).tolist()
        return Tally(
            counted[:, 0],
            tuple(counted[:, bounds[i] : bounds[i + 1]] for i in range(len(chosen))),
            counted[:, 1 : 1 + len(RESULT_NAMES)],
        )

    def house_edges(self, shoes: Sequence[Shoe], bets: Sequence[RuleBet[Any]]) -> list[HouseEdges] | None:
        return house_edges(shoes, self.rules, tuple(_as_bet(bet) for bet in bets))

    def row_edges(self, rows: Array, bets: Sequence[RuleBet[Any]]) -> dict[str, tuple[Array, Array]]:
        """The bets on the final deal, from each shoe's cards of each value, for a block of shoes
        at once (:func:`~cardmath.games.baccarat.batch.value_edge_terms`)."""
        deal_bets = [bet for bet in map(_as_bet, bets) if bet.reads is Reads.DEAL]
        if not deal_bets or not len(rows):
            return {}
        by_value = np.zeros((52, 10), dtype=np.int64)
        by_value[np.arange(52), CARD_VALUES] = 1
        numerators, denominators = value_edge_terms(np.asarray(rows) @ by_value, self.rules, bets=deal_bets)
        return {bet.name: (numerators[:, b], denominators[:, b]) for b, bet in enumerate(deal_bets)}

    def deal_round(self, order: Sequence[int], position: int) -> tuple[Deal, int]:
        """One round by the drawing rules (:func:`~cardmath.games.baccarat.dealing.deal_round`)."""
        return deal_round(order, position, self.rules)

    def shoe_burn(self, exposed: int) -> int:
        """The shown first card burns as many cards as its value, a ten or a picture 10."""
        return burn_count(exposed)


@functools.cache
def _cells(outcomes: int) -> BetCells:
    return BetCells(tuple(Cell(outcome) for outcome in range(outcomes)), ())


def _as_bet(bet: RuleBet[Any]) -> Bet:
    if not isinstance(bet, Bet):
        raise OptionError(f"a baccarat bet is a baccarat Bet (reading a Deal), not {type(bet).__name__}")
    return bet


_SORTED_BETS = ("player", "banker", "tie")
"""The bets an edge sorter chooses among: the main bets."""


def _counter(rules: BaccaratRules) -> Counter:
    return BaccaratCounter(rules)


DEFINITION: Definition[BaccaratRules, Deal] = Definition(
    name="baccarat",
    title="Baccarat (punto banco)",
    short_title="Baccarat",
    summary="baccarat (punto banco): every bet's par sheet, house edge and effects of removal",
    description=(
        "Exact analysis of punto banco for a shoe of whole decks, the infinite-deck limit, or a shoe "
        "with cards removed: every final deal is counted (unused fifth and sixth cards included, the "
        "published convention). With --closed-form: each bet's house edge as an exact function of "
        "the number of decks d. With --solve-pay: the exact pay of one outcome that gives a chosen "
        "house edge."
    ),
    docs_page="games/baccarat.md",
    aliases=("punto-banco", "punto banco", "punto_banco"),
    rules_type=BaccaratRules,
    bets=built_in_bets,
    bet_type=Bet,
    default_decks=8,
    options=(
        RuleOption(
            "--commission",
            "commission",
            "5",
            "PCT",
            "commission on a winning banker bet, in percent from 0 to 100",
            read=_commission,
        ),
        RuleOption(
            "--tie-pays", "tie_pays", "8", "N", "pay (to 1) of a winning tie bet, more than 0", read=_tie_pays
        ),
    ),
    counter=_counter,
    results=RESULT_NAMES,
    pay_tables=PAY_TABLES,
    figures=FIGURES,
    chart_bets=CHART_BET_NAMES,
    removal_chart_bets=("banker", "player", "tie"),
    headlines=(("banker", ""), ("player", ""), ("tie", "paying 8 to 1")),
    solve_pay_example="tie:tie, player_pair:pair or 'dragon_7:win'",
    example_arguments=("--bets", "banker,tie"),
    seen_tables=(
        SeenTable(("P1",), _SORTED_BETS, "6789"),
        SeenTable(("P1", "B1", "P2", "B2"), _SORTED_BETS, "6789"),
        SeenTable(("P1", "B1", "P2", "B2"), _SORTED_BETS, best=10),
    ),
)
"""Baccarat, as the engine reads it."""

GAME: CatalogueGame[BaccaratRules, Deal] = CatalogueGame(DEFINITION)
"""Baccarat (punto banco), as the registry lists it."""
