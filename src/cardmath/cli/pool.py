"""The ``cardmath pool`` command: High Card Pool chances, best bets, and the game simulated.

Usage::

    cardmath pool [--hand-size N] [--seen CARDS] [--pool X --ante Y | --bank B] [--format FMT]
    cardmath pool --hand CARDS [--seen CARDS] [--pool X --ante Y | --bank B] [--bankroll W] [--format FMT]
    cardmath pool simulate --players N --rounds R --seed S [--hand-size N] [--ante A] [--burn]
                           [--banking [--bank B]] [--pool-limit L] [--bankroll W]
                           [--strategy NAME[,NAME...]] [--format FMT]

Without ``--hand`` it prints the distribution of every hand of the size (``--seen`` cards are out of
play); with ``--hand`` it explains that hand's chance given the ``--seen`` cards, and its best bet.
``simulate --bankroll W`` gives every seat W chips (a seat that cannot pay leaves the table; see
:mod:`cardmath.games.pool.simulation`) and reports each seat's final bankroll; the ``kelly``
strategies need it.  ``--format csv-tidy`` prints the tables' data alone, as one tidy CSV (no
heading or explanation around it; the simulated figures as numbers, a mean and its standard
error in two columns).  This module only reads the words and prints: the mathematics, the
documents and the tables come from :mod:`cardmath.games.pool`.

>>> from cardmath.cli import main
>>> main(["pool", "--hand", "As,Kh,Qd,Jc,2s", "--format", "json"])  # doctest: +ELLIPSIS
{
  "game": "pool",
  "hand": [
    "As",
...
  "unseen": 47,
  "beaten": 41,
  "win_probability": "41/47",
...
0
"""

from __future__ import annotations

import argparse
from typing import Any

from cardmath.cards import format_cards
from cardmath.cli.options import ArgumentParser, add_format_option
from cardmath.engine.protocol import Game
from cardmath.errors import OptionError
from cardmath.games.pool.betting import Stakes, turn_gains
from cardmath.games.pool.chances import distribution, explain, read_cards
from cardmath.games.pool.documents import distribution_document, hand_document, simulation_document
from cardmath.games.pool.rules import PoolRules, StrategyName
from cardmath.games.pool.simulation import SimulationResult, exact_expectations, simulate
from cardmath.games.pool.strategies import strategy_named
from cardmath.games.pool.tables import (
    distribution_table,
    gains_table,
    hand_table,
    publication_tables,
    summary_of,
)
from cardmath.numbers import read_seed, read_whole
from cardmath.output import TIDY_CSV, decimal_text, dumps_json, fraction_text, render_tables
from cardmath.table import Table

__all__ = ["register", "run", "run_simulate"]

DEFAULT_HAND_SIZE = 5
"""``--hand-size`` of ``cardmath pool`` when not given."""


