"""Exposed cards as the League code of whist has them (its laws 20-23 and 36), for a game whose laws
let either adversary call them: each lies face up until played, and may be called at every trick;
a card its holder plays without waiting for that call is exposed too; cards laid face up together
(a hand thrown down, a claimant's partner's) are each exposed (`ExposedCards`: Whist uses it as it
stands). Where one player has the call of them (`LiableCards`: Boston's caller, alone against three),
or the holder's other side (French Boston's, which offers each card its own way), the call lasts for
the rest of the hand (L21 ins.): a card is called, or when its suit is led its holder's highest or
lowest is demanded, or that it be not played, or an exposed trump is kept from ruffing; their holder
must wait for the decision whenever one of them could be played (L39), and a card he plays before
it goes back, liable to be called too (L23). What may be demanded of an exposed card
depends on the moment (`demands`: a game whose other side chooses shares it), so a choice on one opens
again as the trick changes it (its offer's `renew`, which the hand calls after every card played or taken
back: `HandReplay.renew_choices`). Every choice is an `Offer` the hand opens,
so the game writes no lapse logic of its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..notation import events as ev
from ..notation.cards import Card, Suit, parse_card
from ..notation.records import record
from . import table as tb
from .choices import EXPOSED_DEMANDS, Lapse, Option
from .laws import Effect
from .penalties import Offer, choosers

if TYPE_CHECKING:
    from .replay import HandReplay, Requirement


class ExposedCards:
    """The cards a hand sent back, exposed, because their holder played them before the adversaries'
    call (`unwaited`). It holds no reference to the hand: each method is given the hand it acts on,
    as the laws are, so the hand that owns it (and the choices it opens) make no reference cycle."""

    __slots__ = ("recalled", "unwaited")

    def __init__(self) -> None:
        self.unwaited: set[Card] = set()
        self.recalled: list[tuple[str, Card, str]] = []  # cards called in the trick being played (`recall`)

    def offer(self, hand: HandReplay, holder: str, card: Card, topic: str = "exposed.card") -> Offer:
        """L21: an exposed card lies face up until played; either adversary may call it, and its owner
        must then play it to that trick unless that would make him revoke. The call binds that trick
        only, and may be made again at every later trick until the card is played (whist's W51, A8): its
        choice opens again when the trick is complete (`recall`), not while the call made binds."""

        def apply(hand: HandReplay, option: str, at: ev.Span) -> None:
            effects = [hand.require(holder, "card", topic, at, card=card), *self.called_late(hand, holder, card)]
            hand.requirements[-1].trick = hand.trick_number
            hand.penalise(topic, f"{holder}'s exposed {card} is called", effects=effects)
            self.lay(hand, holder, card)
            self.recalled.append((holder, card, topic))

        adversaries = frozenset(hand.adversaries(holder))
        return Offer(adversaries, holder, ("card",), topic, f"{card} lies face up: {hand.side_label(adversaries)} "
                     f"may call it (call {card}) until it is played.", apply, ends=(Lapse.CARD_PLAYED,), card=card)

    def recall(self, hand: HandReplay) -> None:
        """A trick complete: the exposed cards called in it and still not played may be called again, for the next
        trick (`offer`; W51: L21, "the call may be repeated every trick until the card is played"), even while
        their holder may yet take back a card of it (a renounce, a card that disobeyed the call): corrected with
        the card called, the call lapses as it is played; not corrected, it binds him at the next trick."""
        if not hand.exposed:  # no card lies face up (the usual hand): nothing to call again
            return
        recalled = self.recalled
        self.recalled = []
        table = hand.table
        for holder, card, topic in recalled:  # one played (the trick's last card, say) is called no more
            if card in hand.exposed.get(holder, ()) and table is not None and card not in table.played:
                hand.open(self.offer(hand, holder, card, topic))

    def expose(self, hand: HandReplay, holder: str, card: Card, topic: str = "exposed.card") -> None:
        """`card` laid face up, liable to be called (`offer`)."""
        self.lay(hand, holder, card)
        hand.open(self.offer(hand, holder, card, topic))

    @staticmethod
    def lay(hand: HandReplay, holder: str, card: Card) -> None:
        """`card` lies face up among `holder`'s exposed cards, once, whenever its call opens."""
        face_up = hand.exposed.setdefault(holder, [])
        if card not in face_up:
            face_up.append(card)

    def expose_as_penalty(self, hand: HandReplay, holder: str, card: Card, topic: str) -> None:
        """`card` exposed as the penalty the adversaries chose (whist's E62: a card led out of turn):
        recorded as a penalty, then liable to be called (`expose`)."""
        hand.penalise(topic, f"{card} is exposed", effects=(Effect("exposed", holder, None, card.text),))
        self.expose(hand, holder, card, topic)

    def called_late(self, hand: HandReplay, holder: str, card: Card) -> list[Effect]:
        """L23: the exposed card is called after its holder played another card to the trick, where it
        could have been played: he did not wait for the decision, so that card is exposed too, and goes
        back to his hand (`taken_back` then offers it). Cites `<game>.exposed.before-decision`."""
        early = self.early(hand, holder, card)
        if early is None:
            return []
        hand.find("exposed-card", holder, early.at, "exposed.before-decision", f"{holder} played {early.card} before "
                  f"his adversaries said whether they call his exposed {card}: {early.card} is exposed too, and goes "
                  f"back for {card}.", trick=hand.trick_number)
        hand.before_decision.add(early.card)
        self.unwaited.add(early.card)
        return [hand.send_back(holder, early.card), Effect("exposed", holder, None, early.card.text)]

    def early(self, hand: HandReplay, holder: str, card: Card) -> tb.PlayedCard | None:
        """The card `holder` played to the trick still being played where his exposed `card` could have
        been played instead (his lead, its suit led, or a suit led he cannot follow): played without
        waiting for the adversaries' call, it goes back if the call comes in this trick (`called_late`)."""
        table = hand.table
        early = table.current.card_of(holder) if table is not None and not table.finished else None
        if table is None or early is None or early.card is card or any(  # played after the call: it disobeyed it
                r.card is card and r.offender == holder and r.trick == table.current.number for r in hand.requirements):
            return None
        if any(c is card for _, c, _ in self.recalled):  # called, or put back for a call, in this trick (`taken_back`)
            return None
        led = table.led_suit()
        return early if early is table.current.plays[0] or card.suit is led or (
            led is not None and early.card.suit is not led and not table.holds_suit(holder, led)) else None

    def step(self, hand: HandReplay) -> str | None:
        """What happens now with a card played without waiting for the call of an exposed one (L23): once the
        call sends it back, its holder takes it back and plays the card called to the same trick (the replay's
        own take-back step speaks only of a lead sent back); until then, what `waiting` says. A renounce against
        the call, made in its trick (W41, W51), is taken back for a card of the suit led, the call standing."""
        revoke = hand.correctable[0] if hand.correctable else None
        called = next((r.card for r in hand.requirements if revoke and r.offender == revoke.player
                       and r.what == "card" and r.trick == revoke.trick), None)
        if revoke is not None and called is not None:
            return hand.say("revoke.corrected", "called-step", player=revoke.player, card=revoke.card, called=called,
                            suit=revoke.led.word)
        due = [(p, c) for p, c in hand.due_on_table() if c in self.unwaited]
        return self.waiting(hand) if not due or hand.table is None else hand.say(
            "exposed.before-decision", "step", player=due[0][0], card=due[0][1], trick=hand.table.current.number)

    def waiting(self, hand: HandReplay) -> str | None:
        """What happens now while a card played without waiting for the call may yet go back (W52):
        the adversaries say whether they call the exposed card, before play goes on."""
        for holder, cards in hand.exposed.items():
            for card in cards:
                early = self.early(hand, holder, card)
                if early is not None:
                    return hand.say("exposed.before-decision", "waiting", holder=holder, card=card,
                                    early=early.card, side=hand.side_label(frozenset(hand.adversaries(holder))),
                                    turn=hand.next_in_play())
        return None

    def taken_back(self, hand: HandReplay, fact: tb.Retracted) -> None:
        """A card `called_late` sent back lies face up, liable to be called; so does one taken back that disobeyed
        a call (`HandReplay.call_corrected`: as a renounce corrected, L29), but its call opens only when the trick
        is complete (`recall`): in this trick the call he disobeyed binds him still, and the adversaries cannot
        also call the card (W71: "a suit call and a call of the same card cannot both be taken")."""
        if fact.card in self.unwaited:
            self.unwaited.discard(fact.card)
            self.expose(hand, fact.player, fact.card, "exposed.before-decision")
        if fact.card in hand.calls_corrected:
            hand.calls_corrected = tuple(c for c in hand.calls_corrected if c is not fact.card)
            self.lay(hand, fact.player, fact.card)
            self.recalled.append((fact.player, fact.card, "call.disobeyed"))

    def lay_down(self, hand: HandReplay, holder: str, event: ev.ClaimRest | ev.Spread, topic: str) -> None:
        """`holder`'s cards face up on the table (his own spread, or a claimant's partner's): each is
        exposed, liable to be called (L20, L36)."""
        claim = f"{event.player} claims the rest: " if isinstance(event, ev.ClaimRest) else ""
        held = (hand.table.hands or {}).get(holder, ()) if hand.table else hand.deals.get(holder, ())
        cards = sorted(held, key=lambda c: (c.suit.value, -c.rank))
        shown = f" ({' '.join(c.text for c in cards)})" if cards else ""
        hand.find("exposed-card", event.player, event.at, topic, f"{claim}{holder}'s cards are laid face up{shown}, "
                  "each liable to be called by the adversaries.", trick=hand.trick_number)
        hand.penalise(topic, f"{holder}'s cards are exposed", [Effect("exposed", holder, None, c.text) for c in cards])
        for card in cards:
            self.expose(hand, holder, card, topic)
        if not held and hand.table is not None:  # his deal unwritten: the table sees cards the transcript does not
            hand.open(self.any_card(hand, holder, topic))

    def any_card(self, hand: HandReplay, holder: str, topic: str) -> Offer:
        """Cards laid face up whose deal is not written: the table sees them, the transcript does not, so
        either adversary may call any of them (`call QD`: `offer`'s call of that card, which stays liable
        to be called until played), and the right stays open for the others (W51, W67). A call that names
        no card, or one the transcript shows is not among them, is void (`not_his`)."""

        def apply(hand: HandReplay, option: str, at: ev.Span) -> None:
            if len(option) == 2:  # a card named (a result recorded may show the option taken, no card named)
                call = self.offer(hand, holder, parse_card(option), topic).apply
                assert call is not None
                call(hand, option, at)
            hand.open(self.any_card(hand, holder, topic))

        adversaries = frozenset(hand.adversaries(holder))
        return Offer(adversaries, holder, ("card",), topic, f"{holder}'s cards lie face up: "
                     f"{hand.side_label(adversaries)} may call any one of them, which stays liable until played.",
                     apply, ends=(), refuse=not_his)


def not_his(hand: HandReplay, holder: str, option: str) -> str:
    """Why a call of `option` from `holder`'s cards laid face up, his deal unwritten, is void: it names
    no card, or a card already played or known to be another player's (lying face up, or dealt to him);
    "" when the card may be among them."""
    try:
        card = parse_card(option)
    except ValueError:
        return f"that names no card of {holder}'s: the call names one (call QD)"
    table = hand.table
    who, trick = table.played.get(card, ("", 0)) if table is not None else ("", 0)
    if who:
        return f"{who} played {card} in trick {trick}: it is not among {holder}'s cards"
    known = [*hand.exposed.items(), *((table.hands or {}).items() if table is not None else ())]
    other = next((p for p, cards in known if p != holder and card in cards), None)
    return f"{card} is {other}'s, not {holder}'s" if other is not None else ""


@record
class Unwaited:
    """A card played before a decision due before it: by a holder of cards liable to be called while
    one of them could have been played instead (`due`: those), or by the target of a demand chosen
    after he played to the trick (`LiableCards.demanded_late`, `HandReplay.demanded_back`: `due` empty)."""

    card: Card
    at: ev.Span
    trick: int
    lead: bool
    led: Suit                # the suit led to the trick (the card's own, when it is the lead)
    due: tuple[Card, ...]    # his cards liable to be called that he could have played instead
    liable: bool             # whether the card played was itself liable to be called


NOBODY_LIABLE: tuple[Callable[[Any], str | None], Callable[[Any, str], bool]] = (
    lambda hand: None, lambda hand, player: False)
"""A game without `LiableCards` of its own: nobody calls them, and nobody waits (`Declaration.liable`)."""


class LiableCards:
    """The cards on the table liable to be called at one player's discretion (Boston's caller), or
    at the other side's (French Boston's: `call_offer` is then the game's own offer of each), who holds
    each, and what a call on them binds. The game declares the one player who decides (`chooser`;
    None where the holder's adversaries do: `deciders`), whose cards the rule of waiting concerns
    (`penalised`). It holds no reference to the hand: each method that needs it is given the hand,
    as the laws are, so the hand that owns it makes no reference cycle."""

    __slots__ = ("call_offer", "chooser", "going_back", "holders", "penalised", "unwaited")

    def __init__(self, chooser: Callable[[Any], str | None], penalised: Callable[[Any, str], bool],
                 call_offer: Callable[[Any, str, Card], Offer] | None = None) -> None:
        self.chooser, self.penalised, self.call_offer = chooser, penalised, call_offer
        self.holders: dict[Card, str] = {}
        self.unwaited: dict[str, Unwaited] = {}  # by holder: his card in a trick the caller has not played on since
        self.going_back: dict[str, Unwaited] = {}  # by holder: such a card the caller's decision sends back (L23)

    def __bool__(self) -> bool:
        return bool(self.holders)

    @property
    def watching(self) -> bool:
        """Whether a play may concern the rule of waiting for the decision."""
        return bool(self.holders or self.unwaited or self.going_back)

    def lay(self, card: Card, holder: str) -> None:
        self.holders[card] = holder

    def offer(self, hand: HandReplay, holder: str, card: Card) -> Offer:
        """The chooser's right over `holder`'s exposed `card`, until it is played (`demands`): a call
        of the card ends it; a demand leaves the card liable to be called, so the choice opens again."""
        caller = self.chooser(hand)
        assert caller is not None

        def apply(hand: HandReplay, option: str, at: ev.Span) -> None:
            what = option if option in EXPOSED_DEMANDS else "card"
            if not self.decided_late(hand, card if what == "card" else None, what, at, holder):
                effect = hand.require(holder, what, "exposed.card", at, card=card)
                said = self.demanded_words(hand, holder, what, card.suit, [card]) if what != "card" else \
                    f"{caller} calls {holder}'s exposed {card} (card)"
                hand.penalise("exposed.card", said, effects=(Effect("exposed", holder, None, card.text), effect))
            # else bound to the card he played without waiting for the decision (L23)
            if what != "card" and card in self.holders:
                hand.open(self.offer(hand, holder, card))

        options, words = demands(hand, frozenset({caller}), holder, card)
        return Offer(frozenset({caller}), holder, options, "exposed.card", words, apply, ends=(Lapse.CARD_PLAYED,),
                     card=card, renew=self.offer)

    def expose(self, hand: HandReplay, holder: str, card: Card) -> None:
        """`card` laid on the table, liable to be called (`offer`, or the game's own `call_offer`)."""
        self.lay(card, holder)
        hand.open(self.offer(hand, holder, card) if self.call_offer is None else self.call_offer(hand, holder, card))

    def deciders(self, hand: HandReplay, holder: str) -> frozenset[str]:
        """Whose decision `holder`'s liable cards wait for: the chooser, else his adversaries."""
        return choosers(hand, holder)

    def played(self, card: Card) -> None:
        """A card played is no longer liable to be called (the others' choices follow the trick: `renew`)."""
        self.holders.pop(card, None)

    # ---- waiting for the caller's decision (L23, L39) -----------------------------------------------------
    def before_play(self, hand: HandReplay, event: ev.Play) -> None:
        """Before a card goes to the table: a card of the next trick, or the caller's own card, ends
        his chance to decide about the cards played before it; a card played by a holder while one
        of his liable cards could have been played instead is kept, in case the decision comes after."""
        table = hand.table
        assert table is not None
        trick = table.current.number
        if self.unwaited or self.going_back:
            self.unwaited = {p: u for p, u in self.unwaited.items()
                             if u.trick == trick and event.player not in self.deciders(hand, p)}
            for player, unwaited in list(self.going_back.items()):
                if unwaited.trick != trick:
                    del self.going_back[player]
                    hand.before_decision.discard(unwaited.card)
                    hand.note(f"{player}'s {unwaited.card} was left in trick {unwaited.trick}: the table let it "
                              f"stand, and {self.decided(hand, player)}'s " + (
                                  "decision applies the next time it can be obeyed." if unwaited.due else
                                  "demand lapsed with that trick."))
        if self.holders and self.penalised(hand, event.player):
            leading, led = not table.current.plays, table.led_suit()
            due = self.due(hand, event.player, event.card, led if not leading else None)
            if due:
                self.unwaited[event.player] = Unwaited(event.card, event.at, trick, leading, led or event.card.suit,
                                                       due, event.card in self.holders)

    def due(self, hand: HandReplay, player: str, card: Card, led: Suit | None) -> tuple[Card, ...]:
        """`player`'s cards liable to be called that he could lawfully play instead of `card`: all of
        them at a lead (`led` None), else those of the suit led, or all when he cannot follow."""
        mine = tuple(c for c, h in self.holders.items() if h == player)
        if not mine or led is None:
            return mine
        table = hand.table
        assert table is not None
        held = table.hands.get(player) if table.hands is not None else None
        void = not any(c.suit is led for c in held) if held is not None else card.suit is not led
        return tuple(c for c in mine if void or c.suit is led)

    def decided_late(self, hand: HandReplay, called: Card | None, word: str | None, at: ev.Span,
                     only: str | None = None) -> bool:
        """The caller's decision comes after a card played without waiting for it (`late`). True
        when this bound the demand to that holder; a call of a card itself is left to the usual
        handling, which binds its holder anyway."""
        late = self.late(hand, called, word, only)
        if late is None or word is None or called is not None:
            return False
        self.bind(hand, late[0], word, late[1].led, late[2], at)
        return True

    def late(self, hand: HandReplay, called: Card | None, word: str | None,
             only: str | None = None) -> tuple[str, Unwaited, list[Card]] | None:
        """The deciders' decision (`called` a card, or `word` a demand) comes after a card the holder
        (`only`, if given) played without waiting for it. If the card does not meet it, that is an
        irregularity (L23): the card goes back, liable to be called, and the holder plays as
        decided. Its holder, the card played and the liable cards the decision is about, if so."""
        if not self.unwaited:
            return None
        if called is not None:
            holder = self.holders.get(called)
            unwaited = self.unwaited.get(holder) if holder is not None else None
            if holder is None or unwaited is None or called not in unwaited.due:
                return None
            self.goes_back(hand, holder, unwaited, f"call {called}")
            return holder, unwaited, [called]
        if word not in EXPOSED_DEMANDS:
            return None
        for player, unwaited in self.unwaited.items():
            if only is not None and player != only:
                continue
            cards = self.demanded(hand, word, unwaited)
            if not cards or unwaited.lead or self.meets(hand, word, player, unwaited, cards):
                continue
            self.goes_back(hand, player, unwaited, f"call {word}")
            return player, unwaited, cards
        return None

    def demanded_late(self, hand: HandReplay, plays: list[ev.Play], required: list[Requirement]) -> None:
        """L23, L39 for a penalty chosen on another's error (a card played out of turn, attention
        drawn), where the game makes its side wait for the decision: a card its target played to the
        trick before it, which does not meet the demand, goes back (`going_back`, nothing liable
        besides: `due` empty) and he plays as demanded; taken back, it is liable to be called (the
        retract law's `early_play`). One that meets it stands."""
        table = hand.table
        if table is None or table.finished or (self.chooser(hand) is None and self.call_offer is None):
            return
        for play in plays:
            mine = table.current.card_of(play.player)
            words = [r.what for r in required if r.offender == play.player and r.card is None]
            if mine is None or mine.card is not play.card or not self.penalised(hand, play.player):
                continue
            led = table.led_suit() or play.card.suit
            unwaited = Unwaited(play.card, play.at, table.current.number, mine is table.current.plays[0], led, (),
                                False)
            if not all(self.meets_demand(hand, w, play.player, unwaited) for w in words):
                self.going_back[play.player] = unwaited
                hand.before_decision.add(play.card)

    def meets_demand(self, hand: HandReplay, word: str, player: str, unwaited: Unwaited) -> bool:
        """Whether the card played before a penalty chosen on another's error meets what it demands
        of him (`demanded_late`): his highest or lowest of the suit led, to win or lose the trick
        against the cards played before his, to trump or not; or he could not have done otherwise
        without a revoke (when the deal is not known, it is taken to)."""
        table = hand.table
        assert table is not None
        held = table.hands.get(player) if table.hands is not None else None
        if held is None or word in ("highest", "lowest"):
            return held is None or self.meets(hand, word, player, unwaited, [])
        card, led, power, suit_of = unwaited.card, unwaited.led, table.rules.power, table.rules.suit_of
        lawful = [c for c in (*held, card) if suit_of(c) is led] or [*held, card]  # the trick rules' suits
        if word in ("trump", "no-trump"):
            able = [c for c in lawful if suit_of(c) is hand.trump and led is not hand.trump]
        elif word in ("win", "lose"):
            plays = [p.card for p in table.current.plays]
            best = max((power(c, led) for c in plays[:plays.index(card)]), default=-1)
            able = [c for c in lawful if power(c, led) > best]
        else:
            return True
        return (card in able) is (word in ("trump", "win")) or not able or len(able) == len(lawful)

    def demanded(self, hand: HandReplay, word: str, unwaited: Unwaited) -> list[Card]:
        """The liable cards a demand (`highest`, `lowest`, `withhold`, `no-trump`) is about."""
        trump = hand.trump
        if word == "no-trump":
            exposed = [*unwaited.due, unwaited.card] if unwaited.liable else list(unwaited.due)
            return [c for c in dict.fromkeys(exposed) if c.suit is trump and unwaited.led is not trump]
        return [c for c in unwaited.due if c.suit is unwaited.led][:1]

    def meets(self, hand: HandReplay, word: str, player: str, unwaited: Unwaited, cards: list[Card]) -> bool:
        """Whether the card played meets the decision that came after it (when the deal is not
        known, it is taken to)."""
        table = hand.table
        assert table is not None
        card, led = unwaited.card, unwaited.led
        if word == "no-trump":
            return card not in cards
        held = table.hands.get(player) if table.hands is not None else None
        if held is None:
            return True
        following = [c for c in (*held, card) if c.suit is led]
        if word == "withhold":
            return card not in cards or following == [card]
        if not following:
            return True
        pick = max if word == "highest" else min
        return card is pick(following, key=lambda c: table.rules.power(c, led))

    def goes_back(self, hand: HandReplay, player: str, unwaited: Unwaited, decision: str) -> None:
        """L23: the holder did not wait; his card goes back, liable to be called."""
        del self.unwaited[player]
        self.going_back[player] = unwaited
        hand.before_decision.add(unwaited.card)
        caller = self.decided(hand, player)
        due = " ".join(c.text for c in unwaited.due if c is not unwaited.card)
        verb = "led" if unwaited.lead else "played"
        hand.find("exposed-card", player, unwaited.at, "exposed.before-decision",
                  f"{player} {verb} {unwaited.card} to trick {unwaited.trick} before {caller} had decided about "
                  f"his cards liable to be called ({due}); {caller}'s decision ({decision}) comes after it, and "
                  f"{unwaited.card} does not meet it. A player holding a card liable to be called must wait for the "
                  "decision: " + (f"{player} takes {unwaited.card} back on the table, liable to be called as before,"
                                  if unwaited.liable else f"{unwaited.card} also becomes liable to be called, so "
                                  f"{player} takes it back, face up,") + f" and plays as {caller} decided.",
                  trick=unwaited.trick)

    def taken_back(self, hand: HandReplay, player: str, card: Card) -> None:
        """A card taken back: if the caller's decision sent it back (L23), it lies face up, liable to
        be called (it was already, if it was one of them)."""
        unwaited = self.unwaited.get(player)
        if unwaited is not None and unwaited.card is card:
            del self.unwaited[player]
        unwaited = self.going_back.get(player)
        if unwaited is None or unwaited.card is not card:
            return
        del self.going_back[player]
        if not unwaited.due:  # sent back by a penalty chosen on another's error: the retract law exposes it
            return
        if not unwaited.liable:  # back on the table: the deciders' choice over it open again, as before it was played
            hand.exposed.setdefault(player, []).append(card)
        self.expose(hand, player, card)

    def waiting(self, hand: HandReplay) -> str | None:
        """What happens next while a card the caller's decision sends back is still in its trick."""
        for player, unwaited in self.going_back.items():
            return (f"{player} to take back {unwaited.card} (played before {self.decided(hand, player)}'s decision) "
                    f"and play again to trick {unwaited.trick}")
        return None

    def decided(self, hand: HandReplay, holder: str) -> str:
        """Who decides about `holder`'s liable cards, in words ("A", "S and N")."""
        return hand.side_label(self.deciders(hand, holder))

    # ---- calls ---------------------------------------------------------------------------------------
    def call(self, hand: HandReplay, event: ev.Call) -> bool:
        """A call that answers no open choice: the chooser calls an exposed card (`call C`), or, when
        its suit is led, demands the holder's highest or lowest, or that it be not played
        (`withhold`); an exposed trump may be kept from ruffing (`no-trump`). The call binds the next
        holder to play who holds such a card, or one who played to the trick without waiting for it
        (`decided_late`). False when the call is about no card on the table."""
        table = hand.table
        if table is None or hand.stage != "play" or not self.watching or event.player != self.chooser(hand):
            return False
        if self.decided_late(hand, event.card, event.word, event.at):
            return True
        if event.card is not None:
            holder = self.holders.get(event.card)
            if holder is None:
                return False
            effect = hand.require(holder, "card", "exposed.card", event.at, card=event.card)
            hand.penalise("exposed.card", f"{self.chooser(hand)} calls {holder}'s exposed {event.card}",
                          effects=(effect,))
            return True
        word, led = event.word, table.led_suit()
        if word not in EXPOSED_DEMANDS or led is None:
            return False
        for player in self.yet_to_play(hand):
            mine = [c for c, h in self.holders.items() if h == player]
            if word == "no-trump":
                mine = [c for c in mine if c.suit is hand.trump and led is not hand.trump]
            else:
                mine = [c for c in mine if c.suit is led]
            if mine:
                self.bind(hand, player, word, led, mine if word == "no-trump" else mine[:1], event.at)
                return True
        return False

    def bind(self, hand: HandReplay, player: str, word: str, led: Suit, cards: list[Card], at: ev.Span) -> None:
        """The caller's demand on `player`'s exposed `cards`: highest, lowest, withhold or no-trump."""
        effects = tuple(hand.require(player, word, "exposed.card", at, card=card) for card in cards)
        hand.penalise("exposed.card", self.demanded_words(hand, player, word, led, cards), effects=effects)

    def demanded_words(self, hand: HandReplay, player: str, word: str, led: Suit, cards: list[Card]) -> str:
        """A demand on exposed cards, in words: the same whether it answers the choice open on them
        (`offer`) or is made with no choice open for it (`call`)."""
        shown = " ".join(c.text for c in cards)
        demand = {"highest": f"{player}'s highest {led.word[:-1]}", "lowest": f"{player}'s lowest {led.word[:-1]}",
                  "withhold": f"that {player} not play", "no-trump": f"that {player} not ruff with"}[word]
        caller = self.chooser(hand)
        return (f"{caller} demands {demand} (exposed: {shown})" if word in ("highest", "lowest")
                else f"{caller} demands {demand} the exposed {shown}")

    def yet_to_play(self, hand: HandReplay) -> list[str]:
        """The others still to play to the current trick, in turn."""
        assert hand.table is not None
        current, order = hand.table.current, hand.order
        start = order.index(current.leader)
        seats = [order[(start + i) % len(order)] for i in range(len(order))]
        return [p for p in seats if p not in current.players and p != self.chooser(hand)]


def demands(hand: HandReplay, choosers: frozenset[str], holder: str, card: Card) -> tuple[tuple[Option, ...], str]:
    """What the laws let `choosers` (one player, or a side) demand of `holder`'s exposed `card` now,
    and its words (Boston's L21 ins.): to call it, to be played as soon as that is lawful, or his
    highest or lowest of its suit; while its suit is being led and he is still to play, also that it
    be not played (`withhold`), unless that would make him revoke; of an exposed trump, that he not
    ruff with it (`no-trump`)."""
    table, suit = hand.table, card.suit
    led = table is not None and not table.finished and table.led_suit() is suit and holder not in table.current.players
    held = (table.hands or {}).get(holder) if table is not None else None
    withhold = led and (held is None or any(c.suit is suit and c is not card for c in held))
    ruff = suit is hand.trump
    options = ("card", "highest", "lowest", *(("withhold",) if withhold else ()), *(("no-trump",) if ruff else ()))
    who, they, word = hand.side_label(choosers), "he" if len(choosers) == 1 else "they", suit.word[:-1]
    but = ", or forbid ruffing with it" if ruff else ""
    if withhold:
        return options, (f"{who} may call {card} (to be played to this trick), demand {holder}'s highest or lowest "
                         f"{word} in it, or demand that {card} be not played{but}; the card stays liable to be called "
                         "until it is played.")
    return options, (f"{who} may call {card} (to be played as soon as that is lawful), demand {holder}'s highest or "
                     f"lowest {word} when that suit is next led{but}; the card stays liable to be called until it is "
                     f"played, and whenever its suit is led {they} may also demand that it be played or not played.")

