"""The desk's calls into the library: check, view, settle, report — text in, text or data out.

Nothing here touches the file system or the network, so the web layer stays a thin shell
around it and the tests can call it directly. The library keeps no state between calls and
shares nothing mutable between threads, so requests are served side by side.
"""

from __future__ import annotations

import io
from typing import Any

from ..check import Checker, Collector
from ..notation.houserules import is_rules_file
from ..output.render import JsonWriter
from ..output.story import story_of_text
from .lasthand import SessionKeeper, last_hand_line
from .settle import payments, settle
from .view import view_of_story

STDIN = "-"
"""`referee check --format json -` names the text it read from standard input ``-``; so does the API."""


class RulesParameterError(ValueError):
    """House rules the browser may not send (a file name: only ``--rules`` at start reads files)."""


def query_rules(value: str | None, default: str | None) -> str | None:
    """The house rules of a request: its ``rules`` parameter, else the desk's ``--rules``."""
    if value is None:
        return default
    if is_rules_file(value):
        raise RulesParameterError(f"rules={value!r}: write house rules inline (e.g. \"stick-the-dealer; target=11\"); "
                                  "a rules file is read only by --rules when the desk starts")
    return value


def check_json(body: bytes, rules: str | None) -> tuple[str, int]:
    """Exactly what ``referee check --format json -`` prints for `body` on standard input, and its exit status."""
    out = io.StringIO()
    checker = Checker(JsonWriter(out), rules)
    checker.summary.files += 1
    checker.sink.begin_file(STDIN)
    checker.check_stream(io.BytesIO(body))
    checker.sink.end_file()
    summary = checker.finish()
    return out.getvalue(), summary.exit_code


def desk_view(text: str, rules: str | None, selected: tuple[int, int] | None = None) -> dict[str, Any]:
    """The table view of the `selected` hand (game and hand index; else the last), and the choices
    of the last hand with their answering lines."""
    keepers: list[SessionKeeper] = []

    def keeper(sink: Collector, rules: str | None) -> SessionKeeper:
        keepers.append(SessionKeeper(sink, rules, last_hand_line(text)))
        return keepers[-1]

    story = story_of_text(text, rules, STDIN, keeper)
    view = view_of_story(story, selected)
    if view["selected"] is not None:  # the chosen hand's ledger, one line per payment
        g, h = view["selected"]
        view["games"][g]["hands"][h]["payments"] = payments(story.games[g].hands[h].verdict)
    view["settle"] = settle(story, text, rules, keepers[-1] if keepers else None)
    return view


def report_text(text: str, rules: str | None, form: str, name: str) -> tuple[str, int]:
    """``referee report`` of `text` as `form` (markdown or html), titled with the file `name`."""
    from ..output.report import report

    story = story_of_text(text, rules, name)
    return report(story, form), story.exit_code