def register(subparsers: Any, game: Game) -> None:
    """Add ``cardmath pool`` and ``cardmath pool simulate`` to the parser.

    Args:
        subparsers: The sub-parsers action of the ``cardmath`` parser (what ``add_subparsers()`` returned), to
            which the command is added.
        game: The High Card Pool game of the registry; its name names the command and its summary and
            description are the help.

    >>> from cardmath.games.pool.game import GAME
    >>> subparsers = ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers, GAME)
    >>> words = ["simulate", "--players", "3", "--rounds", "10", "--seed", "7"]
    >>> arguments = subparsers.choices["pool"].parse_args(words)
    >>> arguments.players, arguments.simulate_hand_size, arguments.run is run_simulate
    ('3', None, True)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        game.name, help=game.summary, description=game.description
    )
    parser.add_argument(
        "--hand-size", default=None, metavar="N", help=f"cards per hand (default {DEFAULT_HAND_SIZE})"
    )
    parser.add_argument("--hand", default=None, metavar="CARDS", help="a hand, such as As,Kh,Qd,Jc,2s")
    parser.add_argument("--seen", default="", metavar="CARDS", help="cards seen or out of play")
    parser.add_argument("--pool", default=None, metavar="X", help="the pool at the turn (with --ante)")
    parser.add_argument("--ante", default=None, metavar="Y", help="the ante: minimum bet and forfeit")
    parser.add_argument("--bank", default=None, metavar="B", help="banking game: the bank at the turn")
    parser.add_argument(
        "--bankroll", default=None, metavar="W", help="the player's bankroll, for Kelly sizing"
    )
    add_format_option(parser)
    parser.set_defaults(run=run, game_name=game.name)
    actions = parser.add_subparsers(dest="pool_action", metavar="ACTION", parser_class=ArgumentParser)
    sim: argparse.ArgumentParser = actions.add_parser(
        "simulate",
        help="play the whole game with a seeded pack",
        description=(
            "Play High Card Pool with a seeded, reproducible pack, and report each seat's mean gain per "
            "round with its standard error. The rules followed are on the game's page of the "
            "documentation."
        ),
    )
    sim.add_argument("--players", required=True, metavar="N", help="2 to 10, the dealer or banker included")
    sim.add_argument("--rounds", required=True, metavar="R", help="rounds to play")
    sim.add_argument("--seed", required=True, metavar="S", help="random seed, a whole number 0 or more")
    # Options that `cardmath pool` has too are stored apart, so that one given before the word
    # `simulate` is reported instead of being silently replaced by this parser's default.
    sim.add_argument(
        "--hand-size",
        dest="simulate_hand_size",
        default=None,
        metavar="N",
        help="default 5, or 4 if over 8 hands",
    )
    sim.add_argument(
        "--ante", dest="simulate_ante", default="1", metavar="A", help="ante in chips (default 1)"
    )
    sim.add_argument("--burn", action="store_true", help="burning-card variant")
    sim.add_argument("--banking", action="store_true", help="banking variant: the dealer banks")
    sim.add_argument(
        "--bank",
        dest="simulate_bank",
        default=None,
        metavar="B",
        help="with --banking: the bank in chips (default 100)",
    )
    sim.add_argument("--pool-limit", default=None, metavar="L", help="divide a pool above L chips")
    sim.add_argument(
        "--bankroll",
        dest="simulate_bankroll",
        default=None,
        metavar="W",
        help="every seat's starting bankroll in chips (default unlimited); a seat that cannot pay leaves",
    )
    sim.add_argument(
        "--strategy",
        default=StrategyName.BEST.value,
        metavar="NAME[,NAME...]",
        help=(
            "best, best-ignoring-shown, kelly, kelly-ignoring-shown (with --bankroll) or fixed-N, "
            "for every seat or one per seat (default best)"
        ),
    )
    add_format_option(sim, dest="simulate_format")
    sim.set_defaults(run=run_simulate)


_CHANCE_OPTIONS = {
    "hand_size": ("--hand-size", None),
    "hand": ("--hand", None),
    "seen": ("--seen", ""),
    "pool": ("--pool", None),
    "ante": ("--ante", None),
    "bank": ("--bank", None),
    "bankroll": ("--bankroll", None),
    "format": ("--format", "simple"),
}
"""Options of ``cardmath pool`` itself, with their defaults: none of them applies to a simulation."""


def _reject_options_before_simulate(arguments: argparse.Namespace) -> None:
    given = [flag for dest, (flag, default) in _CHANCE_OPTIONS.items() if getattr(arguments, dest) != default]
    if given:
        raise OptionError(
            f"{', '.join(given)} given before 'simulate': write the simulation's options after the word "
            "simulate, such as cardmath pool simulate --players 4 --rounds 1000 --seed 1 --format json"
        )


def _stakes(arguments: argparse.Namespace) -> Stakes | None:
    """The stakes given: a pool and an ante, a bank, or none."""
    if arguments.bank is not None:
        if arguments.pool is not None or arguments.ante is not None:
            raise OptionError("give either --bank (banking game) or --pool and --ante, not both")
        return Stakes.banking_game(arguments.bank)
    if (arguments.pool is None) != (arguments.ante is None):
        raise OptionError("give --pool and --ante together")
    if arguments.pool is None:
        return None
    return Stakes.pool_game(arguments.pool, arguments.ante)


def run(arguments: argparse.Namespace) -> str:
    """``cardmath pool``: the distribution for a hand size, or one hand explained.

    Args:
        arguments: The parsed command line of ``cardmath pool``, as the parser built by
            :func:`~cardmath.cli.main.build_parser` returns it. Its stakes and hand size are read as text.

    Returns:
        The distribution's tables (with the expected gains given stakes), or one hand's chance and best bet,
            as text or JSON.

    >>> from cardmath.cli import build_parser
    >>> text = run(build_parser().parse_args(["pool", "--hand", "As,Kh,Qd,Jc,2s"]))
    >>> print(text.splitlines()[-2])
    win probability 41/47 = 0.872340
    """
    stakes = _stakes(arguments)
    size = (
        None
        if arguments.hand_size is None
        else read_whole(arguments.hand_size, "the hand size", minimum=1, maximum=51)
    )
    if arguments.hand is not None:
        return _run_hand(arguments, stakes, size)
    if arguments.bankroll is not None:
        raise OptionError("--bankroll sizes the bet of one hand: give --hand too")
    size = DEFAULT_HAND_SIZE if size is None else size
    table = distribution(size, read_cards(arguments.seen, "seen cards"))
    if stakes is not None and table.out_of_play:
        raise OptionError("the expected gain of a turn is for a full pack: leave out --seen")
    gains = {} if stakes is None else turn_gains(size, stakes)
    if arguments.format == "json":
        return dumps_json({"game": arguments.game_name, **distribution_document(table, gains)})
    heading = ""
    if table.out_of_play:
        tables: tuple[Table, ...] = (distribution_table(table), summary_of(table))
        heading = f"out of play: {format_cards(table.out_of_play)}\n\n"
    else:
        tables = publication_tables(size)
    if gains:
        tables = (*tables, gains_table(gains))
    if arguments.format == TIDY_CSV:
        conditions = {"game": arguments.game_name, "hand_size": size}
        if table.out_of_play:
            conditions["removed"] = format_cards(table.out_of_play)
        return render_tables(tables, TIDY_CSV, conditions=conditions)
    return heading + render_tables(tables, arguments.format)


def _run_hand(arguments: argparse.Namespace, stakes: Stakes | None, size: int | None) -> str:
    chance = explain(arguments.hand, arguments.seen, hand_size=size)
    if stakes is None and arguments.bankroll is not None:
        raise OptionError("Kelly sizing needs the stakes: give --pool and --ante, or --bank")
    document = hand_document(chance, stakes, arguments.bankroll)
    if arguments.format == "json":
        return dumps_json({"game": arguments.game_name, **document})
    if arguments.format == TIDY_CSV:
        return render_tables([hand_table(chance)], TIDY_CSV, conditions={"game": arguments.game_name})
    p = chance.win_probability
    lines = [render_tables([hand_table(chance)], arguments.format), "", chance.explanation()]
    lines.append(f"win probability {fraction_text(p)} = {decimal_text(p, 6)}")
    lines.append("best bet: " + _described(document["best_bet"]))
    if "kelly_bet" in document:
        lines.append("Kelly bet: " + _described(document["kelly_bet"]))
    return "\n".join(lines)


def _described(fields: dict[str, Any]) -> str:
    return ", ".join(f"{name.replace('_', ' ')} {_show(value)}" for name, value in fields.items())


def _show(value: Any) -> str:
    if isinstance(value, str):
        return str(value)
    text = fraction_text(value)
    return text if "/" not in text else f"{text} ({decimal_text(value, 6)})"


def _rules(arguments: argparse.Namespace) -> PoolRules:
    if arguments.simulate_bank is not None and not arguments.banking:
        raise OptionError("--bank is the bank of the banking game: give --banking with it")
    return PoolRules(
        players=arguments.players,
        hand_size=arguments.simulate_hand_size,
        ante=arguments.simulate_ante,
        burn=arguments.burn,
        banking=arguments.banking,
        bank=arguments.simulate_bank,
        pool_limit=arguments.pool_limit,
        bankroll=arguments.simulate_bankroll,
    )


def run_simulate(arguments: argparse.Namespace) -> str:
    """``cardmath pool simulate``: play the game and report each seat's gain per round.

    Args:
        arguments: The parsed command line of ``cardmath pool simulate``, as the parser built by
            :func:`~cardmath.cli.main.build_parser` returns it. Options given before ``simulate`` are refused.

    Returns:
        A line on the play, then each seat's gain per round and the turns' gains with their exact values, as
            tables or JSON.

    >>> from cardmath.cli import build_parser
    >>> words = ["pool", "simulate", "--players", "2", "--rounds", "3", "--seed", "1"]
    >>> print(run_simulate(build_parser().parse_args(words)).splitlines()[0])  # doctest: +ELLIPSIS
    3 rounds, seed 1, 2 players, 5 cards each; final pool ...
    """
    _reject_options_before_simulate(arguments)
    rules = _rules(arguments)
    rounds = read_whole(arguments.rounds, "the number of rounds", minimum=1)
    seed = read_seed(arguments.seed)
    names = [name.strip() for name in str(arguments.strategy).split(",") if name.strip()]
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        raise OptionError(
            f"give one strategy for every seat or one per seat: {rules.players} seats, {len(names)} given"
        )
    strategies = [strategy_named(name) for name in names]
    if rules.bankroll is None and any(name.startswith(StrategyName.KELLY) for name in names):
        raise OptionError(
            "the kelly strategies size bets from a bankroll: give --bankroll W (chips per seat)"
        )
    result = simulate(rules, rounds, seed, strategies, show_progress=True)
    expectations = exact_expectations(result)
    if arguments.simulate_format == "json":
        return dumps_json(
            {"game": arguments.game_name, "mode": "simulate", **simulation_document(result, expectations)}
        )
    return _simulation_text(result, expectations, arguments.simulate_format, arguments.game_name)


def _float(value: float | None) -> str:
    """A simulated figure to 6 places, or ``n/a`` where too few samples define none."""
    return "n/a" if value is None else f"{value:.6f}"


def _simulation_text(result: SimulationResult, expectations: dict[str, Any], fmt: str, game: str) -> str:
    machine = fmt in ("csv", TIDY_CSV)  # numbers as numbers (n/a empty), the exact values exact
    shown: Any = (lambda value: value) if machine else _float
    exact: Any = (lambda value: value) if machine else _show
    blank = None if machine else ""
    rules = result.rules
    finite = rules.bankroll is not None
    headers: tuple[str, ...] = ("seat", "strategy", "mean gain", "standard error")
    if finite:
        headers += ("final bankroll", "left in round")
    seats = Table(
        "Seats: gain per round",
        headers,
        tuple(
            (s.seat, s.strategy, shown(s.gain.mean), shown(s.gain.standard_error))
            + ((s.final_bankroll, blank if s.left_in_round is None else s.left_in_round) if finite else ())
            for s in result.seats
        ),
    )
    rows: list[tuple[Any, ...]] = [
        (
            "first turn (bet or forfeit)",
            shown(result.first_turn.mean),
            shown(result.first_turn.standard_error),
            blank,
        )
    ]
    if result.banker is not None:
        rows.append(
            ("banker per hand", shown(result.banker.mean), shown(result.banker.standard_error), blank)
        )
    for name, value in expectations.items():
        label = "first turn" if name.startswith("first") else "banker per hand"
        rows = [(r[0], r[1], r[2], exact(value)) if r[0].startswith(label) else r for r in rows]
    turns = Table("Turns", ("quantity", "mean gain", "standard error", "exact"), tuple(rows))
    note = (
        f"{result.rounds} rounds, seed {result.seed}, {rules.players} players, {rules.hand_size} cards each; "
        f"final pool {result.final_pool}, re-antes {result.re_antes}, pool divisions {result.pool_divisions}"
    )
    if finite:
        note += f"; bankroll {rules.bankroll} chips each, {result.rounds_played} rounds played"
    if fmt == TIDY_CSV:
        conditions = {"game": game, "hand_size": rules.hand_size, "players": rules.players}
        conditions |= {"rounds": result.rounds, "seed": result.seed}
        return render_tables([seats, turns], fmt, conditions=conditions)
    return f"{note}\n\n{render_tables([seats, turns], fmt)}"
