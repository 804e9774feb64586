"""Three Card Poker by brute force over physical cards, sharing no code with cardmath.

A deck is a plain list of distinct cards, each a pair ``(rank, suit)`` with the rank 2 to 14 (ace
high) and the suit a letter of ``"cdhs"``; a deck with cards removed is just a shorter list.  A
hand is a ``frozenset`` of three physical cards.  Exact figures are ``fractions.Fraction``.

The rules, as implemented here:

* Hands rank, high to low: straight flush, three of a kind, straight, flush, pair, high card.
  A-K-Q is the highest straight and A-2-3 the lowest (it ranks as 3-high); K-A-2 is no straight.
  Within a category: straights and straight flushes by their top card; trips by rank; a pair by
  the pair's rank, then the kicker; flushes and high cards by the highest card, then the second,
  then the third.  Equal hands tie.  Suits never break ties.
* Ante/Play: the player antes 1 unit, sees his three cards, then folds (losing the ante) or plays
  (1 more unit on Play).  The dealer qualifies with queen-high or better.  Dealer not qualifying:
  the ante wins 1 to 1 and Play pushes.  Dealer qualifying: the higher hand wins both bets 1 to 1
  for the player, or loses both; equal hands push both.  A player who plays is paid the ante
  bonus on a straight or better whatever the dealer holds (default 5, 4 and 1 to 1 for a straight
  flush, three of a kind and a straight).
* Pair Plus pays on the player's own three cards; the 6-Card Bonus pays on the best five-card
  poker hand of the player's and the dealer's six cards (A-2-3-4-5 is a straight).

:func:`tally` does the slow part, once per deck: for every player hand it counts the dealer hands
of the remaining cards that do not qualify, and those that qualify and lose to, tie with and
beat the player (every player hand against every dealer hand, numpy comparing one batch of player
hands with all dealer hands at once: about three seconds for a full deck).  Every other figure
is read from those counts.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

import numpy as np
import numpy.typing as npt

__all__ = [
    "ANTE_BONUS",
    "CATEGORIES",
    "RANK_OF",
    "SIX_CARD_CATEGORIES",
    "AntePlay",
    "Hand",
    "HoleCarding",
    "PhysicalCard",
    "Showdown",
    "StrategyFigures",
    "Tally",
    "always_play",
    "ante_play",
    "category",
    "deck",
    "evaluate",
    "five_card_category",
    "hole_carding",
    "hole_carding_naive",
    "pair_plus_counts",
    "pay_table_edge",
    "play_at_least",
    "ranks_and_flush",
    "six_card_counts",
    "six_card_counts_naive",
    "strategy_figures",
    "tally",
    "tally_naive",
]

PhysicalCard = tuple[int, str]
Hand = frozenset[PhysicalCard]
Key = tuple[int, ...]

RANK_OF = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, **{str(n): n for n in range(2, 10)}}

HIGH_CARD, PAIR, FLUSH, STRAIGHT, TRIPS, STRAIGHT_FLUSH = range(6)
CATEGORIES = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")
"""The three-card categories, low to high: ``CATEGORIES[evaluate(hand)[0]]`` names a hand's."""

ANTE_BONUS: dict[str, Fraction] = {
    "straight flush": Fraction(5),
    "three of a kind": Fraction(4),
    "straight": Fraction(1),
}
"""The usual ante bonus, to 1, paid on the ante to a player who plays (the 1-4-5 table)."""

QUALIFIES: Key = (HIGH_CARD, 12, 0, 0)
"""The weakest qualifying dealer hand's key, padded: queen-high (any Q-x-x is at least this)."""


def deck(ranks: str = "23456789TJQKA", suits: str = "cdhs") -> list[PhysicalCard]:
    """One deck of the given ranks and suits, as physical cards."""
    return [(RANK_OF[r], s) for r in ranks for s in suits]


