"""Random lawful Auction Pitch games, as transcripts, for the property tests and the benchmarks."""

from __future__ import annotations

import random

from ...engine.generators import PlayRulesFor, TrumpsLed, random_deal, random_tricks, table_rules, write_in_style
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
    return write_in_style("\n".join(lines) + "\n", style)

own_play_rules = table_rules(PitchTricks)
"""The generator's default laws of play: the referee's own."""


def random_hand(rng: random.Random, players: tuple[str, ...], dealer: int, number: int, board: bool,
                plant_revoke: bool = False, rules_for: PlayRulesFor | None = None) -> tuple[list[str], int | None]:
    """One random lawful hand with its deal, as transcript lines.

    With `plant_revoke`, exactly one player fails once to follow suit when he must (the first
    chance from a random trick on); the trick where it happened is returned (None if no chance came).
    """
    out, hands, _ = random_deal(rng, AuctionPitchHand.declared.pack, players, dealer, 6, number)
    seats = [*players[dealer + 1:], *players[:dealer + 1]]  # eldest first, dealer last
    pitcher, auction = random_auction(rng, seats, board)
    play = TrumpsLed("auction-pitch", rules_for or own_play_rules)
    tricks, planted = random_tricks(rng, seats, pitcher, hands, play, plant_revoke)
    return [*out, *auction, *tricks, ""], planted


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
    if best is None or board:  # nobody bid: the eldest pitches; bidding to the board, the highest bidder
        return best[0] if best else eldest, lines
    sells = rng.random() < 0.5  # the seller sells to the highest bidder, or refuses and pitches himself
    return best[0] if sells else eldest, lines + [f"{eldest} {'sell' if sells else 'refuse'}"]
