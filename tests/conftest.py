"""Test-suite settings and shared fixtures.

Property tests run without a per-example deadline (the machines that run them are shared and
their timings are noise), and under CI with a fixed seed, so that a run can be repeated exactly.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from cardmath.games.baccarat import GAME
from cardmath.lattice import LatticeBet
from cardmath.shoe import Shoe

settings.register_profile("cardmath", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("cardmath")


@pytest.fixture(scope="session")
def player() -> LatticeBet:
    """Baccarat's Player bet on 8 decks, on its lattice (the risk tests' even-money bet)."""
    return LatticeBet.of(GAME, "player", Shoe.standard(8))


@pytest.fixture(scope="session")
def banker() -> LatticeBet:
    """Baccarat's Banker bet on 8 decks, on its lattice of twentieths."""
    return LatticeBet.of(GAME, "banker", Shoe.standard(8))
