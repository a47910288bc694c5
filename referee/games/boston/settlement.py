"""Boston's settlement: who pays whom, and what goes into or out of the pool, from the replayed hand alone
(its contract, tricks, revokes, claims and short hands), in the rulebook's amounts (`TABLES`). It changes
only the ledger it is given (and the hand's penalties and notes), so settling a hand twice gives the same result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...engine.laws import Effect
from ...engine.ledger import Ledger
from ...engine.paytable import PayTable
from .auction import BostonBid

if TYPE_CHECKING:
    from .hand import BostonHand


TABLES: Final = PayTable("boston", "tables")
"""The rulebook's numbers: payment tables (white), pool amounts (red)."""


def bid_name(hand: BostonHand, bid: BostonBid) -> str:
    """`bid` in the words a player reads: a misère as the rulebook names it (the ladder's names are
    the notation's: grand-misere), any other bid as it is written."""
    return (hand.say("pay.misere", "little-misere") if bid.name == "little-misere"
            else hand.say("pay.misere", "grand-misere") if bid.name == "grand-misere"
            else hand.say("pay.misere", "little-spread") if bid.name == "little-spread"
            else hand.say("pay.misere", "grand-spread") if bid.name == "grand-spread" else bid.text)


class BostonSettlement:
    """The payments of one replayed hand (`settle`), in the order the laws take them: the pool's refill, then a
    misdeal, a thrown-in deal, misère partout, the extra grand or the contract; after the last deal, the division."""

    def __init__(self, hand: BostonHand) -> None:
        self.hand, self.options = hand, hand.game_options
        self.caller, self.opponents = hand.called.caller, hand.called.against  # the contract's, read once
        self.kept = hand.missing_discards() if hand.table is not None and hand.table.tricks else []  # never discarded

    @property
    def bid(self) -> BostonBid:
        assert self.hand.high is not None
        return self.hand.high

    def put_in(self) -> tuple[int, str]:
        """Tricks the caller is put in for (those he cannot make winning every trick left he holds a card
        for, a short one none for the last (law 19); at least one; one in a misère), and why, in words."""
        hand, bid, caller, table = self.hand, self.bid.tricks, self.caller, self.hand.table
        if self.bid.misere or bid is None:
            return 1, "1"
        taken = hand.taken()[caller]
        left = table.tricks_in_hand - len(table.tricks) if table else hand.cards_per_hand
        if table is not None and table.hands is not None and caller in table.hands and caller in hand.short_players():
            left = min(left, len(table.hands[caller]) + (1 if caller in table.current.players else 0))
        if (short := bid - taken - left) >= 1:
            return short, (hand.say("pay.failure", "short-left", short=short, taken=taken, left=left, bid=bid) if left
                           else hand.say("pay.failure", "short-bid", short=short, bid=bid, taken=taken))
        return 1, (hand.say("pay.failure", "least-left", left=left, bid=bid) if left
                   else hand.say("pay.failure", "least"))

    def settle(self, ledger: Ledger) -> None:
        """Every payment of the hand, penalties included, through `ledger`."""
        hand = self.hand
        if ledger.pool == 0:
            stake = TABLES.amount("pool", "stake")
            for player in hand.order:
                ledger.into_pool(player, stake, hand.rule_id("pool.stake"), hand.say("pool.stake", "cause"))
            hand.note(hand.say("pool.stake", "empty", stake=stake))
        status = hand.status()
        if status == "redeal":
            self.settle_misdeal(ledger)
        elif status == "thrown-in":
            hand.note(hand.say("partout", "thrown-in", next=hand.eldest))
        elif status != "in-progress":
            (self.settle_partout if hand.partout else self.settle_contract)(ledger)  # the final grand: no bid
        if status not in ("redeal", "in-progress") and hand.deal == TABLES.number("game-deals") \
                and self.options["end-of-game"] == "divide":
            red, share, left = ledger.divide_pool(hand.order, hand.rule_id("pool.division"),
                                                  hand.say("pool.division", "cause", number=hand.deal), hand.eldest)
            left_over = hand.say("pool.division", "left-over", left=left, eldest=hand.eldest) if left else ""
            hand.note(hand.say("pool.division", "divided", number=hand.deal, red=red, share=share, left=left_over))

    def settle_misdeal(self, ledger: Ledger) -> None:
        hand, dealer, why = self.hand, self.hand.dealer, self.hand.redeal_why()
        if why == "imperfect-pack":
            missing = [] if "duplicate-card" in hand.deal_faults else hand.missing_cards()
            lacks = " ".join(c.text for c in missing)
            hand.note(hand.say("deal.duplicate-card", "imperfect-lacks", cards=lacks, dealer=dealer) if missing
                      else hand.say("deal.duplicate-card", "imperfect", dealer=dealer))
        elif why == "faced-card":
            hand.note(hand.say("deal.duplicate-card", "faced", dealer=dealer))
        elif hand.deals_next == dealer:  # not a wrong deal stopped (boston.deal.wrong-dealer)
            red, mark, rule = TABLES.amount("pool", "misdeal"), ledger.mark(), hand.rule_id("deal.misdeal")
            ledger.into_pool(dealer, red, rule, hand.say("deal.misdeal", "cause", dealer=dealer))
            hand.penalty("deal.misdeal", "forfeit", dealer=dealer, red=red,
                         effects=(Effect("redeal", None, None, dealer),), since=mark)

    def settle_partout(self, ledger: Ledger) -> None:
        """Misère partout, or the extra grand (whose last trick wins every pool): revokes and short hands alike."""
        hand, revokes, short, table = self.hand, self.hand.revokes, self.hand.short_players(), self.hand.table
        if revokes:
            revoker, rule, mark = hand.revokes_as_played()[0].player, hand.rule_id("revoke.partout"), ledger.mark()
            each, forfeit = TABLES.amount("partout", "revoke-each"), TABLES.amount("pool", "revoke")
            cause = hand.say("revoke.partout", "cause", offender=revoker)
            ledger.loses([revoker], [p for p in hand.order if p != revoker], ledger.in_score(each), rule, cause)
            ledger.into_pool(revoker, forfeit, rule, cause)
            hand.penalty("revoke.partout", "paid", offender=revoker, each=each, forfeit=forfeit, since=mark)
        elif short:
            self.played_short(ledger, short[0])
        elif hand.final_grand and table is not None and table.tricks:
            winner, red = table.tricks[-1].winner or hand.eldest, ledger.in_pool  # every pool, however many full
            ledger.out_of_pool(winner, red, hand.rule_id("pool.division"),
                               hand.say("pool.division", "cause-grand", winner=winner))
            hand.note(hand.say("pool.division", "grand", winner=winner, red=red))
        else:
            tricks = hand.taken()
            most = max(tricks.values())
            losers = [p for p in hand.order if tricks[p] == most]
            for player in (p for p in hand.order if p not in losers):
                fewer = most - tricks[player]
                share = ledger.in_score(TABLES.amount("partout", "per-trick") * fewer) // len(losers)
                for loser in losers:
                    ledger.transfer(loser, player, share, hand.rule_id("pay.partout"),
                                    hand.say("pay.partout", "cause", player=player, fewer=fewer, loser=loser))
            named = " ".join(losers)
            hand.note(hand.say("pay.partout", "shared", most=most, losers=named, shared=" and ".join(losers))
                      if len(losers) > 1 else hand.say("pay.partout", "played", most=most, losers=named))

    def settle_contract(self, ledger: Ledger) -> None:
        hand, short, caller, rule = self.hand, self.hand.short_players(), self.caller, self.hand.rule_id("i-pay")
        first = hand.revokes_as_played()[:1]  # the first played settles the hand
        if first and first[0].player == caller:
            self.caller_revoked(ledger)
        elif first:
            self.opponent_revoked(ledger, first[0].player)
        elif hand.claimed_from is not None:
            self.misere_claimed(ledger, hand.claimed_from)
        elif short:
            self.played_short(ledger, short[0])
        elif hand.conceded_by == caller:  # he gave up
            each, cause = self.amount(1, made=False), hand.say("i-pay", "cause-gave-up", caller=caller)
            red = ledger.loses([caller], self.opponents, each, rule, cause, rule)
            hand.note(hand.say("i-pay", "gave-up", caller=caller, each=each, red=red))
        elif len(hand.payers) == 3 and hand.rest_claimant != caller:
            each = self.amount(self.bid.tricks or 0)
            red = ledger.wins(self.opponents, [caller], each, rule, hand.say("i-pay", "cause-all-pay"),
                              hand.rule_id("pool.win") if self.wins_pool() else None)
            hand.note(hand.say("i-pay", "all-pay", each=each, bid=bid_name(hand, self.bid), pool=self.pool_taken(red)))
        else:
            self.settle_played(ledger)
        for player in self.kept:  # played on with thirteen cards for a little misère: he forfeits, as a wrong count
            mark, red, rule = ledger.mark(), TABLES.amount("pool", "wrong-count"), hand.rule_id("misere.discard")
            ledger.into_pool(player, red, rule, hand.say("misere.discard", "cause", player=player))  # F p167
            hand.penalty("misere.discard", "kept", player=player, forfeit=red, since=mark)

    def made(self, taken: int) -> bool:
        return taken == 0 if self.bid.misere else taken >= (self.bid.tricks or 5)

    def wins_pool(self) -> bool:
        """Whether a caller paid as successful takes the pool: seven or better (by rank, misères counting, or by house
        rule by tricks), or one the opponents made him play out (§8.1): to the last trick, or his claim conceded."""
        hand, table, bid, by_tricks = self.hand, self.hand.table, self.bid, self.options["pool-bid"] == "tricks"
        if (table is not None and table.finished) or (hand.ended_as("conceded") and hand.rest_claimant == self.caller):
            return True
        return (bid.tricks or 0) >= 7 if by_tricks else bid.key()[0] > BostonBid("6").key()[0]

    def amount(self, tricks: int, made: bool = True) -> int:
        """What each opponent is paid: for the bid made with `tricks` (a success row runs from the bid taken, a
        one-entry row paying no over-tricks), or failed by `tricks` put in (a failure row from one trick)."""
        bid = self.bid.tricks or 5
        if self.bid.misere:
            return TABLES.amount("misere", self.bid.name)
        return (TABLES.by_tricks(("success", self.options["success-table"], bid), tricks - bid) if made
                else TABLES.by_tricks(("failure", self.options["failure-table"], bid), tricks - 1))

    def pool_taken(self, red: int) -> str:
        return self.hand.say("pool.win", "taken", caller=self.caller, red=red) if red else ""

    def settle_played(self, ledger: Ledger) -> None:
        hand, bid, caller = self.hand, self.bid, self.caller
        taken = hand.taken_as_conceded()[caller]  # the tricks left his, when his claim was conceded
        if caller in self.kept and taken == 0:  # thirteen cards: he wins nothing
            return
        if self.made(taken):
            each, rule = self.amount(taken), hand.rule_id("pay.misere" if bid.misere else "pay.success")
            cause = hand.say("pay.success", "cause", caller=caller, bid=bid_name(hand, bid), taken=taken)
            red = ledger.wins(self.opponents, [caller], each, rule, cause, hand.rule_id("pool.win"))
            hand.note(hand.say("pay.misere", "made", caller=caller, name=bid_name(hand, bid), each=each,
                               pool=self.pool_taken(red)) if bid.misere else
                      hand.say("pay.success", "made", cause=cause, each=each, pool=self.pool_taken(red)))
            return
        short, words = self.put_in()
        each, rule = self.amount(short, made=False), hand.rule_id("pay.misere" if bid.misere else "pay.failure")
        cause = hand.say("pay.failure", "cause", caller=caller, bid=bid_name(hand, bid),  # a misère's too
                         put_in="" if bid.misere else hand.say("pay.failure", "put-in", short=short))
        red = ledger.loses([caller], [p for p in self.opponents if p not in self.kept], each, rule, cause,
                           hand.rule_id("pool.double"))
        doubled = hand.say("pay.failure", "doubled", caller=caller, red=red) if red else ""
        hand.note(hand.say("pay.misere", "failed", caller=caller, name=bid_name(hand, bid), each=each,
                           pool=doubled) if bid.misere else
                  hand.say("pay.failure", "failed", caller=caller, bid=bid.text, taken=taken, each=each,
                           put_in=hand.say("pay.failure", "put-in", short=words), pool=doubled))

    def caller_revoked(self, ledger: Ledger) -> None:
        """Put in, he pays each opponent, doubles the pool and forfeits red, as the caller-revoke house rule has it."""
        hand, caller, rule, mark = self.hand, self.caller, self.hand.rule_id("revoke.caller"), ledger.mark()
        (short, words), variant = self.put_in(), self.options["caller-revoke"]
        each, cause = self.amount(short, made=False), hand.say("revoke.caller", "cause", caller=caller)
        red = ledger.loses([caller], self.opponents, each, rule, cause, rule if variant != "forfeit-instead" else None)
        forfeit = TABLES.amount("pool", "revoke") if variant != "no-forfeit" else 0
        ledger.into_pool(caller, forfeit, rule, cause)
        doubled = hand.say("revoke.caller", "doubled", red=red) if variant != "forfeit-instead" else ""
        forfeits = hand.say("revoke.caller", "forfeit", forfeit=forfeit) if forfeit else ""
        hand.penalise("revoke.caller", hand.say("revoke.caller", "paid-misere", caller=caller, each=each,
                                                name=bid_name(hand, self.bid), doubled=doubled, forfeit=forfeits)
                      if self.bid.misere else
                      hand.say("revoke.caller", "paid", caller=caller, put_in=words, each=each, doubled=doubled,
                               forfeit=forfeits), since=mark)

    def misere_claimed(self, ledger: Ledger, offender: str) -> None:
        """An opponent's misère error claimed: paid as a misère made, the pool with it; the offender forfeits red."""
        hand, caller, rule, mark = self.hand, self.caller, self.hand.rule_id("misere.error"), ledger.mark()
        each, forfeit = self.amount(0), TABLES.amount("pool", "misere-error")
        cause = hand.say("misere.error", "cause", offender=offender)
        red = ledger.wins(self.opponents, [caller], each, rule, cause, rule)
        ledger.into_pool(offender, forfeit, rule, cause)
        hand.penalise("misere.error", hand.say("misere.error", "claims", caller=caller, each=each, red=red,
                                               offender=offender, forfeit=forfeit), since=mark)

    def played_short(self, ledger: Ledger, short: str) -> None:
        """A short hand played on: in misère partout (or the extra grand) it pays each other player; the caller's
        is put in, doubling the pool; an opponent's side pays the caller as successful, with every over-trick
        (law 19). Dealt short, not by two cards to one trick, he also forfeits red to the pool."""
        hand, caller, rule, mark = self.hand, self.caller, self.hand.rule_id("wrong-count.play"), ledger.mark()
        cause = (hand.say("wrong-count.play", "cause-partout", short=short) if hand.partout
                 else hand.say("wrong-count.play", "cause", short=short))
        if hand.partout:
            each = TABLES.amount("partout", "short-each")
            ledger.loses([short], [p for p in hand.order if p != short], ledger.in_score(each), rule, cause)
            what = hand.say("wrong-count.play", "partout", offender=short, each=each)
        elif short == caller:
            tricks, words = self.put_in()
            each = self.amount(tricks, made=False)
            red = ledger.loses([caller], self.opponents, each, rule, cause, rule)
            what = hand.say("wrong-count.play", "caller", caller=caller, put_in=words, each=each, red=red)
        else:
            each = self.amount(hand.taken_as_conceded()[caller])  # every over-trick, those conceded him too
            red = ledger.wins(self.opponents, [caller], each, rule, cause, rule if self.wins_pool() else None)
            pool = hand.say("wrong-count.play", "pool", caller=caller, red=red) if red else ""
            bare = self.bid.misere or self.options["success-table"] == "american"  # no over-tricks to pay
            what = (hand.say("wrong-count.play", "opponent-bare", offender=short, caller=caller, each=each,
                             bid=bid_name(hand, self.bid), pool=pool) if bare else
                    hand.say("wrong-count.play", "opponent", offender=short, caller=caller, each=each, pool=pool))
        if short in hand.dead_cards and not hand.dealt_short(short):
            hand.penalty("wrong-count.play", "dead", what=what, short=short, since=mark)
            return
        forfeit = TABLES.amount("pool", "wrong-count")
        ledger.into_pool(short, forfeit, rule, cause)
        hand.penalty("wrong-count.play", "forfeit", what=what, short=short, forfeit=forfeit, since=mark)

    def opponent_revoked(self, ledger: Ledger, revoker: str) -> None:
        hand, bid, caller, over, mark = self.hand, self.bid, self.caller, self.hand.revoke_overtricks(), ledger.mark()
        tricks, taken = (bid.tricks or 0) + over, hand.taken_as_conceded()[caller]
        more = self.amount(taken) > self.amount(tricks)  # played on: never less than his own tricks earned him
        each, double = self.amount(taken if more else tricks), self.options["opponent-revoke-pool"] == "double"
        rule, cause = hand.rule_id("revoke.opponent"), hand.say("revoke.opponent", "cause", revoker=revoker)
        paid_in = ledger.first_pool("", "")[0] if double else TABLES.amount("pool", "revoke")  # doubling: what it held
        wins = self.wins_pool() and (self.options["revoke-wins-pool"] or self.made(taken))  # off: if his tricks won it
        red = ledger.wins(self.opponents, [caller], each, rule, cause, rule if wins else None)
        ledger.into_pool(revoker, paid_in, rule, cause)  # though the caller took the pool he doubles
        forfeit = (hand.say("revoke.opponent", "doubles", revoker=revoker, red=paid_in) if double
                   else hand.say("revoke.opponent", "forfeits", revoker=revoker, red=paid_in))
        paid = (hand.say("revoke.opponent", "made", bid=bid.text, taken=taken) if more
                else hand.say("revoke.opponent", "over", bid=bid.text, over=over) if over else bid_name(hand, bid))
        hand.penalty("revoke.opponent", "paid", revoker=revoker, caller=caller, each=each, bid=paid,
                     pool=self.pool_taken(red), forfeit=forfeit, since=mark)
        if hand.ended_as("thrown-up"):
            hand.note(hand.say("revoke.opponent", "decides", revoker=revoker, caller=caller))
