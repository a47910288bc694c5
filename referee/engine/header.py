"""A game's header tags → a validated `Setup` (players, teams, house rules, opening scores).

Everything here is common to all games; what differs (the number of players, whether scores
are kept by team or by player) is asked of the game. Problems come back as values with the
line and column of the offending text inside the tag.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, TypeVar

from ..notation.cards import Card, Suit, parse_card, parse_suit
from ..notation.characters import LOOKALIKES, named, quote_in_rules, quoted_rule
from ..notation.events import INFO_TAGS, SHARED_TAGS, Span, Tag
from ..notation.limits import MAX_DIGITS, MAX_POOL, NUMBER_HINT, number_too_large, shown
from ..notation.reader import Problem
from ..notation.records import field, record, replace
from ..notation.shapes import KEYWORDS as EVENT_KEYWORDS
from ..notation.suggest import did_you_mean
from ..notation.vocabulary import vocabulary
from .rulebook import OptionError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .game import Game

G = TypeVar("G")

READ_IF_DECLARED = {"Pool": "keeps no pool", "Belle": "has no belle suit"}
"""The shared tags a game reads only where it declares them (`Game.reads`), each with what a game
that does not is said to lack: given to another game, such a tag is an error, never ignored."""
_NAME = re.compile(r"^[^\W\d_][\w']*$")
KEYWORDS = frozenset({"hand", "dealer", "deal", "upcard", "recorded", "note", "redeal", "trick", "pool",
                      *(word for word in EVENT_KEYWORDS if _NAME.match(word))})
"""Words no player may be named: the lines' own, ``pool`` (who is paid in a result) and every word
an event spells (made from their declarations); a test checks every word of the grammar's rules is here."""
_CARD_RANKS = frozenset("AKQJTakqjt23456789")
_CARD_SUITS = frozenset("SHDCshdc♠♥♦♣")


def _cardish(name: str) -> bool:
    """Whether `name` is spelt like a card (``AS``, ``10h``, ``T♦``): a rank, then a suit. (Not a
    regular expression: one with the suits' signs took 1.5 million instructions to compile.)"""
    return name[-1:] in _CARD_SUITS and (name[:-1] in _CARD_RANKS or name[:-1] == "10")


@record
class Team:
    name: str
    members: tuple[str, ...]


@record
class Setup:
    """A game's header, validated: the seats clockwise as written, teams, options, standings."""

    game: str
    players: tuple[str, ...]
    teams: tuple[Team, ...]
    options: dict[str, Any]
    score: dict[str, int]
    pool: tuple[int, ...] | None
    belle: Suit | None
    info: dict[str, str]
    at: Span
    tags: dict[str, tuple[tuple[Any, ...], ...]] = field(default_factory=dict)
    """The game's own tags (declared in its ``words.json``), each read into its items' fields."""
    tags_at: dict[str, Span] = field(default_factory=dict)
    """Where each tag is written: a finding about a game's own tag, or about [Partners], points at it."""


def _player_count(game: Game, players: tuple[str, ...], tag: Tag | None) -> Problem | None:
    """The problem when `game` (of ``game.players`` = (fewest, most) players) names another
    number, at the [Players] value: told before the partnerships, which would otherwise be
    blamed for naming a player the list left out (``[Players "N E S"]``, ``[Partners "N-S E-W"]``)."""
    low, high = game.players
    if tag is None or low <= len(players) <= high:
        return None
    wanted = str(low) if low == high else f"{low} to {high}"
    return Problem(tag.value_at.line, tag.value_at.column,
                   f"{game.name} needs {wanted} players, the header names {len(players)}", game.players_example)


def _at(tag: Tag, offset: int) -> Span:
    return Span(tag.value_at.line, tag.value_at.column + offset)


def _words(text: str) -> list[tuple[str, int]]:
    return [(m.group(0), m.start()) for m in re.finditer(r"\S+", text)]


def game_named(name: str, games: Mapping[str, G]) -> G | None:
    """The game `name` names, written in any case and with spaces or ``_`` for its hyphens
    (``Euchre``, ``French Boston``): a game's name is a word a club writes as it likes, not a
    keyword (the verdict always gives the registered spelling)."""
    return games.get(re.sub(r"[\s_]+", "-", name.strip()).lower())


