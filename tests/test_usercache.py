"""The user cache: what it keeps is exactly what would be built without it."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest
import yaml

from referee.engine import rulebook
from referee.games import registry
from referee.notation import usercache
from referee.notation.usercache import cache_directory


def load_yaml(name: str, text: str) -> object:
    return usercache.load_yaml(name, text, lambda value: isinstance(value, dict))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("REFEREE_NO_CACHE", raising=False)
    monkeypatch.setattr(usercache, "_writes_allowed", True)  # as the command line allows
    return tmp_path / "referee"


def _entry(path: Path, value: object) -> None:
    """Replace a kept entry's value, keeping its (right) stamp."""
    stamp = json.loads(path.read_text("utf-8"))["stamp"]
    path.write_text(json.dumps({"stamp": stamp, "value": value}), "utf-8")


def test_yaml_is_kept_as_json_and_read_back(cache: Path) -> None:
    text = "rules:\n  - id: a.b\n    text: two words\nlimit: 3\nflag: yes\n"
    assert load_yaml("book", text) == yaml.safe_load(text)
    [kept] = cache.glob("book-*.json")
    _entry(kept, {"read": "from the cache"})
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
    assert json.loads(kept.read_text("utf-8"))["value"] == {"a": [1, 2]}
    for wrong in (None, [1], "a"):  # JSON, stamped right, of the wrong shape: made again
        _entry(kept, wrong)
        assert load_yaml("book", text) == {"a": [1, 2]}
    kept.write_text(json.dumps({"stamp": "0" * 64, "value": {"a": 3}}), "utf-8")  # the wrong stamp
    assert load_yaml("book", text) == {"a": [1, 2]}


def test_nothing_is_written_unless_asked(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(usercache, "_writes_allowed", False)  # as for any library caller
    assert load_yaml("book", "a: 1\n") == {"a": 1}
    assert not cache.exists()


def test_it_can_be_turned_off(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_NO_CACHE", "1")
    assert cache_directory() is None
    assert load_yaml("book", "a: 1\n") == {"a": 1}
    assert not cache.exists()


@pytest.mark.parametrize("game", sorted(registry()))
def test_every_rulebook_comes_back_as_safe_load_reads_it(cache: Path, game: str) -> None:
    """Kept or not (Boston's payment tables are keyed by numbers, so JSON cannot keep them),
    a rulebook read twice is what ``safe_load`` reads."""
    text = resources.files("referee.games").joinpath("rulebooks", f"{game}.yaml").read_text("utf-8")
    rulebook.rulebook_data.cache_clear()
    try:
        first = rulebook.rulebook_data(game)
        rulebook.rulebook_data.cache_clear()
        assert rulebook.rulebook_data(game) == first == yaml.safe_load(text)
        assert bool(list(cache.glob(f"rulebook-{game}-*.json"))) is (game != "boston")
    finally:
        rulebook.rulebook_data.cache_clear()


def test_the_kept_terminals_are_the_grammars(cache: Path) -> None:
    from referee.notation import grammar
    from referee.notation import reader as notation

    valid = notation._terminals_valid
    made = notation.kept("grammar-terminals", notation._grammar_stamp(), notation._terminal_patterns, valid)
    kept = notation.kept("grammar-terminals", notation._grammar_stamp(), lambda: pytest.fail("not kept"), valid)
    assert kept == made == grammar.terminal_patterns()
    [entry] = cache.glob("grammar-terminals-*.json")
    without_contracts = {name: pattern for name, pattern in made.items() if name != "CONTRACT"}
    for wrong in (None, {"CARD": "(x)"}, {**made, "CARD": "("}, {**made, "NAME": 3}, without_contracts):
        _entry(entry, wrong)
        assert notation.kept("grammar-terminals", notation._grammar_stamp(), notation._terminal_patterns,
                             valid) == made


PATTERNS = [r"[ \t]*trick[ \t]+([0-9]{1,6})[ \t]*:", r"(?P<who>[^\W\d_][\w']*) plays ((?:10|[AKQJT2-9])[SHDC♠♥♦♣])",
            r"x*", r"(?:a|b)+?$"]


def _compile_all(name: str = "probe") -> list[re.Pattern[str]]:
    patterns = usercache.KeptPatterns(name)
    compiled = [patterns.compile(pattern) for pattern in PATTERNS]
    patterns.keep()
    return compiled


def test_kept_patterns_are_re_compiles(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Read back, a pattern is the one `re.compile` makes (equal: same text, flags and code), and
    `re` compiles nothing."""
    assert _compile_all() == [re.compile(pattern) for pattern in PATTERNS]
    [entry] = cache.glob("patterns-probe-*.json")
    monkeypatch.setattr(re, "compile", lambda *args: pytest.fail("compiled again"))
    kept = _compile_all()
    monkeypatch.undo()
    assert kept == [re.compile(pattern) for pattern in PATTERNS]
    assert [p.groupindex for p in kept] == [re.compile(p).groupindex for p in PATTERNS]
    assert kept[1].fullmatch("N plays 10♥").group("who", 2) == ("N", "10♥")
    assert entry.stat().st_mtime_ns == next(cache.glob("patterns-probe-*.json")).stat().st_mtime_ns  # not rewritten


def test_a_damaged_pattern_entry_is_compiled_again(cache: Path) -> None:
    """A form the C engine refuses (code it does not validate, or not code at all) is compiled again."""
    _compile_all()
    [entry] = cache.glob("patterns-probe-*.json")
    good = json.loads(entry.read_text("utf-8"))["value"]
    first = PATTERNS[1]
    for wrong in ([32, [999999, 1], 0, {}, []], [32, [17, 3, 14], 0, {}, [None]], [32, [2**70], 0, {}, [None]],
                  [32, ["a"], 0, {}, []], "form", [32], good[first][:3], {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}):
        _entry(entry, {**good, first: wrong})
        assert _compile_all() == [re.compile(pattern) for pattern in PATTERNS]
    _entry(entry, ["not", "a", "mapping"])
    assert _compile_all() == [re.compile(pattern) for pattern in PATTERNS]


def test_kept_patterns_are_written_only_when_the_program_allows(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(usercache, "_writes_allowed", False)
    assert _compile_all() == [re.compile(pattern) for pattern in PATTERNS]
    assert not cache.exists()
