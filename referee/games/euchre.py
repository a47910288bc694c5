"""Euchre: four players in two partnerships, 24 cards, bowers, going alone.

Defaults follow the seed text (shared/seeds/004); the other readings of the research
digest (shared/rules/euchre.md) are house rules listed by ``referee rules euchre``.
"""

from __future__ import annotations

import random
from typing import Any, Literal, TypedDict

from ..engine import table as tb
from ..engine.choices import Choice, Lapse
from ..engine.generators import Deal, PlayRules, PlayRulesFor, TableRules, random_trick
from ..engine.header import Setup
from ..engine.laws import Effect, HandStatus, Irregularity, Pending
from ..engine.ledger import Ledger
from ..engine.replay import HandContext, HandReplay
from ..engine.session import GameRules, GameSession, sole_leader
from ..engine.verdict import HandVerdict
from ..notation import events as ev
from ..notation.cards import JACK, Card, Suit, pack
from ..notation.reader import HandRecord, Problem, trick_line


class EuchreTricks:
    """Effective suits and trick power once trump is known (the left bower is a trump)."""

    def __init__(self, trump: Suit) -> None:
        self.trump = trump
        self.left = trump.partner

    def suit_of(self, card: Card) -> Suit:
        if card.rank == JACK and card.suit is self.left:
            return self.trump
        return card.suit

    def power(self, card: Card, led: Suit) -> int:
        if card.rank == JACK and card.suit is self.trump:
            return 200
        if card.rank == JACK and card.suit is self.left:
            return 199
        if card.suit is self.trump:
            return 100 + card.rank
        return card.rank if card.suit is led else -1

    def excused(self, player: str, card: Card, led: Suit, trick: int) -> bool:
        return False


def bower_role(card: Card, trump: Suit | None) -> str | None:
    """The bowers in words: trumps whatever their printed suit says (None for any other card)."""
    if trump is None or card.rank != JACK:
        return None
    if card.suit is trump:
        return "the right bower, a trump"
    return "the left bower, a trump" if card.suit is trump.partner else None


PACKS = {"24": frozenset(pack(9)), "32": frozenset(pack(7))}
"""The 24-card pack (nine up) and the older 32-card pack (seven up)."""


EuchreOptions = TypedDict("EuchreOptions", {
    "turned-down-suit": Literal["pass", "name-again"],
    "stick-the-dealer": bool,
    "target": int,
    "discard-upcard": bool,
    "revoke-points": int,
    "revoke-lone-points": int,
    "revoke-lone": Literal["offending-side", "any-lone-hand"],
    "revoke-penalty": Literal["award", "deduct"],
    "out-of-turn": Literal["restore", "somerset"],
    "exposed": Literal["visible", "callable"],
    "misdeal": Literal["same-dealer", "loses-deal"],
    "deck": Literal["24", "32"],
    "loner-lead": Literal["left-of-dealer", "left-of-loner"],
    "lone-march": int,
    "canadian-loner": bool,
    "alone-deadline": Literal["before-lead", "with-declaration"],
    "natural-trump-required": bool,
    "defend-alone": Literal["off", "against-lone", "always"],
    "alone-who": Literal["maker", "maker-or-partner"],
    "revoke-count": Literal["once-per-side", "each", "cancel"],
    "deals": int,
    "lone-euchre": int,
})
"""The house rules of euchre as its rulebook defines them (a test checks the two agree)."""


Phase = Literal["bidding", "made", "play", "thrown-in"]
"""Where the hand stands."""


