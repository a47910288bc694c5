"""An independent scorer for Boston and French Boston, written from the rules digests
(shared/rules/boston.md, french-boston.md) and the seed texts, never from the referee's game
packages: tests/test_independent_scores_bostons.py compares it with the referee's verdicts on
random lawful games, so that a scoring mistake in either shows as a disagreement.

It reads a transcript itself (any spelling the notation allows: labels or none, several tricks a
line, suit symbols, lower case, deal lines or none) and follows lawful play and the established
revokes of a hand played on (Boston's first revoke settles; in French Boston every revoker pays, in
the order played); other irregularities are the referee's own tests' business. Boston counts in
white counters with the pool in red; French Boston in counters."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

RANKS = "23456789TJQKA"
SUIT_OF = {"s": "S", "h": "H", "d": "D", "c": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
           "spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
_CARD = re.compile(r"^(10|[2-9tjqka])([shdc♠♥♦♣])$", re.IGNORECASE)


def card(text: str) -> str | None:
    """`text` as a card spelt rank then suit letter in capitals (`TH`), or None."""
    match = _CARD.match(text)
    if not match:
        return None
    rank = match.group(1).upper()
    return ("T" if rank == "10" else rank) + SUIT_OF[match.group(2).lower()]


def suit(text: str) -> str:
    """A suit word, letter or symbol as its letter."""
    return SUIT_OF[text.lower()]


@dataclass
class Event:
    """One event of an event line: who, and either the card he played or his words."""

    player: str
    card: str | None
    words: list[str]


@dataclass
class Hand:
    """A hand's lines as read: its number, dealer, deal, turned card, events and the reason it was
    dealt again (a `redeal` line's)."""

    number: int | None
    dealer: str | None
    deals: dict[str, list[str]] = field(default_factory=dict)
    upcard: str | None = None
    events: list[Event] = field(default_factory=list)
    redeal: str | None = None

    def misdealt(self) -> bool:
        """A misdeal: so agreed (`redeal misdeal`), or a deal line of the wrong size found before play."""
        played = any(e.card is not None for e in self.events)
        return self.redeal == "misdeal" or (not played and any(len(c) != 13 for c in self.deals.values()))


@dataclass
class Game:
    """A game's header tags and its hands."""

    tags: dict[str, str]
    hands: list[Hand]


def read(text: str) -> list[Game]:
    """The games of a transcript, read line by line as notation.md says."""
    games: list[Game] = []
    for raw in text.splitlines():
        line = _uncomment(raw).strip()
        if not line:
            continue
        if line.startswith("["):
            name, value = re.match(r'\[(\w+)\s+"(.*)"\]', line).groups()  # type: ignore[union-attr]
            if not games or games[-1].hands:
                games.append(Game({}, []))
            games[-1].tags[name] = value
            continue
        words = line.split()
        hands = games[-1].hands
        if words[0] == "hand":
            number = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
            dealer = words[words.index("dealer") + 1] if "dealer" in words else None
            hands.append(Hand(number, dealer))
        elif words[0] == "deal":
            hands[-1].deals[words[1].rstrip(":")] = [c for c in (card(w) for w in words[2:]) if c]
        elif words[0] == "upcard":
            hands[-1].upcard = card(words[1])
        elif words[0] == "redeal":
            hands[-1].redeal = words[1] if len(words) > 1 else ""
        elif words[0] in ("recorded", "note"):
            continue
        else:
            line = re.sub(r"^trick\s+\d+\s*:", "", line)
            for part in line.split(","):
                who, *rest = part.split()
                played = card(rest[0]) if len(rest) == 1 else None
                hands[-1].events.append(Event(who, played, [] if played else rest))
    return games


def starting_scores(tags: dict[str, str]) -> dict[str, int]:
    """The standing before the first hand (the Score tag), every player at 0 without it."""
    scores = dict.fromkeys(tags["Players"].split(), 0)
    for item in tags.get("Score", "").split(","):
        if item.strip():
            who, value = item.split()
            scores[who] = int(value)
    return scores


def start(game: Game, defaults: dict[str, str]) -> tuple[dict[str, str], list[str], dict[str, int], int]:
    """A game's house rules (those of `defaults` its Rules tag changes), seats, starting scores and
    first dealer."""
    rules = dict(defaults)
    for item in game.tags.get("Rules", "").split(";"):
        name, _, value = item.strip().partition("=")
        if name in rules:
            rules[name] = value
    seats = game.tags["Players"].split()
    return rules, seats, starting_scores(game.tags), seats.index(game.hands[0].dealer or seats[0])


def _uncomment(line: str) -> str:
    """The line without its comment (a `#` outside a quoted value)."""
    quoted = False
    for i, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return line[:i]
    return line


def known_hands(hand: Hand, seats: list[str]) -> dict[str, set[str]]:
    """Each player's cards as dealt, as his deal line shows them or, without one, as his plays do
    (what a revoke is proven from: a suit he failed to follow and showed later)."""
    plays = [(e.player, e.card) for e in hand.events if e.card is not None]
    return {seat: set(hand.deals.get(seat, ())) or {c for p, c in plays if p == seat} for seat in seats}


def trick_winner(plays: list[tuple[str, str]], trump: str | None, best: str | None = None) -> str:
    """Who wins a trick: the best trump (`best`, French Boston's jack, counts as the top trump),
    otherwise the highest card of the suit led."""
    def suit_of(c: str) -> str | None:
        return trump if c == best else c[1]

    def strength(c: str) -> tuple[int, int]:
        if c == best:
            return (2, 99)
        if trump is not None and suit_of(c) == trump:
            return (2, RANKS.index(c[0]))
        return (1, RANKS.index(c[0])) if suit_of(c) == suit_of(plays[0][1]) else (0, 0)
    return max(plays, key=lambda p: strength(p[1]))[0]


@dataclass
class Scored:
    """What the scorer makes of one hand: the contract in words, its caller (or callers), the
    tricks his side took, whether it was made (None: nobody called), every player's change and
    the pool after it (Boston: a list of red pools; French Boston: counters), and in French Boston
    who revoked, each once in the order of his first revoke (None: not looked for)."""

    number: int | None
    contract: str
    callers: tuple[str, ...]
    taken: int | None
    made: bool | None
    delta: dict[str, int]
    pool_after: list[int] | int
    score_after: dict[str, int]
    revokers: list[str] | None = None


def _pay(delta: dict[str, int], payer: str, payee: str, amount: int) -> None:
    delta[payer] -= amount
    delta[payee] += amount


# ---------------------------------------------------------------- Boston (digest boston.md §7)

SUCCESS_A = {  # 7.1: bid -> amounts for 5..13 taken
    5: [12, 12, 13, 13, 14, 14, 14, 15, 15], 6: [15, 16, 16, 17, 18, 19, 20, 20],
    7: [18, 20, 21, 22, 23, 24, 26], 8: [23, 24, 26, 28, 29, 31], 9: [32, 34, 36, 39, 41],
    10: [42, 45, 48, 52], 11: [63, 68, 72], 12: [106, 114], 13: [166]}
AMERICAN = {5: 10, 6: 15, 7: 20, 8: 25, 9: 35, 10: 45, 11: 65, 12: 105, 13: 170}  # 7.2
FAILURE = {  # 7.3 (standard) and 7.4 (decimal): bid -> amounts for 1, 2, ... short, in each table
    5: ([11, 21, 31, 41, 50],
        [10, 20, 30, 40, 50]),
    6: ([15, 24, 35, 45, 55, 66],
        [15, 25, 35, 45, 55, 65]),
    7: ([19, 29, 40, 50, 60, 72, 82],
        [20, 30, 40, 50, 60, 70, 80]),
    8: ([23, 34, 46, 56, 67, 78, 89, 110],
        [25, 35, 45, 55, 70, 85, 100, 115]),
    9: ([33, 44, 57, 68, 82, 92, 103, 115, 127],
        [35, 45, 55, 65, 80, 95, 110, 125, 140]),
    10: ([44, 56, 70, 82, 94, 107, 119, 132, 145, 157],
        [45, 55, 70, 80, 95, 110, 125, 140, 155, 170]),
    11: ([67, 80, 95, 109, 123, 138, 151, 165, 180, 194, 208],
        [70, 80, 95, 110, 125, 140, 155, 170, 185, 200, 220]),
    12: ([113, 130, 148, 165, 182, 200, 217, 234, 252, 270, 286, 304],
        [120, 130, 145, 160, 180, 200, 220, 240, 260, 280, 300, 320]),
    13: ([177, 198, 222, 241, 262, 284, 305, 326, 348, 369, 390, 412, 433],
        [180, 200, 220, 240, 260, 280, 300, 320, 340, 360, 390, 420, 450])}
MISERES = {"little-misere": 20, "grand-misere": 40, "little-spread": 80, "grand-spread": 160}  # 7.5
LADDER = [5, 6, 7, "little-misere", 8, 9, "grand-misere", 10, 11, "little-spread", 12, "grand-spread", 13]


BOSTON_DEFAULTS = {  # the house rules followed, with their defaults
    "success-table": "standard", "failure-table": "standard", "pool-bid": "rank", "pool-limit": "25",
    "caller-revoke": "double-and-forfeit", "opponent-revoke-overtricks": "none-above-nine",
    "opponent-revoke-pool": "forfeit", "revoke-wins-pool": "on", "end-of-game": "divide"}


class Pools:
    """Boston's pools in red counters: full ones set aside, the last one being played for (§3, §8)."""

    def __init__(self, pools: list[int], limit: int) -> None:
        self.limit = limit
        self.pools = pools[:-1] + [0]
        self.add(pools[-1])  # a stake past the limit (a low house limit) is set aside at once

    def add(self, red: int) -> None:
        """Red counters into the pool played for; past the limit a full pool is set aside."""
        current = self.pools[-1] + red
        full = []
        while current > self.limit:
            full.append(self.limit)
            current -= self.limit
        self.pools[-1:] = full + [current]

    def double(self) -> int:
        """A failing caller doubles the (first) pool: what he pays in, in red."""
        if len(self.pools) > 1:  # the first is full: doubling it makes another full pool
            self.pools.insert(0, self.limit)
            return self.limit
        paid = self.pools[-1]
        self.add(paid)
        return paid

    def take(self) -> int:
        """A winner takes one full pool if there is one, otherwise the pool there is."""
        if len(self.pools) > 1:
            return self.pools.pop(0)
        won, self.pools = self.pools[0], [0]
        return won

    def total(self) -> int:
        return sum(self.pools)


def score_boston(text: str) -> list[Scored]:
    """Every hand of a Boston transcript scored from the digest (lawful play, revokes, misdeals and deals
    thrown in)."""
    out: list[Scored] = []
    for game in read(text):
        rules, seats, scores, dealer = start(game, BOSTON_DEFAULTS)
        tagged = [int(p) for p in game.tags["Pool"].split()] if "Pool" in game.tags else [4]
        pools = Pools(tagged, int(rules["pool-limit"]))
        deals = 13 if rules["end-of-game"] == "last-trick-grand" else 12  # §8.5: an extra grand decides the pool
        deal_in_game = ((game.hands[0].number or 1) - 1) % deals
        for hand in game.hands:
            delta = dict.fromkeys(seats, 0)
            if deal_in_game == deals:  # the next game: no counters, four red staked on what the last one left
                deal_in_game, scores, pools = 0, dict.fromkeys(seats, 0), Pools([pools.total() + 4], pools.limit)
            bidders = tuple(e.player for e in hand.events if e.words and e.words[0] in ("bid", "keep", "keep-over"))
            misdeal = hand.misdealt() or (hand.redeal == "thrown-in" and bidders != ())  # a bid binds: not thrown in
            deal_in_game += not misdeal
            if pools.total() == 0:  # §8.6: an empty pool is fed before the next deal
                for seat in seats:
                    delta[seat] -= 10
                pools.add(4)
            if hand.dealer is not None:
                dealer = seats.index(hand.dealer)
            if misdeal or hand.redeal is not None:  # §4: a misdeal costs the dealer 1 red and he deals again
                scored = Scored(hand.number, "misdeal" if misdeal else "thrown-in", (), None, None, delta, [], {})
                if misdeal:
                    delta[seats[dealer]] -= 10
                    pools.add(1)
                    dealer -= 1  # the same dealer deals again (the deal moves on below)
            elif deal_in_game == 13:
                scored = _extra_grand(hand, seats, dealer, pools, delta)
            else:
                scored = _boston_hand(hand, seats, dealer, rules, pools, delta)
            if deal_in_game == 12 == deals:  # §8.5: the pools are divided after the twelfth deal
                white = pools.total() * 10
                for seat in seats:
                    delta[seat] += white // 4
                delta[seats[(dealer + 1) % 4]] += white % 4
                pools = Pools([0], pools.limit)
            for seat in seats:
                scores[seat] += delta[seat]
            scored.delta, scored.score_after = delta, dict(scores)
            scored.pool_after = [p for p in pools.pools if p] or [0]
            out.append(scored)
            dealer = (dealer + 1) % 4
    return out


def _extra_grand(hand: Hand, seats: list[str], dealer: int, pools: Pools, delta: dict[str, int]) -> Scored:
    """§8.5 [V]: a thirteenth hand without bidding or trumps; the winner of its last trick takes every
    pool (a revoke is paid as in misère partout, and the pool stays)."""
    plays = [(e.player, e.card) for e in hand.events if e.card is not None]
    result = Scored(hand.number, "final-grand", (), None, None, delta, [], {})
    revoker = _first_revoke(plays, known_hands(hand, seats))
    if revoker is not None:
        _partout_revoke(revoker, seats, pools, delta)
        return result
    leader = seats[(dealer + 1) % 4]
    for start in range(0, len(plays), 4):
        leader = trick_winner(plays[start:start + 4], None)
    delta[leader] += pools.total() * 10
    pools.pools = [0]
    return result


def _partout_revoke(revoker: str, seats: list[str], pools: Pools, delta: dict[str, int]) -> None:
    """§9.1: a revoke in misère partout costs five red to each other player and four to the pool."""
    for seat in seats:
        if seat != revoker:
            _pay(delta, revoker, seat, 50)
    delta[revoker] -= 40
    pools.add(4)


def _boston_bid(words: list[str], standing: tuple[int | str, int] | None) -> tuple[int | str, int]:
    """A bid's (rung, class): class 0 plain, 1 colour, 2 first preference."""
    if words[0] == "bid":
        words = words[1:]
    if words[0] in ("keep", "keep-over"):
        assert standing is not None
        return (standing[0], 1 if words[0] == "keep" else 2)
    if words[0] in MISERES:
        return (words[0], 0)
    number = 5 if words[0] == "boston" else int(words[0])
    klass = {"colour": 1, "color": 1, "preference": 2}.get(words[1], 0) if len(words) > 1 else 0
    return (number, klass)


def _boston_hand(hand: Hand, seats: list[str], dealer: int, rules: dict[str, str], pools: Pools,
                 delta: dict[str, int]) -> Scored:
    eldest = (dealer + 1) % 4
    standing: tuple[int | str, int] | None = None
    caller: str | None = None
    trump: str | None = None
    plays: list[tuple[str, str]] = []
    conceded: list[str] = []
    held = known_hands(hand, seats)
    for event in hand.events:
        if event.card is not None:
            plays.append((event.player, event.card))
        elif event.words[0] == "discard":
            held[event.player].discard(card(event.words[1]) or "")
        elif event.words[0] in ("bid", "keep", "keep-over"):
            standing, caller = _boston_bid(event.words, standing), event.player
        elif event.words[0] == "name":
            trump = suit(event.words[1])
        elif event.words[0] == "concede":
            conceded.append(event.player)
    won = dict.fromkeys(seats, 0)
    leader = seats[eldest]
    misere = standing is not None and isinstance(standing[0], str)
    short = [s for s in seats if len(hand.deals.get(s, ())) == 12]  # dealt twelve from a pack short of a card
    last = 3 if short and len(plays) % 4 == 3 else 0  # the last trick, played without him
    for start in range(0, len(plays) - len(plays) % 4 + last, 4):
        trick = plays[start:start + 4]
        assert trick[0][0] == leader, (hand.number, trick, leader)
        leader = trick_winner(trick, None if misere or standing is None else trump)
        won[leader] += 1
    result = Scored(hand.number, "", (), None, None, delta, [], {})
    revoker = _first_revoke(plays, held)
    if standing is None and revoker is not None:
        result.contract = "misere-partout"
        _partout_revoke(revoker, seats, pools, delta)
        return result
    if standing is None:  # misère partout (§7.6): the most tricks pays, in red
        result.contract = "misere-partout"
        most = max(won.values())
        losers = [s for s in seats if won[s] == most]
        for seat in seats:
            if seat not in losers:
                for loser in losers:
                    _pay(delta, loser, seat, (most - won[seat]) * 10 // len(losers))
        return result
    assert caller is not None
    rung, klass = standing
    result.contract = f"{rung}" + ("", " colour", " preference")[klass]
    result.callers, result.taken = (caller,), won[caller]
    opponents = [s for s in seats if s != caller]
    pool_bid = LADDER.index(rung) > LADDER.index(6) if rules["pool-bid"] == "rank" \
        else isinstance(rung, int) and rung >= 7
    i_pay = all(s in conceded for s in opponents)
    played_out = sum(won.values()) == (12 if rung in ("little-misere", "little-spread") else 13)  # §8.1
    if short:
        _boston_short(rung, short[0], caller, won[caller], opponents, pool_bid or played_out, rules, pools, delta)
        result.made = short[0] != caller
        return result
    if isinstance(rung, str) and any(e.words == ["call", "claim"] for e in hand.events):
        # §9.2: an opponent's lead or play out of turn in a misère, or a lead before the others have
        # discarded in a little misère: the caller claims the pool and his stakes at once, and the
        # offender by custom pays four red toward the next pool
        result.made = True
        for opponent in opponents:
            _pay(delta, opponent, caller, MISERES[rung])
        delta[caller] += pools.take() * 10
        first = next(i for i, e in enumerate(hand.events) if e.card is not None)
        early = rung == "little-misere" and sum(e.words[:1] == ["discard"] for e in hand.events[:first]) < 4
        offender = plays[0][0] if early else _out_of_turn(plays, seats, seats[eldest])
        delta[offender] -= 40
        pools.add(4)
        return result
    if revoker is not None:
        result.made = revoker != caller
        taken = 12 if rung == 13 and len(plays) < 52 else won[caller]  # a grand slam thrown up: one short (§10.13)
        _boston_revoke(rung, revoker, caller, taken, opponents, (pool_bid, played_out), rules, pools, delta)
        return result
    if isinstance(rung, str):
        made = won[caller] == 0 and caller not in conceded
        amount = MISERES[rung]
    else:
        failure = {bid: rows[rules["failure-table"] != "standard"] for bid, rows in FAILURE.items()}
        if caller in conceded:  # the caller gives up: one trick short
            made, amount = False, failure[rung][0]
        elif i_pay:
            made = True
            amount = SUCCESS_A[rung][0] if rules["success-table"] == "standard" else AMERICAN[rung]
        elif rung == 13 and len(plays) < 52:  # a grand slam thrown up at its first lost trick: put in for one
            made, amount = False, failure[13][0]
        elif won[caller] >= rung:
            made = True
            amount = SUCCESS_A[rung][won[caller] - rung] if rules["success-table"] == "standard" else AMERICAN[rung]
        else:
            made, amount = False, failure[rung][rung - won[caller] - 1]
    result.made = made
    for opponent in opponents:
        _pay(delta, opponent, caller, amount) if made else _pay(delta, caller, opponent, amount)
    if made and (pool_bid or not i_pay):
        delta[caller] += pools.take() * 10
    elif not made:
        delta[caller] -= pools.double() * 10
    return result


def _boston_short(rung: int | str, short: str, caller: str, taken: int, opponents: list[str], pool_bid: bool,
                  rules: dict[str, str], pools: Pools, delta: dict[str, int]) -> None:
    """§9.3 (L19 ins.), a hand played on with a player short: an opponent short makes all three pay the
    caller his bid and every over-trick (the pool for a pool bid, or a lower one played out: §8.1, "if the
    opponents made him play the hand out"); the caller short is put in for at least one trick (the tricks he
    did not make, the hand played out), doubling the pool; and the short player pays four red into the
    pool besides (F p167). A misère is lost or won for its amount, as by a revoke."""
    if isinstance(rung, str):
        amount = MISERES[rung]
    elif short == caller:
        amount = FAILURE[rung][rules["failure-table"] != "standard"][max(1, rung - taken) - 1]
    else:
        amount = SUCCESS_A[rung][max(taken, rung) - rung] if rules["success-table"] == "standard" else AMERICAN[rung]
    if short == caller:
        for opponent in opponents:
            _pay(delta, caller, opponent, amount)
        delta[caller] -= pools.double() * 10
    else:
        for opponent in opponents:
            _pay(delta, opponent, caller, amount)
        delta[caller] += pools.take() * 10 if pool_bid else 0
    delta[short] -= 40
    pools.add(4)


def _out_of_turn(plays: list[tuple[str, str]], seats: list[str], leader: str) -> str:
    """The first player to lead or play out of turn in a misère's tricks (the turn goes round to the
    left from the leader, the trick's winner leading the next)."""
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        turn = [seats[(seats.index(leader) + i) % 4] for i in range(4)]
        wrong = next((player for (player, _), due in zip(trick, turn) if player != due), None)
        if wrong is not None:
            return wrong
        leader = trick_winner(trick, None)
    raise AssertionError("a claim without an error")


def _first_revoke(plays: list[tuple[str, str]], held: dict[str, set[str]]) -> str | None:
    """The first player who failed to follow suit while holding a card of it (every revoke of a
    played-on transcript is established: the first settles the hand, §9.1)."""
    for start in range(0, len(plays), 4):
        trick = plays[start:start + 4]
        led = trick[0][1][1]
        for player, played in trick:
            held[player].discard(played)
            if played[1] != led and any(c[1] == led for c in held[player]):
                return player
    return None


def _boston_revoke(rung: int | str, revoker: str, caller: str, taken: int, opponents: list[str],
                   pool: tuple[bool, bool], rules: dict[str, str], pools: Pools, delta: dict[str, int]) -> None:
    """§9.1 and the seed's REVOKES: the caller put in for (at least) one trick, doubling the pool and forfeiting
    four red; an opponent's revoke paying the caller as a success with three over-tricks (bids of
    nine or less), the revoker alone forfeiting four red. `pool`: (a pool bid, the hand played out): the
    caller takes the pool as a success would (ambiguity 5 (a), §8.1); under reading (b) only if his own
    tricks won it."""
    if revoker == caller:
        failure = {bid: rows[rules["failure-table"] != "standard"] for bid, rows in FAILURE.items()}
        # "at least one trick besides" (seed): more when the hand played on shows him short by more
        amount = MISERES[rung] if isinstance(rung, str) else failure[rung][max(1, rung - taken) - 1]
        for opponent in opponents:
            _pay(delta, caller, opponent, amount)
        if rules["caller-revoke"] != "forfeit-instead":
            delta[caller] -= pools.double() * 10
        if rules["caller-revoke"] != "no-forfeit":
            delta[caller] -= 40
            pools.add(4)
        return
    if isinstance(rung, str):
        amount = MISERES[rung]
    elif rules["success-table"] != "standard":
        amount = AMERICAN[rung]
    else:
        over = 3 if rung <= 9 else min(3, 13 - rung) if rules["opponent-revoke-overtricks"] == "up-to-thirteen" else 0
        amount = max(SUCCESS_A[rung][over], SUCCESS_A[rung][taken - rung] if taken >= rung else 0)
    for opponent in opponents:
        _pay(delta, opponent, caller, amount)
    held_before = pools.pools[0]  # doubling "the pool": the one a winner takes (§8.3), before he takes it
    pool_bid, played_out = pool
    made = taken == 0 if isinstance(rung, str) else taken >= rung
    if (pool_bid or played_out) and (made or rules["revoke-wins-pool"] in ("on", "true", "")):
        delta[caller] += pools.take() * 10
    forfeit = 4 if rules["opponent-revoke-pool"] == "forfeit" else held_before
    delta[revoker] -= forfeit * 10
    pools.add(forfeit)


# ------------------------------------------------------- French Boston (digest french-boston.md §8)

COLUMN = {"S": 0, "C": 1, "D": 2, "H": 3}
TABLE = {  # 8.3: (base, three honours, four honours, each extra trick) per column
    5: ([4, 8, 12, 16], [3, 6, 9, 12], [4, 8, 12, 16], [1, 2, 3, 4]),
    6: ([6, 12, 18, 24], [4, 8, 12, 16], [6, 12, 18, 24], [2, 4, 6, 8]),
    8: ([8, 16, 24, 32], [6, 12, 18, 24], [8, 16, 24, 32], [4, 8, 12, 16])}
FRENCH_MISERES = {"petite-misere": [16, 32, 48, 64], "grand-misere": [32, 64, 96, 128],
                  "misere-quatre-as": [32, 64, 96, 128], "petite-misere-table": [64, 128, 192, 256],
                  "grand-misere-table": [64, 128, 192, 256]}
SLAM_TABLE = {"partners": [50, 100, 150, 200], "alone": [100, 200, 300, 400]}
PERMANENT = "SCDH"  # §2: hearts > diamonds > clubs > spades


FRENCH_DEFAULTS = {  # the house rules followed, with their defaults
    "slams": "paragraph", "failure": "stake", "honours": "trump-suit", "settlement": "each-pays-each",
    "jack-bonus": "diamonds", "pool-end": "divide", "super-jack": "trump", "wrong-count-forfeit": "0"}


@dataclass
class _Contract:
    kind: str  # "partners", "forced", "solo", "misere" or "" (thrown in)
    callers: tuple[str, ...] = ()
    number: int = 0
    trump: str | None = None
    misere: str = ""
    bid_suit: str | None = None


def score_french_boston(text: str) -> list[Scored]:
    """Every deal of a French Boston transcript scored from the digest (lawful play, revokes, misdeals and
    deals thrown in)."""
    out: list[Scored] = []
    for game in read(text):
        rules, seats, scores, dealer = start(game, FRENCH_DEFAULTS)
        pool = int(game.tags.get("Pool", "0"))
        belle = suit(game.tags["Belle"]) if "Belle" in game.tags else None
        number, over = game.hands[0].number or 1, False
        for hand in game.hands:
            if hand.dealer is not None:
                dealer = seats.index(hand.dealer)
            if over:  # the next game: counters from nothing, the pool from what the last one left on the table
                number, scores, belle, over = 1, dict.fromkeys(seats, 0), None, False
            assert hand.upcard is not None
            if number == 1 or belle is None:
                belle = hand.upcard[1]
            before = pool
            scored, pool = _french_deal(hand, seats, dealer, number, belle, rules, pool)
            if number >= 40 and rules["pool-end"] == "divide":
                for seat in seats:
                    scored.delta[seat] += pool // 4
                pool %= 4
            # §3: under play-on the game goes on past deal forty until somebody wins the pool
            over = number >= 40 and (rules["pool-end"] == "divide" or pool < before + 10 * (1 + (32 < number <= 40)))
            for seat in seats:
                scores[seat] += scored.delta[seat]
            scored.pool_after, scored.score_after = pool, dict(scores)
            out.append(scored)
            dealer = (dealer - 1) % 4
            number += 1
    return out


def _french_contract(hand: Hand, belle: str, petite: str | None) -> _Contract:
    standing = _Contract("")
    for event in hand.events:
        words = event.words
        if event.card is not None or not words:
            continue
        if words[0] == "demand":
            laid = next((c for c in (card(w) for w in words[1:]) if c), None)
            trump = laid[1] if laid else belle if "belle" in words else None  # a card not written: named later
            standing = _Contract("forced", (event.player,), 5, trump)
        elif words[0] == "accept":
            standing = _Contract("partners", (standing.callers[0], event.player), 8, standing.trump)
        elif words[0] == "bid" and words[1] in FRENCH_MISERES:
            standing = _Contract("misere", (event.player,), misere=words[1])
        elif words[0] == "bid":
            named = {"petite": petite, "belle": belle}.get(words[2].lower()) or suit(words[2])
            standing = _Contract("solo", (event.player,), int(words[1]), bid_suit=named)
        elif words[0] == "name" and (standing.kind == "solo" or standing.trump is None):
            standing.trump = suit(words[1])
    if standing.kind == "solo":  # §6.7: a lower suit than the one bid raises the contract
        assert standing.trump is not None and standing.bid_suit is not None
        if standing.number < 9 and PERMANENT.index(standing.trump) < PERMANENT.index(standing.bid_suit):
            standing.number = {6: 8, 8: 9}[standing.number]
    return standing


def _payments(seats: list[str], payers: list[str] | tuple[str, ...], payees: list[str] | tuple[str, ...],
              one_to_one: bool) -> list[tuple[str, str]]:
    """Who pays whom (§10.7): each payer each payee, or, between partners and their two adversaries
    under the one-to-one rule, each payer only the payee next to him: on his right, else on his left
    (Foster, Boston de Fontainebleau: "If partners sit next to each other, each pays the adversary
    sitting next to him")."""
    if not one_to_one:
        return [(payer, payee) for payer in payers for payee in payees]
    near = [[seats[(seats.index(payer) + k) % 4] for k in (-1, 1)] for payer in payers]  # his right, then his left
    return [(payer, next(s for s in sides if s in payees)) for payer, sides in zip(payers, near)]


def _french_deal(hand: Hand, seats: list[str], dealer: int, number: int, belle: str, rules: dict[str, str],
                 pool: int) -> tuple[Scored, int]:
    double = 2 if 32 < number <= 40 else 1
    delta = dict.fromkeys(seats, 0)
    delta[seats[dealer]] -= 10 * double  # §3: the dealer feeds the pool
    pool += 10 * double
    assert hand.upcard is not None
    petite = None if hand.upcard[1] == belle else hand.upcard[1]
    if hand.misdealt() or hand.redeal is not None:  # §4: a misdeal loses the deal; §6.2.10: a deal thrown in
        return Scored(hand.number, "misdeal" if hand.misdealt() else "thrown in", (), None, None, delta, pool, {}), pool
    contract = _french_contract(hand, belle, petite)
    result = Scored(hand.number, contract.kind, contract.callers, None, None, delta, pool, {})
    if not contract.kind:
        return result, pool
    best = "JH" if hand.upcard[1] == "D" else "JD"
    trump = contract.trump if contract.kind != "misere" else None
    won = dict.fromkeys(seats, 0)
    plays = [(e.player, e.card) for e in hand.events if e.card is not None]
    leader = seats[(dealer - 1) % 4]
    short = [s for s in seats if len(hand.deals.get(s, ())) == 12]  # dealt twelve from a pack short of a card
    last = 3 if short and len(plays) % 4 == 3 else 0  # the last trick, played without him
    for start in range(0, len(plays) - len(plays) % 4 + last, 4):
        trick = plays[start:start + 4]
        assert trick[0][0] == leader, (hand.number, trick, leader)
        leader = trick_winner(trick, trump, best if trump else None)
        won[leader] += 1
    dealt = known_hands(hand, seats)  # (all thirteen in a deal played out)
    side = contract.callers
    adversaries = [s for s in seats if s not in side]
    taken = sum(won[s] for s in side)
    result.taken = taken
    if trump is not None:  # §8.3: the jack bonus, in a deal with trumps, whatever the result
        holder_card = best if rules["jack-bonus"] == "best-jack" else "JD"
        holder = next((s for s, cards in dealt.items() if holder_card in cards), None)  # None: the card missing
        for seat in seats:
            if holder is not None and seat != holder:
                _pay(delta, seat, holder, 2 * double)
    column = COLUMN[trump or hand.upcard[1]]
    claimed = any(e.words == ["call", "claim"] for e in hand.events)  # an adversary's error (Boston's §9.2)
    if contract.kind == "misere":
        result.contract = contract.misere
    else:
        result.contract = f"{contract.kind} {contract.number} {trump}"
    follows = _FrenchFollowing(trump, best if trump and rules["super-jack"] == "trump" else None,
                               side[0] if contract.misere == "misere-quatre-as" else None)
    revokers = follows.revokers(plays, _held(hand, dealt))
    result.revokers = revokers
    if revokers:
        return result, _french_revokes(revokers, contract, won, dealt, column, belle, best, rules, double, pool, delta)
    payment = _french_success(contract, max(taken, contract.number) if short else taken, column, belle, best, rules,
                              dealt)
    made = taken == 0 or claimed if contract.kind == "misere" else taken >= contract.number
    if short:  # Boston's §9.3 (the digest's [BOS]): a short hand on the caller's side fails it, an adversary's makes it
        made = not set(short) & set(side)
    forfeit = int(rules["wrong-count-forfeit"]) * double  # the house rule's counters from each short player
    for player in short:
        delta[player] -= forfeit
    amount = payment if made else _french_stake(contract, column)
    if not made and rules["failure"] == "stake-plus-tricks" and contract.kind != "misere":
        amount += TABLE[_french_row(contract)][3][column] * max(0, contract.number - taken)  # none if failed short
    result.made = made
    amount *= double
    one_to_one = rules["settlement"] == "one-to-one" and len(side) == 2
    if made:
        for adversary, winner in _payments(seats, adversaries, side, one_to_one):
            _pay(delta, adversary, winner, amount)
        share = pool // len(side)
        for winner in side:
            delta[winner] += share
        pool -= share * len(side)
        return result, pool + forfeit * len(short)
    losers = side if len(side) == 1 else [s for s, quota in zip(side, (5, 3)) if won[s] < quota]
    losers = [s for s in side if s in short] or losers
    for loser, adversary in _payments(seats, losers, adversaries, one_to_one):
        _pay(delta, loser, adversary, amount)
    doubling = pool
    for i, loser in enumerate(losers):
        delta[loser] -= doubling // len(losers) + (i < doubling % len(losers))
    return result, pool + doubling + forfeit * len(short)


def _french_row(contract: _Contract) -> int:
    """The table's row (§8.3): five for a demand, eight for a nine (8.3's note: eight and a trick over)."""
    return 5 if contract.kind in ("partners", "forced") else 8 if contract.number == 9 else contract.number


def _french_stake(contract: _Contract, column: int) -> int:
    """What the contract is worth per adversary, single: the table amount (a nine's includes its trick over)."""
    if contract.kind == "misere":
        return FRENCH_MISERES[contract.misere][column]
    base, _, _, extra = (t[column] for t in TABLE[_french_row(contract)])
    return base + extra * (contract.number == 9)


def _french_success(contract: _Contract, taken: int, column: int, belle: str, best: str, rules: dict[str, str],
                    dealt: dict[str, set[str]]) -> int:
    """What each adversary pays a side that made its contract with `taken` tricks, single: the table
    amount, tricks over, honours (§8.3), or a slam's (§8.2, or the table's by the house rule)."""
    if contract.kind == "misere":
        return FRENCH_MISERES[contract.misere][column]
    trump = contract.trump
    base, three, four, extra = (t[column] for t in TABLE[_french_row(contract)])
    honours_held = {c for s in contract.callers for c in dealt[s] if c[1] == trump and c[0] in "AKQJ"}
    if rules["honours"] == "with-best-jack" and any(best in dealt[s] for s in contract.callers):
        honours_held.add(best)
    honours = four if len(honours_held) >= 4 else three if len(honours_held) == 3 else 0
    over = taken - (8 if contract.number == 9 else 5 if contract.kind == "forced" else contract.number)
    slam = (contract.kind == "forced" and taken >= 8) or (contract.kind == "partners" and taken == 13)
    if rules["slams"] == "table":
        slam = taken == 13
    if not slam:
        return base + extra * over + honours
    if rules["slams"] == "paragraph":
        return 24 if trump != belle else 48
    return SLAM_TABLE["partners" if len(contract.callers) == 2 else "alone"][column]


def _held(hand: Hand, dealt: dict[str, set[str]]) -> dict[str, set[str]]:
    """Each player's cards when play begins: as dealt (or as his plays show them), less his discard."""
    held = {seat: set(cards) for seat, cards in dealt.items()}
    for event in hand.events:
        if event.words and event.words[0] == "discard":
            held[event.player].discard(card(event.words[1]) or "")
    return held


@dataclass
class _FrenchFollowing:
    """Following suit (§7): the best jack a trump when there are trumps (the digest's recommendation,
    the super-jack house rule otherwise), the quatre-as caller free to renounce in the first ten tricks."""

    trump: str | None
    jack: str | None
    renouncer: str | None

    def suit_of(self, c: str) -> str:
        return self.trump if c == self.jack and self.trump else c[1]

    def revokers(self, plays: list[tuple[str, str]], held: dict[str, set[str]]) -> list[str]:
        """Who failed to follow while able, each once, in the order of his first revoke (§9: every revoke
        of a trick gathered is established)."""
        out: list[str] = []
        for start in range(0, len(plays), 4):
            trick = plays[start:start + 4]
            led = self.suit_of(trick[0][1])
            for player, played in trick:
                held[player].discard(played)
                excused = player == self.renouncer and start // 4 < 10
                able = any(self.suit_of(c) == led for c in held[player])
                if self.suit_of(played) != led and able and not excused and player not in out:
                    out.append(player)
        return out


def _french_revokes(revokers: list[str], contract: _Contract, won: dict[str, int], dealt: dict[str, set[str]],
                    column: int, belle: str, best: str, rules: dict[str, str], double: int, pool: int,
                    delta: dict[str, int]) -> int:
    """§9 (seed: "The individual player who is detected in a revoke must double the pool, and pay both
    adversaries"): each revoker, once, doubles the pool as it then stands and pays each adversary the
    stake; against a solo caller (the digest's reading) he pays the caller what a success would have
    brought from all three. The contract is not otherwise settled. Returns the pool."""
    side = contract.callers
    for revoker in revokers:
        if len(side) == 1 and revoker != side[0]:
            taken = max(won[side[0]], contract.number)
            _pay(delta, revoker, side[0], 3 * double * _french_success(contract, taken, column, belle, best, rules,
                                                                       dealt))
        else:
            for adversary in ([s for s in delta if s not in side] if revoker in side else side):
                _pay(delta, revoker, adversary, double * _french_stake(contract, column))
        delta[revoker] -= pool
        pool *= 2
    return pool