def _straight_top(ranks: Sequence[int]) -> int | None:
    """The top card of three ranks (high to low) forming a straight, else None; A-2-3 is 3-high."""
    if list(ranks) == [14, 3, 2]:
        return 3
    if ranks[0] - ranks[1] == 1 and ranks[1] - ranks[2] == 1:
        return ranks[0]
    return None


def evaluate(hand: Iterable[PhysicalCard]) -> Key:
    """A three-card hand's comparison key: the category (0 high card ... 5 straight flush), then
    the ranks that break ties within it, so that a higher tuple is a better hand."""
    cards = list(hand)
    if len(cards) != 3:
        raise ValueError("a Three Card Poker hand has three cards")
    ranks = sorted((rank for rank, _ in cards), reverse=True)
    flush = len({suit for _, suit in cards}) == 1
    top = _straight_top(ranks)
    if top is not None and flush:
        return (STRAIGHT_FLUSH, top)
    if ranks[0] == ranks[2]:
        return (TRIPS, ranks[0])
    if top is not None:
        return (STRAIGHT, top)
    if flush:
        return (FLUSH, *ranks)
    if ranks[0] == ranks[1]:
        return (PAIR, ranks[0], ranks[2])
    if ranks[1] == ranks[2]:
        return (PAIR, ranks[1], ranks[0])
    return (HIGH_CARD, *ranks)


def category(hand: Iterable[PhysicalCard]) -> str:
    """The name of a three-card hand's category."""
    return CATEGORIES[evaluate(hand)[0]]


def _key_number(key: Key) -> int:
    """A key as one integer, in the same order (each entry below 16; shorter keys padded with 0)."""
    number = 0
    for part in (*key, 0, 0, 0)[:4]:
        number = number * 16 + part
    return number


def _distinct(cards: Sequence[PhysicalCard]) -> list[PhysicalCard]:
    cards = list(cards)
    if len(set(cards)) != len(cards):
        raise ValueError("the cards must be distinct physical cards")
    return cards


# ----------------------------------------------------------------------------------------------
# Ante/Play


@dataclass(frozen=True)
class Showdown:
    """One player hand against every dealer hand of the remaining cards: how many do not qualify,
    and how many qualify and lose to (``won``), tie with, or beat (``lost``) the player's."""

    no_qualify: int
    won: int
    tied: int
    lost: int

    @property
    def dealer_hands(self) -> int:
        """The number of dealer hands counted."""
        return self.no_qualify + self.won + self.tied + self.lost


@dataclass(frozen=True)
class Tally:
    """Every player hand's :class:`Showdown`; ``pairs`` is the number of (player hand, dealer
    hand) deals of disjoint cards, every one equally likely."""

    cards: tuple[PhysicalCard, ...]
    pairs: int
    hands: dict[Hand, Showdown]


def _hand_arrays(
    cards: Sequence[PhysicalCard],
) -> tuple[list[tuple[int, int, int]], npt.NDArray[np.int64], npt.NDArray[np.uint64]]:
    """Every 3-card hand (as indices into ``cards``), its key number and its 64-bit card mask."""
    if len(cards) > 64:
        raise ValueError("at most 64 cards (one bit each)")
    triples = list(itertools.combinations(range(len(cards)), 3))
    keys = np.array([_key_number(evaluate(cards[i] for i in t)) for t in triples], dtype=np.int64)
    masks = np.array([(1 << a) | (1 << b) | (1 << c) for a, b, c in triples], dtype=np.uint64)
    return triples, keys, masks


