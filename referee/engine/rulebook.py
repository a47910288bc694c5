"""Rulebooks: each game's rule ids, their text in our own words, and its house-rule options.

A rulebook is a YAML file in ``referee/games/rulebooks/`` (loaded with ``yaml.safe_load`` only, and
kept as JSON between runs by `usercache.load_yaml`).
Code cites rules by id, so a rule's words live in one place and ``referee rules GAME``
prints exactly what the verdicts cite. A rule may also declare what the referee says when it
applies it (`Rule.says`: sentences with named slots, filled by `HandReplay.say`), so that a game's
code decides and its rulebook words the decision.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from string import Formatter
from types import MappingProxyType
from typing import Any

from ..notation.inputs import package_text
from ..notation.limits import MAX_DIGITS, SHOWN_NAME, shown
from ..notation.records import field, record
from ..notation.suggest import did_you_mean
from ..notation.usercache import load_yaml

NOTHING_SAID: Mapping[str, str] = MappingProxyType({})
"""The sentences of a rule that declares none."""


@record
class Rule:
    """A rule: its id, title and text, and `says`, the sentences a verdict takes when the referee
    applies it, by name, each a `str.format` template whose ``{slots}`` the game fills."""

    id: str
    title: str
    text: str
    says: Mapping[str, str] = NOTHING_SAID


@record
class Option:
    """A house rule: `kind` is bool, int or choice; `rule` is the rule id it changes."""

    name: str
    kind: str
    default: Any
    text: str
    values: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    rule: str | None = None
    sets: Mapping[str, Mapping[str, Any]] | None = None  # an umbrella: by its value, what the others default to

    def describe_values(self) -> str:
        if self.kind == "bool":
            return "on/off (write the name alone to turn it on, or name=false)"
        if self.kind == "int":
            low = "" if self.minimum is None else f"from {self.minimum} "
            high = "" if self.maximum is None else f"to {self.maximum}"
            return f"a whole number {low}{high}".strip()
        return " | ".join(self.values)


class OptionError(ValueError):
    """A house rule that is unknown or has a bad value; `offset` is where it starts in the text."""

    def __init__(self, message: str, hint: str, offset: int) -> None:
        super().__init__(message)
        self.hint = hint
        self.offset = offset


@record
class Rulebook:
    game: str
    title: str
    rules: Mapping[str, Rule]
    options: Mapping[str, Option]
    topics: Mapping[str, Rule] = field(init=False, compare=False, repr=False)
    """The rules again by topic, their id without the game's name, as the game's code names them:
    a hand asks for one at every finding and note (`HandReplay.rule_id`, `say`), where building
    the id and looking it up cost a euchre hand about 1% of its instructions."""

    def __post_init__(self) -> None:
        prefix = f"{self.game}."
        object.__setattr__(self, "topics", {rule_id.removeprefix(prefix): rule for rule_id, rule in self.rules.items()
                                            if rule_id.startswith(prefix)})

    def rule(self, rule_id: str) -> Rule:
        return self.rules[rule_id]

    def sentence(self, topic: str, sentence: str, slots: Mapping[str, object]) -> str:
        """The sentence named `sentence` of the rule ``<game>.<topic>`` (its `says`), its slots
        filled from `slots`: what `HandReplay.say` and `words.Words.say` both give. The slots come as a
        mapping, not as keywords, so that a slot may have any name, even `sentence`, `topic` or `self`."""
        return self.topics[topic].says[sentence].format_map(slots)

    def defaults(self) -> dict[str, Any]:
        return {name: option.default for name, option in self.options.items()}

    def parse_options(self, text: str, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Apply ``opt; opt=value`` to `base` (or the defaults); raise `OptionError` on a bad one. An
        umbrella option (`sets`: whist's code=english) sets the others it names, except those the
        same text names itself, wherever they stand in it."""
        chosen = dict(base) if base is not None else self.defaults()
        given: set[str] = set()
        offset = 0
        for part in text.split(";"):
            start = offset + len(part) - len(part.lstrip())
            offset += len(part) + 1
            item = part.strip()
            if not item:
                continue
            name, _, raw = item.partition("=")
            name, raw = name.strip(), raw.strip()
            option = self.options.get(name)
            if option is None:
                known = ", ".join(sorted(self.options))
                slip = (f"house rules are separated by ';', not ',': {shown(text.replace(',', ';'), SHOWN_NAME)!r}; "
                        if "," in name else did_you_mean(name, self.options))
                raise OptionError(f"unknown house rule {shown(name, SHOWN_NAME)!r} for {self.game}",
                                  f"{slip}known: {known} (see 'referee rules {self.game}')", start)
            chosen[name] = value = _convert(option, raw, "=" in item, start)
            given.add(name)
            implied = (option.sets or {}).get(str(value), {})
            chosen.update((other, v) for other, v in implied.items() if other not in given)
        return chosen


