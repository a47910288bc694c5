"""The penalty laws, one small class per topic, one instance per game: what they make of a fact.

Every game's laws agree on much of what an irregularity means (a call not obeyed counts as a
revoke; a revoke corrected in time carries no penalty; the deal stands once play has begun), and
differ on the rest (what a revoke costs, whether an exposed card may be called). The shared
reading is written once here, as the default of each topic; a game subclasses only the topics
its laws change and declares them in its hand's `Declaration`::

    class EuchreHand(HandReplay):
        declared = Declaration("euchre", 5, PACKS["24"],
                               PenaltyLaws(revoke=EuchreRevokeLaw(), out_of_turn=EuchreOutOfTurnLaw(), ...))

The replay finds the irregularity; the topic's ``decide(hand, fact)`` reads the hand it is given
and returns a `Ruling` (the words that end the finding, the choice it opens for the innocent
side, the game's own record of it), which the replay applies. A law keeps no state and no
reference to a hand: one object a topic serves every hand of its game, and a hand that asked its
laws makes no reference cycle. The few acts that fall in the middle of the replay (a choice's
`apply`, a card taken back, a partner who should have sat out) are the laws' own methods, given
the hand as well.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..notation import events as ev
from ..notation.cards import Card
from ..notation.records import record
from . import table as tb
from .choices import Answer, Choice, Lapse, Option

if TYPE_CHECKING:
    from .replay import HandReplay, Requirement

H = TypeVar("H", bound="HandReplay")

REQUIRES = "{choosers} require{s} {target} to play {plainly}"
"""A requirement's penalty, in words, unless the offer says it otherwise (`Offer.said`): `plainly` is
the option chosen as a player says it (`REQUIREMENT_WORDS`), `option` its word."""

REQUIREMENT_WORDS = {"highest": "his highest card of the suit led", "lowest": "his lowest card of the suit led",
                     "trump": "a trump", "no-trump": "no trump", "win": "a card that wins the trick",
                     "lose": "a card that does not win the trick"}
"""What each requirement asks of its player, in words."""


@record
class Offer:
    """A choice the laws give the innocent side, opened by `HandReplay.open`. `apply` performs the
    option chosen, given the hand (it must not hold the hand, or an open choice would make a
    reference cycle); without one, every option is a requirement on `target`'s next card (a card
    option: to play `called` or `card`, or where `liable` to leave it face up, liable to be called at
    the chooser's discretion), and `said` the penalty's words (`said_card` a card option's, the card
    then shown exposed among its effects). The
    card a `card` option calls is `called`, else `card`: it gives that option its answering line;
    `lines` gives the line of an option the table takes otherwise (a card taken back rebuilds a trick)."""

    choosers: frozenset[str]
    offender: str
    options: tuple[Option, ...]
    topic: str
    explanation: str
    apply: Callable[[Any, str, ev.Span], None] | None = None  # (hand, option, where it was chosen)
    implied: Option | None = None
    implied_text: str = ""
    ends: tuple[Lapse, ...] = (Lapse.CHOOSER_PLAYS,)
    card: Card | None = None
    recorded: Option | None = None
    target: str = ""
    called: Card | None = None  # the card a `card` option calls, where it is not `card` (any card answers)
    lines: tuple[tuple[Option, str], ...] = ()  # answering lines of options no `call` answers
    said: str = REQUIRES  # a requirement's penalty, in words
    said_card: str = ""  # a `card` option's, where the card called is shown exposed (Boston's); {card} too
    liable: bool = False  # a `card` option leaves the card face up, liable to be called (`LiableCards`), not called
    renew: Callable[[Any, str, Card], Offer] | None = None  # (hand, offender, card): the offer as it stands now
    refuse: Callable[[Any, str, str], str] | None = None  # (hand, offender, option): why a call of it is void, or ""
    sends_back: bool = False  # L39: a card `target` played to the trick before the demand, not meeting it, goes back


@record
class Ruling:
    """What the laws make of one irregularity, applied by the replay in this order: the finding,
    its explanation ending with `words` (the rule it cites is `topic`'s, when the law names its own,
    and `account` replaces the replay's telling of the fact when the law tells it otherwise; no
    finding at all when `found` is False), then the `offer` opened, then `then` given the choice
    opened (or None): the game's own record of the irregularity, for its hand and settlement."""

    words: str = ""
    offer: Offer | None = None
    then: Callable[[Choice | None], None] | None = None
    topic: str = ""
    account: str = ""
    found: bool = True
    keeps: bool = False
    """For a card out of turn: the law keeps it on the table until it goes back, stands or its
    trick ends (the hand's `false_card`, Euchre's and Auction Pitch's), after the rest is applied."""


