"""What Boston's laws make of each irregularity, topic by topic (see `referee.engine.penalties`).

Only the caller's opponents are penalised, nobody in misère partout (`BostonHand.penalty_applies`);
every penalty is the caller's to choose, and only he waives it by playing on (L21, L39). In a
misère an opponent's error lets the caller claim the pool and his stakes at once. The money of
a revoke or a claim is the settlement's (`settlement.py`); here are the findings' words and the
choices they open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...engine import penalties as laws
from ...engine import table as tb
from ...engine.caller import MisereError, lay_down, lead_called
from ...engine.choices import Lapse
from ...engine.laws import Effect
from ...engine.penalties import Offer, Ruling
from ...notation import events as ev

if TYPE_CHECKING:
    from .hand import BostonHand


def claimed(hand: BostonHand, caller: str, offender: str, what: str) -> None:
    """The caller's claim for an opponent's misère error, which the settlement pays."""
    hand.claimed_from = offender
    hand.notes.append(f"{caller} claimed the pool and his stakes for {offender}'s error.")


MISERE = MisereError("misere.error", lambda hand: hand.caller if hand.high is not None and hand.high.misere else None,
                     lambda hand, caller, offender, what: f"{what}: {caller} may at once claim the pool and his "
                     f"stakes, {offender} forfeiting {hand.numbers.pool['misere-error']} red to the pool, or play on.",
                     claimed, "Play went on: {caller} did not claim for {offender}'s error.")
"""An opponent's error in a misère: the caller may claim the pool and his stakes at once (the
offender forfeiting to the pool), or play on; a result written while it is open shows he claimed."""
misere_error = MISERE.open
MISERE_WORDS = "In a misère this is a misère error."


class BostonRevokeLaw(laws.RevokeLaw["BostonHand"]):
    """A revoke: the caller's corrected in time may leave his card face up (the seed lets him
    correct until he plays to the next trick); an opponent's corrected lets the caller call for
    his highest or lowest or the card; an established one's cost, in words (the settlement pays it)."""

    __slots__ = ()

    def decide(self, hand: BostonHand, fact: tb.Revoke) -> Ruling:
        if fact.status != "corrected":
            return Ruling(self.established_words(hand, fact))
        if hand.partout or hand.caller is None:
            return super().decide(hand, fact)
        over = hand.stage == "ended"
        if fact.player != hand.caller:
            words = (f"{hand.caller} may require {fact.player}'s highest or lowest {fact.led.word[:-1]}, or call "
                     f"{fact.card} as an exposed card.")
            return Ruling(words, None if over else self.corrected_opponent_offer(hand, fact))
        exposed = (hand.next_plays if hand.late_correction() else hand.later_plays) > 0
        if not exposed:
            return Ruling("No adversary had played to the next trick: no penalty." if hand.late_correction() else
                          "The caller corrected it before an opponent played after him: no penalty.")
        words = (f"An adversary had already played to the next trick, so {fact.card} is left face up on the table "
                 "and the opponents may call it." if hand.late_correction() else
                 f"An opponent had already played after him, so {fact.card} is exposed and the opponents may call it.")
        if over:
            return Ruling(words)
        opponents = laws.choosers(hand, fact.player)
        return Ruling(words, Offer(opponents, fact.player, ("card",), "revoke.corrected",
                                   f"{fact.card} stays face up; {hand.side_label(opponents)} may call it.",
                                   ends=(Lapse.CARD_PLAYED,), card=fact.card, target=fact.player,
                                   said_card="the opponents call the caller's exposed {card}"))

    def corrected_opponent_offer(self, hand: BostonHand, fact: tb.Revoke) -> Offer:
        """The caller's call on an opponent's corrected revoke: his highest or lowest of the suit led,
        or the card as an exposed card."""
        return Offer(laws.choosers(hand, fact.player), fact.player, ("highest", "lowest", "card"), "revoke.corrected",
                     f"{hand.caller} may require {fact.player}'s highest or lowest {fact.led.word[:-1]}, or call "
                     f"{fact.card} as an exposed card.", called=fact.card, target=fact.player,
                     said=f"{{choosers}} requires {{target}}'s {{option}} {fact.led.word[:-1]}",
                     said_card="{choosers} calls {target}'s {card} as an exposed card")

    def established_words(self, hand: BostonHand, fact: tb.Revoke) -> str:
        if hand.revokes and hand.revokes[0] is not fact:
            return "An earlier revoke already settles the hand."
        if hand.partout:
            return "Misère partout: the revoker pays five red to each other player and four red to the pool."
        if fact.player == hand.caller:
            return "The caller loses his call and is put in for at least one trick; the hands are thrown up."
        return self.opponent_words(hand) + "; the revoker forfeits to the pool."

    def opponent_words(self, hand: BostonHand) -> str:
        """What an opponent's revoke earns the caller, in words that fit his call."""
        assert hand.high is not None
        if hand.high.misere:
            name = hand.high.text.replace("-", " ").replace("misere", "misère")
            return f"Each opponent pays the caller the {name} amount, as if he had made it"
        over = hand.revoke_overtricks()
        extra = (f" with {over} over-tricks" if over else " (thirteen tricks leave no room for over-tricks)"
                 if hand.high.tricks == 13 else " (no over-tricks above a bid of nine)")
        return f"Each opponent pays the caller as if he had made his bid{extra}"


