"""The hand of a game in which the bidding closes into one caller's contract, his side (with a
partner, if he has one) against the rest: Boston and French Boston. Before the first lead such a
hand goes through the same steps (`Step`): the bidding, the naming of trumps where the caller
names them after it, a little misère's discards, then ready to lead; and it says what each step
waits for, in its rulebook's words (`CalledHand.waiting`). The bidding closes when its auction
is over, or when play is about to begin while a bid stands (`take_silence`).

Why one part: both games kept these steps in their own words (a step of its own in one, facts
worked out again at each question in the other) and each wrote its own `next_step` and its own
discards over them, and each closed its bidding in its own way. Here the steps are kept once, as
the bidding closes and the discards come in; each game declares what its bidding closes into,
which step that leads to, when its law refuses a discard, and what play waits for once it has
begun.
"""

from __future__ import annotations

from typing import Generic, Literal

from ..notation import events as ev
from ..notation.reader import HandRecord
from .auction import Auction, Bid
from .caller import NOBODY
from .ladder import Rung
from .replay import HandContext, HandReplay

Step = Literal["bidding", "naming", "discarding", "ready"]
"""Where a called hand stands before play: the bidding is on; the caller is to name trumps; the
players are to discard for a little misère; ready for the opening lead."""


class CalledHand(HandReplay, Generic[Bid]):
    """A hand a caller's side plays against the rest. `calls` is its bidding, on the game's own
    bids; `called` the caller's side once formed (`NOBODY` before); `step` where the hand stands
    before play (see `Step`)."""

    calls: Auction[Bid]  # set by the game, which declares its auction's rules

    def __init__(self, context: HandContext, record: HandRecord) -> None:
        super().__init__(context, record)
        self.called = NOBODY
        self.step: Step = "bidding"

    # ---- the bidding ------------------------------------------------------------------------
    def hears(self, event: ev.Event, what: str) -> bool:
        """Whether a call counts (`Auction.hears`, given the game's own reasons the bidding is closed)."""
        raise NotImplementedError

    def on_pass(self, event: ev.Pass) -> None:
        if self.hears(event, "passed"):
            self.calls.pass_(event.player)
            self.call_taken()

    def call_taken(self) -> None:
        """After a call that counts: once the auction is over, the bidding closes."""
        if self.calls.over:
            self.close_bidding()

    def close_bidding(self) -> None:
        """The bidding is over: the game plays the standing bid's contract (`close_into`), or says
        what a deal nobody bid on becomes."""
        raise NotImplementedError

    def take_silence(self) -> list[str] | None:
        """Play is about to begin (the caller names trumps, a player discards or leads) while a bid
        stands and some players have not spoken since it was made: the table took them to have
        passed, so the bidding closes into its contract and the hand is played and scored, not
        left in progress with every card sent back. Those so taken; None while no bid stands or
        once the bidding is closed."""
        if self.step != "bidding" or self.stage == "ended" or self.calls.high is None:
            return None
        silent = self.calls.take_silence()
        self.close_bidding()
        return silent

    # ---- the steps before play -------------------------------------------------------------
    def close_into(self, rung: Rung | None, names_trumps: bool) -> None:
        """The bidding closes into a contract on `rung` (None: nobody bid): a little misère's
        discards come first; a contract in trumps waits for its caller to name them, where he
        names them after the bidding (`names_trumps`); any other is ready to lead."""
        if rung is not None and rung.discards:
            self.step = "discarding"
        else:
            self.step = "naming" if names_trumps and rung is not None and not rung.misere else "ready"

    def discard_refused(self, event: ev.Discard) -> bool:
        """Whether the game's law refuses `event` (found so, in its words): the discard is void."""
        raise NotImplementedError

    def on_discard(self, event: ev.Discard) -> None:
        """A little misère's discard (`take_discard`), unless the game's law refuses it; once every
        player has discarded, the hand is ready to lead."""
        if not self.discard_refused(event) and self.take_discard(event) and not self.still_to_discard() \
                and self.step == "discarding":
            self.step = "ready"

    def missing_discards(self) -> list[str]:
        """The players still to discard while the hand waits for a little misère's discards."""
        return self.still_to_discard() if self.step == "discarding" else []

    def waiting(self) -> str:
        """What the step the hand stands at before play waits for, in the game's words (whose turn
        to bid, who names trumps, who is still to discard, who leads)."""
        raise NotImplementedError

    def playing_step(self) -> str | None:
        """What happens next once play has begun (or the hand ended in play)."""
        raise NotImplementedError

    def next_step(self) -> str | None:
        """What happens now: a choice play waits for comes first, then play's own next step once
        it has begun, else the step the hand stands at before play (none once the hand is over)."""
        if (step := self.choice_step()) is not None:
            return step
        if self.table is not None:
            return self.playing_step()
        if self.stage == "ended":
            return None
        return self.waiting()