NO_PENALTY = Ruling()
"""A ruling that adds nothing to the finding."""


class PenaltyLaw(Generic[H]):
    """One topic of the penalty laws; its methods are given the hand they rule."""

    __slots__ = ()


class RevokeLaw(PenaltyLaw[H]):
    """A revoke (a failure to follow suit): corrected in time, established, or claimed and unproven.
    Where a player may correct his revoke until he plays to the next trick (the table's
    `late_correctors`: Boston's caller; or until he or the partner who asked him plays to it, whist's
    "having none?", `TrickTable.keep_open`), the game's rulebook words when: while he still may and
    once corrected (``revoke.corrected`` says `late-correctable`, `late-corrected`), when the hand
    ended first and when established (``revoke.established`` says `late-ended`, `late-established`)."""

    __slots__ = ()

    def card_words(self, hand: H, card: Card) -> str:
        """A card named in an explanation, with what the game's laws make of it (`card_role`: a bower)."""
        role = hand.declared.card_role(card, hand.trump) if hand.declared.card_role is not None else None
        return f"{card.text} ({role})" if role else card.text

    def held_words(self, hand: H, revoke: tb.Revoke) -> str:
        """What the revoker held of the suit led, in words, naming a card of his of another printed
        suit that the game's laws count in it (`card_role`: Euchre's left bower, when trumps are led)."""
        role, table = hand.declared.card_role, hand.table
        if role is None or table is None or table.hands is None or revoke.player not in table.hands:
            return revoke.led.word
        held = set(table.hands[revoke.player]) | {c for c, (who, trick) in table.played.items()
                                                 if who == revoke.player and trick >= revoke.trick}
        odd = [c for c in held if c is not revoke.card and c.suit is not revoke.led
               and table.rules.suit_of(c) is revoke.led]
        if not odd:
            return revoke.led.word
        name, _, what = (role(odd[0], hand.trump) or "").partition(", ")  # "the left bower, a trump"
        return f"{revoke.led.word} ({name} {odd[0].text} is {what})"

    def timing(self, hand: H, fact: tb.Revoke) -> str:
        """When a revoke was taken back or became established, or why it still may be taken back,
        in words (a game whose laws let a player correct later words it in its rulebook)."""
        table = hand.table
        if table is not None and (fact.late or fact.player in table.late_correctors or fact.player in table.asked):
            if fact.status == "correctable":
                return hand.say("revoke.corrected", "late-correctable")
            if fact.status != "established":
                return hand.say("revoke.corrected", "late-corrected")
            if hand.stage == "ended" or table.finished:
                return hand.say("revoke.established", "late-ended")
            return hand.say("revoke.established", "late-established")
        return {"established": "when the trick was gathered", "correctable": "the trick is not gathered yet"}.get(
            fact.status, "before the trick was gathered")

    def taken_back(self, hand: H, revoke: tb.Revoke) -> str:
        """What becomes of the card of a renounce still to be taken back once it is, as a sentence that
        follows the words of the take-back (`HandReplay.pending`): by default nothing is said."""
        return ""

    def decide(self, hand: H, fact: tb.Revoke) -> Ruling:
        """A revoke corrected in time, or established (whose money the settlement pays): its
        penalty in words, and a choice for the innocent side where the laws give one."""
        return Ruling("Corrected in time, it carries no penalty.") if fact.status == "corrected" else NO_PENALTY

    def unproven_ruling(self, hand: H, claim: ev.Claim) -> str:
        return "An unproven revoke carries no penalty."

    def lapsed(self, hand: H) -> str:
        """An established revoke's penalty in a deal made void: none is paid (`HandReplay.findings`)."""
        return "The deal is void and dealt again, so its penalty lapses: nothing is scored for it."


