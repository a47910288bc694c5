"""One hand of euchre: the bidding (two rounds, the upcard, going alone) and the play; its penalties
are the laws in `penalties`, its score `settlement`'s."""

from __future__ import annotations

from functools import cache
from typing import Any, Literal, TypedDict, cast

from ...engine import claims, sitout
from ...engine.auction import Auction, AuctionRules
from ...engine.choices import PENALTY_WORDS, Choice, Lapse
from ...engine.laws import Pending, Reply
from ...engine.penalties import Offer
from ...engine.replay import Declaration, HandContext, HandReplay
from ...engine.words import Words
from ...notation import events as ev
from ...notation.cards import Card, Suit
from ...notation.reader import HandRecord
from .cards import PACKS, EuchreTricks, bower_role
from .penalties import LAWS, play_after, shown_before_alone, wrong_count_penalty
from .settlement import penalised_revokes, settle

EuchreOptions = TypedDict("EuchreOptions", {
    "turned-down-suit": Literal["pass", "name-again"],
    "stick-the-dealer": bool,
    "target": int,
    "discard-upcard": bool,
    "revoke-points": int,
    "revoke-lone-points": int,
    "revoke-lone": Literal["offending-side", "any-lone-hand"],
    "revoke-penalty": Literal["award", "deduct"],
    "out-of-turn": Literal["restore", "somerset"],
    "exposed": Literal["visible", "callable"],
    "misdeal": Literal["same-dealer", "loses-deal"],
    "deck": Literal["24", "32"],
    "loner-lead": Literal["left-of-dealer", "left-of-loner"],
    "lone-march": int,
    "canadian-loner": bool,
    "alone-deadline": Literal["before-lead", "with-declaration"],
    "natural-trump-required": bool,
    "defend-alone": Literal["off", "against-lone", "always"],
    "alone-who": Literal["maker", "maker-or-partner"],
    "revoke-count": Literal["once-per-side", "each", "cancel"],
    "deals": int,
    "lone-euchre": int,
    "order-after-pass": Literal["void", "somerset"],
})
"""The house rules of euchre as its rulebook defines them (a test checks the two agree)."""


@cache
def bidding_rules(stick_the_dealer: bool) -> AuctionRules[Suit]:
    """Two rounds of calls in turn, in the rulebook's words (their slots kept for the auction to fill):
    built once a reading, not once a hand."""
    words = Words("euchre")
    return AuctionRules("void", "first-bid", rounds=2, dealer_must_bid=stick_the_dealer, closed_words=words.say(
        "bidding.illegal", "closed", player="{player}", what="{what}"), out_of_turn_words=words.say(
        "bidding.out-of-turn", "void", player="{player}", what="{what}", turn="{turn}"),
        thrown_in_words=words.say("bidding.thrown-in", "closed", player="{player}", what="{what}"))


