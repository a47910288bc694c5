"""Planted irregularities for the property tests: the check both games' planted-revoke
properties share, and `plant`, which writes irregularities of every kind into a generated game.

`plant` works on a generator's transcript (one trick a line, labelled, cards as ``TH``) at the
level of events, knowing nothing of any game's laws: it swaps plays and bids (plays, leads and
bids out of turn), gives a card twice or a card not held, plays a player's later card early,
inserts exposed cards, take-backs (at once or during the next trick), words said out of turn or
out of time, claims, concessions, accusations of revoke, looks at quitted tricks, counts, calls
and acceptances, writes a wrong dealer, moves a card between two deal lines (a misdeal), drops
the deal, adds a ``redeal``, a ``recorded`` or a ``note`` line, and stops the transcript
anywhere. What the referee makes of the result does not matter to the reflow property: only
that it is the same however the events are split into lines. Revokes are planted through the
generators' laws of play
(`sloppy_rules`), in every game.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from typing import Any

from referee import check_text
from referee.engine.generators import Deal, PlayRules, PlayRulesFor, Plays
from referee.notation.cards import Card

KINDS = ("revoke", "play-out-of-turn", "lead-out-of-turn", "bid-out-of-turn", "played-twice", "not-held",
         "expose", "retract", "late-retract", "speech", "claim", "concede", "claim-revoke", "look", "count",
         "call", "accept", "extra-card", "recorded",
         "wrong-dealer", "misdeal", "no-deal", "redeal", "note", "stop")
"""What `plant` may plant (``revoke`` is planted by `sloppy_rules` when the game is generated)."""

SPEECH = ("pass", "order", "alone", "bid 2", "bid 4", "bid 6", "bid boston", "bid little-misere", "bid 6 hearts",
          "bid petite-misere", "keep", "sell", "refuse", "pitch", "spread", "demand", "name spades", "discard 9S")
"""Bidding and other words, for a word said out of turn or out of time (a bid after the bidding
closed, ``alone`` after the lead, ...), in whichever game: a word its game does not know is a
finding too."""
CALLS = ("highest", "lowest", "trump", "no-trump", "win", "lose", "withhold", "spades", "hearts",
         "partnership", "alone", "claim", "deal-stands")
_LABEL = re.compile(r"^trick (\d+): ")
_PLAY = re.compile(r"^(\S+) ([2-9TJQKA][SHDC])$")


def planted_revoke(text: str, planted: int | None) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The first hand of `text` and its one finding: an established revoke at trick `planted`.

    With nothing planted (None), the hand must have no finding at all, and the finding is None.
    """
    hand = check_text(text).to_dict()["files"][0]["games"][0]["hands"][0]
    if planted is None:
        assert hand["irregularities"] == [], text
        return hand, None
    assert len(hand["irregularities"]) == 1, text
    finding = hand["irregularities"][0]
    assert (finding["kind"], finding["trick"], finding["status"]) == ("revoke", planted, "established"), text
    return hand, finding


class _Sloppy:
    """Laws of play that now and then let a player play any card he holds (a revoke, when he
    could have followed)."""

    def __init__(self, rules: PlayRules, rng: random.Random, rate: float) -> None:
        self.rules, self.rng, self.rate = rules, rng, rate

    def lawful(self, player: str, held: Sequence[Card], plays: Plays, trick: int) -> list[Card]:
        lawful = self.rules.lawful(player, held, plays, trick)
        return list(held) if self.rng.random() < self.rate else lawful

    def winner(self, plays: Plays) -> str:
        return self.rules.winner(plays)


def sloppy_rules(own: PlayRulesFor, rng: random.Random, rate: float = 0.03) -> PlayRulesFor:
    """`own` laws of play that let a player play any card (revoke) with probability `rate`."""
    def rules_for(deal: Deal) -> PlayRules:
        return _Sloppy(own(deal), rng, rate)
    return rules_for


def plant(text: str, rng: random.Random, count: int = 2, kinds: tuple[str, ...] = KINDS) -> tuple[str, list[str]]:
    """`text`, a generated transcript, with `count` irregularities of `kinds` planted at random
    (see the module's docstring); also the kinds planted (a kind that found no place is left out)."""
    lines = text.split("\n")
    done: list[str] = []
    for _ in range(count):
        kind = rng.choice([k for k in kinds if k != "revoke"] or ["note"])
        if _PLANTERS[kind](lines, rng):
            done.append(kind)
    return "\n".join(lines), done


def _players(lines: list[str]) -> list[str]:
    tag = next(line for line in lines if line.startswith("[Players "))
    return tag.split('"')[1].split()


def _event_lines(lines: list[str]) -> list[int]:
    return [i for i, line in enumerate(lines) if line and not line.startswith(
        ("[", "hand", "deal ", "upcard ", "recorded", "note ", "redeal", "#"))]


