"""Boston (the Whist variant): four players, one caller against three, settled in counters.

Defaults follow the seed text (shared/seeds/001) and the recommended readings of the research
digest (shared/rules/boston.md); the other readings are house rules (``referee rules boston``).
Scores are white counters per player; the pool is kept in red counters (1 red = 10 white), so in
every hand the players' deltas plus ten times the pool's change sum to zero.
"""

from __future__ import annotations

from ...engine.header import Setup
from ...engine.replay import Declaration
from ...engine.session import GameRules, GameSession
from ...engine.verdict import HandVerdict
from ...notation.reader import HandRecord
from .hand import BostonHand, game_deals
from .settlement import TABLES

__all__ = ["GAME", "Boston", "BostonHand", "BostonSession"]


class BostonSession(GameSession[BostonHand]):
    """A game of Boston: the players' counters and the pool carried from deal to deal."""

    def __init__(self, game: Boston, setup: Setup) -> None:
        red = sum(setup.pool) if setup.pool is not None else TABLES.amount("pool", "stake") * len(setup.players)
        super().__init__(game, setup, red)
        self.number = 0  # a game of Boston may start at any deal: the first header says which

    def replay(self, record: HandRecord) -> BostonHand:
        number = self.number or record.header.number or 1
        return BostonHand(self.context(number), record, self.pool_now or 0)

    def advance(self, replay: BostonHand, verdict: HandVerdict) -> None:
        again = verdict.status == "redeal"  # a misdeal: the misdealer deals the same deal again
        self.deal_on(replay, verdict, again, replay.eldest)
        self.last_deal(not again and self.counted(verdict.number), verdict.status)

    def counted(self, number: int) -> bool:
        """The game's last deal, numbered on through the evening or not, ends it."""
        deals = game_deals(self.setup.options)
        return bool(number) and (number - 1) % deals + 1 == deals

    def next_game(self, record: HandRecord) -> GameSession[BostonHand] | None:
        """Its first deal may be numbered on through the evening: its deals count from there (`BostonHand.deal`)."""
        fresh = super().next_game(record)
        if isinstance(fresh, BostonSession) and record.header.number == self.number:
            fresh.number = self.number
        return fresh


class Boston(GameRules):
    name = "boston"
    scored_by = "player"
    players_example = 'e.g. [Players "A Y B Z"]'
    no_partners: tuple[str, str] | None = ("boston has no partnerships", "remove the [Partners] tag")
    reads: frozenset[str] = frozenset({"Pool"})
    declared: Declaration | None = BostonHand.declared  # its pool limit, which several pools in [Pool] must fit

    def session(self, setup: Setup) -> BostonSession:
        return BostonSession(self, setup)


GAME = Boston()