def tally(cards: Sequence[PhysicalCard], batch: int = 512) -> Tally:
    """Count, for every player hand, the dealer hands of the other cards by showdown result.

    The work is every player hand against every dealer hand: a batch of player hands is compared
    with all dealer hands at once, disjointness read from the 64-bit card masks.
    """
    cards = _distinct(cards)
    triples, keys, masks = _hand_arrays(cards)
    qualifies = keys >= _key_number(QUALIFIES)
    hands: dict[Hand, Showdown] = {}
    for start in range(0, len(triples), batch):
        player_keys = keys[start : start + batch, None]
        disjoint = (masks[start : start + batch, None] & masks[None, :]) == 0
        qualified = disjoint & qualifies[None, :]
        no_qualify = np.count_nonzero(disjoint & ~qualifies[None, :], axis=1)
        won = np.count_nonzero(qualified & (player_keys > keys[None, :]), axis=1)
        tied = np.count_nonzero(qualified & (player_keys == keys[None, :]), axis=1)
        lost = np.count_nonzero(qualified & (player_keys < keys[None, :]), axis=1)
        for offset, triple in enumerate(triples[start : start + batch]):
            hand = frozenset(cards[i] for i in triple)
            hands[hand] = Showdown(
                int(no_qualify[offset]), int(won[offset]), int(tied[offset]), int(lost[offset])
            )
    pairs = comb(len(cards), 3) * comb(len(cards) - 3, 3)
    return Tally(tuple(cards), pairs, hands)


def _bonus_category(hand: Hand, bonus: Mapping[str, Fraction]) -> str:
    name = category(hand)
    return name if name in bonus else "none"


def _play_net(showdown: Showdown, bonus_pay: Fraction) -> Fraction:
    """The summed net result of playing one hand against all its dealer hands."""
    n = showdown
    return n.no_qualify + 2 * n.won - 2 * n.lost + bonus_pay * n.dealer_hands


@dataclass(frozen=True)
class StrategyFigures:
    """Ante/Play under one strategy: the house edge per unit ante, the expected total staked
    (ante + play), the element of risk (house edge / expected stake), and every deal counted by
    settled outcome (``"fold"``, ``"no qualify"``, ``"won"``, ``"tied"``, ``"lost"``) and ante bonus
    category paid (``"none"``, ``"straight"``, ``"three of a kind"``, ``"straight flush"``), out of
    ``pairs`` (player hand, dealer hand) deals."""

    house_edge: Fraction
    expected_stake: Fraction
    element_of_risk: Fraction
    outcomes: Counter[tuple[str, str]]
    pairs: int


def strategy_figures(
    counts: Tally, strategy: Callable[[Hand], str], bonus: Mapping[str, Fraction] = ANTE_BONUS
) -> StrategyFigures:
    """Ante/Play when each player hand is played or folded as ``strategy`` says (``"play"`` or
    ``"fold"``); the bonus pays are to 1 on the ante."""
    net = Fraction(0)
    stake = 0
    outcomes: Counter[tuple[str, str]] = Counter()
    for hand, showdown in counts.hands.items():
        choice = strategy(hand)
        if choice == "fold":
            net -= showdown.dealer_hands
            stake += showdown.dealer_hands
            outcomes["fold", "none"] += showdown.dealer_hands
            continue
        if choice != "play":
            raise ValueError(f"a strategy says 'play' or 'fold', not {choice!r}")
        paid = _bonus_category(hand, bonus)
        net += _play_net(showdown, bonus.get(paid, Fraction(0)))
        stake += 2 * showdown.dealer_hands
        for outcome, number in (
            ("no qualify", showdown.no_qualify),
            ("won", showdown.won),
            ("tied", showdown.tied),
            ("lost", showdown.lost),
        ):
            if number:
                outcomes[outcome, paid] += number
    edge = -net / counts.pairs
    expected_stake = Fraction(stake, counts.pairs)
    return StrategyFigures(edge, expected_stake, edge / expected_stake, outcomes, counts.pairs)


def ranks_and_flush(hand: Hand) -> tuple[tuple[int, ...], bool]:
    """What the rank-and-flush strategy sees of a hand: its ranks, high to low, and whether it
    is one suit."""
    return tuple(sorted((rank for rank, _ in hand), reverse=True)), len({s for _, s in hand}) == 1


