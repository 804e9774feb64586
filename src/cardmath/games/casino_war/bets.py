"""Casino War's bets as data: the :class:`Deal` they read, the main bet with its war-or-surrender
:class:`~cardmath.bets.Decision`, and the tie bet (:func:`built_in_bets`).

A deal is the player's and the dealer's cards and, after a tie, one war card each (the three
burned cards are read by no bet).  The main bet's outcomes settle per unit of the initial bet
(:class:`~cardmath.bets.Settlement`): a war's outcomes are staked twice (the raise), its win pays
the raise 1 to 1 and pushes the bet, a tie of the war cards adds the bonus (the pay entry
``bonus``), a lost war costs 2; surrender costs half.

>>> deal = Deal(Rank.NINE, Rank.NINE, Rank.ACE, Rank.TWO)
>>> deal.tied, deal.tied_rank
(True, Rank.NINE)
>>> main = built_in_bets(CasinoWarRules())["main"]
>>> main.rule(deal, "war"), main.rule(deal, "surrender"), main.net("war, won"), main.net("surrender")
('war, won', 'surrender', 1, -1/2)
>>> [(s.outcome, s.staked) for s in main.settled()][-1], main.decision.state(deal)
(('war, lost', 2), 'tie of 9')
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from dataclasses import dataclass

from sympy import Rational

from cardmath.bets import Decision, RuleBet, Settlement
from cardmath.cards import Rank
from cardmath.checks import checked
from cardmath.games.casino_war.rules import DEFAULT_TIE_PAYS, CasinoWarRules, OnTie
from cardmath.pay_tables import apply_pays

__all__ = ["NO_TIE", "Deal", "built_in_bets"]

NO_TIE = "no tie"
"""The tie bet's losing outcome: the first two cards differ."""


@dataclass(frozen=True)
class Deal:
    """A Casino War deal as the bets read it: the player's and the dealer's ranks (aces high: a
    :class:`~cardmath.cards.Rank` compares by its value, ace 14), and after a tie the war cards'.

    Args:
        player: The rank of the player's first card.
        dealer: The rank of the dealer's first card.
        player_war: The rank of the player's war card after a tie; ``None`` when there is no war.
        dealer_war: The rank of the dealer's war card after a tie; ``None`` when there is no war.

    >>> Deal(Rank.ACE, Rank.KING).winner, Deal(Rank.TWO, Rank.TWO).tied_rank
    ('player', Rank.TWO)
    """

    player: Rank
    dealer: Rank
    player_war: Rank | None = None
    dealer_war: Rank | None = None

    @property
    def tied(self) -> bool:
        """Whether the first two cards are of one rank."""
        return self.player == self.dealer

    @property
    def tied_rank(self) -> Rank | None:
        """The rank of a tie, what the player knows when he decides (``None``: no tie)."""
        return self.player if self.tied else None

    @property
    def winner(self) -> str:
        """Who holds the higher first card: ``"player"``, ``"dealer"`` or ``"tie"``."""
        return "tie" if self.tied else "player" if self.player > self.dealer else "dealer"


def _state(deal: Deal) -> Hashable:
    return None if deal.tied_rank is None else f"tie of {deal.tied_rank.symbol}"


def _main_rule(deal: Deal, choice: str) -> str:
    if not deal.tied:
        return "win" if deal.winner == "player" else "lose"
    if choice == OnTie.SURRENDER:
        return "surrender"
    assert deal.player_war is not None and deal.dealer_war is not None, "a war deals a card to each"
    if deal.player_war == deal.dealer_war:
        return "war, tie"
    return "war, won" if deal.player_war > deal.dealer_war else "war, lost"


def _tie_rule(deal: Deal) -> str:
    return "tie" if deal.tied else NO_TIE


@functools.cache
def _bets(rules: CasinoWarRules) -> dict[str, RuleBet[Deal]]:
    two = Rational(2)
    fixed = None if rules.on_tie is OnTie.BEST else rules.on_tie.value
    main: RuleBet[Deal] = RuleBet.define(
        "main",
        _main_rule,
        {"win": 1, "bonus": rules.war_tie_bonus},
        settlements=[
            Settlement("win", pay="win"),
            Settlement("lose", plus=Rational(-1)),
            Settlement("surrender", plus=Rational(-1, 2)),
            Settlement("war, won", plus=Rational(1), staked=two),
            Settlement("war, tie", pay="bonus", plus=Rational(1), staked=two),
            Settlement("war, lost", plus=-two, staked=two),
        ],
        decision=Decision(
            "war or surrender",
            _state,
            (OnTie.WAR.value, OnTie.SURRENDER.value),
            fixed,
            sees=("player", "dealer"),
        ),
        description="the higher card wins 1 to 1; on a tie, go to war (raise) or surrender half",
        label="Main bet",
    )
    tie: RuleBet[Deal] = RuleBet.define(
        "tie",
        _tie_rule,
        {"tie": DEFAULT_TIE_PAYS},
        settlements=[Settlement("tie", pay="tie"), Settlement(NO_TIE, plus=Rational(-1))],
        description=f"the first two cards are of one rank, {DEFAULT_TIE_PAYS} to 1",
        label="Tie bet",
    )
    return apply_pays({"main": main, "tie": tie}, rules.pays, "Casino War")


@checked
def built_in_bets(rules: CasinoWarRules) -> dict[str, RuleBet[Deal]]:
    """The main bet (``main``: its tie played as ``rules.on_tie`` says, its bonus
    ``rules.war_tie_bonus``) and the tie bet (``tie``, 10 to 1), with the house's own pays.

    Args:
        rules: The house's rules: the choice on a tie, the war tie bonus and its own pays.

    Returns:
        The two bets by name, ``main`` then ``tie``.

    Raises:
        OptionError: When a pay of the rules names a bet or outcome the game does not have.

    >>> bets = built_in_bets(CasinoWarRules(on_tie="best", pays=(("tie", "tie", 11),)))
    >>> list(bets), bets["main"].decision.fixed, bets["tie"].pays
    (['main', 'tie'], None, (('tie', 11),))
    >>> built_in_bets(CasinoWarRules(pays=(("main", "lose", 1),)))
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: bet 'main' has no pay 'lose': choose one of 'win', 'bonus'
    """
    return dict(_bets(rules))
