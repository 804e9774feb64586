"""Argument checks at the library's edge: a wrong type is a ``TypeError`` that names the parameter.

Every public function that users call is decorated with :func:`checked`.  It compares each
argument with the function's own type hints (with beartype's ``is_bearable``, which understands
unions, generics such as ``Sequence[int]``, ``Literal`` and ``Callable``) before the function runs,
so ``analyze(None)`` says ``analyze() parameter shoe must be Shoe, not NoneType`` instead of an
``AttributeError`` from deep inside.  Wrong *values* of the right type are the readers' business
(:mod:`cardmath.numbers`) and raise a :class:`~cardmath.errors.CardmathError`.

Return values are not checked, and hints that cannot be resolved at run time are skipped.

>>> @checked
... def double(count: int, label: str = "x") -> str:
...     return label * count
>>> double(2)
'xx'
>>> double("2")
Traceback (most recent call last):
...
TypeError: double() parameter count must be int, not str
"""

from __future__ import annotations

import collections.abc
import functools
import inspect
import sys
import typing
from collections.abc import Callable
from typing import Any, TypeVar, cast

from beartype.door import is_bearable
from beartype.roar import BeartypeException

__all__ = ["checked"]

_F = TypeVar("_F", bound=Callable[..., Any])


def _hints(function: Callable[..., Any]) -> dict[str, Any]:
    """The function's parameter hints, resolved; a hint that cannot be resolved is left out."""
    module = sys.modules.get(function.__module__)
    namespace = dict(vars(module)) if module is not None else {}
    try:
        hints = typing.get_type_hints(function, globalns=namespace)
    except Exception:  # a name imported only for type checkers: resolve one by one
        hints = {}
        for name, text in function.__annotations__.items():
            try:
                hints[name] = eval(text, namespace) if isinstance(text, str) else text
            except Exception:
                continue
    hints.pop("return", None)
    return hints


def _described(hint: Any) -> str:
    text = getattr(hint, "__name__", None) if isinstance(hint, type) else None
    return text or str(hint).replace("typing.", "").replace("collections.abc.", "")


_SEQUENCES = (collections.abc.Sequence, list, tuple)


@functools.lru_cache(maxsize=1024)
def _item_hint(hint: Any) -> Any:
    """The item type of a ``Sequence[X]`` (``list[X]``, ``tuple[X, ...]``) hint, else ``None``
    (worked out once per hint)."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin not in _SEQUENCES or not arguments:
        return None
    if origin is tuple and not (len(arguments) == 2 and arguments[1] is Ellipsis):
        return None
    return arguments[0]


def _check_items(function: str, name: str, value: object, hint: Any) -> None:
    """Every item of a list or tuple given for a ``Sequence[X]`` (``list[X]``, ``tuple[X, ...]``)
    parameter, each checked in turn, so the first wrong item is named (beartype alone looks at one
    item drawn at random, so its message would change from run to run)."""
    if not isinstance(value, list | tuple):
        return
    try:
        kind = _item_hint(hint)
    except TypeError:  # an unhashable hint: not checked item by item
        return
    if kind is None:
        return
    plain = isinstance(kind, type)  # a plain class: isinstance, fast enough for a batch of shoes
    for index, item in enumerate(value):
        try:
            bearable = isinstance(item, kind) if plain else is_bearable(item, kind)
        except BeartypeException:
            return
        if not bearable:
            raise TypeError(
                f"{function}() parameter {name}[{index}] must be {_described(kind)}, "
                f"not {type(item).__name__}"
            )


def checked(function: _F) -> _F:
    """Check the arguments of ``function`` against its type hints on every call.

    Args:
        function: Any function with type hints; unresolvable hints are not checked.

    Returns:
        A wrapper with the function's name and docstring that raises `TypeError` on an argument of the
        wrong type, then calls the function.

    >>> @checked
    ... def total(values: list[int]) -> int:
    ...     return sum(values)
    >>> total([1, 2]), total.__name__
    (3, 'total')
    >>> total(None)
    Traceback (most recent call last):
    ...
    TypeError: total() parameter values must be list[int], not NoneType
    >>> total([1, "2"])
    Traceback (most recent call last):
    ...
    TypeError: total() parameter values[1] must be int, not str
    """
    signature = inspect.signature(function)
    resolved: dict[str, Any] | None = None

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        nonlocal resolved
        if resolved is None:
            resolved = _hints(function)
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as error:
            raise TypeError(f"{function.__name__}(): {error}") from None
        for name, value in bound.arguments.items():
            hint = resolved.get(name)
            if hint is None:
                continue
            kind = signature.parameters[name].kind
            if kind is inspect.Parameter.VAR_POSITIONAL:
                values = list(value)
            elif kind is inspect.Parameter.VAR_KEYWORD:
                values = list(value.values())
            else:
                values = [value]
            for each in values:
                _check_items(function.__name__, name, each, hint)
                try:
                    bearable = is_bearable(each, hint)
                except BeartypeException:  # a hint beartype cannot check at run time: not checked
                    resolved.pop(name, None)
                    break
                if not bearable:
                    raise TypeError(
                        f"{function.__name__}() parameter {name} must be {_described(hint)}, "
                        f"not {type(each).__name__}"
                    )
        return function(*args, **kwargs)

    return cast(_F, wrapper)
