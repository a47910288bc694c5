"""The opponents' cards liable to be called in Boston: exposed or dropped cards, a card taken back
after it was played before the caller's decision, the cards laid down after "I can win the rest"
(L20-L23, L36). They lie face up on the table until played, and the caller keeps his rights
over them for the rest of the hand (L21 ins.): call a card, or when its suit is led demand the
holder's highest or lowest, or that it be not played, or keep an exposed trump from ruffing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine.laws import Effect
from ...engine.replay import HandReplay, Requirement
from ...notation import events as ev
from ...notation.cards import Card

if TYPE_CHECKING:
    from .hand import BostonHand

CALL_WORDS = ("highest", "lowest", "withhold", "no-trump")
"""The calls on an exposed card besides calling the card itself."""


class LiableCards:
    """The cards on the table liable to be called, who holds each, and what a call on them binds."""

    def __init__(self, hand: BostonHand) -> None:
        self.hand = hand
        self.holders: dict[Card, str] = {}

    def __bool__(self) -> bool:
        return bool(self.holders)

    def lay(self, card: Card, holder: str) -> None:
        self.holders[card] = holder

    def played(self, card: Card) -> None:
        """A card played is no longer liable to be called."""
        self.holders.pop(card, None)

    def claim_rest(self, event: ev.ClaimRest) -> None:
        """An opponent who says he can win the rest: his partners' cards are laid on the table and are
        liable to be called (L36)."""
        hand = self.hand
        if hand.table is None or hand.phase != "play" or hand.caller is None or event.player == hand.caller:
            who = "the caller, who has no partner" if event.player == hand.caller else "nobody, outside the play"
            hand.notes.append(f"{event.player} says he can win the rest: no penalty ({who}).")
            return
        partners = [p for p in hand.opponents() if p != event.player]
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
            hand.misere_error(event.player, f"{event.player} claimed the rest, exposing his partners' cards")
            return
        effects = []
        for player in partners:
            for card in cards.get(player, ()):
                self.lay(card, player)
                effects.append(Effect("exposed", player, None, card.text))
        hand.penalise("play.claim-rest", f"{' and '.join(partners)} lay their cards face up, liable to be called",
                      effects=effects)

    def call(self, event: ev.Call) -> bool:
        """The caller calls an exposed card (`call C`), or, when its suit is led, demands the holder's
        highest or lowest, or that it be not played (`withhold`); an exposed trump may be kept from
        ruffing (`no-trump`). The call binds the next opponent to play who holds such a card.
        False when the call is about no card on the table."""
        hand, table = self.hand, self.hand.table
        if table is None or hand.phase != "play":
            return False
        if event.card is not None:
            holder = self.holders.get(event.card)
            if holder is None:
                return False
            effect = hand.require(holder, "card", "exposed.card", event.at, card=event.card)
            hand.penalise("exposed.card", f"{hand.caller} calls {holder}'s exposed {event.card}", effects=(effect,))
            return True
        word, led = event.word, table.led_suit()
        if word not in CALL_WORDS or led is None:
            return False
        for player in self.yet_to_play():
            mine = [c for c, h in self.holders.items() if h == player]
            if word == "no-trump":
                mine = [c for c in mine if c.suit is hand.trump_suit and led is not hand.trump_suit]
            else:
                mine = [c for c in mine if c.suit is led]
            if not mine:
                continue
            cards = mine if word == "no-trump" else mine[:1]
            effects = tuple(hand.require(player, word, "exposed.card", event.at, card=card) for card in cards)
            shown = " ".join(c.text for c in cards)
            demand = {"highest": f"{player}'s highest {led.word[:-1]}", "lowest": f"{player}'s lowest {led.word[:-1]}",
                      "withhold": f"that {player} not play", "no-trump": f"that {player} not ruff with"}[word]
            hand.penalise("exposed.card", f"{hand.caller} demands {demand} (exposed: {shown})"
                          if word in ("highest", "lowest") else f"{hand.caller} demands {demand} the exposed {shown}",
                          effects=effects)
            return True
        return False

    def yet_to_play(self) -> list[str]:
        """The opponents still to play to the current trick, in turn."""
        hand = self.hand
        assert hand.table is not None
        current, order = hand.table.current, hand.order
        start = order.index(current.leader)
        seats = [order[(start + i) % len(order)] for i in range(len(order))]
        return [p for p in seats if p not in current.players and p != hand.caller]

    def met(self, requirement: Requirement, event: ev.Play) -> bool | None:
        """Whether a play meets a call on an exposed card other than the card itself (None: not
        due yet): highest, lowest and withhold bind when its suit is led, no-trump to a ruff."""
        table = self.hand.table
        card = requirement.card
        assert table is not None and card is not None
        leading, led = not table.current.plays, table.led_suit()
        if requirement.what == "no-trump":
            if event.card is not card:
                return None
            return leading or led is card.suit
        if leading or led is not card.suit:
            return None
        if requirement.what == "withhold":  # not played, unless it is his only card of the suit (no revoke)
            held = table.hands.get(event.player) if table.hands is not None else None
            others = held is not None and any(c.suit is led and c is not card for c in held)
            return event.card is not card or (held is not None and not others)
        return HandReplay.requirement_met(self.hand, requirement, event)
