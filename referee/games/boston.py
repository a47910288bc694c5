"""Boston (the Whist variant): four players, one caller against three, settled in counters.

Defaults follow the seed text (shared/seeds/001) and the recommended readings of the research
digest (shared/rules/boston.md); the other readings are house rules listed by
``referee rules boston``. Every amount comes from the ``tables`` section of the rulebook YAML.
Scores are white counters per player; the pool is kept in red counters (1 red = 10 white), so
in every hand the players' deltas plus ten times the pool's change sum to zero.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal, TypedDict

from ..engine import table as tb
from ..engine.choices import Choice, Lapse, Option
from ..engine.generators import Deal, PlayRules, PlayRulesFor, TableRules, random_trick
from ..engine.header import Setup
from ..engine.laws import Effect, HandStatus, Irregularity
from ..engine.ledger import Ledger
from ..engine.replay import HandContext, HandReplay, Requirement
from ..engine.rulebook import rulebook_data
from ..engine.session import GameRules, GameSession, sole_leader
from ..engine.verdict import HandVerdict
from ..notation import events as ev
from ..notation.cards import Card, Suit, pack
from ..notation.reader import HandRecord, trick_line

MISERES = ("little-misere", "grand-misere", "little-spread", "grand-spread")
CLASSES = ("plain", "colour", "preference")
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")


@dataclass(frozen=True, slots=True)
class Tables:
    """The rulebook's numbers: bid order, payment tables (white), pool amounts (red)."""

    bids: tuple[str, ...]
    success: dict[str, dict[int, list[int]]]
    failure: dict[str, dict[int, list[int]]]
    misere: dict[str, int]
    pool: dict[str, int]
    partout: dict[str, int]
    game_deals: int
    revoke_overtricks: int

    def success_amount(self, table: str, bid: int, taken: int) -> int:
        """Paid by each opponent for `bid` made with `taken` tricks (a one-entry row pays no over-tricks)."""
        row = self.success[table][bid]
        return row[min(max(taken, bid) - bid, len(row) - 1)]

    def failure_amount(self, table: str, bid: int, short: int) -> int:
        """Paid to each opponent by a caller put in for `short` tricks."""
        return self.failure[table][bid][min(max(short, 1), bid) - 1]


@lru_cache(maxsize=1)
def tables() -> Tables:
    """The ``tables`` section of rulebooks/boston.yaml."""
    data = rulebook_data("boston")["tables"]
    return Tables(tuple(str(b) for b in data["bids"]), data["success"], data["failure"], data["misere"],
                  data["pool"], data["partout"], data["game-deals"], data["revoke-overtricks"])


@dataclass(frozen=True, slots=True)
class BostonBid:
    """A bid: `name` is a trick number ("5".."13") or a misere; `klass` 0 plain, 1 colour, 2 preference."""

    name: str
    klass: int = 0

    @property
    def tricks(self) -> int | None:
        return int(self.name) if self.name.isdigit() else None

    @property
    def misere(self) -> bool:
        return self.name in MISERES

    @property
    def little(self) -> bool:
        """Little misere and little spread: one discard each, twelve tricks."""
        return self.name in ("little-misere", "little-spread")

    @property
    def spread(self) -> bool:
        return self.name.endswith("spread")

    def key(self) -> tuple[int, int]:
        """Rank: the place in the bid order, then the suit class for equal numbers."""
        return tables().bids.index(self.name), self.klass

    @property
    def text(self) -> str:
        base = "boston" if self.name == "5" else self.name
        return base if self.klass == 0 else f"{base} {CLASSES[self.klass]}"


def pools_shown(total: int, limit: int) -> int | list[int]:
    """The pool as the verdict shows it: one number, or full pools then the one filling up."""
    if total <= limit:
        return total
    full, rest = divmod(total, limit)
    return [limit] * full + ([rest] if rest else [])


POOL_LIMIT_RULE = "boston.pool.limit"


def first_pool(ledger: Ledger, limit: int, rule: str, cause: str) -> tuple[int, str, str]:
    """What the first pool holds (a full pool of `limit` when the red passes it, else the only
    pool), and the rule and words its entry cites: the limit's, when it is what decides."""
    red = ledger.in_pool
    if red <= limit:
        return red, rule, cause
    return limit, POOL_LIMIT_RULE, f"{cause}: the first of several pools, a full pool of {limit} red"


def take_pool(ledger: Ledger, limit: int, who: str, rule: str, cause: str) -> int:
    """`who` takes the first pool."""
    red, rule, cause = first_pool(ledger, limit, rule, cause)
    ledger.out_of_pool(who, red, rule, cause)
    return red


def double_pool(ledger: Ledger, limit: int, who: str, rule: str, cause: str) -> int:
    """`who` doubles the first pool: he pays in what it holds."""
    red, rule, cause = first_pool(ledger, limit, rule, cause)
    ledger.into_pool(who, red, rule, cause)
    return red


BostonOptions = TypedDict("BostonOptions", {
    "success-table": Literal["standard", "american"],
    "failure-table": Literal["standard", "decimal"],
    "caller-revoke": Literal["double-and-forfeit", "no-forfeit", "forfeit-instead"],
    "opponent-revoke-overtricks": Literal["none-above-nine", "up-to-thirteen"],
    "opponent-revoke-pool": Literal["forfeit", "double"],
    "revoke-wins-pool": bool,
    "pool-bid": Literal["rank", "tricks"],
    "pool-limit": int,
    "caller-revoke-corrected": Literal["same-trick", "next-trick"],
    "end-of-game": Literal["divide", "last-trick-grand"],
    "comeback": Literal["misere-and-spreads", "misere-only"],
})
"""The house rules of boston as its rulebook defines them (a test checks the two agree)."""


Phase = Literal["bidding", "naming", "discarding", "ready", "play", "over"]
"""Where the hand stands."""


