"""French Boston (Foster): four players, play to the right, belle and petite, 40 deals.

Defaults follow the seed text (shared/seeds/003), else the digest's recommendation (shared/rules/french-boston.md);
its other readings are house rules (``referee rules french-boston``). A deal is replayed by `hand` (with
`auction`, `tricks`, `penalties`), paid by `settlement`; `generator` makes random lawful games; here, the session."""

from __future__ import annotations

from ...engine.header import Setup
from ...engine.session import GameRules, GameSession
from ...engine.verdict import HandVerdict
from ...notation.reader import HandRecord
from .hand import GAME_NAME, FrenchBostonHand
from .settlement import TABLE

__all__ = ["GAME", "FrenchBoston", "FrenchBostonHand", "FrenchBostonSession"]


class FrenchBostonSession(GameSession[FrenchBostonHand]):
    """A game in progress: counters, the pool, belle, the deal number and whose deal it is."""

    def __init__(self, game: FrenchBoston, setup: Setup) -> None:
        super().__init__(game, setup, setup.pool[0] if setup.pool else 0)
        self.order = tuple(reversed(setup.players))  # [Players] is clockwise; everything goes to the right
        self.belle = setup.belle
        self.contribution_due = True

    def replay(self, record: HandRecord) -> FrenchBostonHand:
        return FrenchBostonHand(self.context(self.number, self.order), record, self.belle if self.number > 1 else None,
                                self.pool_now or 0, self.contribution_due)  # deal 1 turns belle, whatever [Belle] says

    def advance(self, replay: FrenchBostonHand, verdict: HandVerdict) -> None:
        again = verdict.status == "redeal" and replay.redeal_why() == "same-dealer"  # an imperfect pack, a deal stopped
        self.belle = self.belle if again else replay.belle  # the deal made again turns belle, not the void one
        # a deal made again is not paid for twice; after a wrong deal stopped (unpaid), the rightful dealer pays
        self.contribution_due = replay.contribution_due if replay.deals_next != replay.dealer else not again
        self.deal_on(replay, verdict, again, replay.eldest)
        won = any(e.who == "pool" and e.rule == replay.rule_id("pool.win") for e in verdict.ledger)  # play-on's end
        self.last_deal(not again and self.counted(verdict.number, won), verdict.status)

    def counted(self, number: int, won: bool = False) -> bool:  # deal 40 ends it; under play-on, one that wins the pool
        return number >= TABLE.number("game-deals") and (won or self.setup.options["pool-end"] == "divide")


class FrenchBoston(GameRules):
    name = GAME_NAME
    scored_by = "player"
    players_example = 'e.g. [Players "N E S W"] (clockwise)'
    no_partners: tuple[str, str] | None = ("french-boston has no fixed partnerships",
                   "remove the [Partners] tag: partners are formed by demand and acceptance in each deal")
    single_pool: tuple[str, str] | None = ("french-boston keeps a single pool", 'write e.g. [Pool "40"]')
    reads: frozenset[str] = frozenset({"Pool", "Belle"})
    # belle: a guess from a later deal's turned card would change the payments and which demands are legal
    carried: tuple[str, str, str] | None = ("Belle", "the transcript starts at deal {number} but does not say which "
                   "suit is belle", 'add the suit turned on deal 1 to the header, e.g. [Belle "clubs"]')

    def session(self, setup: Setup) -> FrenchBostonSession:
        return FrenchBostonSession(self, setup)


GAME = FrenchBoston()
