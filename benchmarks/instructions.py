"""Instructions per hand, by cachegrind: ``python benchmarks/instructions.py [--hands N] [--build NAME=PYTHON]...``.

Clock figures on a shared machine drift by a third; instruction counts do not, so this is the
measure the project's speed targets are stated in. For each build (an interpreter with referee
installed: the pure one by default, ``--build compiled=.venv-compiled/bin/python`` for the
mypyc build) and each game with a generator, it runs ``referee check --format json`` under
``valgrind --tool=cachegrind`` on two seeded archives (ten hands a game, as the benchmark's)
that differ by N hands, and prints the difference over N: the cost of a hand once started.
Start-up is the whole run of a one-hand check (``cases/euchre/revoke-established.ttn``) beside
``python -c pass``.

The peers are measured the same way when installed (``pip install -e '.[bench]'``): python-chess
reading a PGN of random legal games (instructions a move, against referee's a euchre event: a
bid, a discard, an alone or a play) and OpenSpiel replaying euchre hands it dealt and played
itself, checking every action is legal first (instructions a hand). A ratio above 1 means
referee does the work in fewer instructions.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from bench import CHESS_DRIVER, chess_pgn, count_events  # noqa: E402

from referee.games import registry  # noqa: E402

START_UP_CASE = HERE.parent / "cases" / "euchre" / "revoke-established.ttn"

OPENSPIEL_DRIVER = """
import json, sys, pyspiel
game = pyspiel.load_game("euchre", {"allow_lone_defender": False, "stick_the_dealer": True})
for history in json.load(open(sys.argv[1])):
    state = game.new_initial_state()
    for action in history:
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        if action not in legal:
            raise SystemExit("OpenSpiel refused its own hand")
        state.apply_action(action)
