"""Random lawful French Boston games, for the property tests and the benchmarks."""

from __future__ import annotations

import random

from ...engine import generators as gen
from ...engine.generators import Deal, PlayRules, PlayRulesFor, TableRules
from ...notation.cards import Suit
from .auction import LADDER
from .hand import FrenchBostonHand
from .tricks import FrenchBostonTricks


def random_game(rng: random.Random, hands: int, first: int = 1, rules_for: PlayRulesFor | None = None, *,
                style: random.Random | None = None) -> str:
    """`hands` random deals from deal number `first`, every choice lawful: proposals in turn, demands in belle
    or petite, cards following suit as `rules_for` says (`own_play_rules`); with `style`, in styles chosen from it."""
    belle = rng.choice(list(Suit)) if first > 1 else None
    lines = ['[Game "french-boston"]', '[Players "N E S W"]'] + ([f'[Belle "{belle.word}"]'] if belle else [])
    lines += [f'[Pool "{rng.randrange(0, 200)}"]', ""]
    dealer = rng.randrange(4)
    for number in (n % 40 or 40 for n in range(first, first + hands)):  # past the 40th, the next game's deals
        text, belle = random_deal(rng, ("N", "E", "S", "W"), dealer, number, belle if number > 1 else None, rules_for)
        lines += text
        dealer = (dealer - 1) % 4  # to the right: counter-clockwise in the clockwise list
    return gen.write_in_style("\n".join(lines) + "\n", style)


def own_play_rules(deal: Deal) -> PlayRules:
    """The generator's default laws of play: the referee's own (the super jack a trump)."""
    return TableRules(FrenchBostonTricks(deal.trump, deal.turned, True, deal.renouncer))


def random_deal(rng: random.Random, players: tuple[str, ...], dealer: int, number: int,
                belle: Suit | None, rules_for: PlayRulesFor | None = None) -> tuple[list[str], Suit]:
    """One random lawful deal as transcript lines; returns them and the game's belle."""
    order = [players[(dealer - 1 - i) % 4] for i in range(4)]  # eldest first, dealer last
    hands = gen.shuffled_deal(rng, FrenchBostonHand.declared.pack, order)[1]
    upcard = hands[order[3]][-1]
    belle = belle or upcard.suit
    out = gen.deal_lines(number, order[3], players, hands, upcard)
    kind = rng.choice(["pass", "demand", "demand", "six", "eight", "nine", "petite-misere", "grand-misere",
                       "misere-quatre-as", "petite-misere-table", "grand-misere-table"])
    caller = rng.randrange(4)
    if kind == "pass":  # all four pass: the hands are thrown in
        return [*out, ", ".join(f"{p} pass" for p in order), ""], belle
    who, others = order[caller], [order[(caller + step) % 4] for step in range(1, 4)]
    speech = [f"{p} pass" for p in order[:caller]]
    layable = [c for c in hands[who] if c.suit in (belle, upcard.suit)]  # in belle or petite (the suit turned)
    if kind == "demand" and not layable:
        kind = "six"
    rung, trump = LADDER[kind], None
    if kind == "demand":
        laid = rng.choice(layable)
        trump = laid.suit
        speech.append(f"{who} demand {'belle ' if laid.suit is belle and rng.random() < 0.3 else ''}{laid.text}")
        partner = next((p for p in others if rng.random() < 0.6), None)  # the first to accept; the others pass
        speech += [f"{p} {'accept' if p == partner else 'pass'}" for p in others]
    else:  # a solo bid or a misère, and the three others pass
        trump = rng.choice(list(Suit)) if rung.number is not None else None
        speech += [f"{who} bid {f'{rung.number} {trump.word}' if trump else kind}", *(f"{p} pass" for p in others)]
    out += [", ".join(speech), *gen.contract_lines(rng, who, rung, None if kind == "demand" else trump, order, hands,
                                                   discards_together=True)]
    play = (rules_for or own_play_rules)(Deal("french-boston", trump, upcard.suit,
                                              who if kind == "misere-quatre-as" else None))
    return [*out, *gen.random_tricks(rng, order, order[0], hands, play, stop=gen.decided(who, rung))[0], ""], belle
