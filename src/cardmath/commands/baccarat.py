"""The ``cardmath baccarat`` sub-command: every bet of punto banco for one shoe.

Usage::

    cardmath baccarat [--decks N|inf] [--remove CARDS] [--commission PCT] [--tie-pays N]
                      [--bets NAME,...] [--format FMT]
    cardmath baccarat --closed-form [--commission PCT] [--tie-pays N] [--bets NAME,...] [--format FMT]
    cardmath baccarat --solve-pay BET:OUTCOME [--target-edge PCT] [--decks N|inf] [--remove CARDS]
                      [--commission PCT] [--tie-pays N] [--format FMT]

``--format json`` prints one object with every exact value as the text of its reduced fraction
and counts as JSON integers (``null`` for an infinite shoe); any other format prints each table
(results, one par sheet per bet, the summary, effects of removal) under its title.

``--closed-form`` prints instead, for each bet chosen, the house edge of fresh standard decks as an
exact rational function of the number of decks ``d`` and its infinite-deck limit.  ``--solve-pay
BET:OUTCOME`` (such as ``tie:tie``) prints the exact pay of one outcome of one bet that gives the
shoe a house edge of ``--target-edge`` percent (default 0: the fair pay).

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

from cardmath.baccarat import (
    BUILT_IN_BET_NAMES,
    BaccaratResult,
    analyze,
    closed_form,
    publication_tables,
    resolve_bets,
    solve_pay,
)
from cardmath.cards import parse_cards
from cardmath.commands.common import add_format_option, add_shoe_options, shoe_from_arguments
from cardmath.commands.reddog import parse_target_edge
from cardmath.errors import CardmathError, OptionError
from cardmath.exact import decimal_text, fraction_text, percent_text, to_rational
from cardmath.tables import Table, dumps_json, render_table

__all__ = [
    "parse_bet_names",
    "parse_bet_outcome",
    "parse_commission",
    "parse_tie_pays",
    "register",
    "result_json",
    "run",
    "run_closed_form",
    "run_solve_pay",
]

DEFAULT_DECKS = "8"
"""The ``--decks`` default of ``cardmath baccarat``."""


def register(subparsers: Any) -> None:
    """Add ``cardmath baccarat`` to the parser.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> arguments = subparsers.choices["baccarat"].parse_args([])
    >>> arguments.decks, arguments.commission, arguments.tie_pays, arguments.run is run
    ('8', '5', '8', True)
    >>> arguments.closed_form, arguments.solve_pay, arguments.target_edge
    (False, None, None)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "baccarat",
        help="baccarat (punto banco): every bet's par sheet, house edge and effects of removal",
        description=(
            "Exact analysis of punto banco for a shoe of whole decks, the infinite-deck limit, or a shoe "
            "with cards removed: every final deal is counted (unused fifth and sixth cards included, the "
            "published convention). With --closed-form: each bet's house edge as an exact function of "
            "the number of decks d. With --solve-pay: the exact pay of one outcome that gives a chosen "
            "house edge."
        ),
    )
    add_shoe_options(parser, default_decks=DEFAULT_DECKS)
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
    task = parser.add_mutually_exclusive_group()
    task.add_argument(
        "--closed-form",
        action="store_true",
        help=(
            "instead of the par sheets, print each bet's house edge in d fresh decks as an exact "
            "rational function of d and its infinite-deck limit (not with --decks or --remove)"
        ),
    )
    task.add_argument(
        "--solve-pay",
        metavar="BET:OUTCOME",
        help=(
            "instead of the par sheets, print the exact pay (to 1) of one outcome of one bet that gives "
            "the shoe the house edge --target-edge, such as tie:tie, player_pair:pair or "
            "'dragon_7:win'; the error for an unknown outcome lists the bet's outcomes"
        ),
    )
    parser.add_argument(
        "--target-edge",
        metavar="PCT",
        help="house edge in percent for --solve-pay, from -100 to 100, such as 2.5 (default 0: the fair pay)",
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


def parse_bet_outcome(text: str, commission: sympy.Rational, tie_pays: sympy.Rational) -> tuple[str, str]:
    """``BET:OUTCOME`` as a known built-in bet and one of its outcomes.

    >>> parse_bet_outcome("tie:tie", sympy.Rational(1, 20), sympy.Rational(8))
    ('tie', 'tie')
    >>> parse_bet_outcome("tie:win", sympy.Rational(1, 20), sympy.Rational(8))
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: bet 'tie' has no outcome 'win': choose one of 'tie', 'no tie'
    """
    name, colon, outcome = text.partition(":")
    name, outcome = name.strip(), outcome.strip()
    if name:
        (bet,) = resolve_bets([name], commission=commission, tie_pays=tie_pays)
        choices = ", ".join(repr(o) for o in bet.outcomes())
        if not colon or not outcome:
            raise OptionError(
                f"--solve-pay needs BET:OUTCOME, such as tie:tie; the outcomes of {name} are {choices}"
            )
        if outcome not in bet.outcomes():
            raise OptionError(f"bet {name!r} has no outcome {outcome!r}: choose one of {choices}")
        return name, outcome
    raise OptionError(f"--solve-pay needs BET:OUTCOME, such as tie:tie, not {text!r}")


def run_closed_form(arguments: argparse.Namespace) -> str:
    """Each chosen bet's house edge in ``d`` fresh decks as a rational function of ``d``, and its limit.

    >>> from cardmath.cli import build_parser
    >>> words = ["baccarat", "--closed-form", "--bets", "player_pair", "--format", "github"]
    >>> print(run_closed_form(build_parser().parse_args(words)))
    Baccarat house edge in d decks
    <BLANKLINE>
    | bet         | house edge in d       | limit exact   | limit as percent   |
    |-------------|-----------------------|---------------|--------------------|
    | player_pair | (4*d + 11)/(52*d - 1) | 1/13          | 7.6923%            |
    """
    if str(arguments.decks).strip() != DEFAULT_DECKS or str(arguments.remove).strip():
        raise OptionError(
            "--closed-form gives the house edge for any number d of fresh decks: "
            "leave out --decks and --remove"
        )
    if arguments.target_edge is not None:
        raise OptionError("--target-edge goes with --solve-pay, not with --closed-form")
    commission = parse_commission(str(arguments.commission))
    tie_pays = parse_tie_pays(str(arguments.tie_pays))
    bets = resolve_bets(parse_bet_names(str(arguments.bets)), commission=commission, tie_pays=tie_pays)
    forms = {bet.name: closed_form(bet) for bet in bets}
    if arguments.format == "json":
        document = {
            "game": "baccarat",
            "closed_form": {
                name: {"house_edge": str(expression), "limit": limit}
                for name, (expression, limit) in forms.items()
            },
        }
        return dumps_json(document)
    table = Table(
        "Baccarat house edge in d decks",
        ("bet", "house edge in d", "limit exact", "limit as percent"),
        tuple(
            (name, str(expression), fraction_text(limit), percent_text(limit))
            for name, (expression, limit) in forms.items()
        ),
    )
    return f"{table.title}\n\n{render_table(table, arguments.format)}"


def run_solve_pay(arguments: argparse.Namespace) -> str:
    """The exact pay of one outcome that gives its bet the target house edge on the shoe.

    >>> from cardmath.cli import build_parser
    >>> words = ["baccarat", "--solve-pay", "tie:tie", "--format", "github"]
    >>> print(run_solve_pay(build_parser().parse_args(words)))
    Baccarat pay of tie: tie for a house edge of 0%, 8 decks
    <BLANKLINE>
    | figure            | value                      |
    |-------------------|----------------------------|
    | pay solved for    | tie: tie                   |
    | target house edge | 0%                         |
    | pay exact         | 5889024543008/619306544887 |
    | pay               | 9.5090623402 to 1          |
    """
    if arguments.bets.strip():
        raise OptionError("--solve-pay names its bet itself (BET:OUTCOME): leave out --bets")
    commission = parse_commission(str(arguments.commission))
    tie_pays = parse_tie_pays(str(arguments.tie_pays))
    name, outcome = parse_bet_outcome(str(arguments.solve_pay), commission, tie_pays)
    target = parse_target_edge(arguments.target_edge)
    shoe = shoe_from_arguments(arguments)
    try:
        pay = solve_pay(shoe, name, outcome, target, commission=commission, tie_pays=tie_pays)
    except CardmathError:
        raise
    except ValueError:
        raise OptionError(
            f"no pay of {name}: {outcome} gives a house edge of "
            f"{percent_text(target, 10, trim=True)} with this shoe"
        ) from None
    if arguments.format == "json":
        document = {
            "game": "baccarat",
            "decks": "inf" if shoe.is_infinite else int(str(arguments.decks).strip()),
            "removed": [str(card) for card in parse_cards(str(arguments.remove))],
            "commission": commission,
            "tie_pays": tie_pays,
            "bet": name,
            "outcome": outcome,
            "target_house_edge": target,
            "pay": pay,
            "pay_to_one": f"{decimal_text(pay, 10, trim=True)} to 1",
        }
        return dumps_json(document)
    percent = percent_text(target, 10, trim=True)
    table = Table(
        f"Baccarat pay of {name}: {outcome} for a house edge of {percent}, {shoe.describe()}",
        ("figure", "value"),
        (
            ("pay solved for", f"{name}: {outcome}"),
            ("target house edge", percent),
            ("pay exact", fraction_text(pay)),
            ("pay", f"{decimal_text(pay, 10, trim=True)} to 1"),
        ),
    )
    return f"{table.title}\n\n{render_table(table, arguments.format)}"


def run(arguments: argparse.Namespace) -> str:
    """Analyse the shoe and render the result in the chosen format.

    Every deal of 8 decks is counted as 6 cards: ``ff(416, 6)`` deals in all.  ``--closed-form``
    and ``--solve-pay`` go to :func:`run_closed_form` and :func:`run_solve_pay`.

    >>> from cardmath.cli import build_parser
    >>> text = run(build_parser().parse_args(["baccarat", "--bets", "tie", "--format", "json"]))
    >>> '"total_combinations": 4998398275503360' in text
    True
    """
    if arguments.closed_form:
        return run_closed_form(arguments)
    if arguments.solve_pay is not None:
        return run_solve_pay(arguments)
    if arguments.target_edge is not None:
        raise OptionError("--target-edge goes with --solve-pay")
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
