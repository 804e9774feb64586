"""The types of a game's five verbs, as its package exports them (``reddog.analyze`` and the rest).

A game's package binds the verbs of its :class:`~cardmath.engine.game.CatalogueGame` in one line
(:meth:`~cardmath.engine.game.CatalogueGame.verb_functions`); these protocols say what each one
takes and gives, with the rules type of that game: ``analyze(shoe, rules, *, bets)``,
``analyze_many(shoes, rules, *, bets)``, ``effects_of_removal(shoe, rules, *, bets)``,
``closed_form(rules, *, bets)`` and ``solve_pay(shoe, rules, which, target, *, bets)``.  What the
arguments mean is told once, on the methods of :class:`~cardmath.engine.game.CatalogueGame`.

>>> from cardmath.games import dragon_tiger
>>> dragon_tiger.analyze(Shoe.standard(1), bets=["tie"]).bets["tie"].house_edge
8/17
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from sympy import Rational

from cardmath.bets import RuleBet
from cardmath.engine.analysis import CatalogueResult, EffectsOfRemoval
from cardmath.engine.protocol import ClosedForm, SolvedPay
from cardmath.engine.settle import HouseEdges
from cardmath.shoe import Shoe

__all__ = [
    "Analyze",
    "AnalyzeMany",
    "BetChoice",
    "ClosedFormVerb",
    "EffectsOfRemovalVerb",
    "SolvePay",
]

RulesT_contra = TypeVar("RulesT_contra", contravariant=True)

BetChoice = Iterable[str | RuleBet[Any]] | str | RuleBet[Any] | None
"""The bets a verb analyses: built-in names and/or bet objects, one name or bet, or ``None`` (all)."""


class Analyze(Protocol[RulesT_contra]):
    """The type of a game's ``analyze``.

    >>> from cardmath.games import dragon_tiger
    >>> dragon_tiger.analyze(Shoe.standard(1), bets=["tie"]).bets["tie"].house_edge
    8/17
    """

    def __call__(
        self,
        shoe: Shoe,
        rules: RulesT_contra | None = None,
        *,
        bets: BetChoice = None,
        strategy: str | Mapping[str, str] | None = None,
    ) -> CatalogueResult[Any]: ...


class AnalyzeMany(Protocol[RulesT_contra]):
    """The type of a game's ``analyze_many``.

    >>> from cardmath.games import dragon_tiger
    >>> dragon_tiger.analyze_many([Shoe.standard(1)], bets=["tie"])
    [<HouseEdges: dragon-tiger, 1 deck: house edge 47.0588%>]
    """

    def __call__(
        self, shoes: Sequence[Shoe], rules: RulesT_contra | None = None, *, bets: BetChoice = None
    ) -> list[HouseEdges]: ...


class EffectsOfRemovalVerb(Protocol[RulesT_contra]):
    """The type of a game's ``effects_of_removal`` (whose result is an
    :class:`~cardmath.engine.analysis.EffectsOfRemoval`).

    >>> from cardmath.games import dragon_tiger
    >>> from cardmath.cards import Rank
    >>> dragon_tiger.effects_of_removal(Shoe.standard(1), bets=["tie"])["tie"][Rank.ACE]
    0
    """

    def __call__(
        self, shoe: Shoe, rules: RulesT_contra | None = None, *, bets: BetChoice = None
    ) -> EffectsOfRemoval: ...


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
