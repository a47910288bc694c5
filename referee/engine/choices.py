"""Rectification choices: what an irregularity lets the innocent side choose, and when it ends.

Under every game's laws a penalty is the innocent side's to choose, and only the innocent side
waives it by playing on. The offender and his partners must wait for the decision: a card one of
them plays meanwhile does not take the right away (where a game's laws say so it becomes an
irregularity of its own). So a `Choice` declares, per law, who chooses (`choosers`), among which
options, and what ends it besides the chooser's own answer (`ends`, a set of `Lapse`); the shared
replay (`HandReplay.settle_choices`) applies those declarations alike in every game, and a
transcript that stops while a choice is open gives it as `pending`.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from ..notation import events as ev
from ..notation.cards import Card, Suit, parse_card
from ..notation.records import field, record
from .laws import Irregularity, Pending

Option = str
"""The name of a choice's option, as `pending` lists it and a `call` (or `accept`) answers it. A
choice that takes a card or a suit is answered by the card or the suit itself (`call QH`,
`call hearts`); a suit word is an option of its own where only that suit may be chosen. The
words a `call` may name are each game's own (`Declaration.call_words`): the grammar takes any word."""

PENALTY_WORDS = frozenset({"highest", "lowest", "trump", "no-trump", "win", "lose", "withhold"})
"""The words of `call` every game's laws share: requirements on the offender's next card."""

EXPOSED_DEMANDS = PENALTY_WORDS - {"trump", "win", "lose"}
"""Those that demand something of an exposed card besides its play (Boston's caller, L21 ins.)."""

PLAY_OPTIONS = PENALTY_WORDS | {"suit", "card", "accept"}
"""The options that bear only on the play still to come: none can change the last trick (`HandReplay.moot`)."""

NOTHING_TO_CHANGE = ("each player has one card left at most, so no choice could change what he plays, and nobody"
                     " leads again; the penalty lapses.")
"""Why a choice that bears only on the play lapses in the last trick (`HandReplay.moot`, `last_trick_came`)."""

LAST_TRICK = " But this is the last trick: " + NOTHING_TO_CHANGE
"""Said where a choice would open in the last trick with nothing left to change (`HandReplay.moot`)."""

CHOICE_WORDS = frozenset({"partnership", "alone", "claim", "deal-stands"})
"""The words of `call` that choose an option other than a penalty (each game declares those its
laws use in `Declaration.call_words`): a renderer says them as a choice."""

SUIT_OPTIONS: dict[Suit, Option] = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
                                    Suit.CLUBS: "clubs"}
"""The option that names a suit."""


class Answer(Enum):
    """How a chooser makes his choice in the transcript."""

    CALL = "call"          # `P call OPTION` (a card, a suit or an option's name)
    ACCEPT = "accept"      # `P accept`, where `accept` is an option
    RECORDED = "recorded"  # the hand's result written while the choice is open (a claim, in a misère)
    REDEAL = "redeal"      # a `redeal` line, where `redeal` is an option


class Lapse(Enum):
    """What ends a choice that has not been answered.

    A card played by anyone who is not a chooser never ends a choice through `CHOOSER_PLAYS`:
    the offender's side must wait for the decision."""

    CHOOSER_PLAYS = "chooser-plays"    # a chooser plays a card: play going on waives it (or means `implied`)
    DECISION_AWAITED = "awaited"       # never by itself: as `CHOOSER_PLAYS`, the others' cards wait for the
    #                                    decision, but the choosers' own lawful play does not waive it
    TRICK_GATHERED = "trick-gathered"  # the trick in which it arose is complete: nothing is left to require
    CARD_PLAYED = "card-played"        # the card it concerns (an exposed card) is played
    PLAY_BEGINS = "play-begins"        # the first card of the hand (a choice that belongs to the bidding)
    ANY_ACTION = "any-action"          # the next bid, pass or card by anyone (a choice to be made at once)
    SETTLEMENT = "settlement"          # nothing: a penalty scored with the hand, chosen while play goes on or after it


