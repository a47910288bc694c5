"""What the games' random transcript generators share (property tests, benchmarks).

A generator asks the laws of play two things — which cards a player may lawfully play, and
who won a trick — through `PlayRules`, made for each hand from a `Deal`. By default each game
answers from its own trick rules (`TableRules`); the property tests pass an independent oracle
instead (``tests/oracle.py``), so that a mistake in the referee's trick logic cannot be copied
into the hands it is tested on.

A generator writes one trick per line, labelled; `write_in_style` writes its transcript again
in any of the other styles the notation allows, which must not change the verdict.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from ..notation.cards import Card, Suit
from ..notation.reader import trick_line
from ..notation.records import record
from .ladder import Rung
from .table import PlainTricks, TrickRules, lawful_cards, trick_winner

Plays = Sequence[tuple[str, Card]]


@record
class Deal:
    """What decides the play of one hand: the game, its trumps (None: none, or in auction
    pitch not yet pitched), the suit turned up, and a player excused from following suit."""

    game: str
    trump: Suit | None
    turned: Suit | None = None
    renouncer: str | None = None


class PlayRules(Protocol):
    def lawful(self, player: str, held: Sequence[Card], plays: Plays, trick: int) -> list[Card]:
        """The cards of `held` the player may play to trick number `trick` after `plays`, in
        the order held."""

    def winner(self, plays: Plays) -> str:
        """Who wins a finished trick of (player, card) plays, the lead first."""


PlayRulesFor = Callable[[Deal], PlayRules]


class TableRules:
    """`PlayRules` read from a game's own `TrickRules`: what the referee itself enforces."""

    def __init__(self, rules: TrickRules) -> None:
        self.rules = rules

    def lawful(self, player: str, held: Sequence[Card], plays: Plays, trick: int) -> list[Card]:
        return lawful_cards(self.rules, player, held, plays, trick)

    def winner(self, plays: Plays) -> str:
        return trick_winner(self.rules, plays)


def plain_play_rules(deal: Deal) -> PlayRules:
    """The referee's own laws of play for a game of whist's trick rules (`table.PlainTricks`)."""
    return TableRules(PlainTricks(deal.trump))


def shuffled_deal(rng: random.Random, cards: Iterable[Card], seats: Sequence[str], per_hand: int = 13
                  ) -> tuple[list[Card], dict[str, list[Card]]]:
    """The pack shuffled (sorted first, so that a seed deals the same hands in every run) and
    `per_hand` cards dealt to each of `seats` in that order: the shuffled pack and the hands."""
    shuffled = sorted(cards, key=lambda c: (c.suit.value, c.rank))
    rng.shuffle(shuffled)
    return shuffled, {seat: shuffled[per_hand * i:per_hand * (i + 1)] for i, seat in enumerate(seats)}


def deal_lines(number: int, dealer: str, players: Sequence[str], hands: dict[str, list[Card]],
               upcard: Card | None = None) -> list[str]:
    """The lines that open a generated hand: its number and dealer, each player's deal, the card
    turned (if one is)."""
    return [f"hand {number} dealer {dealer}", *(f"deal {p}: {' '.join(c.text for c in hands[p])}" for p in players),
            *([f"upcard {upcard.text}"] if upcard is not None else [])]


def discard_lines(rng: random.Random, seats: Sequence[str], hands: dict[str, list[Card]]) -> list[str]:
    """Each of `seats` in turn discards a card at random from his hand in `hands` (the little misère
    of the Bostons, played with twelve tricks): the `discard` events."""
    lines = []
    for seat in seats:
        thrown = rng.choice(hands[seat])
        hands[seat].remove(thrown)
        lines.append(f"{seat} discard {thrown.text}")
    return lines


def contract_lines(rng: random.Random, caller: str, rung: Rung, trump: Suit | None, seats: Sequence[str],
                   hands: dict[str, list[Card]], discards_together: bool = False) -> list[str]:
    """What follows the bidding won by `caller` with a contract of the ladder: he names `trump` (if
    he names one), each of `seats` discards a card when the contract says so (`discard_lines`, one
    line each or `discards_together`), and he spreads his hand when it says so."""
    discards = discard_lines(rng, seats, hands) if rung.discards else []
    return [*([f"{caller} name {trump.word}"] if trump is not None else []),
            *([", ".join(discards)] if discards_together and discards else discards),
            *([f"{caller} spread"] if rung.spread else [])]


