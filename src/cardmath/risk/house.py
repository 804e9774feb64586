"""The house's view of a table: its result over a shift and a month, and its hold.

A table deals ``h`` rounds an hour for a shift of ``H`` hours; its players bet ``A`` money units a
round on average, and sit out a share ``f`` of the rounds dealt.  Each shift the players play
``n = (1 - f) h H`` hands, and the house's result is ``-A`` times the players' net result in units
of the bet (:mod:`cardmath.risk.session`), the players read as one flat bettor of ``A`` a hand:

- its **distribution** over a shift is exact (``Rational`` chances) while ``n`` is within the
  bet's :func:`~cardmath.risk.session.max_exact_hands`, else the labelled normal approximation;
- the **chance the table loses** over a shift (its result below 0: the players ahead), and over a
  month of ``S`` shifts (``n S`` hands: exact when feasible, else approximated; ``method`` says);
- its **hold**.  In the trade, a table's *hold percentage* is its win divided by its *drop* (the
  cash and markers exchanged for chips at the table), while the *house edge* is the win expected
  per money wagered (the *handle*); chips won back are wagered again, so the handle is several
  times the drop and the hold percentage several times the edge (Kilby, Fox and Lucas, *Casino
  Operations Management*, 2nd ed., 2005, make the same distinction between hold and house
  advantage).  Sitting out does not change the edge on what is wagered, but it lowers the win per
  round dealt: ``(1 - f) * edge * A``.  Given ``churn``, the handle per unit of drop, the hold
  percentage is ``churn * edge`` (the drop cannot be found from the game alone).

>>> from cardmath.games.baccarat import GAME
>>> from cardmath.shoe import Shoe
>>> banker = LatticeBet.of(GAME, "banker", Shoe.standard(8))
>>> view = house_view(banker, hands_per_hour=60, hours=8, average_bet=25, shifts=30, sit_out="1/5")
>>> view.hands_played, round(float(view.expected_win), 2), view.method
(384, 101.56, 'exact')
>>> view.month_method.startswith("normal approximation")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sympy import Expr, Rational, sqrt

from cardmath.display import Displayed
from cardmath.errors import OptionError
from cardmath.lattice import LatticeBet
from cardmath.numbers import read_rational
from cardmath.risk.normal import NormalApproximation, normal_approximation
from cardmath.risk.session import SessionDistribution, max_exact_hands, session_distribution
from cardmath.swing import RANGE_MASSES, range_fields, result_text
from cardmath.table import Kind, Table
from cardmath.text import decimal_text, percent_text

__all__ = ["EXACT", "HouseView", "house_table", "house_view"]

EXACT = "exact"
"""The ``method`` of a figure computed exactly."""


@dataclass(frozen=True, repr=False)
class HouseView(Displayed):
    """A table's result for the house over a shift and a month of shifts, and its hold.

    Money figures are in the units of ``average_bet``; exact ones are ``Rational`` (or an exact
    SymPy expression for a standard deviation), approximated chances are floats.

    Args:
        bet: The bet's name.
        hands_per_hour: The rounds the table deals an hour.
        hours: The length of a shift, in hours.
        average_bet: The players' average bet a round, in money units.
        sit_out: The share of rounds dealt that the players sit out, from 0 up to (not) 1.
        shifts: The shifts of a month.
        edge: The bet's house edge: the house's expected win per money wagered.
        hands_played: The hands the players play in a shift, ``(1 - sit_out)`` of those dealt.
        expected_win: The house's expected result over a shift.
        standard_deviation: The standard deviation of the house's result over a shift.
        chance_table_loses: The chance the house's result over a shift is below 0.
        ranges: ``(chance held, lowest, highest)`` of the house's result over a shift, central.
        method: How the shift's figures were found: :data:`EXACT` or the approximation's label.
        month_expected_win: The house's expected result over the month.
        month_chance_table_loses: The chance the house's result over the month is below 0.
        month_method: How the month's chance was found.
        churn: The handle per unit of drop, if given; `None` when not.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> house_view(coin, hands_per_hour=2, hours=1, average_bet=10).chance_table_loses
    1/4
    >>> house_view(coin, hands_per_hour=2, hours=1, average_bet=10)  # doctest: +ELLIPSIS
    <HouseView: coin, 2 hands a shift at 10 a hand: expected house win 0.00 a shift, the table loses ...>
    """

    bet: str
    hands_per_hour: int
    hours: Rational
    average_bet: Rational
    sit_out: Rational
    shifts: int
    edge: Rational
    hands_played: int
    expected_win: Rational
    standard_deviation: Expr
    chance_table_loses: Any
    ranges: tuple[tuple[Rational, Any, Any], ...]
    method: str
    month_expected_win: Rational
    month_chance_table_loses: Any
    month_method: str
    churn: Rational | None = None

    @property
    def hands_dealt(self) -> int:
        """The rounds dealt in a shift, played or sat out."""
        return int(self.hands_per_hour * self.hours)

    @property
    def win_per_round_dealt(self) -> Rational:
        """The house's expected win per round dealt: ``(1 - sit_out) * edge * average_bet``."""
        return (1 - self.sit_out) * self.edge * self.average_bet

    @property
    def hold_on_handle(self) -> Rational:
        """The house's expected win per money wagered: the edge, whatever is sat out."""
        return self.edge

    @property
    def hold_percentage(self) -> Rational | None:
        """The trade's hold percentage, win per money of drop: ``churn * edge``; `None` without a
        churn."""
        return None if self.churn is None else self.churn * self.edge

    def summary(self) -> str:
        """The bet, the hands a shift, the house's expected win and the chances the table loses a
        shift and a month.

        Returns:
            One line, such as `banker, 480 hands a shift at 25 a hand: expected house win 126.95 ...`.
        """
        approximated = " (approximated)" if self.method != EXACT else ""
        month = " (approximated)" if self.month_method != EXACT else ""
        return (
            f"{self.bet}, {self.hands_played:,} hands a shift at {result_text(self.average_bet)} a hand: "
            f"expected house win {decimal_text(self.expected_win, 2)} a shift, the table loses "
            f"{_percent(self.chance_table_loses)} of shifts{approximated} and "
            f"{_percent(self.month_chance_table_loses)} of {self.shifts}-shift months{month}"
        )

    def display_tables(self) -> tuple[Table, ...]:
        """The figures as ``cardmath house`` prints them (:func:`house_table`).

        Returns:
            One table of figures and values.
        """
        return (house_table(self),)

    def conditions(self) -> dict[str, Any]:
        """The bet and the table's pace, stakes and month.

        Returns:
            `bet`, `hands_per_hour`, `hours`, `average_bet`, `sit_out`, `shifts` and `churn`.
        """
        return {
            "bet": self.bet,
            "hands_per_hour": self.hands_per_hour,
            "hours": self.hours,
            "average_bet": self.average_bet,
            "sit_out": self.sit_out,
            "shifts": self.shifts,
            "churn": self.churn,
        }

    def records(self) -> list[dict[str, Any]]:
        """One record: the conditions, then each figure in a column of its own (the ranges of the
        house's result over a shift as `range_90_low`, `range_90_high`...), so that the records of
        many tables stack.

        Returns:
            A list of one dictionary: exact values where the figure is exact, floats where approximated.
        """
        figures = {
            "hands_dealt": self.hands_dealt,
            "hands_played": self.hands_played,
            "edge": self.edge,
            "expected_win": self.expected_win,
            "standard_deviation": self.standard_deviation,
            "chance_table_loses": self.chance_table_loses,
            "method": self.method,
            **range_fields(self.ranges),
            "month_expected_win": self.month_expected_win,
            "month_chance_table_loses": self.month_chance_table_loses,
            "month_method": self.month_method,
            "win_per_round_dealt": self.win_per_round_dealt,
            "hold_percentage": self.hold_percentage,
        }
        return [{**self.conditions(), **figures}]