@dataclass(frozen=True)
class AntePlay:
    """Ante/Play on one deck, every deal counted.

    ``play`` and ``fold`` hold, per player hand, the summed net result (in units of the ante)
    over every dealer hand of the remaining cards; ``choice`` the better (``"play"`` when playing
    is worth at least as much as folding) and ``ties`` the hands where the two are equal.
    ``optimal`` is the game under that per-card strategy.  ``by_ranks`` is the game under the best
    strategy that sees only the ranks and whether the hand is a flush (``group_choice``: each
    group of hands is played when the group's summed play result is at least its summed fold
    result); ``differs`` lists the hands whose group choice is strictly worse for that hand."""

    play: dict[Hand, Fraction]
    fold: dict[Hand, Fraction]
    choice: dict[Hand, str]
    ties: frozenset[Hand]
    optimal: StrategyFigures
    group_choice: dict[tuple[tuple[int, ...], bool], str]
    by_ranks: StrategyFigures
    differs: frozenset[Hand]


def ante_play(
    cards: Sequence[PhysicalCard], bonus: Mapping[str, Fraction] = ANTE_BONUS, *, counts: Tally | None = None
) -> AntePlay:
    """Ante/Play on ``cards`` by brute force (see :func:`tally`; pass ``counts`` to reuse one)."""
    counts = counts if counts is not None else tally(cards)
    play = {
        hand: _play_net(showdown, bonus.get(_bonus_category(hand, bonus), Fraction(0)))
        for hand, showdown in counts.hands.items()
    }
    fold = {hand: Fraction(-showdown.dealer_hands) for hand, showdown in counts.hands.items()}
    choice = {hand: "play" if play[hand] >= fold[hand] else "fold" for hand in play}
    ties = frozenset(hand for hand in play if play[hand] == fold[hand])
    group_play: dict[tuple[tuple[int, ...], bool], Fraction] = {}
    for hand, worth in play.items():
        group = ranks_and_flush(hand)
        group_play[group] = group_play.get(group, Fraction(0)) + worth - fold[hand]
    group_choice = {group: "play" if worth >= 0 else "fold" for group, worth in group_play.items()}
    differs = frozenset(
        hand for hand in play if group_choice[ranks_and_flush(hand)] != choice[hand] and hand not in ties
    )
    return AntePlay(
        play=play,
        fold=fold,
        choice=choice,
        ties=ties,
        optimal=strategy_figures(counts, choice.__getitem__, bonus),
        group_choice=group_choice,
        by_ranks=strategy_figures(counts, lambda hand: group_choice[ranks_and_flush(hand)], bonus),
        differs=differs,
    )


def play_at_least(ranks: str) -> Callable[[Hand], str]:
    """The strategy "play ``ranks`` or better" (e.g. ``"Q64"``: play Q-6-4 or better, fold
    Q-6-3 and worse), comparing hands by :func:`evaluate` with the threshold read as a high-card
    hand (so every pair or better is played)."""
    threshold = (HIGH_CARD, *sorted((RANK_OF[r] for r in ranks), reverse=True))
    return lambda hand: "play" if evaluate(hand) >= threshold else "fold"


def always_play(hand: Hand) -> str:
    """The strategy that plays every hand."""
    return "play"


# ----------------------------------------------------------------------------------------------
# Hole carding


@dataclass(frozen=True)
class HoleCarding:
    """Ante/Play when the player also sees ``seen`` of the dealer's three cards (a uniformly random
    choice of them) before deciding, and decides by the exact conditional expectation over the
    dealer's unseen cards.  ``folds_by_seen_rank`` counts the (player hand, seen cards) cases
    folded, by the highest seen rank; ``weakest_play`` / ``strongest_fold`` give, per highest seen
    rank, the keys (:func:`evaluate`) of the weakest hand played and the strongest folded."""

    seen: int
    house_edge: Fraction
    expected_stake: Fraction
    element_of_risk: Fraction
    folds_by_seen_rank: dict[int, int]
    weakest_play: dict[int, Key]
    strongest_fold: dict[int, Key]

    @property
    def player_edge(self) -> Fraction:
        """The player's edge, minus the house edge."""
        return -self.house_edge


