"""Independent scorers for Euchre, Auction Pitch and Whist, written from the rules digests
(``/work/shared/rules/{euchre,auction-pitch,whist}.md``) and the seed texts, to check the referee's
scores of random games (``test_independent_scores.py``).

They read nothing of the referee: not its games, not its engine, not even its card parser. A
transcript is read here as the notation (docs/notation.md) says it is written: header tags, hand
lines, deals, the upcard and events separated by commas, in any split into lines, with or without
``trick N:`` labels, cards in letters, lower case or suit symbols, tens as ``T`` or ``10``. They
know only what lawful play and the planted revokes of the generators need: the bidding, the
tricks, the revokes a deal proves, the points and the games.

Each scorer gives one `HandScore` per hand, in the order of the transcript, with the game it
belongs to (a hand written after a game is won starts the next one, as the laws and notation.md
§5 say), and one `GameScore` per game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

ORDER = "23456789TJQKA"  # low to high
SUITS = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SUIT_WORDS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
_CARD = re.compile(r"^(10|[2-9TJQKA])([SHDC♠♥♦♣])$", re.IGNORECASE)
_LABEL = re.compile(r"^trick \d+:\s*")
_TAG = re.compile(r'^\[(\w+) "(.*)"\]$')


def card(text: str) -> str | None:
    """A card in one spelling (``TH``), or None when `text` is no card."""
    match = _CARD.match(text)
    if match is None:
        return None
    rank = match.group(1).upper()
    return ("T" if rank == "10" else rank) + SUITS[match.group(2).upper()]


def suit_named(text: str) -> str:
    return SUIT_WORDS.get(text.lower()) or SUITS[text.upper()]


@dataclass
class Event:
    player: str
    word: str  # "play" for a card played, else the event's word (pass, bid, order, …)
    arg: str = ""  # the card (canonical), the bid, the suit letter


@dataclass
class Hand:
    dealer: str | None
    deals: dict[str, list[str]] = field(default_factory=dict)
    upcard: str | None = None
    events: list[Event] = field(default_factory=list)
    recorded: dict[str, int] | None = None  # the hand's last `recorded` line


@dataclass
class Header:
    game: str
    players: list[str]
    sides: list[tuple[str, str]]  # partnerships, each as its two players
    rules: dict[str, str]
    score: dict[str, int]
    pool: int | None  # the red counters of the `[Pool]` tag: auction pitch keeps a pool only with it
    hands: list[Hand] = field(default_factory=list)


def parse(text: str) -> list[Header]:
    """The headers of a transcript, each with the hands written under it."""
    headers: list[Header] = []
    tags: dict[str, str] | None = None
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        tag = _TAG.match(line)
        if tag:
            if tags is None:
                tags = {}
            tags[tag.group(1)] = tag.group(2)
            continue
        if tags is not None:
            headers.append(_header(tags))
            tags = None
        hands = headers[-1].hands
        words = line.split()
        if words[0] == "hand":
            hands.append(Hand(words[words.index("dealer") + 1] if "dealer" in words else None))
        elif words[0] == "deal":
            hands[-1].deals[words[1].rstrip(":")] = [_card(w) for w in words[2:]]
        elif words[0] == "upcard":
            hands[-1].upcard = _card(words[1])
        elif words[0] == "recorded":
            items = (item.split() for item in line.removeprefix("recorded").split(","))
            hands[-1].recorded = {who: int(n) for who, n in items}
        elif words[0] not in ("note", "redeal"):
            for text_event in _LABEL.sub("", line).split(","):
                hands[-1].events.append(_event(text_event.split()))
    return headers


def _card(text: str) -> str:
    found = card(text)
    assert found is not None, text
    return found


def _event(words: list[str]) -> Event:
    player, rest = words[0], words[1:]
    if len(rest) == 1 and card(rest[0]) is not None:
        return Event(player, "play", _card(rest[0]))
    word, args = rest[0], rest[1:]
    if word == "discard":
        return Event(player, word, _card(args[0]))
    if word == "name" and card(args[0]) is None:  # a suit named trumps (whist's `name C` names a card)
        return Event(player, word, suit_named(args[0]))
    return Event(player, word, " ".join(args))


def _header(tags: dict[str, str]) -> Header:
    rules: dict[str, str] = {}
    for item in tags.get("Rules", "").split(";"):
        if item.strip():
            name, _, value = item.strip().partition("=")
            rules[name.strip()] = value.strip() or "true"
    sides = [tuple(team.split("-")) for team in tags.get("Partners", "").split()]
    score = {}
    for item in tags.get("Score", "").split(","):
        if item.strip():
            who, value = item.split()
            score[who] = int(value)
    return Header(tags["Game"].lower().replace(" ", "-"), tags["Players"].split(),
                  [(a, b) for a, b in sides], rules, score, int(tags["Pool"]) if "Pool" in tags else None)


@dataclass
class HandScore:
    """What a hand came to: the tricks (per side or player), the points each scored (`delta`), the
    standing after it (`after`), and the game's own details (`detail`: pitch's points, the
    pitcher's contract; whist's game value)."""
    game: int  # the index of the game it belongs to, from 0 over the whole transcript
    tricks: dict[str, int]
    delta: dict[str, int]
    after: dict[str, int]
    detail: dict[str, object] = field(default_factory=dict)
    recorded: dict[str, int] | None = None

    @property
    def agrees(self) -> bool | None:
        """Whether the table's `recorded` result is this one (a side or player left out: 0)."""
        if self.recorded is None:
            return None
        return all(self.recorded.get(who, 0) == n for who, n in self.delta.items())


