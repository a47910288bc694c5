"""The auction of Auction Pitch: who may speak, what outranks what, and who pitches in the end.

In the selling game the eldest hand is the seller: the others bid once each, in turn, one to four
points, each bid higher than the last, and he sells the pitch to the highest bidder (scoring the
bid) or refuses and pitches himself; with no bid he pitches and need make nothing. Bidding to the
board, everyone bids once, eldest first, and the highest bidder pitches. The turns, a call out of
turn or a second one are the engine's `Auction`, declared here; the sale is this game's own.
"""

from __future__ import annotations

from typing import Final, Literal

from ...engine.auction import Answer, AuctionRules, Objection, void
from ...engine.auction import Auction as Bidding
from ...engine.words import Words

WORDS: Final = Words("auction-pitch")

Phase = Literal["bidding", "selling", "pitch", "thrown-in"]
"""The steps of the auction: the bids, the seller's decision, the pitch due; or all passed, thrown in."""

Sale = Literal["sold", "refused", "pitched", "no-bid", "board"]
"""How the pitcher came to pitch."""

RULES: AuctionRules[int] = AuctionRules(
    "waits", "once-round", rank=lambda points: (points,),
    out_of_turn_words="{player} {what} out of turn: it was {turn}'s turn. There is no penalty; it stands as "
                      "{player}'s one bid and {turn} keeps the turn.",
    closed_words="{player} {what} after the bidding was over; the bid is void",
    again_words="{player} {what}, but he has spoken already; there are no second bids, so it is void")


