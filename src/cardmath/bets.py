"""Bets made of a rule and a pay table, shared by every game with a catalogue of bets.

A game that offers many bets on one deal describes each as a :class:`RuleBet`: a name, a rule (a
function of the game's deal that names the outcome) and a pay table (the net result per unit bet
of each outcome, in par-sheet order), so that a new side bet needs no new counting code.  Each
game subclasses it for its own deal (baccarat's bet also says what its rule reads).
:func:`resolve_bets` turns names and bet objects into the bets to analyse; once the game has
counted each outcome, :func:`pay_terms`, :func:`counted_house_edge` and :func:`counted_par_sheet`
turn the counts into exact figures, one ``Rational`` per figure.

>>> heads = RuleBet.define("heads", lambda toss: "win" if toss == "H" else "lose", {"win": 1, "lose": -1})
>>> heads.rule("H"), heads.outcomes(), heads.pay("lose")
('win', ('win', 'lose'), -1)
>>> counted_house_edge(heads.with_pay("win", Rational(19, 20)), [1, 1], 2)
1/40

A house's pays are data too: :mod:`cardmath.pay_tables` names pay tables and puts a house's pays
into a game's bets.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import lcm
from typing import Any, Generic, Self, TypeVar

from sympy import Rational

from cardmath.errors import OptionError, PayTableError
from cardmath.numbers import read_rational
from cardmath.parsheet import Outcome, ParSheet

__all__ = [
    "Decision",
    "RuleBet",
    "Settlement",
    "counted_house_edge",
    "counted_par_sheet",
    "pay_terms",
    "resolve_bets",
]

DealT = TypeVar("DealT")

_ONE = Rational(1)
_ZERO = Rational(0)
BetT = TypeVar("BetT", bound="RuleBet[Any]")


@dataclass(frozen=True)
class Settlement:
    """How one outcome of a bet settles, for a bet whose outcomes are not one-to-one with its pays.

    The outcome's net result per unit of initial bet is ``times * pay + plus``, ``pay`` being the
    value of the entry ``pay`` of the bet's pay table (``None``: no entry, the net is ``plus``);
    ``staked`` is the total amount bet in the outcome per unit of initial bet (2 after a raise or
    a war).  A bet without settlements settles each outcome at its own pay, staked once.

    A war won after a tie: the raise wins 1 to 1, the original bet pushes, two units staked:

    Args:
        outcome: The outcome's name, as the par sheet lists it.
        pay: The entry of the pay table this outcome is paid at; `None` when no entry applies and the
            net result is `plus` alone.
        times: How many times that entry's pay is won: 2 for a raised bet; 1 by default.
        plus: A fixed amount added to the paid entry, per unit of initial bet (0 by default).
        staked: The total amount bet in this outcome per unit of initial bet: 1, or 2 after a raise or a
            war.

    >>> Settlement("war, won", plus=Rational(1), staked=Rational(2)).net({})
    1
    >>> raised = Settlement("spread 7, raised, won", pay="spread 4 or more", times=Rational(2))
    >>> raised.net({"spread 4 or more": Rational(1)})
    2
    """

    outcome: str
    pay: str | None = None
    times: Rational = _ONE
    plus: Rational = _ZERO
    staked: Rational = _ONE

    def net(self, pays: Mapping[str, Any]) -> Any:
        """The net result per unit of initial bet, given the pay table ``pays``.

        Args:
            pays: The bet's pay table, `{entry: pay}`, each pay a net win per unit bet.

        Returns:
            `times * pays[pay] + plus`, or `plus` when the outcome has no entry; exact when the pays
            are.
        """
        if self.pay is None:
            return self.plus
        if self.times is _ONE and self.plus is _ZERO:  # the usual outcome: its own pay
            return pays[self.pay]
        return self.times * pays[self.pay] + self.plus


@dataclass(frozen=True)
class Decision(Generic[DealT]):
    """A choice the player makes inside a bet, before it settles: Red Dog's raise, Casino War's
    war or surrender.

    ``state`` reads, from a deal, what the player knows when he decides (the spread, the pair of
    ranks, the tied rank); the deals of one state are decided alike, and a deal whose state is
    ``None`` offers no choice (its outcome must not depend on it).  ``choices`` are the words of
    the choice, the first being the one kept when the choices are worth the same.  ``fixed``
    names a stated rule (always that choice); without it the engine takes, in every state, the
    choice of the largest exact expected value on the shoe at hand.  A bet with a decision has a
    rule of two arguments, the deal and the choice.

    ``sees`` names the positions of the deal the decider sees when he decides (his hand, an up
    card): the engine builds the deal ``state`` reads from those positions alone, so a decision
    cannot read a card its decider does not see (the game refuses to be built if it tries).
    ``order`` (optional) ranks the states, weakest first, for strategies such as "play Q-6-4 or
    better" and for the strategy table's runs; ``decider`` says who decides, for the tables.

    Args:
        name: What the choice is called (`raise`, `war`), as options and errors name it.
        state: A function of a deal giving what the player knows when he decides, or `None` where the
            deal offers no choice.
        choices: Two or more different words for the options, the first kept when they are worth the
            same.
        fixed: One of `choices` to take always, as a stated rule; `None` (the default) lets the engine
            take the best choice in each state.
        sees: The positions of the deal the decider sees; every position the bet reads when empty.
        order: A key ranking the states, weakest first; `None` when states have no order.
        decider: Who decides, in words (`"the player"`).

    >>> raise_ = Decision("raise", lambda spread: spread, ("stand", "raise"))
    >>> raise_.state(7), raise_.choices, raise_.fixed is None
    (7, ('stand', 'raise'), True)
    >>> Decision("raise", str, ("stand", "raise"), fixed="double")
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the decision 'raise' has no choice 'double': choose stand or raise
    """

    name: str
    state: Callable[[DealT], Hashable]
    choices: tuple[str, ...]
    fixed: str | None = None
    sees: tuple[str, ...] = ()
    order: Callable[[Any], Any] | None = None
    decider: str = "the player"

    def __post_init__(self) -> None:
        if len(self.choices) < 2 or len(set(self.choices)) != len(self.choices):
            raise OptionError(f"the decision {self.name!r} needs two or more different choices")
        if self.fixed is not None and self.fixed not in self.choices:
            choices = " or ".join(self.choices)
            raise OptionError(f"the decision {self.name!r} has no choice {self.fixed!r}: choose {choices}")


@dataclass(frozen=True)
class RuleBet(Generic[DealT]):
    """A bet: a rule naming the outcome of each deal, and the pay of each outcome.

    ``pays`` lists ``(outcome, pay)`` in par-sheet order; a pay is the net result per unit bet
    (``-1`` a loss, ``-1/2`` half lost, ``0`` a push).  ``rule`` is a function of the game's deal
    returning the name of one outcome.  Build one with :meth:`define`, which reads the pays
    exactly.

    Args:
        name: The bet's identifier, as options and par sheets name it (`dragon_7`).
        rule: A function of the game's deal (and of the choice, with a `decision`) giving the name of
            the outcome.
        pays: `(outcome, pay)` pairs in par-sheet order, each pay an exact net result per unit bet.
        description: A sentence saying what the bet wins on, for tables and help; empty by default.
        label: The name people read, when it is not the name in words; empty by default.
        settlements: How each outcome settles, when outcomes and pays are not one-to-one; empty: each
            pay is an outcome.
        decision: The choice the player makes inside the bet, or `None` for a bet without one.
        positions: The positions of the deal the rule reads (a game with hands counts only those);
            every position when empty.

    >>> odd = RuleBet.define("odd", lambda n: "odd" if n % 2 else "even", {"odd": 1, "even": -1})
    >>> odd.rule(3), odd.pays, odd.description
    ('odd', (('odd', 1), ('even', -1)), '')
    """

    name: str
    rule: Callable[..., str]
    pays: tuple[tuple[str, Any], ...]
    description: str = ""
    label: str = ""
    settlements: tuple[Settlement, ...] = ()
    decision: Decision[DealT] | None = None
    positions: tuple[str, ...] = ()

    @property
    def display_name(self) -> str:
        """The name people read: ``label``, else the name in words (``"dragon_7"`` reads
        ``"Dragon 7"``).

        >>> RuleBet.define("dragon_7", str, {"win": 40, "lose": -1}).display_name
        'Dragon 7'
        """
        if self.label:
            return self.label
        words = self.name.replace("_", " ")
        return words[:1].upper() + words[1:]

    @classmethod
    def define(
        cls,
        name: str,
        rule: Callable[[DealT], str] | Callable[[DealT, str], str],
        pays: Mapping[str, int | str | Rational],
        *,
        description: str = "",
        label: str = "",
        settlements: Sequence[Settlement] = (),
        decision: Decision[DealT] | None = None,
        positions: Sequence[str] = (),
    ) -> Self:
        """A bet from a rule and a pay table ``{outcome: pay}`` (pays as numbers or ``"p/q"``);
        ``label`` is its display name.  ``settlements`` (when the outcomes are not one-to-one
        with the pays: a raise, a war) say how each outcome settles; ``decision`` is a choice the
        player makes inside the bet, and then the rule takes the deal and the choice.

        Args:
            name: The bet's identifier, a non-empty string.
            rule: A function of the deal (and of the choice, with a `decision`) naming the outcome.
            pays: `{outcome: pay}` in par-sheet order; each pay an int, a `Rational` or text such as
                `"19/20"`, read exactly.
            description: What the bet wins on, in a sentence; empty by default.
            label: The display name, when the name in words will not do.
            settlements: How each outcome settles when it is not paid at an entry of its own; each must
                name an entry of `pays`.
            decision: A choice made inside the bet; the rule then takes the deal and the choice.
            positions: The positions of the deal the rule reads; every position when empty.

        Returns:
            A new bet of this class with its pays read as exact numbers.

        >>> rule = lambda n: "six" if n == 6 else "other"
        >>> RuleBet.define("six", rule, {"six": "9/2", "other": -1}).pays
        (('six', 9/2), ('other', -1))
        >>> RuleBet.define("six", rule, {"six": "x", "other": -1})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardmath.errors.PayTableError: the pay of 'six' in bet 'six' must be a number (...), not 'x'
        >>> RuleBet.define("six", "six", {"six": 5})
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: the rule of bet 'six' must be a function of the deal, not 'six'
        >>> RuleBet.define("six", rule, {"six": 5}, settlements=[Settlement("six", pay="five")])
        Traceback (most recent call last):
        ...
        cardmath.errors.PayTableError: outcome 'six' of bet 'six' is paid at 'five', which its pay table lacks
        """
        if not name or not isinstance(name, str):
            raise OptionError(f"a bet needs a name, not {name!r}")
        if not callable(rule):
            raise OptionError(f"the rule of bet {name!r} must be a function of the deal, not {rule!r}")
        if not pays and not settlements:
            raise PayTableError(f"bet {name!r} needs at least one outcome in its pay table")
        table = tuple(
            (str(outcome), read_rational(pay, f"the pay of {outcome!r} in bet {name!r}", error=PayTableError))
            for outcome, pay in pays.items()
        )
        known = {pay for pay, _ in table}
        for settlement in settlements:
            if settlement.pay is not None and settlement.pay not in known:
                raise PayTableError(
                    f"outcome {settlement.outcome!r} of bet {name!r} is paid at {settlement.pay!r}, "
                    "which its pay table lacks"
                )
        names = [settlement.outcome for settlement in settlements]
        if len(set(names)) != len(names):
            raise PayTableError(f"bet {name!r} names an outcome twice")
        return cls(name, rule, table, description, label, tuple(settlements), decision, tuple(positions))

    def settled(self) -> tuple[Settlement, ...]:
        """How each outcome settles, in par-sheet order: the bet's settlements, or (for a bet
        without them) each pay of its table as an outcome of its own, staked once.

        Returns:
            One `Settlement` per outcome, in the order the par sheet lists them.

        >>> [(s.outcome, s.pay) for s in RuleBet.define("red", str, {"red": 1, "black": -1}).settled()]
        [('red', 'red'), ('black', 'black')]
        """
        return self._settled

    @functools.cached_property
    def _settled(self) -> tuple[Settlement, ...]:
        return self.settlements or tuple(Settlement(name, pay=name) for name, _ in self.pays)

    def settling(self) -> tuple[tuple[str, ...], tuple[Any, ...], tuple[Rational, ...]]:
        """Each outcome's name, net result per unit of initial bet and stake, in par-sheet order
        (worked out once per bet).

        Returns:
            Three tuples of the same length: the outcome names, their exact net results, and the amounts
            staked in them.

        >>> RuleBet.define("red", str, {"red": 1, "black": -1}).settling()
        (('red', 'black'), (1, -1), (1, 1))
        """
        return self._settling

    @functools.cached_property
    def _settling(self) -> tuple[tuple[str, ...], tuple[Any, ...], tuple[Rational, ...]]:
        pays = dict(self.pays)
        settled = self._settled
        return (
            tuple(s.outcome for s in settled),
            tuple(s.net(pays) for s in settled),
            tuple(s.staked for s in settled),
        )

    def paid_on(self) -> tuple[Rational, ...]:
        """For each outcome, in par-sheet order, the units its pay was won on: ``times`` for an
        outcome paid a multiple of a pay of the table (a raised bet), else 1.

        Returns:
            One exact multiple per outcome: 2 for a raised win, 1 for everything else.

        >>> raised = Settlement("raised, won", pay="win", times=Rational(2), staked=Rational(2))
        >>> lost = Settlement("lose", pay="lose")
        >>> bet = RuleBet.define("red", str, {"win": 1, "lose": -1}, settlements=[raised, lost])
        >>> bet.paid_on()
        (2, 1)
        """
        return tuple(s.times if s.pay is not None and s.plus == 0 else _ONE for s in self._settled)

    def net(self, outcome: str) -> Any:
        """The net result of one outcome per unit of initial bet.

        Args:
            outcome: The name of one of the bet's outcomes.

        Returns:
            The exact amount won (positive) or lost (negative) per unit first bet.

        Raises:
            OptionError: When the bet has no outcome of that name.

        >>> RuleBet.define("red", str, {"red": 1, "black": -1}).net("black")
        -1
        """
        for settlement in self.settled():
            if settlement.outcome == outcome:
                return settlement.net(dict(self.pays))
        raise OptionError(f"bet {self.name!r} has no outcome {outcome!r}")

    def pay(self, outcome: str) -> Any:
        """The pay of one entry of the pay table (for a bet without settlements: of one outcome).

        Args:
            outcome: The name of an entry of the pay table.

        Returns:
            That entry's exact net win per unit bet, as the table holds it.

        >>> bet = RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1})
        >>> bet.pay("black")
        -1
        >>> bet.pay("green")
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: bet 'red' has no outcome 'green': choose one of 'red', 'black'
        """
        for name, pay in self.pays:
            if name == outcome:
                return pay
        choices = ", ".join(repr(name) for name in self.pay_names())
        what = "pay" if self.settlements else "outcome"
        raise OptionError(f"bet {self.name!r} has no {what} {outcome!r}: choose one of {choices}")

    def pay_names(self) -> tuple[str, ...]:
        """The entries of the pay table, in order (for a bet without settlements: its outcomes).

        Returns:
            The names of the table's entries, in the table's order.

        >>> RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1}).pay_names()
        ('red', 'black')
        """
        return tuple(name for name, _ in self.pays)

    def outcomes(self) -> tuple[str, ...]:
        """The outcome names in par-sheet order.

        Returns:
            Each outcome's name once, as the par sheet lists them.

        >>> RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1}).outcomes()
        ('red', 'black')
        """
        return self._outcomes

    @functools.cached_property
    def _outcomes(self) -> tuple[str, ...]:
        return tuple(settlement.outcome for settlement in self._settled)

    def with_pay(self, outcome: str, pay: Any) -> Self:
        """The same bet with one entry of its pay table replaced.

        Args:
            outcome: The entry of the pay table to change; it must exist.
            pay: Its new net win per unit bet, an exact number.

        Returns:
            A copy of this bet differing only in that entry; this bet is unchanged.

        >>> RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1}).with_pay("red", 2).pays
        (('red', 2), ('black', -1))
        """
        self.pay(outcome)
        table = tuple((name, pay if name == outcome else old) for name, old in self.pays)
        return dataclasses.replace(self, pays=table)


def resolve_bets(
    known: Mapping[str, BetT],
    bets: Iterable[str | BetT] | str | BetT | None,
    game: str,
    kind: type[BetT],
) -> tuple[BetT, ...]:
    """The bets to analyse: names of ``known`` bets and/or bets of the game's ``kind`` (every
    known bet if ``None``); ``game`` names the game in the errors.

    Args:
        known: The game's bets by name.
        bets: Bet names, bet objects, a mix of them, a single name or bet, or `None` for all of `known`.
        game: The game's name, as error messages say it.
        kind: The class of the game's bets; objects of it are taken as they are.

    Returns:
        The chosen bets, in the order given, each once.

    >>> red = RuleBet.define("red", lambda colour: colour, {"red": 1, "black": -1})
    >>> known = {"red": red}
    >>> [bet.name for bet in resolve_bets(known, None, "Roulette", RuleBet)]
    ['red']
    >>> resolve_bets(known, ["red", "green"], "Roulette", RuleBet)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: unknown Roulette bet 'green': choose from red
    >>> resolve_bets(known, ["red", red], "Roulette", RuleBet)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: each bet may be named once, but red is repeated
    """
    if bets is None:
        return tuple(known.values())
    items: Iterable[object] = [bets] if isinstance(bets, (str, RuleBet)) else bets
    chosen: list[BetT] = []
    for bet in items:
        if isinstance(bet, kind):
            chosen.append(bet)
        elif isinstance(bet, str) and bet in known:
            chosen.append(known[bet])
        else:
            raise OptionError(f"unknown {game} bet {bet!r}: choose from {', '.join(known)}")
    names = [b.name for b in chosen]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise OptionError(f"each bet may be named once, but {', '.join(duplicates)} is repeated")
    if not chosen:
        raise OptionError("name at least one bet")
    return tuple(chosen)


@functools.lru_cache(maxsize=4096)
def pay_terms(bet: RuleBet[Any]) -> tuple[int, tuple[int, ...]]:
    """A common denominator of the net results of a bet's outcomes, and each outcome's net
    result as a whole numerator over it, in par-sheet order.

    Args:
        bet: A bet whose outcomes' net results are exact.

    Returns:
        `(denominator, numerators)`: the least common denominator, and each outcome's net result times
        it, as integers.

    >>> pay_terms(RuleBet.define("banker", str, {"win": "19/20", "lose": -1, "tie": 0}))
    (20, (19, -20, 0))
    """
    pays = dict(bet.pays)
    nets = [Rational(settlement.net(pays)) for settlement in bet.settled()]
    denominator = lcm(*(int(net.q) for net in nets))
    return denominator, tuple(int(net.p) * (denominator // int(net.q)) for net in nets)


def counted_house_edge(bet: RuleBet[Any], counts: Sequence[int], total: int) -> Rational:
    """The house edge ``-sum(pay * count) / total`` from each outcome's count of deals out of
    ``total``, in integers with one Rational at the end.

    Args:
        bet: The bet whose pays weigh the counts.
        counts: How many of the deals end in each outcome, in par-sheet order.
        total: How many deals were counted; the counts sum to it.

    Returns:
        The house's exact expected gain per unit bet (negative when the player is favoured).

    >>> counted_house_edge(RuleBet.define("tie", str, {"tie": 8, "no tie": -1}), [1, 9], 10)
    1/10
    """
    denominator, numerators = pay_terms(bet)
    value = sum(pay * count for pay, count in zip(numerators, counts, strict=True))
    return Rational(-value, denominator * total)


def counted_par_sheet(
    bet: RuleBet[Any],
    counts: Sequence[int],
    total: int,
    *,
    infinite: bool,
    listed: Sequence[bool] | None = None,
) -> ParSheet:
    """The par sheet of a bet from each outcome's count of deals out of ``total``; an infinite
    shoe's counts are weights, so its sheet gives no combinations.  ``listed`` (one flag per
    outcome) leaves out the outcomes a decision never reaches.

    Args:
        bet: The bet the sheet describes.
        counts: The deals (or weights, for an infinite shoe) ending in each outcome, in par-sheet order.
        total: The number of deals counted, or the sum of the weights.
        infinite: Whether the counts are weights of an infinite shoe, whose sheet has no combinations.
        listed: One flag per outcome, `False` leaving that outcome out; every outcome when `None`.

    Returns:
        The sheet: one row per listed outcome with its combinations, probability and net result, and its
        house edge.

    >>> tie = RuleBet.define("tie", str, {"tie": 8, "no tie": -1})
    >>> sheet = counted_par_sheet(tie, [1, 9], 10, infinite=False)
    >>> [(o.name, o.combinations, o.probability) for o in sheet], sheet.house_edge
    ([('tie', 1, 1/10), ('no tie', 9, 9/10)], 1/10)
    """
    names, nets, stakes = bet.settling()
    shown = listed if listed is not None else (True,) * len(names)
    multiples = bet.paid_on()
    return ParSheet(
        tuple(
            Outcome(name, net, Rational(count, total), None if infinite else count, stake, on)
            for name, net, stake, on, count, show in zip(
                names, nets, stakes, multiples, counts, shown, strict=True
            )
            if show
        )
    )
