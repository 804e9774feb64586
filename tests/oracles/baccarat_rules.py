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
    return _side_bet(bet, deal)


def _side_bet(bet: str, deal: DealFacts) -> str:
    """The side bets: Egalité, naturals, 4-5-6, the Tiger bets, Lucky 6, Super 6, 88/89/98/99."""
    pt, bt, pn, bn, _, _ = deal
    banker_six = bt > pt and bt == 6
    six = ("two-card" if bn == 2 else "three-card") + " win with 6"
    if bet.startswith("egalite_"):
        total = int(bet.removeprefix("egalite_"))
        return f"tie on {total}" if pt == bt == total else "lose"
    if bet.startswith(("player_natural_", "banker_natural_")):
        side, _sep, wanted_total = bet.partition("_natural_")
        cards, points = (pn, pt) if side == "player" else (bn, bt)
        return f"natural {wanted_total}" if cards == 2 and points == int(wanted_total) else "lose"
    if bet in ("five_cards", "six_cards"):
        wanted = 5 if bet == "five_cards" else 6
        return bet.replace("_", " ") if pn + bn == wanted else "lose"
    if bet in ("tiger", "lucky_6"):
        return six if banker_six else "lose"
    if bet == "small_tiger":
        return six if banker_six and bn == 2 else "lose"
    if bet == "big_tiger":
        return six if banker_six and bn == 3 else "lose"
    if bet == "tiger_tie":
        return "tie on 6" if pt == bt == 6 else "lose"
    if bet == "super_6":
        return "win with 6" if banker_six else "lose"
    if bet == "88_89_98_99":
        return "both 8 or 9" if pt >= 8 and bt >= 8 else "lose"
    raise AssertionError(bet)
