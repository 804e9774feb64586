"""The equilibria of chemin de fer and how punto banco's tableau compares: :class:`Equilibrium`,
:class:`TableauLink` and :class:`Departure`, the parts of a
:class:`~cardmath.games.chemin_de_fer.solution.Solution`.

Each shows itself (:class:`~cardmath.display.Displayed`): a one-line ``repr`` with its payoffs, a
notebook display of its tables (both strategies, as ``cardmath chemin-de-fer`` prints them; the
departures of the tableau), and a tidy frame (one row per payoff and per choice of each side: his
hand, Player's action, the probability of drawing, how it plays and what the tableau does there).

>>> from cardmath.games.chemin_de_fer.analysis import analyze
>>> from cardmath.games.chemin_de_fer.rules import CheminDeFerRules
>>> from cardmath.shoe import Shoe
>>> solution = analyze(Shoe.infinite(), CheminDeFerRules(information="totals"))
>>> solution.link.departures  # doctest: +NORMALIZE_WHITESPACE
(<Departure: 6, Player stood: the tableau stands, Banker's strategy mixes (draws with probability
 0.375437)>,)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.display import Displayed
from cardmath.games.chemin_de_fer.hands import (
    ACTIONS,
    VALUES,
    Hand,
    InformationSet,
    banker_hands,
    tableau_draws,
)
from cardmath.games.chemin_de_fer.rules import Information, Play
from cardmath.table import Table
from cardmath.text import decimal_text, percent_text

__all__ = ["GAME_NAME", "Departure", "Equilibrium", "TableauLink"]

GAME_NAME = "chemin-de-fer"
"""The game's name in the registry, the ``game`` column of every result's records."""

_TITLE = "Chemin de fer"
_UNREACHED = "·"


def _signed(value: Rational) -> str:
    """A payoff as a signed percentage: ``+1.2841%``, ``-1.2841%``."""
    text = percent_text(value)
    return text if text.startswith("-") else "+" + text


def _seen(player: Mapping[Hand, Any], banker: Mapping[InformationSet, Any]) -> Information:
    """What each side sees, read from the hands the strategies name."""
    if any(hand.cards for hand in player):
        return Information.COMPOSITIONS
    if any(situation.hand.cards for situation in banker):
        return Information.BANKER_COMPOSITION
    return Information.TOTALS


def _mixed(player: Mapping[Hand, Rational], banker: Mapping[InformationSet, Rational]) -> str:
    """Where the strategies mix, in words."""
    hands = [str(hand) for hand, q in player.items() if Play.of(q) is Play.MIX]
    sets = sum(1 for b in banker.values() if Play.of(b) is Play.MIX)
    said = f"Player mixes on {', '.join(hands)}" if hands else "Player does not mix"
    return f"{said}, Banker mixes in {sets} situation{'s' if sets != 1 else ''}"


def _strategy_records(
    player: Mapping[Hand, Rational], banker: Mapping[InformationSet, Rational]
) -> list[dict[str, Any]]:
    """One record per choice of each side: the hand, Player's action (Banker's choices), the
    probability of drawing, how it plays, and what punto banco's tableau does there (Player draws
    on 5)."""
    found: list[dict[str, Any]] = [
        {
            "side": "Player",
            "hand": str(hand),
            "player_action": None,
            "probability_of_drawing": q,
            "play": str(Play.of(q)),
            "tableau": str(Play.DRAW),
        }
        for hand, q in player.items()
    ]
    found += [
        {
            "side": "Banker",
            "hand": str(situation.hand),
            "player_action": situation.action,
            "probability_of_drawing": b,
            "play": str(Play.of(b)),
            "tableau": str(Play.DRAW if tableau_draws(situation) else Play.STAND),
        }
        for situation, b in banker.items()
    ]
    return found


def _payoffs(equilibrium: Equilibrium) -> tuple[tuple[str, Rational], ...]:
    return (
        ("Player's expected payoff", equilibrium.player_payoff),
        ("Banker's expected payoff", equilibrium.banker_payoff),
    )


@dataclass(frozen=True, repr=False)
class Equilibrium(Displayed):
    """One pair of strategies in equilibrium: Player's probability of drawing on each of his
    5-hands, Banker's in each situation the shoe can deal, and each side's expected payoff per
    unit staked (in the parlor game, Player's is the value and Banker's its opposite).

    Args:
        player: Player's probability of drawing, from 0 to 1, on each of his 5-hands.
        banker: Banker's probability of drawing, from 0 to 1, in each situation the shoe can deal.
        player_payoff: Player's expected payoff per unit staked, exactly.
        banker_payoff: Banker's expected payoff per unit staked, exactly (less the commission).

    >>> from cardmath.games.chemin_de_fer.analysis import analyze
    >>> from cardmath.games.chemin_de_fer.rules import CheminDeFerRules
    >>> from cardmath.shoe import Shoe
    >>> equilibrium = analyze(Shoe.infinite(), CheminDeFerRules(information="totals")).equilibria[0]
    >>> equilibrium.player_payoff + equilibrium.banker_payoff
    0
    >>> equilibrium  # doctest: +NORMALIZE_WHITESPACE
    <Equilibrium: Player's payoff -1.2799%, Banker's +1.2799%; Player mixes on 5, Banker mixes in 1
     situation>
    """

    player: dict[Hand, Rational]
    banker: dict[InformationSet, Rational]
    player_payoff: Rational
    banker_payoff: Rational

    def summary(self) -> str:
        """Both sides' payoffs and where they mix, in one line.

        Returns:
            Such as `Player's payoff -1.2799%, Banker's +1.2799%; Player mixes on 5, Banker mixes in 1
                situation`.
        """
        return (
            f"Player's payoff {_signed(self.player_payoff)}, Banker's {_signed(self.banker_payoff)}; "
            f"{_mixed(self.player, self.banker)}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The payoffs, then both strategies as :func:`solution_tables` shows them.

        Returns:
            Three tables: the payoffs, Player's strategy, Banker's strategy (a grid).
        """
        start, information = "Chemin de fer equilibrium", _seen(self.player, self.banker)
        payoffs = Table(
            f"{start}: payoffs",
            ("figure", "value"),
            (
                ("Player's expected payoff", self.player_payoff),
                ("Banker's expected payoff", self.banker_payoff),
            ),
            slug="equilibrium-payoffs",
        )
        return (
            payoffs,
            _player_table(start, "equilibrium", self.player),
            _banker_table(start, "equilibrium", self.banker, information),
        )

    def conditions(self) -> dict[str, Any]:
        """What each side sees, read from the hands of the strategies.

        Returns:
            `game` and `information` (``totals``, ``banker composition`` or ``compositions``).
        """
        return {"game": GAME_NAME, "information": str(_seen(self.player, self.banker))}

    def records(self) -> list[dict[str, Any]]:
        """The payoffs, then one record per choice of each side.

        Returns:
            The conditions with, for a payoff, `table` ``payoffs``, `figure` and `value`; for a
                choice, `table` ``strategies``, `side`, `hand`, `player_action` (Banker's choices),
                `probability_of_drawing`, `play` and `tableau` (what punto banco does there).
        """
        start = self.conditions()
        figures = (
            ("Player's expected payoff", self.player_payoff),
            ("Banker's expected payoff", self.banker_payoff),
        )
        return [
            *({**start, "table": "payoffs", "figure": name, "value": value} for name, value in figures),
            *({**start, "table": "strategies", **row} for row in _strategy_records(self.player, self.banker)),
        ]


