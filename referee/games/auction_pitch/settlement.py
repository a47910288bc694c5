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
from ...notation.cards import ACE, JACK, KING, QUEEN
from .penalties import sale_kept, set_back

if TYPE_CHECKING:
    from .hand import AuctionPitchHand

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
    outcome, auction, status = Outcome(), hand.auction, hand.status()
    if status == "redeal" and hand.deals_next == hand.dealer:  # else a wrong deal stopped, noted as it was
        hand.note(hand.say("deal.misdeal", "again", dealer=hand.dealer))
    elif status == "thrown-in":
        hand.note(hand.say("bidding.board-all-pass", "thrown-in"))
    if status in ("redeal", "thrown-in"):
        return outcome
    if auction.sale == "sold":
        bid = auction.highest[1] if auction.highest else auction.sale_points
        capped = auction.sale_points < bid  # the full-value custom: he scores only to one to go
        sold = hand.say("score.sale", "sold", seller=auction.eldest, pitcher=auction.pitcher, bid=bid)
        ledger.credit(auction.eldest, auction.sale_points, hand.rule_id("bidding.full-value" if capped else
                      "score.sale"), hand.say("bidding.full-value", "sold", sold=sold) if capped else sold)
    if status == "complete":
        score_play(hand, ledger, outcome)
    if ledger.pool and outcome.winner is not None:
        hand.note(hand.say("game.pool", "takes", winner=outcome.winner, pool=ledger.pool))
        ledger.take_pool([outcome.winner], hand.rule_id("game.pool"),
                         hand.say("game.pool", "won", winner=outcome.winner))
    return outcome


def won_points(hand: AuctionPitchHand) -> dict[str, str | None]:
    """Who takes High, Low, Jack and Game in a finished hand, the order they count out in when several
    players can go out (a tie on Game is noted)."""
    table, trump, claimant = hand.table, hand.trump, hand.conceded_by  # who claimed the tricks left, if one did
    assert table is not None and trump is not None
    left = [(p.player, p.card, claimant) for p in table.current.plays] + [  # the trick he stopped, the cards held
        (p, card, claimant) for p, held in (table.hands or {}).items() for card in held] if claimant else []
    cards = [(p.player, p.card, t.winner) for t in table.tricks for p in t.plays] + left  # (player, card, who won it)
    trumps = [c for c in cards if c[1].suit is trump]  # in the order played
    pips: dict[str, int] = {}
    for _, card, won in cards:
        if won is not None:
            pips[won] = pips.get(won, 0) + PIPS.get(card.rank, 0)
    best = max(pips.values(), default=0)
    leaders = [p for p, n in pips.items() if n == best]
    if best > 0 and len(leaders) > 1:
        hand.note(hand.say("score.game", "tied", pips=best, players=" and ".join(leaders)))
    return {"high": max(trumps, key=lambda t: t[1].rank)[0] if trumps else None,
            "low": min(trumps, key=lambda t: t[1].rank)[0] if trumps else None,
            "jack": next((won for _, card, won in trumps if card.rank == JACK), None),
            "game": leaders[0] if best > 0 and len(leaders) == 1 else None}


