"""Auction Pitch (Setback): two to seven players, each for himself, 52 cards, six each.

Defaults follow the seed text (shared/seeds/000); where it is silent the research digest
(shared/rules/auction-pitch.md) decides, and its other readings are house rules listed by
``referee rules auction-pitch``. Scores are points won toward game; "to go" is the target less
the points, shown in each hand's contract.

The parts: `auction` (the bidding and the sale), `hand` (the replay of one hand: the play),
`penalties` (what its laws make of each irregularity), `settlement` (the scoring), `generator`
(random lawful games); here, the game object and its session (the scores, the pool and the deal
between hands).
"""

from __future__ import annotations

from ...engine.header import Setup
from ...engine.session import GameRules, GameSession
from ...engine.verdict import HandVerdict
from ...notation.reader import HandRecord
from .hand import AuctionPitchHand

__all__ = ["GAME", "AuctionPitch", "AuctionPitchSession"]


class AuctionPitchSession(GameSession[AuctionPitchHand]):
    """Scores in points toward game, the red-counter pool and the deal, kept between hands."""

    def __init__(self, game: AuctionPitch, setup: Setup) -> None:
        super().__init__(game, setup, setup.pool[0] if setup.pool else None)

    def fresh_game(self, setup: Setup) -> AuctionPitchSession:
        """The seed: once a player has gone out, the counters are redistributed and the players cut
        for the first deal of the new game (`next_game`): its pool is empty, any player may deal."""
        fresh = AuctionPitchSession(self.game, setup)  # type: ignore[arg-type]
        fresh.pool_now = 0 if self.pool_now is not None else None
        return fresh

    def replay(self, record: HandRecord) -> AuctionPitchHand:
        context = self.context(self.number)
        if self.started_by is not None:  # the cut decides the first dealer; the numbering may go on
            context.expected_dealer = record.header.dealer or self.next_dealer
            context.expected_number = record.header.number or 1
        return AuctionPitchHand(context, record, self.pool_now, self.won is not None)

    def advance(self, replay: AuctionPitchHand, verdict: HandVerdict) -> None:
        self.number = verdict.number + 1
        self.next_dealer = replay.deals_next if verdict.status == "redeal" else replay.left_of(replay.dealer)
        if self.won is None:
            self.won = replay.winner


class AuctionPitch(GameRules):
    name = "auction-pitch"
    scored_by = "player"
    players = (2, 7)
    players_example = 'e.g. [Players "A B C D E"]'
    no_partners: tuple[str, str] | None = ("auction-pitch has no partnerships: each plays for himself",
                                           "remove the [Partners] tag")
    single_pool: tuple[str, str] | None = ("auction-pitch keeps a single pool of red counters",
                                           'write one number, e.g. [Pool "14"]')
    reads: frozenset[str] = frozenset({"Pool"})  # what its pool of red counters holds before the first hand

    def session(self, setup: Setup) -> AuctionPitchSession:
        return AuctionPitchSession(self, setup)


GAME = AuctionPitch()
