"""The replay table: seats, turn order, tricks, following suit — and nothing about penalties.

`TrickTable` replays plays and retractions exactly as written (mistakes included) and
reports plain facts: a card out of turn, a card not held, a failure to follow that became a
revoke, a trick won. The game's laws decide what each fact costs. Games plug in through
`TrickRules`: the effective suit of a card (euchre's left bower is a trump), its power in a
trick, and when a failure to follow is excused (pitch lets you trump instead of following).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..notation.cards import Card, Suit
from ..notation.events import Span
from ..notation.records import field, record
from .tricks import PlainTricks as PlainTricks  # re-exported: the games reach it as table.PlainTricks

TrickRules = PlainTricks
"""The trick rules a game plugs in: `PlainTricks` or a subclass of it. A class rather than a
`typing.Protocol`, so that the compiled table calls `suit_of` and `power` on every card through
the class's method table rather than by name (a few percent of a compiled euchre hand)."""


@record
class PlayedCard:
    player: str
    card: Card
    at: Span
    out_of_turn: bool = False
    suit: Suit | None = None  # the suit it counts as, as the table worked it out (None: not played to a table)


_NOWHERE = Span(0, 0)
"""The position of a play known only as a pair (it is never reported)."""


def trick_winner(rules: TrickRules, plays: Sequence[tuple[str, Card]], led: Suit | None = None) -> str:
    """Who wins a trick of (player, card) plays in the order played, the first being the lead;
    `led` is the suit led, when the caller knows it already. The first of equals wins. (For
    the games' generators, which keep their plays as pairs; the table uses `winning_play`.)"""
    return winning_play(rules, [PlayedCard(player, card, _NOWHERE) for player, card in plays], led).player


def lawful_cards(rules: TrickRules, player: str, held: Sequence[Card], plays: Sequence[tuple[str, Card]],
                 trick: int) -> list[Card]:
    """The cards of `held` that `player` may play to trick number `trick` after `plays` (the lead
    first), in the order held: any card to lead, or holding none of the suit led; else a card of
    that suit or one the rules excuse (pitch's trump). For the generators and the claims."""
    if not plays:
        return list(held)
    suit_of, excused = rules.suit_of, rules.excused
    led = suit_of(plays[0][1])
    if not any(suit_of(c) is led for c in held):
        return list(held)
    return [c for c in held if suit_of(c) is led or excused(player, c, led, trick)]


def winning_play(rules: TrickRules, plays: Sequence[PlayedCard], led: Suit | None = None) -> PlayedCard:
    """`trick_winner` for the table's own plays, read in place: it runs for every trick."""
    first = plays[0]
    led = rules.suit_of(first.card) if led is None else led
    winner, best = first, rules.power(first.card, led)
    for play in plays[1:]:
        strength = rules.power(play.card, led)
        if strength > best:
            winner, best = play, strength
    return winner


@record
class Trick:
    """A trick; `players` are the seats in `plays` and `led` the suit of its first card, both
    kept by the table so that the turn and follow-suit checks need not work them out per card."""

    number: int
    leader: str
    plays: list[PlayedCard] = field(default_factory=list)
    winner: str | None = None
    players: set[str] = field(default_factory=set, repr=False, compare=False)
    led: Suit | None = field(default=None, repr=False, compare=False)
    returnable: set[Card] = field(default_factory=set, repr=False, compare=False)
    """Cards played after one that was lawfully taken back: their players may take them back too."""
    rightful: str = field(default="", repr=False, compare=False)  # whose lead it was, if another led

    def card_of(self, player: str) -> PlayedCard | None:
        for play in self.plays:
            if play.player == player:
                return play
        return None


# ---- facts the table reports ------------------------------------------------------------

@record
class OutOfTurn:
    player: str
    card: Card
    at: Span
    expected: str
    lead: bool
    trick: int


@record
class NotActive:
    player: str
    card: Card
    at: Span
    trick: int


@record
class NotHeld:
    player: str
    card: Card
    at: Span
    trick: int
    holder: str | None  # who was dealt it, when known


@record
class Duplicate:
    player: str
    card: Card
    at: Span
    trick: int
    first_player: str
    first_trick: int


@record
class PlayedTwice:
    player: str
    card: Card
    at: Span
    trick: int


