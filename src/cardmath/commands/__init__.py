"""The sub-commands of ``cardmath``, one module each, each with ``register(subparsers)``."""

from __future__ import annotations

from types import ModuleType

from cardmath.commands import baccarat, pool, reddog, tables

__all__ = ["COMMANDS"]

COMMANDS: tuple[ModuleType, ...] = (tables, reddog, baccarat, pool)
"""The sub-command modules, in the order ``cardmath --help`` lists them."""
