"""What every game is to the rest of cardmath: the :class:`Game` protocol and its small types.

A game lives in one folder under ``cardmath/games/`` and exposes one object, ``GAME``, that
satisfies :class:`Game` (and :class:`ShoeGame` when it is analysed shoe by shoe).  The command
line, the published table set and the documentation reach a game only through that object and
the registry (:data:`cardmath.games.GAMES`), so adding a game is one folder and one registry
line.  A game describes its results as data (:class:`~cardmath.table.Table`, JSON-ready
documents of exact values, :class:`~cardmath.table.Chart`); it never imports the output,
publish or command-line layers.  A deal-and-settle game is a
:class:`~cardmath.engine.definition.Definition` read by the engine,
:class:`~cardmath.engine.game.CatalogueGame`; a game with a solver of its own (chemin de fer, High
Card Pool) implements :class:`Game` itself and says which :class:`Verb` s it has.

The protocol lives in the engine, below the games, because the engine's verbs speak its types
(:class:`ClosedForm`, :class:`SolvedPay`, :class:`Headline`...); :mod:`cardmath.games` exports it
for the games and their users.

>>> Axis.DECKS.folder(1), Axis.DECKS.folder(None), Axis.HAND_SIZES.folder(5)
('1-deck', 'infinite-decks', 'hand-size-5')
>>> Axis.HAND_SIZES.label(5)
'5-card hands'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

import sympy
from sympy import Rational

from cardmath.display import Displayed
from cardmath.pay_tables import PayChange, PayTable
from cardmath.shoe import Shoe
from cardmath.table import Chart, Kind, Table
from cardmath.text import percent_text

__all__ = [
    "DECK_POINTS",
    "FORMULA_SHOWN",
    "Axis",
    "ClosedForm",
    "Game",
    "Headline",
    "RuleOption",
    "ShoeGame",
    "SolvedPay",
    "Verb",
]

RulesT = TypeVar("RulesT")
ResultT = TypeVar("ResultT")

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

        Args:
            point: A number of decks (``None`` for the infinite-deck limit) or, on the hand-size axis,
                a number of cards in a hand.

        Returns:
            A folder name such as ``"1-deck"``, ``"6-decks"``, ``"infinite-decks"`` or
                ``"hand-size-5"``.

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

        Args:
            point: A number of decks (``None``: the infinite-deck limit) or a hand size, as
                :meth:`folder` takes it.

        Returns:
            The label of table titles and headings, such as ``"2 decks"`` or ``"5-card hands"``.

        >>> Axis.DECKS.label(2), Axis.DECKS.label(None)
        ('2 decks', 'infinite decks')
        """
        if self is Axis.HAND_SIZES:
            return f"{point}-card hands"
        return self.shoe(point).describe()

    @staticmethod
    def shoe(point: int | None) -> Shoe:
        """The fresh shoe of ``point`` decks (``None``: the infinite-deck limit).

        Args:
            point: A whole number of standard 52-card decks, or ``None`` for the infinite-deck limit.

        Returns:
            A full shoe with nothing removed.

        >>> Axis.shoe(2).size, Axis.shoe(None).is_infinite
        (104, True)
        """
        return Shoe.infinite() if point is None else Shoe.standard(point)


@dataclass(frozen=True)
class RuleOption:
    """One field of a game's rules that the command line sets, as ``--flag VALUE``.

    ``field`` is the keyword of the rules type; ``default`` the text used when the option is not
    given; ``choices`` (if any) the only texts allowed; ``read`` turns the text into the field's
    value (``None``: the rules type reads the text itself).

    Args:
        flag: The command-line option, such as ``"--tie-pays"``.
        field: The rules type's keyword argument the option sets, such as ``"tie_pays"``.
        default: The option's text when it is not given on the command line.
        metavar: The placeholder ``--help`` shows for the value, such as ``"N"``.
        help: The sentence ``--help`` shows for the option.
        choices: The only texts the option accepts; empty (the default) for any text.
        read: A function that turns the text into the field's value; ``None`` (the default) hands
            the text to the rules type as it is.

    >>> option = RuleOption("--tie-pays", "tie_pays", "8", "N", "pay (to 1) of the tie bet")
    >>> option.field, option.default, option.value("9")
    ('tie_pays', '8', '9')
    """

    flag: str
    field: str
    default: str
    metavar: str
    help: str
    choices: tuple[str, ...] = ()
    read: Callable[[str], object] | None = None

    def value(self, text: str) -> object:
        """The field's value from the option's text.

        Args:
            text: The text given on the command line (or the option's default).

        Returns:
            What :attr:`read` makes of the text, or the text itself when there is no ``read``.
        """
        return text if self.read is None else self.read(text)


