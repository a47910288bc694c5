"""The games' own words in the notation: named contracts and what may follow a bid's number.

The shape of a bid is the notation's (``P bid 6 colour``, ``P bid little-misere``); its words
are a game's. Each game package may declare them in a ``words.json`` beside its modules::

    {"contracts": ["boston", "little-misere"], "qualifiers": {"colour": ["color"], "preference": []}}

where each qualifier lists its other spellings, read as the word itself. A game that reads more
after a bid's number, in the shared grammar's own terms, says so (French Boston's ``bid 9 belle``
and ``bid 6 hearts``: ``"after-number": ["belle", "suit"]``), so that a syntax error there offers
them in its hands alone. The grammar's
``CONTRACT`` and ``QUALIFIER`` terminals, and the words its syntax errors offer, are every
game's words together: a new game adds its words in its own package and touches no shared file.

A game may also declare events of its own and reasons for a ``redeal`` line::

    {"events": {"ask": {"written": "ask {partner:NAME}", "said": "{player} asks {partner}: having none?"}},
     "redeal": ["interrupted"]}

Each event is written as the shared events are declared (`shapes` reads the forms: a first
plain word, then words, ``{field:CARD|SUIT|NAME|INT}`` and ``[...]``) and read into one record,
`events.Said`; the replay gives it to the handler the game declares for the word
(`Declaration.said`), and any other game finds it meaningless. A reason is added to the
grammar's ``REDEAL_REASON``; the game's laws read it.

A game may also declare header tags of its own (Whist's cut for partners and deal)::

    {"tags": {"Cut": {"value": "{player:NAME} {cards:CARD...}", "example": "A 5H, Y 5S 9C, B KD, Z 2C"}}}

The value is items separated by ``,``, each the fields of ``value`` in order (the last may be
repeated, ``...``); `engine.header` reads them (a clear error names a bad one, with the example)
into the setup's ``tags``, and the game reads them there. No other game's header may hold them.

The files are found beside the games' packages and read as data, without importing a game
(the notation is the layer below the games): the terminals are made at every start-up, to
stamp the kept parser tables, and importing five games for that would cost more than parsing.
"""

from __future__ import annotations

import importlib.util
import json
import re
from functools import lru_cache
from pathlib import Path


class Vocabulary:
    """Every game's words, each once, in the order of the games' packages then of each file.
    (A plain class: it is made at every start-up, where a dataclass costs more to declare.)"""

    __slots__ = ("contracts", "events", "qualifiers", "reasons", "reasons_of", "spellings", "tags", "words_of")

    def __init__(self, contracts: tuple[str, ...], qualifiers: tuple[str, ...], spellings: dict[str, str],
                 events: dict[str, tuple[str, str]] | None = None, reasons: tuple[str, ...] = (),
                 tags: dict[str, dict[str, tuple[str, str]]] | None = None,
                 reasons_of: dict[str, tuple[str, ...]] | None = None,
                 words_of: dict[str, frozenset[str]] | None = None) -> None:
        self.contracts = contracts
        self.qualifiers = qualifiers
        self.spellings = spellings  # another spelling of a qualifier → the qualifier
        self.events = events or {}  # a game's own event, by its word: (written, said)
        self.reasons = reasons      # the games' own reasons for a redeal
        self.tags = tags or {}      # a game's own header tags, by game then tag: (value form, example)
        self.reasons_of = reasons_of or {}  # a game's own reasons for a redeal, by game: its laws alone read them
        self.words_of = words_of or {}  # a game's contracts, qualifiers (every spelling), reasons and what else
        # it reads after a bid's number (`AFTER_NUMBER`), by game: its syntax errors offer no other game's

    @property
    def qualifier_words(self) -> tuple[str, ...]:
        """Every word read as a qualifier, each followed by its other spellings."""
        return tuple(word for qualifier in self.qualifiers
                     for word in (qualifier, *(other for other, to in self.spellings.items() if to == qualifier)))

    def grammar(self) -> str:
        """The terminals of the words, in the grammar's notation."""
        reasons = (*SHARED_REASONS, *self.reasons)
        return "".join(f"{name}: " + " | ".join(f'"{word}"' for word in words) + "\n"
                       for name, words in (("CONTRACT", self.contracts), ("QUALIFIER", self.qualifier_words),
                                           ("REDEAL_REASON", reasons)))


