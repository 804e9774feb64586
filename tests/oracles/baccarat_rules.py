"""An independent reading of every built-in baccarat bet's rules, for the oracles.

It shares no code with the engine: it names each bet's outcome from the plain facts of a final
deal (each hand's points and number of cards, and whether its first two cards are a pair), as the
rules of each bet are stated on the game's documentation page.
"""

from __future__ import annotations

__all__ = ["DealFacts", "classify"]

DealFacts = tuple[int, int, int, int, bool, bool]
"""(player points, banker points, player cards, banker cards, player pair, banker pair)."""


def classify(bet: str, deal: DealFacts) -> str:
    """The outcome name of a bet for a final deal (player points, banker points, player cards,
    banker cards, player pair, banker pair), read from the rules
    as the game's documentation page states them."""
    pt, bt, pn, bn, player_pair, banker_pair = deal
    winner = "player" if pt > bt else "banker" if bt > pt else "tie"
    naturals = {"player": pn == 2 and pt >= 8, "banker": bn == 2 and bt >= 8}
    if bet in ("player", "banker"):
        return "tie" if winner == "tie" else "win" if winner == bet else "lose"
    if bet == "banker_no_commission":
        return "win with 6" if winner == "banker" and bt == 6 else classify("banker", deal)
    if bet == "ez_banker":
        if winner == "banker" and bn == 3 and bt == 7:
            return "win with three-card 7"
        return classify("banker", deal)
    if bet == "tie":
        return "tie" if winner == "tie" else "no tie"
    if bet == "player_pair":
        return "pair" if player_pair else "no pair"
    if bet == "banker_pair":
        return "pair" if banker_pair else "no pair"
    if bet == "either_pair":
        return "pair" if player_pair or banker_pair else "no pair"
    if bet.startswith("dragon_bonus_"):
        side = bet.removeprefix("dragon_bonus_")
        if winner == side:
            if naturals[side]:
                return "natural win"
            return f"win by {abs(pt - bt)}" if abs(pt - bt) >= 4 else "lose"
        return "natural tie" if winner == "tie" and naturals["player"] else "lose"
    if bet == "dragon_7":
        return "win" if winner == "banker" and bn == 3 and bt == 7 else "lose"
    if bet == "panda_8":
        return "win" if winner == "player" and pn == 3 and pt == 8 else "lose"
    if bet == "big":
        return "five or six cards" if pn + bn >= 5 else "four cards"
    if bet == "small":
        return "four cards" if pn + bn == 4 else "five or six cards"
    raise AssertionError(bet)