class RetractLaw(PenaltyLaw[H]):
    """A card taken back: which cards the laws release, and what taking one back means."""

    __slots__ = ()

    def may_take_back(self, hand: H, event: ev.Retract) -> bool:
        """A card the laws let its player take back besides the corrections the table knows (a
        revoke in time, a card out of turn and the cards played after them): one the offender's
        side played while the innocent side's decision was still to come, or one that disobeyed a call and may
        still be corrected (`CallLaw.corrected_in_time`), or is suspected of it, his hand unknown, and its trick
        not quitted (`CallLaw.lead_proven_later`). A game adds its own."""
        return event.card in hand.before_decision or any(
            d.play.player == event.player and d.play.card is event.card for d in hand.calls_open) or any(
            p.player == event.player and p.card is event.card and hand.not_quitted(t) for _, p, t in hand.suspected)

    def retracted(self, hand: H, fact: tb.Retracted) -> None:
        """A card taken back (an out-of-turn card returned, a revoke corrected): one the chooser's
        decision sent back lies face up, liable to be called (`LiableCards.taken_back`, L23); the
        cards of a trick put right by a late correction go back to their holders, in a note."""
        hand.liable.taken_back(hand, fact.player, fact.card)
        if fact.returned:
            assert hand.table is not None
            note = (f"The cards played to trick {fact.trick} go back to their holders: the corrected trick "
                    f"{fact.trick - 1} was won by {hand.table.current.leader}, who leads to trick {fact.trick}.")
            if note not in hand.notes:
                hand.notes.append(note)

    def early_play(self, hand: H, choice: Choice, play: ev.Play) -> None:
        """A card the offender's side played while `choice` was open, taken back once the chooser
        chose a penalty. It simply goes back, unless the game's laws make its side wait for one
        player's decision, or the other side's (`Declaration.liable`, L39): then it is like a card played in error,
        liable to be called (L20, L23)."""
        liable = hand.liable
        if (liable.chooser(hand) is not None or liable.call_offer is not None) and liable.penalised(hand, play.player):
            hand.expose_early_play(choice, play, liable.expose)


class OutOfTurnLaw(PenaltyLaw[H]):
    """A card played out of turn, by a seat sitting out the hand, or twice to one trick."""

    __slots__ = ("short",)

    def __init__(self, short: Callable[[Any, str], str] | None = None) -> None:
        """`short`: for laws under which a second card given to a trick is dead (law 19, `dead_card`),
        what its player, a card short for the rest of the hand, answers for, in words (``short(hand, player)``)."""
        self.short = short

    def went_back(self, hand: H, false: tb.OutOfTurn) -> str:
        """The note when a card out of turn that its law keeps on the table (`HandReplay.false_card`)
        goes back: the rulebook's ``play.out-of-turn`` says `went-back` ({player}, {card})."""
        return hand.say("play.out-of-turn", "went-back", player=false.player, card=false.card)

    def stood(self, hand: H, false: tb.OutOfTurn) -> str:
        """The note when its trick ends with it still in, where the game's law lets it stand then
        (Auction Pitch's); none where the law ends it itself (Euchre's table rebuilds the trick)."""
        return ""

    def decide(self, hand: H, fact: tb.OutOfTurn) -> Ruling:
        """What a card led or played out of turn costs (the replay tells the fact)."""
        return NO_PENALTY

    def not_active(self, hand: H, fact: tb.NotActive) -> None:
        """A card by a seat that takes no part in the hand (an empty hand's, say): the transcript
        contradicts itself. One that sits out for a lone hand is the engine's (`engine.sitout`)."""
        hand.find("sitting-out-played", fact.player, fact.at, "transcript.consistency",
                  f"{fact.player} is not taking part in this hand but played {fact.card}", trick=fact.trick)

    def played_twice(self, hand: H, fact: tb.PlayedTwice) -> None:
        """A second card to one trick is not part of it; where the game declares it dead (`short`),
        it goes with the trick and its player is a card short from now on (`dead_card`): with none
        left for the last trick, he sits it out (`HandReplay.sit_out_empty_hands`)."""
        if self.short is None:
            hand.find("play-out-of-turn", fact.player, fact.at, "play.played-twice",
                      f"{fact.player} already played to trick {fact.trick} and plays {fact.card} as well; "
                      "the extra card is not part of the trick", trick=fact.trick)
            return
        hand.find("play-out-of-turn", fact.player, fact.at, "play.played-twice",
                  f"{fact.player} already played to trick {fact.trick} and plays {fact.card} as well: the card goes "
                  f"with the trick and counts for nothing, and {fact.player} is a card short for the rest of the hand. "
                  + self.short(hand, fact.player), trick=fact.trick)
        if fact.player not in hand.dead_cards:
            self.dead_card(hand, fact)

    def dead_card(self, hand: H, fact: tb.PlayedTwice) -> None:
        """For laws under which a second card given to a trick goes with it, dead (the whist family's
        law 19): it leaves its player's hand, and counts as played; the first leaves him a card short
        (`HandReplay.dead_cards`)."""
        hand.dead_cards.setdefault(fact.player, fact.card)
        hand.runs_short = True
        table = hand.table
        assert table is not None
        (table.hands or {}).get(fact.player, set()).discard(fact.card)
        table.played.setdefault(fact.card, (fact.player, fact.trick))


