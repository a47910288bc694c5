"""The desk's answer time: ``python benchmarks/desk.py [--runs N] [--seed S] [--hands H]``.

Issue #17 asks that checking a ten-hand game answer within 150 ms. This starts a real
``referee serve`` (as the browser tests do), warms it up, then posts a seeded ten-hand game of
every game that has a generator to ``/api/check`` (what the editor's markers come from) and to
``/api/view`` (the table view and the settle buttons, which the page asks for after each check),
`--runs` times each, and prints the median and the slowest run in milliseconds, with the
machine's load average: on a shared machine the load says how much the numbers mean.

Each game is timed twice: ten random hands played out, and nine random hands followed by a
case of `cases/` that stops at a dispute (`DISPUTES`), the desk's own situation, where the view
also works out the line that answers each option.

It measures wall time as the page sees it (the request, the check, the JSON), from this process.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from desk_server import Desk

from referee.games import registry

ROUTES = ("api/check", "api/view")
CASES = Path(__file__).resolve().parent.parent / "cases"
DISPUTES = {"euchre": "lead-out-of-turn-dispute", "auction-pitch": "out-of-turn-lead-dispute",
            "boston": "lead-out-of-turn-pending", "french-boston": "lead-out-of-turn-pending"}
"""Per game, a case whose one hand stops at a dispute, written with the generator's seat names."""


def ending_in_dispute(game: Any, name: str, hands: int, seed: int) -> str:
    """`hands` - 1 random hands, then the dispute case's hand as the last: the first seed whose
    game has the case's players and whose last hand the case's dealer deals (rotation kept)."""
    case = (CASES / name / f"{DISPUTES[name]}.ttn").read_text("utf-8")
    players = re.search(r'^\[Players "[^"]*"\]', case, re.M)
    first = re.search(r"^hand 1 dealer (\S+).*$", case, re.M)
    assert players is not None and first is not None
    for attempt in range(seed, seed + 10_000):
        text = game.random_game(random.Random(attempt), hands)
        last = list(re.finditer(r"^hand (\d+) dealer (\S+)$", text, re.M))[-1]
        if players.group(0) in text and last.group(2) == first.group(1) and "bid-to-board" not in text:
            return text[:last.start()] + f"hand {last.group(1)} dealer {last.group(2)}" + case[first.end():]
    raise AssertionError(f"no seed gives {name} a game that {DISPUTES[name]} can end")


def timings(desk: Desk, route: str, text: str, runs: int) -> list[float]:
    """Milliseconds of `runs` requests of `text` to `route`, after two unmeasured ones."""
    for _ in range(2):
        desk.request(route, text)
    out = []
    for _ in range(runs):
        started = time.perf_counter()
        answer = desk.request(route, text)
        out.append(1000 * (time.perf_counter() - started))
        assert answer.status == 200, answer.text()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--hands", type=int, default=10)
    args = parser.parse_args()
    desk = Desk()
    try:
        print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        for name, game in sorted(registry().items()):
            if not hasattr(game, "random_game"):
                continue
            played = game.random_game(random.Random(args.seed), args.hands)
            for kind, text in (("played", played), ("dispute", ending_in_dispute(game, name, args.hands, args.seed))):
                for route in ROUTES:
                    ms = timings(desk, route, text, args.runs)
                    print(f"  {name:14} {kind:8} {route:9} median {statistics.median(ms):6.1f} ms   "
                          f"slowest {max(ms):6.1f} ms   ({args.runs} runs, {len(text.splitlines())} lines)")
        print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        desk.stop()


if __name__ == "__main__":
    main()