class EuchreHand(HandReplay):
    game = "euchre"
    options: EuchreOptions
    cards_per_hand = 5

    def __init__(self, context: HandContext, record: HandRecord) -> None:
        super().__init__(context, record)
        self.pack = PACKS[self.options["deck"]]
        self.phase: Phase = "bidding"
        self.round = 1
        self.calls = 0                      # calls made in the current round
        self.bidder = self.left_of(self.dealer)
        self.trump_suit: Suit | None = None
        self.maker: str | None = None
        self.alone: str | None = None
        self.defender_alone: str | None = None  # a defender playing alone (defend-alone house rule)
        self.alone_lost = False
        self.passed: set[str] = set()       # players who passed in the bidding
        self.passed_now: set[str] = set()   # players who passed in the current round
        self.must_pass: set[str] = set()    # Somerset 79: partners of players who named a suit after passing
        self.void_call: tuple[str, Suit] | None = None  # the last void call naming a suit, if no call followed
        self.partnership_at: tuple[int, int] | None = None  # where the lone hand became a partnership
        self.discarded: Card | None = None
        self.premature_reported = False
        self.wrong_count: set[str] = set()  # players who played with the wrong number of cards
        self.out_of_turn: tb.OutOfTurn | None = None  # an out-of-turn card still on the table
        self.rebuild: Choice | None = None  # the table's choice once later players played after it
        self.rebuild_refused = False        # the table redealt rather than rebuild the trick
        self.dealer_count_due = False  # the dealer's six cards are checked at his first play

    # ---- seats and sides ------------------------------------------------------------
    def partner(self, player: str) -> str:
        return self.order[(self.order.index(player) + 2) % 4]

    def team(self, player: str) -> str:
        team = self.setup.team_of(player)
        assert team is not None
        return team.name

    def other_team(self, team_name: str) -> str:
        return next(t.name for t in self.setup.teams if t.name != team_name)

    def opponents(self, player: str) -> frozenset[str]:
        return frozenset(p for p in self.order if p != player and p != self.partner(player))

    @property
    def trump(self) -> Suit | None:
        return self.trump_suit

    @property
    def lone_hand(self) -> bool:
        return self.alone is not None and not self.alone_lost

    # ---- bidding ----------------------------------------------------------------------
    def bidding_open(self, event: ev.Event, what: str) -> bool:
        if self.phase != "bidding":
            self.find("illegal-bid", event.player, event.at, "bidding.illegal",
                      f"{event.player} {what} after trump was already made; the call is void")
            return False
        if event.player != self.bidder and self.round == 2 and event.player in self.passed_now \
                and self.options["turned-down-suit"] == "pass" and not isinstance(event, ev.Pass):
            partner = self.partner(event.player)
            self.must_pass.add(partner)
            self.find("illegal-bid", event.player, event.at, "bidding.second-round",
                      f"{event.player} {what} after passing in this round (naming the turned-down suit is a pass): "
                      f"the call is void, and {partner}, his partner, must pass (Somerset law 79).")
            return False
        if event.player != self.bidder:
            self.find("bid-out-of-turn", event.player, event.at, "bidding.out-of-turn",
                      f"{event.player} {what} out of turn: it was {self.bidder}'s call. The call is void and "
                      f"{self.bidder} keeps the right to call.")
            return False
        return True

    def barred(self, event: ev.Event, what: str) -> bool:
        """SOM 79: the partner of a player who named a suit after passing must pass; his call counts
        as a pass."""
        if event.player not in self.must_pass:
            return False
        self.find("illegal-bid", event.player, event.at, "bidding.second-round",
                  f"{event.player} {what}, but his partner named a suit after passing, so {event.player} must "
                  "pass (Somerset law 79). It counts as a pass.")
        self.passed.add(event.player)
        self.passed_now.add(event.player)
        self.next_bidder()
        return True

    def next_bidder(self) -> None:
        self.void_call = None  # a call in turn answers any void call before it
        self.calls += 1
        self.bidder = self.left_of(self.bidder)
        if self.calls < 4:
            return
        if self.round == 1:
            self.round, self.calls = 2, 0
            self.passed_now = set()
        else:
            self.phase = "thrown-in"

    def on_pass(self, event: ev.Pass) -> None:
        if not self.bidding_open(event, "passed"):
            return
        if self.round == 2 and event.player == self.dealer and self.options["stick-the-dealer"]:
            self.find("illegal-bid", event.player, event.at, "bidding.stick-the-dealer",
                      f"{event.player}, the dealer, passed in the second round, but under stick-the-dealer "
                      "the dealer must name a trump suit. The pass is void.")
            return
        self.passed.add(event.player)
        self.passed_now.add(event.player)
        self.next_bidder()

    def on_order(self, event: ev.Order) -> None:
        if not self.bidding_open(event, "ordered up"):
            self.note_void_call(event.player, self.upcard.suit if self.upcard else None)
            return
        if self.barred(event, "ordered up"):
            return
        if self.round == 2:
            self.turned_down_named(event)
            return
        self.make_trump(event.player, self.upcard_suit(event))

    def on_namesuit(self, event: ev.NameSuit) -> None:
        if not self.bidding_open(event, f"named {event.suit.word}"):
            self.note_void_call(event.player, event.suit)
            return
        if self.barred(event, f"named {event.suit.word}"):
            return
        upcard = self.upcard.suit if self.upcard else None
        if self.round == 1:
            if upcard is None or event.suit is upcard:
                self.make_trump(event.player, event.suit)
            else:
                self.find("illegal-bid", event.player, event.at, "bidding.first-round",
                          f"{event.player} named {event.suit.word} in the first round, where only the upcard's suit "
                          f"({upcard.word}) may be ordered. The call is void.")
            return
        if event.suit is upcard:
            self.turned_down_named(event)
            return
        self.make_trump(event.player, event.suit)

    def upcard_suit(self, event: ev.Event) -> Suit:
        if self.upcard is None:
            self.find("inconsistent-transcript", event.player, event.at, "transcript.consistency",
                      "the upcard is ordered but the transcript has no 'upcard' line; trump is taken from the dealer's "
                      "discard or first trump play")
            return Suit.SPADES
        return self.upcard.suit

    def turned_down_named(self, event: ev.Event) -> None:
        suit = self.upcard.suit.word if self.upcard else "upcard's suit"
        said = (f"{event.player} chose {suit}, the suit turned down in the first round, which may not be named "
                "in the second round. ")
        stuck = event.player == self.dealer and self.options["stick-the-dealer"]
        if self.options["turned-down-suit"] == "name-again" or stuck:
            self.find("illegal-bid", event.player, event.at, "bidding.second-round",
                      said + f"The call is void and {event.player} calls again.")
        else:
            self.find("illegal-bid", event.player, event.at, "bidding.second-round", said + "It counts as a pass.")
            self.passed.add(event.player)
            self.passed_now.add(event.player)
            self.next_bidder()
        self.note_void_call(event.player, self.upcard.suit if self.upcard else None)

    def note_void_call(self, player: str, suit: Suit | None) -> None:
        """A void call that named a trump suit: if play begins right after it, the table let it stand."""
        if self.phase == "bidding" and suit is not None:
            self.void_call = (player, suit)

    def accept_void_call(self, event: ev.Play) -> bool:
        """Play began while the bidding was open, right after a void call that named a suit: the table
        played on that call, so it stands by agreement and the hand is scored (not left in progress)."""
        if self.void_call is None:
            return False
        player, suit = self.void_call
        self.trump_suit, self.maker, self.phase = suit, player, "made"
        self.notes.append(f"Play began on {player}'s void call of {suit.word}: the table let it stand, so "
                          f"{suit.word} are trumps and {player} is the maker.")
        return True

    def make_trump(self, player: str, suit: Suit) -> None:
        if self.options["natural-trump-required"] and player in self.deals \
                and not any(c.suit is suit for c in self.deals[player]):
            self.find("illegal-bid", player, self.last_at, "bidding.natural-trump",
                      f"{player} made {suit.word} trump without holding a natural {suit.word[:-1]} (the left bower "
                      f"does not count); under this house rule the call is void and {player} calls again.")
            return
        self.trump_suit, self.maker, self.phase = suit, player, "made"

    def on_discard(self, event: ev.Discard) -> None:
        if event.player != self.dealer or self.round != 1 or self.trump_suit is None \
                or self.phase not in ("made", "play"):
            self.find("illegal-discard", event.player, event.at, "discard",
                      f"{event.player} discards {event.card}, but only the dealer discards, once, after taking up the "
                      "upcard; ignored")
            return
        if self.discarded is not None:
            self.find("illegal-discard", event.player, event.at, "discard",
                      f"{event.player} has already discarded {self.discarded}; a second discard is void")
            return
        if self.phase == "play" and self.dealer_has_played():
            self.find("illegal-discard", event.player, event.at, "discard",
                      f"{event.player} discards {event.card} after his own first play: too late, the discard is void "
                      "and he has played with six cards")
            return
        hands = self.table.hands if self.table is not None else None
        held = hands[self.dealer] if hands is not None and self.dealer in hands else (
            set(self.deals.get(self.dealer, ())) | ({self.upcard} if self.upcard else set()))
        if self.dealer in self.deals and event.card not in held:
            self.find("card-not-held", event.player, event.at, "play.card-not-held",
                      f"{event.player} discards {event.card}, which is neither in the dealer's hand nor the upcard")
            return
        if event.card is self.upcard and not self.options["discard-upcard"]:
            self.find("illegal-discard", event.player, event.at, "discard.upcard",
                      f"{event.player} discarded the upcard {event.card}; under this house rule the dealer must keep "
                      "it and discard another card. The discard is void.")
            return
        self.discarded = event.card
        if hands is not None and self.dealer in hands:  # after the opening lead (Somerset 87): the lead stands
            hands[self.dealer].discard(event.card)

    def dealer_has_played(self) -> bool:
        """Whether the dealer has played a card in this hand (his discard is due before that)."""
        table = self.table
        if table is None:
            return False
        return any(p.player == self.dealer for t in (*table.tricks, table.current) for p in t.plays)

    def on_alone(self, event: ev.Alone) -> None:
        if self.phase == "play" and self.table is not None and not self.table.tricks and not self.table.current.plays:
            # every card led so far went back (a lead out of turn taken back): the opening lead is
            # still to come, so a lone hand may be announced and the play starts afresh
            self.table, self.phase = None, "made"
        if self.phase == "play":
            self.find("late-alone", event.player, event.at, "alone.late",
                      f"{event.player} announced a lone hand after the opening lead; it is too late, "
                      "so the hand is played with the partner.")
            return
        if self.options["alone-deadline"] == "with-declaration" and self.discarded is not None:
            self.find("late-alone", event.player, event.at, "alone.late",
                      f"{event.player} announced a lone hand after the dealer's discard; under this house rule a "
                      "lone hand is announced with the call that makes trump (the dealer before discarding), so "
                      "the hand is played with the partner.")
            return
        if self.may_defend_alone(event.player):
            self.defender_alone = event.player
            return
        if (self.options["alone-who"] == "maker-or-partner" and self.phase == "made" and self.alone is None
                and self.maker is not None and event.player == self.partner(self.maker)
                and event.player not in self.passed):
            self.alone = event.player  # he takes the hand from the maker, who sits out
            return
        if self.phase != "made" or event.player != self.maker:
            who = f"the maker is {self.maker}" if self.maker else "nobody has made trump yet"
            self.find("illegal-bid", event.player, event.at, "alone.declare",
                      f"{event.player} announced a lone hand, but only the player who made trump may, and {who}; void")
            return
        if self.alone is None:
            self.alone = event.player

    def may_defend_alone(self, player: str) -> bool:
        """Under defend-alone, a defender may play alone against a lone maker (or any maker)."""
        rule = self.options["defend-alone"]
        if rule == "off" or self.phase != "made" or self.maker is None or self.defender_alone is not None:
            return False
        if player not in self.opponents(self.maker):
            return False
        return rule == "always" or self.alone is not None

    # ---- play -------------------------------------------------------------------------
    def ready_to_play(self, event: ev.Play) -> bool:
        if self.phase == "thrown-in":
            return self.play_after_throw_in(event)
        if self.phase == "bidding" and not self.premature_reported and self.accept_void_call(event):
            pass
        elif self.phase != "made":
            if not self.premature_reported and self.phase == "bidding":
                self.find("premature-lead", event.player, event.at, "play.premature-lead",
                          f"{event.player} played {event.card} before trump was made; the card goes back and "
                          f"the bidding goes on with {self.bidder}.")
                self.premature_reported = True
            return False
        assert self.trump_suit is not None
        self.phase = "play"
        if self.canadian_loner():
            self.alone = self.maker
            self.notes.append(f"{self.maker}, the dealer's partner, ordered the dealer up and so plays alone "
                              "(Canadian loner).")
        active, leader = self.opening_seats()
        self.start_play(leader, active, EuchreTricks(self.trump_suit))
        self.check_counts(event, active)
        return True

    def opening_seats(self) -> tuple[list[str], str]:
        """The seats taking part and who leads to the first trick: the first active seat at the
        dealer's left (or at the lone player's, under the loner-lead house rule)."""
        loner = self.alone if self.lone_hand else self.canadian_loner()
        sitting_out = {self.partner(p) for p in (loner, self.defender_alone) if p}
        active = [p for p in self.order if p not in sitting_out]
        after = loner if loner and self.options["loner-lead"] == "left-of-loner" else self.dealer
        return active, self.left_of(after, active)

    def canadian_loner(self) -> str | None:
        """Under the Canadian-loner house rule, the dealer's partner who ordered him up plays alone."""
        if self.options["canadian-loner"] and self.round == 1 and self.maker == self.partner(self.dealer) \
                and self.alone is None:
            return self.maker
        return None

    def adjust_hands(self, hands: dict[str, set[Card]] | None) -> None:
        if hands is None or self.round != 1 or self.dealer not in hands or self.upcard is None:
            return
        hands[self.dealer].add(self.upcard)
        if self.discarded is not None:
            hands[self.dealer].discard(self.discarded)

    def check_counts(self, event: ev.Play, active: list[str]) -> None:
        """SOM 90: a hand of the wrong size found in play does not void the deal; it costs its side.
        The dealer who took the upcard may still discard after the opening lead (SOM 87), so his
        count is checked at his own first play (`check_dealer_count`)."""
        self.dealer_count_due = self.round == 1 and self.hands_known and self.dealer in active
        if self.dealer_count_due and event.player == self.dealer:  # the dealer's card opens the play
            self.check_dealer_count(event)
        for player in active:
            cards = self.deals.get(player)
            if cards is not None and len(cards) != self.cards_per_hand and player not in self.wrong_count:
                # One fault, one finding: the deal line's (which says what play going on means);
                # the penalty below cites the rule for a wrong count found in play.
                self.wrong_count.add(player)
                ruling = self.wrong_count_penalty_text(player)
                self.notes.append(f"play went on with {player} holding {len(cards)} cards: "
                                  f"{ruling[0].lower()}{ruling[1:]} [{self.rule_id('wrong-count.play')}]")

    def check_dealer_count(self, event: ev.Play) -> None:
        """At the dealer's first play: a dealer who took up the upcard and has not discarded holds six."""
        self.dealer_count_due = False
        if self.discarded is None and self.dealer not in self.wrong_count:
            self.find("wrong-card-count", self.dealer, event.at, "wrong-count.play",
                      f"{self.dealer}, the dealer, took up the upcard and plays without having discarded, so he "
                      "holds six cards. " + self.wrong_count_penalty_text(self.dealer))
            self.wrong_count.add(self.dealer)

    def wrong_count_penalty_text(self, player: str) -> str:
        return (f"The deal stands; {self.team(player)} cannot score this hand and forfeit "
                f"{self.wrong_count_points(player)} points to {self.other_team(self.team(player))}.")

    def wrong_count_points(self, player: str) -> int:
        return 4 if self.lone_hand else 2

    def wrong_count_ruling(self, player: str) -> str:
        return ("Found before play, this is a misdeal: "
                + ("the deal passes to the next player" if self.options["misdeal"] == "loses-deal"
                   else "the same dealer deals again")
                + f"; if play goes on, the deal stands, {self.team(player)} cannot score the hand and they forfeit "
                  "points to the other side.")

    def fact_notactive(self, fact: tb.NotActive) -> None:
        loner = self.alone or ""
        defenders = self.opponents(loner)
        table = self.table
        assert table is not None
        # Written after the three active cards of a trick not yet gathered, by the seat that comes
        # next after them, the partner's card is his play to that trick (in his seat's turn), not a
        # lead to the next one.
        last = table.tricks[-1] if table.tricks else None
        in_seat_turn = last is not None and bool(last.plays) and self.left_of(last.plays[-1].player) == fact.player
        trick = fact.trick - 1 if in_seat_turn and table.reopen_last() else fact.trick
        self.find("sitting-out-played", fact.player, fact.at, "alone.partner-played",
                  f"{fact.player} should sit out while {loner} plays alone, but played {fact.card}. {loner} loses the "
                  f"lone hand and the hand is played as a partnership, unless {self.side_label(defenders)} elect that "
                  f"{loner} play alone (then {fact.player}'s card is taken back).", trick=trick)
        if not self.alone_lost:
            self.alone_lost, self.partnership_at = True, (fact.at.line, fact.at.column)
        table.activate(fact.player)
        for follow in table.play(fact.player, fact.card, fact.at):
            if not isinstance(follow, tb.OutOfTurn):  # the seat had no turn: one finding is enough
                self.on_fact(follow)
        self.offer(defenders, fact.player, ("partnership", "alone"), "alone.partner-played",
                   f"{self.side_label(defenders)} choose whether {loner} keeps the lone hand "
                   f"({fact.player}'s {fact.card} is taken back) or the hand is played as a partnership.",
                   lambda option, at: self.choose_lone_hand(option, at, fact.player, fact.card),
                   implied="partnership")

    def choose_lone_hand(self, option: str, at: ev.Span, partner: str, card: Card) -> None:
        """The defenders' election (`call alone` / `call partnership`, or the partner's card taken
        back). Electing the lone hand takes `partner`'s `card` back while its trick is not
        gathered; a trick already gathered stands as played (a quitted trick is never rebuilt),
        a card he has put on the table since goes back, and he sits out from now on."""
        if option != "alone" or not self.alone_lost or self.table is None:
            return
        table = self.table
        facts = table.retract(partner, card, at, excused=True)
        if any(isinstance(f, (tb.BadRetract, tb.CardStands)) for f in facts):
            self.notes.append(f"{self.side_label(self.opponents(partner))} elected that {self.alone} keep the lone "
                              f"hand: {partner}'s {card} stays in its trick, already gathered, and {partner} sits out.")
            later = table.current.card_of(partner)
            facts = table.retract(partner, later.card, at, excused=True) if later is not None else []
            if not facts or any(isinstance(f, (tb.BadRetract, tb.CardStands)) for f in facts):
                self.alone_lost, self.partnership_at = False, None
                facts = table.deactivate(partner)
        for follow in facts:  # a card taken back: `rule_retract` restores the lone hand
            self.on_fact(follow)

    def may_take_back(self, event: ev.Retract) -> bool:
        """The lone player's partner's card goes back when the opponents let the lone hand stand."""
        partner = self.alone_lost and event.player == self.partner(self.alone or "")
        return partner or HandReplay.may_take_back(self, event)

    def rule_retract(self, fact: tb.Retracted) -> None:
        out_of_turn = self.out_of_turn
        if out_of_turn is not None and fact.player == out_of_turn.player and fact.card is out_of_turn.card:
            if self.rebuild in self.choices:  # the table rebuilds the trick: the card goes back
                assert self.rebuild is not None
                self.answer(self.rebuild, "reconstruct", fact.at)
            self.out_of_turn = None
            self.notes.append(f"{fact.player}'s {fact.card}, played out of turn, went back "
                              "and the proper turn was restored.")
            if self.options["out-of-turn"] == "somerset":
                self.offer_somerset(fact)
        elif self.alone_lost and fact.player == self.partner(self.alone or "") and self.table is not None:
            self.alone_lost, self.partnership_at = False, None
            self.notes.append(f"{fact.player}'s card was taken back: {self.alone} keeps the lone hand.")
            for follow in self.table.deactivate(fact.player):  # the trick may now be complete
                self.on_fact(follow)

    def out_of_turn_ruling(self, fact: tb.OutOfTurn) -> str:
        if self.options["out-of-turn"] == "somerset":
            return (f"The card is taken back and the turn restored; {self.side_label(self.opponents(fact.player))} "
                    f"may then call it as an exposed card or call a suit from {fact.player} on his next lead.")
        return (f"The card goes back to {fact.player}'s hand and the proper turn is restored, unless later "
                "players have already played: then the trick is rebuilt if all agree, otherwise the hand is "
                "cancelled and redealt without score.")

    def rule_out_of_turn(self, fact: tb.OutOfTurn, finding: Irregularity) -> None:
        self.out_of_turn = fact

    def on_play(self, event: ev.Play) -> None:
        if self.dealer_count_due and event.player == self.dealer:
            self.check_dealer_count(event)
        false = self.out_of_turn
        if false is None:
            self.play_card(event)  # the usual case: no card out of turn on the table
            return
        if self.rebuild not in self.choices:
            self.play_after_card_out_of_turn(event, false)
        self.play_card(event)
        if self.out_of_turn is false and self.rebuild not in self.choices and self.table is not None \
                and self.table.current.number != false.trick:
            self.notes.append(f"The trick with {false.player}'s card out of turn was completed by it: it stands.")
            self.out_of_turn = None

    def play_after_card_out_of_turn(self, event: ev.Play, false: tb.OutOfTurn) -> None:
        """A later player's card in the trick of a card out of turn: the card can no longer simply
        go back, and the table chooses between rebuilding the trick and a redeal (seed rule).
        Playing the trick out shows it was rebuilt by agreement."""
        table = self.table
        if table is None or event.player == false.player or table.current.number != false.trick:
            return

        def choose(option: str, at: ev.Span) -> None:
            self.out_of_turn = None
            self.rebuild_refused = option == "redeal"

        self.rebuild = self.offer(
            self.order, false.player, ("reconstruct", "redeal"), "play.out-of-turn",
            "Later players played after the card out of turn: rebuild the trick if all agree, otherwise cancel the "
            "hand and redeal without score.", choose, implied="reconstruct",
            implied_text=f"The trick with {false.player}'s card out of turn was played out: the table rebuilt it by "
                         "agreement and it stands.", ends=(Lapse.TRICK_GATHERED,))

    def offer_somerset(self, fact: tb.Retracted) -> None:
        defenders = self.opponents(fact.player)

        def apply(option: str, at: ev.Span) -> None:
            effect = (self.require(fact.player, "card", "play.out-of-turn", at, card=fact.card) if len(option) == 2
                      else self.require(fact.player, "lead-suit", "play.out-of-turn", at,
                                        suit=Suit[option.upper()]))
            self.penalise("play.out-of-turn", f"{self.side_label(defenders)} call {option} from {fact.player}",
                          effects=(effect,))

        self.offer(defenders, fact.player, ("card", "suit"), "play.out-of-turn",
                   f"{self.side_label(defenders)} may call {fact.card} as an exposed card, or call a suit for "
                   f"{fact.player}'s next lead, until the card is played (Somerset 46, 52).", apply,
                   ends=(Lapse.CARD_PLAYED,), card=fact.card)

    def card_words(self, card: Card) -> str:
        """A bower is named as such: the left bower is a trump, not a card of its printed suit."""
        role = bower_role(card, self.trump_suit)
        return f"{card.text} ({role})" if role else card.text

    def held_words(self, revoke: tb.Revoke) -> str:
        """The suit led, and the left bower by name when he held it then and trumps were led."""
        table = self.table
        trump = self.trump_suit
        if table is None or table.hands is None or revoke.player not in table.hands or trump is None \
                or revoke.led is not trump:
            return revoke.led.word
        held = set(table.hands[revoke.player]) | {c for c, (who, trick) in table.played.items()
                                                 if who == revoke.player and trick >= revoke.trick}
        bowers = [c for c in held if c is not revoke.card and c.rank == JACK and c.suit is trump.partner]
        if not bowers:
            return revoke.led.word
        return f"{revoke.led.word} (the left bower {bowers[0].text} is a trump)"

    def established_revoke_ruling(self, fact: tb.Revoke) -> str:
        points = self.revoke_points(fact.player, fact.at)
        side = self.team(fact.player)
        unless = " unless a revoke by the other side cancels it," if self.options["revoke-count"] == "cancel" else ""
        if self.options["revoke-penalty"] == "deduct":
            return f"{side} lose {points} points{unless} and the hand's ordinary result is not scored."
        return f"{self.other_team(side)} score {points} points{unless} and the hand's ordinary result is not scored."

    def revoke_points(self, offender: str, at: ev.Span) -> int:
        """Lone-hand points only while the lone hand was being played: a revoke made after the
        partner's card turned it into a partnership hand is a partnership revoke."""
        alone_then = self.lone_hand or (self.partnership_at is not None and (at.line, at.column) < self.partnership_at)
        if self.defender_alone is not None and self.team(self.defender_alone) == self.team(offender):
            return self.options["revoke-lone-points"]  # his side was attempting a lone defence
        if self.alone is None or not alone_then:
            return self.options["revoke-points"]
        offending_side_alone = self.team(self.alone) == self.team(offender)
        if offending_side_alone or self.options["revoke-lone"] == "any-lone-hand":
            return self.options["revoke-lone-points"]
        return self.options["revoke-points"]

    def exposed_ruling(self, event: ev.Expose) -> str:
        if self.options["exposed"] == "callable":
            return (f"It stays face up on the table and {self.side_label(self.opponents(event.player))} may call it "
                    "to be played when it is legal.")
        return ("It stays face up until it is legally played, unless the table judges the exposure a major unfair "
                "advantage and redeals.")

    def rule_exposed(self, event: ev.Expose, finding: Irregularity) -> None:
        if self.options["exposed"] == "callable":
            defenders = self.opponents(event.player)

            def call(option: str, at: ev.Span) -> None:
                effect = self.require(event.player, "card", "exposed.card", at, card=event.card)
                self.penalise("exposed.card", f"{self.side_label(defenders)} call the exposed {event.card}",
                              effects=(effect,))

            self.offer(defenders, event.player, ("card",), "exposed.card",
                       f"{self.side_label(defenders)} may call {event.card} when {event.player} can legally play it; "
                       "it stays liable to be called until it is played.", call, ends=(Lapse.CARD_PLAYED,),
                       card=event.card)
            return

        self.offer(set(self.order), event.player, ("leave-exposed", "redeal"), "exposed.card",
                   f"The table decides: {event.card} stays face up until played, or the hand is redealt if the "
                   "exposure is a major unfair advantage.", _table_decides, implied="leave-exposed",
                   implied_text=f"Play went on: {event.player}'s exposed {event.card} stayed face up until played.")

    def attention_ruling(self, event: ev.Count) -> str:
        return "Gathered tricks stay face down during the hand; the laws give no penalty in points."

    def on_concede(self, event: ev.Concede) -> None:
        if self.phase != "play":
            self.unsupported(event, "'concede' before play")
            return
        self.conceded_by = event.player
        winners = self.other_team(self.team(event.player))
        self.notes.append(f"{event.player} conceded the remaining tricks to {winners}.")
        self.gather_now()  # the hands are thrown up: a revoke in the trick just completed is established

    # ---- result -----------------------------------------------------------------------
    def misdeal(self) -> bool:
        return bool(self.deal_faults) and (self.table is None or not self.table.tricks)

    def status(self) -> HandStatus:
        if self.redeal_at is not None or (self.phase != "play" and self.misdeal()):
            return "redeal"
        if self.phase == "thrown-in":
            return "thrown-in"
        if self.table is not None and (self.table.finished or self.conceded_by):
            return "complete"
        if self.revokes:
            return "abandoned"
        return "in-progress"

    def maker_tricks(self) -> int:
        assert self.table is not None and self.maker is not None
        makers = self.team(self.maker)
        members = (self.maker, self.partner(self.maker))
        won = sum(1 for t in self.table.tricks if t.winner in members)
        if self.conceded_by is not None and self.team(self.conceded_by) != makers:
            won += 5 - len(self.table.tricks)
        return won

    def settle(self, ledger: Ledger) -> None:
        status = self.status()
        if status in ("redeal", "thrown-in"):
            if status == "redeal" and self.rebuild_refused:
                self.penalise("play.out-of-turn",
                              "the trick could not be restored: hand cancelled and redealt without score",
                              effects=(Effect("redeal", None, None, self.dealer),))
            return
        if self.revokes:
            self.settle_revokes(ledger)
            return
        if status != "complete":
            return
        barred = {self.team(p) for p in self.wrong_count}
        for player in sorted(self.wrong_count):
            side = self.team(player)
            points = self.wrong_count_points(player)
            other = self.other_team(side)
            mark = ledger.mark()
            ledger.credit(other, points, self.rule_id("wrong-count.play"),
                          f"{side} played with a wrong number of cards")
            self.penalise("wrong-count.play", f"{side} played with a wrong number of cards: {other} score {points}",
                          (Effect("hand-not-scored", side),), since=mark)
        side, points, topic = self.ordinary_result()
        if side not in barred:
            ledger.credit(side, points, self.rule_id(topic), self.result_words(side, points))

    def ordinary_result(self) -> tuple[str, int, str]:
        """Who scores the hand, how much, and the rule's topic."""
        assert self.maker is not None
        makers = self.team(self.maker)
        tricks = self.maker_tricks()
        if tricks < 3:
            if self.defender_alone is not None:
                return self.other_team(makers), 4, "alone.defend"  # a euchre by a lone defender
            points = self.options["lone-euchre"] if self.lone_hand else 2
            return self.other_team(makers), points, "score.euchre"
        if tricks == 5:
            return makers, self.options["lone-march"] if self.lone_hand else 2, "score.march"
        return makers, 1, "score.makers"

    def result_words(self, side: str, points: int) -> str:
        tricks = self.maker_tricks()
        alone = " alone" if self.lone_hand else ""
        if tricks < 3:
            return f"the makers{alone} took {tricks} tricks: euchred"
        if tricks == 5:
            return f"the makers{alone} took all five tricks: a march"
        return f"the makers{alone} took {tricks} tricks"

    def penalised_revokes(self) -> list[tb.Revoke]:
        """The revokes that cost points: each side's first (default), every one (Somerset 70), or
        what is left once an equal number by each side cancel out (Somerset 71)."""
        rule = self.options["revoke-count"]
        if rule == "each":
            return list(self.revokes)
        if rule == "once-per-side":
            firsts: dict[str, tb.Revoke] = {}
            for revoke in self.revokes:
                firsts.setdefault(self.team(revoke.player), revoke)
            return list(firsts.values())
        by_side: dict[str, list[tb.Revoke]] = {t.name: [] for t in self.setup.teams}
        for revoke in self.revokes:
            by_side[self.team(revoke.player)].append(revoke)
        cancelled = min(len(r) for r in by_side.values())
        return [r for revokes in by_side.values() for r in revokes[cancelled:]]

    def settle_revokes(self, ledger: Ledger) -> None:
        penalised = self.penalised_revokes()
        if len(penalised) < len(self.revokes) and self.options["revoke-count"] == "cancel":
            self.note(f"{(len(self.revokes) - len(penalised)) // 2} revoke(s) by each side cancel out.")
        rule = self.rule_id("revoke.established")
        for revoke in penalised:
            side = self.team(revoke.player)
            points = self.revoke_points(revoke.player, revoke.at)
            other = self.other_team(side)
            mark = ledger.mark()
            cause = f"{revoke.player} revoked in trick {revoke.trick}"
            if self.options["revoke-penalty"] == "deduct":
                ledger.credit(side, -points, rule, cause)
                self.penalise("revoke.established", f"{side} revoked: {points} points deducted from {side}",
                              (Effect("hand-not-scored"),), since=mark)
            else:
                ledger.credit(other, points, rule, cause)
                self.penalise("revoke.established", f"{revoke.player} ({side}) revoked: {other} score {points}",
                              (Effect("hand-not-scored"),), since=mark)

    def contract(self) -> dict[str, Any]:
        return {
            "trump": self.trump_suit.word if self.trump_suit else None,
            "maker": self.maker,
            "makers": self.team(self.maker) if self.maker else None,
            "round": self.round if self.maker else None,
            "alone": self.alone if self.lone_hand else None,
            "defending_alone": self.defender_alone,
            "upcard": self.upcard.text if self.upcard else None,
            "discard": self.discarded.text if self.discarded else None,
        }

    def pending(self) -> list[Pending]:
        out = super().pending()
        if self.status() != "in-progress":
            return out
        if (self.phase == "bidding" and self.round == 2 and self.bidder == self.dealer
                and self.options["stick-the-dealer"]):
            barred = self.upcard.suit if self.upcard else None
            out.append(Pending(self.dealer, tuple(s.word for s in Suit if s is not barred),
                               self.rule_id("bidding.stick-the-dealer"),
                               f"Stick the dealer: {self.dealer} must name one of the three other suits."))
        return out

    def next_step(self) -> str | None:
        if self.misdeal():
            return "misdeal: " + self.wrong_count_ruling(self.dealer)
        if self.phase == "bidding":
            return (f"round {self.round} of the bidding: {self.bidder} to pass or "
                    + ("order it up" if self.round == 1 else "name a suit"))
        if self.phase == "made":
            active, leader = self.opening_seats()
            if self.round == 1 and self.discarded is None and self.dealer in active:
                return f"{self.dealer} to discard; {leader} to lead to trick 1"
            return f"{leader} to lead to trick 1"
        if self.table is not None:
            if self.out_of_turn is not None and self.rebuild in self.choices:
                return (f"the table rebuilds trick {self.out_of_turn.trick} if all agree; "
                        "otherwise the hand is cancelled and redealt without score")
            if self.out_of_turn is not None:
                verb = "lead" if self.out_of_turn.lead else "play"
                return (f"{self.out_of_turn.player} takes back {self.out_of_turn.card}; "
                        f"{self.out_of_turn.expected} to {verb} to trick {self.out_of_turn.trick}")
            return self.next_in_play()
        return None


