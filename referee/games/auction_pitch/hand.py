"""Auction Pitch (Setback): two to seven players, each for himself, 52 cards, six each.

Defaults follow the seed text (shared/seeds/000); where it is silent the research digest
(shared/rules/auction-pitch.md) decides, and its other readings are house rules listed by
``referee rules auction-pitch``. Scores are points won toward game; "to go" is the target less
the points, shown in each hand's contract.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal, TypedDict

from ...engine import table as tb
from ...engine.choices import Choice, Lapse, Option
from ...engine.generators import Deal, PlayRules, PlayRulesFor, TableRules, random_card
from ...engine.header import Setup
from ...engine.laws import Effect, HandStatus, Irregularity, Kind
from ...engine.ledger import Ledger
from ...engine.replay import HandContext, HandReplay, Requirement
from ...engine.session import GameRules, GameSession
from ...engine.verdict import HandVerdict
from ...notation import events as ev
from ...notation.cards import ACE, JACK, KING, QUEEN, Card, Suit, pack
from ...notation.reader import HandRecord, trick_line

POINTS = ("high", "low", "jack", "game")
"""The four points, in the order they count out when several players can go out."""

PIPS = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1, 10: 10}
OUT_OF_TURN_CALLS: tuple[Option, ...] = ("highest", "lowest", "trump", "no-trump")
RANDOM_GAME_HANDS = 100
"""Hands per game in `AuctionPitch.random_game`: far too few for any score to near 1000."""


class PitchTricks(tb.PlainTricks):
    """Trick rules once the pitch is made. Trump is unknown (None) until the pitcher's first card."""

    def excused(self, player: str, card: Card, led: Suit, trick: int) -> bool:
        """A plain suit led may be trumped even by a player who holds that suit."""
        return self.trump is not None and card.suit is self.trump and led is not self.trump


@dataclass(slots=True)
class FalseCard:
    """An adversary's card led or played out of turn, while its trick is still open."""

    player: str
    card: Card
    trick: int
    expected: str  # whose turn it was
    lead: bool
    retracted: bool = False
    stands: bool = False
    requirement: Requirement | None = None


@dataclass(slots=True)
class Outcome:
    """What settling the hand works out besides its ledger: the four points, whether the pitcher
    made his bid, and who went out."""

    points: dict[str, str | None] | None = None
    made: bool | None = None
    winner: str | None = None


AuctionPitchOptions = TypedDict("AuctionPitchOptions", {
    "target": int,
    "bid-to-board": bool,
    "board-all-pass": Literal["eldest", "throw-in"],
    "full-value-bids": bool,
    "smudge": bool,
    "revoke-pitch-before-bid": Literal["two", "four"],
    "setback-red-counter": bool,
})
"""The house rules of auction-pitch as its rulebook defines them (a test checks the two agree)."""


Phase = Literal["bidding", "selling", "pitch", "play", "thrown-in"]
"""Where the hand stands."""


