"""Random Boston hands and games, lawful or with a planted revoke: for the property tests and
the benchmarks. The plays follow the `PlayRules` given (by default the referee's own trick
rules; the oracle tests give independent ones)."""

from __future__ import annotations

import random

from ...engine import generators as gen
from ...engine.generators import PlayRulesFor, random_tricks
from ...engine.generators import plain_play_rules as own_play_rules
from ...notation.cards import Suit
from .auction import LADDER, BostonBid, bound_suit
from .hand import BostonHand


def random_game(rng: random.Random, hands: int, plant_revokes: bool = False,
                rules_for: PlayRulesFor | None = None, *, style: random.Random | None = None) -> str:
    """`hands` random hands: bids, names, discards, spreads, "I pay" and plays random but lawful;
    with `plant_revokes`, about half carry one revoke; with `style`, written in styles chosen from
    it (`write_in_style`)."""
    lines, first = ['[Game "boston"]', '[Players "A Y B Z"]', ""], rng.randrange(4)
    for number in range(1, hands + 1):
        lines += random_hand(rng, (first + number - 1) % 4, number, plant_revokes and rng.random() < 0.5, rules_for)[0]
    return gen.write_in_style("\n".join(lines) + "\n", style)


def random_bidding(rng: random.Random, seats: list[str]) -> tuple[list[str], BostonBid | None, str | None]:
    """A lawful auction from the eldest hand: (lines, winning bid, caller)."""
    every = [BostonBid(name, k) for name, rung in LADDER.rungs.items() for k in ((0,) if rung.misere else (0, 1, 2))]
    high: BostonBid | None = None
    caller: str | None = None
    passes, turn, calls, passed = 0, 0, [], set()
    while passes < (3 if high else 4):
        seat = seats[turn % 4]
        turn += 1
        candidates = [b for b in every if (high is None or b.key() > high.key()) and (b.misere or seat not in passed)]
        if candidates and rng.random() < (0.1 if seat in passed else 0.45) and turn < 24:
            bid = candidates[min(int(rng.expovariate(0.6)), len(candidates) - 1)]
            if high is not None and bid.name == high.name and bid.klass in (1, 2) and rng.random() < 0.5:
                calls.append(f"{seat} {'keep-over' if bid.klass == 2 else 'keep'}")
            else:
                calls.append(f"{seat} bid {bid.text.replace('boston ', '5 ') if bid.klass else bid.text}")
            high, caller, passes = bid, seat, 0
        else:
            calls.append(f"{seat} pass")
            passed.add(seat)
            passes += 1
    return [", ".join(calls)], high, caller


def random_hand(rng: random.Random, dealer: int, number: int, plant_revoke: bool = False,
                rules_for: PlayRulesFor | None = None) -> tuple[list[str], int | None]:
    """One random hand with its deal, as transcript lines (seats A Y B Z); with `plant_revoke`, one
    player fails to follow once while able to (the trick is returned, None when no chance came)."""
    players = ("A", "Y", "B", "Z")
    seats = [players[(dealer + 1 + i) % 4] for i in range(4)]
    cards, hands = gen.shuffled_deal(rng, BostonHand.declared.pack, seats)
    upcard = rng.choice(cards)
    out = gen.deal_lines(number, players[dealer], players, hands, upcard)
    calls, bid, caller = random_bidding(rng, seats)
    out += calls
    trump = None if bid is None or bid.misere else bound_suit(bid, upcard) or rng.choice(list(Suit))
    if bid is not None and caller is not None:
        out += gen.contract_lines(rng, caller, bid.rung, trump, seats, hands)
        if rng.random() < 0.1:
            return [*out, ", ".join(f"{p} concede" for p in seats if p != caller), ""], None
    play = (rules_for or own_play_rules)(gen.Deal("boston", trump, upcard.suit))
    stop = gen.decided(caller, bid.rung) if bid is not None and caller is not None else None
    tricks, planted = random_tricks(rng, seats, seats[0], hands, play, plant_revoke, stop=stop)
    return [*out, *tricks, ""], planted
