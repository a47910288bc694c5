"""One hand of whist: the deal, its trump card, thirteen tricks; no bidding. The hand adds to the shared
replay the trump card, the suit calls owed, claims and concessions (laws: `penalties`; score: `settlement`)."""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

from ...engine import table as tb
from ...engine.choices import PENALTY_WORDS, Lapse
from ...engine.exposedcards import ExposedCards
from ...engine.laws import Effect, Irregularity, Penalty
from ...engine.newdeal import new_deal_offer, play_on_choices
from ...engine.replay import Declaration, HandContext, HandReplay
from ...engine.suitcalls import SuitCalls
from ...notation import events as ev
from ...notation.cards import Card, pack
from ...notation.reader import HandRecord
from . import talk
from .penalties import LAWS, abandoned_revokes, win_demand
from .settlement import WhistSettlement

WhistOptions = TypedDict("WhistOptions", {
    "code": Literal["american", "english"],
    "game": Literal["american", "short", "long"],
    "honours": Literal["by-game", "count", "none"],
    "rubber": Literal["by-game", "yes", "no"],
    "rubber-bonus": int,
    "game-end": Literal["stop", "play-out"],
    "scoring": Literal["games", "continuous"],
    "revoke-penalty": Literal["two-tricks", "english"],
    "revoke-repeat": Literal["each-two", "later-one-trick"],
    "revoker-can-go-out": bool,
    "both-revoke": Literal["both-penalties", "new-deal"],
    "corrected-renounce": Literal["exposed", "highest-lowest"],
    "lead-out-of-turn": Literal["suit", "suit-or-card"],
    "see-last-trick": bool,
    "trump-card-liable-after": int,
    "fourth-before-second": Literal["high-low", "win-lose"],
    "misdeal": Literal["loses-deal", "redeal"],
    "partner-may-ask": bool,
    "cut-ties": Literal["recut", "suit"]})
"""The house rules of whist as its rulebook defines them (a test checks the two agree)."""

TARGETS = {"american": 7, "short": 5, "long": 10}  # points to game under each code


