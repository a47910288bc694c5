"""A new deal or the deal standing: the choice the whist family's laws give the side not in fault
for a card exposed or turned face up in the deal (the League code's law 15; `turned_in_deal`) or
a hand of the wrong size found in play, a card short or a trick missed (law 19; `play_on_choices`).
The new deal is the transcript's `redeal` line; `call deal-stands`, or playing on, lets the deal
stand. Whist uses it as it stands."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar

from ..notation import events as ev
from .choices import Lapse
from .laws import Effect
from .penalties import Offer

if TYPE_CHECKING:
    from .replay import HandReplay

H = TypeVar("H", bound="HandReplay")


def new_deal_offer(hand: H, offender: str, topic: str, why: str, ends: Iterable[Lapse], stands: str,
                   chosen: Callable[[H], None], choosers: Iterable[str] | None = None) -> Offer:
    """`offender`'s adversaries may have the same dealer deal again or let the deal stand (`stands`
    is the note when play goes on); `chosen` is given the hand when they choose the new deal (it is
    given the hand rather than holding it, as a law is, so the open choice makes no reference cycle);
    `choosers`, when the laws give the choice to fewer of them (the dealer alone: Whist's E39)."""
    them = frozenset(hand.adversaries(offender) if choosers is None else choosers)

    def apply(hand: H, option: str, at: ev.Span) -> None:
        if option == "redeal":
            chosen(hand)
            hand.penalise(topic, f"{hand.side_label(them)} choose a new deal",
                          effects=(Effect("redeal", None, None, hand.dealer),))
        else:  # `call deal-stands`, or play going on: the note either way (so it has no implied_text)
            hand.note(stands)

    again = "deal again" if them == {hand.dealer} else f"have {hand.dealer} deal again"
    return Offer(them, offender, ("redeal", "deal-stands"), topic, f"{why}: {hand.side_label(them)} may {again} "
                 "(a redeal line) or let the deal stand.", apply, implied="deal-stands",
                 ends=tuple(ends))


def turned_in_deal(hand: H, event: ev.Said, topic: str, chosen: Callable[[H], None],
                   choosers: Iterable[str] | None = None) -> None:
    """A card a player turned face up in the deal (a game's own event, Whist's `P turn C`, whoever
    holds the card; law 15): his adversaries, or `choosers`, may have a new deal; if the deal stands
    the card cannot be called (it is no exposed card). The same card said again adds
    nothing. Once play has begun it is ignored (a card shown in play is `expose`)."""
    card = event.args[0]
    if hand.table is not None:
        hand.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                  f"'{event.word} {card}' is a card turned in the deal; once play has begun a card shown is "
                  f"written 'expose' ({event.player} expose {card}): the event is ignored")
        return
    said = f" turned {card} face up in the deal:"
    if any(f.rule == hand.rule_id(topic) and said in f.explanation for f in hand.irregularities):
        return None  # the same card turned again: one card, one fault, one choice
    offer = new_deal_offer(hand, event.player, topic, f"{event.player} turned {card} face up in the deal",
                           (Lapse.PLAY_BEGINS,), f"The deal stands; {card} cannot be called.", chosen, choosers)
    hand.find("exposed-card", event.player, event.at, topic, offer.explanation)
    hand.open(offer)


def play_on_choices(hand: H, trick: int, short: dict[str, bool], chosen: Callable[[H], None]) -> None:
    """Trick `trick` is complete: the adversaries of a player left a card short (a card given to a
    trick as well as his own: `short`, False until the choice is offered) or holding a card too
    many (he missed the trick before this one, closed without his card: `HandReplay.close_short`)
    may have a new deal or play on (law 19; the English law 69). Playing on, the one short sits
    out the last trick, and the last card of the one who missed a trick counts in that trick.
    When the players in error are on both sides, there is no choice: the same dealer deals again."""
    due = [p for p, offered in short.items() if not offered] + [p for p, t in hand.missed.items() if t == trick - 1]
    wrong = [p for p in hand.order if p in short or hand.missed.get(p, trick) < trick
             or len(hand.deals.get(p, ())) not in (0, hand.cards_per_hand)]
    if due and len({hand.side(p) for p in wrong}) == 2:
        short.update((p, True) for p in short)
        return _both_sides_wrong(hand, wrong, chosen)
    for player in [p for p, offered in short.items() if not offered]:
        short[player] = True
        hand.open(new_deal_offer(hand, player, "wrong-count.play", f"{player} is a card short", (Lapse.CHOOSER_PLAYS,),
                                 _short_stands(player), chosen))
    for player in [p for p, missed in hand.missed.items() if missed == trick - 1]:
        hand.open(new_deal_offer(hand, player, "wrong-count.play", f"{player} missed trick {trick - 1}",
                                 (Lapse.CHOOSER_PLAYS,), _missed_stands(player), chosen))
    if trick == hand.cards_per_hand - 1 and hand.table is not None:
        for player in short:  # the last trick is empty yet: taking him out completes no trick
            hand.table.deactivate(player)


def _both_sides_wrong(hand: H, wrong: list[str], chosen: Callable[[H], None]) -> None:
    """Players on both sides hold wrong numbers of cards (law 19): no choice is left to the adversaries
    of either (one left open is withdrawn, and a deal that stood for one stands no more): the same
    dealer deals again."""
    for choice in [c for c in hand.choices if c.pending.rule.endswith(".wrong-count.play")]:
        hand.choices.remove(choice)
    stood = {_short_stands(p) for p in wrong} | {_missed_stands(p) for p in wrong} | {DEALT_STANDS}
    hand.notes[:] = [note for note in hand.notes if note not in stood]
    if hand.void() is None:
        chosen(hand)
        hand.penalise("wrong-count.play", f"{', '.join(wrong[:-1])} and {wrong[-1]}, adversaries, hold wrong "
                      f"numbers of cards: {hand.dealer} must deal again", (Effect("redeal", None, None, hand.dealer),))


DEALT_STANDS = "Play went on: the deal stands, the surplus or missing cards ignored."  # a hand dealt wrong (L19)


def _short_stands(player: str) -> str:
    return f"Play went on: the deal stands, and {player} sits out the last trick."


def _missed_stands(player: str) -> str:
    return f"Play went on: the deal stands; {player}'s last card counts in the trick he missed."
