"""A par sheet's swing from its published JSON alone, sharing no code with cardmath.

The outcomes are read from the file's rows (``pays`` and ``probability`` as the text of exact
fractions) into ``fractions.Fraction``; the session of ``n`` hands is convolved hand after hand in
whole numbers (each net result in whole multiples of the common denominator of the pays, each
chance in whole multiples of the common denominator of the chances), and a percentile is read by
running down the sums from the lowest result.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

__all__ = ["central_range", "outcomes_of", "session", "variance"]


def outcomes_of(document: Mapping[str, Any]) -> list[tuple[Fraction, Fraction]]:
    """``(net result per unit bet, chance)`` of every outcome row of a published par sheet (the
    total row left out)."""
    return [
        (Fraction(str(row["pays"])), Fraction(str(row["probability"])))
        for row in document["rows"]
        if row["outcome"] != "total"
    ]


def variance(outcomes: Sequence[tuple[Fraction, Fraction]]) -> Fraction:
    """The variance of one hand's net result: the mean square less the square of the mean."""
    mean = sum((pays * chance for pays, chance in outcomes), Fraction(0))
    square = sum((pays * pays * chance for pays, chance in outcomes), Fraction(0))
    return square - mean * mean


def session(outcomes: Sequence[tuple[Fraction, Fraction]], hands: int) -> tuple[int, dict[int, int], int]:
    """The exact distribution of the net result of ``hands`` hands: ``(step, weights, total)``,
    the net result ``k * step`` (``step = 1 / step`` units) having chance ``weights[k] / total``."""
    pays_denominator = math.lcm(*(pays.denominator for pays, chance in outcomes if chance))
    chance_denominator = math.lcm(*(chance.denominator for _, chance in outcomes if chance))
    one: dict[int, int] = {}
    for pays, chance in outcomes:
        if chance:
            key = int(pays * pays_denominator)
            one[key] = one.get(key, 0) + int(chance * chance_denominator)
    current = {0: 1}
    for _ in range(hands):
        following: dict[int, int] = {}
        for total, weight in current.items():
            for key, count in one.items():
                following[total + key] = following.get(total + key, 0) + weight * count
        current = following
    return pays_denominator, current, chance_denominator**hands


def central_range(distribution: tuple[int, dict[int, int], int], mass: Fraction) -> tuple[Fraction, Fraction]:
    """The net results (units of the bet) from the ``(1 - mass) / 2`` to the ``(1 + mass) / 2``
    percentile, each the lowest result whose running chance reaches it."""
    step, weights, total = distribution
    ends = []
    for wanted in ((1 - mass) / 2, (1 + mass) / 2):
        running = 0
        for key in sorted(weights):
            running += weights[key]
            if running * wanted.denominator >= wanted.numerator * total:  # running / total >= wanted
                ends.append(Fraction(key, step))
                break
    return ends[0], ends[1]