def read_setup(tags: list[Tag], at: Span, games: Mapping[str, Game], cli_rules: str | None,
               refused: bool = False) -> tuple[Setup | None, Game | None, list[Problem]]:
    """Validate the header; the game is returned even when the setup has problems.

    `refused`: a tag line of the header could not be read (``[Partners “N-S E-W"]``), and its
    own error says why. The game's checks of the header as a whole (`Game.check_setup`) would
    judge a header not all read (``euchre needs two partnerships of two``): they are not told, and
    the setup is unusable all the same."""
    problems: list[Problem] = []
    by_name: dict[str, Tag] = {}
    games_tags = {name for declared in vocabulary().tags.values() for name in declared}
    for tag in tags:
        if tag.name not in SHARED_TAGS and tag.name not in games_tags and (
                spelt := _capitalised(tag.name, SHARED_TAGS | games_tags)) is not None:
            problems.append(Problem(tag.at.line, tag.at.column, f"tag [{tag.name}] is written [{spelt}]",
                                    "a tag's name is written as the notation spells it (docs/notation.md §2.1)"))
            tag = replace(tag, name=spelt)  # read as meant: the header's other checks do not report it missing
        if tag.name not in SHARED_TAGS and tag.name not in games_tags:
            known = ", ".join(sorted(SHARED_TAGS))
            problems.append(Problem(tag.at.line, tag.at.column, f"unknown tag [{tag.name}]",
                                    f"{did_you_mean(tag.name, SHARED_TAGS)}known tags: {known}"))
        elif tag.name in by_name:
            problems.append(Problem(tag.at.line, tag.at.column, f"tag [{tag.name}] given twice",
                                    f"it was first given on line {by_name[tag.name].at.line}"))
        else:
            by_name[tag.name] = _mended(tag, problems)

    game_tag = by_name.get("Game")
    if game_tag is None and refused:  # perhaps the line refused: its own error says what is wrong with it
        return None, None, problems
    if game_tag is None:
        remark = (' (a tag line after a hand starts a new game; a remark is written: note "...")'
                  if by_name and by_name.keys() <= set(INFO_TAGS) else "")
        problems.append(Problem(at.line, at.column, "the header has no [Game] tag",
                                f'add e.g. [Game "euchre"]; games: {", ".join(sorted(games))}{remark}'))
        return None, None, problems
    game = game_named(game_tag.value, games)
    if game is None:
        problems.append(Problem(game_tag.value_at.line, game_tag.value_at.column,
                                f"unknown game {game_tag.value!r}",
                                f"{did_you_mean(game_tag.value, games)}games: {', '.join(sorted(games))}"))
        return None, None, problems

    for name in [name for name in READ_IF_DECLARED if name in by_name and name not in game.reads]:
        tag = by_name.pop(name)
        problems.append(Problem(tag.at.line, tag.at.column, f"tag [{name}] is not a tag of {game.name}",
                                f"{game.name} {READ_IF_DECLARED[name]}: remove the tag"))
    if refused and "Players" not in by_name:  # perhaps the line refused: its own error says what is wrong with it
        return None, game, problems
    players = _players(by_name.get("Players"), at, problems)
    if (count := _player_count(game, players, by_name.get("Players"))) is not None:
        problems.append(count)
        players = ()  # nothing more is checked against a list of the wrong length
    teams = _teams(by_name.get("Partners"), players, at, problems)
    options = _options(by_name.get("Rules"), game, cli_rules, problems)
    score = _score(by_name.get("Score"), players, teams, game, problems)
    pool = _pool(by_name.get("Pool"), problems)
    belle = _belle(by_name.get("Belle"), problems)
    info = {name: by_name[name].value for name in INFO_TAGS if name in by_name}
    own = _game_tags([by_name[name] for name in by_name if name not in SHARED_TAGS], game.name, players, problems)
    if problems or options is None or refused:  # a refused line leaves the header unusable (docs/notation.md §2)
        return None, game, problems
    setup = Setup(game.name, players, teams, options, score, pool, belle, info, at, own, _tags_at(tags))
    problems.extend(game.check_setup(setup))
    return (None if problems else setup), game, problems


def _capitalised(name: str, known: set[str] | frozenset[str]) -> str | None:
    """The tag `name` is when only its letters' case is wrong (``[game]``, ``[PLAYERS]``), or None."""
    return next((tag for tag in known if tag.lower() == name.lower()), None)


