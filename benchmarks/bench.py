"""Benchmark: ``python benchmarks/bench.py [--hands N] [--seed S] [--jobs J]``.

Generates seeded archives with the project's own generators (every game that has one), runs
``referee check --format json`` on each as a whole process and prints hands/s, events/s (an
event = a bid, a discard, an alone or a play) and peak memory. In the same run it measures the
nearest peers when their packages are installed (``pip install -e '.[bench]'``):

- python-chess: ``chess.pgn.read_game`` on a seeded PGN of random legal games (moves/s), the
  closest pure-Python "parse a record and check each move" tool;
- OpenSpiel's euchre replaying a euchre archive it dealt and played itself, with a legality
  check per action (hands/s); referee checks the same hands, written one game per hand.

It prints the ratios the project's targets are stated in, and time and peak memory for a euchre
archive ten times larger, checked by one process and by ``--jobs J``.
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from referee.games import registry  # noqa: E402
from referee.notation import events as ev  # noqa: E402
from referee.notation.reader import parse_line  # noqa: E402

COUNTED = (ev.Play, ev.Pass, ev.Order, ev.Bid, ev.Discard, ev.Alone, ev.NameSuit, ev.Sell, ev.Refuse,
           ev.Pitch, ev.Demand, ev.Accept, ev.Keep)


def count_events(text: str) -> int:
    total = 0
    for number, line in enumerate(text.splitlines(), 1):
        record = parse_line(line, number)
        if isinstance(record, ev.EventLine):
            total += sum(isinstance(e, COUNTED) for e in record.events)
    return total


MEASURE = """
import resource, subprocess, sys, time
started = time.perf_counter()
status = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL)
seconds = time.perf_counter() - started
print(seconds, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, status)
"""


def timed(argv: list[str]) -> tuple[float, float, int]:
    """Run a whole process: (seconds, peak resident MiB, exit status).

    The run goes through a fresh intermediate process whose only child it is, so the peak
    memory reported for its children is this run's alone.
    """
    out = subprocess.run([sys.executable, "-c", MEASURE, *argv], capture_output=True, text=True, check=True)
    seconds, peak_kib, status = out.stdout.split()
    return float(seconds), int(peak_kib) / 1024, int(status)


def referee(path: Path, jobs: int) -> tuple[float, float]:
    argv = [sys.executable, "-m", "referee", "check", "--format", "json", str(path)]
    if jobs > 1:
        argv += ["--jobs", str(jobs)]
    seconds, peak, status = timed(argv)
    if status == 2:
        raise SystemExit(f"referee could not read {path}")
    return seconds, peak


def start_up(directory: Path, text: str) -> float:
    """Seconds for a whole `referee check` of the archive's first game: start-up, in effect."""
    end = text.find("\n[", text.find("\nhand "))
    first_game = text if end == -1 else text[:end + 1]
    path = directory / "first-game.ttn"
    path.write_text(first_game, "utf-8")
    return min(referee(path, 1)[0] for _ in range(3))


def openspiel_archive(hands: int, seed: int) -> tuple[str, list[list[int]]] | None:
    """Euchre hands dealt and played by OpenSpiel, one game each, with OpenSpiel's action
    histories, so that both tools replay the same hands; None when OpenSpiel is not installed."""
    try:
        from openspiel_euchre import random_replays
    except ImportError:
        return None
    replays = random_replays(seed, hands)
    return "\n".join(text for text, _ in replays), [history for _, history in replays]


def bench_openspiel(histories: list[list[int]]) -> float:
    """Hands/s for OpenSpiel replaying each hand, checking every action is legal first."""
    import pyspiel

    game = pyspiel.load_game("euchre", {"allow_lone_defender": False, "stick_the_dealer": True})
    started = time.perf_counter()
    for history in histories:
        state = game.new_initial_state()
        for action in history:
            legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            if action not in legal:
                raise AssertionError("OpenSpiel refused its own hand")
            state.apply_action(action)
    return len(histories) / (time.perf_counter() - started)


CHESS_DRIVER = """
import sys, chess.pgn
moves = 0
with open(sys.argv[1]) as f:
    while (game := chess.pgn.read_game(f)) is not None:
        moves += sum(1 for _ in game.mainline_moves())
print(moves)
"""


