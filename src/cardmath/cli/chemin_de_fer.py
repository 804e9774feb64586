"""The ``cardmath chemin-de-fer`` command: the exact solution of baccara chemin de fer.

Usage::

    cardmath chemin-de-fer [--model A1|A2|A3|B1|B2|B3] [--decks N|inf] [--remove CARDS]
                           [--commission PCT] [--format FMT]

``--model`` chooses what each side sees (the digit: 1 totals, 2 Banker his two cards, 3 each side
his two cards; default B3) and the dealing (the letter: ``A`` with replacement, an infinite shoe,
the default ``--decks`` then being ``inf``; ``B`` without replacement from ``--decks N`` decks,
default 6, less the ``--remove`` cards).  ``--commission`` is the casino's percentage on Banker's
wins (default 0: the parlor game, zero-sum).  ``--format json`` prints one object whose exact
values are reduced fractions as text: ``value`` (Player's expected payoff, the value of the
parlor game), ``player_strategy`` (his probability of drawing on each 5-hand) and
``banker_strategy`` (Banker's probability of drawing by hand and by Player's action).  This module
only reads the words and prints: the mathematics comes from :mod:`cardmath.games.chemin_de_fer`.

>>> from cardmath.cli import main
>>> main(["chemin-de-fer", "--model", "A1", "--format", "json"])  # doctest: +ELLIPSIS
{
  "game": "chemin-de-fer",
  "model": "A1",
  "decks": "inf",
  "removed": [],
  "commission": "0",
  "value": "-679568/53094899",
...
  "player_strategy": {
    "5": "9/11"
  },
...
0
"""

from __future__ import annotations

import argparse
from typing import Any

from cardmath.cli.options import (
    add_format_option,
    add_shoe_options,
    decks_value,
    removed_cards,
    shoe_from_arguments,
)
from cardmath.engine.protocol import Game
from cardmath.errors import OptionError
from cardmath.games.chemin_de_fer import GAME, Model, analyze, solution_document, solution_tables
from cardmath.numbers import read_percent
from cardmath.output import dumps_json, render_tables

__all__ = ["register", "run"]


def register(subparsers: Any, game: Game) -> None:
    """Add ``cardmath chemin-de-fer`` to the parser.

    Args:
        subparsers: The sub-parsers action of the ``cardmath`` parser (what ``add_subparsers()`` returned), to
            which the command is added.
        game: The chemin de fer game of the registry; its name names the command and its summary and
            description are the help.

    >>> from cardmath.cli.options import ArgumentParser
    >>> subparsers = ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers, GAME)
    >>> arguments = subparsers.choices["chemin-de-fer"].parse_args(["--model", "B2", "--commission", "5"])
    >>> arguments.model, arguments.decks, arguments.commission, arguments.format
    ('B2', None, '5', 'simple')
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        game.name, help=game.summary, description=game.description
    )
    parser.add_argument(
        "--model",
        default=str(GAME.default_model),
        metavar="A1|A2|A3|B1|B2|B3",
        help=(
            "what each side sees (1: his total; 2: Banker his two cards, Player his total; 3: each his two "
            "cards) and the dealing (A: with replacement; B: without, from --decks) "
            f"(default {GAME.default_model})"
        ),
    )
    add_shoe_options(parser, default_decks=GAME.default_decks)
    parser.add_argument(
        "--commission",
        default="0",
        metavar="PCT",
        help=(
            "the casino's commission on Banker's wins in percent, from 0 to 100, such as 5 "
            "(default 0: the parlor game)"
        ),
    )
    add_format_option(parser)
    parser.set_defaults(run=run, game_name=game.name)


def run(arguments: argparse.Namespace) -> str:
    """``cardmath chemin-de-fer``: solve the game and print the value and both strategies.

    Args:
        arguments: The parsed command line of ``cardmath chemin-de-fer``, as the parser built by
            :func:`~cardmath.cli.main.build_parser` returns it.

    Returns:
        The solution's tables in the ``--format`` format, or a JSON document of exact values with ``--format
            json``.

    >>> from cardmath.cli import build_parser
    >>> text = run(build_parser().parse_args(["chemin-de-fer", "--model", "A1"]))
    >>> print(text.splitlines()[0])
    Chemin de fer A1, infinite decks: solution
    """
    model = Model.read(arguments.model)
    decks = arguments.decks
    if model.with_replacement:
        if decks is not None and str(decks).strip().lower() != "inf":
            raise OptionError(
                f"model {model} deals with replacement: leave out --decks or give --decks inf "
                f"(model B{model.information.digit} deals from a finite shoe)"
            )
        arguments.decks = "inf"
    elif decks is not None and str(decks).strip().lower() == "inf":
        raise OptionError(
            f"model {model} deals without replacement from a finite shoe: give --decks N, a whole number "
            f"1 or more (model A{model.information.digit} deals with replacement)"
        )
    shoe = shoe_from_arguments(arguments, default_decks=GAME.default_decks)
    commission = read_percent(
        arguments.commission,
        "the commission",
        minimum=0,
        maximum=100,
        allowed="a percentage from 0 to 100, such as 0 or 5",
    )
    solution = analyze(shoe, GAME.rules(model, commission))
    if arguments.format == "json":
        document = solution_document(solution)
        head = {
            "game": arguments.game_name,
            "model": document.pop("model"),
            "decks": "inf" if shoe.is_infinite else decks_value(arguments, GAME.default_decks),
            "removed": removed_cards(arguments),
        }
        return dumps_json({**head, **document})
    return render_tables(solution_tables(solution), arguments.format)
