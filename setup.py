"""The packages to install, found rather than listed, and the optional compiled core (the rest of
the metadata is pyproject.toml).

pyproject.toml cannot both find packages and map one from another folder, and the grammar's
package `referee.grammars` comes from the top-level ``grammars/``; finding the rest means a new
game's package (``referee/games/<game>/``) is installed without touching any file but its own.

``REFEREE_COMPILE=1 pip install .`` also compiles with mypyc every module of the notation, the
engine and the games but a few (`compiled_modules`, found like the packages, so a new game is
compiled too): the same code in fewer instructions a hand (docs/performance.md). mypyc compiles
them from a copy in which each ``@record`` class is written out as a plain class
(`written_sources`), so that its records are native classes too. Without that variable, and for
``pip install -e .``, the package is pure Python. Where mypyc or a C compiler is missing, or
compiling fails, the build says so and installs the pure package: it never fails for it.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shlex
import shutil
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext

COMPILED_PACKAGES = ("referee/notation", "referee/engine", "referee/games")
"""Where ``REFEREE_COMPILE=1`` compiles every module (those a check spends its time in), found
rather than listed, so that a module added there (a new game's) is compiled without a line here."""

NOT_COMPILED = {
    # Lark calls back into the grammar's transformer, an interpreted subclass of Lark's class
    "referee/notation/grammar.py",
    # `record` must stay interpreted: typing's dataclass_transform marks the decorator by setting
    # an attribute, which a compiled function has no room for
    "referee/notation/records.py",
    # used by this file only, at build time (`written_sources`)
    "referee/notation/recordgen.py",
    # read once a run, not once a hand: compiling them buys nothing and costs build time
    "referee/notation/inputs.py", "referee/notation/usercache.py",
    # the random hands of the tests, the benchmarks' archives and `new`, never run by a check (a
    # game's `random_game` imports them when asked): compiled, they cost a seventeenth of the
    # build (74 CPU-seconds against 70), and the suite spends half a CPU-second more in them
    "referee/engine/generators.py", "referee/games/auction_pitch/generator.py",
    "referee/games/boston/generator.py", "referee/games/euchre/generator.py",
    "referee/games/french_boston/generator.py", "referee/games/whist/generator.py",
}
"""The modules of `COMPILED_PACKAGES` left interpreted, and why."""


def compiled_modules() -> list[str]:
    """The modules ``REFEREE_COMPILE=1`` compiles: every one below `COMPILED_PACKAGES` but
    `NOT_COMPILED` (paths relative to this file, sorted, so that builds are reproducible)."""
    here = os.path.dirname(os.path.abspath(__file__))
    found = []
    for package in COMPILED_PACKAGES:
        for folder, _, files in os.walk(os.path.join(here, package)):
            relative = os.path.relpath(folder, here).replace(os.sep, "/")
            found += [f"{relative}/{name}" for name in files if name.endswith(".py")]
    return sorted(path for path in found if path not in NOT_COMPILED)


WRITTEN = os.path.join("build", "native-records")
"""Where `written_sources` writes the copy of the package that mypyc compiles."""


def written_sources() -> list[str]:
    """The compiled modules as mypyc is given them: a copy of the package under `WRITTEN` in
    which each ``@record`` class is written out as a plain class (`referee.notation.recordgen`),
    so that mypyc makes it a native class; the sources themselves stay as they are. (Loaded from
    its file: the package may not be importable while it is being built.)"""
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("_recordgen", os.path.join(here, "referee/notation/recordgen.py"))
    assert spec is not None and spec.loader is not None
    recordgen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(recordgen)
    root = os.path.join(here, WRITTEN)
    shutil.rmtree(root, ignore_errors=True)
    shutil.copytree(os.path.join(here, "referee"), os.path.join(root, "referee"),
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    written = []
    for path in compiled_modules():
        target = os.path.join(root, path)
        with open(target, encoding="utf-8") as file:
            source = file.read()
        with open(target, "w", encoding="utf-8") as file:
            file.write(recordgen.native_source(source, path))
        written.append(os.path.join(WRITTEN, path))
    return written


def _warn(message: str) -> None:
    print(f"warning: referee: {message}; installing the pure-Python package", file=sys.stderr)


def _has_c_compiler() -> bool:
    command = shlex.split(sysconfig.get_config_var("CC") or os.environ.get("CC") or "cc")
    return bool(command) and shutil.which(command[0]) is not None


def _compiled_core() -> list[Any]:
    """The mypyc extensions, when possible; else none (a warning says why)."""
    if not _has_c_compiler():
        _warn("REFEREE_COMPILE=1 but no C compiler was found (install gcc or clang)")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _warn("REFEREE_COMPILE=1 but mypyc (from mypy) cannot be imported")
        return []
    try:
        # a C file a module (multi_file) rather than one for all, so that they compile in parallel;
        # no debug information (mypyc's default is -g1): the same machine code, a sixth less of
        # the C compiler's time and a smaller install. -O1: the C compiler is nine tenths of the
        # build's CPU (mypyc itself 21 CPU-seconds, gcc 208 at -O2), and -O1 takes 42% less of it
        # (the same 92 files: 114 CPU-seconds against 199) for 1.3% more instructions a hand
        # (benchmarks/instructions.py --hands 1000: euchre 0.551 M against 0.544 M, Boston 1.168 M
        # against 1.152 M; start-up 163.8 M against 163.6 M). -O3 had bought nothing over -O2.
        return list(mypycify(written_sources(), opt_level="1", debug_level="0", multi_file=True))
    except (Exception, SystemExit) as error:  # noqa: BLE001 - mypyc refused the code: say so, install pure
        _warn(f"mypyc could not compile the core ({error})")
        return []


def _compile_in_parallel(compiler: Any, jobs: int) -> None:
    """Make `compiler` compile an extension's C files `jobs` at a time: setuptools builds
    extensions in parallel (``-j``) but each one's files one after another, and the compiled core
    is one extension of some seventy files (distutils' own steps, run in threads)."""
    def compile(sources: list[str], output_dir: str | None = None, macros: Any = None, include_dirs: Any = None,
                debug: bool = False, extra_preargs: Any = None, extra_postargs: Any = None,
                depends: Any = None) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
        pending = [obj for obj in objects if obj in build]
        with ThreadPoolExecutor(jobs) as pool:
            for _ in pool.map(lambda obj: compiler._compile(obj, *build[obj], cc_args, extra_postargs, pp_opts),
                              pending):
                pass
        return list(objects)

    compiler.compile = compile


class _BuildOrFallBack(build_ext):
    """Builds the compiled core, on every core (or ``-j N``); where mypyc or the C build fails,
    the pure modules, with a warning.

    mypyc runs here rather than when setup.py is read, and only in a run that builds: pip's hooks
    that ask only for the metadata (``egg_info``, ``dist_info``) finalize this command too, as
    the manifest lists the extensions' sources, and would each type-check and translate the whole
    core again for nothing (the placeholder `_CORE` has no sources to list)."""

    def finalize_options(self) -> None:
        modules = self.distribution.ext_modules or []
        if _CORE in modules and not set(self.distribution.commands) <= METADATA_ONLY:
            self.distribution.ext_modules = [ext for ext in modules if ext is not _CORE] + _compiled_core()
        super().finalize_options()

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # noqa: BLE001 - any failure of the C build: the pure package still works
            for ext in self.extensions:  # no module half built: its Python source is installed instead
                with contextlib.suppress(OSError):
                    os.remove(self.get_ext_fullpath(ext.name))
            self.extensions = []
            _warn(f"compiling the core failed ({error})")

    def build_extensions(self) -> None:
        if self.compiler is not None:
            _compile_in_parallel(self.compiler, self.parallel if isinstance(self.parallel, int) and self.parallel > 0
                                 else os.cpu_count() or 1)
        super().build_extensions()


METADATA_ONLY = {"egg_info", "dist_info", "sdist"}
"""Commands that write metadata or a source archive but build nothing."""

_CORE = Extension("referee.compiled_core", sources=[])
"""Stands for the compiled core until `_BuildOrFallBack` asks mypyc for its extensions."""


COMPILE = os.environ.get("REFEREE_COMPILE", "") in ("1", "true", "yes")
"""Whether this build compiles the core (``REFEREE_COMPILE=1``)."""

COMPILE_REQUIRES = ["mypy>=2.4.1,<2.5", "types-PyYAML", "lark>=1.1.7,<2"]
"""What mypyc needs besides setuptools: mypy, and the stubs and Lark that the compiled modules'
types refer to. Asked for only when compiling (setuptools hands ``setup_requires`` to pip as the
build's requirements, PEP 517's ``get_requires_for_build_*``): pip installs the build's
requirements afresh for every build, and mypy is most of them, 7 CPU-seconds each time, for a
plain or editable install that never uses it."""

setup(
    packages=[*find_packages(include=["referee", "referee.*"]), "referee.grammars"],
    package_dir={"referee.grammars": "grammars"},
    ext_modules=[_CORE] if COMPILE else [],
    setup_requires=COMPILE_REQUIRES if COMPILE else [],
    cmdclass={"build_ext": _BuildOrFallBack},
)
