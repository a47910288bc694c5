"""A new deal or the deal standing: the choice the whist family's laws give the side not in fault
for a card exposed or turned face up in the deal (the League code's law 15; `turned_in_deal`) or
a hand of the wrong size found in play, a card short or a trick missed (law 19; `play_on_choices`).
The new deal is the transcript's `redeal` line; `call deal-stands`, or playing on, lets the deal
stand. Whist uses it as it stands. Its words are the rulebook's sentences of deal.turned and
wrong-count.play (and transcript.consistency's `turned-in-play`), which a game using it declares."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar

from ..notation import events as ev
from .choices import Lapse
from .laws import Effect, as_sentence
from .penalties import Offer

if TYPE_CHECKING:
    from .replay import HandReplay

H = TypeVar("H", bound="HandReplay")


def new_deal_offer(hand: H, them: Iterable[str], offender: str, topic: str, offer: str, chose: str, stands: str,
                   ends: Iterable[Lapse], chosen: Callable[[H], None]) -> Offer:
    """`them`, `offender`'s adversaries (or fewer of them, where the laws say: the dealer alone,
    Whist's E39), may have the same dealer deal again or let the deal stand, as the rule's words
    `offer` say; `chose` words the new deal chosen and `stands` the note when play goes on. `chosen`
    is given the hand when they choose the new deal (it is given the hand rather than holding it,
    as a law is, so the open choice makes no reference cycle)."""

    def apply(hand: H, option: str, at: ev.Span) -> None:
        if option == "redeal":
            chosen(hand)
            hand.penalise(topic, chose, effects=(Effect("redeal", None, None, hand.dealer),))
        else:  # `call deal-stands`, or play going on: the note either way (so it has no implied_text)
            hand.note(stands)

    return Offer(frozenset(them), offender, ("redeal", "deal-stands"), topic, offer, apply, implied="deal-stands",
                 ends=tuple(ends))


def turned_in_deal(hand: H, event: ev.Said, chosen: Callable[[H], None], choosers: Iterable[str] | None = None) -> None:
    """A card a player turned face up in the deal (a game's own event, Whist's `P turn C`, whoever
    holds the card; law 15): his adversaries, or `choosers`, may have a new deal; if the deal stands
    the card cannot be called (it is no exposed card). The same card said again adds
    nothing. Once play has begun it is ignored (a card shown in play is `expose`)."""
    card, player, dealer = event.args[0], event.player, hand.dealer
    if hand.table is not None:
        hand.found("inconsistent-transcript", player, event.at, "transcript.consistency", "turned-in-play",
                   word=event.word, card=card, player=player)
        return
    them = frozenset(hand.adversaries(player) if choosers is None else choosers)
    others = hand.side_label(them)
    offer = hand.say("deal.turned", "dealer-offer", player=player, card=card, dealer=dealer) if them == {dealer} \
        else hand.say("deal.turned", "offer", player=player, card=card, others=others, dealer=dealer)
    if any(f.rule == hand.rule_id("deal.turned") and f.explanation == as_sentence(offer) for f in hand.irregularities):
        return None  # the same card turned again: one card, one fault, one choice
    hand.find("exposed-card", player, event.at, "deal.turned", offer)
    hand.open(new_deal_offer(hand, them, player, "deal.turned", offer, hand.say("deal.turned", "chosen", others=others),
                             hand.say("deal.turned", "stands", card=card), (Lapse.PLAY_BEGINS,), chosen))


def play_on_choices(hand: H, trick: int, short: dict[str, bool], chosen: Callable[[H], None]) -> None:
    """Trick `trick` is complete: the adversaries of a player left a card short (a card given to a
    trick as well as his own: `short`, False until the choice is offered) or holding a card too
    many (he missed the trick before this one, closed without his card: `HandReplay.close_short`)
    may have a new deal or play on (law 19; the English law 69). Playing on, the one short sits
    out the last trick, and the last card of the one who missed a trick counts in that trick.
    When the players in error are on both sides, there is no choice: the same dealer deals again.
    The one short is taken out here, not left to `HandReplay.sit_out_empty_hands`, which sees only an
    empty hand written down: without the deal there is none, and a hand short from the deal under the
    English code keeps the missing card for revokes (W65), so it is never empty."""
    due = [p for p, offered in short.items() if not offered] + [p for p, t in hand.missed.items() if t == trick - 1]
    wrong = [p for p in hand.order if p in short or hand.missed.get(p, trick) < trick
             or len(hand.deals.get(p, ())) not in (0, hand.cards_per_hand)]
    if due and len({hand.side(p) for p in wrong}) == 2:
        short.update((p, True) for p in short)
        return _both_sides_wrong(hand, wrong, chosen)
    dealer = hand.dealer
    for player in [p for p, offered in short.items() if not offered]:
        short[player] = True
        others = hand.side_label(hand.adversaries(player))
        _play_on(hand, player, hand.say("wrong-count.play", "card-short", player=player, others=others, dealer=dealer),
                 hand.say("wrong-count.play", "short-stands", player=player), chosen)
    for player in [p for p, missed in hand.missed.items() if missed == trick - 1]:
        others = hand.side_label(hand.adversaries(player))
        _play_on(hand, player, hand.say("wrong-count.play", "missed", player=player, trick=trick - 1, others=others,
                                        dealer=dealer),
                 hand.say("wrong-count.play", "missed-stands", player=player), chosen)
    if trick == hand.cards_per_hand - 1 and hand.table is not None:
        for player in short:  # the last trick is empty yet: taking him out completes no trick
            hand.table.deactivate(player)


def _play_on(hand: H, player: str, offer: str, stands: str, chosen: Callable[[H], None]) -> None:
    """`player`'s adversaries may have a new deal or play on (law 19), as `offer` says."""
    them = hand.adversaries(player)
    chose = hand.say("wrong-count.play", "chosen", others=hand.side_label(them))
    hand.open(new_deal_offer(hand, them, player, "wrong-count.play", offer, chose, stands, (Lapse.CHOOSER_PLAYS,),
                             chosen))


def _both_sides_wrong(hand: H, wrong: list[str], chosen: Callable[[H], None]) -> None:
    """Players on both sides hold wrong numbers of cards (law 19): no choice is left to the adversaries
    of either (one left open is withdrawn, and a deal that stood for one stands no more): the same
    dealer deals again."""
    for choice in [c for c in hand.choices if c.pending.rule.endswith(".wrong-count.play")]:
        hand.choices.remove(choice)
    stood = {hand.say("wrong-count.play", "short-stands", player=p) for p in wrong} \
        | {hand.say("wrong-count.play", "missed-stands", player=p) for p in wrong} \
        | {hand.say("wrong-count.play", "dealt-stands")}
    hand.notes[:] = [note for note in hand.notes if note not in stood]
    if hand.void() is None:
        chosen(hand)
        hand.penalty("wrong-count.play", "both-sides", players=f"{', '.join(wrong[:-1])} and {wrong[-1]}",
                     dealer=hand.dealer, effects=(Effect("redeal", None, None, hand.dealer),))