@dataclass(frozen=True, repr=False)
class Departure(Displayed):
    """A situation where punto banco's tableau plays otherwise than Banker's optimal strategy.

    Args:
        situation: Banker's hand and Player's action where the two differ.
        tableau: What the tableau does there: draw or stand.
        optimal: Banker's optimal probability of drawing there, from 0 to 1.

    >>> departure = Departure(InformationSet(Hand(6), None), Play.STAND, Rational(859, 2288))
    >>> departure.optimal_play
    <Play.MIX: 'mix'>
    >>> departure  # doctest: +NORMALIZE_WHITESPACE
    <Departure: 6, Player stood: the tableau stands, Banker's strategy mixes (draws with probability
     0.375437)>
    """

    situation: InformationSet
    tableau: Play
    optimal: Rational

    @property
    def optimal_play(self) -> Play:
        """How the optimal strategy plays the situation.

        >>> Departure(InformationSet(Hand(3), 8), Play.STAND, Rational(1)).optimal_play
        <Play.DRAW: 'draw'>
        """
        return Play.of(self.optimal)

    def summary(self) -> str:
        """The situation, what the tableau does and what Banker's strategy does, in one line.

        Returns:
            Such as `6, Player stood: the tableau stands, Banker's strategy mixes (draws with
                probability 0.375437)`.
        """
        verbs = {Play.DRAW: "draws", Play.STAND: "stands", Play.MIX: "mixes", Play.UNREACHED: "cannot play"}
        return (
            f"{self.situation}: the tableau {verbs[self.tableau]}, Banker's strategy "
            f"{verbs[self.optimal_play]} (draws with probability {decimal_text(self.optimal)})"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The departure as one row of :func:`departures_table`'s columns.

        Returns:
            One table of one row.
        """
        return (_departures(f"{_TITLE}: departure of punto banco's tableau", "departure", (self,)),)

    def records(self) -> list[dict[str, Any]]:
        """The departure as one record.

        Returns:
            One dictionary: `banker_hand`, `player_action`, `tableau`, `optimal` (the play) and
                `probability_of_drawing` (Banker's optimal one).
        """
        return [_departure_record(self)]


def _departure_record(departure: Departure) -> dict[str, Any]:
    return {
        "banker_hand": str(departure.situation.hand),
        "player_action": departure.situation.action,
        "tableau": str(departure.tableau),
        "optimal": str(departure.optimal_play),
        "probability_of_drawing": departure.optimal,
    }


def _link_figures(link: TableauLink) -> tuple[tuple[str, Rational], ...]:
    return (
        ("Player's payoff when both follow punto banco's tableau", link.tableau_payoff),
        ("Player's payoff always drawing on 5, Banker replying best", link.fixed_rule_payoff),
        ("what always drawing on 5 costs Player", link.fixed_rule_cost),
    )


@dataclass(frozen=True, repr=False)
class TableauLink(Displayed):
    """How punto banco's fixed drawing rules compare with the equilibrium.

    - ``tableau_payoff``: Player's expected payoff when both sides follow the tableau (Player
      draws on 5, Banker draws as the tableau says);
    - ``departures``: the situations where the tableau departs from Banker's strategy;
    - ``fixed_rule_payoff``: Player's expected payoff when he always draws on 5 (punto banco's
      rule) and Banker replies best (where Banker is indifferent, against Player);
    - ``fixed_rule_cost``: what that rule costs Player against the equilibrium.

    Args:
        tableau_payoff: Player's expected payoff when both sides play punto banco's rules.
        departures: Each situation where the tableau and Banker's optimal strategy differ.
        fixed_rule_payoff: Player's expected payoff when he always draws on 5 and Banker replies
            best.
        fixed_rule_cost: The equilibrium payoff less ``fixed_rule_payoff``: what drawing on 5
            always costs Player.

    >>> from cardmath.games.chemin_de_fer.analysis import analyze
    >>> from cardmath.games.chemin_de_fer.rules import CheminDeFerRules
    >>> from cardmath.shoe import Shoe
    >>> link = analyze(Shoe.infinite(), CheminDeFerRules(information="totals")).link
    >>> link.fixed_rule_cost > 0
    True
    >>> link  # doctest: +NORMALIZE_WHITESPACE
    <TableauLink: both following punto banco's tableau, Player's payoff -1.2281%; always drawing on
     5 costs Player 0.0878%; the tableau departs from Banker's strategy in 1 situation>
    """

    tableau_payoff: Rational
    departures: tuple[Departure, ...]
    fixed_rule_payoff: Rational
    fixed_rule_cost: Rational

    def summary(self) -> str:
        """The tableau's payoff, the cost of always drawing on 5 and the departures, in one line.

        Returns:
            Such as `both following punto banco's tableau, Player's payoff -1.2281%; always drawing on
                5 costs Player 0.0878%; the tableau departs from Banker's strategy in 1 situation`.
        """
        count = len(self.departures)
        return (
            f"both following punto banco's tableau, Player's payoff {percent_text(self.tableau_payoff)}; "
            f"always drawing on 5 costs Player {percent_text(self.fixed_rule_cost)}; the tableau departs "
            f"from Banker's strategy in {count} situation{'s' if count != 1 else ''}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The link's figures, then the departures.

        Returns:
            Two tables: the payoffs, and the situations where the tableau departs.
        """
        figures = Table(
            f"{_TITLE}: punto banco's tableau", ("figure", "value"), _link_figures(self), slug="tableau"
        )
        return (
            figures,
            _departures(f"{_TITLE}: departures of punto banco's tableau", "departures", self.departures),
        )

    def records(self) -> list[dict[str, Any]]:
        """The figures, then one record per departure.

        Returns:
            For a figure, `table` ``figures``, `figure` and `value`; for a departure, `table`
                ``departures`` and the departure's record (see :meth:`Departure.records`).
        """
        return [
            *({"table": "figures", "figure": name, "value": value} for name, value in _link_figures(self)),
            *({"table": "departures", **_departure_record(d)} for d in self.departures),
        ]


