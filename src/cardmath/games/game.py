"""What every game is to the rest of cardmath: the :class:`Game` protocol and its small types.

A game lives in one folder under ``cardmath/games/`` and exposes one object, ``GAME``, that
satisfies :class:`Game` (and :class:`ShoeGame` when it is analysed shoe by shoe).  The command
line, the published table set and the documentation reach a game only through that object and
the registry (:data:`cardmath.games.GAMES`), so adding a game is one folder and one registry
line.  A game describes its results as data (:class:`~cardmath.table.Table`, JSON-ready
documents of exact values, :class:`~cardmath.table.Chart`); it never imports the output,
publish or command-line layers.  A game published by number of decks derives its class from
:class:`DeckGame`, which holds what those games share; every game reads its rule options with
:func:`option_texts`.

>>> Axis.DECKS.folder(1), Axis.DECKS.folder(None), Axis.HAND_SIZES.folder(5)
('1-deck', 'infinite-decks', 'hand-size-5')
>>> Axis.HAND_SIZES.label(5)
'5-card hands'
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from sympy import Rational

from cardmath.bets import PayChange, PayTable
from cardmath.errors import OptionError
from cardmath.shoe import Shoe
from cardmath.table import Chart, Table

__all__ = [
    "DECK_POINTS",
    "Axis",
    "ClosedForm",
    "DeckGame",
    "Game",
    "RuleOption",
    "ShoeGame",
    "SolvedPay",
    "option_texts",
]

DECK_POINTS: tuple[int | None, ...] = (1, 2, 3, 4, 5, 6, 7, 8, None)
"""The points of a game published by decks: 1 to 8 decks and the infinite-deck limit (``None``)."""


class Axis(enum.StrEnum):
    """What a game's published tables range over.

    ``DECKS``: one set of tables per number of decks (a fresh :class:`~cardmath.shoe.Shoe`
    each), ``None`` standing for the infinite-deck limit.  ``HAND_SIZES``: one set per hand size.

    >>> from cardmath.games.registry import find_game
    >>> find_game("baccarat").axis, find_game("pool").axis
    (<Axis.DECKS: 'decks'>, <Axis.HAND_SIZES: 'hand sizes'>)
    """

    DECKS = "decks"
    HAND_SIZES = "hand sizes"

    def folder(self, point: int | None) -> str:
        """The folder name of one point in the published set.

        >>> Axis.DECKS.folder(6)
        '6-decks'
        """
        if self is Axis.HAND_SIZES:
            return f"hand-size-{point}"
        if point is None:
            return "infinite-decks"
        return f"{point}-deck" + ("s" if point > 1 else "")

    def label(self, point: int | None) -> str:
        """The words a reader sees for one point: ``"1 deck"``, ``"infinite decks"``, ``"5-card hands"``.

        >>> Axis.DECKS.label(2), Axis.DECKS.label(None)
        ('2 decks', 'infinite decks')
        """
        if self is Axis.HAND_SIZES:
            return f"{point}-card hands"
        return self.shoe(point).describe()

    @staticmethod
    def shoe(point: int | None) -> Shoe:
        """The fresh shoe of ``point`` decks (``None``: the infinite-deck limit).

        >>> Axis.shoe(2).size, Axis.shoe(None).is_infinite
        (104, True)
        """
        return Shoe.infinite() if point is None else Shoe.standard(point)


@dataclass(frozen=True)
class RuleOption:
    """One field of a game's rules that the command line sets, as ``--flag VALUE``.

    ``field`` is the keyword :meth:`ShoeGame.rules` takes; ``default`` is the text used when the
    option is not given; ``choices`` (if any) are the only texts allowed.

    >>> option = RuleOption("--tie-pays", "tie_pays", "8", "N", "pay (to 1) of the tie bet")
    >>> option.field, option.default
    ('tie_pays', '8')
    """

    flag: str
    field: str
    default: str
    metavar: str
    help: str
    choices: tuple[str, ...] = ()


def option_texts(game: str, options: Sequence[RuleOption], texts: Mapping[str, str]) -> dict[str, str]:
    """The text of every rule option, as given in ``texts`` or its default, keyed by field; a
    field no option has is refused with the fields ``game`` has.

    >>> options = (RuleOption("--tie-pays", "tie_pays", "8", "N", "pay (to 1) of the tie bet"),)
    >>> option_texts("baccarat", options, {})
    {'tie_pays': '8'}
    >>> option_texts("baccarat", options, {"raise_by": "cards"})
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: baccarat has no rule 'raise_by': give tie_pays
    """
    fields = [option.field for option in options]
    for field in texts:
        if field not in fields:
            choices = f"{', '.join(fields[:-1])} or {fields[-1]}" if len(fields) > 1 else fields[0]
            raise OptionError(f"{game} has no rule {field!r}: give {choices}")
    return {option.field: texts.get(option.field, option.default) for option in options}


@dataclass(frozen=True)
class ClosedForm:
    """A bet's house edge on ``d`` fresh decks as an exact rational function of ``d``
    (:data:`cardmath.exact.DECKS`), and its limit as ``d`` grows.

    ``name`` is the key in documents, ``label`` the words in a table.

    >>> from cardmath.exact import DECKS
    >>> ClosedForm("tie", "tie", 1 / (DECKS + 1), Rational(0)).limit
    0
    """

    name: str
    label: str
    house_edge: Any
    limit: Rational


@dataclass(frozen=True)
class SolvedPay:
    """The pay that gives a bet a chosen house edge: ``solved_for`` says which pay in words,
    ``document`` names it for JSON (``{"bet": "tie", "outcome": "tie"}``).

    >>> SolvedPay(Rational(952, 39), "three of a kind", {"solve_pay": "trips"}).pay
    952/39
    """

    pay: Rational
    solved_for: str
    document: Mapping[str, Any]

    @classmethod
    def of_outcome(cls, pay: Rational, bet: str, outcome: str) -> SolvedPay:
        """The solved pay of one outcome of one bet.

        >>> SolvedPay.of_outcome(Rational(16), "player_pair", "pair")
        SolvedPay(pay=16, solved_for='player_pair: pair', document={'bet': 'player_pair', 'outcome': 'pair'})
        """
        return cls(pay, f"{bet}: {outcome}", {"bet": bet, "outcome": outcome})


@runtime_checkable
class Game(Protocol):
    """A game as the registry, the published set and the documentation see it.

    - ``name``: the command (``cardmath NAME``), the folder of its tables and the ``"game"`` of
      its JSON; ``title`` the full name, ``short_title`` the name inside table titles.
    - ``summary``: one line for ``cardmath --help``; ``description``: the command's paragraph.
    - ``docs_page``: its page under ``docs/`` (rules in our words, mathematics, generated tables).
    - ``axis`` and ``default_points``: what its published tables range over, and the full set.
    - ``command``: the module of its command-line adapter (``cardmath.cli.shoe_game`` serves every
      :class:`ShoeGame`).

    >>> from cardmath.games.registry import find_game
    >>> pool = find_game("pool")
    >>> isinstance(pool, Game), pool.docs_page, pool.default_points
    (True, 'games/pool.md', (3, 4, 5, 6, 7, 8))
    >>> pool.publication_tables(5)[0].title
    'High Card Pool, 5-card hands: unseen cards beaten'
    """

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def short_title(self) -> str: ...
    @property
    def summary(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def docs_page(self) -> str: ...
    @property
    def axis(self) -> Axis: ...
    @property
    def default_points(self) -> tuple[int | None, ...]: ...
    @property
    def command(self) -> str: ...

    def publication_tables(self, point: int | None) -> tuple[Table, ...]:
        """Every published table for one point of the axis (decks, or a hand size)."""
        ...

    def summary_table(self, points: Sequence[int | None]) -> Table:
        """One table across the points (house edges by number of decks, chances by hand size)."""
        ...

    def charts(self) -> tuple[Chart, ...]:
        """The figures its documentation page shows."""
        ...


@runtime_checkable
class ShoeGame(Game, Protocol):
    """A game analysed shoe by shoe, with the same verbs as every other: the generic command
    ``cardmath NAME [--decks N|inf] [--remove CARDS] [rules options] [--bets NAMES]
    [--closed-form | --solve-pay WHAT [--target-edge PCT]] [--format FMT]`` is built from it.

    - ``default_decks``: ``--decks`` when not given; ``options``: the rules the command line sets;
      ``bet_names``: the built-in bets (empty for a game of one bet: no ``--bets``).
    - ``solve_pay_metavar`` and ``solve_pay_help``: how ``--solve-pay WHAT`` reads.
    - ``pay_tables``: the catalogue of named pay tables ``--pay-table BET:NAME`` chooses from
      (empty when the game has none); :meth:`with_pays` sets pays ``--pay BET:OUTCOME=PAY``.

    >>> from cardmath.games.registry import find_game
    >>> reddog = find_game("reddog")
    >>> isinstance(reddog, ShoeGame), [option.flag for option in reddog.options]
    (True, ['--spread-pays', '--trips-pays', '--raise-by'])
    >>> rules = reddog.rules(spread_pays="5,4,2,1", trips_pays="11", raise_by="spread")
    >>> reddog.analyze(Shoe.standard(1), rules, None).house_edge
    523/16575
    >>> reddog.solve_pay(Shoe.standard(1), rules, "trips", Rational(0)).pay
    952/39
    """

    @property
    def default_decks(self) -> int: ...
    @property
    def options(self) -> tuple[RuleOption, ...]: ...
    @property
    def bet_names(self) -> tuple[str, ...]: ...
    @property
    def solve_pay_metavar(self) -> str: ...
    @property
    def solve_pay_help(self) -> str: ...
    @property
    def pay_tables(self) -> tuple[PayTable, ...]: ...

    def rules(self, **texts: str) -> Any:
        """The rules object from option texts keyed by :attr:`RuleOption.field` (each read by
        :mod:`cardmath.numbers`; bad text raises a :class:`~cardmath.errors.CardmathError`)."""
        ...

    def rules_document(self, rules: Any) -> dict[str, Any]:
        """The rules as JSON fields of exact values (``{"commission": 1/20, "tie_pays": 8}``)."""
        ...

    def with_pays(self, rules: Any, changes: Sequence[PayChange]) -> Any:
        """The rules with the pays ``changes`` names (``(bet, outcome, pay)``, in order) set; an
        unknown bet or outcome raises a :class:`~cardmath.errors.CardmathError`."""
        ...

    def analyze(self, shoe: Shoe, rules: Any, bets: Sequence[str] | None) -> Any:
        """The game's result for one shoe (``bets=None``: every built-in bet)."""
        ...

    def document(self, result: Any) -> dict[str, Any]:
        """The result as JSON fields of exact values, in order, after ``game``, ``decks`` and
        ``removed`` (which the caller adds)."""
        ...

    def tables(self, result: Any) -> tuple[Table, ...]:
        """The result as tables for people."""
        ...

    def closed_form(self, rules: Any, bets: Sequence[str] | None) -> tuple[ClosedForm, ...]:
        """Each bet's house edge in ``d`` fresh decks, exactly."""
        ...

    def solve_pay(self, shoe: Shoe, rules: Any, which: str, target: Rational) -> SolvedPay:
        """The pay named by ``which`` (text, as ``--solve-pay`` reads it) giving house edge ``target``."""
        ...