def score_play(hand: AuctionPitchHand, ledger: Ledger, outcome: Outcome) -> None:
    """The points won, the revokers' and a failed pitcher's set-backs, and who goes out."""
    to_make, pitcher = hand.auction.to_make, hand.auction.pitcher or ""
    outcome.points = points = won_points(hand)
    taken = sum(1 for p in points.values() if p == pitcher)
    made = to_make is None or taken >= to_make
    outcome.made = made if to_make is not None else None
    offenders = list(dict.fromkeys(r.player for r in hand.revokes))
    excluded = set(offenders) | ({pitcher} if not made and not offenders else set())
    for name, who in points.items():
        if who is None or who in excluded:
            continue
        if hand.ctx.score_before.get(who, 0) + ledger.delta[who] >= hand.target:  # no white counter left to push
            hand.note(hand.say("game.target", "no-counter", player=who, point=name.capitalize()))
        else:
            ledger.credit(who, 1, hand.rule_id(f"score.{name}"),
                          hand.say("score.made", "takes", player=who, point=name.capitalize()))
    for offender in offenders:  # his points go to nobody; he is set back and pays a red counter
        lost = [name.capitalize() for name, who in points.items() if who == offender]
        revoked = any(r.player == offender and r not in hand.disobeyed for r in hand.revokes)
        topic = "revoke.established" if revoked else "call.disobeyed"
        amount, mark = set_back(hand, offender), ledger.mark()
        cause = hand.say("revoke.established", "cause", player=offender)  # a call disobeyed is dealt with as one
        ledger.credit(offender, -amount, hand.rule_id(topic), cause)
        ledger.into_pool(offender, 1, hand.rule_id(topic), cause)
        nobody = (hand.say("revoke.established", "none-lost") if not lost  # a seller keeps his sale's points
                  else hand.say("revoke.established", "lost-one", points=lost[0]) if len(lost) == 1
                  else hand.say("revoke.established", "lost", points=" and ".join(lost)))
        words = hand.say("revoke.established", "revoked-sold", player=offender, lost=nobody, amount=amount,
                         points=kept) if (kept := sale_kept(hand, offender)) else \
            hand.say("revoke.established", "revoked", player=offender, lost=nobody, amount=amount)
        hand.penalise(topic, words, (Effect("hand-not-scored", offender),), since=mark)
    if offenders and not made and pitcher not in offenders:
        hand.note(hand.say("revoke.established", "not-set-back", pitcher=pitcher, taken=taken, to_make=to_make))
    elif not offenders and not made and to_make is not None:
        rule, mark = hand.rule_id("score.set-back"), ledger.mark()
        cause = hand.say("score.set-back", "cause", pitcher=pitcher, taken=taken, to_make=to_make)
        ledger.credit(pitcher, -to_make, rule, cause)
        if hand.game_options["setback-red-counter"]:
            ledger.into_pool(pitcher, 1, rule, cause)
        hand.penalty("score.set-back", "set-back", pitcher=pitcher, taken=taken, to_make=to_make,
                     effects=(Effect("hand-not-scored", pitcher),), since=mark)
    outcome.winner = None if hand.game_over else count_out(hand, ledger, points, excluded, made, taken)


def count_out(hand: AuctionPitchHand, ledger: Ledger, points: dict[str, str | None], excluded: set[str],
              made: bool, taken: int) -> str | None:
    """Who goes out on this deal: sale first, then Smudge, bidder first, then High, Low, Jack, Game."""
    auction, target, before = hand.auction, hand.target, hand.ctx.score_before
    running, eldest, pitcher = dict(before), auction.eldest, auction.pitcher or ""
    running[eldest] = running.get(eldest, 0) + (auction.sale_points if auction.sale == "sold" else 0)
    if auction.sale == "sold" and running[eldest] >= target:
        return eldest
    bidder_counts = auction.to_make is not None and made and pitcher not in excluded
    if bidder_counts and hand.game_options["smudge"] and auction.to_make == 4 and taken == 4 \
            and before.get(pitcher, 0) >= 0:
        hand.note(hand.say("game.smudge", "smudge", pitcher=pitcher))
        return pitcher
    if bidder_counts and running.get(pitcher, 0) + taken >= target:  # the words fit how he came to pitch
        bidder, bid = auction.highest or ("", 0)
        hand.note(hand.say("game.count-out", "refused", pitcher=pitcher, bidder=bidder, bid=bid)
                  if auction.sale == "refused" else hand.say("game.count-out", "pitched", pitcher=pitcher)
                  if auction.sale == "pitched" else hand.say("game.count-out", "bidder", pitcher=pitcher))
        return pitcher
    for name, who in ((n, w) for n, w in points.items() if w is not None and w not in excluded):
        running[who] = running.get(who, 0) + 1
        if running[who] >= target:
            if sum(1 for p in hand.order if before.get(p, 0) + ledger.delta[p] >= target) > 1:
                hand.note(hand.say("game.count-out", "first", player=who, target=target, point=name.capitalize()))
            return who
    return None