class BostonHand(HandReplay):
    game = "boston"
    options: BostonOptions
    cards_per_hand = 13
    pack = frozenset(pack(2))
    score_unit = "white"
    pool_unit = "red"
    pool_rate = 10  # white counters to the red

    def __init__(self, context: HandContext, record: HandRecord, pool_before: int) -> None:
        super().__init__(context, record)
        self.numbers = tables()
        self.pool_before = pool_before
        self.limit: int = self.options["pool-limit"]
        self.eldest = self.left_of(self.dealer)
        self.phase: Phase = "bidding"
        self.bidder = self.eldest
        self.passed: set[str] = set()
        self.passes = 0  # passes since the last bid (since the start when nobody has bid)
        self.high: BostonBid | None = None
        self.caller: str | None = None
        self.trump_suit: Suit | None = None
        self.turned: Card | None = None
        self.discards: dict[str, Card] = {}
        self.spread_at: ev.Span | None = None
        self.payers: list[str] = []       # opponents who said "I pay"
        self.caller_gave_up = False
        self.ended: str | None = None     # why the hands were thrown up before the last trick
        self.claimed_from: str | None = None  # the opponent whose misere error the caller claimed
        self.premature_reported = False
        self.extra_card: dict[str, Card] = {}  # who played two cards to one trick: the dead card
        self.line_trick: int | None = None     # the ``trick N:`` label of the line being read
        self.liable: dict[Card, str] = {}      # opponents' exposed cards still on the table, and who holds them
        self.redeal_reason: str | None = None  # what the `redeal` line says (None: the referee infers it)
        self.next_plays = 0               # cards already played to the next trick when it was taken back
        self.final_grand = (self.options["end-of-game"] == "last-trick-grand"
                            and self.number == self.numbers.game_deals + 1)
        if self.final_grand:
            self.phase = "ready"  # no bidding: a grand without trumps for the pool

    # ---- seats and contract -----------------------------------------------------------
    @property
    def trump(self) -> Suit | None:
        return self.trump_suit

    @property
    def partout(self) -> bool:
        return self.phase != "bidding" and self.high is None

    def opponents(self) -> list[str]:
        return [p for p in self.order if p != self.caller]

    def is_opponent(self, player: str) -> bool:
        return self.caller is not None and player != self.caller

    def pool_bid(self) -> bool:
        """Seven or better wins the pool: by rank (misères count) or, by house rule, by tricks."""
        assert self.high is not None
        if self.options["pool-bid"] == "tricks":
            return (self.high.tricks or 0) >= 7
        return self.high.key()[0] > BostonBid("6").key()[0]

    def bound_suit(self) -> Suit | None:
        """The suit a keep committed the caller to (None after a plain number or without a turned card)."""
        if self.high is None or self.turned is None or self.high.klass == 0:
            return None
        return self.turned.suit if self.high.klass == 2 else self.turned.suit.partner

    # ---- the turned card ----------------------------------------------------------------
    def on_upcard(self, line: ev.UpcardLine) -> None:
        """The card is turned from the other pack, so it is also in somebody's hand: no duplicate check."""
        self.turned, self.upcard_at = line.card, line.at

    # ---- bidding --------------------------------------------------------------------------
    def may_speak(self, event: ev.Event, what: str) -> bool:
        if self.phase != "bidding":
            when = ("in the extra grand after the last deal, which has no bidding" if self.final_grand
                    else "after the bidding had closed")
            self.find("illegal-bid", event.player, event.at, "bidding.illegal",
                      f"{event.player} {what} {when}; it is void")
            return False
        if event.player != self.bidder:
            self.find("bid-out-of-turn", event.player, event.at, "bidding.out-of-turn",
                      f"{event.player} {what} out of turn: it was {self.bidder}'s turn. Bidding is individual, so "
                      f"there is no penalty: it stands and the bidding goes on from {event.player}'s left.")
            self.bidder = event.player
        return True

    def advance(self, passing: bool) -> None:
        self.bidder = self.left_of(self.bidder)
        self.passes = self.passes + 1 if passing else 0
        if self.passes >= (3 if self.high is not None else 4):
            self.close_bidding()

    def close_bidding(self) -> None:
        if self.high is None:
            self.phase = "ready"  # misère partout, unless the table throws the deal in (`redeal`)
        elif self.high.misere:
            self.phase = "discarding" if self.high.little else "ready"
        else:
            self.phase = "naming"

    def on_pass(self, event: ev.Pass) -> None:
        if self.may_speak(event, "passed"):
            self.passed.add(event.player)
            self.advance(passing=True)

    def on_bid(self, event: ev.Bid) -> None:
        if not self.may_speak(event, f"bid {event.text}"):
            return
        if event.contract in ("keep", "keep-over"):
            bid = self.kept(event, event.contract == "keep-over")
        else:
            bid = self.read_bid(event)
        if bid is not None:
            self.make_bid(event, bid)

    def on_keep(self, event: ev.Keep) -> None:
        word = "keep-over" if event.over else "keep"
        if self.may_speak(event, f"said {word}"):
            bid = self.kept(event, event.over)
            if bid is not None:
                self.make_bid(event, bid)

    def read_bid(self, event: ev.Bid) -> BostonBid | None:
        if event.contract == "boston":
            return BostonBid("5")
        if event.contract in MISERES:
            return BostonBid(event.contract)
        if event.number is not None and 5 <= event.number <= 13 and event.qualifier in (None, "colour", "preference"):
            return BostonBid(str(event.number), CLASSES.index(event.qualifier or "plain"))
        self.find("illegal-bid", event.player, event.at, "bidding.illegal",
                  f"'bid {event.text}' is not a Boston bid (boston, 6 to 13, optionally 'colour' or 'preference', "
                  f"or a misère); it is void and {event.player} must bid again or pass")
        return None

    def kept(self, event: ev.Event, over: bool) -> BostonBid | None:
        """'I keep' (colour) or 'I keep over you' (first preference) at the standing number."""
        if self.high is None or self.high.tricks is None:
            self.find("illegal-bid", event.player, event.at, "bidding.illegal",
                      f"{event.player} keeps, but no trick bid stands to keep; "
                      f"void, {event.player} must bid again or pass")
            return None
        return BostonBid(self.high.name, 2 if over else 1)

    def make_bid(self, event: ev.Event, bid: BostonBid) -> None:
        player = event.player
        standing = self.high.text if self.high else "nothing"
        if player in self.passed:
            comeback = bid.misere and (not bid.spread or self.options["comeback"] == "misere-and-spreads")
            if not comeback or not self.outranks(bid):
                allowed = "a misère" if self.options["comeback"] == "misere-and-spreads" else "little or grand misère"
                self.find("illegal-bid", player, event.at, "bidding.passed",
                          f"{player} has passed and may come back only with {allowed} ranking above {standing}; "
                          f"the bid {bid.text} is void and {player} stays passed")
                self.advance(passing=True)
                return
        elif not self.outranks(bid):
            self.find("illegal-bid", player, event.at, "bidding.illegal",
                      f"{bid.text} does not rank above {standing}; it is void and {player} must bid higher or pass")
            return
        self.high, self.caller = bid, player
        self.advance(passing=False)

    def outranks(self, bid: BostonBid) -> bool:
        return self.high is None or bid.key() > self.high.key()

    def on_namesuit(self, event: ev.NameSuit) -> None:
        if self.phase == "bidding" and event.player == self.caller and self.high and not self.high.misere:
            self.close_bidding()  # the remaining passes were not written down
        if self.phase != "naming" or event.player != self.caller:
            who = f"the caller is {self.caller}" if self.caller else "nobody has won the bidding"
            self.find("illegal-bid", event.player, event.at, "bidding.trump",
                      f"{event.player} names {event.suit.word}, but only the caller names trumps, once, after a trick "
                      f"bid ({who}); void")
            return
        suit, bound = event.suit, self.bound_suit()
        if bound is not None and suit is not bound:
            self.find("illegal-bid", event.player, event.at, "bidding.trump",
                      f"{event.player} bid {self.high.text if self.high else ''}, which binds him to {bound.word}, "
                      f"but named {suit.word}; the name is void and {bound.word} are trumps")
            suit = bound
        self.trump_suit, self.phase = suit, "ready"

    def on_discard(self, event: ev.Discard) -> None:
        if self.phase != "discarding":
            self.find("illegal-discard", event.player, event.at, "misere.discard",
                      f"{event.player} discards {event.card}, but only a little misère or little spread has discards, "
                      "made before the first lead; ignored")
            return
        if event.player in self.discards:
            self.find("illegal-discard", event.player, event.at, "misere.discard",
                      f"{event.player} already discarded {self.discards[event.player]}; a second discard is void")
            return
        if event.player in self.deals and event.card not in self.deals[event.player]:
            self.find("card-not-held", event.player, event.at, "play.card-not-held",
                      f"{event.player} discards {event.card}, a card {event.player} was not dealt")
            return
        self.discards[event.player] = event.card
        if len(self.discards) == len(self.order):
            self.phase = "ready"

    def on_spread(self, event: ev.Spread) -> None:
        if self.high is None or not self.high.spread or event.player != self.caller or self.phase in ("play", "over"):
            self.unsupported(event, "'spread' except by a spread's caller before the first lead")
            return
        self.spread_at = event.at

    def on_concede(self, event: ev.Concede) -> None:
        if self.caller is None or self.phase in ("bidding", "over"):
            self.unsupported(event, "'I pay' outside a called hand")
            return
        current = self.table.current if self.table else None
        if current is not None and (current.number > 2 or (current.number == 2 and current.plays)):
            self.find("inconsistent-transcript", event.player, event.at, "i-pay",
                      f"{event.player} says 'I pay' after the second trick has begun; it is too late and play goes on")
            return
        if event.player == self.caller:
            self.caller_gave_up = True
        elif event.player not in self.payers:
            self.payers.append(event.player)
        if self.caller_gave_up or len(self.payers) == 3:
            self.stop(event.player)

    def on_redeal(self, line: ev.RedealLine) -> None:
        self.redeal_at, self.redeal_reason = line.at, line.reason
        if line.reason == "thrown-in" and not self.throwable():
            self.find("inconsistent-transcript", None, line.at, "transcript.consistency",
                      "the deal is said to be thrown in, but " + ("a bid stands (a bid binds: play or pay)"
                      if self.high is not None else "its play has begun") + "; it counts as a misdeal")

    def thrown_in(self) -> bool:
        return self.redeal_at is not None and self.redeal_why() == "thrown-in"

    def throwable(self) -> bool:
        """Only a deal nobody bid on, not yet played, may be thrown in."""
        return self.high is None and self.table is None and not self.final_grand

    def redeal_why(self) -> str:
        """Why the deal is dealt again: misdeal, imperfect-pack, faced-card or thrown-in. The deal
        itself shows an imperfect pack; a thrown-in deal needs four passes (or saying so)."""
        if self.imperfect_pack():
            return "imperfect-pack"
        reason = self.redeal_reason
        if reason == "thrown-in" or (reason is None and self.phase == "ready" and self.partout):
            return "thrown-in" if self.throwable() else "misdeal"
        return reason or "misdeal"

    def stop(self, by: str | None = None) -> None:
        """The hands are thrown up at once ("I pay", a claim): the trick just completed is gathered
        now, which establishes its open revokes."""
        self.phase = "over"
        if by is not None:
            self.conceded_by = by
        self.gather_now()

    # ---- play -----------------------------------------------------------------------------
    def ready_to_play(self, event: ev.Play) -> bool:
        if self.phase == "discarding" and self.is_opponent(event.player):
            what = f"{event.player} led {event.card} before everybody had discarded"
            self.find("premature-lead", event.player, event.at, "misere.error", what + ", a misère error.")
            self.begin_play()
            self.misere_error(event.player, what)
            return True
        if self.phase in ("bidding", "naming", "discarding"):
            if not self.premature_reported:
                waiting = {"bidding": f"the bidding is over ({self.bidder} to speak)",
                           "naming": f"{self.caller} has named trumps",
                           "discarding": "everybody has discarded"}[self.phase]
                self.find("premature-lead", event.player, event.at, "play.premature-lead",
                          f"{event.player} played {event.card} before {waiting}; the card goes back")
                self.premature_reported = True
            return False
        self.begin_play()
        return True

    def begin_play(self) -> None:
        self.phase = "play"
        self.start_play(self.eldest, self.order, tb.PlainTricks(self.trump_suit))
        assert self.table is not None
        if self.high is None and not self.final_grand:
            self.notes.append("All four passed: misère partout is played without trumps; "
                              "the turned card is turned down.")
        if self.high is not None and self.high.little:
            self.table.tricks_in_hand = self.cards_per_hand - 1
        if self.caller is not None and self.late_correction():
            self.table.late_correctors = frozenset({self.caller})
        if self.high is not None and self.high.spread and self.spread_at is None:
            self.notes.append(f"The transcript does not show {self.caller} laying his cards face up; in a spread "
                              "they are face up from the first lead.")

    def adjust_hands(self, hands: dict[str, set[Card]] | None) -> None:
        for player, card in self.discards.items():
            if hands is not None and player in hands:
                hands[player].discard(card)

    def on_event_line(self, line: ev.EventLine) -> None:
        self.line_trick = line.trick
        HandReplay.on_event_line(self, line)

    def on_play(self, event: ev.Play) -> None:
        table = self.table
        if table is not None and not table.current.plays and not table.gathered and self.second_card(event):
            return  # (checked at a lead only: a second card lands where the next lead would)
        if self.phase == "over":
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                      f"{event.player} plays {event.card} after the hands were thrown up ({self.ended or 'settled'})")
            return
        self.play_card(event)
        if self.liable:
            self.liable.pop(event.card, None)
        if self.extra_card and self.table is not None and not self.table.current.plays:
            self.sit_out_empty_hands()

    def second_card(self, event: ev.Play) -> bool:
        """A card written on the line of a trick just completed, by a player who played to it: a
        second card given to that trick (without the label it would be read as the next lead)."""
        table = self.table
        if table is None or table.current.plays or table.gathered or not table.tricks or self.line_trick is None:
            return False
        last = table.tricks[-1]
        if last.number != self.line_trick or last.card_of(event.player) is None:
            return False
        if table.hands is not None and event.card not in table.hands.get(event.player, ()):
            return False  # not a card he holds: left to the replay, which reports it
        self.fact_playedtwice(tb.PlayedTwice(event.player, event.card, event.at, last.number))
        if self.extra_card and not table.current.plays:
            self.sit_out_empty_hands()
        return True

    def fact_playedtwice(self, fact: tb.PlayedTwice) -> None:
        """Law 19: the second card goes with the trick, dead; its player is a card short from now on."""
        assert self.table is not None
        self.find("play-out-of-turn", fact.player, fact.at, "play.played-twice",
                  f"{fact.player} already played to trick {fact.trick} and plays {fact.card} as well: the card goes "
                  f"with the trick and counts for nothing, and {fact.player} is a card short for the rest of the hand. "
                  + self.short_ruling(fact.player), trick=fact.trick)
        if fact.player in self.extra_card:
            return
        self.extra_card[fact.player] = fact.card
        table = self.table
        if table.hands is not None and fact.player in table.hands:
            table.hands[fact.player].discard(fact.card)
        table.played.setdefault(fact.card, (fact.player, fact.trick))

    def short_ruling(self, player: str) -> str:
        if self.partout or self.caller is None:
            return "In misère partout he pays five red counters to each other player and the hands are abandoned."
        if player == self.caller:
            return "A caller found short is put in for at least one trick (more if he cannot make his bid)."
        return (f"An opponent found short: all three opponents pay {self.caller} for his bid and every over-trick "
                "he makes; the hand may be played on for them.")

    def sit_out_empty_hands(self) -> None:
        """A player short by a dead card has none left for the last trick, which is played without him."""
        table = self.table
        assert table is not None
        for player in self.extra_card:
            if table.hands is not None and player in table.active and not table.hands.get(player, True):
                for fact in table.deactivate(player):
                    self.on_fact(fact)

    def fact_trickwon(self, fact: tb.TrickWon) -> None:
        if self.high is None or self.caller is None:
            return
        won = fact.trick.winner == self.caller
        if won and self.high.misere:
            self.ended = f"{self.caller} took trick {fact.trick.number}, which ends a misère"
        elif not won and self.high.tricks == 13:
            self.ended = f"{self.caller} lost trick {fact.trick.number}, which ends a grand slam"
        else:
            return
        self.phase = "over"
        self.throw_up(f"The hands are thrown up: {self.ended}.")

    def resume_play(self) -> None:
        """A card of the trick that ended the hand was taken back: play goes on in that trick."""
        self.ended = None
        self.phase = "play"

    # ---- the caller's rights ------------------------------------------------------------
    def penalty_applies(self, offender: str) -> bool:
        """Only the caller's opponents are penalised, nobody in misère partout, nobody once the hand is over."""
        finished = self.table is not None and self.table.finished
        return not self.partout and self.is_opponent(offender) and self.phase != "over" and not finished

    def offer_to_caller(self, offender: str, options: Sequence[Option], topic: str, explanation: str,
                        apply: Callable[[str, ev.Span], None], implied: Option | None = None, implied_text: str = "",
                        ends: Iterable[Lapse] = (Lapse.CHOOSER_PLAYS,), card: Card | None = None,
                        recorded: Option | None = None) -> Choice:
        """The caller's choice; he waives it by playing on, and only he (L21, L39): the offender's
        side must wait for his decision."""
        assert self.caller is not None
        return self.offer({self.caller}, offender, options, topic, explanation, apply, implied, implied_text,
                          ends, card, recorded)

    def misere_error(self, offender: str, what: str) -> None:
        caller = self.caller

        def apply(option: str, at: ev.Span) -> None:
            if option == "claim":
                self.claimed_from = offender
                self.notes.append(f"{caller} claimed the pool and his stakes for {offender}'s error.")
                self.stop()

        self.offer_to_caller(offender, ("claim", "accept"), "misere.error",
                             f"{what}: {caller} may at once claim the pool and his stakes, {offender} forfeiting "
                             f"{self.numbers.pool['misere-error']} red to the pool, or play on.", apply,
                             implied="accept",
                             implied_text=f"Play went on: {caller} did not claim for {offender}'s error.",
                             recorded="claim")

    def out_of_turn_ruling(self, fact: tb.OutOfTurn) -> str:
        if self.partout:
            return "In misère partout this carries no penalty."
        if fact.player == self.caller:
            return ("The caller is not penalised: his lead stands if the next player follows it, "
                    "otherwise it goes back."
                    if fact.lead else "The caller is not penalised.")
        if self.high is not None and self.high.misere:
            return "In a misère this is a misère error."
        if fact.lead:
            return (f"{self.caller}, who has not played to the trick, may call a suit from the rightful leader, call "
                    "the card as exposed, or accept the lead.")
        return (f"{self.caller} may require an opponent still to play to play highest or lowest, "
                "or to win or lose the trick.")

    def rule_out_of_turn(self, fact: tb.OutOfTurn, finding: Irregularity) -> None:
        if not self.penalty_applies(fact.player):
            return
        assert self.high is not None
        if self.high.misere:
            verb = "led" if fact.lead else "played"
            self.misere_error(fact.player, f"{fact.player} {verb} {fact.card} out of turn")
        elif fact.lead:
            self.offer_lead_penalty(fact)
        else:
            self.offer_play_penalty(fact)

    def offer_lead_penalty(self, fact: tb.OutOfTurn) -> None:
        caller, offender, card = self.caller, fact.player, fact.card
        targets = [fact.expected] if fact.expected != caller else list(self.opponents())
        whom = fact.expected if fact.expected != caller else "the opponent who next leads"

        def apply(option: str, at: ev.Span) -> None:
            if option == "accept":
                return
            back = Effect("take-back", offender, None, card.text)
            if option in SUIT_WORDS:
                suit = Suit[option.upper()]
                effects = self.require_lead(targets, suit, "play.out-of-turn", at)
                self.penalise("play.out-of-turn", f"{caller} calls a {suit.word[:-1]} lead from {whom}; "
                              f"{offender} takes back {card}", effects=(back, *effects))
                return
            called = self.require(offender, "card", "play.out-of-turn", at, card=card)
            self.penalise("play.out-of-turn", f"{caller} treats {offender}'s {card} as exposed and calls it",
                          effects=(back, Effect("exposed", offender, None, card.text), called))

        self.offer_to_caller(offender, ("suit", "card", "accept"), "play.out-of-turn",
                             f"{caller} may call a suit from {whom} ({offender} takes {card} back), call {card} as an "
                             "exposed card, or accept the lead (his playing to it accepts it; a card his opponents "
                             "play to it before he decides is taken back, liable to be called).", apply,
                             implied="accept",
                             implied_text=f"Play went on to {offender}'s lead out of turn: it stands.",
                             card=card)

    def offer_play_penalty(self, fact: tb.OutOfTurn) -> None:
        assert self.table is not None
        played = {p.player for p in self.table.current.plays}
        targets = [p for p in self.opponents() if p not in played]
        if not targets:
            return
        target = fact.expected if fact.expected in targets else targets[0]

        def apply(option: str, at: ev.Span) -> None:
            effect = self.require(target, option, "play.out-of-turn", at)
            self.penalise("play.out-of-turn", f"{self.caller} requires {target} to play {option}", effects=(effect,))

        self.offer_to_caller(fact.player, ("highest", "lowest", "win", "lose"), "play.out-of-turn",
                             f"{self.caller} may require {target} to play his highest or lowest of the suit led, or to "
                             "win or lose the trick.", apply, ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED))

    def exposed_ruling(self, event: ev.Expose) -> str:
        if self.partout or self.caller is None:
            return "No penalty: " + ("misère partout." if self.partout else "the bidding is not settled.")
        if event.player == self.caller:
            return "The caller is not penalised for his own exposed cards."
        if not self.penalty_applies(event.player):
            return "The play is over: no penalty applies."
        if self.high is not None and self.high.misere:
            return "In a misère this is a misère error."
        return f"It stays face up and {self.caller} may call it."

    def rule_exposed(self, event: ev.Expose, finding: Irregularity) -> None:
        if self.caller is None or not self.penalty_applies(event.player):
            return
        assert self.high is not None
        if self.high.misere:
            self.misere_error(event.player, f"{event.player} exposed {event.card}")
            return
        self.offer_exposed_call(event.player, event.card)

    def offer_exposed_call(self, holder: str, card: Card) -> None:
        """The caller's right over an opponent's exposed card: it lasts until the card is played."""
        self.liable[card] = holder

        def apply(option: str, at: ev.Span) -> None:
            what = option if option in ("highest", "lowest", "no-trump") else "card"
            effect = self.require(holder, what, "exposed.card", at, card=card)
            self.penalise("exposed.card", f"{self.caller} calls {holder}'s exposed {card} ({what})",
                          effects=(Effect("exposed", holder, None, card.text), effect))

        ruff: tuple[Option, ...] = ("no-trump",) if card.suit is self.trump_suit else ()
        self.offer_to_caller(holder, ("card", "highest", "lowest", *ruff), "exposed.card",
                             f"{self.caller} may call {card} (to be played as soon as that is lawful), demand "
                             f"{holder}'s highest or lowest {card.suit.word[:-1]} when that suit is next led"
                             + (", or forbid ruffing with it" if ruff else "") + "; the card stays liable to be called "
                             "until it is played, and whenever its suit is led he may also demand that it be played or "
                             "not played.", apply, ends=(Lapse.CARD_PLAYED,), card=card)

    def rule_early_play(self, choice: Choice, play: ev.Play) -> None:
        """The offender's side must wait for the caller's decision (L39): a card one of them played
        before it, taken back, is like a card played in error liable to be called (L20, L23)."""
        if self.caller is not None and self.penalty_applies(play.player):
            self.expose_early_play(choice, play, self.offer_exposed_call)

    # ---- looking back, claiming the rest --------------------------------------------------------------
    def on_look(self, event: ev.Look) -> None:
        """Looking at a quitted trick is allowed, except in a misère, where it is penalised as a lead
        out of turn (L37 ins.): a misère error when an opponent does it."""
        table = self.table
        quitted = len(table.tricks) if table is not None else 0
        if (event.trick is not None and event.trick > quitted) or not quitted:
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                      f"{event.player} looks at {'trick ' + str(event.trick) if event.trick else 'the last trick'}, "
                      "but no such trick has been quitted; ignored")
            return
        if self.high is None or not self.high.misere or self.phase != "play":
            return  # allowed: the custom lets players look at the last trick
        trick = event.trick or quitted
        if event.player == self.caller:
            ruling = "The caller is not penalised: a lead out of turn by the caller carries no penalty."
        else:
            ruling = "As a lead out of turn in a misère, it is a misère error."
        self.find("looked-at-trick", event.player, event.at, "play.look-back",
                  f"{event.player} looked at trick {trick}, already quitted, in a misère. {ruling}",
                  trick=self.trick_number)
        if event.player != self.caller and self.penalty_applies(event.player):
            self.misere_error(event.player, f"{event.player} looked at trick {trick}, already quitted")

    def on_claimrest(self, event: ev.ClaimRest) -> None:
        """An opponent who says he can win the rest: his partners' cards are laid on the table and are
        liable to be called (L36)."""
        if self.table is None or self.phase != "play" or self.caller is None or event.player == self.caller:
            who = "the caller, who has no partner" if event.player == self.caller else "nobody, outside the play"
            self.notes.append(f"{event.player} says he can win the rest: no penalty ({who}).")
            return
        partners = [p for p in self.opponents() if p != event.player]
        hands = self.table.hands
        # a partner whose deal is not written has no known cards to lay down
        cards = {p: sorted(hands.get(p, ()), key=lambda c: (c.suit.value, -c.rank)) for p in partners} if hands else {}
        shown = "; ".join(f"{p} {' '.join(c.text for c in cards[p])}" for p in partners if cards.get(p))
        misere = self.high is not None and self.high.misere
        ruling = ("In a misère this is a misère error." if misere else
                  f"They stay face up and {self.caller} may call them, and demand their play or not when their suit "
                  "is led, for the rest of the hand.")
        self.find("exposed-card", event.player, event.at, "play.claim-rest",
                  f"{event.player} says he can win the rest: his partners {' and '.join(partners)} lay their cards on "
                  f"the table" + (f" ({shown})" if shown else "") + f". {ruling}", trick=self.trick_number)
        if misere:
            self.misere_error(event.player, f"{event.player} claimed the rest, exposing his partners' cards")
            return
        effects = []
        for player in partners:
            for card in cards.get(player, ()):
                self.liable[card] = player
                effects.append(Effect("exposed", player, None, card.text))
        self.penalise("play.claim-rest", f"{' and '.join(partners)} lay their cards face up, liable to be called",
                      effects=effects)

    # ---- exposed cards keep their rights for the rest of the hand ----------------------------------
    def on_call(self, event: ev.Call) -> None:
        """A call answering no open choice may still bind an exposed card lying on the table (L21 ins.)."""
        option = event.text
        if self.liable and event.player == self.caller and not any(
                event.player in c.choosers and self.call_matches(option, c.pending.options) and c.names(option)
                for c in self.choices) and self.call_liable(event):
            return
        HandReplay.on_call(self, event)

    def call_liable(self, event: ev.Call) -> bool:
        """The caller calls an exposed card (`call C`), or, when its suit is led, demands the holder's
        highest or lowest, or that it be not played (`withhold`); an exposed trump may be kept from
        ruffing (`no-trump`). The call binds the next opponent to play who holds such a card."""
        table = self.table
        if table is None or self.phase != "play":
            return False
        if event.card is not None:
            holder = self.liable.get(event.card)
            if holder is None:
                return False
            effect = self.require(holder, "card", "exposed.card", event.at, card=event.card)
            self.penalise("exposed.card", f"{self.caller} calls {holder}'s exposed {event.card}", effects=(effect,))
            return True
        word, led = event.word, table.led_suit()
        if word not in ("highest", "lowest", "withhold", "no-trump") or led is None:
            return False
        for player in self.yet_to_play():
            mine = [c for c, h in self.liable.items() if h == player]
            if word == "no-trump":
                mine = [c for c in mine if c.suit is self.trump_suit and led is not self.trump_suit]
            else:
                mine = [c for c in mine if c.suit is led]
            if not mine:
                continue
            cards = mine if word == "no-trump" else mine[:1]
            effects = tuple(self.require(player, word, "exposed.card", event.at, card=card) for card in cards)
            shown = " ".join(c.text for c in cards)
            demand = {"highest": f"{player}'s highest {led.word[:-1]}", "lowest": f"{player}'s lowest {led.word[:-1]}",
                      "withhold": f"that {player} not play", "no-trump": f"that {player} not ruff with"}[word]
            self.penalise("exposed.card", f"{self.caller} demands {demand} (exposed: {shown})"
                          if word in ("highest", "lowest") else f"{self.caller} demands {demand} the exposed {shown}",
                          effects=effects)
            return True
        return False

    def yet_to_play(self) -> list[str]:
        """The opponents still to play to the current trick, in turn."""
        assert self.table is not None
        current = self.table.current
        start = self.order.index(current.leader)
        seats = [self.order[(start + i) % len(self.order)] for i in range(len(self.order))]
        return [p for p in seats if p not in current.players and p != self.caller]

    def describe(self, requirement: Requirement) -> str:
        if requirement.what == "withhold":
            return f"anything but the exposed {requirement.card}"
        return super().describe(requirement)

    def requirement_met(self, requirement: Requirement, event: ev.Play) -> bool | None:
        """A call on an exposed card binds when its suit is led (highest, lowest) or to a ruff (no-trump)."""
        card = requirement.card
        if requirement.rule != "boston.exposed.card" or card is None or requirement.what == "card":
            return super().requirement_met(requirement, event)
        assert self.table is not None
        leading, led = not self.table.current.plays, self.table.led_suit()
        if requirement.what == "no-trump":
            if event.card is not card:
                return None
            return leading or led is card.suit
        if leading or led is not card.suit:
            return None
        if requirement.what == "withhold":  # not played, unless it is his only card of the suit (no revoke)
            held = self.table.hands.get(event.player) if self.table.hands is not None else None
            others = held is not None and any(c.suit is led and c is not card for c in held)
            return event.card is not card or (held is not None and not others)
        return super().requirement_met(requirement, event)

    def attention_ruling(self, event: ev.Count) -> str:
        if self.table is not None and self.table.finished:
            return "Every trick has been played, so there is nothing left to require: no penalty applies."
        if self.caller is None or not self.penalty_applies(event.player) or self.table is None:
            return "No penalty applies."
        if self.high is not None and self.high.misere:
            return "In a misère this is a misère error."
        return f"{self.caller} may require highest or lowest, or trump or no trump, from the opponents still to play."

    def rule_attention(self, event: ev.Count, finding: Irregularity) -> None:
        if self.caller is None or not self.penalty_applies(event.player) or self.table is None or self.table.finished:
            return
        assert self.high is not None
        if self.high.misere:
            self.misere_error(event.player, f"{event.player} drew attention to the tricks")
            return
        current = self.table.current
        played = {p.player for p in current.plays}
        targets = [p for p in self.opponents() if p not in played and (current.plays or p != current.leader)]

        def apply(option: str, at: ev.Span) -> None:
            effects = [self.require(t, option, "attention.drawn", at) for t in targets]
            self.penalise("attention.drawn", f"{self.caller} requires {option} from {' '.join(targets)}",
                          effects=tuple(effects))

        self.offer_to_caller(event.player, ("highest", "lowest", "trump", "no-trump"), "attention.drawn",
                             f"{self.caller} may require the opponents still to play to trick {current.number} "
                             f"({' '.join(targets)}) to play highest or lowest, or to trump or not trump.", apply,
                             ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED))

    # ---- revokes and calls ------------------------------------------------------------------
    def late_correction(self) -> bool:
        """The seed's reading: the caller may correct his revoke until he plays to the next trick."""
        return self.options["caller-revoke-corrected"] == "next-trick"

    def rule_retract(self, fact: tb.Retracted) -> None:
        if fact.returned:
            assert self.table is not None
            note = (f"The cards played to trick {fact.trick} go back to their holders: the corrected trick "
                    f"{fact.trick - 1} was won by {self.table.current.leader}, who leads to trick {fact.trick}.")
            if note not in self.notes:
                self.notes.append(note)
            return
        self.next_plays = fact.next_plays

    def corrected_revoke_ruling(self, fact: tb.Revoke) -> str:
        if self.partout or self.caller is None:
            return "Corrected in time, it carries no penalty."
        if fact.player != self.caller:
            return (f"{self.caller} may require {fact.player}'s highest or lowest {fact.led.word[:-1]}, or call "
                    f"{fact.card} as an exposed card.")
        if not self.late_correction():
            if self.caller_card_exposed():
                return (f"An opponent had already played after him, so {fact.card} is exposed and the opponents may "
                        "call it.")
            return "The caller corrected it before an opponent played after him: no penalty."
        if self.caller_card_exposed():
            return (f"An adversary had already played to the next trick, so {fact.card} is left face up on the table "
                    "and the opponents may call it.")
        return "No adversary had played to the next trick: no penalty."

    def caller_card_exposed(self) -> bool:
        return (self.next_plays if self.late_correction() else self.later_plays) > 0

    def revoke_timing(self, fact: tb.Revoke) -> str:
        if fact.player != self.caller or not self.late_correction():
            return super().revoke_timing(fact)
        if fact.status == "correctable":
            return "the caller has not played to the next trick yet"
        if fact.status != "established":
            return "before he played to the next trick"
        if self.phase == "over" or (self.table is not None and self.table.finished):
            return "when the hand ended (the caller may correct his revoke until he plays to the next trick)"
        return "when the caller played to the next trick without correcting it"

    def rule_revoke(self, fact: tb.Revoke, finding: Irregularity) -> None:
        if fact.status != "corrected" or self.partout or self.caller is None or self.phase == "over":
            return
        if fact.player != self.caller:
            self.offer_corrected_opponent(fact)
        elif self.caller_card_exposed():
            opponents = set(self.opponents())

            def apply(option: str, at: ev.Span) -> None:
                effect = self.require(fact.player, "card", "revoke.corrected", at, card=fact.card)
                self.penalise("revoke.corrected", f"the opponents call the caller's exposed {fact.card}",
                              effects=(Effect("exposed", fact.player, None, fact.card.text), effect))

            self.offer(opponents, fact.player, ("card",), "revoke.corrected",
                       f"{fact.card} stays face up; {self.side_label(opponents)} may call it.", apply,
                       ends=(Lapse.CARD_PLAYED,), card=fact.card)

    def offer_corrected_opponent(self, fact: tb.Revoke) -> None:
        def apply(option: str, at: ev.Span) -> None:
            if option in ("highest", "lowest"):
                effect = self.require(fact.player, option, "revoke.corrected", at)
                self.penalise("revoke.corrected",
                              f"{self.caller} requires {fact.player}'s {option} {fact.led.word[:-1]}",
                              effects=(effect,))
                return
            effect = self.require(fact.player, "card", "revoke.corrected", at, card=fact.card)
            self.penalise("revoke.corrected", f"{self.caller} calls {fact.player}'s {fact.card} as an exposed card",
                          effects=(Effect("exposed", fact.player, None, fact.card.text), effect))

        self.offer_to_caller(fact.player, ("highest", "lowest", "card"), "revoke.corrected",
                             f"{self.caller} may require {fact.player}'s highest or lowest {fact.led.word[:-1]}, or "
                             f"call {fact.card} as an exposed card.", apply)

    def established_revoke_ruling(self, fact: tb.Revoke) -> str:
        if self.revokes and self.revokes[0] is not fact:
            return "An earlier revoke already settles the hand."
        if self.partout:
            return "Misère partout: the revoker pays five red to each other player and four red to the pool."
        if fact.player == self.caller:
            return "The caller loses his call and is put in for at least one trick; the hands are thrown up."
        return self.opponent_revoke_words() + "; the revoker forfeits to the pool."

    def opponent_revoke_words(self) -> str:
        """What an opponent's revoke earns the caller, in words that fit his call."""
        assert self.high is not None
        if self.high.misere:
            name = self.high.text.replace("-", " ").replace("misere", "misère")
            return f"Each opponent pays the caller the {name} amount, as if he had made it"
        over = self.revoke_overtricks()
        extra = (f" with {over} over-tricks" if over else " (thirteen tricks leave no room for over-tricks)"
                 if self.high.tricks == 13 else " (no over-tricks above a bid of nine)")
        return f"Each opponent pays the caller as if he had made his bid{extra}"

    def revoke_overtricks(self) -> int:
        """The over-tricks an opponent's revoke pays: three, within thirteen tricks; none above nine by default."""
        assert self.high is not None
        if self.high.tricks is None:
            return 0
        if self.options["opponent-revoke-overtricks"] == "none-above-nine" and self.high.tricks > 9:
            return 0
        return min(self.numbers.revoke_overtricks, 13 - self.high.tricks)

    def wrong_dealer_ruling(self) -> str:
        return "It was not stopped before the last card was dealt, so the deal stands."

    def wrong_count_ruling(self, player: str) -> str:
        if len(self.deals[player]) > self.cards_per_hand:
            return "A hand with too many cards makes a misdeal: the same dealer deals again."
        return ("Found before the first card is played it is a misdeal (or, when the card is missing from every "
                "hand, an imperfect pack); if play goes on the deal stands and the short hand pays as the wrong-count "
                "rule says.")

    # ---- status ------------------------------------------------------------------------------
    def short_players(self) -> list[str]:
        """Dealt too few cards, or short in play by a card given to a trick with another (law 19)."""
        return [p for p in self.order if (p in self.deals and len(self.deals[p]) < self.cards_per_hand)
                or p in self.extra_card]

    def imperfect_pack(self) -> bool:
        """A card dealt twice; or a card in nobody's hand, found before play or when the deal is cancelled
        (once play has gone on without a redeal, a short hand is played under the wrong-count rule)."""
        if "duplicate-card" in self.deal_faults:
            return True
        return bool(self.missing_cards()) and (self.table is None or self.redeal_at is not None)

    def missing_cards(self) -> list[Card]:
        """Cards of the pack in nobody's hand when all four hands are known and none is long: from a
        perfect pack a short hand would mean a long one, so the pack lacks them."""
        if not self.hands_known or any(len(cards) > self.cards_per_hand for cards in self.deals.values()):
            return []
        dealt = {card for cards in self.deals.values() for card in cards}
        if len(dealt) >= len(self.pack):
            return []
        return sorted(self.pack - dealt, key=lambda c: (c.suit.value, -c.rank))

    def misdeal(self) -> bool:
        long_hand = any(len(cards) > self.cards_per_hand for cards in self.deals.values())
        return long_hand or self.imperfect_pack() or (self.table is None and bool(self.short_players()))

    def status(self) -> HandStatus:
        if self.redeal_at is not None or self.misdeal():
            return "thrown-in" if self.redeal_why() == "thrown-in" else "redeal"
        if self.table is not None and self.table.finished:
            return "complete"
        if len(self.payers) == 3 or self.caller_gave_up:
            return "complete"
        if self.ended or self.claimed_from or self.revokes or (self.table is not None and self.short_players()):
            return "abandoned"
        return "in-progress"

    def caller_tricks(self) -> int:
        assert self.table is not None
        return sum(1 for t in self.table.tricks if t.winner == self.caller)

    def tricks_left(self) -> int:
        return self.table.tricks_in_hand - len(self.table.tricks) if self.table else self.cards_per_hand

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

    # ---- settlement ----------------------------------------------------------------------------
    def show_pool(self, pool: int) -> int | list[int]:
        return pools_shown(pool, self.limit)

    def settle(self, ledger: Ledger) -> None:
        if ledger.pool == 0:
            stake = self.numbers.pool["stake"]
            for player in self.order:
                ledger.into_pool(player, stake, self.rule_id("pool.stake"), "the pool was empty before the deal")
            self.note(f"The pool was empty: each player puts in {stake} red before the deal.")
        status = self.status()
        if status == "redeal":
            self.settle_misdeal(ledger)
        elif status == "thrown-in":
            self.note(f"Nobody bid and the deal was thrown in: nobody pays anything, and the deal passes "
                      f"to {self.left_of(self.dealer)}.")
            if self.number == self.numbers.game_deals and self.options["end-of-game"] == "divide":
                self.divide(ledger)
        elif status != "in-progress":
            if self.final_grand:
                self.settle_final_grand(ledger)
            elif self.partout:
                self.settle_partout(ledger)
            else:
                self.settle_contract(ledger)
            if self.number == self.numbers.game_deals and self.options["end-of-game"] == "divide":
                self.divide(ledger)

    def settle_misdeal(self, ledger: Ledger) -> None:
        why = self.redeal_why()
        if why == "imperfect-pack":
            missing = self.missing_cards()
            lacks = f" (it lacks {' '.join(c.text for c in missing)})" if missing and \
                "duplicate-card" not in self.deal_faults else ""
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

    def taken(self) -> dict[str, int]:
        counts = dict.fromkeys(self.order, 0)
        for trick in self.table.tricks if self.table else ():
            if trick.winner:
                counts[trick.winner] += 1
        return counts

    def settle_partout(self, ledger: Ledger) -> None:
        short = self.short_players()
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
        tricks = self.taken()
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
        if self.revokes or self.short_players() or self.table is None or not self.table.tricks:
            self.settle_partout(ledger)
            return
        winner = self.table.tricks[-1].winner or self.eldest
        red = ledger.in_pool
        ledger.out_of_pool(winner, red, self.rule_id("pool.division"),
                           f"{winner} won the last trick of the extra grand")
        self.note(f"{winner} won the last trick of the extra grand and takes the pool ({red} red).")

    def settle_contract(self, ledger: Ledger) -> None:
        assert self.high is not None and self.caller is not None
        short = self.short_players()
        if self.revokes:
            revoke = self.revokes[0]
            if revoke.player == self.caller:
                self.settle_caller_revoke(ledger)
            else:
                self.settle_opponent_revoke(ledger, revoke.player)
        elif self.claimed_from is not None:
            self.settle_claim(ledger, self.claimed_from)
        elif short:
            self.settle_short(ledger, short[0])
        elif self.caller_gave_up:
            rule = self.rule_id("i-pay")
            self.caller_pays(ledger, self.failure_amount(1), rule, f"{self.caller} gave up", double_rule=rule)
            self.note(f"{self.caller} gave up: he pays as if put in for one trick and doubles the pool.")
        elif len(self.payers) == 3:
            self.settle_i_pay(ledger)
        else:
            self.settle_played(ledger)

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
        for player in self.opponents():
            ledger.transfer(player, self.caller, each, rule, cause)
        return take_pool(ledger, self.limit, self.caller, pool_rule, cause) if pool_rule else 0

    def caller_pays(self, ledger: Ledger, each: int, rule: str, cause: str, double_rule: str | None = None) -> int:
        """The caller pays each opponent `each` white; with `double_rule`, he doubles the first pool."""
        assert self.caller is not None
        for player in self.opponents():
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
        over = self.revoke_overtricks()
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
        if self.ended:
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
        if short in self.extra_card and not (short in self.deals and len(self.deals[short]) < self.cards_per_hand):
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

    # ---- the verdict -----------------------------------------------------------------------------
    def contract(self) -> dict[str, Any]:
        bid = self.high.text if self.high else (
            "final-grand" if self.final_grand else "misere-partout" if self.partout and not self.thrown_in() else None)
        return {
            "bid": bid,
            "caller": self.caller,
            "trump": self.trump_suit.word if self.trump_suit else None,
            "upcard": self.turned.text if self.turned else None,
            "tricks": ", ".join(f"{p} {n}" for p, n in self.taken().items()) if self.table else None,
        }

    def next_step(self) -> str | None:
        choosing = self.choice_step()
        if choosing is not None:
            return choosing
        if self.phase == "bidding":
            return f"{self.bidder} to bid or pass"
        if self.phase == "naming":
            return f"{self.caller} to name trumps"
        if self.phase == "discarding":
            return "still to discard: " + " ".join(p for p in self.order if p not in self.discards)
        if self.phase == "ready":
            return f"{self.eldest} to lead to trick 1"
        if self.table is not None and self.phase == "play":
            return self.next_in_play()
        return None