def _percent(value: Any) -> str:
    """An exact or approximated chance as a percentage, to 4 decimals."""
    return f"{value:.4%}" if isinstance(value, float) else percent_text(value)


def _whole(value: Any, what: str, least: int = 1) -> int:
    """A whole number of at least ``least``, else an error naming it."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise OptionError(f"{what} must be a whole number, {least} or more, not {value!r}")
    return value


def _chance_behind_house(bet: LatticeBet, hands: int) -> tuple[Any, str, SessionDistribution | None]:
    """The chance the players end ``hands`` hands ahead (the table losing), and how it was found."""
    if hands <= max_exact_hands(bet):
        session = session_distribution(bet, hands)
        return session.chance_ahead, EXACT, session
    return normal_approximation(bet, hands).chance_ahead, NormalApproximation.label, None


def house_view(
    bet: LatticeBet,
    *,
    hands_per_hour: int,
    hours: Any,
    average_bet: Any,
    shifts: int = 30,
    sit_out: Any = 0,
    churn: Any = None,
) -> HouseView:
    """The house's result over a shift and a month of a table dealing one bet, and its hold.

    Args:
        bet: The bet the players make, on its lattice.
        hands_per_hour: The rounds the table deals an hour, a whole number 1 or more.
        hours: The hours of a shift, an exact number above 0 (``7.5`` or ``"15/2"``).
        average_bet: The players' average bet a round in money units, an exact number above 0.
        shifts: The shifts of a month, a whole number 1 or more.
        sit_out: The share of rounds dealt that players sit out, an exact number from 0 to under 1.
        churn: The money wagered per money of drop, an exact number 1 or more, for the trade's hold
            percentage; `None` to leave it out.

    Returns:
        The shift's and the month's figures, exact where the session distribution is.

    Raises:
        OptionError: For a number out of range, or a shift whose hands dealt or played are not a
            whole number.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> house_view(coin, hands_per_hour=3, hours="1/2", average_bet=5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: a shift of 1/2 hours at 3 hands an hour deals 3/2 rounds: give ...
    """
    rate = _whole(hands_per_hour, "the hands an hour")
    length = read_rational(hours, "the hours of a shift", minimum=0, above_minimum=True)
    stake = read_rational(average_bet, "the average bet", minimum=0, above_minimum=True)
    month = _whole(shifts, "the shifts of a month")
    share = read_rational(sit_out, "the share of rounds sat out", minimum=0, maximum=Rational(99, 100))
    turnover = None if churn is None else read_rational(churn, "the churn", minimum=1)
    dealt, played = rate * length, (1 - share) * rate * length
    if dealt.q != 1:
        raise OptionError(
            f"a shift of {length} hours at {rate} hands an hour deals {dealt} rounds: give hours and "
            "hands an hour that make a whole number"
        )
    if played.q != 1 or played < 1:
        raise OptionError(
            f"sitting out {share} of {dealt} rounds leaves {played} hands played: give a share that "
            "leaves a whole number of hands, 1 or more"
        )
    hands = int(played)
    if hands * month > 10**12:
        raise OptionError(
            f"a month of {month:,} shifts of {hands:,} hands is more than the 10**12 hands the "
            "approximations take: give fewer hands, hours or shifts"
        )
    edge = -bet.mean
    loses, method, session = _chance_behind_house(bet, hands)
    if session is not None:
        spans = [session.range_holding(mass) for mass in RANGE_MASSES]
    else:
        spans = [
            (Rational(str(low)), Rational(str(high)))
            for _, low, high in normal_approximation(bet, hands).ranges
        ]
    ranges = tuple(
        (mass, -stake * high, -stake * low) for mass, (low, high) in zip(RANGE_MASSES, spans, strict=True)
    )
    month_loses, month_method, _ = _chance_behind_house(bet, hands * month)
    return HouseView(
        bet.name,
        rate,
        length,
        stake,
        share,
        month,
        edge,
        hands,
        hands * edge * stake,
        stake * sqrt(hands * bet.variance),
        loses,
        ranges,
        method,
        hands * month * edge * stake,
        month_loses,
        month_method,
        turnover,
    )


def house_table(view: HouseView) -> Table:
    """The house's view as a table of figures and values, ready for any output format.

    Args:
        view: The figures, from :func:`house_view`.

    Returns:
        One row per figure, money in units of the average bet, with notes on each method and on hold.

    >>> coin = LatticeBet("coin", Rational(1), (-1, 1), (Rational(1, 2), Rational(1, 2)))
    >>> table = house_table(house_view(coin, hands_per_hour=2, hours=1, average_bet=10))
    >>> table.rows[6]
    ('chance the table loses a shift', 1/4)
    """
    rows: list[tuple[Any, ...]] = [
        ("rounds dealt a shift", view.hands_dealt),
        ("hands played a shift", view.hands_played),
        ("average bet", view.average_bet),
        ("house edge (win per money wagered)", view.edge),
        ("expected house win a shift", view.expected_win),
        ("standard deviation a shift", view.standard_deviation),
        ("chance the table loses a shift", view.chance_table_loses),
    ]
    kinds = [Kind.COUNT, Kind.COUNT, Kind.DECIMAL, Kind.PERCENT, Kind.DECIMAL, Kind.DECIMAL, Kind.PROBABILITY]
    for mass, low, high in view.ranges:
        rows.append(
            (f"{float(mass):.0%} range of the house's result", f"{float(low):,.2f} to {float(high):,.2f}")
        )
        kinds.append(Kind.TEXT)
    rows += [
        (f"expected house win, {view.shifts} shifts", view.month_expected_win),
        (f"chance the table loses over {view.shifts} shifts", view.month_chance_table_loses),
        ("win per round dealt, share of the average bet", view.win_per_round_dealt / view.average_bet),
        ("hold percentage (win per drop)", view.hold_percentage),
    ]
    kinds += [Kind.DECIMAL, Kind.PROBABILITY, Kind.PERCENT, Kind.PERCENT]
    notes = [
        ("shift", f"{view.method}: {view.hands_played:,} hands of {view.bet}"),
        ("month", f"{view.month_method}: {view.hands_played * view.shifts:,} hands"),
        (
            "sit out",
            f"{float(view.sit_out):.0%} of rounds dealt are sat out: the edge on money wagered stays",
        ),
        ("hold", "win per money of drop (chips bought at the table): churn x edge; blank without --churn"),
    ]
    return Table(
        f"The house's view, {view.bet}",
        ("figure", "value"),
        tuple(rows),
        kinds=(Kind.TEXT,),
        row_kinds=tuple(kinds),
        notes=tuple(notes),
        slug="house-view",
    )