class ExposedLaw(PenaltyLaw[H]):
    """A card seen by the table without being played."""

    __slots__ = ()

    def decide(self, hand: H, event: ev.Expose) -> Ruling:
        """What an exposed card means (callable, must be played, redeal...); the replay has
        already found that its player held it."""
        return NO_PENALTY


class AttentionLaw(PenaltyLaw[H]):
    """Drawing attention to the tricks (counting a partner's tricks, and the like)."""

    __slots__ = ()

    def decide(self, hand: H, event: ev.Count) -> Ruling:
        """The penalty for drawing attention to the tricks: by default none, which the game's
        ``attention.drawn`` says in its own words (`no-penalty`)."""
        return Ruling(hand.say("attention.drawn", "no-penalty"))


class CallLaw(PenaltyLaw[H]):
    """Penalty calls: what a called requirement demands, whether a play obeys it, and a call or
    an acceptance that answers no open choice."""

    __slots__ = ("corrected_in_time", "lead_proven_later", "trump_while_following", "wrong_demand_voids")

    def __init__(self, trump_while_following: bool = False, wrong_demand_voids: bool = False,
                 lead_proven_later: bool = False, corrected_in_time: bool = False) -> None:
        """`trump_while_following`: declared by a game whose laws let a player trump a plain suit he
        holds (Auction Pitch): "trump" may be called from him even then, and any trump he plays obeys it.
        `wrong_demand_voids`: a call that answers no choice voids the penalty (`void_wrong_demand`).
        `lead_proven_later`: a suit called from a player whose hand is unknown and not led, his highest or
        lowest card not played, or a trump demanded of him and not played (or played, though forbidden), waits as
        a failure to follow does for his later play to prove or disprove a revoke (`HandReplay.prove_disobeyed`).
        `corrected_in_time`: a call disobeyed with a card that does not renounce is a revoke's fault (whist's W48:
        L38, E61) and so, like one, correctable until its trick is quitted (W40): the card may be taken back
        (`RetractLaw.may_take_back`), lying face up, the call still binding; else it is established then
        (`HandReplay.establish_disobeyed`). Elsewhere it is established at once."""
        self.trump_while_following, self.wrong_demand_voids = trump_while_following, wrong_demand_voids
        self.lead_proven_later, self.corrected_in_time = lead_proven_later, corrected_in_time

    def describe(self, hand: H, requirement: Requirement) -> str:
        if requirement.what in ("card", "withhold"):  # withhold: a demand that the exposed card be not played
            return f"{'anything but ' if requirement.what == 'withhold' else ''}the exposed {requirement.card}"
        if requirement.suit is not None and requirement.what in ("highest", "lowest"):
            return f"his {requirement.what} {'trump' if requirement.suit is hand.trump else requirement.suit.word[:-1]}"
        if requirement.what == "lead-suit":  # led, not played: "was required to lead a club"
            return f"a {requirement.suit.word[:-1] if requirement.suit else ''}"
        return REQUIREMENT_WORDS.get(requirement.what, requirement.what)

    def met(self, hand: H, requirement: Requirement, event: ev.Play) -> bool | None:
        """True/False once the requirement applies to this play; None if it is not due yet."""
        assert hand.table is not None
        table = hand.table
        leading = not table.current.plays
        led = table.led_suit()
        held = table.hands.get(event.player) if table.hands is not None else None
        suit_of = table.rules.suit_of
        if requirement.what == "lead-suit":
            if not leading:
                return None
            if suit_of(event.card) is requirement.suit:
                return True
            if held is None and self.lead_proven_later:
                hand.suspected.append((requirement, event, table.current.number))
                return True
            return not (held is None or any(suit_of(c) is requirement.suit for c in held))
        if requirement.what == "card":
            assert requirement.card is not None
            if event.card is requirement.card:
                return True
            if held is not None and requirement.card not in held:
                return True
            # due only if he may play it lawfully: not if he holds the suit led, which the card he plays may show
            legal = (leading or led is None or suit_of(requirement.card) is led
                     or not (suit_of(event.card) is led or any(suit_of(c) is led for c in held or ())))
            return None if not legal else False
        card = requirement.card
        if card is not None:  # a demand on an exposed card (Boston's L21): due when its suit is led, or at a ruff
            if requirement.what == "no-trump":
                return None if event.card is not card else leading or led is card.suit
            if leading or led is not card.suit:
                return None
            if requirement.what == "withhold":  # not played, unless it is his only card of the suit (no revoke)
                return event.card is not card or (held is not None and not any(
                    c.suit is led and c is not card for c in held))
        if requirement.suit is not None and requirement.what in ("highest", "lowest"):
            return self.extreme_of_suit(hand, requirement, event)
        if leading:
            return None
        assert led is not None
        if held is None:  # cannot be checked without the deal, unless his later play shows it (`prove_disobeyed`)
            what, suit, trump = requirement.what, suit_of(event.card), hand.trump
            waits = suit is led if what in ("highest", "lowest") else led is not trump and (
                suit is trump if what == "no-trump" else what == "trump" and suit is not led and suit is not trump)
            if self.lead_proven_later and waits:
                hand.suspected.append((requirement, event, table.current.number))
            return True
        options = set(held)
        following = [c for c in options if suit_of(c) is led]
        trump, anytime = hand.trump, self.trump_while_following
        # what he may play without a revoke: the suit led if he holds it (or a trump, `anytime`), else anything
        lawful = [c for c in options if not following or suit_of(c) is led or (anytime and suit_of(c) is trump)]
        if requirement.what in ("highest", "lowest"):
            if not following:
                return True
            pick = max if requirement.what == "highest" else min
            return event.card is pick(following, key=lambda c: table.rules.power(c, led))
        if requirement.what in ("trump", "no-trump"):
            may_trump = any(suit_of(c) is trump for c in lawful)
            played = suit_of(event.card) is trump
            played_trump = played and (led is not trump or (anytime and requirement.what == "trump"))
            if requirement.what == "trump":
                return played_trump or not may_trump
            non_trumps = [c for c in options if suit_of(c) is not trump]
            return not played_trump or not non_trumps
        if requirement.what in ("win", "lose"):  # obeyed, or he could not without a revoke
            best = max((table.rules.power(p.card, led) for p in table.current.plays), default=-1)
            want = requirement.what == "win"
            return (table.rules.power(event.card, led) > best) is want \
                or not any((table.rules.power(c, led) > best) is want for c in lawful)
        return True

    def extreme_of_suit(self, hand: H, requirement: Requirement, event: ev.Play) -> bool | None:
        """His highest or lowest card of a suit called (whist's trump card named: `called_suit`): due
        at his first turn at which he may play one lawfully (his lead, that suit led, or a suit led that
        he has none of), then met by that card only; spent if he holds none of the suit."""
        table, suit = hand.table, requirement.suit
        assert table is not None and suit is not None
        if table.hands is None:
            return True  # cannot be checked without the deal
        held, led, suit_of = table.hands.get(event.player, set()), table.led_suit(), table.rules.suit_of
        cards = [c for c in held if suit_of(c) is suit]
        if cards and table.current.plays and led is not suit and any(suit_of(c) is led for c in held):
            return None  # he must follow suit: the call waits for a turn at which he may play the suit
        pick = max if requirement.what == "highest" else min
        return not cards or event.card is pick(cards, key=lambda c: table.rules.power(c, suit))

    def decide(self, hand: H, requirement: Requirement) -> Ruling:
        """A call not obeyed counts as a revoke, established at once (every game's laws agree: the
        replay records it); what else it costs, in words."""
        return Ruling("A call not obeyed counts as a revoke.")

    def unanswered_call(self, hand: H, event: ev.Call) -> bool:
        """A call that answers no open choice: True if the game's laws still give it a meaning (an
        exposed card lying on the table, `LiableCards.call`, or a wrong demand that voids the penalty,
        where the game declares `wrong_demand_voids`) or it is found here (`fits_none`); otherwise
        the replay finds it unfounded: no choice is open to its player."""
        return hand.liable.call(hand, event) or (self.wrong_demand_voids and self.void_wrong_demand(hand, event)) \
            or self.fits_none(hand, event)

    def fits_none(self, hand: H, event: ev.Call) -> bool:
        """A call by a player to whom a choice is open that fits none of its options: it is void, and
        found in words that list the options (not as if no choice were open to him)."""
        options = dict.fromkeys(o for c in hand.choices if event.player in c.choosers for o in c.pending.options)
        if options:
            hand.find("inconsistent-transcript", event.player, event.at, "call.unfounded",
                      f"{event.player} calls '{event.text}', which fits none of the options open to {event.player} "
                      f"({' | '.join(options)}); the call is void")
        return bool(options)

    def void_wrong_demand(self, hand: H, event: ev.Call) -> bool:
        """For laws under which a demand by the wrong adversary, or for the wrong penalty, voids the
        penalty (whist's L39; a game's `unanswered_call` may be this): a call by an adversary of
        the offender that answers no choice ends the penalty play waits for (not a new deal's
        choice), with a finding."""
        void = next((c for c in hand.choices if c.waits and "redeal" not in c.pending.options
                     and event.player in hand.adversaries(c.offender)), None)
        if void is None:
            return False
        hand.choices.remove(void)
        hand.find("inconsistent-transcript", event.player, event.at, "call.unfounded",
                  f"{event.player} demands '{event.text}', but the penalty for {void.offender}'s error was "
                  f"{void.pending.chooser}'s to choose ({' | '.join(void.pending.options)}): a demand by the wrong "
                  "adversary, or for the wrong penalty, voids it.", trick=hand.trick_number)
        return True

    def unanswered_accept(self, hand: H, event: ev.Accept) -> None:
        """An acceptance with no open choice of his to accept (a game may give the word a meaning of its
        own): where such a choice is open to others, it says whose it is, not that there is none."""
        theirs = next((c for c in hand.choices if Answer.ACCEPT in c.answers), None)
        hand.find("inconsistent-transcript", event.player, event.at, "call.unfounded",
                  f"{event.player} accepts, but the choice is {theirs.pending.chooser}'s "
                  f"({' | '.join(theirs.pending.options)}), not {event.player}'s; his word changes nothing"
                  if theirs is not None else f"{event.player} accepts, but there is nothing to accept now")


