"""What the whist laws make of each irregularity, topic by topic (see `referee.engine.penalties`):
the findings' words and the choices they open to the adversaries. A revoke's tricks are the settlement's."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...engine import penalties as laws
from ...engine import table as tb
from ...engine.choices import LAST_TRICK, SUIT_OPTIONS, Choice, Lapse, Option
from ...engine.newdeal import new_deal_offer, play_on_choices
from ...engine.penalties import DEMANDS, Offer, Ruling, fitting_demands
from ...engine.suitcalls import call_lead
from ...notation import events as ev

if TYPE_CHECKING:
    from ...engine.replay import Requirement
    from .hand import WhistHand


class WhistRevokeLaw(laws.RevokeLaw["WhistHand"]):
    """A renounce corrected in time leaves its card exposed (L29); an established revoke costs two
    tricks at the end of the hand, and its side cannot go out (L30)."""

    __slots__ = ()

    def decide(self, hand: WhistHand, fact: tb.Revoke) -> Ruling:
        if fact.status == "corrected":  # L29: the card lies face up; English laws: or highest or lowest
            ruling = self.corrected(hand, fact)
            return ruling if (fact.player, fact.trick) not in hand.asked else Ruling(hand.say(
                "revoke.partner-asks", "asked", ruling=ruling.words), ruling.offer, ruling.then, "revoke.partner-asks")
        side, others = hand.side(fact.player), hand.other(hand.side(fact.player))
        if hand.both_revoked():  # both-revoke=new-deal: no penalty, the hand will be void
            return Ruling(hand.say("revoke.established", "both-pending", side=side))
        if hand.game_options["revoke-penalty"] != "english":  # W45: a side's later revoke may cost one trick
            later = hand.game_options["revoke-repeat"] == "later-one-trick" and [
                hand.side(r.player) for r in hand.revokes].count(side) > 1
            moved = hand.say("revoke.established", "one-trick") if later else hand.say("revoke.established", "two")
            return Ruling(hand.say("revoke.established", "tricks", moved=moved, side=side, others=others) if barred(
                hand) else hand.say("revoke.established", "tricks-free", moved=moved, side=side, others=others))
        return english_penalty(hand, fact.player, fact.trick, len(hand.revokes) - 1)

    def taken_back(self, hand: WhistHand, revoke: tb.Revoke) -> str:  # L29 (W41): once taken back, it lies face up
        return " " + hand.say("revoke.corrected", "pending", ruling=self.corrected(hand, revoke, pending=True).words)

    def corrected(self, hand: WhistHand, fact: tb.Revoke, pending: bool = False) -> Ruling:
        after = hand.say("revoke.corrected", "after-him") if hand.later_plays and not pending else ""  # L29
        if hand.game_options["corrected-renounce"] == "exposed":
            return Ruling(hand.say("revoke.corrected", "face-up", card=fact.card, after=after),
                          hand.exposed_cards.offer(hand, fact.player, fact.card, "revoke.corrected"),
                          lambda choice: hand.exposed.setdefault(fact.player, []).append(fact.card))

        def apply(hand: WhistHand, option: str, at: ev.Span) -> None:
            if option == "exposed":  # E76 unchosen: the card simply lies face up, liable to be called
                hand.exposed_cards.expose(hand, fact.player, fact.card, "revoke.corrected")
                return
            card = fact.card if option == "card" else None
            hand.exposed.setdefault(fact.player, []).extend([card] if card else [])
            effect = hand.require(fact.player, option, "revoke.corrected", at, card=card,
                                  replaces=None if card else fact.trick)  # W42's demand: the call gives way (W48)
            hand.penalty("revoke.corrected", "must-play", player=fact.player, what=card or option, effects=(effect,))

        them, suit = frozenset(hand.adversaries(fact.player)), fact.led.word[:-1]
        return Ruling(hand.say("revoke.corrected", "face-up-or-highest", card=fact.card, suit=suit, after=after),
                      Offer(them, fact.player, ("card", "highest", "lowest"), "revoke.corrected", hand.say(
                          "revoke.corrected", "card-or-highest", others=hand.side_label(them), card=fact.card,
                          player=fact.player, suit=suit), apply,
                            implied="exposed", ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED), called=fact.card))


def barred(hand: WhistHand) -> bool:
    """W43: whether the revokers are told they cannot go out: only where a game can be won and the
    house rules keep the bar (revoker-can-go-out lifts it; scoring=continuous has no game)."""
    return not hand.game_options["revoker-can-go-out"] and hand.game_options["scoring"] == "games"


def english_penalty(hand: WhistHand, player: str, trick: int, index: int) -> Ruling:
    """W44 (E72): the adversaries choose the penalty of revoke `index`, scored with it (all hands down: E59's two)."""
    side, them, others = hand.side(player), frozenset(hand.adversaries(player)), hand.other(hand.side(player))
    words = hand.say("revoke.established", "english", others=others, side=side) if barred(hand) else \
        hand.say("revoke.established", "english-free", others=others, side=side)
    down = len(hand.face_up) == len(hand.order)  # W69: all four hands thrown down, no trick is left to take
    options = ("deduct-three", "add-three") if down else ("take-three", "deduct-three", "add-three")
    offer = hand.say("revoke.established", "english-offer-down", others=others, player=player, trick=trick) \
        if down else hand.say("revoke.established", "english-offer", others=others, player=player, trick=trick)
    return Ruling(words, Offer(them, player, options, "revoke.established", offer,
        lambda hand, option, at: hand.revoke_choices.__setitem__(index, option), ends=(Lapse.SETTLEMENT,)))


def abandoned_revokes(hand: WhistHand) -> None:
    """W69 (E59): an English revoke penalty still to be chosen when the four hands are thrown down is offered
    again, to add or deduct three (the choices are open in the order of their revokes)."""
    unchosen = (i for i in range(len(hand.revokes)) if i not in hand.revoke_choices)
    for choice, i in zip([c for c in hand.choices if "take-three" in c.pending.options], unchosen, strict=False):
        hand.choices.remove(choice)
        hand.open(cast(Offer, english_penalty(hand, hand.revokes[i].player, hand.revokes[i].trick, i).offer))


class WhistRetractLaw(laws.RetractLaw["WhistHand"]):
    """A lead out of turn taken back owes a suit call (L24); English: or its card is exposed."""

    __slots__ = ()

    def retracted(self, hand: WhistHand, fact: tb.Retracted) -> None:
        hand.exposed_cards.taken_back(hand, fact)  # W52: sent back for a called card, it lies face up
        false = hand.false_lead_back(fact)
        if false is not None:
            why = hand.say("play.out-of-turn", "led", player=false.player, card=false.card)
            if hand.game_options["lead-out-of-turn"] == "suit" or hand.lay_exposed(false.player, false.card):  # W56
                hand.suit_calls.owe(hand, false.player, "play.out-of-turn", why, now=False)
            elif false.trick < hand.declared.cards_per_hand:  # E62 (W56): or the card, but not in the last trick
                them, now = frozenset(hand.adversaries(false.player)), hand.same_side(false.expected, false.player)
                said = hand.say("play.out-of-turn", "card-or-suit-now", others=hand.side_label(them), card=false.card,
                                leader=false.expected) if now else hand.say("play.out-of-turn", "card-or-suit",
                                others=hand.side_label(them), card=false.card, player=false.player)
                def apply(hand: WhistHand, option: str, at: ev.Span) -> None:
                    if option == "suit":  # not chosen before the next action: owed at their next lead
                        hand.suit_calls.owe(hand, false.player, "play.out-of-turn", why)
                    elif option in SUIT_OPTIONS.values():
                        call_lead(hand, option, at, false.expected, " or ".join(sorted(them)), "play.out-of-turn")
                    else:
                        hand.exposed_cards.expose_as_penalty(hand, false.player, false.card, "play.out-of-turn")
                hand.open(Offer(them, false.player, ("card", "suit") if now else ("card",), "play.out-of-turn", said,
                                apply, ends=(Lapse.ANY_ACTION,), implied=None if now else "suit", card=false.card))
        hand.suit_calls.due(hand)  # the trick may be empty now, with a side owing a suit call to lead


class WhistOutOfTurnLaw(laws.OutOfTurnLaw["WhistHand"]):
    """A lead out of turn stands if all four play to it, otherwise it goes back for a suit call
    (L24); a play before the second hand is penalised only when the fourth plays first (L25-L26)."""

    __slots__ = ()

    def decide(self, hand: WhistHand, fact: tb.OutOfTurn) -> Ruling:
        player, card, trick, expected = fact.player, fact.card, fact.trick, fact.expected
        assert hand.table is not None
        if fact.lead:
            def kept(choice: Choice | None) -> None:
                hand.false_lead = fact

            partner, last = hand.partner(player), LAST_TRICK if trick >= hand.table.tricks_in_hand else ""
            account = hand.say("play.out-of-turn", "false-lead", player=player, card=card, trick=trick,
                               expected=expected, partner=partner) if hand.game_options["lead-out-of-turn"] == "suit" \
                else hand.say("play.out-of-turn", "false-lead-card", player=player, card=card, trick=trick,  # E62
                              expected=expected, partner=partner, others=hand.side_label(hand.adversaries(player)))
            return Ruling(last, hand.suit_calls.partner_led(hand, fact), kept, account=account)  # L24 (W55)
        leader = hand.table.current.leader
        second, third = hand.left_of(leader), hand.partner(leader)
        fourth = player == hand.right_of(leader) and second == expected and third not in hand.table.current.players
        english = hand.game_options["fourth-before-second"] == "win-lose"  # E68: by the adversaries, win or not
        words, fit = (("win", "lose"), "") if english or not fourth else high_low_or_trump(hand, second)  # L25-L26
        if not fourth or not words:  # no penalty: not the fourth hand, or no demand fits the second (trumps led, none)
            return Ruling(topic="play.before-second", account=hand.say(
                "play.before-second", "no-trumps", player=player, card=card, trick=trick, expected=expected) if fourth
                else hand.say("play.before-second", "stands", player=player, card=card, trick=trick, expected=expected))
        choosers = hand.adversaries(player) if english else (third,)
        demand = hand.say("play.before-second", "win-lose", others=hand.side_label(choosers), second=second) \
            if english else hand.say("play.before-second", "third-hand", third=third, second=second, demand=fit)
        return Ruling(offer=Offer(frozenset(choosers), player, words, "play.before-second",
                                  hand.say("play.before-second", "offer", demand=demand),
                                  ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED), target=second, sends_back=True),
                      topic="play.before-second", account=hand.say(
                          "play.before-second", "ruling", player=player, card=card, trick=trick, expected=expected,
                          demand=demand))

    def played_twice(self, hand: WhistHand, fact: tb.PlayedTwice) -> None:
        """L19: a second card given to a trick is dead and leaves its player a card short; his adversaries
        choose a new deal or to play on without it (he sits out the last trick). English code (E70, W64): the
        tricks are searched and the card goes back to him. A leader's second card may be L22's (`led_ahead`)."""
        if self.led_ahead(hand, fact):
            return
        english, player, trick, card = hand.game_options["code"] == "english", fact.player, fact.trick, fact.card
        words = hand.say("play.played-twice", "goes-back", player=player, trick=trick, card=card) if english \
            else hand.say("play.played-twice", "dead", player=player, trick=trick, card=card)
        hand.find("play-out-of-turn", player, fact.at, "play.played-twice", words, trick=trick)
        if not english:
            self.dead_card(hand, fact)
            hand.short[fact.player] = False  # the choice is offered once the trick is complete: at once if it is
            if trick != hand.trick_number and trick - 1 not in hand.missed.values():  # (a trick missed: offered)
                play_on_choices(hand, trick, hand.short, type(hand).chose_new_deal)

    def led_ahead(self, hand: WhistHand, fact: tb.PlayedTwice) -> bool:
        """L22 (W53): after a card better than any of its suit the adversaries hold, another led without waiting
        for the partner to play: either adversary may require the partner to win the trick; the card is exposed."""
        table = hand.table
        assert table is not None
        trick, partner, them = table.current, hand.partner(fact.player), hand.adversaries(fact.player)
        if table.hands is None or fact.trick != trick.number or fact.player != trick.leader or partner in trick.players:
            return False  # a second card given to the trick just completed is not this law's either
        lead, rivals = trick.plays[0].card, [c for p in them for c in table.hands.get(p, ())]
        if any(c.suit is lead.suit and c.rank > lead.rank for c in [*rivals, *(q.card for q in trick.plays)]):
            return False
        hand.find("lead-out-of-turn", fact.player, fact.at, "play.led-ahead", hand.say(
            "play.led-ahead", "found", player=fact.player, card=fact.card, partner=partner, trick=fact.trick,
            others=hand.side_label(them)), trick=fact.trick)
        hand.exposed_cards.expose(hand, fact.player, fact.card, "play.led-ahead")
        if hand.game_options["code"] == "english":
            hand.led_ahead[fact.card] = fact.player  # E57: the demand may be for any one of these tricks
        if not any(c.pending.options == ("win",) and c.trick == fact.trick for c in hand.choices):
            win_demand(hand, fact.player, fact.trick)
        return True


