"""Timing helpers shared by the benchmark scripts (run them with ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import platform
import time
from collections.abc import Callable
from typing import TypeVar

__all__ = ["machine_line", "report", "time_call", "verdict"]

T = TypeVar("T")


def time_call(function: Callable[[], T], repeat: int = 1) -> tuple[float, T]:
    """The best wall time of ``repeat`` calls of ``function`` in seconds, and its last result."""
    start = time.perf_counter()
    result = function()
    best = time.perf_counter() - start
    for _ in range(repeat - 1):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def report(label: str, engine_seconds: float, baseline_seconds: float | None = None) -> str:
    """One printed line: the engine's time, and the baseline's time and the ratio if given."""
    line = f"{label:<48} {engine_seconds * 1000:12.3f} ms"
    if baseline_seconds is not None:
        ratio = baseline_seconds / engine_seconds if engine_seconds > 0 else float("inf")
        line += f"   baseline {baseline_seconds * 1000:12.3f} ms   ratio x{ratio:,.1f}"
    return line


def verdict(label: str, measured: float, target: float, unit: str, *, at_least: bool = True) -> str:
    """A ``PASS``/``FAIL`` line: ``measured`` against ``target`` (at least it, or at most it)."""
    passed = measured >= target if at_least else measured <= target
    bound = ">=" if at_least else "<="
    outcome = "PASS" if passed else "FAIL"
    return f"{outcome}  {label}: {measured:,.2f} {unit} (target {bound} {target:,} {unit})"


def machine_line() -> str:
    """Which Python ran the benchmark."""
    return f"python {platform.python_version()} on {platform.machine()}"
