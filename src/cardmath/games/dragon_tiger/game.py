"""Dragon Tiger as a definition: what the engine needs to know of the game, and :data:`GAME`.

One card to the Dragon, one to the Tiger; the bets read both cards (ranks and suits, for the
suited tie), so the deal is read card by card.  Everything else (every verb, document, table,
chart and the command ``cardmath dragon-tiger``) is the engine's
(:class:`~cardmath.engine.game.CatalogueGame`).

>>> from cardmath.shoe import Shoe
>>> GAME.name, GAME.default_decks, len(GAME.bet_names)
('dragon-tiger', 8, 12)
>>> result = GAME.analyze(Shoe.standard(8), GAME.rules(tie_pays="11"), bets=["tie"])
>>> GAME.document(result)["bets"]["tie"]["house_edge"]
43/415
"""

from __future__ import annotations

from cardmath.engine import CatalogueGame, Dealing, Definition, Reads, RuleOption, Step
from cardmath.engine.dealing import Dealt
from cardmath.engine.definition import SeenTable
from cardmath.games.dragon_tiger.bets import Bet, Deal, built_in_bets
from cardmath.games.dragon_tiger.pay_tables import PAY_TABLES
from cardmath.games.dragon_tiger.rules import DEFAULT_DECKS, DEFAULT_TIE_PAYS, RANKS, DragonTigerRules, Winner

__all__ = ["DEFINITION", "GAME", "RESULT_NAMES"]

RESULT_NAMES: dict[Winner, str] = {
    Winner.DRAGON: "dragon_wins",
    Winner.TIGER: "tiger_wins",
    Winner.TIE: "ties",
}
"""The name of each result in a result's ``results`` (and in the JSON document)."""


def _deal(dealt: Dealt) -> Deal:
    return Deal(dealt.card("dragon"), dealt.card("tiger"))


def _result(deal: Deal) -> str:
    return RESULT_NAMES[deal.winner]


DEFINITION: Definition[DragonTigerRules, Deal] = Definition(
    name="dragon-tiger",
    title="Dragon Tiger",
    short_title="Dragon Tiger",
    summary="Dragon Tiger: every bet's par sheet, house edge and effects of removal",
    description=(
        "Exact analysis of Dragon Tiger for a shoe of whole decks, the infinite-deck limit, or a shoe with "
        "cards removed: every ordered pair of Dragon and Tiger cards is counted. With --closed-form: each "
        "bet's house edge as an exact function of the number of decks d. With --solve-pay: the exact pay of "
        "one outcome of one bet that gives a chosen house edge."
    ),
    docs_page="games/dragon_tiger.md",
    aliases=("dragon_tiger", "dragon tiger", "dt"),
    rules_type=DragonTigerRules,
    bets=built_in_bets,
    bet_type=Bet,
    default_decks=DEFAULT_DECKS,
    options=(
        RuleOption(
            "--tie-pays",
            "tie_pays",
            str(DEFAULT_TIE_PAYS),
            "N",
            "pay (to 1) of a winning tie bet, such as 8 or 11",
        ),
    ),
    dealing=Dealing((Step(("dragon", "tiger")),), Reads.CARDS),
    deal=_deal,
    longest_deal="a coup deals 2 cards",
    results=tuple(RESULT_NAMES.values()),
    result=_result,
    pay_tables=PAY_TABLES,
    rank_order=RANKS,
    chart_bets=("dragon", "tie", "suited_tie", "dragon_big"),
    removal_chart_bets=("dragon_big", "dragon_small", "dragon_odd", "dragon_even"),
    headlines=(("dragon", "half lost on a tie"),),
    solve_pay_example="tie:tie or 'suited_tie:suited tie'",
    seen_tables=(
        SeenTable(("dragon",), ("dragon", "tiger", "tie"), "89TJQK"),
        SeenTable(("dragon",), ("dragon", "tiger", "tie"), best=5),
    ),
)
"""Dragon Tiger, as the engine reads it."""

GAME: CatalogueGame[DragonTigerRules, Deal] = CatalogueGame(DEFINITION)
"""Dragon Tiger, as the registry lists it."""
