"""The figures of a bet: expected value, house edge, element of risk, spread.

A bet's result is a :class:`ParSheet`: its outcomes, each with what it pays (the net result per
unit of initial bet), what was staked in it (for bets that can be raised), its number of
combinations and its exact probability.  Every figure is derived from those outcomes.  A game
publishes a sheet as data: a :class:`~cardmath.table.Table` of its outcomes
(:func:`par_sheet_table`), the chosen :class:`Figure` of many bets side by side
(:func:`figures_table`), or JSON fields of exact values (:func:`sheet_document`).

>>> from sympy import Rational
>>> sheet = ParSheet((
...     Outcome("win", pays=Rational(1), probability=Rational(18, 37), combinations=18),
...     Outcome("lose", pays=Rational(-1), probability=Rational(19, 37), combinations=19),
... ))
>>> sheet.house_edge, sheet.hit_frequency, sheet.total_combinations, sheet.variance
(1/37, 18/37, 37, 1368/1369)
>>> table = par_sheet_table("Red", sheet)
>>> table.rows[-1], table.kinds[1], table.footer[0][-1].value
(('total', None, 37, 1, -1/37), <Kind.PAY: 'pay'>, 1/37)

Every term a table uses is defined in its ``notes``, from one glossary (:data:`TERMS`).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast, runtime_checkable

import sympy
from sympy import Rational

from cardmath.display import Displayed
from cardmath.table import Cell, Kind, Table
from cardmath.text import percent_text

__all__ = [
    "PAR_SHEET_HEADERS",
    "PAR_SHEET_KINDS",
    "TERMS",
    "Figure",
    "Outcome",
    "ParSheet",
    "Swing",
    "define_terms",
    "figures_table",
    "outcome_records",
    "outcome_rows",
    "par_sheet_table",
    "sheet_document",
    "swing_document",
    "swing_rows",
]

PAR_SHEET_HEADERS: tuple[str, ...] = ("outcome", "pays", "combinations", "probability", "return")
"""The columns of a par sheet's table: one row per outcome (:func:`outcome_rows`)."""

PAR_SHEET_KINDS: tuple[Kind, ...] = (Kind.TEXT, Kind.PAY, Kind.COUNT, Kind.PROBABILITY, Kind.DECIMAL)
"""What the columns of a par sheet hold (:data:`PAR_SHEET_HEADERS`)."""

TERMS: dict[str, str] = {
    "outcome": "how the bet ends",
    "pays": (
        "the net win of a unit bet, as odds: 8 to 1 wins 8 units, 19 to 20 wins 0.95; "
        "-1 is the bet lost, 0 a push (the bet returned)"
    ),
    "combinations": (
        "the number of ordered deals that give the outcome, out of every deal the shoe can give "
        "(- for an infinite shoe, which has only probabilities)"
    ),
    "probability": "the chance of the outcome: its combinations divided by the total",
    "return": (
        "pays times probability: the outcome's share of the expected value; "
        "the total is the expected value of a unit bet"
    ),
    "total": "the sums of the columns: every deal, probability 1, and the expected value",
    "house edge": "the expected loss of a unit bet (minus the expected value), in percent of the bet",
    "house edge excluding pushes": (
        "the house edge per bet that is won or lost (pushes, such as ties, left out)"
    ),
    "element of risk": "the expected loss divided by the expected total amount bet (raises included)",
    "variance": "the variance of the net result of a unit bet",
    "standard deviation": (
        "the square root of the variance: how far one bet's result typically is from its mean"
    ),
    "standard deviation, n hands": (
        "the standard deviation of the net result of n flat bets of one unit: the square root of n "
        "times the variance of one bet"
    ),
    "range, n hands": (
        "the net results, in units of the initial bet, between which n flat bets of one unit end with at "
        "least the chance given: from the 5th to the 95th percentile for 90% (2.5th to 97.5th for 95%, "
        "0.5th to 99.5th for 99%), computed exactly; the central range, not the shortest"
    ),
    "hit frequency": "the probability that the bet wins something",
    "effects of removal": (
        "the change in the house edge (in percent of the bet) when one card of the rank is taken "
        "from the shoe"
    ),
}
"""The glossary: what each term of the published tables means, in words (see :func:`define_terms`)."""


