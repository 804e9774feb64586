"""Casino Red Dog as a definition, and :data:`GAME`: the engine with one hook, the raise strategy table.

Two cards are dealt, and a third unless the first two are consecutive; the bet reads ranks only
(aces high).  Everything else (every verb, document, table, chart and the command ``cardmath
reddog``) is the engine's; :class:`RedDogGame` overrides one documented hook,
:meth:`~cardmath.engine.game.CatalogueGame.decision_tables`, to print the raise strategy as a
strategy card does: by spread, with each spread's pay and chance of winning.

>>> from cardmath.shoe import Shoe
>>> rules = GAME.rules(spread_pays="5,4,2,1", trips_pays="11", raise_by="spread")
>>> GAME.document(GAME.analyze(Shoe.standard(1), rules))["bets"]["reddog"]["house_edge"]
523/16575
"""

from __future__ import annotations

from collections.abc import Mapping

from sympy import Rational

from cardmath.bets import RuleBet
from cardmath.engine import (
    RANKS_ACE_HIGH,
    CatalogueGame,
    CatalogueResult,
    Dealing,
    Definition,
    Reads,
    RuleOption,
    Step,
)
from cardmath.engine.dealing import Dealt
from cardmath.games.reddog.bets import TRIPS, Hand, built_in_bets, outcome_name
from cardmath.games.reddog.rules import SPREADS, RaiseBy, RedDogRules, pay_names
from cardmath.parsheet import ParSheet
from cardmath.table import Cell, Kind, Table

__all__ = ["DEFINITION", "GAME", "RedDogGame"]


def _hand(dealt: Dealt) -> Hand:
    third = dealt.rank("third") if "third" in dealt else None
    return Hand(dealt.rank("first"), dealt.rank("second"), third)


def _not_consecutive(dealt: Dealt) -> bool:
    return abs(int(dealt.rank("first")) - int(dealt.rank("second"))) != 1


def _pay_aliases(rules: RedDogRules) -> Mapping[str, str]:
    names = pay_names(len(rules.spread_pays))
    return {"trips": f"reddog:{TRIPS}", **{str(i): f"reddog:{name}" for i, name in enumerate(names, 1)}}


DEFINITION: Definition[RedDogRules, Hand] = Definition(
    name="reddog",
    title="Casino Red Dog",
    short_title="Red Dog",
    summary="casino Red Dog: par sheet, house edge, raise strategy, effects of removal",
    description=(
        "Exact par sheet of casino Red Dog for a shoe of whole decks, the infinite-deck limit, "
        "or a shoe with cards removed. The raise decision of each spread is computed from the shoe. "
        "With --closed-form: the house edge as an exact function of the number of decks d. "
        "With --solve-pay: the exact pay that gives the shoe a chosen house edge."
    ),
    docs_page="games/reddog.md",
    aliases=("red-dog", "red_dog", "red dog", "casino red dog"),
    rules_type=RedDogRules,
    bets=built_in_bets,
    bet_type=RuleBet,
    default_decks=1,
    options=(
        RuleOption(
            "--spread-pays",
            "spread_pays",
            "5,4,2,1",
            "A,B,C,D",
            "pays (to 1) for spread 1, 2, 3 and 4 or more, or 11 values for spreads 1 to 11; "
            "decimals and fractions allowed",
        ),
        RuleOption("--trips-pays", "trips_pays", "11", "N", "pay (to 1) for three of a kind"),
        RuleOption(
            "--raise-by",
            "raise_by",
            "spread",
            "spread|cards",
            "decide the raise once per spread, or for each pair of first two ranks",
            choices=tuple(member.value for member in RaiseBy),
        ),
    ),
    dealing=Dealing((Step(("first", "second")), Step(("third",), when=_not_consecutive)), Reads.RANKS),
    deal=_hand,
    longest_deal="a hand deals up to 3 cards",
    rank_order=RANKS_ACE_HIGH,
    removal_chart_decks=(1, 6),
    headlines=(("reddog", "raising as one should"),),
    solve_pay_example="trips (three of a kind) or 1 to 4 (a spread pay)",
    pay_aliases=_pay_aliases,
)
"""Casino Red Dog, as the engine reads it."""


