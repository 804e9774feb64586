"""The engine: :class:`CatalogueGame`, the one interpreter of every game definition.

A definition says what a game is; this class does everything with it, once for every game:

- the verbs, with one argument order and one result type each: ``analyze(shoe, rules, *, bets)``
  (a :class:`~cardmath.engine.analysis.CatalogueResult`), ``analyze_many(shoes, rules, *, bets)``
  (one :class:`~cardmath.engine.settle.HouseEdges` per shoe), ``effects_of_removal(shoe, rules, *,
  bets)`` (by bet, then by rank: the change in house edge), ``closed_form(rules, *, bets)`` (a
  :class:`~cardmath.engine.analysis.ClosedForm` per bet) and ``solve_pay(shoe, rules, which,
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

import dataclasses
import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

from sympy import Rational

from cardmath import bets as shared_bets
from cardmath.bets import PayChange, PayTable, RuleBet
from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.engine import analysis, publication
from cardmath.engine.analysis import CatalogueResult
from cardmath.engine.definition import Definition
from cardmath.engine.settle import HouseEdges
from cardmath.engine.tally import Counter, DealCounter
from cardmath.errors import OptionError
from cardmath.games.game import DECK_POINTS, Axis, ClosedForm, Headline, RuleOption, SolvedPay, Verb
from cardmath.numbers import read_rational
from cardmath.shoe import Shoe
from cardmath.table import Chart, Table

__all__ = ["Analyze", "AnalyzeMany", "CatalogueGame", "ClosedFormVerb", "EffectsOfRemoval", "SolvePay"]

RulesT = TypeVar("RulesT")
RulesT_contra = TypeVar("RulesT_contra", contravariant=True)
DealT = TypeVar("DealT")

BetChoice = Iterable[str | RuleBet[Any]] | str | RuleBet[Any] | None
"""The bets a verb analyses: built-in names and/or bet objects, one name or bet, or ``None`` (all)."""

CHART_DECKS: tuple[int, ...] = tuple(range(1, 9))
"""The numbers of decks the house-edge chart shows (with the infinite-deck limit dashed)."""


class Analyze(Protocol[RulesT_contra]):
    """The type of a game's ``analyze``.

    >>> from cardmath.games import dragon_tiger
    >>> dragon_tiger.analyze(Shoe.standard(1), bets=["tie"]).bets["tie"].house_edge
    8/17
    """

    def __call__(
        self, shoe: Shoe, rules: RulesT_contra | None = None, *, bets: BetChoice = None
    ) -> CatalogueResult[Any]: ...


class AnalyzeMany(Protocol[RulesT_contra]):
    """The type of a game's ``analyze_many``.

    >>> from cardmath.games import dragon_tiger
    >>> dragon_tiger.analyze_many([Shoe.standard(1)], bets=["tie"])
    [{'tie': 8/17}]
    """

    def __call__(
        self, shoes: Sequence[Shoe], rules: RulesT_contra | None = None, *, bets: BetChoice = None
    ) -> list[HouseEdges]: ...


class EffectsOfRemoval(Protocol[RulesT_contra]):
    """The type of a game's ``effects_of_removal``.

    >>> from cardmath.games import dragon_tiger
    >>> dragon_tiger.effects_of_removal(Shoe.standard(1), bets=["tie"])["tie"][Rank.ACE]
    0
    """

    def __call__(
        self, shoe: Shoe, rules: RulesT_contra | None = None, *, bets: BetChoice = None
    ) -> dict[str, dict[Rank, Rational]]: ...


class ClosedFormVerb(Protocol[RulesT_contra]):
    """The type of a game's ``closed_form``.

    >>> from cardmath.games import dragon_tiger
    >>> dragon_tiger.closed_form(bets=["tie"])[0].limit
    4/13
    """

    def __call__(
        self, rules: RulesT_contra | None = None, *, bets: BetChoice = None
    ) -> tuple[ClosedForm, ...]: ...


class SolvePay(Protocol[RulesT_contra]):
    """The type of a game's ``solve_pay``.

    >>> from cardmath.games import dragon_tiger
    >>> dragon_tiger.solve_pay(Shoe.standard(8), None, "tie:tie").pay
    384/31
    """

    def __call__(
        self,
        shoe: Shoe,
        rules: RulesT_contra | None,
        which: str,
        target: int | str | Rational = 0,
        *,
        bets: BetChoice = None,
    ) -> SolvedPay: ...


class CatalogueGame(Generic[RulesT, DealT]):
    """A deal-and-settle game: its :class:`~cardmath.engine.definition.Definition` and every verb,
    document, table and chart of it (the registry lists one of these per definition).

    >>> from cardmath.games.dragon_tiger import GAME
    >>> GAME.name, GAME.default_decks, len(GAME.bet_names), GAME.axis
    ('dragon-tiger', 8, 12, <Axis.DECKS: 'decks'>)
    """

    command: str = "cardmath.cli.shoe_game"
    solve_pay_metavar: str = "BET:OUTCOME"

    def __init__(self, definition: Definition[RulesT, DealT]) -> None:
        if (definition.dealing is None) == (definition.counter is None):
            raise OptionError(f"{definition.name}: give either a dealing or a counter of its own")
        self.definition = definition
        self._bets_by_rules: dict[RulesT, dict[str, RuleBet[DealT]]] = {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.definition.name}>"

    # --- what the registry, the command line and the site read -----------------------------------

    @property
    def name(self) -> str:
        """The command (``cardmath NAME``), the folder of the tables and ``"game"`` in JSON."""
        return self.definition.name

    @property
    def title(self) -> str:
        """The full name."""
        return self.definition.title

    @property
    def short_title(self) -> str:
        """The name inside table titles."""
        return self.definition.short_title

    @property
    def summary(self) -> str:
        """One line for ``cardmath --help``."""
        return self.definition.summary

    @property
    def description(self) -> str:
        """The paragraph of ``cardmath NAME --help``."""
        return self.definition.description

    @property
    def docs_page(self) -> str:
        """The page of the documentation that tells the rules and the mathematics."""
        return self.definition.docs_page

    @property
    def aliases(self) -> tuple[str, ...]:
        """Other names :func:`~cardmath.games.registry.find_game` accepts."""
        return self.definition.aliases

    @property
    def default_decks(self) -> int:
        """The shoe ``--decks`` gives when not set."""
        return self.definition.default_decks

    @property
    def options(self) -> tuple[RuleOption, ...]:
        """The rules the command line sets."""
        return self.definition.options

    @property
    def pay_tables(self) -> tuple[PayTable, ...]:
        """The catalogue of published pay tables ``--pay-table BET:NAME`` chooses from."""
        return self.definition.pay_tables

    @property
    def command_examples(self) -> dict[str, tuple[str, ...]]:
        """A cheap valid command line of the game's command: ``cardmath NAME`` and the definition's
        example options."""
        return {self.name: (self.name, *self.definition.example_arguments)}

    @functools.cached_property
    def default_rules(self) -> RulesT:
        """The usual table: every option at its default."""
        return self.rules()

    @functools.cached_property
    def bet_names(self) -> tuple[str, ...]:
        """The built-in bets, in their usual order."""
        return tuple(self.definition.bets(self.default_rules))

    @property
    def solve_pay_help(self) -> str:
        """How ``--solve-pay`` reads, for its help."""
        aliases = self._pay_aliases(self.default_rules)
        short = f"; or {', '.join(aliases)}" if aliases else ""
        return (
            f"one entry of one bet's pay table, such as {self.definition.solve_pay_example}{short}; "
            "the error for an unknown one lists the bet's pays"
        )

    # --- rules and bets ---------------------------------------------------------------------------

    def rules(self, **texts: str) -> RulesT:
        """The rules from option texts keyed by field, each read by its option (bad text raises a
        :class:`~cardmath.errors.CardmathError`); a field no option has is refused."""
        fields = [option.field for option in self.options]
        for field in texts:
            if field not in fields:
                choices = f"{', '.join(fields[:-1])} or {fields[-1]}" if len(fields) > 1 else fields[0]
                raise OptionError(f"{self.short_title} has no rule {field!r}: give {choices}")
        values = {
            option.field: option.value(texts.get(option.field, option.default)) for option in self.options
        }
        return self.definition.rules_type(**values)

    def rules_document(self, rules: RulesT) -> dict[str, Any]:
        """The options' fields of the rules, as JSON fields of exact values, and the house's own
        pays when it sets some (``pays``: ``[bet, pay, value]`` entries, applied after the others)."""
        document: dict[str, Any] = {option.field: getattr(rules, option.field) for option in self.options}
        pays = getattr(rules, "pays", ())
        if pays:
            document["pays"] = [list(change) for change in pays]
        return document

    def _rules(self, rules: RulesT | None, verb: str) -> RulesT:
        if rules is None:
            return self.default_rules
        expected = self.definition.rules_type
        if not isinstance(rules, expected):
            raise TypeError(
                f"{verb}() parameter rules must be {expected.__name__}, not {type(rules).__name__}"
            )
        return rules

    def built_in_bets(self, rules: RulesT | None = None) -> dict[str, RuleBet[DealT]]:
        """Every built-in bet by name under ``rules``, the house's own pays (``rules.pays``)
        applied in order."""
        chosen = self._rules(rules, "built_in_bets")
        return dict(self._built_in_bets(chosen))

    def _built_in_bets(self, rules: RulesT) -> dict[str, RuleBet[DealT]]:
        found = self._bets_by_rules.get(rules)
        if found is None:
            known = dict(self.definition.bets(rules))
            found = shared_bets.apply_pays(known, getattr(rules, "pays", ()), self.short_title)
            if len(self._bets_by_rules) < 256:  # the rules a process meets, kept (rules are frozen)
                self._bets_by_rules[rules] = found
        return found

    def resolve_bets(self, bets: BetChoice = None, rules: RulesT | None = None) -> tuple[RuleBet[DealT], ...]:
        """The bets to analyse: built-in names and/or bets of the game's bet type (every built-in
        bet for ``None``), the built-ins with the pays of ``rules``."""
        known = self.built_in_bets(rules)
        return shared_bets.resolve_bets(known, bets, self.short_title, self.definition.bet_type)

    def with_pays(self, rules: RulesT, changes: Sequence[PayChange]) -> RulesT:
        """The rules with the pays ``changes`` names set (``(bet, outcome, pay)``, in order, after
        the rules' own); an unknown bet or pay raises :class:`~cardmath.errors.OptionError`."""
        if not changes:
            return rules
        chosen = dataclasses.replace(rules, pays=(*getattr(rules, "pays", ()), *changes))  # type: ignore[type-var]
        self.built_in_bets(chosen)
        return chosen

    def counter(self, rules: RulesT) -> Counter:
        """What counts the bets under ``rules``: the definition's own counter, or the engine's
        counter of its dealing (built once)."""
        if self.definition.counter is not None:
            return self.definition.counter(rules)
        return self._deal_counter

    @functools.cached_property
    def _deal_counter(self) -> Counter:
        definition = self.definition
        assert definition.dealing is not None and definition.deal is not None
        return DealCounter(
            definition.dealing,
            definition.deal,
            definition.title,
            result=definition.result,
            results=definition.results,
            longest_deal=definition.longest_deal,
        )

    # --- the verbs -------------------------------------------------------------------------------

    @checked
    def analyze(
        self, shoe: Shoe, rules: RulesT | None = None, *, bets: BetChoice = None
    ) -> CatalogueResult[RulesT]:
        """Every chosen bet (all built-ins by default) on one shoe, exactly."""
        chosen_rules = self._rules(rules, "analyze")
        chosen = self.resolve_bets(bets, chosen_rules)
        counter = self.counter(chosen_rules)
        return analysis.analyze(counter, shoe, chosen_rules, chosen)

    @checked
    def analyze_many(
        self, shoes: Sequence[Shoe], rules: RulesT | None = None, *, bets: BetChoice = None
    ) -> list[HouseEdges]:
        """The house edge of each chosen bet on each of many shoes (one mapping per shoe), every
        shoe counted at once."""
        chosen_rules = self._rules(rules, "analyze_many")
        chosen = self.resolve_bets(bets, chosen_rules)
        return analysis.analyze_many(self.counter(chosen_rules), shoes, chosen)

    @checked
    def effects_of_removal(
        self, shoe: Shoe, rules: RulesT | None = None, *, bets: BetChoice = None
    ) -> dict[str, dict[Rank, Rational]]:
        """For each chosen bet, the change in house edge when one card of each rank is removed
        (ranks in the game's order; a rank with no card left is omitted)."""
        chosen_rules = self._rules(rules, "effects_of_removal")
        chosen = self.resolve_bets(bets, chosen_rules)
        counter = self.counter(chosen_rules)
        return analysis.effects_of_removal(counter, shoe, chosen, self.definition.rank_order)

    @checked
    def closed_form(self, rules: RulesT | None = None, *, bets: BetChoice = None) -> tuple[ClosedForm, ...]:
        """Each chosen bet's house edge on ``d`` fresh decks as an exact rational function of
        ``d``, and its limit."""
        chosen_rules = self._rules(rules, "closed_form")
        chosen = self.resolve_bets(bets, chosen_rules)
        return analysis.closed_form(self.counter(chosen_rules), chosen)

    def _pay_aliases(self, rules: RulesT) -> Mapping[str, str]:
        aliases = self.definition.pay_aliases
        return {} if aliases is None else aliases(rules)

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
        own for ``which`` to name."""
        chosen_rules = self._rules(rules, "solve_pay")
        goal = read_rational(target, "the target house edge", minimum=-1, maximum=1)
        own = {} if bets is None else {bet.name: bet for bet in self.resolve_bets(bets, chosen_rules)}

        def find(name: str) -> RuleBet[Any]:
            return own[name] if name in own else self.resolve_bets([name], chosen_rules)[0]

        single = self.bet_names[0] if len(self.bet_names) == 1 and bets is None else ""
        name, pay = publication.read_bet_pay(
            which, find, self.definition.solve_pay_example, self._pay_aliases(chosen_rules), single
        )
        value = analysis.solve_pay(self.counter(chosen_rules), shoe, find(name), pay, goal)
        return SolvedPay.of_outcome(value, name, pay)

    def verb_functions(
        self,
    ) -> tuple[
        Analyze[RulesT],
        AnalyzeMany[RulesT],
        EffectsOfRemoval[RulesT],
        ClosedFormVerb[RulesT],
        SolvePay[RulesT],
    ]:
        """The five verbs bound to this game, in the order ``analyze``, ``analyze_many``,
        ``effects_of_removal``, ``closed_form``, ``solve_pay``: what a game's package exports as its
        functions, in one line.

        >>> from cardmath.games.dragon_tiger import GAME
        >>> analyze, *_ = GAME.verb_functions()
        >>> analyze(Shoe.standard(8), bets=["dragon"]).bets["dragon"].house_edge
        31/830
        """
        return self.analyze, self.analyze_many, self.effects_of_removal, self.closed_form, self.solve_pay

    # --- publication -----------------------------------------------------------------------------

    axis: Axis = Axis.DECKS
    """What the published tables range over: numbers of decks."""
    verbs: frozenset[Verb] = frozenset(Verb)
    """Every verb."""

    default_points: tuple[int | None, ...] = DECK_POINTS
    """1 to 8 decks and the infinite-deck limit."""

    def fresh(self, point: int | None) -> CatalogueResult[RulesT]:
        """Every built-in bet under the usual rules on ``point`` fresh decks (``None``: infinite),
        computed once."""
        return _fresh(self, point)

    @checked
    def document(self, result: CatalogueResult[RulesT]) -> dict[str, Any]:
        """The result as JSON fields of exact values, after ``game``, ``decks`` and ``removed``."""
        rules = self.rules_document(result.rules)
        return publication.result_document(result, rules, self.definition.figures)

    @checked
    def tables(self, result: CatalogueResult[RulesT]) -> tuple[Table, ...]:
        """The result as tables for people: who won, a par sheet per bet, every bet's figures, the
        effects of removal (a finite shoe large enough), then :meth:`decision_tables`."""
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
        return (*tables, *self.decision_tables(result))

    def decision_tables(self, result: CatalogueResult[RulesT]) -> tuple[Table, ...]:
        """A hook: the tables of the decisions the engine made (by default one per decision chosen
        by expected value: each state, its chance, each choice's value, the choice)."""
        return publication.decision_tables(result, self.short_title)

    @checked
    def pay_table_tables(self, shoe: Shoe, rules: RulesT | None = None) -> tuple[Table, ...]:
        """The catalogued pay tables on one shoe: every table's house edge and source, then one
        par sheet per table (nothing for a game without a catalogue)."""
        if not self.pay_tables:
            return ()
        chosen_rules = self._rules(rules, "pay_table_tables")
        bets = publication.pay_table_bets(self.built_in_bets(chosen_rules), self.pay_tables)
        result = self.analyze(shoe, chosen_rules, bets=list(bets.values()))
        return publication.pay_table_tables(result, self.short_title, self.pay_tables)

    @checked
    def publication_tables(self, point: int | None) -> tuple[Table, ...]:
        """Every published table for ``point`` decks: the tables of the usual rules, then those of
        the catalogued pay tables."""
        return (*self.tables(self.fresh(point)), *self.pay_table_tables(Axis.shoe(point)))

    @checked
    def summary_table(self, points: Sequence[int | None]) -> Table:
        """Every built-in bet's house edge for each number of decks (one row per point)."""
        bets = self.built_in_bets()
        edges = self.analyze_many([Axis.shoe(point) for point in points], bets=list(bets.values()))
        labels = [Axis.DECKS.label(point) for point in points]
        return publication.summary_table(self.short_title, labels, edges, bets)

    def charts(self) -> tuple[Chart, ...]:
        """The documentation's figures: the house edge of the chart bets against 1 to 8 decks (the
        infinite-deck limit dashed), and the effects of removal of the removal-chart bets."""
        definition = self.definition
        known = self.built_in_bets()
        drawn = {name: known[name] for name in definition.chart_bets or tuple(known)}
        shoes = [Axis.shoe(d) for d in (*CHART_DECKS, None)]
        edges = self.analyze_many(shoes, bets=list(drawn.values()))
        by_decks = publication.house_edge_chart(self.name, self.short_title, CHART_DECKS, edges, drawn)
        if not definition.removal_chart:
            return (by_decks,)
        removed = {name: known[name] for name in definition.removal_chart_bets or tuple(known)[:3]}
        effects: dict[tuple[str, int], Mapping[Rank, Rational]] = {}
        for decks in definition.removal_chart_decks or (self.default_decks,):
            found = self.effects_of_removal(Shoe.standard(decks), bets=list(removed.values()))
            effects.update({(name, decks): by_rank for name, by_rank in found.items()})
        removal = publication.removal_chart(
            self.name, self.short_title, effects, removed, definition.rank_order
        )
        return by_decks, removal

    def headlines(self) -> tuple[Headline, ...]:
        """The figures the home page and the README show: the house edge of each headline bet on
        the default shoe (the first built-in bet when the definition names none)."""
        definition = self.definition
        chosen = definition.headlines or ((self.bet_names[0], ""),)
        shoe = Shoe.standard(self.default_decks)
        edges = self.analyze_many([shoe], bets=[name for name, _ in chosen])[0]
        known = self.built_in_bets()
        return tuple(
            Headline(
                self.short_title if len(known) == 1 else f"{self.short_title}, {known[name].display_name}",
                f"{shoe.describe()}{', ' + words if words else ''}",
                edges[name],
                self.docs_page,
            )
            for name, words in chosen
        )


@functools.cache
def _fresh(game: CatalogueGame[Any, Any], point: int | None) -> CatalogueResult[Any]:
    return game.analyze(Axis.shoe(point))
