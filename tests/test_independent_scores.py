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
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from oracle import oracle
from scorers_simple import SCORERS

from referee import check_text
from referee.engine.generators import Deal, PlayRulesFor, Plays, write_in_style
from referee.games.auction_pitch import generator as pitch
from referee.games.euchre import generator as euchre
from referee.games.whist import generator as whist
from referee.notation.cards import Card

EUCHRE_RULES = ["stick-the-dealer; target=1000", "target=10", "target=5; lone-march=5; lone-euchre=4",
                "lone-march=3; revoke-points=3; revoke-lone-points=5", "deals=6", "revoke-lone=any-lone-hand",
                "revoke-penalty=deduct; target=7", "revoke-lone=any-lone-hand; revoke-penalty=deduct"]
PITCH_RULES = ["target=1000", "bid-to-board", "target=7; full-value-bids", "bid-to-board; smudge",
               "target=1000; revoke-pitch-before-bid=four", "bid-to-board; target=5", "target=1000; smudge",
               "target=7; full-value-bids; smudge"]
WHIST_RULES = ["", "game=short", "game=long", "game=short; rubber=no", "honours=count", "game=short; honours=none",
               "game-end=play-out", "revoke-repeat=later-one-trick", "revoker-can-go-out", "game=long; rubber=yes",
               "game=short; rubber-bonus=0", "scoring=continuous"]


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


def pitch_game(rng: random.Random, hands: int, rules: str) -> str:
    players = ("A", "B", "C", "D", "E", "F", "G")[:rng.randint(2, 7)]
    board = "bid-to-board" in rules
    lines = ['[Game "auction-pitch"]', f'[Players "{" ".join(players)}"]', f'[Rules "{rules}"]', ""]
    dealer, play = rng.randrange(len(players)), laws(rng)
    for number in range(1, hands + 1):
        lines += pitch.random_hand(rng, players, dealer, number, board, rng.random() < 0.3, play)[0]
        dealer = (dealer + 1) % len(players)
    return "\n".join(lines) + "\n"


def whist_game(rng: random.Random, hands: int, rules: str) -> str:
    text = whist.random_game(rng, hands, plant_revokes=True, rules_for=laws(rng))
    return text.replace("\n", f'\n[Rules "{rules}"]\n', 1) if rules else text


MAKERS: dict[str, tuple[Callable[[random.Random, int, str], str], list[str]]] = {
    "euchre": (euchre_game, EUCHRE_RULES), "auction-pitch": (pitch_game, PITCH_RULES),
    "whist": (whist_game, WHIST_RULES)}
PITCH_DETAILS = ("points", "pitcher", "to_make", "made", "to_go")


def disagreements(game: str, text: str) -> list[Any]:
    """Where the referee's verdict and the independent scorer differ, hand by hand and game by game."""
    whole = check_text(text).to_dict()
    verdict = whole["files"][0]
    assert not verdict["errors"], verdict["errors"]
    assert whole["summary"]["disagreements"] == 0, "a recorded result the scorer wrote disagrees"
    mine = SCORERS[game](text)
    theirs = [(index, hand) for index, g in enumerate(verdict["games"]) for hand in g["hands"]]
    found: list[Any] = []
    if len(theirs) != len(mine.hands):
        found.append(("hands", len(theirs), len(mine.hands)))
    for (index, hand), score in zip(theirs, mine.hands):
        got = {"game": index, "delta": hand["score_delta"], "after": hand["score_after"]}
        want: dict[str, Any] = {"game": score.game, "delta": score.delta, "after": score.after}
        if game == "auction-pitch":
            got |= {k: hand["contract"].get(k) for k in PITCH_DETAILS}
            want |= {k: score.detail[k] for k in PITCH_DETAILS}
        if got != want:
            found.append((hand["number"], got, want))
    got_games = [(g["final_score"], g["winner"]) for g in verdict["games"]]
    want_games = [(g.final, g.winner) for g in mine.games]
    if got_games != want_games:
        found.append(("games", got_games, want_games))
    return found


def restyle(text: str, rng: random.Random) -> str:
    """`text` as other scorers may also write it: hand lines without the dealer (after a game's
    first) or the number, the game's name in capitals, comments, and CR LF line ends."""
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
    0 left out at random, the rest in a random order): the referee must find every one agrees."""
    results = iter(SCORERS[game](text).hands)
    out: list[str] = []
    in_hand = False

    def record() -> None:
        delta = next(results).delta
        items = [(who, n) for who, n in delta.items() if n or rng.random() < 0.5] or list(delta.items())[:1]
        rng.shuffle(items)
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
        if rng.random() < 0.5:
            text = with_recorded(game, text, rng)
        text = restyle(text, rng)
        assert not disagreements(game, text), (seed, rules, disagreements(game, text), text)


@pytest.mark.parametrize("game", sorted(MAKERS))
def test_random_games_score_as_the_independent_scorer_says(game: str) -> None:
    check_games(game, 14 if game != "whist" else 11, 10, 0)


@pytest.mark.stress
@pytest.mark.parametrize("game", sorted(MAKERS))
def test_many_random_games_score_as_the_independent_scorer_says(game: str) -> None:
    check_games(game, 300, 16, 1000)