def hole_carding(
    cards: Sequence[PhysicalCard],
    bonus: Mapping[str, Fraction] = ANTE_BONUS,
    *,
    seen: int = 1,
    batch: int = 256,
    by_ranks: bool = False,
) -> HoleCarding:
    """Ante/Play with ``seen`` (1 or 2) dealer cards exposed, by brute force.

    With ``by_ranks`` the player decides knowing only the ranks of the exposed cards and the ranks
    of his hand and whether it is one suit: each group of (player hand, exposed cards) alike in
    those is played when the group's summed play result is at least its summed fold result (the
    per-rank tallies are then left empty).

    Every (player hand, dealer hand, exposed card(s) of the dealer hand) is equally likely.  For
    each player hand and each set of exposed cards, the play result is summed over the dealer
    hands holding those cards, and the better of play and fold taken (play when equal).  The sums
    add each dealer hand's result into its ``seen``-card subsets (a matrix product for one seen
    card, ``numpy.bincount`` for two); sums of small integers are exact in floating point, and
    every figure after them is kept in integers (in units of the pays' common denominator).  About
    three seconds on a full deck with one card seen, fifteen with two.
    """
    if seen not in (1, 2):
        raise ValueError("one or two dealer cards can be seen")
    cards = _distinct(cards)
    n = len(cards)
    triples, keys, masks = _hand_arrays(cards)
    key_of = {_key_number(evaluate(cards[i] for i in t)): evaluate(cards[i] for i in t) for t in triples}
    qualifies = keys >= _key_number(QUALIFIES)
    subsets = list(itertools.combinations(range(n), seen))
    subset_index = {subset: i for i, subset in enumerate(subsets)}
    subset_masks = np.array([sum(1 << i for i in subset) for subset in subsets], dtype=np.uint64)
    highest_seen = np.array([max(cards[i][0] for i in subset) for subset in subsets])
    # the `seen`-card subsets of each dealer hand: one column per way to pick them
    parts = np.array(
        [[subset_index[part] for part in itertools.combinations(t, seen)] for t in triples], dtype=np.int64
    )
    small_keys = keys.astype(np.int16)  # key numbers are below 2 ** 15
    incidence = None
    if seen == 1:  # one seen card: the scatter-add is a product with the hands' card incidence matrix
        incidence = np.zeros((len(triples), len(subsets)), dtype=np.float32)
        np.put_along_axis(incidence, parts, 1.0, axis=1)
    group = comb(n - 3 - seen, 3 - seen)  # dealer hands sharing one player hand and one seen set
    scale = lcm(*(pay.denominator for pay in bonus.values()))
    paid = np.array(
        [
            int(bonus.get(_bonus_category(frozenset(cards[i] for i in t), bonus), Fraction(0)) * scale)
            for t in triples
        ],
        dtype=np.int64,
    )
    net = 0  # in units of 1 / scale
    stake = 0
    folds: Counter[int] = Counter()
    weakest_play: dict[int, int] = {}
    strongest_fold: dict[int, int] = {}
    classes: dict[tuple[tuple[int, ...], bool], int] = {}
    class_of = np.array(
        [classes.setdefault(ranks_and_flush(frozenset(cards[i] for i in t)), len(classes)) for t in triples]
    )
    seen_ranks: dict[tuple[int, ...], int] = {}
    seen_of = np.array(
        [
            seen_ranks.setdefault(tuple(sorted(cards[i][0] for i in subset)), len(seen_ranks))
            for subset in subsets
        ]
    )
    fold = -group * scale
    group_play = np.zeros(len(classes) * len(seen_ranks), dtype=np.int64)
    group_size = np.zeros(len(classes) * len(seen_ranks), dtype=np.int64)
    for start in range(0, len(triples), batch):
        rows = slice(start, min(start + batch, len(triples)))
        size = rows.stop - rows.start
        player_keys = keys[rows, None]
        disjoint = (masks[rows, None] & masks[None, :]) == 0
        # won 2, tied 0, lost -2; dealer not qualifying 1; a dealer hand sharing a card 0
        result = np.sign(small_keys[rows, None] - small_keys[None, :]).astype(np.float32)
        result *= 2
        result[:, ~qualifies] = 1
        result *= disjoint
        if incidence is not None:
            sums = result @ incidence
        else:
            flat = (np.arange(size)[:, None, None] * len(subsets) + parts[None, :, :]).reshape(-1)
            weights = np.repeat(result, parts.shape[1], axis=1).reshape(-1)
            sums = np.bincount(flat, weights=weights, minlength=size * len(subsets))
            sums = sums.reshape(size, len(subsets))
        play = np.rint(sums).astype(np.int64) * scale + paid[rows, None] * group
        open_ = (masks[rows, None] & subset_masks[None, :]) == 0
        if by_ranks:
            groups = class_of[rows, None] * len(seen_ranks) + seen_of[None, :]
            np.add.at(group_play, groups[open_], play[open_])
            np.add.at(group_size, groups[open_], 1)
            continue
        played = open_ & (play >= fold)
        folded = open_ & ~played
        net += int(np.sum(play, where=played)) + fold * int(np.count_nonzero(folded))
        stake += group * (2 * int(np.count_nonzero(played)) + int(np.count_nonzero(folded)))
        for rank in np.unique(highest_seen):
            column = highest_seen == rank
            hand_played = played[:, column].any(axis=1)
            hand_folded = folded[:, column].any(axis=1)
            folds[int(rank)] += int(np.count_nonzero(folded[:, column]))
            if hand_played.any():
                low = int(player_keys[hand_played, 0].min())
                weakest_play[int(rank)] = min(weakest_play.get(int(rank), low), low)
            if hand_folded.any():
                high = int(player_keys[hand_folded, 0].max())
                strongest_fold[int(rank)] = max(strongest_fold.get(int(rank), high), high)
    for summed, number in zip(group_play.tolist(), group_size.tolist(), strict=True):
        if number and summed >= fold * number:
            net, stake = net + summed, stake + 2 * group * number
        elif number:
            net, stake = net + fold * number, stake + group * number
    deals = comb(n, 3) * comb(n - 3, 3) * comb(3, seen)
    edge = -Fraction(net, scale * deals)
    expected_stake = Fraction(stake, deals)
    return HoleCarding(
        seen,
        edge,
        expected_stake,
        edge / expected_stake,
        {rank: number for rank, number in sorted(folds.items()) if number},
        {rank: key_of[number] for rank, number in sorted(weakest_play.items())},
        {rank: key_of[number] for rank, number in sorted(strongest_fold.items())},
    )