def decided(caller: str, rung: Rung) -> Callable[[str], bool]:
    """Whether a trick's winner ends the play of `caller`'s contract early (`random_tricks`' `stop`):
    a misère's caller who wins one, a grand slam's caller who loses one."""
    return lambda winner: (rung.misere and winner == caller) or (rung.tricks == 13 and winner != caller)


class TrumpsLed:
    """`PlayRules` for a game whose first card played fixes trumps (auction pitch): any card may
    be played until it is down; from then on, the rules `rules_for` gives for its suit."""

    def __init__(self, game: str, rules_for: PlayRulesFor) -> None:
        self.game, self.rules_for = game, rules_for
        self.rules: PlayRules | None = None

    def fixed(self, plays: Plays) -> PlayRules:
        """The rules once `plays`, a trick begun, has fixed trumps (by its first card, if none had)."""
        if self.rules is None:
            self.rules = self.rules_for(Deal(self.game, plays[0][1].suit))
        return self.rules

    def lawful(self, player: str, held: Sequence[Card], plays: Plays, trick: int) -> list[Card]:
        if self.rules is None and not plays:
            return list(held)  # the pitch: any card
        return self.fixed(plays).lawful(player, held, plays, trick)

    def winner(self, plays: Plays) -> str:
        return self.fixed(plays).winner(plays)


def random_deal(rng: random.Random, pack: Iterable[Card], players: Sequence[str], dealer: int, size: int,
                number: int) -> tuple[list[str], dict[str, list[Card]], list[Card]]:
    """A random deal of `size` cards to each of `players` in turn from the left of `dealer` (an
    index): the lines that open hand `number` (its dealer, each player's cards), the hands, and
    the cards left over. The pack is put in a fixed order first, so that a seed gives the same
    deal whatever order the pack was stored in (`shuffled_deal`)."""
    n = len(players)
    cards, hands = shuffled_deal(rng, pack, [players[(dealer + 1 + i) % n] for i in range(n)], size)
    return deal_lines(number, players[dealer], players, hands), hands, cards[size * n:]


def table_rules(tricks: Callable[[Suit], TrickRules]) -> PlayRulesFor:
    """The referee's own laws of play for a game whose trick rules `tricks` makes from the trumps
    (known when play begins): a generator's default `PlayRulesFor`."""
    def rules_for(deal: Deal) -> PlayRules:
        assert deal.trump is not None, "trumps are known when play begins"
        return TableRules(tricks(deal.trump))
    return rules_for


def random_card(rng: random.Random, held: list[Card], lawful: list[Card], revoke: bool = False) -> tuple[Card, bool]:
    """A random card of `lawful` or, with `revoke`, one of `held` that is not lawful when there
    is one (a revoke). Also whether it revokes."""
    if revoke:
        unlawful = [c for c in held if c not in lawful]
        if unlawful:
            return rng.choice(unlawful), True
    return rng.choice(lawful), False


def random_trick(rng: random.Random, seats: Sequence[str], leader: str, hands: dict[str, list[Card]],
                 play: PlayRules, trick: int, plant: bool = False) -> tuple[list[tuple[str, Card]], bool]:
    """One random trick from `leader` round `seats`, each card lawful under `play` and taken out
    of its holder's hand; with `plant`, the first card that can revoke does. Also whether one did."""
    start = seats.index(leader)
    plays: list[tuple[str, Card]] = []
    planted = False
    for i in range(len(seats)):
        seat = seats[(start + i) % len(seats)]
        held = hands[seat]
        choice, revoked = random_card(rng, held, play.lawful(seat, held, plays, trick), plant and not planted)
        planted = planted or revoked
        held.remove(choice)
        plays.append((seat, choice))
    return plays, planted