def on_play_only(options: tuple[Option, ...], ends: frozenset[Lapse] | tuple[Lapse, ...]) -> bool:
    """Whether a choice with `options`, ending as `ends` says, bears only on the play still to come
    (`PLAY_OPTIONS`, and not a penalty chosen for the settlement): the last trick leaves it nothing
    to change (`HandReplay.moot`, `HandReplay.last_trick_came`), and so does its trick sent back."""
    return Lapse.SETTLEMENT not in ends and set(options) <= PLAY_OPTIONS


@record(eq=False)
class Choice:
    """A rectification waiting for its chooser. `apply` performs the chosen option, given the hand
    (a choice kept on its hand refers to it by no closure, so an open choice makes no reference cycle).

    `implied` is what the choice's lapse means, if anything (play going on accepts a lead out of
    turn); `recorded` the option a result written while the choice is open shows the chooser took.
    `early` gathers the cards the other players played, without waiting for the decision, while
    a choice that the choosers' own play would settle was open."""

    choosers: frozenset[str]
    offender: str
    pending: Pending
    apply: Callable[[Any, str, ev.Span], None]  # (hand, option, where it was chosen)
    implied: Option | None = None
    implied_text: str = ""
    ends: frozenset[Lapse] = frozenset({Lapse.CHOOSER_PLAYS})
    trick: int | None = None      # the trick in which it arose (for `TRICK_GATHERED`)
    card: Card | None = None      # the card it concerns (for `CARD_PLAYED`)
    recorded: Option | None = None
    early: list[ev.Play] = field(default_factory=list)
    renew: Callable[[Any, str, Card], Any] | None = None  # its offer made afresh (`HandReplay.renew_choices`)
    refuse: Callable[[Any, str, str], str] | None = None  # why a call is void, the choice left open (`Offer.refuse`)
    finding: tuple[Irregularity, str] | None = None  # the finding that offered it, and its account of the fact

    @property
    def waits(self) -> bool:
        """Whether play waits for this choice, rather than going on while it lasts (an exposed
        card liable to be called until it is played, a penalty chosen for the settlement)."""
        return not self.ends <= {Lapse.CARD_PLAYED, Lapse.SETTLEMENT}

    def names(self, option: str) -> bool:
        """Whether a card called (`call QH`) can answer this choice: any card, unless the choice
        is about one card."""
        if self.card is None or len(option) > 3 or option in self.pending.options:
            return True
        try:
            return parse_card(option) is self.card
        except ValueError:
            return True

    @property
    def answers(self) -> frozenset[Answer]:
        """The ways this choice can be answered."""
        ways = {Answer.CALL}
        if "accept" in self.pending.options:
            ways.add(Answer.ACCEPT)
        if self.recorded is not None:
            ways.add(Answer.RECORDED)
        if "redeal" in self.pending.options:
            ways.add(Answer.REDEAL)
        return frozenset(ways)

    def lapse(self, event: ev.Event, trick: int | None) -> Lapse | None:
        """What about `event` ends this choice, if anything; `trick` is the number of the trick
        not yet complete when it happens (None before play, or after the last trick)."""
        ends = self.ends
        if Lapse.ANY_ACTION in ends and not isinstance(event, ev.Expose):
            return Lapse.ANY_ACTION
        if not isinstance(event, ev.Play):
            return None
        if Lapse.PLAY_BEGINS in ends:
            return Lapse.PLAY_BEGINS
        if Lapse.CHOOSER_PLAYS in ends and event.player in self.choosers and (
                trick is None or self.trick is None or trick >= self.trick):  # not a late correction's card
            return Lapse.CHOOSER_PLAYS
        if Lapse.CARD_PLAYED in ends and event.player == self.offender and event.card is self.card:
            return Lapse.CARD_PLAYED
        if Lapse.TRICK_GATHERED in ends and self.gathered(trick):
            return Lapse.TRICK_GATHERED
        return None

    def gathered(self, trick: int | None) -> bool:
        """Whether the trick this choice arose in is complete, `trick` being the one now open."""
        return Lapse.TRICK_GATHERED in self.ends and self.trick is not None and (trick is None or trick > self.trick)
