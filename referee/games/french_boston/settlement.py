"""French Boston's settlement: what the replayed deal pays, in counters, by the rulebook's payment table.
Every payment moves counters between players or between a player and the pool, so a deal's changes plus
the pool's change sum to zero; settling changes nothing but the ledger and the settlement's penalties and
notes, so settling twice gives the same verdict."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ...engine.laws import Effect
from ...engine.ledger import Ledger, Part, Payment
from ...engine.paytable import PayTable
from ...engine.scoring import side_honours
from .auction import Contract
from .tricks import JACK_DIAMONDS, SUIT_RANK, best_jack

if TYPE_CHECKING:
    from .hand import FrenchBostonHand


TABLE: Final = PayTable("french-boston", "payments")


class FrenchBostonSettlement:
    """The settling of one replayed deal, penalties included: the dealer's contribution, a void deal, the
    contract or the revoke, the jack bonus, the short-hand forfeits and, on the last deal, the pool divided."""

    def __init__(self, hand: FrenchBostonHand) -> None:
        self.hand, self.options = hand, hand.game_options
        self.amounts = TABLE.for_deal(hand.number)  # the deal's amounts, doubled on a double deal
        self.taken, self.one_to_one = hand.taken_as_conceded(), self.options["settlement"] == "one-to-one"
        self.trump = hand.trump.word if hand.trump is not None else "?"
        self.col = SUIT_RANK[hand.trump] if hand.trump is not None else 0  # the table's column: the trump suit's
        played = hand.table.played.items() if hand.table is not None else ()  # held: a deal line, else the play
        self.known = {p: set(hand.deals.get(p) or {c for c, (q, _) in played if q == p}) for p in hand.order}

    def settle(self, ledger: Ledger) -> None:
        hand, dealer, status, contract = self.hand, self.hand.dealer, self.hand.status(), self.hand.undertaking
        if hand.contribution_due and hand.deals_next == dealer:  # a wrong deal stopped costs nothing
            amount = self.amounts.amount("contribution")
            ledger.into_pool(dealer, amount, hand.rule_id("pool.contribution"),
                             hand.say("pool.contribution", "cause", dealer=dealer))
            hand.note(hand.say("pool.contribution", "paid", dealer=dealer, amount=amount))
        void = hand.redeal_why() if status == "redeal" else None
        if void == "misdeal":  # a misdeal loses the deal: it passes to the right, to the eldest hand
            hand.penalty("deal.misdeal", "loses", dealer=dealer, next=hand.eldest,
                         effects=(Effect("redeal", None, None, hand.eldest),))
        elif void == "same-dealer" and hand.redeal is None and hand.deals_next == dealer:  # an imperfect pack
            hand.penalty("deal.duplicate-card", "again", dealer=dealer, effects=(Effect("redeal", None, None, dealer),))
        if status in ("complete", "abandoned") and contract is not None:
            (self.settle_revokes if hand.revokes else self.settle_contract)(ledger, contract)
            if contract.kind != "misere":  # where the jack has no value
                self.jack_bonus(ledger)
            for player in (p for p in hand.order if self.options["wrong-count-forfeit"] and hand.dealt_short(p)):
                amount, mark = self.options["wrong-count-forfeit"] * self.amounts.times, ledger.mark()
                ledger.into_pool(player, amount, hand.rule_id("wrong-count.play"),
                                 hand.say("wrong-count.play", "short", player=player))
                hand.penalty("wrong-count.play", "forfeit", player=player, amount=amount, since=mark)
        # the fortieth deal ends the game however it ends, unless the same dealer deals it again
        last = hand.number == TABLE.number("game-deals") and void != "same-dealer"
        if status != "in-progress" and last and self.options["pool-end"] == "divide":
            pool, share, _ = ledger.divide_pool(hand.order, hand.rule_id("game.end"), hand.say("game.end", "cause"))
            hand.note(hand.say("game.end", "left", pool=pool, share=share, left=ledger.pool) if ledger.pool
                      else hand.say("game.end", "divided", pool=pool, share=share))

    def row(self, contract: Contract) -> str:
        """The table row paying the contract (the table's ``rows``): a solo's by the tricks it needs."""
        return str(TABLE.entry(("rows", str(contract.needed) if contract.kind == "solo" else contract.proposal.kind)))

    def stake(self, contract: Contract, tricks: int = 0) -> tuple[int, int]:
        """The contract's stake per adversary (what a failure costs, without honours), and what `tricks`
        over or short of it are worth (nothing in a misère)."""
        row, col, turned = self.row(contract), self.col, self.hand.turned
        if contract.kind == "misere":  # in the column of the suit turned up
            return self.amounts.amount(row, SUIT_RANK[turned] if turned is not None else 0), 0
        extra = self.amounts.amount(row, "extra-trick", col)
        over = 0 if contract.proposal.is_demand else contract.needed - TABLE.number(row, "tricks")  # nine: eight + 1
        return self.amounts.amount(row, "base", col) + over * extra, tricks * extra

    def success(self, contract: Contract, tricks: int) -> Payment:
        """What each adversary pays for a contract made with `tricks`, in its parts (the table amount,
        over-tricks, honours); a slam, or a misère's stake, is the one part, under its own rule."""
        table, row, col, hand, over = self.amounts, self.row(contract), self.col, self.hand, tricks - contract.needed
        base, extra = self.stake(contract, over)
        if contract.kind == "misere":
            return Payment.of(Part(base, "", hand.rule_id("score.misere")))
        paragraph = self.options["slams"] == "paragraph"
        slam: dict[str, int] = TABLE.entry(("slams", self.options["slams"]))  # the tricks that make one, by kind
        if contract.kind in slam and tricks >= slam[contract.kind]:
            amount = table.amount("slam-paragraph", "belle" if hand.trump is hand.belle else "petite") \
                if paragraph else table.amount("slam-a-deux" if contract.kind == "partnership" else "slam-seul", col)
            return Payment.of(Part(amount, hand.say("score.slam", "slam"), hand.rule_id("score.slam")))
        also = (best_jack(hand.turned),) if self.options["honours"] == "with-best-jack" else ()  # the digest is silent
        count = side_honours(self.known, hand.called.side, hand.trump, also)  # those the deal lines or the play show
        bonus = table.amount(row, "four-honours" if count == 4 else "three-honours", col) if count >= 3 else 0
        return Payment.of(Part(base, hand.say("score.table", "base", amount=base)),
                          Part(extra, hand.say("score.table", "over", amount=extra, over=over)),
                          Part(bonus, hand.say("score.honours", "bonus", amount=bonus, count=count),
                               hand.rule_id("score.honours")))

    def settle_contract(self, ledger: Ledger, contract: Contract) -> None:
        """The caller's side is paid, and takes the pool, or fails: a short hand on his side fails it, an adversary's
        makes it; a thrown-up misère is lost unless an adversary was short, a claimed one won; one given up before
        the lead (no trick played) is made with the tricks it needs, as Boston's "I pay" pays the bare bid."""
        hand, side, short = self.hand, self.hand.called.side, set(self.hand.short_players())
        tricks = contract.needed if hand.before_lead else sum(self.taken[p] for p in side)
        kept = not hand.ended_as("thrown-up") if contract.kind == "misere" else tricks >= contract.needed
        made = hand.ended_as("claimed") or (not short & set(side) and (kept or bool(short - set(side))))
        if not made:
            quota = [p for p, n in zip(side, (5, 3), strict=False) if self.taken[p] < n]  # five and three
            self.fail(ledger, [p for p in side if p in short] or quota or list(side), contract,
                      1 if contract.kind == "misere" else tricks)
            return
        payment = self.success(contract, tricks := max(tricks, contract.needed))  # made: at least the tricks needed
        names, words, how, amount = " and ".join(side), self.words(contract), payment.words, payment.total
        cause = hand.say("score.table", "made-with", side=names, contract=words, tricks=tricks) if how \
            else hand.say("score.table", "made", side=names, contract=words)
        rule = hand.rule_id("score.partnership" if contract.kind == "partnership" else "score.table")  # or a part's own
        pool = ledger.wins(hand.called.against, side, payment, rule, cause, hand.rule_id("pool.win"), self.payees)
        if contract.partner is not None:
            whom = hand.say("score.table", "nearest") if self.one_to_one else hand.say("score.table", "each")
            counts, took = " + ".join(str(self.taken[p]) for p in side), sum(self.taken[p] for p in side)  # as played
            played = hand.say("score.partnership", "given-up", tricks=tricks) if hand.before_lead \
                else hand.say("score.partnership", "took", counts=counts, tricks=took)  # before the lead: as settled
            hand.note(hand.say("score.partnership", "made", side=names, played=played, trump=self.trump, how=how,
                               amount=amount, whom=whom, pool=pool, half=pool // 2))
        else:
            hand.note(hand.say("pool.win", "solo", cause=cause, how=how, amount=amount, pool=pool) if how
                      else hand.say("pool.win", "misere", cause=cause, amount=amount, pool=pool))

    def payees(self, payer: str, adversaries: Sequence[str]) -> Sequence[str]:
        """Whom a loser pays: every adversary, or under one-to-one between partners the one adversary next to him."""
        right = self.hand.left_of(payer)  # the next seat in play, which goes to the right
        nearest = right if right in adversaries else self.hand.right_of(payer)  # his partner on his right: the other
        return [nearest] if self.one_to_one and len(adversaries) == 2 else adversaries

    def fail(self, ledger: Ledger, payers: list[str], contract: Contract, tricks: int) -> None:
        """What the failing players pay, as the rulebook's score.failure says."""
        (amount, short), hand = self.stake(contract, max(0, contract.needed - tricks)), self.hand
        amount += short if self.options["failure"] == "stake-plus-tricks" else 0
        rule, names, words = hand.rule_id("score.failure"), " and ".join(payers), self.words(contract)
        cause = hand.say("score.failure", "cause", payers=names, contract=words)
        pool = ledger.loses(payers, hand.called.against, amount, rule, cause, rule, self.payees)
        whom = hand.say("score.failure", "nearest") if self.one_to_one and contract.partner is not None \
            else hand.say("score.failure", "each")
        why = hand.say("score.failure", "short") if set(payers) <= set(hand.short_players()) else ""
        hand.note(hand.say("score.failure", "paid", payers=names, contract=words, tricks=tricks, why=why,
                           amount=amount, whom=whom, pool=pool, doubled=ledger.pool))

    def settle_revokes(self, ledger: Ledger, contract: Contract) -> None:
        hand, caller, rule = self.hand, self.hand.called.caller, self.hand.rule_id("revoke.established")
        played = hand.revokes_as_played()
        for revoker in dict.fromkeys(r.player for r in played):  # his first revoke settles his revokes
            others, mark = hand.adversaries(revoker), ledger.mark()  # others in seat order
            if contract.partner is None and revoker != caller:
                # against a solo caller the revoker alone makes good what a success would have brought the
                # caller from all three adversaries: the table amount or slam, over-tricks and honours
                payment = self.success(contract, max(self.taken[caller], contract.needed))
                each, how = payment.total, payment.words or hand.say("revoke.established", "misere-stake")
                amount = 3 * each
                whom = hand.say("revoke.established", "to-solo", caller=caller, amount=amount, how=how, each=each)
            else:
                amount, _ = self.stake(contract)
                whom = hand.say("revoke.established", "to-each", amount=amount, others=", ".join(others))
            trick = next(r.trick for r in played if r.player == revoker)
            cause = hand.say("revoke.established", "cause", revoker=revoker, trick=trick)
            pool = ledger.loses([revoker], others, amount, rule, cause, rule)
            hand.penalty("revoke.established", "paid", revoker=revoker, whom=whom, pool=pool, doubled=ledger.pool,
                         effects=(Effect("hand-not-scored"),), since=mark)

    def jack_bonus(self, ledger: Ledger) -> None:
        hand, amount = self.hand, self.amounts.amount("jack-bonus")
        jack = best_jack(hand.turned) if self.options["jack-bonus"] == "best-jack" else JACK_DIAMONDS
        holder = next((p for p, cards in self.known.items() if jack in cards), None)
        if holder is None:  # no deal line and no card played shows it: the table knows, the transcript does not
            hand.note(hand.say("score.jack-bonus", "unseen", jack=jack.suit.word, amount=amount))
            return
        ledger.each_pays([p for p in hand.order if p != holder], holder, amount, hand.rule_id("score.jack-bonus"),
                         hand.say("score.jack-bonus", "cause", holder=holder, jack=jack))
        hand.note(hand.say("score.jack-bonus", "paid", holder=holder, suit=jack.suit.word, amount=amount))

    def words(self, contract: Contract) -> str:
        """The contract, in words: a misère as the ladder names it, else the tricks it needs in its trump suit."""
        if contract.kind == "misere":
            return contract.proposal.text
        if contract.kind == "forced-alone":
            return self.hand.say("score.table", "five-alone", trump=self.trump)
        if contract.kind == "partnership":
            return self.hand.say("score.table", "partnership", trump=self.trump)
        return self.hand.say("score.table", "solo", needed=contract.needed, trump=self.trump)
