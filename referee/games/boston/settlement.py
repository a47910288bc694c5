"""Boston's settlement: who pays whom, and what goes into or out of the pool, worked out from
the replayed hand (its contract, tricks, revokes, claims and short hands) and nothing else; the
amounts are the rulebook's tables (`tables.py`). It changes only the ledger it is given (and the
penalties and notes of the hand's settlement), so settling a hand twice gives the same result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.laws import Effect
from ...engine.ledger import Ledger
from .auction import BostonBid

if TYPE_CHECKING:
    from .hand import BostonHand

class BostonSettlement:
    """The payments of one replayed hand (`settle`), in the order the laws take them: the pool's
    refill, then a misdeal, a thrown-in deal, misère partout, the extra grand or the contract, and
    after the last deal the division of the pool."""

    def __init__(self, hand: BostonHand) -> None:
        self.hand, self.numbers, self.options = hand, hand.numbers, hand.game_options

    @property
    def bid(self) -> BostonBid:
        assert self.hand.high is not None
        return self.hand.high

    @property
    def caller(self) -> str:
        assert self.hand.caller is not None
        return self.hand.caller

    @property
    def opponents(self) -> tuple[str, ...]:
        return self.hand.adversaries(self.caller)

    def put_in(self) -> tuple[int, str]:
        """Tricks the caller is put in for (those he cannot make even winning all the rest, at least
        one; one in a misère), and why, in words."""
        bid, taken = self.bid.tricks, self.hand.taken()[self.caller]
        if self.bid.misere or bid is None:
            return 1, ""
        table = self.hand.table
        left = table.tricks_in_hand - len(table.tricks) if table else self.hand.cards_per_hand
        if bid - taken - left >= 1:
            return bid - taken - left, f" ({bid} bid, {taken} taken)" if not left else \
                f" ({taken} taken and {left} still to play cannot make {bid})"
        return 1, " (the least" + (f": with {left} tricks still to play he could have made {bid}" if left else "") + ")"

    def settle(self, ledger: Ledger) -> None:
        """Every payment of the hand, penalties included, through `ledger`."""
        hand = self.hand
        if ledger.pool == 0:
            stake = self.numbers.pool["stake"]
            for player in hand.order:
                ledger.into_pool(player, stake, hand.rule_id("pool.stake"), "the pool was empty before the deal")
            hand.note(f"The pool was empty: each player puts in {stake} red before the deal.")
        status = hand.status()
        if status == "redeal":
            self.settle_misdeal(ledger)
        elif status == "thrown-in":
            hand.note(f"Nobody bid and the deal was thrown in: nobody pays anything, and the deal passes "
                      f"to {hand.left_of(hand.dealer)}.")
        elif status != "in-progress":
            (self.settle_final_grand if hand.final_grand else self.settle_partout if hand.partout
             else self.settle_contract)(ledger)
        if status not in ("redeal", "in-progress") and hand.number == self.numbers.game_deals \
                and self.options["end-of-game"] == "divide":
            red, share, left = ledger.divide_pool(hand.order, hand.rule_id("pool.division"),
                                                  f"deal {hand.number} ends the game", hand.eldest)
            hand.note(f"Deal {hand.number} ends the game: the pool ({red} red) is divided, "
                      f"{share} white each" + (f", and the {left} left over to {hand.eldest}" if left else "") + ".")

    def settle_misdeal(self, ledger: Ledger) -> None:
        hand, dealer = self.hand, self.hand.dealer
        why = hand.redeal_why()
        if why == "imperfect-pack":
            missing = hand.missing_cards()
            lacks = f" (it lacks {' '.join(c.text for c in missing)})" if missing and \
                "duplicate-card" not in hand.deal_faults else ""
            hand.note(f"The pack is imperfect{lacks}: {dealer} deals again; nobody forfeits anything.")
        elif why == "faced-card":
            hand.note(f"A card was found faced in the pack: {dealer} deals again; nobody forfeits anything.")
        else:
            red, mark = self.numbers.pool["misdeal"], ledger.mark()
            ledger.into_pool(dealer, red, hand.rule_id("deal.misdeal"), f"{dealer} misdealt")
            hand.penalise("deal.misdeal", f"{dealer} misdealt: forfeits {red} red to the pool and deals again",
                          (Effect("redeal", None, None, dealer),), since=mark)

    def settle_partout(self, ledger: Ledger) -> None:
        hand, revokes, short = self.hand, self.hand.revokes, self.hand.short_players()
        if revokes or short:
            offender = revokes[0].player if revokes else short[0]
            topic, key = ("revoke.partout", "revoke-each") if revokes else ("wrong-count.play", "short-each")
            each, forfeit, rule = self.numbers.partout[key], self.numbers.pool["revoke"], hand.rule_id(topic)
            cause = f"{offender} {'revoked' if revokes else 'played with a short hand'} in misère partout"
            mark = ledger.mark()
            ledger.loses([offender], [p for p in hand.order if p != offender], ledger.in_score(each), rule, cause)
            if revokes:
                ledger.into_pool(offender, forfeit, rule, cause)
            hand.penalise(topic, f"misère partout: {offender} pays {each} red to each other player"
                          + (f" and {forfeit} red to the pool" if revokes else ""), since=mark)
            return
        tricks = hand.taken()
        most = max(tricks.values())
        losers = [p for p in hand.order if tricks[p] == most]
        for player in (p for p in hand.order if p not in losers):
            for loser in losers:
                red = self.numbers.partout["per-trick"] * (most - tricks[player])
                ledger.transfer(loser, player, ledger.in_score(red) // len(losers), hand.rule_id("pay.partout"),
                                f"{player} took {most - tricks[player]} trick(s) fewer than {loser}")
        shared = f" shared by {' and '.join(losers)}" if len(losers) > 1 else ""
        hand.note(f"Misère partout: the most tricks ({most}) taken by {' '.join(losers)}; each other player "
                  f"receives one red per trick of difference{shared}.")

    def settle_final_grand(self, ledger: Ledger) -> None:
        """The extra grand: the winner of the last trick takes every pool (penalties as in misère partout)."""
        hand = self.hand
        if hand.revokes or hand.short_players() or hand.table is None or not hand.table.tricks:
            self.settle_partout(ledger)
            return
        winner = hand.table.tricks[-1].winner or hand.eldest
        red = ledger.in_pool  # every pool, however many full ones
        ledger.out_of_pool(winner, red, hand.rule_id("pool.division"),
                           f"{winner} won the last trick of the extra grand")
        hand.note(f"{winner} won the last trick of the extra grand and takes the pool ({red} red).")

    def settle_contract(self, ledger: Ledger) -> None:
        hand, short, caller, rule = self.hand, self.hand.short_players(), self.caller, self.hand.rule_id("i-pay")
        if hand.revokes and hand.revokes[0].player == caller:
            self.caller_lost(ledger, "revoke.caller", f"{caller}, the caller, revoked")
        elif hand.revokes:
            self.settle_opponent_revoke(ledger, hand.revokes[0].player)
        elif hand.claimed_from is not None:
            self.caller_won(ledger, 0, "misere.error", f"{hand.claimed_from}'s misère error", True, hand.claimed_from)
        elif short and short[0] == caller:
            self.caller_lost(ledger, "wrong-count.play", f"{caller} played with a short hand")
        elif short:
            self.caller_won(ledger, hand.taken()[caller], "wrong-count.play", f"{short[0]} played with a short hand",
                            self.pool_bid(), short[0])
        elif hand.caller_gave_up:
            ledger.loses([caller], self.opponents, self.amount(1, made=False), rule, f"{caller} gave up", rule)
            hand.note(f"{caller} gave up: he pays as if put in for one trick and doubles the pool.")
        elif len(hand.payers) == 3:
            each = self.amount(self.bid.tricks or 0)
            red = ledger.wins(self.opponents, [caller], each, rule, "all three opponents said 'I pay'",
                              hand.rule_id("pool.win") if self.pool_bid() else None)
            hand.note(f"All three opponents said 'I pay': each pays {each} white, the bare amount of "
                      f"{self.bid.text}" + self.pool_words(red, "takes the pool of") + ".")
        else:
            self.settle_played(ledger)

    def pool_bid(self) -> bool:
        """Seven or better wins the pool: by rank (misères count) or, by house rule, by tricks."""
        if self.options["pool-bid"] == "tricks":
            return (self.bid.tricks or 0) >= 7
        return self.bid.key()[0] > BostonBid("6").key()[0]

    def amount(self, tricks: int, made: bool = True) -> int:
        """What each opponent is paid: for the bid made with `tricks`, or failed by `tricks` put in."""
        if self.bid.misere:
            return self.numbers.misere[self.bid.name]
        if made:
            return self.numbers.success_amount(self.options["success-table"], self.bid.tricks or 5, tricks)
        return self.numbers.failure_amount(self.options["failure-table"], self.bid.tricks or 5, tricks)

    def pool_words(self, red: int, verb: str) -> str:
        return f"; {self.caller} {verb} {red} red" if red else ""

    def settle_played(self, ledger: Ledger) -> None:
        hand, bid, caller = self.hand, self.bid, self.caller
        taken = hand.taken()[caller]
        if taken == 0 if bid.misere else taken >= (bid.tricks or 5):
            each, rule = self.amount(taken), hand.rule_id("pay.misere" if bid.misere else "pay.success")
            red = ledger.wins(self.opponents, [caller], each, rule, f"{caller} made {bid.text} with {taken} tricks",
                              hand.rule_id("pool.win"))
            hand.note(f"{caller} made {bid.text} with {taken} tricks: each opponent pays {each} white"
                      + self.pool_words(red, "takes the pool of") + ".")
            return
        short, why = self.put_in()
        each, put_in = self.amount(short, made=False), "" if bid.misere else f", put in for {short}"
        rule = hand.rule_id("pay.misere" if bid.misere else "pay.failure")
        red = ledger.loses([caller], self.opponents, each, rule, f"{caller} failed in {bid.text}{put_in}",
                           hand.rule_id("pool.double"))
        hand.note(f"{caller} failed in {bid.text} with {taken} tricks{put_in}{why}: he pays each opponent "
                  f"{each} white" + self.pool_words(red, "doubles the pool with") + ".")

    def caller_lost(self, ledger: Ledger, topic: str, cause: str) -> None:
        """The caller revoked or played short: put in, he pays each opponent, doubles the pool (not
        under caller-revoke=forfeit-instead) and forfeits red to it (not under no-forfeit)."""
        hand, caller, rule, mark = self.hand, self.caller, self.hand.rule_id(topic), ledger.mark()
        short, why = self.put_in()
        each = self.amount(short, made=False)
        variant = self.options["caller-revoke"] if topic == "revoke.caller" else "double-and-forfeit"
        red = ledger.loses([caller], self.opponents, each, rule, cause, rule if variant != "forfeit-instead" else None)
        forfeit = self.numbers.pool["revoke" if topic == "revoke.caller" else "wrong-count"]
        if topic == "revoke.caller":
            ledger.into_pool(caller, forfeit if variant != "no-forfeit" else 0, rule, cause)
            hand.penalise(topic, f"{caller} revoked:" + ("" if self.bid.misere else f" he loses his call and is "
                          f"put in for {short}{why}:") + f" pays {each} white to each opponent"
                          + (f", doubles the pool ({red} red)" if variant != "forfeit-instead" else "")
                          + (f", forfeits {forfeit} red" if variant != "no-forfeit" else ""), since=mark)
        else:
            self.short_forfeit(ledger, caller, f"{caller}, the caller, played short: put in for {short}{why}, pays "
                               f"{each} white to each opponent and doubles the pool ({red} red)", mark)

    def caller_won(self, ledger: Ledger, tricks: int, topic: str, cause: str, pool: bool, offender: str) -> None:
        """An opponent's misère error the caller claimed, or his short hand: the caller is paid as if
        he had made his bid (with `tricks`), and the offender forfeits red to the pool."""
        hand, caller, rule, mark = self.hand, self.caller, self.hand.rule_id(topic), ledger.mark()
        each = self.amount(tricks)
        red = ledger.wins(self.opponents, [caller], each, rule, cause, rule if pool else None)
        if topic == "misere.error":
            forfeit = self.numbers.pool["misere-error"]
            ledger.into_pool(offender, forfeit, rule, cause)
            hand.penalise(topic, f"{caller} claims his stakes ({each} white from each opponent) and the pool "
                          f"({red} red); {offender} forfeits {forfeit} red to the pool", since=mark)
        else:
            self.short_forfeit(ledger, offender, f"{offender} played short: each opponent pays {caller} {each} "
                               "white for his bid and over-tricks"
                               + (f", and {caller} takes the pool of {red} red" if red else ""), mark)

    def short_forfeit(self, ledger: Ledger, short: str, what: str, mark: int) -> None:
        """A short hand's forfeit to the pool: none for two cards played to one trick (law 19)."""
        hand, forfeit = self.hand, self.numbers.pool["wrong-count"]
        if short in hand.dead_cards and not (short in hand.deals and len(hand.deals[short]) < hand.cards_per_hand):
            hand.penalise("wrong-count.play", f"{what}; {short} played two cards to one trick, so he forfeits nothing "
                          "to the pool (the forfeit is for playing on with a wrong hand from the deal)", since=mark)
            return
        ledger.into_pool(short, forfeit, hand.rule_id("wrong-count.play"), f"{short} played with a short hand")
        hand.penalise("wrong-count.play", f"{what}; {short} forfeits {forfeit} red to the pool", since=mark)

    def settle_opponent_revoke(self, ledger: Ledger, revoker: str) -> None:
        hand, bid, caller = self.hand, self.bid, self.caller
        over = hand.revoke_overtricks()
        each = self.amount((bid.tricks or 0) + over)
        rule, cause = hand.rule_id("revoke.opponent"), f"{revoker}, an opponent, revoked"
        mark = ledger.mark()
        red = ledger.wins(self.opponents, [caller], each, rule, cause,
                          rule if self.options["revoke-wins-pool"] and self.pool_bid() else None)
        if self.options["opponent-revoke-pool"] == "double":
            doubled = ledger.double_pool([revoker], rule, cause)
            forfeit_words = f"; {revoker} doubles the pool ({doubled} red)"
        else:
            ledger.into_pool(revoker, self.numbers.pool["revoke"], rule, cause)
            forfeit_words = f"; {revoker} forfeits {self.numbers.pool['revoke']} red to the pool"
        extra = f" with {over} over-tricks" if over else ""
        hand.penalise("revoke.opponent", f"{revoker} revoked: each opponent pays {caller} {each} white "
                      f"({bid.text}{extra})" + (f"; {caller} takes the pool of {red} red" if red else "")
                      + forfeit_words, since=mark)
        if hand.over_why:
            hand.note(f"The trick that ended the hand does not decide it: {revoker}'s revoke settles it, and "
                      f"{caller} is paid as if he had made his call.")
