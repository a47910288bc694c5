"""Random whist hands and games, lawful or with a planted irregularity: for the property tests and
the benchmarks. The plays follow the `PlayRules` given (by default the referee's own trick rules;
the property tests give the independent oracle)."""

from __future__ import annotations

import random

from ...engine.generators import Deal, PlayRulesFor, random_deal, random_tricks, write_in_style
from ...engine.generators import plain_play_rules as own_play_rules
from ...notation.cards import pack

SEATS = ("A", "Y", "B", "Z")
HEADER = '[Game "whist"]\n[Players "A Y B Z"]\n[Partners "A-B Y-Z"]\n'


def random_game(rng: random.Random, hands: int, plant_revokes: bool = False,
                rules_for: PlayRulesFor | None = None, *, style: random.Random | None = None) -> str:
    """`hands` random hands in a row, the deal passing to the left; with `plant_revokes`, about half carry one revoke;
    with `style`, in `write_in_style`'s styles. Hands after a side goes out start the next game, as the laws say."""
    lines, first = [HEADER], rng.randrange(4)
    for number in range(1, hands + 1):
        lines += random_hand(rng, (first + number - 1) % 4, number, plant_revokes and rng.random() < 0.5, rules_for)[0]
    return write_in_style("\n".join(lines) + "\n", style)


def random_hand(rng: random.Random, dealer: int, number: int, plant_revoke: bool = False,
                rules_for: PlayRulesFor | None = None, lead_out_of_turn: bool = False) -> tuple[list[str], int | None]:
    """One random hand with its deal and trump card, as transcript lines; with `plant_revoke`, one
    player fails to follow once while able to (the trick is returned, None when no chance came);
    with `lead_out_of_turn`, a wrong player leads to a random trick and takes his card back."""
    out, hands, _ = random_deal(rng, pack(2), SEATS, dealer, 13, number)
    trump_card = hands[SEATS[dealer]][-1]  # the dealer's last card is turned
    play = (rules_for or own_play_rules)(Deal("whist", trump_card.suit))
    seats = [SEATS[(dealer + 1 + i) % 4] for i in range(4)]
    tricks, planted = random_tricks(rng, seats, seats[0], hands, play, plant_revoke, lead_out_of_turn)
    return [*out, f"upcard {trump_card.text}", *tricks, ""], planted
