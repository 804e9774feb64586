"""Andar Bahar as a definition: what the engine needs to know of the game, and :data:`GAME`.

One card, the joker, face up; then cards in turn to Andar and Bahar (the first to the side the
house's rules say) until one matches the joker's rank.  A deal has no fixed length: the engine
counts it in closed form over the shoe's composition, never listing sequences, so eight decks cost
milliseconds.  Everything else (every verb, document, table, chart and the command
``cardmath andar-bahar``) is the engine's.

>>> GAME.name, GAME.default_points[-1], DEFINITION.dealing_of(GAME.default_rules).longest
('andar-bahar', 8, 2)
>>> from cardmath.shoe import Shoe
>>> result = GAME.analyze(Shoe.standard(1), bets=["andar"])
>>> result.result_probabilities["andar_wins"], result.bets["andar"].house_edge, result.unit
(429/833, 179/8330, 'weights')
"""

from __future__ import annotations

from cardmath.bets import RuleBet
from cardmath.checks import checked
from cardmath.engine import CatalogueGame, Dealing, Definition, Reads, RuleOption, Step
from cardmath.engine.dealing import Dealt, Until
from cardmath.games.andar_bahar.bets import CARDS, AndarBaharDeal, built_in_bets, deal_of
from cardmath.games.andar_bahar.pay_tables import PAY_TABLES
from cardmath.games.andar_bahar.rules import AndarBaharRules, Side

__all__ = ["DEFINITION", "GAME", "RESULT_NAMES", "dealing"]

RESULT_NAMES: tuple[str, ...] = ("andar_wins", "bahar_wins", "no_match")
"""Who wins a deal: a side, or none when the shoe runs out unmatched (never on a full shoe)."""


def _matches(dealt: Dealt, rank: int) -> bool:
    return rank == dealt.categories[0]


@checked
def dealing(rules: AndarBaharRules) -> Dealing:
    """The joker, then cards in turn from the side ``rules`` deal first until one matches it.

    Args:
        rules: The table's rules (the side dealt first).

    Returns:
        The dealing, by ranks.

    >>> dealing(AndarBaharRules(first="bahar")).steps[1].positions
    ('bahar', 'andar')
    """
    other = next(side for side in Side if side is not rules.first)
    return _DEALINGS[(rules.first.value, other.value)]


_DEALINGS = {
    sides: Dealing((Step(("joker",)), Until(CARDS, sides, _matches)), Reads.RANKS)
    for sides in (("andar", "bahar"), ("bahar", "andar"))
}


def _result(deal: AndarBaharDeal) -> str:
    return f"{deal.winner}_wins" if deal.winner else "no_match"


DEFINITION: Definition[AndarBaharRules, AndarBaharDeal] = Definition(
    name="andar-bahar",
    title="Andar Bahar",
    short_title="Andar Bahar",
    summary="Andar Bahar: each side and the bets on how many cards are dealt, exactly, for any shoe",
    description=(
        "Exact analysis of Andar Bahar for a shoe of whole decks or a shoe with cards removed: the joker, "
        "then cards in turn to Andar and Bahar until one matches its rank, a deal of any length counted in "
        "closed form over the shoe's composition. The first card goes to Andar (--first bahar: to Bahar); "
        "the side dealt first pays 0.9 to 1. With --solve-pay: the exact pay that gives a chosen house edge."
    ),
    docs_page="games/andar_bahar.md",
    rules_type=AndarBaharRules,
    bets=built_in_bets,
    bet_type=RuleBet,
    default_decks=1,
    decks=(1, 2, 3, 4, 5, 6, 7, 8),
    options=(
        RuleOption(
            "--first",
            "first",
            Side.ANDAR.value,
            "andar|bahar",
            "the side the first card after the joker goes to (its bet pays 0.9 to 1)",
            choices=tuple(side.value for side in Side),
        ),
    ),
    dealing=dealing,
    deal=deal_of,
    longest_deal="a round deals the joker and at least one more card",
    results=RESULT_NAMES,
    result=_result,
    pay_tables=PAY_TABLES,
    chart_bets=("andar", "bahar"),
    removal_chart=False,  # every rank plays the same part: from a fresh shoe each effect is zero
    headlines=(("andar", "the first card to Andar, paying 0.9 to 1"), ("bahar", "paying 1 to 1")),
    solve_pay_example="andar:win",
    example_arguments=("--bets", "andar"),
)
"""Andar Bahar, as the engine reads it."""

GAME: CatalogueGame[AndarBaharRules, AndarBaharDeal] = CatalogueGame(DEFINITION)
"""Andar Bahar, as the registry lists it."""
