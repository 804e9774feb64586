"""Exact numbers are typed: ``mypy --strict`` refuses a string or a float where a rational is expected.

The project's stubs for SymPy (``stubs/sympy``, ``mypy_path`` in pyproject.toml) make ``Rational`` a
type mypy checks, so every ``Rational`` annotation of cardmath means what it says; the rules objects
take exact numbers as a ``Rational``, an ``int`` or text, never a ``float``; a par sheet's figures
are ``Rational``.  A deliberately wrong file is checked here with the project's own settings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parent.parent

WRONG = """\
from sympy import Rational

from cardmath.games.dragon_tiger import DragonTigerRules, analyze
from cardmath.shoe import Shoe

edge: Rational = "3/4"
rules = DragonTigerRules(tie_pays=8.5)
result = analyze(Shoe.standard(8), DragonTigerRules(tie_pays="11"))
words: str = result.bets["tie"].house_edge
reveal_type(result.bets["tie"].house_edge)
reveal_type(rules.tie_pays)
"""


@pytest.mark.slow
def test_mypy_refuses_a_string_or_a_float_where_a_rational_is_expected(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "wrong.py"
    source.write_text(WRONG, encoding="utf-8")
    monkeypatch.chdir(ROOT)  # the settings' paths (mypy_path = "stubs") are the project's
    out, _, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache"), str(source)]
    )
    lines = [line.split(": ", 1)[1] for line in out.splitlines() if line.startswith(str(source))]
    assert status == 1, out
    assert any(
        'Incompatible types in assignment (expression has type "str", variable has type "Rational")' in line
        for line in lines
    ), out
    assert any('"DragonTigerRules" has incompatible type "float"' in line for line in lines), out
    assert any(
        'Incompatible types in assignment (expression has type "Rational", variable has type "str")' in line
        for line in lines
    ), out
    assert sum('Revealed type is "sympy.Rational"' in line for line in lines) == 2, out
