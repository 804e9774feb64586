"""A small progress bar for long runs: drawn on a terminal, silent otherwise.

>>> import io
>>> stream = io.StringIO()
>>> with Progress(3, "tables", stream=stream) as bar:
...     for _ in range(3):
...         bar.advance()
>>> stream.getvalue()
''
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """Counts ``total`` steps and draws ``label [#####     ] 5/10`` on ``stream`` (stderr).

    It draws only when the stream is a terminal (or ``enabled=True``), at most ten times a second,
    so piped output and CI logs stay clean.

    >>> import io
    >>> stream = io.StringIO()
    >>> with Progress(2, "tables", stream=stream, enabled=True, width=4) as bar:
    ...     bar.advance(2)
    >>> stream.getvalue().split()
    ['tables', '[####]', '2/2']
    """

    def __init__(
        self,
        total: int,
        label: str,
        *,
        stream: TextIO | None = None,
        enabled: bool | None = None,
        width: int = 30,
    ) -> None:
        self.total = max(0, total)
        self.label = label
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.width = width
        self._last_draw = 0.0

    def advance(self, steps: int = 1) -> None:
        """Count ``steps`` more steps done and redraw if it is time to."""
        self.done = min(self.total, self.done + steps)
        now = time.monotonic()
        if self.enabled and (now - self._last_draw >= 0.1 or self.done == self.total):
            self._last_draw = now
            self._draw()

    def _draw(self) -> None:
        filled = self.width * self.done // self.total if self.total else self.width
        bar = "#" * filled + " " * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {self.done}/{self.total}")
        self.stream.flush()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
