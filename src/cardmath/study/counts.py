"""Card counts: :class:`CountSystem`, the published systems (for baccarat's side bets), counts
derived from any bet's effects of removal in any game a study deals, and the betting correlation of
a count with a bet.

A count gives each rank a whole-number tag.  The running count starts at the count's initial value
(``initial_per_deck`` times the decks in the shoe: an unbalanced count starts below zero so that
its running count can be read as it stands) and adds the tag of every card seen.  The true count is
the running count per deck remaining (cards left in the shoe divided by 52), the published
convention.

>>> HOW_DRAGON_7.tag(Rank.ACE), HOW_DRAGON_7.tag(Rank.EIGHT), HOW_DRAGON_7.initial(8)
(1, 2, -32)
>>> HOW_DRAGON_7.is_balanced, JACOBSON_DRAGON_7.is_balanced
(False, True)
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sympy import Rational

from cardmath.bets import RuleBet
from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.engine.protocol import Game
from cardmath.errors import OptionError
from cardmath.shoe import Shoe
from cardmath.study.dealer import study_game

__all__ = [
    "HOW_DRAGON_7",
    "HOW_PANDA_8_CO_COUNT",
    "JACOBSON_DRAGON_7",
    "PUBLISHED_COUNTS",
    "PUBLISHED_GAME",
    "WIZARD_PANDA_8",
    "CountBasis",
    "CountSystem",
    "betting_correlation",
    "derived_count",
    "find_count",
]

_PUBLISHED_ORDER: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
)
"""The order in which counts are usually published: ace to nine, then the tens and pictures."""


class CountBasis(enum.StrEnum):
    """What a count strategy compares with its trigger: the running count as it stands (the way an
    unbalanced count is played) or the true count (running count per deck remaining).

    >>> CountBasis("true") is CountBasis.TRUE
    True
    """

    RUNNING = "running"
    TRUE = "true"


@dataclass(frozen=True)
class CountSystem:
    """A count: a name, a tag for each rank (by :attr:`~cardmath.cards.Rank.index`, deuce first),
    the initial running count per deck, and where it was published (``source``).

    Args:
        name: The count's name, as studies and tables show it (``"how_dragon_7"``).
        tags: Thirteen whole-number tags, one per rank by :attr:`~cardmath.cards.Rank.index` (deuce first, ace
            last).
        initial_per_deck: The running count at the start of a shoe, per deck in it: 0 (the default) for a
            balanced count, negative for an unbalanced one read as it stands.
        source: Where the count was published, or how it was made; empty by default.

    >>> count = CountSystem.from_published("demo", (0, 0, 0, -1, -1, -1, -1, 2, 2, 0))
    >>> count.tags[Rank.KING.index], count.tag(Rank.NINE), count.per_deck_sum
    (0, 2, 0)
    >>> CountSystem("bad", (1, 2))
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: count 'bad' needs a whole-number tag for each of the 13 ranks, not (1, 2)
    """

    name: str
    tags: tuple[int, ...]
    initial_per_deck: int = 0
    source: str = ""

    def __post_init__(self) -> None:
        tags = tuple(self.tags) if isinstance(self.tags, Sequence) else ()
        if len(tags) != 13 or not all(isinstance(t, int) and not isinstance(t, bool) for t in tags):
            raise OptionError(
                f"count {self.name!r} needs a whole-number tag for each of the 13 ranks, not {self.tags!r}"
            )
        if isinstance(self.initial_per_deck, bool) or not isinstance(self.initial_per_deck, int):
            raise OptionError(
                f"the initial count per deck must be a whole number, not {self.initial_per_deck!r}"
            )
        object.__setattr__(self, "tags", tags)

    @classmethod
    def from_published(
        cls, name: str, tags: Sequence[int], initial_per_deck: int = 0, source: str = ""
    ) -> CountSystem:
        """A count from tags in the published order ace, two, ..., nine, ten (ten, jack, queen and
        king alike), or from 13 tags ace, two, ..., nine, ten, jack, queen, king.

        Args:
            name: The count's name.
            tags: Ten tags (ace, two, ..., nine, then one for every ten-valued card) or thirteen (ace, two,
                ..., ten, jack, queen, king).
            initial_per_deck: The running count at the start of a shoe, per deck; 0 by default.
            source: Where the count was published; empty by default.

        Returns:
            The count with its tags put in cardmath's order by rank.

        Raises:
            OptionError: When there are neither 10 nor 13 tags.

        >>> CountSystem.from_published("d7", (1, 0, 0, -1, -1, -1, -1, 2, 2, 0), -4).initial(8)
        -32
        """
        given = tuple(tags)
        if len(given) == 10:
            by_rank = {rank: given[i] for i, rank in enumerate(_PUBLISHED_ORDER)}
            for picture in (Rank.JACK, Rank.QUEEN, Rank.KING):
                by_rank[picture] = given[9]
        elif len(given) == 13:
            order = (*_PUBLISHED_ORDER, Rank.JACK, Rank.QUEEN, Rank.KING)
            by_rank = {rank: given[i] for i, rank in enumerate(order)}
        else:
            raise OptionError(
                f"count {name!r} needs 10 tags (ace to nine, then tens) or 13 (ace to king), not {len(given)}"
            )
        return cls(name, tuple(by_rank[rank] for rank in Rank), initial_per_deck, source)

    @classmethod
    def parse(cls, text: str, name: str | None = None) -> CountSystem:
        """A balanced count from text: 10 or 13 tags separated by commas, in the published order
        (ace first); an optional ``@N`` gives the initial count per deck.

        Args:
            text: Ten or thirteen comma-separated whole numbers, ace first, optionally followed by ``@N``, the
                initial count per deck (``"1,0,0,-1,-1,-1,-1,2,2,0@-4"``).
            name: The count's name; ``None`` (the default) names it by ``text`` itself.

        Returns:
            The count the text describes, with no source.

        Raises:
            OptionError: When a tag or the initial count is not a whole number.

        >>> CountSystem.parse("1,0,0,-1,-1,-1,-1,2,2,0@-4").initial(8)
        -32
        >>> try:
        ...     CountSystem.parse("1,x")
        ... except OptionError as error:
        ...     print(str(error)[:40])
        a count is 10 or 13 whole-number tags se
        """
        body, _, initial = str(text).partition("@")
        try:
            tags = [int(part) for part in body.split(",")]
            start = int(initial) if initial.strip() else 0
        except ValueError:
            raise OptionError(
                "a count is 10 or 13 whole-number tags separated by commas, ace first (ace, 2, ..., 9, ten; "
                f"or ..., ten, jack, queen, king), optionally @N for the initial count per deck, not {text!r}"
            ) from None
        return cls.from_published(name or str(text), tags, start)

    def tag(self, rank: Rank) -> int:
        """The tag of one rank.

        Args:
            rank: The rank whose tag is wanted.

        Returns:
            The whole number the running count adds when a card of that rank is seen.

        >>> JACOBSON_DRAGON_7.tag(Rank.FOUR)
        -1
        """
        return self.tags[rank.index]

    def initial(self, decks: int) -> int:
        """The running count at the start of a shoe of ``decks`` decks.

        Args:
            decks: The number of decks the shoe starts with.

        Returns:
            The count's initial value per deck times ``decks`` (0 for a balanced count).

        >>> HOW_DRAGON_7.initial(6)
        -24
        """
        return self.initial_per_deck * decks

    @property
    def per_deck_sum(self) -> int:
        """The sum of the tags over one deck: 0 for a balanced count.

        >>> HOW_DRAGON_7.per_deck_sum
        4
        """
        return 4 * sum(self.tags)

    @property
    def is_balanced(self) -> bool:
        """Whether the tags of a deck sum to 0.

        >>> WIZARD_PANDA_8.is_balanced
        True
        """
        return self.per_deck_sum == 0

    def card_tags(self) -> tuple[int, ...]:
        """The tag of each of the 52 cards by :attr:`~cardmath.cards.Card.index`.

        Returns:
            52 tags, each card taking its rank's (the four cards of a rank are adjacent in card order).

        >>> HOW_DRAGON_7.card_tags()[-4:]  # the four aces
        (1, 1, 1, 1)
        """
        return tuple(self.tags[index // 4] for index in range(52))

    def published_tags(self) -> tuple[int, ...]:
        """The tags in the published order ace, two, ..., nine, ten, jack, queen, king.

        Returns:
            Thirteen tags, ace first and king last, as a count is usually printed.

        >>> HOW_PANDA_8_CO_COUNT.published_tags()
        (1, 0, -1, -1, -1, 0, 0, -1, 2, 0, 0, 1, 1)
        """
        order = (*_PUBLISHED_ORDER, Rank.JACK, Rank.QUEEN, Rank.KING)
        return tuple(self.tag(rank) for rank in order)


HOW_DRAGON_7 = CountSystem.from_published(
    "how_dragon_7",
    (1, 0, 0, -1, -1, -1, -1, 2, 2, 0),
    -4,
    "Stephen How, Unbalanced Dragon 7 Count, discountgambling.net (2012): start at -4 per deck, count the "
    "exposed burn card, bet the Dragon 7 when the running count is 0 or more",
)
"""Stephen How's unbalanced Dragon 7 count: ace +1; four to seven -1; eight and nine +2; the rest 0;
the running count starts at -4 per deck (-32 for 8 decks) and the bet is made at 0 or more."""

JACOBSON_DRAGON_7 = CountSystem.from_published(
    "jacobson_dragon_7",
    (0, 0, 0, -1, -1, -1, -1, 2, 2, 0),
    0,
    "Eliot Jacobson, card counting the Dragon 7 side bet (2012): a balanced count, bet at a true count of +4",
)
"""Eliot Jacobson's balanced Dragon 7 count: four to seven -1; eight and nine +2; the rest 0; the bet
is made at a true count of +4 or more."""

WIZARD_PANDA_8 = CountSystem.from_published(
    "wizard_panda_8",
    (1, 1, -2, -2, -2, -1, -1, -2, 4, 1),
    0,
    "Michael Shackleford, card counting the Panda 8 bet, Wizard of Odds: a balanced count on the true count",
)
"""Michael Shackleford's balanced Panda 8 count: ace, two and tens +1; three, four, five and eight -2;
six and seven -1; nine +4."""

HOW_PANDA_8_CO_COUNT = CountSystem.from_published(
    "how_panda_8_co_count",
    (1, 0, -1, -1, -1, 0, 0, -1, 2, 0, 0, 1, 1),
    -4,
    "Stephen How, Two-Person Panda-8 Co-Count, discountgambling.net (2013): the co-count (six, seven, "
    "queen, king +1; three -1; eight -3) added to the unbalanced Dragon 7 count; bet the Panda 8 when the "
    "sum reaches +35 counted from 0, that is +3 counted from -4 per deck on 8 decks",
)
"""Stephen How's Panda 8 co-count added to his unbalanced Dragon 7 count, as one count: ace, nine
+1/+2, queen and king +1, three, four, five and eight -1; starts at -4 per deck; bet the Panda 8 at a
running count of +3 or more on 8 decks (+35 counted from 0)."""

PUBLISHED_GAME = "baccarat"
"""The game whose bets the published counts name (and whose studies take a bet's published count
when none is given)."""

PUBLISHED_COUNTS: Mapping[str, tuple[CountSystem, str, CountBasis, Rational | None]] = {
    "how_dragon_7": (HOW_DRAGON_7, "dragon_7", CountBasis.RUNNING, Rational(0)),
    "jacobson_dragon_7": (JACOBSON_DRAGON_7, "dragon_7", CountBasis.TRUE, Rational(4)),
    "how_panda_8_co_count": (HOW_PANDA_8_CO_COUNT, "panda_8", CountBasis.RUNNING, Rational(3)),
    "wizard_panda_8": (WIZARD_PANDA_8, "panda_8", CountBasis.TRUE, None),
}
"""Each built-in count by name: the count, the bet it was published for, how it is played (running
or true count) and its published trigger (``None``: no trigger was published with the tags; give
one)."""


@checked
def find_count(name: str) -> CountSystem:
    """A built-in count by name, or a count read from tags (:meth:`CountSystem.parse`).

    Args:
        name: The name of a built-in count (a key of :data:`PUBLISHED_COUNTS`), or tags as
            :meth:`CountSystem.parse` reads them (any text with a comma).

    Returns:
        The built-in count object itself, or a new count read from the tags.

    Raises:
        OptionError: When the name is neither a built-in count nor tags.

    >>> find_count("how_dragon_7") is HOW_DRAGON_7
    True
    >>> find_count("0,0,0,-1,-1,-1,-1,2,2,0").tag(Rank.EIGHT)
    2
    >>> find_count("lucky")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: unknown count 'lucky': choose from how_dragon_7, ..., or give tags ...
    """
    if name in PUBLISHED_COUNTS:
        return PUBLISHED_COUNTS[name][0]
    if "," in name:
        return CountSystem.parse(name)
    raise OptionError(
        f"unknown count {name!r}: choose from {', '.join(PUBLISHED_COUNTS)}, or give tags such as "
        "1,0,0,-1,-1,-1,-1,2,2,0@-4 (ace first, @ the initial count per deck)"
    )


def _centered(values: Sequence[float]) -> list[float]:
    mean = sum(values) / len(values)
    return [v - mean for v in values]


@checked
def betting_correlation(count: CountSystem, effects: Mapping[Rank, Any]) -> float:
    """The betting correlation of a count with a bet: the correlation, over the ranks, of the
    tags with the change in the *player's* edge when a card of each rank is removed (``effects``
    are a bet's effects of removal on the house edge, as a game's
    :meth:`~cardmath.engine.game.CatalogueGame.effects_of_removal` gives them: on a depleted shoe,
    only for the ranks it holds, over which the correlation is then taken).

    1 means the count orders shoes exactly as the bet's linear approximation does.

    Args:
        count: The count whose tags are correlated.
        effects: A bet's effect of removal on the house edge by rank (exact or float values), for two or more
            ranks: every rank, or the ranks a depleted shoe holds.

    Returns:
        The Pearson correlation, from -1 to 1, as a float (a display figure).

    Raises:
        OptionError: When fewer than two ranks have an effect, an effect is not a finite number, or the tags,
            or the effects, are all equal over those ranks.

    >>> baccarat = study_game("baccarat")
    >>> eor = baccarat.effects_of_removal(Shoe.standard(8), bets=["dragon_7"])["dragon_7"]
    >>> [round(betting_correlation(count, eor), 3) for count in (JACOBSON_DRAGON_7, HOW_DRAGON_7)]
    [0.964, 0.943]
    >>> betting_correlation(JACOBSON_DRAGON_7, {})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: a betting correlation needs the effects of removal of two or more ranks, ...
    """
    ranks = [rank for rank in Rank if rank in effects]
    if len(ranks) < 2:
        raise OptionError(
            f"a betting correlation needs the effects of removal of two or more ranks, not {len(ranks)}"
        )
    try:
        values = [-float(effects[rank]) for rank in ranks]
    except (TypeError, ValueError):
        raise OptionError("the effects of removal must be numbers, one per rank") from None
    if not all(math.isfinite(v) for v in values):
        raise OptionError("the effects of removal must be finite numbers")
    gains = _centered(values)
    tags = _centered([float(count.tags[rank.index]) for rank in ranks])
    norm = math.sqrt(sum(t * t for t in tags) * sum(g * g for g in gains))
    if norm == 0:
        raise OptionError(
            f"count {count.name!r} or the bet's effects of removal are all equal: no correlation"
        )
    return sum(t * g for t, g in zip(tags, gains, strict=True)) / norm


@checked
def derived_count(
    bet: str | RuleBet[Any],
    level: int,
    shoe: Shoe | None = None,
    rules: Any = None,
    game: Game | str | None = None,
) -> CountSystem:
    """The best linear count of a bet of ``game`` (baccarat by default; a name or a game object)
    at ``level`` 1, 2 or 3: tags proportional to the change in the player's edge when a card of
    each rank is removed from ``shoe`` (8 decks by default) under ``rules`` (the game's usual
    rules by default), centred so balanced before rounding, scaled so the largest tag is
    ``level`` and rounded to whole numbers.  On a depleted shoe that lacks some ranks, the tags come
    from the ranks it holds, and a rank it lacks (no card of the shoe can show it) is tagged 0.

    Args:
        bet: The bet to count for: a built-in bet's name or a bet object of the game.
        level: The largest tag, in absolute value: 1, 2 or 3.
        shoe: The shoe the effects of removal are computed on; ``None`` for 8 fresh decks. Large enough for a
            deal after one card is removed.
        rules: The game's rules object; ``None`` for the game's usual rules.
        game: The game whose bet it is, by name or as a game object; ``None`` for baccarat
            (:data:`PUBLISHED_GAME`).

    Returns:
        A count named ``BET_level_LEVEL`` with initial count 0, its source naming the shoe.

    Raises:
        OptionError: When the level is not 1, 2 or 3, or every rank's removal changes the bet alike (one
            rank left included).
        ShoeError: When the shoe is too small for a deal once a card is removed.

    >>> derived_count("dragon_7", 2).published_tags()
    (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)
    >>> derived_count("dragon_big", 1, game="dragon-tiger").published_tags()  # ace to seven help it
    (1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1)
    >>> derived_count("tie", 2, game="dragon-tiger")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the house edge of Dragon Tiger bet 'tie' changes alike whichever rank ...
    >>> derived_count("dragon_7", 4)
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the level of a derived count must be 1, 2 or 3, not 4
    >>> from cardmath.cards import parse_cards
    >>> depleted = Shoe.from_counts(dict.fromkeys(parse_cards("As,Kd,5h,9c,8s,7d,7h"), 1))
    >>> derived_count("dragon_7", 1, shoe=depleted).published_tags()  # no deuce, three, four, six ...
    (-1, 0, 0, 0, 0, 0, 0, 1, -1, 0, 0, 0, 1)
    """
    if level not in (1, 2, 3):
        raise OptionError(f"the level of a derived count must be 1, 2 or 3, not {level!r}")
    chosen = study_game(game if game is not None else PUBLISHED_GAME)
    shoe = shoe if shoe is not None else Shoe.standard(8)
    name = bet if isinstance(bet, str) else bet.name
    effects = chosen.effects_of_removal(shoe, rules, bets=[bet])[name]
    gains = {rank: -Rational(effects[rank]) for rank in Rank if rank in effects}
    mean = sum(gains.values(), Rational(0)) / max(len(gains), 1)
    centred = {rank: gain - mean for rank, gain in gains.items()}
    largest = max((abs(c) for c in centred.values()), default=Rational(0))
    if largest == 0:
        raise OptionError(
            f"the house edge of {chosen.short_title} bet {name!r} changes alike whichever rank is "
            "removed: no count by rank can help"
        )
    tags = tuple(
        math.floor(float(centred[rank] * level / largest) + 0.5) if rank in centred else 0 for rank in Rank
    )
    return CountSystem(
        f"{name}_level_{level}", tags, 0, f"derived from the effects of removal on {shoe.describe()}"
    )
