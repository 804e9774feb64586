"""High Card Pool played out: a seeded, reproducible simulation of the whole game.

The rules followed (GAMES.md §2 and the seed text), with the points the text leaves open settled:

* Seats ``0 .. players-1``; the seat to the left of seat ``i`` is ``i + 1``.  The first dealer is
  the last seat, so seat 0 acts first in the first round; the deal passes left every round.
* Pool game: every player, the dealer included, antes before each deal.  The pack (one 52-card
  pack, shuffled anew every round) is dealt one card at a time from the dealer's left, 5 cards each,
  or 4 when more than 8 hands are dealt (or when asked).  In turn from the dealer's left, the dealer
  last, each player bets from the minimum (the ante, or the pool if it holds less) to the pool, or
  folds and pays the ante as forfeit without showing his hand.  For a bet the dealer turns the top
  card; the bettor wins if he holds a higher card of its suit, takes back his bet and as much from
  the pool, and shows his lowest winning card; otherwise he shows his whole hand and his bet goes
  into the pool.  When the pool is empty and a player is still to play, everyone antes again.
* Pool limit: if at the end of a round the pool is above the agreed limit, it is divided among all
  players; the odd chips that do not divide go one each to the players from the dealer's left.
* Burning card: for every bet (not for a fold) the dealer turns up the top card, shows it and
  discards it, then turns the next card to decide the bet.  The bet is made before the burn.
* Banking game: the dealer is the banker, deals himself no hand, and puts up the bank; players do
  not ante and bet any amount from 0 (no bet: no card turned, nothing shown, no forfeit) to what is
  in the bank.  The hand ends when every player has played or the bank is empty; what is left in
  the bank goes back to the banker, and the bank and the deal pass left.
* The pack must serve every hand, and a decision card (and a burnt card) for every player who may
  bet: a table that needs more than 52 cards is refused before play, with the largest table allowed.
* What a player sees at his turn: his hand, every card turned before (decision and burnt cards),
  the whole hands of earlier losers and the winning card of earlier winners.

Bankrolls (``PoolRules(bankroll=W)``; the default ``None`` means every seat has unlimited chips and
the game is played exactly as above).  Every seat starts with ``W`` chips, and its bankroll is
``W`` plus its gains so far.  The rule is: **a seat that cannot pay what the rules ask of it leaves
the table for good, at that moment, paying nothing more.**  It plays no later turn, antes no more,
takes no share of a divided pool, never deals or banks again; its gain is 0 in every later round,
and what it already paid stays in the pool (or the bank).  Precisely:

* At the start of a round, in the pool game, a seat with fewer chips than the ante leaves; in the
  banking game, a seat with no chips leaves.  The deal then goes to the first seat still at the
  table from the usual dealer's place leftwards (the dealer himself when he is still there); in the
  banking game a seat with less than the bank cannot bank and leaves, and the bank goes on to the
  next seat at the table.  When fewer than two seats are left, the game ends: no more rounds are
  played (``rounds_played`` says how many were).
* Every ante again (the pool emptied) is paid by every seat still at the table; one that has
  less than the ante leaves.
* At his turn, a player with fewer chips than the forfeit (the ante; 1 chip in the banking game)
  leaves without playing, his hand unseen.  Otherwise he may fold or bet from the minimum to the
  pool (or bank) or his bankroll, whichever is less: ``TurnView.bankroll`` is his bankroll at his
  turn and ``maximum_bet`` is already capped by it, so he can always pay what he chooses.
* A pool above the limit is divided among the seats still at the table at the end of the round
  (none left: the pool stays).

Every chip stays on the table: the seats' gains plus the pool are exactly 0, and each seat's final
bankroll is ``W`` plus its total gain.

>>> rules = PoolRules(players=3, ante=2, bankroll=6)
>>> broke = simulate(rules, rounds=50, seed=4, strategies=[FixedBetStrategy(10**6)] * 3)
>>> [(seat.final_bankroll, seat.left_in_round) for seat in broke.seats]
[(12, None), (0, 3), (0, 3)]
>>> broke.rounds_played, broke.final_pool, sum(seat.gain.total for seat in broke.seats) + broke.final_pool
(3, 6, 0)

Money is counted in whole chips (Python ints), so every result is exact; means and standard errors
are reported as floats.

>>> result = simulate(PoolRules(players=4), rounds=200, seed=7)
>>> len(result.seats), result.rounds
(4, 200)
>>> sum(seat.gain.total for seat in result.seats) + result.final_pool
0
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from sympy import Rational

from cardmath.cards import FULL_DECK, Card
from cardmath.errors import OptionError
from cardmath.pool.betting import kelly_bank_bet, kelly_bet
from cardmath.pool.chances import count_beaten
from cardmath.progress import Progress

__all__ = [
    "BestBetStrategy",
    "Estimate",
    "FixedBetStrategy",
    "KellyStrategy",
    "PoolRules",
    "SeatResult",
    "SimulationResult",
    "Strategy",
    "TurnView",
    "simulate",
    "strategy_named",
]

PACK_SIZE = 52


def _whole(value: object, what: str, smallest: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < smallest:
        raise OptionError(f"{what} must be a whole number {smallest} or more, not {value!r}")
    return value


@dataclass(frozen=True)
class PoolRules:
    """The table's rules: players (2 to 10, the dealer or banker included), hand size (``None``:
    5, or 4 when more than 8 hands are dealt), ante in chips, burning card, banking game with its
    bank, the agreed pool limit (``None``: no limit), and every seat's starting bankroll in chips
    (``None``: unlimited; see the module text for a seat that cannot pay).

    >>> PoolRules(players=9).hand_size
    4
    >>> PoolRules(players=8, burn=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the pack cannot serve 8 players with 5 cards ... at most 7 players can play
    """

    players: int
    hand_size: int = field(default=0)
    ante: int = 1
    burn: bool = False
    banking: bool = False
    bank: int = 100
    pool_limit: int | None = None
    bankroll: int | None = None

    def __post_init__(self) -> None:
        players = _whole(self.players, "the number of players", 2)
        if players > 10:
            raise OptionError(f"High Card Pool is played by 2 to 10 players, not {players}")
        hands = players - 1 if self.banking else players
        if self.hand_size == 0:
            object.__setattr__(self, "hand_size", 5 if hands <= 8 else 4)
        size = _whole(self.hand_size, "the hand size", 1)
        _whole(self.ante, "the ante (in chips)", 1)
        _whole(self.bank, "the bank (in chips)", 1)
        if self.pool_limit is not None:
            _whole(self.pool_limit, "the pool limit (in chips)", 0)
        if self.bankroll is not None:
            _whole(self.bankroll, "the bankroll (in chips)", 1)
        per_hand = size + 1 + int(self.burn)
        if hands * per_hand > PACK_SIZE:
            extra = "a burnt and a decision card" if self.burn else "a decision card"
            most = PACK_SIZE // per_hand + int(self.banking)
            raise OptionError(
                f"the pack cannot serve {players} players with {size} cards each and {extra} per bet "
                f"({hands * per_hand} cards, the pack has {PACK_SIZE}); with {size} cards at most "
                f"{most} players can play"
            )

    @property
    def hands_dealt(self) -> int:
        """How many hands are dealt each round (the banker has none)."""
        return self.players - 1 if self.banking else self.players


@dataclass(frozen=True)
class TurnView:
    """What a player knows at his turn.  ``pool`` is the pool (or the bank in the banking game);
    a bet runs from ``minimum_bet`` to ``maximum_bet``; a bet of 0 folds (paying ``forfeit``) or,
    in the banking game, is no bet.  ``bankroll`` is the player's bankroll at his turn (``None``:
    unlimited); ``maximum_bet`` is never more than it.

    >>> from cardmath.cards import parse_cards
    >>> hand = parse_cards("As,Kh,Qd,Jc,2s")  # beats 41 of the 47 unseen cards
    >>> view = TurnView(hand, seen=(), pool=8, minimum_bet=1, maximum_bet=8, forfeit=1, banking=False)
    >>> BestBetStrategy().bet(view), FixedBetStrategy(3).bet(view)
    (8, 3)
    """

    hand: tuple[Card, ...]
    seen: tuple[Card, ...]
    pool: int
    minimum_bet: int
    maximum_bet: int
    forfeit: int
    banking: bool
    bankroll: int | None = None


class Strategy(Protocol):
    """A player's way of betting: ``bet(view)`` returns the bet in chips, 0 to fold or not bet.

    >>> class Minimum:
    ...     name = "minimum"
    ...     def bet(self, view: TurnView) -> int:
    ...         return view.minimum_bet
    >>> result = simulate(PoolRules(players=2), 10, seed=1, strategies=[Minimum(), FixedBetStrategy(2)])
    >>> [(seat.strategy, seat.gain.samples) for seat in result.seats]
    [('minimum', 10), ('fixed-2', 10)]
    """

    @property
    def name(self) -> str:
        """A short name for reports."""
        ...

    def bet(self, view: TurnView) -> int:
        """The bet for this turn."""
        ...


def _chance_counts(view: TurnView, use_shown: bool) -> tuple[int, int]:
    """How many unseen cards the hand beats, and how many cards are unseen: the exact chance of
    winning is their ratio (every shown card counted, or only the player's own hand)."""
    seen = view.seen if use_shown else ()
    return count_beaten(view.hand, seen), PACK_SIZE - len(view.hand) - len(seen)


@dataclass(frozen=True)
class BestBetStrategy:
    """The bet of greatest expected gain (see :mod:`cardmath.pool.betting`), with the chance
    counted from every card shown (``use_shown=True``) or from the player's own hand only.

    This hand beats 23 cards: 23 of the 44 unseen once three aces are shown, 23 of 47 without them.

    >>> from cardmath.cards import parse_cards
    >>> view = TurnView(parse_cards("Ks,Qh,3d,2c,4c"), parse_cards("As,Ah,Ad"), 8, 1, 8, 1, False)
    >>> BestBetStrategy().bet(view), BestBetStrategy(use_shown=False).bet(view)
    (8, 1)
    """

    use_shown: bool = True

    @property
    def name(self) -> str:
        """``best`` or ``best-ignoring-shown``."""
        return "best" if self.use_shown else "best-ignoring-shown"

    def bet(self, view: TurnView) -> int:
        """Bet the most when the chance is above 1/2; otherwise the minimum, or nothing when the
        minimum loses as much as the forfeit (the same integer rule as :func:`best_bet`)."""
        beaten, unseen = _chance_counts(view, self.use_shown)
        if 2 * beaten > unseen:
            return view.maximum_bet
        if view.banking:
            return 0
        # Bet the minimum when its expected loss (1 - 2p) * minimum is below the forfeit.
        if (unseen - 2 * beaten) * view.minimum_bet < view.forfeit * unseen:
            return view.minimum_bet
        return 0


@dataclass(frozen=True)
class FixedBetStrategy:
    """Always bets ``amount`` chips, brought within the allowed bets; never folds.

    >>> pool_of_8 = TurnView((), (), pool=8, minimum_bet=1, maximum_bet=8, forfeit=1, banking=False)
    >>> bank_of_20 = TurnView((), (), pool=20, minimum_bet=0, maximum_bet=20, forfeit=0, banking=True)
    >>> FixedBetStrategy(20).name, FixedBetStrategy(20).bet(pool_of_8), FixedBetStrategy().bet(bank_of_20)
    ('fixed-20', 8, 1)
    """

    amount: int = 1

    @property
    def name(self) -> str:
        """``fixed-N``."""
        return f"fixed-{self.amount}"

    def bet(self, view: TurnView) -> int:
        """The fixed amount, at least the minimum (1 chip in the banking game), at most the pool."""
        low = max(view.minimum_bet, 1)
        return max(low, min(view.maximum_bet, self.amount))


@dataclass(frozen=True)
class KellyStrategy:
    """Kelly sizing (see :func:`~cardmath.pool.betting.kelly_bet`): the bet that maximises the
    expected logarithm of the bankroll, for the exact chance counted as :class:`BestBetStrategy`
    counts it (from every card shown, or from the player's own hand only).

    The Kelly amount is exact; the bet is that amount **rounded down to a whole chip**.  The limits
    are whole chips and the exact amount lies within them, so the rounded bet does too (against a
    bank, a Kelly amount below 1 chip rounds down to no bet).  A fold or no bet is 0.  When the
    bankroll is no more than the forfeit, every choice can lose it all (Kelly's logarithm is then
    minus infinity whatever the bet, unless the win is sure): the strategy bets the maximum when
    the win is sure, the minimum when it can win, and folds when it cannot.  It needs a finite
    bankroll (``PoolRules(bankroll=...)``).

    This hand beats 41 of the 47 unseen cards: Kelly stakes ``(2 * 41/47 - 1) * 100 = 74.47...``
    of a 100-chip bankroll, so 74 chips, where the best bet stakes the whole pool.

    >>> from cardmath.cards import parse_cards
    >>> hand = parse_cards("As,Kh,Qd,Jc,2s")
    >>> view = TurnView(hand, (), pool=1000, minimum_bet=1, maximum_bet=100, forfeit=1, banking=False,
    ...                 bankroll=100)
    >>> KellyStrategy().bet(view), BestBetStrategy().bet(view), KellyStrategy().name
    (74, 100, 'kelly')
    """

    use_shown: bool = True

    @property
    def name(self) -> str:
        """``kelly`` or ``kelly-ignoring-shown``."""
        return "kelly" if self.use_shown else "kelly-ignoring-shown"

    def bet(self, view: TurnView) -> int:
        """The Kelly bet of this turn, rounded down to a whole chip (0 to fold or not bet).

        >>> bank = TurnView((), (), pool=30, minimum_bet=0, maximum_bet=30, forfeit=0, banking=True,
        ...                 bankroll=50)
        >>> KellyStrategy().bet(bank)  # no card in hand: nothing to win, no bet
        0
        """
        if view.bankroll is None:
            raise OptionError(
                f"strategy {self.name} sizes bets from a bankroll: give every seat a finite bankroll "
                "(PoolRules(bankroll=...), or --bankroll W)"
            )
        beaten, unseen = _chance_counts(view, self.use_shown)
        chance = Rational(beaten, unseen)
        if view.banking:
            sizing = kelly_bank_bet(chance, view.bankroll, view.pool)
        elif view.bankroll <= view.forfeit:
            if beaten == unseen:
                return view.maximum_bet
            return view.minimum_bet if beaten > 0 else 0
        else:
            sizing = kelly_bet(chance, view.bankroll, view.pool, view.forfeit)
        if sizing.action != "bet":
            return 0
        return int(sizing.amount.p) // int(sizing.amount.q)


def strategy_named(name: str) -> Strategy:
    """A strategy from its name: ``best``, ``best-ignoring-shown``, ``kelly``,
    ``kelly-ignoring-shown`` or ``fixed-N``.

    >>> strategy_named("fixed-3").name, strategy_named("kelly").name
    ('fixed-3', 'kelly')
    """
    if name == "best":
        return BestBetStrategy(True)
    if name == "best-ignoring-shown":
        return BestBetStrategy(False)
    if name == "kelly":
        return KellyStrategy(True)
    if name == "kelly-ignoring-shown":
        return KellyStrategy(False)
    if name.startswith("fixed-") and name[6:].isdigit() and int(name[6:]) >= 1:
        return FixedBetStrategy(int(name[6:]))
    raise OptionError(
        f"unknown strategy {name!r}: choose best, best-ignoring-shown, kelly, kelly-ignoring-shown "
        "or fixed-N (N chips, 1 or more)"
    )


@dataclass(frozen=True)
class Estimate:
    """A sample mean with its standard error, from exact integer sums.

    >>> gains = Estimate(samples=2, total=4, total_of_squares=10)  # gains of 1 and 3 chips
    >>> gains.exact_mean, gains.mean, gains.standard_error
    (2, 2.0, 1.0)
    """

    samples: int
    total: int
    total_of_squares: int

    @property
    def mean(self) -> float:
        """The sample mean."""
        return self.total / self.samples if self.samples else math.nan

    @property
    def exact_mean(self) -> Rational:
        """The sample mean as an exact fraction."""
        return Rational(self.total, self.samples)

    @property
    def standard_error(self) -> float:
        """The standard error of the mean (sample standard deviation over the root of the count)."""
        n = self.samples
        if n < 2:
            return math.nan
        variance = (self.total_of_squares - self.total * self.total / n) / (n - 1)
        return math.sqrt(max(variance, 0.0) / n)


class _Tally:
    def __init__(self) -> None:
        self.samples = 0
        self.total = 0
        self.squares = 0

    def add(self, value: int) -> None:
        self.samples += 1
        self.total += value
        self.squares += value * value

    def estimate(self) -> Estimate:
        return Estimate(self.samples, self.total, self.squares)


@dataclass(frozen=True)
class SeatResult:
    """One seat: its strategy and its gain per round (antes, bets, forfeits, shares, bank); with
    finite bankrolls, its bankroll at the end and the round (counted from 0) in which it left the
    table (``None``: it stayed); with unlimited bankrolls both are ``None``.

    >>> strategies = [BestBetStrategy(), FixedBetStrategy(2)]
    >>> result = simulate(PoolRules(players=2), rounds=30, seed=5, strategies=strategies)
    >>> [(seat.seat, seat.strategy, seat.gain.samples) for seat in result.seats]
    [(0, 'best', 30), (1, 'fixed-2', 30)]
    """

    seat: int
    strategy: str
    gain: Estimate
    final_bankroll: int | None = None
    left_in_round: int | None = None


@dataclass(frozen=True)
class SimulationResult:
    """What a simulation found.  ``first_turn`` is the gain of the first player to act in each
    round from his bet or forfeit alone (his ante excluded); ``banker`` is the banker's gain per
    hand in the banking game.  ``final_pool`` is the pool left at the end (every chip a seat lost
    is in it).  ``rounds_played`` is ``rounds`` unless the game ended early because fewer than two
    seats were left at the table (finite bankrolls only).

    >>> result = simulate(PoolRules(players=3, pool_limit=10), rounds=100, seed=3)
    >>> result.rounds, len(result.seats), result.first_turn.samples, result.banker
    (100, 3, 100, None)
    >>> sum(seat.gain.total for seat in result.seats) + result.final_pool
    0
    """

    rules: PoolRules
    rounds: int
    seed: int
    seats: tuple[SeatResult, ...]
    first_turn: Estimate
    banker: Estimate | None
    final_pool: int
    re_antes: int
    pool_divisions: int
    rounds_played: int


def _winning_card(hand: Sequence[Card], decision: Card) -> Card | None:
    winners = [c for c in hand if c.suit is decision.suit and c.rank > decision.rank]
    return min(winners) if winners else None


def simulate(
    rules: PoolRules,
    rounds: int,
    seed: int,
    strategies: Sequence[Strategy] | None = None,
    *,
    show_progress: bool = False,
) -> SimulationResult:
    """Play ``rounds`` rounds with a seeded random pack; ``strategies`` gives one per seat
    (default: every seat plays :class:`BestBetStrategy`).  The same seed gives the same result.

    >>> a = simulate(PoolRules(players=3, banking=True, bank=20), rounds=50, seed=1)
    >>> b = simulate(PoolRules(players=3, banking=True, bank=20), rounds=50, seed=1)
    >>> a == b
    True
    """
    _whole(rounds, "the number of rounds", 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise OptionError(f"the seed must be a whole number, not {seed!r}")
    players = rules.players
    plays: tuple[Strategy, ...] = (
        tuple(BestBetStrategy() for _ in range(players)) if strategies is None else tuple(strategies)
    )
    if len(plays) != players:
        raise OptionError(f"give one strategy per seat: {players} seats, {len(plays)} strategies")
    if rules.bankroll is None:
        for play in plays:
            if isinstance(play, KellyStrategy):
                raise OptionError(
                    f"strategy {play.name} sizes bets from a bankroll: give every seat a finite "
                    "bankroll (PoolRules(bankroll=...), or --bankroll W)"
                )
    generator = random.Random(seed)
    pack = list(FULL_DECK)
    seat_tallies = [_Tally() for _ in range(players)]
    first_turn = _Tally()
    banker_tally = _Tally()
    pool = 0
    re_antes = 0
    divisions = 0
    rounds_played = 0
    ante = rules.ante
    limited = rules.bankroll is not None
    # Finite bankrolls: the chips of each seat at the start of the round (its bankroll at any
    # moment is that plus its gains in the round), whether it is still at the table, and when it left.
    held = [rules.bankroll or 0] * players
    present = [True] * players
    left_in: list[int | None] = [None] * players
    with Progress(rounds, "pool simulation", enabled=None if show_progress else False) as progress:
        for round_number in range(rounds):
            gains = [0] * players

            def leave(seat: int, round_number: int = round_number) -> None:
                present[seat] = False
                left_in[seat] = round_number

            dealer = (players - 1 + round_number) % players
            if limited:
                least = 1 if rules.banking else ante
                for seat in range(players):
                    if present[seat] and held[seat] < least:
                        leave(seat)
                for step in range(players):
                    candidate = (dealer + step) % players
                    if present[candidate]:
                        if not rules.banking or held[candidate] >= rules.bank:
                            break
                        leave(candidate)
                dealer = candidate
                if sum(present) < 2:
                    break
            order = [(dealer + step) % players for step in range(1, players + 1)]
            order = [seat for seat in order if present[seat]]
            if rules.banking:
                order.remove(dealer)
            generator.shuffle(pack)
            cards = iter(pack)
            hands: dict[int, list[Card]] = {seat: [] for seat in order}
            for _ in range(rules.hand_size):
                for seat in order:
                    hands[seat].append(next(cards))
            shown: list[Card] = []
            if rules.banking:
                bank = rules.bank
            else:
                for seat in order:
                    gains[seat] -= ante
                pool += ante * len(order)
            turns = 0
            for seat in order:
                if not present[seat]:
                    continue
                hand = tuple(hands[seat])
                if rules.banking:
                    if bank == 0:
                        break
                    chips = held[seat] + gains[seat] if limited else None
                    if chips is not None and chips < 1:
                        leave(seat)
                        continue
                    highest = bank if chips is None else min(bank, chips)
                    view = TurnView(hand, tuple(shown), bank, 0, highest, 0, True, chips)
                else:
                    if pool == 0:
                        for other in order:
                            if not present[other]:
                                continue
                            if limited and held[other] + gains[other] < ante:
                                leave(other)
                                continue
                            gains[other] -= ante
                            pool += ante
                        re_antes += 1
                        if not present[seat]:
                            continue
                    chips = held[seat] + gains[seat] if limited else None
                    if chips is not None and chips < ante:
                        leave(seat)
                        continue
                    highest = pool if chips is None else min(pool, chips)
                    view = TurnView(hand, tuple(shown), pool, min(ante, pool), highest, ante, False, chips)
                bet = plays[seat].bet(view)
                if bet != 0 and not view.minimum_bet <= bet <= view.maximum_bet:
                    raise OptionError(
                        f"strategy {plays[seat].name} bet {bet!r}: bets run from "
                        f"{view.minimum_bet} to {view.maximum_bet}, or 0 to fold"
                    )
                if bet == 0:
                    turn_gain = -view.forfeit
                else:
                    if rules.burn:
                        shown.append(next(cards))
                    decision = next(cards)
                    shown.append(decision)
                    winner = _winning_card(hand, decision)
                    if winner is not None:
                        turn_gain = bet
                        shown.append(winner)
                    else:
                        turn_gain = -bet
                        shown.extend(hand)
                gains[seat] += turn_gain
                if rules.banking:
                    bank -= turn_gain
                else:
                    pool -= turn_gain
                if turns == 0:
                    first_turn.add(turn_gain)
                turns += 1
            if rules.banking:
                gains[dealer] += bank - rules.bank
                banker_tally.add(bank - rules.bank)
            elif rules.pool_limit is not None and pool > rules.pool_limit:
                sharers = [seat for seat in order if present[seat]]
                if sharers:
                    share, odd = divmod(pool, len(sharers))
                    for step, seat in enumerate(sharers):
                        gains[seat] += share + (1 if step < odd else 0)
                    pool = 0
                    divisions += 1
            for seat in range(players):
                seat_tallies[seat].add(gains[seat])
                held[seat] += gains[seat]
            rounds_played += 1
            progress.advance()
    return SimulationResult(
        rules=rules,
        rounds=rounds,
        seed=seed,
        seats=tuple(
            SeatResult(
                s,
                plays[s].name,
                seat_tallies[s].estimate(),
                held[s] if limited else None,
                left_in[s],
            )
            for s in range(players)
        ),
        first_turn=first_turn.estimate(),
        banker=banker_tally.estimate() if rules.banking else None,
        final_pool=pool,
        re_antes=re_antes,
        pool_divisions=divisions,
        rounds_played=rounds_played,
    )
