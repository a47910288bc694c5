"""Where the time goes: ``python benchmarks/hotspots.py [--hands N] [--game euchre]``.

Generates a seeded archive with the game's own generator, checks it under cProfile with the
streaming JSON writer (output discarded) and prints the split between parsing and the rest,
then the functions that cost the most. docs/performance.md quotes it.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import tempfile
import time
from pathlib import Path

from referee.check import check_files
from referee.games import registry
from referee.notation.reader import read_transcript
from referee.output.render import JsonWriter


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--game", default="euchre", choices=sorted(registry()))
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    game = registry()[args.game]
    text = "".join(game.random_game(random.Random(i), 10) for i in range(args.hands // 10))  # type: ignore[attr-defined]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{args.game}.ttn"
        path.write_text(text, "utf-8")
        data = path.read_bytes()
        started = time.perf_counter()
        for _ in read_transcript(io.BytesIO(data)):
            pass
        parsing = time.perf_counter() - started
        with open(os.devnull, "w") as out:
            started = time.perf_counter()
            check_files([str(path)], JsonWriter(out))
            total = time.perf_counter() - started
            print(f"{args.hands} {args.game} hands: {total:.2f} s in all, parsing {parsing:.2f} s "
                  f"({100 * parsing / total:.0f}%), replay, verdict and JSON {total - parsing:.2f} s")
            profile = cProfile.Profile()
            profile.runcall(check_files, [str(path)], JsonWriter(out))
    pstats.Stats(profile).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
