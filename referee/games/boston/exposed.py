"""The opponents' cards liable to be called in Boston: exposed or dropped cards, a card taken back
after it was played before the caller's decision, the cards laid down after "I can win the rest"
(L20-L23, L36). They lie face up on the table until played, and the caller keeps his rights
over them for the rest of the hand (L21 ins.): call a card, or when its suit is led demand the
holder's highest or lowest, or that it be not played, or keep an exposed trump from ruffing.

Their holder must wait for the caller's decision whenever one of them could be played (L39): at
his lead, when its suit is led, or when he cannot follow suit. A card he plays before it becomes
liable to be called too (L23). The transcript shows that he did not wait when the caller's
decision comes after his card, in the same trick, before the caller has played on: if the card
does not meet the decision, it goes back, face up, and he plays as the caller decided.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...engine.choices import EXPOSED_DEMANDS
from ...engine.laws import Effect
from ...notation import events as ev
from ...notation.cards import Card, Suit
from .penalties import misere_error, offer_exposed_call

if TYPE_CHECKING:
    from .hand import BostonHand

@dataclass(frozen=True, slots=True)
class Unwaited:
    """A card played by a holder of cards liable to be called while one of them could have been
    played instead: the caller's decision on them was due before it."""

    card: Card
    at: ev.Span
    trick: int
    lead: bool
    led: Suit                # the suit led to the trick (the card's own, when it is the lead)
    due: tuple[Card, ...]    # his cards liable to be called that he could have played instead
    liable: bool             # whether the card played was itself liable to be called