def win_demand(hand: WhistHand, leader: str, trick: int) -> None:
    """L22, E57 (W53): either adversary may require the partner of the player who led ahead to win the trick."""
    partner, them = hand.partner(leader), hand.adversaries(leader)
    hand.demand(them, leader, partner, ("win",), "play.led-ahead", hand.say(
        "play.led-ahead", "demand", others=hand.side_label(them), partner=partner, trick=trick))


class WhistExposedLaw(laws.ExposedLaw["WhistHand"]):
    """An exposed card is liable to be called by either adversary (L20-L21); one exposed before the
    first lead lets the dealer's adversaries demand a new deal, and cannot be called (L15)."""

    __slots__ = ()

    def decide(self, hand: WhistHand, event: ev.Expose) -> Ruling:
        table, card, after = hand.table, event.card, hand.game_options["trump-card-liable-after"]
        if card is hand.upcard and event.player == hand.dealer:  # L18, E52 (W10): the trump card left out
            if table is None or len(table.tricks) - (not table.gathered) < after:
                def lawful(choice: Choice | None) -> None:
                    hand.exposed[event.player].remove(card)
                    hand.note(hand.say("exposed.trump-card", "may-lie", card=card, after=after))

                return Ruling(found=False, then=lawful)
            still_out = hand.say("exposed.trump-card", "still-out", card=card, after=after)
            liable = hand.exposed_cards.offer(hand, event.player, card, "exposed.trump-card")
            return Ruling(topic="exposed.trump-card", account=still_out, offer=liable)
        if table is not None:
            return Ruling(hand.say("exposed.card", "face-up"), hand.exposed_cards.offer(hand, event.player, card))
        dealer, them, others = hand.dealer, hand.adversaries(hand.dealer), hand.other(hand.side(hand.dealer))
        offer = hand.say("deal.exposed", "offer", card=card, others=others, dealer=dealer)
        return Ruling(hand.say("deal.exposed", "ruling"), new_deal_offer(
            hand, them, dealer, "deal.exposed", offer, hand.say("deal.exposed", "chosen", others=others),
            hand.say("deal.exposed", "stands", card=card), (Lapse.PLAY_BEGINS,), type(hand).chose_new_deal),
            lambda choice: hand.exposed[event.player].remove(card))


