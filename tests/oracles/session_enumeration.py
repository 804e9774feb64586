"""A session's net result by brute force, sharing no code with cardmath: every sequence of outcomes
for a few hands, and a plain convolution, hand after hand, for more.

A bet is given as ``{net result in steps: chance}`` with ``fractions.Fraction`` chances; results are
``{net result in steps: exact chance}`` of the sum over the hands.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from fractions import Fraction

__all__ = ["convolve", "cumulative", "enumerate_sequences", "percentile", "simulate_ahead"]


def enumerate_sequences(bet: Mapping[int, Fraction], hands: int) -> dict[int, Fraction]:
    """Every sequence of ``hands`` outcomes, its chance the product of the outcomes' chances."""
    found: dict[int, Fraction] = {}
    for sequence in itertools.product(bet.items(), repeat=hands):
        chance = Fraction(1)
        for _, p in sequence:
            chance *= p
        total = sum(step for step, _ in sequence)
        found[total] = found.get(total, Fraction(0)) + chance
    return {step: p for step, p in found.items() if p}


def convolve(bet: Mapping[int, Fraction], hands: int) -> dict[int, Fraction]:
    """The distribution after each hand from the one before, one hand at a time."""
    current = {0: Fraction(1)}
    for _ in range(hands):
        following: dict[int, Fraction] = {}
        for total, p in current.items():
            for step, q in bet.items():
                following[total + step] = following.get(total + step, Fraction(0)) + p * q
        current = following
    return {step: p for step, p in current.items() if p}


def cumulative(distribution: Mapping[int, Fraction]) -> list[tuple[int, Fraction]]:
    """``(result, chance of that result or lower)`` from the lowest result."""
    running, rows = Fraction(0), []
    for step in sorted(distribution):
        running += distribution[step]
        rows.append((step, running))
    return rows


def percentile(distribution: Mapping[int, Fraction], q: Fraction) -> int:
    """The lowest result whose running chance reaches ``q``."""
    return next(step for step, running in cumulative(distribution) if running >= q)


def simulate_ahead(bet: Mapping[int, Fraction], hands: int, sessions: int, seed: int) -> int:
    """How many of ``sessions`` simulated sessions end above 0."""
    generator = random.Random(seed)
    steps = list(bet)
    weights = [float(bet[step]) for step in steps]
    ahead = 0
    for _ in range(sessions):
        if sum(generator.choices(steps, weights, k=hands)) > 0:
            ahead += 1
    return ahead