def _mended(tag: Tag, problems: list[Problem]) -> Tag:
    """The tag with a word processor's character in its value (`LOOKALIKES`: an en dash in
    ``N-S``, a minus sign) told once and read as the one it stands for, so that the checks after it
    are not misled into errors of their own (a partnership naming a player "N-S" with an en dash).
    Free text (`INFO_TAGS`) may hold any. A curly quote in [Rules] (``target=“11”``) is told as
    such, and the value read without its quotes (and its other such characters mended: one error)."""
    quoted = quoted_rule(tag.value) if tag.name == "Rules" else None
    if quoted is not None:
        where, unquoted = _at(tag, quoted[0]), quoted[1]
        problems.append(Problem(where.line, where.column, quote_in_rules(tag.value[quoted[0]]),
                                f'write [Rules "{unquoted}"]'))
        return replace(tag, value=unquoted)
    at = next((at for at, char in enumerate(tag.value) if char in LOOKALIKES), -1) if tag.name not in INFO_TAGS else -1
    if at == -1:
        return tag
    where, char = _at(tag, at), tag.value[at]
    problems.append(Problem(where.line, where.column, f"{named(char)} in [{tag.name}] is not one of the notation's "
                            f"characters", f"type {LOOKALIKES[char]!r} for it"))
    return replace(tag, value="".join(LOOKALIKES.get(char, char) for char in tag.value))


def _tags_at(tags: list[Tag]) -> dict[str, Span]:
    """Where each tag is written (the same header in another game is elsewhere): a finding about
    a game's own tag, or a game's check of its [Partners], points at it."""
    return {tag.name: tag.at for tag in tags}


class SetupReader:
    """`read_setup` for the headers of one run, remembering the last clean one: the games of an
    archive mostly repeat one header, and validating it again was about 5% of checking an
    archive of one-hand games. Only a header without problems is reused, so every problem is still
    reported at its own line; one with a line that could not be read is never the same header."""

    def __init__(self, games: Mapping[str, Game], cli_rules: str | None) -> None:
        self.games = games
        self.cli_rules = cli_rules
        self._last: tuple[tuple[tuple[str, str], ...], Setup, Game] | None = None

    def read(self, tags: list[Tag], at: Span, refused: bool = False) -> tuple[Setup | None, Game | None,
                                                                             list[Problem]]:
        key = tuple((tag.name, tag.value) for tag in tags)
        if self._last is not None and self._last[0] == key and not refused:  # a refused line: no setup
            return replace(self._last[1], at=at, tags_at=_tags_at(tags)), self._last[2], []
        setup, game, problems = read_setup(tags, at, self.games, self.cli_rules, refused)
        self._last = (key, setup, game) if setup is not None and game is not None else None
        return setup, game, problems


def _players(tag: Tag | None, at: Span, problems: list[Problem]) -> tuple[str, ...]:
    if tag is None:
        problems.append(Problem(at.line, at.column, "the header has no [Players] tag",
                                'add the players clockwise from any seat, e.g. [Players "N E S W"]'))
        return ()
    seen: dict[str, int] = {}
    if "," in tag.value:  # "N, E, S, W": one problem with the fix, not one per name
        spaced = " ".join(tag.value.replace(",", " ").split())
        problems.append(Problem(tag.value_at.line, tag.value_at.column + tag.value.index(","),
                                "the players are separated by ','",
                                f'separate them with spaces: [Players "{spaced}"]'))
        return tuple(dict.fromkeys(spaced.split()))
    for name, offset in _words(tag.value):
        where = _at(tag, offset)
        if not _NAME.match(name) or name in KEYWORDS or _cardish(name):
            reason = ("is a keyword" if name in KEYWORDS else "looks like a card" if _cardish(name)
                      else "is not a name")
            problems.append(Problem(where.line, where.column, f"player {name!r} {reason}",
                                    "names are a letter followed by letters, digits, _ or ', "
                                    "and may not be a keyword or a card"))
        elif name in seen:
            problems.append(Problem(where.line, where.column, f"player {name!r} is listed twice",
                                    "each seat needs its own name"))
        seen[name] = offset
    return tuple(seen)