@dataclass(frozen=True)
class Headline:
    """One figure a game puts on the home page and in the README: what it is, on which shoe, its
    exact value and the page that explains it.

    Args:
        name: The game and bet the figure belongs to, such as ``"Dragon Tiger, Dragon"``.
        shoe: The shoe it is computed on, in words, such as ``"8 decks"``.
        value: The exact figure, usually a ``sympy.Rational``.
        page: The documentation page that explains it, relative to ``docs/``.
        what: What the figure measures, ``"house edge"`` by default.

    >>> from sympy import Rational
    >>> Headline("Dragon Tiger, Dragon", "8 decks", Rational(31, 830), "games/dragon_tiger.md").value
    31/830
    """

    name: str
    shoe: str
    value: Any
    page: str
    what: str = "house edge"


FORMULA_SHOWN = 60
"""The most characters of a closed form a summary shows (a notebook's table shows it all)."""


@dataclass(frozen=True, repr=False)
class ClosedForm(Displayed):
    """A bet's house edge on ``d`` fresh decks as an exact rational function of ``d``
    (:data:`cardmath.exact.DECKS`), and its limit as ``d`` grows.

    ``name`` is the key in documents, ``label`` the words in a table.  It shows itself
    (:class:`~cardmath.display.Displayed`): a one-line ``repr`` with the formula (cut when long)
    and its limit, a one-row table for a notebook, and one record (``house_edge_in_d`` the formula
    as text, ``limit`` exact).

    Args:
        name: The bet's key in JSON documents, such as ``"tie"``.
        label: The bet's name in a table for people, such as ``"Tie"``.
        house_edge: The house edge as a ``sympy`` expression in the symbol ``d``.
        limit: The house edge's limit as ``d`` grows without bound (the infinite shoe's edge).

    >>> from cardmath.exact import DECKS
    >>> ClosedForm("tie", "Tie", 1 / (DECKS + 1), Rational(0)).limit
    0
    >>> ClosedForm("tie", "Tie", 8 * (2 * DECKS + 1) / (52 * DECKS - 1), Rational(4, 13))
    <ClosedForm: tie: house edge (16*d + 8)/(52*d - 1) in d decks, limit 30.7692%>
    """

    name: str
    label: str
    house_edge: sympy.Expr
    limit: Rational

    def formula(self) -> str:
        """The house edge as a function of ``d``, as text (``8*(2*d + 1)/(52*d - 1)``).

        Returns:
            SymPy's text of :attr:`house_edge`.
        """
        return str(self.house_edge)

    def summary(self) -> str:
        """The bet, the formula (cut when long) and its limit.

        Returns:
            One line, such as `tie: house edge 8*(2*d + 1)/(52*d - 1) in d decks, limit 30.7692%`.
        """
        formula = self.formula()
        if len(formula) > FORMULA_SHOWN:
            formula = formula[: FORMULA_SHOWN - 1] + "…"
        return f"{self.name}: house edge {formula} in d decks, limit {percent_text(self.limit)}"

    def display_tables(self) -> tuple[Table, ...]:
        """One row: the bet, its house edge in ``d`` decks and its limit.

        Returns:
            One table (the row of ``cardmath GAME --closed-form`` for the bet).
        """
        return (
            Table(
                f"{self.label} house edge in d decks",
                ("bet", "house edge in d", "limit"),
                ((self.name, self.formula(), self.limit),),
                kinds=(Kind.TEXT, Kind.TEXT, Kind.PERCENT),
                labels=((self.name, self.label),),
                notes=(
                    ("house edge in d", "the house edge of d fresh decks, exactly, as a function of d"),
                    ("limit", "the house edge as d grows without end (an infinite shoe), exactly"),
                ),
                slug="closed-form",
            ),
        )

    def conditions(self) -> dict[str, Any]:
        """The bet.

        Returns:
            `bet` (its name).
        """
        return {"bet": self.name}

    def records(self) -> list[dict[str, Any]]:
        """One record: the bet, `label` (its display name), `house_edge_in_d` (the formula as text)
        and `limit` (exact).

        Returns:
            A list of one dictionary.
        """
        return [
            {**self.conditions(), "label": self.label, "house_edge_in_d": self.formula(), "limit": self.limit}
        ]


