"""What solving chemin de fer finds: :class:`Solution` (its parts, :class:`Equilibrium`,
:class:`TableauLink` and :class:`Departure`, are in :mod:`~cardmath.games.chemin_de_fer.equilibrium`),
and the tables of one solution.

:func:`~cardmath.games.chemin_de_fer.analysis.analyze` returns a :class:`Solution`; every result
here shows itself (:class:`~cardmath.display.Displayed`): a one-line ``repr`` naming the value of
the game, a notebook display of the tables :func:`solution_tables` makes (the ones ``cardmath
chemin-de-fer`` prints), and a tidy frame (one row per figure and per choice of each side: his
hand, Player's action, the probability of drawing, how it plays and what punto banco's tableau
does there).

For one solution (:func:`solution_tables`): the value or the equilibrium payoffs with the link to
punto banco, Player's strategy on his 5-hands, Banker's strategy as a grid (his hand by Player's
action: ``D`` draw, ``S`` stand, a fraction the probability of drawing, ``·`` a situation the
shoe cannot deal), and the situations where punto banco's tableau departs from it.

>>> from cardmath.games.chemin_de_fer.analysis import analyze
>>> analyze(Shoe.infinite(), CheminDeFerRules(information="totals"))  # doctest: +NORMALIZE_WHITESPACE
<Solution: Chemin de fer A1, infinite decks: value of the game to Player -1.2799% (-0.0127991),
 Banker's edge 1.2799%, unique>
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.checks import checked
from cardmath.display import Displayed
from cardmath.games.chemin_de_fer.equilibrium import (  # the pieces of the tables both show
    _TITLE,
    GAME_NAME,
    Equilibrium,
    TableauLink,
    _banker_table,
    _departures,
    _link_figures,
    _player_table,
    _strategy_records,
)
from cardmath.games.chemin_de_fer.hands import Hand, InformationSet
from cardmath.games.chemin_de_fer.profiles import Method, Uniqueness
from cardmath.games.chemin_de_fer.rules import CheminDeFerRules, Model
from cardmath.shoe import Shoe
from cardmath.table import Table
from cardmath.text import decimal_text, percent_text

__all__ = [
    "Solution",
    "banker_table",
    "departures_table",
    "player_table",
    "solution_table",
    "solution_tables",
]


@dataclass(frozen=True, repr=False)
class Solution(Displayed):
    """The equilibria of chemin de fer on one shoe under one set of rules.

    ``equilibria`` are all those found (one in the parlor game unless the shoe makes the optimal
    strategies several); ``uniqueness`` says whether the first is proved to be the only one;
    ``method`` how it was found; ``choices`` Player's 5-hands and ``sets`` Banker's situations.

    Args:
        shoe: The shoe the game was solved on (infinite: dealing with replacement).
        rules: What each side sees and the commission.
        choices: Player's 5-hands, as he sees them, in order.
        sets: Banker's situations (his hand and Player's action), in order.
        equilibria: Every equilibrium found, the first being the one the properties read.
        uniqueness: Whether the first equilibrium is proved the only one.
        method: The algorithm that found the equilibria.
        link: How punto banco's tableau compares with the first equilibrium.

    >>> from cardmath.games.chemin_de_fer.analysis import analyze
    >>> solution = analyze(Shoe.standard(6))  # model B3
    >>> solution.model, solution.value
    (<Model.B3: 'B3'>, -73356216203119/5712649844821920)
    >>> [str(solution.player[hand]) for hand in solution.choices]
    ['1', '35003/74880', '0', '1', '1']
    >>> solution  # doctest: +NORMALIZE_WHITESPACE
    <Solution: Chemin de fer B3, 6 decks: value of the game to Player -1.2841% (-0.0128410), Banker's
     edge 1.2841%, unique>
    >>> frame = solution.to_frame()
    >>> player = frame[frame["side"] == "Player"]
    >>> player[["hand", "probability_of_drawing_exact", "play"]].values.tolist()[:2]
    [['{0,5}', '1', 'draw'], ['{1,4}', '35003/74880', 'mix']]
    """

    shoe: Shoe
    rules: CheminDeFerRules
    choices: tuple[Hand, ...]
    sets: tuple[InformationSet, ...]
    equilibria: tuple[Equilibrium, ...]
    uniqueness: Uniqueness
    method: Method
    link: TableauLink

    @property
    def model(self) -> Model:
        """The model of the literature: the dealing (the shoe) and what each side sees.

        >>> from cardmath.games.chemin_de_fer.analysis import analyze
        >>> analyze(Shoe.standard(2), CheminDeFerRules(information="banker composition")).model
        <Model.B2: 'B2'>
        """
        return Model.of(with_replacement=self.shoe.is_infinite, information=self.rules.information)

    @property
    def value(self) -> Rational:
        """Player's expected payoff in the (first) equilibrium: the value of the parlor game.

        >>> from cardmath.games.chemin_de_fer.analysis import analyze
        >>> analyze(Shoe.standard(1), CheminDeFerRules(information="totals")).value
        -581376851/42646944600
        """
        return self.equilibria[0].player_payoff

    @property
    def banker_payoff(self) -> Rational:
        """Banker's expected payoff in the (first) equilibrium.

        >>> from cardmath.games.chemin_de_fer.analysis import analyze
        >>> rules = CheminDeFerRules(information="totals", commission="0.05")
        >>> analyze(Shoe.infinite(), rules).banker_payoff < 0
        True
        """
        return self.equilibria[0].banker_payoff

    @property
    def player(self) -> dict[Hand, Rational]:
        """Player's probability of drawing on each 5-hand in the (first) equilibrium.

        >>> from cardmath.games.chemin_de_fer.analysis import analyze
        >>> analyze(Shoe.infinite(), CheminDeFerRules(information="totals")).player
        {Hand(total=5, cards=()): 9/11}
        """
        return self.equilibria[0].player

    @property
    def banker(self) -> dict[InformationSet, Rational]:
        """Banker's probability of drawing in each situation in the (first) equilibrium.

        >>> from cardmath.games.chemin_de_fer.analysis import analyze
        >>> solution = analyze(Shoe.infinite(), CheminDeFerRules(information="totals"))
        >>> solution.banker[InformationSet(Hand(7), None)], solution.banker[InformationSet(Hand(3), 9)]
        (0, 1)
        """
        return self.equilibria[0].banker

    def summary(self) -> str:
        """The model, the commission, the shoe and the headline payoffs, in one line: the value of
        the parlor game and Banker's edge (the value's opposite), or both sides' payoffs in the
        casino game.

        Returns:
            Such as `Chemin de fer B3, 6 decks: value of the game to Player -1.2841% (-0.0128410),
                Banker's edge 1.2841%, unique`.
        """
        start = f"{_heading(self)}: "
        if self.rules.zero_sum:
            value = f"{percent_text(self.value)} ({decimal_text(self.value, 7)})"
            edge = percent_text(-self.value)
            return f"{start}value of the game to Player {value}, Banker's edge {edge}, {self.uniqueness}"

        return (
            f"{start}Player's expected payoff {percent_text(self.value)}, Banker's "
            f"{percent_text(self.banker_payoff)} after the commission, {self.uniqueness}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The tables ``cardmath chemin-de-fer`` prints and the documentation shows.

        Returns:
            :func:`solution_tables` of the solution: the figures, both strategies and the departures
                of punto banco's tableau.
        """
        return solution_tables(self)

    def conditions(self) -> dict[str, Any]:
        """The model, what each side sees, the commission and the shoe.

        Returns:
            `game`, `model`, `information`, `commission` (a fraction of Banker's wins), `shoe` (in
                words) and `decks` (`None` for an infinite shoe or one that is not whole decks).
        """
        return {
            "game": GAME_NAME,
            "model": str(self.model),
            "information": str(self.rules.information),
            "commission": self.rules.commission,
            "shoe": self.shoe.describe(),
            "decks": self.shoe.decks,
        }

    def records(self) -> list[dict[str, Any]]:
        """The headline figures, then one record per choice of each side in the first
        equilibrium (no grid, no text copies of the numbers).

        Returns:
            The conditions, `uniqueness` and `method`, then for a figure `table` ``figures``,
                `figure` and `value`; for a choice `table` ``strategies``, `side`, `hand`,
                `player_action` (Banker's choices), `probability_of_drawing`, `play` and `tableau`.
        """
        start = {**self.conditions(), "uniqueness": str(self.uniqueness), "method": str(self.method)}
        figures = [(name, value) for name, value in _figures(self) if not isinstance(value, str)]
        return [
            *({**start, "table": "figures", "figure": name, "value": value} for name, value in figures),
            *({**start, "table": "strategies", **row} for row in _strategy_records(self.player, self.banker)),
        ]