class Auction:
    """The bidding and the sale of one deal, from the first bid until the pitch is taken up."""

    def __init__(self, order: tuple[str, ...], eldest: str, board: bool, seller_to_go: int,
                 full_value_bids: bool, all_pass_throws_in: bool) -> None:
        self.eldest = eldest
        self.board = board
        self.seller_to_go = seller_to_go          # the seller's points still to go before the deal
        self.full_value_bids = full_value_bids    # a bid may reach the seller's points to go
        self.all_pass_throws_in = all_pass_throws_in
        start = order.index(eldest) + (0 if board else 1)  # the seller does not bid
        bidders = [order[(start + i) % len(order)] for i in range(len(order) if board else len(order) - 1)]
        self.calls = Bidding(bidders, bidders[0], RULES)
        self.phase: Phase = "bidding"
        self.pitcher: str | None = None
        self.to_make: int | None = None        # what the pitcher must make (None: nothing)
        self.sale: Sale | None = None
        self.sale_points = 0                   # what the seller scores for a sale

    @property
    def highest(self) -> tuple[str, int] | None:
        calls = self.calls
        return (calls.caller, calls.high) if calls.caller is not None and calls.high is not None else None

    def waiting(self) -> str:
        """What the pitch still waits for, in words: bidding to the board, before anyone has spoken, that the
        eldest's first turn is a bid (the seed: nobody pitches but by outbidding the rest)."""
        if self.phase != "bidding":
            return WORDS.say("play.premature-lead", "selling", seller=self.eldest)
        if self.board and not self.calls.acted:
            return WORDS.say("play.premature-lead", "board-first", eldest=self.eldest)
        return WORDS.say("play.premature-lead", "bidding", turn=self.calls.turn)

    # ---- bids and passes -----------------------------------------------------------------
    def admits(self, player: str, what: str) -> Answer:
        """Whether a bid or pass may count, and what is wrong with it (a bid out of turn counts)."""
        if self.phase == "bidding" and player == self.eldest and not self.board:
            return void(WORDS.say("bidding.illegal", "seller-bids", player=player, what=what))
        return self.calls.admit(player, what, closed=self.phase != "bidding")

    def passes(self, player: str) -> Answer:
        answer = self.admits(player, "passed")
        if answer.counts:
            self.calls.pass_(player)
            self.close_if_over()
        return answer

    def bid(self, player: str, number: int | None, qualified: bool, text: str) -> Answer:
        """A bid of `number` (`text` as written; `qualified` if it names more than a number); a void
        bid counts as the bidder's pass."""
        answer = self.admits(player, f"bid {text}")
        if not answer.counts:
            return answer
        problem = self.bid_problem(player, number, qualified, text)
        if problem is not None:
            answer.objections.append(problem)
            self.calls.pass_(player)
        else:
            assert number is not None
            self.calls.bid(player, number)
        self.close_if_over()
        return answer

    def bid_problem(self, who: str, number: int | None, qualified: bool, text: str) -> Objection | None:
        """Why a bid in turn is void, or None when it stands."""
        highest, to_go = self.highest, self.seller_to_go
        if number is None or qualified or not 1 <= number <= 4:
            return WORDS.refused("bidding.illegal", "range", bidder=who, text=text)
        if highest and not self.calls.outranks(number):
            return WORDS.refused("bidding.illegal", "not-higher", bidder=who, number=number, holder=highest[0],
                                 high=highest[1])
        if not self.board and not self.full_value_bids and number >= to_go:
            return WORDS.refused("bidding.forbidden", "most", bidder=who, number=number, seller=self.eldest,
                                 to_go=to_go, most=to_go - 1) if to_go > 1 else \
                WORDS.refused("bidding.forbidden", "none", bidder=who, number=number, seller=self.eldest, to_go=to_go)
        return None

    def close_if_over(self) -> None:
        """Once everyone has spoken: the sale is due, the pitch is taken, or the hand is thrown in."""
        highest = self.highest
        if not self.calls.over:
            return
        if highest is not None and self.board:
            self.set_pitcher(highest[0], highest[1], "board")
        elif highest is not None:
            self.phase = "selling"
        elif self.board and self.all_pass_throws_in:
            self.phase = "thrown-in"
        else:
            self.set_pitcher(self.eldest, None, "no-bid")

    def set_pitcher(self, player: str, to_make: int | None, sale: Sale) -> None:
        self.pitcher, self.to_make, self.sale, self.phase = player, to_make, sale, "pitch"

    # ---- the seller ----------------------------------------------------------------------
    def decides(self, player: str, sells: bool) -> Answer:
        """The seller sells the pitch to the highest bidder, or refuses and pitches himself, if that
        is open to this player now."""
        if self.board:
            reason = WORDS.say("bidding.illegal", "board")
        elif player != self.eldest:
            reason = WORDS.say("bidding.illegal", "not-seller", seller=self.eldest)
        elif self.phase == "bidding" and self.highest is None:
            reason = WORDS.say("bidding.illegal", "nothing-to-sell")
        elif self.phase == "bidding":
            reason = WORDS.say("bidding.illegal", "not-over", turn=self.calls.turn)
        elif self.phase != "selling":
            reason = WORDS.say("bidding.illegal", "settled")
        else:
            return self.sell() if sells else self.refuse()
        return void(WORDS.say("bidding.illegal", "sells", player=player, reason=reason) if sells
                    else WORDS.say("bidding.illegal", "refuses", player=player, reason=reason))

    def sell(self) -> Answer:
        assert self.highest is not None
        bidder, number = self.highest
        self.sale_points = max(0, min(number, self.seller_to_go - 1))
        self.set_pitcher(bidder, number, "sold")
        answer = Answer()
        if self.sale_points < number:
            answer.notes.append(WORDS.say("bidding.full-value", "scores", seller=self.eldest, number=number,
                                          points=self.sale_points))
        return answer

    def refuse(self) -> Answer:
        assert self.highest is not None
        self.set_pitcher(self.eldest, self.highest[1], "refused")
        return Answer()

    def pitches(self, player: str, playing: bool) -> Answer:
        """The word 'pitch': the seller pitching before any bid (for four) or refusing the sale
        (`playing`: once play has begun, nobody's)."""
        if player == self.eldest and self.phase == "bidding" and not self.board and self.highest is None:
            self.set_pitcher(self.eldest, 4, "pitched")
        elif player == self.eldest and self.phase == "selling":
            return self.refuse()
        elif not (self.phase == "pitch" and player == self.pitcher) or playing:
            return void(WORDS.say("bidding.illegal", "not-his-pitch", player=player))
        return Answer()

    # ---- the pitch shown by a card -------------------------------------------------------
    def pitched_by(self, player: str) -> Answer:
        """A first card from the right player settles what the transcript left unsaid; `counts`
        is False when the card comes before the pitch is settled."""
        answer = Answer(False)
        if self.phase == "bidding" and self.highest is not None and (
                player == self.highest[0] or (player == self.eldest and not self.board)):
            answer.notes.append(self.silent_bidders_passed())
        if self.phase == "pitch":  # settled before, or just now by that silence when bidding to the board
            answer.counts = True
        elif self.phase == "bidding" and not self.board and player == self.eldest and self.highest is None:
            self.set_pitcher(self.eldest, 4, "pitched")
            answer.notes.append(WORDS.say("bidding.pitch-before-bid", "pitched", seller=self.eldest))
            answer.counts = True
        elif self.phase == "selling" and self.highest is not None:
            if player == self.eldest:
                self.refuse()
                answer.notes.append(WORDS.say("bidding.seller", "refused", seller=self.eldest))
                answer.counts = True
            elif player == self.highest[0]:
                answer.notes.extend(self.sell().notes)
                answer.notes.append(WORDS.say("bidding.seller", "sold", player=player, seller=self.eldest))
                answer.counts = True
        return answer

    def silent_bidders_passed(self) -> str:
        """Play began with a bid standing and the pitch taken up by the highest bidder or the
        seller while some players had not spoken: the table took them to have passed."""
        silent = self.calls.take_silence()
        self.close_if_over()
        return WORDS.say("bidding.silent", "one", silent=silent[0]) if len(silent) == 1 else \
            WORDS.say("bidding.silent", "all", silent=" and ".join(silent))
