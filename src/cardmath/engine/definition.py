"""A deal-and-settle game as data: :class:`Definition`, what one engine needs to know of a game.

A definition states only what is the game's own:

- its names and words (``name`` is the command, ``aliases`` other spellings :func:`find_game
  <cardmath.games.registry.find_game>` accepts, ``docs_page`` its page of rules and mathematics);
- how a deal is dealt (:class:`~cardmath.engine.dealing.Dealing`: cards in order, hands as
  combinations, a step repeated until a card stops it; or a function of the rules giving it) and
  what the bets read of it (``deal``), or a counter of its own (``counter``: baccarat's drawing
  rules);
- who won each deal (``results``, ``result``), when the game says so;
- its bets as data: ``bets(rules)`` gives the built-in bets under the rules' options
  (:class:`~cardmath.bets.RuleBet`: a rule, a pay table, settlements with stakes, a decision; the
  engine then applies the house's own pays, ``rules.pays``), ``bet_type`` the class of a bet a
  user defines;
- its rules: a frozen ``rules_type`` built from the command line's :class:`RuleOption` s (each
  read by its ``read``), the house's own pays in its ``pays`` field, and the catalogue of
  published pay tables;
- how it is published: the numbers of decks its tables cover (``decks``: one deck for a game dealt
  from one deck), whether its house edges are functions of the number of decks
  (``closed_form``), the figures of each bet, the order of ranks in tables, the bets its charts
  draw, the figures its home-page card shows.

The engine, :class:`~cardmath.engine.game.CatalogueGame`, implements every verb, document, table,
chart and the command line once, for every definition.  What a definition cannot say is added
here, to the schema, not to a game's folder.

>>> from cardmath.games.dragon_tiger import DEFINITION
>>> DEFINITION.name, DEFINITION.dealing.longest, [option.flag for option in DEFINITION.options]
('dragon-tiger', 2, ['--tie-pays'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from cardmath.bets import RuleBet
from cardmath.cards import Rank
from cardmath.engine.counter import Counter
from cardmath.engine.dealing import Dealing, Dealt
from cardmath.engine.protocol import DECK_POINTS, RuleOption
from cardmath.errors import OptionError
from cardmath.parsheet import Figure
from cardmath.pay_tables import PayTable

__all__ = ["BET_FIGURES", "RANKS_ACE_HIGH", "RANKS_ACE_LOW", "Definition", "SeenTable"]

RulesT = TypeVar("RulesT")
DealT = TypeVar("DealT")

BET_FIGURES: tuple[Figure, ...] = (
    Figure.HOUSE_EDGE,
    Figure.ELEMENT_OF_RISK,
    Figure.VARIANCE,
    Figure.STANDARD_DEVIATION,
    Figure.HIT_FREQUENCY,
)
"""The figures of every bet in a result's document, in order; its table of bets leaves out the
variance (the standard deviation stands for it)."""

RANKS_ACE_LOW: tuple[Rank, ...] = (Rank.ACE, *(rank for rank in Rank if rank is not Rank.ACE))
"""Ace, deuce, ..., king: the order of the tables by rank of a game where aces are low."""

RANKS_ACE_HIGH: tuple[Rank, ...] = tuple(sorted(Rank, key=int))
"""Deuce, ..., king, ace: the order of the tables by rank of a game where aces are high."""


@dataclass(frozen=True)
class SeenTable:
    """A table of what a player can see that the game publishes for every shoe
    (:mod:`cardmath.information`): the known positions sorted into groups, or the best sorts of
    them.

    Args:
        positions: The known positions, in deal order (baccarat's ``("P1",)``; Dragon Tiger's
            ``("dragon",)``).
        bets: The bets the player chooses among, by built-in name.
        groups: The sort, as groups of card symbols separated by ``/`` (the last may be left out); empty
            for a table of the best sorts instead.
        best: How many of the best two-group sorts a table of best sorts lists.

    >>> SeenTable(("P1",), ("player", "banker"), "6789").groups
    '6789'
    """

    positions: tuple[str, ...]
    bets: tuple[str, ...]
    groups: str = ""
    best: int = 10


@dataclass(frozen=True)
class Definition(Generic[RulesT, DealT]):
    """A deal-and-settle game, as the engine reads it (see the module's notes for each part).

    Either ``dealing`` and ``deal`` (the engine's own counter walks the deals) or ``counter``
    (a :class:`~cardmath.engine.counter.Counter` of the game's own, given the rules) must be given.
    ``chart_bets`` are the bets of the house-edge chart (all built-ins when empty),
    ``removal_chart_bets`` those of the effects-of-removal chart, drawn for each number of decks of
    ``removal_chart_decks`` (the default shoe when empty), unless ``removal_chart`` is false (a game
    whose effects are all zero on a fresh shoe); ``headlines`` the bets whose house edge
    on the default shoe the home page shows, each with the words that qualify it;
    ``pay_aliases(rules)`` short names ``--solve-pay`` also accepts (``"trips"`` for
    ``"reddog:three of a kind"``); ``example_arguments`` the options of a cheap valid command
    line (the fuzz starts from it).

    Args:
        name: The game's command and identifier (``cardmath NAME``, its tables' folder, ``"game"`` in JSON),
            lower case with hyphens.
        title: The game's full name, as page and chart headings print it.
        short_title: The name that opens every table title (usually the full name, shorter where that is
            long).
        summary: One line for ``cardmath --help``'s list of commands.
        description: The paragraph ``cardmath NAME --help`` prints: what is computed and how.
        docs_page: The path, under ``docs/``, of the page of the game's rules and mathematics.
        rules_type: The frozen dataclass of the game's rules, built from the options' fields (and a ``pays``
            field for the house's own pays).
        bets: A function from rules to the built-in bets by name, in their usual order, before the house's own
            pays are applied.
        bet_type: The :class:`~cardmath.bets.RuleBet` class (or subclass) a user's own bet of this game must
            be.
        default_decks: The number of decks of the usual shoe: the command line's ``--decks`` default and the
            home page's shoe.
        options: The command line's rule options, one per field of ``rules_type``; none by default.
        dealing: The steps of a deal and what they read, for the engine's own counter, or a function of the
            rules giving them (a house variant that deals otherwise); ``None`` when ``counter`` is given.
        deal: A function turning the dealt cards into the value every bet's rule reads; needed with
            ``dealing``.
        counter: A function from rules to a counter of the game's own, instead of ``dealing`` and ``deal``.
        longest_deal: Words saying why a deal can use as many cards as it does, for the error about a short
            shoe; empty for the generic words.
        results: The names of who wins a deal (``player_wins``, ``ties``...), the columns of the results
            table; empty when the game names none.
        result: A function naming the result (one of ``results``) of each deal's value; ``None`` without
            results.
        aliases: Other spellings the registry accepts for the game (``"war"``); none by default.
        pay_tables: The catalogue of published pay tables ``--pay-table`` chooses from and the tables publish;
            empty when there is none.
        figures: The figures of each bet, in order, in the result's document and table of bets;
            :data:`BET_FIGURES` by default.
        rank_order: The order of ranks in the effects-of-removal tables and charts: :data:`RANKS_ACE_LOW` by
            default, :data:`RANKS_ACE_HIGH` where aces are high.
        chart_bets: The names of the bets drawn on the house-edge chart; empty draws every built-in bet.
        removal_chart_bets: The names of the bets drawn on the effects-of-removal chart; empty draws the first
            three built-in bets.
        removal_chart_decks: The numbers of decks the effects-of-removal chart draws a series for; empty uses
            ``default_decks``.
        removal_chart: Whether the documentation draws an effects-of-removal chart at all (false where every
            effect is zero on a fresh shoe).
        headlines: The home page's figures as ``(bet name, qualifying words)`` pairs; empty shows the first
            built-in bet.
        solve_pay_example: A valid ``BET:PAY`` for ``--solve-pay``'s help and error messages; ``"tie:tie"`` by
            default.
        pay_aliases: A function from rules to short names ``--solve-pay`` also accepts, each mapped to its
            ``BET:PAY``; ``None`` for none.
        example_arguments: The options of a cheap, valid command line of the game, after ``cardmath NAME``;
            the fuzz tests start from it.
        seen_tables: The tables of what a player can see (edge sorting) published for every shoe; none by
            default.
        decks: The numbers of decks the published tables cover, ``None`` for the infinite-deck limit, in
            order: 1 to 8 and the limit by default; ``(1,)`` for a game dealt from one deck.
        closed_form: Whether each house edge is offered as an exact function of the number of decks
            (``--closed-form``); ``None`` (the default) offers it where the deal is a fixed number of cards
            dealt in order and the game publishes more than one number of decks.

    >>> from cardmath.games.casino_war import DEFINITION
    >>> DEFINITION.dealing.longest, DEFINITION.results, DEFINITION.default_decks
    (7, ('player_wins', 'dealer_wins', 'ties'), 6)
    """

    name: str
    title: str
    short_title: str
    summary: str
    description: str
    docs_page: str
    rules_type: type[RulesT]
    bets: Callable[[RulesT], Mapping[str, RuleBet[DealT]]]
    bet_type: type[RuleBet[DealT]]
    default_decks: int
    options: tuple[RuleOption, ...] = ()
    dealing: Dealing | Callable[[RulesT], Dealing] | None = None
    deal: Callable[[Dealt], DealT] | None = None
    counter: Callable[[RulesT], Counter] | None = None
    longest_deal: str = ""
    results: tuple[str, ...] = ()
    result: Callable[[DealT], str] | None = None
    aliases: tuple[str, ...] = ()
    pay_tables: tuple[PayTable, ...] = ()
    figures: tuple[Figure, ...] = BET_FIGURES
    rank_order: tuple[Rank, ...] = RANKS_ACE_LOW
    chart_bets: tuple[str, ...] = ()
    removal_chart_bets: tuple[str, ...] = ()
    removal_chart_decks: tuple[int, ...] = ()
    removal_chart: bool = True
    headlines: tuple[tuple[str, str], ...] = ()
    solve_pay_example: str = "tie:tie"
    pay_aliases: Callable[[RulesT], Mapping[str, str]] | None = None
    example_arguments: tuple[str, ...] = ()
    seen_tables: tuple[SeenTable, ...] = ()
    decks: tuple[int | None, ...] = DECK_POINTS
    closed_form: bool | None = None

    def dealing_of(self, rules: RulesT) -> Dealing:
        """The dealing under ``rules`` (the definition's own, or what its function gives them).

        Args:
            rules: The game's rules.

        Returns:
            The :class:`~cardmath.engine.dealing.Dealing` the engine's counter reads.

        Raises:
            OptionError: When the definition has a counter of its own instead of a dealing.

        >>> from cardmath.games.casino_war import DEFINITION
        >>> DEFINITION.dealing_of(None).longest
        7
        """
        dealing = self.dealing
        if dealing is None:
            raise OptionError(f"{self.name} counts its deals with a counter of its own: it has no dealing")
        return dealing if isinstance(dealing, Dealing) else dealing(rules)

    @property
    def offers_closed_form(self) -> bool:
        """Whether the game offers its house edges as exact functions of the number of decks.

        >>> from cardmath.games.casino_war import DEFINITION
        >>> DEFINITION.offers_closed_form
        True
        """
        if self.closed_form is not None:
            return self.closed_form
        several = len([decks for decks in self.decks if decks is not None]) > 1
        dealing = self.dealing
        return several and (dealing is None or (isinstance(dealing, Dealing) and dealing.kind == "sequences"))