_FIELD = r"\{(\w+):(CARD|SUIT|NAME|INT)(\.\.\.)?\}"
"""A field of a game's own tag's form; compiled by `re` on first use (only a game with tags of its own needs it)."""
_KIND_WORDS = {"CARD": "card", "SUIT": "suit", "NAME": "player", "INT": "number"}


def _game_tags(tags: list[Tag], game: str, players: tuple[str, ...],
               problems: list[Problem]) -> dict[str, tuple[tuple[Any, ...], ...]]:
    """The tags `game` declares (`vocabulary`), each read item by item: items separated by ``,``,
    each the fields of the declared form in order, the last one repeated where it ends ``...`` (its
    values then a tuple). A tag another game declares is not this game's."""
    declared = vocabulary().tags.get(game, {})
    read: dict[str, tuple[tuple[Any, ...], ...]] = {}
    for tag in tags:
        if tag.name not in declared:
            problems.append(Problem(tag.at.line, tag.at.column, f"tag [{tag.name}] is not a tag of {game}",
                                    f"{game}'s own tags: {', '.join(declared) or 'none'}"))
            continue
        form, example = declared[tag.name]
        fields = re.findall(_FIELD, form)
        items: list[tuple[Any, ...]] = []
        offset = 0
        for part in tag.value.split(","):
            where = _at(tag, offset + len(part) - len(part.lstrip()))
            offset += len(part) + 1
            words, repeat = part.split(), fields[-1][2] == "..."
            kinds = [kind for _, kind, _ in fields] + [fields[-1][1]] * (len(words) - len(fields))
            values = [_field_value(word, kind, players) for word, kind in zip(words, kinds)]
            bad = next((f": {word!r} is not a {_KIND_WORDS[kind]}" for word, kind, value
                        in zip(words, kinds, values) if value is None), "")
            if bad or len(words) < len(fields) or (len(words) > len(fields) and not repeat):
                problems.append(Problem(where.line, where.column, f"cannot read [{tag.name}] {part.strip()!r}{bad}",
                                        f'write it as e.g. [{tag.name} "{example}"]: items separated by ",", each '
                                        + ", then ".join(f"a {_KIND_WORDS[kind]}{' or more' * bool(more)}"
                                                         for _, kind, more in fields)))
                continue
            items.append((*values[:len(fields) - 1], tuple(values[len(fields) - 1:])) if repeat else tuple(values))
        read[tag.name] = tuple(items)
    return read


def _field_value(word: str, kind: str, players: tuple[str, ...]) -> Card | Suit | str | int | None:
    """`word` read as a field of `kind` (None when it is not one): a card, a suit, a player, a number."""
    try:
        if kind == "CARD":
            return parse_card(word)
        if kind == "SUIT":
            return parse_suit(word)
    except ValueError:
        return None
    if kind == "INT":
        return int(word) if re.fullmatch("[0-9]{1,9}", word) else None
    return word if word in players else None


def _teams(tag: Tag | None, players: tuple[str, ...], at: Span, problems: list[Problem]) -> tuple[Team, ...]:
    if tag is None or not players:  # no players read: the [Players] problem says so, not one per partner
        return ()
    teams: list[Team] = []
    placed: set[str] = set()
    if "," in tag.value:  # "N-S, E-W": one problem with the fix, not one per partner
        spaced = " ".join(tag.value.replace(",", " ").split())
        problems.append(Problem(tag.value_at.line, tag.value_at.column + tag.value.index(","),
                                "the partnerships are separated by ','",
                                f'separate them with spaces: [Partners "{spaced}"]'))
        return ()
    for text, offset in _words(tag.value):
        where = _at(tag, offset)
        joined = None if "-" in text else re.fullmatch(r"([^/&+]+)[/&+]([^/&+]+)", text)
        if joined:  # "N/S", "N&S", "N+S"
            problems.append(Problem(where.line, where.column, f"partnership {text!r} is not written with '-'",
                                    f"write the partners joined by '-': {joined.group(1)}-{joined.group(2)}"))
            continue
        members = tuple(text.split("-"))
        for member in members:
            if member not in players:
                problems.append(Problem(where.line, where.column,
                                        f"partnership {text!r} names {member!r}, who is not a player",
                                        f"players: {' '.join(players)}"))
            elif member in placed:
                problems.append(Problem(where.line, where.column, f"{member!r} is in two partnerships",
                                        "each player belongs to one team"))
            placed.add(member)
        teams.append(Team(text, members))
    return tuple(teams)


