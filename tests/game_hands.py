"""Every game's hand class, found through the registry: the tests that ask what the games declare
(their hooks, their call words) read every game, however deep its hand sits below `HandReplay`
(Boston's and French Boston's below the engine's `CalledHand`)."""

from __future__ import annotations

from referee.engine.replay import HandReplay
from referee.games import registry


def game_hands() -> list[type[HandReplay]]:
    """Every game's hand class (and any class of a game's between it and HandReplay)."""
    for name in registry():
        registry()[name]  # imports the game's package
    found: list[type[HandReplay]] = []
    todo = list(HandReplay.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return [cls for cls in found if cls.__module__.startswith("referee.games.")]
