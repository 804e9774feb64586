"""Baccarat's common side bets: each equals an independent oracle and reproduces its published figure."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardmath.games.baccarat import BUILT_IN_BET_NAMES, analyze
from cardmath.games.baccarat.side_bets import SIDE_BETS
from cardmath.shoe import Shoe
from tests.oracles.baccarat_side_bets import RULES, house_edge

EIGHT = Shoe.standard(8)
SIDE_NAMES = [bet.name for bet in SIDE_BETS]


def test_every_side_bet_is_built_in_and_has_an_oracle() -> None:
    assert set(SIDE_NAMES) <= set(BUILT_IN_BET_NAMES)
    assert set(SIDE_NAMES) == set(RULES)


@pytest.mark.parametrize(
    "shoe", [EIGHT, Shoe.standard(1).without("As,9d,8c,6h,6s")], ids=["8 decks", "1 deck less 5"]
)
def test_every_side_bet_equals_the_oracle(shoe: Shoe) -> None:
    result = analyze(shoe, bets=SIDE_NAMES)
    counts = list(shoe.rank_counts())
    for name in SIDE_NAMES:
        assert Fraction(str(result.bets[name].house_edge)) == house_edge(name, counts), name


# Published figures, each to the precision printed by its source, eight decks unless said.
# - Wizard of Odds, "Egalite Bets in Baccarat" (wizardofodds.com/games/baccarat/side-bets/egalite):
#   the return of each tie total at the pays 150/215/225/200/120/110/45/45/80/80.
# - Wizard of Odds, "Banker Natural 8 and 9" (wizardofodds.com/games/baccarat/side-bets/natural-8-and-9),
#   the bets Thorp and Walden analysed ("A Favorable Side Bet in Nevada Baccarat", JASA 1966):
#   9 to 1, house edges 0.054680 and 0.050973 (the player's alike).
# - Wizard of Odds, baccarat side bets appendix, "4-5-6" (wizardofodds.com/games/baccarat/appendix/5):
#   six decks, returns -0.052688 (4 cards, our Small bet; the Wizard rounds its probabilities first,
#   so to 5 decimals), -0.089380 (5), -0.047395 (6).
# - Wizard of Odds, "Lucky 6" (wizardofodds.com/games/baccarat/side-bets/lucky-6): 12 and 23 to 1,
#   -0.116985; the Macau table 12 and 20 to 1 (the bet some games call the Tiger), -0.166836;
#   its two-card winning 6 count 186,173,936,904,192 gives the Small Tiger at 22 to 1.
# - Eliot Jacobson, "Baccarat Side Bets" (advancedadvantageplay.com/side-bets/baccarat-side-bets):
#   Big Tiger 50 to 1, 15.253%; 88/89/98/99 at 20 to 1, 7.372%.
# - Super 6 at 12 to 1: 29.98% (LeoVegas, "Super 6 side bet"); the tie on 6 (Tiger Tie, 35 to 1)
#   from the Wizard's Egalite count of 6-6 ties, 96,170,001,308,416.
PUBLISHED = [
    ("egalite_9", EIGHT, "0.106348"),
    ("egalite_8", EIGHT, "0.110669"),
    ("egalite_7", EIGHT, "0.063899"),
    ("egalite_6", EIGHT, "0.114952"),
    ("egalite_5", EIGHT, "0.118732"),
    ("egalite_4", EIGHT, "0.121401"),
    ("egalite_3", EIGHT, "0.105243"),
    ("egalite_2", EIGHT, "0.095412"),
    ("egalite_1", EIGHT, "0.114150"),
    ("egalite_0", EIGHT, "0.124527"),
    ("banker_natural_8", EIGHT, "0.054680"),
    ("banker_natural_9", EIGHT, "0.050973"),
    ("player_natural_8", EIGHT, "0.054680"),
    ("player_natural_9", EIGHT, "0.050973"),
    ("small", Shoe.standard(6), "0.05269"),
    ("five_cards", Shoe.standard(6), "0.08938"),
    ("six_cards", Shoe.standard(6), "0.04739"),
    ("lucky_6", EIGHT, "0.116985"),
    ("tiger", EIGHT, "0.166836"),
    ("small_tiger", EIGHT, str(1 - Fraction(23 * 186173936904192, 4998398275503360))),
    ("big_tiger", EIGHT, "0.15253"),
    ("tiger_tie", EIGHT, str(1 - Fraction(36 * 96170001308416, 4998398275503360))),
    ("88_89_98_99", EIGHT, "0.07372"),
    ("super_6", EIGHT, "0.2998"),
]


@pytest.mark.parametrize(("name", "shoe", "published"), PUBLISHED, ids=[p[0] for p in PUBLISHED])
def test_the_published_figures(name: str, shoe: Shoe, published: str) -> None:
    edge = Fraction(str(analyze(shoe, bets=[name]).bets[name].house_edge))
    if "/" in published:
        assert edge == Fraction(published)
        return
    places = len(published.split(".")[1])
    assert abs(edge - Fraction(published)) <= Fraction(1, 2 * 10**places)


def test_the_published_counts() -> None:
    result = analyze(EIGHT, bets=["egalite_7", "banker_natural_9", "tiger"])
    assert result.bets["egalite_7"].outcomes[0].combinations == 101717538899968
    assert result.bets["banker_natural_9"].outcomes[0].combinations == 474361430409216
    assert [o.combinations for o in result.bets["tiger"].outcomes[:2]] == [83058367551488, 186173936904192]
