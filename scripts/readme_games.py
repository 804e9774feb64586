"""Write the README's table of games from the registry: ``python scripts/readme_games.py``.

The table sits between ``<!-- games: ... -->`` and ``<!-- /games -->`` in README.md.  The tests
(``tests/test_readme.py``) write it anew when it differs from what the registry gives (and fail in
CI), so running the tests lists a new game; this script does the same alone.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from cardmath.publish import games_markdown

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"(<!-- games:[^>]*-->\n)(.*?)(<!-- /games -->)", flags=re.DOTALL)


def refreshed(text: str) -> str:
    """The README's text with its table of games written anew from the registry."""
    if not BLOCK.search(text):
        raise SystemExit("README.md has no <!-- games: ... --> block")
    return BLOCK.sub(lambda match: match.group(1) + games_markdown("docs/") + match.group(3), text)


if __name__ == "__main__":
    README.write_text(refreshed(README.read_text(encoding="utf-8")), encoding="utf-8")
    sys.stdout.write(f"wrote the table of games into {README.name}\n")