class AuctionPitchHand(HandReplay):
    game = "auction-pitch"
    options: AuctionPitchOptions
    cards_per_hand = 6
    pack = frozenset(pack(2))
    pool_unit = "red"
    pool_rate = None  # red counters paid into the pool are not taken from the points

    def __init__(self, context: HandContext, record: HandRecord, pool: int | None, game_over: bool) -> None:
        super().__init__(context, record)
        self.pool_before = pool
        self.game_over = game_over
        self.target: int = self.options["target"]
        self.board: bool = self.options["bid-to-board"]
        self.eldest = self.left_of(self.dealer)
        first = self.eldest if self.board else self.left_of(self.eldest)
        start = self.order.index(first)
        count = len(self.order) if self.board else len(self.order) - 1
        self.bidders = tuple(self.order[(start + i) % len(self.order)] for i in range(count))
        self.acted: set[str] = set()
        self.bids: list[tuple[str, int]] = []  # valid bids, each higher than the last
        self.phase: Phase = "bidding"
        self.pitcher: str | None = None
        self.to_make: int | None = None        # what the pitcher must make (None: nothing)
        self.sale: str | None = None           # sold | refused | pitched | no-bid | board
        self.sale_points = 0
        self.rules = PitchTricks()
        self.false_card: FalseCard | None = None
        self.deal_exposure: Choice | None = None  # the others' choice after a card shown in the deal
        self.disobeyed: list[tb.Revoke] = []
        self.premature_reported = False

    # ---- small queries -------------------------------------------------------------------
    def to_go(self, player: str) -> int:
        return self.target - self.ctx.score_before.get(player, 0)

    @property
    def trump(self) -> Suit | None:
        return self.rules.trump

    @property
    def highest(self) -> tuple[str, int] | None:
        return self.bids[-1] if self.bids else None

    def expected_bidder(self) -> str | None:
        return next((p for p in self.bidders if p not in self.acted), None)

    # ---- bidding -------------------------------------------------------------------------
    def bid_open(self, event: ev.Event, what: str) -> bool:
        """Whether a bid or pass may count; reports why not, and bids out of turn."""
        if self.phase != "bidding":
            self.find("illegal-bid", event.player, event.at, "bidding.illegal",
                      f"{event.player} {what} after the bidding was over; the bid is void")
            return False
        if event.player == self.eldest and not self.board:
            self.find("illegal-bid", event.player, event.at, "bidding.illegal",
                      f"{event.player} {what}, but {event.player} is the seller: the seller does not bid, he sells, "
                      "refuses or pitches. The bid is void.")
            return False
        if event.player in self.acted:
            self.find("illegal-bid", event.player, event.at, "bidding.illegal",
                      f"{event.player} {what} a second time; there are no second bids, so it is void")
            return False
        expected = self.expected_bidder()
        if event.player != expected:
            self.find("bid-out-of-turn", event.player, event.at, "bidding.out-of-turn",
                      f"{event.player} {what} out of turn: it was {expected}'s turn. There is no penalty; it stands as "
                      f"{event.player}'s one bid and {expected} keeps the turn.")
        return True

    def on_pass(self, event: ev.Pass) -> None:
        if self.bid_open(event, "passed"):
            self.acted.add(event.player)
            self.close_bidding_if_over()

    def on_bid(self, event: ev.Bid) -> None:
        if not self.bid_open(event, f"bid {event.text}"):
            return
        self.acted.add(event.player)
        problem = self.bid_problem(event)
        if problem is None:
            assert event.number is not None
            self.bids.append((event.player, event.number))
        else:
            topic, text = problem
            self.find("illegal-bid", event.player, event.at, topic, text)
        self.close_bidding_if_over()

    def bid_problem(self, event: ev.Bid) -> tuple[str, str] | None:
        """Why a bid in turn is void (topic, explanation), or None when it stands."""
        number, who = event.number, event.player
        if number is None or event.qualifier or not 1 <= number <= 4:
            return ("bidding.illegal",
                    f"{who} bid {event.text}; bids are one to four points. It is void and counts as his pass.")
        if self.highest and number <= self.highest[1]:
            return ("bidding.illegal", f"{who} bid {number}, not higher than {self.highest[0]}'s {self.highest[1]}; "
                    "the bid is void and counts as his pass.")
        to_go = self.to_go(self.eldest)
        if not self.board and not self.options["full-value-bids"] and number >= to_go:
            return ("bidding.forbidden", f"{who} bid {number}, but {self.eldest}, the seller, has only {to_go} to go, "
                    f"so the most anyone may offer is {max(to_go - 1, 0)}. {who} forfeits his right to bid in this "
                    "deal: the bid is void and counts as his pass.")
        return None

    def close_bidding_if_over(self) -> None:
        if self.expected_bidder() is not None:
            return
        if self.highest is not None:
            if self.board:
                self.set_pitcher(self.highest[0], self.highest[1], "board")
            else:
                self.phase = "selling"
        elif self.board and self.options["board-all-pass"] == "throw-in":
            self.phase = "thrown-in"
        else:
            self.set_pitcher(self.eldest, None, "no-bid")

    def set_pitcher(self, player: str, to_make: int | None, sale: str) -> None:
        self.pitcher, self.to_make, self.sale, self.phase = player, to_make, sale, "pitch"

    def seller_may(self, event: ev.Event, what: str) -> bool:
        """Whether selling or refusing is open to this player now."""
        if self.board:
            reason = "nothing is sold when bidding to the board"
        elif event.player != self.eldest:
            reason = f"only the seller, {self.eldest}, may sell or refuse"
        elif self.phase == "bidding" and self.highest is None:
            reason = "there is no bid to sell"
        elif self.phase == "bidding":
            reason = f"the bidding is not over: {self.expected_bidder()} has not bid yet"
        elif self.phase != "selling":
            reason = "the pitch is already settled"
        else:
            return True
        self.find("illegal-bid", event.player, event.at, "bidding.illegal",
                  f"{event.player} {what}, but {reason}; void")
        return False

    def sell(self) -> None:
        assert self.highest is not None
        bidder, number = self.highest
        self.sale_points = max(0, min(number, self.to_go(self.eldest) - 1))
        self.set_pitcher(bidder, number, "sold")
        if self.sale_points < number:
            self.notes.append(f"{self.eldest} sold for {number} but scores only {self.sale_points}, to within one of "
                              "game [auction-pitch.bidding.full-value]")

    def refuse(self) -> None:
        assert self.highest is not None
        self.set_pitcher(self.eldest, self.highest[1], "refused")

    def on_sell(self, event: ev.Sell) -> None:
        if self.seller_may(event, "sells"):
            self.sell()

    def on_refuse(self, event: ev.Refuse) -> None:
        if self.seller_may(event, "refuses"):
            self.refuse()

    def on_pitch(self, event: ev.Pitch) -> None:
        if event.player == self.eldest and self.phase == "bidding" and not self.board and self.highest is None:
            self.set_pitcher(self.eldest, 4, "pitched")
        elif event.player == self.eldest and self.phase == "selling":
            self.refuse()
        elif not (self.phase == "pitch" and event.player == self.pitcher):
            self.find("illegal-bid", event.player, event.at, "bidding.illegal",
                      f"{event.player} says he pitches, but it is not his pitch now; void")

    # ---- play ----------------------------------------------------------------------------
    def ready_to_play(self, event: ev.Play) -> bool:
        if self.phase == "thrown-in":
            return self.play_after_throw_in(event)
        if not self.settle_pitch_by_play(event):
            if not self.premature_reported:
                waiting = (f"{self.expected_bidder()} has not bid yet" if self.phase == "bidding"
                           else f"{self.eldest} has not sold or refused yet")
                self.find("premature-lead", event.player, event.at, "play.premature-lead",
                          f"{event.player} played {event.card} before the pitch was settled ({waiting}); "
                          "the card goes back.")
                self.premature_reported = True
            return False
        assert self.pitcher is not None
        self.phase = "play"
        self.start_play(self.pitcher, self.order, self.rules)
        self.note_wrong_counts()
        return True

    def settle_pitch_by_play(self, event: ev.Play) -> bool:
        """A card from the right player settles what the transcript left unsaid."""
        if self.phase == "pitch":
            return True
        if self.phase == "bidding" and self.highest is not None and (
                event.player == self.highest[0] or (event.player == self.eldest and not self.board)):
            self.silent_bidders_passed()
        if self.phase == "bidding" and not self.board and event.player == self.eldest and self.highest is None:
            self.set_pitcher(self.eldest, 4, "pitched")
            self.notes.append(f"{self.eldest} pitched without waiting for a bid and must make four "
                              "[auction-pitch.bidding.pitch-before-bid]")
            return True
        if self.phase == "selling" and self.highest is not None:
            if event.player == self.eldest:
                self.refuse()
                self.notes.append(f"{self.eldest} pitched after the bids: he refused the sale")
                return True
            if event.player == self.highest[0]:
                self.sell()
                self.notes.append(f"{event.player} pitched after the bids: {self.eldest} sold")
                return True
        return False

    def silent_bidders_passed(self) -> None:
        """Play began with a bid standing and the pitch taken up by the highest bidder or the
        seller while some players had not spoken: the table took them to have passed, and the hand
        is played and scored rather than every card going back."""
        silent = [p for p in self.bidders if p not in self.acted]
        self.acted.update(silent)
        self.notes.append(f"play began before {' and '.join(silent)} had bid: the table took "
                          f"{'him' if len(silent) == 1 else 'them'} to have passed [auction-pitch.bidding.seller]")
        self.close_bidding_if_over()

    def note_wrong_counts(self) -> None:
        for player, cards in self.deals.items():
            if len(cards) != self.cards_per_hand:
                self.notes.append(f"play went on with {player} holding {len(cards)} cards: the hand stands without "
                                  "penalty [auction-pitch.wrong-count.play]")

    def on_play(self, event: ev.Play) -> None:
        if self.table is None and not self.ready_to_play(event):
            self.sent_back.add(event.card)
            return
        if self.rules.trump is None and event.player == self.pitcher:
            self.rules.trump = event.card.suit
        if self.false_card is not None:
            self.pitcher_follows_false_card(event, self.false_card)
        self.play_card(event)

    def pitcher_follows_false_card(self, event: ev.Play, false: FalseCard) -> None:
        """Once the pitcher plays after an adversary's card out of turn, the error stands."""
        if event.player != self.pitcher or false.retracted or false.stands:
            return
        false.stands = True
        self.drop_requirement(false)
        self.notes.append(f"{event.player}, the pitcher, played after {false.player}'s {false.card} out of turn: the "
                          "error stands and cannot be put right [auction-pitch.play.out-of-turn]")

    def drop_requirement(self, false: FalseCard) -> None:
        if false.requirement is not None and false.requirement in self.requirements:
            self.requirements.remove(false.requirement)

    def fact_outofturn(self, fact: tb.OutOfTurn) -> None:
        kind: Kind = "lead-out-of-turn" if fact.lead else "play-out-of-turn"
        verb = "led" if fact.lead else "played"
        said = f"{fact.player} {verb} {fact.card} to trick {fact.trick}, but it was {fact.expected}'s turn. "
        if self.follows_standing_false_card(fact):
            return  # the pitcher followed the false card: it stands, and so does his card
        if fact.player == self.pitcher:
            self.find(kind, fact.player, fact.at, "play.pitcher-out-of-turn",
                      said + "The pitcher is not penalised: the card goes back and the proper turn is restored.",
                      trick=fact.trick)
            return
        pitcher = self.pitcher or ""
        self.find(kind, fact.player, fact.at, "play.out-of-turn",
                  said + f"The card goes back (with any card played after it, unless {pitcher}, the pitcher, "
                  f"plays to it: then it stands), and {pitcher} may call on {fact.player} to play his highest or "
                  "lowest card of the suit led, or to trump or not to trump, when his turn comes; or he may accept "
                  "the card as played.", trick=fact.trick)
        false = FalseCard(fact.player, fact.card, fact.trick, fact.expected, fact.lead)
        self.false_card = false

        def call(option: str, at: ev.Span) -> None:
            if option == "accept":  # the pitcher lets the card stand: nothing goes back, nothing is called
                false.stands = True
                self.notes.append(f"{pitcher}, the pitcher, accepts {fact.player}'s {fact.card} played out of turn: "
                                  "it stands, with the cards played after it [auction-pitch.play.out-of-turn]")
                return
            effect = self.require(fact.player, option, "play.out-of-turn", at)
            false.requirement = self.requirements[-1]
            self.penalise("play.out-of-turn", f"{pitcher}, the pitcher, calls {option} from {fact.player}",
                          effects=(effect,))

        self.offer([pitcher], fact.player, (*OUT_OF_TURN_CALLS, "accept"), "play.out-of-turn",
                   f"{pitcher}, the pitcher, may require {fact.player} to play his highest or lowest card of the suit "
                   "led, or to trump or not to trump the trick, when his proper turn comes, or accept the card as "
                   "played; the others' cards do not take the choice away, his own play to the trick or its end "
                   "does.", call, ends=(Lapse.CHOOSER_PLAYS, Lapse.TRICK_GATHERED))

    def follows_standing_false_card(self, fact: tb.OutOfTurn) -> bool:
        """The pitcher's card played after an adversary's card out of turn in the same trick: the
        seed says the error then cannot be rectified, so the trick stands as played and his card,
        out of the proper rotation only because of the false card, is no irregularity of his own."""
        false = self.false_card
        return (fact.player == self.pitcher and not fact.lead and false is not None and false.stands
                and false.trick == fact.trick)

    def rule_retract(self, fact: tb.Retracted) -> None:
        false = self.false_card
        if false is not None and fact.player == false.player and fact.card is false.card:
            false.retracted = True
            self.notes.append(f"{fact.player}'s {fact.card}, played out of turn, went back to his hand")

    def fact_trickwon(self, fact: tb.TrickWon) -> None:
        false = self.false_card
        if false is not None and false.trick == fact.trick.number:
            if not false.retracted and not false.stands:
                self.notes.append(f"trick {false.trick} was finished with {false.player}'s {false.card} out of turn "
                                  "left in it: the table let it stand")
            self.drop_requirement(false)
            self.false_card = None
        self.release_short_hands()

    def release_short_hands(self) -> None:
        """A player dealt too few cards, now empty-handed, takes no part in the last tricks."""
        assert self.table is not None
        hands = self.table.hands or {}
        for player in self.table.active:
            if player in hands and not hands[player] and len(self.deals.get(player, ())) < self.cards_per_hand:
                for fact in self.table.deactivate(player):  # none: the next trick is not begun
                    self.on_fact(fact)

    def requirement_met(self, requirement: Requirement, event: ev.Play) -> bool | None:
        """Pitch lets a player trump a plain suit he holds, so "trump" may be called even then."""
        if requirement.what not in ("trump", "no-trump"):
            return super().requirement_met(requirement, event)
        assert self.table is not None
        led = self.table.led_suit()
        held = self.table.hands.get(event.player) if self.table.hands is not None else None
        if led is None:
            return None
        if held is None:
            return True
        trumps = [c for c in held if c.suit is self.trump]
        played_trump = event.card.suit is self.trump
        if requirement.what == "trump":
            return played_trump or not trumps
        if led is self.trump:
            return True
        return not played_trump or len(trumps) == len(held)

    # ---- rulings in words ----------------------------------------------------------------
    def wrong_count_ruling(self, player: str) -> str:
        return ("Found before play, it is a misdeal and the same dealer deals again; if play goes on, the hand "
                "stands without penalty.")

    def wrong_dealer_ruling(self) -> str:
        return "The deal stands once the bidding has begun; the turn to deal goes on from the actual dealer."

    def exposed_in_deal(self) -> bool:
        """Before anybody has bid or passed, a card seen was exposed in the deal."""
        return self.phase == "bidding" and not self.acted

    def exposed_ruling(self, event: ev.Expose) -> str:
        if self.exposed_in_deal():
            return (f"It was exposed in the deal: the players other than {self.dealer}, the dealer, may let the deal "
                    f"stand or have {self.dealer} deal again.")
        return "Nobody plays with a partner, so there is no penalty: the card goes back into the hand."

    def rule_exposed(self, event: ev.Expose, finding: Irregularity) -> None:
        if not self.exposed_in_deal() or self.deal_exposure is not None:
            return
        others = [p for p in self.order if p != self.dealer]
        self.offer(others, event.player, ("deal-stands", "redeal"), "deal.exposed",
                   f"{self.side_label(others)} choose: the deal stands, or {self.dealer} deals again (the transcript "
                   "shows a new deal with a 'redeal' line).", self.deal_stands,
                   implied_text=f"The bidding went on: the deal stands with {event.player}'s {event.card} seen.",
                   ends=(Lapse.ANY_ACTION,))
        self.deal_exposure = self.choices[-1]

    def deal_stands(self, option: str, at: ev.Span) -> None:
        """`call deal-stands` answers the choice over a card exposed in the deal; its other
        option, a new deal, is the `redeal` line itself."""
        if option == "deal-stands":
            self.notes.append(f"The deal stands: {self.dealer} does not deal again.")

    def attention_ruling(self, event: ev.Count) -> str:
        return "Each plays for himself; the laws give no penalty."

    def revoke_set_back(self) -> int:
        """The number bid; two when no bid was made. A seller who pitched before any bid made no
        bid (the seed's words): two, unless the revoke-pitch-before-bid house rule counts his four."""
        if self.sale == "pitched" and self.options["revoke-pitch-before-bid"] == "two":
            return 2
        return self.to_make if self.to_make is not None else 2

    def revoke_words(self, player: str) -> str:
        pitcher = self.pitcher or ""
        safe = (f", and {pitcher}, the pitcher, cannot be set back in this hand"
                if player != pitcher and self.to_make is not None else "")
        return (f"the points {player} wins in the hand go to nobody{self.sale_kept(player)}; he is set back "
                f"{self.revoke_set_back()} and pays one red counter{safe}.")

    def established_revoke_ruling(self, fact: tb.Revoke) -> str:
        return "The hand is played out; " + self.revoke_words(fact.player)

    def disobeyed_ruling(self, requirement: Requirement) -> str:
        return "It is dealt with as a revoke: " + self.revoke_words(requirement.offender)

    def rule_disobeyed(self, requirement: Requirement, event: ev.Play, finding: Irregularity) -> tb.Revoke:
        revoke = HandReplay.rule_disobeyed(self, requirement, event, finding)
        self.disobeyed.append(revoke)  # penalised under call.disobeyed rather than revoke.established
        return revoke

    # ---- the result ----------------------------------------------------------------------
    def misdeal(self) -> bool:
        """A deal irregularity found before any card was played: the same dealer deals again."""
        return self.table is None and bool(self.deal_faults)

    def status(self) -> HandStatus:
        if self.redeal_at is not None or self.misdeal():
            return "redeal"
        if self.phase == "thrown-in":
            return "thrown-in"
        if self.table is not None and self.table.finished:
            return "complete"
        return "in-progress"

    def settle(self, ledger: Ledger) -> Outcome:
        outcome = Outcome()
        status = self.status()
        if status == "redeal":
            self.note(f"{self.dealer} deals again: the deal is not lost [auction-pitch.deal.misdeal]")
            return outcome
        if status == "thrown-in":
            self.note("everyone passed: the hand is thrown in and the deal passes to the left "
                      "[auction-pitch.bidding.board-all-pass]")
            return outcome
        if self.sale == "sold":
            bid = self.highest[1] if self.highest else self.sale_points
            capped = self.sale_points < bid  # the full-value custom: he scores only to one to go
            ledger.credit(self.eldest, self.sale_points, self.rule_id("bidding.full-value" if capped else "score.sale"),
                          f"{self.eldest} sold the pitch to {self.pitcher} for {bid}"
                          + (", scoring only to within one of game" if capped else ""))
        if status == "complete":
            self.score_play(ledger, outcome)
        if ledger.pool and outcome.winner is not None:
            self.note(f"{outcome.winner} takes the pool of {ledger.pool} red counters [auction-pitch.game.pool]")
            ledger.out_of_pool(outcome.winner, ledger.pool, self.rule_id("game.pool"), f"{outcome.winner} won the game")
        return outcome

    def won_points(self) -> dict[str, str | None]:
        """Who takes High, Low, Jack and Game in a finished hand (a tie on Game is noted)."""
        trump = self.trump
        assert self.table is not None and trump is not None
        trumps: list[tuple[str, Card, str | None]] = []  # (player, card, who won its trick), in the order played
        pips: dict[str, int] = {}
        for trick in self.table.tricks:  # one pass over the cards for all four points
            winner = trick.winner
            for play in trick.plays:
                card = play.card
                if card.suit is trump:
                    trumps.append((play.player, card, winner))
                if winner is not None:
                    pips[winner] = pips.get(winner, 0) + PIPS.get(card.rank, 0)
        points: dict[str, str | None] = {
            "high": max(trumps, key=lambda t: t[1].rank)[0] if trumps else None,
            "low": min(trumps, key=lambda t: t[1].rank)[0] if trumps else None,
            "jack": next((won for _, card, won in trumps if card.rank == JACK), None),
            "game": None,
        }
        best = max(pips.values(), default=0)
        leaders = [p for p, n in pips.items() if n == best]
        if best > 0 and len(leaders) == 1:
            points["game"] = leaders[0]
        elif best > 0:
            self.note(f"Game is tied at {best} pips between {' and '.join(leaders)}: nobody scores it "
                         "[auction-pitch.score.game]")
        return points

    def score_play(self, ledger: Ledger, outcome: Outcome) -> None:
        points = self.won_points()
        outcome.points = points
        pitcher = self.pitcher or ""
        taken = sum(1 for p in points.values() if p == pitcher)
        made = self.to_make is None or taken >= self.to_make
        outcome.made = made if self.to_make is not None else None
        offenders = list(dict.fromkeys(r.player for r in self.revokes))
        excluded = set(offenders) | ({pitcher} if not made and not offenders else set())
        for name in POINTS:
            who = points[name]
            if who is not None and who not in excluded:
                ledger.credit(who, 1, self.rule_id(f"score.{name}"), f"{who} takes {name.capitalize()}")
        for offender in offenders:
            self.penalise_revoke(ledger, offender, [name for name, who in points.items() if who == offender])
        if offenders and not made and pitcher not in offenders:
            self.note(f"{pitcher} made {taken} of {self.to_make} but is not set back because of the revoke "
                      "[auction-pitch.revoke.established]")
        elif not offenders and not made:
            self.set_back(ledger, pitcher, taken)
        outcome.winner = None if self.game_over else self.count_out(points, excluded, made, ledger.delta)

    def penalise_revoke(self, ledger: Ledger, offender: str, lost: list[str]) -> None:
        """The revoker's points go to nobody; he is set back and pays a red counter (a seller keeps
        the points of his sale, scored before the play)."""
        amount = self.revoke_set_back()
        revoked = any(r.player == offender and r not in self.disobeyed for r in self.revokes)
        topic = "revoke.established" if revoked else "call.disobeyed"
        rule, cause = self.rule_id(topic), f"{offender} revoked"
        mark = ledger.mark()
        ledger.credit(offender, -amount, rule, cause)
        ledger.into_pool(offender, 1, rule, cause)
        names = " and ".join(name.capitalize() for name in lost)
        nobody = (f"his {names} {'goes' if len(lost) == 1 else 'go'} to nobody" if lost
                  else "he won no point to lose")
        self.penalise(topic, f"{offender} revoked: {nobody}{self.sale_kept(offender)}; he is set back {amount} and "
                      "pays one red counter to the pool", (Effect("hand-not-scored", offender),), since=mark)

    def sale_kept(self, player: str) -> str:
        """Words for a revoking seller who sold: the points of the sale were scored before the play."""
        if player == self.eldest and self.sale == "sold" and self.sale_points:
            return f" (the {self.sale_points} of his sale, scored before the play, stand)"
        return ""

    def set_back(self, ledger: Ledger, pitcher: str, taken: int) -> None:
        assert self.to_make is not None
        rule, cause = self.rule_id("score.set-back"), f"{pitcher} made {taken} of {self.to_make}"
        mark = ledger.mark()
        ledger.credit(pitcher, -self.to_make, rule, cause)
        if self.options["setback-red-counter"]:
            ledger.into_pool(pitcher, 1, rule, cause)
        self.penalise("score.set-back", f"{pitcher} made {taken} of the {self.to_make} he had to make: he scores "
                      f"nothing and is set back {self.to_make}", (Effect("hand-not-scored", pitcher),), since=mark)

    def count_out(self, points: dict[str, str | None], excluded: set[str], made: bool,
                  delta: dict[str, int]) -> str | None:
        """Who goes out on this deal: sale first, then Smudge, bidder first, then High, Low, Jack, Game."""
        running = dict(self.ctx.score_before)
        running[self.eldest] = running.get(self.eldest, 0) + (self.sale_points if self.sale == "sold" else 0)
        if self.sale == "sold" and running[self.eldest] >= self.target:
            return self.eldest
        pitcher = self.pitcher or ""
        taken = sum(1 for p in points.values() if p == pitcher)
        bidder_counts = self.to_make is not None and made and pitcher not in excluded
        if bidder_counts and self.options["smudge"] and self.to_make == 4 and taken == 4 \
                and self.ctx.score_before.get(pitcher, 0) >= 0:
            self.note(f"{pitcher} bid four and made all four: Smudge wins the game [auction-pitch.game.smudge]")
            return pitcher
        if bidder_counts and running.get(pitcher, 0) + taken >= self.target:
            self.note(f"{pitcher} made his bid and goes out: the bidder goes out first "
                                 "[auction-pitch.game.count-out]")
            return pitcher
        for name in POINTS:
            who = points[name]
            if who is None or who in excluded:
                continue
            running[who] = running.get(who, 0) + 1
            if running[who] >= self.target:
                if sum(1 for p in self.order if self.ctx.score_before.get(p, 0) + delta[p] >= self.target) > 1:
                    self.note(f"counting out High, Low, Jack, Game: {who} reaches {self.target} first, on "
                                         f"{name.capitalize()} [auction-pitch.game.count-out]")
                return who
        return None

    @property
    def winner(self) -> str | None:
        return self.outcome()[0].winner

    def outcome(self) -> tuple[Outcome, dict[str, int]]:
        """What the verdict's settlement worked out, and its score change."""
        assert self.settled is not None, "the hand is settled before its contract is shown"
        return self.settled.result, self.settled.ledger.delta

    def contract(self) -> dict[str, Any]:
        outcome, delta = self.outcome()
        after = {p: self.ctx.score_before.get(p, 0) + delta[p] for p in self.order}
        highest = self.highest
        return {
            "seller": None if self.board else self.eldest,
            "bid": highest[1] if highest else None,
            "bidder": highest[0] if highest else None,
            "sale": self.sale,
            "pitcher": self.pitcher,
            "to_make": self.to_make,
            "trump": self.trump.word if self.trump else None,
            "points": outcome.points,
            "made": outcome.made,
            "to_go": {p: self.target - after[p] for p in self.order},
        }

    def next_step(self) -> str | None:
        if self.deal_exposure in self.choices:
            assert self.deal_exposure is not None
            return f"{self.deal_exposure.pending.chooser} decide whether the deal stands or {self.dealer} deals again"
        if self.phase == "bidding":
            extra = f" ({self.eldest} may still pitch for four)" if not self.board and self.highest is None else ""
            return f"{self.expected_bidder()} to bid or pass{extra}"
        if self.phase == "selling":
            assert self.highest is not None
            return f"{self.eldest} to sell to {self.highest[0]} for {self.highest[1]} or refuse and pitch"
        if self.phase == "pitch" or self.table is None:
            return f"{self.pitcher} to pitch"
        false = self.false_card
        if false is not None and not false.retracted and not false.stands:
            later = self.table.current.plays[-1].card is not false.card
            return (f"{false.player} takes back {false.card}"
                    + (" and the cards played after it go back" if later else "")
                    + f"; {false.expected} to {'lead' if false.lead else 'play'} to trick {false.trick}; "
                    f"{self.pitcher}, the pitcher, may call {false.player}'s highest or lowest of the suit led, or "
                    "to trump or not to trump, or accept the card as played")
        return self.next_in_play()