def define_terms(*terms: str, extra: Mapping[str, str] | None = None) -> tuple[tuple[str, str], ...]:
    """The ``(term, definition)`` notes of the ``terms`` the glossary (or ``extra``) knows, in
    order, each once; other terms are left out.

    Args:
        *terms: The words to define, in the order the notes should list them; repeats are dropped.
        extra: Definitions of words the glossary lacks (or overrides), such as a game's own outcomes.

    Returns:
        The notes, as `(term, definition)` pairs.

    >>> define_terms("outcome", "bet", "outcome")
    (('outcome', 'how the bet ends'),)
    >>> define_terms("spread", extra={"spread": "the gap between the two cards"})
    (('spread', 'the gap between the two cards'),)
    """
    known = {**TERMS, **(extra or {})}
    seen: dict[str, str] = {}
    for term in terms:
        if term in known and term not in seen:
            seen[term] = known[term]
    return tuple(seen.items())


@dataclass(frozen=True)
class Outcome:
    """One line of a par sheet.

    ``pays`` is the net result per unit of initial bet (``-1`` a lost bet, ``0`` a push, ``-2`` a
    lost raised bet); ``staked`` is the total amount bet in this outcome per unit of initial bet;
    ``combinations`` is the number of (padded) ordered deals, or ``None`` for an infinite shoe;
    ``on`` is the number of units a won pay was paid on (2 for a raised bet won at the posted
    1 to 1, whose ``pays`` is 2), so tables show the posted odds on that stake.

    Args:
        name: How the bet ends, in words (`three of a kind`).
        pays: The exact net result per unit of initial bet.
        probability: The exact chance of the outcome.
        combinations: The number of padded ordered deals giving it; `None` for an infinite shoe.
        staked: The total bet in the outcome per unit of initial bet; 1 by default.
        on: The units the pay was won on, for the posted odds; 1 by default.

    Three of a kind in one-deck Red Dog pays 11 to 1 and comes in 312 of 132600 deals:

    >>> from sympy import Rational
    >>> trips = Outcome("three of a kind", Rational(11), Rational(312, 132600), combinations=312)
    >>> trips.probability, trips.contribution, trips.staked
    (1/425, 11/425, 1)
    """

    name: str
    pays: Rational | int
    probability: Rational
    combinations: int | None = None
    staked: Rational | int = 1
    on: Rational | int = 1

    @property
    def contribution(self) -> Rational:
        """The outcome's share of the expected value: ``pays * probability``."""
        return self.probability * self.pays


def _exact_sum(terms: Iterable[Rational]) -> Rational:
    """The sum of exact rationals, in one SymPy addition (a sum of rationals is a rational)."""
    return cast(Rational, sympy.Add(*terms))


