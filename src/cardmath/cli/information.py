"""The ``cardmath information GAME`` command: the exact value of what a player can see.

Usage, for every game of the registry whose deals can be split by what is seen::

    cardmath information GAME --known POSITIONS [--groups GROUPS] [--sit-out] [shoe, rules, bets]
    cardmath information GAME --known POSITIONS --best-sort [--sort-groups N] [--top N] [--sit-out] ...
    cardmath information GAME --given FACTS [shoe, rules, bets]

``--known P1,B1,P2,B2 --groups 6789`` prints every pattern of the four cards sorted into 6 to 9
and the rest: its chance, each bet's expected value, the best bet, and the player's edge (per hand
dealt, sitting out the patterns where every bet loses, and betting every hand).  Without
``--groups`` each card is seen as itself: the mid-deal odds of every combination of the known
cards.  ``--best-sort`` tries every sort of the cards into ``--sort-groups`` groups (2 by default)
and prints the best ``--top`` and the patterns of the best.  ``--given P1=7,B1=K`` prints the
chance of the facts and each bet's par sheet given them.  ``--sit-out`` ranks sorts (and names the
``edge`` of the JSON) by the edge sitting out; the default is betting every hand.  ``--format json``
prints every exact figure as the text ``"p/q"``.

>>> from cardmath.cli import main
>>> main(["information", "baccarat", "--known", "P1", "--groups", "6789", "--bets", "player,banker,tie",
...       "--format", "json", "--sit-out"])  # doctest: +ELLIPSIS
{
  "game": "baccarat",
  "decks": 8,
...
  "edge": "...",
...
0
"""

from __future__ import annotations

import argparse
from typing import Any

from cardmath.cli.options import (
    add_format_option,
    add_shoe_options,
    command_aliases,
    decks_value,
    removed_cards,
    shoe_from_arguments,
)
from cardmath.cli.shoe_game import add_rule_options, emit, pay_help, read_bet_names, rules_from_arguments
from cardmath.engine.game import CatalogueGame
from cardmath.errors import KnowledgeError, OptionError
from cardmath.games.registry import GAMES
from cardmath.information import (
    PatternTable,
    best_sorts,
    category_index,
    conditional,
    conditional_tables,
    pattern_table,
    patterns_table,
    read_given,
    read_grouping,
    sorts_table,
)
from cardmath.output import dumps_json, render_tables
from cardmath.output.tidy import shoe_conditions

__all__ = ["given_examples", "informed_games", "register", "run"]

_DEFAULT_TOP = 10


def informed_games() -> tuple[CatalogueGame[Any, Any], ...]:
    """The games of the registry whose deals can be split by what a player sees.

    Returns:
        Each catalogue game whose counter names known positions, in registry order.

    >>> [game.name for game in informed_games()][:2]
    ['reddog', 'baccarat']
    """
    found = []
    for game in GAMES:
        if isinstance(game, CatalogueGame) and game.counter(game.default_rules).known_positions():
            found.append(game)
    return tuple(found)