def _convert(option: Option, raw: str, has_value: bool, offset: int) -> Any:
    if option.kind == "bool":
        if not has_value:
            return True
        lowered = raw.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise OptionError(f"house rule {option.name!r} is on or off, not {shown(raw)!r}",
                          f"write '{option.name}' or '{option.name}=false'", offset)
    if not has_value:
        raise OptionError(f"house rule {option.name!r} needs a value",
                          f"write {option.name}=VALUE, where VALUE is {option.describe_values()}", offset)
    if option.kind == "int":
        if not re.fullmatch(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}", raw):  # not int(): it takes fullwidth digits, "1_0"
            raise OptionError(f"house rule {option.name!r} takes a whole number, not {shown(raw)!r}",
                              f"e.g. {option.name}={option.default}, in the digits 0-9", offset)
        value = int(raw)
        if (option.minimum is not None and value < option.minimum) or (
                option.maximum is not None and value > option.maximum):
            raise OptionError(f"house rule {option.name}={value} is out of range",
                              f"{option.name} is {option.describe_values()}", offset)
        return value
    if raw not in option.values:
        raise OptionError(f"house rule {option.name!r} cannot be {shown(raw, SHOWN_NAME)!r}",
                          f"choose one of: {', '.join(option.values)}", offset)
    return raw


@cache
def rulebook_data(game: str) -> dict[str, Any]:
    """``games/rulebooks/<game>.yaml`` as data, read once: its rules and options, and any tables the
    game reads from it (shared, so never to be changed)."""
    text = package_text("referee.games", "rulebooks", f"{game}.yaml")
    data: dict[str, Any] = load_yaml(f"rulebook-{game}", text, lambda kept: _rulebook_shaped(kept, game))
    return data


def _rulebook_shaped(data: Any, game: str) -> bool:
    """Whether kept rulebook data has the shape `load` reads (a damaged or planted entry in the
    user cache is read again from the package instead)."""
    return (isinstance(data, dict) and data.get("game") == game and isinstance(data.get("title"), str)
            and isinstance(data.get("rules"), list)
            and all(isinstance(r, dict) and all(isinstance(r.get(k), str) for k in ("id", "title", "text"))
                    and isinstance(r.get("says") or {}, dict) for r in data["rules"])
            and isinstance(data.get("options") or {}, dict)
            and all(isinstance(o, dict) and o.get("type") in ("bool", "int", "choice")
                    and isinstance(o.get("text"), str) for o in (data.get("options") or {}).values()))


@cache
def load(game: str) -> Rulebook:
    """Load ``games/rulebooks/<game>.yaml`` once; a malformed rulebook is a bug, so it may raise."""
    data = rulebook_data(game)
    rules = {r["id"]: Rule(r["id"], r["title"], " ".join(r["text"].split()), _sentences(r)) for r in data["rules"]}
    options: dict[str, Option] = {}
    for name, spec in (data.get("options") or {}).items():
        options[name] = Option(
            name=name, kind=spec["type"], default=spec["default"], text=" ".join(spec["text"].split()),
            values=tuple(spec.get("values", ())), minimum=spec.get("min"), maximum=spec.get("max"),
            rule=spec.get("rule"), sets=spec.get("sets"))
        for implied in (spec.get("sets") or {}).values():
            assert all(other in data["options"] for other in implied), f"{game}: option {name} sets an unknown option"
        if options[name].rule is not None:
            assert options[name].rule in rules, f"{game}: option {name} cites unknown rule {options[name].rule}"
    return Rulebook(data["game"], data["title"], rules, options)


def _sentences(rule: Mapping[str, Any]) -> Mapping[str, str]:
    """A rule's `says`, each sentence's whitespace folded as the rule's text is, and checked to be
    a template (`str.format`'s syntax, named slots only): a malformed one is a bug, so it raises."""
    says = rule.get("says")
    if not says:
        return NOTHING_SAID
    sentences = {}
    for name, template in says.items():
        assert isinstance(template, str), f"{rule['id']}: says.{name} is not a sentence"
        slots = [slot for _, slot, _, _ in Formatter().parse(template) if slot is not None]
        assert all(slot.isidentifier() for slot in slots), f"{rule['id']}: says.{name} has an unnamed slot"
        sentences[name] = " ".join(template.split())
    return MappingProxyType(sentences)
