"""Chemin de fer as the rest of cardmath sees it: the :data:`GAME` object of the registry.

It is a :class:`~cardmath.engine.protocol.Game` published by number of decks, but not a shoe game of
bets: its command, ``cardmath chemin-de-fer``, is its own adapter (:mod:`cardmath.cli.chemin_de_fer`),
choosing a model and a commission and printing the value and both sides' strategies.

>>> GAME.name, GAME.axis.folder(6), GAME.command
('chemin-de-fer', '6-decks', 'cardmath.cli.chemin_de_fer')
>>> from cardmath.engine.protocol import Game, ShoeGame
>>> isinstance(GAME, Game), isinstance(GAME, ShoeGame)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardmath.checks import checked
from cardmath.engine.protocol import DECK_POINTS, Axis, Headline, Verb
from cardmath.games.chemin_de_fer.analysis import Solution, analyze
from cardmath.games.chemin_de_fer.rules import DEFAULT_DECKS, CheminDeFerRules, Model
from cardmath.games.chemin_de_fer.tables import charts, publication_tables, solution_tables, summary_table
from cardmath.shoe import Shoe
from cardmath.table import Chart, Table

__all__ = ["GAME", "CheminDeFerGame", "solution_document"]


def _strategies(solution: Solution, index: int) -> dict[str, Any]:
    equilibrium = solution.equilibria[index]
    banker: dict[str, dict[str, Any]] = {}
    for situation, probability in equilibrium.banker.items():
        banker.setdefault(str(situation.hand), {})[situation.action] = probability
    return {
        "value": equilibrium.player_payoff,
        "banker_payoff": equilibrium.banker_payoff,
        "player_strategy": {str(hand): q for hand, q in equilibrium.player.items()},
        "banker_strategy": banker,
    }


@checked
def solution_document(solution: Solution) -> dict[str, Any]:
    """A solution as JSON fields of exact values, in order: the model and commission, the value
    (Player's expected payoff) and Banker's payoff, what is known of uniqueness, both strategies
    (probabilities of drawing: Player's by 5-hand, Banker's by hand then by Player's action,
    ``"stood"`` or the value of his third card), the other equilibria found, and the link to
    punto banco.

    Args:
        solution: What :func:`~cardmath.games.chemin_de_fer.analysis.analyze` found on one shoe.

    Returns:
        The fields by name, JSON-ready, with exact values.

    >>> document = solution_document(analyze(Shoe.infinite(), CheminDeFerRules(information="totals")))
    >>> list(document)[:6]
    ['model', 'commission', 'value', 'banker_payoff', 'uniqueness', 'method']
    >>> document["player_strategy"], document["banker_strategy"]["6"]["stood"]
    ({'5': 9/11}, 859/2288)
    """
    first = _strategies(solution, 0)
    link = solution.link
    return {
        "model": str(solution.model),
        "commission": solution.rules.commission,
        "value": first["value"],
        "banker_payoff": first["banker_payoff"],
        "uniqueness": str(solution.uniqueness),
        "method": str(solution.method),
        "player_strategy": first["player_strategy"],
        "banker_strategy": first["banker_strategy"],
        "other_equilibria": [_strategies(solution, i) for i in range(1, len(solution.equilibria))],
        "punto_banco": {
            "tableau_value": link.tableau_payoff,
            "fixed_rule_value": link.fixed_rule_payoff,
            "fixed_rule_cost": link.fixed_rule_cost,
            "departures": [
                {
                    "banker_hand": str(d.situation.hand),
                    "player_action": d.situation.action,
                    "tableau": str(d.tableau),
                    "optimal": d.optimal,
                }
                for d in link.departures
            ],
        },
    }


@dataclass(frozen=True)
class CheminDeFerGame:
    """Chemin de fer for the registry, the published set and the documentation (a
    :class:`~cardmath.engine.protocol.Game`), with what its command adapter needs: the default shoe,
    the rules of a model and a commission, the solution, and its document and tables.

    Args:
        name: The command, ``cardmath chemin-de-fer``, and the folder of the tables.
        title: The game's full name, for page titles.
        short_title: The name inside table titles.
        summary: The one line of ``cardmath --help``.
        description: The paragraph of ``cardmath chemin-de-fer --help``.
        docs_page: The game's page under ``docs/``.
        axis: What the published tables range over: numbers of decks.
        default_points: The deck counts of the published set: 1 to 8 and infinite.
        command: The module of the command-line adapter.
        default_decks: The decks of the shoe when ``--decks`` is not given: 6.
        default_model: The model when ``--model`` is not given: B3.
        aliases: Other spellings the registry accepts for the name.
        verbs: The verbs the game has: ``analyze`` only.

    >>> game = CheminDeFerGame()
    >>> rules = game.rules(Model.A1, "0")
    >>> game.document(game.analyze(Shoe.infinite(), rules))["value"]
    -679568/53094899
    """

    name: str = "chemin-de-fer"
    title: str = "Chemin de fer (baccara chemin de fer)"
    short_title: str = "Chemin de fer"
    summary: str = "Chemin de fer: the value of the game and both sides' optimal strategies, exactly"
    description: str = (
        "Solve baccara chemin de fer exactly: Player may draw or stand on 5, Banker may draw or stand "
        "in every situation. --model chooses what each side sees (1: totals, 2: Banker his two cards, "
        "3: each side his two cards) and the dealing (A: with replacement, --decks inf; B: without, "
        "from --decks N decks less --remove CARDS). Without a commission the game is zero-sum: its "
        "value and optimal strategies; with --commission on Banker's wins (the casino game), its Nash "
        "equilibria. The rules are on the game's page of the documentation."
    )
    docs_page: str = "games/chemin_de_fer.md"
    axis: Axis = Axis.DECKS
    default_points: tuple[int | None, ...] = DECK_POINTS
    command: str = "cardmath.cli.chemin_de_fer"
    default_decks: int = DEFAULT_DECKS
    default_model: Model = Model.B3
    aliases: tuple[str, ...] = ("chemin_de_fer", "chemin de fer", "chemmy", "baccara chemin de fer")
    verbs: frozenset[Verb] = frozenset({Verb.ANALYZE})
    """Chemin de fer is a game solved, not a catalogue of bets: it has ``analyze(shoe, rules)`` (the
    solution), and no ``analyze_many``, ``effects_of_removal``, ``closed_form`` or ``solve_pay``:
    its :func:`~cardmath.games.chemin_de_fer.solve_many` gives solutions and its
    :func:`~cardmath.games.chemin_de_fer.draw_effects_of_removal` the effect of a card on Player's
    strategy, other results than those verbs' (house edges of bets)."""

    def publication_tables(self, point: int | None) -> tuple[Table, ...]:
        """Models B2 and B3 (A1 for infinite decks), parlor and casino, on ``point`` fresh decks.

        Args:
            point: A number of fresh decks, or ``None`` for dealing with replacement.

        Returns:
            Each solution's tables, then the effects of removing a card (finite decks only).

        >>> GAME.publication_tables(None)[0].rows[0][:2]
        ('value of the game to Player', -679568/53094899)
        """
        return publication_tables(point)

    def summary_table(self, points: Sequence[int | None]) -> Table:
        """The value and Player's play on 5 for each number of decks.

        Args:
            points: Numbers of decks, ``None`` for infinite, one row each.

        Returns:
            The table of values and Player's play by number of decks.

        >>> [row[0] for row in GAME.summary_table([1, None]).rows]
        ['1 deck', 'infinite decks']
        """
        return summary_table(points)

    def charts(self) -> tuple[Chart, ...]:
        """Player's play on 5 and the value by decks, and the effect of removing a card.

        Returns:
            Three charts, as data.

        >>> [chart.name for chart in GAME.charts()]
        ['chemin-de-fer-draw-at-5', 'chemin-de-fer-value', 'chemin-de-fer-removal']
        """
        return charts()

    @property
    def command_examples(self) -> dict[str, tuple[str, ...]]:
        """A cheap valid command line: model A1 (the infinite-deck limit)."""
        return {"chemin-de-fer": ("chemin-de-fer", "--model", "A1")}

    def headlines(self) -> tuple[Headline, ...]:
        """The home page's figure: the value of the game to Player in the infinite-deck limit,
        each side seeing only totals (model A1, no commission).

        Returns:
            One headline, model A1's value to Player.

        >>> GAME.headlines()[0].value
        -679568/53094899
        """
        solution = self.analyze(Shoe.infinite(), self.rules(Model.A1, 0))
        value = solution.equilibria[0].player_payoff
        where = "infinite decks, each side seeing totals"
        return (Headline("Chemin de fer", where, value, self.docs_page, "value to Player"),)

    def rules(self, model: Model | str, commission: Any) -> CheminDeFerRules:
        """The rules of a model (its digit: what each side sees) with a commission (a fraction).

        Args:
            model: A model of the literature or its name, such as ``"B2"``; its letter is ignored
                here (the shoe decides the dealing).
            commission: Banker's commission on his wins, from 0 to 1, as a number or text.

        Returns:
            The rules with the model's information and the commission.

        Raises:
            OptionError: When the model's name is unknown or the commission is out of range.

        >>> GAME.rules("B2", "0.05")
        CheminDeFerRules(information=<Information.BANKER_COMPOSITION: 'banker composition'>, commission=1/20)
        >>> GAME.rules("C3", 0)
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: the model must be one of A1, A2, A3, B1, B2 or B3, not 'C3'
        """
        chosen = model if isinstance(model, Model) else Model.read(model)
        return CheminDeFerRules(chosen.information, commission)

    @checked
    def analyze(self, shoe: Shoe, rules: CheminDeFerRules) -> Solution:
        """The solution on a shoe (:func:`~cardmath.games.chemin_de_fer.analysis.analyze`).

        Args:
            shoe: The cards dealt from (infinite: with replacement).
            rules: What each side sees and the commission.

        Returns:
            The equilibria, their payoffs and the comparison with the tableau.

        >>> GAME.analyze(Shoe.standard(6), GAME.rules("B2", 0)).model
        <Model.B2: 'B2'>
        """
        return analyze(shoe, rules)

    @checked
    def document(self, solution: Solution) -> dict[str, Any]:
        """The solution as JSON fields (:func:`solution_document`).

        Args:
            solution: A solution on one shoe.

        Returns:
            The model, the payoffs, uniqueness, both strategies, the other equilibria and the link to
                punto banco, as exact values.

        >>> GAME.document(GAME.analyze(Shoe.standard(6), GAME.rules("B3", 0)))["uniqueness"]
        'unique'
        """
        return solution_document(solution)

    @checked
    def tables(self, solution: Solution) -> tuple[Table, ...]:
        """The solution as tables for people.

        Args:
            solution: A solution on one shoe.

        Returns:
            Four tables: the figures, Player's strategy, Banker's strategy and the tableau's
                departures.

        >>> len(GAME.tables(GAME.analyze(Shoe.infinite(), GAME.rules("A1", 0))))
        4
        """
        return solution_tables(solution)


GAME = CheminDeFerGame()
"""Chemin de fer, as the registry lists it."""
