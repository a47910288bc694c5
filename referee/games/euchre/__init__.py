"""Euchre: four players in two partnerships, 24 cards, bowers, going alone. Defaults follow the seed
text (shared/seeds/004); the digest's other readings (shared/rules/euchre.md) are house rules listed
by ``referee rules euchre``. A hand is replayed by `hand` (with `cards` and `penalties`) and scored
by `settlement`; `generator` makes random lawful hands; here, the game and its session."""

from __future__ import annotations

from ...engine.header import Setup
from ...engine.replay import Declaration
from ...engine.session import GameRules, GameSession, first_to_reach
from ...engine.verdict import HandVerdict
from ...notation.reader import HandRecord
from .hand import EuchreHand


class EuchreSession(GameSession[EuchreHand]):
    def replay(self, record: HandRecord) -> EuchreHand:
        return EuchreHand(self.context(self.number), record)

    def advance(self, replay: EuchreHand, verdict: HandVerdict) -> None:
        void, deals = verdict.status == "redeal", self.setup.options["deals"]
        self.number = verdict.number + (0 if void and deals else 1)  # where deals are counted, a void one's number
        # Somerset 41, under misdeal=loses-deal: a misdeal (the deal lines show one, or the `redeal` line names
        # one) passes the deal; a hand cancelled otherwise (a trick not rebuilt, a faced card) is dealt again by the
        # same dealer, as every one is by default; a wrong deal stopped (SOM 40, void too) by its rightful dealer
        lost = replay.redeal_why() == "misdeal" and replay.game_options["misdeal"] == "loses-deal"
        again = void and (not lost or replay.deals_next != replay.dealer)
        self.next_dealer = replay.deals_next if again else replay.left_of(replay.dealer)
        if self.won is None and not self.over:  # the first to the target wins; a game of a set number of deals is
            if not deals:  # over once its last deal is (`last_deal`), won by the higher total
                self.won = first_to_reach(self.score, verdict.ledger, self.setup.options["target"])
            elif not void:  # a void deal, dealt again, is not one of the game's deals
                self.last_deal(self.counted(verdict.number), verdict.status)


class Euchre(GameRules):
    name = "euchre"
    scored_by = "team"
    partnerships = True
    declared: Declaration | None = EuchreHand.declared  # a card's role, the bowers, for explanations

    def session(self, setup: Setup) -> EuchreSession:
        return EuchreSession(self, setup)


GAME = Euchre()
