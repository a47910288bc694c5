"""The referee's scores of random Euchre, Auction Pitch and Whist games against an independent
scorer (scorers_simple.py, written from the digests and seeds, reading nothing of the referee).

The games are the generators' (every card as the independent oracle allows), some hands with a
planted revoke, written in random styles (several tricks on a line, labels left out, suit symbols,
lower case), and played under house rules the scorer follows too. Each hand's points (and Pitch's
High, Low, Jack and Game, the pitcher's contract), the running totals, and each game's end and
winner must agree. The default run tries a few games of each kind; `stress` many more.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from oracle import oracle
from scorers_simple import SCORERS, parse

from referee import check_text
from referee.engine.generators import Deal, PlayRulesFor, Plays, random_tricks, write_in_style
from referee.games.auction_pitch import generator as pitch
from referee.games.euchre import generator as euchre
from referee.games.whist import generator as whist
from referee.notation.cards import Card, Suit, parse_card

EUCHRE_RULES = ["stick-the-dealer; target=1000", "target=10", "target=5; lone-march=5; lone-euchre=4",
                "lone-march=3; revoke-points=3; revoke-lone-points=5", "deals=6", "revoke-lone=any-lone-hand",
                "revoke-penalty=deduct; target=7", "revoke-lone=any-lone-hand; revoke-penalty=deduct",
                "revoke-count=each", "revoke-count=cancel; target=7"]
EUCHRE_TABLE_RULES = ["target=10", "deals=8", "deck=32; loner-lead=left-of-loner",
                      "defend-alone=against-lone; stick-the-dealer", "defend-alone=always; revoke-lone=any-lone-hand",
                      "deals=5; defend-alone=always; loner-lead=left-of-loner",
                      "canadian-loner; defend-alone=against-lone"]
PITCH_RULES = ["target=1000", "bid-to-board", "target=7; full-value-bids", "bid-to-board; smudge",
               "target=1000; revoke-pitch-before-bid=four", "bid-to-board; target=5", "target=1000; smudge",
               "target=7; full-value-bids; smudge", "bid-to-board; setback-red-counter",
               "bid-to-board; board-all-pass=throw-in"]
WHIST_RULES = ["", "game=short", "game=long", "game=short; rubber=no", "honours=count", "game=short; honours=none",
               "game-end=play-out", "revoke-repeat=later-one-trick", "revoker-can-go-out", "game=long; rubber=yes",
               "game=short; rubber-bonus=0", "scoring=continuous", "both-revoke=new-deal",
               "revoke-penalty=english", "code=english; game=short", "code=english; game=long",
               "game=short; game-end=play-out", "rubber=yes; rubber-bonus=5", "game=short; code=english; honours=none"]


class Careless:
    """The oracle's laws of play, except that now and then a player may play any card he holds: so
    some hands carry several revokes, by one side or both, by one player or two."""

    def __init__(self, rng: random.Random, rate: float, deal: Deal) -> None:
        self.rng, self.rate, self.laws = rng, rate, oracle(deal)

    def lawful(self, player: str, held: Sequence[Card], plays: Plays, trick: int) -> list[Card]:
        return list(held) if self.rng.random() < self.rate else self.laws.lawful(player, held, plays, trick)

    def winner(self, plays: Plays) -> str:
        return self.laws.winner(plays)


def laws(rng: random.Random) -> PlayRulesFor:
    """The laws of one game's play: the oracle's, or, in every third game, careless ones."""
    rate = 0.0 if rng.random() < 0.67 else 0.08
    return lambda deal: Careless(rng, rate, deal)


def euchre_game(rng: random.Random, hands: int, rules: str) -> str:
    lines = ['[Game "euchre"]', '[Players "N E S W"]', '[Partners "N-S E-W"]', f'[Rules "{rules}"]', ""]
    first, play = rng.randrange(4), laws(rng)
    for number in range(1, hands + 1):
        lines += euchre.random_hand(rng, (first + number - 1) % 4, number, rng.random() < 0.3, play)[0]
    return "\n".join(lines) + "\n"


def euchre_tables(rng: random.Random, hands: int, rules: str) -> str:
    """Euchre under the house rules the generator does not play: no stick-the-dealer (a deal nobody
    makes is thrown in), the 32-card pack, the lone player's left leading, lone defences; each hand
    made here, its play as the oracle (or, now and then, carelessness) allows."""
    seats = ["N", "E", "S", "W"]
    lines = ['[Game "euchre"]', '[Players "N E S W"]', '[Partners "N-S E-W"]', f'[Rules "{rules}"]', ""]
    ranks = "789TJQKA" if "deck=32" in rules else "9TJQKA"
    play, first = laws(rng), rng.randrange(4)
    for number in range(1, hands + 1):
        dealer = seats[(first + number - 1) % 4]
        order = seats[seats.index(dealer) + 1:] + seats[:seats.index(dealer) + 1]
        pack = [r + s for r in ranks for s in "SHDC"]
        rng.shuffle(pack)
        held = {p: [parse_card(c) for c in pack[i * 5:i * 5 + 5]] for i, p in enumerate(order)}
        upcard = pack[20]
        lines += [f"hand {number} dealer {dealer}", *(f"deal {p}: {' '.join(c.text for c in held[p])}" for p in seats),
                  f"upcard {upcard}"]
        maker = next((p for p in order if rng.random() < 0.15), None)
        if maker is not None:
            trump = upcard[1]
            lines.append(", ".join([f"{p} pass" for p in order[:order.index(maker)]] + [f"{maker} order"]))
            held[dealer].append(parse_card(upcard))
            lines.append(f"{dealer} discard {held[dealer].pop(rng.randrange(6)).text}")
        else:
            lines.append(", ".join(f"{p} pass" for p in order))
            maker = next((p for p in order if rng.random() < 0.3 or (p == dealer and "stick" in rules)), None)
            if maker is None:
                lines += [", ".join(f"{p} pass" for p in order), *(["redeal thrown-in"] if rng.random() < 0.5 else []),
                          ""]
                continue
            trump = rng.choice([s for s in "SHDC" if s != upcard[1]])
            lines.append(", ".join([f"{p} pass" for p in order[:order.index(maker)]] + [f"{maker} name {trump}"]))
        out = []
        partner = seats[(seats.index(maker) + 2) % 4]
        if "canadian" in rules and partner == dealer and trump == upcard[1]:
            out.append(partner)  # the dealer's partner ordered him up: alone without a word
        elif rng.random() < 0.3:
            lines.append(f"{maker} alone")
            out.append(partner)
        if "defend-alone" in rules and (out or "always" in rules) and rng.random() < 0.5:
            defender = seats[(seats.index(maker) + rng.choice((1, 3))) % 4]
            lines.append(f"{defender} alone")
            out.append(seats[(seats.index(defender) + 2) % 4])
        active = [p for p in order if p not in out]
        leader = active[0]
        if "left-of-loner" in rules and seats[(seats.index(maker) + 2) % 4] in out:
            leader = next(p for p in seats[seats.index(maker) + 1:] + seats if p not in out)
        lines += random_tricks(rng, active, leader, held, play(Deal("euchre", Suit(trump))))[0] + [""]
    return "\n".join(lines) + "\n"


def pitch_game(rng: random.Random, hands: int, rules: str) -> str:
    players = ("A", "B", "C", "D", "E", "F", "G")[:rng.randint(2, 7)]
    board = "bid-to-board" in rules
    pool = [f'[Pool "{rng.randrange(20)}"]'] if rng.random() < 0.5 else []
    lines = ['[Game "auction-pitch"]', f'[Players "{" ".join(players)}"]', *pool, f'[Rules "{rules}"]', ""]
    dealer, play = rng.randrange(len(players)), laws(rng)
    for number in range(1, hands + 1):
        hand = pitch.random_hand(rng, players, dealer, number, board, rng.random() < 0.3, play)[0]
        if rng.random() < 0.2:  # the seller's word left out: who pitches shows it
            hand = [line for line in hand if not line.endswith((" sell", " refuse"))]
        if "throw-in" in rules and not any(" bid " in line for line in hand):  # nobody bid: no play
            hand = [line for line in hand if not line.startswith("trick")] + ["redeal thrown-in"] * rng.randrange(2)
        lines += hand
        dealer = (dealer + 1) % len(players)
    return "\n".join(lines) + "\n"


def whist_game(rng: random.Random, hands: int, rules: str) -> str:
    """Random whist hands; under the English revoke penalty, the adversaries' choice for each revoke
    written after the hand's last trick."""
    text = whist.random_game(rng, hands, plant_revokes=True, rules_for=laws(rng))
    text = text.replace("\n", f'\n[Rules "{rules}"]\n', 1) if rules else text
    if "english" not in rules:
        return text
    scored = iter(SCORERS["whist"](text).hands)
    out = []
    for block in text.split("\n\n"):
        if "\nhand" in "\n" + block:
            for side in next(scored).detail["revokes"]:  # type: ignore[attr-defined]
                chooser = rng.choice([p for p in "AYBZ" if p not in side])
                block += f"\n{chooser} call {rng.choice(('take-three', 'deduct-three', 'add-three'))}"
        out.append(block)
    return "\n\n".join(out)


