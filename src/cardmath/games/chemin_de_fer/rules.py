"""The rules of a chemin de fer game, the models it is solved under, and the game's vocabularies.

Chemin de fer is baccarat with choices: Player may draw or stand on a two-card total of 5, and
Banker may draw or stand in every situation, knowing his own hand and what Player did (stood, or
drew a third card of a given value).  The rules are told in our words on the game's page in the
documentation, docs/games/chemin_de_fer.md.

What the analysis depends on is one frozen object, :class:`CheminDeFerRules`: what each side sees
of its own two cards (:class:`Information`) and the commission the house takes on Banker's wins
(``0`` in the parlor game, where the game is zero-sum).  How the cards are dealt is the shoe's
business: with replacement (an infinite shoe) or without (a finite one).  The two together are
the literature's models (:class:`Model`): ``A1`` is Kemeny and Snell's, ``B2`` Downton and
Lockwood's, ``B3`` Ethier and Gámez's.

>>> rules = CheminDeFerRules()
>>> rules.information, rules.commission
(<Information.COMPOSITIONS: 'compositions'>, 0)
>>> CheminDeFerRules(information="totals", commission="0.05").commission
1/20
>>> Model.B2.information.banker_sees_composition, Model.A1.with_replacement
(True, True)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Final

from sympy import Rational

from cardmath.errors import OptionError
from cardmath.numbers import Exact, read_rational

__all__ = [
    "CASINO_COMMISSION",
    "DEFAULT_DECKS",
    "DEFAULT_RULES",
    "CheminDeFerRules",
    "Information",
    "Model",
    "Play",
]

DEFAULT_DECKS: Final = 6
"""The shoe of the French casinos: six decks."""

CASINO_COMMISSION: Final[Rational] = Rational(1, 20)
"""The usual commission of the casino game on Banker's wins: 5 percent."""


class Information(enum.StrEnum):
    """What each side sees of his own two cards (Player always sees Banker's action only at the
    end; Banker always sees whether Player drew and the value of Player's third card).

    - ``TOTALS`` (models A1, B1): each side sees only his own total;
    - ``BANKER_COMPOSITION`` (A2, B2): Banker sees his two cards, Player only his total;
    - ``COMPOSITIONS`` (A3, B3): each side sees his own two cards.

    >>> Information.TOTALS.digit, Information("compositions").player_sees_composition
    (1, True)
    """

    TOTALS = "totals"
    BANKER_COMPOSITION = "banker composition"
    COMPOSITIONS = "compositions"

    @property
    def digit(self) -> int:
        """The digit of the models' names: 1, 2 or 3.

        >>> Information.BANKER_COMPOSITION.digit
        2
        """
        return list(Information).index(self) + 1

    @property
    def player_sees_composition(self) -> bool:
        """Whether Player chooses at 5 knowing his two cards (not only their total).

        >>> Information.BANKER_COMPOSITION.player_sees_composition
        False
        """
        return self is Information.COMPOSITIONS

    @property
    def banker_sees_composition(self) -> bool:
        """Whether Banker chooses knowing his two cards (not only their total).

        >>> Information.TOTALS.banker_sees_composition
        False
        """
        return self is not Information.TOTALS


class Model(enum.StrEnum):
    """A model of the literature: a letter for the dealing (``A`` with replacement, that is an
    infinite shoe; ``B`` without replacement from a finite shoe) and a digit for what each side
    sees (:class:`Information`).

    >>> Model("B3").information, Model.B3.with_replacement
    (<Information.COMPOSITIONS: 'compositions'>, False)
    >>> Model.of(with_replacement=True, information=Information.TOTALS)
    <Model.A1: 'A1'>
    """

    A1 = "A1"
    A2 = "A2"
    A3 = "A3"
    B1 = "B1"
    B2 = "B2"
    B3 = "B3"

    @property
    def with_replacement(self) -> bool:
        """Whether the cards are dealt with replacement (an infinite shoe).

        >>> Model.B2.with_replacement
        False
        """
        return self.value.startswith("A")

    @property
    def information(self) -> Information:
        """What each side sees.

        >>> Model.A3.information
        <Information.COMPOSITIONS: 'compositions'>
        """
        return list(Information)[int(self.value[1]) - 1]

    @classmethod
    def read(cls, text: Any) -> Model:
        """A model from its name, in either case; an unknown name raises an
        :class:`~cardmath.errors.OptionError` listing the models.

        Args:
            text: The model's name, such as ``"B2"`` or ``"a1"``; spaces around it are ignored.

        Returns:
            The model of that name.

        Raises:
            OptionError: When the name is not one of A1, A2, A3, B1, B2 or B3.

        >>> Model.read("b2")
        <Model.B2: 'B2'>
        >>> Model.read("C3")
        Traceback (most recent call last):
        ...
        cardmath.errors.OptionError: the model must be one of A1, A2, A3, B1, B2 or B3, not 'C3'
        """
        try:
            return cls(str(text).strip().upper())
        except ValueError:
            names = [item.value for item in cls]
            raise OptionError(
                f"the model must be one of {', '.join(names[:-1])} or {names[-1]}, not {str(text)!r}"
            ) from None

    @classmethod
    def of(cls, *, with_replacement: bool, information: Information) -> Model:
        """The model of a way of dealing and of what each side sees.

        Args:
            with_replacement: ``True`` for dealing with replacement (an infinite shoe, models A),
                ``False`` for a finite shoe (models B).
            information: What each side sees, which gives the model's digit.

        Returns:
            The model, such as ``Model.B2``.

        >>> Model.of(with_replacement=False, information=Information.BANKER_COMPOSITION)
        <Model.B2: 'B2'>
        """
        return cls(("A" if with_replacement else "B") + str(information.digit))


