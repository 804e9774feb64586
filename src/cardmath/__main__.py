"""``python -m cardmath``: the same as the ``cardmath`` command."""

import sys

from cardmath.cli import main

if __name__ == "__main__":
    sys.exit(main())