class WhistAttentionLaw(laws.AttentionLaw["WhistHand"]):
    """L35: the offender's partner may be made to play highest or lowest, or to trump or not, by the
    adversary last to play to the trick (English code, E86: to win or lose it, by either adversary)."""

    __slots__ = ()

    def decide(self, hand: WhistHand, event: ev.Count) -> Ruling:
        table, target = hand.table, hand.partner(event.player)  # while the partner has still to play
        if table is None or table.finished:
            return Ruling(hand.say("attention.drawn", "no-trick"))
        if target in table.current.players:
            return Ruling(hand.say("attention.drawn", "partner-played", target=target))
        if not table.current.plays and table.current.leader == target:
            return Ruling(hand.say("attention.drawn", "partner-leads", target=target))
        if hand.game_options["code"] != "english":  # the adversary last to play: highest or lowest, trump or not
            last = hand.right_of(table.current.leader)
            chooser = hand.right_of(last) if hand.same_side(last, event.player) else last
            choosers, (options, demand) = frozenset({chooser}), high_low_or_trump(hand, target)
            if not options:
                return Ruling(hand.say("attention.drawn", "no-trumps", target=target))
            offer = hand.say("attention.drawn", "last-offer", chooser=chooser, target=target, demand=demand)
            words = hand.say("attention.drawn", "last-to-play", chooser=chooser, target=target, demand=demand)
        else:  # E86: the adversaries, to win the trick or lose it
            choosers, options = frozenset(hand.adversaries(event.player)), ("win", "lose")
            words = offer = hand.say("attention.drawn", "win-lose", others=hand.side_label(choosers), target=target)
        return Ruling(words, Offer(choosers, event.player, options, "attention.drawn", offer,
                                   ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED), target=target, sends_back=True))