MAKERS: dict[str, tuple[Callable[[random.Random, int, str], str], list[str]]] = {
    "euchre": (euchre_game, EUCHRE_RULES), "euchre-tables": (euchre_tables, EUCHRE_TABLE_RULES),
    "auction-pitch": (pitch_game, PITCH_RULES),
    "whist": (whist_game, WHIST_RULES)}
PITCH_DETAILS = ("points", "pitcher", "to_make", "made", "to_go")


def game_values(notes: list[str]) -> dict[str, int | None]:
    """The value of a whist game won and of a rubber won, as the hand's notes say them."""
    found: dict[str, int | None] = {"value": None, "rubber": None}
    words = {"a treble.": 3, "a double.": 2, "a single.": 1, "one.": 1}
    for note in notes:
        if "win the game, worth " in note:
            worth = note.split("worth ", 1)[1]
            found["value"] = words[worth] if worth in words else int(worth.rstrip(".").split("= ")[1])
        elif "win the rubber: " in note:
            found["rubber"] = int(note.rstrip(".").split("= ")[1])
    return found


def disagreements(game: str, text: str, deals: bool = True, outside: bool = False) -> list[Any]:
    """Where the referee's verdict and the independent scorer differ, hand by hand and game by game;
    without `deals`, the referee is given `text` without its deal lines (the scorer keeps them);
    with `outside`, the house rules of a one-game `text` as the `rules` argument (`--rules`)."""
    given, rules = text if deals else re.sub(r"(?m)^deal .*\r?\n", "", text), None
    tags = re.findall(r'(?m)^\[Rules "(.*)"\]\r?\n', given)
    if outside and len(tags) == 1 and given.count("[Game") == 1:
        given, rules = re.sub(r'(?m)^\[Rules ".*"\]\r?\n', "", given), tags[0]
    whole = check_text(given, rules).to_dict()
    verdict = whole["files"][0]
    assert not verdict["errors"], verdict["errors"]
    mine = SCORERS[game.removesuffix("-tables")](text)
    theirs = [(index, hand) for index, g in enumerate(verdict["games"]) for hand in g["hands"]]
    found: list[Any] = []
    if len(theirs) != len(mine.hands):
        found.append(("hands", len(theirs), len(mine.hands)))
    for (index, hand), score in zip(theirs, mine.hands):
        got = {"game": index, "delta": hand["score_delta"], "after": hand["score_after"],
               "agrees": hand["recorded"] and hand["recorded"]["agrees"]}
        want: dict[str, Any] = {"game": score.game, "delta": score.delta, "after": score.after,
                                "agrees": score.agrees}
        if game == "whist":
            got |= game_values(hand.get("notes") or [])
            want |= {"value": score.detail["value"], "rubber": score.detail["rubber"]}
        if game == "auction-pitch":
            got |= {k: hand["contract"].get(k) for k in PITCH_DETAILS} | {"pool": hand["pool_after"]}
            want |= {k: score.detail[k] for k in (*PITCH_DETAILS, "pool")}
        if got != want:
            found.append((hand["number"], got, want))
    got_games = [(g["final_score"], g["winner"]) for g in verdict["games"]]
    want_games = [(g.final, g.winner) for g in mine.games]
    if got_games != want_games:
        found.append(("games", got_games, want_games))
    return found


