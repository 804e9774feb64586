"""Advice for a High Card Pool hand.

It is your turn in a five-card game of High Card Pool. You hold A♠ 9♥ 8♥ Q♦ 4♣. Before you, one
player lost and showed his whole hand (K♠ 7♠ J♥ 5♦ 3♣), and the card that beat him, the Q♠, was
turned face up. The pool holds 12 chips, the ante is 1, and your bankroll is 40 chips.
What is your chance, and what should you bet?
"""

from __future__ import annotations

from cardmath.games import pool
from cardmath.output import percent_text

HAND = "As,9h,8h,Qd,4c"
SEEN = "Ks,7s,Jh,5d,3c,Qs"  # the loser's hand and the decision card that beat him
POOL, ANTE, BANKROLL = 12, 1, 40

chance = pool.explain(HAND, SEEN, hand_size=5)
print(f"hand {HAND}, seen {SEEN}")
print(chance.explanation())
print(f"ignoring what was shown, the chance would be {pool.win_probability(HAND)}")
print()

best = pool.best_bet(chance.win_probability, pool=POOL, ante=ANTE)
print(
    f"best bet for the expected gain: {best.action} {best.amount} chips,"
    f" gaining {best.expected_gain} on average"
)
kelly = pool.kelly_bet(chance.win_probability, bankroll=BANKROLL, pool=POOL, ante=ANTE)
print(
    f"Kelly bet for a bankroll of {BANKROLL}: {kelly.action} {kelly.amount} chips "
    f"({percent_text(kelly.fraction, 2)} of the bankroll), gaining {kelly.expected_gain} on average"
)
print()
hands = pool.distribution(5)
print(
    f"for comparison, a random five-card hand on a fresh pack wins with chance {hands.win_probability}"
    f" = {percent_text(hands.win_probability, 2)};"
)
print(f"{hands.favourable_hands:,} of the {hands.hands:,} five-card hands have a chance above 1/2")
