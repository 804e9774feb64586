"""The package imports and its command answers."""

from __future__ import annotations

import cardmath


def test_version_is_set() -> None:
    assert cardmath.__version__.count(".") == 2
