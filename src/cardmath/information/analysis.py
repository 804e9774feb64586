"""The exact value of what a player sees: bets given a pattern, pattern tables, and the best sorts.

Every figure is a sum of rows of the game's known tally (:mod:`cardmath.engine.knowledge`): the
deals of a shoe split by the cards at the known positions, each bet's outcomes counted in each
part.  A *pattern* is what the player sees: at each known position, the group of the card (or the
card itself without a sort; ``none`` where the deal did not deal that position).  Given a pattern,
each bet's expected value is exact, the best bet is the one worth most, and the player's edge is
the average over every deal of the best bet's value:

- *playing every hand*: the best bet is made on every pattern, even one where it loses;
- *sitting out*: no bet is made on a pattern where every bet loses (that pattern counts 0).

Both are per hand dealt.  The *value of the information* is the edge less what the best bet is
worth to a player who sees nothing (who, sitting out, would not play at all: 0).  The results
(:class:`Pattern`, :class:`PatternTable`, :class:`Conditional`, :class:`SortResult`) are defined
in :mod:`cardmath.information.patterns` and :mod:`cardmath.information.results`, with their
tables and notebook displays.

>>> from cardmath.games.dragon_tiger import GAME
>>> from cardmath.information.knowledge import read_grouping
>>> from cardmath.shoe import Shoe
>>> ranks = GAME.counter(GAME.default_rules).known_categories()
>>> sort = read_grouping("89TJQK", ranks)
>>> table = pattern_table(GAME, Shoe.standard(8), ["dragon"], grouping=sort, bets=["dragon", "tiger"])
>>> [(pattern.cards, pattern.best) for pattern in table.patterns]
[(('89TJQK',), 'dragon'), (('234567A',), 'tiger')]
>>> round(float(table.edge_sitting_out), 4)
0.4609
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from sympy import Rational

from cardmath.bets import RuleBet, counted_par_sheet, pay_terms
from cardmath.engine.knowledge import KnownTally, unique_rows
from cardmath.engine.settle import settle
from cardmath.errors import KnowledgeError
from cardmath.information.knowledge import Grouping, every_grouping
from cardmath.information.patterns import Pattern, PatternTable
from cardmath.information.results import Conditional, SortResult
from cardmath.shoe import Shoe

if TYPE_CHECKING:
    from cardmath.engine.game import CatalogueGame

__all__ = [
    "NOT_DEALT",
    "Conditional",
    "Pattern",
    "PatternTable",
    "SortResult",
    "best_sorts",
    "conditional",
    "known_tally",
    "pattern_table",
]

Array = npt.NDArray[Any]

NOT_DEALT = "none"
"""What a pattern shows at a position the deal did not deal (a third card not drawn)."""

_INT64_LIMIT = 2**62


def known_tally(
    game: CatalogueGame[Any, Any],
    shoe: Shoe,
    positions: Sequence[str],
    bets: Sequence[str | RuleBet[Any]] | str | None = None,
    rules: Any = None,
) -> tuple[KnownTally, tuple[RuleBet[Any], ...]]:
    """A game's deals on ``shoe`` split by the cards at ``positions``, with its bets counted.

    Args:
        game: A catalogue game of the registry.
        shoe: The shoe dealt from.
        positions: The known positions, each one of the game's (``counter.known_positions()``).
        bets: Built-in bet names or bets of the game; for ``None``, every built-in bet the game can
            count by what is seen (baccarat's bets on the first cards' ranks and suits left out).
        rules: The game's rules; its usual table for ``None``.

    Returns:
        The known tally and the bets it counts, in its order.

    Raises:
        KnowledgeError: For a position the game does not have, one named twice, or none.
    >>> from cardmath.games.dragon_tiger import GAME
    >>> tally, bets = known_tally(GAME, Shoe.standard(1), ["Dragon"], ["tie"])
    >>> tally.positions, [bet.name for bet in bets], tally.total
    (('dragon',), ['tie'], 2652)
    """
    if not hasattr(game, "counter") or not hasattr(game, "default_rules"):
        raise KnowledgeError(
            f"{getattr(game, 'title', game)}: the information analysis covers the games dealt and settled "
            "from a shoe (cardmath information lists them)"
        )
    chosen_rules = game.default_rules if rules is None else rules
    counter = game.counter(chosen_rules)
    offered = counter.known_positions()
    if not offered:
        raise KnowledgeError(
            f"{game.short_title}: no card of its deal is dealt alone to be seen (its hands are read whole), "
            "so the information analysis has nothing to split the deals by"
        )
    matched = {name.lower(): name for name in offered}
    named = []
    for position in positions:
        found = matched.get(str(position).strip().lower())
        if found is None:
            raise KnowledgeError(
                f"{game.short_title} has no position {position!r}: its positions are {', '.join(offered)}"
            )
        named.append(found)
    if len(set(named)) != len(named):
        raise KnowledgeError(f"a position is named twice in {', '.join(positions)}: name each once")
    if not named:
        raise KnowledgeError(f"name at least one position of the deal: {', '.join(offered)}")
    chosen = game.resolve_bets(bets, chosen_rules)
    if bets is None:  # every bet the game can count by what is seen
        chosen = tuple(bet for bet in chosen if counter.counts_known(bet))
    ordered = sorted(named, key=offered.index)
    return counter.count_known(shoe, chosen, ordered), chosen


def _outcome_counts(
    tally: KnownTally, bet_index: int, bet: RuleBet[Any], cells: Array, total: int
) -> tuple[int, ...]:
    """A bet's outcome counts from its cell counts within one pattern (its decision settled there)."""
    described = tally.bet_cells[bet_index]
    counts = [int(count) for count in cells]
    if described.in_order:
        return tuple(counts)
    return settle(bet, described.cells, described.states, counts, total).counts


