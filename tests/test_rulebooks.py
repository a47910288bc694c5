"""Rulebooks are complete: every rule is exercised by a case, every generic topic is defined."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.games import registry
from referee.replay import GENERIC_RULES
from referee.rulebook import OptionError

CASES = Path(__file__).resolve().parent.parent / "cases"
GAMES = sorted(registry())


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_is_exercised_by_a_case(game: str) -> None:
    text = "".join(p.read_text("utf-8") for p in (CASES / game).glob("*"))
    uncited = [rule for rule in registry()[game].rulebook.rules if rule not in text]
    assert not uncited, f"rules of {game} no case cites: {uncited}"


@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_exercised_by_a_case(game: str) -> None:
    text = "".join(p.read_text("utf-8") for p in (CASES / game).glob("*.ttn"))
    book = registry()[game].rulebook
    unused = [name for name in book.options if name not in text]
    assert not unused, f"house rules of {game} no case uses: {unused}"


@pytest.mark.parametrize("game", GAMES)
def test_generic_topics_are_defined(game: str) -> None:
    book = registry()[game].rulebook
    missing = [topic for topic in GENERIC_RULES if f"{game}.{topic}" not in book.rules]
    assert not missing, f"{game} rulebook lacks {missing}"


def test_options_parse_and_reject() -> None:
    book = registry()["euchre"].rulebook
    chosen = book.parse_options("stick-the-dealer; target=11; revoke-lone=any-lone-hand")
    assert chosen["stick-the-dealer"] is True and chosen["target"] == 11
    assert chosen["revoke-lone"] == "any-lone-hand"
    assert book.parse_options("stick-the-dealer=false")["stick-the-dealer"] is False
    for bad, words in [("no-such-rule", "unknown house rule"), ("target=ten", "whole number"),
                       ("target=0", "out of range"), ("revoke-lone=sometimes", "cannot be"),
                       ("target", "needs a value"), ("stick-the-dealer=maybe", "on or off")]:
        with pytest.raises(OptionError, match=words):
            book.parse_options(bad)


def test_option_error_points_at_the_offending_option() -> None:
    book = registry()["euchre"].rulebook
    with pytest.raises(OptionError) as error:
        book.parse_options("stick-the-dealer;  target=x")
    assert error.value.offset == len("stick-the-dealer;  ")
