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
    # the engine's records and books; not yet the replay, the table, the session, the penalty laws
    # or the games: they compile, but Boston's LiableCards keeps a weakref.proxy of its hand, which
    # a native class cannot give, and BostonHand cannot stay interpreted (docs/performance.md)
    "referee/engine/choices.py", "referee/engine/header.py",
    "referee/engine/laws.py", "referee/engine/ledger.py", "referee/engine/rulebook.py",
    "referee/engine/verdict.py",
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
