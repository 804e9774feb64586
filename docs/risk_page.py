"""The generated charts of the page on how a bet swings (``risk.md``), from the library.

- ``<!-- cardmath:answer -->``: the page's answer card (the chance of being ahead after
  :data:`ANSWER_HANDS` Banker bets, and of losing :data:`ANSWER_BANKROLL` units before winning as
  much), under its title;
- ``<!-- cardmath:session-chart -->``: the exact distribution of the net result after a session
  against the normal curve of the same mean and spread (its density on the reachable results),
  for baccarat's Player bet after :data:`PLAYER_HANDS` hands and the Tie bet after
  :data:`TIE_HANDS` hands: one chart each, drawn in a wide and a narrow drawing by
  ``docs/charts.py`` (``chart_files`` and ``chart_markup`` of ``docs/gen_pages.py``, passed in);
- ``<!-- cardmath:ruin-chart -->``: the exact chance of ruin against the starting bankroll, for a
  fixed target, of the Player and Banker bets (``cardmath.risk.ruin_by_bankroll``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

from answer_card import answer_box, figure_line
from sympy import Rational

from cardmath.games.baccarat import GAME
from cardmath.risk import LatticeBet, risk_of_ruin, ruin_by_bankroll, session_distribution
from cardmath.shoe import Shoe
from cardmath.table import Chart, Series

__all__ = [
    "BANKROLLS",
    "DECKS",
    "PLAYER_HANDS",
    "RUIN_TARGET",
    "TIE_HANDS",
    "risk_markers",
    "ruin_chart",
    "session_chart",
]

DECKS = 8
"""The shoe of every chart: 8 fresh decks."""

PLAYER_HANDS = 100
"""The hands of the Player bet's session chart."""

TIE_HANDS = 60
"""The hands of the Tie bet's session chart: few enough that its skew shows."""

BANKROLLS = (5, 10, 15, 20, 30, 40, 50, 60, 80, 100)
"""The starting bankrolls, in units, of the ruin chart."""

RUIN_TARGET = 50
"""The target gain, in units, of the ruin chart."""


def _bet(name: str) -> LatticeBet:
    """A baccarat bet on :data:`DECKS` decks."""
    return LatticeBet.of(GAME, name, Shoe.standard(DECKS))


def session_chart(name: str, hands: int, title: str, most: int = 81) -> Chart:
    """The exact chance of each net result after ``hands`` hands of a baccarat bet (the ``most``
    central results within reach, in the central 99.9 %), and the normal curve's density times
    the spacing of the results at each of them, both in percent."""
    bet = _bet(name)
    session = session_distribution(bet, hands)
    mean, deviation = float(session.mean), math.sqrt(float(session.variance))
    low, high = session.range_holding(Rational(999, 1000))  # the tails beyond hold 1 in 1,000
    reached = [(float(value), float(chance)) for value, chance in session.results()]
    spacing = min(b[0] - a[0] for a, b in itertools.pairwise(reached))
    reached = [(x, chance) for x, chance in reached if float(low) <= x <= float(high)]
    middle = min(range(len(reached)), key=lambda i: abs(reached[i][0] - mean))
    first = max(0, min(middle - most // 2, len(reached) - most))
    shown = reached[first : first + most]
    exact = tuple((x, 100 * chance) for x, chance in shown)
    density = tuple(
        (
            x,
            100
            * spacing
            * math.exp(-(((x - mean) / deviation) ** 2) / 2)
            / (deviation * math.sqrt(2 * math.pi)),
        )
        for x, _ in shown
    )
    return Chart(
        f"risk-session-{name}",
        title,
        "net result after the session, units",
        "chance, %",
        (Series("exact", exact), Series("normal curve", density)),
    )


def ruin_chart() -> Chart:
    """The exact chance of ruin before a gain of :data:`RUIN_TARGET` units, against the bankroll,
    for the Player and the Banker bets, one line each."""
    lines = tuple(
        Series(name, ruin_by_bankroll(_bet(name), BANKROLLS, RUIN_TARGET).series[0].points)
        for name in ("player", "banker")
    )
    return Chart(
        "risk-of-ruin-by-bankroll",
        f"Chance of ruin before a gain of {RUIN_TARGET} units, {DECKS} decks",
        "bankroll, units",
        "chance of ruin, %",
        lines,
    )


ANSWER_HANDS = 100
"""The hands of the answer card's session."""

ANSWER_BANKROLL = 50
"""The bankroll and target, in units, of the answer card's ruin figure."""


def answer() -> str:
    """The page's answer card: the chance of being ahead after a session of Banker bets, and the
    chance a bankroll is lost before it doubles, with the hands that takes on average."""
    banker = _bet("banker")
    ahead = session_distribution(banker, ANSWER_HANDS).chance_ahead
    ruin = risk_of_ruin(banker, ANSWER_BANKROLL, ANSWER_BANKROLL)
    shoe = f"{DECKS} decks"
    return answer_box(
        [
            figure_line(ahead, f"chance of being ahead after {ANSWER_HANDS} Banker bets of one unit, {shoe}"),
            figure_line(
                ruin.ruin_chance,
                f"chance of losing a bankroll of {ANSWER_BANKROLL} units before winning "
                f"{ANSWER_BANKROLL} more, betting Banker, {float(ruin.expected_hands):,.0f} hands on average",
            ),
            "Computed exactly when this site was built. Below: "
            "[a session of n hands](#a-session-of-n-hands), [risk of ruin](#risk-of-ruin), "
            "[the house's view](#the-houses-view).",
        ]
    )


def risk_markers(
    draw: Callable[[Chart], Sequence[Chart]], markup: Callable[..., str]
) -> dict[str, Callable[[str], str]]:
    """What each marker of the page becomes; ``draw`` writes a chart's drawings into the site and
    ``markup`` places them (those of ``docs/gen_pages.py``)."""
    player = f"Player, {PLAYER_HANDS} hands: exact chances and the normal curve"
    tie = f"Tie (8 to 1), {TIE_HANDS} hands: exact chances and the normal curve"
    return {
        "answer": lambda _: answer(),
        "session-chart": lambda _: "\n".join(
            markup(draw(chart), prefix="")
            for chart in (session_chart("player", PLAYER_HANDS, player), session_chart("tie", TIE_HANDS, tie))
        ),
        "ruin-chart": lambda _: markup(draw(ruin_chart()), prefix=""),
    }
