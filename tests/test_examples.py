"""Every script in examples/ runs, and what it prints agrees with figures computed here.

The figures are computed independently of cardmath's engine (a direct count over ranks or cards
with ``fractions.Fraction``) or taken from published sources (the Wizard of Odds tables).
"""

from __future__ import annotations

import itertools
import math
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RANKS = "23456789TJQKA"


ARGUMENTS: dict[str, list[str]] = {"counting_study": ["30", "30", "1"]}
"""Arguments for examples whose default run is long (a study of 100,000 shoes)."""


def run_example(name: str) -> str:
    completed = subprocess.run(
        [sys.executable, str(EXAMPLES / f"{name}.py"), *ARGUMENTS.get(name, [])],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    return completed.stdout


def red_dog(
    rank_counts: Sequence[int], spread_pays: Sequence[int], trips_pays: int
) -> tuple[Fraction, set[int]]:
    """Expected value per initial bet and raise spreads, by a direct count over ordered rank deals."""
    total = sum(rank_counts)
    pays = list(spread_pays[:3]) + [spread_pays[3]] * 8 if len(spread_pays) == 4 else list(spread_pays)
    won = [0] * 12
    lost = [0] * 12
    trips = 0
    deals = total * (total - 1) * (total - 2)
    for first in range(13):
        for second in range(13):
            ways = rank_counts[first] * (rank_counts[second] - (first == second))
            if ways == 0:
                continue
            if first == second:
                trips += ways * (rank_counts[first] - 2)
                continue
            low, high = min(first, second), max(first, second)
            spread = high - low - 1
            if spread == 0:
                continue
            between = sum(rank_counts[low + 1 : high])
            won[spread] += ways * between
            lost[spread] += ways * (total - 2 - between)
    raises = {s for s in range(1, 12) if pays[s - 1] * won[s] - lost[s] > 0}
    value = trips_pays * trips
    for spread in range(1, 12):
        stake = 2 if spread in raises else 1
        value += stake * (pays[spread - 1] * won[spread] - lost[spread])
    return Fraction(value, deals), raises


def test_the_red_dog_count_here_reproduces_the_published_figures() -> None:
    # Published (Wizard of Odds): 1 deck 3.155%, 6 decks 2.798%, raising on spreads 7 to 11;
    # exactly 523/16575.
    value, raises = red_dog([4] * 13, (5, 4, 2, 1), 11)
    assert value == Fraction(-523, 16575) and raises == set(range(7, 12))
    assert round(float(-red_dog([24] * 13, (5, 4, 2, 1), 11)[0]) * 100, 3) == 2.798


def check_reddog_par_sheet(output: str) -> None:
    standard, _ = red_dog([24] * 13, (5, 4, 2, 1), 11)
    casino, raises = red_dog([24] * 13, (6, 4, 2, 1), 12)
    assert f"exact house edge, casino table: {-casino.numerator}/{casino.denominator}" in output
    assert f"raise on spreads: {', '.join(map(str, sorted(raises)))}" in output
    assert re.search(r"house edge\s+2\.7978%\s+1\.2619%", output)
    assert f"{float(-standard) * 100:.4f}%" == "2.7978%" and f"{float(-casino) * 100:.4f}%" == "1.2619%"
    # the par sheet's combinations add up to every ordered deal of three cards from 312
    rows = output.split("\n\n", maxsplit=1)[0].splitlines()[2:]
    par_sheet = rows[: next(i for i, line in enumerate(rows) if line.startswith("total"))]  # the outcomes
    combinations = [int(line.split()[-3].replace(",", "")) for line in par_sheet]  # thousands separated
    assert len(combinations) == 25
    assert sum(combinations) == 312 * 311 * 310


def check_depleted_shoe(output: str) -> None:
    counts = [4] * 13
    for card in ["2c", "2d", "2h", "3c", "3d", "Ac", "Ad", "Ah", "Kc", "Kd"]:
        counts[RANKS.index(card[0])] -= 1
    value, raises = red_dog(counts, (5, 4, 2, 1), 11)
    assert f"depleted deck: house edge {-value.numerator}/{value.denominator}" in output
    assert f"raise on spreads {', '.join(map(str, sorted(raises)))}" in output
    assert raises != set(range(7, 12))  # the depleted deck changes the best play
    assert "fresh deck:    house edge 523/16575 = 3.1554%" in output
    # keeping the fresh-deck raises on the depleted deck: a direct count with a fixed raise set
    fixed = kept_strategy_value(counts, set(range(7, 12)))
    assert f"(spreads 7-11): {fixed.numerator}/{fixed.denominator}" in output
    assert fixed < value


def kept_strategy_value(rank_counts: list[int], raises: set[int]) -> Fraction:
    """Expected value with a fixed raise set, by brute force over the physical cards."""
    cards = [rank for rank, n in enumerate(rank_counts) for _ in range(n)]
    total = Fraction(0)
    deals = 0
    pays = [5, 4, 2] + [1] * 8
    for i, a in enumerate(cards):
        for j, b in enumerate(cards):
            if i == j:
                continue
            rest = len(cards) - 2
            deals += rest
            low, high = min(a, b), max(a, b)
            if a == b:
                total += 11 * (rank_counts[a] - 2)
            elif high - low > 1:
                spread = high - low - 1
                stake = 2 if spread in raises else 1
                between = sum(rank_counts[low + 1 : high])
                total += stake * (pays[spread - 1] * between - (rest - between))
    return total / deals


def check_pool_hand_advice(output: str) -> None:
    hand = ["As", "9h", "8h", "Qd", "4c"]
    seen = ["Ks", "7s", "Jh", "5d", "3c", "Qs"]
    deck = [r + s for r in RANKS for s in "cdhs"]

    def chance(known: list[str]) -> Fraction:
        unseen = [c for c in deck if c not in hand and c not in known]
        beaten = [
            c for c in unseen if any(h[1] == c[1] and RANKS.index(h[0]) > RANKS.index(c[0]) for h in hand)
        ]
        return Fraction(len(beaten), len(unseen))

    with_seen, without = chance(seen), chance([])
    assert (with_seen, without) == (Fraction(25, 41), Fraction(30, 47))
    assert f"chance {with_seen.numerator}/{with_seen.denominator}" in output
    assert f"the chance would be {without.numerator}/{without.denominator}" in output
    gain = (2 * with_seen - 1) * 12  # a chance above 1/2: bet the whole pool of 12
    assert f"bet 12 chips, gaining {gain.numerator}/{gain.denominator} on average" in output
    kelly = (2 * with_seen - 1) * 40  # Kelly: (2p - 1) of the bankroll, within [ante, pool]
    assert f"bet {kelly.numerator}/{kelly.denominator} chips" in output
    # 8689/19740 and 862,680 favourable five-card hands (also counted hand by hand in test_pool)
    assert "8689/19740" in output and "862,680 of the 2,598,960" in output


def banker_natural_9_probability(decks: int) -> Fraction:
    """P(the banker's first two cards make 9 and the player's do not), over the first four cards."""
    counts = [16 * decks] + [4 * decks] * 9  # value 0 (tens and pictures), then 1 to 9
    size = 52 * decks
    ways = 0
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        if (b1 + b2) % 10 != 9 or (p1 + p2) % 10 == 9:
            continue
        left = list(counts)
        product = 1
        for value in (p1, b1, p2, b2):
            product *= left[value]
            left[value] -= 1
        ways += product
    return Fraction(ways, size * (size - 1) * (size - 2) * (size - 3))


def check_baccarat_side_bet(output: str) -> None:
    # The pay x with (x + 1) * P(win) - 1 = -5%, so x = (0.95 - P) / P.
    natural = banker_natural_9_probability(8)
    pay = (Fraction(95, 100) - natural) / natural
    assert f"  {pay.numerator}/{pay.denominator} = " in output
    assert f"probability {natural.numerator}/{natural.denominator})" in output
    # Published 8-deck counts (Wizard of Odds):
    # ties 475,627,426,473,216 of 4,998,398,275,503,360 six-card sequences.
    tie = Fraction(475627426473216, 4998398275503360)
    tie_pay = (Fraction(95, 100) - tie) / tie
    assert f"  {tie_pay.numerator}/{tie_pay.denominator} = " in output
    assert "at 8 to 1 the house edge is 14.3596%" in output  # Wizard of Odds: Tie (8:1) 14.3596%
    assert f"at 9 to 1 the house edge is {float(1 - 10 * tie) * 100:.4f}%" in output


def baccarat_banker_sixes(decks: int) -> tuple[int, int, int, int]:
    """Padded six-card counts of banker wins with a two-card and a three-card 6, of player wins
    whose first card is worth 9, and of every deal.

    A direct recursion over card values following punto banco's drawing rules (docs/games/baccarat.md).
    """
    counts = [16 * decks] + [4 * decks] * 9
    size = 52 * decks

    def pad(used: int) -> int:
        return math.prod(range(size - 5, size - used + 1))  # ff(size - used, 6 - used)

    def banker_draws(banker: int, third: int | None) -> bool:
        if third is None:
            return banker <= 5
        limits = {0: True, 1: True, 2: True, 3: third != 8, 4: 2 <= third <= 7, 5: 4 <= third <= 7}
        return limits.get(banker, banker == 6 and third in (6, 7))

    two_card = three_card = nine_lead = 0
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        left = list(counts)
        ways = 1
        for value in (p1, b1, p2, b2):
            ways *= left[value]
            left[value] -= 1
        if ways == 0:
            continue
        player, banker = (p1 + p2) % 10, (b1 + b2) % 10
        if player >= 8 or banker >= 8:
            branches = [(ways, 4, player, banker, 2)]
        else:
            branches = []
            player_thirds: list[int | None] = list(range(10)) if player <= 5 else [None]
            for p3 in player_thirds:
                w3 = ways * (left[p3] if p3 is not None else 1)
                if w3 == 0:
                    continue
                after = [n - (v == p3) for v, n in enumerate(left)]
                final_player = player if p3 is None else (player + p3) % 10
                used = 4 if p3 is None else 5
                if banker_draws(banker, p3):
                    branches += [
                        (w3 * after[b3], used + 1, final_player, (banker + b3) % 10, 3)
                        for b3 in range(10)
                        if after[b3]
                    ]
                else:
                    branches.append((w3, used, final_player, banker, 2))
        for weight, used, final_player, final_banker, banker_cards in branches:
            if final_banker == 6 and final_player < 6:
                if banker_cards == 2:
                    two_card += weight * pad(used)
                else:
                    three_card += weight * pad(used)
            if p1 == 9 and final_player > final_banker:
                nine_lead += weight * pad(used)
    return two_card, three_card, nine_lead, math.prod(range(size - 5, size + 1))


def check_baccarat_custom_bet(output: str) -> None:
    two_card, three_card, nine_lead, total = baccarat_banker_sixes(8)
    assert total == 4998398275503360  # ff(416, 6) = 416 * 415 * ... * 411
    assert f"({total:,} deals counted)" in output
    assert re.search(rf"2-card 6\s+pays\s+12\s+{two_card:,}\s", output)
    assert re.search(rf"3-card 6\s+pays\s+20\s+{three_card:,}\s", output)
    edge = 1 - Fraction(13 * two_card + 21 * three_card, total)  # -(12 p2 + 20 p3 - (1 - p2 - p3))
    assert f"house edge {float(edge) * 100:.4f}% (exactly {edge.numerator}/{edge.denominator})" in output
    # Both Pairs: each hand's first two cards share a rank; 8 decks hold 32 cards of each rank.
    same_rank = 13 * 12 * (32 * 31) ** 2 + 13 * (32 * 31 * 30 * 29)
    both = Fraction(same_rank, 416 * 415 * 414 * 413)
    assert f"wins {float(both):.6f} of deals" in output
    assert f"house edge {float(1 - 151 * both) * 100:.4f}%" in output
    # Nine Lead: the player's first card is worth 9 and the player wins; pays 20 to 1.
    lead = Fraction(nine_lead, total)
    assert f"Nine Lead at 20 to 1 on 8 decks: wins {float(lead):.6f} of deals" in output
    assert f"house edge {float(1 - 21 * lead) * 100:.4f}%" in output


def check_counting_study(output: str) -> None:
    """Properties any study must have, whatever the shoes dealt: never betting wins exactly 0,
    perfect play wins at least as much as any count on the same shoes, and a count betting above 0
    bets no more often than the same count betting at 0 or more."""
    assert "Strategies, 30 shoes of 8 decks, 16 cards behind the cut card" in output
    assert "Strategies, 30 shoes of 8 decks, 14 cards behind the cut card" in output
    for bet in ("dragon_7", "panda_8"):
        rows = {
            line.split("  ")[0].strip(): re.findall(r"-?\d+\.\d+", line[len(line.split("  ")[0]) :])
            for line in output.splitlines()
            if line.startswith(bet + " ")
        }
        wins = {name: float(figures[0]) for name, figures in rows.items()}
        assert wins[f"{bet} never"] == 0.0
        counts = [name for name in wins if "count >=" in name]
        assert len(counts) >= 3
        assert all(wins[f"{bet} perfect play"] >= wins[name] for name in counts)
    bets = {
        trigger: float(re.findall(r"-?\d+\.\d+", line)[4])
        for trigger in ("0", "1")
        for line in output.splitlines()
        if line.startswith(f"dragon_7 how_dragon_7 running count >= {trigger} ")
    }
    assert bets["1"] <= bets["0"]


CHECKS: dict[str, Callable[[str], None]] = {
    "counting_study": check_counting_study,
    "reddog_par_sheet": check_reddog_par_sheet,
    "depleted_shoe": check_depleted_shoe,
    "pool_hand_advice": check_pool_hand_advice,
    "baccarat_side_bet": check_baccarat_side_bet,
    "baccarat_custom_bet": check_baccarat_custom_bet,
}


def test_every_example_is_checked() -> None:
    assert {path.stem for path in EXAMPLES.glob("*.py")} == set(CHECKS)


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_example_output(name: str) -> None:
    if not (EXAMPLES / f"{name}.py").exists():
        pytest.fail(f"examples/{name}.py is missing")
    CHECKS[name](run_example(name))