class BostonOutOfTurnLaw(laws.OutOfTurnLaw["BostonHand"]):
    """A lead or play out of turn: the caller's choice (a misère error in a misère); two cards to
    one trick are the engine's law 19, Boston declaring what a player short answers for (`short_ruling`)."""

    __slots__ = ()

    def decide(self, hand: BostonHand, fact: tb.OutOfTurn) -> Ruling:
        if hand.partout:
            return Ruling("In misère partout this carries no penalty.")
        if fact.player == hand.caller:
            return Ruling("The caller is not penalised: his lead stands if the next player follows it, otherwise it "
                          "goes back." if fact.lead else "The caller is not penalised.")
        applies = hand.penalty_applies(fact.player)
        verb = "led" if fact.lead else "played"
        if misere := MISERE.ruling(hand, fact.player, f"{fact.player} {verb} {fact.card} out of turn", MISERE_WORDS,
                                   applies):
            return misere
        if fact.lead:
            return Ruling(f"{hand.caller}, who has not played to the trick, may call a suit from the rightful leader, "
                          "call the card as exposed, or accept the lead.",
                          self.lead_penalty(hand, fact) if applies else None)
        return Ruling(f"{hand.caller} may require an opponent still to play to play highest or lowest, "
                      "or to win or lose the trick.", self.play_penalty(hand, fact) if applies else None)

    def lead_penalty(self, hand: BostonHand, fact: tb.OutOfTurn) -> Offer:
        caller, offender, card = hand.caller, fact.player, fact.card
        targets = [fact.expected] if fact.expected != caller else list(hand.adversaries(fact.expected))
        whom = fact.expected if fact.expected != caller else "the opponent who next leads"

        def apply(hand: BostonHand, option: str, at: ev.Span) -> None:
            if option == "accept":
                return
            effects, suit = lead_called(hand, offender, card, targets, option, "play.out-of-turn", at, exposed=True)
            hand.penalise("play.out-of-turn", f"{caller} calls a {suit.word[:-1]} lead from {whom}; {offender} takes "
                          f"back {card}" if suit else f"{caller} treats {offender}'s {card} as exposed and calls it",
                          effects=effects)

        return Offer(laws.choosers(hand, offender), offender, ("suit", "card", "accept"), "play.out-of-turn",
                     f"{caller} may call a suit from {whom} ({offender} takes {card} back), call {card} as an exposed "
                     "card, or accept the lead (his playing to it accepts it; a card his opponents play to it before "
                     "he decides is taken back, liable to be called).", apply, implied="accept",
                     implied_text=f"Play went on to {offender}'s lead out of turn: it stands.", card=card)

    def play_penalty(self, hand: BostonHand, fact: tb.OutOfTurn) -> Offer | None:
        assert hand.table is not None
        assert hand.caller is not None  # only the caller's opponents are penalised
        played = {p.player for p in hand.table.current.plays}
        targets = [p for p in hand.adversaries(hand.caller) if p not in played]
        if not targets:
            return None
        target = fact.expected if fact.expected in targets else targets[0]
        return Offer(laws.choosers(hand, fact.player), fact.player, ("highest", "lowest", "win", "lose"),
                     "play.out-of-turn", f"{hand.caller} may require {target} to play his highest or lowest of the "
                     "suit led, or to win or lose the trick.", ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED),
                     target=target)


def short_ruling(hand: BostonHand, player: str) -> str:
    """What a player a card short by a dead card (law 19) answers for: the "player short" rule."""
    if hand.partout or hand.caller is None:
        return "In misère partout he pays five red counters to each other player and the hands are abandoned."
    if player == hand.caller:
        return "A caller found short is put in for at least one trick (more if he cannot make his bid)."
    return (f"An opponent found short: all three opponents pay {hand.caller} for his bid and every over-trick "
            "he makes; the hand may be played on for them.")


