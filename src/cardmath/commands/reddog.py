"""The ``cardmath reddog`` sub-command: the Red Dog par sheet and figures for one shoe.

``--format json`` prints one object with every exact value as the text of its reduced fraction;
any other format prints each table (par sheet, figures, raise strategy, effects of removal) under
its title.  ``--raise-by spread`` (the default) decides the raise once per spread; ``--raise-by
cards`` decides it for each pair of first two ranks, and the JSON then lists the raised pairs of
each spread (``"raised_pairs"``) and the pairs decided otherwise than their spread
(``"differing_pairs"``); both are null under ``spread``.

>>> from cardmath.cli import main
>>> main(["reddog", "--decks", "1", "--format", "json"])  # doctest: +ELLIPSIS
{
  "game": "reddog",
  "decks": 1,
  "removed": [],
  ...
  "house_edge": "523/16575",
...
"""

from __future__ import annotations

import argparse
from typing import Any

from cardmath.bets import parse_pay, parse_pays
from cardmath.cards import parse_cards
from cardmath.commands.common import add_format_option, add_shoe_options, shoe_from_arguments
from cardmath.reddog import RAISE_BY, RaiseBy, RedDogResult, analyze, result_tables
from cardmath.tables import dumps_json, render_table

__all__ = ["register", "result_json", "run"]


def register(subparsers: Any) -> None:
    """Add ``cardmath reddog`` to the parser.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> arguments = subparsers.choices["reddog"].parse_args(["--decks", "2"])
    >>> arguments.decks, arguments.spread_pays, arguments.trips_pays, arguments.run is run
    ('2', '5,4,2,1', '11', True)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "reddog",
        help="casino Red Dog: par sheet, house edge, raise strategy, effects of removal",
        description=(
            "Exact par sheet of casino Red Dog for a shoe of whole decks, the infinite-deck limit, "
            "or a shoe with cards removed. The raise decision of each spread is computed from the shoe."
        ),
    )
    add_shoe_options(parser)
    parser.add_argument(
        "--spread-pays",
        default="5,4,2,1",
        metavar="A,B,C,D",
        help=(
            "pays (to 1) for spread 1, 2, 3 and 4 or more, or 11 values for spreads 1 to 11; "
            "decimals and fractions allowed (default 5,4,2,1)"
        ),
    )
    parser.add_argument(
        "--trips-pays", default="11", metavar="N", help="pay (to 1) for three of a kind (default 11)"
    )
    parser.add_argument(
        "--raise-by",
        choices=RAISE_BY,
        default="spread",
        help="decide the raise once per spread, or for each pair of first two ranks (default spread)",
    )
    add_format_option(parser)
    parser.set_defaults(run=run)


def result_json(result: RedDogResult, decks: int | str, removed: list[str]) -> dict[str, Any]:
    """The JSON object of one result (exact values stay Rationals; :func:`dumps_json` writes them).

    >>> from cardmath.shoe import Shoe
    >>> document = result_json(analyze(Shoe.standard(1)), 1, [])
    >>> document["house_edge"], document["cards"], document["total_combinations"], document["raised_pairs"]
    (523/16575, 52, 132600, None)
    """
    return {
        "game": "reddog",
        "decks": decks,
        "removed": removed,
        "cards": None if result.shoe.is_infinite else result.shoe.size,
        "spread_pays": list(result.spread_pays),
        "trips_pays": result.trips_pays,
        "house_edge": result.house_edge,
        "house_edge_no_raise": result.house_edge_no_raise,
        "element_of_risk": result.element_of_risk,
        "expected_total_bet": result.expected_stake,
        "variance": result.variance,
        "standard_deviation": result.standard_deviation,
        "hit_frequency": result.hit_frequency,
        "raise_by": result.raise_by,
        "raise_on_spreads": list(result.raise_on_spreads),
        "raised_pairs": (
            {
                str(spread): [f"{low.symbol}-{high.symbol}" for low, high in pairs]
                for spread, pairs in result.raised_pairs.items()
            }
            if result.raise_by == "cards"
            else None
        ),
        "differing_pairs": (
            [f"{low.symbol}-{high.symbol}" for low, high in result.differing_pairs]
            if result.raise_by == "cards"
            else None
        ),
        "outcomes": [
            {
                "outcome": o.name,
                "pays": o.pays,
                "combinations": o.combinations,
                "probability": o.probability,
                "return": o.contribution,
            }
            for o in result.par_sheet
        ],
        "total_combinations": result.par_sheet.total_combinations,
        "effects_of_removal": (
            None
            if result.effects_of_removal is None
            else {rank.symbol: effect for rank, effect in result.effects_of_removal.items()}
        ),
    }


def run(arguments: argparse.Namespace) -> str:
    """Analyse the shoe the options describe and return the text to print.

    >>> from cardmath.cli import build_parser
    >>> text = run(build_parser().parse_args(["reddog", "--decks", "1", "--format", "json"]))
    >>> '"house_edge": "523/16575"' in text
    True
    """
    shoe = shoe_from_arguments(arguments)
    spread_pays = parse_pays(str(arguments.spread_pays), what="spread pays")
    trips_pays = parse_pay(str(arguments.trips_pays), "three of a kind pays")
    raise_by: RaiseBy = "cards" if arguments.raise_by == "cards" else "spread"
    result = analyze(shoe, spread_pays=spread_pays, trips_pays=trips_pays, raise_by=raise_by)
    if arguments.format == "json":
        decks: int | str = "inf" if shoe.is_infinite else int(str(arguments.decks).strip())
        removed = [str(card) for card in parse_cards(str(arguments.remove))]
        return dumps_json(result_json(result, decks, removed))
    return "\n\n".join(
        f"{table.title}\n{render_table(table, arguments.format)}" for table in result_tables(result)
    )
