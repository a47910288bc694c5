"""Work kept between runs in the user's cache directory, so that a run starts quickly.

Some of a run's start-up work never changes for an installed version: building the parser's
LALR tables, working out the grammar's terminals, reading the rulebooks' YAML. It is kept here,
in ``$XDG_CACHE_HOME/referee`` (else ``~/.cache/referee``), the user's own directory, never a
shared temporary one. Everything in it is rebuilt from the package when missing, stale or
unreadable, so deleting it is always safe; ``REFEREE_NO_CACHE=1`` turns it off.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any


def cache_directory() -> Path | None:
    """The directory, created if need be; None when turned off or it cannot be made."""
    if os.environ.get("REFEREE_NO_CACHE"):
        return None
    directory = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "referee"
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return directory


def kept(name: str, source: str, make: Callable[[], Any]) -> Any:
    """``make()``, kept as JSON under a hash of `source`, the text the result depends on.

    A result that JSON would not give back identically (a number as a mapping key, a date) is
    never kept, so the value returned is always exactly what ``make()`` returns. A new file is
    written under a private name and moved into place whole, so a run never reads a
    half-written one.
    """
    directory = cache_directory()
    if directory is None:
        return make()
    path = directory / f"{name}-{hashlib.sha256(source.encode('utf-8')).hexdigest()[:16]}.json"
    with suppress(OSError, ValueError):
        return json.loads(path.read_text("utf-8"))
    value = make()
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        return value
    if json.loads(text) == value:
        private = path.with_name(f"{path.name}.{os.getpid()}")
        with suppress(OSError):
            private.write_text(text, "utf-8")
            os.replace(private, path)
    return value


def load_yaml(name: str, text: str) -> Any:
    """``yaml.safe_load(text)``, kept (JSON loads about forty times faster than PyYAML's Python
    loader, and spares importing PyYAML, a tenth of start-up)."""

    def read() -> Any:
        import yaml

        return yaml.safe_load(text)

    return kept(name, text, read)
