"""What a result was computed for, as the first columns of its tidy data and the words of its summary.

Every result of the engine (:class:`~cardmath.engine.analysis.CatalogueResult`,
:class:`~cardmath.engine.analysis.EffectsOfRemoval`, :class:`~cardmath.engine.settle.HouseEdges`)
shows itself through :class:`~cardmath.display.Displayed`; the records of its frame start with the
same conditions, so that the frames of many shoes and rules concatenate into one:

- ``game``: the game's registry name;
- ``decks``: the whole decks the shoe was dealt from (left out for the infinite shoe, so that a
  frame of it concatenates with frames of finite shoes into one whole-number column), and
  ``shoe``, ``"finite"`` or ``"infinite"`` (the columns of the published tidy data);
- ``removed``: the cards missing from those decks, when some are (:func:`removed_cards`);
- ``rules``: ``"usual"`` for the usual table, else the rules that differ (:func:`rules_words`).

>>> from cardmath.games.dragon_tiger import DragonTigerRules
>>> shoe_conditions(Shoe.standard(1).without("As,Kd"))
{'decks': 1, 'shoe': 'finite', 'removed': 'Kd,As'}
>>> shoe_words(Shoe.standard(1).without("As,Kd")), rules_words(DragonTigerRules(tie_pays=11))
('1 deck less Kd,As', 'tie_pays=11')
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any

from sympy import Rational

from cardmath.cards import FULL_DECK
from cardmath.errors import CardmathError
from cardmath.shoe import Shoe

__all__ = ["REMOVED_LISTED", "USUAL_RULES", "removed_cards", "rules_words", "shoe_conditions", "shoe_words"]

REMOVED_LISTED = 104
"""The most cards :func:`removed_cards` lists; a shoe missing more is told by its size alone."""

USUAL_RULES = "usual"
"""The rules condition of the usual table (every rule at its default)."""

_WORDS_SHOWN = 6
"""The most removed cards a summary names; more are counted."""

_VALUE_WORDS = 40
"""A rule's value longer than this in words reads ``custom``."""


def removed_cards(shoe: Shoe) -> tuple[int, str] | None:
    """The whole decks a shoe was dealt from and the cards missing from them: the fewest decks that
    hold the shoe (its largest count of one card), less each card it lacks, in card order.

    Args:
        shoe: A finite shoe, or an infinite shoe whose proportions are told the same way.

    Returns:
        The number of decks and the missing cards (``"As,Kd"``, empty when none); ``None`` when
        more than :data:`REMOVED_LISTED` cards are missing, which no list tells well.

    >>> removed_cards(Shoe.standard(2).without("As")), removed_cards(Shoe.infinite())
    ((2, 'As'), (1, ''))
    >>> removed_cards(Shoe.from_counts({"As": 3})) is None  # 3 decks less 153 cards
    True
    """
    counts = shoe.card_counts
    if shoe.decks is not None:
        return shoe.decks, ""
    decks = max(counts)
    if sum(decks - count for count in counts) > REMOVED_LISTED:
        return None
    missing = [str(card) for card, count in zip(FULL_DECK, counts, strict=True) for _ in range(decks - count)]
    return decks, ",".join(missing)


def shoe_conditions(shoe: Shoe) -> dict[str, Any]:
    """The conditions of a shoe: ``decks`` (left out for the infinite shoe, and for a shoe missing
    too many cards to list), ``shoe`` (``"finite"`` or ``"infinite"``) and, when cards are missing
    from whole decks, ``removed``.

    A frame's column of nothing but missing values would hold text; leaving ``decks`` out instead
    lets ``pd.concat`` of the frames of finite and infinite shoes keep one whole-number column.

    Args:
        shoe: The shoe a result was computed on.

    Returns:
        The conditions, in that order.

    >>> shoe_conditions(Shoe.standard(8)), shoe_conditions(Shoe.infinite())
    ({'decks': 8, 'shoe': 'finite'}, {'shoe': 'infinite'})
    """
    found = removed_cards(shoe)
    conditions: dict[str, Any] = {}
    if not shoe.is_infinite and found is not None:
        conditions["decks"] = found[0]
    conditions["shoe"] = "infinite" if shoe.is_infinite else "finite"
    if found is not None and found[1]:
        conditions["removed"] = found[1]
    return conditions


def shoe_words(shoe: Shoe) -> str:
    """A shoe in a few words: ``8 decks``, ``infinite decks``, ``1 deck less As,Kd`` (at most six
    cards named, more counted), or its description (``101 cards``).

    Args:
        shoe: The shoe a result was computed on.

    Returns:
        The words, short enough for a summary.

    >>> shoe_words(Shoe.standard(2).without(Shoe.standard(1).cards()[:10]))
    '2 decks less 10 cards'
    >>> shoe_words(Shoe.from_counts({"As": 3}))
    '3 cards'
    """
    found = removed_cards(shoe)
    if shoe.is_infinite or found is None or not found[1]:
        return shoe.describe()
    decks, missing = found
    cards = missing.split(",")
    less = missing if len(cards) <= _WORDS_SHOWN else f"{len(cards)} cards"
    return f"{decks} deck{'s' if decks > 1 else ''} less {less}"


def _value_words(value: object) -> str:
    """One rule's value in words: a number exactly, a choice by its name, pays as ``bet:pay=value``."""
    if isinstance(value, enum.Enum):
        words = str(value.value)
    elif isinstance(value, (int, Rational)) and not isinstance(value, bool):
        words = str(value)
    elif isinstance(value, Sequence) and not isinstance(value, str):
        parts = [
            f"{part[0]}:{part[1]}={_value_words(part[2])}"
            if isinstance(part, tuple) and len(part) == 3
            else _value_words(part)
            for part in value
        ]
        words = ",".join(parts)
    else:
        words = str(value)
    return words if len(words) <= _VALUE_WORDS else "custom"


def rules_words(rules: object) -> str:
    """Rules in a few words: ``usual`` when every rule is at its default, else each rule that is
    not, as ``field=value`` (a long value, such as a drawing tableau, reads ``custom``).

    Args:
        rules: A game's rules object (a dataclass whose type builds the usual rules with no
            argument); anything else is told by its text.

    Returns:
        The words, `;`-separated.

    >>> from cardmath.games.reddog import RedDogRules
    >>> rules_words(RedDogRules()), rules_words(RedDogRules(spread_pays="6,4,2,1", raise_by="cards"))
    ('usual', 'spread_pays=6,4,2,1; raise_by=cards')
    """
    if not dataclasses.is_dataclass(rules) or isinstance(rules, type):
        return _value_words(rules)
    try:
        usual: object | None = type(rules)()
    except (TypeError, ValueError, CardmathError):  # a rules type without defaults
        usual = None

    def told(name: str) -> bool:
        value = getattr(rules, name)
        return value not in ((), None, "") if usual is None else bool(value != getattr(usual, name))

    changed = [
        f"{field.name}={_value_words(getattr(rules, field.name))}"
        for field in dataclasses.fields(rules)
        if told(field.name)
    ]
    return "; ".join(changed) or USUAL_RULES