class AuctionPitchSession(GameSession[AuctionPitchHand]):
    """Scores in points toward game, the red-counter pool and the deal, kept between hands."""

    def __init__(self, game: AuctionPitch, setup: Setup) -> None:
        super().__init__(game, setup, setup.pool[0] if setup.pool else None)
        self.number = 1
        self._winner: str | None = None
        self.started_by: str | None = None  # the note on a game begun without a header, for its first hand

    def next_game(self, record: HandRecord) -> AuctionPitchSession | None:
        """The seed: once a player has gone out, the counters are redistributed and the players cut
        for the first deal of the new game. A hand written after that, without a new header, starts
        that game: scores from nothing, an empty pool, and any player may deal its first hand."""
        if self._winner is None:
            return None
        fresh = AuctionPitchSession(self.game, self.setup)  # type: ignore[arg-type]
        fresh.score = dict.fromkeys(self.setup.players, 0)
        fresh.pool_now = 0 if self.pool_now is not None else None
        fresh.next_dealer = self.next_dealer  # for a first hand that names no dealer
        fresh.started_by = (f"{self._winner} won the game before this hand, and the transcript goes on without a new "
                            "header: this hand starts a new game. Scores start again from nothing and the players cut "
                            "for the deal, so any player may deal it [auction-pitch.game.target]")
        return fresh

    def replay(self, record: HandRecord) -> AuctionPitchHand:
        context = self.context(self.number)
        if self.started_by is not None:  # the cut decides the first dealer; the numbering may go on
            context.expected_dealer = record.header.dealer or self.next_dealer
            context.expected_number = record.header.number or 1
        replay = AuctionPitchHand(context, record, self.pool_now, self._winner is not None)
        if self.started_by is not None:
            replay.notes.append(self.started_by)
            self.started_by = None
        return replay

    def advance(self, replay: AuctionPitchHand, verdict: HandVerdict) -> None:
        self.number = verdict.number + 1
        self.next_dealer = replay.dealer if verdict.status == "redeal" else replay.left_of(replay.dealer)
        if self._winner is None:
            self._winner = replay.winner

    def winner(self) -> str | None:
        return self._winner


