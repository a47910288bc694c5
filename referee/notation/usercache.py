"""Work kept between runs in the user's cache directory, so that a run starts quickly.

Some of a run's start-up work never changes for an installed version: building the parser's
LALR tables, working out the grammar's terminals, reading the rulebooks' YAML, compiling the
regular expressions of the usual lines (`KeptPatterns`). It is kept here,
in ``$XDG_CACHE_HOME/referee`` (else ``~/.cache/referee``), the user's own directory, never a
shared temporary one. Everything in it is rebuilt from the package when missing, stale or
unreadable, so deleting it is always safe; ``REFEREE_NO_CACHE=1`` turns it off.

Nothing read from it can run code: an entry is JSON (never a pickle), stamped with the full
hash of what it was made from, and its value is checked by the caller before use; a planted,
cut-short or wrong-shaped entry is ignored and made again. The directory may be written by
anyone who can write the user's files, so this is the rule, not a precaution.

The library only reads it. Writing is a choice of the program that uses it (`allow_writes`,
which the command line makes): a library call has no side effects on the user's files.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hashlib import sha256 as _sha256
else:  # hashlib's import loads OpenSSL: a tenth of a one-hand check's start-up, for one hash a run
    try:
        from _sha256 import sha256 as _sha256  # Python 3.11
    except ImportError:  # 3.12 renamed it; a build may lack both
        try:
            from _sha2 import sha256 as _sha256
        except ImportError:
            from hashlib import sha256 as _sha256

MAX_ENTRY_BYTES = 8 << 20
"""An entry larger than this was not written by referee (the parser's tables are about 0.3 MB)."""

_writes_allowed = False


def allow_writes(allowed: bool = True) -> None:
    """Let this process write the cache (the command line does; the library alone never does)."""
    global _writes_allowed
    _writes_allowed = allowed


def cache_directory(create: bool = False) -> Path | None:
    """The directory (created when `create`); None when turned off or it cannot be made."""
    if os.environ.get("REFEREE_NO_CACHE"):
        return None
    directory = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "referee"
    if create:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError:
            return None
    return directory


def _stamp(source: str) -> str:
    return _sha256(source.encode("utf-8", "surrogatepass")).hexdigest()


def _path(directory: Path, name: str, stamp: str) -> Path:
    """The entry's file. Named apart from the bare JSON that versions before 0.2 kept (which read
    any JSON under their own names): neither version ever reads the other's files."""
    return directory / f"{name}-{stamp[:16]}.entry.json"


def read(name: str, source: str) -> Any:
    """The value kept under `name` for `source`, or None: missing, stale, too large, not JSON,
    or not an entry of the expected form. The caller checks the value's own shape."""
    directory = cache_directory()
    if directory is None:
        return None
    stamp = _stamp(source)
    with suppress(OSError, ValueError, RecursionError):
        with open(_path(directory, name, stamp), "rb") as stream:
            data = stream.read(MAX_ENTRY_BYTES + 1)
        if len(data) > MAX_ENTRY_BYTES:
            return None
        entry = json.loads(data.decode("utf-8"))
        if isinstance(entry, dict) and entry.keys() == {"stamp", "value"} and entry["stamp"] == stamp:
            return entry["value"]
    return None


def write(name: str, source: str, value: Any) -> None:
    """Keep `value` (JSON data) for `source`, when writes are allowed. The file is written under
    a private name and moved into place whole, so no reader ever sees half of it."""
    if not _writes_allowed:
        return
    directory = cache_directory(create=True)
    if directory is None:
        return
    stamp = _stamp(source)
    try:
        text = json.dumps({"stamp": stamp, "value": value}, ensure_ascii=False)
    except (TypeError, ValueError):
        return
    with suppress(OSError):
        import tempfile  # only to write an entry: costly to import on every run

        handle, private = tempfile.mkstemp(prefix=f".{name}-", dir=directory)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
            os.replace(private, _path(directory, name, stamp))
        except OSError:
            with suppress(OSError):
                os.unlink(private)


def kept(name: str, source: str, make: Callable[[], Any], valid: Callable[[Any], bool]) -> Any:
    """``make()``, kept as JSON under a hash of `source`, the text the result depends on.

    A kept value is used only if ``valid(value)``. A result that JSON would not give back
    identically (a number as a mapping key, a date) is never kept, so the value returned is
    always exactly what ``make()`` returns.
    """
    value = read(name, source)
    if value is not None:
        with suppress(Exception):  # a planted value may break `valid` itself: it is simply not used
            if valid(value):
                return value
    value = make()
    with suppress(TypeError, ValueError, RecursionError):
        if json.loads(json.dumps(value)) == value:
            write(name, source, value)
    return value


def load_yaml(name: str, text: str, valid: Callable[[Any], bool]) -> Any:
    """``yaml.safe_load(text)``, kept (JSON loads about forty times faster than PyYAML's Python
    loader, and spares importing PyYAML, a tenth of start-up)."""

    def parse() -> Any:
        import yaml

        return yaml.safe_load(text)

    return kept(name, text, parse, valid)


class KeptPatterns:
    """`re.compile` for the patterns a run compiles at every start-up, from their compiled form
    kept under `name` when the entry holds it: compiling is `re`'s parser and compiler, Python
    code that took 25 million instructions for the usual lines' patterns, a tenth of a one-hand
    check; the kept form goes straight to the C engine (`_sre.compile`, as `re` ends).

    A form is kept only when the pattern it builds is equal to `re.compile`'s (same text, flags
    and compiled code), and read back only by the same interpreter (the entry is stamped with
    its version and `_sre`'s); the C engine validates the code it is given, and refuses a form
    that is not well made (a planted or damaged entry: the pattern is then compiled again). Like
    the kept parser tables, a well-made form of another pattern planted there would be used: it
    cannot run code, and the directory is the user's own. The entry holds the patterns of one
    run's `compile` calls; `keep` writes it when any was new."""

    def __init__(self, name: str) -> None:
        self._name = f"patterns-{name}"
        self._engine = _engine()
        self._stamp = f"{sys.version} {getattr(self._engine, 'MAGIC', '')}"
        kept = read(self._name, self._stamp) if self._engine is not None else None
        self._kept: dict[str, Any] = kept if isinstance(kept, dict) else {}
        self._used: dict[str, Any] = {}
        self._new = False

    def compile(self, pattern: str) -> re.Pattern[str]:
        """``re.compile(pattern)``."""
        form = self._kept.get(pattern)
        if form is not None:
            with suppress(TypeError, ValueError, OverflowError, RuntimeError, IndexError):
                flags, code, groups, groupindex, indexgroup = form
                compiled: re.Pattern[str] = self._engine.compile(pattern, flags, code, groups, groupindex,
                                                                 tuple(indexgroup))
                self._used[pattern] = form
                return compiled
        compiled = re.compile(pattern)
        form = _form(pattern, compiled) if self._engine is not None else None
        if form is not None:
            self._used[pattern] = form
            self._new = True
        return compiled

    def keep(self) -> None:
        """Write the forms of the patterns compiled so far, when one was not kept (and writes are allowed)."""
        if self._new:
            write(self._name, self._stamp, self._used)
            self._new = False


def _engine() -> Any:
    """CPython's regular-expression engine, when it compiles the form `_form` makes; else None."""
    try:
        import _sre  # type: ignore[import-not-found]  # CPython's, with no stub
        from re import _compiler, _parser  # type: ignore[attr-defined]
    except ImportError:
        return None
    return _sre if hasattr(_sre, "compile") and hasattr(_compiler, "_code") and hasattr(_parser, "parse") else None


def _form(pattern: str, compiled: re.Pattern[str]) -> list[Any] | None:
    """What `re._compiler.compile` hands the C engine for `pattern` (flags, code, the groups),
    as JSON data; None when the engine does not build the very pattern `compiled` from it."""
    with suppress(Exception):  # the internals of another Python than 3.11-3.13: simply not kept
        from re import _compiler, _parser  # type: ignore[attr-defined]

        parsed = _parser.parse(pattern, 0)
        groupindex = dict(parsed.state.groupdict)
        indexgroup: list[str | None] = [None] * parsed.state.groups
        for group, index in groupindex.items():
            indexgroup[index] = group
        flags, code, groups = parsed.state.flags, list(_compiler._code(parsed, 0)), parsed.state.groups - 1
        if _engine().compile(pattern, flags, code, groups, groupindex, tuple(indexgroup)) == compiled:
            return [flags, code, groups, groupindex, indexgroup]
    return None