def with_score(game: str, text: str, rules: str, rng: random.Random) -> str:
    """`text` with a `[Score]` tag: the first game starts from a standing short of its target."""
    found = re.search(r"target=(\d+)", rules)
    target = int(found.group(1)) if found else {"auction-pitch": 7, "whist": 7}.get(game, 10)
    target = {"game=short": 5, "game=long": 10}.get(next((r for r in rules.split("; ") if "game=" in r), ""), target)
    names = re.search(r'\[(Partners|Players) "(.*)"\]', text[text.index("[Partners") if "[Partners" in text else 0:])
    assert names is not None
    low = -3 if game == "auction-pitch" else 0
    score = ", ".join(f"{who} {rng.randint(low, min(target, 20) - 1)}" for who in names.group(2).split())
    at = text.index("\n", text.index("[Players")) + 1
    return text[:at] + f'[Score "{score}"]\n' + text[at:]


NAMES = ["Ann", "Bob", "Cy", "O'Hara", "Dee_2", "Ed", "Flo", "Gus"]
SUIT_SPELLINGS = {"spades": ("Spades", "S", "s", "♠"), "hearts": ("Hearts", "H", "h", "♥"),
                  "diamonds": ("Diamonds", "D", "d", "♦"), "clubs": ("Clubs", "C", "c", "♣")}