class BostonSession(GameSession[BostonHand]):
    """A game of Boston: the players' counters and the pool carried from deal to deal."""

    def __init__(self, game: Boston, setup: Setup) -> None:
        red = sum(setup.pool) if setup.pool is not None else tables().pool["stake"] * len(setup.players)
        super().__init__(game, setup, red)
        self.number: int | None = None
        self.over = False

    def replay(self, record: HandRecord) -> BostonHand:
        number = self.number if self.number is not None else (record.header.number or 1)
        return BostonHand(self.context(number), record, self.pool_now or 0)

    def advance(self, replay: BostonHand, verdict: HandVerdict) -> None:
        redeal = verdict.status == "redeal"
        self.number = verdict.number + (0 if redeal else 1)
        self.next_dealer = replay.dealer if redeal else replay.left_of(replay.dealer)
        last = tables().game_deals + (1 if self.setup.options["end-of-game"] == "last-trick-grand" else 0)
        if verdict.number >= last and verdict.status in ("complete", "abandoned", "thrown-in"):
            self.over = True

    def pool(self) -> int | list[int]:
        return pools_shown(self.pool_now or 0, self.setup.options["pool-limit"])

    def winner(self) -> str | None:
        """After the last deal, the player who holds the most counters (None on a tie)."""
        return sole_leader(self.score) if self.over else None