class DealLaw(PenaltyLaw[H]):
    """Faults of the deal: the wrong dealer, a hand of the wrong size, ruled alike for every hand in
    the game's words: its ``deal.wrong-dealer`` says `ruling`, its ``deal.wrong-count`` says `ruling`
    and `too-many` (a long hand, where the game rules it otherwise; else a YAML alias of `ruling`).
    The wrong count's sentences may name ``{side}``, the side of the player dealt wrongly (in a game
    of fixed partnerships), and ``{misdeal}``, what a misdeal leads to (`misdeal`).

    A game whose laws let a wrong deal be stopped until it is used declares `stands_once`, the lines
    and events that use it (its `DealStop`); without it a wrong deal stands once dealt (a transcript
    shows no deal half dealt)."""

    __slots__ = ("stop",)

    def __init__(self, stands_once: tuple[type, ...] = ()) -> None:
        self.stop = DealStop(stands_once) if stands_once else None

    def wrong_dealer_ruling(self, hand: H) -> str:
        stop = self.stop
        words = stop.offer(hand) if stop is not None and hand.ctx.expected_dealer is not None else None
        return hand.say("deal.wrong-dealer", "ruling") if words is None else words

    def step(self, hand: H) -> str | None:
        """What happens next while a wrong deal may still be stopped."""
        return None if self.stop is None else self.stop.step(hand)

    def voided(self, hand: H) -> bool:
        """Whether a wrong deal still open to be stopped was found void (`DealStop.voided`): asked of
        every hand, where only one with a choice open can hold that one."""
        return self.stop is not None and bool(hand.choices) and self.stop.voided(hand)

    def wrong_count_ruling(self, hand: H, player: str | None = None) -> str:
        """What a hand of the wrong size found before play means; `player` holds it (None: the first
        whose written hand is the wrong size, else the dealer, whose hand may not be written at all)."""
        if player is None:
            player = next((p for p, cards in hand.deals.items() if len(cards) != hand.cards_per_hand), hand.dealer)
        side, misdeal = hand.sides.side_of.get(player, ""), self.misdeal(hand)
        if len(hand.deals.get(player, ())) > hand.cards_per_hand:
            return hand.say("deal.wrong-count", "too-many", side=side, misdeal=misdeal)
        return hand.say("deal.wrong-count", "ruling", side=side, misdeal=misdeal)

    def misdeal(self, hand: H) -> str:
        """What a misdeal leads to, where a house rule decides it (`MisdealRuleLaw`); nothing else."""
        return ""


