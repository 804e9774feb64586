"""The rules of a Casino War table that a house can change: what the player does on a tie, the
bonus on a tie after a war, and any pay of any bet.

One card each to the player and the dealer, aces high, suits ignored; the rules are told in our
words on the game's page in the documentation, docs/games/casino_war.md.  Every number is read
exactly through :mod:`cardmath.numbers`, and bad input raises a
:class:`~cardmath.errors.CardmathError` that names the option.

>>> rules = CasinoWarRules()
>>> rules.on_tie, rules.war_tie_bonus, rules.pays
(<OnTie.WAR: 'war'>, 0, ())
>>> CasinoWarRules(on_tie="best", war_tie_bonus="1", pays=(("tie", "tie", "11"),))
CasinoWarRules(on_tie=<OnTie.BEST: 'best'>, war_tie_bonus=1, pays=(('tie', 'tie', 11),))
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from sympy import Rational

from cardmath.errors import OptionError
from cardmath.numbers import Exact, read_rational
from cardmath.pay_tables import PayChange, PayChangeText, winning_pay_changes

__all__ = ["DEFAULT_DECKS", "DEFAULT_TIE_PAYS", "NO_BONUS", "CasinoWarRules", "OnTie"]

DEFAULT_DECKS: Final = 6
"""The usual shoe: six decks."""

DEFAULT_TIE_PAYS: Final[Rational] = Rational(10)
"""The usual pay of the tie bet, 10 to 1."""

NO_BONUS: Final[Rational] = Rational(0)
"""The usual war tie bonus: none (a tie after a war pays the raise 1 to 1, as any war won)."""


class OnTie(enum.StrEnum):
    """What the player does when the first two cards tie: always go to war, always surrender half
    the bet, or the better of the two for each tied rank, chosen from the shoe by exact expected
    value.

    >>> [choice.value for choice in OnTie], OnTie("best") is OnTie.BEST
    (['war', 'surrender', 'best'], True)
    """

    WAR = "war"
    SURRENDER = "surrender"
    BEST = "best"


@dataclass(frozen=True, init=False)
class CasinoWarRules:
    """A house's rules: ``on_tie`` (an :class:`OnTie` or its text), ``war_tie_bonus`` (the bonus,
    to 1 on the original bet, when the war cards tie again: that outcome nets ``1 + bonus``) and
    the house's own pays (``pays``: ``(bet, outcome, pay)`` entries, applied in order, as
    ``--pay`` and ``--pay-table`` set them).  Every pay is a win, so none may be negative.

    Args:
        on_tie: ``"war"`` (the default), ``"surrender"`` or ``"best"``: what the player does when
            the first two cards tie.
        war_tie_bonus: The extra pay, to 1 on the original bet, when the war cards tie again; 0 or
            more, 0 by default.
        pays: The house's own pays as ``(bet, outcome, pay)`` entries, each pay 0 or more; none by
            default.

    Raises:
        OptionError: When ``on_tie`` is not one of its three choices or the bonus is negative.
        PayTableError: When a pay is negative or not a number.

    >>> CasinoWarRules(war_tie_bonus="-1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the war tie bonus (--war-tie-bonus) must be ... 0 or more (...), not '-1'
    >>> CasinoWarRules(pays=(("tie", "tie", "-2"),))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.PayTableError: the pay of tie:tie (--pay) must be a number 0 or more (...), not '-2'
    >>> CasinoWarRules(on_tie="fold")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: --on-tie must be war, surrender or best, not 'fold'
    """

    on_tie: OnTie
    war_tie_bonus: Rational
    pays: tuple[PayChange, ...]

    def __init__(
        self,
        on_tie: OnTie | str = OnTie.WAR,
        war_tie_bonus: Exact = NO_BONUS,
        pays: Iterable[PayChangeText] = (),
    ) -> None:
        if on_tie not in tuple(OnTie):
            raise OptionError(f"--on-tie must be war, surrender or best, not {on_tie!r}")
        bonus = read_rational(war_tie_bonus, "the war tie bonus (--war-tie-bonus)", minimum=0)
        changes = winning_pay_changes(pays)
        object.__setattr__(self, "on_tie", OnTie(on_tie))
        object.__setattr__(self, "war_tie_bonus", bonus)
        object.__setattr__(self, "pays", changes)