class AuctionPitch(GameRules):
    name = "auction-pitch"
    scored_by = "player"
    players = (2, 7)
    players_example = 'e.g. [Players "A B C D E"]'
    no_partners = ("auction-pitch has no partnerships: each plays for himself", "remove the [Partners] tag")
    single_pool = ("auction-pitch keeps a single pool of red counters", 'write one number, e.g. [Pool "14"]')

    def session(self, setup: Setup) -> AuctionPitchSession:
        return AuctionPitchSession(self, setup)

    def random_game(self, rng: random.Random, hands: int, rules_for: PlayRulesFor | None = None) -> str:
        """A transcript of `hands` random lawful hands (for property tests and benchmarks).

        Two to seven players. The selling game is played to 1000 points, so that no bid can
        ever be forbidden, and bidding to the board to the default seven; a new game (a new
        header) starts every `RANDOM_GAME_HANDS` hands, so that scores stay far from 1000 in
        archives of any size. Every bid is in turn and higher than the last, and every card is
        one the laws allow (as `rules_for` says, by default the referee's own trick rules).
        """
        players = ("A", "B", "C", "D", "E", "F", "G")[:rng.randint(2, 7)]
        board = rng.random() < 0.5
        rules = "bid-to-board" if board else "target=1000"
        header = ['[Game "auction-pitch"]', f'[Players "{" ".join(players)}"]', f'[Rules "{rules}"]', ""]
        lines: list[str] = []
        dealer = rng.randrange(len(players))
        for index in range(hands):
            number = index % RANDOM_GAME_HANDS + 1
            if number == 1:
                lines.extend(header)
            lines.extend(random_hand(rng, players, dealer, number, board, rules_for=rules_for)[0])
            dealer = (dealer + 1) % len(players)
        return "\n".join(lines) + "\n"


