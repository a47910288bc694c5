"""Bytecodes per hand: ``python benchmarks/bytecodes.py [--game euchre] [--hands 90] [--seed 1] [--top 10]``.

Instruction counts (`instructions.py`) move by a few tenths of a percent when an allocation at
start-up shifts where the heap lies, as cards hash by identity; the bytecodes the interpreter runs
in referee's own code do not. So a change to the engine's hot path is weighed here: the game's
generator writes two seeded archives that differ by `--hands` hands, each is checked under a
trace that counts every bytecode run in referee's modules, and the difference over the hands is
printed, with the functions it is spent in (`--top`). Checking the archive is traced in this
process, so run it with the build to weigh on the path (``PYTHONPATH=<checkout>`` for another).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

from referee.cli import app
from referee.games import registry

Tracer = Callable[[FrameType, str, Any], Any]


def counted(path: Path) -> Counter[str]:
    """The bytecodes `referee check --format json path` runs in referee's modules, by function."""
    counts: Counter[str] = Counter()

    def enter(frame: FrameType, event: str, arg: Any) -> Tracer | None:
        code = frame.f_code
        if "referee" not in code.co_filename:
            return None
        frame.f_trace_opcodes = True
        where = f"{Path(code.co_filename).parent.name}/{Path(code.co_filename).name}:{code.co_name}"

        def step(frame: FrameType, event: str, arg: Any) -> Tracer:
            if event == "opcode":
                counts[where] += 1
            return step
        return step

    sys.settrace(enter)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
            app(["check", "--format", "json", str(path)])
    finally:
        sys.settrace(None)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="euchre", choices=sorted(registry()))
    parser.add_argument("--hands", type=int, default=90, help="hands between the two archives (a multiple of 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=10, help="the functions most of a hand's bytecodes run in")
    args = parser.parse_args()
    game, hands = registry()[args.game], args.hands - args.hands % 10 or 10
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in (10, 10 + hands):
            path = Path(tmp) / f"{size}.ttn"
            path.write_text("".join(game.random_game(random.Random(args.seed + i), 10)  # type: ignore[attr-defined]
                                    for i in range(size // 10)), "utf-8")
            counted(path)  # the first check fills the caches (rulebook, grammar, byte-compiled modules)
            runs.append(counted(path))
    small, large = runs
    a_hand = {where: (large[where] - small[where]) / hands for where in large}
    print(f"{args.game}: {sum(a_hand.values()):,.0f} bytecodes a hand (seed {args.seed}, {hands} hands)")
    for where, count in sorted(a_hand.items(), key=lambda item: -item[1])[:args.top]:
        print(f"  {count:10,.1f}  {where}")


if __name__ == "__main__":
    main()
