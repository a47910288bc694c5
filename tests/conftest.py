"""Lets the tests import their shared helpers (mutations.py, planted.py) by name."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