def own_play_rules(deal: Deal) -> PlayRules:
    """The generator's default laws of play: the referee's own."""
    return TableRules(PitchTricks(deal.trump))


def random_hand(rng: random.Random, players: tuple[str, ...], dealer: int, number: int, board: bool,
                plant_revoke: bool = False, rules_for: PlayRulesFor | None = None) -> tuple[list[str], int | None]:
    """One random lawful hand with its deal, as transcript lines.

    With `plant_revoke`, exactly one player fails once to follow suit when he must (the first
    chance from a random trick on); the trick where it happened is returned (None if no chance came).
    """
    n = len(players)
    cards = sorted(AuctionPitchHand.pack, key=lambda c: (c.suit.value, c.rank))
    rng.shuffle(cards)
    seats = [players[(dealer + 1 + i) % n] for i in range(n)]  # eldest first, dealer last
    hands = {p: cards[6 * i:6 * i + 6] for i, p in enumerate(seats)}
    out = [f"hand {number} dealer {players[dealer]}"]
    out += [f"deal {p}: {' '.join(c.text for c in hands[p])}" for p in players]
    pitcher, auction = random_auction(rng, seats, board)
    out += auction
    play: PlayRules | None = None  # known once the pitch, the first card, fixes trumps
    leader = pitcher
    plant_from = rng.randint(1, 5) if plant_revoke else 7
    planted: int | None = None
    for trick in range(1, 7):
        start = seats.index(leader)
        plays: list[tuple[str, Card]] = []
        for i in range(n):
            seat = seats[(start + i) % n]
            held = hands[seat]
            lawful = play.lawful(seat, held, plays, trick) if play is not None else list(held)
            choice, revoked = random_card(rng, held, lawful, planted is None and trick >= plant_from)
            if revoked:
                planted = trick
            held.remove(choice)
            if play is None:
                play = (rules_for or own_play_rules)(Deal("auction-pitch", choice.suit))
            plays.append((seat, choice))
        assert play is not None
        leader = play.winner(plays)
        out.append(trick_line(trick, plays))
    out.append("")
    return out, planted


def random_auction(rng: random.Random, seats: list[str], board: bool) -> tuple[str, list[str]]:
    """Random lawful bidding: returns the pitcher and the bidding lines."""
    eldest = seats[0]
    if not board and rng.random() < 0.05:
        return eldest, [f"{eldest} pitch"]
    calls: list[str] = []
    best: tuple[str, int] | None = None
    for seat in seats if board else seats[1:]:
        low = best[1] + 1 if best else 1
        if low <= 4 and rng.random() < 0.45:
            best = (seat, rng.randint(low, 4))
            calls.append(f"{seat} bid {best[1]}")
        else:
            calls.append(f"{seat} pass")
    lines = [", ".join(calls)]
    if best is None:
        return eldest, lines
    if board:
        return best[0], lines
    if rng.random() < 0.5:
        return best[0], lines + [f"{eldest} sell"]
    return eldest, lines + [f"{eldest} refuse"]


GAME = AuctionPitch()
