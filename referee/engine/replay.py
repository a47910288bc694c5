"""The replay of one hand, shared by every game.

`HandReplay` walks a hand's records in order and does everything that is the same in every
trick-taking game: the deal (counts, duplicates, cards outside the pack), the play through a
`TrickTable` (turn, following suit, revokes, cards not held, retractions), exposed cards,
penalty calls and whether they were obeyed, claims, drawing attention, the recorded result.

A game subclasses it, declares its hands once (`Declaration`: name, cards, pack, units, its
penalty laws by topic, which the replay asks), handles its own bidding events (``on_bid``,
``on_order``, ...) and overrides the few hooks (``ready_to_play``, ``redeal_why``, ``settle`` ...:
every other method is final). Where the hand stands is one state (`stage`, `ended`), from which
the replay computes its status; who plays with whom is the hand's `Sides`. The
generic findings cite rule ids of the form ``<game>.<topic>`` (see `GENERIC_RULES`), which
every rulebook must define in its own words.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any, ClassVar, Final, Literal, NamedTuple, final, get_args

from ..notation import events as ev
from ..notation.cards import Card, Suit
from ..notation.cards import card as interned_card

# the kinds tested on every line and event, imported by name: compiled, `ev.Play` as a value is a
# lookup in the module, `Play` a constant
from ..notation.events import DealLine, EventLine, Play, RecordedLine
from ..notation.linewords import upcard_hint
from ..notation.reader import HandRecord, Problem
from ..notation.records import field, record, replace
from ..notation.shapes import WORDS, shape_of
from ..notation.suggest import did_you_mean
from ..notation.vocabulary import SHARED_REASONS, vocabulary
from . import sitout
from . import table as tb
from .choices import (
    LAST_TRICK,
    NOTHING_TO_CHANGE,
    PENALTY_WORDS,
    SUIT_OPTIONS,
    Answer,
    Choice,
    Lapse,
    Option,
    on_play_only,
)
from .cut import rule_cut
from .exposedcards import NOBODY_LIABLE, LiableCards, Unwaited
from .header import Setup
from .laws import (
    HAND_STATUSES,
    Effect,
    HandStatus,
    Irregularity,
    Kind,
    Penalty,
    Pending,
    Reply,
    RevokeStatus,
    as_sentence,
    money_effect,
)
from .ledger import POOL, Ledger
from .penalties import REQUIREMENT_WORDS, Offer, PenaltyLaws, Ruling
from .rulebook import Rulebook
from .sides import Sides
from .sitout import SitOut
from .table import TrickWon
from .trace import NO_TRACE, HandTrace
from .verdict import HandVerdict, Recorded, TrickRecord

GENERIC_RULES = (
    "deal.wrong-count", "deal.duplicate-card", "deal.misdeal", "deal.wrong-dealer",
    "play.out-of-turn", "play.card-not-held", "play.duplicate-card", "play.played-twice",
    "play.card-stands", "revoke.corrected", "revoke.established", "revoke.unproven",
    "exposed.card", "call.disobeyed", "call.unfounded", "attention.drawn", "transcript.consistency",
)
"""Topics every rulebook defines as ``<game>.<topic>``; the generic replay cites them."""

DealFault = Literal["wrong-count", "long-hand", "duplicate-card", "foreign-card"]
"""What can be wrong with a deal: a hand of the wrong size (and `long-hand` as well when it has too
many, which the Bostons' laws make a misdeal even once play has begun), a card twice, a card
outside the pack."""

Stage = Literal["deal", "auction", "play", "ended"]
"""Where a hand stands: being dealt, bid (a game names its own steps within it), played, over."""

EndReason = Literal["conceded", "claimed", "thrown-up", "thrown-in", "redeal"]
"""Why a hand ended before its last trick: the rest conceded (or claimed as won), the hands thrown
up after a trick that decided it, the deal thrown in (all passed), a `redeal` line."""


@record
class Ended:
    """How a hand ended before its last trick (`HandReplay.ended`)."""

    reason: EndReason
    by: str | None = None                # who conceded the rest
    note: str = ""                       # why the hands were thrown up
    pending: bool = False                # thrown up, but the trick that did it is not gathered yet
    line: ev.RedealLine | None = None    # the `redeal` line that cancelled the hand
    was: EndReason | None = None         # how the hand stood when that line came (thrown in, conceded...)


@record
class Requirement:
    """A penalty called against `offender`: his next play (or lead) must obey `what`."""

    offender: str
    what: str          # highest | lowest | trump | no-trump | win | lose | lead-suit | card
    suit: Suit | None
    card: Card | None
    rule: str
    at: ev.Span
    trick: int | None = None  # the one trick it concerns, if only one (a demand after a card out of turn)


class OpenCall(NamedTuple):
    """A call disobeyed by a card that does not renounce, open with its trick (`CallLaw.corrected_in_time`)."""

    requirement: Requirement
    play: ev.Play    # the card that disobeyed it, which its player may still take back
    trick: int
    led: Suit        # the suit led to the trick (the card's own, when it is the lead)


@record
class Declaration:
    """What a game declares once about its hands, read by the shared replay, ledger and laws."""

    game: str                  # the game's name, as `[Game]` writes it and its rule ids begin
    cards_per_hand: int        # the cards dealt to each player
    pack: frozenset[Card]      # the pack dealt from (unless a house rule picks another: `pack_by`)
    laws: PenaltyLaws = field(default_factory=PenaltyLaws)
    """The game's penalty laws by topic (`referee.engine.penalties`): the shared defaults unless it
    declares its own. One object a topic serves every hand of the game, given the hand it rules."""
    call_words: frozenset[str] = PENALTY_WORDS
    """The words a `call` of this game may name (its choices' options by name; a card or a suit
    is always written as such): the grammar takes any word, and `on_call` reports one the game
    does not know, with the nearest of its own."""
    pack_by: tuple[str, Mapping[str, frozenset[Card]]] | None = None
    """The house rule that picks the pack, and the pack each of its values names (Euchre's deck of
    24 or 32 cards), for a game whose `pack` is not always the one."""
    card_role: Callable[[Card, Suit | None], str | None] | None = None
    """What a card is beyond its printed suit once trump is known, in words, for a game whose laws
    make more of it ("the left bower, a trump"); explanations name it so."""
    score_unit: str = "points"
    pool_unit: str | None = None
    pool_rate: int | None = 1  # score units per pool unit paid in or out (see `Ledger`)
    revoke_abandons: bool = False
    """Whether a transcript that stops after an established revoke leaves the hand abandoned (the
    revoke's penalty is scored, not the hand) rather than in progress."""
    penalised_revokes: Callable[[Any], Sequence[tb.Revoke]] | None = None
    """The established revokes that carry a penalty, for a game where some carry none (Euchre's that
    cancel out, Somerset 71): with `revoke_abandons` only these end the hand, so a transcript that stops
    after revokes that all cancel is in progress (`revokes_end_hand`). By default every one does."""
    claim_abandons: bool = False
    """Whether a claim that ends the hand before its last trick leaves it abandoned, settled as it
    stands (Boston's misère caller claiming for an opponent's error), rather than complete."""
    short_abandons: bool = False
    """Whether a transcript that stops in play with a player short (`short_players`) leaves the hand
    abandoned, settled as it stands, rather than in progress (Boston)."""
    settlement: Callable[[Any, Ledger], Any] | None = None
    """The game's settling of a replayed hand, ``settlement(hand, ledger)`` (what `HandReplay.settle`
    does), declared here by a game whose hand has nothing to add to it."""
    said: Mapping[str, Callable[[Any, ev.Said], None]] = field(default_factory=dict)
    """The handlers of the game's own events (`ev.Said`) by word, ``handler(hand, event)``, declared
    as data rather than as methods (Whist's `talk` module)."""
    trick_missed: bool = False
    """Whether the game's laws read a trick closed with a card missing (`HandReplay.trick_missed`:
    whist's law 19, the player who missed it keeping a card too many); elsewhere the labelled card
    is one more played to the current trick, its label a wrong one."""
    cut: tuple[str, str] | None = None
    """The game's own header tag that gives the cut for partners and deal, and its house rule whose
    value ``suit`` parts equal cuts by suit (`engine.cut`): the first hand is checked against it."""
    upcard: Literal["undealt", "dealer's", "other-pack", "none"] = "undealt"
    """Where the card of an `upcard` line comes from: the cards left undealt (Euchre; a hand that
    holds it shows a duplicate card), the dealer's own last card (Whist, French Boston: the first
    line's card stands, and another hand holding it is found as `misplaced_upcard` says), or
    another pack (Boston: any hand may hold its twin); `none` where no card is turned (Auction
    Pitch: the pitch makes trumps), so that such a line is found and ignored, not taken for one."""
    misplaced_upcard: Literal["duplicate-card", "inconsistent-transcript"] = "duplicate-card"
    """For an upcard that is the dealer's own, what another hand holding it is: a duplicate card (a
    deal fault, worded by the sentence misplaced-upcard of the game's deal.duplicate-card) or an
    inconsistent transcript (the same sentence of its transcript.consistency), given the `card`,
    the `player` holding it and the `dealer`."""
    upcard_trumps: bool = False
    """Whether the upcard's suit is trumps as soon as it is turned (Whist's trump card)."""
    shown_after_end: bool = False
    """Whether a card played once the hands are thrown up only shows them, without a finding, which may
    prove a revoke (French Boston's, `CalledHand.show`); by default a card played after the rest was
    conceded contradicts the transcript."""
    liable: tuple[Callable[[Any], str | None], Callable[[Any, str], bool]] = NOBODY_LIABLE
    """For a game whose laws give one player the call of his adversaries' exposed cards for the rest
    of the hand (Boston's caller, L21 ins., L23, L39): who he is and whose cards wait for him, as
    ``chooser(hand)`` and ``penalised(hand, player)`` (`LiableCards`); by default, nobody's. A game
    whose other side decides has chooser None, and its own offer of each card (`liable_call`)."""
    liable_call: Callable[[Any, str, Card], Offer] | None = None
    """The offer of a card liable to be called, for a game that declares `liable` without a chooser
    (French Boston's other side: `LiableCards.call_offer`)."""
    pool_limit: str | None = None
    """The house rule whose value is a full pool, for a game whose verdict shows a pool above it as
    full pools then the one filling up (Boston); by default the pool is one number."""


@record
class Settlement:
    """What settling a hand decides: its ledger, and the penalties and notes the settling adds. The
    hand's `status` is the verdict's, worked out just before: `HandReplay.status` gives it while settling."""

    ledger: Ledger
    penalties: list[Penalty]
    notes: list[str]
    status: HandStatus
    result: Any = None  # what else the game's settling worked out (e.g. who went out)


@record
class HandContext:
    """What a hand needs from its game session."""

    setup: Setup
    rulebook: Rulebook
    order: tuple[str, ...]      # seats in the direction of play
    expected_dealer: str | None
    expected_number: int
    score_before: dict[str, int]
    sides: Sides


def _handlers(cls: type, prefix: str, kinds: tuple[type, ...],
              default: Callable[..., None] | None = None) -> dict[type, Callable[..., None]]:
    """The method of `cls` for each kind of record: ``on_play`` for `ev.Play`, ``fact_revoke`` for
    `tb.Revoke` (with prefix ``on_`` or ``fact_``); `default` for a kind it has no method for."""
    handlers: dict[type, Callable[..., None]] = {}
    for kind in kinds:
        handler = getattr(cls, prefix + kind.__name__.lower(), default)
        assert handler is not None, f"{cls.__name__} lacks {prefix}{kind.__name__.lower()}"
        handlers[kind] = handler
    return handlers


def _no_stray_handlers(cls: type, kinds: dict[str, tuple[type, ...]]) -> None:
    """A game's method named like a handler that handles nothing (``on_claim_rest`` for
    ``on_claimrest``) is a TypeError when the game is imported: otherwise its event would
    quietly be "meaningless in this game"."""
    for name, value in vars(cls).items():
        for prefix, records in kinds.items():
            known = {prefix + kind.__name__.lower() for kind in records}
            if name.startswith(prefix) and callable(value) and name not in known and not hasattr(HandReplay, name):
                raise TypeError(f"{cls.__qualname__}.{name} handles nothing: the {prefix}* handlers are "
                                + ", ".join(sorted(known)))


def pools_shown(total: int, limit: int) -> int | list[int]:
    """The pool as a verdict shows it: one number, or full pools of `limit` then the one filling up."""
    if total <= limit:
        return total
    full, rest = divmod(total, limit)
    return [limit] * full + ([rest] if rest else [])


class HandReplay:
    """Replays one hand; subclasses add the game's bidding, laws and scoring."""

    declared: ClassVar[Declaration] = Declaration("", 0, frozenset())
    """What the game declares of its hands (see `Declaration`)."""
    calls_lapsed: tuple[Choice, ...] = ()
    """The calls of exposed cards that their play ended (`exposed_back`): rare, so an instance default rather
    than an `__init__` line every hand would run."""
    calls_met: tuple[Requirement, ...] = ()
    """The calls of cards their play met (`check_requirements`), due again if the card goes back (`exposed_back`)."""
    calls_open: tuple[OpenCall, ...] = ()
    """Calls disobeyed by a card that does not renounce, open with their trick (`CallLaw.corrected_in_time`)."""
    calls_corrected: tuple[Card, ...] = ()
    """Cards taken back that disobeyed a call (`call_corrected`): they lie face up (`ExposedCards.taken_back`)."""
    correctable: tuple[tb.Revoke, ...] = ()
    """Renounces that may still be taken back (`fact_revoke`); like the five above, rare, so instance defaults."""
    turned_line: ev.UpcardLine | None = None
    """The hand's `upcard` line, once read (`on_upcard`): one card is turned, so a second line is a finding."""
    line_handlers: ClassVar[dict[type, Callable[..., None]]]
    event_handlers: ClassVar[dict[type, Callable[..., None]]]
    fact_handlers: ClassVar[dict[type, Callable[..., None]]]

    @final
    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Find each game's handlers once per class rather than by name (or by a chain of
        isinstance tests) on every line, event and fact."""
        super().__init_subclass__(**kwargs)
        cls.line_handlers = {ev.EventLine: cls.on_event_line, ev.DealLine: cls.on_deal, ev.UpcardLine: cls.on_upcard,
                             ev.RecordedLine: cls.on_recorded, ev.NoteLine: cls.on_note, ev.RedealLine: cls.on_redeal}
        cls.event_handlers = _handlers(cls, "on_", get_args(ev.Event), HandReplay.on_unsupported)
        cls.fact_handlers = _handlers(cls, "fact_", get_args(tb.Fact))
        _no_stray_handlers(cls, {"on_": get_args(ev.Event), "fact_": get_args(tb.Fact)})

    def __init__(self, context: HandContext, record: HandRecord) -> None:
        self.ctx = context
        self.cards_per_hand = self.declared.cards_per_hand  # read on every deal line: kept at hand
        self.setup = context.setup
        # each game declares its own house rules' names and types (a TypedDict): mypy checks them
        self.options: Mapping[str, Any] = context.setup.options
        self.book = context.rulebook
        self.order = context.order
        self.sides = context.sides
        self.record = record
        self.number = context.expected_number  # by the count: a number written otherwise is a finding (`check_dealer`)
        dealer = record.header.dealer or context.expected_dealer
        assert dealer is not None, "the checker refuses a game's first hand without a dealer"
        self.dealer = dealer
        self.deals_next = dealer  # who deals after a redeal: the rightful dealer, for a wrong deal stopped
        self.irregularities: list[Irregularity] = []
        self.penalties: list[Penalty] = []
        self.choices: list[Choice] = []
        self.early_plays: list[tuple[Choice, ev.Play]] = []  # played before a decision that then took a penalty
        self.requirements: list[Requirement] = []
        self.suspected: list[tuple[Requirement, ev.Play, int]] = []  # a called suit not led: `CallLaw.met`
        self.due_back: list[tuple[str, Card]] = []  # cards in the trick a chosen penalty sends back (`send_back`)
        self.due_requirements: list[Requirement] = []  # what that penalty requires, lapsing if the table plays on
        self.held_aside: list[ev.Play] = []  # cards played while those were still to go back: they go back too
        self.held_calls: list[ev.Call] = []  # calls written just before the lines that allow them (`on_call`)
        self.held_retracts: list[ev.Retract] = []  # take-backs written just before the call that allows them
        self.events_read: list[ev.Event] | None = None  # the hand's events up to its `redeal` (`next_event`)
        self.event_places: list[tuple[int, int]] = []  # where each of them is written, in that order
        self.false_lead: tb.OutOfTurn | None = None  # a lead out of turn the laws take back unless all play to it
        self.false_card: tb.OutOfTurn | None = None  # a card out of turn the game's law keeps until it goes back
        self.deals: dict[str, list[Card]] = {}
        self.unwritten = True  # as play began, some player's deal was not written (`start_play`; deals only grow)
        self.discards: dict[str, Card] = {}  # cards discarded face down before play (`take_discard`)
        self.deck = self.dealt_from()
        self.upcard: Card | None = None
        self.trump: Suit | None = None  # the game sets it when trumps are known
        self.recorded_line: ev.RecordedLine | None = None
        self.notes: list[str] = []
        self.sent_back: set[Card] = set()  # cards played before play could begin, which went back
        self.before_decision: set[Card] = set()  # cards the offender's side played before a decision
        self.dealt: dict[Card, str] = {}  # who was dealt each card (the last deal line naming it)
        self.deal_faults: set[DealFault] = set()  # what the deal lines and the upcard show wrong
        self.dead_cards: dict[str, Card] = {}  # a second card given to a trick, dead (`PenaltyLaw.dead_card`)
        self.runs_short = False  # someone may run out of cards before the last trick (`sit_out_empty_hands`)
        self.missed: dict[str, int] = {}  # a player who missed a trick, closed without his card: that trick
        self.table: tb.TrickTable | None = None
        # `plain`: nothing has happened yet that leaves a later card more to check than the table does:
        # no finding (a card out of turn, played twice ...), card exposed (`on_expose`), choice (`open`),
        # call (`require`), card sent back (`send_back`), hands thrown up (`throw_up`) or line held for
        # the next (`hold`), and play has not begun with seats sitting out or a deal short or not written
        # (`start_play`). `play_card` reads it on every card, `on_event_line` on every event; once
        # False, it stays so
        self.plain = True
        self.sitting_out: list[SitOut] = []  # seats out of the play so that another plays alone (`engine.sitout`)
        self.exposed: dict[str, list[Card]] = {}
        self.claims: list[ev.Claim] = []
        self.open_claims: list[ev.Claim] = []  # revoke claims the rest of the hand will settle
        # what a recorded result may show the table did at the end without writing it (`GameSession.as_recorded`):
        self.shown = False  # the hands shown, proving the claims still open (`prove_claims`)
        self.unclaimed: tuple[str, int] | None = None  # a failure to follow no claim names, shown a revoke
        self.chosen: tuple[Pending, str, tuple[str, ...]] | None = None  # an open choice made (`choose_unwritten`)
        self.late_play_reported = False
        self.premature_reported = False  # a card before play could begin was found (`premature`)
        self.deals_late = False  # a deal or upcard line written after the bidding or play began (`GameSession.hand`)
        self.lead_groups: list[list[Requirement]] = []  # suits called from whichever of a side leads next
        self.revokes: list[tb.Revoke] = []  # established (or proven) revokes, in order
        self.lapsing: list[tuple[Irregularity, str]] = []  # findings of penalties settled, their accounts (`findings`)
        self.void_notes: dict[str, str] = {}  # notes of what playing on cost, as a void deal words them (`verdict`)
        self.later_plays = 0  # cards still in the trick after the last card taken back
        self.next_plays = 0  # cards already played to the next trick when a late correction took one back
        self.liable = LiableCards(*self.declared.liable, self.declared.liable_call)  # `Declaration.liable`
        self.stage: Stage = "deal"
        self.ended: Ended | None = None  # why the hand ended before its last trick, if it did
        self.last_at: ev.Span = record.header.at
        self.line: ev.EventLine | None = None  # the event line being read
        self.pool_before: int | None = None  # the pool before the hand, in games that keep one
        self.settling: Settlement | None = None  # the settlement being worked out, while it is
        self.settled: Settlement | None = None   # the settlement of the verdict

    # ---- what the game declares, as the replay and the laws read it ---------------------
    @property
    @final
    def game(self) -> str:
        return self.declared.game

    @property
    @final
    def penalty_laws(self) -> PenaltyLaws:
        return self.declared.laws

    @property
    @final
    def turned(self) -> Suit | None:
        """The suit of the card turned in the deal (`upcard`), if one was."""
        return self.upcard.suit if self.upcard else None

    # ---- helpers for subclasses -----------------------------------------------------
    @final
    def rule_id(self, topic: str) -> str:
        rule = self.book.topics.get(topic)
        assert rule is not None, f"rulebook {self.game} lacks {self.game}.{topic}"
        return rule.id

    @final
    def say(self, topic: str, sentence: str, **slots: object) -> str:
        """The sentence named `sentence` of the rule ``<game>.<topic>`` (its rulebook's `says`),
        its slots filled from `slots`: the game decides, its rulebook words the decision."""
        return self.book.sentence(topic, sentence, slots)

    @final
    def find(self, kind: Kind, player: str | None, at: ev.Span, topic: str, explanation: str,
             trick: int | None = None, status: RevokeStatus | None = None) -> Irregularity:
        finding = Irregularity(kind, player, trick, at, self.rule_id(topic), as_sentence(explanation), status)
        self.irregularities.append(finding)
        self.plain = False
        return finding

    @final
    def found(self, kind: Kind, who: str | None, at: ev.Span, topic: str, sentence: str,
              **slots: object) -> Irregularity:
        """`find` in the rule's own words: its sentence named `sentence`, its slots filled from `slots`
        (`say`), so the topic is named once. A slot cannot be called `kind`, `who`, `at`, `topic` or
        `sentence` (Python refuses the call); no rulebook's is."""
        return self.find(kind, who, at, topic, self.say(topic, sentence, **slots))

    @final
    def penalty(self, topic: str, sentence: str, effects: Iterable[Effect] = (), since: int | None = None,
                **slots: object) -> None:
        """`penalise` in the rule's own words (`say(topic, sentence, **slots)`), the topic named once;
        no slot may be called `effects` or `since`."""
        self.penalise(topic, self.say(topic, sentence, **slots), effects, since)

    @final
    def penalise(self, topic: str, description: str, effects: Iterable[Effect] = (), since: int | None = None) -> None:
        """Record a penalty. While the hand is being settled, `since` is the ledger's `mark()` taken
        before the penalty's payments: its points and money effects are read from those entries, but
        for any a penalty recorded within them already holds (whist's cap on a revoking side, inside
        the tricks its revokes moved), so that the penalties add up to what the ledger moves."""
        settling = self.settling
        if since is None or settling is None:
            penalty = Penalty(self.rule_id(topic), description, {}, tuple(effects))
        else:
            ledger = settling.ledger
            held = {id(entry) for earlier in settling.penalties for entry in earlier.entries}
            entries = tuple(entry for entry in ledger.since(since) if id(entry) not in held)
            money = tuple(money_effect(e, ledger.unit) for e in entries)
            penalty = Penalty(self.rule_id(topic), description, ledger.totals(entries), money + tuple(effects), entries)
        (settling.penalties if settling is not None else self.penalties).append(penalty)

    @final
    def note(self, text: str) -> None:
        """A plain-words remark on the hand (while settling, one of the settlement's)."""
        (self.settling.notes if self.settling is not None else self.notes).append(text)

    @final
    def offer(self, choosers: Iterable[str], offender: str, options: Sequence[Option], topic: str,
              explanation: str, apply: Callable[[str, ev.Span], None], implied: Option | None = None,
              implied_text: str = "", ends: Iterable[Lapse] = (Lapse.CHOOSER_PLAYS,), card: Card | None = None,
              recorded: Option | None = None) -> Choice:
        """Open a choice for `choosers` after `offender`'s irregularity; `ends` says, per law, what
        ends it besides the chooser's own answer (see `referee.engine.choices`). A law gives an
        `Offer` to `open` instead, whose `apply` is given the hand rather than holding it."""
        return self.open(Offer(frozenset(choosers), offender, tuple(options), topic, explanation,
                               lambda hand, option, at: apply(option, at), implied, implied_text, tuple(ends), card,
                               recorded))

    @final
    def demand(self, choosers: Iterable[str], offender: str, target: str, options: Sequence[Option], topic: str,
               explanation: str, ends: Iterable[Lapse] = (Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED)) -> Choice:
        """`offer` a choice whose every option is a requirement on `target`'s next card (highest,
        lowest, trump, no-trump, win, lose): the option chosen binds him and is the penalty."""
        return self.open(Offer(frozenset(choosers), offender, tuple(options), topic, explanation, ends=tuple(ends),
                               target=target))

    @final
    def open(self, offer: Offer) -> Choice:
        """Open the choice a law's `Offer` describes (without an `apply`, every option is a
        requirement on `offer.target`'s next card, the chosen one the penalty)."""
        choosers = offer.choosers
        pending = Pending(self.sides.label(choosers), offer.options, self.rule_id(offer.topic),
                          as_sentence(offer.explanation),
                          self.replies(choosers, offer.options, offer.called or offer.card, dict(offer.lines)))
        table = self.table
        trick = table.current.number if table is not None and not table.finished else None
        choice = Choice(choosers, offer.offender, pending, offer.apply or _require(offer), offer.implied,
                        offer.implied_text, frozenset(offer.ends), trick, offer.card, offer.recorded, renew=offer.renew,
                        refuse=offer.refuse)
        self.choices.append(choice)
        self.plain = False
        return choice

    @final
    def replies(self, choosers: Iterable[str], options: Sequence[Option], card: Card | None,
                lines: Mapping[Option, str]) -> tuple[Reply, ...]:
        """Each option's answering line (`Reply`), written by the first chooser in seat order (any
        of them may answer): what `on_call`, `on_accept` and a `redeal` line take, unless the law
        gave the option its own line in `lines`. `card` is the card a `card` option calls; an
        option the table takes only by going on has no line."""
        who = next((p for p in self.order if p in set(choosers)), "")
        out: list[Reply] = []
        for option in options:
            if option in lines:
                out.append(Reply(option, option, lines[option]))
            elif option == "suit":
                out.extend(Reply(option, f"call {suit.symbol} {word}", f"{who} call {word}")
                           for suit, word in SUIT_OPTIONS.items())
            elif option == "card":
                out.append(Reply(option, f"call {card}", f"{who} call {card}") if card is not None
                           else Reply(option, f"{who} call CARD", None))  # no single line: he names the card
            elif option == "redeal":
                out.append(Reply(option, option, "redeal"))
            elif option == "accept":
                out.append(Reply(option, option, f"{who} accept"))
            elif option in SUIT_OPTIONS.values() or option in self.declared.call_words:
                out.append(Reply(option, option, f"{who} call {option}"))
            else:
                out.append(Reply(option, option, None))
        return tuple(out)

    @final
    def rule_on(self, ruling: Ruling, kind: Kind, player: str | None, at: ev.Span, topic: str, account: str,
                trick: int | None = None, status: RevokeStatus | None = None, settled: bool = False) -> None:
        """Apply what a law decided of an irregularity: the finding (`account` of the fact, then the
        ruling's words), the choice it opens, then the game's own record of it (`Ruling`). A penalty
        the settlement pays (`settled`: a revoke's) lapses if the deal is void (`findings`)."""
        account, offer = ruling.account or account, ruling.offer
        moot = offer is not None and self.moot(offer)
        finding = None
        if ruling.found:
            finding = self.find(kind, player, at, ruling.topic or topic,
                                account + ruling.words + (LAST_TRICK if moot else ""), trick, status)
            if settled:
                self.lapsing.append((finding, account))
        choice = self.open(offer) if offer is not None and not moot else None
        if choice is not None and finding is not None:
            choice.finding = (finding, account)  # its words follow if the choice lapses (`sent_back_with`)
        if ruling.then is not None:
            ruling.then(choice)

    @final
    def moot(self, offer: Offer) -> bool:
        """Whether `offer` comes in the last trick and bears only on the play (a requirement, a suit
        or a card called, a lead accepted): each player then holds one card at most, known from the
        trick's number even without the deal, so no option could change what he plays; nobody leads
        again, so a suit called from the next leader has no one to bind. It lapses (`LAST_TRICK`)."""
        table = self.table
        return (table is not None and not table.finished and table.current.number >= table.tricks_in_hand
                and on_play_only(offer.options, offer.ends))

    @final
    def last_trick_came(self, won: int) -> None:
        """Trick `won` is complete: if the last trick is now the one to play, each choice still open that
        bears only on the play (`on_play_only`: an exposed card's call, a suit called at the next lead, a
        trump card named) is moot as one opened now would be (`moot`), so it lapses, in a note that says
        so. One bound to the trick just completed lapses with it, as ever; a hand thrown up keeps none."""
        table = self.table
        assert table is not None
        number = won + 1
        if number != table.tricks_in_hand:
            return
        for choice in [c for c in self.choices if on_play_only(c.pending.options, c.ends) and not c.gathered(number)]:
            self.choices.remove(choice)
            pending, card = choice.pending, choice.card
            about = f"on {choice.offender}'s {card}" if card is not None else f"for {choice.offender}'s error"
            self.notes.append(f"{pending.chooser}'s choice ({' | '.join(pending.options)}) {about} was still open "
                              f"when trick {number}, the last, came: {NOTHING_TO_CHANGE} [{pending.rule}]")

    @final
    def sent_back_with(self, trick: int) -> None:
        """The cards played to `trick` went back to their holders, a late correction having made the trick
        before it anew, won by another than the one who led them (`RetractLaw.retracted`): a choice that
        arose in it on its play (a lead out of turn's, a demand on the next card) has nothing left to bear
        on and lapses, its finding saying so instead of the options it offered (an exposed card stays
        exposed)."""
        words = (f"The cards played to trick {trick} went back to their holders when trick {trick - 1} was "
                 "corrected, so the penalty lapses.")
        for choice in [c for c in self.choices if c.trick == trick and on_play_only(c.pending.options, c.ends)
                       and Lapse.CARD_PLAYED not in c.ends and c.ends & {Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED}]:
            self.choices.remove(choice)
            if choice.finding is None:
                self.notes.append(f"{choice.pending.chooser}'s choice for {choice.offender}'s error lapses: {words}")
                continue
            finding, account = choice.finding
            self.reword(finding, account + words)

    @final
    def reword(self, finding: Irregularity, explanation: str) -> None:
        """`finding` told in other words, as what followed ruled it (a choice it offered lapsing, a deal
        stopped before its misdeal counted), as a sentence as `find` tells it. The hand's other links to it
        follow (they match it by identity): its penalty's lapse should the deal be void (`lapsing`), and
        the choices it offered (`Choice.finding`)."""
        new = replace(finding, explanation=as_sentence(explanation))
        self.irregularities[:] = [new if found is finding else found for found in self.irregularities]
        self.lapsing = [(new if found is finding else found, account) for found, account in self.lapsing]
        for choice in self.choices:
            if choice.finding is not None and choice.finding[0] is finding:
                choice.finding = (new, choice.finding[1])

    @final
    def right_of(self, player: str) -> str:
        """The seat before `player` in the direction of play: the one on his right when play goes left."""
        return self.order[(self.order.index(player) - 1) % len(self.order)]

    @final
    def side_label(self, players: Iterable[str]) -> str:
        """`players` as a sentence names them: a side's name, or "Y, B and Z"."""
        return self.sides.label(players, " and ")

    @final
    def left_of(self, player: str, seats: Iterable[str] | None = None) -> str:
        """The next seat after `player` in the direction of play (among `seats`, if given)."""
        order = self.order
        i = order.index(player)
        if seats is None:
            return order[(i + 1) % len(order)]
        pool = set(seats)
        for step in range(1, len(order) + 1):
            candidate = order[(i + step) % len(order)]
            if candidate in pool:
                return candidate
        return player

    @property
    @final
    def trick_number(self) -> int | None:
        """The trick being played; after the last trick, the last one (there is no next)."""
        if self.table is None:
            return None
        return self.table.tricks[-1].number if self.table.finished else self.table.current.number

    @final
    def turn_came(self, player: str) -> bool:
        """Play has reached `player` (he has played to the first trick, or it is his turn to): from
        then on, in whist, the dealer may not name the trump card he has taken up (W11, W12)."""
        table = self.table
        return table is not None and (bool(table.tricks) or player in table.current.players
                                      or table.expected() == player)

    @property
    @final
    def hands_known(self) -> bool:
        return bool(self.deals) and all(p in self.deals for p in self.order)

    # ---- where the hand stands: `stage`, and `ended` ------------------------------------
    @final
    def end(self, reason: EndReason, by: str | None = None) -> None:
        """The hand ends now, before its last trick. Once the rest is conceded a card is no longer plain
        (`before_card` ignores it)."""
        self.stage, self.ended = "ended", Ended(reason, by)
        if by is not None:
            self.plain = False

    @final
    def ended_as(self, reason: EndReason) -> bool:
        return self.ended is not None and self.ended.reason == reason

    @property
    @final
    def redeal(self) -> ev.RedealLine | None:
        """The `redeal` line that cancelled the hand, if one did."""
        return self.ended.line if self.ended is not None else None

    @property
    @final
    def conceded_by(self) -> str | None:
        """Who conceded the rest of the tricks (or whose side had them claimed from it)."""
        return self.ended.by if self.ended is not None else None

    @property
    @final
    def thrown_up(self) -> bool:
        """The trick just completed ends the hand; it is gathered at the next event but a take-back."""
        return self.ended is not None and self.ended.pending

    # ---- the replay -----------------------------------------------------------------
    @final
    def run(self) -> HandVerdict:
        self.check_dealer()
        handlers = self.line_handlers
        for line in self.record.lines:
            ended = self.ended
            if ended is not None and ended.line is not None and type(line) not in _LINES_AFTER_REDEAL:
                self.find("inconsistent-transcript", None, line.at, "transcript.consistency",
                          "the hand was cancelled by its `redeal` line, written above: the new deal "
                          "starts with its own `hand` line, so the rest of this hand is not read")
                break
            self.last_at = line.at
            if ended is not None and ended.pending and type(line) not in _LINES_NOT_GATHERING:
                self.gather_now()  # a recorded result, a redeal: the hands were thrown up without a correction
            if type(line) is EventLine:  # the usual lines called directly (natively when compiled), the rest by kind
                self.on_event_line(line)
            elif type(line) is DealLine:
                self.on_deal(line)
            else:
                handler = handlers.get(type(line))
                if handler is not None:
                    handler(self, line)
        ended = self.ended
        if ended is not None and ended.pending:
            if self.record.followed:
                self.gather_now()  # the next hand is dealt: the hands were thrown up without a correction
            else:
                self.end_of_transcript_after_throw_up()
        if self.table is not None:
            for fact in self.table.finish() if self.table.finished or self.conceded_by else ():
                self.on_fact(fact)
        if self.suspected or self.calls_open:
            self.calls_at_end()
        if self.shown:
            self.prove_claims()
        if self.choices:
            self.close_choices()
        if self.chosen is not None:
            self.choose_unwritten(*self.chosen)
        if self.correctable or self.calls_open:
            self.still_correctable()
        self.check_claims()
        return self.verdict()

    @final
    def calls_at_end(self) -> None:
        """The calls still undecided when the transcript stops: one disobeyed and open with its trick is established
        if the hand is over (the trick quitted with it); a suit called from a player whose hand is unknown and not
        led, that the hand played out did not show he had none of, is taken as disobeyed (`prove_disobeyed`)."""
        table = self.table
        if self.calls_open and table is not None and (table.finished or self.conceded_by):
            self.establish_disobeyed(every=True)
        for requirement, play, trick in self.suspected:  # a hand played out showed he had none; else, as written
            if requirement.what != "lead-suit" or table is None or table.finished:
                continue
            if self.not_quitted(trick):  # still his to take back: correctable (`still_correctable`)
                self.calls_open = (*self.calls_open, OpenCall(requirement, play, trick, table.rules.suit_of(play.card)))
            else:
                self.call_disobeyed(requirement, play, trick, table.rules.suit_of(play.card))

    @final
    def still_correctable(self) -> None:
        """The renounces, and the calls disobeyed by a card that does not renounce, that the transcript stops
        before their trick is quitted: each a finding that it can still be corrected."""
        law = self.penalty_laws.revoke
        for revoke in self.correctable:
            self.find("revoke", revoke.player, revoke.at, "revoke.corrected",
                      f"{revoke.player} played {law.card_words(self, revoke.card)} to {revoke.led.word} in trick "
                      f"{revoke.trick} while holding {law.held_words(self, revoke)}. "
                      f"{law.timing(self, revoke).capitalize()}, "
                      "so the revoke can still be corrected.",
                      trick=revoke.trick, status="correctable")
        for requirement, play, trick, _ in self.calls_open:
            words = self.disobeyed_words(requirement, play)
            self.find("call-disobeyed", play.player, play.at, "call.disobeyed", f"{words} in trick {trick}. The "
                      "trick is not gathered yet, so he may still take it back and obey the call (the card then lies "
                      "face up); not corrected in time, it carries the revoke penalty.", trick=trick,
                      status="correctable")

    @final
    def check_dealer(self) -> None:
        expected = self.ctx.expected_dealer
        header = self.record.header
        if expected is not None and header.dealer_at is not None and self.dealer != expected:
            self.find("wrong-dealer", self.dealer, header.dealer_at, "deal.wrong-dealer",
                      self.dealt_by_another() + self.penalty_laws.deal.wrong_dealer_ruling(self))
        cut = self.declared.cut
        if cut is not None and expected is None and self.ctx.expected_number == 1 and header.number in (None, 1) \
                and cut[0] in self.ctx.setup.tags:
            rule_cut(self, self.ctx.setup.tags[cut[0]], self.options[cut[1]] == "suit",
                     self.ctx.setup.tags_at.get(cut[0], header.at))
        if header.number is not None and header.number != self.ctx.expected_number:
            self.find("inconsistent-transcript", None, header.at, "transcript.consistency",
                      f"this hand is numbered {header.number}, but it is hand {self.ctx.expected_number} of the game")

    @final
    def on_event_line(self, line: ev.EventLine) -> None:
        """The events of a line, one by one: where one line ends and the next begins means
        nothing, except that a ``trick N:`` label speaks of the line's first card (`line`, the
        line being read, lets a game's laws read it too)."""
        self.line = line
        handlers = self.event_handlers
        label_checked = line.trick is None
        if self.stage == "deal":
            self.stage = "auction"
        second: ev.Play | None = None  # the line's first card, a second card given to the trick just completed
        labelled: ev.Play | None = None  # or the one its label speaks of (each set for its own event only)
        for event in line.events:
            self.last_at = event.at
            if not label_checked and type(event) is Play:
                label_checked = True
                table = self.table
                if table is not None and table.current.number == line.trick:  # the usual label: no second card,
                    labelled, guess, mark = event, self.label_guess(line.trick), len(self.irregularities)  # no miss
                elif self.second_card(line.trick, event):  # type: ignore[arg-type]
                    second = event
                elif self.declared.trick_missed and self.trick_missed(line.trick, event):  # type: ignore[arg-type]
                    self.close_short(event)
                else:
                    labelled, guess, mark = event, self.label_guess(line.trick), len(self.irregularities)  # type: ignore[arg-type]
            if not self.plain:  # what an event may settle: none in a plain hand (`throw_up`, `open`: not plain)
                ended = self.ended
                if ended is not None and ended.pending and type(event) is not ev.Retract and not self.call_waits(event):
                    self.gather_now()
                if self.choices:
                    self.settle_choices(event)
            if second is not None:
                assert self.table is not None
                self.on_fact(tb.PlayedTwice(second.player, second.card, second.at, self.table.tricks[-1].number))
                second = None
            elif type(event) is Play:  # the usual event called directly (natively when compiled), the rest by kind
                self.on_play(event)
            else:
                handlers[type(event)](self, event)
            if not self.plain:  # a call or a take-back held for the next line (none in a plain hand: `hold`)
                if self.held_calls and not self.allows_call(self.next_event(event.at)):
                    self.release_held_calls()
                if self.held_retracts and type(event) is ev.Call:
                    self.release_held_retracts()
            if labelled is not None:
                self.check_label(line, labelled, guess, mark)
                labelled = None

    @final
    def second_card(self, label: int, event: ev.Play) -> bool:
        """Whether `event` is a second card given to the trick just completed (notation.md §2.4):
        its line is labelled with that trick, the trick is not gathered yet (no card of the next
        trick is down), and its player played to it. Only the label says so: a card after a
        completed trick is otherwise the lead to the next one, in turn or not, however the
        lines are split. A card its player is known not to hold is not given to any trick: it is
        read as played, for the replay to report it (and the label that does not fit it)."""
        table = self.table
        if table is None or table.current.plays or table.gathered or not table.tricks:
            return False
        if self.ended is not None and self.ended.pending:  # the hands are thrown up (`thrown_up`)
            return False
        last = table.tricks[-1]
        if last.number != label or last.card_of(event.player) is None:
            return False
        held = table.hands.get(event.player) if table.hands is not None else None
        return held is None or event.card in held

    @final
    def trick_missed(self, label: int, event: ev.Play) -> bool:
        """Whether `event`, labelled with the next trick while one player (not its own) has still
        to play to the current one, closes that trick without him (notation.md §2.4: he missed
        the trick). Only the label says so: unlabelled, the card is one more given to the current
        trick, however the lines are split; his own card completes the trick, whatever its label."""
        table = self.table
        return table is not None and table.current.plays != [] and label == table.current.number + 1 \
            and len(table.current.plays) == len(table.active) - 1 and not table.finished \
            and event.player != table.expected()

    @final
    def close_short(self, event: ev.Play) -> None:
        """The current trick is closed without the card of the player whose turn it was: it is won
        among the cards in it, and he holds a card too many (`missed`; what it costs is the game's
        wrong-count law)."""
        table = self.table
        assert table is not None
        player, trick = table.expected(), table.current.number
        self.missed[player] = trick
        self.find("wrong-card-count", player, event.at, "deal.wrong-count", f"trick {trick} was closed without "
                  f"{player}'s card: he missed it, and holds a card too many", trick=trick)
        for fact in table.close_short():
            self.on_fact(fact)

    @final
    def on_recorded(self, line: ev.RecordedLine) -> None:
        """The result written while a choice is open that a result answers (a misère's claim)
        shows the chooser took that option."""
        self.recorded_line = line
        for choice in list(self.choices):
            if choice.recorded is not None and Answer.RECORDED in choice.answers and choice in self.choices:
                self.answer(choice, choice.recorded, line.at)

    @final
    def on_note(self, line: ev.NoteLine) -> None:
        self.notes.append(line.text)

    @final
    def on_redeal(self, line: ev.RedealLine) -> None:
        """A `redeal` line cancels the hand; it answers a choice that offered a redeal. One that says
        the deal was thrown in when the game's laws do not allow it (`throw_in_refused`) is a misdeal.
        A reason only another game's laws know (whist's `interrupted` in euchre) is a finding, and the
        deal is dealt again as if no reason were written: this game's laws cannot read it."""
        own = vocabulary().reasons_of.get(self.game, ())
        if line.reason is not None and line.reason not in SHARED_REASONS and line.reason not in own:
            self.find("inconsistent-transcript", None, line.at, "transcript.consistency",
                      f"'redeal {line.reason}' gives a reason {self.game}'s laws do not know; the deal is dealt "
                      f"again as if no reason were written (reasons: {', '.join((*SHARED_REASONS, *own))})")
            line = replace(line, reason=None)
        self.cancel(line)
        for choice in list(self.choices):
            if Answer.REDEAL in choice.answers and choice in self.choices:
                self.answer(choice, "redeal", line.at)
        refused = self.throw_in_refused() if line.reason == "thrown-in" else None
        if refused is not None:
            self.find("inconsistent-transcript", None, line.at, "transcript.consistency",
                      f"the deal is said to be thrown in, but {refused}; it counts as a misdeal")

    def throw_in_refused(self) -> str | None:
        """Game hook: why the deal may not be thrown in now (a bid stands, play has begun), in words
        that follow "the deal is said to be thrown in, but"; None when it may (by default, always)."""
        return None

    @final
    def cancel(self, line: ev.RedealLine) -> None:
        """The `redeal` line cancels the hand, however it stood."""
        ended = self.ended
        self.stage = "ended"
        self.ended = Ended("redeal", ended.by if ended else None, line=line, was=ended.reason if ended else None)

    @final
    def label_guess(self, label: int) -> int | None:
        """Before a labelled card is played: the trick it is played to, unless the replay puts
        it in a trick after all (see `check_label`); None when its label is not to be checked."""
        table = self.table
        if table is None:
            return None if self.sent_back else 1  # cards went back already: their labels add nothing
        if self.stage == "ended":
            return None  # the hands were thrown up: a card written after goes to no trick
        if table.current.number == label and not table.finished:
            return label  # the usual case, the trick being played
        if not table.current.plays and table.tricks and not table.gathered:
            return table.current.number
        return self.trick_number

    @final
    def check_label(self, line: ev.EventLine, event: ev.Play, guess: int | None, mark: int) -> None:
        """After a labelled card is played: the label of its `line` must name the trick the replay
        put it in (a seat joining a trick late goes to the trick just completed), or, for a card in
        no trick, the one `label_guess` worked out. The finding stands at the card the label speaks
        of, before those the card itself gave (`mark`), as the label is read before the card: so it is
        listed in the same place whether the label heads the card's line or a line that opens with
        another event (``trick 2: B retract JS, B 6S``), however the events are split into lines."""
        label = line.trick
        actual = self.trick_holding(event)
        if actual is None:
            actual = guess
        if actual is None or actual == label:
            return
        self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                  f"the line says trick {label}, but {event.player}'s {event.card} is played to trick {actual}",
                  trick=actual)
        self.irregularities.insert(mark, self.irregularities.pop())

    @final
    def trick_holding(self, event: ev.Play) -> int | None:
        """The trick `event`'s card went to when it was just played (None: to no trick)."""
        table = self.table
        if table is None:
            return None
        for trick in (table.current, table.tricks[-1] if table.tricks else None):
            # `in` tries identity first: the card's own position, not a record compared field by field;
            # the card just played is nearly always its trick's last
            if trick is not None and trick.plays and (trick.plays[-1].at is event.at
                                                      or event.at in [play.at for play in trick.plays]):
                return trick.number
        return None

    # ---- deal ------------------------------------------------------------------------
    def on_deal(self, line: ev.DealLine) -> None:
        if self.stage != "deal":  # the hands written as they were shown at the end: the session reads them first
            self.deals_late = True
        upcard, source = self.upcard, self.declared.upcard
        if line.player in self.deals:
            self.find("inconsistent-transcript", line.player, line.at, "transcript.consistency",
                      f"{line.player}'s cards are given twice; the second deal line is ignored")
        else:
            self.take_deal(line, upcard if source == "undealt" else None)
        if source == "dealer's" and upcard is not None and line.player != self.dealer and upcard in line.cards:
            self.upcard_misplaced(line.player, upcard, line.at)

    @final
    def take_deal(self, line: ev.DealLine, undealt: Card | None) -> None:
        """`line`'s cards are its player's hand: checked against the pack, the other hands, an
        `undealt` upcard and the number each is dealt."""
        self.deals[line.player] = list(line.cards)
        # one dict for the checks and `dealt`; compiled, a comprehension is a native loop, fromkeys a call by name
        held = {card: line.player for card in line.cards}  # noqa: C420
        if len(held) < len(line.cards) or not self.deck.issuperset(held) or not self.dealt.keys().isdisjoint(held) \
                or undealt in held:
            self.find_wrong_cards(line, undealt)
        self.dealt.update(held)
        if len(line.cards) != self.cards_per_hand:
            self.deal_faults.add("wrong-count")
            if len(line.cards) > self.cards_per_hand:
                self.deal_faults.add("long-hand")
            self.find("wrong-card-count", line.player, line.at, "deal.wrong-count",
                      self.miscount(line.player) + self.penalty_laws.deal.wrong_count_ruling(self, line.player))

    @final
    def dealt_by_another(self) -> str:
        """A deal by the wrong player, told: the finding's account, before what the laws make of it."""
        return f"{self.dealer} dealt, but it was {self.ctx.expected_dealer}'s deal. "

    @final
    def miscount(self, player: str) -> str:
        """A hand dealt of the wrong size, told: the finding's account, before what the laws make of it."""
        return f"{player} was dealt {len(self.deals[player])} cards instead of {self.cards_per_hand}. "

    @final
    def find_wrong_cards(self, line: ev.DealLine, upcard: Card | None) -> None:
        """Each card of a deal line that is outside the pack or dealt twice (a clean deal,
        the usual case, is recognised as a whole and never comes here)."""
        mine: set[Card] = set()
        for card, at in zip(line.cards, line.card_spans):
            if card not in self.deck:
                self.deal_faults.add("foreign-card")
                self.find("misdeal", self.dealer, at, "deal.misdeal",
                          f"{card} is not in the {self.game} pack, yet it was dealt to {line.player}")
            elif card in self.dealt or card is upcard or card in mine:
                other = self.dealt.get(card) or ("the upcard" if card is upcard else line.player)
                self.deal_faults.add("duplicate-card")
                self.find("duplicate-card", line.player, at, "deal.duplicate-card",
                          f"{card} is dealt to {line.player} but also to {other}: the pack is wrong")
            mine.add(card)

    @final
    def take_discard(self, event: ev.Discard) -> bool:
        """A card discarded face down before play, as Boston's little misère and French Boston's
        petite misère have them (the game says when discarding is allowed at all): one a player,
        from the hand he was dealt; a second one, or a card he was not dealt, is a finding and
        void (False). A discarded card is out of the hand play goes on with."""
        player, card = event.player, event.card
        if player in self.discards:
            self.find("illegal-discard", player, event.at, "misere.discard",
                      f"{player} already discarded {self.discards[player]}; a second discard is void")
            return False
        if player in self.deals and card not in self.deals[player]:
            self.find("card-not-held", player, event.at, "play.card-not-held",
                      f"{player} discards {card}, a card {player} was not dealt")
            return False
        self.discards[player] = card
        self.put_away(player, card)
        table = self.table
        if table is not None and table.hands is not None and player in table.hands:
            table.hands[player].discard(card)  # after play began, where the game's laws still allow it
        return True

    @final
    def missing_cards(self) -> list[Card]:
        """Cards of the pack in nobody's hand, when every hand is known and none is long: from a
        perfect pack a short hand would mean a long one, so the pack lacks them (or, in a game
        that deals the pack out, the short hand's player should hold them)."""
        if not self.hands_known or "long-hand" in self.deal_faults:
            return []
        dealt = {card for cards in self.deals.values() for card in cards}
        if len(dealt) >= len(self.deck):
            return []
        return sorted(self.deck - dealt, key=lambda c: (c.suit.value, -c.rank))

    @final
    def still_to_discard(self) -> list[str]:
        """The players who have not discarded yet, in the order of play."""
        return [p for p in self.order if p not in self.discards]

    @final
    def dealt_from(self) -> frozenset[Card]:
        """The pack the hand is dealt from: the game's `pack` unless a house rule picks another."""
        by = self.declared.pack_by
        return self.declared.pack if by is None else by[1][self.options[by[0]]]

    @final
    def on_upcard(self, line: ev.UpcardLine) -> None:
        """The turned card, checked against the deal as the game declares where it comes from."""
        declared = self.declared
        if declared.upcard == "none":
            self.find("inconsistent-transcript", None, line.at, "transcript.consistency",
                      f"'upcard {line.card}' has no meaning in {self.game}: no card is turned; the line is ignored")
            return
        if self.turned_line is not None:
            if line.card is not self.turned_line.card:
                self.find("inconsistent-transcript", None, line.at, "transcript.consistency",
                          f"a second 'upcard' line ({line.card}): one card is turned, {self.turned_line.card} as the "
                          "first line says; this line is ignored")
            return
        self.turned_line = line
        if self.stage != "deal":  # turned before the bidding, wherever it is written: the session reads it first
            self.deals_late = True
        if line.card not in self.deck:
            self.deal_faults.add("foreign-card")
            self.find("misdeal", self.dealer, line.at, "deal.misdeal",
                      f"{line.card} is not in the {self.game} pack, yet it was turned up")
        if declared.upcard == "dealer's":
            upcard = self.upcard = self.upcard or line.card
            if declared.upcard_trumps:
                self.trump = upcard.suit
            for player, cards in self.deals.items():
                if player != self.dealer and line.card in cards:
                    self.upcard_misplaced(player, line.card, line.at)
            return
        self.upcard = line.card
        if declared.upcard == "other-pack":
            return
        for player, cards in self.deals.items():
            if line.card in cards:
                self.deal_faults.add("duplicate-card")
                self.find("duplicate-card", player, line.at, "deal.duplicate-card",
                          f"the upcard {line.card} was also dealt to {player}: the pack is wrong")

    @final
    def upcard_misplaced(self, player: str, card: Card, at: ev.Span) -> None:
        """The dealer's own turned card is in `player`'s hand (`Declaration.misplaced_upcard`)."""
        if self.declared.misplaced_upcard == "duplicate-card":
            self.deal_faults.add("duplicate-card")
            self.found("duplicate-card", player, at, "deal.duplicate-card", "misplaced-upcard", card=card,
                       player=player, dealer=self.dealer)
        else:
            self.found("inconsistent-transcript", player, at, "transcript.consistency", "misplaced-upcard", card=card,
                       player=player, dealer=self.dealer)

    # ---- play ------------------------------------------------------------------------
    @final
    def start_play(self, leader: str, active: Iterable[str], rules: tb.TrickRules, tricks: int | None = None) -> None:
        """Play begins: `leader` leads to the first of `tricks` tricks (one a card dealt, unless a
        contract plays fewer: a little misère's discards). The seats `sitting_out` take no part."""
        if self.sitting_out:
            active = [p for p in active if not sitout.sits_out(self, p)]
        self.table = tb.TrickTable(self.order, active, leader, rules, self.start_hands(), tricks or self.cards_per_hand)
        self.unwritten = len(self.deals) < len(self.setup.players)  # deal lines name only players (`unknown_names`)
        self.runs_short = "wrong-count" in self.deal_faults  # a hand dealt short may run out before the last trick
        if self.sitting_out or self.unwritten or self.runs_short:
            self.plain = False
        self.stage = "play"

    @final
    def played_on(self, seats: Iterable[str], costs: Callable[[str], str], noted: set[str] | None = None) -> None:
        """Play begins with the players of `seats` whose deal line gave them a hand of the wrong size
        (found there: one fault, one finding): a note each, `costs(player)` saying what that costs
        now, citing the game's rule for a wrong count found in play; those already in `noted` are
        skipped, the others added to it."""
        deals = self.deals
        for player in seats:
            if player in deals and len(deals[player]) != self.cards_per_hand and (noted is None or player not in noted):
                rule = self.rule_id("wrong-count.play")  # here, not before the loop: most hands have no fault
                went_on = f"play went on with {player} holding {len(deals[player])} cards: "
                self.notes.append(f"{went_on}{costs(player)} [{rule}]")
                self.void_notes[self.notes[-1]] = f"{went_on}{VOID_NOTE} [{rule}]"
                if noted is not None:
                    noted.add(player)

    @final
    def start_hands(self) -> dict[str, set[Card]] | None:
        """What each player holds as play begins, where the deal is known: the misère discards taken
        out, then the game's `adjust_hands`."""
        hands = {p: set(cards) for p, cards in self.deals.items()} if self.deals else None
        if hands is not None:
            for player, card in self.discards.items():
                if player in hands:
                    hands[player].discard(card)
        self.adjust_hands(hands)
        return hands

    def adjust_hands(self, hands: dict[str, set[Card]] | None) -> None:
        """Change the dealt hands before play (euchre: the dealer takes the upcard, discards)."""

    def ready_to_play(self, event: ev.Play) -> bool:
        """Called on a play while `self.table` is None; the game starts the play or refuses."""
        raise NotImplementedError

    @final
    def play_after_throw_in(self, event: ev.Play) -> bool:
        """A card played after the hand was thrown in contradicts the transcript (`refuse_play`)."""
        return self.refuse_play(event, "a card is played after the hand was thrown in; it is ignored")

    @final
    def refuse_play(self, event: ev.Play, words: str) -> bool:
        """A card played while play cannot begin (the hand thrown in, whist's trump card not written)
        contradicts the transcript: found once a hand, as every card after it would only repeat it,
        and the card ignored. False, for `ready_to_play` to return."""
        if not self.late_play_reported:
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency", words)
            self.late_play_reported = True
        return False

    @final
    def play_after_end(self, event: ev.Play) -> bool:
        """A card played after the rest of the tricks were conceded (or claimed) contradicts the
        transcript, each one: the hand is over, and the card is ignored. False, for `ready_to_play`
        to return (a concession before the opening lead)."""
        self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                  f"{event.player} plays {event.card} after the hands were thrown down; ignored")
        return False

    @final
    def premature(self, event: ev.Play, words: str) -> bool:
        """A card played before play may begin (the bidding not over, trump not made, the pitch not
        settled) goes back: found once a hand, as every card after it would only repeat it. False,
        for `ready_to_play` to return."""
        if not self.premature_reported:
            self.find("premature-lead", event.player, event.at, "play.premature-lead", words)
            self.premature_reported = True
        return False

    @final
    def play_card(self, event: ev.Play) -> None:
        """A card played, as every game sees it. Each game's `on_play` wraps its own laws around
        this and calls it by name: ``super().on_play`` would cost more, on every card, than the
        game's own checks. While the hand is `plain`, the states the laws leave for a later card
        (cards to go back, choices, calls, exposed cards, seats sitting out) are all empty, and
        the card meets only the table's own checks."""
        if self.table is None and not self.ready_to_play(event):
            self.sent_back.add(event.card)
            return
        table = self.table
        assert table is not None
        if not self.plain and self.before_card(event, table):
            return
        if not table.current.plays and table.finished:  # a lead, and the hand is over
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                      f"{event.player} plays {event.card} after the last trick of the hand")
            return
        if not self.plain:
            self.card_bound(event)
        for fact in table.play(event.player, event.card, event.at):
            self.on_fact(fact)
        if not self.plain:
            self.after_card(event)

    @final
    def before_card(self, event: ev.Play, table: tb.TrickTable) -> bool:
        """What a hand no longer plain looks after before a card reaches the trick: a seat that sat
        out joining the last trick, cards a penalty sent back (True: the card is held aside with
        them), a lead out of turn shown back, a card played before a decision, and at a lead the
        lead calls it releases. A card after the rest was conceded is ignored (True), as the default
        `on_play` ignores it, for a game whose own `on_play` calls `play_card`."""
        if self.ended is not None and self.ended.by is not None:  # `conceded_by`, without its call on every card
            return not self.play_after_end(event)
        if self.sitting_out and not table.current.plays and event.player not in table.active:
            sitout.joins_last_trick(self, event)
        if (self.due_back or self.held_aside) and self.played_before_take_back(event):
            return True
        if self.false_lead is not None:
            self.lead_shown_back(event, self.false_lead)
        if self.choices and any(c.waits and self.same_side(event.player, c.offender) for c in self.choices):
            self.before_decision.add(event.card)  # the laws let it go back when the decision comes
        if self.lead_groups and not table.current.plays:  # only between tricks can a lead call bind
            self.release_lead_group(event.player)
        return False

    @final
    def card_bound(self, event: ev.Play) -> None:
        """The card against what binds it (a call proven disobeyed by it, a requirement) and, where a
        deal is not written, against the pack."""
        if self.suspected:
            self.prove_disobeyed(event)
        if self.requirements:
            self.check_requirements(event)
        if self.unwritten and event.card not in self.deck and event.player not in self.deals:  # else the table says it
            self.find("card-not-held", event.player, event.at, "play.card-not-held",
                      f"{event.player} played {event.card}, which is not in the {self.game} pack",
                      trick=self.trick_number)

    @final
    def after_card(self, event: ev.Play) -> None:
        """Once the card is in the trick: hands run out of cards sit out, the card leaves the
        exposed ones, the open choices follow the trick (`renew_choices`)."""
        table = self.table
        assert table is not None
        if self.runs_short and not table.current.plays:
            self.sit_out_empty_hands()
        if self.exposed and event.player in self.exposed:
            self.exposed_after_card(event, table)
        if self.choices:
            self.renew_choices()

    @final
    def put_away(self, player: str, card: Card) -> None:
        """A card discarded face down is out of the hand: if it lay exposed, it lies there no longer, nor shows
        the suits he holds (`exposed_after_card`)."""
        if self.exposed and card in self.exposed.get(player, ()):  # rare: a plain hand has none
            self.exposed[player].remove(card)

    @final
    def exposed_after_card(self, event: ev.Play, table: tb.TrickTable) -> None:
        """The card played leaves the exposed ones; another leaves them lying, and without the deal they show
        he held their suits: a failure to follow one of them was a revoke (as his later play of it would prove)."""
        mine = self.exposed[event.player]
        if event.card in mine:
            mine.remove(event.card)
            return
        suits = {table.rules.suit_of(c) for c in mine}
        for trick in [t for t, led in table.unproven_failures(event.player) if led in suits]:
            for fact in table.prove(event.player, trick):
                self.on_fact(fact)

    def on_play(self, event: ev.Play) -> None:
        """The event handler: a game wraps its own laws around `play_card`. By default a card played
        after the rest of the tricks were conceded (or claimed) contradicts the transcript: ignored
        (where the game declares `shown_after_end`, one played once the hands are thrown up is shown:
        `CalledHand.show`)."""
        if self.conceded_by is not None:
            self.play_after_end(event)
            return
        self.play_card(event)

    @final
    def on_retract(self, event: ev.Retract) -> None:
        if self.table is None:
            if event.card in self.sent_back:  # a card played before play could begin: it went back already
                self.sent_back.discard(event.card)
                return
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                      f"{event.player} takes back {event.card} before any card was played")
            return
        for held in self.held_aside:
            if held.player == event.player and held.card is event.card:  # never reached the trick: simply back
                self.held_aside.remove(held)
                return
        released = self.penalty_laws.retract.may_take_back(self, event) or sitout.released(self, event.player)
        facts = self.table.retract(event.player, event.card, event.at, released)
        if self.thrown_up and self.table.current.plays:  # the trick that ended the hand is open again
            self.resume_after_throw_up()
        for fact in facts:
            self.on_fact(fact)
        for fact in facts if self.calls_lapsed or self.calls_met else ():
            if type(fact) is tb.Retracted:
                self.exposed_back(fact.player, fact.card)
        if self.choices:
            self.renew_choices()

    @final
    def lay_exposed(self, player: str, card: Card) -> bool:
        """Whether `player`'s `card`, played and going back, lay exposed before (its call lapsed as it was played)."""
        return any(c.offender == player and c.card is card for c in self.calls_lapsed)

    @final
    def exposed_back(self, player: str, card: Card) -> None:
        """An exposed card played, then taken back (a false lead, a card out of turn, one going back with
        them): it was not played, so it lies face up as before, its call is open again, and a call of it that
        its play met binds again (W51 [L21]: until it is played; W55 [L24]: the false lead is not exposed *by*
        the false lead). That call is its one choice: none is opened if a law exposed it again as it went back (a
        renounce corrected), and a card led out of turn that lay exposed owes only the suit call (whist's W56)."""
        met = [r for r in self.calls_met if r.offender == player and r.card is card]
        self.calls_met = tuple(r for r in self.calls_met if r not in met)
        self.requirements.extend(met)
        back = [c for c in self.calls_lapsed if c.offender == player and c.card is card]
        self.calls_lapsed = tuple(c for c in self.calls_lapsed if c not in back)
        if (back or met) and card not in self.exposed.get(player, ()):  # a call it met: it was exposed
            self.exposed.setdefault(player, []).append(card)
        if back and not any(c.offender == player and c.card is card and Lapse.CARD_PLAYED in c.ends
                            for c in self.choices):  # not exposed again as it went back (`LiableCards.taken_back`)
            self.choices.append(back[-1])

    @final
    def renew_choices(self) -> None:
        """Each open choice whose options follow the trick (an exposed card's `demands`: its suit led,
        or no longer) opened again in its place by its `renew`, so that its options and words are those
        open now: after every card played, and every card taken back (a lead taken back leaves its suit
        no longer led, and a card taken back leaves its player still to play)."""
        for i, choice in enumerate(self.choices):
            if choice.renew is None or choice.card is None:
                continue
            offer = choice.renew(self, choice.offender, choice.card)
            if offer.options != choice.pending.options:
                fresh = self.open(offer)
                fresh.trick = choice.trick  # it arose in the same trick
                fresh.early.extend(choice.early)  # cards played before the decision still wait for it
                fresh.finding = choice.finding
                self.choices.remove(fresh)
                self.choices[i] = fresh

    # ---- cards a chosen penalty sends back --------------------------------------------
    @final
    def send_back(self, player: str, card: Card) -> Effect:
        """The penalty chosen sends `player`'s card, still in the trick, back to his hand (a lead out
        of turn when a suit is called from the rightful leader): the trick waits for that take-back
        (`retract`), and cards the offender's side played to it before the decision go back with it.
        Until then "what happens now" names the take-backs, and any other card is a finding
        (`played_before_take_back`)."""
        self.due_back.append((player, card))
        self.plain = False
        return Effect("take-back", player, None, card.text)

    @final
    def demanded_back(self, target: str, option: str) -> tuple[Effect, ...]:
        """A demand on `target`'s card in the trick (`Offer.sends_back`) that he played without waiting
        for it (L39) and that does not meet it (`LiableCards.meets_demand`; with his cards not written, it
        is taken to): the card goes back (`send_back`) and he plays as demanded."""
        table = self.table
        played = table.current.card_of(target) if table is not None and not table.finished else None
        if table is None or played is None:
            return ()
        early = Unwaited(played.card, played.at, table.current.number, False, table.led_suit() or played.card.suit,
                         (), False)
        return () if self.liable.meets_demand(self, option, target, early) else (self.send_back(target, played.card),)

    @final
    def due_on_table(self) -> list[tuple[str, Card]]:
        """The cards still to go back: those in the trick, then those held aside."""
        table = self.table
        if table is None:
            return []
        trick = table.current
        due = [(p, c) for p, c in self.due_back if (played := trick.card_of(p)) is not None and played.card is c]
        return due + [(e.player, e.card) for e in self.held_aside]

    @final
    def played_before_take_back(self, event: ev.Play) -> bool:
        """A card played while cards the penalty sent back are still in the trick. The rightful
        leader's lead shows they went back, unwritten; so does a player's next card to the trick when
        the card due back is his own and does not lead it (a demand he did not wait for: whist's L26,
        L23): they are taken back now and the card is played (and checked against the call). Any other
        card is a finding; it did not reach the trick and goes back too (held aside), unless it is the
        card that completes the trick: then the table played the trick out with them in it, the lead
        stands and the penalty lapses. True when `event` is held aside."""
        table = self.table
        assert table is not None
        trick = table.current
        self.due_back = due = [(p, c) for p, c in self.due_back
                               if (played := trick.card_of(p)) is not None and played.card is c]
        if not due:  # taken back (the cards held aside went back with them), or left in a trick played out
            self.held_aside.clear()
            self.due_requirements = []
            return False
        words = " and ".join(f"{p}'s {c}" for p, c in due)
        leader = table.rightful_leader
        leading = any(c is trick.plays[0].card for _, c in due)
        again = not leading and {p for p, _ in due} == {event.player}
        penalty = self.sending_penalty(due)
        if not self.held_aside and (again or (len(due) == len(trick.plays) and event.player == leader)):
            table.going_back(c for _, c in due)
            for player, card in reversed(due):
                for fact in table.retract(player, card, event.at, True):
                    self.on_fact(fact)
            now = f"{event.player} plays again to trick {trick.number}" if again else \
                f"{leader} leads to trick {trick.number}"
            self.notes.append(f"{now}: {words} went back as {'the penalty' if penalty else 'the laws'} required "
                              "(the take-back is not written).")
            self.due_back, self.due_requirements = [], []
            return False
        why = f"the penalty chosen requires ({penalty})" if penalty else "the laws require"
        base = (f"{event.player} played {event.card} to trick {trick.number} while {words} had still to be taken "
                f"back, as {why}; " + (f"{leader} was then to lead." if leading else
                                       f"{due[0][0]} was then to play again."))
        if len(trick.plays) + len(self.held_aside) + 1 < len(table.active):
            self.find("play-out-of-turn", event.player, event.at, "play.out-of-turn",
                      base + f" {event.player}'s card goes back as well.", trick=trick.number)
            self.held_aside.append(event)
            return True
        self.find("play-out-of-turn", event.player, event.at, "play.out-of-turn",
                  base + " The trick is played out with them in it: the table let the lead stand, and the penalty "
                  "lapses.", trick=trick.number)
        self.requirements = [r for r in self.requirements if r not in self.due_requirements]
        self.due_back, self.due_requirements = [], []
        held, self.held_aside = self.held_aside, []
        for play in held:
            self.play_card(play)
        return False

    @final
    def lead_shown_back(self, event: ev.Play, false: tb.OutOfTurn) -> None:
        """A lead out of turn still in the trick (`false_lead`, set by a game whose laws take it back
        unless all play to it: whist's L24): the rightful leader's card, when it is not his turn in
        that trick, shows the lead went back unwritten with the cards played to it, as a lead a
        penalty sends back does (`played_before_take_back`). They are taken back now, and his card
        leads; a choice the take-back opens that his lead ends (a suit call at that lead) ends too."""
        table = self.table
        if table is None or not self.lead_goes_back(event, false):
            return
        trick, leader = table.current, table.rightful_leader
        words, before = " and ".join(f"{p.player}'s {p.card}" for p in trick.plays), list(self.choices)
        told = len(self.notes)
        table.going_back(p.card for p in trick.plays)
        for play in reversed(list(trick.plays)):
            for fact in table.retract(play.player, play.card, event.at, True):
                self.on_fact(fact)
        if len(self.notes) == told:  # unless the game's law says the lead went back (Euchre's: once is enough)
            self.notes.append(f"{leader} leads to trick {trick.number}: {words} went back (the take-back is not "
                              "written).")
        self.release_held_calls()  # a call written before his lead answers what the take-back opened
        for choice in [c for c in self.choices if c not in before and c.lapse(event, trick.number)]:
            self.lapse_choice(choice, event.at)

    @final
    def lead_goes_back(self, event: ev.Play, false: tb.OutOfTurn) -> bool:
        """Whether `event` shows the lead out of turn `false`, still leading the trick, went back: it is the
        rightful leader's card, when it is not his turn in that trick (`lead_shown_back`)."""
        table = self.table
        if table is None or not table.current.plays or table.current.plays[0].card is not false.card:
            return False
        leader = table.rightful_leader
        return event.player == leader and event.player != table.expected() and table.current.card_of(leader) is None

    @final
    def sending_penalty(self, due: list[tuple[str, Card]]) -> str | None:
        """The words of the penalty that sent one of `due` back (the latest, if several); None when
        the laws' own correction did, with no penalty (Euchre's trick rebuilt by agreement)."""
        texts = {c.text for _, c in due}
        for penalty in reversed(self.penalties):
            if any(e.kind == "take-back" and e.detail in texts for e in penalty.effects):
                return penalty.description
        return None

    @final
    def take_back_step(self) -> str | None:
        """What happens now while cards the penalty sent back are on the table: their take-backs,
        then the rightful lead (the suit called, if one binds the leader), or, none of them leading
        the trick, each player playing again to it."""
        due = self.due_on_table()
        if not due or self.table is None:
            return None
        trick, plays = self.table.current.number, self.table.current.plays
        if plays and all(c is not plays[0].card for _, c in due):  # a demand on a card not leading (L26, L39)
            return ", ".join(f"{p} to take back {c} and play again to trick {trick}" for p, c in due)
        leader = self.table.rightful_leader
        called = next((r.suit for r in self.requirements
                       if r.offender == leader and r.what == "lead-suit" and r.suit is not None), None)
        lead = f"to lead a {called.word[:-1]}" if called is not None else "to lead"
        return (", ".join(f"{p} to take back {c}" for p, c in due)
                + f"; then {leader} {lead} to trick {self.table.current.number}")

    # ---- a hand that ends before its last trick ------------------------------------------
    @final
    def throw_up(self, note: str) -> None:
        """The trick just completed ends the hand (a misère caller took it, a slam caller lost it):
        the hands are thrown up when it is gathered, and that is at once — at the transcript's next
        event or line, whatever it is, the next hand's line included — unless that next event takes
        back a card of the trick to correct a revoke. The take-back reopens the trick (`ended` is
        cleared, so what a game keeps of why the hand ended counts only while `ended_as("thrown-up")`),
        and who wins the trick (and so whether the hand ends) is decided again when it is complete.
        A transcript that stops right here leaves an open revoke correctable (see
        `end_of_transcript_after_throw_up`). `note` says why the hands are thrown up."""
        self.stage, self.ended = "ended", Ended("thrown-up", note=note, pending=True)
        self.notes.append(note)
        self.plain = False  # every event now asks whether it gathers the trick (`on_event_line`)

    @final
    def gather_now(self) -> None:
        """The hands are thrown up now (after a trick that ended the hand, a concession, a claim):
        the trick just completed is gathered, and a revoke in it not taken back is established."""
        if self.ended is not None:
            self.ended.pending = False
        if self.table is not None:
            for fact in self.table.finish():
                self.on_fact(fact)
        if self.calls_open:
            self.establish_disobeyed(every=True)

    @final
    def end_of_transcript_after_throw_up(self) -> None:
        """The transcript stops right after the card that ended the hand (the game's last hand: a
        `hand` line after it gathers the trick, as any line does). With a revoke in that
        trick the revoker may still take his card back, so the end is not certain yet: play is
        resumed and the take-back is pending. Without one, the trick is gathered."""
        assert self.table is not None
        if self.table.open_revokes():
            self.resume_after_throw_up()
        else:
            self.gather_now()

    @final
    def resume_after_throw_up(self) -> None:
        """The trick that ended the hand is open again (or may be): the hand goes on."""
        assert self.ended is not None
        self.notes.remove(self.ended.note)
        self.stage, self.ended = "play", None

    # who plays with whom: the hand's `Sides`, asked by name where the laws speak of it
    @final
    def partner(self, player: str) -> str:
        return self.sides.partner(player)

    @final
    def side(self, player: str) -> str:
        return self.sides.side(player)

    @final
    def other(self, side: str) -> str:
        return self.sides.other(side)

    @final
    def same_side(self, player: str, other: str) -> bool:
        return self.sides.same(player, other)

    @final
    def hand_over(self) -> bool:
        """Play is over (the last trick played, or the rest conceded, before play too: Boston's "I
        pay") and no penalty scored with the hand is still to be chosen (`Lapse.SETTLEMENT`: whist's
        English revoke penalty)."""
        ended = self.ended
        return ((self.table is not None and self.table.finished) or (
            ended is not None and ended.reason in ("conceded", "claimed"))) \
            and not (self.choices and any(Lapse.SETTLEMENT in c.ends for c in self.choices))

    # four players in two fixed partnerships, partners opposite (whist's, and any game's like it)
    @final
    def won_by_side(self) -> dict[str, int]:
        """Tricks won by each partnership (tricks conceded count for the side they were conceded to)."""
        tricks = self.table.tricks if self.table is not None else []
        won = [trick.winner for trick in tricks]
        counts = {name: sum(map(won.count, members)) for name, members in self.sides.teams}
        if self.conceded_by is not None:
            counts[self.other(self.side(self.conceded_by))] += self.cards_per_hand - len(tricks)
        return counts

    @final
    def taken(self) -> dict[str, int]:
        """Tricks taken by each player so far, in seat order (a game where each plays for himself:
        Boston's caller and opponents, French Boston's caller and partner)."""
        counts = dict.fromkeys(self.order, 0)
        for trick in self.table.tricks if self.table is not None else ():
            if trick.winner:
                counts[trick.winner] += 1
        return counts

    @final
    def concede_rest(self, event: ev.Concede) -> None:
        """A partnership gives up the rest of the tricks to the other: the hands are thrown up at
        once, so a revoke in the trick just completed is established. Before play there is
        nothing to concede: the event is not understood there. A game whose laws say no more
        assigns it as its handler (``on_concede = HandReplay.concede_rest``)."""
        if self.nothing_left(event, "concede", "concedes"):
            return
        self.end("conceded", event.player)
        self.notes.append(f"{event.player} conceded the remaining tricks to {self.other(self.side(event.player))}.")
        self.gather_now()

    def before_play_rest(self, event: ev.Concede | ev.ClaimRest) -> bool:
        """Whether a concession or a claim of the rest before play gives every trick (a game whose contract
        is made before the opening lead says so, and readies the hand for it); by default it means nothing."""
        return False

    @final
    def nothing_left(self, event: ev.Concede | ev.ClaimRest, word: str, what: str) -> bool:
        """Whether no trick is left for a concession or a claim of the rest to give: before play, where
        its `word` has no meaning unless the game's contract gives every trick then (`before_play_rest`),
        or once every trick is played (the player `what`: ignored)."""
        if self.table is None and self.before_play_rest(event):
            return False
        if self.table is None and self.deal_faults and self.misdeal():
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                      f"{event.player} {what} before play, but the deal is a misdeal, dealt again: no trick is "
                      "left to give; ignored")
        elif self.table is None:
            self.unsupported(event, f"'{word}' before play")
        elif self.table.finished:
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                      f"{event.player} {what}, but every trick has been played: no trick is left to give; ignored")
        else:
            return False
        return True

    @final
    def quitted_trick(self, event: ev.Look) -> int | None:
        """The quitted trick `event` looks at (no number: the last one quitted, or else the one on
        the table), for the game's laws to judge; None when it looks at a trick not gathered yet
        (the last one won, or the one being played), which may be reviewed. A trick not begun
        contradicts the transcript: found, and the look ignored (None)."""
        trick, quitted = self.looked_at(event, first=True)
        return trick if quitted else None

    @final
    def adversaries(self, player: str) -> tuple[str, ...]:
        """The players against `player` (who may demand a penalty for his error): everyone not on
        his side, or on the side a contract formed (French Boston: `Sides.formed`)."""
        return self.sides.adversaries(player)

    @final
    def on_fact(self, fact: tb.Fact) -> None:
        if type(fact) is TrickWon:  # the usual fact called directly (natively when compiled), the rest by kind
            self.fact_trickwon(fact)
            if self.choices and self.ended is None:
                self.last_trick_came(fact.trick.number)
        else:
            self.fact_handlers[type(fact)](self, fact)

    def fact_trickwon(self, fact: tb.TrickWon) -> None:
        """Game hook: a trick is complete. A game that overrides it and whose laws keep a lead or a card out of
        turn in its trick until the trick ends (`false_lead`, `false_card`: Whist, Euchre, Auction Pitch) calls
        `lead_stood` first; the Bostons' caller's lead out of turn is settled by the trick's second card."""
        self.lead_stood(fact)

    @final
    def false_lead_back(self, fact: tb.Retracted) -> tb.OutOfTurn | None:
        """The lead out of turn in `false_lead`, when `fact` takes it back (it is then no longer in the trick)."""
        false = self.false_lead
        if false is None or fact.card is not false.card or fact.player != false.player:
            return None
        self.false_lead = None
        return false

    @final
    def lead_stood(self, fact: tb.TrickWon) -> None:
        """All four played to the lead out of turn in `false_lead` (whist's L24): the trick stands. A
        card out of turn kept in `false_card` stands too when its trick ends with it, in the words
        its law declares (`OutOfTurnLaw.stood`; a law that declares none ends it itself)."""
        false = self.false_lead
        if false is not None and false.trick == fact.trick.number:
            self.false_lead = None
            self.notes.append(f"All four played to {false.player}'s lead out of turn in trick {false.trick}: "
                              "the trick stands, without penalty.")
        false = self.false_card
        stood = self.penalty_laws.out_of_turn.stood(self, false) if false and false.trick == fact.trick.number else ""
        if stood:
            self.false_card = None
            self.notes.append(stood)

    @final
    def false_card_step(self, false: tb.OutOfTurn, later: bool = False) -> str:
        """What happens now while a card out of turn the laws send back is still on the table."""
        return (f"{false.player} takes back {false.card}" + (" and the cards played after it go back" if later else "")
                + f"; {false.expected} to {'lead' if false.lead else 'play'} to trick {false.trick}")

    @final
    def fact_outofturn(self, fact: tb.OutOfTurn) -> None:
        kind: Kind = "lead-out-of-turn" if fact.lead else "play-out-of-turn"
        ruling = self.penalty_laws.out_of_turn.decide(self, fact)
        self.rule_on(ruling, kind, fact.player, fact.at, "play.out-of-turn",
                     f"{fact.player} {'led' if fact.lead else 'played'} {fact.card} to trick {fact.trick}, "
                     f"but it was {fact.expected}'s turn. ", fact.trick)
        if ruling.keeps and (self.false_card is None or self.false_card.trick != fact.trick):
            self.false_card = fact  # a later card out of turn in its trick goes back with the first one

    @final
    def fact_notactive(self, fact: tb.NotActive) -> None:
        sit = sitout.sat_out(self, fact.player) if self.table is not None else None
        if sit is not None:
            sitout.played(self, sit, fact)  # the seat sits out for a lone hand: the engine's law
        else:
            self.penalty_laws.out_of_turn.not_active(self, fact)

    @final
    def fact_notheld(self, fact: tb.NotHeld) -> None:
        whose = f"; it was dealt to {fact.holder}" if fact.holder else ""
        self.find("card-not-held", fact.player, fact.at, "play.card-not-held",
                  f"{fact.player} played {fact.card}, a card {fact.player} did not hold{whose}", trick=fact.trick)

    @final
    def fact_duplicate(self, fact: tb.Duplicate) -> None:
        self.find("duplicate-card", fact.player, fact.at, "play.duplicate-card",
                  f"{fact.card} is played a second time (first by {fact.first_player} in trick {fact.first_trick})",
                  trick=fact.trick)

    @final
    def sit_out_empty_hands(self) -> None:
        """A player short (dealt too few cards, or one given dead to a trick) has none left for the
        last trick or tricks, which are played without him: decided once a trick is complete, and
        only in a hand where someone may run short (`runs_short`), so that a full deal pays nothing.
        Without the deal, his cards are counted: the same verdict as with it."""
        table = self.table
        assert table is not None
        hands = table.hands
        if table.finished:
            return
        if hands is not None:
            empty = [p for p in table.active if not hands.get(p, True)]
        else:  # the deal unwritten: a card given dead and one to every trick but the last are all he held
            empty = [p for p in self.dead_cards
                     if p in table.active and sum(p in t.players for t in table.tricks) >= table.tricks_in_hand - 1]
        for player in empty:
            for fact in table.deactivate(player):
                self.on_fact(fact)

    @final
    def fact_playedtwice(self, fact: tb.PlayedTwice) -> None:
        self.penalty_laws.out_of_turn.played_twice(self, fact)

    @final
    def fact_retracted(self, fact: tb.Retracted) -> None:
        self.later_plays = fact.later_plays
        if not fact.returned:
            self.next_plays = fact.next_plays
        if self.due_back:
            self.due_back = [(p, c) for p, c in self.due_back if not (p == fact.player and c is fact.card)]
        if self.correctable:  # a renounce gone back is no longer to correct (corrected, or back with a false lead)
            self.drop_correctable(fact.player, fact.card)
        if self.early_plays:
            self.take_back_early_play(fact)
        if self.calls_open or self.suspected:
            self.call_corrected(fact)
        self.penalty_laws.retract.retracted(self, fact)
        if fact.returned and self.choices:
            self.sent_back_with(fact.trick)
        false = self.false_card
        if false is not None and fact.player == false.player and fact.card is false.card:
            self.false_card = self.next_false_card(false)
            self.notes.append(self.penalty_laws.out_of_turn.went_back(self, false))
        if self.sitting_out:
            sitout.taken_back(self, fact)

    @final
    def next_false_card(self, false: tb.OutOfTurn) -> tb.OutOfTurn | None:
        """Once `false` goes back, the cards played after it that are still in its trick (`later_plays`) go
        back with it. A lead gone back sends every card played to it back now (`send_back`: this changes
        the hand), and the rightful leader then leads: None. Else the first card out of turn among them,
        which is due back now, so that the next step names it rather than the rightful player's turn."""
        plays = self.table.current.plays if self.table is not None else []
        later = plays[len(plays) - self.later_plays:] if self.later_plays else []
        for play in later if false.lead else ():
            self.send_back(play.player, play.card)
        return None if false.lead else next((tb.OutOfTurn(p.player, p.card, p.at, false.expected, False, false.trick)
                                             for p in later if p.out_of_turn), None)

    @final
    def fact_cardstands(self, fact: tb.CardStands) -> None:
        if fact.gathered:
            self.find("illegal-retract", fact.player, fact.at, "play.card-stands",
                      f"{fact.player} took back {fact.card}, but trick {fact.trick}, which it was played to, is "
                      "already gathered: a card in a gathered trick stays played, and a revoke in it is established. "
                      f"{fact.card} stays in trick {fact.trick}.", trick=fact.trick)
            return
        after = self.next_event(fact.at)
        if type(after) is ev.Call and (after.at.line, after.at.column) > (self.last_at.line, self.last_at.column):
            self.hold(ev.Retract(fact.player, fact.card, fact.at))  # read after that call
            return
        self.find("illegal-retract", fact.player, fact.at, "play.card-stands",
                  f"{fact.player} took back {fact.card} from trick {fact.trick}, but a card played stands: only a "
                  "correction may be taken back (a revoke in time, a card out of turn or one played after it, a card "
                  f"played before a penalty decision). {fact.card} stays in the trick.", trick=fact.trick)

    @final
    def revokes_as_played(self) -> list[tb.Revoke]:
        """The established revokes in the order played: without deal lines one is proven, and listed, only
        when its player shows the suit, so `revokes` may list a later revoke first."""
        return sorted(self.revokes, key=lambda r: (r.at.line, r.at.column))

    @final
    def fact_badretract(self, fact: tb.BadRetract) -> None:
        self.find("inconsistent-transcript", fact.player, fact.at, "transcript.consistency", fact.reason)

    @final
    def drop_correctable(self, player: str, card: Card) -> None:
        self.correctable = tuple(r for r in self.correctable if not (r.player == player and r.card is card))

    @final
    def fact_revoke(self, fact: tb.Revoke) -> None:
        if fact.status == "correctable":
            self.correctable = (*self.correctable, fact)
            return
        self.drop_correctable(fact.player, fact.card)
        law = self.penalty_laws.revoke
        if fact.status == "corrected" and sitout.sits_out(self, fact.player):
            return  # the card of a seat that takes no part, gone back: never a play of the hand
        proof = (f" {fact.player} showed the suit later, with {law.card_words(self, fact.proof.card)} in trick "
                 f"{fact.proof.trick};" if fact.proof and fact.status == "established" else "")
        if fact.status == "corrected":
            self.rule_on(law.decide(self, fact), "revoke", fact.player, fact.at, "revoke.corrected",
                         f"{fact.player} did not follow {fact.led.word} with {law.card_words(self, fact.card)} in "
                         f"trick {fact.trick} while holding {law.held_words(self, fact)}, and took it back "
                         f"{law.timing(self, fact)}. ", fact.trick, "corrected")
            return
        if any(r.player == fact.player and r.card is fact.card and r.trick == fact.trick for r in self.revokes):
            return  # the card was charged already as a call it disobeyed (W48): one offence, one penalty (W71)
        self.revokes.append(fact)
        self.rule_on(law.decide(self, fact), "revoke", fact.player, fact.at, "revoke.established",
                     f"{fact.player} played {law.card_words(self, fact.card)} to {fact.led.word} in trick "
                     f"{fact.trick} while holding {law.held_words(self, fact)};{proof} "
                     f"the revoke was established {law.timing(self, fact)}. ", fact.trick, "established", settled=True)

    # ---- exposed cards, calls, choices ------------------------------------------------
    @final
    def on_expose(self, event: ev.Expose) -> None:
        table = self.table
        held = table.hands.get(event.player) if table and table.hands else self.held_before_play(event.player)
        if held is not None and event.card not in held:
            self.find("card-not-held", event.player, event.at, "play.card-not-held",
                      f"{event.player} exposed {event.card}, a card {event.player} does not hold",
                      trick=self.trick_number)
            return
        self.exposed.setdefault(event.player, []).append(event.card)
        self.plain = False  # lawful (the whist trump card, under some laws) or not, it leaves the hand to look after
        self.rule_on(self.penalty_laws.exposed.decide(self, event), "exposed-card", event.player, event.at,
                     "exposed.card", f"{event.player}'s {event.card} was seen by the table without being played. ",
                     self.trick_number)

    @final
    def held_before_play(self, player: str) -> set[Card] | None:
        """Before play, the cards `player` was dealt and those the bidding gave him (euchre's
        dealer holds the upcard he took up: `adjust_hands`); None when his deal is not written."""
        if player not in self.deals:
            return None
        hands = {player: set(self.deals[player])}
        self.adjust_hands(hands)
        return hands[player] | set(self.deals[player])

    @final
    def settle_choices(self, event: ev.Event) -> None:
        """End each open choice whose declared lapse this event is (the innocent side playing on,
        the trick gathered, ...), applying what the lapse implies; a card played by anyone else
        leaves the choice open and is kept as played before the decision. A choice a lapse opens
        (its implied option) ends too if this same event is its lapse (a card played that it calls)."""
        if isinstance(event, (ev.Call, ev.Accept, ev.Retract)):
            return
        table = self.table
        trick = None if table is None or table.finished else table.current.number
        before = list(self.choices)
        for choice in before:
            lapse = choice.lapse(event, trick)
            if lapse is None:
                if isinstance(event, ev.Play) and (Lapse.CHOOSER_PLAYS in choice.ends or (
                        Lapse.DECISION_AWAITED in choice.ends and event.player not in choice.choosers)):
                    choice.early.append(event)  # the offender's side did not wait for the decision
                continue
            if lapse is Lapse.CARD_PLAYED:
                self.calls_lapsed = (*self.calls_lapsed, choice)
            self.lapse_choice(choice, event.at)
        for choice in [c for c in self.choices if c not in before and c.lapse(event, trick)]:
            self.lapse_choice(choice, event.at)

    @final
    def lapse_choice(self, choice: Choice, at: ev.Span) -> None:
        self.choices.remove(choice)
        if choice.implied is not None:
            choice.apply(self, choice.implied, at)
        if choice.implied_text:
            self.notes.append(choice.implied_text)

    @final
    def close_choices(self) -> None:
        """At the end of the transcript: choices bound to a trick that is now complete are over."""
        table = self.table
        if table is None:
            return
        trick = None if table.finished else table.current.number
        for choice in list(self.choices):
            if choice.gathered(trick):
                self.lapse_choice(choice, self.last_at)

    @final
    def choose_unwritten(self, pending: Pending, option: str, alike: tuple[str, ...] = ()) -> None:
        """The choice `pending`, still open at the end of the transcript, taken as made with `option`:
        the one option with which the hand's result is the one the table recorded (`GameSession.as_recorded`),
        or the first of those (`alike`: the others) that all give it, which the note says."""
        choice = next((c for c in self.choices if c.pending == pending), None)
        if choice is None:
            return
        self.answer(choice, option, self.last_at)
        options = " | ".join(pending.options)
        self.notes.append(f"The recorded result shows {pending.chooser} chose {option}, which the transcript does "
                          f"not write: of {options}, it is the only choice with which the hand's result is the one "
                          "recorded." if not alike else
                          f"The recorded result shows {pending.chooser} chose {' or '.join((option, *alike))}, which "
                          f"the transcript does not write: {' and '.join((option, *alike))} each give the result "
                          f"recorded (of {options}); the verdict shows {option}.")

    @final
    def answer(self, choice: Choice, option: str, at: ev.Span) -> None:
        """The chooser's own answer: apply it. Unless it lets the play stand, the cards the others
        played before it go back (the retract law's `early_play` as each is taken back), and what it requires
        of a trick ends with that trick."""
        self.choices.remove(choice)
        before, sending = len(self.requirements), len(self.due_back)
        choice.apply(self, option, at)
        if Lapse.TRICK_GATHERED in choice.ends:
            for requirement in [r for r in self.requirements[before:] if r.what != "card"]:
                requirement.trick = choice.trick  # a card called stays due until it may be played
        if choice.early and option != choice.implied:
            self.early_plays.extend((choice, play) for play in choice.early)
            self.liable.demanded_late(self, choice.early, self.requirements[before:])
            if len(self.due_back) > sending:
                early = [(play.player, play.card) for play in choice.early]
                self.due_back.extend(due for due in early if due not in self.due_back)
        if len(self.due_back) > sending:
            self.due_requirements = self.requirements[before:]

    @final
    def take_back_early_play(self, fact: tb.Retracted) -> None:
        """A card played before the decision going back, as the chooser's penalty required."""
        for choice, play in self.early_plays:
            if play.player == fact.player and play.card is fact.card:
                self.early_plays.remove((choice, play))
                self.penalty_laws.retract.early_play(self, choice, play)
                return

    @final
    def expose_early_play(self, choice: Choice, play: ev.Play, offer_call: Callable[[Any, str, Card], None]) -> None:
        """For laws under which a card played without waiting for the decision is liable to be
        called (Boston's L23, L39): the card taken back is an exposed card, a finding, and
        `offer_call` gives the innocent side its right over it."""
        self.exposed.setdefault(play.player, []).append(play.card)
        choosers = self.side_label(choice.choosers)
        self.find("exposed-card", play.player, play.at, "exposed.card",
                  f"{play.player} played {play.card} before {choosers} had chosen the penalty for "
                  f"{choice.offender}'s error; taken back, it is liable to be called.", trick=self.trick_number)
        offer_call(self, play.player, play.card)

    @final
    def on_call(self, event: ev.Call, waited: bool = False) -> None:
        """A call answers the chooser's open choice it fits, the first in `call_order` (one play waits
        for before one that lasts while play goes on, an exposed card; then one about a card of the suit
        led; then the oldest), and a card named only the choice about that card, if the choice is about
        one; a call the choice refuses (`Choice.refuse`) is void, the choice left open. One that answers
        nothing, written just before a line that may allow it (`allows_call`), waits for that line, unless
        cards lie liable to be called at one player's discretion (`liable`: Boston's), which it may bind now."""
        option = event.text
        call_words = self.declared.call_words
        if event.word is not None and event.word not in call_words:
            words, near = ", ".join(sorted(call_words)), did_you_mean(option, call_words).strip()
            if option == "accept":  # an open choice's option, but said as an event of its own
                near = f"an acceptance is written '{event.player} accept'"
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                      f"{event.player} calls '{option}', which is not a word of {self.game}'s calls ({words}, a "
                      "suit or a card); the call is ignored" + (f" ({near})" if near else ""))
            return
        choice = self.fitting_choice(event)
        if choice is not None:
            why = choice.refuse(self, choice.offender, option) if choice.refuse is not None else ""
            if why:  # the choice stays open as it was
                self.find("inconsistent-transcript", event.player, event.at, "call.unfounded",
                          f"{event.player} calls '{option}', but {why}; the call is void")
            else:
                self.answer(choice, option, event.at)
            return
        if not waited and self.waits_for_next(event):
            self.hold(event)
            return
        # a card led out of turn, called by an adversary while it still lies alone in the trick (whist E62, Somerset
        # 52): it went back, as the laws send it, and the call answers the choice its take-back opens
        false, table = self.false_lead, self.table
        alone = table is not None and false is not None and [p.card for p in table.current.plays] == [false.card]
        if not waited and alone and false and event.card is false.card and event.player in self.adversaries(
                false.player):
            self.on_retract(ev.Retract(false.player, false.card, event.at))
            self.on_call(event, waited=True)
            return
        if self.penalty_laws.call.unanswered_call(self, event):
            return
        self.find("inconsistent-transcript", event.player, event.at, "call.unfounded",
                  f"{event.player} calls '{option}', but no penalty choice is open to {event.player} now")

    @final
    def fitting_choice(self, event: ev.Call) -> Choice | None:
        """The open choice a call answers (`on_call`): its player's first in `call_order` whose options take
        its word, a card named only the one about that card, if the choice is about one."""
        return next((c for c in self.call_order() if event.player in c.choosers
                     and self.call_matches(event.text, c.pending.options) and c.names(event.text)), None)

    @final
    def waits_for_next(self, event: ev.Call) -> bool:
        """Whether a call that answers no open choice waits for the event written right after it, which may allow
        it (`allows_call`): not while cards lie liable to be called at one player's discretion (`liable`:
        Boston's), which it may bind now."""
        return not self.liable.watching and self.allows_call(self.next_event(event.at))

    @final
    def call_waits(self, event: ev.Event) -> bool:
        """Whether `event` is a call `on_call` will hold for the event after it (`waits_for_next`): one of the
        game's words that answers no open choice. It is read after that event, so it does not gather a trick
        the hands were thrown up on either: a take-back after it may still be in time (`thrown_up`)."""
        return type(event) is ev.Call and (event.word is None or event.word in self.declared.call_words) \
            and self.fitting_choice(event) is None and self.waits_for_next(event)

    @final
    def next_event(self, where: ev.Span) -> ev.Event | None:
        """The event read right after the one at `where`: None after the hand's last, or at its `redeal` line,
        after which nothing is read (a call or take-back held for a line there would be lost, not found).
        The events are listed once, when first asked, so that a hand of many calls costs a bisection each."""
        if self.events_read is None:
            end = next((i for i, line in enumerate(self.record.lines) if type(line) is ev.RedealLine), None)
            self.events_read = [e for line in self.record.lines[:end] if type(line) is EventLine for e in line.events]
            self.event_places = [(e.at.line, e.at.column) for e in self.events_read]  # in the text's order
        after = bisect_right(self.event_places, (where.line, where.column))
        return self.events_read[after] if after < len(self.events_read) else None

    @final
    def allows_call(self, event: ev.Event | None) -> bool:
        """Whether `event` may be what allows a call written just before it: a take-back (a lead out of turn, a
        renounce corrected), a card exposed or laid down, a word said at the table, or the rightful leader's card
        that shows a lead out of turn went back unwritten. The call and that line are one event at the table, in
        whichever order they are written, so the call is read after it (`release_held_calls`)."""
        if type(event) is Play:
            return self.false_lead is not None and self.lead_goes_back(event, self.false_lead)
        return isinstance(event, CALL_ENABLERS)

    @final
    def hold(self, event: ev.Call | ev.Retract) -> None:
        """Read `event` after the line written next (`release_held_calls`, `release_held_retracts`); the
        hand is no longer plain, so that every event after it asks whether that line has come."""
        if isinstance(event, ev.Call):
            self.held_calls.append(event)
        else:
            self.held_retracts.append(event)
        self.plain = False

    @final
    def release_held_retracts(self) -> None:
        """A take-back the laws refused, written just before the call that sends the card back (an exposed
        card called after its holder played another, W52): read after that call, as the table did it."""
        held, self.held_retracts = self.held_retracts, []
        for retract in held:
            self.on_retract(retract)

    @final
    def release_held_calls(self) -> None:
        """The calls held for the lines written after them (`allows_call`), read now those lines are."""
        held, self.held_calls = self.held_calls, []
        for call in held:
            if self.thrown_up:  # as for any event but a take-back, read where it now stands
                self.gather_now()
            self.on_call(call, waited=True)

    @staticmethod
    @final
    def call_matches(option: str, options: tuple[str, ...]) -> bool:
        """Whether a `call` answers a choice: by its name, or a suit for "suit", a card for "card"."""
        if option in options:
            return True
        if "suit" in options and option in ("spades", "hearts", "diamonds", "clubs"):
            return True
        return "card" in options and len(option) == 2

    @final
    def on_accept(self, event: ev.Accept) -> None:
        """An acceptance answers the first open choice of his it fits, in the order a call answers them
        (`call_order`), as `pending` lists them."""
        for choice in self.call_order():
            if event.player in choice.choosers and Answer.ACCEPT in choice.answers:
                self.answer(choice, "accept", event.at)
                return
        self.penalty_laws.call.unanswered_accept(self, event)

    @final
    def require(self, offender: str, what: str, topic: str, at: ev.Span, suit: Suit | None = None,
                card: Card | None = None, replaces: int | None = None) -> Effect:
        """`offender`'s next play (or lead) must obey `what`. A demand that `replaces` the calls of his cards
        binding that trick (whist's W42 highest or lowest, after a renounce that disobeyed a call: he cannot obey
        both) leaves only itself to obey: the adversaries chose it after the call, and W48 punishes only one able to
        comply; one offence, one penalty (W71)."""
        if replaces is not None:
            self.requirements = [r for r in self.requirements
                                 if r.what != "card" or r.trick != replaces or r.offender != offender]
        self.requirements.append(Requirement(offender, what, suit, card, self.rule_id(topic), at))
        self.plain = False
        detail = what if not (suit or card) else f"{what} {card or (suit.word if suit else '')}"
        return Effect("requirement", offender, None, detail)

    @final
    def require_lead(self, targets: list[str], suit: Suit, topic: str, at: ev.Span) -> list[Effect]:
        """Require a lead of `suit` from whichever of `targets` leads next (all of them, when
        it cannot be known who that will be: `release_lead_group` frees the others)."""
        effects = [self.require(target, "lead-suit", topic, at, suit=suit) for target in targets]
        if len(targets) > 1:
            self.lead_groups.append(self.requirements[-len(targets):])
        return effects

    @final
    def release_lead_group(self, leader: str) -> None:
        """A suit called from whichever of a side leads next binds only the first of them to lead."""
        for group in list(self.lead_groups):
            if any(r.offender == leader for r in group):
                self.lead_groups.remove(group)
                for other in group:
                    if other.offender != leader and other in self.requirements:
                        self.requirements.remove(other)

    @final
    def check_requirements(self, event: ev.Play) -> None:
        law, table = self.penalty_laws.call, self.table
        assert table is not None
        if self.calls_open and not table.current.plays:  # a lead quits the trick before it (W40)
            self.establish_disobeyed()
        for requirement in [r for r in self.requirements if r.offender == event.player]:
            if requirement.trick is not None and self.trick_number != requirement.trick:
                self.requirements.remove(requirement)  # its trick was played out without it: the table let it go
                continue
            verdict = law.met(self, requirement, event)
            if verdict is None:
                continue
            renounce = not verdict and self.renounces(event, table)  # W48: the revoke's penalty, charged once (W71)
            if renounce or (not verdict and law.corrected_in_time):
                requirement.trick = table.current.number  # the card put back in its place obeys it, in time
                if not renounce:  # not a revoke the table knows: open here until its trick is quitted
                    self.calls_open = (*self.calls_open, OpenCall(requirement, event, table.current.number,
                                                                  table.led_suit() or table.rules.suit_of(event.card)))
                continue
            self.requirements.remove(requirement)
            if verdict and requirement.card is not None:  # met by a card that may yet go back (`exposed_back`)
                self.calls_met = (*self.calls_met, requirement)
            if not verdict:
                self.call_disobeyed(requirement, event, table.current.number,
                                    table.led_suit() or table.rules.suit_of(event.card))

    @final
    def establish_disobeyed(self, every: bool = False) -> None:
        """The calls disobeyed with a card that does not renounce (`CallLaw.corrected_in_time`) whose trick the
        lead about to be played quits (`every`: the hand is over) are established: each carries the revoke penalty
        (`call_disobeyed`)."""
        table = self.table
        assert table is not None
        quitted = len(table.tricks)  # at a lead: every trick complete (`check_requirements`)
        for requirement, play, trick, led in [d for d in self.calls_open if every or d.trick <= quitted]:
            self.calls_open = tuple(d for d in self.calls_open if d.play is not play)
            if requirement in self.requirements:
                self.requirements.remove(requirement)
            self.call_disobeyed(requirement, play, trick, led)

    @final
    def call_corrected(self, fact: tb.Retracted) -> None:
        """A card that disobeyed a call, taken back before its trick was quitted (W48 as a revoke, W41): no penalty;
        the card lies face up (`calls_corrected`, for the game's exposed cards) and the call still binds."""
        for requirement, play, trick in [s for s in self.suspected if s[1].player == fact.player
                                         and s[1].card is fact.card and s[2] == fact.trick]:
            self.suspected.remove((requirement, play, trick))  # his hand unknown: taken back, as if disobeyed
            requirement.trick = trick
            self.requirements.append(requirement)
            self.calls_open = (*self.calls_open, OpenCall(requirement, play, trick, requirement.suit or play.card.suit))
        for requirement, play, trick, _ in [d for d in self.calls_open if d.play.player == fact.player
                                            and d.play.card is fact.card and d.trick == fact.trick]:
            self.calls_open = tuple(d for d in self.calls_open if d.play is not play)
            self.calls_corrected = (*self.calls_corrected, fact.card)
            words = self.disobeyed_words(requirement, play)
            self.find("call-disobeyed", play.player, play.at, "call.disobeyed", f"{words}, and took it back before "
                      f"trick {trick} was gathered: no penalty; {play.card} lies face up, liable to be called, and the "
                      "call still binds.", trick=trick, status="corrected")

    @final
    def not_quitted(self, trick: int) -> bool:
        """Whether trick `trick` is not quitted yet (W40): being played, or complete with no card led to the next."""
        table = self.table
        if table is None:
            return False
        return trick == table.current.number or (trick == len(table.tricks) and not table.current.plays)

    @final
    def disobeyed_words(self, requirement: Requirement, play: ev.Play) -> str:
        """What `play` did against `requirement`, in words."""
        return f"{play.player} was required to {self.demanded(requirement)} but played {play.card}"

    @final
    def demanded(self, requirement: Requirement) -> str:
        """What `requirement` asks its player to do, in words ("play his highest heart", "lead a club")."""
        verb = "lead" if requirement.what == "lead-suit" else "play"
        return f"{verb} {self.penalty_laws.call.describe(self, requirement)}"

    @final
    def renounces(self, event: ev.Play, table: tb.TrickTable) -> bool:
        """A card that disobeys a call by not following the suit led, which its player holds: the revoke it is
        (correctable until the trick is quitted, then established: `fact_revoke`) is the one offence to rule on."""
        led, suit_of = table.current.led, table.rules.suit_of
        if led is None or suit_of(event.card) is led:
            return False
        holds = table.holds_suit(event.player, led)  # no deal: a card of it lying exposed shows it
        return (holds or (holds is None and any(suit_of(c) is led for c in self.exposed.get(event.player, ())))) \
            and not table.rules.excused(event.player, event.card, led, table.current.number)

    @final
    def call_disobeyed(self, requirement: Requirement, event: ev.Play, trick: int, led: Suit,
                       proof: str = "") -> None:
        """A call not obeyed counts as a revoke, established at once (recorded first: the ruling names its trick,
        which a revoke proven later is not the trick being played)."""
        law = self.penalty_laws.call
        self.revokes.append(tb.Revoke(event.player, event.card, event.at, trick, led, "established"))
        ruling = law.decide(self, requirement)
        self.rule_on(ruling, "call-disobeyed", event.player, event.at, "call.disobeyed",
                     f"{event.player} was required to {'lead' if requirement.what == 'lead-suit' else 'play'} "
                     f"{law.describe(self, requirement)} but played {event.card}.{proof} ", trick, settled=True)

    @final
    def prove_disobeyed(self, event: ev.Play) -> None:
        """W47 by analogy: a player whose hand is unknown who did not lead the suit called, or play his highest
        or lowest card, disobeyed the call if he plays that suit (that higher or lower card) later; if he fails
        to follow that suit first, he had none and the call is spent. One who trumped when forbidden to, having
        a plain card, disobeyed if he plays one later (held then, as the revoke machinery holds the suit led);
        one who did not trump when required waits for the hand played out (`prove_trump_withheld`)."""
        assert self.table is not None
        rules = self.table.rules
        suit, led = rules.suit_of(event.card), self.table.led_suit()
        for requirement, play, trick in [s for s in self.suspected if s[1].player == event.player
                                         and s[2] != self.trick_number]:  # a card replacing it proves nothing
            what = requirement.what
            if what == "trump":  # settled by his last card, when all he held is written
                if self.table.current.number == self.table.tricks_in_hand:
                    self.suspected.remove((requirement, play, trick))
                    self.prove_trump_withheld(requirement, play, trick, event)
                continue
            wanted = requirement.suit if what == "lead-suit" else rules.suit_of(play.card)
            if what == "no-trump":
                shown = spent = suit is not self.trump
            else:
                shown = suit is wanted and (what == "lead-suit" or (
                    rules.power(event.card, wanted) > rules.power(play.card, wanted)) is (what == "highest"))
                spent = shown or (led is wanted and suit is not wanted)
            if spent:
                self.suspected.remove((requirement, play, trick))
            if shown:
                then = self.table.numbered(trick)
                self.call_disobeyed(requirement, play, trick, (then and then.led) or rules.suit_of(play.card),
                                    f" He played {event.card} in trick {self.trick_number}, so he could have.")

    @final
    def prove_trump_withheld(self, requirement: Requirement, play: ev.Play, trick: int, last: ev.Play) -> None:
        """W47 by analogy, at his `last` card: one required to trump who played a plain card of another suit
        disobeyed if he played a trump later and never the suit led (that would make his failure to follow the
        revoke, the trump call not due: `CallLaw.met`)."""
        table = self.table
        assert table is not None
        suit_of = table.rules.suit_of
        led = next((s for t, s in table.unproven_failures(play.player) if t == trick), None)
        later = [(p.card, t.number) for t in table.tricks[trick:] for p in t.plays if p.player == play.player]
        trumps = [(card, number) for card, number in (*later, (last.card, table.current.number))
                  if suit_of(card) is self.trump]
        if led is not None and suit_of(last.card) is not led and trumps:
            self.call_disobeyed(requirement, play, trick, led, f" He played {trumps[0][0]} in trick {trumps[0][1]} "
                                f"and no {led.word[:-1]} after trick {trick}, so he could have.")

    # ---- claims, attention, concessions ----------------------------------------------
    @final
    def on_claim(self, event: ev.Claim) -> None:
        """A revoke claim, checked once the transcript is read (`check_claims`), unless it names a trick
        no card has yet been played to: nothing there can have been revoked, so the transcript
        contradicts itself, and the claim is ignored."""
        table = self.table
        played = 0 if table is None else table.current.number - (not table.current.plays or table.finished)
        if event.trick is not None and event.trick > played:
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                      f"{event.player} claims {event.accused} revoked in trick {event.trick}, but no card has been "
                      f"played to trick {event.trick} yet; ignored", trick=event.trick)
            return
        self.claims.append(event)

    @final
    def check_claims(self) -> None:
        # a revoke corrected, or still correctable, was there too: its own finding says so, once
        shown = [(r.player, r.trick) for r in self.revokes] + [
            (i.player, i.trick) for i in self.irregularities if i.kind == "revoke" and i.status in CORRECTION]
        for claim in self.claims:
            if any(p == claim.accused and (claim.trick is None or t == claim.trick) for p, t in shown):
                continue
            if self.claim_open(claim):
                self.open_claims.append(claim)
                continue
            where = f" in trick {claim.trick}" if claim.trick else ""
            self.find("revoke", claim.accused, claim.at, "revoke.unproven",
                      f"{claim.player} claims {claim.accused} revoked{where}, but {self.unproven_reason(claim)}. "
                      + self.penalty_laws.revoke.unproven_ruling(self, claim), trick=claim.trick, status="unproven")

    @final
    def prove_claims(self) -> None:
        """The accused's hand shown at the end of the transcript, as a recorded result that settles
        the hand so shows (`GameSession.as_recorded`): each claim still open is proven, its revoke
        established in the trick claimed, and the laws settle it as they would any other."""
        table, unclaimed = self.table, self.unclaimed
        for claim in self.claims if unclaimed is None else [ev.Claim("", *unclaimed, self.last_at)]:
            if table is None or not self.claim_open(claim):
                continue
            trick = next(t for t, _ in table.unproven_failures(claim.accused) if claim.trick in (None, t))
            for fact in table.prove(claim.accused, claim.trick):
                self.on_fact(fact)
            said = f"{claim.player}'s claim that {claim.accused} revoked in trick {trick}" if claim.player else (
                f"that {claim.accused}'s failure to follow in trick {trick}, which no claim in the transcript names, "
                "was a revoke")
            self.notes.append(f"The recorded result shows {said} proven when {claim.accused}'s hand was shown: it is "
                              "the hand settled with that revoke established.")

    @final
    def unclaimed_failures(self) -> list[tuple[str, int]]:
        """Failures to follow that no claim names, by players whose hands are not written, which a look at
        the hand could still prove (`claim_open`): a recorded result that pays one shows it claimed and
        proven without the transcript saying so, as it shows an open claim proven (`GameSession.as_recorded`).
        Of a player's failures in one suit only the first: the suit in his hand proves that one."""
        table, claimed = self.table, [(c.accused, c.trick) for c in self.claims]
        first: dict[tuple[str, Suit], tuple[str, int]] = {}
        for player in self.order:
            for trick, led in table.unproven_failures(player) if table is not None else ():
                if (player, None) not in claimed and (player, trick) not in claimed \
                        and self.claim_open(ev.Claim("", player, trick, self.last_at)):
                    first.setdefault((player, led), (player, trick))
        return list(first.values())

    @final
    def unproven_reason(self, claim: ev.Claim) -> str:
        """Why a revoke claim is not borne out: a failure to follow that the laws allowed (pitch's
        ruff, although he held the suit), the deal, a failure never shown to be a revoke, or no
        failure to follow at all."""
        table, accused = self.table, claim.accused
        if table is None:
            return "no card was played"
        allowed = [(trick, play) for trick in (*table.tricks, table.current) for play in trick.plays
                   if play.player == accused and (claim.trick is None or trick.number == claim.trick)
                   and trick.led is not None and table.rules.suit_of(play.card) is not trick.led
                   and table.rules.excused(accused, play.card, trick.led, trick.number)]
        if allowed:
            trick, play = allowed[0]
            assert trick.led is not None
            return (f"{accused} trumped the {trick.led.word} led in trick {trick.number} with {play.card}, which the "
                    f"laws allow even to a player who holds {trick.led.word}")
        if self.hands_known:
            return "the deal shows no revoke"
        if any(claim.trick is None or trick == claim.trick for trick, _ in table.unproven_failures(accused)):
            return f"the transcript does not show {accused} later playing the suit he failed to follow"
        where = f" in trick {claim.trick}" if claim.trick else ""
        return f"the transcript does not show {accused} failing to follow suit{where}"

    @final
    def claim_open(self, claim: ev.Claim) -> bool:
        """A claim made while the hand is still being played, against a player whose hand is not
        recorded and who did fail to follow: his later plays (or a look at his hand) will settle
        it, so it is neither proven nor unproven yet. Once the hands are thrown up on a claim or a
        concession of the rest, only the look at his hand can (a hand played out shows it all)."""
        table = self.table
        if table is None or claim.accused in self.deals or table.finished or self.redeal:
            return False
        return any(claim.trick is None or trick == claim.trick for trick, _ in table.unproven_failures(claim.accused))

    @final
    def open_claim_words(self, claim: ev.Claim, warned: bool = False) -> str:
        """The claim, open for want of the deal, in words; `warned`: and, while the accused may still take his
        card back, what becomes of it then (`RevokeLaw.taken_back`, the pending words of a known renounce)."""
        table = self.table
        assert table is not None
        failures = [(t, led) for t, led in table.unproven_failures(claim.accused)
                    if claim.trick is None or t == claim.trick]
        trick, led = failures[0]
        if self.status() != "in-progress":  # the hand is over: no later play can prove it
            return (f"{claim.player}'s claim that {claim.accused} revoked in trick {trick} is open: without the deal, "
                    f"and the hand over, it is proven if a look at {claim.accused}'s hand shows a {led.word[:-1]}, "
                    "and unproven if not")
        # its trick not gathered yet (the next lead gathers a complete one), the renounce is still correctable,
        # and after it, where the laws keep it open until he (or the partner who asked) plays to the next trick
        now = (trick == table.current.number and not table.finished) or (
            not table.gathered and bool(table.tricks) and trick == table.tricks[-1].number)
        why = "the trick is not gathered yet" if now else self.say("revoke.corrected", "late-correctable") if (
            trick == table.tricks[-1].number and table.late_open(claim.accused)) else ""
        played = next((p for t in (table.current, *table.tricks) if t.number == trick for p in t.plays
                       if p.player == claim.accused), None) if why and warned else None  # his card in that trick
        then = "" if played is None else self.penalty_laws.revoke.taken_back(self, tb.Revoke(
            claim.accused, played.card, played.at, trick, led, "correctable")).rstrip(".")
        return (f"{claim.player}'s claim that {claim.accused} revoked in trick {trick} is open: without the deal "
                f"it is proven if {claim.accused} later plays a {led.word[:-1]} (or a look at his hand shows one), "
                "and unproven if the hand ends without one" + (
                    f"; {why}, so {claim.accused} may still take his card back and follow suit"
                    f"{self.or_trump(claim.accused, led, trick)}, correcting it in time" + ("." if then else "") + then
                    if why else ""))

    @final
    def being_played(self, trick: int | None) -> bool:
        """Whether `trick` is the one being played: its cards are face up on the table, and any
        player may look at them, so a `look` at it contradicts nothing."""
        table = self.table
        return table is not None and bool(table.current.plays) and trick == table.current.number

    @final
    def looked_at(self, event: ev.Look, first: bool = False) -> tuple[int, bool]:
        """The trick a `look` is at (the last one quitted, unless it names one; with none quitted, the
        first if `first`) and whether that trick is quitted (turned and gathered: what the laws that
        forbid a look speak of). A trick not played yet is a contradiction: a finding, and (0, False)."""
        played = len(self.table.tricks) if self.table is not None else 0
        quitted = played - (0 if self.table is None or self.table.gathered else 1)
        trick = event.trick or quitted or (1 if first else 0)
        if self.look_contradicts(event, trick, played, f"trick {trick}, which has not been played" if trick
                                 else "the last trick quitted, but none has been"):
            return 0, False
        return trick, trick <= quitted

    @final
    def look_contradicts(self, event: ev.Look, trick: int, played: int, unplayed: str) -> bool:
        """Whether a `look` at `trick` contradicts the transcript: neither one of the `played` tricks nor
        the one on the table. Then it is found (the player looks at `unplayed`) and ignored."""
        if 0 < trick <= played or self.being_played(trick):
            return False
        self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                  f"{event.player} looks at {unplayed}; ignored")
        return True

    @final
    def on_count(self, event: ev.Count) -> None:
        self.rule_on(self.penalty_laws.attention.decide(self, event), "drawing-attention", event.player, event.at,
                     "attention.drawn", f"{event.player} drew attention to {event.target}'s tricks. ",
                     self.trick_number)

    def looked_back(self, event: ev.Look) -> int | None:
        """The quitted trick `event` looks at (the last one, unless it names one), for a game whose
        laws let every quitted trick count; None, and a finding, when no such trick was quitted."""
        played = len(self.table.tricks) if self.table is not None else 0
        trick = event.trick or played
        if self.being_played(trick):  # its cards are still face up: a look at them is no look back
            return None
        if self.look_contradicts(event, trick, played, (f"trick {trick}" if trick else "the last trick")
                                 + ", but no such trick has been quitted"):
            return None
        return trick

    @final
    @classmethod
    def event_words(cls) -> frozenset[str]:
        """The words of the events this game gives a meaning (`shapes.WORDS`): what a syntax error in
        one of its hands lists as expected, and what a word of another game is pointed to."""
        return frozenset({*(word for kind, words in WORDS.items()
                            if getattr(cls, f"on_{kind.__name__.lower()}", None) is not None for word in words),
                          *cls.declared.said})

    @final
    def unsupported(self, event: ev.Event, what: str) -> None:
        own = sorted(type(self).event_words() - HandReplay.event_words())
        words = f" ({self.game}'s own words: {', '.join(own)})" if own else ""
        self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                  f"{what} has no meaning in {self.game}; the event is ignored{words}")

    @final
    def on_unsupported(self, event: ev.Event) -> None:
        """An event the game has no handler for (a game handles its bidding words as ``on_bid``,
        ``on_pass``...): a finding, and the event is ignored."""
        word = f"bid {event.text}" if isinstance(event, ev.Bid) else shape_of(event).word
        self.unsupported(event, f"'{word}'")

    @final
    def on_said(self, event: ev.Said) -> None:
        """A game's own event (declared in its package's ``words.json``): the handler its hand
        declares for the word (`Declaration.said`), given the event; in a game that declares none,
        the event has no meaning."""
        handler = self.declared.said.get(event.word)
        if handler is None:
            self.on_unsupported(event)
        else:
            handler(self, event)

    # ---- the result -----------------------------------------------------------------
    @final
    def status(self) -> HandStatus:
        """Where the hand stands once its transcript is read: dealt again or thrown in (`void`),
        played out or conceded, ended early by a trick that decided it (or by an established
        revoke, a claim or a player short, in a game whose laws say so), or still going on. Asked
        again while the verdict settles the hand (every game's settlement asks), it is the verdict's."""
        if self.settling is not None:
            return self.settling.status
        void = self.void()
        if void is not None:
            return void
        ended, table, declared = self.ended, self.table, self.declared
        finished = table is not None and table.finished
        if self.hand_over():
            claimed = ended is not None and ended.reason == "claimed"
            return "abandoned" if declared.claim_abandons and claimed and not finished else "complete"
        if (ended is not None and ended.reason == "thrown-up") or (self.revokes and self.revokes_end_hand()):
            return "abandoned"
        short = declared.short_abandons and table is not None and bool(self.short_players())
        return "abandoned" if short else "in-progress"

    @final
    def revokes_end_hand(self) -> bool:
        """Whether the revokes established so far end the hand, in a game whose laws say so (`revoke_abandons`):
        any one does, or in a game that says which carry a penalty (`penalised_revokes`), one of those."""
        declared = self.declared
        penalised = declared.penalised_revokes
        return declared.revoke_abandons and (penalised is None or bool(penalised(self)))

    @final
    def short_players(self) -> list[str]:
        """Dealt too few cards (`dealt_short`, written out: this runs at every trick of the Bostons), or short
        in play by a card given to a trick with another (law 19)."""
        deals, size = self.deals, self.cards_per_hand
        return [p for p in self.order if (p in deals and len(deals[p]) < size) or p in self.dead_cards]

    @final
    def dealt_short(self, player: str) -> bool:
        """Whether the deal lines show `player` dealt too few cards (not short by a dead card: the
        Bostons forfeit to the pool for the one, not the other)."""
        return player in self.deals and len(self.deals[player]) < self.cards_per_hand

    @final
    def void(self) -> Literal["redeal", "thrown-in"] | None:
        """Whether the hand is cancelled, from why its deal is dealt again (`redeal_why`): a deal
        thrown in, or dealt again for any other reason."""
        why = self.redeal_why()
        return None if why is None else "thrown-in" if why == "thrown-in" else "redeal"

    def redeal_why(self) -> str | None:
        """Game hook: why the deal is dealt again ("thrown-in", "misdeal", a `redeal` line's own
        reason...), or None while it stands. By default: a `redeal` line names the reason, or
        confirms a throw-in when all passed and the deal shows no misdeal; without one, a deal
        fault found before play is a misdeal, and a deal all passed is thrown in."""
        ended = self.ended
        if ended is None:  # the usual case
            return "misdeal" if self.table is None and self.deal_faults else None
        redeal = ended.line
        if redeal is not None:
            said = redeal.reason
            if said == "thrown-in" and self.throw_in_refused() is not None:  # found so when the line was read
                return "misdeal"
            thrown_in = said == "thrown-in" or (said is None and ended.was == "thrown-in" and not self.misdeal())
            return "thrown-in" if thrown_in else said or ("misdeal" if self.misdeal() else "redeal")
        if self.table is None and self.deal_faults:
            return "misdeal"
        return "thrown-in" if ended.reason == "thrown-in" else None

    @final
    def imperfect(self) -> bool:
        """Whether the deal lines show an imperfect pack: a card dealt twice, or one not of the pack."""
        return bool(self.deal_faults & {"duplicate-card", "foreign-card"})

    def misdeal(self) -> bool:
        """Game hook: whether the deal shows a misdeal: by default, a fault found before the first
        trick is complete."""
        return bool(self.deal_faults) and (self.table is None or not self.table.tricks)

    def settle(self, ledger: Ledger) -> Any:
        """Game hook: every payment of the hand, penalties included, made through `ledger` (and
        `penalise(..., since=ledger.mark())` for the penalties among them). It must change nothing
        but the ledger and the settlement, so that settling twice gives the same result; what it
        returns is kept as the settlement's `result`. By default, the declared `settlement`."""
        settlement = self.declared.settlement
        if settlement is None:
            raise NotImplementedError
        return settlement(self, ledger)

    @final
    def scored(self) -> tuple[str, ...]:
        """Who the score is kept for: the sides, or else the players."""
        return tuple(t.name for t in self.setup.teams) or self.order

    @final
    def settle_hand(self, status: HandStatus) -> Settlement:
        """Settle the hand afresh, its `status` worked out: a new ledger, and the penalties and notes
        the settling adds."""
        declared, limit = self.declared, self.declared.pool_limit
        ledger = Ledger(self.scored(), declared.score_unit, self.pool_before, declared.pool_unit, declared.pool_rate,
                        self.options[limit] if limit else None, self.book.options[limit].rule or "" if limit else "")
        self.settling = settlement = Settlement(ledger, [], [], status)
        try:
            settlement.result = self.settle(ledger)
        finally:
            self.settling = None
        return settlement

    @final
    def show_pool(self, pool: int) -> int | list[int]:
        """The pool as the verdict shows it: split into full pools where the game declares a limit."""
        limit = self.declared.pool_limit
        return pool if limit is None else pools_shown(pool, self.options[limit])

    @final
    def recorded(self, ledger: Ledger) -> Recorded | None:
        """The table's `recorded` line against the ledger: every side or player it names, and the
        pool's change where it names the pool. On a game's last deal a table may write the deal's own
        result before dividing the pool (`Ledger.division`), or the two together: either agrees."""
        line = self.recorded_line
        if line is None:
            return None
        given = {who: amount for who, amount, _ in line.changes}
        actual: dict[str, int] = dict(ledger.delta)
        if ledger.pool_change is not None:
            actual[POOL] = ledger.pool_change
        result = Recorded.against(given, actual, line.at.line)
        if result.agrees or not ledger.division:
            return result
        settled = {who: amount - ledger.division.get(who, 0) for who, amount in actual.items()}
        return before if (before := Recorded.against(given, settled, line.at.line)).agrees else result

    @final
    def recorded_as(self, delta: Mapping[str, int]) -> bool:
        """Whether the table's `recorded` line is `delta` (False without one): for a settlement that reads
        what the transcript cannot decide from the result the table wrote (whist's honours no line places)."""
        line = self.recorded_line
        return line is not None and Recorded.against({w: a for w, a, _ in line.changes}, dict(delta),
                                                     line.at.line).agrees

    def contract(self) -> dict[str, Any]:
        return {}

    def next_step(self) -> str | None:
        return None

    @final
    def choice_step(self) -> str | None:
        """What happens next when play waits for a choice; an exposed card that may be called
        while play goes on does not hold it up, nor a choice the whole table makes, its offender
        too, which play going on answers (Euchre's redeal for an exposed card), and a penalty chosen
        for the settlement only once the last trick is played; a wrong deal that may still be
        stopped, in the words of its law."""
        if (stop := self.penalty_laws.deal.step(self)) is not None:
            return stop
        table = self.table
        over = table is not None and (table.finished or self.ended is not None)  # played out, or thrown up
        now = table.current.number if table is not None and not over else None
        for choice in self.choices:
            if now is not None and choice.trick is not None and choice.trick > now:
                continue  # its trick is put aside while a late correction makes the one before anew
            if choice.offender in choice.choosers and choice.implied is not None:
                continue  # the whole table's to decide, its offender's too: play going on decides it
            if choice.waits or (over and Lapse.SETTLEMENT in choice.ends):
                return f"{choice.pending.chooser} to choose: {' | '.join(choice.pending.options)}" + \
                    self.answer_order(choice)
        return None

    @final
    def call_order(self) -> list[Choice]:
        """The open choices in the order a call answers them: one play waits for, then, while a trick
        is played, one about a card of the suit led whose holder played to it without waiting for the
        decision (L23) or is still to play to it (a demand of his highest or lowest is about that
        suit: L21), then the oldest."""
        table = self.table
        due: set[Card] = set()
        if table is not None and (led := table.led_suit()) is not None:
            waiting = {p.player for p in table.current.plays} - set(self.liable.unwaited)
            due = {c.card for c in self.choices
                   if c.card is not None and table.rules.suit_of(c.card) is led and c.offender not in waiting}
        return sorted(self.choices, key=lambda c: (not c.waits, c.card not in due))

    @final
    def answer_order(self, choice: Choice) -> str:
        """Which open choice a call answers, in words, where a word could answer `choice` or an open
        choice of the same chooser for another offender's error (two cards out of turn, two revokes:
        the `call` cannot name the offender): `on_call` answers them in `call_order` (the one play waits
        for, then one about a card of the suit led, then the oldest), so the table writes its answers in
        that order. Nothing where no other takes the word."""
        rivals = [c for c in self.call_order() if c is choice or (
            c.choosers & choice.choosers and any(o in c.pending.options and (
                o != "card" or c.card is None or choice.card is None or c.card is choice.card)
                for o in choice.pending.options))]
        if len({c.offender for c in rivals}) < 2:
            return ""
        then = "".join(f", then the one for {c.offender}" for c in rivals[1:])
        return f"; {choice.pending.chooser}'s next call answers the choice for {rivals[0].offender} first{then}"

    @final
    def next_in_play(self) -> str:
        """What happens next once play has begun: cards a chosen penalty sends back, a revoke to take
        back, or whose turn it is (after a lead out of turn that may yet go back, whose else it may be)."""
        assert self.table is not None
        if self.due_back or self.held_aside:
            step = self.take_back_step()
            if step is not None:
                return step
        if self.calls_open:
            requirement, play = self.calls_open[0].requirement, self.calls_open[0].play
            return f"{play.player} to take back {play.card} and {self.demanded(requirement)}"
        if self.correctable:
            revoke = self.correctable[0]
            trump = self.correction(revoke)[0]
            return f"{revoke.player} to take back {revoke.card} and follow {revoke.led.word}{trump}"
        verb = "play" if self.table.current.plays else "lead"
        turn = f"{self.table.expected()} to {verb} to trick {self.table.current.number}"
        plays, false = self.table.current.plays, self.false_lead  # a caller's lead out of turn (Boston's L24)
        if false is not None and len(plays) == 1 and plays[0].card is false.card:  # stands once followed
            led = f"{false.player}'s {false.card}"
            turn = (f"{turn}: following {led}, which then stands, or leading anew, {led} going back "
                    f'(write "{false.player} retract {false.card}" first)'
                    if false.expected == self.table.expected() else  # the next to play is the one whose lead it was
                    f"{turn}, or {false.expected}, whose lead it was, leads first and {led} goes back")
        if self.open_claims:
            return self.open_claim_words(self.open_claims[0]) + "; meanwhile " + turn
        return turn

    @final
    def correction(self, revoke: tb.Revoke) -> tuple[str, str]:
        """What a renounce still to correct leaves its player, in words: a trump too (`or_trump`), and whether
        anyone played after him to its trick, who may take his card back (the last to play leaves nobody)."""
        assert self.table is not None
        trick = next(t for t in (self.table.current, *self.table.tricks) if t.number == revoke.trick)
        after = [p.card for p in trick.plays].index(revoke.card) < len(trick.plays) - 1
        return self.or_trump(revoke.player, revoke.led, revoke.trick), \
            "; the players after him may take back theirs" if after else ""

    @final
    def or_trump(self, player: str, led: Suit, trick: int) -> str:
        """" or trump" where the laws let a player who holds the suit led trump instead of following (pitch's)."""
        trump, table = self.trump, self.table
        excused = trump is not None and trump is not led and table is not None and table.rules.excused(
            player, interned_card(14, trump), led, trick)
        return " or trump" if excused else ""

    def pending(self) -> list[Pending]:
        """Open choices matter only while the hand goes on: its end (or a redeal) settles them. They
        come in the order a call answers them (`call_order`), so a word two of them take answers the
        one listed first; then the open revoke claims and the revokes still to be taken back."""
        going_on = self.status() == "in-progress"
        out = [c.pending for c in self.call_order()] if self.choices and going_on else []
        for claim in self.open_claims:  # once the hand is over there is no play to go on with
            settle = (f"To settle it now, {claim.accused} shows his hand (write the deal lines and check the hand "
                      "again); otherwise play goes on." if going_on else f"{claim.accused} shows his hand to settle "
                      "it (write the deal lines and check the hand again).")
            replies = (Reply("show-hand", "show-hand", None), Reply("play-on", "play-on", None))[:2 if going_on else 1]
            out.append(Pending(claim.player, tuple(r.option for r in replies), self.rule_id("revoke.unproven"),
                               self.open_claim_words(claim, warned=True) + ". " + settle, replies))
        for revoke in self.correctable if going_on else ():  # a hand over has no card left to take back
            law = self.penalty_laws.revoke
            out.append(Pending(revoke.player, ("take-back",), self.rule_id("revoke.corrected"),
                               f"{revoke.player} has not followed {revoke.led.word} in trick {revoke.trick} while "
                               f"holding {law.held_words(self, revoke)}: {law.timing(self, revoke)}, so "
                               f"{revoke.player} must take back {revoke.card} and follow suit"
                               "{0}{1}.".format(*self.correction(revoke)) + law.taken_back(self, revoke),
                               (Reply("take-back", "take-back", f"{revoke.player} retract {revoke.card}"),)))
        for requirement, play, trick, _ in self.calls_open if going_on else ():
            out.append(Pending(play.player, ("take-back",), self.rule_id("call.disobeyed"),
                               f"{self.disobeyed_words(requirement, play)} in trick {trick}: the trick is not gathered "
                               f"yet, so {play.player} must take back {play.card} and obey the call; it then lies face "
                               "up, liable to be called.",
                               (Reply("take-back", "take-back", f"{play.player} retract {play.card}"),)))
        return out

    @final
    def tricks(self) -> tuple[TrickRecord, ...]:
        if self.table is None:
            return ()
        done = [TrickRecord(t.number, t.leader, tuple([(p.player, p.card.text) for p in t.plays]), t.winner)
                for t in self.table.tricks]
        current = self.table.current
        if current.plays:
            done.append(TrickRecord(current.number, current.leader,
                                    tuple([(p.player, p.card.text) for p in current.plays]), None))
        return tuple(done)

    @final
    def trace(self) -> HandTrace:
        """The trace of the hand's play (`engine.trace`): the table's own tricks, read when asked.
        A hand that never came to play still says what each player would begin it with."""
        table = self.table
        if table is not None:
            tricks = [(t.number, tuple(t.plays), t.winner) for t in table.tricks]
            current = table.current
            if current.plays:
                tricks.append((current.number, tuple(current.plays), None))
            return HandTrace(tricks, table.rules, table.start)
        hands = self.start_hands()
        return NO_TRACE if hands is None else HandTrace(start={p: tuple(c) for p, c in hands.items()})

    @final
    def findings(self) -> tuple[Irregularity, ...]:
        """The irregularities of a void deal (dealt again), which scores nothing: a penalty the
        settlement would have paid (an established revoke's, a call disobeyed's, Euchre's six cards')
        lapses with it, and its finding (`lapsing`) still tells the irregularity but says so
        (`RevokeLaw.lapsed`) instead of the penalty."""
        told, lapsed = {id(f): account for f, account in self.lapsing}, self.penalty_laws.revoke.lapsed(self)
        return tuple(replace(f, explanation=told[id(f)] + lapsed) if id(f) in told else f
                     for f in self.irregularities)

    @final
    def verdict(self) -> HandVerdict:
        """The hand's verdict. Settling is pure, so calling this twice gives the same verdict."""
        status = self.status()
        assert status in HAND_STATUSES, status
        void = status in ("redeal", "thrown-in")  # nothing is scored: the penalties its findings told lapse
        self.settled = settlement = self.settle_hand(status)
        ledger = settlement.ledger
        delta = dict(ledger.delta)
        after = {k: self.ctx.score_before.get(k, 0) + delta.get(k, 0) for k in self.ctx.score_before}
        pool = ledger.pool
        return HandVerdict(
            number=self.number, dealer=self.dealer, status=status, contract=self.contract(),
            tricks=self.tricks(),
            irregularities=tuple(sorted(self.findings() if void else self.irregularities, key=TRANSCRIPT_ORDER)),
            penalties=(*self.penalties, *settlement.penalties), pending=tuple(self.pending()),
            score_delta=delta, score_after=after, pool_after=self.show_pool(pool) if pool is not None else None,
            recorded=self.recorded(ledger), next=self.next_step() if status == "in-progress" else None,
            notes=(*([self.void_notes.get(n, n) for n in self.notes] if void else self.notes), *settlement.notes),
            line=self.record.header.at.line, ledger=tuple(ledger.entries),
            pool_before=self.show_pool(ledger.pool_before) if ledger.pool_before is not None else None,
            trace=self.trace())


