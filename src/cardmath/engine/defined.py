"""A game's definition as the registry and the command line read it: names, rules and bets
(:class:`DefinedGame`, the base of :class:`~cardmath.engine.game.CatalogueGame`).

The rules come from the command line's texts (:meth:`DefinedGame.rules`), as JSON fields, with a
house's own pays (``--pay``, ``--pay-table``: :meth:`DefinedGame.with_pays`); the built-in bets
under any rules, and the bets a verb is asked for (:meth:`DefinedGame.resolve_bets`).

>>> from cardmath.games.dragon_tiger import GAME
>>> GAME.rules(tie_pays="11").tie_pays, GAME.bet_names[:2]
(11, ('dragon', 'tiger'))
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from cardmath import bets as shared_bets
from cardmath.bets import RuleBet
from cardmath.engine.definition import Definition
from cardmath.engine.protocol import RuleOption
from cardmath.engine.verbs import BetChoice
from cardmath.errors import OptionError
from cardmath.pay_tables import PayChange, PayTable, apply_pays

__all__ = ["DefinedGame"]

RulesT = TypeVar("RulesT")
DealT = TypeVar("DealT")


class DefinedGame(Generic[RulesT, DealT]):
    """A game's :class:`~cardmath.engine.definition.Definition` with its names, rules and bets.

    Args:
        definition: What the game is, as data.

    >>> from cardmath.games.casino_war import GAME
    >>> isinstance(GAME, DefinedGame), GAME.aliases
    (True, ('war',))
    """

    def __init__(self, definition: Definition[RulesT, DealT]) -> None:
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
        :class:`~cardmath.errors.CardmathError`); a field no option has is refused.

        Args:
            **texts: Option texts keyed by rules field (``tie_pays="10"``), as the command line would give
                them; a field left out takes its option's default.

        Returns:
            A new rules object of the game's ``rules_type``, every field read from its text.
        """
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
        pays when it sets some (``pays``: ``[bet, pay, value]`` entries, applied after the others).

        Args:
            rules: The rules object to describe (of the game's ``rules_type``).

        Returns:
            A dict of the rules' option fields by name, with a ``pays`` list of ``[bet, pay, value]`` only
                when the house sets its own pays.
        """
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
        applied in order.

        Args:
            rules: The game's rules object (its ``rules_type``); ``None`` for the usual table,
                :attr:`default_rules`.

        Returns:
            A new dict of the built-in bets by name, in their usual order, with the rules' pays applied.
        """
        chosen = self._rules(rules, "built_in_bets")
        return dict(self._built_in_bets(chosen))

    def _built_in_bets(self, rules: RulesT) -> dict[str, RuleBet[DealT]]:
        found = self._bets_by_rules.get(rules)
        if found is None:
            known = dict(self.definition.bets(rules))
            found = apply_pays(known, getattr(rules, "pays", ()), self.short_title)
            if len(self._bets_by_rules) < 256:  # the rules a process meets, kept (rules are frozen)
                self._bets_by_rules[rules] = found
        return found

    def resolve_bets(self, bets: BetChoice = None, rules: RulesT | None = None) -> tuple[RuleBet[DealT], ...]:
        """The bets to analyse: built-in names and/or bets of the game's bet type (every built-in
        bet for ``None``), the built-ins with the pays of ``rules``.

        Args:
            bets: The bets to analyse: built-in names and/or bets of the game's bet type, one name or bet
                alone, or ``None`` for every built-in bet.
            rules: The rules whose pays the built-in bets take; ``None`` for the usual table.

        Returns:
            The chosen bets as bet objects, in the order given (built-in order for ``None``).
        """
        known = self.built_in_bets(rules)
        return shared_bets.resolve_bets(known, bets, self.short_title, self.definition.bet_type)

    def with_pays(self, rules: RulesT, changes: Sequence[PayChange]) -> RulesT:
        """The rules with the pays ``changes`` names set (``(bet, outcome, pay)``, in order, after
        the rules' own); an unknown bet or pay raises :class:`~cardmath.errors.OptionError`.

        Args:
            rules: The rules to start from; their own pays are kept and applied first.
            changes: Pays to set, as ``(bet, outcome, pay)`` entries with an exact pay; an empty sequence
                returns ``rules`` unchanged.

        Returns:
            A copy of ``rules`` whose ``pays`` field ends with ``changes`` (checked against the built-in
                bets).
        """
        if not changes:
            return rules
        chosen = dataclasses.replace(rules, pays=(*getattr(rules, "pays", ()), *changes))  # type: ignore[type-var]
        self.built_in_bets(chosen)
        return chosen

    def _pay_aliases(self, rules: RulesT) -> Mapping[str, str]:
        aliases = self.definition.pay_aliases
        return {} if aliases is None else aliases(rules)