def _cell(probability: Rational | None) -> str:
    play = Play.of(probability)
    if play is Play.UNREACHED:
        return _UNREACHED
    if play is Play.MIX:
        return str(probability)
    return "D" if play is Play.DRAW else "S"


def _player_table(start: str, slug: str, player: Mapping[Hand, Rational]) -> Table:
    return Table(
        f"{start}: Player's strategy",
        ("Player's hand", "play", "probability of drawing", "exact"),
        tuple((str(hand), str(Play.of(q)), q, str(q)) for hand, q in player.items()),
        slug=f"{slug}-player-strategy",
    )


def _banker_table(
    start: str, slug: str, strategy: Mapping[InformationSet, Rational], information: Information
) -> Table:
    rows = tuple(
        (str(hand), *(_cell(strategy.get(InformationSet(hand, action))) for action in ACTIONS))
        for hand in banker_hands(information)
    )
    return Table(
        f"{start}: Banker's strategy (columns: Player stood, or his third card)",
        ("Banker's hand", "stood", *(str(value) for value in VALUES)),
        rows,
        slug=f"{slug}-banker-strategy",
    )


def _departures(title: str, slug: str, departures: Sequence[Departure]) -> Table:
    return Table(
        title,
        ("Banker's hand", "Player's action", "tableau", "optimal", "probability of drawing", "exact"),
        tuple(
            (
                str(d.situation.hand),
                d.situation.action,
                str(d.tableau),
                str(d.optimal_play),
                d.optimal,
                str(d.optimal),
            )
            for d in departures
        ),
        slug=slug,
    )
