"""The shoe game: a shuffled shoe of any catalogue game dealt round by round, with the burn and the
cut card.

A study deals the game of its :class:`ShoeSetup`: a game of the registry
(:class:`~cardmath.engine.game.CatalogueGame`, baccarat by default) whose counter deals rounds from
physical cards (:meth:`~cardmath.engine.counter.Counter.deal_round`).  A shoe of ``decks`` decks is
shuffled by a generator seeded from one :class:`numpy.random.SeedSequence` by the shoe's index
(:func:`shoe_generator`), so shoe ``i`` of a study is the same shoe whatever the number of workers
or chunks.  The first card is exposed and burned, with as many more cards as the game burns after
it (:meth:`~cardmath.engine.counter.Counter.shoe_burn`: baccarat burns the card's value, a ten or a
picture 10; other games none); the exposed card is seen (a count counts it), the burned ones are
not.  With ``burn=False`` nothing is burned and the first round starts with the first card.  The
cut card has ``cut_card`` cards behind it: the round in which it comes out is finished,
``rounds_after_cut`` more rounds are dealt, and the shoe ends; if the cut card comes out instead of
a round's first card, that round is the last.  A round is never started with fewer cards left
than the game's longest deal (:attr:`~cardmath.engine.counter.Counter.longest`: six in baccarat).

>>> dealt = deal_shoe(7, 0, ShoeSetup(decks=8, cut_card=16))
>>> dealt.burned >= 2, len(dealt.starts) > 60, int(dealt.starts[0]) == dealt.burned
(True, True, True)
>>> tiger = deal_shoe(7, 0, ShoeSetup(game="dragon-tiger", burn=False))
>>> tiger.burned, tiger.exposed, set(tiger.lengths.tolist()), len(tiger.deals) > 190
(0, None, {2}, True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardmath.checks import checked
from cardmath.engine import CatalogueGame, Counter
from cardmath.engine.protocol import Game
from cardmath.errors import OptionError
from cardmath.games.registry import GAMES, find_game

__all__ = [
    "DEFAULT_GAME",
    "DealtShoe",
    "ShoeSetup",
    "deal_shoe",
    "shoe_generator",
    "study_game",
    "study_games",
]

Array = npt.NDArray[Any]

DEFAULT_GAME = "baccarat"
"""The game a study deals when none is given."""


def _dealt_round_by_round(game: object) -> bool:
    """Whether a game of the registry can be studied: a catalogue game whose counter deals rounds
    from physical cards."""
    if not isinstance(game, CatalogueGame):
        return False
    counter = game.counter(game.default_rules)
    return type(counter).deal_round is not Counter.deal_round


@checked
def study_games() -> tuple[str, ...]:
    """The names of the games of the registry a study can deal.

    Returns:
        The registry's names of those games, in the registry's order.

    >>> {"baccarat", "dragon-tiger"} <= set(study_games()), "pool" in study_games()
    (True, False)
    """
    return tuple(game.name for game in GAMES if _dealt_round_by_round(game))


@checked
def study_game(game: Game | str) -> CatalogueGame[Any, Any]:
    """The game a study deals: a game object, or the name (or an alias) of a game of the registry,
    checked to be dealt round by round from a shoe.

    Args:
        game: A game object, or the name or an alias of a game of the registry (any case).

    Returns:
        The registry's catalogue game, ready to deal shoes.

    Raises:
        OptionError: When the name is unknown, or the game cannot be dealt round by round (High Card Pool,
            chemin de fer).

    >>> study_game("DT").name
    'dragon-tiger'
    >>> study_game("pool")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: High Card Pool is not dealt round by round from a shoe, so a study ...
    >>> study_game("poker")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: unknown game 'poker': a study deals reddog, baccarat, dragon-tiger...
    """
    if isinstance(game, str):
        try:
            found: object = find_game(game)
        except OptionError:
            raise OptionError(f"unknown game {game!r}: a study deals {', '.join(study_games())}") from None
    else:
        found = game
    if not _dealt_round_by_round(found):
        title = getattr(found, "short_title", None) or getattr(found, "title", None) or repr(found)
        raise OptionError(
            f"{title} is not dealt round by round from a shoe, so a study cannot deal it: choose from "
            f"{', '.join(study_games())}"
        )
    assert isinstance(found, CatalogueGame)
    return found


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, init=False)
class ShoeSetup:
    """How shoes are dealt: the number of decks, the cards behind the cut card, the rounds dealt
    after the round in which the cut card comes out, the rules, the game and whether the shoe
    starts with the burn.

    ``game`` is a game of the registry dealt round by round (a
    :class:`~cardmath.engine.game.CatalogueGame`, or its name: see :func:`study_game`; baccarat
    by default) and ``rules`` that game's rules (``None``: its usual rules,
    ``game.default_rules``).  ``burn=False`` deals the first round from the first card.

    Args:
        decks: The number of decks in a shoe, a whole number from 1 to 64; 8 by default.
        cut_card: The number of cards behind the cut card, from 0 up to what leaves room for the burn and one
            round in front of it; 14 by default.
        rounds_after_cut: The rounds dealt after the one in which the cut card comes out, from 0 to 5; 1 by
            default.
        rules: The game's rules object (of its ``rules_type``); ``None`` for the game's usual rules.
        game: The game dealt: a catalogue game dealt round by round, or its name or alias; baccarat by
            default.
        burn: Whether the shoe starts by exposing and burning cards as the game does; ``True`` by default.

    >>> ShoeSetup().decks, ShoeSetup().cut_card, ShoeSetup().rounds_after_cut, ShoeSetup().game.name
    (8, 14, 1, 'baccarat')
    >>> ShoeSetup(game="dt").rules == ShoeSetup(game="dt").game.default_rules
    True
    >>> ShoeSetup(decks=0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the number of decks of a study must be a whole number from 1 to 64, not 0
    >>> ShoeSetup(game="dragon-tiger", rules=ShoeSetup().rules)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the rules of a Dragon Tiger study must be a DragonTigerRules, not Bacc...
    """

    decks: int
    cut_card: int
    rounds_after_cut: int
    rules: Any
    game: CatalogueGame[Any, Any]
    burn: bool

    def __init__(
        self,
        decks: int = 8,
        cut_card: int = 14,
        rounds_after_cut: int = 1,
        rules: Any = None,
        *,
        game: Game | str = DEFAULT_GAME,
        burn: bool = True,
    ) -> None:
        chosen = study_game(game)
        if rules is None:
            rules = chosen.default_rules
        for name, value in (
            ("decks", decks),
            ("cut_card", cut_card),
            ("rounds_after_cut", rounds_after_cut),
            ("rules", rules),
            ("game", chosen),
            ("burn", burn),
        ):
            object.__setattr__(self, name, value)
        self._check()

    def _check(self) -> None:
        game = self.game
        expected = game.definition.rules_type
        if not isinstance(self.rules, expected):
            raise OptionError(
                f"the rules of a {game.short_title} study must be a {expected.__name__}, not {self.rules!r}"
            )
        if not isinstance(self.burn, bool):
            raise OptionError(
                f"whether the shoe starts with the burn must be True or False, not {self.burn!r}"
            )
        if not _whole(self.decks) or not 1 <= self.decks <= 64:
            raise OptionError(
                f"the number of decks of a study must be a whole number from 1 to 64, not {self.decks!r}"
            )
        counter = self.counter()
        front = counter.longest
        if self.burn:
            front += 1 + max(counter.shoe_burn(card) for card in range(52))
        most = self.cards - front
        if not _whole(self.cut_card) or not 0 <= self.cut_card <= most:
            raise OptionError(
                "the cut card must have a whole number of cards behind it, from 0 to "
                f"{most} for {self.decks} decks of {game.short_title} (the burn and a round fit in front "
                f"of it), not {self.cut_card!r}"
            )
        if not _whole(self.rounds_after_cut) or not 0 <= self.rounds_after_cut <= 5:
            raise OptionError(
                f"the rounds dealt after the cut card must be a whole number from 0 to 5, not "
                f"{self.rounds_after_cut!r}"
            )

    def __reduce__(self) -> tuple[Any, ...]:
        """A setup travels (to the workers of a cluster) with its game's name when the registry
        holds the game, not with the game object and its tables."""
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        if _registered(self.game):
            fields["game"] = self.game.name
        return (_rebuilt, (fields,))

    @property
    def cards(self) -> int:
        """Cards in a full shoe.

        >>> ShoeSetup(decks=6).cards
        312
        """
        return 52 * self.decks

    def counter(self) -> Counter:
        """The game's counter under the setup's rules: what deals a round and counts the bets.

        Returns:
            The :class:`~cardmath.engine.counter.Counter` of the setup's game under its rules (the game builds
                it once).

        >>> ShoeSetup().counter().longest, ShoeSetup(game="dragon-tiger").counter().longest
        (6, 2)
        """
        return self.game.counter(self.rules)


def _registered(game: CatalogueGame[Any, Any]) -> bool:
    try:
        return find_game(game.name) is game
    except OptionError:
        return False


def _rebuilt(fields: dict[str, Any]) -> ShoeSetup:
    """A setup from its fields (the game by name or object): what unpickling calls.

    >>> import pickle
    >>> setup = ShoeSetup(game="dragon-tiger", cut_card=20)
    >>> pickle.loads(pickle.dumps(setup)) == setup
    True
    """
    return ShoeSetup(**fields)


def _check_seed(seed: int, index: int) -> None:
    for name, value in (("seed", seed), ("shoe index", index)):
        if not _whole(value) or value < 0:
            raise OptionError(f"the {name} must be a whole number 0 or more, not {value!r}")


@checked
def shoe_generator(seed: int, index: int) -> np.random.Generator:
    """The random generator of shoe ``index`` of a study seeded with ``seed``: the ``index``-th
    child of ``SeedSequence(seed)``, so it does not depend on how the shoes are split.

    Args:
        seed: The study's seed, a non-negative whole number.
        index: The shoe's position in the study, from 0.

    Returns:
        A fresh numpy generator: the same one for the same seed and index, in any process.

    Raises:
        OptionError: When the seed or the index is negative.

    >>> a = shoe_generator(1, 5).permutation(10)
    >>> b = np.random.default_rng(np.random.SeedSequence(1).spawn(6)[5]).permutation(10)
    >>> bool((a == b).all())
    True
    """
    _check_seed(seed, index)
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(index,)))


@dataclass(frozen=True)
class DealtShoe:
    """One shoe dealt: the shuffled ``order`` of card indices, the ``burned`` cards at its front
    (the exposed card first; 0 when the shoe starts without the burn), and each round's first
    position (``starts``), cards used (``lengths``) and deal (``deals``: what the game's bets
    read).

    The cards left before round ``r`` are ``order[starts[r]:]``.

    Args:
        order: The shuffled shoe as card indices (:attr:`~cardmath.cards.Card.index`), first card first.
        burned: The cards at the front of ``order`` before the first round: the exposed card and those burned
            after it; 0 without the burn.
        starts: Each round's first position in ``order``, in the order dealt.
        lengths: The cards each round used, burns included, in the order of ``starts``.
        deals: Each round's deal, as the game's counter returns it: what the bets read.

    >>> dealt = deal_shoe(1, 0, ShoeSetup(decks=1, cut_card=10))
    >>> bool((dealt.starts[1:] == dealt.starts[:-1] + dealt.lengths[:-1]).all())
    True
    """

    order: Array
    burned: int
    starts: Array
    lengths: Array
    deals: tuple[Any, ...]

    @property
    def exposed(self) -> int | None:
        """The exposed first card (its index); ``None`` when nothing was burned."""
        return int(self.order[0]) if self.burned else None


@checked
def deal_shoe(seed: int, index: int, setup: ShoeSetup, counter: Counter | None = None) -> DealtShoe:
    """Shuffle and deal shoe ``index`` of a study seeded with ``seed`` (``counter``: the setup's
    counter, if the caller has it).

    Args:
        seed: The study's seed: with ``index``, it fixes the shuffle.
        index: The shoe's position in the study, from 0; each index is an independent shuffle.
        setup: The decks, cut card, rounds after the cut, game, rules and burn of the shoe.
        counter: The setup's counter, when the caller already has it; ``None`` asks the setup.

    Returns:
        The shuffled order, the cards burned, and every round's start, length and deal, until the cut card
            ends the shoe.

    Raises:
        OptionError: When the seed or the index is negative.

    >>> setup = ShoeSetup(decks=8)
    >>> dealt = deal_shoe(3, 2, setup)
    >>> dealt.burned == 1 + setup.counter().shoe_burn(dealt.exposed)
    True
    """
    _check_seed(seed, index)
    counter = counter if counter is not None else setup.counter()
    deal_round = counter.deal_round
    cards = np.repeat(np.arange(52, dtype=np.int64), setup.decks)
    order = shoe_generator(seed, index).permutation(cards)
    cards_in_order: list[int] = order.tolist()
    size = len(order)
    burned = 1 + counter.shoe_burn(cards_in_order[0]) if setup.burn else 0
    longest = counter.longest
    cut_position = size - setup.cut_card
    starts: list[int] = []
    lengths: list[int] = []
    deals: list[Any] = []
    position = burned
    after_cut: int | None = None
    while size - position >= longest and (after_cut is None or after_cut > 0):
        cut_card_first = after_cut is None and position == cut_position
        deal, used = deal_round(cards_in_order, position)
        starts.append(position)
        lengths.append(used)
        deals.append(deal)
        position += used
        if after_cut is not None:
            after_cut -= 1
        elif cut_card_first:
            after_cut = 0
        elif position > cut_position:
            after_cut = setup.rounds_after_cut
    return DealtShoe(
        order, burned, np.array(starts, dtype=np.int64), np.array(lengths, dtype=np.int64), tuple(deals)
    )
