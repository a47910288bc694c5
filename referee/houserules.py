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
    import yaml  # here, not above: a tenth of start-up, and only a rules file needs it

    try:
        with open(value, encoding="utf-8") as stream:
            data = yaml.safe_load(stream)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise HouseRulesError(f"{value}: cannot read the house rules: {error}".replace("\n", " ")) from None
    if data is None:
        return ""
    if not isinstance(data, dict):
        raise HouseRulesError(f"{value}: a house-rules file is a list of 'option: value' lines, "
                              "e.g. 'stick-the-dealer: true'")
    parts: list[str] = []
    for name, setting in data.items():
        if not isinstance(name, str) or not isinstance(setting, (bool, int, str)) or any(
                c in f"{name}{setting}" for c in ";="):
            raise HouseRulesError(f"{value}: {name!r}: {setting!r} is not an 'option: value' line — "
                                  "values are true/false, a whole number or a word")
        text = str(setting).lower() if isinstance(setting, bool) else str(setting)
        parts.append(f"{name}={text}")
    return "; ".join(parts)