class EuchreHand(HandReplay):
    declared = Declaration("euchre", 5, PACKS["24"], LAWS, revoke_abandons=True, pack_by=("deck", PACKS),
                           card_role=bower_role, settlement=settle, penalised_revokes=penalised_revokes,
                           call_words=PENALTY_WORDS | {"partnership", "alone", "deal-stands"})  # SOM 100; SOM 40

    @property
    def game_options(self) -> EuchreOptions:  # `options`, typed (a subclass may not narrow it: mypyc)
        return cast(EuchreOptions, self.options)

    def __init__(self, context: HandContext, record: HandRecord) -> None:
        super().__init__(context, record)
        self.auction: Auction[Suit] = Auction(self.order, self.left_of(self.dealer),
                                              bidding_rules(self.options["stick-the-dealer"]), self.dealer)
        self.maker: str | None = None
        self.alone: str | None = None
        self.defender_alone: str | None = None  # a defender playing alone (defend-alone house rule)
        self.must_pass: dict[str, int] = {}  # Somerset 79, 80: partners of players who called after passing: the round
        self.void_call: tuple[str, Suit] | None = None  # the last void call naming a suit, if no call followed
        self.alone_on_void: ev.Alone | None = None  # a lone hand announced on that void call, if it stands
        self.discarded: Card | None = None
        self.wrong_count: set[str] = set()  # players who played with the wrong number of cards
        self.partner_exposed: str | None = None  # a lone player's partner who showed a card (Somerset 102)
        self.rebuild: Choice | None = None  # the table's choice once later players played after it
        self.dealer_count_due = False  # the dealer's six cards are checked at his first play

    @property
    def bidding(self) -> bool:
        """The auction is on: nobody has made trump yet (and the deal is not thrown in)."""
        return self.maker is None and self.stage in ("deal", "auction")

    @property
    def made(self) -> bool:
        """Trump is made and play has not begun."""
        return self.maker is not None and self.stage == "auction"

    @property
    def lone_hand(self) -> bool:
        """The maker plays alone, and his partner has not broken the lone hand (`engine.sitout`)."""
        return sitout.lone_stands(self, self.alone)

    @property
    def lone_defence(self) -> bool:
        return sitout.lone_stands(self, self.defender_alone)

    # ---- bidding ----------------------------------------------------------------------
    def bidding_open(self, event: ev.Event, what: str, suit: Suit | None = None) -> bool:
        """Whether the auction hears `event`; a void call that named `suit` is noted (`note_void_call`)."""
        auction, bidding = self.auction, self.bidding
        after_pass = bidding and event.player != auction.turn and event.player in auction.spoken  # most: in turn
        if after_pass and auction.round == 2 and self.game_options["turned-down-suit"] == "pass" \
                and not isinstance(event, ev.Pass):
            self.must_pass[partner := self.sides.partner(event.player)] = 2
            self.found("illegal-bid", event.player, event.at, "bidding.second-round", "after-pass", player=event.player,
                       what=what, partner=partner)
        elif after_pass and auction.round == 1 and isinstance(event, ev.Order) \
                and self.game_options["order-after-pass"] == "somerset":
            self.must_pass[partner := self.sides.partner(event.player)] = 1
            self.found("illegal-bid", event.player, event.at, "bidding.first-round", "after-pass", player=event.player,
                       partner=partner)
            self.open(Offer(frozenset(self.adversaries(event.player)), event.player, ("accept",), "bidding.first-round",
                            self.say("bidding.first-round", "elect", player=event.player),
                            lambda hand, _, at: hand.accept_void_call(hand.say("bidding.first-round", "elected")),
                            ends=(Lapse.ANY_ACTION,)))
        elif auction.hears(self, event, what, not bidding):
            return True
        self.note_void_call(event.player, suit)
        return False

    def barred(self, event: ev.Event, what: str) -> bool:
        """SOM 79, 80: the partner of a player who named a suit after passing must pass, and (a house rule)
        in the first round the partner of one who ordered up after passing; his call counts as a pass."""
        if not self.must_pass or self.must_pass.get(player := event.player) != self.auction.round:
            return False
        if self.auction.round == 1:
            self.found("illegal-bid", player, event.at, "bidding.first-round", "bound", player=player, what=what)
        else:
            self.found("illegal-bid", player, event.at, "bidding.second-round", "bound", player=player, what=what)
        self.passes(player)
        return True

    def passes(self, player: str) -> None:
        """`player` passes (or his call counts as a pass): after two rounds of passes the deal is thrown in."""
        self.void_call = None  # a call in turn answers any void call before it
        if self.alone_on_void is not None:  # and the lone hand announced on it with it
            alone, self.alone_on_void = self.alone_on_void, None
            self.void_alone(alone)
        self.auction.pass_(player)
        if self.auction.over:  # a later call is void in the words `bidding_rules` gives the auction
            self.end("thrown-in")

    def on_pass(self, event: ev.Pass) -> None:
        if not self.bidding_open(event, "passed"):
            return
        if event.player == self.auction.stuck:
            self.found("illegal-bid", event.player, event.at, "bidding.stick-the-dealer", "passed", player=event.player)
            return
        self.passes(event.player)

    def on_order(self, event: ev.Order) -> None:
        if not self.bidding_open(event, "ordered up", self.turned) or self.barred(event, "ordered up"):
            return
        if self.auction.round == 2:
            self.turned_down_named(event)
        elif (upcard := self.upcard or self.upcard_shown(event)) is not None:
            self.make_trump(event.player, upcard.suit)
        else:  # trumps unknown: no card is judged (`ready_to_play`), nothing scored
            self.maker = event.player

    def upcard_shown(self, event: ev.Order) -> Card | None:
        """An order with no `upcard` line, found: the upcard is the card of the pack the dealer discards or
        plays though no deal line gives it, his own being written (else nothing shows it)."""
        card = self.upcard = next((e.card for line in self.record.lines if isinstance(line, ev.EventLine)
                                   for e in line.events if isinstance(e, (ev.Discard, ev.Play))
                                   and e.player == self.dealer and e.card in self.deck and e.card not in self.dealt),
                                  None) if self.dealer in self.deals else None
        then = (self.say("transcript.consistency", "unknown", dealer=self.dealer) if card is None else
                self.say("transcript.consistency", "shown", dealer=self.dealer, card=card, suit=card.suit.word))
        self.found("inconsistent-transcript", None, event.at, "transcript.consistency", "no-upcard",
                   player=event.player, then=then)
        return card

    def on_namesuit(self, event: ev.NameSuit) -> None:
        what = f"named {event.suit.word}"
        if not self.bidding_open(event, what, event.suit) or self.barred(event, what):
            return
        upcard = self.turned
        if self.auction.round == 1 and upcard is not None and event.suit is not upcard:
            self.found("illegal-bid", event.player, event.at, "bidding.first-round", "other-suit", player=event.player,
                       suit=event.suit.word, upcard=upcard.word)
        elif self.auction.round == 2 and event.suit is upcard:
            self.turned_down_named(event)
        else:
            self.make_trump(event.player, event.suit)

    def turned_down_named(self, event: ev.Event) -> None:
        again = self.game_options["turned-down-suit"] == "name-again" or event.player == self.auction.stuck
        self.found("illegal-bid", event.player, event.at, "bidding.second-round", "turned-down", player=event.player,
                   suit=self.turned_down, then=self.say("bidding.second-round", "again", player=event.player) if again
                   else self.say("bidding.second-round", "as-pass"))
        if not again:
            self.passes(event.player)
        self.note_void_call(event.player, self.turned)

    @property
    def turned_down(self) -> str:
        """The suit that may not be named in the second round, in words (unknown without an upcard line)."""
        return self.upcard.suit.word if self.upcard else self.say("bidding.second-round", "unturned")

    def note_void_call(self, player: str, suit: Suit | None) -> None:
        """A void call that named a trump suit: if play begins right after it, the table let it stand."""
        if self.bidding and suit is not None:
            self.void_call = (player, suit)

    def accept_void_call(self, began: str = "") -> None:
        """Play began (or `began` says what the table did instead: the dealer took the upcard up, the adversaries
        elected: SOM 80) right after a void call naming a suit: the table let that call stand; the hand is scored."""
        if self.void_call is None:
            return
        player, suit = self.void_call
        self.trump, self.maker = suit, player
        if self.alone_on_void is not None:  # the caller announced a lone hand on the call that stands
            self.alone, self.alone_on_void = self.alone_on_void.player, None
        began = began or self.say("bidding.out-of-turn", "play-began")
        self.notes.append(self.say("bidding.out-of-turn", "stands", began=began, player=player, suit=suit.word))

    def make_trump(self, player: str, suit: Suit) -> None:
        if self.game_options["natural-trump-required"] and self.auction.unheld(player, self.deals.get(player), suit,
                                                                               self.turned):  # `unheld`: it may yield
            self.found("illegal-bid", player, self.last_at, "bidding.natural-trump", "void", player=player,
                       suit=suit.word, one=suit.word[:-1])
            return
        self.trump, self.maker = suit, player

    def on_discard(self, event: ev.Discard) -> None:
        # right after a void first-round call of the upcard's suit (an order out of turn, say) the dealer took
        # the upcard up on it: the table let the call stand, as when play begins on it, and this is its discard
        if self.bidding and self.auction.round == 1 and event.player == self.dealer and self.void_call is not None \
                and self.void_call[1] is self.turned:
            self.accept_void_call(self.say("bidding.out-of-turn", "taken-up", dealer=self.dealer))
        table, player, card = self.table, event.player, event.card
        hands = table.hands if table is not None else None
        held = hands[self.dealer] if hands is not None and self.dealer in hands else self.deals.get(self.dealer, ())
        if player != self.dealer or self.auction.round != 1 or self.maker is None:
            self.found("illegal-discard", player, event.at, "discard", "not-dealer", player=player, card=card)
        elif self.discarded is card:
            self.found("illegal-discard", player, event.at, "discard", "again", player=player, card=card)
        elif self.discarded is not None:
            self.found("illegal-discard", player, event.at, "discard", "second", player=player, card=self.discarded,
                       kept=card)
        elif table is not None and any(t.card_of(self.dealer) is not None for t in (*table.tricks, table.current)):
            self.found("illegal-discard", player, event.at, "discard", "late", player=player, card=card)
        elif self.dealer in self.deals and card not in held and card is not self.upcard:
            self.found("card-not-held", player, event.at, "play.card-not-held", "discard", player=player, card=card)
        elif card is self.upcard and not self.game_options["discard-upcard"]:
            self.found("illegal-discard", player, event.at, "discard.upcard", "kept", player=player, card=card)
        else:
            self.discarded = card
            self.put_away(player, card)
            self.adjust_hands(hands)  # after the opening lead (Somerset 87), if the lead stands

    def on_alone(self, event: ev.Alone) -> None:
        if self.table is not None and not self.table.tricks and not self.table.current.plays:
            # every card led went back (a lead out of turn taken back): a lone hand may still be announced
            self.table, self.stage = None, "auction"
        if self.table is not None:  # too late for a lone hand
            self.found("late-alone", event.player, event.at, "alone.late", "after-lead", player=event.player)
        elif self.game_options["alone-deadline"] == "with-declaration" and self.discarded is not None:
            self.found("late-alone", event.player, event.at, "alone.late", "after-discard", player=event.player)
        elif self.may_defend_alone(event.player):
            self.defender_alone = event.player
        elif (self.game_options["alone-who"] == "maker-or-partner" and self.made and self.alone is None
                and self.maker is not None and event.player == self.sides.partner(self.maker)
                and event.player not in self.auction.passed):
            self.alone = event.player  # he takes the hand from the maker, who sits out
        elif self.bidding and self.void_call is not None and self.void_call[0] == event.player:
            self.alone_on_void = event  # it stands if the table plays on his void call, else it is void
        elif not self.made or event.player != self.maker:
            self.void_alone(event)
        elif self.alone is None:
            self.alone = event.player

    def void_alone(self, event: ev.Alone) -> None:
        player, maker, options = event.player, self.maker, self.game_options
        if maker is None:
            self.found("illegal-bid", player, event.at, "alone.declare", "no-maker", player=player)
        elif options["alone-who"] == "maker-or-partner" and player == self.sides.partner(maker) \
                and player in self.auction.passed:
            self.found("illegal-bid", player, event.at, "alone.declare", "partner-passed", player=player, maker=maker)
        elif options["defend-alone"] == "against-lone" and player in self.adversaries(maker):
            self.found("illegal-bid", player, event.at, "alone.defend", "not-against-lone", player=player, maker=maker)
        else:
            self.found("illegal-bid", player, event.at, "alone.declare", "not-maker", player=player, maker=maker)

    def may_defend_alone(self, player: str) -> bool:
        """Under defend-alone, a defender may play alone against a lone maker (or any maker)."""
        rule = self.game_options["defend-alone"]
        if rule == "off" or not self.made or self.maker is None or self.defender_alone is not None \
                or player not in self.adversaries(self.maker):
            return False
        # A Canadian loner is a lone maker from his order on, though he is only marked alone at the lead.
        return rule == "always" or self.alone is not None or self.canadian_loner() is not None

    # ---- play -------------------------------------------------------------------------
    def ready_to_play(self, event: ev.Play) -> bool:
        if self.ended is not None:  # thrown in, or the rest conceded before the opening lead: the card is ignored
            return self.play_after_throw_in(event) if self.conceded_by is None else self.play_after_end(event)
        if self.bidding and not self.premature_reported:
            self.accept_void_call()
        if self.trump is None:  # not made (the card goes back), or made of an upcard nothing shows (`on_order`)
            return self.bidding and self.premature(event, self.say(
                "play.premature-lead", "before-trump", player=event.player, card=event.card, turn=self.auction.turn))
        self.seat_lone_hands(event.at)
        active, leader = self.opening_seats(self.sitting_out)
        self.start_play(leader, active, EuchreTricks(self.trump))
        # SOM 90: a hand of the wrong size found in play stands, and costs its side. The dealer who took the upcard
        # may still discard after the opening lead (SOM 87): his count is checked at his first play, perhaps this card
        self.dealer_count_due = self.auction.round == 1 and self.hands_known and self.dealer in active
        if self.dealer_count_due and event.player == self.dealer:
            self.check_dealer_count(event)
        self.played_on(active, lambda player: wrong_count_penalty(self, player, "the deal"), self.wrong_count)
        return True

    def seat_lone_hands(self, at: ev.Span) -> None:
        """As play begins (the opening lead, or a claim of every trick before it): who sits out."""
        if self.canadian_loner():
            self.alone = self.maker
            self.notes.append(self.say("alone.declare", "canadian", maker=self.maker))
        self.sitting_out = self.lone_seats()
        shown_before_alone(self, at)  # a lone hand: a card its partner showed before it may cap it

    def lone_seats(self) -> list[sitout.SitOut]:
        """The seats that sit out: the lone player's partner (the maker's), and a lone defender's."""
        loner, defender, out = self.alone if self.lone_hand else self.canadian_loner(), self.defender_alone, []
        if loner is not None:
            out.append(sitout.SitOut(self.sides.partner(loner), loner))
        if defender is not None:
            out.append(sitout.SitOut(self.sides.partner(defender), defender, "the lone defence", "defend"))
        return out

    def opening_seats(self, sitting: list[sitout.SitOut] | None = None) -> tuple[list[str], str]:
        """The seats taking part and who leads to the first trick: the first active seat at the
        dealer's left (or at the lone player's, under the loner-lead house rule)."""
        sitting = self.lone_seats() if sitting is None else sitting
        if not sitting:
            return list(self.order), self.left_of(self.dealer)
        active = [p for p in self.order if all(sit.seat != p for sit in sitting)]
        loner = sitting[0].loner if sitting[0].verb == "play" else None
        after = loner if loner and self.game_options["loner-lead"] == "left-of-loner" else self.dealer
        return active, self.left_of(after, active)

    def canadian_loner(self) -> str | None:
        """Under the Canadian-loner house rule, the dealer's partner who ordered him up plays alone."""
        canadian = self.game_options["canadian-loner"] and self.auction.round == 1 and self.alone is None
        return self.maker if canadian and self.maker == self.sides.partner(self.dealer) else None

    def adjust_hands(self, hands: dict[str, set[Card]] | None) -> None:
        """The dealer holds the upcard once it is ordered up (in the first round), less his discard.
        A dealer who sits out takes no part: he has taken the upcard up only if he discards."""
        if hands is None or self.auction.round != 1 or self.maker is None or self.dealer not in hands \
                or self.upcard is None or (self.discarded is None and self.dealer not in self.opening_seats()[0]):
            return
        hands[self.dealer].add(self.upcard)
        if self.discarded is not None:
            hands[self.dealer].discard(self.discarded)

    def check_dealer_count(self, event: ev.Play) -> None:
        """At the dealer's first play: a dealer who took up the upcard and has not discarded holds six."""
        self.dealer_count_due = False
        if self.discarded is None and self.dealer not in self.wrong_count:
            finding = self.found("wrong-card-count", self.dealer, event.at, "wrong-count.play", "six",
                                 dealer=self.dealer, penalty=wrong_count_penalty(self, self.dealer))
            self.lapsing.append((finding, self.say("wrong-count.play", "six", dealer=self.dealer, penalty="")))
            self.wrong_count.add(self.dealer)

    def on_play(self, event: ev.Play) -> None:
        if self.dealer_count_due and event.player == self.dealer:
            self.check_dealer_count(event)
        if self.false_card is not None and self.rebuild not in self.choices:  # a card out of turn is on the table
            play_after(self, event, self.false_card)  # a later card in its trick (the only end of it) opens a choice
        self.play_card(event)

    def on_concede(self, event: ev.Concede) -> None:  # a method: a compiled class holds no alias of one
        self.concede_rest(event)  # the hands are thrown up: a revoke in the trick just completed is established

    def on_claimrest(self, event: ev.ClaimRest) -> None:
        """A claim of the rest is taken as allowed (the laws are silent): the other side concedes the tricks left."""
        if self.nothing_left(event, "claim rest", "claims the rest"):
            return
        side = self.sides.side(event.player)
        self.end("conceded", next(p for p in self.order if self.sides.side(p) != side))
        self.notes.append(self.say("concede", "unmade", player=event.player, side=side, others=self.other(side))
                          if claims.claim_unmade(self.table, self.sides.members(side))
                          else self.say("concede", "claimed", player=event.player, side=side))
        self.gather_now()

    def before_play_rest(self, event: ev.Concede | ev.ClaimRest) -> bool:
        """Trump made, a claim or a concession before the opening lead gives all five tricks (`euchre.concede`)."""
        if self.made and self.trump is not None:
            self.seat_lone_hands(event.at)
        return self.made and self.trump is not None

    def on_look(self, event: ev.Look) -> None:
        """The seed: the current trick may be reviewed until it is gathered, but completed tricks
        stay face down. A look at a gathered trick is recorded; the laws give it no penalty."""
        trick = self.quitted_trick(event)
        if trick is not None:
            self.find("looked-at-trick", event.player, event.at, "attention.drawn", self.say(
                "attention.drawn", "looked", player=event.player, trick=trick), trick=self.trick_number)

    # ---- result -----------------------------------------------------------------------
    def contract(self) -> dict[str, Any]:
        return {
            "trump": self.trump.word if self.trump else None,
            "maker": self.maker,
            "makers": self.sides.side(self.maker) if self.maker else None,
            "round": self.auction.round if self.maker else None,
            "alone": self.alone if self.lone_hand else None,
            "defending_alone": self.defender_alone if self.lone_defence else None,
            "upcard": self.upcard.text if self.upcard else None,
            "discard": self.discarded.text if self.discarded else None,
        }

    def pending(self) -> list[Pending]:
        out = super().pending()
        if self.bidding and self.auction.turn == self.auction.stuck and self.status() == "in-progress":
            held = self.deals.get(self.dealer) if self.game_options["natural-trump-required"] else None
            words = tuple(s.word for s in Suit if s is not self.turned and not self.auction.unheld(
                self.dealer, held, s, self.turned))  # only the calls he may make: none the house rule voids
            stuck = self.say("bidding.stick-the-dealer", "stuck", dealer=self.dealer) if held is None else self.say(
                "bidding.natural-trump", "stuck", dealer=self.dealer, suits=" or ".join(words))
            rule = self.rule_id("bidding.stick-the-dealer" if held is None else "bidding.natural-trump")  # its words'
            out.append(Pending(self.dealer, words, rule, stuck,
                               tuple(Reply(word, word, f"{self.dealer} name {word}") for word in words)))
        return out

    def next_step(self) -> str | None:
        if self.misdeal():
            return "misdeal: " + self.penalty_laws.deal.wrong_count_ruling(self)
        if (false := self.false_card) is not None and self.rebuild in self.choices:  # the table's choice, its words
            return self.say("play.out-of-turn", "rebuild-step", trick=false.trick, turn=false.expected)
        if self.bidding and self.must_pass.get(self.auction.turn) == self.auction.round:  # Somerset 79, 80 (and
            return self.say("bidding.first-round", "bound-step", turn=self.auction.turn)  # 80's election, pending)
        if (choosing := self.choice_step()) is not None:  # play waits for an open choice (a broken lone hand's)
            return choosing
        if self.bidding and self.auction.turn == self.auction.stuck:  # stick the dealer: he may not pass
            return self.say("bidding.stick-the-dealer", "step", dealer=self.dealer, suit=self.turned_down)
        if self.bidding:
            return (self.say("bidding.first-round", "step", turn=self.auction.turn) if self.auction.round == 1
                    else self.say("bidding.second-round", "step", turn=self.auction.turn, suit=self.turned_down))
        if self.made and self.trump is None:
            return self.say("transcript.consistency", "unknown-step", dealer=self.dealer)
        if self.made:
            active, leader = self.opening_seats()
            if self.auction.round == 1 and self.discarded is None and self.dealer in active:
                return self.say("discard", "step", dealer=self.dealer, leader=leader)
            return self.say("play.lead", "opening", leader=leader)
        if self.table is None:
            return None
        return self.next_in_play() if self.false_card is None else self.false_card_step(self.false_card)