class Play(enum.StrEnum):
    """How an optimal (or equilibrium) strategy plays one choice: always draw, always stand, draw
    with a probability strictly between 0 and 1, or no matter (a situation the shoe cannot deal).

    >>> Play.of(Rational(1)), Play.of(Rational(9, 11)), Play.of(None)
    (<Play.DRAW: 'draw'>, <Play.MIX: 'mix'>, <Play.UNREACHED: 'unreached'>)
    """

    DRAW = "draw"
    STAND = "stand"
    MIX = "mix"
    UNREACHED = "unreached"

    @classmethod
    def of(cls, probability: Rational | None) -> Play:
        """The play of a probability of drawing (``None``: the situation cannot arise).

        Args:
            probability: A probability of drawing from 0 to 1, or ``None``.

        Returns:
            ``DRAW`` at 1, ``STAND`` at 0, ``MIX`` in between, ``UNREACHED`` for ``None``.

        >>> Play.of(Rational(0))
        <Play.STAND: 'stand'>
        """
        if probability is None:
            return cls.UNREACHED
        if probability == 1:
            return cls.DRAW
        if probability == 0:
            return cls.STAND
        return cls.MIX


_NO_COMMISSION: Final[Rational] = Rational(0)


def _information(value: Any) -> Information:
    try:
        return Information(value)
    except ValueError:
        choices = ", ".join(repr(item.value) for item in Information)
        raise OptionError(f"what each side sees must be one of {choices}, not {value!r}") from None


def _commission(value: Any) -> Rational:
    return read_rational(
        value,
        "the commission",
        minimum=0,
        maximum=1,
        allowed="from 0 to 1 as a fraction (0.05 for 5 percent)",
    )


@dataclass(frozen=True, init=False)
class CheminDeFerRules:
    """What a chemin de fer analysis depends on besides the shoe: what each side sees of his own
    two cards, and the commission on Banker's wins as a fraction (``0``: the parlor game, a
    zero-sum game; ``1/20``: the casino game at 5 percent, a bimatrix game).

    Values may be given as text; they are kept as an :class:`Information` and an exact Rational.

    Args:
        information: What each side sees of his own cards: ``"totals"``, ``"banker
            composition"`` or ``"compositions"`` (the default), or an :class:`Information`.
        commission: Banker's commission on his wins, from 0 (the default, the parlor game) to 1,
            as a number or its text.

    Raises:
        OptionError: When ``information`` is none of the three or the commission is outside 0 to 1.

    >>> CheminDeFerRules(information="banker composition").information.digit
    2
    >>> CheminDeFerRules(commission="1/0")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: the commission must be from 0 to 1 as a fraction (0.05 for 5 percent), ...
    >>> CheminDeFerRules(information="everything")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardmath.errors.OptionError: what each side sees must be one of 'totals', ..., not 'everything'
    """

    information: Information
    commission: Rational

    def __init__(
        self, information: Information | str = Information.COMPOSITIONS, commission: Exact = _NO_COMMISSION
    ) -> None:
        object.__setattr__(self, "information", _information(information))
        object.__setattr__(self, "commission", _commission(commission))

    @property
    def zero_sum(self) -> bool:
        """Whether the game is zero-sum (no commission): then it has a value.

        >>> CheminDeFerRules().zero_sum, CheminDeFerRules(commission=CASINO_COMMISSION).zero_sum
        (True, False)
        """
        return bool(self.commission == 0)


DEFAULT_RULES: Final = CheminDeFerRules()
"""The parlor game with each side seeing his own two cards (model 3), as Ethier and Gámez solved it."""
