"""`python -m tools.shots [ROOT]`: every screenshot of docs/ (see tools/shots/__init__.py)."""

import sys

from tools.shots import main

raise SystemExit(main(sys.argv[1:]))