@dataclass(frozen=True)
class SolvedPay:
    """The pay that gives a bet a chosen house edge: ``solved_for`` says which pay in words,
    ``document`` names it for JSON (``{"bet": "tie", "outcome": "tie"}``).

    Args:
        pay: The exact pay, to 1, that gives the chosen house edge.
        solved_for: The pay solved for, in words, such as ``"player_pair: pair"``.
        document: The pay solved for as JSON fields, such as ``{"bet": "tie", "outcome": "tie"}``.

    >>> SolvedPay.of_outcome(Rational(16), "player_pair", "pair")
    SolvedPay(pay=16, solved_for='player_pair: pair', document={'bet': 'player_pair', 'outcome': 'pair'})
    """

    pay: Rational
    solved_for: str
    document: Mapping[str, str]

    @classmethod
    def of_outcome(cls, pay: Rational, bet: str, outcome: str) -> SolvedPay:
        """The solved pay of one entry of one bet's pay table.

        Args:
            pay: The exact pay found, to 1.
            bet: The name of the bet whose pay table holds the entry.
            outcome: The outcome of that bet whose pay was solved.

        Returns:
            The pay with ``solved_for`` as ``"bet: outcome"`` and the matching JSON document.
        """
        return cls(pay, f"{bet}: {outcome}", {"bet": bet, "outcome": outcome})


class Verb(enum.StrEnum):
    """The verbs every game speaks where they make sense, with one argument order and one result
    type each (see :class:`~cardmath.engine.game.CatalogueGame`); a game lists the ones it has in
    :attr:`Game.verbs`.

    >>> from cardmath.games.registry import find_game
    >>> sorted(find_game("dragon-tiger").verbs) == sorted(Verb)
    True
    >>> sorted(find_game("chemin-de-fer").verbs)
    [<Verb.ANALYZE: 'analyze'>]
    """

    ANALYZE = "analyze"
    ANALYZE_MANY = "analyze_many"
    EFFECTS_OF_REMOVAL = "effects_of_removal"
    CLOSED_FORM = "closed_form"
    SOLVE_PAY = "solve_pay"


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
    - ``aliases``: other spellings :func:`~cardmath.games.registry.find_game` accepts;
      ``verbs``: the :class:`Verb` s it has (a verb it lacks is not defined on it).
    - ``command_examples``: cheap valid command lines of its command, by (sub)command (the
      command-line fuzz starts from them).
    - ``headlines()``: the figures of its card on the home page and its line in the README.

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
    @property
    def aliases(self) -> tuple[str, ...]: ...
    @property
    def verbs(self) -> frozenset[Verb]: ...
    @property
    def command_examples(self) -> Mapping[str, tuple[str, ...]]: ...

    def publication_tables(self, point: int | None) -> tuple[Table, ...]:
        """Every published table for one point of the axis (decks, or a hand size).

        Args:
            point: A number of decks (``None``: infinite) or a hand size, one of
                :attr:`default_points` or any other the game accepts.

        Returns:
            The tables in the order they are published, each with its title and notes.
        """
        ...

    def summary_table(self, points: Sequence[int | None]) -> Table:
        """One table across the points (house edges by number of decks, chances by hand size).

        Args:
            points: The points of the axis, one row (or column) each, in the order given.

        Returns:
            The summary table of the published set and of the game's page.
        """
        ...

    def charts(self) -> tuple[Chart, ...]:
        """The figures its documentation page shows (at least one).

        Returns:
            The charts as data, each drawn to ``img/NAME.svg`` when the site is built.
        """
        ...

    def headlines(self) -> tuple[Headline, ...]:
        """The figures the home page and the README show for it (at least one).

        Returns:
            Each figure with its name, shoe, exact value and page.
        """
        ...


