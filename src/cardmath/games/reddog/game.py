"""Casino Red Dog as the rest of cardmath sees it: the :data:`GAME` object.

The command line (``cardmath reddog``), the published table set and the documentation reach Red
Dog only through :data:`GAME`, a :class:`~cardmath.games.game.ShoeGame`; see the game's page in
the documentation, ``docs/games/reddog.md``.

>>> from cardmath.shoe import Shoe
>>> rules = GAME.rules(spread_pays="5,4,2,1", trips_pays="11", raise_by="spread")
>>> GAME.document(GAME.analyze(Shoe.standard(1), rules, None))["house_edge"]
523/16575
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from sympy import Rational

from cardmath.errors import OptionError
from cardmath.games.game import DECK_POINTS, ClosedForm, DeckGame, RuleOption, SolvedPay, option_texts
from cardmath.games.reddog.analysis import RedDogResult, analyze
from cardmath.games.reddog.closed_form import closed_form, solve_pay, spread_position_name
from cardmath.games.reddog.rules import RaiseBy, RedDogRules, read_raise_by
from cardmath.games.reddog.tables import charts, result_tables, summary_table
from cardmath.parsheet import outcome_records
from cardmath.shoe import Shoe
from cardmath.table import Chart, Table

__all__ = ["GAME", "RedDogGame"]


def _pair_text(pair: tuple[Any, Any]) -> str:
    low, high = pair
    return f"{low.symbol}-{high.symbol}"


class RedDogGame(DeckGame):
    """Casino Red Dog: one bet, raised or not on a spread, against any shoe and pay table.

    >>> game = RedDogGame()
    >>> game.name, game.short_title, [option.flag for option in game.options]
    ('reddog', 'Red Dog', ['--spread-pays', '--trips-pays', '--raise-by'])
    """

    name: str = "reddog"
    title: str = "Casino Red Dog"
    short_title: str = "Red Dog"
    summary: str = "casino Red Dog: par sheet, house edge, raise strategy, effects of removal"
    description: str = (
        "Exact par sheet of casino Red Dog for a shoe of whole decks, the infinite-deck limit, "
        "or a shoe with cards removed. The raise decision of each spread is computed from the shoe. "
        "With --closed-form: the house edge as an exact function of the number of decks d. "
        "With --solve-pay: the exact pay that gives the shoe a chosen house edge."
    )
    docs_page: str = "games/reddog.md"
    default_decks: int = 1
    options: tuple[RuleOption, ...] = (
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
    )
    bet_names: tuple[str, ...] = ()
    solve_pay_metavar: str = "trips|1|2|3|4"
    solve_pay_help: str = (
        "'trips' for three of a kind, or the position of a spread pay in --spread-pays "
        "(4 means spread 4 or more; 1 to 11 with 11 spread pays)"
    )

    def rules(self, **texts: str) -> RedDogRules:
        """The table from option texts keyed by field (``spread_pays``, ``trips_pays``, ``raise_by``).

        >>> GAME.rules(trips_pays="12").trips_pays
        12
        >>> GAME.rules(tie_pays="8")
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: Red Dog has no rule 'tie_pays': give spread_pays, trips_pays or raise_by
        """
        chosen = option_texts("Red Dog", self.options, texts)
        return RedDogRules(
            spread_pays=chosen["spread_pays"],
            trips_pays=chosen["trips_pays"],
            raise_by=read_raise_by(chosen["raise_by"]),
        )

    def rules_document(self, rules: RedDogRules) -> dict[str, Any]:
        """The pays as JSON fields of exact values, as given (4 or 11 spread pays).

        >>> GAME.rules_document(RedDogRules())
        {'spread_pays': [5, 4, 2, 1], 'trips_pays': 11}
        """
        return {"spread_pays": list(rules.spread_pays), "trips_pays": rules.trips_pays}

    def analyze(self, shoe: Shoe, rules: RedDogRules, bets: Sequence[str] | None) -> RedDogResult:
        """The result for one shoe (Red Dog has one bet: ``bets`` must be ``None``).

        >>> GAME.analyze(Shoe.infinite(), RedDogRules(), None).house_edge
        57/2197
        """
        return analyze(shoe, rules, bets=bets)

    def document(self, result: RedDogResult) -> dict[str, Any]:
        """The result as JSON fields of exact values, after ``game``, ``decks`` and ``removed``.

        ``raised_pairs`` (the raised pairs of each spread) and ``differing_pairs`` (the pairs
        decided otherwise than their spread) are given when the raise is decided per pair of ranks,
        and are ``None`` otherwise.

        >>> document = GAME.document(analyze(Shoe.standard(1)))
        >>> document["house_edge"], document["cards"], document["total_combinations"]
        (523/16575, 52, 132600)
        >>> document["raised_pairs"], document["differing_pairs"]
        (None, None)
        >>> list(document)[:4]
        ['cards', 'spread_pays', 'trips_pays', 'house_edge']
        >>> list(document)[-3:]
        ['outcomes', 'total_combinations', 'effects_of_removal']
        """
        by_cards = result.raise_by is RaiseBy.CARDS
        return {
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
            "raise_by": str(result.raise_by),
            "raise_on_spreads": list(result.raise_on_spreads),
            "raised_pairs": (
                {
                    str(spread): [_pair_text(pair) for pair in pairs]
                    for spread, pairs in result.raised_pairs.items()
                }
                if by_cards
                else None
            ),
            "differing_pairs": [_pair_text(pair) for pair in result.differing_pairs] if by_cards else None,
            "outcomes": outcome_records(result.par_sheet),
            "total_combinations": result.par_sheet.total_combinations,
            "effects_of_removal": (
                None
                if result.effects_of_removal is None
                else {rank.symbol: effect for rank, effect in result.effects_of_removal.items()}
            ),
        }

    def tables(self, result: RedDogResult) -> tuple[Table, ...]:
        """The result as tables: par sheet, figures, raise strategy, effects of removal.

        >>> len(GAME.tables(analyze(Shoe.standard(1))))
        4
        """
        return result_tables(result)

    def closed_form(self, rules: RedDogRules, bets: Sequence[str] | None) -> tuple[ClosedForm, ...]:
        """The house edge in ``d`` fresh decks, exactly, for the pays of ``rules``.

        >>> [form.limit for form in GAME.closed_form(RedDogRules(), None)]
        [57/2197]
        """
        return (closed_form(rules, bets=bets),)

    def solve_pay(self, shoe: Shoe, rules: RedDogRules, which: str, target: Rational) -> SolvedPay:
        """The pay ``which`` names (``trips``, or a spread pay position) giving house edge ``target``.

        >>> solved = GAME.solve_pay(Shoe.standard(1), RedDogRules(), "4", Rational(0))
        >>> solved.pay, solved.solved_for, solved.document
        (6795/6224, 'spread 4 or more', {'solve_pay': '4'})
        >>> GAME.solve_pay(Shoe.standard(1), RedDogRules(raise_by=RaiseBy.CARDS), "trips", Rational(0))
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: --solve-pay raises once per spread: leave out --raise-by cards
        """
        if rules.raise_by is RaiseBy.CARDS:
            raise OptionError("--solve-pay raises once per spread: leave out --raise-by cards")
        word = str(which).strip().lower()
        pay = solve_pay(shoe, rules, word, target)
        if word == "trips":
            return SolvedPay(pay, "three of a kind", {"solve_pay": "trips"})
        position = int(word)
        name = spread_position_name(position, len(rules.spread_pays))
        return SolvedPay(pay, name, {"solve_pay": str(position)})

    def summary_table(self, points: Sequence[int | None]) -> Table:
        """The house edges of the standard table by number of decks.

        >>> GAME.summary_table([1, None]).rows[1][:2]
        ('infinite decks', 57/2197)
        """
        return summary_table([self.fresh(point) for point in points])

    def charts(self) -> tuple[Chart, ...]:
        """The figures of the documentation page: house edge by decks, effects of removal.

        >>> [chart.name for chart in GAME.charts()]
        ['reddog-house-edge', 'reddog-effects-of-removal']
        """
        return charts({point: self.fresh(point) for point in DECK_POINTS})


GAME: Final[RedDogGame] = RedDogGame()
"""Casino Red Dog, as the registry (:data:`cardmath.games.GAMES`) lists it."""