def _options(tag: Tag | None, game: Game, cli_rules: str | None, problems: list[Problem]) -> dict[str, Any] | None:
    options = game.rulebook.defaults()
    if cli_rules:
        quoted = quoted_rule(cli_rules)
        if quoted is not None:
            problems.append(Problem(0, quoted[0] + 1, f"--rules: {quote_in_rules(cli_rules[quoted[0]])}",
                                    f"write '{quoted[1]}'"))
            return None
        try:
            options = game.rulebook.parse_options(cli_rules, options)
        except OptionError as error:
            problems.append(Problem(0, error.offset + 1, f"--rules: {error}", error.hint))
            return None
    if tag is not None:
        try:
            options = game.rulebook.parse_options(tag.value, options)
        except OptionError as error:
            where = _at(tag, error.offset)
            problems.append(Problem(where.line, where.column, str(error), error.hint))
            return None
    return options


def _score(tag: Tag | None, players: tuple[str, ...], teams: tuple[Team, ...], game: Game,
           problems: list[Problem]) -> dict[str, int]:
    units = [t.name for t in teams] if game.scored_by == "team" else list(players)
    score = dict.fromkeys(units, 0)
    if tag is None or not units:  # no players or sides read: their own problem says so
        return score
    offset = 0
    given: set[str] = set()
    for part in tag.value.split(","):
        where = _at(tag, offset + len(part) - len(part.lstrip()))
        offset += len(part) + 1
        words = part.split()
        if not words:
            continue
        if len(words) != 2 or not re.fullmatch(r"[+-]?[0-9]+", words[1]):
            problems.append(Problem(where.line, where.column, f"cannot read score {part.strip()!r}",
                                    'scores look like "N-S 6, E-W 8" (who, then a number in the digits 0-9)'))
            continue
        if len(words[1].lstrip("+-")) > MAX_DIGITS:
            problems.append(Problem(where.line, where.column, number_too_large(words[1]), NUMBER_HINT))
            continue
        who, value = words
        if who in given:  # "N-S 6, N-S 8": which standing is it?
            problems.append(Problem(where.line, where.column, f"{who!r} is given twice in [Score]",
                                    "write each one's standing once"))
            continue
        given.add(who)
        if who not in score:
            kind = "team" if game.scored_by == "team" else "player"
            problems.append(Problem(where.line, where.column, f"{who!r} is not a {kind} of this game",
                                    f"{game.name} keeps scores by {kind}: {', '.join(units)}"))
            continue
        score[who] = int(value)
    return score


def _pool(tag: Tag | None, problems: list[Problem]) -> tuple[int, ...] | None:
    if tag is None:
        return None
    values: list[int] = []
    for word, offset in _words(tag.value):
        where = _at(tag, offset)
        if not re.fullmatch("[0-9]+", word):  # not isdigit(): it takes "²" and "①", which int() refuses
            problems.append(Problem(where.line, where.column, f"pool {word!r} is not a number of counters",
                                    'write e.g. [Pool "12"] or several pools [Pool "25 25 4"], in the digits 0-9'))
        elif len(word) > MAX_DIGITS or sum(values) + int(word) > MAX_POOL:
            problems.append(Problem(where.line, where.column,
                                    f"the pool holds more than {MAX_POOL:,} counters ({shown(word)})",
                                    f"a pool holds at most {MAX_POOL:,} counters in all; is the number mistyped?"))
            return tuple(values)
        else:
            values.append(int(word))
    if not tag.value.strip():  # [Pool ""]: a tag that says nothing is a slip, not an empty pool
        where = _at(tag, 0)
        problems.append(Problem(where.line, where.column, "the Pool tag holds no number",
                                'write what the pool holds, e.g. [Pool "12"], or leave the tag out'))
    return tuple(values)


def _belle(tag: Tag | None, problems: list[Problem]) -> Suit | None:
    if tag is None:
        return None
    try:
        return parse_suit(tag.value.strip())
    except ValueError:
        problems.append(Problem(tag.value_at.line, tag.value_at.column, f"{tag.value!r} is not a suit",
                                "write e.g. [Belle \"hearts\"]"))
        return None
