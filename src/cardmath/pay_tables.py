"""A house's pays as data: named pay tables and pay changes, put into a game's bets.

A :class:`PayTable` names the pays of some outcomes of one bet and cites where they come from;
``--pay BET:OUTCOME=PAY`` (:func:`read_pay_change`) and ``--pay-table BET:NAME``
(:func:`find_pay_table`) give :class:`PayChange` entries that :func:`apply_pays` puts into a
game's bets (:class:`~cardmath.bets.RuleBet`).

>>> from cardmath.bets import RuleBet
>>> heads = RuleBet.define("heads", lambda toss: "win" if toss == "H" else "lose", {"win": 1, "lose": -1})
>>> table = PayTable.define("heads", "2", {"win": 2}, "a fair coin")
>>> apply_pays({"heads": heads}, table.changes(), "Coin")["heads"].pays
(('win', 2), ('lose', -1))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from sympy import Rational

from cardmath.bets import RuleBet
from cardmath.errors import OptionError, PayTableError
from cardmath.numbers import read_rational

__all__ = [
    "PayChange",
    "PayChangeText",
    "PayTable",
    "apply_pays",
    "check_pay_changes",
    "find_pay_table",
    "read_pay_change",
]

BetT = TypeVar("BetT", bound=RuleBet[Any])


PayChange = tuple[str, str, Rational]
"""One pay a house sets: ``(bet, outcome, pay)``, the pay being the net win per unit bet."""

PayChangeText = tuple[str, str, "Rational | int | str"]
"""A pay change as a rules object accepts it: the pay may be an int or its text, read exactly."""


@dataclass(frozen=True)
class PayTable:
    """A named pay table of one bet, as houses publish it: the pays of some of its outcomes (the
    others keep theirs) and the ``source`` the figures come from.  ``key`` (``BET:NAME``) is how
    ``--pay-table`` names it.

    Args:
        bet: The name of the bet whose pays the table sets.
        name: The table's own name, unique among the bet's tables (`9`, `8`).
        pays: `(outcome, pay)` for the outcomes whose pays the table sets, each pay exact.
        source: Where the figures come from: a publication, a house, a rule book.
        label: How people call the table (`9 to 1`); empty by default.

    >>> table = PayTable.define("tie", "9", {"tie": 9}, "Wizard of Odds, baccarat", label="9 to 1")
    >>> table.key, table.changes(), table.label
    ('tie:9', (('tie', 'tie', 9),), '9 to 1')
    """

    bet: str
    name: str
    pays: tuple[tuple[str, Rational], ...]
    source: str
    label: str = ""

    @classmethod
    def define(
        cls, bet: str, name: str, pays: Mapping[str, int | str | Rational], source: str, *, label: str = ""
    ) -> PayTable:
        """A pay table from ``{outcome: pay}`` (pays read exactly, as :meth:`RuleBet.define` does).

        Args:
            bet: The name of the bet the pays are for.
            name: The table's name, the part after the colon of `BET:NAME`.
            pays: `{outcome: pay}`, each pay an int, a `Rational` or its text.
            source: The publication or house the pays come from.
            label: The name people read for the table; empty by default.

        Returns:
            The table, its pays exact.

        >>> PayTable.define("tie", "x", {"tie": "x"}, "")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardmath.errors.PayTableError: the pay of 'tie' in pay table tie:x must be a number (...), not 'x'
        """
        table = tuple(
            (
                str(outcome),
                read_rational(pay, f"the pay of {outcome!r} in pay table {bet}:{name}", error=PayTableError),
            )
            for outcome, pay in pays.items()
        )
        return cls(bet, name, table, source, label)

    @property
    def key(self) -> str:
        """``BET:NAME``, as ``--pay-table`` reads it."""
        return f"{self.bet}:{self.name}"

    def changes(self) -> tuple[PayChange, ...]:
        """The table as pay changes ``(bet, outcome, pay)``.

        Returns:
            One `(bet, outcome, pay)` per pay the table sets, in its order.
        """
        return tuple((self.bet, outcome, pay) for outcome, pay in self.pays)


def read_pay_change(text: str) -> PayChange:
    """``BET:OUTCOME=PAY`` (as ``--pay`` reads it) as a pay change; the pay is read by
    :func:`cardmath.numbers.read_rational` (``"25"``, ``"0.95"``, ``"19/20"``; ``"-1/2"`` for half
    the bet lost).

    Args:
        text: `BET:OUTCOME=PAY`; spaces around each part are ignored.

    Returns:
        `(bet, outcome, pay)`, with the pay an exact number.

    >>> read_pay_change("perfect_pair: two perfect pairs = 250")
    ('perfect_pair', 'two perfect pairs', 250)
    >>> read_pay_change("perfect_pair=25")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: --pay needs BET:OUTCOME=PAY, such as tie:tie=9, not 'perfect_pair=25'
    """
    target, equals, pay = str(text).partition("=")
    bet, colon, outcome = target.partition(":")
    if not (equals and colon and bet.strip() and outcome.strip() and pay.strip()):
        raise OptionError(f"--pay needs BET:OUTCOME=PAY, such as tie:tie=9, not {text!r}")
    what = f"the pay of {bet.strip()}:{outcome.strip()}"
    return bet.strip(), outcome.strip(), read_rational(pay.strip(), what, error=PayTableError)


def find_pay_table(tables: Sequence[PayTable], text: str) -> PayTable:
    """The pay table ``BET:NAME`` names (as ``--pay-table`` reads it), or an error listing them.

    Args:
        tables: The game's pay tables.
        text: The `BET:NAME` key of the wanted table; surrounding spaces are ignored.

    Returns:
        The table whose key is `text`.

    >>> tables = (PayTable.define("tie", "9", {"tie": 9}, ""),)
    >>> find_pay_table(tables, " tie:9 ").changes()
    (('tie', 'tie', 9),)
    >>> find_pay_table(tables, "tie:10")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: unknown pay table 'tie:10': choose from tie:9
    >>> find_pay_table((), "tie:10")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: unknown pay table 'tie:10': this game has no pay tables; ...
    """
    key = str(text).strip()
    for table in tables:
        if table.key == key:
            return table
    if not tables:
        raise OptionError(
            f"unknown pay table {key!r}: this game has no pay tables; set pays with its options"
        )
    raise OptionError(f"unknown pay table {key!r}: choose from {', '.join(t.key for t in tables)}")


def check_pay_changes(changes: Iterable[Sequence[Any]]) -> tuple[PayChange, ...]:
    """Pay changes as a rules object keeps them: ``(bet, outcome, pay)`` with the pay exact
    (any form :func:`~cardmath.numbers.read_rational` reads); bad entries raise
    :class:`~cardmath.errors.PayTableError`.

    Args:
        changes: Triples `(bet, outcome, pay)`, the pay in any form `read_rational` reads.

    Returns:
        The same changes as a tuple, names as strings and pays exact.

    >>> check_pay_changes([("tie", "tie", "9")])
    (('tie', 'tie', 9),)
    >>> check_pay_changes([("tie", "9")])
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: a pay change is (bet, outcome, pay), not ('tie', '9')
    """
    checked: list[PayChange] = []
    for change in changes:
        if isinstance(change, str) or len(change) != 3:
            raise PayTableError(f"a pay change is (bet, outcome, pay), not {tuple(change)!r}")
        bet, outcome, pay = change
        checked.append(
            (str(bet), str(outcome), read_rational(pay, f"the pay of {bet}:{outcome}", error=PayTableError))
        )
    return tuple(checked)


def apply_pays(known: Mapping[str, BetT], changes: Sequence[PayChange], game: str) -> dict[str, BetT]:
    """The bets ``known`` with the ``changes`` applied in order (a later change of one outcome
    wins); a change of an unknown bet or outcome raises :class:`~cardmath.errors.OptionError`.

    Args:
        known: The game's bets by name, left unchanged.
        changes: `(bet, outcome, pay)` triples, applied in order.
        game: The game's name, for the error messages.

    Returns:
        A new mapping of the same names to the bets with their new pays.

    >>> red = RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1})
    >>> apply_pays({"red": red}, [("red", "red", Rational(2))], "Roulette")["red"].pay("red")
    2
    >>> apply_pays({"red": red}, [("green", "green", Rational(35))], "Roulette")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: cannot set a pay of unknown Roulette bet 'green': choose from red
    """
    bets = dict(known)
    for bet, outcome, pay in changes:
        if bet not in bets:
            raise OptionError(
                f"cannot set a pay of unknown {game} bet {bet!r}: choose from {', '.join(bets)}"
            )
        bets[bet] = bets[bet].with_pay(outcome, pay)
    return bets
