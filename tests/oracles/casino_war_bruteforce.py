"""Casino War by brute force over physical cards, sharing no code with cardmath.

A shoe is a plain list of cards, one entry per physical card, each a pair ``(rank, suit)`` with the
rank 2 to 14 (ace high) and the suit a letter; two decks hold two equal entries of each card.
Every ordered deal of distinct physical cards is walked: the player's card, the dealer's, and on a
tie three burned cards and one war card each, seven cards in all.  Nothing is assumed about the
burned cards: every ordered choice of them is walked too.  A deal of ``k`` cards has the chance
``1 / ff(N, k)``.  With ``with_replacement=True`` every card is drawn from the whole list again
(the infinite-deck limit of that composition): the draws are independent, so the three burns
multiply every war's count by ``N ** 3`` and are not walked.

The rules, as the game states them: the higher first card wins 1 to 1; on a tie the player
surrenders half the bet, or goes to war: he raises one unit, wins the raise 1 to 1 (the bet
pushes) when his war card is higher or equal, is paid ``bonus`` more on the bet when the war
cards tie, and loses both units when it is lower.  The tie bet wins ``pays`` to 1 when the first
two cards tie.  Exact figures are ``fractions.Fraction``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

__all__ = ["RANK_OF", "MainFigures", "PhysicalCard", "Tally", "deck", "main_bet", "tally", "tie_bet"]

PhysicalCard = tuple[int, str]

RANK_OF = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, **{str(n): n for n in range(2, 10)}}


def deck(ranks: str = "23456789TJQKA", suits: str = "cdhs", copies: int = 1) -> list[PhysicalCard]:
    """``copies`` decks of the given ranks and suits, as physical cards."""
    return [(RANK_OF[r], s) for r in ranks for s in suits] * copies


def _falling(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result *= n - i
    return result


@dataclass(frozen=True)
class Tally:
    """Every deal counted: the first two cards (``wins``, ``losses`` and the ties of each rank,
    out of ``pairs`` deals of two), and each tied rank's wars (``"won"``, ``"tie"``, ``"lost"``,
    out of ``sevens`` deals of seven)."""

    pairs: int
    sevens: int
    wins: int
    losses: int
    ties: dict[int, int]
    wars: dict[int, Counter[str]]


def _war(player: PhysicalCard, dealer: PhysicalCard) -> str:
    if player[0] == dealer[0]:
        return "tie"
    return "won" if player[0] > dealer[0] else "lost"


def tally(shoe: Sequence[PhysicalCard], *, with_replacement: bool = False) -> Tally:
    """Walk every deal of the shoe (see the module's notes)."""
    n = len(shoe)
    wins = losses = 0
    ties: Counter[int] = Counter()
    wars: dict[int, Counter[str]] = {}
    indices = range(n)
    for i in indices:
        for j in indices:
            if i == j and not with_replacement:
                continue
            player, dealer = shoe[i], shoe[j]
            if player[0] != dealer[0]:
                wins += player[0] > dealer[0]
                losses += player[0] < dealer[0]
                continue
            ties[player[0]] += 1
            war = wars.setdefault(player[0], Counter())
            if with_replacement:
                for a in indices:
                    for b in indices:
                        war[_war(shoe[a], shoe[b])] += n**3
                continue
            rest = [shoe[k] for k in indices if k not in (i, j)]
            for dealt in itertools.permutations(rest, 5):
                war[_war(dealt[3], dealt[4])] += 1
    pairs = n * n if with_replacement else _falling(n, 2)
    sevens = n**7 if with_replacement else _falling(n, 7)
    return Tally(pairs, sevens, wins, losses, dict(ties), wars)


@dataclass(frozen=True)
class MainFigures:
    """The main bet played one way: each outcome's chance, the house edge, the expected total
    staked (the raise counted) and the element of risk, and the choice made on each tied rank."""

    probabilities: dict[str, Fraction]
    house_edge: Fraction
    expected_stake: Fraction
    element_of_risk: Fraction
    choices: dict[int, str]


def main_bet(counts: Tally, on_tie: str, bonus: Fraction = Fraction(0)) -> MainFigures:
    """The main bet when the player goes to war (``"war"``), surrenders (``"surrender"``), or
    (``"best"``) does, for each tied rank, whichever is worth more (war when equal)."""
    nets = {"won": Fraction(1), "tie": 1 + bonus, "lost": Fraction(-2)}
    chances = {
        "win": Fraction(counts.wins, counts.pairs),
        "lose": Fraction(counts.losses, counts.pairs),
    }
    choices: dict[int, str] = {}
    for rank, pairs in counts.ties.items():
        war = {word: Fraction(k, counts.sevens) for word, k in counts.wars[rank].items()}
        surrender = Fraction(pairs, counts.pairs)
        worth_war = sum(nets[word] * p for word, p in war.items())
        choice = on_tie if on_tie != "best" else "war" if worth_war >= -surrender / 2 else "surrender"
        choices[rank] = choice
        if choice == "surrender":
            chances["surrender"] = chances.get("surrender", Fraction(0)) + surrender
        else:
            for word, p in war.items():
                chances[f"war, {word}"] = chances.get(f"war, {word}", Fraction(0)) + p
    net = {"win": Fraction(1), "lose": Fraction(-1), "surrender": Fraction(-1, 2)}
    net.update({f"war, {word}": value for word, value in nets.items()})
    edge = -sum((net[name] * p for name, p in chances.items()), Fraction(0))
    stake = sum(((2 if name.startswith("war") else 1) * p for name, p in chances.items()), Fraction(0))
    return MainFigures(chances, edge, stake, edge / stake, choices)


def tie_bet(counts: Tally, pays: Fraction = Fraction(10)) -> Fraction:
    """The house edge of the tie bet at ``pays`` to 1."""
    tie = Fraction(sum(counts.ties.values()), counts.pairs)
    return -(pays * tie - (1 - tie))