class WhistHand(HandReplay):
    """A whist hand: A-B against Y-Z, the eldest hand leads, the trump card's suit is trumps."""

    declared = Declaration("whist", 13, frozenset(pack(2)), LAWS,  # the calls after a revoke (E72):
                           PENALTY_WORDS | {"deal-stands", "take-three", "deduct-three", "add-three"},
                           settlement=lambda hand, ledger: WhistSettlement(hand).settle(ledger), said=talk.SAID,
                           cut=("Cut", "cut-ties"), trick_missed=True, upcard="dealer's", upcard_trumps=True,
                           misplaced_upcard="inconsistent-transcript")

    @property
    def game_options(self) -> WhistOptions:  # `options`, typed (a subclass may not narrow it: mypyc)
        return cast(WhistOptions, self.options)

    def __init__(self, context: HandContext, record: HandRecord, games: tuple[tuple[str, int], ...] = ()) -> None:
        super().__init__(context, record)
        self.games = games                  # the games of this rubber won before it: (side, value)
        self.eldest = self.left_of(self.dealer)
        self.suit_calls = SuitCalls()                   # owed at the offending side's next lead (L24, L37, E60)
        self.short: dict[str, bool] = {}                # a card short after two cards to one trick: choice offered
        self.same_dealer = False                        # the adversaries chose a new deal (L15, L19): no loss of deal
        self.revoke_choices: dict[int, str] = {}        # E72: the option chosen for each revoke, by its index
        self.exposed_cards = ExposedCards()             # callable by either adversary until played (L20-L23)
        self.asked: set[tuple[str, int]] = set()        # W42: who was asked "having none?", in which trick
        self.led_ahead: dict[Card, str] = {}            # E57: cards led ahead and exposed, by their leader
        self.face_up: set[str] = set()                  # W69: whose cards lie face up (spread, or by a claim)
        self.claimant: str | None = None                # W67: who claimed the rest (W69: the claim admitted)
        self.thrown: list[Irregularity | Penalty] = []  # W69: the findings and penalties of spreads since a card

    @property
    def target(self) -> int:
        """Points to game; under scoring=continuous (W28) no game ends: tricks count all the sitting."""
        return TARGETS[self.game_options["game"]] if self.game_options["scoring"] == "games" else 10**9

    def by_game(self, option: Literal["honours", "rubber"]) -> bool:
        """A house rule whose default follows the code: on in short whist (honours in long too)."""
        value, game = self.game_options[option], self.game_options["game"]
        by_code = game == "short" or (option == "honours" and game == "long")
        return value in ("count", "yes") or (value == "by-game" and by_code)

    # ---- the deal -----------------------------------------------------------------------
    def redeal_why(self) -> str | None:
        """Why the hand is dealt again, if it is: a misdeal, an imperfect pack, a faced card, or a
        new deal by the same dealer (one the adversaries chose, or both sides revoking), or by the
        rightful one (a wrong deal stopped, W8: `deals_next`)."""
        if self.imperfect():
            return "imperfect-pack"
        if self.deals_next != self.dealer:
            return "redeal"
        if self.same_dealer:
            return "new-deal"
        if self.redeal is not None:
            said = self.redeal.reason
            return said if said in ("imperfect-pack", "faced-card", "misdeal", "interrupted") else (
                "new-deal" if said == "thrown-in" else "misdeal")
        if self.misdeal():  # the pack is perfect: a hand of the wrong size, found before trick 1 is complete
            return "misdeal"
        return "new-deal" if self.both_revoked() and self.hand_over() else None

    def next_dealer(self) -> str:
        """Who deals next (W17; under code=english a misdeal in the partner's turn loses his deal: W20, E51)."""
        lost = self.redeal_why() == "misdeal" and self.game_options["misdeal"] == "loses-deal"
        rightful = self.ctx.expected_dealer
        if self.status() == "redeal" and not lost:
            return self.deals_next
        english = lost and self.game_options["code"] == "english" and rightful == self.partner(self.dealer)
        return self.left_of(rightful if english and rightful else self.dealer)

    # ---- play ---------------------------------------------------------------------------
    def ready_to_play(self, event: ev.Play) -> bool:
        return self.before_play_rest(event) or self.refuse_play(event, self.say(
            "transcript.consistency", "before-upcard", player=event.player, card=event.card))

    def before_play_rest(self, event: ev.Concede | ev.ClaimRest | ev.Play | ev.Spread) -> bool:
        """The trump card turned, play may begin: a claim or concession before the lead settles as after one (W69),
        unless the deal lines show a misdeal: it is dealt again, no trick to give (`HandReplay.nothing_left`)."""
        if self.table is None and self.upcard is not None and (isinstance(event, ev.Play) or not self.misdeal()):
            self.start_play(self.eldest, self.order, tb.PlainTricks(self.trump))
        return self.table is not None

    def on_play(self, event: ev.Play) -> None:
        """E57 (W53): under the English code the partner of one who led his winning cards one after another may
        be required to win any one of those tricks: the demand comes again at each such lead, until made once."""
        trick = self.table.current.number if self.table is not None and not self.table.current.plays else None
        super().on_play(event)
        self.thrown.clear()
        if self.missed and self.table is not None and self.missed.get(event.player) == self.table.current.number - 1:
            play_on_choices(self, self.table.current.number, self.short, WhistHand.chose_new_deal)
        if trick and self.led_ahead.pop(event.card, None) == event.player and not any(
                e.detail == "win" for p in self.penalties if p.rule.endswith(".play.led-ahead") for e in p.effects):
            win_demand(self, event.player, trick)

    def fact_trickwon(self, fact: tb.TrickWon) -> None:
        self.lead_stood(fact)
        if fact.trick.number == 1 and "wrong-count" in self.deal_faults and not self.imperfect():
            self.wrong_count_found()
        if not self.missed or not any(t == fact.trick.number - 1 and p != fact.trick.plays[-1].player  # L19 (W62):
                                      for p, t in self.missed.items()):  # one who missed the last played: `on_play`
            play_on_choices(self, fact.trick.number, self.short, WhistHand.chose_new_deal)  # L19, E69 (W62-W63)
        self.suit_calls.due(self)
        self.exposed_cards.recall(self)  # an exposed card called in this trick and not played may be called again (W51)

    def wrong_count_found(self) -> None:
        """L19: a hand of the wrong size found once all have played to trick 1 (with a perfect pack): its
        adversaries choose, unless one of them is wrong too, when there must be a new deal (same dealer, A11).
        English code (E46, W65): one hand short of the one card no deal holds stands, as though it held it."""
        wrong = [p for p, cards in self.deals.items() if len(cards) != self.cards_per_hand]
        self.short.update((p, True) for p in wrong if self.dealt_short(p))
        missing = set(self.missing_cards())
        if self.game_options["code"] == "english" and len(wrong) == len(missing) == 1 and wrong[0] in self.short:
            self.penalty("wrong-count.play", "english-short", player=wrong[0], cards=" ".join(c.text for c in missing))
            if self.table is not None and self.table.hands is not None:
                self.table.hands[wrong[0]] |= missing
            return
        if len({self.side(p) for p in wrong}) == 2:
            self.same_dealer = True
            self.penalty("wrong-count.play", "both-sides", players=" and ".join(wrong), dealer=self.dealer,
                         effects=(Effect("redeal", None, None, self.dealer),))
            return
        them, others = self.adversaries(wrong[0]), self.other(self.side(wrong[0]))
        self.open(new_deal_offer(self, them, wrong[0], "wrong-count.play", self.say(
            "wrong-count.play", "holds", player=wrong[0], count=len(self.deals[wrong[0]]), others=others,
            dealer=self.dealer), self.say("wrong-count.play", "chosen", others=others),
            self.say("wrong-count.play", "dealt-stands"), (Lapse.CHOOSER_PLAYS,), WhistHand.chose_new_deal))

    def chose_new_deal(self) -> None:
        """The adversaries chose the new deal: the same dealer deals again (no loss of deal)."""
        self.same_dealer = True

    def on_look(self, event: ev.Look) -> None:
        """L37: a quitted trick may not be seen again (the one not yet gathered may: L34; see-last-trick: the last)."""
        trick, quitted = self.looked_at(event)
        last = self.table is not None and trick == len(self.table.tricks) - (not self.table.gathered)
        if not quitted or (self.game_options["see-last-trick"] and last):
            return
        self.find("looked-at-trick", event.player, event.at, "play.look-back", self.say("play.look-back", "found",
                  player=event.player, trick=trick, partner=self.partner(event.player)), trick=self.trick_number)
        self.suit_calls.owe(self, event.player, "play.look-back",
                            self.say("play.look-back", "looked", player=event.player, trick=trick))

    def on_claimrest(self, event: ev.ClaimRest) -> None:
        """L36: the claimant's partner's cards are laid face up, each liable to be called."""
        self.laid_down(event, self.partner(event.player), "play.claim-rest",
                       self.say("transcript.consistency", "claim-played-out", player=event.player))

    def on_spread(self, event: ev.Spread) -> None:
        """L20-I, A10 (a): cards a player lays face up himself (a claimant's own included) are exposed."""
        self.laid_down(event, event.player, "exposed.card",
                       self.say("transcript.consistency", "spread-played-out", player=event.player))

    def laid_down(self, event: ev.ClaimRest | ev.Spread, holder: str, topic: str, played_out: str) -> None:
        """`holder`'s cards face up, each exposed, while play goes on (after a concession: nothing more). W69
        (L27, E59): once all four hands lie face up play ends, the spreads since the last card played expose
        nothing, a claim of the rest stands (no claim: the tricks taken), and a revoke still carries its penalty."""
        finished = self.table is not None and self.table.finished  # every trick played: no card is left to lay down
        if finished and self.ended is None:
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency", played_out)
        if self.ended is not None or finished:
            return
        self.claimant = event.player if isinstance(event, ev.ClaimRest) else self.claimant
        found, fined = len(self.irregularities), len(self.penalties)
        self.exposed_cards.lay_down(self, holder, event, topic)
        self.face_up.add(holder)
        self.thrown += [*self.irregularities[found:], *self.penalties[fined:]] if isinstance(event, ev.Spread) else []
        if len(self.face_up) < len(self.order) or not self.before_play_rest(event) or (table := self.table) is None:
            return
        self.irregularities[:] = [f for f in self.irregularities if all(f is not g for g in self.thrown)]
        self.penalties[:] = [p for p in self.penalties if all(p is not q for q in self.thrown)]
        self.choices[:] = [c for c in self.choices if Lapse.SETTLEMENT in c.ends]  # no card is left to call
        left = self.cards_per_hand - len(table.tricks)
        if (claimant := self.claimant) is None:  # nobody claimed the tricks left: they count for neither side
            self.end("claimed")
            self.note(self.say("score.tricks", "thrown-down", left=left))
        else:
            self.end("conceded", self.left_of(claimant))
            self.note(self.say("score.tricks", "claim-stands", player=claimant, left=left, side=self.side(claimant)))
        self.gather_now()
        abandoned_revokes(self)

    def on_concede(self, event: ev.Concede) -> None:  # a method: a compiled class holds no alias of one
        self.concede_rest(event)

    # ---- result -------------------------------------------------------------------------
    def both_revoked(self) -> bool:
        return self.game_options["both-revoke"] == "new-deal" and len({self.side(r.player) for r in self.revokes}) == 2

    def contract(self) -> dict[str, Any]:
        return {"trump": self.trump.word if self.trump else None, "upcard": self.upcard.text if self.upcard else None,
                "tricks": ", ".join(f"{s} {n}" for s, n in self.won_by_side().items()) if self.table else None}

    def next_step(self) -> str | None:
        if self.table is not None:  # L24: a lead out of turn, once noticed, goes back with any card played to it
            back = self.false_card_step(self.false_lead, len(self.table.current.plays) > 1) if self.false_lead else None
            return self.choice_step() or self.exposed_cards.step(self) or back or self.next_in_play()
        return self.choice_step() or (self.say("score.tricks", "lead-step", eldest=self.eldest) if self.upcard else
                                      self.say("score.tricks", "turn-step", dealer=self.dealer, eldest=self.eldest))
