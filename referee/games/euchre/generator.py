"""Random lawful euchre hands, for the property tests and the benchmarks."""

from __future__ import annotations

import random

from ...engine import generators as gen
from ...notation.cards import Suit
from .cards import PACKS, EuchreTricks


def random_game(rng: random.Random, hands: int, rules_for: gen.PlayRulesFor | None = None, *,
                style: random.Random | None = None) -> str:
    """`hands` random hands, every choice lawful: bids in turn, the dealer's discard, lone hands before
    the lead, cards following suit as `rules_for` says (by default the referee's own trick rules);
    with `style`, written in styles chosen from it (`write_in_style`)."""
    lines = ['[Game "euchre"]', '[Players "N E S W"]', '[Partners "N-S E-W"]',
             '[Rules "stick-the-dealer; target=1000"]', ""]
    first = rng.randrange(4)  # the first dealer; the deal passes to the left
    for number in range(1, hands + 1):
        lines += random_hand(rng, (first + number - 1) % 4, number, rules_for=rules_for)[0]
    return gen.write_in_style("\n".join(lines) + "\n", style)


own_play_rules = gen.table_rules(EuchreTricks)  # the generator's default laws of play: the referee's own


def random_hand(rng: random.Random, dealer: int, number: int, plant_revoke: bool = False,
                rules_for: gen.PlayRulesFor | None = None) -> tuple[list[str], int | None]:
    """One random lawful hand with its deal, as transcript lines (seats N E S W); with `plant_revoke`,
    one player fails to follow suit once while able to (the first chance from a random trick on), and
    the trick it happened in is returned (None if no chance came)."""
    players = ("N", "E", "S", "W")
    out, hands, rest = gen.random_deal(rng, PACKS["24"], players, dealer, 5, number)
    out.append(f"upcard {(upcard := rest[0]).text}")
    seats = [players[(dealer + 1 + i) % 4] for i in range(4)]
    maker = next((seat for seat in seats if rng.random() < 0.2), None)  # orders the upcard up
    if maker is not None:
        trump = upcard.suit
        out.append(calls(seats, maker, "order"))
        hands[players[dealer]].append(upcard)  # he takes it up, then discards one of his six
        out += gen.discard_lines(rng, [players[dealer]], hands)
    else:  # all passed: the second round, where the dealer names a suit if nobody before him does
        out.append(calls(seats))
        maker = next(seat for seat in seats if seat == seats[-1] or rng.random() < 0.4)
        trump = rng.choice([s for s in Suit if s is not upcard.suit])
        out.append(calls(seats, maker, f"name {trump.word}"))
    if alone := rng.random() < 0.15:
        out.append(f"{maker} alone")
    active = [s for s in seats if not (alone and s == players[(players.index(maker) + 2) % 4])]  # his partner sits out
    play = (rules_for or own_play_rules)(gen.Deal("euchre", trump))
    tricks, planted = gen.random_tricks(rng, active, active[0], hands, play, plant_revoke)
    return [*out, *tricks, ""], planted


def calls(seats: list[str], caller: str | None = None, call: str = "") -> str:
    """A round of the bidding as a transcript line: passes up to `caller`'s `call` (all pass without one)."""
    passes = seats[:seats.index(caller)] if caller else seats
    return ", ".join([f"{seat} pass" for seat in passes] + ([f"{caller} {call}"] if caller else []))