@record
class Shown:
    """The card by which a player showed a suit, and the trick he played it to."""

    card: Card
    trick: int


@record
class Revoke:
    """A failure to follow suit by a player who held (or later showed) the suit led.

    `status` is ``correctable`` (trick not gathered yet), ``corrected`` (taken back in time)
    or ``established``. `proof` is the card that proved a revoke without a recorded deal (its
    player showing the suit later), with the trick it was played to: what the events fix, unlike
    the line it is written on.
    """

    player: str
    card: Card
    at: Span
    trick: int
    led: Suit
    status: str
    proof: Shown | None = None
    late: bool = False  # kept correctable after its trick was gathered (`late_correctors`, `keep_open`)


@record
class Retracted:
    player: str
    card: Card
    at: Span
    trick: int
    out_of_turn: bool
    later_plays: int  # cards played to the trick after this one (still on the table)
    next_plays: int = 0  # cards already played to the next trick (a late correction, see `late_correctors`)
    returned: bool = False  # put back because a late correction changed who leads the trick it was played to


@record
class CardStands:
    """A card taken back that the laws do not let its player take back: it stays played."""

    player: str
    card: Card
    at: Span
    trick: int
    gathered: bool = False  # the trick was gathered already (the next lead played, the hands thrown up)


@record
class BadRetract:
    player: str
    card: Card
    at: Span
    reason: str


@record
class TrickWon:
    trick: Trick


Fact = (OutOfTurn | NotActive | NotHeld | Duplicate | PlayedTwice | Revoke | Retracted | CardStands | BadRetract
        | TrickWon)


@record
class _Failure:
    """A card that did not follow suit, kept until the player proves (or not) he held the suit."""

    player: str
    card: Card
    at: Span
    trick: int
    led: Suit
    known_revoke: bool  # the player's hand is known and held the suit


