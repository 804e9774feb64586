"""Every example the command line gives is one it accepts (issue: "nothing traced back").

The test walks every parser and sub-parser :func:`cardmath.cli.main.build_parser` builds, reads
every help text (descriptions, epilogs, the help of each sub-command and option) and takes out the
examples they give: the values after "such as", "for example", "e.g." or "like" in an option's
help, and every command line ``cardmath ...`` written in quotes or on a line of its own.  Each one
runs through :func:`cardmath.cli.main.main` in-process and must be accepted (exit status 0).

The errors are read the same way: each option is given bad values, and every value its error
suggests ("such as 0, 30 or inf") is fed back to that option and must be accepted too.  A help, as
printed, never shows ``%%`` (argparse halves a percent sign only in the texts it formats).

Commands run on small shoes (``--decks 1``, one or a few shoes of a study, the cheap bets of Three
Card Poker), so that the whole file takes seconds.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cardmath.cli.main import build_parser, main
from cardmath.engine.game import CatalogueGame
from cardmath.engine.protocol import ShoeGame
from cardmath.games.registry import GAMES, find_game
from cardmath.study import PUBLISHED_COUNTS
from cardmath.study.runner import scheduler_address


@dataclass(frozen=True)
class Command:
    """One parser of the command line: the words that reach it (``("information", "baccarat")``)."""

    words: tuple[str, ...]
    parser: argparse.ArgumentParser

    @property
    def name(self) -> str:
        """The command as a user types it."""
        return " ".join(("cardmath", *self.words))


def commands() -> list[Command]:
    """Every parser under ``cardmath``, depth first, each once (an alias reaches the same parser)."""
    found: list[Command] = []
    seen: set[int] = set()

    def visit(words: tuple[str, ...], parser: argparse.ArgumentParser) -> None:
        if id(parser) in seen:
            return
        seen.add(id(parser))
        found.append(Command(words, parser))
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for word, child in action.choices.items():
                    visit((*words, word), child)

    visit((), build_parser())
    return found


COMMANDS = commands()


def help_texts(command: Command) -> Iterator[tuple[argparse.Action | None, str]]:
    """Every help text of a parser, each with the action it describes (``None``: the command's own
    description, epilog, or a sub-command's line)."""
    for text in (command.parser.description, command.parser.epilog):
        if text:
            yield None, text
    formatter = command.parser._get_formatter()
    for action in command.parser._actions:
        if action.help and action.help is not argparse.SUPPRESS:
            yield action, formatter._expand_help(action)
        if isinstance(action, argparse._SubParsersAction):
            for line in action._choices_actions:
                if line.help:
                    yield None, formatter._expand_help(line)


# ----------------------------------------------------------------------------------------------------------
# reading examples out of a text

_LEAD = re.compile(r"\b(?:such as|for example|e\.g\.|like)\s+")
_QUOTED = re.compile(r"'([^']*)'|`([^`]*)`|\"([^\"]*)\"")
_END = re.compile(r"\)|;|:\s|\.\s|\.$|,\s*not\b|\s+not\s+'")
_SEPARATOR = re.compile(r",\s+(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+")
_IN_GAME = re.compile(r"^(\S+)\s+in\s+(.+)$")


@dataclass(frozen=True)
class Example:
    """One value a text gives as an example, and the game it is said to be of (``tie in Dragon
    Tiger``), if any."""

    value: str
    game: str | None = None


def _without_parentheses(text: str) -> str:
    """The text without its balanced ``(...)`` asides (an unbalanced ``)`` stays: it ends a list)."""
    while True:
        shorter = re.sub(r"\([^()]*\)", " ", text)
        if shorter == text:
            return text
        text = shorter


def examples(text: str) -> list[Example]:
    """The values a text gives as examples, in order.

    >>> [e.value for e in examples("a number, such as 8, 1.5 or 3/2), not 'x'")]
    ['8', '1.5', '3/2']
    >>> [e.value for e in examples("such as tie:tie=9 or 'perfect_pair:two perfect pairs=250'; repeatable")]
    ['tie:tie=9', 'perfect_pair:two perfect pairs=250']
    >>> [(e.value, e.game) for e in examples("such as dragon_7 or panda_8 in baccarat, tie in Dragon Tiger")]
    [('dragon_7', None), ('panda_8', 'baccarat'), ('tie', 'Dragon Tiger')]
    """
    found: list[Example] = []
    for lead in _LEAD.finditer(text):
        rest = text[lead.end() :]
        if rest.startswith("cardmath "):
            found.append(Example(_END.split(rest, maxsplit=1)[0].strip()))
            continue
        quotes: list[str] = []

        def hide(match: re.Match[str], quotes: list[str] = quotes) -> str:
            quotes.append(next(group for group in match.groups() if group is not None))
            return f"\0{len(quotes) - 1}\0"

        rest = _END.split(_without_parentheses(_QUOTED.sub(hide, rest)), maxsplit=1)[0]
        for piece in _SEPARATOR.split(rest):
            words = piece.strip()
            if not words:
                continue
            hidden = re.fullmatch(r"\0(\d+)\0", words)
            if hidden:
                found.append(Example(quotes[int(hidden.group(1))]))
                continue
            in_game = _IN_GAME.match(words)
            if in_game:
                found.append(Example(in_game.group(1), in_game.group(2).strip()))
            else:
                found.append(Example(words.split()[0]))
    return found


def command_lines(text: str) -> list[list[str]]:
    """The command lines a text writes out: ``'cardmath ...'`` in quotes, or a line of its own.

    >>> command_lines("'cardmath pool simulate --help' plays the whole game")
    [['pool', 'simulate', '--help']]
    """
    lines = [next(group for group in match.groups() if group is not None) for match in _QUOTED.finditer(text)]
    lines += [line.strip() for line in text.splitlines() if line.strip().startswith("cardmath ")]
    return [line.split()[1:] for line in lines if line.startswith("cardmath ")]


# ----------------------------------------------------------------------------------------------------------
# running a command in a small context


def _game(command: Command) -> Any:
    """The game a command analyses, if it is a game's command or ``information GAME``."""
    name = command.words[-1] if command.words[:1] in (("information",), command.words[-1:]) else None
    if name is None or not command.words:
        return None
    try:
        return find_game(name)
    except Exception:
        return None


CHEAP_BETS = {"three-card-poker": "pair_plus"}
"""The bets a game's command analyses by default in this test where every bet takes seconds."""


def context(command: Command, tmp_path: Path) -> tuple[list[str], list[str]]:
    """The positional words and options that make a command valid and quick to run."""
    words = command.words
    game = _game(command)
    if words == ("tables",):
        out = ["--out", str(tmp_path / "tables"), "--games", "pool", "--hand-sizes", "3"]
        return [], [*out, "--formats", "csv"]
    if words == ("study",):
        return ["dragon_7"], ["--shoes", "1", "--workers", "1"]
    if words == ("session",):
        return ["baccarat:banker"], ["--hands", "10"]
    if words == ("house",):
        return ["baccarat:banker"], ["--hands-per-hour", "60", "--hours", "8", "--average-bet", "25"]
    if words == ("pool", "simulate"):
        return [], ["--players", "2", "--rounds", "10", "--seed", "1"]
    if words[:1] == ("information",) and isinstance(game, CatalogueGame):
        first = game.counter(game.default_rules).known_positions()[0]
        bets = ["--bets", CHEAP_BETS[game.name]] if game.name in CHEAP_BETS else []
        return [], ["--known", first, "--decks", "1", *bets]
    if isinstance(game, ShoeGame):  # the default shoe: an example holds for the defaults
        return [], ["--bets", CHEAP_BETS[game.name]] if game.name in CHEAP_BETS else []
    return [], []


def _flag(action: argparse.Action) -> str:
    return next((flag for flag in action.option_strings if flag.startswith("--")), action.option_strings[0])


def _without(options: list[str], flag: str) -> list[str]:
    """``options`` without ``flag`` and its value."""
    if flag not in options:
        return options
    at = options.index(flag)
    return options[:at] + options[at + 2 :]


def line_for(
    command: Command, action: argparse.Action, value: str, tmp_path: Path, game: str | None
) -> list[str]:
    """The command line giving ``value`` to ``action`` in the command's small context."""
    positionals, options = context(command, tmp_path)
    game_words = ["--game", game] if game and "--game" in command.parser._option_string_actions else []
    if not action.option_strings:
        return [*command.words, *value.split(), *options, *game_words]
    flag = _flag(action)
    bet = value.partition(":")[0]
    known = _game(command)
    if flag in ("--pay", "--pay-table", "--solve-pay", "--target-edge"):
        options = _without(options, "--bets")  # --solve-pay names its bet; a pay is of the bet analysed
        if flag in ("--pay", "--pay-table") and bet in getattr(known, "bet_names", ()):
            options += ["--bets", bet]
    if flag == "--count" and value not in PUBLISHED_COUNTS:
        options = [*options, "--trigger", "0"]  # tags and derived counts need one, as the help says
    if flag == "--given":
        options = _without(options, "--known")  # --given goes alone
    if flag in ("--sort-groups", "--top"):
        options = [*options, "--best-sort"]
    if flag == "--target-edge":
        solve = command.parser._option_string_actions["--solve-pay"]
        options = [*options, "--solve-pay", examples(_help(command, solve))[0].value]
    return [*command.words, *positionals, *options, *game_words, f"{flag}={value}"]


def _help(command: Command, action: argparse.Action) -> str:
    return str(command.parser._get_formatter()._expand_help(action))


def run(words: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run ``cardmath WORDS`` in-process: the exit status and what went to standard error."""
    capsys.readouterr()
    status = main(words)
    return status, capsys.readouterr().err


# ----------------------------------------------------------------------------------------------------------
# the examples of every help


@dataclass(frozen=True)
class HelpExample:
    """An example a help gives: a value of an action (``game``: the game it is said to be of), or a
    whole command line (``action`` ``None``)."""

    command: Command
    action: argparse.Action | None
    value: str
    game: str | None = None


def _help_examples() -> list[Any]:
    cases = []
    for command in COMMANDS:
        for action, text in help_texts(command):
            for line in command_lines(text):
                found = HelpExample(command, None, " ".join(line))
                cases.append(pytest.param(found, id=f"{command.name}: {found.value}"))
            if action is None or action.nargs == 0:
                continue
            for example in examples(text):
                if example.value.startswith("cardmath "):
                    continue  # a command line, run above
                found = HelpExample(command, action, example.value, example.game)
                name = _flag(action) if action.option_strings else action.dest
                cases.append(pytest.param(found, id=f"{command.name} {name} {example.value}"))
    return cases


HELP_EXAMPLES = _help_examples()


def test_the_walk_reaches_every_command_and_finds_examples() -> None:
    names = {command.name for command in COMMANDS}
    assert {f"cardmath {game.name}" for game in GAMES} <= names
    assert {"cardmath information baccarat", "cardmath pool simulate", "cardmath study"} <= names
    assert len(HELP_EXAMPLES) > 50


@pytest.mark.parametrize("example", HELP_EXAMPLES)
def test_every_example_of_every_help_is_accepted(
    example: HelpExample, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    if example.action is None:
        words = example.value.split()
    else:
        words = line_for(example.command, example.action, example.value, tmp_path, example.game)
    status, error = run(words, capsys)
    assert status == 0, (words, error)


def test_no_help_shows_a_doubled_percent_sign() -> None:
    """argparse halves ``%%`` only in the texts it %-formats (option and sub-command help, a
    description naming ``%(prog)s``): anywhere else it shows as written."""
    shown = {command.name: command.parser.format_help() for command in COMMANDS}
    doubled = [name for name, text in shown.items() if "%%" in text or "%(" in text]
    assert not doubled


# ----------------------------------------------------------------------------------------------------------
# the examples of every error

BAD_VALUES = ("nonsense", "-1")
"""Values most options refuse, with an error that says what they take."""


def _options() -> list[Any]:
    cases = []
    for command in COMMANDS:
        for action in command.parser._actions:
            takes_value = action.nargs != 0 and not isinstance(action, argparse._SubParsersAction)
            if not takes_value or action.dest == "help" or action.choices:
                continue
            if action.metavar in ("FILE", "DIR"):
                continue  # any name is a target: its errors are the safe writer's, tested elsewhere
            name = _flag(action) if action.option_strings else action.dest
            cases.append(pytest.param(command, action, id=f"{command.name} {name}"))
    return cases


def _accepted(command: Command, action: argparse.Action, value: str, tmp_path: Path, capsys: Any) -> bool:
    """Whether ``action`` takes ``value`` in the command's small context (a command line suggested
    whole is run as it is; a scheduler is only read, never connected to)."""
    if value.startswith("cardmath "):
        return run(value.split()[1:], capsys)[0] == 0
    if action.option_strings and _flag(action) == "--scheduler":
        return bool(scheduler_address(value))
    return run(line_for(command, action, value, tmp_path, None), capsys)[0] == 0


@pytest.mark.parametrize(("command", "action"), _options())
def test_every_value_an_error_suggests_is_accepted(
    command: Command,
    action: argparse.Action,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    refused = []
    for bad in BAD_VALUES:
        status, error = run(line_for(command, action, bad, tmp_path, None), capsys)
        if status == 0:
            continue
        assert status == 2 and error.startswith("cardmath: error: "), error
        for suggestion in examples(error.removeprefix("cardmath: error: ")):
            if not _accepted(command, action, suggestion.value, tmp_path, capsys):
                refused.append((bad, suggestion.value, error.strip()))
    assert not refused


# ----------------------------------------------------------------------------------------------------------
# messages whose advice is checked on its own


def test_the_examples_of_the_given_facts_are_each_game_own(capsys: pytest.CaptureFixture[str]) -> None:
    """``--given`` shows facts of the game's own positions and cards."""
    for command in COMMANDS:
        if command.words[:1] != ("information",) or len(command.words) != 2:
            continue
        game = _game(command)
        positions = game.counter(game.default_rules).known_positions()
        given = command.parser._option_string_actions["--given"]
        for example in examples(_help(command, given)):
            named = {fact.partition("=")[0] for fact in example.value.split(",")}
            assert named <= set(positions), (command.name, example.value, positions)


def test_the_team_errors_ask_only_for_what_team_takes(capsys: pytest.CaptureFixture[str]) -> None:
    """``--team`` plays published counts and refuses ``--count``: its errors never ask for counts
    of one's own, and the bets they suggest make a team."""
    base = ["study", "--shoes", "1", "--workers", "1"]
    status, error = run([*base, "dragon_7", "panda_8", "--team", "--count", "how_dragon_7"], capsys)
    assert status == 2 and "leave out --count" in error
    for bets in (["tie", "--game", "dragon-tiger"], ["dragon_7"], ["tie", "dragon_7"]):
        status, error = run([*base, *bets, "--team"], capsys)
        assert status == 2, error
        advice = error.partition(": error: ")[2]
        assert not re.search(r"\bgive (?:the team's |your own |its )?counts\b", advice), advice
        asked = set(re.findall(r"(?<!leave out )(?<!without )--[a-z-]+", advice)) - {"--team"}
        assert "--count" not in asked or "without --team" in advice or "leave out --team" in advice, advice
        for suggestion in examples(advice):
            team = suggestion.value.split()
            status, refused = run([*base, *team, "--team"], capsys)
            assert status == 0, (suggestion.value, refused)


def test_a_command_line_an_error_suggests_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """An error may suggest a whole command line (``such as cardmath pool simulate ...``): it runs."""
    words = ["pool", "--hand-size", "4", "simulate", "--players", "2", "--rounds", "10", "--seed", "1"]
    status, error = run(words, capsys)
    assert status == 2
    lines = [example.value for example in examples(error) if example.value.startswith("cardmath ")]
    assert lines
    for line in lines:
        assert run(line.split()[1:], capsys)[0] == 0, line
