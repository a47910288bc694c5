"""The packages to install, found rather than listed, and the optional compiled core (the rest of
the metadata is pyproject.toml).

pyproject.toml cannot both find packages and map one from another folder, and the grammar's
package `referee.grammars` comes from the top-level ``grammars/``; finding the rest means a new
game's package (``referee/games/<game>/``) is installed without touching any file but its own.

``REFEREE_COMPILE=1 pip install .`` also compiles the hot modules with mypyc (`COMPILED`): the
same code, about twice as fast a hand (docs/performance.md). Without that variable, and for
``pip install -e .``, the package is pure Python. Where mypyc or a C compiler is missing, or
compiling fails, the build says so and installs the pure package: it never fails for it.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import sys
import sysconfig
from typing import Any

from setuptools import find_packages, setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    # the notation, all but the LALR grammar (Lark calls back into it), the inputs, the cache and
    # `records` (typing's dataclass_transform marks the decorator by setting an attribute, which
    # a compiled function has no room for)
    "referee/notation/cards.py", "referee/notation/common_lines.py", "referee/notation/events.py",
    "referee/notation/handline.py", "referee/notation/limits.py", "referee/notation/problem.py",
    "referee/notation/reader.py", "referee/notation/safe.py",
    # the whole engine and every game; not yet output/render.py and check.py, which the desk and
    # the terminal subclass in interpreted code (docs/performance.md)
    "referee/engine/choices.py", "referee/engine/exposedcards.py", "referee/engine/game.py",
    "referee/engine/generators.py", "referee/engine/header.py", "referee/engine/laws.py",
    "referee/engine/ledger.py", "referee/engine/newdeal.py", "referee/engine/penalties.py",
    "referee/engine/replay.py", "referee/engine/rulebook.py", "referee/engine/session.py",
    "referee/engine/sides.py", "referee/engine/suitcalls.py", "referee/engine/table.py",
    "referee/engine/trace.py", "referee/engine/tricks.py", "referee/engine/verdict.py",
    "referee/engine/verdict_schema.py",
    "referee/games/__init__.py", "referee/games/auction_pitch/__init__.py",
    "referee/games/auction_pitch/auction.py", "referee/games/auction_pitch/generator.py",
    "referee/games/auction_pitch/hand.py", "referee/games/auction_pitch/penalties.py",
    "referee/games/auction_pitch/settlement.py", "referee/games/boston/__init__.py",
    "referee/games/boston/auction.py", "referee/games/boston/exposed.py", "referee/games/boston/generator.py",
    "referee/games/boston/hand.py", "referee/games/boston/penalties.py", "referee/games/boston/pool.py",
    "referee/games/boston/settlement.py", "referee/games/boston/tables.py",
    "referee/games/euchre/__init__.py", "referee/games/euchre/cards.py", "referee/games/euchre/generator.py",
    "referee/games/euchre/hand.py", "referee/games/euchre/penalties.py", "referee/games/euchre/settlement.py",
    "referee/games/french_boston/__init__.py", "referee/games/french_boston/auction.py",
    "referee/games/french_boston/generator.py", "referee/games/french_boston/hand.py",
    "referee/games/french_boston/penalties.py", "referee/games/french_boston/settlement.py",
    "referee/games/french_boston/tricks.py", "referee/games/whist/__init__.py",
    "referee/games/whist/generator.py", "referee/games/whist/hand.py", "referee/games/whist/penalties.py",
    "referee/games/whist/settlement.py",
]
"""The modules compiled by ``REFEREE_COMPILE=1``: those a check spends its time in."""


def _warn(message: str) -> None:
    print(f"warning: referee: {message}; installing the pure-Python package", file=sys.stderr)


def _has_c_compiler() -> bool:
    command = shlex.split(sysconfig.get_config_var("CC") or os.environ.get("CC") or "cc")
    return bool(command) and shutil.which(command[0]) is not None


def _compiled_modules() -> list[Any]:
    """The mypyc extensions, when asked for and possible; else none (a warning says why)."""
    if os.environ.get("REFEREE_COMPILE", "") not in ("1", "true", "yes"):
        return []
    if not _has_c_compiler():
        _warn("REFEREE_COMPILE=1 but no C compiler was found (install gcc or clang)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("REFEREE_COMPILE=1 but mypyc (from mypy) cannot be imported")
        return []
    try:
        return list(mypycify(COMPILED, opt_level="3"))
    except (Exception, SystemExit) as error:  # noqa: BLE001 - mypyc refused the code: say so, install pure
        _warn(f"mypyc could not compile the core ({error})")
        return []


class _BuildOrFallBack(build_ext):
    """Builds the compiled core; a compiler error leaves the pure modules, with a warning."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any failure of the C build: the pure package still works
            for ext in self.extensions:  # no module half built: its Python source is installed instead
                with contextlib.suppress(OSError):
                    os.remove(self.get_ext_fullpath(ext.name))
            self.extensions = []
            _warn(f"compiling the core failed ({error})")


setup(
    packages=[*find_packages(include=["referee", "referee.*"]), "referee.grammars"],
    package_dir={"referee.grammars": "grammars"},
    ext_modules=_compiled_modules(),
    cmdclass={"build_ext": _BuildOrFallBack},
)