class Boston(GameRules):
    name = "boston"
    scored_by = "player"
    players_example = 'e.g. [Players "A Y B Z"]'
    no_partners = ("boston has no partnerships", "remove the [Partners] tag")

    def session(self, setup: Setup) -> BostonSession:
        return BostonSession(self, setup)

    def random_game(self, rng: random.Random, hands: int, plant_revokes: bool = False,
                    rules_for: PlayRulesFor | None = None) -> str:
        """A transcript of `hands` random hands (property tests, benchmarks).

        Bids, names, discards, spreads, "I pay" and plays are random but lawful (the plays as
        `rules_for` says, by default the referee's own trick rules); with `plant_revokes`,
        some hands carry one revoke (see `random_hand`).
        """
        lines = ['[Game "boston"]', '[Players "A Y B Z"]', ""]
        dealer = rng.randrange(4)
        for number in range(1, hands + 1):
            plant = plant_revokes and rng.random() < 0.5
            lines.extend(random_hand(rng, dealer, number, plant, rules_for)[0])
            dealer = (dealer + 1) % 4
        return "\n".join(lines) + "\n"


def random_bidding(rng: random.Random, seats: list[str]) -> tuple[list[str], BostonBid | None, str | None]:
    """A lawful auction from the eldest hand: (lines, winning bid, caller)."""
    order = list(tables().bids)
    high: BostonBid | None = None
    caller: str | None = None
    passed: set[str] = set()
    passes, turn, calls = 0, 0, []
    while passes < (3 if high else 4):
        seat = seats[turn % 4]
        turn += 1
        candidates = [BostonBid(name, k) for name in order for k in ((0, 1, 2) if name.isdigit() else (0,))]
        candidates = [b for b in candidates if high is None or b.key() > high.key()]
        if seat in passed:
            candidates = [b for b in candidates if b.misere]
        if candidates and rng.random() < (0.1 if seat in passed else 0.45) and turn < 24:
            bid = candidates[min(int(rng.expovariate(0.6)), len(candidates) - 1)]
            if high is not None and bid.name == high.name and bid.klass in (1, 2) and rng.random() < 0.5:
                calls.append(f"{seat} {'keep-over' if bid.klass == 2 else 'keep'}")
            else:
                calls.append(f"{seat} bid {bid.text.replace('boston ', '5 ') if bid.klass else bid.text}")
            high, caller, passes = bid, seat, 0
        else:
            calls.append(f"{seat} pass")
            passed.add(seat)
            passes += 1
    return [", ".join(calls)], high, caller


