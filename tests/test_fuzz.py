"""Hostile input: grammar-generated and mutated transcripts give a verdict or clean errors, never an exception."""

from __future__ import annotations

import io
import random
from pathlib import Path

from examples import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from mutations import mutate

from referee import check_text
from referee.engine.verdict import Verdict
from referee.notation.events import HandHeader, Span
from referee.notation.reader import GameStart, HandRecord, grammar_text
from referee.output.render import JsonWriter, TextWriter

CASES = sorted((Path(__file__).resolve().parent.parent / "cases").glob("*/*.ttn"))
SEEDS = sorted((Path(__file__).resolve().parent / "seeds").glob("*.ttn"))  # hostile transcripts (issue 15)
CASE_TEXTS = [p.read_text("utf-8") for p in CASES + SEEDS]
GRAMMAR = Lark(grammar_text(), parser="lalr", lexer="contextual")  # the whole grammar, events and games' words too
HEADERS = ['[Game "euchre"]\n[Players "N E S W"]\n[Partners "N-S E-W"]\nhand 1 dealer W\n', ""]


def assert_clean(verdict: Verdict) -> None:
    """No internal error, and both writers can print the verdict."""
    for file in verdict.files:
        for error in file.errors:
            assert not error.message.startswith("internal error"), error
    render(verdict)


def render(verdict: Verdict) -> None:
    """Tell both writers the verdict kept in memory; they print the verdict alone, so each hand is
    handed with a bare record of its ``hand`` line in place of the one it was decided from."""
    for sink in (TextWriter(io.StringIO(), io.StringIO()), JsonWriter(io.StringIO())):
        for file in verdict.files:
            sink.begin_file(file.path)
            for game in file.games:
                sink.begin_game(game, GameStart([], Span(game.line, 1)))
                for hand in game.hands:
                    sink.hand(hand, HandRecord(HandHeader(hand.number, hand.dealer, Span(hand.line, 1), None)))
                sink.end_game(game)
            for error in file.errors:
                sink.error(error, error.line)
            sink.end_file()
        sink.finish(verdict.summary)


@settings(max_examples=examples(200), deadline=None)
@given(st.sampled_from(HEADERS), st.lists(from_lark(GRAMMAR, explicit={"COMMENT": st.just("# note")}), max_size=12))
def test_grammar_generated_lines_never_crash(header: str, lines: list[str]) -> None:
    assert_clean(check_text(header + "\n".join(lines)))


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(CASE_TEXTS), st.integers(min_value=0, max_value=2**32 - 1), st.integers(1, 6))
def test_mutated_cases_never_crash(text: str, seed: int, steps: int) -> None:
    assert_clean(check_text(mutate(text, random.Random(seed), steps)))


def test_text_renderer_never_raises_on_any_case_verdict() -> None:
    for text in CASE_TEXTS:
        render(check_text(text))


def test_house_rules_from_the_cli_are_validated() -> None:
    clean = next(text for text in CASE_TEXTS if "auction-pitch" in text and check_text(text).exit_code < 2)
    verdict = check_text(clean, rules="target=banana")
    errors = verdict.files[0].errors
    assert verdict.exit_code == 2 and errors and "whole number" in errors[0].message


def test_the_hostile_seeds_give_clean_errors() -> None:
    for path in SEEDS:
        verdict = check_text(path.read_text("utf-8"))
        assert verdict.exit_code == 2, path.name
        assert_clean(verdict)