class TrickTable:
    """Replays the play of one hand.

    `order` is every seat in the direction of play; `active` the seats taking part (a lone
    player's partner sits out), a tuple replaced whenever it changes; `hands` the cards each
    player holds, where the deal is known.
    """

    def __init__(self, order: Sequence[str], active: Iterable[str], leader: str, rules: TrickRules,
                 hands: dict[str, set[Card]] | None, tricks_in_hand: int) -> None:
        self.order = tuple(order)
        taking_part = set(active)
        self.active = tuple(p for p in self.order if p in taking_part)
        self._turns: dict[str, tuple[str, ...]] = {}  # turn order from each leader among the active seats
        self.rules = rules
        self.hands = hands
        self.tricks_in_hand = tricks_in_hand
        self.tricks: list[Trick] = []
        self.current = Trick(1, leader)
        self.rightful_leader = leader
        self.gathered = True  # the last completed trick has been gathered (next lead played)
        self.played: dict[Card, tuple[str, int]] = {}
        self._failures: dict[str, list[_Failure]] = {}
        self._open_revokes: list[_Failure] = []  # known revokes of a trick not yet gathered
        # Players whose revoke stays correctable after its trick is gathered, until they play to a
        # later trick (Boston's caller, by the seed); the game sets it. Their revokes wait here.
        self.late_correctors: frozenset[str] = frozenset()
        self.asked: dict[str, str] = {}  # a renounce kept open once, by who asked (`keep_open`)
        self._late_revokes: list[_Failure] = []
        self._put_aside: Trick | None = None  # the next trick's cards, while a late correction reopens a trick
        # what each player held when play began (`hands` changes as cards are played): for the trace
        # (`engine.trace`), and to say who was dealt a card played by someone else (`_dealt_to`)
        self.start = {p: tuple(cards) for p, cards in hands.items()} if hands is not None else None

    # ---- queries ---------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return len(self.tricks) >= self.tricks_in_hand and not self.current.plays

    def expected(self) -> str:
        """Whose turn it is to play to the current trick."""
        trick = self.current
        return self._next_in(trick) if trick.plays else trick.leader

    def _next_in(self, trick: Trick) -> str:
        """Whose turn it is in a trick already led: the first active seat, going round from the
        leader, that has not played to it yet."""
        played = trick.players
        for player in self._turns.get(trick.leader) or self._turns_from(trick.leader):
            if player not in played:
                return player
        return trick.leader

    def _turns_from(self, leader: str) -> tuple[str, ...]:
        """The active seats in turn from `leader` (from the first of them if `leader` sits out);
        worked out once per leader and kept until the active seats change, not on every card."""
        active = self.active
        start = active.index(leader) if leader in active else 0
        turns = self._turns[leader] = active[start:] + active[:start]
        return turns

    def _set_active(self, active: tuple[str, ...]) -> None:
        """Change the seats taking part; the turn orders worked out for the old ones are dropped."""
        self.active = active
        self._turns = {}

    def led_suit(self) -> Suit | None:
        return self.current.led

    def holds_suit(self, player: str, suit: Suit) -> bool | None:
        """Whether `player` holds a card of `suit` now (None when his hand is unknown)."""
        held = self.hands.get(player) if self.hands is not None else None
        if held is None:
            return None
        rules = self.rules
        for c in held:  # noqa: SIM110 - a loop, not any(): most calls find no card of the suit
            if rules.suit_of(c) is suit:
                return True
        return False

    def activate(self, player: str) -> None:
        if player not in self.active:
            taking_part = {*self.active, player}
            self._set_active(tuple(p for p in self.order if p in taking_part))

    def join(self, player: str, card: Card, at: Span) -> list[Fact]:
        """A seat that sat out puts `card` into the current trick and takes part from now on
        (Euchre's lone player's partner). Put down before the trick's lead, his card does not
        lead it: the trick keeps its rightful leader, whose card, still to come, sets the suit led."""
        self.activate(player)
        trick = self.current
        before_lead = not trick.plays
        facts = self.play(player, card, at)
        if before_lead and self.current is trick and trick.plays and trick.plays[0].player == player:
            trick.plays[0].out_of_turn = False
            trick.leader, trick.led = self.rightful_leader, None
        return facts

    def reopen_last(self) -> bool:
        """Reopen the trick just completed, while it is not gathered yet (for a seat that joins
        it late); False when there is none."""
        if self.current.plays or not self.tricks or self.gathered:
            return False
        self._reopen()
        return True

    def deactivate(self, player: str) -> list[Fact]:
        """`player` takes no further part; the current trick is complete if all others have played.
        A lead that was his passes to the next seat taking part, as at the start of play."""
        facts: list[Fact] = []
        if player in self.active:
            self._set_active(tuple(p for p in self.active if p != player))
            if not self.current.plays and self.current.leader == player and self.active:
                at = self.order.index(player)
                self.current.leader = self.rightful_leader = next(
                    p for p in self.order[at + 1:] + self.order[:at] if p in self.active)
            if self.current.plays and len(self.current.plays) == len(self.active) \
                    and all(self.current.card_of(p) for p in self.active):
                self._complete(facts)
        return facts

    # ---- events ----------------------------------------------------------------------
    def play(self, player: str, card: Card, at: Span) -> list[Fact]:
        trick = self.current
        if player not in self.active:
            return [NotActive(player, card, at, trick.number)]
        facts: list[Fact] = []
        plays = trick.plays
        if not plays:
            if not self.gathered:
                self._gather(facts)
            expected = trick.leader
        elif player in trick.players:
            return [PlayedTwice(player, card, at, trick.number)]
        else:
            expected = self._next_in(trick)
        if self._late_revokes:
            self._establish_late(player, facts)

        hand = self.hands.get(player) if self.hands is not None else None
        played_before = card in self.played
        if played_before or (hand is not None and card not in hand):
            self._not_holding(player, card, at, trick.number, facts)
        out_of_turn = player != expected
        if out_of_turn:
            facts.append(OutOfTurn(player, card, at, expected, not plays, trick.number))
            if not plays:
                trick.leader, trick.rightful = player, expected  # stands as the lead unless taken back

        suit = self.rules.suit_of(card)
        led = trick.led
        if led is None:
            trick.led = suit
        elif suit is not led:
            self._not_following(player, card, at, led, trick.number, facts)
        if self._failures and self._failures.get(player):  # only ever filled when the deal is unknown
            self._prove_earlier_failures(player, card, facts)

        if hand is not None:
            hand.discard(card)
        if not played_before:  # a duplicate keeps where the card was first played
            self.played[card] = (player, trick.number)
        plays.append(PlayedCard(player, card, at, out_of_turn, suit))
        trick.players.add(player)
        if len(plays) == len(self.active):
            self._complete(facts)
        return facts

    def close_short(self) -> list[Fact]:
        """Complete the current trick with the cards in it, a player's card missing (he missed the trick)."""
        facts: list[Fact] = []
        self._complete(facts)
        return facts

    def retract(self, player: str, card: Card, at: Span, excused: bool = False) -> list[Fact]:
        """`player` takes `card` back. Only a correction the laws allow may be taken back (a revoke
        in time, a card out of turn, a card played after one of these, or one the game `excused`);
        any other card stays played (`CardStands`)."""
        trick = self.current
        next_plays = 0
        reopen = late = False
        if not trick.plays and self.tricks and not self.gathered:
            last = self.tricks[-1].card_of(player)
            if last is not None and last.card is card:  # reopen only to take back a card really in it
                trick, reopen = self.tricks[-1], True
        elif (self._late_revokes and self._late_in_last(player, card)) or (
                self._failures and self.late_open(player, card)):
            trick, late = self.tricks[-1], True  # a revoke corrected late: a correction in itself
        played = trick.card_of(player)
        if played is None or played.card is not card:
            who, number = self.played.get(card, ("", 0))
            if who == player:  # his own card, in a trick already gathered: it stays played
                return [CardStands(player, card, at, number, gathered=True)]
            reason = (f"{player} has no {card} in the current trick to take back" if not who
                      else f"{card} was played by {who}, not {player}; it cannot be taken back by {player}")
            return [BadRetract(player, card, at, reason)]
        index = trick.plays.index(played)
        correction = late or self._correction(trick, played, index)
        # a card going back with an earlier one taken back (a false lead, a renounce corrected) is no
        # correction of his own: a renounce played to a false lead simply goes back with it, unexposed
        own = late or card not in trick.returnable
        if not (correction or excused or card in trick.returnable):
            return [CardStands(player, card, at, trick.number)]
        if reopen:
            self._reopen()
        elif late:
            next_plays = len(self.current.plays)
            self._put_aside = self.current
            self._reopen()
            self._open_revokes.extend(f for f in self._late_revokes if f.player == player)
            self._late_revokes = [f for f in self._late_revokes if f.player != player]
        if correction or excused:
            trick.returnable.update(p.card for p in trick.plays[index + 1:])
        trick.returnable.discard(card)
        trick.plays.remove(played)
        trick.players.discard(player)
        if self.played.get(card, ("", 0))[1] == trick.number:
            del self.played[card]
        if self.hands is not None and player in self.hands:
            self.hands[player].add(card)
        facts: list[Fact] = [Retracted(player, card, at, trick.number, played.out_of_turn, len(trick.plays) - index,
                                       next_plays)]
        if index == 0:
            first = trick.plays[0] if trick.plays else None
            trick.leader = first.player if first is not None and not first.out_of_turn else self.rightful_leader
            trick.led = self.rules.suit_of(trick.plays[0].card) if trick.plays else None
        for failures in (self._open_revokes, self._failures.get(player, [])):
            # without the deal, his own correction says he held the suit led, as the deal would
            failure = next((f for f in failures if f.player == player and f.card is card and f.trick == trick.number),
                           None)
            if failure is not None:
                failures.remove(failure)
                if own:
                    facts.append(Revoke(player, card, failure.at, trick.number, failure.led, "corrected", late=late))
        return facts

    def _correction(self, trick: Trick, played: PlayedCard, index: int) -> bool:
        """Whether taking back `played` corrects an error: it was out of turn, or a failure to
        follow suit (a revoke, or without the deal perhaps one), or came after such a card."""
        for earlier in trick.plays[:index + 1]:
            if earlier.out_of_turn or self._failed_to_follow(earlier.player, earlier.card, trick.number):
                return True
        return False

    def going_back(self, cards: Iterable[Card]) -> None:
        """`cards` of the current trick go back together, unwritten (a false lead the rightful lead shows
        taken back with the cards played to it, cards a penalty sends back): taken back from the last, none
        goes back as its player's own correction (`retract`), but with the first."""
        self.current.returnable.update(cards)

    def _failed_to_follow(self, player: str, card: Card, trick: int) -> bool:
        if any(f.player == player and f.card is card and f.trick == trick for f in self._open_revokes):
            return True
        return any(f.card is card and f.trick == trick for f in self._failures.get(player, ()))

    def finish(self) -> list[Fact]:
        """The hand is over: the trick on the table, complete or not, is quitted with it (the laws
        establish a revoke once its trick is quitted), so revokes still open become established."""
        facts: list[Fact] = []
        if self.current.plays:
            self.gathered = False  # the trick left unfinished is quitted too: no card of it can go back
        self._gather(facts)
        for failure in self._late_revokes:
            facts.append(Revoke(failure.player, failure.card, failure.at, failure.trick, failure.led, "established",
                                late=True))
        self._late_revokes.clear()
        return facts

    def unproven_failures(self, player: str) -> list[tuple[int, Suit]]:
        """(trick, suit led) for each time `player`, whose hand is unknown, failed to follow and has
        not yet shown the suit (which would prove a revoke)."""
        return [(f.trick, f.led) for f in self._failures.get(player, ())]

    def prove(self, player: str, trick: int | None) -> list[Fact]:
        """A look at `player`'s hand, whose deal is unknown, shows the suit he failed to follow in
        `trick` (in the first such trick, if None): that failure was a revoke, established once its
        trick is complete, as a later play of the suit would have proven it (`_prove_earlier_failures`)."""
        failures = self._failures.get(player, [])
        failure = next((f for f in failures if trick in (None, f.trick)), None)
        if failure is None:
            return []
        failures.remove(failure)
        if failure.trick == self.current.number:
            self._open_revokes.append(failure)
            return [Revoke(player, failure.card, failure.at, failure.trick, failure.led, "correctable")]
        return [Revoke(player, failure.card, failure.at, failure.trick, failure.led, "established")]

    def numbered(self, number: int) -> Trick | None:
        """The trick numbered `number`: the one being played, or one complete (they are kept in order);
        None when there is none now (a card taken back reopened an earlier trick, and the later one's
        cards went back with it)."""
        if number == self.current.number:
            return self.current
        return self.tricks[number - 1] if number <= len(self.tricks) else None

    def open_revokes(self) -> list[Revoke]:
        return [Revoke(f.player, f.card, f.at, f.trick, f.led, "correctable")
                for f in (*self._open_revokes, *self._late_revokes)]

    # ---- internals -------------------------------------------------------------------
    def _not_holding(self, player: str, card: Card, at: Span, trick: int, facts: list[Fact]) -> None:
        """`card` was played already, or is not in `player`'s known hand."""
        if card in self.played:
            first_player, first_trick = self.played[card]
            facts.append(Duplicate(player, card, at, trick, first_player, first_trick))
        else:
            facts.append(NotHeld(player, card, at, trick, self._dealt_to(card)))

    def _dealt_to(self, card: Card) -> str | None:
        """Who was dealt `card`: the first hand holding it, should the deal be wrong (asked only
        for a card not held, so not worked out for every hand)."""
        return next((p for p, cards in (self.start or {}).items() if card in cards), None)

    def _not_following(self, player: str, card: Card, at: Span, led: Suit, trick: int, facts: list[Fact]) -> None:
        """`card` is not of the suit led: a revoke, unless excused or the player holds none of it."""
        holds: bool | None = self.holds_suit(player, led)  # mypyc infers None without it
        if holds is False or self.rules.excused(player, card, led, trick):  # most often he has none
            return
        if holds:
            self._open_revokes.append(_Failure(player, card, at, trick, led, known_revoke=True))
            facts.append(Revoke(player, card, at, trick, led, "correctable"))
        elif holds is None:
            self._failures.setdefault(player, []).append(_Failure(player, card, at, trick, led, known_revoke=False))

    def _prove_earlier_failures(self, player: str, card: Card, facts: list[Fact]) -> None:
        """Without a deal, a player who plays a suit he failed to follow earlier revoked then."""
        failures = self._failures[player]
        suit = self.rules.suit_of(card)
        for failure in list(failures):
            if failure.led is not suit:
                continue
            failures.remove(failure)
            same_trick = failure.trick == self.current.number
            facts.append(Revoke(player, failure.card, failure.at, failure.trick, failure.led,
                                "correctable" if same_trick else "established", Shown(card, self.current.number)))
            if same_trick:
                self._open_revokes.append(failure)

    def _complete(self, facts: list[Fact]) -> None:
        trick = self.current
        winner = winning_play(self.rules, trick.plays, trick.led).player
        trick.winner = winner
        self.tricks.append(trick)
        self.gathered = False
        self.rightful_leader = winner
        self.current = Trick(trick.number + 1, winner)
        facts.append(TrickWon(trick))
        if self._put_aside is not None:
            self._restore_aside(facts)

    def _restore_aside(self, facts: list[Fact]) -> None:
        """A trick reopened for a late correction is complete again: the next trick's cards, put
        aside, stand if its winner is unchanged (he led them); otherwise they go back to their
        holders and the new winner leads."""
        aside, self._put_aside = self._put_aside, None
        assert aside is not None
        if aside.plays and aside.leader == self.current.leader:
            self._gather(facts)
            self.current = aside
            return
        for play in aside.plays:
            if self.hands is not None and play.player in self.hands:
                self.hands[play.player].add(play.card)
            if self.played.get(play.card, ("", 0))[1] == aside.number:
                del self.played[play.card]
            facts.append(Retracted(play.player, play.card, play.at, aside.number, play.out_of_turn, 0, 0, True))

    def _gather(self, facts: list[Fact]) -> None:
        if self.gathered:
            return
        self.gathered = True
        if not self._open_revokes:  # the usual trick: no renounce to establish, none kept open
            if self.asked:  # unless one the deal does not show was asked about
                self.asked = {p: a for p, a in self.asked.items() if self._unknown_failure(p, self.tricks[-1].number)}
            return
        late, self.asked = self.late_correctors.union(self.asked), {
            p: a for p, a in self.asked.items()
            if any(f.player == p for f in self._open_revokes) or self._unknown_failure(p, self.tricks[-1].number)}
        for failure in self._open_revokes:
            if failure.player in late:
                self._late_revokes.append(failure)
            else:
                facts.append(Revoke(failure.player, failure.card, failure.at, failure.trick, failure.led,
                                    "established"))
        self._open_revokes.clear()

    def keep_open(self, player: str, asker: str) -> None:
        """Whist's "having none, partner?" (W42): `player`'s renounce in this trick stays correctable
        once the trick is gathered, until he or `asker` plays to a later trick."""
        self.asked[player] = asker

    def _unknown_failure(self, player: str, trick: int, card: Card | None = None) -> bool:
        """Whether `player`, whose hand is unknown, failed to follow in `trick` (with `card`, if given) and has
        not taken it back (`retract`): perhaps a renounce, kept open like a known one where the laws keep those."""
        return any(f.trick == trick and card in (None, f.card) for f in self._failures.get(player, ()))

    def late_open(self, player: str, card: Card | None = None) -> bool:
        """Without the deal: whether `player`'s failure to follow in the last trick gathered (with `card`)
        may still be taken back as a renounce corrected late, as a known one may (`late_correctors`, or
        `keep_open`): neither he nor the partner who asked has played to the trick now led."""
        if not self.tricks or not self.gathered or player in self.current.players:
            return False
        asker = self.asked.get(player)
        if player not in self.late_correctors and (asker is None or asker in self.current.players):
            return False
        return self._unknown_failure(player, self.tricks[-1].number, card)

    def _late_in_last(self, player: str, card: Card) -> bool:
        """Whether `card`, in the last trick, is `player`'s revoke still open to a late correction."""
        number = self.tricks[-1].number
        return any(f.player == player and f.card is card and f.trick == number for f in self._late_revokes)

    def _establish_late(self, player: str, facts: list[Fact]) -> None:
        """`player` plays to a later trick: his revoke left open after its trick was gathered is
        established (and the renounce kept open for a partner who asked: `keep_open`)."""
        for failure in [f for f in self._late_revokes if player in (f.player, self.asked.get(f.player))]:
            self._late_revokes.remove(failure)
            self.asked.pop(failure.player, None)
            facts.append(Revoke(failure.player, failure.card, failure.at, failure.trick, failure.led, "established",
                                late=True))

    def _reopen(self) -> Trick:
        trick = self.tricks.pop()
        trick.winner = None
        self.current = trick
        self.rightful_leader = trick.rightful or trick.leader
        self.gathered = True
        return trick
