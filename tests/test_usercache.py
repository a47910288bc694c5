"""The user cache: what it keeps is exactly what would be built without it."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
import yaml

from referee import rulebook
from referee.games import registry
from referee.usercache import cache_directory, load_yaml


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("REFEREE_NO_CACHE", raising=False)
    return tmp_path / "referee"


def test_yaml_is_kept_as_json_and_read_back(cache: Path) -> None:
    text = "rules:\n  - id: a.b\n    text: two words\nlimit: 3\nflag: yes\n"
    assert load_yaml("book", text) == yaml.safe_load(text)
    [kept] = cache.glob("book-*.json")
    kept.write_text(json.dumps({"read": "from the cache"}), "utf-8")
    assert load_yaml("book", text) == {"read": "from the cache"}
    assert load_yaml("book", text + "more: 1\n") == yaml.safe_load(text + "more: 1\n")  # new text, new file
    assert len(list(cache.glob("book-*.json"))) == 2


@pytest.mark.parametrize("text", ["1: one\n2: two\n", "day: 2026-11-29\n", "x: .nan\n"])
def test_data_json_would_change_is_never_kept(cache: Path, text: str) -> None:
    assert repr(load_yaml("odd", text)) == repr(yaml.safe_load(text))
    assert not list(cache.glob("odd-*"))


def test_an_unreadable_file_is_made_again(cache: Path) -> None:
    text = "a: [1, 2]\n"
    load_yaml("book", text)
    [kept] = cache.glob("book-*.json")
    kept.write_text('{"a": [1, ', "utf-8")  # cut short
    assert load_yaml("book", text) == {"a": [1, 2]}
    assert json.loads(kept.read_text("utf-8")) == {"a": [1, 2]}


def test_it_can_be_turned_off(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    assert cache_directory() is None
    assert load_yaml("book", "a: 1\n") == {"a": 1}
    assert not cache.exists()


@pytest.mark.parametrize("game", sorted(registry()))
def test_every_rulebook_comes_back_as_safe_load_reads_it(cache: Path, game: str) -> None:
    """Kept or not (Boston's payment tables are keyed by numbers, so JSON cannot keep them),
    a rulebook read twice is what ``safe_load`` reads."""
    text = resources.files("referee").joinpath("rulebooks", f"{game}.yaml").read_text("utf-8")
    rulebook.rulebook_data.cache_clear()
    try:
        first = rulebook.rulebook_data(game)
        rulebook.rulebook_data.cache_clear()
        assert rulebook.rulebook_data(game) == first == yaml.safe_load(text)
        assert bool(list(cache.glob(f"rulebook-{game}-*.json"))) is (game != "boston")
    finally:
        rulebook.rulebook_data.cache_clear()


def test_the_kept_terminals_are_the_grammars(cache: Path) -> None:
    from referee import grammar, notation

    made = notation.kept("grammar-terminals", notation._grammar_stamp(), notation._terminal_patterns)
    kept = notation.kept("grammar-terminals", notation._grammar_stamp(), lambda: pytest.fail("not kept"))
    assert kept == made == grammar.terminal_patterns()
