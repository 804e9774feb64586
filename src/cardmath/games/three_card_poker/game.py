"""Three Card Poker as a definition: what the engine needs to know of the game, and :data:`GAME`.

Two hands of three cards, dealt as combinations from one deck and read by their ranks and their
flush (suits matter to no bet otherwise, so the engine folds them away); the 6-Card Bonus reads
the two hands pooled.  Everything else (every verb, document, table, chart, the best play or
fold for every hand, and the command ``cardmath three-card-poker``) is the engine's.

>>> GAME.name, GAME.aliases, GAME.default_points, DEFINITION.dealing.longest
('three-card-poker', ('3cp',), (1,), 6)
>>> from cardmath.shoe import Shoe
>>> result = GAME.analyze(Shoe.standard(1), bets=["pair_plus"])
>>> result.bets["pair_plus"].house_edge, result.total_combinations, result.unit
(402/5525, 407170400, 'hand combinations')
"""

from __future__ import annotations

from cardmath.bets import RuleBet
from cardmath.cards import Rank
from cardmath.engine import RANKS_ACE_HIGH, CatalogueGame, Dealing, Definition, Reads, RuleOption
from cardmath.engine.dealing import Dealt, Hand, Pool
from cardmath.games.three_card_poker.bets import SIX_CARDS, built_in_bets
from cardmath.games.three_card_poker.pay_tables import PAY_TABLES
from cardmath.games.three_card_poker.rules import ThreeCardPokerRules

__all__ = ["DEALING", "DEFINITION", "GAME"]

DEALING = Dealing(
    (Hand("player", 3, flush=3), Hand("dealer", 3, flush=3)),
    Reads.RANKS,
    (Pool(SIX_CARDS, ("player", "dealer"), flush=5),),
)
"""The player's three cards and the dealer's, each a combination read by ranks and flush; the six
together, for the 6-Card Bonus, read by ranks and a flush of five."""


def _deal(dealt: Dealt) -> Dealt:
    return dealt


DEFINITION: Definition[ThreeCardPokerRules, Dealt] = Definition(
    name="three-card-poker",
    title="Three Card Poker",
    short_title="Three Card Poker",
    summary="Three Card Poker: Ante and Play with the best play, Pair Plus and the 6-Card Bonus, exactly",
    description=(
        "Exact analysis of Three Card Poker from one deck (or a deck with cards removed): every pair of the "
        "player's and the dealer's hands is counted as combinations, suits folded away where no bet reads "
        "them. The player's play or fold is decided for every hand he can hold by the exact chances of the "
        "dealer's hidden cards, or pinned (--strategy 'play from Q-6-4'), with what a pinned strategy "
        "costs. With --solve-pay: the exact pay of one entry of a pay table that gives a chosen house edge."
    ),
    docs_page="games/three_card_poker.md",
    aliases=("3cp",),
    rules_type=ThreeCardPokerRules,
    bets=built_in_bets,
    bet_type=RuleBet,
    default_decks=1,
    decks=(1,),
    options=(
        RuleOption(
            "--qualifier",
            "qualifier",
            "Q",
            "RANK",
            "the least high card with which the dealer's hand plays (Q: queen-high or better)",
            read=Rank.parse,
        ),
    ),
    dealing=DEALING,
    deal=_deal,
    longest_deal="a round deals six cards, three to the player and three to the dealer",
    pay_tables=PAY_TABLES,
    rank_order=RANKS_ACE_HIGH,
    removal_chart_bets=("ante", "pair_plus", "six_card"),
    headlines=(("ante", "playing Q-6-4 or better, ante bonus 5-4-1"), ("pair_plus", "paying 40-30-6-3-1")),
    solve_pay_example="pair_plus:flush",
    example_arguments=("--bets", "pair_plus"),
)
"""Three Card Poker, as the engine reads it."""

GAME: CatalogueGame[ThreeCardPokerRules, Dealt] = CatalogueGame(DEFINITION)
"""Three Card Poker, as the registry lists it."""
