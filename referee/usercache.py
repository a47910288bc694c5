"""Work kept between runs in the user's cache directory, so that a run starts quickly.

Two things were a quarter of every run's start-up although they never change for an installed
version: building the parser's LALR tables and reading the rulebooks' YAML. Both are kept here,
in ``$XDG_CACHE_HOME/referee`` (else ``~/.cache/referee``), the user's own directory, never a
shared temporary one. Everything in it is rebuilt from the package when missing, stale or
unreadable, so deleting it is always safe; ``REFEREE_NO_CACHE=1`` turns it off.
"""

from __future__ import annotations

import hashlib
import json
import os
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


def load_yaml(name: str, text: str) -> Any:
    """``yaml.safe_load(text)``, kept as JSON under a hash of `text` (JSON loads about forty
    times faster than PyYAML's Python loader).

    Data that JSON would not give back identically (a number as a mapping key, a date) is never
    kept, so the result is always exactly what ``safe_load`` returns. A new file is written under
    a private name and moved into place whole, so a run never reads a half-written one.
    """
    directory = cache_directory()
    stamp = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    path = directory / f"{name}-{stamp}.json" if directory is not None else None
    if path is not None:
        with suppress(OSError, ValueError):
            return json.loads(path.read_text("utf-8"))
    import yaml  # here, not above: importing it is a tenth of start-up, and a kept file spares it

    data = yaml.safe_load(text)
    if path is not None:
        try:
            kept = json.dumps(data)
        except (TypeError, ValueError):
            return data
        if json.loads(kept) == data:
            private = path.with_name(f"{path.name}.{os.getpid()}")
            with suppress(OSError):
                private.write_text(kept, "utf-8")
                os.replace(private, path)
    return data
