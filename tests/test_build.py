"""The build the suite runs on is the one it was asked to test.

CI runs the whole suite twice (.ci/run): on the pure package (the README's test command) and on
the compiled core (``REFEREE_COMPILE=1 pip install .``), run by the compiled environment's
pytest with ``REFEREE_BUILD=compiled``. A compiled run that quietly imported the checkout's
sources would pass while testing the pure code a second time; so with ``REFEREE_BUILD`` set,
the modules mypyc compiles must be compiled (``compiled``) or not (``pure``), both in this
process and in a ``python -m referee`` started from the checkout, as the command-line tests start
it (.ci/run sets ``PYTHONSAFEPATH`` for the compiled run, so that the folder a subprocess is
started in does not put the checkout's ``referee/`` first on its path). Without it, there is
nothing to compare with and the test skips.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROBES = ("referee.notation.common_lines", "referee.engine.replay", "referee.engine.table")
"""Modules setup.py compiles (hot paths of the notation and the engine)."""
WHERE = "import importlib, sys; print(*(importlib.import_module(m).__file__ for m in sys.argv[1:]))"
WANTED = os.environ.get("REFEREE_BUILD")


@pytest.mark.skipif(WANTED is None, reason="REFEREE_BUILD (pure or compiled) is not set: no build was asked for")
def test_the_build_under_test_is_the_one_asked_for() -> None:
    assert WANTED in ("pure", "compiled"), f"REFEREE_BUILD={WANTED!r}: pure or compiled"
    started = subprocess.run([sys.executable, "-c", WHERE, *PROBES], capture_output=True, text=True, cwd=ROOT,
                             timeout=120)
    assert started.returncode == 0, started.stderr
    files = {"this process": [str(importlib.import_module(m).__file__) for m in PROBES],
             "a subprocess": started.stdout.split()}
    for where, found in files.items():
        assert len(found) == len(PROBES), (where, found)
        compiled = [not name.endswith(".py") for name in found]
        assert compiled == [WANTED == "compiled"] * len(PROBES), f"{where} imports {found}"
