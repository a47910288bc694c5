"""docs/notation.md is the notation's contract: every keyword of the grammar is shown in an
example there, every example line parses, and the whole transcripts check without an error."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from game_hands import game_hands

from referee import check_text
from referee.engine.laws import EFFECT_KINDS, HAND_STATUSES, KINDS, REVOKE_STATUSES
from referee.notation.events import SHARED_TAGS
from referee.notation.reader import Problem, grammar_text, parse_line

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "notation.md").read_text("utf-8")
GRAMMAR = grammar_text()  # grammars/transcript.lark, the events' rules and the games' words


def _blocks() -> list[str]:
    return re.findall(r"```ttn\n(.*?)```", DOC, re.DOTALL)


def _example_lines() -> list[str]:
    return [line for block in _blocks() for line in block.splitlines() if line.strip()]


def _keywords() -> set[str]:
    """Every word the grammar spells out (its string literals, in rules and in terminals), and
    every word a game declares for `call` (the grammar takes any word there)."""
    code = "\n".join(line.split("//")[0] for line in GRAMMAR.splitlines())
    return set(re.findall(r'"([a-z][a-z-]*)"', code)) | _call_words()


def _call_words() -> set[str]:
    return {word for hand in game_hands() for word in hand.declared.call_words}


def test_the_grammar_has_keywords_to_look_for() -> None:
    assert {"hand", "dealer", "deal", "trick", "pass", "keep-over", "misere-quatre-as", "no-trump"} <= _keywords()


@pytest.mark.parametrize("line", _example_lines())
def test_every_example_line_parses(line: str) -> None:
    parsed = parse_line(line, 1)
    assert not isinstance(parsed, Problem), parsed


@pytest.mark.parametrize("keyword", sorted(_keywords()))
def test_every_keyword_has_an_example(keyword: str) -> None:
    pattern = re.compile(rf"(?<![\w-]){re.escape(keyword)}(?![\w-])")
    shown = [line for line in _example_lines() if pattern.search(line.split("#")[0])]
    assert shown, f"docs/notation.md shows no example of {keyword!r}"


def test_whole_transcripts_check_without_errors() -> None:
    transcripts = [block for block in _blocks() if block.startswith("[Game") and "\nhand " in block]
    assert len(transcripts) >= 2
    for text in transcripts:
        verdict = check_text(text)
        assert verdict.files[0].errors == [] and verdict.summary.hands == 1, verdict.files[0].errors


def test_every_tag_and_verdict_word_is_documented() -> None:
    for tag in SHARED_TAGS:
        assert f"[{tag} " in DOC, tag
    for word in KINDS | EFFECT_KINDS | HAND_STATUSES | REVOKE_STATUSES:
        assert f"`{word}`" in DOC, word
    assert "referee/engine/schema/verdict.schema.json" in DOC


def test_every_header_example_checks_without_errors() -> None:
    """The header examples too (the tags of §2.1, several pools among them), not only the whole transcripts."""
    headers = [block for block in _blocks() if block.startswith("[Game")]
    assert any('[Pool "25 25 4"]' in block for block in headers)
    for text in headers:
        verdict = check_text(text)
        assert verdict.files[0].errors == [] and verdict.files[0].games, (text, verdict.files[0].errors)