def _net_numerators(
    tally: KnownTally, bets: Sequence[RuleBet[Any]], aggregated: Sequence[Array], totals: Array
) -> list[list[int]]:
    """Each pattern's sum of net results per bet, over the bet's pay denominator."""
    numerators = []
    for index, bet in enumerate(bets):
        _, nets = pay_terms(bet)
        if tally.bet_cells[index].in_order:  # the cells are the outcomes: one product
            products = aggregated[index].astype(object) @ np.array(nets, dtype=object)
            numerators.append([int(value) for value in products])
            continue
        column = []
        for row in range(len(totals)):
            counts = _outcome_counts(tally, index, bet, aggregated[index][row], int(totals[row]))
            column.append(sum(net * count for net, count in zip(nets, counts, strict=True)))
        numerators.append(column)
    return numerators


def _pattern_names(tally: KnownTally, grouping: Grouping | None) -> tuple[Array, list[tuple[str, ...]]]:
    """Each part's pattern (an index) and each pattern's cards in words."""
    keys = tally.keys
    if grouping is None:
        mapped = keys
    else:
        lookup = np.array([grouping.group_of(c) for c in range(len(tally.categories))] + [-1])
        mapped = np.where(keys >= 0, lookup[np.maximum(keys, 0)], -1) if keys.size else keys
    # patterns in the order of the groups (or cards), a position not dealt last
    ordered = np.where(mapped < 0, len(tally.categories), mapped)
    unique, inverse = unique_rows(ordered)
    unique = np.where(unique == len(tally.categories), -1, unique)
    names = []
    for row in unique:
        words = []
        for value in row:
            if value < 0:
                words.append(NOT_DEALT)
            elif grouping is None:
                words.append(tally.categories[value])
            else:
                words.append(grouping.names[value])
        names.append(tuple(words))
    return inverse, names


def _aggregate(values: Array, parts: Array, patterns: int) -> Array:
    """Each pattern's sum of the rows of ``values`` (one row per part), exactly."""
    shape = (patterns, *values.shape[1:])
    result = np.zeros(shape, dtype=values.dtype)
    np.add.at(result, parts, values)
    return result


