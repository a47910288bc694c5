"""What Auction Pitch's laws make of each irregularity, topic by topic (see `referee.engine.penalties`).

Only where the seed departs from the shared default: a revoke (or a call disobeyed) costs the
revoker his points, a set-back and a red counter; an adversary's card out of turn goes back and
the pitcher may call a card from the offender (the pitcher's own goes back without penalty); a
card exposed in the deal lets the others have the deal again (later, nobody has a partner)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...engine import penalties as laws
from ...engine import table as tb
from ...engine.choices import Choice, Lapse, Option
from ...engine.replay import Requirement
from ...notation import events as ev

if TYPE_CHECKING:
    from .hand import AuctionPitchHand

OUT_OF_TURN_CALLS: tuple[Option, ...] = ("highest", "lowest", "trump", "no-trump")


class PitchRevokeLaw(laws.RevokeLaw["AuctionPitchHand"]):
    """The revoker's points go to nobody; he is set back and pays a red counter."""

    __slots__ = ()

    def decide(self, hand: AuctionPitchHand, fact: tb.Revoke) -> laws.Ruling:
        if fact.status == "corrected":
            return super().decide(hand, fact)
        return laws.Ruling(hand.say("revoke.established", "played-out", cost=revoke_words(hand, fact.player)))


def set_back(hand: AuctionPitchHand, offender: str) -> int:
    """The number bid; two when no bid was made. A seller who pitched before any bid made no
    bid (the seed's words): two, unless the revoke-pitch-before-bid house rule counts his four;
    but his own revoke costs his four, as failing would (the digest: the same as failing)."""
    auction = hand.auction
    if auction.sale == "pitched" and offender != auction.pitcher \
            and hand.game_options["revoke-pitch-before-bid"] == "two":
        return 2
    return auction.to_make if auction.to_make is not None else 2


def sale_kept(hand: AuctionPitchHand, player: str) -> int:
    """The points of a revoking seller's sale, which were scored before the play (0: none)."""
    auction = hand.auction
    return auction.sale_points if player == auction.eldest and auction.sale == "sold" else 0


def revoke_words(hand: AuctionPitchHand, player: str) -> str:
    """What a revoke (or a call disobeyed) costs `player`, in words."""
    pitcher, kept, amount = hand.pitcher or "", sale_kept(hand, player), set_back(hand, player)
    safe = hand.say("revoke.established", "pitcher-safe", pitcher=pitcher) if player != pitcher \
        and hand.auction.to_make is not None else ""
    return hand.say("revoke.established", "cost-sold", player=player, points=kept, amount=amount, safe=safe) \
        if kept else hand.say("revoke.established", "cost", player=player, amount=amount, safe=safe)


class PitchOutOfTurnLaw(laws.OutOfTurnLaw["AuctionPitchHand"]):
    """An adversary's card out of turn goes back and the pitcher may call a card from him, unless
    the pitcher plays to it; the pitcher's own card out of turn goes back without penalty."""

    __slots__ = ()

    def decide(self, hand: AuctionPitchHand, fact: tb.OutOfTurn) -> laws.Ruling:
        if fact.player == hand.pitcher and not fact.lead and hand.stood is not None and hand.stood.trick == fact.trick:
            return laws.Ruling(found=False)  # the seed: following a card out of turn that stands, he is no offender
        if fact.player == hand.pitcher:
            return laws.Ruling(hand.say("play.pitcher-out-of-turn", "ruling"), topic="play.pitcher-out-of-turn",
                               keeps=True)  # kept until it goes back, or stands
        return laws.Ruling(hand.say("play.out-of-turn", "ruling", pitcher=hand.pitcher, player=fact.player),
                           _offer(hand, fact), keeps=True)

    def stood(self, hand: AuctionPitchHand, false: tb.OutOfTurn) -> str:
        late = offenders(hand, false)
        if len(late) < 2:
            return hand.say("play.out-of-turn", "let-stand", trick=false.trick, player=false.player, card=false.card)
        return hand.say("play.out-of-turn", "let-stand-all", trick=false.trick, offenders=named(hand, late))


def offenders(hand: AuctionPitchHand, false: tb.OutOfTurn) -> list[tb.PlayedCard]:
    """`false` and the cards out of turn played after it to its trick (the last one, while it is being
    gathered): they stand together, or go back together (the seed)."""
    assert hand.table is not None
    plays = trick.plays if (trick := hand.table.numbered(false.trick)) else []
    return [p for i, p in enumerate(plays) if p.out_of_turn and any(q.card is false.card for q in plays[:i + 1])]


def named(hand: AuctionPitchHand, out: list[tb.PlayedCard]) -> str:
    """Every offender of `out`, as the engine names several players ("D and E"), then their cards in play order."""
    return f"{hand.side_label(p.player for p in out)} ({', '.join(f'{p.player} {p.card}' for p in out)})"


def pitcher_plays(hand: AuctionPitchHand, event: ev.Play, false: tb.OutOfTurn) -> None:
    """Once the pitcher plays after an adversary's card out of turn, the error stands."""
    if event.player != hand.pitcher or false.player == hand.pitcher:
        return
    late = offenders(hand, false)
    hand.false_card, hand.stood = None, false
    standing = {false.player, *(p.player for p in late)}  # none of their errors can be put right now
    hand.requirements = [r for r in hand.requirements if r.offender not in standing or r.trick != false.trick]
    hand.notes.append(hand.say("play.out-of-turn", "stands", pitcher=event.player, player=false.player,
                               card=false.card) if len(late) < 2 else
                      hand.say("play.out-of-turn", "stand-all", pitcher=event.player, offenders=named(hand, late)))