@dataclass(frozen=True, repr=False)
class ParSheet(Displayed):
    """The outcomes of a bet and the exact figures that follow from them.

    Pays and probabilities are exact rationals, and so is every figure but the standard deviation
    (a surd in general).  A sheet shows itself (:class:`~cardmath.display.Displayed`): a one-line
    ``repr``, its :func:`par_sheet_table` in a notebook, one row per outcome in :meth:`to_frame`.

    Args:
        outcomes: Every way the bet can end, in the order the sheet lists them; their probabilities sum
            to 1 for a complete sheet.
        bet: The bet's name when known (an analysis names its sheets), opening the summary and the
            records; it does not count in comparisons. Empty by default.

    A bet doubled before it wins 1 to 1 a quarter of the time, and otherwise lost unraised:

    >>> from sympy import Rational
    >>> won = Outcome("raised, won", pays=Rational(2), probability=Rational(1, 4), staked=2)
    >>> sheet = ParSheet((won, Outcome("lost", pays=Rational(-1), probability=Rational(3, 4))))
    >>> sheet.house_edge, sheet.expected_stake, sheet.element_of_risk, [o.name for o in sheet]
    (1/4, 5/4, 1/5, ['raised, won', 'lost'])
    >>> ParSheet(sheet.outcomes, bet="raise"), ParSheet(sheet.outcomes).records()[0]["return"]
    (<ParSheet: raise: house edge 25.0000%, 2 outcomes>, 1/2)
    """

    outcomes: tuple[Outcome, ...]
    bet: str = field(default="", compare=False)

    def __iter__(self) -> Iterator[Outcome]:
        return iter(self.outcomes)

    @property
    def expected_value(self) -> Rational:
        """Expected net result per unit of initial bet."""
        return _exact_sum(o.contribution for o in self.outcomes)

    @property
    def house_edge(self) -> Rational:
        """Expected loss per unit of initial bet: ``-expected_value``."""
        return -self.expected_value

    @property
    def expected_stake(self) -> Rational:
        """Expected total amount bet per unit of initial bet (raises included, pushes too)."""
        return _exact_sum(o.probability * o.staked for o in self.outcomes)

    @property
    def element_of_risk(self) -> Rational:
        """Expected loss divided by the expected total amount bet."""
        return self.house_edge / self.expected_stake

    @property
    def variance(self) -> Rational:
        """Variance of the net result per unit of initial bet."""
        mean = self.expected_value
        return _exact_sum(o.probability * o.pays**2 for o in self.outcomes) - mean**2

    @property
    def standard_deviation(self) -> sympy.Expr:
        """Exact standard deviation (a surd in general); ``float()`` it for a view."""
        return _square_root(self.variance)

    @property
    def hit_frequency(self) -> Rational:
        """Probability that the bet wins something."""
        return _exact_sum(o.probability for o in self.outcomes if o.pays > 0)

    @property
    def house_edge_excluding_pushes(self) -> Rational | None:
        """House edge per bet resolved (the outcomes that pay 0, such as ties on player and banker,
        left out); ``None`` (undefined) when the bet never resolves."""
        resolved = sum((o.probability for o in self.outcomes if o.pays != 0), Rational(0))
        return None if resolved == 0 else self.house_edge / resolved

    @property
    def probability_total(self) -> Rational:
        """Sum of the outcome probabilities (exactly 1 for a complete sheet)."""
        return _exact_sum(o.probability for o in self.outcomes)

    @property
    def total_combinations(self) -> int | None:
        """Sum of the outcome counts, or ``None`` for an infinite shoe."""
        counts = [o.combinations for o in self.outcomes]
        return None if None in counts else sum(c for c in counts if c is not None)

    def summary(self) -> str:
        """The bet (when named), its house edge and its number of outcomes.

        Returns:
            One line, such as `tie: house edge 14.3596%, 2 outcomes`.
        """
        count, named = len(self.outcomes), f"{self.bet}: " if self.bet else ""
        plural = "" if count == 1 else "s"
        return f"{named}house edge {percent_text(self.house_edge)}, {count} outcome{plural}"

    def display_tables(self) -> tuple[Table, ...]:
        """The par sheet as the published tables show it (:func:`par_sheet_table`), its total kept.

        Returns:
            One table.
        """
        return (par_sheet_table(f"{self.bet} par sheet" if self.bet else "Par sheet", self),)

    def conditions(self) -> dict[str, Any]:
        """The bet the sheet is of, when it is named.

        Returns:
            `bet`, or nothing for a sheet without a name.
        """
        return {"bet": self.bet} if self.bet else {}

    def records(self) -> list[dict[str, Any]]:
        """One record per outcome, no total: the bet (when named), then :func:`outcome_records`
        (the combinations left out for an infinite shoe, which has none).

        Returns:
            One dictionary per outcome, in the sheet's order, each value exact.
        """
        return [{**self.conditions(), **row} for row in outcome_records(self, tidy=True)]


class Figure(enum.StrEnum):
    """A figure of a :class:`ParSheet` that a game publishes: its value is the sheet's attribute
    and the key in JSON documents, :attr:`label` the words in a table's header.

    >>> sheet = ParSheet((Outcome("win", Rational(1), Rational(1, 3)), Outcome("push", 0, Rational(2, 3))))
    >>> Figure.HOUSE_EDGE_EXCLUDING_PUSHES.label, Figure.HOUSE_EDGE_EXCLUDING_PUSHES.of(sheet)
    ('house edge excluding pushes', -1)
    """

    HOUSE_EDGE = "house_edge"
    HOUSE_EDGE_EXCLUDING_PUSHES = "house_edge_excluding_pushes"
    ELEMENT_OF_RISK = "element_of_risk"
    VARIANCE = "variance"
    STANDARD_DEVIATION = "standard_deviation"
    HIT_FREQUENCY = "hit_frequency"

    @property
    def label(self) -> str:
        """The figure in words: ``"element of risk"``."""
        return self.value.replace("_", " ")

    @property
    def kind(self) -> Kind:
        """How the figure reads: house edges and the element of risk as percentages, the hit
        frequency as a probability, the rest as decimals.

        >>> Figure.HOUSE_EDGE.kind, Figure.VARIANCE.kind
        (<Kind.PERCENT: 'percent'>, <Kind.DECIMAL: 'decimal'>)
        """
        if self in (Figure.HOUSE_EDGE, Figure.HOUSE_EDGE_EXCLUDING_PUSHES, Figure.ELEMENT_OF_RISK):
            return Kind.PERCENT
        if self is Figure.HIT_FREQUENCY:
            return Kind.PROBABILITY
        return Kind.DECIMAL

    def of(self, sheet: ParSheet) -> Rational | sympy.Expr | None:
        """The figure's exact value for one sheet (the standard deviation may be a surd; the house
        edge excluding pushes is ``None`` for a bet that never resolves).

        Args:
            sheet: The bet's par sheet.

        Returns:
            The sheet's attribute this figure names.

        >>> Figure.HIT_FREQUENCY.of(ParSheet((Outcome("win", Rational(2), Rational(1, 4)),)))
        1/4
        """
        return cast("Rational | sympy.Expr | None", getattr(sheet, self.value))


