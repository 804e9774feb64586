"""The ``cardmath session GAME:BET`` command: how a flat bet swings over a session, exactly.

Usage::

    cardmath session GAME:BET [--decks N|inf] [--remove CARDS] [--hands N] [--format FMT] [--out FILE]
    cardmath session GAME:BET --bankroll B [--target T] [--hands N] [...]

With ``--hands`` alone it prints the exact distribution of the net result after that many flat
bets of one unit (the chances of finishing ahead, even and behind, the median and the 90, 95 and
99 % ranges), beside the labelled normal approximation.  Past the bet's *crossing point*
(:func:`~cardmath.risk.session.max_exact_hands`, about 1,000 hands of a banker bet) it switches to
the normal and saddlepoint approximations, says so in its heading and notes (``"method"`` in
JSON), and shows their errors at 10 and 100 hands; any number of hands up to 10**12 is answered
at once.  With ``--bankroll`` it prints the exact
chance of losing the bankroll before reaching ``--target`` units ahead (within ``--hands`` hands,
if given) and the expected number of hands.  ``--format json`` prints every exact figure as the
text ``"p/q"`` (of any length).

>>> from cardmath.cli import main
>>> main(["session", "baccarat:player", "--hands", "3", "--format", "json"])  # doctest: +ELLIPSIS
{
  "game": "baccarat",
  "bet": "player",
  "decks": 8,
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
from cardmath.cli.shoe_game import emit
from cardmath.engine.conditions import shoe_conditions
from cardmath.engine.game import CatalogueGame
from cardmath.errors import OptionError
from cardmath.games.registry import find_game
from cardmath.numbers import read_rational, read_whole
from cardmath.output import dumps_json, render_tables
from cardmath.risk import (
    RANGE_MASSES,
    LatticeBet,
    approximation_differences,
    normal_approximation,
    risk_of_ruin,
    ruin_table,
    session_distribution,
    session_table,
)
from cardmath.risk.saddlepoint import saddlepoint_approximation
from cardmath.risk.session import approximation_errors, approximation_table, max_exact_hands

__all__ = ["lattice_bet", "register", "run", "tidy_conditions"]

_DEFAULT_HANDS = 100

MOST_HANDS = 10**12
"""The most hands the approximations take (they cost the same for any number)."""

_ERROR_HANDS = (10, 100)
"""The numbers of hands at which an approximated session shows the approximations' errors."""


