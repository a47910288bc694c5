"""Random lawful Auction Pitch games, as transcripts, for the property tests and the benchmarks."""

from __future__ import annotations

import random

from ...engine.generators import Deal, PlayRules, PlayRulesFor, TableRules, random_card, write_in_style
from ...notation.cards import Card
from ...notation.reader import trick_line
from .hand import AuctionPitchHand, PitchTricks

RANDOM_GAME_HANDS = 100
"""Hands per game in `random_game`: far too few for any score to near 1000."""


def random_game(rng: random.Random, hands: int, rules_for: PlayRulesFor | None = None, *,
                style: random.Random | None = None) -> str:
    """A transcript of `hands` random lawful hands (for property tests and benchmarks).

    Two to seven players. The selling game is played to 1000 points, so that no bid can
    ever be forbidden, and bidding to the board to the default seven; a new game (a new
    header) starts every `RANDOM_GAME_HANDS` hands, so that scores stay far from 1000 in
    archives of any size. Every bid is in turn and higher than the last, and every card is
    one the laws allow (as `rules_for` says, by default the referee's own trick rules). With
    `style`, the transcript is written in styles chosen from it (`write_in_style`).
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
    text = "\n".join(lines) + "\n"
    return write_in_style(text, style)

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
    cards = sorted(AuctionPitchHand.declared.pack, key=lambda c: (c.suit.value, c.rank))
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
