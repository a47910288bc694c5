"""What the whist laws make of each irregularity, topic by topic (see `referee.engine.penalties`):
the findings' words and the choices they open to the adversaries. A revoke's tricks are the settlement's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import penalties as laws
from ...engine import table as tb
from ...engine.choices import Lapse, Option
from ...engine.laws import Effect, Irregularity
from ...notation import events as ev

if TYPE_CHECKING:
    from .hand import WhistHand  # noqa: F401 (the quoted type parameter of every law below)


class WhistRevokeLaw(laws.RevokeLaw["WhistHand"]):
    """A renounce corrected in time leaves its card exposed (L29); an established revoke costs two
    tricks at the end of the hand, and its side cannot go out (L30)."""

    __slots__ = ()

    def corrected_ruling(self, fact: tb.Revoke) -> str:
        english = self.hand.options["corrected-renounce"] == "highest-lowest"
        return (f"{fact.card} stays face up, liable to be called by the adversaries"
                + (f", who may instead require his highest or lowest {fact.led.word[:-1]}" if english else "")
                + "; the players after him may take back their cards.")

    def established_ruling(self, fact: tb.Revoke) -> str:
        hand, side = self.hand, self.hand.side(fact.player)
        if hand.options["revoke-penalty"] == "english":
            return (f"{hand.other(side)} choose: take three tricks from {side}, deduct three points from {side}'s "
                    f"score, or add three to their own, scored before everything else; {side} cannot go out this hand.")
        return (f"At the end of the hand two tricks pass from {side} to {hand.other(side)}, and {side} cannot go out "
                "this hand.")

    def rule(self, fact: tb.Revoke, finding: Irregularity) -> None:
        hand = self.hand
        if fact.status != "corrected":
            if hand.options["revoke-penalty"] == "english":  # W44: the adversaries' choice, scored with the hand
                index, them = len(hand.revokes) - 1, hand.adversaries(fact.player)
                hand.offer(them, fact.player, ("take-three", "deduct-three", "add-three"), "revoke.established",
                           f"{hand.side_label(them)} choose the penalty of {fact.player}'s revoke in trick {fact.trick}"
                           ": take three tricks, deduct three points or add three.",
                           lambda option, at: hand.revoke_choices.__setitem__(index, option), ends=(Lapse.SETTLEMENT,))
            return
        if hand.options["corrected-renounce"] == "exposed":
            hand.exposed_cards.offer(fact.player, fact.card, "revoke.corrected")
            return

        def apply(option: str, at: ev.Span) -> None:
            card = fact.card if option == "card" else None
            hand.exposed.setdefault(fact.player, []).extend([card] if card else [])
            effect = hand.require(fact.player, option, "revoke.corrected", at, card=card)
            hand.penalise("revoke.corrected", f"{fact.player} must play {card or option}", effects=(effect,))

        them = hand.adversaries(fact.player)
        hand.offer(them, fact.player, ("card", "highest", "lowest"), "revoke.corrected", f"{hand.side_label(them)} may "
                   f"call {fact.card} as exposed, or require {fact.player}'s highest or lowest {fact.led.word[:-1]} in "
                   "this trick.", apply, ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED))


class WhistRetractLaw(laws.RetractLaw["WhistHand"]):
    """A lead out of turn taken back owes a suit call (L24); English: or its card is exposed."""

    __slots__ = ()

    def retracted(self, fact: tb.Retracted) -> None:
        hand, false = self.hand, self.hand.false_lead
        hand.exposed_cards.taken_back(fact)  # W52: sent back for a called card, it lies face up
        if false is not None and fact.card is false.card and fact.player == false.player:
            hand.false_lead = None
            why = f"{false.player} led {false.card} out of turn"
            if hand.options["lead-out-of-turn"] == "suit":
                hand.suit_calls.owe(false.player, "play.out-of-turn", why, now=False)
            else:
                them = hand.adversaries(false.player)
                hand.offer(them, false.player, ("card",), "play.out-of-turn", f"{hand.side_label(them)} may call "
                           f"{false.card} as exposed now (call {false.card}); otherwise a suit may be called at the "
                           f"next lead of {false.player}'s side.", lambda option, at: self.card_called(false)
                           if option != "suit" else hand.suit_calls.owe(false.player, "play.out-of-turn", why),
                           ends=(Lapse.ANY_ACTION,), implied="suit", card=false.card)
        hand.suit_calls.due()  # the trick may be empty now, with a side owing a suit call to lead

    def card_called(self, false: tb.OutOfTurn) -> None:
        """E62: the card led out of turn, called: it lies face up, to be played when called."""
        self.hand.penalise("play.out-of-turn", f"{false.card} is exposed",
                           effects=(Effect("exposed", false.player, None, false.card.text),))
        self.hand.exposed_cards.offer(false.player, false.card, "play.out-of-turn")


class WhistOutOfTurnLaw(laws.OutOfTurnLaw["WhistHand"]):
    """A lead out of turn stands if all four play to it, otherwise it goes back for a suit call
    (L24); a play before the second hand is penalised only when the fourth plays first (L25-L26)."""

    __slots__ = ()

    def found(self, fact: tb.OutOfTurn) -> None:
        hand = self.hand
        if fact.lead:
            hand.false_lead = fact
            hand.find("lead-out-of-turn", fact.player, fact.at, "play.out-of-turn",
                      f"{fact.player} led {fact.card} to trick {fact.trick}, but it was {fact.expected}'s lead. If all "
                      "four play to it the trick stands; otherwise it is taken back, not exposed, and a suit may be "
                      f"called at the next lead of {fact.player} or {hand.partner(fact.player)}.", trick=fact.trick)
            return
        assert hand.table is not None
        leader = hand.table.current.leader
        second, third = hand.left_of(leader), hand.partner(leader)
        fourth = fact.player == hand.right_of(leader) and second == fact.expected \
            and third not in hand.table.current.players
        words: tuple[Option, ...] = (("win", "lose") if hand.options["fourth-before-second"] == "win-lose"
                                     else ("highest", "lowest", "trump", "no-trump"))
        demand = f"{third}, the third hand, may require {second} to play " + " or ".join(words)
        hand.find("play-out-of-turn", fact.player, fact.at, "play.before-second",
                  f"{fact.player} played {fact.card} to trick {fact.trick} before {fact.expected}. "
                  + (f"{demand}; the card stands." if fourth else "The card stands, without penalty."),
                  trick=fact.trick)
        if fourth:
            hand.demand({third}, fact.player, second, words, "play.before-second", demand + ".")

    def played_twice(self, fact: tb.PlayedTwice) -> None:
        """L19: a second card given to a trick is dead and leaves its player a card short; his adversaries
        choose a new deal or to play on without it (he sits out the last trick). English code (E70, W64): the
        tricks are searched and the card goes back to him. A leader's second card may be L22's (`led_ahead`)."""
        hand, table = self.hand, self.hand.table
        assert table is not None
        if self.led_ahead(fact):
            return
        english = hand.options["code"] == "english"
        hand.find("play-out-of-turn", fact.player, fact.at, "play.played-twice", f"{fact.player} already played to "
                  f"trick {fact.trick} and gives it {fact.card} as well: " + (
                      "the card goes back to his hand, and he answers for any revoke it caused." if english else
                      f"the card is dead and {fact.player} is a card short; his adversaries choose a new deal or to "
                      "play on."), trick=fact.trick)
        if not english:
            (table.hands or {}).get(fact.player, set()).discard(fact.card)
            table.played.setdefault(fact.card, (fact.player, fact.trick))
            hand.short[fact.player] = False  # the choice is offered once the trick is complete

    def led_ahead(self, fact: tb.PlayedTwice) -> bool:
        """L22 (W53): after a card better than any of its suit the adversaries hold, another led without waiting
        for the partner to play: either adversary may require the partner to win the trick; the card is exposed."""
        hand, table = self.hand, self.hand.table
        assert table is not None
        trick, partner, them = table.current, hand.partner(fact.player), hand.adversaries(fact.player)
        if table.hands is None or fact.trick != trick.number or fact.player != trick.leader or partner in trick.players:
            return False  # a second card given to the trick just completed is not this law's either
        lead, rivals = trick.plays[0].card, [c for p in them for c in table.hands.get(p, ())]
        if any(c.suit is lead.suit and c.rank > lead.rank for c in [*rivals, *(q.card for q in trick.plays)]):
            return False
        hand.find("lead-out-of-turn", fact.player, fact.at, "play.led-ahead", f"{fact.player} leads {fact.card} "
                  f"before {partner}, his partner, has played to trick {fact.trick}: {fact.card} is exposed, and "
                  f"{hand.side_label(them)} may require {partner} to win the trick (call win).", trick=fact.trick)
        hand.exposed_cards.offer(fact.player, fact.card, "play.led-ahead")
        if not any(c.pending.options == ("win",) and c.trick == fact.trick for c in hand.choices):
            hand.demand(them, fact.player, partner, ("win",), "play.led-ahead",
                        f"{hand.side_label(them)} may require {partner} to win trick {fact.trick}.")
        return True


class WhistExposedLaw(laws.ExposedLaw["WhistHand"]):
    """An exposed card is liable to be called by either adversary (L20-L21); one exposed before the
    first lead lets the dealer's adversaries demand a new deal, and cannot be called (L15)."""

    __slots__ = ()

    def found(self, event: ev.Expose) -> None:
        """L18, E52 (W10): the trump card may lie face up until trick 2 (or 1) is quitted, then it may be called."""
        hand, table, after = self.hand, self.hand.table, self.hand.options["trump-card-liable-after"]
        held = table.hands.get(event.player, set()) if table and table.hands is not None else {event.card}
        if event.card is not hand.trump_card or event.player != hand.dealer or event.card not in held:
            super().found(event)
        elif table is None or len(table.tricks) - (not table.gathered) < after:
            hand.note(f"The trump card {event.card} may lie on the table until trick {after} is quitted.")
        else:
            hand.find("exposed-card", event.player, event.at, "exposed.trump-card", f"The trump card {event.card} is "
                      f"still on the table after trick {after} was quitted: it is liable to be called.",
                      trick=hand.trick_number)
            hand.exposed_cards.offer(event.player, event.card, "exposed.trump-card")

    def ruling(self, event: ev.Expose) -> str:
        if self.hand.table is None:
            return ("Exposed in the deal: the dealer's adversaries may demand a new deal; if the deal stands the card "
                    "cannot be called.")
        return "It stays face up, liable to be called by either adversary until it is played."

    def rule(self, event: ev.Expose, finding: Irregularity) -> None:
        hand = self.hand
        if hand.table is not None:
            hand.exposed_cards.offer(event.player, event.card)
            return
        hand.exposed[event.player].remove(event.card)
        hand.offer_new_deal(hand.dealer, "deal.exposed", f"{event.card} was exposed in the deal", (Lapse.PLAY_BEGINS,),
                            f"The deal stands; {event.card} cannot be called.")


