"""The ``cardmath reddog`` sub-command: the Red Dog par sheet and figures for one shoe.

Usage::

    cardmath reddog [--decks N|inf] [--remove CARDS] [--spread-pays A,B,C,D] [--trips-pays N]
                    [--raise-by spread|cards] [--format FMT]
    cardmath reddog --closed-form [--spread-pays ...] [--trips-pays N] [--format FMT]
    cardmath reddog --solve-pay trips|1|2|3|4 [--target-edge PCT] [--decks N|inf] [--remove CARDS]
                    [--spread-pays ...] [--trips-pays N] [--format FMT]

``--format json`` prints one object with every exact value as the text of its reduced fraction;
any other format prints each table (par sheet, figures, raise strategy, effects of removal) under
its title.  ``--raise-by spread`` (the default) decides the raise once per spread; ``--raise-by
cards`` decides it for each pair of first two ranks, and the JSON then lists the raised pairs of
each spread (``"raised_pairs"``) and the pairs decided otherwise than their spread
(``"differing_pairs"``); both are null under ``spread``.

``--closed-form`` prints, instead of the par sheet, the house edge of fresh standard decks as an
exact rational function of the number of decks ``d`` and its infinite-deck limit, for the pay table
given (the raise set must not change with ``d``).  ``--solve-pay`` prints the exact pay, for three of
a kind or for one spread pay position (4 meaning "spread 4 or more" with four spread pays), that
gives the shoe a house edge of ``--target-edge`` percent (default 0: the fair pay), all other pays
kept and raising optimally.

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
from typing import Any, Literal

import sympy

from cardmath.bets import parse_pay, parse_pays
from cardmath.cards import parse_cards
from cardmath.commands.common import add_format_option, add_shoe_options, shoe_from_arguments
from cardmath.errors import CardmathError, OptionError
from cardmath.exact import decimal_text, fraction_text, percent_text, to_rational
from cardmath.reddog import (
    RAISE_BY,
    RaiseBy,
    RedDogResult,
    analyze,
    house_edge_at_infinite_decks,
    house_edge_in_decks,
    pay_for_house_edge,
    result_tables,
)
from cardmath.tables import Table, dumps_json, render_table

__all__ = [
    "parse_pay_to_solve",
    "parse_target_edge",
    "register",
    "result_json",
    "run",
    "run_closed_form",
    "run_solve_pay",
]

DEFAULT_DECKS = "1"
"""The ``--decks`` default of ``cardmath reddog``."""


def register(subparsers: Any) -> None:
    """Add ``cardmath reddog`` to the parser.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> arguments = subparsers.choices["reddog"].parse_args(["--decks", "2"])
    >>> arguments.decks, arguments.spread_pays, arguments.trips_pays, arguments.run is run
    ('2', '5,4,2,1', '11', True)
    >>> arguments.closed_form, arguments.solve_pay, arguments.target_edge
    (False, None, None)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "reddog",
        help="casino Red Dog: par sheet, house edge, raise strategy, effects of removal",
        description=(
            "Exact par sheet of casino Red Dog for a shoe of whole decks, the infinite-deck limit, "
            "or a shoe with cards removed. The raise decision of each spread is computed from the shoe. "
            "With --closed-form: the house edge as an exact function of the number of decks d. "
            "With --solve-pay: the exact pay that gives the shoe a chosen house edge."
        ),
    )
    add_shoe_options(parser, default_decks=DEFAULT_DECKS)
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
    task = parser.add_mutually_exclusive_group()
    task.add_argument(
        "--closed-form",
        action="store_true",
        help=(
            "instead of the par sheet, print the house edge of d fresh decks as an exact rational "
            "function of d and its infinite-deck limit, for the pays given (not with --decks or --remove)"
        ),
    )
    task.add_argument(
        "--solve-pay",
        metavar="trips|1|2|3|4",
        help=(
            "instead of the par sheet, print the exact pay (to 1) that gives the shoe the house edge "
            "--target-edge: 'trips' for three of a kind, or the position of a spread pay in "
            "--spread-pays (4 means spread 4 or more; 1 to 11 with 11 spread pays); other pays kept"
        ),
    )
    parser.add_argument(
        "--target-edge",
        metavar="PCT",
        help="house edge in percent for --solve-pay, from -100 to 100, such as 2.5 (default 0: the fair pay)",
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


def parse_target_edge(text: str | None) -> sympy.Rational:
    """A house edge given in percent (``"5"``, ``"2.5"``, ``"-1/3"``) as an exact fraction; ``None``
    means 0.

    >>> parse_target_edge("2.5"), parse_target_edge(None), parse_target_edge("-100")
    (1/40, 0, -1)
    >>> parse_target_edge("150")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the target house edge must be a percentage from -100 to 100, ... not '150'
    """
    if text is None:
        return sympy.Rational(0)
    try:
        percent = to_rational(text.strip()) if text.strip() else None
    except (TypeError, ValueError, ZeroDivisionError, sympy.SympifyError):
        percent = None
    if percent is None or not -100 <= percent <= 100:
        raise OptionError(
            f"the target house edge must be a percentage from -100 to 100, such as 0 or 2.5, not {text!r}"
        )
    return percent / 100


def parse_pay_to_solve(text: str) -> Literal["trips"] | int:
    """The pay ``--solve-pay`` names: ``"trips"`` or a spread pay position (checked by the library).

    >>> parse_pay_to_solve("trips"), parse_pay_to_solve(" 4 ")
    ('trips', 4)
    >>> parse_pay_to_solve("pair")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the pay to solve for is 'trips' or a spread pay position ..., not 'pair'
    """
    word = text.strip().lower()
    if word == "trips":
        return "trips"
    if word.isdigit():
        return int(word)
    raise OptionError(
        "the pay to solve for is 'trips' or a spread pay position (1 to 4, or 1 to 11 with 11 spread pays), "
        f"not {text!r}"
    )


def _pays(arguments: argparse.Namespace) -> tuple[tuple[sympy.Rational, ...], sympy.Rational]:
    spread_pays = parse_pays(str(arguments.spread_pays), what="spread pays")
    trips_pays = parse_pay(str(arguments.trips_pays), "three of a kind pays")
    return spread_pays, trips_pays


def run_closed_form(arguments: argparse.Namespace) -> str:
    """The house edge of ``d`` fresh decks as a rational function of ``d``, and its limit.

    >>> from cardmath.cli import build_parser
    >>> print(run_closed_form(build_parser().parse_args(["reddog", "--closed-form"])))
    Red Dog house edge in d decks
    <BLANKLINE>
    bet      house edge in d                                      limit exact    limit as percent
    -------  ---------------------------------------------------  -------------  ------------------
    Red Dog  (456*d**2 + 210*d - 143)/(13*(26*d - 1)*(52*d - 1))  57/2197        2.5944%
    """
    if str(arguments.decks).strip() != DEFAULT_DECKS or str(arguments.remove).strip():
        raise OptionError(
            "--closed-form gives the house edge for any number d of fresh decks: "
            "leave out --decks and --remove"
        )
    if arguments.target_edge is not None:
        raise OptionError("--target-edge goes with --solve-pay, not with --closed-form")
    spread_pays, trips_pays = _pays(arguments)
    expression = house_edge_in_decks(spread_pays=spread_pays, trips_pays=trips_pays)
    limit = house_edge_at_infinite_decks(spread_pays=spread_pays, trips_pays=trips_pays)
    if arguments.format == "json":
        document = {
            "game": "reddog",
            "closed_form": {"reddog": {"house_edge": str(expression), "limit": limit}},
        }
        return dumps_json(document)
    table = Table(
        "Red Dog house edge in d decks",
        ("bet", "house edge in d", "limit exact", "limit as percent"),
        (("Red Dog", str(expression), fraction_text(limit), percent_text(limit)),),
    )
    return f"{table.title}\n\n{render_table(table, arguments.format)}"


def run_solve_pay(arguments: argparse.Namespace) -> str:
    """The exact pay that gives the shoe the target house edge, all other pays kept.

    >>> from cardmath.cli import build_parser
    >>> print(run_solve_pay(build_parser().parse_args(["reddog", "--solve-pay", "trips"])))
    Red Dog pay for a house edge of 0%, 1 deck
    <BLANKLINE>
    figure             value
    -----------------  ------------------
    pay solved for     three of a kind
    target house edge  0%
    pay exact          952/39
    pay                24.4102564103 to 1
    """
    which = parse_pay_to_solve(str(arguments.solve_pay))
    target = parse_target_edge(arguments.target_edge)
    if arguments.raise_by == "cards":
        raise OptionError("--solve-pay raises once per spread: leave out --raise-by cards")
    shoe = shoe_from_arguments(arguments)
    spread_pays, trips_pays = _pays(arguments)
    try:
        pay = pay_for_house_edge(shoe, which, target, spread_pays=spread_pays, trips_pays=trips_pays)
    except CardmathError:
        raise
    except ValueError:
        raise OptionError(
            f"no pay gives a house edge of {percent_text(target)} with this shoe and pay table"
        ) from None
    name = "three of a kind" if which == "trips" else _position_name(which, len(spread_pays))
    if arguments.format == "json":
        document = {
            "game": "reddog",
            "decks": "inf" if shoe.is_infinite else int(str(arguments.decks).strip()),
            "removed": [str(card) for card in parse_cards(str(arguments.remove))],
            "spread_pays": list(spread_pays),
            "trips_pays": trips_pays,
            "solve_pay": str(which),
            "target_house_edge": target,
            "pay": pay,
            "pay_to_one": f"{decimal_text(pay, 10, trim=True)} to 1",
        }
        return dumps_json(document)
    table = Table(
        f"Red Dog pay for a house edge of {percent_text(target, 10, trim=True)}, {shoe.describe()}",
        ("figure", "value"),
        (
            ("pay solved for", name),
            ("target house edge", percent_text(target, 10, trim=True)),
            ("pay exact", fraction_text(pay)),
            ("pay", f"{decimal_text(pay, 10, trim=True)} to 1"),
        ),
    )
    return f"{table.title}\n\n{render_table(table, arguments.format)}"


def _position_name(position: int, count: int) -> str:
    if count == 11 or position < 4:
        return f"spread {position}"
    return "spread 4 or more"


def run(arguments: argparse.Namespace) -> str:
    """Analyse the shoe the options describe and return the text to print.

    ``--closed-form`` and ``--solve-pay`` go to :func:`run_closed_form` and :func:`run_solve_pay`.

    >>> from cardmath.cli import build_parser
    >>> text = run(build_parser().parse_args(["reddog", "--decks", "1", "--format", "json"]))
    >>> '"house_edge": "523/16575"' in text
    True
    """
    if arguments.closed_form:
        return run_closed_form(arguments)
    if arguments.solve_pay is not None:
        return run_solve_pay(arguments)
    if arguments.target_edge is not None:
        raise OptionError("--target-edge goes with --solve-pay")
    shoe = shoe_from_arguments(arguments)
    spread_pays, trips_pays = _pays(arguments)
    raise_by: RaiseBy = "cards" if arguments.raise_by == "cards" else "spread"
    result = analyze(shoe, spread_pays=spread_pays, trips_pays=trips_pays, raise_by=raise_by)
    if arguments.format == "json":
        decks: int | str = "inf" if shoe.is_infinite else int(str(arguments.decks).strip())
        removed = [str(card) for card in parse_cards(str(arguments.remove))]
        return dumps_json(result_json(result, decks, removed))
    return "\n\n".join(
        f"{table.title}\n{render_table(table, arguments.format)}" for table in result_tables(result)
    )