def _percent_text(fraction: Rational) -> str:
    percent = 100 * fraction
    return str(percent) if percent.q == 1 else f"{float(percent):g}"


def _heading(solution: Solution) -> str:
    casino = (
        "" if solution.rules.zero_sum else f" with a {_percent_text(solution.rules.commission)}% commission"
    )
    return f"{_TITLE} {solution.model}{casino}, {solution.shoe.describe()}"


def _prefix(solution: Solution) -> str:
    """The start of a table's short name: the model, then ``commission`` for the casino game."""
    casino = "" if solution.rules.zero_sum else "-commission"
    return f"{solution.model.lower()}{casino}"


def _slug(solution: Solution, table: str) -> str:
    """A table's short name in file names: the model, ``commission`` for the casino game, then
    the table (``b2-commission-banker-strategy``)."""
    return f"{_prefix(solution)}-{table}"


def _figures(solution: Solution) -> list[tuple[str, object]]:
    link = solution.link
    first = "value of the game to Player" if solution.rules.zero_sum else "Player's expected payoff"
    return [
        (first, solution.value),
        ("Banker's expected payoff", solution.banker_payoff),
        (
            "equilibria found" if not solution.rules.zero_sum else "optimal strategies",
            len(solution.equilibria),
        ),
        ("uniqueness", str(solution.uniqueness)),
        ("method", str(solution.method)),
        *_link_figures(link),
        ("situations where the tableau departs from Banker's strategy", len(link.departures)),
    ]