def high_low_or_trump(hand: WhistHand, target: str) -> tuple[tuple[Option, ...], str]:
    """L26, L35 (W60, W66): his highest or lowest of the suit led or, if he has none, to trump or not, and its
    words: his hand known, only the pair that fits him is open and named; a demand of the other is void (L39, W70)."""
    options = fitting_demands(hand, [target])
    if len(options) == len(DEMANDS):
        return options, hand.say("play.before-second", "either")
    if "highest" in options:
        return options, hand.say("play.before-second", "high-low")
    return (options, hand.say("play.before-second", "trump-or-not")) if options else ((), "")  # trumps led, none held


class WhistCallLaw(laws.CallLaw["WhistHand"]):
    """L39 (W70): a demand by the wrong adversary, or for the wrong penalty, voids the penalty."""

    __slots__ = ()

    def decide(self, hand: WhistHand, requirement: Requirement) -> Ruling:
        """L38, E61: a call not obeyed carries the revoke penalty, told as an established revoke's, when it is paid
        (the replay records the revoke before this ruling, in its own trick: one proven later is not the current)."""
        penalty = hand.penalty_laws.revoke.decide(hand, hand.revokes[-1])
        return Ruling(hand.say("call.disobeyed", "revoke", penalty=penalty.words), penalty.offer)

    def unanswered_call(self, hand: WhistHand, event: ev.Call) -> bool:
        """English code, E60 (W54): naming a wrong card in a call of an exposed one costs a suit call (W70 else)."""
        if hand.game_options["code"] != "english" or event.card is None or not any(
                c.card is not None and event.player in c.choosers for c in hand.choices):
            return self.void_wrong_demand(hand, event) or self.fits_none(hand, event) or self.demanded(hand, event)
        hand.found("inconsistent-transcript", event.player, event.at, "exposed.wrong-name", "found",
                   player=event.player, card=event.card, partner=hand.partner(event.player))
        hand.suit_calls.owe(hand, event.player, "exposed.wrong-name",
                            hand.say("exposed.wrong-name", "wrong-name", player=event.player, card=event.card))
        return True

    def demanded(self, hand: WhistHand, event: ev.Call) -> bool:
        """W70 (E72): an English revoke penalty demanded after the adversaries chose it: the first demand was final."""
        chosen = [i for i in hand.revoke_choices if hand.revokes[i].player in hand.adversaries(event.player)]
        if not chosen or event.text not in ("take-three", "deduct-three", "add-three"):
            return False
        hand.found("inconsistent-transcript", event.player, event.at, "call.unfounded", "final", player=event.player,
                   demand=event.text, others=hand.side(event.player), option=hand.revoke_choices[chosen[-1]],
                   revoker=hand.revokes[chosen[-1]].player, trick=hand.revokes[chosen[-1]].trick)
        return True


LAWS = laws.PenaltyLaws(revoke=WhistRevokeLaw(), retract=WhistRetractLaw(), out_of_turn=WhistOutOfTurnLaw(),
                        attention=WhistAttentionLaw(), exposed=WhistExposedLaw(),  # W47 (L38); W48 as W40 (L28):
                        call=WhistCallLaw(lead_proven_later=True, corrected_in_time=True),
                        deal=laws.MisdealRuleLaw["WhistHand"]((ev.UpcardLine,)))  # W8
"""Whist's penalty laws, declared on its hand."""
