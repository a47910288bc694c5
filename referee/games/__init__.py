"""The games, found by name: each package (or module) here defines ``GAME``, an object following
`Game`, whose name is the package's with ``-`` for ``_`` (``auction_pitch`` plays "auction-pitch").

Adding a game means adding one package here and one rulebook in ``referee/games/rulebooks/``;
nothing else needs to know about it.
"""

import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from functools import lru_cache

from ..engine.game import Game, Session

__all__ = ["Game", "Session", "registry"]


class Registry(Mapping[str, Game]):
    """The games by the name transcripts use. A game's package is imported the first time it is
    asked for, so checking a euchre archive imports no other game (a game is a package of six to nine modules)."""

    def __init__(self) -> None:
        self._packages = {m.name.replace("_", "-"): m.name for m in pkgutil.iter_modules(__path__)
                          if not m.name.startswith("_")}
        self._games: dict[str, Game] = {}

    def __getitem__(self, name: str) -> Game:
        game = self._games.get(name)
        if game is None:
            game = importlib.import_module(f"{__name__}.{self._packages[name]}").GAME
            assert game.name == name, f"the package of {name!r} plays {game.name!r}"
            self._games[name] = game  # two threads may both import it: the same object either way
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)


@lru_cache(maxsize=1)
def registry() -> Registry:
    """Every game in this package, by the name transcripts use."""
    return Registry()