def _table_decides(option: str, at: ev.Span) -> None:
    """The table's choice about an exposed card changes nothing the referee scores: a redeal is a
    `redeal` line, and leaving the card exposed needs no action."""


class EuchreSession(GameSession[EuchreHand]):
    def __init__(self, game: Euchre, setup: Setup) -> None:
        super().__init__(game, setup)
        self.number = 1
        self.deals = 0  # hands adjudicated, for games of a fixed number of deals
        self._winner: str | None = None

    def replay(self, record: HandRecord) -> EuchreHand:
        return EuchreHand(self.context(self.number), record)

    def advance(self, replay: EuchreHand, verdict: HandVerdict) -> None:
        self.number = verdict.number + 1
        same_dealer = verdict.status == "redeal" and not (
            replay.misdeal() and replay.redeal_at is None and self.setup.options["misdeal"] == "loses-deal")
        self.next_dealer = replay.dealer if same_dealer else replay.left_of(replay.dealer)
        self.deals += 1
        if self._winner is None:
            self._winner = self.decide_winner()

    def decide_winner(self) -> str | None:
        """First to the target; or, in a game of a fixed number of deals, the higher total at its end."""
        ahead = sole_leader(self.score)
        deals = self.setup.options["deals"]
        if deals:
            return ahead if self.deals >= deals else None
        return ahead if ahead is not None and self.score[ahead] >= self.setup.options["target"] else None

    def winner(self) -> str | None:
        return self._winner


