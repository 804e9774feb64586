"""The ``cardmath pool`` sub-command: High Card Pool chances, best bets, and the game simulated.

Usage::

    cardmath pool [--hand-size N] [--seen CARDS] [--pool X --ante Y | --bank B] [--format FMT]
    cardmath pool --hand CARDS [--seen CARDS] [--pool X --ante Y | --bank B] [--bankroll W] [--format FMT]
    cardmath pool simulate --players N --rounds R --seed S [--hand-size N] [--ante A] [--burn]
                           [--banking --bank B] [--pool-limit L] [--bankroll W] [--strategy NAME[,NAME...]]
                           [--format FMT]

Without ``--hand`` it prints the distribution of every hand of the size (``--seen`` cards are out of
play); with ``--hand`` it explains that hand's chance given the ``--seen`` cards, and its best bet.
``simulate --bankroll W`` gives every seat W chips (a seat that cannot pay leaves the table; see
:mod:`cardmath.pool.simulation`) and reports each seat's final bankroll; the ``kelly`` strategies
need it.

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
from cardmath.commands.common import ArgumentParser, add_format_option
from cardmath.errors import OptionError
from cardmath.exact import Rational, decimal_text, fraction_text
from cardmath.pool import (
    BestBet,
    Estimate,
    HandSizeDistribution,
    KellyBet,
    PoolRules,
    SeatResult,
    SimulationResult,
    banker_expected_gain,
    best_bank_bet,
    best_bet,
    best_bet_rule,
    distribution,
    explain,
    first_player_expected_gain,
    kelly_bank_bet,
    kelly_bet,
    player_bank_expected_gain,
    publication_tables,
    read_cards,
    simulate,
    strategy_named,
)
from cardmath.pool.betting import money
from cardmath.pool.publication import SUMMARY_HEADERS, distribution_table, summary_row
from cardmath.tables import Table, dumps_json, render_table

__all__ = ["register", "run", "run_simulate"]


def _whole_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def register(subparsers: Any) -> None:
    """Add ``cardmath pool`` and ``cardmath pool simulate`` to the parser.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> words = ["simulate", "--players", "3", "--rounds", "10", "--seed", "7"]
    >>> arguments = subparsers.choices["pool"].parse_args(words)
    >>> arguments.players, arguments.simulate_hand_size, arguments.run is run_simulate
    (3, 0, True)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "pool",
        help="Red Dog / High Card Pool: chances of every hand, best bets, the game simulated",
        description=(
            "Exact chances of High Card Pool. Without --hand: how many hands of --hand-size cards beat "
            "each number of unseen cards, with --seen cards out of play. With --hand: that hand's chance "
            "given the --seen cards, which of its cards beat how many, and its best bet. "
            "'cardmath pool simulate --help' plays the whole game."
        ),
    )
    parser.add_argument("--hand-size", type=_whole_number, default=None, metavar="N", help="cards per hand")
    parser.add_argument("--hand", default=None, metavar="CARDS", help="a hand, such as As,Kh,Qd,Jc,2s")
    parser.add_argument("--seen", default="", metavar="CARDS", help="cards seen or out of play")
    parser.add_argument("--pool", default=None, metavar="X", help="the pool at the turn (with --ante)")
    parser.add_argument("--ante", default=None, metavar="Y", help="the ante: minimum bet and forfeit")
    parser.add_argument("--bank", default=None, metavar="B", help="banking game: the bank at the turn")
    parser.add_argument(
        "--bankroll", default=None, metavar="W", help="the player's bankroll, for Kelly sizing"
    )
    add_format_option(parser)
    parser.set_defaults(run=run)
    actions = parser.add_subparsers(dest="pool_action", metavar="ACTION", parser_class=ArgumentParser)
    sim: argparse.ArgumentParser = actions.add_parser(
        "simulate",
        help="play the whole game with a seeded pack",
        description=(
            "Play High Card Pool by the rules of GAMES.md section 2 with a seeded, reproducible pack, and "
            "report each seat's mean gain per round with its standard error."
        ),
    )
    sim.add_argument("--players", type=_whole_number, required=True, metavar="N", help="2 to 10")
    sim.add_argument("--rounds", type=_whole_number, required=True, metavar="R", help="rounds to play")
    sim.add_argument("--seed", type=_whole_number, required=True, metavar="S", help="random seed")
    # Options that `cardmath pool` has too are stored apart, so that one given before the word
    # `simulate` is reported instead of being silently replaced by this parser's default.
    sim.add_argument(
        "--hand-size",
        dest="simulate_hand_size",
        type=_whole_number,
        default=0,
        metavar="N",
        help="default 5, or 4 if over 8 hands",
    )
    sim.add_argument(
        "--ante",
        dest="simulate_ante",
        type=_whole_number,
        default=1,
        metavar="A",
        help="ante in chips (default 1)",
    )
    sim.add_argument("--burn", action="store_true", help="burning-card variant")
    sim.add_argument("--banking", action="store_true", help="banking variant: the dealer banks")
    sim.add_argument(
        "--bank",
        dest="simulate_bank",
        type=_whole_number,
        default=100,
        metavar="B",
        help="bank in chips (default 100)",
    )
    sim.add_argument(
        "--pool-limit", type=_whole_number, default=None, metavar="L", help="divide a pool above L chips"
    )
    sim.add_argument(
        "--bankroll",
        dest="simulate_bankroll",
        type=_whole_number,
        default=None,
        metavar="W",
        help="every seat's starting bankroll in chips (default unlimited); a seat that cannot pay leaves",
    )
    sim.add_argument(
        "--strategy",
        default="best",
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


def _exact(value: Rational) -> int | Rational:
    """A whole amount as an int (a JSON integer), any other as the exact fraction."""
    return int(value) if value.q == 1 else value


def _bet_json(bet: BestBet) -> dict[str, Any]:
    return {"action": bet.action, "amount": _exact(bet.amount), "expected_gain": bet.expected_gain}


def _kelly_json(bet: KellyBet) -> dict[str, Any]:
    return {
        "action": bet.action,
        "amount": _exact(bet.amount),
        "fraction": bet.fraction,
        "expected_gain": bet.expected_gain,
    }


def _stakes(arguments: argparse.Namespace) -> tuple[str, str | None, str | None]:
    """Which stakes were given: ``("pool", pool, ante)``, ``("bank", bank, None)`` or ``("none", ...)``."""
    if arguments.bank is not None:
        if arguments.pool is not None or arguments.ante is not None:
            raise OptionError("give either --bank (banking game) or --pool and --ante, not both")
        money(arguments.bank, "the bank")
        return "bank", arguments.bank, None
    if (arguments.pool is None) != (arguments.ante is None):
        raise OptionError("give --pool and --ante together")
    if arguments.pool is None:
        return "none", None, None
    money(arguments.pool, "the pool")
    money(arguments.ante, "the ante")
    return "pool", arguments.pool, arguments.ante


def run(arguments: argparse.Namespace) -> str:
    """``cardmath pool``: the distribution for a hand size, or one hand explained.

    >>> from cardmath.cli import build_parser
    >>> text = run(build_parser().parse_args(["pool", "--hand", "As,Kh,Qd,Jc,2s"]))
    >>> print(text.splitlines()[-2])
    win probability 41/47 = 0.872340
    """
    stakes = _stakes(arguments)
    if arguments.hand is not None:
        return _run_hand(arguments, stakes)
    if arguments.bankroll is not None:
        raise OptionError("--bankroll sizes the bet of one hand: give --hand too")
    size = 5 if arguments.hand_size is None else arguments.hand_size
    table = distribution(size, read_cards(arguments.seen, "seen cards"))
    kind, first, second = stakes
    exact: dict[str, Any] = {}
    if table.out_of_play:
        pass
    elif kind == "pool" and first is not None and second is not None:
        exact["first_player_expected_gain"] = first_player_expected_gain(first, second, size)
    elif kind == "bank" and first is not None:
        exact["player_expected_gain_against_bank"] = player_bank_expected_gain(first, size)
        exact["banker_expected_gain"] = banker_expected_gain(first, size)
    if kind != "none" and table.out_of_play:
        raise OptionError("the expected gain of a turn is for a full pack: leave out --seen")
    if arguments.format == "json":
        document: dict[str, Any] = {
            "game": "pool",
            "hand_size": size,
            "out_of_play": [str(c) for c in table.out_of_play],
            "hands": table.hands,
            "unseen": table.unseen,
            "win_probability": table.win_probability,
            "favourable_hands": table.favourable_hands,
            "even_hands": table.even_hands,
            "hopeless_hands": table.hopeless_hands,
            "certain_hands": table.certain_hands,
            **exact,
            "distribution": [
                {"beaten": k, "hands": n, "probability": table.probability_of_beating(k)}
                for k, n in enumerate(table.hands_beating)
                if n
            ],
        }
        return dumps_json(document)
    if table.out_of_play:
        tables: tuple[Table, ...] = (distribution_table(table),)
        heading = f"out of play: {format_cards(table.out_of_play)}\n"
        summary = _summary_of(table)
        tables = (*tables, summary)
    else:
        tables = publication_tables(size)
        heading = ""
    if exact:
        rows = tuple((name.replace("_", " "), value) for name, value in exact.items())
        tables = (*tables, Table("Exact expected gains of one turn, best bet", ("quantity", "value"), rows))
    return heading + "\n\n".join(f"{t.title}\n{render_table(t, arguments.format)}" for t in tables)


def _summary_of(table: HandSizeDistribution) -> Table:
    return Table(
        f"High Card Pool, {table.hand_size}-card hands: summary", SUMMARY_HEADERS, (summary_row(table),)
    )


def _run_hand(arguments: argparse.Namespace, stakes: tuple[str, str | None, str | None]) -> str:
    chance = explain(arguments.hand, arguments.seen, hand_size=arguments.hand_size)
    p = chance.win_probability
    kind, first, second = stakes
    best: dict[str, Any]
    kelly: dict[str, Any] | None = None
    if kind == "pool" and first is not None and second is not None:
        best = _bet_json(best_bet(p, first, second))
        if arguments.bankroll is not None:
            kelly = _kelly_json(kelly_bet(p, arguments.bankroll, first, second))
    elif kind == "bank" and first is not None:
        best = _bet_json(best_bank_bet(p, first))
        if arguments.bankroll is not None:
            kelly = _kelly_json(kelly_bank_bet(p, arguments.bankroll, first))
    else:
        if arguments.bankroll is not None:
            raise OptionError("Kelly sizing needs the stakes: give --pool and --ante, or --bank")
        best = {"action": best_bet_rule(p), "expected_gain_per_chip_bet": 2 * p - 1}
    if arguments.format == "json":
        document: dict[str, Any] = {
            "game": "pool",
            "hand": [str(c) for c in chance.hand],
            "seen": [str(c) for c in chance.seen],
            "unseen": chance.unseen,
            "beaten": chance.beaten,
            "win_probability": p,
            "cards": [
                {"card": str(c.card), "beats": c.beats, "highest_of_suit": c.highest_of_suit}
                for c in chance.cards
            ],
            "beaten_cards": [str(c) for s in chance.suits for c in s.beaten],
            "best_bet": best,
        }
        if kelly is not None:
            document["kelly_bet"] = kelly
        return dumps_json(document)
    cards = Table(
        f"Hand {format_cards(chance.hand)}",
        ("card", "unseen cards below it", "highest of its suit"),
        tuple((str(c.card), c.beats, "yes" if c.highest_of_suit else "no") for c in chance.cards),
    )
    lines = [render_table(cards, arguments.format), "", chance.explanation()]
    lines.append(f"win probability {fraction_text(p)} = {decimal_text(p, 6)}")
    lines.append("best bet: " + ", ".join(f"{k.replace('_', ' ')} {_show(v)}" for k, v in best.items()))
    if kelly is not None:
        lines.append("Kelly bet: " + ", ".join(f"{k.replace('_', ' ')} {_show(v)}" for k, v in kelly.items()))
    return "\n".join(lines)


def _show(value: Any) -> str:
    if isinstance(value, str):
        return value
    text = fraction_text(value)
    return text if "/" not in text else f"{text} ({decimal_text(value, 6)})"


def _estimate_json(estimate: Estimate) -> dict[str, Any]:
    return {
        "samples": estimate.samples,
        "total_gain": estimate.total,
        "mean_gain": estimate.mean,
        "standard_error": estimate.standard_error,
    }


def _seat_json(seat: SeatResult, finite: bool) -> dict[str, Any]:
    document = {"seat": seat.seat, "strategy": seat.strategy, **_estimate_json(seat.gain)}
    if finite:
        document["final_bankroll"] = seat.final_bankroll
        document["left_in_round"] = seat.left_in_round
    return document


def run_simulate(arguments: argparse.Namespace) -> str:
    """``cardmath pool simulate``: play the game and report each seat's gain per round.

    >>> from cardmath.cli import build_parser
    >>> words = ["pool", "simulate", "--players", "2", "--rounds", "3", "--seed", "1"]
    >>> print(run_simulate(build_parser().parse_args(words)).splitlines()[0])  # doctest: +ELLIPSIS
    3 rounds, seed 1, 2 players, 5 cards each; final pool ...
    """
    _reject_options_before_simulate(arguments)
    rules = PoolRules(
        players=arguments.players,
        hand_size=arguments.simulate_hand_size,
        ante=arguments.simulate_ante,
        burn=arguments.burn,
        banking=arguments.banking,
        bank=arguments.simulate_bank,
        pool_limit=arguments.pool_limit,
        bankroll=arguments.simulate_bankroll,
    )
    names = [name.strip() for name in str(arguments.strategy).split(",") if name.strip()]
    if len(names) == 1:
        names *= rules.players
    if len(names) != rules.players:
        raise OptionError(
            f"give one strategy for every seat or one per seat: {rules.players} seats, {len(names)} given"
        )
    strategies = [strategy_named(name) for name in names]
    if rules.bankroll is None and any(name.startswith("kelly") for name in names):
        raise OptionError(
            "the kelly strategies size bets from a bankroll: give --bankroll W (chips per seat)"
        )
    result = simulate(rules, arguments.rounds, arguments.seed, strategies, show_progress=True)
    exact = _exact_reference(result, names)
    finite = rules.bankroll is not None
    if arguments.simulate_format == "json":
        document: dict[str, Any] = {
            "game": "pool",
            "mode": "simulate",
            "players": rules.players,
            "rounds": result.rounds,
            "seed": result.seed,
            "hand_size": rules.hand_size,
            "ante": rules.ante,
            "burn": rules.burn,
            "banking": rules.banking,
            "bank": rules.bank if rules.banking else None,
            "pool_limit": rules.pool_limit,
            "bankroll": rules.bankroll,
            "rounds_played": result.rounds_played,
            "seats": [_seat_json(s, finite) for s in result.seats],
            "first_turn": _estimate_json(result.first_turn),
            "banker": None if result.banker is None else _estimate_json(result.banker),
            "final_pool": result.final_pool,
            "re_antes": result.re_antes,
            "pool_divisions": result.pool_divisions,
            **exact,
        }
        return dumps_json(document)
    headers: tuple[str, ...] = ("seat", "strategy", "mean gain", "standard error")
    if finite:
        headers += ("final bankroll", "left in round")
    seats = Table(
        "Seats: gain per round",
        headers,
        tuple(
            (s.seat, s.strategy, f"{s.gain.mean:.6f}", f"{s.gain.standard_error:.6f}")
            + ((s.final_bankroll, "" if s.left_in_round is None else s.left_in_round) if finite else ())
            for s in result.seats
        ),
    )
    rows: list[tuple[str, str, str, str]] = [
        (
            "first turn (bet or forfeit)",
            f"{result.first_turn.mean:.6f}",
            f"{result.first_turn.standard_error:.6f}",
            "",
        )
    ]
    if result.banker is not None:
        rows.append(
            ("banker per hand", f"{result.banker.mean:.6f}", f"{result.banker.standard_error:.6f}", "")
        )
    for name, value in exact.items():
        label = "first turn" if name.startswith("first") else "banker per hand"
        rows = [(r[0], r[1], r[2], _show(value)) if r[0].startswith(label) else r for r in rows]
    turns = Table("Turns", ("quantity", "mean gain", "standard error", "exact"), tuple(rows))
    note = (
        f"{result.rounds} rounds, seed {result.seed}, {rules.players} players, {rules.hand_size} cards each; "
        f"final pool {result.final_pool}, re-antes {result.re_antes}, pool divisions {result.pool_divisions}"
    )
    if finite:
        note += f"; bankroll {rules.bankroll} chips each, {result.rounds_played} rounds played"
    return "\n\n".join(
        [
            note,
            f"{seats.title}\n{render_table(seats, arguments.simulate_format)}",
            f"{turns.title}\n{render_table(turns, arguments.simulate_format)}",
        ]
    )


def _exact_reference(result: SimulationResult, names: list[str]) -> dict[str, Any]:
    """The exact expectations the simulation can be checked against, where they apply."""
    rules = result.rules
    if rules.bankroll is not None or not all(name.startswith("best") for name in names):
        return {}
    if rules.banking:
        if rules.players == 2:
            return {"banker_expected_gain": banker_expected_gain(rules.bank, rules.hand_size)}
        return {}
    if rules.pool_limit == 0:
        pool = rules.players * rules.ante
        return {"first_turn_expected_gain": first_player_expected_gain(pool, rules.ante, rules.hand_size)}
    return {}
