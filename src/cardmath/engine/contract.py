"""The contract a definition keeps, checked when its game is built: a definition that breaks it is
refused at once, with an error naming the game and the field, not when a verb first meets it.

- every position a bet reads, and every position a decision's decider sees, is a position of the
  deal (or a pool of hands); a decision's decider sees only positions its bet reads;
- a decision names what its decider sees (``sees``), and its state can be read from those
  positions alone: a decision that reads a card its decider cannot see is refused;
- a step dealt until a card stops it can stop: some card ends it.

Empty hands, a step of any length that is not the last, a pool of hands the deal lacks are
refused by the dealing itself (:mod:`cardmath.engine.dealing`).

>>> from cardmath.games.casino_war import GAME
>>> check_definition(GAME) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardmath.bets import RuleBet
from cardmath.engine.dealing import BURN, Dealing, Dealt, Hand, Pool, Reads, Step, Until, deal_sequences
from cardmath.engine.hands import View
from cardmath.engine.suits import hand_classes
from cardmath.errors import DefinitionError, OptionError

if TYPE_CHECKING:
    from cardmath.engine.defined import DefinedGame

__all__ = ["check_definition"]

_MOST_PROBES = 4096


def check_definition(game: DefinedGame[Any, Any]) -> None:
    """Refuse a definition that breaks the engine's contract (see the module's notes).

    Args:
        game: The game being built, its definition and its built-in bets under the usual rules.

    Raises:
        DefinitionError: Naming the game, the bet and the field at fault.

    >>> from cardmath.games.three_card_poker import GAME
    >>> check_definition(GAME)  # Three Card Poker's decision sees the player's hand only
    """
    definition = game.definition
    if definition.dealing is None:
        return
    name = definition.name
    dealing = definition.dealing_of(game.default_rules)
    for step in dealing.steps:
        if isinstance(step, Until):
            _check_until(name, dealing, step)
    for bet in game.built_in_bets().values():
        _check_bet(name, dealing, definition.deal, bet)


def _positions(dealing: Dealing) -> set[str]:
    return set(dealing.positions) | {step.name for step in dealing.steps if isinstance(step, Until)}


def _check_bet(name: str, dealing: Dealing, deal: Any, bet: RuleBet[Any]) -> None:
    known = _positions(dealing)
    for position in bet.positions:
        if position not in known:
            raise DefinitionError(
                f"{name}: bet {bet.name!r} reads {position!r} (positions), which is no position of the deal: "
                f"its positions are {', '.join(dealing.positions)}"
            )
    if dealing.kind == "hands":
        try:
            View.of(dealing, bet.positions)
        except DefinitionError as error:
            raise DefinitionError(f"{name}: bet {bet.name!r}: {error}") from None
    decision = bet.decision
    if decision is None:
        return
    where = f"{name}: the decision {decision.name!r} of bet {bet.name!r}"
    if not decision.sees:
        raise DefinitionError(
            f"{where} must say what its decider sees (sees): name the positions of the deal"
        )
    read = set(bet.positions) or known
    for position in decision.sees:
        if position not in read:
            raise DefinitionError(
                f"{where} sees {position!r} (sees), which the bet does not read: it reads "
                f"{', '.join(sorted(read))}"
            )
    for dealt in _probes(dealing, decision.sees):
        try:
            decision.state(deal(dealt))
        except OptionError as error:
            raise DefinitionError(
                f"{where} reads a card its decider does not see (it sees {', '.join(decision.sees)}): {error}"
            ) from None


def _probes(dealing: Dealing, sees: Sequence[str]) -> list[Dealt]:
    """Deals holding only the positions ``sees`` names, as the decider sees them."""
    if dealing.kind == "sequences":
        seen = {dealt.restricted(sees) for dealt in deal_sequences(dealing)[:_MOST_PROBES]}
        return sorted(seen, key=repr)
    cards: list[tuple[str, int]] = []
    hands = []
    for position in sees:
        step = dealing.step_of(position)
        if isinstance(step, Hand):
            hands.append((position, hand_classes(step.size, step.flush).view(0)))
        elif isinstance(step, Pool):
            size = sum(_size(dealing, member) for member in step.hands)
            hands.append((position, hand_classes(size, step.flush).view(0)))
        elif isinstance(step, Step):
            cards.append((position, 0))
    return [Dealt(dealing.reads, tuple(cards), tuple(hands))]


def _size(dealing: Dealing, position: str) -> int:
    step = dealing.step_of(position)
    return step.size if isinstance(step, Hand) else 1


def _check_until(name: str, dealing: Dealing, until: Until) -> None:
    before = [
        position
        for step in dealing.steps
        if isinstance(step, Step)
        for position in step.positions
        if position != BURN
    ]
    categories = 52 if dealing.reads is Reads.CARDS else 13
    dealt = Dealt(dealing.reads, tuple((position, 0) for position in before))
    try:
        stops = any(until.stop(dealt, category) for category in range(categories))
    except OptionError as error:
        raise DefinitionError(f"{name}: the stop of step {until.name!r} cannot be read: {error}") from None
    if not stops:
        raise DefinitionError(
            f"{name}: the step {until.name!r} can never end: no card meets its stop (stop), whatever is dealt"
        )
