"""Test-suite settings.

Property tests run without a per-example deadline (the machines that run them are shared and
their timings are noise), and under CI with a fixed seed, so that a run can be repeated exactly.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("cardmath", deadline=None, derandomize=bool(os.environ.get("CI")))
settings.load_profile("cardmath")
