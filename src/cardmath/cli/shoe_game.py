"""The one command every game analysed shoe by shoe shares: ``cardmath NAME [options]``.

Usage, for a :class:`~cardmath.engine.protocol.ShoeGame` called NAME::

    cardmath NAME [--decks N|inf] [--remove CARDS] [rules options] [--pay BET:OUTCOME=PAY ...]
                  [--pay-table BET:NAME ...] [--bets NAME,...] [--format FMT] [--out FILE]
    cardmath NAME --closed-form [rules options] [pays] [--bets NAME,...] [--format FMT] [--out FILE]
    cardmath NAME --solve-pay WHAT [--target-edge PCT] [--decks N|inf] [--remove CARDS]
                  [rules options] [pays] [--format FMT] [--out FILE]

The rules options come from the game (``game.options``); ``--bets`` exists when the game has
several bets.  ``--pay-table BET:NAME`` sets a bet's pays from the game's catalogue
(``game.pay_tables``) and ``--pay BET:OUTCOME=PAY`` sets one pay (both repeatable, the tables
first, then each ``--pay`` in order).  ``--format json`` prints one object with every exact
value as the text of its reduced fraction (counts as JSON integers, ``null`` for an infinite
shoe); ``--format xlsx`` writes an Excel workbook to ``--out FILE``; ``--format csv-tidy``
prints the tables' data as one tidy CSV (one observation per row, the game, the decks and the
kind of table as columns) and ``--format parquet`` writes it to ``--out FILE``; any other format
prints each table under its title (or writes it to ``--out FILE``).  ``--closed-form`` prints
each bet's house edge on ``d`` fresh decks as an exact rational function of ``d`` with its limit;
``--solve-pay WHAT`` prints the exact pay that gives the shoe a house edge of ``--target-edge``
percent (default 0: the fair pay).

>>> from cardmath.cli import main
>>> main(["reddog", "--decks", "1", "--format", "json"])  # doctest: +ELLIPSIS
{
  "game": "reddog",
  "decks": 1,
  "removed": [],
  ...
  "bets": {
    "reddog": {
      "house_edge": "523/16575",
...
0
"""

from __future__ import annotations

import argparse
from typing import Any

from sympy import Rational

from cardmath.cli.options import (
    add_format_option,
    add_shoe_options,
    decks_given,
    decks_value,
    removed_cards,
    shoe_from_arguments,
)
from cardmath.cli.writing import out_lock
from cardmath.engine.protocol import ShoeGame, Verb
from cardmath.errors import OptionError
from cardmath.files import check_out_file, write_atomic
from cardmath.numbers import read_percent
from cardmath.output import (
    FILE_FORMATS,
    TIDY_CSV,
    WORKBOOK_FORMATS,
    dumps_json,
    fraction_text,
    parquet_bytes,
    pay_text,
    percent_text,
    render_tables,
    tables_records,
    workbook_bytes,
)
from cardmath.output.tidy import shoe_conditions
from cardmath.pay_tables import PayChange, find_pay_table, read_pay_change
from cardmath.table import Kind, Table

__all__ = [
    "emit",
    "pay_changes",
    "pay_examples",
    "pay_help",
    "read_bet_names",
    "read_target_edge",
    "register",
    "rules_from_arguments",
    "run",
]