def outcome_rows(sheet: ParSheet) -> tuple[tuple[Any, ...], ...]:
    """One row per outcome, in the columns of :data:`PAR_SHEET_HEADERS`.

    Args:
        sheet: The par sheet whose outcomes become rows.

    Returns:
        Each outcome's name, pays (a `Cell` when won on more than one unit), combinations, probability
        and return.

    >>> outcome_rows(ParSheet((Outcome("win", Rational(2), Rational(1, 4), combinations=13),)))
    (('win', 2, 13, 1/4, 1/2),)

    A pay won on a raised stake is a :class:`~cardmath.table.Cell` that says so:

    >>> outcome_rows(ParSheet((Outcome("raised, won", Rational(2), Rational(1, 4), on=2),)))[0][1]
    Cell(value=2, kind=<Kind.PAY: 'pay'>, on=2)
    """
    return tuple(
        (
            o.name,
            Cell(o.pays, Kind.PAY, on=o.on) if o.on != 1 else o.pays,
            o.combinations,
            o.probability,
            o.contribution,
        )
        for o in sheet.outcomes
    )


def par_sheet_table(
    title: str,
    sheet: ParSheet,
    *,
    heading: str = "",
    extra_terms: Mapping[str, str] | None = None,
    swings: Sequence[Swing] = (),
) -> Table:
    """A par sheet as a table: one row per outcome, a total row (combinations, probability,
    expected value) and, under it for people, the house edge and (given ``swings``) the swing;
    ``heading`` is the title people read (with the bet's display name), ``extra_terms`` defines
    words of the outcomes.

    Args:
        title: The table's title, also naming its files.
        sheet: The bet's outcomes and figures.
        heading: The title people read, with the bet's display name; the title when empty.
        extra_terms: Definitions of the words the outcome names use, added to the notes.
        swings: The sheet's swing after some numbers of hands
            (:func:`cardmath.swing.sheet_swing`), shown under the house edge
            (:func:`swing_rows`) and given to JSON as the field ``swing``; none by default.

    Returns:
        A `Table` with the par sheet's columns, a total row, the house edge (and the swing) as a
        footer, and the notes defining its terms.

    >>> win, lose = Outcome("win", Rational(1), Rational(1, 2), 1), Outcome("lose", -1, Rational(1, 2), 1)
    >>> table = par_sheet_table("Coin par sheet", ParSheet((win, lose)))
    >>> table.headers == PAR_SHEET_HEADERS, table.rows[-1], table.footer[0][0], table.footer[0][-1].value
    (True, ('total', None, 2, 1, 0), 'house edge', 0)
    >>> [term for term, _ in table.notes]
    ['outcome', 'pays', 'combinations', 'probability', 'return', 'total', 'house edge']
    """
    total = ("total", None, sheet.total_combinations, sheet.probability_total, sheet.expected_value)
    edge = ("house edge", None, None, None, Cell(sheet.house_edge, Kind.PERCENT))
    swing_terms = ("standard deviation", "standard deviation, n hands", "range, n hands") if swings else ()
    return Table(
        title,
        PAR_SHEET_HEADERS,
        (*outcome_rows(sheet), total),
        kinds=PAR_SHEET_KINDS,
        footer=(edge, *swing_rows(sheet, swings)),
        notes=define_terms(*PAR_SHEET_HEADERS, "total", "house edge", *swing_terms, extra=extra_terms),
        heading=heading,
        fields=(("house_edge", sheet.house_edge), ("swing", swing_document(sheet, swings))) if swings else (),
    )


