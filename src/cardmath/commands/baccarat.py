"""The ``cardmath baccarat`` sub-command: every bet of punto banco for one shoe.

``--format json`` prints one object with every exact value as the text of its reduced fraction
and counts as JSON integers (``null`` for an infinite shoe); any other format prints each table
(results, one par sheet per bet, the summary, effects of removal) under its title.

>>> from cardmath.cli import main
>>> main(["baccarat", "--decks", "8", "--bets", "tie", "--format", "json"])  # doctest: +ELLIPSIS
{
  "game": "baccarat",
  "decks": 8,
  "removed": [],
  "commission": "1/20",
  "tie_pays": "8",
  "total_combinations": 4998398275503360,
  "results": {
    "player_wins": 2230518282592256,
    "banker_wins": 2292252566437888,
    "ties": 475627426473216
  },
  ...
  "bets": {
    "tie": {
      "house_edge": "103841353768/723147898655",
...
0
"""

from __future__ import annotations

import argparse
from typing import Any

import sympy

from cardmath.baccarat import BUILT_IN_BET_NAMES, BaccaratResult, analyze, publication_tables
from cardmath.cards import parse_cards
from cardmath.commands.common import add_format_option, add_shoe_options, shoe_from_arguments
from cardmath.errors import OptionError
from cardmath.exact import to_rational
from cardmath.tables import dumps_json, render_table

__all__ = ["parse_bet_names", "parse_commission", "parse_tie_pays", "register", "result_json", "run"]


def register(subparsers: Any) -> None:
    """Add ``cardmath baccarat`` to the parser.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> arguments = subparsers.choices["baccarat"].parse_args([])
    >>> arguments.decks, arguments.commission, arguments.tie_pays, arguments.run is run
    ('8', '5', '8', True)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "baccarat",
        help="baccarat (punto banco): every bet's par sheet, house edge and effects of removal",
        description=(
            "Exact analysis of punto banco for a shoe of whole decks, the infinite-deck limit, or a shoe "
            "with cards removed: every final deal is counted (unused fifth and sixth cards included, the "
            "published convention)."
        ),
    )
    add_shoe_options(parser, default_decks="8")
    parser.add_argument(
        "--commission",
        default="5",
        metavar="PCT",
        help="commission on a winning banker bet, in percent from 0 to 100 (default 5)",
    )
    parser.add_argument(
        "--tie-pays",
        default="8",
        metavar="N",
        help="pay (to 1) of a winning tie bet, more than 0 (default 8)",
    )
    parser.add_argument(
        "--bets",
        default="",
        metavar="NAME,...",
        help=f"bets to show, separated by commas (default all: {', '.join(BUILT_IN_BET_NAMES)})",
    )
    add_format_option(parser)
    parser.set_defaults(run=run)


def parse_commission(text: str) -> sympy.Rational:
    """A commission in percent as an exact fraction.

    >>> parse_commission("5"), parse_commission("4.5")
    (1/20, 9/200)
    >>> parse_commission("120")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the commission must be a percentage from 0 to 100, not '120'
    """
    try:
        percent = to_rational(text.strip())
    except (TypeError, ValueError, ZeroDivisionError, sympy.SympifyError):
        percent = None
    if percent is None or not 0 <= percent <= 100 or not text.strip():
        raise OptionError(f"the commission must be a percentage from 0 to 100, not {text!r}")
    return percent / 100


def parse_tie_pays(text: str) -> sympy.Rational:
    """The tie pay as an exact positive number.

    >>> parse_tie_pays("9")
    9
    >>> parse_tie_pays("0")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the tie pay must be a number more than 0 (such as 8 or 9), not '0'
    """
    try:
        pay = to_rational(text.strip())
    except (TypeError, ValueError, ZeroDivisionError, sympy.SympifyError):
        pay = None
    if pay is None or pay <= 0 or not text.strip():
        raise OptionError(f"the tie pay must be a number more than 0 (such as 8 or 9), not {text!r}")
    return pay


def parse_bet_names(text: str) -> list[str] | None:
    """Bet names separated by commas (``None``, meaning every bet, for an empty text).

    >>> parse_bet_names("banker, tie")
    ['banker', 'tie']
    """
    names = [name.strip() for name in text.split(",") if name.strip()]
    return names or None


def result_json(
    result: BaccaratResult,
    decks: int | str,
    removed: list[str],
    commission: sympy.Rational,
    tie_pays: sympy.Rational,
) -> dict[str, Any]:
    """The JSON object of one result (exact values stay Rationals; :func:`dumps_json` writes them).

    >>> from cardmath.shoe import Shoe
    >>> result = analyze(Shoe.standard(8), bets=["tie"])
    >>> document = result_json(result, 8, [], sympy.Rational(1, 20), sympy.Rational(8))
    >>> document["results"]["ties"], document["bets"]["tie"]["house_edge"]
    (475627426473216, 103841353768/723147898655)
    """
    return {
        "game": "baccarat",
        "decks": decks,
        "removed": removed,
        "commission": commission,
        "tie_pays": tie_pays,
        "total_combinations": result.total_combinations,
        "results": result.results,
        "result_probabilities": result.result_probabilities,
        "bets": {
            name: {
                "house_edge": sheet.house_edge,
                "house_edge_excluding_pushes": result.house_edge_excluding_pushes(name),
                "element_of_risk": sheet.element_of_risk,
                "variance": sheet.variance,
                "standard_deviation": sheet.standard_deviation,
                "hit_frequency": sheet.hit_frequency,
                "outcomes": [
                    {
                        "outcome": o.name,
                        "pays": o.pays,
                        "combinations": o.combinations,
                        "probability": o.probability,
                        "return": o.contribution,
                    }
                    for o in sheet.outcomes
                ],
            }
            for name, sheet in result.bets.items()
        },
    }


def run(arguments: argparse.Namespace) -> str:
    """Analyse the shoe and render the result in the chosen format.

    Every deal of 8 decks is counted as 6 cards: ``ff(416, 6)`` deals in all.

    >>> from cardmath.cli import build_parser
    >>> text = run(build_parser().parse_args(["baccarat", "--bets", "tie", "--format", "json"]))
    >>> '"total_combinations": 4998398275503360' in text
    True
    """
    commission = parse_commission(str(arguments.commission))
    tie_pays = parse_tie_pays(str(arguments.tie_pays))
    bets = parse_bet_names(str(arguments.bets))
    shoe = shoe_from_arguments(arguments)
    if arguments.format == "json":
        result = analyze(shoe, commission=commission, tie_pays=tie_pays, bets=bets)
        decks: int | str = "inf" if shoe.is_infinite else int(str(arguments.decks).strip())
        removed = [str(card) for card in parse_cards(str(arguments.remove))]
        return dumps_json(result_json(result, decks, removed, commission, tie_pays))
    tables = publication_tables(shoe, commission=commission, tie_pays=tie_pays, bets=bets)
    return "\n\n".join(f"{table.title}\n\n{render_table(table, arguments.format)}" for table in tables)