class DeckGame(ShoeGame):
    """What the games analysed shoe by shoe share unless they say otherwise: published for 1 to
    8 decks and the infinite-deck limit (:data:`DECK_POINTS`), each point a fresh shoe under the
    standard rules with every built-in bet (:meth:`fresh`, computed once per process), and served
    by the generic shoe command.  A game's class derives from it and adds the rest of
    :class:`ShoeGame`.

    >>> from cardmath.games.registry import find_game
    >>> reddog = find_game("reddog")
    >>> isinstance(reddog, DeckGame), reddog.axis, reddog.command
    (True, <Axis.DECKS: 'decks'>, 'cardmath.cli.shoe_game')
    >>> reddog.fresh(1) is reddog.fresh(1), reddog.fresh(1).house_edge
    (True, 523/16575)
    """

    axis: Axis = Axis.DECKS
    default_points: tuple[int | None, ...] = DECK_POINTS
    command: str = "cardmath.cli.shoe_game"
    pay_tables: tuple[PayTable, ...] = ()

    def with_pays(self, rules: Any, changes: Sequence[PayChange]) -> Any:
        """The rules unchanged when no pay is set; a game with no pays by outcome refuses any
        (its pays are rule options).

        >>> from cardmath.games.registry import find_game
        >>> reddog = find_game("reddog")
        >>> reddog.with_pays(reddog.rules(), ()) == reddog.rules()
        True
        >>> reddog.with_pays(reddog.rules(), [("reddog", "trips", Rational(12))])
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: reddog sets its pays with --spread-pays, --trips-pays, not --pay
        """
        if changes:
            flags = ", ".join(option.flag for option in self.options if "pays" in option.flag)
            raise OptionError(f"{self.name} sets its pays with {flags or 'its options'}, not --pay")
        return rules

    def fresh(self, point: int | None) -> Any:
        """The result of the standard rules (every option at its default) and every built-in bet
        on a fresh shoe of ``point`` decks (``None``: the infinite-deck limit), computed once."""
        return _fresh_result(self, point)

    def publication_tables(self, point: int | None) -> tuple[Table, ...]:
        """Every published table for ``point`` decks: the tables of :meth:`fresh`."""
        return self.tables(self.fresh(point))


@functools.cache
def _fresh_result(game: ShoeGame, point: int | None) -> Any:
    return game.analyze(Axis.shoe(point), game.rules(), None)