def pattern_table(
    game: CatalogueGame[Any, Any],
    shoe: Shoe,
    positions: Sequence[str],
    *,
    grouping: Grouping | None = None,
    bets: Sequence[str | RuleBet[Any]] | str | None = None,
    rules: Any = None,
) -> PatternTable:
    """Every pattern the known positions can show on ``shoe``: its chance, each bet's exact value
    given it, and the best bet.

    Args:
        game: A catalogue game of the registry.
        shoe: The shoe dealt from.
        positions: The known positions (such as ``["P1", "B1", "P2", "B2"]``).
        grouping: The sort of the cards seen; ``None`` to see each card itself (mid-deal odds).
        bets: The bets compared: built-in names or bets of the game; every built-in bet for ``None``.
        rules: The game's rules; its usual table for ``None``.

    Returns:
        The pattern table, in the order of the groups (or cards), a position not dealt last.

    Raises:
        KnowledgeError: For a position the game does not have, or a grouping of other categories.
    >>> from cardmath.games.dragon_tiger import GAME
    >>> seen = pattern_table(GAME, Shoe.standard(1), ["dragon"], bets=["dragon", "tiger"])
    >>> [(pattern.cards[0], pattern.best) for pattern in seen.patterns][:2]
    [('2', 'tiger'), ('3', 'tiger')]
    """
    tally, chosen = known_tally(game, shoe, positions, bets, rules)
    if grouping is not None and grouping.categories != tally.categories:
        raise KnowledgeError(
            f"the groups sort {''.join(grouping.categories)}, but {game.short_title} knows cards as "
            f"{' '.join(tally.categories)}"
        )
    parts, names = _pattern_names(tally, grouping)
    totals = _aggregate(tally.totals, parts, len(names))
    aggregated = [_aggregate(cells, parts, len(names)) for cells in tally.cells]
    numerators = _net_numerators(tally, chosen, aggregated, totals)
    denominators = [pay_terms(bet)[0] for bet in chosen]
    patterns = []
    for row, cards in enumerate(names):
        deals = int(totals[row])
        if not deals:
            continue
        values = tuple(Rational(numerators[i][row], denominators[i] * deals) for i in range(len(chosen)))
        best = max(range(len(chosen)), key=lambda i: (values[i], -i))
        patterns.append(
            Pattern(
                cards,
                deals,
                Rational(deals, tally.total),
                values,
                chosen[best].name,
                values[best],
                tally.positions,
                tuple(bet.name for bet in chosen),
            )
        )
    overall = _net_numerators(
        tally, chosen, [cells.sum(axis=0, keepdims=True) for cells in tally.cells], np.array([tally.total])
    )
    uninformed = tuple(Rational(overall[i][0], denominators[i] * tally.total) for i in range(len(chosen)))
    return PatternTable(
        game.name,
        game.short_title,
        shoe.describe(),
        tally.positions,
        grouping,
        tuple(bet.name for bet in chosen),
        tuple(bet.display_name for bet in chosen),
        tuple(patterns),
        uninformed,
    )


def conditional(
    game: CatalogueGame[Any, Any],
    shoe: Shoe,
    given: Mapping[str, frozenset[int]],
    bets: Sequence[str | RuleBet[Any]] | str | None = None,
    rules: Any = None,
) -> Conditional:
    """Each bet's par sheet given facts about the deal (:func:`~cardmath.information.read_given`).

    Args:
        game: A catalogue game of the registry.
        shoe: The shoe dealt from.
        given: By position, the categories its card may be (one for an exact card).
        bets: The bets: built-in names or bets of the game; every built-in bet for ``None``.
        rules: The game's rules; its usual table for ``None``.

    Returns:
        The facts' chance and every bet's par sheet given them.

    Raises:
        KnowledgeError: For a position the game does not have, or facts no deal of the shoe shows
            (a card the shoe does not hold, or more of a card than it holds).
    >>> from cardmath.games.dragon_tiger import GAME
    >>> given = conditional(GAME, Shoe.standard(1), {"dragon": frozenset({11})}, ["dragon"])
    >>> given.deals, given.expected_value("dragon")
    (204, 31/34)
    """
    tally, chosen = known_tally(game, shoe, list(given), bets, rules)
    by_position = {position.lower(): position for position in tally.positions}
    keep = np.ones(len(tally.keys), dtype=bool)
    facts = []
    for position, categories in given.items():
        column = tally.positions.index(by_position[position.lower()])
        if not categories or not all(0 <= category < len(tally.categories) for category in categories):
            raise KnowledgeError(
                f"the fact about {position} must name one or more cards, as indices of "
                f"{' '.join(tally.categories)} from 0 to {len(tally.categories) - 1}, "
                f"not {sorted(categories)}"
            )
        if len(set(categories)) == len(tally.categories):
            raise KnowledgeError(
                f"the fact about {position} names every card: it tells nothing, leave it out"
            )
        keep &= np.isin(tally.keys[:, column], sorted(categories))
        facts.append(f"{tally.positions[column]}={''.join(tally.categories[c] for c in sorted(categories))}")
    deals = int(tally.totals[keep].sum()) if keep.any() else 0
    if not deals:
        raise KnowledgeError(
            f"no deal of {shoe.describe()} shows {', '.join(facts)}: the shoe does not hold those cards "
            "(or not that many of them)"
        )
    sheets = {}
    for index, bet in enumerate(chosen):
        counts = _outcome_counts(tally, index, bet, tally.cells[index][keep].sum(axis=0), deals)

        sheets[bet.name] = counted_par_sheet(bet, counts, deals, infinite=shoe.is_infinite)
    return Conditional(
        game.name,
        shoe.describe(),
        tuple(facts),
        deals,
        Rational(deals, tally.total),
        sheets,
        tuple((bet.name, bet.display_name) for bet in chosen),
    )


