"""The shared hand's overridable surface stays small, and every game overrides only that surface.

A method of `HandReplay` that a game must not replace is `@typing.final` (mypy refuses an
override); the others are its hooks. Where a game's laws differ from the shared default, it says
so in a penalty topic (`referee.engine.penalties`), not by overriding the replay.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest
from game_hands import game_hands

from referee.engine.replay import HandReplay
from referee.games import registry

MAX_HOOKS = 26
"""Half of the 53 the shared hand had before the penalty laws moved to topics (issue #13)."""


def methods(cls: type) -> dict[str, Callable[..., Any]]:
    """Every method `cls` itself defines, by name (a property by its getter)."""
    found: dict[str, Callable[..., Any]] = {}
    for name, value in vars(cls).items():
        if isinstance(value, property):
            value = value.fget
        elif isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if inspect.isfunction(value):
            found[name] = value
    return found


def hooks() -> set[str]:
    """The methods of HandReplay a game may override: those not marked @final."""
    return {name for name, method in methods(HandReplay).items() if not getattr(method, "__final__", False)}


def test_the_overridable_surface_is_small() -> None:
    surface = hooks()
    assert len(surface) <= MAX_HOOKS, f"{len(surface)} hooks: {sorted(surface)}"


def test_every_game_has_a_hand() -> None:
    games = {cls.declared.game for cls in game_hands()}
    assert games == set(registry()), games


@pytest.mark.parametrize("hand", game_hands(), ids=lambda cls: cls.__name__)
def test_a_game_overrides_only_hooks(hand: type[HandReplay]) -> None:
    """A game's hand replaces only hooks: the replay itself, and the penalty defaults written
    once in the engine, are the same for every game."""
    overridden = set(methods(hand)) & set(methods(HandReplay))
    assert overridden <= hooks(), sorted(overridden - hooks())


def test_status_is_computed_from_the_hand_state() -> None:
    """The engine computes a hand's status from where it stands (`stage`, `ended`), the game's
    `void` and what it declares (Boston: a misère claimed early, or a hand played short, law 19,
    is abandoned): no game rebuilds it."""
    assert "status" not in hooks()
    assert not [cls.__name__ for cls in game_hands() if "status" in methods(cls)]


@pytest.mark.pure_only("inspects the methods of Python classes")
def test_the_check_sees_a_final_method() -> None:
    """The check above would catch an override: `run` is final, `contract` a hook."""
    assert "contract" in hooks() and "run" not in hooks() and "play_card" not in hooks()


@pytest.mark.parametrize("name", ["on_claim_rest", "fact_revoked"])
def test_a_misspelt_handler_is_an_error_when_the_game_is_defined(name: str) -> None:
    with pytest.raises(TypeError, match=f"{name} handles nothing"):
        type("Misspelt", (HandReplay,), {name: lambda self, event: None})
