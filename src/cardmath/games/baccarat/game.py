"""Baccarat (punto banco) as the rest of cardmath sees it: the :data:`GAME` object.

The command line (``cardmath baccarat``), the published table set and the documentation reach
baccarat only through :data:`GAME`, a :class:`~cardmath.games.game.ShoeGame`; see the game's page
in the documentation, ``docs/games/baccarat.md``.

>>> rules = GAME.rules(commission="5", tie_pays="8")
>>> GAME.document(GAME.analyze(Shoe.standard(8), rules, ["tie"]))["results"]["ties"]
475627426473216
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Final

from sympy import Rational

from cardmath.bets import PayChange, PayTable
from cardmath.games.baccarat.analysis import BaccaratResult, analyze
from cardmath.games.baccarat.bets import BUILT_IN_BET_NAMES, resolve_bets
from cardmath.games.baccarat.closed_form import closed_form, solve_pay
from cardmath.games.baccarat.pay_tables import PAY_TABLES
from cardmath.games.baccarat.rules import BaccaratRules
from cardmath.games.baccarat.tables import (
    charts,
    pay_tables_tables,
    result_document,
    result_tables,
    summary_table,
)
from cardmath.games.bet_catalogue import read_bet_outcome
from cardmath.games.game import Axis, ClosedForm, DeckGame, RuleOption, SolvedPay, option_texts
from cardmath.numbers import read_percent, read_rational
from cardmath.shoe import Shoe
from cardmath.table import Chart, Table

__all__ = ["GAME", "BaccaratGame"]


class BaccaratGame(DeckGame):
    """Punto banco: fifteen built-in bets (and any bet a user defines) against any shoe, with the
    house's commission and tie pay.

    >>> game = BaccaratGame()
    >>> game.name, game.short_title, [option.flag for option in game.options]
    ('baccarat', 'Baccarat', ['--commission', '--tie-pays'])
    """

    name: str = "baccarat"
    title: str = "Baccarat (punto banco)"
    short_title: str = "Baccarat"
    summary: str = "baccarat (punto banco): every bet's par sheet, house edge and effects of removal"
    description: str = (
        "Exact analysis of punto banco for a shoe of whole decks, the infinite-deck limit, or a shoe "
        "with cards removed: every final deal is counted (unused fifth and sixth cards included, the "
        "published convention). With --closed-form: each bet's house edge as an exact function of "
        "the number of decks d. With --solve-pay: the exact pay of one outcome that gives a chosen "
        "house edge."
    )
    docs_page: str = "games/baccarat.md"
    default_decks: int = 8
    options: tuple[RuleOption, ...] = (
        RuleOption(
            "--commission",
            "commission",
            "5",
            "PCT",
            "commission on a winning banker bet, in percent from 0 to 100",
        ),
        RuleOption("--tie-pays", "tie_pays", "8", "N", "pay (to 1) of a winning tie bet, more than 0"),
    )
    bet_names: tuple[str, ...] = BUILT_IN_BET_NAMES
    pay_tables: tuple[PayTable, ...] = PAY_TABLES
    solve_pay_metavar: str = "BET:OUTCOME"
    solve_pay_help: str = (
        "one outcome of one bet, such as tie:tie, player_pair:pair or 'dragon_7:win'; "
        "the error for an unknown outcome lists the bet's outcomes"
    )

    def rules(self, **texts: str) -> BaccaratRules:
        """The rules from option texts keyed by field: ``commission`` in percent, ``tie_pays``.

        >>> GAME.rules(commission="4.5").commission
        9/200
        >>> GAME.rules(tie_pays="0")
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: the tie pay must be a number more than 0 (such as 8 or 9), not '0'
        >>> GAME.rules(spread_pays="5,4,2,1")
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: baccarat has no rule 'spread_pays': give commission or tie_pays
        """
        chosen = option_texts("baccarat", self.options, texts)
        commission = read_percent(chosen["commission"], "the commission", minimum=0, maximum=100)
        tie_pays = read_rational(
            chosen["tie_pays"],
            "the tie pay",
            minimum=0,
            above_minimum=True,
            allowed="a number more than 0 (such as 8 or 9)",
        )
        return BaccaratRules(commission=commission, tie_pays=tie_pays)

    def rules_document(self, rules: BaccaratRules) -> dict[str, Any]:
        """The commission (a fraction) and the tie pay as JSON fields of exact values.

        >>> GAME.rules_document(BaccaratRules())
        {'commission': 1/20, 'tie_pays': 8}
        """
        return {"commission": rules.commission, "tie_pays": rules.tie_pays}

    def with_pays(self, rules: BaccaratRules, changes: Sequence[PayChange]) -> BaccaratRules:
        """The rules with the pays of some outcomes set, after the commission and tie pay.

        >>> rules = GAME.with_pays(BaccaratRules(), [("perfect_pair", "two perfect pairs", Rational(250))])
        >>> resolve_bets(["perfect_pair"], rules)[0].pay("two perfect pairs")
        250
        >>> changes = [("perfect_pair", "three pairs", Rational(9))]
        >>> GAME.with_pays(BaccaratRules(), changes)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: bet 'perfect_pair' has no outcome 'three pairs': choose one of ...
        """
        chosen = dataclasses.replace(rules, pays=(*rules.pays, *changes))
        resolve_bets(None, chosen)
        return chosen

    def publication_tables(self, point: int | None) -> tuple[Table, ...]:
        """Every published table for ``point`` decks: the tables of the standard rules (see
        :meth:`tables`), then those of every catalogued pay table.

        >>> titles = [table.title for table in GAME.publication_tables(None)]
        >>> titles[-1]
        'Baccarat lucky_6:macau pay table par sheet, infinite decks'

        """
        return (*self.tables(self.fresh(point)), *pay_tables_tables(Axis.shoe(point)))

    def analyze(self, shoe: Shoe, rules: BaccaratRules, bets: Sequence[str] | None) -> BaccaratResult:
        """Every bet named (``None``: every built-in bet) on one shoe.

        >>> GAME.analyze(Shoe.infinite(), BaccaratRules(), ["tie"]).result_probabilities["ties"]
        460601/4826809
        """
        return analyze(shoe, rules, bets=bets)

    def document(self, result: BaccaratResult) -> dict[str, Any]:
        """The result as JSON fields of exact values, after ``game``, ``decks`` and ``removed``.

        >>> document = GAME.document(analyze(Shoe.standard(8), bets=["tie"]))
        >>> list(document)
        ['commission', 'tie_pays', 'total_combinations', 'results', 'result_probabilities', 'bets']
        """
        return result_document(result)

    def tables(self, result: BaccaratResult) -> tuple[Table, ...]:
        """The result as tables: results, one par sheet per bet, every bet's figures, and the
        effects of removal (finite shoes).

        >>> for table in GAME.tables(analyze(Shoe.infinite(), bets=["tie"])):
        ...     print(table.title)
        Baccarat results, infinite decks
        Baccarat tie bet par sheet, infinite decks
        Baccarat bets, infinite decks
        """
        return result_tables(result)

    def closed_form(self, rules: BaccaratRules, bets: Sequence[str] | None) -> tuple[ClosedForm, ...]:
        """Each bet's house edge in ``d`` fresh decks, exactly (``None``: every built-in bet).

        >>> [(form.name, form.limit) for form in GAME.closed_form(BaccaratRules(), ["player_pair"])]
        [('player_pair', 1/13)]
        """
        return tuple(closed_form(bet, rules) for bet in resolve_bets(bets, rules))

    def solve_pay(self, shoe: Shoe, rules: BaccaratRules, which: str, target: Rational) -> SolvedPay:
        """The pay of the outcome ``which`` names (``BET:OUTCOME``, such as ``tie:tie``) giving the
        bet the house edge ``target``.

        >>> solved = GAME.solve_pay(Shoe.standard(1), BaccaratRules(), "player_pair:pair", Rational(0))
        >>> solved.pay, solved.solved_for, solved.document
        (16, 'player_pair: pair', {'bet': 'player_pair', 'outcome': 'pair'})
        >>> GAME.solve_pay(Shoe.standard(1), BaccaratRules(), "tie", Rational(0))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: --solve-pay needs BET:OUTCOME, ...; the outcomes of tie are 'tie', ...
        """
        name, outcome = read_bet_outcome(which, lambda bet: resolve_bets([bet], rules)[0], "tie:tie")
        return SolvedPay.of_outcome(solve_pay(shoe, rules, name, outcome, target), name, outcome)

    def summary_table(self, points: Sequence[int | None]) -> Table:
        """Every bet's house edge by number of decks, one row per point.

        >>> [row[0] for row in GAME.summary_table([8, None]).rows]
        ['8 decks', 'infinite decks']
        """
        return summary_table([Axis.shoe(point) for point in points])

    def charts(self) -> tuple[Chart, ...]:
        """The figures of the documentation page: house edge by decks, effects of removal.

        >>> [chart.name for chart in GAME.charts()]
        ['baccarat-house-edge', 'baccarat-effects-of-removal']
        """
        return charts()


GAME: Final[BaccaratGame] = BaccaratGame()
"""Baccarat (punto banco), as the registry (:data:`cardmath.games.registry.GAMES`) lists it."""