def chess_pgn(games: int, seed: int, directory: Path) -> Path | None:
    """A seeded PGN of random legal games, or None when python-chess is not installed."""
    try:
        import chess
        import chess.pgn
    except ImportError:
        return None
    rng = random.Random(seed)
    records = []
    for _ in range(games):
        board, game = chess.Board(), chess.pgn.Game()
        node = game
        for _ in range(rng.randint(40, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            node = node.add_variation(move)
            board.push(move)
        records.append(str(game))
    path = directory / "games.pgn"
    path.write_text("\n\n".join(records) + "\n", "utf-8")
    return path


def bench_chess(path: Path) -> tuple[float, int]:
    """Moves/s for python-chess reading the PGN as a whole process, and the number of moves."""
    started = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", CHESS_DRIVER, str(path)], capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    moves = int(out.stdout)
    return moves / seconds, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="also measure referee check --jobs J (0: skip)")
    parser.add_argument("--scale", action="store_true", help="check a ten times larger archive (also done for --jobs)")
    args = parser.parse_args()
    # Measure the package as installed: byte-compiled, as pip leaves a regular install. An
    # editable checkout compiles on first import, unless PYTHONDONTWRITEBYTECODE forbids it,
    # and then every run would compile referee's modules again (about 0.1 s).
    compileall.compile_dir(str(Path(ev.__file__).parent), quiet=1)

    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        print(f"referee benchmark: {args.hands} hands per game, seed {args.seed}, {os.cpu_count()} cores")

        def measure(label: str, text: str) -> None:
            """Check `text` as a whole process and print hands/s, events/s and peak memory."""
            path = directory / "archive.ttn"
            path.write_text(text, "utf-8")
            hands = text.count("\nhand ") + text.startswith("hand ")
            events = count_events(text)
            seconds, peak = referee(path, 1)
            startup = start_up(directory, text)
            print(f"  {label:14} {hands / seconds:9.0f} hands/s {events / seconds:9.0f} events/s "
                  f"peak {peak:6.1f} MiB  ({hands} hands, {events} events, {seconds:.2f} s, "
                  f"{1000 * (seconds - startup) / hands:.3f} ms a hand after {startup:.2f} s of start-up)")

        euchre_text = ""
        for name, game in sorted(registry().items()):
            if not hasattr(game, "random_game"):
                continue
            text = "".join(game.random_game(random.Random(args.seed + i), 10) for i in range(args.hands // 10))
            measure(name, text)
            if name == "euchre":
                euchre_text = text
                if args.scale or args.jobs > 1:
                    scale(directory, text, args.jobs)

        openspiel = openspiel_archive(args.hands, args.seed)
        if openspiel is not None:
            print("  euchre as OpenSpiel plays it: the same hands for both tools, each hand a game of its own")
            measure("euchre-1/game", openspiel[0])

        # Each ratio alternates the two whole-process runs three times and keeps each one's
        # best, so that a change in the machine's speed during the run weighs on both alike.
        print("  ratios, best of three alternating runs:")
        # about as many moves as the euchre archive has events, so both runs amortise start-up alike
        pgn = chess_pgn(max(50, args.hands // 3), args.seed, directory)
        if pgn is None:
            print("  python-chess not installed: pip install -e '.[bench]'")
        elif euchre_text:
            ours, theirs = best_of_three(directory, euchre_text, lambda: bench_chess(pgn)[0])
            events = count_events(euchre_text)
            print(f"  python-chess   {theirs:9.0f} moves/s; referee euchre {events * ours:9.0f} events/s")
            print(f"  ratio: referee events/s / python-chess moves/s = {events * ours / theirs:.2f} (target >= 2)")
        if openspiel is None:
            print("  OpenSpiel not installed: pip install -e '.[bench]'")
        else:
            text, histories = openspiel
            ours, theirs = best_of_three(directory, text, lambda: bench_openspiel(histories))
            hands = len(histories)
            print(f"  OpenSpiel      {theirs:9.0f} hands/s (strict replay); referee {hands * ours:9.0f} hands/s "
                  "on the same hands")
            print(f"  ratio: referee hands/s / OpenSpiel hands/s = {hands * ours / theirs:.2f} (target >= 0.25)")


def best_of_three(directory: Path, text: str, peer: Callable[[], float]) -> tuple[float, float]:
    """(referee's best archives/s on `text`, the peer's best rate), from alternating runs."""
    path = directory / "ratio.ttn"
    path.write_text(text, "utf-8")
    ours = theirs = 0.0
    for _ in range(3):
        ours = max(ours, 1 / referee(path, 1)[0])
        theirs = max(theirs, peer())
    return ours, theirs


def scale(directory: Path, text: str, jobs: int) -> None:
    """Time and peak memory for an archive ten times larger, by one process and by `jobs`
    (for the speed-up, the two alternate three times and each keeps its best)."""
    small, big = directory / "scale-x1.ttn", directory / "scale-x10.ttn"
    small.write_text(text, "utf-8")
    big.write_text(text * 10, "utf-8")
    seconds, peak = referee(small, 1)
    big_seconds, big_peak = referee(big, 1)
    hands = 10 * text.count("\nhand ")
    print(f"  {'x10 archive':14} {big_seconds / seconds:.1f}x the time, peak {big_peak:.1f} MiB (x1: {peak:.1f} MiB)")
    if jobs > 1:
        parallel = referee(big, jobs)[0]
        for _ in range(2):
            big_seconds = min(big_seconds, referee(big, 1)[0])
            parallel = min(parallel, referee(big, jobs)[0])
        print(f"  {'x10, --jobs ' + str(jobs):14} {hands / parallel:9.0f} hands/s "
              f"({big_seconds / parallel:.2f}x the single process, best of three alternating runs)")


if __name__ == "__main__":
    main()
