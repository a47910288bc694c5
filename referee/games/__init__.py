"""The games, found by name: each package (or module) here defines ``GAME``, an object following
`Game`, whose name is the package's with ``-`` for ``_`` (``auction_pitch`` plays "auction-pitch").

Adding a game means adding one package here and one rulebook in ``referee/games/rulebooks/``;
nothing else needs to know about it.
"""

import importlib
import os
from collections.abc import Iterator, Mapping
from functools import lru_cache
from importlib.machinery import all_suffixes

from ..engine.game import Game, Session

__all__ = ["Game", "Session", "registry"]


class Registry(Mapping[str, Game]):
    """The games by the name transcripts use. A game's package is imported the first time it is
    asked for, so checking a euchre archive imports no other game (a game is a package of six to nine modules)."""

    def __init__(self) -> None:
        self._packages = {name.replace("_", "-"): name for name in _modules(__path__[0]) if not name.startswith("_")}
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


def _modules(folder: str) -> list[str]:
    """The modules and packages in `folder`, as `pkgutil.iter_modules` finds them (it imports
    `inspect`, a tenth of the start-up of a one-hand check): a source or compiled file, a folder with an
    ``__init__``."""
    suffixes = tuple(all_suffixes())
    found = set()
    for entry in os.scandir(folder):
        if entry.is_dir():
            inits = (os.path.join(entry.path, f"__init__{suffix}") for suffix in suffixes)
            if "." not in entry.name and any(os.path.isfile(init) for init in inits):
                found.add(entry.name)
        elif entry.name.endswith(suffixes):
            stem = entry.name.partition(".")[0]
            if stem.isidentifier() and stem != "__init__":
                found.add(stem)
    return sorted(found)


@lru_cache(maxsize=1)
def registry() -> Registry:
    """Every game in this package, by the name transcripts use."""
    return Registry()