class MisdealRuleLaw(DealLaw[H]):
    """The deal law of a game whose ``misdeal`` house rule decides what a misdeal leads to (Whist's,
    Euchre's): the deal passes (``loses-deal``), or the same dealer deals again, in the words its
    ``deal.wrong-count`` says `passes` and `again`."""

    __slots__ = ()

    def misdeal(self, hand: H) -> str:
        if hand.options["misdeal"] == "loses-deal":
            return hand.say("deal.wrong-count", "passes")
        return hand.say("deal.wrong-count", "again")


class DealStop:
    """A wrong deal that may be stopped until it is used: until a line or event of `stands_once` (the
    trump card turned, the first bid). Before one, the players other than its dealer may have the
    player whose deal it was deal instead (a `redeal` line: he deals next, `HandReplay.deals_next`)
    or let it stand (`call deal-stands`; the first bid, pass or card does too), in the words its
    ``deal.wrong-dealer`` says `unused`, `offer`, `stopped` and `step`."""

    __slots__ = ("stands_once",)

    def __init__(self, stands_once: tuple[type, ...]) -> None:
        self.stands_once = stands_once

    def offer(self, hand: HandReplay) -> str | None:
        """Open the choice, unless the table's first act after the deal (a line, or an event of a line
        of events) used it; the finding's words while the transcript shows no use of the deal (None
        once it does: it stands)."""
        right = hand.ctx.expected_dealer
        acts = [act for line in hand.record.lines if isinstance(line, ACTS)
                for act in (line.events if isinstance(line, ev.EventLine) else (line,))]
        if not acts or not isinstance(acts[0], self.stands_once):
            others = frozenset(p for p in hand.order if p != hand.dealer)
            offer = hand.say("deal.wrong-dealer", "offer", others=hand.side_label(others), right=right)
            hand.open(Offer(others, hand.dealer, ("redeal", "deal-stands"), "deal.wrong-dealer", offer, deal_stopped,
                            ends=(Lapse.ANY_ACTION,)))
        used = any(isinstance(act, self.stands_once) for act in acts)
        return None if used else hand.say("deal.wrong-dealer", "unused", right=right)

    def step(self, hand: HandReplay) -> str | None:
        """What happens next while the choice is open."""
        stop = self.open(hand)
        return None if stop is None else hand.say("deal.wrong-dealer", "step", chooser=hand.side_label(stop.choosers),
                                                  right=hand.ctx.expected_dealer)

    def voided(self, hand: HandReplay) -> bool:
        """A wrong deal found void before it was used (a misdeal its deal lines show), the choice still
        open at the end of the transcript, is stopped all the same: the wrong dealer has no right to deal
        it again (nor does the deal pass from him), the player whose deal it was deals it (`deal_stopped`),
        and its finding no longer says it may be stopped. True when it was (the verdict is then told again)."""
        stop = self.open(hand)
        if stop is None or hand.status() != "redeal":
            return False
        hand.answer(stop, "redeal", hand.last_at)
        return True

    @staticmethod
    def open(hand: HandReplay) -> Choice | None:
        """The choice to stop the wrong deal, while it is open."""
        topic = hand.rule_id("deal.wrong-dealer")
        return next((c for c in hand.choices if c.pending.rule == topic), None)


