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
from ..notation.limits import SHOWN_NAME, shown
from ..output.render import JsonWriter
from ..output.story import story_of_text
from .lasthand import SessionKeeper, last_hand_line
from .settle import payments, settle
from .view import view_of_story
from .work import WatchedChecker, WatchedKeeper, Work

STDIN = "-"
"""`referee check --format json -` names the text it read from standard input ``-``; so does the API."""


class RulesParameterError(ValueError):
    """House rules the browser may not send (a file name: only ``--rules`` at start reads files)."""


def query_rules(value: str | None, default: str | None) -> str | None:
    """The house rules of a request: its ``rules`` parameter, else the desk's ``--rules``."""
    if value is None:
        return default
    if is_rules_file(value):
        raise RulesParameterError(f"rules={shown(value, SHOWN_NAME)!r}: write house rules inline "
                                  "(e.g. \"stick-the-dealer; target=11\"); "
                                  "a rules file is read only by --rules when the desk starts")
    return value


def check_json(body: bytes, rules: str | None, work: Work | None = None) -> tuple[str, int]:
    """Exactly what ``referee check --format json -`` prints for `body` on standard input, and its
    exit status. Every function here stops (`work.Stopped`) when its request's `work` says so."""
    out = io.StringIO()
    checker = WatchedChecker(JsonWriter(out), rules)
    checker.work = work
    checker.summary.files += 1
    checker.sink.begin_file(STDIN)
    checker.check_stream(io.BytesIO(body))
    checker.sink.end_file()
    summary = checker.finish()
    return out.getvalue(), summary.exit_code


def desk_view(text: str, rules: str | None, selected: tuple[int, int] | None = None,
              work: Work | None = None) -> dict[str, Any]:
    """The table view of the `selected` hand (game and hand index; else the last), and the choices
    of the last hand with their answering lines."""
    keepers: list[SessionKeeper] = []

    def keeper(sink: Collector, rules: str | None) -> SessionKeeper:
        kept = WatchedKeeper(sink, rules, last_hand_line(text))
        kept.work = work
        keepers.append(kept)
        return kept

    story = story_of_text(text, rules, STDIN, keeper)
    view = view_of_story(story, selected)
    if view["selected"] is not None:  # the chosen hand's ledger, one line per payment
        g, h = view["selected"]
        view["games"][g]["hands"][h]["payments"] = payments(story.games[g].hands[h].verdict)
    view["settle"] = settle(story, text, rules, keepers[-1] if keepers else None, work)
    return view


def report_text(text: str, rules: str | None, form: str, name: str, work: Work | None = None) -> tuple[str, int]:
    """``referee report`` of `text` as `form` (markdown or html), titled with the file `name`."""
    from ..output.report import report

    def checker(sink: Collector, rules: str | None) -> Checker:
        watched = WatchedChecker(sink, rules)
        watched.work = work
        return watched

    story = story_of_text(text, rules, name, checker)
    return report(story, form), story.exit_code
