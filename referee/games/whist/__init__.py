"""Whist: four players in two partnerships, the 52-card pack, the trump card turned by the dealer.

Defaults are the American Whist League code of 1893 that Foster prints (shared/rules/whist.md):
game of seven, no honours, two tricks for a revoke, a misdeal loses the deal. The English short
whist (five points, honours, the rubber), long whist and every other reading of the digest are
house rules listed by ``referee rules whist``.

The parts: `hand` (one hand replayed), `penalties` (what the laws make of each irregularity),
`settlement` (the score of a replayed hand), `generator` (random hands); here, the game and its
session (the score, the deal's rotation, the games of a rubber).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...engine.header import Setup
from ...engine.session import GameRules, GameSession
from ...engine.verdict import HandVerdict
from ...notation.reader import HandRecord
from .hand import TARGETS, WhistHand

__all__ = ["GAME", "Whist", "WhistHand", "WhistSession"]


class WhistSession(GameSession[WhistHand]):
    """A game of whist: the points toward game, and the games of the rubber won before it."""

    def __init__(self, game: Whist, setup: Setup, games: tuple[tuple[str, int], ...] = ()) -> None:
        super().__init__(game, setup)
        self.games = games

    def replay(self, record: HandRecord) -> WhistHand:
        return WhistHand(self.context(self.number), record, self.games)

    def advance(self, replay: WhistHand, verdict: HandVerdict) -> None:
        self.number = verdict.number + 1
        self.next_dealer = replay.next_dealer()
        played = replay.settled.result if replay.settled is not None else None
        if played is not None and self.won is None:
            self.won = played[0]
            self.games = (*self.games, played)

    def fresh_game(self, setup: Setup) -> WhistSession:
        """The next game (`next_game`): a rubber carries its games on until it ends."""
        rubber_over = max(Counter(side for side, _ in self.games).values(), default=0) >= 2  # none: won by [Score]
        return WhistSession(self.game, setup, () if rubber_over else self.games)  # type: ignore[arg-type]

class Whist(GameRules):
    name = "whist"
    scored_by = "team"
    players_example = 'e.g. [Players "A Y B Z"] [Partners "A-B Y-Z"]'
    partnerships = True

    def session(self, setup: Setup) -> WhistSession:
        return WhistSession(self, setup)

    def target(self, options: Mapping[str, Any]) -> int | None:
        """The points that win a game under the code chosen; none where the score runs on (continuous)."""
        return TARGETS[options["game"]] if options["scoring"] == "games" else None


GAME = Whist()
