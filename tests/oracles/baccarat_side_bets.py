"""An oracle for baccarat's side bets: each bet's rule written again on the naive oracle's deals.

The naive oracle (:mod:`tests.oracles.baccarat_naive`) deals every card physically and counts
each final (points, cards) of both hands; here each side bet is a plain function of that key
(sharing no code with the engine's rules), and its house edge is summed exactly.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction

from tests.oracles.baccarat_naive import DealKey, deal_counts

__all__ = ["RULES", "house_edge", "win_counts"]


Rule = Callable[[DealKey], int]


def _banker_six(key: DealKey) -> int:
    """1 for a banker win with a two-card 6, 2 with a three-card 6, else 0."""
    return key[3] - 1 if key[1] > key[0] and key[1] == 6 else 0


def _tie_on(total: int) -> Rule:
    return lambda key: int(key[0] == key[1] == total)


def _natural(index: int, total: int) -> Rule:
    return lambda key: int(key[2 + index] == 2 and key[index] == total)


def _cards(count: int) -> Rule:
    return lambda key: int(key[2] + key[3] == count)


def _rules() -> dict[str, tuple[Rule, dict[int, int]]]:
    """For each bet: a function giving the winning class (0 for a loss) and each class's pay."""
    egalite = {0: 150, 1: 215, 2: 225, 3: 200, 4: 120, 5: 110, 6: 45, 7: 45, 8: 80, 9: 80}
    rules: dict[str, tuple[Rule, dict[int, int]]] = {}
    for total, pay in egalite.items():
        rules[f"egalite_{total}"] = (_tie_on(total), {1: pay})
    for side, index in (("player", 0), ("banker", 1)):
        for total in (8, 9):
            rules[f"{side}_natural_{total}"] = (_natural(index, total), {1: 9})
    rules["five_cards"] = (_cards(5), {1: 2})
    rules["six_cards"] = (_cards(6), {1: 2})
    rules["tiger"] = (_banker_six, {1: 12, 2: 20})
    rules["lucky_6"] = (_banker_six, {1: 12, 2: 23})
    rules["small_tiger"] = (lambda key: int(_banker_six(key) == 1), {1: 22})
    rules["big_tiger"] = (lambda key: int(_banker_six(key) == 2), {1: 50})
    rules["tiger_tie"] = (_tie_on(6), {1: 35})
    rules["super_6"] = (lambda key: int(_banker_six(key) > 0), {1: 12})
    rules["88_89_98_99"] = (lambda key: int(key[0] in (8, 9) and key[1] in (8, 9)), {1: 20})
    return rules


RULES = _rules()
"""Each side bet's rule (the winning class of a deal, 0 for a loss) and the pay of each class."""


@functools.cache
def _deals(rank_counts: tuple[int, ...]) -> dict[DealKey, int]:
    return deal_counts(list(rank_counts))


def win_counts(name: str, rank_counts: list[int]) -> dict[int, int]:
    """The padded number of deals of each class (0: lost) of bet ``name`` on a shoe."""
    rule, _ = RULES[name]
    counts: dict[int, int] = {}
    for key, count in _deals(tuple(rank_counts)).items():
        won = rule(key)
        counts[won] = counts.get(won, 0) + count
    return counts


def house_edge(name: str, rank_counts: list[int]) -> Fraction:
    """The exact house edge of bet ``name`` on a shoe."""
    _, pays = RULES[name]
    counts = win_counts(name, rank_counts)
    total = sum(counts.values())
    expected = sum((Fraction(pays.get(won, -1) * count, total) for won, count in counts.items()), Fraction(0))
    return -expected