def _split(line: str) -> tuple[str, list[str]]:
    label = _LABEL.match(line)
    head = label.group(0) if label else ""
    return head, line[len(head):].split(", ")


def _trick_line(lines: list[str], rng: random.Random) -> tuple[int, str, list[str]] | None:
    """A labelled trick line chosen at random: its index, its label and its events (None: none)."""
    where = [i for i in _event_lines(lines) if _LABEL.match(lines[i])]
    if not where:
        return None
    i = rng.choice(where)
    return (i, *_split(lines[i]))


def _insert_event(lines: list[str], rng: random.Random, make: Callable[[list[str], int, int], str | None]) -> bool:
    """Insert the event `make(events, index, line)` at a random place of a random event line."""
    where = _event_lines(lines)
    if not where:
        return False
    i = rng.choice(where)
    head, events = _split(lines[i])
    at = rng.randrange(len(events) + 1)
    event = make(events, at, i)
    if event is None:
        return False
    events.insert(at, event)
    lines[i] = head + ", ".join(events)
    return True


def _later_play(lines: list[str], rng: random.Random, start: int, player: str | None = None) -> tuple[str, str] | None:
    """A (player, card) played at or after line `start`, in the same hand."""
    found = []
    events = set(_event_lines(lines))
    for i in range(start, len(lines)):
        if lines[i].startswith(("hand", "[")):
            break
        for event in _split(lines[i])[1] if i in events else ():
            m = _PLAY.match(event)
            if m and (player is None or m.group(1) == player):
                found.append((m.group(1), m.group(2)))
    return rng.choice(found) if found else None


def _swap(lines: list[str], rng: random.Random, first: bool, plays: bool) -> bool:
    where = [i for i in _event_lines(lines) if bool(_LABEL.match(lines[i])) == plays and len(_split(lines[i])[1]) > 1]
    if not where:
        return False
    i = rng.choice(where)
    head, events = _split(lines[i])
    at = 0 if first else rng.randrange(len(events) - 1)
    events[at], events[at + 1] = events[at + 1], events[at]
    lines[i] = head + ", ".join(events)
    return True


def _played_twice(lines: list[str], rng: random.Random) -> bool:
    picked = _trick_line(lines, rng)
    if picked is None:
        return False
    i, head, events = picked
    m = _PLAY.match(rng.choice(events))
    later = _later_play(lines, rng, i + 1, m.group(1)) if m else None
    if later is None:
        return False
    if rng.random() < 0.5:
        lines.insert(i + 1, f"{head}{later[0]} {later[1]}")  # a second card given to the completed trick
    else:
        events.append(f"{later[0]} {later[1]}")  # the same, on the trick's own line
        lines[i] = head + ", ".join(events)
    return True


def _not_held(lines: list[str], rng: random.Random) -> bool:
    picked = _trick_line(lines, rng)
    if picked is None:
        return False
    i, head, events = picked
    at = rng.randrange(len(events))
    m = _PLAY.match(events[at])
    if not m:
        return False
    events[at] = f"{m.group(1)} {rng.choice('23456789TJQKA')}{rng.choice('SHDC')}"
    lines[i] = head + ", ".join(events)
    return True


def _expose(lines: list[str], rng: random.Random) -> bool:
    def make(events: list[str], at: int, i: int) -> str | None:
        later = _later_play(lines, rng, i)
        return f"{later[0]} expose {later[1]}" if later else None
    return _insert_event(lines, rng, make)


def _retract(lines: list[str], rng: random.Random) -> bool:
    picked = _trick_line(lines, rng)
    if picked is None:
        return False
    i, head, events = picked
    at = rng.randrange(len(events))
    m = _PLAY.match(events[at])
    if not m:
        return False
    added = [f"{m.group(1)} retract {m.group(2)}"]
    if rng.random() < 0.5:
        added.append(events[at])  # played again at once
    events[at + 1:at + 1] = added
    lines[i] = head + ", ".join(events)
    return True


def _late_retract(lines: list[str], rng: random.Random) -> bool:
    """A card of one trick taken back during the next (too late, or a boston caller's revoke),
    perhaps with another of his cards played at once."""
    events_at = _event_lines(lines)
    where = [i for i in events_at if _LABEL.match(lines[i]) and i + 1 in events_at]
    if not where:
        return False
    i = rng.choice(where)
    m = _PLAY.match(rng.choice(_split(lines[i])[1]))
    if not m:
        return False
    head, events = _split(lines[i + 1])
    added = [f"{m.group(1)} retract {m.group(2)}"]
    later = _later_play(lines, rng, i + 1, m.group(1))
    if later is not None and rng.random() < 0.5:
        added.append(f"{later[0]} {later[1]}")
    at = rng.randrange(len(events) + 1)
    events[at:at] = added
    lines[i + 1] = head + ", ".join(events)
    return True