class Euchre(GameRules):
    name = "euchre"
    scored_by = "team"

    def check_seats(self, setup: Setup) -> list[Problem]:
        at = setup.at
        if len(setup.teams) != 2 or any(len(t.members) != 2 for t in setup.teams):
            return [Problem(at.line, at.column, "euchre needs two partnerships of two",
                            f'add [Partners "{setup.players[0]}-{setup.players[2]} '
                            f'{setup.players[1]}-{setup.players[3]}"]')]
        for team in setup.teams:
            a, b = (setup.players.index(m) for m in team.members)
            if abs(a - b) != 2:
                return [Problem(at.line, at.column, f"partners {team.name} do not sit opposite each other",
                                "list [Players] clockwise; partners sit two seats apart")]
        return []

    def session(self, setup: Setup) -> EuchreSession:
        return EuchreSession(self, setup)

    def card_role(self, card: Card, trump: Suit | None) -> str | None:
        return bower_role(card, trump)

    def random_game(self, rng: random.Random, hands: int, rules_for: PlayRulesFor | None = None) -> str:
        """A transcript of `hands` random legal hands (for property tests and benchmarks).

        Every choice is random but lawful: bids in turn, the dealer discards, lone hands are
        announced before the lead, and every card follows suit when it can (as `rules_for`
        says, by default the referee's own trick rules).
        """
        lines = ['[Game "euchre"]', '[Players "N E S W"]', '[Partners "N-S E-W"]',
                 '[Rules "stick-the-dealer; target=1000"]', ""]
        dealer = rng.randrange(4)
        for number in range(1, hands + 1):
            lines.extend(random_hand(rng, dealer, number, rules_for=rules_for)[0])
            dealer = (dealer + 1) % 4
        return "\n".join(lines) + "\n"


