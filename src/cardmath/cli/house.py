"""The ``cardmath house GAME:BET`` command: a table's result for the house over a shift and a month.

Usage::

    cardmath house GAME:BET --hands-per-hour H --hours T --average-bet A [--shifts S]
        [--sit-out F] [--churn C] [--decks N|inf] [--remove CARDS] [--format FMT] [--out FILE]

It prints the house's expected win, its spread and the chance the table loses over a shift of
``T`` hours dealing ``H`` rounds an hour with players betting ``A`` a round on average and sitting
out a share ``F`` of the rounds, the same over a month of ``S`` shifts, and the hold: exact while
the hands are within the bet's exact limit, else the labelled normal approximation (the
``"method"`` of each in JSON, where every exact figure is the text ``"p/q"``).

>>> from cardmath.cli import main
>>> words = ["house", "baccarat:banker", "--hands-per-hour", "60", "--hours", "1", "--average-bet", "25"]
>>> main([*words, "--format", "json"])  # doctest: +ELLIPSIS
{
  "game": "baccarat",
  "bet": "banker",
...
    "method": "exact",
...
0
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import Any

from cardmath.cli.options import (
    add_format_option,
    add_shoe_options,
    decks_value,
    removed_cards,
    shoe_from_arguments,
)
from cardmath.cli.session import lattice_bet, tidy_conditions
from cardmath.cli.shoe_game import emit
from cardmath.numbers import read_whole
from cardmath.output import dumps_json, render_tables
from cardmath.risk.house import house_table, house_view

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    """Add ``cardmath house GAME:BET`` to the parser.

    Args:
        subparsers: The sub-parsers action of the ``cardmath`` parser, to which the command is added.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> words = ["baccarat:banker", "--hands-per-hour", "60", "--hours", "8", "--average-bet", "25"]
    >>> arguments = subparsers.choices["house"].parse_args(words)
    >>> arguments.hands_per_hour, arguments.shifts, arguments.sit_out
    ('60', '30', '0')
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "house",
        help="the house's view: its result over a shift and a month, the chance a table loses, hold",
        description=(
            "The house's result at a table dealing one bet: the expected win, its spread and the chance "
            "the table loses over a shift and over a month of shifts (exact within the bet's exact "
            "limit of hands, else the labelled normal approximation), and the win per round dealt "
            "when players sit out rounds."
        ),
    )
    parser.add_argument("bet", metavar="GAME:BET", help="the game and bet, such as baccarat:banker")
    add_shoe_options(parser, default_decks=8)
    parser.add_argument("--hands-per-hour", metavar="H", required=True, help="rounds dealt an hour")
    parser.add_argument("--hours", metavar="T", required=True, help="hours of a shift, such as 8 or 7.5")
    parser.add_argument(
        "--average-bet", metavar="A", required=True, help="the players' average bet a round, in money"
    )
    parser.add_argument("--shifts", metavar="S", default="30", help="shifts in a month (default 30)")
    parser.add_argument(
        "--sit-out", metavar="F", default="0", help="share of rounds the players sit out, such as 0.2"
    )
    parser.add_argument(
        "--churn", metavar="C", help="money wagered per money of drop, for the hold percentage"
    )
    add_format_option(parser)
    parser.add_argument("--out", metavar="FILE", help="write the output to FILE instead of printing it")
    parser.set_defaults(run=run)


def run(arguments: argparse.Namespace) -> str:
    """Answer ``cardmath house GAME:BET`` and return the text to print.

    Args:
        arguments: The parsed command line of ``cardmath house``.

    Returns:
        The table in the ``--format`` format, a JSON document, or with ``--out`` a line naming the file.

    Raises:
        OptionError: For a bet that is not one of the game's, or a number out of range.

    >>> from cardmath.cli import build_parser
    >>> words = ["house", "dragon-tiger:dragon", "--hands-per-hour", "80", "--hours", "8"]
    >>> arguments = build_parser().parse_args([*words, "--average-bet", "10", "--format", "csv"])
    >>> print(run(arguments).splitlines()[0])
    Dragon Tiger Dragon: 80 rounds an hour, 8 hours a shift, average bet 10, 8 decks
    """
    game, bet = lattice_bet(arguments.bet, arguments)
    view = house_view(
        bet,
        hands_per_hour=read_whole(arguments.hands_per_hour, "--hands-per-hour", minimum=1),
        hours=str(arguments.hours),
        average_bet=str(arguments.average_bet),
        shifts=read_whole(arguments.shifts, "--shifts", minimum=1),
        sit_out=str(arguments.sit_out),
        churn=None if arguments.churn is None else str(arguments.churn),
    )
    sys.set_int_max_str_digits(0)  # exact chances of long shifts have thousands of digits
    decks = decks_value(arguments, game.default_decks)
    where = shoe_from_arguments(arguments, game.default_decks).describe()
    display = f"{game.short_title} {game.built_in_bets()[bet.name].display_name}"
    heading = (
        f"{display}: {view.hands_per_hour} rounds an hour, {view.hours} hours a shift, "
        f"average bet {view.average_bet}, {where}"
    )
    table = dataclasses.replace(house_table(view), heading=heading)
    document = {
        "game": game.name,
        "bet": bet.name,
        "decks": "inf" if decks is None else decks,
        "removed": removed_cards(arguments),
        "shoe": where,
        "hands_per_hour": view.hands_per_hour,
        "hours": view.hours,
        "average_bet": view.average_bet,
        "sit_out": view.sit_out,
        "rounds_dealt": view.hands_dealt,
        "hands_played": view.hands_played,
        "edge": view.edge,
        "shift": {
            "method": view.method,
            "expected_win": view.expected_win,
            "variance": view.standard_deviation**2,
            "chance_table_loses": view.chance_table_loses,
            "ranges": {f"{float(mass):.0%}": [low, high] for mass, low, high in view.ranges},
        },
        "month": {
            "shifts": view.shifts,
            "method": view.month_method,
            "expected_win": view.month_expected_win,
            "chance_table_loses": view.month_chance_table_loses,
        },
        "hold": {
            "on_handle": view.hold_on_handle,
            "win_per_round_dealt": view.win_per_round_dealt,
            "churn": view.churn,
            "hold_percentage": view.hold_percentage,
        },
    }
    return emit(
        arguments,
        (table,),
        lambda: _text(arguments, table, document),
        conditions=tidy_conditions(arguments, game, view),
    )


def _text(arguments: argparse.Namespace, table: Any, document: dict[str, Any]) -> str:
    """The printed form: the JSON document, or the table in a text format."""
    if arguments.format == "json":
        return dumps_json(document)
    return render_tables((table,), arguments.format)