def _plain(value: Rational) -> str:
    """An exact number as people read it: a terminating decimal in full, else a fraction."""
    p, q = int(Rational(value).p), int(Rational(value).q)
    rest, places = q, 0
    for prime in (2, 5):
        count = 0
        while rest % prime == 0:
            rest, count = rest // prime, count + 1
        places = max(places, count)
    if rest != 1:
        return f"{p}/{q}"
    digits = str(abs(p) * 10**places // q).rjust(places + 1, "0")
    sign = "-" if p < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


@functools.cache
def _square_root(value: Rational) -> sympy.Expr:
    """The exact square root of a variance, worked out once for each value (SymPy takes the
    square factors out, which for large numbers takes a while)."""
    return sympy.sqrt(value)


@runtime_checkable
class Swing(Protocol):
    """A par sheet's swing after some hands, as its table shows it: a
    :class:`cardmath.swing.SessionSwing` (:func:`cardmath.swing.sheet_swing` makes them).

    >>> from cardmath.swing import SessionSwing
    >>> isinstance(SessionSwing(100, Rational(100), ()), Swing)
    True
    """

    @property
    def hands(self) -> int: ...
    @property
    def variance(self) -> Rational: ...
    @property
    def standard_deviation(self) -> sympy.Expr: ...
    @property
    def ranges(self) -> tuple[tuple[Rational, Rational, Rational], ...]: ...


def swing_rows(sheet: ParSheet, swings: Sequence[Swing]) -> tuple[tuple[Any, ...], ...]:
    """The footer rows of a par sheet's swing, in its columns: the standard deviation of one bet,
    then for each session its standard deviation and central ranges (``"-16 to 12"``, in units of
    the bet, read exactly); nothing without ``swings``.

    Args:
        sheet: The bet's par sheet, for the standard deviation of one bet.
        swings: The sheet's swing after each number of hands, in the order to show them.

    Returns:
        One row per figure: its words first, its value in the return column.

    >>> from cardmath.swing import SessionSwing
    >>> coin = ParSheet((Outcome("win", 1, Rational(1, 2)), Outcome("lose", -1, Rational(1, 2))))
    >>> swing = SessionSwing(100, Rational(100), ((Rational(9, 10), Rational(-33, 2), Rational(16)),))
    >>> for row in swing_rows(coin, [swing]):
    ...     print(f"{row[0]}: {row[-1].value}")
    standard deviation: 1
    standard deviation, 100 hands: 10
    90% range, 100 hands: -16.5 to 16
    """
    if not swings:
        return ()
    rows: list[tuple[Any, ...]] = [
        ("standard deviation", None, None, None, Cell(_square_root(sheet.variance), Kind.DECIMAL))
    ]
    for swing in swings:
        hands = f"{swing.hands:,} hands"
        rows.append(
            (f"standard deviation, {hands}", None, None, None, Cell(swing.standard_deviation, Kind.DECIMAL))
        )
        for mass, low, high in swing.ranges:
            words = f"{_plain(mass * 100)}% range, {hands}"
            rows.append((words, None, None, None, Cell(f"{_plain(low)} to {_plain(high)}", Kind.TEXT)))
        if not swing.ranges:
            left_out = "not worked out: the pays spread over too many steps"
            rows.append((f"ranges, {hands}", None, None, None, Cell(left_out, Kind.TEXT)))
    return tuple(rows)


def swing_document(sheet: ParSheet, swings: Sequence[Swing]) -> dict[str, Any]:
    """A par sheet's swing as JSON fields of exact values: one bet's variance and standard deviation
    (its exact text, ``sqrt(...)``), then per session ``after_N_hands`` with the same and its
    ``ranges`` (``"90%": [lowest, highest]``, in units of the bet).

    Args:
        sheet: The bet's par sheet, for the figures of one bet.
        swings: The sheet's swing after each number of hands.

    Returns:
        The fields, exact numbers as SymPy values (for :func:`cardmath.output.jsonable`), the
        standard deviations as text.

    >>> from cardmath.swing import SessionSwing
    >>> coin = ParSheet((Outcome("win", 1, Rational(1, 2)), Outcome("lose", -1, Rational(1, 2))))
    >>> swing = SessionSwing(100, Rational(100), ((Rational(9, 10), Rational(-16), Rational(16)),))
    >>> swing_document(coin, [swing])["after_100_hands"]
    {'variance': 100, 'standard_deviation': '10', 'ranges': {'90%': [-16, 16]}}
    """
    variance = sheet.variance
    document: dict[str, Any] = {"variance": variance, "standard_deviation": str(_square_root(variance))}
    for swing in swings:
        document[f"after_{swing.hands}_hands"] = {
            "variance": swing.variance,
            "standard_deviation": str(swing.standard_deviation),
            "ranges": {f"{_plain(mass * 100)}%": [low, high] for mass, low, high in swing.ranges},
        }
    return document


def figures_table(
    title: str,
    sheets: Mapping[str, ParSheet],
    figures: Sequence[Figure],
    *,
    labels: Sequence[tuple[str, str]] = (),
    heading: str = "",
) -> Table:
    """Many bets side by side: one row per named sheet, one column per figure; ``labels`` gives
    the bets' display names.

    Args:
        title: The table's title, also naming its files.
        sheets: Each bet's par sheet, by the bet's name, in row order.
        figures: The figures to show, one column each, in order.
        labels: `(name, display name)` pairs for bets whose name is not what people read.
        heading: The title people read; the title when empty.

    Returns:
        A `Table` with a `bet` column and one column per figure, each value exact.

    >>> win, lose = Outcome("win", Rational(1), Rational(9, 19)), Outcome("lose", -1, Rational(10, 19))
    >>> figures = (Figure.HOUSE_EDGE, Figure.HIT_FREQUENCY)
    >>> table = figures_table("Bets", {"red": ParSheet((win, lose))}, figures)
    >>> table.headers, table.rows
    (('bet', 'house edge', 'hit frequency'), (('red', 1/19, 9/19),))
    """
    headers = ("bet", *(figure.label for figure in figures))
    return Table(
        title,
        headers,
        tuple((name, *(figure.of(sheet) for figure in figures)) for name, sheet in sheets.items()),
        kinds=(Kind.TEXT, *(figure.kind for figure in figures)),
        labels=tuple(labels),
        notes=define_terms(*headers),
        heading=heading,
    )


def outcome_records(sheet: ParSheet, *, tidy: bool = False) -> list[dict[str, Any]]:
    """The outcomes as JSON records of exact values (``outcome``, ``pays``, ``combinations``,
    ``probability``, ``return``).

    Args:
        sheet: The par sheet whose outcomes are written out.
        tidy: Whether to leave ``combinations`` out when the sheet has none (an infinite shoe's),
            as tidy data does; JSON keeps them as ``None`` (the default).

    Returns:
        One dictionary per outcome, keyed by the par sheet's column names, each value exact.

    >>> outcome_records(ParSheet((Outcome("win", Rational(2), Rational(1, 4), combinations=13),)))
    [{'outcome': 'win', 'pays': 2, 'combinations': 13, 'probability': 1/4, 'return': 1/2}]
    """
    counted = not tidy or sheet.total_combinations is not None
    return [
        {
            "outcome": o.name,
            "pays": o.pays,
            **({"combinations": o.combinations} if counted else {}),
            "probability": o.probability,
            "return": o.contribution,
        }
        for o in sheet.outcomes
    ]


def sheet_document(sheet: ParSheet, figures: Sequence[Figure]) -> dict[str, Any]:
    """A bet as JSON fields of exact values: the chosen figures in order, then its ``outcomes``
    (:func:`outcome_records`).

    Args:
        sheet: The bet's par sheet.
        figures: The figures to include, as the document's first keys, in order.

    Returns:
        A dictionary of each figure's exact value by its key, then `outcomes`: the outcome records.

    >>> win, lose = Outcome("win", Rational(1), Rational(9, 19)), Outcome("lose", -1, Rational(10, 19))
    >>> document = sheet_document(ParSheet((win, lose)), (Figure.HOUSE_EDGE, Figure.VARIANCE))
    >>> list(document), document["house_edge"]
    (['house_edge', 'variance', 'outcomes'], 1/19)
    """
    return {**{figure.value: figure.of(sheet) for figure in figures}, "outcomes": outcome_records(sheet)}
