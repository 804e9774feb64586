"""Dragon Tiger as the rest of cardmath sees it: :data:`GAME`, a
:class:`~cardmath.games.game.ShoeGame`.

The command line (``cardmath dragon-tiger``), the published table set and the documentation page
reach the game only through this object; it hands every question to the game's modules.

>>> from cardmath.games.game import ShoeGame
>>> isinstance(GAME, ShoeGame), GAME.name, GAME.default_decks, len(GAME.bet_names)
(True, 'dragon-tiger', 8, 12)
>>> result = GAME.analyze(Shoe.standard(8), GAME.rules(tie_pays="11"), ["tie"])
>>> GAME.document(result)["bets"]["tie"]["house_edge"]
43/415
>>> from cardmath.bets import find_pay_table
>>> rules = GAME.with_pays(GAME.rules(), find_pay_table(GAME.pay_tables, "suited_tie:50").changes())
>>> GAME.analyze(Shoe.standard(8), rules, ["suited_tie"]).bets["suited_tie"].house_edge
58/415
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from sympy import Rational

from cardmath.bets import PayChange, PayTable
from cardmath.games.dragon_tiger.analysis import DragonTigerResult, analyze
from cardmath.games.dragon_tiger.bets import BUILT_IN_BET_NAMES, resolve_bets
from cardmath.games.dragon_tiger.closed_form import closed_form, read_bet_outcome, solve_pay
from cardmath.games.dragon_tiger.pay_tables import PAY_TABLES
from cardmath.games.dragon_tiger.rules import DEFAULT_DECKS, DEFAULT_TIE_PAYS, DragonTigerRules
from cardmath.games.dragon_tiger.tables import (
    charts,
    pay_tables_tables,
    result_document,
    result_tables,
    summary_table,
)
from cardmath.games.game import Axis, ClosedForm, DeckGame, RuleOption, SolvedPay, option_texts
from cardmath.shoe import Shoe
from cardmath.table import Chart, Table

__all__ = ["GAME", "DragonTigerGame"]


class DragonTigerGame(DeckGame):
    """Dragon Tiger, one card to each side: the object the registry lists.

    >>> DragonTigerGame().rules_document(DragonTigerRules(tie_pays=11))
    {'tie_pays': 11}
    >>> len(GAME.publication_tables(1))  # results, 12 par sheets, bets, removal; pay tables, 12 sheets
    28
    """

    name: str = "dragon-tiger"
    title: str = "Dragon Tiger"
    short_title: str = "Dragon Tiger"
    summary: str = "Dragon Tiger: every bet's par sheet, house edge and effects of removal"
    description: str = (
        "Exact analysis of Dragon Tiger for a shoe of whole decks, the infinite-deck limit, or a shoe with "
        "cards removed: every ordered pair of Dragon and Tiger cards is counted. With --closed-form: each "
        "bet's house edge as an exact function of the number of decks d. With --solve-pay: the exact pay of "
        "one outcome of one bet that gives a chosen house edge."
    )
    docs_page: str = "games/dragon_tiger.md"
    default_decks: int = DEFAULT_DECKS
    options: tuple[RuleOption, ...] = (
        RuleOption(
            "--tie-pays",
            "tie_pays",
            str(DEFAULT_TIE_PAYS),
            "N",
            "pay (to 1) of a winning tie bet, such as 8 or 11",
        ),
    )
    bet_names: tuple[str, ...] = BUILT_IN_BET_NAMES
    pay_tables: tuple[PayTable, ...] = PAY_TABLES
    solve_pay_metavar: str = "BET:OUTCOME"
    solve_pay_help: str = (
        "one outcome of one bet, such as tie:tie or 'suited_tie:suited tie'; the error for an unknown "
        "outcome lists the bet's outcomes"
    )

    def summary_table(self, points: Sequence[int | None]) -> Table:
        """Every bet's house edge by number of decks.

        >>> GAME.summary_table([8]).rows[0][:2]
        ('8 decks', 31/830)
        """
        return summary_table(points)

    def charts(self) -> tuple[Chart, ...]:
        """The charts of the documentation page.

        >>> [chart.name for chart in GAME.charts()]
        ['dragon-tiger-house-edge', 'dragon-tiger-effects-of-removal']
        """
        return charts()

    def rules(self, **texts: str) -> DragonTigerRules:
        """The rules from option texts (``tie_pays``).

        >>> GAME.rules(tie_pays="11").tie_pays
        11
        >>> GAME.rules(commission="5")
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: Dragon Tiger has no rule 'commission': give tie_pays
        """
        return DragonTigerRules(tie_pays=option_texts("Dragon Tiger", self.options, texts)["tie_pays"])

    def rules_document(self, rules: DragonTigerRules) -> dict[str, Any]:
        """The rules as JSON fields.

        >>> GAME.rules_document(DragonTigerRules())
        {'tie_pays': 8}
        """
        return {"tie_pays": rules.tie_pays}

    def with_pays(self, rules: DragonTigerRules, changes: Sequence[PayChange]) -> DragonTigerRules:
        """The rules with the pays of some outcomes set, after the tie pay (``--pay``, ``--pay-table``).

        >>> rules = GAME.with_pays(DragonTigerRules(), [("suited_tie", "suited tie", Rational(60))])
        >>> resolve_bets(["suited_tie"], rules)[0].pay("suited tie")
        60
        >>> GAME.with_pays(DragonTigerRules(), [("tie", "suited tie", Rational(50))])
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: bet 'tie' has no outcome 'suited tie': choose one of 'tie', 'no tie'
        """
        chosen = dataclasses.replace(rules, pays=(*rules.pays, *changes))
        resolve_bets(None, chosen)
        return chosen

    def publication_tables(self, point: int | None) -> tuple[Table, ...]:
        """Every published table for ``point`` decks: the tables of the standard rules (see
        :meth:`tables`), then those of every catalogued pay table.

        >>> GAME.publication_tables(None)[-1].title
        'Dragon Tiger tiger_even:1 pay table par sheet, infinite decks'
        """
        return (*self.tables(self.fresh(point)), *pay_tables_tables(Axis.shoe(point)))

    def analyze(self, shoe: Shoe, rules: DragonTigerRules, bets: Sequence[str] | None) -> DragonTigerResult:
        """Every chosen bet (all by default) on one shoe.

        >>> GAME.analyze(Shoe.standard(8), DragonTigerRules(), ["dragon"]).bets["dragon"].house_edge
        31/830
        """
        return analyze(shoe, rules, bets=bets)

    def document(self, result: DragonTigerResult) -> dict[str, Any]:
        """The result as JSON fields of exact values, after ``game``, ``decks`` and ``removed``.

        >>> document = GAME.document(GAME.analyze(Shoe.standard(8), DragonTigerRules(), ["suited_tie"]))
        >>> list(document), document["bets"]["suited_tie"]["outcomes"][0]["combinations"]
        (['tie_pays', 'total_combinations', 'results', 'result_probabilities', 'bets'], 2912)
        """
        return result_document(result)

    def tables(self, result: DragonTigerResult) -> tuple[Table, ...]:
        """The result as tables for people.

        >>> for table in GAME.tables(GAME.analyze(Shoe.infinite(), DragonTigerRules(), ["tie"])):
        ...     print(table.title)
        Dragon Tiger results, infinite decks
        Dragon Tiger tie bet par sheet, infinite decks
        Dragon Tiger bets, infinite decks
        """
        return result_tables(result)

    def closed_form(self, rules: DragonTigerRules, bets: Sequence[str] | None) -> tuple[ClosedForm, ...]:
        """Each chosen bet's house edge in ``d`` fresh decks.

        >>> [(form.name, form.limit) for form in GAME.closed_form(DragonTigerRules(), ["dragon", "tie"])]
        [('dragon', 1/26), ('tie', 4/13)]
        """
        return tuple(closed_form(bet, rules) for bet in resolve_bets(bets, rules))

    def solve_pay(self, shoe: Shoe, rules: DragonTigerRules, which: str, target: Rational) -> SolvedPay:
        """The pay of ``BET:OUTCOME`` giving the house edge ``target``.

        >>> solved = GAME.solve_pay(Shoe.standard(8), DragonTigerRules(), "tie:tie", Rational(0))
        >>> solved.pay, solved.solved_for, solved.document
        (384/31, 'tie: tie', {'bet': 'tie', 'outcome': 'tie'})
        """
        name, outcome = read_bet_outcome(which, rules)
        return SolvedPay.of_outcome(solve_pay(shoe, rules, name, outcome, target), name, outcome)


GAME = DragonTigerGame()
"""Dragon Tiger, as the registry lists it."""