# ----------------------------------------------------------------------------------------------
# Pair Plus and the 6-Card Bonus


def pair_plus_counts(cards: Sequence[PhysicalCard]) -> Counter[str]:
    """The number of 3-card hands of ``cards`` in each category (the Pair Plus outcomes)."""
    cards = _distinct(cards)
    return Counter(category(hand) for hand in itertools.combinations(cards, 3))


def pay_table_edge(counts: Mapping[str, int], pays: Mapping[str, Fraction]) -> Fraction:
    """The house edge of a bet paying ``pays[name]`` to 1 on each named outcome and losing on
    every other, from the outcomes' counts (all equally likely deals)."""
    total = sum(counts.values())
    won = sum((pays[name] * number for name, number in counts.items() if name in pays), Fraction(0))
    lost = sum(number for name, number in counts.items() if name not in pays)
    return -(won - lost) / total


SIX_CARD_CATEGORIES = (
    "royal flush",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "less",
)
"""The 6-Card Bonus outcomes, high to low (``"less"``: two pair or worse)."""

_ROYAL = sum(1 << r for r in range(10, 15))


def _has_straight(mask: npt.NDArray[np.uint64]) -> npt.NDArray[np.bool_]:
    """Whether a rank mask (bit r for rank r, 2..14) holds five ranks in a row; the ace also
    counts low (bit 1)."""
    mask = mask | ((mask >> np.uint64(14)) & np.uint64(1)) << np.uint64(1)
    run = mask
    for shift in range(1, 5):
        run = run & (mask >> np.uint64(shift))
    found: npt.NDArray[np.bool_] = run != 0
    return found


