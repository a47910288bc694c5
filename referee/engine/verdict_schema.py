"""The JSON Schema of the verdict (``referee check --format json``), shipped with the package.

Programs that read verdicts can validate them against it; the tests validate every case's
output against it, so the schema and the program cannot drift apart unnoticed.

>>> schema = verdict_schema()
>>> schema["title"]
'referee verdict, version 1'
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def verdict_schema() -> dict[str, Any]:
    """A fresh copy of the schema (draft 2020-12) from ``referee/engine/schema/verdict.schema.json``."""
    text = resources.files("referee.engine").joinpath("schema", "verdict.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema
