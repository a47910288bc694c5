"""French Boston's bidding: its proposals and their rank, and the auction the hand owns. The turns,
the standing proposal and who has answered it are the engine's `Auction`; this game keeps what a
passed, accepting or overcalled player may still propose, and the contract the bidding ends in. A
void call is an `Objection` in the rulebook's words (`WORDS.refused`), which the hand reports."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from ...engine.auction import Auction as Bidding
from ...engine.auction import AuctionRules, Objection
from ...engine.ladder import Ladder, Rung
from ...engine.words import Words
from ...notation import events as ev
from ...notation.cards import ACE, Card, Suit
from .tricks import SUIT_RANK

LADDER: Final = Ladder("french-boston")
WORDS: Final = Words("french-boston")


@dataclass(frozen=True, slots=True)
class Proposal:
    """A proposal in the bidding: its kind, who made it, its suit and the demander's laid card."""

    player: str
    kind: str
    suit: Suit | None = None
    laid: Card | None = None

    @property
    def rung(self) -> Rung:
        return LADDER[self.kind]

    @property
    def key(self) -> tuple[int, int]:
        """Rank: the place on the ladder, then for six, eight or nine the suit's."""
        rung = self.rung
        return rung.rank, SUIT_RANK[self.suit] if rung.number is not None and self.suit is not None else 0

    @property
    def is_demand(self) -> bool:
        return self.kind in ("demand", "demand-belle")

    @property
    def text(self) -> str:
        words = self.rung.words
        if self.suit is None and "{suit}" in words:
            return self.kind  # a six, eight or nine not yet in a suit: its bare number
        return words.format(suit=self.suit.word if self.suit is not None else "")


@dataclass(slots=True)
class Contract:
    """What is played: `kind` partnership | forced-alone | solo | misere; `needed` tricks. Its caller
    is the proposal's, its trumps the hand's (the proposal's suit unless the caller names others)."""

    kind: str
    proposal: Proposal
    partner: str | None = None
    needed: int = 0
    named: bool = False  # its trumps are settled: named by the caller, or his independence forced on a fallen card


def solo(player: str, rung: Rung, suit: Suit, belle: Suit | None, petite: Suit | None) -> Proposal:
    """Six, eight or nine alone in `suit`: a nine in the suit that is belle (petite) is the nine in belle (petite)."""
    if rung.number == 9 and suit in (belle, petite):
        return Proposal(player, "nine-belle" if suit is belle else "nine-petite", suit)
    return Proposal(player, rung.name, suit)


def needed_in(bid: Proposal, suit: Suit, belle: Suit | None, petite: Suit | None) -> int | None:
    """Tricks a solo caller needs in `suit` so that his contract ranks at least as high as `bid`."""
    solos = (rung for rung in LADDER.rungs.values() if rung.number is not None)
    return next((rung.number for rung in solos if solo("", rung, suit, belle, petite).key >= bid.key), None)


def read_bid(event: ev.Bid, belle: Suit | None, petite: Suit | None) -> Proposal | Objection:
    """The proposal a bid names, or why it is not a French Boston bid."""
    player, number, qualifier = event.player, event.number, event.qualifier
    if event.contract is not None:
        if (named := LADDER.said(event.contract)) is not None:
            return Proposal(player, named.name)
        return WORDS.refused("bidding.order", "unknown", contract=event.contract)
    if (rung := LADDER.numbered(number)) is None:
        return WORDS.refused("bidding.solo-numbers", "refused", player=player, number=number)
    if qualifier is None or qualifier == "colour":
        return WORDS.refused("bidding.order", "no-suit", player=player, number=number)
    roles = {"belle": belle, "petite": petite}  # the suit is named by its letter, or as belle or petite
    suit = roles[qualifier] if qualifier in roles else next((s for s in Suit if s.value == qualifier), None)
    if suit is None:
        return (WORDS.refused("bidding.order", "no-nine", qualifier=qualifier) if number == 9 and qualifier in roles
                else WORDS.refused("bidding.order", "no-such-suit", qualifier=qualifier))
    return solo(player, rung, suit, belle, petite)


def read_demand(event: ev.Demand, belle: Suit | None, petite: Suit | None) -> Proposal | Objection:
    """The demand (in belle, or in belle or petite) that `event` makes, or why it is void."""
    allowed = (belle,) if event.belle else (belle, petite)  # in this order in messages
    if (laid := event.card) is not None and belle is not None and laid.suit not in allowed:
        suits = "/".join(s.word for s in allowed if s)
        return (WORDS.refused("bidding.demand", "in-belle", player=event.player, card=laid, suits=suits) if event.belle
                else WORDS.refused("bidding.demand", "laid", player=event.player, card=laid, suits=suits))
    suit = laid.suit if laid else belle if event.belle else None  # openly in belle, its card unwritten: belle
    return Proposal(event.player, "demand-belle" if event.belle else "demand", suit, laid)


@cache
def rules(accept_only: bool) -> AuctionRules[Proposal]:
    """French Boston's bidding, by the `accept_only` house rule: a player who passed may only accept
    a demand (else also propose, but no misère). Built once a reading, not once a deal."""
    return AuctionRules(
        "stands", "answered", rank=lambda proposal: proposal.key, closed_topic="bidding.end",
        comeback=lambda proposal: not accept_only and not proposal.rung.misere,
        # the rulebook's sentences, their slots kept as slots for the auction to fill
        out_of_turn_words=WORDS.say("bidding.out-of-turn", "stands", player="{player}", what="{what}", turn="{turn}"),
        closed_words=WORDS.say("bidding.end", "closed", player="{player}", what="{what}"))


class Auction:
    """One deal's bidding: the engine's (`calls`, as `rules` declare it; its `answerer`, the acceptor) and French
    Boston's own, who accepted, who was overcalled, by the house rules on the quatre-as and an overcalled demander."""

    def __init__(self, order: tuple[str, ...], first: str, accept_only: bool, four_aces: bool, only_six: bool) -> None:
        self.calls = Bidding(order, first, rules(accept_only))
        self.accept_only, self.four_aces, self.only_six = accept_only, four_aces, only_six
        self.accepted: set[str] = set()
        self.overcalled: dict[str, Card | None] = {}  # demanders overcalled, with their laid card

    def refuse_acceptance(self, player: str) -> Objection | None:
        """Why `player` may not accept now (only a demand, not his own, once), or None."""
        best = self.calls.high
        if best is None:
            return WORDS.refused("bidding.accept", "nothing", player=player)
        if not best.is_demand:
            return WORDS.refused("bidding.accept", "not-a-demand", player=player, bid=best.text)
        if best.player == player:
            return WORDS.refused("bidding.accept", "own", player=player)
        if self.calls.answerer is not None:
            return WORDS.refused("bidding.accept", "taken", player=player, acceptor=self.calls.answerer)
        return None

    def accept(self, player: str) -> None:
        """`player` accepts the standing demand (`refuse_acceptance` found no reason he may not)."""
        self.accepted.add(player)
        self.calls.answer(player)

    def refuse(self, proposal: Proposal | Objection, dealt: list[Card] | None) -> Objection | None:
        """Why `proposal` is void, as read or here, or None; `dealt` is the proposer's hand when known."""
        if isinstance(proposal, Objection):
            return proposal
        player, best = proposal.player, self.calls.high
        laid = self.overcalled.get(player)  # an overcalled demander's six is in his laid card's suit
        if player in self.overcalled and not (proposal.kind == "six" and (laid is None or proposal.suit is laid.suit)):
            if self.only_six:  # the house rule: nothing but that six
                return (WORDS.refused("bidding.overcalled-demander", "only", player=player, suit=laid.suit.word) if laid
                        else WORDS.refused("bidding.overcalled-demander", "refused", player=player))
            if proposal.kind == "six" and laid is not None:
                return WORDS.refused("bidding.overcalled-demander", "laid", player=player, suit=laid.suit.word)
        if not self.calls.may_come_back(player, proposal):
            return (WORDS.refused("bidding.after-pass", "accept-only", player=player) if self.accept_only
                    else WORDS.refused("bidding.after-pass", "no-misere", player=player))
        if proposal.rung.misere and player in self.accepted:
            return WORDS.refused("bidding.after-pass", "accepted", player=player)
        if proposal.kind == "misere-quatre-as" and self.four_aces and dealt is not None \
                and sum(1 for c in dealt if c.rank == ACE) < 4:
            return WORDS.refused("play.quatre-as", "aces", player=player)
        if best is not None and not self.calls.outranks(proposal):
            return WORDS.refused("bidding.order", "too-low", bid=proposal.text, best=best.text)
        return None

    def propose(self, proposal: Proposal) -> None:
        """`proposal`, lawful (`refuse`), stands now: a demander it overcalls is remembered, its maker forgotten."""
        best = self.calls.high
        self.overcalled.pop(proposal.player, None)
        if best is not None and best.is_demand:
            self.overcalled[best.player] = best.laid
        self.calls.bid(proposal.player, proposal)

    def close(self) -> Contract:
        """The contract the standing proposal becomes: a demand nobody accepted is five tricks alone."""
        best = self.calls.high
        assert best is not None
        kind = ("misere" if best.rung.misere else "solo" if not best.is_demand
                else "partnership" if self.calls.answerer is not None else "forced-alone")
        return Contract(kind, best, self.calls.answerer, 5 if kind == "forced-alone" else best.rung.tricks or 0)