def _classify_six(masks: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    """The best five-card category (an index into :data:`SIX_CARD_CATEGORIES`) of card masks
    holding, per suit, 16 bits of ranks (bit r of field s: rank r of suit s)."""
    fields = [(masks >> np.uint64(16 * s)) & np.uint64(0xFFFF) for s in range(4)]
    s0, s1, s2, s3 = fields
    present = s0 | s1 | s2 | s3
    pairs = (s0 & s1) | (s0 & s2) | (s0 & s3) | (s1 & s2) | (s1 & s3) | (s2 & s3)
    trips = (s0 & s1 & s2) | (s0 & s1 & s3) | (s0 & s2 & s3) | (s1 & s2 & s3)
    quads = s0 & s1 & s2 & s3
    flush = np.zeros(masks.shape, dtype=bool)
    straight_flush = np.zeros(masks.shape, dtype=bool)
    royal = np.zeros(masks.shape, dtype=bool)
    for field in fields:
        suited = np.bitwise_count(field) >= 5
        flush |= suited
        straight_flush |= suited & _has_straight(field)
        royal |= (field & np.uint64(_ROYAL)) == np.uint64(_ROYAL)
    full_house = (trips != 0) & ((np.bitwise_count(trips) >= 2) | ((pairs & ~trips) != 0))
    return np.select(
        [royal, straight_flush, quads != 0, full_house, flush, _has_straight(present), trips != 0],
        list(range(7)),
        default=7,
    ).astype(np.int64)


def six_card_counts(cards: Sequence[PhysicalCard]) -> Counter[str]:
    """The number of 6-card combinations of ``cards`` by their best five-card poker hand.

    Every combination is classified from per-suit rank bit masks, numpy working on all the
    combinations sharing their two lowest cards at once (1,326 batches on a full deck: about a
    second for its 20,358,520 combinations).
    """
    cards = _distinct(cards)
    n = len(cards)
    bits = np.array([1 << (16 * "cdhs".index(suit) + rank) for rank, suit in cards], dtype=np.uint64)
    fours = np.array(list(itertools.combinations(range(n), 4)), dtype=np.int64).reshape(-1, 4)
    four_masks = bits[fours[:, 0]] | bits[fours[:, 1]] | bits[fours[:, 2]] | bits[fours[:, 3]]
    # the 4-combinations are in lexicographic order: those above card c start at first_above[c]
    first_above = np.searchsorted(fours[:, 0], np.arange(n + 1), side="right")
    totals = np.zeros(8, dtype=np.int64)
    for a, b in itertools.combinations(range(n), 2):
        rest = four_masks[first_above[b] :]
        if rest.size:
            totals += np.bincount(_classify_six(rest | bits[a] | bits[b]), minlength=8)
    return Counter({name: int(totals[i]) for i, name in enumerate(SIX_CARD_CATEGORIES)})


def five_card_category(hand: Sequence[PhysicalCard]) -> int:
    """A five-card hand's category, as an index into :data:`SIX_CARD_CATEGORIES` (plain Python)."""
    ranks = sorted(rank for rank, _ in hand)
    counts = sorted(Counter(ranks).values(), reverse=True)
    flush = len({suit for _, suit in hand}) == 1
    straight = len(set(ranks)) == 5 and (ranks[4] - ranks[0] == 4 or ranks == [2, 3, 4, 5, 14])
    if straight and flush:
        return 0 if ranks[0] == 10 else 1
    if counts[0] == 4:
        return 2
    if counts[:2] == [3, 2]:
        return 3
    if flush:
        return 4
    if straight:
        return 5
    if counts[0] == 3:
        return 6
    return 7


def six_card_counts_naive(cards: Sequence[PhysicalCard]) -> Counter[str]:
    """:func:`six_card_counts` the slow way, for small decks: every 6-card combination, best of
    its six 5-card hands, each judged by :func:`five_card_category`."""
    cards = _distinct(cards)
    counts: Counter[str] = Counter({name: 0 for name in SIX_CARD_CATEGORIES})
    for six in itertools.combinations(cards, 6):
        best = min(five_card_category(five) for five in itertools.combinations(six, 5))
        counts[SIX_CARD_CATEGORIES[best]] += 1
    return counts


# ----------------------------------------------------------------------------------------------
# Plain loops, for small decks: the same figures without numpy, to check the fast versions


def tally_naive(cards: Sequence[PhysicalCard]) -> Tally:
    """:func:`tally` with plain loops over every (player hand, dealer hand) pair."""
    cards = _distinct(cards)
    hands: dict[Hand, Showdown] = {}
    for player in itertools.combinations(cards, 3):
        mine = evaluate(player)
        rest = [card for card in cards if card not in player]
        counts: Counter[str] = Counter()
        for dealer in itertools.combinations(rest, 3):
            theirs = evaluate(dealer)
            if theirs < QUALIFIES:
                counts["no qualify"] += 1
            else:
                counts["won" if mine > theirs else "tied" if mine == theirs else "lost"] += 1
        hands[frozenset(player)] = Showdown(
            counts["no qualify"], counts["won"], counts["tied"], counts["lost"]
        )
    return Tally(tuple(cards), comb(len(cards), 3) * comb(len(cards) - 3, 3), hands)


def hole_carding_naive(
    cards: Sequence[PhysicalCard],
    bonus: Mapping[str, Fraction] = ANTE_BONUS,
    *,
    seen: int = 1,
    by_ranks: bool = False,
) -> Fraction:
    """The house edge of :func:`hole_carding`, with plain loops: for every player hand and every
    set of ``seen`` exposed dealer cards, the play result summed over the dealer's unseen cards
    (with ``by_ranks``, summed first over the cases alike in ranks, flush and exposed ranks)."""
    cards = _distinct(cards)
    net = Fraction(0)
    deals = 0
    groups: dict[object, tuple[Fraction, int]] = {}
    for player in itertools.combinations(cards, 3):
        mine = evaluate(player)
        paid = bonus.get(_bonus_category(frozenset(player), bonus), Fraction(0))
        rest = [card for card in cards if card not in player]
        for shown in itertools.combinations(rest, seen):
            unseen = [card for card in rest if card not in shown]
            play = Fraction(0)
            hands = 0
            for hidden in itertools.combinations(unseen, 3 - seen):
                theirs = evaluate((*shown, *hidden))
                hands += 1
                if theirs < QUALIFIES:
                    play += 1 + paid
                else:
                    play += (2 if mine > theirs else 0 if mine == theirs else -2) + paid
            deals += hands
            if by_ranks:
                key = (ranks_and_flush(frozenset(player)), tuple(sorted(rank for rank, _ in shown)))
                summed, number = groups.get(key, (Fraction(0), 0))
                groups[key] = (summed + play, number + hands)
            else:
                net += max(play, Fraction(-hands))
    net += sum((max(summed, Fraction(-number)) for summed, number in groups.values()), Fraction(0))
    return -net / deals
