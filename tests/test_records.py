"""`record` (referee/notation/records.py): records behave as the dataclasses they replace."""

from __future__ import annotations

import pickle

import pytest

from referee.engine.verdict import Summary
from referee.notation.events import Span
from referee.notation.records import field, record, replace


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