def restyle(text: str, rng: random.Random) -> str:
    """`text` as other scorers may also write it: players with names of several letters, a suit
    named by its letter, symbol or a capital, hand lines without the dealer (after a game's first)
    or the number, the players listed from another seat, the header's tags in another order, the
    game's name in capitals, comments, and CR LF line ends."""
    if rng.random() < 0.4:
        seats = re.search(r'\[Players "(.*)"\]', text)
        assert seats is not None
        names: dict[str, str] = dict(zip(seats.group(1).split(), rng.sample(NAMES, len(NAMES))))

        def rename(match: re.Match[str]) -> str:
            return names.get(match.group(1)) or match.group(1)

        text = re.sub(r"(?<!name )(?<![\w'])([A-Z])(?![\w'♠♥♦♣])", rename, text)  # a one-letter name, not a rank
    def turn(match: re.Match[str]) -> str:  # clockwise from any seat
        names = match.group(1).split()
        at = rng.randrange(len(names))
        return f'[Players "{" ".join(names[at:] + names[:at])}"]'

    text = re.sub(r'\[Players "(.*)"\]', turn, text)
    text = re.sub(r"name (spades|hearts|diamonds|clubs)",
                  lambda m: "name " + rng.choice((m.group(1), *SUIT_SPELLINGS[m.group(1)])), text)
    text = re.sub(r"(\[[^\n]*\n)+", lambda m: "".join(rng.sample(m.group(0).splitlines(True), m.group(0).count("\n"))),
                  text)
    lines, first = [], True
    for line in text.split("\n"):
        if line.startswith("[Game"):
            first = True
            line = line.replace('"auction-pitch"', '"Auction Pitch"') if rng.random() < 0.5 else line.title()
        elif line.startswith("hand"):
            words = line.split()
            if not first and rng.random() < 0.5:
                words = words[:2]
            if rng.random() < 0.3:
                del words[1]
            line, first = " ".join(words), False
        if line and rng.random() < 0.05:
            line += "  # as the table said"
        lines.append(line)
    return ("\r\n" if rng.random() < 0.3 else "\n").join(lines)


