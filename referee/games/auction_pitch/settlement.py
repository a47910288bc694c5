"""The scoring of one replayed Auction Pitch hand: the sale, High, Low, Jack and Game, the set-back,
the revoke penalty, who goes out and the pool.

`settle` reads the replayed hand and writes only to the ledger and the settlement the hand keeps
while it is settled (its `note` and `penalise`), so settling twice gives the same verdict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine.laws import Effect
from ...engine.ledger import Ledger
from ...notation.cards import ACE, JACK, KING, QUEEN, Card
from .penalties import sale_kept, set_back

if TYPE_CHECKING:
    from .hand import AuctionPitchHand

POINTS = ("high", "low", "jack", "game")
"""The four points, in the order they count out when several players can go out."""

PIPS = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1, 10: 10}


@dataclass(slots=True)
class Outcome:
    """What settling the hand works out besides its ledger: the four points, whether the pitcher
    made his bid, and who went out."""

    points: dict[str, str | None] | None = None
    made: bool | None = None
    winner: str | None = None


def settle(hand: AuctionPitchHand, ledger: Ledger) -> Outcome:
    """Every payment of the hand, through `ledger`."""
    return PitchSettlement(hand, ledger).settle()


class PitchSettlement:
    """Settles one hand: reads the hand, pays through the ledger."""

    def __init__(self, hand: AuctionPitchHand, ledger: Ledger) -> None:
        self.hand = hand
        self.auction = hand.auction
        self.ledger = ledger

    def settle(self) -> Outcome:
        hand, auction, ledger = self.hand, self.auction, self.ledger
        outcome = Outcome()
        status = hand.status()
        if status == "redeal":
            hand.note(f"{hand.dealer} deals again: the deal is not lost [auction-pitch.deal.misdeal]")
            return outcome
        if status == "thrown-in":
            hand.note("everyone passed: the hand is thrown in and the deal passes to the left "
                      "[auction-pitch.bidding.board-all-pass]")
            return outcome
        if auction.sale == "sold":
            bid = auction.highest[1] if auction.highest else auction.sale_points
            capped = auction.sale_points < bid  # the full-value custom: he scores only to one to go
            ledger.credit(auction.eldest, auction.sale_points,
                          hand.rule_id("bidding.full-value" if capped else "score.sale"),
                          f"{auction.eldest} sold the pitch to {auction.pitcher} for {bid}"
                          + (", scoring only to within one of game" if capped else ""))
        if status == "complete":
            self.score_play(outcome)
        if ledger.pool and outcome.winner is not None:
            hand.note(f"{outcome.winner} takes the pool of {ledger.pool} red counters [auction-pitch.game.pool]")
            ledger.out_of_pool(outcome.winner, ledger.pool, hand.rule_id("game.pool"), f"{outcome.winner} won the game")
        return outcome

    def won_points(self) -> dict[str, str | None]:
        """Who takes High, Low, Jack and Game in a finished hand (a tie on Game is noted)."""
        table, trump = self.hand.table, self.hand.trump
        assert table is not None and trump is not None
        trumps: list[tuple[str, Card, str | None]] = []  # (player, card, who won its trick), in the order played
        pips: dict[str, int] = {}
        for trick in table.tricks:  # one pass over the cards for all four points
            winner = trick.winner
            for play in trick.plays:
                card = play.card
                if card.suit is trump:
                    trumps.append((play.player, card, winner))
                if winner is not None:
                    pips[winner] = pips.get(winner, 0) + PIPS.get(card.rank, 0)
        points: dict[str, str | None] = {
            "high": max(trumps, key=lambda t: t[1].rank)[0] if trumps else None,
            "low": min(trumps, key=lambda t: t[1].rank)[0] if trumps else None,
            "jack": next((won for _, card, won in trumps if card.rank == JACK), None),
            "game": None,
        }
        best = max(pips.values(), default=0)
        leaders = [p for p, n in pips.items() if n == best]
        if best > 0 and len(leaders) == 1:
            points["game"] = leaders[0]
        elif best > 0:
            self.hand.note(f"Game is tied at {best} pips between {' and '.join(leaders)}: nobody scores it "
                           "[auction-pitch.score.game]")
        return points

    def score_play(self, outcome: Outcome) -> None:
        hand, ledger, to_make = self.hand, self.ledger, self.auction.to_make
        points = self.won_points()
        outcome.points = points
        pitcher = self.auction.pitcher or ""
        taken = sum(1 for p in points.values() if p == pitcher)
        made = to_make is None or taken >= to_make
        outcome.made = made if to_make is not None else None
        offenders = list(dict.fromkeys(r.player for r in hand.revokes))
        excluded = set(offenders) | ({pitcher} if not made and not offenders else set())
        for name in POINTS:
            who = points[name]
            if who is not None and who not in excluded:
                ledger.credit(who, 1, hand.rule_id(f"score.{name}"), f"{who} takes {name.capitalize()}")
        for offender in offenders:
            self.penalise_revoke(offender, [name for name, who in points.items() if who == offender])
        if offenders and not made and pitcher not in offenders:
            hand.note(f"{pitcher} made {taken} of {to_make} but is not set back because of the revoke "
                      "[auction-pitch.revoke.established]")
        elif not offenders and not made:
            self.set_back(pitcher, taken)
        outcome.winner = None if hand.game_over else self.count_out(points, excluded, made)

    def penalise_revoke(self, offender: str, lost: list[str]) -> None:
        """The revoker's points go to nobody; he is set back and pays a red counter (a seller keeps
        the points of his sale, scored before the play)."""
        hand, ledger = self.hand, self.ledger
        amount = set_back(hand)
        revoked = any(r.player == offender and r not in hand.disobeyed for r in hand.revokes)
        topic = "revoke.established" if revoked else "call.disobeyed"
        rule, cause = hand.rule_id(topic), f"{offender} revoked"
        mark = ledger.mark()
        ledger.credit(offender, -amount, rule, cause)
        ledger.into_pool(offender, 1, rule, cause)
        names = " and ".join(name.capitalize() for name in lost)
        nobody = (f"his {names} {'goes' if len(lost) == 1 else 'go'} to nobody" if lost
                  else "he won no point to lose")
        kept = sale_kept(hand, offender)
        hand.penalise(topic, f"{offender} revoked: {nobody}{kept}; he is set back {amount} and pays one red counter "
                      "to the pool", (Effect("hand-not-scored", offender),), since=mark)

    def set_back(self, pitcher: str, taken: int) -> None:
        hand, ledger, to_make = self.hand, self.ledger, self.auction.to_make
        assert to_make is not None
        rule, cause = hand.rule_id("score.set-back"), f"{pitcher} made {taken} of {to_make}"
        mark = ledger.mark()
        ledger.credit(pitcher, -to_make, rule, cause)
        if hand.game_options["setback-red-counter"]:
            ledger.into_pool(pitcher, 1, rule, cause)
        hand.penalise("score.set-back", f"{pitcher} made {taken} of the {to_make} he had to make: he scores "
                      f"nothing and is set back {to_make}", (Effect("hand-not-scored", pitcher),), since=mark)

    def count_out(self, points: dict[str, str | None], excluded: set[str], made: bool) -> str | None:
        """Who goes out on this deal: sale first, then Smudge, bidder first, then High, Low, Jack, Game."""
        hand, auction = self.hand, self.auction
        target, before, delta = hand.target, hand.ctx.score_before, self.ledger.delta
        running = dict(before)
        eldest = auction.eldest
        running[eldest] = running.get(eldest, 0) + (auction.sale_points if auction.sale == "sold" else 0)
        if auction.sale == "sold" and running[eldest] >= target:
            return eldest
        pitcher = auction.pitcher or ""
        taken = sum(1 for p in points.values() if p == pitcher)
        bidder_counts = auction.to_make is not None and made and pitcher not in excluded
        if bidder_counts and hand.game_options["smudge"] and auction.to_make == 4 and taken == 4 \
                and before.get(pitcher, 0) >= 0:
            hand.note(f"{pitcher} bid four and made all four: Smudge wins the game [auction-pitch.game.smudge]")
            return pitcher
        if bidder_counts and running.get(pitcher, 0) + taken >= target:
            hand.note(f"{pitcher} made his bid and goes out: the bidder goes out first [auction-pitch.game.count-out]")
            return pitcher
        for name in POINTS:
            who = points[name]
            if who is None or who in excluded:
                continue
            running[who] = running.get(who, 0) + 1
            if running[who] >= target:
                if sum(1 for p in hand.order if before.get(p, 0) + delta[p] >= target) > 1:
                    hand.note(f"counting out High, Low, Jack, Game: {who} reaches {target} first, on "
                              f"{name.capitalize()} [auction-pitch.game.count-out]")
                return who
        return None
