"""The score of a replayed whist hand: the revoke transfers, tricks over six, honours, the stop at
game and the revoking side's cap; and, when a side goes out, the game's value and the rubber.

Settling reads the hand and writes only the ledger (and the penalties and notes it explains), so
settling twice gives the same verdict.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...engine.laws import Effect
from ...engine.ledger import Ledger

if TYPE_CHECKING:
    from .hand import WhistHand

HONOURS = frozenset({14, 13, 12, 11})  # ace, king, queen, jack of trumps
Played = tuple[str, int]
"""What the session needs from a hand that ends a game: who went out, and the game's value."""


class WhistSettlement:
    __slots__ = ("hand", "ledger", "score")

    def __init__(self, hand: WhistHand) -> None:
        self.hand = hand

    def settle(self, ledger: Ledger) -> Played | None:
        hand = self.hand
        self.ledger = ledger
        self.score = dict(hand.ctx.score_before)
        status = hand.status()
        if status != "complete":
            if status == "redeal":
                self.redeal()
            return None
        tricks = hand.won_by_side()
        transferred, points = self.transfer(tricks)
        barred = {hand.side(r.player) for r in hand.revokes} if not hand.game_options["revoker-can-go-out"] else set()
        for side, option in points:  # E72: the English penalty in points, scored before everything else
            self.revoke_points(side, option, barred)
        for side in sorted(tricks, key=lambda s: s not in transferred):  # the revoke's points first (E5)
            self.score_tricks(side, tricks[side], barred, transferred.get(side, ""))
        if hand.by_game("honours"):
            self.honours(barred)
        return self.game_over()

    def redeal(self) -> None:
        """The penalty of a misdeal (the deal lost), or of both sides revoking under both-revoke=new-deal."""
        hand = self.hand
        why = hand.redeal_why()
        if why == "misdeal":
            nxt = hand.next_dealer()
            words = f"the deal passes to {nxt}" if nxt != hand.dealer else "he deals again"
            hand.penalise("deal.misdeal", f"{hand.dealer} misdealt: {words}", (Effect("redeal", None, None, nxt),))
        elif why == "interrupted":  # W18: the adversary's fault, not the dealer's
            hand.penalise("deal.interrupted", f"an adversary of {hand.dealer} interrupted the deal: "
                          f"{hand.dealer} deals again", (Effect("redeal", None, None, hand.dealer),))
        elif why == "new-deal" and hand.both_revoked() and hand.redeal is None:
            hand.penalise("revoke.established", "both sides revoked: the hand is void and dealt again",
                          effects=(Effect("redeal", None, None, hand.dealer),))

    def transfer(self, tricks: dict[str, int]) -> tuple[dict[str, str], list[tuple[str, str]]]:
        """Two tricks from the revoking side to the adversaries per revoke (one for each further revoke
        under later-one-trick; three when the English adversaries take three), never more than the
        revokers hold (A3): each side's gain in words; and the English penalties in points (side, option)."""
        hand = self.hand
        seen, moved, points = Counter[str](), Counter[str](), []
        for index, revoke in enumerate(hand.revokes):
            side = hand.side(revoke.player)
            seen[side] += 1
            chosen = hand.revoke_choices.get(index)
            if chosen in ("deduct-three", "add-three"):
                points.append((side, chosen))
                continue
            n = 3 if chosen else 1 if seen[side] > 1 and hand.game_options["revoke-repeat"] == "later-one-trick" else 2
            n = min(n, tricks[side])
            tricks[side], moved[hand.other(side)] = tricks[side] - n, moved[hand.other(side)] + n
            tricks[hand.other(side)] += n
        return {side: f"{n} trick{'s' * (n != 1)} from revokes" for side, n in moved.items()}, points

    def revoke_points(self, side: str, option: str, barred: set[str]) -> None:
        """E72: three points added to the adversaries' score, or taken from the revokers' (not below 0, A6)."""
        mark, them = self.ledger.mark(), self.hand.other(side)
        if option == "add-three":
            self.credit(them, 3, barred, "revoke.established", f"{them} add three points for {side}'s revoke")
        else:
            lost = min(3, self.score[side])
            self.ledger.credit(side, -lost, self.hand.rule_id("revoke.established"),
                               f"{lost} point{'s' * (lost != 1)} deducted from {side} for their revoke")
            self.score[side] -= lost
        self.hand.penalise("revoke.established", f"{them} chose {option} for {side}'s revoke", since=mark)

    def allowed(self, side: str, points: int, barred: set[str]) -> tuple[int, str]:
        """How many of `points` a side may score now: none once a side has gone out in this hand, up
        to one short of game for a revoking side, up to game unless every trick counts (play-out)."""
        hand = self.hand
        target = hand.target
        if any(self.score[s] >= target for s in self.score) and not self.play_out():
            return 0, "game"
        if side in barred:
            return max(0, min(points, target - 1 - self.score[side])), "revoke.cannot-go-out"
        return (points if self.play_out() else max(0, min(points, target - self.score[side]))), "game"

    def play_out(self) -> bool:
        return self.hand.game_options["game-end"] == "play-out"

    def credit(self, side: str, points: int, barred: set[str], topic: str, cause: str) -> None:
        """Score what `allowed` lets the side score, citing the rule that limited it or the game won."""
        hand = self.hand
        got, limit = self.allowed(side, points, barred)
        if got < points:
            cause += f"; {points - got} not scored: " + (
                f"a revoking side cannot go out (at most {hand.target - 1})" if limit == "revoke.cannot-go-out"
                else f"play stops at {hand.target}")
            topic = limit
        elif limit == "game" and self.score[side] + got >= hand.target:
            topic = "game"
        if not got and topic != "revoke.cannot-go-out":
            return
        mark = self.ledger.mark()
        self.ledger.credit(side, got, hand.rule_id(topic), cause)
        self.score[side] += got
        if topic == "revoke.cannot-go-out":
            hand.penalise(topic, f"{side} revoked and cannot go out this hand", since=mark)

    def score_tricks(self, side: str, won: int, barred: set[str], why: str) -> None:
        over = max(0, won - 6)
        if not (over or why):
            return
        mark = self.ledger.mark()
        self.credit(side, over, barred, "revoke.established" if why else "score.tricks",
                    f"{side} took {won} tricks" + (f" ({why})" if why else "") + f": {over} by cards")
        if why:
            gained = self.score[side] - self.hand.ctx.score_before[side]
            self.hand.penalise("revoke.established", f"{side} take {why}: {side} score {gained}", since=mark)

    def honours(self, barred: set[str]) -> None:
        """A, K, Q, J of trumps held by one side: four score 4, three score 2 (E3); not for a side
        that stood one point from game when the deal began (E4)."""
        hand = self.hand
        if not hand.hands_known:
            hand.note("Honours are not scored: the deal lines of all four players are needed.")
            return
        held = Counter(hand.side(p) for p, cards in hand.deals.items()
                       for c in cards if c.suit is hand.trump and c.rank in HONOURS)
        for side, count in ((s, n) for s, n in held.items() if n >= 3):
            if hand.ctx.score_before.get(side, 0) == hand.target - 1:
                hand.note(f"{side} held {count} honours but stood at {hand.target - 1}: honours do not count.")
                continue
            self.credit(side, 4 if count == 4 else 2, barred, "score.honours", f"{side} held {count} honours")

    def game_over(self) -> Played | None:
        """When a side has gone out: the game's value (and the rubber's, when it ends), in a note."""
        hand = self.hand
        out = [s for s, points in self.score.items() if points >= hand.target]
        if not out:
            return None
        winner = max(out, key=lambda s: self.score[s])
        loser = hand.other(winner)
        if hand.game_options["game"] == "short":
            value = 3 if self.score[loser] == 0 else 2 if self.score[loser] <= 2 else 1
            words = {3: "a treble", 2: "a double", 1: "a single"}[value]
        elif hand.game_options["game"] == "long":
            value, words = 1, "one"
        else:
            top = self.score[winner] if self.play_out() else hand.target
            value, words = top - self.score[loser], f"{top} - {self.score[loser]} = {top - self.score[loser]}"
        hand.note(f"{winner} win the game, worth {words}.")
        if hand.by_game("rubber"):
            self.rubber((*hand.games, (winner, value)))
        return winner, value

    def rubber(self, games: tuple[Played, ...]) -> None:
        """The side that has won two games wins the rubber: its games and the bonus, less the other's game."""
        side, count = Counter(s for s, _ in games).most_common(1)[0]
        if count >= 2:
            mine = [*(v for s, v in games if s == side), self.hand.game_options["rubber-bonus"]]
            theirs = [v for s, v in games if s != side]
            terms = " + ".join(map(str, mine)) + "".join(f" - {v}" for v in theirs)
            self.hand.note(f"{side} win the rubber: {terms} = {sum(mine) - sum(theirs)}.")
