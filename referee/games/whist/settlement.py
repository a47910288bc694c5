"""The score of a replayed whist hand: the revoke transfers, tricks over six, honours, the stop at
game and the revoking side's cap; and, when a side goes out, the game's value and the rubber.

Settling reads the hand and writes only the ledger (and the penalties and notes it explains), so
settling twice gives the same verdict."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ...engine.laws import Effect
from ...engine.ledger import Ledger
from ...engine.penalties import reword_miscounts
from ...engine.scoring import honours_placed

if TYPE_CHECKING:
    from .hand import WhistHand

Played = tuple[str, int]
"""What the session needs from a hand that ends a game: who went out, and the game's value."""


class WhistSettlement:
    __slots__ = ("barred", "capped", "hand", "ledger", "play_out", "score")

    def __init__(self, hand: WhistHand) -> None:
        self.hand, self.play_out = hand, hand.game_options["game-end"] == "play-out"

    def settle(self, ledger: Ledger) -> Played | None:
        hand, status = self.hand, self.hand.status()
        self.ledger, self.score, self.capped = ledger, dict(hand.ctx.score_before), set[str]()
        if status == "redeal":
            self.redeal()
        if status != "complete":
            return None
        tricks = hand.won_by_side()
        transferred, points = self.transfer(tricks)
        self.barred = set() if hand.game_options["revoker-can-go-out"] else {hand.side(r.player) for r in hand.revokes}
        for side, option in points:  # E72: the English penalty in points, scored before everything else
            mark, them = ledger.mark(), hand.other(side)
            if option == "add-three":
                self.credit(them, 3, "revoke.established", hand.say("revoke.established", "add-three", others=them,
                                                                    side=side))
            else:  # taken from the revokers' score, not below 0 (A6)
                lost = min(3, self.score[side])
                ledger.credit(side, -lost, hand.rule_id("revoke.established"), hand.say(
                    "revoke.established", "deducted-one", points=lost, side=side) if lost == 1 else hand.say(
                    "revoke.established", "deducted", points=lost, side=side))
                self.score[side] -= lost
            hand.penalty("revoke.established", "chose", others=them, option=option, side=side, since=mark)
        for side in sorted(tricks, key=lambda s: s not in transferred):  # the revoke's points first (E5)
            won, why, mark = tricks[side], transferred.get(side, ""), ledger.mark()
            by = max(0, won - 6)
            if won > 6 and not why:
                self.credit(side, by, "score.tricks", hand.say("score.tricks", "took", side=side, won=won, by=by))
            if why:
                self.credit(side, by, "revoke.established",
                            hand.say("revoke.established", "took", side=side, won=won, why=why, by=by))
                gained = self.score[side] - hand.ctx.score_before[side]
                hand.penalty("revoke.established", "take", side=side, why=why, gained=gained, since=mark)
        if hand.by_game("honours"):
            self.honours()
        return self.game_over()

    def redeal(self) -> None:
        """The penalty of a misdeal (the deal lost), or of both sides revoking under both-revoke=new-deal."""
        hand, why = self.hand, self.hand.redeal_why()
        if why == "misdeal":
            nxt = hand.next_dealer()
            words = hand.say("deal.misdeal", "passes", dealer=hand.dealer, next=nxt) if nxt != hand.dealer \
                else hand.say("deal.misdeal", "deals-again", dealer=hand.dealer)
            hand.penalise("deal.misdeal", words, (Effect("redeal", None, None, nxt),))
        elif why == "interrupted":  # W18: the adversary's fault, not the dealer's, which the findings say too
            reword_miscounts(hand, hand.say("deal.wrong-count", "interrupted", dealer=hand.dealer))
            hand.penalty("deal.interrupted", "interrupted", dealer=hand.dealer,
                         effects=(Effect("redeal", None, None, hand.dealer),))
        elif why == "new-deal" and hand.both_revoked() and hand.redeal is None:
            hand.penalty("revoke.established", "both-revoked", effects=(Effect("redeal", None, None, hand.dealer),))

    def transfer(self, tricks: dict[str, int]) -> tuple[dict[str, str], list[tuple[str, str]]]:
        """Two tricks from the revoking side to the adversaries per revoke (one for each further revoke
        under later-one-trick; three when the English adversaries take three), never more than the
        revokers hold (A3): each side's gain in words; and the English penalties in points (side, option)."""
        hand, seen, moved, points = self.hand, Counter[str](), Counter[str](), []
        for index, revoke in enumerate(hand.revokes):
            side, chosen = hand.side(revoke.player), hand.revoke_choices.get(index)
            seen[side] += 1
            if chosen in ("deduct-three", "add-three"):
                points.append((side, chosen))
                continue
            later = seen[side] > 1 and hand.game_options["revoke-repeat"] == "later-one-trick"
            n = min(3 if chosen else 1 if later else 2, tricks[side])
            tricks[side], tricks[hand.other(side)], moved[hand.other(side)] = \
                tricks[side] - n, tricks[hand.other(side)] + n, moved[hand.other(side)] + n
        return {side: hand.say("revoke.established", "moved-one", count=n) if n == 1
                else hand.say("revoke.established", "moved", count=n) for side, n in moved.items()}, points

    def credit(self, side: str, points: int, topic: str, cause: str) -> None:
        """Score what the side may score now (`allowed`), citing the rule that limited it or the game won."""
        hand, target, score = self.hand, self.hand.target, self.score[side]
        got, limit = self.allowed(side, points)
        short = points - got
        if short and limit == "game":
            topic, cause = limit, hand.say("game", "not-scored", cause=cause, points=short, target=target)
        elif short:
            topic = limit
            cause = hand.say("revoke.cannot-go-out", "not-scored", cause=cause, points=short, most=target - 1)
        elif limit == "game" and score + got >= target:
            topic = "game"
        if not got and topic != "revoke.cannot-go-out":
            return
        if not got and side in self.capped:  # the cap already penalised: say what else it cost (honours)
            hand.note(cause)
            return
        mark = self.ledger.mark()
        self.ledger.credit(side, got, hand.rule_id(topic), cause)
        self.score[side] += got
        if topic == "revoke.cannot-go-out" and side not in self.capped:  # one penalty per side, however often it bites
            self.capped.add(side)
            hand.penalty("revoke.cannot-go-out", "barred", side=side, since=mark)

    def allowed(self, side: str, points: int) -> tuple[int, str]:
        """What of `points` the side may score now, and the rule that limits it: none once a side is out in this
        hand (under play-out, but the side out), up to one short of game for a revoker, else up to game."""
        target, score = self.hand.target, self.score[side]
        if any(total >= target for total in self.score.values()) and not (self.play_out and score >= target):
            return 0, "game"
        if side in self.barred:
            return max(0, min(points, target - 1 - score)), "revoke.cannot-go-out"
        return (points if self.play_out else max(0, min(points, target - score))), "game"

    def honours(self) -> None:
        """A, K, Q, J of trumps held by one side: four score 4, three score 2 (E3); none at one point from game
        (E4). Who held each: the deal lines, else the play and the trump card. Honours none of them places are
        left out (a note says so), unless the recorded result shows a count of them that changes the score."""
        hand = self.hand
        played = {c: p for c, (p, _) in hand.table.played.items()} if hand.table is not None else {}
        holders = played | ({hand.upcard: hand.dealer} if hand.upcard else {}) | hand.dealt  # the deal lines first
        known, possible, unplaced = honours_placed(hand.trump, holders, hand.sides.teams)
        base = self.with_honours(known)  # the table knew who held those not placed: its result may show it
        counts = next((c for c in possible if (r := self.with_honours(c)) != base and hand.recorded_as(r)), known)
        if possible:
            cards = " and ".join(c.text for c in unplaced)
            hand.note(hand.say("score.honours", "unknown", cards=cards) if counts is known else hand.say(
                "score.honours", "recorded", cards=cards))
        for side, count in counts.items():
            if count >= 3 and not self.worth(side, count):
                hand.note(hand.say("score.honours", "one-short", side=side, count=count, score=hand.target - 1))
            elif count >= 3:
                self.credit(side, self.worth(side, count), "score.honours",
                            hand.say("score.honours", "held", side=side, count=count))

    def worth(self, side: str, count: int) -> int:
        """The points `count` honours score for `side` (E3): none at one point from game (E4)."""
        one_short = self.hand.ctx.score_before.get(side, 0) == self.hand.target - 1
        return 0 if count < 3 or one_short else 4 if count == 4 else 2

    def with_honours(self, counts: dict[str, int]) -> dict[str, int]:
        """The hand's result with the honours `counts` scored last, as `credit` would score them."""
        before = self.hand.ctx.score_before
        return {s: self.score[s] - before[s] + self.allowed(s, self.worth(s, counts[s]))[0] for s in self.score}

    def game_over(self) -> Played | None:
        """When a side has gone out: the game's value (and the rubber's, when it ends), in a note."""
        hand, score = self.hand, self.score
        if not (out := [s for s, points in score.items() if points >= hand.target]):
            return None
        winner = max(out, key=lambda s: score[s])
        loser = score[hand.other(winner)]
        if hand.game_options["game"] == "short":
            value = 3 if loser == 0 else 2 if loser <= 2 else 1
            words = {3: hand.say("game", "treble"), 2: hand.say("game", "double"), 1: hand.say("game", "single")}[value]
        elif hand.game_options["game"] == "long":
            value, words = 1, hand.say("game", "long")
        else:
            top = score[winner] if self.play_out else hand.target
            value, words = top - loser, hand.say("game", "american", top=top, loser=loser, value=top - loser)
        hand.note(hand.say("game", "won", winner=winner, worth=words))
        games = (*hand.games, (winner, value))
        side, count = Counter(s for s, _ in games).most_common(1)[0]
        if hand.by_game("rubber") and count >= 2:  # two games won the rubber: its games and the bonus, less the other's
            mine = [*(v for s, v in games if s == side), hand.game_options["rubber-bonus"]]
            theirs = [v for s, v in games if s != side]
            terms = " + ".join(map(str, mine)) + "".join(f" - {v}" for v in theirs)
            hand.note(hand.say("game", "rubber", side=side, terms=terms, total=sum(mine) - sum(theirs)))
        return winner, value
