"""The common side bets of baccarat, as rules of the final deal and pay tables.

Each is a :class:`SideBet`: a name, a rule (a function of the final
:class:`~cardmath.games.baccarat.deal.Deal` naming the outcome), its pays in par-sheet order and
its display name.  :mod:`cardmath.games.baccarat.bets` makes them built-in bets.  The bets and
the houses that offer them are told on the game's page, docs/games/baccarat.md:

- Egalité: a tie on one total, 0 to 9 (one bet per total);
- natural 8 and natural 9 on either hand, the bets Thorp and Walden beat by counting;
- 4-5-6: five or six cards dealt (four cards is the Small bet);
- the Tiger bets (a winning banker 6, in two or three cards, or a tie on 6), Lucky 6 and Super 6;
- 88/89/98/99: both hands end on 8 or 9.

>>> [bet.name for bet in SIDE_BETS][:3]
['egalite_0', 'egalite_1', 'egalite_2']
>>> from cardmath.games.baccarat.deal import Deal
>>> SIDE_BETS_BY_NAME["tiger"].rule(Deal(4, 6, 3, 3, 1, 2))
'three-card win with 6'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from cardmath.games.baccarat.deal import Deal
from cardmath.games.baccarat.rules import Winner

__all__ = ["EGALITE_PAYS", "SIDE_BETS", "SIDE_BETS_BY_NAME", "SideBet"]

EGALITE_PAYS: dict[int, int] = {0: 150, 1: 215, 2: 225, 3: 200, 4: 120, 5: 110, 6: 45, 7: 45, 8: 80, 9: 80}
"""The pay (to 1) of the Egalité bet on each total, as the Wizard of Odds lists it for England."""


@dataclass(frozen=True)
class SideBet:
    """A side bet's definition: what :meth:`~cardmath.games.baccarat.bets.Bet.define` takes.

    >>> SIDE_BETS_BY_NAME["super_6"].pays
    {'win with 6': 12, 'lose': -1}
    """

    name: str
    rule: Callable[[Deal], str]
    pays: Mapping[str, int]
    label: str
    description: str


def _egalite(total: int) -> Callable[[Deal], str]:
    def rule(deal: Deal) -> str:
        return f"tie on {total}" if deal.winner is Winner.TIE and deal.player_total == total else "lose"

    return rule


def _natural(side: str, total: int) -> Callable[[Deal], str]:
    def rule(deal: Deal) -> str:
        cards, points = (
            (deal.player_cards, deal.player_total)
            if side == "player"
            else (deal.banker_cards, deal.banker_total)
        )
        return f"natural {total}" if cards == 2 and points == total else "lose"

    return rule


def _cards_dealt(count: int) -> Callable[[Deal], str]:
    words = {5: "five cards", 6: "six cards"}[count]

    def rule(deal: Deal) -> str:
        return words if deal.cards_dealt == count else "lose"

    return rule


def _banker_six(deal: Deal) -> str:
    if deal.winner is not Winner.BANKER or deal.banker_total != 6:
        return "lose"
    return "two-card win with 6" if deal.banker_cards == 2 else "three-card win with 6"


def _small_tiger(deal: Deal) -> str:
    return "two-card win with 6" if _banker_six(deal) == "two-card win with 6" else "lose"


def _big_tiger(deal: Deal) -> str:
    return "three-card win with 6" if _banker_six(deal) == "three-card win with 6" else "lose"


def _tiger_tie(deal: Deal) -> str:
    return "tie on 6" if deal.winner is Winner.TIE and deal.player_total == 6 else "lose"


def _super_6(deal: Deal) -> str:
    return "lose" if _banker_six(deal) == "lose" else "win with 6"


def _eights_and_nines(deal: Deal) -> str:
    return "both 8 or 9" if deal.player_total >= 8 and deal.banker_total >= 8 else "lose"


def _side_bets() -> tuple[SideBet, ...]:
    bets = [
        SideBet(
            f"egalite_{total}",
            _egalite(total),
            {f"tie on {total}": pay, "lose": -1},
            f"Egalité {total}",
            f"the hands tie on {total}, {pay} to 1",
        )
        for total, pay in EGALITE_PAYS.items()
    ]
    for side in ("player", "banker"):
        for total in (8, 9):
            bets.append(
                SideBet(
                    f"{side}_natural_{total}",
                    _natural(side, total),
                    {f"natural {total}": 9, "lose": -1},
                    f"{side.title()} natural {total}",
                    f"the {side}'s first two cards total {total}, 9 to 1",
                )
            )
    bets += [
        SideBet(
            "five_cards",
            _cards_dealt(5),
            {"five cards": 2, "lose": -1},
            "4-5-6: five cards",
            "five cards are dealt, 2 to 1",
        ),
        SideBet(
            "six_cards",
            _cards_dealt(6),
            {"six cards": 2, "lose": -1},
            "4-5-6: six cards",
            "six cards are dealt, 2 to 1",
        ),
        SideBet(
            "tiger",
            _banker_six,
            {"three-card win with 6": 20, "two-card win with 6": 12, "lose": -1},
            "Tiger",
            "the banker wins with 6: 12 to 1 in two cards, 20 to 1 in three",
        ),
        SideBet(
            "small_tiger",
            _small_tiger,
            {"two-card win with 6": 22, "lose": -1},
            "Small Tiger",
            "the banker wins with a two-card 6, 22 to 1",
        ),
        SideBet(
            "big_tiger",
            _big_tiger,
            {"three-card win with 6": 50, "lose": -1},
            "Big Tiger",
            "the banker wins with a three-card 6, 50 to 1",
        ),
        SideBet(
            "tiger_tie", _tiger_tie, {"tie on 6": 35, "lose": -1}, "Tiger Tie", "the hands tie on 6, 35 to 1"
        ),
        SideBet(
            "lucky_6",
            _banker_six,
            {"three-card win with 6": 23, "two-card win with 6": 12, "lose": -1},
            "Lucky 6",
            "the banker wins with 6: 12 to 1 in two cards, 23 to 1 in three",
        ),
        SideBet(
            "super_6", _super_6, {"win with 6": 12, "lose": -1}, "Super 6", "the banker wins with 6, 12 to 1"
        ),
        SideBet(
            "88_89_98_99",
            _eights_and_nines,
            {"both 8 or 9": 20, "lose": -1},
            "88/89/98/99",
            "both hands end on 8 or 9, 20 to 1",
        ),
    ]
    return tuple(bets)


SIDE_BETS: tuple[SideBet, ...] = _side_bets()
"""The side bets, in their usual order."""

SIDE_BETS_BY_NAME: dict[str, SideBet] = {bet.name: bet for bet in SIDE_BETS}
"""The side bets by name."""