ACTS = (ev.EventLine, ev.UpcardLine, ev.RedealLine, ev.RecordedLine)
"""Lines by which the table acts after the deal (by each event of a line of events): the first may use it,
answer its choice, or end the hand."""


def deal_stopped(hand: HandReplay, option: str, at: ev.Span) -> None:
    """A `redeal` line stops a wrong deal: the player whose deal it was deals next (`deals_next`), and
    the finding, written while the deal could still be stopped, says it was; `call deal-stands` lets
    it stand, which the verdict notes."""
    right, line = hand.ctx.expected_dealer, hand.redeal
    if option == "redeal" and right is not None and (line is None or line.reason is None):  # not a misdeal's
        hand.deals_next = right
        stopped = hand.say("deal.wrong-dealer", "stopped", right=right)
        hand.note(stopped)
        topic = hand.rule_id("deal.wrong-dealer")
        for found in [f for f in hand.irregularities if f.rule == topic and f.kind == "wrong-dealer"]:
            hand.reword(found, hand.dealt_by_another() + stopped)
        reword_miscounts(hand, stopped)  # a hand of the wrong size: the stop, not the misdeal, rules it
    elif option == "deal-stands":
        hand.note(hand.say("deal.wrong-dealer", "let-stand", dealer=hand.dealer))


