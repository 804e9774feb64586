"""High Card Pool played out: a seeded, reproducible simulation of the whole game.

The rules followed (in our words on the game's page of the documentation, docs/games/pool.md),
with the points the original text leaves open settled:

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
  turn and ``maximum_bet`` is already capped by it, so he can always pay what he chooses (see
  :class:`~cardmath.games.pool.strategies.TurnView`).
* A pool above the limit is divided among the seats still at the table at the end of the round
  (none left: the pool stays).

Every chip stays on the table: the seats' gains plus the pool are exactly 0, and each seat's final
bankroll is ``W`` plus its total gain.

>>> from cardmath.games.pool.strategies import FixedBetStrategy
>>> rules = PoolRules(players=3, ante=2, bankroll=6)
>>> broke = simulate(rules, rounds=50, seed=4, strategies=[FixedBetStrategy(10**6)] * 3)
>>> [(seat.final_bankroll, seat.left_in_round) for seat in broke.seats]
[(12, None), (0, 3), (0, 3)]
>>> broke.rounds_played, broke.final_pool, sum(seat.gain.total for seat in broke.seats) + broke.final_pool
(3, 6, 0)

Money is counted in whole chips (Python ints), so every result is exact; means and standard errors
are reported as floats.  The results (:class:`SimulationResult`, :class:`SeatResult`,
:class:`Estimate`) and :func:`exact_expectations` are in
:mod:`~cardmath.games.pool.simulation_results`, with their tables and notebook displays.

>>> result = simulate(PoolRules(players=4), rounds=200, seed=7)
>>> len(result.seats), result.rounds
(4, 200)
>>> sum(seat.gain.total for seat in result.seats) + result.final_pool
0
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

from tqdm import tqdm

from cardmath.cards import FULL_DECK, Card
from cardmath.checks import checked
from cardmath.errors import OptionError
from cardmath.games.pool.rules import PoolRules
from cardmath.games.pool.simulation_results import Estimate, SeatResult, SimulationResult, exact_expectations
from cardmath.games.pool.strategies import (
    BestBetStrategy,
    KellyStrategy,
    Strategy,
    TurnView,
)
from cardmath.numbers import read_seed, read_whole

__all__ = [
    "Estimate",
    "SeatResult",
    "SimulationResult",
    "exact_expectations",
    "simulate",
]


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


def _winning_card(hand: Sequence[Card], decision: Card) -> Card | None:
    winners = [c for c in hand if c.suit is decision.suit and c.rank > decision.rank]
    return min(winners) if winners else None


@checked
def simulate(
    rules: PoolRules,
    rounds: int | str,
    seed: int | str,
    strategies: Sequence[Strategy] | None = None,
    *,
    show_progress: bool = False,
) -> SimulationResult:
    """Play ``rounds`` rounds with a seeded random pack; ``strategies`` gives one per seat
    (default: every seat plays :class:`~cardmath.games.pool.strategies.BestBetStrategy`).  The
    same seed gives the same result.  ``show_progress`` draws a progress bar on standard error
    when it is a terminal.

    Args:
        rules: The table: players, hand size, ante, variants and bankrolls.
        rounds: The number of rounds to play, 1 or more (a number or its text).
        seed: The seed of the random shuffles, a whole number 0 or more (or its text).
        strategies: One strategy per seat, in seat order; ``None`` plays the best bet at every seat.
        show_progress: ``True`` draws a progress bar on standard error (only on a terminal).

    Returns:
        Each seat's gain per round, the first player's and the banker's gains, the pool left, and
            how the game went (re-antes, divisions, rounds played).

    >>> a = simulate(PoolRules(players=3, banking=True, bank=20), rounds=50, seed=1)
    >>> b = simulate(PoolRules(players=3, banking=True, bank=20), rounds=50, seed=1)
    >>> a == b
    True
    """
    rounds = read_whole(rounds, "the number of rounds", minimum=1)
    seed = read_seed(seed)
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
    full_bank = rules.bank or 0  # the bank put up each hand of the banking game
    # Finite bankrolls: the chips of each seat at the start of the round (its bankroll at any
    # moment is that plus its gains in the round), whether it is still at the table, and when it left.
    held = [rules.bankroll or 0] * players
    present = [True] * players
    left_in: list[int | None] = [None] * players
    with tqdm(
        total=rounds, desc="pool simulation", disable=None if show_progress else True, file=sys.stderr
    ) as progress:
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
                        if not rules.banking or held[candidate] >= full_bank:
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
                bank = full_bank
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
                gains[dealer] += bank - full_bank
                banker_tally.add(bank - full_bank)
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
            progress.update(1)
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
