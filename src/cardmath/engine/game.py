"""The engine: :class:`CatalogueGame`, the one interpreter of every game definition.

A definition says what a game is; this class does everything with it, once for every game:

- the verbs, with one argument order and one result type each: ``analyze(shoe, rules, *, bets)``
  (a :class:`~cardmath.engine.analysis.CatalogueResult`), ``analyze_many(shoes, rules, *, bets)``
  (one :class:`~cardmath.engine.settle.HouseEdges` per shoe), ``effects_of_removal(shoe, rules, *,
  bets)`` (by bet, then by rank: the change in house edge), ``closed_form(rules, *, bets)`` (a
  :class:`~cardmath.engine.protocol.ClosedForm` per bet) and ``solve_pay(shoe, rules, which,
  target)`` (a :class:`SolvedPay`);
- the rules: from the command line's texts (:meth:`CatalogueGame.rules`), as JSON fields, with a
  house's own pays (``--pay``, ``--pay-table``: :meth:`CatalogueGame.with_pays`);
- publication: the result as a JSON document and as tables, the catalogued pay tables, the
  summary across numbers of decks, the charts and the home page's figures; the command line is
  :mod:`cardmath.cli.shoe_game`, built from the same object.

A game that needs more overrides a documented hook, as python-chess's variants do:
:meth:`CatalogueGame.decision_tables` (Red Dog prints its raise strategy its own way) and
:meth:`CatalogueGame.counter` (the definition's ``counter`` field does it for baccarat).

>>> from cardmath.games.dragon_tiger import GAME
>>> GAME.analyze(Shoe.standard(8), bets=["dragon"]).bets["dragon"].house_edge
31/830
>>> [(form.name, form.limit) for form in GAME.closed_form(bets=["dragon", "tie"])]
[('dragon', 1/26), ('tie', 4/13)]
>>> GAME.solve_pay(Shoe.standard(8), GAME.default_rules, "tie:tie").pay
384/31
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from sympy import Rational

from cardmath.bets import RuleBet
from cardmath.checks import checked
from cardmath.engine import analysis, figures, publication, solving, strategy_tables
from cardmath.engine.analysis import CatalogueResult, EffectsOfRemoval
from cardmath.engine.contract import check_definition
from cardmath.engine.counter import Counter
from cardmath.engine.dealing import Dealing
from cardmath.engine.defined import DefinedGame
from cardmath.engine.definition import Definition
from cardmath.engine.hands import HandCounter
from cardmath.engine.protocol import Axis, ClosedForm, Headline, SolvedPay, Verb
from cardmath.engine.settle import HouseEdges
from cardmath.engine.strategy import StrategyText, read_strategy
from cardmath.engine.tally import DealCounter
from cardmath.engine.verbs import (
    Analyze,
    AnalyzeMany,
    BetChoice,
    ClosedFormVerb,
    EffectsOfRemovalVerb,
    SolvePay,
)
from cardmath.errors import OptionError
from cardmath.numbers import read_rational
from cardmath.pay_tables import check_solved_pay
from cardmath.shoe import Shoe
from cardmath.table import Chart, Table

__all__ = ["CatalogueGame"]

RulesT = TypeVar("RulesT")
DealT = TypeVar("DealT")


class CatalogueGame(DefinedGame[RulesT, DealT]):
    """A deal-and-settle game: its :class:`~cardmath.engine.definition.Definition` and every verb,
    document, table and chart of it (the registry lists one of these per definition).

    Args:
        definition: What the game is, as data: its dealing or counter, bets, rules, options and publication
            choices; must give either a dealing or a counter, not both.

    >>> from cardmath.games.dragon_tiger import GAME
    >>> GAME.name, GAME.default_decks, len(GAME.bet_names), GAME.axis
    ('dragon-tiger', 8, 12, <Axis.DECKS: 'decks'>)
    """

    command: str = "cardmath.cli.shoe_game"
    solve_pay_metavar: str = "BET:OUTCOME"

    def __init__(self, definition: Definition[RulesT, DealT]) -> None:
        if (definition.dealing is None) == (definition.counter is None):
            raise OptionError(f"{definition.name}: give either a dealing or a counter of its own")
        super().__init__(definition)
        self._counters: dict[Dealing, Counter] = {}
        check_definition(self)

    def counter(self, rules: RulesT) -> Counter:
        """What counts the bets under ``rules``: the definition's own counter, or the engine's
        counter of its dealing (built once).

        Args:
            rules: The rules of the game; a definition's own counter may depend on them (baccarat's drawing
                rules), the engine's does not.

        Returns:
            The :class:`~cardmath.engine.counter.Counter` the verbs count the bets with.
        """
        if self.definition.counter is not None:
            return self.definition.counter(rules)
        dealing = self.definition.dealing_of(rules)
        counter = self._counters.get(dealing)
        if counter is None:
            definition = self.definition
            assert definition.deal is not None
            kind = DealCounter if dealing.kind == "sequences" else HandCounter
            counter = self._counters[dealing] = kind(
                dealing,
                definition.deal,
                definition.title,
                result=definition.result,
                results=definition.results,
                longest_deal=definition.longest_deal,
            )
        return counter

    # --- the verbs -------------------------------------------------------------------------------

    @checked
    def analyze(
        self,
        shoe: Shoe,
        rules: RulesT | None = None,
        *,
        bets: BetChoice = None,
        strategy: str | Mapping[str, str] | None = None,
    ) -> CatalogueResult[RulesT]:
        """Every chosen bet (all built-ins by default) on one shoe, exactly.

        Args:
            shoe: The shoe to deal from: ``Shoe.standard(decks)``, ``Shoe.infinite()``, or a shoe with cards
                removed.
            rules: The game's rules object (its ``rules_type``); ``None`` for the usual table,
                :attr:`default_rules`.
            bets: The bets to analyse: built-in names and/or bets of the game's bet type, one name or bet
                alone, or ``None`` for every built-in bet.
            strategy: A strategy to play instead of the engine's best (:mod:`cardmath.engine.strategy`:
                ``"always play"``, ``"play from Q-6-4"``...): its words, for the one bet with a decision, or a
                mapping from bet names to words; ``None`` plays the best everywhere.

        Returns:
            The exact result: who won the deals, each bet's par sheet and, for a bet with a decision, the plan
                chosen on this shoe (and, with a strategy, what it costs against the best play).
        """
        chosen_rules = self._rules(rules, "analyze")
        chosen = self.resolve_bets(bets, chosen_rules)
        counter = self.counter(chosen_rules)
        return analysis.analyze(
            counter,
            shoe,
            chosen_rules,
            chosen,
            self._strategies(strategy, chosen),
            game=self.name,
            title=self.short_title,
        )

    def _strategies(
        self, strategy: str | Mapping[str, str] | None, bets: Sequence[RuleBet[Any]]
    ) -> dict[str, StrategyText]:
        """The strategies pinned, by bet: one text goes to the one bet with a decision."""
        if strategy is None:
            return {}
        if isinstance(strategy, str):
            deciding = [bet.name for bet in bets if bet.decision is not None]
            if len(deciding) != 1:
                which = (
                    "none of the bets has a decision" if not deciding else f"{', '.join(deciding)} have one"
                )
                raise OptionError(
                    f"a strategy needs one bet with a decision to play it, but {which}: name the bet"
                )
            strategy = {deciding[0]: strategy}
        read = {name: read_strategy(text) for name, text in strategy.items()}
        return {name: text for name, text in read.items() if not text.is_best}

    @checked
    def analyze_many(
        self, shoes: Sequence[Shoe], rules: RulesT | None = None, *, bets: BetChoice = None
    ) -> list[HouseEdges]:
        """The house edge of each chosen bet on each of many shoes (one mapping per shoe), every
        shoe counted at once.

        Args:
            shoes: The shoes to evaluate (any mix of finite and infinite), counted together.
            rules: The game's rules object (its ``rules_type``); ``None`` for the usual table,
                :attr:`default_rules`.
            bets: The bets to analyse: built-in names and/or bets of the game's bet type, one name or bet
                alone, or ``None`` for every built-in bet.

        Returns:
            One :class:`~cardmath.engine.settle.HouseEdges` per shoe, in the order of ``shoes``: each bet's
                exact house edge by name (its records open with the game, the shoe and the rules).
        """
        chosen_rules = self._rules(rules, "analyze_many")
        chosen = self.resolve_bets(bets, chosen_rules)
        found = analysis.analyze_many(self.counter(chosen_rules), shoes, chosen)
        for edges in found:
            edges.computed_for(game=self.name, rules=chosen_rules)
        return found

    @checked
    def effects_of_removal(
        self, shoe: Shoe, rules: RulesT | None = None, *, bets: BetChoice = None
    ) -> EffectsOfRemoval:
        """For each chosen bet, the change in house edge when one card of each rank is removed
        (ranks in the game's order; a rank with no card left is omitted).

        Args:
            shoe: A finite shoe with more cards than the longest deal.
            rules: The game's rules object (its ``rules_type``); ``None`` for the usual table,
                :attr:`default_rules`.
            bets: The bets to analyse: built-in names and/or bets of the game's bet type, one name or bet
                alone, or ``None`` for every built-in bet.

        Returns:
            By bet name, then by rank: the exact house edge after removing one card of the rank minus the
                house edge before (positive helps the house), as an
                :class:`~cardmath.engine.analysis.EffectsOfRemoval` mapping that shows itself.
        """
        chosen_rules = self._rules(rules, "effects_of_removal")
        chosen = self.resolve_bets(bets, chosen_rules)
        counter = self.counter(chosen_rules)
        return analysis.effects_of_removal(
            counter,
            shoe,
            chosen,
            self.definition.rank_order,
            game=self.name,
            title=self.short_title,
            rules=chosen_rules,
        )

    @checked
    def closed_form(self, rules: RulesT | None = None, *, bets: BetChoice = None) -> tuple[ClosedForm, ...]:
        """Each chosen bet's house edge on ``d`` fresh decks as an exact rational function of
        ``d``, and its limit.

        Args:
            rules: The game's rules object (its ``rules_type``); ``None`` for the usual table,
                :attr:`default_rules`.
            bets: The bets to analyse: built-in names and/or bets of the game's bet type, one name or bet
                alone, or ``None`` for every built-in bet.

        Returns:
            One :class:`~cardmath.engine.protocol.ClosedForm` per bet, in order: the house edge as a
                function of the symbol ``d`` and its limit.
        """
        if Verb.CLOSED_FORM not in self.verbs:
            raise OptionError(
                f"{self.title} has no closed form in the number of decks: it is published for "
                f"{', '.join(Axis.DECKS.label(point) for point in self.default_points)} only"
                + (", and its deals have no fixed length" if self.definition.dealing is not None else "")
            )
        chosen_rules = self._rules(rules, "closed_form")
        chosen = self.resolve_bets(bets, chosen_rules)
        return solving.closed_form(self.counter(chosen_rules), chosen)

    @checked
    def solve_pay(
        self,
        shoe: Shoe,
        rules: RulesT | None,
        which: str,
        target: int | str | Rational = 0,
        *,
        bets: BetChoice = None,
    ) -> SolvedPay:
        """The pay of ``which`` (``BET:PAY``, as ``--solve-pay`` reads it, or one of the game's
        short names) that gives the bet the house edge ``target`` on the shoe, every other pay
        kept; ``target`` is a fraction (``"1/40"``) from -1 to 1.  ``bets`` may hold bets of your
        own for ``which`` to name.

        Args:
            shoe: The shoe the house edge is measured on.
            rules: The game's rules object (its ``rules_type``); ``None`` for the usual table,
                :attr:`default_rules`.
            which: The pay to solve for: ``BET:PAY`` (``"tie:tie"``), one of the game's short names, or a pay
                alone in a game of one bet.
            target: The wanted house edge, as an int, an exact fraction's text (``"1/40"``) or a ``Rational``,
                from -1 to 1; 0 (a fair bet) by default.
            bets: Bets of your own (or built-in names) that ``which`` may name, besides the built-in bets;
                ``None`` for the built-ins only.

        Returns:
            The exact pay, the bet and pay it was solved for in words, and their names for JSON.
        """
        chosen_rules = self._rules(rules, "solve_pay")
        goal = read_rational(target, "the target house edge", minimum=-1, maximum=1)
        own = {} if bets is None else {bet.name: bet for bet in self.resolve_bets(bets, chosen_rules)}

        def find(name: str) -> RuleBet[Any]:
            return own[name] if name in own else self.resolve_bets([name], chosen_rules)[0]

        single = self.bet_names[0] if len(self.bet_names) == 1 and bets is None else ""
        name, pay = publication.read_bet_pay(
            which, find, self.definition.solve_pay_example, self._pay_aliases(chosen_rules), single
        )
        value = solving.solve_pay(self.counter(chosen_rules), shoe, find(name), pay, goal)
        # the solved pay obeys the rule of a house's pays, the entry's kind read from the bet's own table
        usual = own.get(name) or self.definition.bets(chosen_rules).get(name) or find(name)
        check_solved_pay(usual, pay, value, goal)
        return SolvedPay.of_outcome(value, name, pay)

    def verb_functions(
        self,
    ) -> tuple[
        Analyze[RulesT],
        AnalyzeMany[RulesT],
        EffectsOfRemovalVerb[RulesT],
        ClosedFormVerb[RulesT],
        SolvePay[RulesT],
    ]:
        """The five verbs bound to this game, in the order ``analyze``, ``analyze_many``,
        ``effects_of_removal``, ``closed_form``, ``solve_pay``: what a game's package exports as its
        functions, in one line.

        Returns:
            The bound methods, typed as the protocols :class:`Analyze`, :class:`AnalyzeMany`,
                :class:`EffectsOfRemovalVerb`, :class:`ClosedFormVerb` and :class:`SolvePay`.

        >>> from cardmath.games.dragon_tiger import GAME
        >>> analyze, *_ = GAME.verb_functions()
        >>> analyze(Shoe.standard(8), bets=["dragon"]).bets["dragon"].house_edge
        31/830
        """
        return self.analyze, self.analyze_many, self.effects_of_removal, self.closed_form, self.solve_pay

    # --- publication -----------------------------------------------------------------------------

    axis: Axis = Axis.DECKS
    """What the published tables range over: numbers of decks."""

    @property
    def verbs(self) -> frozenset[Verb]:
        """Every verb, but the closed form in the number of decks where the definition offers none."""
        if self.definition.offers_closed_form:
            return frozenset(Verb)
        return frozenset(Verb) - {Verb.CLOSED_FORM}

    @property
    def default_points(self) -> tuple[int | None, ...]:
        """The numbers of decks the definition publishes (``None``: the infinite-deck limit)."""
        return self.definition.decks

    def fresh(self, point: int | None) -> CatalogueResult[RulesT]:
        """Every built-in bet under the usual rules on ``point`` fresh decks (``None``: infinite),
        computed once.

        Args:
            point: The number of decks, or ``None`` for the infinite-deck limit.

        Returns:
            The cached analysis of every built-in bet under :attr:`default_rules` on that fresh shoe.
        """
        return _fresh(self, point)

    @checked
    def document(self, result: CatalogueResult[RulesT]) -> dict[str, Any]:
        """The result as JSON fields of exact values, after ``game``, ``decks`` and ``removed``.

        Args:
            result: A result of this game's :meth:`analyze` (any shoe, rules and bets).

        Returns:
            A JSON-ready dict of exact values (fractions as ``Rational``): the rules' fields, the counts, who
                won, each bet's figures and outcomes, and the decisions made.
        """
        rules = self.rules_document(result.rules)
        return publication.result_document(result, rules, self.definition.figures)

    @checked
    def tables(self, result: CatalogueResult[RulesT]) -> tuple[Table, ...]:
        """The result as tables for people: who won, a par sheet per bet, every bet's figures, the
        effects of removal (a finite shoe large enough), then :meth:`decision_tables`.

        Args:
            result: A result of this game's :meth:`analyze` (any shoe, rules and bets).

        Returns:
            The tables in publication order, each titled with the game and the shoe.
        """
        effects = None
        shoe = result.shoe
        counter = self.counter(result.rules)
        if not shoe.is_infinite and shoe.size > counter.longest:
            effects = analysis.effects_of_removal(
                counter, shoe, tuple(result.definitions.values()), self.definition.rank_order
            )
        tables = publication.result_tables(
            result,
            self.short_title,
            effects,
            self.definition.rank_order,
            figures=self.definition.figures,
            own=self.bet_names[0] if len(self.bet_names) == 1 else "",
        )
        costs = strategy_tables.strategy_cost_tables(result, self.short_title)
        return (*tables, *self.decision_tables(result), *costs)

    def decision_tables(self, result: CatalogueResult[RulesT]) -> tuple[Table, ...]:
        """A hook: the tables of the decisions the engine made (by default one per decision chosen
        by expected value: each state, its chance, each choice's value, the choice).

        Args:
            result: A result of this game's :meth:`analyze` (any shoe, rules and bets). Bets whose decision
                the rules fix get no table.

        Returns:
            One strategy table per decision chosen by value; empty when no bet has one.
        """
        return strategy_tables.decision_tables(result, self.short_title)

    @checked
    def pay_table_tables(self, shoe: Shoe, rules: RulesT | None = None) -> tuple[Table, ...]:
        """The catalogued pay tables on one shoe: every table's house edge and source, then one
        par sheet per table (nothing for a game without a catalogue).

        Args:
            shoe: The shoe every pay table is evaluated on.
            rules: The game's rules object (its ``rules_type``); ``None`` for the usual table,
                :attr:`default_rules`.

        Returns:
            The summary of the pay tables followed by a par sheet per table; empty for a game without a
                catalogue.
        """
        if not self.pay_tables:
            return ()
        chosen_rules = self._rules(rules, "pay_table_tables")
        bets = publication.pay_table_bets(self.built_in_bets(chosen_rules), self.pay_tables)
        result = self.analyze(shoe, chosen_rules, bets=list(bets.values()))
        return publication.pay_table_tables(result, self.short_title, self.pay_tables)

    @checked
    def publication_tables(self, point: int | None) -> tuple[Table, ...]:
        """The game's own published tables for ``point`` decks: the tables of the usual rules, then
        those of the catalogued pay tables.  The tables of what a player can see (the definition's
        ``seen_tables``) come from the information analysis, built on the games: the published set
        adds them after these (:func:`cardmath.publish.game_tables`).

        Args:
            point: The number of fresh decks the tables are for, or ``None`` for the infinite-deck limit.

        Returns:
            The engine's tables for that shoe, in the order they are published.
        """
        return (*self.tables(self.fresh(point)), *self.pay_table_tables(Axis.shoe(point)))

    @checked
    def summary_table(self, points: Sequence[int | None]) -> Table:
        """Every built-in bet's house edge for each number of decks (one row per point).

        Args:
            points: The numbers of decks, one row each, ``None`` standing for the infinite-deck limit.

        Returns:
            One table with a row per point and a column per built-in bet, under the usual rules.
        """
        bets = self.built_in_bets()
        edges = self.analyze_many([Axis.shoe(point) for point in points], bets=list(bets.values()))
        labels = [Axis.DECKS.label(point) for point in points]
        return publication.summary_table(self.short_title, labels, edges, bets)

    def charts(self) -> tuple[Chart, ...]:
        """The documentation's figures (:func:`cardmath.engine.figures.charts`).

        Returns:
            The house-edge chart, then the effects-of-removal chart unless the definition turns it off.
        """
        return figures.charts(self)

    def headlines(self) -> tuple[Headline, ...]:
        """The figures the home page and the README show (:func:`cardmath.engine.figures.headlines`).

        Returns:
            One :class:`~cardmath.engine.protocol.Headline` per headline bet of the definition.
        """
        return figures.headlines(self)


@functools.cache
def _fresh(game: CatalogueGame[Any, Any], point: int | None) -> CatalogueResult[Any]:
    return game.analyze(Axis.shoe(point))