class LiableCards:
    """The cards on the table liable to be called, who holds each, and what a call on them binds. It
    holds no reference to the hand: each method that needs it is given the hand, as the laws are, so
    the hand that owns it makes no reference cycle."""

    def __init__(self) -> None:
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

    def played(self, card: Card) -> None:
        """A card played is no longer liable to be called."""
        self.holders.pop(card, None)

    def claim_rest(self, hand: BostonHand, event: ev.ClaimRest) -> None:
        """An opponent who says he can win the rest: his partners' cards are laid on the table and are
        liable to be called (L36)."""
        if hand.table is None or hand.stage != "play" or hand.caller is None or event.player == hand.caller:
            who = "the caller, who has no partner" if event.player == hand.caller else "nobody, outside the play"
            hand.notes.append(f"{event.player} says he can win the rest: no penalty ({who}).")
            return
        partners = [p for p in hand.adversaries(hand.caller) if p != event.player]
        hands = hand.table.hands
        # a partner whose deal is not written has no known cards to lay down
        cards = {p: sorted(hands.get(p, ()), key=lambda c: (c.suit.value, -c.rank)) for p in partners} if hands else {}
        shown = "; ".join(f"{p} {' '.join(c.text for c in cards[p])}" for p in partners if cards.get(p))
        misere = hand.high is not None and hand.high.misere
        ruling = ("In a misère this is a misère error." if misere else
                  f"They stay face up and {hand.caller} may call them, and demand their play or not when their suit "
                  "is led, for the rest of the hand.")
        hand.find("exposed-card", event.player, event.at, "play.claim-rest",
                  f"{event.player} says he can win the rest: his partners {' and '.join(partners)} lay their cards on "
                  f"the table" + (f" ({shown})" if shown else "") + f". {ruling}", trick=hand.trick_number)
        if misere:
            misere_error(hand, event.player, f"{event.player} claimed the rest, exposing his partners' cards")
            return
        effects = []
        for player in partners:
            for card in cards.get(player, ()):
                self.lay(card, player)
                effects.append(Effect("exposed", player, None, card.text))
        hand.penalise("play.claim-rest", f"{' and '.join(partners)} lay their cards face up, liable to be called",
                      effects=effects)

    # ---- waiting for the caller's decision (L23, L39) -----------------------------------------------------
    def before_play(self, hand: BostonHand, event: ev.Play) -> None:
        """Before a card goes to the table: a card of the next trick, or the caller's own card, ends
        his chance to decide about the cards played before it; a card played by a holder while one
        of his liable cards could have been played instead is kept, in case the decision comes after."""
        table = hand.table
        assert table is not None
        trick = table.current.number
        if self.unwaited or self.going_back:
            played_on = event.player == hand.caller
            self.unwaited = {p: u for p, u in self.unwaited.items() if u.trick == trick and not played_on}
            for player, unwaited in list(self.going_back.items()):
                if unwaited.trick != trick:
                    del self.going_back[player]
                    hand.before_decision.discard(unwaited.card)
                    hand.note(f"{player}'s {unwaited.card} was left in trick {unwaited.trick}: the table let it "
                              f"stand, and {hand.caller}'s decision applies the next time it can be obeyed.")
        if self.holders and hand.penalty_applies(event.player):
            leading, led = not table.current.plays, table.led_suit()
            due = self.due(hand, event.player, event.card, led if not leading else None)
            if due:
                self.unwaited[event.player] = Unwaited(event.card, event.at, trick, leading, led or event.card.suit,
                                                       due, event.card in self.holders)

    def due(self, hand: BostonHand, player: str, card: Card, led: Suit | None) -> tuple[Card, ...]:
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

    def decided_late(self, hand: BostonHand, called: Card | None, word: str | None, at: ev.Span,
                     only: str | None = None) -> bool:
        """The caller's decision (`called` a card, or `word` a demand) comes after a card the holder
        (`only`, if given) played without waiting for it. If the card does not meet it, that is an
        irregularity (L23): the card goes back, liable to be called, and the holder plays as
        decided. True when this bound the demand to that holder; a call of a card itself is left to
        the usual handling, which binds its holder anyway."""
        if not self.unwaited:
            return False
        if called is not None:
            holder = self.holders.get(called)
            unwaited = self.unwaited.get(holder) if holder is not None else None
            if holder is not None and unwaited is not None and called in unwaited.due:
                self.goes_back(hand, holder, unwaited, f"call {called}")
            return False
        if word not in EXPOSED_DEMANDS:
            return False
        for player, unwaited in self.unwaited.items():
            if only is not None and player != only:
                continue
            cards = self.demanded(hand, word, unwaited)
            if not cards or unwaited.lead or self.meets(hand, word, player, unwaited, cards):
                continue
            self.goes_back(hand, player, unwaited, f"call {word}")
            self.bind(hand, player, word, unwaited.led, cards, at)
            return True
        return False

    def demanded(self, hand: BostonHand, word: str, unwaited: Unwaited) -> list[Card]:
        """The liable cards a demand (`highest`, `lowest`, `withhold`, `no-trump`) is about."""
        trump = hand.trump
        if word == "no-trump":
            exposed = [*unwaited.due, unwaited.card] if unwaited.liable else list(unwaited.due)
            return [c for c in dict.fromkeys(exposed) if c.suit is trump and unwaited.led is not trump]
        return [c for c in unwaited.due if c.suit is unwaited.led][:1]

    def meets(self, hand: BostonHand, word: str, player: str, unwaited: Unwaited, cards: list[Card]) -> bool:
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

    def goes_back(self, hand: BostonHand, player: str, unwaited: Unwaited, decision: str) -> None:
        """L23: the holder did not wait; his card goes back, liable to be called."""
        del self.unwaited[player]
        self.going_back[player] = unwaited
        hand.before_decision.add(unwaited.card)
        due = " ".join(c.text for c in unwaited.due if c is not unwaited.card)
        verb = "led" if unwaited.lead else "played"
        hand.find("exposed-card", player, unwaited.at, "exposed.before-decision",
                  f"{player} {verb} {unwaited.card} to trick {unwaited.trick} before {hand.caller} had decided about "
                  f"his cards liable to be called ({due}); {hand.caller}'s decision ({decision}) comes after it, and "
                  f"{unwaited.card} does not meet it. A player holding a card liable to be called must wait for the "
                  "decision: " + (f"{player} takes {unwaited.card} back on the table, liable to be called as before,"
                                  if unwaited.liable else f"{unwaited.card} also becomes liable to be called, so "
                                  f"{player} takes it back, face up,") + f" and plays as {hand.caller} decided.",
                  trick=unwaited.trick)

    def taken_back(self, hand: BostonHand, player: str, card: Card) -> None:
        """A card taken back: if the caller's decision sent it back (L23), it lies face up, liable to
        be called (it was already, if it was one of them)."""
        unwaited = self.unwaited.get(player)
        if unwaited is not None and unwaited.card is card:
            del self.unwaited[player]
        unwaited = self.going_back.get(player)
        if unwaited is None or unwaited.card is not card:
            return
        del self.going_back[player]
        if unwaited.liable:
            self.lay(card, player)
            return
        hand.exposed.setdefault(player, []).append(card)
        offer_exposed_call(hand, player, card)

    def waiting(self, hand: BostonHand) -> str | None:
        """What happens next while a card the caller's decision sends back is still in its trick."""
        for player, unwaited in self.going_back.items():
            return (f"{player} to take back {unwaited.card} (played before {hand.caller}'s decision) and play "
                    f"again to trick {unwaited.trick}")
        return None

    # ---- calls ---------------------------------------------------------------------------------------
    def call(self, hand: BostonHand, event: ev.Call) -> bool:
        """The caller calls an exposed card (`call C`), or, when its suit is led, demands the holder's
        highest or lowest, or that it be not played (`withhold`); an exposed trump may be kept from
        ruffing (`no-trump`). The call binds the next opponent to play who holds such a card, or one
        who played to the trick without waiting for it (`decided_late`). False when the call is
        about no card on the table."""
        table = hand.table
        if table is None or hand.stage != "play":
            return False
        if self.decided_late(hand, event.card, event.word, event.at):
            return True
        if event.card is not None:
            holder = self.holders.get(event.card)
            if holder is None:
                return False
            effect = hand.require(holder, "card", "exposed.card", event.at, card=event.card)
            hand.penalise("exposed.card", f"{hand.caller} calls {holder}'s exposed {event.card}", effects=(effect,))
            return True
        word, led = event.word, table.led_suit()
        if word not in EXPOSED_DEMANDS or led is None:
            return False
        for player in self.yet_to_play(hand, ):
            mine = [c for c, h in self.holders.items() if h == player]
            if word == "no-trump":
                mine = [c for c in mine if c.suit is hand.trump and led is not hand.trump]
            else:
                mine = [c for c in mine if c.suit is led]
            if mine:
                self.bind(hand, player, word, led, mine if word == "no-trump" else mine[:1], event.at)
                return True
        return False

    def bind(self, hand: BostonHand, player: str, word: str, led: Suit, cards: list[Card], at: ev.Span) -> None:
        """The caller's demand on `player`'s exposed `cards`: highest, lowest, withhold or no-trump."""
        effects = tuple(hand.require(player, word, "exposed.card", at, card=card) for card in cards)
        shown = " ".join(c.text for c in cards)
        demand = {"highest": f"{player}'s highest {led.word[:-1]}", "lowest": f"{player}'s lowest {led.word[:-1]}",
                  "withhold": f"that {player} not play", "no-trump": f"that {player} not ruff with"}[word]
        hand.penalise("exposed.card", f"{hand.caller} demands {demand} (exposed: {shown})"
                      if word in ("highest", "lowest") else f"{hand.caller} demands {demand} the exposed {shown}",
                      effects=effects)

    def yet_to_play(self, hand: BostonHand) -> list[str]:
        """The opponents still to play to the current trick, in turn."""
        assert hand.table is not None
        current, order = hand.table.current, hand.order
        start = order.index(current.leader)
        seats = [order[(start + i) % len(order)] for i in range(len(order))]
        return [p for p in seats if p not in current.players and p != hand.caller]
