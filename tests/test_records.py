"""`record` (referee/notation/records.py): records behave as the dataclasses they replace."""

from __future__ import annotations

import pickle
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from referee.engine.verdict import Summary
from referee.notation.events import Span
from referee.notation.recordgen import RecordSourceError, native_source
from referee.notation.records import field, field_names, record, replace


@record
class Point:
    x: int
    y: int = 0
    seen: list[int] = field(default_factory=list, compare=False, repr=False)


@record(eq=False)
class Token:
    name: str
    text: str = field(init=False)

    def __post_init__(self) -> None:
        self.text = self.name.upper()


def test_built_by_position_or_keyword_with_defaults() -> None:
    assert (Point(1).x, Point(1).y, Point(y=2, x=1).y) == (1, 0, 2)
    assert Point(1).seen == [] and Point(1).seen is not Point(1).seen  # a new list each time
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]


def test_equal_and_hashed_by_the_compared_fields_as_a_dataclass() -> None:
    assert Point(1, 2, [3]) == Point(1, 2, [4]) and Point(1, 2) != Point(2, 1)
    assert hash(Point(1, 2)) == hash((1, 2)) and hash(Span(3, 4)) == hash((3, 4))
    assert Point(1) != Span(1, 0)  # another class is never equal
    assert repr(Point(1, 2, [3])) == "Point(x=1, y=2)" and repr(Span(1, 2)) == "Span(line=1, column=2)"


def test_slotted_picklable_and_replaced() -> None:
    with pytest.raises(AttributeError):
        Point(1).z = 3  # type: ignore[attr-defined]
    assert pickle.loads(pickle.dumps(Point(1, 2))) == Point(1, 2)
    assert replace(Point(1, 2), y=5) == Point(1, 5)
    summary = Summary()
    assert replace(summary) == summary and replace(summary) is not summary


def test_identity_records_and_post_init() -> None:
    token = Token("a")
    assert token.text == "A" and token != Token("a") and token == token
    assert len({token, Token("a")}) == 2


# ---- the compiled build's records (referee/notation/recordgen.py) -------------------------

DECLARED = '''
from __future__ import annotations

from referee.notation.records import field, record

TAGGED: list[type] = []


def tagged(cls: type) -> type:
    TAGGED.append(cls)
    return cls


@record
class Point:
    """A point."""

    x: int
    y: int = 0
    seen: list[int] = field(default_factory=list, compare=False, repr=False)


@record
class Point3(Point):
    z: int = -1
    y: int = 5  # declared again: keeps its place


@record(eq=False)
class Token:
    name: str
    text: str = field(init=False)
    count: int = field(default=0, init=False)
    marks: set[str] = field(default_factory=lambda: {"new"}, init=False)

    def __post_init__(self) -> None:
        self.text = self.name.upper()


@tagged
@record
class One:
    only: tuple[int, ...]

    def __repr__(self) -> str:
        return f"One{self.only}"


@record
class Nothing:
    pass
'''


def _module(source: str, name: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    module = types.ModuleType(name)
    monkeypatch.setitem(sys.modules, name, module)
    exec(compile(source, name, "exec"), module.__dict__)
    return module


def _built(module: Any) -> list[Any]:
    return [module.Point(1), module.Point(1, 2, [3]), module.Point(x=1, seen=[4]), module.Point3(1),
            module.Point3(1, 5, [], -1), module.Point3(2, z=3), module.Token("a"), module.One((1, 2)),
            module.One(()), module.Nothing()]


def test_written_records_behave_as_the_records_they_are_written_from(monkeypatch: pytest.MonkeyPatch) -> None:
    pure = _module(DECLARED, "declared_pure", monkeypatch)
    written_source = native_source(DECLARED, "declared")
    assert "@record" not in written_source and "__post_init__()" in written_source
    written = _module(written_source, "declared_written", monkeypatch)
    for kind in ("Point", "Point3", "Token", "One", "Nothing"):
        pure_kind, written_kind = getattr(pure, kind), getattr(written, kind)
        assert field_names(written_kind) == field_names(pure_kind), kind
        assert written_kind.__match_args__ == pure_kind.__match_args__, kind
        assert "__record_fields__" not in vars(written_kind) and "__slots__" not in vars(written_kind)
    assert field_names(written.Point3) == ("x", "y", "seen", "z")
    assert [c.__name__ for c in written.TAGGED] == ["One"]  # the other decorator, called after the class
    pure_items, written_items = _built(pure), _built(written)
    for a, b in zip(pure_items, written_items):
        assert repr(a) == repr(b)
        assert [getattr(a, f) for f in field_names(type(a))] == [getattr(b, f) for f in field_names(type(b))]
        assert (type(b).__hash__ is object.__hash__) == (type(a).__hash__ is object.__hash__)
        if type(a).__hash__ is not object.__hash__:  # else by identity
            assert hash(a) == hash(b)
        again = pickle.loads(pickle.dumps(b))
        assert type(again) is type(b) and repr(again) == repr(b)
    for i, (a, b) in enumerate(zip(pure_items, written_items)):
        for c, d in zip(pure_items, written_items):
            assert (a == c) == (b == d) and (a != c) == (b != d), (i, a, c)
    assert written.Point(1).seen is not written.Point(1).seen
    assert hash(written.Point(1, 2, [3])) == hash((1, 2)) == hash(pure.Point(1, 2, [4]))
    assert replace(written.Point3(1, z=2), y=7) == written.Point3(1, 7, z=2)
    token = written.Token("b")
    assert (token.text, token.count, token.marks) == ("B", 0, {"new"}) and token != written.Token("b")
    with pytest.raises(TypeError):
        written.Point()
    with pytest.raises(TypeError):
        written.Token("a", "A")  # an init=False field is not an argument


def test_a_module_without_records_is_left_as_it_is() -> None:
    source = "import os\n\n\nclass Plain:\n    x: int = 1  # a comment\n"
    assert native_source(source) is source


@pytest.mark.parametrize(("declaration", "error"), [
    ("@record\n@other\nclass A:\n    x: int\n", "innermost"),
    ("@record\nclass A:\n    x: list[int] = field(default=[], init=False)\n", "constant"),
    ("@record\nclass A:\n    x: int\n    def __hash__(self) -> int:\n        return 1\n", "__hash__"),
    ("@record(eq=0)\nclass A:\n    x: int\n", "True or False"),
    ("@record\nclass A:\n    x: int = field(default_factor=list)\n", "default_factor"),
])
def test_what_cannot_be_written_as_record_makes_it_is_refused(declaration: str, error: str) -> None:
    with pytest.raises(RecordSourceError, match=error):
        native_source("from __future__ import annotations\n" + declaration)


def test_every_record_module_is_written_and_still_compiles() -> None:
    """Every module of the package with records gives a module Python compiles, with no
    ``@record`` left in it (mypyc compiles them in the compiled build; the differential test
    compares what they do)."""
    root = Path(__file__).resolve().parent.parent / "referee"
    written = 0
    for path in sorted(root.rglob("*.py")):
        source = path.read_text("utf-8")
        out = native_source(source, str(path))
        if out is not source:
            written += 1
            compile(out, str(path), "exec")
            assert "\n@record" not in out, path
    assert written >= 15