class WhistAttentionLaw(laws.AttentionLaw["WhistHand"]):
    """L35: the offender's partner may be made to play highest or lowest, or to trump or not, by the
    adversary last to play to the trick."""

    __slots__ = ()

    def target(self, event: ev.Count) -> str | None:
        """The offender's partner, while he has still to play to the trick."""
        table, partner = self.hand.table, self.hand.partner(event.player)
        if table is None or table.finished or partner in table.current.players:
            return None
        return None if not table.current.plays and table.current.leader == partner else partner

    def ruling(self, event: ev.Count) -> str:
        target = self.target(event)
        return (f"The adversary last to play may require {target} to play highest or lowest, or to trump or not."
                if target else "His partner has played to the trick, or there is none to play: no penalty.")

    def rule(self, event: ev.Count, finding: Irregularity) -> None:
        hand, target = self.hand, self.target(event)
        if target is None or hand.table is None:
            return
        last = hand.right_of(hand.table.current.leader)
        chooser = hand.right_of(last) if hand.same_side(last, event.player) else last
        hand.demand({chooser}, event.player, target, ("highest", "lowest", "trump", "no-trump"), "attention.drawn",
                    f"{chooser} may require {target} to play highest or lowest, or to trump or not.")


class WhistCallLaw(laws.CallLaw["WhistHand"]):
    """L39 (W70): a demand by the wrong adversary, or for the wrong penalty, voids the penalty."""

    __slots__ = ()

    def unanswered_call(self, event: ev.Call) -> bool:
        """English code, E60 (W54): naming a wrong card in a call of an exposed one costs a suit call (W70 else)."""
        hand = self.hand
        if hand.options["code"] != "english" or event.card is None or not any(
                c.card is not None and event.player in c.choosers for c in hand.choices):
            return self.void_wrong_demand(event)
        why = f"{event.player} called {event.card}, a card not exposed"
        hand.find("inconsistent-transcript", event.player, event.at, "exposed.wrong-name", f"{why}: a suit may be "
                  f"called from {event.player} or {hand.partner(event.player)} at their next lead.")
        hand.suit_calls.owe(event.player, "exposed.wrong-name", why)
        return True


class WhistDealLaw(laws.DealLaw["WhistHand"]):
    __slots__ = ()

    def wrong_dealer_ruling(self) -> str:
        return "It was not stopped before the trump card was turned, so the deal stands."

    def wrong_count_ruling(self, player: str) -> str:
        nxt = "the deal passes to the left" if self.hand.options["misdeal"] == "loses-deal" else "the dealer redeals"
        return (f"Found before every player has played to the first trick it is a misdeal: {nxt}. Found later, the "
                "adversaries choose a new deal or play on (a new deal if one of them is wrong too).")


LAWS = laws.PenaltyLaws(revoke=WhistRevokeLaw, retract=WhistRetractLaw, out_of_turn=WhistOutOfTurnLaw,
                        exposed=WhistExposedLaw, attention=WhistAttentionLaw, call=WhistCallLaw, deal=WhistDealLaw)
"""Whist's penalty laws, declared on its hand."""
