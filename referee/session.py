"""What every game shares around its hands: the game object's rulebook, and a session's
running score, next dealer and checks before each hand.

Each game module subclasses `GameRules` and `GameSession` and adds only what its laws make
different: how the deal passes, what the pool holds, when the game is won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from .notation import HandRecord, Problem
from .replay import HandContext, unknown_names
from .rulebook import Rulebook, load

if TYPE_CHECKING:
    from .header import Setup


class GameRules:
    """The base of a game object (see `games.Game`): its rulebook is ``rulebooks/<name>.yaml``."""

    name: str

    @property
    def rulebook(self) -> Rulebook:
        return load(self.name)


class GameSession:
    """One game being replayed: the setup, the score and the next dealer, kept between hands."""

    def __init__(self, game: GameRules, setup: "Setup") -> None:
        self.game = game
        self.setup = setup
        self.score = dict(setup.score)
        self.next_dealer: str | None = None

    def unknown_names(self, record: HandRecord) -> list[Problem]:
        """Names in the hand that are not players of this game: such a hand cannot be replayed."""
        return unknown_names(record, self.setup.players, self.score)

    def context(self, number: int, order: tuple[str, ...] | None = None) -> HandContext:
        """What the next hand needs from the game: hand `number`, seats in `order` of play."""
        return HandContext(self.setup, self.game.rulebook, order or self.setup.players, self.next_dealer, number,
                           dict(self.score))

    def final_score(self) -> dict[str, int]:
        return dict(self.score)


def sole_leader(score: Mapping[str, int]) -> str | None:
    """Who is strictly ahead of everyone else (None when two share the lead)."""
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    return ranked[0][0] if len(ranked) == 1 or ranked[0][1] > ranked[1][1] else None