def solution_table(solution: Solution) -> Table:
    """The headline figures of a solution: payoffs, uniqueness, and the link to punto banco.

    Args:
        solution: What :func:`~cardmath.games.chemin_de_fer.analysis.analyze` found on one shoe.

    Returns:
        One row per figure: its name, its value and the exact value as text.

    >>> from cardmath.games.chemin_de_fer.analysis import analyze
    >>> table = solution_table(analyze(Shoe.infinite(), CheminDeFerRules(information="totals")))
    >>> table.rows[0]
    ('value of the game to Player', -679568/53094899, '-679568/53094899')
    """
    return Table(
        f"{_heading(solution)}: solution",
        ("figure", "value", "exact"),
        tuple(
            (name, value, str(value) if isinstance(value, Rational) else "")
            for name, value in _figures(solution)
        ),
        slug=_slug(solution, "solution"),
    )


def player_table(solution: Solution) -> Table:
    """Player's probability of drawing on each of his 5-hands.

    Args:
        solution: What :func:`~cardmath.games.chemin_de_fer.analysis.analyze` found on one shoe.

    Returns:
        One row per 5-hand: the hand, how it plays, the probability of drawing and its exact text.

    >>> from cardmath.games.chemin_de_fer.analysis import analyze
    >>> player_table(analyze(Shoe.standard(6))).rows[1]
    ('{1,4}', 'mix', 35003/74880, '35003/74880')
    """
    return _player_table(_heading(solution), _prefix(solution), solution.player)


def banker_table(solution: Solution) -> Table:
    """Banker's strategy as a grid: his hand by Player's action (stood, or the value of Player's
    third card); ``D`` draw, ``S`` stand, a fraction the probability of drawing, ``·`` a situation
    the shoe cannot deal.

    Args:
        solution: What :func:`~cardmath.games.chemin_de_fer.analysis.analyze` found on one shoe.

    Returns:
        One row per hand of Banker, one column per action of Player.

    >>> from cardmath.games.chemin_de_fer.analysis import analyze
    >>> table = banker_table(analyze(Shoe.infinite(), CheminDeFerRules(information="totals")))
    >>> table.headers[:3], table.rows[6][:4]
    (("Banker's hand", 'stood', '0'), ('6', '859/2288', 'S', 'S'))
    """
    return _banker_table(_heading(solution), _prefix(solution), solution.banker, solution.rules.information)


def departures_table(solution: Solution) -> Table:
    """The situations where punto banco's tableau plays otherwise than Banker's strategy.

    Args:
        solution: What :func:`~cardmath.games.chemin_de_fer.analysis.analyze` found on one shoe.

    Returns:
        One row per departure: Banker's hand, Player's action, the tableau's play, the optimal play
            and Banker's optimal probability of drawing.

    >>> from cardmath.games.chemin_de_fer.analysis import analyze
    >>> departures_table(analyze(Shoe.infinite(), CheminDeFerRules(information="totals"))).rows
    (('6', 'stood', 'stand', 'mix', 859/2288, '859/2288'),)
    """
    return _departures(
        f"{_heading(solution)}: departures of punto banco's tableau",
        _slug(solution, "departures"),
        solution.link.departures,
    )


@checked
def solution_tables(solution: Solution) -> tuple[Table, ...]:
    """Every table of one solution: the figures, both strategies, and the tableau's departures.

    Args:
        solution: What :func:`~cardmath.games.chemin_de_fer.analysis.analyze` found on one shoe.

    Returns:
        Four tables, titled with the model, the commission and the shoe.

    >>> from cardmath.games.chemin_de_fer.analysis import analyze
    >>> [t.title for t in solution_tables(analyze(Shoe.standard(1), CheminDeFerRules("totals")))][2]
    "Chemin de fer B1, 1 deck: Banker's strategy (columns: Player stood, or his third card)"
    """
    return (
        solution_table(solution),
        player_table(solution),
        banker_table(solution),
        departures_table(solution),
    )
