"""Who plays with whom: the engine's `Sides`, built once from a game's setup."""

from __future__ import annotations

from referee.engine.header import Setup, Team
from referee.engine.sides import Sides
from referee.notation.events import Span


def setup(teams: tuple[Team, ...]) -> Setup:
    return Setup("whist", ("A", "Y", "B", "Z"), teams, {}, {}, None, None, {}, Span(1, 1))


PAIRS = Sides.of(setup((Team("A-B", ("A", "B")), Team("Y-Z", ("Y", "Z")))), ("A", "Y", "B", "Z"))
ALONE = Sides.of(setup(()), ("A", "Y", "B", "Z"))


def test_partners_and_sides() -> None:
    assert PAIRS.partner("A") == "B" and PAIRS.partner("Z") == "Y"
    assert PAIRS.side("Y") == "Y-Z" and PAIRS.other("Y-Z") == "A-B" and PAIRS.members("A-B") == ("A", "B")
    assert PAIRS.same("A", "B") and PAIRS.same("A", "A") and not PAIRS.same("A", "Y")


def test_adversaries_are_in_seat_order() -> None:
    """In seat order, so that what is paid to each of them is written in a stable order."""
    assert PAIRS.adversaries("B") == ("Y", "Z")
    assert ALONE.adversaries("B") == ("A", "Y", "Z")  # each for himself: everyone else


def test_a_side_is_labelled_by_its_name_else_by_its_players() -> None:
    assert PAIRS.label({"B", "A"}) == "A-B"
    assert PAIRS.label({"Z", "A"}) == "A Z"
    assert ALONE.label({"Z", "Y"}) == "Y Z"