TRANSCRIPT_ORDER: Final = attrgetter("at.line", "at.column")
"""A verdict lists its findings in the order the transcript wrote what they are about, not the order
the replay came to them: without the deal a revoke is found only when a later card proves it, so
found order would list the same hand's revokes differently with and without deal lines."""

VOID_NOTE = "the deal is void and dealt again, so nothing is scored for it"
"""What playing on with a hand of the wrong size costs in a deal made void afterwards (`played_on`)."""

CORRECTION: frozenset[RevokeStatus | None] = frozenset({"corrected", "correctable"})
"""The statuses of a revoke found that was, or may still be, taken back."""

_LINES_NOT_GATHERING = frozenset({ev.EventLine, ev.NoteLine})
"""Lines that do not by themselves show the hands thrown up: events (checked one by one) and notes."""

CALL_ENABLERS: Final = (ev.Retract, ev.Expose, ev.Spread, ev.ClaimRest, ev.Count, ev.Look, ev.Said)
"""The events that may open a choice a call answers, other than a card played (`HandReplay.allows_call`)."""

_LINES_AFTER_REDEAL = frozenset({ev.RecordedLine, ev.NoteLine, ev.RedealLine})
"""Lines a hand cancelled by a `redeal` may still hold: the result written for it, notes, the redeal itself."""