def _extra_card(lines: list[str], rng: random.Random) -> bool:
    """One of a player's later cards played now, in or out of his turn (a seat sitting out too)."""
    def make(events: list[str], at: int, i: int) -> str | None:
        later = _later_play(lines, rng, i, rng.choice(_players(lines)))
        return f"{later[0]} {later[1]}" if later else None
    return _insert_event(lines, rng, make)


def _recorded(rng: random.Random, lines: list[str]) -> str:
    """A ``recorded`` line for the game's first side or player (a result the table wrote early)."""
    partners = next((line for line in lines if line.startswith("[Partners ")), None)
    who = partners.split('"')[1].split()[0] if partners else _players(lines)[0]
    return f"recorded {who} {rng.choice(('+1', '-2', '0', '+4'))}"


def _simple(make: Callable[[list[str], random.Random], str]) -> Callable[[list[str], random.Random], bool]:
    def planter(lines: list[str], rng: random.Random) -> bool:
        return _insert_event(lines, rng, lambda events, at, i: make(_players(lines), rng))
    return planter


def _wrong_dealer(lines: list[str], rng: random.Random) -> bool:
    where = [i for i, line in enumerate(lines) if line.startswith("hand ")]
    if not where:
        return False
    i = rng.choice(where)
    number = lines[i].split()[1]
    lines[i] = f"hand {number} dealer {rng.choice(_players(lines))}"
    return True


def _misdeal(lines: list[str], rng: random.Random) -> bool:
    where = [i for i, line in enumerate(lines) if line.startswith("deal ")]
    if len(where) < 2:
        return False
    i, j = rng.sample(where, 2)
    give = lines[i].split()
    if len(give) < 3:
        return False
    card = give.pop(rng.randrange(2, len(give)))
    lines[i] = " ".join(give)
    lines[j] += " " + card
    return True


def _no_deal(lines: list[str], rng: random.Random) -> bool:
    hands = [i for i, line in enumerate(lines) if line.startswith("hand ")]
    if not hands:
        return False
    start = rng.choice(hands)
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith(("hand", "["))), len(lines))
    lines[start:end] = [line for line in lines[start:end] if not line.startswith("deal ")]
    return True


def _line_after(lines: list[str], rng: random.Random, make: Callable[[random.Random], str]) -> bool:
    where = _event_lines(lines)
    if not where:
        return False
    lines.insert(rng.choice(where) + 1, make(rng))
    return True


def _stop(lines: list[str], rng: random.Random) -> bool:
    where = _event_lines(lines)
    if not where:
        return False
    i = rng.choice(where)
    head, events = _split(lines[i])
    lines[i] = head + ", ".join(events[:rng.randrange(1, len(events) + 1)])
    del lines[i + 1:]
    return True


_PLANTERS: dict[str, Callable[[list[str], random.Random], bool]] = {
    "play-out-of-turn": lambda lines, rng: _swap(lines, rng, False, True),
    "lead-out-of-turn": lambda lines, rng: _swap(lines, rng, True, True),
    "bid-out-of-turn": lambda lines, rng: _swap(lines, rng, False, False),
    "played-twice": _played_twice,
    "not-held": _not_held,
    "expose": _expose,
    "retract": _retract,
    "late-retract": _late_retract,
    "speech": _simple(lambda ps, rng: f"{rng.choice(ps)} {rng.choice(SPEECH)}"),
    "claim": _simple(lambda ps, rng: f"{rng.choice(ps)} claim rest"),
    "concede": _simple(lambda ps, rng: f"{rng.choice(ps)} concede"),
    "claim-revoke": _simple(lambda ps, rng: f"{rng.choice(ps)} claim revoke {rng.choice(ps)}"
                            + (f" trick {rng.randint(1, 6)}" if rng.random() < 0.5 else "")),
    "look": _simple(lambda ps, rng: f"{rng.choice(ps)} look"
                    + (f" trick {rng.randint(1, 4)}" if rng.random() < 0.3 else "")),
    "count": _simple(lambda ps, rng: f"{rng.choice(ps)} count {rng.choice(ps)}"),
    "call": _simple(lambda ps, rng: f"{rng.choice(ps)} call {rng.choice(CALLS)}"),
    "accept": _simple(lambda ps, rng: f"{rng.choice(ps)} accept"),
    "wrong-dealer": _wrong_dealer,
    "misdeal": _misdeal,
    "no-deal": _no_deal,
    "redeal": lambda lines, rng: _line_after(lines, rng, lambda r: r.choice(("redeal", "redeal misdeal"))),
    "extra-card": _extra_card,
    "recorded": lambda lines, rng: _line_after(lines, rng, lambda r: _recorded(r, lines)),
    "note": lambda lines, rng: _line_after(lines, rng, lambda r: 'note "a remark"'),
    "stop": _stop,
}