def with_recorded(game: str, text: str, rng: random.Random) -> str:
    """`text` with each hand's result written after it, as the scorer works it out (score changes of
    0 left out at random, the rest in a random order), now and then one number wrong."""
    results = iter(SCORERS[game.removesuffix("-tables")](text).hands)
    out: list[str] = []
    in_hand = False

    def record() -> None:
        delta = next(results).delta
        items = [(who, n) for who, n in delta.items() if n or rng.random() < 0.5] or list(delta.items())[:1]
        rng.shuffle(items)
        if rng.random() < 0.1:  # the table's mistake, which the referee must find
            items[0] = (items[0][0], items[0][1] + rng.choice((-1, 1)))
        out.append("recorded " + ", ".join(f"{who} {n:+d}" if n else f"{who} 0" for who, n in items))

    for line in text.split("\n"):
        if in_hand and line.startswith(("hand", "[")):
            record()
            in_hand = False
        out.append(line)
        in_hand = in_hand or line.startswith("hand")
    if in_hand:
        record()
    return "\n".join(out)


def check_games(game: str, count: int, hands: int, base: int) -> None:
    make, variants = MAKERS[game]
    for seed in range(base, base + count):
        rules, rng = variants[seed % len(variants)], random.Random(seed + 1)
        text = write_in_style(make(random.Random(seed), hands, rules), rng)
        if rng.random() < 0.2:  # a second game of the evening, under a header of its own
            text += "\n" + write_in_style(make(random.Random(-seed), hands // 2, rng.choice(variants)), rng)
        if rng.random() < 0.4:
            text = with_score(game.removesuffix("-tables"), text, rules, rng)
        if rng.random() < 0.5:
            text = with_recorded(game, text, rng)
        text = restyle(text, rng)
        # A lawful hand scores the same without its deal: every card held is played (but euchre's kitty)
        deals = any(s.detail.get("revokers") or s.detail.get("revokes")
                    for s in SCORERS[game.removesuffix("-tables")](text).hands)
        deals, outside = deals or rng.random() < 0.5, rng.random() < 0.3
        found = disagreements(game, text, deals, outside)
        assert not found, (seed, rules, found, text)


KNOWN = {"play", "pass", "bid", "order", "discard", "name", "alone", "sell", "refuse", "pitch", "call"}
CASES = Path(__file__).resolve().parent.parent / "cases"


def scorable(game: str, text: str) -> bool:
    """Whether the scorer can follow a hand-worked case: every hand complete and dealt, no finding
    but revokes (the laws of play only), no word beyond the bidding and the play, and no choice the
    transcript leaves unwritten and the referee reads from the recorded result (notation.md §2.3).
    A header the simple scorer cannot read (an input-* case's broken tag line) is no case for it."""
    try:
        headers = parse(text)
    except (KeyError, IndexError):  # a broken tag line read as a line of a hand not begun
        return False
    if not all(
            hand.deals.keys() == set(header.players) and {e.word for e in hand.events} <= KNOWN
            for header in headers for hand in header.hands):
        return False
    verdict = check_text(text).to_dict()["files"][0]
    hands = [hand for g in verdict["games"] for hand in g["hands"]]
    return not verdict["errors"] and bool(hands) and all(
        hand["status"] == "complete" and all(f["kind"] == "revoke" for f in hand["irregularities"])
        and not any(note.startswith("The recorded result shows") for note in hand.get("notes", ())) for hand in hands)


@pytest.mark.parametrize("game", sorted(SCORERS))
def test_hand_worked_cases_score_as_the_independent_scorer_says(game: str) -> None:
    """The cases of cases/<game> that need nothing but the bidding and the play."""
    checked = 0
    for path in sorted((CASES / game).glob("*.ttn")):
        text = path.read_text(encoding="utf-8-sig")  # a BOM is ignored (notation 1)
        if scorable(game, text):
            assert not disagreements(game, text), (path, disagreements(game, text))
            checked += 1
    assert checked >= 15, checked


@pytest.mark.parametrize("game", sorted(MAKERS))
def test_random_games_score_as_the_independent_scorer_says(game: str) -> None:
    check_games(game, 30, 10, 0)


@pytest.mark.stress
@pytest.mark.parametrize("game", sorted(MAKERS))
def test_many_random_games_score_as_the_independent_scorer_says(game: str) -> None:
    check_games(game, 300, 16, 1000)
