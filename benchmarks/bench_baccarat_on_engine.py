"""Baccarat's deal in the engine's words, timed against baccarat's own counting, in one run.

Run with ``python benchmarks/bench_baccarat_on_engine.py`` from the project root.

Baccarat keeps a counter of its own (``cardmath.games.baccarat``: the deals grouped by the
multiset of card *values*, ten values, with the drawing rules read once per class).  The engine can
say the same deal as data: four cards, then the player's third card *when* the tableau says so, then
the banker's, each a :class:`~cardmath.engine.dealing.Step` with a ``when`` test, counted by the
engine's deal-by-deal counter over ranks.  This script defines the three main bets that way, checks
that both give the same exact house edges on 1, 8 decks and a depleted shoe, and prints the time of
each path (first call and warm) and their ratio, so the question "should baccarat move onto the
engine?" is answered by a measurement rather than by taste.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fractions import Fraction

from timing import machine_line, report, time_call

from cardmath.bets import RuleBet
from cardmath.cards import Rank
from cardmath.engine.dealing import Dealing, Dealt, Reads, Step
from cardmath.engine.tally import DealCounter
from cardmath.games import baccarat
from cardmath.shoe import Shoe

MAIN_BETS = ("player", "banker", "tie")


def value(rank: Rank) -> int:
    """A card's baccarat value: ace 1, two to nine their pips, tens and faces 0."""
    return 1 if rank is Rank.ACE else (int(rank) if int(rank) < 10 else 0)


def _total(dealt: Dealt, positions: tuple[str, ...]) -> int:
    return sum(value(dealt.rank(p)) for p in positions if p in dealt) % 10


def _natural(dealt: Dealt) -> bool:
    return _total(dealt, ("P1", "P2")) >= 8 or _total(dealt, ("B1", "B2")) >= 8


def player_draws(dealt: Dealt) -> bool:
    """The player draws a third card on 0 to 5 unless either hand is a natural."""
    return not _natural(dealt) and _total(dealt, ("P1", "P2")) <= 5


def banker_draws(dealt: Dealt) -> bool:
    """The banker's tableau: on 0-5 when the player stood, else by the player's third card."""
    if _natural(dealt):
        return False
    banker = _total(dealt, ("B1", "B2"))
    if "P3" not in dealt:
        return banker <= 5
    third = value(dealt.rank("P3"))
    return (
        banker <= 2
        or (banker == 3 and third != 8)
        or (banker == 4 and 2 <= third <= 7)
        or (banker == 5 and 4 <= third <= 7)
        or (banker == 6 and third in (6, 7))
    )


DEALING = Dealing(
    (Step(("P1", "B1", "P2", "B2")), Step(("P3",), when=player_draws), Step(("B3",), when=banker_draws)),
    Reads.RANKS,
)


def winner(dealt: Dealt) -> str:
    """Who wins the coup: ``player``, ``banker`` or ``tie``."""
    player, banker = _total(dealt, ("P1", "P2", "P3")), _total(dealt, ("B1", "B2", "B3"))
    return "player" if player > banker else "banker" if banker > player else "tie"


BETS = [
    RuleBet.define(
        "player",
        lambda w: {"player": "win", "banker": "lose"}.get(w, "push"),
        {"win": 1, "lose": -1, "push": 0},
    ),
    RuleBet.define(
        "banker",
        lambda w: {"banker": "win", "player": "lose"}.get(w, "push"),
        {"win": "19/20", "lose": -1, "push": 0},
    ),
    RuleBet.define("tie", lambda w: "win" if w == "tie" else "lose", {"win": 8, "lose": -1}),
]


COUNTER = DealCounter(DEALING, winner, "Baccarat on the engine")
"""One counter for every call: its walk of the deals is made once, as each engine game keeps its own."""


def engine_edges(shoe: Shoe) -> dict[str, Fraction]:
    """The three main bets' house edges by the engine's counter over the dealing above."""
    tally = COUNTER.count([shoe], BETS)
    total = int(tally.totals[0])
    edges = {}
    for index, bet in enumerate(BETS):
        cells = [int(c) for c in tally.cells[index][0]]
        pays = [Fraction(str(p)) for _, p in bet.pays]
        edges[bet.name] = -sum((c * p for c, p in zip(cells, pays, strict=True)), Fraction(0)) / total
    return edges


def own_edges(shoe: Shoe) -> dict[str, Fraction]:
    """The same house edges by baccarat's own counting."""
    result = baccarat.GAME.analyze(shoe, baccarat.GAME.default_rules, bets=list(MAIN_BETS))
    document = baccarat.GAME.document(result)["bets"]
    return {name: Fraction(str(document[name]["house_edge"])) for name in MAIN_BETS}


def main() -> None:
    print(machine_line())
    depleted = Shoe.standard(8)
    for _ in range(6):
        depleted = depleted.without_rank(Rank.NINE)
    shoe = Shoe.standard(8)
    first_engine, _ = time_call(lambda: engine_edges(shoe))
    first_own, _ = time_call(lambda: own_edges(shoe))
    for label, shoe in (
        ("1 deck", Shoe.standard(1)),
        ("8 decks", Shoe.standard(8)),
        ("8 decks less six 9s", depleted),
    ):
        engine, own = engine_edges(shoe), own_edges(shoe)
        agree = "agree" if engine == own else f"DIFFER: engine {engine} own {own}"
        print(f"{label}: banker {float(own['banker']):.6%}, the two paths {agree}")
    shoe = Shoe.standard(8)
    warm_engine, _ = time_call(lambda: engine_edges(shoe), repeat=5)
    warm_own, _ = time_call(lambda: own_edges(shoe), repeat=5)
    print("Times: baccarat's own counting first, the engine's definition as the baseline")
    print(report("main bets, 8 decks, first call", first_own, first_engine))
    print(report("main bets, 8 decks, warm", warm_own, warm_engine))


if __name__ == "__main__":
    main()
