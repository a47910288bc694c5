"""``--rules``: house rules written inline (``"stick-the-dealer; target=11"``) or in a YAML file.

A club keeps its house rules in a file next to its transcripts::

    # thursday-club.yaml
    stick-the-dealer: true
    target: 11

The file is turned into the inline text the rulebooks already read, so there is one way of
applying and validating house rules, with the same messages for both spellings.
"""

from __future__ import annotations

import os

from .characters import quote_in_rules, quoted_rule
from .limits import MAX_RULES_DEPTH, MAX_RULES_FILE_BYTES, SHOWN_NAME, shown
from .safe import safe_text

YAML_SUFFIXES = (".yaml", ".yml")


class HouseRulesError(ValueError):
    """A house-rules file that cannot be used; the message names the file and says why."""


def is_rules_file(value: str) -> bool:
    """A value ending in .yaml/.yml is a file name; anything else is the inline text."""
    return value.lower().endswith(YAML_SUFFIXES)


def inline_rules(value: str | None) -> str | None:
    """The inline text of `value`: itself, or the contents of the YAML file it names."""
    if value is None or not is_rules_file(value):
        return value
    if not os.path.isfile(value):
        raise HouseRulesError(f"{value}: no such house-rules file — check the path, or write the rules inline")
    data = _read_yaml(value)
    if data is None:
        return ""
    if not isinstance(data, dict):
        raise HouseRulesError(f"{value}: a house-rules file is a list of 'option: value' lines, "
                              "e.g. 'stick-the-dealer: true'")
    parts: list[str] = []
    for name, setting in data.items():
        if not isinstance(name, str) or not isinstance(setting, (bool, int, str)) or any(
                c in f"{name}{setting}" for c in ";="):
            raise HouseRulesError(f"{value}: {shown(repr(name), SHOWN_NAME)}: {shown(repr(setting), SHOWN_NAME)} "
                                  "is not an 'option: value' line — "
                                  "values are true/false, a whole number or a word")
        text = str(setting).lower() if isinstance(setting, bool) else str(setting)
        written = f"{name}: {text}"
        if (quoted := quoted_rule(written)) is not None:
            raise HouseRulesError(_curly_quote(value, name, written[quoted[0]], quoted[1]))
        parts.append(f"{name}={text}")
    return "; ".join(parts)


def _curly_quote(path: str, name: str, quote: str, unquoted: str) -> str:
    """``club.yaml:3:9: '“' (...) is a curly quote ... — write 'target: 11'``, at the option's line."""
    with open(path, encoding="utf-8") as stream:  # read whole already: small, and UTF-8
        for number, line in enumerate(stream, 1):
            if line.lstrip().startswith(name) and quote in line:
                return f"{path}:{number}:{line.index(quote) + 1}: {quote_in_rules(quote)} — write '{unquoted}'"
    return f"{path}: {quote_in_rules(quote)} — write '{unquoted}'"  # its key in quotes


def _read_yaml(path: str) -> object:
    """The file's data, read with bounds: at most `MAX_RULES_FILE_BYTES`, no anchors or aliases
    (a "billion laughs" of a few hundred bytes expands to gigabytes), nesting at most
    `MAX_RULES_DEPTH` deep. The events are checked before anything is built, so a hostile file
    is refused in milliseconds; every error is a `HouseRulesError`."""
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_RULES_FILE_BYTES + 1)
    except OSError as error:
        raise HouseRulesError(f"{path}: cannot read the house rules: {error.strerror}") from None
    if len(raw) > MAX_RULES_FILE_BYTES:
        raise HouseRulesError(f"{path}: a house-rules file is a few 'option: value' lines; this one is larger "
                              f"than {MAX_RULES_FILE_BYTES // 1024} KB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise HouseRulesError(f"{path}: cannot read the house rules: this file is not UTF-8 text") from None
    import yaml  # here, not above: a tenth of start-up, and only a rules file needs it

    try:
        depth = 0
        options: set[str] = set()  # the top mapping's options so far: YAML would keep the last of two silently
        key_next, top = True, None
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
                raise HouseRulesError(f"{path}: anchors and aliases (& and *) are not allowed in a house-rules file "
                                      "— write each option out")
            if depth == 1 and isinstance(event, (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                if key_next and top is yaml.MappingStartEvent and isinstance(event, yaml.ScalarEvent):
                    if event.value in options:
                        raise HouseRulesError(f"{_where(path, event.start_mark)}: option {event.value!r} is given "
                                              "twice — write each option once")
                    options.add(event.value)
                key_next = not key_next
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                top = top or type(event)
                depth += 1
                if depth > MAX_RULES_DEPTH:
                    raise HouseRulesError(f"{path}: a house-rules file is a flat list of 'option: value' lines; "
                                          "this one nests deeper")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        return yaml.safe_load(text)
    except HouseRulesError:
        raise
    except yaml.YAMLError as error:
        raise HouseRulesError(_syntax_error(path, text, error)) from None
    except (ValueError, OverflowError, RecursionError, MemoryError) as error:  # e.g. a 5,000-digit number
        raise HouseRulesError(f"{path}: cannot read the house rules: a value cannot be used "
                              f"({type(error).__name__}) — values are true/false, a whole number or a word") from None


_LINE_FORM = "each line is 'option: value', e.g. 'stick-the-dealer: true' or 'target: 11'"
_SYNTAX = (  # PyYAML's words for the slips a club makes → ours, with a hint
    ("mapping values are not allowed", "a second ':' on the line",
     "write one 'option: value' to a line; quote a value that holds ':'"),
    ("could not find expected ':'", "a line without ':' after its option", _LINE_FORM),
    ("found character '\\t'", "a tab", "indent with spaces, or not at all: " + _LINE_FORM),
    ("end of stream", "the file ends inside a quoted value or a bracket", "close the quote or bracket on its line"),
    ("could not determine a constructor", "a YAML tag ('!...') is not a value",
     "values are true/false, a whole number or a word"),
    ("<stream end>", "the file ends inside a quoted value or a bracket", "close the quote or bracket on its line"),
)


def _where(path: str, mark: object) -> str:
    """``club.yaml:2:7``: where PyYAML's mark (0-based) points, as the transcripts' errors say it."""
    line, column = getattr(mark, "line", None), getattr(mark, "column", None)
    return f"{path}:{line + 1}:{column + 1}" if isinstance(line, int) and isinstance(column, int) else path


def _syntax_error(path: str, text: str, error: Exception) -> str:
    """A YAML syntax error as ``club.yaml:1:9: cannot read the house rules: what is wrong — hint``,
    not PyYAML's dump of the string it read. The mark is where the construct began (an open quote,
    the line without its ':') when PyYAML names one, else where it stopped."""
    position = getattr(error, "position", None)
    if isinstance(position, int):  # a character YAML refuses (a control character): PyYAML gives its offset
        line = text.count("\n", 0, position)
        char = text[position:position + 1]
        return (f"{path}:{line + 1}:{position - text.rfind(chr(10), 0, position)}: cannot read the house rules: "
                f"a control character (U+{ord(char or chr(0)):04X}) — delete it")
    problem = safe_text(str(getattr(error, "problem", None) or error)).replace("\n", " ")
    mark = getattr(error, "context_mark", None) or getattr(error, "problem_mark", None)
    what, hint = problem, _LINE_FORM
    for found, said, told in _SYNTAX:
        if found in problem:
            what, hint = said, told
            break
    return f"{_where(path, mark)}: cannot read the house rules: {what} — {hint}"
