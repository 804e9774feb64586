"""Baccarat's drawing rules as data: variant tableaus against the naive oracle dealing by the same
table, and the shoe-free tables built once per set of drawing rules."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import pytest
from sympy import Rational

from cardmath.errors import OptionError
from cardmath.exact import DECKS
from cardmath.games.baccarat import (
    BUILT_IN_BET_NAMES,
    BaccaratRules,
    Bet,
    Deal,
    DrawingRules,
    Reads,
    analyze,
    analyze_many,
    closed_form,
    effects_of_removal,
)
from cardmath.games.baccarat.structure import structure
from cardmath.shoe import Shoe
from tests.oracles.baccarat_naive import STANDARD, Tableau, deal_counts, first_value_counts
from tests.oracles.baccarat_rules import classify

# Each variant is written once as plain sets (the player's drawing totals, the banker's drawing
# totals when the player stood, and for each banker total the player third cards it draws on);
# the oracle deals by the sets, the engine by the DrawingRules made from them.
VARIANTS: dict[str, tuple[Iterable[int], Iterable[int], Mapping[int, Iterable[int]]]] = {
    # The banker draws on 0 to 5 and stands on 6 and 7, whatever the player's third card.
    "banker ignores the player's third card": (
        range(6),
        range(6),
        {total: range(10) for total in range(6)},
    ),
    # The player also draws on 6; the banker keeps punto banco's table.
    "player draws on 6": (
        range(7),
        range(6),
        {0: range(10), 1: range(10), 2: range(10), 3: {0, 1, 2, 3, 4, 5, 6, 7, 9}}
        | {4: range(2, 8), 5: range(4, 8), 6: {6, 7}},
    ),
    # A stingy table: the player draws on 0 to 4, the banker after a standing player on 0 to 4,
    # and after a drawing player only on 0 to 2 or on a 3 facing a third card of 0 or 1.
    "both draw less": (range(5), range(5), {0: range(10), 1: range(10), 2: range(10), 3: {0, 1}}),
}

SHOES = {
    "1 deck": Shoe.standard(1),
    "a depleted deck": Shoe.standard(1).without("As,Ah,Ad,5c,5d,Kc,9s,6h,6s,Tc,Td,Jh,3c,2d"),
}

RANK_BETS = tuple(name for name in BUILT_IN_BET_NAMES if name != "perfect_pair")


def tableau(variant: str) -> Tableau:
    player, stood, drew = VARIANTS[variant]
    return Tableau.of(player, stood, drew)


def drawing(variant: str) -> DrawingRules:
    player, stood, drew = VARIANTS[variant]
    return DrawingRules.define(
        player_draws_on=player, banker_draws_when_player_stood=stood, banker_draws_when_player_drew=drew
    )


def oracle_outcomes(shoe: Shoe, table: Tableau) -> dict[str, dict[str, int]]:
    expected: dict[str, dict[str, int]] = {bet: {} for bet in RANK_BETS}
    for key, count in deal_counts(list(shoe.rank_counts()), table).items():
        for bet in RANK_BETS:
            outcome = classify(bet, key)
            expected[bet][outcome] = expected[bet].get(outcome, 0) + count
    return expected


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("shoe_name", list(SHOES))
def test_every_outcome_count_of_a_variant_tableau_matches_the_naive_oracle(
    variant: str, shoe_name: str
) -> None:
    shoe = SHOES[shoe_name]
    rules = BaccaratRules(drawing=drawing(variant))
    result = analyze(shoe, rules, bets=RANK_BETS)
    engine = {
        name: {o.name: o.combinations for o in sheet.outcomes if o.combinations}
        for name, sheet in result.bets.items()
    }
    expected = oracle_outcomes(shoe, tableau(variant))
    # The main bets, the pair bets and every other built-in bet, outcome by outcome.
    assert engine == expected
    assert set(expected) >= {"player", "banker", "tie", "player_pair", "either_pair"}
    # And the variant changes the game: the standard tableau counts differently.
    assert oracle_outcomes(shoe, STANDARD)["banker"] != expected["banker"]


def test_the_standard_tableau_is_the_oracle_s_and_the_default() -> None:
    assert BaccaratRules().drawing == DrawingRules.standard() == DrawingRules.define()
    standard = Tableau.of(range(6), range(6), {})
    for total in range(10):
        for third in (None, *range(10)):
            drew = STANDARD.banker_draws(total, third)
            assert DrawingRules.standard().banker_draws(total, third) == drew
        assert DrawingRules.standard().player_draws(total) == standard.player_draws(total)


def first_nine(deal: Deal) -> str:
    values = deal.player_first_values
    assert values is not None
    return "win" if values[0] == 9 and deal.winner == "player" else "lose"


FIRST_NINE = Bet.define("first nine", first_nine, {"win": 20, "lose": -1}, reads=Reads.FIRST_VALUES)


@pytest.mark.parametrize("variant", ["player draws on 6", "both draw less"])
def test_a_rule_on_first_values_under_a_variant_matches_the_naive_oracle(variant: str) -> None:
    shoe = SHOES["a depleted deck"]
    expected = {"win": 0, "lose": 0}
    counts = first_value_counts(list(shoe.rank_counts()), tableau(variant))
    for (p, b, _, _, player, _), n in counts.items():
        expected["win" if player[0] == 9 and p > b else "lose"] += n
    sheet = analyze(shoe, BaccaratRules(drawing=drawing(variant)), bets=[FIRST_NINE]).bets["first nine"]
    assert {o.name: o.combinations for o in sheet.outcomes} == expected


def test_variant_batches_closed_forms_and_effects_of_removal_follow_the_tableau() -> None:
    rules = BaccaratRules(drawing=drawing("player draws on 6"))
    shoes = [Shoe.standard(1), SHOES["a depleted deck"], Shoe.standard(8), Shoe.infinite()]
    bets = ["player", "banker", "tie", "player_pair"]
    for shoe, edges in zip(shoes, analyze_many(shoes, rules, bets=bets), strict=True):
        single = analyze(shoe, rules, bets=bets)
        assert edges == {name: sheet.house_edge for name, sheet in single.bets.items()}
    forms = closed_form(rules, bets=["banker", "either_pair"])
    assert [form.name for form in forms] == ["banker", "either_pair"]
    assert forms[0].house_edge != closed_form(bets=["banker"])[0].house_edge
    for bet, form in zip(("banker", "either_pair"), forms, strict=True):
        for decks in (1, 3):
            edge = analyze(Shoe.standard(decks), rules, bets=[bet]).bets[bet].house_edge
            assert form.house_edge.subs(DECKS, decks) == edge
        assert form.limit == analyze(Shoe.infinite(), rules, bets=[bet]).bets[bet].house_edge
    effects = effects_of_removal(Shoe.standard(1), rules, bets=["banker"])["banker"]
    weights = Shoe.standard(1).rank_counts()
    assert sum(effects[rank] * weights[rank.index] for rank in effects) == 0
    assert effects != effects_of_removal(Shoe.standard(1), bets=["banker"])["banker"]


def test_the_shoe_free_tables_are_built_once_per_set_of_drawing_rules() -> None:
    assert structure(DrawingRules.standard()) is structure(DrawingRules.define())
    variant = drawing("banker ignores the player's third card")
    assert structure(variant) is structure(drawing("banker ignores the player's third card"))
    assert structure(variant) is not structure(DrawingRules.standard())
    # Every value sequence of the first four cards is in exactly one deal, whatever the rules.
    for rules in (DrawingRules.standard(), variant, drawing("both draw less")):
        assert structure(rules).value_entry_sequences.sum() > 0
        total = analyze(Shoe.infinite(), BaccaratRules(drawing=rules), bets=["tie"]).bets["tie"]
        assert total.probability_total == 1


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: DrawingRules.define(player_draws_on=[8]), "cannot draw on 8"),
        (lambda: DrawingRules.define(banker_draws_when_player_stood=[9]), "banker cannot draw on 9"),
        (lambda: DrawingRules.define(banker_draws_when_player_drew={8: [1]}), "banker cannot draw on 8"),
        (lambda: DrawingRules.define(player_draws_on=[10]), "from 0 to 9"),
        (
            lambda: DrawingRules.define(banker_draws_when_player_drew={3: ["x"]}),  # type: ignore[list-item]
            "from 0 to 9",
        ),
        (lambda: DrawingRules((True,) * 3, (False,) * 10, ((False,) * 10,) * 10), "10 truth values"),
        (lambda: DrawingRules((False,) * 10, (False,) * 10, ((False,) * 10,) * 9), "a row for each"),
        (lambda: BaccaratRules(drawing="standard"), "DrawingRules"),  # type: ignore[arg-type]
    ],
)
def test_bad_drawing_rules_say_what_is_allowed(make: Callable[[], object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make()


def test_a_variant_tableau_changes_the_banker_edge_exactly() -> None:
    # When the banker ignores the player's third card, it draws on 3 facing an 8, on 4 facing
    # 0, 1, 8 or 9, on 5 facing 0 to 3, 8 or 9, and stands on 6 facing a 6 or 7.
    standard = analyze(Shoe.standard(8), bets=["banker"]).bets["banker"].house_edge
    variant = BaccaratRules(drawing=drawing("banker ignores the player's third card"))
    changed = analyze(Shoe.standard(8), variant, bets=["banker"]).bets["banker"].house_edge
    assert isinstance(changed, Rational) and changed != standard