def random_tricks(rng: random.Random, seats: Sequence[str], leader: str, hands: dict[str, list[Card]],
                  play: PlayRules, plant_revoke: bool = False, lead_out_of_turn: bool = False,
                  stop: Callable[[str], bool] | None = None) -> tuple[list[str], int | None]:
    """Every trick of a hand dealt in `hands`, as labelled trick lines, each won by `play`'s winner.
    With `plant_revoke` one player fails to follow once, from a random trick on, while able to
    (its trick is returned, None when no chance came); with `lead_out_of_turn`, a wrong player
    leads to a random trick and takes his card back (for games without bidding: whist's laws).
    With `stop`, the play ends after the first trick whose winner it accepts (a contract decided
    early: a misère caller who takes a trick, a grand slam lost)."""
    tricks = len(hands[seats[0]])
    plant_from = rng.randint(1, tricks - 1) if plant_revoke else tricks + 1
    false_at = rng.randint(1, tricks) if lead_out_of_turn else tricks + 1
    out: list[str] = []
    planted: int | None = None
    for trick in range(1, tricks + 1):
        if trick == false_at:
            wrong = seats[(seats.index(leader) + rng.randint(1, len(seats) - 1)) % len(seats)]
            card = rng.choice(hands[wrong])
            out.append(f"{wrong} {card.text}, {wrong} retract {card.text}")
        plays, revoked = random_trick(rng, seats, leader, hands, play, trick, planted is None and trick >= plant_from)
        planted = trick if revoked else planted
        leader = play.winner(plays)
        out.append(trick_line(trick, plays))
        if stop is not None and stop(leader):
            break
    return out, planted


SPLITS = ("trick", "several", "hand", "event")
"""How `write_in_style` cuts a hand's events into lines: one trick a line (the bidding on one),
several tricks a line (cut at random), every event of the hand on one line, one event a line."""
LABELS = ("all", "none", "some")
"""Which lines that open with a card get their ``trick N:`` label."""
SPELLINGS = ("letters", "lower", "symbols", "mixed")
"""How cards are spelt: ``TH``, ``th``, ``T♥``, or each card at random (tens as ``T`` or ``10`` at random)."""

_SUITS = {"S": ("S", "s", "♠"), "H": ("H", "h", "♥"), "D": ("D", "d", "♦"), "C": ("C", "c", "♣")}
_CARD = re.compile(r"\b([2-9TJQKA])([SHDC])\b")
_LABEL = re.compile(r"trick (\d+): ")
_NOT_EVENTS = ("[", "hand", "deal ", "upcard ", "recorded", "note ", "redeal", "#")


def write_in_style(text: str, rng: random.Random | None) -> str:
    """`text`, a generated transcript (one trick a line, labelled, cards as ``TH``), written again
    as scorers write: each hand's events cut into lines one of the `SPLITS` ways, labels as one
    of `LABELS` says, cards (in the deal and the upcard too) spelt one of the `SPELLINGS` ways.
    A transcript means the same however its events are split into lines (notation.md §2.4), so
    the verdict on the result is the verdict on `text`; `rng` makes every choice, so a game's
    own random choices are not disturbed. Without `rng`, `text` as it is (a game's plain style)."""
    if rng is None:
        return text
    out: list[str] = []
    run: list[tuple[str, int | None]] = []  # the events of a run of event lines, each card with its trick
    spelling = rng.choice(SPELLINGS)

    def respell(line: str) -> str:
        def card(match: re.Match[str]) -> str:
            rank, suit = match.group(1), match.group(2)
            how = rng.choice(SPELLINGS[:3]) if spelling == "mixed" else spelling
            rank = rng.choice(("T", "10")) if rank == "T" else rank
            if how == "symbols":
                return rank + _SUITS[suit][2]
            return (rank + suit).lower() if how == "lower" else rank + suit
        return _CARD.sub(card, line)

    def flush() -> None:
        split, labels = rng.choice(SPLITS), rng.choice(LABELS)
        lines: list[list[tuple[str, int | None]]] = []
        for event, trick in run:
            changes = bool(lines) and trick != lines[-1][-1][1]  # a new trick (or the first card) starts here
            cut = (not lines or split == "event" or (split == "trick" and changes)
                   or (split == "several" and (rng.random() < 0.1 or (changes and rng.random() < 0.4))))
            if cut:
                lines.append([])
            lines[-1].append((event, trick))
        for events in lines:
            first = events[0][1]
            label = first is not None and (labels == "all" or (labels == "some" and rng.random() < 0.5))
            out.append((f"trick {first}: " if label else "") + ", ".join(respell(e) for e, _ in events))
        run.clear()

    for line in text.split("\n"):
        if not line or line.startswith(_NOT_EVENTS):
            if run:
                flush()
            if line.startswith("hand"):
                spelling = rng.choice(SPELLINGS)
            out.append(respell(line) if line.startswith(("deal ", "upcard ")) else line)
            continue
        label = _LABEL.match(line)
        trick = int(label.group(1)) if label else None
        run.extend((event, trick) for event in line[label.end() if label else 0:].split(", "))
    if run:
        flush()
    return "\n".join(out)
