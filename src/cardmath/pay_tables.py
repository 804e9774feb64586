"""A house's pays as data: named pay tables and pay changes, put into a game's bets.

A :class:`PayTable` names the pays of some outcomes of one bet and cites where they come from;
``--pay BET:OUTCOME=PAY`` (:func:`read_pay_change`) and ``--pay-table BET:NAME``
(:func:`find_pay_table`) give :class:`PayChange` entries that :func:`apply_pays` puts into a
game's bets (:class:`~cardmath.bets.RuleBet`).

A house may change a pay, not what the outcome is (:func:`check_pay`).  The kind of an entry is
read from the bet's own pay table: a *win* (it pays more than 0) may pay any amount 0 or more
(0: the win pushes, as EZ Baccarat's three-card 7 does); a *loss* (less than 0) costs from the
whole bet to nothing, -1 to 0 (or down to its own pay, when the bet's table has it lose more);
a *push* (0) may be paid, or lose part or all of the bet: -1 or more.  A solved pay
(``--solve-pay``) must obey the same rule.

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
    "allowed_pays",
    "apply_pays",
    "check_pay",
    "check_pay_changes",
    "check_solved_pay",
    "find_pay_table",
    "read_pay_change",
    "winning_pay_changes",
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


def read_pay_change(text: str, example: str = "tie:tie=9") -> PayChange:
    """``BET:OUTCOME=PAY`` (as ``--pay`` reads it) as a pay change; the pay is read by
    :func:`cardmath.numbers.read_rational` (``"25"``, ``"0.95"``, ``"19/20"``; ``"-1/2"`` for half
    the bet lost).

    Args:
        text: `BET:OUTCOME=PAY`; spaces around each part are ignored.
        example: The example the error for words of another shape shows (one of the game's own pays).

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
        raise OptionError(f"--pay needs BET:OUTCOME=PAY, such as {example}, not {text!r}")
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


def winning_pay_changes(changes: Iterable[Sequence[Any]]) -> tuple[PayChange, ...]:
    """Pay changes of a game whose every pay is a win: as :func:`check_pay_changes`, each pay 0 or
    more (a negative one raises :class:`~cardmath.errors.PayTableError`, naming ``--pay``).

    Args:
        changes: Triples `(bet, outcome, pay)`, the pay in any form `read_rational` reads.

    Returns:
        The changes as a tuple, names as strings and pays exact.

    >>> winning_pay_changes([("tie", "tie", "11")])
    (('tie', 'tie', 11),)
    >>> winning_pay_changes([("tie", "tie", "-2")])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: the pay of tie:tie (--pay) must be a number 0 or more (...), not '-2'
    """
    return tuple(
        (
            bet,
            outcome,
            read_rational(pay, f"the pay of {bet}:{outcome} (--pay)", minimum=0, error=PayTableError),
        )
        for bet, outcome, pay in check_pay_changes(changes)
    )


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


def allowed_pays(usual: Rational) -> tuple[str, Rational, Rational | None]:
    """The kind of a pay-table entry whose own pay is ``usual``, and the least and the greatest
    pay (``None``: no greatest) a house may give it.

    Args:
        usual: The entry's pay in the bet's own table, the net result per unit bet.

    Returns:
        `("win", 0, None)` for a pay above 0, `("loss", min(-1, usual), 0)` below 0, and
        `("push", -1, None)` for 0.

    >>> allowed_pays(Rational(8)), allowed_pays(Rational(-1, 2)), allowed_pays(Rational(0))
    (('win', 0, None), ('loss', -1, 0), ('push', -1, None))
    """
    if usual > 0:
        return "win", Rational(0), None
    if usual < 0:
        return "loss", min(Rational(-1), Rational(usual)), Rational(0)
    return "push", Rational(-1), None


_MEANING = {
    "win": "a house may pay a win less, or nothing (0, a push), but a win cannot cost the bet",
    "loss": "a loss costs the bet, part of it or nothing, but a loss cannot pay",
    "push": "a push may be paid, or cost part of the bet or all of it, but no more",
}


def check_pay(bet: RuleBet[Any], outcome: str, pay: Rational, game: str = "") -> Rational:
    """``pay`` if the entry ``outcome`` of ``bet`` may have it (:func:`allowed_pays`, from the
    entry's pay in ``bet``), else a :class:`~cardmath.errors.PayTableError` saying what the entry
    is and which pays it may have.

    Args:
        bet: The bet whose own pay table says the entry's kind.
        outcome: The entry of the bet's pay table that the pay is for; it must exist.
        pay: The new pay, exact, the net result per unit bet.
        game: The game's name, for the message; empty for none.

    Returns:
        `pay` itself, once allowed.

    >>> red = RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1})
    >>> check_pay(red, "red", Rational(2)), check_pay(red, "black", Rational(-1, 2))
    (2, -1/2)
    >>> check_pay(red, "red", Rational(-5), "Roulette")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: the pay of red:red must be 0 or more, not -5: 'red' is a win of ...
    """
    usual = bet.pay(outcome)
    if not isinstance(usual, int | Rational):  # not a number (a symbol): nothing to compare with
        return pay
    kind, low, high = allowed_pays(Rational(usual))
    if low <= pay and (high is None or pay <= high):
        return pay
    allowed = f"{low} or more" if high is None else f"from {low} to {high}"
    owner = f"{game} bet {bet.name}" if game else f"bet {bet.name}"
    raise PayTableError(
        f"the pay of {bet.name}:{outcome} must be {allowed}, not {pay}: {outcome!r} is a {kind} of "
        f"{owner} (it usually pays {usual}), and {_MEANING[kind]}"
    )


def check_solved_pay(bet: RuleBet[Any], outcome: str, pay: Rational, target: Rational) -> Rational:
    """``pay``, the pay of entry ``outcome`` of ``bet`` solved for the house edge ``target``, if
    the entry may have it (the rule of :func:`check_pay`), else an
    :class:`~cardmath.errors.OptionError` saying that no pay the entry may have gives the target.

    Args:
        bet: The bet as its own pay table stands, which says the kind of the entry.
        outcome: The entry of the bet's pay table that was solved for.
        pay: The solved pay, exact, the net result per unit bet.
        target: The house edge the pay was solved for, as a fraction of a unit bet.

    Returns:
        `pay` itself, once allowed.

    >>> tie = RuleBet.define("tie", lambda deal: deal, {"tie": 8, "no tie": -1})
    >>> check_solved_pay(tie, "tie", Rational(9), Rational(0))
    9
    >>> check_solved_pay(tie, "tie", Rational(-1), Rational(1))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: no pay of tie: tie that a win may have (0 or more) gives a house edge of ...
    """
    try:
        return check_pay(bet, outcome, pay)
    except PayTableError:
        kind, low, high = allowed_pays(Rational(bet.pay(outcome)))
        allowed = f"{low} or more" if high is None else f"from {low} to {high}"
        percent = Rational(target) * 100
        edge = f"{percent}%" if percent.q == 1 else f"{float(percent):.6g}%"
        raise OptionError(
            f"no pay of {bet.name}: {outcome} that a {kind} may have ({allowed}) gives a house edge of "
            f"{edge}: it would take a pay of {pay}, and {_MEANING[kind]}"
        ) from None


def apply_pays(known: Mapping[str, BetT], changes: Sequence[PayChange], game: str) -> dict[str, BetT]:
    """The bets ``known`` with the ``changes`` applied in order (a later change of one outcome
    wins); a change of an unknown bet or outcome raises :class:`~cardmath.errors.OptionError`,
    a pay the entry may not have (:func:`check_pay`, the kind read from ``known``) a
    :class:`~cardmath.errors.PayTableError`.

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
    >>> apply_pays({"red": red}, [("red", "black", Rational(5))], "Roulette")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: the pay of red:black must be from -1 to 0, not 5: 'black' is a loss of ...
    """
    bets = dict(known)
    for bet, outcome, pay in changes:
        if bet not in bets:
            raise OptionError(
                f"cannot set a pay of unknown {game} bet {bet!r}: choose from {', '.join(bets)}"
            )
        check_pay(known[bet], outcome, pay, game)
        bets[bet] = bets[bet].with_pay(outcome, pay)
    return bets
