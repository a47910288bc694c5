"""The verdict's JSON Schema: shipped in the package, in step with the code, and met by every case."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from referee.check import check_files
from referee.engine.laws import EFFECT_KINDS, HAND_STATUSES, KINDS, REVOKE_STATUSES
from referee.engine.verdict_schema import verdict_schema
from referee.output.render import JsonWriter

jsonschema = pytest.importorskip("jsonschema")

CASES = Path(__file__).resolve().parent.parent / "cases"
TRANSCRIPTS = sorted(CASES.glob("*/*.ttn"))


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(verdict_schema())


def test_the_schema_speaks_the_code_s_vocabulary() -> None:
    defs = verdict_schema()["$defs"]
    assert set(defs["irregularity"]["properties"]["kind"]["enum"]) == KINDS
    assert set(defs["irregularity"]["properties"]["status"]["enum"]) == REVOKE_STATUSES | {None}
    assert set(defs["hand"]["properties"]["status"]["enum"]) == HAND_STATUSES
    assert set(defs["penalty"]["properties"]["effects"]["items"]["properties"]["kind"]["enum"]) == EFFECT_KINDS


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_case_s_json_output_is_valid(transcript: Path) -> None:
    out = io.StringIO()
    check_files([str(transcript)], JsonWriter(out))  # exactly what `referee check --format json` prints
    errors = sorted(jsonschema.Draft202012Validator(verdict_schema()).iter_errors(json.loads(out.getvalue())),
                    key=lambda e: e.json_path)
    assert not errors, "\n".join(f"{e.json_path}: {e.message}" for e in errors[:5])


def test_a_broken_verdict_is_refused() -> None:
    out = io.StringIO()
    check_files([str(CASES / "euchre" / "revoke-established.ttn")], JsonWriter(out))
    verdict = json.loads(out.getvalue())
    verdict["files"][0]["games"][0]["hands"][0]["irregularities"][0]["kind"] = "cheating"
    assert not jsonschema.Draft202012Validator(verdict_schema()).is_valid(verdict)
