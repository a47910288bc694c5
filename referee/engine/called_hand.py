"""The hand of a game in which the bidding closes into one caller's contract, his side (with a
partner, if he has one) against the rest: Boston and French Boston. Before the first lead such a
hand goes through the same steps (`Step`): the bidding, the naming of trumps where the caller
names them after it, a little misère's discards, then ready to lead; and it says what each step
waits for, in its rulebook's words (`CalledHand.waiting`). The bidding closes when its auction
is over, or when play is about to begin while a bid stands (`take_silence`).

Why one part: both games kept these steps in their own words (a step of its own in one, facts
worked out again at each question in the other) and each wrote its own `next_step` and its own
discards over them, and each closed its bidding in its own way. Here the steps are kept once, as
the bidding closes and the discards come in; each game declares what its bidding closes into,
which step that leads to, and when its law refuses a discard; what a step or play waits for is
said here, unless a game words it otherwise. The opening lead is ruled here too (`ready_to_play`):
each game says only what its law makes of a lead too early and how its play begins.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar, cast

from ..notation import events as ev
from ..notation.cards import Card, Suit
from ..notation.reader import HandRecord
from . import table as tb
from .auction import Auction, Objection
from .caller import NOBODY, claim_rest, misere_claim
from .callerlaws import CallerSide, caller_lead_followed
from .choices import Lapse
from .ladder import Rung
from .misere import look_back
from .replay import HandContext, HandReplay

Step = Literal["bidding", "naming", "discarding", "ready"]
"""Where a called hand stands before play: the bidding is on; the caller is to name trumps; the
players are to discard for a little misère; ready for the opening lead."""


class Laddered(Protocol):
    """A bid on its game's ladder: what the steps before play ask of it is its contract's `rung`."""

    @property
    def rung(self) -> Rung: ...


Bid = TypeVar("Bid", bound=Laddered)
Options = TypeVar("Options", bound=Mapping[str, object])


class CalledHand(HandReplay, Generic[Bid, Options]):
    """A hand a caller's side plays against the rest. `calls` is its bidding, on the game's own
    bids, from the `eldest` hand (who leads to trick 1); `called` the caller's side once formed
    (`NOBODY` before); `step` where the hand stands before play (see `Step`); `pool_before` the
    pool the hand is played for; `game_options` its house rules, as the game's own `Options` (a
    TypedDict) names and types them."""

    calls: Auction[Bid]  # set by the game, which declares its auction's rules
    caller_side: ClassVar[CallerSide]
    """What the game's laws ask before every penalty (`callerlaws.CallerSide`), declared by the game
    for the laws here that it leaves to the engine (a look back)."""
    claim_whose: ClassVar[str] = ""
    """How the finding of a claim of the rest names the claimer's partners before their names (`lay_down`)."""
    any_discard_closes: ClassVar[bool] = False
    """Whether a discard while any bid stands closes the bidding (`on_discard`), not only under a bid with discards."""
    silence_noted: ClassVar[bool] = False
    """Whether the game's rulebook words the players taken as passed when play begins while a bid
    stands (`take_silence`), in its sentence ``bidding.end.taken-as-passed``."""

    def __init__(self, context: HandContext, record: HandRecord, pool_before: int) -> None:
        super().__init__(context, record)
        self.pool_before, self.eldest = pool_before, self.left_of(self.dealer)
        self.called = NOBODY
        self.step: Step = "bidding"
        self.rest_claimant: str | None = None  # who claimed the rest in play (a caller's claim: Boston's I pay)
        self.conceders: list[str] = []  # who conceded a claim of the rest (`on_concede`)
        self.given_up = False  # the caller's adversaries conceded with no claim made: the rest is his

    @property
    def game_options(self) -> Options:
        """`options`, typed by the game (an attribute a subclass may not narrow: mypyc)."""
        return cast(Options, self.options)

    # ---- the deal -------------------------------------------------------------------------
    def deal_shows(self) -> Literal["imperfect-pack", "misdeal"] | None:
        """What the deal lines alone make of the deal, as both games read them: before play, a card dealt
        twice shows an imperfect pack (the same dealer deals again) and a hand of the wrong size a misdeal;
        once play has begun, too many cards are a misdeal whenever found, a short hand is played on. None:
        as far as they show, the deal stands. Each game's `redeal_why` adds its `redeal` line and own laws."""
        faults = self.deal_faults
        if self.table is not None:
            return "misdeal" if "long-hand" in faults else None
        return "imperfect-pack" if "duplicate-card" in faults else "misdeal" if "wrong-count" in faults else None

    # ---- the bidding ------------------------------------------------------------------------
    @property
    def bidding(self) -> bool:
        """The bidding is on: it has not closed into a contract, nor has the hand ended (thrown in)."""
        return self.step == "bidding" and self.stage != "ended"

    def hears(self, event: ev.Event, what: str, lawful: bool = True) -> bool:
        """Whether a call counts (`Auction.hears`): a call once the bidding is over is void. One that
        could not stand whoever's turn it was (not `lawful`: the game finds it void) is heard while
        the bidding is open, but takes nobody's turn, so it is not out of turn. A game with reasons
        of its own to refuse a call says them first."""
        return (self.bidding and not lawful) or self.calls.hears(self, event, what, closed=not self.bidding)

    def call_stands(self, event: ev.Event, what: str, refusal: Objection | None, lawful: bool = True) -> bool:
        """Whether a call stands: it is heard (`hears`) and not void whoever's turn it was. Such a
        call (`refusal`: why it is void) is found so alone, in the game's words (`void_words`), and
        takes nobody's turn: its player speaks again in his own. One not `lawful` for a reason the
        game finds later (a bid too low) is heard alike."""
        heard = self.hears(event, what, lawful and refusal is None)
        if heard and refusal is not None:
            self.find(refusal.kind, event.player, event.at, refusal.topic, self.void_words(refusal, event.player))
        return heard and refusal is None

    def void_words(self, refusal: Objection, player: str) -> str:
        """A void call's finding (`call_stands`): the objection's words, where they say what its player
        does next; a game whose objections leave it unsaid adds it."""
        return refusal.text

    def on_pass(self, event: ev.Pass) -> None:
        if self.hears(event, "passed"):
            self.calls.pass_(event.player)
            self.call_taken()

    def call_taken(self) -> None:
        """After a call that counts: once the auction is over, the bidding closes."""
        if self.calls.over:
            self.close_bidding()

    def close_bidding(self) -> None:
        """The bidding is over: the game plays the standing bid's contract (`close_into`), or says
        what a deal nobody bid on becomes."""
        raise NotImplementedError

    def take_silence(self, event: ev.Event) -> list[str] | None:
        """Play is about to begin (`event`: the caller names trumps, a player discards or leads) while
        a bid stands and some players have not spoken since it was made: the table took them to have
        passed, so the bidding closes into its contract and the hand is played and scored, not left
        in progress with every card sent back; a note says so where the game words it
        (`silence_noted`). Those so taken; None while no bid stands or once the bidding is closed."""
        if not self.bidding or self.calls.high is None:
            return None
        silent = self.calls.take_silence()
        self.close_bidding()
        if self.silence_noted:
            self.note(taken_as_passed(self, event, silent))
        return silent

    def naming_closes(self, event: ev.NameSuit, waits: bool = False) -> None:
        """The standing bid's caller names trumps: naming shows the passes due went unwritten, so the table
        took the silent to have passed (`take_silence`), in both games; not in a misère, which has no trumps,
        nor while his bid `waits` for an answer the game's law awaits (French Boston's demand not accepted)."""
        high = self.calls.high
        if high is not None and event.player == self.calls.caller and not high.rung.misere and not waits:
            self.take_silence(event)

    # ---- play -------------------------------------------------------------------------------
    def on_play(self, event: ev.Play) -> None:
        """A card played; once a second card is in the trick, a solo caller's lead out of turn
        stands (`caller_lead_followed`). Once the hands are thrown up, where the game declares
        `shown_after_end`, the card is only shown (`show`). The cards liable to be called follow it
        (`LiableCards`: whether it waited for the decision on them, whether it was one of them). A game
        whose own `on_play` calls `play_card` (Boston's, on its hot path) asks all of these itself."""
        if self.declared.shown_after_end and self.table is not None and self.stage == "ended":
            self.show(event)
            return
        if self.liable.watching and self.table is not None:
            self.liable.before_play(self, event)
        super().on_play(event)
        caller_lead_followed(self)
        if self.liable:
            self.liable.played(event.card)

    def show(self, event: ev.Play) -> None:
        """A card written once the hands are thrown up is not played but shown, as the cards are shown
        to the board to satisfy each player that no revoke has occurred (the seed): a card of a suit
        its holder, whose deal is unwritten, failed to follow proves that revoke, as a later play would."""
        table = self.table
        for fact in [f for trick, led in table.unproven_failures(event.player) if led is event.card.suit
                     for f in table.prove(event.player, trick)] if table else ():
            self.on_fact(fact)

    def play_over(self) -> bool:
        """Every trick played, or the hands thrown up (a misère lost or claimed): no error is left to penalise."""
        return self.table is not None and (self.table.finished or self.stage == "ended")

    def on_look(self, event: ev.Look) -> None:
        """A look at a quitted trick (`misere.look_back`), until play is over: the last trick, but in a
        misère; an earlier one costs a lead out of turn."""
        look_back(self, event, self.caller_side, self.table is not None and not self.play_over())

    def on_claimrest(self, event: ev.ClaimRest) -> None:
        """An adversary of the caller who says he can win the rest (L36, `claim_rest`): his partners'
        cards are laid on the table, each then the innocent side's to call (`lay_claimed`), or in a
        misère it is an error the caller may claim; where the game's laws give no penalty, a note in
        its words says so (`claim_free`), a misère caller's in the words of what he claims (`misere_claim`).
        Made in play, the claimant is kept (`rest_claimant`): his adversaries may concede it (`on_concede`;
        in Boston only the caller's)."""
        in_play = self.table is not None and not self.play_over()
        if in_play:
            self.rest_claimant = event.player
        high = self.calls.high  # in the bidding, a misère's: its bidder's claim too is to lose the rest
        bidder = self.calls.caller if self.bidding and high is not None and high.rung.misere else None
        if misere_claim(self, event, self.called.misere_caller or bidder):  # wherever he says it, in both games
            return
        if (free := self.claim_free(event.player)) is not None:
            self.note(free)
        elif (cards := claim_rest(self, event, self.called, self.caller_side.misere, self.claim_whose)) is not None:
            self.lay_claimed(cards)

    def on_concede(self, event: ev.Concede) -> None:
        """A player concedes the claim of the rest an adversary made in play (`rest_claimant`): once
        every adversary of the claimant has (an earlier concession counts), the hand ends at once as
        he claimed (`taken_as_conceded`), which a note in the game's words says (``play.claim-rest``
        ``conceded``). The caller's adversaries conceding in play with no claim made give up the rest
        to him, as if he had claimed it (``given-up``). Otherwise, without a claim to agree to, a
        concession has no meaning; a game whose laws give it one (Boston's "I pay") says so itself."""
        if self.nothing_left(event, "concede", "concedes"):
            return
        if self.rest_claimant is None and self.stage != "ended" and event.player in self.called.against:
            self.rest_claimant, self.given_up = self.called.caller, True  # "we give up": his, as a claim conceded
        claimant = self.rest_claimant
        against = self.adversaries(claimant) if claimant is not None else ()
        if self.stage == "ended" or event.player not in against:
            self.unsupported(event, "'concede' with no claim of the rest by the other side to agree to")
            return
        self.conceders.append(event.player)
        if all(p in self.conceders for p in against):
            self.end("conceded", event.player)
            conceders = self.side_label(against)
            self.note(self.say("play.claim-rest", "given-up", claimant=claimant, conceders=conceders) if self.given_up
                      else self.say("play.claim-rest", "conceded", claimant=claimant, conceders=conceders))
            self.gather_now()

    def before_play_rest(self, event: ev.Concede | ev.ClaimRest) -> bool:
        """Once the bidding has made a contract, the caller's adversaries may give it up to him before the
        opening lead (`on_concede`), as Boston's opponents say "I pay": the game settles the contract as made
        with the tricks it needs and no more. A claim of the rest waits for play (`claim_free`)."""
        return isinstance(event, ev.Concede) and self.step != "bidding" and self.called is not NOBODY

    def taken_as_conceded(self) -> dict[str, int]:
        """The tricks taken by each player (`taken`), and the tricks left the claimant's when his claim
        of the rest was conceded in play: none in a misère whose caller claimed to lose them. (The rest
        given up before the lead credits no trick: the game settles the contract as made, bare.)"""
        taken, table, claimant = self.taken(), self.table, self.rest_claimant
        if table is not None and not self.before_lead and claimant is not None and self.ended_as("conceded") \
                and claimant != self.called.misere_caller:
            taken[claimant] += table.tricks_in_hand - len(table.tricks)
        return taken

    @property
    def before_lead(self) -> bool:
        """No card stands in a trick: play has not begun, or its opening lead was taken back."""
        table = self.table
        return table is None or not (table.tricks or table.current.plays)

    def claim_free(self, player: str) -> str | None:
        """Why `player`'s claim of the rest carries no penalty, in words; None when it carries one."""
        raise NotImplementedError

    def lay_claimed(self, cards: dict[str, list[Card]]) -> None:
        """The cards laid down after a claim of the rest, by partner: each liable to be called, as an
        exposed card is (`LiableCards.expose`); a game whose law makes more of them says so."""
        for player, card in ((p, c) for p, laid in cards.items() for c in laid):
            self.liable.expose(self, player, card)

    # ---- the steps before play -------------------------------------------------------------
    def close_into(self, rung: Rung | None, names_trumps: bool) -> None:
        """The bidding closes into a contract on `rung` (None: nobody bid): a little misère's
        discards come first; a contract in trumps waits for its caller to name them, where he
        names them after the bidding (`names_trumps`); any other is ready to lead."""
        if rung is not None and rung.discards:
            self.step = "discarding"
        else:
            self.step = "naming" if names_trumps and rung is not None and not rung.misere else "ready"

    def discard_refused(self) -> bool:
        """Whether the game's law refuses a discard made before trick 1 is complete (`on_discard`): it is void."""
        raise NotImplementedError

    def on_discard(self, event: ev.Discard) -> None:
        """A little misère's discard (`take_discard`), unless it comes too late (the hand has ended, or trick 1
        is complete: so in both games) or the game's law refuses it (found in the sentence `refused` of its
        rule); once every player has discarded, the hand is ready to lead. One made while a bid with discards
        stands (any bid, where the game declares `any_discard_closes`) shows that the table took the players
        still to answer it to have passed (`take_silence`)."""
        high = self.calls.high
        if high is not None and (self.any_discard_closes or high.rung.discards):
            self.take_silence(event)
        late = self.stage == "ended" or bool(self.table and self.table.tricks)  # too late, in both games
        if late or self.discard_refused():
            self.found("illegal-discard", event.player, event.at, "misere.discard", "refused", player=event.player,
                       card=event.card)
        elif self.take_discard(event) and not self.still_to_discard() and self.step == "discarding":
            self.step = "ready"

    def missing_discards(self) -> list[str]:
        """The players still to discard while the hand waits for a little misère's discards."""
        return self.still_to_discard() if self.step == "discarding" else []

    def fact_trickwon(self, fact: tb.TrickWon) -> None:
        """A trick is complete: after trick 1, the discards still due are missed (`discards_missed`), in
        both games; then the game says whether the trick decides the hand (`trick_decides`)."""
        if fact.trick.number == 1:
            self.discards_missed(fact)
        self.trick_decides(fact)

    def trick_decides(self, fact: tb.TrickWon) -> None:
        """Whether the trick just won decides the hand before its last trick, the hands thrown up (`throw_up`):
        a misère's caller took it, or (in the game whose law says so) a slam's caller lost it."""
        raise NotImplementedError

    def discards_missed(self, fact: tb.TrickWon) -> None:
        """Trick 1 is complete, the players still due to discard for a little misère (after a lead let
        stand before them) have not: found once, at its last card (the rulebook's misere.discard)."""
        if missing := self.missing_discards():
            self.found("illegal-discard", missing[0], fact.trick.plays[-1].at, "misere.discard", "late",
                       missing=" and ".join(missing))

    def early_lead(self, event: ev.Play, missing: list[str]) -> None:
        """An adversary's lead while a little misère's discards are still due from `missing`: a misère
        error, found under the game's misère error rule (`MisereError.topic`), and the caller's claim
        open for it. In the game's words under misere.discard: `led-early` says what he did,
        `led-early-error` the finding."""
        misere, player = self.caller_side.misere, event.player
        what = self.say("misere.discard", "led-early", player=player, card=event.card, missing=" and ".join(missing))
        self.find("premature-lead", player, event.at, misere.topic, self.say(
            "misere.discard", "led-early-error", player=player, what=what, caller=self.called.caller))
        # any other's early lead is a lead out of turn too, a misère error with its own claim (Boston's insert to
        # L24, which French Boston follows): one offence, one claim
        if player == self.eldest:
            misere.open(self, player, what)

    def ready_to_play(self, event: ev.Play) -> bool:
        """The opening lead, ruled alike in every called hand: on a deal thrown in it contradicts the transcript,
        and on hands already thrown up (a misère claimed before play) it goes back; the eldest hand's
        while a bid stands shows the table took the silent to have passed (`take_silence`). Led before
        the contract is made (the bidding open, trumps unnamed), it is the game's to rule
        (`lead_before_contract`), unless no line names trumps and the game reads them (`read_trumps`);
        while a little misère's discards are due, the caller's side may not lead (`caller_led_early`)
        and an adversary's lead is a misère error (`early_lead`) once play has begun. Play begins as
        the game's contract is played (`begin_play`)."""
        if self.stage == "ended":
            return self.play_after_throw_in(event) if self.ended_as("thrown-in") else False
        if self.bidding and event.player == self.eldest:
            self.take_silence(event)
        if self.bidding or (self.step == "naming" and (self.named_later(event) or not self.read_trumps(event))):
            self.lead_before_contract(event)
            return False
        if (missing := self.missing_discards()) and event.player not in self.called.against:
            self.caller_led_early(event, missing)
            return False
        self.begin_play(event)
        if missing:
            self.early_lead(event, missing)
        return True

    def events_after(self, event: ev.Play) -> Iterator[ev.Event]:
        """The events the record writes after `event`, in order: what a reading that looks ahead reads."""
        at = (event.at.line, event.at.column)
        return (e for line in self.record.lines if isinstance(line, ev.EventLine) for e in line.events
                if (e.at.line, e.at.column) > at)

    def named_later(self, event: ev.Play) -> bool:
        """Whether a line after `event` names trumps: the card came before it (else trumps were never written)."""
        return any(isinstance(e, ev.NameSuit) for e in self.events_after(event))

    def read_trumps(self, event: ev.Play) -> bool:
        """A card led after a trick bid whose trumps no line names: True where the game's law reads them
        (`unwritten_trumps`: Boston's), so that play begins; by default it is led before the contract is made."""
        return False

    def unwritten_trumps(self, event: ev.Play, bound: Suit | None) -> bool:
        """Trumps no line names, read as the transcript best allows: the suit the bid binds the caller to
        (`bound`); else the first suit, the turned suit first, its colour next, with which every trick
        written from `event` on is won by the player who leads the next (`leads_fit`), or failing one
        the turned suit (none if no turned card is written either). Unbound, the transcript is
        inconsistent: a finding in the rule ``bidding.trump``. Play begins (True)."""
        turned, caller = self.upcard.suit if self.upcard else None, self.called.caller
        plays = [event]
        for later in self.events_after(event):  # the cards that stay played: one taken back is none of them
            if isinstance(later, ev.Play):
                plays.append(later)
            elif isinstance(later, ev.Retract):
                taken = next((p for p in reversed(plays) if (p.player, p.card) == (later.player, later.card)), None)
                if taken is not None:
                    plays.remove(taken)
        suits = dict.fromkeys((turned, turned.partner, *Suit) if turned else Suit)
        read = bound or next((suit for suit in suits if self.leads_fit(plays, suit)), turned)
        self.trump, self.step = read, "ready"
        if bound is None:
            self.found("inconsistent-transcript", caller, event.at, "bidding.trump", "unwritten", caller=caller,
                       read=self.say("bidding.trump", "turned", suit=read.word) if read is turned and read
                       else self.say("bidding.trump", "leads", suit=read.word) if read
                       else self.say("bidding.trump", "no-turned"))
        return True

    def leads_fit(self, plays: list[ev.Play], trump: Suit) -> bool:
        """Whether, with `trump` as trumps, the winner of each trick of `plays` (dealt in turn, a card
        each) leads the next one, as the transcript writes it."""
        rules, size = tb.PlainTricks(trump), len(self.order)
        for start in range(0, len(plays) - size, size):
            trick, led = plays[start:start + size], plays[start].card.suit
            if max(trick, key=lambda play: rules.power(play.card, led)).player != plays[start + size].player:
                return False
        return True

    def lead_before_contract(self, event: ev.Play) -> None:
        """A card led while the bidding is open or trumps are still to be named: what the game's law makes of it."""
        raise NotImplementedError

    def caller_led_early(self, event: ev.Play, missing: list[str]) -> None:
        """The caller's lead while a little misère's discards are still due from `missing`: in the game's words."""
        raise NotImplementedError

    def begin_play(self, event: ev.Play) -> None:
        """Play begins with `event`, the opening lead: the game starts it under its trick rules (`play_contract`)."""
        raise NotImplementedError

    def play_contract(self, rules: tb.TrickRules, rung: Rung | None) -> None:
        """Play begins (`start_play`) from the eldest hand under `rules`, in the contract on `rung`
        (None: nobody bid): twelve tricks after a little misère's discards, else a card each."""
        self.start_play(self.eldest, self.order, rules, 12 if rung is not None and rung.discards else None)

    def waiting(self) -> str:
        """What the step the hand stands at before play waits for, in the sentence `step` of the
        step's rule, which a game's rulebook words from the slots given (whose turn to bid, who
        names trumps, who is still to discard, who leads to trick 1); a game whose rules word a
        step elsewhere says that one itself."""
        if self.step == "bidding":
            return self.say("bidding.order", "step", turn=self.calls.turn)
        if self.step == "naming":
            return self.say("bidding.trump", "step", caller=self.called.caller)
        if self.step == "discarding":
            still = self.side_label(self.still_to_discard())
            return self.say("misere.discard", "step", players=still, leader=self.eldest)
        return self.say("play.lead", "step", eldest=self.eldest)

    def playing_step(self) -> str | None:
        """What happens next once play has begun: the players still to discard for a little misère
        first, where the game lets play begin before they have (until trick 1 is complete); then the
        call on exposed cards (`liable`, where the game declares one), then play's own next step;
        nothing once the hand is over."""
        table = self.table
        if self.stage == "ended":
            return None
        if missing := (self.missing_discards() if table is not None and not table.tricks else []):
            return discards_due(self, missing)
        return self.liable.waiting(self) or self.next_in_play()

    def next_step(self) -> str | None:
        """What happens now: a choice play waits for comes first, then play's own next step once
        it has begun, else the step the hand stands at before play (none once the hand is over)."""
        if (step := self.choice_step()) is not None:
            before = any(c.waits for c in self.choices) and all(c.ends == {Lapse.PLAY_BEGINS} for c in self.choices)
            # a choice open until the first lead (a card fallen face up) holds the bidding up no more than play
            return f"{step}; meanwhile {self.waiting()}" if before and self.step == "bidding" else step
        if self.table is not None:
            return self.playing_step()
        if self.stage == "ended":
            return None
        return self.waiting()


def taken_as_passed(hand: CalledHand[Any, Any], event: ev.Event, silent: list[str]) -> str:
    """The note of the players the table took to have passed (`CalledHand.take_silence`), in the
    words of a game that gives them (`silence_noted`): by `event`, a discard, a naming or a lead."""
    return hand.say("bidding.end", "taken-as-passed", player=event.player, caller=hand.called.caller,
                    act={ev.Discard: "discarded", ev.NameSuit: "named trumps"}.get(type(event), "led"),
                    silent=" and ".join(silent), them="him" if len(silent) == 1 else "them")


def discards_due(hand: CalledHand[Any, Any], missing: list[str]) -> str:
    """What play waits for in a game whose play may begin before a little misère's discards are all
    made: those still to discard, then play's own next step."""
    return hand.say("misere.discard", "still", missing=hand.side_label(missing), then=hand.next_in_play())
