"""Strategy profiles and what Player's best reply asks of Banker where Banker is indifferent.

A :class:`Profile` is a pair of strategies (Player's probability of drawing on each of his
choices, Banker's in each information set); :class:`Equilibria` gathers those found with what is
known of their uniqueness (:class:`Uniqueness`) and how they were found (:class:`Method`).

Where Banker is indifferent between drawing and standing, his probability of drawing is free;
Player's play is a best reply only if what drawing gains him on each choice is zero where he
mixes, at most zero where he stands, at least zero where he draws (:class:`Relation`).
:func:`feasible_mixing` finds Banker's probabilities meeting all of those at once, exactly.

>>> half = Fraction(1, 2)
>>> feasible_mixing([(Fraction(-1), [Fraction(2)], Relation.EQUAL)], 1)
([Fraction(1, 2)], True)
>>> feasible_mixing([(Fraction(-1), [Fraction(1)], Relation.AT_MOST)], 1)
([Fraction(0, 1)], False)
>>> feasible_mixing([(Fraction(3), [Fraction(1)], Relation.EQUAL)], 1) is None
True
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from cardmath.errors import CardmathError
from cardmath.games.chemin_de_fer.additive import Reduction, Vector
from cardmath.games.chemin_de_fer.linear_program import maximize

__all__ = [
    "Constraint",
    "Equilibria",
    "Method",
    "Profile",
    "Relation",
    "Uniqueness",
    "UnsolvedGameError",
    "feasible_mixing",
]


class UnsolvedGameError(CardmathError):
    """The casino game on this shoe has no equilibrium of the forms searched (the parlor game
    is always solved).

    >>> issubclass(UnsolvedGameError, CardmathError)
    True
    """


class Uniqueness(enum.StrEnum):
    """What is known of the equilibria: one only (proved), several, or one found and no proof.

    >>> Uniqueness("unique") is Uniqueness.UNIQUE
    True
    """

    UNIQUE = "unique"
    SEVERAL = "several"
    UNPROVED = "unproved"


class Method(enum.StrEnum):
    """How the equilibria were found: Foster's walk along one mixed choice of Player, an exact
    linear program (the parlor game), or the enumeration of several mixed choices at once.

    >>> str(Method.FOSTER)
    "Foster's algorithm"
    """

    FOSTER = "Foster's algorithm"
    LINEAR_PROGRAM = "linear program"
    SUPPORTS = "support enumeration"


@dataclass(frozen=True)
class Profile:
    """A pair of strategies: Player's probability of drawing on each choice, Banker's in each
    set; ``isolated`` is true when no other equilibrium is known to lie next to it.

    >>> Profile((Fraction(1),), (Fraction(0),), isolated=True).player
    (Fraction(1, 1),)
    """

    player: Vector
    banker: Vector
    isolated: bool


@dataclass(frozen=True)
class Equilibria:
    """Every equilibrium found, what is known of their uniqueness, the method, and what
    dominance settled.

    >>> Equilibria((), Uniqueness.UNPROVED, Method.FOSTER, Reduction({}, {})).profiles
    ()
    """

    profiles: tuple[Profile, ...]
    uniqueness: Uniqueness
    method: Method
    reduction: Reduction


class Relation(enum.Enum):
    """What Player's gain from drawing on a choice must be for his play there to be a best reply.

    >>> Relation.of(Fraction(1, 3)), Relation.of(Fraction(1))
    (<Relation.EQUAL: 0>, <Relation.AT_LEAST: 1>)
    """

    EQUAL = 0
    """He mixes: indifferent."""
    AT_MOST = -1
    """He stands: drawing gains nothing."""
    AT_LEAST = 1
    """He draws: standing gains nothing."""

    @classmethod
    def of(cls, probability: Fraction) -> Relation:
        """The relation a probability of drawing asks for.

        >>> Relation.of(Fraction(0))
        <Relation.AT_MOST: -1>
        """
        if probability == 0:
            return cls.AT_MOST
        return cls.AT_LEAST if probability == 1 else cls.EQUAL

    def holds(self, gain: Fraction) -> bool:
        """Whether a gain from drawing satisfies the relation.

        >>> Relation.AT_MOST.holds(Fraction(-1)), Relation.EQUAL.holds(Fraction(1))
        (True, False)
        """
        if self is Relation.EQUAL:
            return gain == 0
        return gain <= 0 if self is Relation.AT_MOST else gain >= 0


Constraint = tuple[Fraction, Sequence[Fraction], Relation]
"""Player's gain from drawing on one choice as ``constant + coefficients . beta`` (``beta``:
Banker's probabilities where he is indifferent) and the relation it must satisfy."""


def _interval(constraints: Sequence[Constraint]) -> tuple[list[Fraction], bool] | None:
    low, high = Fraction(0), Fraction(1)
    for constant, (coefficient,), relation in constraints:
        if coefficient == 0:
            if not relation.holds(constant):
                return None
            continue
        bound = -constant / coefficient
        if relation is Relation.EQUAL:
            low, high = max(low, bound), min(high, bound)
        elif (relation is Relation.AT_MOST) == (coefficient > 0):
            high = min(high, bound)
        else:
            low = max(low, bound)
    if low > high:
        return None
    return [low], low == high


def feasible_mixing(constraints: Sequence[Constraint], size: int) -> tuple[list[Fraction], bool] | None:
    """Banker's probabilities of drawing in ``size`` sets where he is indifferent that meet every
    constraint: one such point, and whether it is the only one; ``None`` if there is none.

    >>> one = Fraction(1)
    >>> feasible_mixing([(-one, [one, one], Relation.EQUAL), (Fraction(0), [one, -one], Relation.EQUAL)], 2)
    ([Fraction(1, 2), Fraction(1, 2)], True)
    """
    if size == 0:
        return ([], True) if all(relation.holds(constant) for constant, _, relation in constraints) else None
    if size == 1:
        return _interval(constraints)
    rows: list[list[Fraction]] = []
    bounds: list[Fraction] = []
    for constant, coefficients, relation in constraints:
        if relation is not Relation.AT_LEAST:  # constant + c . beta <= 0
            rows.append(list(coefficients))
            bounds.append(-constant)
        if relation is not Relation.AT_MOST:  # constant + c . beta >= 0
            rows.append([-c for c in coefficients])
            bounds.append(constant)
    for index in range(size):
        rows.append([Fraction(int(index == k)) for k in range(size)])
        bounds.append(Fraction(1))
    try:
        _, point = maximize([Fraction(0)] * size, rows, bounds)
    except ValueError:
        return None
    single = True
    for index in range(size):
        direction = [Fraction(int(index == k)) for k in range(size)]
        top, _ = maximize(direction, rows, bounds)
        bottom, _ = maximize([-d for d in direction], rows, bounds)
        single = single and top == -bottom
    return list(point), single