def reword_miscounts(hand: HandReplay, ruling: str) -> None:
    """Each hand of the wrong size found before play told again, `ruling` what followed made of it (a wrong
    deal stopped, Whist's misdeal an adversary caused): its finding foretold a misdeal's usual end."""
    miscount = hand.rule_id("deal.wrong-count")
    for found in [f for f in hand.irregularities if f.rule == miscount and f.kind == "wrong-card-count"]:
        assert found.player is not None
        hand.reword(found, hand.miscount(found.player) + ruling)


REVOKE, RETRACT, OUT_OF_TURN, EXPOSED = RevokeLaw[Any](), RetractLaw[Any](), OutOfTurnLaw[Any](), ExposedLaw[Any]()
ATTENTION, CALL, DEAL = AttentionLaw[Any](), CallLaw[Any](), DealLaw[Any]()


def choosers(hand: HandReplay, offender: str) -> frozenset[str]:
    """Who chooses the penalty for `offender`'s irregularity, and alone waives it by playing on: the
    one player the game's laws give every such choice (`Declaration.liable`: Boston's caller, L21,
    L39), for any error but his own; else the offender's adversaries (French Boston's other side)."""
    chooser = hand.liable.chooser(hand)
    if chooser is not None and chooser != offender:
        return frozenset({chooser})
    return frozenset(hand.adversaries(offender))


def requirement(hand: HandReplay, offender: str, target: str, options: tuple[Option, ...], topic: str,
                explanation: str, said: str = REQUIRES) -> Offer:
    """The innocent side's requirement on `target`'s next card to the trick being played (highest,
    lowest, win, lose, trump...), for `offender`'s irregularity (a card played out of turn,
    attention drawn): chosen by `choosers`, it ends with the trick."""
    return Offer(choosers(hand, offender), offender, options, topic, explanation,
                 ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED), target=target, said=said)


DEMANDS: tuple[Option, ...] = ("highest", "lowest", "trump", "no-trump")
"""What a requirement may ask of a player's next card to a trick: his highest or lowest of the suit
led or, if he has none, to trump or not."""


def fitting_demands(hand: HandReplay, targets: list[str]) -> tuple[Option, ...]:
    """Those of `DEMANDS` that can bind one of `targets` (Whist's L26, L35; Boston's drawing attention):
    their hands known, highest or lowest only if one holds the suit led, trump or not only if one
    holds none of it and it is not trumps (with none he cannot trump). Hands unknown: all four, but
    never trump or not when trumps are led, as with the hands known."""
    table = hand.table
    led = table.led_suit() if table is not None else None
    if table is None or led is None:
        return DEMANDS
    played = {p.player: p.card for p in table.current.plays}
    holds: list[bool | None] = []
    for target in targets:
        held = table.holds_suit(target, led)
        if held is False and target in played:  # a card he played before the decision goes back to his hand
            held = table.rules.suit_of(played[target]) is led
        holds.append(held)
    if None in holds:
        return DEMANDS if led is not hand.trump else DEMANDS[:2]
    return (DEMANDS[:2] if True in holds else ()) + (DEMANDS[2:] if False in holds and led is not hand.trump else ())


def card_call(hand: HandReplay, holder: str, card: Card, options: tuple[Option, ...], topic: str, explanation: str,
              ends: tuple[Lapse, ...] = (Lapse.CHOOSER_PLAYS,),
              renew: Callable[[Any, str, Card], Offer] | None = None) -> Offer:
    """The innocent side's call on `holder`'s `card` as an exposed card, or (among `options`) on his
    highest or lowest, or a suit for his next lead: a requirement on his next card, chosen by
    `choosers`, until `ends` (a corrected revoke's call, an exposed card's until it is played), made
    afresh by `renew` as the trick changes what may be demanded (`HandReplay.renew_choices`)."""
    return Offer(choosers(hand, holder), holder, options, topic, explanation, ends=ends, card=card, target=holder,
                 said="{choosers} call{s} {option} from {target}", renew=renew)


@record
class PenaltyLaws:
    """A game's penalty laws, an object per topic: the shared default wherever the game does not
    declare its own (an instance of a subclass of the topic's class). A law keeps no state, so
    one object serves every hand."""

    revoke: RevokeLaw[Any] = REVOKE
    retract: RetractLaw[Any] = RETRACT
    out_of_turn: OutOfTurnLaw[Any] = OUT_OF_TURN
    exposed: ExposedLaw[Any] = EXPOSED
    attention: AttentionLaw[Any] = ATTENTION
    call: CallLaw[Any] = CALL
    deal: DealLaw[Any] = DEAL