"""


FIXED_ADDRESSES = ["setarch", platform.machine(), "-R"] if shutil.which("setarch") else []
"""Address randomisation off: cards hash by identity, so where the heap starts moves every set's and
dict's collisions, and with them a hand's count by up to 0.5% from one run of the same build to the
next; with fixed addresses repeated runs agree to the instruction (an allocation more at start-up
still moves them, so compare builds by `bytecodes.py` too)."""


def instructions(argv: list[str], env: dict[str, str] | None = None) -> int:
    """The instructions a whole process runs (cachegrind's ``I refs``), run from the system's
    temporary folder: from the checkout, ``python -m referee`` would import its sources rather
    than the build installed in that interpreter's environment."""
    out = subprocess.run([*FIXED_ADDRESSES, "valgrind", "--tool=cachegrind", "--cache-sim=no",
                          "--cachegrind-out-file=/dev/null", *argv],
                         capture_output=True, text=True, env=env, cwd=tempfile.gettempdir())
    found = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if found is None:
        raise SystemExit(f"cachegrind gave no count for {argv}:\n{out.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def archive(game: object, hands: int, seed: int) -> str:
    """`hands` random lawful hands of `game`, ten a game, as the benchmark writes them."""
    return "".join(game.random_game(random.Random(seed + i), 10) for i in range(hands // 10))  # type: ignore[attr-defined]


COLLECTOR_OFF = ("-c", "import gc, runpy, sys; gc.disable(); sys.argv[0] = 'referee'; "
                 "runpy.run_module('referee', run_name='__main__', alter_sys=True)")
"""``python -m referee`` with the cyclic garbage collector off (`--collector-off`)."""


def per_hand(python: str, text_small: str, text_large: str, hands: int, directory: Path,
             env: dict[str, str], run: tuple[str, ...] = ("-m", "referee")) -> float:
    """Instructions a hand: the two archives' difference over the `hands` between them, each
    checked by ``python *run``."""
    counts = []
    for name, text in (("small", text_small), ("large", text_large)):
        path = directory / f"{name}.ttn"
        path.write_text(text, "utf-8")
        if name == "small":  # the game's rulebook into the user cache, its modules byte-compiled
            subprocess.run([python, "-m", "referee", "check", str(path)], capture_output=True, env=env,
                           cwd=tempfile.gettempdir())
        counts.append(instructions([python, *run, "check", "--format", "json", str(path)], env))
    return (counts[1] - counts[0]) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200, help="hands between the two archives (a multiple of 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--build", action="append", default=[], metavar="NAME=PYTHON",
                        help="an interpreter with referee installed (default: pure=this one)")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--no-peers", action="store_true", help="leave out python-chess and OpenSpiel")
    parser.add_argument("--collector-off", action="store_true",
                        help="check the archives with the cyclic garbage collector off: a collection's "
                             "cost lands on whichever hands it falls in, moving a hand's figure by up to "
                             "1%% pure and 10%% compiled at 100 hands from one change to the next")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind): instruction counts need cachegrind")
    builds = [b.split("=", 1) for b in args.build] or [["pure", sys.executable]]
    hands = args.hands - args.hands % 10 or 10

    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        # a private, warm user cache, and the same string hashes on every run
        env = {**os.environ, "XDG_CACHE_HOME": str(directory / "cache"), "PYTHONHASHSEED": "0"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        games = {name: game for name, game in sorted(registry().items())
                 if hasattr(game, "random_game") and (not args.game or name in args.game)}
        texts = {name: (archive(game, 10, args.seed), archive(game, 10 + hands, args.seed))
                 for name, game in games.items()}
        events = {name: count_events(large) - count_events(small) for name, (small, large) in texts.items()}
        results: dict[str, dict[str, float]] = {}
        for build, python in builds:
            # fills the user cache, and byte-compiles an editable checkout
            subprocess.run([python, "-m", "referee", "check", str(START_UP_CASE)], capture_output=True, env=env,
                           cwd=tempfile.gettempdir())
            row = {"pass": instructions([python, "-c", "pass"], env),
                   "start-up": instructions([python, "-m", "referee", "check", str(START_UP_CASE)], env)}
            for name, (small, large) in texts.items():
                row[name] = per_hand(python, small, large, hands, directory, env,
                                     COLLECTOR_OFF if args.collector_off else ("-m", "referee"))
            results[build] = row
            print(f"{build}: start-up {row['start-up'] / 1e6:.0f} M instructions (python -c pass: "
                  f"{row['pass'] / 1e6:.0f} M); a hand, by game: "
                  + ", ".join(f"{name} {row[name] / 1e6:.3f} M" for name in texts), flush=True)

        chess_move = openspiel_hand = None
        if not args.no_peers:
            chess_move = chess_per_move(directory, args.seed, env)
            openspiel_hand = openspiel_per_hand(directory, args.seed, hands, env)
        print()
        print(f"| build | start-up | {' | '.join(texts)} | euchre / python-chess | euchre / OpenSpiel |")
        print("|---" * (len(texts) + 4) + "|")
        for build, row in results.items():
            euchre = row.get("euchre", 0)
            chess = (f"{chess_move / (euchre / (events['euchre'] / hands)):.2f}x"
                     if chess_move and euchre else "-")
            spiel = f"{openspiel_hand / euchre:.2f}x" if openspiel_hand and euchre else "-"
            print(f"| {build} | {row['start-up'] / 1e6:.0f} M | "
                  + " | ".join(f"{row[name] / 1e6:.3f} M" for name in texts) + f" | {chess} | {spiel} |")
        if "euchre" not in events:
            return
        print(f"\neuchre: {events['euchre'] / hands:.1f} events a hand; python-chess: "
              + (f"{chess_move:,.0f} instructions a move" if chess_move else "not installed")
              + "; OpenSpiel: " + (f"{openspiel_hand:,.0f} instructions a hand" if openspiel_hand else "not installed"))


def chess_per_move(directory: Path, seed: int, env: dict[str, str]) -> float | None:
    """python-chess's instructions a move read (two PGNs' difference over their moves), or None."""
    counts, moves = [], []
    for games in (20, 220):
        path = chess_pgn(games, seed, directory)
        if path is None:
            return None
        counted = subprocess.run([sys.executable, "-c", CHESS_DRIVER, str(path)], capture_output=True, text=True,
                                 check=True, env=env)
        moves.append(int(counted.stdout))
        counts.append(instructions([sys.executable, "-c", CHESS_DRIVER, str(path)], env))
    return (counts[1] - counts[0]) / (moves[1] - moves[0])


def openspiel_per_hand(directory: Path, seed: int, hands: int, env: dict[str, str]) -> float | None:
    """OpenSpiel's instructions a hand replayed strictly (two runs' difference over the hands), or None."""
    try:
        from openspiel_euchre import random_replays
    except ImportError:
        return None
    import json

    counts = []
    for count in (10, 10 + hands):
        path = directory / f"histories-{count}.json"
        path.write_text(json.dumps([history for _, history in random_replays(seed, count)]), "utf-8")
        counts.append(instructions([sys.executable, "-c", OPENSPIEL_DRIVER, str(path)], env))
    return (counts[1] - counts[0]) / hands


if __name__ == "__main__":
    main()