def own_play_rules(deal: Deal) -> PlayRules:
    """The generator's default laws of play: the referee's own."""
    assert deal.trump is not None
    return TableRules(EuchreTricks(deal.trump))


def random_hand(rng: random.Random, dealer: int, number: int, plant_revoke: bool = False,
                rules_for: PlayRulesFor | None = None) -> tuple[list[str], int | None]:
    """One random legal hand with its deal, as transcript lines (seats N E S W).

    With `plant_revoke`, exactly one player fails to follow suit once while able to (the first
    chance from a random trick on); the trick where it happened is returned (None if no chance came).
    """
    players = ("N", "E", "S", "W")
    cards = sorted(PACKS["24"], key=lambda c: (c.suit.value, c.rank))
    rng.shuffle(cards)
    hands = {players[(dealer + 1 + i) % 4]: cards[5 * i:5 * i + 5] for i in range(4)}
    upcard = cards[20]
    out = [f"hand {number} dealer {players[dealer]}"]
    out += [f"deal {p}: {' '.join(c.text for c in hands[p])}" for p in players]
    out.append(f"upcard {upcard.text}")
    seats = [players[(dealer + 1 + i) % 4] for i in range(4)]
    calls: list[str] = []
    maker = trump = None
    for seat in seats:
        if rng.random() < 0.2:
            calls.append(f"{seat} order")
            maker, trump = seat, upcard.suit
            break
        calls.append(f"{seat} pass")
    out.append(", ".join(calls))
    if maker is None:
        calls = []
        for seat in seats:
            if seat == seats[-1] or rng.random() < 0.4:
                trump = rng.choice([s for s in Suit if s is not upcard.suit])
                calls.append(f"{seat} name {trump.word}")
                maker = seat
                break
            calls.append(f"{seat} pass")
        out.append(", ".join(calls))
    else:
        dealer_hand = hands[players[dealer]]
        dealer_hand.append(upcard)
        discard = rng.choice(dealer_hand)
        dealer_hand.remove(discard)
        out.append(f"{players[dealer]} discard {discard.text}")
    assert maker is not None and trump is not None
    alone = rng.random() < 0.15
    partner = players[(players.index(maker) + 2) % 4]
    if alone:
        out.append(f"{maker} alone")
    active = [s for s in seats if not (alone and s == partner)]
    play = (rules_for or own_play_rules)(Deal("euchre", trump))
    leader = active[0]
    plant_from = rng.randint(1, 4) if plant_revoke else 6
    planted: int | None = None
    for trick in range(1, 6):
        plays, revoked = random_trick(rng, active, leader, hands, play, trick, planted is None and trick >= plant_from)
        if revoked:
            planted = trick
        leader = play.winner(plays)
        out.append(trick_line(trick, plays))
    out.append("")
    return out, planted


GAME = Euchre()