@runtime_checkable
class ShoeGame(Game, Protocol[RulesT, ResultT]):
    """A game analysed shoe by shoe, with every verb: the generic command ``cardmath NAME
    [--decks N|inf] [--remove CARDS] [rules options] [--pay ...] [--pay-table ...] [--bets NAMES]
    [--closed-form | --solve-pay WHAT [--target-edge PCT]] [--format FMT]`` is built from it.
    Every catalogue game (:class:`~cardmath.engine.game.CatalogueGame`) is one.

    - ``default_decks``: ``--decks`` when not given; ``options``: the rules the command line sets;
      ``bet_names``: the built-in bets.
    - ``solve_pay_metavar`` and ``solve_pay_help``: how ``--solve-pay WHAT`` reads.
    - ``pay_tables``: the catalogue of named pay tables ``--pay-table BET:NAME`` chooses from
      (empty when the game has none); :meth:`with_pays` sets pays ``--pay BET:OUTCOME=PAY``.

    >>> from cardmath.games.registry import find_game
    >>> reddog = find_game("reddog")
    >>> isinstance(reddog, ShoeGame), [option.flag for option in reddog.options]
    (True, ['--spread-pays', '--trips-pays', '--raise-by'])
    >>> rules = reddog.rules(spread_pays="5,4,2,1", trips_pays="11", raise_by="spread")
    >>> reddog.analyze(Shoe.standard(1), rules).bets["reddog"].house_edge
    523/16575
    >>> reddog.solve_pay(Shoe.standard(1), rules, "trips").pay
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
    @property
    def default_rules(self) -> RulesT: ...

    def rules(self, **texts: str) -> RulesT:
        """The rules object from option texts keyed by :attr:`RuleOption.field` (each read by
        :mod:`cardmath.numbers`; bad text raises a :class:`~cardmath.errors.CardmathError`).

        Args:
            **texts: The text of each rule option given, by field name, such as
                ``tie_pays="9"``; a field not given keeps its default.

        Returns:
            A rules object of the game's own rules type.
        """
        ...

    def rules_document(self, rules: RulesT) -> dict[str, Any]:
        """The rules as JSON fields of exact values (``{"commission": 1/20, "tie_pays": 8}``).

        Args:
            rules: A rules object of the game's own rules type.

        Returns:
            The rules' fields by name, in order, with exact values.
        """
        ...

    def with_pays(self, rules: RulesT, changes: Sequence[PayChange]) -> RulesT:
        """The rules with the pays ``changes`` names (``(bet, outcome, pay)``, in order) set; an
        unknown bet or outcome raises a :class:`~cardmath.errors.CardmathError`.

        Args:
            rules: The rules to start from.
            changes: Each pay to set, as ``(bet, outcome, pay)``, a later one overriding an
                earlier one.

        Returns:
            A new rules object; ``rules`` is left as it was.
        """
        ...

    def built_in_bets(self, rules: RulesT | None = None) -> Mapping[str, Any]:
        """The game's built-in bets under ``rules`` (the usual table for ``None``).

        Args:
            rules: The game's rules; the standard game when omitted.

        Returns:
            Each bet by name, in the game's order.
        """
        ...

    def analyze(
        self, shoe: Shoe, rules: RulesT | None = None, *, bets: Any = None, strategy: Any = None
    ) -> ResultT:
        """The game's result for one shoe (``bets=None``: every built-in bet).

        Args:
            shoe: The cards the hands are dealt from: any number of decks, the infinite limit, or a
                depleted shoe.
            rules: The game's rules; the standard game when omitted.
            bets: The bets to analyse, by name (or the game's bet objects); ``None`` for every
                built-in bet.
            strategy: A strategy the player pins for a bet's decision (its words, or words by bet);
                ``None`` for the engine's best play.

        Returns:
            The game's own result type, with each bet's exact figures for this shoe.
        """
        ...

    def document(self, result: ResultT) -> dict[str, Any]:
        """The result as JSON fields of exact values, in order, after ``game``, ``decks`` and
        ``removed`` (which the caller adds).

        Args:
            result: What :meth:`analyze` returned.

        Returns:
            The result's fields by name, JSON-ready, with exact values.
        """
        ...

    def tables(self, result: ResultT) -> tuple[Table, ...]:
        """The result as tables for people.

        Args:
            result: What :meth:`analyze` returned for one shoe.

        Returns:
            The tables for the command line and the documentation, in order.
        """
        ...

    def closed_form(self, rules: RulesT | None = None, *, bets: Any = None) -> tuple[ClosedForm, ...]:
        """Each bet's house edge in ``d`` fresh decks, exactly.

        Args:
            rules: The game's rules; the standard game when omitted.
            bets: The bets wanted, by name; ``None`` for every built-in bet with a closed form.

        Returns:
            One closed form per bet: its house edge as a function of ``d`` and its limit.
        """
        ...

    def solve_pay(
        self, shoe: Shoe, rules: RulesT | None, which: str, target: int | str | Rational = 0
    ) -> SolvedPay:
        """The pay named by ``which`` (text, as ``--solve-pay`` reads it) giving house edge ``target``.

        Args:
            shoe: The cards the hands are dealt from.
            rules: The game's rules with the other pays; ``None`` for the standard game.
            which: The pay to solve for, as ``--solve-pay`` reads it (``"BET:OUTCOME"``, or a name
                the game knows).
            target: The house edge wanted, as a fraction of the amount bet: a number, a
                ``Rational`` or text such as ``"1/100"``; 0 (the default) for a fair bet.

        Returns:
            The exact pay that gives that house edge, and what it is the pay of.
        """
        ...