def _dense(tally: KnownTally, values: Array) -> Array:
    """Per-part values laid out on a grid with one axis per known position (categories, then one
    slot for a position not dealt)."""
    side = len(tally.categories) + 1
    grid = np.zeros((side,) * len(tally.positions) + values.shape[1:], dtype=values.dtype)
    index = tuple(
        np.where(tally.keys[:, j] >= 0, tally.keys[:, j], side - 1) for j in range(len(tally.positions))
    )
    np.add.at(grid, index, values)
    return grid


def best_sorts(
    game: CatalogueGame[Any, Any],
    shoe: Shoe,
    positions: Sequence[str],
    bets: Sequence[str | RuleBet[Any]] | str | None = None,
    rules: Any = None,
    *,
    groups: int = 2,
    top: int = 10,
    sit_out: bool = True,
) -> tuple[SortResult, ...]:
    """Every sort of the game's cards into ``groups`` groups tried exactly, best first.

    The deals are tallied once by the exact cards at the known positions; a sort's pattern sums are
    the tally contracted with the sort's indicator on each position's axis, so each of the
    ``2 ** (n - 1) - 1`` two-group sorts costs a few small integer products.

    Args:
        game: A catalogue game of the registry.
        shoe: The shoe dealt from.
        positions: The known positions, all sorted alike.
        bets: The bets the player chooses among: built-in names or bets; every built-in bet for ``None``.
        rules: The game's rules; its usual table for ``None``.
        groups: How many groups a sort makes: 2 or more, at most the number of categories.
        top: How many of the best sorts to return (every sort for 0).
        sit_out: Rank the sorts by the edge sitting out losing patterns (the default), or playing every hand.

    Returns:
        The best sorts, best first (on equal edges, in the order they were tried).

    Raises:
        KnowledgeError: For a position the game does not have, or a number of groups out of range.
    >>> from cardmath.games.dragon_tiger import GAME
    >>> found = best_sorts(GAME, Shoe.standard(8), ["dragon"], ["dragon", "tiger"], top=2)
    >>> [result.grouping.describe() for result in found]
    ['234567A / 89TJQK', '23456A / 789TJQK']
    """
    tally, chosen = known_tally(game, shoe, positions, bets, rules)
    size = len(tally.categories)
    if not 2 <= groups <= size:
        raise KnowledgeError(f"a sort makes from 2 to {size} groups, not {groups}")
    if groups > 3 and size > 10:
        raise KnowledgeError(f"sorting {size} cards into more than three groups is too many sorts to try")
    denominators = [pay_terms(bet)[0] for bet in chosen]
    common = math.lcm(*denominators)
    simple = all(described.in_order for described in tally.bet_cells)
    if simple:
        nets = [
            np.array(pay_terms(bet)[1], dtype=object) * (common // denominators[i])
            for i, bet in enumerate(chosen)
        ]
        bound = tally.total * max(int(abs(net)) for column in nets for net in column)
        dtype: Any = np.int64 if bound < _INT64_LIMIT else object
        per_part = np.stack(
            [(tally.cells[i].astype(object) @ nets[i]) for i in range(len(chosen))], axis=1
        ).astype(dtype)
        grid = _dense(tally, per_part)
    results = []
    side = size + 1
    for grouping in every_grouping(tally.categories, groups):
        if simple:
            indicator = np.zeros((side, groups + 1), dtype=grid.dtype)
            for category in range(size):
                indicator[category, grouping.group_of(category)] = 1
            indicator[size, groups] = 1
            summed = grid
            for _ in tally.positions:
                summed = np.tensordot(summed, indicator, axes=([0], [0]))
            # the bet axis came first after the position axes were contracted away one by one
            best = summed.reshape(len(chosen), -1).max(axis=0)
            every = int(best.sum())
            sitting = int(np.maximum(best, 0).sum())
            edges = Rational(sitting, common * tally.total), Rational(every, common * tally.total)
        else:
            table = pattern_table(game, shoe, tally.positions, grouping=grouping, bets=chosen, rules=rules)
            edges = table.edge_sitting_out, table.edge_every_hand
        results.append(
            SortResult(grouping, *edges, game.name, game.short_title, shoe.describe(), tally.positions)
        )
    order = sorted(
        range(len(results)),
        key=lambda i: (-(results[i].edge_sitting_out if sit_out else results[i].edge_every_hand), i),
    )
    kept = order[:top] if top else order
    return tuple(dataclasses.replace(results[i], rank=rank) for rank, i in enumerate(kept, start=1))