def given_examples(game: CatalogueGame[Any, Any]) -> tuple[str, str]:
    """Facts of the game's own positions and cards, as ``--given`` reads them: exact cards at one or
    two positions, and a group of cards at one (a position named by several words is left out: it
    would need quotes).

    Args:
        game: A game of :func:`informed_games`.

    Returns:
        Two examples, such as ``P1=7,B1=K`` and ``P1=6789`` for baccarat.

    >>> from cardmath.games.registry import find_game
    >>> given_examples(find_game("baccarat")), given_examples(find_game("casino-war"))
    (('P1=7,B1=K', 'P1=6789'), ('player=7,dealer=K', 'player=6789'))
    """
    counter = game.counter(game.default_rules)
    positions = [name for name in counter.known_positions() if " " not in name] or [
        f"'{name}'" for name in counter.known_positions()
    ]
    cards = counter.known_categories()
    card = "7" if "7" in cards else cards[len(cards) // 2]
    try:
        category_index("K", cards)  # baccarat's values read a king as 0
        other = "K"
    except KnowledgeError:
        other = cards[-1]
    exact = ",".join(
        f"{position}={symbol}" for position, symbol in zip(positions[:2], (card, other), strict=False)
    )
    start = cards.index("6") if "6" in cards else 0
    return exact, f"{positions[0]}={''.join(cards[start : start + 4])}"


def register(subparsers: Any) -> None:
    """Add ``cardmath information GAME`` (one sub-command per game) to the parser.

    Args:
        subparsers: The sub-parsers action of the ``cardmath`` parser, to which the command is added.

    >>> subparsers = argparse.ArgumentParser(prog="cardmath").add_subparsers()
    >>> register(subparsers)
    >>> command = subparsers.choices["information"]
    >>> arguments = command.parse_args(["baccarat", "--known", "P1", "--groups", "6789"])
    >>> arguments.known, arguments.groups, arguments.decks, arguments.sit_out
    ('P1', '6789', None, False)
    """
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "information",
        help="the exact value of what a player can see: edge sorting, exposed cards, mid-deal odds",
        description=(
            "What each bet is worth given what a player can see of the deal before the bet is settled: "
            "the cards at some positions of the deal, known exactly or by group (edge sorting). Every "
            "figure is exact; edges are per hand dealt."
        ),
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", parser_class=type(parser))
    games.required = True
    taken = {game.name for game in GAMES}
    for game in informed_games():
        aliases = [word for word in command_aliases(game) if word not in taken]
        taken.update(aliases)
        _register_game(games, game, aliases)


def _register_game(games: Any, game: CatalogueGame[Any, Any], aliases: list[str]) -> None:
    counter = game.counter(game.default_rules)
    positions = ", ".join(counter.known_positions())
    cards = " ".join(counter.known_categories())
    exact, group = given_examples(game)
    parser: argparse.ArgumentParser = games.add_parser(
        game.name,
        aliases=aliases,
        help=f"{game.title}: positions {positions}",
        description=(
            f"{game.title}: what each bet is worth given the cards at some positions of the deal "
            f"({positions}), known as {cards}."
        ),
    )
    add_shoe_options(parser, default_decks=game.default_decks)
    add_rule_options(parser, game)
    parser.add_argument(
        "--pay",
        action="append",
        default=[],
        metavar="BET:OUTCOME=PAY",
        help=pay_help(game, "repeatable"),
    )
    parser.add_argument(
        "--bets",
        default=None,
        metavar="NAMES",
        help=(
            "the bets the player chooses among, separated by commas (default: all): "
            + ", ".join(game.bet_names)
        ),
    )
    parser.add_argument(
        "--known",
        metavar="POSITIONS",
        help=f"the positions whose cards are seen, separated by commas: {positions}",
    )
    parser.add_argument(
        "--groups",
        metavar="GROUPS",
        help=(
            f"the sort of the cards seen: groups of {cards} separated by /, the last one may be left out "
            f"(such as {group.partition('=')[2]}); without it each card is seen as itself"
        ),
    )
    parser.add_argument(
        "--best-sort",
        action="store_true",
        help="try every sort of the cards into groups and print the best, with the patterns of the best",
    )
    parser.add_argument("--sort-groups", metavar="N", help="the number of groups of --best-sort (default 2)")
    parser.add_argument(
        "--top", metavar="N", help=f"how many sorts --best-sort prints (default {_DEFAULT_TOP})"
    )
    parser.add_argument(
        "--sit-out",
        action="store_true",
        help=(
            "rank sorts by the edge sitting out the patterns where every bet loses (default: betting "
            "every hand)"
        ),
    )
    parser.add_argument(
        "--given",
        metavar="FACTS",
        help=f"facts about the deal, such as {exact} or {group}: each bet's par sheet given them",
    )
    add_format_option(parser)
    parser.add_argument("--out", metavar="FILE", help="write the output to FILE instead of printing it")
    parser.set_defaults(run=lambda arguments: run(game, arguments))


def _whole(text: str | None, what: str, default: int, low: int, high: int) -> int:
    """A whole number option from ``low`` to ``high``."""
    if text is None:
        return default
    try:
        value = int(str(text).strip())
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise OptionError(f"{what} must be a whole number from {low} to {high}, not {text!r}")
    return value


def _pattern_fields(table: PatternTable, sit_out: bool) -> dict[str, Any]:
    """The JSON fields of a pattern table."""
    return {
        "positions": list(table.positions),
        "groups": list(table.grouping.names) if table.grouping is not None else None,
        "bets": list(table.bets),
        "patterns": [
            {
                "cards": dict(zip(table.positions, pattern.cards, strict=True)),
                "probability": pattern.probability,
                "expected_values": dict(zip(table.bets, pattern.values, strict=True)),
                "best_bet": pattern.best,
                "best_value": pattern.best_value,
                "sits_out": pattern.sits_out,
            }
            for pattern in table.patterns
        ],
        "sit_out": sit_out,
        "edge": table.edge_sitting_out if sit_out else table.edge_every_hand,
        "edge_sitting_out": table.edge_sitting_out,
        "edge_every_hand": table.edge_every_hand,
        "best_bet_seeing_nothing": table.best_uninformed,
        "value_of_the_information": table.value_sitting_out if sit_out else table.value_every_hand,
    }


def run(game: CatalogueGame[Any, Any], arguments: argparse.Namespace) -> str:
    """Answer ``cardmath information GAME`` and return the text to print.

    Args:
        game: The game the command analyses.
        arguments: The parsed command line of ``cardmath information GAME``.

    Returns:
        The tables in the ``--format`` format, a JSON document, or with ``--out`` a line naming the file.

    Raises:
        KnowledgeError: For knowledge that cannot be (a position the game does not have, a bad group, facts
            no deal shows) or options that do not go together.
    >>> from cardmath.cli import build_parser
    >>> from cardmath.games.registry import find_game
    >>> words = ["information", "dragon-tiger", "--known", "dragon", "--groups", "89TJQK", "--decks", "1"]
    >>> print(run(find_game("dragon-tiger"), build_parser().parse_args(words)).splitlines()[0])
    Dragon Tiger: the dragon card seen as 89TJQK or 234567A, 1 deck
    """
    rules = rules_from_arguments(game, arguments)
    shoe = shoe_from_arguments(arguments, game.default_decks)
    bets = read_bet_names(arguments.bets)
    counter = game.counter(rules)
    categories = counter.known_categories()
    decks = decks_value(arguments, game.default_decks)
    fields: dict[str, Any] = {
        "game": game.name,
        "decks": "inf" if decks is None else decks,
        "removed": removed_cards(arguments),
    }
    conditions = shoe_conditions(game.name, decks, removed_cards(arguments))
    if arguments.given is not None:
        if arguments.known is not None or arguments.groups is not None or arguments.best_sort:
            raise KnowledgeError("--given goes alone: leave out --known, --groups and --best-sort")
        given = read_given(arguments.given, counter.known_positions(), categories)
        result = conditional(game, shoe, given, bets, rules)
        names = tuple((bet.name, bet.display_name) for bet in game.resolve_bets(bets, rules))
        # (every built-in bet resolves; those not counted are simply not in the result)
        tables = conditional_tables(result, names)
        document = {
            **fields,
            "facts": list(result.facts),
            "probability": result.probability,
            "bets": {
                bet: {
                    "expected_value": -sheet.house_edge,
                    "outcomes": [
                        {"outcome": outcome.name, "pays": outcome.pays, "probability": outcome.probability}
                        for outcome in sheet
                    ],
                }
                for bet, sheet in result.sheets.items()
            },
        }
        return emit(arguments, tables, lambda: _text(arguments, tables, document), conditions=conditions)
    if arguments.known is None:
        raise KnowledgeError(
            "say what the player sees: --known POSITIONS (with --groups or --best-sort), or --given FACTS"
        )
    positions = [word.strip() for word in str(arguments.known).split(",") if word.strip()]
    if not arguments.best_sort and (arguments.sort_groups is not None or arguments.top is not None):
        raise KnowledgeError("--sort-groups and --top go with --best-sort")
    if arguments.best_sort:
        if arguments.groups is not None:
            raise KnowledgeError("--best-sort finds the groups: leave out --groups")
        size = len(categories)
        groups = _whole(arguments.sort_groups, "--sort-groups", 2, 2, 3 if size > 10 else size)
        top = _whole(arguments.top, "--top", _DEFAULT_TOP, 1, 10_000)
        sorts = best_sorts(
            game, shoe, positions, bets, rules, groups=groups, top=top, sit_out=arguments.sit_out
        )
        best = pattern_table(game, shoe, positions, grouping=sorts[0].grouping, bets=bets, rules=rules)
        tables = (
            sorts_table(sorts, game.short_title, best.positions, shoe.describe(), sit_out=arguments.sit_out),
            patterns_table(best),
        )
        document = {
            **fields,
            "sorts": [
                {
                    "rank": rank,
                    "groups": list(result.grouping.names),
                    "edge_sitting_out": result.edge_sitting_out,
                    "edge_every_hand": result.edge_every_hand,
                }
                for rank, result in enumerate(sorts, start=1)
            ],
            "best_sort": _pattern_fields(best, arguments.sit_out),
        }
        return emit(arguments, tables, lambda: _text(arguments, tables, document), conditions=conditions)
    grouping = read_grouping(arguments.groups, categories) if arguments.groups is not None else None
    table = pattern_table(game, shoe, positions, grouping=grouping, bets=bets, rules=rules)
    tables = (patterns_table(table),)
    document = {**fields, **_pattern_fields(table, arguments.sit_out)}
    return emit(arguments, tables, lambda: _text(arguments, tables, document), conditions=conditions)


def _text(arguments: argparse.Namespace, tables: Any, document: dict[str, Any]) -> str:
    """The printed form: the JSON document, or the tables in a text format."""
    if arguments.format == "json":
        return dumps_json(document)
    return render_tables(tables, arguments.format)