@dataclass
class GameScore:
    final: dict[str, int]
    winner: str | None


@dataclass
class Scored:
    hands: list[HandScore] = field(default_factory=list)
    games: list[GameScore] = field(default_factory=list)

    def end_game(self, score: dict[str, int], winner: str | None) -> dict[str, int]:
        """Close the game at `score`; the next game starts from nothing (notation.md §5)."""
        self.games.append(GameScore(dict(score), winner))
        return dict.fromkeys(score, 0)

    def won_before(self, score: dict[str, int], target: int) -> dict[str, int]:
        """A header's Score at or past `target`: a game won before its first hand, by whoever is
        furthest past it (nobody when level there); its hands start the next game (notation.md §5)."""
        past = {who: n for who, n in score.items() if n >= target}
        if not past:
            return score
        leaders = [who for who, n in past.items() if n == max(past.values())]
        return self.end_game(score, leaders[0] if len(leaders) == 1 else None)

    def end_header(self) -> None:
        """Close the game still open when a header's hands end."""
        if self.hands and self.hands[-1].game == len(self.games):
            self.games.append(GameScore(dict(self.hands[-1].after), None))


def rank(c: str) -> int:
    return ORDER.index(c[0])


def rotation(players: list[str], after: str) -> list[str]:
    """The players clockwise, starting at the one on `after`'s left."""
    i = players.index(after)
    return players[i + 1:] + players[:i + 1]


def flag(rules: dict[str, str], name: str) -> bool:
    return rules.get(name, "false").lower() in ("true", "on", "yes")


# ---------------------------------------------------------------- Euchre

def euchre_effective_suit(c: str, trump: str) -> str:
    """The left bower (the other jack of trump's colour) belongs to trumps (digest §2)."""
    if c[0] == "J" and c[1] != trump and (c[1] in "HD") == (trump in "HD"):
        return trump
    return c[1]


def euchre_strength(c: str, led: str, trump: str) -> tuple[int, int]:
    suit = euchre_effective_suit(c, trump)
    if suit == trump:
        if c[0] == "J":
            return 2, 100 if c[1] == trump else 99  # right bower, left bower
        return 2, rank(c)
    return (1 if suit == led else 0), rank(c)


def end_of_deals(score: dict[str, int]) -> str | None:
    """The winner of a game of a set number of deals: the higher total, nobody on a tie."""
    top = max(score.values())
    leaders = [s for s in score if score[s] == top]
    return leaders[0] if len(leaders) == 1 else None