class BostonExposedLaw(laws.ExposedLaw["BostonHand"]):
    """An opponent's exposed card stays face up, liable to be called (a misère error in a misère)."""

    __slots__ = ()

    def decide(self, hand: BostonHand, event: ev.Expose) -> Ruling:
        if hand.partout or hand.caller is None:
            return Ruling("No penalty: " + ("misère partout." if hand.partout else "the bidding is not settled."))
        if event.player == hand.caller:
            return Ruling("The caller is not penalised for his own exposed cards.")
        if not hand.penalty_applies(event.player):
            return Ruling("The play is over: no penalty applies.")
        if misere := MISERE.ruling(hand, event.player, f"{event.player} exposed {event.card}", MISERE_WORDS):
            return misere
        return Ruling(f"It stays face up and {hand.caller} may call it.",
                      hand.liable.offer(hand, event.player, event.card),
                      lambda choice: hand.liable.lay(event.card, event.player))


class BostonAttentionLaw(laws.AttentionLaw["BostonHand"]):
    """Drawing attention to the tricks: the caller may require highest or lowest, trump or not."""

    __slots__ = ()

    def decide(self, hand: BostonHand, event: ev.Count) -> Ruling:
        table = hand.table
        if table is not None and table.finished:
            return Ruling("Every trick has been played, so there is nothing left to require: no penalty applies.")
        if hand.caller is None or not hand.penalty_applies(event.player) or table is None:
            return Ruling("No penalty applies.")
        if misere := MISERE.ruling(hand, event.player, f"{event.player} drew attention to the tricks", MISERE_WORDS):
            return misere
        current = table.current
        played = {p.player for p in current.plays}
        targets = [p for p in hand.adversaries(hand.caller)
                   if p not in played and (current.plays or p != current.leader)]

        def apply(hand: BostonHand, option: str, at: ev.Span) -> None:
            effects = [hand.require(t, option, "attention.drawn", at) for t in targets]
            hand.penalise("attention.drawn", f"{hand.caller} requires {option} from {' '.join(targets)}",
                          effects=tuple(effects))

        return Ruling(f"{hand.caller} may require highest or lowest, or trump or no trump, from the opponents still "
                      "to play.",
                      Offer(laws.choosers(hand, event.player), event.player, ("highest", "lowest", "trump", "no-trump"),
                            "attention.drawn", f"{hand.caller} may require the opponents still to play to trick "
                            f"{current.number} ({' '.join(targets)}) to play highest or lowest, or to trump or not "
                            "trump.", apply, ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED)))


def claim_rest(hand: BostonHand, event: ev.ClaimRest) -> None:
    """An opponent who says he can win the rest: his partners' cards are laid on the table and are
    liable to be called (L36), at the caller's call for the rest of the hand (`LiableCards`)."""
    if hand.table is None or hand.stage != "play" or hand.caller is None or event.player == hand.caller:
        who = "the caller, who has no partner" if event.player == hand.caller else "nobody, outside the play"
        hand.notes.append(f"{event.player} says he can win the rest: no penalty ({who}).")
        return
    partners = [p for p in hand.adversaries(hand.caller) if p != event.player]
    misere = MISERE.caller(hand) is not None
    cards = lay_down(hand, event, partners, "his partners ", MISERE_WORDS if misere else
                     f"They stay face up and {hand.caller} may call them, and demand their play or not when their "
                     "suit is led, for the rest of the hand.")
    if misere:
        MISERE.open(hand, event.player, f"{event.player} claimed the rest, exposing his partners' cards")
        return
    for player, card in ((p, c) for p in partners for c in cards[p]):
        hand.liable.lay(card, player)
    hand.penalise("play.claim-rest", f"{' and '.join(partners)} lay their cards face up, liable to be called",
                  effects=[Effect("exposed", p, None, c.text) for p in partners for c in cards[p]])


LAWS = laws.PenaltyLaws(revoke=BostonRevokeLaw((  # the seed's caller corrects until he plays to the next trick
                            "the caller has not played to the next trick yet", "before he played to the next trick",
                            "when the hand ended (the caller may correct his revoke until he plays to the next trick)",
                            "when the caller played to the next trick without correcting it")),
                        out_of_turn=BostonOutOfTurnLaw(short=short_ruling),  # law 19: a second card is dead
                        exposed=BostonExposedLaw(), attention=BostonAttentionLaw(),
                        deal=laws.DealLaw(
                            "Found before the first card is played it is a misdeal (or, when the card is missing from "
                            "every hand, an imperfect pack); if play goes on the deal stands and the short hand pays "
                            "as the wrong-count rule says.",
                            "It was not stopped before the last card was dealt, so the deal stands.",
                            "A hand with too many cards makes a misdeal: the same dealer deals again."))
"""Boston's penalty laws, declared on its hand."""
