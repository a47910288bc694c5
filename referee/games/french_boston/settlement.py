"""French Boston's settlement: what the replayed deal pays, through the ledger.

Money is kept per player in counters, with the pool beside it; every payment moves counters
between players or between a player and the pool, so a deal's changes plus the pool's change
always sum to zero. The amounts are the rulebook's payment table (data, not code). Settling
reads the replayed hand and changes nothing but the ledger and the settlement's penalties and
notes, so settling twice gives the same verdict.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...engine.laws import Effect
from ...engine.ledger import Ledger
from ...engine.rulebook import rulebook_data
from ...notation.cards import ACE, JACK, KING, QUEEN, Suit, card
from .auction import Contract
from .tricks import JACK_DIAMONDS, JACK_HEARTS, SUIT_RANK, best_jack

if TYPE_CHECKING:
    from .hand import FrenchBostonHand

MISERE_ROW = {"petite-misere": "petite-misere", "grand-misere": "grand-misere", "misere-quatre-as": "misere-quatre-as",
              "petite-misere-table": "misere-table", "grand-misere-table": "misere-table"}


@lru_cache(maxsize=1)
def payments() -> dict[str, Any]:
    """The payment table of the rulebook (data, not code)."""
    payments: dict[str, Any] = rulebook_data("french-boston")["payments"]
    return payments


def multiplier(number: int) -> int:
    """2 on the double deals of the game (by the rulebook's table), else 1."""
    doubles = payments()["doubles"]
    return 2 if doubles["first"] <= number <= doubles["last"] else 1


class FrenchBostonSettlement:
    """The settling of one replayed deal: the dealer's contribution, the contract or the revoke,
    the jack bonus, the short-hand forfeits and, on the last deal, the pool divided."""

    def __init__(self, hand: FrenchBostonHand) -> None:
        self.hand = hand
        self.options = hand.game_options
        self.order = hand.order
        self.dealer = hand.dealer
        self.mult = hand.mult
        # what settling may do besides the ledger: cite rules, add penalties and notes to the settlement
        self.rule_id, self.penalise, self.note = hand.rule_id, hand.penalise, hand.note

    def column(self, suit: Suit | None) -> int:
        return SUIT_RANK[suit] if suit is not None else 0

    def settle(self, ledger: Ledger) -> None:
        """Every payment of the hand, penalties included, through `ledger`."""
        status = self.hand.status()
        if self.hand.contribution_due:
            amount = payments()["contribution"] * self.mult
            ledger.into_pool(self.dealer, amount, self.rule_id("pool.contribution"), f"{self.dealer} deals")
            self.note(f"{self.dealer}, the dealer, pays {amount} into the pool.")
        if status == "redeal":
            self.rule_void_deal()
        if status in ("complete", "abandoned") and self.hand.undertaking is not None:
            if self.hand.revokes:
                self.settle_revokes(ledger, self.hand.undertaking)
            else:
                self.settle_contract(ledger, self.hand.undertaking)
            self.jack_bonus(ledger, self.hand.undertaking)
            self.wrong_count_forfeits(ledger)
        # every deal written counts, a void one included: the fortieth ends the game however it ends
        if status in ("complete", "abandoned", "thrown-in", "redeal") and self.hand.number == payments()["game-deals"] \
                and self.options["pool-end"] == "divide":
            self.divide_pool_at_end(ledger)

    def wrong_count_forfeits(self, ledger: Ledger) -> None:
        """Boston's forfeit for playing on with a short hand, in counters fixed by house rule (the
        digest leaves the translation of Boston's red counters to agreement; 0 by default)."""
        amount = self.options["wrong-count-forfeit"] * self.mult
        if not amount:
            return
        for player in sorted(self.hand.short_hands, key=self.order.index):
            mark = ledger.mark()
            ledger.into_pool(player, amount, self.rule_id("wrong-count.play"), f"{player} played on with a short hand")
            self.penalise("wrong-count.play", f"{player} played on with a short hand: {amount} into the pool",
                          since=mark)

    def rule_void_deal(self) -> None:
        """Who deals next after a void deal: a misdeal loses the deal; an imperfect pack does not."""
        void = self.hand.void_deal()
        if void == "misdeal":
            nxt = self.hand.left_of(self.dealer)
            self.penalise("deal.misdeal", f"{self.dealer} misdealt and loses the deal: {nxt}, on his right, deals next",
                          effects=(Effect("redeal", None, None, nxt),))
        elif void == "same-dealer" and self.hand.redeal is None:
            self.penalise("deal.duplicate-card",
                          f"the pack is imperfect: {self.dealer} deals again without paying again",
                          effects=(Effect("redeal", None, None, self.dealer),))

    def tricks_of(self, players: Iterable[str]) -> int:
        assert self.hand.table is not None
        members = set(players)
        return sum(1 for t in self.hand.table.tricks if t.winner in members)

    def stake(self, contract: Contract) -> int:
        """The table amount of the contract, per adversary: what a failure costs (without honours)."""
        table = payments()
        if contract.kind == "misere":
            return int(table[MISERE_ROW[contract.proposal.kind]][self.column(self.hand.turned)]) * self.mult
        row, par = self.row_of(contract)
        col = self.column(contract.trump)
        return int(row["base"][col] + (contract.needed - par) * row["extra-trick"][col]) * self.mult

    def row_of(self, contract: Contract) -> tuple[dict[str, Any], int]:
        """The table row paying the contract, and the tricks its base amount pays for.

        The first row pays five alone or eight between partners; nine is paid as eight with
        one trick over.
        """
        table = payments()
        if contract.kind == "partnership":
            return table["five"], 8
        if contract.kind == "forced-alone":
            return table["five"], 5
        row = table["six"] if contract.needed == 6 else table["eight"]
        return row, row["tricks"]

    def honours(self, contract: Contract) -> int:
        """Honours held by the caller's side (0 when a hand is unknown).

        Under ``honours=with-best-jack`` the best-trump jack counts as an honour too (the digest
        leaves it open); four is the most that count.
        """
        trump = contract.trump
        side = self.hand.caller_side()
        if trump is None or not all(p in self.hand.deals for p in side):
            return 0
        held = {c for p in side for c in self.hand.deals[p]}
        honours = {card(rank, trump) for rank in (ACE, KING, QUEEN, JACK)}
        if self.options["honours"] == "with-best-jack":
            honours.add(best_jack(self.hand.turned))
        return min(4, len(honours & held))

    def success_amount(self, contract: Contract, tricks: int) -> tuple[int, str, int]:
        """What each adversary pays for a contract made with `tricks`: the amount, how it is made
        up, and the honours' part of it."""
        row, par = self.row_of(contract)
        col = self.column(contract.trump)
        base = row["base"][col] + (contract.needed - par) * row["extra-trick"][col]
        extra = (tricks - contract.needed) * row["extra-trick"][col]
        parts = [f"{base * self.mult} for the contract"]
        if extra:
            parts.append(f"{extra * self.mult} for {tricks - contract.needed} trick(s) over")
        count = self.honours(contract)
        bonus = row["four-honours"][col] if count == 4 else row["three-honours"][col] if count == 3 else 0
        if bonus:
            parts.append(f"{bonus * self.mult} for {count} honours")
        return (base + extra + bonus) * self.mult, " + ".join(parts), bonus * self.mult

    def slam_amount(self, contract: Contract, tricks: int) -> int | None:
        """The slam payment per adversary, replacing the table amount, or None for no slam."""
        table = payments()
        col = self.column(contract.trump)
        if self.options["slams"] == "paragraph":
            slam = tricks == 13 if contract.kind == "partnership" else contract.kind == "forced-alone" and tricks >= 8
            if not slam:
                return None
            key = "belle" if contract.trump is self.hand.belle else "petite"
            return int(table["slam-paragraph"][key]) * self.mult
        if tricks != 13:
            return None
        return int(table["slam-a-deux" if contract.kind == "partnership" else "slam-seul"][col]) * self.mult

    def settle_contract(self, ledger: Ledger, contract: Contract) -> None:
        if contract.kind == "misere":
            self.settle_misere(ledger, contract)
        elif contract.kind == "partnership":
            self.settle_partnership(ledger, contract)
        else:
            self.settle_alone(ledger, contract)

    def caller_made(self, contract: Contract, tricks: int) -> bool:
        side = self.hand.caller_side()
        if self.hand.short_hands & side:
            return False
        return tricks >= contract.needed or bool(self.hand.short_hands - side)

    def solo_success(self, contract: Contract, tricks: int) -> tuple[int, str, str, int]:
        """What each adversary pays a solo caller who made `tricks`: amount, how, rule topic, and
        the honours' part of the amount."""
        tricks = max(tricks, contract.needed)
        slam = self.slam_amount(contract, tricks)
        if slam is not None:
            return slam, "slam", "score.slam", 0
        amount, how, honours = self.success_amount(contract, tricks)
        return amount, how, "score.table", honours

    def pay_success(self, ledger: Ledger, payer: str, payee: str, amount: int, honours: int, rule: str,
                    cause: str) -> None:
        """A successful contract's payment, its honours entered under their own rule."""
        ledger.transfer(payer, payee, amount - honours, rule, cause)
        ledger.transfer(payer, payee, honours, self.rule_id("score.honours"), cause)

    def settle_alone(self, ledger: Ledger, contract: Contract) -> None:
        caller = contract.caller
        others = [p for p in self.order if p != caller]
        tricks = self.tricks_of([caller])
        if not self.caller_made(contract, tricks):
            self.fail(ledger, [caller], others, contract, tricks)
            return
        amount, how, topic, honours = self.solo_success(contract, tricks)
        tricks = max(tricks, contract.needed)
        cause = f"{caller} made {self.contract_words(contract)} with {tricks} tricks"
        for p in others:
            self.pay_success(ledger, p, caller, amount, honours, self.rule_id(topic), cause)
        pool = ledger.in_pool
        ledger.out_of_pool(caller, pool, self.rule_id("pool.win"), cause)
        self.note(f"{caller} made {self.contract_words(contract)} with {tricks} tricks: {how} = {amount} from "
                  f"each adversary, and takes the pool of {pool}.")

    def settle_partnership(self, ledger: Ledger, contract: Contract) -> None:
        demander, acceptor = contract.caller, contract.partner
        assert acceptor is not None
        side = [demander, acceptor]
        others = [p for p in self.order if p not in side]
        mine, his = self.tricks_of([demander]), self.tricks_of([acceptor])
        total = mine + his
        if not self.caller_made(contract, total):
            short = [p for p, got, quota in ((demander, mine, 5), (acceptor, his, 3)) if got < quota]
            if self.hand.short_hands & set(side):
                short = sorted(self.hand.short_hands & set(side), key=side.index)
            self.fail(ledger, short or side, others, contract, total)
            return
        total = max(total, 8)
        slam = self.slam_amount(contract, total)
        amount, how, honours = (slam, "slam", 0) if slam is not None else self.success_amount(contract, total)
        rule = self.rule_id("score.slam" if slam is not None else "score.partnership")
        cause = f"{demander} and {acceptor} made {self.contract_words(contract)} with {total} tricks"
        for p in others:
            for q in self.payees(p, side):
                self.pay_success(ledger, p, q, amount, honours, rule, cause)
        pool = ledger.in_pool
        half = pool // 2
        for q in side:
            ledger.out_of_pool(q, half, self.rule_id("pool.win"), cause)
        self.note(f"{demander} and {acceptor} took {mine} + {his} = {total} tricks in "
                  f"{contract.trump.word if contract.trump else '?'}: {how} = {amount} from each adversary to "
                  f"{self.payee_words()}; they divide the pool of {pool} ({half} each).")

    def payee_words(self) -> str:
        return "the partner on his right" if self.options["settlement"] == "one-to-one" else "each partner"

    def payees(self, payer: str, adversaries: list[str]) -> list[str]:
        """Whom a loser pays: every adversary, or under one-to-one only the nearest on his right.

        One-to-one applies between two sides of two (partnerships); a solo caller always deals
        with each of his three adversaries.
        """
        if self.options["settlement"] == "one-to-one" and len(adversaries) == 2 and self.hand.undertaking is not None \
                and self.hand.undertaking.kind == "partnership":
            return [self.hand.left_of(payer, adversaries)]
        return adversaries

    def fail(self, ledger: Ledger, payers: list[str], others: list[str], contract: Contract, tricks: int) -> None:
        amount = self.stake(contract)
        if self.options["failure"] == "stake-plus-tricks" and contract.kind != "misere":
            col = self.column(contract.trump)
            amount += max(0, contract.needed - tricks) * self.row_of(contract)[0]["extra-trick"][col] * self.mult
        rule = self.rule_id("score.failure")
        cause = f"{' and '.join(payers)} failed in {self.contract_words(contract)}"
        for payer in payers:
            for p in self.payees(payer, others):
                ledger.transfer(payer, p, amount, rule, cause)
        pool = ledger.in_pool
        share, odd = divmod(pool, len(payers))
        for i, payer in enumerate(payers):
            ledger.into_pool(payer, share + (odd if i == 0 else 0), rule, cause)
        self.note(f"{' and '.join(payers)} failed ({self.contract_words(contract)}, {tricks} trick(s)): "
                  f"{amount} to each adversary from {' and '.join(payers)}, and the pool is doubled "
                  f"({pool} → {ledger.pool}).")

    def settle_misere(self, ledger: Ledger, contract: Contract) -> None:
        caller = contract.caller
        others = [p for p in self.order if p != caller]
        # as for any call: a short caller fails; a short adversary means the misère is paid as made
        caller_short = bool(self.hand.short_hands & {caller})
        adversary_short = bool(self.hand.short_hands - {caller})
        thrown_up = self.hand.misere_lost_at is not None
        lost = not self.hand.ended_as("claimed") and (caller_short or (thrown_up and not adversary_short))
        if lost:
            self.fail(ledger, [caller], others, contract, 1)
            return
        amount = self.stake(contract)
        cause = f"{caller} made {self.contract_words(contract)}"
        for p in others:
            ledger.transfer(p, caller, amount, self.rule_id("score.misere"), cause)
        pool = ledger.in_pool
        ledger.out_of_pool(caller, pool, self.rule_id("pool.win"), cause)
        self.note(f"{caller} made {self.contract_words(contract)}: {amount} from each adversary, and takes the "
                          f"pool of {pool}.")

    def settle_revokes(self, ledger: Ledger, contract: Contract) -> None:
        rule = self.rule_id("revoke.established")
        seen: set[str] = set()
        for revoke in self.hand.revokes:
            revoker = revoke.player
            if revoker in seen:
                continue
            seen.add(revoker)
            others = sorted(self.hand.adversaries(revoker), key=self.order.index)
            # against a solo caller the revoker alone makes good what a success would have brought the
            # caller from all three adversaries: the table amount or slam, over-tricks and honours
            against_solo = contract.partner is None and revoker != contract.caller
            if against_solo and contract.kind == "misere":
                each, how = self.stake(contract), "the misère's stake"
            elif against_solo:
                made = self.tricks_of([contract.caller]) if self.hand.table else 0
                each, how, _, _ = self.solo_success(contract, made)
            amount = 3 * each if against_solo else self.stake(contract)
            cause = f"{revoker} revoked in trick {revoke.trick}"
            mark = ledger.mark()
            for p in others:
                ledger.transfer(revoker, p, amount, rule, cause)
            pool = ledger.in_pool
            ledger.into_pool(revoker, pool, rule, cause)
            whom = f"{others[0]} {amount}, what a success would have brought from all three adversaries " \
                   f"(3 × {how} = {each})" if against_solo else f"{amount} to each of {', '.join(others)}"
            self.penalise("revoke.established", f"{revoker} revoked: he pays {whom} and doubles the pool "
                          f"({pool} → {ledger.pool})", (Effect("hand-not-scored"),), since=mark)

    def jack_bonus(self, ledger: Ledger, contract: Contract) -> None:
        if contract.kind == "misere":
            return
        jack = best_jack(self.hand.turned) if self.options["jack-bonus"] == "best-jack" else JACK_DIAMONDS
        holder = next((p for p, cards in self.hand.deals.items() if jack in cards), None)
        if holder is None and self.hand.table is not None:
            holder = next((p.player for t in self.hand.table.tricks for p in t.plays if p.card is jack), None)
        if holder is None:
            return
        amount = payments()["jack-bonus"] * self.mult
        cause = f"{holder} held the {jack}"
        for p in self.order:
            if p != holder:
                ledger.transfer(p, holder, amount, self.rule_id("score.jack-bonus"), cause)
        self.note(f"{holder} held the {'jack of hearts' if jack is JACK_HEARTS else 'jack of diamonds'}: "
                          f"{amount} from each other player.")

    def divide_pool_at_end(self, ledger: Ledger) -> None:
        pool = ledger.in_pool
        assert pool is not None
        share = pool // 4
        ledger.share_pool(dict.fromkeys(self.order, share), self.rule_id("game.end"), "the last deal ends the game")
        self.note(f"End of the game: the pool of {pool} is divided, {share} to each player"
                  + (f", {ledger.pool} left on the table." if ledger.pool else "."))

    def contract_words(self, contract: Contract) -> str:
        if contract.kind == "misere":
            return contract.proposal.kind.replace("-", " ")
        trump = contract.trump.word if contract.trump else "?"
        if contract.kind == "forced-alone":
            return f"five alone in {trump}"
        if contract.kind == "partnership":
            return f"eight with a partner in {trump}"
        return f"{contract.needed} tricks alone in {trump}"