def score_euchre(text: str) -> Scored:
    """Euchre (seed 004 and the digest's project defaults): makers 1 for three or four tricks, 2 for
    a march, a lone march `lone-march` (4); euchred, the defenders 2 (`lone-euchre` against a lone
    maker); an established revoke gives the other side 2, or 4 when the offending side was
    attempting a lone hand, and the ordinary result is not scored (seed: "Do not also score the
    ordinary result of that hand"); game at `target` (10) or after `deals` deals."""
    out = Scored()
    for header in parse(text):
        rules = header.rules
        target, deals = int(rules.get("target", "10")), int(rules.get("deals", "0"))
        sides = ["-".join(s) for s in header.sides]
        side_of = {p: "-".join(s) for s in header.sides for p in s}
        score = {s: header.score.get(s, 0) for s in sides}
        score = score if deals else out.won_before(score, target)
        dealer = None
        played = 0
        for hand in header.hands:
            dealer = hand.dealer or rotation(header.players, dealer or header.players[-1])[0]
            held = {p: list(cs) for p, cs in hand.deals.items()}
            maker = trump = None
            lone: list[str] = []  # the lone maker and the lone defender, in the order announced
            plays: list[tuple[str, str]] = []
            for e in hand.events:
                if e.word == "order":
                    maker, trump = e.player, (hand.upcard or "")[1]
                    held[dealer].append(hand.upcard or "")
                elif e.word == "discard":
                    held[dealer].remove(e.arg)
                elif e.word == "name":
                    maker, trump = e.player, e.arg
                elif e.word == "alone":
                    lone.append(e.player)
                elif e.word == "play":
                    plays.append((e.player, e.arg))
            played += 1
            if maker is None or trump is None:  # all passed twice: thrown in, no score (a deal all the same)
                out.hands.append(HandScore(len(out.games), {}, dict.fromkeys(sides, 0), dict(score)))
                if deals and played == deals:
                    score, played = out.end_game(score, end_of_deals(score)), 0
                continue
            canadian = flag(rules, "canadian-loner") and hand.upcard is not None and trump == hand.upcard[1]
            if canadian and maker == header.players[(header.players.index(dealer) + 2) % 4] and maker not in lone:
                lone.insert(0, maker)  # the dealer's partner who orders him up plays alone
            alone = next((p for p in lone if side_of[p] == side_of[maker]), None)
            out_seats = [header.players[(header.players.index(p) + 2) % 4] for p in lone]
            active = [p for p in rotation(header.players, dealer) if p not in out_seats]
            tricks = dict.fromkeys(sides, 0)
            revokers: list[str] = []
            leader = active[0]
            if alone and rules.get("loner-lead") == "left-of-loner":
                leader = next(p for p in rotation(header.players, alone) if p not in out_seats)
            for t in range(5):
                trick = plays[t * len(active):(t + 1) * len(active)]
                assert [p for p, _ in trick] == rotation(active, active[active.index(leader) - 1]), trick
                led = euchre_effective_suit(trick[0][1], trump)
                for p, c in trick:
                    if euchre_effective_suit(c, trump) != led and any(
                            euchre_effective_suit(h, trump) == led for h in held[p]):
                        revokers.append(p)
                    held[p].remove(c)
                leader = max(trick, key=lambda pc: euchre_strength(pc[1], led, trump))[0]
                tricks[side_of[leader]] += 1
            makers = side_of[maker]
            defenders = next(s for s in sides if s != makers)
            delta = dict.fromkeys(sides, 0)
            first_out: str | None = None  # both sides' revoke penalties may reach the target: the first scored
            offences = [side_of[p] for p in revokers]
            if rules.get("revoke-count") == "cancel":  # Somerset 71: one of each side cancel out
                cancelled = min(offences.count(s) for s in sides)
                for s in sides:
                    for _ in range(cancelled):
                        offences.remove(s)
            elif rules.get("revoke-count") != "each":  # the default: each side penalised once a hand
                offences = list(dict.fromkeys(offences))
            if offences:  # in the order of the revokes; revokes that all cancel out leave the hand scored
                for offenders in offences:
                    lone_offence = any(side_of[p] == offenders for p in lone) or (
                        bool(lone) and rules.get("revoke-lone") == "any-lone-hand")
                    points = int(rules.get("revoke-lone-points", "4") if lone_offence else rules.get(
                        "revoke-points", "2"))
                    if rules.get("revoke-penalty") == "deduct":
                        delta[offenders] -= points
                    else:
                        other = next(s for s in sides if s != offenders)
                        delta[other] += points
                        if first_out is None and score[other] + delta[other] >= target:
                            first_out = other
            elif tricks[makers] == 5:
                delta[makers] = int(rules.get("lone-march", "4")) if alone else 2
            elif tricks[makers] >= 3:
                delta[makers] = 1
            elif any(side_of[p] == defenders for p in lone):  # a euchre by a lone defender: four (OS), or
                delta[defenders] = max(4, int(rules.get("lone-euchre", "2")) if alone else 0)  # a higher lone-euchre
            else:
                delta[defenders] = int(rules.get("lone-euchre", "2")) if alone else 2
            for s in sides:
                score[s] += delta[s]
            out.hands.append(HandScore(len(out.games), tricks, delta, dict(score),
                                       {"maker": maker, "trump": trump, "revokers": revokers}))
            if deals:
                over = played == deals
                winner = end_of_deals(score) if over else None
            else:
                reached = [s for s in sides if score[s] >= target]
                over = bool(reached)
                winner = first_out or (reached[0] if reached else None)
            if over:
                score, played = out.end_game(score, winner), 0
        out.end_header()
    return out