def own_play_rules(deal: Deal) -> PlayRules:
    """The generator's default laws of play: the referee's own."""
    return TableRules(tb.PlainTricks(deal.trump))


def random_hand(rng: random.Random, dealer: int, number: int, plant_revoke: bool = False,
                rules_for: PlayRulesFor | None = None) -> tuple[list[str], int | None]:
    """One random hand with its deal, as transcript lines (seats A Y B Z).

    With `plant_revoke`, one player fails to follow once while able to (the first chance from a
    random trick on); the trick is returned (None when no chance came).
    """
    players = ("A", "Y", "B", "Z")
    cards = sorted(BostonHand.pack, key=lambda c: (c.suit.value, c.rank))
    rng.shuffle(cards)
    seats = [players[(dealer + 1 + i) % 4] for i in range(4)]
    hands = {seats[i]: cards[13 * i:13 * i + 13] for i in range(4)}
    upcard = rng.choice(cards)
    out = [f"hand {number} dealer {players[dealer]}"]
    out += [f"deal {p}: {' '.join(c.text for c in hands[p])}" for p in players]
    out.append(f"upcard {upcard.text}")
    calls, bid, caller = random_bidding(rng, seats)
    out += calls
    trump: Suit | None = None
    if bid is not None and not bid.misere:
        trump = {0: rng.choice(list(Suit)), 1: upcard.suit.partner, 2: upcard.suit}[bid.klass]
        out.append(f"{caller} name {trump.word}")
    if bid is not None and bid.little:
        for seat in seats:
            discard = rng.choice(hands[seat])
            hands[seat].remove(discard)
            out.append(f"{seat} discard {discard.text}")
    if bid is not None and bid.spread:
        out.append(f"{caller} spread")
    if bid is not None and rng.random() < 0.1:
        out.append(", ".join(f"{p} concede" for p in seats if p != caller))
        out.append("")
        return out, None
    play = (rules_for or own_play_rules)(Deal("boston", trump, upcard.suit))
    leader = seats[0]
    plant_from = rng.randint(1, 10) if plant_revoke else 99
    planted: int | None = None
    for trick in range(1, len(hands[leader]) + 1):
        plays, revoked = random_trick(rng, seats, leader, hands, play, trick, planted is None and trick >= plant_from)
        if revoked:
            planted = trick
        leader = play.winner(plays)
        out.append(trick_line(trick, plays))
        if bid is not None and ((bid.misere and leader == caller) or (bid.tricks == 13 and leader != caller)):
            break
    out.append("")
    return out, planted


GAME = Boston()