AFTER_NUMBER = {"belle": "BELLE", "suit": "SUIT"}
"""What a game may declare it reads after a bid's number besides its qualifiers (``"after-number"``),
each with the grammar's terminal for it: a syntax error offers the terminal there only in its hands."""

SHARED_REASONS = ("misdeal", "thrown-in", "imperfect-pack", "faced-card")
"""The reasons for a redeal that every game reads (its laws charge a misdeal, nothing else)."""


def _game_folders() -> list[Path]:
    spec = importlib.util.find_spec("referee.games")
    locations = spec.submodule_search_locations if spec is not None else None
    return sorted(folder for location in locations or () for folder in Path(location).iterdir() if folder.is_dir())


def _strings(value: object, where: Path) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(word, str) and word for word in value):
        raise ValueError(f"{where}: expected a list of words, got {value!r}")
    return value


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    """The words of every game that declares some (read once)."""
    contracts: dict[str, None] = {}
    qualifiers: dict[str, None] = {}
    spellings: dict[str, str] = {}
    events: dict[str, tuple[str, str]] = {}
    reasons: dict[str, None] = {}
    tags: dict[str, dict[str, tuple[str, str]]] = {}
    reasons_of: dict[str, tuple[str, ...]] = {}
    words_of: dict[str, frozenset[str]] = {}
    for folder in _game_folders():
        path = folder / "words.json"
        if not path.is_file():
            continue
        data = json.loads(path.read_text("utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("qualifiers", {}), dict):
            raise ValueError(f"{path}: expected {{\"contracts\": [...], \"qualifiers\": {{word: [spellings]}}}}")
        own = _strings(data.get("contracts", []), path)
        contracts.update(dict.fromkeys(own))
        for word, others in data.get("qualifiers", {}).items():
            qualifiers[word] = None
            own = [*own, word, *_strings(others, path)]
            spellings.update(dict.fromkeys(others, word))
        for word, forms in _events(data.get("events", {}), path).items():
            if events.get(word, forms) != forms:
                raise ValueError(f"{path}: the event {word!r} is declared by another game with another form")
            events[word] = forms
        reasons_of[folder.name.replace("_", "-")] = redeal = tuple(_strings(data.get("redeal", []), path))
        reasons.update(dict.fromkeys(redeal))
        after = _strings(data.get("after-number", []), path)
        if not set(after) <= AFTER_NUMBER.keys():
            raise ValueError(f"{path}: \"after-number\" holds only {' or '.join(map(repr, AFTER_NUMBER))}")
        words_of[folder.name.replace("_", "-")] = frozenset((*own, *redeal, *after))
        if "tags" in data:
            tags[folder.name.replace("_", "-")] = _tags(data["tags"], path)
    return Vocabulary(tuple(contracts), tuple(qualifiers), spellings, events, tuple(reasons), tags, reasons_of,
                      words_of)


_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")


def _events(value: object, where: Path) -> dict[str, tuple[str, str]]:
    """A game's own events: each word's written and said forms (their items are checked by `shapes`)."""
    events = _pairs(value, where, "events", ("written", "said"), _WORD)
    for word, (written, _) in events.items():
        if written.split(" ")[0] != word:
            raise ValueError(f"{where}: the event {word!r} needs \"written\" starting with the word")
    return events


_TAG = re.compile(r"[A-Z][A-Za-z]*")


def _tags(value: object, where: Path) -> dict[str, tuple[str, str]]:
    """A game's own header tags: each one's value form and example (its fields are read by `engine.header`)."""
    return _pairs(value, where, "tags", ("value", "example"), _TAG)


def _pairs(value: object, where: Path, kind: str, keys: tuple[str, str],
           name: re.Pattern[str]) -> dict[str, tuple[str, str]]:
    """The `kind` a game declares ("events", "tags"): each name (matching `name`) with its two forms."""
    if not isinstance(value, dict):
        raise ValueError(f"{where}: expected \"{kind}\": {{name: {{\"{keys[0]}\": ..., \"{keys[1]}\": ...}}}}")
    pairs = {}
    for word, forms in value.items():
        first, second = (forms.get(key) if isinstance(forms, dict) else None for key in keys)
        if not (isinstance(word, str) and name.fullmatch(word) and isinstance(first, str) and isinstance(second, str)):
            raise ValueError(f"{where}: {kind}: {word!r} needs a name like {name.pattern}, \"{keys[0]}\" and "
                             f"\"{keys[1]}\"")
        pairs[word] = (first, second)
    return pairs
