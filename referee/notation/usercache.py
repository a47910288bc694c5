"""Work kept between runs in the user's cache directory, so that a run starts quickly.

Some of a run's start-up work never changes for an installed version: building the parser's
LALR tables, working out the grammar's terminals, reading the rulebooks' YAML. It is kept here,
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
