"""Boston's settlement: who pays whom, and what goes into or out of the pool, worked out from
the replayed hand (its contract, tricks, revokes, claims and short hands) and nothing else.
It changes only the ledger it is given (and the penalties and notes of the hand's settlement),
so settling a hand twice gives the same result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.laws import Effect
from ...engine.ledger import Ledger
from .auction import BostonBid
from .pool import double_pool, take_pool

if TYPE_CHECKING:
    from .hand import BostonHand


class BostonSettlement:
    """The payments of one replayed hand (`settle`), in the order the laws take them: the pool's
    refill, then a misdeal, a thrown-in deal, misère partout, the extra grand or the contract, and
    after the last deal the division of the pool."""

    def __init__(self, hand: BostonHand) -> None:
        self.hand = hand
        self.caller, self.high, self.table = hand.caller, hand.high, hand.table
        self.numbers, self.options, self.limit, self.order = hand.numbers, hand.game_options, hand.limit, hand.order
        self.number, self.dealer, self.eldest, self.deals = hand.number, hand.dealer, hand.eldest, hand.deals
        self.revokes = hand.revokes
        self.rule_id, self.penalise, self.note = hand.rule_id, hand.penalise, hand.note

    def caller_tricks(self) -> int:
        assert self.table is not None
        return sum(1 for t in self.table.tricks if t.winner == self.caller)

    def tricks_left(self) -> int:
        return self.table.tricks_in_hand - len(self.table.tricks) if self.table else self.hand.cards_per_hand

    def provable_shortfall(self) -> int:
        """Tricks the caller cannot make even winning all the rest; at least one."""
        assert self.high is not None and self.high.tricks is not None
        taken = self.caller_tricks() if self.table else 0
        return max(1, self.high.tricks - taken - self.tricks_left())

    def why_put_in(self) -> str:
        """Why the caller is put in for `provable_shortfall` tricks, in words."""
        assert self.high is not None and self.high.tricks is not None
        bid, taken, left = self.high.tricks, self.caller_tricks() if self.table else 0, self.tricks_left()
        if bid - taken - left >= 1:
            return f"{bid} bid, {taken} taken" if not left else \
                f"{taken} taken and {left} still to play cannot make {bid}"
        return "the least" + (f": with {left} tricks still to play he could have made {bid}" if left else "")

    def settle(self, ledger: Ledger) -> None:
        """Every payment of the hand, penalties included, through `ledger`."""
        if ledger.pool == 0:
            stake = self.numbers.pool["stake"]
            for player in self.order:
                ledger.into_pool(player, stake, self.rule_id("pool.stake"), "the pool was empty before the deal")
            self.note(f"The pool was empty: each player puts in {stake} red before the deal.")
        status = self.hand.status()
        if status == "redeal":
            self.settle_misdeal(ledger)
        elif status == "thrown-in":
            self.note(f"Nobody bid and the deal was thrown in: nobody pays anything, and the deal passes "
                      f"to {self.hand.left_of(self.dealer)}.")
            if self.number == self.numbers.game_deals and self.options["end-of-game"] == "divide":
                self.divide(ledger)
        elif status != "in-progress":
            if self.hand.final_grand:
                self.settle_final_grand(ledger)
            elif self.hand.partout:
                self.settle_partout(ledger)
            else:
                self.settle_contract(ledger)
            if self.number == self.numbers.game_deals and self.options["end-of-game"] == "divide":
                self.divide(ledger)

    def settle_misdeal(self, ledger: Ledger) -> None:
        why = self.hand.redeal_why()
        if why == "imperfect-pack":
            missing = self.hand.missing_cards()
            lacks = f" (it lacks {' '.join(c.text for c in missing)})" if missing and \
                "duplicate-card" not in self.hand.deal_faults else ""
            self.note(f"The pack is imperfect{lacks}: {self.dealer} deals again; nobody forfeits anything.")
            return
        if why == "faced-card":
            self.note(f"A card was found faced in the pack: {self.dealer} deals again; nobody forfeits anything.")
            return
        red = self.numbers.pool["misdeal"]
        mark = ledger.mark()
        ledger.into_pool(self.dealer, red, self.rule_id("deal.misdeal"), f"{self.dealer} misdealt")
        self.penalise("deal.misdeal", f"{self.dealer} misdealt: forfeits {red} red to the pool and deals again",
                      (Effect("redeal", None, None, self.dealer),), since=mark)

    def settle_partout(self, ledger: Ledger) -> None:
        short = self.hand.short_players()
        if self.revokes or short:
            offender = self.revokes[0].player if self.revokes else short[0]
            topic, key = ("revoke.partout", "revoke-each") if self.revokes else ("wrong-count.play", "short-each")
            each = self.numbers.partout[key]
            rule = self.rule_id(topic)
            cause = f"{offender} {'revoked' if self.revokes else 'played with a short hand'} in misère partout"
            mark = ledger.mark()
            for player in self.order:
                if player != offender:
                    ledger.transfer(offender, player, 10 * each, rule, cause)
            if self.revokes:
                ledger.into_pool(offender, self.numbers.pool["revoke"], rule, cause)
            self.penalise(topic, f"misère partout: {offender} pays {each} red to each other player"
                          + (f" and {self.numbers.pool['revoke']} red to the pool" if self.revokes else ""), since=mark)
            return
        tricks = self.hand.taken()
        most = max(tricks.values())
        losers = [p for p in self.order if tricks[p] == most]
        rule = self.rule_id("pay.partout")
        for player in self.order:
            if player in losers:
                continue
            for loser in losers:
                ledger.transfer(loser, player, 10 * (most - tricks[player]) // len(losers), rule,
                                f"{player} took {most - tricks[player]} trick(s) fewer than {loser}")
        shared = f" shared by {' and '.join(losers)}" if len(losers) > 1 else ""
        self.note(f"Misère partout: the most tricks ({most}) taken by {' '.join(losers)}; each other player "
                  f"receives one red per trick of difference{shared}.")

    def settle_final_grand(self, ledger: Ledger) -> None:
        """The extra grand: the winner of the last trick takes every pool (penalties as in misère partout)."""
        if self.revokes or self.hand.short_players() or self.table is None or not self.table.tricks:
            self.settle_partout(ledger)
            return
        winner = self.table.tricks[-1].winner or self.eldest
        red = ledger.in_pool
        ledger.out_of_pool(winner, red, self.rule_id("pool.division"),
                           f"{winner} won the last trick of the extra grand")
        self.note(f"{winner} won the last trick of the extra grand and takes the pool ({red} red).")

    def settle_contract(self, ledger: Ledger) -> None:
        assert self.high is not None and self.caller is not None
        short = self.hand.short_players()
        if self.revokes:
            revoke = self.revokes[0]
            if revoke.player == self.caller:
                self.settle_caller_revoke(ledger)
            else:
                self.settle_opponent_revoke(ledger, revoke.player)
        elif self.hand.claimed_from is not None:
            self.settle_claim(ledger, self.hand.claimed_from)
        elif short:
            self.settle_short(ledger, short[0])
        elif self.hand.caller_gave_up:
            rule = self.rule_id("i-pay")
            self.caller_pays(ledger, self.failure_amount(1), rule, f"{self.caller} gave up", double_rule=rule)
            self.note(f"{self.caller} gave up: he pays as if put in for one trick and doubles the pool.")
        elif len(self.hand.payers) == 3:
            self.settle_i_pay(ledger)
        else:
            self.settle_played(ledger)

    def pool_bid(self) -> bool:
        """Seven or better wins the pool: by rank (misères count) or, by house rule, by tricks."""
        assert self.high is not None
        if self.options["pool-bid"] == "tricks":
            return (self.high.tricks or 0) >= 7
        return self.high.key()[0] > BostonBid("6").key()[0]

    def success_amount(self, taken: int) -> int:
        assert self.high is not None
        if self.high.misere:
            return self.numbers.misere[self.high.name]
        return self.numbers.success_amount(self.options["success-table"], self.high.tricks or 5, taken)

    def failure_amount(self, short: int) -> int:
        assert self.high is not None
        if self.high.misere:
            return self.numbers.misere[self.high.name]
        return self.numbers.failure_amount(self.options["failure-table"], self.high.tricks or 5, short)

    def caller_paid(self, ledger: Ledger, each: int, rule: str, cause: str, pool_rule: str | None = None) -> int:
        """Each opponent pays the caller `each` white; with `pool_rule`, he takes the first pool too."""
        assert self.caller is not None
        for player in self.hand.adversaries(self.caller):
            ledger.transfer(player, self.caller, each, rule, cause)
        return take_pool(ledger, self.limit, self.caller, pool_rule, cause) if pool_rule else 0

    def caller_pays(self, ledger: Ledger, each: int, rule: str, cause: str, double_rule: str | None = None) -> int:
        """The caller pays each opponent `each` white; with `double_rule`, he doubles the first pool."""
        assert self.caller is not None
        for player in self.hand.adversaries(self.caller):
            ledger.transfer(self.caller, player, each, rule, cause)
        return double_pool(ledger, self.limit, self.caller, double_rule, cause) if double_rule else 0

    def pool_words(self, red: int, verb: str) -> str:
        return f"; {self.caller} {verb} {red} red" if red else ""

    def settle_played(self, ledger: Ledger) -> None:
        assert self.high is not None and self.table is not None
        taken = self.caller_tricks()
        bid = self.high
        if bid.misere:
            made = taken == 0
        else:
            made = taken >= (bid.tricks or 5)
        topic = "pay.misere" if bid.misere else "pay.success" if made else "pay.failure"
        if made:
            each = self.success_amount(taken)
            red = self.caller_paid(ledger, each, self.rule_id(topic),
                                   f"{self.caller} made {bid.text} with {taken} tricks",
                                   self.rule_id("pool.win"))
            self.note(f"{self.caller} made {bid.text} with {taken} tricks: each opponent pays {each} white"
                      + self.pool_words(red, "takes the pool of") + ".")
            return
        short = 1 if bid.misere else self.provable_shortfall()
        each = self.failure_amount(short)
        put_in = "" if bid.misere else f", put in for {short}"
        red = self.caller_pays(ledger, each, self.rule_id(topic), f"{self.caller} failed in {bid.text}{put_in}",
                               self.rule_id("pool.double"))
        put_in = "" if bid.misere else f", put in for {short} ({self.why_put_in()})"
        self.note(f"{self.caller} failed in {bid.text} with {taken} tricks{put_in}: he pays each opponent "
                  f"{each} white" + self.pool_words(red, "doubles the pool with") + ".")

    def settle_i_pay(self, ledger: Ledger) -> None:
        assert self.high is not None
        each = self.success_amount(self.high.tricks or 0)
        rule = self.rule_id("i-pay")
        red = self.caller_paid(ledger, each, rule, "all three opponents said 'I pay'",
                               self.rule_id("pool.win") if self.pool_bid() else None)
        self.note(f"All three opponents said 'I pay': each pays {each} white, the bare amount of "
                  f"{self.high.text}" + self.pool_words(red, "takes the pool of") + ".")

    def settle_caller_revoke(self, ledger: Ledger) -> None:
        assert self.high is not None and self.caller is not None
        short = 1 if self.high.misere else self.provable_shortfall()
        each = self.failure_amount(short)
        variant = self.options["caller-revoke"]
        rule, cause = self.rule_id("revoke.caller"), f"{self.caller}, the caller, revoked"
        mark = ledger.mark()
        red = self.caller_pays(ledger, each, rule, cause, rule if variant != "forfeit-instead" else None)
        forfeit = self.numbers.pool["revoke"] if variant != "no-forfeit" else 0
        ledger.into_pool(self.caller, forfeit, rule, cause)
        put_in = "" if self.high.misere else \
            f" he loses his call and is put in for {short} ({self.why_put_in()}):"
        self.penalise("revoke.caller", f"{self.caller} revoked:{put_in} pays {each} white to each opponent"
                      + (f", doubles the pool ({red} red)" if variant != "forfeit-instead" else "")
                      + (f", forfeits {forfeit} red" if forfeit else ""), since=mark)

    def settle_opponent_revoke(self, ledger: Ledger, revoker: str) -> None:
        assert self.high is not None and self.caller is not None
        bid = self.high
        over = self.hand.revoke_overtricks()
        each = self.success_amount((bid.tricks or 0) + over)
        rule, cause = self.rule_id("revoke.opponent"), f"{revoker}, an opponent, revoked"
        mark = ledger.mark()
        red = self.caller_paid(ledger, each, rule, cause,
                               rule if self.options["revoke-wins-pool"] and self.pool_bid() else None)
        if self.options["opponent-revoke-pool"] == "double":
            doubled = double_pool(ledger, self.limit, revoker, rule, cause)
            forfeit_words = f"; {revoker} doubles the pool ({doubled} red)"
        else:
            forfeit = self.numbers.pool["revoke"]
            ledger.into_pool(revoker, forfeit, rule, cause)
            forfeit_words = f"; {revoker} forfeits {forfeit} red to the pool"
        extra = f" with {over} over-tricks" if over else ""
        self.penalise("revoke.opponent", f"{revoker} revoked: each opponent pays {self.caller} {each} white "
                      f"({bid.text}{extra})" + (f"; {self.caller} takes the pool of {red} red" if red else "")
                      + forfeit_words, since=mark)
        if self.hand.over_why:
            self.note(f"The trick that ended the hand does not decide it: {revoker}'s revoke settles it, and "
                      f"{self.caller} is paid as if he had made his call.")

    def settle_claim(self, ledger: Ledger, offender: str) -> None:
        assert self.high is not None and self.caller is not None
        each = self.success_amount(0)
        rule, cause = self.rule_id("misere.error"), f"{offender}'s misère error"
        mark = ledger.mark()
        red = self.caller_paid(ledger, each, rule, cause, rule)
        forfeit = self.numbers.pool["misere-error"]
        ledger.into_pool(offender, forfeit, rule, cause)
        self.penalise("misere.error", f"{self.caller} claims his stakes ({each} white from each opponent) and the pool "
                      f"({red} red); {offender} forfeits {forfeit} red to the pool", since=mark)

    def settle_short(self, ledger: Ledger, short: str) -> None:
        assert self.high is not None and self.caller is not None
        forfeit = self.numbers.pool["wrong-count"]
        rule, cause = self.rule_id("wrong-count.play"), f"{short} played with a short hand"
        mark = ledger.mark()
        if short == self.caller:
            put_in = 1 if self.high.misere else self.provable_shortfall()
            each = self.failure_amount(put_in)
            red = self.caller_pays(ledger, each, rule, cause, rule)
            why = "" if self.high.misere else f" ({self.why_put_in()})"
            what = (f"{self.caller}, the caller, played short: put in for {put_in}{why}, pays {each} white to each "
                    f"opponent and doubles the pool ({red} red)")
        else:
            taken = self.caller_tricks() if self.table else 0
            each = self.success_amount(taken)
            red = self.caller_paid(ledger, each, rule, cause, rule if self.pool_bid() else None)
            what = f"{short} played short: each opponent pays {self.caller} {each} white for his bid and over-tricks" \
                   + (f", and {self.caller} takes the pool of {red} red" if red else "")
        dealt_short = short in self.deals and len(self.deals[short]) < self.hand.cards_per_hand
        if short in self.hand.dead_cards and not dealt_short:
            self.penalise("wrong-count.play", f"{what}; {short} played two cards to one trick, so he forfeits nothing "
                          "to the pool (the forfeit is for playing on with a wrong hand from the deal)", since=mark)
            return
        ledger.into_pool(short, forfeit, rule, cause)
        self.penalise("wrong-count.play", f"{what}; {short} forfeits {forfeit} red to the pool", since=mark)

    def divide(self, ledger: Ledger) -> None:
        white = 10 * ledger.in_pool
        share, left = divmod(white, len(self.order))
        ledger.share_pool({p: share + (left if p == self.eldest else 0) for p in self.order},
                          self.rule_id("pool.division"), f"deal {self.number} ends the game")
        self.note(f"Deal {self.number} ends the game: the pool ({white // 10} red) is divided, {share} white "
                  f"each" + (f", and the {left} left over to {self.eldest}" if left else "") + ".")

