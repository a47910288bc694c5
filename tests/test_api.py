"""The library API: documented examples run, ``check_text`` is pure and deterministic, verdicts pickle."""

from __future__ import annotations

import builtins
import doctest
import pickle
from pathlib import Path

import pytest

import referee
import referee.check
import referee.engine.verdict
import referee.engine.verdict_schema

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = sorted((ROOT / "cases").glob("*/*.ttn"))


@pytest.mark.parametrize("document", ["docs/library.md"])
def test_documented_examples_run(document: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the examples name cases/… from the repository's root
    result = doctest.testfile(str(ROOT / document), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.pure_only("doctest reads the docstrings of Python functions, not of compiled ones")
@pytest.mark.parametrize("module", [referee.check, referee.engine.verdict, referee.engine.verdict_schema])
def test_docstring_examples_run(module: object) -> None:
    result = doctest.testmod(module)  # type: ignore[arg-type]
    assert result.attempted > 0 and result.failed == 0


def test_check_text_is_pure(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    text = (ROOT / "cases" / "euchre" / "revoke-established.ttn").read_text("utf-8")
    first = referee.check_text(text).to_dict()  # loads the grammar and rulebooks once

    def no_files(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"check_text opened a file: {args!r}")

    monkeypatch.setattr(builtins, "open", no_files)
    again = referee.check_text(text).to_dict()
    monkeypatch.undo()
    assert again == first
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_verdicts_pickle_and_are_deterministic(transcript: Path) -> None:
    text = transcript.read_text("utf-8")
    verdict = referee.check_text(text)
    assert pickle.loads(pickle.dumps(verdict)).to_dict() == verdict.to_dict() == referee.check_text(text).to_dict()