_NAMING_ANOTHER: Final = frozenset({ev.Claim, ev.Count})
"""The events that name a second player (the accused, the one whose tricks are counted). Final,
as it is read for every event: the compiled build keeps it as a constant, not in the module's dict."""


_SEATS = {"north": "N", "east": "E", "south": "S", "west": "W"}
"""A seat's name, which players often write for the player who sat there."""


def _seat_hint(name: str, players: tuple[str, ...]) -> str:
    """``did you mean 'N'?`` for ``North`` at a table of N E S W; for ``North`` at a table of
    named players, that a seat is not a player (the hint then lists the players)."""
    seat = _SEATS.get(name.lower())
    if seat is None:
        return ""
    if seat in players:
        return f"did you mean {seat!r}? "
    return f"'{name}' is a seat: write the name of the player who sat there; "


def unknown_names(record: HandRecord, players: tuple[str, ...], scored: Iterable[str], pool: bool) -> list[Problem]:
    """Problems for every name in the hand that is not a player (or, in `recorded`, a side, or the
    pool where the game keeps one: a change written for a pool that is not kept is refused, not
    compared with nothing)."""
    known = set(players)
    problems: list[Problem] = []

    def report(name: str, at: ev.Span, role: str) -> None:
        problems.append(Problem(at.line, at.column, f"{role} {name!r} is not a player of this game",
                                f"{_seat_hint(name, players) or did_you_mean(name, players) or upcard_hint(name)}"
                                f"players: {' '.join(players)}"))

    header = record.header
    if header.dealer is not None and header.dealer_at is not None and header.dealer not in known:
        report(header.dealer, header.dealer_at, "dealer")
    for line in record.lines:
        if type(line) is EventLine:  # `type() is`, cheaper than isinstance: these records have no subclasses
            for event in line.events:
                if event.player not in known:
                    report(event.player, event.at, "player")
                if type(event) in _NAMING_ANOTHER:  # rare: most events are spared the tests below
                    if isinstance(event, ev.Claim) and event.accused not in known:
                        report(event.accused, event.at, "accused player")
                    elif isinstance(event, ev.Count) and event.target not in known:
                        report(event.target, event.at, "player")
        elif type(line) is DealLine:
            if line.player not in known:
                report(line.player, line.at, "player")
        elif type(line) is RecordedLine:
            sides = set(scored) | ({POOL} if pool else set())
            written: set[str] = set()
            for who, amount, at in line.changes:
                if who in written:  # "recorded N-S +2, N-S +1": which did the table mean?
                    problems.append(Problem(at.line, at.column, f"recorded {who!r} is written twice on the line",
                                            "write each side or player once, with the table's change for it"))
                written.add(who)
                if who in known and who not in sides:  # a player, where the score is kept by side
                    side = next((s for s in scored if who in s.split("-")), "SIDE")
                    problems.append(Problem(at.line, at.column,
                                            f"recorded {who!r} is a player, but this game is scored by side",
                                            f"scores are by side here: write 'recorded {side} "
                                            f"{f'{amount:+d}' if amount else '0'}' (sides: {', '.join(scored)})"))
                elif who == POOL and not pool:
                    problems.append(Problem(at.line, at.column, "recorded 'pool', but this game keeps no pool",
                                            f"leave the pool out: write the result per {', '.join(scored)}"))
                elif who not in sides and who not in known:
                    problems.append(Problem(at.line, at.column,
                                            f"recorded {who!r} is neither a side of this game nor 'pool'",
                                            f"{did_you_mean(who, sides)}write the result per "
                                            f"{', '.join(sorted(set(scored)))}"))
    return problems


