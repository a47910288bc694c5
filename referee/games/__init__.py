"""The games, found by name: each module here defines ``GAME``, an object following `Game`.

Adding a game means adding one module here and one rulebook in ``referee/games/rulebooks/``;
nothing else needs to know about it.
"""

import importlib
import pkgutil
from functools import lru_cache

from ..engine.game import Game, Session

__all__ = ["Game", "Session", "registry"]


@lru_cache(maxsize=1)
def registry() -> dict[str, Game]:
    """Every game module in this package, by the name transcripts use."""
    games: dict[str, Game] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.name.startswith("_"):
            continue
        game = getattr(importlib.import_module(f"{__name__}.{module.name}"), "GAME", None)
        if game is not None:
            games[game.name] = game
    return games