# ---------------------------------------------------------------- Auction Pitch

PIPS = {"A": 4, "K": 3, "Q": 2, "J": 1, "T": 10}


def score_auction_pitch(text: str) -> Scored:
    """Auction Pitch (seed 000 and the digest): High and Low to the players dealt the highest and
    lowest trump, Jack to the winner of its trick, Game to the most pips won (none on a tie); the
    pitcher who fails his bid scores nothing and is set back the bid; the seller who sells scores
    the bid at once; a revoker scores nothing and is set back the bid (2 if no bid was made) and the
    pitcher is then not set back; the first to `target` (7) wins, the bidder first if he made his
    bid, else the points counted out in the order High, Low, Jack, Game."""
    out = Scored()
    for header in parse(text):
        rules = header.rules
        target = int(rules.get("target", "7"))
        board = flag(rules, "bid-to-board")
        players = header.players
        score = out.won_before({p: header.score.get(p, 0) for p in players}, target)
        pool = header.pool
        dealer: str | None = None
        for hand in header.hands:
            dealer = hand.dealer or rotation(players, dealer or players[-1])[0]
            seats = rotation(players, dealer)
            eldest = seats[0]
            bids: list[tuple[str, int]] = []
            sale = None
            called = 0  # the others' bids and passes: the seller's pitch before they all passed is for four
            plays: list[tuple[str, str]] = []
            for e in hand.events:
                if e.word == "bid":
                    bids.append((e.player, int(e.arg)))
                elif e.word in ("sell", "refuse") or (e.word == "pitch" and called < len(players) - 1):
                    sale = e.word
                if e.word in ("bid", "pass"):
                    called += 1
                elif e.word == "play":
                    plays.append((e.player, e.arg))
            best = max(bids, key=lambda b: b[1]) if bids else None
            if sale is None and best is not None and not board and plays:  # not written: shown by who pitches
                sale = "sell" if plays[0][0] == best[0] else "refuse"
            if sale is None and not called and not board and plays and plays[0][0] == eldest:
                sale = "pitch"  # the seller leads before anyone bids or passes: he pitched without waiting
            if not plays:  # all passed to the board under board-all-pass=throw-in: no score, the deal passes
                out.hands.append(HandScore(len(out.games), {}, dict.fromkeys(players, 0), dict(score), {
                    "points": None, "pitcher": None, "to_make": None, "made": None, "revokers": [], "pool": pool,
                    "to_go": {p: target - score[p] for p in players}}))
                continue
            sold = 0
            if sale == "pitch":
                pitcher, to_make = eldest, 4
            elif best is None:
                pitcher, to_make = eldest, 0
            elif board or sale == "sell":
                pitcher, to_make = best
                if sale == "sell":
                    sold = best[1]
                    if flag(rules, "full-value-bids"):
                        sold = max(0, min(sold, target - 1 - score[eldest]))
            else:
                pitcher, to_make = eldest, best[1]
            trump = plays[0][1][1]
            held = {p: list(cs) for p, cs in hand.deals.items()}
            dealt_trumps = [(c, p) for p, cs in hand.deals.items() for c in cs if c[1] == trump]
            high = max(dealt_trumps, key=lambda cp: rank(cp[0]))[1]
            low = min(dealt_trumps, key=lambda cp: rank(cp[0]))[1]
            jack = None
            pips = dict.fromkeys(players, 0)
            revokers: list[str] = []
            leader = pitcher
            n = len(players)
            for t in range(len(plays) // n):
                trick = plays[t * n:(t + 1) * n]
                assert [p for p, _ in trick] == rotation(players, players[players.index(leader) - 1]), trick
                led = trick[0][1][1]
                for p, c in trick:
                    follows = c[1] == led or (led != trump and c[1] == trump)
                    if not follows and any(h[1] == led for h in held[p]):
                        revokers.append(p)
                    held[p].remove(c)
                winning = [pc for pc in trick if pc[1][1] == trump] or [pc for pc in trick if pc[1][1] == led]
                leader = max(winning, key=lambda pc: rank(pc[1]))[0]
                pips[leader] += sum(PIPS.get(c[0], 0) for _, c in trick)
                if any(c == "J" + trump for _, c in trick):
                    jack = leader
            top = max(pips.values())
            game = [p for p in players if pips[p] == top]
            points = {"high": high, "low": low, "jack": jack, "game": game[0] if len(game) == 1 else None}
            won = dict.fromkeys(players, 0)
            for who in points.values():
                if who is not None:
                    won[who] += 1
            delta = dict.fromkeys(players, 0)
            delta[eldest] += sold
            made = won[pitcher] >= to_make
            for p in players:
                if p in revokers:
                    if p == eldest and sale == "pitch":
                        bid = 4
                    elif sale == "pitch":
                        bid = 4 if rules.get("revoke-pitch-before-bid") == "four" else 2
                    else:
                        bid = to_make or 2
                    delta[p] -= bid
                elif p == pitcher and not made and not revokers:
                    delta[p] -= to_make
                else:
                    delta[p] += won[p]
            before = dict(score)
            for p in players:  # a player has only his white counters to push: none past the last
                delta[p] = min(delta[p], max(0, target - score[p]))
                score[p] += delta[p]
            bidder_made = made and pitcher not in revokers and to_make > 0
            winner = pitch_winner(players, before, delta, points, pitcher, bidder_made, sold, eldest, target, revokers)
            if flag(rules, "smudge") and to_make == 4 and won[pitcher] == 4 and before[pitcher] >= 0 \
                    and pitcher not in revokers:
                winner = pitcher
            out.hands.append(HandScore(len(out.games), {}, delta, dict(score),
                                       {"points": points, "pitcher": pitcher, "to_make": to_make or None,
                                        "made": made if to_make else None,
                                        "revokers": revokers, "to_go": {p: target - score[p] for p in players}}))
            if pool is not None:  # a red counter for each revoker and, in many clubs, for a pitcher set back
                pool += len(set(revokers)) + (1 if flag(rules, "setback-red-counter") and delta[pitcher] < 0
                                              and pitcher not in revokers else 0)
                pool = 0 if winner is not None else pool  # the winner takes down all the red counters
            out.hands[-1].detail["pool"] = pool
            if winner is not None:
                score = out.end_game(score, winner)
        out.end_header()
    return out


def pitch_winner(players: list[str], before: dict[str, int], delta: dict[str, int], points: dict[str, str | None],
                 pitcher: str, bidder_made: bool, sold: int, seller: str, target: int,
                 revokers: Iterable[str]) -> str | None:
    """Who goes out this hand: nobody unless someone ends it at `target`; the bidder first if he
    made his bid ("bidder goes out first"), else the points counted out in their order: the
    seller's sale first (scored when he sold), then High, Low, Jack and Game."""
    reached = [p for p in players if before[p] + delta[p] >= target]
    if not reached:
        return None
    if bidder_made and pitcher in reached:
        return pitcher
    running = dict(before)
    running[seller] += sold
    if running[seller] >= target and seller in reached:
        return seller
    for name in ("high", "low", "jack", "game"):
        who = points[name]
        if who is None or who in revokers or (who == pitcher and delta[pitcher] < 0):
            continue
        running[who] += 1
        if running[who] >= target and who in reached:
            return who
    return reached[0]


# ---------------------------------------------------------------- Whist

HONOURS = "AKQJ"


def score_whist(text: str) -> Scored:
    """Whist (digest §6, defaults the League code): each trick over six scores one; a revoke moves
    two tricks (only what the revokers hold, A3) from the revoking side to the adversaries, and the
    revoking side cannot go out that hand (it stops one short); play stops at the game's points
    (7; short 5, long 10) and points past it are lost (`game-end=play-out` counts them); short and
    long whist count honours (four 4, three 2) after the tricks, not for a side one point from game
    when the deal began (W33, W38); the game's value: american the game less the losers' score, short treble,
    double or single; short whist plays rubbers of three games, the winners adding `rubber-bonus`."""
    out = Scored()
    for header in parse(text):
        rules = header.rules
        kind = rules.get("game", "american")
        target = {"american": 7, "short": 5, "long": 10}[kind]
        honours_rule = rules.get("honours", "by-game")
        honours_count = honours_rule == "count" or (honours_rule == "by-game" and kind != "american")
        play_out = rules.get("game-end", "stop") == "play-out"
        if rules.get("scoring") == "continuous":  # no game: every trick over six counts, nobody goes out
            target, play_out = 10**9, True
        sides = ["-".join(s) for s in header.sides]
        side_of = {p: "-".join(s) for s in header.sides for p in s}
        score = {s: header.score.get(s, 0) for s in sides}
        rubbers = rules.get("rubber", "by-game") == "yes" or (rules.get("rubber", "by-game") == "by-game"
                                                            and kind == "short")
        rubber: list[tuple[str, int]] = []  # the games of the rubber so far: who won each, its value
        dealer: str | None = None
        for hand in header.hands:
            dealer = hand.dealer or rotation(header.players, dealer or header.players[-1])[0]
            assert hand.upcard is not None
            trump = hand.upcard[1]
            held = {p: list(cs) for p, cs in hand.deals.items()}
            plays = [(e.player, e.arg) for e in hand.events if e.word == "play"]
            tricks = dict.fromkeys(sides, 0)
            revokes: list[str] = []  # the revoking side of each revoke, in the order of play
            leader = rotation(header.players, dealer)[0]
            for t in range(13):
                trick = plays[t * 4:(t + 1) * 4]
                assert [p for p, _ in trick] == rotation(header.players, header.players[
                    header.players.index(leader) - 1]), trick
                led = trick[0][1][1]
                for p, c in trick:
                    if c[1] != led and any(h[1] == led for h in held[p]):
                        revokes.append(side_of[p])
                    held[p].remove(c)
                winning = [pc for pc in trick if pc[1][1] == trump] or [pc for pc in trick if pc[1][1] == led]
                leader = max(winning, key=lambda pc: rank(pc[1]))[0]
                tricks[side_of[leader]] += 1
            # Two tricks per revoke, only what the revokers hold (A3 (a)). When both sides revoke and a
            # side holds too few, the digest leaves the order open: the referee moves them revoke by
            # revoke, in the order of play, and so does this.
            if len(set(revokes)) == 2 and rules.get("both-revoke") == "new-deal":  # void: dealt again (W46)
                out.hands.append(HandScore(len(out.games), tricks, dict.fromkeys(sides, 0), dict(score),
                                           {"value": None, "rubber": None}))
                continue
            counted = dict(tricks)
            penalties: list[tuple[str, int]] = []  # English: points added or deducted, before the tricks
            english = rules.get("revoke-penalty", "english" if rules.get("code") == "english" else "") == "english"
            choices = iter(e.arg for e in hand.events if e.word == "call")
            for i, s in enumerate(revokes):
                other = next(o for o in sides if o != s)
                choice = next(choices, "take-three") if english else "two-tricks"  # none written yet: any
                if choice == "add-three":  # W44: the adversaries choose for each revoke
                    penalties.append((other, 3))
                    continue
                if choice == "deduct-three":
                    penalties.append((s, -3))
                    continue
                move = 2 if s not in revokes[:i] or rules.get("revoke-repeat", "each-two") == "each-two" else 1
                move = min(3 if english else move, counted[s])
                counted[s] -= move
                counted[other] += move
            capped = {s: target - 1 if s in revokes and not flag(rules, "revoker-can-go-out") else None
                      for s in sides}
            delta = dict.fromkeys(sides, 0)
            order = penalties + [(s, counted[s] - 6) for s in sides if counted[s] > 6]  # W34: revoke, tricks, honours
            if honours_count:
                for s in sides:
                    held_honours = sum(1 for p in header.players if side_of[p] == s
                                       for c in hand.deals[p] if c[1] == trump and c[0] in HONOURS)
                    value = {4: 4, 3: 2}.get(held_honours, 0)
                    if value and score[s] != target - 1:  # at 4 (short), "do not count at nine" (long)
                        order.append((s, value))
            winner = None
            before = dict(score)
            for s, points in order:
                limit = capped[s] if capped[s] is not None else (None if play_out else target)
                now = max(0, score[s] + points)  # three deducted, never below nothing (A6)
                if limit is not None:
                    now = min(now, max(limit, score[s]))
                if winner is not None and points > 0 and (winner != s or not play_out):
                    now = score[s]  # the other side's later points are not scored (a penalty on it is)
                delta[s] += now - score[s]
                score[s] = now
                if score[s] >= target and winner is None:
                    winner = s
            detail: dict[str, object] = {"tricks_counted": counted, "value": None, "rubber": None,
                                         "revokes": revokes}
            if winner is not None:
                loser = next(s for s in sides if s != winner)
                if kind == "short":
                    value = 3 if score[loser] == 0 else 2 if score[loser] <= 2 else 1
                elif kind == "long":
                    value = 1  # the sources give no values of a long game (A15): one
                else:
                    value = score[winner] - score[loser] if play_out else target - score[loser]
                detail["value"] = value
                if rubbers:
                    rubber.append((winner, value))
                    if sum(1 for w, _ in rubber if w == winner) == 2:
                        detail["rubber"] = sum(v if w == winner else -v for w, v in rubber) + int(
                            rules.get("rubber-bonus", "2"))
                        rubber = []
            out.hands.append(HandScore(len(out.games), tricks, {s: score[s] - before[s] for s in sides},
                                       dict(score), detail))
            if winner is not None:
                score = out.end_game(score, winner)
        out.end_header()
    return out


def with_records(scorer: Callable[[str], Scored]) -> Callable[[str], Scored]:
    """`scorer`, its hands carrying the results the table recorded."""
    def scored(text: str) -> Scored:
        result = scorer(text)
        for hand, score in zip([h for header in parse(text) for h in header.hands], result.hands, strict=True):
            score.recorded = hand.recorded
        return result
    return scored


SCORERS = {name: with_records(scorer) for name, scorer in
           {"euchre": score_euchre, "auction-pitch": score_auction_pitch, "whist": score_whist}.items()}