def _require(offer: Offer) -> Callable[[HandReplay, str, ev.Span], None]:
    """The `apply` of a choice whose every option is a requirement on `offer.target`'s next card (a
    card, answering a `card` option: to play `offer.called` or `offer.card`, shown exposed where the
    law words that option's penalty apart, `said_card`; a suit, answering a `suit` option: to lead
    it, as Euchre's card out of turn under Somerset's laws). A choice that lasts until its card is
    played is about an exposed card: each demand is about that card too (Boston's L21 ins.: his
    highest or lowest of its suit, that it be not played, that he not ruff with it), and leaves it
    liable to be called, so the choice opens again. A `card` option the offer makes `liable` leaves
    the card face up, liable to be called (`LiableCards.expose`: Boston's corrected revoke, L29 ins.).
    One that comes after a card `target` played without waiting for it, which does not meet it,
    sends that card back first (`LiableCards.late`, L23)."""
    target, topic, choosers, said, said_card = offer.target, offer.topic, offer.choosers, offer.said, offer.said_card
    card, exposed = offer.called or offer.card, Lapse.CARD_PLAYED in offer.ends

    def apply(hand: HandReplay, option: str, at: ev.Span) -> None:
        suit = Suit[option.upper()] if option in SUIT_OPTIONS.values() else None
        what = "card" if len(option) == 2 else option if suit is None else "lead-suit"
        if exposed and hand.liable.unwaited:
            hand.liable.late(hand, card if what == "card" else None, option, target)
        laid = what == "card" and offer.liable and card is not None  # left face up: the chooser calls it when he will
        effect: tuple[Effect, ...] = () if laid else (hand.require(target, what, topic, at, suit=suit,
                                                                 card=card if what == "card" or exposed else None),)
        if offer.sends_back:
            effect = (*hand.demanded_back(target, option), *effect)
        shown = (Effect("exposed", target, None, card.text),) if what == "card" and said_card and card is not None \
            else ()
        plainly = f"the exposed {card}" if what == "card" else REQUIREMENT_WORDS.get(option, option)
        hand.penalise(topic, (said_card if shown else said).format(
            choosers=hand.side_label(choosers), s="s" if len(choosers) == 1 else "", target=target, option=option,
            card=card, plainly=plainly),
            effects=(*shown, *effect))
        if laid and card is not None:
            hand.liable.expose(hand, target, card)
        if exposed and what != "card":
            hand.open(offer)

    return apply