def step(hand: AuctionPitchHand, false: tb.OutOfTurn) -> str:
    """What happens now while an adversary's card out of turn is still on the table: it goes
    back, and the pitcher chooses his penalty, or the one he chose applies."""
    assert hand.table is not None
    words = hand.false_card_step(false, later=hand.table.current.plays[-1].card is not false.card)
    rule = hand.rule_id("play.out-of-turn")
    if (choice := next((c for c in hand.choices if c.offender == false.player and c.pending.rule == rule), None)):
        return hand.say("play.out-of-turn", "choosing", step=words, pitcher=hand.pitcher, player=false.player) + \
            hand.answer_order(choice)  # which open choice the pitcher's next call answers
    called = next((r for r in hand.requirements if r.offender == false.player and r.trick == false.trick), None)
    return words if called is None else hand.say("play.out-of-turn", "called", step=words, player=false.player,
                                                 pitcher=hand.pitcher,
                                                 card=hand.penalty_laws.call.describe(hand, called))


def _offer(hand: AuctionPitchHand, fact: tb.OutOfTurn) -> laws.Offer:
    """The pitcher's choice after `fact`, made afresh once its card goes back: none is left to accept."""
    pitcher, back, who = hand.pitcher or "", all(p.card is not fact.card for p in offenders(hand, fact)), fact.player
    return laws.Offer(frozenset({pitcher}), who, OUT_OF_TURN_CALLS if back else (*OUT_OF_TURN_CALLS, "accept"),
                      "play.out-of-turn",
                      hand.say("play.out-of-turn", "offer-after-take-back", pitcher=pitcher, player=who)
                      if back else hand.say("play.out-of-turn", "offer", pitcher=pitcher, player=who),
                      _pitcher_calls(pitcher, fact), ends=(Lapse.DECISION_AWAITED if back else Lapse.CHOOSER_PLAYS,
                                                          Lapse.TRICK_GATHERED), card=fact.card,
                      renew=None if back else lambda hand, _, __: _offer(hand, fact))


def _pitcher_calls(pitcher: str, fact: tb.OutOfTurn) -> Callable[[AuctionPitchHand, str, ev.Span], None]:
    """The pitcher's answer to `fact`, a card played out of turn. A function of its own rather than
    one nested in `decide`: compiled, the functions nested in one function share all the variables
    any of them uses (the hand's among them), and this one, kept on the hand, would be a cycle."""
    def call(hand: AuctionPitchHand, option: str, at: ev.Span) -> None:
        if option == "accept":  # the pitcher lets the card stand: nothing goes back, nothing is called
            hand.false_card, hand.stood = None, fact
            hand.notes.append(hand.say("play.out-of-turn", "accepted", pitcher=pitcher, player=fact.player,
                                       card=fact.card))
            return
        effect = hand.require(fact.player, option, "play.out-of-turn", at)
        hand.penalty("play.out-of-turn", "calls", pitcher=pitcher, option=option, player=fact.player, effects=(effect,))

    return call


class PitchExposedLaw(laws.ExposedLaw["AuctionPitchHand"]):
    """A card exposed in the deal lets the others have the deal again; later, no penalty."""

    __slots__ = ()

    def decide(self, hand: AuctionPitchHand, event: ev.Expose) -> laws.Ruling:
        auction, dealer = hand.auction, hand.dealer
        if not (auction.phase == "bidding" and not auction.calls.acted):  # before any bid or pass: in the deal
            return laws.Ruling(hand.say("exposed.card", "no-partner"))
        words = hand.say("exposed.card", "in-deal", dealer=dealer)
        if hand.deal_exposure is not None:
            return laws.Ruling(words)
        others = frozenset(p for p in hand.order if p != dealer)

        def kept(choice: Choice | None) -> None:
            hand.deal_exposure = choice

        offer = hand.say("deal.exposed", "offer", others=hand.side_label(others), dealer=dealer)
        return laws.Ruling(words, laws.Offer(others, event.player, ("deal-stands", "redeal"), "deal.exposed", offer,
                                             deal_stands, implied_text=hand.say("deal.exposed", "bidding-went-on",
                                                                                player=event.player, card=event.card),
                                             ends=(Lapse.ANY_ACTION,)), kept)


def deal_stands(hand: AuctionPitchHand, option: str, at: ev.Span) -> None:
    """`call deal-stands` answers the choice over a card exposed in the deal; its other
    option, a new deal, is the `redeal` line itself. Not a lambda in `decide`, where compiled it
    would keep the hand (`_pitcher_calls`)."""
    if option == "deal-stands":
        hand.notes.append(hand.say("deal.exposed", "stands", dealer=hand.dealer))


class PitchCallLaw(laws.CallLaw["AuctionPitchHand"]):
    """"Trump" may be called even from a player who holds the suit led; a call disobeyed is a
    revoke, penalised under its own rule."""

    __slots__ = ()

    def decide(self, hand: AuctionPitchHand, requirement: Requirement) -> laws.Ruling:
        def disobeyed(choice: Choice | None) -> None:
            hand.disobeyed.append(hand.revokes[-1])  # penalised under call.disobeyed rather than revoke.established

        return laws.Ruling(hand.say("call.disobeyed", "revoke", cost=revoke_words(hand, requirement.offender)),
                           then=disobeyed)


LAWS = laws.PenaltyLaws(revoke=PitchRevokeLaw(), exposed=PitchExposedLaw(), out_of_turn=PitchOutOfTurnLaw(),
                        call=PitchCallLaw(trump_while_following=True),
                        deal=laws.DealLaw["AuctionPitchHand"]((ev.Bid, ev.Pass, ev.Pitch, ev.Sell, ev.Refuse, ev.Play)))
"""Auction Pitch's penalty laws, declared on its hand."""
