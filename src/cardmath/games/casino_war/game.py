"""Casino War as a definition: what the engine needs to know of the game, and :data:`GAME`.

The player's card and the dealer's; on a tie, three burned cards and one more card each.  The bets
read ranks only (13 categories).  A burned card is read by no bet, so the engine counts it like
the cards that pad every deal to the longest: the war costs no enumeration of its burns.
Everything else (every verb, document, table, chart and the command ``cardmath casino-war``) is
the engine's (:class:`~cardmath.engine.game.CatalogueGame`).

>>> GAME.name, GAME.default_decks, GAME.bet_names, DEFINITION.dealing.longest
('casino-war', 6, ('main', 'tie'), 7)
>>> from cardmath.shoe import Shoe
>>> result = GAME.analyze(Shoe.standard(6))
>>> result.bets["main"].house_edge, result.bets["tie"].house_edge
(142853/4965115, 58/311)
>>> GAME.analyze(Shoe.standard(6), GAME.rules(on_tie="surrender"), bets=["main"]).bets["main"].house_edge
23/622
"""

from __future__ import annotations

from cardmath.bets import RuleBet
from cardmath.engine import BURN, RANKS_ACE_HIGH, CatalogueGame, Dealing, Definition, Reads, RuleOption, Step
from cardmath.engine.dealing import Dealt
from cardmath.games.casino_war.bets import Deal, built_in_bets
from cardmath.games.casino_war.pay_tables import PAY_TABLES
from cardmath.games.casino_war.rules import DEFAULT_DECKS, CasinoWarRules, OnTie

__all__ = ["DEALING", "DEFINITION", "GAME", "RESULT_NAMES"]

RESULT_NAMES: dict[str, str] = {"player": "player_wins", "dealer": "dealer_wins", "tie": "ties"}
"""The name of each result of the first two cards in a result's ``results`` (and in JSON)."""


def _tied(dealt: Dealt) -> bool:
    return dealt.rank("player") == dealt.rank("dealer")


DEALING = Dealing(
    (
        Step(("player", "dealer")),
        Step((BURN, BURN, BURN, "player war", "dealer war"), when=_tied),
    ),
    Reads.RANKS,
)
"""Two cards; on a tie three burned and one more each: a deal uses up to 7 cards.

>>> DEALING.longest, DEALING.reads
(7, <Reads.RANKS: 'ranks'>)
"""


def _deal(dealt: Dealt) -> Deal:
    war = "player war" in dealt
    return Deal(
        dealt.rank("player"),
        dealt.rank("dealer"),
        dealt.rank("player war") if war else None,
        dealt.rank("dealer war") if war else None,
    )


def _result(deal: Deal) -> str:
    return RESULT_NAMES[deal.winner]


DEFINITION: Definition[CasinoWarRules, Deal] = Definition(
    name="casino-war",
    title="Casino War",
    short_title="Casino War",
    summary="Casino War: house edge of going to war, surrendering and the tie bet, exactly",
    description=(
        "Exact analysis of Casino War for a shoe of whole decks, the infinite-deck limit, or a shoe with "
        "cards removed: every deal of the first two cards and, after a tie, of the two war cards is "
        "counted (the three burned cards cost nothing). On a tie the player goes to war, surrenders, or "
        "(--on-tie best) does the better of the two for each tied rank. With --closed-form: each bet's "
        "house edge as an exact function of the number of decks d. With --solve-pay: the exact pay of one "
        "entry of one bet's pay table that gives a chosen house edge."
    ),
    docs_page="games/casino_war.md",
    aliases=("war",),
    rules_type=CasinoWarRules,
    bets=built_in_bets,
    bet_type=RuleBet,
    default_decks=DEFAULT_DECKS,
    options=(
        RuleOption(
            "--on-tie",
            "on_tie",
            OnTie.WAR.value,
            "war|surrender|best",
            "on a tie, go to war, surrender half the bet, or the better of the two for each tied rank",
            choices=tuple(choice.value for choice in OnTie),
        ),
        RuleOption(
            "--war-tie-bonus",
            "war_tie_bonus",
            "0",
            "N",
            "bonus (to 1, on the original bet) when the war cards tie again, such as 1",
        ),
    ),
    dealing=DEALING,
    deal=_deal,
    longest_deal="a war deals up to 7 cards (two, then on a tie three burned and one more each)",
    results=tuple(RESULT_NAMES.values()),
    result=_result,
    pay_tables=PAY_TABLES,
    rank_order=RANKS_ACE_HIGH,
    removal_chart=False,  # every effect is zero on a fresh shoe: player and dealer are alike
    headlines=(("main", "going to war on a tie"),),
    solve_pay_example="main:bonus or tie:tie",
)
"""Casino War, as the engine reads it."""

GAME: CatalogueGame[CasinoWarRules, Deal] = CatalogueGame(DEFINITION)
"""Casino War, as the registry lists it."""
