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
    """A transcript of `hands` random lawful deals from deal number `first` (tests, benchmarks).

    Every choice is random but lawful: proposals in turn and outranking nothing illegal,
    demands laid in belle or petite, petite-misère discards, every card following suit when
    it can (the quatre-as caller renounces at random in the first ten tricks), as
    `rules_for` says (by default the referee's own trick rules). With `style`, the transcript
    is written in styles chosen from it (`write_in_style`).
    """
    belle = rng.choice(list(Suit)) if first > 1 else None
    lines = ['[Game "french-boston"]', '[Players "N E S W"]'] + ([f'[Belle "{belle.word}"]'] if belle else [])
    lines += [f'[Pool "{rng.randrange(0, 200)}"]', ""]
    dealer = rng.randrange(4)
    for number in range(first, first + hands):
        text, belle = random_deal(rng, ("N", "E", "S", "W"), dealer, number, belle, rules_for)
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
    petite = upcard.suit if upcard.suit is not belle else None
    out = gen.deal_lines(number, order[3], players, hands, upcard)
    kind = rng.choice(["pass", "demand", "demand", "six", "eight", "nine", "petite-misere", "grand-misere",
                       "misere-quatre-as", "petite-misere-table", "grand-misere-table"])
    caller = rng.randrange(4)
    who, trump = order[caller], None
    speech = [f"{order[i]} pass" for i in range(caller if kind != "pass" else 4)]
    if kind == "demand":
        layable = [c for c in hands[who] if c.suit in (belle, petite)]
        if not layable:
            kind = "six"
        else:
            laid = rng.choice(layable)
            trump = laid.suit
            speech.append(f"{who} demand {'belle ' if laid.suit is belle and rng.random() < 0.3 else ''}{laid.text}")
            accepted = False  # the first to accept (each with chance 0.6) is the partner; the others pass
            for step in range(1, 4):
                accepts = not accepted and rng.random() < 0.6
                speech.append(f"{order[(caller + step) % 4]} {'accept' if accepts else 'pass'}")
                accepted = accepted or accepts
    rung = LADDER[kind] if kind != "pass" else None
    if rung is not None and kind != "demand":  # a solo bid or a misère, and the three others pass
        trump = rng.choice(list(Suit)) if rung.number is not None else None
        speech.append(f"{who} bid {f'{rung.number} {trump.word}' if trump else kind}")
        speech += [f"{order[(caller + step) % 4]} pass" for step in range(1, 4)]
    out.append(", ".join(speech))
    if rung is None:
        return [*out, ""], belle
    out += gen.contract_lines(rng, who, rung, trump if rung.number is not None else None, order, hands,
                              discards_together=True)
    play = (rules_for or own_play_rules)(Deal("french-boston", trump, upcard.suit,
                                              who if kind == "misere-quatre-as" else None))
    return [*out, *gen.random_tricks(rng, order, order[0], hands, play, stop=gen.decided(who, rung))[0], ""], belle