def register(subparsers: Any, game: ShoeGame[Any, Any]) -> None:
    """Add ``cardmath NAME`` for ``game`` to the parser.

    Args:
        subparsers: The sub-parsers action of the ``cardmath`` parser (what ``add_subparsers()`` returned), to
            which the command is added.
        game: The game the command analyses: its name, help, default decks, rules options, bets and pay tables
            make the options.

    >>> from cardmath.games.registry import find_game
    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers, find_game("baccarat"))
    >>> arguments = subparsers.choices["baccarat"].parse_args(["--decks", "6", "--tie-pays", "9"])
    >>> arguments.decks, arguments.tie_pays, arguments.commission, arguments.bets, arguments.closed_form
    ('6', '9', '5', None, False)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        game.name, help=game.summary, description=game.description
    )
    add_shoe_options(parser, default_decks=game.default_decks)
    add_rule_options(parser, game)
    if game.bet_names:
        parser.add_argument(
            "--bets",
            default=None,
            metavar="NAMES",
            help=f"bets to analyse, separated by commas (default: all): {', '.join(game.bet_names)}",
        )
    task = parser.add_mutually_exclusive_group()
    if Verb.CLOSED_FORM in game.verbs:
        task.add_argument(
            "--closed-form",
            action="store_true",
            help=(
                "instead of the par sheet, print the house edge of d fresh decks as an exact rational "
                "function of d and its infinite-deck limit (not with --decks or --remove)"
            ),
        )
    deciding = [name for name, bet in game.built_in_bets().items() if bet.decision is not None]
    if deciding:
        parser.add_argument(
            "--strategy",
            metavar="[BET:]STRATEGY",
            help=(
                "play a strategy of your own instead of the best play, and show what it costs: 'always "
                "CHOICE', 'CHOICE from STATE' (that state and better), 'STATE=CHOICE; ...' or @FILE (CSV or "
                f"JSON of state and choice); the bet is {' or '.join(deciding)}"
            ),
        )
    task.add_argument(
        "--solve-pay",
        metavar=game.solve_pay_metavar,
        help=(
            "instead of the par sheet, print the exact pay (to 1) that gives the shoe the house edge "
            f"--target-edge, other pays kept: {game.solve_pay_help}"
        ),
    )
    parser.add_argument(
        "--target-edge",
        metavar="PCT",
        help="house edge in percent for --solve-pay, from -100 to 100, such as 2.5 (default 0: the fair pay)",
    )
    tables = ", ".join(table.key for table in game.pay_tables)
    parser.add_argument(
        "--pay",
        action="append",
        default=[],
        metavar="BET:OUTCOME=PAY",
        help=pay_help(game, "repeatable, applied after --pay-table"),
    )
    parser.add_argument(
        "--pay-table",
        action="append",
        default=[],
        metavar="BET:NAME",
        help=f"use a published pay table of one bet; repeatable: {tables or 'this game has none'}",
    )
    add_format_option(parser)
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="write the output to FILE (written whole or not at all) instead of printing it; needed by xlsx",
    )
    parser.set_defaults(run=lambda arguments: run(game, arguments))


def add_rule_options(parser: argparse.ArgumentParser, game: ShoeGame[Any, Any]) -> None:
    """One option per rule of the game (``--commission``, ``--tie-pays``...), each with its default.

    Args:
        parser: The game's command parser that gets the options.
        game: The game whose ``options`` name the flags, fields, defaults and help.

    >>> from cardmath.cli.options import ArgumentParser
    >>> from cardmath.games.registry import find_game
    >>> parser = ArgumentParser(prog="demo")
    >>> add_rule_options(parser, find_game("baccarat"))
    >>> parser.parse_args(["--tie-pays", "9"]).tie_pays
    '9'
    """
    for option in game.options:
        parser.add_argument(
            option.flag,
            dest=option.field,
            default=option.default,
            metavar=None if option.choices else option.metavar,
            choices=option.choices or None,
            help=f"{option.help} (default {option.default})",
        )


def pay_examples(game: ShoeGame[Any, Any]) -> tuple[str, ...]:
    """Examples of ``--pay BET:OUTCOME=PAY`` with the game's own bets and outcomes, each paying one
    more than its usual pay: an outcome of one word (the bet's own, like ``tie:tie``, if it has
    one), then one of several words (of the same bet if it has one), in quotes as a shell needs them.

    Args:
        game: The game whose built-in bets name the outcomes.

    Returns:
        Up to two examples; none for a game without built-in bets.

    >>> from cardmath.games.registry import find_game
    >>> pay_examples(find_game("dragon-tiger")), pay_examples(find_game("reddog"))
    (('tie:tie=9', "'suited_tie:suited tie=51'"), ("'reddog:three of a kind=12'",))
    """
    built_in = getattr(game, "built_in_bets", None)
    if not callable(built_in):
        return ()
    entries = [
        (bet, outcome, pay + 1)
        for bet, rule in built_in().items()
        for outcome, pay in rule.pays
        if pay > 0 and not set(outcome) & set(",:=")
    ]
    own = [entry for entry in entries if entry[0] == entry[1]]
    single = next(iter(own + [entry for entry in entries if " " not in entry[1]]), None)
    spaced = next(
        (entry for entry in entries if " " in entry[1] and (single is None or entry[0] == single[0])),
        next((entry for entry in entries if " " in entry[1]), None),
    )
    found = [f"{single[0]}:{single[1]}={single[2]}"] if single else []
    return (*found, f"'{spaced[0]}:{spaced[1]}={spaced[2]}'") if spaced else tuple(found)


def pay_help(game: ShoeGame[Any, Any], more: str) -> str:
    """The help of ``--pay``, with the game's own examples (:func:`pay_examples`).

    Args:
        game: The game of the command.
        more: What the help says after the examples.

    Returns:
        One line of help.

    >>> from cardmath.games.registry import find_game
    >>> pay_help(find_game("casino-war"), "repeatable")
    'set the pay (to 1) of one outcome of one bet, such as tie:tie=11; repeatable'
    """
    examples = " or ".join(pay_examples(game))
    return (
        f"set the pay (to 1) of one outcome of one bet{', such as ' + examples if examples else ''}; {more}"
    )


def read_bet_names(text: str | None) -> list[str] | None:
    """Bet names separated by commas (``None``, meaning every bet, when ``--bets`` is not given).

    Args:
        text: The text after ``--bets``: names separated by commas, spaces around them ignored;
            ``None`` when the option is not given.

    Returns:
        The names in the order given, or ``None`` for every bet.

    Raises:
        OptionError: When ``--bets`` is given but names no bet (``--bets ''`` or ``--bets ,``).

    >>> read_bet_names("banker, tie"), read_bet_names(None)
    (['banker', 'tie'], None)
    >>> read_bet_names(" , ")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: --bets ' , ' names no bet: give names separated by commas, or ...
    """
    if text is None:
        return None
    names = [name.strip() for name in str(text).split(",") if name.strip()]
    if not names:
        raise OptionError(
            f"--bets {text!r} names no bet: give names separated by commas, or leave --bets out for every bet"
        )
    return names


def read_target_edge(text: str | None) -> Rational:
    """A house edge given in percent (``"5"``, ``"2.5"``, ``"-1/3"``) as an exact fraction; ``None``
    means 0.

    Args:
        text: The text after ``--target-edge``: a percentage from -100 to 100, as a decimal or a fraction;
            ``None`` when the option is left out.

    Returns:
        The house edge as an exact fraction of a unit bet (``"2.5"`` gives 1/40).

    >>> read_target_edge("2.5"), read_target_edge(None), read_target_edge("-100")
    (1/40, 0, -1)
    >>> read_target_edge("150")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the target house edge must be a percentage from -100 to 100, ... not '150'
    """
    if text is None:
        return Rational(0)
    allowed = "a percentage from -100 to 100, such as 0 or 2.5"
    return read_percent(text, "the target house edge", minimum=-100, maximum=100, allowed=allowed)


def pay_changes(game: ShoeGame[Any, Any], arguments: argparse.Namespace) -> tuple[PayChange, ...]:
    """The pays ``--pay-table`` and ``--pay`` set, in the order applied: each table's pays, then
    each ``--pay``.

    Args:
        game: The game whose catalogue of pay tables ``--pay-table`` names.
        arguments: The parsed arguments; ``pay_table`` and ``pay`` hold the repeated options' texts (missing
            ones count as none).

    Returns:
        ``(bet, outcome, pay)`` entries with exact pays, in the order they apply; empty when neither option is
            given.

    Raises:
        OptionError: When a pay is set for a bet that ``--bets`` leaves out: it would change nothing.

    >>> from cardmath.games.registry import find_game
    >>> words = argparse.Namespace(pay_table=["perfect_pair:25-250"], pay=["tie:tie=9"])
    >>> pay_changes(find_game("baccarat"), words)[-2:]
    (('perfect_pair', 'one perfect pair', 25), ('tie', 'tie', 9))
    >>> only_banker = argparse.Namespace(pay=["tie:tie=9"], bets="banker")
    >>> pay_changes(find_game("baccarat"), only_banker)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: --pay tie:tie=9 sets a pay of bet tie, which is not analysed (--bets ...
    """
    changes: list[PayChange] = []
    given: list[tuple[str, PayChange]] = []
    for name in getattr(arguments, "pay_table", None) or []:
        table = find_pay_table(game.pay_tables, name).changes()
        given += [(f"--pay-table {name}", change) for change in table]
    example = next(iter(pay_examples(game)), "BET:OUTCOME=2")
    for text in getattr(arguments, "pay", None) or []:
        given.append((f"--pay {text}", read_pay_change(text, example)))
    names = read_bet_names(getattr(arguments, "bets", None)) if game.bet_names else None
    analysed = None if names is None else {name.partition(":")[0] for name in names}
    for option, change in given:
        bet = change[0]
        if analysed is not None and bet in game.bet_names and bet not in analysed:
            built_in = getattr(game, "built_in_bets", None)  # an outcome the bet lacks: that error first
            if callable(built_in):
                built_in()[bet].pay(change[1])
            raise OptionError(
                f"{option} sets a pay of bet {bet}, which is not analysed (--bets {','.join(names or [])}): "
                f"add {bet} to --bets, or leave the pay out"
            )
        changes.append(change)
    return tuple(changes)


def rules_from_arguments(game: ShoeGame[Any, Any], arguments: argparse.Namespace) -> Any:
    """The rules the command line sets: the game's rules options, then the pays of ``--pay-table``
    and ``--pay``.

    Args:
        game: The game whose rules the options set.
        arguments: The parsed command line (the game's rules options, ``pay_table`` and ``pay``).

    Returns:
        The game's rules with every option and pay applied.

    >>> from cardmath.games.registry import find_game
    >>> words = argparse.Namespace(commission="4", tie_pays="9", pay_table=[], pay=[])
    >>> rules_from_arguments(find_game("baccarat"), words).tie_pays
    9
    """
    rules = game.rules(**{option.field: str(getattr(arguments, option.field)) for option in game.options})
    changes = pay_changes(game, arguments)
    return game.with_pays(rules, changes) if changes else rules


def emit(
    arguments: argparse.Namespace, tables: Any, text: Any, *, conditions: dict[str, Any] | None = None
) -> str:
    """The text to print, or (with ``--out``) the file written and a line saying so.

    The file goes through :func:`cardmath.files.write_atomic`: only a regular file (or a new one)
    is ever replaced, a symbolic link is followed, and every failure is one
    :class:`~cardmath.errors.PublishError` line naming the file and the cause.

    Args:
        arguments: The parsed command line: its ``format`` and (if any) ``out``.
        tables: The tables a binary file (``--format xlsx`` or ``parquet``) holds.
        text: A function making the printed form of the tables (JSON or a text format), called only
            when it is printed or written (not for tidy data, which this function makes).
        conditions: What the tables were computed for (the game, the decks...), the first columns of
            the tidy data (``csv-tidy``, ``parquet``); none by default.

    Returns:
        The text to print, or ``"wrote FILE"`` when ``--out`` was given.

    Raises:
        OptionError: When a binary file is asked for without ``--out``, or tidy data where there is no
            table.
        ExtraMissingError: For Parquet when pyarrow is not installed.

    >>> emit(argparse.Namespace(format="simple"), (), lambda: "text")
    'text'
    >>> emit(argparse.Namespace(format="parquet", out="edges.parquet"), (), lambda: "{}")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: this output has no table, so no tidy data (csv-tidy, parquet): choose json or a text format
    """  # noqa: E501
    out = getattr(arguments, "out", None)
    if out is not None:
        check_out_file(out)  # a bad target is refused before the text is made
    if arguments.format in FILE_FORMATS:
        what = "a workbook" if arguments.format in WORKBOOK_FORMATS else "a binary file"
        if out is None:
            raise OptionError(f"--format {arguments.format} writes {what}: give --out FILE")
        if arguments.format in WORKBOOK_FORMATS:
            data = workbook_bytes(tables)
        else:
            data = parquet_bytes(tables_records(tables, conditions))
        with out_lock(arguments, out):
            write_atomic(out, data)
        return f"wrote {out}"
    body = render_tables(tables, TIDY_CSV, conditions=conditions) if arguments.format == TIDY_CSV else text()
    if out is not None:
        with out_lock(arguments, out):
            write_atomic(out, body if body.endswith("\n") else body + "\n")
        return f"wrote {out}"
    return str(body)


def _bets(game: ShoeGame[Any, Any], arguments: argparse.Namespace) -> list[str] | None:
    return read_bet_names(arguments.bets) if game.bet_names else None


def _conditions(game: ShoeGame[Any, Any], arguments: argparse.Namespace) -> dict[str, Any]:
    """The first columns of the tidy data: the game, the shoe, the cards removed, the bet of a game of one."""
    conditions = shoe_conditions(
        game.name, decks_value(arguments, game.default_decks), removed_cards(arguments)
    )
    return {**conditions, **({"bet": game.bet_names[0]} if len(game.bet_names) == 1 else {})}


def _shoe_fields(game: ShoeGame[Any, Any], arguments: argparse.Namespace) -> dict[str, Any]:
    decks = decks_value(arguments, game.default_decks)
    return {
        "game": game.name,
        "decks": "inf" if decks is None else decks,
        "removed": removed_cards(arguments),
    }


def run_closed_form(game: ShoeGame[Any, Any], arguments: argparse.Namespace) -> str:
    """Each chosen bet's house edge in ``d`` fresh decks as a rational function of ``d``, and its limit.

    >>> from cardmath.cli import build_parser
    >>> from cardmath.games.registry import find_game
    >>> print(run_closed_form(find_game("reddog"), build_parser().parse_args(["reddog", "--closed-form"])))
    Red Dog house edge in d decks
    <BLANKLINE>
    bet      house edge in d                                      limit exact    limit as percent
    -------  ---------------------------------------------------  -------------  ------------------
    Red Dog  (456*d**2 + 210*d - 143)/(13*(26*d - 1)*(52*d - 1))  57/2197        2.5944%
    <BLANKLINE>
    house edge in d: the house edge of d fresh decks, exactly, as a function of d
    limit exact: the house edge as d grows without end (an infinite shoe), exactly
    """
    if decks_given(arguments):
        raise OptionError(
            "--closed-form gives the house edge for any number d of fresh decks: "
            "leave out --decks and --remove"
        )
    if arguments.target_edge is not None:
        raise OptionError("--target-edge goes with --solve-pay, not with --closed-form")
    forms = game.closed_form(rules_from_arguments(game, arguments), bets=_bets(game, arguments))
    if arguments.format == "json":
        document = {
            "game": game.name,
            "closed_form": {
                form.name: {"house_edge": str(form.house_edge), "limit": form.limit} for form in forms
            },
        }
        return emit(arguments, (), lambda: dumps_json(document))
    table = Table(
        f"{game.short_title} house edge in d decks",
        ("bet", "house edge in d", "limit exact", "limit as percent"),
        tuple(
            (form.label, str(form.house_edge), fraction_text(form.limit), percent_text(form.limit))
            for form in forms
        ),
        kinds=(Kind.TEXT, Kind.TEXT, Kind.TEXT, Kind.TEXT),
        notes=(
            ("house edge in d", "the house edge of d fresh decks, exactly, as a function of d"),
            ("limit exact", "the house edge as d grows without end (an infinite shoe), exactly"),
        ),
    )
    conditions = {"game": game.name}
    return emit(arguments, [table], lambda: render_tables([table], arguments.format), conditions=conditions)


def run_solve_pay(game: ShoeGame[Any, Any], arguments: argparse.Namespace) -> str:
    """The exact pay that gives the shoe the target house edge, all other pays kept.

    >>> from cardmath.cli import build_parser
    >>> from cardmath.games.registry import find_game
    >>> words = ["baccarat", "--solve-pay", "tie:tie", "--format", "github"]
    >>> print(run_solve_pay(find_game("baccarat"), build_parser().parse_args(words)))
    Baccarat pay of tie: tie for a house edge of 0%, 8 decks
    <BLANKLINE>
    | figure            | value                      |
    |:------------------|:---------------------------|
    | pay solved for    | tie: tie                   |
    | target house edge | 0%                         |
    | pay exact         | 5889024543008/619306544887 |
    | pay               | 9.5090623402 to 1          |
    """
    if game.bet_names and arguments.bets is not None:
        raise OptionError("--solve-pay names its bet itself: leave out --bets")
    rules = rules_from_arguments(game, arguments)
    target = read_target_edge(arguments.target_edge)
    shoe = shoe_from_arguments(arguments, game.default_decks)
    solved = game.solve_pay(shoe, rules, str(arguments.solve_pay), target)
    solved_bet = solved.document.get("bet")
    others = sorted({bet for bet, _, _ in pay_changes(game, arguments) if bet != solved_bet})
    if solved_bet and others:
        raise OptionError(
            f"--solve-pay solves a pay of bet {solved_bet}, so the pays set for {', '.join(others)} "
            "change nothing: leave them out"
        )
    percent = percent_text(target, 10, trim=True)
    if arguments.format == "json":
        document = {
            **_shoe_fields(game, arguments),
            **game.rules_document(rules),
            **solved.document,
            "target_house_edge": target,
            "pay": solved.pay,
            "pay_to_one": pay_text(solved.pay),
        }
        return emit(arguments, (), lambda: dumps_json(document))
    table = Table(
        f"{game.short_title} pay of {solved.solved_for} for a house edge of {percent}, {shoe.describe()}",
        ("figure", "value"),
        (
            ("pay solved for", solved.solved_for),
            ("target house edge", percent),
            ("pay exact", fraction_text(solved.pay)),
            ("pay", pay_text(solved.pay)),
        ),
        kinds=(Kind.TEXT, Kind.TEXT),
    )
    conditions = _conditions(game, arguments)
    return emit(arguments, [table], lambda: render_tables([table], arguments.format), conditions=conditions)


def read_strategy_option(game: ShoeGame[Any, Any], text: str | None) -> dict[str, str] | str | None:
    """``--strategy [BET:]STRATEGY`` as the game's ``analyze`` takes it: the words for the one bet
    with a decision, or by the bet named before a colon.

    Args:
        game: The game of the command.
        text: The option's text, or ``None`` when not given.

    Returns:
        ``None`` without a strategy; the words alone; or ``{bet: words}``.

    >>> from cardmath.games.registry import find_game
    >>> game = find_game("three-card-poker")
    >>> read_strategy_option(game, "ante:always play"), read_strategy_option(game, "play from Q-6-4")
    ({'ante': 'always play'}, 'play from Q-6-4')
    """
    if text is None:
        return None
    bet, colon, words = text.partition(":")
    if colon and bet.strip() in game.bet_names:
        return {bet.strip(): words}
    return text


def run(game: ShoeGame[Any, Any], arguments: argparse.Namespace) -> str:
    """Analyse the shoe the options describe and return the text to print; ``--closed-form`` and
    ``--solve-pay`` go to :func:`run_closed_form` and :func:`run_solve_pay`.

    Args:
        game: The game the command analyses.
        arguments: The parsed command line of ``cardmath NAME`` for that game.

    Returns:
        The text to print: the tables in the ``--format`` format, a JSON document, or with ``--out`` a line
            naming the file written.

    >>> from cardmath.cli import build_parser
    >>> from cardmath.games.registry import find_game
    >>> text = run(find_game("reddog"), build_parser().parse_args(["reddog", "--format", "json"]))
    >>> '"house_edge": "523/16575"' in text
    True
    """
    if getattr(arguments, "closed_form", False):
        return run_closed_form(game, arguments)
    if arguments.solve_pay is not None:
        return run_solve_pay(game, arguments)
    if arguments.target_edge is not None:
        raise OptionError("--target-edge goes with --solve-pay")
    rules = rules_from_arguments(game, arguments)
    shoe = shoe_from_arguments(arguments, game.default_decks)
    strategy = read_strategy_option(game, getattr(arguments, "strategy", None))
    if strategy:
        result = game.analyze(shoe, rules, bets=_bets(game, arguments), strategy=strategy)
    else:
        result = game.analyze(shoe, rules, bets=_bets(game, arguments))
    if arguments.format == "json":
        return emit(
            arguments, (), lambda: dumps_json({**_shoe_fields(game, arguments), **game.document(result)})
        )
    tables = game.tables(result)
    conditions = _conditions(game, arguments)
    return emit(arguments, tables, lambda: render_tables(tables, arguments.format), conditions=conditions)