def register(subparsers: Any) -> None:
    """Add ``cardmath session GAME:BET`` to the parser.

    Args:
        subparsers: The sub-parsers action of the ``cardmath`` parser, to which the command is added.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> arguments = subparsers.choices["session"].parse_args(["baccarat:banker", "--hands", "100"])
    >>> arguments.bet, arguments.hands, arguments.bankroll
    ('baccarat:banker', '100', None)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "session",
        help="how a flat bet swings: the exact distribution after n hands, and the risk of ruin",
        description=(
            "Exact figures of a session of flat one-unit bets on one bet: with --hands, the distribution "
            "of the net result after that many hands (chances ahead, even and behind, median, 90/95/99% "
            "ranges) beside the labelled normal approximation; with --bankroll, the chance of losing it "
            "before reaching --target units ahead, and the expected number of hands."
        ),
    )
    parser.add_argument("bet", metavar="GAME:BET", help="the game and bet, such as baccarat:banker")
    add_shoe_options(parser, default_decks=8)
    parser.add_argument(
        "--hands", metavar="N", help=f"the number of hands (default {_DEFAULT_HANDS} without --bankroll)"
    )
    parser.add_argument(
        "--bankroll", metavar="B", help="the bankroll in units of the bet, such as 50 or 12.5"
    )
    parser.add_argument("--target", metavar="T", help="with --bankroll: stop when T units ahead")
    add_format_option(parser)
    parser.add_argument("--out", metavar="FILE", help="write the output to FILE instead of printing it")
    parser.set_defaults(run=run)


def lattice_bet(text: str, arguments: argparse.Namespace) -> tuple[CatalogueGame[Any, Any], LatticeBet]:
    """The game and the bet ``GAME:BET`` names, on the shoe of the options.

    Args:
        text: The words naming the bet, such as ``baccarat:banker``.
        arguments: The parsed command line, whose shoe options (``--decks``, ``--remove``) apply.

    Returns:
        The catalogue game and the bet on its lattice.

    Raises:
        OptionError: For words not of the form ``GAME:BET``, a game without a par sheet of one bet,
            or a bet the game does not have.

    >>> from cardmath.cli import build_parser
    >>> arguments = build_parser().parse_args(["session", "baccarat:banker", "--decks", "8"])
    >>> lattice_bet("baccarat:banker", arguments)[1].steps
    (-20, 0, 19)
    """
    game_name, colon, bet_name = text.partition(":")
    if not colon or not bet_name.strip():
        raise OptionError(f"name the bet as GAME:BET, such as baccarat:banker, not {text!r}")
    game = find_game(game_name.strip())
    if not isinstance(game, CatalogueGame):
        raise OptionError(f"{game.title} has no par sheet of one bet to play a session of")
    bets = game.built_in_bets()
    name = bet_name.strip()
    if name not in bets:
        raise OptionError(f"{game.title} has no bet {name!r}: its bets are {', '.join(bets)}")
    shoe = shoe_from_arguments(arguments, game.default_decks)
    return game, LatticeBet.of(game, name, shoe)


def _whole(text: str | None, what: str) -> int | None:
    """A positive whole number option, or ``None`` when not given."""
    return None if text is None else read_whole(text, what, minimum=1)


def tidy_conditions(arguments: argparse.Namespace, game: Any, result: Any) -> dict[str, Any]:
    """The first columns of a risk command's tidy data (``csv-tidy``, ``parquet``): the game, the
    shoe, then what the result was computed for (its bet, hands, bankroll...).

    Args:
        arguments: The parsed command line, whose shoe options apply.
        game: The game of the bet.
        result: The result shown: a session distribution, a ruin, a house view...

    Returns:
        Column names and values, the game first.

    >>> from cardmath.games.registry import find_game
    >>> from cardmath.risk.normal import normal_approximation
    >>> banker = lattice_bet("baccarat:banker", argparse.Namespace(decks=None, remove=""))[1]
    >>> words = tidy_conditions(argparse.Namespace(decks=None, remove=""), find_game("baccarat"),
    ...                         normal_approximation(banker, 10))
    >>> list(words.items())[:5]
    [('game', 'baccarat'), ('decks', 8), ('shoe', 'finite'), ('bet', 'banker'), ('hands', 10)]
    """
    shoe = shoe_from_arguments(arguments, game.default_decks)
    return {"game": game.name, **shoe_conditions(shoe), **result.conditions()}


def run(arguments: argparse.Namespace) -> str:
    """Answer ``cardmath session GAME:BET`` and return the text to print.

    Args:
        arguments: The parsed command line of ``cardmath session``.

    Returns:
        The tables in the ``--format`` format, a JSON document, or with ``--out`` a line naming the file.

    Raises:
        OptionError: For a bet that is not one of the game's, a number of hands or a bankroll out of range,
            or a target without a bankroll.

    >>> from cardmath.cli import build_parser
    >>> words = ["session", "dragon-tiger:dragon", "--bankroll", "2", "--target", "2", "--format", "csv"]
    >>> print(run(build_parser().parse_args(words)).splitlines()[0])
    Dragon Tiger Dragon: bankroll 2 units, target +2 units, 8 decks
    """
    game, bet = lattice_bet(arguments.bet, arguments)
    hands = _whole(arguments.hands, "--hands")
    decks = decks_value(arguments, game.default_decks)
    fields: dict[str, Any] = {
        "game": game.name,
        "bet": bet.name,
        "decks": "inf" if decks is None else decks,
        "removed": removed_cards(arguments),
        "unit": bet.unit,
    }
    sys.set_int_max_str_digits(0)  # exact figures of long sessions have tens of thousands of digits
    where = shoe_from_arguments(arguments, game.default_decks).describe()
    display = f"{game.short_title} {game.built_in_bets()[bet.name].display_name}"
    if arguments.bankroll is None:
        if arguments.target is not None:
            raise OptionError("--target goes with --bankroll")
        count, crossing = hands or _DEFAULT_HANDS, max_exact_hands(bet)
        if count > MOST_HANDS:
            raise OptionError(f"--hands must be at most {MOST_HANDS:,} (10**12), not {count:,}")
        if count > crossing:
            heading = f"{display}: {count:,} hands of one unit, {where}"
            return _approximated(
                arguments,
                game,
                bet,
                hands=count,
                fields={**fields, "crossing_point": crossing},
                heading=heading,
            )
        session = session_distribution(bet, count)
        heading = f"{display}: {session.hands:,} hands of one unit, {where}"
        table = dataclasses.replace(session_table(session), heading=heading)
        approximation = normal_approximation(bet, session.hands)
        document = {
            **fields,
            "method": "exact",
            "crossing_point": crossing,
            "hands": session.hands,
            "mean": session.mean,
            "variance": session.variance,
            "chance_ahead": session.chance_ahead,
            "chance_even": session.chance_even,
            "chance_behind": session.chance_behind,
            "median": session.median,
            "ranges": {f"{float(mass):.0%}": list(session.range_holding(mass)) for mass in RANGE_MASSES},
            "normal_approximation": {
                "label": approximation.label,
                "differences": approximation_differences(session, bet),
            },
        }
        return emit(
            arguments,
            (table,),
            lambda: _text(arguments, (table,), document),
            conditions=tidy_conditions(arguments, game, session),
        )
    bankroll = read_rational(str(arguments.bankroll), "--bankroll")
    target = read_rational(str(arguments.target), "--target") if arguments.target is not None else None
    result = risk_of_ruin(bet, bankroll, target=target, hands=hands)
    stops = f", target +{result.target} units" if result.target is not None else ""
    stops += f", at most {result.hands:,} hands" if result.hands is not None else ""
    heading = f"{display}: bankroll {result.bankroll} units{stops}, {where}"
    table = dataclasses.replace(ruin_table(result), heading=heading)
    document = {
        **fields,
        "bankroll": result.bankroll,
        "target": result.target,
        "hands": result.hands,
        "ruin_chance": result.ruin_chance,
        "target_chance": result.target_chance,
        "neither_chance": result.neither_chance,
        "expected_hands": None if result.expected_hands is None else str(result.expected_hands),
        "method": result.method,
        "relative_error": result.relative_error,
    }
    return emit(
        arguments,
        (table,),
        lambda: _text(arguments, (table,), document),
        conditions=tidy_conditions(arguments, game, result),
    )


def _approximated(
    arguments: argparse.Namespace,
    game: Any,
    bet: LatticeBet,
    *,
    hands: int,
    fields: dict[str, Any],
    heading: str,
) -> str:
    """A session past the bet's crossing point: the normal and saddlepoint approximations,
    labelled, with their errors at a few numbers of hands where the exact figures exist too."""
    crossing = int(fields["crossing_point"])
    errors = approximation_errors(bet, [n for n in _ERROR_HANDS if n <= crossing])
    table = approximation_table(bet, hands)
    notes = [
        (
            f"error at {n:,} hands",
            f"normal {normal:.1e}, saddlepoint {saddle:.1e} (the largest of the chances ahead, even, behind)",
        )
        for n, normal, saddle in errors
    ]
    heading += f": approximated, past the exact limit of {crossing:,} hands"
    table = dataclasses.replace(table, heading=heading, notes=(*table.notes, *notes))
    normal, saddle = normal_approximation(bet, hands), saddlepoint_approximation(bet, hands)
    document = {
        **fields,
        "method": normal.label,
        "hands": hands,
        "mean": hands * bet.mean,
        "variance": hands * bet.variance,
        "chance_ahead": normal.chance_ahead,
        "chance_even": normal.chance_even,
        "chance_behind": normal.chance_behind,
        "ranges": {f"{mass:.0%}": [low, high] for mass, low, high in normal.ranges},
        "saddlepoint_approximation": {
            "label": saddle.label,
            "chance_ahead": saddle.chance_ahead,
            "chance_even": saddle.chance_even,
            "chance_behind": saddle.chance_behind,
        },
        "errors": [
            {"hands": n, "normal": normal_error, "saddlepoint": saddle_error}
            for n, normal_error, saddle_error in errors
        ],
    }
    return emit(
        arguments,
        (table,),
        lambda: _text(arguments, (table,), document),
        conditions=tidy_conditions(arguments, game, saddle),
    )


def _text(arguments: argparse.Namespace, tables: Any, document: dict[str, Any]) -> str:
    """The printed form: the JSON document, or the tables in a text format."""
    if arguments.format == "json":
        return dumps_json(document)
    return render_tables(tables, arguments.format)