def _spread_counts(sheet: ParSheet, spread: int) -> tuple[Rational, Rational]:
    """The chances of a hand of ``spread`` that wins and that loses, raised or not."""
    chances = {outcome.name: outcome.probability for outcome in sheet}
    zero = Rational(0)
    won = sum((chances.get(outcome_name(spread, raised, True), zero) for raised in (True, False)), zero)
    lost = sum((chances.get(outcome_name(spread, raised, False), zero) for raised in (True, False)), zero)
    return won, lost


class RedDogGame(CatalogueGame[RedDogRules, Hand]):
    """Casino Red Dog: the engine, with the raise strategy printed by spread.

    Args:
        definition: Red Dog as data (:data:`DEFINITION`): its dealing, bet, rules and options.

    >>> [table.title for table in GAME.tables(GAME.fresh(6))][-1]
    'Red Dog raise strategy, 6 decks'
    """

    def decision_tables(self, result: CatalogueResult[RedDogRules]) -> tuple[Table, ...]:
        """The raise strategy by spread: the spread's pay, the chance of such a hand and of its
        win, what a raise adds per unit raised, and the raise (``only 2-9, 3-T`` where a player
        deciding per pair of ranks raises some pairs of the spread); under it, the house edge with
        the raise as shown and never raising.

        Args:
            result: An analysis of Red Dog on one shoe, with its raise decision.

        Returns:
            One table, titled for the shoe, with a row per spread 1 to 11 and the house edge of
                never raising under it.
        """
        sheet, plan = result.bets["reddog"], result.decisions["reddog"]
        bet = result.definitions["reddog"]
        pays = [bet.net(outcome_name(spread, False, True)) for spread in SPREADS]  # --pay included
        raised = plan.choosing("raise")
        rows = []
        for spread in SPREADS:
            won, lost = _spread_counts(sheet, spread)
            hand = won + lost
            win = won / hand if hand else None
            gain = None if win is None else win * pays[spread - 1] - (1 - win)
            pairs = [state for state in raised if isinstance(state, tuple)]
            of_spread = [(low, high) for low, high in pairs if int(high) - int(low) - 1 == spread]
            if result.rules.raise_by is RaiseBy.SPREAD:
                choice = "yes" if spread in raised else "no"
            elif of_spread and any(o.name == outcome_name(spread, False, True) for o in sheet):
                choice = "only " + ", ".join(f"{low.symbol}-{high.symbol}" for low, high in of_spread)
            else:
                choice = "yes" if of_spread else "no"
            rows.append((spread, pays[spread - 1], hand, win, gain, choice))
        never = -plan.value_always("stand")
        return (
            Table(
                f"Red Dog raise strategy, {result.shoe.describe()}",
                (
                    "spread",
                    "pays",
                    "probability of the hand",
                    "probability of a win",
                    "gain per unit raised",
                    "raise",
                ),
                tuple(rows),
                kinds=(Kind.COUNT, Kind.PAY, Kind.PROBABILITY, Kind.PROBABILITY, Kind.DECIMAL, Kind.TEXT),
                footer=(("house edge, never raising", None, None, None, Cell(never, Kind.PERCENT), None),),
                notes=(
                    ("spread", "the number of ranks strictly between the first two cards"),
                    ("gain per unit raised", "what raising adds to the expected value, per unit raised"),
                    ("house edge, never raising", "the house edge of a player who never raises"),
                ),
                slug="raise-strategy",
            ),
        )


GAME: RedDogGame = RedDogGame(DEFINITION)
"""Casino Red Dog, as the registry lists it."""
